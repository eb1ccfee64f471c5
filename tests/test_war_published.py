"""The published War statistics of the War rules page ("Published statistics"),
reproduced at a smaller size: for each simulator, the games of master seed 0 under the
matching options (``scripts/war_published_stats.py``), played by the batch engine, put
the published mean inside cardwar's 95% interval. The seeds are fixed, so the check is
deterministic. ``ci`` and ``dev`` play 20,000 games per configuration, ``full`` the
page's 1,000,000.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest

from cardwar import batch, war

#: (published mean battles, low and high ends of a published range, options).
PUBLISHED: list[tuple[str, float, float, dict[str, Any]]] = [
    ("kbwar", 270.62, 270.62, {"out_of_cards": "drop_out"}),
    ("war-simulator", 440.0, 445.0, {"out_of_cards": "lose", "face_down": 1}),
    ("winner-first", 188.2, 188.2, {"pickup_order": "winner_first", "out_of_cards": "drop_out"}),
]


@pytest.mark.rule("WAR-OUT-DROP", "WAR-OUT-LOSE", "WAR-PICKUP")
@pytest.mark.parametrize(("low", "high", "options"), [p[1:] for p in PUBLISHED],
                         ids=[p[0] for p in PUBLISHED])
def test_published_mean_game_length_is_reproduced(
    low: float, high: float, options: dict[str, Any], profile: str
) -> None:
    games = 1_000_000 if profile == "full" else 20_000
    opts = war.options(max_battles=None, **options)
    battles: list[int] = []
    for chunk in batch.simulate("war", opts, master_seed=0, games=games):
        battles.extend(int(b) for b in chunk.battles)
    mean = statistics.fmean(battles)
    half = 1.96 * statistics.stdev(battles) / math.sqrt(len(battles))
    # The published figure (or range) meets cardwar's 95% interval.
    assert mean - half <= high, (mean, half)
    assert low <= mean + half, (mean, half)
