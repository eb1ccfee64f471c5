"""An immutable pile of cards that is cheap to take from the top of and to add to the
bottom of: the stocks and win piles of large War-family games.

A War stock changes at both ends every battle (cards leave the top, the table goes
under the bottom). As a tuple, each battle copies the whole stock, which costs nothing
with one deck and dominates with hundreds (a stock of 8,000 cards copied twice a battle).
A :class:`Pile` shares its cards between the states of a game instead: it keeps the cards
it was built from, an offset past those taken, and a short tail of cards added since,
which it folds into a new base once the tail is longer than about the square root of the
pile. A battle then costs time of the order of that square root, however large the pile.

A pile is a :class:`~collections.abc.Sequence` of cards, top first, and behaves as the
tuple of its cards: it is equal to that tuple (and to any pile of the same cards), hashes
as it, slices into tuples, and is encoded as it by :func:`cardwar.records.digest`.

>>> from cardwar.cards import parse_cards
>>> pile = Pile.of(parse_cards("2S 3S 4S"))
>>> after = pile.advanced(1, parse_cards("5S 6S"))
>>> after == parse_cards("3S 4S 5S 6S"), len(after), after[0], after[-1]
(True, 4, Card.parse('3S'), Card.parse('6S'))
>>> pile == parse_cards("2S 3S 4S")  # unchanged
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from cardwar._immutable import Immutable
from cardwar.cards import Card
from cardwar.errors import check_int, is_text, wrong_type

__all__ = ["PILE_FROM", "Pile", "advanced", "piled"]


class Pile(Immutable, Sequence[Card]):
    """An immutable sequence of cards, top first, with :meth:`advanced` (take cards from
    the top and add cards to the bottom) in time that does not grow with the pile's
    length but with its square root. Build one with :meth:`of`."""

    __slots__ = ("_base", "_start", "_tail")

    _base: tuple[Card, ...]
    _start: int
    _tail: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        _set_base(self, tuple(cards))
        _set_start(self, 0)
        _set_tail(self, ())

    @staticmethod
    def of(cards: Iterable[Card]) -> Pile:
        """Return a pile of ``cards``, top first."""
        return _make(tuple(cards), 0, ())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Pile is immutable; cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Pile is immutable; cannot delete {name}")

    def advanced(self, taken: int, cards: Sequence[Card] = ()) -> Pile:
        """Return the pile without its top ``taken`` cards and with ``cards`` added under
        its bottom, in that order: ``(tuple(self) + tuple(cards))[taken:]``. ``taken`` may
        reach into ``cards``; this pile is unchanged."""
        base = self._base
        start = self._start + taken
        tail = self._tail
        cards = cards if type(cards) is tuple else tuple(cards)
        left = len(base) - start
        if left <= 0:
            # The base is used up: what is left of the tail, then the cards, is the base.
            rest = tail + cards
            return _make(rest, -left, ()) if -left < len(rest) else EMPTY
        if cards:
            tail += cards
            if len(tail) * len(tail) > left + left:
                # Fold the tail into a new base once it holds more than about the square
                # root of twice the rest: the copies then cost O(sqrt(n)) per battle.
                return _make(base[start:] + tail, 0, ())
        return _make(base, start, tail)

    def _cards(self) -> tuple[Card, ...]:
        start = self._start
        base = self._base if start == 0 else self._base[start:]
        return base + self._tail if self._tail else base

    def __len__(self) -> int:
        return len(self._base) - self._start + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        base = self._base
        start = self._start
        head = len(base) - start
        if type(index) is int:
            if 0 <= index < head:
                return base[start + index]
            if index < 0:
                index += head + len(self._tail)
                if 0 <= index < head:
                    return base[start + index]
            if index < head:
                raise IndexError("pile index out of range")
            try:
                return self._tail[index - head]
            except IndexError:
                raise IndexError("pile index out of range") from None
        if isinstance(index, slice):
            lo, hi, step = index.indices(head + len(self._tail))
            if step != 1:
                return self._cards()[index]
            if hi <= lo:
                return ()
            if hi <= head:
                return base[start + lo:start + hi]
            if lo >= head:
                return self._tail[lo - head:hi - head]
            return base[start + lo:] + self._tail[:hi - head]
        return self[operator.index(index)]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards())

    def __reversed__(self) -> Iterator[Card]:
        return reversed(self._cards())

    def __contains__(self, card: object) -> bool:
        return card in self._cards()

    def index(self, card: Any, start: int = 0, stop: int | None = None) -> int:
        """Return the position of the first ``card``, as a tuple's ``index`` does."""
        return self._cards().index(card, start, len(self) if stop is None else stop)

    def count(self, card: Any) -> int:
        """Return how many times ``card`` is in the pile."""
        return self._cards().count(card)

    def __eq__(self, other: object) -> bool:
        if type(other) is Pile:
            if other is self:
                return True
        elif type(other) is not tuple:
            return NotImplemented
        n = len(self)
        if n != len(other):
            return False
        # Cards are interned: the first cards differ in most unequal piles of one length.
        if n and self[0] is not other[0]:
            return False
        return self._cards() == (other._cards() if type(other) is Pile else other)

    def __hash__(self) -> int:
        return hash(self._cards())

    def __add__(self, other: object) -> tuple[Card, ...]:
        if type(other) is Pile or type(other) is tuple:
            return self._cards() + tuple(other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[Card, ...]:
        if type(other) is tuple:
            return other + self._cards()
        return NotImplemented

    def __repr__(self) -> str:
        return f"Pile.of({self._cards()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pile.of, (self._cards(),))


_set_base = Pile.__dict__["_base"].__set__
_set_start = Pile.__dict__["_start"].__set__
_set_tail = Pile.__dict__["_tail"].__set__
_new = object.__new__


def _make(base: tuple[Card, ...], start: int, tail: tuple[Card, ...]) -> Pile:
    pile: Pile = _new(Pile)
    _set_base(pile, base)
    _set_start(pile, start)
    _set_tail(pile, tail)
    return pile


EMPTY = _make((), 0, ())


def advanced(pile: Sequence[Card], taken: int, cards: tuple[Card, ...] = ()) -> Sequence[Card]:
    """Return ``pile`` without its top ``taken`` cards and with ``cards`` under it, of
    the same kind: a :class:`Pile` for a pile, else a tuple (``taken`` may reach into
    ``cards``).

    >>> from cardwar.cards import parse_cards
    >>> advanced(parse_cards("2S 3S"), 3, parse_cards("4S 5S"))
    (Card.parse('5S'),)
    """
    if type(taken) is not int or taken < 0 or type(cards) is not tuple:
        cards = _checked(taken, cards)
    if type(pile) is Pile:
        return pile.advanced(taken, cards)
    if type(pile) is not tuple:
        pile = _cards_of(pile, "advanced's pile")
    n = len(pile)
    if taken > n:
        return cards[taken - n:]
    rest = pile[taken:]
    return rest + cards if cards else rest


def _cards_of(cards: object, where: str) -> tuple[Card, ...]:
    """Return ``cards`` as a tuple if it is a sequence of cards (a list, a pile); raise
    :class:`~cardwar.errors.ArgumentTypeError` otherwise."""
    if isinstance(cards, Sequence) and not is_text(cards):
        out = tuple(cards)
        if all(type(c) is Card for c in out):
            return out
    raise wrong_type(where, "a sequence of cards", cards)


def _checked(taken: object, cards: object) -> tuple[Card, ...]:
    """Check :func:`advanced`'s ``taken`` and ``cards``; return the cards as a tuple."""
    check_int(taken, "advanced's taken", 0)
    return cards if type(cards) is tuple else _cards_of(cards, "advanced's cards")


#: Games whose deck has more cards than this keep their stocks and win piles as piles
#: (:func:`piled`); smaller games keep tuples, which are faster to copy whole than a pile
#: is to advance (measured: about equal near stocks of 100 cards).
PILE_FROM = 256


def piled(piles: Sequence[Sequence[Card]], deck_size: int) -> tuple[Sequence[Card], ...]:
    """Return ``piles`` as the stocks of a game whose deck has ``deck_size`` cards:
    :class:`Pile` values beyond :data:`PILE_FROM` cards, else tuples."""
    check_int(deck_size, "piled's deck_size", 0)
    if is_text(piles) or not isinstance(piles, Iterable):
        raise wrong_type("piled", "a sequence of piles", piles)
    out = tuple(p if type(p) is tuple else _cards_of(p, "piled's piles") for p in piles)
    if deck_size > PILE_FROM:
        return tuple(Pile.of(p) for p in out)
    return out
