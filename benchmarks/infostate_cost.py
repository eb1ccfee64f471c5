"""Print what a seat's information state costs in cardwar's OpenSpiel games after 10, 100
and 1,000 decisions of a seeded random game of Arneson's War, in CPU time (best of
several rounds): a call of ``information_state_string`` on the state, and a step as
OpenSpiel's tests take it (one decision, its chance events, and every seat's string),
each also as a ratio to its cost after 10 decisions, and the string's length. Run it
against an older checkout (``PYTHONPATH=old/src``) to compare: on a shared machine the
figures are noisy, the ratios within one run less so.

Run with ``.venv/bin/python benchmarks/infostate_cost.py [--rounds N] [--game NAME]``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyspiel

from cardwar.openspiel import register

#: How many decisions into the game each measure is taken.
POINTS = (10, 100, 1000)


def _advance(state: Any, rnd: random.Random, decisions: int, ask: bool) -> int:
    """Play ``decisions`` random decisions and the chance events after them (asking each
    seat's string at every decision when ``ask``, as OpenSpiel's tests do); return how
    many were played (fewer at the end of a game)."""
    played = 0
    players = range(state.get_game().num_players())
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
        elif played < decisions:
            if ask:
                for seat in players:
                    state.information_state_string(seat)
            state.apply_action(rnd.choice(state.legal_actions()))
            played += 1
        else:
            break
    return played


def _best(work: Any, rounds: int, repeat: int) -> float:
    """Return the least CPU seconds per call of ``work`` over ``rounds`` rounds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(repeat):
            work()
        best = min(best, (time.process_time() - start) / repeat)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each measure")
    parser.add_argument("--game", default="python_cardwar_arneson", help="the game string")
    parser.add_argument("--seed", type=int, default=1, help="the random game's seed")
    args = parser.parse_args()
    register()
    game = pyspiel.load_game(args.game)
    state = game.new_initial_state()
    rnd = random.Random(args.seed)
    done = 0
    rows = []
    for point in POINTS:
        done += _advance(state, rnd, point - done, ask=True)
        if done < point:
            raise SystemExit(f"the game ended after {done} decisions; try another --seed")
        seat = state.current_player()

        def ask(seat: int = seat) -> None:
            state.information_state_string(seat)

        def step() -> None:
            _advance(state.clone(), random.Random(0), 1, ask=True)

        rows.append((point, _best(ask, args.rounds, 20), _best(step, args.rounds, 20),
                     len(state.information_state_string(seat))))
    print(f"{args.game}: CPU time per call, best of {args.rounds} rounds")
    print("decisions   call (ms)  ratio   step + every seat's string (ms)  ratio   length")
    for point, call, step_cost, length in rows:
        print(f"{point:9,}   {call * 1e3:9.3f}  {call / rows[0][1]:5.1f}   "
              f"{step_cost * 1e3:31.3f}  {step_cost / rows[0][2]:5.1f}   {length:,}")


if __name__ == "__main__":
    main()
