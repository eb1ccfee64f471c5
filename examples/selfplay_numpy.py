"""Self-play on PettingZoo with numpy alone: one linear softmax policy plays both seats of
Arneson's War and learns by REINFORCE, the illegal ids masked out.

    pip install 'cardwar[pettingzoo]'
    python examples/selfplay_numpy.py --budget 60     # CPU-seconds of self-play
    python examples/selfplay_numpy.py --smoke         # two games, for the tests

Both seats share the weights (the observation is seat-relative, so one policy can play
either seat); every choice a seat made in a game is pushed towards its result (+1, -1).
It prints the win rate of the policy against cardwar's random and heuristic agents,
before and after, over ``--games`` seeded games as seat 0.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardwar import agents, arneson
from cardwar.pettingzoo import env as make_env

EVAL_SEED = 1_000_000


def policy(weights: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Return the softmax over the legal ids (probability 0 for the others)."""
    logits = weights @ obs
    logits = np.where(mask.astype(bool), logits, -np.inf)
    p = np.exp(logits - logits.max())
    return p / p.sum()


def self_play(weights: np.ndarray, seed: int, rng: np.random.Generator, lr: float) -> None:
    """Play one game of the policy against itself and update ``weights`` in place."""
    game = make_env("arneson")
    game.reset(seed=seed)
    grads: dict[str, np.ndarray] = {a: np.zeros_like(weights) for a in game.possible_agents}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            weights += lr * reward * grads[agent]  # REINFORCE: the result times the score
            game.step(None)
            continue
        obs, mask = observation["observation"], observation["action_mask"]
        p = policy(weights, obs, mask)
        action = int(rng.choice(len(p), p=p))
        # grad of log softmax for a linear policy: (one_hot(action) - p) outer obs
        onehot = np.zeros_like(p)
        onehot[action] = 1.0
        grads[agent] += np.outer(onehot - p, obs)
        game.step(action)


def win_rate(weights: np.ndarray, opponent: str, games: int) -> float:
    """Return seat 0's win rate (a draw counts half) against ``opponent``, the policy
    sampling its choices from a seeded generator."""
    total, rng = 0.0, np.random.default_rng(EVAL_SEED)
    for i in range(games):
        game = make_env("arneson")
        game.reset(seed=EVAL_SEED + i)
        other = agents.agent(opponent, "arneson", EVAL_SEED + i)
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                total += reward if agent == "seat_0" else 0.0
                game.step(None)
            elif agent == "seat_0":
                p = policy(weights, observation["observation"], observation["action_mask"])
                game.step(int(rng.choice(len(p), p=p)))
            else:
                state = game.unwrapped.table.state
                move = other.choose(arneson.observe(state, 1), arneson.legal_actions(state))
                game.step(arneson.action_to_index(state.options, move))
    return (total / games + 1) / 2


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=60.0, help="self-play CPU-seconds")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="two games, four to evaluate")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    game = make_env("arneson")
    n_obs = game.observation_space("seat_0")["observation"].shape[0]
    n_ids = game.action_space("seat_0").n
    weights = np.zeros((n_ids, n_obs))  # all zeros: the uniform random policy
    games = 4 if args.smoke else args.games
    before = {o: win_rate(weights, o, games) for o in ("random", "heuristic")}
    start, played = time.process_time(), 0
    while (played < 2) if args.smoke else (time.process_time() - start < args.budget):
        self_play(weights, seed=args.seed * 10**6 + played, rng=rng, lr=args.lr)
        played += 1
    seconds = time.process_time() - start
    after = {o: win_rate(weights, o, games) for o in ("random", "heuristic")}
    print(f"self-play: {played} games in {seconds:.1f} CPU-s")
    for o in ("random", "heuristic"):
        print(f"  win rate against {o:9}: {before[o]:.3f} before, {after[o]:.3f} after "
              f"({games} games, a draw counts half)")
    return {"games": played, "cpu_seconds": seconds,
            **{f"before_{o}": before[o] for o in before}, **{f"after_{o}": after[o] for o in after}}


if __name__ == "__main__":
    main()
