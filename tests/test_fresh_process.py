"""A seeded game is the same game in any process: a fresh interpreter, under another hash
seed, lists the same legal actions in the same order at every move and reaches a state
with the same digest.

A fresh interpreter also builds again what each game makes once, when it is imported
(the order of the legal actions, the interned actions, the tables of card values), which
the test process built before any test ran."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardwar
from cardwar.cards import Card, Suit
from cardwar.variants import generals
from tests.support_process import run_text

BUILTIN = ("war", "peace", "arneson", "cold-war", "generals", "caravan")

# play(name, seed) plays a variant's game for at most 300 moves, taking the legal action
# at the index of the move number (modulo their count), and returns the legal actions of
# every move and the digest of the last state.
_PLAY = """
import cardwar
from cardwar import records

def play(name, seed):
    game = cardwar.variant(name)
    state = game.new_game(seed)
    seen = []
    for move in range(300):
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        seen.append([str(a) for a in legal])
        state = game.step(state, legal[move % len(legal)])
    return [seen, records.digest(state)]
"""


def _in_a_fresh_interpreter(games: list[tuple[str, int]], hash_seed: str) -> Any:
    code = f"{_PLAY}\nimport json\nprint(json.dumps([play(n, s) for n, s in {games!r}]))\n"
    done = run_text(code, extra_env={"PYTHONHASHSEED": hash_seed})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _here(name: str, seed: int) -> Any:
    scope: dict[str, Any] = {}
    exec(_PLAY, scope)  # the child's own code, run in this process
    return scope["play"](name, seed)


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_every_game_is_the_same_game_in_a_fresh_interpreter(hash_seed: str) -> None:
    games = [(name, 3) for name in BUILTIN]
    child = _in_a_fresh_interpreter(games, hash_seed)
    for (name, seed), there in zip(games, child, strict=True):
        here = _here(name, seed)
        assert len(here[0]) > 10
        assert there == here, name


def _suit(card: Card) -> int:
    return -1 if card.suit is None else list(Suit).index(card.suit)


def _cards_in_order(name: str, legal: list[str]) -> list[Card]:
    """Return the cards of ``legal`` in the order the actions name them: one per distinct
    card of the hand (Arneson's War, Caravan) or those of each squad (General's War)."""
    game = cardwar.variant(name)
    if name == "generals":
        return [c for text in legal if text.startswith("squad")
                for c in game.parse_action(text).cards]
    cards = [game.parse_action(text).card for text in legal if text[:1] != "d"]
    return list(dict.fromkeys(cards))  # Caravan: the card of each run of actions


# The documented order of each game's legal actions, by card: Arneson's War and Caravan
# by rank (Ace high; a Joker, suitless, first of its rank), General's War by value (Ace
# 1), each then by suit in bridge order (clubs first).
ORDERS: dict[str, Any] = {
    "arneson": lambda c: (int(c.rank), _suit(c)),
    "caravan": lambda c: (int(c.rank), _suit(c)),
    "generals": lambda c: (generals.card_value(c), _suit(c)),
}


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_the_legal_actions_are_in_card_order_in_a_fresh_interpreter(name: str) -> None:
    """The order is made once, at import, as a table of every card: a fresh interpreter
    lists a hand's cards in that order too, and ranks held twice are ordered by suit."""
    games = _in_a_fresh_interpreter([(name, seed) for seed in range(12)], "1")
    key = ORDERS[name]
    ties = 0
    for seen, _ in games:
        for legal in seen:
            if name == "generals" and legal[0].startswith("squad"):
                squads = [_cards_in_order(name, [s]) for s in legal]
                assert all(cards == sorted(cards, key=key) for cards in squads), legal
                hand = sorted({c for cards in squads for c in cards}, key=key)
                assert squads[0] == hand[:3], legal  # lexicographic: the first three first
                ties += len({key(c)[0] for c in hand}) < len(hand)
            elif name != "generals":
                cards = _cards_in_order(name, legal)
                assert cards == sorted(cards, key=key), legal
                ties += len({key(c)[0] for c in cards}) < len(cards)
    assert ties > 5
