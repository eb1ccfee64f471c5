"""Measure each heuristic agent's win rate against the random agent, as tournaments.

For every variant with a heuristic (``cardwar.agents.has_heuristic``), or the variants
named, play a :func:`cardwar.tournament.tournament` of N games between the lineup
(``heuristic,random`` by default: the heuristic in one seat, random agents in the others),
every deal in every rotation of the seats, and print one line per variant: the first
agent's wins, draws and losses, its win rate with a 95% Wilson interval, what a seat
would win by chance (1 / players), its pairwise score and the mean game length. The
figures of ``docs/agents.md`` come from::

    .venv/bin/python benchmarks/agents_winrate.py --games 2000 --seed 2026
    .venv/bin/python benchmarks/agents_winrate.py --games 2000 --seed 2026 \\
        --agents heuristic,cardwar.caravan:CaravanRuleBot caravan

(``cardwar tournament VARIANT --agents ...`` prints the whole table of one variant.) The
result is a pure function of the arguments, whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import os
import sys

import cardwar
from cardwar import agents
from cardwar.tournament import tournament


def main(argv: list[str] | None = None) -> int:
    """Print the table of win rates; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per variant")
    parser.add_argument("--seed", type=int, default=2026, help="master seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--agents", default="heuristic,random",
                        help="the lineup (default heuristic,random)")
    parser.add_argument("variants", nargs="*", help="variants (default: every heuristic)")
    args = parser.parse_args(argv)
    names = [cardwar.variant(n).NAME for n in args.variants] or sorted(
        v.NAME for v in cardwar.all_variants() if agents.has_heuristic(v)
    )
    lineup = args.agents.split(",")
    print(f"{args.games} games per variant, master seed {args.seed}; lineup "
          f"{', '.join(lineup)}, every deal in every seating; the line is the first agent's\n")
    print(f"{'variant':<10} {'players':>7} {'wins':>6} {'draws':>6} {'losses':>6} "
          f"{'win rate':>9} {'95% interval':>15} {'by chance':>9} {'score':>6} "
          f"{'mean steps':>10}")
    for name in names:
        result = tournament(name, lineup, args.games, args.seed, jobs=args.jobs)
        first = result.standings[0]
        low, high = first.interval
        print(f"{name:<10} {result.players:>7} {first.wins:>6} {first.draws:>6} "
              f"{first.losses:>6} {100 * first.win_rate:>8.1f}% "
              f"{f'{100 * low:.1f}-{100 * high:.1f}%':>15} {100 / result.players:>8.1f}% "
              f"{100 * first.score:>5.1f}% {result.mean_steps:>10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
