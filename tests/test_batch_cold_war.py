"""Cold War's batch engine (``cardwar.batch.play`` with the compiled kernel) against the
step loop.

The reference side (``tests/support_batch.py``) is the plain public loop: ``new_game``, then
``legal_actions`` and each seat's agent (:class:`~cardwar.agents.RandomAgent` seeded
``derive_seed(seed, seat + 1)``, as ``cardwar simulate`` seeds it, or the heuristic)
choosing, then ``step``, independently of the batch module. Seed by seed, the kernel must
give the same number of steps, winner, termination and scores. Sizes by profile: ``ci``
and ``dev`` play 20 seeds per option combination and 25 Hypothesis examples; ``full``
plays 500 seeds per combination. These tests need the ``fast`` extra (numba), which the
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

from cardwar import agents, batch, cli, cold_war, derive_seed
from cardwar.cli import simulate as simulate_command
from cardwar.core import IllegalActionError, Termination
from cardwar.variants.cold_war.rules import DealReason
from tests import support_batch
from tests.support_cold_war import cold_war_options

Row = support_batch.Row


def reference_rows(options: cold_war.Options, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, ...] | None = None) -> list[Row]:
    kinds = kinds or ("random",) * options.players
    return support_batch.reference_rows("cold-war", options, seeds, max_steps, kinds)


def kernel_rows(options: cold_war.Options, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, ...] | None = None) -> list[Row]:
    kinds = kinds or ("random",) * options.players
    return support_batch.kernel_rows("cold-war", options, seeds, max_steps, chunk_size, kinds)


#: Option combinations, each reaching rules of its own (the test checks that games end,
#: and which ways).
COMBINATIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "players=4": {"players": 4},
    "tie_for_highest,last_plays,winner_first": {"war_trigger": "tie_for_highest",
                                                "bomb_mode": "last_plays",
                                                "draw_order": "winner_first"},
    "last_standing": {"deal_end": "last_standing"},
    # COLDWAR-SCORE: every hand scored with its pool.
    "hand_score=everyone": {"hand_score": "everyone"},
    "last_standing,hand_score=everyone,players=4": {"deal_end": "last_standing",
                                                    "hand_score": "everyone", "players": 4},
    "last_standing,fixed dealer,shared,target=300": {"deal_end": "last_standing",
                                                    "rotate_dealer": False,
                                                    "tied_top": "shared", "target": 300},
    "max_tricks=50": {"max_tricks": 50},
    "one deck,no jokers,no bombs,max_deals=3": {"decks": 1, "jokers": 0, "bomb_mode": "off",
                                                 "max_deals": 3},
    "small deck,players=4": {"ranks": "9 10 J Q", "suits": "S H D", "decks": 1, "jokers": 1,
                             "players": 4, "target": 100},
    "eight jokers": {"decks": 1, "jokers": 8, "target": 400},
    "three ranks,last_plays,max_deals=None": {"ranks": "8 9 10", "decks": 3,
                                              "bomb_mode": "last_plays", "max_deals": None,
                                              "target": 600},
    # Two ranks: no three cards are in sequence, so no bomb, not even with Jokers.
    "two ranks": {"ranks": "K A"},
}

#: The terminations each combination reaches among the seeds of the ci profile.
REACHED = {
    "max_tricks=50": {Termination.BATTLE_LIMIT},
    "one deck,no jokers,no bombs,max_deals=3": {Termination.DEAL_LIMIT},
}


def seeds_for(profile: str) -> list[int]:
    count = 500 if profile == "full" else 20
    return [derive_seed(2026, i) for i in range(count)]


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_plays_the_games_of_the_step_loop(name: str, profile: str) -> None:
    options = cold_war.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)
    want = reference_rows(options, seeds)
    assert kernel_rows(options, seeds) == want
    reached = {row[3] for row in want}
    assert None not in reached
    assert REACHED.get(name, {Termination.TARGET_SCORE}) <= reached


@pytest.mark.parametrize("heuristic", [(0,), (2,), (0, 1), (0, 1, 2, 3)])
@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernels_heuristic_plays_as_the_heuristic_agent(
    name: str, heuristic: tuple[int, ...], profile: str
) -> None:
    options = cold_war.options(**COMBINATIONS[name])
    kinds = tuple("heuristic" if s in heuristic else "random" for s in range(options.players))
    seeds = seeds_for(profile)[: 150 if profile == "full" else 6]
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


def deal_reasons(options: cold_war.Options, seeds: Iterable[int], kinds: tuple[str, ...]
                 ) -> set[DealReason]:
    """Return why the deals of the step loop's games ended."""
    reasons = set()
    for seed in seeds:
        seats = [agents.agent(kind, "cold-war", derive_seed(seed, s + 1))
                 for s, kind in enumerate(kinds)]
        state = cold_war.new_game(seed, options)
        while cold_war.outcome(state) is None:
            seat = cold_war.to_act(state)
            assert seat is not None
            action = seats[seat].choose(cold_war.observe(state, seat),
                                        cold_war.legal_actions(state))
            state = cold_war.step(state, action)
            if state.last_deal is not None:
                reasons.add(state.last_deal.reason)
    return reasons


def test_the_kernel_ends_deals_by_repeated_positions_as_the_step_loop() -> None:
    # Heuristic players under last_standing bring positions round again (COLDWAR-REPEAT).
    options = cold_war.options(deal_end="last_standing")
    seeds = [derive_seed(3, i) for i in range(12)]
    kinds = ("heuristic",) * 3
    assert DealReason.REPEATED_POSITION in deal_reasons(options, seeds, kinds)
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


@settings(max_examples=25, deadline=None)
@given(options=cold_war_options(), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_the_kernel_agrees_with_the_step_loop_under_any_options(
    options: cold_war.Options, seed: int, data: st.DataObject
) -> None:
    kinds = tuple(data.draw(st.sampled_from(["random", "heuristic"]))
                  for _ in range(options.players))
    seeds = [seed, derive_seed(seed, 7)]
    assert batch.kernel_plays("cold-war", kinds, options)
    assert kernel_rows(options, seeds, 3000, kinds=kinds) == reference_rows(
        options, seeds, 3000, kinds=kinds)


@pytest.mark.parametrize(("players", "max_steps"), [(3, 0), (3, 1), (3, 4), (3, 500), (4, 2),
                                                  (4, 400)])
def test_max_steps_cuts_the_games_where_the_step_loop_stops(players: int, max_steps: int
                                                             ) -> None:
    options = cold_war.options(players=players)
    seeds = [derive_seed(5, i) for i in range(20)]
    want = reference_rows(options, seeds, max_steps)
    got = kernel_rows(options, seeds, max_steps)
    assert got == want
    assert any(row[3] is None for row in got)
    assert all(row[4] == (0,) * players for row in got if row[3] is None)
    if max_steps >= 400:  # about the median game: some end by then, others do not
        assert any(row[3] is not None for row in got)


def test_the_results_do_not_depend_on_the_chunk_size() -> None:
    seeds = [derive_seed(9, i) for i in range(23)]
    options = cold_war.options(players=4)
    assert kernel_rows(options, seeds, chunk_size=4) == kernel_rows(options, seeds)


def test_a_master_seed_plays_the_derived_seeds_and_the_engines_agree() -> None:
    options = cold_war.options(players=4)
    kinds = ["heuristic", "random", "random", "heuristic"]
    by_kernel = list(batch.play("cold-war", options, master_seed=11, games=30, chunk_size=16,
                                agents=kinds))
    assert [chunk.engine for chunk in by_kernel] == ["numba"] * 2
    assert {(chunk.players, chunk.scored) for chunk in by_kernel} == {(4, True)}
    assert all(chunk.scores.shape == (len(chunk), 4) for chunk in by_kernel)
    by_step = list(batch.play("cold-war", options, master_seed=11, games=30, chunk_size=16,
                              agents=kinds, engine="reference"))
    rows = [row for chunk in by_kernel for row in chunk.rows()]
    assert rows == [row for chunk in by_step for row in chunk.rows()]
    assert [row[0] for row in rows] == [derive_seed(11, i) for i in range(30)]


def test_limits_beyond_64_bits_play_as_no_limit() -> None:
    # No game reaches 2**63 deals, tricks or points, so the kernel plays such a limit as
    # none: the games are those of the step loop under the same options.
    seeds = [derive_seed(3, i) for i in range(6)]
    for name in ("max_deals", "max_tricks"):
        options = cold_war.options(**{name: 2**70})
        assert kernel_rows(options, seeds) == reference_rows(options, seeds)
    options = cold_war.options(target=2**70, max_deals=4)
    rows = kernel_rows(options, seeds)
    assert rows == reference_rows(options, seeds)
    assert {row[3] for row in rows} == {Termination.DEAL_LIMIT}


def test_kernel_plays_names_what_the_kernel_plays() -> None:
    assert batch.kernel_plays("cold-war", ["random"] * 3)
    assert batch.kernel_plays("zimna-wojna", ("heuristic",) * 4, cold_war.options(players=4))
    assert not batch.kernel_plays("cold-war", ["random"] * 3, cold_war.options(players=4))
    assert not batch.kernel_plays("cold-war", ["random", "random"])
    assert not batch.kernel_plays("cold-war", ["random", "search", "random"])


def test_simulate_plays_cold_war_in_the_kernel_and_gives_the_step_loops_games(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.json"
    code = cli.main(["simulate", "cold-war", "-n", "12", "--seed", "4", "-o", "players=4",
                     "--agents", "heuristic,random,random,random", "--json", str(out),
                     "--no-progress"])
    assert code == 0
    assert "engine: batch engine (numba)" in capsys.readouterr().out
    games = json.loads(out.read_text(encoding="utf-8"))["games"]
    # The step path's games of the same command (its _run_chunk plays them through step).
    options = cold_war.options(players=4)
    kinds = ("heuristic", "random", "random", "random")
    assert games == simulate_command._run_chunk(("cold-war", options, 4, 0, 12, kinds, None))


# --- stepping many games by action ids (batch.Games) ---------------------------------------


def _last_player(state: cold_war.State) -> int:
    # Once a game of Cold War is over nobody would move next: Games shows the observation
    # of the seat that played last.
    assert state.last_trick is not None
    return state.last_trick.rounds[-1][-1].seat


def check_games_against_step(options: cold_war.Options, seeds: list[int], rounds: int,
                             choose_seed: int = 0) -> int:
    return support_batch.check_games_against_step("cold-war", options, seeds, rounds,
                                                  choose_seed, next_seat=_last_player)


#: Options of games short enough to step whole in the ci profile.
SHORT: dict[str, dict[str, Any]] = {
    name: COMBINATIONS[name]
    for name in ("max_tricks=50", "one deck,no jokers,no bombs,max_deals=3",
                 "small deck,players=4")
}


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_games_step_as_the_public_api_steps(name: str, profile: str) -> None:
    options = cold_war.options(**COMBINATIONS[name])
    count = 40 if profile == "full" else 2
    check_games_against_step(options, seeds_for(profile)[:count], 150)


@pytest.mark.parametrize("name", list(SHORT))
def test_games_play_whole_games_as_the_public_api(name: str, profile: str) -> None:
    seeds = seeds_for(profile)[: 30 if profile == "full" else 3]
    assert check_games_against_step(cold_war.options(**SHORT[name]), seeds, 1500) == len(seeds)


def test_games_grow_the_room_for_positions_as_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Room for less than one position: every position recorded grows the buffers first.
    from cardwar.variants.cold_war import _batch

    monkeypatch.setattr(_batch.Stepper, "ROOM", (8, 1))
    options = cold_war.options(deal_end="last_standing", max_deals=2)
    seeds = [derive_seed(3, i) for i in range(3)]
    assert check_games_against_step(options, seeds, 1500, 2) == 3
    games = batch.Games("cold-war", seeds, options)
    assert games._engine.seen.shape[1] == 8
    while not games.done.all():
        games.step(games.legal_action_mask.argmax(axis=1))
    assert games._engine.seen.shape[1] > 8
    assert games._engine.starts.shape[1] > 1


def test_games_never_write_past_the_shortest_position_buffer() -> None:
    # The kernel checks the room in each buffer, not only in one: with a hashes buffer
    # shorter than starts, it asks for more room rather than write past the end (the
    # kernel does no bounds checks). The hashes here are a view of a wider array, so a
    # digest written past a row's end would land on the sentinel beside it.
    options = cold_war.options(deal_end="last_standing", max_deals=2)
    seeds = [derive_seed(3, i) for i in range(2)]
    plain = batch.Games("cold-war", seeds, options)
    games = batch.Games("cold-war", seeds, options)
    engine = games._engine
    positions = engine.starts.shape[1]
    wide = np.full((len(seeds), positions + 8), 0xDEAD, np.uint64)
    wide[:, :2] = engine.hashes[:, :2]
    engine.starts = np.zeros((len(seeds), positions + 8), np.int64)
    engine.hashes = wide[:, :2]
    while not games.done.all():
        ids = games.legal_action_mask.argmax(axis=1)
        games.step(ids)
        plain.step(ids)
        if engine.hashes.base is wide:
            assert (wide[:, 2:] == 0xDEAD).all()
    assert engine.hashes.base is not wide  # the buffers grew: the check was made
    assert (wide[:, 2:] == 0xDEAD).all()
    assert [games.outcome(g) for g in range(2)] == [plain.outcome(g) for g in range(2)]


@settings(max_examples=10, deadline=None)
@given(options=cold_war_options(), seed=st.integers(0, 2**64 - 1), choose=st.integers(0, 99))
def test_games_step_as_the_public_api_under_any_options(
    options: cold_war.Options, seed: int, choose: int
) -> None:
    check_games_against_step(options, [seed, derive_seed(seed, 3)], 120, choose)


def test_games_refuse_an_illegal_id_before_any_game_moves() -> None:
    games = batch.Games("cold-war", [1, 2, 3], cold_war.options(players=4))
    assert games.observation.shape == (3, cold_war.observation_shape(games.options)[0])
    assert games.rewards.shape == (3, 4)
    before = games.observation.copy()
    ids = games.legal_action_mask.argmax(axis=1)
    illegal = int(np.flatnonzero(games.legal_action_mask[1] == 0)[0])
    ids[1] = illegal
    with pytest.raises(IllegalActionError, match=f"game 1: action id {illegal} is not legal"):
        games.step(ids)
    assert np.array_equal(games.observation, before)
    assert games.turns.tolist() == [0, 0, 0]


def test_games_give_every_winner_of_a_shared_top() -> None:
    # A deal limit of one deal: the best totals win together when equal (COLDWAR-DEAL-LIMIT);
    # on this small deck some games end with seats sharing the best total.
    options = cold_war.options(max_deals=1, ranks="9 10 J", decks=1, jokers=0,
                               bomb_mode="off")
    seeds = [derive_seed(7, i) for i in range(40)]
    games = batch.Games("cold-war", seeds, options)
    final: dict[int, list[float]] = {}  # each game's rewards on the step that ended it
    while not games.done.all():
        running = ~games.done
        games.step(games.legal_action_mask.argmax(axis=1))
        for ended in np.flatnonzero(running & games.done).tolist():
            final[ended] = games.rewards[ended].tolist()
    shared = [g for g in range(len(seeds)) if len(games.outcome(g).winners) > 1]
    assert shared
    for g in shared:
        winners = games.outcome(g).winners
        assert final[g] == [1.0 if s in winners else -1.0 for s in range(3)]
        assert tuple(final[g]) == cold_war.returns(_replay(options, seeds[g], games, g))


def _replay(options: cold_war.Options, seed: int, games: batch.Games, g: int
            ) -> cold_war.State:
    """Return the state of game ``g`` replayed through step with the ids Games chose."""
    state = cold_war.new_game(seed, options)
    while cold_war.outcome(state) is None:
        ids = cold_war.legal_action_indices(state)
        state = cold_war.step(state, cold_war.action_from_index(options, min(ids)))
    assert cold_war.outcome(state) == games.outcome(g)
    return state


# --- the kernel's source, run as Python ----------------------------------------------------
#
# coverage.py cannot trace compiled code: the fixture runs the kernel's source as Python
# (support_batch.run_as_python), and the tests require of it what they require of the
# compiled kernel.

from cardwar.variants.cold_war import _batch_numba as cold_war_kernel  # noqa: E402

#: The kernel's entry points (the fixture replaces every compiled function).
ENTRY_POINTS = ("_play_games_kernel", "_play_game", "reset_games", "step_games")


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run Cold War's kernel as plain Python for the test's duration."""
    replaced = support_batch.run_as_python(monkeypatch, cold_war_kernel)
    assert set(ENTRY_POINTS) <= set(replaced)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        yield


def test_the_fixture_runs_every_compiled_function_as_python(interpreted: None) -> None:
    from cardwar import _kernels

    for module in (cold_war_kernel, _kernels):
        assert [name for name, value in vars(module).items() if hasattr(value, "py_func")] == []


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_the_kernel_as_python_plays_the_games_of_the_step_loop(
    name: str, profile: str, interpreted: None
) -> None:
    options = cold_war.options(**COMBINATIONS[name])
    seeds = seeds_for(profile)[: 20 if profile == "full" else 1]
    n = options.players
    for kinds in (("random",) * n, ("heuristic",) + ("random",) * (n - 1)):
        assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                          kinds=kinds)


def test_the_kernel_as_python_repeats_positions_and_cuts_games(interpreted: None) -> None:
    options = cold_war.options(deal_end="last_standing")
    seeds = [derive_seed(3, i) for i in range(2)]
    kinds = ("heuristic",) * 3
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)
    seeds = [derive_seed(5, i) for i in range(2)]
    assert kernel_rows(cold_war.options(), seeds, 61) == reference_rows(cold_war.options(),
                                                                         seeds, 61)


#: Options and seeds under which rare paths come (found by instrumenting the rules): the
#: taker and the trick's opener both leaving the deal as they refill, so the next player
#: still in it leads (four players on a small deck, last_standing); a Joker that cannot
#: beat a Joker declared the highest (eight Jokers); a dealer who keeps the deal.
RARE: dict[str, tuple[dict[str, Any], int, str]] = {
    "the taker and the opener leave": ({"players": 4, "deal_end": "last_standing",
                                        "ranks": "8 9 10", "decks": 2, "jokers": 2}, 0,
                                       "random"),
    "Joker against Joker": ({"decks": 1, "jokers": 8, "target": 400}, 1, "heuristic"),
    "a fixed dealer": ({"rotate_dealer": False, "target": 400}, 0, "random"),
}


@pytest.mark.parametrize("name", list(RARE))
def test_the_kernel_as_python_plays_the_rare_paths_as_the_step_loop(
    name: str, interpreted: None
) -> None:
    values, index, kind = RARE[name]
    options = cold_war.options(**values)
    seeds = [derive_seed(12, index)]
    kinds = (kind,) * options.players
    assert kernel_rows(options, seeds, kinds=kinds) == reference_rows(options, seeds,
                                                                      kinds=kinds)


def test_games_as_python_step_as_the_public_api(interpreted: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar.variants.cold_war import _batch

    monkeypatch.setattr(_batch.Stepper, "ROOM", (8, 1))
    for values in ({"max_tricks": 12, "max_deals": None},
                   {"players": 4, "war_trigger": "tie_for_highest", "max_deals": 1,
                    "jokers": 4}):
        options = cold_war.options(**values)
        assert check_games_against_step(options, [derive_seed(8, 0)], 400) == 1


def test_games_as_python_refuse_an_illegal_id(interpreted: None) -> None:
    games = batch.Games("cold-war", [1, 2])
    ids = games.legal_action_mask.argmax(axis=1)
    ids[0] = int(np.flatnonzero(games.legal_action_mask[0] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 0"):
        games.step(ids)
