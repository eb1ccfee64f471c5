"""Text renderings of states and observations, for people: the ``cardwar`` command's
``play`` and ``replay`` use them.

Cards print with suit symbols (``10♥``) or, with ``ascii=True``, in card notation
(``10H``). Each variant draws its own states and observations (its ``render_state`` and
``render_observation``, in the variant's ``view`` module); this module holds what they
share: cards and suits for people, the indented layout, and :func:`render_fields`, which
shows any attrs value field by field (a new variant's first renderer).

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
from collections.abc import Iterable
from typing import Any, cast

import attrs

from cardwar.cards import Card
from cardwar.core import OptionError, Outcome, Variant
from cardwar.errors import ArgumentError, ArgumentTypeError, CardwarError, shown, wrong_type
from cardwar.piles import Pile

__all__ = [
    "SUIT_SYMBOLS",
    "Readable",
    "format_card",
    "format_card_suit",
    "format_cards",
    "indent_block",
    "player_counts",
    "players_text",
    "render_fields",
    "render_observation",
    "render_state",
    "result_lines",
    "short_repr",
    "size",
    "sizes",
    "symbolize",
]

def player_counts(game: Variant) -> tuple[int, ...] | None:
    """Return every number of players ``game`` allows, or ``None`` when it has no upper
    bound: the counts between ``MIN_PLAYERS`` and ``MAX_PLAYERS`` that its ``options``
    accept (General's War takes 2 or 4, not 3)."""
    _check_variant(game)
    low, high = game.MIN_PLAYERS, game.MAX_PLAYERS
    if high is None:
        return None
    if high == low:
        return (low,)
    counts = []
    for n in range(low, high + 1):
        try:
            game.options(players=n)
        except OptionError:
            continue
        counts.append(n)
    return tuple(counts)


def players_text(game: Variant) -> str:
    """Return how many players ``game`` takes, in words, without the word "players".

    >>> from cardwar import variant
    >>> [players_text(variant(n)) for n in ("war", "peace", "generals", "cold-war", "caravan")]
    ['2 or more', '2 to 4', '2 or 4', '3 or 4', '2']
    """
    _check_variant(game)
    counts = player_counts(game)
    if counts is None:
        return f"{game.MIN_PLAYERS} or more"
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


#: The suit symbols, by suit letter.
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def format_card(card: Card | None, *, ascii: bool = False) -> str:
    """Return a card for people: ``10♥``, or its notation ``10H`` with ``ascii``; ``--``
    for ``None``.

    >>> from cardwar.cards import parse_card
    >>> format_card(parse_card("10H")), format_card(parse_card("10H"), ascii=True)
    ('10♥', '10H')
    """
    if type(card) is not Card:
        if card is None:
            return "--"
        raise wrong_type("format_card", "a Card or None", card)
    if ascii or card.suit is None:
        return str(card)
    return card.rank.symbol + SUIT_SYMBOLS[card.suit.value]


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Return cards separated by spaces (``-`` for none)."""
    try:
        text = " ".join(format_card(c, ascii=ascii) for c in cards)
    except TypeError as err:
        if isinstance(err, CardwarError):
            raise
        raise wrong_type("format_cards", "an iterable of cards", cards) from None
    return text or "-"


def result_lines(result: Outcome | None) -> list[str]:
    """Return the line that states a game's outcome (none while it runs)."""
    return [] if result is None else [f"result: {result}"]


def indent_block(lines: list[str]) -> str:
    """Return the lines as one text: the first as a heading, the others indented under it.

    >>> print(indent_block(["War", "seat 0: 26 cards"]))
    War
      seat 0: 26 cards
    """
    if not isinstance(lines, (list, tuple)) or not all(isinstance(x, str) for x in lines):
        raise wrong_type("indent_block", "a list of str lines", lines)
    if not lines:
        raise ArgumentError("indent_block expects at least one line (the heading), got []")
    return "\n".join([lines[0], *("  " + line for line in lines[1:])])


_CARD_TOKEN = re.compile(r"(?<![\w])(?:[2-9]|10|[JQKA])[CDHS](?![\w])")


def symbolize(text: str, *, ascii: bool = False) -> str:
    """Return ``text`` with every card notation in it (``QH``) shown as a card (``Q♥``).

    >>> symbolize("0:9S 1:JK=TOP -> seat 0 takes 7")
    '0:9♠ 1:JK=TOP -> seat 0 takes 7'
    """
    if not isinstance(text, str):
        raise wrong_type("symbolize", "a str", text)
    if ascii:
        return text
    return _CARD_TOKEN.sub(lambda m: m.group(0)[:-1] + SUIT_SYMBOLS[m.group(0)[-1]], text)


def format_card_suit(letter: str, ascii: bool) -> str:
    """Return a suit for people: its symbol, or its letter with ``ascii``.

    >>> format_card_suit("H", False), format_card_suit("H", True)
    ('♥', 'H')
    """
    try:
        symbol = SUIT_SYMBOLS[letter]
    except (KeyError, TypeError):
        if not isinstance(letter, str):
            raise wrong_type("format_card_suit", "a suit letter (C, D, H or S)", letter) from None
        raise ArgumentError(f"format_card_suit expects a suit letter (C, D, H or S), got "
                            f"{shown(letter)}") from None
    return letter if ascii else symbol


# --- the registry and the generic rendering -------------------------------------------


def _value(value: object, ascii: bool) -> str:
    if isinstance(value, Card):
        return format_card(value, ascii=ascii)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (tuple, list, Pile)):
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
    if not isinstance(title, str):
        raise wrong_type("render_fields", "a str title", title)
    lines = [title]
    if attrs.has(type(value)):
        for f in attrs.fields(cast(Any, type(value))):
            if f.name in ("options", "rng"):
                continue
            lines.append(f"{f.name}: {_value(getattr(value, f.name), ascii)}")
    else:
        lines.append(repr(value))
    return indent_block(lines)


def render_state(variant: Variant, state: Any, *, ascii: bool = False) -> str:
    """Return the whole state as text: every card where it lies (this shows hidden
    cards; for a seat's view, render its observation). The variant draws it
    (``variant.render_state``)."""
    _check_variant(variant)
    return variant.render_state(state, ascii=ascii)


def render_observation(variant: Variant, observation: Any, *, ascii: bool = False) -> str:
    """Return one seat's observation as text: what that seat may know. The variant draws
    it (``variant.render_observation``)."""
    _check_variant(variant)
    return variant.render_observation(observation, ascii=ascii)


# --- str and repr of states and observations ------------------------------------------

# The variants by their options' type and by their state and observation types: filled by
# the registry (cardwar.variants.register calls register below), so that this module,
# which the games import, imports no game.
_GAMES_BY_OPTIONS: dict[type, Variant] = {}
_GAMES_BY_TYPE: dict[type, Variant] = {}


def register(game: Variant) -> None:
    """Let ``str`` show the states and observations of ``game``, a variant, as its text
    view. :func:`cardwar.variants.register` calls it for every variant it registers."""
    _GAMES_BY_OPTIONS[game.Options] = game
    for name in ("State", "Observation"):
        kind = getattr(game, name, None)
        if isinstance(kind, type):
            _GAMES_BY_TYPE[kind] = game


def _game_of(x: object) -> Variant | None:
    game = _GAMES_BY_OPTIONS.get(type(getattr(x, "options", None)))
    return game if game is not None else _GAMES_BY_TYPE.get(type(x))


def _short(value: object) -> str:
    if isinstance(value, str):  # already written for the repr
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (tuple, Pile)) and value and all(isinstance(v, Card) for v in value):
        return "(" + format_cards(value, ascii=True) + ")"
    if isinstance(value, tuple) and value and all(
            isinstance(v, tuple) and all(isinstance(c, Card) for c in v) for v in value):
        return "(" + " | ".join(format_cards(v, ascii=True) for v in value) + ")"
    if isinstance(value, tuple) and any(isinstance(v, Card) for v in value):
        return "(" + ", ".join(_short(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, Outcome) or (value is not None and attrs.has(type(value))):
        return str(value)
    return repr(value)


def size(pile: object) -> object:
    """Return ``len(pile)`` for a ``repr``, or ``pile`` itself when it has no length (a
    value built by hand with a wrong field: a ``repr`` never raises)."""
    try:
        return len(pile)  # type: ignore[arg-type]
    except TypeError:
        return pile


def sizes(piles: object) -> object:
    """Return the :func:`size` of each pile in ``piles`` for a ``repr``, or ``piles`` itself
    when it is not a tuple."""
    return tuple(size(p) for p in piles) if isinstance(piles, tuple) else piles


def short_repr(x: object, kind: str, **fields: object) -> str:
    """Return the ``repr`` of a state or an observation: ``war.State(battles=3, ...)``, its
    variant's name, ``kind`` and the ``fields`` given (counts rather than hidden cards;
    cards in notation, a tuple of hands as ``(AH 5D | 8C)``).

    >>> from cardwar import war
    >>> war.new_game(1, war.options(ranks="2 3", suits="S"))
    war.State(battles=0, stock_sizes=(1, 1), won_sizes=(0, 0), set_aside=0, result=None)
    """
    game = _game_of(x)
    module = type(x).__module__ if game is None else getattr(game, "__name__", game.NAME)
    name = str(module).replace(".rules", "").replace(".view", "").rpartition(".")[2]
    inner = ", ".join(f"{k}={_short(v)}" for k, v in fields.items())
    return f"{name}.{kind}({inner})"


class Readable:
    """A mixin of states and observations: ``str(x)`` is the variant's text view of it
    (:func:`render_state` or :func:`render_observation`), cards in notation (``10H``), as
    ``print(board)`` shows a board in python-chess; each class writes a short ``repr``
    (:func:`short_repr`)."""

    __slots__ = ()

    def __str__(self) -> str:
        game = _game_of(self)
        if game is None:  # not (yet) registered: the short repr
            return repr(self)
        state_type = getattr(game, "State", None)
        try:
            if isinstance(state_type, type) and isinstance(self, state_type):
                return game.render_state(self, ascii=True)
            return game.render_observation(self, ascii=True)
        except Exception:  # str() never fails (logs and debuggers print any value):
            # a value built by hand with a wrong field shows its repr instead.
            return repr(self)


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise ArgumentTypeError(f"expected a variant, got {shown(variant)}")
