"""The mixed agent kind ``heuristic:P`` (:class:`cardwar.agents.MixedAgent`): the
heuristic with probability P, a random legal action otherwise, seeded by its own
generator; how often it asks the heuristic, its determinism, and the kinds and values it
refuses."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest

import cardwar
from cardwar import agents, caravan
from cardwar.agents import FirstAgent, MixedAgent, RandomAgent
from cardwar.errors import AgentError
from cardwar.rng import SeedError
from cardwar.tournament import tournament
from tests.support_agents import CHOICE, decision, snapshot

parametrize_choice = pytest.mark.parametrize("game", CHOICE, ids=[g.NAME for g in CHOICE])


class Counting:
    """An agent that counts the choices it is asked for and plays the first action."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        self.calls += 1
        return legal[0]


@pytest.mark.parametrize("p", [0.05, 0.3, 0.5, 0.9])
def test_the_agent_is_asked_with_probability_p(p: float) -> None:
    n = 20_000
    inner = Counting()
    mixed = MixedAgent(inner, p, seed=17)
    legal = tuple(range(10))
    picks = [mixed.choose(None, legal) for _ in range(n)]
    # Within five standard deviations of the binomial (a fixed seed: the same count on
    # every run, and one that a wrong probability would miss by far more).
    sd = math.sqrt(n * p * (1 - p))
    assert abs(inner.calls - n * p) < 5 * sd
    # The random moves are uniform over the legal actions.
    randoms = n - inner.calls
    others = [picks.count(i) for i in range(1, 10)]
    expected = randoms / 10
    assert all(abs(c - expected) < 5 * math.sqrt(expected) for c in others)


@parametrize_choice
def test_the_kind_mixes_the_variants_heuristic_at_its_rate(game: Any) -> None:
    _, observation, legal = decision(game)
    mixed = agents.agent("heuristic:0.25", game, 8)
    assert isinstance(mixed, MixedAgent)
    assert type(mixed.agent) is type(agents.heuristic(game.NAME, 8))
    counting = Counting()
    mixed.agent = counting
    n = 4000
    for _ in range(n):
        assert mixed.choose(observation, legal) in legal
    assert abs(counting.calls - n / 4) < 5 * math.sqrt(n * 0.25 * 0.75)


def test_zero_and_one_are_exact() -> None:
    never, always = Counting(), Counting()
    zero, one = MixedAgent(never, 0, seed=1), MixedAgent(always, 1.0, seed=1)
    for _ in range(5000):
        zero.choose(None, (1, 2))
        one.choose(None, (1, 2))
    assert (never.calls, always.calls) == (0, 5000)
    assert MixedAgent(Counting(), Fraction(1, 3), seed=0).p == pytest.approx(1 / 3)


@parametrize_choice
def test_heuristic_one_plays_the_heuristics_games(game: Any) -> None:
    players = game.num_players(game.options())
    for seed in (1, 2):
        pure = agents.play(game, [agents.agent("heuristic", game, 5),
                                  *(RandomAgent(s) for s in range(1, players))], seed=seed)
        mixed = agents.play(game, [agents.agent("heuristic:1", game, 5),
                                   *(RandomAgent(s) for s in range(1, players))], seed=seed)
        assert mixed.actions == pure.actions


@parametrize_choice
def test_the_mix_is_a_function_of_its_seed(game: Any) -> None:
    players = game.num_players(game.options())

    def played(seed: int) -> tuple[str, ...]:
        seats = [agents.agent("heuristic:0.5", game, seed) for _ in range(players)]
        return agents.play(game, seats, seed=3, max_steps=60).actions

    random.seed(1)
    first = played(4)
    random.seed(2)
    assert played(4) == first
    assert any(played(s) != first for s in (5, 6, 7))


def test_the_mix_plays_in_tournaments_and_gymnasium() -> None:
    result = tournament("caravan", ["heuristic:0.5", "random"], games=4, seed=2)
    assert [s.name for s in result.standings] == ["heuristic:0.5", "random"]
    assert result.games == 4
    assert result == tournament("caravan", ["heuristic:0.5", "random"], games=4, seed=2)

    from cardwar.gymnasium import CardwarEnv

    env = CardwarEnv("arneson", opponents="heuristic:0.7")
    _, info = env.reset(seed=1)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        done = terminated or truncated


@pytest.mark.parametrize("kind", [
    "heuristic:", "heuristic:1.5", "heuristic:2", "heuristic:-0.5", "heuristic:nan",
    "heuristic:NaN", "heuristic:inf", "heuristic:1e-3", "heuristic:0.5 ",
    "heuristic:½", "heuristic:\u0660.5", "heuristic:0,5", "heuristic:0.5:1", "heuristic:50%",
    "heuristic:0x1", "heuristic:" + "0" * 30, "heuristic:1.0000000000000000001",
    "heuristic:..5", "heuristic:0.5.",
])
def test_a_bad_probability_is_refused(kind: str) -> None:
    with pytest.raises(AgentError, match=r"heuristic:P needs P|unknown agent"):
        agents.agent(kind, "caravan", 1)


def test_a_variant_without_a_heuristic_refuses_the_mix() -> None:
    with pytest.raises(AgentError, match="has no heuristic agent"):
        agents.agent("heuristic:0.5", "war", 1)


@pytest.mark.parametrize("p", [float("nan"), -0.0001, 1.0001, float("inf"), True, "0.5",
                               None, 1j, Fraction(3, 2)])
def test_a_mixed_agent_refuses_a_probability_outside_zero_to_one(p: Any) -> None:
    with pytest.raises(AgentError, match=r"^MixedAgent's p must be a probability"):
        MixedAgent(FirstAgent(), p, seed=1)


def test_a_mixed_agent_refuses_what_is_not_an_agent_or_a_seed() -> None:
    with pytest.raises(AgentError, match="MixedAgent mixes an agent"):
        MixedAgent(object(), 0.5, seed=1)  # type: ignore[arg-type]
    for seed in (-1, 1.5, None, True):
        with pytest.raises(SeedError):
            MixedAgent(FirstAgent(), 0.5, seed=seed)  # type: ignore[arg-type]


def test_a_refused_choice_moves_nothing() -> None:
    _, observation, legal = decision(caravan)
    mixed = agents.agent("heuristic:0.5", "caravan", 1)
    bad: Any
    for bad in ((), "ab", None):
        before = snapshot(mixed)
        with pytest.raises(AgentError, match="MixedAgent"):
            mixed.choose(observation, bad)
        assert snapshot(mixed) == before
    # The heuristic's own refusal (an observation of another game) moves nothing either.
    other = decision(cardwar.arneson)[1]
    mixed = MixedAgent(caravan.heuristic(0), 1, seed=1)
    before = snapshot(mixed)
    with pytest.raises(cardwar.errors.StateError):
        mixed.choose(other, legal)
    assert snapshot(mixed) == before


def test_a_mixed_agent_shows_its_mix_and_generator() -> None:
    mixed = MixedAgent(FirstAgent(), 0.5, seed=3)
    text = repr(mixed)
    assert text.startswith("MixedAgent(FirstAgent(), p=0.5, key=0x")
    assert text.endswith(", counter=0)")
    mixed.choose(None, (1, 2))
    assert repr(mixed).endswith(", counter=1)") or repr(mixed).endswith(", counter=2)")


def test_a_mixed_agent_of_a_game_checks_every_choice() -> None:
    _, observation, legal = decision(caravan)
    other = decision(cardwar.arneson)[1]
    mixed = MixedAgent(FirstAgent(), 0.0, seed=1, game="caravan")
    assert mixed.choose(observation, legal) in legal
    before = snapshot(mixed)
    with pytest.raises(cardwar.errors.StateError, match="MixedAgent expects an observation"):
        mixed.choose(other, legal)
    with pytest.raises(cardwar.errors.ActionTypeError, match="MixedAgent chooses among"):
        mixed.choose(observation, ("x",))
    assert snapshot(mixed) == before
    # Without a game, the random moves know none (as RandomAgent's).
    assert MixedAgent(FirstAgent(), 0.0, seed=1).choose(None, ("x",)) == "x"
    with pytest.raises(cardwar.CardwarError, match="MixedAgent's game"):
        MixedAgent(FirstAgent(), 0.5, seed=1, game=3)  # type: ignore[arg-type]


def test_the_command_line_takes_the_mixed_kind(capsys: pytest.CaptureFixture[str]) -> None:
    from cardwar.cli import main

    assert main(["tournament", "caravan", "--agents", "heuristic:0.5,random", "-n", "4",
                 "--seed", "1", "--no-progress"]) == 0
    assert "heuristic:0.5" in capsys.readouterr().out
    assert main(["simulate", "arneson", "-n", "3", "--agents", "heuristic:0.25,random",
                 "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["tournament", "caravan", "--agents", "heuristic:2,random", "-n", "4",
                 "--no-progress"]) != 0
    assert "heuristic:P needs P" in capsys.readouterr().err
