"""The baseline agents at their edges: the random agent over more legal actions than one
bounded draw covers, and what every agent shows of itself (``repr``)."""

from __future__ import annotations

import statistics

import pytest

import cardwar
from cardwar import agents
from cardwar.agents import FirstAgent, RandomAgent
from cardwar.rng import MAX_BOUND


def test_random_agent_reaches_every_part_of_a_huge_action_list() -> None:
    # Above MAX_BOUND actions the agent scales a whole 64-bit word instead of below(n):
    # it must still reach indices past MAX_BOUND, stay in range, and be uniform.
    n = 4 * MAX_BOUND + 3
    legal = tuple(range(n))
    a, b = RandomAgent(21), RandomAgent(21)
    picks = [a.choose(None, legal) for _ in range(3000)]
    assert picks == [b.choose(None, legal) for _ in range(3000)]
    assert all(0 <= p < n for p in picks)
    assert max(picks) >= MAX_BOUND
    quarters = [sum(1 for p in picks if q * n // 4 <= p < (q + 1) * n // 4) for q in range(4)]
    assert min(quarters) > 3000 / 4 * 0.85
    assert statistics.fmean(picks) == pytest.approx((n - 1) / 2, rel=0.05)


def test_random_agent_repr_shows_its_generator_position() -> None:
    agent = RandomAgent(5)
    before = repr(agent)
    assert before.startswith("RandomAgent(key=0x")
    assert before.endswith(", counter=0)")
    assert repr(RandomAgent(5)) == before
    assert repr(RandomAgent(6)) != before
    agent.choose(None, ("a", "b"))
    assert repr(agent) == before.replace("counter=0", "counter=1")


@pytest.mark.parametrize(
    "name", sorted(v.NAME for v in cardwar.all_variants() if agents.has_heuristic(v))
)
def test_agents_name_themselves(name: str) -> None:
    heuristic = agents.heuristic(name, 3)
    assert repr(heuristic) == f"{type(heuristic).__name__}()"
    assert repr(agents.agent("first", name, 3)) == "FirstAgent()"
    assert repr(FirstAgent()) == "FirstAgent()"
