"""cardwar's PettingZoo and Gymnasium environments under the peers' own checks:
PettingZoo's ``api_test``, ``seed_test``, ``render_test`` and ``parallel_api_test``, and
Gymnasium's ``check_env``, on every variant under several option sets; then what those
checks do not look at: rewards are the game's returns, seeds reproduce cardwar's games,
General's War's squads go card by card, and the learner's opponents are cardwar's agents.

PettingZoo's ``bombardment_test`` is left out: it crashes on any dict observation (its
own tic-tac-toe's too), a known bug of the peer. ``api_test`` advises a Box observation
space for environments not on its own list: a dict of the observation and the action
mask is the form of PettingZoo's own card and board games, so that advice is filtered.
"""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

from cardwar import agents, caravan, generals
from cardwar._table import game_seed
from cardwar.core import IllegalActionError
from cardwar.encoding import step_index
from cardwar.errors import SeatError
from cardwar.gymnasium import CardwarEnv, register_envs
from cardwar.pettingzoo import env, parallel_env, raw_env
from cardwar.variants import variant_names

CUSTOM_DECK = " ".join(str(c) for c in caravan.deck()[:32])

#: Each variant under its defaults, and the option sets the issue names.
CASES: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in variant_names()),
    ("war", {"players": 3, "max_battles": 200}),
    ("peace", {"players": 4}),
    ("generals", {"players": 4}),  # the duel played on for places
    ("generals", {"players": 4, "four_player": "partnership"}),
    ("generals", {"squad_size": "one_to_three"}),
    ("cold-war", {"players": 4}),
    ("caravan", {"deck_0": CUSTOM_DECK, "deck_1": CUSTOM_DECK, "face_limit": 3}),
]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    name, opts = case
    return name + "".join(f"-{k}" for k in opts)


#: api_test's advice against dict observations (see the module's docstring).
dict_advice = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
)


@dict_advice
@pytest.mark.parametrize("case", CASES, ids=_id)
def test_pettingzoo_api_seed_and_render_tests(case: tuple[str, dict[str, Any]]) -> None:
    name, opts = case
    api_test(env(name, **opts), num_cycles=400)
    seed_test(functools.partial(env, name, **opts), num_cycles=200)
    render_test(functools.partial(env, name, **opts))


@dict_advice
@pytest.mark.parametrize("name", ["war", "peace", "arneson"])
def test_pettingzoo_parallel_api_test(name: str) -> None:
    parallel_api_test(parallel_env(name), num_cycles=400)


def test_parallel_env_only_where_choices_are_simultaneous() -> None:
    for name in ("caravan", "cold-war", "generals"):
        with pytest.raises(ValueError, match="takes turns"):
            parallel_env(name)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_gymnasium_check_env(case: tuple[str, dict[str, Any]]) -> None:
    name, opts = case
    for seat in (0, 1):
        # Made through gymnasium.make, as check_env asks, so that it checks every render
        # mode too.
        made = gymnasium.make(f"cardwar/{name}-v0", seat=seat, opponents="random", **opts)
        check_env(made.unwrapped)


def _play_aec(game: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    game.reset(seed=seed)
    rnd = np.random.default_rng(seed)
    ids: list[int] = []
    rewards: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        rewards[agent] = reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        ids.append(int(rnd.choice(legal)))
        game.step(ids[-1])
    return ids, rewards


@pytest.mark.parametrize("name", ["caravan", "generals", "cold-war", "war"])
def test_aec_games_are_cardwar_games(name: str) -> None:
    game = raw_env(name)
    ids, rewards = _play_aec(game, 7)
    # The same ids through the library give the same game, and the rewards are its
    # returns.
    table = game.table
    found = table.game
    state = found.new_game(7, table.options)
    partial: tuple[int, ...] = ()
    for i in ids:
        state, partial = step_index(found, state, partial, i)
    assert state == table.state
    returns = found.returns(state)
    assert rewards == {f"seat_{s}": returns[s] for s in range(len(returns))}
    result = found.outcome(state)
    assert result is not None
    assert sum(abs(r) for r in rewards.values()) == (0 if result.is_draw else len(returns))


def test_generals_squads_are_picked_card_by_card_in_the_env() -> None:
    game = raw_env("generals")
    game.reset(seed=3)
    while True:
        observation, *_ = game.last()
        legal = np.flatnonzero(observation["action_mask"])
        if legal.min() >= generals.encoding.PICK:
            break
        game.step(int(legal[0]))
    agent = game.agent_selection
    size = generals.observation_shape(game.table.options)[0]
    first = int(legal[0])
    game.step(first)
    assert game.agent_selection == agent  # the same seat picks its next card
    observation, *_ = game.last()
    picked = observation["observation"][size:]
    assert np.flatnonzero(picked).tolist() == [first - generals.encoding.PICK]
    assert first not in np.flatnonzero(observation["action_mask"])
    other = game.possible_agents[1 - game.possible_agents.index(agent)]
    assert not game.observe(other)["observation"][size:].any()  # the picks are secret


def test_seeds_of_any_size() -> None:
    game = raw_env("war")
    for seed in (0, 2**64 - 1, 2**64, 10**40, -5, np.int64(9)):
        game.reset(seed=seed)
        assert game.table.seed == game_seed(seed)
    game.reset(seed=7)
    assert game.table.state == game.table.game.new_game(7, game.table.options)
    first = game.table.state
    game.reset()
    assert game.table.state != first  # the next game of seed 7's sequence
    again = raw_env("war")
    again.reset(seed=7)
    again.reset()
    assert again.table.state == game.table.state
    with pytest.raises(TypeError):
        game_seed(1.5)
    with pytest.raises(TypeError):
        game_seed(True)


def test_gymnasium_learner_against_cardwar_agents() -> None:
    learner = CardwarEnv("caravan", seat=1, opponents="heuristic")
    _, info = learner.reset(seed=11)
    assert learner.table.game.to_act(learner.table.state) == 1
    total, steps, done = 0.0, 0, False
    rnd = np.random.default_rng(0)
    while not done:
        action = int(rnd.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = learner.step(action)
        total += float(reward)
        steps += 1
        done = terminated or truncated
    assert total == caravan.returns(learner.table.state)[1]
    with pytest.raises(gymnasium.error.ResetNeeded):
        learner.step(0)
    # The opponents are cardwar's heuristic, seeded from the game's seed: same seed, same
    # game.
    assert isinstance(learner._agents[0], type(agents.heuristic("caravan", 0)))


def test_gymnasium_learner_against_the_search_agents() -> None:
    # opponents="search": the variant's search agent in every other seat (Cold War: two).
    from cardwar.variants.cold_war import ColdWarSearch

    learner = CardwarEnv("cold-war", seat=2, opponents="search")
    _, info = learner.reset(seed=4)
    assert [type(a) for a in learner._agents.values()] == [ColdWarSearch, ColdWarSearch]
    for _ in range(40):
        _, _, terminated, truncated, info = learner.step(
            int(np.flatnonzero(info["action_mask"])[0]))
        assert not terminated
        assert not truncated
    # Forty of the learner's moves, and the search agents' in between: tricks were taken.
    assert learner.table.state.tricks >= 10


def test_gymnasium_illegal_actions() -> None:
    learner = CardwarEnv("caravan", opponents="random")
    _, info = learner.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = learner.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    strict = CardwarEnv("caravan", opponents="random", illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(ValueError, match="illegal_action"):
        CardwarEnv("caravan", illegal_action="ignore")
    with pytest.raises(SeatError):
        CardwarEnv("caravan", seat=2)
    with pytest.raises(ValueError, match="opponents"):
        CardwarEnv("cold-war", opponents=[agents.RandomAgent(1)])
    with pytest.raises(ValueError, match="unknown agent"):
        CardwarEnv("caravan", opponents="smart")


def test_gymnasium_make() -> None:
    assert "cardwar/caravan-v0" in register_envs()
    made = gymnasium.make("cardwar/arneson-v0", opponents="first", render_mode="ansi")
    observation, _ = made.reset(seed=4)
    assert observation.shape == (arneson_size(),)
    text = made.render()
    assert isinstance(text, str)
    assert "Arneson" in text


def arneson_size() -> int:
    from cardwar import arneson

    return arneson.observation_shape(arneson.options())[0]


def test_render_modes_and_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert raw_env("war").render() is None  # no render mode
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("war", render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env("arneson", render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_mode"):
        CardwarEnv("war", render_mode="rgb_array")
    assert CardwarEnv("war").render() is None
    # human: printed at every step.
    par = parallel_env("war", render_mode="human")
    par.reset(seed=1)
    par.step(dict.fromkeys(par.agents, 0))
    assert "War" in capsys.readouterr().out
    assert parallel_env("war").render() is None
    ansi = parallel_env("war", render_mode="ansi")
    ansi.reset(seed=1)
    text = ansi.render()
    assert isinstance(text, str)
    assert text.startswith("War")
    par.close()
    learner = CardwarEnv("war", render_mode="human")
    learner.reset(seed=1)
    learner.step(0)
    assert "War" in capsys.readouterr().out


def test_parallel_arneson_plays_both_seats_each_step() -> None:
    par = parallel_env("arneson")
    observations, _ = par.reset(seed=5)
    # Both seats choose at once: both see their masks before either has chosen.
    assert all(observations[a]["action_mask"].any() for a in par.agents)
    rng = np.random.default_rng(5)
    steps = 0
    while par.agents:
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                   for a in par.agents}
        observations, rewards, _, _, _ = par.step(actions)
        steps += 1
    state = par.table.state
    assert rewards == {f"seat_{s}": r for s, r in enumerate(arneson_returns(state))}
    assert par.table.steps == 2 * steps  # two choices a step


def arneson_returns(state: Any) -> tuple[float, ...]:
    from cardwar import arneson

    return arneson.returns(state)


def test_gymnasium_opponents_given_as_agents() -> None:
    learner = CardwarEnv("cold-war", seat=2, opponents=[agents.FirstAgent(1),
                                                        agents.RandomAgent(2)])
    learner.reset(seed=3)
    assert learner.table.game.to_act(learner.table.state) == 2
    assert isinstance(learner._agents[0], agents.FirstAgent)
    assert isinstance(learner._agents[1], agents.RandomAgent)


@pytest.mark.parametrize(("module", "package", "extra"), [
    ("pettingzoo", "pettingzoo", "pettingzoo"),
    ("gymnasium", "gymnasium", "gymnasium"),
    ("openspiel", "pyspiel", "openspiel"),
])
def test_a_missing_extra_is_named(module: str, package: str, extra: str) -> None:
    import subprocess
    import sys

    code = f"""
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == {package!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
try:
    import cardwar.{module}
except ModuleNotFoundError as err:
    print(err.name, "|", err)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    name, _, message = done.stdout.strip().partition(" | ")
    assert name == package
    assert f"pip install 'cardwar[{extra}]'" in message


@pytest.mark.parametrize(("name", "seat", "players"), [("war", 0, 2), ("war", 1, 2),
                                                       ("peace", 2, 3)])
def test_a_game_that_plays_itself_always_offers_the_learner_its_move(
    name: str, seat: int, players: int
) -> None:
    # The mask took the table's turn (the step count modulo the seats) for the learner's,
    # so every other step offered no legal id while step(0) was accepted.
    learner = CardwarEnv(name, seat=seat, opponents="random", players=players)
    _, info = learner.reset(seed=1)
    steps = 0
    done = False
    while not done:
        assert info["action_mask"].tolist().count(1) == 1, steps
        assert info["action_mask"][0] == 1
        _, _, terminated, truncated, info = learner.step(0)
        done = terminated or truncated
        steps += 1
    assert steps > 10
    assert info["action_mask"].sum() == 0


def test_a_refused_parallel_step_applies_nothing() -> None:
    # One legal and one illegal id: the step raises, and the legal seat's choice is not
    # left applied (a retry then played it again for the next battle, or failed on it).
    parallel = parallel_env("arneson")
    observations, _ = parallel.reset(seed=3)
    before = parallel.table.state
    legal = int(np.flatnonzero(observations["seat_0"]["action_mask"])[0])
    illegal = int(np.flatnonzero(observations["seat_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        parallel.step({"seat_0": legal, "seat_1": illegal})
    assert parallel.table.state is before
    assert parallel.table.steps == 0
    other = int(np.flatnonzero(observations["seat_1"]["action_mask"])[0])
    parallel.step({"seat_0": legal, "seat_1": other})
    assert parallel.table.steps == 2

