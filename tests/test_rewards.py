"""Shaped rewards (cardwar.rewards): a measure from -1 to 1 read from the seat's own
observation, paid as its change at each step, and paid back in full when the game ends."""

from __future__ import annotations

import contextlib
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import _shaping, caravan, cold_war, generals, rewards, war
from cardwar.core import Variant
from cardwar.errors import ArgumentError, CardwarError, ObservationError
from cardwar.variants import all_variants

SHAPED = [(game, shape) for game in all_variants()
          for shape in getattr(game, "REWARD_SHAPES", {})]


def test_every_built_in_variant_has_a_shape() -> None:
    assert {game.NAME for game, _ in SHAPED} == {g.NAME for g in all_variants()}
    assert rewards.shapes("caravan") == ("positions",)
    assert rewards.shapes(war) == ("cards",)


def _play(game: Variant, seed: int, shape: str, seat: int, max_steps: int = 3000
          ) -> tuple[list[float], list[float], float]:
    """Play one random game; return the seat's shaping rewards, its measures, and its
    result (0 if cut at max_steps)."""
    rnd = random.Random(seed)
    state = game.new_game(seed)
    shaping = rewards.Shaping(game, shape, scale=0.5)
    shaping.start(game.observe(state, seat))
    paid, measured = [], []
    for _ in range(max_steps):
        state = game.step(state, rnd.choice(game.legal_actions(state)))
        obs = game.observe(state, seat)
        measured.append(rewards.progress(game, shape, obs))
        done = game.outcome(state) is not None
        paid.append(shaping.reward(obs, done=done))
        if done:
            return paid, measured, game.returns(state)[seat]
    return paid, measured, 0.0


@pytest.mark.parametrize(("game", "shape"), SHAPED, ids=lambda x: getattr(x, "NAME", x))
def test_shaping_rewards_add_up_to_exactly_zero_and_measures_stay_in_range(
        game: Variant, shape: str) -> None:
    ended = 0
    for seed in range(6):
        paid, measured, result = _play(game, seed, shape, seat=seed % 2)
        assert all(-1.0 <= m <= 1.0 for m in measured)
        if result or len(paid) < 3000:
            ended += 1
            total = 0.0
            for r in paid:  # summed in order, as a learner sums its return
                total += r
            assert total == 0.0
            # With the result added on the last step, the return's sign is the result's.
            shaped_return = sum(paid[:-1]) + (paid[-1] + result)
            assert math.copysign(1, shaped_return) == math.copysign(1, result) or (
                result == 0 and shaped_return == 0)
    assert ended, "no game ended: the sum could not be checked"


def test_shaping_gives_a_signal_before_the_end() -> None:
    # A Caravan game of random moves: some step before the end pays something.
    paid, _, _ = _play(caravan, 3, "positions", seat=0)
    assert any(r != 0 for r in paid[:-1])


def test_the_measures_by_hand() -> None:
    state = war.new_game(1)
    obs = war.observe(state, 0)
    assert rewards.progress("war", "cards", obs) == 0.0  # 26 cards each
    assert _shaping.card_share((39, 13), 0) == pytest.approx(0.5)
    assert _shaping.card_share((13, 39), 0) == pytest.approx(-0.5)
    assert _shaping.card_share((0, 0), 0) == 0.0
    assert _shaping.points_lead((150, 30), 0, 100) == 1.0  # clipped
    assert _shaping.points_lead((0, 30, 250), 1, 100) == -1.0
    cw = cold_war.new_game(2)
    assert rewards.progress(cold_war, "points", cold_war.observe(cw, 1)) == 0.0
    gw = generals.new_game(2)
    assert rewards.progress(generals, "points", generals.observe(gw, 0)) == 0.0


def test_caravan_positions_by_hand() -> None:
    import attrs

    state = caravan.new_game(3)
    c = state.caravans
    # Seat 0's caravan A sells at 21 against an empty D: one position of three, and A is
    # as close to selling as it gets.
    sold = attrs.evolve(c[0], value=21)
    over = attrs.evolve(c[1], value=27)
    forged = attrs.evolve(state, caravans=(sold, over, *c[2:]))
    measured = caravan.REWARD_SHAPES["positions"](caravan.observe(forged, 0))
    assert measured == pytest.approx((1 / 3 + 1 / 3) / 2)
    assert caravan.REWARD_SHAPES["positions"](caravan.observe(forged, 1)) == pytest.approx(
        -measured)


def test_bad_arguments_are_cardwar_errors_and_change_nothing() -> None:
    with pytest.raises(ArgumentError, match="no shape 'points'"):
        rewards.Shaping("caravan", "points")
    with pytest.raises(ArgumentError, match="shape must be a str"):
        rewards.Shaping("caravan", None)  # type: ignore[arg-type]
    with pytest.raises(CardwarError, match="unknown variant"):
        rewards.Shaping("chess", "cards")
    for scale in (0, -1.0, math.nan, math.inf, True, "1"):
        with pytest.raises(ArgumentError, match="scale must be"):
            rewards.Shaping("war", "cards", scale=scale)  # type: ignore[arg-type]
    shaping = rewards.Shaping("war", "cards")
    state = war.new_game(1)
    with pytest.raises(ArgumentError, match="before start"):
        shaping.reward(war.observe(state, 0), done=False)
    with pytest.raises(ObservationError, match="observation of war"):
        shaping.start(caravan.observe(caravan.new_game(1), 0))
    shaping.start(war.observe(state, 0))
    with pytest.raises(ArgumentError, match="done must be a bool"):
        shaping.reward(war.observe(state, 0), done=1)  # type: ignore[arg-type]
    with pytest.raises(ObservationError):
        rewards.progress("war", "cards", state)  # a state, not an observation
    assert shaping.reward(war.observe(state, 0), done=False) == 0.0  # still started


JUNK = st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=8), st.binary(max_size=4),
                 st.booleans(), st.lists(st.integers(), max_size=3), st.builds(object))


@settings(max_examples=300, deadline=None)
@given(variant=st.one_of(JUNK, st.sampled_from(["war", "caravan", "generals"])),
       shape=st.one_of(JUNK, st.sampled_from(["cards", "points", "positions"])),
       observation=JUNK, scale=JUNK)
def test_junk_gets_cardwar_errors(variant: Any, shape: Any, observation: Any, scale: Any) -> None:
    for call in (lambda: rewards.shapes(variant),
                 lambda: rewards.progress(variant, shape, observation),
                 lambda: rewards.Shaping(variant, shape, scale)):
        with contextlib.suppress(CardwarError):  # anything else fails the test
            call()
