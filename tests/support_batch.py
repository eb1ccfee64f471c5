"""The step loop that the batch kernels' tests compare the kernels with, written as the
plain public loop, independently of ``cardwar.batch``: ``new_game``, then
``legal_actions`` and each seat's agent (seeded ``derive_seed(seed, seat + 1)``, as
``cardwar simulate`` seeds it) choosing, then ``step``; and the kernel's rows of the same
games through ``batch.play``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardwar import agents, batch, derive_seed, variant
from cardwar.core import Termination

Row = tuple[int, int, int, Termination | None, tuple[int, ...]]


def reference_rows(name: str, options: Any, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    """Return ``(seed, steps, winner, termination, scores)`` per seed from the step loop
    of the two-player variant ``name`` between two agents of ``kinds`` (random agents by
    default); scores are zeros for a game without them."""
    game = variant(name)
    rows: list[Row] = []
    for seed in seeds:
        seats = [agents.agent(kind, name, derive_seed(seed, s + 1))
                 for s, kind in enumerate(kinds)]
        state = game.new_game(seed, options)
        steps = 0
        while game.outcome(state) is None and (max_steps is None or steps < max_steps):
            seat = game.to_act(state)
            assert seat is not None
            action = seats[seat].choose(game.observe(state, seat), game.legal_actions(state))
            state = game.step(state, action)
            steps += 1
        result = game.outcome(state)
        if result is None:
            rows.append((seed, steps, -1, None, (0, 0)))
        else:
            winner = result.winners[0] if len(result.winners) == 1 else -1
            scores = tuple(result.scores) if result.scores is not None else (0, 0)
            rows.append((seed, steps, winner, result.termination, scores))
    return rows


def kernel_rows(name: str, options: Any, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, str] = ("random", "random")) -> list[Row]:
    """Return the same rows from ``batch.play``'s compiled kernel."""
    chunks = list(batch.play(name, options, seeds=list(seeds), engine="numba",
                             max_steps=max_steps, chunk_size=chunk_size, agents=kinds))
    assert {chunk.engine for chunk in chunks} == {"numba"}
    return [row for chunk in chunks for row in chunk.rows()]
