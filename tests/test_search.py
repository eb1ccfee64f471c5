"""The information-set Monte Carlo tree search agent (``cardwar.search``, issue 20): it
chooses legal actions through the variant protocol alone, its choices are a function of
its seed and budget, and it refuses what it cannot search."""

from __future__ import annotations

import types
from typing import Any

import pytest

from cardwar import agents, arneson, caravan, cold_war, generals, war
from cardwar.search import SearchAgent, SearchError

DECISION_GAMES = [arneson, caravan, generals, cold_war]


@pytest.mark.parametrize("game", DECISION_GAMES, ids=lambda g: g.NAME)
def test_the_search_plays_legal_moves_of_every_game_with_decisions(game: Any) -> None:
    players = game.num_players(game.new_game(0))
    seats: list[agents.Agent] = [SearchAgent(game, seed=s, iterations=8, rollout_steps=10)
                                 for s in range(players)]
    record = agents.play(game.NAME, seats, seed=3, max_steps=12)
    # play() steps only legal actions, so none was refused; the game ran its 12 steps or
    # ended before.
    assert len(record.actions) == 12 or record.outcome is not None


@pytest.mark.parametrize("game", [caravan, arneson], ids=lambda g: g.NAME)
def test_the_same_seed_and_budget_play_the_same_moves(game: Any) -> None:
    def moves(seed: int) -> tuple[str, ...]:
        seats: list[agents.Agent] = [SearchAgent(game, seed=seed, iterations=12,
                                                 rollout_steps=15),
                                     agents.RandomAgent(7)]
        return agents.play(game.NAME, seats, seed=11, max_steps=16).actions

    assert moves(1) == moves(1)
    if game is caravan:  # many moves to choose from: other seeds choose otherwise
        assert any(moves(1) != moves(s) for s in (2, 3, 4))


def test_a_forced_move_is_played_without_search() -> None:
    agent = SearchAgent(caravan, seed=0, iterations=5)
    state = caravan.new_game(0)
    only = caravan.legal_actions(state)[:1]
    assert agent.choose(caravan.observe(state, 0), only) is only[0]


def test_the_search_finds_the_winning_move_at_the_end_of_a_caravan_game() -> None:
    """Over random positions near the end of Caravan games, when one move wins at once,
    a modest search takes it in most of them (a random mover would rarely)."""
    found = taken = 0
    for seed in range(60):
        state = caravan.new_game(seed)
        agent = agents.RandomAgent(seed)
        while caravan.outcome(state) is None:
            seat = caravan.to_act(state)
            assert seat is not None
            legal = caravan.legal_actions(state)
            winning = [a for a in legal
                       if (r := caravan.outcome(caravan.step(state, a))) is not None
                       and r.winners == (seat,)]
            if winning and len(winning) < len(legal) // 4:
                found += 1
                search = SearchAgent(caravan, seed=seed, iterations=40, rollout_steps=10)
                taken += search.choose(caravan.observe(state, seat), legal) in winning
                break
            state = caravan.step(state, agent.choose(None, legal))
    assert found >= 10
    assert taken >= 0.8 * found


def test_the_search_refuses_what_it_cannot_search() -> None:
    with pytest.raises(SearchError, match="sample_state"):
        SearchAgent(types.SimpleNamespace(NAME="toy"), seed=0)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(SearchError, match="iterations"):
            SearchAgent(caravan, iterations=bad)  # type: ignore[arg-type]
    with pytest.raises(SearchError, match="rollout_steps"):
        SearchAgent(caravan, rollout_steps=0)
    assert SearchAgent(war, rollout_steps=None).rollout_steps is None
    assert "caravan" in repr(SearchAgent(caravan))


def test_steps_nobody_chooses_are_played_outside_the_tree() -> None:
    """War plays itself: a search over it only plays its steps out; with nothing chosen
    the first of the actions offered is kept."""
    options = war.options(ranks="2 3", suits="SH")
    seen = war.observe(war.new_game(1, options), 0)
    agent = SearchAgent(war, seed=0, iterations=3, rollout_steps=2)
    first = war.Play.PLAY
    assert agent.choose(seen, (first, first)) is first



class Recorder:
    """A memoryless policy that plays the heuristic and records whom it played for."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.heuristic = game.heuristic(0)
        self.calls = 0

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        self.calls += 1
        return self.heuristic.choose(observation, legal)


@pytest.mark.parametrize("game", [arneson, caravan], ids=lambda g: g.NAME)
def test_a_policy_plays_the_playouts_from_each_seats_observation(game: Any) -> None:
    state = game.new_game(4)
    for _ in range(6):  # into the game, past Caravan's opening placements
        state = game.step(state, game.legal_actions(state)[0])
    seat = game.to_act(state)
    observation = game.observe(state, seat)
    legal = game.legal_actions(state)
    policy = Recorder(game)
    agent = SearchAgent(game, seed=3, iterations=10, rollout_steps=5, policy=policy,
                        epsilon=0.0)
    choice = agent.choose(observation, legal)
    assert choice in legal
    # Each iteration expands one node by the policy and plays up to 5 playout moves by it.
    assert 10 < policy.calls <= 10 * 6
    again = SearchAgent(game, seed=3, iterations=10, rollout_steps=5,
                        policy=Recorder(game), epsilon=0.0)
    assert again.choose(observation, legal) == choice
    assert "policy=" in repr(agent)


def test_with_epsilon_one_the_policy_only_orders_the_expansions() -> None:
    state = caravan.new_game(4)
    for _ in range(6):
        state = caravan.step(state, caravan.legal_actions(state)[0])
    seat = caravan.to_act(state)
    assert seat is not None
    policy = Recorder(caravan)
    agent = SearchAgent(caravan, seed=3, iterations=10, rollout_steps=5, policy=policy,
                        epsilon=1.0)
    agent.choose(caravan.observe(state, seat), caravan.legal_actions(state))
    assert policy.calls == 10  # one expansion per iteration, every playout move random


def test_a_bad_policy_or_epsilon_is_refused() -> None:
    with pytest.raises(SearchError, match="policy must be an agent"):
        SearchAgent(caravan, policy=object())  # type: ignore[arg-type]
    for bad in (-0.1, 1.5, "x", None):
        with pytest.raises(SearchError, match="epsilon"):
            SearchAgent(caravan, epsilon=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.5, True, "0.7", None])
def test_an_exploration_constant_that_is_no_finite_number_is_refused(bad: Any) -> None:
    # NaN was accepted: every comparison with it is false, so the search always took the
    # first child it tried.
    with pytest.raises(SearchError, match=r"^exploration must be a finite number >= 0, got "):
        SearchAgent(caravan, exploration=bad)
    assert SearchAgent(caravan, exploration=0).exploration == 0.0


def test_asked_to_choose_among_nothing_the_search_agent_says_so() -> None:
    from cardwar.errors import AgentError

    agent = SearchAgent(caravan, seed=0, iterations=5)
    state = caravan.new_game(1)
    observation = caravan.observe(state, 0)
    with pytest.raises(AgentError, match="among no legal actions"):
        agent.choose(observation, ())
