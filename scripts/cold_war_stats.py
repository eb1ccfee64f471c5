"""Measure Cold War games between baseline players: deals per game, tricks per deal, the
share of a deal's points its top scorer takes, bombs per deal, and how often each rule
that ends a deal or a game was used.

Usage::

    .venv/bin/python scripts/cold_war_stats.py [--games N] [--agents a,b,c[,d]]
        [-o NAME=VALUE ...]

``--agents`` names one baseline agent per seat (``random``, ``first`` or ``heuristic``;
default three random players); the number of agents is the number of players. Game ``i``
uses seed ``i``; seat ``k``'s random player draws from ``random.Random(10 * i + k)``.
The figures on the rules page come from this script.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
from collections.abc import Callable
from typing import Any

from cardwar import cold_war
from cardwar.agents import heuristic

Choose = Callable[[Any, tuple[cold_war.Play, ...]], cold_war.Play]


def make_agent(kind: str, game: int, seat: int) -> Choose:
    """Return the choosing function of a baseline agent."""
    if kind == "random":
        rnd = random.Random(10 * game + seat)
        return lambda _obs, legal: legal[rnd.randrange(len(legal))]
    if kind == "first":
        return lambda _obs, legal: legal[0]
    if kind == "heuristic":
        agent = heuristic(cold_war.NAME, game)
        return agent.choose
    raise SystemExit(f"unknown agent {kind!r}: use random, first or heuristic")


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agents", default="random,random,random")
    parser.add_argument("-o", dest="opts", action="append", default=[])
    args = parser.parse_args()
    kinds = args.agents.split(",")
    kwargs: dict[str, Any] = dict(o.split("=", 1) for o in args.opts)
    opts = cold_war.options(players=len(kinds), **kwargs)
    deals_per_game: list[int] = []
    tricks_per_deal: list[int] = []
    top_share: list[float] = []
    bombs: list[int] = []
    reasons: collections.Counter[str] = collections.Counter()
    endings: collections.Counter[str] = collections.Counter()
    for game in range(args.games):
        agents = [make_agent(kind, game, seat) for seat, kind in enumerate(kinds)]
        state = cold_war.new_game(game, opts)
        last, start = None, 0
        while state.result is None:
            seat = cold_war.to_act(state)
            assert seat is not None
            obs = cold_war.observe(state, seat)
            state = cold_war.step(state, agents[seat](obs, cold_war.legal_actions(state)))
            if state.last_deal is not last:
                last = state.last_deal
                assert last is not None
                tricks_per_deal.append(state.tricks - start)
                start = state.tricks
                scores = last.scores
                top_share.append(max(scores) / max(1, sum(scores)))
                bombs.append(sum(1 for b in last.bombs if b))
                reasons[str(last.reason)] += 1
        deals_per_game.append(state.deals)
        endings[str(state.result.termination)] += 1
    print(f"{args.games} games, agents {','.join(kinds)}, options {kwargs or 'default'}")
    print(
        f"deals per game: mean {statistics.mean(deals_per_game):.2f}, "
        f"max {max(deals_per_game)}"
    )
    print(
        f"tricks per deal: mean {statistics.mean(tricks_per_deal):.1f}, "
        f"median {statistics.median(tricks_per_deal):g}, max {max(tricks_per_deal)}"
    )
    print(f"top scorer's share of a deal's points: {statistics.mean(top_share):.1%}")
    print(f"bombs per deal: {statistics.mean(bombs):.3f}")
    print("deals ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    print("games ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))


if __name__ == "__main__":
    main()
