"""Simulate General's War with seeded random choices for several target scores and print
the game-length table of the rules page (``docs/rules/generals.md``, GENERALS-TARGET).

Every decision (claim or pass, opponent, squad) is drawn uniformly from the legal actions
by ``random.Random(seed)``; game ``i`` uses seed ``i`` for both the deal and the choices.

Reproduce with::

    .venv/bin/python docs/generals_target.py --games 2000

(``--players 4`` for the four-player duel).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from cardwar.core import Termination
from cardwar.variants import generals

TARGETS = (100, 150, 200, 250, 300, 400, 500)


def play(seed: int, opts: generals.Options) -> generals.State:
    """Play one game with seeded uniform random choices; return its final state."""
    rnd = random.Random(seed)
    state = generals.new_game(seed, opts)
    while generals.outcome(state) is None:
        actions = generals.legal_actions(state)
        state = generals.step(state, actions[rnd.randrange(len(actions))])
    return state


def quantile(values: list[int], q: float) -> int:
    """Return the ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    args = parser.parse_args()
    print(
        "| target | battles mean | battles p50 / p90 / max | deals mean | deals p50 / p90 / max"
        " | ended by target | draws |"
    )
    print("|---|---|---|---|---|---|---|")
    for target in TARGETS:
        opts = generals.options(players=args.players, target=target)
        battles, deals, ends = [], [], Counter[str]()
        draws = 0
        for seed in range(args.games):
            final = play(seed, opts)
            result = generals.outcome(final)
            assert result is not None
            battles.append(final.battles)
            deals.append(final.deals)
            ends[result.termination.value] += 1
            draws += result.is_draw
        by_target = ends[Termination.TARGET_SCORE.value] / args.games
        print(
            f"| {target} | {statistics.mean(battles):.1f} | {quantile(battles, 0.5)} / "
            f"{quantile(battles, 0.9)} / {max(battles)} | {statistics.mean(deals):.2f} | "
            f"{quantile(deals, 0.5)} / {quantile(deals, 0.9)} / {max(deals)} | "
            f"{by_target:.1%} | {draws} |"
        )


if __name__ == "__main__":
    main()
