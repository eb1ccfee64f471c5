"""Test support for Cold War: the option strategy, the resampler of hidden information,
and helpers to set up positions and play them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import attrs
from hypothesis import strategies as st

from cardwar import cold_war
from cardwar.cards import Card, Rank, Suit, parse_cards

#: The ranks of Cold War's deck, nine to Ace.
SHORT = [Rank(v) for v in range(9, 15)]


@st.composite
def cold_war_options(draw: st.DrawFn, *, small: bool = False) -> cold_war.Options:
    """Return a strategy for valid Cold War options. The trick limit is always set
    (choices can prolong a deal at will); ``small`` keeps decks and games short."""
    players = draw(st.integers(3, 4))
    kwargs: dict[str, Any] = {}
    if small or draw(st.booleans()):
        ranks = draw(st.lists(st.sampled_from(SHORT), min_size=2, max_size=6, unique=True))
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
        decks = draw(st.integers(1, 2))
        jokers = draw(st.integers(0, 2))
        if len(ranks) * len(suits) * decks + jokers >= 3 * players:
            kwargs = {"ranks": sorted(ranks), "suits": suits, "decks": decks, "jokers": jokers}
    return cold_war.options(
        players=players,
        target=draw(st.integers(1, 400 if small else 1000)),
        war_trigger=draw(st.sampled_from(list(cold_war.WarTrigger))),
        bomb_mode=draw(st.sampled_from(list(cold_war.BombMode))),
        draw_order=draw(st.sampled_from(list(cold_war.DrawOrder))),
        rotate_dealer=draw(st.booleans()),
        tied_top=draw(st.sampled_from(list(cold_war.TiedTop))),
        deal_end=draw(st.sampled_from(list(cold_war.DealEnd))),
        hand_score=draw(st.sampled_from(list(cold_war.HandScore))),  # COLDWAR-SCORE
        max_deals=draw(st.none() | st.integers(1, 20)),
        max_tricks=draw(st.integers(1, 300 if small else 1500)),
        **kwargs,
    )


#: A bound on the steps of any game under :func:`cold_war_options`: at most 1500 tricks;
#: a trick is an opening round of at most 4 plays and war rounds of at most 4 plays, and
#: each war round takes at least two stakes out of a deck of at most 50 cards, so a trick
#: has at most 4 + 25 * 4 = 104 steps.
STEP_BOUND = 1500 * 104


def resample_cold_war_hidden(
    state: cold_war.State, seat: int, rnd: random.Random
) -> cold_war.State:
    """Return ``state`` with every card ``seat`` may not see re-dealt among the hidden
    places: the other hands, the other pools, the stock, every stake and the set-aside
    cards (sizes and stake owners unchanged)."""
    n = state.players
    others = [s for s in range(n) if s != seat]
    slots: list[tuple[Card, ...]] = [state.hands[s] for s in others]
    slots += [state.pools[s] for s in others]
    slots += [state.stock, tuple(c for _, c in state.stakes), state.set_aside]
    pool = [c for slot in slots for c in slot]
    rnd.shuffle(pool)
    out: list[tuple[Card, ...]] = []
    for slot in slots:
        out.append(tuple(pool[: len(slot)]))
        del pool[: len(slot)]
    hands = list(state.hands)
    pools = list(state.pools)
    for i, s in enumerate(others):
        hands[s] = out[i]
        pools[s] = out[len(others) + i]
    stock, stake_cards, aside = out[2 * len(others) :]
    stakes = tuple((owner, c) for (owner, _), c in zip(state.stakes, stake_cards, strict=True))
    return attrs.evolve(
        state,
        hands=tuple(hands),
        pools=tuple(pools),
        stock=stock,
        stakes=stakes,
        set_aside=aside,
    )


def position(
    hands: Iterable[str],
    stock: str = "",
    pools: Iterable[str] | None = None,
    **opts: Any,
) -> cold_war.State:
    """Return a first-deal state with the given hands and stock (top first), and with
    ``pools`` (top first) moved out of the stock, over the deck of ``opts``.

    Cards of the deck that are in no hand, stock or pool are appended to the bottom of
    the stock, so a position names only the cards that matter.
    """
    options = cold_war.options(**opts)
    hand_cards = [parse_cards(h) for h in hands]
    pool_cards = [parse_cards(p) for p in pools] if pools is not None else []
    stock_cards = list(parse_cards(stock))
    rest = list(cold_war.deck(options))
    for card in [c for pile in (*hand_cards, *pool_cards, stock_cards) for c in pile]:
        rest.remove(card)
    pooled = [c for pile in pool_cards for c in pile]
    state = cold_war.new_game(0, options, deal=[*hand_cards, [*stock_cards, *rest, *pooled]])
    if pool_cards:
        padded = [*pool_cards, *[()] * (options.players - len(pool_cards))]
        state = attrs.evolve(
            state, stock=(*stock_cards, *rest), pools=tuple(tuple(p) for p in padded)
        )
    return state


def play(state: cold_war.State, *texts: str) -> cold_war.State:
    """Play the actions written ``texts`` in turn."""
    for text in texts:
        state = cold_war.step(state, cold_war.parse_action(text))
    return state


def cards(pile: Iterable[Card]) -> str:
    """Return the notation of ``pile``."""
    return " ".join(map(str, pile))


def unscored(deal: cold_war.DealRecord) -> int:
    """Return the points of the hands that did not count in ``deal`` (COLDWAR-SCORE): with
    them, the deal's card points and the points set aside are the deck's."""
    return sum(
        sum(map(cold_war.card_points, hand))
        for hand, counted in zip(deal.hands, deal.hands_scored, strict=True)
        if not counted
    )
