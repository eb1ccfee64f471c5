"""A naive, mutable War loop, written the way a user would write it: the speed baseline
that cardwar's immutable ``war.step`` API is compared against.

It plays cardwar's default War rules (``war.Options()``), with plain ints for cards:

* 52 cards (ranks 2..14, four of each, Ace high), shuffled with ``random.Random(seed)``
  and dealt one at a time, seat 0 first; a stock is a ``collections.deque``, top card on
  the left;
* each battle both players turn up their top card and the higher rank takes the table;
* a tie starts a war: each player puts 3 cards face down and 1 face up; a player short of
  cards puts down what they have with the last one face up, and with no card left their
  previous face-up card stands; this repeats while the face-up cards tie;
* if the face-up cards tie and neither player has a card left, the table is set aside
  (undecidable) and the game ends with nobody holding a card;
* the winner puts the table under their stock in a shuffled order (``rng.shuffle``);
* a player with no cards loses.

The games are not cardwar's games (the generator differs), only the same rules, so the
mean game length matches cardwar's (``test_bench_war.test_naive_matches_cardwar_lengths``
checks that) and the loop's speed is a fair baseline.

>>> play_naive_game(2026) > 0
True
>>> play_naive_game(7) == play_naive_game(7)
True
"""

from __future__ import annotations

import random
from collections import deque

__all__ = ["FACE_DOWN", "play_naive_game", "play_naive_games"]

#: Cards each player puts face down in a war before the face-up card.
FACE_DOWN = 3
#: The 52-card deck as ranks: 2..14 (Ace high), four suits.
DECK = [rank for rank in range(2, 15) for _ in range(4)]


def play_naive_game(seed: int) -> int:
    """Play one game of War with ``seed`` and return the number of battles played."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    a = deque(deck[0::2])
    b = deque(deck[1::2])
    battles = 0
    while a and b:
        battles += 1
        up_a = a.popleft()
        up_b = b.popleft()
        table = [up_a, up_b]
        while up_a == up_b:
            # War: the face-up cards tie.
            if not a and not b:
                # Nobody can lay a new card: the table is set aside (undecidable).
                table = []
                break
            if a:
                for _ in range(min(FACE_DOWN, len(a) - 1)):
                    table.append(a.popleft())
                up_a = a.popleft()
                table.append(up_a)
            if b:
                for _ in range(min(FACE_DOWN, len(b) - 1)):
                    table.append(b.popleft())
                up_b = b.popleft()
                table.append(up_b)
        if table:
            rng.shuffle(table)
            (a if up_a > up_b else b).extend(table)
    return battles


def play_naive_games(seeds: range | list[int]) -> int:
    """Play one naive game per seed and return the total number of battles."""
    return sum(play_naive_game(seed) for seed in seeds)
