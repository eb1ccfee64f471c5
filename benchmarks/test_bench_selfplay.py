"""Benchmarks of random self-play through the public API, for every variant with
decisions: ``legal_actions`` and ``step`` apart, over the positions of fixed random games.

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_selfplay.py --benchmark-only``;
``selfplay.py`` prints the same per move and per CPU-second.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import variant
from selfplay import DECISION_GAMES, positions


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
