"""Hypothesis stateful test of Arneson's War: random option sets and seeds, one
commitment after another with Hypothesis choosing the cards, with the invariants of the
game checked after every step."""

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

from cardwar import arneson
from cardwar.cards import Card
from cardwar.core import GameOverError, IllegalActionError, Termination
from tests.strategies import arneson_options, resample_arneson_hidden, seeds

pytestmark = pytest.mark.rule(
    "ARNESON-CHOICE", "ARNESON-HAND", "ARNESON-OBSERVE", "ARNESON-WIN", "ARNESON-LIMIT"
)


class ArnesonMachine(RuleBasedStateMachine):
    """Plays Arneson's War with random options and choices; checks invariants after
    every commitment."""

    def __init__(self) -> None:
        super().__init__()
        self.options = arneson.Options()
        self.seed = 0
        self.state = arneson.new_game(0)
        self.deck: Counter[Card] = Counter()
        self.actions: list[arneson.Choose] = []

    @initialize(options=arneson_options(small=True), seed=seeds)
    def start(self, options: arneson.Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.state = arneson.new_game(seed, options)
        self.deck = Counter(arneson.deck(options))
        self.actions = []

    def commit(self, action: arneson.Choose) -> None:
        """Let the acting seat commit ``action`` and check the transition."""
        before = self.state
        seat = arneson.to_act(before)
        assert seat is not None
        after = arneson.step(before, action)
        self.actions.append(action)
        self.state = after
        if seat == 0:
            # The chosen card leaves the hand (ARNESON-CHOICE); nothing is drawn yet.
            assert Counter(after.hands[0]) + Counter([action.card]) == Counter(before.hands[0])
            # Seat 0's commitment is hidden and resolves nothing; seat 1 acts next.
            assert after.committed == (action.card, None)
            assert after.battles == before.battles
            assert arneson.to_act(after) == 1
        else:
            # Seat 1's commitment reveals both cards and resolves the round.
            assert after.committed == (None, None)
            assert arneson.to_act(after) in (0, None)
            if after.in_war and after.result is None:
                # A tie: a war round is in progress within the same battle.
                assert after.battles == before.battles
                revealed = after.rounds[-1]
                assert (revealed[0].face_up, revealed[1].face_up) == (
                    before.committed[0],
                    action.card,
                )
                assert revealed[0].face_up.rank == revealed[1].face_up.rank
            else:
                assert after.battles == before.battles + 1
                assert after.last is not None
                final = after.last.rounds[-1]
                assert (final[0].face_up, final[1].face_up) == (before.committed[0], action.card)

    @precondition(lambda self: arneson.outcome(self.state) is None)
    @rule(pick=st.integers(0, 10))
    def choose(self, pick: int) -> None:
        legal = arneson.legal_actions(self.state)
        self.commit(legal[pick % len(legal)])

    @precondition(lambda self: arneson.outcome(self.state) is None)
    @rule(choice_seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 40))
    def play(self, choice_seed: int, steps: int) -> None:
        rnd = random.Random(choice_seed)
        for _ in range(steps):
            if arneson.outcome(self.state) is not None:
                break
            legal = arneson.legal_actions(self.state)
            self.commit(legal[rnd.randrange(len(legal))])

    @rule(data=st.data())
    def illegal_choice_changes_nothing(self, data: st.DataObject) -> None:
        before = self.state
        seat = arneson.to_act(before)
        hand = () if seat is None else before.hands[seat]
        outside = sorted({c for c in self.deck if c not in hand}, key=str)
        if outside:
            card = data.draw(st.sampled_from(outside))
            expected = GameOverError if seat is None else IllegalActionError
            with pytest.raises(expected):
                arneson.step(before, arneson.Choose(card))
        with pytest.raises(IllegalActionError):
            arneson.step(before, "QH")  # type: ignore[arg-type]
        assert self.state == before

    @rule()
    def replay_from_seed_and_actions_gives_the_same_state(self) -> None:
        state = arneson.new_game(self.seed, self.options)
        for action in self.actions:
            state = arneson.step(state, arneson.parse_action(str(action)))
        assert state == self.state

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(arneson.cards_in_play(self.state)) == self.deck

    @invariant()
    def terminal_iff_no_legal_actions(self) -> None:
        s = self.state
        legal = arneson.legal_actions(s)
        assert (arneson.outcome(s) is None) == bool(legal)
        seat = arneson.to_act(s)
        if seat is not None:
            assert Counter(a.card for a in legal) == Counter(set(s.hands[seat]))

    @invariant()
    def to_act_alternates_seat_0_then_seat_1(self) -> None:
        s = self.state
        if arneson.outcome(s) is not None:
            assert arneson.to_act(s) is None
            return
        assert s.committed[1] is None
        assert arneson.to_act(s) == (0 if s.committed[0] is None else 1)
        assert arneson.to_act(s) == len(self.actions) % 2

    @invariant()
    def hands_are_bounded_and_hold_no_committed_card(self) -> None:
        s = self.state
        assert all(len(h) <= self.options.hand_size for h in s.hands)
        for seat in (0, 1):
            chosen = s.committed[seat]
            if chosen is not None:
                # The committed card lies on the table, not in the hand.
                assert Counter(s.hands[seat])[chosen] < self.deck[chosen]
                if self.deck[chosen] == 1:
                    assert chosen not in s.hands[seat]

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
        s = self.state
        result = arneson.outcome(s)
        held = (s.cards_held(0), s.cards_held(1))
        if result is None:
            # Each seat can still play: a card in hand or already committed.
            for seat in (0, 1):
                assert s.hands[seat] or s.committed[seat] is not None
            return
        assert s.laid == ((), ())
        assert s.rounds == ()
        if result.termination is Termination.ALL_CARDS:
            (winner,) = result.winners
            assert held[1 - winner] == 0
            assert held[winner] + len(s.tally.set_aside) == sum(self.deck.values())
        elif result.termination is Termination.UNDECIDABLE:
            assert held == (0, 0)
            assert result.is_draw
        elif result.termination is Termination.WARS_WON:
            (winner,) = result.winners
            assert s.wars_won[winner] == self.options.wars_to_win
        elif result.termination is Termination.REPEATED_POSITION:
            # ARNESON-CYCLE: only a game without choices or chance repeats.
            assert self.options.hand_size == 1
            assert self.options.pickup_order.deterministic
            assert result.is_draw
        else:
            assert result.termination is Termination.BATTLE_LIMIT
            assert s.battles == self.options.max_battles
            assert result.is_draw

    @invariant()
    def observation_agrees_with_the_state_and_hides_the_hidden_cards(self) -> None:
        s = self.state
        rnd = random.Random(len(self.actions))
        for seat in (0, 1):
            seen = arneson.observe(s, seat)
            assert seen.seat == seat
            assert seen.hand == s.hands[seat]
            assert seen.committed == s.committed[seat]
            assert seen.opponent_committed == (s.committed[1 - seat] is not None)
            assert seen.hand_sizes == (len(s.hands[0]), len(s.hands[1]))
            assert seen.stock_sizes == (len(s.stocks[0]), len(s.stocks[1]))
            assert seen.won_sizes == (len(s.won[0]), len(s.won[1]))
            assert (seen.rounds, seen.stakes, seen.battles) == (s.rounds, s.stakes, s.battles)
            assert (seen.wars_won, seen.last, seen.result) == (s.wars_won, s.last, s.result)
            # ARNESON-OBSERVE: re-dealing every card the seat may not see (the opponent's
            # hand and choice, stocks, win piles, set-aside cards) changes nothing it sees.
            assert arneson.observe(resample_arneson_hidden(s, seat, rnd), seat) == seen


TestArnesonMachine = ArnesonMachine.TestCase
