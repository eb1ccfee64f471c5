"""Hypothesis stateful test of Caravan: random options (small custom decks, so games end)
and seeds, random legal turns, with Caravan's invariants checked after every step
(DESIGN section 7.2): values kept incrementally equal a recomputation from scratch, suit
and direction agree with the table, cards are conserved, the legal actions agree with a
naive oracle, and the outcome agrees with the positions."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardwar import caravan
from cardwar.cards import Card, Rank
from cardwar.core import IllegalActionError, Termination
from tests.strategies import seeds
from tests.support_caravan import caravan_options, naive_legal, recomputed, turn_bound

pytestmark = pytest.mark.rule(
    "CARAVAN-VALUE", "CARAVAN-SUIT", "CARAVAN-DIRECTION", "CARAVAN-RECOMPUTE", "CARAVAN-TURN"
)


class CaravanMachine(RuleBasedStateMachine):
    """Plays Caravan with random options and random legal turns."""

    def __init__(self) -> None:
        super().__init__()
        self.options = caravan.Options()
        self.seed = 0
        self.state = caravan.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.actions: list[caravan.Action] = []

    @initialize(options=caravan_options(small=True), seed=seeds)
    def start(self, options: caravan.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = caravan.new_game(seed, options)
        self.deck = Counter(caravan.deck(options, 0) + caravan.deck(options, 1))
        self.actions = []

    @precondition(lambda self: caravan.outcome(self.state) is None)
    @rule(picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=30))
    def play(self, picks: list[int]) -> None:
        for pick in picks:
            if caravan.outcome(self.state) is not None:
                break
            before = self.state
            legal = caravan.legal_actions(before)
            action = legal[pick % len(legal)]
            self.state = caravan.step(before, action)
            self.actions.append(action)
            assert self.state.turns == before.turns + 1
            assert self.state.last == action

    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state
        with pytest.raises(IllegalActionError):
            caravan.step(before, caravan.Disband(9))
        assert self.state == before

    @rule()
    def replay_from_the_seed_gives_the_same_state(self) -> None:
        state = caravan.new_game(self.seed, self.options)
        for action in self.actions:
            state = caravan.step(state, caravan.parse_action(str(action)))
        assert state == self.state

    @invariant()
    def values_equal_a_recomputation_from_scratch(self) -> None:
        descends = self.state.options.equal_direction is caravan.EqualDirection.DESCENDING
        equal = caravan.Direction.DOWN if descends else caravan.Direction.NONE
        for car in self.state.caravans:
            assert car == recomputed(car, descends)
            assert car == caravan.derive_caravan(car.piles, equal)

    @invariant()
    def suit_and_direction_agree_with_the_table(self) -> None:
        for car in self.state.caravans:
            if not car.piles:
                assert (car.suit, car.direction, car.value) == (None, caravan.Direction.NONE, 0)
                continue
            last = car.piles[-1]
            queens = [f for f in last.faces if f.rank is Rank.QUEEN]
            assert car.suit == (queens[-1].suit if queens else last.numeral.suit)
            if len(car.piles) == 1:
                assert car.direction is caravan.Direction.NONE
            for p in car.piles:
                assert caravan.pip(p.numeral) is not None
                assert all(caravan.pip(f) is None for f in p.faces)
                if self.options.face_limit is not None:
                    assert len(p.faces) <= self.options.face_limit
                # Queens only ever go on a last card, so one under another card was
                # there before that card came.
                assert all(f.rank is not Rank.JACK for f in p.faces)

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(caravan.cards_in_play(self.state)) == self.deck

    @invariant()
    def legal_actions_agree_with_a_naive_oracle(self) -> None:
        legal = caravan.legal_actions(self.state)
        assert len(set(legal)) == len(legal)
        assert set(legal) == naive_legal(self.state)
        assert (caravan.outcome(self.state) is None) == bool(legal)

    @invariant()
    def hands_and_the_opening_are_consistent(self) -> None:
        s = self.state
        if not self.options.disband_draws:  # a drawing disband adds a card to the hand
            for seat in (0, 1):
                assert len(s.hands[seat]) <= self.options.opening_hand
        if s.in_opening:
            for car in s.caravans:
                assert len(car.piles) <= 1
                assert all(not p.faces for p in car.piles)
        assert s.turns <= turn_bound(self.options)
        if self.options.max_turns is not None:
            assert s.turns <= self.options.max_turns

    @invariant()
    def outcome_agrees_with_the_positions(self) -> None:
        s = self.state
        result = caravan.outcome(s)
        won = s.positions
        counts = (won.count(0), won.count(1))
        if result is None:
            assert None in won
            if self.options.early_finish:
                assert max(counts) < 2
            return
        assert result.scores == counts
        if result.termination is Termination.CARAVANS_SOLD:
            assert None not in won or self.options.early_finish
            assert counts[result.winners[0]] >= 2
        elif result.termination is Termination.EMPTY_HAND:
            loser = 1 - result.winners[0]
            assert s.hands[loser] == ()
            if self.options.empty_hand is caravan.EmptyHand.AT_ONCE and s.to_move != loser:
                # CARAVAN-EMPTY-HAND, at_once: the loser's own turn emptied their hand
                # while the winner still holds cards.
                assert s.hands[1 - loser] != ()
            else:
                assert s.to_move == loser
        else:
            assert result.termination is Termination.TURN_LIMIT
            assert result.is_draw
            assert s.turns == self.options.max_turns

    @invariant()
    def observation_agrees_with_the_state(self) -> None:
        s = self.state
        for seat in (0, 1):
            seen = caravan.observe(s, seat)
            assert seen.hand == s.hands[seat]
            assert seen.caravans == s.caravans
            assert seen.deck_sizes == (len(s.decks[0]), len(s.decks[1]))
            assert seen.result == s.result


TestCaravanMachine = CaravanMachine.TestCase
