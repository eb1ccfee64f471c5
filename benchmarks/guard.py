"""The speed guard: every step path and fast path of cardwar as a ratio to a fixed
baseline measured in the same process, against a floor at about half of its value when
the floor was set, so that a twofold slowdown fails and a noisy machine does not.

Run it from the repository root (``scripts/test.sh`` runs it after the tests)::

    .venv/bin/python benchmarks/guard.py            # every path; exit 1 below a floor
    .venv/bin/python benchmarks/guard.py step/caravan kernel/war --repeats 9

The baseline is the naive deque loop of :mod:`naive_war` (whole games of War, written as
a user would, on mutable lists), which never changes with the project: its battles per
CPU-second measure how fast this machine runs Python. Each path's rate (its units of work
per CPU-second, ``time.process_time``, so other load on a shared machine does not count)
is divided by the baseline's. Every path and the baseline run ``--repeats`` times,
alternating, and the best rate of each is kept: a slow phase of the machine hits both, and
one disturbed run decides nothing.

The paths, per variant where they exist:

* ``step/<game>``: the public API, as a program drives it: whole games, a battle per
  ``step`` (War, Peace) or random self-play (``legal_actions``, a seeded choice, ``step``);
  units are steps.
* ``encoding/<game>``: the integer interface of a decision: ``observe``,
  ``observation_tensor`` and ``legal_action_mask`` of positions of recorded games; units
  are positions.
* ``kernel/<game>``: the batch engine's compiled kernel (the ``fast`` extra): whole games
  of :func:`cardwar.batch.simulate` (War, Peace; units are battles) or random players'
  games of :func:`cardwar.batch.play` (units are moves).
* ``games/<game>``: :class:`cardwar.batch.Games`, 64 games stepped together by the lowest
  legal id of each; units are moves.

``FLOORS`` holds each path's floor. A change meant to trade speed for something else
moves a floor in the same commit, with the reason in the commit message; a floor is
never lowered to make a run pass (``docs/development.md``, "The speed guard").
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable

import cardwar
from naive_war import play_naive_games

#: Each path's floor: the least ratio of its rate to the baseline's that passes. Set at
#: 0.55 times the ratio measured on the idle 2-core development machine (the value after
#: ``#``, best of 9 runs), so that a path twice as slow fails and a run 45% slower than
#: that does not.
FLOORS: dict[str, float] = {
    "step/war": 0.11,  # 0.19
    "step/peace": 0.1,  # 0.18
    "step/arneson": 0.059,  # 0.11
    "step/cold-war": 0.049,  # 0.09
    "step/generals": 0.018,  # 0.033
    "step/caravan": 0.042,  # 0.076
    "encoding/arneson": 0.028,  # 0.052
    "encoding/cold-war": 0.019,  # 0.035
    "encoding/generals": 0.015,  # 0.027
    "encoding/caravan": 0.019,  # 0.034
    "kernel/war": 27.0,  # 50.0
    "kernel/peace": 23.0,  # 42.0
    "kernel/arneson": 7.1,  # 13.0
    "kernel/cold-war": 1.5,  # 2.7
    "kernel/generals": 1.6,  # 3.0
    "kernel/caravan": 1.9,  # 3.4
    "games/arneson": 1.4,  # 2.5
    "games/cold-war": 0.49,  # 0.89
    "games/generals": 0.44,  # 0.8
    "games/caravan": 0.25,  # 0.46
}

Work = Callable[[], int]


def _self_play(name: str, seeds: range) -> Work:
    game = cardwar.variant(name)

    def run() -> int:
        steps = 0
        for seed in seeds:
            rnd = random.Random(seed)
            state = game.new_game(seed)
            while game.outcome(state) is None:
                legal = game.legal_actions(state)
                state = game.step(state, legal[rnd.randrange(len(legal))] if len(legal) > 1
                                  else legal[0])
                steps += 1
        return steps

    return run


def _encoding(name: str, seeds: range) -> Work:
    game = cardwar.variant(name)
    positions = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_game(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)
            if seat is not None:
                positions.append((state, seat))
            legal = game.legal_actions(state)
            state = game.step(state, legal[rnd.randrange(len(legal))])

    def run() -> int:
        for state, seat in positions:
            game.observation_tensor(game.observe(state, seat))
            game.legal_action_mask(state)
        return len(positions)

    return run


def _kernel(name: str, games: int) -> Work:
    from cardwar import batch

    game = cardwar.variant(name)
    if game.AUTOMATIC:
        def run() -> int:
            chunks = batch.simulate(name, seeds=range(games), engine="numba")
            return sum(int(c.battles.sum()) for c in chunks)
    else:
        def run() -> int:
            chunks = batch.play(name, seeds=range(games), engine="numba",
                                agents=["random"] * game.num_players(game.options()))
            return sum(int(c.steps.sum()) for c in chunks)
    return run


def _games(name: str, count: int, moves: int) -> Work:
    import numpy as np

    from cardwar import batch

    def run() -> int:
        games = batch.Games(name, seeds=range(count))
        done = 0
        for _ in range(moves):
            running = int((~games.done).sum())
            if not running:
                break
            games.step(np.argmax(games.legal_action_mask, axis=1))
            done += running
        return done

    return run


def paths() -> dict[str, Work]:
    """Return every path the guard measures, by name (the kernels' and ``Games``'s only
    where the ``fast`` extra is installed)."""
    # Sizes: about 30 ms of CPU per run on the development machine.
    out: dict[str, Work] = {}
    for name, games in (("war", 48), ("peace", 48), ("arneson", 5), ("cold-war", 4),
                        ("generals", 40), ("caravan", 20)):
        out[f"step/{name}"] = _self_play(name, range(games))
    for name, games in (("arneson", 2), ("cold-war", 3), ("generals", 40), ("caravan", 15)):
        out[f"encoding/{name}"] = _encoding(name, range(100, 100 + games))
    from cardwar import batch

    if "numba" in batch.available_engines():
        for name, games in (("war", 8000), ("peace", 8000), ("arneson", 400),
                            ("cold-war", 200), ("generals", 6000), ("caravan", 1000)):
            out[f"kernel/{name}"] = _kernel(name, games)
        for name in ("arneson", "cold-war", "generals", "caravan"):
            out[f"games/{name}"] = _games(name, 64, 400)
    return out


def best_rate(work: Work) -> float:
    """Return the units per CPU-second of one run of ``work``."""
    start = time.process_time()
    units = work()
    spent = time.process_time() - start
    return units / max(spent, 1e-9)


def baseline() -> Work:
    """Return the baseline: whole games of the naive War loop; units are battles."""
    return lambda: play_naive_games(range(80))


def measure(selected: dict[str, Work], repeats: int) -> dict[str, float]:
    """Return each path's best rate divided by the baseline's best rate, every path and
    the baseline run ``repeats`` times in turn."""
    base = baseline()
    for work in (base, *selected.values()):  # warm up: imports, caches, compiled code
        work()
    best_base = 0.0
    best: dict[str, float] = dict.fromkeys(selected, 0.0)
    for _ in range(repeats):
        gc.collect()  # once a round: a full collection costs more than a short run
        for name, work in selected.items():
            best_base = max(best_base, best_rate(base))
            best[name] = max(best[name], best_rate(work))
    return {name: rate / best_base for name, rate in best.items()}


def main(argv: list[str] | None = None) -> int:
    """Measure the paths named (all by default), print the table, and return 1 if a path
    is below its floor."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="paths to measure (default: all)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each (best kept)")
    args = parser.parse_args(argv)
    every = paths()
    unknown = [n for n in args.names if n not in every]
    if unknown:
        parser.error(f"unknown paths: {', '.join(unknown)}; known: {', '.join(every)}")
    selected = {n: every[n] for n in (args.names or every)}
    start = time.process_time()
    ratios = measure(selected, args.repeats)
    below = []
    print(f"{'path':<20} {'ratio':>8} {'floor':>8} {'ratio/floor':>12}")
    for name, ratio in ratios.items():
        floor = FLOORS[name]
        mark = "" if ratio >= floor else "  BELOW THE FLOOR"
        print(f"{name:<20} {ratio:>8.3g} {floor:>8.3g} {ratio / floor:>12.2f}{mark}")
        if ratio < floor:
            below.append(name)
    print(f"ratios to the naive War loop's battles per CPU-second; "
          f"{time.process_time() - start:.1f} CPU-s")
    if below:
        print(f"speed guard: {len(below)} path(s) below the floor: {', '.join(below)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
