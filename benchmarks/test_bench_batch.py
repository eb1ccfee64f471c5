"""Benchmarks of the batch engine (:mod:`cardwar.batch`) against the reference ``step``
engine and the naive deque loop, on default two-player War, and of Peace.

Run them from the repository root (they are outside the default ``testpaths``)::

    .venv/bin/python -m pytest benchmarks/test_bench_batch.py --benchmark-only

Group ``batch-war``: whole default games of War, played by the batch engine in this
process (``BATCH_GAMES`` per round), the reference engine and the naive loop
(``REFERENCE_GAMES`` per round); compare them per game with ``extra_info["games"]``.
Group ``batch-peace``: the same for Peace, without a naive loop. Group ``batch-caravan``:
random self-play of Caravan, the batch engine's kernel (:func:`cardwar.batch.play`,
``BATCH_GAMES // 4`` games per round) against the step loop (``REFERENCE_GAMES``); compare
them per move with ``extra_info["moves"]``. ``benchmarks/throughput.py``
times the same engines on one and on every core and prints the ratios.

No test asserts a timing: the machine may be shared and noisy.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import batch
from naive_war import play_naive_games

#: Games per round for the batch engine.
BATCH_GAMES = 20_000
#: Games per round for the reference engine and the naive loop.
REFERENCE_GAMES = 50


def play(variant: str, games: int, engine: str) -> int:
    """Play ``games`` games of ``variant`` with ``engine``; return the total battles."""
    return sum(
        int(sum(chunk.battles))
        for chunk in batch.simulate(variant, master_seed=1, games=games, engine=engine)
    )


@pytest.mark.parametrize("variant", ["war", "peace"])
def test_batch_engine(benchmark: BenchmarkFixture, variant: str) -> None:
    benchmark.group = f"batch-{variant}"
    play(variant, 100, "numba")  # compile, or load the cached kernel, before timing
    benchmark.extra_info["games"] = BATCH_GAMES
    battles = benchmark(play, variant, BATCH_GAMES, "numba")
    assert battles > BATCH_GAMES


@pytest.mark.parametrize("variant", ["war", "peace"])
def test_reference_engine(benchmark: BenchmarkFixture, variant: str) -> None:
    benchmark.group = f"batch-{variant}"
    benchmark.extra_info["games"] = REFERENCE_GAMES
    battles = benchmark(play, variant, REFERENCE_GAMES, "reference")
    assert battles > REFERENCE_GAMES


def test_naive_loop(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "batch-war"
    benchmark.extra_info["games"] = REFERENCE_GAMES
    battles = benchmark(play_naive_games, range(REFERENCE_GAMES))
    assert battles > REFERENCE_GAMES


def test_batch_mean_length_matches_naive() -> None:
    # The naive loop plays the same rules with another generator: over 3000 games each,
    # the mean game lengths agree within 10% (War's game length has a standard deviation
    # about as large as its mean, ~280 battles, so the standard error is below 2%).
    games = 3000
    cardwar_mean = play("war", games, "auto") / games
    naive_mean = play_naive_games(range(games)) / games
    assert abs(cardwar_mean - naive_mean) < 0.1 * naive_mean


def play_caravan(games: int, engine: str) -> int:
    """Play ``games`` random self-play games of Caravan with ``engine``; return the moves."""
    return sum(int(sum(chunk.steps))
               for chunk in batch.play("caravan", master_seed=1, games=games, engine=engine))


@pytest.mark.parametrize(("engine", "games"), [("numba", BATCH_GAMES // 4),
                                               ("reference", REFERENCE_GAMES)])
def test_caravan_engines(benchmark: BenchmarkFixture, engine: str, games: int) -> None:
    benchmark.group = "batch-caravan"
    play_caravan(10, engine)  # compile, or load the cached kernel, before timing
    moves = benchmark(play_caravan, games, engine)
    benchmark.extra_info["games"] = games
    benchmark.extra_info["moves"] = moves
    assert moves > 100 * games
