"""The agents of Arneson's War: :class:`ArnesonHeuristic`, the game's simple heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command.
"""

from __future__ import annotations

from cardwar.cards import Card, Rank
from cardwar.variants.arneson.rules import Choose
from cardwar.variants.arneson.view import Observation

__all__ = ["ArnesonHeuristic", "heuristic"]


def _strength(card: Card) -> int:
    return int(card.rank) if card.rank is not Rank.JOKER else 15


class ArnesonHeuristic:
    """A simple player of Arneson's War: it plays an Ace when it holds one (no card can
    beat it), and otherwise gives up its lowest card (the cheapest loss, which keeps the
    strong cards for later); in a war, where the table is large, it plays its highest
    card. It keeps no memory and never draws at random.

    >>> from cardwar import arneson
    >>> hand = [arneson.Choose(arneson.parse_action(c).card) for c in ("3C", "KD", "9S")]
    >>> obs = arneson.observe(arneson.new_game(1), 0)
    >>> str(ArnesonHeuristic().choose(obs, tuple(hand)))
    '3C'
    """

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Observation, legal: tuple[Choose, ...]) -> Choose:
        """Return the action for ``observation`` described in the class docstring."""
        ordered = sorted(legal, key=lambda a: _strength(a.card))
        best = ordered[-1]
        if observation.rounds or best.card.rank is Rank.ACE:
            return best
        return ordered[0]

    def __repr__(self) -> str:
        return "ArnesonHeuristic()"


def heuristic(seed: int) -> ArnesonHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return ArnesonHeuristic(seed)
