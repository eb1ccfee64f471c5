"""A naive, mutable Caravan move loop, written the way a user would write it: the speed
baseline that cardwar's immutable ``caravan.legal_actions`` + ``caravan.step`` API is
compared against (``benchmarks/selfplay.py caravan --naive``).

It plays random self-play under cardwar's default Caravan rules (``caravan.Options()``),
with a list per caravan and cards as ``(rank, suit)`` tuples (rank 1 the Ace to 13 the
King, 14 a Joker):

* each seat shuffles its own 54-card deck (``random.Random(seed)``) and draws 8;
* opening: a number card on an empty caravan of your own, or a discard while you hold
  fewer number cards than you have empty caravans (and your deck is not empty); your
  opening ends when your three caravans are started or you can do neither; no draw after
  an opening placement;
* then: a number card on the end of your own caravan (not the last card's value; of the
  caravan's suit, or in its direction), a Queen on the last number card of any caravan
  (the suit becomes the Queen's, the direction turns), a Jack, King or Joker on any
  number card of any caravan (a Jack removes the pile, a King doubles it, a Joker removes
  every other number card of the Ace's suit or of the card's value, with their faces),
  a discard, or the disband of your own caravan (no draw after a disband);
* a position goes to the caravan that sells (21 to 26) and is not outbid; the game ends
  when all three are decided (two of three win), or when the seat to move, out of its
  opening, has no card.

The games are not cardwar's games (the generator differs), only the same rules, so the
mean game length matches cardwar's random self-play (``test_bench_selfplay`` checks it)
and the loop's speed is a fair baseline.

>>> play_naive_game(2026) > 0
True
>>> play_naive_game(7) == play_naive_game(7)
True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["play_naive_game", "play_naive_games"]

JACK, QUEEN, KING, JOKER = 11, 12, 13, 14
#: One seat's deck: 52 cards and two Jokers (suits 0-3; the Jokers' suits 0 and 1).
DECK = [(rank, suit) for suit in range(4) for rank in range(1, 14)] + [(JOKER, 0), (JOKER, 1)]


#: A pile: [rank, suit, faces]; a caravan: a list of piles.
Pile = list[Any]


def pile_value(pile: Pile) -> int:
    """A pile is [rank, suit, faces]: its number card doubled by each King on it."""
    value: int = pile[0]
    for face in pile[2]:
        if face[0] == KING:
            value *= 2
    return value


def recompute(caravan: list[Pile]) -> list[Any]:
    """Return [value, suit, direction] of a caravan (a list of piles); direction 1 up,
    -1 down, 0 none."""
    if not caravan:
        return [0, None, 0]
    value = sum(pile_value(p) for p in caravan)
    last = caravan[-1]
    suit = last[1]
    flips = 0
    for face in last[2]:
        if face[0] == QUEEN:
            suit = face[1]
            flips ^= 1
    direction = 0
    if len(caravan) >= 2:
        a, b = caravan[-2][0], last[0]
        direction = 1 if b > a else -1 if b < a else 0
    if flips:
        direction = -direction
    return [value, suit, direction]


def play_naive_game(seed: int) -> int:
    """Play one game of random self-play; return its number of moves."""
    rng = random.Random(seed)
    decks = []
    for _ in range(2):
        deck = DECK[:]
        rng.shuffle(deck)
        decks.append(deck)
    hands = [decks[0][:8], decks[1][:8]]
    decks = [decks[0][8:], decks[1][8:]]
    caravans: list[list[Pile]] = [[] for _ in range(6)]
    info: list[list[Any]] = [[0, None, 0] for _ in range(6)]
    opening = [True, True]
    seat = 0
    moves = 0
    while True:
        hand = hands[seat]
        own = range(3 * seat, 3 * seat + 3)
        legal: list[tuple[Any, ...]] = []
        if opening[seat]:
            empty = [c for c in own if not caravans[c]]
            for i, card in enumerate(hand):
                if card[0] <= 10:
                    for c in empty:
                        legal.append(("play", i, c, None))
            numerals = sum(1 for card in hand if card[0] <= 10)
            if numerals < len(empty) and decks[seat]:
                for i in range(len(hand)):
                    legal.append(("discard", i))
        else:
            for i, card in enumerate(hand):
                rank = card[0]
                if rank <= 10:
                    for c in own:
                        car = caravans[c]
                        if car:
                            last = car[-1][0]
                            if rank == last:
                                continue
                            direction = info[c][2]
                            if card[1] != info[c][1] and direction and (
                                (rank > last) != (direction > 0)
                            ):
                                continue
                        legal.append(("play", i, c, None))
                elif rank == QUEEN:
                    for c in range(6):
                        if caravans[c]:
                            legal.append(("play", i, c, len(caravans[c]) - 1))
                else:
                    for c in range(6):
                        for t in range(len(caravans[c])):
                            legal.append(("play", i, c, t))
                legal.append(("discard", i))
            for c in own:
                if caravans[c]:
                    legal.append(("disband", c))
        move = rng.choice(legal)
        moves += 1
        draw = True
        if move[0] == "play":
            _, i, c, target = move
            card = hand.pop(i)
            rank = card[0]
            car = caravans[c]
            if rank <= 10:
                if car:
                    info[c][2] = 1 if rank > car[-1][0] else -1
                car.append([rank, card[1], []])
                info[c][0] += rank
                info[c][1] = card[1]
                draw = not opening[seat]
            elif rank == KING:
                info[c][0] += pile_value(car[target])
                car[target][2].append(card)
            elif rank == QUEEN:
                car[target][2].append(card)
                info[c][1] = card[1]
                info[c][2] = -info[c][2]
            elif rank == JACK:
                del car[target]
                info[c] = recompute(car)
            else:  # a Joker
                host = car[target]
                host[2].append(card)
                for k in range(6):
                    kept = []
                    for t, p in enumerate(caravans[k]):
                        hit = p[1] == host[1] if host[0] == 1 else p[0] == host[0]
                        if (k == c and t == target) or not hit:
                            kept.append(p)
                    if len(kept) != len(caravans[k]):
                        caravans[k] = kept
                        info[k] = recompute(kept)
        elif move[0] == "discard":
            hand.pop(move[1])
        else:
            caravans[move[1]] = []
            info[move[1]] = [0, None, 0]
            draw = False
        if draw and decks[seat]:
            hand.append(decks[seat].pop(0))
        # The end of the turn: openings that ended, the next seat, the end of the game.
        for s in (0, 1):
            if opening[s]:
                started = all(caravans[c] for c in range(3 * s, 3 * s + 3))
                numerals = sum(1 for card in hands[s] if card[0] <= 10)
                empties = sum(1 for c in range(3 * s, 3 * s + 3) if not caravans[c])
                can_discard = numerals < empties and bool(decks[s])
                if started or not (numerals or can_discard):
                    opening[s] = False
        nxt = 1 - seat
        if (opening[0] or opening[1]) and not opening[nxt] and opening[seat]:
            nxt = seat
        decided = 0
        for k in range(3):
            a, b = info[k][0], info[k + 3][0]
            if 21 <= a <= 26 or 21 <= b <= 26:
                decided += not (21 <= a <= 26 and 21 <= b <= 26 and a == b)
        if decided == 3:
            return moves
        if not (opening[0] or opening[1]) and not hands[nxt]:
            return moves
        seat = nxt


def play_naive_games(seeds: range) -> int:
    """Play a game per seed; return the total moves."""
    return sum(play_naive_game(seed) for seed in seeds)
