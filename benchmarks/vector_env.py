"""Print how many environment steps per CPU-second a game's vector environment on its
compiled kernel (the variant's ``VECTOR_ENV``: ``cardwar.caravan.vector.CaravanVectorEnv``
and the others) takes (one step: the learner's id in every sub-environment, the
opponents' answers in the compiled kernel, the observations, masks, rewards and
automatic resets), against a ``gymnasium.vector.SyncVectorEnv`` of
``cardwar.gymnasium.CardwarEnv``, which plays the same games, as a ratio measured in one run.

Run it from the repository root (the ``fast`` and ``gymnasium`` extras)::

    .venv/bin/python benchmarks/vector_env.py                      # Caravan, 256 environments
    .venv/bin/python benchmarks/vector_env.py --envs 1024 --opponents random
    .venv/bin/python benchmarks/vector_env.py --game arneson

The learner draws a uniform legal id per sub-environment (``batch.random_legal_ids``),
inside the timed loop: the end-to-end figure counts the loop's whole time
(``time.process_time``), the draw included; the environment's own figure counts the time
of ``envs.step`` alone (the draw is the policy's cost, not the environment's). The rounds
alternate the two environments; the best of each figure is kept.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

import gymnasium
import numpy as np

from cardwar import batch
from cardwar.gymnasium import CardwarEnv
from cardwar.variants import variant


def time_env(envs: Any, steps: int, seed: int) -> tuple[float, float]:
    """Return the environment steps per CPU-second of ``steps`` steps of ``envs``: end to
    end (the reset and the draws of the ids included), and of ``envs.step`` alone."""
    rng = np.random.default_rng(seed)
    clock = time.process_time
    stepping = 0.0
    start = clock()
    _, info = envs.reset(seed=seed)
    for _ in range(steps):
        ids = np.maximum(batch.random_legal_ids(info["action_mask"], rng), 0)
        before = clock()
        _, _, _, _, info = envs.step(ids)
        stepping += clock() - before
    total = steps * envs.num_envs
    return float(total / (clock() - start)), float(total / stepping)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=256, help="sub-environments")
    parser.add_argument("--steps", type=int, default=200, help="steps per round")
    parser.add_argument("--sync-envs", type=int, default=8, help="SyncVectorEnv's")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (best kept)")
    parser.add_argument("--opponents", default="heuristic",
                        help="random, heuristic or heuristic:P")
    parser.add_argument("--game", default="caravan", help="a variant with VECTOR_ENV")
    args = parser.parse_args()
    game = variant(args.game)
    module, _, name = getattr(game, "VECTOR_ENV", "").partition(":")
    vector_env = getattr(importlib.import_module(module), name)
    fast = vector_env(args.envs, opponents=args.opponents)
    slow = gymnasium.vector.SyncVectorEnv(
        [lambda: CardwarEnv(game.NAME, opponents=args.opponents)
         for _ in range(args.sync_envs)])
    time_env(fast, 5, 0)  # compiled (or loaded from numba's cache) first
    best_fast, best_slow = [0.0, 0.0], [0.0, 0.0]
    for r in range(args.rounds):
        best_fast = [max(a, b) for a, b in zip(best_fast, time_env(fast, args.steps, r + 1),
                                               strict=True)]
        best_slow = [max(a, b) for a, b in zip(best_slow,
                                               time_env(slow, args.steps // 4, r + 1),
                                               strict=True)]
    print(f"{game.TITLE} against the {args.opponents} player, environment steps per "
          f"CPU-second (best of {args.rounds} rounds):")
    rows = [(f"{name} ({args.envs} environments)", *(f"{v:,.0f}" for v in best_fast)),
            (f"SyncVectorEnv of CardwarEnv ({args.sync_envs})",
             *(f"{v:,.0f}" for v in best_slow)),
            ("ratio", *(f"{a / b:.1f}" for a, b in zip(best_fast, best_slow, strict=True)))]
    width = max(len(row[0]) for row in rows) + 1
    print(f"  {'':{width}} {'end to end':>12} {'envs.step alone':>16}")
    for label, whole, alone in rows:
        print(f"  {label + ':':{width}} {whole:>12} {alone:>16}")
    print("  (end to end: the learner's draw of legal ids and the resets included)")

if __name__ == "__main__":
    main()
