"""Caravan's batch engine (``cardwar.batch.play`` with the compiled kernel) against the
step loop.

The reference side (``tests/support_batch.py``) is the plain public loop: ``new_game``, then
``legal_actions`` and each seat's :class:`~cardwar.agents.RandomAgent` (seeded
``derive_seed(seed, seat + 1)``, as ``cardwar simulate`` seeds it) choosing, then
``step``, independently of the batch module. Seed by seed, the kernel must give the same
number of steps, winner, termination and scores (positions won). Sizes by profile: ``ci``
and ``dev`` play 60 seeds per option combination and 25 Hypothesis examples; ``full``
plays 2,000 seeds per combination. These tests need the ``fast`` extra (numba), which the
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

from cardwar import agents, batch, caravan, cli, derive_seed, tournament
from cardwar.cards import parse_card, standard_deck
from cardwar.cli import simulate as simulate_command
from cardwar.core import IllegalActionError, Termination
from cardwar.errors import AgentError
from cardwar.rng import SeedError
from tests import support_batch
from tests.support_caravan import caravan_options

Row = support_batch.Row


def reference_rows(options: caravan.Options, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    return support_batch.reference_rows("caravan", options, seeds, max_steps, kinds)


def kernel_rows(options: caravan.Options, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    return support_batch.kernel_rows("caravan", options, seeds, max_steps, chunk_size, kinds)


def _thirty() -> str:
    return " ".join(map(str, standard_deck()[:22])) + " JK JK QH QS KH KS JH JS"


COMBINATIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "first_player=1,opening_hand=5": {"first_player": 1, "opening_hand": 5},
    "face_limit=1,max_numbers=3": {"face_limit": 1, "max_numbers": 3},
    "empty_hand=at_once,early_finish": {"empty_hand": "at_once", "early_finish": True},
    "equal_direction=descending,disband_draws": {"equal_direction": "descending",
                                                 "disband_draws": True},
    "opening_discard=never,opening_hand=3": {"opening_discard": "never", "opening_hand": 3},
    "max_turns=60": {"max_turns": 60},
    "opening_hand=40,face_limit=2": {"opening_hand": 40, "face_limit": 2},
    "face_limit=1,jack_ignores_face_limit": {"face_limit": 1, "jack_ignores_face_limit": True},
    "custom decks, face-heavy": {"deck_0": _thirty(), "deck_1": _thirty()},
    "custom decks, two sets": {"deck_0": " ".join(map(str, standard_deck() * 2)),
                               "deck_sets": 2, "max_numbers": 12},
}


def seeds_for(profile: str) -> list[int]:
    count = 2000 if profile == "full" else 60
    return [derive_seed(2026, i) for i in range(count)]


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_plays_the_games_of_the_step_loop(name: str, profile: str) -> None:
    options = caravan.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)
    want = reference_rows(options, seeds)
    assert kernel_rows(options, seeds) == want
    # The combinations reach what they are for: games end, and not all the same way.
    assert {row[3] for row in want} - {None}


@pytest.mark.parametrize("kinds", [("heuristic", "random"), ("random", "heuristic"),
                                   ("heuristic", "heuristic")])
@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernels_heuristic_plays_as_the_heuristic_agent(
    name: str, kinds: tuple[str, str], profile: str
) -> None:
    options = caravan.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 500 if profile == "full" else 6]
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


@settings(max_examples=25, deadline=None)
@given(options=caravan_options(small=True), seed=st.integers(0, 2**64 - 1))
def test_the_kernel_agrees_with_the_step_loop_under_any_options(
    options: caravan.Options, seed: int
) -> None:
    seeds = [seed, derive_seed(seed, 7), derive_seed(seed, 8)]
    assert kernel_rows(options, seeds) == reference_rows(options, seeds)


@settings(max_examples=10, deadline=None)
@given(options=caravan_options(), seed=st.integers(0, 2**64 - 1))
def test_the_kernel_agrees_with_the_step_loop_with_full_decks(
    options: caravan.Options, seed: int
) -> None:
    assert kernel_rows(options, [seed]) == reference_rows(options, [seed])


@pytest.mark.parametrize("max_steps", [0, 1, 3, 50, 118])
def test_max_steps_cuts_the_games_where_the_step_loop_stops(max_steps: int) -> None:
    options = caravan.options()
    seeds = [derive_seed(5, i) for i in range(30)]
    want = reference_rows(options, seeds, max_steps)
    got = kernel_rows(options, seeds, max_steps)
    assert got == want
    assert any(row[3] is None for row in got)
    if max_steps == 118:  # some games end by then and others do not
        assert any(row[3] is not None for row in got)


def test_the_results_do_not_depend_on_the_chunk_size() -> None:
    seeds = [derive_seed(9, i) for i in range(23)]
    options = caravan.options()
    assert kernel_rows(options, seeds, chunk_size=4) == kernel_rows(options, seeds)


def test_a_master_seed_plays_the_derived_seeds_and_the_engines_agree() -> None:
    by_kernel = list(batch.play("caravan", master_seed=11, games=40, chunk_size=16))
    assert [chunk.engine for chunk in by_kernel] == ["numba"] * 3
    assert [chunk.start for chunk in by_kernel] == [0, 16, 32]
    by_step = list(batch.play("caravan", master_seed=11, games=40, chunk_size=16,
                              engine="reference"))
    assert [chunk.engine for chunk in by_step] == ["reference"] * 3
    rows = [row for chunk in by_kernel for row in chunk.rows()]
    assert rows == [row for chunk in by_step for row in chunk.rows()]
    assert [row[0] for row in rows] == [derive_seed(11, i) for i in range(40)]


def test_a_chunk_holds_numpy_columns_of_the_documented_types() -> None:
    chunk = next(batch.play("caravan", seeds=[1, 2, 3], engine="numba", max_steps=100))
    assert len(chunk) == 3
    assert chunk.players == 2
    assert chunk.seed.dtype == np.uint64
    assert chunk.steps.dtype == np.int64
    assert chunk.winner.dtype == np.int16
    assert chunk.termination.dtype == np.uint8
    assert chunk.scores.dtype == np.int64
    assert chunk.scores.shape == (3, 2)
    assert set(chunk.termination.tolist()) == {batch.UNFINISHED}
    assert chunk.steps.tolist() == [100, 100, 100]


def test_the_reference_engine_plays_other_variants_and_agents() -> None:
    # The kernel has no "first" player: the reference engine plays these games.
    chunk = next(batch.play("generals", seeds=[3, 4], agents=["heuristic", "first"]))
    assert chunk.engine == "reference"
    assert chunk.scored
    for seed, steps, winner, termination, scores in chunk.rows():
        seats = [agents.agent("heuristic", "generals", derive_seed(seed, 1)),
                 agents.agent("first", "generals", derive_seed(seed, 2))]
        record = agents.play("generals", seats, seed)
        assert record.outcome is not None
        assert scores == record.outcome.scores
        assert (steps, termination) == (len(record.actions), record.outcome.termination)
        assert winner == (record.outcome.winners[0] if len(record.outcome.winners) == 1
                          else -1)
    war = next(batch.play("war", seeds=[1]))
    assert war.engine == "reference"
    assert war.steps.tolist()[0] > 0
    assert not war.scored
    cold = next(batch.play("cold-war", seeds=[1], options=None))
    assert cold.players == 3
    assert cold.scores.shape == (1, 3)


def test_kernel_plays_names_what_the_kernel_plays() -> None:
    assert batch.kernel_plays("caravan", ["random", "random"])
    assert batch.kernel_plays(caravan, ("random", "random"), caravan.options())
    assert batch.kernel_plays("caravan", ["random", "heuristic"])
    assert not batch.kernel_plays("caravan", ["random", "first"])
    assert not batch.kernel_plays("caravan", ["random"])
    assert not batch.kernel_plays("caravan", [])
    assert not batch.kernel_plays("caravan", ["random", "random"], options={"x": 1})
    assert not batch.kernel_plays("peace", ["random"] * 2)
    assert not batch.kernel_plays("chess", ["random", "random"])


def test_play_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="numba engine plays arneson between random or "
                                         "heuristic players, caravan between random or "
                                         "heuristic players, cold-war between random or "
                                         "heuristic players, generals between random or "
                                         "heuristic players only, not caravan between "
                                         "first, random"):
        next(batch.play("caravan", seeds=[1], agents=["first", "random"], engine="numba"))
    with pytest.raises(ValueError, match="one agent kind per seat"):
        batch.play("caravan", seeds=[1], agents=["random"])
    with pytest.raises(AgentError):
        batch.play("caravan", seeds=[1], agents=["random", "clever"])
    with pytest.raises(TypeError, match=r"caravan\.Options"):
        batch.play("caravan", {"max_turns": 3}, seeds=[1])
    with pytest.raises(ValueError, match="unknown variant"):
        batch.play("chess", seeds=[1])
    with pytest.raises(ValueError, match="engine must be one of"):
        batch.play("caravan", seeds=[1], engine="gpu")
    with pytest.raises(ValueError, match="max_steps"):
        batch.play("caravan", seeds=[1], max_steps=-1)
    with pytest.raises(ValueError, match="either seeds or master_seed"):
        batch.play("caravan")
    with pytest.raises(ValueError, match="games must be"):
        batch.play("caravan", master_seed=1)
    with pytest.raises(ValueError, match="games goes with master_seed"):
        batch.play("caravan", seeds=[1], games=3)
    with pytest.raises(ValueError, match="chunk_size"):
        batch.play("caravan", seeds=[1], chunk_size=0)


def test_simulate_plays_caravan_in_the_kernel_and_gives_the_step_loops_games(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.json"
    assert cli.main(["simulate", "caravan", "-n", "40", "--seed", "3", "--agents",
                     "random,random", "--json", str(out), "--max-steps", "119"]) == 0
    assert "engine: batch engine (numba)" in capsys.readouterr().out
    games = json.loads(out.read_text(encoding="utf-8"))["games"]
    options = caravan.options()
    task = ("caravan", options, 3, 0, 40, ("random", "random"), 119)
    assert games == simulate_command._run_chunk(task)
    assert any(g["termination"] is None for g in games)
    assert any(g["termination"] is not None for g in games)


def test_simulate_summary_from_the_kernel_is_the_step_paths(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", "caravan", "-n", "30", "--seed", "8", "--max-steps",
                     "120"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "engine: batch engine (numba)" in printed[0]
    tally = simulate_command.Tally(2)
    for result in simulate_command._run_chunk(("caravan", caravan.options(), 8, 0, 30,
                                  ("random", "random"), 120)):
        tally.add(result)
    assert printed[1:] == simulate_command._format_summary(tally.summary())


def test_the_tally_counts_a_kernel_chunk_as_its_rows() -> None:
    # Turn-limit draws in one chunk, games cut by max_steps in the other.
    chunks = [next(batch.play("caravan", caravan.options(max_turns=110), seeds=range(50))),
              next(batch.play("caravan", seeds=range(50), max_steps=99))]
    by_chunk = simulate_command.Tally(2)
    by_row = simulate_command.Tally(2)
    for chunk in chunks:
        by_chunk.add_game_chunk(chunk)
        for row in simulate_command._game_chunk_rows(chunk):
            by_row.add(row)
    assert by_chunk.summary() == by_row.summary()
    assert by_chunk.unfinished > 0
    assert by_chunk.draws["turn_limit"] > 0


# --- the kernel's source, run as Python ----------------------------------------------------
#
# coverage.py cannot trace compiled code. Every compiled function keeps its Python source
# as ``py_func``; the fixture puts those in the kernel module's place (the kernel calls its
# helpers, and the generator's functions it imports, through the module's globals), so
# that ``batch.play(..., engine="numba")`` runs the very source numba compiles, line by
# line, as Python, and the tests require of it what they require of the compiled kernel.

from cardwar.variants.caravan import _batch_numba as caravan_kernel  # noqa: E402

#: The compiled functions of Caravan's kernel module, its own and those it imports.
KERNEL_FUNCTIONS = ("_mix64", "_below", "_shuffle", "_agent_key", "_derive",
                    "_may_discard_opening", "_conclude", "_put", "_legal", "_distinct",
                    "_remove_from_hand", "_drop_pile", "_play", "_deal", "_move", "_play_on",
                    "_work", "acts_rows", "_play_game",
                    "_play_games_kernel", "_fraction", "_stack", "_add_copy", "_observe",
                    "_refresh", "reset_games", "step_games", "_progress", "_position",
                    "_evaluate", "_joker_values", "_heuristic", "rollouts", "_rollouts",
                    "_total", "_heuristic_choice", "step_against",
                    "_distinct_in_order")


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run Caravan's kernel as plain Python for the test's duration."""
    for name in KERNEL_FUNCTIONS:
        monkeypatch.setattr(caravan_kernel, name, getattr(caravan_kernel, name).py_func)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        yield


def test_the_fixture_runs_every_compiled_function_as_python(interpreted: None) -> None:
    compiled = [name for name, value in vars(caravan_kernel).items() if hasattr(value, "py_func")]
    assert compiled == []
    for name in KERNEL_FUNCTIONS:
        assert callable(getattr(caravan_kernel, name)), name


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_as_python_plays_the_games_of_the_step_loop(
    name: str, profile: str, interpreted: None
) -> None:
    options = caravan.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 100 if profile == "full" else 3]
    assert kernel_rows(options, seeds) == reference_rows(options, seeds)


def test_the_kernel_as_python_plays_the_heuristic_agent(interpreted: None) -> None:
    for name in ("default", "face_limit=1,max_numbers=3", "custom decks, face-heavy"):
        options = caravan.options(**COMBINATIONS[name])
        for kinds in (("heuristic", "random"), ("random", "heuristic")):
            seeds = [derive_seed(4, i) for i in range(2)]
            assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(
                options, seeds, kinds=kinds)


def test_the_kernel_as_python_passes_the_turn_over_a_finished_opening(
    interpreted: None
) -> None:
    # Seeds 117 and 121 deal seat 0 three face cards with no discard allowed: its opening
    # is over at once, and seat 1, still in its opening, moves first (CARAVAN-OPENING).
    options = caravan.options(opening_discard="never", opening_hand=3)
    for seed in (117, 121):
        assert caravan.new_game(seed, options).to_move == 1
    assert kernel_rows(options, [117, 121]) == reference_rows(options, [117, 121])
    games = batch.Games("caravan", [117, 121], options)
    assert games.to_move.tolist() == [1, 1]


def test_games_as_python_refuse_an_illegal_id(interpreted: None) -> None:
    games = batch.Games("caravan", [1, 2])
    ids = games.legal_action_mask.argmax(axis=1)
    ids[0] = int(np.flatnonzero(games.legal_action_mask[0] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 0"):
        games.step(ids)


def test_games_as_python_step_as_the_public_api(interpreted: None) -> None:
    options = caravan.options(**COMBINATIONS["face_limit=1,max_numbers=3"])
    assert check_games_against_step(options, [1, 2], 150) > 0
    assert check_games_against_step(caravan.options(), [3], 20) == 0


def test_the_kernel_as_python_cuts_games_at_max_steps(interpreted: None) -> None:
    seeds = [derive_seed(5, i) for i in range(4)]
    assert kernel_rows(caravan.options(), seeds, 60) == reference_rows(caravan.options(),
                                                                        seeds, 60)


# --- stepping many games by action ids (batch.Games) ---------------------------------------


def check_games_against_step(options: caravan.Options, seeds: list[int], rounds: int,
                             choose_seed: int = 0) -> int:
    return support_batch.check_games_against_step("caravan", options, seeds, rounds,
                                                  choose_seed, next_seat=_next_seat)


def _next_seat(state: caravan.State) -> int:
    return state.to_move  # a finished game keeps the seat that would have moved next


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_games_step_as_the_public_api_steps(name: str, profile: str) -> None:
    options = caravan.options(**COMBINATIONS[name])
    count = 200 if profile == "full" else 8
    ended = check_games_against_step(options, seeds_for(profile)[:count], 190)
    assert ended > 0


@settings(max_examples=15, deadline=None)
@given(options=caravan_options(small=True), seed=st.integers(0, 2**64 - 1),
       choose=st.integers(0, 100))
def test_games_step_as_the_public_api_under_any_options(
    options: caravan.Options, seed: int, choose: int
) -> None:
    check_games_against_step(options, [seed, derive_seed(seed, 3)], 80, choose)


def test_games_refuse_an_illegal_id_before_any_game_moves() -> None:
    games = batch.Games("caravan", [1, 2, 3])
    before = games.observation.copy()
    ids = games.legal_action_mask.argmax(axis=1)
    illegal = int(np.flatnonzero(games.legal_action_mask[1] == 0)[0])
    ids[1] = illegal
    with pytest.raises(IllegalActionError, match=f"game 1: action id {illegal} is not legal"):
        games.step(ids)
    assert np.array_equal(games.observation, before)
    assert games.turns.tolist() == [0, 0, 0]
    for bad in (-1, games.num_actions):
        ids[1] = bad
        with pytest.raises(IllegalActionError, match="game 1"):
            games.step(ids)
    with pytest.raises(TypeError, match="3 integer ids"):
        games.step([0, 1])
    with pytest.raises(TypeError, match="3 integer ids"):
        games.step(np.zeros(3, dtype=np.float64))


def test_games_reset_deals_new_games_and_keeps_no_state() -> None:
    games = batch.Games("caravan", [5, 6])
    games.step(games.legal_action_mask.argmax(axis=1))
    games.reset(np.array([7, 8, 9], dtype=np.uint64))
    fresh = batch.Games("caravan", [7, 8, 9])
    assert len(games) == 3
    assert np.array_equal(games.observation, fresh.observation)
    assert np.array_equal(games.legal_action_mask, fresh.legal_action_mask)
    assert games.turns.tolist() == [0, 0, 0]
    assert games.seeds.tolist() == [7, 8, 9]


def test_games_refuse_what_they_cannot_play() -> None:
    with pytest.raises(ValueError, match="plays arneson, caravan, cold-war, generals only"):
        batch.Games("war", [1])
    with pytest.raises(ValueError, match="plays arneson, caravan, cold-war, generals only"):
        batch.Games("chess", [1])
    with pytest.raises(TypeError, match=r"caravan\.Options"):
        batch.Games("caravan", [1], {"max_turns": 3})
    with pytest.raises(ValueError, match="at least one seed"):
        batch.Games("caravan", [])
    with pytest.raises(SeedError):
        batch.Games("caravan", [-1])
    with pytest.raises(SeedError):
        batch.Games("caravan", [1.5, 2])


def test_summarize_games_gives_the_summary_simulate_prints() -> None:
    # max_turns makes draws, max_steps cuts games: every kind of count is reached.
    chunks = [*batch.play("caravan", caravan.options(max_turns=110), master_seed=4,
                          games=150, chunk_size=64),
              *batch.play("caravan", master_seed=5, games=150, max_steps=117, chunk_size=64)]
    summary = batch.summarize_games(chunks)
    tally = simulate_command.Tally(2)
    for chunk in chunks:
        for row in simulate_command._game_chunk_rows(chunk):
            tally.add(row)
    printed = tally.summary()
    assert summary.games == printed["games"] == 300
    assert summary.engine == "numba"
    assert summary.mean_steps == pytest.approx(printed["length"]["mean"])
    assert (summary.p95_steps, summary.p99_steps, summary.max_steps) == (
        printed["length"]["p95"], printed["length"]["p99"], printed["length"]["max"])
    assert summary.median_steps in (printed["length"]["median"] - 0.5,
                                    printed["length"]["median"],
                                    printed["length"]["median"] + 0.5)
    assert list(summary.wins) == printed["wins"]
    assert {t.value: n for t, n in summary.draws.items()} == printed["draws"]
    assert summary.unfinished == printed["unfinished"] > 0
    assert summary.draws[Termination.TURN_LIMIT] > 0
    assert sum(summary.terminations.values()) + summary.unfinished == 300


def test_summarize_games_of_mixed_engines_and_of_nothing() -> None:
    chunks = [*batch.play("caravan", seeds=[1, 2], engine="numba"),
              *batch.play("caravan", seeds=[3], engine="reference")]
    summary = batch.summarize_games(chunks)
    assert summary.engine == "mixed"
    assert summary.games == 3
    assert sum(summary.wins) + sum(summary.draws.values()) == 3
    with pytest.raises(ValueError, match="no games"):
        batch.summarize_games([])


def test_the_reference_engine_cuts_games_at_max_steps_as_the_kernel() -> None:
    seeds = [derive_seed(6, i) for i in range(12)]
    by_step = [row for chunk in batch.play("caravan", seeds=seeds, max_steps=110,
                                           engine="reference") for row in chunk.rows()]
    assert by_step == kernel_rows(caravan.options(), seeds, 110)
    assert any(row[3] is None for row in by_step)


def test_play_without_numpy_gives_array_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    import array

    monkeypatch.setattr(batch, "_numpy", lambda: None)
    chunk = next(batch.play("caravan", seeds=[1, 2], engine="reference", max_steps=100))
    assert isinstance(chunk.steps, array.array)
    assert isinstance(chunk.scores[0], array.array)
    monkeypatch.undo()
    assert list(chunk.rows()) == kernel_rows(caravan.options(), [1, 2], 100)


def test_the_kernel_without_numba_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "_numba_ready", lambda: False)
    assert not batch.kernel_plays("caravan", ["random", "random"])
    with pytest.raises(RuntimeError, match=r"pip install 'cardwar\[fast\]'"):
        batch.play("caravan", seeds=[1], engine="numba")
    with pytest.raises(RuntimeError, match=r"Games needs numba"):
        batch.Games("caravan", [1])
    chunk = next(batch.play("caravan", seeds=[1]))  # auto: the reference engine
    assert chunk.engine == "reference"


# --- rollouts from given positions (CaravanRollout) ------------------------------------------


def reference_rollout(state: caravan.State, seat: int, action: Any, max_steps: int) -> float:
    """Play ``action`` for ``seat``, then both seats by the heuristic through ``step``;
    return the rollout's result for ``seat`` as the kernel scores it."""
    heuristic = caravan.CaravanHeuristic()
    state = caravan.step(state, action)
    steps = 0
    while state.result is None and steps < max_steps:
        mover = state.to_move
        state = caravan.step(state, heuristic.choose(caravan.observe(state, mover),
                                                     caravan.legal_actions(state)))
        steps += 1
    score = 0.0
    if state.result is not None:
        won = state.result.scores or (0, 0)
        score = 0.1 * (won[seat] - won[1 - seat])
        if state.result.winners:
            score += 1.0 if state.result.winners == (seat,) else -1.0
    else:
        held = [0, 0]
        for winner in caravan.position_winners(state.caravans):
            if winner is not None:
                held[winner] += 1
        score = 0.1 * (held[seat] - held[1 - seat])
    return score


def positions_of(options: caravan.Options, seeds: list[int], plies: int) -> list[caravan.State]:
    """Return the position after ``plies`` random moves of each seed's game."""
    import random

    out = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = caravan.new_game(seed, options)
        for _ in range(plies):
            if state.result is not None:
                break
            state = caravan.step(state, rnd.choice(caravan.legal_actions(state)))
        if state.result is None:
            out.append(state)
    return out


@pytest.mark.parametrize(("name", "plies", "max_steps"), [
    ("default", 0, 1000), ("default", 9, 1000), ("default", 30, 1000), ("default", 30, 5),
    ("face_limit=1,max_numbers=3", 20, 1000), ("custom decks, face-heavy", 15, 1000),
    ("empty_hand=at_once,early_finish", 25, 1000),
])
def test_kernel_rollouts_are_the_heuristics_games_through_step(
    name: str, plies: int, max_steps: int
) -> None:
    from cardwar.variants.caravan import _batch

    options = caravan.options(**COMBINATIONS[name])
    states = positions_of(options, [1, 2, 3], plies)
    assert states
    for state in states:
        legal = caravan.legal_actions(state)
        got = _batch.rollouts([state], state.to_move, legal, max_steps)
        want = [reference_rollout(state, state.to_move, a, max_steps) for a in legal]
        assert got[0].tolist() == pytest.approx(want)


def test_a_rollout_is_cut_after_a_thousand_moves_by_default() -> None:
    """The rollout player calls the kernel without ``max_steps``: its playouts stop after
    1,000 moves (as its docstring says). A deck of 500 Aces and Twos makes games of about
    1,000 moves; from this deal some playouts end at move 1,001, so a cut one move later
    gives other results, and the default must be exactly 1,000."""
    from cardwar.variants.caravan import _batch

    cards = " ".join(str(c) for c in standard_deck() if str(c)[0] in "A2")
    deck = " ".join([cards] * 63).split()[:500]
    options = caravan.options(deck_0=" ".join(deck), deck_1=" ".join(deck), deck_sets=63)
    state = caravan.new_game(6, options)
    legal = caravan.legal_actions(state)
    got = _batch.rollouts([state], state.to_move, legal)
    assert got.tolist() == _batch.rollouts([state], state.to_move, legal, 1000).tolist()
    assert got.tolist() != _batch.rollouts([state], state.to_move, legal, 1001).tolist()
    # Cut at move 1,000, a playout that would end at 1,001 scores as a draw: its positions.
    assert reference_rollout(state, state.to_move, legal[12], 1000) == got[0][12] == 0.0


def test_the_rollout_player_chooses_legally_and_the_same_for_the_same_seed() -> None:
    state = positions_of(caravan.options(), [4], 12)[0]
    seen = caravan.observe(state, state.to_move)
    legal = caravan.legal_actions(state)
    choices = [caravan.CaravanRollout(7, rollouts=100).choose(seen, legal) for _ in range(2)]
    assert choices[0] == choices[1]
    assert choices[0] in legal
    only = legal[:1]
    assert caravan.CaravanRollout(7).choose(seen, only) is only[0]
    for bad in ({"rollouts": 0}, {"min_samples": "8"}, {"max_samples": -1}):
        with pytest.raises(AgentError):
            caravan.CaravanRollout(0, **bad)
    assert repr(caravan.CaravanRollout(0, rollouts=10, min_samples=2, max_samples=1)) == (
        "CaravanRollout(rollouts=10, min_samples=2, max_samples=2, confidence=1.0)")


def test_the_rollout_player_beats_the_heuristic(profile: str) -> None:
    # Every deal in both seatings; seeded, so the same games every run. Measured over
    # 1,000 games on the agents page; here a smaller yardstick.
    games = 400 if profile == "full" else 40
    result = tournament.tournament("caravan", ["cardwar.caravan:CaravanRollout", "heuristic"],
                                   games, 2026)
    rollout = result.standings[0]
    assert rollout.wins >= 0.6 * games, result.table()


def test_rollouts_as_python(interpreted: None) -> None:
    from cardwar.variants.caravan import _batch

    state = positions_of(caravan.options(), [5], 20)[0]
    legal = caravan.legal_actions(state)[:3]
    for max_steps in (1000, 2):  # played to the end, and cut
        got = _batch.rollouts([state], state.to_move, legal, max_steps)
        assert got[0].tolist() == pytest.approx(
            [reference_rollout(state, state.to_move, a, max_steps) for a in legal])


@pytest.mark.parametrize("variant", ["caravan", "arneson"])
def test_games_arrays_have_the_documented_types(variant: str) -> None:
    # The research page documents these types (a mask of uint8 a learner can index with,
    # float64 observations and rewards); kills Stepper.reset's dtype survivors.
    games = batch.Games(variant, [5, 6])
    for _ in range(2):
        assert games.observation.dtype == np.float64
        assert games.legal_action_mask.dtype == np.uint8
        assert games.turns.dtype == np.int64
        assert games.observation.shape == (2, games.observation_size)
        assert games.legal_action_mask.shape == (2, games.num_actions)
        observation, mask, rewards, done = games.step(games.legal_action_mask.argmax(axis=1))
        assert rewards.dtype == np.float64
        assert rewards.shape == (2, 2)
        assert done.dtype == np.bool_
        assert observation is games.observation or np.array_equal(observation,
                                                                    games.observation)
        assert np.array_equal(mask, games.legal_action_mask)


# --- scripted games through batch.Games (positions random play seldom reaches) -------------


def script_games_against_step(options: caravan.Options,
                              script: list[caravan.Play | caravan.Discard]) -> caravan.State:
    """Play ``script`` (whole decks in the opening hands, so that any seed deals the same
    cards) through ``batch.Games`` and ``caravan.step`` side by side; require the same
    observation tensor, mask and seat to move before every move and after the last;
    return the last state."""
    games = batch.Games("caravan", [3], options)
    state = caravan.new_game(3, options)

    def check(where: str) -> None:
        seat = state.to_move
        want = np.frombuffer(caravan.observation_tensor(caravan.observe(state, seat)))
        assert np.array_equal(games.observation[0], want), where
        mask = np.frombuffer(caravan.legal_action_mask(state), dtype=np.uint8)
        assert np.array_equal(games.legal_action_mask[0], mask), where
        assert games.to_move[0] == seat, where

    for move in script:
        check(f"before {move}")
        assert move in caravan.legal_actions(state)
        games.step(np.array([caravan.action_to_index(options, move)], dtype=np.int64))
        state = caravan.step(state, move)
    check("after the script")
    return state


def _play(card: str, c: int, target: int | None = None) -> caravan.Play:
    return caravan.Play(parse_card(card), c, target)


def test_games_give_two_equal_last_values_the_descending_direction() -> None:
    """A Jack that takes the 8 out of 5S 8D 5D leaves two equal last values: under
    ``equal_direction=descending`` the caravan descends (CARAVAN-RECOMPUTE), in the
    kernel's observation as in the step loop's."""
    options = caravan.options(deck_0="5S 2H 3H 8D 5D JC 10S",
                              deck_1="2C 3C 4C 9S 9C 10C 8C", min_deck_size=3,
                              opening_hand=10, equal_direction="descending")
    state = script_games_against_step(options, [
        _play("5S", 0), _play("2C", 3), _play("2H", 1), _play("3C", 4), _play("3H", 2),
        _play("4C", 5), _play("8D", 0), caravan.Discard(parse_card("9S")), _play("5D", 0),
        caravan.Discard(parse_card("9C")), _play("JC", 0, 1)])
    assert [str(pile.numeral) for pile in state.caravans[0].piles] == ["5S", "5D"]
    assert state.caravans[0].direction is caravan.Direction.DOWN


def test_games_hold_more_face_cards_on_a_pile_than_there_are_number_cards() -> None:
    """Five face cards on one number card, where both decks hold two number cards: the
    kernel's room for faces on one pile is the face cards of the decks, and the faces of
    another caravan's pile stay its own."""
    options = caravan.options(deck_0="5S 8S KH KD QS QD", deck_1="QH KS KC QC JK",
                              min_deck_size=3, opening_hand=10)
    state = script_games_against_step(options, [
        _play("5S", 0), _play("8S", 1), _play("QH", 1, 0), _play("KH", 0, 0),
        _play("KS", 0, 0), _play("KD", 0, 0), _play("KC", 0, 0), _play("QS", 0, 0)])
    assert len(state.caravans[0].piles[0].faces) == 5
    assert [str(face) for face in state.caravans[1].piles[0].faces] == ["QH"]
