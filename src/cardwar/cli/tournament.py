"""The command ``cardwar tournament VARIANT --agents A,B``: agents played against each other
in every rotation of the seats (:func:`cardwar.tournament.tournament`), with a table of win
rates, pairwise scores and ratings, and the records of chosen games with ``--records DIR``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

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
    fill,
)

if TYPE_CHECKING:
    from cardwar.tournament import GameResult


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``tournament`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser(
        "tournament", help="play agents against each other in every seating",
        description="Play N seeded games between agents, every deal in every rotation of "
        "the seats, and print win rates with 95% intervals, pairwise scores and ratings; "
        "the same arguments give the same table whatever --jobs is.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--agents", required=True, metavar="KIND,KIND[,...]",
                   help="the lineup, one agent per seat or fewer (the last fills the other "
                   f"seats): {', '.join(agents_module.KINDS)}, ismcts:N (N iterations per "
                   "decision), heuristic:P (the heuristic with probability P, else a "
                   "random move) or package.module:name")
    p.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    _add_options_argument(p)
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write each game's record to DIR/game-NNNNNN.json as soon as the "
                   "game ends (DIR is made if needed); a record already there is an error "
                   "unless --overwrite is given")
    p.add_argument("--record-games", metavar="I[,J...]", default=None,
                   help="with --records: only these games (numbered from 0)")
    p.add_argument("--overwrite", action="store_true",
                   help="with --records: replace the records of the same numbers already "
                   "in DIR")
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
    if args.overwrite and args.records is None:
        raise UsageError("--overwrite needs --records DIR")
    wanted: list[int] | bool = False
    replaced = 0
    if args.records is not None:
        chosen = None if args.record_games is None else _game_list(args.record_games, args.n)
        wanted = True if chosen is None else chosen
        indices = range(args.n) if chosen is None else sorted(set(chosen))
        replaced = _check_records_folder(args.records, indices, args.overwrite)
    players = game.num_players(game.new_game(0, options))
    if len(kinds) > players:
        raise UsageError(f"--agents: {game.TITLE} has {players} seats, got {len(kinds)} agents")
    if len(kinds) < 2:
        raise UsageError("--agents needs at least two agents, such as heuristic,random")
    deals, left = divmod(args.n, players)
    lineup = ", ".join(kinds) + (f" (then {kinds[-1]} in the other seats)"
                                 if len(kinds) < players else "")
    print(fill(f"{game.TITLE} tournament: {args.n} games ({deals} deals x {players} seatings"
               + (f", and {left} seating{'s' if left > 1 else ''} of one more deal"
                  if left else "")
               + f"), seed {args.seed}; options: {_changed_options(options)}; lineup: "
               f"{lineup}"), flush=True)
    from tqdm import tqdm

    quiet = args.no_progress or not sys.stderr.isatty()
    saver = None if args.records is None else _RecordSaver(args.records)
    try:
        with tqdm(total=args.n, unit="game", disable=quiet, file=sys.stderr,
                  desc=game.NAME) as bar:
            def advance(done: int) -> None:
                bar.update(done - bar.n)

            result = tournament_module.tournament(
                game, kinds, args.n, args.seed, options, jobs=jobs, max_steps=args.max_steps,
                records=wanted, progress=advance, on_game=None if saver is None else saver,
            )
    except KeyboardInterrupt:
        if saver is not None:
            print(fill(f"records: {saver.written} written to {args.records} before the "
                       "interruption"), file=sys.stderr)
        raise
    print(result.table())
    n = result.games
    print(fill("wins by seat: " + ", ".join(f"seat {s} {w} ({100 * w / n:.1f}%)"
                                            for s, w in enumerate(result.seat_wins))))
    print(fill(f"draws: {result.draws}; mean steps per game: {result.mean_steps:.1f}"
               + (f"; unfinished (--max-steps): {result.unfinished}"
                  if result.unfinished else "")))
    first = result.standings[0].name
    print(fill("score: the share of pairwise meetings won (two seats of one game; draws "
               f"count half); rating: Bradley-Terry on the Elo scale, {first} = 0"))
    if saver is not None:
        print(fill(f"records: {saver.written} written to {args.records} "
                   + (f"({replaced} replaced; " if replaced else "(")
                   + "game-NNNNNN.json; cardwar replay shows one)"))
    return 0


def _record_name(index: int) -> str:
    """Return the file name of game ``index``'s record."""
    return f"game-{index:06d}.json"


def _check_records_folder(path: str, indices: Iterable[int], overwrite: bool) -> int:
    """Refuse, before any game is played, a ``--records`` folder that cannot hold the
    records: a file, a folder that cannot be written or made, or one that already holds a
    record this run would write (unless ``overwrite``). Return how many it would replace.
    """
    if os.path.lexists(path) and not os.path.isdir(path):
        raise UsageError(f"--records {path!r} is not a directory")
    # The folder, or the nearest folder above it that exists (the rest is made).
    where = os.path.abspath(path)
    while not os.path.lexists(where):
        where = os.path.dirname(where)
    if not os.path.isdir(where):
        raise UsageError(f"--records {path!r}: {where!r} is not a directory")
    if not os.access(where, os.W_OK | os.X_OK):
        raise UsageError(f"--records {path!r}: {where!r} cannot be written to "
                         "(permission denied)")
    if not os.path.isdir(path):
        return 0
    there = set(os.listdir(path))
    clashes = [name for name in map(_record_name, indices) if name in there]
    if not clashes:
        return 0
    folders = [name for name in clashes if os.path.isdir(os.path.join(path, name))]
    if folders:
        raise UsageError(f"--records {path!r}: {folders[0]!r} is a directory, where a "
                         "record is to be written")
    if not overwrite:
        shown = ", ".join(clashes[:3]) + (f" and {len(clashes) - 3} more"
                                          if len(clashes) > 3 else "")
        raise UsageError(f"--records {path!r} already holds records this run would write "
                         f"({shown}); give --overwrite to replace them, or another "
                         "directory")
    return len(clashes)


class _RecordSaver:
    """Write each record of a tournament as its game's result comes in, in game order,
    each file whole or not at all; make the folder with the first one. A record that
    cannot be written stops the tournament with a :class:`~cardwar.records.RecordError`
    that says how many were written before it."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.written = 0

    def __call__(self, result: GameResult) -> None:
        if result.record is None:
            return
        path = os.path.join(self.folder, _record_name(result.index))
        try:
            os.makedirs(self.folder, exist_ok=True)
            records.write(result.record, path)
        except (OSError, records.RecordError) as err:
            cause = err if isinstance(err, OSError) else err.__cause__
            reason = cause.strerror if isinstance(cause, OSError) else str(err)
            raise records.RecordError(
                f"cannot write the record of game {result.index} to {path!r}: {reason}; the "
                f"tournament stopped there, with {self.written} records written before it"
            ) from err
        self.written += 1
