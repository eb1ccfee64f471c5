"""Details of :mod:`cardwar.variants.caravan` that the main tests leave open: the custom
deck options (``None`` spellings, exact error messages naming the option), the exact
messages of :func:`~cardwar.variants.caravan.parse_action`, the reprs of piles, caravans
and states, and what :func:`~cardwar.variants.caravan.observe` reports as the seat to
move."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwar.cards import Card, CardError, DealError, Suit, parse_card, parse_cards
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    Termination,
)
from cardwar.errors import ActionTypeError
from cardwar.rng import Rng
from cardwar.variants import caravan
from cardwar.variants.caravan import Caravan, Direction, Disband, Pile, Play, State
from cardwar.variants.caravan import rules as caravan_rules
from tests.support_process import run_text

# Thirty distinct number cards: the smallest custom deck the default options accept.
DECK_30 = " ".join(f"{r}{s}" for s in "HSD" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10))


def _card_error(text: str) -> str:
    with pytest.raises(CardError) as err:
        parse_card(text)
    return str(err.value)


# --- the custom deck options ------------------------------------------------------------


@pytest.mark.parametrize("spelling", [None, "none", "None", " NONE ", "\tnone\n"])
@pytest.mark.parametrize("name", ["deck_0", "deck_1"])
def test_every_spelling_of_none_selects_the_standard_deck(name: str, spelling: Any) -> None:
    # kills _deck_converter mutmut_1, _4, _6, _7
    opts = caravan.options(**{name: spelling})
    assert getattr(opts, name) is None
    assert len(caravan.deck(opts, 0)) == len(caravan.deck(opts, 1)) == 54


@pytest.mark.parametrize("value", [DECK_30, DECK_30.split(), tuple(DECK_30.split())])
def test_a_custom_deck_is_kept_in_the_order_written(value: Any) -> None:
    # kills _deck_converter mutmut_2, _3, _5, _8, _13
    opts = caravan.options(deck_1=value)
    expected = tuple(Card.parse(t) for t in DECK_30.split())
    assert opts.deck_1 == expected
    assert opts.deck_0 is None
    assert caravan.deck(opts, 1) == expected
    assert str(caravan.deck(opts, 1)[0]) == "AH"
    assert str(caravan.deck(opts, 1)[-1]) == "10D"


@pytest.mark.parametrize(("value", "shown"), [(5, "5"), (3.5, "3.5"), ({"AH"}, "{'AH'}")])
def test_a_deck_that_is_no_notation_is_refused_naming_the_option(value: Any, shown: str) -> None:
    # kills _deck_converter mutmut_9, _10, _11, _12 (and _8)
    with pytest.raises(OptionError) as err:
        caravan.options(deck_0=value)
    assert err.value.option == "deck_0"
    assert str(err.value) == (
        "option 'deck_0': expected a deck in card notation (such as '2H 3H JK') or None, "
        f"got {shown}"
    )


@pytest.mark.parametrize(
    ("value", "bad"), [(DECK_30 + " ZZ", "ZZ"), ([*DECK_30.split(), "2X"], "2X")]
)
def test_a_deck_with_a_bad_card_is_refused_with_the_card_message(value: Any, bad: str) -> None:
    # kills _deck_converter mutmut_14, _15, _16, _17, _18
    with pytest.raises(OptionError) as err:
        caravan.options(deck_1=value)
    assert err.value.option == "deck_1"
    assert str(err.value) == f"option 'deck_1': {_card_error(bad)}"


def test_a_deck_list_holding_a_non_string_is_refused_naming_the_option() -> None:
    # kills _deck_converter mutmut_14 to _18 on the list path
    with pytest.raises(OptionError) as err:
        caravan.options(deck_0=["AH", 7])
    assert err.value.option == "deck_0"
    assert str(err.value) == "option 'deck_0': card notation must be a str, got int 7"


@pytest.mark.rule("CARAVAN-DECK-CUSTOM")
@pytest.mark.parametrize(
    ("extra", "sets", "allowed", "repeats"),
    [
        (" 2H 3H", 1, "once (Jokers 2 times)", "2H (2 times), 3H (2 times)"),
        (" 2H 2H", 2, "2 times (Jokers 4 times)", "2H (3 times)"),
        (" JK JK JK", 1, "once (Jokers 2 times)", "JK (3 times)"),
    ],
)
def test_a_deck_repeating_cards_is_refused_listing_every_repeated_card(
    extra: str, sets: int, allowed: str, repeats: str
) -> None:
    # CARAVAN-DECK-CUSTOM: the message says how often a card may appear and lists every
    # card that appears more often, in deck order (kills _check_custom_deck mutmut_25 to
    # _28, _38 to _40).
    with pytest.raises(OptionError) as err:
        caravan.options(deck_0=DECK_30 + extra, deck_sets=sets)
    assert err.value.option == "deck_0"
    assert str(err.value) == (
        f"option 'deck_0': a deck built from {sets} set(s) may hold each card at most "
        f"{allowed}, but it repeats {repeats} "
        "(CARAVAN-DECK-CUSTOM: no duplicate card from the same set)"
    )


# --- parse_action messages ---------------------------------------------------------------


@pytest.mark.parametrize(("value", "kind"), [(7, "int"), (None, "NoneType"), (b"7H>A", "bytes")])
def test_parse_action_refuses_a_non_string_naming_its_type(value: Any, kind: str) -> None:
    # kills parse_action mutmut_2, _3
    with pytest.raises(NotationError) as err:
        caravan.parse_action(value)
    assert str(err.value) == f"action notation must be a str, got {kind}"


def test_a_number_card_on_a_card_is_refused_with_the_upper_case_correction() -> None:
    # kills parse_action mutmut_23
    with pytest.raises(NotationError) as err:
        caravan.parse_action("7h>a2")
    assert str(err.value) == (
        "bad action '7h>a2': a number card goes on the end of a caravan (write 7H>A), "
        "not on a card"
    )


@pytest.mark.parametrize("text", ["qs>e", "qs > e0"])
def test_a_face_card_without_a_target_is_refused_with_the_upper_case_example(text: str) -> None:
    # kills parse_action mutmut_36
    with pytest.raises(NotationError) as err:
        caravan.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: a face card or Joker needs the number card it goes on, "
        "counted from 1 (such as QS>E1)"
    )


@pytest.mark.parametrize("text", ["hello", "7H", "7H>G", "play 7H"])
def test_unreadable_notation_is_refused_listing_the_three_forms(text: str) -> None:
    # kills parse_action mutmut_74, _75, _76
    with pytest.raises(NotationError) as err:
        caravan.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected a play such as 7H>A or QS>E3, 'discard 7H' or "
        "'disband B'"
    )


@pytest.mark.parametrize(
    ("letter", "index"), [(c, i) for i, c in enumerate("ABCDEF")]
    + [(c, i) for i, c in enumerate("abcdef")]
)
def test_each_caravan_letter_maps_to_its_index(letter: str, index: int) -> None:
    assert caravan.parse_action(f"7H>{letter}") == Play(parse_card("7H"), index)
    assert caravan.parse_action(f"KS>{letter}2") == Play(parse_card("KS"), index, 1)
    assert caravan.parse_action(f"disband {letter}") == Disband(index)


# --- reprs ---------------------------------------------------------------------------------


def test_pile_repr_shows_its_notation() -> None:
    # kills Pile.__repr__ mutmut_1
    assert repr(Pile(parse_card("9S"))) == "Pile('9S')"
    assert repr(Pile(parse_card("9S"), tuple(parse_cards("KS JK")))) == "Pile('9S+KS+JK')"


def test_caravan_repr_shows_cards_value_suit_and_direction() -> None:
    # kills Caravan.__repr__ mutmut_1, _3, _4, _6
    assert repr(Caravan()) == "Caravan('-', value=0, suit=-, none)"
    car = Caravan(
        (Pile(parse_card("7H")), Pile(parse_card("9S"), (parse_card("KC"),))),
        25,
        Suit.SPADES,
        Direction.UP,
    )
    assert repr(car) == "Caravan('7H 9S+KC', value=25, suit=S, up)"
    down = Caravan((Pile(parse_card("10D")), Pile(parse_card("4D"))), 14, Suit.DIAMONDS,
                   Direction.DOWN)
    assert repr(down) == "Caravan('10D 4D', value=14, suit=D, down)"


def test_state_repr_shows_both_hands_and_all_six_caravans() -> None:
    # kills State.__repr__ mutmut_1, _3, _12
    empty = Caravan()
    a = Caravan((Pile(parse_card("7H")),), 7, Suit.HEARTS, Direction.NONE)
    e = Caravan((Pile(parse_card("9S"), (parse_card("KS"),)),), 18, Suit.SPADES,
                Direction.NONE)
    state = State(
        options=caravan.options(),
        decks=(parse_cards("2C 3C"), parse_cards("4C")),
        hands=(parse_cards("AH 5D"), parse_cards("JK 8C QH")),
        caravans=(a, empty, empty, empty, e, empty),
        rng=Rng.from_seed(0),
        discards=parse_cards("6S"),
        to_move=1,
        opening=(False, False),
        turns=12,
        last=Play(parse_card("7H"), 0),
    )
    assert repr(state) == (
        "caravan.State(turns=12, to_move=1, hands=(AH 5D | JK 8C QH), deck_sizes=(2, 1), "
        "caravans=(A: 7H, B: -, C: -, D: -, E: 9S+KS, F: -), discards=1, "
        "opening=(False, False), last=7H>A, result=None)"
    )


# --- observe ---------------------------------------------------------------------------------


def test_observation_names_the_seat_to_move_for_both_seats() -> None:
    # kills observe mutmut_11
    deal = [DECK_30, " ".join(reversed(DECK_30.split()))]
    opts = caravan.options(deck_0=DECK_30, deck_1=DECK_30)
    state = caravan.new_game(0, opts, deal=deal)
    assert caravan.observe(state, 0).to_move == 0
    assert caravan.observe(state, 1).to_move == 0
    state = caravan.step(state, caravan.parse_action("AH>A"))
    assert caravan.observe(state, 0).to_move == 1
    assert caravan.observe(state, 1).to_move == 1
    state = caravan.step(state, caravan.parse_action("10D>D"))
    assert caravan.observe(state, 0).to_move == 0


# --- the players option ------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 3, "3", "two"])
def test_caravan_refuses_any_number_of_players_but_two(players: Any) -> None:
    with pytest.raises(OptionError) as err:
        caravan.options(players=players)
    assert err.value.option == "players"
    assert str(err.value) == "option 'players': Caravan is for two players (CARAVAN-PLAYERS)"


@pytest.mark.parametrize("players", [2, "2", " 2 "])
def test_caravan_accepts_two_players_and_drops_the_option(players: Any) -> None:
    assert caravan.options(players=players, face_limit=2) == caravan.Options(face_limit=2)


def test_a_bad_custom_deck_of_seat_1_is_refused_naming_deck_1() -> None:
    with pytest.raises(OptionError) as err:
        caravan.options(deck_0=DECK_30, deck_1="AH 2H 3H")
    assert err.value.option == "deck_1"
    assert str(err.value) == (
        "option 'deck_1': a caravan deck needs at least 30 cards, this one has 3 "
        "(CARAVAN-DECK-CUSTOM: minimum deck size)"
    )


# --- action text ---------------------------------------------------------------------------


def test_actions_print_in_the_notation_parse_action_reads() -> None:
    assert str(Play(parse_card("7H"), 0)) == "7H>A"
    assert str(Play(parse_card("QS"), 4, 2)) == "QS>E3"
    assert str(Play(parse_card("KS"), 5, 0)) == "KS>F1"
    assert str(Disband(1)) == "disband B"
    assert str(caravan.Discard(parse_card("JK"))) == "discard JK"


@pytest.mark.parametrize("where", [6, -1, 2**70])
def test_an_action_on_a_caravan_that_does_not_exist_prints_it_in_brackets(where: Any) -> None:
    assert str(Play(parse_card("7H"), where)) == f"7H><caravan {where!r}>"
    assert str(Disband(where)) == f"disband <caravan {where!r}>"


@pytest.mark.parametrize("where", ["A", None, 1.0, True])
def test_an_action_on_a_caravan_that_is_not_an_int_is_refused_when_built(where: Any) -> None:
    with pytest.raises(ActionTypeError, match=r"^Play\.caravan must be an int, got "):
        Play(parse_card("7H"), where)
    with pytest.raises(ActionTypeError, match=r"^Disband\.caravan must be an int, got "):
        Disband(where)


# --- why an action is illegal ----------------------------------------------------------------


def _stacked(top: str) -> list[Card]:
    """Return the 54-card deck with the cards of ``top`` on top, in that order."""
    first = list(parse_cards(top))
    rest = list(caravan.deck())
    for card in first:
        rest.remove(card)
    return first + rest


# Seat 0's opening hand, then its next draws; seat 1's opening hand, then its next draws.
HAND_0 = "7H 9H 5S KS QC JD JK 2C 3H 2D 8S"
HAND_1 = "4D 8D 10C KH QS JH 3C 6S 9D 5C 6D"


def _game(**opts: Any) -> State:
    return caravan.new_game(0, caravan.options(**opts), deal=[_stacked(HAND_0), _stacked(HAND_1)])


def _play(state: State, *texts: str) -> State:
    for text in texts:
        state = caravan.step(state, caravan.parse_action(text))
    return state


OPENING = ("7H>A", "4D>D", "9H>B", "8D>E", "5S>C", "10C>F")


def _why(state: State, action: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        caravan.step(state, action)
    text = str(err.value)
    prefix = f"seat {state.to_move} cannot play {action}: "
    assert text.startswith(prefix)
    suffix = "; legal actions: " + ", ".join(str(a) for a in caravan.legal_actions(state)[:20])
    assert suffix in text
    assert err.value.legal == caravan.legal_actions(state)
    return text[len(prefix) : text.index("; legal actions: ")]


def test_the_illegal_actions_of_the_opening_are_explained() -> None:
    state = _play(_game(), "7H>A", "4D>D")
    assert state.in_opening
    assert state.to_move == 0
    assert _why(state, caravan.parse_action("9H>A")) == (
        "in the opening, a number card starts an empty caravan (CARAVAN-OPENING); "
        "A is started"
    )
    assert _why(state, caravan.parse_action("KS>A1")) == (
        "no face cards in the opening (CARAVAN-OPENING)"
    )
    assert _why(state, caravan.parse_action("discard 2C")) == (
        "in the opening, a player may discard only while holding fewer number cards than "
        "empty caravans, with a card to draw (CARAVAN-OPENING-DISCARD)"
    )
    assert _why(state, caravan.parse_action("disband A")) == (
        "no disbanding in the opening (CARAVAN-OPENING)"
    )


def test_the_illegal_plays_after_the_opening_are_explained() -> None:
    state = _play(_game(), *OPENING)
    assert not state.in_opening
    assert state.to_move == 0
    assert _why(state, caravan.parse_action("AH>A")) == "AH is not a card of seat 0's hand"
    assert _why(state, Play(parse_card("2C"), 6)) == "there is no caravan 6"
    assert _why(state, Play(parse_card("2C"), -1)) == "there is no caravan -1"
    assert _why(state, Play(parse_card("2C"), 0, 0)) == (
        "2C is a number card: it goes on the end of a caravan"
    )
    assert _why(state, caravan.parse_action("2C>D")) == (
        "number cards go on your own caravans (CARAVAN-NUMERAL), not 2C>D"
    )
    assert _why(state, Play(parse_card("KS"), 1)) == "caravan B has no number card None"
    assert _why(state, caravan.parse_action("KS>B2")) == "caravan B has no number card 1"
    assert _why(state, Play(parse_card("KS"), 1, -1)) == "caravan B has no number card -1"
    assert _why(state, caravan.parse_action("discard AH")) == "AH is not a card of seat 0's hand"
    assert _why(state, Disband(3)) == "seat 0 may disband only their own caravans (CARAVAN-DISBAND)"
    assert _why(state, Disband(-1)) == (
        "seat 0 may disband only their own caravans (CARAVAN-DISBAND)"
    )
    assert _why(state, "7H>A") == "7H>A is not a Caravan action"


def test_a_number_card_that_breaks_suit_and_direction_is_explained() -> None:
    # A: 7H then 2C (down, clubs); seat 0 then draws 3H, the next card of HAND_0.
    state = _play(_game(), *OPENING, "2C>A", "3C>D")
    assert str(state.caravans[0]) == "7H 2C"
    assert state.hands[0] == parse_cards("KS QC JD JK 3H")
    assert _why(state, caravan.parse_action("3H>A")) == (
        "3H cannot follow 2C on A (suit C, direction down): a number card must match the "
        "suit or continue the direction, and never repeat the last value "
        "(CARAVAN-SUIT, CARAVAN-DIRECTION, CARAVAN-REPEAT)"
    )
    assert _why(state, caravan.parse_action("QC>A1")) == (
        "a Queen goes on the last number card of a caravan (CARAVAN-QUEEN)"
    )


def test_a_full_number_card_and_an_empty_caravan_are_explained() -> None:
    state = _play(_game(face_limit=1), *OPENING, "KS>A1", "KH>D1")
    assert str(state.caravans[0]) == "7H+KS"
    assert _why(state, caravan.parse_action("JK>A1")) == (
        "that number card already holds 1 face cards (CARAVAN-FACE)"
    )
    state = _play(state, "disband B", "6S>F")
    assert _why(state, caravan.parse_action("disband B")) == "caravan B is empty (CARAVAN-DISBAND)"


def test_a_finished_game_refuses_every_action_saying_how_it_ended() -> None:
    state = _play(_game(max_turns=1), "7H>A")
    assert caravan.outcome(state) is not None
    with pytest.raises(GameOverError) as err:
        caravan.step(state, caravan.parse_action("4D>D"))
    assert str(err.value) == "the game is over (draw (turn_limit)); no action is legal"


# --- new_game and observe ------------------------------------------------------------------


def test_an_explicit_deal_needs_exactly_two_decks() -> None:
    with pytest.raises(DealError) as err:
        caravan.new_game(0, deal=" ".join(map(str, caravan.deck())))
    assert str(err.value) == "an explicit deal needs one deck per seat (2), got a string"
    with pytest.raises(DealError) as err:
        caravan.new_game(0, deal=[caravan.deck()] * 3)
    assert str(err.value) == "an explicit deal needs one deck per seat (2), got 3 decks"
    with pytest.raises(DealError) as err:
        caravan.new_game(0, deal=[caravan.deck()])
    assert str(err.value) == "an explicit deal needs one deck per seat (2), got 1 decks"


def test_an_explicit_deal_names_the_seat_whose_deck_is_wrong() -> None:
    full = caravan.deck()
    with pytest.raises(DealError) as err:
        caravan.new_game(0, deal=[full, full[1:]])
    assert str(err.value) == "seat 1's deck: the deal is missing cards of the deck: 2C"
    with pytest.raises(DealError) as err:
        caravan.new_game(0, deal=[(*full[:-1], full[0]), full])
    assert str(err.value).startswith("seat 0's deck: ")


@pytest.mark.parametrize("seat", [2, -1])
def test_observe_refuses_a_seat_that_does_not_exist(seat: int) -> None:
    with pytest.raises(ValueError, match=r"^seat must") as err:
        caravan.observe(_game(), seat)
    assert str(err.value) == f"seat must be an int in [0, 1], got {seat}"


# --- legal moves at the edges of the rules -------------------------------------------------


def _table(*cars: str) -> tuple[Caravan, ...]:
    """Return six caravans written like ``"7H 2C+KS"`` (``"-"`` for an empty one)."""
    out = []
    for text in cars:
        piles = []
        for pile in text.split() if text != "-" else []:
            numeral, *faces = pile.split("+")
            piles.append(Pile(parse_card(numeral), tuple(parse_card(f) for f in faces)))
        out.append(caravan.derive_caravan(tuple(piles)))
    return tuple(out)


def _midgame(to_move: int, *cars: str, hand: str = "9H QS KS 2D") -> State:
    hands = (parse_cards(hand), parse_cards("3S")) if to_move == 0 else (
        parse_cards("3S"), parse_cards(hand))
    return State(
        options=caravan.options(),
        decks=(parse_cards("4S 5S"), parse_cards("6S 7S")),
        hands=hands,
        caravans=_table(*cars),
        rng=Rng.from_seed(0),
        to_move=to_move,
        opening=(False, False),
        turns=20,
    )


CARS = ("7H 2C 10C", "4D", "6H", "5C 9C", "8S", "AD")


def test_the_last_number_card_is_named_when_a_number_card_does_not_fit() -> None:
    state = _midgame(0, *CARS)
    assert _why(state, caravan.parse_action("9H>A")) == (
        "9H cannot follow 10C on A (suit C, direction up): a number card must match the "
        "suit or continue the direction, and never repeat the last value "
        "(CARAVAN-SUIT, CARAVAN-DIRECTION, CARAVAN-REPEAT)"
    )


@pytest.mark.parametrize("text", ["QS>A3", "QS>D2", "KS>A1", "KS>A2", "KS>D1", "discard 9H",
                                  "disband A", "disband C", "2D>C"])
def test_seat_0_may_make_these_moves(text: str) -> None:
    state = _midgame(0, *CARS)
    action = caravan.parse_action(text)
    assert action in caravan.legal_actions(state)
    assert caravan.step(state, action).last == action


@pytest.mark.parametrize("text", ["disband D", "disband F", "QS>D2", "KS>D1", "discard 2D"])
def test_seat_1_may_make_these_moves(text: str) -> None:
    state = _midgame(1, *CARS)
    action = caravan.parse_action(text)
    assert action in caravan.legal_actions(state)
    assert caravan.step(state, action).last == action


@pytest.mark.parametrize("where", [6, 7, 2, -1])
def test_seat_1_may_not_disband_a_caravan_that_is_not_its_own(where: int) -> None:
    state = _midgame(1, *CARS)
    assert _why(state, Disband(where)) == (
        "seat 1 may disband only their own caravans (CARAVAN-DISBAND)"
    )


@pytest.mark.parametrize(
    ("text", "legal"),
    [
        ("2D>C", True),  # any number card starts an empty caravan
        ("4H>B", False),  # never the last value again, even without a direction
        ("9H>B", True),  # no direction yet: any other value
        ("3C>A", True),  # the caravan's suit goes against the direction
        ("9H>A", False),  # another suit must follow the direction (up)
        ("QS>A3", True),
    ],
)
def test_number_cards_follow_suit_direction_and_repeat(text: str, legal: bool) -> None:
    state = _midgame(0, "7H 2C 10C", "4D", "-", "5C 9C", "8S", "AD", hand="2D 4H 9H 3C QS")
    action = caravan.parse_action(text)
    assert (action in caravan.legal_actions(state)) is legal
    if legal:
        assert caravan.step(state, action).last == action
    else:
        assert "CARAVAN-REPEAT" in _why(state, action)


def _opening(seat: int, own: tuple[str, str, str], other: tuple[str, str, str], hand: str,
             deck: str = "4S 5S", **opts: Any) -> State:
    cars = (*own, *other) if seat == 0 else (*other, *own)
    hands = (parse_cards(hand), parse_cards("2S")) if seat == 0 else (
        parse_cards("2S"), parse_cards(hand))
    decks = (parse_cards(deck), parse_cards("6S")) if seat == 0 else (
        parse_cards("6S"), parse_cards(deck))
    return State(
        options=caravan.options(**opts),
        decks=decks,
        hands=hands,
        caravans=_table(*cars),
        rng=Rng.from_seed(0),
        to_move=seat,
        opening=(True, True),
        turns=2,
    )


@pytest.mark.parametrize(
    ("seat", "own", "other", "hand", "deck", "opts", "may"),
    [
        # Fewer number cards than empty caravans of one's own: a discard is allowed.
        (0, ("7H", "-", "-"), ("-", "-", "-"), "KS QS JD 2C", "4S", {}, True),
        (1, ("-", "7H", "-"), ("-", "-", "-"), "KS QS JD 2C", "4S", {}, True),
        # As many number cards as empty caravans: no discard (the other seat's caravans
        # do not count).
        (0, ("7H", "-", "-"), ("-", "-", "-"), "KS QS 3C 2C", "4S", {}, False),
        (1, ("-", "7H", "-"), ("-", "-", "-"), "KS QS 3C 2C", "4S", {}, False),
        (1, ("7H", "8D", "-"), ("-", "-", "-"), "KS QS JD 2C", "4S", {}, False),
        # No card to draw, or the option says never.
        (0, ("7H", "-", "-"), ("-", "-", "-"), "KS QS JD 2C", "", {}, False),
        (0, ("7H", "-", "-"), ("-", "-", "-"), "KS QS JD 2C", "4S",
         {"opening_discard": "never"}, False),
    ],
)
def test_an_opening_discard_needs_fewer_number_cards_than_empty_caravans(
    seat: int, own: tuple[str, str, str], other: tuple[str, str, str], hand: str, deck: str,
    opts: dict[str, Any], may: bool,
) -> None:
    state = _opening(seat, own, other, hand, deck, **opts)
    discard = caravan.parse_action("discard KS")
    assert (discard in caravan.legal_actions(state)) is may
    if not may:
        assert "CARAVAN-OPENING-DISCARD" in _why(state, discard)
    assert caravan.parse_action("2C>" + "ABCDEF"[3 * seat + own.index("-")]) in (
        caravan.legal_actions(state))


def _car(text: str, value: int) -> Caravan:
    """Return a caravan of the given value (its cards do not matter to position_winners)."""
    return Caravan((Pile(parse_card("AH")),) if text else (), value)


@pytest.mark.parametrize(
    ("values", "winners"),
    [
        ((20, 0, 0, 0, 0, 0), (None, None, None)),
        ((21, 0, 0, 0, 0, 0), (0, None, None)),
        ((26, 0, 0, 0, 0, 0), (0, None, None)),
        ((27, 0, 0, 0, 0, 0), (None, None, None)),
        ((0, 0, 0, 21, 0, 0), (1, None, None)),
        ((0, 0, 0, 26, 0, 0), (1, None, None)),
        ((0, 0, 0, 27, 0, 0), (None, None, None)),
        ((21, 22, 0, 22, 21, 0), (1, 0, None)),  # both sell: the higher value wins
        ((24, 0, 23, 24, 0, 30), (None, None, 0)),  # a tie sells neither
        ((0, 25, 0, 0, 20, 0), (None, 0, None)),
        ((0, 0, 0, 0, 0, 23), (None, None, 1)),
    ],
)
def test_position_winners_at_the_edges_of_a_sale(
    values: tuple[int, ...], winners: tuple[int | None, ...]
) -> None:
    cars = tuple(_car("x", v) for v in values)
    assert caravan.position_winners(cars) == winners


@pytest.mark.parametrize(
    ("text", "value", "suit", "direction"),
    [
        ("7H", 7, Suit.HEARTS, Direction.NONE),
        ("7H 9S", 16, Suit.SPADES, Direction.UP),
        ("7H 3S", 10, Suit.SPADES, Direction.DOWN),
        ("7H 7S", 14, Suit.SPADES, Direction.NONE),
        ("7H 9S+QD", 16, Suit.DIAMONDS, Direction.DOWN),
        ("7H 3S+QC", 10, Suit.CLUBS, Direction.UP),
        ("7H 9S+QD+QC", 16, Suit.CLUBS, Direction.UP),  # two Queens flip twice
        ("7H 9S+QD+KH+QC+QH", 25, Suit.HEARTS, Direction.DOWN),
        ("7H+QS 9D", 16, Suit.DIAMONDS, Direction.UP),  # only the last pile's Queens count
        ("7H+QS", 7, Suit.SPADES, Direction.NONE),
        ("2C 5D 9H+KS", 25, Suit.HEARTS, Direction.UP),
    ],
)
def test_derive_caravan_computes_value_suit_and_direction(
    text: str, value: int, suit: Suit, direction: Direction
) -> None:
    car = _table(text)[0]
    assert (car.value, car.suit, car.direction) == (value, suit, direction)
    assert caravan.derive_caravan(()) == Caravan()


# --- custom decks in the deal ------------------------------------------------------------------

DECK_31 = DECK_30 + " KS"


def test_each_seat_is_dealt_its_own_custom_deck() -> None:
    opts = caravan.options(deck_0=DECK_30, deck_1=DECK_31)
    assert caravan.deck(opts) == caravan.deck(opts, 0) == parse_cards(DECK_30)
    assert caravan.deck(opts, 1) == parse_cards(DECK_31)
    state = caravan.new_game(7, opts)
    assert len(state.caravans) == 6
    mine = [sorted(map(str, state.hands[s] + state.decks[s])) for s in (0, 1)]
    assert mine[0] == sorted(DECK_30.split())
    assert mine[1] == sorted(DECK_31.split())


def test_an_explicit_deal_is_checked_against_each_seats_own_deck() -> None:
    opts = caravan.options(deck_0=DECK_30, deck_1=DECK_31)
    state = caravan.new_game(7, opts, deal=[DECK_30, DECK_31])
    assert state.hands == (parse_cards(DECK_30)[:8], parse_cards(DECK_31)[:8])
    assert state.rng == Rng.from_seed(7)
    with pytest.raises(DealError) as err:
        caravan.new_game(7, opts, deal=[DECK_31, DECK_30])
    assert str(err.value).startswith("seat 0's deck: ")


def test_new_game_refuses_another_variants_options_by_name() -> None:
    from cardwar.variants import war

    with pytest.raises(TypeError) as err:
        caravan.new_game(1, war.Options())  # type: ignore[arg-type]
    assert str(err.value) == "options must be caravan.Options, got Options"


def test_plays_are_listed_by_rank_then_suit_in_bridge_order() -> None:
    state = _midgame(0, "-", "-", "-", "4D", "-", "-", hand="7S 7C JK 7H 2D")
    plays = [str(a) for a in caravan.legal_actions(state)]
    assert plays[:4] == ["2D>A", "2D>B", "2D>C", "7C>A"]
    assert plays[4:12] == ["7C>B", "7C>C", "7H>A", "7H>B", "7H>C", "7S>A", "7S>B", "7S>C"]
    assert plays[12:] == ["JK>D1", "discard 2D", "discard 7C", "discard 7H", "discard 7S",
                          "discard JK"]


def test_a_bad_custom_deck_of_seat_0_is_refused_naming_deck_0() -> None:
    with pytest.raises(OptionError) as err:
        caravan.options(deck_0="AH 2H 3H", deck_1=DECK_30)
    assert err.value.option == "deck_0"
    assert str(err.value).startswith("option 'deck_0': a caravan deck needs at least 30 cards")


# The deck options' converters are built once, when the module is imported: only a new
# interpreter shows what that import did (mutmut runs its mutants in processes that
# imported cardwar before the mutant was chosen).
_FRESH_DECK_PROBES = """
import json
import attrs
from cardwar.core import OptionError
from cardwar.variants import caravan
out = []
for name, value in [("deck_0", " NONE "), ("deck_1", None), ("deck_1", "AH 2H"),
                    ("deck_0", ["AH", "2H"]), ("deck_0", 5), ("deck_1", "AH ZZ")]:
    try:
        out.append(repr(attrs.fields_dict(caravan.Options)[name].converter(value)))
    except OptionError as err:
        out.append(f"{err.option}: {err}")
print(json.dumps(out))
"""


def test_the_deck_options_convert_the_same_in_a_fresh_interpreter() -> None:
    done = run_text(_FRESH_DECK_PROBES)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        "None",
        "None",
        "(Card.parse('AH'), Card.parse('2H'))",
        "(Card.parse('AH'), Card.parse('2H'))",
        "deck_0: option 'deck_0': expected a deck in card notation (such as '2H 3H JK') or "
        "None, got 5",
        f"deck_1: option 'deck_1': {_card_error('ZZ')}",
    ]


def test_the_generator_is_carried_unchanged_through_every_move() -> None:
    # Caravan uses its generator only to shuffle the decks at the deal; every move keeps
    # it, so a state records the same generator as the deal's (kills step mutmut_79).
    state = caravan.new_game(4, caravan.options(max_turns=60))
    dealt = state.rng
    moves = 0
    while caravan.outcome(state) is None:
        actions = caravan.legal_actions(state)
        state = caravan.step(state, actions[moves % len(actions)])
        assert state.rng == dealt
        moves += 1
    assert moves > 10


def test_every_move_is_told_in_words() -> None:
    # The narration of `cardwar play`: each kind of move in words, and each caravan that
    # starts or stops selling (issue 18).
    import random
    import re

    from cardwar.variants.caravan.view import describe_step

    seen: dict[str, int] = {}
    patterns = {
        "number": r"^seat [01] played \S+ on caravan [A-F] \([A-F] now \d+\)$",
        "jack": r"^seat [01] played J. on caravan [A-F]'s \S+, removing it \([A-F] now \d+\)$",
        "queen": r"^seat [01] played Q. on caravan [A-F]'s \S+, turning the caravan "
                 r"\([A-F] now \d+, (up|down|none)\)$",
        "king": r"^seat [01] played K. on caravan [A-F]'s \S+, doubling it \([A-F] now \d+\)$",
        "joker": r"^seat [01] played JK on caravan [A-F]'s \S+, removing (nothing \(no other "
                 r"card on the table matches it\)|.+ from caravan [A-F]) \([A-F] now \d+\)$",
        "discard": r"^seat [01] discarded \S+$",
        "disband": r"^seat [01] disbanded caravan [A-F] \(\d+ cards to the discard pile\)$",
        "sells": r"^caravan [A-F] (sells at \d+|is over 26 at \d+|no longer sells \(\d+\))$",
    }
    for seed in range(40):
        rnd = random.Random(seed)
        state = caravan.new_game(seed)
        while caravan.outcome(state) is None:
            action = rnd.choice(caravan.legal_actions(state))
            after = caravan.step(state, action)
            lines = describe_step(state, action, after, ascii=True).splitlines()
            lines = [line for line in lines if not line.startswith("result:")]
            first, rest = lines[0], lines[1:]
            kind = next(k for k, p in patterns.items() if k != "sells" and re.match(p, first))
            seen[kind] = seen.get(kind, 0) + 1
            for line in rest:
                assert re.match(patterns["sells"], line), line
                seen["sells"] = seen.get("sells", 0) + 1
            check_told(state, action, after, kind, first, rest)
            state = after
    assert set(seen) == set(patterns), seen


def _sale(value: int) -> str:
    return "sold" if 21 <= value <= 26 else "over" if value > 26 else ""


def check_told(before: Any, action: Any, after: Any, kind: str, first: str,
               rest: list[str]) -> None:
    """Assert that the narration of one move names what the move did: the seat, the
    card, the caravan and the card played on, the cards sent to the discard pile (as the
    discard pile grew), the value after; and exactly the caravans whose sale changed."""
    who = f"seat {before.to_move}"
    gone = len(after.discards) - len(before.discards)
    if kind == "discard":
        assert first == f"{who} discarded {action.card}"
    elif kind == "disband":
        name = "ABCDEF"[action.caravan]
        assert first == f"{who} disbanded caravan {name} ({gone} cards to the discard pile)"
    else:
        name = "ABCDEF"[action.caravan]
        value = after.caravans[action.caravan].value
        if kind == "number":
            assert first == f"{who} played {action.card} on caravan {name} ({name} now {value})"
        else:
            numeral = before.caravans[action.caravan].piles[action.target].numeral
            assert first.startswith(f"{who} played {action.card} on caravan {name}'s {numeral}, ")
            assert f"({name} now {value}" in first
            if kind == "joker":
                import re

                # Every card sent to the discard pile is named, with its caravan.
                named = re.findall(r"(?:[2-9]|10|[JQKA])[CDHS]|JK", first.partition(
                    ", removing ")[2])
                assert len(named) == gone
    changed = {}
    for k, (old, new) in enumerate(zip(before.caravans, after.caravans, strict=True)):
        if _sale(old.value) != _sale(new.value):
            state = _sale(new.value)
            changed["ABCDEF"[k]] = (
                f"sells at {new.value}" if state == "sold"
                else f"is over 26 at {new.value}" if state == "over"
                else f"no longer sells ({new.value})"
            )
    assert rest == [f"caravan {k} {text}" for k, text in changed.items()]


@pytest.mark.parametrize(
    ("top_0", "opts", "opening_0"),
    [
        # Eight number cards: seat 0 opens as usual.
        ("2H 3H 4H 5H 6H 7H 8H 9H", {}, True),
        # Five face cards among them, with no opening discard: seat 0 can still open.
        ("JH QH KH JS QS 2H 3H 4H", {"opening_discard": "never"}, True),
        # Only face cards and Jokers, with no opening discard: seat 0 forfeits at once.
        ("JH QH KH JS QS KS JK JK", {"opening_discard": "never"}, False),
    ],
)
def test_an_opening_is_forfeited_only_without_a_number_card_or_a_discard(
    top_0: str, opts: dict[str, Any], opening_0: bool
) -> None:
    """CARAVAN-OPENING: a seat whose caravans are not all started stays in its opening
    while its hand holds a number card (or it may discard); a hand of face cards alone,
    with no opening discard, ends its opening at the deal."""
    state = caravan.new_game(0, caravan.options(**opts),
                             deal=[_stacked(top_0), _stacked("2D 3D 4D 5D 6D 7D 8D 9D")])
    assert state.opening == (opening_0, True)
    assert state.to_move == (0 if opening_0 else 1)
    if opening_0:
        assert caravan.parse_action("2H>A") in caravan.legal_actions(state)


@given(st.lists(st.integers(0, 40), min_size=6, max_size=6), st.booleans())
def test_a_turn_decides_the_positions_as_position_winners_does(
    values: list[int], early: bool
) -> None:
    """step's conclusion counts the positions itself (a hot path): it must agree with
    position_winners for every value, at and around the sale's edges (CARAVAN-SELL,
    CARAVAN-OUTBID, CARAVAN-TIE, CARAVAN-END, CARAVAN-EARLY)."""
    cars = tuple(_car("x", v) for v in values)
    won = caravan.position_winners(cars)
    counts = (won.count(0), won.count(1))
    hands = (parse_cards("2H"), parse_cards("3H"))
    opts = caravan.options(early_finish=early)
    _, _, result = caravan_rules._conclude(opts, ((), ()), hands, cars, (False, False), 9, 0)
    if None not in won or (early and max(counts) >= 2):
        assert result == Outcome(Termination.CARAVANS_SOLD,
                                 (0 if counts[0] > counts[1] else 1,), counts)
    else:
        assert result is None
