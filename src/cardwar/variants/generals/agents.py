"""The agents of General's War: :class:`GeneralsHeuristic`, the game's simple heuristic
player, which :func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar``
command.
"""

from __future__ import annotations

from cardwar.variants.generals.rules import Action, Claim, Squad, card_value
from cardwar.variants.generals.view import Observation

__all__ = ["GeneralsHeuristic", "heuristic"]


class GeneralsHeuristic:
    """A simple player of General's War: it claims a general whenever it may, lays the
    squad with the highest sum (which keeps its Aces, counted 1, out of danger), and
    takes the first choice of opponent or partner."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return claims[0]
        squads = [a for a in legal if isinstance(a, Squad)]
        if squads:
            return max(squads, key=lambda a: sum(card_value(c) for c in a.cards))
        return legal[0]

    def __repr__(self) -> str:
        return "GeneralsHeuristic()"


def heuristic(seed: int) -> GeneralsHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return GeneralsHeuristic(seed)
