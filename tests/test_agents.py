"""The baseline agents and :func:`cardwar.agents.play`: agents see only observations,
seeded agents are deterministic, every variant with decisions has a heuristic, and each
heuristic clearly beats the random agent."""

from __future__ import annotations

from typing import Any

import pytest

import cardwar
from cardwar import agents, records
from cardwar.agents import Agent, FirstAgent, RandomAgent
from cardwar.core import Variant
from cardwar.rng import derive_seed

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
CHOICE = [v for v in VARIANTS if not v.AUTOMATIC]
parametrize_choice = pytest.mark.parametrize("variant", CHOICE, ids=[v.NAME for v in CHOICE])


class Spy:
    """An agent that checks what it is given against the real state."""

    def __init__(self, variant: Variant, seed: int) -> None:
        self.variant = variant
        self.inner = RandomAgent(seed)
        self.calls = 0

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        self.calls += 1
        assert type(observation).__name__ != "State"
        assert not hasattr(observation, "rng"), "an agent must never see the generator"
        return self.inner.choose(observation, legal)


def test_random_agent_is_deterministic_per_seed_and_uniform() -> None:
    legal = tuple(range(7))
    a, b, c = RandomAgent(11), RandomAgent(11), RandomAgent(12)
    first = [a.choose(None, legal) for _ in range(2000)]
    assert first == [b.choose(None, legal) for _ in range(2000)]
    assert first != [c.choose(None, legal) for _ in range(2000)]
    counts = [first.count(i) for i in legal]
    assert min(counts) > 2000 / 7 * 0.8
    assert max(counts) < 2000 / 7 * 1.2


def test_random_agent_uses_no_global_randomness() -> None:
    import random

    random.seed(1)
    one = [RandomAgent(5).choose(None, (1, 2, 3)) for _ in range(5)]
    random.seed(2)
    assert one == [RandomAgent(5).choose(None, (1, 2, 3)) for _ in range(5)]


def test_agents_satisfy_the_protocol() -> None:
    assert isinstance(RandomAgent(0), Agent)
    assert isinstance(FirstAgent(), Agent)
    for variant in VARIANTS:
        found = variant.heuristic(0)
        # An automatic game has no decisions, hence no heuristic; every other game has one.
        assert (found is None) is variant.AUTOMATIC, variant.NAME
        assert found is None or isinstance(found, Agent), variant.NAME


@parametrize_choice
def test_agents_receive_the_seats_observation_never_the_state(variant: Variant) -> None:
    players = variant.num_players(variant.new_game(3))
    spies = [Spy(variant, s) for s in range(players)]
    record = agents.play(variant, spies, 3, max_steps=200)
    assert sum(s.calls for s in spies) == len(record.actions)
    assert records.replay(record) is not None


@parametrize_choice
def test_agents_observations_are_what_observe_returns(variant: Variant) -> None:
    seen: list[Any] = []

    class Recorder:
        def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
            seen.append(observation)
            return legal[-1]

    players = variant.num_players(variant.new_game(4))
    record = agents.play(variant, [Recorder() for _ in range(players)], 4, max_steps=60)
    expected = [
        variant.observe(state, seat)
        for state in list(records.iter_states(record))[:-1]
        if (seat := variant.to_act(state)) is not None
    ]
    assert seen == expected


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])
def test_play_is_deterministic_for_seeded_agents(variant: Variant) -> None:
    players = variant.num_players(variant.new_game(8))

    def seats() -> list[Agent]:
        return [RandomAgent(derive_seed(8, s)) for s in range(players)]

    one = agents.play(variant, seats(), 8, max_steps=400)
    two = agents.play(variant, seats(), 8, max_steps=400)
    assert one == two
    assert one.variant == variant.NAME
    assert one.rules_version == variant.RULES_VERSION


def test_automatic_variants_need_no_agents() -> None:
    record = agents.play("war", None, 2026)
    assert len(record.actions) == 104
    assert set(record.actions) == {"play"}
    assert agents.play(cardwar.war, (), 2026) == record


def test_play_takes_options_as_values_or_keywords() -> None:
    opts = cardwar.war.options(face_down=1)
    assert agents.play("war", (), 7, opts) == agents.play("war", (), 7, {"face_down": "1"})


def test_play_refuses_a_seat_without_an_agent() -> None:
    with pytest.raises(ValueError, match="seat 1 must decide in 'arneson' but has no agent"):
        agents.play("arneson", [FirstAgent()], 1)


def test_play_stops_at_max_steps_without_an_outcome() -> None:
    record = agents.play("war", (), 2026, max_steps=10)
    assert len(record.actions) == 10
    assert record.outcome is None
    assert records.replay(record).battles == 10


@parametrize_choice
def test_every_variant_with_decisions_has_a_heuristic(variant: Variant) -> None:
    assert agents.has_heuristic(variant), (
        f"give {variant.NAME!r} a heuristic agent: its agents module's heuristic(seed)"
    )
    record = agents.play(
        variant,
        [agents.heuristic(variant.NAME, s) for s in range(variant.num_players(
            variant.new_game(1)))],
        1,
        max_steps=300,
    )
    assert records.replay(record) is not None


def test_agent_kinds_by_name() -> None:
    assert isinstance(agents.agent("random", "war", 1), RandomAgent)
    assert isinstance(agents.agent("first", "war", 1), FirstAgent)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        agents.agent("smart", "war", 1)
    with pytest.raises(ValueError, match="no heuristic agent"):
        agents.heuristic("war")


def win_rate(name: str, games: int) -> float:
    """Return the heuristic's share of wins against the random agent over ``games``
    seeded games, the heuristic in seat 0 for even games and in the last seat for odd
    ones (every other seat is a random agent)."""
    variant = cardwar.variant(name)
    players = variant.num_players(variant.new_game(0))
    wins = 0
    for i in range(games):
        seed = derive_seed(2026, i)
        mine = 0 if i % 2 == 0 else players - 1
        seats: list[Agent] = [RandomAgent(derive_seed(seed, s + 1)) for s in range(players)]
        seats[mine] = agents.heuristic(name, seed)
        record = agents.play(variant, seats, seed)
        assert record.outcome is not None
        wins += mine in record.outcome.winners
    return wins / games


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(v.NAME for v in CHOICE))
def test_heuristics_beat_random(name: str, profile: str) -> None:
    # 1000 games each with --profile full (the figures of docs/agents.md come from
    # benchmarks/agents_winrate.py); a few dozen otherwise. A random seat wins 1/players
    # of the games; every heuristic wins clearly more.
    variant = cardwar.variant(name)
    players = variant.num_players(variant.new_game(0))
    games = 1000 if profile == "full" else 30
    assert win_rate(name, games) > 1.2 / players
