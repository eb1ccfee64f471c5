"""What a seat of an automatic battle game sees, and the text that shows its states,
observations and battles to people.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card
from cardwar.core import Outcome
from cardwar.errors import StateError, check_observation, check_seat, check_state
from cardwar.render import (
    Readable,
    format_card,
    format_cards,
    indent_block,
    result_lines,
    short_repr,
)
from cardwar.svg import Pictured
from cardwar.variants._battle.rules import BattleRecord, BattleState, Play

__all__ = [
    "BattleObservation",
    "describe_battle",
    "describe_deal",
    "describe_step",
    "last_battle_lines",
    "observe",
    "render_observation",
    "render_state",
    "render_table",
]


@attrs.frozen(slots=True)
class BattleObservation(Immutable, Pictured, Readable):
    """What one seat knows: card counts, the last battle's face-up cards, and counters.
    Nobody sees the order of any stock or win pile, or the face-down cards."""

    seat: int
    """The observing seat."""
    stock_sizes: tuple[int, ...]
    """Cards in each seat's stock."""
    won_sizes: tuple[int, ...]
    """Cards in each seat's win pile."""
    set_aside: int
    """How many spare cards are set aside."""
    battles: int
    """Battles played."""
    wars_won: tuple[int, ...]
    """Wars won per seat."""
    last: BattleRecord | None
    """The last battle (face-up cards only; face-down cards are counted, not shown)."""
    result: Outcome | None
    """The outcome once the game has ended."""
    options: Any = None
    """The game's options (known to everyone)."""
    wars: int = 0
    """Battles so far that had at least one war (every battle is seen by all)."""

    def __repr__(self) -> str:
        return short_repr(
            self, "Observation",
            seat=self.seat,
            battles=self.battles,
            stock_sizes=self.stock_sizes,
            won_sizes=self.won_sizes,
            set_aside=self.set_aside,
            result=self.result,
        )


def observe(state: BattleState, seat: int) -> BattleObservation:
    """Return what ``seat`` knows: every seat's card counts and the last battle's face-up
    cards (WAR-OBSERVE, PEACE-OBSERVE); never the order of a stock or a face-down card."""
    check_state(state, BattleState, "the War family")
    check_seat(seat, state.players)
    return BattleObservation(
        seat=seat,
        stock_sizes=tuple(len(s) for s in state.stocks),
        won_sizes=tuple(len(w) for w in state.won),
        set_aside=len(state.set_aside),
        battles=state.battles,
        wars_won=state.wars_won,
        last=state.last,
        result=state.result,
        options=state.options,
        wars=state.wars,
    )


# --- text for people ----------------------------------------------------------------------


def describe_battle(number: int, record: BattleRecord, *, ascii: bool = True,
                    tie: str = "war") -> list[str]:
    """Return the lines that show one battle: every round's cards and who took the table;
    ``tie`` names the rounds after a tie (``peace`` in Peace).

    >>> from cardwar import war
    >>> state = war.step(war.new_game(2026), war.Play.PLAY)
    >>> assert state.last is not None
    >>> print("\\n".join(describe_battle(1, state.last)))
    battle 1: seat 0 JS, seat 1 6D -> seat 0 takes 2 cards
    """

    def card(c: Card) -> str:
        return format_card(c, ascii=ascii)

    first = ", ".join(f"seat {t.seat} {card(t.face_up)}" for t in record.rounds[0])
    lines = [f"battle {number}: {first}"]
    for i, turns in enumerate(record.rounds[1:], start=1):
        parts = []
        for t in turns:
            if t.standing:
                parts.append(f"seat {t.seat} {card(t.face_up)} stands")
            else:
                parts.append(f"seat {t.seat} {t.face_down} down, {card(t.face_up)} up")
        label = tie if i == 1 else f"{tie} {i}"
        lines.append(f"  {label}: " + ", ".join(parts))
    if record.winner is None:
        lines[-1] += f" -> undecidable, {record.cards} cards set aside"
    else:
        lines[-1] += f" -> seat {record.winner} takes {record.cards} cards"
    for seat in record.eliminated:
        lines.append(f"  seat {seat} is out of cards")
    return lines


def last_battle_lines(battles: int, last: BattleRecord | None, ascii: bool,
                      tie: str = "war") -> list[str]:
    """Return the lines that show the last battle (none before the first)."""
    if last is None:
        return []
    lines = describe_battle(battles, last, ascii=ascii, tie=tie)
    lines[0] = "last battle:" + lines[0].partition(":")[2]
    return lines


def header(title: str, battles: int, who: str = "") -> str:
    """Return the first line of a rendering: the game, whose view, and which battle."""
    when = "before the first battle" if battles == 0 else f"after battle {battles}"
    return f"{title}, {who + ' ' if who else ''}{when}"


def render_state(title: str, state: BattleState, *, ascii: bool = False,
                 tie: str = "war", piles: bool = True) -> str:
    """Return the whole state of the game ``title`` as text: every stock in order (with
    ``piles=False``, as :func:`render_table`: their sizes)."""
    check_state(state, BattleState, title)
    lines = [header(title, state.battles)]
    for s in range(state.players):
        if not piles:
            won = f", win pile {_count(len(state.won[s]))}" if state.won[s] else ""
            lines.append(f"seat {s} stock: {_count(len(state.stocks[s]))}{won}")
            continue
        won = f", win pile {format_cards(state.won[s], ascii=ascii)}" if state.won[s] else ""
        lines.append(f"seat {s} stock: {format_cards(state.stocks[s], ascii=ascii)}{won}")
    if state.set_aside:
        aside = format_cards(state.set_aside, ascii=ascii) if piles else (
            _count(len(state.set_aside)))
        lines.append(f"set aside: {aside}")
    lines += last_battle_lines(state.battles, state.last, ascii, tie)
    lines += result_lines(state.result)
    return indent_block(lines)


def render_table(title: str, state: BattleState, *, ascii: bool = False,
                 tie: str = "war") -> str:
    """Return the whole state of the game ``title`` as a replay shows it: the stocks and
    win piles by their sizes (face down, their order is nobody's to see), the last battle.
    """
    return render_state(title, state, ascii=ascii, tie=tie, piles=False)


def _count(n: int, name: str = "card") -> str:
    """Return ``1 card``, ``2 cards``."""
    return f"{n} {name}" if n == 1 else f"{n} {name}s"


def render_observation(title: str, obs: BattleObservation, *, ascii: bool = False,
                       tie: str = "war") -> str:
    """Return one seat's view of the game ``title`` as text: card counts and the last
    battle."""
    check_observation(obs, BattleObservation, title)
    lines = [header(title, obs.battles, f"seat {obs.seat}'s view")]
    for s, (stock, won) in enumerate(zip(obs.stock_sizes, obs.won_sizes, strict=True)):
        parts = f"stock {stock}" + (f", win pile {won}" if won else "")
        you = "  <- you" if s == obs.seat else ""
        lines.append(f"seat {s}: {_count(stock + won)} ({parts}){you}")
    if obs.set_aside:
        lines.append(f"set aside: {_count(obs.set_aside)}")
    lines += last_battle_lines(obs.battles, obs.last, ascii, tie)
    lines += result_lines(obs.result)
    return indent_block(lines)


def describe_deal(state: BattleState, *, ascii: bool = False) -> str:
    """Return how many cards each seat was dealt: ``dealt: 26 | 26 cards``."""
    check_state(state, BattleState, "the War family")
    sizes = " | ".join(str(len(s)) for s in state.stocks)
    return f"dealt: {sizes} cards"


def describe_step(before: BattleState, action: Play, after: BattleState, *,
                  ascii: bool = False, tie: str = "war") -> str:
    """Return the battle that ``action`` played, with the cards each seat holds after it
    on the line that settled it (after the last war round):
    ``battle 1: seat 0 J♠, seat 1 6♦ -> seat 0 takes 2 cards   [27 | 25]``."""
    check_state(before, BattleState, "the War family")
    check_state(after, BattleState, "the War family")
    # A step of an automatic game is one whole battle (DESIGN), so it always leaves one.
    if after.last is None:
        raise StateError("describe_step: the state after a step holds the battle it played; "
                         "this one holds none (a new game?)")
    lines = describe_battle(after.battles, after.last, ascii=ascii, tie=tie)
    held = " | ".join(str(after.cards_held(s)) for s in range(after.players))
    # The counts come from the round that settled the battle: its line, the last before
    # the lines of the seats that went out.
    settled = len(lines) - 1 - len(after.last.eliminated)
    lines[settled] += f"   [{held}]"
    return "\n".join(lines)


# --- pictures (cardwar.svg) ---------------------------------------------------------------


def battle_cards(record: BattleRecord | None, players: int) -> list[list[Any]]:
    """Return what each seat laid in a battle, for a picture: each round's face-down
    cards as backs, then its face-up card, all shown as played (they lie in a stock or a
    win pile now), the card that took the battle marked as the last move's. One pass
    over the battle, whatever the number of seats."""
    from cardwar.svg import Shown

    shown: list[list[Shown]] = [[] for _ in range(players)]
    if record is not None:
        final = len(record.rounds) - 1
        for k, turns in enumerate(record.rounds):
            for turn in turns:
                laid = shown[turn.seat]
                laid += [Shown(past=True)] * turn.face_down
                if not turn.standing:
                    took = k == final and turn.seat == record.winner
                    laid.append(Shown(turn.face_up, last=took, past=True))
    return shown


def picture(title: str, views: Any, whole: bool, tie: str = "war") -> Any:
    """Return the picture of a battle game (``cardwar.svg``): per seat, its stock as a
    pile, its win pile, and the cards it laid in the last battle (shown as played: they
    lie in the piles now; the card that took it marked); the cards set aside; under them,
    that battle told."""
    from cardwar.svg import Picture, Row, Shown

    obs: BattleObservation = views[0]
    when = "before the first battle" if obs.battles == 0 else f"after battle {obs.battles}"
    who = "" if whole else f"seat {obs.seat}'s view, "
    players = len(obs.stock_sizes)
    laid = battle_cards(obs.last, players)
    counted = getattr(obs.options, "wars_to_win", None) is not None
    rows = []
    for s, stock in enumerate(obs.stock_sizes):
        notes = []
        cards = tuple(laid[s])
        if obs.won_sizes[s]:
            cards = (Shown(count=obs.won_sizes[s], caption="win pile"), *cards)
        if counted:
            notes.append(f"wars won {obs.wars_won[s]}")
        if obs.last is not None and obs.last.winner == s:
            notes.append(f"took {obs.last.cards}")
        label = f"seat {s}" + ("" if whole or s != obs.seat else " (you)")
        rows.append(Row(label, cards, ", ".join(notes), stock,
                        highlight=not whole and s == obs.seat))
    if obs.set_aside:
        rows.append(Row("set aside", (Shown(count=obs.set_aside),)))
    lines = last_battle_lines(obs.battles, obs.last, False, tie) + result_lines(obs.result)
    return Picture(f"{title}, {who}{when}", tuple(rows), tuple(lines))
