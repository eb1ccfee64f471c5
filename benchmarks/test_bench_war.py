"""Benchmarks of classic War: cardwar's ``war.step`` API against a naive deque loop.

Run them (they are outside the default ``testpaths``) from the repository root::

    .venv/bin/python -m pytest benchmarks --benchmark-only    # the benchmarks only
    .venv/bin/python -m pytest benchmarks --benchmark-skip    # the sanity tests only
    .venv/bin/python -m pytest benchmarks                     # both

``--benchmark-only`` skips every test that does not use the ``benchmark`` fixture,
including :func:`test_naive_matches_cardwar_lengths` (the check that the naive baseline
plays the same rules) and the doctests; run without it, or with ``--benchmark-skip``, to
include them.

Groups:

* ``war-game``: whole default games, ``GAMES`` (100) seeds per round, through cardwar's
  public ``new_game``/``outcome``/``step`` API and through :mod:`naive_war`. The table's
  parenthesised figures are the ratio between the two. The two implementations play
  different games of the same seeds (different generators), so their total battles differ
  a little; each benchmark stores its battles per round in ``extra_info["battles"]``
  (see ``--benchmark-json``) for the per-battle cost. ``benchmarks/ratio.py`` prints both
  the games/s and the battles/s ratio.
* ``war-step``: one ``war.step`` from a fixed mid-game state, once for a battle without a
  war and once for a battle with exactly one war (10 cards on the table), and one
  ``war.new_game``. The states are found by :func:`find_state`; their battle number, wars
  and table size are in ``extra_info``.
* ``war-large``: 1,000 battles of a 315-deck game, its stocks as piles (as the engine
  keeps them) and as tuples; the ratio is the gain of :mod:`cardwar.piles`.

No test asserts a timing: the machine may be shared and noisy.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import TypeVar

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import piles as piles_module
from cardwar import war
from cardwar.piles import Pile
from workloads import (
    play_cardwar_game,
    play_cardwar_games,
    play_naive_game,
    play_naive_games,
)

T = TypeVar("T")

#: Games per benchmark round in the ``war-game`` group. War's game length has a standard
#: deviation about as large as its mean (~280 battles), and the two implementations play
#: different games of the same seeds, so a small seed set makes the games/s ratio mostly
#: noise of the draw (over seeds 0..19 one implementation once played 1.7 times as many
#: battles as the other); over 100 seeds the totals agree within a few percent.
GAMES = 100
SEEDS = range(GAMES)
#: Games per implementation in the sanity test of the naive baseline.
SANITY_GAMES = 300


def run(benchmark: BenchmarkFixture, function: Callable[[], T]) -> T:
    """Call ``benchmark(function)`` typed: the fixture itself returns ``Any``."""
    result: T = benchmark(function)
    return result


def find_state(wars: int, after: int = 20, min_stock: int = 10) -> war.State:
    """Return a mid-game state whose next battle has exactly ``wars`` war rounds: the first
    one, over seeds 0, 1, 2, ..., at least ``after`` battles in, with at least ``min_stock``
    cards in each stock. It depends on the games only through which state is found, so it
    survives changes of the generator."""
    for seed in range(1000):
        state = war.new_game(seed)
        while war.outcome(state) is None:
            following = war.step(state, war.Play.PLAY)
            record = following.last
            assert record is not None
            if (
                state.battles >= after
                and min(len(stock) for stock in state.stocks) >= min_stock
                and record.wars == wars
            ):
                return state
            state = following
    raise LookupError(f"no game has a state whose next battle has {wars} wars")


# --- the naive baseline plays the same rules --------------------------------------------


def test_naive_matches_cardwar_lengths() -> None:
    """The naive loop and cardwar play the same rules, so their mean game lengths over
    many seeds agree: within 20% here, while the gap observed over 300 seeds is a few
    percent and over 3000 seeds under 2%. A naive loop playing other (shorter or cheaper)
    rules would be an unfair baseline. The bands are wide because War's game length has a
    standard deviation about as large as its mean."""
    seeds = range(SANITY_GAMES)
    naive = [play_naive_game(seed) for seed in seeds]
    cardwar = [play_cardwar_game(seed) for seed in seeds]
    naive_mean = statistics.fmean(naive)
    cardwar_mean = statistics.fmean(cardwar)
    assert 0.8 <= naive_mean / cardwar_mean <= 1.25, (naive_mean, cardwar_mean)
    # Same rules, so the same spread of lengths too (War's lengths are very skewed).
    assert 0.7 <= statistics.median(naive) / statistics.median(cardwar) <= 1.4


def test_find_state_finds_both_kinds() -> None:
    """The step benchmarks really time a battle without a war and one with one war."""
    calm = find_state(wars=0)
    fight = find_state(wars=1)
    calm_after = war.step(calm, war.Play.PLAY).last
    fight_after = war.step(fight, war.Play.PLAY).last
    assert calm_after is not None
    assert calm_after.wars == 0
    assert fight_after is not None
    assert fight_after.wars == 1


# --- whole games --------------------------------------------------------------------------


@pytest.mark.benchmark(group="war-game")
def test_cardwar_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` whole default games through ``war.new_game``/``war.step``."""
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["battles"] = play_cardwar_games(SEEDS)
    battles = run(benchmark, lambda: play_cardwar_games(SEEDS))
    assert battles == benchmark.extra_info["battles"]


@pytest.mark.benchmark(group="war-game")
def test_naive_games(benchmark: BenchmarkFixture) -> None:
    """``GAMES`` whole games of the naive deque loop (the baseline)."""
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["battles"] = play_naive_games(SEEDS)
    battles = run(benchmark, lambda: play_naive_games(SEEDS))
    assert battles == benchmark.extra_info["battles"]


# --- single steps -------------------------------------------------------------------------


@pytest.mark.benchmark(group="war-step")
def test_step_without_war(benchmark: BenchmarkFixture) -> None:
    """One ``war.step`` from a mid-game state whose battle has no war."""
    state = find_state(wars=0)
    benchmark.extra_info["battles_before"] = state.battles
    after = run(benchmark, lambda: war.step(state, war.Play.PLAY))
    assert after.last is not None
    benchmark.extra_info["wars"] = after.last.wars
    benchmark.extra_info["table_cards"] = after.last.cards
    assert after.last.wars == 0


@pytest.mark.benchmark(group="war-step")
def test_step_with_war(benchmark: BenchmarkFixture) -> None:
    """One ``war.step`` from a mid-game state whose battle has one war (10 cards)."""
    state = find_state(wars=1)
    benchmark.extra_info["battles_before"] = state.battles
    after = run(benchmark, lambda: war.step(state, war.Play.PLAY))
    assert after.last is not None
    benchmark.extra_info["wars"] = after.last.wars
    benchmark.extra_info["table_cards"] = after.last.cards
    assert after.last.wars == 1


@pytest.mark.benchmark(group="war-step")
def test_new_game(benchmark: BenchmarkFixture) -> None:
    """One ``war.new_game`` (shuffle and deal of the default 52-card deck)."""
    state = run(benchmark, lambda: war.new_game(2026))
    assert war.outcome(state) is None


# --- a game of many decks -------------------------------------------------------------------

#: The large game of issue 21 (D14): 315 decks, stocks of some 8,000 cards each.
LARGE = war.options(decks=315, max_battles=None)
#: Battles per round in the ``war-large`` group.
LARGE_BATTLES = 1000


def play_battles(state: war.State, battles: int) -> war.State:
    """Return the state after ``battles`` battles from ``state``."""
    for _ in range(battles):
        state = war.step(state, war.Play.PLAY)
    return state


def large_game(piles: bool) -> war.State:
    """Return the first state of the large game, its stocks kept as piles (the engine's
    choice for a deck this size) or as tuples (as before issue 21, D14)."""
    saved = piles_module.PILE_FROM
    piles_module.PILE_FROM = saved if piles else 10**9
    try:
        return war.new_game(1, LARGE)
    finally:
        piles_module.PILE_FROM = saved


@pytest.mark.benchmark(group="war-large")
@pytest.mark.parametrize("piles", [True, False], ids=["piles", "tuples"])
def test_battles_of_a_315_deck_game(benchmark: BenchmarkFixture, piles: bool) -> None:
    """``LARGE_BATTLES`` battles of a 315-deck game, its stocks as piles or as tuples (a
    tuple stock is copied whole every battle): the ratio is what D14 gained; the same
    battles are played either way."""
    start = large_game(piles)
    assert all((type(stock) is Pile) == piles for stock in start.stocks)
    after = run(benchmark, lambda: play_battles(start, LARGE_BATTLES))
    assert after == play_battles(large_game(not piles), LARGE_BATTLES)
    benchmark.extra_info["battles"] = LARGE_BATTLES
