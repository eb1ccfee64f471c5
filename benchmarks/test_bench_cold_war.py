"""Benchmark of whole games of Cold War between seeded random players, and of its step.

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_cold_war.py --benchmark-only``.
A default game (three players, to 1000 points) between players who choose uniformly at
random among their legal plays lasts about 2 200 plays over 5 deals
(``scripts/cold_war_stats.py`` measures it).
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import cold_war

GAMES = 5
SEEDS = range(GAMES)


def play_cold_war_games(seeds: range, players: int = 3) -> int:
    """Play one default game of Cold War per seed, every seat choosing uniformly at random
    among its legal plays (a ``random.Random`` seeded with the game's seed); return the
    total plays (steps)."""
    opts = cold_war.options(players=players)
    steps = 0
    for seed in seeds:
        choose = random.Random(seed)
        state = cold_war.new_game(seed, opts)
        while cold_war.outcome(state) is None:
            actions = cold_war.legal_actions(state)
            state = cold_war.step(state, actions[choose.randrange(len(actions))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="cold-war")
def test_cold_war_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` three-player games of Cold War between seeded random players."""
    assert benchmark(lambda: play_cold_war_games(SEEDS)) > GAMES


@pytest.mark.benchmark(group="cold-war")
def test_cold_war_games_four_players(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` four-player games of Cold War between seeded random players."""
    assert benchmark(lambda: play_cold_war_games(SEEDS, players=4)) > GAMES


@pytest.mark.benchmark(group="cold-war-step")
def test_cold_war_step(benchmark: BenchmarkFixture) -> None:
    """One play that completes a round (so resolves it: take, refill)."""
    state = cold_war.new_game(3)
    for _ in range(2):
        state = cold_war.step(state, cold_war.legal_actions(state)[0])
    action = cold_war.legal_actions(state)[0]
    after = benchmark(cold_war.step, state, action)
    assert after.tricks == 1 or after.in_war
