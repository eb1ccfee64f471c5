"""Scenario tests of Arneson's War, each naming the rule of ``docs/rules/arneson.md`` it
checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import arneson
from cardwar.cards import Card, DealError, parse_card, standard_deck
from cardwar.core import GameOverError, IllegalActionError, OptionError, Outcome, Termination
from tests.strategies import seeds


def game(deal: list[str], ranks: str, suits: str, **opts: object) -> arneson.State:
    options = arneson.options(ranks=ranks, suits=suits, **opts)
    return arneson.new_game(0, options, deal=deal)


def play(state: arneson.State, first: str, second: str) -> arneson.State:
    """Let seat 0 choose ``first`` and seat 1 ``second``."""
    state = arneson.step(state, arneson.parse_action(first))
    return arneson.step(state, arneson.parse_action(second))


def cards(pile: Sequence[Card]) -> str:
    return " ".join(map(str, pile))


EIGHT = "2 3 4 5 6 7 8"


@pytest.mark.rule("ARNESON-DECK", "ARNESON-DEAL", "ARNESON-HAND")
def test_deal_and_hands() -> None:
    state = arneson.new_game(3)
    assert [len(h) for h in state.hands] == [3, 3]
    assert [len(s) for s in state.stocks] == [23, 23]
    assert Counter(arneson.cards_in_play(state)) == Counter(standard_deck())
    one = arneson.new_game(3, arneson.options(hand_size=1))
    assert [len(h) for h in one.hands] == [1, 1]
    explicit = game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", "SH")
    assert cards(explicit.hands[0]) == "5S 2S 3S"
    assert cards(explicit.stocks[0]) == "4S"
    with pytest.raises(DealError, match="missing"):
        game(["5S 2S 3S", "2H 3H 4H 5H"], "2 3 4 5", "SH")


@pytest.mark.rule("ARNESON-PLAYERS")
def test_two_players_only() -> None:
    with pytest.raises(OptionError, match="'players'"):
        arneson.options(players=3)
    assert arneson.options(players=2) == arneson.options()
    assert arneson.num_players(arneson.new_game(0)) == 2


@pytest.mark.rule("ARNESON-CHOICE", "ARNESON-OBSERVE")
def test_choices_are_committed_one_seat_at_a_time_and_hidden() -> None:
    state = game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", "SH")
    assert arneson.to_act(state) == 0
    assert [str(a) for a in arneson.legal_actions(state)] == ["2S", "3S", "5S"]
    with pytest.raises(IllegalActionError, match="not a card of their hand"):
        arneson.step(state, arneson.parse_action("2H"))
    half = arneson.step(state, arneson.parse_action("5S"))
    assert arneson.to_act(half) == 1
    assert [str(a) for a in arneson.legal_actions(half)] == ["2H", "3H", "4H"]
    mine = arneson.observe(half, 0)
    theirs = arneson.observe(half, 1)
    assert mine.committed == parse_card("5S")
    assert cards(mine.hand) == "2S 3S"
    assert theirs.committed is None
    assert theirs.opponent_committed
    assert theirs.hand_sizes == (2, 3)
    assert "5S" not in repr(theirs)
    assert "2S" not in repr(theirs)


@pytest.mark.rule("ARNESON-BATTLE", "ARNESON-REFILL", "ARNESON-PICKUP")
def test_higher_card_takes_both_and_hands_refill() -> None:
    state = game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", "SH", pickup_order="seat_order")
    after = play(state, "5S", "2H")
    assert after.last is not None
    assert (after.last.winner, after.last.cards) == (0, 2)
    assert cards(after.hands[0]) == "2S 3S 4S"
    assert cards(after.stocks[0]) == "5S 2H"
    assert cards(after.hands[1]) == "3H 4H 5H"
    assert after.stocks[1] == ()
    assert after.battles == 1


WAR_DEAL = ["5S 2S 3S 4S 6S 7S 8S", "5H 2H 3H 4H 6H 7H 8H"]


@pytest.mark.rule("ARNESON-WAR")
def test_war_winner_takes_eight_and_loser_the_pair() -> None:
    state = game(WAR_DEAL, EIGHT, "SH", pickup_order="seat_order")
    tied = play(state, "5S", "5H")
    assert tied.in_war
    assert tied.battles == 0
    assert tied.stakes == (3, 3)
    # Hands were refilled before the stakes; the stakes emptied both stocks.
    assert cards(tied.hands[0]) == "2S 3S 4S"
    assert tied.stocks == ((), ())
    assert arneson.observe(tied, 1).stakes == (3, 3)
    after = play(tied, "4S", "3H")
    assert after.last is not None
    assert (after.last.winner, after.last.cards, after.last.wars) == (0, 10, 1)
    assert [t.face_down for t in after.last.rounds[1]] == [3, 3]
    assert after.wars_won == (1, 0)
    # Seat 0 took the six stakes and both fourth cards; seat 1 the pair 5S 5H.
    assert cards((*after.hands[0], *after.stocks[0])) == "2S 3S 6S 7S 8S 4S 6H 7H 8H 3H"
    assert cards((*after.hands[1], *after.stocks[1])) == "2H 4H 5S 5H"


@pytest.mark.rule("ARNESON-WAR")
def test_war_pair_option_gives_everything_to_the_winner() -> None:
    state = game(WAR_DEAL, EIGHT, "SH", war_pair="winner")
    after = play(play(state, "5S", "5H"), "4S", "3H")
    assert (after.cards_held(0), after.cards_held(1)) == (12, 2)


@pytest.mark.rule("ARNESON-REPEAT")
def test_repeated_tie_repeats_the_war() -> None:
    state = game(WAR_DEAL, EIGHT, "SH", pickup_order="seat_order")
    again = play(play(state, "5S", "5H"), "4S", "4H")
    assert again.in_war
    assert again.stakes == (0, 0)  # the stocks are empty: nothing more to stake
    after = play(again, "3S", "2H")
    assert after.last is not None
    assert (after.last.winner, after.last.wars) == (0, 2)
    assert after.wars_won == (1, 0)
    assert after.wars == 1
    # The final loser takes only the pair that started the war.
    assert sorted(map(str, (*after.hands[1], *after.stocks[1]))) == ["3H", "5H", "5S"]


@pytest.mark.rule("ARNESON-SHORT")
def test_a_player_with_no_card_to_choose_loses() -> None:
    state = game(["2S 3S 4S 4H", "2H 3H"], "2 3 4", "SH")
    tied = play(state, "2S", "2H")
    assert cards(tied.hands[0]) == "3S 4S 4H"
    assert cards(tied.hands[1]) == "3H"
    end = play(tied, "3S", "3H")
    assert arneson.outcome(end) == Outcome(Termination.ALL_CARDS, (0,))
    assert end.cards_held(0) == 6
    assert end.last is not None
    assert end.last.eliminated == (1,)
    with pytest.raises(GameOverError):
        arneson.step(end, arneson.parse_action("4S"))


@pytest.mark.rule("ARNESON-SHORT", "ARNESON-WIN")
def test_a_war_lost_for_want_of_a_card_is_a_war_won() -> None:
    # The war after 3S-3H is never fought: seat 1 has no card to choose. It still counts
    # as a war, won by seat 0; with wars_to_win=1 that war, which also takes every card,
    # ends the game by wars won (wars won come first, as in WAR-WIN-WARS).
    deal = ["2S 3S 4S 4H", "2H 3H"]
    end = play(play(game(deal, "2 3 4", "SH"), "2S", "2H"), "3S", "3H")
    assert (end.wars, end.wars_won) == (1, (1, 0))
    goal = play(play(game(deal, "2 3 4", "SH", wars_to_win=1), "2S", "2H"), "3S", "3H")
    assert arneson.outcome(goal) == Outcome(Termination.WARS_WON, (0,))
    # Neither has a card: the war is counted, and won by nobody.
    both = play(play(game(["2S 3S", "2H 3H"], "2 3", "SH"), "2S", "2H"), "3S", "3H")
    assert (both.wars, both.wars_won) == (1, (0, 0))


@pytest.mark.rule("ARNESON-SHORT")
def test_both_without_a_card_is_undecidable() -> None:
    state = game(["2S 3S", "2H 3H"], "2 3", "SH")
    end = play(play(state, "2S", "2H"), "3S", "3H")
    assert arneson.outcome(end) == Outcome(Termination.UNDECIDABLE, ())
    assert sorted(map(str, end.tally.set_aside)) == ["2H", "2S", "3H", "3S"]


@pytest.mark.rule("ARNESON-WIN")
def test_win_by_all_cards_or_by_wars() -> None:
    state = game(["AS 2S", "2H AH"], "2 A", "SH", hand_size=1)
    end = play(play(state, "AS", "2H"), "2S", "AH")
    assert arneson.outcome(end) is None
    while arneson.outcome(end) is None:
        end = arneson.step(end, arneson.legal_actions(end)[-1])
    result = arneson.outcome(end)
    assert result is not None
    assert result.termination in (Termination.ALL_CARDS, Termination.UNDECIDABLE)
    wars = game(WAR_DEAL, EIGHT, "SH", wars_to_win=1)
    after = play(play(wars, "5S", "5H"), "4S", "3H")
    assert arneson.outcome(after) == Outcome(Termination.WARS_WON, (0,))


@pytest.mark.rule("ARNESON-CYCLE")
def test_a_game_without_choices_that_repeats_is_a_draw() -> None:
    deal = ["2H 3H", "3S 2S"]
    state = game(deal, "2 3", "SH", hand_size=1, pickup_order="seat_order")
    assert state.cycle is not None
    end = state
    while arneson.outcome(end) is None:
        end = arneson.step(end, arneson.legal_actions(end)[0])
    # Positions after battles 3 and 7 are equal (a 4-battle cycle); as in WAR-CYCLE,
    # Brent's method saves the position after battle 3 and meets it again after 7.
    assert arneson.outcome(end) == Outcome(Termination.REPEATED_POSITION, ())
    assert end.battles == 7
    # Choices (a hand of two or more) or chance (shuffled or win-pile pickup) leave the
    # future open: nothing is detected.
    for opts in ({"hand_size": 2, "pickup_order": "seat_order"},
                 {"hand_size": 1, "pickup_order": "shuffled"},
                 {"hand_size": 1, "pickup_order": "win_pile"}):
        assert game(deal, "2 3", "SH", **opts).cycle is None


def _run_first(state: arneson.State) -> arneson.State:
    """Play ``state`` to its end, every seat choosing its first legal card."""
    while arneson.outcome(state) is None:
        state = arneson.step(state, arneson.legal_actions(state)[0])
    return state


@pytest.mark.rule("ARNESON-CYCLE")
def test_wars_won_are_part_of_the_position_when_they_can_end_the_game() -> None:
    # Every battle of this deal's 2-battle cycle is a war (3-3 then 2-2, one stake each).
    # Without wars_to_win the position repeats after 7 battles; with a goal the wars won
    # are part of the position and grow every cycle, so nothing repeats: an unreachable
    # goal plays to the battle limit.
    deal = ["3S 3H 2H", "3D 2S 2D"]
    opts: dict[str, Any] = {"hand_size": 1, "pickup_order": "winner_first", "face_down": 1}
    end = _run_first(game(deal, "2 3", "SHD", **opts))
    assert arneson.outcome(end) == Outcome(Termination.REPEATED_POSITION, ())
    assert (end.battles, end.wars, end.wars_won) == (7, 4, (2, 2))
    counted = _run_first(game(deal, "2 3", "SHD", **opts, wars_to_win=10**6, max_battles=200))
    assert arneson.outcome(counted) == Outcome(Termination.BATTLE_LIMIT, ())
    assert counted.wars_won == (50, 50)


def _one_battle(state: arneson.State) -> arneson.State:
    """Play one whole battle (wars included), each seat choosing its first legal card."""
    battles = state.battles
    while arneson.outcome(state) is None and state.battles == battles:
        state = arneson.step(state, arneson.legal_actions(state)[0])
    return state


@pytest.mark.rule("ARNESON-LIMIT")
def test_a_default_game_is_a_draw_after_20000_battles() -> None:
    assert arneson.options().max_battles == 20_000
    assert arneson.options(max_battles=None).max_battles is None
    near = attrs.evolve(arneson.new_game(3), battles=19_998)
    before = _one_battle(near)
    assert (before.battles, arneson.outcome(before)) == (19_999, None)
    last = _one_battle(before)
    assert (last.battles, arneson.outcome(last)) == (20_000, Outcome(Termination.BATTLE_LIMIT, ()))
    unlimited = attrs.evolve(arneson.new_game(3, arneson.options(max_battles=None)), battles=19_999)
    assert arneson.outcome(_one_battle(unlimited)) is None


@pytest.mark.rule("ARNESON-LIMIT")
def test_battle_limit() -> None:
    state = arneson.new_game(1, arneson.options(max_battles=2))
    while arneson.outcome(state) is None:
        state = arneson.step(state, arneson.legal_actions(state)[0])
    assert state.battles == 2
    assert arneson.outcome(state) == Outcome(Termination.BATTLE_LIMIT, ())


@pytest.mark.rule("ARNESON-PICKUP")
def test_shuffled_pickup_draws_from_the_games_generator() -> None:
    state = game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", "SH")
    after = play(state, "5S", "2H")
    assert after.rng.counter == state.rng.counter + 1
    assert sorted(map(str, after.stocks[0])) == ["2H", "5S"]


@pytest.mark.rule("ARNESON-CHOICE")
def test_notation_round_trips() -> None:
    action = arneson.parse_action("10h")
    assert str(action) == "10H"
    assert arneson.parse_action(str(action)) == action


@given(seed=seeds, choices=st.lists(st.integers(0, 2), min_size=1, max_size=200))
@settings(max_examples=40)
def test_any_choices_conserve_cards_and_count_battles(seed: int, choices: list[int]) -> None:
    state = arneson.new_game(seed)
    deck = Counter(arneson.cards_in_play(state))
    for pick in choices:
        if arneson.outcome(state) is not None:
            break
        legal = arneson.legal_actions(state)
        before = state.battles
        state = arneson.step(state, legal[pick % len(legal)])
        assert Counter(arneson.cards_in_play(state)) == deck
        assert state.battles in (before, before + 1)
        assert all(len(h) <= 3 for h in state.hands)


@pytest.mark.rule("ARNESON-WAR")
def test_the_narration_says_who_took_which_cards_of_a_war() -> None:
    # The winner of the war takes 8 cards and the loser the pair that started it: the
    # narration used to say "seat 0 takes 10 cards" (issue: CLI defects, 8).
    before = arneson.step(play(game(WAR_DEAL, EIGHT, "SH"), "5S", "5H"),
                          arneson.parse_action("4S"))
    after = arneson.step(before, arneson.parse_action("3H"))
    said = arneson.describe_step(before, arneson.parse_action("3H"), after, ascii=True)
    assert said.endswith("-> seat 0 takes 8 cards, seat 1 the 2 that started the war")
    assert (after.cards_held(0), after.cards_held(1)) == (10, 4)
    seen = arneson.render_observation(arneson.observe(after, 1), ascii=True)
    assert "seat 1 the 2 that started the war" in seen
    # With war_pair=winner the winner takes all 10.
    classic = game(WAR_DEAL, EIGHT, "SH", war_pair="winner")
    before = arneson.step(play(classic, "5S", "5H"), arneson.parse_action("4S"))
    after = arneson.step(before, arneson.parse_action("3H"))
    said = arneson.describe_step(before, arneson.parse_action("3H"), after, ascii=True)
    assert said.endswith("-> seat 0 takes 10 cards")
