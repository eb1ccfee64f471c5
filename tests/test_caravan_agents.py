"""Caravan's agents: the heuristic's one-move lookahead on hand-built positions, the rule
bot's rules, and the heuristic's margin over the rule bot (issue 20: at least 60%)."""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import agents, caravan
from cardwar.cards import parse_card
from cardwar.core import Agent
from cardwar.rng import derive_seed
from tests.support_caravan import position

HEURISTIC = caravan.CaravanHeuristic()
RULE_BOT = caravan.CaravanRuleBot()


def choice(agent: Agent, state: caravan.State) -> str:
    """Return the action ``agent`` chooses in ``state``, as notation."""
    seat = caravan.to_act(state)
    assert seat is not None
    return str(agent.choose(caravan.observe(state, seat), caravan.legal_actions(state)))


def test_heuristic_makes_a_sale_with_a_number_card() -> None:
    # A is 18: only the 5 makes it sell (23, beating D's 10); the King on the 9 would make
    # 27 and go over, the 10 28.
    state = position(["9H 9C", "2C", "3C", "10S", "4S", "5S"], ["5H KD 2D AD 10C", "AS"])
    assert choice(HEURISTIC, state) == "5H>A"


def test_heuristic_spends_a_jack_on_the_opponents_leading_caravan() -> None:
    # D sells at 24 against A's 12; no number card of the hand makes A sell. The Jack
    # takes D's 10 away (D falls to 14), the most it can take.
    state = position(["6H 6C", "2C", "3C", "10S 8D 6S", "4S", "5S"],
                     ["JH 2D 3D 4H 2H", "AS"])
    assert choice(HEURISTIC, state) == "JH>D1"


def test_heuristic_keeps_its_face_cards_when_they_change_nothing() -> None:
    # Nothing sells and no face card changes a position by more than it costs: the number
    # card goes on a caravan instead (any of the three gains as much).
    state = position(["2H", "3C", "4D", "2S", "3S", "4S"], ["KH QD 7C", "AS"])
    assert choice(HEURISTIC, state).startswith("7C>")


def test_heuristic_disbands_a_caravan_over_26_when_it_cannot_mend_it() -> None:
    state = position(["10H 10C 9D", "2C", "3C", "2S", "3S", "4S"], ["QD QH", "AS"])
    assert choice(HEURISTIC, state) == "disband A"


def test_heuristic_takes_the_move_that_wins_the_game() -> None:
    # A and B are held; C at 16 facing F at 20: the 6 makes 22, which sells and wins the
    # third position, and with it the game.
    state = position(["10H 10C 2D", "10D 10S 3H", "9H 7H", "5S", "4S", "10C 10H"],
                     ["6H JD", "AS"])
    assert choice(HEURISTIC, state) == "6H>C"


def test_rule_bot_opens_with_its_first_number_card_on_its_first_empty_caravan() -> None:
    state = caravan.new_game(3)
    for caravan_name in "AB":
        first = next(card for card in state.hands[0] if caravan.pip(card) is not None)
        assert choice(RULE_BOT, state) == f"{first}>{caravan_name}"
        state = caravan.step(state, caravan.parse_action(f"{first}>{caravan_name}"))
        state = caravan.step(state, caravan.legal_actions(state)[0])


def test_rule_bot_disbands_its_first_caravan_over_26() -> None:
    state = position(["2H", "10H 10C 9D", "10D 10S 8S", "2S", "3S", "4S"], ["5H", "AS"])
    assert choice(RULE_BOT, state) == "disband B"


def test_rule_bot_plays_a_face_card_on_the_opponents_longest_caravan() -> None:
    # E has the most number cards: the King goes on its last one, before any number card
    # of the hand is tried.
    state = position(["2H", "3H", "4H", "5S", "2S 4S 6S", "7D 8D"], ["KD 6H", "AS"])
    assert choice(RULE_BOT, state) == "KD>E3"


def test_rule_bot_skips_caravans_that_are_sold_and_leading_or_would_go_over() -> None:
    # A sells at 22 and leads: skipped. B at 20 would go over with the 9. C takes it.
    state = position(["10H 10C 2D", "10D 10S", "AH", "5S", "4S", "3S"], ["9H", "AS"])
    assert choice(RULE_BOT, state) == "9H>C"


def test_rule_bot_discards_its_first_card_when_nothing_fits() -> None:
    # A repeats a 10, B and C would go over; the opponent's caravans are empty, so the
    # Queen has no target.
    state = position(["10H 10C 5D", "10D 10S 4H", "10S 9S 3C", "-", "-", "-"],
                     ["QD 10C", "AS"])
    assert choice(RULE_BOT, state) == "discard QD"


def test_agents_are_pure_functions_of_what_they_see() -> None:
    state = position(["6H 6C", "2C", "3C", "10S 8D 6S", "4S", "5S"], ["JH 2D 3D 4H 2H", "AS"])
    for agent in (HEURISTIC, RULE_BOT, caravan.heuristic(7)):
        assert choice(agent, state) == choice(agent, state)
    assert repr(RULE_BOT) == "CaravanRuleBot()"


def test_heuristic_beats_the_rule_bot(profile: str) -> None:
    # Issue 20: at least 60% of the games, seats alternating. docs/agents.md has the
    # figure over 2000 games (cardwar tournament); 2000 here with --profile full.
    games = 2000 if profile == "full" else 200
    wins = 0
    for i in range(games):
        seed = derive_seed(2026, i)
        mine = i % 2
        seats: list[Agent] = [caravan.CaravanRuleBot(), caravan.CaravanRuleBot()]
        seats[mine] = caravan.heuristic(seed)
        record = agents.play(caravan, seats, seed)
        assert record.outcome is not None
        wins += mine in record.outcome.winners
    assert wins / games >= 0.60


@pytest.mark.parametrize("text", ["JK", "QS"])
def test_rule_bot_holds_a_face_card_when_the_opponent_has_no_caravan(text: str) -> None:
    state = position(["2H", "3H", "4H", "-", "-", "-"], [f"{text} 5H", "AS"])
    # The face card has no target, so the 5 goes on the first caravan that takes it.
    assert parse_card(text) in state.hands[0]
    assert choice(RULE_BOT, state) == "5H>A"


# --- the heuristic's evaluation, value by value (from the mutation run's survivors) --------


def test_progress_counts_up_to_a_sale_and_below_zero_over_26() -> None:
    from cardwar.variants.caravan.agents import _progress

    assert [_progress(v) for v in (0, 5, 20, 21, 25, 26)] == [0.0, 5.0, 20.0, 21.0, 21.0, 21.0]
    assert [_progress(v) for v in (27, 30)] == [-9.0, -12.0]


@pytest.mark.parametrize(("mine", "theirs", "worth"), [
    (21, 0, 30.0), (26, 0, 30.0), (0, 21, -30.0), (0, 26, -30.0),  # a sale against none
    (22, 21, 30.0), (21, 22, -30.0), (26, 21, 30.0),  # both sell: the higher holds
    (22, 22, 0.0), (21, 21, 0.0),  # both sell alike: nobody holds it yet
    (27, 20, -29.0), (10, 27, 19.0), (20, 5, 15.0), (0, 0, 0.0),  # undecided: progress
])
def test_a_position_is_held_lost_or_the_difference_of_progress(
    mine: int, theirs: int, worth: float
) -> None:
    from cardwar.variants.caravan.agents import _position

    assert _position(mine, theirs) == worth


def _table(*values: int) -> Any:
    """Six caravans A to F that evaluate reads only the values of."""
    from types import SimpleNamespace

    return [SimpleNamespace(value=v) for v in values]


@pytest.mark.parametrize(("values", "seat", "worth"), [
    # A holds, B holds, C undecided (10 against 15): no game yet.
    ((22, 23, 10, 21, 0, 15), 0, 55.0),
    ((22, 23, 10, 21, 0, 15), 1, -55.0),
    # Every position decided, two held: the game is won.
    ((22, 23, 0, 21, 0, 24), 0, 1030.0),
    ((0, 22, 23, 24, 21, 0), 0, 1030.0),  # the lost one first
    # Two lost: the game is lost.
    ((0, 0, 22, 24, 25, 21), 0, -1030.0),
    ((0, 0, 22, 24, 25, 21), 1, 1030.0),
])
def test_evaluate_sums_the_positions_and_adds_the_game_once_all_are_decided(
    values: tuple[int, ...], seat: int, worth: float
) -> None:
    from cardwar.variants.caravan.agents import evaluate

    assert evaluate(_table(*values), seat) == worth


# --- the rule bot in seat 1 (its caravans D E F), and what a leading caravan faces ------


def test_rule_bot_in_seat_1_disbands_and_builds_on_its_own_caravans() -> None:
    # The mirror images of the seat-0 tests above: seat 1's caravans are D, E and F.
    over = position(["2S", "3S", "4S", "2H", "10H 10C 9D", "10D 10S 8S"], ["AS", "5H"],
                    to_move=1)
    assert choice(RULE_BOT, over) == "disband E"
    # D sells at 22 and leads: skipped; E at 20 would go over with the 9; F takes it.
    build = position(["5S", "4S", "3S", "10H 10C 2D", "10D 10S", "AH"], ["AS", "9H"],
                     to_move=1)
    assert choice(RULE_BOT, build) == "9H>F"
    attack = position(["5S", "2S 4S 6S", "7D 8D", "2H", "3H", "4H"], ["AS", "KD 6H"],
                      to_move=1)
    assert choice(RULE_BOT, attack) == "KD>B3"


def test_rule_bot_in_seat_1_opens_on_its_own_first_empty_caravan() -> None:
    state = caravan.new_game(3)
    state = caravan.step(state, caravan.legal_actions(state)[0])  # seat 0 opens
    assert caravan.to_act(state) == 1
    first = next(card for card in state.hands[1] if caravan.pip(card) is not None)
    assert choice(RULE_BOT, state) == f"{first}>D"


def test_rule_bot_builds_on_a_selling_caravan_that_the_facing_one_outbids() -> None:
    # A sells at 22 but D sells at 23: A is not leading, and the Ace (descending, as A
    # goes) takes it to 23. A caravan is compared with the one facing it, A with D: E is
    # empty, and against E, A would be leading and skipped for B.
    state = position(["10H 10C 2D", "2C", "3C", "10S 10D 3S", "-", "-"], ["AH", "AS"])
    assert choice(RULE_BOT, state) == "AH>A"


@pytest.mark.parametrize(("caravans", "hand", "opts", "expected"), [
    # A at exactly 26 sells: it is not over, so not disbanded; sold and leading, it is
    # skipped, and B takes the 5.
    (["10H 10C 6D", "2C", "3C", "-", "-", "-"], "5H", {}, "5H>B"),
    # A at exactly 21 sells and leads the empty D: skipped.
    (["5H 6H 10H", "3C", "4C", "-", "-", "-"], "2H", {}, "2H>B"),
    # A at 22 leads D at 10: skipped, the card goes on to B (not to a discard).
    (["5H 7H 10H", "2C", "4C", "10S", "-", "-"], "3H", {}, "3H>B"),
    # A at 22 does not lead D at 22, nor D at 26 (which sells too): the 3 goes on A.
    (["5H 7H 10H", "2C", "4C", "10S 8S 4S", "-", "-"], "3H", {}, "3H>A"),
    (["5H 7H 10H", "2C", "4C", "10S 8S 8D", "-", "-"], "3H", {}, "3H>A"),
    # A at 22 behind D at 23: the 4 takes it to exactly 26, which is allowed.
    (["5H 7H 10H", "2C", "4C", "10S 8S 5S", "-", "-"], "4H", {}, "4H>A"),
    # One face card per pile: the King has no legal place on E's last card, which holds
    # one already, so the 6 is played instead.
    (["2H", "3H", "4H", "5S", "2S 4S 6S+KS", "7D 8D"], "KD 6H", {"face_limit": 1}, "6H>A"),
    # The 3 of hearts may not go on A (clubs, ascending): B is tried next.
    (["5C 7C", "2D", "4D", "-", "-", "-"], "3H", {}, "3H>B"),
], ids=["26-not-over", "21-sold-leading", "22-leads-10", "22-ties-22", "22-against-26",
        "up-to-26", "face-limit", "next-caravan"])
def test_rule_bot_at_the_bounds_of_a_sale(
    caravans: list[str], hand: str, opts: dict[str, Any], expected: str
) -> None:
    # kills CaravanRuleBot.choose mutmut_28, _42, _52, _54, _55, _56, _64, _71
    state = position(caravans, [hand, "AS"], **opts)
    assert choice(RULE_BOT, state) == expected


def test_rule_bot_opening_without_a_number_card_takes_the_first_legal_action() -> None:
    # kills CaravanRuleBot.choose mutmut_26: seat 0's deck puts eight face cards on top,
    # so its opening hand has no number card to open with; it may only discard.
    deck = caravan.deck(caravan.options(), 0)
    faces = [card for card in deck if caravan.pip(card) is None][:8]
    state = caravan.new_game(0, deal=[faces + [c for c in deck if c not in faces], deck])
    legal = caravan.legal_actions(state)
    assert all(isinstance(action, caravan.Discard) for action in legal)
    assert choice(RULE_BOT, state) == str(legal[0]) == "discard JC"
