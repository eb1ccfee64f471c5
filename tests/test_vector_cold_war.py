"""``cardwar.cold_war.vector.ColdWarVectorEnv``: game for game what a ``SyncVectorEnv`` of
``CardwarEnv("cold-war")`` plays with the same seeds (observations, rewards, terminations,
truncations, masks, illegal ids, automatic reset, shaped rewards), for every learner's
seat of three and four players, against random, heuristic and mixed opponents moving
inside the compiled kernel, one kind or one per seat; and its refusals of wrong
arguments."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import attrs
import gymnasium
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cardwar import batch, cold_war
from cardwar.core import OptionError
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    SeatError,
)
from cardwar.variants.cold_war import _batch_numba as cold_war_kernel
from cardwar.variants.cold_war.vector import ColdWarVectorEnv
from tests import support_vector
from tests.support_batch import run_as_python
from tests.support_cold_war import cold_war_options
from tests.test_batch_cold_war import COMBINATIONS
from tests.test_misuse import junk


def check_against_sync(count: int, steps: int, seat: int, opponents: Any, seed: int,
                       illegal_every: int = 0, **options: Any) -> tuple[int, int]:
    """Cold War's :func:`tests.support_vector.check_against_sync`."""
    return support_vector.check_against_sync(ColdWarVectorEnv, "cold-war", count, steps,
                                             seat, opponents, seed, illegal_every, **options)


MIX3 = ["heuristic:0.5", "random"]
MIX4 = ["random", "heuristic:0.25", "heuristic"]


@pytest.mark.parametrize(("players", "seat", "opponents"), [
    (3, 0, "random"), (3, 1, "heuristic"), (3, 2, "heuristic:0.5"), (3, 1, MIX3),
    (4, 0, MIX4), (4, 1, "heuristic:0.5"), (4, 2, "random"), (4, 3, "heuristic"),
    (4, 2, ["heuristic", "heuristic:0.75", "heuristic:0"]),
])
def test_it_plays_what_the_public_environment_plays(players: int, seat: int,
                                                    opponents: Any) -> None:
    # Games to a low target, so that many end by it (rewards) besides illegal ids.
    ended, _ = check_against_sync(4, 240, seat, opponents, seed=40 + seat,
                                  illegal_every=83, players=players, target=150)
    assert ended >= 8


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_every_rule_option_plays_as_the_public_environment(name: str) -> None:
    options = COMBINATIONS[name]
    seat = len(name) % (options.get("players", 3))
    check_against_sync(2, 100, seat, MIX4 if options.get("players") == 4 else MIX3,
                       seed=len(name), **options)


def test_games_cut_by_the_trick_limit_are_truncated() -> None:
    _ended, truncated = check_against_sync(3, 150, 2, "heuristic:0.5", seed=3, max_tricks=15)
    assert truncated >= 6


@given(options=cold_war_options(small=True), data=st.data())
def test_any_options_play_as_the_public_environment(options: cold_war.Options,
                                                    data: st.DataObject) -> None:
    kinds = st.sampled_from(["random", "heuristic", "heuristic:0.5", "heuristic:0.1"])
    seat = data.draw(st.integers(0, options.players - 1))
    opponents = data.draw(kinds | st.lists(kinds, min_size=options.players - 1,
                                           max_size=options.players - 1))
    check_against_sync(2, 30, seat, opponents, seed=data.draw(st.integers(0, 2**64 - 1)),
                       illegal_every=data.draw(st.integers(0, 40)),
                       **attrs.asdict(options, recurse=False))


def test_the_position_buffers_grow_as_games_need(monkeypatch: pytest.MonkeyPatch) -> None:
    # From room for nothing, the buffers double until they hold what each game records
    # (COLDWAR-REPEAT), the games going on where they stopped.
    monkeypatch.setattr(ColdWarVectorEnv, "ROOM", (1, 1))
    check_against_sync(3, 200, 1, MIX3, seed=11, illegal_every=57, target=150)
    envs = ColdWarVectorEnv(2, opponents="random")
    _, info = envs.reset(seed=1)
    envs.step(batch.random_legal_ids(info["action_mask"], np.random.default_rng(1)))
    assert envs._state["seen"].shape[1] >= 1 + 5 * 3 + len(cold_war.deck(envs.options))
    assert envs._state["starts"].shape[1] > 1


@pytest.mark.parametrize("seat", [0, 3])
def test_shaped_rewards_are_the_public_environments(seat: int) -> None:
    ended, _ = check_against_sync(3, 200, seat, MIX4, seed=60 + seat, illegal_every=53,
                                  players=4, target=150, shaping="points",
                                  shaping_scale=0.5)
    assert ended >= 6
    _, truncated = check_against_sync(2, 80, seat, "random", seed=7, players=4,
                                      max_tricks=10, shaping="points")
    assert truncated >= 3
    # A target past float64's exact ints: the shape divides by it exactly, as Python.
    check_against_sync(2, 60, seat, "heuristic", seed=8, players=4, target=2**60 + 1,
                       max_deals=1, shaping="points")


def test_the_kernel_runs_as_python_as_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    # coverage.py sees the source numba compiles only as Python.
    run_as_python(monkeypatch, cold_war_kernel)
    monkeypatch.setattr(ColdWarVectorEnv, "ROOM", (1, 1))
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        ended, truncated = check_against_sync(2, 50, 1, ["heuristic:0.5", "random"], seed=5,
                                              illegal_every=23, target=60, max_tricks=12)
        assert ended >= 2
        assert truncated >= 1
        check_against_sync(2, 40, 0, ["heuristic", "random"], seed=4, target=60)
        # The kernel leaves a finished game that it is not told to restart as it is (the
        # environment restarts every one, at the next step).
        envs = ColdWarVectorEnv(1, opponents="random", max_tricks=2)
        _, info = envs.reset(seed=2)
        while not envs._over[0]:
            _, _, _, _, info = envs.step(np.maximum(batch.random_legal_ids(
                info["action_mask"], np.random.default_rng(0)), 0))
        before = envs._observation.copy()
        envs._restart[:] = 0
        envs._run(np.zeros(1, np.int64))
        assert envs._rewards[0] == 0.0
        assert np.array_equal(envs._observation, before)
        assert not envs._mask.any()


def test_it_refuses_wrong_arguments() -> None:
    for seat in (3, -1, True, "0"):
        with pytest.raises(SeatError):
            ColdWarVectorEnv(2, seat)  # type: ignore[arg-type]
    ColdWarVectorEnv(2, 3, players=4)
    with pytest.raises(ArgumentError, match="random, heuristic"):
        ColdWarVectorEnv(2, 0, "search")
    with pytest.raises(ArgumentError, match="random, heuristic"):
        ColdWarVectorEnv(2, 0, ["random", "first"])
    for kinds in (["random"], ["random"] * 3):
        with pytest.raises(ArgumentError, match="2 opponents are needed"):
            ColdWarVectorEnv(2, 0, kinds)
    with pytest.raises(ArgumentError, match="3 opponents are needed"):
        ColdWarVectorEnv(2, 0, MIX3, players=4)
    for kind in ("heuristic:2", "heuristic:x", "heuristic:"):
        with pytest.raises(ArgumentError, match="heuristic:P"):
            ColdWarVectorEnv(2, 0, kind)
    with pytest.raises(OptionError):
        ColdWarVectorEnv(2, players=5)
    with pytest.raises(OptionError):
        ColdWarVectorEnv(2, rules="none")
    with pytest.raises(ArgumentError, match="plays Cold War"):
        ColdWarVectorEnv(2, name="caravan")
    with pytest.raises(ArgumentError, match="no shape 'positions'"):
        ColdWarVectorEnv(2, shaping="positions")
    with pytest.raises(ArgumentError, match="without shaping"):
        ColdWarVectorEnv(2, shaping_scale=2.0)


def test_gymnasium_make_vec_makes_it() -> None:
    import cardwar.gymnasium  # noqa: F401  (registers the environments)

    envs = gymnasium.make_vec("cardwar/cold-war-v0", num_envs=3,
                              vectorization_mode="vector_entry_point",
                              opponents=["random", "heuristic:0.5", "heuristic"], players=4)
    assert isinstance(envs.unwrapped, ColdWarVectorEnv)
    observation, info = envs.reset(seed=5)
    assert observation.shape == (3, cold_war.observation_shape(cold_war.options(players=4))[0])
    assert (envs.unwrapped.action_masks() == (info["action_mask"] != 0)).all()
    assert envs.single_action_space == gymnasium.spaces.Discrete(66)


def step_both(mine: Any, theirs: Any, info: Any, rng: Any, steps: int) -> Any:
    """Step ``mine`` and ``theirs`` (a SyncVectorEnv of CardwarEnv) alike ``steps`` times,
    requiring the same results; return the last info."""
    for t in range(steps):
        ids = np.maximum(batch.random_legal_ids(info["action_mask"], rng), 0)
        got, want = mine.step(ids), theirs.step(ids)
        for a, b in zip(got[:4], want[:4], strict=True):
            assert np.array_equal(a, b), t
        assert np.array_equal(got[4]["action_mask"], want[4]["action_mask"]), t
        info = got[4]
    return info


def test_resets_deal_what_the_public_environments_reset_deals() -> None:
    # reset(seed=None) deals each sub-environment's next game, as CardwarEnv's reset()
    # does; a None in a list of seeds, that sub-environment's; any int is a seed (negative,
    # huge, numpy's); a seed refused changes nothing.
    from cardwar.gymnasium import CardwarEnv

    mine = ColdWarVectorEnv(3, 1, MIX3, target=150)
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: CardwarEnv("cold-war", 1, MIX3, target=150) for _ in range(3)])
    rng = np.random.default_rng(4)
    plan: list[Any] = [-7, None, [None, 2**70, None], None, [5, None, np.int64(-2)]]
    for seed in plan:
        expected = theirs.reset(seed=seed)
        observation, info = mine.reset(seed=seed)
        assert np.array_equal(observation, expected[0])
        assert np.array_equal(info["action_mask"], expected[1]["action_mask"])
        info = step_both(mine, theirs, info, rng, 40)
        for bad in (2.5, True, "7", {1: 2, 3: 4}, [1, None], [1, 2, 3.0], [True, 1, 2]):
            with pytest.raises((ArgumentError, ArgumentTypeError)):
                mine.reset(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="options"):
            mine.reset(seed=1, options=3)  # type: ignore[arg-type]
        with pytest.raises(ActionTypeError, match="ragged"):
            mine.step([[1, 2], 3, 4])
        info = step_both(mine, theirs, info, rng, 5)  # nothing changed
    # Before any seed, seeds drawn by the environment's generator.
    envs = ColdWarVectorEnv(2, opponents="random")
    envs.reset(seed=[None, 3])
    assert envs._seeds[1] == 3
    assert envs._episodes.tolist() == [0, 0]


@given(where=st.sampled_from(["num_envs", "seat", "opponents", "option", "shaping",
                              "shaping_scale", "name", "reset", "step"]),
       value=junk)
def test_junk_is_refused_with_cardwars_errors(where: str, value: Any) -> None:
    if where == "num_envs" and isinstance(value, int) and value > 8:
        value = -value  # (as many games as asked for are made)
    arguments: dict[str, Any] = {"num_envs": 2, "seat": 1, "opponents": "random"}
    try:
        if where == "option":
            arguments["players"] = value
        elif where == "shaping_scale":
            arguments.update(shaping="points", shaping_scale=value)
        elif where not in ("reset", "step"):
            arguments[where] = value
        envs = ColdWarVectorEnv(**arguments)
        envs.reset(seed=value if where == "reset" else 1)
        if where == "step":
            envs.step(value)
    except CardwarError:
        pass
