"""``str`` and ``repr`` of states and observations: ``print(state)`` shows the variant's
text view (as ``print(board)`` does in python-chess), and ``repr`` is one short line, in
the form ``war.State(battles=3, ...)``, that counts the hidden cards rather than listing
them."""

from __future__ import annotations

import re

import attrs
import pytest

from cardwar import caravan, cold_war, war
from cardwar.cards import Card, parse_card, parse_cards
from cardwar.core import Outcome, Termination
from cardwar.render import Readable, render_observation, render_state, short_repr, size
from cardwar.variants import variant
from tests.strategies import play_out

#: The games and options tried: every variant, at two and at four seats where it has both.
GAMES = [("war", {}), ("war", {"players": 4}), ("peace", {}), ("arneson", {}),
         ("cold-war", {}), ("cold-war", {"players": 4}), ("generals", {}),
         ("generals", {"players": 4}), ("caravan", {})]

#: The longest ``repr`` allowed: one line a person reads at a glance.
LONGEST = 260


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_str_is_the_text_view_and_repr_is_short(name: str, options: dict[str, int]) -> None:
    game = variant(name)
    prefix = {"cold-war": "cold_war"}.get(name, name)
    seen = 0
    for state, _, after in play_out(game, 3, game.options(**options), max_steps=400):
        for x in (state, after):
            assert str(x) == render_state(game, x, ascii=True)
            text = repr(x)
            assert text.startswith(f"{prefix}.State(")
            assert text.endswith(")")
            assert "\n" not in text
            assert len(text) <= LONGEST, text
            for seat in range(game.num_players(x)):
                obs = game.observe(x, seat)
                assert str(obs) == render_observation(game, obs, ascii=True)
                shown = repr(obs)
                assert shown.startswith(f"{prefix}.Observation(seat={seat}, "), shown
                assert "\n" not in shown
                assert len(shown) <= LONGEST, shown
        seen += 1
    assert seen > 0


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_an_observation_s_repr_names_no_card_its_seat_cannot_see(
        name: str, options: dict[str, int]) -> None:
    game = variant(name)
    for _, _, state in play_out(game, 5, game.options(**options), max_steps=60):
        for seat in range(game.num_players(state)):
            obs = game.observe(state, seat)
            # Every card the repr names is in what the seat sees (its text view).
            visible = set(render_observation(game, obs, ascii=True).split())
            for card in re.findall(r"\b(?:[2-9]|10|[JQKA])[CDHS]\b|\bJK\b", repr(obs)):
                assert card in visible or any(card in word for word in visible), card


def test_print_state_is_short_for_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    # What a user types at the prompt: print(state) of a new game of each variant.
    for name, options in GAMES:
        game = variant(name)
        state = game.new_game(1, game.options(**options))
        print(state)
        out = capsys.readouterr().out
        assert out.splitlines()[0].startswith(game.TITLE), out
        assert "rng=" not in out
        assert "Rng(" not in out
        assert len(repr(state)) <= LONGEST


def test_a_value_built_by_hand_with_a_wrong_field_still_prints() -> None:
    # str and repr never raise: a debugger or a log prints any value, even one the view
    # cannot draw; the repr shows the wrong field as it is.
    state = attrs.evolve(war.new_game(1), stocks=None)  # type: ignore[arg-type]
    assert repr(state) == ("war.State(battles=0, stock_sizes=None, won_sizes=(0, 0), "
                           "set_aside=0, result=None)")
    assert str(state) == repr(state)
    mine = caravan.observe(caravan.new_game(1), 0)
    bad = attrs.evolve(mine, caravans=None, discards=None)  # type: ignore[arg-type]
    assert "caravans=None, discards=None" in repr(bad)
    assert str(bad) == repr(bad)
    half = attrs.evolve(cold_war.new_game(1), hands=((), None, ()))  # type: ignore[arg-type]
    assert "hand_sizes=(0, None, 0)" in repr(half)


@attrs.frozen
class Unregistered(Readable):
    """A value of no registered variant: its str is its repr."""

    hands: tuple[tuple[Card, ...], ...]
    cards: tuple[Card | None, ...]
    top: Card
    last: Outcome | None

    def __repr__(self) -> str:
        return short_repr(self, "Thing", hands=self.hands, cards=self.cards, top=self.top,
                          one=(self.top,), last=self.last, size=size(self.hands),
                          none=size(None), note="as written")


def test_short_repr_writes_cards_in_notation_and_names_the_module() -> None:
    thing = Unregistered(hands=(parse_cards("AH 5D"), parse_cards("8C")),
                         cards=(parse_card("2S"), None), top=parse_card("10H"),
                         last=Outcome(winners=(1,), termination=Termination.ALL_CARDS))
    assert repr(thing) == (
        "test_state_text.Thing(hands=(AH 5D | 8C), cards=(2S, None), top=10H, one=(10H), "
        f"last={thing.last}, size=2, none=None, note=as written)")
    assert str(thing) == repr(thing)
