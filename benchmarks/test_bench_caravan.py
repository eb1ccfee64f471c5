"""Benchmarks of Caravan: a whole game between two seeded random agents, and
``legal_actions``, the variant's hot path (an agent calls it before every turn).

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_caravan.py --benchmark-only``.
The ``caravan-legal`` group times ``legal_actions`` on a fixed sample of positions taken
from random games (opening and main phase, small and crowded tables); the
``caravan-games`` group plays ``GAMES`` default games per round.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import caravan

GAMES = 20
SEEDS = range(GAMES)


def play_random_game(seed: int) -> int:
    """Play one default game between two agents choosing uniformly at random among the
    legal actions (a ``random.Random`` seeded with ``seed``); return its turns."""
    choose = random.Random(seed)
    state = caravan.new_game(seed)
    while caravan.outcome(state) is None:
        actions = caravan.legal_actions(state)
        state = caravan.step(state, actions[choose.randrange(len(actions))])
    return state.turns


def play_random_games(seeds: range) -> int:
    """Play one random game per seed; return the total turns."""
    return sum(play_random_game(seed) for seed in seeds)


def sample_positions(games: int = 10, every: int = 3) -> list[caravan.State]:
    """Return every ``every``-th position of ``games`` random default games."""
    out = []
    for seed in range(games):
        choose = random.Random(seed)
        state = caravan.new_game(seed)
        while caravan.outcome(state) is None:
            if state.turns % every == 0:
                out.append(state)
            actions = caravan.legal_actions(state)
            state = caravan.step(state, actions[choose.randrange(len(actions))])
    return out


def all_legal_actions(states: list[caravan.State]) -> int:
    """Return the total number of legal actions over ``states``."""
    return sum(len(caravan.legal_actions(s)) for s in states)


@pytest.mark.benchmark(group="caravan-games")
def test_random_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` default games between seeded random agents."""
    assert benchmark(lambda: play_random_games(SEEDS)) > GAMES * 20


@pytest.mark.benchmark(group="caravan-legal")
def test_legal_actions(benchmark: BenchmarkFixture) -> None:
    """``legal_actions`` over a fixed sample of positions from random games."""
    states = sample_positions()
    assert len(states) > 300
    assert benchmark(lambda: all_legal_actions(states)) > len(states)
