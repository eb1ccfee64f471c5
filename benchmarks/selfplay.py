"""Print how fast the variants with decisions are played through the public API: random
self-play, ``legal_actions`` and ``step`` timed apart, per move and per CPU-second.

Run it from the repository root::

    .venv/bin/python benchmarks/selfplay.py                    # every variant with decisions
    .venv/bin/python benchmarks/selfplay.py caravan --games 40 --rounds 9

Each round plays the same seeded games (a ``random.Random(seed)`` choosing among the legal
actions), first recording the positions and the moves, then timing, over those same
positions, ``legal_actions`` alone and ``step`` alone, with ``time.process_time`` (CPU
time: other load on a shared machine does not count). The best round of each is kept.

With ``--naive`` it also times, in the same run and alternating round by round, whole
random self-play loops of Caravan: cardwar's (``legal_actions``, ``random.choice``,
``step``) and the naive mutable loop of :mod:`naive_caravan` (a list per caravan, the same
rules), and prints both rates in moves per CPU-second and their ratio::

    .venv/bin/python benchmarks/selfplay.py caravan --naive --games 200 --rounds 7

With ``--batch`` (the ``fast`` extra) it also times, in the same run and alternating round
by round, whole random self-play games of Caravan (``--batch-variant arneson``,
``generals`` or ``cold-war``: of that variant, default options) played by the batch
engine's compiled kernel (:func:`cardwar.batch.play`,
``--batch-games`` games, the same players as ``cardwar simulate``) and by the public step
loop (``--games`` games, the random agents of ``cardwar simulate``), and prints both in
moves per CPU-second and their ratio; then the kernel's rate in moves per second of wall
time with one thread per core::

    .venv/bin/python benchmarks/selfplay.py caravan --batch --games 100 --rounds 5
    .venv/bin/python benchmarks/selfplay.py arneson --batch --batch-variant arneson
    .venv/bin/python benchmarks/selfplay.py generals --batch --batch-variant generals
    .venv/bin/python benchmarks/selfplay.py cold-war --batch --batch-variant cold-war

``--batch-agents heuristic,random`` times those players instead, one per seat (the
kernels have the heuristic too).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

from cardwar import variant

DECISION_GAMES = ("arneson", "caravan", "cold-war", "generals")


def positions(game: Any, games: int) -> list[tuple[Any, Any]]:
    """Return the (position, move played) pairs of ``games`` random self-play games."""
    out = []
    for seed in range(games):
        rnd = random.Random(seed)
        state = game.new_game(seed)
        while game.outcome(state) is None:
            action = rnd.choice(game.legal_actions(state))
            out.append((state, action))
            state = game.step(state, action)
    return out


def measure(name: str, games: int, rounds: int) -> dict[str, float]:
    """Return the best CPU seconds per move of ``legal_actions`` and ``step``."""
    game = variant(name)
    pairs = positions(game, games)
    legal_actions, step = game.legal_actions, game.step
    best_legal = best_step = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for state, _ in pairs:
            legal_actions(state)
        best_legal = min(best_legal, time.process_time() - start)
        start = time.process_time()
        for state, action in pairs:
            step(state, action)
        best_step = min(best_step, time.process_time() - start)
    return {"moves": len(pairs), "legal": best_legal / len(pairs),
            "step": best_step / len(pairs)}


def cardwar_loop(seeds: range) -> int:
    """Play random self-play of Caravan through the public API; return the moves."""
    game = variant("caravan")
    legal_actions, step, outcome, new_game = (
        game.legal_actions, game.step, game.outcome, game.new_game)
    moves = 0
    for seed in seeds:
        choice = random.Random(seed).choice
        state = new_game(seed)
        while outcome(state) is None:
            state = step(state, choice(legal_actions(state)))
            moves += 1
    return moves


def naive_ratio(games: int, rounds: int) -> tuple[float, float]:
    """Return the best moves per CPU-second of cardwar's Caravan loop and of the naive
    loop, timed alternately (which goes first alternates too)."""
    from naive_caravan import play_naive_games

    seeds = range(games)
    loops = {"cardwar": cardwar_loop, "naive": play_naive_games}
    best = {"cardwar": 0.0, "naive": 0.0}
    for r in range(rounds):
        for name in (("cardwar", "naive") if r % 2 == 0 else ("naive", "cardwar")):
            start = time.process_time()
            moves = loops[name](seeds)
            best[name] = max(best[name], moves / (time.process_time() - start))
    return best["cardwar"], best["naive"]


#: The players of ``--batch`` (``--batch-agents``): kinds of the batch kernel.
AGENTS: tuple[str, ...] = ("random", "random")
#: The variant of ``--batch`` (``--batch-variant``).
BATCH_GAME = "caravan"


def step_loop(seeds: list[int]) -> int:
    """Play self-play of :data:`BATCH_GAME` through the public API between the agents of
    :data:`AGENTS`, seeded as ``cardwar simulate`` seeds them; return the moves."""
    from cardwar.agents import agent
    from cardwar.rng import derive_seed

    game = variant(BATCH_GAME)
    legal_actions, step, outcome, new_game, observe, to_act = (
        game.legal_actions, game.step, game.outcome, game.new_game, game.observe,
        game.to_act)
    moves = 0
    for seed in seeds:
        seats = [agent(kind, BATCH_GAME, derive_seed(seed, s + 1))
                 for s, kind in enumerate(AGENTS)]
        state = new_game(seed)
        while outcome(state) is None:
            seat = to_act(state)
            assert seat is not None
            state = step(state, seats[seat].choose(observe(state, seat), legal_actions(state)))
            moves += 1
    return moves


def kernel_loop(seeds: list[int]) -> int:
    """Play the same games in the batch engine's kernel, in this thread; return the moves."""
    from cardwar import batch

    # Runs of fewer than 100,000 games: batch.play hands a larger run to a process pool,
    # whose CPU time this process would not see.
    part = 50_000
    return sum(int(chunk.steps.sum())
               for start in range(0, len(seeds), part)
               for chunk in batch.play(BATCH_GAME, seeds=seeds[start:start + part],
                                       engine="numba", agents=AGENTS, chunk_size=part))


def batch_ratio(games: int, batch_games: int, rounds: int) -> tuple[float, float, float]:
    """Return the best moves per CPU-second of the step loop and of the kernel, timed
    alternately, and the kernel's best moves per wall second on one thread per core."""
    from concurrent.futures import ThreadPoolExecutor

    from cardwar.rng import derive_seed

    kernel_loop([1])  # compiled (or loaded from numba's cache) before the timing
    step_seeds = [derive_seed(1, i) for i in range(games)]
    kernel_seeds = [derive_seed(2, i) for i in range(batch_games)]
    loops = {"step": (step_loop, step_seeds), "kernel": (kernel_loop, kernel_seeds)}
    best = {"step": 0.0, "kernel": 0.0}
    for r in range(rounds):
        for name in (("step", "kernel") if r % 2 == 0 else ("kernel", "step")):
            loop, seeds = loops[name]
            start = time.process_time()
            moves = loop(seeds)
            best[name] = max(best[name], moves / (time.process_time() - start))
    cores = os.cpu_count() or 1
    parts = [kernel_seeds[i::cores] for i in range(cores)]
    wall = 0.0
    with ThreadPoolExecutor(cores) as pool:
        for _ in range(rounds):
            start = time.perf_counter()
            moves = sum(pool.map(kernel_loop, parts))
            wall = max(wall, moves / (time.perf_counter() - start))
    return best["step"], best["kernel"], wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=list(DECISION_GAMES))
    parser.add_argument("--games", type=int, default=20, help="games per variant")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (best kept)")
    parser.add_argument("--naive", action="store_true",
                        help="also the ratio of Caravan's loop to a naive mutable loop")
    parser.add_argument("--batch", action="store_true",
                        help="also the ratio of a batch kernel to the step loop")
    parser.add_argument("--batch-variant", default="caravan",
                        choices=("arneson", "caravan", "generals", "cold-war"),
                        help="the variant of --batch")
    parser.add_argument("--batch-games", type=int, default=50_000,
                        help="games per round of the batch kernel")
    parser.add_argument("--batch-agents", default=None,
                        help="the players of --batch, one per seat (random or heuristic; "
                             "default random for every seat)")
    args = parser.parse_args()
    print(f"random self-play through the public API, best of {args.rounds} rounds, CPU time")
    print(f"{'variant':9} {'moves':>7} {'legal us':>9} {'step us':>8} {'move us':>8} "
          f"{'moves/CPU-s':>12}")
    for name in args.variants:
        m = measure(name, args.games, args.rounds)
        move = m["legal"] + m["step"]
        print(f"{name:9} {m['moves']:7d} {m['legal'] * 1e6:9.2f} {m['step'] * 1e6:8.2f} "
              f"{move * 1e6:8.2f} {1 / move:12,.0f}")
    if args.naive:
        mine, naive = naive_ratio(args.games, args.rounds)
        print(f"\nCaravan, whole random self-play loops, {args.games} games, best of "
              f"{args.rounds} alternating rounds, CPU time:")
        print(f"  cardwar (legal_actions + choice + step): {mine:12,.0f} moves/CPU-s")
        print(f"  naive mutable loop (a list per caravan): {naive:12,.0f} moves/CPU-s")
        print(f"  ratio cardwar / naive: {mine / naive:.2f}")
    if args.batch:
        global AGENTS, BATCH_GAME
        BATCH_GAME = args.batch_variant
        game = variant(BATCH_GAME)
        seats = game.num_players(game.new_game(0))
        AGENTS = (tuple(args.batch_agents.split(",")) if args.batch_agents
                  else ("random",) * seats)
        step_rate, kernel_rate, wall = batch_ratio(args.games, args.batch_games, args.rounds)
        print(f"\n{variant(BATCH_GAME).TITLE}, {' against '.join(AGENTS)} as cardwar simulate "
              f"plays it, best of {args.rounds} alternating rounds, CPU time:")
        print(f"  step loop ({args.games} games):          {step_rate:14,.0f} moves/CPU-s")
        print(f"  batch kernel ({args.batch_games} games):     {kernel_rate:14,.0f} moves/CPU-s")
        print(f"  ratio kernel / step loop: {kernel_rate / step_rate:.1f}")
        print(f"  batch kernel on {os.cpu_count() or 1} threads: {wall:14,.0f} moves/s (wall)")


if __name__ == "__main__":
    main()
