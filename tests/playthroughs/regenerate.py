"""Write the golden playthroughs of War (DESIGN §7.6): readable step-by-step dumps of a
fixed list of seeded games, ``tests/playthroughs/war-<name>.txt``, which
``tests/test_playthroughs.py`` replays line by line.

Run it from the repository root with the project's environment, only after a deliberate
rules change (with a ``war.RULES_VERSION`` bump and a CHANGELOG line)::

    .venv/bin/python tests/playthroughs/regenerate.py          # rewrite every file
    .venv/bin/python tests/playthroughs/regenerate.py --check  # only compare

Each file holds a header (variant, rules version, scenario, seed, options as JSON with
sorted keys; not the library's version, so that a release leaves the files alone), the
initial position in full, one block per battle (every round's turns, who took how many
cards, who went out, the stock sizes, win-pile sizes and set-aside count where there are
any, wars won when they can end the game, the generator's counter), then the final
position in full and the outcome. Every line is a function of the game alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

from cardwar import war
from cardwar.cards import Card, format_cards
from cardwar.core import Termination, options_to_json

__all__ = [
    "DIRECTORY",
    "SCENARIOS",
    "Scenario",
    "main",
    "path_for",
    "render",
    "render_text",
    "turn_text",
]

#: Where the golden files live: next to this script.
DIRECTORY = Path(__file__).resolve().parent
#: No scenario plays this many battles; a game that does is a bug, not a playthrough.
MAX_BATTLES = 100_000


@attrs.frozen
class Scenario:
    """One golden game: a seeded War game with some options."""

    name: str
    """The file's name is ``war-<name>.txt``."""
    seed: int
    """The game's seed."""
    options: tuple[tuple[str, object], ...]
    """The options that differ from the defaults, by name."""
    ends: Termination
    """How the game ends: what the scenario is there to show."""

    def war_options(self) -> war.Options:
        """Return the scenario's validated options."""
        return war.options(**dict(self.options))


#: The golden games, in the order they are written.
SCENARIOS: tuple[Scenario, ...] = (
    Scenario("default", 2026, (), Termination.ALL_CARDS),
    Scenario(
        "face-down-1-winner-first",
        7,
        (("face_down", 1), ("pickup_order", "winner_first")),
        Termination.ALL_CARDS,
    ),
    Scenario("three-players", 11, (("players", 3),), Termination.ALL_CARDS),
    Scenario(
        "four-players-tied", 3, (("players", 4), ("war_joins", "tied")), Termination.ALL_CARDS
    ),
    Scenario("win-pile", 5, (("pickup_order", "win_pile"),), Termination.ALL_CARDS),
    Scenario("out-of-cards-lose", 9, (("out_of_cards", "lose"),), Termination.ALL_CARDS),
    Scenario("wars-to-win-3", 1, (("wars_to_win", 3),), Termination.WARS_WON),
    # Seed 12 is the only seed below 100 whose game on this 10-card deck repeats a position.
    Scenario(
        "repeated-position",
        12,
        (("ranks", "2 3 4 5 6"), ("suits", "SH"), ("pickup_order", "winner_first")),
        Termination.REPEATED_POSITION,
    ),
    Scenario("max-battles-50", 4, (("max_battles", 50),), Termination.BATTLE_LIMIT),
)


def path_for(scenario: Scenario) -> Path:
    """Return the golden file of ``scenario``."""
    return DIRECTORY / f"{war.NAME}-{scenario.name}.txt"


def turn_text(turn: war.Turn) -> str:
    """Return one turn of a battle round as text.

    >>> from cardwar.cards import parse_card
    >>> turn_text(war.Turn(1, 3, parse_card("5H")))
    'seat 1: 3 down, 5H up'
    >>> turn_text(war.Turn(0, 0, parse_card("10S"), True))
    'seat 0: 0 down, 10S up (standing)'
    """
    standing = " (standing)" if turn.standing else ""
    return f"seat {turn.seat}: {turn.face_down} down, {turn.face_up} up{standing}"


def _numbers(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _cards(cards: Sequence[Card]) -> str:
    return f"({len(cards)}) {format_cards(cards)}" if cards else "(0) -"


def _position(state: war.State, options: war.Options) -> list[str]:
    """Return every card of the position, in order, and the generator's counter."""
    lines = [f"  seat {seat} stock {_cards(stock)}" for seat, stock in enumerate(state.stocks)]
    if options.pickup_order is war.Pickup.WIN_PILE:
        lines += [f"  seat {seat} win pile {_cards(pile)}" for seat, pile in enumerate(state.won)]
    lines.append(f"  set aside {_cards(state.set_aside)}")
    lines.append(f"  rng counter: {state.rng.counter}")
    return lines


def _battle(state: war.State, options: war.Options) -> list[str]:
    """Return the block of the battle that led to ``state``."""
    record = state.last
    assert record is not None
    lines = ["", f"battle {state.battles}"]
    for number, turns in enumerate(record.rounds, 1):
        kind = " (war)" if number > 1 else ""
        lines.append(f"  round {number}{kind}: " + "; ".join(turn_text(t) for t in turns))
    if record.winner is None:
        lines.append(f"  winner: none, {record.cards} cards set aside")
    else:
        lines.append(f"  winner: seat {record.winner}, takes {record.cards} cards")
    lines.append(f"  eliminated: {_numbers(record.eliminated) or 'none'}")
    lines.append(f"  stock sizes: {_numbers([len(s) for s in state.stocks])}")
    if options.pickup_order is war.Pickup.WIN_PILE:
        lines.append(f"  win pile sizes: {_numbers([len(w) for w in state.won])}")
    if state.set_aside:
        lines.append(f"  set aside: {len(state.set_aside)}")
    if options.wars_to_win is not None:
        lines.append(f"  wars won: {_numbers(state.wars_won)}")
    lines.append(f"  rng counter: {state.rng.counter}")
    return lines


def render(scenario: Scenario) -> list[str]:
    """Return the lines of the golden playthrough of ``scenario`` (without line ends)."""
    options = scenario.war_options()
    state = war.new_game(scenario.seed, options)
    lines = [
        "# cardwar golden playthrough; see tests/playthroughs/regenerate.py",
        f"variant: {war.NAME}",
        f"rules version: {war.RULES_VERSION}",
        f"scenario: {scenario.name}",
        f"seed: {scenario.seed}",
        f"options: {json.dumps(options_to_json(options), sort_keys=True)}",
        "",
        "initial position",
        *_position(state, options),
    ]
    while state.result is None:
        if state.battles >= MAX_BATTLES:
            raise RuntimeError(f"scenario {scenario.name} runs past {MAX_BATTLES} battles")
        state = war.step(state, war.Play.PLAY)
        lines += _battle(state, options)
    result = state.result
    assert result is not None
    lines += [
        "",
        "final position",
        *_position(state, options),
        "",
        f"outcome: {result}",
        f"termination: {result.termination.value}",
        f"winners: {_numbers(result.winners) or 'none'}",
        f"battles: {state.battles}",
        f"battles with a war: {state.wars}",
        f"wars won: {_numbers(state.wars_won)}",
    ]
    return lines


def render_text(scenario: Scenario) -> str:
    """Return the text of the golden file of ``scenario``."""
    return "\n".join(render(scenario)) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write every golden file and delete stale ones; with ``--check``, only report the
    files that differ. Return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare only; write nothing")
    args = parser.parse_args(argv)
    wanted = {path_for(s) for s in SCENARIOS}
    stale = sorted(p for p in DIRECTORY.glob(f"{war.NAME}-*.txt") if p not in wanted)
    differ = 0
    for scenario in SCENARIOS:
        path = path_for(scenario)
        text = render_text(scenario)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        differ += 1
        if args.check:
            print(f"differs: {path.name}")
        else:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path.name}")
    for path in stale:
        differ += 1
        if args.check:
            print(f"stale: {path.name}")
        else:
            path.unlink()
            print(f"deleted stale {path.name}")
    print(f"{len(SCENARIOS)} scenarios, {differ} file(s) {'differ' if args.check else 'changed'}")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
