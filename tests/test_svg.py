"""Pictures of the table (``cardwar.svg``): every variant's states and observations drawn
as SVG, never showing an observation a card its seat may not see."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from cardwar import svg as svg_module
from cardwar.cards import parse_card
from cardwar.errors import StateError
from cardwar.svg import Picture, Row, Shown, draw, picture_of, svg
from cardwar.variants import all_variants

NS = "{http://www.w3.org/2000/svg}"
_CARD = re.compile(r"\b(10|[2-9JQKA])[CDHS]\b|\bJK\b")


def _positions(game: Any, seeds: int = 3, most: int = 60) -> list[Any]:
    """Return states of random games of ``game``: the deal, play, and the end."""
    out = []
    for seed in range(seeds):
        rnd = random.Random(seed)
        state = game.new_game(seed)
        out.append(state)
        for _ in range(most):
            if game.outcome(state) is not None:
                break
            state = game.step(state, rnd.choice(game.legal_actions(state)))
            out.append(state)
        while game.outcome(state) is None and len(out) < 4000:
            state = game.step(state, rnd.choice(game.legal_actions(state)))
        out.append(state)
    return out


def _drawn_cards(document: str) -> list[str]:
    """Return the face-up cards of a picture, in the order drawn."""
    root = ET.fromstring(document)
    return [g.get("data-card", "") for g in root.iter(f"{NS}g") if g.get("class") == "card"]


@pytest.mark.parametrize("game", all_variants(), ids=lambda g: g.NAME)
def test_every_position_is_drawn(game: Any) -> None:
    for state in _positions(game):
        whole = svg(state)
        assert whole == state._repr_svg_()
        root = ET.fromstring(whole)  # well-formed
        assert root.tag == f"{NS}svg"
        # Drawn in code: nothing is fetched.
        assert "<image" not in whole
        assert "href" not in whole
        assert "url(" not in whole
        drawn = _drawn_cards(whole)
        # A state shows every card in a hand face up.
        for hand in getattr(state, "hands", ()):
            for card in hand:
                assert str(card) in drawn
        for seat in range(game.num_players(state)):
            obs = game.observe(state, seat)
            seen = svg(obs)
            assert seen == obs._repr_svg_()
            # Every face-up card of a seat's picture is one its text view shows: the
            # text views are checked never to hold a hidden card.
            text = game.render_observation(obs, ascii=True)
            shown = {m.group(0) for m in _CARD.finditer(text)}
            for card in _drawn_cards(seen):
                assert card in shown, (game.NAME, seat, card)
            # Its own hand, face up.
            for card in getattr(obs, "hand", ()):
                assert str(card) in _drawn_cards(seen)


def test_the_picture_is_what_the_seat_sees() -> None:
    from cardwar import caravan

    state = caravan.new_game(7)
    mine = picture_of(caravan.observe(state, 0))
    hands = {row.label: row for row in mine.rows if "hand" in row.label}
    assert [s.card for s in hands["seat 0 hand (you)"].cards] == list(state.hands[0])
    assert all(s.card is None for s in hands["seat 1 hand"].cards)
    assert len(hands["seat 1 hand"].cards) == len(state.hands[1])
    assert hands["seat 1 hand"].stack == len(state.decks[1])


def test_drawing_a_picture() -> None:
    picture = Picture("A <title> & more", (
        Row("seat 0", (Shown(parse_card("QH"), (parse_card("KS"),), "as K"), Shown()),
            "note", stack=0, highlight=True),
        Row("seat 1", tuple(Shown(parse_card("2C")) for _ in range(40)), stack=12),
    ), ("a line",))
    document = draw(picture)
    root = ET.fromstring(document)
    assert root.get("aria-label") == "A <title> & more"
    assert _drawn_cards(document) == ["QH", "KS"] + ["2C"] * 40
    # Forty cards overlap to fit the width the picture allows.
    assert int(root.get("width", "0")) <= svg_module._MAX_W
    assert "a line" in document
    assert "as K" in document


def test_what_is_not_a_state_is_refused() -> None:
    with pytest.raises(StateError, match="state or an observation of a cardwar variant"):
        svg(42)


def test_replay_writes_a_picture_per_step(tmp_path: Any, capsys: Any) -> None:
    from pathlib import Path

    from cardwar import records
    from cardwar.cli import main

    record = Path(__file__).parent / "records" / "caravan-random.json"
    steps = len(records.read(str(record)).actions)
    out = tmp_path / "pictures"
    assert main(["replay", str(record), "-q", "--svg", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names[0] == "step-000.svg"
    assert len(names) == steps + 1
    assert f"pictures: {steps + 1} written to {out}" in capsys.readouterr().out
    # Each is the picture of the state after that step.
    states = list(records.iter_states(records.read(str(record))))
    assert (out / names[-1]).read_text(encoding="utf-8") == svg(states[-1])
    # A path that cannot hold pictures is refused before the record is read.
    for bad, why in ((record, "is a file"), (tmp_path / "missing" / "x", "does not exist")):
        assert main(["replay", "no-such-record.json", "-q", "--svg", str(bad)]) == 2
        assert why in capsys.readouterr().err
