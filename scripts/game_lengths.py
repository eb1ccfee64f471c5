"""Measure how long games last under every mix of the baseline agents, and how often they
end by each termination: the figures behind each variant's default limits.

Usage::

    .venv/bin/python scripts/game_lengths.py VARIANT [--games N] [--players P]
        [--cap STEPS] [-o NAME=VALUE ...]

For every multiset of the agents ``random``, ``first`` and ``heuristic`` over the seats
(``first`` and ``heuristic`` where the variant has one), ``N`` games are played with seeds
``0 .. N-1``, seat ``k`` seeded ``1000 * game + k``. A game still running after ``--cap``
steps is stopped and counted as ``unfinished``. The length is the variant's own count
(battles, tricks or turns) where its state keeps one, else steps. A variant that plays
itself and that the batch engine plays (War, Peace) is played by it instead, ``--games``
games of master seed 0, with its battle statistics and endings.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import statistics
from typing import Any

import cardwar
from cardwar import agents as baseline
from cardwar import batch

#: The state field that counts each variant's length, in the order they are looked for.
COUNTERS = ("battles", "tricks", "turns")


def automatic(game: Any, opts: Any, games: int) -> None:
    """Play ``games`` games of master seed 0 with the batch engine (War, Peace) and print
    the battles' mean, median, 99.9th percentile (nearest rank) and maximum, and the
    endings: the figures behind WAR-LIMIT and PEACE-LIMIT."""
    lengths: collections.Counter[int] = collections.Counter()
    endings: collections.Counter[str] = collections.Counter()
    for chunk in batch.simulate(game.NAME, opts, master_seed=0, games=games):
        for _, battles, _, _, termination in chunk.rows():
            lengths[battles] += 1
            endings[str(termination)] += 1
    ordered = sorted(lengths)

    def nearest(p: float) -> int:
        rank, seen = max(1, -(-int(p * games) // 1000)), 0
        for value in ordered:
            seen += lengths[value]
            if seen >= rank:
                return value
        return ordered[-1]

    mean = sum(v * n for v, n in lengths.items()) / games
    print(f"{game.NAME}, {games:,} games of master seed 0 (batch engine), options default "
          "unless set")
    print(f"battles: mean {mean:.1f}, median {nearest(500)}, p99.9 {nearest(999)}, "
          f"max {ordered[-1]}")
    print("ended by: " + ", ".join(f"{k} {v:,}" for k, v in sorted(endings.items())))


def main() -> None:
    """Play every mix and print one line per mix."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--cap", type=int, default=1_000_000)
    parser.add_argument("-o", dest="opts", action="append", default=[])
    args = parser.parse_args()
    game = cardwar.variant(args.variant)
    kwargs: dict[str, Any] = dict(o.split("=", 1) for o in args.opts)
    if args.players is not None:
        kwargs["players"] = args.players
    opts = game.options(**kwargs)
    seats = game.num_players(game.new_game(0, opts))
    kinds = ["random", "first"] + (["heuristic"] if baseline.has_heuristic(game) else [])
    mixes = [("-",)] if game.AUTOMATIC else list(
        itertools.combinations_with_replacement(kinds, seats)
    )
    if game.AUTOMATIC and batch.supports(game, opts):
        automatic(game, opts, args.games)
        return
    print(f"{game.NAME}, {args.games} games per mix, options {kwargs or 'default'}")
    for mix in mixes:
        lengths: list[int] = []
        endings: collections.Counter[str] = collections.Counter()
        for seed in range(args.games):
            players = (
                [] if game.AUTOMATIC
                else [baseline.agent(k, game.NAME, 1000 * seed + s) for s, k in enumerate(mix)]
            )
            state = game.new_game(seed, opts)
            steps = 0
            while game.outcome(state) is None and steps < args.cap:
                seat = game.to_act(state)
                legal = game.legal_actions(state)
                action = legal[0] if seat is None else players[seat].choose(
                    game.observe(state, seat), legal
                )
                state = game.step(state, action)
                steps += 1
            result = game.outcome(state)
            endings["unfinished" if result is None else str(result.termination)] += 1
            counter = next((c for c in COUNTERS if hasattr(state, c)), None)
            lengths.append(getattr(state, counter) if counter else steps)
        ordered = sorted(lengths)
        p999 = ordered[min(len(ordered) - 1, (999 * len(ordered)) // 1000)]
        unit = next((c for c in COUNTERS if hasattr(state, c)), "steps")
        print(
            f"{','.join(mix):32} {unit}: mean {statistics.mean(lengths):8.1f}, "
            f"p99.9 {p999:6}, max {max(lengths):6}; "
            + ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        )


if __name__ == "__main__":
    main()
