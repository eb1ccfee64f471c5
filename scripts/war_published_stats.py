"""Reproduce published statistics of two-player War with the options that match each
simulator, and cardwar's default game beside them: the figures of the "Published
statistics" section of the War rules page.

Usage: ``.venv/bin/python scripts/war_published_stats.py [GAMES] [ROUND_GAMES]``
(defaults 1,000,000 and 100,000). Each configuration plays ``GAMES`` games of master
seed 0 with the batch engine (``pip install '.[fast]'``; without it the reference engine
plays them, slowly), and prints the mean number of battles with its 95% interval (mean ±
1.96 standard errors), the median, the mean number of battles with a war (cardwar's
``wars``), and how the games ended. kbWar counts each war round, a double war twice; the
first ``ROUND_GAMES`` games of its configuration are also played through ``war.step`` to
count war rounds the same way.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections import Counter
from typing import Any

from cardwar import batch, derive_seed, war
from cardwar.core import Termination

#: (label, the published figures, the options that match the simulator).
CONFIGURATIONS: list[tuple[str, str, dict[str, Any]]] = [
    (
        "kbWar (github.com/kevinabrandon/kbWar), won cards shuffled",
        "270.62 battles, 16.93 war rounds",
        {"pickup_order": "shuffled", "out_of_cards": "drop_out", "face_down": 3},
    ),
    (
        "War-Simulator (github.com/tgvoskuilen/War-Simulator)",
        "440-445 battles, median 330-335",
        {"pickup_order": "shuffled", "out_of_cards": "lose", "face_down": 1},
    ),
    (
        "winner's card first, a fighter without cards drops out",
        "188.2 battles",
        {"pickup_order": "winner_first", "out_of_cards": "drop_out", "face_down": 3},
    ),
    ("cardwar's default game", "about 282 battles", {}),
]


def interval(values: list[int]) -> str:
    """Return the mean and its 95% half-width."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} ± {half:.2f}"


def war_rounds(options: war.Options, games: int) -> list[int]:
    """Return the war rounds of each of the first ``games`` games of master seed 0."""
    out = []
    for i in range(games):
        state = war.new_game(derive_seed(0, i), options)
        rounds = 0
        while state.result is None:
            state = war.step(state, war.Play.PLAY)
            assert state.last is not None
            rounds += len(state.last.rounds) - 1
        out.append(rounds)
    return out


def main() -> None:
    """Play every configuration and print its figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    round_games = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    for label, published, extra in CONFIGURATIONS:
        # No battle limit: the published simulators had none (or one far away).
        options = war.options(max_battles=None, **extra)
        battles: list[int] = []
        wars: list[int] = []
        ends: Counter[str] = Counter()
        engine = ""
        for chunk in batch.simulate("war", options, master_seed=0, games=games):
            engine = chunk.engine
            for _, b, w, _, termination in chunk.rows():
                ends[str(termination)] += 1
                if termination is not Termination.REPEATED_POSITION:
                    battles.append(b)
                    wars.append(w)
        print(f"{label}: published {published}")
        print(f"  options {extra or 'default'}; {games:,} games ({engine} engine)")
        print(f"  battles: mean {interval(battles)}, median {statistics.median(battles):g}")
        print(f"  battles with a war: mean {interval(wars)}")
        print("  ended by: " + ", ".join(f"{k} {v:,}" for k, v in sorted(ends.items())))
        if "kbWar" in label and round_games:
            rounds = war_rounds(options, round_games)
            print(f"  war rounds (first {round_games:,} games, war.step): mean {interval(rounds)}")


if __name__ == "__main__":
    main()
