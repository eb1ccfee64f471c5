"""``cardwar.svg``'s options and its answers to bad input: ``width``, ``seat`` and ``last``
(keyword-only, checked), a state's picture at the cost of one observation, and states,
observations and pictures built by hand answered with cardwar's own errors."""

from __future__ import annotations

import contextlib
import copy
import math
import random
import re
import time
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardwar.cards import parse_card
from cardwar.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    ObservationError,
    SeatError,
    StateError,
)
from cardwar.svg import Picture, Row, Shown, draw, picture_of, register, svg
from cardwar.variants import variant

BUILT_IN = ("war", "peace", "arneson", "generals", "caravan", "cold-war")


def _played(name: str, seed: int, moves: int, **options: Any) -> Any:
    game = variant(name)
    state = game.new_game(seed, game.options(**options)) if options else game.new_game(seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        state = game.step(state, rnd.choice(game.legal_actions(state)))
    return state


def _size(document: str) -> tuple[str, str, str]:
    root = ET.fromstring(document)
    return root.get("width", ""), root.get("height", ""), root.get("viewBox", "")


# --- width ---------------------------------------------------------------------------------


def test_width_scales_the_picture_on_the_page() -> None:
    state = _played("caravan", 3, 20)
    plain = svg(state)
    width, height, box = _size(plain)
    assert box == f"0 0 {width} {height}"
    half = int(width) // 2
    scaled = svg(state, width=half)
    assert _size(scaled) == (str(half), str(round(int(height) * half / int(width))), box)
    # Only the size on the page changes: the drawing is the same.
    assert re.sub(r'^<svg [^>]*>', "", scaled) == re.sub(r'^<svg [^>]*>', "", plain)
    assert _size(svg(state, width=1))[0] == "1"


@pytest.mark.parametrize("width", [0, -5, 100_001])
def test_a_width_out_of_range_is_refused(width: int) -> None:
    with pytest.raises(ArgumentError, match="width expects an int in"):
        svg(_played("war", 1, 1), width=width)


@pytest.mark.parametrize("width", [True, 400.0, "400", math.nan, [400]])
def test_a_width_of_another_type_is_refused(width: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="width expects an int"):
        svg(_played("war", 1, 1), width=width)
    with pytest.raises(ArgumentTypeError):
        draw(Picture("t", ()), width=width)


# --- seat ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILT_IN)
def test_seat_draws_a_state_as_that_seat_sees_it(name: str) -> None:
    game = variant(name)
    state = _played(name, 2, 25)
    for seat in range(game.num_players(state)):
        seen = game.observe(state, seat)
        assert svg(state, seat=seat) == svg(seen)
        assert svg(seen, seat=seat) == svg(seen)
        assert picture_of(state, seat=seat) == picture_of(seen)
    assert svg(state, seat=None) == svg(state)


def test_an_observation_is_not_drawn_as_another_seat_sees_it() -> None:
    from cardwar import caravan

    seen = caravan.observe(caravan.new_game(3), 0)
    with pytest.raises(ArgumentError, match="seat 0's view; seat=1"):
        svg(seen, seat=1)


@pytest.mark.parametrize("seat", [-1, 2, 99, True, 1.0, "1", None])
def test_a_seat_not_of_the_game_is_refused(seat: Any) -> None:
    state = _played("arneson", 1, 3)
    if seat is None:
        assert svg(state, seat=seat) == svg(state)
        return
    with pytest.raises(SeatError):
        svg(state, seat=seat)
    with pytest.raises(SeatError):
        svg(variant("arneson").observe(state, 0), seat=seat) if type(seat) is not int else (
            picture_of(state, seat=seat))


# --- last ----------------------------------------------------------------------------------


def test_last_marks_the_card_the_last_move_played() -> None:
    from cardwar import caravan

    state = caravan.new_game(3)
    action = caravan.parse_action("6C>B")
    after = caravan.step(state, action)
    document = svg(after)
    marks = re.findall(r'data-card="(\w+)"[^>]*>(?:(?!</g>).)*</g><rect class="last"', document)
    assert marks == ["6C"]
    assert 'class="last"' not in svg(after, last=False)
    assert 'class="last"' not in svg(state)  # nothing played yet
    # The cards of War's last battle.
    from cardwar import war

    battle = war.step(war.new_game(2026), war.Play.PLAY)  # J♠ takes 6♦
    marks = re.findall(r'data-card="(\w+)"[^>]*>(?:(?!</g>).)*</g><rect class="last"',
                       svg(battle))
    assert marks == ["JS"]
    assert svg(battle, last=False).count('class="last"') == 0


@pytest.mark.parametrize("last", [1, 0, None, "yes", 1.0])
def test_last_must_be_a_bool(last: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="last expects a bool"):
        svg(_played("war", 1, 1), last=last)
    with pytest.raises(ArgumentTypeError, match="last expects a bool"):
        draw(Picture("t", ()), last=last)


def test_the_options_are_keyword_only() -> None:
    state = _played("war", 1, 1)
    with pytest.raises(TypeError):
        svg(state, 400)  # type: ignore[call-arg]


# --- the cost of a state's picture ---------------------------------------------------------


def test_a_state_is_drawn_with_one_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state's picture observes it once (the War family's picture reads one view),
    not once per seat: with many seats it costs about what its observation's does."""
    from cardwar import war

    state = war.step(war.new_game(1, war.options(players=300, decks=6)), war.Play.PLAY)
    calls = []
    observe = war.observe

    def counting(x: Any, seat: int) -> Any:
        calls.append(seat)
        return observe(x, seat)

    monkeypatch.setattr(war, "observe", counting)
    svg(state)
    assert calls == [0]


def test_many_seats_cost_about_one_observation() -> None:
    from cardwar import war

    state = war.step(war.new_game(1, war.options(players=1500, decks=29)), war.Play.PLAY)
    seen = war.observe(state, 0)

    def best(x: Any) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            svg(x)
            times.append(time.process_time() - start)
        return min(times)

    # Both draw 1500 rows; a picture that observed each seat would take hundreds of times
    # as long as the observation's (each view holds every seat's counts).
    assert best(state) < 5 * best(seen) + 0.05


# --- bad input -----------------------------------------------------------------------------

#: Values of every kind.
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8),
    st.binary(max_size=4), st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(-3, 60), st.integers(-3, 60)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([math.inf, object(), type, Ellipsis, (), ((),), (None,),
                     (parse_card("AS"),), ((parse_card("2C"), parse_card("AS")),)]),
)


def _near(value: Any) -> st.SearchStrategy[Any]:
    """Values near ``value``, a field: an int moved a little, a tuple one short or one
    long, an entry of a tuple of ints moved, its entries as floats, or a list."""
    near = st.integers(-3, 3).filter(bool)
    if type(value) is int:
        return st.one_of(near.map(lambda d: value + d), st.just(float(value)))
    if type(value) is not tuple or not value:
        return st.nothing()
    choices = [st.just(value[1:]), st.just(value + value[:1]), st.just(list(value)),
               st.just((*value[:-1], None))]
    if all(type(v) is int for v in value):
        choices += [st.tuples(st.integers(0, len(value) - 1), near).map(
            lambda at: tuple(v + at[1] * (i == at[0]) for i, v in enumerate(value))),
            st.just(tuple(float(v) for v in value))]
    return st.one_of(choices)


def forged(data: st.DataObject) -> Any:
    """Return a state or an observation of a random position of a built-in game with one
    field replaced by junk or a value near its own."""
    name = data.draw(st.sampled_from(BUILT_IN), label="game")
    game = variant(name)
    state = _played(name, data.draw(st.integers(0, 20), label="seed"),
                    data.draw(st.integers(0, 40), label="moves"))
    x = state
    if data.draw(st.booleans(), label="observation"):
        x = game.observe(state, data.draw(st.integers(0, game.num_players(state) - 1)))
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(type(x))]), label="field")
    value = data.draw(st.one_of(junk, _near(getattr(x, field))), label="value")
    return attrs.evolve(x, **{field: value})


@given(data=st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_state_or_observation_built_by_hand_is_drawn_or_refused(data: st.DataObject) -> None:
    """``svg`` of a real state or observation with one field replaced draws a well-formed
    picture, or raises StateError or ObservationError; never another exception, and the
    value is left as it was."""
    x = forged(data)
    fields = [getattr(x, f.name) for f in attrs.fields(type(x))]
    copies = [copy.copy(v) if isinstance(v, (list, dict)) else v for v in fields]
    try:
        document = svg(x)
    except (StateError, ObservationError):
        pass
    else:
        assert ET.fromstring(document).tag == "{http://www.w3.org/2000/svg}svg"
    after = [getattr(x, f.name) for f in attrs.fields(type(x))]
    assert all(a is b for a, b in zip(after, fields, strict=True))
    assert all(v == c for v, c in zip(fields, copies, strict=True)
               if isinstance(v, (list, dict)))


@given(value=junk, width=st.one_of(st.none(), junk), seat=st.one_of(st.none(), junk),
       last=st.one_of(st.booleans(), junk))
@settings(max_examples=200, deadline=None)
def test_svgs_functions_answer_junk_with_cardwars_errors(value: Any, width: Any, seat: Any,
                                                         last: Any) -> None:
    """Every public function of ``cardwar.svg`` given junk raises one of cardwar's errors."""
    for call in (lambda: svg(value, width=width, seat=seat, last=last),
                 lambda: svg(_played("war", 1, 1), width=width, seat=seat, last=last),
                 lambda: picture_of(value, seat=seat),
                 lambda: draw(value, width=width, last=last),
                 lambda: register(value)):
        with contextlib.suppress(CardwarError):
            call()


def test_svgs_functions_refuse_junk_with_these_errors() -> None:
    with pytest.raises(StateError, match="state or an observation of a cardwar variant"):
        svg(object())
    with pytest.raises(StateError):
        picture_of("state")
    with pytest.raises(ArgumentTypeError, match="draw expects a Picture"):
        draw("picture")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="register expects a variant"):
        register(42)


@pytest.mark.parametrize(("picture", "error", "words"), [
    (Picture(3, ()), ArgumentTypeError, "title"),  # type: ignore[arg-type]
    (Picture("t", [Row("a")]), ArgumentTypeError, "rows"),  # type: ignore[arg-type]
    (Picture("t", (), ["a line"]), ArgumentTypeError, "lines"),  # type: ignore[arg-type]
    (Picture("t", (Row(None),)), ArgumentTypeError, "label"),  # type: ignore[arg-type]
    (Picture("t", (Row("a", note=1),)), ArgumentTypeError, "note"),  # type: ignore[arg-type]
    (Picture("t", (Row("a", stack=-1),)), ArgumentError, "stack"),
    (Picture("t", (Row("a", stack=2.0),)), ArgumentTypeError, "stack"),  # type: ignore[arg-type]
    (Picture("t", (Row("a", highlight=1),)), ArgumentTypeError,  # type: ignore[arg-type]
     "highlight"),
    (Picture("t", (Row("a", (Shown("AS"),)),)), ArgumentTypeError,  # type: ignore[arg-type]
     "card"),
    (Picture("t", (Row("a", (Shown(attached=["AS"]),)),)),  # type: ignore[arg-type]
     ArgumentTypeError, "attached"),
    (Picture("t", (Row("a", (Shown(caption=None),)),)),  # type: ignore[arg-type]
     ArgumentTypeError, "caption"),
    (Picture("t", (Row("a", (Shown(count=-2),)),)), ArgumentError, "count"),
    (Picture("t", (Row("a", (Shown(last=None),)),)),  # type: ignore[arg-type]
     ArgumentTypeError, "last"),
    (Picture("t", (Row("a", (Shown(past=1),)),)),  # type: ignore[arg-type]
     ArgumentTypeError, "past"),
    (Picture("t", (Row("a", beside="b"),)), ArgumentTypeError,  # type: ignore[arg-type]
     "beside"),
    (Picture("t", (Row("a", beside=Row("b", beside=Row("c"))),)), ArgumentError, "beside"),
    (Picture("t", (Row("a", beside=Row("b", stack=-1)),)), ArgumentError, "stack"),
])
def test_draw_refuses_a_picture_with_a_bad_field(picture: Picture, error: type,
                                                 words: str) -> None:
    with pytest.raises(error, match=words):
        draw(picture)


def test_a_picture_that_a_variant_draws_wrong_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar import war

    state = war.new_game(1)
    monkeypatch.setattr(war, "picture", lambda views, whole: "not a picture")
    with pytest.raises(StateError, match="cannot be drawn"):
        svg(state)
    monkeypatch.setattr(war, "picture", lambda views, whole: Picture("t", (Row("a", stack=-1),)))
    with pytest.raises(ObservationError, match="stack"):
        svg(war.observe(state, 0))


def test_a_forged_state_is_answered_with_what_is_wrong() -> None:
    from cardwar import caravan, generals

    state = generals.new_game(3)
    with pytest.raises(StateError, match="the state's"):
        svg(attrs.evolve(state, hands=[list(h) for h in state.hands]))  # type: ignore[arg-type]
    seen = caravan.observe(caravan.new_game(3), 0)
    with pytest.raises(ObservationError, match="the observation's hand_sizes"):
        svg(attrs.evolve(seen, hand_sizes=(8.0, 8)))  # type: ignore[arg-type]
    # Of its types, but its parts disagree: no seat's revealed generals.
    with pytest.raises(ObservationError, match="parts disagree, so it cannot be drawn"):
        svg(attrs.evolve(generals.observe(state, 0), revealed=()))


def test_a_states_views_are_observed_when_asked_for() -> None:
    from cardwar import svg as svg_module
    from cardwar import war

    state = war.new_game(1, war.options(players=4))
    views = svg_module._Views(war, state, 4)
    assert len(views) == 4
    assert views[2] == war.observe(state, 2)
    assert [v.seat for v in views] == [0, 1, 2, 3]
    for seat in (-1, 4, "0", None):
        with pytest.raises(IndexError, match="no seat"):
            views[seat]


def test_a_variant_without_its_own_state_class_is_registered_by_its_options() -> None:
    from cardwar import svg as svg_module
    from cardwar import war

    class Options:
        pass

    class Plugin:
        State = None
        Observation = "not a class"
        observe = staticmethod(war.observe)

    Plugin.Options = Options  # type: ignore[attr-defined]
    try:
        register(Plugin)
        assert svg_module._GAMES_BY_OPTIONS[Options] is Plugin
        assert Plugin not in svg_module._GAMES_BY_TYPE.values()
    finally:
        del svg_module._GAMES_BY_OPTIONS[Options]


def test_a_state_whose_seats_cannot_be_counted_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar import war

    def cannot(state: Any) -> int:
        raise ValueError("no seats")

    monkeypatch.setattr(war, "num_players", cannot)
    with pytest.raises(StateError, match="the state's parts disagree: ValueError: no seats"):
        svg(war.new_game(1))
