"""Measure each heuristic agent's win rate against the random agent.

For every variant with a heuristic (``cardwar.agents.has_heuristic``), play N seeded games
(game i uses ``derive_seed(SEED, i)``): the heuristic sits in seat ``i % players`` (so
every seat gets the same share of games, seat-swapped halves with two players) and every
other seat is a random agent seeded from the game's seed. Print, per variant, the
heuristic's wins, draws and losses, its win rate with a 95% Wilson interval, and what a
random seat would win (1 / players). The figures of ``docs/agents.md`` come from::

    .venv/bin/python benchmarks/agents_winrate.py --games 2000 --seed 2026

The result is a pure function of the arguments, whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import cardwar
from cardwar import agents
from cardwar.rng import derive_seed


def play_games(name: str, master: int, start: int, stop: int) -> tuple[int, int, int]:
    """Return (wins, draws, steps) of the heuristic over games ``start`` to ``stop - 1``."""
    game = cardwar.variant(name)
    players = game.num_players(game.new_game(0))
    wins = draws = steps = 0
    for i in range(start, stop):
        seed = derive_seed(master, i)
        mine = i % players
        seats: list[agents.Agent] = [
            agents.RandomAgent(derive_seed(seed, s + 1)) for s in range(players)
        ]
        seats[mine] = agents.heuristic(name, seed)
        record = agents.play(game, seats, seed)
        assert record.outcome is not None
        wins += mine in record.outcome.winners
        draws += record.outcome.is_draw
        steps += len(record.actions)
    return wins, draws, steps


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a proportion."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    """Print the table of win rates; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per variant")
    parser.add_argument("--seed", type=int, default=2026, help="master seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("variants", nargs="*", help="variants (default: every heuristic)")
    args = parser.parse_args(argv)
    names = [cardwar.variant(n).NAME for n in args.variants] or sorted(
        v.NAME for v in cardwar.all_variants() if agents.has_heuristic(v)
    )
    chunk = max(1, math.ceil(args.games / (4 * args.jobs)))
    started = time.perf_counter()
    print(f"{args.games} games per variant, master seed {args.seed}; the heuristic sits in "
          "seat i % players, random agents elsewhere\n")
    print(f"{'variant':<10} {'players':>7} {'wins':>6} {'draws':>6} {'losses':>6} "
          f"{'win rate':>9} {'95% interval':>15} {'random seat':>11} {'mean steps':>10}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        jobs = {
            name: [pool.submit(play_games, name, args.seed, s, min(s + chunk, args.games))
                   for s in range(0, args.games, chunk)]
            for name in names
        }
        for name in names:
            parts = [f.result() for f in jobs[name]]
            wins = sum(p[0] for p in parts)
            draws = sum(p[1] for p in parts)
            steps = sum(p[2] for p in parts)
            game = cardwar.variant(name)
            players = game.num_players(game.new_game(0))
            low, high = wilson(wins, args.games)
            print(f"{name:<10} {players:>7} {wins:>6} {draws:>6} "
                  f"{args.games - wins - draws:>6} {100 * wins / args.games:>8.1f}% "
                  f"{f'{100 * low:.1f}-{100 * high:.1f}%':>15} {100 / players:>10.1f}% "
                  f"{steps / args.games:>10.0f}")
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
