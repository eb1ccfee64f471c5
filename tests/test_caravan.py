"""Scenario tests of Caravan, each naming the rule of ``docs/rules/caravan.md`` it checks.

Positions are built with :func:`tests.support_caravan.position`: caravans ``A`` to ``F``
in pile notation (``5H+KS`` is the 5H with a King of spades on it), both hands and decks.
Every expected value below is worked out by hand from the rules page.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import caravan
from cardwar.cards import JOKER, Card, DealError, Rank, parse_cards, standard_deck
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Termination,
)
from tests.strategies import play_out, seeds
from tests.support_caravan import (
    all_plays,
    build_caravan,
    caravan_options,
    position,
    resample_caravan_hidden,
    turn_bound,
)

Direction = caravan.Direction


def act(state: caravan.State, *moves: str) -> caravan.State:
    """Play the actions written ``moves`` in turn."""
    for move in moves:
        state = caravan.step(state, caravan.parse_action(move))
    return state


def names(actions: tuple[caravan.Action, ...]) -> list[str]:
    return [str(a) for a in actions]


def cards(pile: tuple[Card, ...]) -> str:
    return " ".join(map(str, pile))


def deal_with(top0: str, top1: str) -> list[tuple[Card, ...]]:
    """Return an explicit deal of the two 54-card decks: each seat's given top cards,
    then the rest of the deck in its canonical order."""
    out = []
    for top in (top0, top1):
        first = list(parse_cards(top))
        rest = list(caravan.deck())
        for card in first:
            rest.remove(card)
        out.append(tuple(first + rest))
    return out


# --- cards and setup ----------------------------------------------------------------------


@pytest.mark.rule("CARAVAN-DECK", "CARAVAN-DEAL", "CARAVAN-HAND")
def test_the_deck_the_deal_and_the_opening_hands() -> None:
    one = caravan.deck()
    numerals = [c for c in one if caravan.pip(c) is not None]
    assert len(one) == 54
    assert len(numerals) == 40
    assert sum(caravan.pip(c) or 0 for c in numerals) == 220
    assert Counter(c.rank for c in one if caravan.pip(c) is None) == {
        Rank.JACK: 4, Rank.QUEEN: 4, Rank.KING: 4, Rank.JOKER: 2
    }
    state = caravan.new_game(11)
    assert [len(h) for h in state.hands] == [8, 8]
    assert [len(d) for d in state.decks] == [46, 46]
    assert len(caravan.cards_in_play(state)) == 108
    for seat in (0, 1):
        assert Counter(state.hands[seat] + state.decks[seat]) == Counter(one)
    # Each seat shuffles its own deck: the two orders differ.
    assert state.hands[0] + state.decks[0] != state.hands[1] + state.decks[1]
    assert caravan.new_game(11) == state
    explicit = caravan.new_game(0, deal=deal_with("2H 3H 4H JK JK KH KS KD", "5C"))
    assert cards(explicit.hands[0]) == "2H 3H 4H JK JK KH KS KD"
    assert cards(explicit.hands[1]) == "5C 2C 3C 4C 6C 7C 8C 9C"
    assert cards(explicit.decks[1][:2]) == "10C JC"
    small = caravan.new_game(0, caravan.options(opening_hand=5))
    assert [len(h) for h in small.hands] == [5, 5]


@pytest.mark.rule("CARAVAN-DEAL")
def test_a_bad_explicit_deal_names_the_seat_and_the_problem() -> None:
    good = deal_with("", "")
    with pytest.raises(DealError, match=r"seat 1's deck: .*missing"):
        caravan.new_game(0, deal=[good[0], good[1][1:]])
    with pytest.raises(DealError, match=r"seat 0's deck: .*duplicated"):
        caravan.new_game(0, deal=[(*good[0][1:], good[0][1]), good[1]])
    with pytest.raises(DealError, match="one deck per seat"):
        caravan.new_game(0, deal=[good[0]])


@pytest.mark.rule("CARAVAN-PLAYERS")
def test_two_players_only() -> None:
    with pytest.raises(OptionError, match="'players'"):
        caravan.options(players=3)
    assert caravan.options(players=2) == caravan.options()
    assert caravan.num_players(caravan.new_game(0)) == 2


@pytest.mark.rule("CARAVAN-DECK-CUSTOM")
def test_custom_decks_follow_the_published_deck_rules() -> None:
    thirty = standard_deck()[:30]
    opts = caravan.options(deck_0=thirty, deck_1=" ".join(map(str, standard_deck()[22:])))
    state = caravan.new_game(4, opts)
    assert len(state.hands[0]) + len(state.decks[0]) == 30
    assert len(state.hands[1]) + len(state.decks[1]) == 30
    assert Counter(state.hands[0] + state.decks[0]) == Counter(thirty)
    with pytest.raises(OptionError, match=r"'deck_0'.*at least 30 cards.*has 29.*minimum deck"):
        caravan.options(deck_0=thirty[:29])
    with pytest.raises(OptionError, match=r"'deck_1'.*repeats 2C \(2 times\).*no duplicate"):
        caravan.options(deck_1=(*thirty, thirty[0]))
    with pytest.raises(OptionError, match=r"Jokers 2 times.*JK \(3 times\)"):
        caravan.options(deck_1=(*thirty, JOKER, JOKER, JOKER))
    assert caravan.options(deck_1=(*thirty, JOKER, JOKER)).deck_1 is not None
    # Two sets: each card twice, Jokers four times.
    assert caravan.options(deck_0=thirty + thirty[:5], deck_sets=2).deck_0 is not None
    with pytest.raises(OptionError, match="at most 2 times"):
        caravan.options(deck_0=thirty + thirty[:5] + thirty[:1], deck_sets=2)
    # The size rule can be relaxed for puzzles and tests, never silently.
    assert caravan.options(deck_0="AH 2H 3H", min_deck_size=3).deck_0 == parse_cards("AH 2H 3H")
    with pytest.raises(OptionError, match=r"'deck_0'.*card notation"):
        caravan.options(deck_0=42)
    with pytest.raises(OptionError, match=r"'deck_0'.*bad card"):
        caravan.options(deck_0="AH ZZ")


@pytest.mark.rule("CARAVAN-FIRST")
def test_first_player_is_a_parameter() -> None:
    assert caravan.to_act(caravan.new_game(0)) == 0
    state = caravan.new_game(0, caravan.options(first_player=1))
    assert caravan.to_act(state) == 1
    assert {a.caravan for a in caravan.legal_actions(state) if isinstance(a, caravan.Play)} == {
        3, 4, 5
    }


# --- play -------------------------------------------------------------------------------------


@pytest.mark.rule("CARAVAN-OPENING")
def test_the_opening_places_one_number_card_on_each_own_caravan() -> None:
    state = caravan.new_game(0, deal=deal_with("2H 3H 4H JK JK KH KS KD", "5C 6C 7C QC"))
    # Only number cards, only on empty own caravans; no faces, discards or disbands.
    assert names(caravan.legal_actions(state)) == [
        "2H>A", "2H>B", "2H>C", "3H>A", "3H>B", "3H>C", "4H>A", "4H>B", "4H>C"
    ]
    seats = []
    for move in ("3H>B", "7C>D", "2H>A", "6C>F", "4H>C", "5C>E"):
        seats.append(caravan.to_act(state))
        state = act(state, move)
    assert seats == [0, 1, 0, 1, 0, 1]
    assert [str(c) for c in state.caravans] == ["2H", "3H", "4H", "7C", "5C", "6C"]
    # No draws in the opening: the hands are 5 cards, the decks untouched.
    assert [len(h) for h in state.hands] == [5, 5]
    assert [len(d) for d in state.decks] == [46, 46]
    assert state.opening == (False, False)
    assert caravan.to_act(state) == 0
    with pytest.raises(IllegalActionError, match="CARAVAN-OPENING"):
        act(caravan.new_game(0, deal=deal_with("2H 3H 4H JK", "")), "JK>A1")


@pytest.mark.rule("CARAVAN-OPENING-DISCARD")
def test_opening_discards_only_while_short_of_number_cards() -> None:
    deal = deal_with("2H 3H 4H JK JK KH KS KD", "5C 6C QC JC KC KD KH JK")
    state = caravan.new_game(0, deal=deal)
    assert not any(isinstance(a, caravan.Discard) for a in caravan.legal_actions(state))
    state = act(state, "2H>A")
    # Seat 1 holds two number cards for three empty caravans: it may discard and draw.
    legal = names(caravan.legal_actions(state))
    assert legal == [
        "5C>D", "5C>E", "5C>F", "6C>D", "6C>E", "6C>F", "discard 5C", "discard 6C",
        "discard JC", "discard QC", "discard KC", "discard KD", "discard KH", "discard JK",
    ]
    state = act(state, "discard JK")
    assert cards(state.hands[1]) == "5C 6C QC JC KC KD KH 2C"
    assert cards(state.discards) == "JK"
    assert state.opening == (True, True)
    assert caravan.to_act(state) == 0  # the discard was seat 1's turn
    state = act(state, "3H>B", "5C>D")
    # Now two number cards for two empty caravans: no more discards.
    state = act(state, "4H>C")
    assert not any(isinstance(a, caravan.Discard) for a in caravan.legal_actions(state))
    with pytest.raises(IllegalActionError, match="CARAVAN-OPENING-DISCARD"):
        act(state, "discard KC")


@pytest.mark.rule("CARAVAN-OPENING-DISCARD", "CARAVAN-OPENING")
def test_without_opening_discards_a_player_with_no_number_card_forfeits() -> None:
    deal = deal_with("2H 3H 4H 5H", "JC QC KC JD QD KD JH JK")
    opts = caravan.options(opening_discard="never")
    state = caravan.new_game(0, opts, deal=deal)
    assert state.opening == (True, False)
    state = act(state, "2H>A")
    assert caravan.to_act(state) == 0  # seat 1 has forfeited: seat 0 opens on
    state = act(state, "3H>B", "4H>C")
    assert state.opening == (False, False)
    assert caravan.to_act(state) == 1
    assert [str(c) for c in state.caravans[3:]] == ["-", "-", "-"]
    legal = names(caravan.legal_actions(state))
    assert "JC>A1" in legal
    assert "QC>C1" in legal
    assert not any(a.startswith("disband") for a in legal)
    # With the default, the same hand may discard and draw instead.
    default = caravan.new_game(0, deal=deal)
    assert default.opening == (True, True)
    assert "discard JK" in names(caravan.legal_actions(act(default, "2H>A")))


@pytest.mark.rule("CARAVAN-TURN", "CARAVAN-DRAW")
def test_a_turn_is_a_play_a_discard_or_a_disband_and_plays_draw() -> None:
    state = position(
        ["10H", "-", "-", "5S", "-", "-"], ["9H KS", "2D"], ["8C 7C", ""], discards="QD"
    )
    assert names(caravan.legal_actions(state)) == [
        "9H>A", "9H>B", "9H>C", "KS>A1", "KS>D1", "discard 9H", "discard KS", "disband A"
    ]
    played = act(state, "9H>A")
    assert cards(played.hands[0]) == "KS 8C"
    assert cards(played.decks[0]) == "7C"
    assert caravan.to_act(played) == 1
    assert played.turns == 1
    discarded = act(state, "discard KS")
    assert cards(discarded.hands[0]) == "9H 8C"
    assert cards(discarded.discards) == "QD KS"
    # An empty deck: play on without drawing.
    empty = act(played, "2D>D")
    assert cards(empty.hands[1]) == ""
    assert empty.decks[1] == ()


@pytest.mark.rule("CARAVAN-TURN")
def test_step_refuses_exactly_what_legal_actions_leaves_out() -> None:
    rnd = random.Random(5)
    checked = 0
    for seed in range(6):
        for state, _, _ in play_out(caravan, seed, choice_seed=seed, max_steps=60):
            if rnd.random() > 0.3:
                continue
            legal = set(caravan.legal_actions(state))
            for action in all_plays(state):
                if action in legal:
                    caravan.step(state, action)
                else:
                    with pytest.raises(IllegalActionError) as err:
                        caravan.step(state, action)
                    assert err.value.legal == caravan.legal_actions(state)
                checked += 1
    assert checked > 1000


@pytest.mark.rule("CARAVAN-VALUE")
def test_a_caravan_is_worth_its_number_cards_with_aces_as_one() -> None:
    car = build_caravan("AH 5H+KS 7D")
    assert car.value == 1 + 10 + 7
    state = position(["AH 5H", "-", "-", "-", "-", "-"], ["7D", "2C"])
    assert act(state, "7D>A").caravans[0].value == 13
    assert caravan.pip(parse_cards("AS")[0]) == 1
    assert caravan.pip(JOKER) is None


@pytest.mark.rule("CARAVAN-NUMERAL")
def test_number_cards_go_on_your_own_caravans_only() -> None:
    state = position(["-", "-", "-", "3S", "-", "-"], ["4S", "2C"])
    assert names(caravan.legal_actions(state))[:3] == ["4S>A", "4S>B", "4S>C"]
    with pytest.raises(IllegalActionError, match="own caravans"):
        act(state, "4S>D")


@pytest.mark.rule("CARAVAN-SUIT", "CARAVAN-DIRECTION", "CARAVAN-REPEAT")
def test_number_cards_match_the_suit_or_continue_the_direction() -> None:
    car = build_caravan("3H 5S")
    assert (car.suit, car.direction) == (parse_cards("5S")[0].suit, Direction.UP)
    state = position(["3H 5S", "6H", "-", "-", "-", "-"], ["7D 4D 4S 5H 5S 2C 6S", "2C"])
    legal = names(caravan.legal_actions(state))
    on_a = [m for m in legal if m.endswith(">A")]
    # 7D continues up; 4S matches the suit; 4D and 2C go down in another suit; 5H and 5S
    # repeat the last value, whatever the suit; 6S is up.
    assert on_a == ["4S>A", "6S>A", "7D>A"]
    # A single card has no direction yet: any other value; 6S repeats the 6.
    on_b = [m for m in legal if m.endswith(">B")]
    assert on_b == ["2C>B", "4D>B", "4S>B", "5H>B", "5S>B", "7D>B"]
    # The second card sets the direction.
    assert act(state, "4D>B").caravans[1].direction is Direction.DOWN
    assert act(state, "7D>B").caravans[1].direction is Direction.UP
    # A same-suit card may go against the direction, and then reverses it.
    after = act(state, "4S>A").caravans[0]
    assert (str(after.suit), after.direction, after.value) == ("S", Direction.DOWN, 12)
    with pytest.raises(IllegalActionError, match="CARAVAN-REPEAT"):
        act(state, "5S>A")


@pytest.mark.rule("CARAVAN-FACE")
def test_face_cards_go_on_any_number_card_of_any_caravan() -> None:
    state = position(["2H 3H", "-", "-", "9C+KC", "-", "8D"], ["KS JK", "2C"])
    legal = names(caravan.legal_actions(state))
    assert [m for m in legal if m.startswith("KS")] == ["KS>A1", "KS>A2", "KS>D1", "KS>F1"]
    assert [m for m in legal if m.startswith("JK")] == ["JK>A1", "JK>A2", "JK>D1", "JK>F1"]
    limited = position(
        ["2H 3H", "-", "-", "9C+KC", "-", "8D"], ["KS JK", "2C"], face_limit=1
    )
    legal = names(caravan.legal_actions(limited))
    assert "KS>D1" not in legal
    assert "KS>F1" in legal
    with pytest.raises(IllegalActionError, match="CARAVAN-FACE"):
        act(limited, "KS>D1")
    with pytest.raises(IllegalActionError, match="no number card"):
        act(state, "KS>B1")


@pytest.mark.rule("CARAVAN-JACK", "CARAVAN-RECOMPUTE")
def test_a_jack_removes_a_number_card_with_everything_on_it() -> None:
    table = ["10S", "-", "-", "2C 4C+KH 9D", "-", "-"]
    state = position(table, ["JS JH", "3C"])
    assert state.caravans[3].value == 2 + 8 + 9
    middle = act(state, "JS>D2")
    d = middle.caravans[3]
    assert (str(d), d.value, str(d.suit), d.direction) == ("2C 9D", 11, "D", Direction.UP)
    assert cards(middle.discards) == "4C KH JS"
    last = act(state, "JH>D3").caravans[3]
    assert (str(last), last.value, str(last.suit), last.direction) == (
        "2C 4C+KH", 10, "C", Direction.UP
    )
    own = act(state, "JS>A1").caravans[0]
    assert (str(own), own.value, own.suit) == ("-", 0, None)


@pytest.mark.rule("CARAVAN-JACK-LIMIT", "CARAVAN-FACE")
def test_a_jack_goes_past_the_face_card_limit_only_with_the_option() -> None:
    # The 4C holds three Kings (worth 32): with face_limit=3 it is full.
    table = ["10S", "-", "-", "2C 4C+KH+KS+KD 9D", "-", "-"]
    full = position(table, ["JS KC", "3C"], face_limit=3)
    legal = names(caravan.legal_actions(full))
    assert [m for m in legal if m[:2] in ("JS", "KC")][:6] == [
        "JS>A1", "JS>D1", "JS>D3", "KC>A1", "KC>D1", "KC>D3"
    ]
    with pytest.raises(IllegalActionError, match="already holds 3 face cards"):
        act(full, "JS>D2")
    free = position(table, ["JS KC", "3C"], face_limit=3, jack_ignores_face_limit=True)
    legal = names(caravan.legal_actions(free))
    assert [m for m in legal if m[:2] in ("JS", "KC")][:7] == [
        "JS>A1", "JS>D1", "JS>D2", "JS>D3", "KC>A1", "KC>D1", "KC>D3"
    ]
    # The integer interface lists the same plays.
    assert caravan.legal_action_indices(free) == tuple(sorted(
        caravan.action_to_index(free.options, a) for a in caravan.legal_actions(free)))
    assert caravan.action_to_index(free.options, caravan.parse_action("JS>D2")) in (
        caravan.legal_action_indices(free))
    with pytest.raises(IllegalActionError, match="already holds 3 face cards"):
        act(free, "KC>D2")  # only a Jack goes past the limit
    after = act(free, "JS>D2")
    d = after.caravans[3]
    assert (str(d), d.value, str(d.suit), d.direction) == ("2C 9D", 11, "D", Direction.UP)
    assert cards(after.discards) == "4C KH KS KD JS"
    # Without a limit the option changes nothing.
    unlimited = position(table, ["JS KC", "3C"], jack_ignores_face_limit=True)
    assert caravan.legal_actions(unlimited) == caravan.legal_actions(position(table,
                                                                               ["JS KC", "3C"]))


@pytest.mark.rule("CARAVAN-QUEEN")
def test_a_queen_changes_the_suit_and_reverses_the_direction() -> None:
    state = position(["3H 5S", "6H", "-", "-", "-", "-"], ["QD 4C 9D 9C 2S 5D", "2C"])
    a = act(state, "QD>A2").caravans[0]
    assert (str(a.suit), a.direction, a.value) == ("D", Direction.DOWN, 8)
    after = act(state, "QD>A2")
    after = attrs_turn(after)
    legal = names(caravan.legal_actions(after))
    # Down now: 4C and 2S go lower; 9D matches the new suit; 9C does not; 5D repeats.
    assert [m for m in legal if m.endswith(">A")] == ["2S>A", "4C>A", "9D>A"]
    # Only on the last number card.
    with pytest.raises(IllegalActionError, match="last number card"):
        act(state, "QD>A1")
    assert "QD>A1" not in names(caravan.legal_actions(state))
    # On a single card: the suit only.
    b = act(state, "QD>B1").caravans[1]
    assert (str(b.suit), b.direction) == ("D", Direction.NONE)
    # Two Queens: the direction comes back, the suit is the latest Queen's.
    twice = caravan.derive_caravan(build_caravan("3H 5S+QD+QC").piles)
    assert (str(twice.suit), twice.direction) == ("C", Direction.UP)


def attrs_turn(state: caravan.State) -> caravan.State:
    """Return ``state`` with seat 0 to move again (for a second look at its options)."""
    import attrs

    return attrs.evolve(state, to_move=0)


@pytest.mark.rule("CARAVAN-KING")
def test_kings_double_the_card_they_sit_on() -> None:
    state = position(["2H 4S", "-", "-", "6C", "-", "-"], ["KS KD", "2C"])
    once = act(state, "KS>A2")
    assert once.caravans[0].value == 2 + 8
    twice = act(attrs_turn(once), "KD>A2")
    assert twice.caravans[0].value == 2 + 16
    assert str(twice.caravans[0]) == "2H 4S+KS+KD"
    # On the opponent's caravan too.
    assert act(state, "KS>D1").caravans[3].value == 12
    # Kings do not change suit or direction.
    assert (twice.caravans[0].suit, twice.caravans[0].direction) == (
        state.caravans[0].suit, state.caravans[0].direction
    )


@pytest.mark.rule("CARAVAN-JOKER-ACE", "CARAVAN-RECOMPUTE")
def test_a_joker_on_an_ace_removes_the_other_number_cards_of_its_suit() -> None:
    table = ["AH 5H+KS 7D", "3H+QS", "-", "AH 4C", "9H+KH 2S", "6S+KH"]
    state = position(table, ["JK", "2C"], ["2D", ""])
    after = act(state, "JK>A1")
    assert [str(c) for c in after.caravans] == ["AH+JK 7D", "-", "-", "4C", "2S", "6S+KH"]
    assert [c.value for c in after.caravans] == [8, 0, 0, 4, 2, 12]
    a = after.caravans[0]
    assert (str(a.suit), a.direction) == ("D", Direction.UP)
    assert cards(after.discards) == "5H KS 3H QS AH 9H KH"
    assert cards(after.hands[0]) == "2D"
    assert Counter(caravan.cards_in_play(after)) == Counter(caravan.cards_in_play(state))


@pytest.mark.rule("CARAVAN-JOKER-NUMBER", "CARAVAN-RECOMPUTE")
def test_a_joker_on_a_number_removes_every_other_card_of_that_value() -> None:
    table = ["4H 7H", "4S+KD 8S", "-", "4H 10C", "4C 9C 4D+QC", "-"]
    state = position(table, ["3S", "JK"], to_move=1)
    e = state.caravans[4]
    assert (str(e.suit), e.direction, e.value) == ("C", Direction.UP, 17)
    after = act(state, "JK>E3")
    assert [str(c) for c in after.caravans] == ["7H", "8S", "-", "10C", "9C 4D+QC+JK", "-"]
    assert [c.value for c in after.caravans] == [7, 8, 0, 10, 13, 0]
    assert after.caravans[0].direction is Direction.NONE
    e = after.caravans[4]
    assert (str(e.suit), e.direction) == ("C", Direction.UP)
    assert cards(after.discards) == "4H 4S KD 4H 4C"


@pytest.mark.rule("CARAVAN-DISCARD")
def test_a_discard_is_face_up_and_followed_by_a_draw() -> None:
    state = position(["5H", "-", "-", "-", "-", "-"], ["9H QS", "2C"], ["8C", ""])
    after = act(state, "discard QS")
    assert cards(after.discards) == "QS"
    assert cards(after.hands[0]) == "9H 8C"
    assert caravan.observe(after, 1).discards == after.discards
    assert str(caravan.observe(after, 1).last) == "discard QS"
    with pytest.raises(IllegalActionError, match="not a card of seat 0's hand"):
        act(state, "discard 2C")


@pytest.mark.rule("CARAVAN-DISBAND")
def test_disbanding_empties_an_own_caravan_without_a_draw() -> None:
    table = ["5H+KC 7H", "-", "-", "9S", "-", "-"]
    state = position(table, ["9H", "2C"], ["8C", ""])
    after = act(state, "disband A")
    assert str(after.caravans[0]) == "-"
    assert after.caravans[0].value == 0
    assert cards(after.discards) == "5H KC 7H"
    assert cards(after.hands[0]) == "9H"
    assert cards(after.decks[0]) == "8C"
    with pytest.raises(IllegalActionError, match="own caravans"):
        act(state, "disband D")
    with pytest.raises(IllegalActionError, match="empty"):
        act(state, "disband B")
    drawing = position(table, ["9H", "2C"], ["8C", ""], disband_draws=True)
    assert cards(act(drawing, "disband A").hands[0]) == "9H 8C"


@pytest.mark.rule("CARAVAN-OBSERVE")
def test_observation_hides_the_opponents_hand_and_both_decks() -> None:
    state = position(
        ["5H", "-", "-", "6D", "-", "-"], ["9H 2S", "QC KC"], ["3S 4S", "8C 7C"]
    )
    mine = caravan.observe(state, 0)
    assert cards(mine.hand) == "9H 2S"
    assert mine.hand_sizes == (2, 2)
    assert mine.deck_sizes == (2, 2)
    assert mine.caravans == state.caravans
    text = repr(mine)
    for hidden in ("QC", "KC", "8C", "7C", "3S", "4S"):
        assert hidden not in text
    theirs = caravan.observe(state, 1)
    assert cards(theirs.hand) == "QC KC"
    rnd = random.Random(0)
    for seat in (0, 1):
        assert caravan.observe(resample_caravan_hidden(state, seat, rnd), seat) == (
            caravan.observe(state, seat)
        )
    with pytest.raises(ValueError, match="seat"):
        caravan.observe(state, 2)


@pytest.mark.rule("CARAVAN-NOTATION")
def test_action_notation_is_short_and_round_trips() -> None:
    for text in ("7H>A", "10D>F", "QS>E3", "JK>B12", "discard 7H", "discard JK", "disband C"):
        action = caravan.parse_action(text)
        assert str(action) == text
        assert caravan.parse_action(str(action)) == action
    assert caravan.parse_action(" qs > e3 ") == caravan.Play(parse_cards("QS")[0], 4, 2)
    assert caravan.parse_action("T♥>a") == caravan.Play(parse_cards("10H")[0], 0)
    for bad, why in (
        ("7H>A3", "number card goes on the end"),
        ("QS>E", "needs the number card"),
        ("QS>E0", "counted from 1"),
        ("7H>G", "expected a play"),
        ("disband G", "A to F"),
        ("discard ZZ", "bad card"),
        ("play", "expected a play"),
    ):
        with pytest.raises(NotationError, match=why):
            caravan.parse_action(bad)


# --- selling and outbidding -----------------------------------------------------------------


@pytest.mark.rule("CARAVAN-SELL")
@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [
        ("10H 9S 2C", "-", 0),  # 21: the lowest selling value
        ("10H 9S 7C", "-", 0),  # 26: the highest
        ("10H 9S AC", "-", None),  # 20: too light
        ("10H 9S 8C", "-", None),  # 27: overweight
        ("10H 9S 2C", "10C 9D 8D", 0),  # 21 sells against an overweight 27
        ("10H 9S AC", "10C 9D 3D", 1),  # only the facing caravan sells
    ],
)
def test_a_caravan_sells_at_21_to_26(mine: str, theirs: str, winner: int | None) -> None:
    cars = [build_caravan(mine)] + [build_caravan("-")] * 2 + [build_caravan(theirs)]
    cars += [build_caravan("-")] * 2
    assert caravan.position_winners(cars)[0] == winner


@pytest.mark.rule("CARAVAN-OUTBID", "CARAVAN-TIE")
@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [
        ("10H 9S 3C", "10C 9D 2D", 0),  # 22 outbids 21
        ("10H 9S 3C", "10C 9D 6D", 1),  # 25 outbids 22
        ("10H 9S 4C", "10C 9D 4D", None),  # 23 = 23: undecided
        ("10H 9S", "10C 9D", None),  # neither sells: undecided
    ],
)
def test_both_selling_the_higher_wins_and_a_tie_is_undecided(
    mine: str, theirs: str, winner: int | None
) -> None:
    cars = [build_caravan("-")] + [build_caravan(mine)] + [build_caravan("-")] * 2
    cars += [build_caravan(theirs), build_caravan("-")]
    assert caravan.position_winners(cars)[1] == winner


@pytest.mark.rule("CARAVAN-OUTBID", "CARAVAN-SELL", "CARAVAN-TIE")
def test_outbidding_in_play_and_going_over_26() -> None:
    table = ["10H 9S", "-", "-", "10C 9D 2D", "-", "-"]
    state = position(table, ["2H 3H 8H KS", "5D 9C"], ["2S 3S", "4S 6S"])
    assert state.positions[0] == 1  # 21 against 19
    tie = act(state, "2H>A")  # 21 = 21 after 9 down to 2
    assert tie.positions[0] is None
    won = act(state, "3H>A")  # 22 outbids 21
    assert won.positions[0] == 0
    # Seat 1 answers on D (descending, suit D): 9C neither goes down nor matches the
    # suit; 5D matches the suit, for 26, which outbids 22.
    assert "9C>D" not in names(caravan.legal_actions(won))
    back = act(won, "5D>D")
    assert back.caravans[3].value == 26
    assert back.positions[0] == 1
    # Going over 26 loses the sale: a King on seat 1's 5D makes D 31.
    over = act(back, "KS>D4")
    assert over.caravans[3].value == 31
    assert over.positions[0] == 0


# --- end of game ------------------------------------------------------------------------------


TABLE = ["10H 9S 2C", "10D 8D", "10C 5C 8C", "10S 8S", "10C 7C", "9H 8H 4H"]


@pytest.mark.rule("CARAVAN-END", "CARAVAN-WIN")
def test_the_game_ends_when_all_three_positions_are_decided() -> None:
    # A 21 v 18 (seat 0), B 18 v 17 (undecided), C 23 v 21 (seat 0).
    state = position(TABLE, ["3D 2D", "3H"], ["9D", "2H"])
    assert state.positions == (0, None, 0)
    assert caravan.outcome(state) is None
    done = act(state, "3D>B")
    assert done.positions == (0, 0, 0)
    result = caravan.outcome(done)
    assert result is not None
    assert result.termination is Termination.CARAVANS_SOLD
    assert result.winners == (0,)
    assert result.scores == (3, 0)
    assert caravan.legal_actions(done) == ()
    assert caravan.to_act(done) is None
    with pytest.raises(GameOverError):
        act(done, "discard 2D")
    # Two positions to one: still seat 0, with seat 1 outbidding C first.
    two_one = act(state, "2D>B", "3H>F")  # B 20 v 17 undecided; F 24 outbids 23
    assert two_one.positions == (0, None, 1)
    assert caravan.outcome(two_one) is None
    two_one = act(two_one, "discard 9D")  # B stays undecided
    assert caravan.outcome(two_one) is None


@pytest.mark.rule("CARAVAN-WIN", "CARAVAN-END")
def test_two_positions_to_one_wins() -> None:
    table = ["10H 9S 2C", "10D 8D", "10C 5C 8C", "10S 8S", "10C 7C", "9H 8H 4H 3H"]
    state = position(table, ["3D", "2C"], ["9D", ""])
    assert state.positions == (0, None, 1)
    done = act(state, "3D>B")
    result = caravan.outcome(done)
    assert result is not None
    assert (result.termination, result.winners, result.scores) == (
        Termination.CARAVANS_SOLD, (0,), (2, 1)
    )


@pytest.mark.rule("CARAVAN-EARLY")
def test_early_finish_ends_at_two_positions() -> None:
    table = ["10H 9S 2C", "10D 8D", "10C 5C", "10S 8S", "10C 7C", "9H 8H"]
    state = position(table, ["3D", "2C"], ["9D", ""])
    assert state.positions == (0, None, None)
    assert caravan.outcome(act(state, "3D>B")) is None
    early = position(table, ["3D", "2C"], ["9D", ""], early_finish=True)
    result = caravan.outcome(act(early, "3D>B"))
    assert result is not None
    assert (result.termination, result.winners, result.scores) == (
        Termination.CARAVANS_SOLD, (0,), (2, 0)
    )


@pytest.mark.rule("CARAVAN-EMPTY-HAND")
def test_a_player_with_an_empty_hand_at_their_turn_loses() -> None:
    state = position(["5H", "-", "-", "6S", "-", "-"], ["9H", "7S"])
    once = act(state, "9H>A")
    assert caravan.outcome(once) is None  # seat 1 still holds 7S
    twice = act(once, "7S>D")
    result = caravan.outcome(twice)
    assert result is not None
    assert (result.termination, result.winners) == (Termination.EMPTY_HAND, (1,))
    assert result.scores == (0, 0)


@pytest.mark.rule("CARAVAN-EMPTY-HAND")
def test_with_at_once_the_turn_that_empties_a_hand_loses_the_game() -> None:
    state = position(["5H", "-", "-", "6S", "-", "-"], ["9H", "7S"], empty_hand="at_once")
    once = act(state, "9H>A")
    result = caravan.outcome(once)
    assert result is not None
    assert (result.termination, result.winners) == (Termination.EMPTY_HAND, (1,))
    # Both hands empty after a turn: the next to move, holding nothing, loses as usual.
    both = act(position(["5H", "-", "-", "6S", "-", "-"], ["9H", ""], empty_hand="at_once"),
               "9H>A")
    assert both.result is not None
    assert (both.result.termination, both.result.winners) == (Termination.EMPTY_HAND, (0,))


@pytest.mark.rule("CARAVAN-NUMERAL")
def test_max_numbers_caps_the_number_cards_of_a_caravan() -> None:
    table = ["2H 3H 4H", "8C", "-", "6S", "-", "-"]
    state = position(table, ["5H 7C", "2D"], max_numbers=3)
    assert names(caravan.legal_actions(state))[:4] == ["5H>B", "5H>C", "7C>B", "7C>C"]
    with pytest.raises(IllegalActionError, match="already holds 3 number cards"):
        act(state, "5H>A")
    assert "5H>A" in names(caravan.legal_actions(position(table, ["5H 7C", "2D"])))


@pytest.mark.rule("CARAVAN-RECOMPUTE", "CARAVAN-DIRECTION")
def test_equal_last_values_after_a_removal_have_no_direction_or_descend() -> None:
    # A Jack on D2 leaves 4C 4S as the last two number cards of D.
    table = ["10S", "-", "-", "4C 7D 4S", "-", "-"]
    for option, direction, follows in (
        ("any", Direction.NONE, ["2D", "2S", "9H"]),
        ("descending", Direction.DOWN, ["2D", "2S"]),
    ):
        state = position(table, ["JS", "2D 9H 2S"], equal_direction=option)
        after = act(state, "JS>D2")
        d = after.caravans[3]
        assert (str(d), d.direction) == ("4C 4S", direction)
        legal = names(caravan.legal_actions(after))
        numbers = [a.split(">")[0] for a in legal if a.endswith(">D")]
        # 2S matches the suit and 2D goes down; 9H only goes up, which a descending
        # caravan refuses.
        assert sorted(numbers) == sorted(follows), option


@pytest.mark.rule("CARAVAN-LIMIT")
def test_a_turn_limit_ends_in_a_draw() -> None:
    state = caravan.new_game(8, caravan.options(max_turns=3))
    for _ in range(3):
        assert caravan.outcome(state) is None
        state = caravan.step(state, caravan.legal_actions(state)[0])
    result = caravan.outcome(state)
    assert result is not None
    assert (result.termination, result.winners, result.scores) == (
        Termination.TURN_LIMIT, (), (0, 0)
    )


@pytest.mark.rule("CARAVAN-LIMIT")
@given(data=st.data(), seed=seeds, choice=st.integers(0, 2**32))
@settings(max_examples=30)
def test_every_game_ends_within_the_turn_bound(
    data: st.DataObject, seed: int, choice: int
) -> None:
    """Every turn but a disband takes a card out of a hand for good, and every disband
    needs a number card played since the caravan was last empty: so a game without a turn
    limit lasts at most (cards in both decks) + (number cards in both decks) turns."""
    opts = data.draw(caravan_options())
    opts = caravan.options(**{**_as_kwargs(opts), "max_turns": None})
    steps = 0
    for _ in play_out(caravan, seed, opts, choice_seed=choice):
        steps += 1
    assert steps <= turn_bound(opts)


def _as_kwargs(opts: caravan.Options) -> dict[str, object]:
    import attrs

    return {f.name: getattr(opts, f.name) for f in attrs.fields(caravan.Options)}
