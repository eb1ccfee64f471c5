"""Benchmarks of the integer interface (:mod:`cardwar.encoding`) against ``step``, on the
same positions of random games of every variant.

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_encoding.py --benchmark-only``;
each ``encoding-<variant>`` group times ``step`` (the yardstick), ``legal_actions``,
``legal_action_mask``, the action codec and ``observation_tensor`` over one fixed sample.
``encoding_ratio.py`` prints the same comparison as ratios per CPU-second.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import variant
from cardwar.core import Variant

DECISION_GAMES = ("arneson", "caravan", "cold-war", "generals")
ALL_GAMES = ("war", "peace", *DECISION_GAMES)


def sample(game: Variant, games: int = 8, most: int = 1500) -> list[tuple[Any, Any]]:
    """Return (position, action played there) pairs of ``games`` random default games."""
    out: list[tuple[Any, Any]] = []
    for seed in range(games):
        rnd = random.Random(seed)
        state = game.new_game(seed)
        while game.outcome(state) is None and len(out) < most:
            action = rnd.choice(game.legal_actions(state))
            out.append((state, action))
            state = game.step(state, action)
    return out


def workloads(game: Variant, pairs: list[tuple[Any, Any]]) -> dict[str, Any]:
    """Return the timed functions, each over all of ``pairs``, by name."""
    opts = pairs[0][0].options
    seen = [game.observe(s, game.to_act(s) or 0) for s, _ in pairs]

    def step() -> int:
        return sum(1 for s, a in pairs if game.step(s, a) is not s)

    def legal() -> int:
        return sum(len(game.legal_actions(s)) for s, _ in pairs)

    def mask() -> int:
        return sum(len(game.legal_action_mask(s)) for s, _ in pairs)

    def codec() -> int:
        return sum(game.action_to_indices(opts, a)[0] for _, a in pairs)

    def tensor() -> int:
        return sum(len(game.observation_tensor(o)) for o in seen)

    return {"step": step, "legal_actions": legal, "legal_action_mask": mask,
            "action_to_indices": codec, "observation_tensor": tensor}


@pytest.mark.parametrize("name", ALL_GAMES)
@pytest.mark.parametrize("work", ["step", "legal_actions", "legal_action_mask",
                                  "action_to_indices", "observation_tensor"])
def test_encoding(benchmark: BenchmarkFixture, name: str, work: str) -> None:
    game = variant(name)
    benchmark.group = f"encoding-{name}"
    pairs = sample(game)
    assert len(pairs) > 100
    assert benchmark(workloads(game, pairs)[work]) >= 0
