"""Print what the integer interface costs relative to a ``step``, per CPU-second, on the
same positions of random games of every variant (one run, interleaved
rounds, best round of each), for the claim "encodings cost no more than a step".

Run with ``.venv/bin/python benchmarks/encoding_ratio.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import time

from cardwar import variant
from test_bench_encoding import ALL_GAMES, sample, workloads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds of each workload")
    args = parser.parse_args()
    print("cost per position, relative to step (CPU time, best of "
          f"{args.rounds} interleaved rounds)")
    for name in ALL_GAMES:
        game = variant(name)
        pairs = sample(game)
        works = workloads(game, pairs)
        best = {k: float("inf") for k in works}
        for _ in range(args.rounds):
            for k, work in works.items():
                start = time.process_time()
                work()
                best[k] = min(best[k], time.process_time() - start)
        per = {k: v / len(pairs) * 1e6 for k, v in best.items()}
        ratios = "  ".join(f"{k} {per[k] / per['step']:.2f}" for k in works if k != "step")
        print(f"{name:9} step {per['step']:.1f} us  {ratios}")


if __name__ == "__main__":
    main()
