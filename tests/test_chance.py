"""The explicit-chance mode (``cardwar.chance``): a seeded game is the explicit-chance
game whose outcomes are the seeded generator's draws, state by state, in every variant
under several option sets; exact enumeration of whole chance trees on small decks shows
every deal exactly uniform and the outcome distribution the seeded games sample.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardwar import arneson, caravan, chance, generals, war
from cardwar.chance import (
    CHANCE,
    ChanceError,
    apply_chance,
    chance_outcomes,
    is_chance_node,
)
from cardwar.core import GameOverError, IllegalActionError, Variant
from cardwar.rng import Rng
from cardwar.variants import variant
from tests.test_encoding import CASES, _ids


def _play_both(game: Variant, options: Any, seed: int) -> int:
    """Play the seeded game of ``seed`` with random legal actions and the explicit-chance
    game driven by the seeded generator's draws; check they agree after every step
    (state and generator alike). Return the steps."""
    rnd = random.Random(seed)
    state = game.new_game(seed, options)
    draws = Rng.from_seed(seed)  # the generator that new_game starts from
    node = chance.new_game(game, options)
    steps = 0
    while True:
        while is_chance_node(node):
            assert chance.to_act(node) == CHANCE
            outcome, draws = draws.below(node.outcomes)
            node = apply_chance(node, outcome)
        assert attrs.evolve(node.state, rng=state.rng) == state
        assert draws == state.rng  # the same number of draws, in the same order
        assert chance.to_act(node) == game.to_act(state)
        if game.outcome(state) is not None:
            return steps
        action = rnd.choice(game.legal_actions(state))
        state = game.step(state, action)
        node = chance.step(node, action)
        steps += 1


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_seeded_games_are_chance_games_with_the_seeded_draws(
        case: tuple[Variant, dict[str, Any]]) -> None:
    game, kwargs = case
    options = game.options(**kwargs)
    assert sum(_play_both(game, options, seed) for seed in range(6)) > 6


@pytest.mark.parametrize("kwargs", [{"pickup_order": "shuffled", "war_joins": "all"},
                                    {"players": 3}, {"out_of_cards": "drop_out"},
                                    {"pickup_order": "win_pile"}])
def test_war_options_with_draws_in_every_path(kwargs: dict[str, Any]) -> None:
    # The two-player fast paths draw inline; in the explicit-chance mode the general path
    # draws the same events.
    options = war.options(**kwargs)
    assert sum(_play_both(war, options, seed) for seed in range(20)) > 20


def _tree(node: chance.ChanceState, policy: Any, p: Fraction,
          leaves: dict[Any, Fraction], key: Any) -> None:
    """Walk the whole chance tree below ``node`` (seats act by ``policy``), adding each
    leaf's exact probability to ``leaves[key(final state)]``."""
    game = node.game
    while not is_chance_node(node):
        if game.outcome(node.state) is not None:
            leaves[key(node.state)] = leaves.get(key(node.state), Fraction(0)) + p
            return
        node = chance.step(node, policy(game, node.state))
    outcomes = chance_outcomes(node)
    assert sum(q for _, q in outcomes) == 1
    for outcome, q in outcomes:
        _tree(apply_chance(node, outcome), policy, p * q, leaves, key)


def _first(game: Variant, state: Any) -> Any:
    return game.legal_actions(state)[0]


def test_every_deal_is_exactly_uniform() -> None:
    # A 4-card War: the deal's chance nodes reach each of the 4! deck orders once, each
    # with probability exactly 1/24.
    options = war.options(ranks="2 3", suits="CD")
    deals: dict[Any, Fraction] = {}

    def walk(node: chance.ChanceState, p: Fraction) -> None:
        if not is_chance_node(node):
            deals[node.state.stocks] = deals.get(node.state.stocks, Fraction(0)) + p
            return
        for outcome, q in chance_outcomes(node):
            walk(apply_chance(node, outcome), p * q)

    walk(chance.new_game(war, options), Fraction(1))
    assert len(deals) == math.factorial(4)
    assert set(deals.values()) == {Fraction(1, 24)}


def _chi_square(exact: dict[Any, Fraction], seen: Counter[Any], n: int) -> float:
    return sum((seen[k] - n * float(p)) ** 2 / (n * float(p)) for k, p in exact.items())


@pytest.mark.parametrize(("name", "kwargs", "limit"), [
    ("war", {"ranks": "2 3", "suits": "CD", "max_battles": 8}, 0),
    ("arneson", {"ranks": "2 3", "suits": "CD", "hand_size": 1, "max_battles": 6}, 0),
])
def test_exact_chance_tree_matches_the_seeded_games(name: str, kwargs: dict[str, Any],
                                                    limit: int) -> None:
    # The whole chance tree of a small game, every event enumerated, gives the exact
    # distribution of outcomes; 4,000 seeded games sample it (chi-square below the 0.999
    # quantile for the degrees of freedom).
    game = variant(name)
    options = game.options(**kwargs)

    def key(state: Any) -> Any:
        result = game.outcome(state)
        assert result is not None
        return (result.termination.value, result.winners)

    exact: dict[Any, Fraction] = {}
    _tree(chance.new_game(game, options), _first, Fraction(1), exact, key)
    assert sum(exact.values()) == 1
    assert len(exact) >= 3
    n = 4000
    seen: Counter[Any] = Counter()
    for seed in range(n):
        state = game.new_game(seed, options)
        while game.outcome(state) is None:
            state = game.step(state, _first(game, state))
        seen[key(state)] += 1
    assert set(seen) <= set(exact)
    # 0.999 quantiles of chi-square for 2 to 9 degrees of freedom.
    quantile = {2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
                9: 27.88}
    assert _chi_square(exact, seen, n) < quantile[len(exact) - 1]


def test_chance_errors() -> None:
    node = chance.new_game("caravan")
    with pytest.raises(ChanceError, match="apply a chance outcome"):
        chance.step(node, caravan.Disband(0))
    with pytest.raises(ChanceError, match="in \\[0, 53\\]"):
        apply_chance(node, 54)
    with pytest.raises(ChanceError):
        apply_chance(node, True)
    while is_chance_node(node):
        node = apply_chance(node, 0)
    assert chance_outcomes(node) == ()
    with pytest.raises(ChanceError, match="not a chance node"):
        apply_chance(node, 0)
    with pytest.raises(IllegalActionError):
        chance.step(node, caravan.Disband(3))
    # A finished game.
    node = chance.new_game(generals, {"hand_size": 1, "claim_cards": 0, "target": 1})
    rnd = random.Random(0)
    while True:
        while is_chance_node(node):
            node = apply_chance(node, rnd.randrange(node.outcomes))
        if generals.outcome(node.state) is not None:
            break
        node = chance.step(node, rnd.choice(generals.legal_actions(node.state)))
    with pytest.raises(GameOverError):
        chance.step(node, generals.Pass())
    # Options as a dict, or a value.
    assert chance.new_game(arneson, arneson.options(hand_size=2)).options.hand_size == 2


def test_a_draw_beyond_the_script_says_how_many_outcomes_the_event_has() -> None:
    # kills rng NeedChance.__init__ mutmut_1 (its message)
    from cardwar.rng import ChanceRng, Draws, NeedChance

    with pytest.raises(NeedChance) as err:
        ChanceRng(Draws((2,)), 1).below(6)
    assert err.value.bound == 6
    assert str(err.value) == "a chance event with 6 outcomes"
