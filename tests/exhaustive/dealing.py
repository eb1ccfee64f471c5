"""What the exhaustive checks share: every deal of a small deck, and the naive cycle
check that the engines' cycle detection (WAR-CYCLE, PEACE-CYCLE) is compared against."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from cardwar.cards import Card

#: One stock per seat, top card first.
Stocks = tuple[Sequence[Card], ...]


def all_deals(deck: tuple[Card, ...], players: int = 2) -> Iterator[Stocks]:
    """Yield every deal of ``deck``: each permutation, cut into ``players`` equal stocks.

    >>> from cardwar.cards import parse_cards
    >>> [tuple(map(len, d)) for d in all_deals(parse_cards("2S 3S 4S 5S"))][:2]
    [(2, 2), (2, 2)]
    >>> sum(1 for _ in all_deals(parse_cards("2S 3S 4S"), players=3))
    6
    """
    size = len(deck) // players
    for order in itertools.permutations(deck):
        yield tuple(order[i * size : (i + 1) * size] for i in range(players))


def brent_detection(mu: int, lam: int) -> int:
    """Return the battle at which Brent's method detects a cycle reached after ``mu``
    battles and ``lam`` battles long: 2**k - 1 + lam, 2**k the smallest power of two at
    least ``mu + 1`` and at least ``lam``.

    >>> brent_detection(0, 1), brent_detection(3, 2), brent_detection(0, 5)
    (1, 5, 12)
    """
    power = 1
    while power < mu + 1 or power < lam:
        power *= 2
    return power - 1 + lam


class CycleWatch:
    """The naive cycle check: every position of a game remembered by the battle it was
    first seen at. Once a position comes back, :attr:`detection` is the battle at which
    Brent's method must end the game (see :func:`brent_detection`)."""

    def __init__(self, first: Stocks) -> None:
        self._seen: dict[Stocks, int] = {first: 0}
        self.detection: int | None = None
        """The battle at which the game must end as a repeated position, once known."""

    def see(self, stocks: Stocks, battles: int) -> None:
        """Note the position after ``battles`` battles."""
        if self.detection is None:
            first = self._seen.setdefault(stocks, battles)
            if first != battles:
                self.detection = brent_detection(first, battles - first)


def assert_all_cards(cards: tuple[Card, ...], deck: frozenset[Card], where: str) -> None:
    """Check that ``cards`` are exactly the deck's (conservation). ``deck`` holds distinct
    cards, so a tuple of cards equals it as a multiset exactly when it has as many cards
    and the same set."""
    assert len(cards) == len(deck), where
    assert frozenset(cards) == deck, where
