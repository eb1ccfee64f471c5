"""The ``cardwar`` command.

``cardwar variants`` lists the variants and ``cardwar rules VARIANT`` summarises one;
``cardwar play VARIANT`` shows a seeded game of an automatic variant battle by battle, or
lets you play a variant with decisions against the baseline agents; ``cardwar replay FILE``
shows and verifies a recorded game; ``cardwar simulate VARIANT -n N`` plays N seeded games
across processes and summarises them. The docs page ``cli`` shows every command.

Errors are one line on stderr, ``cardwar: error: ...``; the exit status is 0 on success,
1 for a failure (an unreadable record, a replay that does not match), 2 for a usage error
(a bad argument, option or seed) and 130 when interrupted.

This package holds :func:`main` and the parser; each command is a module of its own
(``play``, ``replay``, ``simulate``, ``tournament``, and ``rules`` for ``variants`` and
``rules``), and ``_common`` holds what several of them share.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from cardwar import __version__, records
from cardwar.cli import play, replay, rules, simulate, tournament
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardwar`` command; return its exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except records.RecordError as err:
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_FAILURE
    except (UnknownVariantError, OptionError, SeedError, UsageError, ValueError) as err:
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as err:
        if isinstance(err, BrokenPipeError):  # e.g. `cardwar play war | head`
            _quiet_stdout()
            return 0
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def _quiet_stdout() -> None:
    """Point stdout at devnull so that the interpreter's final flush stays silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
