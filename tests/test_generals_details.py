"""Details of :mod:`cardwar.variants.generals` that the main tests leave open, written from
mutation testing: the exact messages of :func:`~cardwar.variants.generals.parse_action`,
of the options, of explicit deals, of :func:`~cardwar.variants.generals.step` (a bad claim,
choice or squad, a step after the end) and of
:func:`~cardwar.variants.generals.observe`'s seat check; every field of an observation; the
order of the shuffled deal; claims with colour halves; what the end of a deal leaves behind
(a pot, the cards of a player's own reserve, revealed generals, the chooser of the next
deal's claims); who takes on equal squads in a partnership; the order of places among
players finishing at one check; squads written as a string; and what a battle is worth to
:class:`~cardwar.variants.generals.GeneralsSearch` (its valuation, with the sampled states
fixed), its parameters and default seed, and the heuristic's claims."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from cardwar import agents
from cardwar.cards import CardError, DealError, parse_card, parse_cards
from cardwar.core import GameOverError, IllegalActionError, NotationError, OptionError, Termination
from cardwar.errors import AgentError, ObservationError
from cardwar.rng import Rng
from cardwar.variants import generals
from cardwar.variants.generals import agents as generals_agents
from cardwar.variants.generals.agents import GeneralsHeuristic, GeneralsSearch
from tests.support_generals import act, cards, game


def _card_error(text: str) -> str:
    with pytest.raises(CardError) as err:
        parse_card(text)
    return str(err.value)


# --- parse_action messages ---------------------------------------------------------------


@pytest.mark.parametrize(("value", "kind"), [(3, "int"), (None, "NoneType"), (b"pass", "bytes")])
def test_parse_action_refuses_a_non_string_naming_its_type(value: Any, kind: str) -> None:
    # kills parse_action mutmut_2, _3
    with pytest.raises(NotationError) as err:
        generals.parse_action(value)
    assert str(err.value) == f"action notation must be a str, got {kind}"


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_parse_action_refuses_empty_text_listing_the_five_actions(text: str) -> None:
    # The message quotes the text as given, blanks included (kills parse_action mutmut_6,
    # _7, _8).
    with pytest.raises(NotationError) as err:
        generals.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected pass, claim, challenge, partner or squad"
    )


@pytest.mark.parametrize(("text", "bad"), [("claim ZZ", "ZZ"), ("squad 2H 3X KD", "3X")])
def test_a_bad_card_is_refused_with_the_card_message(text: str, bad: str) -> None:
    # kills parse_action mutmut_55
    with pytest.raises(NotationError) as err:
        generals.parse_action(text)
    assert str(err.value) == f"bad action {text!r}: {_card_error(bad)}"


@pytest.mark.parametrize(
    "text", ["fold", "pass now", "claim", "challenge x", "partner", "squad 2H 3H 4H 5H"]
)
def test_unreadable_notation_is_refused_listing_every_form(text: str) -> None:
    # kills parse_action mutmut_56, _57, _58, _59
    with pytest.raises(NotationError) as err:
        generals.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected pass, claim AS, challenge N, partner N or squad C C C"
    )


@pytest.mark.parametrize(
    "written", ["KD 2H 5S", ["KD", "2H", "5S"], ("5S", "KD", "2H"), parse_cards("KD 5S 2H")]
)
def test_a_squad_written_as_a_string_is_parsed_and_kept_in_value_order(written: Any) -> None:
    # The Squad converter reads card notation (a string, or one string per card) or cards,
    # and sorts them lowest value first.
    # kills _sorted mutmut_6, _8
    squad = generals.Squad(written)
    assert squad.cards == parse_cards("2H 5S KD")
    assert squad == generals.parse_action("squad 5S KD 2H")
    assert str(squad) == "squad 2H 5S KD"


# --- observe -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seat"), [(2, 2), (2, -1), (4, 4), (4, "1"), (2, True)])
def test_observe_refuses_a_seat_that_does_not_exist(players: int, seat: Any) -> None:
    # kills observe mutmut_10, _11
    state = generals.new_game(0, generals.options(players=players))
    with pytest.raises(ValueError, match=r"^seat must") as err:
        generals.observe(state, seat)
    assert str(err.value) == f"seat must be an int in [0, {players - 1}], got {seat!r}"


def _duel() -> generals.State:
    # Four players, seat 3 deals; everyone passes on claims (there is no Ace).
    hands = ["2S 3S", "4S 5S", "2H 3H", "4H 5H"]
    return act(game(hands, "6S 6H 7S 7H"), "pass", "pass", "pass", "pass")


@pytest.mark.rule("GENERALS-OBSERVE", "GENERALS-FOUR", "GENERALS-TIE")
def test_an_observation_shows_the_seat_dealer_chooser_sides_and_last_battle() -> None:
    # kills observe mutmut_12, _25, _27, _28, _29, _31
    state = act(_duel(), "challenge 1", "squad 4H 5H")
    seen = generals.observe(state, 2)
    assert seen.seat == 2
    assert seen.dealer == 3
    assert seen.claimant is None
    assert seen.chooser == 3
    assert seen.sides == ((3,), (1,))
    assert seen.deals == 1
    assert seen.battles == 0
    assert seen.last is None
    state = act(state, "squad 4S 5S")  # 9 = 9: a pot, and the choice passes to seat 0
    seen = generals.observe(state, 1)
    assert seen.seat == 1
    assert seen.chooser == 0
    assert seen.sides == ()
    assert seen.battles == 1
    assert seen.last == generals.Battle(
        sides=((3,), (1,)),
        squads=((), parse_cards("4S 5S"), (), parse_cards("4H 5H")),
        sums=(9, 9),
        taker=None,
        taken=0,
        kills=(),
    )


# --- claims ------------------------------------------------------------------------------


@pytest.mark.rule("GENERALS-CLAIM")
@pytest.mark.parametrize("text", ["claim AH", "claim 2S", "challenge 1"])
def test_a_bad_claim_is_refused_saying_what_may_be_claimed(text: str) -> None:
    # Seat 0 holds AS 2S; AH is still in the reserve. Only AS may be claimed.
    # kills _claim_step mutmut_29, _30, _31
    state = game(["AS 2S", "2H 3H"], "3S AH", claim_cards=1)
    assert generals.to_act(state) == 0
    with pytest.raises(IllegalActionError) as err:
        generals.step(state, generals.parse_action(text))
    assert str(err.value) == (
        f"seat 0 cannot play '{text}': they may claim an unrevealed Ace of their hand or pass; "
        "legal actions: claim AS, pass"
    )
    assert err.value.legal == generals.legal_actions(state)


@pytest.mark.rule("GENERALS-CLAIM", "GENERALS-CLAIM-ORDER")
def test_a_general_already_revealed_cannot_be_claimed_again() -> None:
    # Seat 0 claims AS, takes 3S, and decides again (AH is still in the reserve); AS is
    # revealed, so passing is all it can do.
    # kills _claim_step mutmut_29, _30, _31
    state = act(game(["AS 2S", "2H 3H"], "3S AH", claim_cards=1), "claim AS")
    assert generals.to_act(state) == 0
    assert state.revealed == ((parse_card("AS"),), ())
    with pytest.raises(IllegalActionError) as err:
        act(state, "claim AS")
    assert str(err.value) == (
        "seat 0 cannot play 'claim AS': they may claim an unrevealed Ace of their hand or pass; "
        "legal actions: pass"
    )
    assert err.value.legal == (generals.Pass(),)


# --- the choice of opponent or partner ----------------------------------------------------


@pytest.mark.rule("GENERALS-FOUR")
@pytest.mark.parametrize("text", ["challenge 3", "partner 1", "pass"])
def test_a_bad_choice_of_opponent_is_refused_listing_the_opponents(text: str) -> None:
    # kills _choice_step mutmut_18
    state = _duel()
    assert generals.to_act(state) == 3
    with pytest.raises(IllegalActionError) as err:
        generals.step(state, generals.parse_action(text))
    assert str(err.value) == (
        f"seat 3 cannot play '{text}': choose an opponent who holds cards; "
        "legal actions: challenge 0, challenge 1, challenge 2"
    )
    assert err.value.legal == generals.legal_actions(state)


@pytest.mark.rule("GENERALS-PARTNERSHIP")
@pytest.mark.parametrize("text", ["partner 3", "challenge 1"])
def test_a_bad_choice_of_partner_is_refused_listing_the_partners(text: str) -> None:
    # kills _choice_step mutmut_9, _13, _14, _18
    hands = ["AS 3S", "4S 9S", "2H 3H", "4H 5H"]
    state = game(hands, "6S 6H 7S 7H AH 9H 2S 5S", four_player="partnership", claim_cards=0)
    assert generals.to_act(state) == 3
    with pytest.raises(IllegalActionError) as err:
        generals.step(state, generals.parse_action(text))
    assert str(err.value) == (
        f"seat 3 cannot play '{text}': choose a partner whose opponents hold cards; "
        "legal actions: partner 0, partner 1, partner 2"
    )
    assert err.value.legal == generals.legal_actions(state)


# --- colour halves: the options and a player's own reserve at the end of a deal -----------


@pytest.mark.rule("GENERALS-PGW")
@pytest.mark.parametrize("suits", ["CS", "S", "DH"])
def test_colour_halves_refuse_a_deck_of_one_colour(suits: str) -> None:
    # One colour half is empty, so it cannot hold a hand.
    # kills _halves mutmut_9
    with pytest.raises(OptionError) as err:
        generals.options(deck_mode="colour_halves", suits=suits)
    assert err.value.option == "deck_mode"
    assert str(err.value) == (
        "option 'deck_mode': each colour half must hold at least hand_size cards"
    )


def _halves_game(target: int) -> generals.State:
    # Black half 2-7 of clubs and spades (12 cards), red half 2-7 of diamonds (6 cards,
    # 27 points); seat 0 deals, so it commits first; claims are off.
    opts = generals.options(deck_mode="colour_halves", first_dealer=0, ranks="2 3 4 5 6 7",
                            suits="CDS", hand_size=3, claim_cards=0, target=target)
    deal = ["2C 3C 4C", "5D 6D 7D", "5C 6C 7C 2S 3S 4S 5S 6S 7S", "2D 3D 4D"]
    state = generals.new_game(0, opts, deal=deal)
    state = act(state, "squad 2C 3C 4C", "squad 5D 6D 7D")  # 18 beats 9: seat 1 wins 27
    assert cards(state.hands[0]) == "5C 6C 7C"
    assert cards(state.hands[1]) == "2D 3D 4D"
    state = act(state, "squad 2D 3D 4D", "squad 5C 6C 7C")  # 18 beats 9: seat 0 wins 27
    # Seat 0 drew 2S 3S 4S, seat 1 nothing: seat 1 cannot fight and the deal ends with
    # 5S 6S 7S (18 points) still in seat 0's own reserve.
    return state


@pytest.mark.rule("GENERALS-PGW", "GENERALS-DEAL-END", "GENERALS-SCORE")
def test_colour_halves_bank_the_cards_of_a_players_own_reserve() -> None:
    # Seat 0 banks its 27 won points, 2S 3S 4S from its hand and 5S 6S 7S from its own
    # reserve: 54; seat 1 its 27. Every point of the deck (81) is banked.
    # kills _end_deal mutmut_2, _5, _10
    state = _halves_game(target=1000)
    assert state.deals == 2
    assert state.banked == (54, 27)
    assert sum(state.banked) == sum(map(generals.card_value, generals.deck(state.options)))


@pytest.mark.rule("GENERALS-PGW", "GENERALS-DEAL-END", "GENERALS-TARGET")
def test_a_game_ending_with_a_deal_moves_an_own_reserve_to_the_won_pile() -> None:
    # Seat 0's 54 points reach the target at the end of the deal: it wins, and the cards
    # of its own reserve lie in its won pile, no longer in the reserve.
    # kills _end_deal mutmut_2, _5, _10, _51, _64
    state = _halves_game(target=50)
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (0,)
    assert result.scores == (54, 27)
    assert state.reserves == ((), ())
    assert state.hands == ((), ())
    assert Counter(state.won[0]) == Counter(parse_cards(
        "2D 3D 4D 5C 6C 7C 2S 3S 4S 5S 6S 7S"))
    assert Counter(generals.cards_in_play(state)) == Counter(generals.deck(state.options))
    assert generals.observe(state, 1).reserve_sizes == (0, 0)


# --- the end of a deal in the shared reserve ---------------------------------------------


@pytest.mark.rule("GENERALS-DEAL-END", "GENERALS-CLAIM", "GENERALS-TARGET", "GENERALS-OBSERVE")
def test_a_game_ending_with_a_deal_leaves_no_revealed_general_and_one_empty_reserve() -> None:
    # Deck A-5 of spades and hearts (30 points); seat 1 deals, seat 0 claims AS and takes
    # the next three cards (claim_cards=3).
    state = game(["AS 2S", "3H 4H"], "5S 5H 2H 3S 4S AH", claim_cards=3,
                 squad_size="one_to_three", target=30)
    state = act(state, "claim AS", "pass", "pass")
    assert cards(state.hands[0]) == "AS 2S 5S 5H 2H"
    state = act(state, "squad 3H 4H", "squad 5S 5H")  # 10 beats 7: seat 0 has 17
    # Seat 0 draws the last three cards, seat 1 none: the deal ends with seat 0 holding
    # AS 2S 2H 3S 4S AH (13 points), banked with its 17: 30, the target.
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (0,)
    assert result.scores == (30, 0)
    # The claimed AS went with the hand into the won pile: no general is still in a hand.
    # The one shared reserve is empty, and no battle is under way.
    # kills _end_deal mutmut_45, _53, _65
    assert state.hands == ((), ())
    assert state.revealed == ((), ())
    assert state.reserves == ((),)
    assert state.sides == ()
    seen = generals.observe(state, 1)
    assert seen.revealed == ((), ())
    assert seen.reserve_sizes == (0,)
    assert seen.sides == ()


@pytest.mark.rule("GENERALS-DEAL-END", "GENERALS-TIE", "GENERALS-DEALER", "GENERALS-FOUR",
                  "GENERALS-CLAIM-ORDER", "GENERALS-OBSERVE")
def test_a_new_deal_starts_with_an_empty_table_and_the_dealer_as_chooser() -> None:
    # Deck A-3 of spades and hearts; seat 1 deals. Seat 0 claims AS and takes the whole
    # reserve (2S 2H), so the claims end.
    state = game(["AS 3S", "AH 3H"], "2S 2H", claim_cards=5, squad_size="one_to_three",
                 target=100)
    state = act(state, "claim AS")
    assert state.claimant is None
    state = act(state, "squad AH 3H", "squad AS 3S")  # 4 = 4: a pot
    # Seat 1 holds nothing: the deal ends. The pot goes back to its owners and seat 0
    # banks its 2S 2H: 8 and 4.
    assert state.deals == 2
    assert state.banked == (8, 4)
    # The new deal: seat 0 deals and is the chooser of its first battle; the table is
    # empty (the old pot is not carried into it) and every card is dealt once; seat 1,
    # on the dealer's left, decides on claims first.
    # kills _end_deal mutmut_95, _96, _110, _113
    assert state.dealer == 0
    assert state.claimant == 1
    assert state.chooser == 0
    assert state.sides == ()
    assert state.pot == ((), ())
    assert state.won == ((), ())
    assert Counter(generals.cards_in_play(state)) == Counter(generals.deck(state.options))
    seen = generals.observe(state, 1)
    # kills observe mutmut_26 (and _12, _25, _27, _28, _29, _31)
    assert seen.seat == 1
    assert seen.dealer == 0
    assert seen.claimant == 1
    assert seen.chooser == 0
    assert seen.sides == ()
    assert seen.pot == ((), ())
    assert seen.deals == 2
    assert seen.last == generals.Battle(
        sides=((0,), (1,)),
        squads=(parse_cards("AS 3S"), parse_cards("AH 3H")),
        sums=(4, 4),
        taker=None,
        taken=0,
        kills=(),
    )


# --- places: several players finishing at one check --------------------------------------


def _places_deal(banked: tuple[int, ...]) -> tuple[generals.State, generals.State]:
    """Play a places game (target 30) on the deck 2 K of four suits (60 points), two cards
    each and no reserve, with ``banked`` points from earlier deals: return the state after
    its first battle (seat 3's KS KH, 26, beat seat 0's 4) and after its second (15 = 15,
    a pot), which ends the deal."""
    hands = ["2S 2H", "KD 2D", "KC 2C", "KS KH"]
    start = attrs.evolve(game(hands, "", places=True, target=30), banked=banked)
    first = act(start, "challenge 0", "squad KS KH", "squad 2S 2H")
    return first, act(first, "challenge 2", "squad KD 2D", "squad KC 2C")


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-DEAL-END", "GENERALS-TIE")
def test_places_players_finishing_together_are_ranked_higher_score_first() -> None:
    # The points banked from an earlier deal are 14, 16, 15 and 15, all under the target.
    first, state = _places_deal((14, 16, 15, 15))
    # Seat 3 reaches 15 + 30 = 45: first place.
    assert first.places == (None, None, None, 1)
    # No one can fight: the deal ends and the pot goes back to its owners. Seat 1 reaches
    # 31 and seat 2 30 at the same check: second and third, the higher score first.
    # Seat 0 (14) is left alone and is fourth.
    # kills _finish mutmut_9
    assert state.places == (4, 2, 3, 1)
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (3,)
    assert result.scores == (14, 31, 30, 45)


# --- option messages ---------------------------------------------------------------------


@pytest.mark.rule("GENERALS-PLAYERS")
@pytest.mark.parametrize("players", [3, 1, "3", " 5 ", True, 2.0, "four"])
def test_a_number_of_players_other_than_two_or_four_is_refused(players: Any) -> None:
    with pytest.raises(OptionError) as err:
        generals.options(players=players)
    assert err.value.option == "players"
    assert str(err.value) == (
        f"option 'players': General's War is for 2 or 4 players, got {players!r}"
    )


@pytest.mark.rule("GENERALS-PLAYERS")
@pytest.mark.parametrize(("players", "expected"), [(2, 2), (4, 4), ("2", 2), (" 4 ", 4)])
def test_two_or_four_players_are_accepted_as_ints_or_decimal_strings(
    players: Any, expected: int
) -> None:
    assert generals.options(players=players).players == expected


@pytest.mark.rule("GENERALS-DEALER")
@pytest.mark.parametrize(("players", "seat"), [(2, 2), (2, 3)])
def test_a_first_dealer_outside_the_seats_is_refused(players: int, seat: int) -> None:
    with pytest.raises(OptionError) as err:
        generals.options(players=players, first_dealer=seat)
    assert err.value.option == "first_dealer"
    assert str(err.value) == f"option 'first_dealer': seat {seat} is not a seat of {players}"


@pytest.mark.rule("GENERALS-DEALER")
@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (4, 3)])
def test_every_seat_may_deal_first(players: int, seat: int) -> None:
    opts = generals.options(players=players, first_dealer=seat)
    assert generals.new_game(0, opts).dealer == seat


@pytest.mark.rule("GENERALS-PLACES")
def test_places_without_four_players_or_with_partnerships_are_refused() -> None:
    with pytest.raises(OptionError) as err:
        generals.options(places=True)
    assert err.value.option == "places"
    assert str(err.value) == "option 'places': playing on for places needs 4 players, not 2"
    with pytest.raises(OptionError) as err:
        generals.options(players=4, four_player="partnership", places=True)
    assert err.value.option == "places"
    assert str(err.value) == (
        "option 'places': playing on for places needs four_player=duel, not partnership"
    )


@pytest.mark.rule("GENERALS-PGW")
def test_colour_halves_are_refused_for_four_players() -> None:
    with pytest.raises(OptionError) as err:
        generals.options(players=4, deck_mode="colour_halves")
    assert err.value.option == "deck_mode"
    assert str(err.value) == "option 'deck_mode': colour halves are for two players only"


@pytest.mark.rule("GENERALS-PGW", "GENERALS-DEAL")
def test_colour_halves_need_a_hand_in_each_half() -> None:
    # Ranks 2 and 3 of clubs and diamonds: two cards a half, enough for a hand of two
    # but not of three.
    opts = generals.options(deck_mode="colour_halves", ranks="2 3", suits="CD", hand_size=2)
    assert [len(h) for h in generals.new_game(0, opts).hands] == [2, 2]
    with pytest.raises(OptionError) as err:
        generals.options(deck_mode="colour_halves", ranks="2 3", suits="CD", hand_size=3)
    assert err.value.option == "deck_mode"
    assert str(err.value) == (
        "option 'deck_mode': each colour half must hold at least hand_size cards"
    )


@pytest.mark.rule("GENERALS-DEAL", "GENERALS-DECK")
@pytest.mark.parametrize(("players", "hand_size"), [(2, 3), (4, 2)])
def test_a_deck_too_small_for_the_hands_is_refused(players: int, hand_size: int) -> None:
    # Four cards: a hand of two each for two players, of one each for four, and no more.
    generals.options(players=players, ranks="2 3", suits="SH", hand_size=hand_size - 1)
    with pytest.raises(OptionError) as err:
        generals.options(players=players, ranks="2 3", suits="SH", hand_size=hand_size)
    assert err.value.option == "hand_size"
    assert str(err.value) == (
        f"option 'hand_size': the deck is too small to deal {hand_size} cards to {players}"
    )


# --- new_game and explicit deals ---------------------------------------------------------


def test_new_game_refuses_another_variants_options_by_name() -> None:
    from cardwar.variants import war

    with pytest.raises(TypeError) as err:
        generals.new_game(1, war.Options())  # type: ignore[arg-type]
    assert str(err.value) == "options must be generals.Options, got Options"


@pytest.mark.rule("GENERALS-DEAL")
@pytest.mark.parametrize(
    ("deal", "got"),
    [(["2S", "2H"], "2"), ("2S 2H 3S 3H", "a string"), (["2S", "2H", "3S", "3H"], "4")],
)
def test_an_explicit_deal_needs_each_hand_and_the_reserve(deal: Any, got: str) -> None:
    opts = generals.options(ranks="2 3", suits="SH", hand_size=1)
    with pytest.raises(DealError) as err:
        generals.new_game(0, opts, deal=deal)
    assert str(err.value) == (
        f"an explicit deal needs 3 piles (each hand, then the reserve), got {got}"
    )


@pytest.mark.rule("GENERALS-DEAL", "GENERALS-PGW")
@pytest.mark.parametrize(
    ("deal", "got"), [(["2C", "2D", "3C 3D"], "3"), ("2C 2D 3C 3D", "a string")]
)
def test_an_explicit_deal_of_colour_halves_needs_each_reserve(deal: Any, got: str) -> None:
    opts = generals.options(deck_mode="colour_halves", ranks="2 3", suits="CD", hand_size=1)
    with pytest.raises(DealError) as err:
        generals.new_game(0, opts, deal=deal)
    assert str(err.value) == (
        f"an explicit deal needs 4 piles (each hand, then each reserve), got {got}"
    )


@pytest.mark.rule("GENERALS-DEAL")
@pytest.mark.parametrize(
    ("deal", "hand_size", "message"),
    [
        (["2S 3S", "2H", "3H"], 1, "seat 0's hand has 2 cards, not 1"),
        (["2S", "2H 3S", "3H"], 1, "seat 1's hand has 2 cards, not 1"),
        (["2S 3S", "2H", "3H"], 2, "seat 1's hand has 1 card, not 2"),
    ],
)
def test_an_explicit_hand_of_the_wrong_size_is_refused(
    deal: list[str], hand_size: int, message: str
) -> None:
    opts = generals.options(ranks="2 3", suits="SH", hand_size=hand_size)
    with pytest.raises(DealError) as err:
        generals.new_game(0, opts, deal=deal)
    assert str(err.value) == message


@pytest.mark.rule("GENERALS-DEAL", "GENERALS-PGW")
@pytest.mark.parametrize("deal", [["2D", "2C", "3C", "3D"], ["2C", "2D", "3D", "3C"]])
def test_an_explicit_deal_of_colour_halves_keeps_each_half_with_its_seat(
    deal: list[str],
) -> None:
    # Seat 0 holds the clubs (black), seat 1 the diamonds (red), hand and reserve alike.
    opts = generals.options(deck_mode="colour_halves", ranks="2 3", suits="CD", hand_size=1)
    state = generals.new_game(0, opts, deal=["2C", "2D", "3C", "3D"])
    assert state.hands == (parse_cards("2C"), parse_cards("2D"))
    assert state.reserves == (parse_cards("3C"), parse_cards("3D"))
    with pytest.raises(DealError) as err:
        generals.new_game(0, opts, deal=deal)
    assert str(err.value) == "seat 0's hand and reserve must be its colour half"


# --- step messages -----------------------------------------------------------------------


def _after_one_battle(**opts: Any) -> generals.State:
    state = game(["8S 7S 2S 3S", "8H 6H 2H 3H"], "4S 4H 5S 5H 6S 7H AS AH", **opts)
    return act(state, "pass", "pass", "squad 8H 6H 3H", "squad 8S 7S 3S")  # 18 beats 17


@pytest.mark.rule("GENERALS-SQUAD")
@pytest.mark.parametrize("text", ["squad 2S 4S", "squad 2S 4S 8S", "squad 2S 4S 4S"])
def test_a_bad_squad_is_refused_saying_what_a_squad_is(text: str) -> None:
    # Seat 0 holds 2S 4S 4H 5S: a squad is three of them.
    state = _after_one_battle()
    assert cards(state.hands[0]) == "2S 4S 4H 5S"
    with pytest.raises(IllegalActionError) as err:
        act(state, text)
    assert str(err.value) == (
        f"seat 0 cannot play '{text}': a squad is three cards of their hand "
        "(all of it if it holds fewer); legal actions: squad 2S 4H 4S, squad 2S 4H 5S, "
        "squad 2S 4S 5S, squad 4H 4S 5S"
    )
    assert err.value.legal == generals.legal_actions(state)


@pytest.mark.rule("GENERALS-PGW", "GENERALS-SQUAD")
@pytest.mark.parametrize("text", ["squad 5S", "squad 2H 2H"])
def test_a_bad_flexible_squad_is_refused_saying_one_to_three_cards(text: str) -> None:
    state = game(["2S 3S 4S", "2H 3H 4H"], "5S 5H", squad_size="one_to_three", claim_cards=0)
    assert generals.to_act(state) == 1
    with pytest.raises(IllegalActionError) as err:
        act(state, text)
    assert str(err.value).split("; legal actions: ")[0] == (
        f"seat 1 cannot play '{text}': a squad is 1 to 3 different cards of their hand"
    )
    assert err.value.legal == generals.legal_actions(state)
    assert len(err.value.legal) == 3 + 3 + 1


@pytest.mark.rule("GENERALS-TARGET")
def test_a_step_after_the_end_is_refused_saying_how_the_game_ended() -> None:
    state = _after_one_battle(target=35)
    with pytest.raises(GameOverError) as err:
        act(state, "squad 2S 4S 5S")
    assert str(err.value) == "the game is over (won by seat 0 (target_score)); no action is legal"
    assert err.value.legal == ()
    # The game ended after a battle: no battle is under way any more.
    # kills _resolve mutmut_179
    assert state.sides == ()
    assert generals.observe(state, 1).sides == ()


# --- the shuffled deal -------------------------------------------------------------------


@pytest.mark.rule("GENERALS-DEAL", "GENERALS-DEALER")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_shuffled_deck_is_dealt_one_card_at_a_time_from_the_dealers_left(
    dealer: int,
) -> None:
    # The first card of the shuffled deck goes to the dealer's left, the next to the
    # seat after, and so on round the table; the rest is the reserve, in order.
    opts = generals.options(players=4, first_dealer=dealer, claim_cards=0)
    shuffled, rng = Rng.from_seed(11).shuffle(generals.deck(opts))
    state = generals.new_game(11, opts)
    assert state.rng == rng
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        assert state.hands[seat] == shuffled[i:20:4]
    assert state.reserves == (shuffled[20:],)


def test_a_squad_naming_a_joker_is_read_and_then_refused_by_step() -> None:
    # Notation names any card, a Joker too (valued after the King); whether the squad can
    # be laid is for step to say.
    # kills _order mutmut_3
    squad = generals.parse_action("squad JK 2H")
    assert str(squad) == "squad 2H JK"
    state = _after_one_battle()
    with pytest.raises(IllegalActionError, match=r"^seat 0 cannot play 'squad 2H JK': "):
        generals.step(state, squad)


@pytest.mark.rule("GENERALS-PGW", "GENERALS-SQUAD")
def test_a_flexible_squad_of_four_cards_is_refused() -> None:
    # kills _valid_squad mutmut_17
    state = game(["2S 3S 4S 5S", "2H 3H 4H 5H"], "", squad_size="one_to_three",
                 claim_cards=0)
    assert generals.to_act(state) == 1
    four = generals.Squad(parse_cards("2H 3H 4H 5H"))
    assert four not in generals.legal_actions(state)
    with pytest.raises(IllegalActionError) as err:
        generals.step(state, four)
    assert str(err.value).split("; legal actions: ")[0] == (
        "seat 1 cannot play 'squad 2H 3H 4H 5H': a squad is 1 to 3 different cards of their "
        "hand"
    )


# --- claims: sides, colour halves, and a revealed general laid alone ----------------------


@pytest.mark.rule("GENERALS-CLAIM-ORDER", "GENERALS-OBSERVE")
def test_no_battle_has_sides_while_the_claims_of_the_first_deal_go_on() -> None:
    # kills new_game mutmut_32
    state = game(["AS 2S", "2H 3H"], "3S AH", claim_cards=1)
    assert state.claimant == 0
    assert state.sides == ()
    assert generals.observe(state, 1).sides == ()


@pytest.mark.rule("GENERALS-PGW", "GENERALS-CLAIM", "GENERALS-CLAIM-ORDER")
def test_with_colour_halves_a_general_fetches_cards_from_its_owners_reserve() -> None:
    # Seat 0 deals: seat 1 claims first, from its own (red) reserve, then seat 0 from its
    # own (black) one.
    # kills _reserve_index mutmut_2
    opts = generals.options(deck_mode="colour_halves", first_dealer=0, ranks="A 2 3 4",
                            suits="CD", hand_size=2, claim_cards=1)
    state = generals.new_game(0, opts, deal=["AC 2C", "AD 2D", "3C 4C", "3D 4D"])
    assert generals.to_act(state) == 1
    state = act(state, "claim AD")
    assert cards(state.hands[1]) == "AD 2D 3D"
    assert tuple(map(cards, state.reserves)) == ("3C 4C", "4D")
    state = act(state, "pass", "claim AC")
    assert cards(state.hands[0]) == "AC 2C 3C"
    assert tuple(map(cards, state.reserves)) == ("4C", "4D")


@pytest.mark.rule("GENERALS-PGW", "GENERALS-CLAIM-ORDER")
def test_with_colour_halves_the_dealer_is_asked_though_the_other_reserve_is_empty() -> None:
    # The red half (AD 2D) is all in seat 1's hand, so seat 1, though it holds an Ace, has
    # no reserve to take cards from and is not asked; the dealer, seat 0, still is.
    # kills _start_claims mutmut_10
    opts = generals.options(deck_mode="colour_halves", first_dealer=0, ranks="A 2",
                            suits="CDS", hand_size=2, claim_cards=1)
    state = generals.new_game(0, opts, deal=["AC 2C", "AD 2D", "AS 2S", ""])
    assert state.claimant == 0
    assert [str(a) for a in generals.legal_actions(state)] == ["claim AC", "pass"]
    state = act(state, "claim AC")
    assert cards(state.hands[0]) == "AC 2C AS"
    assert [str(a) for a in generals.legal_actions(state)] == ["claim AS", "pass"]


@pytest.mark.rule("GENERALS-CLAIM", "GENERALS-PGW")
def test_a_revealed_general_laid_alone_is_no_longer_revealed() -> None:
    # Seat 0 claims AS (taking 3S) and later lays it as a squad of one: it has left the
    # hand, so it is no longer among the revealed generals.
    # kills step mutmut_62
    state = game(["AS 2S", "2H 3H"], "3S 4S AH 4H", claim_cards=1, squad_size="one_to_three")
    state = act(state, "claim AS", "pass", "pass")
    assert state.revealed == ((parse_card("AS"),), ())
    state = act(state, "squad 2H", "squad AS")  # 2 beats 1: seat 1 kills AS
    assert state.last is not None
    assert state.last.kills == ((0, parse_card("AS")),)
    assert state.revealed == ((), ())
    assert generals.observe(state, 1).revealed == ((), ())


# --- partnerships: who takes on equal squads ---------------------------------------------


@pytest.mark.rule("GENERALS-PARTNERSHIP")
def test_partners_with_equal_squads_the_chooser_takes() -> None:
    # Seat 3 deals, chooses and partners seat 0; their squads are both 11 and win 22 to
    # 10: the chooser itself is nearest and takes all eight cards.
    # kills _resolve mutmut_41
    hands = ["5S 6S", "2S 3S", "2H 3H", "5H 6H"]
    state = game(hands, "", four_player="partnership", claim_cards=0)
    state = act(state, "partner 0", "squad 5H 6H", "squad 5S 6S", "squad 2S 3S", "squad 2H 3H")
    assert state.last is not None
    assert state.last.sides == ((0, 3), (1, 2))
    assert state.last.sums == (22, 10)
    assert state.last.taker == 3
    assert state.last.taken == 8
    assert state.banked == (0, 0, 0, 32)  # no one holds a card: the deal has ended


@pytest.mark.rule("GENERALS-PARTNERSHIP")
def test_opponents_of_the_chooser_with_equal_squads_the_one_nearer_clockwise_takes() -> None:
    # Seat 3 partners seat 1 and loses 10 to 22 to seats 0 and 2, whose squads are both
    # 11: seat 0 comes first clockwise from the chooser and takes.
    # kills _resolve mutmut_42
    hands = ["5S 6S", "2S 3S", "5H 6H", "2H 3H"]
    state = game(hands, "", four_player="partnership", claim_cards=0)
    state = act(state, "partner 1", "squad 2H 3H", "squad 5S 6S", "squad 2S 3S", "squad 5H 6H")
    assert state.last is not None
    assert state.last.sides == ((1, 3), (0, 2))
    assert state.last.sums == (10, 22)
    assert state.last.taker == 0
    assert state.banked == (32, 0, 0, 0)


# --- places: a finisher's revealed generals ----------------------------------------------


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-CLAIM")
def test_places_a_player_who_finishes_leaves_the_others_generals_revealed() -> None:
    # Seat 1 claims AS (taking 2C) and sits out the first battle, in which seat 3 reaches
    # the target and leaves: seat 1's AS is still in its hand and still revealed.
    # kills _resolve mutmut_108
    hands = ["2H 2D", "AS 2S", "KS KH", "KD KC"]
    state = game(hands, "2C AH AD AC", places=True, target=30, claim_cards=1)
    state = act(state, "pass", "claim AS", "pass", "pass", "pass")
    assert state.revealed == ((), (parse_card("AS"),), (), ())
    state = act(state, "challenge 0", "squad KD KC", "squad 2H 2D")  # 26 beats 4: 30
    assert state.places == (None, None, None, 1)
    assert state.revealed == ((), (parse_card("AS"),), (), ())
    assert generals.observe(state, 2).revealed == ((), (parse_card("AS"),), (), ())


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-DEAL-END")
def test_places_won_at_the_end_of_a_deal_go_into_the_next_deal() -> None:
    # Seat 3 finished first in a battle; at the end of the deal the pot goes back and
    # seat 1 reaches the target: second place. Seats 0 and 2 play on, in a new deal
    # that knows both places (kills _end_deal mutmut_116).
    first, state = _places_deal((0, 15, 0, 0))
    assert first.places == (None, None, None, 1)
    assert generals.outcome(state) is None
    assert state.deals == 2
    assert state.banked == (0, 30, 15, 30)
    assert state.places == (None, 2, None, 1)
    assert generals.observe(state, 0).places == (None, 2, None, 1)


@pytest.mark.rule("GENERALS-CLAIM", "GENERALS-DEAL-END")
def test_a_general_revealed_when_a_deal_ends_is_not_revealed_in_the_next() -> None:
    # Seat 0 still holds its revealed AH when the deal ends; the new deal is dealt from
    # the whole deck and no general of it is revealed before its claims (kills _end_deal
    # mutmut_108).
    state = game(["AS 2S", "2H 3H"], "3S AH", target=1000, claim_cards=1,
                 squad_size="one_to_three")
    state = act(state, "claim AS", "pass", "pass", "squad 2H", "squad AS 2S", "squad 3S",
                "squad 3H", "pass", "claim AH", "claim AS", "squad AS 2S", "squad 2H",
                "squad 3S")
    assert state.deals == 2
    assert state.revealed == ((parse_card("AH"),), ())
    after = act(state, "squad 3H")
    assert after.deals == 3
    assert after.revealed == ((), ())


@pytest.mark.parametrize("partial", [(13, 13), [20, 14], (14, 20, 20)])
def test_partial_tensor_refuses_picks_out_of_card_order(partial: Any) -> None:
    # A squad's ids come in increasing card order, each card once (found by the misuse
    # suite's Hypothesis test, which drew [13, 13]).
    from cardwar.encoding import ActionIndexError

    with pytest.raises(ActionIndexError) as err:
        generals.partial_tensor(generals.options(), partial)
    assert str(err.value) == (
        f"the partial squad {tuple(partial)!r} is not one a seat could have picked: its "
        "cards come in increasing card order, each once")
    # In order, the same picks are read: ids 13 and 20 are card indices 0 and 7.
    row = generals.partial_tensor(generals.options(), (13, 20))
    assert [i for i, value in enumerate(row) if value] == [0, 7]
    assert sum(row) == 2.0


@pytest.mark.parametrize("partial", [13, "13 20", None, {13, 20}])
def test_partial_tensor_refuses_picks_that_are_not_a_sequence(partial: Any) -> None:
    from cardwar.encoding import ActionIndexError

    with pytest.raises(ActionIndexError) as err:
        generals.partial_tensor(generals.options(), partial)
    assert str(err.value) == f"the ids picked so far are a tuple of ints, got {partial!r}"


# --- GeneralsSearch: what a battle is worth to it ------------------------------------------


def _fixed_samples(monkeypatch: pytest.MonkeyPatch, hands: list[str]) -> list[int]:
    """Make GeneralsSearch sample the same states every time: one per entry of ``hands``,
    the opponent holding those cards with no squad laid, so the squad it is predicted to
    lay (the heuristic's strongest three) is known. Return a list of the draws asked for."""
    states = [SimpleNamespace(squads=(None, None), hands=(parse_cards(h), parse_cards(h)))
              for h in hands]
    draws: list[int] = []

    def sample(sampler: object, observation: object, rng: Rng, count: int) -> tuple[Any, Rng]:
        draws.append(count)
        return states, rng

    monkeypatch.setattr(generals_agents, "sample_states", sample)
    return draws


def _battle_view(mine: str = "", theirs: str = "", kills: tuple[int, int] = (0, 0),
          **opts: Any) -> generals.Observation:
    """Seat 0's observation of a two-player battle, with ``mine`` and ``theirs`` in the
    pot and ``kills`` (seat 0's of seat 1's generals, seat 1's of seat 0's)."""
    state = generals.new_game(1, generals.options(**opts))
    while not state.sides:
        state = generals.step(state, generals.legal_actions(state)[-1])  # pass every claim
    observation = generals.observe(state, 0)
    return attrs.evolve(observation, sides=((0,), (1,)),
                        pot=(parse_cards(mine), parse_cards(theirs)),
                        kills=((0, kills[0]), (kills[1], 0)))


def _squad(text: str) -> generals.Squad:
    return generals.Squad(parse_cards(text))


def _worth(observation: generals.Observation, low: str, high: str) -> int:
    """Return the largest whole ``k`` (0 to 4095) such that the agent, spending
    ``k + 0.5`` per point, still lays the squad ``high`` rather than ``low`` (whose sum is
    one less), plus one: what the better outcome of ``high`` is worth to it."""
    legal = (_squad(low), _squad(high))
    lo, hi = -1, 4095
    while lo < hi:
        mid = (lo + hi + 1) // 2
        agent = GeneralsSearch(0, spend=mid + 0.5)
        if agent.choose(observation, legal) is legal[1]:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1


@pytest.mark.parametrize(("pot", "kills", "to_win", "hand", "squads", "win", "loss"), [
    # The opponent's strongest three of 2 5 6 9 sum 20. A win (21) takes them twice, 40;
    # a loss (19) gives up its own squad twice, 38.
    pytest.param(("", ""), (0, 0), 2, "2H 5H 6H 9H", ("4C 6C 9C", "5C 6C 9C", "5C 6C 10C"),
                 2 * 20, 2 * 19, id="plain"),
    # A 3 of ours and A 4 7 of theirs in the pot; the opponent's A 5 6 (12, a general). A
    # win takes their squad and pot twice, 2 * (12 + 12), and kills two generals, 5 each;
    # a loss (our A 4 6, 11) gives up our squad and pot, 2 * (11 + 3), and our general.
    # It takes three kills to win: these do not decide the game.
    pytest.param(("3D", "AD 4D 7D"), (0, 0), 3, "AH 5H 6H",
                 ("AC 4C 6C", "2C 4C 6C", "3C 4C 6C"), 2 * 24 + 5 * 2, 2 * 14 + 5,
                 id="pot and generals"),
    # One kill each already: the second general killed, or lost, decides the game.
    pytest.param(("", ""), (1, 1), 2, "AH 5H 6H", ("AC 4C 6C", "2C 4C 6C", "3C 4C 6C"),
                 2 * 12 + 5 + 1000, 2 * 11 + 5 + 1000, id="decisive"),
])
def test_generals_search_values_a_battle_by_the_cards_and_generals_it_takes(
    monkeypatch: pytest.MonkeyPatch, pot: tuple[str, str], kills: tuple[int, int],
    to_win: int, hand: str, squads: tuple[str, str, str], win: int, loss: int,
) -> None:
    """A won battle is worth twice the opponent's squad and pot, plus ``kill`` (5) per
    general killed, plus 1000 when the kills win the game; a lost one costs twice the own
    squad and pot, its generals and the game likewise; equal sums are worth 0. Against
    the predicted squad (the mean over two equal samples), a squad one point stronger
    (a win) beats an equal one while the spend per point is below the win's worth, and
    the equal one beats one a point weaker (a loss) while it is below the loss's."""
    _fixed_samples(monkeypatch, [hand, hand])
    observation = _battle_view(*pot, kills=kills, kills_to_win=to_win)
    below, equal, above = squads
    assert _worth(observation, equal, above) == win
    assert _worth(observation, below, equal) == loss


def test_generals_search_keeps_the_first_of_squads_worth_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two squads of one sum but other cards are worth the same: the first is laid."""
    _fixed_samples(monkeypatch, ["2H 5H 6H 9H"])
    first, second = _squad("5C 6C 10C"), _squad("4C 7C 10C")
    assert GeneralsSearch(0).choose(_battle_view(), (first, second)) is first
    assert GeneralsSearch(0).choose(_battle_view(), (second, first)) is second


def test_generals_search_with_an_infinite_spend_lays_the_first_squad(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An infinite spend makes every squad worth minus infinity: none beats the first."""
    _fixed_samples(monkeypatch, ["2H 5H 6H 9H"])
    legal = (_squad("2C 3C 4C"), _squad("5C 6C 10C"))
    assert GeneralsSearch(0, spend=float("inf")).choose(_battle_view(), legal) is legal[0]


def test_generals_search_breaks_an_even_expectation_by_the_cheaper_squad(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a 2 of theirs in the pot and kill=2, against a predicted 5 or 9 the squads
    A 2 3 (6, a general) and 2 2 3 (7) each win 2 * (5 + 2) = 14 once and lose 14 once
    (2 * 6 + 2 for the general, 2 * 7): expectation 0; the tiniest spend still prefers
    the cheaper A 2 3."""
    _fixed_samples(monkeypatch, ["2H 3H", "2H 3H 4H"])
    legal = (_squad("2D 2H 3D"), _squad("AC 2C 3C"))
    agent = GeneralsSearch(0, spend=1e-20, kill=2)
    assert agent.choose(_battle_view("", "2S"), legal) is legal[1]


def test_generals_search_lays_its_generals_in_a_battle_it_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Against a predicted 20, 2 8 K and A 9 K (23 each) both win 2 * 20 for 23 spent;
    the general of A 9 K is worth ``shed`` (20) more, laid where it is safe: A 9 K is laid
    whatever the order. With ``shed=0`` they are worth the same and the first is laid."""
    _fixed_samples(monkeypatch, ["2H 5H 6H 9H"])
    plain, general = _squad("2C 8C KC"), _squad("AC 9C KC")
    for legal in ((plain, general), (general, plain)):
        assert GeneralsSearch(0).choose(_battle_view(), legal) is general
        assert GeneralsSearch(0, shed=0).choose(_battle_view(), legal) is legal[0]


def test_generals_search_lays_a_forced_squad_without_sampling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With one squad to lay there is nothing to search: no state is drawn."""
    draws = _fixed_samples(monkeypatch, ["2H 5H 6H 9H"])
    forced = _squad("5C 6C 10C")
    assert GeneralsSearch(0).choose(_battle_view(), (forced,)) is forced
    assert draws == []
    GeneralsSearch(0, samples=3).choose(_battle_view(), (forced, _squad("2C 3C 4C")))
    assert draws == [3]


def test_generals_search_checks_and_shows_its_parameters() -> None:
    """samples is an int >= 1, spend and kill numbers >= 0 (0 and fractions included);
    refusals name the parameter; the defaults are 32 samples, spend 1 and kill 5."""
    assert repr(GeneralsSearch()) == "GeneralsSearch(samples=32, spend=1.0, kill=5.0)"
    agent = GeneralsSearch(samples=1, spend=0, kill=0.5)
    assert repr(agent) == "GeneralsSearch(samples=1, spend=0.0, kill=0.5)"
    assert GeneralsSearch(spend=0.5, kill=0).kill == 0.0
    assert repr(GeneralsSearch(adapt=False)) == (
        "GeneralsSearch(samples=32, spend=1.0, kill=5.0, adapt=False)")
    assert repr(GeneralsSearch(shed=0, adapt=False)) == (
        "GeneralsSearch(samples=32, spend=1.0, kill=5.0, shed=0.0, adapt=False)")
    assert GeneralsSearch(shed=7).shed == 7.0
    with pytest.raises(AgentError) as err:
        GeneralsSearch(shed=-1)
    assert str(err.value) == "shed must be a number >= 0, got -1"
    for adapt in (1, None, "yes"):
        with pytest.raises(AgentError) as err:
            GeneralsSearch(adapt=adapt)  # type: ignore[arg-type]
        assert str(err.value) == f"adapt must be a bool, got {adapt!r}"
    with pytest.raises(AgentError) as err:
        GeneralsSearch(samples=0)
    assert str(err.value) == "samples must be an int >= 1, got 0"
    with pytest.raises(AgentError) as err:
        GeneralsSearch(spend=-1)
    assert str(err.value) == "spend must be a number >= 0, got -1"
    with pytest.raises(AgentError) as err:
        GeneralsSearch(kill=-1)
    assert str(err.value) == "kill must be a number >= 0, got -1"


def test_generals_search_is_seeded_with_0_by_default() -> None:
    """The default seed is 0: the same game as GeneralsSearch(0), not as seed 1's."""

    def moves(agent: GeneralsSearch) -> tuple[str, ...]:
        return agents.play("generals", [agent, generals.heuristic(0)], 2).actions

    assert moves(GeneralsSearch(samples=4)) == moves(GeneralsSearch(0, samples=4))
    assert moves(GeneralsSearch(samples=4)) != moves(GeneralsSearch(1, samples=4))


# --- GeneralsSearch: its model of the opponent ----------------------------------------------


_ONE_SUIT = {"ranks": "A 2 3 4 5 6 7 8 9 10 J Q K", "suits": "C", "claim_cards": 0,
             "first_dealer": 0}


def _first_squad() -> tuple[generals.Observation, tuple[generals.Action, ...]]:
    """Seat 0's first squad of a one-suit game: it holds A 2 3 4 K; the 8 cards 5 to Q are
    hidden from it (the opponent's five and a reserve of three)."""
    opts = generals.options(**_ONE_SUIT)
    state = generals.new_game(0, opts, deal=["AC 2C 3C 4C KC", "5C 6C 7C 8C 9C",
                                             "10C JC QC"])
    while not state.sides:
        state = generals.step(state, generals.legal_actions(state)[0])
    return generals.observe(state, 0), generals.legal_actions(state)


def _after(observation: generals.Observation, theirs: str, mine: str = "2C 3C 4C"
           ) -> generals.Observation:
    """``observation`` once its battle is over, seat 1 having laid ``theirs``: as the
    observation of the next battle shows it (its counts need not add up: the agent reads
    the battle)."""
    squads = (parse_cards(mine), parse_cards(theirs))
    sums = tuple(sum(generals.card_value(c) for c in squad) for squad in squads)
    battle = generals.Battle(sides=((0,), (1,)), squads=squads, sums=sums,
                             taker=0 if sums[0] > sums[1] else 1, taken=6, kills=())
    return attrs.evolve(observation, battles=observation.battles + 1, last=battle)


def test_generals_search_weighs_the_opponents_squad_under_each_rule() -> None:
    """Worked by hand: of the hidden 5 to Q the opponent laid 5 6 7, its weakest. Its two
    other cards are two of the five left, 8 to Q (C(5, 2) = 10 ways): all of them worth at
    least 7 (the weakest rule: 10 of 10), none worth at most 5 (the strongest rule: 0);
    one of its 10 squads (the uniform rule: 1/10). With 5% of uniform squads in the rules
    and the prior 0.5, 0.25, 0.25, the posterior is proportional to
    0.5 * 0.005, 0.25 * 0.1, 0.25 * 0.955."""
    observation, legal = _first_squad()
    agent = GeneralsSearch(0, samples=2)
    agent.choose(observation, legal)
    assert agent.weights(1) == (1.0, 0.0, 0.0)  # nothing seen yet: the heuristic's rule
    agent.choose(_after(observation, "5C 6C 7C"), legal)
    raw = (0.5 * 0.005, 0.25 * 0.1, 0.25 * 0.955)
    assert agent.weights(1) == pytest.approx(tuple(x / sum(raw) for x in raw), rel=1e-12)
    # Then Q J 10 (its strongest, and none of its other cards, 8 9, is worth more than
    # 10): the strongest rule's chance is 0.95 + 0.005, the weakest's 0.005.
    agent.choose(_after(_after(observation, "5C 6C 7C"), "10C JC QC"), legal)
    raw = (raw[0] * 0.955, raw[1] * 0.1, raw[2] * 0.005)
    assert agent.weights(1) == pytest.approx(tuple(x / sum(raw) for x in raw), rel=1e-12)


def test_generals_search_lays_a_winning_squad_once_the_opponent_shows_it_lays_its_weakest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Predicted to hold 5 6 7 9 (in every sample): the strongest rule lays 6 7 9 (22),
    the weakest 5 6 7 (18), the uniform rule each of 5 6 7, 5 6 9, 5 7 9 and 6 7 9 (18,
    20, 21, 22). The squad 2 3 4 (9) loses whatever is laid: 2 * 9 given up and 9 spent,
    -27. The squad 2 6 J (19) beats 18 alone: against the strongest squad it loses 2 * 19
    and spends 19 (-57), so 2 3 4 is laid; once the opponent has laid its weakest squad
    (the weights of the last test), 19 beats 18 with the weight of the weakest rule and a
    quarter of the uniform one's, 2 * 18 = 36 won, 38 lost otherwise and 19 spent: above
    -27, and it is laid."""
    _fixed_samples(monkeypatch, ["5H 6H 7H 9H"])
    observation, _ = _first_squad()
    cheap, winner = _squad("2D 3D 4D"), _squad("2S 6S JS")
    agent = GeneralsSearch(0)
    assert agent.choose(observation, (cheap, winner)) is cheap
    assert agent.choose(_after(observation, "5C 6C 7C"), (cheap, winner)) is winner
    _, even, weak = agent.weights(1)
    won = weak + even / 4
    assert 36 * won - 38 * (1 - won) - 19 > -27 > -38 - 19
    # Told not to adapt, it keeps predicting the strongest squad.
    agent = GeneralsSearch(0, adapt=False)
    assert agent.choose(observation, (cheap, winner)) is cheap
    assert agent.choose(_after(observation, "5C 6C 7C"), (cheap, winner)) is cheap
    assert agent.weights(1) == (1.0, 0.0, 0.0)


def test_generals_search_forgets_its_model_in_a_new_game() -> None:
    """An observation that cannot follow the last one seen starts a new game: what was
    learnt of the opponent is dropped (here: battles counted back to 0)."""
    observation, legal = _first_squad()
    agent = GeneralsSearch(0, samples=2)
    agent.choose(observation, legal)
    agent.choose(_after(observation, "5C 6C 7C"), legal)
    assert agent.weights(1)[2] > 0.8
    agent.choose(observation, legal)
    assert agent.weights(1) == (1.0, 0.0, 0.0)
    # Nor is a squad of the old game read as the answer to one chosen in the new game.
    agent.choose(_after(observation, "5C 6C 7C"), legal)
    assert agent.weights(1)[2] > 0.8


def test_generals_search_reused_for_a_new_game_starts_its_model_afresh() -> None:
    """One agent for two games: in the second it knows nothing of the first's opponent
    (its first choice there weighs the strongest rule alone), and an agent of the same
    seed given the same games plays them move for move alike."""

    class Spy(GeneralsSearch):
        def __init__(self, seed: int) -> None:
            super().__init__(seed, samples=4)
            self.seen: list[tuple[float, ...]] = []

        def choose(self, observation: generals.Observation,
                   legal: tuple[generals.Action, ...]) -> generals.Action:
            action = super().choose(observation, legal)
            self.seen.append(self.weights(1))
            return action

    records, seen = [], []
    for agent in (Spy(3), Spy(3)):
        records.append(agents.play("generals", [agent, agents.agent("first", generals, 0)], 4))
        between = len(agent.seen)
        records.append(agents.play("generals", [agent, generals.heuristic(0)], 5))
        seen.append(agent.seen)
    assert records[:2] == records[2:]
    assert seen[0] == seen[1]
    assert seen[0][between - 1][2] > 0.5  # it had learnt the first agent's way
    assert seen[0][between] == (1.0, 0.0, 0.0)


def test_generals_search_works_out_the_last_two_battles_of_a_deal() -> None:
    """The reserve is empty and five cards each are left: this battle and the last. Seat
    0 holds A 2 3 9 10 and has lost a general; the opponent holds the rest, 4 to 8, and
    is taken to lay 6 7 8 (21), keeping 4 5 (9). One battle deep, 3 9 10 wins it (2 * 21
    won, 22 spent: +20, the best), but leaves A 2 (3) against 9: the second general lost,
    and the game. Over both battles: 2 3 9 loses 2 * 14 and then A 10 (11) beats 9 (2 * 9
    won): -10; 2 3 10, -30 + 18; an Ace in this battle, or 2 9 10 (a tie, then A 3
    against 9), loses the game. It lays 2 3 9."""
    opts = generals.options(ranks="A 2 3 4 5 6 7 8 9 10", suits="C", claim_cards=0,
                            first_dealer=0)
    state = generals.new_game(0, opts, deal=["AC 2C 3C 9C 10C", "4C 5C 6C 7C 8C", ""])
    assert state.sides
    assert generals.to_act(state) == 0
    observation = attrs.evolve(generals.observe(state, 0), kills=((0, 0), (1, 0)))
    legal = generals.legal_actions(state)
    assert str(GeneralsSearch(0).choose(observation, legal)) == "squad 2C 3C 9C"


@pytest.mark.parametrize("change", [
    {"seat": 1}, {"options": generals.options(**_ONE_SUIT, kills_to_win=3)}, {"deals": 0},
    {"battles": 0}, {"scores": (0, -1)}, {"kills": ((0, 0), (0, -1))},
    {"won": ((), ())}, {"result": "over"},
])
def test_generals_search_tells_a_new_game_by_a_count_gone_back(change: dict[str, Any]
                                                               ) -> None:
    """Another seat or options, fewer deals, battles, points or kills, a card gone from a
    won pile within a deal, or a game over: the next observation is of a new game."""
    observation, _ = _first_squad()
    before = attrs.evolve(observation, deals=1, battles=1, won=((), (parse_card("KD"),)))
    assert generals_agents._same_game(before, before)
    assert generals_agents._same_game(before, attrs.evolve(before, deals=2, won=((), ())))
    if change == {"result": "over"}:
        over = agents.play("generals", [generals.heuristic(0)] * 2, 0).outcome
        before, change = attrs.evolve(before, result=over), {}
    assert not generals_agents._same_game(before, attrs.evolve(before, **change))


def test_generals_search_learns_only_from_the_battle_it_chose_a_squad_for() -> None:
    """The battle read is the one after the squad the agent chose: not one battle later
    (in four-player duels it may not see every battle), not one without the opponent, nor
    a squad the opponent had no choice of, nor one its pool could not have held, nor a
    battle without a squad per seat; a battle of squads that are not cards is refused."""
    observation, legal = _first_squad()

    def learnt(seen: generals.Observation) -> tuple[float, ...]:
        agent = GeneralsSearch(0, samples=2)
        agent.choose(observation, legal)
        agent.choose(seen, legal)
        return agent.weights(1)

    later = attrs.evolve(_after(observation, "5C 6C 7C"), battles=2)
    assert learnt(later) == (1.0, 0.0, 0.0)
    no_last = attrs.evolve(_after(observation, "5C 6C 7C"), last=None)
    assert learnt(no_last) == (1.0, 0.0, 0.0)
    battle = _after(observation, "5C 6C 7C").last
    assert battle is not None
    elsewhere = attrs.evolve(battle, sides=((0,),))
    assert learnt(attrs.evolve(observation, battles=1, last=elsewhere)) == (1.0, 0.0, 0.0)
    assert learnt(_after(observation, "5C 6C")) == (1.0, 0.0, 0.0)  # not three cards
    unread = attrs.evolve(battle, squads=())
    assert learnt(attrs.evolve(observation, battles=1, last=unread)) == (1.0, 0.0, 0.0)
    # Squads of text, not cards: refused, and nothing kept.
    agent = GeneralsSearch(0, samples=2)
    agent.choose(observation, legal)
    kept = dict(vars(agent))
    text = attrs.evolve(battle, squads=(parse_cards("2C 3C 4C"),
                                        ("5C", "6C", "7C")))  # type: ignore[arg-type]
    with pytest.raises(ObservationError):
        agent.choose(attrs.evolve(observation, battles=1, last=text), legal)
    assert dict(vars(agent)) == kept
    pending = generals_agents._Pending(0, 1, 5, (3,), (), parse_cards("5C 6C 7C 8C"))
    assert generals_agents._likelihoods(pending, parse_cards("5C 6C 7C")) is None
    forced = pending._replace(pool=3)
    assert generals_agents._likelihoods(forced, parse_cards("5C 6C 7C")) is None


def test_generals_search_refusing_an_observation_keeps_nothing_of_it() -> None:
    """An observation whose counts leave no state to draw is refused by the draw, after
    the battle it shows was read: the agent keeps neither, nor moves its generator."""
    observation, legal = _first_squad()
    agent = GeneralsSearch(0, samples=2)
    agent.choose(observation, legal)
    kept = dict(vars(agent))
    bad = attrs.evolve(_after(observation, "5C 6C 7C"), reserve_sizes=(9,))
    with pytest.raises(ObservationError):
        agent.choose(bad, legal)
    assert dict(vars(agent)) == kept


def test_generals_search_weighs_squads_of_one_to_three_cards() -> None:
    """With squads of one to three cards (25 of them from 5 cards), the strongest rule
    lays three, the weakest one card: a single 5 is not the strongest squad; it is the
    weakest if the other four cards, drawn from 6 7 8 9 10, are all worth 5 or more."""
    pending = generals_agents._Pending(0, 1, 5, (1, 2, 3), (), parse_cards("5C 6C 7C 8C 9C 10C"))
    chances = generals_agents._likelihoods(pending, parse_cards("5C"))
    assert chances == pytest.approx((0.05 / 25, 1 / 25, 0.95 + 0.05 / 25), rel=1e-12)
    pending = pending._replace(known=parse_cards("AC"))  # a general: worth less than 5
    chances = generals_agents._likelihoods(pending, parse_cards("5C"))
    assert chances == pytest.approx((0.05 / 25, 1 / 25, 0.05 / 25), rel=1e-12)


def test_generals_heuristic_claims_a_general_when_it_may() -> None:
    """The heuristic claims the first general listed that it may claim rather than pass,
    in whatever order the actions come."""
    state = generals.new_game(1)
    legal = generals.legal_actions(state)
    assert [str(a) for a in legal] == ["claim AC", "claim AD", "pass"]
    observation = generals.observe(state, 1)
    assert GeneralsHeuristic().choose(observation, legal) is legal[0]
    assert GeneralsHeuristic().choose(observation, legal[::-1]) is legal[1]
