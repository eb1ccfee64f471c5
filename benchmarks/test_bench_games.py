"""Benchmarks of a learner's random-play loop on :class:`cardwar.batch.Games`, end to end
(the deal, ``random_legal_ids``, ``step`` with its observation and mask), against the same
loop through the public API, on Caravan: the loops of ``games_loop.py``, which prints the
ratio.

Run them from the repository root (they are outside the default ``testpaths``)::

    .venv/bin/python -m pytest benchmarks/test_bench_games.py --benchmark-only

Group ``games-loop-caravan``: compare the two per move with ``extra_info["moves"]``. No
test asserts a timing: the machine may be shared and noisy.
"""

from __future__ import annotations

import numpy as np
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import batch, caravan
from cardwar.encoding import step_index

#: Games per round for Games, and for the public API.
GAMES, API_GAMES = 256, 4


def games_loop(count: int) -> int:
    """Play ``count`` games of Caravan at random on ``Games``; return the moves."""
    rng = np.random.default_rng(1)
    games = batch.Games("caravan", range(count))
    observation, mask, done = games.observation, games.legal_action_mask, games.done
    moves = 0
    while not done.all():
        moves += int((~done).sum())
        observation, mask, _, done = games.step(games.random_legal_ids(rng))
    assert not mask.any()
    assert observation.shape == (count, games.observation_size)
    return moves


def api_loop(count: int) -> int:
    """Play ``count`` games of Caravan at random through the public API; return the
    moves."""
    rng = np.random.default_rng(1)
    moves = 0
    for seed in range(count):
        state = caravan.new_game(seed)
        partial: tuple[int, ...] = ()
        while caravan.outcome(state) is None:
            caravan.observation_tensor(caravan.observe(state, caravan.to_act(state) or 0))
            legal = np.flatnonzero(np.frombuffer(caravan.legal_action_mask(state),
                                                 dtype=np.uint8))
            action_id = int(legal[rng.integers(len(legal))])
            state, partial = step_index(caravan, state, partial, action_id)
            moves += 1
    return moves


def test_games_loop(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "games-loop-caravan"
    games_loop(4)  # compile, or load the cached kernel, before timing
    moves = benchmark(games_loop, GAMES)
    benchmark.extra_info["moves"] = moves
    assert moves > 100 * GAMES


def test_api_loop(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "games-loop-caravan"
    moves = benchmark(api_loop, API_GAMES)
    benchmark.extra_info["moves"] = moves
    assert moves > 100 * API_GAMES
