"""The batch engine (``cardwar.batch``) against the reference ``step`` engine.

The differential test plays every seed of a fixed set of option combinations with both
engines and requires, seed by seed, the same winner, termination, number of battles and
number of wars (battles with at least one war). The reference side is written here as
the plain public loop ``new_game`` / ``step`` / ``outcome``, independently of the batch
module. Sizes by profile: ``ci`` and ``dev`` play 100 seeds per combination; ``full``
(``pytest -m slow --profile full``) plays 10,000 per combination. These tests need the
``fast`` extra (numba), which the ``test`` extra installs: without it they fail rather
than skip.

A Hypothesis test draws option combinations (players 2..5, face_down 0..4, every pickup
order, out_of_cards, war_joins, repeated_tie, spare_cards, wars_to_win, max_battles,
reduced and multiple decks) and seeds. Other tests check the two engines of ``batch``
against each other, that results do not depend on the chunk size or the executor, the
fallback without numba or numpy, and :func:`cardwar.batch.summarize`.
"""

from __future__ import annotations

import statistics
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwar import batch, derive_seed, peace, war
from cardwar.cards import Rank, Suit
from cardwar.core import Termination
from cardwar.rng import MAX_SEED
from cardwar.variants._battle import _batch_numba

Row = tuple[int, int, int, int, Termination]


def reference_rows(module: Any, options: Any, seeds: Iterable[int]) -> list[Row]:
    """Return ``(seed, battles, wars, winner, termination)`` per seed from ``step``."""
    rows = []
    for seed in seeds:
        state = module.new_game(seed, options)
        while module.outcome(state) is None:
            state = module.step(state, module.Play.PLAY)
        result = module.outcome(state)
        winner = result.winners[0] if result.winners else -1
        rows.append((seed, state.battles, state.wars, winner, result.termination))
    return rows


def batch_rows(chunks: Iterable[batch.BatchChunk]) -> list[Row]:
    """Return the rows of every chunk, in order."""
    return [row for chunk in chunks for row in chunk.rows()]


def war_opts(**kwargs: Any) -> war.Options:
    return war.options(**kwargs)


# The fixed combinations of the differential test: every pickup order with the default
# rules and with each other option changed, for War; every pickup order, player count
# and joins rule for Peace.
_PICKUPS = [p.value for p in war.Pickup]
WAR_COMBINATIONS: list[dict[str, Any]] = [
    *({"pickup_order": p} for p in _PICKUPS),
    *({"pickup_order": p, "face_down": fd} for p in _PICKUPS for fd in (0, 1)),
    *({"pickup_order": p, "players": 3} for p in _PICKUPS),
    *({"pickup_order": p, "players": 4, "war_joins": "tied"} for p in _PICKUPS),
    *({"pickup_order": p, "out_of_cards": "lose"} for p in _PICKUPS),
    *({"pickup_order": p, "players": 3, "out_of_cards": "lose"} for p in _PICKUPS),
    *({"pickup_order": p, "out_of_cards": "drop_out"} for p in _PICKUPS),
    *({"pickup_order": p, "players": 3, "out_of_cards": "drop_out"} for p in _PICKUPS),
    *({"pickup_order": p, "repeated_tie": "single_card", "face_down": 2} for p in _PICKUPS),
    *({"pickup_order": p, "players": 5, "spare_cards": "deal"} for p in _PICKUPS),
    *({"pickup_order": p, "wars_to_win": 3} for p in _PICKUPS),
    {"max_battles": 50},
    # The kernel's loop for two players and a shuffled pickup stops one battle short of
    # the limit and at a player's last card: limits of one to three battles, a tiny deck.
    *({"max_battles": m} for m in (1, 2, 3)),
    {"ranks": "2 3", "suits": "SH"},
    {"ranks": "2 3 4", "suits": "SHD", "face_down": 0, "max_battles": 7},
    {"pickup_order": "seat_order", "max_battles": 300},
    {"ranks": "2 3 4", "suits": "SH", "pickup_order": "seat_order"},
    {"ranks": "2 3 4 5", "suits": "CDHS", "players": 3, "out_of_cards": "lose"},
    {"ranks": "2 3 4 5", "suits": "CDHS", "players": 3, "out_of_cards": "drop_out"},
    {"ranks": "9 10 J Q K A", "decks": 2, "pickup_order": "winner_first"},
    {"ranks": "A", "suits": "CDHS", "players": 2},
    {"decks": 2, "players": 3, "face_down": 4, "war_joins": "tied"},
]
PEACE_COMBINATIONS: list[dict[str, Any]] = [
    *(
        {"pickup_order": p, "players": n, "peace_joins": j}
        for p in _PICKUPS
        for n, j in ((2, "all"), (3, "all"), (4, "tied"))
    ),
    {"max_battles": None},
    {"ranks": "2 3 4 5", "suits": "SH", "pickup_order": "winner_first", "max_battles": None},
]


def _ident(combination: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in combination.items()) or "default"


def _count(profile: str) -> int:
    return 10_000 if profile == "full" else 100


def check_equal(module: Any, options: Any, seeds: Sequence[int]) -> None:
    """Require the batch engine to give exactly the reference's rows for ``seeds``."""
    expected = reference_rows(module, options, seeds)
    got = batch_rows(batch.simulate(module, options, seeds=seeds, engine="numba"))
    assert len(got) == len(expected)
    for want, have in zip(expected, got, strict=True):
        assert have == want, f"seed {want[0]}: step gives {want}, the batch engine {have}"


@pytest.mark.slow
@pytest.mark.parametrize("combination", WAR_COMBINATIONS, ids=_ident)
def test_war_batch_equals_step(combination: dict[str, Any], profile: str) -> None:
    check_equal(war, war.options(**combination), range(_count(profile)))


@pytest.mark.slow
@pytest.mark.parametrize("combination", PEACE_COMBINATIONS, ids=_ident)
def test_peace_batch_equals_step(combination: dict[str, Any], profile: str) -> None:
    check_equal(peace, peace.options(**combination), range(_count(profile)))


def test_combinations_cover_every_termination() -> None:
    # The fixed combinations meet every way a game of War or Peace can end.
    seen: set[Termination] = set()
    for combination in WAR_COMBINATIONS:
        options = war.options(**combination)
        for chunk in batch.simulate(war, options, seeds=range(100)):
            seen.update(batch.TERMINATIONS[int(c)] for c in chunk.termination)
    assert seen == set(batch.TERMINATIONS)


# --- Hypothesis: option combinations and seeds ----------------------------------------

_RANKS = [Rank(v) for v in range(2, 15)]


@st.composite
def deck_options(draw: st.DrawFn, most_players: int) -> dict[str, Any]:
    """Return deck and player options: the full deck or a reduced one, one to three
    copies, and a player count the deck allows."""
    if draw(st.booleans()):
        ranks: tuple[Rank, ...] = tuple(_RANKS)
        suits: tuple[Suit, ...] = tuple(Suit)
    else:
        ranks = tuple(draw(st.lists(st.sampled_from(_RANKS), min_size=1, max_size=6, unique=True)))
        suits = tuple(draw(st.lists(st.sampled_from(list(Suit)), min_size=1, unique=True)))
    decks = draw(st.integers(1, 3))
    cards = len(ranks) * len(suits) * decks
    players = draw(st.integers(2, max(2, min(most_players, cards))))
    if cards < players:
        return {"players": players}
    return {"players": players, "ranks": ranks, "suits": suits, "decks": decks}


def battle_limits(pickup: war.Pickup, deck: dict[str, Any]) -> st.SearchStrategy[int | None]:
    """Return a strategy for ``max_battles``: none or a limit, but always a limit for a
    deterministic pickup order with more than 24 cards. Under ``seat_order`` such games
    can take a million battles to repeat a position, too long for the reference engine
    in a test run; the fixed combinations above play them without a limit."""
    cards = len(deck.get("ranks", _RANKS)) * len(deck.get("suits", Suit)) * deck.get("decks", 1)
    if pickup.deterministic and cards > 24:
        return st.integers(1, 20_000)
    return st.one_of(st.none(), st.integers(1, 3000))


@st.composite
def any_war_options(draw: st.DrawFn) -> war.Options:
    """Return War options: every rule option and deck drawn."""
    deck = draw(deck_options(5))
    pickup = draw(st.sampled_from(list(war.Pickup)))
    return war.options(
        face_down=draw(st.integers(0, 4)),
        pickup_order=pickup,
        out_of_cards=draw(st.sampled_from(list(war.OutOfCards))),
        war_joins=draw(st.sampled_from(list(war.WarJoins))),
        repeated_tie=draw(st.sampled_from(list(war.RepeatedTie))),
        spare_cards=draw(st.sampled_from(list(war.SpareCards))),
        wars_to_win=draw(st.one_of(st.none(), st.integers(1, 5))),
        max_battles=draw(battle_limits(pickup, deck)),
        **deck,
    )


@st.composite
def any_peace_options(draw: st.DrawFn) -> peace.Options:
    """Return Peace options: every rule option and deck drawn."""
    deck = draw(deck_options(4))
    pickup = draw(st.sampled_from(list(peace.Pickup)))
    return peace.options(
        pickup_order=pickup,
        peace_joins=draw(st.sampled_from(list(peace.WarJoins))),
        spare_cards=draw(st.sampled_from(list(peace.SpareCards))),
        max_battles=draw(battle_limits(pickup, deck)),
        **deck,
    )


_SEED_LISTS = st.lists(st.integers(0, MAX_SEED), min_size=1, max_size=8)


@given(options=any_war_options(), seeds=_SEED_LISTS)
def test_war_batch_equals_step_for_drawn_options(options: war.Options, seeds: list[int]) -> None:
    check_equal(war, options, seeds)


@given(options=any_peace_options(), seeds=_SEED_LISTS)
def test_peace_batch_equals_step_for_drawn_options(
    options: peace.Options, seeds: list[int]
) -> None:
    check_equal(peace, options, seeds)


# --- the two engines of batch, chunks and executors -----------------------------------


def columns(chunks: Iterable[batch.BatchChunk]) -> dict[str, list[int]]:
    """Return every column of ``chunks`` concatenated, and the chunks' starts."""
    out: dict[str, list[int]] = {k: [] for k in ("start", *COLUMNS)}
    for chunk in chunks:
        out["start"].append(chunk.start)
        for name in COLUMNS:
            out[name].extend(int(v) for v in getattr(chunk, name))
    return out


COLUMNS = ("seed", "battles", "wars", "winner", "termination")


@pytest.mark.parametrize(
    ("module", "combination"),
    [
        (war, {}),
        (war, {"pickup_order": "win_pile", "players": 3}),
        (war, {"pickup_order": "seat_order", "out_of_cards": "lose", "max_battles": 500}),
        (peace, {"players": 4, "peace_joins": "tied"}),
    ],
    ids=["war", "war-win-pile-3", "war-seat-order-lose", "peace-4-tied"],
)
def test_numba_engine_equals_reference_engine(module: Any, combination: dict[str, Any]) -> None:
    options = module.options(**combination)
    fast = list(batch.simulate(module, options, master_seed=5, games=300, engine="numba"))
    slow = list(batch.simulate(module, options, master_seed=5, games=300, engine="reference"))
    assert {c.engine for c in fast} == {"numba"}
    assert {c.engine for c in slow} == {"reference"}
    fast_columns = columns(fast)
    slow_columns = columns(slow)
    for name in COLUMNS:
        assert fast_columns[name] == slow_columns[name], name


def test_chunk_dtypes_and_order() -> None:
    chunks = list(batch.simulate("war", master_seed=3, games=25, chunk_size=10))
    assert [len(c) for c in chunks] == [10, 10, 5]
    assert [c.start for c in chunks] == [0, 10, 20]
    first = chunks[0]
    assert np.asarray(first.seed).dtype == np.uint64
    assert np.asarray(first.battles).dtype == np.int64
    assert np.asarray(first.wars).dtype == np.int64
    assert np.asarray(first.winner).dtype == np.int16
    assert np.asarray(first.termination).dtype == np.uint8
    assert first.players == 2
    seeds = [int(s) for c in chunks for s in c.seed]
    assert seeds == [derive_seed(3, i) for i in range(25)]


def test_results_do_not_depend_on_chunks_or_executor() -> None:
    options = war.options(players=3, pickup_order="win_pile")
    whole = columns(batch.simulate(war, options, master_seed=11, games=240, chunk_size=240))
    by_seeds = columns(
        batch.simulate(war, options, seeds=[derive_seed(11, i) for i in range(240)])
    )
    for name in COLUMNS:
        assert by_seeds[name] == whole[name]
    with ThreadPoolExecutor(2) as threads:
        threaded = columns(
            batch.simulate(war, options, master_seed=11, games=240, chunk_size=17,
                           executor=threads, max_pending=3)
        )
    with ProcessPoolExecutor(2) as processes:
        in_processes = columns(
            batch.simulate(war, options, master_seed=11, games=240, chunk_size=50,
                           executor=processes)
        )
    assert threaded["start"] == list(range(0, 240, 17))
    assert in_processes["start"] == list(range(0, 240, 50))
    for name in COLUMNS:
        assert threaded[name] == whole[name], name
        assert in_processes[name] == whole[name], name


def test_reference_engine_in_processes_equals_in_process() -> None:
    options = peace.options(players=3)
    here = columns(batch.simulate(peace, options, master_seed=2, games=40, engine="reference"))
    with ProcessPoolExecutor(2) as processes:
        there = columns(
            batch.simulate(peace, options, master_seed=2, games=40, chunk_size=9,
                           executor=processes, engine="reference")
        )
    for name in COLUMNS:
        assert there[name] == here[name], name


def test_stream_stops_early_without_playing_everything() -> None:
    # A generator: taking the first chunk of a huge run plays only what was submitted.
    stream = batch.simulate("war", master_seed=1, games=10**12, chunk_size=100)
    first = next(stream)
    assert len(first) == 100
    assert first.start == 0
    assert isinstance(stream, Generator)
    stream.close()


# --- the fallback without numba or numpy ----------------------------------------------


def test_without_numba_the_reference_engine_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "_numba_ready", lambda: False)
    assert batch.available_engines() == ("reference",)
    assert not batch.supports("war")
    chunks = list(batch.simulate("war", seeds=range(30)))
    assert {c.engine for c in chunks} == {"reference"}
    assert batch_rows(chunks) == reference_rows(war, war.Options(), range(30))
    with pytest.raises(RuntimeError, match="fast"):
        list(batch.simulate("war", seeds=[1], engine="numba"))


def test_without_numpy_columns_are_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    import array

    monkeypatch.setattr(batch, "_numba_ready", lambda: False)
    monkeypatch.setattr(batch, "_numpy", lambda: None)
    chunks = list(batch.simulate("peace", seeds=range(12), chunk_size=5))
    assert all(isinstance(c.battles, array.array) for c in chunks)
    assert [c.seed.typecode for c in chunks[:1]] == ["Q"]
    assert batch_rows(chunks) == reference_rows(peace, peace.Options(), range(12))
    summary = batch.summarize(chunks)
    monkeypatch.undo()
    assert summary == batch.summarize(batch.simulate("peace", seeds=range(12), engine="reference"))


# --- supports, arguments, terminations ------------------------------------------------


def test_supports() -> None:
    assert batch.supports("war")
    assert batch.supports("classic", war.options(players=4))
    assert batch.supports(peace, peace.Options())
    assert not batch.supports("arneson")
    assert not batch.supports("war", peace.Options())
    assert not batch.supports("no-such-game")


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({}, ValueError, "either seeds or master_seed"),
        ({"seeds": [1], "master_seed": 1}, ValueError, "either seeds or master_seed"),
        ({"seeds": [1], "games": 3}, ValueError, "games goes with master_seed"),
        ({"master_seed": 1}, ValueError, "games must be an int"),
        ({"master_seed": -1, "games": 1}, ValueError, "master seed"),
        ({"seeds": [-1]}, ValueError, "seed must be an int"),
        ({"seeds": [1], "engine": "gpu"}, ValueError, "engine must be one of"),
        ({"seeds": [1], "chunk_size": 0}, ValueError, "chunk_size"),
        ({"seeds": [1], "max_pending": 0}, ValueError, "max_pending"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        list(batch.simulate("war", **kwargs))


def test_unsupported_variant_and_options() -> None:
    with pytest.raises(ValueError, match="war and peace only"):
        batch.simulate("arneson", seeds=[1])
    with pytest.raises(TypeError, match=r"war\.Options"):
        batch.simulate("war", peace.Options(), seeds=[1])


def test_termination_codes_match_the_kernel() -> None:
    codes = {
        Termination.ALL_CARDS: _batch_numba.TERM_ALL_CARDS,
        Termination.WARS_WON: _batch_numba.TERM_WARS_WON,
        Termination.BATTLE_LIMIT: _batch_numba.TERM_BATTLE_LIMIT,
        Termination.REPEATED_POSITION: _batch_numba.TERM_REPEATED_POSITION,
        Termination.UNDECIDABLE: _batch_numba.TERM_UNDECIDABLE,
    }
    assert {t: batch.TERMINATIONS.index(t) for t in batch.TERMINATIONS} == codes
    chunk = next(batch.simulate("war", war.options(max_battles=1), seeds=[4]))
    assert batch.termination(chunk, 0) is Termination.BATTLE_LIMIT


# --- summarize -------------------------------------------------------------------------


def nearest_rank(values: Sequence[int], p: int) -> int:
    """Return the nearest-rank ``p``-th percentile of ``values``, by sorting."""
    ordered = sorted(values)
    rank = max(1, -(-p * len(ordered) // 100))  # ceil(p * n / 100)
    return ordered[rank - 1]


def test_summarize_matches_a_direct_computation() -> None:
    options = war.options(max_battles=1000, pickup_order="seat_order")
    chunks = list(batch.simulate(war, options, master_seed=8, games=700, chunk_size=64))
    rows = batch_rows(chunks)
    battles = [r[1] for r in rows]
    summary = batch.summarize(chunks)
    assert summary.games == 700
    assert summary.engine == "numba"
    assert summary.mean_battles == pytest.approx(statistics.fmean(battles))
    assert summary.mean_wars == pytest.approx(statistics.fmean(r[2] for r in rows))
    assert summary.median_battles == nearest_rank(battles, 50)
    assert summary.p95_battles == nearest_rank(battles, 95)
    assert summary.p99_battles == nearest_rank(battles, 99)
    assert summary.max_battles == max(battles)
    assert summary.wins == tuple(sum(1 for r in rows if r[3] == s) for s in range(2))
    assert summary.draws == {
        t: n
        for t in batch.TERMINATIONS
        if (n := sum(1 for r in rows if r[3] < 0 and r[4] is t))
    }
    assert sum(summary.terminations.values()) == 700
    assert sum(summary.wins) + sum(summary.draws.values()) == 700
    assert len(summary.draws) >= 2  # battle limits and repeated positions both occur


def test_summarize_nothing() -> None:
    with pytest.raises(ValueError, match="no games"):
        batch.summarize([])
