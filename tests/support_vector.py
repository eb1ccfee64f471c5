"""What the tests of the games' kernel vector environments share: stepping one side by
side with a ``SyncVectorEnv`` of the public ``CardwarEnv``, requiring the same results."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from cardwar import batch
from cardwar.gymnasium import CardwarEnv


def check_against_sync(vector_env: Any, game: str, count: int, steps: int, seat: int,
                       opponents: Any, seed: int, illegal_every: int = 0,
                       **options: Any) -> tuple[int, int]:
    """Step ``vector_env`` (a game's kernel vector environment, the class) and a
    ``SyncVectorEnv`` of ``CardwarEnv(game)`` side by side
    with the same random ids (an illegal id for sub-environment 0 every
    ``illegal_every`` steps, if not 0); require identical results at every step; return
    the games that ended, and those of them truncated."""
    mine = vector_env(count, seat, opponents, **options)
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: CardwarEnv(game, seat, opponents, **options) for _ in range(count)])
    observation, info = mine.reset(seed=seed)
    expected = theirs.reset(seed=seed)
    assert np.array_equal(observation, expected[0])
    assert np.array_equal(info["action_mask"], expected[1]["action_mask"])
    rng = np.random.default_rng(seed)
    ended = truncated = 0
    for t in range(steps):
        ids = batch.random_legal_ids(info["action_mask"], rng)
        ids[ids < 0] = 0  # a sub-environment about to deal its next game: ignored
        lose = illegal_every and t % illegal_every == illegal_every - 1
        if lose and info["action_mask"][0].any():
            ids[0] = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
        got, want = mine.step(ids), theirs.step(ids)
        for name, a, b in zip(("observation", "reward", "terminated", "truncated"), got[:4],
                              want[:4], strict=True):
            assert a.dtype == b.dtype, name
            assert np.array_equal(a, b), f"step {t}: {name}"
        assert got[4].keys() == want[4].keys()
        for key, value in got[4].items():
            assert np.array_equal(value, want[4][key]), f"step {t}: info[{key!r}]"
        # (what MaskablePPO asks for: the masks the environment judges the next ids by)
        assert np.array_equal(mine.action_masks(), want[4]["action_mask"] != 0), t
        info = got[4]
        ended += int((got[2] | got[3]).sum())
        truncated += int(got[3].sum())
    return ended, truncated
