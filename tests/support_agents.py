"""Every agent of every variant with decisions, and a decision of each variant to ask them
about, for the tests of the agents' ``choose`` at its edges."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

import cardwar
from cardwar import agents, caravan
from cardwar.core import Variant
from cardwar.search import SearchAgent
from tests.support_policy import Linear

CHOICE = [cardwar.variant(n) for n in cardwar.variant_names()
          if not cardwar.variant(n).AUTOMATIC]

HAS_NUMBA = importlib.util.find_spec("numba") is not None


def builders(game: Variant) -> dict[str, Callable[[int], Any]]:
    """Return a builder, from a seed, of every agent that plays ``game``, by label: the
    generic ones, the variant's heuristic and search agent, the generic search agent,
    Caravan's rule bot (Caravan's search agent only where numba is installed), the
    heuristic mixed with random moves and an agent of a policy."""
    out: dict[str, Callable[[int], Any]] = {
        "random": agents.RandomAgent,
        "first": agents.FirstAgent,
        "heuristic": lambda seed: agents.heuristic(game.NAME, seed),
        "ismcts": lambda seed: SearchAgent(game, seed, iterations=4, rollout_steps=20),
    }
    if agents.has_search_agent(game) and (game is not caravan or HAS_NUMBA):
        out["search"] = lambda seed: agents.search_agent(game, seed)
    if game is caravan:
        out["rulebot"] = caravan.CaravanRuleBot
    out["mixed"] = lambda seed: agents.agent("heuristic:0.5", game, seed)
    out["policy"] = lambda seed: agents.from_policy(Linear(game.NAME, seed=seed), game)
    return out


def every_agent() -> list[tuple[str, str, Callable[[int], Any]]]:
    """Return ``(variant name, agent label, builder)`` for every agent of every variant."""
    return [(game.NAME, label, build) for game in CHOICE
            for label, build in builders(game).items()]


def decision(game: Variant, seed: int = 1) -> tuple[Any, Any, tuple[Any, ...]]:
    """Return the first decision of a seeded game: its state, the observation of the seat
    to act and the legal actions (with at least two of them)."""
    state = game.new_game(seed)
    while True:
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        if seat is not None and len(legal) > 1:
            return state, game.observe(state, seat), legal
        state = game.step(state, legal[0])


def snapshot(agent: Any) -> tuple[str, dict[str, Any]]:
    """Return what an agent shows of itself and holds (its generator among it), to check
    that a refused call changed nothing."""
    return repr(agent), dict(vars(agent))
