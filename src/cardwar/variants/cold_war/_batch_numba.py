"""The compiled kernel of Cold War's batch engine: whole games between random or heuristic
players, one seed after another, many games stepped by action ids
(:class:`cardwar.batch.Games`), and many games of one learner's seat against the kernel's
players (:func:`step_against`, for
:class:`cardwar.variants.cold_war.vector.ColdWarVectorEnv`), in numba-compiled loops over
small integer arrays.

Private: use :func:`cardwar.batch.play`, :class:`cardwar.batch.Games` or the vector
environment. The kernel is a
transcription of
:mod:`cardwar.variants.cold_war.rules` (``new_game``, ``legal_actions``, ``step`` and the
``_Resolver``) onto arrays, and of the players: the random agent
(:class:`cardwar.agents.RandomAgent`, seeded ``derive_seed(seed, seat + 1)`` as ``cardwar
simulate`` and :func:`cardwar.agents.play` seed it) draws the same index among the legal
actions, listed in ``legal_actions``'s order, from the same generator, and the heuristic
(:class:`~cardwar.variants.cold_war.ColdWarHeuristic`) takes the same action; in
:func:`step_against`, the mixed player (:class:`cardwar.agents.MixedAgent`, the kind
``heuristic:P``) tosses the same coin from the random agent's generator. So every
game is the game the step loop plays, move for move (the tests compare them). Rule IDs in
comments are those of the docs page ``rules/cold-war``.

* A card is its :func:`~cardwar.cards.card_index` (the Joker 52), so copies of one card
  are equal ints; the tables give its rank (the Joker's declared rank is kept apart), its
  place in ``legal_actions``'s order, its points and its suit.
* The stock is read from ``game[HEAD]``; a pool is a stack whose top is its last card,
  so that the table taken goes on top in the order laid (COLDWAR-TAKE); the table is the
  trick's cards in the order laid, stakes included.
* The positions of COLDWAR-REPEAT are written one after another into a buffer that grows
  as needed, each with a hash that finds the equal ones, which are then compared whole.

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

__all__ = ["HEURISTIC", "MIXED", "OUT_SIZE", "RANDOM", "TERM_NONE", "play_games",
           "reset_games", "step_against", "step_games"]

# The kernel's own termination codes; the glue module maps them to Termination values.
TERM_NONE = 0  # still running (cut by max_steps)
TERM_TARGET = 1
TERM_DEAL_LIMIT = 2
TERM_TRICK_LIMIT = 3

# Indices of the options array ``cfg``.
CFG_PLAYERS = 0
CFG_TARGET = 1
CFG_ANY_PAIR = 2  # war_trigger == any_pair
CFG_BOMBS = 3  # bomb_mode: BOMBS_*
CFG_WINNER_FIRST = 4  # draw_order == winner_first
CFG_FIRST_OUT = 5  # deal_end == first_out
CFG_ROTATE = 6  # rotate_dealer
CFG_SHARED = 7  # tied_top == shared
CFG_MAX_DEALS = 8  # -1: none
CFG_MAX_TRICKS = 9  # -1: none
CFG_MAX_STEPS = 10  # -1: none
CFG_ALL_HANDS = 11  # hand_score == everyone
CFG_POLICY = 12  # seat s's player: cfg[CFG_POLICY + s], RANDOM or HEURISTIC
CFG_SIZE = 16

BOMBS_FINAL_HAND = 0
BOMBS_LAST_PLAYS = 1
BOMBS_OFF = 2

# Rows of a game's ``seats`` array (one column per seat).
HELD = 0  # cards in hand
POOL = 1  # cards in the pool
ACTIVE = 2  # 1 while the seat is in the deal
RECENT = 3  # cards of the seat's last plays kept (at most three)
TOTAL = 4  # the total over the completed deals
SEAT_ROWS = 5

# Entries of a game's ``game`` array.
DEALER = 0
HEAD = 1  # where the stock starts
STOCK = 2  # cards in the stock
ORDER = 3  # seats in ``order``: the seats of the current round, in playing order
PLAYS = 4  # plays made in the current round
WAR_RANK = 5  # the war's rank fixed in the current round (any_pair), -1 for none
TABLE = 6  # cards on the table (the trick's, in the order laid)
FIRST = 7  # the seat that opened the trick
LEFT = 8  # 1 once a seat has left the deal in the current trick
DEALS = 9
TRICKS = 10
TERM = 11
WINNER = 12  # -1 for none
SEEN = 13  # positions recorded since the stock ran out
SEEN_USED = 14  # values of the position buffer used
SET_ASIDE = 15  # cards set aside unscored in the deal (COLDWAR-LEAVE)
GAME_SIZE = 16

# What resolving a round leaves to the caller.
GOES_ON = 0  # the war goes on, or the trick is over and the game goes on
REPEAT_CHECK = 1  # the trick is over with the stock empty: check the position first

# Entries of a game's ``out`` array (cardwar.batch.Games reads the first three): the seat
# to move (once the game is over, the seat that played last), the termination code, the
# winner (-1 for none or several), then each seat's total.
OUT_SEAT = 0
OUT_TERM = 1
OUT_WINNER = 2
OUT_TOTALS = 3
OUT_SIZE = 7

# The bounds the observation divides by (cold_war.encoding's write), as floats.
OB_TOTAL = 0  # the deck's cards
OB_TARGET = 1  # the target
OB_MAX_DEALS = 2  # max_deals, 0 for none
OB_COPIES = 3  # decks
OB_JOKERS = 4  # jokers
OB_SIZE = 5

# Codes step_games returns besides a game's index.
STEPPED = -1
NO_ROOM = -2  # a game's position buffers must grow first (nothing was played)

#: The action ids (cold_war.encoding): a suited card is its index, a Joker declared as
#: rank r is 52 + r - 2 (the top, 65).
NUM_ACTIONS = 66
#: Ranks a play can count as (the observation's one-hot rows): Two to Ace, then the top.
RANKS = 14

# The players the kernel has.
RANDOM = 0  # cardwar.agents.RandomAgent
HEURISTIC = 1  # cardwar.variants.cold_war.agents.ColdWarHeuristic

HAND = 3  # cards in a full hand (COLDWAR-HAND)
JOKER = 52  # the Joker's card index
TOP = 15  # the rank a Joker declared highest plays as (COLDWAR-JOKER)
BOMB = 100
DIRTY_BOMB = 20
REPEATS = 3  # COLDWAR-REPEAT

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@_jit
def _deal(cfg: I64, deck: I16, hands: I16, stock: I16, seats: I64, game: I64, rng: U64
          ) -> None:
    """Shuffle the whole deck and deal three cards to each player one at a time from the
    dealer's next seat; the rest is the stock (COLDWAR-DEAL). Start the deal: the dealer
    leads (COLDWAR-LEAD), every pool is empty and every seat plays."""
    n = cfg[CFG_PLAYERS]
    size = deck.shape[0]
    for i in range(size):
        stock[i] = deck[i]
    rng[1] = _shuffle(stock, 0, size, rng[0], rng[1])
    dealer = game[DEALER]
    pos = 0
    for s in range(n):
        seats[HELD, s] = 0
        seats[POOL, s] = 0
        seats[ACTIVE, s] = 1
        seats[RECENT, s] = 0
    for _ in range(HAND):
        for k in range(1, n + 1):
            s = (dealer + k) % n
            hands[s, seats[HELD, s]] = stock[pos]
            seats[HELD, s] += 1
            pos += 1
    game[HEAD] = pos
    game[STOCK] = size - pos
    game[ORDER] = n
    game[PLAYS] = 0
    game[WAR_RANK] = -1
    game[TABLE] = 0
    game[FIRST] = dealer
    game[LEFT] = 0
    game[SEEN] = 0
    game[SEEN_USED] = 0
    game[SET_ASIDE] = 0


@_inline
def _set_order(lead: int, n: int, seats: I64, game: I64, order: I64) -> None:
    """Set the round's order: the seats still in the deal, clockwise from ``lead``."""
    m = 0
    for k in range(n):
        s = (lead + k) % n
        if seats[ACTIVE, s]:
            order[m] = s
            m += 1
    game[ORDER] = m


@_inline
def _draw(s: int, stock: I16, pools: I16, seats: I64, game: I64) -> int:
    """Take a card for seat ``s``: from the stock, then from the top of its own pool
    (COLDWAR-REFILL); return it, or -1 if there is none."""
    if game[STOCK] > 0:
        card = stock[game[HEAD]]
        game[HEAD] += 1
        game[STOCK] -= 1
        return int(card)
    if seats[POOL, s] > 0:
        seats[POOL, s] -= 1
        return int(pools[s, seats[POOL, s]])
    return -1


@_jit
def _refill(s: int, cfg: I64, hands: I16, stock: I16, pools: I16, seats: I64, game: I64
            ) -> None:
    """Refill seat ``s``'s hand to three; a seat that cannot leaves the deal keeping its
    hand (COLDWAR-REFILL, COLDWAR-LEAVE)."""
    while seats[HELD, s] < HAND:
        card = _draw(s, stock, pools, seats, game)
        if card < 0:
            break
        hands[s, seats[HELD, s]] = card
        seats[HELD, s] += 1
    if seats[HELD, s] < HAND:
        seats[ACTIVE, s] = 0
        game[LEFT] = 1


@_inline
def _take(winner: int, pools: I16, table: I16, seats: I64, game: I64) -> None:
    """Put every card of the table on the winner's pool in the order laid, the last one
    on top (COLDWAR-TAKE)."""
    p = seats[POOL, winner]
    for i in range(game[TABLE]):
        pools[winner, p + i] = table[i]
    seats[POOL, winner] = p + game[TABLE]
    game[TABLE] = 0


@_inline
def _bomb(cards: Any, count: int, rank: I64, suit: I64, place: I64, ranks: int) -> int:
    """Return the bomb points of the ``count`` cards (COLDWAR-BOMB, bomb_points): three
    cards of one suit in sequence in the order of the deck's ranks, Jokers standing in
    for some or all of them."""
    if count != HAND or ranks < HAND:
        return 0
    real = 0
    low = 99
    high = -1
    the_suit = -1
    for i in range(HAND):
        c = cards[i]
        if c == JOKER:
            continue
        if the_suit >= 0 and suit[c] != the_suit:
            return 0
        the_suit = suit[c]
        p = place[rank[c]]
        for j in range(i):
            if cards[j] != JOKER and place[rank[cards[j]]] == p:
                return 0
        low = min(low, p)
        high = max(high, p)
        real += 1
    if real > 0 and high - low >= HAND:
        return 0
    return BOMB if real == HAND else DIRTY_BOMB


@_inline
def _clear_round(game: I64) -> None:
    """Leave no round in play: the state of a game that ended with a deal has none."""
    game[ORDER] = 0
    game[PLAYS] = 0
    game[WAR_RANK] = -1


@_jit
def _finish_deal(cfg: I64, deck: I16, rank: I64, points: I64, suit: I64, place: I64,
                 hands: I16, stock: I16, pools: I16, recent: I16, seats: I64, game: I64,
                 order: I64, rng: U64) -> None:
    """Score the deal (COLDWAR-END-DEAL, COLDWAR-SCORE, COLDWAR-BOMB), end the game at the
    target or a limit (COLDWAR-WIN, COLDWAR-DEAL-LIMIT, COLDWAR-LIMIT), else deal anew
    (COLDWAR-DEALER)."""
    n = cfg[CFG_PLAYERS]
    ranks = 0  # the ranks of the deck: the entries of place >= 0
    for r in range(place.shape[0]):
        if place[r] >= 0:
            ranks += 1
    best = -(2**62)
    for s in range(n):
        score = 0
        # Every pool; a hand only if its player ran out, or under hand_score=everyone.
        if cfg[CFG_ALL_HANDS] or not seats[ACTIVE, s]:
            for i in range(seats[HELD, s]):
                score += points[hands[s, i]]
        for i in range(seats[POOL, s]):
            score += points[pools[s, i]]
        if cfg[CFG_BOMBS] == BOMBS_FINAL_HAND:
            score += _bomb(hands[s], seats[HELD, s], rank, suit, place, ranks)
        elif cfg[CFG_BOMBS] == BOMBS_LAST_PLAYS:
            score += _bomb(recent[s], seats[RECENT, s], rank, suit, place, ranks)
        seats[TOTAL, s] += score
        best = max(best, seats[TOTAL, s])
    game[DEALS] += 1
    tops = 0
    top = -1
    for s in range(n):
        if seats[TOTAL, s] == best:
            tops += 1
            top = s
    if best >= cfg[CFG_TARGET] and (tops == 1 or cfg[CFG_SHARED]):
        game[TERM] = TERM_TARGET  # COLDWAR-WIN
    elif cfg[CFG_MAX_DEALS] >= 0 and game[DEALS] >= cfg[CFG_MAX_DEALS]:
        game[TERM] = TERM_DEAL_LIMIT  # COLDWAR-DEAL-LIMIT: the best total wins
    elif cfg[CFG_MAX_TRICKS] >= 0 and game[TRICKS] >= cfg[CFG_MAX_TRICKS]:
        game[TERM] = TERM_TRICK_LIMIT  # COLDWAR-LIMIT: a draw
        game[WINNER] = -1
        _clear_round(game)
        return
    if game[TERM] != TERM_NONE:
        game[WINNER] = top if tops == 1 else -1
        _clear_round(game)
        return
    if cfg[CFG_ROTATE]:
        game[DEALER] = (game[DEALER] + 1) % n
    _deal(cfg, deck, hands, stock, seats, game, rng)
    _set_order(game[DEALER], n, seats, game, order)


@_jit
def _finish_trick(winner: int, cfg: I64, deck: I16, rank: I64, points: I64, suit: I64,
                  place: I64, hands: I16, stock: I16, pools: I16, recent: I16, seats: I64,
                  game: I64, order: I64, rng: U64) -> int:
    """End the trick taken by ``winner`` (-1: set aside): the next trick, or the end of
    the deal (rules._Resolver.finish_trick). Return :data:`REPEAT_CHECK` when the caller
    must check the position first (the stock is empty), else :data:`GOES_ON`."""
    n = cfg[CFG_PLAYERS]
    game[TRICKS] += 1
    alive = 0
    for s in range(n):
        alive += seats[ACTIVE, s]
    if alive >= 2 and not (cfg[CFG_FIRST_OUT] and game[LEFT]):
        # COLDWAR-LEAD: the taker leads; after a set-aside table, the next player still
        # in the deal from the last leader.
        lead = winner
        if lead < 0 or not seats[ACTIVE, lead]:
            lead = game[FIRST]
            while not seats[ACTIVE, lead]:
                lead = (lead + 1) % n
        _set_order(lead, n, seats, game, order)
        game[PLAYS] = 0
        game[WAR_RANK] = -1
        game[TABLE] = 0
        game[FIRST] = lead
        game[LEFT] = 0
        if game[STOCK] == 0:
            return REPEAT_CHECK
        _trick_limit(cfg, game)
        return GOES_ON
    _finish_deal(cfg, deck, rank, points, suit, place, hands, stock, pools, recent, seats,
                 game, order, rng)
    return GOES_ON


@_inline
def _trick_limit(cfg: I64, game: I64) -> None:
    # COLDWAR-LIMIT: a draw after max_tricks tricks.
    if cfg[CFG_MAX_TRICKS] >= 0 and game[TRICKS] >= cfg[CFG_MAX_TRICKS]:
        game[TERM] = TERM_TRICK_LIMIT
        game[WINNER] = -1


@_jit
def _resolve(cfg: I64, deck: I16, rank: I64, points: I64, suit: I64, place: I64, hands: I16,
             stock: I16, pools: I16, recent: I16, table: I16, tmeta: I64, plays: I64,
             seats: I64, game: I64, order: I64, rng: U64, fighters: I64) -> int:
    """Resolve the completed round (rules._Resolver.run): the highest card takes the
    table, or a war is fought on; return what :func:`_finish_trick` returns (or
    :data:`GOES_ON` when the war goes on)."""
    m = game[PLAYS]
    if cfg[CFG_ANY_PAIR]:
        war = game[WAR_RANK]
    else:
        # COLDWAR-WAR-TRIGGER: only a tie for the highest card.
        top = -1
        ties = 0
        for i in range(m):
            if plays[i, 2] > top:
                top = plays[i, 2]
                ties = 1
            elif plays[i, 2] == top:
                ties += 1
        war = top if ties > 1 else -1
    if war < 0:
        # COLDWAR-TAKE: the highest card takes the table.
        best = 0
        for i in range(1, m):
            if plays[i, 2] > plays[best, 2]:
                best = i
        winner = plays[best, 0]
        _take(winner, pools, table, seats, game)
        # COLDWAR-REFILL: in play order, or the taker first (draw_order=winner_first).
        if cfg[CFG_WINNER_FIRST]:
            _refill(winner, cfg, hands, stock, pools, seats, game)
        for i in range(m):
            s = plays[i, 0]
            if not (cfg[CFG_WINNER_FIRST] and s == winner):
                _refill(s, cfg, hands, stock, pools, seats, game)
        return _finish_trick(winner, cfg, deck, rank, points, suit, place, hands, stock,
                             pools, recent, seats, game, order, rng)
    # COLDWAR-WAR: the players of the war's rank fight on, in the order they played.
    f = 0
    for i in range(m):
        if plays[i, 2] == war:
            fighters[f] = plays[i, 0]
            f += 1
    # COLDWAR-WAR-ROUND: everyone who played refills before the war round.
    for i in range(m):
        _refill(plays[i, 0], cfg, hands, stock, pools, seats, game)
    f = _still_in(fighters, f, seats)
    first_out = cfg[CFG_FIRST_OUT]
    if f >= 2 and not (first_out and game[LEFT]):
        # COLDWAR-STAKE: one face-down stake each, from the stock or the own pool.
        for i in range(f):
            s = fighters[i]
            card = _draw(s, stock, pools, seats, game)
            if card < 0:
                seats[ACTIVE, s] = 0  # COLDWAR-LEAVE
                game[LEFT] = 1
                if first_out:
                    break  # COLDWAR-END-DEAL: the deal ends at once.
            else:
                t = game[TABLE]
                table[t] = card
                tmeta[0, t] = s
                tmeta[1, t] = 0  # face down
                game[TABLE] = t + 1
        f = _still_in(fighters, f, seats)
    if f >= 2 and not (first_out and game[LEFT]):
        for i in range(f):
            order[i] = fighters[i]
        game[ORDER] = f
        game[PLAYS] = 0
        game[WAR_RANK] = -1
        return GOES_ON
    if f == 1:
        # COLDWAR-LEAVE: the last fighter standing wins the war.
        _take(fighters[0], pools, table, seats, game)
        return _finish_trick(fighters[0], cfg, deck, rank, points, suit, place, hands,
                             stock, pools, recent, seats, game, order, rng)
    # COLDWAR-LEAVE: every fighter left at once, or (COLDWAR-END-DEAL) the deal ended with
    # the war undecided; the table is set aside unscored.
    game[SET_ASIDE] += game[TABLE]
    game[TABLE] = 0
    return _finish_trick(-1, cfg, deck, rank, points, suit, place, hands, stock, pools,
                         recent, seats, game, order, rng)


@_inline
def _still_in(fighters: I64, f: int, seats: I64) -> int:
    """Keep the fighters still in the deal, in order; return how many."""
    k = 0
    for i in range(f):
        if seats[ACTIVE, fighters[i]]:
            fighters[k] = fighters[i]
            k += 1
    return k


@_jit
def _position(cfg: I64, key: I64, hands: I16, pools: I16, seats: I64, game: I64,
              order: I64, out: I64) -> int:
    """Write the position at the start of a trick (COLDWAR-REPEAT: the leader, each hand
    sorted, each pool) into ``out``; return its length."""
    n = cfg[CFG_PLAYERS]
    out[0] = order[0]
    k = 1
    for s in range(n):
        h = seats[HELD, s]
        out[k] = h
        k += 1
        for i in range(h):  # insertion sort by legal_actions's order
            c = hands[s, i]
            j = k + i
            while j > k and key[out[j - 1]] > key[c]:
                out[j] = out[j - 1]
                j -= 1
            out[j] = c
        k += h
    for s in range(n):
        p = seats[POOL, s]
        out[k] = p
        k += 1
        for i in range(p):
            out[k + i] = pools[s, i]
        k += p
    return k


@_inline
def _legal(seat: int, hands: I16, seats: I64, key: I64, legal: I64) -> tuple[int, bool]:
    """Write the seat's distinct hand cards but the Joker into ``legal``, in
    ``legal_actions``'s order; return how many, and whether the hand holds a Joker (its
    declarations follow them: COLDWAR-PLAY, COLDWAR-JOKER)."""
    d = 0
    joker = False
    for i in range(seats[HELD, seat]):
        c = hands[seat, i]
        if c == JOKER:
            joker = True
            continue
        j = d
        while j > 0 and key[legal[j - 1]] > key[c]:
            j -= 1
        if j > 0 and legal[j - 1] == c:
            continue  # a copy of a card already listed
        for k in range(d, j, -1):
            legal[k] = legal[k - 1]
        legal[j] = c
        d += 1
    return d, joker


@_inline
def _room(cfg: I64, size: int, game: I64, seen: I64, starts: I64, hashes: U64) -> bool:
    """Return whether the position buffers have room for one more position: its values in
    ``seen``, its start in ``starts`` and its digest in ``hashes`` (each buffer is checked,
    so none is written past its end whatever its length)."""
    longest = 1 + 5 * cfg[CFG_PLAYERS] + size
    return bool(game[SEEN_USED] + longest <= seen.shape[0]
                and game[SEEN] + 1 <= starts.shape[0] and game[SEEN] + 1 <= hashes.shape[0])


@_inline
def _play(seat: int, card: int, played: int, cfg: I64, deck: I16, rank: I64, key: I64,
          points: I64, suit: I64, place: I64, hands: I16, stock: I16, pools: I16,
          recent: I16, table: I16, tmeta: I64, plays: I64, seats: I64, game: I64,
          order: I64, rng: U64, fighters: I64, position: I64, seen: I64, starts: I64,
          hashes: U64) -> None:
    """Play ``card`` as rank ``played`` for ``seat`` (rules.step): out of the hand (its
    first copy), onto the table, into the seat's last plays; the last play of a round
    resolves it. The position buffers must have room for one more (:func:`_room`)."""
    h = seats[HELD, seat]
    j = 0
    while hands[seat, j] != card:
        j += 1
    for k in range(j, h - 1):
        hands[seat, k] = hands[seat, k + 1]
    seats[HELD, seat] = h - 1
    r = seats[RECENT, seat]
    if r == HAND:
        recent[seat, 0] = recent[seat, 1]
        recent[seat, 1] = recent[seat, 2]
        r -= 1
    recent[seat, r] = card
    seats[RECENT, seat] = r + 1
    p = game[PLAYS]
    # COLDWAR-WAR: the first pair completed in play order fixes the war's rank.
    if game[WAR_RANK] < 0 and cfg[CFG_ANY_PAIR]:
        for k in range(p):
            if plays[k, 2] == played:
                game[WAR_RANK] = played
    plays[p, 0] = seat
    plays[p, 1] = card
    plays[p, 2] = played
    game[PLAYS] = p + 1
    t = game[TABLE]
    table[t] = card
    tmeta[0, t] = seat
    tmeta[1, t] = 1  # face up
    game[TABLE] = t + 1
    if game[PLAYS] < game[ORDER]:
        return
    if _resolve(cfg, deck, rank, points, suit, place, hands, stock, pools, recent, table,
                tmeta, plays, seats, game, order, rng, fighters) != REPEAT_CHECK:
        return
    # COLDWAR-REPEAT: the third time a position comes round, the deal ends.
    length = _position(cfg, key, hands, pools, seats, game, order, position)
    digest = _ZERO
    for k in range(length):
        digest = _mix64(digest ^ np.uint64(position[k] + 1) + _GAMMA)
    used = game[SEEN_USED]
    count = game[SEEN]
    same = 1
    for q in range(count):
        start = starts[q]
        end = starts[q + 1] if q + 1 < count else used
        if hashes[q] != digest or end - start != length:
            continue
        k = 0  # equal hashes: the positions are compared whole
        while k < length and seen[start + k] == position[k]:
            k += 1
        same += 1 if k == length else 0
    for k in range(length):  # (a loop: a slice assignment compiles its shape check)
        seen[used + k] = position[k]
    starts[count] = used
    hashes[count] = digest
    game[SEEN] = count + 1
    game[SEEN_USED] = used + length
    if same >= REPEATS:
        _finish_deal(cfg, deck, rank, points, suit, place, hands, stock, pools, recent,
                     seats, game, order, rng)
    else:
        _trick_limit(cfg, game)


@_jit
def _play_game(seed: np.uint64, cfg: I64, deck: I16, rank: I64, key: I64, points: I64,
               suit: I64, place: I64, decl: I64, hands: I16, stock: I16, pools: I16,
               recent: I16, table: I16, tmeta: I64, plays: I64, seats: I64, game: I64,
               order: I64, rng: U64, fighters: I64, legal: I64, position: I64, keys: U64,
               counters: U64) -> int:
    """Play the game of ``seed`` between the players of ``cfg``; leave its result in
    ``game`` (termination code, winner) and the totals in ``seats``; return the steps
    played."""
    cfg, deck, rank, key = borrowed(cfg), borrowed(deck), borrowed(rank), borrowed(key)
    points, suit, place, decl = borrowed(points), borrowed(suit), borrowed(place), borrowed(
        decl)
    hands, stock, pools, recent = borrowed(hands), borrowed(stock), borrowed(pools), borrowed(
        recent)
    table, tmeta, plays, seats = borrowed(table), borrowed(tmeta), borrowed(plays), borrowed(
        seats)
    game, order, rng, fighters = borrowed(game), borrowed(order), borrowed(rng), borrowed(
        fighters)
    legal, position, keys, counters = borrowed(legal), borrowed(position), borrowed(
        keys), borrowed(counters)
    n = cfg[CFG_PLAYERS]
    size = deck.shape[0]
    # The positions recorded since the stock ran out (COLDWAR-REPEAT), one after another,
    # and where each starts and its hash; grown as needed.
    seen = np.empty(1024, np.int64)
    starts = np.empty(64, np.int64)
    hashes = np.empty(64, np.uint64)
    _new_game(seed, cfg, deck, hands, stock, seats, game, order, rng)
    for s in range(n):
        keys[s] = _agent_key(seed, s)
        counters[s] = _ZERO
    ndecl = decl.shape[0]
    max_steps = cfg[CFG_MAX_STEPS]
    steps = 0
    while game[TERM] == TERM_NONE and (max_steps < 0 or steps < max_steps):
        seat = order[game[PLAYS]]
        d, joker = _legal(seat, hands, seats, key, legal)
        m = d + (ndecl if joker else 0)
        steps += 1
        if cfg[CFG_POLICY + seat] == HEURISTIC:
            i = np.int64(_heuristic(legal, d, joker, decl, rank, plays, game))
        else:
            counters[seat] += _ONE
            i = np.int64(_below(keys[seat], counters[seat], m))
        if not _room(cfg, size, game, seen, starts, hashes):
            grown = np.empty(2 * seen.shape[0], np.int64)
            for k in range(game[SEEN_USED]):  # (loops: see _play)
                grown[k] = seen[k]
            seen = grown
            more = np.empty(2 * starts.shape[0], np.int64)
            for k in range(game[SEEN]):
                more[k] = starts[k]
            starts = more
            more_hashes = np.empty(2 * hashes.shape[0], np.uint64)
            for k in range(game[SEEN]):
                more_hashes[k] = hashes[k]
            hashes = more_hashes
        if i < d:
            card = legal[i]
            played = rank[card]
        else:
            card = JOKER
            played = decl[i - d]
        _play(seat, card, played, cfg, deck, rank, key, points, suit, place, hands, stock,
              pools, recent, table, tmeta, plays, seats, game, order, rng, fighters,
              position, seen, starts, hashes)
    return steps


@_jit
def _new_game(seed: np.uint64, cfg: I64, deck: I16, hands: I16, stock: I16, seats: I64,
              game: I64, order: I64, rng: U64) -> None:
    """Set up the first state of the game of ``seed`` (rules.new_game): the deck shuffled
    and dealt by seat 0 (COLDWAR-DEAL)."""
    game[:] = 0
    game[WINNER] = -1
    rng[0] = _mix64(seed + _GAMMA)
    rng[1] = _ZERO
    for s in range(cfg[CFG_PLAYERS]):
        seats[TOTAL, s] = 0
    _deal(cfg, deck, hands, stock, seats, game, rng)
    _set_order(0, cfg[CFG_PLAYERS], seats, game, order)


@_inline
def _heuristic(legal: I64, d: int, joker: bool, decl: I64, rank: I64, plays: I64,
               game: I64) -> int:
    """Return the index of ColdWarHeuristic's action among the legal ones (the ``d``
    distinct cards of ``legal``, then the Joker's declarations if ``joker``): when others
    have played in the round, the lowest card that beats the best on the table (a Joker
    last, declared just high enough), or if none can, the lowest card; when it plays
    first, its highest card."""
    ndecl = decl.shape[0]
    if game[PLAYS] == 0:
        if d == 0:
            return int(ndecl - 1)  # only Jokers: the highest declaration
        best = 0
        for i in range(1, d):
            if rank[legal[i]] > rank[legal[best]]:
                best = i
        return best
    top = -1
    for k in range(game[PLAYS]):
        top = max(top, plays[k, 2])
    for i in range(d):  # the cards are in order: the first that beats is the lowest
        if rank[legal[i]] > top:
            return i
    if joker:
        for i in range(ndecl):
            if decl[i] > top:
                return d + i
    return 0  # the lowest card, or the Joker's lowest declaration


# --- many games stepped by action ids (cardwar.batch.Games) -------------------------------


@_jit
def _observe(seat: int, cfg: I64, ob: F64, hands: I16, pools: I16,
             recent: I16, table: I16, tmeta: I64, plays: I64, seats: I64, game: I64,
             order: I64, row: Any) -> None:
    """Write ``seat``'s observation tensor into ``row`` (cold_war.encoding's ``write``);
    per-seat parts start with ``seat`` and go on in turn."""
    n = cfg[CFG_PLAYERS]
    copies = int(ob[OB_COPIES])
    jokers = int(ob[OB_JOKERS])
    total = ob[OB_TOTAL]
    row[:] = 0.0
    for i in range(seats[HELD, seat]):  # hand
        _add_card(row, 0, hands[seat, i], copies, jokers)
    pool = seats[POOL, seat]
    for i in range(pool):  # pool
        _add_card(row, 53, pools[seat, i], copies, jokers)
    if pool > 0:  # pool_top
        row[106 + pools[seat, pool - 1]] = 1.0
    at = 159
    for k in range(n):
        s = (seat + k) % n
        row[at + k] = _fraction(seats[HELD, s], HAND)  # hand_sizes
        row[at + n + k] = _fraction(seats[POOL, s], total)  # pool_sizes
    at += 2 * n
    row[at] = _fraction(game[STOCK], total)  # stock_size
    at += 1
    for k in range(n):
        s = (seat + k) % n
        row[at + k] = 1.0 if seats[ACTIVE, s] else 0.0  # active
        for i in range(game[ORDER]):  # in_round
            if order[i] == s:
                row[at + 2 * n + k] = 1.0
    row[at + n + (game[DEALER] - seat) % n] = 1.0  # dealer
    at += 3 * n
    for i in range(game[PLAYS]):  # plays, play_ranks
        k = (plays[i, 0] - seat) % n
        row[at + 53 * k + plays[i, 1]] = 1.0
        row[at + 53 * n + RANKS * k + plays[i, 2] - 2] = 1.0
    at += (53 + RANKS) * n
    done = game[TABLE] - game[PLAYS]  # rounds: the face-up cards before this round's
    stakes = at + 53 * n + RANKS
    for i in range(game[TABLE]):
        k = (tmeta[0, i] - seat) % n
        if tmeta[1, i] == 0:  # a face-down stake
            row[stakes + k] += 1.0
        elif i < done:
            _add_card(row, at + 53 * k, table[i], copies, jokers)
    at += 53 * n
    if game[WAR_RANK] >= 0:  # war_rank
        row[at + game[WAR_RANK] - 2] = 1.0
    at += RANKS
    for k in range(n):  # stakes: the counts, as fractions
        row[at + k] = _fraction(row[at + k], total)
    at += n
    row[at] = _fraction(game[SET_ASIDE], total)  # set_aside
    at += 1
    for k in range(n):  # recent
        s = (seat + k) % n
        for i in range(seats[RECENT, s]):
            _add_card(row, at + 53 * k, recent[s, i], copies, jokers)
    at += 53 * n
    for k in range(n):  # totals
        row[at + k] = _fraction(seats[TOTAL, (seat + k) % n], ob[OB_TARGET])
    at += n
    if ob[OB_MAX_DEALS] > 0:  # deals
        row[at] = _fraction(game[DEALS], ob[OB_MAX_DEALS])


@_jit
def _refresh(g: int, cfg: I64, ob: F64, key: I64, decl: I64, hands: Any,
             pools: Any, recent: Any, table: Any, tmeta: Any, plays: Any, seats: Any,
             game: Any, order: Any, legal: I64, out: Any, observation: Any, mask: Any) -> None:
    """Write game ``g``'s ``out`` row, the observation of its seat to move (once it is
    over, of the seat that played last) and its legal-action mask."""
    n = cfg[CFG_PLAYERS]
    running = game[g, TERM] == TERM_NONE
    if running:
        out[g, OUT_SEAT] = order[g, game[g, PLAYS]]
    out[g, OUT_TERM] = game[g, TERM]
    out[g, OUT_WINNER] = game[g, WINNER]
    for s in range(n):
        out[g, OUT_TOTALS + s] = seats[g, TOTAL, s]
    seat = out[g, OUT_SEAT]
    _observe(seat, cfg, ob, hands[g], pools[g], recent[g], table[g], tmeta[g], plays[g],
             seats[g], game[g], order[g], observation[g])
    mask[g, :] = 0
    if not running:
        return
    d, joker = _legal(seat, hands[g], seats[g], key, legal)
    for i in range(d):
        mask[g, legal[i]] = 1
    if joker:
        for i in range(decl.shape[0]):
            mask[g, 52 + decl[i] - 2] = 1


@_jit
def reset_games(seeds: U64, cfg: I64, ob: F64, deck: I16, key: I64,
                decl: I64, hands: I16, stock: I16, pools: I16, recent: I16, table: I16,
                tmeta: I64, plays: I64, seats: I64, game: I64, order: I64, rng: U64,
                legal: I64, turns: I64, out: I64, observation: F64, mask: U8) -> None:
    """Deal the game of every seed into row ``g`` of the state arrays and write its first
    observation and mask."""
    seeds, cfg, ob, deck = borrowed(seeds), borrowed(cfg), borrowed(ob), borrowed(deck)
    key, decl, hands, stock = borrowed(key), borrowed(decl), borrowed(hands), borrowed(stock)
    pools, recent, table, tmeta = borrowed(pools), borrowed(recent), borrowed(table), borrowed(
        tmeta)
    plays, seats, game, order = borrowed(plays), borrowed(seats), borrowed(game), borrowed(
        order)
    rng, legal, turns, out = borrowed(rng), borrowed(legal), borrowed(turns), borrowed(out)
    observation, mask = borrowed(observation), borrowed(mask)
    for g in range(seeds.shape[0]):
        _new_game(seeds[g], cfg, deck, hands[g], stock[g], seats[g], game[g], order[g],
                  rng[g])
        turns[g] = 0
        _refresh(g, cfg, ob, key, decl, hands, pools, recent, table, tmeta, plays, seats,
                 game, order, legal, out, observation, mask)


@_jit
def step_games(actions: I64, cfg: I64, ob: F64, deck: I16, rank: I64,
               key: I64, points: I64, suit: I64, place: I64, decl: I64, hands: I16,
               stock: I16, pools: I16, recent: I16, table: I16, tmeta: I64, plays: I64,
               seats: I64, game: I64, order: I64, rng: U64, seen: I64, starts: I64,
               hashes: U64, fighters: I64, legal: I64, position: I64, turns: I64, out: I64,
               observation: F64, mask: U8, rewards: F64) -> int:
    """Play action id ``actions[g]`` in every running game ``g`` (finished games are left
    as they are), then write the observations, masks and each seat's reward (the game's
    returns on the step that ends it, else 0). Returns :data:`STEPPED`; or, before
    anything is played, the first game whose action is not legal there, or
    :data:`NO_ROOM` if a game's position buffers must grow first."""
    actions, cfg, ob, deck = borrowed(actions), borrowed(cfg), borrowed(ob), borrowed(deck)
    rank, key, points, suit = borrowed(rank), borrowed(key), borrowed(points), borrowed(suit)
    place, decl, hands, stock = borrowed(place), borrowed(decl), borrowed(hands), borrowed(
        stock)
    pools, recent, table, tmeta = borrowed(pools), borrowed(recent), borrowed(table), borrowed(
        tmeta)
    plays, seats, game, order = borrowed(plays), borrowed(seats), borrowed(game), borrowed(
        order)
    rng, seen, starts, hashes = borrowed(rng), borrowed(seen), borrowed(starts), borrowed(
        hashes)
    fighters, legal, position = borrowed(fighters), borrowed(legal), borrowed(position)
    turns, out, observation = borrowed(turns), borrowed(out), borrowed(observation)
    mask, rewards = borrowed(mask), borrowed(rewards)
    n = cfg[CFG_PLAYERS]
    size = deck.shape[0]
    count = actions.shape[0]
    for g in range(count):
        a = actions[g]
        if game[g, TERM] == TERM_NONE and (a < 0 or a >= NUM_ACTIONS or mask[g, a] == 0):
            return g
    for g in range(count):
        if game[g, TERM] == TERM_NONE and not _room(cfg, size, game[g], seen[g], starts[g],
                                                    hashes[g]):
            return NO_ROOM
    for g in range(count):
        for s in range(n):
            rewards[g, s] = 0.0
        if game[g, TERM] != TERM_NONE:
            continue
        a = actions[g]
        seat = order[g, game[g, PLAYS]]
        out[g, OUT_SEAT] = seat
        turns[g] += 1
        if a < 52:
            card = a
            played = rank[a]
        else:
            card = JOKER
            played = a - 52 + 2  # COLDWAR-JOKER: the declared rank
        _play(seat, card, played, cfg, deck, rank, key, points, suit, place, hands[g],
              stock[g], pools[g], recent[g], table[g], tmeta[g], plays[g], seats[g], game[g],
              order[g], rng[g], fighters, position, seen[g], starts[g], hashes[g])
        if game[g, TERM] != TERM_NONE:
            # The returns: +1 for each winner (the best total, at the target or the deal
            # limit), -1 for each other seat; 0 for all in a draw.
            best = seats[g, TOTAL, 0]
            for s in range(n):
                best = max(best, seats[g, TOTAL, s])
            if game[g, TERM] != TERM_TRICK_LIMIT:
                for s in range(n):
                    rewards[g, s] = 1.0 if seats[g, TOTAL, s] == best else -1.0
        _refresh(g, cfg, ob, key, decl, hands, pools, recent, table, tmeta, plays, seats,
                 game, order, legal, out, observation, mask)
    return STEPPED


@_jit
def _play_games_kernel(seeds: U64, cfg: I64, deck: I16, rank: I64, key: I64, points: I64,
                       suit: I64, place: I64, decl: I64, steps: I64,
                       winner: I16, termination: U8,
                       scores: I64) -> None:
    """Play the game of every seed, writing the result columns."""
    n = cfg[CFG_PLAYERS]
    size = deck.shape[0]
    hands = np.zeros((4, HAND), np.int16)
    stock = np.zeros(size, np.int16)
    pools = np.zeros((4, size), np.int16)
    recent = np.zeros((4, HAND), np.int16)
    table = np.zeros(size, np.int16)
    tmeta = np.zeros((2, size), np.int64)
    plays = np.zeros((4, 3), np.int64)
    seats = np.zeros((SEAT_ROWS, 4), np.int64)
    game = np.zeros(GAME_SIZE, np.int64)
    order = np.zeros(4, np.int64)
    rng = np.zeros(2, np.uint64)
    fighters = np.zeros(4, np.int64)
    legal = np.zeros(4, np.int64)
    position = np.zeros(1 + 8 * 4 + size, np.int64)
    keys = np.zeros(4, np.uint64)
    counters = np.zeros(4, np.uint64)
    for g in range(seeds.shape[0]):
        steps[g] = _play_game(seeds[g], cfg, deck, rank, key, points, suit, place, decl,
                              hands, stock, pools, recent, table, tmeta, plays, seats, game,
                              order, rng, fighters, legal, position, keys, counters)
        termination[g] = game[TERM]
        winner[g] = game[WINNER]
        for s in range(n):
            scores[g, s] = seats[TOTAL, s] if game[TERM] != TERM_NONE else 0


def play_games(seeds: U64, cfg: I64, deck: I16, rank: I64, key: I64, points: I64, suit: I64,
               place: I64, decl: I64) -> tuple[I64, I16, U8, I64]:
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
                       np.ascontiguousarray(rank, dtype=np.int64),
                       np.ascontiguousarray(key, dtype=np.int64),
                       np.ascontiguousarray(points, dtype=np.int64),
                       np.ascontiguousarray(suit, dtype=np.int64),
                       np.ascontiguousarray(place, dtype=np.int64),
                       np.ascontiguousarray(decl, dtype=np.int64), steps, winner,
                       termination, scores)
    return steps, winner, termination, scores


# --- one learner's seat against the compiled players (the vector environment) -------------

#: The third player of :func:`step_against`'s ``cfg[CFG_POLICY + s]``: the heuristic
#: mixed with random moves (:class:`cardwar.agents.MixedAgent`, the kind ``heuristic:P``).
MIXED = 2
#: What :func:`step_against` does in a game ``g`` for ``restart[g]``: play the learner's
#: id, deal the game anew, play nothing (the learner lost it by an illegal id), or go on
#: with the other seats' moves where a call that ran out of room left them.
STEP, DEAL, IDLE, RESUME = 0, 1, 2, 3


@_jit
def step_against(first: int, actions: I64, restart: U8, seeds: U64, learner: int,
                 cfg: I64, below: U64, ob: F64, deck: I16, rank: I64, key: I64,
                 points: I64, suit: I64, place: I64, decl: I64, hands: I16, stock: I16,
                 pools: I16, recent: I16, table: I16, tmeta: I64, plays: I64, seats: I64,
                 game: I64, order: I64, rng: U64, seen: I64, starts: I64, hashes: U64,
                 fighters: I64, legal: I64, position: I64, agent_key: U64,
                 agent_counter: U64, row: F64, observation: Any, mask: Any,
                 rewards: Any) -> int:
    """Advance every game ``g`` from ``first`` on by one step of the seat ``learner``: if
    ``restart[g]`` is :data:`DEAL`, deal the game of ``seeds[g]`` anew (its players'
    generators from their start); if :data:`IDLE` or :data:`RESUME`, play nothing for
    the learner; else, if it runs, play the learner's id ``actions[g]`` (legal: the
    caller checked). Then the other seats play until the learner is to move or the game
    ends, each the player of ``cfg[CFG_POLICY + seat]``: random (drawing from the
    generator of key ``agent_key[g, seat]``), heuristic, or mixed (one word of that
    generator first, the heuristic's move when it is below ``below[seat]``, else a random
    one: :class:`cardwar.agents.MixedAgent`). Write the learner's reward (its returns
    when the game ended on this step, else 0), its observation (``float32``, through the
    ``float64`` row ``row``) and its mask (``int8``, all 0 once the game is over); a
    finished game that is not dealt anew is left as it is, its reward 0.

    Return :data:`STEPPED` once every game is done; or, when game ``g``'s position
    buffers must grow before its next move, ``g``, with the games before it done and
    ``restart[g]`` set so that a call from ``first=g`` with the grown buffers goes on
    where this one stopped."""
    actions, restart, seeds = borrowed(actions), borrowed(restart), borrowed(seeds)
    cfg, below, ob, deck = borrowed(cfg), borrowed(below), borrowed(ob), borrowed(deck)
    rank, key, points, suit = borrowed(rank), borrowed(key), borrowed(points), borrowed(suit)
    place, decl, hands, stock = borrowed(place), borrowed(decl), borrowed(hands), borrowed(
        stock)
    pools, recent, table, tmeta = borrowed(pools), borrowed(recent), borrowed(table), borrowed(
        tmeta)
    plays, seats, game, order = borrowed(plays), borrowed(seats), borrowed(game), borrowed(
        order)
    rng, seen, starts, hashes = borrowed(rng), borrowed(seen), borrowed(starts), borrowed(
        hashes)
    fighters, legal, position = borrowed(fighters), borrowed(legal), borrowed(position)
    agent_key, agent_counter = borrowed(agent_key), borrowed(agent_counter)
    row, observation, mask = borrowed(row), borrowed(observation), borrowed(mask)
    rewards = borrowed(rewards)
    n = cfg[CFG_PLAYERS]
    size = deck.shape[0]
    ndecl = decl.shape[0]
    for g in range(first, actions.shape[0]):
        rewards[g] = 0.0
        running = game[g, TERM] == TERM_NONE
        if restart[g] == DEAL:
            _new_game(seeds[g], cfg, deck, hands[g], stock[g], seats[g], game[g], order[g],
                      rng[g])
            for s in range(n):
                agent_key[g, s] = _agent_key(seeds[g], s)
                agent_counter[g, s] = _ZERO
            restart[g] = RESUME  # dealt: a call that goes on does not deal it again
            running = True
        elif running and restart[g] == STEP:
            if not _room(cfg, size, game[g], seen[g], starts[g], hashes[g]):
                return g
            a = actions[g]
            if a < 52:
                card = a
                played = rank[a]
            else:
                card = JOKER
                played = a - 52 + 2  # COLDWAR-JOKER: the declared rank
            _play(learner, card, played, cfg, deck, rank, key, points, suit, place,
                  hands[g], stock[g], pools[g], recent[g], table[g], tmeta[g], plays[g],
                  seats[g], game[g], order[g], rng[g], fighters, position, seen[g],
                  starts[g], hashes[g])
            restart[g] = RESUME
        while running and game[g, TERM] == TERM_NONE:
            seat = order[g, game[g, PLAYS]]
            if seat == learner:
                break
            if not _room(cfg, size, game[g], seen[g], starts[g], hashes[g]):
                return g
            d, joker = _legal(seat, hands[g], seats[g], key, legal)
            m = d + (ndecl if joker else 0)
            policy = cfg[CFG_POLICY + seat]
            i = np.int64(-1)
            if policy != RANDOM:
                heuristic = policy == HEURISTIC
                if not heuristic:  # MixedAgent's coin
                    agent_counter[g, seat] += _ONE
                    word = _mix64(agent_key[g, seat] + agent_counter[g, seat] * _GAMMA)
                    heuristic = word < below[seat]
                if heuristic:
                    i = np.int64(_heuristic(legal, d, joker, decl, rank, plays[g], game[g]))
            if i < 0:
                agent_counter[g, seat] += _ONE
                i = np.int64(_below(agent_key[g, seat], agent_counter[g, seat], m))
            if i < d:
                card = legal[i]
                played = rank[card]
            else:
                card = JOKER
                played = decl[i - d]
            _play(seat, card, played, cfg, deck, rank, key, points, suit, place, hands[g],
                  stock[g], pools[g], recent[g], table[g], tmeta[g], plays[g], seats[g],
                  game[g], order[g], rng[g], fighters, position, seen[g], starts[g],
                  hashes[g])
        if running and game[g, TERM] != TERM_NONE and game[g, TERM] != TERM_TRICK_LIMIT:
            # The returns: +1 for each seat with the best total, -1 for each other seat; 0
            # for all in a draw (as step_games).
            best = seats[g, TOTAL, 0]
            for s in range(n):
                best = max(best, seats[g, TOTAL, s])
            rewards[g] = 1.0 if seats[g, TOTAL, learner] == best else -1.0
        _observe(learner, cfg, ob, hands[g], pools[g], recent[g], table[g], tmeta[g],
                 plays[g], seats[g], game[g], order[g], row)
        for k in range(row.shape[0]):
            observation[g, k] = row[k]
        mask[g, :] = 0
        if game[g, TERM] != TERM_NONE:
            continue
        d, joker = _legal(learner, hands[g], seats[g], key, legal)
        for i in range(d):
            mask[g, legal[i]] = 1
        if joker:
            for i in range(ndecl):
                mask[g, 52 + decl[i] - 2] = 1
    return STEPPED
