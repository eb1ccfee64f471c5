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

Its options, keyword-only as python-chess's ``chess.svg.board`` takes them: ``width``
(the picture's width on the page, in pixels; it scales, the drawing is the same),
``seat`` (draw a state as that seat sees it) and ``last`` (mark the cards of the last
move or battle, on by default):

>>> state = caravan.step(caravan.new_game(7), caravan.parse_action("6C>A"))
>>> seen = svg(state, seat=1, width=400)
>>> 'width="400"' in seen and "seat 1's view" in seen and 'class="last"' in seen
True

Each game draws its table as a :class:`Picture`: a title, rows of cards with a label and
a note, and lines of text under them. Every card of the position is drawn once: face
up, face down (a back), or counted in a pile. A variant added outside cardwar without a
picture of its own is drawn as its text rendering.

Text is measured with a table of advance widths (:func:`text_width`), the widest of the
fonts the picture names (DejaVu Sans, and Arial's metric twin Liberation Sans, regular
and bold), so that no line runs past the picture's edge: the picture grows to its
longest line, up to 1000 pixels, and wraps lines longer than that.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from xml.sax.saxutils import escape

import attrs

from cardwar.cards import Card, Suit
from cardwar.errors import (
    ArgumentError,
    ObservationError,
    StateError,
    check_int,
    check_seat,
    wrong_type,
)

__all__ = ["Picture", "Row", "Shown", "draw", "picture_of", "register", "svg", "text_width"]

#: A card's size in the picture, in pixels.
CARD_W, CARD_H = 40, 56
_GAP = 6
_MARGIN = 12
_LABEL_GAP = 14
_CAPTION_H = 30
_LINE_H = 18
_MIN_W = 360
_MAX_W = 1000
#: The narrowest step between overlapping cards of a crowded row: every card's corner
#: (rank and suit) stays in sight.
_MIN_STEP = 30.0
#: How far each face card laid on a card sits below the previous one (at 0.6 of a
#: card's size, its corner, rank and suit, stays in sight).
_ATTACHED_TOP = 26.0
_ATTACHED_STEP = 11.0
_ATTACHED_SCALE = 0.6
_RED = "#c0262d"
_BLACK = "#1d1d1f"
_BACK = "#2f5d8a"
_MARK = "#ffcc33"
_FONT = "DejaVu Sans, Arial, sans-serif"
_SUIT_SIGN = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665",
              Suit.SPADES: "\u2660"}
_RANK_SIGN = {11: "J", 12: "Q", 13: "K", 14: "A"}

# Advance widths, in thousandths of the font size, of the characters from " " to "~":
# for each, the widest of DejaVu Sans, DejaVu Sans Bold, Liberation Sans and Liberation
# Sans Bold (Arial's metrics), read from their hmtx tables and rounded up.
_ASCII_ADVANCE = (
    349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 611,
    1016, 774, 763, 734, 831, 684, 684, 821, 837, 373, 557, 775, 638, 996, 837, 851,
    733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458, 366, 458, 838, 557,
    500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666, 343, 1042, 712, 688,
    716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838,
)
_OTHER_ADVANCE = {
    "\u2660": 897, "\u2665": 897, "\u2666": 897, "\u2663": 897, "\u2605": 897,
    "\u2192": 1000, "\u2190": 1000, "\u2013": 557, "\u2014": 1000, "\u2026": 1000,
    "\u00d7": 838, "\u00b7": 380, "\u2019": 380,
}
#: Any other character: the widest advance measured (the replacement character's, in
#: DejaVu Sans Bold), rounded up.
_UNKNOWN_ADVANCE = 1114


def text_width(text: str, size: float) -> float:
    """Return the width, in pixels, that ``text`` takes at font size ``size`` at most, in
    any of the fonts the picture names (regular or bold).

    >>> text_width("10\u2660", 12)
    27.468
    """
    total = 0
    for char in text:
        code = ord(char)
        if 32 <= code < 127:
            total += _ASCII_ADVANCE[code - 32]
        else:
            total += _OTHER_ADVANCE.get(char, _UNKNOWN_ADVANCE)
    return total * size / 1000


@attrs.frozen(slots=True)
class Shown:
    """One card of a picture: face up (``card``) or face down (``None``), with the cards
    laid on it (Caravan's face cards) and a caption under it; or a pile of ``count``
    cards, face down or with its top card face up."""

    card: Card | None = None
    """The card, or ``None`` for a card face down."""
    attached: tuple[Card, ...] = ()
    """Cards laid on it, drawn overlapping its lower part, each one's corner in sight."""
    caption: str = ""
    """A few characters under the card."""
    count: int | None = None
    """``None`` for one card; a number for a pile of that many cards, drawn as a stack
    (its top card face up if ``card`` is given) with its size written under it."""
    last: bool = False
    """Whether the card was moved by the last move or battle (marked when asked)."""
    past: bool = False
    """Whether the card is shown where it was played (the last battle) though it now lies
    in a pile counted elsewhere: it is not counted again."""


@attrs.frozen(slots=True)
class Row:
    """One row of a picture: a label, a stack of face-down cards (its size written on
    it), the cards, a note after them, and optionally a second row beside it."""

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
    beside: Row | None = None
    """A row drawn to the right of this one, in a second column (Caravan's facing
    caravans)."""


@attrs.frozen(slots=True)
class Picture:
    """A table as rows of cards, with a title and lines of text under them."""

    title: str
    """The line on top."""
    rows: tuple[Row, ...]
    """The rows, top to bottom."""
    lines: tuple[str, ...] = ()
    """Lines of text at the bottom (the last battle, the result)."""


def faces(cards: Iterable[Card]) -> tuple[Shown, ...]:
    """Return ``cards`` face up."""
    return tuple(Shown(c) for c in cards)


def backs(count: int) -> tuple[Shown, ...]:
    """Return ``count`` cards face down."""
    return (Shown(),) * count


# --- checking a picture --------------------------------------------------------------------


def _check_picture(picture: object) -> Picture:
    """Return ``picture`` if every field of it and of its rows and cards is of its type,
    and every count is at least 0; raise :class:`ArgumentTypeError` or
    :class:`ArgumentError` naming the first that is not."""
    if type(picture) is not Picture:
        raise wrong_type("draw", "a Picture", picture)
    _check_text(picture.title, "the picture's title")
    _check_tuple(picture.rows, "the picture's rows", Row)
    _check_tuple(picture.lines, "the picture's lines", str)
    for row in picture.rows:
        _check_row(row)
    return picture


def _check_text(value: object, what: str) -> None:
    if type(value) is not str:
        raise wrong_type(f"draw: {what}", "a str", value)


def _check_tuple(value: object, what: str, kind: type) -> None:
    if type(value) is not tuple or any(type(v) is not kind for v in value):
        raise wrong_type(f"draw: {what}", f"a tuple of {kind.__name__}", value)


def _check_row(row: Row) -> None:
    _check_text(row.label, "a row's label")
    _check_text(row.note, "a row's note")
    _check_tuple(row.cards, "a row's cards", Shown)
    if row.stack is not None:
        check_int(row.stack, "draw: a row's stack", 0)
    if type(row.highlight) is not bool:
        raise wrong_type("draw: a row's highlight", "a bool", row.highlight)
    for shown in row.cards:
        if shown.card is not None and type(shown.card) is not Card:
            raise wrong_type("draw: a shown card", "a Card or None", shown.card)
        _check_tuple(shown.attached, "a card's attached cards", Card)
        _check_text(shown.caption, "a card's caption")
        if shown.count is not None:
            check_int(shown.count, "draw: a pile's count", 0)
        for name in ("last", "past"):
            if type(getattr(shown, name)) is not bool:
                raise wrong_type(f"draw: a card's {name}", "a bool", getattr(shown, name))
    if row.beside is not None:
        if type(row.beside) is not Row:
            raise wrong_type("draw: a row's beside", "a Row or None", row.beside)
        if row.beside.beside is not None:
            raise ArgumentError("draw: a row beside another has none beside it")
        _check_row(row.beside)


# --- drawing -------------------------------------------------------------------------------


def _card_text(card: Card) -> tuple[str, str, str]:
    """Return a card's rank text, suit sign and colour."""
    if card.suit is None:
        return "JK", "\u2605", _BLACK
    rank = _RANK_SIGN.get(int(card.rank), str(int(card.rank)))
    colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
    return rank, _SUIT_SIGN[card.suit], colour


def _mark(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect class="last" x="{x - 2:.1f}" y="{y - 2:.1f}" width="{w + 4:.1f}" '
            f'height="{h + 4:.1f}" rx="5" fill="none" stroke="{_MARK}" stroke-width="3"/>')


def _face(x: float, y: float, card: Card, scale: float = 1.0, kind: str = "card",
          count: int | None = None) -> str:
    # The corner holds the rank and the suit on one line, so that a card laid over the
    # lower part never hides the suit.
    w, h = CARD_W * scale, CARD_H * scale
    rank, suit, colour = _card_text(card)
    many = "" if count is None else f' data-count="{count}"'
    return (
        f'<g class="{kind}" data-card="{_xml(str(card), attribute=True)}"{many}>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{4 * scale:.1f}" '
        f'fill="#fffdf7" stroke="#6b6b6b" stroke-width="1"/>'
        f'<text x="{x + 3 * scale:.1f}" y="{y + 12 * scale:.1f}" font-size="{11 * scale:.1f}" '
        f'font-weight="bold" fill="{colour}">{rank}{suit}</text>'
        f'<text x="{x + w / 2:.1f}" y="{y + h * 0.75:.1f}" font-size="{22 * scale:.1f}" '
        f'text-anchor="middle" fill="{colour}">{suit}</text></g>'
    )


def _back(x: float, y: float, count: int | None = None, kind: str = "back") -> str:
    many = "" if count is None else f' data-count="{count}"'
    return (
        f'<g class="{kind}"{many}><rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" '
        f'height="{CARD_H}" rx="4" fill="{_BACK}" stroke="#1f3d5c" stroke-width="1"/>'
        f'<rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{CARD_W - 8}" height="{CARD_H - 8}" '
        'rx="2" fill="none" stroke="#9cc1e6" stroke-width="1"/></g>'
    )


def _empty(x: float, y: float) -> str:
    return (f'<g class="back" data-count="0"><rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="4" fill="none" stroke="#9fc7ae" stroke-dasharray="4 3"/>'
            "</g>")


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


def _card_width(shown: Shown) -> float:
    """Return how far right of its place a card reaches, the face cards on it and its
    caption included."""
    reach = CARD_W + (5.0 * len(shown.attached) if shown.attached else 0.0)
    caption = _caption(shown)
    if caption:
        reach = max(reach, CARD_W / 2 + text_width(caption, 10) / 2)
    return reach


def _caption(shown: Shown) -> str:
    if shown.count is None:
        return shown.caption
    return f"{shown.caption} {shown.count}".strip()


def _card_height(shown: Shown) -> float:
    if not shown.attached:
        return CARD_H
    return max(CARD_H, _ATTACHED_TOP + _ATTACHED_STEP * (len(shown.attached) - 1)
               + CARD_H * _ATTACHED_SCALE)


def _row_height(row: Row) -> float:
    cards = row.cards + (row.beside.cards if row.beside is not None else ())
    return max((_card_height(s) for s in cards), default=CARD_H) + _CAPTION_H


@attrs.frozen(slots=True)
class _Layout:
    """Where a row's parts go: its cards' step, and the widths of its parts."""

    step: float
    width: float


def _natural_width(row: Row, step: float) -> float:
    """Return the width of a row's cards and note (after its label), its cards ``step``
    apart."""
    width = 0.0
    if row.stack is not None:
        width += CARD_W + 2 * _GAP
    if row.cards:
        width += _cards_extent(row.cards, step) + _GAP
    if row.note:
        width += 4 + text_width(row.note, 12)
    return width + _GAP


def _cards_extent(cards: tuple[Shown, ...], step: float) -> float:
    """Return how far right of the first card's place a row of cards, ``step`` apart,
    reaches (the last card's caption, or a wider one before it, included)."""
    return step * (len(cards) - 1) + max(_card_width(s) - k * step
                                         for k, s in enumerate(reversed(cards)))


def _fit(row: Row, room: float) -> _Layout:
    """Return the layout of a row's cards, overlapping them to fit ``room`` (pixels
    after the label) if they can; a row that cannot fit takes the room it needs."""
    step = float(CARD_W + _GAP)
    width = _natural_width(row, step)
    if width > room and len(row.cards) > 1:
        extra = width - room
        step = max(_MIN_STEP, step - extra / (len(row.cards) - 1))
        width = _natural_width(row, step)
    return _Layout(step, width)


def _wrap(text: str, room: float, size: int) -> list[str]:
    """Return ``text`` cut into lines no wider than ``room`` at font size ``size``: at
    spaces, a word too long for a line cut where it must; a line after the first is
    indented two spaces past the text's own indentation."""
    if text_width(text, size) <= room:
        return [text]
    body = text.lstrip(" ")
    indent = " " * (len(text) - len(body) + 2)
    lines: list[str] = []
    current = text[: len(text) - len(body)]
    for word in body.split(" "):
        joined = f"{current} {word}" if current.strip() else current + word
        if text_width(joined, size) <= room:
            current = joined
            continue
        if current.strip():
            lines.append(current)
            current = indent + word
        else:
            current = current + word
        while text_width(current, size) > room and len(current) > len(indent) + 1:
            cut = len(current) - 1
            while cut > len(indent) + 1 and text_width(current[:cut], size) > room:
                cut -= 1
            lines.append(current[:cut])
            current = indent + current[cut:]
    lines.append(current)
    return lines


def draw(picture: Picture, *, width: int | None = None, last: bool = True) -> str:
    """Return the SVG document of ``picture``, ``width`` pixels wide on the page if
    given (its drawing scaled to fit; by default, as wide as it is drawn), with the cards
    of the last move marked unless ``last`` is false. Raise
    :class:`~cardwar.errors.ArgumentTypeError` for a picture with a field of the wrong
    type and :class:`~cardwar.errors.ArgumentError` for a negative count."""
    picture = _check_picture(picture)
    _check_width(width)
    _check_bool(last, "last")
    label_w = max((text_width(r.label, 13) for r in picture.rows), default=0) + _LABEL_GAP
    beside_label_w = max((text_width(r.beside.label, 13) for r in picture.rows
                          if r.beside is not None), default=0) + _LABEL_GAP
    pairs = any(r.beside is not None for r in picture.rows)
    # The rows first: each fits the widest picture allowed, overlapping its cards.
    room = _MAX_W - 2 * _MARGIN - label_w
    half = (_MAX_W - 2 * _MARGIN) / 2 - label_w - _GAP
    layouts = [_fit(r, room if r.beside is None else half) for r in picture.rows]
    beside = [None if r.beside is None else _fit(r.beside, half) for r in picture.rows]
    # A row with one beside it sets the second column's place; a row alone spans both.
    column = label_w + max((lay.width for lay, r in zip(layouts, picture.rows, strict=True)
                            if r.beside is not None), default=0) + 2 * _GAP
    right_w = beside_label_w + max((lay.width for lay in beside if lay is not None),
                                   default=0)
    rows_w = max((label_w + lay.width for lay in layouts), default=0)
    if pairs:
        rows_w = max(rows_w, column + right_w)
    # Then the text: the picture grows to its longest line, up to the widest allowed.
    texts = [text_width(picture.title, 15), *(text_width(line, 12) for line in picture.lines)]
    inner = max(rows_w, min(max(texts), _MAX_W - 2 * _MARGIN), _MIN_W - 2 * _MARGIN)
    full_w = int(inner + 2 * _MARGIN + 0.999)
    title = _wrap(picture.title, inner, 15)
    lines = [part for line in picture.lines for part in _wrap(line, inner, 12)]
    heights = [_row_height(r) for r in picture.rows]
    top = _MARGIN + 20 * len(title) + 6
    full_h = int(top + sum(heights) + _LINE_H * len(lines) + _MARGIN + 0.999)
    shown_w = full_w if width is None else width
    shown_h = full_h if width is None else max(1, round(full_h * width / full_w))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w}" height="{shown_h}" '
        f'viewBox="0 0 {full_w} {full_h}" font-family="{_FONT}" '
        f'role="img" aria-label="{_xml(picture.title, attribute=True)}">',
        f'<rect width="{full_w}" height="{full_h}" fill="#2e6b45" rx="8"/>',
    ]
    for k, part in enumerate(title):
        out.append(_text(_MARGIN, _MARGIN + 16 + 20 * k, part, 15, weight="bold",
                         fill="#ffffff"))
    y = float(top)
    for row, layout, side, height in zip(picture.rows, layouts, beside, heights, strict=True):
        band = inner + 12 if side is None else column - _GAP + 6
        out.extend(_draw_row(row, _MARGIN, y, label_w, layout, band, height, last))
        if row.beside is not None and side is not None:
            x = _MARGIN + column
            out.append(f'<line x1="{x - _GAP - 1:.1f}" y1="{y - 4:.1f}" x2="{x - _GAP - 1:.1f}" '
                       f'y2="{y + height - 8:.1f}" stroke="#9fc7ae" stroke-width="1"/>')
            out.extend(_draw_row(row.beside, x, y, beside_label_w, side, right_w + 6,
                                 height, last))
        y += height
    for line in lines:
        y += _LINE_H
        out.append(_text(_MARGIN, y - 4, line, 12, fill="#ffffff"))
    out.append("</svg>")
    return "".join(out)


def _draw_row(row: Row, x0: float, y: float, label_w: float, layout: _Layout, band: float,
              height: float, last: bool) -> list[str]:
    out = []
    if row.highlight:
        out.append(f'<rect x="{x0 - 6:.1f}" y="{y - 4:.1f}" width="{band:.1f}" '
                   f'height="{height - 4:.1f}" rx="6" fill="#ffffff" fill-opacity="0.12"/>')
    out.append(_text(x0, y + CARD_H / 2 + 4, row.label, 13, weight="bold", fill="#ffffff"))
    x = x0 + label_w
    if row.stack is not None:
        out.extend(_pile(x, y, Shown(None, count=row.stack), last))
        x += CARD_W + 2 * _GAP
    step = layout.step
    first = x
    for shown in row.cards:
        if shown.count is not None:
            out.extend(_pile(x, y, shown, last))
        else:
            if shown.card is None:
                out.append(_back(x, y, kind="back past" if shown.past else "back"))
            else:
                out.append(_face(x, y, shown.card, kind="card past" if shown.past else "card"))
            if last and shown.last:
                out.append(_mark(x, y, CARD_W, CARD_H))
            for k, laid in enumerate(shown.attached):
                out.append(_face(x + 5 * k, y + _ATTACHED_TOP + _ATTACHED_STEP * k, laid,
                                 _ATTACHED_SCALE))
            if shown.caption:
                out.append(_text(x + CARD_W / 2, y + _card_height(shown) + 14, shown.caption,
                                 10, "middle", fill="#ffffff"))
        x += step
    if row.cards:
        x = first + _cards_extent(row.cards, step) + _GAP
    if row.note:
        out.append(_text(x + 4, y + CARD_H / 2 + 4, row.note, 12, fill="#f3f3f3"))
    return out


def _pile(x: float, y: float, shown: Shown, last: bool) -> list[str]:
    """Return a pile: up to three cards stacked (its top card face up if it is shown),
    an empty place if it holds none, and its size (with its caption) under it."""
    out = []
    count = shown.count or 0
    if count == 0:
        out.append(_empty(x, y))
    else:
        for k in range(min(3, count) - 1, 0, -1):
            out.append(_back_plain(x + 2 * k, y - 2 * k))
        if shown.card is None:
            out.append(_back(x, y, shown.count))
        else:
            out.append(_face(x, y, shown.card, count=shown.count))
            if last and shown.last:
                out.append(_mark(x, y, CARD_W, CARD_H))
    out.append(_text(x + CARD_W / 2, y + CARD_H + 14, _caption(shown), 10, "middle",
                     fill="#ffffff"))
    return out


def _back_plain(x: float, y: float) -> str:
    """Return a card drawn under a pile's top card: part of the pile, not counted."""
    return _back(x, y, kind="under")


def _check_width(width: object) -> None:
    if width is not None:
        check_int(width, "svg's width", 1, 100_000)


def _check_bool(value: object, name: str) -> None:
    if type(value) is not bool:
        raise wrong_type(f"svg's {name}", "a bool", value)


# --- states and observations of the games -------------------------------------------------

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
    options = getattr(game, "Options", None)
    if not isinstance(options, type) or not callable(getattr(game, "observe", None)):
        raise wrong_type("register", "a variant (with its Options class and observe)", game)
    _GAMES_BY_OPTIONS[options] = game
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


class _Views(Sequence[Any]):
    """Every seat's view of a state, each observed when first asked for: a picture that
    reads one view costs one observation, however many seats the game has."""

    def __init__(self, game: Any, state: Any, players: int) -> None:
        self._game, self._state, self._players = game, state, players
        self._seen: dict[int, Any] = {}

    def __len__(self) -> int:
        return self._players

    def __getitem__(self, seat: Any) -> Any:
        if type(seat) is not int or not 0 <= seat < self._players:
            raise IndexError(f"no seat {seat!r} among {self._players}")
        if seat not in self._seen:
            self._seen[seat] = self._game.observe(self._state, seat)
        return self._seen[seat]

    def __iter__(self) -> Iterator[Any]:
        return (self[s] for s in range(self._players))


def picture_of(x: Any, *, seat: int | None = None) -> Picture:
    """Return the :class:`Picture` of a state or an observation of any variant (of a state
    as ``seat`` sees it, if given).

    Raise :class:`~cardwar.errors.StateError` for a value that is neither, or a state
    whose fields are not of their types or disagree with each other (one built by hand),
    :class:`~cardwar.errors.ObservationError` for such an observation, and
    :class:`~cardwar.errors.SeatError` for a seat that is not one of the game's."""
    game = _variant_of(x)
    state_type = getattr(game, "State", None)
    is_state = state_type is not None and isinstance(x, state_type)
    error = StateError if is_state else ObservationError
    kind = "state" if is_state else "observation"
    from cardwar.sampling import malformed

    problem = malformed(x)
    if problem is not None:
        raise error(problem.replace("the observation's", f"the {kind}'s", 1))
    try:
        players = game.num_players(x) if is_state else 0
    except Exception as err:
        raise error(f"the {kind}'s parts disagree: {type(err).__name__}: {err}") from err
    if seat is not None:
        if is_state or type(seat) is not int:
            check_seat(seat, max(1, players))
        elif seat != getattr(x, "seat", seat):
            raise ArgumentError(f"svg: an observation is seat {x.seat}'s view; seat={seat} "
                                "asks for another seat's, which only the state can give")
    try:
        picture = _picture(game, x, is_state, seat, players)
        _check_picture(picture)
    except (MemoryError, RecursionError):  # pragma: no cover - the machine, not the value
        raise
    except Exception as err:
        # Every state and observation a game reaches is drawn by the tests: one that
        # fails is a value built by hand whose parts disagree.
        raise error(f"the {kind}'s parts disagree, so it cannot be drawn: "
                    f"{type(err).__name__}: {err}") from err
    return picture


def _picture(game: Any, x: Any, is_state: bool, seat: int | None, players: int) -> Picture:
    if is_state and seat is not None:
        x, is_state = game.observe(x, seat), False
    make = getattr(game, "picture", None)
    if make is None:
        # A variant without a picture of its own: its text, line by line.
        text = (game.render_state(x, ascii=True) if is_state
                else game.render_observation(x, ascii=True))
        lines = text.splitlines()
        return Picture(lines[0] if lines else game.TITLE, (), tuple(lines[1:]))
    views: Sequence[Any] = _Views(game, x, players) if is_state else [x]
    picture: Picture = make(views, is_state)
    return picture


def svg(x: Any, *, width: int | None = None, seat: int | None = None,
        last: bool = True) -> str:
    """Return an SVG picture of a state or an observation of any variant.

    ``width``: the picture's width on the page in pixels (an int from 1 to 100000; its
    height follows, the drawing scales); by default as wide as it is drawn. ``seat``: for
    a state, draw what that seat sees (the picture of its observation); for an
    observation, only its own seat is allowed. ``last``: mark the cards that the last
    move or battle laid (the default), or not.

    Raise :class:`~cardwar.errors.StateError` for a value that is no state or observation
    of a registered variant (or a state whose fields are junk),
    :class:`~cardwar.errors.ObservationError` for such an observation,
    :class:`~cardwar.errors.SeatError` for a seat that is not one of the game's, and
    :class:`~cardwar.errors.ArgumentTypeError` or :class:`~cardwar.errors.ArgumentError`
    for an option of the wrong type or out of range; all before anything is drawn.
    """
    _check_width(width)
    _check_bool(last, "last")
    return draw(picture_of(x, seat=seat), width=width, last=last)


class Pictured:
    """A mixin of states and observations: Jupyter shows them as their :func:`svg`."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return svg(self)
