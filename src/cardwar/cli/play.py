"""The command ``cardwar play VARIANT``: a seeded game of an automatic variant shown battle
by battle (or step by step with ``--step``), or a game of a variant with decisions played in
the terminal against the baseline agents (asking for your moves, narrating the others',
with help, undo, history, score and rules), saved as a record with ``--record``.
"""

from __future__ import annotations

import argparse
import re
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardwar import agents as agents_module
from cardwar import records
from cardwar._compiling import compile_notices
from cardwar.cli._common import (
    EXIT_INTERRUPTED,
    UsageError,
    _add_options_argument,
    _columns,
    _count,
    _game_and_options,
    _Parser,
    _wants_ascii,
    caused_by_interrupt,
    check_writable,
    fit,
    format_action,
    page,
    terminal_width,
)
from cardwar.cli.rules import _play_rules
from cardwar.core import NotationError, Outcome, Variant
from cardwar.errors import AgentError, CardwarError
from cardwar.render import format_cards, render_observation, symbolize
from cardwar.rng import check_seed, derive_seed

#: Without ``--seed``, ``play`` draws the game's seed from the system's random source
#: among this many (short enough to type back after ``--seed``).
FRESH_SEEDS = 10**9

#: ``play`` stops a game in which the others play this many steps in a row without a
#: turn of the human player's (agents that never end a deal among themselves).
MAX_STEPS_WITHOUT_YOU = 100_000


def add_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``play`` command to the subparsers of ``cardwar``."""
    p = sub.add_parser(
        "play", help="play a seeded game",
        description="Show a seeded game of an automatic variant battle by battle, or play "
        "a variant with decisions in the terminal against the baseline agents.",
    )
    p.add_argument("variant", help="variant name or alias (see: cardwar variants)")
    p.add_argument("--seed", type=int, default=None,
                   help="the game's seed (default: a fresh one, printed so that the game "
                   "can be played again)")
    _add_options_argument(p)
    p.add_argument("--seat", type=int, default=None,
                   help="your seat in a variant with decisions (default 0)")
    p.add_argument("--opponent", default=None, metavar="KIND",
                   help="the agent playing the other seats: "
                   f"{', '.join(agents_module.KINDS)}, ismcts:N (the generic search agent "
                   "with N iterations per decision: stronger and slower as N grows), "
                   "heuristic:P (the heuristic with probability P, else a random move) or "
                   "package.module:name (default: the variant's own search agent if it has "
                   "one (Caravan's with the fast extra), else its heuristic agent if it has "
                   "one, else random)")
    p.add_argument("--max-steps", type=int, default=None, help="stop after this many steps")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only the result (automatic variants), or no narration")
    p.add_argument("--step", action="store_true",
                   help="automatic variants: pause after each battle (Enter)")
    p.add_argument("--ask-always", action="store_true",
                   help="ask for your move even when only one action is legal")
    p.add_argument("--ascii", action="store_true", help="show cards as 10H, not 10♥")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="save the game as a record (see: cardwar replay)")
    p.set_defaults(func=_cmd_play)


def _cmd_play(args: argparse.Namespace) -> int:
    game, options = _game_and_options(args)
    args.drawn = args.seed is None
    if args.drawn:
        # A new game each time; the seed is printed, so --seed plays it again.
        args.seed = secrets.randbelow(FRESH_SEEDS)
    check_seed(args.seed)
    if args.max_steps is not None and args.max_steps < 0:
        raise UsageError(f"--max-steps must be at least 0, got {args.max_steps}")
    if args.record is not None:
        check_writable(args.record, "--record")
    if game.AUTOMATIC:
        # Nobody decides anything: a seat or an opponent would be ignored, so say so.
        for flag, value in (("--seat", args.seat), ("--opponent", args.opponent)):
            if value is not None:
                raise UsageError(f"{flag}: {game.TITLE} plays itself; nobody takes a seat")
        return _play_automatic(args, game, options)
    if args.seat is None:
        args.seat = 0
    return _play_interactive(args, game, options)


def say(text: str = "") -> None:
    """Print ``text`` fitted to the terminal's width (as it is when the output is not a
    terminal): no line wraps mid-word, and a table too wide is stacked."""
    print(fit(text, terminal_width()))


def _again(args: argparse.Namespace) -> str:
    """Return how to play a game again whose seed was drawn (nothing for a given seed)."""
    return f" (drawn; --seed {args.seed} plays this game again)" if args.drawn else ""


def _save(args: argparse.Namespace, game: Variant, options: Any, actions: list[str],
          result: Outcome | None, state: Any,
          players: Sequence[str | None] | None = None) -> None:
    if args.record is None:
        return
    record = records.Record(
        variant=game.NAME,
        rules_version=game.RULES_VERSION,
        options=options,
        seed=args.seed,
        deal=None,
        actions=tuple(actions),
        outcome=result,
        digest=records.digest(state),
        players=None if players is None else tuple(players),
    )
    records.write(record, args.record)
    say(f"record saved to {args.record}")


def _play_automatic(args: argparse.Namespace, game: Variant, options: Any) -> int:
    ascii = _wants_ascii(args)
    state = game.new_game(args.seed, options)
    say(f"{game.TITLE}, seed {args.seed}{_again(args)}")
    dealt = game.describe_deal(state, ascii=ascii)
    if dealt:
        say(dealt)
    actions: list[str] = []
    stepping = args.step and not args.quiet
    explained = False
    while game.outcome(state) is None and (args.max_steps is None
                                           or len(actions) < args.max_steps):
        action = game.legal_actions(state)[0]
        before, state = state, game.step(state, action)
        actions.append(str(action))
        if not args.quiet:
            said = game.describe_step(before, action, state, ascii=ascii)
            say(said)
            if not explained and re.search(r"\[\d+( \| \d+)+\]", said):
                # The bracketed counts, said once.
                say("  (in brackets: the cards each seat holds after the battle, seat 0 "
                      "first)")
                explained = True
            if stepping and game.outcome(state) is None:
                try:
                    answer = input("[Enter: next, a: all the rest, q: quit] ")
                except EOFError:
                    answer = "a"
                if answer.strip().lower() in ("q", "quit"):
                    say("stopped; the game goes on")
                    _save(args, game, options, actions, None, state)
                    return 0
                if answer.strip().lower() in ("a", "all"):
                    stepping = False
    result = game.outcome(state)
    if result is None:
        say(f"stopped after {len(actions)} steps (--max-steps); the game goes on")
    else:
        say(f"result: {result} after {_count(len(actions), game.STEP_NAME)}")
    _save(args, game, options, actions, result, state)
    return 0


#: What the table says when an opponent's kernels start compiling (the first game on a
#: machine against a compiled search agent).
_COMPILING = ("  (the other players' search is compiling: the first game on this machine "
              "only, up to a minute or two; later games start at once)")

_HELP = """\
Type the number of an action or its notation (such as {example}), then Enter.
  help     show this help          legal    list the legal actions again
  view     show your view again    history  what has happened so far
  undo     back to your last move  rules    this game's rules and options
  score    where every seat stands quit     leave the game (also Ctrl-D)
When only one action is legal it is played for you (--ask-always to be asked)."""

#: What ``_ask`` returns when the player asks to take back their last move.
_UNDO = object()


def _opponent_kind(args: argparse.Namespace, game: Variant) -> str:
    """Return the kind of agent that plays the seats that are not yours."""
    if args.opponent is not None:
        return str(args.opponent)
    # The strongest agent that answers within a second: the variant's own search agent
    # where it can be built (Caravan's needs the fast extra), else its heuristic.
    if agents_module.has_search_agent(game):
        try:
            agents_module.search_agent(game, 0)
        except AgentError:
            pass
        else:
            return "search"
    return "heuristic" if agents_module.has_heuristic(game) else "random"


def _opponents(args: argparse.Namespace, game: Variant, players: int) -> dict[int, Any]:
    kind = _opponent_kind(args, game)
    return {
        seat: agents_module.agent(kind, game.NAME, derive_seed(args.seed, seat + 1))
        for seat in range(players)
        if seat != args.seat
    }


def _play_interactive(args: argparse.Namespace, game: Variant, options: Any) -> int:
    ascii = _wants_ascii(args)
    state = game.new_game(args.seed, options)
    players = game.num_players(state)
    me = args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat must be in [0, {players - 1}], got {me}")
    opponents = _opponents(args, game, players)
    # Who plays each seat, for the record.
    who = ["human" if s == me else _opponent_kind(args, game) for s in range(players)]
    names = ", ".join(f"seat {s}: {type(a).__name__}" for s, a in opponents.items())
    say(f"{game.TITLE}, seed {args.seed}{_again(args)}; you are seat {me} ({names})")
    example = format_action(game.legal_actions(state)[0], ascii=ascii)
    say(_HELP.format(example=example))
    actions: list[str] = []
    history: list[str] = []
    # Each of your decisions: the state before it, and how many actions and history
    # lines there were then (undo goes back to the last one).
    decisions: list[tuple[Any, int, int]] = []
    waiting = 0
    try:
        while game.outcome(state) is None:
            if args.max_steps is not None and len(actions) >= args.max_steps:
                say(f"stopped after {len(actions)} steps (--max-steps)")
                break
            if waiting >= MAX_STEPS_WITHOUT_YOU:
                say(f"stopped: the others played {waiting} steps without a turn of yours")
                break
            legal = game.legal_actions(state)
            seat = game.to_act(state)
            waiting += 1
            if seat is None:
                action = legal[0]
            elif seat != me:
                with compile_notices(lambda: say(_COMPILING)):
                    action = opponents[seat].choose(game.observe(state, seat), legal)
            elif len(legal) == 1 and not args.ask_always:
                waiting = 0
                action = legal[0]
                if not args.quiet:
                    say(f"  | your only action, played for you: "
                          f"{format_action(action, ascii=ascii)}")
            else:
                waiting = 0
                decisions.append((state, len(actions), len(history)))
                chosen = _ask(game, state, me, legal, ascii, history)
                if chosen is _UNDO:
                    decisions.pop()
                    if not decisions:
                        say("nothing to undo: this is your first move")
                    else:
                        state, kept, said_before = decisions.pop()
                        del actions[kept:]
                        del history[said_before:]
                        say("back to your last move")
                    continue
                if chosen is None:
                    say("you left the game")
                    _save(args, game, options, actions, None, state, who)
                    return 0
                action = chosen
            before, state = state, game.step(state, action)
            actions.append(str(action))
            # Narrate every step, yours and the others', in what everyone may see
            # (describe_step shows no hidden card); the result comes at the end.
            said = game.describe_step(before, action, state, ascii=ascii).splitlines()
            # And the cards that came into your hand, which only you see.
            said += _drawn_lines(game, before, state, me, ascii)
            for line in said:
                if not line.lstrip().startswith("result:"):
                    history.append(line)
                    if not args.quiet:
                        say(f"  | {line}")
    except BaseException as err:
        if not caused_by_interrupt(err):
            raise
        say("\ninterrupted")
        _save(args, game, options, actions, None, state, who)
        return EXIT_INTERRUPTED
    result = game.outcome(state)
    say()
    say(render_observation(game, game.observe(state, me), ascii=ascii))
    if result is not None:
        standing = _score_lines(game, game.observe(state, me))
        if standing:
            say("final standing:")
            say("\n".join(standing))
        say(f"result: {result}: {_verdict(game, state, me)}, after "
              f"{_count(len(actions), 'step')}")
    _save(args, game, options, actions, result, state, who)
    return 0


def _verdict(game: Variant, state: Any, me: int) -> str:
    """Return what a finished game means for ``me``: a draw, a win or a loss, or, where
    the game ranks more than two places (four-player General's War), the place."""
    result = game.outcome(state)
    assert result is not None
    if result.is_draw:
        return "a draw"
    places = [s.place for s in game.standings(state)]
    mine = places[me]
    if mine is not None and len(set(places)) > 2:
        shared = " (shared)" if places.count(mine) > 1 else ""
        won = ", you win" if me in result.winners else ""
        return f"you finished {_ordinal(mine)} of {len(places)}{shared}{won}"
    return "you win" if me in result.winners else "you lose"


def _ordinal(n: int) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _drawn_lines(game: Variant, before: Any, after: Any, me: int, ascii: bool) -> list[str]:
    """Return ``you drew ...`` for the cards that came into ``me``'s hand in a step (a
    refill, a claim's cards, a new deal), as only that seat sees them."""
    old = getattr(game.observe(before, me), "hand", None)
    new = getattr(game.observe(after, me), "hand", None)
    if old is None or new is None:
        return []
    came = Counter(new) - Counter(old)
    if not came:
        return []
    cards = []
    for card in new:  # in the hand's order
        if came[card]:
            came[card] -= 1
            cards.append(card)
    return [f"you drew {format_cards(cards, ascii=ascii)}"]


def _list_actions(legal: tuple[Any, ...], ascii: bool) -> str:
    items = [f"{i}) {format_action(a, ascii=ascii)}" for i, a in enumerate(legal, start=1)]
    return "\n".join(_columns(items))


#: ``play`` numbers the legal actions when they fit in this many lines; more (General's
#: War's every possible squad of a large hand) are asked for by their cards instead.
MAX_LISTED_LINES = 6


def _common_word(legal: tuple[Any, ...]) -> str | None:
    """Return the first word every legal action's notation starts with and that none is
    alone (``squad`` when only squads are legal), or ``None``."""
    words = {str(a).split(" ", 1)[0] for a in legal}
    if len(words) == 1 and all(" " in str(a) for a in legal):
        return words.pop()
    return None


def _prompt_moves(legal: tuple[Any, ...], ascii: bool) -> str:
    """Return what is shown above the prompt: the legal actions, numbered, or where they
    are all of one kind and would fill the screen (General's War's squads), how to type
    one by its cards (the hand is shown just above)."""
    listed = _list_actions(legal, ascii)
    word = _common_word(legal)
    if word is None or listed.count("\n") < MAX_LISTED_LINES:
        return "your move:\n" + listed
    example = format_action(legal[-1], ascii=ascii)
    return (f"your move: a {word}, one of {len(legal)} ('legal' lists them all): type its "
            f"cards, such as {example.removeprefix(word + ' ')}")


def _score_lines(game: Variant, obs: Any) -> list[str]:
    """Return where every seat stands, in the game's own terms, from what ``obs``'s seat
    sees: the totals or scores, the wars won and the cards held, or Caravan's positions."""
    lines = []
    caravans = getattr(obs, "caravans", None)
    if caravans is not None:
        ahead = game.position_winners(caravans)  # type: ignore[attr-defined]
        for k in range(3):
            a, b = caravans[k], caravans[k + 3]
            if obs.result is not None:  # the game is over: the positions are decided
                lead = "won by nobody" if ahead[k] is None else f"won by seat {ahead[k]}"
            else:
                lead = "undecided" if ahead[k] is None else f"seat {ahead[k]} ahead"
            lines.append(f"  position {'ABC'[k]}/{'DEF'[k]}: {a.value} against {b.value}, "
                         f"{lead}")
        return lines
    places = getattr(obs, "places", None)
    counts = getattr(obs, "hand_sizes", getattr(obs, "stock_sizes", None))
    if counts is None:  # a variant of one's own, whose views count no cards
        return []
    for s in range(len(counts)):
        # Points where the game scores them (Cold War's totals, General's War's scores),
        # then the wars won, then the cards held, pile by pile.
        parts = []
        for field, name in (("totals", "total"), ("scores", "score")):
            values = getattr(obs, field, None)
            if values:
                parts.append(f"{name} {_count(values[s], 'point')}")
        if getattr(obs, "wars_won", None):
            parts.append(f"wars won {obs.wars_won[s]}")
        piles = [(name, getattr(obs, field)[s]) for field, name in
                 (("hand_sizes", "hand"), ("stock_sizes", "stock"), ("won_sizes", "won"),
                  ("pool_sizes", "pool")) if hasattr(obs, field)]
        held = sum(n for _, n in piles)
        parts.append(f"{_count(held, 'card')} (" + ", ".join(
            f"{name} {n}" for name, n in piles) + ")")
        if places and places[s] is not None:
            parts.append(f"finished {_ordinal(places[s])}")
        you = " (you)" if s == obs.seat else ""
        lines.append(f"  seat {s}{you}: " + ", ".join(parts))
    return lines


def _ask(game: Variant, state: Any, me: int, legal: tuple[Any, ...], ascii: bool,
         history: Sequence[str] = ()) -> Any:
    """Return the action the player chooses, ``None`` when they leave, or ``_UNDO``."""
    say()
    say(render_observation(game, game.observe(state, me), ascii=ascii))
    say(_prompt_moves(legal, ascii))
    common = _common_word(legal)
    while True:
        try:
            text = input("> ").strip()
        except EOFError:
            say()
            return None
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "q", "exit"):
            return None
        if word in ("help", "?", "h"):
            say(_HELP.format(example=format_action(legal[0], ascii=ascii)))
            continue
        if word in ("legal", "l"):
            say(_list_actions(legal, ascii))
            continue
        if word in ("view", "v"):
            say(render_observation(game, game.observe(state, me), ascii=ascii))
            continue
        if word == "history":
            say("\n".join(f"  | {line}" for line in history) or "  (nothing yet)")
            continue
        if word == "rules":
            page(_play_rules(game))
            continue
        if word == "undo":
            return _UNDO
        if word == "score":
            say("\n".join(_score_lines(game, game.observe(state, me)))
                or "  (this game's views count no cards)")
            continue
        # A number of ASCII digits picks from the list (Python's isdigit alone also takes
        # "²" and "①", which int() refuses); a long one is never in the list.
        if text.isascii() and text.isdigit():
            if len(text) <= 9 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            shown = text if len(text) <= 12 else f"{text[:12]}..."
            say(f"there is no action {shown}: choose 1 to {len(legal)}")
            continue
        if common is not None and text.split()[0].lower() != common:
            # Only one kind of action is legal: its word may be left out ("KC KH KS").
            text = f"{common} {text}"
        try:
            action = game.parse_action(text)
        except (NotationError, ValueError) as err:
            say(f"not understood: {err}; type a number from 1 to {len(legal)}, or help")
            continue
        if action not in legal:
            # The library says why (the rule the action breaks) and lists the legal ones.
            try:
                game.step(state, action)
            except CardwarError as err:
                say(f"not legal now: {symbolize(str(err), ascii=ascii)}")
            else:  # pragma: no cover - step accepts exactly the legal actions
                say(f"{format_action(action, ascii=ascii)} is not legal now")
            continue
        return action
