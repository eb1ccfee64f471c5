"""Small games solved (benchmarks/solved_games.py): exact best responses put numbers on
cardwar's agents, OpenSpiel's for a small Arneson's War and cardwar's own tree (in
fractions) for a tiny General's War, and CFR+ converges."""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardwar

pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")


def _script() -> Any:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "solved_games.py"
    spec = importlib.util.spec_from_file_location("solved_games", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["solved_games"] = module
    spec.loader.exec_module(module)
    return module


def test_the_small_game_is_solved_and_the_agents_measured_exactly() -> None:
    script = _script()
    game, equilibrium, curve = script.solve(script.GAME, 10)
    # CFR+ converges: an exploitability that falls from a sixth of a game to under a
    # hundredth in ten iterations.
    assert [it for it, _, _ in curve] == [1, 10]
    assert curve[1][1] < curve[0][1]
    assert curve[-1][1] < 1e-2
    # The agents, by OpenSpiel's exact best responses: the uniform player loses a sixth
    # of a game to a best response; cardwar's heuristic a third, as the first-action
    # player does; its search agent none.
    measured = {kind: script.measure(game, equilibrium, kind) for kind in script.KINDS}
    assert measured["random"][0] == pytest.approx(1 / 6, abs=1e-9)
    assert measured["first"][0] == pytest.approx(1 / 3, abs=1e-9)
    assert measured["heuristic"][0] == pytest.approx(1 / 3, abs=1e-9)
    assert measured["search"][0] == pytest.approx(0.0, abs=1e-9)
    # Against the (near) equilibrium an agent gets at most what the game is worth.
    for _, against in measured.values():
        assert against <= 1e-2


# --- cardwar's own tree (General's War, whose squads OpenSpiel picks card by card) --------


def _exact(script: Any, name: str) -> tuple[Any, Any, dict[str, tuple[Any, Any]]]:
    """Return the game, its exact tree, and each agent's exact plans per seat."""
    variant, kwargs = script.TREES[name]
    game = cardwar.variant(variant)
    tree = script.build(game, game.options(**kwargs), exact=True)
    plans = {kind: tuple(script.plan(tree, seat, script.behaviour(game, tree, seat, kind,
                                                                  exact=True))
                         for seat in (0, 1))
             for kind in script.KINDS}
    return game, tree, plans


def test_a_tiny_generals_war_is_solved_exactly() -> None:
    script = _script()
    _, tree, plans = _exact(script, "generals-tiny")
    # Ranks A 2 3 of two suits, hands of one card, claims of one card, target 6, seat 0
    # deals: 580 and 434 information states.
    assert [len(i) for i in tree.infosets] == [580, 434]
    assert (tree.decisions, tree.terminals) == (6480, 1344)
    expl = {kind: script.exploitability_of(tree, *plan) for kind, plan in plans.items()}
    # Exact best responses, in fractions: the uniform player gives away 7/24 of a game;
    # the others none: each plays an equilibrium.
    assert expl == {"random": Fraction(7, 24), "first": 0, "heuristic": 0, "search": 0}
    # An equilibrium's value is the game's: 13/45 for seat 0 (the dealer's opponent
    # claims first), exactly.
    x, y = plans["heuristic"]
    assert script.best_response(tree, 0, y) == Fraction(13, 45)
    assert -script.best_response(tree, 1, x) == Fraction(13, 45)
    # CFR+ in numpy finds it, and its best responses agree with the exact ones.
    solver = script.CfrPlus(tree)
    _, _, curve = solver.solve(10)
    assert curve[-1][1] < 1e-12
    assert curve[-1][2] == pytest.approx(13 / 45, abs=1e-12)
    rx, ry = (np.array([float(v) for v in p]) for p in plans["random"])
    assert (solver.best(0, ry) + solver.best(1, rx)) / 2 == pytest.approx(7 / 24, abs=1e-12)


def test_the_tree_gives_openspiels_numbers_for_the_small_arneson() -> None:
    # The same exploitabilities as OpenSpiel's best responses above, exactly.
    script = _script()
    _, tree, plans = _exact(script, "arneson-tiny")
    assert [len(i) for i in tree.infosets] == [76, 76]
    expl = {kind: script.exploitability_of(tree, *plan) for kind, plan in plans.items()}
    assert expl == {"random": Fraction(1, 6), "first": Fraction(1, 3),
                    "heuristic": Fraction(1, 3), "search": 0}


def test_cfr_plus_converges_on_a_game_with_a_mixed_equilibrium() -> None:
    # Uneven matching pennies, seat 1 choosing without seeing seat 0's coin: two heads
    # pay seat 0 two, two tails one, a mismatch costs it one. The only equilibrium has
    # both play heads 2/5 of the time, for a value of 1/5.
    script = _script()
    tree = script.Tree(
        infosets=([script.Infoset(0, ("heads", "tails"), 1, None, 0)],
                  [script.Infoset(0, ("heads", "tails"), 1, None, 0)]),
        sequences=(3, 3),
        payoff={(1, 1): 2.0, (1, 2): -1.0, (2, 1): -1.0, (2, 2): 1.0},
        decisions=3, terminals=4, chances=0)
    x, y, curve = script.CfrPlus(tree).solve(300)
    assert [it for it, *_ in curve] == [1, 10, 30, 100, 300]
    assert curve[0][1] > 0.1  # not solved at once
    assert curve[-1][1] < 1e-2
    assert curve[-1][2] <= 0.2 <= curve[-1][3]
    assert x[1:] == pytest.approx([0.4, 0.6], abs=1e-2)
    assert y[1:] == pytest.approx([0.4, 0.6], abs=1e-2)
    # Heads for sure against an even coin: a best response gains 1/2 and 1 of a game.
    half = Fraction(1, 2)
    assert script.exploitability_of(tree, [1, 1, 0], [1, half, half]) == Fraction(3, 4)
