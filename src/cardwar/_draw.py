"""The compiled helpers of :class:`cardwar.batch.Games`: the draw of
:func:`cardwar.batch.random_legal_ids` (one legal column per row of a mask) and the
legality check of its ids. Private; they run as plain Python without numba (slowly)."""

from __future__ import annotations

import numpy as np

from cardwar._kernels import I64, U8, U64, _jit, borrowed

#: The columns counted at once while looking for the drawn one.
BLOCK = 64


@_jit
def draw_legal(mask: U8, words: U64, ids: I64) -> None:
    """Write in ``ids[g]`` the column of the ``words[g] % count``-th nonzero entry of row
    ``g`` of ``mask``, ``count`` being the row's nonzero entries, or -1 for a row without
    any. One pass counts each block of :data:`BLOCK` columns (a loop of a fixed length
    over a slice, which the compiler vectorises whole: a loop over a range of
    computed bounds measured three times slower) and keeps the counts; the drawn column
    is then found among the blocks' counts and within its block."""
    mask, words, ids = borrowed(mask), borrowed(words), borrowed(ids)
    width = mask.shape[1]
    full = width // BLOCK
    counts = np.empty(full + 1, np.int64)
    for g in range(mask.shape[0]):
        row = mask[g]
        count = 0
        for b in range(full):
            block = row[b * BLOCK:(b + 1) * BLOCK]
            inside = 0
            for i in range(BLOCK):
                inside += np.int64(block[i] != 0)
            counts[b] = inside
            count += inside
        inside = 0
        for i in range(full * BLOCK, width):  # the last columns, short of a block
            inside += np.int64(row[i] != 0)
        counts[full] = inside
        count += inside
        if count == 0:
            ids[g] = -1
            continue
        left = int(words[g] % np.uint64(count))
        b = 0
        while left >= counts[b]:
            left -= counts[b]
            b += 1
        i = b * BLOCK
        while True:
            if row[i]:
                if left == 0:
                    break
                left -= 1
            i += 1
        ids[g] = i


@_jit
def first_illegal(mask: U8, out: I64, ids: I64) -> int:
    """Return the first running game ``g`` (``out[g, 1] == 0``) whose id ``ids[g]`` is
    not a legal one of its row of ``mask``, or -1."""
    mask, out, ids = borrowed(mask), borrowed(out), borrowed(ids)
    width = mask.shape[1]
    for g in range(ids.shape[0]):
        a = ids[g]
        if out[g, 1] == 0 and (a < 0 or a >= width or mask[g, a] == 0):
            return g
    return -1
