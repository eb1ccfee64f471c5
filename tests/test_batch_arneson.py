"""Arneson's War's batch engine (``cardwar.batch.play`` with the compiled kernel) against
the step loop.

The reference side (``tests/support_batch.py``) is the plain public loop: ``new_game``, then
``legal_actions`` and each seat's agent (:class:`~cardwar.agents.RandomAgent` seeded
``derive_seed(seed, seat + 1)``, as ``cardwar simulate`` seeds it, or the heuristic)
choosing, then ``step``, independently of the batch module. Seed by seed, the kernel must
give the same number of steps, winner and termination. Sizes by profile: ``ci`` and
``dev`` play 40 seeds per option combination and 25 Hypothesis examples; ``full`` plays
2,000 seeds per combination. These tests need the ``fast`` extra (numba), which the
``test`` extra installs: without it they fail rather than skip.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import arneson, batch, cli, derive_seed
from cardwar.cli import simulate as simulate_command
from cardwar.core import IllegalActionError, Termination
from cardwar.errors import ArgumentError
from tests import support_batch
from tests.strategies import arneson_options

Row = support_batch.Row


def reference_rows(options: arneson.Options, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    return support_batch.reference_rows("arneson", options, seeds, max_steps, kinds)


def kernel_rows(options: arneson.Options, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    return support_batch.kernel_rows("arneson", options, seeds, max_steps, chunk_size, kinds)


#: Option combinations, each reaching a rule of its own (the test checks that games end,
#: and which ways).
COMBINATIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "war_pair=winner": {"war_pair": "winner"},
    "pickup_order=win_pile": {"pickup_order": "win_pile"},
    "pickup_order=winner_first,hand_size=2": {"pickup_order": "winner_first", "hand_size": 2},
    "pickup_order=seat_order,wars_to_win=3": {"pickup_order": "seat_order", "wars_to_win": 3},
    "hand_size=1 (shuffled pickup)": {"hand_size": 1},
    "face_down=0,decks=2": {"face_down": 0, "decks": 2},
    # A stake of one card is the whole stake: the observation's stakes read 1.0 in a war.
    "face_down=1": {"face_down": 1},
    "hand_size=6,face_down=30,max_battles=40": {"hand_size": 6, "face_down": 30,
                                                "max_battles": 40},
    "small odd deck": {"ranks": "2,3,4", "suits": "C,D,H", "hand_size": 1,
                                    "face_down": 2},
    "win_pile,war_pair=winner,wars_to_win=1": {"pickup_order": "win_pile",
                                               "war_pair": "winner", "wars_to_win": 1},
}

#: The terminations each combination reaches among the seeds of the ci profile.
REACHED = {
    "pickup_order=seat_order,wars_to_win=3": {Termination.WARS_WON},
    "hand_size=6,face_down=30,max_battles=40": {Termination.ALL_CARDS,
                                                Termination.BATTLE_LIMIT},
    "small odd deck": {Termination.UNDECIDABLE},
    "win_pile,war_pair=winner,wars_to_win=1": {Termination.WARS_WON},
}


def seeds_for(profile: str) -> list[int]:
    count = 2000 if profile == "full" else 40
    return [derive_seed(2026, i) for i in range(count)]


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_plays_the_games_of_the_step_loop(name: str, profile: str) -> None:
    options = arneson.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)
    want = reference_rows(options, seeds)
    assert kernel_rows(options, seeds) == want
    reached = {row[3] for row in want}
    assert None not in reached
    assert REACHED.get(name, {Termination.ALL_CARDS}) <= reached


@pytest.mark.parametrize("kinds", [("heuristic", "random"), ("random", "heuristic"),
                                   ("heuristic", "heuristic")])
@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernels_heuristic_plays_as_the_heuristic_agent(
    name: str, kinds: tuple[str, str], profile: str
) -> None:
    options = arneson.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 500 if profile == "full" else 10]
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


@settings(max_examples=25, deadline=None)
@given(options=arneson_options(small=True), seed=st.integers(0, 2**64 - 1),
       kinds=st.sampled_from([("random", "random"), ("heuristic", "random"),
                              ("random", "heuristic")]))
def test_the_kernel_agrees_with_the_step_loop_under_any_options(
    options: arneson.Options, seed: int, kinds: tuple[str, str]
) -> None:
    seeds = [seed, derive_seed(seed, 7), derive_seed(seed, 8)]
    if batch.kernel_plays("arneson", kinds, options):
        assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                          kinds=kinds)
    else:
        # Only the games of the rules' cycle detection are left to the reference engine,
        # which batch.play then takes by itself.
        assert arneson.rules.detects_cycles(options)
        chunks = list(batch.play("arneson", options, seeds=seeds, agents=kinds))
        assert {chunk.engine for chunk in chunks} == {"reference"}
        got = [row for chunk in chunks for row in chunk.rows()]
        assert got == reference_rows(options, seeds, kinds=kinds)


@pytest.mark.parametrize("max_steps", [0, 1, 2, 3, 50, 301])
def test_max_steps_cuts_the_games_where_the_step_loop_stops(max_steps: int) -> None:
    options = arneson.options()
    seeds = [derive_seed(5, i) for i in range(30)]
    want = reference_rows(options, seeds, max_steps)
    got = kernel_rows(options, seeds, max_steps)
    assert got == want
    assert any(row[3] is None for row in got)
    if max_steps == 301:  # some games end by then and others do not
        assert any(row[3] is not None for row in got)


def test_the_results_do_not_depend_on_the_chunk_size() -> None:
    seeds = [derive_seed(9, i) for i in range(23)]
    options = arneson.options()
    assert kernel_rows(options, seeds, chunk_size=4) == kernel_rows(options, seeds)


def test_a_master_seed_plays_the_derived_seeds_and_the_engines_agree() -> None:
    by_kernel = list(batch.play("arneson", master_seed=11, games=40, chunk_size=16,
                                agents=["heuristic", "random"]))
    assert [chunk.engine for chunk in by_kernel] == ["numba"] * 3
    by_step = list(batch.play("arneson", master_seed=11, games=40, chunk_size=16,
                              agents=["heuristic", "random"], engine="reference"))
    assert [chunk.engine for chunk in by_step] == ["reference"] * 3
    rows = [row for chunk in by_kernel for row in chunk.rows()]
    assert rows == [row for chunk in by_step for row in chunk.rows()]
    assert [row[0] for row in rows] == [derive_seed(11, i) for i in range(40)]
    assert all(row[4] == (0, 0) for row in rows)  # the game keeps no scores
    assert not any(chunk.scored for chunk in by_kernel + by_step)


def test_limits_beyond_64_bits_play_as_no_limit() -> None:
    # No game reaches 2**63 battles or wars won, so the kernel plays such a limit as none:
    # the games are those of the step loop under the same options.
    seeds = [derive_seed(3, i) for i in range(10)]
    for name in ("wars_to_win", "max_battles"):
        options = arneson.options(**{name: 2**70})
        assert kernel_rows(options, seeds) == reference_rows(options, seeds)
    assert kernel_rows(arneson.options(), seeds, max_steps=2**70) == reference_rows(
        arneson.options(), seeds)


def test_kernel_plays_names_what_the_kernel_plays() -> None:
    assert batch.kernel_plays("arneson", ["random", "random"])
    assert batch.kernel_plays(arneson, ("heuristic", "random"), arneson.options())
    assert batch.kernel_plays("hand-war", ["random", "heuristic"], arneson.options(hand_size=1))
    assert not batch.kernel_plays("arneson", ["random", "search"])
    assert not batch.kernel_plays("arneson", ["random"])
    assert not batch.kernel_plays("arneson", ["random", "random"],
                                  arneson.options(hand_size=1, pickup_order="seat_order"))


def test_play_says_why_the_kernel_does_not_play_the_cycle_options() -> None:
    options = arneson.options(hand_size=1, pickup_order="winner_first")
    with pytest.raises(ValueError, match="nobody chooses") as refused:
        next(batch.play("arneson", options, seeds=[1], engine="numba"))
    assert str(refused.value) == (
        "the numba engine does not play arneson with hand_size=1 and pickup_order=winner_first: "
        "nobody chooses, and the rules end such games by cycle detection (ARNESON-CYCLE); use "
        "engine='reference'")
    with pytest.raises(ValueError, match="numba engine plays arneson between random or "
                                         "heuristic players, caravan"):
        next(batch.play("arneson", seeds=[1], agents=["first", "random"], engine="numba"))


def test_simulate_plays_arneson_in_the_kernel_and_gives_the_step_loops_games(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.json"
    code = cli.main(["simulate", "arneson", "-n", "30", "--seed", "4", "--agents",
                     "heuristic,random", "--json", str(out), "--no-progress"])
    assert code == 0
    assert "engine: batch engine (numba)" in capsys.readouterr().out
    games = json.loads(out.read_text(encoding="utf-8"))["games"]
    # The step path's games of the same command (its _run_chunk plays them through step).
    task = ("arneson", arneson.options(), 4, 0, 30, ("heuristic", "random"), None)
    assert games == simulate_command._run_chunk(task)
    want = reference_rows(arneson.options(), [derive_seed(4, i) for i in range(30)],
                          kinds=("heuristic", "random"))
    assert [g["steps"] for g in games] == [row[1] for row in want]


# --- the kernel's source, run as Python ----------------------------------------------------
#
# coverage.py cannot trace compiled code. Every compiled function keeps its Python source
# as ``py_func``; the fixture puts those in the kernel module's place (the kernel calls its
# helpers, and the War kernel's functions it imports, through the module's globals), so
# that ``batch.play(..., engine="numba")`` runs the very source numba compiles, line by
# line, as Python, and the tests require of it what they require of the compiled kernel.

from cardwar import _kernels  # noqa: E402
from cardwar.variants._battle import _batch_numba as war_kernel  # noqa: E402
from cardwar.variants.arneson import _batch_numba as arneson_kernel  # noqa: E402

#: The compiled functions of Arneson's kernel module, its own and those it imports.
KERNEL_FUNCTIONS = ("_mix64", "_below", "_shuffle", "_take", "_put", "_agent_key",
                    "_fraction", "_add_card", "_legal", "_pick", "_deal", "_commit",
                    "_resolve", "_play_game", "_play_games_kernel", "_observe", "_refresh",
                    "reset_games", "step_games", "step_against")
#: The functions of the War kernel that those imported call (through its own globals).
WAR_FUNCTIONS = ("_mix64", "_below", "_shuffle", "_refill")
#: The functions of the kernels' shared toolkit that those imported call.
TOOLKIT_FUNCTIONS = ("_mix64", "_below")


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run Arneson's kernel as plain Python for the test's duration. The functions it
    imports from the War kernel and the shared toolkit are replaced in those modules too:
    a Python function calling a compiled one would hand it a Python int where the
    compiled code expects uint64."""
    for name in KERNEL_FUNCTIONS:
        monkeypatch.setattr(arneson_kernel, name, getattr(arneson_kernel, name).py_func)
    for name in WAR_FUNCTIONS:
        monkeypatch.setattr(war_kernel, name, getattr(war_kernel, name).py_func)
    for name in TOOLKIT_FUNCTIONS:
        monkeypatch.setattr(_kernels, name, getattr(_kernels, name).py_func)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        yield


def test_the_fixture_runs_every_compiled_function_as_python(interpreted: None) -> None:
    compiled = [name for name, value in vars(arneson_kernel).items()
                if hasattr(value, "py_func")]
    assert compiled == []
    assert not any(hasattr(getattr(war_kernel, name), "py_func") for name in WAR_FUNCTIONS)
    assert not any(hasattr(getattr(_kernels, name), "py_func") for name in TOOLKIT_FUNCTIONS)


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_as_python_plays_the_games_of_the_step_loop(
    name: str, profile: str, interpreted: None
) -> None:
    options = arneson.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 100 if profile == "full" else 2]
    for kinds in (("random", "random"), ("heuristic", "random")):
        assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                          kinds=kinds)


def test_the_kernel_as_python_cuts_games_at_max_steps(interpreted: None) -> None:
    seeds = [derive_seed(5, i) for i in range(3)]
    assert kernel_rows(arneson.options(), seeds, 61) == reference_rows(arneson.options(),
                                                                        seeds, 61)


def test_games_as_python_step_as_the_public_api(interpreted: None) -> None:
    for name in ("default", "pickup_order=win_pile", "small odd deck", "face_down=0,decks=2"):
        options = arneson.options(**COMBINATIONS[name])
        check_games_against_step(options, [derive_seed(8, i) for i in range(2)], 40)
    assert check_games_against_step(arneson.options(max_battles=3), [4], 30) == 1
    # Without a battle limit the progress part stays 0; wars won count over wars_to_win.
    check_games_against_step(arneson.options(max_battles=None, wars_to_win=2), [5], 30)


def test_games_as_python_refuse_an_illegal_id(interpreted: None) -> None:
    games = batch.Games("arneson", [1, 2])
    ids = games.legal_action_mask.argmax(axis=1)
    ids[0] = int(np.flatnonzero(games.legal_action_mask[0] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 0"):
        games.step(ids)


def test_the_kernel_as_python_ends_an_undecidable_war(interpreted: None) -> None:
    # Seeds 0 and 3 of this small deck end with both hands empty in a war (ARNESON-SHORT).
    options = arneson.options(**COMBINATIONS["small odd deck"])
    want = reference_rows(options, [0, 3])
    assert {row[3] for row in want} == {Termination.UNDECIDABLE}
    assert kernel_rows(options, [0, 3]) == want


# --- stepping many games by action ids (batch.Games) ---------------------------------------


def check_games_against_step(options: arneson.Options, seeds: list[int], rounds: int,
                             choose_seed: int = 0) -> int:
    return support_batch.check_games_against_step("arneson", options, seeds, rounds,
                                                  choose_seed)


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_games_step_as_the_public_api_steps(name: str, profile: str) -> None:
    options = arneson.options(**COMBINATIONS[name])
    count = 100 if profile == "full" else 6
    ended = check_games_against_step(options, seeds_for(profile)[:count], 400)
    if name in ("small odd deck", "win_pile,war_pair=winner,wars_to_win=1",
                "pickup_order=seat_order,wars_to_win=3"):
        assert ended > 0  # short games: the steps reach their ends


def test_games_play_whole_games_as_the_public_api() -> None:
    # Every game of a short limit ends within the rounds: outcomes and rewards compared.
    options = arneson.options(max_battles=25, hand_size=4)
    assert check_games_against_step(options, [derive_seed(6, i) for i in range(5)], 260) == 5


@settings(max_examples=15, deadline=None)
@given(options=arneson_options(small=True), seed=st.integers(0, 2**64 - 1),
       choose=st.integers(0, 100))
def test_games_step_as_the_public_api_under_any_options(
    options: arneson.Options, seed: int, choose: int
) -> None:
    if arneson.rules.detects_cycles(options):
        with pytest.raises(ValueError, match="Games does not play arneson with hand_size=1"):
            batch.Games("arneson", [seed], options)
        return
    check_games_against_step(options, [seed, derive_seed(seed, 3)], 120, choose)


def test_games_refuse_an_illegal_id_before_any_game_moves() -> None:
    games = batch.Games("arneson", [1, 2, 3])
    before = games.observation.copy()
    ids = games.legal_action_mask.argmax(axis=1)
    illegal = int(np.flatnonzero(games.legal_action_mask[1] == 0)[0])
    ids[1] = illegal
    with pytest.raises(IllegalActionError, match=f"game 1: action id {illegal} is not legal"):
        games.step(ids)
    assert np.array_equal(games.observation, before)
    assert games.turns.tolist() == [0, 0, 0]
    assert games.observation.shape == (3, arneson.observation_shape(arneson.options())[0])
    assert games.legal_action_mask.shape == (3, arneson.num_actions(arneson.options()))


@pytest.mark.parametrize("pickup", ["winner_first", "seat_order"])
def test_games_refuse_the_options_of_cycle_detection_saying_why(pickup: str) -> None:
    # The drawn options above reach these only by chance; the refusal is checked here.
    options = arneson.options(hand_size=1, pickup_order=pickup)
    with pytest.raises(ArgumentError) as err:
        batch.Games("arneson", [1], options)
    assert str(err.value).startswith(
        f"Games does not play arneson with hand_size=1 and pickup_order={pickup}: ")
