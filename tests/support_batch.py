"""The step loop that the batch kernels' tests compare the kernels with, written as the
plain public loop, independently of ``cardwar.batch``: ``new_game``, then
``legal_actions`` and each seat's agent (seeded ``derive_seed(seed, seat + 1)``, as
``cardwar simulate`` seeds it) choosing, then ``step``; and the kernel's rows of the same
games through ``batch.play``; and ``batch.Games`` stepped beside the public API."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardwar import agents, batch, derive_seed, variant
from cardwar.core import Termination

Row = tuple[int, int, int, Termination | None, tuple[int, ...]]


def reference_rows(name: str, options: Any, seeds: Iterable[int],
                   max_steps: int | None = None,
                   kinds: tuple[str, ...] = ("random", "random")) -> list[Row]:
    """Return ``(seed, steps, winner, termination, scores)`` per seed from the step loop
    of the variant ``name`` between agents of ``kinds``, one per seat (two random agents
    by default); scores are zeros for a game without them, or one ``max_steps`` cut."""
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
        zeros = (0,) * game.num_players(state)
        if result is None:
            rows.append((seed, steps, -1, None, zeros))
        else:
            winner = result.winners[0] if len(result.winners) == 1 else -1
            scores = tuple(result.scores) if result.scores is not None else zeros
            rows.append((seed, steps, winner, result.termination, scores))
    return rows


def kernel_rows(name: str, options: Any, seeds: Iterable[int], max_steps: int | None = None,
                chunk_size: int | None = None,
                kinds: tuple[str, ...] = ("random", "random")) -> list[Row]:
    """Return the same rows from ``batch.play``'s compiled kernel."""
    chunks = list(batch.play(name, options, seeds=list(seeds), engine="numba",
                             max_steps=max_steps, chunk_size=chunk_size, agents=kinds))
    assert {chunk.engine for chunk in chunks} == {"numba"}
    return [row for chunk in chunks for row in chunk.rows()]


def check_games_against_step(name: str, options: Any, seeds: list[int], rounds: int,
                             choose_seed: int = 0,
                             next_seat: Callable[[Any], int] = lambda state: 0) -> int:
    """Step ``batch.Games`` of the variant ``name`` and the public API side by side with
    the same random legal ids; require, at every step and for every game, the same
    observation tensor, mask, rewards, seat to move, done flag, steps and outcome. A
    finished game's observation is of ``next_seat(state)``, the seat that would have
    moved next. Return the games that ended."""
    import random

    import numpy as np

    from cardwar.encoding import step_index

    game = variant(name)
    games = batch.Games(name, seeds, options)
    states = [game.new_game(seed, options) for seed in seeds]
    # The ids picked so far towards an action of several ids (General's War's squads).
    partials: list[tuple[int, ...]] = [()] * len(seeds)
    picking = game.partial_size(options) > 0
    steps = [0] * len(seeds)
    rnd = random.Random(choose_seed)
    for _ in range(rounds):
        ids = np.zeros(len(seeds), dtype=np.int64)
        for g, state in enumerate(states):
            seat = game.to_act(state)
            observer = next_seat(state) if seat is None else seat
            tensor = game.observation_tensor(game.observe(state, observer))
            if picking:  # Games shows the seat to move what it has picked so far
                tensor.extend(game.partial_tensor(options, partials[g]))
            want = np.frombuffer(tensor)
            assert np.array_equal(games.observation[g], want), f"game {g}"
            mask = np.frombuffer(game.legal_action_mask(state, partials[g]), dtype=np.uint8)
            assert np.array_equal(games.legal_action_mask[g], mask), f"game {g}"
            assert games.to_move[g] == (-1 if seat is None else seat)
            assert bool(games.done[g]) == (game.outcome(state) is not None)
            assert games.outcome(g) == game.outcome(state)
            assert games.turns[g] == steps[g]
            legal = np.flatnonzero(mask)
            ids[g] = rnd.choice(legal.tolist()) if legal.size else -7  # ignored once over
        before = [game.outcome(state) for state in states]
        games.step(ids)
        for g, state in enumerate(states):
            want_rewards: tuple[float, ...] = (0.0,) * game.num_players(state)
            if before[g] is None:
                states[g], partials[g] = step_index(game, state, partials[g], int(ids[g]))
                steps[g] += 1
                if game.outcome(states[g]) is not None:
                    want_rewards = tuple(game.returns(states[g]))
            assert tuple(games.rewards[g].tolist()) == want_rewards
    return sum(game.outcome(state) is not None for state in states)


def run_as_python(monkeypatch: Any, kernel: Any) -> list[str]:
    """Put the Python source (``py_func``) of every compiled function of the kernel module
    ``kernel``, of the kernels' shared toolkit and of the War family's kernel (whose
    helpers the others import, and which call one another through their own module's
    globals) in their place, for the test's duration; return the names replaced in
    ``kernel``. coverage.py cannot trace compiled code: so the tests run the very source
    numba compiles, line by line, as Python. (A Python function calling a compiled one
    would hand it a Python int where the compiled code expects uint64, hence the shared
    modules too.)"""
    from cardwar import _kernels
    from cardwar.variants._battle import _batch_numba as war_kernel

    replaced = []
    for module in (kernel, _kernels, war_kernel):
        for name, value in list(vars(module).items()):
            if hasattr(value, "py_func"):
                monkeypatch.setattr(module, name, value.py_func)
                if module is kernel:
                    replaced.append(name)
    return replaced
