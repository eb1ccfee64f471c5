"""The agents of Cold War: :class:`ColdWarHeuristic`, the game's simple heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command.
"""

from __future__ import annotations

from cardwar.variants.cold_war.rules import Play
from cardwar.variants.cold_war.view import Observation

__all__ = ["ColdWarHeuristic", "heuristic"]


class ColdWarHeuristic:
    """A simple player of Cold War: when others have played in the round, it plays its
    lowest card that beats the best card on the table (a Joker last, declared just high
    enough), or, if none can, its lowest card; when it plays first, its highest card."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Observation, legal: tuple[Play, ...]) -> Play:
        """Return the action for ``observation`` described in the class docstring."""

        def strength(action: Play) -> tuple[bool, int]:
            rank = action.declared if action.declared is not None else action.card.rank
            return action.card.is_joker, int(rank)

        plain = [a for a in legal if not a.card.is_joker] or list(legal)
        if not observation.plays:
            return max(plain, key=lambda a: strength(a)[1])
        best = max(int(p.rank) for p in observation.plays)
        beating = [a for a in legal if strength(a)[1] > best]
        if beating:
            return min(beating, key=strength)
        return min(plain, key=lambda a: strength(a)[1])

    def __repr__(self) -> str:
        return "ColdWarHeuristic()"


def heuristic(seed: int) -> ColdWarHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return ColdWarHeuristic(seed)
