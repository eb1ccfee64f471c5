"""Self-play on PettingZoo with numpy alone: one linear softmax policy plays both seats of
Arneson's War and learns by REINFORCE, the illegal ids masked out.

    pip install 'cardwar[pettingzoo]'
    python examples/selfplay_numpy.py --budget 60     # CPU-seconds of self-play
    python examples/selfplay_numpy.py --smoke         # two games, for the tests

Both seats share the weights (the observation is seat-relative, so one policy can play
either seat). Each choice is pushed towards its discounted return: the changes of the
seat's share of the cards after it (``cardwar.rewards``' ``cards`` shape, read from the
seat's own observation) and the game's result (+1, -1) at the end.
It prints the win rate of the policy against cardwar's random and heuristic agents,
before and after, over ``--games`` seeded games as seat 0.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardwar import agents, arneson
from cardwar.pettingzoo import env as make_env
from cardwar.rewards import progress

EVAL_SEED = 1_000_000


def policy(weights: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Return the softmax over the legal ids (probability 0 for the others); the last
    column of ``weights`` is a bias per id."""
    logits = weights[:, :-1] @ obs + weights[:, -1]
    logits = np.where(mask.astype(bool), logits, -np.inf)
    p = np.exp(logits - logits.max())
    return p / p.sum()


def self_play(weights: np.ndarray, seed: int, rng: np.random.Generator, lr: float,
              gamma: float) -> None:
    """Play one game of the policy against itself and update ``weights`` in place."""
    game = make_env("arneson")
    game.reset(seed=seed)
    # Per seat: the score (grad of log pi) of each choice, and the seat's share of the
    # cards when it made it (cardwar.rewards' "cards" shape, read from its observation).
    scores: dict[str, list[np.ndarray]] = {a: [] for a in game.possible_agents}
    shares: dict[str, list[float]] = {a: [] for a in game.possible_agents}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            # Each choice's reward: the change in the seat's share until its next choice,
            # the result for the last one (the share's changes add up to nothing at the
            # end, as potential-based shaping's do); then discounted returns, which
            # credit a choice mostly with the battles just after it.
            steps = np.diff([*shares[agent], 0.0]) + np.eye(len(shares[agent]))[-1] * reward
            returns = np.zeros(len(steps))
            running = 0.0
            for t in range(len(steps) - 1, -1, -1):
                running = steps[t] + gamma * running
                returns[t] = running
            for score, g in zip(scores[agent], returns, strict=True):
                weights += lr * g * score  # REINFORCE
            game.step(None)
            continue
        seat = game.possible_agents.index(agent)
        seen = arneson.observe(game.unwrapped.table.state, seat)
        shares[agent].append(progress("arneson", "cards", seen))
        obs, mask = observation["observation"], observation["action_mask"]
        p = policy(weights, obs, mask)
        action = int(rng.choice(len(p), p=p))
        # The score of a linear softmax policy: (one_hot(action) - p) outer (obs, 1).
        onehot = np.zeros_like(p)
        onehot[action] = 1.0
        scores[agent].append(np.outer(onehot - p, np.append(obs, 1.0)))
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
    parser.add_argument("--gamma", type=float, default=0.9, help="discount per choice")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="two games, four to evaluate")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    game = make_env("arneson")
    n_obs = game.observation_space("seat_0")["observation"].shape[0]
    n_ids = game.action_space("seat_0").n
    weights = np.zeros((n_ids, n_obs + 1))  # all zeros: the uniform random policy
    games = 4 if args.smoke else args.games
    before = {o: win_rate(weights, o, games) for o in ("random", "heuristic")}
    start, played = time.process_time(), 0
    while (played < 2) if args.smoke else (time.process_time() - start < args.budget):
        self_play(weights, seed=args.seed * 10**6 + played, rng=rng, lr=args.lr, gamma=args.gamma)
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
