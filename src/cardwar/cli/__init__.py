"""The ``cardwar`` command.

``cardwar variants`` lists the variants and ``cardwar rules VARIANT`` summarises one;
``cardwar play VARIANT`` shows a seeded game of an automatic variant battle by battle, or
lets you play a variant with decisions against the baseline agents; ``cardwar replay FILE``
shows and verifies a recorded game; ``cardwar simulate VARIANT -n N`` plays N seeded games
across processes and summarises them; ``cardwar tournament`` and ``cardwar ladder`` rate
agents against each other. The docs page ``cli`` shows every command.

Errors are one line on stderr, ``cardwar: error: ...``; the exit status is 0 on success,
1 for a failure (an unreadable record, a replay that does not match), 2 for a usage error
(a bad argument, option or seed) and 130 when interrupted.

This package holds :func:`main` and the parser; each command is a module of its own
(``play``, ``replay``, ``simulate``, ``tournament``, ``ladder``, and ``rules`` for ``variants`` and
``rules``), and ``_common`` holds what several of them share.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from cardwar import __version__, records
from cardwar.cli import ladder, play, replay, rules, simulate, tournament
from cardwar.cli._common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    UsageError,
    _Parser,
    format_action,
)
from cardwar.cli.simulate import summarise
from cardwar.core import OptionError
from cardwar.rng import SeedError
from cardwar.variants import UnknownVariantError

__all__ = [
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "format_action",
    "main",
    "summarise",
]


def _build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``cardwar`` command."""
    parser = _Parser(
        prog="cardwar",
        description="The card game War and its variants: play, replay and simulate games.",
        epilog="Exit status: 0 success, 1 failure, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"cardwar {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rules.add_parsers(sub)
    play.add_parsers(sub)
    replay.add_parsers(sub)
    simulate.add_parsers(sub)
    tournament.add_parsers(sub)
    ladder.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardwar`` command; return its exit status.

    Ctrl-C ends the command at once with status 130, whatever it is doing: an interrupt
    that a library turned into another error on its way out (numba compiling a kernel
    does) still counts as one, and worker threads still running a kernel (``simulate``
    runs them on threads) do not hold the process: once ``interrupted`` is printed, the
    process exits without waiting for them.
    """
    parser = _build_parser()
    args = parser.parse_args(argv)
    with _Interrupts() as interrupts:
        try:
            status: int = args.func(args)
        except BaseException as err:  # sorted in _failure; the rest re-raised
            if interrupts.seen or isinstance(err, KeyboardInterrupt):
                print("\ninterrupted", file=sys.stderr)
                _leave_running_threads()
                return EXIT_INTERRUPTED
            return _failure(err)
    return status


def _failure(err: BaseException) -> int:
    """Print the error of a command that failed; return its exit status (re-raise an
    error that is a bug, not the user's)."""
    if isinstance(err, records.RecordError):
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_FAILURE
    if isinstance(err, (UnknownVariantError, OptionError, SeedError, UsageError, ValueError)):
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(err, OSError):
        if isinstance(err, BrokenPipeError):  # e.g. `cardwar play war | head`
            _quiet_stdout()
            return 0
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_FAILURE
    raise err


class _Interrupts:
    """While inside, Ctrl-C raises ``KeyboardInterrupt`` as usual and is also noted in
    :attr:`seen` (only in the main thread, and only where Ctrl-C is not ignored)."""

    def __init__(self) -> None:
        self.seen = False
        self._previous: Any = None

    def _handle(self, signum: int, frame: Any) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def __enter__(self) -> _Interrupts:
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def _leave_running_threads() -> None:
    """Exit the process now, status 130, if kernels the command runs on threads
    (:class:`cardwar._compiling.KernelThreads`) are still at it half a second after the
    interrupt: the interpreter would wait for them at exit (a kernel compiling, a chunk
    of games). Otherwise return, and the caller returns the status."""
    from cardwar._compiling import kernels_running

    deadline = time.monotonic() + 0.5
    while kernels_running() and time.monotonic() < deadline:
        time.sleep(0.02)
    if kernels_running():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)


def _quiet_stdout() -> None:
    """Point stdout at devnull so that the interpreter's final flush stays silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
