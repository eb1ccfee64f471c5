"""The compiled kernel of Arneson's War's batch engine: whole games between random or
heuristic players, one seed after another, in numba-compiled loops over small integer
arrays.

Private: use :func:`cardwar.batch.play`. The kernel is a transcription of
:mod:`cardwar.variants.arneson.rules` (``new_game``, ``legal_actions``, ``step`` and
``_resolve``) onto arrays, with War's stocks and win piles (the ring buffers of
:mod:`cardwar._batch_numba`), and of the players: the random agent
(:class:`cardwar.agents.RandomAgent`, seeded ``derive_seed(seed, seat + 1)`` as ``cardwar
simulate`` and :func:`cardwar.agents.play` seed it) draws the same index among the legal
actions, listed in ``legal_actions``'s order, from the same generator, and the heuristic
(:class:`~cardwar.variants.arneson.ArnesonHeuristic`) takes the same card. So every game
is the game the step loop plays, move for move (the tests compare them). Rule IDs in
comments are those of the docs page ``rules/arneson``.

* A card is its :func:`~cardwar.cards.card_index`, so equal cards (copies of one card in a
  multi-deck game) are equal ints; the tables ``rank`` and ``order`` give its rank (the
  strength the battle compares) and its place in ``legal_actions``'s order.
* Each seat's stock is a ring buffer, its win pile an array (``pickup_order=win_pile``),
  its hand a row of ``hand`` (``held[s]`` cards, in the order drawn) and the cards it laid
  in the current battle a row of ``laid``.
* Games in which nobody chooses and nothing is drawn at random (``hand_size=1`` under a
  deterministic pickup order: the rules' cycle detection, ARNESON-CYCLE) are not played
  here: :func:`cardwar.variants.arneson._batch.plays` says which options the kernel takes.

Imported only where numba and numpy are (``cardwar[fast]``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from cardwar._batch_numba import (
    PICKUP_SHUFFLED,
    PICKUP_WIN_PILE,
    PICKUP_WINNER_FIRST,
    _below,
    _jit,
    _mix64,
    _put,
    _shuffle,
    _take,
)

__all__ = ["HEURISTIC", "RANDOM", "TERM_NONE", "play_games"]

# The kernel's own termination codes; the glue module maps them to Termination values.
TERM_NONE = 0  # still running (cut by max_steps)
TERM_ALL_CARDS = 1
TERM_WARS_WON = 2
TERM_BATTLE_LIMIT = 3
TERM_UNDECIDABLE = 4

# Indices of the options array ``cfg``.
CFG_HAND = 0
CFG_FACE_DOWN = 1
CFG_PAIR_TO_LOSER = 2  # war_pair == loser
CFG_PICKUP = 3  # the PICKUP_* codes of cardwar._batch_numba
CFG_WARS_TO_WIN = 4  # -1: none
CFG_MAX_BATTLES = 5  # -1: none
CFG_MAX_STEPS = 6  # -1: none
CFG_POLICY_0 = 7  # seat 0's player: RANDOM or HEURISTIC
CFG_POLICY_1 = 8  # seat 1's player
CFG_SIZE = 9

# The players the kernel has.
RANDOM = 0  # cardwar.agents.RandomAgent
HEURISTIC = 1  # cardwar.variants.arneson.agents.ArnesonHeuristic

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_DERIVE = np.uint64(0xD1B54A32D192ED03)
_ONE = np.uint64(1)
_ACE = 14

I16 = NDArray[np.int16]
I64 = NDArray[np.int64]


@_jit
def _agent_key(seed: np.uint64, seat: int) -> Any:
    """Return the key of ``RandomAgent(derive_seed(seed, seat + 1))``'s generator."""
    derived = _mix64(_mix64(seed + _DERIVE) + np.uint64(seat + 2) * _GAMMA)
    return _mix64(derived + _GAMMA)


@_jit
def _legal(seat: int, hand: I16, held: I64, order: I64, legal: I64) -> int:
    """Write the seat's legal cards into ``legal`` (one per distinct card of the hand, in
    ``legal_actions``'s order); return how many."""
    m = 0
    for i in range(held[seat]):
        card = hand[seat, i]
        key = order[card]
        j = m
        while j > 0 and order[legal[j - 1]] > key:
            j -= 1
        if j > 0 and legal[j - 1] == card:
            continue  # a copy of a card already listed
        for k in range(m, j, -1):
            legal[k] = legal[k - 1]
        legal[j] = card
        m += 1
    return m


@_jit
def _pick(table: I16, start: int, first: int, cards0: I16, from0: int, to0: int,
          cards1: I16, from1: int, to1: int) -> int:
    """Write ``cards0[from0:to0]`` and ``cards1[from1:to1]`` into ``table`` from ``start``,
    the seat ``first``'s cards first; return the end."""
    k = start
    if first == 0:
        for i in range(from0, to0):
            table[k] = cards0[i]
            k += 1
        for i in range(from1, to1):
            table[k] = cards1[i]
            k += 1
    else:
        for i in range(from1, to1):
            table[k] = cards1[i]
            k += 1
        for i in range(from0, to0):
            table[k] = cards0[i]
            k += 1
    return k


@_jit
def _play_game(seed: np.uint64, deck: I16, rank: I64, order: I64, cfg: I64, work: I16,
               stock: I16, won: I16, hand: I16, laid: I16, table: I16, legal: I64,
               ints: I64, out: I64) -> int:
    """Play the game of ``seed`` between the players of ``cfg``; write its termination
    code and winner (-1 for none) into ``out`` and return the steps played.

    ``work`` and ``table`` are scratch arrays of the deck's size, ``stock``, ``won``,
    ``hand`` and ``laid`` ``(2, n)`` arrays, ``legal`` an array of ``n``, ``ints`` a
    ``(6, 2)`` array."""
    n = deck.shape[0]
    head = ints[0]
    count = ints[1]
    won_count = ints[2]
    held = ints[3]
    nlaid = ints[4]
    wars_won = ints[5]
    size = cfg[CFG_HAND]
    face_down = cfg[CFG_FACE_DOWN]
    pickup = cfg[CFG_PICKUP]
    win_pile = pickup == PICKUP_WIN_PILE
    wars_to_win = cfg[CFG_WARS_TO_WIN]
    max_battles = cfg[CFG_MAX_BATTLES]
    max_steps = cfg[CFG_MAX_STEPS]

    # ARNESON-DEAL (WAR-DEAL, WAR-SPARE): the deck shuffled by the seed's generator and
    # dealt one card at a time from seat 0; a card that does not divide evenly is set
    # aside.
    key = _mix64(seed + _GAMMA)
    for i in range(n):
        work[i] = deck[i]
    counter = _shuffle(work, 0, n, key, np.uint64(0))
    usable = n - n % 2
    for s in range(2):
        head[s] = 0
        count[s] = 0
        won_count[s] = 0
        held[s] = 0
        nlaid[s] = 0
        wars_won[s] = 0
    for i in range(usable):
        s = i % 2
        stock[s, count[s]] = work[i]
        count[s] += 1
    # ARNESON-HAND: each player takes the top hand_size cards of their stock.
    for s in range(2):
        while held[s] < size and count[s] > 0:
            card, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
            hand[s, held[s]] = card
            held[s] += 1
    out[0] = TERM_NONE
    out[1] = -1
    if held[0] == 0 or held[1] == 0:  # pragma: no cover - the options deal both a hand
        out[0] = TERM_ALL_CARDS
        out[1] = 1 if held[1] else 0 if held[0] else -1
        return 0

    agent_key0 = _agent_key(seed, 0)
    agent_key1 = _agent_key(seed, 1)
    agent_counter0 = np.uint64(0)
    agent_counter1 = np.uint64(0)
    steps = 0
    battles = 0
    rounds = 0
    committed = -1
    while out[0] == TERM_NONE and (max_steps < 0 or steps < max_steps):
        seat = 0 if committed < 0 else 1
        # ARNESON-CHOICE: the seat chooses a card of its hand.
        m = _legal(seat, hand, held, order, legal)
        # One integer type for every branch (numba would unify them as a float).
        if cfg[CFG_POLICY_0 + seat] == HEURISTIC:
            # ArnesonHeuristic: an Ace, or the highest card in a war, else the lowest.
            i = np.int64(m - 1 if rounds > 0 or rank[legal[m - 1]] == _ACE else 0)
        elif seat == 0:
            agent_counter0 += _ONE
            i = np.int64(_below(agent_key0, agent_counter0, m))
        else:
            agent_counter1 += _ONE
            i = np.int64(_below(agent_key1, agent_counter1, m))
        card = legal[i]
        steps += 1
        h = held[seat]
        j = 0
        while hand[seat, j] != card:
            j += 1
        for k in range(j, h - 1):
            hand[seat, k] = hand[seat, k + 1]
        held[seat] = h - 1
        if seat == 0:
            committed = card
            continue
        # Both cards are revealed: the round is resolved (rules._resolve).
        a = committed
        committed = -1
        laid[0, nlaid[0]] = a
        nlaid[0] += 1
        laid[1, nlaid[1]] = card
        nlaid[1] += 1
        rounds += 1
        # ARNESON-REFILL: each refills their hand from their stock (or win pile).
        for s in range(2):
            while held[s] < size:
                c, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
                if c < 0:
                    break
                hand[s, held[s]] = c
                held[s] += 1
        short = False
        pair_to = -1
        if rank[a] == rank[card]:
            # ARNESON-WAR: each stakes up to face_down cards of their stock face down.
            for s in range(2):
                k = 0
                while k < face_down:
                    c, counter = _take(s, stock, head, count, won, won_count, n, key,
                                       counter)
                    if c < 0:
                        break
                    laid[s, nlaid[s]] = c
                    nlaid[s] += 1
                    k += 1
            if held[0] > 0 and held[1] > 0:
                continue  # the war goes on: each chooses a fourth card
            battles += 1
            if held[0] == 0 and held[1] == 0:
                # ARNESON-SHORT: neither can choose; the war is undecidable.
                out[0] = TERM_UNDECIDABLE
                break
            # ARNESON-SHORT: a player without a card to choose loses the war.
            winner = 1 if held[0] == 0 else 0
            short = True
        else:
            battles += 1
            winner = 0 if rank[a] > rank[card] else 1
            if rounds > 1 and cfg[CFG_PAIR_TO_LOSER]:
                pair_to = 1 - winner  # ARNESON-WAR: the loser takes the starting pair
        # ARNESON-PICKUP: the table goes to the winner, as WAR-PICKUP.
        skip = 1 if pair_to >= 0 else 0
        first = winner if pickup == PICKUP_WINNER_FIRST else 0
        t = _pick(table, 0, first, laid[0], skip, nlaid[0], laid[1], skip, nlaid[1])
        if pickup == PICKUP_SHUFFLED:
            counter = _shuffle(table, 0, t, key, counter)
        for k in range(t):
            if win_pile:
                won[winner, won_count[winner]] = table[k]
                won_count[winner] += 1
            else:
                _put(winner, table[k], stock, head, count, n)
        if pair_to >= 0:
            first = pair_to if pickup == PICKUP_WINNER_FIRST else 0
            t = _pick(table, 0, first, laid[0], 0, 1, laid[1], 0, 1)
            if pickup == PICKUP_SHUFFLED:
                counter = _shuffle(table, 0, t, key, counter)
            for k in range(t):
                if win_pile:
                    won[pair_to, won_count[pair_to]] = table[k]
                    won_count[pair_to] += 1
                else:
                    _put(pair_to, table[k], stock, head, count, n)
        for s in range(2):
            while held[s] < size:
                c, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
                if c < 0:
                    break
                hand[s, held[s]] = c
                held[s] += 1
        war = rounds > 1 or short
        rounds = 0
        nlaid[0] = 0
        nlaid[1] = 0
        if war:
            wars_won[winner] += 1
        eliminated = False
        for s in range(2):
            if held[s] == 0 and count[s] + won_count[s] == 0:
                eliminated = True
        # ARNESON-WIN, ARNESON-LIMIT.
        if war and wars_to_win >= 0 and wars_won[winner] >= wars_to_win:
            out[0] = TERM_WARS_WON
            out[1] = winner
        elif eliminated:
            out[0] = TERM_ALL_CARDS
            out[1] = winner
        elif max_battles >= 0 and battles >= max_battles:
            out[0] = TERM_BATTLE_LIMIT
    return steps


@_jit
def _play_games_kernel(seeds: NDArray[np.uint64], deck: I16, rank: I64, order: I64,
                       cfg: I64, steps: I64, winner: NDArray[np.int16],
                       termination: NDArray[np.uint8]) -> None:
    """Play the game of every seed, writing the result columns."""
    n = deck.shape[0]
    work = np.zeros(n, np.int16)
    table = np.zeros(n, np.int16)
    stock = np.zeros((2, n), np.int16)
    won = np.zeros((2, n), np.int16)
    hand = np.zeros((2, n), np.int16)
    laid = np.zeros((2, n), np.int16)
    legal = np.zeros(n, np.int64)
    ints = np.zeros((6, 2), np.int64)
    out = np.zeros(2, np.int64)
    for g in range(seeds.shape[0]):
        steps[g] = _play_game(seeds[g], deck, rank, order, cfg, work, stock, won, hand, laid,
                              table, legal, ints, out)
        termination[g] = out[0]
        winner[g] = out[1]


def play_games(seeds: NDArray[np.uint64], deck: I16, rank: I64, order: I64, cfg: I64
               ) -> tuple[I64, NDArray[np.int16], NDArray[np.uint8]]:
    """Play the game of every seed between the players of ``cfg``; return the columns
    steps, winner (-1 for none) and termination (the ``TERM_*`` codes)."""
    count = seeds.shape[0]
    steps = np.empty(count, np.int64)
    winner = np.empty(count, np.int16)
    termination = np.empty(count, np.uint8)
    _play_games_kernel(np.ascontiguousarray(seeds, dtype=np.uint64),
                       np.ascontiguousarray(deck, dtype=np.int16),
                       np.ascontiguousarray(rank, dtype=np.int64),
                       np.ascontiguousarray(order, dtype=np.int64),
                       np.ascontiguousarray(cfg, dtype=np.int64), steps, winner, termination)
    return steps, winner, termination
