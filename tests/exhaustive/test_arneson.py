"""Exhaustive model check of Arneson's War on small decks: every deal of a reduced deck
and every sequence of choices, under a grid of options, with every state checked.

A deal is a permutation of the deck cut in half: seat 0's stock is the first half, top
card first, and seat 1's the second half; every permutation is played. From each state
the check follows every legal action (a depth-first search over the game tree). States
are frozen attrs values, so they are hashable: the search memoises every state it has
seen (across all the deals of one option set, since different deals and different lines
of play often meet in the same state), checks each distinct state once, and counts

* the **deals** played;
* the **games**: complete lines of play, from a deal to an end, each sequence of choices
  counted once (computed on the memoised graph: a state's count is the sum of its
  successors' counts, 1 at an end);
* the **leaves**: distinct final states;
* the **states**: distinct states, final ones included.

The option grid: ``hand_size`` in {1, 2, 3}, ``face_down`` in {0, 1}, ``pickup_order`` in
{seat_order, shuffled} (the game's seed is fixed at 0, so the shuffled pickups are part of
the deal's one history) and ``war_pair`` in {loser, winner}: 24 option sets. With 4 cards
a hand of 3 is the whole stock and more; the engine takes what there is.

Every state is checked:

* the cards are conserved (``cards_in_play`` holds each card of the deck once);
* legal actions are non-empty exactly when the game is not over, and are the distinct
  cards of the acting seat's hand; ``to_act`` is seat 0 until it commits, then seat 1
  (ARNESON-CHOICE), and ``None`` once the game is over;
* hands hold at most ``hand_size`` cards; seat 0's committed card has left its hand;
* ``step`` never raises on a legal action, and raises ``IllegalActionError`` for every
  other card of the deck (``GameOverError``, a subclass, once the game is over);
* a commitment of seat 0 never ends the game nor a battle; a commitment of seat 1 either
  leaves a war in progress (battles unchanged) or completes one battle;
* an ended game ended for a reason consistent with the position (ARNESON-WIN,
  ARNESON-SHORT, ARNESON-LIMIT).

Termination. ``State`` counts the battles, and choices can prolong a game at will
(ARNESON-LIMIT), so without a limit the game tree is infinite. The tree is therefore
explored with ``max_battles=B``. Every path of that tree is finite: along any path the
triple (battles completed, cards on the table, commitments of the round) grows strictly
in lexicographic order (a commitment adds one; seat 1's commitment either completes a
battle or lays two more cards in a war round), the table holds at most the deck, and
battles stop at B; the search also asserts that no state is met again on its own path,
so every line of play ends, by a rule or by the limit.

B is justified by a second, unbounded search. With a deterministic pickup order the
game's future depends only on its *position*: the state without the battle limit and
the counters that only grow (battles, the last battle's record, war counts), none of
which ``step`` reads when there is no limit and no ``wars_to_win``. Positions are
finitely many, so the search of every position reachable from every deal with
``max_battles=None`` ends (shuffled pickups advance the generator's counter, so only
``seat_order`` is searched this way). It computes, by a backward search from the
ends, the least number of battles to a natural end (all_cards, undecidable or wars_won)
from every position, and D, the largest of these. The run asserts D <= B: the bound cuts
no deal off from an end it could reach; and, as a cross-check of the two searches, that
the deals of the bounded search with no natural end within B are exactly the deals whose
position is *trapped* (no line of play from it ever ends). Trapped positions exist: with
``hand_size=1`` there is no real choice, and under ``seat_order`` some deals cycle for
ever; the engine ends such a game as a draw once a position repeats (ARNESON-CYCLE, a
``repeated_position`` end that the bounded search accepts only there), and the search of
positions leaves that bookkeeping out, so it sees the cycle itself. The run checks
that every trapped position is running and leads only to trapped positions, and reports
how many there are.

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``): ``ci`` and ``dev`` search the
4-card deck 2 3 x S H under all 24 option sets with B = 8, and the 6-card deck
2 3 4 x S H with a hand of 1 (8 option sets) with B = 20 (D is 17 there); ``full``
(``pytest -m slow --profile full``) searches the 6-card deck under all 24 option sets,
with B = 20 for a hand of 1 and B = 6 for hands of 2 and 3.

In short, per profile (options: ``hand_size`` as listed, ``face_down`` in {0, 1},
``pickup_order`` in {seat_order, shuffled}, ``war_pair`` in {loser, winner}, seed 0; the
bound: ``max_battles=B``, every line of play ending by a rule or at B battles):

* ``ci``/``dev``: 2 3 x S H (4 cards), hands 1, 2, 3 (24 option sets), B = 8; and
  2 3 4 x S H (6 cards), hand 1 (8 option sets), B = 20;
* ``full``: 2 3 4 x S H (6 cards), hand 1 (8 option sets), B = 20; hand 2 (8), B = 6;
  hand 3 (8), B = 6.

Each grid records two checks through the ``exhaustive_counts`` fixture: the bounded
search (deals, games, and its distinct states, each checked once) and the unbounded
search of positions under ``seat_order`` (its distinct positions, each checked once).
The run prints them, and every option set's counts with ``pytest -s``.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter, deque

import attrs
import pytest

from cardwar import arneson
from cardwar.cards import Card, format_cards
from cardwar.core import GameOverError, IllegalActionError, Termination
from tests.exhaustive.dealing import Stocks, all_deals
from tests.exhaustive.recording import ExhaustiveCounts

SUITS = "SH"

#: The natural ends of a game: a rule decided it, not the battle limit.
NATURAL = frozenset({Termination.ALL_CARDS, Termination.UNDECIDABLE, Termination.WARS_WON})


@attrs.frozen
class Grid:
    """One exhaustive run: a deck, the option sets searched, and the battle bound."""

    ranks: str
    hand_sizes: tuple[int, ...]
    bound: int

    def option_sets(self) -> list[arneson.Options]:
        """Return every option set of the run, with ``max_battles`` at the bound."""
        return [
            arneson.options(
                ranks=self.ranks,
                suits=SUITS,
                hand_size=hand,
                face_down=down,
                pickup_order=pickup,
                war_pair=pair,
                max_battles=self.bound,
            )
            for hand, down, pickup, pair in itertools.product(
                self.hand_sizes, (0, 1), ("seat_order", "shuffled"), ("loser", "winner")
            )
        ]


#: Per profile: the exhaustive runs (see the module docstring).
GRIDS: dict[str, tuple[Grid, ...]] = {
    "ci": (Grid("2 3", (1, 2, 3), 8), Grid("2 3 4", (1,), 20)),
    "dev": (Grid("2 3", (1, 2, 3), 8), Grid("2 3 4", (1,), 20)),
    "full": (Grid("2 3 4", (1,), 20), Grid("2 3 4", (2,), 6), Grid("2 3 4", (3,), 6)),
}

#: One deal of two stocks.
Deal = Stocks




def label(options: arneson.Options) -> str:
    """Return the options that vary across the grid, to name a failing option set."""
    return (
        f"hand_size={options.hand_size} face_down={options.face_down} "
        f"pickup_order={options.pickup_order.value} war_pair={options.war_pair.value} "
        f"max_battles={options.max_battles}"
    )


def where(state: arneson.State) -> str:
    """Return a state's position, to reproduce a failure."""
    return (
        f"{label(state.options)}; hands {[format_cards(h) for h in state.hands]}, "
        f"stocks {[format_cards(s) for s in state.stocks]}, committed {state.committed}, "
        f"laid {[format_cards(cards) for cards in state.laid]}, battles {state.battles}, "
        f"result {state.result}"
    )


def check_state(state: arneson.State, deck: tuple[Card, ...]) -> tuple[arneson.Choose, ...]:
    """Check one state's invariants; return its legal actions."""
    opts = state.options
    cards = arneson.cards_in_play(state)
    assert len(cards) == len(deck), where(state)
    assert frozenset(cards) == frozenset(deck), where(state)
    legal = arneson.legal_actions(state)
    result = arneson.outcome(state)
    assert bool(legal) == (result is None), where(state)
    assert all(len(hand) <= opts.hand_size for hand in state.hands), where(state)
    assert state.committed[1] is None, where(state)
    if state.committed[0] is not None:
        assert state.committed[0] not in state.hands[0], where(state)
    seat = arneson.to_act(state)
    if result is not None:
        assert seat is None, where(state)
        check_end(state, len(deck))
        illegal = deck
    else:
        assert seat == (0 if state.committed[0] is None else 1), where(state)
        hand = state.hands[seat]
        assert Counter(a.card for a in legal) == Counter(set(hand)), where(state)
        illegal = tuple(c for c in deck if c not in hand)
    expected = GameOverError if result is not None else IllegalActionError
    for card in illegal:
        try:
            arneson.step(state, arneson.Choose(card))
        except expected:
            continue
        pytest.fail(f"{card} was accepted: {where(state)}")
    return legal


def check_end(state: arneson.State, size: int) -> None:
    """Check that an ended game ended for a reason its position supports."""
    result = state.result
    assert result is not None
    held = (state.cards_held(0), state.cards_held(1))
    if result.termination is Termination.ALL_CARDS:
        # ARNESON-WIN: the winner holds every card still in play.
        (winner,) = result.winners
        assert held[1 - winner] == 0, where(state)
        assert held[winner] + len(state.tally.set_aside) == size, where(state)
    elif result.termination is Termination.UNDECIDABLE:
        # ARNESON-SHORT: neither had a card to choose; the table was set aside.
        assert held == (0, 0), where(state)
        assert result.winners == (), where(state)
    elif result.termination is Termination.WARS_WON:
        (winner,) = result.winners
        assert state.wars_won[winner] == state.options.wars_to_win, where(state)
    elif result.termination is Termination.REPEATED_POSITION:
        # ARNESON-CYCLE: only a game without choices or chance repeats, within the limit.
        assert state.options.hand_size == 1, where(state)
        assert state.options.pickup_order.deterministic, where(state)
        assert state.battles <= (state.options.max_battles or state.battles), where(state)
        assert result.winners == (), where(state)
    else:
        # ARNESON-LIMIT: a draw after exactly max_battles battles.
        assert result.termination is Termination.BATTLE_LIMIT, where(state)
        assert state.battles == state.options.max_battles, where(state)
        assert result.winners == (), where(state)
    assert state.laid == ((), ()), where(state)


def check_transition(state: arneson.State, seat: int, child: arneson.State) -> None:
    """Check one commitment: seat 0's is hidden and ends nothing; seat 1's resolves."""
    if seat == 0:
        assert child.result is None, where(state)
        assert arneson.to_act(child) == 1, where(child)
        assert child.battles == state.battles, where(child)
        return
    if child.result is None:
        assert arneson.to_act(child) == 0, where(child)
    if child.in_war and child.result is None:
        # ARNESON-WAR: a tie leaves a war in progress within the same battle.
        assert child.battles == state.battles, where(child)
    else:
        assert child.battles == state.battles + 1, where(child)
        assert child.last is not None, where(child)


@attrs.frozen
class TreeCounts:
    """What the search of one option set found."""

    deals: int
    games: int
    leaves: int
    states: int
    ends: Counter[str]
    deepest: int
    """The most commitments in one game."""
    cut_off: frozenset[arneson.State]
    """The deals (first states) with no natural end within the bound."""


def search(options: arneson.Options) -> TreeCounts:
    """Search every deal and every line of play under ``options``; check every state."""
    deck = arneson.deck(options)
    assert len(set(deck)) == len(deck), "the check needs a deck of distinct cards"
    games_from: dict[arneson.State, int] = {}
    natural_from: dict[arneson.State, bool] = {}
    depth_from: dict[arneson.State, int] = {}
    on_path: set[arneson.State] = set()

    def visit(state: arneson.State) -> None:
        legal = check_state(state, deck)
        if not legal:
            result = state.result
            assert result is not None
            games_from[state] = 1
            natural_from[state] = result.termination in NATURAL
            depth_from[state] = 0
            return
        on_path.add(state)
        seat = arneson.to_act(state)
        assert seat is not None
        games = 0
        natural = False
        depth = 0
        for action in legal:
            child = arneson.step(state, action)
            # No state repeats on its own path: the bounded tree is finite.
            assert child not in on_path, where(child)
            check_transition(state, seat, child)
            if child not in games_from:
                visit(child)
            games += games_from[child]
            natural = natural or natural_from[child]
            depth = max(depth, depth_from[child] + 1)
        on_path.discard(state)
        games_from[state] = games
        natural_from[state] = natural
        depth_from[state] = depth

    deals = games = deepest = 0
    cut_off: set[arneson.State] = set()
    for deal in all_deals(deck):
        deals += 1
        root = arneson.new_game(0, options, deal=deal)
        if root not in games_from:
            visit(root)
        games += games_from[root]
        deepest = max(deepest, depth_from[root])
        if not natural_from[root]:
            cut_off.add(root)
    ends: Counter[str] = Counter()
    for state in games_from:
        if state.result is not None:
            ends[state.result.termination.value] += 1
    return TreeCounts(
        deals=deals,
        games=games,
        leaves=sum(ends.values()),
        states=len(games_from),
        ends=ends,
        deepest=deepest,
        cut_off=frozenset(cut_off),
    )


def position(state: arneson.State) -> arneson.State:
    """Return the state's position: the state without the battle limit and the counters
    that only grow, the battles, the last battle's record and the war counts (with no
    battle limit and no ``wars_to_win``, ``step`` reads none of them), and without the
    cycle detection's bookkeeping (ARNESON-CYCLE), so that the search is of the game's
    positions."""
    assert state.options.wars_to_win is None
    unlimited = attrs.evolve(state.options, max_battles=None)
    tally = attrs.evolve(state.tally, wars=0, wars_won=(0, 0))
    return attrs.evolve(state, options=unlimited, tally=tally, battles=0, last=None, cycle=None)


@attrs.frozen
class PositionCounts:
    """What the unbounded search of positions found."""

    positions: int
    ends: int
    """Final positions (natural ends; there is no limit)."""
    trapped: frozenset[arneson.State]
    """Positions from which no line of play reaches an end: every continuation is an
    endless game (ARNESON-LIMIT: no cycle detection applies)."""
    quickest: int
    """D: the most battles a position that can end needs, by its quickest line of play."""


def search_positions(options: arneson.Options) -> PositionCounts:
    """Explore every position reachable from every deal with no battle limit; return the
    counts, the positions that can never end, and D."""
    assert options.max_battles is None
    assert options.pickup_order.deterministic
    deck = arneson.deck(options)
    successors: dict[arneson.State, list[tuple[arneson.State, bool]]] = {}
    queue: deque[arneson.State] = deque()
    for deal in all_deals(deck):
        root = position(arneson.new_game(0, options, deal=deal))
        if root not in successors:
            successors[root] = []
            queue.append(root)
    while queue:
        state = queue.popleft()
        cards = arneson.cards_in_play(state)
        assert len(cards) == len(deck), where(state)
        assert frozenset(cards) == frozenset(deck), where(state)
        # The generator is never drawn from: the position is all there is.
        assert state.rng == arneson.new_game(0, options, deal=((), deck)).rng, where(state)
        seat = arneson.to_act(state)
        for action in arneson.legal_actions(state):
            child = arneson.step(state, action)
            # Seat 1's commitment completes a battle unless a war goes on.
            completes = seat == 1 and not (child.in_war and child.result is None)
            child = position(child)
            successors[state].append((child, completes))
            if child not in successors:
                successors[child] = []
                queue.append(child)
    # Least battles to an end, by a 0-1 breadth-first search backwards from the ends.
    predecessors: dict[arneson.State, list[tuple[arneson.State, bool]]] = {
        s: [] for s in successors
    }
    for state, edges in successors.items():
        for child, completes in edges:
            predecessors[child].append((state, completes))
    ends = [s for s in successors if s.result is not None]
    for state in ends:
        assert state.result is not None
        assert state.result.termination in NATURAL, where(state)
    distance: dict[arneson.State, int] = {}
    work: deque[tuple[arneson.State, int]] = deque((s, 0) for s in ends)
    while work:
        state, battles = work.popleft()
        if state in distance:
            continue
        distance[state] = battles
        for parent, completes in predecessors[state]:
            if parent not in distance:
                if completes:
                    work.append((parent, battles + 1))
                else:
                    work.appendleft((parent, battles))
    trapped = frozenset(s for s in successors if s not in distance)
    for state in trapped:
        # A trapped position is running, and so is every position it leads to.
        assert state.result is None, where(state)
        assert all(child in trapped for child, _ in successors[state]), where(state)
    return PositionCounts(
        positions=len(successors),
        ends=len(ends),
        trapped=trapped,
        quickest=max(distance.values(), default=0),
    )


def run_grid(grid: Grid) -> tuple[list[str], Counter[str], float]:
    """Search every option set of ``grid``; return one report line per option set and a
    total line, the totals (``deals`` summed over option sets, ``deals_each`` per option
    set, ``seat_order`` the option sets searched without a bound), and the seconds the
    unbounded searches took."""
    lines = []
    totals: Counter[str] = Counter()
    unbounded_seconds = 0.0
    deals_each: set[int] = set()
    for options in grid.option_sets():
        start = time.perf_counter()
        counts = search(options)
        line = (
            f"{label(options)}: {counts.deals} deals, {counts.games} games, "
            f"{counts.leaves} leaves, {counts.states} states, deepest {counts.deepest} "
            f"commitments, ends {dict(sorted(counts.ends.items()))}, "
            f"{len(counts.cut_off)} deals with no natural end within the bound"
        )
        assert counts.games >= counts.leaves >= 1, line
        if options.pickup_order.deterministic:
            started = time.perf_counter()
            unbounded = search_positions(attrs.evolve(options, max_battles=None))
            unbounded_seconds += time.perf_counter() - started
            # B is at least D: the bound cuts no deal off from an end it could reach...
            assert unbounded.quickest <= grid.bound, (
                f"the bound {grid.bound} is below D = {unbounded.quickest}: {label(options)}"
            )
            # ...so a deal has no natural end within B exactly when it can never end.
            roots = {
                position(arneson.new_game(0, options, deal=deal))
                for deal in all_deals(arneson.deck(options))
            }
            assert {position(root) for root in counts.cut_off} == roots & unbounded.trapped, (
                label(options)
            )
            line += (
                f"; unbounded: {unbounded.positions} positions, {unbounded.ends} ends, "
                f"{len(unbounded.trapped)} trapped positions, D = {unbounded.quickest}"
            )
            totals["positions"] += unbounded.positions
            totals["trapped"] += len(unbounded.trapped)
            totals["seat_order"] += 1
        lines.append(f"{line}; {time.perf_counter() - start:.2f} s")
        totals["deals"] += counts.deals
        deals_each.add(counts.deals)
        totals["games"] += counts.games
        totals["leaves"] += counts.leaves
        totals["states"] += counts.states
        totals["cut_off"] += len(counts.cut_off)
    lines.append(
        f"total, deck {grid.ranks} x {SUITS}, B = {grid.bound}: "
        f"{len(grid.option_sets())} option sets, {totals['deals']} deals, "
        f"{totals['games']} games, {totals['leaves']} leaves, {totals['states']} states, "
        f"{totals['cut_off']} deals with no natural end within B; unbounded seat_order: "
        f"{totals['positions']} positions, {totals['trapped']} trapped"
    )
    # Every option set played the same deals: every deal of the deck.
    (totals["deals_each"],) = deals_each
    return lines, totals, unbounded_seconds


@pytest.mark.slow
@pytest.mark.rule(
    "ARNESON-CHOICE",
    "ARNESON-REFILL",
    "ARNESON-WAR",
    "ARNESON-REPEAT",
    "ARNESON-SHORT",
    "ARNESON-WIN",
    "ARNESON-LIMIT",
    "ARNESON-CYCLE",
)
def test_every_deal_and_every_line_of_play(
    profile: str, exhaustive_counts: ExhaustiveCounts
) -> None:
    for grid in GRIDS[profile]:
        start = time.perf_counter()
        lines, totals, unbounded_seconds = run_grid(grid)
        seconds = time.perf_counter() - start
        print(f"\nexhaustive Arneson's War, profile {profile}:")
        print("\n".join(lines))
        print(f"{seconds:.1f} s")
        size = len(grid.ranks.split()) * len(SUITS)
        assert totals["deals_each"] == math.factorial(size)
        hands = ", ".join(map(str, grid.hand_sizes))
        name = f"hand {hands}"
        deck = f"{grid.ranks} x {SUITS} ({size} cards)"
        exhaustive_counts.record(
            "arneson",
            f"{name}: every deal and line",
            deck=deck,
            bound=f"max_battles={grid.bound}",
            option_sets=len(grid.option_sets()),
            deals=totals["deals_each"],
            games=totals["games"],
            states=totals["states"],
            seconds=seconds - unbounded_seconds,
        )
        exhaustive_counts.record(
            "arneson",
            f"{name}: positions, no limit",
            deck=deck,
            bound="none (every position, seat_order)",
            option_sets=totals["seat_order"],
            deals=totals["deals_each"],
            games=None,
            states=totals["positions"],
            seconds=unbounded_seconds,
        )
