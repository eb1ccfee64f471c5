"""Pictures of the table: an SVG of any state or observation of every variant, drawn in
code (cards are shapes with their rank and suit; no image, font or file is fetched).

:func:`svg` draws a state (every card, as the table would show it to someone who sees
all) or an observation (what that seat sees: other hands and hidden cards face down).
States and observations show as pictures in Jupyter through their ``_repr_svg_``, as
python-chess boards do.

>>> from cardwar import caravan
>>> from cardwar.svg import svg
>>> picture = svg(caravan.new_game(7))
>>> picture.startswith("<svg") and "caravan A" in picture
True

Each game draws its table as a :class:`Picture`: a title, rows of cards with a label and
a note, and lines of text under them. A variant added outside cardwar without a picture
of its own is drawn as its text rendering.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

import attrs

from cardwar.cards import Card, Suit
from cardwar.errors import StateError, wrong_type

__all__ = ["Picture", "Row", "Shown", "draw", "register", "svg"]

#: A card's size in the picture, in pixels.
CARD_W, CARD_H = 40, 56
_GAP = 6
_LABEL_W = 150
_ROW_H = CARD_H + 30
_MARGIN = 12
_MAX_W = 1000
_RED = "#c0262d"
_BLACK = "#1d1d1f"
_BACK = "#2f5d8a"
_SUIT_SIGN = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665",
              Suit.SPADES: "\u2660"}
_RANK_SIGN = {11: "J", 12: "Q", 13: "K", 14: "A"}


@attrs.frozen(slots=True)
class Shown:
    """One card of a picture: face up (``card``) or face down (``None``), with the cards
    laid on it (Caravan's face cards) and a caption under it."""

    card: Card | None = None
    """The card, or ``None`` for a card face down."""
    attached: tuple[Card, ...] = ()
    """Cards laid on it, drawn overlapping its lower part."""
    caption: str = ""
    """A few characters under the card."""


@attrs.frozen(slots=True)
class Row:
    """One row of a picture: a label, a stack of face-down cards (its size written on
    it), the cards, and a note after them."""

    label: str
    """What the row is (a seat, a caravan)."""
    cards: tuple[Shown, ...] = ()
    """The cards shown, left to right."""
    note: str = ""
    """Text after the cards (a count, a score)."""
    stack: int | None = None
    """The size of a face-down pile drawn first (``None``: no pile)."""
    highlight: bool = False
    """Whether the row is the one to act (or the observing seat's), drawn marked."""


@attrs.frozen(slots=True)
class Picture:
    """A table as rows of cards, with a title and lines of text under them."""

    title: str
    """The line on top."""
    rows: tuple[Row, ...]
    """The rows, top to bottom."""
    lines: tuple[str, ...] = ()
    """Lines of text at the bottom (the last battle, the result)."""


def _card_text(card: Card) -> tuple[str, str, str]:
    """Return a card's rank text, suit sign and colour."""
    if card.suit is None:
        return "JK", "\u2605", _BLACK
    rank = _RANK_SIGN.get(int(card.rank), str(int(card.rank)))
    colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
    return rank, _SUIT_SIGN[card.suit], colour


def _face(x: float, y: float, card: Card, scale: float = 1.0) -> str:
    w, h = CARD_W * scale, CARD_H * scale
    rank, suit, colour = _card_text(card)
    return (
        f'<g class="card" data-card="{_xml(str(card), attribute=True)}">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{4 * scale:.1f}" '
        f'fill="#fffdf7" stroke="#6b6b6b" stroke-width="1"/>'
        f'<text x="{x + 4 * scale:.1f}" y="{y + 14 * scale:.1f}" font-size="{12 * scale:.1f}" '
        f'font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="{x + w / 2:.1f}" y="{y + h * 0.72:.1f}" font-size="{22 * scale:.1f}" '
        f'text-anchor="middle" fill="{colour}">{suit}</text></g>'
    )


def _back(x: float, y: float, scale: float = 1.0) -> str:
    w, h = CARD_W * scale, CARD_H * scale
    return (
        f'<g class="back"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{4 * scale:.1f}" fill="{_BACK}" stroke="#1f3d5c" stroke-width="1"/>'
        f'<rect x="{x + 4 * scale:.1f}" y="{y + 4 * scale:.1f}" width="{w - 8 * scale:.1f}" '
        f'height="{h - 8 * scale:.1f}" rx="{2 * scale:.1f}" fill="none" stroke="#9cc1e6" '
        f'stroke-width="1"/></g>'
    )


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start",
          weight: str = "normal", fill: str = _BLACK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{_xml(text)}</text>')


#: Characters XML 1.0 cannot hold (control characters but tab and line ends, surrogates,
#: U+FFFE and U+FFFF): drawn as the replacement character, so the picture stays XML.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str, attribute: bool = False) -> str:
    """Return ``text`` as XML character data, or an attribute's value (quotes escaped)."""
    return escape(_NOT_XML.sub("\ufffd", text), {'"': "&quot;"} if attribute else {})


def draw(picture: Picture) -> str:
    """Return the SVG document of ``picture``."""
    if not isinstance(picture, Picture):
        raise wrong_type("draw", "a Picture", picture)
    widest = max((_row_width(r) for r in picture.rows), default=0)
    width = min(_MAX_W, max(360, _MARGIN * 2 + _LABEL_W + widest))
    height = _MARGIN + 26 + len(picture.rows) * _ROW_H + 18 * len(picture.lines) + _MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'role="img" aria-label="{_xml(picture.title, attribute=True)}">',
        f'<rect width="{width}" height="{height}" fill="#2e6b45" rx="8"/>',
        _text(_MARGIN, _MARGIN + 16, picture.title, 15, weight="bold", fill="#ffffff"),
    ]
    y = _MARGIN + 26
    room = width - _MARGIN * 2 - _LABEL_W
    for row in picture.rows:
        out.extend(_draw_row(row, _MARGIN, y, room))
        y += _ROW_H
    for line in picture.lines:
        y += 18
        out.append(_text(_MARGIN, y - 4, line, 12, fill="#ffffff"))
    out.append("</svg>")
    return "".join(out)


def _row_width(row: Row) -> int:
    width = len(row.cards) * (CARD_W + _GAP)
    if row.stack is not None:
        width += CARD_W + 2 * _GAP
    return width + 8 * len(row.note) + 20


def _draw_row(row: Row, x0: float, y: float, room: float) -> list[str]:
    out = []
    if row.highlight:
        out.append(f'<rect x="{x0 - 6:.1f}" y="{y - 4:.1f}" width="{room + _LABEL_W + 12:.1f}" '
                   f'height="{_ROW_H - 4}" rx="6" fill="#ffffff" fill-opacity="0.12"/>')
    out.append(_text(x0, y + CARD_H / 2 + 4, row.label, 13, weight="bold", fill="#ffffff"))
    x = x0 + _LABEL_W
    if row.stack is not None:
        if row.stack:
            for k in range(min(3, row.stack) - 1, -1, -1):
                out.append(_back(x + 2 * k, y - 2 * k))
        else:
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" '
                       'rx="4" fill="none" stroke="#9fc7ae" stroke-dasharray="4 3"/>')
        out.append(_text(x + CARD_W / 2, y + CARD_H + 14, str(row.stack), 11, "middle",
                         fill="#ffffff"))
        x += CARD_W + 2 * _GAP
    note_room = 8 * len(row.note) + 12 if row.note else 0
    space = room - (x - x0 - _LABEL_W) - note_room
    step: float = CARD_W + _GAP
    if row.cards and len(row.cards) * step > space:
        step = max(12.0, (space - CARD_W) / max(1, len(row.cards) - 1))
    for shown in row.cards:
        if shown.card is None:
            out.append(_back(x, y))
        else:
            out.append(_face(x, y, shown.card))
        for k, laid in enumerate(shown.attached):
            out.append(_face(x + 6 + 5 * k, y + CARD_H * 0.45 + 6 * k, laid, 0.6))
        if shown.caption:
            out.append(_text(x + CARD_W / 2, y + CARD_H + 14, shown.caption, 10, "middle",
                             fill="#ffffff"))
        x += step
    if row.cards:
        x += CARD_W - step + _GAP
    if row.note:
        out.append(_text(x + 4, y + CARD_H / 2 + 4, row.note, 12, fill="#f3f3f3"))
    return out


def faces(cards: Iterable[Card]) -> tuple[Shown, ...]:
    """Return ``cards`` face up."""
    return tuple(Shown(c) for c in cards)


def backs(count: int) -> tuple[Shown, ...]:
    """Return ``count`` cards face down."""
    return (Shown(),) * count


# The games whose states and observations this module draws, by the type of their options
# and, for a game whose observations do not carry the options, of their states and
# observations: filled by the registry (cardwar.variants.register calls register below),
# so that this module, which every game imports for its pictures, imports no game.
_GAMES_BY_OPTIONS: dict[type, Any] = {}
_GAMES_BY_TYPE: dict[type, Any] = {}


def register(game: Any) -> None:
    """Let :func:`svg` draw the states and observations of ``game``, a variant (its
    ``picture`` if it has one, else its text). :func:`cardwar.variants.register` calls it
    for every variant it registers."""
    _GAMES_BY_OPTIONS[game.Options] = game
    for name in ("State", "Observation"):
        kind = getattr(game, name, None)
        if isinstance(kind, type):
            _GAMES_BY_TYPE[kind] = game


def _variant_of(x: Any) -> Any:
    game = _GAMES_BY_OPTIONS.get(type(getattr(x, "options", None)))
    if game is None:  # a variant whose observations do not carry the options
        game = _GAMES_BY_TYPE.get(type(x))
    if game is None:
        raise StateError(f"expected a state or an observation of a cardwar variant, got "
                         f"{type(x).__name__}")
    return game


def picture_of(x: Any) -> Picture:
    """Return the :class:`Picture` of a state or an observation of any variant."""
    game = _variant_of(x)
    state_type = getattr(game, "State", None)
    is_state = state_type is not None and isinstance(x, state_type)
    views: Sequence[Any]
    views = [game.observe(x, s) for s in range(game.num_players(x))] if is_state else [x]
    make = getattr(game, "picture", None)
    if make is None:
        # A variant without a picture of its own: its text, line by line.
        text = (game.render_state(x, ascii=True) if is_state
                else game.render_observation(x, ascii=True))
        lines = text.splitlines()
        return Picture(lines[0] if lines else game.TITLE, (), tuple(lines[1:]))
    picture: Picture = make(views, is_state)
    return picture


def svg(x: Any) -> str:
    """Return an SVG picture of a state or an observation of any variant."""
    return draw(picture_of(x))


class Pictured:
    """A mixin of states and observations: Jupyter shows them as their :func:`svg`."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return svg(self)
