"""Hypothesis stateful test of General's War: random option sets, seeds and choices, step
after step, with the game's invariants checked after every step (DESIGN section 7.2)."""

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

from cardwar import generals
from cardwar.cards import Card, Rank
from cardwar.core import IllegalActionError, Termination
from tests.strategies import seeds
from tests.support_generals import generals_options

pytestmark = pytest.mark.rule(
    "GENERALS-SCORE", "GENERALS-KILL", "GENERALS-DEAL-END", "GENERALS-OBSERVE"
)


class GeneralsMachine(RuleBasedStateMachine):
    """Plays General's War with random options and choices; checks invariants."""

    def __init__(self) -> None:
        super().__init__()
        self.options = generals.Options()
        self.seed = 0
        self.state = generals.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.value = 0
        self.actions: list[generals.Action] = []

    @initialize(options=generals_options(small=True), seed=seeds)
    def start(self, options: generals.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = generals.new_game(seed, options)
        self.deck = Counter(generals.deck(options))
        self.value = sum(map(generals.card_value, generals.deck(options)))
        self.actions = []

    @precondition(lambda self: generals.outcome(self.state) is None)
    @rule(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=20))
    def play(self, picks: list[int]) -> None:
        for pick in picks:
            if generals.outcome(self.state) is not None:
                break
            legal = generals.legal_actions(self.state)
            action = legal[pick % len(legal)]
            before = self.state
            self.state = generals.step(before, action)
            self.actions.append(action)
            assert self.state.battles in (before.battles, before.battles + 1)
            assert self.state.deals in (before.deals, before.deals + 1)

    @rule()
    def illegal_action_changes_nothing(self) -> None:
        before = self.state
        with pytest.raises(IllegalActionError):
            generals.step(before, generals.Squad(()))
        assert self.state == before

    @rule()
    def replay_gives_the_same_state(self) -> None:
        state = generals.new_game(self.seed, self.options)
        for action in self.actions:
            state = generals.step(state, generals.parse_action(str(action)))
        assert state == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(generals.cards_in_play(self.state)) == self.deck

    @invariant()
    def terminal_iff_no_legal_actions(self) -> None:
        assert (generals.outcome(self.state) is None) == bool(generals.legal_actions(self.state))

    @invariant()
    def every_finished_deal_banked_all_its_points(self) -> None:
        s = self.state
        if generals.outcome(s) is None:
            assert sum(s.banked) == (s.deals - 1) * self.value
        assert all(s.banked[i] <= generals.score(s, i) for i in range(s.players))

    @invariant()
    def revealed_generals_are_aces_in_their_owners_hand(self) -> None:
        s = self.state
        for seat in range(s.players):
            assert all(c.rank is Rank.ACE and c in s.hands[seat] for c in s.revealed[seat])
        for i in range(s.players):
            assert s.kills[i][i] == 0
        aces = sum(1 for c in self.deck.elements() if c.rank is Rank.ACE)
        assert sum(map(sum, s.kills)) <= aces * s.deals

    @invariant()
    def outcome_matches_the_position(self) -> None:
        s = self.state
        result = generals.outcome(s)
        scores = tuple(generals.score(s, i) for i in range(s.players))
        if result is None:
            assert max(scores) < self.options.target
            assert max(max(row) for row in s.kills) < self.options.kills_to_win
            return
        assert result.scores == scores
        if result.termination is Termination.GENERALS_KILLED:
            assert max(s.kills[result.winners[0]]) >= self.options.kills_to_win
        else:
            assert result.termination is Termination.TARGET_SCORE
            best = max(scores)
            assert best >= self.options.target
            top = tuple(i for i in range(s.players) if scores[i] == best)
            assert result.winners == (top if len(top) == 1 else ())

    @invariant()
    def observation_agrees_with_the_state(self) -> None:
        s = self.state
        for seat in range(s.players):
            seen = generals.observe(s, seat)
            assert seen.hand == s.hands[seat]
            assert seen.hand_sizes == tuple(len(h) for h in s.hands)
            assert seen.scores == tuple(generals.score(s, i) for i in range(s.players))
            assert seen.result == generals.outcome(s)
            for other in range(s.players):
                if other != seat and s.squads[other] is not None:
                    assert seen.committed[other]


TestGeneralsMachine = GeneralsMachine.TestCase
