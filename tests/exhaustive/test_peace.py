"""Exhaustive model check of Peace on small decks: every deal of a reduced deck, under
every combination of the deterministic options, played to its end with every state
checked.

A deal is a permutation of the deck cut into equal stocks, seat 0's first, each top card
first; every permutation is played, so every arrangement of equal stocks is covered.

The deterministic options: ``pickup_order`` in {winner_first, seat_order}, and with three
or more players ``peace_joins`` in {all, tied}; with two players a tie for the lowest
card is always between both, so ``peace_joins`` cannot matter and stays at its default.
``max_battles`` is ``None``: every game must end by a rule. ``spare_cards`` cannot matter
with an explicit deal of a deck that divides evenly.

Peace stakes five face-down cards per peace (PEACE-FACE-DOWN), so on these decks almost
every peace finds a player short of cards (PEACE-SHORT), often with a standing card, and
many end undecidable (PEACE-UNDECIDABLE): the short-of-cards rules are exercised
constantly.

For every state of every game (the first one included) the check is:

* the cards are conserved: ``cards_in_play`` holds the deck's cards, each once;
* ``battles`` goes up by exactly one per step (PEACE-STEP), the generator is never drawn
  from, and the set-aside cards only grow;
* a player out of cards never turns up a card again (PEACE-OUT-OF-GAME);
* the game ends in a win (``all_cards``: the winner holds every card not set aside;
  PEACE-WIN), an undecidable draw (``undecidable``: nobody holds a card) or a detected
  cycle (``repeated_position``), and never reaches ``SAFETY_CAP`` battles;
* a naive recomputation agrees with the engine's cycle detection (PEACE-CYCLE, as
  WAR-CYCLE): the game ends ``repeated_position`` exactly when a plain set of visited
  positions (``state.stocks``, the initial one included) saw a position twice, and then
  at the battle Brent's method gives: 2**k - 1 + λ, where μ is the battle at which the
  cycle is first reached, λ its length and 2**k the smallest power of two at least
  μ + 1 and at least λ.

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``): every profile plays two
players on the 8-card deck 2 3 4 5 x S H (40 320 deals x 2 = 80 640 games) and three
players on the 6-card deck 2 3 4 x S H (720 deals x 4 = 2 880 games); ``full`` (``pytest
-m slow --profile full``) adds three players on the 9-card deck 2 3 4 x C H S (362 880
deals x 4 = 1 451 520 games) and four players on the 8-card deck (40 320 deals x 4 =
161 280 games).

In short, per profile (options: ``pickup_order`` in {winner_first, seat_order}, and
``peace_joins`` in {all, tied} with three or more players; ``max_battles=None``; the bound:
every game is played to its end by a rule, which cycle detection guarantees, and
``SAFETY_CAP`` = 1 000 000 battles only guards the check):

* ``ci``/``dev``: 2 players, 2 3 4 5 x S H (8 cards, 2 option sets); 3 players,
  2 3 4 x S H (6 cards, 4 option sets);
* ``full``: those two, and 3 players on 2 3 4 x C H S (9 cards, 4 option sets) and
  4 players on 2 3 4 5 x S H (8 cards, 4 option sets).

Each run records its deals, games and states (every state of every game, the first one
included) through the ``exhaustive_counts`` fixture; the run prints them, and the
details with ``pytest -s``.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter

import attrs
import pytest

from cardwar import peace
from cardwar.cards import Card, format_cards
from cardwar.core import Termination
from tests.exhaustive.dealing import CycleWatch, Stocks, all_deals, assert_all_cards
from tests.exhaustive.recording import ExhaustiveCounts

PLAY = peace.Play.PLAY

#: The bound of every run, as the report states it.
BOUND = "to the end (cap 1,000,000 battles)"

#: A game reaching this many battles fails the check. With n distinct cards and p
#: players a position is an arrangement of at most n cards into p ordered stocks, fewer
#: than (n + p)! of them, so μ + λ is below that and Brent's method ends every game within
#: three times as many battles; the longest games actually seen last 55 battles.
SAFETY_CAP = 1_000_000

@attrs.frozen
class Run:
    """One exhaustive run: a deck and a number of players."""

    ranks: str
    suits: str
    players: int

    def option_sets(self) -> list[peace.Options]:
        """Return every combination of the deterministic options for this run."""
        joins = ("all", "tied") if self.players > 2 else ("all",)
        return [
            peace.options(
                players=self.players,
                ranks=self.ranks,
                suits=self.suits,
                pickup_order=pickup,
                peace_joins=join,
                max_battles=None,
            )
            for pickup, join in itertools.product(("winner_first", "seat_order"), joins)
        ]


#: Per profile: the exhaustive runs (see the module docstring).
RUNS: dict[str, tuple[Run, ...]] = {
    "ci": (Run("2 3 4 5", "SH", 2), Run("2 3 4", "SH", 3)),
    "dev": (Run("2 3 4 5", "SH", 2), Run("2 3 4", "SH", 3)),
    "full": (
        Run("2 3 4 5", "SH", 2),
        Run("2 3 4", "SH", 3),
        Run("2 3 4", "CHS", 3),
        Run("2 3 4 5", "SH", 4),
    ),
}






def describe(deal: Stocks, options: peace.Options) -> str:
    """Return a deal and its options, to reproduce a failure."""
    return (
        f"deal={[format_cards(s) for s in deal]!r} pickup_order="
        f"{options.pickup_order.value} peace_joins={options.peace_joins.value}"
    )


@attrs.frozen
class GameEnd:
    """How one checked game ended."""

    termination: Termination
    battles: int
    states: int
    peaces: int
    standing: int
    """Battles in which a player's previous face-up card stood (PEACE-SHORT)."""


def check_game(deal: Stocks, options: peace.Options, deck: frozenset[Card]) -> GameEnd:
    """Play the game of ``deal`` to its end, checking every state; return how it ended.
    """
    size = len(deck)
    state = peace.new_game(0, options, deal=deal)
    rng = state.rng
    assert_all_cards(peace.cards_in_play(state), deck, describe(deal, options))
    cycle = CycleWatch(state.stocks)
    states = 1
    standing = 0
    out: set[int] = set()
    while state.result is None:
        assert state.battles < SAFETY_CAP, f"safety cap reached: {describe(deal, options)}"
        before = state
        state = peace.step(state, PLAY)
        states += 1
        at = f"battle {state.battles}: {describe(deal, options)}"
        # PEACE-STEP: one step, one battle.
        assert state.battles == before.battles + 1, at
        assert_all_cards(peace.cards_in_play(state), deck, at)
        assert state.rng == rng, f"generator drawn: {at}"
        assert state.set_aside[: len(before.set_aside)] == before.set_aside, at
        record = state.last
        assert record is not None, at
        # PEACE-OUT-OF-GAME: a player out of cards never plays again.
        assert not {t.seat for r in record.rounds for t in r} & out, at
        out |= {s for s in range(state.players) if not state.stocks[s]}
        standing += any(t.standing for r in record.rounds for t in r)
        # The naive check: a position seen before is back.
        cycle.see(state.stocks, state.battles)
        detection = cycle.detection
        if detection is not None:
            assert state.battles <= detection, f"cycle not detected by then: {at}"

    detection = cycle.detection
    result = state.result
    assert result is not None
    where = f"{result} after {state.battles} battles: {describe(deal, options)}"
    holders = [s for s in range(state.players) if state.stocks[s]]
    if detection is not None:
        # PEACE-CYCLE: a repeated position ends the game, exactly when Brent's method says.
        assert result.termination is Termination.REPEATED_POSITION, where
        assert state.battles == detection, where
        assert result.winners == (), where
        assert len(holders) >= 2, where
    elif result.termination is Termination.ALL_CARDS:
        # PEACE-WIN: the winner holds every card not set aside.
        assert holders == list(result.winners), where
        assert len(state.stocks[holders[0]]) + len(state.set_aside) == size, where
    else:
        # PEACE-UNDECIDABLE: nobody can break the tie, and nobody holds a card.
        assert result.termination is Termination.UNDECIDABLE, where
        assert result.winners == (), where
        assert holders == [], where
        assert len(state.set_aside) == size, where
    return GameEnd(result.termination, state.battles, states, state.wars, standing)


@attrs.frozen
class RunCounts:
    """What one run checked, and its summary line."""

    line: str
    deals: int
    option_sets: int
    games: int
    states: int
    seconds: float


def check_run(run: Run) -> RunCounts:
    """Play every deal of ``run`` under every option set; return its counts."""
    start = time.perf_counter()
    option_sets = run.option_sets()
    deck_cards = peace.deck(option_sets[0])
    deck = frozenset(deck_cards)
    assert len(deck) == len(deck_cards), "the check needs a deck of distinct cards"
    ends: Counter[Termination] = Counter()
    deals = games = states = longest = peaces = standing = 0
    for deal in all_deals(deck_cards, run.players):
        deals += 1
        for options in option_sets:
            end = check_game(deal, options, deck)
            games += 1
            states += end.states
            longest = max(longest, end.battles)
            peaces += end.peaces
            standing += end.standing
            ends[end.termination] += 1
    assert games == deals * len(option_sets)
    assert deals == math.factorial(len(deck_cards))
    listed = ", ".join(f"{t.value} {ends[t]}" for t in Termination if ends[t])
    seconds = time.perf_counter() - start
    line = (
        f"{run.players} players, deck {format_cards(deck_cards)}: {deals} deals x "
        f"{len(option_sets)} option sets = {games} games, {states} states; ends: {listed}; "
        f"{peaces} battles with a peace, {standing} with a standing card; longest "
        f"{longest} battles; {seconds:.1f} s"
    )
    return RunCounts(line, deals, len(option_sets), games, states, seconds)




@pytest.mark.slow
@pytest.mark.rule(
    "PEACE-STEP",
    "PEACE-SHORT",
    "PEACE-UNDECIDABLE",
    "PEACE-WIN",
    "PEACE-CYCLE",
    "PEACE-OUT-OF-GAME",
)
def test_every_deal_under_every_deterministic_option(
    profile: str, exhaustive_counts: ExhaustiveCounts
) -> None:
    runs = [(run, check_run(run)) for run in RUNS[profile]]
    lines = [counts.line for _, counts in runs]
    print(f"\nexhaustive Peace, profile {profile}:\n" + "\n".join(lines))
    for run, counts in runs:
        size = len(run.ranks.split()) * len(run.suits)
        exhaustive_counts.record(
            "peace",
            f"{run.players} players, {size} cards, every deal",
            deck=f"{run.ranks} x {run.suits} ({size} cards)",
            bound=BOUND,
            option_sets=counts.option_sets,
            deals=counts.deals,
            games=counts.games,
            states=counts.states,
            seconds=counts.seconds,
        )
    two_players = lines[0]
    # The 8-card two-player deck meets every way a game can end.
    for termination in ("all_cards", "undecidable", "repeated_position"):
        assert termination in two_players, two_players
