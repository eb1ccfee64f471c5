"""Print how long an agent takes per move, in CPU time, and how it fares, over games
against another agent in every other seat, the seats rotating (with ``n`` players game
``i`` deals seed ``derive_seed(SEED, i // n)``, the measured agent in seat ``i % n``).

Run it from the repository root::

    .venv/bin/python benchmarks/agent_speed.py caravan \
        --agents cardwar.caravan:CaravanRollout,heuristic -n 200

The first decision of each process is reported apart: it loads (or, the first time on a
machine, compiles) an agent's compiled code. The win rate comes with its Wilson 95%
interval; ``cardwar tournament`` measures strength over more games and seatings.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardwar import agents, variant
from cardwar.rng import derive_seed
from cardwar.tournament import wilson


class Timed:
    """An agent that records the CPU time of each of its decisions."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        start = time.process_time()
        action = self.agent.choose(observation, legal)
        self.times.append(time.process_time() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--agents", required=True, help="the measured agent, its opponent")
    parser.add_argument("-n", type=int, default=100, help="games")
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    game = variant(args.variant)
    mine, theirs = args.agents.split(",")
    times: list[float] = []
    first: list[float] = []
    wins = draws = 0
    players = game.num_players(game.new_game(0))
    for i in range(args.n):
        seed = derive_seed(args.seed, i // players)
        seat = i % players
        timed = Timed(agents.agent(mine, game, derive_seed(seed, seat + 1)))
        seats: list[Any] = [agents.agent(theirs, game, derive_seed(seed, s + 1))
                            for s in range(players)]
        seats[seat] = timed
        outcome = agents.play(game, seats, seed).outcome
        assert outcome is not None
        wins += outcome.winners == (seat,)
        draws += not outcome.winners
        if timed.times:
            (first if not first else times).extend(timed.times[:1])
            times.extend(timed.times[1:])
    times.sort()
    low, high = wilson(wins, args.n)
    print(f"{mine} against {theirs}, {args.n} games of {game.NAME}, seats "
          f"{'alternating' if players == 2 else 'rotating'}:")
    print(f"  wins {wins}, draws {draws}, losses {args.n - wins - draws}: win rate "
          f"{100 * wins / args.n:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    print(f"  CPU ms per move over {len(times)} moves: mean "
          f"{1000 * sum(times) / len(times):.1f}, median {1000 * times[len(times) // 2]:.1f}, "
          f"p99 {1000 * times[int(0.99 * len(times))]:.1f}, max {1000 * times[-1]:.1f}; "
          f"the process's first move {1000 * first[0]:.0f}")


if __name__ == "__main__":
    main()
