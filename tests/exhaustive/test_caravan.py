"""Exhaustive model check of Caravan on tiny decks (DESIGN §7.4): every deal and every
choice, every reachable state checked.

Each configuration gives both seats a four-card custom deck (``min_deck_size=4``), with
face cards and Jokers among them, and an opening hand. From every deal of the
configuration (each seat's deck in every order), every legal action of every reachable
state is stepped, depth first, and every distinct state is checked once:

* cards are conserved: ``cards_in_play`` holds both decks' cards, each as often;
* every caravan's incrementally kept value, suit and direction equal a recomputation
  from scratch by a naive oracle (CARAVAN-VALUE, CARAVAN-SUIT, CARAVAN-DIRECTION,
  CARAVAN-RECOMPUTE);
* ``legal_actions`` lists distinct actions, exactly the set a naive reading of the rules
  allows (``tests.support_caravan.naive_legal``), and is empty exactly at the end;
* the turns stay within the bound of CARAVAN-LIMIT, and an ended game's outcome agrees
  with its positions and hands.

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``): ``ci`` and ``dev`` play, for
each configuration, every order of seat 0's deck against seat 1's deck in its given order
(24 deals); ``full`` plays every order of both decks (576 deals per configuration; run it
with ``pytest -m slow --profile full``). With an opening hand of four, the whole deck is
in the hand and the deal only orders it, so one deal stands for all of them. No
configuration can sell two caravans of one seat (four cards are too few), so the games
end by an empty hand; selling is checked by the scenario tests.

In short, per profile (the options: ``min_deck_size=4`` and the configuration's own,
listed in :data:`CONFIGS`: opening hands of 3 and 4, and ``early_finish`` with
``face_limit=1``; the bound: every game to its end, which CARAVAN-LIMIT bounds at
``turn_bound`` = 14 turns for each configuration here):

* ``ci``/``dev``: per configuration, 24 deals (1 with an opening hand of 4);
* ``full``: per configuration, 576 deals (1 with an opening hand of 4).

The states counted are the distinct states reached from the configuration's deals, each
checked once; the games, the lines of play from a deal to an end (each sequence of
choices once, computed on the graph of states: a state's count is the sum of its
successors', 1 at an end). Each configuration records its deals, games and states
through the ``exhaustive_counts`` fixture; the run prints them.

Measured on one core (Python 3.11), CPU time: ci/dev, five configurations, about 180 000
states, 12 s (about 40 s of wall-clock time on a loaded shared machine).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Iterator

import pytest

from cardwar import caravan
from cardwar.cards import Card, Rank, parse_cards
from cardwar.core import Termination
from tests.exhaustive.recording import ExhaustiveCounts
from tests.support_caravan import naive_legal, recomputed, turn_bound

pytestmark = pytest.mark.rule(
    "CARAVAN-VALUE",
    "CARAVAN-SUIT",
    "CARAVAN-DIRECTION",
    "CARAVAN-RECOMPUTE",
    "CARAVAN-OPENING",
    "CARAVAN-OPENING-DISCARD",
    "CARAVAN-EMPTY-HAND",
    "CARAVAN-LIMIT",
)

#: (name, seat 0's deck, seat 1's deck, options) of each configuration.
CONFIGS: list[tuple[str, str, str, dict[str, object]]] = [
    ("queen-king", "AH 5H 9S QS", "AC 5C 9H KD", {"opening_hand": 3}),
    ("queen-king-hand-4", "AH 5H 9S QS", "AC 5C 9H KD", {"opening_hand": 4}),
    ("joker-king-hand-4", "AH 5H 9S JK", "AC 5C 9H KD", {"opening_hand": 4}),
    ("jack-joker", "AH 2H 3S JC", "AS 2S JK 3H", {"opening_hand": 3}),
    ("jack-joker-early", "AH 2H 3S JC", "AS 2S JK 3H", {"opening_hand": 3,
                                                         "early_finish": True,
                                                         "face_limit": 1}),
]


def deals(d0: str, d1: str, opening_hand: int, profile: str) -> Iterator[list[tuple[Card, ...]]]:
    """Yield the deals of a configuration for the profile (see the module docstring)."""
    c0, c1 = parse_cards(d0), parse_cards(d1)
    if opening_hand >= len(c0) and opening_hand >= len(c1):
        yield [c0, c1]
        return
    for p0 in itertools.permutations(c0):
        orders = itertools.permutations(c1) if profile == "full" else [c1]
        for p1 in orders:
            yield [p0, p1]


def check_state(state: caravan.State, deck: Counter[Card], bound: int) -> None:
    """Check every invariant of the module docstring on one state."""
    assert Counter(caravan.cards_in_play(state)) == deck
    for car in state.caravans:
        assert car == recomputed(car)
    legal = caravan.legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert set(legal) == naive_legal(state)
    result = caravan.outcome(state)
    assert (result is None) == bool(legal)
    assert state.turns <= bound
    if result is None:
        return
    won = state.positions
    assert result.scores == (won.count(0), won.count(1))
    if result.termination is Termination.CARAVANS_SOLD:
        assert None not in won or state.options.early_finish
        assert won.count(result.winners[0]) >= 2
    else:
        assert result.termination is Termination.EMPTY_HAND
        assert state.hands[1 - result.winners[0]] == ()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "d0", "d1", "opts"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_every_deal_and_every_choice(
    name: str,
    d0: str,
    d1: str,
    opts: dict[str, object],
    profile: str,
    exhaustive_counts: ExhaustiveCounts,
) -> None:
    start = time.perf_counter()
    options = caravan.options(deck_0=d0, deck_1=d1, min_deck_size=4, **opts)
    deck = Counter(parse_cards(d0) + parse_cards(d1))
    bound = turn_bound(options)
    lines: dict[caravan.State, int] = {}
    ends: Counter[str] = Counter()
    faces_seen: set[Rank] = set()
    opening_hand = int(str(opts["opening_hand"]))

    def visit(state: caravan.State) -> int:
        """Check ``state`` and every state after it; return its lines of play to an end."""
        if state in lines:
            return lines[state]
        check_state(state, deck, bound)
        for car in state.caravans:
            for p in car.piles:
                faces_seen.update(f.rank for f in p.faces)
        result = caravan.outcome(state)
        if result is not None:
            ends[str(result.termination)] += 1
            lines[state] = 1
            return 1
        total = 0
        for action in caravan.legal_actions(state):
            child = caravan.step(state, action)
            # Every step is a turn, so no state repeats on a path: the graph is acyclic.
            assert child.turns == state.turns + 1
            total += visit(child)
        lines[state] = total
        return total

    played = games = 0
    for deal in deals(d0, d1, opening_hand, profile):
        played += 1
        games += visit(caravan.new_game(0, options, deal=deal))
    # The search reached ended games; with the whole deck in hand from the start, every
    # face card that stays on the table (not a Jack, which leaves with its target) was
    # played at some point.
    assert sum(ends.values()) > 0
    if opening_hand >= 4:
        assert faces_seen >= {c.rank for c in deck if caravan.pip(c) is None} - {Rank.JACK}
    print(f"{name}: {len(lines)} states, {games} games, ends {dict(ends)}")
    one_deal = opening_hand >= len(deck) // 2
    assert played == (1 if one_deal else 24 if profile != "full" else 576)
    assert games >= sum(ends.values())
    exhaustive_counts.record(
        "caravan",
        name,
        deck=f"{d0} / {d1} ({len(deck)} cards)",
        bound=f"to the end (turn bound {bound})",
        deals=played,
        games=games,
        states=len(lines),
        seconds=time.perf_counter() - start,
    )
