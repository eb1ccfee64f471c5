"""Hypothesis stateful test of Peace: random option sets and seeds, battle after battle,
with Peace's invariants checked after every step."""

from __future__ import annotations

import random
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

from cardwar import peace
from cardwar.cards import Card
from cardwar.core import IllegalActionError, Termination
from tests.strategies import peace_options, resample_war_hidden, seeds

PLAY = peace.Play.PLAY

pytestmark = pytest.mark.rule("PEACE-STEP", "PEACE-OBSERVE", "PEACE-WIN", "PEACE-LIMIT")


class PeaceMachine(RuleBasedStateMachine):
    """Plays Peace with random options; checks invariants after every battle."""

    def __init__(self) -> None:
        super().__init__()
        self.options = peace.Options()
        self.seed = 0
        self.state = peace.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.history: list[peace.State] = []

    @initialize(options=peace_options(small=True), seed=seeds)
    def start(self, options: peace.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = peace.new_game(seed, options)
        self.deck = Counter(peace.deck(options))
        self.history = [self.state]

    @precondition(lambda self: peace.outcome(self.state) is None)
    @rule(battles=st.integers(1, 25))
    def play(self, battles: int) -> None:
        for _ in range(battles):
            if peace.outcome(self.state) is not None:
                break
            before = self.state
            self.state = peace.step(before, PLAY)
            assert self.state.battles == before.battles + 1
            assert self.state.rng.counter >= before.rng.counter
            record = self.state.last
            assert record is not None
            # PEACE-BATTLE, PEACE-TIE: the lowest face-up card of the last round wins.
            final = record.rounds[-1]
            if record.winner is not None:
                low = min(t.face_up.rank for t in final)
                assert [t.seat for t in final if t.face_up.rank == low] == [record.winner]
            # PEACE-FACE-DOWN, PEACE-SHORT: at most five face-down cards per peace round.
            assert all(t.face_down <= peace.FACE_DOWN for r in record.rounds for t in r)
            assert all(t.face_down == 0 for t in record.rounds[0])
            self.history.append(self.state)

    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state
        with pytest.raises(IllegalActionError):
            peace.step(before, "battle")  # type: ignore[arg-type]
        assert self.state == before

    @rule()
    def replay_from_the_seed_gives_the_same_state(self) -> None:
        state = peace.new_game(self.seed, self.options)
        for _ in range(self.state.battles):
            state = peace.step(state, PLAY)
        assert state == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(peace.cards_in_play(self.state)) == self.deck

    @invariant()
    def terminal_iff_no_legal_actions(self) -> None:
        legal = peace.legal_actions(self.state)
        assert (peace.outcome(self.state) is None) == (legal == (PLAY,))
        assert legal in ((), (PLAY,))
        assert peace.to_act(self.state) is None

    @invariant()
    def counters_are_consistent(self) -> None:
        s = self.state
        assert s.wars <= s.battles
        assert sum(s.wars_won) <= s.wars
        if self.options.max_battles is not None:
            assert s.battles <= self.options.max_battles

    @invariant()
    def outcome_matches_the_position(self) -> None:
        result = peace.outcome(self.state)
        holders = [seat for seat in range(self.state.players) if self.state.cards_held(seat)]
        if result is None:
            assert len(holders) >= 2
            return
        if result.termination is Termination.ALL_CARDS:
            assert holders == list(result.winners)
        elif result.termination is Termination.UNDECIDABLE:
            assert holders == []
            assert result.is_draw
        elif result.termination is Termination.BATTLE_LIMIT:
            assert self.state.battles == self.options.max_battles
            assert result.is_draw
        else:
            assert result.termination is Termination.REPEATED_POSITION
            assert result.is_draw
            assert self.options.pickup_order.deterministic
            assert self.state.stocks in {h.stocks for h in self.history[:-1]}

    @invariant()
    def deterministic_orders_draw_nothing_after_the_deal(self) -> None:
        if self.options.pickup_order.deterministic:
            assert self.state.rng == self.history[0].rng

    @invariant()
    def observation_agrees_with_the_state_and_hides_the_cards(self) -> None:
        s = self.state
        rnd = random.Random(s.battles)
        for seat in range(s.players):
            seen = peace.observe(s, seat)
            assert seen.seat == seat
            assert seen.stock_sizes == tuple(len(x) for x in s.stocks)
            assert seen.won_sizes == tuple(len(w) for w in s.won)
            assert seen.set_aside == len(s.set_aside)
            assert seen.battles == s.battles
            assert seen.wars_won == s.wars_won
            assert seen.last == s.last
            assert seen.result == peace.outcome(s)
            # PEACE-OBSERVE: re-drawing the order of every stock, win pile and the
            # set-aside cards changes nothing a seat sees.
            assert peace.observe(resample_war_hidden(s, seat, rnd), seat) == seen


TestPeaceMachine = PeaceMachine.TestCase
