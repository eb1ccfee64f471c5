"""Every agent of every variant with decisions, asked to choose among nothing, among
things that are not actions of its game, or from what is not an observation of its game:
cardwar's own error, naming the agent, and the agent unchanged (its generator did not
move). The generic agents (random, first) know no game: they check only the legal
actions' container."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from cardwar import arneson, caravan
from cardwar.errors import ActionTypeError, AgentError, StateError
from tests.support_agents import CHOICE, decision, every_agent, snapshot

AGENTS = every_agent()
parametrize_agents = pytest.mark.parametrize(
    ("name", "label", "build"), AGENTS, ids=[f"{n}-{label}" for n, label, _ in AGENTS])
GAME_AWARE = [row for row in AGENTS if row[1] not in ("random", "first")]
parametrize_game_aware = pytest.mark.parametrize(
    ("name", "label", "build"), GAME_AWARE, ids=[f"{n}-{label}" for n, label, _ in GAME_AWARE])
BY_NAME = {game.NAME: game for game in CHOICE}


def test_every_agent_of_every_variant_is_covered() -> None:
    # Four variants with decisions; Caravan's rule bot; a search agent per variant.
    assert sorted(BY_NAME) == ["arneson", "caravan", "cold-war", "generals"]
    assert len(AGENTS) >= 4 * 6 + 1 + 3


@parametrize_agents
def test_asked_to_choose_among_no_legal_actions_an_agent_says_so(
        name: str, label: str, build: Callable[[int], Any]) -> None:
    agent = build(3)
    _, observation, _ = decision(BY_NAME[name])
    before = snapshot(agent)
    with pytest.raises(AgentError, match="among no legal actions") as err:
        agent.choose(observation, ())
    assert type(agent).__name__ in str(err.value)
    assert snapshot(agent) == before


@parametrize_agents
@pytest.mark.parametrize("legal", [None, "ab", b"ab", 3, {1, 2}, iter((1, 2)), {"a": 1}],
                         ids=["None", "str", "bytes", "int", "set", "iterator", "dict"])
def test_legal_actions_that_are_not_a_tuple_or_a_list_are_refused(
        name: str, label: str, build: Callable[[int], Any], legal: Any) -> None:
    agent = build(3)
    _, observation, _ = decision(BY_NAME[name])
    before = snapshot(agent)
    with pytest.raises(AgentError, match="legal actions given as a tuple") as err:
        agent.choose(observation, legal)
    assert type(agent).__name__ in str(err.value)
    assert snapshot(agent) == before


def _foreign_action(name: str) -> Any:
    other = arneson if name != "arneson" else caravan
    return decision(other)[2][0]


@parametrize_game_aware
@pytest.mark.parametrize("junk", ["x", None, 7, 1.5, "foreign"])
def test_legal_actions_of_another_kind_are_refused(
        name: str, label: str, build: Callable[[int], Any], junk: Any) -> None:
    agent = build(3)
    _, observation, legal = decision(BY_NAME[name])
    if junk == "foreign":
        junk = _foreign_action(name)
    for given in ((*legal, junk), (junk, *legal), [junk]):
        before = snapshot(agent)
        kept = list(given)
        with pytest.raises(ActionTypeError, match=f"actions of {re.escape(BY_NAME[name].TITLE)}"):
            agent.choose(observation, given)
        assert snapshot(agent) == before
        assert list(given) == kept


@parametrize_game_aware
@pytest.mark.parametrize("what", ["other variant", "state", "None", "str", "object"])
def test_an_observation_not_of_the_agents_game_is_refused(
        name: str, label: str, build: Callable[[int], Any], what: str) -> None:
    game = BY_NAME[name]
    agent = build(3)
    state, _, legal = decision(game)
    other = arneson if name != "arneson" else caravan
    observation = {
        "other variant": decision(other)[1],
        "state": state,
        "None": None,
        "str": "seat 0",
        "object": object(),
    }[what]
    before = snapshot(agent)
    expected = f"expects an observation of {re.escape(game.TITLE)}"
    with pytest.raises(StateError, match=expected) as err:
        agent.choose(observation, legal)
    assert type(agent).__name__ in str(err.value)
    assert snapshot(agent) == before


@parametrize_agents
def test_every_agent_still_chooses_a_legal_action(
        name: str, label: str, build: Callable[[int], Any]) -> None:
    _, observation, legal = decision(BY_NAME[name])
    assert build(3).choose(observation, legal) in legal
    assert build(3).choose(observation, list(legal)) in legal
