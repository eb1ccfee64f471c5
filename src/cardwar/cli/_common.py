"""What the commands of ``cardwar`` share: the exit statuses and the limits, the usage
error and the parser that reports it in one line, the reading of ``-o NAME=VALUE`` options
and of the other arguments of several commands (seed, ``-n``, ``--jobs``, ``--max-steps``,
output files), and the terminal and narration helpers (cards in notation or symbols, text
from an untrusted record made printable, changed options, wrapped text, counts, columns).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from cardwar.core import OptionError, Variant, options_to_json
from cardwar.render import symbolize
from cardwar.rng import check_seed
from cardwar.variants import variant

#: Exit status of a failure: an unreadable record, a replay that does not match.
EXIT_FAILURE = 1
#: Exit status of a usage error: a bad argument, option, seed or variant name.
EXIT_USAGE = 2
#: Exit status when interrupted by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130

#: ``simulate`` stops each game after this many steps unless ``--max-steps`` says
#: otherwise; such games are counted as unfinished.
SIMULATE_MAX_STEPS = 1_000_000

#: Where the rules pages are published.
DOCS_URL = "https://cardwar.readthedocs.io/en/latest"


class UsageError(Exception):
    """A usage error found after parsing the arguments (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``cardwar: error: ...``."""

    def error(self, message: str) -> NoReturn:
        print(f"cardwar: error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(pair, "expected NAME=VALUE")
        if name.strip() in out:
            raise OptionError(name.strip(), "given more than once with -o")
        out[name.strip()] = value.strip()
    return out


def _game_and_options(args: argparse.Namespace) -> tuple[Variant, Any]:
    game = variant(args.variant)
    return game, game.options(**_parse_options(args.option))


def _wants_ascii(args: argparse.Namespace, stream: IO[str] | None = None) -> bool:
    """Return whether to print cards in notation: asked for, or the stream cannot
    encode the suit symbols."""
    if getattr(args, "ascii", False):
        return True
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        "\u2663\u2666\u2665\u2660".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _byte_count(text: str) -> int:
    """Return a count of bytes given on the command line: a whole number >= 0."""
    value = text.strip()
    if not (value.isascii() and value.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number of bytes >= 0, got {text!r}")
    return int(value) if len(value) <= 30 else 10**30


def _printable(text: str) -> str:
    r"""Return ``text`` safe to print from an untrusted record: control characters (terminal
    escape codes), lone surrogates and anything outside printable ASCII escaped.

    >>> _printable("0.1.0\x1b[31m\u00e9")
    '0.1.0\\x1b[31m\\xe9'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c.isascii() and c.isprintable() else ascii(c)[1:-1] for c in text)


def format_action(action: object, *, ascii: bool = False) -> str:
    """Return an action for people: its notation, with every card shown as a card.

    >>> from cardwar import arneson
    >>> format_action(arneson.parse_action("QH")), format_action("play")
    ('Q♥', 'play')
    """
    return symbolize(str(action), ascii=ascii)


def _changed_options(opts: Any) -> str:
    default = options_to_json(type(opts)())
    mine = options_to_json(opts)
    changed = [f"{k}={_show(v)}" for k, v in mine.items() if default.get(k) != v]
    return ", ".join(changed) if changed else "defaults"


def _show(value: object) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _wrap(text: str, indent: str, width: int = 80) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(indent + line)
    return lines


def fill(text: str) -> str:
    """Return ``text`` (a line of a command's report) wrapped to 80 columns between words,
    the lines after the first indented two (a word longer than a line, such as a path,
    is kept whole).

    >>> print(fill("score: " + "a long note " * 9))
    score: a long note a long note a long note a long note a long note a long note a
      long note a long note a long note
    """
    return textwrap.fill(text, width=80, subsequent_indent="  ", break_long_words=False,
                         break_on_hyphens=False)


def _count(n: int, name: str) -> str:
    """Return ``1 battle``, ``2 battles``."""
    return f"{n} {name}" if n == 1 else f"{n} {name}s"


#: What separates the columns of a table row in the text views (Caravan's facing
#: caravans).
COLUMN_SEPARATOR = "   |   "


def caused_by_interrupt(err: BaseException) -> bool:
    """Return whether ``err`` is Ctrl-C's ``KeyboardInterrupt`` or an error raised while
    handling one (numba, interrupted while it compiles a kernel, raises a
    ``RuntimeError`` in its place)."""
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def terminal_width() -> int | None:
    """Return the width to fit the output to: ``$COLUMNS`` when set, else the terminal's
    width when the output is a terminal, else ``None`` (output to a file or a pipe is
    not wrapped)."""
    import shutil

    isatty = getattr(sys.stdout, "isatty", None)
    if not os.environ.get("COLUMNS", "").strip().isdigit() and (
            isatty is None or not isatty()):
        return None
    return max(20, shutil.get_terminal_size((80, 24)).columns)


def page(text: str) -> None:
    """Show a long text: through the user's pager (``$MANPAGER``, ``$PAGER``, else
    ``less`` or ``more``, by :func:`pydoc.pager`) when the output is a terminal, as git and
    man do; printed as it is otherwise."""
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is not None and isatty():
        import pydoc

        pydoc.pager(text)
    else:
        print(text)


def fit(text: str, width: int | None) -> str:
    """Return ``text`` with no line wider than ``width`` (``None``: as it is), so that the
    terminal never wraps a line mid-word: a table whose rows do not fit has each row's
    columns stacked (the right one under the left, marked ``|``), and a long line is
    wrapped between words, its continuation indented under it.

    >>> print(fit("  A: 7H 9S = 16   |   D: 10D = 10", 24))
      A: 7H 9S = 16
      | D: 10D = 10
    >>> print(fit("  | seat 0 played JK on caravan A's 2D, removing nothing", 32))
      | seat 0 played JK on caravan
      |     A's 2D, removing nothing
    """
    if width is None:
        return text
    lines = text.split("\n")
    if any(len(line) > width and COLUMN_SEPARATOR in line for line in lines):
        stacked = []
        for line in lines:
            if COLUMN_SEPARATOR not in line:
                stacked.append(line)
                continue
            lead = line[:len(line) - len(line.lstrip())]
            left, *rest = line.split(COLUMN_SEPARATOR)
            stacked.append(left.rstrip())
            stacked += [f"{lead}| {cell.strip()}" for cell in rest]
        lines = stacked
    out: list[str] = []
    for line in lines:
        out += _wrap_line(line, width)
    return "\n".join(out)


def _wrap_line(line: str, width: int) -> list[str]:
    """Return ``line`` wrapped between words to ``width`` columns; the continuation lines
    keep its lead (spaces and a ``|`` narration mark) and are indented four more."""
    if len(line) <= width:
        return [line]
    match = re.match(r"\s*(?:\|\s+)?", line)
    lead = match.group(0) if match else ""
    indent = lead + "    "
    if len(indent) >= width // 2:  # a deep indent leaves too little room: start over
        indent = "    "
    out: list[str] = []
    current = lead
    for word in line[len(lead):].split(" "):
        room = width - len(current) - (0 if current.strip(" |") == "" else 1)
        while len(word) > width - len(indent) and room < len(word):
            # A word longer than a line: cut it (never happens with cards and words).
            if current.strip(" |"):
                out.append(current)
                current = indent
            cut = width - len(current)
            out.append(current + word[:cut])
            word = word[cut:]
            current = indent
            room = width - len(current)
        if current.strip(" |") and len(current) + 1 + len(word) > width:
            out.append(current)
            current = indent + word
        elif current.strip(" |"):
            current += " " + word
        else:
            current += word
    out.append(current)
    return out


def _columns(items: list[str]) -> list[str]:
    """Return ``items`` laid out in lines no wider than the terminal, less one column, so
    that the terminal never wraps an item."""
    width = (terminal_width() or 89) - 1
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else f"  {item}"
    if line:
        lines.append(line)
    return lines


def check_writable(path: str, what: str) -> None:
    """Refuse, before any work is done, an output ``path`` that cannot be written: a
    directory, a file in a missing directory, or one without write permission. A file is
    written as a new file in its directory renamed into place, so the directory must be
    writable too; a device or a pipe (``/dev/stdout``) is written in place."""
    if path == "-":
        return
    if os.path.isdir(path):
        raise UsageError(f"{what} {path!r} is a directory")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError(f"{what} {path!r}: the directory {parent!r} does not exist")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise UsageError(f"{what} {path!r} cannot be written (permission denied)")
        if not os.path.isfile(path):
            return
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{what} {path!r}: the directory {parent!r} cannot be written to")


def _run_arguments(args: argparse.Namespace) -> int:
    """Check the seed, ``-n``, ``--jobs`` and ``--max-steps`` of a run of many games
    (``simulate``, ``tournament``); return the number of jobs."""
    check_seed(args.seed)
    if args.n < 1:
        raise UsageError(f"-n must be at least 1, got {args.n}")
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")
    if args.max_steps < 1:
        raise UsageError(f"--max-steps must be at least 1, got {args.max_steps}")
    return jobs


def _add_options_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE",
        help="set a rule option, e.g. -o face_down=1 (repeatable; see: cardwar rules VARIANT)",
    )
