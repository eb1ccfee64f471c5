"""Every documented Gymnasium idiom, played with random masked choices over many seeds of
every variant, never plays an illegal id: the environments are made with
``illegal_action="raise"``, so an illegal id would raise rather than lose quietly; the
masks (``info["action_mask"]`` and ``action_masks()``) are the library's own for the
learner; writing into one changes nothing; ``reset(seed=...)`` replays a game; and
Gymnasium's ``SyncVectorEnv`` steps many games at once on the same terms."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from cardwar.gymnasium import CardwarEnv
from cardwar.variants import variant_names

SEEDS = range(12)


def _library_mask(env: CardwarEnv) -> np.ndarray[Any, Any]:
    """Return what the library says the learner may play now."""
    table = env.table
    found = table.game
    if found.outcome(table.state) is not None:
        return np.zeros(table.num_actions, dtype=np.int8)
    assert found.to_act(table.state) in (None, env.seat)
    return np.frombuffer(found.legal_action_mask(table.state, table.partial), dtype=np.int8)


def _play(env: CardwarEnv, seed: int) -> list[int]:
    """Play one random masked game; return the learner's ids."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ids: list[int] = []
    done = False
    while not done:
        mask = info["action_mask"]
        assert (mask == _library_mask(env)).all()
        assert (env.action_masks() == mask.astype(bool)).all()
        ids.append(int(rng.choice(np.flatnonzero(env.action_masks()))))
        mask[:] = 1 - mask  # writing into a mask handed out changes nothing
        assert (info["action_mask"] != _library_mask(env)).all()
        assert (env.action_masks() == _library_mask(env).astype(bool)).all()
        _, _, terminated, truncated, info = env.step(ids[-1])
        done = terminated or truncated
    assert not info["action_mask"].any()
    assert not env.action_masks().any()
    return ids


@pytest.mark.parametrize("name", variant_names())
def test_random_masked_play_is_legal_and_reproducible(name: str) -> None:
    for seat in (0, 1):
        env = CardwarEnv(name, seat=seat, opponents="random", illegal_action="raise")
        for seed in SEEDS:
            ids = _play(env, seed)
            state = env.table.state
            if seed < 3:
                assert _play(env, seed) == ids  # reset(seed=...) replays the game
                assert env.table.state == state


@pytest.mark.parametrize("name", variant_names())
def test_vector_stepping_plays_only_legal_ids(name: str) -> None:
    # SyncVectorEnv resets a finished game at the next step (its default autoreset),
    # which ignores that step's action: a finished game offers no legal id.
    games = 3
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: CardwarEnv(name, opponents="random", illegal_action="raise")] * games)
    _, infos = vector.reset(seed=list(range(games)))
    rng = np.random.default_rng(0)
    done = np.zeros(games, dtype=bool)
    finished = 0
    for _ in range(300):
        masks = np.stack(vector.call("action_masks"))
        assert (masks == infos["action_mask"].astype(bool)).all()
        actions = np.zeros(games, dtype=np.int64)
        for g in range(games):
            legal = np.flatnonzero(masks[g])
            assert len(legal) > 0 or done[g]
            if len(legal):
                actions[g] = rng.choice(legal)
        _, _, terminated, truncated, infos = vector.step(actions)
        done = terminated | truncated
        finished += int(done.sum())
    vector.close()
    assert finished > 0 or name in ("war", "peace")
