"""The compiled kernel of Caravan's batch engine: whole games between random players,
one seed after another, in numba-compiled loops over small integer arrays.

Private: use :func:`cardwar.batch.play`. The kernel is a transcription of
:mod:`cardwar.variants.caravan.rules` (``new_game``, ``legal_actions``, ``step``,
``_apply_play``, ``derive_caravan``, ``_conclude``) onto arrays, and of the random agent
(:class:`cardwar.agents.RandomAgent`, seeded ``derive_seed(seed, seat + 1)`` as
``cardwar simulate`` and :func:`cardwar.agents.play` seed it): it lists the legal actions
in ``legal_actions``'s order and draws the same index from the same generator, so every
game is the game the step loop plays, move for move (the tests compare them). Rule IDs in
comments are those of the docs page ``rules/caravan``.

* A card is its :func:`~cardwar.cards.card_index` (0 to 52); the tables ``pip``, ``kind``,
  ``suit``, ``rank`` and ``order`` give its value (0 for a face card), kind (``NUMBER``,
  ``JACK``, ``QUEEN``, ``KING``, ``JOKER``), suit (-1 for a Joker), rank and sort key (the
  order ``legal_actions`` lists cards in). They are built from the rules module, not
  restated here.
* A caravan ``c`` is row ``c`` of the pile arrays: ``numeral[c, i]`` is its number card
  ``i`` (bottom first), ``pile_value[c, i]`` that pile's value, ``faces[c, i, :nfaces[c,
  i]]`` the face cards on it in play order; ``piles[c]`` how many, and ``value``,
  ``suit`` and ``direction`` its derived facts (``direction``: 0 none, 1 up, 2 down).
* A hand is a row of ``hand`` (``held[s]`` cards, in the order drawn); a deck is a row of
  ``deck`` read from ``top[s]`` to ``size[s]``.

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
    _agent_key,
    _below,
    _fraction,
    _inline_once,
    _jit,
    _mix64,
    _shuffle,
    borrowed,
)

__all__ = ["HEURISTIC", "JACK", "JOKER", "KING", "MIXED", "NUMBER", "QUEEN", "RANDOM", "TERM_NONE",
           "play_games", "reset_games", "step_against", "step_games"]

# Card kinds.
NUMBER = 0
JACK = 1
QUEEN = 2
KING = 3
JOKER = 4

# Directions (caravan.rules.Direction): none, up, down.
_NONE = 0
_UP = 1
_DOWN = 2

# The kernel's own termination codes; cardwar.batch maps them to Termination values.
TERM_NONE = 0  # still running (cut by max_steps)
TERM_SOLD = 1  # CARAVANS_SOLD
TERM_EMPTY_HAND = 2  # EMPTY_HAND
TERM_TURN_LIMIT = 3  # TURN_LIMIT

# Indices of the options array ``cfg``.
CFG_FIRST = 0
CFG_HAND = 1
CFG_NEVER_DISCARD = 2  # opening_discard == never
CFG_FACE_LIMIT = 3  # -1: none
CFG_MAX_NUMBERS = 4  # -1: none
CFG_AT_ONCE = 5  # empty_hand == at_once
CFG_EQUAL = 6  # the direction of two equal last values (0 none, 2 down)
CFG_DISBAND_DRAWS = 7
CFG_EARLY = 8
CFG_MAX_TURNS = 9  # -1: none
CFG_MAX_STEPS = 10  # -1: none
CFG_POLICY_0 = 11  # seat 0's player: RANDOM or HEURISTIC
CFG_POLICY_1 = 12  # seat 1's player
CFG_JACK_FREE = 13  # jack_ignores_face_limit
CFG_SIZE = 14

# The players the kernel has.
RANDOM = 0  # cardwar.agents.RandomAgent
HEURISTIC = 1  # cardwar.variants.caravan.agents.CaravanHeuristic

# The heuristic's weights (caravan.weights: HELD, FACE_COST, DISCARD_COST,
# DISBAND_COST, GAME), given by the glue module so that they are not restated here.
HW_HELD = 0
HW_FACE = 1
HW_DISCARD = 2
HW_DISBAND = 3
HW_GAME = 4
HW_SIZE = 5

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_ONE = np.uint64(1)


@_inline_once
def _derive(c: int, equal: int, pip: I64, kind: I64, suit: I64, numeral: I16, pile_value: I64,
            faces: I16, nfaces: I64, piles: I64, value: I64, csuit: I64, direction: I64) -> None:
    """Recompute caravan ``c``'s suit and direction from its piles, after piles were taken
    off it (caravan.rules.derive_caravan; CARAVAN-RECOMPUTE): its value, the sum of its
    piles' values, :func:`_drop_pile` keeps."""
    n = piles[c]
    if n == 0:
        csuit[c] = -1
        direction[c] = _NONE
        return
    last = numeral[c, n - 1]
    s = suit[last]
    flips = 0
    for f in range(nfaces[c, n - 1]):
        face = faces[c, n - 1, f]
        if kind[face] == QUEEN:  # CARAVAN-QUEEN
            s = suit[face]
            flips ^= 1
    d = _NONE
    if n >= 2:
        a = pip[numeral[c, n - 2]]
        b = pip[last]
        d = _UP if b > a else _DOWN if b < a else equal
    if flips:
        d = _DOWN if d == _UP else _UP if d == _DOWN else _NONE
    csuit[c] = s
    direction[c] = d


@_inline_once
def _may_discard_opening(s: int, never: bool, pip: I64, size: I64, top: I64, hand: I16,
                         held: I64, piles: I64) -> bool:
    """CARAVAN-OPENING-DISCARD: only while short of number cards, with a card to draw."""
    if never or top[s] >= size[s]:
        return False
    empty = 0
    for c in range(3 * s, 3 * s + 3):
        if piles[c] == 0:
            empty += 1
    numerals = 0
    for i in range(held[s]):
        if pip[hand[s, i]] > 0:
            numerals += 1
    return numerals < empty


@_inline_once
def _conclude(cfg: I64, pip: I64, size: I64, top: I64, hand: I16, held: I64, piles: I64,
              value: I64, opening: I64, turns: int, nxt: int, out: I64) -> None:
    """Apply the opening forfeits and decide the game (caravan.rules._conclude): write the
    seat to move, the termination code, the winner (-1 for none) and each seat's positions
    won into ``out``."""
    if opening[0] or opening[1]:
        for s in range(2):
            # CARAVAN-OPENING: a seat's opening ends when its three caravans are started,
            # or when it has no number card to start one and may not discard (a forfeit).
            if opening[s]:
                empty = piles[3 * s] == 0 or piles[3 * s + 1] == 0 or piles[3 * s + 2] == 0
                has_numeral = False
                for i in range(held[s]):
                    if pip[hand[s, i]] > 0:
                        has_numeral = True
                        break
                if not empty or not (
                    has_numeral
                    or _may_discard_opening(s, cfg[CFG_NEVER_DISCARD] != 0, pip, size, top,
                                            hand, held, piles)
                ):
                    opening[s] = 0
        if not opening[nxt] and opening[1 - nxt]:
            nxt = 1 - nxt
    # CARAVAN-SELL, CARAVAN-OUTBID, CARAVAN-TIE
    won0 = 0
    won1 = 0
    undecided = 0
    for k in range(3):  # (without a branch on the values, which vary at random)
        a = value[k]
        b = value[k + 3]
        sa = (a >= 21) & (a <= 26)
        sb = (b >= 21) & (b <= 26)
        wins0 = sa & ((not sb) | (a > b))
        wins1 = sb & ((not sa) | (b > a))
        won0 += wins0
        won1 += wins1
        undecided += not (wins0 | wins1)
    term = TERM_NONE
    winner = -1
    if undecided == 0 or (cfg[CFG_EARLY] != 0 and max(won0, won1) >= 2):
        term = TERM_SOLD  # CARAVAN-END, CARAVAN-WIN, CARAVAN-EARLY
        winner = 0 if won0 > won1 else 1
    elif not (opening[0] or opening[1]):
        if held[nxt] == 0:
            term = TERM_EMPTY_HAND  # CARAVAN-EMPTY-HAND
            winner = 1 - nxt
        elif cfg[CFG_AT_ONCE] != 0 and held[1 - nxt] == 0:
            term = TERM_EMPTY_HAND
            winner = nxt
    if term == TERM_NONE and cfg[CFG_MAX_TURNS] >= 0 and turns >= cfg[CFG_MAX_TURNS]:
        term = TERM_TURN_LIMIT  # CARAVAN-LIMIT
        winner = -1
    out[0] = nxt
    out[1] = term
    out[2] = winner
    out[3] = won0
    out[4] = won1


@_inline_once
def _put(m: int, what: int, card: int, c: int, target: int, as_ids: bool, acts: I64,
         ids: Any, number_id: I64, face_id: I64, p: int) -> None:
    """Write the ``m``-th legal action (``what``: 0 play, 1 discard, 2 disband; its card,
    caravan and target, -1 for none): as row ``m`` of ``acts``, or, if ``as_ids``, as its
    id (caravan.encoding's, ``P`` = ``p``) in ``ids[m]``. Every caller's ``what`` and
    ``as_ids`` are constants, so inlined, each call is its one branch's stores."""
    if as_ids:
        if what == 0:
            if target < 0:
                ids[m] = 6 * number_id[card] + c
            else:
                ids[m] = 240 + (6 * face_id[card] + c) * p + target
        elif what == 1:
            ids[m] = 240 + 78 * p + card
        else:
            ids[m] = 240 + 78 * p + 53 + c
    else:
        acts[m, 0] = what
        acts[m, 1] = card
        acts[m, 2] = c
        acts[m, 3] = target


@_inline_once
def _legal(seat: int, cfg: I64, pip: I64, kind: I64, suit: I64, size: I64,
           top: I64, hand: I16, held: I64, numeral: I16, nfaces: I64, piles: I64, csuit: I64,
           direction: I64, opening: I64, unique: I64, u: int, acts: I64, as_ids: bool,
           ids: Any, number_id: I64, face_id: I64, p: int) -> int:
    """Write the legal actions of ``seat`` in ``legal_actions``'s order, from the hand's
    ``u`` distinct cards in ``unique`` (:func:`_distinct`): into ``acts``, one row each
    (kind: 0 play, 1 discard, 2 disband; card; caravan; target or -1), or, if ``as_ids``
    (a constant at each call), their ids into ``ids`` (:func:`_put`; ``number_id``,
    ``face_id`` and ``p`` are read only then); return how many. (Listing them all and
    indexing the list measured faster than counting them and walking to the one drawn;
    the learner's ids written straight, rather than rows turned into ids after, measured
    about 4% faster in the vector environment.)"""
    first = 3 * seat
    m = 0
    if opening[seat]:
        # CARAVAN-OPENING: a number card on an empty caravan of your own.
        for j in range(u):
            card = unique[j]
            if pip[card] > 0:
                for c in range(first, first + 3):
                    if piles[c] == 0:
                        _put(m, 0, card, c, -1, as_ids, acts, ids, number_id, face_id, p)
                        m += 1
        if _may_discard_opening(seat, cfg[CFG_NEVER_DISCARD] != 0, pip, size, top, hand, held,
                                piles):
            for j in range(u):
                _put(m, 1, unique[j], 0, -1, as_ids, acts, ids, number_id, face_id, p)
                m += 1
        return m
    limit = cfg[CFG_FACE_LIMIT]
    most = cfg[CFG_MAX_NUMBERS]
    jack_free = cfg[CFG_JACK_FREE] != 0
    for j in range(u):
        card = unique[j]
        k = kind[card]
        # (Each candidate is written, then counted only if legal: a branch per candidate,
        # taken at random, measured slower. The write past the last legal one stays within
        # the list, whose rows, acts_rows, are at least the candidates.)
        if k == NUMBER:
            # CARAVAN-NUMERAL: number cards go on your own caravans only.
            value = pip[card]
            same = suit[card]
            for c in range(first, first + 3):
                n = piles[c]
                last = pip[numeral[c, max(n - 1, 0)]]  # (any card's when n is 0)
                d = direction[c]
                # the caravan is full; CARAVAN-REPEAT; CARAVAN-SUIT, CARAVAN-DIRECTION
                room = (most < 0) | (n < most)
                fits = (value != last) & ((same == csuit[c]) | (d == _NONE)
                                          | ((value > last) == (d == _UP)))
                _put(m, 0, card, c, -1, as_ids, acts, ids, number_id, face_id, p)
                m += room & ((n == 0) | fits)
        elif k == QUEEN:
            # CARAVAN-QUEEN: on the last number card of any caravan.
            for c in range(6):
                n = piles[c]
                top_pile = max(n - 1, 0)
                _put(m, 0, card, c, top_pile, as_ids, acts, ids, number_id, face_id, p)
                m += (n > 0) & ((limit < 0) | (nfaces[c, top_pile] < limit))
        else:
            # CARAVAN-FACE: Jacks, Kings and Jokers on any number card of any caravan;
            # CARAVAN-JACK-LIMIT: with the option, a Jack whatever the card holds.
            free = limit < 0 or (k == JACK and jack_free)
            for c in range(6):
                for i in range(piles[c]):
                    _put(m, 0, card, c, i, as_ids, acts, ids, number_id, face_id, p)
                    m += free | (nfaces[c, i] < limit)
    for j in range(u):  # CARAVAN-DISCARD
        _put(m, 1, unique[j], 0, -1, as_ids, acts, ids, number_id, face_id, p)
        m += 1
    for c in range(first, first + 3):  # CARAVAN-DISBAND
        if piles[c]:
            _put(m, 2, 0, c, -1, as_ids, acts, ids, number_id, face_id, p)
            m += 1
    return m


@_inline_once
def _distinct(seat: int, order: I64, hand: I16, held: I64, unique: I64) -> int:
    """Write the hand's distinct cards into ``unique``, lowest first (rank, then suit; the
    Joker last), as ``legal_actions`` lists them; return how many."""
    u = 0
    for i in range(held[seat]):
        card = hand[seat, i]
        seen = False
        for j in range(u):
            if unique[j] == card:
                seen = True
                break
        if seen:
            continue
        j = u
        while j > 0 and order[unique[j - 1]] > order[card]:
            unique[j] = unique[j - 1]
            j -= 1
        unique[j] = card
        u += 1
    return u


@_inline_once
def _remove_from_hand(seat: int, card: int, hand: I16, held: I64) -> None:
    """Take the first copy of ``card`` out of ``seat``'s hand, keeping the others' order."""
    n = held[seat]
    i = 0
    while hand[seat, i] != card:
        i += 1
    for j in range(i, n - 1):
        hand[seat, j] = hand[seat, j + 1]
    held[seat] = n - 1


@_inline_once
def _drop_pile(c: int, i: int, numeral: I16, pile_value: I64, faces: I16, nfaces: I64,
               piles: I64, value: I64, discarded: I64) -> None:
    """Take pile ``i`` out of caravan ``c``, moving the piles above it down, and its value
    off the caravan's; count its cards in ``discarded`` (per card index: the discard
    pile)."""
    value[c] -= pile_value[c, i]
    discarded[numeral[c, i]] += 1
    for f in range(nfaces[c, i]):
        discarded[faces[c, i, f]] += 1
    n = piles[c]
    for j in range(i, n - 1):
        numeral[c, j] = numeral[c, j + 1]
        pile_value[c, j] = pile_value[c, j + 1]
        nf = nfaces[c, j + 1]
        nfaces[c, j] = nf
        for f in range(nf):
            faces[c, j, f] = faces[c, j + 1, f]
    piles[c] = n - 1


@_inline_once
def _play(card: int, c: int, target: int, equal: int, pip: I64, kind: I64, suit: I64,
          rank: I64, numeral: I16, pile_value: I64, faces: I16, nfaces: I64, piles: I64,
          value: I64, csuit: I64, direction: I64, touched: I64, discarded: I64) -> None:
    """Play ``card`` on caravan ``c`` (at pile ``target``) (caravan.rules._apply_play)."""
    n = piles[c]
    k = kind[card]
    if k == NUMBER:
        # CARAVAN-SUIT, CARAVAN-DIRECTION: the new last card sets both.
        v = pip[card]
        if n:
            direction[c] = _UP if v > pip[numeral[c, n - 1]] else _DOWN
        else:
            direction[c] = _NONE
        numeral[c, n] = card
        pile_value[c, n] = v
        nfaces[c, n] = 0
        piles[c] = n + 1
        value[c] += v
        csuit[c] = suit[card]
        return
    if k == KING:
        # CARAVAN-KING: each King doubles the pile it sits on.
        faces[c, target, nfaces[c, target]] = card
        nfaces[c, target] += 1
        value[c] += pile_value[c, target]
        pile_value[c, target] *= 2
        return
    if k == QUEEN:
        # CARAVAN-QUEEN: the Queen's suit, and the direction reversed.
        faces[c, target, nfaces[c, target]] = card
        nfaces[c, target] += 1
        csuit[c] = suit[card]
        d = direction[c]
        direction[c] = _DOWN if d == _UP else _UP if d == _DOWN else _NONE
        return
    if k == JACK:
        # CARAVAN-JACK: the number card goes with everything on it, and the Jack.
        _drop_pile(c, target, numeral, pile_value, faces, nfaces, piles, value, discarded)
        discarded[card] += 1
        _derive(c, equal, pip, kind, suit, numeral, pile_value, faces, nfaces, piles, value,
                csuit, direction)  # CARAVAN-RECOMPUTE
        return
    # A Joker stays on its target; CARAVAN-JOKER-ACE / CARAVAN-JOKER-NUMBER remove the
    # other number cards of the Ace's suit, or of the target's value, from all caravans.
    host = numeral[c, target]
    by_suit = pip[host] == 1
    faces[c, target, nfaces[c, target]] = card
    nfaces[c, target] += 1
    for other in range(6):
        touched[other] = 1 if other == c else 0
        i = 0
        while i < piles[other]:
            if other == c and i == target:
                i += 1
                continue
            p = numeral[other, i]
            hit = suit[p] == suit[host] if by_suit else rank[p] == rank[host]
            if hit:
                _drop_pile(other, i, numeral, pile_value, faces, nfaces, piles, value,
                           discarded)
                touched[other] = 1
                if other == c and i < target:
                    target -= 1
            else:
                i += 1
    for other in range(6):
        if touched[other]:
            _derive(other, equal, pip, kind, suit, numeral, pile_value, faces, nfaces, piles,
                    value, csuit, direction)  # CARAVAN-RECOMPUTE


@_inline_once
def _progress(value: int) -> float:
    """caravan.agents._progress: how far a caravan has come towards a sale."""
    if value > 26:
        return -8.0 - (value - 26)
    return float(min(value, 21))


@_inline_once
def _position(mine: int, theirs: int, held: float) -> float:
    """caravan.agents._position: the worth of one position to the seat of ``mine``."""
    sells = 21 <= mine <= 26
    they_sell = 21 <= theirs <= 26
    if sells and (not they_sell or mine > theirs):
        return held
    if they_sell and (not sells or theirs > mine):
        return -held
    if sells:
        return 0.0
    return _progress(mine) - _progress(theirs)


@_inline_once
def _evaluate(after: I64, seat: int, weights: Any) -> float:
    """caravan.agents.evaluate: the worth of the caravans of values ``after`` to ``seat``."""
    total = 0.0
    held = 0
    lost = 0
    for k in range(3):
        worth = _position(after[3 * seat + k], after[3 * (1 - seat) + k], weights[HW_HELD])
        total += worth
        if worth == weights[HW_HELD]:
            held += 1
        if worth == -weights[HW_HELD]:
            lost += 1
    if held + lost == 3:
        total += weights[HW_GAME] if held >= 2 else -weights[HW_GAME]
    return total


@_inline_once
def _joker_values(c: int, t: int, pip: I64, suit: I64, rank: I64, numeral: I16,
                  pile_value: I64, piles: I64, after: I64) -> None:
    """Take from the caravans' values in ``after`` the piles that a Joker played on pile
    ``t`` of caravan ``c`` removes (CARAVAN-JOKER-ACE / CARAVAN-JOKER-NUMBER): the other
    number cards of the Ace's suit, or of the target's value, on every caravan."""
    host = numeral[c, t]
    by_suit = pip[host] == 1
    for other in range(6):
        for j in range(piles[other]):
            if other == c and j == t:
                continue
            q = numeral[other, j]
            if (suit[q] == suit[host]) if by_suit else (rank[q] == rank[host]):
                after[other] -= pile_value[other, j]


@_inline_once
def _heuristic(seat: int, m: int, acts: I64, weights: Any, pip: I64, kind: I64, suit: I64,
               rank: I64, numeral: I16, pile_value: I64, piles: I64, value: I64,
               after: I64) -> int:
    """Return the index of the action of ``acts`` that caravan.agents.CaravanHeuristic
    chooses: the first of the most worth, each play worked out on the caravans' values
    alone (all that ``evaluate`` reads) as ``_apply_play`` changes them."""
    for c in range(6):
        after[c] = value[c]
    unchanged = _evaluate(after, seat, weights)
    best = 0
    best_worth = -np.inf
    for i in range(m):
        what = acts[i, 0]
        for c in range(6):
            after[c] = value[c]
        if what == 0:
            card = acts[i, 1]
            c = acts[i, 2]
            t = acts[i, 3]
            k = kind[card]
            if k == NUMBER:
                after[c] += pip[card]
            elif k == KING:
                after[c] += pile_value[c, t]
            elif k == JACK:
                after[c] -= pile_value[c, t]
            elif k == JOKER:
                _joker_values(c, t, pip, suit, rank, numeral, pile_value, piles, after)
            worth = _evaluate(after, seat, weights)
            if k != NUMBER:
                worth -= weights[HW_FACE]
        elif what == 2:
            after[acts[i, 2]] = 0
            worth = _evaluate(after, seat, weights) - weights[HW_DISBAND]
        else:
            worth = unchanged - weights[HW_DISCARD]
        if worth > best_worth:
            best = i
            best_worth = worth
    return best


@_inline_once
def _deal(seed: np.uint64, deck0: I16, deck1: I16, cfg: I64, pip: I64, deck: I16, size: I64,
          top: I64, hand: I16, held: I64, piles: I64, value: I64, csuit: I64,
          direction: I64, opening: I64, discarded: I64, out: I64) -> None:
    """Set up the first state of the game of ``seed`` (caravan.rules.new_game) and settle
    it (``out`` as :func:`_conclude` writes it)."""
    # CARAVAN-DEAL: each seat's own deck shuffled, seat 0's first, from the game's stream.
    key = _mix64(seed + _GAMMA)
    size[0] = deck0.shape[0]
    size[1] = deck1.shape[0]
    for i in range(size[0]):
        deck[0, i] = deck0[i]
    for i in range(size[1]):
        deck[1, i] = deck1[i]
    counter = _shuffle(deck[0], 0, size[0], key, np.uint64(0))
    _shuffle(deck[1], 0, size[1], key, counter)
    # CARAVAN-HAND: the opening hands from the top.
    for s in range(2):
        n = min(cfg[CFG_HAND], size[s])
        for i in range(n):
            hand[s, i] = deck[s, i]
        held[s] = n
        top[s] = n
        opening[s] = 1
    for c in range(6):
        piles[c] = 0
        value[c] = 0
        csuit[c] = -1
        direction[c] = _NONE
    discarded[:] = 0
    _conclude(cfg, pip, size, top, hand, held, piles, value, opening, 0, cfg[CFG_FIRST], out)


@_inline_once
def _move(seat: int, what: int, card: int, c: int, target: int, turns: int, cfg: I64,
          pip: I64, kind: I64, suit: I64, rank: I64, deck: I16, size: I64, top: I64,
          hand: I16, held: I64, numeral: I16, pile_value: I64, faces: I16, nfaces: I64,
          piles: I64, value: I64, csuit: I64, direction: I64, opening: I64, touched: I64,
          discarded: I64, out: I64) -> None:
    """Play ``seat``'s action (``what``: 0 play, 1 discard, 2 disband) as the ``turns``-th
    turn, then conclude (caravan.rules.step)."""
    draw = True
    if what == 0:
        _remove_from_hand(seat, card, hand, held)
        _play(card, c, target, cfg[CFG_EQUAL], pip, kind, suit, rank, numeral, pile_value,
              faces, nfaces, piles, value, csuit, direction, touched, discarded)
        draw = opening[seat] == 0  # CARAVAN-OPENING: no draw after a placement
    elif what == 1:
        _remove_from_hand(seat, card, hand, held)  # CARAVAN-DISCARD
        discarded[card] += 1
    else:
        while piles[c]:  # CARAVAN-DISBAND
            _drop_pile(c, piles[c] - 1, numeral, pile_value, faces, nfaces, piles, value,
                       discarded)
        csuit[c] = -1
        direction[c] = _NONE
        draw = cfg[CFG_DISBAND_DRAWS] != 0
    if draw and top[seat] < size[seat]:
        # CARAVAN-DRAW: the top card of your own deck, if any.
        hand[seat, held[seat]] = deck[seat, top[seat]]
        held[seat] += 1
        top[seat] += 1
    _conclude(cfg, pip, size, top, hand, held, piles, value, opening, turns, 1 - seat, out)


@_jit
def _play_game(seed: np.uint64, deck0: I16, deck1: I16, cfg: I64, weights: Any, pip: I64,
               kind: I64, suit: I64, rank: I64, order: I64, deck: I16, size: I64, top: I64,
               hand: I16, held: I64, numeral: I16, pile_value: I64, faces: I16, nfaces: I64,
               piles: I64, value: I64, csuit: I64, direction: I64, opening: I64, unique: I64,
               acts: I64, touched: I64, discarded: I64, after: I64, out: I64) -> int:
    """Play the game of ``seed`` between the players of ``cfg`` (random players drawing
    from their own generators, as ``RandomAgent(derive_seed(seed, seat + 1))``; the
    heuristic drawing nothing); write its result into ``out`` (see :func:`_conclude`) and
    return the moves played."""
    # The arguments as borrowed views (cardwar._kernels.borrowed): the caller keeps
    # them alive for the call.
    deck0, deck1, cfg, weights = borrowed(deck0), borrowed(deck1), borrowed(cfg), borrowed(weights)
    pip, kind, suit, rank = borrowed(pip), borrowed(kind), borrowed(suit), borrowed(rank)
    order, deck, size, top = borrowed(order), borrowed(deck), borrowed(size), borrowed(top)
    hand, held, numeral = borrowed(hand), borrowed(held), borrowed(numeral)
    pile_value, faces, nfaces = borrowed(pile_value), borrowed(faces), borrowed(nfaces)
    piles, value, csuit = borrowed(piles), borrowed(value), borrowed(csuit)
    direction, opening, unique = borrowed(direction), borrowed(opening), borrowed(unique)
    acts, touched, discarded = borrowed(acts), borrowed(touched), borrowed(discarded)
    after, out = borrowed(after), borrowed(out)
    _deal(seed, deck0, deck1, cfg, pip, deck, size, top, hand, held, piles, value, csuit,
          direction, opening, discarded, out)
    agent_key = np.empty(2, np.uint64)
    agent_key[0] = _agent_key(seed, 0)
    agent_key[1] = _agent_key(seed, 1)
    return _play_on(0, cfg[CFG_MAX_STEPS], agent_key, cfg, weights, pip, kind, suit, rank,
                    order, deck, size, top, hand, held, numeral, pile_value, faces, nfaces,
                    piles, value, csuit, direction, opening, unique, acts, touched, discarded,
                    after, out)


@_inline_once
def _play_on(turns: int, max_steps: int, agent_key: Any, cfg: I64, weights: Any, pip: I64,
             kind: I64, suit: I64, rank: I64, order: I64, deck: I16, size: I64, top: I64,
             hand: I16, held: I64, numeral: I16, pile_value: I64, faces: I16, nfaces: I64,
             piles: I64, value: I64, csuit: I64, direction: I64, opening: I64, unique: I64,
             acts: I64, touched: I64, discarded: I64, after: I64, out: I64) -> int:
    """Play on from the position of the arrays, ``turns`` turns into the game, by the
    players of ``cfg`` (a random player of seat ``s`` draws from the generator of key
    ``agent_key[s]``, from its start) until the game ends or after ``max_steps`` moves
    (-1: no limit); return the moves played."""
    agent_counter = np.zeros(2, np.uint64)
    steps = 0
    while out[1] == TERM_NONE and (max_steps < 0 or steps < max_steps):
        seat = out[0]
        u = _distinct(seat, order, hand, held, unique)
        m = _legal(seat, cfg, pip, kind, suit, size, top, hand, held, numeral, nfaces,
                   piles, csuit, direction, opening, unique, u, acts, False, unique, order,
                   order, 0)
        # One integer type for both (numba would unify uint64 and int64 as a float).
        if cfg[CFG_POLICY_0 + seat] == HEURISTIC:
            i = np.int64(_heuristic(seat, m, acts, weights, pip, kind, suit, rank, numeral,
                                    pile_value, piles, value, after))
        else:
            agent_counter[seat] += _ONE
            i = np.int64(_below(agent_key[seat], agent_counter[seat], m))
        steps += 1
        _move(seat, acts[i, 0], acts[i, 1], acts[i, 2], acts[i, 3], turns + steps, cfg, pip,
              kind, suit, rank, deck, size, top, hand, held, numeral, pile_value, faces,
              nfaces, piles, value, csuit, direction, opening, touched, discarded, out)
    return steps


@_jit
def acts_rows(d: int, p: int) -> int:
    """Return the most rows of legal actions (``acts``) with hands of at most ``d`` cards
    and caravans of at most ``p`` number cards: per distinct card at most 6 caravans x
    ``p`` targets, then its discard; then the 6 disbands."""
    return min(d, 53) * (6 * p + 1) + 6


@_jit
def _work(d: int, p: int, f: int) -> Any:
    """Return the work arrays of one game (decks and hands of ``d`` cards, caravans of ``p``
    piles of at most ``f`` face cards), in the order the kernel's functions take them:
    deck, size, top, hand, held, numeral, pile_value, faces, nfaces, piles, value, csuit,
    direction, opening, unique, acts, touched, discarded, after, out."""
    return (np.zeros((2, d), np.int16), np.zeros(2, np.int64), np.zeros(2, np.int64),
            np.zeros((2, d), np.int16), np.zeros(2, np.int64), np.zeros((6, p), np.int16),
            np.zeros((6, p), np.int64), np.zeros((6, p, f), np.int16),
            np.zeros((6, p), np.int64), np.zeros(6, np.int64), np.zeros(6, np.int64),
            np.zeros(6, np.int64), np.zeros(6, np.int64), np.zeros(2, np.int64),
            np.zeros(d, np.int64), np.zeros((acts_rows(d, p), 4), np.int64),
            np.zeros(6, np.int64), np.zeros(53, np.int64), np.zeros(6, np.int64),
            np.zeros(5, np.int64))


@_jit
def _play_games_kernel(seeds: U64, deck0: I16, deck1: I16, cfg: I64,
                       weights: Any, pip: I64, kind: I64, suit: I64, rank: I64, order: I64,
                       most_piles: int,
                       most_faces: int, steps: I64, winner: I16,
                       termination: U8, scores: I16) -> None:
    """Play the game of every seed, writing the result columns."""
    (deck, size, top, hand, held, numeral, pile_value, faces, nfaces, piles, value, csuit,
     direction, opening, unique, acts, touched, discarded, after, out) = _work(
        max(deck0.shape[0], deck1.shape[0]), most_piles, most_faces)
    for g in range(seeds.shape[0]):
        steps[g] = _play_game(seeds[g], deck0, deck1, cfg, weights, pip, kind, suit, rank,
                              order, deck, size, top, hand, held, numeral, pile_value, faces,
                              nfaces, piles, value, csuit, direction, opening, unique, acts,
                              touched, discarded, after, out)
        termination[g] = out[1]
        winner[g] = out[2]
        scores[g, 0] = out[3]
        scores[g, 1] = out[4]


# --- rollouts from given positions (caravan.agents.CaravanRollout) -----------------------


@_jit
def _rollouts(seat: int, first: I64, cfg: I64, weights: Any, pip: I64, kind: I64, suit: I64,
              rank: I64, order: I64, deck: Any, size: Any, top: Any, hand: Any, held: Any,
              numeral: Any, pile_value: Any, faces: Any, nfaces: Any, piles: Any, value: Any,
              csuit: Any, direction: Any, opening: Any, turns: I64, max_steps: int,
              results: Any, w_deck: I16, w_size: I64, w_top: I64, w_hand: I16, w_held: I64,
              w_numeral: I16, w_pile_value: I64, w_faces: I16, w_nfaces: I64, w_piles: I64,
              w_value: I64, w_csuit: I64, w_direction: I64, w_opening: I64, unique: I64,
              acts: I64, touched: I64, discarded: I64, after: I64, w_out: I64,
              no_keys: Any) -> None:
    """The loop of :func:`rollouts`, on the work arrays of one game (``w_*`` and those of
    ``_work``'s order) and the arguments, taken as borrowed views (the caller keeps them
    alive); ``no_keys``: the heuristic's (unused) generator keys."""
    first, cfg, weights, pip = borrowed(first), borrowed(cfg), borrowed(weights), borrowed(pip)
    kind, suit, rank, order = borrowed(kind), borrowed(suit), borrowed(rank), borrowed(order)
    deck, size, top, hand = borrowed(deck), borrowed(size), borrowed(top), borrowed(hand)
    held, numeral, pile_value = borrowed(held), borrowed(numeral), borrowed(pile_value)
    faces, nfaces, piles = borrowed(faces), borrowed(nfaces), borrowed(piles)
    value, csuit, direction = borrowed(value), borrowed(csuit), borrowed(direction)
    opening, turns, results = borrowed(opening), borrowed(turns), borrowed(results)
    w_deck, w_size, w_top = borrowed(w_deck), borrowed(w_size), borrowed(w_top)
    w_hand, w_held, w_numeral = borrowed(w_hand), borrowed(w_held), borrowed(w_numeral)
    w_pile_value, w_faces, w_nfaces = borrowed(w_pile_value), borrowed(w_faces), borrowed(w_nfaces)
    w_piles, w_value, w_csuit = borrowed(w_piles), borrowed(w_value), borrowed(w_csuit)
    w_direction, w_opening, unique = borrowed(w_direction), borrowed(w_opening), borrowed(unique)
    acts, touched, discarded = borrowed(acts), borrowed(touched), borrowed(discarded)
    after, w_out, no_keys = borrowed(after), borrowed(w_out), borrowed(no_keys)
    positions = results.shape[0]
    for k in range(positions):
        for a in range(first.shape[0]):
            # (Loops: a slice assignment compiles its shape check, at a great cost.)
            for s in range(2):
                for i in range(w_deck.shape[1]):
                    w_deck[s, i] = deck[k, s, i]
                    w_hand[s, i] = hand[k, s, i]
                w_size[s] = size[k, s]
                w_top[s] = top[k, s]
                w_held[s] = held[k, s]
                w_opening[s] = opening[k, s]
            for c in range(6):
                for i in range(w_numeral.shape[1]):
                    w_numeral[c, i] = numeral[k, c, i]
                    w_pile_value[c, i] = pile_value[k, c, i]
                    w_nfaces[c, i] = nfaces[k, c, i]
                    for j in range(w_faces.shape[2]):
                        w_faces[c, i, j] = faces[k, c, i, j]
                w_piles[c] = piles[k, c]
                w_value[c] = value[k, c]
                w_csuit[c] = csuit[k, c]
                w_direction[c] = direction[k, c]
            t = turns[k] + 1
            _move(seat, first[a, 0], first[a, 1], first[a, 2], first[a, 3], t, cfg, pip,
                  kind, suit, rank, w_deck, w_size, w_top, w_hand, w_held, w_numeral,
                  w_pile_value, w_faces, w_nfaces, w_piles, w_value, w_csuit, w_direction,
                  w_opening, touched, discarded, w_out)
            _play_on(t, max_steps, no_keys, cfg, weights, pip, kind, suit, rank, order,
                     w_deck, w_size, w_top, w_hand, w_held, w_numeral, w_pile_value, w_faces,
                     w_nfaces, w_piles, w_value, w_csuit, w_direction, w_opening, unique,
                     acts, touched, discarded, after, w_out)
            margin = (w_out[3] - w_out[4]) if seat == 0 else (w_out[4] - w_out[3])
            score = 0.1 * margin
            if w_out[1] != TERM_NONE and w_out[2] >= 0:
                score += 1.0 if w_out[2] == seat else -1.0
            results[k, a] = score


@_jit
def rollouts(seat: int, first: I64, cfg: I64, weights: F64, pip: I64, kind: I64, suit: I64,
             rank: I64, order: I64, deck: I16, size: I64, top: I64, hand: I16, held: I64,
             numeral: I16, pile_value: I64, faces: I16, nfaces: I64, piles: I64, value: I64,
             csuit: I64, direction: I64, opening: I64, turns: I64, max_steps: int,
             results: F64) -> None:
    """From each position ``k`` (row ``k`` of the state arrays), play each action
    ``first[a]`` (rows as :func:`_legal` writes them) for ``seat``, then both seats by the
    heuristic until the game ends (or after ``max_steps`` moves); write into
    ``results[k, a]`` the result for ``seat``: 1 a win, -1 a loss, 0 a draw or a game cut,
    plus a tenth of the positions won more than the other seat (a tie-break between equal
    results)."""
    (w_deck, w_size, w_top, w_hand, w_held, w_numeral, w_pile_value, w_faces, w_nfaces,
     w_piles, w_value, w_csuit, w_direction, w_opening, unique, acts, touched, discarded,
     after, w_out) = _work(deck.shape[2], numeral.shape[2], faces.shape[3])
    _rollouts(seat, first, cfg, weights, pip, kind, suit, rank, order, deck, size, top, hand,
              held, numeral, pile_value, faces, nfaces, piles, value, csuit, direction,
              opening, turns, max_steps, results, w_deck, w_size, w_top, w_hand, w_held,
              w_numeral, w_pile_value, w_faces, w_nfaces, w_piles, w_value, w_csuit,
              w_direction, w_opening, unique, acts, touched, discarded, after, w_out,
              np.zeros(2, np.uint64))  # the heuristic draws nothing: no generator keys


# --- stepping many games by action ids (cardwar.batch.Games) -----------------------------

# Indices of the observation array ``ocfg``.
OCFG_COPIES = 0  # copies of a suited card in both decks (2 x deck_sets)
OCFG_JOKERS = 1  # copies of the Joker (4 x deck_sets)
OCFG_TARGETS = 2  # P, the most number cards of a caravan (the encoding's _targets)
OCFG_LENGTH = 3  # the game's length bound (the encoding's max_game_length, or 1)
OCFG_SIZE = 4

#: Values of one caravan's row of the observation tensor (encoding._ROW).
ROW = 170
#: Values of the observation tensor.
OBSERVATION_SIZE = 53 + 2 + 2 + 6 * ROW + 53 + 2 + 1


@_inline_once
def _stack(k: int, step: float) -> float:
    """Return an entry of TensorWriter.cards after ``k`` copies of a card of ``step``:
    :func:`~cardwar._kernels._add_card` ``k`` times from 0, in ``float64``."""
    v = 0.0
    for _ in range(k):
        v += step
        v = 1.0 if v > 1.0 else v
    return v


@_inline_once
def _add_copy(row: Any, at: int, card: int, step: float) -> None:
    """:func:`~cardwar._kernels._add_card` on a row of any float type (``float32``
    included) whose entry ``at + card``, zeroed first, has received only copies of
    ``card``: its new value is worked out from the copies so far, added one by one in
    ``float64``, so that a ``float32`` row holds what the ``float64`` one rounds to."""
    was = row[at + card]  # (the first copy: 0.0 + step, at most 1)
    row[at + card] = step if was == 0.0 else _stack(int(np.rint(was / step)) + 1, step)


@_inline_once
def _observe(seat: int, turns: int, cfg: I64, ocfg: I64, pip: I64, suit: I64, size: I64,
             top: I64, hand: I16, held: I64, numeral: I16, faces: I16, nfaces: I64,
             piles: I64, value: I64, csuit: I64, direction: I64, opening: I64,
             discarded: I64, row: Any) -> None:
    """Write ``seat``'s observation tensor into ``row`` (caravan.encoding's ``write``), a
    row of ``float64`` or ``float32`` (each value rounded once from ``float64``): zeroed,
    then its nonzero values."""
    copies = ocfg[OCFG_COPIES]
    jokers = ocfg[OCFG_JOKERS]
    step = 1.0 / copies if copies > 1 else 1.0  # a suited card's (TensorWriter.cards)
    joker = 1.0 / jokers if jokers > 1 else 1.0  # the Joker's
    other = 1 - seat
    row[:] = 0.0
    for i in range(held[seat]):  # hand
        card = hand[seat, i]
        _add_copy(row, 0, card, joker if card == 52 else step)
    bound = float(cfg[CFG_HAND])
    row[53] = _fraction(float(held[seat]), bound)  # hand_sizes
    row[54] = _fraction(float(held[other]), bound)
    row[55] = _fraction((size[seat] - top[seat]) / size[seat], 1.0)  # deck_sizes
    row[56] = _fraction((size[other] - top[other]) / size[other], 1.0)
    p = ocfg[OCFG_TARGETS]
    for k in range(6):  # caravans, the seat's own three first
        c = (3 * seat + k) % 6
        at = 57 + ROW * k
        v = value[c]
        n = piles[c]
        row[at] = _fraction(float(v), 26.0)
        row[at + 1] = 1.0 if n == 0 else 0.0
        row[at + 2] = 1.0 if 21 <= v <= 26 else 0.0
        row[at + 3] = 1.0 if v > 26 else 0.0
        cs = csuit[c]  # (-1 for none: the first suit's entry, 0, written again)
        row[at + 4 + max(cs, 0)] = 1.0 if cs >= 0 else 0.0
        row[at + 8] = 1.0 if direction[c] == _UP else 0.0
        row[at + 9] = 1.0 if direction[c] == _DOWN else 0.0
        for i in range(n):
            _add_copy(row, at + 10, numeral[c, i], step)
            for f in range(nfaces[c, i]):
                face = faces[c, i, f]
                _add_copy(row, at + 63, face, joker if face == 52 else step)
        if n:
            row[at + 116 + numeral[c, n - 1]] = 1.0
        row[at + 169] = _fraction(float(n), float(p))
    at = 57 + 6 * ROW
    # discards: a suited card's value selected without a branch up to 2 copies, and the
    # most copies of one card, in a loop the compiler vectorises (a branch per card,
    # taken at random, measured about 15% of the vector environment's kernel, and one
    # never taken, for the copies beyond 2, 3 to 6%); then, only where a card has more
    # (with deck_sets above 1), those added copy by copy
    one, two = _stack(1, step), _stack(2, step)
    most = 0
    for card in range(52):
        k = discarded[card]
        row[at + card] = (k == 1) * one + (k == 2) * two
        most = max(most, k)
    if most > 2:
        for card in range(52):
            if discarded[card] > 2:
                row[at + card] = _stack(discarded[card], step)
    if discarded[52]:
        row[at + 52] = _stack(discarded[52], joker)
    row[at + 53] = 1.0 if opening[seat] else 0.0  # opening
    row[at + 54] = 1.0 if opening[other] else 0.0
    row[at + 55] = _fraction(float(turns), float(ocfg[OCFG_LENGTH]))  # turns


@_jit
def _refresh(g: int, cfg: I64, ocfg: I64, pip: I64, kind: I64, suit: I64, order: I64,
             number_id: I64, face_id: I64, deck: Any, size: Any, top: Any, hand: Any,
             held: Any, numeral: Any, faces: Any, nfaces: Any, piles: Any, value: Any,
             csuit: Any, direction: Any, opening: Any, discarded: Any, turns: I64, out: Any,
             unique: I64, acts: I64, observation: Any, mask: Any) -> None:
    """Write game ``g``'s observation (of the seat to move) and legal-action mask."""
    seat = out[g, 0]
    _observe(seat, turns[g], cfg, ocfg, pip, suit, size[g], top[g], hand[g], held[g],
             numeral[g], faces[g], nfaces[g], piles[g], value[g], csuit[g], direction[g],
             opening[g], discarded[g], observation[g])
    if out[g, 1] != TERM_NONE:
        mask[g, :] = 0
        return
    u = _distinct(seat, order, hand[g], held[g], unique)
    ids = acts.reshape(acts.size)  # (listed as ids, not as rows of acts)
    m = _legal(seat, cfg, pip, kind, suit, size[g], top[g], hand[g], held[g], numeral[g],
               nfaces[g], piles[g], csuit[g], direction[g], opening[g], unique, u, acts,
               True, ids, number_id, face_id, ocfg[OCFG_TARGETS])
    row = mask[g]
    row[:] = 0
    for i in range(m):
        row[ids[i]] = 1


@_jit
def reset_games(seeds: U64, deck0: I16, deck1: I16, cfg: I64, ocfg: I64,
                pip: I64, kind: I64, suit: I64, order: I64, number_id: I64, face_id: I64,
                deck: I16, size: I64, top: I64, hand: I16, held: I64, numeral: I16,
                faces: I16, nfaces: I64, piles: I64, value: I64, csuit: I64,
                direction: I64, opening: I64, discarded: I64, turns: I64, out: I64,
                unique: I64, acts: I64, observation: F64, mask: U8) -> None:
    """Deal the game of every seed into row ``g`` of the state arrays and write its first
    observation and mask (a new deal reads no pile values: every caravan starts empty)."""
    seeds, deck0, deck1, cfg = borrowed(seeds), borrowed(deck0), borrowed(deck1), borrowed(cfg)
    ocfg, pip, kind, suit = borrowed(ocfg), borrowed(pip), borrowed(kind), borrowed(suit)
    order, number_id, face_id = borrowed(order), borrowed(number_id), borrowed(face_id)
    deck, size, top, hand = borrowed(deck), borrowed(size), borrowed(top), borrowed(hand)
    held, numeral, faces = borrowed(held), borrowed(numeral), borrowed(faces)
    nfaces, piles, value = borrowed(nfaces), borrowed(piles), borrowed(value)
    csuit, direction, opening = borrowed(csuit), borrowed(direction), borrowed(opening)
    discarded, turns, out = borrowed(discarded), borrowed(turns), borrowed(out)
    unique, acts, observation = borrowed(unique), borrowed(acts), borrowed(observation)
    mask = borrowed(mask)
    for g in range(seeds.shape[0]):
        _deal(seeds[g], deck0, deck1, cfg, pip, deck[g], size[g], top[g], hand[g], held[g],
              piles[g], value[g], csuit[g], direction[g], opening[g], discarded[g], out[g])
        turns[g] = 0
        _refresh(g, cfg, ocfg, pip, kind, suit, order, number_id, face_id, deck, size, top,
                 hand, held, numeral, faces, nfaces, piles, value, csuit, direction, opening,
                 discarded, turns, out, unique, acts, observation, mask)


@_jit
def step_games(actions: I64, cfg: I64, ocfg: I64, pip: I64, kind: I64, suit: I64, rank: I64,
               order: I64, number_id: I64, face_id: I64, number_card: I64, face_card: I64,
               deck: I16, size: I64, top: I64, hand: I16, held: I64, numeral: I16,
               pile_value: I64, faces: I16, nfaces: I64, piles: I64, value: I64, csuit: I64,
               direction: I64, opening: I64, discarded: I64, turns: I64, out: I64,
               unique: I64, acts: I64, touched: I64, observation: F64, mask: U8,
               rewards: F64) -> int:
    """Play action id ``actions[g]`` in every running game ``g`` (finished games are left
    as they are), then write the observations, masks and each seat's reward (the game's
    returns on the step that ends it, else 0). Returns -1, or the first game whose action
    is not legal there, before anything is played."""
    actions, cfg, ocfg, pip = borrowed(actions), borrowed(cfg), borrowed(ocfg), borrowed(pip)
    kind, suit, rank, order = borrowed(kind), borrowed(suit), borrowed(rank), borrowed(order)
    number_id, face_id, number_card = borrowed(number_id), borrowed(face_id), borrowed(number_card)
    face_card, deck, size, top = borrowed(face_card), borrowed(deck), borrowed(size), borrowed(top)
    hand, held, numeral = borrowed(hand), borrowed(held), borrowed(numeral)
    pile_value, faces, nfaces = borrowed(pile_value), borrowed(faces), borrowed(nfaces)
    piles, value, csuit = borrowed(piles), borrowed(value), borrowed(csuit)
    direction, opening, discarded = borrowed(direction), borrowed(opening), borrowed(discarded)
    turns, out, unique, acts = borrowed(turns), borrowed(out), borrowed(unique), borrowed(acts)
    touched, observation, mask = borrowed(touched), borrowed(observation), borrowed(mask)
    rewards = borrowed(rewards)
    count = actions.shape[0]
    n_actions = mask.shape[1]
    for g in range(count):
        a = actions[g]
        if out[g, 1] == TERM_NONE and (a < 0 or a >= n_actions or mask[g, a] == 0):
            return g
    p = ocfg[OCFG_TARGETS]
    discards = 240 + 78 * p
    for g in range(count):
        rewards[g, 0] = 0.0
        rewards[g, 1] = 0.0
        if out[g, 1] != TERM_NONE:
            continue
        a = actions[g]
        target = -1
        c = 0
        card = 0
        if a < 240:
            what = 0
            card = number_card[a // 6]
            c = a % 6
        elif a < discards:
            what = 0
            fc = (a - 240) // p
            target = (a - 240) % p
            card = face_card[fc // 6]
            c = fc % 6
        elif a < discards + 53:
            what = 1
            card = a - discards
        else:
            what = 2
            c = a - discards - 53
        seat = out[g, 0]
        turns[g] += 1
        _move(seat, what, card, c, target, turns[g], cfg, pip, kind, suit, rank, deck[g],
              size[g], top[g], hand[g], held[g], numeral[g], pile_value[g], faces[g],
              nfaces[g], piles[g], value[g], csuit[g], direction[g], opening[g], touched,
              discarded[g], out[g])
        winner = out[g, 2]
        if out[g, 1] != TERM_NONE and winner >= 0:
            rewards[g, winner] = 1.0
            rewards[g, 1 - winner] = -1.0
        _refresh(g, cfg, ocfg, pip, kind, suit, order, number_id, face_id, deck, size, top,
                 hand, held, numeral, faces, nfaces, piles, value, csuit, direction, opening,
                 discarded, turns, out, unique, acts, observation, mask)
    return -1


def play_games(seeds: U64, deck0: I16, deck1: I16, cfg: I64,
               weights: F64, tables: dict[str, I64], most_piles: int,
               most_faces: int
               ) -> tuple[I64, I16, U8, I16]:
    """Play the game of every seed between the players of ``cfg`` (``weights``: the
    heuristic's); return the columns steps,
    winner (-1 for none), termination (the ``TERM_*`` codes) and scores (positions won,
    one row per game)."""
    count = seeds.shape[0]
    steps = np.empty(count, np.int64)
    winner = np.empty(count, np.int16)
    termination = np.empty(count, np.uint8)
    scores = np.empty((count, 2), np.int16)
    _play_games_kernel(
        np.ascontiguousarray(seeds, dtype=np.uint64),
        np.ascontiguousarray(deck0, dtype=np.int16),
        np.ascontiguousarray(deck1, dtype=np.int16),
        np.ascontiguousarray(cfg, dtype=np.int64),
        np.ascontiguousarray(weights, dtype=np.float64),
        tables["pip"], tables["kind"], tables["suit"], tables["rank"], tables["order"],
        int(most_piles), int(most_faces), steps, winner, termination, scores,
    )
    return steps, winner, termination, scores


# --- one seat against the kernel's players (cardwar.caravan.vector.CaravanVectorEnv) --------

#: A seat's player in ``step_against`` besides ``RANDOM`` and ``HEURISTIC``: the
#: heuristic mixed with random moves (cardwar.agents.MixedAgent, the kind
#: ``heuristic:P``), asking the heuristic when its coin's word is below ``coin[seat]``.
MIXED = 2


@_inline_once
def _total(w0: float, w1: float, w2: float, weights: Any) -> float:
    """Return :func:`_evaluate`'s worth from the worths of the three positions, added
    in its order."""
    held_worth = weights[HW_HELD]
    total = 0.0
    held = 0
    lost = 0
    for worth in (w0, w1, w2):
        total += worth
        if worth == held_worth:
            held += 1
        if worth == -held_worth:
            lost += 1
    if held + lost == 3:
        total += weights[HW_GAME] if held >= 2 else -weights[HW_GAME]
    return total


@_inline_once
def _heuristic_choice(seat: int, m: int, acts: I64, weights: Any, pip: I64, kind: I64,
                      suit: I64, rank: I64, numeral: I16, pile_value: I64, piles: I64,
                      value: I64, after: I64) -> int:
    """Return what :func:`_heuristic` returns, the same sums in the same order, working
    out only the position that a move changes (every move but a Joker's changes one
    caravan at most; a Joker's is worked out whole, as :func:`_heuristic` does)."""
    mine = 3 * seat
    theirs = 3 * (1 - seat)
    held_worth = weights[HW_HELD]
    p0 = _position(value[mine], value[theirs], held_worth)
    p1 = _position(value[mine + 1], value[theirs + 1], held_worth)
    p2 = _position(value[mine + 2], value[theirs + 2], held_worth)
    unchanged = _total(p0, p1, p2, weights)
    best = 0
    best_worth = -np.inf
    for i in range(m):
        what = acts[i, 0]
        if what == 1:
            worth = unchanged - weights[HW_DISCARD]
        else:
            c = acts[i, 2]
            whole = False  # a Joker's play: every caravan in ``after``
            if what == 2:
                v = 0
                cost = weights[HW_DISBAND]
            else:
                card = acts[i, 1]
                t = acts[i, 3]
                k = kind[card]
                cost = 0.0 if k == NUMBER else weights[HW_FACE]
                v = value[c]
                if k == NUMBER:
                    v += pip[card]
                elif k == KING:
                    v += pile_value[c, t]
                elif k == JACK:
                    v -= pile_value[c, t]
                elif k == JOKER:
                    whole = True
                    for other in range(6):
                        after[other] = value[other]
                    _joker_values(c, t, pip, suit, rank, numeral, pile_value, piles, after)
            if whole:
                worth = _evaluate(after, seat, weights) - cost
            else:
                w0, w1, w2 = p0, p1, p2
                k3 = c % 3
                if c == mine + k3:
                    w = _position(v, value[theirs + k3], held_worth)
                else:
                    w = _position(value[mine + k3], v, held_worth)
                if k3 == 0:
                    w0 = w
                elif k3 == 1:
                    w1 = w
                else:
                    w2 = w
                worth = _total(w0, w1, w2, weights) - cost
        if worth > best_worth:
            best = i
            best_worth = worth
    return best


@_jit
def step_against(actions: I64, restart: U8, seeds: U64, learner: int, cfg: I64, ocfg: I64,
                 weights: F64, pip: I64, kind: I64, suit: I64, rank: I64, order: I64,
                 by_order: I64, number_id: I64, face_id: I64, number_card: I64,
                 face_card: I64, deck0: I16, deck1: I16, deck: I16, size: I64, top: I64,
                 hand: I16, held: I64,
                 numeral: I16, pile_value: I64, faces: I16, nfaces: I64, piles: I64,
                 value: I64, csuit: I64, direction: I64, opening: I64, discarded: I64,
                 turns: I64, out: I64, unique: I64, acts: I64, touched: I64, after: I64,
                 agent_key: U64, agent_counter: U64, coin: U64, legal: Any, legal_count: I64,
                 illegal: Any, observation: Any, handed: Any, rewards: Any) -> None:
    """Advance every game ``g`` by one step of the seat ``learner`` (``by_order``: the card
    of each sort key of ``order``, :func:`_distinct_in_order`'s): if ``restart[g]`` is
    1, deal the game of ``seeds[g]`` anew (its players' generators from their start); if
    it is 2, play nothing in it; else, if it runs, play the learner's id ``actions[g]``
    if it is one of its legal ids listed by the last call (``legal[g,
    :legal_count[g]]``), else play nothing in it and set ``illegal[g]`` (0 elsewhere); a
    game over and not restarted is left as it is.
    Then the other seat, the player of ``cfg`` (random, drawing from the generator of
    key ``agent_key[g, seat]``; heuristic; or ``MIXED``: one word of that generator, the
    heuristic's move if it is below ``coin[seat]``, else a random move drawn next from
    the same generator, as cardwar.agents.MixedAgent plays), plays until the learner is
    to move or the game ends. Write the learner's reward (its returns when the game
    ended on this step, else 0), its observation (``float32``) and its legal ids (none
    once the game is over): listed in ``legal[g, :legal_count[g]]`` (the environment's
    own, which judges the next ids) and set in ``handed`` (``int8``, a new array, written
    whole)."""
    actions, restart, seeds = borrowed(actions), borrowed(restart), borrowed(seeds)
    cfg, ocfg, weights, pip = borrowed(cfg), borrowed(ocfg), borrowed(weights), borrowed(pip)
    kind, suit, rank, order = borrowed(kind), borrowed(suit), borrowed(rank), borrowed(order)
    by_order, number_id, face_id = borrowed(by_order), borrowed(number_id), borrowed(face_id)
    number_card, face_card = borrowed(number_card), borrowed(face_card)
    deck0, deck1, deck, size = borrowed(deck0), borrowed(deck1), borrowed(deck), borrowed(size)
    top, hand, held, numeral = borrowed(top), borrowed(hand), borrowed(held), borrowed(numeral)
    pile_value, faces, nfaces = borrowed(pile_value), borrowed(faces), borrowed(nfaces)
    piles, value, csuit = borrowed(piles), borrowed(value), borrowed(csuit)
    direction, opening, discarded = borrowed(direction), borrowed(opening), borrowed(discarded)
    turns, out, unique, acts = borrowed(turns), borrowed(out), borrowed(unique), borrowed(acts)
    touched, after = borrowed(touched), borrowed(after)
    agent_key, agent_counter, coin = borrowed(agent_key), borrowed(agent_counter), borrowed(coin)
    legal, legal_count, illegal = borrowed(legal), borrowed(legal_count), borrowed(illegal)
    observation, handed = borrowed(observation), borrowed(handed)
    rewards = borrowed(rewards)
    p = ocfg[OCFG_TARGETS]
    discards = 240 + 78 * p
    ids = acts.reshape(acts.size)  # the learner's ids (listed as ids, not rows of acts)
    for g in range(actions.shape[0]):
        rewards[g] = 0.0
        if restart[g] == 1:
            _deal(seeds[g], deck0, deck1, cfg, pip, deck[g], size[g], top[g], hand[g],
                  held[g], piles[g], value[g], csuit[g], direction[g], opening[g],
                  discarded[g], out[g])
            turns[g] = 0
            agent_key[g, 0] = _agent_key(seeds[g], 0)
            agent_key[g, 1] = _agent_key(seeds[g], 1)
            agent_counter[g, 0] = 0
            agent_counter[g, 1] = 0
        playing = restart[g] == 0 and out[g, 1] == TERM_NONE
        illegal[g] = 0
        a = actions[g]
        if playing:  # the id, judged by the list of the learner's legal ids
            playing = False
            for j in range(legal_count[g]):
                if legal[g, j] == a:
                    playing = True
                    break
            illegal[g] = not playing
        if playing:
            target = -1
            c = 0
            card = 0
            if a < 240:
                what = 0
                card = number_card[a // 6]
                c = a % 6
            elif a < discards:
                what = 0
                fc = (a - 240) // p
                target = (a - 240) % p
                card = face_card[fc // 6]
                c = fc % 6
            elif a < discards + 53:
                what = 1
                card = a - discards
            else:
                what = 2
                c = a - discards - 53
            turns[g] += 1
            _move(learner, what, card, c, target, turns[g], cfg, pip, kind, suit, rank,
                  deck[g], size[g], top[g], hand[g], held[g], numeral[g], pile_value[g],
                  faces[g], nfaces[g], piles[g], value[g], csuit[g], direction[g],
                  opening[g], touched, discarded[g], out[g])
        while out[g, 1] == TERM_NONE and out[g, 0] != learner:
            seat = out[g, 0]
            u = _distinct_in_order(seat, order, by_order, hand[g], held[g], unique)
            m = _legal(seat, cfg, pip, kind, suit, size[g], top[g], hand[g], held[g],
                       numeral[g], nfaces[g], piles[g], csuit[g], direction[g], opening[g],
                       unique, u, acts, False, unique, number_id, face_id, p)
            policy = cfg[CFG_POLICY_0 + seat]
            asks = policy == HEURISTIC
            if policy == MIXED:  # MixedAgent's coin: one word of its generator
                agent_counter[g, seat] += _ONE
                asks = _mix64(agent_key[g, seat] + agent_counter[g, seat] * _GAMMA) < coin[seat]
            if asks:
                i = np.int64(_heuristic_choice(seat, m, acts, weights, pip, kind, suit, rank,
                                               numeral[g], pile_value[g], piles[g], value[g],
                                               after))
            else:
                agent_counter[g, seat] += _ONE
                i = np.int64(_below(agent_key[g, seat], agent_counter[g, seat], m))
            turns[g] += 1
            _move(seat, acts[i, 0], acts[i, 1], acts[i, 2], acts[i, 3], turns[g], cfg, pip,
                  kind, suit, rank, deck[g], size[g], top[g], hand[g], held[g], numeral[g],
                  pile_value[g], faces[g], nfaces[g], piles[g], value[g], csuit[g],
                  direction[g], opening[g], touched, discarded[g], out[g])
        if playing and out[g, 1] != TERM_NONE and out[g, 2] >= 0:
            rewards[g] = 1.0 if out[g, 2] == learner else -1.0
        _observe(learner, turns[g], cfg, ocfg, pip, suit, size[g], top[g], hand[g], held[g],
                 numeral[g], faces[g], nfaces[g], piles[g], value[g], csuit[g], direction[g],
                 opening[g], discarded[g], observation[g])
        handed[g, :] = 0
        m = 0
        if out[g, 1] == TERM_NONE:
            u = _distinct_in_order(learner, order, by_order, hand[g], held[g], unique)
            m = _legal(learner, cfg, pip, kind, suit, size[g], top[g], hand[g], held[g],
                       numeral[g], nfaces[g], piles[g], csuit[g], direction[g], opening[g],
                       unique, u, acts, True, ids, number_id, face_id, p)
            for i in range(m):
                a = ids[i]
                legal[g, i] = a
                handed[g, a] = 1
        legal_count[g] = m


def _lowest_bit_table() -> Any:
    """Return the table of :func:`_distinct_in_order`: entry ``(b * _DE_BRUIJN) >> 58``
    (in 64 bits) is ``i`` for the word ``b = 1 << i``."""
    table = np.zeros(64, np.int64)
    for i in range(64):
        table[((1 << i) * int(_DE_BRUIJN) & 0xFFFF_FFFF_FFFF_FFFF) >> 58] = i
    return table


#: A de Bruijn sequence of 64 bits: the top 6 bits of its product by each power of two
#: differ, so :data:`_LOWEST_BIT` maps them back to the power.
_DE_BRUIJN = np.uint64(0x03F7_9D71_B4CB_0A89)
_LOWEST_BIT = _lowest_bit_table()
_S58 = np.uint64(58)


@_inline_once
def _distinct_in_order(seat: int, order: I64, by_order: I64, hand: I16, held: I64,
                       unique: I64) -> int:
    """Write and return what :func:`_distinct` does (the hand's distinct cards, lowest
    sort key first), without its searches and insertions (about half its time on drawn
    hands of 3 to 8 cards): the hand as one bit per sort key (``order``: 0 to 52) of a
    word, read back lowest bit first (``by_order``: the card of each key)."""
    bits = np.uint64(0)
    for i in range(held[seat]):
        bits |= _ONE << np.uint64(order[hand[seat, i]])
    u = 0
    while bits:
        low = bits & (~bits + _ONE)  # the lowest bit alone
        unique[u] = by_order[_LOWEST_BIT[(low * _DE_BRUIJN) >> _S58]]
        bits ^= low
        u += 1
    return u
