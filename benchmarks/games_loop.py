"""Print how fast a learner's whole random-play loop runs on :class:`cardwar.batch.Games`
against the same loop through the public API, end to end, in moves per CPU-second, as a
ratio measured in one run.

Run it from the repository root (the ``fast`` extra)::

    .venv/bin/python benchmarks/games_loop.py                  # Caravan, 256 games at once
    .venv/bin/python benchmarks/games_loop.py --games 4096 --rounds 3
    .venv/bin/python benchmarks/games_loop.py --variant generals

Everything a random-play loop does is timed, with ``time.process_time``, from the deal to
the end of the last game: for ``Games``, dealing the games, then per step
``random_legal_ids`` (one uniform legal id per game) and ``step``, whose observation, mask,
rewards and done flags the loop keeps until the next step returns new ones (as
``observation, mask, rewards, done = games.step(ids)`` does; ``--let-go`` drops them
before each step instead); for the public API, per game ``new_game``, then per move
``observe`` + ``observation_tensor``, ``legal_action_mask``, a uniform legal id drawn with
numpy, and ``step_index`` (``action_from_index`` and ``step``, or a General's War squad
card kept until the squad is whole). A move is one id. The rounds alternate the two
loops; the best round of each is kept. On a shared machine the ratio is the figure to
read, and even it is noisy.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardwar import batch, variant
from cardwar.encoding import step_index


def time_games(name: str, games: int, seed: int, let_go: bool = False) -> float:
    """Return the moves per CPU-second of the random-play loop on ``batch.Games``."""
    rng = np.random.default_rng(seed)
    start = time.process_time()
    table = batch.Games(name, range(seed * games, (seed + 1) * games))
    observation, mask = table.observation, table.legal_action_mask
    done = table.done
    moves = 0
    while not done.all():
        moves += int((~done).sum())
        ids = table.random_legal_ids(rng)
        if let_go:
            del observation, mask
        observation, mask, _, done = table.step(ids)
    spent = time.process_time() - start
    assert observation.shape == (games, table.observation_size)
    return moves / spent


def time_api(name: str, games: int, seed: int) -> float:
    """Return the moves per CPU-second of the same loop through the public API."""
    rng = np.random.default_rng(seed)
    game = variant(name)
    options = game.options()
    moves = 0
    start = time.process_time()
    for g in range(games):
        state = game.new_game(seed * games + g, options)
        partial: tuple[int, ...] = ()
        game.observation_tensor(game.observe(state, game.to_act(state) or 0))
        mask = game.legal_action_mask(state)
        while game.outcome(state) is None:
            legal = np.flatnonzero(np.frombuffer(mask, dtype=np.uint8))
            action_id = int(legal[rng.integers(len(legal))])
            state, partial = step_index(game, state, partial, action_id)
            game.observation_tensor(game.observe(state, game.to_act(state) or 0))
            mask = game.legal_action_mask(state, partial)
            moves += 1
    return moves / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=256, help="games stepped at once")
    parser.add_argument("--api-games", type=int, default=30, help="games per round, API")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (best kept)")
    parser.add_argument("--variant", default="caravan", choices=batch.Games.VARIANTS)
    parser.add_argument("--let-go", action="store_true",
                        help="drop the arrays of a step before the next one")
    args = parser.parse_args()
    time_games(args.variant, 4, 0)  # compiled (or loaded from numba's cache) first
    best_games = best_api = 0.0
    for r in range(args.rounds):
        best_games = max(best_games, time_games(args.variant, args.games, r + 1, args.let_go))
        best_api = max(best_api, time_api(args.variant, args.api_games, r + 1))
    print(f"{variant(args.variant).TITLE}: random play end to end (deal, uniform legal draw, "
          f"step, observation and mask), best of {args.rounds} rounds, CPU time:")
    kept = "dropped" if args.let_go else "kept"
    print(f"  batch.Games ({args.games} games at once, arrays {kept} a step): "
          f"{best_games:12,.0f} moves/CPU-s")
    print(f"  public API ({args.api_games} games): {best_api:12,.0f} moves/CPU-s")
    print(f"  ratio: {best_games / best_api:.1f}")


if __name__ == "__main__":
    main()
