"""Print how fast cardwar's ``war.step`` API plays whole games of War relative to the
naive deque loop of :mod:`naive_war`, both timed in one process, interleaved.

Run it from the repository root::

    .venv/bin/python benchmarks/ratio.py                 # 100 games, 7 repeats of 3 runs
    .venv/bin/python benchmarks/ratio.py --games 20 --repeats 15
    .venv/bin/python benchmarks/ratio.py --gc-off       # garbage collector off while timing

Each repeat runs the cardwar workload and the naive workload ``--inner`` times each,
alternating (C N C N ...; the next repeat starts with the other), and keeps each one's
best time, so a slow phase of a shared machine hits both and a single disturbed run does
not decide a repeat. It prints, over the repeats, the min and median of:

* the games/s ratio: cardwar games/s divided by naive games/s;
* the battles/s ratio: the same per battle. The two workloads play the same number of
  games but not the same games (different generators), and War's game length varies about
  as much as its mean, so the seed sets' total battles differ; the battles/s ratio removes
  that difference and is the fairer figure. Both totals are printed.

It also prints both ratios computed from each workload's best time, the figure least
disturbed by other processes on a busy machine.

The project's target is a ratio of at least 0.5. Nothing here asserts it.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable

from workloads import play_cardwar_games, play_naive_games


def timed(function: Callable[[range], int], seeds: range, gc_off: bool) -> tuple[float, int]:
    """Return the wall time of ``function(seeds)`` and its result; the garbage collector
    runs as usual unless ``gc_off``."""
    gc.collect()
    if gc_off:
        gc.disable()
    try:
        start = time.perf_counter()
        battles = function(seeds)
        elapsed = time.perf_counter() - start
    finally:
        gc.enable()
    return elapsed, battles


def main(argv: list[str] | None = None) -> None:
    """Time both workloads ``--repeats`` times and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=100, help="games per workload")
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repeats")
    parser.add_argument(
        "--inner", type=int, default=3, help="runs of each workload per repeat (best kept)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed")
    parser.add_argument(
        "--gc-off", action="store_true", help="disable the garbage collector while timing"
    )
    args = parser.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.games)

    # Warm up both (imports, caches) before timing.
    play_cardwar_games(range(2))
    play_naive_games(range(2))

    game_ratios: list[float] = []
    battle_ratios: list[float] = []
    cardwar_times: list[float] = []
    naive_times: list[float] = []
    cardwar_battles = naive_battles = 0
    for repeat in range(args.repeats):
        t_cardwar = t_naive = float("inf")
        for run in range(args.inner):
            if (repeat + run) % 2 == 0:
                order = (play_cardwar_games, play_naive_games)
            else:
                order = (play_naive_games, play_cardwar_games)
            for function in order:
                elapsed, battles = timed(function, seeds, args.gc_off)
                if function is play_cardwar_games:
                    t_cardwar, cardwar_battles = min(t_cardwar, elapsed), battles
                else:
                    t_naive, naive_battles = min(t_naive, elapsed), battles
        cardwar_times.append(t_cardwar)
        naive_times.append(t_naive)
        # games/s ratio = (games / t_cardwar) / (games / t_naive)
        game_ratios.append(t_naive / t_cardwar)
        battle_ratios.append((cardwar_battles / t_cardwar) / (naive_battles / t_naive))

    games = len(seeds)
    print(
        f"{games} games per workload (seeds {seeds.start}..{seeds.stop - 1}), "
        f"{args.repeats} repeats of {args.inner} interleaved runs, "
        f"gc {'off' if args.gc_off else 'on'}, Python {sys.version.split()[0]}"
    )
    print(
        f"  cardwar war.step: {cardwar_battles} battles, best {min(cardwar_times):.4f} s "
        f"= {games / min(cardwar_times):.1f} games/s, "
        f"{min(cardwar_times) / cardwar_battles * 1e6:.2f} us/battle"
    )
    print(
        f"  naive deque loop: {naive_battles} battles, best {min(naive_times):.4f} s "
        f"= {games / min(naive_times):.1f} games/s, "
        f"{min(naive_times) / naive_battles * 1e6:.2f} us/battle"
    )
    print(
        f"  games/s ratio   (cardwar / naive): min {min(game_ratios):.3f}  "
        f"median {statistics.median(game_ratios):.3f}  max {max(game_ratios):.3f}"
    )
    print(
        f"  battles/s ratio (cardwar / naive): min {min(battle_ratios):.3f}  "
        f"median {statistics.median(battle_ratios):.3f}  max {max(battle_ratios):.3f}"
    )
    best_games = min(naive_times) / min(cardwar_times)
    best_battles = best_games * cardwar_battles / naive_battles
    print(f"  ratio of best times: games/s {best_games:.3f}, battles/s {best_battles:.3f}")
    print("  target: ratio >= 0.5")


if __name__ == "__main__":
    main()
