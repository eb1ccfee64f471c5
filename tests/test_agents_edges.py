"""The baseline agents at their edges: the random agent over more legal actions than one
bounded draw covers, and what every agent shows of itself (``repr``); Caravan's rule bot
choosing among the opponent's caravans, and its search agent without numba."""

from __future__ import annotations

import importlib.util
import statistics
from typing import Any

import pytest

import cardwar
from cardwar import agents, caravan
from cardwar.agents import FirstAgent, RandomAgent
from cardwar.errors import AgentError
from cardwar.rng import MAX_BOUND
from tests.support_caravan import position


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


def test_caravan_rule_bot_attacks_the_first_of_the_opponents_longest_caravans() -> None:
    """A face card first in the rule bot's hand goes on the last number card of the
    opponent's caravan with the most number cards, the first of them on a tie: D and E
    hold two each, so the King goes on D's second card (seat 0); for seat 1, on A's."""
    table = ["2H 3H", "4C", "5D", "6S 7S", "8C 9C", "10D"]
    for seat, hands, expected in ((0, ["KS 2C", "AS"], "KS>D2"), (1, ["AS", "KS 2C"], "KS>A2")):
        state = position(table, hands, to_move=seat)
        legal = caravan.legal_actions(state)
        assert str(caravan.CaravanRuleBot().choose(caravan.observe(state, seat), legal)) == expected


def test_caravan_search_agent_without_numba_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Caravan's search agent plays out in the compiled kernel: without numba, building
    it is refused with what to install."""
    find_spec = importlib.util.find_spec

    def without_numba(name: str, *args: Any) -> Any:
        return None if name == "numba" else find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_numba)
    with pytest.raises(AgentError) as err:
        caravan.search_agent(1)
    assert str(err.value) == (
        "Caravan's search agent, CaravanRollout, plays out in the batch engine's compiled "
        "kernel, which needs numba: pip install 'cardwar[fast]'"
    )
