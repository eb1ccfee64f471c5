"""Piles (``cardwar.piles.Pile``): the stocks and win piles of large War-family games
(issue 21, D14: a 315-deck game copied two stocks of ~8,000 cards every battle).

A pile must behave exactly as the tuple of its cards, and a game played with piles must
be the game played with tuples, state by state, digest for digest."""

from __future__ import annotations

import copy
import math
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import arneson, peace, records, war
from cardwar import piles as piles_module
from cardwar.cards import Card, parse_cards, standard_deck
from cardwar.piles import EMPTY, Pile, advanced
from tests.strategies import arneson_options, peace_options, play_out, seeds, war_options

DECK = standard_deck(copies=2)
cards = st.lists(st.sampled_from(DECK), max_size=40).map(tuple)


def model_after(pile: tuple[Card, ...], taken: int, added: tuple[Card, ...]) -> tuple[Card, ...]:
    """Return what ``advanced`` must give, computed on tuples."""
    return (pile + added)[taken:]


@st.composite
def piles(draw: st.DrawFn) -> tuple[Pile, tuple[Card, ...]]:
    """Return a pile built by a random run of ``advanced`` calls, and its model tuple."""
    start = draw(cards)
    pile, model = Pile.of(start), start
    for _ in range(draw(st.integers(0, 30))):
        added = draw(cards)
        taken = draw(st.integers(0, len(model) + len(added)))
        pile, model = pile.advanced(taken, added), model_after(model, taken, added)
    return pile, model


def check_shape(pile: Pile) -> None:
    """Assert the bound that keeps ``advanced`` cheap: the tail never holds more than
    about the square root of twice the rest of the pile (plus what one call added)."""
    rest = len(pile._base) - pile._start
    assert 0 <= pile._start <= len(pile._base)
    if pile._tail:
        assert rest > 0
        assert len(pile._tail) <= math.isqrt(2 * rest) + 40


@given(piles())
def test_a_pile_is_the_tuple_of_its_cards(built: tuple[Pile, tuple[Card, ...]]) -> None:
    pile, model = built
    check_shape(pile)
    assert pile == model
    assert model == pile
    assert (pile != model) is False
    assert pile == Pile.of(model)
    assert hash(pile) == hash(model)
    assert len(pile) == len(model)
    assert bool(pile) == bool(model)
    assert tuple(pile) == model
    assert list(reversed(pile)) == list(reversed(model))
    for i in range(-len(model), len(model)):
        assert pile[i] is model[i]
    for i in (len(model), -len(model) - 1):
        with pytest.raises(IndexError):
            pile[i]
    for lo in (None, 0, 1, 3, -2, len(model)):
        for hi in (None, 0, 2, 5, -1, len(model) + 3):
            for step in (None, 1, 2, -1):
                assert pile[lo:hi:step] == model[lo:hi:step]
                assert type(pile[lo:hi:step]) is tuple
    for card in DECK[:8]:
        assert (card in pile) == (card in model)
        assert pile.count(card) == model.count(card)
        if card in model:
            assert pile.index(card) == model.index(card)
    assert pile + model == model + model
    assert model + pile == model + model


@given(piles(), cards, st.data())
def test_advanced_takes_from_the_top_and_adds_under_the_bottom(
    built: tuple[Pile, tuple[Card, ...]], added: tuple[Card, ...], data: st.DataObject
) -> None:
    pile, model = built
    taken = data.draw(st.integers(0, len(model) + len(added)))
    after = pile.advanced(taken, added)
    assert after == model_after(model, taken, added)
    assert pile == model  # unchanged
    check_shape(after)
    assert advanced(model, taken, added) == model_after(model, taken, added)
    assert type(advanced(model, taken, added)) is tuple
    assert type(advanced(pile, taken, added)) is Pile


def copied(old: Pile, new: Pile) -> int:
    """Return how many cards ``advanced`` copied to make ``new`` from ``old``: the new
    tail, and the whole base when it made a new one."""
    if new is old:
        return 0
    return len(new._tail) + (len(new._base) if new._base is not old._base else 0)


def test_a_long_run_of_advances_copies_little() -> None:
    """The cost claim: over 20,000 battles of a stock of some 8,000 cards, the cards
    copied (tails and folds) stay within a small multiple of sqrt(8,000) per battle."""
    deck = standard_deck(copies=160)
    pile = Pile.of(deck)
    total = 0
    for i in range(20_000):
        after = pile.advanced(1, deck[i % 100:i % 100 + 2])
        check_shape(after)
        total += copied(pile, after)
        pile = after
    assert len(pile) == len(deck) + 20_000
    assert total / 20_000 < 4 * math.isqrt(len(deck))


def test_piles_are_immutable_values() -> None:
    pile = Pile.of(parse_cards("2S 3S 4S"))
    with pytest.raises(AttributeError, match="immutable"):
        pile._start = 1
    with pytest.raises(AttributeError, match="immutable"):
        del pile._tail
    assert copy.copy(pile) is pile
    assert copy.deepcopy(pile) is pile
    later = pile.advanced(1, parse_cards("5S"))
    assert pickle.loads(pickle.dumps(later)) == later
    assert type(pickle.loads(pickle.dumps(later))) is Pile
    assert repr(later) == "Pile.of((Card.parse('3S'), Card.parse('4S'), Card.parse('5S')))"
    assert Pile() == () == EMPTY
    assert Pile(parse_cards("2S")) == parse_cards("2S")
    assert pile != list(pile)
    assert pile == pile
    assert pile.__add__([1]) is NotImplemented
    assert pile.__radd__([1]) is NotImplemented
    assert pile != "2S 3S 4S"
    with pytest.raises(TypeError):
        pile["0"]  # type: ignore[call-overload]


@contextmanager
def pile_from(cards: int) -> Iterator[None]:
    """Make games of more than ``cards`` cards keep piles (0: every game; a huge number:
    none) for the duration."""
    saved = piles_module.PILE_FROM
    piles_module.PILE_FROM = cards
    try:
        yield
    finally:
        piles_module.PILE_FROM = saved


def both_ways(module: Any, seed: int, options: Any, steps: int) -> tuple[list[Any], list[Any]]:
    """Return the states of one game played with piles and with tuples."""
    with pile_from(0):
        with_piles = [nxt for _, _, nxt in play_out(module, seed, options, max_steps=steps)]
        first = module.new_game(seed, options)
    with pile_from(10**9):
        with_tuples = [nxt for _, _, nxt in play_out(module, seed, options, max_steps=steps)]
    assert all(type(s) is Pile for s in first.stocks)
    return [first, *with_piles], [module.new_game(seed, options), *with_tuples]


@pytest.mark.parametrize(
    ("module", "strategy"),
    [(war, war_options), (peace, peace_options), (arneson, arneson_options)],
    ids=["war", "peace", "arneson"],
)
@given(data=st.data(), seed=seeds)
@settings(max_examples=60)
def test_a_game_with_piles_is_the_game_with_tuples(
    module: Any, strategy: Any, data: st.DataObject, seed: int
) -> None:
    options = data.draw(strategy(small=True))
    piled, plain = both_ways(module, seed, options, 400)
    assert len(piled) == len(plain)
    for i, (a, b) in enumerate(zip(piled, plain, strict=True)):
        assert a == b, f"step {i}"
        assert all(type(s) is Pile for s in a.stocks + a.won), f"step {i}"
    assert records.digest(piled[-1]) == records.digest(plain[-1])
    assert module.render_state(piled[-1]) == module.render_state(plain[-1])
    assert module.observe(piled[-1], 0) == module.observe(plain[-1], 0)


@pytest.mark.parametrize("module", [war, peace, arneson], ids=["war", "peace", "arneson"])
def test_large_games_keep_piles_and_small_ones_tuples(module: Any) -> None:
    """A deck of more than PILE_FROM cards is dealt into piles; the standard deck into
    tuples (the golden files' games are unchanged, representation included)."""
    large = module.options(decks=piles_module.PILE_FROM // 52 + 1)
    state = module.new_game(3, large)
    for _ in range(50):
        state = module.step(state, module.legal_actions(state)[0])
    assert all(type(s) is Pile for s in state.stocks + state.won)
    small = module.new_game(3)
    assert all(type(s) is tuple for s in small.stocks + small.won)
    with pile_from(10**9):
        plain = module.new_game(3, large)
        for _ in range(50):
            plain = module.step(plain, module.legal_actions(plain)[0])
    assert state == plain
    assert records.digest(state) == records.digest(plain)


@pytest.mark.parametrize("module", [war, peace, arneson], ids=["war", "peace", "arneson"])
def test_small_games_keep_tuples_when_a_win_pile_is_shuffled_in(module: Any) -> None:
    """The standard deck keeps tuples all game, also where a stock runs out and its win
    pile is shuffled into a new one (WAR-PICKUP-WIN-PILE); the game does that at least
    once."""
    refills = 0
    game = play_out(module, 3, module.options(pickup_order="win_pile"), max_steps=3000)
    for step, (state, _, after) in enumerate(game):
        assert all(type(s) is tuple for s in after.stocks + after.won), f"step {step}"
        refills += sum(1 for old, new in zip(state.won, after.won, strict=True)
                       if len(new) < len(old))
    assert refills > 0


def test_a_315_deck_war_copies_few_cards_a_battle() -> None:
    """D14's game: a battle's cost no longer grows with the stocks. Measured as cards
    copied, not time: over 2,000 battles of a 315-deck game (stocks near 8,000 cards,
    which as tuples were copied whole each battle), each stock copies on average fewer
    cards a battle than four times the square root of the deck."""
    state = war.new_game(1, war.options(decks=315, max_battles=None))
    total = 0
    for _ in range(2000):
        after = war.step(state, war.Play.PLAY)
        for old, new in zip(state.stocks, after.stocks, strict=True):
            assert isinstance(old, Pile)
            assert type(new) is Pile
            check_shape(new)
            total += copied(old, new)
        state = after
    assert total / (2000 * 2) < 4 * math.isqrt(315 * 52)
