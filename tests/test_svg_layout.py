"""The pictures' layout, measured (``cardwar.svg``): over whole games of every variant and
player count, no line of text runs past the picture's edge, every card of the position
is drawn exactly once (face up, face down, or counted in a pile), every face-up card's
corner (its rank and suit) stays in sight, and cards are written with suit signs."""

from __future__ import annotations

import functools
import random
import re
import struct
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwar.render import player_counts
from cardwar.svg import svg, text_width
from cardwar.variants import all_variants, variant

NS = "{http://www.w3.org/2000/svg}"
#: The built-in variants (a test may register others).
BUILT_IN = ("war", "peace", "arneson", "generals", "caravan", "cold-war")
#: Player counts drawn for a variant without a most (War).
OPEN_COUNTS = (2, 3, 4, 6)
#: The most positions drawn per game: a longer game is drawn at evenly spaced steps,
#: its deal and its end always included.
MOST_POSITIONS = 80


def _cases() -> list[tuple[str, int]]:
    cases = []
    for name in BUILT_IN:
        counts = player_counts(variant(name)) or OPEN_COUNTS
        cases += [(name, n) for n in counts]
    return cases


def _games(name: str, players: int, seeds: tuple[int, ...] = (0, 1),
           **options: Any) -> list[Any]:
    """Return positions of whole random games of ``name`` with ``players`` players (and
    ``options``)."""
    return _played(name, players, seeds, tuple(sorted(options.items())))


@functools.cache
def _played(name: str, players: int, seeds: tuple[int, ...],
            options: tuple[tuple[str, Any], ...]) -> list[Any]:
    game = variant(name)
    opts = game.options(players=players, **dict(options))
    out = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_game(seed, opts)
        states = [state]
        while game.outcome(state) is None:
            state = game.step(state, rnd.choice(game.legal_actions(state)))
            states.append(state)
        stride = max(1, len(states) // MOST_POSITIONS)
        out += states[::stride]
        if (len(states) - 1) % stride:
            out.append(states[-1])
    return out


def _pictures(game: Any, state: Any) -> list[tuple[str, str]]:
    """Return the state's picture and each seat's, drawn once for every test here."""
    return _drawn_pictures(game, state)


@functools.cache
def _drawn_pictures(game: Any, state: Any) -> list[tuple[str, str]]:
    out = [("whole", svg(state))]
    for seat in range(game.num_players(state)):
        out.append((f"seat {seat}", svg(game.observe(state, seat))))
    return out


# --- text inside the picture ---------------------------------------------------------------


def _text_extents(document: str) -> Iterator[tuple[str, float, float, float, float]]:
    """Yield every text of a picture with its left and right ends, its baseline, and
    the picture's width."""
    root = ET.fromstring(document)
    width = float(root.get("viewBox", "").split()[2])
    for t in root.iter(f"{NS}text"):
        text = t.text or ""
        size = float(t.get("font-size", "0"))
        x = float(t.get("x", "0"))
        w = text_width(text, size)
        anchor = t.get("text-anchor", "start")
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        yield text, left, left + w, float(t.get("y", "0")), width


@pytest.mark.parametrize(("name", "players"), _cases())
def test_no_text_runs_past_the_picture(name: str, players: int) -> None:
    """Every text of every picture of whole games lies inside the picture, measured with
    the widest advance widths of the fonts it names."""
    game = variant(name)
    checked = 0
    for state in _games(name, players):
        for who, document in _pictures(game, state):
            height = float(ET.fromstring(document).get("viewBox", "").split()[3])
            for text, left, right, y, width in _text_extents(document):
                assert left >= 0, (name, players, who, text, left)
                assert right <= width, (name, players, who, text, right, width)
                assert 0 < y <= height, (name, players, who, text)
                checked += 1
    assert checked > 100


def test_a_long_line_grows_the_picture_then_wraps() -> None:
    from cardwar.svg import Picture, draw

    short = "a line " * 10
    long = "word " * 400
    for lines in ((short,), (long,), ("x" * 900,)):
        document = draw(Picture("title", (), lines))
        extents = list(_text_extents(document))
        width = extents[0][4]
        assert all(left >= 0 and right <= width for _, left, right, _, _ in extents)
        assert "".join(t for t, *_ in extents[1:]).replace(" ", "") == (
            "".join(lines).replace(" ", ""))
    # A line wider than the smallest picture widens it; one past the widest is wrapped.
    assert float(ET.fromstring(draw(Picture("t", (), (short * 2,)))).get("width", "")) > 360
    assert float(ET.fromstring(draw(Picture("t", (), (long,)))).get("width", "")) == 1000


def _font_advances(path: Path) -> dict[str, float]:
    """Return the advance widths, in em, of the printable ASCII characters and the
    suit signs, read from a TrueType font's cmap (format 4) and hmtx tables."""
    data = path.read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag.decode("latin-1")] = offset
    units = struct.unpack(">H", data[tables["head"] + 18:tables["head"] + 20])[0]
    metrics = struct.unpack(">H", data[tables["hhea"] + 34:tables["hhea"] + 36])[0]
    advances = [struct.unpack(">H", data[tables["hmtx"] + 4 * i:tables["hmtx"] + 4 * i + 2])[0]
                for i in range(metrics)]
    cmap = tables["cmap"]
    sub = None
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        platform, _, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        if platform in (0, 3) and struct.unpack(">H", data[cmap + offset:cmap + offset + 2])[
                0] == 4:
            sub = cmap + offset
    assert sub is not None
    count = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
    at = sub + 14
    ends = struct.unpack(f">{count}H", data[at:at + 2 * count])
    starts = struct.unpack(f">{count}H", data[at + 2 * count + 2:at + 4 * count + 2])
    deltas = struct.unpack(f">{count}h", data[at + 4 * count + 2:at + 6 * count + 2])
    ranges_at = at + 6 * count + 2
    ranges = struct.unpack(f">{count}H", data[ranges_at:ranges_at + 2 * count])

    def glyph(code: int) -> int:
        for i in range(count):
            if starts[i] <= code <= ends[i]:
                if ranges[i] == 0:
                    return int(code + deltas[i]) & 0xFFFF
                where = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                g = int(struct.unpack(">H", data[where:where + 2])[0])
                return (g + deltas[i]) & 0xFFFF if g else 0
        return 0

    out = {}
    for char in [chr(c) for c in range(32, 127)] + list("\u2660\u2665\u2666\u2663"):
        g = glyph(ord(char))
        if g:
            out[char] = advances[min(g, metrics - 1)] / units
    return out


FONTS = Path("/usr/share/fonts/truetype")
FONT_FILES = ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf",
              "liberation/LiberationSans-Regular.ttf", "liberation/LiberationSans-Bold.ttf")


@pytest.mark.parametrize("font", FONT_FILES)
def test_the_width_table_is_at_least_the_fonts(font: str) -> None:
    """The table the pictures measure text with is never narrower than the fonts the
    pictures name, read from the font files where the machine has them."""
    path = FONTS / font
    if not path.exists():
        pytest.skip(f"{path} is not installed (Debian's fonts-dejavu-core and "
                    "fonts-liberation hold it)")
    advances = _font_advances(path)
    assert len(advances) > 90
    for char, em in advances.items():
        assert text_width(char, 1000) >= em * 1000, (font, char)


# --- every card once -----------------------------------------------------------------------


def _drawn(document: str) -> tuple[Counter[str], int]:
    """Return the face-up cards of a picture (not those shown where they were played,
    which lie in a pile now), and how many cards it counts in all: each face-up card,
    each back, and each pile's size."""
    root = ET.fromstring(document)
    up: Counter[str] = Counter()
    total = 0
    for g in root.iter(f"{NS}g"):
        kind = g.get("class", "")
        count = g.get("data-count")
        if kind == "card":
            up[g.get("data-card", "")] += 1
            total += 1 if count is None else int(count)
        elif kind == "back":
            total += 1 if count is None else int(count)
    return up, total


@pytest.mark.parametrize(("name", "players"), _cases())
def test_every_card_is_drawn_once(name: str, players: int) -> None:
    """Each picture of a state, and of each seat's view, shows each card of the position
    no more often than the position holds it face up, and counts every card once (face up,
    face down, or in a pile): a revealed general is drawn once, in its hand."""
    game = variant(name)
    for state in _games(name, players):
        held = Counter(str(c) for c in game.cards_in_play(state))
        for who, document in _pictures(game, state):
            up, total = _drawn(document)
            assert total == sum(held.values()), (name, players, who, total)
            assert not up - held, (name, players, who, up - held)


@pytest.mark.parametrize(("name", "players", "options"), [
    ("arneson", 2, {"ranks": "A 2 3", "suits": "S"}),  # a card set aside at the deal
    ("arneson", 2, {"ranks": "2 3", "suits": "SH"}),  # an undecidable battle
    ("war", 3, {"pickup_order": "win_pile"}),  # win piles, a spare card set aside
    ("peace", 3, {"pickup_order": "win_pile"}),
    ("generals", 2, {"deck_mode": "colour_halves"}),  # a reserve per seat
])
def test_every_card_is_drawn_once_with_these_options(name: str, players: int,
                                                     options: dict[str, Any]) -> None:
    game = variant(name)
    for state in _games(name, players, seeds=tuple(range(6)), **options):
        held = Counter(str(c) for c in game.cards_in_play(state))
        for who, document in _pictures(game, state):
            up, total = _drawn(document)
            assert total == sum(held.values()), (name, options, who, total)
            assert not up - held, (name, options, who, up - held)


def test_a_revealed_general_is_drawn_once_face_up_in_its_hand() -> None:
    from cardwar import generals
    from cardwar.svg import picture_of

    opts = generals.options(players=4)
    rnd = random.Random(1)
    state = generals.new_game(1, opts)
    while not any(state.revealed):
        state = generals.step(state, rnd.choice(generals.legal_actions(state)))
    seat = next(s for s, shown in enumerate(state.revealed) if shown)
    general = state.revealed[seat][0]
    for x in (state, *(generals.observe(state, s) for s in range(4))):
        row = picture_of(x).rows[seat]
        hand = [s for s in row.cards if s.caption in ("", "general")]
        assert len(hand) == len(state.hands[seat])
        assert [s.card for s in hand].count(general) == 1
        assert [s.caption for s in hand if s.card == general] == ["general"]


# --- corners and suit signs ----------------------------------------------------------------

_BOX = re.compile(r'<g class="(card|card past|back|back past|under)"[^>]*><rect x="([\d.]+)" '
                  r'y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"')
_CORNER = re.compile(r'<g class="card[^"]*" data-card="[^"]*"[^>]*><rect x="([\d.]+)" '
                     r'y="([\d.]+)" width="([\d.]+)"[^>]*/><text [^>]*font-size="([\d.]+)"'
                     r"[^>]*>([^<]*)</text>")


def _covered_corners(document: str) -> list[str]:
    """Return the corners (rank and suit) of face-up cards that a card drawn after them
    covers."""
    boxes = [(m.start(), *map(float, m.groups()[1:])) for m in _BOX.finditer(document)]
    hidden = []
    for m in _CORNER.finditer(document):
        x, y, w, size = map(float, m.groups()[:4])
        corner = m.group(5)
        scale = w / 40
        left, top = x + 3 * scale, y
        right, bottom = left + text_width(corner, size), y + 14 * scale
        for at, bx, by, bw, bh in boxes:
            if at > m.start() and bx < right and bx + bw > left and by < bottom and (
                    by + bh > top):
                hidden.append(corner)
                break
    return hidden


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_card_shows_its_rank_and_suit(name: str) -> None:
    """Every face-up card's corner holds its rank and suit, and no card drawn later
    covers it: a number card of Caravan with face cards laid on it, and a crowded row,
    keep their suits in sight."""
    game = variant(name)
    players = (player_counts(game) or OPEN_COUNTS)[-1]
    for state in _games(name, players):
        for who, document in _pictures(game, state):
            assert _covered_corners(document) == [], (name, who)
            for m in _CORNER.finditer(document):
                assert re.fullmatch(r"(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]|JK\u2605",
                                    m.group(5)), m.group(5)


def test_caravan_a_number_card_under_two_kings_keeps_its_suit() -> None:
    from cardwar.cards import parse_card
    from cardwar.svg import Picture, Row, Shown, draw

    seven, king, other = map(parse_card, ("7H", "KS", "KC"))
    document = draw(Picture("t", (Row("A", (Shown(seven, (king, other)),)),)))
    corners = [m.group(5) for m in _CORNER.finditer(document)]
    assert corners == ["7\u2665", "K\u2660", "K\u2663"]
    assert _covered_corners(document) == []


def test_caravan_shows_the_caravans_as_three_facing_pairs() -> None:
    from cardwar import caravan
    from cardwar.svg import picture_of

    drawn = picture_of(caravan.new_game(3))
    pairs = [(r.label, r.beside.label) for r in drawn.rows if r.beside is not None]
    assert pairs == [(f"caravan {a} (seat 0)", f"caravan {d} (seat 1)")
                     for a, d in ("AD", "BE", "CF")]


_ASCII_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])[CDHS](?![\w])|\d:(10|[2-9JQKA])[CDHS]")


@pytest.mark.parametrize("name", BUILT_IN)
def test_cards_are_written_with_suit_signs(name: str) -> None:
    """Captions and lines write cards as the text views do, ``10♦``, never ``10D``."""
    game = variant(name)
    players = (player_counts(game) or OPEN_COUNTS)[-1]
    seen = 0
    for state in _games(name, players):
        for _, document in _pictures(game, state):
            for t in ET.fromstring(document).iter(f"{NS}text"):
                assert not _ASCII_CARD.search(t.text or ""), (name, t.text)
                seen += bool(re.search("[\u2660\u2665\u2666\u2663]", t.text or ""))
    assert seen


def test_every_variant_is_checked() -> None:
    assert {g.NAME for g in all_variants()} >= set(BUILT_IN)
