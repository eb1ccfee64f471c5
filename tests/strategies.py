"""Strategies and helpers shared by the test modules: option strategies per variant,
random play-outs, and the per-variant resamplers of hidden information that the
conformance suite uses to prove observations do not leak.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from cardwar.cards import Rank, Suit
from cardwar.core import Variant
from cardwar.variants import arneson, peace, war
from cardwar.variants._battle import BattleState, Tally
from tests.support_caravan import caravan_options, resample_caravan_hidden
from tests.support_cold_war import STEP_BOUND as COLD_WAR_STEP_BOUND
from tests.support_cold_war import cold_war_options, resample_cold_war_hidden
from tests.support_generals import STEP_BOUND as GENERALS_STEP_BOUND
from tests.support_generals import generals_options, resample_generals_hidden

MAX_SEED = 2**64 - 1

seeds = st.integers(min_value=0, max_value=MAX_SEED)


def small_ranks() -> st.SearchStrategy[tuple[Rank, ...]]:
    """Return a strategy for 1 to 4 distinct ranks."""
    return st.lists(
        st.sampled_from([Rank(v) for v in range(2, 15)]), min_size=1, max_size=4, unique=True
    ).map(lambda rs: tuple(sorted(rs)))


def some_suits() -> st.SearchStrategy[tuple[Suit, ...]]:
    """Return a strategy for 1 to 4 distinct suits."""
    return st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True).map(
        lambda ss: tuple(sorted(ss, key=list(Suit).index))
    )


@st.composite
def war_options(draw: st.DrawFn, *, small: bool = False) -> war.Options:
    """Return a strategy for valid War options; ``small`` keeps decks and games short."""
    ranks = draw(small_ranks()) if small else draw(st.one_of(st.just(None), small_ranks()))
    suits = draw(some_suits())
    deck_kwargs: dict[str, Any] = {} if ranks is None else {"ranks": ranks, "suits": suits}
    cards = 52 if ranks is None else len(ranks) * len(suits)
    players = draw(st.integers(2, max(2, min(5, cards))))
    if cards < players:
        deck_kwargs = {}
    return war.options(
        players=players,
        face_down=draw(st.integers(0, 4)),
        pickup_order=draw(st.sampled_from(list(war.Pickup))),
        out_of_cards=draw(st.sampled_from(list(war.OutOfCards))),
        war_joins=draw(st.sampled_from(list(war.WarJoins))),
        repeated_tie=draw(st.sampled_from(list(war.RepeatedTie))),
        spare_cards=draw(st.sampled_from(list(war.SpareCards))),
        wars_to_win=draw(st.one_of(st.none(), st.integers(1, 5))),
        max_battles=draw(st.one_of(st.none(), st.integers(1, 3000))),
        **deck_kwargs,
    )


@st.composite
def peace_options(draw: st.DrawFn, *, small: bool = False) -> peace.Options:
    """Return a strategy for valid Peace options; ``small`` keeps decks and games short."""
    ranks = draw(small_ranks()) if small else draw(st.one_of(st.just(None), small_ranks()))
    suits = draw(some_suits())
    deck_kwargs: dict[str, Any] = {} if ranks is None else {"ranks": ranks, "suits": suits}
    cards = 52 if ranks is None else len(ranks) * len(suits)
    players = draw(st.integers(2, max(2, min(4, cards))))
    if cards < players:
        deck_kwargs = {}
    return peace.options(
        players=players,
        pickup_order=draw(st.sampled_from(list(peace.Pickup))),
        peace_joins=draw(st.sampled_from(list(peace.WarJoins))),
        spare_cards=draw(st.sampled_from(list(peace.SpareCards))),
        max_battles=draw(st.one_of(st.none(), st.integers(1, 3000))),
        **deck_kwargs,
    )


@st.composite
def arneson_options(draw: st.DrawFn, *, small: bool = False) -> arneson.Options:
    """Return a strategy for valid options of Arneson's War."""
    ranks = draw(small_ranks()) if small else draw(st.one_of(st.just(None), small_ranks()))
    suits = draw(some_suits())
    deck_kwargs: dict[str, Any] = {} if ranks is None else {"ranks": ranks, "suits": suits}
    if ranks is not None and len(ranks) * len(suits) < 2:
        deck_kwargs = {}
    return arneson.options(
        hand_size=draw(st.integers(1, 4)),
        face_down=draw(st.integers(0, 4)),
        war_pair=draw(st.sampled_from(list(arneson.WarPair))),
        pickup_order=draw(st.sampled_from(list(arneson.Pickup))),
        wars_to_win=draw(st.one_of(st.none(), st.integers(1, 5))),
        # Choices can prolong a game at will, so the suite always sets a limit.
        max_battles=draw(st.integers(1, 3000)),
        **deck_kwargs,
    )


#: Per variant: strategies of options to run the conformance suite with.
OPTION_STRATEGIES: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "war": lambda: war_options(),
    "peace": lambda: peace_options(),
    "arneson": lambda: arneson_options(),
    "generals": lambda: generals_options(),
    "caravan": lambda: caravan_options(),
    "cold-war": lambda: cold_war_options(),
}

#: Per variant: a bound on the steps of any game under the option strategies above
#: (documented on each rules page), so that the suite proves termination.
STEP_BOUNDS: dict[str, int] = {
    # Shuffled games end with probability 1 and are far shorter in practice; deterministic
    # pickup orders end by WAR-CYCLE. Hypothesis options may also set max_battles.
    "war": 200_000,
    # PEACE-LIMIT: 1000 battles by default; unlimited option sets end as War's do.
    "peace": 200_000,
    # Two commitments per battle, and the strategies above always set max_battles <= 3000;
    # a war round needs one more pair of commitments per round.
    "arneson": 20_000,
    # GENERALS-DEAL-END: at most 138 steps a deal; the strategy keeps games to 3 deals.
    "generals": GENERALS_STEP_BOUND,
    # CARAVAN-LIMIT: at most the cards of both decks plus their number cards (188 with the
    # default decks); custom decks hold at most 2 x 54 cards, so 2 x 54 + 2 x 40 turns.
    "caravan": 188,
    # COLDWAR-LIMIT: the strategy always sets max_tricks <= 1500 (see support_cold_war).
    "cold-war": COLD_WAR_STEP_BOUND,
}


def resample_war_hidden(state: BattleState, seat: int, rnd: random.Random) -> BattleState:
    """Return ``state`` with everything no seat may see re-drawn: the order of every stock
    and win pile and of the set-aside cards (sizes and public facts unchanged)."""

    def perm(cards: Sequence[Any]) -> tuple[Any, ...]:
        out = list(cards)
        rnd.shuffle(out)
        return tuple(out)

    tally = state.tally
    new_tally = Tally(
        tuple(perm(w) for w in tally.won), perm(tally.set_aside), tally.wars, tally.wars_won
    )
    return attrs.evolve(state, stocks=tuple(perm(s) for s in state.stocks), tally=new_tally)


def resample_arneson_hidden(
    state: arneson.State, seat: int, rnd: random.Random
) -> arneson.State:
    """Return ``state`` with every card ``seat`` may not see re-dealt among the hidden
    places: the opponent's hand and choice, both stocks, both win piles and the set-aside
    cards (sizes unchanged)."""
    opp = 1 - seat
    chosen = state.committed[opp]
    slots: list[Sequence[Any]] = [
        state.hands[opp],
        () if chosen is None else (chosen,),
        *state.stocks,
        *state.tally.won,
        state.tally.set_aside,
    ]
    pool = [c for slot in slots for c in slot]
    rnd.shuffle(pool)
    out: list[tuple[Any, ...]] = []
    for slot in slots:
        out.append(tuple(pool[: len(slot)]))
        del pool[: len(slot)]
    opp_hand, opp_chosen, s0, s1, w0, w1, aside = out
    hands = (state.hands[0], opp_hand) if opp == 1 else (opp_hand, state.hands[1])
    committed = list(state.committed)
    committed[opp] = opp_chosen[0] if opp_chosen else None
    return attrs.evolve(
        state,
        hands=hands,
        committed=(committed[0], committed[1]),
        stocks=(s0, s1),
        tally=Tally((w0, w1), aside, state.tally.wars, state.tally.wars_won),
    )


#: Per variant: how to re-draw what ``seat`` may not see, keeping what it may.
HIDDEN_RESAMPLERS: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "war": resample_war_hidden,
    "peace": resample_war_hidden,
    "arneson": resample_arneson_hidden,
    "generals": resample_generals_hidden,
    "caravan": resample_caravan_hidden,
    "cold-war": resample_cold_war_hidden,
}


def play_out(
    variant: Variant,
    seed: int,
    options: Any = None,
    *,
    choice_seed: int = 0,
    max_steps: int | None = None,
) -> Iterator[tuple[Any, Any, Any]]:
    """Yield ``(state, action, next_state)`` for a game whose decisions are drawn by a
    seeded ``random.Random``; stop at the end or after ``max_steps``."""
    rnd = random.Random(choice_seed)
    state = variant.new_game(seed, options)
    steps = 0
    while variant.outcome(state) is None:
        if max_steps is not None and steps >= max_steps:
            return
        actions = variant.legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        nxt = variant.step(state, action)
        yield state, action, nxt
        state = nxt
        steps += 1
