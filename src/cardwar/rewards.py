"""Opt-in shaped rewards for learners: a dense signal that leaves a game's result as it is.

A game of cardwar pays its result only at the end (+1 a win, -1 a loss, 0 a draw), which
is all a learner needs in principle and too little in practice against a strong opponent:
a policy that never wins never sees a signal. A *shape* is a measure of how well a seat
stands, read from that seat's observation only (so it tells the learner nothing the seat
may not see), a number from -1 (far behind) to 1 (far ahead):

========== ============= ============================================================
variant    shape         how well the seat stands
========== ============= ============================================================
war        ``cards``     its share of the cards in play, against an equal share
peace      ``cards``     the same (the last player holding cards wins Peace too)
arneson    ``cards``     the same, hand and stock
cold-war   ``points``    its total against the best other total, over the target
generals   ``points``    its score against the best other score, over the target
caravan    ``positions`` the positions it would win now and how close its caravans
                         are to selling, against the opponent's
========== ============= ============================================================

Each variant names its shapes in ``REWARD_SHAPES`` (a variant added with
:func:`cardwar.variants.register` may offer its own).

:class:`Shaping` pays the change of the measure at each step, as *potential-based*
shaping does (Ng, Harada and Russell, 1999: the optimal policies stay the same), with the
potential counted from where the seat stood when the game began and set back to 0 when
the game ends. The shaping rewards of a game therefore add up to exactly 0: the
undiscounted return of a shaped game equals the game's result, and its sign is the
result's. Nothing is shaped unless asked (``cardwar.gymnasium.CardwarEnv``'s
``shaping`` argument).

>>> from cardwar import caravan
>>> from cardwar.rewards import Shaping, progress
>>> state = caravan.new_game(seed=3)
>>> progress("caravan", "positions", caravan.observe(state, 0))
0.0
>>> shaping = Shaping("caravan", "positions")
>>> shaping.start(caravan.observe(state, 0))
>>> state = caravan.step(state, caravan.parse_action("6C>B"))
>>> round(shaping.reward(caravan.observe(state, 0), done=False), 4)
0.0476
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from cardwar.errors import ArgumentError, ArgumentTypeError, ObservationError, shown
from cardwar.variants import as_variant

__all__ = ["Shaping", "progress", "shapes"]


def _measure(variant: object, shape: object) -> tuple[Any, Callable[[Any], float]]:
    game = as_variant(variant)  # type: ignore[arg-type]
    known: dict[str, Callable[[Any], float]] = getattr(game, "REWARD_SHAPES", {})
    if not known:
        raise ArgumentError(f"{game.NAME} has no shaped reward")
    if type(shape) is not str:
        raise ArgumentTypeError(f"shape must be a str, got {shown(shape)}")
    if shape not in known:
        raise ArgumentError(f"{game.NAME} has no shape {shape!r}; its shapes: "
                            f"{', '.join(known)}")
    return game, known[shape]


def shapes(variant: object) -> tuple[str, ...]:
    """Return the names of the shapes of ``variant`` (a name or a variant module): its
    ``REWARD_SHAPES``, which a variant may offer.

    >>> shapes("arneson"), shapes("caravan")
    (('cards',), ('positions',))
    """
    return tuple(getattr(as_variant(variant), "REWARD_SHAPES", ()))  # type: ignore[arg-type]


def _observation_of(game: Any, observation: object) -> Any:
    if getattr(game, "Observation", None) is not None and not isinstance(
            observation, game.Observation):
        raise ObservationError(f"expected an observation of {game.NAME}, got "
                               f"{shown(observation)}")
    return observation


def progress(variant: object, shape: str, observation: object) -> float:
    """Return how well the seat of ``observation`` stands by ``shape``, from -1 to 1."""
    game, measure = _measure(variant, shape)
    return float(measure(_observation_of(game, observation)))


class Shaping:
    """The shaping rewards of one seat over a game: :meth:`start` with the seat's first
    observation, then :meth:`reward` after each of its steps; ``scale`` (a finite
    positive number, 1 by default) multiplies every reward. The rewards of a game add up
    to 0 (see the module), whatever the discount a learner applies to them."""

    def __init__(self, variant: object, shape: str, scale: float = 1.0) -> None:
        self.game, self._measure = _measure(variant, shape)
        if (isinstance(scale, bool) or not isinstance(scale, (int, float))
                or not math.isfinite(scale) or scale <= 0):
            raise ArgumentError(f"scale must be a finite positive number, got {shown(scale)}")
        self.shape = shape
        self.scale = float(scale)
        self._start: float | None = None
        self._potential = 0.0
        self._paid = 0.0

    def start(self, observation: object) -> None:
        """Begin a game at the seat's first observation."""
        self._start = self._measure(_observation_of(self.game, observation))
        self._potential = 0.0
        self._paid = 0.0

    def reward(self, observation: object, done: bool) -> float:
        """Return the shaping reward of the step that led to ``observation``; ``done``
        says whether the game ended there (the reward then pays back every shaping
        reward of the game, so that they add up to exactly 0)."""
        if self._start is None:
            raise ArgumentError("Shaping.reward before start: call start() first")
        if type(done) is not bool:
            raise ArgumentTypeError(f"done must be a bool, got {shown(done)}")
        measured = self._measure(_observation_of(self.game, observation))
        if done:
            reward = -self._paid
            self._start = None
        else:
            potential = self.scale * (measured - self._start)
            reward = potential - self._potential
            self._potential = potential
        self._paid += reward
        return reward
