"""A small game solved (benchmarks/solved_games.py): OpenSpiel's exact best responses put
numbers on cardwar's agents, and CFR+ converges on cardwar's game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

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
