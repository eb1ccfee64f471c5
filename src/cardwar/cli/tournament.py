"""The command ``cardwar tournament VARIANT --agents A,B``: agents played against each other
in every rotation of the seats (:func:`cardwar.tournament.tournament`), with a table of win
rates, pairwise scores and ratings, and the records of chosen games with ``--records DIR``.
"""

from __future__ import annotations

import argparse
import os
import sys

from cardwar import agents as agents_module
from cardwar import records
from cardwar.cli._common import (
    SIMULATE_MAX_STEPS,
    UsageError,
    _add_options_argument,
    _changed_options,
    _game_and_options,
    _Parser,
    _run_arguments,
)


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``tournament`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser(
        "tournament", help="play agents against each other in every seating",
        description="Play N seeded games between agents, every deal in every rotation of "
        "the seats, and print win rates with 95%% intervals, pairwise scores and ratings; "
        "the same arguments give the same table whatever --jobs is.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--agents", required=True, metavar="KIND,KIND[,...]",
                   help="the lineup, one agent per seat or fewer (the last fills the other "
                   f"seats): {', '.join(agents_module.KINDS)}, ismcts:N (N iterations per "
                   "decision) or package.module:name")
    p.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    _add_options_argument(p)
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write each game's record to DIR/game-NNNNNN.json (DIR is made if "
                   "needed)")
    p.add_argument("--record-games", metavar="I[,J...]", default=None,
                   help="with --records: only these games (numbered from 0)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_tournament)


def _game_list(text: str, games: int) -> list[int]:
    """Return the game indices of ``--record-games`` (``0,5,17``), each in range."""
    out = []
    for word in text.split(","):
        word = word.strip()
        if not (word.isascii() and word.isdigit()) or len(word) > 18:
            raise UsageError(f"--record-games: expected game numbers such as 0,5,17, got {word!r}")
        if int(word) >= games:
            raise UsageError(f"--record-games: there is no game {word} among games 0 to "
                             f"{games - 1}")
        out.append(int(word))
    return out


def _cmd_tournament(args: argparse.Namespace) -> int:
    from cardwar import tournament as tournament_module

    game, options = _game_and_options(args)
    jobs = _run_arguments(args)
    if game.AUTOMATIC:
        raise UsageError(f"{game.TITLE} plays itself: there are no agents to compare")
    kinds = [k.strip() for k in args.agents.split(",")]
    if args.record_games is not None and args.records is None:
        raise UsageError("--record-games needs --records DIR")
    wanted: list[int] | bool = False
    if args.records is not None:
        if os.path.exists(args.records) and not os.path.isdir(args.records):
            raise UsageError(f"--records {args.records!r} is not a directory")
        wanted = True if args.record_games is None else _game_list(args.record_games, args.n)
    players = game.num_players(game.new_game(0, options))
    if len(kinds) > players:
        raise UsageError(f"--agents: {game.TITLE} has {players} seats, got {len(kinds)} agents")
    if len(kinds) < 2:
        raise UsageError("--agents needs at least two agents, such as heuristic,random")
    deals, left = divmod(args.n, players)
    lineup = ", ".join(kinds) + (f" (then {kinds[-1]} in the other seats)"
                                 if len(kinds) < players else "")
    print(f"{game.TITLE} tournament: {args.n} games ({deals} deals x {players} seatings"
          + (f", and {left} seating{'s' if left > 1 else ''} of one more deal" if left else "")
          + f"), seed {args.seed}; options: {_changed_options(options)}; lineup: {lineup}",
          flush=True)
    from tqdm import tqdm

    quiet = args.no_progress or not sys.stderr.isatty()
    with tqdm(total=args.n, unit="game", disable=quiet, file=sys.stderr, desc=game.NAME) as bar:
        def advance(done: int) -> None:
            bar.update(done - bar.n)

        result = tournament_module.tournament(
            game, kinds, args.n, args.seed, options, jobs=jobs, max_steps=args.max_steps,
            records=wanted, progress=advance,
        )
    print(result.table())
    n = result.games
    print("wins by seat: " + ", ".join(f"seat {s} {w} ({100 * w / n:.1f}%)"
                                       for s, w in enumerate(result.seat_wins)))
    print(f"draws: {result.draws}; mean steps per game: {result.mean_steps:.1f}"
          + (f"; unfinished (--max-steps): {result.unfinished}" if result.unfinished else ""))
    first = result.standings[0].name
    print("score: the share of pairwise meetings won (two seats of one game; draws count "
          f"half); rating: Bradley-Terry on the Elo scale, {first} = 0")
    if args.records is not None:
        os.makedirs(args.records, exist_ok=True)
        indices = range(args.n) if wanted is True else sorted(set(wanted or ()))
        for index, record in zip(indices, result.records, strict=True):
            records.write(record, os.path.join(args.records, f"game-{index:06d}.json"))
        print(f"records: {len(result.records)} written to {args.records} "
              "(game-NNNNNN.json; cardwar replay shows one)")
    return 0
