"""Test support for Caravan: the option strategy and hidden-information resampler that the
conformance suite uses, small custom decks, a position builder for scenario tests, and
the from-scratch oracles the stateful and exhaustive tests compare the engine with."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from cardwar import caravan
from cardwar.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards, standard_deck
from cardwar.rng import Rng

#: Every card a custom deck may hold once: the 52 suited cards; Jokers at most twice.
SUITED = standard_deck()


@st.composite
def custom_deck(draw: st.DrawFn, minimum: int) -> tuple[Card, ...]:
    """Return a strategy for a legal custom deck of one set with at least ``minimum`` cards."""
    size = draw(st.integers(minimum, min(52, minimum + 14)))
    cards = draw(st.permutations(SUITED))[:size]
    jokers = draw(st.integers(0, 2))
    return tuple(cards) + (JOKER,) * jokers


@st.composite
def caravan_options(draw: st.DrawFn, *, small: bool = False) -> caravan.Options:
    """Return a strategy for valid Caravan options; ``small`` gives small custom decks, so
    that games run out of cards and end soon."""
    kwargs: dict[str, Any] = {}
    if small or draw(st.booleans()):
        minimum = draw(st.integers(8, 16)) if small else 30
        kwargs["min_deck_size"] = minimum
        kwargs["deck_0"] = draw(custom_deck(minimum))
        kwargs["deck_1"] = draw(custom_deck(minimum))
    return caravan.options(
        first_player=draw(st.integers(0, 1)),
        opening_hand=draw(st.integers(3, 8)),
        opening_discard=draw(st.sampled_from(list(caravan.OpeningDiscard))),
        face_limit=draw(st.one_of(st.none(), st.integers(1, 5))),
        jack_ignores_face_limit=draw(st.booleans()),
        max_numbers=draw(st.one_of(st.none(), st.integers(1, 10))),
        empty_hand=draw(st.sampled_from(list(caravan.EmptyHand))),
        equal_direction=draw(st.sampled_from(list(caravan.EqualDirection))),
        disband_draws=draw(st.booleans()),
        early_finish=draw(st.booleans()),
        max_turns=draw(st.one_of(st.none(), st.integers(1, 400))),
        **kwargs,
    )


def turn_bound(options: caravan.Options) -> int:
    """Return the bound of CARAVAN-LIMIT on the turns of a game: every turn but a disband
    puts a hand card out of the hands for good, and every disband needs a number card
    played since that caravan was last emptied."""
    decks = caravan.deck(options, 0) + caravan.deck(options, 1)
    return len(decks) + sum(1 for c in decks if caravan.pip(c) is not None)


def resample_caravan_hidden(state: caravan.State, seat: int, rnd: random.Random) -> caravan.State:
    """Return ``state`` with what ``seat`` may not see re-drawn: the opponent's hand and
    deck dealt again from their cards together, and the order of ``seat``'s own deck."""
    opp = 1 - seat
    pool = list(state.hands[opp] + state.decks[opp])
    rnd.shuffle(pool)
    n = len(state.hands[opp])
    own = list(state.decks[seat])
    rnd.shuffle(own)
    hands = list(state.hands)
    decks = list(state.decks)
    hands[opp], decks[opp] = tuple(pool[:n]), tuple(pool[n:])
    decks[seat] = tuple(own)
    return attrs.evolve(state, hands=(hands[0], hands[1]), decks=(decks[0], decks[1]))


def pile(text: str) -> caravan.Pile:
    """Return the pile written ``7H`` or ``7H+KS+QD`` (the number card, then its faces)."""
    first, *faces = text.split("+")
    return caravan.Pile(parse_card(first), tuple(parse_card(f) for f in faces))


def build_caravan(text: str) -> caravan.Caravan:
    """Return the caravan of piles written ``"AH 5H+KS 7D"`` (``-`` or empty: no piles),
    with its value, suit and direction derived from scratch."""
    words = [] if text.strip() in ("", "-") else text.split()
    return caravan.derive_caravan(tuple(pile(w) for w in words))


def position(
    caravans: Sequence[str],
    hands: Sequence[str],
    decks: Sequence[str] = ("", ""),
    *,
    to_move: int = 0,
    discards: str = "",
    **opts: Any,
) -> caravan.State:
    """Return a main-phase position (both openings over): six caravans ``A`` to ``F`` in
    pile notation, both hands and both decks (top first), the discard pile, seat
    ``to_move`` to move, and the options ``opts``."""
    hand0, hand1 = (parse_cards(h) for h in hands)
    deck0, deck1 = (parse_cards(d) for d in decks)
    table = [build_caravan(c) for c in caravans]
    return caravan.State(
        options=caravan.options(**opts),
        decks=(deck0, deck1),
        hands=(hand0, hand1),
        caravans=tuple(table),
        rng=Rng.from_seed(0),
        discards=parse_cards(discards),
        to_move=to_move,
        opening=(False, False),
    )


def recomputed(car: caravan.Caravan, equal_descends: bool = False) -> caravan.Caravan:
    """Return the caravan of the same piles with everything derived by a naive oracle:
    value as the sum of pip x 2**kings, suit and direction from the last two numbers and
    the Queens on the last one (written independently of ``derive_caravan``); two equal
    last values descend when ``equal_descends`` (``equal_direction=descending``)."""
    piles = car.piles
    if not piles:
        return caravan.Caravan()
    values = {Rank.ACE: 1, **{Rank(v): v for v in range(2, 11)}}
    total = 0
    for p in piles:
        kings = [f for f in p.faces if f.rank is Rank.KING]
        total += values[p.numeral.rank] * 2 ** len(kings)
    queens = [f for f in piles[-1].faces if f.rank is Rank.QUEEN]
    suit: Suit | None = queens[-1].suit if queens else piles[-1].numeral.suit
    direction = caravan.Direction.NONE
    if len(piles) > 1:
        diff = values[piles[-1].numeral.rank] - values[piles[-2].numeral.rank]
        if diff or equal_descends:
            up = (diff > 0) != (len(queens) % 2 == 1)
            direction = caravan.Direction.UP if up else caravan.Direction.DOWN
    return caravan.Caravan(piles, total, suit, direction)


def all_plays(state: caravan.State) -> list[caravan.Action]:
    """Return a superset of the legal actions: every hand card of either seat on every
    caravan and every number card index (and one past it), every discard, every disband."""
    cards = sorted(set(state.hands[0] + state.hands[1]), key=str)
    out: list[caravan.Action] = []
    for card in cards:
        for c in range(6):
            out.append(caravan.Play(card, c))
            for i in range(len(state.caravans[c].piles) + 1):
                out.append(caravan.Play(card, c, i))
        out.append(caravan.Discard(card))
    out.extend(caravan.Disband(c) for c in range(6))
    return out


def naive_legal(state: caravan.State) -> set[caravan.Action]:
    """Return the legal actions as a set, by a naive reading of the rules page written
    apart from the engine: every candidate of :func:`all_plays` for the seat to move,
    kept when the rules allow it."""
    if state.result is not None:
        return set()
    seat = state.to_move
    hand = state.hands[seat]
    own = range(3 * seat, 3 * seat + 3)
    cars = state.caravans
    values = {Rank.ACE: 1, **{Rank(v): v for v in range(2, 11)}}
    out: set[caravan.Action] = set()
    if state.opening[seat]:
        empty = [c for c in own if not cars[c].piles]
        numbers = [card for card in hand if card.rank in values]
        for card in numbers:
            out.update(caravan.Play(card, c) for c in empty)
        may_discard = state.options.opening_discard is caravan.OpeningDiscard.WHEN_SHORT
        if may_discard and state.decks[seat] and len(numbers) < len(empty):
            out.update(caravan.Discard(card) for card in hand)
        return out
    limit = state.options.face_limit
    most = state.options.max_numbers
    descends = state.options.equal_direction is caravan.EqualDirection.DESCENDING
    for card in hand:
        out.add(caravan.Discard(card))
        if card.rank in values:
            for c in own:
                piles = cars[c].piles
                if most is not None and len(piles) >= most:
                    continue  # CARAVAN-NUMERAL: a full caravan
                if not piles:
                    out.add(caravan.Play(card, c))
                    continue
                last = values[piles[-1].numeral.rank]
                new = values[card.rank]
                oracle = recomputed(cars[c], descends)
                if new == last:
                    continue
                same_suit = card.suit == oracle.suit
                no_direction = oracle.direction is caravan.Direction.NONE
                continues = (oracle.direction is caravan.Direction.UP) == (new > last)
                if same_suit or no_direction or continues:
                    out.add(caravan.Play(card, c))
            continue
        for c in range(6):
            piles = cars[c].piles
            for i, p in enumerate(piles):
                if limit is not None and len(p.faces) >= limit and not (
                    card.rank is Rank.JACK and state.options.jack_ignores_face_limit
                ):
                    continue  # CARAVAN-FACE, CARAVAN-JACK-LIMIT
                if card.rank is Rank.QUEEN and i != len(piles) - 1:
                    continue
                out.add(caravan.Play(card, c, i))
    out.update(caravan.Disband(c) for c in own if cars[c].piles)
    return out
