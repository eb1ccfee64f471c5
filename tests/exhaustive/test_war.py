"""Exhaustive model check of War on small decks (DESIGN §7.4): every deal of a reduced
two-player deck, under every combination of the deterministic options, played to its end
with every state checked.

A deal is a permutation of the deck cut in half: seat 0's stock is the first half, top
card first, and seat 1's the second half. Every permutation is played, so every
arrangement of two equal stocks is covered exactly once.

The deterministic options are the product of ``pickup_order`` in {winner_first,
seat_order}, ``face_down`` in {0, 1, 2, 3}, ``repeated_tie`` in {war, single_card} and
``out_of_cards`` in {last_card_stands, lose}: 32 combinations. The two remaining rule
options cannot change a two-player game with an even deck, so they are left at their
defaults. ``war_joins`` only chooses who fights a war among three or more players; with
two, a tie for the best card is always between both players. ``spare_cards`` only
concerns cards that do not divide evenly among the players, and an explicit deal of an
even deck leaves none over.

For every state of every game (the first one included) the check is:

* the cards are conserved: ``war.cards_in_play`` holds the deck's cards, each once;
* ``battles`` goes up by exactly one per step (WAR-STEP), and the generator is never
  drawn from (both pickup orders are deterministic);
* the game ends in a win (``all_cards``, the winner holding every card), an undecidable
  draw (``undecidable``, both stocks empty) or a detected cycle (``repeated_position``),
  and never reaches ``SAFETY_CAP`` battles;
* a naive recomputation agrees with the engine's cycle detection (WAR-CYCLE): the game
  ends ``repeated_position`` exactly when a plain set of visited positions
  (``state.stocks``, the initial position included) saw a position twice, and then at
  the very battle the rules page gives for Brent's method: 2**k - 1 + λ, where μ is the
  battle at which the cycle is first reached, λ its length and 2**k the smallest power of
  two at least μ + 1 and at least λ.

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``): ``ci`` and ``dev`` play the
6-card deck 2 3 4 x S H (720 deals, 23 040 games); ``full`` plays the 8-card deck
2 3 4 5 x S H (40 320 deals, 1 290 240 games; run it with ``pytest -m slow --profile
full``). The 6-card deck happens to have no cycling deal at all, so every profile also
plays the 8-card deck up to suit renaming (:func:`test_every_deal_up_to_suit_renaming`),
which meets hundreds of thousands of cycles.

The suit symmetry. War's rules never look at suits: a battle compares ranks only, both
deterministic pickup orders order cards by seat and by the order laid, and the cycle
detection compares positions for equality. Call a renaming any bijection r of the deck
that maps every card to a card of the same rank (here: for each rank, keep or swap its
two suits; 16 renamings). Playing the deal r(d) gives, state by state, the r-image of the
game of d: the same face-up ranks, winners, table sizes, eliminations and battle counts,
and stocks that are r-images. Since r is a bijection, r(p) = r(q) exactly when p = q, so
a position repeats in one game exactly when it repeats in the other, at the same
battles, and the two games end the same way after the same number of battles; r maps the
deck onto itself, so conservation holds in one exactly when it holds in the other. The
renamings act freely on deals (any renaming but the identity moves some card to another
place), so the 8! deals fall into 8!/16 = 2520 classes, one per sequence of ranks, and
playing one deal per class (the one where, for each rank, the suit first in the deck's
order comes first) checks every deal. The exhaustive test checks that argument
empirically on the deck it plays: all deals of a class end the same way after the same
number of battles.

In short, per profile (the bound: every game is played to its end by a rule, which cycle
detection guarantees; ``SAFETY_CAP`` = 1 000 000 battles only guards the check):

* ``ci``/``dev``: every deal of 2 3 4 x S H (6 cards) under the 32 option combinations;
  and one deal per class of suit renaming of 2 3 4 5 x S H (8 cards; 2 520 deals) under
  the 16 combinations with ``face_down`` 0 or 3;
* ``full``: every deal of 2 3 4 5 x S H (8 cards) under the 32 combinations; and the
  check up to suit renaming under the 32.

Each check records its deals, games and states (every state of every game, the first one
included) through the ``exhaustive_counts`` fixture; the run prints them.

Measured on one core (Python 3.11), wall-clock times on a shared machine: ci/dev, 6 cards:
720 deals x 32 combinations = 23 040 games, 115 408 states, 3 to 5 s; up to suit
renaming, 8 cards, 16 combinations: 2 520 deals, 40 320 games; full, 8 cards:
40 320 deals, 1 290 240 games, 15 741 760 states, about 220 s.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Iterable, Iterator

import attrs
import pytest

from cardwar import war
from cardwar.cards import Card, Rank, format_cards
from cardwar.core import Termination, options_to_json
from tests.exhaustive.dealing import CycleWatch, Stocks, all_deals, assert_all_cards
from tests.exhaustive.recording import ExhaustiveCounts

PLAY = war.Play.PLAY
SUITS = "SH"

#: Per profile: the ranks of the deck (each in the suits ``SUITS``) of the exhaustive check.
EXHAUSTIVE_RANKS = {"ci": "2 3 4", "dev": "2 3 4", "full": "2 3 4 5"}
#: The ranks of the deck played up to suit renaming, in every profile.
SYMMETRY_RANKS = "2 3 4 5"

#: Every value of every deterministic option (``war_joins`` and ``spare_cards`` cannot
#: matter with two players and an even deck; see the module docstring).
OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "pickup_order": ("winner_first", "seat_order"),
    "face_down": (0, 1, 2, 3),
    "repeated_tie": ("war", "single_card"),
    "out_of_cards": ("last_card_stands", "lose"),
}

#: Per profile: the option values of the check up to suit renaming. ``ci`` and ``dev``
#: leave out ``face_down`` 1 and 2 (16 combinations), which their every-deal check of 6
#: cards covers, to keep the README's test command within CI's time.
SYMMETRY_VALUES: dict[str, dict[str, tuple[object, ...]]] = {
    "ci": {**OPTION_VALUES, "face_down": (0, 3)},
    "dev": {**OPTION_VALUES, "face_down": (0, 3)},
    "full": OPTION_VALUES,
}

#: The bound of every check, as the report states it.
BOUND = "to the end (cap 1,000,000 battles)"

#: A game reaching this many battles fails the check. With n distinct cards, a running
#: two-player game is one of n!·(n - 1) positions (both stocks non-empty, every card in
#: one), so μ + λ is at most that and Brent's method ends every game within 3·n!·(n - 1)
#: battles: 10 800 for 6 cards, 846 720 for 8. The longest games actually seen last 16
#: and 55 battles; and a game whose repetition is overdue fails as soon as it passes the
#: battle the rules page predicts, long before this cap.
SAFETY_CAP = 1_000_000

#: One deal of two stocks.
Deal = Stocks


@attrs.frozen
class GameEnd:
    """How one checked game ended."""

    termination: Termination
    winners: tuple[int, ...]
    battles: int
    states: int
    """States checked: the first one and one per battle."""


@attrs.frozen
class Summary:
    """What an exhaustive run checked."""

    deck: str
    deals: int
    combinations: int
    games: int
    states: int
    longest: int
    terminations: tuple[tuple[str, int], ...]
    seconds: float

    def __str__(self) -> str:
        ends = ", ".join(f"{name} {count}" for name, count in self.terminations)
        return (
            f"deck {self.deck}: {self.deals} deals x {self.combinations} option combinations "
            f"= {self.games} games, {self.states} states checked; ends: {ends}; "
            f"longest game {self.longest} battles; {self.seconds:.1f} s"
        )


def option_combinations(ranks: str, values: dict[str, tuple[object, ...]] | None = None
                        ) -> list[war.Options]:
    """Return the options of every combination of ``values`` (``OPTION_VALUES`` by
    default) on the given deck."""
    values = OPTION_VALUES if values is None else values
    names = sorted(values)
    return [
        war.options(ranks=ranks, suits=SUITS, **dict(zip(names, combo, strict=True)))
        for combo in itertools.product(*(values[name] for name in names))
    ]




def rank_class_deals(deck: tuple[Card, ...]) -> Iterator[Deal]:
    """Yield one deal per sequence of ranks: the one where each rank's cards appear in
    the deck's suit order (the class representative of the module docstring)."""
    half = len(deck) // 2
    for ranks in sorted(set(itertools.permutations([c.rank for c in deck]))):
        unused: dict[Rank, list[Card]] = {}
        for card in deck:
            unused.setdefault(card.rank, []).append(card)
        order = tuple(unused[rank].pop(0) for rank in ranks)
        yield order[:half], order[half:]




def describe(deal: Deal, options: war.Options) -> str:
    """Return a deal and its options, to reproduce a failure."""
    stocks = [format_cards(stock) for stock in deal]
    chosen = {name: options_to_json(options)[name] for name in sorted(OPTION_VALUES)}
    return f"deal={stocks!r} options={chosen!r}"


def check_game(deal: Deal, options: war.Options, deck: frozenset[Card]) -> GameEnd:
    """Play the game of ``deal`` to its end, checking every state; return how it ended.
    """
    size = len(deck)
    state = war.new_game(0, options, deal=deal)
    rng = state.rng
    assert_all_cards(war.cards_in_play(state), deck, describe(deal, options))
    cycle = CycleWatch(state.stocks)
    states = 1
    while state.result is None:
        assert state.battles < SAFETY_CAP, f"safety cap reached: {describe(deal, options)}"
        before = state.battles
        state = war.step(state, PLAY)
        states += 1
        # WAR-STEP: one step, one battle.
        assert state.battles == before + 1, describe(deal, options)
        at = f"battle {state.battles}: {describe(deal, options)}"
        assert_all_cards(war.cards_in_play(state), deck, at)
        assert state.rng == rng, f"generator drawn: {describe(deal, options)}"
        # The naive check: a position seen before is back.
        cycle.see(state.stocks, state.battles)
        detection = cycle.detection
        if detection is not None:
            assert state.battles <= detection, (
                f"cycle not detected by battle {detection}: {describe(deal, options)}"
            )

    detection = cycle.detection
    result = state.result
    assert result is not None
    where = f"{result} after {state.battles} battles: {describe(deal, options)}"
    if detection is not None:
        # WAR-CYCLE: a repeated position ends the game, exactly when Brent's method says.
        assert result.termination is Termination.REPEATED_POSITION, where
        assert state.battles == detection, where
        assert result.winners == (), where
    elif result.termination is Termination.ALL_CARDS:
        # WAR-WIN: the winner holds every card in play.
        (winner,) = result.winners
        assert len(state.stocks[winner]) + len(state.set_aside) == size, where
        assert not state.stocks[1 - winner], where
    else:
        # WAR-UNDECIDABLE: both players ran out with equal standing cards.
        assert result.termination is Termination.UNDECIDABLE, where
        assert result.winners == (), where
        assert state.stocks == ((), ()), where
    return GameEnd(result.termination, result.winners, state.battles, states)


def check_deals(ranks: str, deals: Iterable[Deal], *, classes: bool,
                values: dict[str, tuple[object, ...]] | None = None) -> Summary:
    """Play every deal under every option combination on the deck ``ranks`` x ``SUITS``.

    With ``classes``, also check that all deals with the same sequence of ranks (a class
    of the suit symmetry) end the same way after the same number of battles.
    """
    start = time.perf_counter()
    combinations = option_combinations(ranks, values)
    deck_cards = war.deck(combinations[0])
    deck = frozenset(deck_cards)
    assert len(deck) == len(deck_cards), "the check needs a deck of distinct cards"
    ends: Counter[Termination] = Counter()
    by_class: dict[tuple[tuple[Rank, ...], int], tuple[Termination, tuple[int, ...], int]] = {}
    dealt = games = states = longest = 0
    for deal in deals:
        dealt += 1
        ranks_of_deal = tuple(c.rank for stock in deal for c in stock)
        for index, options in enumerate(combinations):
            end = check_game(deal, options, deck)
            games += 1
            states += end.states
            longest = max(longest, end.battles)
            ends[end.termination] += 1
            if classes:
                key = (ranks_of_deal, index)
                summary = (end.termination, end.winners, end.battles)
                first = by_class.setdefault(key, summary)
                assert first == summary, (
                    f"suit renaming changed the game: {describe(deal, options)} ended "
                    f"{summary}, another deal of the same ranks {first}"
                )
    return Summary(
        deck=format_cards(deck_cards),
        deals=dealt,
        combinations=len(combinations),
        games=games,
        states=states,
        longest=longest,
        terminations=tuple((t.value, ends[t]) for t in Termination if ends[t]),
        seconds=time.perf_counter() - start,
    )


def record(counts: ExhaustiveCounts, check: str, ranks: str, summary: Summary) -> None:
    """Record what one check of War's covered, for the exhaustive report."""
    counts.record(
        "war",
        check,
        deck=deck_label(ranks),
        bound=BOUND,
        option_sets=summary.combinations,
        deals=summary.deals,
        games=summary.games,
        states=summary.states,
        seconds=summary.seconds,
    )


def deck_label(ranks: str) -> str:
    """Return the deck of ``ranks`` x ``SUITS`` as the report names it."""
    return f"{ranks} x {SUITS} ({len(ranks.split()) * len(SUITS)} cards)"




@pytest.mark.slow
@pytest.mark.rule("WAR-CYCLE", "WAR-STEP", "WAR-WIN", "WAR-UNDECIDABLE")
def test_every_deal_under_every_deterministic_option(
    profile: str, exhaustive_counts: ExhaustiveCounts
) -> None:
    ranks = EXHAUSTIVE_RANKS[profile]
    deck = war.deck(war.options(ranks=ranks, suits=SUITS))
    summary = check_deals(ranks, all_deals(deck), classes=True)
    print(f"\nexhaustive War, profile {profile}: {summary}")
    record(exhaustive_counts, "every deal", ranks, summary)
    assert summary.deals == math.factorial(len(deck)), str(summary)
    assert summary.combinations == 32, str(summary)
    assert summary.games == summary.deals * summary.combinations, str(summary)


@pytest.mark.slow
@pytest.mark.rule("WAR-CYCLE", "WAR-STEP", "WAR-WIN", "WAR-UNDECIDABLE")
def test_every_deal_up_to_suit_renaming(profile: str, exhaustive_counts: ExhaustiveCounts) -> None:
    deck = war.deck(war.options(ranks=SYMMETRY_RANKS, suits=SUITS))
    summary = check_deals(SYMMETRY_RANKS, rank_class_deals(deck), classes=False,
                          values=SYMMETRY_VALUES[profile])
    print(f"\nWar up to suit renaming, profile {profile}: {summary}")
    record(exhaustive_counts, "every deal up to suit renaming", SYMMETRY_RANKS, summary)
    # 8! / 2**4 sequences of ranks, one deal each.
    classes = math.factorial(len(deck)) // 2 ** len(SYMMETRY_RANKS.split())
    assert summary.deals == classes, str(summary)
    assert summary.games == summary.deals * summary.combinations, str(summary)
    cycles = dict(summary.terminations).get(Termination.REPEATED_POSITION.value, 0)
    assert cycles > 0, f"no game cycled, so WAR-CYCLE went unchecked: {summary}"
