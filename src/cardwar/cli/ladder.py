"""The command ``cardwar ladder VARIANT``: every agent of a variant rated together
(:func:`cardwar.tournament.ladder`): a tournament of every lineup of them on the same
deals, with one rating over all their meetings and the table of pairwise scores.
"""

from __future__ import annotations

import argparse
import sys

from cardwar import agents as agents_module
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
from cardwar.errors import AgentError


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``ladder`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser(
        "ladder", help="rate every agent of a variant together",
        description="Play a tournament of N games for every lineup of different agents "
        "(every pair in a two-player game), all on the same deals, and print one rating "
        "per agent over all their meetings, with the score of each against each; the "
        "same arguments give the same table whatever --jobs is.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--agents", default=None, metavar="KIND,KIND[,...]",
                   help="the agents to rate, at least two, all different (default: every "
                   "agent of the variant: random, first, heuristic, search, ismcts, those "
                   f"it has); kinds: {', '.join(agents_module.KINDS)}, ismcts:N, "
                   "heuristic:P or package.module:name (see: cardwar tournament --help)")
    p.add_argument("-n", type=int, default=100,
                   help="games per lineup (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    _add_options_argument(p)
    p.add_argument("--max-steps", type=int, default=SIMULATE_MAX_STEPS,
                   help="stop each game after this many steps, counted as unfinished "
                   f"(default {SIMULATE_MAX_STEPS})")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_ladder)


def _cmd_ladder(args: argparse.Namespace) -> int:
    from cardwar import tournament as tournament_module

    game, options = _game_and_options(args)
    jobs = _run_arguments(args)
    if game.AUTOMATIC:
        raise UsageError(f"{game.TITLE} plays itself: there are no agents to compare")
    if args.agents is None:
        kinds = list(tournament_module.ladder_agents(game))
        if agents_module.has_search_agent(game) and "search" not in kinds:
            try:
                agents_module.agent("search", game, 0)
            except AgentError as err:  # the reason ladder_agents left it out
                print(f"(search left out: {err})", file=sys.stderr)
    else:
        kinds = [k.strip() for k in args.agents.split(",")]
        if len(kinds) < 2:
            raise UsageError("--agents needs at least two agents, such as heuristic,random")
        twice = sorted({k for k in kinds if kinds.count(k) > 1})
        if twice:
            raise UsageError(f"--agents: a ladder rates different agents; "
                             f"{', '.join(twice)} is listed twice")
    players = game.num_players(game.new_game(0, options))
    lineups = tournament_module._ladder_lineups(tuple(kinds), players)
    total = args.n * len(lineups)
    print(fill(f"{game.TITLE} ladder: {', '.join(kinds)}; {len(lineups)} lineup"
                f"{'s' if len(lineups) > 1 else ''} x {args.n} games on the same deals "
                f"({total} games), seed {args.seed}; options: {_changed_options(options)}"),
          flush=True)
    from tqdm import tqdm

    quiet = args.no_progress or not sys.stderr.isatty()
    with tqdm(total=total, unit="game", disable=quiet, file=sys.stderr,
              desc=game.NAME) as bar:
        def advance(done: int) -> None:
            bar.update(done - bar.n)

        result = tournament_module.ladder(game, kinds, args.n, args.seed, options,
                                          jobs=jobs, max_steps=args.max_steps,
                                          progress=advance)
    print(result.table())
    print(f"mean steps per game: {result.mean_steps:.1f}"
          + (f"; unfinished (--max-steps): {result.unfinished}" if result.unfinished else ""))
    print(fill(f"score: the share of pairwise meetings won over every lineup (two seats "
                f"of one game; draws count half); rating: Bradley-Terry on the Elo scale, "
                f"{result.names[0]} = 0"))
    if "search" in kinds and "heuristic" in kinds:
        below = result.not_above("search", "heuristic")
        print("search ranks above heuristic against every other agent" if not below else
              fill(f"search does not rank above heuristic against: {', '.join(below)}"))
    return 0

