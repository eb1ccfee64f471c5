"""The compiled helpers of :class:`cardwar.batch.Games`: the draw of
:func:`cardwar.batch.random_legal_ids` (one legal column per row of a mask) and the
legality check of its ids. Private; they run as plain Python without numba (slowly)."""

from __future__ import annotations

import numpy as np

from cardwar._kernels import I64, U8, U64, _jit, borrowed

#: The columns summed at once while looking for the drawn one.
BLOCK = 64


@_jit
def draw_legal(mask: U8, words: U64, ids: I64) -> None:
    """Write in ``ids[g]`` the column of the ``words[g] % count``-th nonzero entry of row
    ``g`` of ``mask`` (0 and 1 only), ``count`` being the row's nonzero entries, or -1 for
    a row without any. Blocks of :data:`BLOCK` columns are counted whole (a loop the
    compiler vectorises) until the one holding the drawn column."""
    mask, words, ids = borrowed(mask), borrowed(words), borrowed(ids)
    width = mask.shape[1]
    for g in range(mask.shape[0]):
        row = mask[g]
        count = 0
        for i in range(width):
            count += np.int64(row[i] != 0)
        if count == 0:
            ids[g] = -1
            continue
        left = int(words[g] % np.uint64(count))
        start = 0
        while True:
            end = min(start + BLOCK, width)
            block = 0
            for i in range(start, end):
                block += np.int64(row[i] != 0)
            if left < block:
                break
            left -= block
            start = end
        i = start
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
