"""Fast simulation: many seeded games at once, bit-identical to ``step``.

:func:`simulate` plays War and Peace; :func:`play` plays any variant between agents, and
Arneson's War, Caravan, General's War and Cold War between random and heuristic players
in compiled kernels (see "Games with decisions" below).

:func:`simulate` plays the game of every seed and streams the results as
:class:`BatchChunk` values, columns of numbers in game order, so that a run of any size
needs bounded memory; :func:`summarize` reduces a stream of chunks to the statistics
people study (game length, wins, draws).

Two engines play the games, and give the same results for every seed:

* ``"numba"``, the batch engine: a compiled loop over small integer arrays (the War
  family's kernel, ``cardwar.variants._battle._batch_numba``), with the ``fast`` extra
  (``pip install cardwar[fast]``);
* ``"reference"``: the public ``new_game``/``step`` loop, with nothing but the library.

``engine="auto"`` picks the batch engine when it is installed, and every chunk names the
engine that played it. The results are the reference's bit for bit: for every seed the
same winner, termination, number of battles and number of wars (battles that had at least
one war) as ``step`` gives; the test suite proves it over every option combination.

>>> from cardwar import batch
>>> chunks = list(batch.simulate("war", seeds=[2026, 7]))
>>> [int(b) for b in chunks[0].battles], [int(w) for w in chunks[0].winner]
([104, 398], [1, 0])
>>> batch.termination(chunks[0], 0)
<Termination.ALL_CARDS: 'all_cards'>

A study names a master seed and a number of games (game ``i`` has the seed
``derive_seed(master_seed, i)``), and may spread the chunks over any
``concurrent.futures.Executor``:

>>> summary = batch.summarize(batch.simulate("peace", master_seed=1, games=500))
>>> summary.games, sum(summary.wins) + sum(summary.draws.values())
(500, 500)

Games with decisions: :func:`play` plays the games :func:`cardwar.agents.play` plays
between agents named by kind, and yields :class:`GameChunk` columns (steps, winner,
termination, scores). Its ``"numba"`` engine plays the games of :data:`KERNEL_AGENTS`
(Arneson's War, Caravan, General's War and Cold War between random and heuristic
players) in compiled kernels
(``cardwar.variants.<game>._batch_numba``), move for move the games of its
``"reference"`` engine, which plays every variant and agent through ``step``:

>>> chunk = next(batch.play("caravan", master_seed=7, games=1000))
>>> chunk.engine, len(chunk), int(chunk.steps.min()) > 0
('numba', 1000, True)
"""

from __future__ import annotations

import array
import bisect
import copy
import importlib
import itertools
import operator
import os
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType
from typing import Any, Protocol, cast

import attrs

from cardwar.core import OptionError, Termination, Variant
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    OptionsTypeError,
    is_text,
    shown,
    wrong_type,
)
from cardwar.rng import check_seed, derive_seed
from cardwar.variants import all_variants
from cardwar.variants import variant as lookup

__all__ = [
    "ENGINES",
    "GAME_TERMINATIONS",
    "KERNEL_AGENTS",
    "TERMINATIONS",
    "UNFINISHED",
    "BatchChunk",
    "Column",
    "ExecutorLike",
    "GameChunk",
    "GameSummary",
    "Games",
    "GamesSnapshot",
    "Summary",
    "available_engines",
    "kernel_plays",
    "play",
    "random_legal_ids",
    "simulate",
    "summarize",
    "summarize_games",
    "supports",
    "termination",
]

#: The engine names :func:`simulate` accepts: ``"auto"``, ``"numba"``, ``"reference"``.
ENGINES = ("auto", "numba", "reference")

#: The termination codes of :attr:`BatchChunk.termination`: code ``i`` is
#: ``TERMINATIONS[i]`` (0 all_cards, 1 wars_won, 2 battle_limit, 3 repeated_position,
#: 4 undecidable).
TERMINATIONS: tuple[Termination, ...] = (
    Termination.ALL_CARDS,
    Termination.WARS_WON,
    Termination.BATTLE_LIMIT,
    Termination.REPEATED_POSITION,
    Termination.UNDECIDABLE,
)
_CODES = {t: i for i, t in enumerate(TERMINATIONS)}

#: A column of a chunk: a numpy array when numpy is installed, else an ``array.array``
#: of the same item type (``Q``, ``q``, ``h``, ``B``).
Column = Any

# Games at or above which simulate() without an executor spreads the chunks over a
# process pool, per engine: below it, starting the worker processes costs more than it
# saves. A fresh worker takes 0.4 s of CPU (2 s of wall time on a loaded machine) to
# import numba and load the cached kernel, while one core plays about 78,000 default War
# games per CPU-second with the batch engine and 1,000 with the reference engine.
_POOL_THRESHOLD = {"numba": 400_000, "reference": 4_000}
# Games per chunk when chunk_size is None, per engine.
_CHUNK_SIZE = {"numba": 50_000, "reference": 500}

# Each game reaches the batch engine through its package's BATCH_ENGINE: the name of a
# module, imported when first used, that offers
# - for a game that plays itself (War, Peace), simulate(seeds, options) -> the columns
#   battles, wars, winner and termination (codes of its TERMINATIONS) from the compiled
#   kernel, simulate_reference(seeds, options) -> the same as lists, through step, and
#   unrepresentable(options) -> the name of an option the kernel cannot hold, or None;
# - for a game with decisions, KINDS (the agent kinds its kernel plays), play(seeds,
#   options, max_steps, agents) -> the columns steps, winner, termination (codes of its
#   TERMINATIONS, None for a game cut) and scores, SCORED (whether the game keeps scores),
#   optionally refusal(options) -> why the kernel does not play games under those options
#   (None: it does), and Stepper, the many-games engine of Games.


class ExecutorLike(Protocol):
    """What :func:`simulate` needs of an executor: ``submit(fn, *args)`` returning a
    future with ``result()`` and ``cancel()``. Every ``concurrent.futures.Executor`` (a
    process or thread pool) is one, and so is a Dask client's ``get_executor()``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Schedule ``fn(*args, **kwargs)`` and return its future."""


def _numba_ready() -> bool:
    try:
        from cardwar import _kernels
    except ImportError:  # numpy is missing
        return False
    return _kernels.COMPILED


def _numpy() -> ModuleType | None:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def available_engines() -> tuple[str, ...]:
    """Return the engines that can run here: ``"reference"`` always, ``"numba"`` with
    the ``fast`` extra installed."""
    return ("numba", "reference") if _numba_ready() else ("reference",)


def _registered(variant: object) -> Variant | None:
    """Return the registered variant that ``variant`` names (a name or an alias, or a
    module with the ``NAME`` of one), or ``None``."""
    name = variant if isinstance(variant, str) else getattr(variant, "NAME", None)
    try:
        return lookup(name) if isinstance(name, str) else None
    except KeyError:
        return None


def _engine(game: object) -> Any:
    """Return the module of ``game``'s batch engine (its package's ``BATCH_ENGINE``), or
    ``None`` for a game without one."""
    path = getattr(game, "BATCH_ENGINE", None)
    return importlib.import_module(path) if isinstance(path, str) else None


def _simulated(game: object) -> Any:
    """Return ``game``'s batch engine if it simulates the game (a game that plays
    itself), else ``None``."""
    engine = _engine(game)
    return engine if hasattr(engine, "simulate") else None


def _variant(variant: str | ModuleType | Variant) -> Variant:
    """Return the registered variant that ``variant`` names if the batch simulation plays
    it; raise :class:`ArgumentError` naming the games it plays otherwise."""
    game = _registered(variant)
    if game is not None and _simulated(game) is not None:
        return game
    names = " and ".join(g.NAME for g in all_variants() if _simulated(g) is not None)
    raise ArgumentError(
        f"the batch simulation plays {names} only, got {variant!r}; play other "
        "variants with their step function"
    )


def _options(module: ModuleType | Variant, options: object) -> Any:
    if options is None:
        return module.Options()
    if not isinstance(options, module.Options):
        raise OptionsTypeError(
            f"options must be {module.NAME}.Options, got {type(options).__name__}"
        )
    return options


def supports(variant: str | ModuleType | Variant, options: object = None) -> bool:
    """Return whether the batch engine can play ``variant`` with ``options`` here: the
    variant is one the batch simulation plays (War or Peace, by name, alias or module),
    the options are its options, and the ``fast`` extra is installed. Where it returns
    ``False``, :func:`simulate` can still play War and Peace with the reference engine.

    >>> supports("chess")
    False
    """
    try:
        module = _variant(variant)
        _options(module, options)
    except (ValueError, TypeError):  # ArgumentError, OptionsTypeError
        return False
    return _numba_ready()


@attrs.frozen(slots=True, eq=False)
class BatchChunk:
    """The results of consecutive games of a run, as columns: entry ``i`` of every column
    is the game ``start + i`` of the run."""

    start: int
    """The index in the run of the chunk's first game."""
    seed: Column
    """Each game's seed (``uint64``)."""
    battles: Column
    """Battles played (``int64``)."""
    wars: Column
    """Battles that had at least one war (``int64``)."""
    winner: Column
    """The winning seat, or -1 for a draw (``int16``)."""
    termination: Column
    """How the game ended (``uint8``): code ``i`` is :data:`TERMINATIONS` ``[i]``."""
    engine: str
    """The engine that played the games: ``"numba"`` or ``"reference"``."""
    players: int
    """The number of seats in every game of the run."""

    def __len__(self) -> int:
        return len(self.seed)

    def rows(self) -> Iterator[tuple[int, int, int, int, Termination]]:
        """Yield each game as ``(seed, battles, wars, winner, termination)``."""
        for i in range(len(self.seed)):
            yield (
                int(self.seed[i]),
                int(self.battles[i]),
                int(self.wars[i]),
                int(self.winner[i]),
                TERMINATIONS[int(self.termination[i])],
            )


def termination(chunk: BatchChunk, i: int) -> Termination:
    """Return the termination of game ``i`` of ``chunk`` (an index in ``[0, len(chunk))``,
    or from its end if negative, as a sequence's)."""
    if not isinstance(chunk, BatchChunk):
        raise wrong_type("termination", "a BatchChunk (from simulate)", chunk)
    if isinstance(i, bool) or not hasattr(i, "__index__"):
        raise wrong_type("termination's i", "an int game index", i)
    n = len(chunk)
    if not -n <= operator.index(i) < n:
        raise ArgumentError(f"termination: the chunk holds {n} games, it has no game {i}")
    return TERMINATIONS[int(chunk.termination[i])]


# --- playing one chunk (runs in the worker) -------------------------------------------


@attrs.frozen(slots=True)
class _Job:
    """One chunk of a run, as sent to a worker: small and picklable."""

    variant: str
    options: Any
    engine: str
    start: int
    seeds: tuple[int, ...] | None
    master: int | None
    count: int


def _iterate(values: Any, name: str) -> Iterator[Any]:
    """Return an iterator over ``values``; raise :class:`ArgumentError` if they are not
    iterable (or are a string, which iterates as characters)."""
    if is_text(values):
        raise ArgumentTypeError(f"{name} must be an iterable of values, not a string: "
                                f"{shown(values)}")
    try:
        return iter(values)
    except TypeError:
        raise ArgumentTypeError(f"{name} must be an iterable, got {shown(values)}") from None


def _seed_value(seed: object) -> object:
    """Return ``seed`` as an int if it is an integer of another type (a numpy integer, a
    seed taken from an array), else as it is, for :func:`check_seed` to judge (a bool, a
    float or a string is refused there)."""
    if isinstance(seed, (bool, int)) or not hasattr(seed, "__index__"):
        return seed
    try:
        return operator.index(seed)
    except TypeError:  # an array of more than one value
        return seed


def _seeds_of(job: _Job | _GameJob) -> list[int]:
    if job.seeds is not None:
        return list(job.seeds)
    assert job.master is not None
    return [derive_seed(job.master, job.start + i) for i in range(job.count)]


def _columns(
    start: int,
    seeds: Sequence[int],
    battles: Sequence[int],
    wars: Sequence[int],
    winner: Sequence[int],
    term: Sequence[int],
    engine: str,
    players: int,
) -> BatchChunk:
    np = _numpy()
    if np is not None:
        return BatchChunk(
            start,
            np.array(seeds, dtype=np.uint64),
            np.array(battles, dtype=np.int64),
            np.array(wars, dtype=np.int64),
            np.array(winner, dtype=np.int16),
            np.array(term, dtype=np.uint8),
            engine,
            players,
        )
    return BatchChunk(
        start,
        array.array("Q", seeds),
        array.array("q", battles),
        array.array("q", wars),
        array.array("h", winner),
        array.array("B", term),
        engine,
        players,
    )


def _play_reference(job: _Job) -> BatchChunk:
    engine = _simulated(lookup(job.variant))
    seeds = _seeds_of(job)
    battles, wars, winners, terms = engine.simulate_reference(seeds, job.options)
    codes = [_CODES[engine.TERMINATIONS[t]] for t in terms]
    return _columns(job.start, seeds, battles, wars, winners, codes, "reference",
                    job.options.players)


def _play_numba(job: _Job) -> BatchChunk:
    import numpy as np

    if not _numba_ready():
        raise RuntimeError("the numba engine needs numba: pip install 'cardwar[fast]'")
    engine = _simulated(lookup(job.variant))
    if job.seeds is not None:
        seeds = np.array(job.seeds, dtype=np.uint64)
    else:
        assert job.master is not None
        seeds = _derive_seeds(np, job.master, job.start, job.count)
    battles, wars, winner, term = engine.simulate(seeds, job.options)
    codes = np.array([_CODES[t] for t in engine.TERMINATIONS], dtype=np.uint8)
    players = job.options.players
    return BatchChunk(job.start, seeds, battles, wars, winner, codes[term], "numba", players)


def _derive_seeds(np: Any, master: int, start: int, count: int) -> Any:
    """Return ``derive_seed(master, start + i)`` for ``i < count`` as a uint64 array (the
    formula of :func:`cardwar.rng.derive_seed`, vectorised)."""
    from cardwar.rng import _DERIVE, GAMMA, mix64

    base = np.uint64(mix64((master + _DERIVE) % 2**64))
    index = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = base + index * np.uint64(GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def _play_chunk(job: _Job) -> BatchChunk:
    """Play one chunk of games (the function workers run)."""
    if job.engine == "numba":
        return _play_numba(job)
    return _play_reference(job)


# --- the run ---------------------------------------------------------------------------


def _jobs(
    variant: str,
    options: Any,
    engine: str,
    seeds: Iterable[int] | None,
    master_seed: int | None,
    games: int | None,
    chunk_size: int,
) -> Iterator[_Job]:
    if seeds is not None:
        iterator = _iterate(seeds, "seeds")
        start = 0
        while True:
            block = tuple(check_seed(_seed_value(s))
                          for s in itertools.islice(iterator, chunk_size))
            if not block:
                return
            yield _Job(variant, options, engine, start, block, None, len(block))
            start += len(block)
    assert master_seed is not None
    assert games is not None
    for start in range(0, games, chunk_size):
        count = min(chunk_size, games - start)
        yield _Job(variant, options, engine, start, None, master_seed, count)


def simulate(
    variant: str | ModuleType | Variant,
    options: object = None,
    *,
    seeds: Iterable[int] | None = None,
    master_seed: int | None = None,
    games: int | None = None,
    chunk_size: int | None = None,
    executor: ExecutorLike | None = None,
    engine: str = "auto",
    max_pending: int | None = None,
) -> Iterator[BatchChunk]:
    """Play the game of every seed to its end and yield the results in chunks, in game
    order.

    The games are either ``seeds`` (any iterable of seeds, read lazily) or ``games``
    games of ``master_seed``: game ``i`` then has the seed
    ``cardwar.derive_seed(master_seed, i)``.

    ``chunk_size`` games go into each chunk (by default 50,000 for the batch engine and
    500 for the reference engine). The chunks are played on ``executor``, any
    ``concurrent.futures.Executor`` (a process pool, a thread pool, a Dask client's
    ``get_executor()``), with at most ``max_pending`` chunks submitted and not yet
    yielded (by default four per CPU), so that memory stays bounded however many games
    are played. Without an executor, runs of at least 400,000 games (4,000 with the
    reference engine) and a known size use a process pool of ``os.cpu_count()`` workers,
    and smaller runs play in this process.

    ``engine`` is ``"auto"`` (the batch engine when installed, else the reference),
    ``"numba"`` or ``"reference"``. The results are the same whatever the engine, the
    executor and the chunk size.
    """
    module = _variant(variant)
    opts = _options(module, options)
    if engine not in ENGINES:
        raise ArgumentError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    unrepresentable = _simulated(module).unrepresentable(opts)
    if engine == "auto":
        engine = "numba" if _numba_ready() and unrepresentable is None else "reference"
    elif engine == "numba" and not _numba_ready():
        raise RuntimeError("the numba engine needs numba and numpy: pip install 'cardwar[fast]'")
    elif engine == "numba" and unrepresentable is not None:
        raise OptionError(unrepresentable, f"the numba engine counts in 64-bit integers and "
                          f"cannot play {unrepresentable}={getattr(opts, unrepresentable)}; "
                          "the reference engine can (engine='reference' or 'auto')")
    size, total = _run_size(seeds, master_seed, games, chunk_size, _CHUNK_SIZE[engine])
    jobs = _jobs(module.NAME, opts, engine, seeds, master_seed, games, size)
    return _run(jobs, executor, total, engine, max_pending)


def _run_size(seeds: Iterable[int] | None, master_seed: int | None, games: int | None,
              chunk_size: int | None, default: int) -> tuple[int, int | None]:
    """Check the games of a run (``seeds``, or ``games`` of ``master_seed``) and its
    chunk size; return the chunk size (``default`` for ``None``) and the number of games
    when it is known."""
    if (seeds is None) == (master_seed is None):
        raise ArgumentError("give either seeds or master_seed (with games)")
    if master_seed is not None:
        check_seed(master_seed, "master seed")
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise ArgumentError(f"games must be an int >= 0 with master_seed, got {games!r}")
    elif games is not None:
        raise ArgumentError("games goes with master_seed; with seeds, every seed is a game")
    size = default if chunk_size is None else chunk_size
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ArgumentError(f"chunk_size must be an int >= 1, got {chunk_size!r}")
    total = games if seeds is None else (len(seeds) if isinstance(seeds, Sequence) else None)
    return size, total


def _run(
    jobs: Iterator[Any],
    executor: ExecutorLike | None,
    total: int | None,
    engine: str,
    max_pending: int | None,
    play_chunk: Callable[[Any], Any] = _play_chunk,
    threshold: dict[str, int] = _POOL_THRESHOLD,
) -> Iterator[Any]:
    """Yield the chunks ``play_chunk`` makes of ``jobs``, in order: on ``executor``, else
    on a process pool for a run of at least ``threshold[engine]`` games, else here."""
    workers = os.cpu_count() or 1
    pending = 4 * workers if max_pending is None else max_pending
    if pending < 1:
        raise ArgumentError(f"max_pending must be >= 1, got {max_pending!r}")
    if executor is not None:
        yield from _stream(jobs, executor, pending, play_chunk)
    elif total is not None and total >= threshold[engine] and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from _stream(jobs, pool, pending, play_chunk)
    else:
        for job in jobs:
            yield play_chunk(job)


def _stream(
    jobs: Iterator[Any], executor: ExecutorLike, pending: int,
    play_chunk: Callable[[Any], Any] = _play_chunk,
) -> Iterator[Any]:
    """Yield the chunks of ``jobs`` played on ``executor``, in order, with at most
    ``pending`` submitted and not yet yielded."""
    queue: deque[Any] = deque()
    try:
        for job in jobs:
            queue.append(executor.submit(play_chunk, job))
            if len(queue) >= pending:
                yield queue.popleft().result()
        while queue:
            yield queue.popleft().result()
    finally:
        for future in queue:
            future.cancel()


# --- summaries -------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Summary:
    """Statistics of a run: game length, wins per seat and draws per termination.

    Percentiles are nearest-rank: the ``p``-th percentile is the least battle count ``b``
    such that at least ``p`` percent of the games took at most ``b`` battles.
    """

    games: int
    """Games played."""
    engine: str
    """The engine that played them (``"numba"``, ``"reference"``; ``"mixed"`` if both)."""
    mean_battles: float
    """The mean number of battles per game."""
    median_battles: int
    """The median number of battles (the 50th percentile)."""
    p95_battles: int
    """The 95th percentile of battles."""
    p99_battles: int
    """The 99th percentile of battles."""
    max_battles: int
    """The longest game, in battles."""
    mean_wars: float
    """The mean number of battles with a war per game."""
    wins: tuple[int, ...]
    """Games won, per seat."""
    draws: dict[Termination, int]
    """Drawn games, per termination (only terminations that occurred)."""
    terminations: dict[Termination, int]
    """All games, per termination (only terminations that occurred)."""


def summarize(chunks: Iterable[BatchChunk]) -> Summary:
    """Return the statistics of the games of ``chunks`` (in memory bounded by the number
    of distinct game lengths, whatever the number of games).

    >>> s = summarize(simulate("war", seeds=range(200)))
    >>> s.games, s.median_battles <= s.p95_battles <= s.p99_battles <= s.max_battles
    (200, True)
    """
    lengths: dict[int, int] = {}
    wins: list[int] = []
    players = 0
    draws: dict[Termination, int] = {}
    terms: dict[Termination, int] = {}
    games = 0
    battles_total = 0
    wars_total = 0
    engines: set[str] = set()
    np = _numpy()
    for chunk in _iterate(chunks, "summarize's chunks"):
        if not isinstance(chunk, BatchChunk):
            raise wrong_type("summarize", "BatchChunk values (from simulate)", chunk)
        engines.add(chunk.engine)
        players = max(players, chunk.players)
        wins.extend([0] * (players - len(wins)))
        size = len(chunk)
        games += size
        if np is not None:
            battles = np.asarray(chunk.battles)
            values, counts = np.unique(battles, return_counts=True)
            pairs: Iterable[tuple[int, int]] = zip(values.tolist(), counts.tolist(), strict=True)
            battles_total += int(battles.sum())
            wars_total += int(np.asarray(chunk.wars).sum())
            winners = np.asarray(chunk.winner)
            seats, won = np.unique(winners, return_counts=True)
            by_seat = dict(zip(seats.tolist(), won.tolist(), strict=True))
            codes, counted = np.unique(np.asarray(chunk.termination), return_counts=True)
            by_term = dict(zip(codes.tolist(), counted.tolist(), strict=True))
            drawn_codes, drawn = np.unique(
                np.asarray(chunk.termination)[winners < 0], return_counts=True
            )
            by_draw = dict(zip(drawn_codes.tolist(), drawn.tolist(), strict=True))
        else:
            pairs = _count(chunk.battles).items()
            battles_total += sum(chunk.battles)
            wars_total += sum(chunk.wars)
            by_seat = _count(chunk.winner)
            by_term = _count(chunk.termination)
            by_draw = _count(
                c for c, w in zip(chunk.termination, chunk.winner, strict=True) if w < 0
            )
        for value, count in pairs:
            lengths[value] = lengths.get(value, 0) + count
        for seat, count in by_seat.items():
            if seat >= 0:
                wins[seat] += count
        for code, count in by_term.items():
            terms[TERMINATIONS[code]] = terms.get(TERMINATIONS[code], 0) + count
        for code, count in by_draw.items():
            draws[TERMINATIONS[code]] = draws.get(TERMINATIONS[code], 0) + count
    if not games:
        raise ArgumentError("no games to summarize")
    ordered = sorted(lengths)
    percentile = _percentiles(lengths, games)
    return Summary(
        games=games,
        engine=engines.pop() if len(engines) == 1 else "mixed",
        mean_battles=battles_total / games,
        median_battles=percentile(50),
        p95_battles=percentile(95),
        p99_battles=percentile(99),
        max_battles=ordered[-1],
        mean_wars=wars_total / games,
        wins=tuple(wins),
        draws=dict(sorted(draws.items(), key=lambda kv: _CODES[kv[0]])),
        terminations=dict(sorted(terms.items(), key=lambda kv: _CODES[kv[0]])),
    )


def _percentiles(lengths: dict[int, int], games: int) -> Callable[[int], int]:
    """Return the nearest-rank percentile function of the game lengths ``lengths``
    (length -> games), ``games`` in all."""
    ordered = sorted(lengths)
    cumulative = [100 * c for c in itertools.accumulate(lengths[v] for v in ordered)]

    def percentile(p: int) -> int:
        # The least b with 100 * (games of at most b) >= p * games.
        return ordered[bisect.bisect_left(cumulative, p * games)]

    return percentile


def _count(values: Iterable[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


# --- games with decisions ----------------------------------------------------------------

#: The termination codes of :attr:`GameChunk.termination`: code ``i`` is
#: ``GAME_TERMINATIONS[i]``, every :class:`~cardwar.core.Termination` in its order, and
#: :data:`UNFINISHED` marks a game that ``max_steps`` cut before it ended.
GAME_TERMINATIONS: tuple[Termination, ...] = tuple(Termination)
_GAME_CODES = {t: i for i, t in enumerate(GAME_TERMINATIONS)}
#: The termination code of a game cut by ``max_steps`` (it has no outcome).
UNFINISHED = 255



def _kernel_kinds(game: object) -> tuple[str, ...] | None:
    """Return the agent kinds whose games of ``game`` its batch engine plays in a compiled
    kernel, or ``None`` for a game without such a kernel."""
    engine = _engine(game)
    kinds = getattr(engine, "KINDS", None)
    return tuple(kinds) if kinds is not None and hasattr(engine, "play") else None


#: The variants whose games between agents the batch engine plays in a compiled kernel,
#: with the agent kinds the kernel has: per name (in order), the kinds (the registered
#: variants' when :mod:`cardwar.batch` is first imported; :func:`kernel_plays` asks a
#: variant registered later itself).
KERNEL_AGENTS: dict[str, tuple[str, ...]] = {
    game.NAME: kinds for game in sorted(all_variants(), key=lambda g: g.NAME)
    if (kinds := _kernel_kinds(game)) is not None
}


@attrs.frozen(slots=True, eq=False)
class GameChunk:
    """The results of consecutive games between agents, as columns: entry ``i`` of every
    column is the game ``start + i`` of the run (see :func:`play`)."""

    start: int
    """The index in the run of the chunk's first game."""
    seed: Column
    """Each game's seed (``uint64``)."""
    steps: Column
    """Steps played (``int64``): all of the game's, or ``max_steps`` for a game it cut."""
    winner: Column
    """The winning seat, or -1 for none: a draw, a game with several winners, or a game
    ``max_steps`` cut (``int16``)."""
    termination: Column
    """How the game ended (``uint8``): code ``i`` is :data:`GAME_TERMINATIONS` ``[i]``, or
    :data:`UNFINISHED`."""
    scores: Column
    """Each game's scores, one row per game and one column per seat (``int64``; zeros for
    a game without scores or one ``max_steps`` cut)."""
    engine: str
    """The engine that played the games: ``"numba"`` or ``"reference"``."""
    players: int
    """The number of seats in every game of the run."""
    scored: bool = True
    """Whether the games keep scores: ``False`` for a variant whose outcome has none
    (War, Peace, Arneson's War), whose ``scores`` column is zeros (a chunk of games all
    ``max_steps`` cut says ``True``)."""

    def __len__(self) -> int:
        return len(self.seed)

    def rows(self) -> Iterator[tuple[int, int, int, Termination | None, tuple[int, ...]]]:
        """Yield each game as ``(seed, steps, winner, termination, scores)``, the
        termination ``None`` for a game ``max_steps`` cut."""
        for i in range(len(self.seed)):
            code = int(self.termination[i])
            yield (
                int(self.seed[i]),
                int(self.steps[i]),
                int(self.winner[i]),
                None if code == UNFINISHED else GAME_TERMINATIONS[code],
                tuple(int(s) for s in self.scores[i]),
            )


@attrs.frozen(slots=True)
class _GameJob:
    """One chunk of a run of games between agents, as sent to a worker."""

    variant: str
    options: Any
    agents: tuple[str, ...]
    max_steps: int | None
    engine: str
    start: int
    seeds: tuple[int, ...] | None
    master: int | None
    count: int


def _play_games_reference(job: _GameJob) -> GameChunk:
    """Play the chunk with ``new_game``/``step`` and the agents, as :func:`agents.play`
    plays one game (the agent of seat ``s`` seeded ``derive_seed(seed, s + 1)``)."""
    from cardwar import agents as agents_module

    game = lookup(job.variant)
    seeds = _seeds_of(job)
    steps: list[int] = []
    winners: list[int] = []
    terms: list[int] = []
    scores: list[list[int]] = []
    players = 0
    scored = unscored = False
    for seed in seeds:
        seats = [agents_module.agent(kind, job.variant, derive_seed(seed, s + 1))
                 for s, kind in enumerate(job.agents)]
        record = agents_module.play(game, seats, seed, job.options, max_steps=job.max_steps)
        players = len(record.players) if record.players else len(job.agents)
        result = record.outcome
        steps.append(len(record.actions))
        if result is None:
            winners.append(-1)
            terms.append(UNFINISHED)
            scores.append([0] * players)
        else:
            winners.append(result.winners[0] if len(result.winners) == 1 else -1)
            terms.append(_GAME_CODES[result.termination])
            scores.append([int(s) for s in result.scores] if result.scores else [0] * players)
            scored = scored or result.scores is not None
            unscored = unscored or result.scores is None
    return _game_columns(job, seeds, steps, winners, terms, scores, "reference", players,
                         scored or not unscored)


def _game_columns(job: _GameJob, seeds: Sequence[int], steps: Sequence[int],
                  winners: Sequence[int], terms: Sequence[int], scores: Any, engine: str,
                  players: int, scored: bool) -> GameChunk:
    np = _numpy()
    if np is not None:
        return GameChunk(job.start, np.array(seeds, dtype=np.uint64),
                         np.array(steps, dtype=np.int64), np.array(winners, dtype=np.int16),
                         np.array(terms, dtype=np.uint8),
                         np.array(scores, dtype=np.int64).reshape(len(seeds), players),
                         engine, players, scored)
    return GameChunk(job.start, array.array("Q", seeds), array.array("q", steps),
                     array.array("h", winners), array.array("B", terms),
                     [array.array("q", row) for row in scores], engine, players, scored)


def _play_games_numba(job: _GameJob) -> GameChunk:
    """Play the chunk in the variant's compiled kernel."""
    import numpy as np

    glue = _engine(lookup(job.variant))
    if job.seeds is not None:
        seeds = np.array(job.seeds, dtype=np.uint64)
    else:
        assert job.master is not None
        seeds = _derive_seeds(np, job.master, job.start, job.count)
    steps, winner, term, scores = glue.play(seeds, job.options, job.max_steps, job.agents)
    codes = np.array([UNFINISHED if t is None else _GAME_CODES[t] for t in glue.TERMINATIONS],
                     dtype=np.uint8)
    termination = codes[term]
    scores = scores.astype(np.int64)
    scores[termination == UNFINISHED] = 0  # a game cut has no outcome, so no scores
    return GameChunk(job.start, seeds, steps, winner, termination, scores, "numba",
                     scores.shape[1], glue.SCORED)


def _play_game_chunk(job: _GameJob) -> GameChunk:
    """Play one chunk of games between agents (the function workers run)."""
    if job.engine == "numba":
        return _play_games_numba(job)
    return _play_games_reference(job)


def kernel_plays(variant: str | ModuleType | Variant, agents: Sequence[str],
                 options: object = None) -> bool:
    """Return whether the batch engine's compiled kernel plays ``variant``'s games between
    ``agents`` (agent kinds, one per seat of a game under ``options``) with ``options``
    here: the variant and the kinds are in :data:`KERNEL_AGENTS`, the kernel takes the
    options (Arneson's War's takes all but ``hand_size=1`` under a deterministic pickup
    order) and the ``fast`` extra is installed.

    >>> kernel_plays("caravan", ["random", "heuristic"]), kernel_plays("war", ["random"] * 2)
    (True, False)
    """
    game = _registered(variant)
    kinds = None if game is None else _kernel_kinds(game)
    if game is None or kinds is None or not agents or any(kind not in kinds for kind in agents):
        return False
    if options is not None and not isinstance(options, game.Options):
        return False
    opts = _options(game, options)
    if len(agents) != game.num_players(game.new_game(0, opts)) or not _numba_ready():
        return False
    return _refusal(game, opts) is None


def _refusal(game: ModuleType | Variant, options: Any) -> str | None:
    """Return why the kernel of ``game`` does not play games under ``options``, or
    ``None``."""
    refusal = getattr(_engine(game), "refusal", None)
    return None if refusal is None else cast(str | None, refusal(options))


def play(
    variant: str | ModuleType | Variant,
    options: object = None,
    *,
    agents: Sequence[str] | None = None,
    seeds: Iterable[int] | None = None,
    master_seed: int | None = None,
    games: int | None = None,
    max_steps: int | None = None,
    chunk_size: int | None = None,
    executor: ExecutorLike | None = None,
    engine: str = "auto",
    max_pending: int | None = None,
) -> Iterator[GameChunk]:
    """Play the game of every seed between agents and yield the results in chunks, in game
    order: the games :func:`cardwar.agents.play` plays, the agent of seat ``s`` in the game
    of seed ``seed`` being ``agents.agent(agents[s], variant, derive_seed(seed, s + 1))``,
    as ``cardwar simulate`` seeds them.

    ``agents`` names one agent kind per seat (default ``random`` for every seat). The
    seeds, ``chunk_size``, ``executor``, ``max_pending`` and ``engine`` are as for
    :func:`simulate`; ``max_steps`` cuts a game after that many steps (its termination
    is then :data:`UNFINISHED`). The ``"numba"`` engine plays the games of
    :data:`KERNEL_AGENTS` (Arneson's War, Caravan, General's War and Cold War between
    random and heuristic players) in a compiled kernel, move for
    move the games of the ``"reference"`` engine, which plays every variant through
    ``step``. ``engine="auto"`` takes the kernel wherever it plays the games.

    >>> chunk = next(play("caravan", seeds=[1, 2], engine="reference"))
    >>> [int(s) for s in chunk.steps], [int(w) for w in chunk.winner]
    ([123, 126], [0, 1])
    """
    game = _registered(variant)
    if game is None:
        raise ArgumentError(f"unknown variant {variant!r}")
    opts = _options(game, options)
    players = game.num_players(game.new_game(0, opts))
    kinds = tuple(_iterate(agents, "agents")) if agents is not None else ("random",) * players
    if game.AUTOMATIC:
        kinds = ()
    elif len(kinds) != players:
        raise ArgumentError(f"agents needs one agent kind per seat ({players}), got {len(kinds)}")
    from cardwar import agents as agents_module

    for kind in kinds:
        agents_module.agent(kind, game, 0)  # refuses an unknown kind (AgentError)
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                  or max_steps < 0):
        raise ArgumentError(f"max_steps must be an int >= 0 or None, got {max_steps!r}")
    if engine not in ENGINES:
        raise ArgumentError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    in_kernel = kernel_plays(game, kinds, opts)
    if engine == "auto":
        engine = "numba" if in_kernel else "reference"
    elif engine == "numba" and not in_kernel:
        if not _numba_ready():
            raise RuntimeError("the numba engine needs numba and numpy: pip install "
                               "'cardwar[fast]'")
        if kernel_plays(game, kinds):
            raise ArgumentError(f"the numba engine does not play {game.NAME} with "
                                f"{_refusal(game, opts)}; use engine='reference'")
        raise ArgumentError(f"the numba engine plays {_kernel_games()} only, not {game.NAME} "
                         f"between {', '.join(kinds) or 'no agents'}; use engine='reference'")
    size, total = _run_size(seeds, master_seed, games, chunk_size, _GAME_CHUNK_SIZE[engine])
    jobs = (_GameJob(game.NAME, opts, kinds, max_steps, engine, job.start, job.seeds,
                     job.master, job.count)
            for job in _jobs(game.NAME, opts, engine, seeds, master_seed, games, size))
    return _run(jobs, executor, total, engine, max_pending, _play_game_chunk,
                _GAME_POOL_THRESHOLD)


#: Games per chunk of :func:`play` when chunk_size is None, per engine.
_GAME_CHUNK_SIZE = {"numba": 10_000, "reference": 200}
#: Games at or above which :func:`play` without an executor uses a process pool.
_GAME_POOL_THRESHOLD = {"numba": 100_000, "reference": 1_000}


def _kernel_games() -> str:
    return ", ".join(f"{name} between {' or '.join(kinds)} players"
                     for name, kinds in KERNEL_AGENTS.items())




#: The engine's arrays that :class:`Games` hands out (read-only), by property name.
_SHOWN = {"observation": "observation", "legal_action_mask": "mask", "rewards": "rewards",
          "turns": "turns"}


@attrs.frozen(slots=True, eq=False, repr=False)
class GamesSnapshot:
    """The state of every game of a :class:`Games` at one moment, from
    :meth:`Games.snapshot`, for :meth:`Games.restore` (of any ``Games`` of the same variant
    and options): a copy, which later steps do not change, and which pickles."""

    variant: str
    """The variant's name."""
    options: Any
    """The options of every game."""
    _seeds: Any
    _engine: Any

    def __len__(self) -> int:
        return len(self._seeds)

    def __repr__(self) -> str:
        return f"<GamesSnapshot of {len(self)} {self.variant} games>"


class Games:
    """Many games of a variant advanced together by integer actions, for learners: the
    batch engine's stepping interface (Arneson's War, Caravan, Cold War and General's
    War, with the ``fast`` extra; Arneson's War with every option but ``hand_size=1``
    under a deterministic pickup order, where nobody chooses).

    ``Games(variant, seeds, options)`` deals the game of every seed (as ``new_game``
    does); then each :meth:`step` plays one action id per game, for its seat to move
    (the ids of the variant's integer interface, ``action_to_index``). Row ``g`` of every
    array is game ``g``, and equals what the public API gives for the same seed and
    actions (the tests compare them at every step). A General's War squad takes one id
    per card (``encoding.step_index``): each game keeps its picks until the squad is
    whole, and the last 53 values of its observation are the picks of the seat to move
    (its ``partial_tensor``).

    The arrays it hands out (:attr:`observation`, :attr:`legal_action_mask`,
    :attr:`rewards`, :attr:`turns`, and those :meth:`step` returns) are the caller's to
    keep: read-only arrays that no later :meth:`step`, :meth:`reset` or :meth:`restore`
    changes. They show the engine's own arrays, and before a step writes one of them it
    looks whether the caller still holds any array shown over it (a weak reference);
    only then does the engine write another array: a copy of the mask, rewards or
    turns, and for the observation a new array that takes the finished games' rows (the
    step writes the others whole). So a caller who keeps a step's arrays until the next
    step, or many of them, pays about one copy of the mask per step (and the cache room
    of the arrays it keeps), and one who keeps none pays nothing. Writing into them
    raises ``ValueError`` (numpy's ``read-only`` error; ``flags.writeable = True`` is
    refused too): copy one to write into it. The legality of every id is checked
    against the engine's own state, so nothing done to an array handed out makes an
    illegal move look legal. :attr:`done` and :attr:`to_move` are new arrays at every
    call.

    ``copy.copy(games)`` and ``copy.deepcopy(games)`` are independent batches (both copy
    every game: a copy sharing the games would step them for both), and ``Games``
    pickles. :meth:`snapshot` and :meth:`restore` keep and bring back the state of every
    game, to branch a search or to checkpoint a run.

    >>> import numpy as np
    >>> games = Games("caravan", seeds=[1, 2])
    >>> games.observation.shape, games.legal_action_mask.shape
    ((2, 1133), (2, 3419))
    >>> first = games.legal_action_mask.argmax(axis=1)  # the lowest legal id of each game
    >>> observation, mask, rewards, done = games.step(first)
    >>> games.to_move.tolist(), done.tolist()
    ([1, 1], [False, False])
    >>> kept = games.snapshot()
    >>> ids = games.random_legal_ids(np.random.default_rng(7))
    >>> after = games.step(ids)[0]
    >>> games.restore(kept)
    >>> np.array_equal(games.step(ids)[0], after), np.array_equal(observation, after)
    (True, False)
    """

    #: The variants it plays, by name in order (the registered variants' whose batch
    #: engine has a ``Stepper``, when :mod:`cardwar.batch` is first imported).
    VARIANTS: tuple[str, ...] = tuple(
        sorted(game.NAME for game in all_variants() if hasattr(_engine(game), "Stepper")))

    def __init__(self, variant: str | Variant, seeds: Iterable[Any],
                 options: object = None) -> None:
        game = _registered(variant)
        if game is None or not hasattr(_engine(game), "Stepper"):
            raise ArgumentError(f"Games plays {', '.join(self.VARIANTS)} only, got {variant!r}")
        if not _numba_ready():
            raise RuntimeError("Games needs numba and numpy: pip install 'cardwar[fast]'")
        opts = _options(game, options)
        refusal = _refusal(game, opts)
        if refusal is not None:
            raise ArgumentError(f"Games does not play {game.NAME} with {refusal}")
        #: The variant module.
        self.game = game
        #: The options of every game.
        self.options = opts
        self._engine = _engine(game).Stepper(opts)
        #: The number of action ids (the width of :attr:`legal_action_mask`).
        self.num_actions: int = self._engine.num_actions
        #: The values of one observation tensor.
        self.observation_size: int = self._engine.observation_size
        self._shown: dict[str, Any] = {}
        self._leases: dict[str, weakref.ref[memoryview]] = {}
        self.reset(seeds)

    def reset(self, seeds: Iterable[Any]) -> None:
        """Deal the game of every seed anew (as many games as seeds)."""
        import numpy as np

        checked = [check_seed(_seed_value(s)) for s in _iterate(seeds, "seeds")]
        if not checked:
            raise ArgumentError("Games needs at least one seed")
        self._forget()  # the engine deals into new arrays
        #: The seed of every game (``uint64``).
        self.seeds = np.array(checked, dtype=np.uint64)
        self._engine.reset(self.seeds)

    def __len__(self) -> int:
        return int(self._engine.count)

    def __repr__(self) -> str:
        return f"<Games: {len(self)} {self.game.NAME} games>"

    # --- the arrays handed out ------------------------------------------------------------

    def _show(self, name: str) -> Any:
        """Return the read-only array handed out over the engine's array of property
        ``name`` until it next changes."""
        import numpy as np

        shown = self._shown.get(name)
        if shown is None:
            # Over a read-only memoryview: numpy refuses to make such an array, or any
            # view of it, writeable; and every view of it holds that memoryview (its
            # base), whose weak reference tells whether any is still held.
            own = getattr(self._engine, _SHOWN[name])
            shown = self._shown[name] = np.asarray(memoryview(own).toreadonly())
            self._leases[name] = weakref.ref(cast(memoryview, shown.base))
        return shown

    def _forget(self) -> None:
        """Let go of the arrays handed out, before the engine's arrays are replaced."""
        self._shown.clear()
        self._leases.clear()

    def _release(self, whole: bool = False) -> None:
        """Before a step writes the engine's arrays in place: give the engine another
        array to write for every one the caller still holds an array shown over. The
        step writes every running game's observation whole, so a new observation array
        takes only the rows of finished games; the others (all of them if ``whole``)
        are copied whole."""
        import numpy as np

        self._shown.clear()
        for name, lease in self._leases.items():
            if lease() is None:
                continue
            attribute = _SHOWN[name]
            own = getattr(self._engine, attribute)
            if attribute == "observation" and not whole:
                done = self._engine.out[:, 1] != 0
                fresh = np.empty_like(own)
                fresh[done] = own[done]
            else:
                fresh = own.copy()
            setattr(self._engine, attribute, fresh)
        self._leases.clear()

    def _first_illegal(self, ids: Any) -> int:
        """Return the first running game whose id in ``ids`` (``int64``) is not legal
        there, by the engine's own mask, or -1."""
        from cardwar import _draw

        return int(_draw.first_illegal(self._engine.mask, self._engine.out, ids))

    @property
    def observation(self) -> Any:
        """The observation tensor of each game's seat to move (``float64``, one row per
        game; for a finished game, of the seat that would have moved next, or in Cold War
        and General's War, where nobody would, of the seat that played last), as
        ``observation_tensor(observe(state, seat))`` gives it. Read-only, and the
        caller's to keep (see the class)."""
        return self._show("observation")

    @property
    def legal_action_mask(self) -> Any:
        """1 for each legal action id of each game (``uint8``; all 0 once it is over), as
        ``legal_action_mask(state)`` gives it. Read-only, and the caller's to keep."""
        return self._show("legal_action_mask")

    @property
    def rewards(self) -> Any:
        """Each seat's reward from the last :meth:`step` (``float64``, one row per game,
        one column per seat): the game's ``returns`` on the step that ended it (+1 each
        winner, -1 each other seat, 0 all in a draw; a General's War game played on for
        places spreads the places from +1 to -1), else 0. Read-only, and the caller's to
        keep."""
        return self._show("rewards")

    @property
    def done(self) -> Any:
        """Whether each game is over (``bool``; a new array at every call)."""
        return self._engine.out[:, 1] != 0

    @property
    def to_move(self) -> Any:
        """Each game's seat to move, -1 once it is over (``int64``; a new array at every
        call), as ``to_act``."""
        import numpy as np

        return np.where(self.done, -1, self._engine.out[:, 0])

    @property
    def turns(self) -> Any:
        """Steps played in each game (``int64``). Read-only, and the caller's to keep."""
        return self._show("turns")

    # --- playing ---------------------------------------------------------------------------

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any]:
        """Play ``actions[g]``, an action id, for the seat to move in every running game
        ``g`` (the entries of finished games are ignored); return ``(observation,
        legal_action_mask, rewards, done)``. ``actions`` is anything numpy reads as one
        integer per game (not bools); anything else raises
        :class:`~cardwar.errors.ActionTypeError`. An id that is not legal in its game
        raises :class:`~cardwar.core.IllegalActionError` naming the game. Either error
        comes before any game moves.
        """
        import numpy as np

        from cardwar.core import IllegalActionError

        try:
            ids = np.asarray(actions)
        except (ValueError, TypeError, OverflowError) as error:
            raise ActionTypeError(f"actions must be {len(self)} integer ids (one per game), "
                                  f"got {shown(actions)}: {error}") from None
        if ids.shape != (len(self),) or ids.dtype.kind not in "iu":
            raise ActionTypeError(f"actions must be {len(self)} integer ids (one per game), got "
                            f"an array of shape {ids.shape} and type {ids.dtype}")
        played = np.ascontiguousarray(ids, dtype=np.int64)
        bad = self._first_illegal(played)
        if bad >= 0:
            legal = tuple(int(i) for i in np.flatnonzero(self._engine.mask[bad]))
            raise IllegalActionError(f"game {bad}: action id {int(ids[bad])} is not legal "
                                     f"there (legal ids: {legal})", legal)
        self._release()
        code = self._engine.step(played)
        assert code < 0, "the engine refused an id its own mask allows"
        return self.observation, self.legal_action_mask, self.rewards, self.done

    def _deal(self, games: Any, seeds: Any) -> None:
        """Deal the game of ``seeds[j]`` (``uint64``) anew in game ``games[j]`` (distinct
        game numbers, ``int64``), the other games as they are: the automatic reset of
        :class:`cardwar.vector.SelfPlay`. Another engine deals them, and its rows take
        their places in every array of the games' state (a ``Stepper``'s public arrays,
        one row per game; where the engine has grown a buffer wider, the new rows are
        padded with zeros on the right, as growing pads it). The arrays handed out stay
        as they were."""
        import numpy as np

        dealer = type(self._engine)(self.options)
        dealer.reset(seeds)
        self._release(whole=True)
        engine = self._engine
        for name, own in vars(engine).items():
            if (name.startswith("_") or not isinstance(own, np.ndarray) or own.ndim == 0
                    or own.shape[0] != engine.count):
                continue
            new = getattr(dealer, name)
            if new.shape[1:] == own.shape[1:]:
                own[games] = new
            else:  # a buffer grown wider than a new engine's
                own[games] = 0
                region = (games, *[slice(0, n) for n in new.shape[1:]])
                own[region] = new
        self.seeds = np.array(self.seeds)
        self.seeds[games] = seeds

    def random_legal_ids(self, rng: Any) -> Any:
        """Return one legal action id per game, drawn uniformly among its legal ids with
        the numpy ``Generator`` ``rng`` (``int64``; -1 for a finished game, whose entry
        :meth:`step` ignores): :func:`random_legal_ids` of :attr:`legal_action_mask`,
        from the engine's own mask (no array handed out is made for it). The same
        generator state gives the same ids."""
        return random_legal_ids(self._engine.mask, rng)

    def outcome(self, g: int) -> Any:
        """Return game ``g``'s :class:`~cardwar.core.Outcome` (``g`` an int in
        ``[0, len(games))``), or ``None`` while it runs."""
        from cardwar.core import Outcome

        try:
            if isinstance(g, bool):
                raise TypeError
            g = operator.index(g)
        except TypeError:
            raise wrong_type("Games.outcome's g", "an int game number", g) from None
        if not 0 <= g < len(self):
            raise ArgumentError(f"Games.outcome: there are {len(self)} games, numbered from 0, "
                                f"and no game {g}")
        own = getattr(self._engine, "outcome", None)
        if own is not None:  # a game of more than two seats, or of several winners
            return own(g)
        out = self._engine.out[g]
        termination = self._engine.TERMINATIONS[int(out[1])]
        if termination is None:
            return None
        winners = () if out[2] < 0 else (int(out[2]),)
        if not self._engine.SCORED:
            return Outcome(termination, winners)
        return Outcome(termination, winners, (int(out[3]), int(out[4])))

    # --- copies, snapshots, pickles ----------------------------------------------------------

    def snapshot(self) -> GamesSnapshot:
        """Return the state of every game now (a copy: later steps do not change it), for
        :meth:`restore` to bring back, in this batch or another of the same variant and
        options; it pickles, to checkpoint a run."""
        import numpy as np

        return GamesSnapshot(self.game.NAME, self.options, np.array(self.seeds),
                             copy.deepcopy(self._engine))

    def restore(self, snapshot: GamesSnapshot) -> None:
        """Put every game back as it was when ``snapshot`` (from :meth:`snapshot`) was
        taken: the number of games too. From then on the games step as they did from
        there. The snapshot stays as it is, to be restored again; the arrays handed out
        before stay as they were."""
        import numpy as np

        if not isinstance(snapshot, GamesSnapshot):
            raise wrong_type("Games.restore", "a GamesSnapshot (from Games.snapshot)",
                             snapshot)
        if snapshot.variant != self.game.NAME or snapshot.options != self.options:
            raise ArgumentError(f"Games.restore: the snapshot is of {snapshot.variant} with "
                                f"other options than these {self.game.NAME} games'"
                                if snapshot.variant == self.game.NAME else
                                f"Games.restore: the snapshot is of {snapshot.variant}, "
                                f"these games are of {self.game.NAME}")
        self._forget()
        self._engine = copy.deepcopy(snapshot._engine)
        self.seeds = np.array(snapshot._seeds)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(vars(self))
        state["game"] = self.game.NAME  # a module does not pickle
        state["_shown"] = {}
        state["_leases"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state["game"] = lookup(state["game"])
        vars(self).update(state)

    def __copy__(self) -> Games:
        """Return an independent copy of every game (a deep copy: a shallow one would
        share the games, and stepping it would step these)."""
        return copy.deepcopy(self)


def random_legal_ids(mask: Any, rng: Any) -> Any:
    """Return, for each row of ``mask`` (a 2-D array, nonzero where an id is legal, such
    as :attr:`Games.legal_action_mask`), one column drawn uniformly among its nonzero
    ones with the numpy ``Generator`` ``rng``, as ``int64``; -1 for a row with none (a
    finished game, whose entry :meth:`Games.step` ignores). The same generator state gives
    the same ids; each draw takes one 64-bit word of ``rng`` per row and reduces it modulo
    the row's count (a bias below ``count / 2**64``). Compiled (the ``fast`` extra):
    much faster than a ``choice`` per row, or an ``argmax`` of noise times the mask.

    >>> import numpy as np
    >>> mask = np.array([[0, 1, 1], [0, 0, 0], [1, 0, 0]], dtype=np.uint8)
    >>> ids = random_legal_ids(mask, np.random.default_rng(1))
    >>> int(ids[0]) in (1, 2), ids[1:].tolist()
    (True, [-1, 0])
    """
    import numpy as np

    from cardwar import _draw

    if not isinstance(rng, np.random.Generator):
        raise wrong_type("random_legal_ids's rng", "a numpy.random.Generator", rng)
    try:
        rows = np.asarray(mask)
    except (ValueError, TypeError, OverflowError) as error:
        raise ArgumentTypeError(f"random_legal_ids's mask must be a 2-D array of 0 and 1, "
                                f"got {shown(mask)}: {error}") from None
    if rows.ndim != 2 or rows.dtype.kind not in "biu":
        raise ArgumentTypeError(f"random_legal_ids's mask must be a 2-D array of bools or "
                                f"integers, got shape {rows.shape} and type {rows.dtype}")
    # bool, int8 or uint8: read as uint8 (a view; the draw counts any nonzero entry)
    rows = np.ascontiguousarray(rows.view(np.uint8) if rows.dtype.itemsize == 1
                                else (rows != 0).view(np.uint8))
    words: Any = rng.integers(0, 2**64 - 1, size=rows.shape[0], dtype=np.uint64,
                              endpoint=True)
    ids = np.empty(rows.shape[0], dtype=np.int64)
    _draw.draw_legal(rows, words, ids)
    return ids


@attrs.frozen(slots=True)
class GameSummary:
    """Statistics of a run of :func:`play`: game length in steps, wins per seat, draws and
    terminations, and the games ``max_steps`` cut. Percentiles are nearest-rank, over
    every game (a game cut counts at ``max_steps``), as ``cardwar simulate`` prints them.
    """

    games: int
    """Games played."""
    engine: str
    """The engine that played them (``"numba"``, ``"reference"``; ``"mixed"`` if both)."""
    mean_steps: float
    """The mean number of steps per game."""
    median_steps: int
    """The median number of steps (the 50th percentile)."""
    p95_steps: int
    """The 95th percentile of steps."""
    p99_steps: int
    """The 99th percentile of steps."""
    max_steps: int
    """The longest game, in steps."""
    wins: tuple[int, ...]
    """Games won, per seat."""
    draws: dict[Termination, int]
    """Games that ended without a single winner (a draw, or several winners), per
    termination (only those that occurred)."""
    terminations: dict[Termination, int]
    """Games that ended, per termination (only those that occurred)."""
    unfinished: int
    """Games that ``max_steps`` cut."""


def summarize_games(chunks: Iterable[GameChunk]) -> GameSummary:
    """Return the statistics of the games of ``chunks`` (from :func:`play`), in memory
    bounded by the number of distinct game lengths.

    >>> s = summarize_games(play("caravan", master_seed=3, games=300, max_steps=120))
    >>> s.games == sum(s.wins) + sum(s.draws.values()) + s.unfinished, s.max_steps
    (True, 120)
    """
    lengths: dict[int, int] = {}
    wins: list[int] = []
    draws: dict[Termination, int] = {}
    terms: dict[Termination, int] = {}
    engines: set[str] = set()
    games = steps_total = unfinished = 0
    for chunk in _iterate(chunks, "summarize_games's chunks"):
        if not isinstance(chunk, GameChunk):
            raise wrong_type("summarize_games", "GameChunk values (from play)", chunk)
        engines.add(chunk.engine)
        wins.extend([0] * (chunk.players - len(wins)))
        for _, steps, winner, termination, _ in chunk.rows():
            games += 1
            steps_total += steps
            lengths[steps] = lengths.get(steps, 0) + 1
            if termination is None:
                unfinished += 1
                continue
            terms[termination] = terms.get(termination, 0) + 1
            if winner >= 0:
                wins[winner] += 1
            else:
                draws[termination] = draws.get(termination, 0) + 1
    if not games:
        raise ArgumentError("no games to summarize")
    percentile = _percentiles(lengths, games)
    order = {t: i for i, t in enumerate(GAME_TERMINATIONS)}
    return GameSummary(
        games=games,
        engine=engines.pop() if len(engines) == 1 else "mixed",
        mean_steps=steps_total / games,
        median_steps=percentile(50),
        p95_steps=percentile(95),
        p99_steps=percentile(99),
        max_steps=max(lengths),
        wins=tuple(wins),
        draws=dict(sorted(draws.items(), key=lambda kv: order[kv[0]])),
        terminations=dict(sorted(terms.items(), key=lambda kv: order[kv[0]])),
        unfinished=unfinished,
    )
