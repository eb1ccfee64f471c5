"""Scenario tests of classic War, each naming the rule of ``docs/rules/war.md`` it checks,
and property tests of War's own invariants."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import war
from cardwar.cards import DealError, parse_cards, standard_deck
from cardwar.core import GameOverError, IllegalActionError, OptionError, Outcome, Termination
from cardwar.rng import Rng
from tests.strategies import seeds

PLAY = war.Play.PLAY


def game(deal: list[str], ranks: str, suits: str, **opts: object) -> war.State:
    """Return a game set up from an explicit deal on the deck ``ranks`` x ``suits``."""
    options = war.options(players=len(deal), ranks=ranks, suits=suits, **opts)
    return war.new_game(0, options, deal=deal)


def run(state: war.State, battles: int | None = None) -> war.State:
    """Play ``battles`` battles, or to the end."""
    n = 0
    while war.outcome(state) is None and (battles is None or n < battles):
        state = war.step(state, PLAY)
        n += 1
    return state


def run_with_repeats(state: war.State) -> tuple[war.State, list[tuple[int, int]]]:
    """Play to the end; return the final state and, for every battle after which the
    stocks are ones seen before, ``(battle first seen after, this battle)``."""
    seen = {state.stocks: state.battles}
    repeats = []
    while war.outcome(state) is None:
        state = war.step(state, PLAY)
        if state.stocks in seen:
            repeats.append((seen[state.stocks], state.battles))
        seen.setdefault(state.stocks, state.battles)
    return state, repeats


def stocks(state: war.State) -> list[str]:
    return [" ".join(str(c) for c in s) for s in state.stocks]


# --- cards, players, deal --------------------------------------------------------------


@pytest.mark.rule("WAR-DECK")
def test_default_deck_is_the_standard_deck() -> None:
    state = war.new_game(5)
    assert Counter(war.cards_in_play(state)) == Counter(standard_deck())
    assert len(set(war.deck())) == 52


@pytest.mark.rule("WAR-DECK")
def test_reduced_and_multiple_decks() -> None:
    options = war.options(ranks="2 3", suits="SH", decks=2)
    assert sorted(str(c) for c in war.deck(options)) == sorted(["2S", "3S", "2H", "3H"] * 2)
    state = war.new_game(1, options)
    assert sorted(len(s) for s in state.stocks) == [4, 4]
    with pytest.raises(OptionError, match="'ranks'"):
        war.options(ranks="2 2")
    with pytest.raises(OptionError, match="'suits'"):
        war.options(suits="X")
    # No deck larger than the generator can shuffle (2**14 cards).
    assert len(war.deck(war.options(decks=315))) == 16380
    with pytest.raises(OptionError, match="'decks'"):
        war.options(decks=316)
    with pytest.raises(OptionError, match="'decks'"):
        war.options(decks=10**9)
    # The bound itself is accepted, and the message gives the arithmetic.
    assert len(war.deck(war.options(ranks="2", suits="S", decks=2**14))) == 2**14
    with pytest.raises(OptionError) as refused:
        war.options(ranks="2 3 4", suits="SH", decks=2731)
    assert str(refused.value) == (
        "option 'decks': 2731 decks of 6 cards make 16386 cards; at most 16384 can be shuffled"
    )


@pytest.mark.rule("WAR-PLAYERS")
def test_player_counts() -> None:
    with pytest.raises(OptionError, match="'players'"):
        war.options(players=1)
    with pytest.raises(OptionError, match="'players'"):
        war.options(players=53)
    with pytest.raises(OptionError) as refused:
        war.options(players=3, ranks="2", suits="SH")
    assert str(refused.value) == (
        "option 'players': 3 players need at least as many cards; the deck has 2"
    )
    assert war.options(players="6").players == 6
    assert war.new_game(0, war.options(players=52)).players == 52


@pytest.mark.rule("WAR-DEAL")
def test_deal_is_the_seeds_shuffle_dealt_one_at_a_time() -> None:
    for seed in (0, 1, 2026):
        shuffled, _ = Rng.from_seed(seed).shuffle(standard_deck())
        state = war.new_game(seed)
        assert state.stocks == (shuffled[0::2], shuffled[1::2])
        assert [len(s) for s in state.stocks] == [26, 26]
    four = war.new_game(3, war.options(players=4))
    assert [len(s) for s in four.stocks] == [13, 13, 13, 13]


@pytest.mark.rule("WAR-SPARE")
def test_spare_card_set_aside_or_dealt() -> None:
    three = war.new_game(3, war.options(players=3))
    assert [len(s) for s in three.stocks] == [17, 17, 17]
    assert len(three.set_aside) == 1
    assert Counter(war.cards_in_play(three)) == Counter(standard_deck())
    dealt = war.new_game(3, war.options(players=3, spare_cards="deal"))
    assert [len(s) for s in dealt.stocks] == [18, 17, 17]
    assert dealt.set_aside == ()
    assert war.observe(three, 0).set_aside == 1


@pytest.mark.rule("WAR-DEAL-EXPLICIT")
def test_explicit_deal_is_validated() -> None:
    state = game(["AS", "2S 2H AH"], "2 A", "SH")
    assert stocks(state) == ["AS", "2S 2H AH"]
    with pytest.raises(DealError, match="missing cards of the deck: AH"):
        game(["AS", "2S 2H"], "2 A", "SH")
    with pytest.raises(DealError, match=r"duplicated cards: AS \(2 times"):
        game(["AS AS", "2S 2H AH"], "2 A", "SH")
    with pytest.raises(DealError, match="not in the deck: KD"):
        game(["AS KD", "2S 2H AH"], "2 A", "SH")
    with pytest.raises(DealError, match=r"one stock per seat \(2\), got 1 stock$"):
        war.new_game(0, war.options(ranks="2 A", suits="SH"), deal=["AS 2S 2H AH"])
    with pytest.raises(DealError, match=r"one stock per seat \(2\), got 3 stocks$"):
        war.new_game(0, war.options(ranks="2 A", suits="SH"), deal=["AS", "2S 2H", "AH"])
    with pytest.raises(DealError, match=r"one stock per seat \(2\), got a string$"):
        war.new_game(0, war.options(ranks="2 A", suits="SH"), deal="AS 2S 2H AH")


@pytest.mark.rule("WAR-DEAL-EXPLICIT", "WAR-OUT-OF-GAME")
def test_explicit_deal_with_empty_stocks() -> None:
    over = game(["", "2S 2H AH AS"], "2 A", "SH")
    assert war.outcome(over) is not None
    assert war.outcome(over) == Outcome(Termination.ALL_CARDS, (1,))
    assert war.legal_actions(over) == ()
    three = game(["AS 2S", "", "2H AH"], "2 A", "SH", pickup_order="seat_order")
    after = war.step(three, PLAY)
    assert after.last is not None
    assert [t.seat for t in after.last.rounds[0]] == [0, 2]


# --- battles --------------------------------------------------------------------------


@pytest.mark.rule("WAR-BATTLE", "WAR-PICKUP")
def test_highest_card_takes_the_table() -> None:
    state = game(["AS 2S", "2H AH"], "2 A", "SH", pickup_order="seat_order")
    after = war.step(state, PLAY)
    assert stocks(after) == ["2S AS 2H", "AH"]
    assert after.last == war.BattleRecord(
        ((war.Turn(0, 0, parse_cards("AS")[0]), war.Turn(1, 0, parse_cards("2H")[0])),),
        0,
        2,
    )
    assert after.battles == 1
    assert state.battles == 0  # the input state is untouched


@pytest.mark.rule("WAR-PICKUP")
def test_pickup_orders_winner_first_and_seat_order() -> None:
    deal = ["2S AS", "AH 2H"]
    by_seat = war.step(game(deal, "2 A", "SH", pickup_order="seat_order"), PLAY)
    winner_first = war.step(game(deal, "2 A", "SH", pickup_order="winner_first"), PLAY)
    assert stocks(by_seat) == ["AS", "2H 2S AH"]
    assert stocks(winner_first) == ["AS", "2H AH 2S"]
    # In a war, the winner's cards go first in the order laid, then the others'.
    war_deal = ["3S 2S 2H", "3H AS AH"]
    won = run(game(war_deal, "2 3 A", "SH", face_down=1, pickup_order="winner_first"), 1)
    assert stocks(won) == ["", "3H AS AH 3S 2S 2H"]


@pytest.mark.rule("WAR-PICKUP-SHUFFLED")
def test_shuffled_pickup_uses_the_games_generator() -> None:
    state = game(["AS 2S", "2H AH"], "2 A", "SH")
    after = war.step(state, PLAY)
    expected, rng = state.rng.shuffle(parse_cards("AS 2H"))
    assert after.stocks[0] == (*parse_cards("2S"), *expected)
    assert after.rng == rng
    assert after.rng.counter == state.rng.counter + 1


@pytest.mark.rule("WAR-PICKUP-WIN-PILE", "WAR-OUT-OF-GAME")
def test_win_pile_becomes_the_stock_when_the_stock_runs_out() -> None:
    state = game(["AS 2S", "2H AH"], "2 A", "SH", pickup_order="win_pile")
    one = war.step(state, PLAY)
    assert stocks(one) == ["2S", "AH"]
    assert one.won == (parse_cards("AS 2H"), ())
    two = war.step(one, PLAY)
    # Both stocks are empty but both players still hold cards in their win piles.
    assert stocks(two) == ["", ""]
    assert war.outcome(two) is None
    assert war.observe(two, 1).won_sizes == (2, 2)
    three = war.step(two, PLAY)
    # Each win pile was shuffled (one draw each) and became the stock.
    assert three.rng.counter == two.rng.counter + 2
    assert sum(three.cards_held(s) for s in (0, 1)) == 4


# --- wars ----------------------------------------------------------------------------


@pytest.mark.rule("WAR-TIE", "WAR-FACE-DOWN", "WAR-STEP")
def test_war_with_three_face_down_moves_ten_cards() -> None:
    state = game(["6S 2S 3S 4S 5S", "6H 2H 3H 5H 4H"], "2 3 4 5 6", "SH")
    after = war.step(state, PLAY)
    assert after.battles == 1
    assert after.last is not None
    assert after.last.cards == 10
    assert after.last.wars == 1
    assert [(t.seat, t.face_down, str(t.face_up)) for t in after.last.rounds[1]] == [
        (0, 3, "5S"),
        (1, 3, "4H"),
    ]
    assert after.wars == 1
    assert war.outcome(after) == Outcome(Termination.ALL_CARDS, (0,))


@pytest.mark.rule("WAR-FACE-DOWN")
def test_war_with_one_face_down_moves_six_cards() -> None:
    state = game(["4S 2S 3S", "4H 2H 3H"], "2 3 4", "SH", face_down=1)
    # 4 vs 4 tie; each puts 2 down and turns 3 up: a tie again, with no cards left.
    after = war.step(state, PLAY)
    assert after.last is not None
    assert after.last.cards == 6
    state = game(["4S 2S 3S", "4H 3H 2H"], "2 3 4", "SH", face_down=1)
    after = war.step(state, PLAY)
    assert after.last is not None
    assert (after.last.cards, after.last.winner) == (6, 0)


@pytest.mark.rule("WAR-FACE-DOWN")
def test_no_face_down_cards() -> None:
    state = game(["4S 3S 2S", "4H 2H 3H"], "2 3 4", "SH", face_down=0)
    after = war.step(state, PLAY)
    assert after.last is not None
    assert [t.face_down for t in after.last.rounds[1]] == [0, 0]
    assert (after.last.cards, after.last.winner) == (4, 0)


@pytest.mark.rule("WAR-REPEAT", "WAR-STEP")
def test_double_war_with_three_face_down_moves_eighteen_cards() -> None:
    state = game(
        ["10S 2S 3S 4S 9S 5S 6S 7S 8S", "10H 2H 3H 4H 9H 5H 6H 8H 7H"],
        "2 3 4 5 6 7 8 9 10",
        "SH",
    )
    after = war.step(state, PLAY)
    assert after.battles == 1
    assert after.last is not None
    assert (after.last.cards, after.last.wars, after.last.winner) == (18, 2, 0)
    assert after.wars == 1  # one battle with a war
    assert after.wars_won == (1, 0)


@pytest.mark.rule("WAR-REPEAT")
def test_double_war_with_one_face_down_moves_ten_cards() -> None:
    state = game(["6S 2S 5S 3S 4S", "6H 2H 5H 4H 3H"], "2 3 4 5 6", "SH", face_down=1)
    after = war.step(state, PLAY)
    assert after.last is not None
    assert (after.last.cards, after.last.wars, after.last.winner) == (10, 2, 0)


@pytest.mark.rule("WAR-REPEAT")
def test_repeated_tie_single_card_turns_cards_one_by_one() -> None:
    deal = ["10S 2S 3S 4S 9S 8S 5S", "10H 2H 3H 4H 9H 7H 5H 6H 7S 6S 8H"]
    state = game(deal, "2 3 4 5 6 7 8 9 10", "SH", repeated_tie="single_card")
    after = war.step(state, PLAY)
    assert after.last is not None
    # The first war has 3 face-down cards; the tie in it is broken by one card each.
    assert [t.face_down for t in after.last.rounds[1]] == [3, 3]
    assert [t.face_down for t in after.last.rounds[2]] == [0, 0]
    assert (after.last.cards, after.last.winner) == (12, 0)


@pytest.mark.rule("WAR-JOINS")
def test_three_player_war_everyone_fights() -> None:
    state = game(["4C 2C 4S", "4H 2H 3H", "3S 2S 3C"], "2 3 4", "CHS", face_down=1)
    after = war.step(state, PLAY)
    assert after.last is not None
    assert [t.seat for t in after.last.rounds[1]] == [0, 1, 2]
    assert (after.last.cards, after.last.winner) == (9, 0)
    assert war.outcome(after) == Outcome(Termination.ALL_CARDS, (0,))


@pytest.mark.rule("WAR-JOINS")
def test_three_player_war_only_the_tied_fight() -> None:
    deal = ["4C 2C 4S", "4H 2H 3H", "3S 2S 3C"]
    state = game(deal, "2 3 4", "CHS", face_down=1, war_joins="tied")
    after = war.step(state, PLAY)
    assert after.last is not None
    assert [t.seat for t in after.last.rounds[1]] == [0, 1]
    assert (after.last.cards, after.last.winner) == (7, 0)
    assert [len(s) for s in after.stocks] == [7, 0, 2]
    assert after.last.eliminated == (1,)
    assert war.outcome(after) is None


@pytest.mark.rule("WAR-OUT")
def test_short_player_puts_down_what_they_have_then_their_card_stands() -> None:
    state = game(["6S 2S 5S", "6H 2H 3H 4H 5H 3S 4S"], "2 3 4 5 6", "SH")
    after = war.step(state, PLAY)
    assert after.last is not None
    rounds = [
        [(t.seat, t.face_down, str(t.face_up), t.standing) for t in r] for r in after.last.rounds
    ]
    assert rounds == [
        [(0, 0, "6S", False), (1, 0, "6H", False)],
        [(0, 1, "5S", False), (1, 3, "5H", False)],
        [(0, 0, "5S", True), (1, 1, "4S", False)],
    ]
    assert (after.last.cards, after.last.winner) == (10, 0)
    assert war.outcome(after) == Outcome(Termination.ALL_CARDS, (0,))


@pytest.mark.rule("WAR-OUT-LOSE")
def test_short_player_loses_under_the_lose_option() -> None:
    state = game(["6S 2S 5S", "6H 2H 3H 4H 5H 3S 4S"], "2 3 4 5 6", "SH", out_of_cards="lose")
    after = war.step(state, PLAY)
    assert after.last is not None
    assert (after.last.cards, after.last.winner, after.last.eliminated) == (4, 1, (0,))
    assert war.outcome(after) == Outcome(Termination.ALL_CARDS, (1,))
    assert len(after.stocks[1]) == 10


@pytest.mark.rule("WAR-OUT-ALL-SHORT")
def test_everyone_short_plays_what_they_have_under_the_lose_option() -> None:
    state = game(["6S 2S 5S 2H", "6H 4H 4S 5H"], "2 4 5 6", "SH", out_of_cards="lose")
    after = war.step(state, PLAY)
    assert after.last is not None
    assert [(t.face_down, str(t.face_up)) for t in after.last.rounds[1]] == [(2, "2H"), (2, "5H")]
    assert (after.last.cards, after.last.winner) == (8, 1)


@pytest.mark.rule("WAR-UNDECIDABLE")
def test_equal_last_cards_are_a_draw() -> None:
    state = game(["2S", "2H"], "2", "SH")
    after = war.step(state, PLAY)
    assert war.outcome(after) == Outcome(Termination.UNDECIDABLE, ())
    assert after.last is not None
    assert after.last.winner is None
    assert sorted(map(str, after.set_aside)) == ["2H", "2S"]
    assert Counter(war.cards_in_play(after)) == Counter(war.cards_in_play(state))


@pytest.mark.rule("WAR-UNDECIDABLE", "WAR-JOINS")
def test_undecidable_war_among_tied_players_leaves_the_rest_playing() -> None:
    deal = ["3S", "3H", "2S 2H"]
    tied = war.step(game(deal, "2 3", "SH", war_joins="tied"), PLAY)
    assert war.outcome(tied) == Outcome(Termination.ALL_CARDS, (2,))
    assert sorted(map(str, tied.set_aside)) == ["2S", "3H", "3S"]
    everyone = war.step(game(deal, "2 3", "SH"), PLAY)
    assert war.outcome(everyone) == Outcome(Termination.UNDECIDABLE, ())


# --- end of game ----------------------------------------------------------------------


@pytest.mark.rule("WAR-WIN")
def test_last_player_with_cards_wins() -> None:
    end = run(war.new_game(2026))
    result = war.outcome(end)
    assert result is not None
    assert result.termination is Termination.ALL_CARDS
    assert result.winner is not None
    assert len(end.stocks[result.winner]) == 52
    with pytest.raises(GameOverError):
        war.step(end, PLAY)


@pytest.mark.rule("WAR-WIN-WARS")
def test_first_to_win_n_wars() -> None:
    deal = ["6S 2S 3S 4S 5S 7S", "6H 2H 3H 5H 4H 7H"]
    after = war.step(game(deal, "2 3 4 5 6 7", "SH", wars_to_win=1), PLAY)
    assert war.outcome(after) == Outcome(Termination.WARS_WON, (0,))
    # A double war counts once, for its final winner.
    deal = ["10S 2S 3S 4S 9S 5S 6S 7S 8S JS", "10H 2H 3H 4H 9H 5H 6H 8H 7H JH"]
    state = game(deal, "2 3 4 5 6 7 8 9 10 J", "SH", wars_to_win=2)
    after = war.step(state, PLAY)
    assert after.wars_won == (1, 0)
    assert war.outcome(after) is None


@pytest.mark.rule("WAR-LIMIT")
def test_battle_limit_is_a_named_draw() -> None:
    end = run(war.new_game(7, war.options(max_battles=3)))
    assert end.battles == 3
    assert war.outcome(end) == Outcome(Termination.BATTLE_LIMIT, ())
    assert war.legal_actions(end) == ()


@pytest.mark.rule("WAR-OUT-DROP", "WAR-WIN-WARS")
def test_drop_out_a_fighter_with_no_card_loses_the_war() -> None:
    # Seat 0 ties with its last card: it cannot fight, so seat 1 wins the war (and all
    # the cards); under last_card_stands its 5S would stand and win.
    two = game(["5S", "5H 2H 2S"], "2 5", "SH", face_down=1, out_of_cards="drop_out")
    end = war.step(two, PLAY)
    assert war.outcome(end) == Outcome(Termination.ALL_CARDS, (1,))
    assert (end.wars, end.wars_won) == (1, (0, 1))
    stands = war.step(game(["5S", "5H 2H 2S"], "2 5", "SH", face_down=1), PLAY)
    assert war.outcome(stands) == Outcome(Termination.ALL_CARDS, (0,))
    # Three players: seat 0 drops out, seats 1 and 2 fight on (2H and 3D down, 3H beats
    # 2D), and a short player lays what it has, as under WAR-OUT.
    deal = ["5S", "5H 2H 3H 2S", "5D 3D 2D 3S"]
    three = war.step(game(deal, "2 3 5", "SHD", face_down=1, out_of_cards="drop_out",
                          pickup_order="seat_order"), PLAY)
    assert three.last is not None
    assert (three.last.winner, three.last.eliminated, three.wars_won) == (1, (0,), (0, 1, 0))
    assert stocks(three) == ["", "2S 5S 5H 2H 3H 5D 3D 2D", "3S"]


@pytest.mark.rule("WAR-LIMIT")
def test_a_default_game_is_a_draw_after_5000_battles() -> None:
    assert war.options().max_battles == 5000
    assert war.options(max_battles=None).max_battles is None
    start = war.new_game(7)
    # A game that has played 4,998 battles goes on after its next battle, and one that
    # has played 4,999 ends as a draw after it, whatever that battle was.
    before = war.step(attrs.evolve(start, battles=4998), PLAY)
    assert (before.battles, war.outcome(before)) == (4999, None)
    last = war.step(before, PLAY)
    assert (last.battles, war.outcome(last)) == (5000, Outcome(Termination.BATTLE_LIMIT, ()))
    unlimited = war.new_game(7, war.options(max_battles=None))
    assert war.outcome(war.step(attrs.evolve(unlimited, battles=4999), PLAY)) is None


@pytest.mark.rule("WAR-CYCLE")
def test_repeated_position_is_detected_as_a_draw() -> None:
    state = game(["2S AS", "AH 2H"], "2 A", "SH", pickup_order="seat_order")
    # Positions after battles 2 and 6 are equal (a 4-battle cycle); Brent's method
    # saves the positions after battles 1 and 3 and meets the latter again after 7.
    end = run(state)
    assert war.outcome(end) == Outcome(Termination.REPEATED_POSITION, ())
    assert end.battles == 7


@pytest.mark.rule("WAR-CYCLE", "WAR-WIN-WARS")
def test_wars_won_are_part_of_the_position_when_they_can_end_the_game() -> None:
    deal = ["5H 4H 2S 3H", "5S 2H 4S 3S"]

    def play(wars_to_win: int | None) -> tuple[war.State, list[tuple[int, int]]]:
        return run_with_repeats(
            game(
                deal,
                "2 3 4 5",
                "SH",
                face_down=1,
                pickup_order="winner_first",
                wars_to_win=wars_to_win,
            )
        )

    # The stocks after battle 3 come back after battle 11: an 8-battle cycle with wars in it.
    drawn, repeats = play(None)
    assert repeats[0] == (3, 11)
    assert war.outcome(drawn) == Outcome(Termination.REPEATED_POSITION, ())
    assert drawn.battles == 15
    # With wars to win, each turn of the cycle brings seat 0 nearer the goal, so the same
    # stocks are not the same position: the game goes on until a seat wins its tenth war.
    won, repeats = play(10)
    assert repeats[0] == (3, 11)
    assert war.outcome(won) == Outcome(Termination.WARS_WON, (0,))
    assert won.battles == 70
    assert won.wars_won == (10, 9)


@pytest.mark.rule("WAR-CYCLE")
@given(seed=seeds, data=st.data())
@settings(max_examples=40)
def test_cycle_detection_is_exact(seed: int, data: st.DataObject) -> None:
    """A game ends with ``repeated_position`` exactly when a position repeated, and
    within 2·max(μ+1, λ)+λ battles, μ and λ being the cycle's start and length."""
    options = war.options(
        ranks=data.draw(st.sampled_from(["2 3 4", "2 3 4 5", "2 3 4 5 6"])),
        suits="SH",
        face_down=data.draw(st.integers(0, 3)),
        pickup_order=data.draw(st.sampled_from(["winner_first", "seat_order"])),
        repeated_tie=data.draw(st.sampled_from(["war", "single_card"])),
    )
    state, repeats = run_with_repeats(war.new_game(seed, options))
    result = war.outcome(state)
    assert result is not None
    if result.termination is Termination.REPEATED_POSITION:
        assert repeats
        mu, again = repeats[0]
        lam = again - mu
        assert state.battles <= 2 * max(mu + 1, lam) + lam
    else:
        assert not repeats


@pytest.mark.rule("WAR-OBSERVE")
def test_observation_shows_counts_and_face_up_cards_only() -> None:
    state = war.step(game(["6S 2S 3S 4S 5S 7S", "6H 2H 3H 5H 4H 7H"], "2 3 4 5 6 7", "SH"), PLAY)
    seen = war.observe(state, 1)
    assert seen.seat == 1
    assert seen.stock_sizes == (11, 1)
    assert seen.battles == 1
    assert seen.last == state.last
    assert seen.last is not None
    shown = {str(t.face_up) for r in seen.last.rounds for t in r}
    assert shown == {"6S", "6H", "5S", "4H"}
    # Nothing in the observation names a card that is face down.
    assert "2S" not in repr(seen)
    assert "7H" not in repr(seen)


# --- properties -----------------------------------------------------------------------


@given(seed=seeds)
@settings(max_examples=30)
def test_two_player_game_without_wars_has_an_even_length(seed: int) -> None:
    end = run(war.new_game(seed, war.options(max_battles=5000)))
    result = war.outcome(end)
    assert result is not None
    if end.wars == 0 and result.termination is Termination.ALL_CARDS:
        assert end.battles % 2 == 0


def test_illegal_actions_are_refused_and_name_the_legal_one() -> None:
    state = war.new_game(1)
    with pytest.raises(IllegalActionError, match="legal actions: play"):
        war.step(state, "play")  # type: ignore[arg-type]
    assert war.parse_action(" PLAY ") is PLAY
    assert str(PLAY) == "play"
