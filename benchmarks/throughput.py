"""Print the throughput of cardwar's engines on default two-player War (and on Peace), in
one run: the batch engine on one core and on every core, the reference ``step`` engine,
and the naive deque loop of :mod:`naive_war`, with the ratios between them.

Run it from the repository root (the batch engine needs the ``fast`` extra)::

    .venv/bin/python benchmarks/throughput.py                    # 400,000 batch games
    .venv/bin/python benchmarks/throughput.py --games 1000000 --repeats 5

What is timed, ``--repeats`` times each (the figures are the best and the median):

* ``batch, 1 core``: :func:`cardwar.batch.simulate` in this process (an executor that
  runs each chunk at once, :class:`InProcess`);
* ``batch, N cores``: the same games on a warm :class:`~concurrent.futures.ProcessPoolExecutor`
  of ``N`` workers (``N = os.cpu_count()``), chunks of ``--chunk`` games;
* ``step``: the reference engine, ``new_game``/``step`` per game (``--reference-games``);
* ``naive``: the naive deque loop (``--reference-games`` games; War only).

Wall-clock times on a shared machine include the other processes' load, so the script
prints the load average before and after, and for the in-process runs also the rate per
second of this process's own CPU time, which the load does not inflate.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from cardwar import batch
from naive_war import play_naive_games

__all__ = ["InProcess", "main", "measure"]

T = TypeVar("T")


class InProcess(Executor):
    """An executor that runs every task at once in the calling process: the batch engine
    on one core, whatever the size of the run."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now and return its finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def measure(run: Callable[[], int], repeats: int) -> tuple[list[float], list[float]]:
    """Return the wall and CPU games/s of ``repeats`` calls of ``run`` (which returns the
    number of games it played)."""
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeats):
        wall = time.perf_counter()
        cpu = time.process_time()
        games = run()
        walls.append(games / (time.perf_counter() - wall))
        cpus.append(games / max(time.process_time() - cpu, 1e-9))
    return walls, cpus


def batch_run(
    variant: str, games: int, chunk: int, executor: Executor | None, engine: str = "numba"
) -> Callable[[], int]:
    """Return a function that plays ``games`` games of ``variant`` and returns the count."""

    def run() -> int:
        played = 0
        for result in batch.simulate(
            variant,
            master_seed=2026,
            games=games,
            chunk_size=chunk,
            executor=executor,
            engine=engine,
        ):
            played += len(result)
        return played

    return run


def naive_run(games: int) -> Callable[[], int]:
    """Return a function that plays ``games`` naive games and returns the count."""

    def run() -> int:
        play_naive_games(range(games))
        return games

    return run


def line(name: str, walls: list[float], cpus: list[float] | None = None) -> str:
    """Return one line of the report: best and median games/s."""
    text = f"{name:<28} best {max(walls):>11,.0f}  median {statistics.median(walls):>11,.0f}"
    if cpus is not None:
        text += f"   per CPU-second: best {max(cpus):>9,.0f}"
    return text + "  games/s"


def main(argv: list[str] | None = None) -> None:
    """Time every engine and print games/s and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=400_000, help="batch engine games")
    parser.add_argument("--reference-games", type=int, default=300, help="step/naive games")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each")
    parser.add_argument("--chunk", type=int, default=50_000, help="games per chunk")
    args = parser.parse_args(argv)
    cores = os.cpu_count() or 1
    print(f"load average before: {os.getloadavg()}, {cores} CPUs")
    if "numba" not in batch.available_engines():
        raise SystemExit("the batch engine needs the fast extra: pip install 'cardwar[fast]'")
    results: dict[str, dict[str, float]] = {}
    with ProcessPoolExecutor(max_workers=cores) as pool:
        for variant in ("war", "peace"):
            # Warm up: compile (or load the cached kernel) here and in every worker.
            batch_run(variant, 1000, 1000, None)()
            batch_run(variant, cores * 2000, 2000, pool)()
            one, one_cpu = measure(
                batch_run(variant, args.games, args.chunk, InProcess()), args.repeats
            )
            many, _ = measure(batch_run(variant, args.games, args.chunk, pool), args.repeats)
            ref, ref_cpu = measure(
                batch_run(variant, args.reference_games, 100, None, "reference"), args.repeats
            )
            print(f"\n{variant} (default options, two players):")
            print(line("batch engine, 1 core", one, one_cpu))
            print(line(f"batch engine, {cores} cores", many))
            print(line("reference step engine", ref, ref_cpu))
            row = {"one": max(one), "many": max(many), "ref": max(ref)}
            row["one_cpu"], row["ref_cpu"] = max(one_cpu), max(ref_cpu)
            if variant == "war":
                naive, naive_cpu = measure(naive_run(args.reference_games), args.repeats)
                print(line("naive deque loop", naive, naive_cpu))
                row["naive"] = max(naive)
                row["naive_cpu"] = max(naive_cpu)
            results[variant] = row
    print("\nratios (best figures):")
    for variant, row in results.items():
        print(
            f"{variant}: batch {cores} cores / 1 core = {row['many'] / row['one']:.2f}; "
            f"batch 1 core / step = {row['one'] / row['ref']:,.0f}; "
            f"batch {cores} cores / step = {row['many'] / row['ref']:,.0f}"
        )
        if "naive" in row:
            print(
                f"{variant}: batch 1 core / naive = {row['one'] / row['naive']:,.0f}; "
                f"batch {cores} cores / naive = {row['many'] / row['naive']:,.0f}; "
                f"step / naive = {row['ref'] / row['naive']:.2f}"
            )
    print("ratios per CPU-second (unaffected by the load; in-process runs only):")
    for variant, row in results.items():
        text = f"{variant}: batch 1 core / step = {row['one_cpu'] / row['ref_cpu']:,.0f}"
        if "naive_cpu" in row:
            text += (
                f"; batch 1 core / naive = {row['one_cpu'] / row['naive_cpu']:,.0f}"
                f"; step / naive = {row['ref_cpu'] / row['naive_cpu']:.2f}"
            )
        print(text)
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
