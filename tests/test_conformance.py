"""The conformance suite: every registered variant, under the same invariants
(DESIGN section 7.1). A variant is under every test here the day it is registered;
one that lacks an option strategy or a hidden-information resampler in
``tests/strategies.py`` fails :func:`test_variant_has_test_support`.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwar
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    Variant,
    options_from_json,
    options_to_json,
)
from cardwar.rng import SeedError
from tests.strategies import (
    HIDDEN_RESAMPLERS,
    OPTION_STRATEGIES,
    STEP_BOUNDS,
    play_out,
    seeds,
)

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
ids = [v.NAME for v in VARIANTS]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=ids)
#: How many steps of each game the per-state checks look at.
STEPS = 150


class _Foreign:
    """An object that is no variant's action."""

    def __str__(self) -> str:
        return "foreign"


@parametrize
def test_variant_satisfies_protocol(variant: Variant) -> None:
    assert isinstance(variant, Variant)
    assert cardwar.variant(variant.NAME) is variant
    for alias in variant.ALIASES:
        assert cardwar.variant(alias) is variant
        assert cardwar.variant(alias.upper()) is variant
    assert variant.MIN_PLAYERS >= 1
    assert variant.MAX_PLAYERS is None or variant.MAX_PLAYERS >= variant.MIN_PLAYERS
    assert isinstance(variant.RULES_VERSION, int)
    assert variant.RULES_VERSION >= 1


@parametrize
def test_variant_has_test_support(variant: Variant) -> None:
    assert variant.NAME in OPTION_STRATEGIES, "add an option strategy in tests/strategies.py"
    assert variant.NAME in HIDDEN_RESAMPLERS, "add a hidden resampler in tests/strategies.py"
    assert variant.NAME in STEP_BOUNDS, "document a step bound in tests/strategies.py"


def test_unknown_variant_lists_known_names() -> None:
    with pytest.raises(cardwar.UnknownVariantError) as err:
        cardwar.variant("no-such-game")
    for name in cardwar.variant_names():
        assert name in str(err.value)


@parametrize
@given(data=st.data(), seed=seeds)
@settings(max_examples=25)
def test_game_invariants(variant: Variant, data: st.DataObject, seed: int) -> None:
    """Determinism, purity, conservation, legality and terminal-iff-no-actions, at every
    state of the first steps of a game under random options."""
    options = data.draw(OPTION_STRATEGIES[variant.NAME]())
    first = variant.new_game(seed, options)
    assert variant.new_game(seed, options) == first  # determinism of the deal
    deck = Counter(variant.cards_in_play(first))
    replay = first
    for state, action, nxt in play_out(variant, seed, options, max_steps=STEPS):
        # Purity: stepping changed nothing in the input state.
        before = copy.deepcopy(state)
        again = variant.step(state, action)
        assert state == before
        # Determinism: the same state and action give the same next state.
        assert again == nxt
        replay = variant.step(replay, action)
        assert replay == nxt
        # Conservation: the same multiset of cards, wherever they lie.
        assert Counter(variant.cards_in_play(nxt)) == deck
        # Legality: the chosen action was legal; a foreign one is refused, naming why.
        legal = variant.legal_actions(state)
        assert action in legal
        with pytest.raises(IllegalActionError):
            variant.step(state, _Foreign())
        # Terminal iff no legal actions.
        assert (variant.outcome(nxt) is None) == bool(variant.legal_actions(nxt))
        seat = variant.to_act(nxt)
        assert seat is None or 0 <= seat < variant.num_players(nxt)
        if variant.AUTOMATIC:
            assert seat is None


@parametrize
@given(data=st.data(), seed=seeds)
@settings(max_examples=15)
def test_games_terminate_within_bound(variant: Variant, data: st.DataObject, seed: int) -> None:
    options = data.draw(OPTION_STRATEGIES[variant.NAME]())
    bound = STEP_BOUNDS[variant.NAME]
    state = variant.new_game(seed, options)
    rnd = random.Random(seed)
    steps = 0
    last = None
    while variant.outcome(state) is None:
        assert steps < bound, f"{variant.NAME} game of seed {seed} exceeded {bound} steps"
        actions = variant.legal_actions(state)
        last = actions[rnd.randrange(len(actions))]
        state = variant.step(state, last)
        steps += 1
    result = variant.outcome(state)
    assert isinstance(result, Outcome)
    assert variant.legal_actions(state) == ()
    assert all(0 <= w < variant.num_players(state) for w in result.winners)
    with pytest.raises(GameOverError):
        variant.step(state, _Foreign())
    if last is not None:
        # An action of the game, even the one that was just legal, is refused too.
        with pytest.raises(GameOverError):
            variant.step(state, last)


@parametrize
@given(data=st.data(), seed=seeds, choice=st.integers(0, 2**32))
@settings(max_examples=20)
def test_observation_hides_what_a_seat_may_not_see(
    variant: Variant, data: st.DataObject, seed: int, choice: int
) -> None:
    """Two states that differ only in what a seat may not see give that seat the same
    observation; and the observation is a pure, hashable value."""
    options = data.draw(OPTION_STRATEGIES[variant.NAME]())
    resample = HIDDEN_RESAMPLERS[variant.NAME]
    rnd = random.Random(choice)
    steps = data.draw(st.integers(0, 60))
    state: Any = variant.new_game(seed, options)
    for _, _, nxt in play_out(variant, seed, options, choice_seed=choice, max_steps=steps):
        state = nxt
    for seat in range(variant.num_players(state)):
        seen = variant.observe(state, seat)
        other = resample(state, seat, rnd)
        assert variant.observe(other, seat) == seen
        assert hash(seen) == hash(variant.observe(state, seat))
    with pytest.raises(ValueError, match="seat"):
        variant.observe(state, variant.num_players(state))


@parametrize
@given(seed=seeds)
@settings(max_examples=10)
def test_values_pickle_and_print(variant: Variant, seed: int) -> None:
    options = variant.options()
    for state, action, nxt in play_out(variant, seed, options, max_steps=40):
        for value in (state, action, nxt, options, variant.observe(nxt, 0), variant.outcome(nxt)):
            assert pickle.loads(pickle.dumps(value)) == value
            assert repr(value)
        hash(nxt)
        # Action notation round-trips.
        assert variant.parse_action(str(action)) == action
        # States are frozen.
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(nxt, attrs.fields(type(nxt))[0].name, None)


@parametrize
def test_bad_action_notation_is_refused(variant: Variant) -> None:
    for text in ("", "xyzzy", "play play", "\x00"):
        with pytest.raises(NotationError):
            variant.parse_action(text)


@parametrize
@given(data=st.data())
def test_options_round_trip_through_json(variant: Variant, data: st.DataObject) -> None:
    options = data.draw(OPTION_STRATEGIES[variant.NAME]())
    assert options_from_json(variant, options_to_json(options)) == options
    assert variant.options() == variant.Options()


@parametrize
def test_unknown_option_is_named(variant: Variant) -> None:
    with pytest.raises(OptionError) as err:
        variant.options(no_such_option=1)
    assert err.value.option == "no_such_option"
    assert "no_such_option" in str(err.value)


@parametrize
@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", None, True])
def test_bad_seeds_are_refused(variant: Variant, seed: Any) -> None:
    with pytest.raises(SeedError):
        variant.new_game(seed)
