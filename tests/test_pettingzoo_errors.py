"""The PettingZoo environments answer bad input with cardwar's own errors, before anything
changes, and play only what is an action id: a Python int, or a numpy integer scalar or
0-d integer array (what Gymnasium's spaces' ``sample()`` returns); nothing is coerced."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardwar.core import GameOverError, IllegalActionError
from cardwar.encoding import ActionIndexError
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    SeatError,
)
from cardwar.pettingzoo import env, parallel_env, raw_env

#: Values that are not action ids, though ``int()`` of each is one.
NOT_IDS: list[Any] = [2.7, 0.0, "0", b"0", True, False, np.float64(0.5), np.bool_(True),
                      np.array([0]), np.array(0.0), None, 1 + 0j]


def _fingerprint(game: Any) -> tuple[Any, ...]:
    table = game.table
    return (table.state, table.partial, table.steps, game.agent_selection,
            dict(game.rewards), dict(game._cumulative_rewards), dict(game.terminations),
            list(game.agents))


@pytest.mark.parametrize("action", NOT_IDS, ids=repr)
def test_raw_step_plays_only_ids(action: Any) -> None:
    game = raw_env("caravan")
    game.reset(seed=1)
    before = _fingerprint(game)
    with pytest.raises(ActionTypeError, match="an action id is an int"):
        game.step(action)
    assert _fingerprint(game) == before


@pytest.mark.parametrize("kind", [int, np.int64, np.int8, np.uint16, np.array,
                                  lambda v: np.array(v, dtype=np.uint8)],
                         ids=["int", "int64", "int8", "uint16", "array", "array-uint8"])
def test_raw_step_plays_ints_and_numpy_integers(kind: Any) -> None:
    game = raw_env("caravan")
    game.reset(seed=1)
    legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
    first = int(legal[0])
    assert first < 100  # fits every kind
    action = kind(first)
    game.step(action)
    again = raw_env("caravan")
    again.reset(seed=1)
    again.step(first)
    assert game.table.state == again.table.state
    assert game.table.steps == 1


def test_the_wrapped_env_answers_with_cardwar_errors() -> None:
    game = env("caravan")
    game.reset(seed=1)
    # PettingZoo's out-of-bounds wrapper answered 2.7 and 10**6 with an AssertionError.
    with pytest.raises(ActionTypeError):
        game.step(2.7)
    with pytest.raises(ActionIndexError):
        game.step(10**6)
    with pytest.raises(ActionIndexError):
        game.step(-1)
    with pytest.raises(SeatError):
        game.observe("seat_9")


def test_bad_construction() -> None:
    for name in (None, 3, b"war", ["war"]):
        with pytest.raises(ArgumentError):
            env(name)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError):
            parallel_env(name)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        raw_env("war", render_mode=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        raw_env("war", render_mode=np.array(["ansi", "human"]))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="takes turns"):
        parallel_env("caravan")
    with pytest.raises(CardwarError):
        raw_env("war", no_such_option=1)


@pytest.mark.parametrize("seed", [1.5, "7", True, b"1", [1], 7.0, np.float64(7)], ids=repr)
def test_reset_refuses_a_seed_that_is_not_an_int(seed: Any) -> None:
    game = raw_env("war")
    game.reset(seed=3)
    before = _fingerprint(game)
    with pytest.raises(ArgumentTypeError, match="seed"):
        game.reset(seed=seed)
    assert _fingerprint(game) == before
    par = parallel_env("arneson")
    par.reset(seed=3)
    state = par.table.state
    with pytest.raises(ArgumentTypeError, match="seed"):
        par.reset(seed=seed)
    assert par.table.state is state


def test_reset_options_are_a_dict_or_none() -> None:
    game = raw_env("war")
    game.reset(seed=3, options={})
    with pytest.raises(ArgumentTypeError, match="options"):
        game.reset(seed=4, options=[1])  # type: ignore[arg-type]
    assert game.table.seed == 3
    with pytest.raises(ArgumentTypeError, match="options"):
        parallel_env("war").reset(options="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("agent", ["seat_9", "seat_-1", "", None, 0, ("seat_0",), b"seat_0"],
                         ids=repr)
def test_unknown_agents(agent: Any) -> None:
    game = raw_env("caravan")
    par = parallel_env("arneson")
    for call in (game.observe, game.observation_space, game.action_space,
                 par.observation_space, par.action_space):
        with pytest.raises(SeatError, match="agent must be one of seat_0, seat_1"):
            call(agent)


def test_a_finished_agents_only_action_is_none() -> None:
    game = raw_env("war", max_battles=3)
    game.reset(seed=1)
    while not game.terminations[game.agent_selection] and not game.truncations[
            game.agent_selection]:
        game.step(0)
    before = _fingerprint(game)
    with pytest.raises(ArgumentError, match="only action is None"):
        game.step(0)
    assert isinstance(ArgumentError("x"), ValueError)  # PettingZoo's own is a ValueError
    assert _fingerprint(game) == before
    while game.agents:
        game.step(None)
    with pytest.raises(GameOverError, match="call reset"):
        game.step(None)
    with pytest.raises(GameOverError):
        game.step(0)


@pytest.mark.parametrize("actions", [
    {}, {"seat_0": 0}, {"seat_1": 0}, {"seat_0": 0, "seat_1": 0, "seat_2": 0},
    {"seat_0": 0, "seat_1": 0, 5: 0}, {"seat_0": 0, "seat_1": 2.0},
    {"seat_0": 0, "seat_1": None}, {"seat_0": True, "seat_1": 0},
], ids=repr)
def test_a_parallel_step_is_checked_whole(actions: dict[Any, Any]) -> None:
    for name in ("war", "arneson"):
        par = parallel_env(name)
        observations, _ = par.reset(seed=2)
        if name == "arneson":  # legal ids where an id is given, so only the dict is wrong
            legal = {a: int(np.flatnonzero(o["action_mask"])[0])
                     for a, o in observations.items()}
            actions = {a: (legal[a] if type(v) is int and a in legal else v)
                       for a, v in actions.items()}
        state, steps = par.table.state, par.table.steps
        with pytest.raises((ArgumentError, ActionTypeError)):
            par.step(actions)
        assert (par.table.state, par.table.steps) == (state, steps)
        assert par.agents == ["seat_0", "seat_1"]


@pytest.mark.parametrize("actions", [None, [0, 0], "seat_0", 0, ("seat_0", 0)], ids=repr)
def test_a_parallel_step_takes_a_dict(actions: Any) -> None:
    par = parallel_env("arneson")
    par.reset(seed=2)
    with pytest.raises(ArgumentTypeError, match="dict"):
        par.step(actions)
    assert par.table.steps == 0


def test_a_parallel_step_with_no_game_in_progress() -> None:
    par = parallel_env("war", max_battles=2)
    with pytest.raises(GameOverError, match="reset"):
        par.step({})
    par.reset(seed=1)
    while par.agents:
        par.step(dict.fromkeys(par.agents, 0))
    with pytest.raises(GameOverError):
        par.step({})


def test_a_parallel_step_refused_by_the_game_changes_nothing() -> None:
    par = parallel_env("arneson")
    observations, _ = par.reset(seed=4)
    illegal = {a: int(np.flatnonzero(o["action_mask"] == 0)[0]) for a, o in observations.items()}
    with pytest.raises(IllegalActionError):
        par.step(illegal)
    assert par.table.steps == 0
    with pytest.raises(ActionIndexError):
        par.step(dict.fromkeys(par.agents, 10**9))
    assert par.table.steps == 0


def test_the_wrapped_last_keeps_pettingzoos_order() -> None:
    # The wrapper's last() asks the environment at once (for speed); before the first
    # reset it still answers as PettingZoo's wrapper does.
    game = env("cold-war")
    with pytest.raises(AttributeError, match="before reset"):
        game.last()
    game.reset(seed=3)
    observation, reward, terminated, truncated, info = game.last()
    raw = game.unwrapped
    expected = raw.observe(raw.agent_selection)
    assert (observation["observation"] == expected["observation"]).all()
    assert (observation["action_mask"] == expected["action_mask"]).all()
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    assert game.last(observe=False)[0] is None
