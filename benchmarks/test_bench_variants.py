"""Benchmarks of whole games of the other battle variants, beside War's
(``test_bench_war.py``): Peace, automatic, and Arneson's War with seeded random choices.

Run with ``.venv/bin/python -m pytest benchmarks --benchmark-only``; the group
``battle-games`` puts one default game of War, Peace and Arneson side by side (averaged
over ``GAMES`` seeds per round), so their relative costs come from one run.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import arneson, peace
from workloads import play_cardwar_games

GAMES = 50
SEEDS = range(GAMES)


def play_peace_games(seeds: range) -> int:
    """Play one default Peace game per seed; return the total battles."""
    total = 0
    for seed in seeds:
        state = peace.new_game(seed)
        while peace.outcome(state) is None:
            state = peace.step(state, peace.Play.PLAY)
        total += state.battles
    return total


def play_arneson_games(seeds: range) -> int:
    """Play one default game of Arneson's War per seed, both seats choosing uniformly at
    random among their legal cards (a seeded ``random.Random``); return the total
    commitments (steps)."""
    steps = 0
    for seed in seeds:
        choose = random.Random(seed)
        state = arneson.new_game(seed, arneson.options(max_battles=5000))
        while arneson.outcome(state) is None:
            actions = arneson.legal_actions(state)
            state = arneson.step(state, actions[choose.randrange(len(actions))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="battle-games")
def test_war_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` default War games."""
    assert benchmark(lambda: play_cardwar_games(SEEDS)) > GAMES


@pytest.mark.benchmark(group="battle-games")
def test_peace_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` default Peace games."""
    assert benchmark(lambda: play_peace_games(SEEDS)) > GAMES


@pytest.mark.benchmark(group="battle-games")
def test_arneson_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` games of Arneson's War between seeded random choosers."""
    assert benchmark(lambda: play_arneson_games(SEEDS)) > GAMES
