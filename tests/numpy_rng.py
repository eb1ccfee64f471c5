"""The stream of :mod:`cardwar.rng` re-implemented over numpy ``uint64`` arrays.

This is a test-only helper (numpy is a test dependency) and an independent second
implementation of the stream's contract, written from the formulas of the
:mod:`cardwar.rng` docstring, not from its code:

* ``key = mix(seed + GAMMA)``;
* draw ``i`` (made when ``counter == i``) is ``mix(key + (i + 1) * GAMMA)``: SplitMix64's
  sequence started from the state ``key``;
* ``below(n)`` maps a draw ``x`` to ``(x * n) >> 64``, here computed without 128-bit
  integers by splitting ``x`` into 32-bit halves (exact for ``n < 2**32``);
* ``shuffle`` is Fisher-Yates from the last position down, one ``below(i + 1)`` draw per
  position ``i = len - 1 .. 1``;
* ``derive_seed(master, index) = mix(mix(master + DERIVE) + (index + 1) * GAMMA)``.

All arithmetic is modulo 2**64: uint64 wraparound is intended, so every function runs
under ``np.errstate(over="ignore")``. A later vectorised engine reuses these formulas.

>>> [hex(int(k)) for k in keys([0, 1])]
['0xe220a8397b1dcdaf', '0x910a2dec89025cc1']
>>> below(draws(keys([2026]), [0]), 6).tolist()
[2]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "DERIVE",
    "GAMMA",
    "M1",
    "M2",
    "U64",
    "as_u64",
    "below",
    "derive_seeds",
    "draws",
    "keys",
    "mix64",
    "shuffle_positions",
]

#: An array of 64-bit words.
U64 = NDArray[np.uint64]

#: SplitMix64's increment.
GAMMA = np.uint64(0x9E3779B97F4A7C15)
#: The two multipliers of SplitMix64's finaliser (Stafford's Mix13).
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
#: derive_seed's domain separator.
DERIVE = np.uint64(0xD1B54A32D192ED03)

_ONE = np.uint64(1)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)


def as_u64(values: Sequence[int] | U64 | int) -> U64:
    """Return ``values`` (ints in ``[0, 2**64 - 1]``) as a uint64 array (at least 1-d)."""
    if isinstance(values, np.ndarray):
        return np.atleast_1d(values.astype(np.uint64, copy=False))
    if isinstance(values, int):
        values = [values]
    return np.array([int(v) for v in values], dtype=np.uint64)


def mix64(z: U64) -> U64:
    """Return SplitMix64's finaliser applied elementwise to ``z``."""
    with np.errstate(over="ignore"):
        z = (z ^ (z >> _S30)) * M1
        z = (z ^ (z >> _S27)) * M2
        out: U64 = z ^ (z >> _S31)
        return out


def keys(seeds: Sequence[int] | U64) -> U64:
    """Return the stream key of each seed: the first SplitMix64 output of the seed."""
    with np.errstate(over="ignore"):
        return mix64(as_u64(seeds) + GAMMA)


def draws(key: Sequence[int] | U64, counter: Sequence[int] | U64 | int) -> U64:
    """Return draw ``counter`` of the stream of ``key``, elementwise (broadcasting)."""
    k = as_u64(key)
    c = as_u64(counter)
    with np.errstate(over="ignore"):
        return mix64(k + (c + _ONE) * GAMMA)


def below(words: U64, n: int | Sequence[int] | U64) -> U64:
    """Return ``(words * n) >> 64`` elementwise for bounds ``1 <= n < 2**32``.

    With ``x = x_hi * 2**32 + x_lo``: ``(x * n) >> 64 == (x_hi * n + ((x_lo * n) >> 32)) >> 32``,
    and neither product nor the sum exceeds 64 bits when ``n < 2**32``.
    """
    bound = as_u64(n)
    if bound.size and (int(bound.min()) < 1 or int(bound.max()) >= 1 << 32):
        raise ValueError("bounds must be in [1, 2**32 - 1]")
    with np.errstate(over="ignore"):
        hi = words >> _S32
        lo = words & _LOW32
        out: U64 = (hi * bound + ((lo * bound) >> _S32)) >> _S32
        return out


def derive_seeds(master: int | Sequence[int] | U64, index: Sequence[int] | U64 | int) -> U64:
    """Return ``derive_seed(master, index)`` elementwise (broadcasting)."""
    m = as_u64(master)
    i = as_u64(index)
    with np.errstate(over="ignore"):
        return mix64(mix64(m + DERIVE) + (i + _ONE) * GAMMA)


def shuffle_positions(
    key: Sequence[int] | U64, counter: Sequence[int] | U64 | int, length: int
) -> tuple[NDArray[np.intp], U64]:
    """Return one Fisher-Yates shuffle of ``range(length)`` per stream, and the counters after.

    Row ``r`` of the first result is the order of stream ``r``: shuffling ``items`` with
    ``Rng(key[r], counter[r])`` gives ``[items[p] for p in perm[r]]``. Each shuffle draws
    ``length - 1`` words (none for fewer than two items).
    """
    k = as_u64(key)
    c = np.broadcast_to(as_u64(counter), k.shape).copy()
    perm = np.broadcast_to(np.arange(length, dtype=np.intp), (k.size, length)).copy()
    rows = np.arange(k.size, dtype=np.intp)
    with np.errstate(over="ignore"):
        for i in range(length - 1, 0, -1):
            j = below(draws(k, c), i + 1).astype(np.intp)
            c = c + _ONE
            picked = perm[rows, j]
            perm[rows, j] = perm[:, i]
            perm[:, i] = picked
    return perm, c
