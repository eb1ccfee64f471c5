"""The agents of Caravan: :class:`CaravanHeuristic`, the game's simple heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command.
"""

from __future__ import annotations

from cardwar.variants.caravan.rules import SALE_MAX, SALE_MIN, Action, Disband, Discard, pip
from cardwar.variants.caravan.view import Observation

__all__ = ["CaravanHeuristic", "heuristic"]


class CaravanHeuristic:
    """A simple player of Caravan: it scores each number card played on its own
    caravans by the caravan's new value (best: a value that sells, 21 to 26, and beats
    the facing caravan; worst: over 26), disbands a caravan that went over 26, and
    otherwise discards its first card rather than play a face card blindly."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        seat = observation.seat
        mine = range(3 * seat, 3 * seat + 3)
        caravans = observation.caravans

        def score(action: Action) -> float:
            if isinstance(action, Disband):
                return 40.0 if caravans[action.caravan].value > SALE_MAX else -100.0
            if isinstance(action, Discard):
                return -10.0
            pips = pip(action.card)
            if pips is None or action.caravan not in mine:
                return -20.0
            value = caravans[action.caravan].value + pips
            facing = caravans[(action.caravan + 3) % 6].value
            if value > SALE_MAX:
                return -50.0
            if value >= SALE_MIN:
                sells = not SALE_MIN <= facing <= SALE_MAX or value > facing
                return 30.0 + value if sells else 5.0
            return float(value)

        return max(legal, key=score)

    def __repr__(self) -> str:
        return "CaravanHeuristic()"


def heuristic(seed: int) -> CaravanHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return CaravanHeuristic(seed)
