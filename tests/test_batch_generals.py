"""General's War's batch engine (``cardwar.batch.play`` with the compiled kernel) against
the step loop.

The reference side (``tests/support_batch.py``) is the plain public loop: ``new_game``, then
``legal_actions`` and each seat's agent (:class:`~cardwar.agents.RandomAgent` seeded
``derive_seed(seed, seat + 1)``, as ``cardwar simulate`` seeds it, or the heuristic)
choosing, then ``step``, independently of the batch module. Seed by seed, the kernel must
give the same number of steps, winner, termination and scores. Sizes by profile: ``ci``
and ``dev`` play 30 seeds per option combination and 25 Hypothesis examples; ``full``
plays 1,000 seeds per combination. These tests need the ``fast`` extra (numba), which the
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

from cardwar import batch, cli, derive_seed, generals
from cardwar.cli import simulate as simulate_command
from cardwar.core import IllegalActionError, Termination
from tests import support_batch
from tests.support_generals import generals_options

Row = support_batch.Row


def reference_rows(options: generals.Options, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, ...] | None = None) -> list[Row]:
    kinds = kinds or ("random",) * options.players
    return support_batch.reference_rows("generals", options, seeds, max_steps, kinds)


def kernel_rows(options: generals.Options, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, ...] | None = None) -> list[Row]:
    kinds = kinds or ("random",) * options.players
    return support_batch.kernel_rows("generals", options, seeds, max_steps, chunk_size, kinds)


#: Option combinations, each reaching rules of its own (the test checks that games end,
#: and which ways).
COMBINATIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "players=4 (duel, places)": {"players": 4},
    "players=4,places=false": {"players": 4, "places": False},
    "players=4,partnership": {"players": 4, "four_player": "partnership"},
    "tie=return_to_owners,kills_to_win=1": {"tie": "return_to_owners", "kills_to_win": 1},
    "colour_halves": {"deck_mode": "colour_halves"},
    "colour_halves,one_to_three,uneven": {"deck_mode": "colour_halves",
                                          "squad_size": "one_to_three",
                                          "suits": "C D H", "target": 120},
    "one_to_three,players=4,claim_cards=2": {"squad_size": "one_to_three", "players": 4,
                                             "claim_cards": 2},
    "claim_cards=0,first_dealer=1,target=60": {"claim_cards": 0, "first_dealer": 1,
                                               "target": 60},
    "small deck,hand_size=1,players=4": {"ranks": "A 2 3", "suits": "C D H S",
                                         "hand_size": 1, "players": 4, "target": 20,
                                         "kills_to_win": 1},
    "hand_size=13,players=4,partnership": {"hand_size": 13, "players": 4,
                                           "four_player": "partnership", "target": 150},
}

#: The terminations each combination reaches among the seeds of the ci profile.
REACHED = {
    "default": {Termination.TARGET_SCORE, Termination.GENERALS_KILLED},
    "players=4 (duel, places)": {Termination.TARGET_SCORE, Termination.GENERALS_KILLED},
    "tie=return_to_owners,kills_to_win=1": {Termination.GENERALS_KILLED},
    "claim_cards=0,first_dealer=1,target=60": {Termination.TARGET_SCORE},
}


def seeds_for(profile: str) -> list[int]:
    count = 1000 if profile == "full" else 30
    return [derive_seed(2026, i) for i in range(count)]


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_plays_the_games_of_the_step_loop(name: str, profile: str) -> None:
    options = generals.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)
    want = reference_rows(options, seeds)
    assert kernel_rows(options, seeds) == want
    reached = {row[3] for row in want}
    assert None not in reached
    assert REACHED.get(name, {Termination.TARGET_SCORE}) <= reached


@pytest.mark.parametrize("heuristic", [(0,), (1,), (0, 1), (0, 2), (0, 1, 2, 3)])
@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernels_heuristic_plays_as_the_heuristic_agent(
    name: str, heuristic: tuple[int, ...], profile: str
) -> None:
    options = generals.options(**COMBINATIONS[name])
    if max(heuristic) >= options.players:
        heuristic = (options.players - 1,)
    kinds = tuple("heuristic" if s in heuristic else "random" for s in range(options.players))
    seeds = seeds_for(profile)[: 300 if profile == "full" else 8]
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


@settings(max_examples=25, deadline=None)
@given(options=generals_options(), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_the_kernel_agrees_with_the_step_loop_under_any_options(
    options: generals.Options, seed: int, data: st.DataObject
) -> None:
    kinds = tuple(data.draw(st.sampled_from(["random", "heuristic"]))
                  for _ in range(options.players))
    seeds = [seed, derive_seed(seed, 7)]
    assert batch.kernel_plays("generals", kinds, options)
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


@pytest.mark.parametrize(("players", "max_steps"), [(2, 0), (2, 1), (2, 3), (2, 14), (4, 2),
                                                  (4, 69)])
def test_max_steps_cuts_the_games_where_the_step_loop_stops(players: int, max_steps: int
                                                             ) -> None:
    options = generals.options(players=players)
    seeds = [derive_seed(5, i) for i in range(20)]
    want = reference_rows(options, seeds, max_steps)
    got = kernel_rows(options, seeds, max_steps)
    assert got == want
    assert any(row[3] is None for row in got)
    assert all(row[4] == (0,) * players for row in got if row[3] is None)
    if max_steps in (14, 69):  # about the median game: some end by then, others do not
        assert any(row[3] is not None for row in got)


def test_the_results_do_not_depend_on_the_chunk_size() -> None:
    seeds = [derive_seed(9, i) for i in range(23)]
    options = generals.options(players=4)
    assert kernel_rows(options, seeds, chunk_size=4) == kernel_rows(options, seeds)


def test_a_master_seed_plays_the_derived_seeds_and_the_engines_agree() -> None:
    options = generals.options(players=4)
    kinds = ["heuristic", "random", "random", "heuristic"]
    by_kernel = list(batch.play("generals", options, master_seed=11, games=30, chunk_size=16,
                                agents=kinds))
    assert [chunk.engine for chunk in by_kernel] == ["numba"] * 2
    assert {(chunk.players, chunk.scored) for chunk in by_kernel} == {(4, True)}
    assert all(chunk.scores.shape == (len(chunk), 4) for chunk in by_kernel)
    by_step = list(batch.play("generals", options, master_seed=11, games=30, chunk_size=16,
                              agents=kinds, engine="reference"))
    rows = [row for chunk in by_kernel for row in chunk.rows()]
    assert rows == [row for chunk in by_step for row in chunk.rows()]
    assert [row[0] for row in rows] == [derive_seed(11, i) for i in range(30)]


def test_targets_beyond_64_bits_play_as_the_step_loop() -> None:
    # No score reaches 2**63, so the kernel plays a larger target as that; kills end the
    # games, or max_steps cuts them, as in the step loop.
    seeds = [derive_seed(3, i) for i in range(10)]
    options = generals.options(target=2**70)
    assert kernel_rows(options, seeds, 400) == reference_rows(options, seeds, 400)
    options = generals.options(target=2**70, kills_to_win=2**70)
    rows = kernel_rows(options, seeds, 300)
    assert rows == reference_rows(options, seeds, 300)
    assert {row[3] for row in rows} == {None}
    assert kernel_rows(generals.options(), seeds, max_steps=2**70) == reference_rows(
        generals.options(), seeds)


def test_kernel_plays_names_what_the_kernel_plays() -> None:
    assert batch.kernel_plays("generals", ["random", "random"])
    assert batch.kernel_plays("generals-war", ("heuristic",) * 4, generals.options(players=4))
    assert not batch.kernel_plays("generals", ["random", "random"], generals.options(players=4))
    assert not batch.kernel_plays("generals", ["random"] * 4)
    assert not batch.kernel_plays("generals", ["random", "search"])


def test_simulate_plays_generals_in_the_kernel_and_gives_the_step_loops_games(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.json"
    code = cli.main(["simulate", "generals", "-n", "12", "--seed", "4", "-o", "players=4",
                     "--agents", "heuristic,random,random,random", "--json", str(out),
                     "--no-progress"])
    assert code == 0
    assert "engine: batch engine (numba)" in capsys.readouterr().out
    games = json.loads(out.read_text(encoding="utf-8"))["games"]
    # The step path's games of the same command (its _run_chunk plays them through step).
    options = generals.options(players=4)
    kinds = ("heuristic", "random", "random", "random")
    assert games == simulate_command._run_chunk(("generals", options, 4, 0, 12, kinds, None))
    want = reference_rows(options, [derive_seed(4, i) for i in range(12)], kinds=kinds)
    assert [g["steps"] for g in games] == [row[1] for row in want]


# --- stepping many games by action ids (batch.Games) ---------------------------------------


def _last_player(state: generals.State) -> int:
    # Once a game is over nobody would move next: Games shows the observation of the seat
    # that played last, the last to lay a squad (clockwise from the chooser) in the last
    # battle.
    assert state.last is not None
    n, chooser = state.players, state.chooser
    return max((s for s in range(n) if state.last.squads[s]), key=lambda s: (s - chooser) % n)


def check_games_against_step(options: generals.Options, seeds: list[int], rounds: int,
                             choose_seed: int = 0) -> int:
    return support_batch.check_games_against_step("generals", options, seeds, rounds,
                                                  choose_seed, next_seat=_last_player)


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_games_step_as_the_public_api_steps(name: str, profile: str) -> None:
    # Squads are chosen card by card: Games keeps each game's picks, shows them to the
    # seat to move after its observation (partial_tensor) and masks the next picks.
    options = generals.options(**COMBINATIONS[name])
    count = 100 if profile == "full" else 4
    ended = check_games_against_step(options, seeds_for(profile)[:count], 400)
    assert ended == count  # the games are short: every one reaches its end


@settings(max_examples=15, deadline=None)
@given(options=generals_options(), seed=st.integers(0, 2**64 - 1), choose=st.integers(0, 99))
def test_games_step_as_the_public_api_under_any_options(
    options: generals.Options, seed: int, choose: int
) -> None:
    check_games_against_step(options, [seed, derive_seed(seed, 3)], 300, choose)


#: Options under which equal scores at the target, a draw, are common: a deck of Twos
#: and Threes, one card each, equal sums returned to their owners.
DRAWS = generals.options(ranks="2 3", hand_size=1, tie="return_to_owners", target=4,
                         claim_cards=0, kills_to_win=3)


def test_games_give_no_winner_and_no_reward_in_a_draw() -> None:
    seeds = [derive_seed(12, i) for i in range(12)]
    assert check_games_against_step(DRAWS, seeds, 60) == len(seeds)
    games = batch.Games("generals", seeds, DRAWS)
    last: dict[int, list[float]] = {}
    while not games.done.all():
        running = ~games.done
        games.step(games.legal_action_mask.argmax(axis=1))
        for ended in np.flatnonzero(running & games.done).tolist():
            last[ended] = games.rewards[ended].tolist()
    draws = [g for g in range(len(seeds)) if games.outcome(g).winners == ()]
    assert draws
    assert all(last[g] == [0.0, 0.0] for g in draws)
    assert all(games.outcome(g).termination is Termination.TARGET_SCORE for g in draws)


def test_games_refuse_an_illegal_id_before_any_game_moves() -> None:
    games = batch.Games("generals", [1, 2, 3], generals.options(players=4))
    width = generals.observation_shape(games.options)[0] + generals.partial_size(games.options)
    assert games.observation.shape == (3, width)
    assert games.rewards.shape == (3, 4)
    before = games.observation.copy()
    ids = games.legal_action_mask.argmax(axis=1)
    illegal = int(np.flatnonzero(games.legal_action_mask[1] == 0)[0])
    ids[1] = illegal
    with pytest.raises(IllegalActionError, match=f"game 1: action id {illegal} is not legal"):
        games.step(ids)
    assert np.array_equal(games.observation, before)
    assert games.turns.tolist() == [0, 0, 0]


def test_games_give_places_as_returns() -> None:
    # Played on for places (GENERALS-PLACES), the returns spread the places from +1 (first)
    # to -1 (last): each game's rewards on its last step are those of the same game
    # played through the public API with the same ids (the lowest legal one each time).
    from cardwar.encoding import step_index

    options = generals.options(players=4)
    seeds = [derive_seed(6, i) for i in range(8)]
    games = batch.Games("generals", seeds, options)
    final: dict[int, list[float]] = {}
    while not games.done.all():
        running = ~games.done
        games.step(games.legal_action_mask.argmax(axis=1))
        for ended in np.flatnonzero(running & games.done).tolist():
            final[ended] = games.rewards[ended].tolist()
    assert sorted(final) == list(range(len(seeds)))
    for g, seed in enumerate(seeds):
        state = generals.new_game(seed, options)
        partial: tuple[int, ...] = ()
        while generals.outcome(state) is None:
            first = min(generals.legal_action_indices(state, partial))
            state, partial = step_index(generals, state, partial, first)
        result = generals.outcome(state)
        assert result is not None
        assert games.outcome(g) == result
        assert tuple(final[g]) == generals.returns(state)
        assert final[g][result.winners[0]] == 1.0
        assert -1.0 in final[g]


# --- the kernel's source, run as Python ----------------------------------------------------
#
# coverage.py cannot trace compiled code: the fixture runs the kernel's source as Python
# (support_batch.run_as_python), and the tests require of it what they require of the
# compiled kernel.

from cardwar.variants.generals import _batch_numba as generals_kernel  # noqa: E402

#: The kernel's entry points (the fixture replaces every compiled function).
ENTRY_POINTS = ("_play_games_kernel", "_play_game", "reset_games", "step_games")


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run General's War's kernel as plain Python for the test's duration."""
    replaced = support_batch.run_as_python(monkeypatch, generals_kernel)
    assert set(ENTRY_POINTS) <= set(replaced)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        yield


def test_the_fixture_runs_every_compiled_function_as_python(interpreted: None) -> None:
    from cardwar import _kernels

    for module in (generals_kernel, _kernels):
        assert [name for name, value in vars(module).items() if hasattr(value, "py_func")] == []


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_as_python_plays_the_games_of_the_step_loop(
    name: str, profile: str, interpreted: None
) -> None:
    options = generals.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 50 if profile == "full" else 2]
    n = options.players
    for kinds in (("random",) * n, ("heuristic",) + ("random",) * (n - 1)):
        assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                          kinds=kinds)


def test_the_kernel_as_python_cuts_games_at_max_steps(interpreted: None) -> None:
    seeds = [derive_seed(5, i) for i in range(3)]
    assert kernel_rows(generals.options(), seeds, 37) == reference_rows(generals.options(),
                                                                         seeds, 37)


#: Options under which rare paths come often (found by instrumenting the rules): equal
#: sums returned to their owners, which raise several scores over the target at once,
#: the higher first (seed 11); several players finishing at once with different scores
#: (seeds 2 and 5); a deal ending with cards in a colour half's reserve (uneven halves).
RARE: dict[str, dict[str, Any]] = {
    "equal sums, scores over the target together": {
        "players": 4, "places": False, "ranks": "2 3", "hand_size": 1,
        "tie": "return_to_owners", "claim_cards": 0, "target": 3},
    "finishing together": {"players": 4, "ranks": "2 3 4", "hand_size": 1, "target": 4},
    "a reserve left": {"deck_mode": "colour_halves", "suits": "C D H", "claim_cards": 0,
                       "kills_to_win": 3, "target": 200},
}


@pytest.mark.parametrize("name", list(RARE))
def test_the_kernel_as_python_plays_the_rare_paths_as_the_step_loop(
    name: str, interpreted: None
) -> None:
    options = generals.options(**RARE[name])
    seeds = [derive_seed(12, i) for i in range(12)]
    assert kernel_rows(options, seeds) == reference_rows(options, seeds)


def test_games_as_python_step_as_the_public_api(interpreted: None) -> None:
    for name in ("players=4 (duel, places)", "colour_halves,one_to_three,uneven",
                 "players=4,partnership", "tie=return_to_owners,kills_to_win=1"):
        options = generals.options(**COMBINATIONS[name])
        assert check_games_against_step(options, [derive_seed(8, 0)], 200) == 1
    seeds = [derive_seed(12, i) for i in range(4)]
    assert check_games_against_step(DRAWS, seeds, 60) == 4


def test_games_as_python_refuse_an_illegal_id(interpreted: None) -> None:
    games = batch.Games("generals", [1, 2])
    ids = games.legal_action_mask.argmax(axis=1)
    ids[0] = int(np.flatnonzero(games.legal_action_mask[0] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 0"):
        games.step(ids)
