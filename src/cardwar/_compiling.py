"""Word of the compiled kernels' first compile, for the command line.

The ``fast`` extra's kernels are compiled by numba the first time they run on a machine
(then loaded from numba's on-disk cache): up to half a minute of silence that looks like
a frozen program. :func:`compile_notices` calls back when numba starts
compiling and when it stops, from numba's own compile events, which a kernel loaded from
the cache does not raise: a warm run says nothing.
"""

from __future__ import annotations

import importlib.util
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "COMPILE_NOTICE",
    "COMPILE_SECONDS",
    "KernelThreads",
    "compile_notices",
    "kernels_running",
]

#: What the command line says when a kernel starts compiling (``{what}`` is filled in):
#: one line of at most 80 characters for a short ``what``.
COMPILE_NOTICE = "{what}: compiling the batch engine (first run only, {seconds} CPU-seconds)"

#: The CPU-seconds a kernel's compile takes, as the notice says it (measured with a
#: fresh numba cache: docs/simulation.md).
COMPILE_SECONDS = "5 to 20"


class _Listener:
    """A numba event listener that counts nested compiles (a kernel's helpers compile
    inside it) and calls back on the first start and on every return to none."""

    def __init__(self, started: Callable[[], None], ended: Callable[[float], None]) -> None:
        self._started = started
        self._ended = ended
        self._lock = threading.Lock()
        self._depth = 0
        self._since = 0.0
        self.announced = False

    def notify(self, event: Any) -> None:
        if event.is_start:
            with self._lock:
                self._depth += 1
                first = self._depth == 1
                if first:
                    self._since = time.monotonic()
                announce = first and not self.announced
                self.announced = self.announced or first
            if announce:
                self._started()
        elif event.is_end:
            with self._lock:
                self._depth -= 1
                done = self._depth == 0
                took = time.monotonic() - self._since
            if done:
                self._ended(took)

    def on_start(self, event: Any) -> None:  # numba's Listener interface
        self.notify(event)

    def on_end(self, event: Any) -> None:  # numba's Listener interface
        self.notify(event)


@contextmanager
def compile_notices(started: Callable[[], None],
                    ended: Callable[[float], None] = lambda seconds: None) -> Iterator[None]:
    """While inside, call ``started()`` when numba first starts compiling (once), and
    ``ended(seconds)`` each time it has compiled what it was compiling (on the thread that
    compiled). Without numba, nothing is called."""
    if importlib.util.find_spec("numba") is None:  # pragma: no cover - the fast extra absent
        yield
        return
    from numba.core import event

    class Listener(_Listener, event.Listener):
        """numba's listener type (``register`` checks it), with the behaviour above."""

    listener = Listener(started, ended)
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        event.unregister("numba:compile", listener)  # type: ignore[no-untyped-call]


_running = 0
_running_lock = threading.Lock()


def kernels_running() -> int:
    """Return how many calls of :class:`KernelThreads` pools are running now."""
    return _running


class KernelThreads:
    """A pool of threads for the command line's kernels (``concurrent.futures``'
    ``submit`` and ``shutdown``) that counts the calls running on it
    (:func:`kernels_running`): on Ctrl-C, ``cardwar.cli.main`` exits without waiting
    for them, where the interpreter would (a kernel compiling, a chunk of games)."""

    def __init__(self, workers: int) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="cardwar-kernel")

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Any:
        def counted() -> Any:
            global _running
            with _running_lock:
                _running += 1
            try:
                return fn(*args)
            finally:
                with _running_lock:
                    _running -= 1

        return self._pool.submit(counted)

    def shutdown(self) -> None:
        """Start nothing more, drop what has not started, and return at once."""
        self._pool.shutdown(wait=False, cancel_futures=True)
