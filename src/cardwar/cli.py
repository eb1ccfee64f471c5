"""The ``cardwar`` command.

``cardwar variants`` lists the variants and ``cardwar rules VARIANT`` summarises one;
``cardwar play VARIANT`` shows a seeded game of an automatic variant battle by battle, or
lets you play a variant with decisions against the baseline agents; ``cardwar replay FILE``
shows and verifies a recorded game; ``cardwar simulate VARIANT -n N`` plays N seeded games
across processes and summarises them. The docs page ``cli`` shows every command.

Errors are one line on stderr, ``cardwar: error: ...``; the exit status is 0 on success,
1 for a failure (an unreadable record, a replay that does not match), 2 for a usage error
(a bad argument, option or seed) and 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, NoReturn

import attrs

from cardwar import __version__, batch, records, rulebook
from cardwar import agents as agents_module
from cardwar._processes import in_processes
from cardwar.core import (
    NotationError,
    OptionError,
    Outcome,
    Variant,
    options_info,
    options_to_json,
)
from cardwar.errors import AgentError, CardwarError
from cardwar.render import (
    format_cards,
    players_text,
    render_observation,
    render_state,
    symbolize,
)
from cardwar.rng import SeedError, check_seed, derive_seed
from cardwar.svg import svg
from cardwar.variants import UnknownVariantError, all_variants, variant

__all__ = [
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "format_action",
    "main",
    "summarise",
]

#: Exit status of a failure: an unreadable record, a replay that does not match.
EXIT_FAILURE = 1
#: Exit status of a usage error: a bad argument, option, seed or variant name.
EXIT_USAGE = 2
#: Exit status when interrupted by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130

#: ``play`` stops a game in which the others play this many steps in a row without a
#: turn of the human player's (agents that never end a deal among themselves).
MAX_STEPS_WITHOUT_YOU = 100_000
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


# --- helpers ----------------------------------------------------------------------------


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


# --- variants and rules -----------------------------------------------------------------


def _cmd_variants(args: argparse.Namespace) -> int:
    width = max(20, *(len(v.TITLE) + 1 for v in all_variants()))
    for v in all_variants():
        aliases = f" (also: {', '.join(v.ALIASES)})" if v.ALIASES else ""
        kind = "automatic" if v.AUTOMATIC else "decisions"
        print(f"{v.NAME:<10} {v.TITLE:<{width}} {players_text(v)} players, {kind}{aliases}")
    return 0


def _summary(doc: str | None) -> str:
    """Return the first paragraph of a module docstring, as plain text."""
    if not doc:
        return ""
    first = " ".join(doc.strip().split("\n\n")[0].split()).replace("``", "")
    # What follows "The rules are on the docs page ..." is for developers (where rule IDs
    # are defined, which module holds what); the docs page is named below instead.
    return re.split(r"\s*\bThe rules are\b", first)[0]


def _wrap(text: str, indent: str, width: int = 88) -> list[str]:
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


def _cmd_rules(args: argparse.Namespace) -> int:
    game = variant(args.variant)
    print(_rules_text(game) if args.summary else _full_rules(game))
    return 0


def _full_rules(game: Variant) -> str:
    """Return the variant's whole rules page as text (shipped with cardwar), or its
    summary and a link for a variant without a page."""
    page = rulebook.rules_page(game.NAME)
    if page is None:
        return _rules_text(game)
    head = "\n".join(_rules_text(game).splitlines()[:2])  # the name, version, players
    return head + "\n\n" + rulebook.rules_text(page, "\n".join(_options_lines(game)))


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
    """Return what ``cardwar rules --summary`` prints: the game, its rules in short, its
    options."""
    aliases = f"; also: {', '.join(game.ALIASES)}" if game.ALIASES else ""
    players = f"{players_text(game)} players"
    kind = "automatic (no decisions)" if game.AUTOMATIC else "players make decisions"
    out = [
        f"{game.TITLE} ({game.NAME}{aliases})",
        f"rules version {game.RULES_VERSION}; {players}; {kind}",
        "",
        *_wrap(_summary(getattr(game, "__doc__", None)), ""),
        "",
        *_options_lines(game),
    ]
    out += [
        "",
        f"The full rules, every rule with its ID: {DOCS_URL}/rules/{game.NAME}.html",
        f"(docs/rules/{game.NAME}.md in the source).",
    ]
    return "\n".join(out)


# --- play -------------------------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    game, options = _game_and_options(args)
    check_seed(args.seed)
    if args.max_steps is not None and args.max_steps < 0:
        raise UsageError(f"--max-steps must be at least 0, got {args.max_steps}")
    if args.record is not None:
        check_writable(args.record, "--record")
    if game.AUTOMATIC:
        # Nobody decides anything: a seat or an opponent would be ignored, so say so.
        for flag, value in (("--seat", args.seat), ("--opponent", args.opponent)):
            if value is not None:
                raise UsageError(f"{flag}: {game.TITLE} plays itself; nobody takes a seat")
        return _play_automatic(args, game, options)
    if args.seat is None:
        args.seat = 0
    return _play_interactive(args, game, options)


def _save(args: argparse.Namespace, game: Variant, options: Any, actions: list[str],
          result: Outcome | None, state: Any,
          players: Sequence[str | None] | None = None) -> None:
    if args.record is None:
        return
    record = records.Record(
        variant=game.NAME,
        rules_version=game.RULES_VERSION,
        options=options,
        seed=args.seed,
        deal=None,
        actions=tuple(actions),
        outcome=result,
        digest=records.digest(state),
        players=None if players is None else tuple(players),
    )
    records.write(record, args.record)
    print(f"record saved to {args.record}")


def _play_automatic(args: argparse.Namespace, game: Variant, options: Any) -> int:
    ascii = _wants_ascii(args)
    state = game.new_game(args.seed, options)
    print(f"{game.TITLE}, seed {args.seed}")
    dealt = game.describe_deal(state, ascii=ascii)
    if dealt:
        print(dealt)
    actions: list[str] = []
    stepping = args.step and not args.quiet
    explained = False
    while game.outcome(state) is None and (args.max_steps is None
                                           or len(actions) < args.max_steps):
        action = game.legal_actions(state)[0]
        before, state = state, game.step(state, action)
        actions.append(str(action))
        if not args.quiet:
            said = game.describe_step(before, action, state, ascii=ascii)
            print(said)
            if not explained and re.search(r"\[\d+( \| \d+)+\]", said):
                # The bracketed counts, said once.
                print("  (in brackets: the cards each seat holds after the battle, seat 0 "
                      "first)")
                explained = True
            if stepping and game.outcome(state) is None:
                try:
                    answer = input("[Enter: next, a: all the rest, q: quit] ")
                except EOFError:
                    answer = "a"
                if answer.strip().lower() in ("q", "quit"):
                    print("stopped; the game goes on")
                    _save(args, game, options, actions, None, state)
                    return 0
                if answer.strip().lower() in ("a", "all"):
                    stepping = False
    result = game.outcome(state)
    if result is None:
        print(f"stopped after {len(actions)} steps (--max-steps); the game goes on")
    else:
        print(f"result: {result} after {_count(len(actions), game.STEP_NAME)}")
    _save(args, game, options, actions, result, state)
    return 0


_HELP = """\
Type the number of an action or its notation (such as {example}), then Enter.
  help     show this help          legal    list the legal actions again
  view     show your view again    history  what has happened so far
  undo     back to your last move  rules    this game's rules and options
  score    where every seat stands quit     leave the game (also Ctrl-D)
When only one action is legal it is played for you (--ask-always to be asked)."""

#: What ``_ask`` returns when the player asks to take back their last move.
_UNDO = object()


def _opponent_kind(args: argparse.Namespace, game: Variant) -> str:
    """Return the kind of agent that plays the seats that are not yours."""
    if args.opponent is not None:
        return str(args.opponent)
    # The strongest agent that answers within a second: the variant's own search agent
    # where it can be built (Caravan's needs the fast extra), else its heuristic.
    if agents_module.has_search_agent(game):
        try:
            agents_module.search_agent(game, 0)
        except AgentError:
            pass
        else:
            return "search"
    return "heuristic" if agents_module.has_heuristic(game) else "random"


def _opponents(args: argparse.Namespace, game: Variant, players: int) -> dict[int, Any]:
    kind = _opponent_kind(args, game)
    return {
        seat: agents_module.agent(kind, game.NAME, derive_seed(args.seed, seat + 1))
        for seat in range(players)
        if seat != args.seat
    }


def _play_interactive(args: argparse.Namespace, game: Variant, options: Any) -> int:
    ascii = _wants_ascii(args)
    state = game.new_game(args.seed, options)
    players = game.num_players(state)
    me = args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat must be in [0, {players - 1}], got {me}")
    opponents = _opponents(args, game, players)
    # Who plays each seat, for the record.
    who = ["human" if s == me else _opponent_kind(args, game) for s in range(players)]
    names = ", ".join(f"seat {s}: {type(a).__name__}" for s, a in opponents.items())
    print(f"{game.TITLE}, seed {args.seed}; you are seat {me} ({names})")
    example = format_action(game.legal_actions(state)[0], ascii=ascii)
    print(_HELP.format(example=example))
    actions: list[str] = []
    history: list[str] = []
    # Each of your decisions: the state before it, and how many actions and history
    # lines there were then (undo goes back to the last one).
    decisions: list[tuple[Any, int, int]] = []
    waiting = 0
    try:
        while game.outcome(state) is None:
            if args.max_steps is not None and len(actions) >= args.max_steps:
                print(f"stopped after {len(actions)} steps (--max-steps)")
                break
            if waiting >= MAX_STEPS_WITHOUT_YOU:
                print(f"stopped: the others played {waiting} steps without a turn of yours")
                break
            legal = game.legal_actions(state)
            seat = game.to_act(state)
            waiting += 1
            if seat is None:
                action = legal[0]
            elif seat != me:
                action = opponents[seat].choose(game.observe(state, seat), legal)
            elif len(legal) == 1 and not args.ask_always:
                waiting = 0
                action = legal[0]
                if not args.quiet:
                    print(f"  | your only action, played for you: "
                          f"{format_action(action, ascii=ascii)}")
            else:
                waiting = 0
                decisions.append((state, len(actions), len(history)))
                chosen = _ask(game, state, me, legal, ascii, history)
                if chosen is _UNDO:
                    decisions.pop()
                    if not decisions:
                        print("nothing to undo: this is your first move")
                    else:
                        state, kept, said_before = decisions.pop()
                        del actions[kept:]
                        del history[said_before:]
                        print("back to your last move")
                    continue
                if chosen is None:
                    print("you left the game")
                    _save(args, game, options, actions, None, state, who)
                    return 0
                action = chosen
            before, state = state, game.step(state, action)
            actions.append(str(action))
            # Narrate every step, yours and the others', in what everyone may see
            # (describe_step shows no hidden card); the result comes at the end.
            said = game.describe_step(before, action, state, ascii=ascii).splitlines()
            # And the cards that came into your hand, which only you see.
            said += _drawn_lines(game, before, state, me, ascii)
            for line in said:
                if not line.lstrip().startswith("result:"):
                    history.append(line)
                    if not args.quiet:
                        print(f"  | {line}")
    except KeyboardInterrupt:
        print("\ninterrupted")
        _save(args, game, options, actions, None, state, who)
        return EXIT_INTERRUPTED
    result = game.outcome(state)
    print()
    print(render_observation(game, game.observe(state, me), ascii=ascii))
    if result is not None:
        verdict = ("a draw" if result.is_draw else
                   "you win" if me in result.winners else "you lose")
        print(f"result: {result}: {verdict}, after {_count(len(actions), 'step')}")
    _save(args, game, options, actions, result, state, who)
    return 0


def _drawn_lines(game: Variant, before: Any, after: Any, me: int, ascii: bool) -> list[str]:
    """Return ``you drew ...`` for the cards that came into ``me``'s hand in a step (a
    refill, a claim's cards, a new deal), as only that seat sees them."""
    old = getattr(game.observe(before, me), "hand", None)
    new = getattr(game.observe(after, me), "hand", None)
    if old is None or new is None:
        return []
    came = Counter(new) - Counter(old)
    if not came:
        return []
    cards = []
    for card in new:  # in the hand's order
        if came[card]:
            came[card] -= 1
            cards.append(card)
    return [f"you drew {format_cards(cards, ascii=ascii)}"]


def _count(n: int, name: str) -> str:
    """Return ``1 battle``, ``2 battles``."""
    return f"{n} {name}" if n == 1 else f"{n} {name}s"


def _list_actions(legal: tuple[Any, ...], ascii: bool) -> str:
    items = [f"{i}) {format_action(a, ascii=ascii)}" for i, a in enumerate(legal, start=1)]
    return "\n".join(_columns(items))


def _columns(items: list[str]) -> list[str]:
    """Return ``items`` laid out in lines no wider than the terminal, less one column, so
    that the terminal never wraps an item."""
    import shutil

    width = max(20, shutil.get_terminal_size((89, 24)).columns - 1)
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


def _score_lines(game: Variant, obs: Any) -> list[str]:
    """Return where every seat stands, in the game's own terms, from what ``obs``'s seat
    sees: the totals or scores, the wars won and the cards held, or Caravan's positions."""
    lines = []
    caravans = getattr(obs, "caravans", None)
    if caravans is not None:
        ahead = game.position_winners(caravans)  # type: ignore[attr-defined]
        for k in range(3):
            a, b = caravans[k], caravans[k + 3]
            lead = "undecided" if ahead[k] is None else f"seat {ahead[k]} ahead"
            lines.append(f"  position {'ABC'[k]}/{'DEF'[k]}: {a.value} against {b.value}, "
                         f"{lead}")
        return lines
    for s in range(len(obs.hand_sizes if hasattr(obs, "hand_sizes") else obs.stock_sizes)):
        parts = []
        for field, name in (("totals", "total"), ("scores", "score"),
                            ("wars_won", "wars won")):
            values = getattr(obs, field, None)
            if values:
                parts.append(f"{name} {values[s]}")
        held = sum(getattr(obs, f, (0,) * (s + 1))[s] for f in
                   ("hand_sizes", "stock_sizes", "won_sizes", "pool_sizes")
                   if hasattr(obs, f))
        parts.append(f"{held} cards")
        you = " (you)" if s == obs.seat else ""
        lines.append(f"  seat {s}{you}: " + ", ".join(parts))
    return lines


def _ask(game: Variant, state: Any, me: int, legal: tuple[Any, ...], ascii: bool,
         history: Sequence[str] = ()) -> Any:
    """Return the action the player chooses, ``None`` when they leave, or ``_UNDO``."""
    print()
    print(render_observation(game, game.observe(state, me), ascii=ascii))
    print("your move:")
    print(_list_actions(legal, ascii))
    while True:
        try:
            text = input("> ").strip()
        except EOFError:
            print()
            return None
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "q", "exit"):
            return None
        if word in ("help", "?", "h"):
            print(_HELP.format(example=format_action(legal[0], ascii=ascii)))
            continue
        if word in ("legal", "l"):
            print(_list_actions(legal, ascii))
            continue
        if word in ("view", "v"):
            print(render_observation(game, game.observe(state, me), ascii=ascii))
            continue
        if word == "history":
            print("\n".join(f"  | {line}" for line in history) or "  (nothing yet)")
            continue
        if word == "rules":
            print(_full_rules(game))
            continue
        if word == "undo":
            return _UNDO
        if word == "score":
            print("\n".join(_score_lines(game, game.observe(state, me))))
            continue
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            print(f"there is no action {number}: choose 1 to {len(legal)}")
            continue
        try:
            action = game.parse_action(text)
        except (NotationError, ValueError) as err:
            print(f"not understood: {err}; type a number from 1 to {len(legal)}, or help")
            continue
        if action not in legal:
            # The library says why (the rule the action breaks) and lists the legal ones.
            try:
                game.step(state, action)
            except CardwarError as err:
                print(f"not legal now: {symbolize(str(err), ascii=ascii)}")
            else:  # pragma: no cover - step accepts exactly the legal actions
                print(f"{format_action(action, ascii=ascii)} is not legal now")
            continue
        return action


# --- replay -----------------------------------------------------------------------------


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


# --- simulate ---------------------------------------------------------------------------


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


def check_writable(path: str, what: str) -> None:
    """Refuse, before any work is done, an output ``path`` that cannot be written: a
    directory, a file in a missing directory, or one without write permission."""
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
    elif not os.access(parent, os.W_OK):
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
        # The per-game results are written as they come, never all kept in memory.
        out = sys.stdout if args.json == "-" else open(args.json, "w", encoding="utf-8")  # noqa: SIM115
        try:
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
        finally:
            if out is not sys.stdout:
                out.close()
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
    being a pool of ``jobs`` threads (or this thread), with a progress bar unless
    ``quiet``; the pool is shut down however the run ends."""
    from concurrent.futures import ThreadPoolExecutor

    from tqdm import tqdm

    pool = ThreadPoolExecutor(jobs) if jobs > 1 and n > _BATCH_CHUNK else None
    try:
        with tqdm(total=n, unit="game", disable=quiet, file=sys.stderr, desc=label) as bar:
            for chunk in run(pool if pool is not None else _InProcess()):
                yield chunk
                bar.update(len(chunk))
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class _InProcess:
    """An executor that runs each call at once in this process, for ``--jobs 1``."""

    def submit(self, fn: Any, /, *args: Any) -> Any:
        from concurrent.futures import Future

        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future


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


# --- tournament -------------------------------------------------------------------------


def _game_list(text: str, games: int) -> list[int]:
    """Return the game indices of ``--record-games`` (``0,5,17``), each in range."""
    out = []
    for word in text.split(","):
        word = word.strip()
        if not (word.isascii() and word.isdigit()) or len(word) > 18:
            raise UsageError(f"--record-games: expected game numbers such as 0,5,17, got {word!r}")
        if int(word) >= games:
            raise UsageError(f"--record-games: there is no game {word} among games 0 to "
                             f"{games - 1}")
        out.append(int(word))
    return out


def _cmd_tournament(args: argparse.Namespace) -> int:
    from cardwar import tournament as tournament_module

    game, options = _game_and_options(args)
    jobs = _run_arguments(args)
    if game.AUTOMATIC:
        raise UsageError(f"{game.TITLE} plays itself: there are no agents to compare")
    kinds = [k.strip() for k in args.agents.split(",")]
    if args.record_games is not None and args.records is None:
        raise UsageError("--record-games needs --records DIR")
    wanted: list[int] | bool = False
    if args.records is not None:
        if os.path.exists(args.records) and not os.path.isdir(args.records):
            raise UsageError(f"--records {args.records!r} is not a directory")
        wanted = True if args.record_games is None else _game_list(args.record_games, args.n)
    players = game.num_players(game.new_game(0, options))
    if len(kinds) > players:
        raise UsageError(f"--agents: {game.TITLE} has {players} seats, got {len(kinds)} agents")
    if len(kinds) < 2:
        raise UsageError("--agents needs at least two agents, such as heuristic,random")
    deals, left = divmod(args.n, players)
    lineup = ", ".join(kinds) + (f" (then {kinds[-1]} in the other seats)"
                                 if len(kinds) < players else "")
    print(f"{game.TITLE} tournament: {args.n} games ({deals} deals x {players} seatings"
          + (f", and {left} seating{'s' if left > 1 else ''} of one more deal" if left else "")
          + f"), seed {args.seed}; options: {_changed_options(options)}; lineup: {lineup}",
          flush=True)
    from tqdm import tqdm

    quiet = args.no_progress or not sys.stderr.isatty()
    with tqdm(total=args.n, unit="game", disable=quiet, file=sys.stderr, desc=game.NAME) as bar:
        def advance(done: int) -> None:
            bar.update(done - bar.n)

        result = tournament_module.tournament(
            game, kinds, args.n, args.seed, options, jobs=jobs, max_steps=args.max_steps,
            records=wanted, progress=advance,
        )
    print(result.table())
    n = result.games
    print("wins by seat: " + ", ".join(f"seat {s} {w} ({100 * w / n:.1f}%)"
                                       for s, w in enumerate(result.seat_wins)))
    print(f"draws: {result.draws}; mean steps per game: {result.mean_steps:.1f}"
          + (f"; unfinished (--max-steps): {result.unfinished}" if result.unfinished else ""))
    first = result.standings[0].name
    print("score: the share of pairwise meetings won (two seats of one game; draws count "
          f"half); rating: Bradley-Terry on the Elo scale, {first} = 0")
    if args.records is not None:
        os.makedirs(args.records, exist_ok=True)
        indices = range(args.n) if wanted is True else sorted(set(wanted or ()))
        for index, record in zip(indices, result.records, strict=True):
            records.write(record, os.path.join(args.records, f"game-{index:06d}.json"))
        print(f"records: {len(result.records)} written to {args.records} "
              "(game-NNNNNN.json; cardwar replay shows one)")
    return 0


# --- the parser -------------------------------------------------------------------------


def _add_options_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE",
        help="set a rule option, e.g. -o face_down=1 (repeatable; see: cardwar rules VARIANT)",
    )


def _build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``cardwar`` command."""
    parser = _Parser(
        prog="cardwar",
        description="The card game War and its variants: play, replay and simulate games.",
        epilog="Exit status: 0 success, 1 failure, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"cardwar {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

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

    p = sub.add_parser(
        "play", help="play a seeded game",
        description="Show a seeded game of an automatic variant battle by battle, or play "
        "a variant with decisions in the terminal against the baseline agents.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    _add_options_argument(p)
    p.add_argument("--seat", type=int, default=None,
                   help="your seat in a variant with decisions (default 0)")
    p.add_argument("--opponent", default=None, metavar="KIND",
                   help="the agent playing the other seats: "
                   f"{', '.join(agents_module.KINDS)}, ismcts:N (the generic search agent "
                   "with N iterations per decision: stronger and slower as N grows) or "
                   "package.module:name (default: the variant's own search agent if it has "
                   "one (Caravan's with the fast extra), else its heuristic agent if it has "
                   "one, else random)")
    p.add_argument("--max-steps", type=int, default=None, help="stop after this many steps")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only the result (automatic variants), or no narration")
    p.add_argument("--step", action="store_true",
                   help="automatic variants: pause after each battle (Enter)")
    p.add_argument("--ask-always", action="store_true",
                   help="ask for your move even when only one action is legal")
    p.add_argument("--ascii", action="store_true", help="show cards as 10H, not 10♥")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="save the game as a record (see: cardwar replay)")
    p.set_defaults(func=_cmd_play)

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
                   f"({', '.join(agents_module.KINDS)}, ismcts:N or package.module:name; "
                   "default random)")
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--json", metavar="FILE", default=None,
                   help="write the summary and per-game results as JSON ('-': stdout)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser(
        "tournament", help="play agents against each other in every seating",
        description="Play N seeded games between agents, every deal in every rotation of "
        "the seats, and print win rates with 95%% intervals, pairwise scores and ratings; "
        "the same arguments give the same table whatever --jobs is.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--agents", required=True, metavar="KIND,KIND[,...]",
                   help="the lineup, one agent per seat or fewer (the last fills the other "
                   f"seats): {', '.join(agents_module.KINDS)}, ismcts:N (N iterations per "
                   "decision) or package.module:name")
    p.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    _add_options_argument(p)
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write each game's record to DIR/game-NNNNNN.json (DIR is made if "
                   "needed)")
    p.add_argument("--record-games", metavar="I[,J...]", default=None,
                   help="with --records: only these games (numbered from 0)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_tournament)
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


if __name__ == "__main__":
    sys.exit(main())
