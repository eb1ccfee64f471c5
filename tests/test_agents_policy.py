"""Agents from a policy (:func:`cardwar.agents.from_policy`): a tiny fixed numpy network
plays whole games of every variant with decisions, in ``play``, in a tournament (named as
an agent kind) and as a Gymnasium opponent; what it is given is exactly the integer
interface's tensor and mask (General's War's squads card by card, as ``step_index``
plays them); a pick that is not a legal int id is refused."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

import cardwar
from cardwar import agents, generals
from cardwar.agents import PolicyAgent, RandomAgent, from_policy
from cardwar.encoding import step_index
from cardwar.errors import AgentError, StateError
from cardwar.rng import SeedError, derive_seed
from cardwar.tournament import tournament
from tests.support_agents import CHOICE, decision, snapshot
from tests.support_policy import Linear

parametrize_choice = pytest.mark.parametrize("game", CHOICE, ids=[g.NAME for g in CHOICE])

#: General's War under its other squad rule and with four players, beside the defaults.
GENERALS_OPTIONS = [
    generals.options(),
    generals.options(squad_size="one_to_three"),
    generals.options(players=4),
    generals.options(players=4, four_player="partnership", squad_size="one_to_three"),
]


def _check_against_encoding(game: Any, state: Any, agent: PolicyAgent, policy: Linear
                            ) -> Any:
    """Ask ``agent`` for the seat to act in ``state`` and check every call of its policy
    against the integer interface on the real state: the tensor is the observation
    tensor (and the partial squad), the mask is ``legal_action_mask`` after the ids so
    far, and playing the ids by ``step_index`` plays the action chosen. Return the next
    state."""
    seat = game.to_act(state)
    legal = game.legal_actions(state)
    policy.calls.clear()
    action = agent.choose(game.observe(state, seat), legal)
    assert action in legal
    partial: tuple[int, ...] = ()
    now = state
    assert policy.calls
    for tensor, mask, picked in policy.calls:
        expected = game.observation_tensor(game.observe(state, seat))
        if game.partial_size(state.options):
            expected.extend(game.partial_tensor(state.options, partial))
        assert tensor.tolist() == np.array(expected, dtype=np.float32).tolist()
        want = np.frombuffer(game.legal_action_mask(state, partial), dtype=np.int8)
        assert mask.tolist() == want.astype(bool).tolist()
        now, partial = step_index(game, state, partial, picked)
    assert partial == ()
    assert now == game.step(state, action)
    return now


@parametrize_choice
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_policy_plays_whole_games_against_random_agents(game: Any, seed: int) -> None:
    policy = Linear(game.NAME, seed=seed)
    agent = from_policy(policy, game.NAME)
    chosen: list[Any] = []

    class Counted:
        def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
            action = agent.choose(observation, legal)
            assert action in legal
            chosen.append(action)
            return action

    players = game.num_players(game.options())
    record = agents.play(game, [Counted(), *(RandomAgent(derive_seed(seed, s))
                                             for s in range(1, players))], seed=seed)
    assert record.outcome is not None
    assert chosen
    # One call of the policy per id of each action it chose.
    opts = game.options()
    assert len(policy.calls) == sum(len(game.action_to_indices(opts, a)) for a in chosen)


@parametrize_choice
def test_a_policy_sees_the_tensor_and_mask_of_the_integer_interface(game: Any) -> None:
    """Every decision of a whole game (the policy's seat and the others'), checked on the
    real state: a squad of General's War is picked card by card."""
    opts = game.options()
    policy = Linear(game.NAME, opts, seed=4)
    agent = from_policy(policy, game)
    state = game.new_game(9, opts)
    decisions = 0
    while game.outcome(state) is None:
        if game.to_act(state) is None:
            state = game.step(state, game.legal_actions(state)[0])
            continue
        state = _check_against_encoding(game, state, agent, policy)
        decisions += 1
    assert decisions > 5


@pytest.mark.parametrize("opts", GENERALS_OPTIONS, ids=["duel", "one_to_three", "four",
                                                        "partnership"])
@pytest.mark.parametrize("seed", [1, 5])
def test_generals_squads_are_picked_card_by_card(opts: Any, seed: int) -> None:
    policy = Linear("generals", opts, seed=seed)
    agent = from_policy(policy, "generals")
    state = generals.new_game(seed, opts)
    picks_per_squad: list[int] = []
    while generals.outcome(state) is None:
        squad = any(type(a) is generals.Squad for a in generals.legal_actions(state))
        state = _check_against_encoding(generals, state, agent, policy)
        if squad:
            picks_per_squad.append(len(policy.calls))
    # Squads of three take three ids; under one_to_three a shorter one ends with "done".
    assert picks_per_squad
    assert max(picks_per_squad) == 3
    assert all(1 <= n <= 3 for n in picks_per_squad)


def test_a_policy_plays_in_a_tournament_named_as_an_agent_kind() -> None:
    for game in CHOICE:
        kind = f"tests.support_policy:{game.NAME.replace('-', '_')}_bot"
        result = tournament(game, [kind, "random"], games=4, seed=3)
        assert [s.name for s in result.standings] == [kind, "random"]
        assert result.standings[0].seats == result.games == 4
        assert result.unfinished == 0
        # The same tournament twice: the same games (the policy draws nothing at random).
        again = tournament(game, [kind, "random"], games=4, seed=3)
        assert again.standings == result.standings


def test_a_policy_agent_called_with_a_seed_is_itself() -> None:
    agent = from_policy(Linear("caravan"), "caravan")
    assert agent(7) is agent
    assert agents.agent("tests.support_policy:caravan_bot", "caravan", 5) is \
        agents.agent("tests.support_policy:caravan_bot", "caravan", 6)
    bad: Any
    for bad in (-1, 1.0, True, "1", None):
        with pytest.raises(SeedError):
            agent(bad)


@parametrize_choice
def test_a_policy_plays_as_a_gymnasium_opponent(game: Any) -> None:
    from cardwar.gymnasium import CardwarEnv

    players = game.num_players(game.options())
    bots = [from_policy(Linear(game.NAME, seed=s), game) for s in range(1, players)]
    env = CardwarEnv(game.NAME, opponents=bots)
    _, info = env.reset(seed=11)
    done = False
    steps = 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated
        steps += 1
    assert steps > 0
    assert reward in (-1.0, 0.0, 1.0)


PICKS: list[tuple[str, Any]] = [
    ("float", 3.0),
    ("numpy float", np.float64(3)),
    ("bool", True),
    ("numpy bool", np.bool_(True)),
    ("str", "3"),
    ("None", None),
    ("array", np.array([3])),
    ("0-d array", np.array(3)),
    ("negative", -1),
    ("out of range", 10**6),
    ("huge", 2**70),
]


@pytest.mark.parametrize(("what", "pick"), PICKS, ids=[w for w, _ in PICKS])
@parametrize_choice
def test_a_pick_that_is_not_a_legal_int_id_is_refused(game: Any, what: str, pick: Any
                                                      ) -> None:
    _, observation, legal = decision(game)
    agent = from_policy(lambda tensor, mask: pick, game)
    before = snapshot(agent)
    with pytest.raises(AgentError, match=r"must return an action id|is not legal"):
        agent.choose(observation, legal)
    assert snapshot(agent) == before


@parametrize_choice
def test_a_pick_that_is_an_illegal_id_names_the_legal_ones(game: Any) -> None:
    _, observation, legal = decision(game)

    def illegal(tensor: Any, mask: Any) -> int:
        return int(np.flatnonzero(~mask)[0])

    with pytest.raises(AgentError, match=r"picked id \d+, which is not legal; legal ids: \["):
        from_policy(illegal, game).choose(observation, legal)


@parametrize_choice
def test_numpy_integers_are_ids(game: Any) -> None:
    _, observation, legal = decision(game)
    kind: Any
    for kind in (np.int16, np.int32, np.int64, np.uint16, np.uint64):  # each holds every id

        def last(tensor: Any, mask: Any, k: Any = kind) -> Any:
            return k(np.flatnonzero(mask)[-1])

        assert from_policy(last, game).choose(observation, legal) in legal


def test_a_policys_own_error_goes_through_unchanged() -> None:
    _, observation, legal = decision(cardwar.caravan)

    def broken(tensor: Any, mask: Any) -> int:
        raise ZeroDivisionError("the network's own")

    with pytest.raises(ZeroDivisionError, match="the network's own"):
        from_policy(broken, "caravan").choose(observation, legal)


def test_a_policy_agent_refuses_what_is_not_of_its_game() -> None:
    agent = from_policy(Linear("caravan"), "caravan")
    _, arneson_view, arneson_legal = decision(cardwar.arneson)
    _, observation, legal = decision(cardwar.caravan)
    with pytest.raises(AgentError, match="PolicyAgent was asked to choose among no legal"):
        agent.choose(observation, ())
    with pytest.raises(StateError, match="PolicyAgent expects an observation of Caravan"):
        agent.choose(arneson_view, legal)
    with pytest.raises(cardwar.errors.ActionTypeError, match="PolicyAgent chooses among "
                       "actions of Caravan"):
        agent.choose(observation, (*legal, arneson_legal[0]))


@pytest.mark.parametrize("policy", [None, 3, "argmax", np.zeros(3)])
def test_a_policy_that_is_not_callable_is_refused(policy: Any) -> None:
    with pytest.raises(AgentError, match="from_policy needs a policy"):
        from_policy(policy, "caravan")


def test_a_policy_of_an_unknown_variant_is_refused() -> None:
    with pytest.raises(cardwar.CardwarError):
        from_policy(Linear("caravan"), "no such game")
    with pytest.raises(cardwar.CardwarError):
        from_policy(Linear("caravan"), 3)  # type: ignore[arg-type]


def test_from_policy_without_numpy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'cardwar\[gymnasium\]'"):
        from_policy(lambda tensor, mask: 0, "caravan")


def test_a_policy_agent_shows_its_policy_and_game() -> None:
    def argmax(tensor: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[0])

    assert repr(from_policy(argmax, cardwar.caravan)) == (
        "PolicyAgent(test_a_policy_agent_shows_its_policy_and_game.<locals>.argmax, caravan)")
    assert repr(from_policy(Linear("arneson"), "arneson")) == "PolicyAgent(Linear, arneson)"


def test_the_docs_module_of_a_policy_plays_in_a_tournament(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file ``mybot.py`` of the agents page, as written there, named as an agent kind
    in Python and on the command line."""
    from pathlib import Path

    from cardwar.cli import main

    page = (Path(__file__).parent.parent / "docs" / "agents.md").read_text(encoding="utf-8")
    start = page.index("```python\n# mybot.py\n") + len("```python\n")
    (tmp_path / "mybot.py").write_text(page[start:page.index("```", start)],
                                       encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybot", raising=False)
    result = tournament("generals", ["mybot:bot", "random"], games=6, seed=1)
    assert [s.name for s in result.standings] == ["mybot:bot", "random"]
    assert result.unfinished == 0
    assert main(["tournament", "generals", "--agents", "mybot:bot,random", "-n", "4",
                 "--seed", "1", "--no-progress"]) == 0
    assert "mybot:bot" in capsys.readouterr().out
