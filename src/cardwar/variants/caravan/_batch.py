"""What Caravan's batch engine is given: the options and the card tables as arrays for
the compiled kernel (:mod:`cardwar.variants.caravan._batch_numba`), and its termination
codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, Rank, Suit, card_from_index, card_index
from cardwar.core import Termination
from cardwar.variants.caravan import rules
from cardwar.variants.caravan.encoding import max_numbers
from cardwar.variants.caravan.rules import EmptyHand, EqualDirection, OpeningDiscard, Options

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.CARAVANS_SOLD,
    Termination.EMPTY_HAND,
    Termination.TURN_LIMIT,
)

_KINDS = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.JOKER: 4}
_SUITS = {s: i for i, s in enumerate(Suit)}


def tables() -> dict[str, Any]:
    """Return the per-card tables of the kernel, indexed by ``card_index``: ``pip`` (the
    value, 0 for a face card), ``kind``, ``suit`` (-1 for a Joker), ``rank`` and ``order``
    (the sort key of ``legal_actions``)."""
    import numpy as np

    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    order = {card: rank for rank, card in enumerate(sorted(cards, key=rules._order))}
    return {
        "pip": np.array([rules.pip(c) or 0 for c in cards], dtype=np.int64),
        "kind": np.array([_KINDS.get(c.rank, 0) for c in cards], dtype=np.int64),
        "suit": np.array([-1 if c.suit is None else _SUITS[c.suit] for c in cards],
                         dtype=np.int64),
        "rank": np.array([int(c.rank) for c in cards], dtype=np.int64),
        "order": np.array([order[c] for c in cards], dtype=np.int64),
    }


def arguments(options: Options, max_steps: int | None) -> dict[str, Any]:
    """Return the kernel's arguments for ``options`` and a cut after ``max_steps`` moves
    (``None``: none)."""
    import numpy as np

    from cardwar.variants.caravan import _batch_numba as k

    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_FIRST] = options.first_player
    cfg[k.CFG_HAND] = options.opening_hand
    cfg[k.CFG_NEVER_DISCARD] = options.opening_discard is OpeningDiscard.NEVER
    cfg[k.CFG_FACE_LIMIT] = -1 if options.face_limit is None else options.face_limit
    cfg[k.CFG_MAX_NUMBERS] = -1 if options.max_numbers is None else options.max_numbers
    cfg[k.CFG_AT_ONCE] = options.empty_hand is EmptyHand.AT_ONCE
    cfg[k.CFG_EQUAL] = 2 if options.equal_direction is EqualDirection.DESCENDING else 0
    cfg[k.CFG_DISBAND_DRAWS] = options.disband_draws
    cfg[k.CFG_EARLY] = options.early_finish
    cfg[k.CFG_MAX_TURNS] = -1 if options.max_turns is None else options.max_turns
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else max_steps
    decks = [rules.deck(options, seat) for seat in (0, 1)]
    faces = sum(1 for d in decks for c in d if rules.pip(c) is None)
    return {
        "deck0": np.array([card_index(c) for c in decks[0]], dtype=np.int16),
        "deck1": np.array([card_index(c) for c in decks[1]], dtype=np.int16),
        "cfg": cfg,
        "tables": tables(),
        "most_piles": max_numbers(options),
        "most_faces": max(faces, 1),
    }


def play(seeds: Any, options: Options, max_steps: int | None) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between two random players in the
    kernel; return its columns steps, winner, termination (codes of
    :data:`TERMINATIONS`) and scores."""
    from cardwar.variants.caravan import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps))
