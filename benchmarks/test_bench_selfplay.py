"""Benchmarks of random self-play through the public API, for every variant with
decisions: ``legal_actions`` and ``step`` apart, over the positions of fixed random games.

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_selfplay.py --benchmark-only``;
``selfplay.py`` prints the same per move and per CPU-second. The group
``selfplay-caravan-loop`` times whole random self-play loops of Caravan through cardwar's
API and through the naive mutable loop of :mod:`naive_caravan` (the table's parenthesised
figures are their ratio); :func:`test_naive_caravan_plays_cardwars_rules` checks that the
naive loop plays the same rules (run it without ``--benchmark-only``).
"""

from __future__ import annotations

import statistics

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import variant
from naive_caravan import play_naive_game, play_naive_games
from selfplay import DECISION_GAMES, cardwar_loop, positions


@pytest.mark.parametrize("name", DECISION_GAMES)
@pytest.mark.parametrize("work", ["legal_actions", "step"])
def test_selfplay(benchmark: BenchmarkFixture, name: str, work: str) -> None:
    game = variant(name)
    benchmark.group = f"selfplay-{name}"
    pairs = positions(game, 8)
    assert len(pairs) > 50
    legal_actions, step = game.legal_actions, game.step

    def legal() -> int:
        return sum(len(legal_actions(s)) for s, _ in pairs)

    def steps() -> int:
        return sum(1 for s, a in pairs if step(s, a) is not s)

    assert benchmark(legal if work == "legal_actions" else steps) > 0


@pytest.mark.parametrize("loop", ["cardwar", "naive"])
def test_caravan_loop(benchmark: BenchmarkFixture, loop: str) -> None:
    benchmark.group = "selfplay-caravan-loop"
    play = cardwar_loop if loop == "cardwar" else play_naive_games
    assert benchmark(play, range(20)) > 20


def test_naive_caravan_plays_cardwars_rules() -> None:
    """The naive loop plays cardwar's default rules, so random self-play lasts as long:
    over 1000 seeds the means were 116.9 and 117.1 moves (standard deviations 16.6 and
    15.4); 400 seeds here, within 5%. Rules left out (no Jokers, say) would change it."""
    naive = [play_naive_game(seed) for seed in range(400)]
    mine = [cardwar_loop(range(seed, seed + 1)) for seed in range(400)]
    assert 0.95 <= statistics.fmean(naive) / statistics.fmean(mine) <= 1.05
    assert 0.8 <= statistics.stdev(naive) / statistics.stdev(mine) <= 1.25

