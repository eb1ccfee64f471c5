"""Masked REINFORCE in plain PyTorch, CleanRL style, on a cardwar Gymnasium environment.

    pip install 'cardwar[rl]'
    python examples/torch_reinforce.py --budget 120
    python examples/torch_reinforce.py --smoke           # two updates, for the tests

A small MLP gives logits over every id; the illegal ones are set to -inf before the
softmax (``logits.masked_fill(~mask, -inf)``), so they are never drawn and get no
gradient. Each update plays ``--batch`` games, and pushes every choice towards its
reward-to-go minus the batch mean. It prints the win rate against the training opponent
before and after, over ``--games`` seeded games, the policy sampling its choices.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
import torch
from torch import nn

import cardwar.gymnasium  # noqa: F401  (registers cardwar/<variant>-v0)

EVAL_SEED = 1_000_000


def act(net: nn.Module, obs: np.ndarray, mask: np.ndarray) -> tuple[int, torch.Tensor]:
    """Draw a legal id; return it with its log-probability."""
    logits = net(torch.as_tensor(obs))
    logits = logits.masked_fill(~torch.as_tensor(mask, dtype=torch.bool), -torch.inf)
    dist = torch.distributions.Categorical(logits=logits)
    action = dist.sample()
    return int(action), dist.log_prob(action)


def play(env: gymnasium.Env, net: nn.Module, seed: int) -> tuple[list[torch.Tensor],
                                                                   list[float]]:
    """Play one game; return the log-probabilities of the learner's choices and its
    rewards."""
    obs, info = env.reset(seed=seed)
    logps, rewards, done = [], [], False
    while not done:
        action, logp = act(net, obs, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        logps.append(logp)
        rewards.append(float(reward))
        done = terminated or truncated
    return logps, rewards


def win_rate(env: gymnasium.Env, net: nn.Module, games: int) -> float:
    """Return the win rate (a draw counts half) over seeded games: the sum of a game's
    rewards is its result, shaped or not."""
    torch.manual_seed(EVAL_SEED)
    with torch.no_grad():
        results = [sum(play(env, net, EVAL_SEED + i)[1]) for i in range(games)]
    return (float(np.mean(results)) + 1) / 2


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="caravan")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--shaping", default="positions")
    parser.add_argument("--budget", type=float, default=120.0, help="training CPU-seconds")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="two updates of two games")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    env = gymnasium.make(f"cardwar/{args.game}-v0", opponents=args.opponents,
                         shaping=args.shaping or None)
    n_obs, n_ids = env.observation_space.shape[0], env.action_space.n
    net = nn.Sequential(nn.Linear(n_obs, 128), nn.ReLU(), nn.Linear(128, n_ids))
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    games, batch = (4, 2) if args.smoke else (args.games, args.batch)
    before = win_rate(env, net, games)
    start, updates, seed = time.process_time(), 0, args.seed * 10**6
    while (updates < 2) if args.smoke else (time.process_time() - start < args.budget):
        logps, returns = [], []
        for _ in range(batch):
            game_logps, rewards = play(env, net, seed)
            seed += 1
            logps += game_logps
            returns += list(np.cumsum(rewards[::-1])[::-1])  # reward-to-go
        advantage = torch.tensor(returns) - float(np.mean(returns))
        loss = -(torch.stack(logps) * advantage).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        updates += 1
    seconds = time.process_time() - start
    after = win_rate(env, net, games)
    print(f"{args.game} against {args.opponents} (shaping {args.shaping}): {updates} updates "
          f"({updates * batch} games) in {seconds:.1f} CPU-s; win rate {before:.3f} before, "
          f"{after:.3f} after ({games} games, a draw counts half)")
    return {"updates": updates, "cpu_seconds": seconds, "before": before, "after": after}


if __name__ == "__main__":
    main()
