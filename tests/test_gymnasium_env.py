"""The Gymnasium environment: cardwar's own errors for bad input (before anything changes),
action ids never coerced, every opponent checked when the environment is made,
``reset(seed=s)`` reproducible whatever sits in the opponents' seats, and
``action_masks()`` for sb3-contrib's ``MaskablePPO``, through Gymnasium's wrappers too."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from cardwar import agents
from cardwar.core import IllegalActionError
from cardwar.encoding import ActionIndexError
from cardwar.errors import (
    ActionTypeError,
    AgentError,
    ArgumentError,
    ArgumentTypeError,
    SeatError,
)
from cardwar.gymnasium import CardwarEnv
from cardwar.variants import UnknownVariantError


def _fingerprint(env: CardwarEnv) -> tuple[Any, ...]:
    table = env.table
    return table.state, table.partial, table.steps, table.seed, env.lost_by_illegal_action


def _play(env: CardwarEnv, seed: int, moves: int = 400) -> list[Any]:
    """Return the states of a game played with the first legal id of every step."""
    _, info = env.reset(seed=seed)
    states = [env.table.state]
    for _ in range(moves):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        states.append(env.table.state)
        if terminated or truncated:
            break
    return states


@pytest.mark.parametrize("name", [None, 3, b"caravan", ["caravan"], "no-such-game"], ids=repr)
def test_a_bad_variant(name: Any) -> None:
    with pytest.raises((ArgumentError, UnknownVariantError)):
        CardwarEnv(name)


@pytest.mark.parametrize("opponents", [[], ["random", "random"], [None], [3], ["heuristic", 1],
                                       [b"random"], "smart", ["smart"], 3, None, b"random",
                                       {"random"}, 2.5], ids=repr)
def test_opponents_are_checked_when_the_env_is_made(opponents: Any) -> None:
    # A list with a bare kind of no agent ("smart"), or of something that is no agent,
    # was accepted and failed at reset or at the first step with an AttributeError.
    with pytest.raises((ArgumentError, AgentError)):
        CardwarEnv("caravan", opponents=opponents)


def test_opponents_of_every_form() -> None:
    env = CardwarEnv("cold-war", seat=1, opponents=["heuristic", agents.RandomAgent])
    env.reset(seed=2)
    assert type(env._agents[0]) is type(agents.heuristic("cold-war", 0))
    assert isinstance(env._agents[2], agents.RandomAgent)
    mine = agents.FirstAgent()
    env = CardwarEnv("cold-war", seat=1, opponents=mine)
    env.reset(seed=2)
    assert env._agents == {0: mine, 2: mine}
    env = CardwarEnv("cold-war", seat=1, opponents=agents.RandomAgent)
    env.reset(seed=2)
    assert all(isinstance(a, agents.RandomAgent) for a in env._agents.values())
    # A game that plays itself seats no agents, but what it is given must still be
    # opponents.
    CardwarEnv("war", opponents="heuristic").reset(seed=1)
    with pytest.raises(ArgumentError):
        CardwarEnv("war", players=3, opponents=["random"])
    with pytest.raises(AgentError):
        CardwarEnv("war", opponents=[5])  # type: ignore[list-item]


def test_a_factory_that_fails_or_makes_no_agent() -> None:
    def broken(seed: int) -> Any:
        raise RuntimeError("no")

    env = CardwarEnv("caravan", opponents=[broken])
    with pytest.raises(AgentError, match="RuntimeError: no"):
        env.reset(seed=1)
    assert env.table.state is None  # nothing was started
    env = CardwarEnv("caravan", opponents=lambda seed: "agent")  # type: ignore[arg-type]
    with pytest.raises(AgentError, match="no choose"):
        env.reset(seed=1)
    # A failed reset leaves the game in progress as it was.
    good = CardwarEnv("caravan", opponents=[agents.RandomAgent])
    good.reset(seed=5)
    before = _fingerprint(good)
    good._entries = (broken,)
    with pytest.raises(AgentError):
        good.reset(seed=6)
    assert _fingerprint(good) == before


def test_an_opponent_that_chooses_an_illegal_action_changes_nothing() -> None:
    class Cheat:
        def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
            return "not an action"

    env = CardwarEnv("arneson", opponents=[Cheat()])
    # Arneson's seats choose at once: the learner first, then the cheat.
    _, info = env.reset(seed=1)
    before = _fingerprint(env)
    with pytest.raises(AgentError, match="seat 1"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert _fingerprint(env) == before
    with pytest.raises(AgentError, match="seat 0"):
        CardwarEnv("arneson", seat=1, opponents=[Cheat()]).reset(seed=1)
    # A reset refused so leaves the game in progress, and its opponents, as they were.
    playing = CardwarEnv("arneson", seat=1, opponents=[agents.FirstAgent])
    playing.reset(seed=1)
    before, opponents = _fingerprint(playing), dict(playing._agents)
    playing._entries = (lambda seed: Cheat(),)
    with pytest.raises(AgentError, match="seat 0"):
        playing.reset(seed=2)
    assert _fingerprint(playing) == before
    assert playing._agents == opponents


@pytest.mark.parametrize("opponents", [
    "random",
    ["random"],
    [agents.RandomAgent],
    [lambda seed: agents.heuristic("caravan", seed)],
    ["ismcts:5"],
], ids=["kind", "kinds", "class", "factory", "ismcts"])
def test_reset_with_a_seed_is_reproducible(opponents: Any) -> None:
    env = CardwarEnv("caravan", opponents=opponents)
    first = _play(env, 5, moves=60)
    _play(env, 9, moves=60)
    assert _play(env, 5, moves=60) == first
    assert _play(CardwarEnv("caravan", opponents=opponents), 5, moves=60) == first


def test_an_agent_object_keeps_its_own_state() -> None:
    # An agent object plays every game and is not reseeded: documented, so that a user
    # who wants reproducible games passes its class or a factory instead.
    env = CardwarEnv("caravan", opponents=[agents.RandomAgent(3)])
    first = _play(env, 5, moves=60)
    assert _play(env, 5, moves=60) != first


@pytest.mark.parametrize("action", [None, 2.7, 0.0, "0", b"0", True, np.float64(0.5),
                                    np.bool_(True), np.array([0]), [0], 1j], ids=repr)
def test_step_plays_only_ids(action: Any) -> None:
    for illegal_action in ("lose", "raise"):
        env = CardwarEnv("caravan", opponents="random", illegal_action=illegal_action)
        env.reset(seed=1)
        before = _fingerprint(env)
        with pytest.raises(ActionTypeError, match="an action id is an int"):
            env.step(action)
        assert _fingerprint(env) == before


def test_step_plays_numpy_integers_and_what_the_space_samples() -> None:
    env = CardwarEnv("war", opponents="random")
    env.reset(seed=1)
    for action in (np.int64(0), np.array(0), env.action_space.sample(), np.uint8(0)):
        env.step(action)
    assert env.table.steps == 4
    with pytest.raises(ActionIndexError):
        env.step(np.int64(1))


def test_reset_seeds() -> None:
    env = CardwarEnv("war")
    for seed in (-5, 2**70, np.int64(9), np.uint64(2**64 - 1)):
        env.reset(seed=seed)  # Gymnasium's own seeding refused -5 and numpy integers
    env.reset(seed=3)
    before = _fingerprint(env)
    for bad in (1.5, "3", True, [3], np.float32(3)):
        with pytest.raises(ArgumentTypeError, match="seed"):
            env.reset(seed=bad)  # type: ignore[arg-type]
        assert _fingerprint(env) == before
    with pytest.raises(ArgumentTypeError, match="options"):
        env.reset(seed=3, options=["players", 3])  # type: ignore[arg-type]
    assert _fingerprint(env) == before


def test_bad_arguments_are_cardwar_errors() -> None:
    with pytest.raises(SeatError):
        CardwarEnv("caravan", seat=np.int64(0))
    with pytest.raises(ArgumentError, match="illegal_action"):
        CardwarEnv("caravan", illegal_action=np.array(["lose"]))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="render_mode"):
        CardwarEnv("caravan", render_mode=["ansi"])  # type: ignore[arg-type]
    env = CardwarEnv("caravan", render_mode="ansi")
    for call in (lambda: env.step(0), env.action_masks, env.render):
        with pytest.raises(gymnasium.error.ResetNeeded):
            call()


def test_action_masks_are_the_info_masks_as_booleans() -> None:
    env = CardwarEnv("generals", opponents="random")
    _, info = env.reset(seed=2)
    for _ in range(30):
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert masks.shape == (env_size(env),)
        assert (masks == info["action_mask"].astype(bool)).all()
        masks[:] = True  # a new array: writing into it changes nothing
        assert env.action_masks().sum() == info["action_mask"].sum()
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            assert not env.action_masks().any()
            break


def test_action_masks_through_gymnasiums_wrappers() -> None:
    # sb3-contrib reaches the method through the wrappers gymnasium.make adds: a vector
    # environment calls it on each environment (env_method and get_wrapper_attr), a
    # single one through get_wrapper_attr.
    made = gymnasium.make("cardwar/caravan-v0", opponents="random")
    _, info = made.reset(seed=3)
    masks = made.get_wrapper_attr("action_masks")()
    assert (masks == info["action_mask"].astype(bool)).all()
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make("cardwar/caravan-v0", opponents="random")] * 2)
    _, infos = vector.reset(seed=[3, 4])
    stacked = np.stack(vector.call("action_masks"))
    assert stacked.shape == (2, env_size(made))
    assert (stacked == infos["action_mask"].astype(bool)).all()


def test_illegal_ids_still_lose_or_raise() -> None:
    env = CardwarEnv("caravan", opponents="random", illegal_action="raise")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = _fingerprint(env)
    with pytest.raises(IllegalActionError):
        env.step(np.int64(illegal))
    assert _fingerprint(env) == before


def env_size(made: Any) -> int:
    """Return the number of action ids of a made environment."""
    return int(made.action_space.n)


@pytest.mark.parametrize("value", [np.int64(-1), np.array([1, 2]), np.float64(0.5)], ids=repr)
def test_numpy_values_are_no_agents(value: Any) -> None:
    # numpy values have a choose method of their own: they were taken for agents, and
    # the first opponent move raised numpy's ValueError.
    with pytest.raises(AgentError):
        CardwarEnv("generals", opponents=[value])
    if not isinstance(value, np.ndarray):  # (an array is a sequence of opponents)
        with pytest.raises(ArgumentError):
            CardwarEnv("generals", opponents=value)


def test_a_kind_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = agents.agent

    def counting(kind: str, name: Any, seed: int) -> Any:
        built.append(kind)
        return real(kind, name, seed)

    monkeypatch.setattr(agents, "agent", counting)
    CardwarEnv("cold-war", opponents="random")
    assert built == ["random"]
    # Beside an entry that is no agent (a numpy array, which compares elementwise).
    with pytest.raises(AgentError):
        CardwarEnv("cold-war", opponents=["first", np.array([1, 2])])
    assert built == ["random", "first"]
