"""Hypothesis stateful test of Cold War: random option sets, seeds and choices, play after
play, with the game's invariants checked after every step (DESIGN section 7.2)."""

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

from cardwar import cold_war
from cardwar.cards import Card
from cardwar.core import IllegalActionError, Termination
from tests.strategies import seeds
from tests.support_cold_war import cold_war_options, unscored

pytestmark = pytest.mark.rule(
    "COLDWAR-HAND", "COLDWAR-SCORE", "COLDWAR-END-DEAL", "COLDWAR-LEAVE", "COLDWAR-WIN",
    "COLDWAR-DEAL-LIMIT"
)


class ColdWarMachine(RuleBasedStateMachine):
    """Plays Cold War with random options and choices; checks invariants after every
    step."""

    def __init__(self) -> None:
        super().__init__()
        self.options = cold_war.Options()
        self.seed = 0
        self.state = cold_war.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.actions: list[cold_war.Play] = []
        self.deal_scores: list[tuple[int, ...]] = []

    @initialize(options=cold_war_options(small=True), seed=seeds)
    def start(self, options: cold_war.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = cold_war.new_game(seed, options)
        self.deck = Counter(cold_war.deck(options))
        self.actions = []
        self.deal_scores = []

    @precondition(lambda self: cold_war.outcome(self.state) is None)
    @rule(steps=st.integers(1, 60), choice=st.integers(0, 2**32))
    def play(self, steps: int, choice: int) -> None:
        rnd = random.Random(choice)
        for _ in range(steps):
            if cold_war.outcome(self.state) is not None:
                break
            before = self.state
            actions = cold_war.legal_actions(before)
            action = actions[rnd.randrange(len(actions))]
            self.state = cold_war.step(before, action)
            self.actions.append(action)
            assert self.state.tricks in (before.tricks, before.tricks + 1)
            if self.state.deals > before.deals:
                deal = self.state.last_deal
                assert deal is not None
                self.check_deal(deal, before)
                self.deal_scores.append(deal.scores)

    def check_deal(self, deal: cold_war.DealRecord, before: cold_war.State) -> None:
        # The scores of a deal are the points of every card but the set-aside ones and
        # those of the hands that do not count, plus bombs; a bomb is 0, 20 or 100. A hand
        # counts if its seat ran out (left the deal before or in its last trick), or
        # under hand_score=everyone (COLDWAR-SCORE).
        trick = self.state.last_trick
        assert trick is not None
        everyone = self.options.hand_score is cold_war.HandScore.EVERYONE
        assert deal.hands_scored == tuple(
            everyone or not before.active[s] or s in trick.left
            for s in range(self.options.players))
        points = sum(map(cold_war.card_points, self.deck.elements())) - unscored(deal)
        assert sum(deal.card_points) == points - deal.set_aside
        assert sum(deal.scores) == points - deal.set_aside + sum(deal.bombs)
        assert set(deal.bombs) <= {0, cold_war.DIRTY_BOMB_POINTS, cold_war.BOMB_POINTS}

    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state
        with pytest.raises(IllegalActionError):
            cold_war.step(before, "a card")  # type: ignore[arg-type]
        assert self.state == before

    @rule()
    def replay_from_the_seed_gives_the_same_state(self) -> None:
        state = cold_war.new_game(self.seed, self.options)
        for action in self.actions:
            state = cold_war.step(state, action)
        assert state == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        # Hands, table, stakes, pools, stock and set-aside cards: always the deck.
        assert Counter(cold_war.cards_in_play(self.state)) == self.deck

    @invariant()
    def terminal_iff_no_legal_actions(self) -> None:
        assert (cold_war.outcome(self.state) is None) == bool(cold_war.legal_actions(self.state))

    @invariant()
    def totals_are_the_sum_of_the_deals(self) -> None:
        n = self.options.players
        assert self.state.totals == tuple(sum(d[s] for d in self.deal_scores) for s in range(n))
        assert self.state.deals == len(self.deal_scores)

    @invariant()
    def hands_and_the_deal_are_consistent(self) -> None:
        s = self.state
        if s.result is not None:
            return
        played = {p.seat for p in s.plays}
        for seat in range(s.players):
            if s.active[seat]:
                # COLDWAR-HAND: three cards, less the one played in this round.
                assert len(s.hands[seat]) == cold_war.HAND_SIZE - (seat in played)
            else:
                # COLDWAR-LEAVE: a player leaves with an empty pool, once the stock is gone.
                assert len(s.hands[seat]) <= cold_war.HAND_SIZE
                assert s.pools[seat] == ()
                assert s.stock == ()
        assert sum(s.active) >= 2
        if s.options.deal_end is cold_war.DealEnd.FIRST_OUT:
            assert all(s.active)  # COLDWAR-END-DEAL: nobody is out while a deal runs
        assert set(s.order) <= {seat for seat in range(s.players) if s.active[seat]}
        assert cold_war.to_act(s) in s.order

    @invariant()
    def outcome_matches_the_totals(self) -> None:
        result = cold_war.outcome(self.state)
        if result is None:
            return
        assert result.scores == self.state.totals
        if result.termination is Termination.TARGET_SCORE:
            best = max(self.state.totals)
            assert best >= self.options.target
            assert result.winners == tuple(
                s for s, t in enumerate(self.state.totals) if t == best
            )
            assert len(result.winners) == 1 or self.options.tied_top is cold_war.TiedTop.SHARED
        elif result.termination is Termination.DEAL_LIMIT:
            # COLDWAR-DEAL-LIMIT: the best total wins, shared when tied; it takes
            # precedence over a trick limit reached by the same trick.
            best = max(self.state.totals)
            assert self.state.deals == self.options.max_deals
            assert result.winners == tuple(
                s for s, t in enumerate(self.state.totals) if t == best
            )
        else:
            assert result.termination is Termination.BATTLE_LIMIT
            assert result.is_draw
            assert self.state.tricks == self.options.max_tricks

    @invariant()
    def observation_agrees_with_the_state(self) -> None:
        s = self.state
        for seat in range(s.players):
            seen = cold_war.observe(s, seat)
            assert seen.hand == s.hands[seat]
            assert seen.stock_size == len(s.stock)
            assert sum(seen.stake_counts) == len(s.stakes)
            assert seen.totals == s.totals


TestColdWarMachine = ColdWarMachine.TestCase
