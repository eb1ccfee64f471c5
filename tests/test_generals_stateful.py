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
from cardwar.core import IllegalActionError, Outcome, Termination
from tests.strategies import seeds
from tests.support_generals import generals_options

pytestmark = pytest.mark.rule(
    "GENERALS-SCORE", "GENERALS-KILL", "GENERALS-DEAL-END", "GENERALS-OBSERVE",
    "GENERALS-PLACES",
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
        self.finished: dict[int, int] = {}

    @initialize(options=generals_options(small=True), seed=seeds)
    def start(self, options: generals.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = generals.new_game(seed, options)
        self.deck = Counter(generals.deck(options))
        self.value = sum(map(generals.card_value, generals.deck(options)))
        self.actions = []
        self.finished = {}

    @precondition(lambda self: generals.outcome(self.state) is None)
    @rule(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=20))
    def play(self, picks: list[int]) -> None:
        for pick in picks:
            if generals.outcome(self.state) is not None:
                break
            legal = generals.legal_actions(self.state)
            action = legal[pick % len(legal)]
            before = self.state
            seat = generals.to_act(before)
            assert seat is not None
            assert before.places[seat] is None  # GENERALS-PLACES: only players still in
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
        if self.options.places:
            self.check_places(result, scores)
            return
        assert s.places == (None,) * s.players
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

    def check_places(self, result: Outcome | None, scores: tuple[int, ...]) -> None:
        """GENERALS-PLACES: the players still in are under the target and short of the
        kills; the places are a ranking (1, 2, 2, 4); a finished player holds no card and
        their score never changes; the game ends when at most one player is left, won
        by the first place."""
        s = self.state
        places = s.places
        playing = [i for i in range(s.players) if places[i] is None]
        for i in playing:
            assert scores[i] < self.options.target
            assert max(s.kills[i]) < self.options.kills_to_win
        for i, place in enumerate(places):
            if place is None:
                continue
            assert place == 1 + sum(p is not None and p < place for p in places)
            if i in self.finished:
                assert scores[i] == self.finished[i]
            else:
                self.finished[i] = scores[i]
            if result is None:
                assert s.hands[i] == ()
                assert s.squads[i] is None
                assert s.revealed[i] == ()
                assert all(i not in side for side in s.sides)
        if result is None:
            assert len(playing) >= 2
            return
        assert playing == []
        assert result.scores == scores
        assert result.winners == tuple(i for i in range(s.players) if places[i] == 1)
        assert result.termination in (Termination.GENERALS_KILLED, Termination.TARGET_SCORE)

    @invariant()
    def observation_agrees_with_the_state(self) -> None:
        s = self.state
        for seat in range(s.players):
            seen = generals.observe(s, seat)
            assert seen.hand == s.hands[seat]
            assert seen.hand_sizes == tuple(len(h) for h in s.hands)
            assert seen.scores == tuple(generals.score(s, i) for i in range(s.players))
            assert seen.result == generals.outcome(s)
            assert seen.places == s.places
            for other in range(s.players):
                if other != seat and s.squads[other] is not None:
                    assert seen.committed[other]


TestGeneralsMachine = GeneralsMachine.TestCase
