"""General's War's bound on a game's length (GENERALS-BOUND) under every option set:
``generals.max_game_length`` against the longest game of small decks, found by walking
every deal and every choice of the players (the explicit-chance mode), so that OpenSpiel
loads reduced games for its solvers."""

from __future__ import annotations

import sys
from typing import Any

import attrs
import pytest

from cardwar import chance, generals
from cardwar.variants.generals.rules import State

pytestmark = pytest.mark.rule("GENERALS-BOUND")

_FIELDS = tuple(f.name for f in attrs.fields(State) if f.name != "rng")


def longest(options: generals.Options) -> int:
    """Return the most steps of any game under ``options``: every chance outcome and
    every legal action, the steps left from a state remembered by the state (its
    generator aside, which the explicit-chance mode never draws from)."""
    memo: dict[tuple[Any, ...], int] = {}

    def left(node: chance.ChanceState) -> int:
        if chance.is_chance_node(node):
            return max(left(chance.apply_chance(node, o)) for o, _ in
                       chance.chance_outcomes(node))
        state = node.state
        if generals.outcome(state) is not None:
            return 0
        key = tuple(getattr(state, name) for name in _FIELDS)
        if key not in memo:
            memo[key] = 1 + max(left(chance.step(node, a))
                                for a in generals.legal_actions(state))
        return memo[key]

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return left(chance.new_game(generals, options))
    finally:
        sys.setrecursionlimit(limit)


SMALL = {"ranks": "A 2", "suits": "C D", "hand_size": 1}


@pytest.mark.parametrize(("options", "most", "bound"), [
    # Three deals of two battles of single cards: the bound is reached.
    ({**SMALL, "hand_size": 2, "target": 7, "claim_cards": 0,
      "squad_size": "one_to_three"}, 12, 12),
    # Four players, one deal of two duels (a choice and two squads each), reached.
    ({**SMALL, "target": 3, "players": 4, "places": False}, 12, 12),
    ({**SMALL, "target": 3, "players": 4, "four_player": "partnership"}, 10, 12),
    # Four players playing on for places: deals with four, three and two of them.
    ({**SMALL, "target": 2, "players": 4, "claim_cards": 0}, 8, 16),
    # Claims, colour halves, squads of three.
    ({**SMALL, "target": 7, "claim_cards": 1, "deck_mode": "colour_halves"}, 18, 24),
    ({**SMALL, "ranks": "A 2 3", "target": 7, "claim_cards": 1}, 6, 16),
])
def test_no_game_of_a_small_deck_is_longer_than_the_bound(
        options: dict[str, Any], most: int, bound: int) -> None:
    opts = generals.options(**options)
    assert generals.max_game_length(opts) == bound
    assert longest(opts) == most <= bound


def test_every_option_set_has_a_bound() -> None:
    # Before, only the default deck with a target of at most 250 had one.
    assert generals.max_game_length(generals.options(**SMALL, target=4)) == 14
    assert generals.max_game_length(generals.options(target=251)) == 52
    # Playing on for places: 3 + 3 + 2 deals by default, as the rules page counts.
    four = generals.max_game_length(generals.options(players=4))
    assert four == 3 * (8 + 22 + 11) + 3 * (7 + 21 + 10) + 2 * (6 + 20)
    # No claims, or no reserve to claim from: no claim and no pass.
    none = generals.options(ranks="A 2", suits="C D", hand_size=2, target=2)
    assert generals.max_game_length(none) == 4
    assert generals.max_game_length(attrs.evolve(none, claim_cards=0)) == 4


def test_openspiel_loads_a_reduced_generals_war() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardwar.openspiel import register

    register()
    game = pyspiel.load_game("python_cardwar_generals(ranks=A 2,suits=C D,hand_size=1,"
                             "target=4)")
    # A squad is up to four ids: three cards and "done".
    assert game.max_game_length() == 4 * 14
    assert game.new_initial_state().is_chance_node()
