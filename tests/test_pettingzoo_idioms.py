"""Every documented PettingZoo idiom, played with random masked choices over many seeds of
every variant, never plays an illegal id: each mask handed out is the library's own
legal-action mask of the seat to act (none for the others), writing into a mask changes
nothing, ``reset(seed=...)`` replays a game, and the parallel environments (also turned
back into AEC ones by PettingZoo's ``parallel_to_aec``) play only what their masks
offer."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

from cardwar.core import IllegalActionError
from cardwar.encoding import step_index
from cardwar.pettingzoo import env, parallel_env, raw_env
from cardwar.variants import variant_names

SEEDS = range(12)
SIMULTANEOUS = [name for name in variant_names() if name in ("war", "peace", "arneson")]


def _library_mask(game: Any, seat: int) -> np.ndarray[Any, Any]:
    """Return what the library says ``seat`` may play now (none unless it is to act)."""
    table = game.unwrapped.table
    found = table.game
    if found.outcome(table.state) is not None or seat != table.to_act():
        return np.zeros(table.num_actions, dtype=np.int8)
    return np.frombuffer(found.legal_action_mask(table.state, table.partial), dtype=np.int8)


def _play_aec(game: Any, seed: int) -> list[int]:
    """Play one random masked game through the AEC loop of the docs; return the ids."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ids: list[int] = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        seat = game.possible_agents.index(agent)
        for other in game.possible_agents:  # every seat's mask is the library's
            s = game.possible_agents.index(other)
            assert (game.observe(other)["action_mask"] == _library_mask(game, s)).all()
        mask = observation["action_mask"]
        assert (mask == _library_mask(game, seat)).all()
        ids.append(int(rng.choice(np.flatnonzero(mask))))
        game.step(ids[-1])
    return ids


@pytest.mark.parametrize("name", variant_names())
def test_random_masked_aec_play_is_legal_and_reproducible(name: str) -> None:
    game = env(name)
    for seed in SEEDS:
        ids = _play_aec(game, seed)
        table = game.unwrapped.table
        # The same ids through the library's own id loop (which refuses an illegal id)
        # play the same game.
        state = table.game.new_game(seed, table.options)
        partial: tuple[int, ...] = ()
        for i in ids:
            state, partial = step_index(table.game, state, partial, i)
        assert state == table.state
        if seed < 3:
            assert _play_aec(game, seed) == ids  # reset(seed=...) replays it
            assert table.state == state


@pytest.mark.parametrize("name", variant_names())
def test_writing_into_a_mask_changes_nothing(name: str) -> None:
    game = raw_env(name)
    game.reset(seed=4)
    observation, *_ = game.last()
    mask, tensor = observation["action_mask"], observation["observation"]
    original, seen = mask.copy(), tensor.copy()
    illegal = np.flatnonzero(mask == 0)
    mask[:] = 1 - mask
    tensor[:] = 0.5
    again = game.observe(game.agent_selection)
    assert (again["action_mask"] == original).all()
    assert (again["observation"] == seen).all()
    if len(illegal):
        before = game.unwrapped.table.state
        with pytest.raises(IllegalActionError):
            game.step(int(illegal[0]))
        assert game.unwrapped.table.state is before


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_random_masked_parallel_play_is_legal(name: str) -> None:
    par = parallel_env(name)
    for seed in SEEDS:
        observations, _ = par.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while par.agents:
            actions = {}
            for agent in par.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                # In a game that plays itself only the seat in turn is offered the one
                # action; every agent still sends an id.
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
                observations[agent]["action_mask"][:] = 1  # changes nothing
            observations, *_ = par.step(actions)
            steps += 1
        assert par.table.game.outcome(par.table.state) is not None
        assert steps > 0


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_parallel_to_aec_plays_legal_games(name: str) -> None:
    game = parallel_to_aec(parallel_env(name))
    for seed in range(4):
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(rng.choice(legal)) if len(legal) else 0)
        table = game.unwrapped.table
        assert table.game.outcome(table.state) is not None


def test_aec_to_parallel_is_refused() -> None:
    # A seat's mask is known only when it is to act, so the AEC environments say they
    # cannot be made parallel; parallel_env is the parallel form.
    game = raw_env("arneson")
    assert game.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(game)
