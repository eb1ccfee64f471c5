"""Measures of how well a seat stands, for the games' shaped rewards
(:mod:`cardwar.rewards`): each from a seat's observation, from -1 (far behind) to 1 (far
ahead). The games name their shapes in ``REWARD_SHAPES`` from these parts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def clip(x: float) -> float:
    """Return ``x`` clipped to [-1, 1]."""
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def card_share(held: Sequence[int], seat: int) -> float:
    """Return the share of the cards held that ``seat`` holds, against an equal share:
    1 holding them all, 0 an equal share, -1/(players-1) none (0 when nobody holds any).

    >>> round(card_share((30, 22), 0), 4), card_share((26, 26), 1), card_share((0, 52), 0)
    (0.1538, 0.0, -1.0)
    """
    total = sum(held)
    if total == 0:
        return 0.0
    fair = 1.0 / len(held)
    return (held[seat] / total - fair) / (1.0 - fair)


def points_lead(scores: Sequence[int], seat: int, target: int) -> float:
    """Return ``seat``'s score less the best other score, over the target, clipped.

    >>> points_lead((40, 10, 25), 0, 100), points_lead((40, 10, 25), 1, 100)
    (0.15, -0.3)
    """
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    return clip((scores[seat] - best_other) / target)


def cards(observation: object) -> float:
    """The ``cards`` shape of the battle games: :func:`card_share` of the cards each seat
    holds (stock, win pile and hand, where the game has them)."""
    obs: Any = observation
    held = [s + w for s, w in zip(obs.stock_sizes, obs.won_sizes, strict=True)]
    hands = getattr(obs, "hand_sizes", None)
    if hands is not None:
        held = [h + c for h, c in zip(held, hands, strict=True)]
    return card_share(held, obs.seat)
