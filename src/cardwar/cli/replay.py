"""The command ``cardwar replay FILE``: a recorded game shown step by step (or all at once),
verified against its recorded outcome, and drawn as one SVG picture per step with
``--svg DIR``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from cardwar import records
from cardwar.cli._common import (
    UsageError,
    _byte_count,
    _changed_options,
    _Parser,
    _printable,
    _wants_ascii,
    format_action,
)
from cardwar.render import render_state
from cardwar.svg import svg


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``replay`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser("replay", help="show a recorded game and verify it",
                       description="Show a recorded game step by step (or all at once) "
                       "and verify that it replays to its recorded outcome.")
    p.add_argument("file", help="the record (JSON), as written by --record or the library; "
                   "- reads it from stdin")
    p.add_argument("--step", action="store_true", help="pause after each step (Enter)")
    p.add_argument("--quiet", "-q", action="store_true", help="only verify")
    p.add_argument("--ascii", action="store_true", help="show cards as 10H, not 10♥")
    p.add_argument("--max-bytes", type=_byte_count, default=records.MAX_BYTES,
                   help=f"refuse larger records (default {records.MAX_BYTES})")
    p.add_argument("--svg", metavar="DIR", default=None,
                   help="also write a picture of the table after every step: "
                   "DIR/step-000.svg (the deal), step-001.svg, ... (DIR is made if needed)")
    p.set_defaults(func=_cmd_replay)


def _check_picture_directory(path: str) -> None:
    """Refuse, before any work is done, a directory for pictures that cannot be written
    or made: a file, one under a missing directory, or one without write permission."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"--svg {path!r} is a file, not a directory")
    where = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(where):
        raise UsageError(f"--svg {path!r}: the directory {where!r} does not exist")
    if not os.access(where, os.W_OK):
        raise UsageError(f"--svg {path!r}: {where!r} cannot be written to (permission denied)")


def _cmd_replay(args: argparse.Namespace) -> int:
    ascii = _wants_ascii(args)
    pictures = args.svg
    if pictures is not None:
        _check_picture_directory(pictures)
    # "-" reads the record from stdin, as other commands do.
    source = sys.stdin.buffer if args.file == "-" else args.file
    record = records.read(source, max_bytes=args.max_bytes)
    game = record.game
    if pictures is not None:
        os.makedirs(pictures, exist_ok=True)
    digits = max(3, len(str(len(record.actions))))

    def draw(number: int, state: Any) -> None:
        if pictures is not None:
            path = os.path.join(pictures, f"step-{number:0{digits}d}.svg")
            with open(path, "w", encoding="utf-8") as out:
                out.write(svg(state))

    print(
        f"{game.TITLE}, seed {record.seed}"
        + (", explicit deal" if record.deal is not None else "")
        + f", {len(record.actions)} steps; options: {_changed_options(record.options)}"
        + f"; recorded with cardwar {_printable(record.library_version)}"
    )
    if record.players is not None:
        print("players: " + ", ".join(
            f"seat {s} {'unknown' if name is None else _printable(name)}"
            for s, name in enumerate(record.players)))
    stepping = args.step
    states = records.iter_states(record)
    state = next(states)
    draw(0, state)
    if not args.quiet:
        print(render_state(game, state, ascii=ascii))
    for i, nxt in enumerate(states):
        draw(i + 1, nxt)
        if not args.quiet:
            seat = game.to_act(state)
            who = "" if seat is None else f"seat {seat}: "
            print(f"step {i + 1}: {who}{format_action(record.actions[i], ascii=ascii)}")
            print(render_state(game, nxt, ascii=ascii))
            if stepping and i + 1 < len(record.actions):
                try:
                    answer = input("[Enter: next step, a: all the rest, q: quit] ")
                except EOFError:
                    answer = "a"
                if answer.strip().lower() in ("q", "quit"):
                    print("stopped; the rest of the record was not checked")
                    return 0
                if answer.strip().lower() in ("a", "all"):
                    stepping = False
        state = nxt
    print(f"verified: {len(record.actions)} steps replay to "
          + ("an unfinished game" if record.outcome is None else f"{record.outcome}"))
    if pictures is not None:
        print(f"pictures: {len(record.actions) + 1} written to {pictures}")
    return 0
