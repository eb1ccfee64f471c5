"""The command ``cardwar replay FILE``: a recorded game shown step by step (or all at once),
verified against its recorded outcome, and drawn as one SVG picture per step with
``--svg DIR``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from pathlib import Path
from typing import Any

from cardwar import records
from cardwar._files import write_atomically
from cardwar.cli._common import (
    UsageError,
    _byte_count,
    _changed_options,
    _Parser,
    _printable,
    _wants_ascii,
    check_writable,
    fit,
    format_action,
    terminal_width,
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
    p.add_argument("--full", action="store_true",
                   help="show every face-down pile's cards in order (stocks, decks, the "
                   "reserve), not only their sizes")
    p.add_argument("--max-bytes", type=_byte_count, default=records.MAX_BYTES,
                   help=f"refuse larger records (default {records.MAX_BYTES})")
    p.add_argument("--svg", metavar="DIR", default=None,
                   help="also write a picture of the table after every step, once the "
                   "record is verified: DIR/step-000.svg (the deal), step-001.svg, ... "
                   "(DIR is made if needed; pictures step-NNN.svg of an earlier replay "
                   "are replaced or removed, other files left alone)")
    p.add_argument("--html", metavar="OUT.html", default=None,
                   help="also write the game as one self-contained HTML page that steps "
                   "through it (pictures, narration, each seat's view; nothing fetched), "
                   "once the record is verified")
    p.set_defaults(func=_cmd_replay)


def _table_view(game: Any, full: bool) -> Any:
    """Return the function that shows the table at each step: the variant's
    ``render_table`` (hands and face-up cards, every face-down pile by its size) unless
    ``full`` asks for every card where it lies (``render_state``)."""
    table = getattr(game, "render_table", None)
    if full or table is None:
        return lambda state, *, ascii: render_state(game, state, ascii=ascii)
    return table


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


#: The name of a picture ``--svg`` writes: step-000.svg, step-001.svg, ...
_PICTURE = re.compile(r"step-[0-9]{3,}\.svg")


def _write_pictures(record: records.Record, folder: str) -> None:
    """Write the pictures of every step of a record to ``folder``, after verifying the
    record (one that fails writes none): each file whole (a new file renamed into place,
    which replaces a symbolic link rather than following it), then the pictures of our
    naming left from an earlier replay removed, so that the folder shows this game only.
    """
    records.replay(record)
    digits = max(3, len(str(len(record.actions))))
    names = [f"step-{number:0{digits}d}.svg" for number in range(len(record.actions) + 1)]
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isdir(path) and not os.path.islink(path):
            raise UsageError(f"--svg {folder!r}: {name!r} is a directory, where a picture is "
                             "to be written")
    os.makedirs(folder, exist_ok=True)
    for name, state in zip(names, records.iter_states(record), strict=True):
        _write_picture(os.path.join(folder, name), svg(state))
    wanted = set(names)
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if (_PICTURE.fullmatch(name) and name not in wanted
                and (os.path.islink(path) or not os.path.isdir(path))):
            with contextlib.suppress(FileNotFoundError):  # removed by someone else meanwhile
                os.unlink(path)


def _write_page(record: records.Record, path: str) -> None:
    """Write the replay page of a record, after verifying it (one that fails writes
    nothing), whole (a new file renamed into place)."""
    from cardwar.viewer import replay_html

    records.replay(record)
    text = replay_html(record)
    try:
        write_atomically(Path(path), text.encode("utf-8"), durable=False)
    except OSError as err:
        raise OSError(err.errno, f"cannot write the page {path!r}: {err.strerror}") from err


def _write_picture(path: str, text: str) -> None:
    try:
        write_atomically(Path(path), text.encode("utf-8"), durable=False)
    except OSError as err:
        raise OSError(err.errno, f"cannot write the picture {path!r}: {err.strerror}") from err


def _cmd_replay(args: argparse.Namespace) -> int:
    ascii = _wants_ascii(args)
    pictures = args.svg
    if pictures is not None:
        _check_picture_directory(pictures)
    if args.html is not None:
        if args.html == "-":
            raise UsageError("--html needs a file name (the replay is printed on stdout)")
        check_writable(args.html, "--html")
    # "-" reads the record from stdin, as other commands do.
    source = sys.stdin.buffer if args.file == "-" else args.file
    record = records.read(source, max_bytes=args.max_bytes)
    game = record.game
    if pictures is not None:
        _write_pictures(record, pictures)
    if args.html is not None:
        _write_page(record, args.html)

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
    show = _table_view(game, args.full)
    width = terminal_width()
    if not args.quiet:
        print(fit(show(state, ascii=ascii), width))
    for i, nxt in enumerate(states):
        if not args.quiet:
            seat = game.to_act(state)
            who = "" if seat is None else f"seat {seat}: "
            print(fit(f"step {i + 1}: {who}{format_action(record.actions[i], ascii=ascii)}",
                      width))
            # What happened, in the game's words, then the table after it.
            action = game.parse_action(record.actions[i])
            said = game.describe_step(state, action, nxt, ascii=ascii).splitlines()
            print(fit("\n".join(f"  | {line}" for line in said
                                if not line.startswith("result:")), width))
            print(fit(show(nxt, ascii=ascii), width))
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
    if args.html is not None:
        print(f"page: written to {args.html}")
    return 0
