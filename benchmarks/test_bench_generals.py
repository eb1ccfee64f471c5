"""Benchmark of whole games of General's War with seeded random choices.

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_generals.py --benchmark-only``.
Each round plays ``GAMES`` default games (two players, and the four-player duel), every
decision drawn uniformly from the legal actions by a ``random.Random`` seeded with the
game's seed, so a round is the same work every time.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import generals

GAMES = 50
SEEDS = range(GAMES)


def play_generals_games(seeds: range, options: generals.Options) -> int:
    """Play one game per seed with seeded random choices; return the total steps."""
    steps = 0
    for seed in seeds:
        choose = random.Random(seed)
        state = generals.new_game(seed, options)
        while generals.outcome(state) is None:
            actions = generals.legal_actions(state)
            state = generals.step(state, actions[choose.randrange(len(actions))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="generals-games")
def test_generals_two_player_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` default two-player games."""
    assert benchmark(lambda: play_generals_games(SEEDS, generals.options())) > GAMES


@pytest.mark.benchmark(group="generals-games")
def test_generals_four_player_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` default four-player duel games."""
    opts = generals.options(players=4)
    assert benchmark(lambda: play_generals_games(SEEDS, opts)) > GAMES
