"""What General's War's batch engine is given: the options and the card tables as arrays
for the compiled kernel (:mod:`cardwar.variants.generals._batch_numba`), and its
termination codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import Card
from cardwar.core import Termination
from cardwar.variants.generals import rules
from cardwar.variants.generals.rules import (
    DeckMode,
    FourPlayer,
    Options,
    SquadSize,
    Tie,
    card_value,
)

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.TARGET_SCORE,
    Termination.GENERALS_KILLED,
)

#: Whether the game keeps scores (the kernel's scores column).
SCORED = True

_INT64_MAX = 2**63 - 1


def order() -> tuple[Card, ...]:
    """Return the 52 cards in the kernel's order, that of ``legal_actions``: by value (the
    Aces first, GENERALS-DECK), then by suit. A card is its place in it."""
    return tuple(sorted(rules.deck(), key=rules._order))


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random", "random")) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` steps
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`, one per seat)."""
    import numpy as np

    from cardwar.variants.generals import _batch_numba as k

    cards = order()
    place = {card: i for i, card in enumerate(cards)}
    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_PLAYERS] = options.players
    # No score reaches 2**63, so a larger target plays as it.
    cfg[k.CFG_TARGET] = min(options.target, _INT64_MAX)
    cfg[k.CFG_KILLS] = min(options.kills_to_win, _INT64_MAX)
    cfg[k.CFG_TIE_RETURN] = options.tie is Tie.RETURN_TO_OWNERS
    cfg[k.CFG_PARTNERSHIP] = options.four_player is FourPlayer.PARTNERSHIP
    cfg[k.CFG_PLACES] = bool(options.places)
    cfg[k.CFG_HALVES] = options.deck_mode is DeckMode.COLOUR_HALVES
    cfg[k.CFG_ONE_TO_THREE] = options.squad_size is SquadSize.ONE_TO_THREE
    cfg[k.CFG_HAND] = options.hand_size
    cfg[k.CFG_CLAIM] = options.claim_cards
    cfg[k.CFG_FIRST_DEALER] = -1 if options.first_dealer is None else options.first_dealer
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else min(max_steps, _INT64_MAX)
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    for seat, kind in enumerate(agents):
        cfg[k.CFG_POLICY + seat] = policy[kind]
    halves = np.zeros((2, len(cards)), dtype=np.int16)
    half_len = np.zeros(2, dtype=np.int64)
    if options.deck_mode is DeckMode.COLOUR_HALVES:
        for h, half in enumerate(rules._halves(options.ranks, options.suits)):
            half_len[h] = len(half)
            halves[h, :len(half)] = [place[c] for c in half]
    return {
        "cfg": cfg,
        "deck": np.array([place[c] for c in rules.deck(options)], dtype=np.int16),
        "halves": halves,
        "half_len": half_len,
        "value": np.array([card_value(c) for c in cards], dtype=np.int64),
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores (one column per seat)."""
    from cardwar.variants.generals import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps, agents))
