"""Scenario tests of General's War, each naming the rule of ``docs/rules/generals.md`` it
checks. Expected values are worked out by hand from the rules in each test's comments."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from cardwar import agents, generals
from cardwar.cards import DealError, parse_card, parse_cards, standard_deck
from cardwar.core import GameOverError, IllegalActionError, NotationError, OptionError, Termination
from cardwar.render import render_observation, render_state
from cardwar.rng import Rng
from tests.support_generals import act, cards, game


def sizes(state: generals.State) -> list[int]:
    return [len(h) for h in state.hands]


@pytest.mark.rule("GENERALS-DECK", "GENERALS-DEAL", "GENERALS-PLAYERS")
def test_deck_values_and_deal() -> None:
    # Ace 1, face value, J 11, Q 12, K 13: 91 a suit, 364 the deck.
    assert [generals.card_value(c) for c in parse_cards("AS 2S 10S JS QS KS")] == [
        1, 2, 10, 11, 12, 13,
    ]
    assert sum(map(generals.card_value, standard_deck())) == 364
    assert Counter(generals.deck()) == Counter(standard_deck())
    for seed in range(20):
        two = generals.new_game(seed, generals.options(first_dealer=0))
        assert sizes(two) == [5, 5]
        assert len(two.reserves[0]) == 42
        four = generals.new_game(seed, generals.options(players=4, first_dealer=0))
        assert sizes(four) == [5, 5, 5, 5]
        assert len(four.reserves[0]) == 32
        assert Counter(generals.cards_in_play(four)) == Counter(standard_deck())
    for bad in (1, 3, 5, "3"):
        with pytest.raises(OptionError, match="'players'"):
            generals.options(players=bad)
    assert generals.options(players="4").players == 4
    with pytest.raises(OptionError, match="'hand_size'"):
        generals.options(ranks="2 3", suits="SH", hand_size=3)
    # An explicit deal: each hand, then the reserve top first; checked against the deck.
    state = game(["2S 3S", "2H 3H"], "4S 4H")
    assert cards(state.hands[0]) == "2S 3S"
    assert cards(state.reserves[0]) == "4S 4H"
    with pytest.raises(DealError, match="missing"):
        game(["2S 3S", "2H 3H"], "4S 4H", ranks="2 3 4 5")
    with pytest.raises(DealError, match=r"^seat 0.s hand has 1 card, not 2$"):
        generals.new_game(0, generals.options(ranks="2 3 4", suits="SH", hand_size=2),
                          deal=["2S", "3S 4S 2H", "3H 4H"])
    with pytest.raises(DealError, match="3 piles"):
        generals.new_game(0, generals.options(ranks="2 3 4", suits="SH", hand_size=2),
                          deal=["2S 3S", "4S 2H 3H 4H"])


@pytest.mark.rule("GENERALS-DEALER")
def test_first_dealer_by_lot_then_clockwise() -> None:
    dealers = set()
    for seed in range(30):
        expected, _ = Rng.from_seed(seed).below(4)
        state = generals.new_game(seed, generals.options(players=4))
        assert state.dealer == expected
        # The player on the dealer's left decides on claims first; the dealer chooses first.
        assert state.claimant == (state.dealer + 1) % 4
        assert state.chooser == state.dealer
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}
    assert generals.new_game(5, generals.options(first_dealer=1)).dealer == 1
    with pytest.raises(OptionError, match="'first_dealer'"):
        generals.options(first_dealer=2)
    # The next deal is dealt by the next seat clockwise (see also test_end_of_deal).
    state = game(["2S", "2H"], "", first_dealer=1)
    # Both squads are single cards; after the battle no one can draw and a hand is
    # empty, so the deal ends and seat 0 deals the second deal.
    state = act(state, "squad 2H", "squad 2S")
    assert state.deals == 2
    assert state.dealer == 0


@pytest.mark.rule("GENERALS-CLAIM", "GENERALS-CLAIM-ORDER")
def test_claims_chain_and_short_reserve() -> None:
    # Deck A-8 x S H; seat 1 deals, so seat 0 (the dealer's left) claims first.
    state = game(["AS 2S 3S 4S", "2H 3H 4H 5H"], "5S AH 6S 6H 7S 7H 8S 8H")
    assert generals.to_act(state) == 0
    assert [str(a) for a in generals.legal_actions(state)] == ["claim AS", "pass"]
    state = act(state, "claim AS")
    # The general fetches five cards from the top of the reserve, an Ace among them.
    assert cards(state.hands[0]) == "AS 2S 3S 4S 5S AH 6S 6H 7S"
    assert state.revealed[0] == (parse_card("AS"),)
    assert generals.to_act(state) == 0
    assert [str(a) for a in generals.legal_actions(state)] == ["claim AH", "pass"]
    state = act(state, "claim AH")
    # Only three cards were left: the claim takes what remains.
    assert cards(state.hands[0]) == "AS 2S 3S 4S 5S AH 6S 6H 7S 7H 8S 8H"
    assert state.reserves == ((),)
    # Seat 1 has no Ace: the claims are over and the battles start with the dealer.
    assert state.claimant is None
    assert generals.to_act(state) == 1
    with pytest.raises(IllegalActionError, match=r"^seat 0 cannot play 'claim AH': "):
        generals.step(game(["AS 2S", "2H 3H"], "3S AH"), generals.parse_action("claim AH"))


@pytest.mark.rule("GENERALS-CLAIM", "GENERALS-CLAIM-ORDER", "GENERALS-OBSERVE")
def test_claims_are_optional_and_go_clockwise_from_the_dealers_left() -> None:
    # Four players, seat 3 deals: seat 0 decides first, then 1, 2 and the dealer.
    hands = ["AS 2S", "AH 2H", "3S 3H", "AD 2D"]
    state = game(hands, "3D 4S 4H 4D", claim_cards=1)
    assert generals.to_act(state) == 0
    mine = generals.observe(state, 1)
    assert mine.revealed == ((), (), (), ())
    state = act(state, "pass")
    # Seat 0 passed with its Ace: it stays hidden; seat 1 decides next.
    assert generals.to_act(state) == 1
    state = act(state, "claim AH")
    assert cards(state.hands[1]) == "AH 2H 3D"
    # Seat 1 has no more unrevealed Ace and seat 2 none, but both are asked (and can only
    # pass), so that being asked says nothing about a hand; the dealer decides last.
    assert generals.to_act(state) == 1
    assert [str(a) for a in generals.legal_actions(state)] == ["pass"]
    state = act(state, "pass")
    assert generals.to_act(state) == 2
    assert [str(a) for a in generals.legal_actions(state)] == ["pass"]
    state = act(state, "pass")
    assert generals.to_act(state) == 3
    state = act(state, "claim AD")
    assert cards(state.hands[3]) == "AD 2D 4S"
    state = act(state, "pass")
    seen = generals.observe(state, 0)
    assert seen.revealed == ((), (parse_card("AH"),), (), (parse_card("AD"),))
    assert "AS" not in repr(generals.observe(state, 2))
    # The claims are over; the dealer chooses an opponent.
    assert state.claimant is None
    assert generals.to_act(state) == 3
    # Once the revealed general is played, it is no longer in the hand's revealed list.
    state = act(state, "challenge 1", "squad AD 2D 4S", "squad AH 2H 3D")
    assert state.revealed[1] == ()
    assert state.revealed[3] == ()


@pytest.mark.rule("GENERALS-SQUAD", "GENERALS-BATTLE", "GENERALS-DRAW", "GENERALS-SCORE")
def test_battle_takes_all_and_winner_draws_first() -> None:
    state = game(["8S 7S 2S 3S", "8H 6H 2H 3H"], "4S 4H 5S 5H 6S 7H AS AH")
    # No Ace in a hand: both can only pass. The dealer (seat 1) then commits first.
    assert [str(a) for a in generals.legal_actions(state)] == ["pass"]
    state = act(state, "pass", "pass")
    assert generals.to_act(state) == 1
    assert len(generals.legal_actions(state)) == 4  # 4 choose 3
    state = act(state, "squad 8H 6H 3H")
    assert generals.to_act(state) == 0
    state = act(state, "squad 8S 7S 3S")
    # 8 + 7 + 3 = 18 beats 8 + 6 + 3 = 17: seat 0 takes all six cards.
    assert state.last is not None
    assert state.last.sums == (18, 17)
    assert state.last.taker == 0
    assert state.last.taken == 6
    assert cards(state.won[0]) == "3S 7S 8S 3H 6H 8H"
    assert generals.score(state, 0) == 35
    assert generals.score(state, 1) == 0
    # The winner draws three first, then the other player.
    assert cards(state.hands[0]) == "2S 4S 4H 5S"
    assert cards(state.hands[1]) == "2H 5H 6S 7H"
    assert cards(state.reserves[0]) == "AS AH"
    # The choice (and the first commitment) passes clockwise.
    assert state.chooser == 0
    assert generals.to_act(state) == 0
    with pytest.raises(IllegalActionError, match="three cards"):
        act(state, "squad 2S 4S")
    with pytest.raises(IllegalActionError, match="three cards"):
        act(state, "squad 2S 4S 8S")


@pytest.mark.rule("GENERALS-SQUAD", "GENERALS-OBSERVE")
def test_squads_are_hidden_until_all_are_in() -> None:
    state = game(["8S 7S 2S 3S", "8H 6H 2H 3H"], "4S 4H 5S 5H 6S 7H AS AH")
    state = act(state, "pass", "pass", "squad 8H 6H 3H")
    theirs = generals.observe(state, 0)
    assert theirs.squad is None
    assert theirs.committed == (False, True)
    assert theirs.committed_sizes == (0, 3)
    assert theirs.hand_sizes == (4, 1)
    for card in ("8H", "6H", "3H", "2H"):
        assert card not in repr(theirs)
    mine = generals.observe(state, 1)
    assert cards(mine.squad) == "3H 6H 8H"
    assert cards(mine.hand) == "2H"
    assert "8S" not in repr(mine)
    with pytest.raises(ValueError, match="seat"):
        generals.observe(state, 2)


@pytest.mark.rule("GENERALS-SQUAD")
def test_short_hand_plays_everything() -> None:
    # The reserve is empty: seat 0 holds two cards and must play both.
    short = act(game(["2S 3S", "2H 4H"], "3H 4S", hand_size=2, first_dealer=0), "pass", "pass")
    assert [str(a) for a in generals.legal_actions(short)] == ["squad 2S 3S"]


@pytest.mark.rule("GENERALS-TIE", "GENERALS-KILL")
def test_equal_sums_carry_the_pot_to_the_next_winner() -> None:
    # Seat 1 deals; claim_cards=0 turns claims off (the Aces are still generals).
    state = game(["AS 5S 9S 2S 3S", "AH 5H 9H 6S 6H"], "2H 3H 4S 4H 7S 7H 8S 8H",
                 claim_cards=0)
    assert state.claimant is None
    state = act(state, "squad AH 5H 9H", "squad AS 5S 9S")  # 15 = 15
    assert state.last is not None
    assert state.last.taker is None
    assert cards(state.pot[0]) == "AS 5S 9S"
    assert cards(state.pot[1]) == "AH 5H 9H"
    assert state.won == ((), ())
    # Equal sums: the draw goes clockwise from the chooser (seat 1 chose, so 1 then 0).
    assert cards(state.hands[1]) == "6S 6H 2H 3H 4S"
    assert cards(state.hands[0]) == "2S 3S 4H 7S 7H"
    assert generals.observe(state, 0).pot == state.pot  # the pot is face up
    state = act(state, "squad 2S 3S 4H", "squad 6S 6H 4S")  # seat 0: 9; seat 1: 16
    # Seat 1 takes the pot and both squads: 12 cards. Seat 0's AS in the pot is a kill;
    # seat 1's own AH is not.
    assert state.last is not None
    assert state.last.taker == 1
    assert state.last.taken == 12
    assert state.kills == ((0, 0), (1, 0))
    assert state.last.kills == ((0, parse_card("AS")),)
    assert state.pot == ((), ())


@pytest.mark.rule("GENERALS-TIE")
def test_equal_sums_can_return_the_cards_to_their_owners() -> None:
    state = game(["AS 5S 9S 2S 3S", "AH 5H 9H 6S 6H"], "2H 3H 4S 4H 7S 7H 8S 8H",
                 claim_cards=0, tie="return_to_owners")
    state = act(state, "squad AH 5H 9H", "squad AS 5S 9S")
    assert state.pot == ((), ())
    assert cards(state.won[0]) == "AS 5S 9S"
    assert cards(state.won[1]) == "AH 5H 9H"
    assert generals.score(state, 0) == 15 == generals.score(state, 1)
    assert state.kills == ((0, 0), (0, 0))


@pytest.mark.rule("GENERALS-KILL")
def test_two_generals_of_one_opponent_win_over_several_battles() -> None:
    # Seat 0 lays its two Aces in two battles and loses both.
    state = game(["AS 2S 3S", "KS KH QS"], "AH 4S QH 4H JS JH 2H 3H", claim_cards=0)
    state = act(state, "squad KS KH QS", "squad AS 2S 3S")
    assert state.kills == ((0, 0), (1, 0))
    assert generals.outcome(state) is None
    # Seat 1 drew first (AH 4S QH), seat 0 then (4H JS JH).
    assert cards(state.hands[1]) == "AH 4S QH"
    assert cards(state.hands[0]) == "4H JS JH"
    state = act(state, "squad 4H JS JH", "squad AH 4S QH")  # 26 beats 17: seat 0 kills AH
    assert state.kills == ((0, 1), (1, 0))
    assert generals.outcome(state) is None
    # Seat 0 drew the last two cards, seat 1 none: the deal is over, and the 2H and 3H
    # left in seat 0's hand go to its pile, with no kill.
    assert state.deals == 2
    assert state.banked == (4 + 11 + 11 + 1 + 4 + 12 + 2 + 3, 13 + 13 + 12 + 1 + 2 + 3)
    # Kills carry over to the next deal.
    assert state.kills == ((0, 1), (1, 0))
    won = generals.new_game(0, generals.options(kills_to_win=1, first_dealer=1, claim_cards=0,
                                                ranks="A 2 3 K Q", suits="SH", hand_size=3),
                            deal=["AS 2S 3S", "KS KH QS", "AH 2H 3H QH"])
    won = act(won, "squad KS KH QS", "squad AS 2S 3S")
    result = generals.outcome(won)
    assert result is not None
    assert result.termination is Termination.GENERALS_KILLED
    assert result.winners == (1,)
    assert generals.legal_actions(won) == ()
    with pytest.raises(GameOverError):
        act(won, "pass")


@pytest.mark.rule("GENERALS-DEAL-END", "GENERALS-SCORE", "GENERALS-DEALER")
def test_end_of_deal_scores_leftovers_and_deals_again() -> None:
    # The reserve holds two cards: after the first battle the winner takes both, the
    # loser draws nothing and still holds one card, the winner three.
    state = game(["2S 3S 4S 5S", "2H 3H 4H 5H"], "6S 6H", first_dealer=1)
    state = act(state, "pass", "pass", "squad 2H 3H 4H", "squad 3S 4S 5S")  # 12 beats 9
    assert cards(state.hands[0]) == "2S 6S 6H"
    assert cards(state.hands[1]) == "5H"
    state = act(state, "squad 2S 6S 6H", "squad 5H")  # 14 beats 5; seat 1 has no card
    # The deal is over: seat 0's piles 12 + 9 + 14 + 5 = 40; seat 1's nothing.
    assert state.deals == 2
    assert state.banked == (40, 0)
    assert state.dealer == 0
    assert Counter(generals.cards_in_play(state)) == Counter(generals.deck(state.options))
    assert sizes(state) == [4, 4]
    assert len(state.reserves[0]) == 2
    assert state.won == ((), ())
    # Cards left in hand at the end of a deal go to their owner's pile.
    left = game(["2S 3S 4S 5S", "2H 3H 4H 5H"], "", first_dealer=1, squad_size="one_to_three")
    left = act(left, "squad 2H", "squad 5S")  # 5 beats 2: seat 0 has 7
    left = act(left, "squad 2S 3S 4S", "squad 5H")  # 9 beats 5: seat 0 has 7 + 14 = 21
    # Seat 0's hand is empty; seat 1 keeps 3H 4H, which score 7 for it.
    assert left.deals == 2
    assert left.banked == (21, 7)


@pytest.mark.rule("GENERALS-TARGET")
def test_target_is_checked_after_every_battle() -> None:
    state = game(["8S 7S 2S 3S", "8H 6H 2H 3H"], "4S 4H 5S 5H 6S 7H AS AH", target=35)
    state = act(state, "pass", "pass", "squad 8H 6H 3H", "squad 8S 7S 3S")
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (0,)
    assert result.scores == (35, 0)
    assert generals.options().target == generals.DEFAULT_TARGET == 250


@pytest.mark.rule("GENERALS-TARGET", "GENERALS-DEAL-END")
def test_several_over_the_target_at_the_end_of_a_deal() -> None:
    # Equal sums, then the deal ends: each owner takes back its cards (the pot and the
    # leftovers), so both reach the target together.
    state = game(["2S 3S 4S", "2H 3H 4H"], "", target=9, first_dealer=0)
    state = act(state, "squad 2S 3S 4S", "squad 2H 3H 4H")
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.is_draw
    assert result.scores == (9, 9)
    # The same position with 3 points banked by seat 0 from earlier deals: 12 beats 9.
    start = game(["2S 3S 4S", "2H 3H 4H"], "", target=9, first_dealer=0)
    state = act(attrs.evolve(start, banked=(3, 0)), "squad 2S 3S 4S", "squad 2H 3H 4H")
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (0,)
    assert result.scores == (12, 9)


@pytest.mark.rule("GENERALS-FOUR", "GENERALS-DRAW")
def test_four_player_duel() -> None:
    hands = ["2S 3S", "4S 5S", "2H 3H", "4H 5H"]
    state = act(game(hands, "6S 6H 7S 7H"), "pass", "pass", "pass", "pass")
    # Seat 3 deals and chooses an opponent among the players who hold cards.
    assert generals.to_act(state) == 3
    assert [str(a) for a in generals.legal_actions(state)] == [
        "challenge 0", "challenge 1", "challenge 2",
    ]
    with pytest.raises(IllegalActionError, match="choose an opponent"):
        act(state, "challenge 3")
    state = act(state, "challenge 1")
    assert state.sides == ((3,), (1,))
    # The chooser commits first, then the opponent; the others sit out.
    assert generals.to_act(state) == 3
    state = act(state, "squad 4H 5H")
    assert generals.to_act(state) == 1
    state = act(state, "squad 4S 5S")  # 9 = 9, equal: the draw starts at the chooser
    # Each duellist draws three: seat 3 takes three cards, seat 1 the last one.
    assert cards(state.hands[3]) == "6S 6H 7S"
    assert cards(state.hands[1]) == "7H"
    assert cards(state.hands[0]) == "2S 3S"
    assert cards(state.hands[2]) == "2H 3H"
    # The choice passes clockwise to seat 0.
    assert generals.to_act(state) == 0
    assert state.sides == ()
    state = act(state, "challenge 2", "squad 2S 3S", "squad 2H 3H")  # 5 = 5 again
    assert state.chooser == 1
    assert generals.to_act(state) == 1
    # Seats 0 and 2 are empty now: only seat 3 can be challenged.
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 3"]
    state = act(state, "challenge 3", "squad 7H", "squad 6S 6H 7S")  # 19 beats 7
    # Seat 3 takes both earlier pots (8 cards) and both squads: 12 cards, 18 + 10 + 26.
    assert state.last is not None
    assert state.last.taker == 3
    assert state.last.taken == 12
    # No one holds cards now: the deal ends.
    assert state.deals == 2
    assert state.banked == (0, 0, 0, 54)


@pytest.mark.rule("GENERALS-PARTNERSHIP", "GENERALS-FOUR")
def test_four_player_partnership() -> None:
    hands = ["AS 3S", "4S 9S", "2H 3H", "4H 5H"]
    state = game(hands, "6S 6H 7S 7H AH 9H 2S 5S", four_player="partnership", claim_cards=0)
    assert generals.to_act(state) == 3
    assert [str(a) for a in generals.legal_actions(state)] == [
        "partner 0", "partner 1", "partner 2",
    ]
    state = act(state, "partner 0")
    assert state.sides == ((0, 3), (1, 2))
    # Everyone commits, clockwise from the chooser: 3, 0, 1, 2.
    order = []
    for squad in ("squad 4H 5H", "squad AS 3S", "squad 4S 9S", "squad 2H 3H"):
        order.append(generals.to_act(state))
        state = act(state, squad)
    assert order == [3, 0, 1, 2]
    # Sides: 9 + 4 = 13 against 13 + 5 = 18: seat 1 (13, the higher squad) takes all.
    assert state.last is not None
    assert state.last.sums == (13, 18)
    assert state.last.taker == 1
    assert state.last.taken == 8
    # AS was laid by seat 0, an opponent of the taking side: a kill for seat 1.
    assert state.kills[1][0] == 1
    # The taker draws first, then clockwise: 1, 2, 3, 0.
    assert cards(state.hands[1]) == "6S 6H 7S"
    assert cards(state.hands[2]) == "7H AH 9H"
    assert cards(state.hands[3]) == "2S 5S"
    assert state.hands[0] == ()


@pytest.mark.rule("GENERALS-PGW")
def test_colour_halves_and_flexible_squads() -> None:
    opts = generals.options(deck_mode="colour_halves", first_dealer=0)
    state = generals.new_game(7, opts)
    black = {c for c in standard_deck() if c.suit is not None and c.suit.value in "CS"}
    assert all(c in black for c in state.hands[0] + state.reserves[0])
    assert not any(c in black for c in state.hands[1] + state.reserves[1])
    assert [len(r) for r in state.reserves] == [21, 21]
    with pytest.raises(OptionError, match="'deck_mode'"):
        generals.options(players=4, deck_mode="colour_halves")
    with pytest.raises(DealError, match="colour half"):
        generals.new_game(0, generals.options(deck_mode="colour_halves", ranks="2 3",
                                              suits="SH", hand_size=1),
                          deal=["2H", "2S", "3S", "3H"])
    # One to three cards; the number committed is public, the cards are not.
    flex = game(["2S 3S 4S", "2H 3H 4H"], "5S 5H", squad_size="one_to_three", claim_cards=0)
    assert len(generals.legal_actions(flex)) == 3 + 3 + 1
    flex = act(flex, "squad 4H")
    assert generals.observe(flex, 0).committed_sizes == (0, 1)
    flex = act(flex, "squad 2S 3S")  # 5 beats 4
    assert flex.last is not None
    assert flex.last.taker == 0
    # Each draws three (what is left): seat 0 first.
    assert cards(flex.hands[0]) == "4S 5S 5H"
    assert cards(flex.hands[1]) == "2H 3H"


@pytest.mark.rule("GENERALS-PGW", "GENERALS-DEAL-END")
def test_colour_halves_bank_what_is_left_in_a_reserve() -> None:
    # Halves of unequal size (black: 8 cards, red: 4): the red half runs out first. 4S 5S,
    # the last cards of seat 0's own reserve, are refilled into its hand before the deal
    # ends, and banked with it. (A reserve still holding cards at the end of a deal:
    # tests/test_generals_details.py.)
    opts = generals.options(deck_mode="colour_halves", first_dealer=0, ranks="2 3 4 5",
                            suits="CDS", hand_size=3, claim_cards=0, target=1000)
    state = generals.new_game(0, opts, deal=["5C 4C 3C", "2D 3D 4D", "2C 2S 3S 4S 5S", "5D"])
    state = act(state, "squad 3C 4C 5C")
    state = act(state, "squad 2D 3D 4D")  # 12 beats 9: seat 0 wins 21 points
    assert cards(state.reserves[0]) == "4S 5S"
    state = act(state, "squad 5D")
    state = act(state, "squad 2C 2S 3S")  # 7 beats 5: seat 0 wins 12 more; seat 1 is out
    # 21 + 12 won, and 4 + 5 left in the reserve: the whole deck's 42 points are banked.
    assert state.deals == 2
    assert state.banked == (42, 0)


@pytest.mark.rule("GENERALS-OBSERVE")
def test_notation_round_trips_and_bad_text_is_refused() -> None:
    for text in ("pass", "claim AS", "challenge 2", "partner 3", "squad 2H 5S KD"):
        assert str(generals.parse_action(text)) == text
    # A squad is kept in value order, whatever order it was written in.
    assert generals.parse_action("squad KD 2H 5S") == generals.parse_action("squad 2H 5S KD")
    for bad in ("claim", "squad", "squad 2H 3H 4H 5H", "challenge x", "claim ZZ", "fold"):
        with pytest.raises(NotationError):
            generals.parse_action(bad)


# --- GENERALS-PLACES: four players play on for places ------------------------------------


def places_game(hands: list[str], reserve: str, **opts: object) -> generals.State:
    """Return a four-player game with ``places=True`` from an explicit deal."""
    return game(hands, reserve, places=True, **opts)


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-TARGET", "GENERALS-DEAL-END", "GENERALS-DEALER",
                  "GENERALS-CLAIM-ORDER", "GENERALS-OBSERVE")
def test_places_first_finisher_by_target_leaves_and_the_rest_play_on() -> None:
    # Deck 2 3 4 5 K of four suits: 20 cards, 27 points a suit, 108 in all. Seat 3 deals;
    # claim_cards=1 keeps the claims (everyone is asked and passes: there is no Ace).
    hands = ["KS KH KD 2S", "3S 4S 3C 4C", "2D 3D 4D KC", "2H 3H 4H 2C"]
    start = places_game(hands, "5C 5D 5H 5S", target=40, claim_cards=1)
    state = act(start, "pass", "pass", "pass", "pass", "challenge 0", "squad 2H 3H 4H",
                "squad KS KH KD")
    # 39 beats 9: seat 0 takes 48 points and reaches 40. It finishes first and leaves:
    # its leftover 2S goes to its won pile (50 points), it draws nothing, and only seat 3,
    # the other fighter, draws (5C 5D 5H).
    assert state.places == (1, None, None, None)
    assert generals.outcome(state) is None
    assert state.hands[0] == ()
    assert cards(state.won[0]) == "KD KH KS 2H 3H 4H 2S"  # its squad, seat 3's, its 2S
    assert generals.score(state, 0) == 50
    assert cards(state.hands[3]) == "2C 5C 5D 5H"
    assert cards(state.reserves[0]) == "5S"
    # The places are public: every seat sees them, the finished one too.
    for seat in range(4):
        assert generals.observe(state, seat).places == (1, None, None, None)
    assert "places: seat 0 1st" in render_state(generals, state)
    assert "places: seat 0 1st" in render_observation(generals, generals.observe(state, 2))
    # The choice passes clockwise from seat 3, skipping seat 0: seat 1 chooses, among the
    # players still in; seat 0 can never be challenged.
    assert generals.to_act(state) == 1
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 2", "challenge 3"]
    with pytest.raises(IllegalActionError, match="choose an opponent"):
        act(state, "challenge 0")
    state = act(state, "challenge 3", "squad 3S 3C 4S", "squad 5C 5D 5H")  # 15 beats 10
    assert cards(state.hands[3]) == "2C 5S"  # the taker draws the last card
    assert cards(state.hands[1]) == "4C"
    assert generals.to_act(state) == 2
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 1", "challenge 3"]
    state = act(state, "challenge 1", "squad 3D 4D KC", "squad 4C")  # 20 beats 4
    # Seat 1 is empty; seat 3 chooses, and only seat 2 can fight it.
    assert generals.to_act(state) == 3
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 2"]
    state = act(state, "challenge 2", "squad 2C 5S", "squad 2D")  # 7 beats 2
    # No one holds a card: the deal ends. Seat 3 has 15 + 10 + 9 = 34, seat 2 has 24,
    # seat 1 nothing; seat 0's 50 stay frozen. No one still playing has reached 40.
    assert state.deals == 2
    assert state.banked == (50, 0, 24, 34)
    assert generals.score(state, 0) == 50
    assert state.places == (1, None, None, None)
    # The deal would pass to seat 0, which has left: seat 1 deals, to the three players
    # still in only (4 cards each, 8 in the reserve); seat 0 gets nothing.
    assert state.dealer == 1
    assert state.hands[0] == ()
    assert sizes(state) == [0, 4, 4, 4]
    assert len(state.reserves[0]) == 8
    assert Counter(generals.cards_in_play(state)) == Counter(generals.deck(state.options))
    # The claims go clockwise from the dealer's left, 2, 3, then 1: seat 0 is not asked.
    asked = []
    while state.claimant is not None:
        asked.append(state.claimant)
        state = act(state, "pass")
    assert asked == [2, 3, 1]
    assert generals.to_act(state) == 1
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 2", "challenge 3"]
    # With places=False, the same first battle ends the game: seat 0 wins.
    plain = game(hands, "5C 5D 5H 5S", target=40, claim_cards=1, places=False)
    plain = act(plain, "pass", "pass", "pass", "pass", "challenge 0", "squad 2H 3H 4H",
                "squad KS KH KD")
    result = generals.outcome(plain)
    assert result is not None
    assert result.winners == (0,)
    assert result.scores == (48, 0, 0, 0)
    assert plain.places == (None,) * 4


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-KILL")
def test_places_a_kill_finishes_a_player_and_decides_first_place() -> None:
    # Deck A 2 Q K of four suits; claims off. Seat 2 has 45 points from earlier deals.
    hands = ["AS AH 2S", "QS QH QD", "2H 2D AD", "KS KH KD"]
    start = places_game(hands, "QC KC AC 2C", target=50, claim_cards=0)
    state = act(attrs.evolve(start, banked=(0, 0, 45, 0)),
                "challenge 0", "squad KS KH KD", "squad AS AH 2S")
    # Seat 3 takes both of seat 0's Aces: two generals of one opponent. It finishes first
    # with 43 points, under the target; seat 0 draws QC KC AC.
    assert state.kills[3][0] == 2
    assert state.places == (None, None, None, 1)
    assert generals.score(state, 3) == 43
    assert cards(state.hands[0]) == "QC KC AC"
    assert generals.to_act(state) == 0
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 1", "challenge 2"]
    state = act(state, "challenge 1", "squad AC QC KC", "squad QS QH QD")  # 36 beats 26
    # Seat 1 takes 62 points, over the target: second place. Seat 0 draws the 2C.
    assert state.places == (None, 2, None, 1)
    assert state.kills[1][0] == 1
    assert cards(state.hands[0]) == "2C"
    # Two players are left: they play the two-player game, with no one to choose. The
    # choice passes from seat 0 to seat 1, which has left, then to seat 2.
    assert state.sides == ((0,), (2,))
    assert generals.to_act(state) == 2
    assert [str(a) for a in generals.legal_actions(state)] == ["squad AD 2D 2H"]
    state = act(state, "squad AD 2H 2D", "squad 2C")  # 5 beats 2: seat 2 has 45 + 7
    # Seat 2 reaches 52: third place. Seat 0 is the only one left: last place, and the
    # game is over. First place was decided by the kill.
    assert state.places == (4, 2, 3, 1)
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.GENERALS_KILLED
    assert result.winners == (3,)
    assert result.scores == (0, 62, 52, 43)
    assert generals.legal_actions(state) == ()
    assert generals.observe(state, 0).places == (4, 2, 3, 1)


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-TIE", "GENERALS-TARGET")
def test_places_equal_scores_share_a_place_and_the_last_player_is_last() -> None:
    # Equal sums with tie=return_to_owners: seats 3 and 0 both take back 28 points and
    # reach the target of 20 at the same check with equal scores.
    hands = ["KD KC 2H", "4S 4D 4C", "2D 3D 3S", "KS KH 2S"]
    opts = {"target": 20, "claim_cards": 0, "tie": "return_to_owners"}
    state = act(places_game(hands, "4H 3H 3C 2C", **opts),
                "challenge 0", "squad 2S KH KS", "squad 2H KC KD")
    assert state.places == (1, None, None, 1)
    assert state.hands[0] == ()
    assert state.hands[3] == ()
    # Two players are left: seat 1 (the choice passes from seat 3 past seat 0) commits
    # first, with no opponent to choose.
    assert state.sides == ((1,), (2,))
    assert generals.to_act(state) == 1
    state = act(state, "squad 4S 4D 4C", "squad 2D 3D 3S")  # 12 beats 8: seat 1 has 20
    # Two seats share first place, so seat 1 is third, not second; seat 2 is last.
    assert state.places == (1, 3, 4, 1)
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (0, 3)
    assert not result.is_draw
    assert result.winner is None
    assert result.scores == (28, 20, 0, 28)
    # Nobody draws once the game is over: the reserve is untouched.
    assert cards(state.reserves[0]) == "4H 3H 3C 2C"
    # With places=False, the first battle ends the game: equal highest scores draw.
    plain = act(game(hands, "4H 3H 3C 2C", places=False, **opts),
                "challenge 0", "squad 2S KH KS", "squad 2H KC KD")
    drawn = generals.outcome(plain)
    assert drawn is not None
    assert drawn.is_draw


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-DEAL-END", "GENERALS-TIE")
def test_places_at_the_end_of_a_deal_rank_one_two_two_four() -> None:
    # Deck 2 K of four suits, two cards each, no reserve; seats 1 and 2 have 15 points
    # from earlier deals.
    hands = ["2S 2H", "KD 2D", "KC 2C", "KS KH"]
    start = attrs.evolve(places_game(hands, "", target=30), banked=(0, 15, 15, 0))
    state = act(start, "challenge 0", "squad KS KH", "squad 2S 2H")  # 26 beats 4
    assert state.places == (None, None, None, 1)
    # Three players are still in, so seat 1 chooses (seat 0 has no card left).
    assert generals.to_act(state) == 1
    assert [str(a) for a in generals.legal_actions(state)] == ["challenge 2"]
    state = act(state, "challenge 2", "squad KD 2D", "squad KC 2C")  # 15 = 15: a pot
    # No one can fight: the deal ends, the pot goes back to its owners, and seats 1 and
    # 2 both reach 30: they share second place; seat 0 is left alone and is fourth.
    assert state.places == (4, 2, 2, 1)
    result = generals.outcome(state)
    assert result is not None
    assert result.termination is Termination.TARGET_SCORE
    assert result.winners == (3,)
    assert result.scores == (0, 30, 30, 30)
    assert tuple(generals.score(state, s) for s in range(4)) == (0, 30, 30, 30)
    assert state.pot == ((),) * 4


@pytest.mark.rule("GENERALS-PLACES", "GENERALS-PLAYERS", "GENERALS-PARTNERSHIP")
def test_places_option_is_for_the_four_player_duel_only() -> None:
    # The default: on for the four-player duel, off otherwise (the option is then refused).
    assert generals.options().places is False
    assert generals.options(players=4).places is True
    assert generals.options(players=4, four_player="partnership").places is False
    assert generals.options(players=4, places=None) == generals.options(players=4, places=True)
    assert generals.options(players=4, places="default").places is True
    # The CLI's spelling of None (`-o places=none`), in any case and spacing.
    assert generals.options(players=4, places=" None ").places is True
    assert generals.options(places="none").places is False
    assert generals.options(players=4, places=False).places is False
    assert generals.options(players=4, places=True).places is True
    assert generals.options(players=4, places="yes").places is True
    assert generals.new_game(0, generals.options(players=4, places=True)).places == (None,) * 4
    with pytest.raises(OptionError, match=r"'places'.*4 players") as err:
        generals.options(places=True)
    assert err.value.option == "places"
    with pytest.raises(OptionError, match=r"'places'.*duel"):
        generals.options(players=4, four_player="partnership", places=True)
    with pytest.raises(OptionError, match="'places'"):
        generals.options(players=4, places="sometimes")
    # With places=False nobody ever has a place, even when the game is over.
    state = generals.new_game(4, generals.options(players=4, target=60, places=False))
    choices = iter(range(10_000))
    while generals.outcome(state) is None:
        legal = generals.legal_actions(state)
        state = generals.step(state, legal[next(choices) % len(legal)])
    assert state.places == (None,) * 4


@pytest.mark.rule("GENERALS-BOUND", "GENERALS-PLACES")
@pytest.mark.parametrize("players", [2, 4])
def test_every_default_game_ends_within_the_stated_bound(players: int) -> None:
    # Random, lowest-first and heuristic players, every seat the same kind and a mix: at
    # most 26 battles a deal, and at most 2 deals (two players) or 8 (four, playing on for
    # places by default).
    opts = generals.options(players=players)
    assert opts.places is (players == 4)
    most_deals = 2 if players == 2 else 8
    kinds = ["random", "first", "heuristic"]
    mixes = [[k] * players for k in kinds] + [[kinds[s % 3] for s in range(players)]]
    for mix in mixes:
        for seed in range(15):
            seats = [agents.agent(k, generals.NAME, 100 * seed + s) for s, k in enumerate(mix)]
            state = generals.new_game(seed, opts)
            deals_battles = [0]
            while generals.outcome(state) is None:
                seat = generals.to_act(state)
                assert seat is not None
                legal = generals.legal_actions(state)
                action = seats[seat].choose(generals.observe(state, seat), legal)
                after = generals.step(state, action)
                # The battle that ends a deal belongs to it.
                deals_battles[-1] += after.battles - state.battles
                if after.deals > state.deals:
                    deals_battles.append(0)
                state = after
            assert state.deals <= most_deals, (mix, seed)
            assert max(deals_battles) <= 26, (mix, seed)


@pytest.mark.rule("GENERALS-BATTLE", "GENERALS-OBSERVE")
def test_a_battle_shows_each_sides_squads_next_to_its_own_sum() -> None:
    # Seat 2 chose seat 0: the sides are (2,) then (0,), and each sum stands by its squad
    # (the line used to list squads by seat and sums by side: "seat 0 ..., seat 2 ...
    # (26-16)" when seat 0's squad made 16).
    battle = generals.Battle(
        sides=((2,), (0,)),
        squads=(parse_cards("3D 5S 8S"), (), parse_cards("7H 9D 10S"), ()),
        sums=(26, 16),
        taker=2,
        taken=6,
        kills=(),
    )
    state = attrs.evolve(generals.new_game(0, generals.options(players=4)), last=battle)
    text = generals.render_state(state, ascii=True)
    assert "last battle: seat 2 7H 9D 10S (26) vs seat 0 3D 5S 8S (16) -> seat 2 takes 6" in text
