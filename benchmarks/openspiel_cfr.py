"""Print how close OpenSpiel's CFR comes to an equilibrium of a small game of cardwar:
the exploitability of its average policy after each of a few iteration counts, and the
CPU seconds spent so far (iterations only, the exploitability's own computation left
out), from OpenSpiel's Python ``CFRSolver`` over ``register()``'s game.

Run with ``.venv/bin/python benchmarks/openspiel_cfr.py [--game STRING] [--iterations N]``.
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from cardwar.openspiel import register

#: The small game of the research page: two ranks of two suits, hands of two, at most two
#: battles.
GAME = "python_cardwar_arneson(ranks=2 3,suits=C D,hand_size=2,max_battles=2)"
#: The iteration counts at which the exploitability is printed.
CHECKPOINTS = (1, 10, 30, 100, 300, 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAME, help="the OpenSpiel game string")
    parser.add_argument("--iterations", type=int, default=100, help="CFR iterations")
    args = parser.parse_args()
    register()
    game = pyspiel.load_game(args.game)
    start = time.process_time()
    solver = cfr.CFRSolver(game)
    spent = time.process_time() - start
    print(f"{args.game}: OpenSpiel's CFRSolver ({spent:.1f} CPU-s to set up)")
    print("iterations  exploitability  CPU-s")
    for it in range(1, args.iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if it in CHECKPOINTS or it == args.iterations:
            value = exploitability.exploitability(game, solver.average_policy())
            print(f"{it:10,}  {value:14.5f}  {spent:5.1f}")


if __name__ == "__main__":
    main()
