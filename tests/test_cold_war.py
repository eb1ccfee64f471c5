"""Scenario tests of Cold War, each naming the rule of ``docs/rules/cold-war.md`` it checks.

Most positions use small decks so that the stock and the pools can be set exactly:
``D12`` is 9 10 J Q in spades, hearts and diamonds (12 cards, so three hands of three
leave three cards for the stock and the pools; its points total 117), ``D14`` is nine to
Ace in spades and hearts with two Jokers, and ``P4`` doubles D14's suited cards for four
players.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardwar
from cardwar import cold_war
from cardwar.cards import JOKER, DealError, Rank, parse_card, parse_cards
from cardwar.core import GameOverError, IllegalActionError, NotationError, OptionError, Termination
from cardwar.rng import Rng
from tests.support_cold_war import cards, play, position, unscored

D12: dict[str, Any] = {"ranks": "9 10 J Q", "suits": "SHD", "decks": 1, "jokers": 0}
D14: dict[str, Any] = {"ranks": "9 10 J Q K A", "suits": "SH", "decks": 1, "jokers": 2}
P4: dict[str, Any] = {**D14, "players": 4, "decks": 2}


def leave_position(**opts: Any) -> cold_war.State:
    """Seat 1 will take the first trick; seats 0 and 2 then cannot refill."""
    return position(
        ["9S 10H JD", "10S JH QD", "JS QH 9D"], pools=["", "QS 9H 10D", ""], **D12, **opts
    )


def bomb_position(**opts: Any) -> cold_war.State:
    """Seat 1 will take the first trick with QD, keeping 10S JS; one card, QS, is left in
    the stock and two in seat 1's pool."""
    return position(
        ["9S 10H JD", "10S JS QD", "JH QH 9D"], "QS", pools=["", "9H 10D", ""], **D12, **opts
    )


# --- cards and setup -------------------------------------------------------------------


@pytest.mark.rule("COLDWAR-DECK", "COLDWAR-SCORE")
def test_the_deck_has_fifty_cards_worth_480() -> None:
    deck = cold_war.deck()
    counts = Counter(c.rank for c in deck)
    assert len(deck) == 50
    assert all(counts[Rank(v)] == 8 for v in range(9, 15))
    assert counts[Rank.JOKER] == 2
    assert sum(map(cold_war.card_points, deck)) == 480
    points = {str(c): cold_war.card_points(c) for c in parse_cards("JK 9S 10S JS QS KS AS")}
    assert points == {"JK": 0, "9S": 9, "10S": 10, "JS": 10, "QS": 10, "KS": 10, "AS": 11}


@pytest.mark.rule("COLDWAR-PLAYERS", "COLDWAR-DECK")
def test_three_or_four_players() -> None:
    for bad in (2, 5):
        with pytest.raises(OptionError, match="'players'"):
            cold_war.options(players=bad)
    with pytest.raises(OptionError, match="cannot deal"):
        cold_war.options(players=4, ranks="9 10", suits="S", decks=1, jokers=1)
    assert cold_war.num_players(cold_war.new_game(1, cold_war.options(players=4))) == 4
    assert cardwar.variant("zimna-wojna") is cold_war
    assert cardwar.variant("cold_war") is cold_war


@pytest.mark.rule("COLDWAR-DEAL", "COLDWAR-HAND")
def test_deal_three_hidden_cards_each_from_the_dealers_next_seat() -> None:
    for players, stock in ((3, 41), (4, 38)):
        opts = cold_war.options(players=players)
        state = cold_war.new_game(7, opts)
        assert [len(h) for h in state.hands] == [3] * players
        assert len(state.stock) == stock
        assert Counter(cold_war.cards_in_play(state)) == Counter(cold_war.deck(opts))
        # Seat 0 deals one card at a time, starting with seat 1.
        shuffled, _ = Rng.from_seed(7).shuffle(cold_war.deck(opts))
        for k in range(players):
            seat = (k + 1) % players
            assert state.hands[seat] == shuffled[k : 3 * players : players]
        assert state.stock == shuffled[3 * players :]
    explicit = position(["9S 10S JS", "QS 9H 10H", "JH QH 9D"], "QD 10D JD", **D12)
    assert cards(explicit.hands[1]) == "QS 9H 10H"
    assert cards(explicit.stock) == "QD 10D JD"
    with pytest.raises(DealError, match="3 hands and a stock"):
        cold_war.new_game(0, cold_war.options(**D12), deal=["9S 10S JS", "QS 9H 10H"])
    with pytest.raises(DealError, match="seat 2 has 2"):
        cold_war.new_game(
            0, cold_war.options(**D12), deal=["9S 10S JS", "QS 9H 10H", "JH QH", "9D QD 10D JD"]
        )
    with pytest.raises(DealError, match="missing"):
        cold_war.new_game(
            0, cold_war.options(**D12), deal=["9S 10S JS", "QS 9H 10H", "JH QH 9D", "QD 10D"]
        )


# --- play ------------------------------------------------------------------------------


@pytest.mark.rule("COLDWAR-LEAD", "COLDWAR-PLAY", "COLDWAR-A13")
def test_the_dealer_leads_and_play_passes_seat_by_seat() -> None:
    state = position(["9S 10S JS", "QH KH AH", "9H 10H JH"], "QS KS AS", **D14)
    assert state.dealer == 0
    assert cold_war.to_act(state) == 0
    assert [str(a) for a in cold_war.legal_actions(state)] == ["9S", "10S", "JS"]
    with pytest.raises(IllegalActionError, match="not a card of their hand"):
        play(state, "QH")
    one = play(state, "JS")
    assert cold_war.to_act(one) == 1
    assert [str(p) for p in one.plays] == ["0:JS"]
    two = play(one, "KH")
    assert cold_war.to_act(two) == 2
    # The taker (seat 1, with the King) leads the next trick.
    after = play(two, "10H")
    assert after.last_trick is not None
    assert after.last_trick.winner == 1
    assert cold_war.to_act(after) == 1
    assert after.order == (1, 2, 0)


@pytest.mark.rule("COLDWAR-TAKE", "COLDWAR-A8")
def test_the_highest_card_takes_the_table_into_its_owners_pool() -> None:
    state = position(["9S 10S JS", "QH KH AH", "9H 10H JH"], "QS KS AS", **D14)
    after = play(state, "9S", "AH", "10H")
    assert after.last_trick is not None
    assert (after.last_trick.winner, after.last_trick.cards) == (1, 3)
    # The last card laid ends on top of the pool.
    assert cards(after.pools[1]) == "10H AH 9S"
    assert after.pools[0] == after.pools[2] == ()
    assert after.tricks == 1


@pytest.mark.rule("COLDWAR-REFILL", "COLDWAR-HAND", "COLDWAR-A10")
def test_everyone_refills_to_three_from_the_stock_in_play_order() -> None:
    state = position(["9S 10S JS", "QH KH AH", "9H 10H JH"], "QS KS AS", **D14)
    after = play(state, "9S", "AH", "10H")
    assert cards(after.hands[0]) == "10S JS QS"
    assert cards(after.hands[1]) == "QH KH KS"
    assert cards(after.hands[2]) == "9H JH AS"
    assert cards(after.stock) == "JK JK"
    first = play(
        position(["9S 10S JS", "QH KH AH", "9H 10H JH"], "QS KS AS", draw_order="winner_first",
                 **D14),
        "9S", "AH", "10H",
    )
    assert cards(first.hands[1]) == "QH KH QS"
    assert cards(first.hands[0]) == "10S JS KS"
    assert cards(first.hands[2]) == "9H JH AS"


@pytest.mark.rule("COLDWAR-REFILL", "COLDWAR-A11")
def test_once_the_stock_is_gone_players_refill_from_their_own_pool() -> None:
    state = position(
        ["9S 10H JD", "10S JH QD", "JS QH 9D"], pools=["QS", "9H", "10D"], **D12
    )
    assert state.stock == ()
    after = play(state, "9S", "QD", "JS")
    assert cards(after.hands[0]) == "10H JD QS"
    # Seat 1 took the table first, so the top of its pool is the last card laid.
    assert cards(after.hands[1]) == "10S JH JS"
    assert cards(after.hands[2]) == "QH 9D 10D"
    assert after.pools == ((), tuple(parse_cards("QD 9S 9H")), ())
    assert after.active == (True, True, True)


@pytest.mark.rule("COLDWAR-JOKER", "COLDWAR-A5")
def test_a_joker_is_declared_when_played() -> None:
    state = position(["JK 9S 10S", "AS QH JH", "JK KS 9H"], **D14)
    assert [str(a) for a in cold_war.legal_actions(state)] == [
        "9S", "10S", "JK=9", "JK=10", "JK=J", "JK=Q", "JK=K", "JK=A", "JK=TOP",
    ]
    for bad in (cold_war.Play(JOKER), cold_war.Play(JOKER, Rank.TWO),
                cold_war.Play(parse_card("9S"), Rank.NINE)):
        with pytest.raises(IllegalActionError):
            cold_war.step(state, bad)
    for text in ("JK", "9S=9", "JK=1"):
        with pytest.raises(NotationError):
            cold_war.parse_action(text)
    # As the highest card, a Joker beats an Ace.
    top = play(state, "JK=TOP", "AS", "KS")
    assert top.last_trick is not None
    assert top.last_trick.winner == 0
    assert str(top.last_trick) == "0:JK=TOP 1:AS 2:KS -> seat 0 takes 3"
    # Two Jokers declared as the highest card are one rank: a war.
    both = play(state, "JK=TOP", "AS", "JK=TOP")
    assert both.order == (0, 2)
    # A Joker declared as a rank starts a war with that rank.
    queen = play(state, "JK=Q", "QH")
    assert queen.war_rank is Rank.QUEEN
    assert cold_war.card_points(JOKER) == 0


# --- wars ------------------------------------------------------------------------------


def war_position(**opts: Any) -> cold_war.State:
    return position(
        ["9S KS AH", "KH 10S JS", "9H QS 10H", "9S AS QH"], "JH QH KS AS 10S 9H 10H",
        **P4, **opts,
    )


@pytest.mark.rule("COLDWAR-WAR", "COLDWAR-STAKE", "COLDWAR-WAR-ROUND", "COLDWAR-A7",
                  "COLDWAR-A9", "COLDWAR-A15")
def test_a_pair_starts_a_war_that_later_players_join_or_leave() -> None:
    state = war_position()
    paired = play(state, "9S", "KH", "9H")
    assert paired.war_rank is Rank.NINE
    # Seat 3 joins by matching; seat 1, who played a King before the pair, cannot.
    war = play(paired, "9S")
    assert war.order == (0, 2, 3)
    assert war.in_war
    # Everyone refilled in play order first, then each fighter staked the stock's top.
    assert cards(war.hands[0]) == "KS AH JH"
    assert cards(war.hands[1]) == "10S JS QH"
    assert cards(war.hands[2]) == "QS 10H KS"
    assert cards(war.hands[3]) == "AS QH AS"
    assert [(s, str(c)) for s, c in war.stakes] == [(0, "10S"), (2, "9H"), (3, "10H")]
    assert cold_war.observe(war, 1).stake_counts == (1, 0, 1, 1)
    assert cold_war.to_act(war) == 0
    # A pair again continues the war between its players, whatever the highest card.
    again = play(war, "AH", "KS", "AS")
    assert again.order == (0, 3)
    assert [len(r) for r in again.rounds] == [4, 3]
    assert cold_war.observe(again, 1).stake_counts == (2, 0, 1, 2)
    done = play(again, "KS", "QH")
    trick = done.last_trick
    assert trick is not None
    # The winner takes every card of the table: 9 face up and 5 stakes.
    assert (trick.winner, trick.cards, trick.stakes) == (0, 14, (2, 0, 1, 2))
    assert len(done.pools[0]) == 14
    # Gathered in the order laid, each war round's stakes before its cards, the last on top.
    assert cards(done.pools[0][:2]) == "QH KS"
    assert cards(done.pools[0][4:]) == "AS KS AH 10H 9H 10S 9S 9H KH 9S"
    assert done.stock == ()
    assert done.order == (0, 1, 2, 3)
    assert Counter(cold_war.cards_in_play(done)) == Counter(cold_war.deck(done.options))


@pytest.mark.rule("COLDWAR-WAR-TRIGGER", "COLDWAR-A6", "COLDWAR-A7")
def test_war_trigger_any_pair_or_tie_for_highest() -> None:
    hands = ["9S 10S JS", "9H QH AH", "JH KS AS"]
    pair = play(position(hands, **D14), "9S", "9H", "AS")
    assert pair.order == (0, 1)
    highest = play(position(hands, war_trigger="tie_for_highest", **D14), "9S", "9H", "AS")
    assert highest.last_trick is not None
    assert highest.last_trick.winner == 2
    partial = play(position(hands, war_trigger="tie_for_highest", **D14), "9S", "9H")
    assert partial.war_rank is None  # no war is known before the round is complete
    top_tie = play(position(hands, war_trigger="tie_for_highest", **D14), "9S", "AH", "AS")
    assert top_tie.order == (1, 2)
    # A highest card played once is no war even when the other cards pair: it takes the
    # trick as any trick is taken, and with winner_first its taker draws first (the top
    # card of the stock, JK).
    taken = play(
        position(hands, "JK", war_trigger="tie_for_highest", draw_order="winner_first", **D14),
        "9S", "9H", "AS",
    )
    assert taken.last_trick is not None
    assert taken.last_trick.winner == 2
    assert [cards(h) for h in taken.hands] == ["10S JS 10H", "QH AH KH", "JH KS JK"]
    # Any pair: the first pair completed fixes the war; a later pair is no war.
    four = play(war_position(), "9S", "KH", "9H", "9S")
    assert four.order == (0, 2, 3)
    later = play(war_position(), "KS", "10S", "10H", "AS")
    assert later.order == (1, 2)
    assert cards(p.card for p in later.rounds[0]) == "KS 10S 10H AS"


@pytest.mark.rule("COLDWAR-STAKE", "COLDWAR-LEAVE", "COLDWAR-A9", "COLDWAR-A11")
def test_a_fighter_who_cannot_stake_leaves_and_loses_the_war() -> None:
    state = position(
        ["9S JH QS", "9H 10S JD", "QD 10D JS"], pools=["10H QH", "9D", ""], **D12,
        deal_end="last_standing",
    )
    after = play(state, "9S", "9H", "QD")
    trick = after.last_trick
    assert trick is not None
    # Seat 2 could not refill; seat 1 refilled with its last pool card and could not stake.
    assert trick.left == (2, 1)
    assert (trick.winner, trick.cards, trick.stakes) == (0, 4, (1, 0, 0))
    deal = after.last_deal
    assert deal is not None
    # Under last_standing the deal ended because one player was left, not because one ran out.
    assert deal.reason is cold_war.DealReason.LAST_STANDING
    assert cards(deal.hands[0]) == "JH QS 10H"
    assert cards(deal.hands[1]) == "10S JD 9D"
    # Seat 0, the last one in the deal, scores its pool (9S 9H QD and the stake QH), not
    # its hand; seats 1 and 2 ran out and score their hands (COLDWAR-SCORE).
    assert deal.hands_scored == (False, True, True)
    assert deal.card_points == (38, 29, 20)
    assert deal.scores == (38, 29, 20)


@pytest.mark.rule("COLDWAR-LEAVE", "COLDWAR-END-DEAL", "COLDWAR-A12")
def test_when_every_fighter_leaves_at_once_the_table_is_set_aside() -> None:
    state = position(
        ["9S JH QS", "9H 10S JD", "QD 10D JS"], pools=["", "", "10H QH 9D"], **D12
    )
    after = play(state, "9S", "9H", "QD")
    trick = after.last_trick
    assert trick is not None
    assert (trick.winner, trick.left, trick.cards) == (None, (0, 1), 3)
    deal = after.last_deal
    assert deal is not None
    # Seats 0 and 1 ran out and score their hands; seat 2 its pool (QH 9D), not its hand.
    assert deal.scores == (20, 20, 19)
    assert deal.set_aside == 28
    assert sum(deal.scores) + deal.set_aside + unscored(deal) == 117


@pytest.mark.rule("COLDWAR-LEAVE", "COLDWAR-LEAD", "COLDWAR-A12")
def test_after_a_set_aside_table_the_next_player_in_the_deal_leads() -> None:
    state = position(
        ["9S 10S JS", "9H 10H JH", "QD 9D JD", "10D QS QH"],
        pools=["", "", "KS", "KH KD"],
        players=4, ranks="9 10 J Q K", suits="SHD", decks=1, jokers=0,
        deal_end="last_standing",
    )
    after = play(state, "9S", "9H", "QD", "10D")
    trick = after.last_trick
    assert trick is not None
    assert (trick.winner, trick.left) == (None, (0, 1))
    assert cards(after.set_aside) == "9S 9H QD 10D"
    assert after.active == (False, False, True, True)
    assert after.deals == 0
    assert after.order == (2, 3)
    assert cold_war.to_act(after) == 2
    assert cards(after.hands[2]) == "9D JD KS"


# --- end of a deal ---------------------------------------------------------------------


@pytest.mark.rule("COLDWAR-LEAVE", "COLDWAR-END-DEAL", "COLDWAR-SCORE", "COLDWAR-A11",
                  "COLDWAR-A12")
def test_players_who_cannot_refill_leave_and_the_deal_ends_with_one_left() -> None:
    after = play(leave_position(), "9S", "QD", "JS")
    trick = after.last_trick
    assert trick is not None
    assert (trick.winner, trick.left) == (1, (0, 2))
    deal = after.last_deal
    assert deal is not None
    assert deal.number == 1
    assert [cards(h) for h in deal.hands] == ["10H JD", "10S JH JS", "QH 9D"]
    # Seats 0 and 2 ran out and score their hands; seat 1 scores its pool (QD 9S QS 9H
    # 10D, 48), not its hand (COLDWAR-SCORE).
    assert deal.card_points == (20, 48, 19)
    assert deal.bombs == (0, 0, 0)
    assert after.totals == (20, 48, 19)
    assert after.deals == 1
    assert cold_war.outcome(after) is None


@pytest.mark.rule("COLDWAR-DEALER", "COLDWAR-DEAL", "COLDWAR-A13")
def test_the_deal_passes_one_seat_on_and_the_deck_is_reshuffled() -> None:
    after = play(leave_position(), "9S", "QD", "JS")
    assert after.dealer == 1
    assert cold_war.to_act(after) == 1
    assert after.order == (1, 2, 0)
    assert after.pools == ((), (), ())
    assert after.active == (True, True, True)
    # The first deal was explicit, so the second is the generator's first shuffle.
    shuffled, rng = Rng.from_seed(0).shuffle(cold_war.deck(after.options))
    assert after.rng == rng
    assert after.hands[2] == shuffled[0:9:3]
    assert after.hands[0] == shuffled[1:9:3]
    assert after.stock == shuffled[9:]
    fixed = play(leave_position(rotate_dealer=False), "9S", "QD", "JS")
    assert fixed.dealer == 0
    assert cold_war.to_act(fixed) == 0


@pytest.mark.rule("COLDWAR-BOMB", "COLDWAR-A1", "COLDWAR-A2", "COLDWAR-A4")
def test_bombs_are_three_cards_of_a_suit_in_sequence() -> None:
    def bomb(text: str) -> int:
        return cold_war.bomb_points(parse_cards(text))

    assert bomb("AS KS QS") == bomb("9H 10H JH") == bomb("QD JD KD") == 100
    assert bomb("JK JH QH") == bomb("9H JK JH") == bomb("JK AS JK") == 20
    assert bomb("KS AS 9S") == 0  # no wrap
    assert bomb("AS KS QH") == 0  # one suit
    assert bomb("QS QS KS") == 0  # distinct ranks
    assert bomb("AS QS 10S") == 0
    assert bomb("AS KS") == 0
    assert bomb("JK JK 9S") == 20
    # Three Jokers (a deck with jokers=3 or more) stand in for a whole sequence.
    assert bomb("JK JK JK") == 20


@pytest.mark.rule("COLDWAR-BOMB", "COLDWAR-BOMB-MODE", "COLDWAR-REFILL", "COLDWAR-A3",
                  "COLDWAR-A10")
def test_a_bomb_in_the_final_hand_scores_at_the_end_of_the_deal() -> None:
    first = play(bomb_position(draw_order="winner_first"), "9S", "QD", "JH")
    deal = first.last_deal
    assert deal is not None
    assert cards(deal.hands[1]) == "10S JS QS"
    assert deal.card_points == (20, 48, 19)
    assert deal.bombs == (0, 100, 0)
    assert first.totals == (20, 148, 19)
    off = play(bomb_position(draw_order="winner_first", bomb_mode="off"), "9S", "QD", "JH")
    assert off.totals == (20, 48, 19)
    plays = play(
        bomb_position(draw_order="winner_first", bomb_mode="last_plays"), "9S", "QD", "JH"
    )
    assert plays.totals == (20, 48, 19)  # seat 1 played one card only
    # In play order, seat 0 draws the stock's last card first; seat 2 cannot refill, and
    # under last_standing the deal goes on without it.
    ordered = play(bomb_position(deal_end="last_standing"), "9S", "QD", "JH")
    assert cards(ordered.hands[0]) == "10H JD QS"
    assert cards(ordered.hands[1]) == "10S JS JH"
    assert ordered.active == (True, True, False)
    assert ordered.order == (1, 0)
    assert ordered.deals == 0


@pytest.mark.rule("COLDWAR-BOMB-MODE", "COLDWAR-DECK", "COLDWAR-A3", "COLDWAR-A4")
@pytest.mark.parametrize("ranks", [None, "2 3 4 5 6 7 8"])
def test_bomb_modes_score_the_hand_or_the_last_three_plays(ranks: str | None) -> None:
    # Over whole random games, every deal's bombs are those of the cards the mode names:
    # the hands shown at the scoring, or the last three cards each seat played, in
    # sequence in the ranks of the game's deck (a deck of 2 to 8 has bombs the default
    # 9 to Ace deck has not). A deck of one suit makes bombs common. Each deal's record
    # names the dealer who dealt it.
    seen: Counter[str] = Counter()
    for mode in ("final_hand", "last_plays"):
        for seed in range(12):
            rnd = random.Random(seed)
            deck = {} if ranks is None else {"ranks": ranks}
            opts = cold_war.options(bomb_mode=mode, target=300, suits="S", **deck)
            state = cold_war.new_game(seed, opts)
            played: list[list[Any]] = [[] for _ in range(3)]
            while cold_war.outcome(state) is None:
                actions = cold_war.legal_actions(state)
                action = actions[rnd.randrange(len(actions))]
                played[cold_war.to_act(state) or 0].append(action.card)
                before, dealer = state.deals, state.dealer
                state = cold_war.step(state, action)
                if state.deals > before:
                    deal = state.last_deal
                    assert deal is not None
                    assert deal.number == before + 1
                    assert deal.dealer == dealer
                    named = deal.hands if mode == "final_hand" else [p[-3:] for p in played]
                    assert deal.bombs == tuple(
                        cold_war.bomb_points(c, opts.ranks) for c in named
                    )
                    assert sum(deal.scores) == sum(deal.card_points) + sum(deal.bombs)
                    seen[mode] += sum(b > 0 for b in deal.bombs)
                    played = [[] for _ in range(3)]
    assert seen["final_hand"] > 0
    assert seen["last_plays"] > 0


# --- end of game -----------------------------------------------------------------------


@pytest.mark.rule("COLDWAR-WIN", "COLDWAR-A14")
def test_the_best_total_at_or_past_the_target_wins_after_a_deal() -> None:
    won = play(leave_position(target=40), "9S", "QD", "JS")
    assert won.result == cardwar.Outcome(Termination.TARGET_SCORE, (1,), (20, 48, 19))
    assert cold_war.legal_actions(won) == ()
    assert cold_war.to_act(won) is None
    with pytest.raises(GameOverError):
        play(won, "10S")
    # Several past the target: the higher total wins.
    several = play(leave_position(target=15), "9S", "QD", "JS")
    assert several.result is not None
    assert several.result.winners == (1,)
    # Exactly at the target is enough; one short is not.
    exact = play(leave_position(target=48), "9S", "QD", "JS")
    assert exact.result == cardwar.Outcome(Termination.TARGET_SCORE, (1,), (20, 48, 19))
    short = play(leave_position(target=49), "9S", "QD", "JS")
    assert short.result is None
    assert short.totals == (20, 48, 19)


@pytest.mark.rule("COLDWAR-WIN", "COLDWAR-END-DEAL")
def test_the_final_state_keeps_the_table_as_the_last_deal_left_it() -> None:
    # A game won at the end of a deal deals no more: the state keeps its options, dealer
    # and generator (nothing is shuffled), no one is left to play, and each seat still
    # recalls the cards it played in the deal.
    start = leave_position(target=40)
    won = play(start, "9S", "QD", "JS")
    assert won.result is not None
    assert won.options == start.options
    assert won.dealer == start.dealer == 0
    assert won.rng == start.rng
    assert won.order == ()
    assert won.recent == tuple((parse_card(c),) for c in ("9S", "QD", "JS"))
    for seat in range(3):
        assert cold_war.observe(won, seat).dealer == 0


@pytest.mark.rule("COLDWAR-WIN", "COLDWAR-A14")
def test_a_shared_best_total_plays_another_deal_by_default() -> None:
    def tied(**opts: Any) -> cold_war.State:
        state = attrs.evolve(leave_position(target=100, **opts), totals=(100, 72, 0))
        return play(state, "9S", "QD", "JS")

    on = tied()
    assert on.totals == (120, 120, 19)
    assert cold_war.outcome(on) is None
    assert on.deals == 1
    shared = tied(tied_top="shared")
    assert shared.result == cardwar.Outcome(Termination.TARGET_SCORE, (0, 1), (120, 120, 19))


@pytest.mark.rule("COLDWAR-LIMIT")
def test_a_trick_limit_ends_the_game_as_a_draw() -> None:
    state = position(["9S 10S JS", "QH KH AH", "9H 10H JH"], "QS KS AS", max_tricks=1, **D14)
    after = play(state, "9S", "AH", "10H")
    assert after.result == cardwar.Outcome(Termination.BATTLE_LIMIT, (), (0, 0, 0))
    assert cold_war.legal_actions(after) == ()


@pytest.mark.rule("COLDWAR-OBSERVE")
def test_observation_hides_other_hands_stakes_and_the_stock() -> None:
    war = play(war_position(), "9S", "KH", "9H", "9S")
    seen = cold_war.observe(war, 1)
    names = {f.name for f in attrs.fields(cold_war.Observation)}
    assert not names & {"hands", "stock", "stakes", "pools", "rng"}
    assert seen.hand == war.hands[1]
    assert seen.pool == war.pools[1]
    assert seen.hand_sizes == (3, 3, 3, 3)
    assert seen.stock_size == len(war.stock)
    assert seen.stake_counts == (1, 0, 1, 1)
    assert [str(p) for p in seen.rounds[0]] == ["0:9S", "1:KH", "2:9H", "3:9S"]
    for other in (0, 2, 3):
        assert cold_war.observe(war, other).hand != seen.hand or other == 1
    with pytest.raises(ValueError, match="seat"):
        cold_war.observe(war, 4)


def _random_four_player_steps(
    seeds: int = 150, deal_end: str = "last_standing"
) -> Iterator[tuple[cold_war.State, cold_war.State]]:
    """Yield every step (state before, state after) of random four-player games on 18
    cards, where players often leave (under ``last_standing``) and tables are often set
    aside."""
    for seed in range(seeds):
        rnd = random.Random(seed)
        opts = cold_war.options(players=4, ranks="9 10 J Q K A", suits="SHD", decks=1,
                                jokers=0, target=150, deal_end=deal_end)
        state = cold_war.new_game(seed, opts)
        while cold_war.outcome(state) is None:
            actions = cold_war.legal_actions(state)
            after = cold_war.step(state, actions[rnd.randrange(len(actions))])
            yield state, after
            state = after


@pytest.mark.rule("COLDWAR-LEAD")
def test_the_next_trick_is_led_by_the_taker_or_the_next_player_from_the_leader() -> None:
    # COLDWAR-LEAD, checked after every trick of many random games: the taker leads if
    # still in the deal; otherwise (a table set aside, or a taker who left) the first
    # player still in the deal clockwise from the trick's leader, the leader included.
    # The next trick is played clockwise from there.
    players = 4
    seen: Counter[str] = Counter()
    for state, after in _random_four_player_steps():
        trick = after.last_trick
        if after.tricks > state.tricks and after.deals == state.deals:
            assert trick is not None
            active = after.active
            leader = trick.rounds[0][0].seat
            if trick.winner is not None and active[trick.winner]:
                lead = trick.winner
                seen["taker"] += 1
            else:
                lead = next(
                    (leader + k) % players for k in range(players)
                    if active[(leader + k) % players]
                )
                seen["leader" if lead == leader else "after the leader"] += 1
            clockwise = ((lead + k) % players for k in range(players))
            assert after.order == tuple(s for s in clockwise if active[s])
    assert min(seen["taker"], seen["leader"], seen["after the leader"]) > 0, seen


@pytest.mark.rule("COLDWAR-LEAVE", "COLDWAR-END-DEAL")
def test_within_a_deal_no_card_is_lost_and_the_trick_records_who_left() -> None:
    # After every step of a deal (wars included): every card of the deck is somewhere
    # (hands, stock, pools, table, set aside), the cards set aside stay set aside, the
    # last scored deal is kept, and a finished trick lists exactly the players who left
    # the deal during it. When the deal is scored, its points and those set aside (by
    # every set-aside table of the deal) are the deck's.
    seen: Counter[str] = Counter()
    start_active: tuple[bool, ...] = ()
    for state, after in _random_four_player_steps():
        if not state.rounds and not state.plays:  # a trick starts
            start_active = state.active
        deck = cold_war.deck(after.options)
        if after.deals != state.deals:
            # The deal is scored: its cards' points and those set aside are the deck's.
            deal, trick = after.last_deal, after.last_trick
            assert deal is not None
            assert trick is not None
            assert sum(deal.card_points) + deal.set_aside + unscored(deal) == sum(
                map(cold_war.card_points, deck))
            seen["a second table set aside"] += bool(state.set_aside) and trick.winner is None
            continue
        assert sorted(map(str, cold_war.cards_in_play(after))) == sorted(map(str, deck))
        assert after.set_aside[: len(state.set_aside)] == state.set_aside
        assert after.last_deal == state.last_deal
        seen["war" if after.rounds else "step"] += 1
        seen["set aside"] += len(after.set_aside) > len(state.set_aside)
        if after.tricks > state.tricks:
            assert after.last_trick is not None
            left = {s for s in range(4) if start_active[s] and not after.active[s]}
            assert set(after.last_trick.left) == left
            seen["left"] += bool(left)
            seen["left before a war round"] += bool(left) and len(after.last_trick.rounds) > 1
    assert min(seen.values()) > 0, seen


# --- when a deal ends: first_out (the default) -----------------------------------------


def first_out_bomb_position(**opts: Any) -> cold_war.State:
    """Seat 0 will take the first trick with QD and draw JS to 9S 10S, a bomb; seat 1
    draws QS, the stock's last card; seat 2 then cannot refill."""
    return position(
        ["9S 10S QD", "9H 10H JH", "9D 10D JD"], "JS QS", pools=["", "QH", ""], **D12, **opts
    )


@pytest.mark.rule("COLDWAR-END-DEAL", "COLDWAR-SCORE", "COLDWAR-BOMB", "COLDWAR-A11",
                  "COLDWAR-A12", "COLDWAR-A3", "COLDWAR-A16")
def test_the_deal_ends_for_everyone_when_a_player_cannot_refill() -> None:
    assert cold_war.options().deal_end is cold_war.DealEnd.FIRST_OUT
    after = play(first_out_bomb_position(), "QD", "9H", "10D")
    deal = after.last_deal
    assert deal is not None
    assert deal.reason is cold_war.DealReason.RAN_OUT
    assert after.last_trick is not None
    assert (after.last_trick.winner, after.last_trick.left) == (0, (2,))
    assert [cards(h) for h in deal.hands] == ["9S 10S JS", "10H JH QS", "9D JD"]
    # Every pool is scored, and the hand of seat 2, who ran out; every hand is looked at
    # for a bomb: seat 0 holds 9S 10S JS although seat 2, not seat 0, ran out.
    assert deal.hands_scored == (False, False, True)
    assert deal.card_points == (29, 10, 19)
    assert deal.bombs == (100, 0, 0)
    assert sum(deal.card_points) + deal.set_aside + unscored(deal) == 117
    assert after.deals == 1
    assert after.totals == (129, 10, 19)
    # The same play under last_standing: seat 2 leaves and the deal goes on.
    old = play(first_out_bomb_position(deal_end="last_standing"), "QD", "9H", "10D")
    assert (old.deals, old.active, old.order) == (0, (True, True, False), (0, 1))


@pytest.mark.rule("COLDWAR-REFILL", "COLDWAR-END-DEAL", "COLDWAR-A10", "COLDWAR-A16")
def test_the_order_of_drawing_can_decide_whether_the_deal_ends() -> None:
    # One card is left in the stock and seat 0 has no pool. In play order seat 0 draws it,
    # seat 1 draws from its pool and the taker from the cards it took: the deal goes on.
    # With the taker first, seat 2 draws the stock's card and seat 0 runs out.
    def after(order: str) -> cold_war.State:
        state = position(["9S 10S JS", "9H 10H JH", "QS QH QD"], "9D",
                         pools=["", "10D JD", ""], draw_order=order, **D12)
        return play(state, "9S", "10H", "QD")

    assert after("play_order").deals == 0
    ended = after("winner_first")
    assert ended.deals == 1
    assert ended.last_trick is not None
    assert ended.last_trick.left == (0,)


@pytest.mark.rule("COLDWAR-SCORE", "COLDWAR-A11", "COLDWAR-A17")
def test_only_the_player_who_ran_out_scores_a_hand_unless_every_hand_counts() -> None:
    # The deal ends with cards in every hand: seat 2 ran out holding 9D JD. By default
    # every player scores their pool and only seat 2 its hand; seat 0's hand (9S 10S JS)
    # scores its bomb but not its cards, seat 1's (10H JH QS) nothing.
    plays = ("QD", "9H", "10D")
    source = play(first_out_bomb_position(), *plays)
    assert cold_war.options().hand_score is cold_war.HandScore.RAN_OUT
    deal = source.last_deal
    assert deal is not None
    assert [cards(h) for h in deal.hands] == ["9S 10S JS", "10H JH QS", "9D JD"]
    assert deal.hands_scored == (False, False, True)
    assert (deal.card_points, deal.bombs, deal.scores) == ((29, 10, 19), (100, 0, 0),
                                                           (129, 10, 19))
    assert sum(deal.card_points) + unscored(deal) == 117
    # hand_score=everyone: every hand counts with its pool (rules version 2).
    everyone = play(first_out_bomb_position(hand_score="everyone"), *plays)
    deal = everyone.last_deal
    assert deal is not None
    assert deal.hands_scored == (True, True, True)
    assert (deal.card_points, deal.bombs, deal.scores) == ((58, 40, 19), (100, 0, 0),
                                                           (158, 40, 19))
    assert sum(deal.card_points) == 117
    # Under last_standing the last player left scores their pool only, by default.
    for option, points in (("ran_out", (20, 48, 19)), ("everyone", (20, 78, 19))):
        last = play(leave_position(deal_end="last_standing", hand_score=option), "9S", "QD", "JS")
        assert last.last_deal is not None
        assert last.last_deal.card_points == points
    with pytest.raises(OptionError, match="'hand_score'"):
        cold_war.options(hand_score="pool")


@pytest.mark.rule("COLDWAR-BOMB-MODE", "COLDWAR-SCORE", "COLDWAR-STAKE")
def test_a_fighter_who_cannot_stake_ran_out_holding_three_cards_and_scores_a_bomb() -> None:
    # Seat 1 refills to 10S JS 9S from its pool, then has no card to stake: it ran out
    # (first_out) holding a bomb, which scores with its hand's cards.
    state = position(
        ["9D JH QS", "9H 10S JS", "QD 10D JD"], pools=["10H QH", "9S", "KS KH KD"],
        ranks="9 10 J Q K", suits="SHD", decks=1, jokers=0,
    )
    after = play(state, "9D", "9H", "QD")
    assert after.last_trick is not None
    assert after.last_trick.left == (1,)
    deal = after.last_deal
    assert deal is not None
    assert cards(deal.hands[1]) == "10S JS 9S"
    assert deal.hands_scored == (False, True, False)
    assert (deal.card_points, deal.bombs) == ((38, 29, 20), (0, 100, 0))


@pytest.mark.rule("COLDWAR-END-DEAL", "COLDWAR-STAKE", "COLDWAR-LEAVE", "COLDWAR-A9",
                  "COLDWAR-A11")
def test_a_fighter_who_cannot_stake_loses_the_war_and_the_deal_ends() -> None:
    state = position(
        ["9S JH QS", "9H 10S JD", "QD 10D JS"], pools=["10H QH", "9D", "KS KH KD"],
        ranks="9 10 J Q K", suits="SHD", decks=1, jokers=0,
    )
    after = play(state, "9S", "9H", "QD")
    trick = after.last_trick
    assert trick is not None
    # Everyone refilled (seat 1 with its last pool card); seat 0 staked QH; seat 1 had no
    # card to stake, lost the war, and the deal ended at once.
    assert trick.left == (1,)
    assert (trick.winner, trick.cards, trick.stakes) == (0, 4, (1, 0, 0))
    deal = after.last_deal
    assert deal is not None
    assert deal.reason is cold_war.DealReason.RAN_OUT
    assert [cards(h) for h in deal.hands] == ["JH QS 10H", "10S JD 9D", "10D JS KS"]
    # Seat 1 ran out holding three cards: its hand scores; seats 0 and 2 score their pools.
    assert deal.hands_scored == (False, True, False)
    assert deal.card_points == (38, 29, 20)
    assert deal.set_aside == 0


@pytest.mark.rule("COLDWAR-END-DEAL", "COLDWAR-LEAVE", "COLDWAR-A12")
def test_a_war_the_deal_ends_in_is_set_aside_when_two_fighters_are_left() -> None:
    # Seats 0 and 1 are at war when seat 2, out of it, cannot refill: the war cannot be
    # fought, so its table is set aside unscored.
    state = position(
        ["9S JH QS", "9H 10S JD", "QD 10D JS"], pools=["10H QH", "9D", ""], **D12
    )
    after = play(state, "9S", "9H", "QD")
    trick = after.last_trick
    assert trick is not None
    assert (trick.winner, trick.left, trick.cards) == (None, (2,), 3)
    deal = after.last_deal
    assert deal is not None
    assert deal.set_aside == 28
    assert deal.card_points == (10, 0, 20)
    assert sum(deal.card_points) + deal.set_aside + unscored(deal) == 117


@pytest.mark.rule("COLDWAR-END-DEAL", "COLDWAR-SCORE")
def test_under_first_out_every_deal_ends_when_its_first_player_runs_out() -> None:
    # Over random four-player games: every deal ends on the trick in which a seat could
    # not refill or stake (and the trick names them); no seat is ever out while the deal
    # runs; the deal's points and those set aside (only by the deal's last trick) are
    # the deck's; bombs are those of the final hands.
    seen: Counter[str] = Counter()
    for state, after in _random_four_player_steps(60, "first_out"):
        deck = cold_war.deck(after.options)
        if after.deals == state.deals:
            assert all(after.active)
            assert after.set_aside == ()
            continue
        deal, trick = after.last_deal, after.last_trick
        assert deal is not None
        assert trick is not None
        assert deal.reason is cold_war.DealReason.RAN_OUT
        assert trick.left
        # COLDWAR-SCORE: the hands of the seats that ran out count, and only theirs.
        assert deal.hands_scored == tuple(s in trick.left for s in range(4))
        assert sum(deal.card_points) + deal.set_aside + unscored(deal) == sum(
            map(cold_war.card_points, deck))
        assert deal.bombs == tuple(cold_war.bomb_points(h, after.options.ranks) for h in deal.hands)
        seen["deals"] += 1
        seen["set aside"] += trick.winner is None
        seen["ended in a war"] += len(trick.rounds) > 1 or trick.winner is None
    assert min(seen.values()) > 0, seen


def _looping_trick() -> tuple[cold_war.State, cold_war.State]:
    """Return a first-out position with an empty stock and the state after its trick."""
    state = position(
        ["9S 10S JS", "9H 10H JH", "9D 10D JD"], pools=["QS", "QH", "QD"], **D12
    )
    return state, play(state, "JS", "10H", "9D")


@pytest.mark.rule("COLDWAR-REPEAT")
def test_the_third_time_a_position_comes_round_the_deal_ends() -> None:
    state, after = _looping_trick()
    assert after.deals == 0
    position_after = after.seen[-1]
    # The position is the leader, each hand (sorted) and each pool.
    assert position_after[0] == 0 == cold_war.to_act(after)
    assert position_after[1] == tuple(tuple(sorted(h, key=lambda c: (int(c.rank), str(c))))
                                      for h in after.hands)
    assert position_after[2] == after.pools
    once = play(attrs.evolve(state, seen=(position_after,)), "JS", "10H", "9D")
    assert (once.deals, once.seen.count(position_after)) == (0, 2)
    twice = play(attrs.evolve(state, seen=(position_after, position_after)), "JS", "10H", "9D")
    assert twice.deals == 1
    assert twice.last_deal is not None
    assert twice.last_deal.reason is cold_war.DealReason.REPEATED_POSITION
    # The trick that ended the deal is still the state's last trick.
    assert twice.last_trick is not None
    assert twice.last_trick == after.last_trick
    # The deal is scored as it stands: every pool; nobody ran out, so no hand counts.
    assert twice.last_deal.hands_scored == (False, False, False)
    assert sum(twice.last_deal.card_points) + unscored(twice.last_deal) == 117
    assert twice.seen == ()


@pytest.mark.rule("COLDWAR-REPEAT")
def test_heuristic_players_that_loop_end_the_deal_by_repetition() -> None:
    # Three heuristic players with seed 24 repeat a position in the third deal: before
    # the rule, that deal never ended.
    agents = [cold_war.heuristic(24) for _ in range(3)]
    state = cold_war.new_game(24)
    reasons = []
    while cold_war.outcome(state) is None:
        seat = cold_war.to_act(state)
        assert seat is not None
        action = agents[seat].choose(cold_war.observe(state, seat), cold_war.legal_actions(state))
        after = cold_war.step(state, action)
        if after.deals > state.deals:
            assert after.last_deal is not None
            reasons.append(after.last_deal.reason)
        state = after
    assert cold_war.DealReason.REPEATED_POSITION in reasons
    assert state.result is not None
    assert state.result.termination is Termination.TARGET_SCORE


@pytest.mark.rule("COLDWAR-DEAL-LIMIT")
def test_after_the_deal_limit_the_best_total_wins() -> None:
    assert cold_war.options().max_deals == 100
    after = play(first_out_bomb_position(max_deals=1), "QD", "9H", "10D")
    result = cold_war.outcome(after)
    assert result is not None
    assert result.termination is Termination.DEAL_LIMIT
    assert (result.winners, result.scores) == ((0,), (129, 10, 19))
    # The limit counts deals, whatever the target: under last_standing too.
    old = play(leave_position(max_deals=1, deal_end="last_standing"), "9S", "QD", "JS")
    assert old.result is not None
    assert (old.result.termination, old.result.winners) == (Termination.DEAL_LIMIT, (1,))
    assert cold_war.options(max_deals=None).max_deals is None
    with pytest.raises(OptionError, match="'max_deals'"):
        cold_war.options(max_deals=0)
