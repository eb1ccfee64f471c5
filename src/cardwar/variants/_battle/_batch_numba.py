"""The compiled kernel of the War family's automatic games (War and Peace, through
:func:`cardwar.batch.simulate`): whole games, one seed after another, in numba-compiled
loops over small integer arrays.

Private: use :func:`cardwar.batch.simulate`. The kernel is a transcription of the
reference mechanics (``cardwar.variants._battle``: the deal, ``_general_battle`` and
``_finish``) onto arrays, and draws from the game's generator exactly as they do, so every
game ends as ``step`` ends it (rule IDs in comments are War's, on the docs page
``rules/war``; Peace is War with ``low_wins``, five face-down cards and a battle limit).

* A card is an ``int16``: its index in one copy of the variant's canonical deck, so equal
  cards (copies of one card in a multi-deck game) are equal ints, as ``Card`` values are
  equal; ``strength[card]`` orders them (the rank's value, negated when low wins).
* A stock is a ring buffer: row ``s`` of ``stock`` holds seat ``s``'s stock from
  ``head[s]``, ``count[s]`` cards, top card first. A seat never holds more than the
  ``n`` cards of the deck, so ``n`` slots suffice.
* The generator is the stream of :mod:`cardwar.rng`, drawn by the kernels' shared toolkit
  (:mod:`cardwar._kernels`).

Arneson's War's kernel takes its stocks and win piles from here (``_take``, ``_put`` and
the ``PICKUP_*`` codes). Without numba (the ``fast`` extra) the functions run as plain
Python, slowly; :data:`COMPILED` says which.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardwar._kernels import (
    _GAMMA,
    _ONE,
    COMPILED,
    I16,
    I64,
    U8,
    U64,
    _below,
    _inline,
    _jit,
    _mix64,
    _shuffle,
    borrowed,
)

__all__ = [
    "COMPILED",
    "PICKUP_SEAT_ORDER",
    "PICKUP_SHUFFLED",
    "PICKUP_WINNER_FIRST",
    "PICKUP_WIN_PILE",
    "TERM_ALL_CARDS",
    "TERM_BATTLE_LIMIT",
    "TERM_REPEATED_POSITION",
    "TERM_UNDECIDABLE",
    "TERM_WARS_WON",
    "borrowed",
    "play_games",
]

# Pickup orders (cardwar.variants._battle.Pickup), as the kernel's ints.
PICKUP_SHUFFLED = 0
PICKUP_WINNER_FIRST = 1
PICKUP_SEAT_ORDER = 2
PICKUP_WIN_PILE = 3

# Terminations (cardwar.core.Termination), as the kernel's codes: the order of
# cardwar.batch.TERMINATIONS.
TERM_ALL_CARDS = 0
TERM_WARS_WON = 1
TERM_BATTLE_LIMIT = 2
TERM_REPEATED_POSITION = 3
TERM_UNDECIDABLE = 4
#: Not a termination: the game's battles outgrow a signed 64-bit count (WAR-CYCLE's
#: skipped cycles under a huge ``wars_to_win``); the caller raises.
TERM_OVERFLOW = 5
_INT64_MAX = 2**63 - 1


@_jit
def _refill(
    s: int, stock: I16, head: I64, count: I64, won: I16, won_count: I64, key: np.uint64,
    counter: np.uint64,
) -> Any:
    """Refill seat ``s``'s empty stock by shuffling its win pile into it
    (WAR-PICKUP-WIN-PILE); return the advanced counter."""
    w = won_count[s]
    if w == 0:
        return counter
    for i in range(w):
        stock[s, i] = won[s, i]
    head[s] = 0
    count[s] = w
    won_count[s] = 0
    return _shuffle(stock[s], 0, w, key, counter)


@_inline
def _take(
    s: int,
    stock: I16,
    head: I64,
    count: I64,
    won: I16,
    won_count: I64,
    n: int,
    key: np.uint64,
    counter: np.uint64,
) -> Any:
    """Take seat ``s``'s top card; return ``(card or -1, counter)``. With a win pile, an
    empty stock is first refilled by shuffling the win pile (WAR-PICKUP-WIN-PILE).

    The kernels call it with borrowed arrays (:func:`borrowed`): with counted ones,
    numba's reference counts around the call of ``_refill`` tripled the cost of a war."""
    if count[s] == 0:
        counter = _refill(s, stock, head, count, won, won_count, key, counter)
        if count[s] == 0:
            return -1, counter
    h = head[s]
    card = stock[s, h]
    head[s] = h + 1 if h + 1 < n else 0
    count[s] -= 1
    return int(card), counter


@_inline
def _put(s: int, card: int, stock: I16, head: I64, count: I64, n: int) -> None:
    """Put ``card`` under seat ``s``'s stock."""
    i = head[s] + count[s]
    if i >= n:
        i -= n
    stock[s, i] = card
    count[s] += 1


@_jit
def _same_position(
    players: int,
    stock: I16,
    head: I64,
    count: I64,
    mark: I16,
    mark_count: I64,
    n: int,
) -> bool:
    """Return whether the stocks equal the saved position (WAR-CYCLE)."""
    for s in range(players):
        if count[s] != mark_count[s]:
            return False
    for s in range(players):
        h = head[s]
        for i in range(count[s]):
            if stock[s, h] != mark[s, i]:
                return False
            h += 1
            if h == n:
                h = 0
    return True


@_jit
def _save_position(
    players: int,
    stock: I16,
    head: I64,
    count: I64,
    mark: I16,
    mark_count: I64,
    wars_won: I64,
    mark_wars_won: I64,
    n: int,
) -> None:
    """Save the stocks and wars won as the position to compare with (WAR-CYCLE)."""
    for s in range(players):
        h = head[s]
        for i in range(count[s]):
            mark[s, i] = stock[s, h]
            h += 1
            if h == n:
                h = 0
        mark_count[s] = count[s]
        mark_wars_won[s] = wars_won[s]


@_jit
def _play_game(
    seed: np.uint64,
    deck: I16,
    strength: I64,
    players: int,
    deal_spare: bool,
    face_down: int,
    single_card: bool,
    pickup: int,
    lose: bool,
    drop_out: bool,
    joins_tied: bool,
    wars_to_win: int,
    max_battles: int,
    work: I16,
    stock: I16,
    won: I16,
    laid: I16,
    mark: I16,
    ints: I64,
) -> Any:
    """Play the game of ``seed`` to its end; return ``(battles, wars, winner, termination)``.

    ``work``, ``stock``, ``won``, ``laid`` and ``mark`` are scratch arrays (``n``,
    ``(players, n)`` each but ``work``), ``ints`` an ``(11, players)`` scratch array.
    ``wars_to_win`` and ``max_battles`` are 0 for none.
    """
    deck, strength, work = borrowed(deck), borrowed(strength), borrowed(work)
    stock, won, laid, mark = borrowed(stock), borrowed(won), borrowed(laid), borrowed(mark)
    ints = borrowed(ints)
    n = deck.shape[0]
    head = ints[0]
    count = ints[1]
    won_count = ints[2]
    laid_count = ints[3]
    up = ints[4]
    part = ints[5]
    wars_won = ints[6]
    held = ints[7]
    out = ints[8]
    mark_count = ints[9]
    mark_wars_won = ints[10]
    win_pile = pickup == PICKUP_WIN_PILE
    duel = players == 2 and not win_pile
    cycle = pickup in (PICKUP_WINNER_FIRST, PICKUP_SEAT_ORDER)
    shuffled_duel = duel and pickup == PICKUP_SHUFFLED

    # WAR-DEAL: the canonical deck shuffled by the seed's generator, dealt one card at a
    # time from seat 0; WAR-SPARE: the cards that do not divide evenly are set aside.
    key = _mix64(seed + _GAMMA)
    counter = np.uint64(0)
    for i in range(n):
        work[i] = deck[i]
    counter = _shuffle(work, 0, n, key, counter)
    usable = n if deal_spare else n - n % players
    for s in range(players):
        head[s] = 0
        count[s] = 0
        won_count[s] = 0
        wars_won[s] = 0
    for i in range(usable):
        s = i % players
        stock[s, count[s]] = work[i]
        count[s] += 1
    holders = 0
    last_holder = -1
    for s in range(players):
        if count[s] > 0:  # pragma: no branch - the options allow no more seats than cards
            holders += 1
            last_holder = s
    if holders <= 1:  # pragma: no cover - as the reference's deal; unreachable: see above
        return 0, 0, last_holder, TERM_ALL_CARDS
    power = 1
    length = 0
    mark_battles = 0
    mark_wars = 0
    if cycle:
        _save_position(players, stock, head, count, mark, mark_count, wars_won, mark_wars_won, n)

    battles = 0
    wars = 0
    while True:
        if shuffled_duel:
            # The common case, default War: two players, shuffled pickup, no tie, and
            # nobody down to their last card, so that the battle cannot end the game
            # (max_battles aside). The stocks' heads and counts stay in locals and the
            # winner's side is picked without a branch; the draws are those of the
            # general code below, in the same order.
            h0 = head[0]
            h1 = head[1]
            c0 = count[0]
            c1 = count[1]
            last = max_battles - 1 if max_battles > 0 else _INT64_MAX
            while c0 > 1 and c1 > 1 and battles < last:
                a = stock[0, h0]
                b = stock[1, h1]
                sa = strength[a]
                sb = strength[b]
                if sa == sb:
                    break
                h0 = h0 + 1 if h0 + 1 < n else 0
                h1 = h1 + 1 if h1 + 1 < n else 0
                counter += _ONE
                keep = _below(key, counter, 2)  # WAR-PICKUP-SHUFFLED: 0 swaps (a, b)
                first = a if keep else b
                second = b if keep else a
                w = 1 if sb > sa else 0
                hw = h1 if w else h0
                cw = (c1 if w else c0) - 1
                i = hw + cw
                i = i - n if i >= n else i
                stock[w, i] = first
                i = i + 1 if i + 1 < n else 0
                stock[w, i] = second
                c0 += 1 - 2 * w
                c1 += 2 * w - 1
                battles += 1
            head[0] = h0
            head[1] = h1
            count[0] = c0
            count[1] = c1
        plain = False
        if duel and count[0] > 0 and count[1] > 0:
            a = stock[0, head[0]]
            b = stock[1, head[1]]
            if strength[a] != strength[b]:
                # A two-player battle without a tie (WAR-BATTLE), the common case: what
                # the general code below does, with the table (a, b) held in registers.
                plain = True
                war_round = 0
                for s in range(2):
                    h = head[s] + 1
                    head[s] = 0 if h == n else h
                    count[s] -= 1
                winner = 0 if strength[a] > strength[b] else 1
                first = a
                second = b
                if pickup == PICKUP_SHUFFLED:
                    # WAR-PICKUP-SHUFFLED: Fisher-Yates of (a, b), one draw of below(2).
                    counter += _ONE
                    if _below(key, counter, 2) == 0:
                        first = b
                        second = a
                elif pickup == PICKUP_WINNER_FIRST and winner == 1:
                    first = b
                    second = a
                _put(winner, first, stock, head, count, n)
                _put(winner, second, stock, head, count, n)
                eliminated = count[1 - winner] == 0
        if not plain:
            # --- one battle (cardwar.variants._battle._general_battle) ---
            nparts = 0
            for s in range(players):
                held[s] = count[s] + won_count[s]
                laid_count[s] = 0
                out[s] = 0
                if held[s] > 0:
                    part[nparts] = s
                    nparts += 1
            # WAR-BATTLE: everyone with cards turns up their top card.
            for k in range(nparts):
                s = part[k]
                card, counter = _take(s, stock, head, count, won, won_count, n, key, counter)
                laid[s, laid_count[s]] = card
                laid_count[s] += 1
                up[s] = card
            winner = -1
            war_round = 0
            while True:
                best = strength[up[part[0]]]
                for k in range(1, nparts):
                    v = strength[up[part[k]]]
                    if v > best:
                        best = v
                tied = 0
                for k in range(nparts):
                    if strength[up[part[k]]] == best:
                        tied += 1
                        winner = part[k]
                if tied == 1:
                    break
                winner = -1
                # WAR-TIE starts a war; WAR-JOINS: who fights it.
                if joins_tied:
                    m = 0
                    for k in range(nparts):
                        s = part[k]
                        if strength[up[s]] == best:
                            part[m] = s
                            m += 1
                    nparts = m
                anyone = False
                for k in range(nparts):
                    s = part[k]
                    if count[s] + won_count[s] > 0:
                        anyone = True
                if not anyone:
                    break  # WAR-UNDECIDABLE
                war_round += 1
                # WAR-FACE-DOWN; WAR-REPEAT's single_card after the first war round.
                fd = face_down
                if war_round > 1 and single_card:
                    fd = 0
                if lose:
                    short = 0
                    for k in range(nparts):
                        s = part[k]
                        if count[s] + won_count[s] < fd + 1:
                            short += 1
                    if short < nparts:
                        # WAR-OUT-LOSE: the short players are out; their cards go to the table.
                        m = 0
                        for k in range(nparts):
                            s = part[k]
                            if count[s] + won_count[s] < fd + 1:
                                while True:
                                    card, counter = _take(
                                        s, stock, head, count, won, won_count, n, key, counter
                                    )
                                    if card < 0:
                                        break
                                    laid[s, laid_count[s]] = card
                                    laid_count[s] += 1
                                out[s] = 1
                            else:
                                part[m] = s
                                m += 1
                        nparts = m
                        if nparts == 1:
                            winner = part[0]
                            break
                    # WAR-OUT-ALL-SHORT: everyone short at once plays what they have.
                elif drop_out:
                    # WAR-OUT-DROP: a fighter with no card left loses the war.
                    m = 0
                    for k in range(nparts):
                        s = part[k]
                        if count[s] + won_count[s] > 0:
                            part[m] = s
                            m += 1
                    nparts = m
                    if nparts == 1:
                        winner = part[0]
                        break
                for k in range(nparts):
                    s = part[k]
                    have = count[s] + won_count[s]
                    if have == 0:
                        continue  # WAR-OUT: the previous face-up card stands.
                    down = fd if fd < have - 1 else have - 1
                    for _ in range(down + 1):
                        card, counter = _take(
                            s, stock, head, count, won, won_count, n, key, counter
                        )
                        laid[s, laid_count[s]] = card
                        laid_count[s] += 1
                    up[s] = laid[s, laid_count[s] - 1]

            if winner >= 0:
                # WAR-PICKUP: the table goes under the winner's stock (or onto their win pile).
                size = 0
                if pickup == PICKUP_WINNER_FIRST:
                    for i in range(laid_count[winner]):
                        work[size] = laid[winner, i]
                        size += 1
                for s in range(players):
                    if pickup == PICKUP_WINNER_FIRST and s == winner:
                        continue
                    for i in range(laid_count[s]):
                        work[size] = laid[s, i]
                        size += 1
                if pickup == PICKUP_SHUFFLED:
                    counter = _shuffle(work, 0, size, key, counter)
                if win_pile:
                    w = won_count[winner]
                    for i in range(size):
                        won[winner, w + i] = work[i]
                    won_count[winner] = w + size
                else:
                    for i in range(size):
                        _put(winner, work[i], stock, head, count, n)
                if war_round > 0:
                    wars_won[winner] += 1
            # else: WAR-UNDECIDABLE: the table is set aside, out of play.
            eliminated = False
            for s in range(players):
                if out[s] == 1 or (held[s] > 0 and count[s] + won_count[s] == 0):
                    eliminated = True
            if war_round > 0:
                wars += 1

        # --- how the game ends (cardwar.variants._battle._finish) ---
        battles += 1
        if wars_to_win > 0 and winner >= 0 and war_round > 0 and wars_won[winner] >= wars_to_win:
            return battles, wars, winner, TERM_WARS_WON  # WAR-WIN-WARS
        if eliminated:
            # WAR-WIN; nobody left holding cards: WAR-UNDECIDABLE.
            holders = 0
            last_holder = -1
            for s in range(players):
                if count[s] + won_count[s] > 0:
                    holders += 1
                    last_holder = s
            if holders == 1:
                return battles, wars, last_holder, TERM_ALL_CARDS
            if holders == 0:
                return battles, wars, -1, TERM_UNDECIDABLE
        if max_battles > 0 and battles >= max_battles:
            return battles, wars, -1, TERM_BATTLE_LIMIT  # WAR-LIMIT
        if cycle:
            # WAR-CYCLE: Brent's cycle detection over the stocks (as _battle._finish).
            if _same_position(players, stock, head, count, mark, mark_count, n):
                if wars_to_win == 0:
                    return battles, wars, -1, TERM_REPEATED_POSITION
                # skip_cycles: whole cycles pass before anyone reaches wars_to_win.
                skip = _INT64_MAX
                for s in range(players):
                    gained = wars_won[s] - mark_wars_won[s]
                    if gained > 0:
                        skip = min(skip, (wars_to_win - 1 - wars_won[s]) // gained)
                if skip == _INT64_MAX:
                    return battles, wars, -1, TERM_REPEATED_POSITION  # no war won
                period = battles - mark_battles
                if max_battles > 0:
                    skip = min(skip, (max_battles - 1 - battles) // period)
                skip = max(skip, 0)
                if skip > (_INT64_MAX - battles) // period:
                    return battles, wars, -1, TERM_OVERFLOW
                for s in range(players):
                    wars_won[s] += skip * (wars_won[s] - mark_wars_won[s])
                wars += skip * (wars - mark_wars)
                battles += skip * period
                cycle = False  # the game ends within one more cycle, played out
            elif length + 1 == power:
                _save_position(
                    players, stock, head, count, mark, mark_count, wars_won, mark_wars_won, n
                )
                mark_battles = battles
                mark_wars = wars
                power *= 2
                length = 0
            else:
                length += 1


@_jit
def _play_games_kernel(
    seeds: U64,
    deck: I16,
    strength: I64,
    players: int,
    deal_spare: bool,
    face_down: int,
    single_card: bool,
    pickup: int,
    lose: bool,
    drop_out: bool,
    joins_tied: bool,
    wars_to_win: int,
    max_battles: int,
    battles: I64,
    wars: I64,
    winner: I16,
    termination: U8,
) -> None:
    """Play the game of every seed, writing the result columns."""
    n = deck.shape[0]
    work = np.empty(n, np.int16)
    stock = np.empty((players, n), np.int16)
    won = np.empty((players, n), np.int16)
    laid = np.empty((players, n), np.int16)
    mark = np.empty((players, n), np.int16)
    ints = np.zeros((11, players), np.int64)
    for g in range(seeds.shape[0]):
        b, w, win, term = _play_game(
            seeds[g],
            deck,
            strength,
            players,
            deal_spare,
            face_down,
            single_card,
            pickup,
            lose,
            drop_out,
            joins_tied,
            wars_to_win,
            max_battles,
            work,
            stock,
            won,
            laid,
            mark,
            ints,
        )
        battles[g] = b
        wars[g] = w
        winner[g] = win
        termination[g] = term


def play_games(
    seeds: U64,
    deck: I16,
    strength: I64,
    *,
    players: int,
    deal_spare: bool,
    face_down: int,
    single_card: bool,
    pickup: int,
    lose: bool,
    drop_out: bool,
    joins_tied: bool,
    wars_to_win: int,
    max_battles: int,
) -> tuple[I64, I64, I16, U8]:
    """Play the game of every seed; return the columns battles, wars, winner (-1 for a
    draw) and termination (the ``TERM_*`` codes).

    ``deck`` is the canonical deck as card ints, ``strength[card]`` the card's strength
    (higher wins); ``wars_to_win`` and ``max_battles`` are 0 for none.
    """
    size = seeds.shape[0]
    battles = np.empty(size, np.int64)
    wars = np.empty(size, np.int64)
    winner = np.empty(size, np.int16)
    termination = np.empty(size, np.uint8)
    _play_games_kernel(
        np.ascontiguousarray(seeds, dtype=np.uint64),
        np.ascontiguousarray(deck, dtype=np.int16),
        np.ascontiguousarray(strength, dtype=np.int64),
        int(players),
        bool(deal_spare),
        int(face_down),
        bool(single_card),
        int(pickup),
        bool(lose),
        bool(drop_out),
        bool(joins_tied),
        int(wars_to_win),
        int(max_battles),
        battles,
        wars,
        winner,
        termination,
    )
    return battles, wars, winner, termination
