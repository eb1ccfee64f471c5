"""Strategies and helpers shared by the test modules: option strategies per variant,
random play-outs, and the per-variant resamplers of hidden information that the
conformance suite uses to prove observations do not leak.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
from hypothesis import strategies as st

from cardwar.cards import Rank, Suit
from cardwar.core import Variant
from cardwar.variants import war
from cardwar.variants._battle import BattleState, Tally

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


#: Per variant: strategies of options to run the conformance suite with.
OPTION_STRATEGIES: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "war": lambda: war_options(),
}

#: Per variant: a bound on the steps of any game under the option strategies above
#: (documented on each rules page), so that the suite proves termination.
STEP_BOUNDS: dict[str, int] = {
    # Shuffled games end with probability 1 and are far shorter in practice; deterministic
    # pickup orders end by WAR-CYCLE. Hypothesis options may also set max_battles.
    "war": 200_000,
}


def resample_war_hidden(state: BattleState, seat: int, rnd: random.Random) -> BattleState:
    """Return ``state`` with everything no seat may see re-drawn: the order of every stock
    and win pile and of the set-aside cards (sizes and public facts unchanged)."""

    def perm(cards: tuple[Any, ...]) -> tuple[Any, ...]:
        out = list(cards)
        rnd.shuffle(out)
        return tuple(out)

    tally = state.tally
    new_tally = Tally(
        tuple(perm(w) for w in tally.won), perm(tally.set_aside), tally.wars, tally.wars_won
    )
    return attrs.evolve(state, stocks=tuple(perm(s) for s in state.stocks), tally=new_tally)


#: Per variant: how to re-draw what ``seat`` may not see, keeping what it may.
HIDDEN_RESAMPLERS: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "war": resample_war_hidden,
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
