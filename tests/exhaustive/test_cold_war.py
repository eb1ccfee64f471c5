"""Exhaustive check of Cold War on a reduced deck (DESIGN section 7.4): every deal of a
ten-card deck among three players, every choice of every player (each card, each Joker
declaration), to a stated bound of three tricks, with every reachable state checked.

The deck is 9, 10 and J in spades, hearts and diamonds, and one Joker (``DECK``): three
hands of three and a one-card stock. Its points total 87. Each game is played with
``target=1`` and ``tied_top=shared``, so the game ends when the first deal does (someone
always scores: the cards' points are never all set aside, since a player who did not
fight the last war, or the last player standing, keeps a hand), and with
``max_tricks=3``, the stated bound: a game still running after its third trick ends there
(termination ``battle_limit``). Both readings of the deal's end (``deal_end``) are
searched; the bound keeps the tree small, since a deal is otherwise bounded only by the
repetition rule (COLDWAR-REPEAT).

For every state reached (the deal included) the check is:

* the cards are conserved: ``cards_in_play`` holds the deck's cards, each once;
* the game is over exactly when no action is legal, and then ended by the target
  (``target_score``) or by the bound (``battle_limit``, after exactly three tricks);
* the acting seat is in the deal, and every seat still in the deal holds three cards, less
  the one it played in the current round (COLDWAR-HAND); a seat out of the deal has an
  empty pool, and the stock is empty (COLDWAR-LEAVE);
* a completed deal's scores add up to the points of every card not set aside, plus the
  bombs (COLDWAR-SCORE): ``sum(scores) == 87 - set_aside + sum(bombs)``.

Positions already checked are not expanded again: two states are the same position when
every field that decides the future agrees (hands as sets, since a hand's order decides
nothing). The states counted are these distinct positions, per deal, each checked once;
the games are the lines of play from the deal to an end (each sequence of choices once,
computed on the graph of positions: a position's count is the sum of its successors',
1 at an end).

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``). Every profile plays one deal per
class of suit renaming (below: 370 classes of the 16 800 deals) with ``bomb_mode=off``,
and the first deals in enumeration order with the default options (bombs on,
``deal_end=first_out``). ``ci`` and ``dev``: the renaming classes under two combinations
of ``war_trigger`` and ``draw_order`` (``any_pair`` with ``play_order``,
``tie_for_highest`` with ``winner_first``) for each ``deal_end`` (1 480 deals searched,
241 346 positions), and the first 100 deals with bombs (5 360 positions); about 30 s of
CPU on one core. ``full`` (``pytest -m slow --profile full``): the classes under all
four combinations for each ``deal_end`` (2 960 deals searched, 547 907 positions, about
1 min of CPU) and all 16 800 deals with bombs (947 220 positions, about 70 s).

The suit symmetry. With bombs off, no rule looks at a suit: plays compare ranks (or a
Joker's declared rank), refills and stakes take cards by position, and points depend on
rank. A renaming that permutes the suits within each rank maps a game onto a game, state
by state, so a deal's reachable states are the renamings of another's. Two deals are
renamings of each other exactly when every pile holds the same number of cards of each
rank (and the stock the same ranks in the same order), so one deal per such signature
covers every deal.

In short, per profile (deck: 9 10 J x S H D and one Joker, 10 cards, three players;
bound: ``max_tricks=3``, and ``target=1`` ends the game with the first deal; options
``tied_top=shared``):

* ``ci``/``dev``: 370 deals (one per renaming class) under ``bomb_mode=off`` with
  (``war_trigger``, ``draw_order``) = (any_pair, play_order) and (tie_for_highest,
  winner_first), each under ``deal_end=first_out`` and ``last_standing``; and the first
  100 of the 16 800 deals under the default options (bombs on);
* ``full``: the 370 deals under ``bomb_mode=off`` and all four combinations of
  ``war_trigger`` and ``draw_order``, under each ``deal_end``; and all 16 800 deals under
  the default options.

Each test records its deals, games and states through the ``exhaustive_counts`` fixture;
the run prints them.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardwar import cold_war
from cardwar.cards import Card
from cardwar.core import Termination
from tests.exhaustive.recording import ExhaustiveCounts
from tests.support_cold_war import unscored

pytestmark = pytest.mark.rule("COLDWAR-HAND", "COLDWAR-LEAVE", "COLDWAR-SCORE", "COLDWAR-LIMIT")

DECK: dict[str, Any] = {"ranks": "9 10 J", "suits": "SHD", "decks": 1, "jokers": 1}
#: The stated bound: tricks per game.
BOUND = 3
#: The deck's points.
POINTS = 87


def deals(cards: Sequence[Card]) -> Iterator[list[tuple[Card, ...]]]:
    """Yield every deal of ``cards``: three hands (as sets) and the stock's order."""
    idx = range(len(cards))
    for h0 in itertools.combinations(idx, 3):
        r0 = [i for i in idx if i not in h0]
        for h1 in itertools.combinations(r0, 3):
            r1 = [i for i in r0 if i not in h1]
            for h2 in itertools.combinations(r1, 3):
                r2 = [i for i in r1 if i not in h2]
                for stock in itertools.permutations(r2):
                    yield [tuple(cards[i] for i in pile) for pile in (h0, h1, h2, stock)]


def signature(deal: Sequence[tuple[Card, ...]]) -> tuple[Any, ...]:
    """Return the deal up to suit renaming: each hand's ranks, and the stock's ranks."""
    hands = tuple(tuple(sorted(int(c.rank) for c in h)) for h in deal[:3])
    return (*hands, tuple(int(c.rank) for c in deal[3]))


def key(s: cold_war.State) -> tuple[Any, ...]:
    """Return what decides the future of ``s``."""
    hands = tuple(tuple(sorted(h, key=str)) for h in s.hands)
    recent = s.recent if s.options.bomb_mode is cold_war.BombMode.LAST_PLAYS else ()
    return (s.tricks, hands, s.stock, s.pools, s.active, s.order, s.plays, s.rounds,
            s.war_rank, s.stakes, s.set_aside, recent, s.deals, s.result, s.seen)


def check_game(
    options: cold_war.Options, deal: list[tuple[Card, ...]], tally: Counter[str]
) -> None:
    """Explore every choice from ``deal``; check every state; count into ``tally`` (the
    distinct positions as ``states``, the lines of play as ``lines``)."""
    deck = Counter(cold_war.deck(options))
    lines: dict[tuple[Any, ...], int] = {}
    on_path: set[tuple[Any, ...]] = set()

    def visit(s: cold_war.State) -> int:
        """Check ``s`` and everything after it; return its lines of play to an end."""
        k = key(s)
        if k in lines:
            return lines[k]
        # No position repeats on its own path: the bounded game graph is acyclic.
        assert k not in on_path
        tally["states"] += 1
        assert Counter(cold_war.cards_in_play(s)) == deck
        actions = cold_war.legal_actions(s)
        result = cold_war.outcome(s)
        assert (result is None) == bool(actions)
        if s.last_deal is not None and s.last_deal.number == s.deals:
            d = s.last_deal
            # COLDWAR-SCORE: the deck's points, less those set aside and those of the
            # hands that did not count, plus the bombs.
            assert sum(d.scores) == POINTS - d.set_aside - unscored(d) + sum(d.bombs)
        if result is not None:
            tally[result.termination.value] += 1
            if result.termination is Termination.BATTLE_LIMIT:
                assert s.tricks == BOUND
                assert s.deals == 0
            else:
                assert result.termination is Termination.TARGET_SCORE
                assert s.deals == 1
            lines[k] = 1
            return 1
        seat = cold_war.to_act(s)
        assert seat is not None
        assert s.active[seat]
        played = {p.seat for p in s.plays}
        if s.options.deal_end is cold_war.DealEnd.FIRST_OUT:
            # COLDWAR-END-DEAL: the deal ends as soon as a seat runs out.
            assert all(s.active)
        for t in range(3):
            if s.active[t]:
                assert len(s.hands[t]) == 3 - (t in played)
            else:
                assert s.pools[t] == ()
                assert s.stock == ()
        on_path.add(k)
        total = sum(visit(cold_war.step(s, action)) for action in actions)
        on_path.discard(k)
        lines[k] = total
        return total

    tally["lines"] += visit(cold_war.new_game(0, options, deal=deal))


def run(
    option_sets: list[dict[str, Any]], *, every_deal: bool, limit: int | None = None
) -> Counter[str]:
    """Check every game of every option set: every deal (up to ``limit``), or one deal
    per class of suit renaming; return the counts."""
    tally: Counter[str] = Counter()
    started = time.perf_counter()
    for extra in option_sets:
        options = cold_war.options(target=1, tied_top="shared", max_tricks=BOUND, **DECK, **extra)
        classes: set[tuple[Any, ...]] = set()
        for deal in itertools.islice(deals(cold_war.deck(options)), limit):
            if not every_deal:
                sig = signature(deal)
                if sig in classes:
                    continue
                classes.add(sig)
            tally["games"] += 1
            check_game(options, deal, tally)
    tally["seconds"] = round(time.perf_counter() - started)
    print(dict(tally))
    return tally


#: The eight combinations of the rule options that the symmetric run plays (bombs off):
#: both readings of when a deal ends, each with the four of ``war_trigger`` and
#: ``draw_order``.
SYMMETRIC = [
    {"bomb_mode": "off", "war_trigger": w, "draw_order": d, "deal_end": e}
    for e in ("first_out", "last_standing")
    for w in ("any_pair", "tie_for_highest")
    for d in ("play_order", "winner_first")
]
#: Per profile: the combinations of ``SYMMETRIC`` played (ci and dev: for each reading of
#: the deal's end, two of the four, each option value once).
COMBINATIONS = {"ci": [SYMMETRIC[i] for i in (0, 3, 4, 7)],
                "dev": [SYMMETRIC[i] for i in (0, 3, 4, 7)],
                "full": SYMMETRIC}
#: Per profile: how many deals, in enumeration order, the run with bombs plays.
BOMB_DEALS = {"ci": 100, "dev": 100, "full": 16_800}


def deck_label() -> str:
    """Return ``DECK`` as the report names it."""
    size = len(DECK["ranks"].split()) * len(DECK["suits"]) * DECK["decks"] + DECK["jokers"]
    suits = " ".join(DECK["suits"])
    return f"{DECK['ranks']} x {suits} + {DECK['jokers']} Joker ({size} cards)"


#: The bound of every check, as the report states it.
BOUND_LABEL = f"max_tricks={BOUND}; target=1 (the first deal)"


@pytest.mark.slow
def test_every_deal_up_to_suit_renaming(
    profile: str, exhaustive_counts: ExhaustiveCounts
) -> None:
    combos = COMBINATIONS[profile]
    start = time.perf_counter()
    tally = run(combos, every_deal=False)
    seconds = time.perf_counter() - start
    assert tally["games"] == len(combos) * EXPECTED["classes"]
    assert tally["states"] == EXPECTED[f"symmetric_states_{profile}"]
    assert tally["target_score"] > 0
    assert tally["battle_limit"] > 0
    assert tally["lines"] >= tally["target_score"] + tally["battle_limit"]
    exhaustive_counts.record(
        "cold_war",
        "one deal per suit-renaming class, bombs off",
        deck=deck_label(),
        bound=BOUND_LABEL,
        option_sets=len(combos),
        deals=EXPECTED["classes"],
        games=tally["lines"],
        states=tally["states"],
        seconds=seconds,
    )


@pytest.mark.slow
def test_every_deal_with_bombs(profile: str, exhaustive_counts: ExhaustiveCounts) -> None:
    start = time.perf_counter()
    tally = run([{}], every_deal=True, limit=BOMB_DEALS[profile])
    seconds = time.perf_counter() - start
    assert tally["games"] == BOMB_DEALS[profile]
    assert tally["states"] == EXPECTED[f"bomb_states_{profile}"]
    assert tally["lines"] >= tally["target_score"] + tally["battle_limit"]
    total = EXPECTED["deals"]
    exhaustive_counts.record(
        "cold_war",
        "every deal, bombs on" if BOMB_DEALS[profile] == total
        else f"first {BOMB_DEALS[profile]:,} of {total:,} deals, bombs on",
        deck=deck_label(),
        bound=BOUND_LABEL,
        deals=tally["games"],
        games=tally["lines"],
        states=tally["states"],
        seconds=seconds,
    )


#: Counts measured by the runs above (see the module docstring).
EXPECTED = {
    "deals": 16_800,
    "classes": 370,
    "symmetric_states_ci": 241_346,
    "symmetric_states_dev": 241_346,
    "symmetric_states_full": 547_907,
    "bomb_states_ci": 5_360,
    "bomb_states_dev": 5_360,
    "bomb_states_full": 947_220,
}
