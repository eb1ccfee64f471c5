"""Print what the PettingZoo and Gymnasium environments cost relative to the library's own
id loop on the same games, per CPU-second (one run, interleaved rounds, best round of
each), for the claim "an environment costs at most twice the loop it wraps".

The loop is what a user of :mod:`cardwar.encoding` writes: at each step
``legal_action_mask(state, partial)``, ``observation_tensor(observe(state, seat))`` and
``step_index(state, partial, id)``, until ``outcome(state)`` is not ``None``. Each
workload replays the same ids, recorded beforehand from random masked games (untimed):

- ``aec``: ``cardwar.pettingzoo.raw_env``, ``last()`` then ``step(id)`` at every step;
- ``env``: ``cardwar.pettingzoo.env`` (in PettingZoo's order-enforcing wrapper), the
  documented loop over ``agent_iter()``, each finished agent stepping out with ``None``;
- ``parallel`` (the simultaneous games): ``parallel_env``, ``step`` of every seat's id;
  the parallel API hands every seat its observation and mask at each step, so its loop
  observes every seat once a round;
- ``gym``: ``cardwar.gymnasium.CardwarEnv`` in seat 0 against ``first`` agents, ``step``
  of the learner's ids; its loop lets :class:`~cardwar.agents.FirstAgent` choose for
  the other seats (``choose(observe(state, seat), legal_actions(state))`` and ``step``).

Each ratio is the environment's CPU time over its loop's; 2.00 or less meets the claim.
Run with ``.venv/bin/python benchmarks/env_ratio.py [--games N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any, cast

from cardwar import variant
from cardwar.agents import FirstAgent
from cardwar.core import Variant
from cardwar.encoding import step_index
from cardwar.gymnasium import CardwarEnv
from cardwar.pettingzoo import env, parallel_env, raw_env

GAMES = ("war", "peace", "arneson", "caravan", "cold-war", "generals")
LEARNER = 0


def record(game: Variant, seed: int, learner: int | None) -> list[int]:
    """Return the ids of a random masked game of ``seed`` (default options): every seat's
    when ``learner`` is ``None``, else the learner's only, the other seats choosing as
    :class:`FirstAgent` does."""
    rnd = random.Random(seed)
    first = FirstAgent()
    state, partial = game.new_game(seed), cast(tuple[int, ...], ())
    ids: list[int] = []
    while game.outcome(state) is None:
        seat = game.to_act(state)
        if learner is None or seat is None or seat == learner:
            mask = game.legal_action_mask(state, partial)
            index = rnd.choice([i for i, b in enumerate(mask) if b])
            ids.append(index)
            state, partial = step_index(game, state, partial, index)
        else:
            action = first.choose(game.observe(state, seat), game.legal_actions(state))
            state = game.step(state, action)
    return ids


def loop(game: Variant, seeds: range, ids: list[list[int]], every_seat: bool = False) -> None:
    """Play the recorded ids of every seat through the library's id loop."""
    opts = game.options()
    players = game.num_players(opts)
    mask_of, observe, tensor = game.legal_action_mask, game.observe, game.observation_tensor
    to_act, outcome = game.to_act, game.outcome
    for seed, played in zip(seeds, ids, strict=True):
        state, partial = game.new_game(seed, opts), cast(tuple[int, ...], ())
        k = 0
        while outcome(state) is None:
            seat = to_act(state)
            mask_of(state, partial)
            if every_seat:
                if seat is None or seat == 0:
                    for s in range(players):
                        tensor(observe(state, s))
            else:
                tensor(observe(state, k % players if seat is None else seat))
            state, partial = step_index(game, state, partial, played[k])
            k += 1


def learner_loop(game: Variant, seeds: range, ids: list[list[int]]) -> None:
    """Play the learner's recorded ids through the library's id loop, ``FirstAgent``
    choosing for the other seats."""
    opts = game.options()
    first = FirstAgent()
    mask_of, observe, tensor = game.legal_action_mask, game.observe, game.observation_tensor
    to_act, outcome, legal_actions, step = (game.to_act, game.outcome, game.legal_actions,
                                            game.step)
    for seed, played in zip(seeds, ids, strict=True):
        state, partial = game.new_game(seed, opts), cast(tuple[int, ...], ())
        k = 0
        while outcome(state) is None:
            seat = to_act(state)
            if seat is None or seat == LEARNER:
                mask_of(state, partial)
                tensor(observe(state, LEARNER))
                state, partial = step_index(game, state, partial, played[k])
                k += 1
            else:
                state = step(state, first.choose(observe(state, seat), legal_actions(state)))


def aec(name: str, seeds: range, ids: list[list[int]]) -> None:
    """Play the recorded ids through the PettingZoo AEC environment."""
    env = raw_env(name)
    for seed, played in zip(seeds, ids, strict=True):
        env.reset(seed=seed)
        for index in played:
            env.last()
            env.step(index)


def wrapped(name: str, seeds: range, ids: list[list[int]]) -> None:
    """Play the recorded ids through the wrapped AEC environment's ``agent_iter`` loop."""
    game = env(name)
    for seed, played in zip(seeds, ids, strict=True):
        game.reset(seed=seed)
        chosen = iter(played)
        for _ in game.agent_iter():
            _, _, terminated, truncated, _ = game.last()
            game.step(None if terminated or truncated else next(chosen))


def parallel(name: str, seeds: range, rounds: list[list[dict[str, int]]]) -> None:
    """Play the recorded rounds through the PettingZoo parallel environment."""
    env = parallel_env(name)
    for seed, played in zip(seeds, rounds, strict=True):
        env.reset(seed=seed)
        for actions in played:
            env.step(actions)


def gym(name: str, seeds: range, ids: list[list[int]]) -> None:
    """Play the learner's recorded ids through the Gymnasium environment."""
    env = CardwarEnv(name, seat=LEARNER, opponents="first")
    for seed, played in zip(seeds, ids, strict=True):
        env.reset(seed=seed)
        for index in played:
            env.step(index)


def as_rounds(game: Variant, seed: int, played: list[int]) -> list[dict[str, int]]:
    """Return the ids of a game grouped into the parallel environment's rounds."""
    players = game.num_players(game.options())
    agents = [f"seat_{s}" for s in range(players)]
    state, partial = game.new_game(seed), cast(tuple[int, ...], ())
    rounds: list[dict[str, int]] = []
    current: dict[str, int] = {}
    for index in played:
        seat = game.to_act(state)
        if seat is None:
            rounds.append(dict.fromkeys(agents, index))
        else:
            current[agents[seat]] = index
            if len(current) == players:
                rounds.append(current)
                current = {}
        state, partial = step_index(game, state, partial, index)
    return rounds


def workloads(name: str, seeds: range) -> dict[str, tuple[Callable[[], None],
                                                          Callable[[], None]]]:
    """Return each environment's (environment, loop) workloads over ``seeds``."""
    game = variant(name)
    every = [record(game, seed, None) for seed in seeds]
    mine = [record(game, seed, LEARNER) for seed in seeds]
    works: dict[str, tuple[Callable[[], None], Callable[[], None]]] = {
        "aec": (lambda: aec(name, seeds, every), lambda: loop(game, seeds, every)),
        "env": (lambda: wrapped(name, seeds, every), lambda: loop(game, seeds, every)),
        "gym": (lambda: gym(name, seeds, mine), lambda: learner_loop(game, seeds, mine)),
    }
    if game.SIMULTANEOUS:
        rounds = [as_rounds(game, s, p) for s, p in zip(seeds, every, strict=True)]
        works["parallel"] = (lambda: parallel(name, seeds, rounds),
                             lambda: loop(game, seeds, every, every_seat=True))
    return works


def best_times(pair: tuple[Callable[[], Any], Callable[[], Any]], rounds: int
               ) -> tuple[float, float]:
    """Return the best CPU time of each of ``pair``, run alternately ``rounds`` times."""
    best = [float("inf"), float("inf")]
    for r in range(rounds):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for i in order:
            start = time.process_time()
            pair[i]()
            best[i] = min(best[i], time.process_time() - start)
    return best[0], best[1]


def main(argv: list[str] | None = None) -> None:
    """Time every environment beside its loop and print the ratios."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per workload")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds of each")
    parser.add_argument("games_to_run", nargs="*", metavar="variant", default=list(GAMES))
    args = parser.parse_args(argv)
    seeds = range(args.games)
    print(f"environment CPU time / library id loop CPU time ({args.games} games each, best "
          f"of {args.rounds} interleaved rounds)")
    for name in args.games_to_run:
        cells = []
        for kind, pair in workloads(name, seeds).items():
            env_time, loop_time = best_times(pair, args.rounds)
            cells.append(f"{kind} {env_time / loop_time:.2f}")
        print(f"{name:9} " + "  ".join(cells))


if __name__ == "__main__":
    main()
