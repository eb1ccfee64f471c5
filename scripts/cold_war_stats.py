"""Measure Cold War games between seeded random players: deals, tricks and plays (steps)
per game.

Usage: ``.venv/bin/python scripts/cold_war_stats.py [GAMES] [PLAYERS]`` (defaults 200 and
3). Game ``i`` uses seed ``i`` and a ``random.Random(i)`` for every seat's choices, which
are uniform among the legal plays.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardwar import cold_war


def main() -> None:
    """Play the games and print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    opts = cold_war.options(players=players)
    deals, tricks, steps = [], [], []
    started = time.perf_counter()
    for seed in range(games):
        choose = random.Random(seed)
        state = cold_war.new_game(seed, opts)
        n = 0
        while cold_war.outcome(state) is None:
            actions = cold_war.legal_actions(state)
            state = cold_war.step(state, actions[choose.randrange(len(actions))])
            n += 1
        deals.append(state.deals)
        tricks.append(state.tricks)
        steps.append(n)
    seconds = time.perf_counter() - started
    print(f"{games} games, {players} players, {seconds:.1f} s")
    for name, values in (("deals", deals), ("tricks", tricks), ("steps", steps)):
        print(
            f"{name} per game: mean {statistics.mean(values):.2f}, "
            f"min {min(values)}, max {max(values)}"
        )


if __name__ == "__main__":
    main()
