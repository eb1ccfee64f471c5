"""Hypothesis stateful test of War: random option sets and seeds, battle after battle,
with War's invariants checked after every step (DESIGN section 7.2)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardwar import war
from cardwar.cards import Card
from cardwar.core import IllegalActionError, Termination
from tests.strategies import seeds, war_options

PLAY = war.Play.PLAY


class WarMachine(RuleBasedStateMachine):
    """Plays War with random options; checks invariants after every battle."""

    def __init__(self) -> None:
        super().__init__()
        self.options = war.Options()
        self.seed = 0
        self.state = war.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.history: list[war.State] = []

    @initialize(options=war_options(small=True), seed=seeds)
    def start(self, options: war.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = war.new_game(seed, options)
        self.deck = Counter(war.deck(options))
        self.history = [self.state]

    @precondition(lambda self: war.outcome(self.state) is None)
    @rule(battles=st.integers(1, 25))
    def play(self, battles: int) -> None:
        for _ in range(battles):
            if war.outcome(self.state) is not None:
                break
            before = self.state
            self.state = war.step(before, PLAY)
            assert self.state.battles == before.battles + 1
            assert self.state.rng.counter >= before.rng.counter
            self.history.append(self.state)

    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state
        with pytest.raises(IllegalActionError):
            war.step(before, "battle")  # type: ignore[arg-type]
        assert self.state == before

    @rule()
    def replay_from_the_seed_gives_the_same_state(self) -> None:
        state = war.new_game(self.seed, self.options)
        for _ in range(self.state.battles):
            state = war.step(state, PLAY)
        assert state == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(war.cards_in_play(self.state)) == self.deck

    @invariant()
    def terminal_iff_no_legal_actions(self) -> None:
        assert (war.outcome(self.state) is None) == (war.legal_actions(self.state) == (PLAY,))

    @invariant()
    def counters_are_consistent(self) -> None:
        s = self.state
        assert s.wars <= s.battles
        assert sum(s.wars_won) <= s.wars
        if self.options.max_battles is not None:
            assert s.battles <= self.options.max_battles
        if self.options.wars_to_win is not None:
            assert max(s.wars_won) <= self.options.wars_to_win

    @invariant()
    def outcome_matches_the_position(self) -> None:
        result = war.outcome(self.state)
        holders = [seat for seat in range(self.state.players) if self.state.cards_held(seat)]
        if result is None:
            assert len(holders) >= 2
            return
        if result.termination is Termination.ALL_CARDS:
            assert holders == list(result.winners)
        elif result.termination is Termination.WARS_WON:
            assert self.state.wars_won[result.winners[0]] == self.options.wars_to_win
        else:
            assert result.is_draw
        if result.termination is Termination.REPEATED_POSITION:
            assert self.options.pickup_order in (war.Pickup.WINNER_FIRST, war.Pickup.SEAT_ORDER)
            assert self.state.stocks in {h.stocks for h in self.history[:-1]}

    @invariant()
    def deterministic_orders_draw_nothing_after_the_deal(self) -> None:
        if self.options.pickup_order.deterministic:
            assert self.state.rng == self.history[0].rng

    @invariant()
    def observation_agrees_with_the_state(self) -> None:
        for seat in range(self.state.players):
            seen = war.observe(self.state, seat)
            assert seen.stock_sizes == tuple(len(s) for s in self.state.stocks)
            assert seen.last == self.state.last
            assert seen.result == war.outcome(self.state)


TestWarMachine = WarMachine.TestCase
