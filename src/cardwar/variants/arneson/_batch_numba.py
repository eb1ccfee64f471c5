"""The compiled kernel of Arneson's War's batch engine: whole games between random or
heuristic players, one seed after another, in numba-compiled loops over small integer
arrays.

Private: use :func:`cardwar.batch.play`. The kernel is a transcription of
:mod:`cardwar.variants.arneson.rules` (``new_game``, ``legal_actions``, ``step`` and
``_resolve``) onto arrays, with War's stocks and win piles (the ring buffers of
:mod:`cardwar.variants._battle._batch_numba`), and of the players: the random agent
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

from cardwar._kernels import (
    F64,
    I16,
    I64,
    U8,
    U64,
    _add_card,
    _agent_key,
    _below,
    _fraction,
    _inline,
    _jit,
    _mix64,
    _shuffle,
    borrowed,
)
from cardwar.variants._battle._batch_numba import (
    PICKUP_SHUFFLED,
    PICKUP_WIN_PILE,
    PICKUP_WINNER_FIRST,
    _put,
    _take,
)

__all__ = ["HEURISTIC", "MIXED", "OBSERVATION_SIZE", "RANDOM", "TERM_NONE", "play_games",
           "reset_games", "step_against", "step_games"]

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
CFG_PICKUP = 3  # the PICKUP_* codes of cardwar.variants._battle._batch_numba
CFG_WARS_TO_WIN = 4  # -1: none
CFG_MAX_BATTLES = 5  # -1: none
CFG_MAX_STEPS = 6  # -1: none
CFG_POLICY_0 = 7  # seat 0's player: RANDOM or HEURISTIC
CFG_POLICY_1 = 8  # seat 1's player
CFG_COPIES = 9  # copies of the deck (the observation's card counts)
CFG_SIZE = 10

# The bounds the observation divides by (arneson.encoding's write), as floats: the
# options' values, not the kernel's (a face_down above the deck's size stays as it is).
OB_HAND = 0  # hand_size
OB_TOTAL = 1  # the deck's cards
OB_FACE_DOWN = 2  # max(1, face_down)
OB_WARS = 3  # wars_to_win, 0 for none (then the battles played)
OB_LIMIT = 4  # max_battles, 0 for none
OB_SIZE = 5

# A game's cards: rows of its ``cards`` array, each ``(2, n)``: one row per seat.
STOCK = 0  # the stock, a ring buffer (from ints[HEAD], ints[COUNT] cards)
PILE = 1  # the win pile (pickup_order=win_pile)
HAND = 2  # the hand, in the order drawn
LAID = 3  # the cards laid in the current battle (face up and face down)
UP = 4  # the face-up cards of the current battle's revealed rounds
LAST = 5  # the face-up cards of the last completed battle
CARD_ROWS = 6

# Rows of a game's ``ints`` array (one column per seat): how many cards of each row of
# ``cards``, and the seats' other counts.
HEAD = 0  # where the stock starts in its ring buffer
COUNT = 1  # cards in the stock
WON = 2  # cards on the win pile
HELD = 3  # cards in hand
NLAID = 4  # cards laid in the current battle
STAKES = 5  # face-down cards staked for the round being chosen
COMMITTED = 6  # the hidden choice of the round, -1 for none
WARS_WON = 7
NUP = 8  # face-up cards of the current battle
NLAST = 9  # face-up cards of the last battle
INTS = 10

# Entries of a game's ``out`` array: the seat to move, the termination code, the winner
# (-1 for none) and two scores (always 0: the game keeps none), the layout of Caravan's
# kernel that cardwar.batch.Games reads; then the game's counts.
ROUNDS = 5  # revealed rounds of the current battle
BATTLES = 6
OUT_SIZE = 7

# The players the kernel has.
RANDOM = 0  # cardwar.agents.RandomAgent
HEURISTIC = 1  # cardwar.variants.arneson.agents.ArnesonHeuristic

#: The values of an observation tensor (arneson.encoding's layout): hand, committed,
#: opponent_committed, hand_sizes, stock_sizes, won_sizes, table, stakes, wars_won,
#: progress, last_battle.
OBSERVATION_SIZE = 53 + 53 + 1 + 2 + 2 + 2 + 2 * 53 + 2 + 2 + 1 + 2 * 53

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_ONE = np.uint64(1)
_ACE = 14


@_jit
def _legal(seat: int, cards: I16, ints: I64, order: I64, legal: I64) -> int:
    """Write the seat's legal cards into ``legal`` (one per distinct card of the hand, in
    ``legal_actions``'s order); return how many."""
    m = 0
    for i in range(ints[HELD, seat]):
        card = cards[HAND, seat, i]
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


@_inline
def _pick(table: I16, first: int, cards: I16, start: int, end0: int, end1: int) -> int:
    """Write the laid cards ``[start:end_s]`` of both seats into ``table``, the seat
    ``first``'s first; return how many."""
    k = 0
    for r in range(2):
        s = first if r == 0 else 1 - first
        for i in range(start, end0 if s == 0 else end1):
            table[k] = cards[LAID, s, i]
            k += 1
    return k


@_inline
def _deal(seed: np.uint64, deck: I16, cfg: I64, work: I16, cards: I16, ints: I64, rng: U64,
          out: I64) -> None:
    """Set up the first state of the game of ``seed`` (arneson.rules.new_game)."""
    n = deck.shape[0]
    # ARNESON-DEAL (WAR-DEAL, WAR-SPARE): the deck shuffled by the seed's generator and
    # dealt one card at a time from seat 0; a card that does not divide evenly is set
    # aside.
    key = _mix64(seed + _GAMMA)
    for i in range(n):
        work[i] = deck[i]
    counter = _shuffle(work, 0, n, key, np.uint64(0))
    ints[:, :] = 0
    ints[COMMITTED, :] = -1
    for i in range(n - n % 2):
        s = i % 2
        cards[STOCK, s, ints[COUNT, s]] = work[i]
        ints[COUNT, s] += 1
    # ARNESON-HAND: each player takes the top hand_size cards of their stock.
    stock = cards[STOCK]
    for s in range(2):
        while ints[HELD, s] < cfg[CFG_HAND] and ints[COUNT, s] > 0:
            h = ints[HEAD, s]
            cards[HAND, s, ints[HELD, s]] = stock[s, h]
            ints[HELD, s] += 1
            ints[HEAD, s] = h + 1
            ints[COUNT, s] -= 1
    rng[0] = key
    rng[1] = counter
    out[:] = 0
    out[2] = -1
    if ints[HELD, 0] == 0 or ints[HELD, 1] == 0:  # pragma: no cover - the options deal both
        out[1] = TERM_ALL_CARDS
        out[2] = 1 if ints[HELD, 1] else 0 if ints[HELD, 0] else -1


@_inline
def _commit(card: int, cards: I16, ints: I64, out: I64) -> bool:
    """Take ``card`` from the hand of the seat to move (arneson.rules.step); seat 0's card
    is committed, hidden. Return whether the round is to be resolved (seat 1 chose)."""
    seat = out[0]
    h = ints[HELD, seat]
    j = 0
    while cards[HAND, seat, j] != card:
        j += 1
    for k in range(j, h - 1):
        cards[HAND, seat, k] = cards[HAND, seat, k + 1]
    ints[HELD, seat] = h - 1
    if seat == 0:
        ints[COMMITTED, 0] = card
        out[0] = 1
        return False
    return True


@_inline
def _resolve(card: int, cfg: I64, rank: I64, cards: I16, table: I16, ints: I64, rng: U64,
             out: I64) -> None:
    """Reveal seat 0's committed card and seat 1's ``card`` (already taken from the hands)
    and resolve the round (rules._resolve). The callers call it after :func:`_commit`
    only when seat 1 chose. (A game's arrays are few, and the loops below are written out
    rather than called: numba pays for each array an inlined call is given.)"""
    n = cards.shape[2]
    stock = cards[STOCK]
    won = cards[PILE]
    head = ints[HEAD]
    count = ints[COUNT]
    won_count = ints[WON]
    held = ints[HELD]
    out[0] = 0
    a = ints[COMMITTED, 0]
    ints[COMMITTED, 0] = -1
    key = rng[0]
    counter = rng[1]
    size = cfg[CFG_HAND]
    pickup = cfg[CFG_PICKUP]
    win_pile = pickup == PICKUP_WIN_PILE
    for s in range(2):
        c = a if s == 0 else card
        cards[LAID, s, ints[NLAID, s]] = c
        ints[NLAID, s] += 1
        cards[UP, s, ints[NUP, s]] = c
        ints[NUP, s] += 1
    out[ROUNDS] += 1
    # ARNESON-REFILL: each refills their hand from their stock (or win pile), seat 0 first.
    for s in range(2):
        while held[s] < size:
            c, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
            if c < 0:
                break
            cards[HAND, s, held[s]] = c
            held[s] += 1
    short = False
    pair_to = -1
    winner = -1
    if rank[a] == rank[card]:
        # ARNESON-WAR: each stakes up to face_down cards of their stock face down.
        for s in range(2):
            k = 0
            while k < cfg[CFG_FACE_DOWN]:
                c, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
                if c < 0:
                    break
                cards[LAID, s, ints[NLAID, s]] = c
                ints[NLAID, s] += 1
                k += 1
            ints[STAKES, s] = k
        if held[0] > 0 and held[1] > 0:
            # The war goes on: each chooses a fourth card. The state of a war in progress
            # keeps no last battle (rules._resolve builds it without one).
            ints[NLAST, 0] = 0
            ints[NLAST, 1] = 0
            rng[1] = counter
            return
        if held[0] == 0 and held[1] == 0:
            # ARNESON-SHORT: neither can choose; the war is undecidable.
            out[1] = TERM_UNDECIDABLE
        else:
            # ARNESON-SHORT: a player without a card to choose loses the war.
            winner = 1 if held[0] == 0 else 0
            short = True
    else:
        winner = 0 if rank[a] > rank[card] else 1
        if out[ROUNDS] > 1 and cfg[CFG_PAIR_TO_LOSER]:
            pair_to = 1 - winner  # ARNESON-WAR: the loser takes the starting pair
    if winner >= 0:
        # ARNESON-PICKUP (WAR-PICKUP): the table to the winner; then (ARNESON-WAR) the
        # starting pair to the loser.
        for part in range(2 if pair_to >= 0 else 1):
            taker = winner if part == 0 else pair_to
            first = taker if pickup == PICKUP_WINNER_FIRST else 0
            if part == 0:
                skip = 1 if pair_to >= 0 else 0
                t = _pick(table, first, cards, skip, ints[NLAID, 0], ints[NLAID, 1])
            else:
                t = _pick(table, first, cards, 0, 1, 1)
            if pickup == PICKUP_SHUFFLED:
                counter = _shuffle(table, 0, t, key, counter)
            for k in range(t):
                if win_pile:
                    won[taker, won_count[taker]] = table[k]
                    won_count[taker] += 1
                else:
                    _put(taker, table[k], stock, head, count, n)
        # ARNESON-REFILL again, after the pickup.
        for s in range(2):
            while held[s] < size:
                c, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
                if c < 0:
                    break
                cards[HAND, s, held[s]] = c
                held[s] += 1
    rng[1] = counter
    # The battle is over: its face-up cards become the last battle's.
    war = out[ROUNDS] > 1 or short
    out[BATTLES] += 1
    out[ROUNDS] = 0
    for s in range(2):
        for i in range(ints[NUP, s]):
            cards[LAST, s, i] = cards[UP, s, i]
        ints[NLAST, s] = ints[NUP, s]
        ints[NUP, s] = 0
        ints[NLAID, s] = 0
        ints[STAKES, s] = 0
    if winner < 0:
        return
    if war:
        ints[WARS_WON, winner] += 1
    eliminated = False
    for s in range(2):
        if held[s] == 0 and count[s] + won_count[s] == 0:
            eliminated = True
    # ARNESON-WIN, ARNESON-LIMIT.
    wars_to_win = cfg[CFG_WARS_TO_WIN]
    if war and wars_to_win >= 0 and ints[WARS_WON, winner] >= wars_to_win:
        out[1] = TERM_WARS_WON
        out[2] = winner
    elif eliminated:
        out[1] = TERM_ALL_CARDS
        out[2] = winner
    elif cfg[CFG_MAX_BATTLES] >= 0 and out[BATTLES] >= cfg[CFG_MAX_BATTLES]:
        out[1] = TERM_BATTLE_LIMIT


@_jit
def _play_game(seed: np.uint64, deck: I16, rank: I64, order: I64, cfg: I64, work: I16,
               cards: I16, table: I16, legal: I64, ints: I64, rng: U64, out: I64) -> int:
    """Play the game of ``seed`` between the players of ``cfg``; leave its result in
    ``out`` (termination code, winner) and return the steps played."""
    deck, rank, order, cfg = borrowed(deck), borrowed(rank), borrowed(order), borrowed(cfg)
    work, cards, table, legal = borrowed(work), borrowed(cards), borrowed(table), borrowed(legal)
    ints, rng, out = borrowed(ints), borrowed(rng), borrowed(out)
    _deal(seed, deck, cfg, work, cards, ints, rng, out)
    agent_key0 = _agent_key(seed, 0)
    agent_key1 = _agent_key(seed, 1)
    agent_counter0 = np.uint64(0)
    agent_counter1 = np.uint64(0)
    max_steps = cfg[CFG_MAX_STEPS]
    steps = 0
    while out[1] == TERM_NONE and (max_steps < 0 or steps < max_steps):
        seat = out[0]
        # ARNESON-CHOICE: the seat chooses a card of its hand.
        m = _legal(seat, cards, ints, order, legal)
        # One integer type for every branch (numba would unify them as a float).
        if cfg[CFG_POLICY_0 + seat] == HEURISTIC:
            # ArnesonHeuristic: an Ace, or the highest card in a war, else the lowest.
            i = np.int64(m - 1 if out[ROUNDS] > 0 or rank[legal[m - 1]] == _ACE else 0)
        elif seat == 0:
            agent_counter0 += _ONE
            i = np.int64(_below(agent_key0, agent_counter0, m))
        else:
            agent_counter1 += _ONE
            i = np.int64(_below(agent_key1, agent_counter1, m))
        steps += 1
        if _commit(legal[i], cards, ints, out):
            _resolve(legal[i], cfg, rank, cards, table, ints, rng, out)
    return steps


@_jit
def _play_games_kernel(seeds: U64, deck: I16, rank: I64, order: I64, cfg: I64, steps: I64,
                       winner: I16, termination: U8) -> None:
    """Play the game of every seed, writing the result columns."""
    n = deck.shape[0]
    work = np.zeros(n, np.int16)
    table = np.zeros(n, np.int16)
    cards = np.zeros((CARD_ROWS, 2, n), np.int16)
    legal = np.zeros(n, np.int64)
    ints = np.zeros((INTS, 2), np.int64)
    rng = np.zeros(2, np.uint64)
    out = np.zeros(OUT_SIZE, np.int64)
    for g in range(seeds.shape[0]):
        steps[g] = _play_game(seeds[g], deck, rank, order, cfg, work, cards, table, legal,
                              ints, rng, out)
        termination[g] = out[1]
        winner[g] = out[2]


def play_games(seeds: U64, deck: I16, rank: I64, order: I64, cfg: I64
               ) -> tuple[I64, I16, U8]:
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


# --- many games stepped by action ids (cardwar.batch.Games) -------------------------------


@_inline
def _observe(seat: int, cfg: I64, ob: F64, cards: I16, ints: I64, out: I64,
             row: Any) -> None:
    """Write ``seat``'s observation tensor into ``row`` (arneson.encoding's ``write``)."""
    row[:] = 0.0
    copies = cfg[CFG_COPIES]
    other = 1 - seat
    for i in range(ints[HELD, seat]):  # hand
        _add_card(row, 0, cards[HAND, seat, i], copies, 1)
    # committed (53): the seat to move has not chosen this round.
    at = 106
    row[at] = 1.0 if ints[COMMITTED, other] >= 0 else 0.0  # opponent_committed
    at += 1
    for j, which in enumerate((HELD, COUNT, WON)):  # hand_sizes, stock_sizes, won_sizes
        bound = ob[OB_HAND] if j == 0 else ob[OB_TOTAL]
        row[at] = _fraction(ints[which, seat], bound)
        row[at + 1] = _fraction(ints[which, other], bound)
        at += 2
    for i in range(ints[NUP, seat]):  # table
        _add_card(row, at, cards[UP, seat, i], copies, 1)
    for i in range(ints[NUP, other]):
        _add_card(row, at + 53, cards[UP, other, i], copies, 1)
    at += 106
    row[at] = _fraction(ints[STAKES, seat], ob[OB_FACE_DOWN])  # stakes
    row[at + 1] = _fraction(ints[STAKES, other], ob[OB_FACE_DOWN])
    at += 2
    target = ob[OB_WARS] if ob[OB_WARS] > 0 else max(1.0, float(out[BATTLES]))
    row[at] = _fraction(ints[WARS_WON, seat], target)  # wars_won
    row[at + 1] = _fraction(ints[WARS_WON, other], target)
    at += 2
    if ob[OB_LIMIT] > 0:  # progress
        row[at] = _fraction(out[BATTLES], ob[OB_LIMIT])
    at += 1
    for i in range(ints[NLAST, seat]):  # last_battle
        _add_card(row, at, cards[LAST, seat, i], copies, 1)
    for i in range(ints[NLAST, other]):
        _add_card(row, at + 53, cards[LAST, other, i], copies, 1)


@_jit
def _refresh(g: int, cfg: I64, ob: F64, cards: Any, ints: Any, out: Any,
             observation: Any, mask: Any) -> None:
    """Write game ``g``'s observation (of the seat to move) and legal-action mask (the
    action id of a card is its card index)."""
    seat = out[g, 0]
    _observe(seat, cfg, ob, cards[g], ints[g], out[g], observation[g])
    mask[g, :] = 0
    if out[g, 1] != TERM_NONE:
        return
    for i in range(ints[g, HELD, seat]):
        mask[g, cards[g, HAND, seat, i]] = 1


@_jit
def reset_games(seeds: U64, deck: I16, cfg: I64, ob: F64, work: I16,
                cards: I16, ints: I64, rng: U64, turns: I64, out: I64, observation: F64,
                mask: U8) -> None:
    """Deal the game of every seed into row ``g`` of the state arrays and write its first
    observation and mask."""
    seeds, deck, cfg, ob = borrowed(seeds), borrowed(deck), borrowed(cfg), borrowed(ob)
    work, cards, ints, rng = borrowed(work), borrowed(cards), borrowed(ints), borrowed(rng)
    turns, out, observation = borrowed(turns), borrowed(out), borrowed(observation)
    mask = borrowed(mask)
    for g in range(seeds.shape[0]):
        _deal(seeds[g], deck, cfg, work, cards[g], ints[g], rng[g], out[g])
        turns[g] = 0
        _refresh(g, cfg, ob, cards, ints, out, observation, mask)


@_jit
def step_games(actions: I64, cfg: I64, ob: F64, rank: I64, cards: I16,
               table: I16, ints: I64, rng: U64, turns: I64, out: I64, observation: F64,
               mask: U8, rewards: F64) -> int:
    """Play action id ``actions[g]`` (a card index) in every running game ``g`` (finished
    games are left as they are), then write the observations, masks and each seat's
    reward (the game's returns on the step that ends it, else 0). Returns -1, or the
    first game whose action is not legal there, before anything is played."""
    actions, cfg, ob, rank = borrowed(actions), borrowed(cfg), borrowed(ob), borrowed(rank)
    cards, table, ints, rng = borrowed(cards), borrowed(table), borrowed(ints), borrowed(rng)
    turns, out, observation = borrowed(turns), borrowed(out), borrowed(observation)
    mask, rewards = borrowed(mask), borrowed(rewards)
    count = actions.shape[0]
    n_actions = mask.shape[1]
    for g in range(count):
        a = actions[g]
        if out[g, 1] == TERM_NONE and (a < 0 or a >= n_actions or mask[g, a] == 0):
            return g
    for g in range(count):
        rewards[g, 0] = 0.0
        rewards[g, 1] = 0.0
        if out[g, 1] != TERM_NONE:
            continue
        turns[g] += 1
        if _commit(actions[g], cards[g], ints[g], out[g]):
            _resolve(actions[g], cfg, rank, cards[g], table, ints[g], rng[g], out[g])
        winner = out[g, 2]
        if out[g, 1] != TERM_NONE and winner >= 0:
            rewards[g, winner] = 1.0
            rewards[g, 1 - winner] = -1.0
        _refresh(g, cfg, ob, cards, ints, out, observation, mask)
    return -1


# --- one learner's seat against the kernel's players (the vector environment) -------------

#: The player :class:`cardwar.agents.MixedAgent` makes of the heuristic (the agent kind
#: ``heuristic:P``): a coin, then the heuristic's card or a random one.
MIXED = 2


@_jit
def step_against(actions: I64, restart: U8, seeds: U64, learner: int, cfg: I64, ob: F64,
                 below: U64, deck: I16, rank: I64, order: I64, work: I16, cards: I16,
                 table: I16, legal: I64, ints: I64, rng: U64, out: I64, agent_key: U64,
                 agent_counter: U64, row: F64, observation: Any, mask: Any,
                 rewards: Any) -> None:
    """Advance every game ``g`` by one step of the seat ``learner``: if ``restart[g]`` is
    1, deal the game of ``seeds[g]`` anew (its players' generators from their start); if
    it is 2, play nothing in it; else, if it runs, play the learner's card index
    ``actions[g]`` (legal: the caller checked). Then the other seat, the player
    ``cfg[CFG_POLICY_0 + seat]`` (:data:`RANDOM`, drawing from the generator of key
    ``agent_key[g, seat]``; :data:`HEURISTIC`; or :data:`MIXED`, which first draws a word
    from that generator and plays the heuristic's card when it is below
    ``below[seat]``, else a random card drawn next), chooses until the learner is to
    choose or the game ends: seat 0 chooses first in every round, so against a learner
    in seat 1 the other seat commits its hidden card before the learner is asked. Write
    the learner's reward (its returns when the game ended on this step, else 0), its
    observation (``float32``, through the ``float64`` row ``row``) and its mask (``int8``,
    all 0 once the game is over), for every game but a finished one not restarted, which
    is left as it is, its reward 0."""
    actions, restart, seeds = borrowed(actions), borrowed(restart), borrowed(seeds)
    cfg, ob, below, deck = borrowed(cfg), borrowed(ob), borrowed(below), borrowed(deck)
    rank, order, work, cards = borrowed(rank), borrowed(order), borrowed(work), borrowed(cards)
    table, legal, ints, rng = borrowed(table), borrowed(legal), borrowed(ints), borrowed(rng)
    out, agent_key = borrowed(out), borrowed(agent_key)
    agent_counter, row = borrowed(agent_counter), borrowed(row)
    observation, mask, rewards = borrowed(observation), borrowed(mask), borrowed(rewards)
    for g in range(actions.shape[0]):
        rewards[g] = 0.0
        if restart[g] == 1:
            _deal(seeds[g], deck, cfg, work, cards[g], ints[g], rng[g], out[g])
            agent_key[g, 0] = _agent_key(seeds[g], 0)
            agent_key[g, 1] = _agent_key(seeds[g], 1)
            agent_counter[g, 0] = 0
            agent_counter[g, 1] = 0
        elif out[g, 1] != TERM_NONE:
            continue
        # The learner's card first (when it has one to play), then the other seat's, one
        # choice per pass (so that the round's resolution is compiled once).
        pending = restart[g] == 0
        while out[g, 1] == TERM_NONE:
            seat = out[g, 0]
            if pending:
                card = actions[g]
                pending = False
            elif seat == learner:
                break
            else:
                # ARNESON-CHOICE: the seat chooses a card of its hand.
                m = _legal(seat, cards[g], ints[g], order, legal)
                code = cfg[CFG_POLICY_0 + seat]
                heuristic = code == HEURISTIC
                if code == MIXED:
                    agent_counter[g, seat] += _ONE
                    word = _mix64(agent_key[g, seat] + agent_counter[g, seat] * _GAMMA)
                    heuristic = word < below[seat]
                if heuristic:
                    # ArnesonHeuristic: an Ace, or the highest card in a war, else the
                    # lowest.
                    i = np.int64(m - 1 if out[g, ROUNDS] > 0 or rank[legal[m - 1]] == _ACE
                                 else 0)
                else:
                    agent_counter[g, seat] += _ONE
                    i = np.int64(_below(agent_key[g, seat], agent_counter[g, seat], m))
                card = legal[i]
            if _commit(card, cards[g], ints[g], out[g]):
                _resolve(card, cfg, rank, cards[g], table, ints[g], rng[g], out[g])
        if out[g, 1] != TERM_NONE and restart[g] == 0 and out[g, 2] >= 0:
            rewards[g] = 1.0 if out[g, 2] == learner else -1.0
        _observe(learner, cfg, ob, cards[g], ints[g], out[g], row)
        for k in range(row.shape[0]):
            observation[g, k] = row[k]
        mask[g, :] = 0
        if out[g, 1] == TERM_NONE:
            for k in range(ints[g, HELD, learner]):
                mask[g, cards[g, HAND, learner, k]] = 1
