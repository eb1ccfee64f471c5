"""The compiled kernel of General's War's batch engine: whole games between random or
heuristic players, one seed after another, and many games stepped by action ids
(:class:`cardwar.batch.Games`), in numba-compiled loops over small integer arrays.

Private: use :func:`cardwar.batch.play` or :class:`cardwar.batch.Games`. The kernel is a
transcription of
:mod:`cardwar.variants.generals.rules` (``new_game``, ``legal_actions``, ``step``,
``_resolve`` and ``_end_deal``) onto arrays, and of the players: the random agent
(:class:`cardwar.agents.RandomAgent`, seeded ``derive_seed(seed, seat + 1)`` as ``cardwar
simulate`` and :func:`cardwar.agents.play` seed it) draws the same index among the legal
actions, listed in ``legal_actions``'s order, from the same generator, and the heuristic
(:class:`~cardwar.variants.generals.GeneralsHeuristic`) takes the same action. So every
game is the game the step loop plays, move for move (the tests compare them). Rule IDs in
comments are those of the docs page ``rules/generals``.

* A card is its place in the order of ``legal_actions`` (value, then suit: the four Aces
  first, the Kings last), 0 to 51; the game has one deck, so a set of cards (a hand, a
  squad, the pot) is a 64-bit mask, whose set bits from the lowest list the cards in that
  order. The table ``value`` gives a card's value (GENERALS-DECK).
* A reserve is an array read from ``head`` (``count`` cards); with colour halves each seat
  has its own (GENERALS-PGW), else there is one.
* A won pile is kept as its value and its number of cards: what the scores and the
  observation need.
* The action ids of :mod:`cardwar.variants.generals.encoding` name cards by
  :func:`~cardwar.cards.card_index`: the tables ``index_of`` and ``pos_of`` translate; a
  game's ``partial`` row keeps the squad cards picked so far.

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
    _inline,
    _jit,
    _mix64,
    _shuffle,
    borrowed,
)

__all__ = ["HEURISTIC", "MIXED", "OUT_SIZE", "RANDOM", "TERM_NONE", "play_games", "reset_games",
           "step_against", "step_games"]

# The kernel's own termination codes; the glue module maps them to Termination values.
TERM_NONE = 0  # still running (cut by max_steps)
TERM_TARGET = 1
TERM_KILLED = 2

# Indices of the options array ``cfg``.
CFG_PLAYERS = 0
CFG_TARGET = 1
CFG_KILLS = 2  # kills_to_win
CFG_TIE_RETURN = 3  # tie == return_to_owners
CFG_PARTNERSHIP = 4  # four_player == partnership
CFG_PLACES = 5
CFG_HALVES = 6  # deck_mode == colour_halves
CFG_ONE_TO_THREE = 7  # squad_size == one_to_three
CFG_HAND = 8
CFG_CLAIM = 9  # claim_cards
CFG_FIRST_DEALER = 10  # -1: drawn by lot
CFG_MAX_STEPS = 11  # -1: none
CFG_POLICY = 12  # seat s's player: cfg[CFG_POLICY + s], RANDOM or HEURISTIC
CFG_SIZE = 16

# Rows of a game's ``masks`` array (one column per seat): sets of cards.
HANDS = 0
REVEALED = 1  # claimed generals still in the hand
SQUADS = 2  # the squads committed for the current battle
POT = 3  # the cards left on the table by equal sums
MASK_ROWS = 4

# Rows of a game's ``seats`` array (one column per seat).
WON = 0  # the value of the won pile of the current deal
BANKED = 1  # points from finished deals
PLACE = 2  # the place finished in, 0 while playing (GENERALS-PLACES)
SIDE = 3  # the side fought on in the current battle, -1 for none
COMMITTED = 4  # 1 once the seat's squad of the current battle is laid
WON_COUNT = 5  # the cards of the won pile
SEAT_ROWS = 6

# Entries of a game's ``game`` array.
DEALER = 0
CLAIMANT = 1  # -1 once claims are over
CHOOSER = 2
SIDES = 3  # 2 once the sides of the battle are set, 0 while the choice is pending
BATTLES = 4
DEALS = 5
TERM = 6
WINNERS = 7  # the outcome's winners, a bit per seat
HEAD = 8  # HEAD + r: where reserve r starts
COUNT = 10  # COUNT + r: cards in reserve r
GAME_SIZE = 12

# Entries of a game's ``out`` array (cardwar.batch.Games reads the first three): the seat
# to move (once the game is over, the seat that played last), the termination code, the
# winner (-1 for none or several), the winners (a bit per seat), then each seat's score.
OUT_SEAT = 0
OUT_TERM = 1
OUT_WINNER = 2
OUT_WINNERS = 3
OUT_SCORES = 4
OUT_SIZE = 8

# The bounds the observation divides by (generals.encoding's write), as floats.
OB_TARGET = 0
OB_KILLS = 1  # kills_to_win
OB_SIZE = 2

# The action ids (generals.encoding): claim an Ace (by suit), pass, challenge or partner a
# seat, put a card in the squad (by card index), the squad is done.
ID_CLAIM = 0
ID_PASS = 4
ID_CHALLENGE = 5
ID_PARTNER = 9
ID_PICK = 13
ID_DONE = 65
NUM_ACTIONS = 66

# A game's ``partial`` row: the cards picked so far towards a squad (card indices, in
# increasing order), after their number.
PICKED = 0

# The players the kernel has.
RANDOM = 0  # cardwar.agents.RandomAgent
HEURISTIC = 1  # cardwar.variants.generals.agents.GeneralsHeuristic

#: The four Aces: the lowest four places of the card order.
ACES = np.uint64(0xF)

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@_inline
def _bit(card: int) -> Any:
    return _ONE << np.uint64(card)


@_jit
def _value(mask: np.uint64, value: I64) -> int:
    """Return the value of the cards of ``mask`` (GENERALS-SCORE)."""
    total = 0
    card = 0
    while mask != _ZERO:
        if mask & _ONE:
            total += value[card]
        mask >>= _ONE
        card += 1
    return total


@_inline
def _count(mask: np.uint64) -> int:
    n = 0
    while mask != _ZERO:
        mask &= mask - _ONE
        n += 1
    return n


@_inline
def _list(mask: np.uint64, cards: I64) -> int:
    """Write the cards of ``mask`` into ``cards``, in order; return how many."""
    n = 0
    card = 0
    while mask != _ZERO:
        if mask & _ONE:
            cards[n] = card
            n += 1
        mask >>= _ONE
        card += 1
    return n


@_inline
def _choose(h: int, k: int) -> int:
    """Return the number of ways to pick ``k`` (0 to 3) of ``h`` cards."""
    if k == 0:
        return 1
    if k == 1:
        return h
    if k == 2:
        return h * (h - 1) // 2
    return h * (h - 1) * (h - 2) // 6


@_jit
def _deal(cfg: I64, deck: I16, halves: I16, half_len: I64, masks: U64, seats: I64,
          reserve: I16, game: I64, rng: U64, work: I16) -> None:
    """Deal the cards for a deal of ``game[DEALER]`` (rules._deal); a seat with a place
    (GENERALS-PLACES) is dealt nothing."""
    n = cfg[CFG_PLAYERS]
    k = cfg[CFG_HAND]
    key = rng[0]
    counter = rng[1]
    for s in range(n):
        masks[HANDS, s] = _ZERO
    if cfg[CFG_HALVES]:
        # GENERALS-PGW: each seat shuffles its own colour half (black for seat 0, red for
        # seat 1), takes hand_size cards and keeps the rest as its reserve.
        for h in range(2):
            size = half_len[h]
            for i in range(size):
                work[i] = halves[h, i]
            counter = _shuffle(work, 0, size, key, counter)
            hand = _ZERO
            for i in range(k):
                hand |= _bit(work[i])
            masks[HANDS, h] = hand
            for i in range(k, size):
                reserve[h, i - k] = work[i]
            game[HEAD + h] = 0
            game[COUNT + h] = size - k
    else:
        size = deck.shape[0]
        for i in range(size):
            work[i] = deck[i]
        counter = _shuffle(work, 0, size, key, counter)
        # GENERALS-DEAL: one card at a time from the dealer's left (GENERALS-PLACES: to
        # the players still playing).
        m = 0
        for i in range(n):
            if seats[PLACE, (game[DEALER] + 1 + i) % n] == 0:
                m += 1
        i = 0
        for j in range(n):
            s = (game[DEALER] + 1 + j) % n
            if seats[PLACE, s] != 0:
                continue
            hand = _ZERO
            for c in range(k):
                hand |= _bit(work[i + c * m])
            masks[HANDS, s] = hand
            i += 1
        for i in range(m * k, size):
            reserve[0, i - m * k] = work[i]
        game[HEAD] = 0
        game[COUNT] = size - m * k
    rng[1] = counter


@_inline
def _reserve_of(cfg: I64, seat: int) -> int:
    return seat if cfg[CFG_HALVES] else 0


@_inline
def _sole(winners: int, n: int) -> int:
    """Return the one seat of the winners (a bit per seat), or -1 for none or several."""
    count = 0
    sole = -1
    for s in range(n):
        if winners >> s & 1:
            count += 1
            sole = s
    return sole if count == 1 else -1


@_jit
def _finish(cfg: I64, seats: I64, kills: I64, game: I64, done: I64, scores: I64) -> None:
    """Give the seats with ``done[s]`` their places, and end the game when at most one
    player is left (rules._finish); ``scores`` are the scores they are placed by."""
    n = cfg[CFG_PLAYERS]
    base = 1
    for s in range(n):
        if seats[PLACE, s] != 0:
            base += 1
    for s in range(n):
        if done[s]:
            above = 0
            for t in range(n):
                if done[t] and scores[t] > scores[s]:
                    above += 1
            seats[PLACE, s] = base + above
    left = 0
    for s in range(n):
        if seats[PLACE, s] == 0:
            left += 1
    if left > 1:
        return
    for s in range(n):
        if seats[PLACE, s] == 0:
            placed = 0
            for t in range(n):
                if seats[PLACE, t] != 0:
                    placed += 1
            seats[PLACE, s] = 1 + placed
    killed = False
    game[WINNERS] = 0
    for s in range(n):
        if seats[PLACE, s] == 1:
            game[WINNERS] |= 1 << s
            for t in range(n):
                if kills[s, t] >= cfg[CFG_KILLS]:
                    killed = True
    game[TERM] = TERM_KILLED if killed else TERM_TARGET


@_inline
def _target_result(cfg: I64, game: I64, scores: I64) -> None:
    """End the game if a score reaches the target: the highest wins, equal highest
    nobody (rules._target_result)."""
    n = cfg[CFG_PLAYERS]
    best = -1
    top = 0
    winner = -1
    for s in range(n):
        if scores[s] >= cfg[CFG_TARGET]:
            if scores[s] > best:
                best = scores[s]
                top = 1
                winner = s
            elif scores[s] == best:
                top += 1
    if best >= 0:
        game[TERM] = TERM_TARGET
        game[WINNERS] = 1 << winner if top == 1 else 0


@_jit
def _end_deal(cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64, masks: U64,
              seats: I64, kills: I64, reserve: I16, game: I64, rng: U64, work: I16,
              scores: I64, done: I64) -> bool:
    """End the deal (GENERALS-DEAL-END): score everything each seat holds, then end the
    game or deal anew (rules._end_deal). Return whether a new deal started."""
    n = cfg[CFG_PLAYERS]
    for s in range(n):
        banked = (seats[BANKED, s] + seats[WON, s] + _value(masks[HANDS, s], value)
                  + _value(masks[POT, s], value))
        if cfg[CFG_HALVES]:
            # GENERALS-PGW: the cards left in a seat's own reserve are its own.
            for i in range(game[COUNT + s]):
                banked += value[reserve[s, game[HEAD + s] + i]]
        seats[BANKED, s] = banked
        scores[s] = banked
    if cfg[CFG_PLACES]:
        # GENERALS-PLACES: everyone still playing who reaches the target finishes.
        for s in range(n):
            done[s] = 1 if seats[PLACE, s] == 0 and seats[BANKED, s] >= cfg[CFG_TARGET] else 0
        _finish(cfg, seats, kills, game, done, scores)
    else:
        _target_result(cfg, game, scores)  # GENERALS-TARGET
    if game[TERM] != TERM_NONE:
        # The last state: every card a seat holds joins its won pile (its points are
        # banked already), the hands, the pot and the own reserves empty.
        for s in range(n):
            held = _count(masks[HANDS, s]) + _count(masks[POT, s])
            if cfg[CFG_HALVES]:
                held += game[COUNT + s]
                game[COUNT + s] = 0
            seats[WON_COUNT, s] += held
            seats[WON, s] = 0
            masks[HANDS, s] = _ZERO
            masks[POT, s] = _ZERO
            masks[REVEALED, s] = _ZERO
        return False
    # GENERALS-DEALER: the deal passes clockwise to the next player still playing; every
    # card is shuffled for the new deal.
    dealer = (game[DEALER] + 1) % n
    while seats[PLACE, dealer] != 0:
        dealer = (dealer + 1) % n
    game[DEALER] = dealer
    _deal(cfg, deck, halves, half_len, masks, seats, reserve, game, rng, work)
    for s in range(n):
        masks[REVEALED, s] = _ZERO
        masks[SQUADS, s] = _ZERO
        masks[POT, s] = _ZERO
        seats[WON, s] = 0
        seats[WON_COUNT, s] = 0
        seats[SIDE, s] = -1
        seats[COMMITTED, s] = 0
    game[CHOOSER] = dealer
    game[SIDES] = 0
    game[DEALS] += 1
    return True


@_jit
def _start_battle(chooser: int, cfg: I64, masks: U64, seats: I64, game: I64) -> bool:
    """Set up the next battle with the chooser ``chooser`` or the next clockwise who holds
    a card (rules._start_battle); return ``False`` if fewer than two hold cards: the deal
    is over (GENERALS-DEAL-END)."""
    n = cfg[CFG_PLAYERS]
    holders = 0
    for s in range(n):
        if masks[HANDS, s] != _ZERO:
            holders += 1
    if holders < 2:
        return False
    while masks[HANDS, chooser] == _ZERO:
        chooser = (chooser + 1) % n
    game[CHOOSER] = chooser
    playing = 0
    for s in range(n):
        masks[SQUADS, s] = _ZERO
        seats[COMMITTED, s] = 0
        seats[SIDE, s] = -1
        if seats[PLACE, s] == 0:
            playing += 1
    if n == 2 or playing == 2:
        # Two players, or (GENERALS-PLACES) the last two: no one to choose.
        side = 0
        for s in range(n):
            if seats[PLACE, s] == 0:
                seats[SIDE, s] = side
                side += 1
        game[SIDES] = 2
    else:
        game[SIDES] = 0
    return True


@_jit
def _next_claimant(seat: int, done: int, cfg: I64, deck: I16, halves: I16, half_len: I64,
                   value: I64, masks: U64, seats: I64, kills: I64, reserve: I16, game: I64,
                   rng: U64, work: I16, scores: I64, flags: I64) -> None:
    """Give the claim to ``seat`` or the next one clockwise who may claim; once every seat
    has finished, the battles start; a deal without two holders ends at once, and the
    next one opens its claims (rules._next_claimant, _start_battle, _end_deal)."""
    n = cfg[CFG_PLAYERS]
    while True:
        while done < n:
            # GENERALS-CLAIM-ORDER: every player still playing is asked while there is a
            # reserve to take cards from.
            r = _reserve_of(cfg, seat)
            if cfg[CFG_CLAIM] > 0 and game[COUNT + r] > 0 and seats[PLACE, seat] == 0:
                game[CLAIMANT] = seat
                return
            seat = (seat + 1) % n
            done += 1
        game[CLAIMANT] = -1
        # A deal without two holders ends, as rules._next_claimant has it; never so here:
        # after a deal every seat still playing (two at least) holds hand_size cards, and
        # claims only add cards, so the deal goes on to a battle.
        if _start_battle(game[DEALER], cfg, masks, seats, game) or not _end_deal(
                cfg, deck, halves, half_len, value, masks, seats, kills, reserve, game, rng,
                work, scores, flags):
            return
        seat = (game[DEALER] + 1) % n  # pragma: no cover - not reached: see above
        done = 0  # pragma: no cover - not reached: see above


@_inline
def _to_act(cfg: I64, masks: U64, seats: I64, game: I64) -> int:
    """Return the seat to decide (rules.to_act) in a running game."""
    if game[CLAIMANT] >= 0:
        return int(game[CLAIMANT])
    if game[SIDES] == 0:
        return int(game[CHOOSER])
    n = cfg[CFG_PLAYERS]
    for i in range(n):
        s = (game[CHOOSER] + i) % n
        if seats[COMMITTED, s] == 0 and masks[HANDS, s] != _ZERO and seats[SIDE, s] >= 0:
            return int(s)
    return -1  # pragma: no cover - the last squad committed resolves the battle


@_inline
def _choices(seat: int, cfg: I64, masks: U64, legal: I64) -> int:
    """Write the seats ``seat`` may challenge or partner into ``legal`` in order; return
    how many (rules._choices)."""
    n = cfg[CFG_PLAYERS]
    m = 0
    for p in range(n):
        if p == seat:
            continue
        if not cfg[CFG_PARTNERSHIP]:
            ok = masks[HANDS, p] != _ZERO  # GENERALS-FOUR: an opponent who can play
        else:
            # GENERALS-PARTNERSHIP: a partner such that the other side can play.
            ok = False
            for s in range(n):
                if s != seat and s != p and masks[HANDS, s] != _ZERO:
                    ok = True
        if ok:
            legal[m] = p
            m += 1
    return m


@_inline
def _squad_sizes(cfg: I64, held: int) -> tuple[int, int]:
    """Return the smallest and largest squad of a hand of ``held`` cards (GENERALS-SQUAD)."""
    top = held if held < 3 else 3
    return (1 if cfg[CFG_ONE_TO_THREE] else top), top


@_inline
def _squad_at(index: int, cfg: I64, cards: I64, held: int) -> Any:
    """Return the squad (a mask) at ``index`` in ``legal_actions``'s order: each size from
    the smallest, and for one size the combinations of the hand's cards in order."""
    size = _squad_sizes(cfg, held)[0]
    while index >= _choose(held, size):
        index -= _choose(held, size)
        size += 1
    squad = _ZERO
    x = 0
    for slot in range(size):
        while True:
            c = _choose(held - 1 - x, size - 1 - slot)
            if index < c:
                squad |= _bit(cards[x])
                x += 1
                break
            index -= c
            x += 1
    return squad


@_inline
def _strongest(value: I64, cards: I64, held: int) -> Any:
    """Return the squad GeneralsHeuristic lays: the first of the legal squads with the
    highest sum. Its cards' values are the hand's top three (or all); the first such
    squad in order takes, for each of these values, the hand's lowest cards of it."""
    top = held if held < 3 else 3
    squad = _ZERO
    # The values wanted, highest first: those of the hand's last cards.
    for slot in range(top):
        v = value[cards[held - 1 - slot]]
        # Take the lowest card of value v not yet taken.
        i = 0
        while value[cards[i]] != v or (squad & _bit(cards[i])) != _ZERO:
            i += 1
        squad |= _bit(cards[i])
    return squad


@_jit
def _resolve(cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64, masks: U64,
             seats: I64, kills: I64, reserve: I16, game: I64, rng: U64, work: I16,
             scores: I64, flags: I64) -> None:
    """Reveal the squads and resolve the battle (rules._resolve: GENERALS-BATTLE,
    GENERALS-TIE, GENERALS-KILL, GENERALS-DRAW, GENERALS-TARGET), then set up the next
    battle, or end the deal."""
    n = cfg[CFG_PLAYERS]
    chooser = game[CHOOSER]
    sum0 = 0
    sum1 = 0
    for s in range(n):
        if seats[SIDE, s] == 0:
            sum0 += _value(masks[SQUADS, s], value)
        elif seats[SIDE, s] == 1:
            sum1 += _value(masks[SQUADS, s], value)
        masks[POT, s] |= masks[SQUADS, s]
    taker = -1
    if sum0 != sum1:
        w = 0 if sum0 > sum1 else 1
        # GENERALS-PARTNERSHIP: the partner with the higher squad takes, the chooser first
        # on equal squads, then clockwise from the chooser.
        best = -1
        near = n
        for s in range(n):
            if seats[SIDE, s] == w:
                v = _value(masks[SQUADS, s], value)
                d = (s - chooser) % n
                if v > best or (v == best and d < near):
                    best = v
                    near = d
                    taker = s
        for s in range(n):
            seats[WON, taker] += _value(masks[POT, s], value)
            seats[WON_COUNT, taker] += _count(masks[POT, s])
            if seats[SIDE, s] != w:
                # GENERALS-KILL: every Ace an opponent laid that reaches the taker's pile.
                kills[taker, s] += _count(masks[POT, s] & ACES)
            masks[POT, s] = _ZERO
    elif cfg[CFG_TIE_RETURN]:
        # GENERALS-TIE: each takes back their own cards into their own pile.
        for s in range(n):
            seats[WON, s] += _value(masks[POT, s], value)
            seats[WON_COUNT, s] += _count(masks[POT, s])
            masks[POT, s] = _ZERO
    game[BATTLES] += 1
    for s in range(n):
        scores[s] = seats[BANKED, s] + seats[WON, s]
    if cfg[CFG_PLACES]:
        # GENERALS-PLACES: a player who kills two generals of one opponent or reaches the
        # target finishes; the cards left in their hand go to their won pile.
        any_done = False
        for s in range(n):
            killed = False
            if s == taker:
                for t in range(n):
                    if kills[s, t] >= cfg[CFG_KILLS]:
                        killed = True
            flags[s] = 1 if seats[PLACE, s] == 0 and (scores[s] >= cfg[CFG_TARGET] or killed) else 0
            any_done = any_done or flags[s] != 0
        if any_done:
            for s in range(n):
                if flags[s]:
                    seats[WON, s] += _value(masks[HANDS, s], value)
                    seats[WON_COUNT, s] += _count(masks[HANDS, s])
                    masks[HANDS, s] = _ZERO
                    masks[REVEALED, s] = _ZERO
                scores[s] = seats[BANKED, s] + seats[WON, s]
            _finish(cfg, seats, kills, game, flags, scores)
    else:
        killed = False
        if taker >= 0:
            for t in range(n):
                if kills[taker, t] >= cfg[CFG_KILLS]:
                    killed = True
        if killed:
            game[TERM] = TERM_KILLED  # GENERALS-KILL
            game[WINNERS] = 1 << taker
        else:
            _target_result(cfg, game, scores)  # GENERALS-TARGET
    # GENERALS-DRAW: the fighters draw three each, the taker first, then clockwise
    # (GENERALS-PLACES: not a player who has just finished), even after the battle that
    # ends the game (its last state shows the hands drawn).
    first = taker if taker >= 0 else chooser
    for i in range(n):
        s = (first + i) % n
        if seats[SIDE, s] >= 0 and seats[PLACE, s] == 0:
            r = _reserve_of(cfg, s)
            for _ in range(3):
                if game[COUNT + r] == 0:
                    break
                masks[HANDS, s] |= _bit(reserve[r, game[HEAD + r]])
                game[HEAD + r] += 1
                game[COUNT + r] -= 1
    for s in range(n):  # the battle is over: no sides, no squads
        masks[SQUADS, s] = _ZERO
        seats[COMMITTED, s] = 0
        seats[SIDE, s] = -1
    game[SIDES] = 0
    if game[TERM] != TERM_NONE:
        return
    # GENERALS-FOUR: the choice passes clockwise after every battle.
    if not _start_battle((chooser + 1) % n, cfg, masks, seats, game) and _end_deal(
            cfg, deck, halves, half_len, value, masks, seats, kills, reserve, game, rng, work,
            scores, flags):
        _next_claimant((game[DEALER] + 1) % n, 0, cfg, deck, halves, half_len, value, masks,
                       seats, kills, reserve, game, rng, work, scores, flags)


@_inline
def _claim(seat: int, ace: int, cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64,
           masks: U64, seats: I64, kills: I64, reserve: I16, game: I64, rng: U64, work: I16,
           scores: I64, flags: I64) -> None:
    """Claim the Ace ``ace`` (its place, 0 to 3) for ``seat``, or pass (``ace`` -1)
    (rules._claim_step)."""
    n = cfg[CFG_PLAYERS]
    done = (seat - game[DEALER] - 1) % n
    if ace < 0:
        _next_claimant((seat + 1) % n, done + 1, cfg, deck, halves, half_len, value, masks,
                       seats, kills, reserve, game, rng, work, scores, flags)
        return
    # GENERALS-CLAIM: reveal the Ace and take cards from the top of the reserve (what is
    # left if it is short).
    masks[REVEALED, seat] |= _bit(ace)
    r = _reserve_of(cfg, seat)
    for _ in range(cfg[CFG_CLAIM]):
        if game[COUNT + r] == 0:
            break
        masks[HANDS, seat] |= _bit(reserve[r, game[HEAD + r]])
        game[HEAD + r] += 1
        game[COUNT + r] -= 1
    # GENERALS-CLAIM-ORDER: the claimant goes on until they pass or cannot claim.
    _next_claimant(seat, done, cfg, deck, halves, half_len, value, masks, seats, kills,
                   reserve, game, rng, work, scores, flags)


@_inline
def _side_with(seat: int, p: int, cfg: I64, seats: I64, game: I64) -> None:
    """Set the sides of the battle: ``seat`` against ``p`` (a duel), or with ``p`` as its
    partner against the other two (rules._choice_step)."""
    for s in range(cfg[CFG_PLAYERS]):
        if s in (seat, p):
            seats[SIDE, s] = 0
        else:
            seats[SIDE, s] = 1 if cfg[CFG_PARTNERSHIP] else -1
    if not cfg[CFG_PARTNERSHIP]:
        seats[SIDE, p] = 1
    game[SIDES] = 2


@_inline
def _lay(seat: int, squad: np.uint64, cfg: I64, deck: I16, halves: I16, half_len: I64,
         value: I64, masks: U64, seats: I64, kills: I64, reserve: I16, game: I64, rng: U64,
         work: I16, scores: I64, flags: I64) -> None:
    """Lay ``squad`` (a set of cards) for ``seat``; the last commitment reveals every
    squad and resolves the battle (rules.step, GENERALS-SQUAD)."""
    masks[HANDS, seat] &= ~squad
    masks[SQUADS, seat] = squad
    masks[REVEALED, seat] &= ~squad
    seats[COMMITTED, seat] = 1
    for s in range(cfg[CFG_PLAYERS]):
        if seats[SIDE, s] >= 0 and seats[COMMITTED, s] == 0 and masks[HANDS, s] != _ZERO:
            return
    _resolve(cfg, deck, halves, half_len, value, masks, seats, kills, reserve, game, rng,
             work, scores, flags)


@_jit
def _new_game(seed: np.uint64, cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64,
              masks: U64, seats: I64, kills: I64, reserve: I16, game: I64, rng: U64,
              work: I16, scores: I64, flags: I64) -> None:
    """Set up the first state of the game of ``seed`` (rules.new_game): the first dealer
    by lot (GENERALS-DEALER), the deal, and the claims open."""
    n = cfg[CFG_PLAYERS]
    # new_game: the generator of the seed; GENERALS-DEALER: the first dealer by lot.
    rng[0] = _mix64(seed + _GAMMA)
    rng[1] = _ZERO
    if cfg[CFG_FIRST_DEALER] >= 0:
        dealer = cfg[CFG_FIRST_DEALER]
    else:
        rng[1] = _ONE
        dealer = np.int64(_below(rng[0], _ONE, n))
    game[:] = 0
    game[DEALER] = dealer
    game[CHOOSER] = dealer
    game[CLAIMANT] = -1
    game[DEALS] = 1
    for s in range(n):
        for row in range(MASK_ROWS):
            masks[row, s] = _ZERO
        for row in range(SEAT_ROWS):
            seats[row, s] = 0
        seats[SIDE, s] = -1
        for t in range(n):
            kills[s, t] = 0
        scores[s] = 0
    _deal(cfg, deck, halves, half_len, masks, seats, reserve, game, rng, work)
    _next_claimant((dealer + 1) % n, 0, cfg, deck, halves, half_len, value, masks, seats,
                   kills, reserve, game, rng, work, scores, flags)


@_jit
def _play_game(seed: np.uint64, cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64,
               masks: U64, seats: I64, kills: I64, reserve: I16, game: I64, rng: U64,
               work: I16, cards: I64, legal: I64, scores: I64, flags: I64, keys: U64,
               counters: U64) -> int:
    """Play the game of ``seed`` between the players of ``cfg``; leave its result in
    ``game`` (termination code, winner) and, once it is over, the outcome's scores in
    ``scores``; return the steps played."""
    cfg, deck, halves, half_len = borrowed(cfg), borrowed(deck), borrowed(halves), borrowed(
        half_len)
    value, masks, seats, kills = borrowed(value), borrowed(masks), borrowed(seats), borrowed(
        kills)
    reserve, game, rng, work = borrowed(reserve), borrowed(game), borrowed(rng), borrowed(work)
    cards, legal, scores, flags = borrowed(cards), borrowed(legal), borrowed(scores), borrowed(
        flags)
    keys, counters = borrowed(keys), borrowed(counters)
    for s in range(cfg[CFG_PLAYERS]):
        keys[s] = _agent_key(seed, s)
        counters[s] = _ZERO
    _new_game(seed, cfg, deck, halves, half_len, value, masks, seats, kills, reserve, game,
              rng, work, scores, flags)
    max_steps = cfg[CFG_MAX_STEPS]
    steps = 0
    while game[TERM] == TERM_NONE and (max_steps < 0 or steps < max_steps):
        seat = _to_act(cfg, masks, seats, game)
        hand = masks[HANDS, seat]
        heuristic = cfg[CFG_POLICY + seat] == HEURISTIC
        steps += 1
        if game[CLAIMANT] >= 0:
            # GENERALS-CLAIM: the claims (an unrevealed Ace, lowest first), then Pass.
            aces = hand & ~masks[REVEALED, seat] & ACES
            m = _list(aces, legal)
            if heuristic:
                i = np.int64(0)  # the first claim if any, else Pass
            else:
                counters[seat] += _ONE
                i = np.int64(_below(keys[seat], counters[seat], m + 1))
            _claim(seat, legal[i] if i < m else -1, cfg, deck, halves, half_len, value, masks,
                   seats, kills, reserve, game, rng, work, scores, flags)
        elif game[SIDES] == 0:
            # GENERALS-FOUR, GENERALS-PARTNERSHIP: the chooser picks an opponent or partner.
            m = _choices(seat, cfg, masks, legal)
            if heuristic:
                i = np.int64(0)
            else:
                counters[seat] += _ONE
                i = np.int64(_below(keys[seat], counters[seat], m))
            _side_with(seat, legal[i], cfg, seats, game)
        else:
            # GENERALS-SQUAD: the seat lays a squad of its hand.
            held = _list(hand, cards)
            if heuristic:
                squad = _strongest(value, cards, held)
            else:
                low, top = _squad_sizes(cfg, held)
                m = 0
                for size in range(low, top + 1):
                    m += _choose(held, size)
                counters[seat] += _ONE
                squad = _squad_at(np.int64(_below(keys[seat], counters[seat], m)), cfg, cards,
                                  held)
            _lay(seat, squad, cfg, deck, halves, half_len, value, masks, seats, kills, reserve,
                 game, rng, work, scores, flags)
    return steps


# --- many games stepped by action ids (cardwar.batch.Games) -------------------------------


@_inline
def _squad_max(cfg: I64, masks: U64, seat: int) -> int:
    """Return how many cards make a full squad for ``seat`` (encoding._squad_max)."""
    if cfg[CFG_ONE_TO_THREE]:
        return 3
    held = _count(masks[HANDS, seat])
    return held if held < 3 else 3


@_jit
def _mask(g: int, seat: int, cfg: I64, index_of: I64, pos_of: I64, masks: Any, seats: Any,
          game: Any, partial: Any, legal: I64, mask: Any) -> None:
    """Write game ``g``'s legal ids for ``seat`` (encoding.legal_action_indices, given the
    squad cards picked so far)."""
    mask[g, :] = 0
    if game[g, TERM] != TERM_NONE:
        return
    hand = masks[g, HANDS, seat]
    if game[g, CLAIMANT] >= 0:
        aces = hand & ~masks[g, REVEALED, seat] & ACES
        for a in range(4):
            if aces & _bit(a):
                mask[g, ID_CLAIM + a] = 1
        mask[g, ID_PASS] = 1
        return
    if game[g, SIDES] == 0:
        base = ID_PARTNER if cfg[CFG_PARTNERSHIP] else ID_CHALLENGE
        for i in range(_choices(seat, cfg, masks[g], legal)):
            mask[g, base + legal[i]] = 1
        return
    # A squad, card by card in increasing card order: a card that leaves enough higher
    # cards to finish it (squad_size=three), or any higher card, then "done" once one is
    # picked (one_to_three).
    picked = partial[g, PICKED]
    last = partial[g, PICKED + picked] if picked > 0 else -1
    need = _squad_max(cfg, masks[g], seat) - picked
    later = 0
    for c in range(last + 1, 52):
        if hand & _bit(pos_of[c]):
            later += 1
    k = 0
    for c in range(last + 1, 52):
        if hand & _bit(pos_of[c]):
            # (one_to_three: fewer than three are picked, or the squad would be laid)
            if cfg[CFG_ONE_TO_THREE] or later - k - 1 >= need - 1:
                mask[g, ID_PICK + c] = 1
            k += 1
    if cfg[CFG_ONE_TO_THREE] and picked > 0:
        mask[g, ID_DONE] = 1


@_jit
def _observe(seat: int, cfg: I64, ob: F64, index_of: I64, masks: U64,
             seats: I64, kills: I64, game: I64, partial: I64, row: Any) -> None:
    """Write ``seat``'s observation tensor into ``row`` (generals.encoding's ``write``),
    then the squad cards it has picked so far (its ``partial_tensor``); per-seat parts
    start with ``seat`` and go on in turn."""
    n = cfg[CFG_PLAYERS]
    row[:] = 0.0
    for p in range(52):
        if masks[HANDS, seat] & _bit(p):  # hand
            row[index_of[p]] = 1.0
    # squad: always empty here. The seat to move has laid no squad (it would not be to
    # move), and once the game is over the last battle's squads are gone.
    at = 106
    for k in range(n):
        s = (seat + k) % n
        committed = seats[COMMITTED, s]
        row[at + k] = 1.0 if committed else 0.0  # committed
        size = _count(masks[SQUADS, s]) if committed else 0
        row[at + n + k] = _fraction(size, 3)  # committed_sizes
        for a in range(4):  # generals
            if masks[REVEALED, s] & _bit(a):
                row[at + 2 * n + 4 * k + a] = 1.0
        row[at + 6 * n + k] = _fraction(_count(masks[HANDS, s]), 52)  # hand_sizes
    at += 7 * n
    row[at] = _fraction(game[COUNT], 52)  # reserve_sizes: the shared (or seat 0's) first
    if cfg[CFG_HALVES]:
        row[at + 1] = _fraction(game[COUNT + 1], 52)
    at += 2
    for k in range(n):
        s = (seat + k) % n
        row[at + k] = _fraction(seats[WON_COUNT, s], 52)  # won_sizes
        for p in range(52):  # pot
            if masks[POT, s] & _bit(p):
                row[at + n + 53 * k + index_of[p]] = 1.0
        row[at + 54 * n + k] = _fraction(seats[BANKED, s] + seats[WON, s],
                                         ob[OB_TARGET])  # scores
        for j in range(n):  # kills
            row[at + 55 * n + n * k + j] = _fraction(kills[s, (seat + j) % n], ob[OB_KILLS])
    at += 55 * n + n * n
    for k in range(n):
        s = (seat + k) % n
        row[at + k] = _fraction(seats[PLACE, s], n)  # places
        if seats[SIDE, s] >= 0:  # sides: the chooser's first
            row[at + 4 * n + 2 * k + seats[SIDE, s]] = 1.0
    row[at + n + (game[DEALER] - seat) % n] = 1.0  # dealer
    if game[CLAIMANT] >= 0:  # claimant
        row[at + 2 * n + (game[CLAIMANT] - seat) % n] = 1.0
    row[at + 3 * n + (game[CHOOSER] - seat) % n] = 1.0  # chooser
    at += 6 * n
    row[at] = _fraction(game[DEALS], 8)  # deals
    at += 1
    if game[TERM] == TERM_NONE and seat == _to_act(cfg, masks, seats, game):
        for i in range(partial[PICKED]):  # the partial squad
            row[at + partial[PICKED + 1 + i]] = 1.0


@_jit
def _refresh(g: int, cfg: I64, ob: F64, index_of: I64, pos_of: I64,
             masks: Any, seats: Any, kills: Any, game: Any, scores: Any, partial: Any,
             legal: I64, out: Any, observation: Any, mask: Any) -> None:
    """Write game ``g``'s ``out`` row, the observation of its seat to move (once it is
    over, of the seat that played last) and its legal-action mask."""
    n = cfg[CFG_PLAYERS]
    if game[g, TERM] == TERM_NONE:
        out[g, OUT_SEAT] = _to_act(cfg, masks[g], seats[g], game[g])
    out[g, OUT_TERM] = game[g, TERM]
    out[g, OUT_WINNER] = _sole(game[g, WINNERS], n)
    out[g, OUT_WINNERS] = game[g, WINNERS]
    for s in range(n):
        out[g, OUT_SCORES + s] = scores[g, s]
    seat = out[g, OUT_SEAT]
    _observe(seat, cfg, ob, index_of, masks[g], seats[g], kills[g], game[g], partial[g],
             observation[g])
    _mask(g, seat, cfg, index_of, pos_of, masks, seats, game, partial, legal, mask)


@_jit
def reset_games(seeds: U64, cfg: I64, ob: F64, deck: I16, halves: I16,
                half_len: I64, value: I64, index_of: I64, pos_of: I64, masks: U64,
                seats: I64, kills: I64, reserve: I16, game: I64, rng: U64, scores: I64,
                partial: I64, work: I16, flags: I64, legal: I64, turns: I64, out: I64,
                observation: F64, mask: U8) -> None:
    """Deal the game of every seed into row ``g`` of the state arrays and write its first
    observation and mask."""
    seeds, cfg, ob, deck = borrowed(seeds), borrowed(cfg), borrowed(ob), borrowed(deck)
    halves, half_len, value = borrowed(halves), borrowed(half_len), borrowed(value)
    index_of, pos_of, masks = borrowed(index_of), borrowed(pos_of), borrowed(masks)
    seats, kills, reserve, game = borrowed(seats), borrowed(kills), borrowed(reserve), borrowed(
        game)
    rng, scores, partial, work = borrowed(rng), borrowed(scores), borrowed(partial), borrowed(
        work)
    flags, legal, turns, out = borrowed(flags), borrowed(legal), borrowed(turns), borrowed(out)
    observation, mask = borrowed(observation), borrowed(mask)
    for g in range(seeds.shape[0]):
        _new_game(seeds[g], cfg, deck, halves, half_len, value, masks[g], seats[g], kills[g],
                  reserve[g], game[g], rng[g], work, scores[g], flags)
        partial[g, :] = 0
        turns[g] = 0
        _refresh(g, cfg, ob, index_of, pos_of, masks, seats, kills, game, scores, partial,
                 legal, out, observation, mask)


@_jit
def step_games(actions: I64, cfg: I64, ob: F64, deck: I16, halves: I16,
               half_len: I64, value: I64, index_of: I64, pos_of: I64, masks: U64,
               seats: I64, kills: I64, reserve: I16, game: I64, rng: U64, scores: I64,
               partial: I64, work: I16, flags: I64, legal: I64, turns: I64, out: I64,
               observation: F64, mask: U8, rewards: F64) -> int:
    """Play action id ``actions[g]`` in every running game ``g`` (finished games are left
    as they are): a whole action, or a card towards a squad, which is laid once complete
    (encoding.step_index). Then write the observations, masks and each seat's reward (the
    game's returns on the step that ends it, else 0). Returns -1, or the first game whose
    action is not legal there, before anything is played."""
    actions, cfg, ob, deck = borrowed(actions), borrowed(cfg), borrowed(ob), borrowed(deck)
    halves, half_len, value = borrowed(halves), borrowed(half_len), borrowed(value)
    index_of, pos_of, masks = borrowed(index_of), borrowed(pos_of), borrowed(masks)
    seats, kills, reserve, game = borrowed(seats), borrowed(kills), borrowed(reserve), borrowed(
        game)
    rng, scores, partial, work = borrowed(rng), borrowed(scores), borrowed(partial), borrowed(
        work)
    flags, legal, turns, out = borrowed(flags), borrowed(legal), borrowed(turns), borrowed(out)
    observation, mask, rewards = borrowed(observation), borrowed(mask), borrowed(rewards)
    n = cfg[CFG_PLAYERS]
    count = actions.shape[0]
    for g in range(count):
        a = actions[g]
        if game[g, TERM] == TERM_NONE and (a < 0 or a >= NUM_ACTIONS or mask[g, a] == 0):
            return g
    for g in range(count):
        for s in range(n):
            rewards[g, s] = 0.0
        if game[g, TERM] != TERM_NONE:
            continue
        a = actions[g]
        seat = out[g, OUT_SEAT]
        turns[g] += 1
        if a < ID_PASS:
            _claim(seat, a - ID_CLAIM, cfg, deck, halves, half_len, value, masks[g], seats[g],
                   kills[g], reserve[g], game[g], rng[g], work, scores[g], flags)
        elif a == ID_PASS:
            _claim(seat, -1, cfg, deck, halves, half_len, value, masks[g], seats[g], kills[g],
                   reserve[g], game[g], rng[g], work, scores[g], flags)
        elif a < ID_PICK:
            _side_with(seat, (a - ID_CHALLENGE) % 4, cfg, seats[g], game[g])
        else:
            picked = partial[g, PICKED]
            if a < ID_DONE:
                partial[g, PICKED + 1 + picked] = a - ID_PICK
                picked += 1
                partial[g, PICKED] = picked
            if a == ID_DONE or picked == _squad_max(cfg, masks[g], seat):
                squad = _ZERO
                for i in range(picked):
                    squad |= _bit(pos_of[partial[g, PICKED + 1 + i]])
                partial[g, PICKED] = 0
                _lay(seat, squad, cfg, deck, halves, half_len, value, masks[g], seats[g],
                     kills[g], reserve[g], game[g], rng[g], work, scores[g], flags)
        if game[g, TERM] != TERM_NONE:
            # The returns (encoding.returns): +1 for each winner and -1 for the others;
            # played on for places, the places spread evenly from +1 (first) to -1 (last);
            # 0 for all in a draw.
            for s in range(n):
                if cfg[CFG_PLACES]:
                    rewards[g, s] = 1.0 - 2.0 * (seats[g, PLACE, s] - 1) / (n - 1)
                elif game[g, WINNERS] != 0:
                    rewards[g, s] = 1.0 if game[g, WINNERS] & (1 << s) else -1.0
        _refresh(g, cfg, ob, index_of, pos_of, masks, seats, kills, game, scores, partial,
                 legal, out, observation, mask)
    return -1


@_jit
def _play_games_kernel(seeds: U64, cfg: I64, deck: I16, halves: I16, half_len: I64,
                       value: I64, steps: I64, winner: I16,
                       termination: U8, scores: I64) -> None:
    """Play the game of every seed, writing the result columns."""
    n = cfg[CFG_PLAYERS]
    masks = np.zeros((MASK_ROWS, 4), np.uint64)
    seats = np.zeros((SEAT_ROWS, 4), np.int64)
    kills = np.zeros((4, 4), np.int64)
    reserve = np.zeros((2, 64), np.int16)
    game = np.zeros(GAME_SIZE, np.int64)
    rng = np.zeros(2, np.uint64)
    work = np.zeros(64, np.int16)
    cards = np.zeros(64, np.int64)
    legal = np.zeros(64, np.int64)
    row = np.zeros(4, np.int64)
    flags = np.zeros(4, np.int64)
    keys = np.zeros(4, np.uint64)
    counters = np.zeros(4, np.uint64)
    for g in range(seeds.shape[0]):
        steps[g] = _play_game(seeds[g], cfg, deck, halves, half_len, value, masks, seats,
                              kills, reserve, game, rng, work, cards, legal, row, flags,
                              keys, counters)
        termination[g] = game[TERM]
        winner[g] = _sole(game[WINNERS], n)
        for s in range(n):
            scores[g, s] = row[s] if game[TERM] != TERM_NONE else 0


def play_games(seeds: U64, cfg: I64, deck: I16, halves: I16, half_len: I64, value: I64
               ) -> tuple[I64, I16, U8, I64]:
    """Play the game of every seed between the players of ``cfg``; return the columns
    steps, winner (-1 for none), termination (the ``TERM_*`` codes) and scores (one
    column per seat)."""
    count = seeds.shape[0]
    steps = np.empty(count, np.int64)
    winner = np.empty(count, np.int16)
    termination = np.empty(count, np.uint8)
    scores = np.zeros((count, int(cfg[CFG_PLAYERS])), np.int64)
    _play_games_kernel(np.ascontiguousarray(seeds, dtype=np.uint64),
                       np.ascontiguousarray(cfg, dtype=np.int64),
                       np.ascontiguousarray(deck, dtype=np.int16),
                       np.ascontiguousarray(halves, dtype=np.int16),
                       np.ascontiguousarray(half_len, dtype=np.int64),
                       np.ascontiguousarray(value, dtype=np.int64), steps, winner,
                       termination, scores)
    return steps, winner, termination, scores


# --- one learner's seat against compiled opponents (the vector environment) -------------

# The opponents' kinds of the vector environment: RANDOM, HEURISTIC, and the heuristic
# with a probability (cardwar.agents.MixedAgent).
MIXED = 2


@_inline
def _opponent(seat: int, kind: int, below: np.uint64, cfg: I64, deck: I16, halves: I16,
              half_len: I64, value: I64, masks: U64, seats: I64, kills: I64, reserve: I16,
              game: I64, rng: U64, work: I16, cards: I64, legal: I64, scores: I64,
              flags: I64, keys: U64, counters: U64) -> None:
    """Play the decision of ``seat``, an opponent of kind ``kind`` (RANDOM, HEURISTIC or
    MIXED, whose coin asks the heuristic when its word is below ``below``), drawing from
    the generator of key ``keys[seat]``, as _play_game's players do."""
    hand = masks[HANDS, seat]
    heuristic = kind == HEURISTIC
    if kind == MIXED:
        # MixedAgent: one word from its generator before each choice.
        counters[seat] += _ONE
        heuristic = _mix64(keys[seat] + counters[seat] * _GAMMA) < below
    if game[CLAIMANT] >= 0:
        aces = hand & ~masks[REVEALED, seat] & ACES
        m = _list(aces, legal)
        if heuristic:
            i = np.int64(0)
        else:
            counters[seat] += _ONE
            i = np.int64(_below(keys[seat], counters[seat], m + 1))
        _claim(seat, legal[i] if i < m else -1, cfg, deck, halves, half_len, value, masks,
               seats, kills, reserve, game, rng, work, scores, flags)
    elif game[SIDES] == 0:
        m = _choices(seat, cfg, masks, legal)
        if heuristic:
            i = np.int64(0)
        else:
            counters[seat] += _ONE
            i = np.int64(_below(keys[seat], counters[seat], m))
        _side_with(seat, legal[i], cfg, seats, game)
    else:
        held = _list(hand, cards)
        if heuristic:
            squad = _strongest(value, cards, held)
        else:
            low, top = _squad_sizes(cfg, held)
            m = 0
            for size in range(low, top + 1):
                m += _choose(held, size)
            counters[seat] += _ONE
            squad = _squad_at(np.int64(_below(keys[seat], counters[seat], m)), cfg, cards,
                              held)
        _lay(seat, squad, cfg, deck, halves, half_len, value, masks, seats, kills, reserve,
             game, rng, work, scores, flags)


@_jit
def step_against(actions: I64, restart: U8, seeds: U64, learner: int, cfg: I64, kinds: I64,
                 below: U64, ob: F64, deck: I16, halves: I16, half_len: I64, value: I64,
                 index_of: I64, pos_of: I64, masks: U64, seats: I64, kills: I64,
                 reserve: I16, game: I64, rng: U64, scores: I64, partial: I64, work: I16,
                 flags: I64, legal: I64, cards: I64, keys: U64, counters: U64,
                 observation: Any, mask: U8, rewards: F64) -> None:
    """Advance every game ``g`` by one step of the seat ``learner``: if ``restart[g]`` is
    1, deal the game of ``seeds[g]`` anew (its players' generators from their start); if
    it is 2, play nothing in it; else, if it runs, play the learner's id ``actions[g]``
    (legal: the caller checked), a whole action or a card towards its squad, as
    step_games does. Then the other seats, each of the kind ``kinds[seat]`` (RANDOM,
    HEURISTIC or MIXED with the coin's bound ``below[seat]``), play until the learner is to
    move or the game ends. Write the learner's reward (its returns when the game ended on
    this step, a game dealt anew included, else 0), its observation (``float32``, with
    its squad cards picked so far) and its mask (all 0 once the game is over), for every
    game but a finished one not restarted, which is left as it is, its reward 0."""
    actions, restart, seeds = borrowed(actions), borrowed(restart), borrowed(seeds)
    cfg, kinds, below, ob = borrowed(cfg), borrowed(kinds), borrowed(below), borrowed(ob)
    deck, halves, half_len = borrowed(deck), borrowed(halves), borrowed(half_len)
    value, index_of, pos_of = borrowed(value), borrowed(index_of), borrowed(pos_of)
    masks, seats, kills = borrowed(masks), borrowed(seats), borrowed(kills)
    reserve, game, rng, scores = borrowed(reserve), borrowed(game), borrowed(rng), borrowed(
        scores)
    partial, work, flags = borrowed(partial), borrowed(work), borrowed(flags)
    legal, cards, keys, counters = borrowed(legal), borrowed(cards), borrowed(keys), borrowed(
        counters)
    observation, mask, rewards = borrowed(observation), borrowed(mask), borrowed(rewards)
    n = cfg[CFG_PLAYERS]
    for g in range(actions.shape[0]):
        rewards[g] = 0.0
        if restart[g] == 1:
            for s in range(n):
                keys[g, s] = _agent_key(seeds[g], s)
                counters[g, s] = _ZERO
            _new_game(seeds[g], cfg, deck, halves, half_len, value, masks[g], seats[g],
                      kills[g], reserve[g], game[g], rng[g], work, scores[g], flags)
            partial[g, :] = 0
        elif game[g, TERM] != TERM_NONE:
            continue
        elif restart[g] != 2:
            a = actions[g]
            if a < ID_PASS:
                _claim(learner, a - ID_CLAIM, cfg, deck, halves, half_len, value, masks[g],
                       seats[g], kills[g], reserve[g], game[g], rng[g], work, scores[g],
                       flags)
            elif a == ID_PASS:
                _claim(learner, -1, cfg, deck, halves, half_len, value, masks[g], seats[g],
                       kills[g], reserve[g], game[g], rng[g], work, scores[g], flags)
            elif a < ID_PICK:
                _side_with(learner, (a - ID_CHALLENGE) % 4, cfg, seats[g], game[g])
            else:
                picked = partial[g, PICKED]
                if a < ID_DONE:
                    partial[g, PICKED + 1 + picked] = a - ID_PICK
                    picked += 1
                    partial[g, PICKED] = picked
                if a == ID_DONE or picked == _squad_max(cfg, masks[g], learner):
                    squad = _ZERO
                    for i in range(picked):
                        squad |= _bit(pos_of[partial[g, PICKED + 1 + i]])
                    partial[g, PICKED] = 0
                    _lay(learner, squad, cfg, deck, halves, half_len, value, masks[g],
                         seats[g], kills[g], reserve[g], game[g], rng[g], work, scores[g],
                         flags)
        while game[g, TERM] == TERM_NONE:
            seat = _to_act(cfg, masks[g], seats[g], game[g])
            if seat == learner:
                break
            _opponent(seat, kinds[seat], below[seat], cfg, deck, halves, half_len, value,
                      masks[g], seats[g], kills[g], reserve[g], game[g], rng[g], work, cards,
                      legal, scores[g], flags, keys[g], counters[g])
        if game[g, TERM] != TERM_NONE and restart[g] != 2:
            # The learner's returns (encoding.returns), as step_games gives them.
            if cfg[CFG_PLACES]:
                rewards[g] = 1.0 - 2.0 * (seats[g, PLACE, learner] - 1) / (n - 1)
            elif game[g, WINNERS] != 0:
                rewards[g] = 1.0 if game[g, WINNERS] & (1 << learner) else -1.0
        _observe(learner, cfg, ob, index_of, masks[g], seats[g], kills[g], game[g],
                 partial[g], observation[g])
        _mask(g, learner, cfg, index_of, pos_of, masks, seats, game, partial, legal, mask)
