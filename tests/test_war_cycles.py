"""A repeated position while wars are won (WAR-CYCLE, ARNESON-CYCLE): the game's end is
decided when the stocks repeat, and the engines reach it at once by skipping the whole
cycles before it (issue 21, D10: with an unreachable ``wars_to_win`` a game used to be
played battle by battle for ever)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import attrs
import pytest

from cardwar import arneson, batch, war
from cardwar.core import OptionError, Termination
from tests.test_batch_interpreted import interpreted  # noqa: F401 (a fixture)
from tests.test_oracle_battle import first_difference

#: Deals whose stocks cycle with wars won in the cycle (found by search): ranks,
#: pickup order, seed.
CYCLING = [
    ("2 3 4", "seat_order", 16),
    ("2 3 4 5", "seat_order", 172),
    ("2 3 4 5 6", "seat_order", 55),
    ("2 3 4 5 6", "seat_order", 104),
]
GOALS = (1, 2, 3, 5, 8, 13, 21, 40, 77, 150)


def _play(module: Any, options: Any, seed: int) -> tuple[Any, int]:
    """Return the final state of the game and the number of steps it took."""
    state = module.new_game(seed, options)
    steps = 0
    while state.result is None:
        state = module.step(state, module.legal_actions(state)[0])
        steps += 1
    return state, steps


@pytest.mark.rule("WAR-CYCLE", "WAR-WIN-WARS", "WAR-LIMIT")
@pytest.mark.parametrize(("ranks", "pickup", "seed"), CYCLING)
def test_skipped_cycles_end_the_game_as_the_oracle_plays_it(ranks: str, pickup: str,
                                                            seed: int) -> None:
    # The oracle plays every battle; the engine's state after each step is the oracle's
    # after as many battles, the skipping step included.
    for goal in GOALS:
        assert first_difference("war", {"ranks": ranks, "pickup_order": pickup,
                                        "wars_to_win": goal}, seed) is None
    # A battle limit that comes before the goal bounds the skip.
    assert first_difference("war", {"ranks": ranks, "pickup_order": pickup,
                                    "wars_to_win": 10**6, "max_battles": 777}, seed) is None
    state, steps = _play(war, war.options(ranks=ranks, pickup_order=pickup, wars_to_win=150),
                         seed)
    assert steps < state.battles  # whole cycles were skipped


@pytest.mark.rule("WAR-CYCLE")
def test_an_unreachable_goal_ends_at_once() -> None:
    opts = war.options(ranks="2 3 4", pickup_order="seat_order", wars_to_win=10**18,
                       max_battles=None)
    state, steps = _play(war, opts, 16)
    assert state.result.termination is Termination.WARS_WON
    (winner,) = state.result.winners
    assert state.tally.wars_won[winner] == 10**18
    assert steps < 200
    assert state.battles > 10**18
    # The same seat wins a moderate goal of the same cycle, by the same margin.
    near, _ = _play(war, war.options(ranks="2 3 4", pickup_order="seat_order",
                                     wars_to_win=150, max_battles=None), 16)
    assert near.result.winners == (winner,)
    assert 10**18 - state.tally.wars_won[1 - winner] == 150 - near.tally.wars_won[1 - winner]
    # Nobody wins a war over the cycle: a repetition is still a draw.
    drawn, _ = _play(war, war.options(pickup_order="seat_order", wars_to_win=10**18,
                                      max_battles=None), 1)
    assert drawn.result.termination is Termination.REPEATED_POSITION


def _play_without_detection(module: Any, options: Any, seed: int) -> tuple[Any, int]:
    """Return the final state of the game played battle by battle, its cycle detection
    switched off, and the number of steps."""
    state = attrs.evolve(module.new_game(seed, options), cycle=None)
    steps = 0
    while state.result is None:
        state = module.step(state, module.legal_actions(state)[0])
        steps += 1
    return state, steps


@pytest.mark.rule("ARNESON-CYCLE")
@pytest.mark.parametrize(("pickup", "seed"), [("seat_order", 85), ("winner_first", 21)])
def test_arneson_skips_the_cycles_too(pickup: str, seed: int) -> None:
    # Deals of hand_size=1 whose position cycles while wars are won (found by search).
    base = {"hand_size": 1, "ranks": "2 3 4", "pickup_order": pickup, "max_battles": None}
    skipped = 0
    for goal in range(1, 130, 3):
        opts = arneson.options(**base, wars_to_win=goal)
        state, steps = _play(arneson, opts, seed)
        slow, slow_steps = _play_without_detection(arneson, opts, seed)
        # Played battle by battle, the game ends the same: winner, counts, position.
        assert attrs.evolve(state, cycle=None) == slow
        skipped += steps < slow_steps
    assert skipped > 10
    far, far_steps = _play(arneson, arneson.options(**base, wars_to_win=10**12), seed)
    assert far.result.termination is Termination.WARS_WON
    (winner,) = far.result.winners
    assert far.tally.wars_won[winner] == 10**12
    assert far_steps < 3000 < 10**12 <= far.battles


@pytest.mark.rule("WAR-CYCLE")
@pytest.mark.parametrize(("ranks", "pickup", "seed"), CYCLING)
def test_war_skips_to_the_state_played_battle_by_battle(ranks: str, pickup: str,
                                                        seed: int) -> None:
    for goal in range(1, 200, 7):
        opts = war.options(ranks=ranks, pickup_order=pickup, wars_to_win=goal)
        state, _ = _play(war, opts, seed)
        slow, _ = _play_without_detection(war, opts, seed)
        assert attrs.evolve(state, cycle=None) == slow


def _batch_row(options: object, seed: int, engine: str) -> tuple[int, int, int, str]:
    (chunk,) = batch.simulate("war", options, seeds=[seed], engine=engine)
    (_, battles, wars, winner, termination) = next(iter(chunk.rows()))
    return battles, wars, winner, termination.value


def _step_row(options: object, seed: int) -> tuple[int, int, int, str]:
    """Return what a batch row holds of the game played with ``step``."""
    state, _ = _play(war, options, seed)
    winners = state.result.winners
    return (state.battles, state.tally.wars, winners[0] if winners else -1,
            state.result.termination.value)


@pytest.mark.parametrize(("ranks", "pickup", "seed"), CYCLING)
def test_the_batch_engine_skips_the_same_cycles(ranks: str, pickup: str, seed: int) -> None:
    pytest.importorskip("numba")
    for goal in (*GOALS, 10**6, 10**17):
        for limit in (None, 999):
            opts = war.options(ranks=ranks, pickup_order=pickup, wars_to_win=goal,
                               max_battles=limit)
            want = _step_row(opts, seed)
            assert _batch_row(opts, seed, "numba") == want
            assert _batch_row(opts, seed, "reference") == want


def test_a_count_beyond_64_bits_is_refused_by_the_batch_engines() -> None:
    # 2**62 wars at about eight battles a war: more battles than a 64-bit column holds.
    opts = war.options(ranks="2 3 4", pickup_order="seat_order", wars_to_win=2**62,
                       max_battles=None)
    state, _ = _play(war, opts, 16)
    assert state.battles > 2**63  # step's counts have no bound
    engines = ["reference"]
    try:
        import numba  # noqa: F401
        engines.append("numba")
    except ImportError:
        pass
    for engine in engines:
        with pytest.raises(OptionError, match="lasts more than 9223372036854775807 battles"):
            _batch_row(opts, 16, engine)


def test_the_command_of_the_report_finishes() -> None:
    # D10's command: it ran for ever, ignoring --max-steps and Ctrl-C.
    command = [sys.executable, "-m", "cardwar", "simulate", "war", "-n", "1", "--seed", "16",
               "-o", "pickup_order=seat_order", "-o", "wars_to_win=1000000000000000000",
               "-o", "max_battles=none", "--json", "-"]
    for extra in ([], ["--max-steps", "100"]):
        done = subprocess.run(command + extra, capture_output=True, text=True, timeout=120,
                              check=True)
        assert '"game": 0' in done.stdout


@pytest.mark.usefixtures("interpreted")
def test_the_interpreted_kernel_skips_the_same_cycles() -> None:
    # The kernel's source run as Python (for coverage: see tests/test_batch_interpreted.py):
    # the skip bounded by the goal and by the limit, the draw, and the overflow.
    ranks, pickup, seed = CYCLING[0]
    for goal, limit in ((40, None), (10**17, None), (10**6, 999), (None, None)):
        opts = war.options(ranks=ranks, pickup_order=pickup, wars_to_win=goal,
                           max_battles=limit)
        assert _batch_row(opts, seed, "numba") == _step_row(opts, seed)
    drawn = war.options(pickup_order="seat_order", wars_to_win=10**18, max_battles=None)
    assert _batch_row(drawn, 1, "numba")[3] == "repeated_position"
    beyond = war.options(ranks=ranks, pickup_order=pickup, wars_to_win=2**62, max_battles=None)
    with pytest.raises(OptionError, match="more than 9223372036854775807 battles"):
        _batch_row(beyond, seed, "numba")
