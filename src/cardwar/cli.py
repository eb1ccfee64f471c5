"""The ``cardwar`` command.

``cardwar variants`` lists the variants; ``cardwar play VARIANT --seed S`` plays a
seeded game of an automatic variant and shows it battle by battle.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from cardwar import __version__
from cardwar.core import OptionError, Variant
from cardwar.rng import SeedError
from cardwar.variants import UnknownVariantError, all_variants, variant
from cardwar.variants._battle import BattleRecord, BattleState

__all__ = ["describe_battle", "main"]

EXIT_USAGE = 2


def describe_battle(number: int, record: BattleRecord) -> list[str]:
    """Return the lines that show one battle: every round's cards and who took the table.

    >>> from cardwar import war
    >>> state = war.step(war.new_game(2026), war.Play.PLAY)
    >>> assert state.last is not None
    >>> print("\\n".join(describe_battle(1, state.last)))
    battle 1: seat 0 JS, seat 1 6D -> seat 0 takes 2 cards
    """
    first = ", ".join(f"seat {t.seat} {t.face_up}" for t in record.rounds[0])
    lines = [f"battle {number}: {first}"]
    for i, turns in enumerate(record.rounds[1:], start=1):
        parts = []
        for t in turns:
            if t.standing:
                parts.append(f"seat {t.seat} {t.face_up} stands")
            else:
                parts.append(f"seat {t.seat} {t.face_down} down, {t.face_up} up")
        label = "war" if i == 1 else f"war {i}"
        lines.append(f"  {label}: " + ", ".join(parts))
    if record.winner is None:
        lines[-1] += f" -> undecidable, {record.cards} cards set aside"
    else:
        lines[-1] += f" -> seat {record.winner} takes {record.cards} cards"
    for seat in record.eliminated:
        lines.append(f"  seat {seat} is out of cards")
    return lines


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(pair, "expected NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def _cmd_variants(args: argparse.Namespace) -> int:
    for v in all_variants():
        most = "+" if v.MAX_PLAYERS is None else f"-{v.MAX_PLAYERS}"
        aliases = f" (also: {', '.join(v.ALIASES)})" if v.ALIASES else ""
        kind = "automatic" if v.AUTOMATIC else "decisions"
        print(f"{v.NAME:<10} {v.TITLE:<20} {v.MIN_PLAYERS}{most} players, {kind}{aliases}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    game: Variant = variant(args.variant)
    options = game.options(**_parse_options(args.option))
    state = game.new_game(args.seed, options)
    if not game.AUTOMATIC:
        print(f"cardwar: error: {game.NAME} needs decisions; interactive play is not available "
              "yet", file=sys.stderr)
        return EXIT_USAGE
    print(f"{game.TITLE}, seed {args.seed}")
    if isinstance(state, BattleState):
        sizes = " | ".join(str(len(s)) for s in state.stocks)
        print(f"dealt: {sizes} cards")
    steps = 0
    while game.outcome(state) is None and (args.max_steps is None or steps < args.max_steps):
        state = game.step(state, game.legal_actions(state)[0])
        steps += 1
        if not args.quiet and isinstance(state, BattleState) and state.last is not None:
            lines = describe_battle(state.battles, state.last)
            held = " | ".join(str(state.cards_held(s)) for s in range(state.players))
            lines[0] += f"   [{held}]"
            print("\n".join(lines))
    result = game.outcome(state)
    if result is None:
        print(f"stopped after {steps} steps (--max-steps); the game goes on")
    else:
        print(f"result: {result} after {steps} battles")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``cardwar`` command."""
    parser = argparse.ArgumentParser(
        prog="cardwar", description="The card game War and its variants."
    )
    parser.add_argument("--version", action="version", version=f"cardwar {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("variants", help="list the variants")
    p.set_defaults(func=_cmd_variants)
    p = sub.add_parser("play", help="play a seeded game and show it battle by battle")
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE",
        help="set a rule option, e.g. -o face_down=1 (repeatable)",
    )
    p.add_argument("--max-steps", type=int, default=None, help="stop after this many steps")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    p.set_defaults(func=_cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardwar`` command; return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except (UnknownVariantError, OptionError, SeedError, ValueError) as err:
        print(f"cardwar: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `cardwar play war | head`
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
