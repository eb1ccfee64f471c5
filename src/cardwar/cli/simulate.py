"""The command ``cardwar simulate VARIANT -n N``: N seeded games played on the batch engine
where it plays the variant and agents (threads), else on the reference engine (worker
processes), summarised as they arrive (:class:`Tally`, :func:`summarise`) and listed game by
game with ``--json``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from cardwar import __version__, batch
from cardwar import agents as agents_module
from cardwar._files import atomic_file
from cardwar._processes import in_processes
from cardwar.cli._common import (
    SIMULATE_MAX_STEPS,
    UsageError,
    _add_options_argument,
    _changed_options,
    _game_and_options,
    _Parser,
    _run_arguments,
    check_writable,
)
from cardwar.core import Variant, options_to_json
from cardwar.errors import AgentError
from cardwar.rng import derive_seed
from cardwar.variants import variant


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``simulate`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser(
        "simulate", help="play many seeded games and summarise them",
        description="Play N seeded games (game i uses derive_seed(SEED, i)) across "
        "processes and print a summary; the same seed gives the same summary whatever "
        "--jobs is.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    _add_options_argument(p)
    p.add_argument("--agents", default=None, metavar="KIND[,KIND...]",
                   help="variants with decisions: the agent of every seat, or one per seat "
                   f"({', '.join(agents_module.KINDS)}, ismcts:N, heuristic:P or "
                   "package.module:name; "
                   "default random)")
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--json", metavar="FILE", default=None,
                   help="write the summary and per-game results as JSON ('-': stdout)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_simulate)


def _run_chunk(task: tuple[str, Any, int, int, int, tuple[str, ...], int | None]
               ) -> list[dict[str, Any]]:
    """Play games ``start`` to ``stop - 1`` of a batch; return one result per game."""
    name, options, master, start, stop, kinds, max_steps = task
    game = variant(name)
    out = []
    for index in range(start, stop):
        seed = derive_seed(master, index)
        seats = [agents_module.agent(kind, name, derive_seed(seed, s + 1))
                 for s, kind in enumerate(kinds)]
        record = agents_module.play(game, seats, seed, options, max_steps=max_steps)
        result = record.outcome
        out.append({
            "game": index,
            "seed": seed,
            "steps": len(record.actions),
            "termination": None if result is None else result.termination.value,
            "winners": None if result is None else list(result.winners),
            "scores": None if result is None or result.scores is None else list(result.scores),
        })
    return out


class Tally:
    """The summary of per-game results, kept as they arrive, in memory bounded by the
    number of distinct game lengths (not the number of games)."""

    def __init__(self, players: int) -> None:
        self.lengths: Counter[int] = Counter()
        self.wins = [0] * players
        self.draws: Counter[str] = Counter()
        self.unfinished = 0

    def add(self, result: dict[str, Any]) -> None:
        """Count one game's result (a dict as ``simulate --json`` lists them)."""
        self.lengths[result["steps"]] += 1
        if result["termination"] is None:
            self.unfinished += 1
        elif not result["winners"]:
            self.draws[result["termination"]] += 1
        for seat in result["winners"] or ():
            self.wins[seat] += 1

    def add_chunk(self, chunk: batch.BatchChunk, max_steps: int) -> None:
        """Count the games of a chunk of the batch engine at once, as :meth:`add` counts
        the rows :func:`_chunk_rows` makes of it (a game longer than ``max_steps`` battles
        is unfinished, counted at ``max_steps``)."""
        import numpy as np

        battles = np.asarray(chunk.battles)
        done = battles <= max_steps
        steps = np.where(done, battles, max_steps)
        values, counts = np.unique(steps, return_counts=True)
        for value, count in zip(values.tolist(), counts.tolist(), strict=True):
            self.lengths[value] += count
        self.unfinished += int((~done).sum())
        winners = np.asarray(chunk.winner)[done]
        seats, won = np.unique(winners[winners >= 0], return_counts=True)
        for seat, count in zip(seats.tolist(), won.tolist(), strict=True):
            self.wins[seat] += count
        codes = np.asarray(chunk.termination)[done][winners < 0]
        codes, drawn = np.unique(codes, return_counts=True)
        for code, count in zip(codes.tolist(), drawn.tolist(), strict=True):
            self.draws[batch.TERMINATIONS[code].value] += count

    def add_game_chunk(self, chunk: batch.GameChunk) -> None:
        """Count the games of a chunk of :func:`cardwar.batch.play` at once, as
        :meth:`add` counts the rows :func:`_game_chunk_rows` makes of it."""
        import numpy as np

        values, counts = np.unique(np.asarray(chunk.steps), return_counts=True)
        for value, count in zip(values.tolist(), counts.tolist(), strict=True):
            self.lengths[value] += count
        term = np.asarray(chunk.termination)
        done = term != batch.UNFINISHED
        self.unfinished += int((~done).sum())
        winners = np.asarray(chunk.winner)
        seats, won = np.unique(winners[winners >= 0], return_counts=True)
        for seat, count in zip(seats.tolist(), won.tolist(), strict=True):
            self.wins[seat] += count
        codes, drawn = np.unique(term[done & (winners < 0)], return_counts=True)
        for code, count in zip(codes.tolist(), drawn.tolist(), strict=True):
            self.draws[batch.GAME_TERMINATIONS[code].value] += count

    def _nth(self, index: int) -> int:
        """Return the ``index``-th smallest length (from 0)."""
        seen = 0
        for length in sorted(self.lengths):
            seen += self.lengths[length]
            if index < seen:
                return length
        raise IndexError(index)  # pragma: no cover - callers ask for index < n

    def summary(self) -> dict[str, Any]:
        """Return the summary: game length (mean, median, 95th and 99th percentiles,
        nearest rank), wins per seat, draws by reason, unfinished games."""
        n = sum(self.lengths.values())

        def percentile(p: float) -> int:
            return self._nth(max(1, math.ceil(p / 100 * n)) - 1)

        return {
            "games": n,
            "length": {
                "mean": sum(k * v for k, v in self.lengths.items()) / n if n else 0.0,
                "median": (self._nth((n - 1) // 2) + self._nth(n // 2)) / 2 if n else 0.0,
                "p95": percentile(95) if n else 0,
                "p99": percentile(99) if n else 0,
                "min": min(self.lengths) if n else 0,
                "max": max(self.lengths) if n else 0,
            },
            "wins": list(self.wins),
            "draws": dict(sorted(self.draws.items())),
            "unfinished": self.unfinished,
        }


def summarise(results: Iterable[dict[str, Any]], players: int) -> dict[str, Any]:
    """Return the summary of per-game results: game length (mean, median, 95th and 99th
    percentiles, nearest rank), wins per seat, draws by reason, unfinished games.

    >>> summarise([{"steps": 3, "termination": "all_cards", "winners": [1]},
    ...            {"steps": 5, "termination": "battle_limit", "winners": []}], 2)["draws"]
    {'battle_limit': 1}
    """
    tally = Tally(players)
    for result in results:
        tally.add(result)
    return tally.summary()


def _format_summary(summary: dict[str, Any]) -> list[str]:
    n = summary["games"]
    length = summary["length"]

    def pct(k: int) -> str:
        return f"{100 * k / n:.1f}%" if n else "-"

    median = length["median"]
    median_text = f"{median:.0f}" if float(median).is_integer() else f"{median:.1f}"
    lines = [
        f"game length (steps): mean {length['mean']:.1f}, median {median_text}, "
        f"p95 {length['p95']}, p99 {length['p99']} (min {length['min']}, max {length['max']})",
        "wins: " + ", ".join(f"seat {s} {w} ({pct(w)})" for s, w in enumerate(summary["wins"])),
    ]
    draws = summary["draws"]
    total = sum(draws.values())
    detail = ": " + ", ".join(f"{k} {v}" for k, v in draws.items()) if draws else ""
    lines.append(f"draws: {total} ({pct(total)}){detail}")
    if summary["unfinished"]:
        lines.append(f"unfinished (--max-steps): {summary['unfinished']} "
                     f"({pct(summary['unfinished'])})")
    return lines


def _agent_kinds(text: str | None, game: Variant, players: int) -> tuple[str, ...]:
    if game.AUTOMATIC:
        if text is not None:
            raise UsageError(f"--agents: {game.TITLE} plays itself; it has no agents")
        return ()
    kinds = ["random"] if text is None else [k.strip() for k in text.split(",")]
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise UsageError(f"--agents needs one agent or one per seat ({players}), got "
                         f"{len(kinds)}")
    for kind in kinds:
        if kind == "heuristic" and not agents_module.has_heuristic(game):
            raise UsageError(f"variant {game.NAME!r} has no heuristic agent")
        try:
            agents_module.agent(kind, game, 0)
        except AgentError as err:
            raise UsageError(str(err)) from None
    return tuple(kinds)


def _cmd_simulate(args: argparse.Namespace) -> int:
    game, options = _game_and_options(args)
    jobs = _run_arguments(args)
    if args.json is not None:
        check_writable(args.json, "--json")
    players = game.num_players(game.new_game(0, options))
    kinds = _agent_kinds(args.agents, game, players)
    # With --json -, stdout holds the JSON alone; what people read goes to stderr.
    text = sys.stderr if args.json == "-" else sys.stdout
    quiet = args.no_progress or not sys.stderr.isatty()
    results: Iterator[dict[str, Any]]
    chunks: Iterator[batch.BatchChunk] | None = None
    game_chunks: Iterator[batch.GameChunk] | None = None
    if batch.supports(game, options):
        # War and Peace: the batch engine, bit-identical to step (one step is one battle).
        chunks = _batch_chunks(game, options, args.seed, args.n, jobs, args.max_steps, quiet)
        results = (row for chunk in chunks for row in _chunk_rows(chunk, args.max_steps))
        engine = "batch engine (numba)"
    elif batch.kernel_plays(game, kinds, options):
        # Arneson's War, Caravan, General's War and Cold War between random and
        # heuristic players: the batch engine's kernels, move for move the games of the
        # step loop.
        game_chunks = _game_chunks(game, options, kinds, args.seed, args.n, jobs,
                                   args.max_steps, quiet)
        results = (row for chunk in game_chunks for row in _game_chunk_rows(chunk))
        engine = "batch engine (numba)"
    else:
        chunk = max(1, min(200, math.ceil(args.n / (jobs * 8))))
        # Made as they are handed out, never all at once.
        tasks = (
            (game.NAME, options, args.seed, start, min(start + chunk, args.n), kinds,
             args.max_steps)
            for start in range(0, args.n, chunk)
        )
        results = _run_tasks(tasks, 1 if args.n <= chunk else jobs, args.n, quiet, game.NAME)
        engine = "reference engine (step)"
    agents_text = f"; agents: {', '.join(kinds)}" if kinds else ""
    print(f"{game.TITLE}: {args.n} games, seed {args.seed}; options: "
          f"{_changed_options(options)}{agents_text}; engine: {engine}", file=text, flush=True)
    tally = Tally(players)
    if args.json is None and chunks is not None:
        for chunk in chunks:  # counted a chunk at a time, never game by game
            tally.add_chunk(chunk, args.max_steps)
    elif args.json is None and game_chunks is not None:
        for game_chunk in game_chunks:
            tally.add_game_chunk(game_chunk)
    elif args.json is None:
        for result in results:
            tally.add(result)
    else:
        # The per-game results are written as they come, never all kept in memory, to a
        # new file that takes the path's place once complete (an interrupted or failed
        # run leaves no half-written file, and the file there before as it was).
        with contextlib.ExitStack() as stack:
            out = (sys.stdout if args.json == "-"
                   else stack.enter_context(atomic_file(Path(args.json))))
            head = {
                "variant": game.NAME,
                "rules_version": game.RULES_VERSION,
                "library_version": __version__,
                "options": options_to_json(options),
                "seed": args.seed,
                "agents": list(kinds),
            }
            out.write("{\n" + "".join(f" {json.dumps(k)}: {json.dumps(v)},\n"
                                         for k, v in head.items()))
            out.write(' "games": [')
            for i, result in enumerate(results):
                tally.add(result)
                out.write(("\n  " if i == 0 else ",\n  ") + json.dumps(result))
            out.write('\n ],\n "summary": ' + json.dumps(tally.summary()) + "\n}\n")
    print("\n".join(_format_summary(tally.summary())), file=text)
    return 0


#: Games per chunk of the batch engine in ``simulate``: small enough that Ctrl-C, seen
#: between chunks, stops the run within a second or two.
_BATCH_CHUNK = 10_000


def _batch_chunks(game: Variant, options: Any, seed: int, n: int, jobs: int, max_steps: int,
                  quiet: bool = True) -> Iterator[batch.BatchChunk]:
    """Play the games with :mod:`cardwar.batch`; yield its chunks in game order. A game
    longer than ``max_steps`` battles is to be cut there, unfinished, as the step loop cuts
    it (:func:`_chunk_rows`, :meth:`Tally.add_chunk`); the kernel itself stops it one
    battle later.

    With ``jobs`` > 1 the chunks are played on that many threads of this process: the
    compiled kernels release the GIL, so threads run them in parallel with no worker
    process to start, no second compilation or cache load and nothing to send between
    processes. Ctrl-C is seen between chunks; the chunks already running end within a
    fraction of a second and nothing more is started."""
    limit = options.max_battles
    if (limit is None or limit > max_steps + 1) and max_steps < 2**62:
        # A game still running after max_steps battles is reported unfinished whatever
        # happens next, so the kernel may stop it at max_steps + 1: every game that ends
        # by then ends the same way.
        options = attrs.evolve(options, max_battles=max_steps + 1)

    def run(executor: Any) -> Iterator[batch.BatchChunk]:
        return batch.simulate(game, options, master_seed=seed, games=n, executor=executor,
                              chunk_size=_BATCH_CHUNK, max_pending=2 * jobs)

    return _on_threads(run, game.NAME, n, jobs, quiet)


def _on_threads(run: Callable[[Any], Iterator[Any]], label: str, n: int, jobs: int,
                quiet: bool) -> Iterator[Any]:
    """Yield the chunks ``run(executor)`` gives for a run of ``n`` games, the executor
    being a pool of ``jobs`` threads (one for a run of one chunk), with a progress bar
    unless ``quiet``; the pool is shut down however the run ends.

    The kernels run on the pool's threads even for ``--jobs 1``, so that this thread
    only waits and Ctrl-C is seen at once, a kernel's compile included (see
    :func:`cardwar.cli.main`). When numba compiles a kernel (its first run on the
    machine) a line says so, unless ``quiet``, and the bar's clock starts again once it
    is compiled, so that its rate counts games, not the compile.
    """
    from tqdm import tqdm

    from cardwar._compiling import COMPILE_NOTICE, COMPILE_SECONDS, KernelThreads, compile_notices

    pool = KernelThreads(jobs if jobs > 1 and n > _BATCH_CHUNK else 1)
    try:
        with tqdm(total=n, unit="game", disable=quiet, file=sys.stderr, desc=label) as bar:

            def started() -> None:
                if not quiet:
                    bar.write(COMPILE_NOTICE.format(what=label, seconds=COMPILE_SECONDS),
                              file=sys.stderr)

            def ended(seconds: float) -> None:
                if bar.n == 0:
                    bar.reset()  # the rate from here on counts games, not the compile

            with compile_notices(started, ended):
                for chunk in run(pool):
                    yield chunk
                    bar.update(len(chunk))
    finally:
        pool.shutdown()


def _chunk_rows(chunk: batch.BatchChunk, max_steps: int) -> Iterator[dict[str, Any]]:
    """Yield the games of a chunk as ``_run_chunk`` gives them (``simulate --json``)."""
    for i, (s, battles, _, winner, termination) in enumerate(chunk.rows()):
        done = battles <= max_steps
        yield {
            "game": chunk.start + i,
            "seed": s,
            "steps": battles if done else max_steps,
            "termination": termination.value if done else None,
            "winners": ([winner] if winner >= 0 else []) if done else None,
            "scores": None,
        }


def _game_chunks(game: Variant, options: Any, kinds: tuple[str, ...], seed: int, n: int,
                 jobs: int, max_steps: int, quiet: bool = True) -> Iterator[batch.GameChunk]:
    """Play the games with :func:`cardwar.batch.play`'s kernel, on ``jobs`` threads as
    :func:`_batch_chunks` does; yield its chunks in game order."""

    def run(executor: Any) -> Iterator[batch.GameChunk]:
        return batch.play(game, options, agents=kinds, master_seed=seed, games=n,
                          max_steps=max_steps, engine="numba", executor=executor,
                          chunk_size=_BATCH_CHUNK, max_pending=2 * jobs)

    return _on_threads(run, game.NAME, n, jobs, quiet)


def _game_chunk_rows(chunk: batch.GameChunk) -> Iterator[dict[str, Any]]:
    """Yield the games of a chunk of :func:`cardwar.batch.play` as ``_run_chunk`` gives
    them (``simulate --json``)."""
    for i, (s, steps, winner, termination, scores) in enumerate(chunk.rows()):
        if termination is None:  # cut by --max-steps
            yield {"game": chunk.start + i, "seed": s, "steps": steps, "termination": None,
                   "winners": None, "scores": None}
            continue
        yield {
            "game": chunk.start + i,
            "seed": s,
            "steps": steps,
            "termination": termination.value,
            "winners": [winner] if winner >= 0 else [],
            "scores": list(scores) if chunk.scored else None,
        }


def _run_tasks(tasks: Iterable[Any], jobs: int, total: int, quiet: bool, label: str = ""
               ) -> Iterator[dict[str, Any]]:
    """Run the chunks, in processes when ``jobs > 1``; yield the results in game order
    (:func:`cardwar._processes.in_processes`: Ctrl-C stops the run at once)."""
    from tqdm import tqdm

    with tqdm(total=total, unit="game", disable=quiet, file=sys.stderr, desc=label) as bar:
        for chunk in in_processes(_run_chunk, ((task,) for task in tasks), jobs):
            bar.update(len(chunk))
            yield from chunk
