"""Text renderings of states and observations, for people: the ``cardwar`` command's
``play`` and ``replay`` use them.

Cards print with suit symbols (``10♥``) or, with ``ascii=True``, in card notation
(``10H``). Each variant has a :class:`Renderer` in :data:`RENDERERS`; a variant without
one is rendered field by field (:func:`render_fields`), so every registered variant can
be shown the day it is registered.

>>> from cardwar import war
>>> from cardwar.render import render_observation
>>> state = war.step(war.new_game(2026), war.Play.PLAY)
>>> print(render_observation(war, war.observe(state, 1), ascii=True))
War, seat 1's view after battle 1
  seat 0: 27 cards (stock 27)
  seat 1: 25 cards (stock 25)  <- you
  last battle: seat 0 JS, seat 1 6D -> seat 0 takes 2 cards
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from typing import Any, cast

import attrs

from cardwar.cards import Card
from cardwar.core import Outcome, Variant
from cardwar.variants._battle import BattleObservation, BattleRecord, BattleState

__all__ = [
    "RENDERERS",
    "SUIT_SYMBOLS",
    "Renderer",
    "describe_battle",
    "format_card",
    "format_cards",
    "render_fields",
    "render_observation",
    "render_state",
    "symbolize",
]

#: The suit symbols, by suit letter.
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def format_card(card: Card | None, *, ascii: bool = False) -> str:
    """Return a card for people: ``10♥``, or its notation ``10H`` with ``ascii``; ``--``
    for ``None``.

    >>> from cardwar.cards import parse_card
    >>> format_card(parse_card("10H")), format_card(parse_card("10H"), ascii=True)
    ('10♥', '10H')
    """
    if card is None:
        return "--"
    if ascii or card.suit is None:
        return str(card)
    return card.rank.symbol + SUIT_SYMBOLS[card.suit.value]


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Return cards separated by spaces (``-`` for none)."""
    text = " ".join(format_card(c, ascii=ascii) for c in cards)
    return text or "-"


def describe_battle(number: int, record: BattleRecord, *, ascii: bool = True) -> list[str]:
    """Return the lines that show one battle: every round's cards and who took the table.

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
        label = "war" if i == 1 else f"war {i}"
        lines.append(f"  {label}: " + ", ".join(parts))
    if record.winner is None:
        lines[-1] += f" -> undecidable, {record.cards} cards set aside"
    else:
        lines[-1] += f" -> seat {record.winner} takes {record.cards} cards"
    for seat in record.eliminated:
        lines.append(f"  seat {seat} is out of cards")
    return lines


def _last_battle(battles: int, last: BattleRecord | None, ascii: bool) -> list[str]:
    if last is None:
        return []
    lines = describe_battle(battles, last, ascii=ascii)
    lines[0] = "last battle:" + lines[0].partition(":")[2]
    return lines


def _result(result: Outcome | None) -> list[str]:
    return [] if result is None else [f"result: {result}"]


def _header(game: Variant, battles: int, who: str = "") -> str:
    when = "before the first battle" if battles == 0 else f"after battle {battles}"
    return f"{game.TITLE}, {who + ' ' if who else ''}{when}"


def _indent(lines: list[str]) -> str:
    return "\n".join([lines[0], *("  " + line for line in lines[1:])])


# --- War and Peace --------------------------------------------------------------------


def _battle_state(game: Variant, state: BattleState, ascii: bool) -> str:
    lines = [_header(game, state.battles)]
    for s in range(state.players):
        won = f", win pile {format_cards(state.won[s], ascii=ascii)}" if state.won[s] else ""
        lines.append(f"seat {s} stock: {format_cards(state.stocks[s], ascii=ascii)}{won}")
    if state.set_aside:
        lines.append(f"set aside: {format_cards(state.set_aside, ascii=ascii)}")
    lines += _last_battle(state.battles, state.last, ascii)
    lines += _result(state.result)
    return _indent(lines)


def _battle_observation(game: Variant, obs: BattleObservation, ascii: bool) -> str:
    lines = [_header(game, obs.battles, f"seat {obs.seat}'s view")]
    for s, (stock, won) in enumerate(zip(obs.stock_sizes, obs.won_sizes, strict=True)):
        parts = f"stock {stock}" + (f", win pile {won}" if won else "")
        you = "  <- you" if s == obs.seat else ""
        lines.append(f"seat {s}: {stock + won} cards ({parts}){you}")
    if obs.set_aside:
        lines.append(f"set aside: {obs.set_aside} cards")
    lines += _last_battle(obs.battles, obs.last, ascii)
    lines += _result(obs.result)
    return _indent(lines)


# --- Arneson's War --------------------------------------------------------------------


def _war_in_progress(rounds: tuple[Any, ...], stakes: tuple[int, ...], ascii: bool) -> list[str]:
    if not rounds:
        return []
    cards = ", ".join(
        f"seat {t.seat} {format_card(t.face_up, ascii=ascii)}" for t in rounds[-1]
    )
    staked = ", ".join(f"seat {s} {n} down" for s, n in enumerate(stakes))
    return [f"war! tied at {cards}; stakes {staked}; each chooses a card to fight with"]


def _arneson_state(game: Variant, state: Any, ascii: bool) -> str:
    lines = [_header(game, state.battles)]
    for s in (0, 1):
        chosen = state.committed[s]
        pick = "" if chosen is None else f", chose {format_card(chosen, ascii=ascii)}"
        won = state.tally.won[s]
        pile = f", win pile {format_cards(won, ascii=ascii)}" if won else ""
        lines.append(
            f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}{pick}; "
            f"stock: {format_cards(state.stocks[s], ascii=ascii)}{pile}"
        )
    if state.tally.set_aside:
        lines.append(f"set aside: {format_cards(state.tally.set_aside, ascii=ascii)}")
    lines += _war_in_progress(state.rounds, state.stakes, ascii)
    lines += _last_battle(state.battles, state.last, ascii)
    lines += _result(state.result)
    return _indent(lines)


def _arneson_observation(game: Variant, obs: Any, ascii: bool) -> str:
    me = obs.seat
    lines = [_header(game, obs.battles, f"seat {me}'s view")]
    for s in (0, 1):
        held = obs.hand_sizes[s] + obs.stock_sizes[s] + obs.won_sizes[s]
        parts = f"hand {obs.hand_sizes[s]}, stock {obs.stock_sizes[s]}"
        if obs.won_sizes[s]:
            parts += f", win pile {obs.won_sizes[s]}"
        you = "  <- you" if s == me else ""
        lines.append(f"seat {s}: {held} cards ({parts}), wars won {obs.wars_won[s]}{you}")
    lines += _war_in_progress(obs.rounds, obs.stakes, ascii)
    lines += _last_battle(obs.battles, obs.last, ascii)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    if obs.committed is not None:
        lines.append(f"you chose: {format_card(obs.committed, ascii=ascii)}")
    if obs.result is None:
        lines.append(f"seat {1 - me} has {'' if obs.opponent_committed else 'not '}chosen")
    lines += _result(obs.result)
    return _indent(lines)


# --- Cold War ---------------------------------------------------------------------------


_CARD_TOKEN = re.compile(r"(?<![\w])(?:[2-9]|10|[JQKA])[CDHS](?![\w])")


def symbolize(text: str, *, ascii: bool = False) -> str:
    """Return ``text`` with every card notation in it (``QH``) shown as a card (``Q♥``).

    >>> symbolize("0:9S 1:JK=TOP -> seat 0 takes 7")
    '0:9♠ 1:JK=TOP -> seat 0 takes 7'
    """
    if ascii:
        return text
    return _CARD_TOKEN.sub(lambda m: m.group(0)[:-1] + SUIT_SYMBOLS[m.group(0)[-1]], text)


def _cold_war_table(x: Any, stakes: tuple[int, ...], ascii: bool) -> list[str]:
    lines = []
    if x.rounds:
        done = " / ".join(" ".join(map(str, r)) for r in x.rounds)
        lines.append(f"war: {symbolize(done, ascii=ascii)}")
    if x.plays or x.order:
        plays = " ".join(map(str, x.plays)) or "-"
        war = "" if x.war_rank is None else f" (a war on {x.war_rank})"
        order = " ".join(map(str, x.order))
        lines.append(f"this round (seats {order}): {symbolize(plays, ascii=ascii)}{war}")
    if any(stakes):
        lines.append("stakes: " + ", ".join(f"seat {s} {n} down" for s, n in enumerate(stakes)
                                            if n))
    if x.last_trick is not None:
        lines.append(f"last trick: {symbolize(str(x.last_trick), ascii=ascii)}")
    if x.last_deal is not None:
        lines.append(f"last deal: {x.last_deal}")
    return lines


def _cold_war_header(game: Variant, x: Any, who: str = "") -> str:
    return f"{game.TITLE}, {who + ' ' if who else ''}deal {x.deals + 1}, trick {x.tricks + 1}"


def _cold_war_state(game: Variant, state: Any, ascii: bool) -> str:
    lines = [_cold_war_header(game, state)]
    for s in range(state.players):
        out = "" if state.active[s] else " (out of this deal)"
        lines.append(
            f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; pool: "
            f"{format_cards(state.pools[s], ascii=ascii)}; total {state.totals[s]}{out}"
        )
    lines.append(f"stock: {format_cards(state.stock, ascii=ascii)}")
    stakes = tuple(sum(1 for seat, _ in state.stakes if seat == s) for s in range(state.players))
    lines += _cold_war_table(state, stakes, ascii)
    lines += _result(state.result)
    return _indent(lines)


def _cold_war_observation(game: Variant, obs: Any, ascii: bool) -> str:
    me = obs.seat
    lines = [_cold_war_header(game, obs, f"seat {me}'s view,")]
    for s, hand in enumerate(obs.hand_sizes):
        out = "" if obs.active[s] else " (out of this deal)"
        you = "  <- you" if s == me else ""
        lines.append(f"seat {s}: hand {hand}, pool {obs.pool_sizes[s]}, total "
                     f"{obs.totals[s]}{out}{you}")
    lines.append(f"stock: {obs.stock_size} cards")
    lines += _cold_war_table(obs, obs.stake_counts, ascii)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    lines += _result(obs.result)
    return _indent(lines)


# --- Caravan ------------------------------------------------------------------------------


def _caravan_rows(caravans: tuple[Any, ...], ascii: bool) -> list[str]:
    lines = []
    for k in range(3):
        parts = []
        for c in (k, k + 3):
            car = caravans[c]
            piles = " ".join(
                format_card(p.numeral, ascii=ascii)
                + "".join("+" + format_card(f, ascii=ascii) for f in p.faces)
                for p in car.piles
            ) or "-"
            suit = "" if car.suit is None else f", {format_card_suit(car.suit.value, ascii)}"
            way = "" if car.direction.value == "none" else f", {car.direction.value}"
            parts.append(f"{'ABCDEF'[c]}: {piles} = {car.value}{suit}{way}")
        lines.append(f"{parts[0]}   |   {parts[1]}")
    return lines


def format_card_suit(letter: str, ascii: bool) -> str:
    """Return a suit for people: its symbol, or its letter with ``ascii``."""
    return letter if ascii else SUIT_SYMBOLS[letter]


def _caravan_tail(x: Any, ascii: bool) -> list[str]:
    lines = [f"discard pile: {len(x.discards)} cards"]
    if x.last is not None:
        lines.append(f"last move: {symbolize(str(x.last), ascii=ascii)}")
    return lines


def _caravan_header(game: Variant, x: Any, who: str = "") -> str:
    opening = " (opening)" if any(x.opening) else ""
    return (f"{game.TITLE}, {who + ' ' if who else ''}turn {x.turns + 1}, seat {x.to_move} "
            f"to move{opening}")


def _caravan_state(game: Variant, state: Any, ascii: bool) -> str:
    lines = [_caravan_header(game, state)]
    for s in (0, 1):
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}; deck: "
                     f"{format_cards(state.decks[s], ascii=ascii)}")
    lines += _caravan_rows(state.caravans, ascii)
    lines += _caravan_tail(state, ascii)
    lines += _result(state.result)
    return _indent(lines)


def _caravan_observation(game: Variant, obs: Any, ascii: bool) -> str:
    me = obs.seat
    lines = [_caravan_header(game, obs, f"seat {me}'s view,")]
    for s in (0, 1):
        you = "  <- you (caravans " + ("A B C" if s == 0 else "D E F") + ")" if s == me else ""
        lines.append(f"seat {s}: hand {obs.hand_sizes[s]}, deck {obs.deck_sizes[s]}{you}")
    lines += _caravan_rows(obs.caravans, ascii)
    lines += _caravan_tail(obs, ascii)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    lines += _result(obs.result)
    return _indent(lines)


# --- General's War ------------------------------------------------------------------------


def _generals_common(x: Any, ascii: bool) -> list[str]:
    lines = []
    if any(x.pot):
        lines.append("pot: " + ", ".join(f"seat {s} {format_cards(p, ascii=ascii)}"
                                         for s, p in enumerate(x.pot) if p))
    killed = [f"seat {i} killed {n} of seat {j}" for i, row in enumerate(x.kills)
              for j, n in enumerate(row) if n]
    if killed:
        lines.append("generals killed: " + ", ".join(killed))
    if any(p is not None for p in x.places):
        # GENERALS-PLACES: the places of the players who have finished.
        lines.append("places: " + ", ".join(f"seat {s} {_ordinal(p)}"
                                            for s, p in enumerate(x.places) if p is not None))
    if x.claimant is not None:
        lines.append(f"claims: seat {x.claimant} decides")
    elif x.sides:
        sides = " against ".join("+".join(map(str, side)) for side in x.sides)
        lines.append(f"battle: {sides} (seat {x.chooser} chose)")
    if x.last is not None:
        b = x.last
        squads = ", ".join(f"seat {s} {format_cards(q, ascii=ascii)}"
                           for s, q in enumerate(b.squads) if q)
        sums = "-".join(map(str, b.sums))
        who = "equal sums, the cards stay" if b.taker is None else (
            f"seat {b.taker} takes {b.taken}")
        kills = "".join(f"; seat {s}'s general {format_card(c, ascii=ascii)} is killed"
                        for s, c in b.kills)
        lines.append(f"last battle: {squads} ({sums}) -> {who}{kills}")
    return lines


def _ordinal(place: int) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}"


def _generals_header(game: Variant, x: Any, who: str = "") -> str:
    return f"{game.TITLE}, {who + ' ' if who else ''}deal {x.deals}, battle {x.battles + 1}"


def _generals_state(game: Variant, state: Any, ascii: bool) -> str:
    lines = [_generals_header(game, state)]
    for s in range(state.players):
        shown = state.revealed[s]
        gen = f"; generals shown: {format_cards(shown, ascii=ascii)}" if shown else ""
        squad = state.squads[s] if s < len(state.squads) else None
        laid = "" if squad is None else f"; squad {format_cards(squad, ascii=ascii)}"
        lines.append(f"seat {s} hand: {format_cards(state.hands[s], ascii=ascii)}{gen}{laid}; "
                     f"won {len(state.won[s])}, banked {state.banked[s]}")
    for i, reserve in enumerate(state.reserves):
        label = "reserve" if len(state.reserves) == 1 else f"reserve {i}"
        lines.append(f"{label}: {format_cards(reserve, ascii=ascii)}")
    lines += _generals_common(state, ascii)
    lines += _result(state.result)
    return _indent(lines)


def _generals_observation(game: Variant, obs: Any, ascii: bool) -> str:
    me = obs.seat
    lines = [_generals_header(game, obs, f"seat {me}'s view,")]
    for s, hand in enumerate(obs.hand_sizes):
        shown = obs.revealed[s]
        gen = f", generals shown: {format_cards(shown, ascii=ascii)}" if shown else ""
        laid = ", squad laid" if obs.committed[s] else ""
        you = "  <- you" if s == me else ""
        lines.append(f"seat {s}: hand {hand}, won {obs.won_sizes[s]}, score "
                     f"{obs.scores[s]}{gen}{laid}{you}")
    lines.append("reserve: " + ", ".join(str(n) for n in obs.reserve_sizes) + " cards")
    lines += _generals_common(obs, ascii)
    lines.append(f"your hand: {format_cards(obs.hand, ascii=ascii)}")
    if obs.squad is not None:
        lines.append(f"your squad: {format_cards(obs.squad, ascii=ascii)}")
    lines += _result(obs.result)
    return _indent(lines)


# --- the registry and the generic rendering -------------------------------------------


@attrs.frozen(slots=True)
class Renderer:
    """How to render one variant's states and observations."""

    state: Callable[[Variant, Any, bool], str]
    """``state(variant, state, ascii)`` returns the whole state as text."""
    observation: Callable[[Variant, Any, bool], str]
    """``observation(variant, observation, ascii)`` returns one seat's view as text."""


#: Per variant name: its renderer. A variant missing here is rendered by
#: :func:`render_fields`.
RENDERERS: dict[str, Renderer] = {
    "war": Renderer(_battle_state, _battle_observation),
    "peace": Renderer(_battle_state, _battle_observation),
    "arneson": Renderer(_arneson_state, _arneson_observation),
    "cold-war": Renderer(_cold_war_state, _cold_war_observation),
    "caravan": Renderer(_caravan_state, _caravan_observation),
    "generals": Renderer(_generals_state, _generals_observation),
}


def _value(value: object, ascii: bool) -> str:
    if isinstance(value, Card):
        return format_card(value, ascii=ascii)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return format_cards(value, ascii=ascii)
        inner = ", ".join(_value(v, ascii) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, Outcome):
        return str(value)
    if attrs.has(type(value)):
        fields = attrs.fields(cast(Any, type(value)))
        return f"{type(value).__name__}(" + ", ".join(
            f"{f.name}={_value(getattr(value, f.name), ascii)}" for f in fields
        ) + ")"
    return repr(value)


def render_fields(title: str, value: object, *, ascii: bool = False) -> str:
    """Return ``value`` (an attrs class) field by field, one line each, cards shown as
    cards: the rendering of a variant without a renderer of its own."""
    lines = [title]
    if attrs.has(type(value)):
        for f in attrs.fields(cast(Any, type(value))):
            if f.name in ("options", "rng"):
                continue
            lines.append(f"{f.name}: {_value(getattr(value, f.name), ascii)}")
    else:
        lines.append(repr(value))
    return _indent(lines)


def render_state(variant: Variant, state: Any, *, ascii: bool = False) -> str:
    """Return the whole state as text: every card where it lies (this shows hidden
    cards; for a seat's view, render its observation)."""
    renderer = RENDERERS.get(variant.NAME)
    if renderer is None:
        return render_fields(variant.TITLE, state, ascii=ascii)
    return renderer.state(variant, state, ascii)


def render_observation(variant: Variant, observation: Any, *, ascii: bool = False) -> str:
    """Return one seat's observation as text: what that seat may know."""
    renderer = RENDERERS.get(variant.NAME)
    if renderer is None:
        seat = getattr(observation, "seat", None)
        title = variant.TITLE + ("" if seat is None else f", seat {seat}'s view")
        return render_fields(title, observation, ascii=ascii)
    return renderer.observation(variant, observation, ascii)
