"""Running shares of work in worker processes, results in order, stoppable by Ctrl-C:
the one pool loop behind ``cardwar simulate`` (step path) and ``cardwar tournament``."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

__all__ = ["end_pool", "in_processes"]

R = TypeVar("R")


def in_processes(function: Callable[..., R], tasks: Iterable[tuple[Any, ...]], jobs: int
                 ) -> Iterator[R]:
    """Yield ``function(*task)`` for every task, in order: in this process when ``jobs``
    is 1, else on spawned worker processes: ``jobs`` of them, but never more than there
    are tasks or processors (more would only cost their start), and none for one task.

    At most two tasks per process are handed out ahead, so that memory stays bounded and
    Ctrl-C stops the run at once: the workers ignore it, the waits are short, and on any
    exception (the interrupt included) the workers are ended, none left behind, and
    nothing more is started.
    """
    queue = iter(tasks)
    first = list(itertools.islice(queue, max(jobs, 1)))
    workers = min(jobs, len(first), os.cpu_count() or 1)
    if workers <= 1:
        for task in itertools.chain(first, queue):
            yield function(*task)
        return
    import multiprocessing
    from collections import deque

    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_interrupts)
    try:
        pending: deque[Any] = deque()
        for task in itertools.chain(first, queue):
            pending.append(pool.apply_async(function, task))
            while len(pending) >= 2 * workers:
                yield _collect(pending.popleft())
        while pending:
            yield _collect(pending.popleft())
        pool.close()
        pool.join()
    except BaseException:
        end_pool(pool)
        raise


def _collect(result: Any) -> Any:
    """Return a worker's result, waiting in short steps so that Ctrl-C is seen."""
    while not result.ready():
        result.wait(0.2)
    return result.get()


def end_pool(pool: Any, grace: float = 3.0) -> None:
    """End a ``multiprocessing`` pool's workers now, whatever they are doing.

    ``Pool.terminate`` can block (it takes the task queue's lock, which an idle worker
    may hold while it waits for a task), so it runs on a thread given ``grace`` seconds;
    then any worker still alive is killed. A blocked thread is a daemon and does not keep
    the process from exiting.
    """
    import threading

    workers = list(getattr(pool, "_pool", ()))  # the worker processes
    ending = threading.Thread(target=pool.terminate, daemon=True)
    ending.start()
    ending.join(grace)
    for worker in workers:
        if worker.is_alive():  # pragma: no cover - only when terminate is stuck
            worker.kill()


def _ignore_interrupts() -> None:
    """Let a worker process leave Ctrl-C to the main process, which ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
