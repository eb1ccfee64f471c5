"""Train sb3-contrib's MaskablePPO on a cardwar variant within a CPU budget, and print its
win rates against the random and the heuristic agent before and after.

    pip install 'cardwar[rl]'
    python examples/maskable_ppo.py arneson --budget 120
    python examples/maskable_ppo.py caravan --shaping positions --opponents random --budget 120
    python examples/maskable_ppo.py arneson --smoke      # a few hundred steps, for the tests

The learner plays seat 0 of ``--envs`` games at once: a Gymnasium vector environment of
``cardwar/<game>-v0`` made by ``gymnasium.make_vec``, handed to Stable-Baselines3 by
``cardwar.vector.sb3``. ``--vector kernel`` (the default where the game has one and numba
is installed: Arneson's War, Caravan, Cold War, General's War) is the game's vector
environment on its compiled kernel, the opponents moving inside it; ``--vector sync`` a
``SyncVectorEnv`` of ``CardwarEnv`` (each game dealt anew in the step that ends the
last, Gymnasium's same-step automatic reset). The budget counts the CPU time of training alone
(``time.process_time``, every thread of the process); evaluation plays ``--games``
games against each opponent, seeds 1,000,000 onwards (never a training seed), the
policy choosing deterministically among the legal ids. ``--curve FILE`` writes the
training curve as JSON: the CPU seconds and the mean result of the last 200 training
games, sampled every 2,048 steps.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import deque
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium.vector import AutoresetMode
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecMonitor

import cardwar.gymnasium  # noqa: F401  (registers cardwar/<variant>-v0)
from cardwar.vector import sb3

EVAL_SEED = 1_000_000


def win_rate(model: MaskablePPO, game: str, opponent: str, games: int) -> float:
    """Return the learner's mean result (+1 win, -1 loss, 0 draw) mapped to a win rate
    counting a draw as half: (mean + 1) / 2, over ``games`` seeded games."""
    env = gymnasium.make(f"cardwar/{game}-v0", opponents=opponent)
    total = 0.0
    for i in range(games):
        observation, _ = env.reset(seed=EVAL_SEED + i)
        done, reward = False, 0.0
        while not done:
            # A single made environment: the mask comes from the environment itself.
            action, _ = model.predict(observation, deterministic=True,
                                      action_masks=env.unwrapped.action_masks())
            observation, r, terminated, truncated, _ = env.step(action)
            reward += float(r)
            done = terminated or truncated
        total += reward
    env.close()
    return (total / games + 1) / 2


class Budget(BaseCallback):
    """Stops training once the process has spent ``seconds`` of CPU time in it, and
    keeps a curve of the mean result of the last training games."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.process_time()
        self.results: deque[float] = deque(maxlen=200)
        self.curve: list[tuple[float, int, float]] = []
        self.mark = 2048

    def used(self) -> float:
        return time.process_time() - self.start

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            if "episode" in info:  # VecMonitor: the return of a whole game
                self.results.append(float(info["episode"]["r"]))
        if self.num_timesteps >= self.mark:
            self.mark += 2048
            if self.results:
                self.curve.append((round(self.used(), 1), self.num_timesteps,
                                   round(float(np.mean(self.results)), 3)))
        return self.used() < self.seconds


def has_kernel(game: str) -> bool:
    """Return whether ``game`` has a vector environment on its compiled kernel here."""
    import importlib.util

    from cardwar.variants import variant

    return (getattr(variant(game), "VECTOR_ENV", None) is not None
            and importlib.util.find_spec("numba") is not None)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="arneson")
    parser.add_argument("--budget", type=float, default=120.0, help="training CPU-seconds")
    parser.add_argument("--opponents", default="heuristic", help="the training opponent")
    parser.add_argument("--shaping", default=None, help="a shaped reward (cardwar.rewards)")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=8, help="games played at once")
    parser.add_argument("--vector", choices=("auto", "kernel", "sync"), default="auto",
                        help="the game's kernel vector environment or a SyncVectorEnv")
    parser.add_argument("--curve", default=None, help="write the training curve here (JSON)")
    parser.add_argument("--smoke", action="store_true",
                        help="train for 256 steps and evaluate on 4 games (for the tests)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # one core: CPU time and wall time stay comparable

    kernel = args.vector == "kernel" or (args.vector == "auto" and has_kernel(args.game))
    if kernel:
        envs = gymnasium.make_vec(f"cardwar/{args.game}-v0", num_envs=args.envs,
                                  vectorization_mode="vector_entry_point",
                                  opponents=args.opponents, shaping=args.shaping)
    else:
        envs = gymnasium.make_vec(f"cardwar/{args.game}-v0", num_envs=args.envs,
                                  vectorization_mode="sync",
                                  vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP},
                                  opponents=args.opponents, shaping=args.shaping)
    # sb3 hands the vector environment to Stable-Baselines3, masks included (MaskablePPO
    # asks it for action_masks): no ActionMasker wrapper is needed.
    venv = VecMonitor(sb3(envs))
    # 2,048 steps between updates, spread over the games played at once.
    model = MaskablePPO("MlpPolicy", venv, n_steps=(256 if args.smoke else 2048) // args.envs,
                        batch_size=64, seed=args.seed, verbose=0)
    games = 4 if args.smoke else args.games
    before = {o: win_rate(model, args.game, o, games) for o in ("random", "heuristic")}
    budget = Budget(args.budget)
    model.learn(total_timesteps=256 if args.smoke else 10**9, callback=budget)
    trained = {"cpu_seconds": round(budget.used(), 1), "steps": model.num_timesteps}
    after = {o: win_rate(model, args.game, o, games) for o in ("random", "heuristic")}
    venv.close()
    report = {"game": args.game, "opponents": args.opponents, "shaping": args.shaping,
              "envs": args.envs, "vector": "kernel" if kernel else "sync", "games": games,
              **trained, "before": before, "after": after,
              "curve": budget.curve}
    print(f"{args.game}: trained against {args.opponents} (shaping {args.shaping}) for "
          f"{trained['steps']} steps of {args.envs} games at once "
          f"({'kernel' if kernel else 'sync'} vector environment) in "
          f"{trained['cpu_seconds']} CPU-s")
    for o in ("random", "heuristic"):
        print(f"  win rate against {o:9}: {before[o]:.3f} before, {after[o]:.3f} after "
              f"({games} games, a draw counts half)")
    if args.curve:
        with open(args.curve, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
    return report


if __name__ == "__main__":
    main()
