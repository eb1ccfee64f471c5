"""Tournaments between agents: every seating rotation of every deal, win rates with 95%
intervals, pairwise scores and a rating table.

:func:`tournament` plays ``games`` games of a variant between agents named as
:func:`cardwar.agents.agent` names them (``random``, ``heuristic``, ``ismcts:100``,
``package.module:name``). The lineup gives one agent per seat; a shorter one is filled
with its last agent (``ismcts,heuristic`` in a three-player game: one search agent
against two heuristics). Deal ``d`` (the seed ``derive_seed(seed, d)``) is played once in
every rotation of the lineup round the table, so that every agent sits in every seat on
the same cards: game ``i`` is deal ``i // players`` in rotation ``i % players``, which
puts lineup place ``(seat + rotation) % players`` in ``seat``. The result is a pure function
of the arguments, whatever ``jobs`` is.

For each agent of the lineup (the same kind twice is two entries, ``random`` and
``random#2``) it counts the seats it played, and of those the wins, draws and losses, the
win rate with its 95% Wilson interval, and its *score*: the share of the pairwise
meetings it won against the other entries, a meeting being two seats of one game, won by
the one that won the game when the other did not, and half to each otherwise. With two
players the score is the usual one (wins plus half the draws, per game); with three or
four it is the seat-adjusted equivalent, 50% for an agent as good as the others whatever
the number of seats. The ratings are Bradley-Terry strengths fitted to the same meetings,
on the Elo scale (400 points: odds of 10 to 1), the first entry at 0, each pair of
entries given one drawn meeting as a prior so that a clean sweep stays finite.

A ladder (:func:`ladder`) rates more agents than a table has seats: a tournament for every
lineup of different agents, all on the same deals, one rating fitted to every meeting,
and each agent's score against each other one (:class:`LadderResult`).

>>> from cardwar.tournament import tournament
>>> result = tournament("caravan", ["heuristic", "random"], games=8, seed=1)
>>> [(s.name, s.seats, s.wins) for s in result.standings]
[('heuristic', 8, 8), ('random', 8, 0)]
>>> print(result.table().splitlines()[0])
agent      seats  wins  draws  losses  win rate   95% interval   score  rating
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from cardwar._processes import in_processes
from cardwar.agents import agent as build_agent
from cardwar.agents import play
from cardwar.core import Variant
from cardwar.errors import AgentError, ArgumentError, check_int, wrong_type
from cardwar.records import Record
from cardwar.rng import check_seed, derive_seed
from cardwar.variants import as_variant
from cardwar.variants import variant as find_variant

__all__ = [
    "GameResult",
    "LadderResult",
    "Standing",
    "TournamentResult",
    "ladder",
    "ladder_agents",
    "tournament",
    "wilson",
]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion (95% for ``z = 1.96``); ``(0, 1)``
    with no trials.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    check_int(trials, "wilson's trials", 0)
    for name, value in (("successes", successes), ("z", z)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong_type(f"wilson's {name}", "a number (an int or a float)", value)
        if not math.isfinite(value):
            raise ArgumentError(f"wilson's {name} must be finite, got {value!r}")
    # A score times its meetings may pass its trials by a rounding error.
    if not 0 <= successes <= trials * (1 + 1e-9):
        raise ArgumentError(f"wilson's successes must be in [0, trials] = [0, {trials}], "
                            f"got {successes!r}")
    if z <= 0:
        raise ArgumentError(f"wilson's z must be > 0, got {z!r}")
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class GameResult:
    """One game of a tournament: its index, deal seed, rotation, which lineup entry sat
    in each seat, the winning seats (``None`` if it was cut unfinished by ``max_steps``),
    whether it was a draw, its steps, and its record when it was asked for."""

    index: int
    seed: int
    rotation: int
    entries: tuple[int, ...]
    winners: tuple[int, ...] | None
    draw: bool
    steps: int
    record: Record | None = None


@attrs.frozen
class Standing:
    """One entry's line of the table (see the module docstring)."""

    name: str
    kind: str
    seats: int
    wins: int
    draws: int
    losses: int
    unfinished: int
    meetings: int
    score: float
    rating: float

    @property
    def win_rate(self) -> float:
        """Wins per seat played (unfinished games count as played)."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson(self.wins, self.seats)

    @property
    def score_interval(self) -> tuple[float, float]:
        """An approximate 95% interval of ``score`` (Wilson, over the meetings; the
        meetings of one game are not independent, so it is a little narrow with three or
        four seats)."""
        return wilson(self.score * self.meetings, self.meetings)


#: The widest agent name that keeps its place in :meth:`Tournament.table`'s rows: the
#: figures take 69 columns, the table at most 80.
_NAMES = 11


@attrs.frozen
class TournamentResult:
    """What :func:`tournament` returns: its arguments, one :class:`Standing` per lineup
    entry, the wins of each seat over all games, the mean steps per game, and the games
    whose records were asked for."""

    variant: str
    options: Any
    seed: int
    games: int
    players: int
    lineup: tuple[str, ...]
    standings: tuple[Standing, ...]
    seat_wins: tuple[int, ...]
    draws: int
    unfinished: int
    mean_steps: float
    records: tuple[Record, ...] = ()

    def table(self) -> str:
        """Return the standings as a text table, best score first, at most 80 columns
        wide: a name too long for its column (an agent of your own, as
        ``package.module:name``) stands whole on a line of its own, its figures on the
        next."""
        width = max([5, *(len(s.name) for s in self.standings if len(s.name) <= _NAMES)])
        head = (f"{'agent':<{width}}  {'seats':>5}  {'wins':>4}  {'draws':>5}  {'losses':>6}  "
                f"{'win rate':>8}  {'95% interval':>13}  {'score':>6}  {'rating':>6}")
        lines = [head]
        for s in sorted(self.standings, key=lambda s: (-s.score, s.name)):
            low, high = s.interval
            name = s.name
            if len(name) > width:
                lines.append(name)
                name = ""
            lines.append(
                f"{name:<{width}}  {s.seats:>5}  {s.wins:>4}  {s.draws:>5}  {s.losses:>6}  "
                f"{100 * s.win_rate:>7.1f}%  {f'{100 * low:.1f}-{100 * high:.1f}%':>13}  "
                f"{100 * s.score:>5.1f}%  {s.rating:>+6.0f}"
            )
        return "\n".join(lines)


def _lineup(game: Variant, kinds: Sequence[str], players: int) -> tuple[str, ...]:
    """Return the lineup's kinds, checked (each one builds an agent)."""
    if isinstance(kinds, str) or not kinds:
        raise AgentError("a tournament needs a sequence of agent kinds, one per seat or fewer")
    if len(kinds) > players:
        raise AgentError(f"{game.TITLE} has {players} seats; got {len(kinds)} agents")
    if len(kinds) < 2:
        raise AgentError("a tournament needs at least two agents")
    for kind in kinds:
        build_agent(kind, game, 0)  # refuses an unknown kind before any game is played
    return tuple(kinds)


def _kept(records: object, games: int) -> frozenset[int] | None:
    """Return the indices of the games whose records ``records`` asks for (``None``: all
    of them), checked: ``True``, ``False``, or an iterable of game indices in range."""
    if records is True:
        return None
    if records is False:
        return frozenset()
    if isinstance(records, (str, bytes, bytearray)) or not isinstance(records, Iterable):
        raise wrong_type("tournament's records",
                         "True, False or an iterable of game indices (ints)", records)
    indices = []
    for index in records:
        try:
            if isinstance(index, bool):
                raise TypeError
            number = operator.index(index)  # an int, or a numpy integer
        except TypeError:
            raise wrong_type("tournament's records", "game indices (ints)", index) from None
        if not 0 <= number < games:
            raise AgentError(f"records: no game {number!r} among games 0 to {games - 1}")
        indices.append(number)
    return frozenset(indices)


def _names(kinds: Sequence[str]) -> tuple[str, ...]:
    """Return the entries' names: the kind, with ``#2``, ``#3`` for a kind listed again."""
    seen: dict[str, int] = {}
    out = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        out.append(kind if seen[kind] == 1 else f"{kind}#{seen[kind]}")
    return tuple(out)


def play_games(name: str, options: Any, seed: int, kinds: tuple[str, ...], players: int,
               start: int, stop: int, max_steps: int | None, keep: frozenset[int] | None
               ) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` of a tournament (a worker's share)."""
    game = find_variant(name)
    last = len(kinds) - 1
    out = []
    for index in range(start, stop):
        deal_seed = derive_seed(seed, index // players)
        rotation = index % players
        # Lineup place (seat + rotation) % players; the places past the lineup's end are
        # its last agent's.
        entries = tuple(min((s + rotation) % players, last) for s in range(players))
        agent_seed = derive_seed(seed, index)
        seats = [build_agent(kinds[e], game, derive_seed(agent_seed, s + 1))
                 for s, e in enumerate(entries)]
        record = play(game, seats, deal_seed, options, max_steps=max_steps,
                      players=[kinds[e] for e in entries])
        result = record.outcome
        out.append(GameResult(
            index=index,
            seed=deal_seed,
            rotation=rotation,
            entries=entries,
            winners=None if result is None else tuple(result.winners),
            draw=result is not None and result.is_draw,
            steps=len(record.actions),
            record=record if keep is None or index in keep else None,
        ))
    return out


def _chunks(name: str, options: Any, seed: int, kinds: tuple[str, ...], players: int,
            games: int, max_steps: int | None, keep: frozenset[int] | None, jobs: int
            ) -> Iterator[list[GameResult]]:
    """Yield the games' results in shares, in game order, from ``jobs`` processes
    (:func:`cardwar._processes.in_processes`: Ctrl-C stops the run at once). In this
    process (``jobs`` 1) a share is one game, so that each result is in as its game ends."""
    size = 1 if jobs == 1 else max(1, min(50, math.ceil(games / (4 * jobs))))
    tasks = ((name, options, seed, kinds, players, start, min(start + size, games),
              max_steps, keep) for start in range(0, games, size))
    yield from in_processes(play_games, tasks, 1 if games <= size else jobs)


def _bradley_terry(wins: list[list[float]], rounds: int = 2000) -> list[float]:
    """Return Elo-scale ratings (the first at 0) fitted by Hunter's MM algorithm to
    ``wins[i][j]``, the meetings ``i`` won against ``j`` (halves for draws)."""
    n = len(wins)
    gamma = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            won = sum(wins[i][j] for j in range(n) if j != i)
            denominator = sum((wins[i][j] + wins[j][i]) / (gamma[i] + gamma[j])
                              for j in range(n) if j != i)
            new.append(won / denominator if denominator else gamma[i])
        total = math.fsum(new)
        new = [g * n / total for g in new]
        done = max(abs(a - b) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    return [400.0 * math.log10(g / gamma[0]) for g in gamma]


class _Tally:
    """The counts of a tournament or a ladder as its games come in: per entry (a lineup's
    place, or a ladder's agent) its seats, wins, draws, losses and unfinished games, and
    per pair the meetings won (``won[i][j]``, halves for draws) and had (``met[i][j]``);
    two seats of the same entry are no meeting."""

    def __init__(self, n: int) -> None:
        self.seats, self.wins, self.drawn, self.lost, self.cut = ([0] * n for _ in range(5))
        self.won = [[0.0] * n for _ in range(n)]
        self.met = [[0] * n for _ in range(n)]
        self.games = self.draws = self.unfinished = self.steps = 0

    def add(self, r: GameResult, who: Sequence[int]) -> None:
        """Count the game ``r``, whose seat ``s`` the entry ``who[s]`` held."""
        self.games += 1
        self.steps += r.steps
        for e in who:
            self.seats[e] += 1
        if r.winners is None:
            self.unfinished += 1
            for e in who:
                self.cut[e] += 1
            return
        self.draws += int(r.draw)
        for s, e in enumerate(who):
            if r.draw:
                self.drawn[e] += 1
            elif s in r.winners:
                self.wins[e] += 1
            else:
                self.lost[e] += 1
            for t, f in enumerate(who):
                if e == f:
                    continue
                a, b = s in r.winners, t in r.winners
                self.won[e][f] += 1.0 if a and not b else 0.0 if b and not a else 0.5
                self.met[e][f] += 1

    def standings(self, names: Sequence[str], kinds: Sequence[str]) -> tuple[Standing, ...]:
        """Return each entry's :class:`Standing`, its rating fitted to every meeting."""
        n = len(names)
        ratings = _bradley_terry([[0.0 if i == j else self.won[i][j] + 0.5 for j in range(n)]
                                  for i in range(n)])
        return tuple(
            Standing(
                name=names[e], kind=kinds[e], seats=self.seats[e], wins=self.wins[e],
                draws=self.drawn[e], losses=self.lost[e], unfinished=self.cut[e],
                meetings=sum(self.met[e]),
                score=sum(self.won[e]) / sum(self.met[e]) if sum(self.met[e]) else 0.5,
                rating=ratings[e],
            )
            for e in range(n)
        )


def summarise(game: Variant, options: Any, seed: int, kinds: tuple[str, ...], players: int,
              results: Iterable[GameResult]) -> TournamentResult:
    """Return the tournament's result from its games' results, in game order."""
    tally = _Tally(len(kinds))
    seat_wins = [0] * players
    kept = []
    for r in results:
        if r.record is not None:
            kept.append(r.record)
        tally.add(r, r.entries)
        for s in r.winners or ():
            seat_wins[s] += 1
    standings = tally.standings(_names(kinds), kinds)
    games = tally.games
    return TournamentResult(
        variant=game.NAME, options=options, seed=seed, games=games, players=players,
        lineup=kinds, standings=standings, seat_wins=tuple(seat_wins), draws=tally.draws,
        unfinished=tally.unfinished, mean_steps=tally.steps / games if games else 0.0,
        records=tuple(kept),
    )


def _checked_run(game: Variant, options: Any, games: object, jobs: object,
                 max_steps: object) -> Any:
    """Return the options value of a tournament or a ladder (``options`` itself, a dict
    of keyword arguments for ``options(...)``, or ``None`` for the defaults), once its
    variant, games, jobs and ``max_steps`` are checked."""
    if isinstance(options, dict):
        options = game.options(**options)
    elif options is None:
        options = game.options()
    if game.AUTOMATIC:
        raise AgentError(f"{game.TITLE} plays itself: there are no agents to compare")
    for what, value in (("games", games), ("jobs", jobs)):
        if type(value) is not int or value < 1:
            raise AgentError(f"{what} must be an int >= 1, got {value!r}")
    if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise AgentError(f"max_steps must be an int >= 1 or None, got {max_steps!r}")
    return options


def tournament(
    variant: Variant | str,
    agents: Sequence[str],
    games: int,
    seed: int,
    options: Any = None,
    *,
    jobs: int = 1,
    max_steps: int | None = None,
    records: Iterable[int] | bool = False,
    progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> TournamentResult:
    """Play a tournament (see the module docstring) and return its result.

    ``agents``: the lineup, agent kinds as :func:`cardwar.agents.agent` takes them, at
    least two and at most one per seat. ``options``: the variant's options value or a dict
    of keyword arguments for ``options(...)``. ``jobs``: worker processes. ``max_steps``:
    cut each game there (it then counts in ``unfinished``, neither won nor lost).
    ``records``: ``True`` to keep every game's record, or the indices of the games to keep
    (in the result's ``records``, in game order). ``progress`` is called with the
    number of games finished after each share of them. ``on_game`` is called with each
    game's :class:`GameResult` as soon as it is in, in game order, before ``progress``
    (one game at a time with ``jobs=1``; a share at a time from worker processes): a
    caller can save each record as its game ends, so that an interruption keeps every
    game played so far. An exception from either callback stops the tournament.

    Every argument is checked before any game is played; a bad one raises cardwar's
    own error (:class:`~cardwar.errors.AgentError` or
    :class:`~cardwar.errors.ArgumentError`).
    """
    game = as_variant(variant)
    check_seed(seed)
    given: object = agents  # typed, but a caller may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise AgentError(f"agents must be a sequence of agent kinds, such as "
                         f"['heuristic', 'random'], got {agents!r}")
    options = _checked_run(game, options, games, jobs, max_steps)
    players = game.num_players(game.new_game(0, options))
    kinds = _lineup(game, agents, players)
    keep = _kept(records, games)
    for name, callback in (("progress", progress), ("on_game", on_game)):
        if callback is not None and not callable(callback):
            raise wrong_type(f"tournament's {name}", "a callable or None", callback)

    def results() -> Iterator[GameResult]:
        done = 0
        for chunk in _chunks(game.NAME, options, seed, kinds, players, games, max_steps,
                             keep, jobs):
            for result in chunk:
                if on_game is not None:
                    on_game(result)
                yield result
            done += len(chunk)
            if progress is not None:
                progress(done)

    # Summarised as the games arrive: memory does not grow with the number of games
    # (only with the records asked for).
    return summarise(game, options, seed, kinds, players, results())


# --- Ladders: every agent of a variant rated together ------------------------------------


@attrs.frozen
class LadderResult:
    """What :func:`ladder` returns: its arguments, the lineups played, one
    :class:`Standing` per agent (over every game it sat in), and the pairwise meetings:
    ``won[i][j]`` the meetings agent ``i`` won against agent ``j`` (halves for draws) and
    ``met[i][j]`` how many they had, in the order of ``agents``. ``names`` are the names
    the table shows: the kind, or for an agent of one's own (``package.module:Name``)
    its ``Name`` where no other agent has it; the methods take either."""

    variant: str
    options: Any
    seed: int
    games: int
    players: int
    agents: tuple[str, ...]
    names: tuple[str, ...]
    lineups: tuple[tuple[str, ...], ...]
    standings: tuple[Standing, ...]
    won: tuple[tuple[float, ...], ...]
    met: tuple[tuple[int, ...], ...]
    unfinished: int
    mean_steps: float

    def _index(self, name: str) -> int:
        for known in (self.names, self.agents):
            if name in known:
                return known.index(name)
        raise AgentError(f"no agent {name!r} on this ladder; its agents: "
                         f"{', '.join(self.names)}")

    def score(self, agent: str, against: str) -> float:
        """Return the share of its meetings with ``against`` that ``agent`` won (draws
        count half); raise :class:`~cardwar.errors.AgentError` for an agent not on the
        ladder, or for two agents that never met (an agent with itself)."""
        i, j = self._index(agent), self._index(against)
        if not self.met[i][j]:
            raise AgentError(f"{agent} and {against} never met on this ladder")
        return self.won[i][j] / self.met[i][j]

    def ranking(self) -> tuple[str, ...]:
        """Return the agents' names best first: by rating, then by name."""
        order = sorted(self.standings, key=lambda s: (-s.rating, s.name))
        return tuple(s.name for s in order)

    def not_above(self, agent: str, other: str) -> tuple[str, ...]:
        """Return where ``agent`` does not rank above ``other``: the agents (``other``
        itself for their head-on meetings, at 50% or less) against which ``agent``'s score
        is not higher than ``other``'s. An empty tuple: ``agent`` is above ``other``
        against every agent of the ladder."""
        me, them = self._index(agent), self._index(other)
        out = []
        for third, name in enumerate(self.names):
            if third == me:
                continue
            if third == them:
                if self.score(agent, other) <= 0.5:
                    out.append(name)
            elif self.score(agent, name) <= self.score(other, name):
                out.append(name)
        return tuple(out)

    def table(self) -> str:
        """Return the standings, best rating first, then the matrix of pairwise scores
        (each row's score against each column, the columns numbered by rank)."""
        width = max(5, *(len(s.name) for s in self.standings))
        head = (f"{'rank':>4}  {'agent':<{width}}  {'rating':>6}  {'score':>6}  "
                f"{'seats':>5}  {'win rate':>8}  {'95% interval':>13}")
        lines = [head]
        by_name = {s.name: s for s in self.standings}
        order = self.ranking()
        for rank, name in enumerate(order, 1):
            s = by_name[name]
            low, high = s.interval
            lines.append(
                f"{rank:>4}  {s.name:<{width}}  {s.rating:>+6.0f}  {100 * s.score:>5.1f}%  "
                f"{s.seats:>5}  {100 * s.win_rate:>7.1f}%  "
                f"{f'{100 * low:.1f}-{100 * high:.1f}%':>13}"
            )
        # The columns are numbered by rank, so that the table keeps to 80 columns.
        lines.append("")
        lines.append("score of each row against each column (agents by rank):")
        lines.append(f"{'':<{width + 6}}" + "".join(f"{rank:>8}"
                                                   for rank in range(1, len(order) + 1)))
        for rank, name in enumerate(order, 1):
            cells = []
            for column in order:
                i, j = self.names.index(name), self.names.index(column)
                cells.append("-" if i == j or not self.met[i][j]
                             else f"{100 * self.won[i][j] / self.met[i][j]:.1f}%")
            lines.append(f"{rank:>4}  {name:<{width}}" + "".join(f"{c:>8}" for c in cells))
        return "\n".join(lines)


def ladder_agents(variant: Variant | str) -> tuple[str, ...]:
    """Return the agents a :func:`ladder` of ``variant`` rates when none are named:
    ``random``, ``first``, the variant's ``heuristic`` and its own ``search`` agent where
    it has them (Caravan's ``search`` needs numba, the ``fast`` extra, and is left out
    without it), then the agents of its own that the variant names in ``OTHER_AGENTS``
    (Caravan's rule bot, ``cardwar.caravan:CaravanRuleBot``); nothing for a variant that
    plays itself. ``ismcts`` is not among them:
    at its default budget a game of Arneson's War or Cold War costs it minutes (name it
    to rate it).

    >>> ladder_agents("generals")
    ('random', 'first', 'heuristic', 'search')
    >>> ladder_agents("war")
    ()
    """
    from cardwar.agents import has_heuristic, has_search_agent

    game = as_variant(variant)
    if game.AUTOMATIC:
        return ()
    kinds = ["random", "first"]
    if has_heuristic(game):
        kinds.append("heuristic")
    if has_search_agent(game):
        try:
            build_agent("search", game, 0)
        except AgentError:
            pass  # a search agent that needs an extra not installed
        else:
            kinds.append("search")
    kinds += getattr(game, "OTHER_AGENTS", ())
    return tuple(kinds)


def _ladder_names(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Return the names a ladder's table shows: each kind, or for an agent of one's own
    (``package.module:Name``) its ``Name`` where no other agent would have it."""
    short = [kind.partition(":")[2] if "." in kind.partition(":")[0] else kind
             for kind in kinds]
    return tuple(name if short.count(name) == 1 and name not in kinds else kind
                 for name, kind in zip(short, kinds, strict=True))


def _ladder_lineups(kinds: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    """Return the lineups of a ladder: every set of ``players`` different agents, in the
    order of ``kinds``; with fewer agents than seats, each agent in turn fills the seats
    the others leave (it is put last: :func:`tournament`'s rule)."""
    if len(kinds) >= players:
        return tuple(itertools.combinations(kinds, players))
    return tuple((*(k for k in kinds if k != filler), filler) for filler in kinds)


def ladder(
    variant: Variant | str,
    agents: Sequence[str] | None,
    games: int,
    seed: int,
    options: Any = None,
    *,
    jobs: int = 1,
    max_steps: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> LadderResult:
    """Rate agents of a variant together: play a :func:`tournament` of ``games`` games
    for every lineup of them, all on the same deals, and fit one rating to every meeting.

    ``agents``: different agent kinds (as :func:`cardwar.agents.agent` takes them), at
    least two; ``None`` for :func:`ladder_agents`. The lineups are every set of as many
    different agents as there are seats (in a two-player game, every pair); each is
    played as :func:`tournament` plays it, with the same ``seed``, so that every lineup
    meets the same deals, every agent in every seat. With fewer agents than seats, each
    agent in turn fills the seats left over. Each agent's :class:`Standing` counts every
    game it sat in; its score is the share of its pairwise meetings won (the tournament's
    score, over all lineups), its rating the Bradley-Terry strength fitted to all of them
    (Elo scale, the first agent at 0, one drawn meeting per pair as a prior). ``progress``
    is called with the number of games finished, of ``games * len(lineups)``. The result
    is a pure function of the arguments, whatever ``jobs`` is.

    >>> result = ladder("generals", ["random", "first", "heuristic"], games=40, seed=1)
    >>> result.lineups
    (('random', 'first'), ('random', 'heuristic'), ('first', 'heuristic'))
    >>> result.ranking()
    ('heuristic', 'random', 'first')
    >>> round(result.score("heuristic", "random"), 2), result.not_above("heuristic", "random")
    (0.65, ('first',))
    """
    game = as_variant(variant)
    check_seed(seed)
    options = _checked_run(game, options, games, jobs, max_steps)
    if agents is None:
        agents = ladder_agents(game)
    given: object = agents
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise AgentError(f"agents must be a sequence of agent kinds, such as "
                         f"['heuristic', 'random'], or None, got {agents!r}")
    kinds = tuple(agents)
    if len(kinds) < 2:
        raise AgentError("a ladder needs at least two agents")
    for kind in kinds:
        build_agent(kind, game, 0)  # refuses an unknown kind before any game is played
    repeated = sorted({k for k in kinds if kinds.count(k) > 1})
    if repeated:
        raise AgentError(f"a ladder rates different agents; {', '.join(repeated)} is "
                         "listed twice")
    if progress is not None and not callable(progress):
        raise wrong_type("ladder's progress", "a callable or None", progress)
    players = game.num_players(game.new_game(0, options))
    lineups = _ladder_lineups(kinds, players)
    tally = _Tally(len(kinds))
    done = 0
    size = 1 if jobs == 1 else max(1, min(50, math.ceil(games * len(lineups) / (4 * jobs))))
    tasks = [(game.NAME, options, seed, lineup, players, start, min(start + size, games),
              max_steps, frozenset[int]())
             for lineup in lineups for start in range(0, games, size)]
    shares = in_processes(play_games, tasks, 1 if len(tasks) == 1 else jobs)
    for task, share in zip(tasks, shares, strict=True):
        place = [kinds.index(kind) for kind in task[3]]
        for r in share:
            tally.add(r, [place[e] for e in r.entries])
        done += len(share)
        if progress is not None:
            progress(done)
    names = _ladder_names(kinds)
    standings = tally.standings(names, kinds)
    total = games * len(lineups)
    return LadderResult(
        variant=game.NAME, options=options, seed=seed, games=games, players=players,
        agents=kinds, names=names, lineups=lineups, standings=standings,
        won=tuple(map(tuple, tally.won)), met=tuple(map(tuple, tally.met)),
        unfinished=tally.unfinished, mean_steps=tally.steps / total,
    )
