"""Pictures of the table (``cardwar.svg``): every variant's states and observations drawn
as SVG, never showing an observation a card its seat may not see."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from cardwar import svg as svg_module
from cardwar.cards import Card, parse_card
from cardwar.errors import StateError
from cardwar.svg import Picture, Row, Shown, draw, picture_of, svg
from cardwar.variants import all_variants, variant
from tests.pictures import regenerate as pictures

NS = "{http://www.w3.org/2000/svg}"


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


def _cards_in(value: Any) -> list[Card]:
    """Return every card held anywhere in ``value``, through tuples and attrs records."""
    if type(value) is Card:
        return [value]
    if isinstance(value, tuple):
        return [c for v in value for c in _cards_in(v)]
    if attrs.has(type(value)) and not isinstance(value, type):
        return [c for f in attrs.fields(type(value)) if f.name != "options"
                for c in _cards_in(getattr(value, f.name))]
    return []


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
            # Every face-up card of a seat's picture is one its observation holds: the
            # observations are checked never to hold a hidden card.
            shown = {str(c) for c in _cards_in(obs)}
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
    # Forty cards overlap as much as their corners allow, the picture growing past its
    # usual widest; twenty overlap to fit it.
    assert int(root.get("width", "0")) > svg_module._MAX_W
    assert len(re.findall('class="card"', document)) == 42
    crowded = Picture("t", (Row("seat 1", tuple(Shown(parse_card("2C")) for _ in range(20)),
                                stack=12),))
    assert int(ET.fromstring(draw(crowded)).get("width", "0")) <= svg_module._MAX_W
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


def _row_notes(picture: Picture) -> dict[str, str]:
    return {row.label: row.note for row in picture.rows}


def test_battle_pictures_show_win_piles_wars_won_and_a_standing_card() -> None:
    from cardwar import arneson, war

    # A win pile and the wars won, when the options have them.
    state = war.new_game(3, war.options(pickup_order="win_pile", wars_to_win=5))
    while not any(state.won):
        state = war.step(state, war.Play.PLAY)
    drawn = picture_of(state)
    assert any(s.caption == "win pile" and s.count for r in drawn.rows for s in r.cards)
    assert all("wars won" in n for n in _row_notes(drawn).values())
    # A seat short of cards in a war: its last card stands, drawn once (WAR-OUT).
    short = war.options(ranks="2 3 4 5 A", suits="SH", out_of_cards="last_card_stands")
    state = war.new_game(0, short, deal=[["AS"], "AH 2S 3S 4S 5S 2H 3H 4H 5H"])
    state = war.step(state, war.Play.PLAY)
    assert state.last is not None
    standing = [t for turns in state.last.rounds for t in turns if t.standing]
    assert standing
    laid = [s.card for s in picture_of(state).rows[standing[0].seat].cards]
    assert laid.count(standing[0].face_up) == 1
    # Arneson with a win pile.
    game = arneson.new_game(2, arneson.options(pickup_order="win_pile"))
    rnd = random.Random(2)
    while not any(game.tally.won):
        game = arneson.step(game, rnd.choice(arneson.legal_actions(game)))
    assert any(s.caption == "win pile" and s.count
               for r in picture_of(game).rows for s in r.cards)


def test_generals_pictures_show_the_places() -> None:
    from cardwar import generals

    opts = generals.options(players=4, places=True)
    for seed in range(40):
        rnd = random.Random(seed)
        state = generals.new_game(seed, opts)
        while generals.outcome(state) is None and not any(
                p is not None for p in state.places):
            state = generals.step(state, rnd.choice(generals.legal_actions(state)))
        if any(p is not None for p in state.places):
            break
    notes = _row_notes(picture_of(state))
    assert any(n.endswith(("1st", "2nd", "3rd", "4th")) for n in notes.values())


def test_replay_refuses_a_directory_it_cannot_write(tmp_path: Any, capsys: Any,
                                                    monkeypatch: Any) -> None:
    import os

    from cardwar.cli import main

    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert main(["replay", "no-such-record.json", "-q", "--svg", str(tmp_path / "p")]) == 2
    assert "cannot be written to (permission denied)" in capsys.readouterr().err


@pytest.mark.parametrize("name", pictures.VARIANTS)
def test_the_pictures_of_fixed_positions_are_unchanged(name: str) -> None:
    """Every label, note, card and place of a variant's pictures, against the snapshot
    page ``tests/pictures/<variant>.html`` (open it in a browser to see them). A change
    of the pictures rewrites the pages deliberately: ``tests/pictures/regenerate.py``."""
    game = variant(name)
    drawn = pictures.page(game)
    shown = sum(len(pictures.positions(game, seed)) for seed in pictures.SEEDS)
    assert shown >= 2 * len(pictures.SEEDS)
    assert drawn.count("<svg") == 2 * shown
    assert drawn == pictures.path_of(game).read_text(encoding="utf-8"), (
        f"the pictures of {name} changed; if that was meant, run "
        "`.venv/bin/python tests/pictures/regenerate.py` and look at the page"
    )


@pytest.mark.parametrize("title", ['x" onload="alert(1)', "a\x00b\x1bc", "lone \ud800 half",
                                   "tab\tand\nline", "<b>&amp;</b>"])
def test_any_text_stays_text_in_well_formed_svg(title: str) -> None:
    # A title or line reaches the picture from a plugin variant or from draw() directly:
    # a quote never opens an attribute, and characters XML cannot hold are replaced.
    drawn = draw(Picture(title, (), (title,)))
    root = ET.fromstring(drawn.encode("utf-8"))
    assert set(root.attrib) == {"width", "height", "viewBox", "font-family", "role",
                                "aria-label"}
    held = "".join(c if c in "\t\n" or (c >= " " and not "\ud800" <= c <= "\udfff")
                   else "\ufffd" for c in title)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == [held, held]
    # An attribute's value reads tabs and line ends as spaces (XML's normalization).
    assert root.attrib["aria-label"] == held.replace("\t", " ").replace("\n", " ")
