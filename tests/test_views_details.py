"""Details of the views of General's War, Caravan and Cold War that the main tests leave
open, written from mutation testing: every card of a General's War picture with its
caption (a hand, a squad laid face up or face down, a general shown, a pot), a finished
player's place and both reserves of colour halves in its picture and narration; the
status of each caravan in a Caravan picture (sold at exactly 21 and 26, ahead, outbid)
and the result told after the move that ends the game; the end of a Cold War deal with
two bombs and an empty hand; and the messages of War's and Peace's ``sample_state`` for
what is not one of their observations."""

from __future__ import annotations

import random

import attrs
import pytest

from cardwar import caravan, cold_war, generals, peace, war
from cardwar.cards import parse_card, parse_cards
from cardwar.errors import OptionsTypeError, StateError
from cardwar.rng import Rng
from cardwar.svg import Row, Shown, picture_of
from tests.support_caravan import position
from tests.support_generals import act, game


def _up(text: str, caption: str = "") -> Shown:
    """Return the card written ``text`` face up with ``caption``."""
    return Shown(parse_card(text), caption=caption)


def _hand(text: str) -> tuple[Shown, ...]:
    return tuple(_up(t) for t in text.split())


# --- General's War ------------------------------------------------------------------------


def _generals_battle_two() -> generals.State:
    """Seat 0 has claimed A♠ (shown), equal sums 3 = 3 left a pot of 3♠ and 3♥, and seat
    0 has laid a one-card squad (5♠) for the second battle."""
    state = game(["AS 3S 5S 6S", "AH 3H 5H 7H"], "2S 2H 4S 4H 6H 7S", claim_cards=1,
                 squad_size="one_to_three", target=100)
    return act(state, "claim AS", "pass", "pass", "squad 3H", "squad 3S", "squad 5S")


def test_generals_picture_shows_hands_squads_generals_and_pot_with_captions() -> None:
    # Kills generals picture mutmut_20 to 26, 29 to 33, 38, 42 to 47 and 51 to 56.
    state = _generals_battle_two()
    own_row = Row("seat 0 (you)",
                  (*_hand("AS 6S 2S 6H 7S"), _up("5S", "squad"), _up("AS", "general"),
                   _up("3S", "pot")),
                  "score 0", 0, highlight=True)
    assert picture_of(generals.observe(state, 0)).rows == (
        own_row,
        Row("seat 1", (Shown(),) * 6 + (_up("3H", "pot"),), "score 0", 0),
    )
    # Seat 1 sees seat 0's hand and its one-card squad face down, the general and the pot.
    assert picture_of(generals.observe(state, 1)).rows == (
        Row("seat 0",
            (Shown(),) * 5 + (Shown(None, caption="squad"), _up("AS", "general"),
                              _up("3S", "pot")),
            "score 0", 0),
        Row("seat 1 (you)", (*_hand("AH 5H 7H 2H 4S 4H"), _up("3H", "pot")), "score 0", 0,
            highlight=True),
    )
    # The whole state: every hand and the squad face up.
    assert picture_of(state).rows == (
        attrs.evolve(own_row, label="seat 0", highlight=False),
        Row("seat 1", (*_hand("AH 5H 7H 2H 4S 4H"), _up("3H", "pot")), "score 0", 0),
    )


def test_generals_picture_notes_a_finished_players_place_after_its_score() -> None:
    # Kills generals picture mutmut_83.
    options = generals.options(players=4, four_player="duel", places=True)
    state = generals.new_game(0, options)
    rnd = random.Random(0)
    while state.result is None and all(p is None for p in state.places):
        state = generals.step(state, rnd.choice(generals.legal_actions(state)))
    assert state.result is None
    (done,) = [s for s, p in enumerate(state.places) if p is not None]
    assert state.places[done] == 1
    obs = generals.observe(state, 0)
    notes = [row.note for row in picture_of(obs).rows]
    assert notes == [f"score {obs.scores[s]}" + (", 1st" if s == done else "")
                     for s in range(4)]
    assert f"places: seat {done} 1st" in picture_of(obs).lines


def test_generals_colour_halves_show_both_reserves() -> None:
    # Kills generals describe_deal mutmut_8 and picture mutmut_93.
    state = generals.new_game(0, generals.options(deck_mode="colour_halves"))
    assert [len(r) for r in state.reserves] == [21, 21]
    assert generals.describe_deal(state) == "dealt: hands 5 | 5, reserve 21 | 21 (deal 1)"
    assert picture_of(state).lines[0] == "reserve: 21, 21 cards"
    assert picture_of(generals.observe(state, 1)).lines[0] == "reserve: 21, 21 cards"


# --- Caravan ------------------------------------------------------------------------------


def _caravan_endgame() -> caravan.State:
    """A (26) outbids D (21), B (22) sells against E (5), C is at 18 and F empty: seat 0
    wins by playing 3♦ on C."""
    return position(["10H 9H 7H", "10C 4C 8C", "10D 8D", "10S 2S 9S", "5S", "-"],
                    ["3D 2H 3H", "3C 4D 5D"], ["7C 7D", "7H 7S"])


def test_caravan_picture_notes_each_caravans_value_and_status() -> None:
    # Kills caravan picture mutmut_51, 52, 69, 74, 75 and 76: a caravan sells at exactly
    # 21 and at exactly 26; of two selling caravans of a position, the higher is ahead and
    # the other (here D, seat 1's) outbid.
    rows = picture_of(_caravan_endgame()).rows
    assert [(row.label, row.note) for row in rows[2:]] == [
        ("caravan A (seat 0)", "26, down (ahead)"),
        ("caravan B (seat 0)", "22, up (ahead)"),
        ("caravan C (seat 0)", "18, down"),
        ("caravan D (seat 1)", "21, up (outbid)"),
        ("caravan E (seat 1)", "5"),
        ("caravan F (seat 1)", "0"),
    ]


def test_caravan_move_that_ends_the_game_is_told_with_the_result() -> None:
    # Kills caravan describe_step mutmut_88.
    before = _caravan_endgame()
    action = caravan.parse_action("3D>C")
    after = caravan.step(before, action)
    assert caravan.describe_step(before, action, after, ascii=True) == (
        "seat 0 played 3D on caravan C (C now 21)\n"
        "caravan C sells at 21\n"
        "result: won by seat 0 (caravans_sold)"
    )


# --- Cold War -----------------------------------------------------------------------------


def test_cold_war_deal_end_lists_every_bomb_and_an_empty_hand() -> None:
    # Kills cold_war _deal_lines mutmut_25 and 37.
    before = cold_war.new_game(0, cold_war.options(players=3))
    action = cold_war.legal_actions(before)[0]
    record = cold_war.DealRecord(
        number=1, dealer=0, hands=((), parse_cards("2S 3S"), ()), card_points=(50, 30, 40),
        bombs=(20, 0, 100), set_aside=0, reason=cold_war.DealReason.RAN_OUT)
    after = attrs.evolve(before, deals=1, last_deal=record, totals=(70, 30, 140))
    assert cold_war.describe_step(before, action, after, ascii=True).splitlines()[1:] == [
        "deal 1 scored 70 / 30 / 140 (ran out); bomb for seat 0 (+20), seat 2 (+100)",
        "hands shown: seat 0 -; seat 1 2S 3S; seat 2 -",
        "totals: 70 / 30 / 140",
    ]


# --- War and Peace: sampling --------------------------------------------------------------


def test_war_and_peace_sampling_errors_name_the_game() -> None:
    # Kills war and peace sampling sample_state mutmut_4.
    for module, foreign, title in ((war, peace, "War"), (peace, war, "Peace")):
        state = module.new_game(0)
        with pytest.raises(StateError) as err:
            module.sample_state(state, Rng.from_seed(0))  # a state, not an observation
        assert str(err.value) == (
            f"expected an observation of {title}, got {type(state).__name__}: "
            "observe(state, seat) gives what one seat sees")
        seen = foreign.observe(foreign.new_game(0), 0)
        with pytest.raises(OptionsTypeError) as options_err:
            module.sample_state(seen, Rng.from_seed(0))
        assert str(options_err.value) == (
            f"expected an observation of {title}, whose options are "
            f"{module.NAME}.Options; got Options")
