"""What Cold War's batch engine is given: the options and the card tables as arrays for
the compiled kernel (:mod:`cardwar.variants.cold_war._batch_numba`), and its termination
codes as :class:`~cardwar.core.Termination` values. Private: use
:func:`cardwar.batch.play`."""

from __future__ import annotations

from typing import Any

from cardwar.cards import CARD_COUNT, Suit, card_from_index, card_index
from cardwar.core import Termination
from cardwar.variants.cold_war import rules
from cardwar.variants.cold_war.rules import (
    TOP,
    BombMode,
    DealEnd,
    DrawOrder,
    Options,
    TiedTop,
    WarTrigger,
    card_points,
)

#: The kernel's termination codes (``TERM_*`` of the kernel), as terminations; code 0 is
#: a game still running when ``max_steps`` cut it.
TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.TARGET_SCORE,
    Termination.DEAL_LIMIT,
    Termination.BATTLE_LIMIT,
)

#: Whether the game keeps scores (the kernel's scores column).
SCORED = True

_INT64_MAX = 2**63 - 1


def _limit(value: int | None) -> int:
    # No game reaches 2**63 deals or tricks, so a larger limit plays as none.
    return -1 if value is None or value > _INT64_MAX else value


def arguments(options: Options, max_steps: int | None,
              agents: tuple[str, ...] = ("random",) * 3) -> dict[str, Any]:
    """Return the kernel's arguments for ``options``, a cut after ``max_steps`` steps
    (``None``: none) and the players ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`, one per seat)."""
    import numpy as np

    from cardwar.variants.cold_war import _batch_numba as k

    cfg = np.zeros(k.CFG_SIZE, dtype=np.int64)
    cfg[k.CFG_PLAYERS] = options.players
    # No total reaches 2**63, so a larger target plays as it.
    cfg[k.CFG_TARGET] = min(options.target, _INT64_MAX)
    cfg[k.CFG_ANY_PAIR] = options.war_trigger is WarTrigger.ANY_PAIR
    cfg[k.CFG_BOMBS] = {BombMode.FINAL_HAND: k.BOMBS_FINAL_HAND,
                        BombMode.LAST_PLAYS: k.BOMBS_LAST_PLAYS,
                        BombMode.OFF: k.BOMBS_OFF}[options.bomb_mode]
    cfg[k.CFG_WINNER_FIRST] = options.draw_order is DrawOrder.WINNER_FIRST
    cfg[k.CFG_FIRST_OUT] = options.deal_end is DealEnd.FIRST_OUT
    cfg[k.CFG_ROTATE] = options.rotate_dealer
    cfg[k.CFG_SHARED] = options.tied_top is TiedTop.SHARED
    cfg[k.CFG_MAX_DEALS] = _limit(options.max_deals)
    cfg[k.CFG_MAX_TRICKS] = _limit(options.max_tricks)
    cfg[k.CFG_MAX_STEPS] = -1 if max_steps is None else min(max_steps, _INT64_MAX)
    policy = {"random": k.RANDOM, "heuristic": k.HEURISTIC}
    for seat, kind in enumerate(agents):
        cfg[k.CFG_POLICY + seat] = policy[kind]
    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    suits = {s: i for i, s in enumerate(Suit)}
    place = np.full(int(TOP) + 1, -1, dtype=np.int64)
    for i, r in enumerate(options.ranks):
        place[int(r)] = i
    return {
        "cfg": cfg,
        "deck": np.array([card_index(c) for c in rules.deck(options)], dtype=np.int16),
        "rank": np.array([int(c.rank) for c in cards], dtype=np.int64),
        # legal_actions's order: by rank, then by suit (the Joker, rank 15, last).
        "key": np.array([int(c.rank) * 8 + (suits[c.suit] + 1 if c.suit else 0)
                         for c in cards], dtype=np.int64),
        "points": np.array([card_points(c) for c in cards], dtype=np.int64),
        "suit": np.array([suits[c.suit] if c.suit else -1 for c in cards], dtype=np.int64),
        "place": place,
        # COLDWAR-JOKER: the ranks a Joker may be declared as, in legal_actions's order.
        "decl": np.array([int(r) for r in (*options.ranks, TOP)], dtype=np.int64),
    }


def play(seeds: Any, options: Options, max_steps: int | None, agents: tuple[str, ...]
         ) -> tuple[Any, Any, Any, Any]:
    """Play the game of every seed (a ``uint64`` array) between ``agents`` (kinds of
    :data:`cardwar.batch.KERNEL_AGENTS`) in the kernel; return its columns steps, winner,
    termination (codes of :data:`TERMINATIONS`) and scores (one column per seat)."""
    from cardwar.variants.cold_war import _batch_numba

    return _batch_numba.play_games(seeds, **arguments(options, max_steps, agents))
