"""Print how fast Caravan's (or Arneson's War's, Cold War's or General's War's) games advance
by action ids for a learner: the batch engine's :class:`cardwar.batch.Games` against the
public API doing the same work per id (``observe`` + ``observation_tensor``,
``legal_action_mask``, and ``step_index``: ``action_from_index`` and ``step``, or a
General's War squad card kept until the squad is whole), in moves per CPU-second (a
move is one id: each card of a squad counts), in one run.

Run it from the repository root (the ``fast`` extra)::

    .venv/bin/python benchmarks/stepping.py                  # 256 games at once
    .venv/bin/python benchmarks/stepping.py --games 4096 --rounds 5
    .venv/bin/python benchmarks/stepping.py --variant arneson
    .venv/bin/python benchmarks/stepping.py --variant cold-war --api-games 20
    .venv/bin/python benchmarks/stepping.py --variant generals

Each round deals ``--games`` games and steps them all until every game is over, the
action of each game drawn uniformly among its legal ids with numpy; only the calls that
advance the games and give the new observations and masks are timed (``Games.step``;
for the public API, the four calls above per game), with ``time.process_time``. The
public API plays ``--api-games`` games per round. The best round of each is kept.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardwar import batch, variant
from cardwar.encoding import step_index

#: The variant timed (``--variant``).
VARIANT = "caravan"


def time_games(games: int, seed: int) -> float:
    """Return the moves per CPU-second of ``batch.Games`` over one round."""
    rng = np.random.default_rng(seed)
    table = batch.Games(VARIANT, range(seed * games, (seed + 1) * games))
    moves = 0
    spent = 0.0
    while not table.done.all():
        noise = rng.random(table.legal_action_mask.shape, dtype=np.float32)
        ids = (noise * table.legal_action_mask).argmax(axis=1)
        moves += int((~table.done).sum())
        start = time.process_time()
        table.step(ids)
        spent += time.process_time() - start
    return moves / spent


def time_api(games: int, seed: int) -> float:
    """Return the moves per CPU-second of the public API doing the same work."""
    rng = np.random.default_rng(seed)
    game = variant(VARIANT)
    options = game.options()
    moves = 0
    spent = 0.0
    for g in range(games):
        state = game.new_game(seed * games + g, options)
        partial: tuple[int, ...] = ()
        start = time.process_time()
        game.observation_tensor(game.observe(state, game.to_act(state) or 0))
        mask = game.legal_action_mask(state)
        spent += time.process_time() - start
        while state.result is None:
            legal = np.flatnonzero(np.frombuffer(mask, dtype=np.uint8))
            action_id = int(legal[rng.integers(len(legal))])
            start = time.process_time()
            state, partial = step_index(game, state, partial, action_id)
            game.observation_tensor(game.observe(state, game.to_act(state) or 0))
            mask = game.legal_action_mask(state, partial)
            spent += time.process_time() - start
            moves += 1
    return moves / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=256, help="games stepped at once")
    parser.add_argument("--api-games", type=int, default=50, help="games per round, API")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (best kept)")
    parser.add_argument("--variant", default="caravan", choices=batch.Games.VARIANTS)
    args = parser.parse_args()
    global VARIANT
    VARIANT = args.variant
    time_games(4, 0)  # compiled (or loaded from numba's cache) before the timing
    best_games = best_api = 0.0
    for r in range(args.rounds):
        best_games = max(best_games, time_games(args.games, r + 1))
        best_api = max(best_api, time_api(args.api_games, r + 1))
    print(f"{variant(VARIANT).TITLE} stepped by action ids, observations and masks "
          f"included, best of {args.rounds} rounds, CPU time:")
    print(f"  batch.Games ({args.games} games at once): {best_games:12,.0f} moves/CPU-s")
    print(f"  public API ({args.api_games} games):       {best_api:12,.0f} moves/CPU-s")
    print(f"  ratio: {best_games / best_api:.1f}")


if __name__ == "__main__":
    main()
