"""The seeded, pure, counter-based random number generator that lives inside every state.

A generator is the value ``Rng(key, counter)``. Every draw is a pure function of that
pair, and drawing returns a new generator with the counter advanced, so a game is a pure
function of ``(seed, options, actions)`` and a record needs nothing else.

The stream is defined with 64-bit unsigned arithmetic only (SplitMix64's finaliser,
Stafford's "Mix13"), so it is the same on every platform and Python version, and the same
formulas run over numpy ``uint64`` arrays to compute many games at once:

* ``key = mix(seed + GAMMA)`` (the first output of SplitMix64 seeded with ``seed``);
* draw ``i`` (made when ``counter == i``) is ``mix(key + (i + 1) * GAMMA)``: the stream is
  SplitMix64's sequence started from the state ``key``. Two seeds' streams could only
  overlap if their keys differed by a small multiple of ``GAMMA``; for ``m`` games of ``n``
  draws each the chance is about ``m**2 * n / 2**64``, negligible at any practical scale;
* ``below(n)`` maps one 64-bit draw ``x`` to ``(x * n) >> 64`` (Lemire's multiply-shift
  without the rejection step). There is no rejection loop, so every draw consumes exactly
  one counter value; the price is a bias: no outcome's probability differs from ``1/n``
  by more than ``1/2**64``, i.e. a relative bias of at most ``n / 2**64``, which is below
  ``2**-50`` for every accepted ``n`` (at most ``MAX_BOUND == 2**14``).

>>> rng = Rng.from_seed(2026)
>>> value, rng = rng.below(6)
>>> value, rng.counter
(2, 1)
>>> shuffled, rng = rng.shuffle(("a", "b", "c", "d"))
>>> shuffled
('b', 'c', 'd', 'a')
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import attrs

from cardwar.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    check_int,
    wrong_type,
)

__all__ = [
    "GAMMA",
    "MASK64",
    "MAX_BOUND",
    "MAX_SEED",
    "ChanceRng",
    "Draws",
    "NeedChance",
    "Rng",
    "SeedError",
    "advanced",
    "check_seed",
    "choose_index",
    "derive_seed",
    "game_seed",
    "mix64",
]

T = TypeVar("T")

#: All arithmetic is modulo 2**64.
MASK64 = (1 << 64) - 1
#: SplitMix64's increment, the odd integer closest to 2**64 / golden ratio.
GAMMA = 0x9E3779B97F4A7C15
#: The largest accepted seed; seeds are integers in ``[0, MAX_SEED]``.
MAX_SEED = MASK64
#: The largest ``n`` accepted by :meth:`Rng.below`; it keeps the bias below 2**-50.
MAX_BOUND = 1 << 14

_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
# Domain separator for derive_seed, so that derived seeds are not draws of any game.
_DERIVE = 0xD1B54A32D192ED03


class SeedError(CardwarError, ValueError):
    """Raised for a seed (or batch index, or an :class:`Rng`'s key) that is not an int in
    ``[0, 2**64 - 1]``, or for an :class:`Rng` counter that is not an int ``>= 0``."""


def mix64(z: int) -> int:
    """Return SplitMix64's finaliser of ``z``, a bijection of 64-bit words: ``z`` is an
    int in ``[0, 2**64 - 1]`` (anything else raises :class:`~cardwar.errors.ArgumentError`,
    or :class:`~cardwar.errors.ArgumentTypeError` for a non-int).

    >>> hex(mix64(0)), hex(mix64(1))
    ('0x0', '0x5692161d100b05e5')
    """
    if type(z) is not int or not 0 <= z <= MASK64:
        check_int(z, "mix64", 0, MASK64, "in [0, 2**64 - 1]")
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def _mix64(z: int) -> int:
    """Return :func:`mix64` of ``z`` without checking it: the generator's own draws, whose
    words are in range by construction."""
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def check_seed(seed: object, name: str = "seed") -> int:
    """Return ``seed`` if it is an int in ``[0, 2**64 - 1]``; raise :class:`SeedError` if not.

    ``bool`` is refused although it is an ``int`` subclass: ``True`` as a seed is a bug.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    cardwar.rng.SeedError: seed must be an int in [0, 2**64 - 1], got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        kind = type(seed).__name__
        raise SeedError(f"{name} must be an int in [0, 2**64 - 1], got {kind} {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise SeedError(f"{name} must be an int in [0, 2**64 - 1], got {seed}")
    return seed


def derive_seed(master: int, index: int) -> int:
    """Return the seed of game ``index`` of a batch whose master seed is ``master``.

    Derived seeds are 64-bit words that look independent for different ``index`` values
    and different masters; the mapping is pinned by test vectors.

    >>> derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    check_seed(master, "master seed")
    check_seed(index, "index")
    return _mix64((_mix64((master + _DERIVE) & MASK64) + (index + 1) * GAMMA) & MASK64)


@attrs.frozen(slots=True)
class Rng:
    """A counter-based generator: the pair ``(key, counter)``, immutable and hashable.

    Draws return the value and a new :class:`Rng`; the receiver is never changed.
    """

    key: int
    """The 64-bit stream key, derived from the seed."""
    counter: int = 0
    """How many 64-bit words have been drawn from the stream so far."""

    def __attrs_post_init__(self) -> None:
        # The stream is defined on 64-bit words: a key outside [0, 2**64 - 1], a negative
        # counter or a non-int (bool included) would give a stream that no 64-bit
        # implementation reproduces. The type tests are the fast path (every draw builds
        # an Rng).
        key, counter = self.key, self.counter
        if not (type(key) is int and 0 <= key <= MASK64):
            check_seed(key, "key")
        if not (type(counter) is int and counter >= 0) and (
            isinstance(counter, bool) or not isinstance(counter, int) or counter < 0
        ):
            raise SeedError(f"counter must be an int >= 0, got {counter!r}")

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Return the generator of ``seed`` at counter 0, validating the seed."""
        check_seed(seed)
        return cls(_mix64((seed + GAMMA) & MASK64), 0)

    def bits(self) -> tuple[int, Rng]:
        """Return the next 64-bit word and the advanced generator."""
        c = self.counter
        word = _mix64((self.key + (c + 1) * GAMMA) & MASK64)
        return word, Rng(self.key, c + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """Return an int uniform in ``[0, n)`` (bias below 2**-50) and the advanced generator."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_BOUND:
            cls = ArgumentError if type(n) is int else ArgumentTypeError
            raise cls(f"bound must be an int in [1, {MAX_BOUND}], got {n!r}")
        word, nxt = self.bits()
        return (word * n) >> 64, nxt

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return ``items`` in a uniformly random order and the advanced generator.

        Fisher-Yates from the last position down: for ``i = len - 1 .. 1`` draw
        ``j = below(i + 1)`` and swap positions ``i`` and ``j``. It draws exactly
        ``len(items) - 1`` words (none for fewer than two items).
        """
        out = list(items)
        if len(out) > MAX_BOUND:
            raise ValueError(f"can shuffle at most {MAX_BOUND} items, got {len(out)}")
        key = self.key
        c = self.counter
        for i in range(len(out) - 1, 0, -1):
            c += 1
            j = (_mix64((key + c * GAMMA) & MASK64) * (i + 1)) >> 64
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(key, c)


# --- explicit chance ---------------------------------------------------------------------
# In the explicit-chance mode (cardwar.chance), a game's generator is a ChanceRng: every
# draw below(n) takes the next outcome of a script instead of a 64-bit word, and a draw
# beyond the script raises NeedChance(n), so that the caller can offer the n outcomes as a
# chance node. The engines draw the same below(n) calls in the same order in both modes.


class NeedChance(Exception):
    """Raised by a draw of a :class:`ChanceRng` beyond its script: the next chance event
    has ``bound`` equally likely outcomes, ``0`` to ``bound - 1``."""

    def __init__(self, bound: int) -> None:
        super().__init__(f"a chance event with {bound} outcomes")
        self.bound = bound
        """How many outcomes the event has."""


@attrs.frozen(slots=True)
class Draws:
    """The outcomes chosen so far for the chance events of a step, in order."""

    values: tuple[int, ...] = ()
    """Each event's outcome, an int in ``[0, bound)``."""

    def draw(self, counter: int, n: int) -> int:
        """Return the outcome of the event numbered ``counter``, of ``n`` outcomes; raise
        :class:`NeedChance` when the script has none yet."""
        if counter < len(self.values):
            return self.values[counter]
        raise NeedChance(n)

    def shuffle_in_place(self, cards: list[Any], counter: int) -> int:
        """Shuffle ``cards`` in place as :meth:`Rng.shuffle` does, each swap an event;
        return the advanced counter."""
        for i in range(len(cards) - 1, 0, -1):
            j = self.draw(counter, i + 1)
            counter += 1
            cards[i], cards[j] = cards[j], cards[i]
        return counter


@attrs.frozen(slots=True)
class ChanceRng:
    """The generator of the explicit-chance mode: the script of outcomes (``key``) and
    how many of them the game has used (``counter``), with the methods of :class:`Rng`."""

    key: Draws
    """The outcomes chosen so far."""
    counter: int = 0
    """How many of them have been used."""

    def below(self, n: int) -> tuple[int, ChanceRng]:
        """Return the next outcome, of ``n``, and the advanced generator."""
        return self.key.draw(self.counter, n), ChanceRng(self.key, self.counter + 1)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], ChanceRng]:
        """Return ``items`` in the order the next outcomes give, as :meth:`Rng.shuffle`."""
        out = list(items)
        counter = self.key.shuffle_in_place(out, self.counter)
        return tuple(out), ChanceRng(self.key, counter)


def choose_index(rng: Rng, n: int) -> tuple[int, Rng]:
    """Return an index in ``[0, n)`` for any ``n >= 1`` and the advanced generator: a
    draw :meth:`Rng.below` up to ``MAX_BOUND``, beyond it one 64-bit word scaled by
    ``n`` (bias below ``n / 2**64``), as the agents choose among their legal actions.

    >>> choose_index(Rng.from_seed(1), 3)[0], choose_index(Rng.from_seed(1), 10**6)[0] < 10**6
    (1, True)
    """
    # Python's own errors of bad arguments are caught here, at no cost to good ones.
    try:
        if n <= MAX_BOUND:
            return rng.below(n)
        word, rng = rng.bits()
        return (word * n) >> 64, rng
    except (TypeError, AttributeError, ValueError):
        if type(rng) is not Rng:
            raise wrong_type("choose_index", "a cardwar.rng.Rng", rng) from None
        check_int(n, "choose_index", 1)
        raise  # pragma: no cover - a good generator and bound raise nothing above


def _advanced_error(rng: object, key: object, counter: object) -> CardwarError:
    if type(rng) is not Rng and type(rng) is not ChanceRng:
        return wrong_type("advanced", "a cardwar.rng.Rng or ChanceRng", rng)
    if type(key) is not Draws:
        return wrong_type("advanced", "the Draws of a ChanceRng as its key", key)
    check_int(counter, "advanced's counter", 0)
    return ArgumentError(f"advanced cannot advance {rng!r}")  # pragma: no cover - not reached


#: The generator classes :func:`advanced` moves.
_GENERATORS: tuple[type, ...] = (Rng, ChanceRng)


def advanced(rng: Rng, key: int, counter: int) -> Rng:
    """Return the generator ``rng`` advanced to ``counter`` (``key`` is its own): itself
    if it has not moved, else a generator of the same kind."""
    if type(rng) not in _GENERATORS:
        # Checked first: an object with a counter of its own is no generator either.
        raise _advanced_error(rng, key, counter)
    if counter == rng.counter:
        return rng
    if type(rng) is Rng:
        return Rng(key, counter)
    return cast(Rng, _chance_advanced(rng, key, counter))


def _chance_advanced(rng: object, key: object, counter: object) -> ChanceRng:
    if type(rng) is ChanceRng and type(key) is Draws and type(counter) is int and counter >= 0:
        return ChanceRng(key, counter)
    raise _advanced_error(rng, key, counter)


#: The seeds that are a game's own (``game_seed``): the unsigned 64-bit ints.
_GAME_SEEDS = 2**64


def game_seed(seed: object) -> int:
    """Return the cardwar seed of a seed a Gymnasium user may pass: an int from 0 to
    2**64 - 1 is the game's own seed (``reset(seed=7)`` plays the game of
    ``cardwar play NAME --seed 7``); any other int (negative, or of any size, a numpy
    integer included) is hashed to one (BLAKE2b of its decimal digits). Raise
    :class:`~cardwar.errors.ArgumentTypeError` (a ``TypeError``) for anything else.

    >>> game_seed(7), game_seed(2**64) == game_seed(2**64), game_seed(-1) != game_seed(1)
    (7, True, True)
    """
    if isinstance(seed, bool):
        raise wrong_type("reset", "a seed that is an int or None", seed)
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise wrong_type("reset", "a seed that is an int or None", seed) from None
    if 0 <= value < _GAME_SEEDS:
        return value
    digest = hashlib.blake2b(str(value).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
