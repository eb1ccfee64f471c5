"""The commands ``cardwar variants``, which lists the variants, and ``cardwar rules
VARIANT``, which prints a variant's whole rules page (shipped with cardwar) or, with
``--summary``, its rules in short, and its options with their defaults.
"""

from __future__ import annotations

import argparse
import re

from cardwar import rulebook
from cardwar.cli._common import DOCS_URL, _Parser, _show, _wrap, page
from cardwar.core import Variant, options_info, options_to_json
from cardwar.render import players_text
from cardwar.variants import all_variants, variant


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``variants`` and ``rules`` commands to the subparsers of ``cardwar``."""
    p = sub.add_parser("variants", help="list the variants",
                       description="List the registered variants.")
    p.set_defaults(func=_cmd_variants)

    p = sub.add_parser("rules", help="print a variant's rules and options",
                       description="Print a variant's whole rules page, every rule with its "
                       "ID, and its options with their defaults (offline: the pages ship "
                       "with cardwar).")
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--summary", action="store_true",
                   help="only the rules in short and the options")
    p.set_defaults(func=_cmd_rules)


def _cmd_variants(args: argparse.Namespace) -> int:
    """Print one line per variant, and its aliases: on the same line where every variant's
    fits in 80 columns, else each on the next line, under the description."""
    width = max(20, *(len(v.TITLE) + 1 for v in all_variants()))
    rows = []
    for v in all_variants():
        kind = "automatic" if v.AUTOMATIC else "decisions"
        rows.append((f"{v.NAME:<10} {v.TITLE:<{width}} {players_text(v)} players, {kind}",
                     f"(also: {', '.join(v.ALIASES)})" if v.ALIASES else ""))
    apart = any(len(line) + 1 + len(aliases) > 80 for line, aliases in rows if aliases)
    indent = " " * (12 + width)
    for line, aliases in rows:
        if aliases and apart:
            print(line, *_wrap(aliases, indent), sep="\n")
        else:
            print(f"{line} {aliases}".rstrip())
    return 0


def _summary(doc: str | None) -> str:
    """Return the first paragraph of a module docstring, as plain text."""
    if not doc:
        return ""
    first = " ".join(doc.strip().split("\n\n")[0].split()).replace("``", "")
    # What follows "The rules are on the docs page ..." is for developers (where rule IDs
    # are defined, which module holds what); the docs page is named below instead.
    return re.split(r"\s*\bThe rules are\b", first)[0]


def _cmd_rules(args: argparse.Namespace) -> int:
    game = variant(args.variant)
    page(_rules_text(game) if args.summary else _full_rules(game))
    return 0


#: The section of a rules page that a player reads first, and the one that holds the
#: rules with their IDs.
HOW_TO_PLAY = "How to play"
RULES = "Rules"


def _sections(markdown: str) -> list[tuple[str, str]]:
    """Return a rules page cut at its ``## `` headings: (title, Markdown) in page order,
    the part before the first heading titled ``""``; a fenced block is never cut."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    fence = ""
    for line in markdown.splitlines():
        if fence:
            fence = "" if line.startswith(fence) else fence
        elif line.startswith("```"):
            fence = line[:len(line) - len(line.lstrip("`"))]
        elif line.startswith("## "):
            sections.append((line[3:].strip(), []))
        sections[-1][1].append(line)
    return [(title, "\n".join(lines)) for title, lines in sections]


def _full_rules(game: Variant) -> str:
    """Return the variant's whole rules page as text (shipped with cardwar), opening on
    How to play, or its summary and a link for a variant without a page."""
    return _rules_page(game, whole=True)


def _play_rules(game: Variant) -> str:
    """Return the rules a player needs during a game: How to play, then every rule with
    its ID and the options (the sources, the engine notes and the version history are left
    to ``cardwar rules``)."""
    return _rules_page(game, whole=False)


def _rules_page(game: Variant, whole: bool) -> str:
    markdown = rulebook.rules_page(game.NAME)
    if markdown is None:
        return _rules_text(game)
    head = "\n".join(_rules_text(game).splitlines()[:2])  # the name, version, players
    sections = _sections(markdown)
    first = [md for title, md in sections if title == HOW_TO_PLAY]
    if whole:
        rest = [md for title, md in sections if title != HOW_TO_PLAY]
    else:
        rest = [md for title, md in sections if title == RULES]
    text = rulebook.rules_text("\n\n".join(first + rest), "\n".join(_options_lines(game)))
    if not whole:
        text += (f"\nThe sources, the engine notes and the rules version history: cardwar "
                 f"rules {game.NAME}\n")
    return head + "\n\n" + text


def _how_to_play(game: Variant) -> list[str]:
    """Return the How to play section of the variant's rules page as text lines (none for
    a variant without a page)."""
    markdown = rulebook.rules_page(game.NAME)
    if markdown is None:
        return []
    first = [md for title, md in _sections(markdown) if title == HOW_TO_PLAY]
    return rulebook.rules_text("\n\n".join(first)).splitlines() if first else []


def _options_lines(game: Variant) -> list[str]:
    """Return the options of ``game`` as ``cardwar rules`` lists them."""
    out = ["Options (set with -o NAME=VALUE; the default is shown):"]
    defaults = options_to_json(game.options())
    for info in options_info(game.Options):
        allowed = f"  [{' | '.join(info.choices)}]" if info.choices else ""
        out.append(f"  {info.name} = {_show(defaults[info.name])}{allowed}")
        out += _wrap(info.doc, "      ")
    return out


def _rules_text(game: Variant) -> str:
    """Return what ``cardwar rules --summary`` prints: the game, its rules in short, How
    to play, its options."""
    aliases = f"; also: {', '.join(game.ALIASES)}" if game.ALIASES else ""
    players = f"{players_text(game)} players"
    kind = "automatic (no decisions)" if game.AUTOMATIC else "players make decisions"
    how = _how_to_play(game)
    out = [
        f"{game.TITLE} ({game.NAME}{aliases})",
        f"rules version {game.RULES_VERSION}; {players}; {kind}",
        "",
        *_wrap(_summary(getattr(game, "__doc__", None)), ""),
        "",
        *([*how, ""] if how else []),
        *_options_lines(game),
    ]
    out += [
        "",
        *_wrap(f"The full rules, every rule with its ID: {DOCS_URL}/rules/{game.NAME}.html "
               f"(docs/rules/{game.NAME}.md in the source).", ""),
    ]
    return "\n".join(out)
