"""Test support for General's War: the option strategy, the resampler of hidden
information, the step bound, and helpers to set up positions and play them.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import strategies as st

from cardwar.cards import Card, Rank, Suit, parse_cards, reduced_deck
from cardwar.variants import generals

#: The most steps of one deal under any options: at most 4 claims and 4 passes (a deck
#: has at most four Aces and there are at most four players), and at most 26 battles
#: (every battle takes at least two cards out of the hands for good, and hands and
#: reserve together hold at most 52), each of at most one choice and four squads.
STEPS_PER_DEAL = 4 + 4 + 26 * 5
#: The most deals of a game under :func:`generals_options`: every deal ends with all of
#: the deck's points V banked, so after d deals some player has at least d·V/n; the
#: strategy keeps the target T at most 3·V/n, so a game has at most 3 deals.
MAX_DEALS = 3
#: The same with ``places`` (GENERALS-PLACES, four players): every finished deal banks V
#: among the players still playing. A player's final score is under T plus what they
#: gained in the deal they finished in (the last player's is under T), and the players
#: finish in at most three different deals, so d finished deals give d·V < 4·T + 3·V
#: <= 6·V: at most 5 finished deals, and the game ends in the 6th at the latest.
MAX_DEALS_PLACES = 6
#: A bound on the steps of any game under :func:`generals_options`.
STEP_BOUND = max(MAX_DEALS, MAX_DEALS_PLACES) * STEPS_PER_DEAL

RANKS = [Rank(v) for v in range(2, 15)]


@st.composite
def generals_options(draw: st.DrawFn, *, small: bool = False) -> generals.Options:
    """Return a strategy for valid options of General's War; ``small`` keeps decks small.

    The target is at most three deals' worth of points per player (see
    :data:`STEP_BOUND`)."""
    players = draw(st.sampled_from((2, 4)))
    halves = players == 2 and draw(st.booleans())
    kwargs: dict[str, Any] = {}
    if small or draw(st.booleans()):
        ranks = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=6, unique=True))
        if halves:
            suits = [Suit.CLUBS, Suit.DIAMONDS, *draw(st.sampled_from(([], [Suit.SPADES])))]
        else:
            suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4,
                                  unique=True))
        kwargs = {"ranks": sorted(ranks), "suits": suits}
    cards = reduced_deck(kwargs["ranks"], kwargs["suits"]) if kwargs else generals.deck()
    if halves:
        most = min(sum(c.suit in (Suit.CLUBS, Suit.SPADES) for c in cards),
                   sum(c.suit in (Suit.DIAMONDS, Suit.HEARTS) for c in cards))
    else:
        most = len(cards) // players
    if most < 1:
        kwargs, halves = {}, False
        cards = generals.deck()
        most = len(cards) // players
    value = sum(generals.card_value(c) for c in cards)
    four_player = draw(st.sampled_from(list(generals.FourPlayer)))
    # GENERALS-PLACES: only for the four-player duel.
    places = players == 4 and four_player is generals.FourPlayer.DUEL and draw(st.booleans())
    return generals.options(
        players=players,
        target=draw(st.integers(1, max(1, 3 * value // players))),
        kills_to_win=draw(st.integers(1, 3)),
        tie=draw(st.sampled_from(list(generals.Tie))),
        four_player=four_player,
        places=places,
        deck_mode="colour_halves" if halves else "shared_reserve",
        squad_size=draw(st.sampled_from(list(generals.SquadSize))),
        hand_size=draw(st.integers(1, min(5, most))),
        claim_cards=draw(st.integers(0, 5)),
        first_dealer=draw(st.one_of(st.none(), st.integers(0, players - 1))),
        **kwargs,
    )


def resample_generals_hidden(
    state: generals.State, seat: int, rnd: random.Random
) -> generals.State:
    """Return ``state`` with every card ``seat`` may not see re-dealt among the hidden
    places: the other hands (but their revealed generals), the other seats' committed
    squads and the reserves; and each won pile in a new order (sizes unchanged)."""
    n = state.players
    others = [s for s in range(n) if s != seat]
    hidden_hands = {
        s: tuple(c for c in state.hands[s] if c not in state.revealed[s]) for s in others
    }
    slots: list[tuple[Card, ...]] = [hidden_hands[s] for s in others]
    slots += [state.squads[s] or () for s in others]
    slots += list(state.reserves)
    pool = [c for slot in slots for c in slot]
    rnd.shuffle(pool)
    out: list[tuple[Card, ...]] = []
    for slot in slots:
        out.append(tuple(pool[: len(slot)]))
        del pool[: len(slot)]
    hands = list(state.hands)
    squads = list(state.squads)
    for i, s in enumerate(others):
        hands[s] = state.revealed[s] + out[i]
        if state.squads[s] is not None:
            squads[s] = out[len(others) + i]
    reserves = tuple(out[2 * len(others) :])

    def perm(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        got = list(cards)
        rnd.shuffle(got)
        return tuple(got)

    return attrs.evolve(
        state,
        hands=tuple(hands),
        squads=tuple(squads),
        reserves=reserves,
        won=tuple(perm(w) for w in state.won),
    )


def game(hands: list[str], reserve: str, **opts: Any) -> generals.State:
    """Return a game from an explicit deal of ``hands`` and a ``reserve`` (top first) over
    the deck of exactly those cards; the first dealer is seat 1 unless set, so that seat
    0 claims first."""
    cards = [c for pile in [*hands, reserve] for c in parse_cards(pile)]
    ranks = sorted({c.rank for c in cards})
    suits = sorted({c.suit for c in cards if c.suit}, key=list(Suit).index)
    opts.setdefault("first_dealer", len(hands) - 1)
    opts.setdefault("hand_size", len(parse_cards(hands[0])))
    opts.setdefault("ranks", ranks)
    opts.setdefault("suits", suits)
    options = generals.options(players=len(hands), **opts)
    return generals.new_game(0, options, deal=[*hands, reserve])


def act(state: generals.State, *actions: str) -> generals.State:
    """Apply the actions written ``actions`` in turn."""
    for text in actions:
        state = generals.step(state, generals.parse_action(text))
    return state


def cards(pile: tuple[Card, ...] | None) -> str:
    """Return the notation of ``pile``."""
    return " ".join(map(str, pile or ()))
