"""Details of the views of General's War, Caravan and Cold War that the main tests leave
open, written from mutation testing: every card of a General's War picture with its
caption (a hand, a squad laid face up or face down, a general shown, a pot), a finished
player's place and both reserves of colour halves in its picture, text and narration;
each seat's view of General's War line by line, to the result; the status of each
caravan in a Caravan picture (sold at exactly 21 and 26, ahead, outbid) and the result
told after the move that ends the game; the end of a Cold War deal with two bombs and an
empty hand, and a seat's view marking a seat out of the deal; views refusing hand-built
values whose tuples disagree in length; and the messages of War's and Peace's
``sample_state`` for what is not one of their observations."""

from __future__ import annotations

import random

import attrs
import pytest

from cardwar import caravan, cold_war, generals, peace, war
from cardwar.cards import parse_card, parse_cards
from cardwar.errors import OptionsTypeError, StateError
from cardwar.render import format_cards, symbolize
from cardwar.rng import Rng
from cardwar.svg import Row, Shown, picture_of
from tests.support_caravan import position
from tests.support_cold_war import play
from tests.support_cold_war import position as cold_war_position
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
    # The general shown is drawn once, face up in its hand; the reserve is the last row.
    state = _generals_battle_two()
    own_row = Row("seat 0 (you)",
                  (_up("AS", "general"), *_hand("6S 2S 6H 7S"), _up("5S", "squad"),
                   _up("3S", "pot")),
                  "score 0", 0, highlight=True)
    reserve = Row("reserve", stack=0)
    assert picture_of(generals.observe(state, 0)).rows == (
        own_row,
        Row("seat 1", (Shown(),) * 6 + (_up("3H", "pot"),), "score 0", 0),
        reserve,
    )
    # Seat 1 sees seat 0's hand and its one-card squad face down, but the general shown,
    # face up in it, and the pot.
    assert picture_of(generals.observe(state, 1)).rows == (
        Row("seat 0",
            (_up("AS", "general"), *(Shown(),) * 4, Shown(None, caption="squad"),
             _up("3S", "pot")),
            "score 0", 0),
        Row("seat 1 (you)", (*_hand("AH 5H 7H 2H 4S 4H"), _up("3H", "pot")), "score 0", 0,
            highlight=True),
        reserve,
    )
    # The whole state: every hand and the squad face up.
    assert picture_of(state).rows == (
        attrs.evolve(own_row, label="seat 0", highlight=False),
        Row("seat 1", (*_hand("AH 5H 7H 2H 4S 4H"), _up("3H", "pot")), "score 0", 0),
        reserve,
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
    notes = [row.note for row in picture_of(obs).rows[:4]]
    assert notes == [f"score {obs.scores[s]}" + (", 1st" if s == done else "")
                     for s in range(4)]
    assert f"places: seat {done} 1st" in picture_of(obs).lines


def test_generals_colour_halves_show_both_reserves() -> None:
    # Kills generals describe_deal mutmut_8 and picture mutmut_93.
    state = generals.new_game(0, generals.options(deck_mode="colour_halves"))
    assert [len(r) for r in state.reserves] == [21, 21]
    assert generals.describe_deal(state) == "dealt: hands 5 | 5, reserve 21 | 21 (deal 1)"
    # Each seat's reserve is a pile in its row.
    for x in (state, generals.observe(state, 1)):
        rows = picture_of(x).rows
        assert len(rows) == 2
        assert [row.cards[-1] for row in rows] == [Shown(count=21, caption="reserve")] * 2
    # The text names each reserve (the whole state) or counts both (a seat's view).
    lines = generals.render_state(state, ascii=True).splitlines()
    assert lines[3:5] == [f"  reserve {i}: {format_cards(state.reserves[i], ascii=True)}"
                          for i in (0, 1)]
    assert generals.render_observation(generals.observe(state, 1)).splitlines()[3] == (
        "  reserves: seat 0 21 cards, seat 1 21 cards")


def test_generals_seat_s_views_line_by_line() -> None:
    """Each seat's view of General's War: every seat's counts, score, generals shown and
    whether it laid a squad, "<- you" on its own line, the reserve, the pot, the battle
    and the last one (equal sums), its hand and squad; symbols unless ascii is asked."""
    state = _generals_battle_two()
    table = [
        "  reserve: 0 cards",
        "  pot: seat 0 3S, seat 1 3H",
        "  battle: 0 against 1 (seat 0 chose)",
        "  last battle: seat 0 3S (3) vs seat 1 3H (3) -> equal sums, the cards stay",
    ]
    assert generals.render_observation(generals.observe(state, 1), ascii=True).splitlines() == [
        "General's War, seat 1's view, deal 1, battle 2 of the game",
        "  seat 0: hand 5, won 0, score 0, generals shown: AS, squad laid",
        "  seat 1: hand 6, won 0, score 0  <- you",
        *table,
        "  your hand: AH 5H 7H 2H 4S 4H",
    ]
    assert generals.render_observation(generals.observe(state, 0)).splitlines() == [
        "General's War, seat 0's view, deal 1, battle 2 of the game",
        "  seat 0: hand 5, won 0, score 0, generals shown: A\u2660, squad laid  <- you",
        "  seat 1: hand 6, won 0, score 0",
        *(symbolize(line) for line in table),
        "  your hand: A\u2660 6\u2660 2\u2660 6\u2665 7\u2660",
        "  your squad: 5\u2660",
    ]


def test_generals_seat_s_view_at_the_end_states_the_result() -> None:
    """A seat's view of a finished game of General's War ends with the result."""
    state = act(game(["3S 2S", "3H 2H"], "", target=1, claim_cards=0),
                "squad 2H 3H", "squad 2S 3S")
    assert state.result is not None
    assert generals.render_observation(generals.observe(state, 1), ascii=True).splitlines() == [
        "General's War, seat 1's view, game over after 1 deal",
        "  seat 0: hand 0, won 2, score 5",
        "  seat 1: hand 0, won 2, score 5  <- you",
        "  reserve: 0 cards",
        "  last battle: seat 0 2S 3S (5) vs seat 1 2H 3H (5) -> equal sums, the cards stay",
        "  your hand: -",
        "  result: draw (target_score)",
    ]


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
    # The caravans are drawn as the three facing pairs, A beside D, B beside E, C beside F.
    rows = picture_of(_caravan_endgame()).rows
    assert [(row.label, row.note) for row in rows[2:5]] == [
        ("caravan A (seat 0)", "26, down (ahead)"),
        ("caravan B (seat 0)", "22, up (ahead)"),
        ("caravan C (seat 0)", "18, down"),
    ]
    assert [(row.beside.label, row.beside.note) for row in rows[2:5] if row.beside] == [
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
        "deal 1 ended: a player ran out of cards; points seat 0 70 (bomb +20), seat 1 30, "
        "seat 2 140 (bomb +100)",
        "hands shown: seat 0 -; seat 1 2S 3S; seat 2 -",
        "totals: seat 0 70, seat 1 30, seat 2 140 (the target is 1000)",
        "seat 0 deals deal 2",
    ]


def test_cold_war_seat_s_view_marks_a_seat_out_of_the_deal() -> None:
    """Each seat's view of Cold War marks a seat that has left the deal (``last_standing``)
    and the viewer's own line; symbols unless ascii is asked for."""
    options = {"ranks": "9 10 J Q", "suits": "SHD", "decks": 1, "jokers": 0,
               "deal_end": "last_standing"}
    # Seat 0 takes the first trick and draws JS, seat 1 draws QS, the stock's last card;
    # seat 2 cannot refill and leaves the deal.
    deal = cold_war_position(["9S 10S QD", "9H 10H JH", "9D 10D JD"], "JS QS",
                             pools=["", "QH", ""], **options)
    state = play(deal, "QD", "9H", "10D")
    assert state.active == (True, True, False)
    assert cold_war.render_observation(cold_war.observe(state, 1), ascii=True).splitlines() == [
        "Cold War (Zimna Wojna), seat 1's view, deal 1, trick 2 of the game",
        "  seat 0: hand 3, pool 3 cards, total 0 points, dealer",
        "  seat 1: hand 3, pool 1 card, total 0 points  <- you",
        "  seat 2: hand 2, pool 0 cards, total 0 points (out of this deal)",
        "  stock: 0 cards",
        "  this round (seats 0, 1 in turn): -",
        "  last trick: seat 0 QD, seat 1 9H, seat 2 10D -> seat 0 takes 3 cards",
        "    seat 2 ran out of cards and is out of this deal",
        "  your hand: 10H JH QS",
    ]
    assert cold_war.render_observation(cold_war.observe(state, 2)).splitlines()[1:4] == [
        "  seat 0: hand 3, pool 3 cards, total 0 points, dealer",
        "  seat 1: hand 3, pool 1 card, total 0 points",
        "  seat 2: hand 2, pool 0 cards, total 0 points (out of this deal)  <- you",
    ]
    assert cold_war.render_observation(cold_war.observe(state, 2)).splitlines()[-1] == (
        "  your hand: 9\u2666 J\u2666")


def test_cold_war_seat_s_view_of_a_finished_game_ends_with_its_result() -> None:
    """Once the game is over, every seat's view says how it ended, as the table's does."""
    state = cold_war.new_game(3, cold_war.options(target=100))
    pick = random.Random(3)
    while cold_war.to_act(state) is not None:
        state = cold_war.step(state, pick.choice(cold_war.legal_actions(state)))
    result = cold_war.outcome(state)
    assert result is not None
    for seat in range(3):
        lines = cold_war.render_observation(cold_war.observe(state, seat)).splitlines()
        assert lines[-1] == f"  result: {result}"
    assert cold_war.render_state(state).splitlines()[-1] == f"  result: {result}"


# --- inconsistent values ------------------------------------------------------------------


def test_views_refuse_tuples_that_disagree_in_length() -> None:
    """A hand-built General's War battle whose sides and sums disagree in length, or a
    Caravan step whose states hold different numbers of caravans, is refused rather than
    told with a part left out."""
    state = _generals_battle_two()
    assert state.last is not None
    broken = attrs.evolve(state, last=attrs.evolve(state.last, sums=state.last.sums[:1]))
    with pytest.raises(ValueError, match="shorter"):
        generals.render_state(broken)
    before = caravan.new_game(0)
    action = caravan.legal_actions(before)[0]
    after = caravan.step(before, action)
    with pytest.raises(ValueError, match="shorter"):
        caravan.describe_step(before, action, attrs.evolve(after, caravans=after.caravans[:5]))


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
