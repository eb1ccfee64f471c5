"""Exhaustive check of General's War on reduced decks (DESIGN section 7.4): every deal of
a small deck and every sequence of choices, to the end of the first deal, under several
option profiles, with every state checked.

A deal is a permutation of the deck: the hands are its first ``players x hand_size``
cards, seat by seat, and the reserve the rest, top first (with colour halves, one
permutation of each half). From each deal, every legal action is tried at every state
(claim or pass, opponent or partner, every squad) until the first deal ends, by the
target or two kills, or by the deal running out (the next deal is a shuffle of the
seed's generator, so the search stops there: that is the stated bound).

At every state the check is:

* the cards are conserved (``cards_in_play`` is the deck, each card once), and the game
  is over exactly when there is no legal action;
* every observation shows a seat only its own hand and squad, the revealed generals
  (which are in their owners' hands) and the face-up pot; only the number of cards of any
  other seat's squad;
* after a battle, a naive recomputation agrees: the sides' sums are those of the squads
  laid, the taker is on the only side with the highest sum and took every card of the
  table, the generals killed are exactly the Aces that opponents laid among them, and on
  equal sums nothing was taken;
* when the deal ends, every point of the deck was banked, and the dealer moved one seat
  clockwise; a game that ends does so by the target (someone at or over it) or by kills.

Sizes (deals; states visited; games, i.e. paths of choices played to their end), by
profile. ``ci`` and ``dev`` run :data:`PROFILES` and the small sizes of
:data:`SLOW_PROFILES`; ``full`` runs the large sizes of :data:`SLOW_PROFILES`
(``pytest -m slow --profile full``). The number of deals is asserted (n! for n cards,
h!·h! for two colour halves of h cards); the other counts, measured, are:

=========================  ======  =========  =======
profile                    deals   states     games
=========================  ======  =========  =======
two-carry (6 cards)        720     11 376     3 408
two-return-flex (6)        720     30 800     15 152
four-duel (6)              720     43 872     8 928
four-partnership (6)       720     39 840     6 480
halves (2 x 3 cards)       36      420        100
slow, ci: two-carry-8      24      192        48
slow, ci: two-ret-flex-h2  24      504        216
full: two-return-flex-h2   720     362 320    180 272
full: two-carry-8 (8)      40 320  1 199 520  645 120
=========================  ======  =========  =======

The ci/dev run takes about 10 s of CPU (longer on a loaded machine); the full run
several minutes.

In short: the bound is the end of the first deal (or the game's end, if it comes first),
with the first dealer seat 0 and the game's seed 0; the states are every state visited
(the tree is not merged), the games every path of choices to that bound. Every profile
(``ci``, ``dev``, ``full``) runs the option sets of :data:`PROFILES`:

* two-carry: 2 players, A 2 3 x S H (6 cards), hand 2, claim 1, target 12;
* two-return-flex: 2 players, A 2 3 x S H, hand 1, claim 1, target 12, tie
  return_to_owners, squads of one to three cards;
* four-duel: 4 players, A 2 3 x S H, hand 1, claim 1, target 6, one kill wins, the game
  ending at the first finisher (``places=False``);
* four-partnership: 4 players in partnership, A 2 3 x S H, hand 1, claim 1, target 6;
* halves: 2 players, colour halves of A 2 3 x C D (2 x 3 cards), hand 2, claim 1,
  target 12, one kill wins.

and those of :data:`SLOW_PROFILES` on a deck depending on the profile:

* ``ci``/``dev``: two-return-flex-hand-2 on A 2 x S H (4 cards), hand 2, target 6;
  two-carry-8 on A 2 x S H (4 cards), hand 1, claim 2, target 6;
* ``full``: two-return-flex-hand-2 on A 2 3 x S H (6 cards), hand 2, target 12;
  two-carry-8 on A 2 3 4 x S H (8 cards), hand 3, claim 2, target 12.

Each test records its deals, games and states through the ``exhaustive_counts`` fixture;
the run prints them.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardwar import generals
from cardwar.cards import Card, Rank
from cardwar.core import Termination
from tests.exhaustive.recording import ExhaustiveCounts

pytestmark = pytest.mark.rule(
    "GENERALS-CLAIM", "GENERALS-BATTLE", "GENERALS-TIE", "GENERALS-KILL",
    "GENERALS-DEAL-END", "GENERALS-OBSERVE",
)


@attrs.define
class Count:
    """What one exhaustive run visited."""

    deals: int = 0
    states: int = 0
    games: int = 0
    ends: Counter[str] = attrs.field(factory=Counter)


#: The profiles every run checks: name -> options (the first dealer is seat 0).
PROFILES: dict[str, dict[str, Any]] = {
    "two-carry": {
        "ranks": "A 2 3", "suits": "SH", "hand_size": 2, "claim_cards": 1, "target": 12,
    },
    "two-return-flex": {
        "ranks": "A 2 3", "suits": "SH", "hand_size": 1, "claim_cards": 1, "target": 12,
        "tie": "return_to_owners", "squad_size": "one_to_three",
    },
    "four-duel": {
        "players": 4, "ranks": "A 2 3", "suits": "SH", "hand_size": 1, "claim_cards": 1,
        "target": 6, "kills_to_win": 1, "places": False,
    },
    "four-partnership": {
        "players": 4, "ranks": "A 2 3", "suits": "SH", "hand_size": 1, "claim_cards": 1,
        "target": 6, "four_player": "partnership",
    },
    "halves": {
        "ranks": "A 2 3", "suits": "CD", "hand_size": 2, "claim_cards": 1, "target": 12,
        "deck_mode": "colour_halves", "kills_to_win": 1,
    },
}
#: The slow profiles: name -> (options in the ``full`` profile, options in ``ci``/``dev``).
SLOW_PROFILES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "two-return-flex-hand-2": (
        {
            "ranks": "A 2 3", "suits": "SH", "hand_size": 2, "claim_cards": 1, "target": 12,
            "tie": "return_to_owners", "squad_size": "one_to_three",
        },
        {
            "ranks": "A 2", "suits": "SH", "hand_size": 2, "claim_cards": 1, "target": 6,
            "tie": "return_to_owners", "squad_size": "one_to_three",
        },
    ),
    "two-carry-8": (
        {"ranks": "A 2 3 4", "suits": "SH", "hand_size": 3, "claim_cards": 2, "target": 12},
        {"ranks": "A 2", "suits": "SH", "hand_size": 1, "claim_cards": 2, "target": 6},
    ),
}


def deals(opts: generals.Options) -> Iterator[list[tuple[Card, ...]]]:
    """Yield every explicit deal of the options' deck."""
    n, k = opts.players, opts.hand_size
    if opts.deck_mode is generals.DeckMode.COLOUR_HALVES:
        black = [c for c in generals.deck(opts) if c.suit is not None and c.suit.value in "CS"]
        red = [c for c in generals.deck(opts) if c not in black]
        for a in itertools.permutations(black):
            for b in itertools.permutations(red):
                yield [a[:k], b[:k], a[k:], b[k:]]
        return
    for perm in itertools.permutations(generals.deck(opts)):
        yield [perm[i * k : (i + 1) * k] for i in range(n)] + [perm[n * k :]]


def deal_count(opts: generals.Options) -> int:
    """Return the number of deals by hand: n! for a deck of n cards, or h!·h! for two
    colour halves of h cards each."""
    n = len(generals.deck(opts))
    if opts.deck_mode is generals.DeckMode.COLOUR_HALVES:
        return math.factorial(n // 2) ** 2
    return math.factorial(n)


def check_state(state: generals.State, deck: Counter[Card]) -> None:
    """Check one state: conservation, the end, and what every seat's observation shows."""
    assert Counter(generals.cards_in_play(state)) == deck
    assert (generals.outcome(state) is None) == bool(generals.legal_actions(state))
    revealed = {c for r in state.revealed for c in r}
    for seat in range(state.players):
        assert all(c in state.hands[seat] for c in state.revealed[seat])
        seen = generals.observe(state, seat)
        shown = set(seen.hand) | set(seen.squad or ()) | {c for r in seen.revealed for c in r}
        own = set(state.hands[seat]) | set(state.squads[seat] or ())
        public = revealed | {c for p in state.pot for c in p}
        assert shown <= own | public
        assert seen.committed_sizes == tuple(len(q or ()) for q in state.squads)


def check_battle(before: generals.State, after: generals.State, value: int) -> None:
    """Recompute a battle naively and compare."""
    last = after.last
    assert last is not None
    squads = [q or () for q in before.squads]
    seat = generals.to_act(before)
    assert seat is not None
    sums = [sum(generals.card_value(c) for s in side for c in last.squads[s])
            for side in before.sides]
    assert tuple(sums) == last.sums
    assert all(last.squads[s] == squads[s] for s in range(before.players) if s != seat)
    table = [c for s in range(before.players) for c in before.pot[s] + last.squads[s]]
    if sums.count(max(sums)) > 1:
        assert last.taker is None
        assert last.taken == 0
        assert last.kills == ()
    else:
        side = before.sides[sums.index(max(sums))]
        assert last.taker in side
        assert last.taken == len(table)
        laid_by = {c: s for s in range(before.players) for c in before.pot[s] + last.squads[s]}
        aces = Counter((laid_by[c], c) for c in table
                       if c.rank is Rank.ACE and laid_by[c] not in side)
        assert Counter(last.kills) == aces
    if after.deals > before.deals:
        assert sum(after.banked) == sum(before.banked) + value
        assert after.dealer == (before.dealer + 1) % before.players


def explore(opts: generals.Options) -> Count:
    """Play every deal and every choice to the bound, checking every state visited."""
    count = Count()
    deck = Counter(generals.deck(opts))
    value = sum(map(generals.card_value, deck.elements()))
    for deal in deals(opts):
        count.deals += 1
        stack = [generals.new_game(0, opts, deal=deal)]
        while stack:
            state = stack.pop()
            count.states += 1
            check_state(state, deck)
            result = generals.outcome(state)
            if result is not None or state.deals > 1:
                count.games += 1
                if result is None:
                    count.ends["deal_end"] += 1
                    continue
                count.ends[result.termination.value] += 1
                if result.termination is Termination.TARGET_SCORE:
                    assert max(result.scores or (0,)) >= opts.target
                else:
                    assert max(state.kills[result.winners[0]]) >= opts.kills_to_win
                continue
            for action in generals.legal_actions(state):
                nxt = generals.step(state, action)
                if nxt.battles > state.battles:
                    check_battle(state, nxt, value)
                stack.append(nxt)
    return count


#: The bound of every check, as the report states it.
BOUND = "the first deal's end"


def deck_label(opts: generals.Options, settings: dict[str, Any]) -> str:
    """Return the options' deck as the report names it."""
    size = len(generals.deck(opts))
    halves = " (colour halves)" if opts.deck_mode is generals.DeckMode.COLOUR_HALVES else ""
    return f"{settings['ranks']} x {settings['suits']} ({size} cards){halves}"


def record(counts: ExhaustiveCounts, name: str, settings: dict[str, Any]) -> Count:
    """Explore the options ``settings``, check the deal count, and record the counts."""
    opts = generals.options(first_dealer=0, **settings)
    start = time.perf_counter()
    count = explore(opts)
    seconds = time.perf_counter() - start
    assert count.deals == deal_count(opts)
    assert count.games > 0
    assert count.states > count.games
    counts.record(
        "generals",
        name,
        deck=deck_label(opts, settings),
        bound=BOUND,
        deals=count.deals,
        games=count.games,
        states=count.states,
        seconds=seconds,
    )
    return count


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_deal_and_every_choice(name: str, exhaustive_counts: ExhaustiveCounts) -> None:
    count = record(exhaustive_counts, name, PROFILES[name])
    print(name, count)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW_PROFILES))
def test_every_deal_and_every_choice_slow(
    name: str, profile: str, exhaustive_counts: ExhaustiveCounts
) -> None:
    full, small = SLOW_PROFILES[name]
    count = record(exhaustive_counts, name, full if profile == "full" else small)
    print(name, profile, count)
