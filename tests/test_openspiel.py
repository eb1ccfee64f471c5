"""cardwar's OpenSpiel games under OpenSpiel's own checks: ``random_sim_test`` with
serialization, and the partial-tree tests of its integration API test, run on states
sampled from played games (its own sampler never gets past the chance nodes of a
card-by-card deal, so a test on that tree alone would check nothing); then what those
checks do not look at: typed parameters, observers of each observation type, returns,
and a game of OpenSpiel's MCTS bot against cardwar's heuristic.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

from cardwar import agents, caravan, cold_war, generals
from cardwar.encoding import (
    information_state,
    information_state_layout,
    information_state_tensor,
)
from cardwar.openspiel import NONE, register
from cardwar.variants import variant

NAMES = register()

#: Game strings: each variant with decisions, and the option sets the issue names.
GAMES = [
    "python_cardwar_arneson(max_battles=100)",
    "python_cardwar_cold_war(max_deals=2)",
    "python_cardwar_cold_war(players=4,target=300)",
    "python_cardwar_generals",
    "python_cardwar_generals(players=4)",
    "python_cardwar_generals(squad_size=one_to_three)",
    "python_cardwar_caravan",
    f"python_cardwar_caravan(deck_0={' '.join(str(c) for c in caravan.deck()[:30])},"
    "face_limit=3)",
]


def test_register_names_the_games_with_decisions() -> None:
    assert NAMES == ("python_cardwar_arneson", "python_cardwar_cold_war",
                     "python_cardwar_generals", "python_cardwar_caravan")
    assert register() == NAMES  # once
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True,
                            verbose=False)


def _played_states(game: Any, games: int = 3, most: int = 400) -> list[Any]:
    """Return states of random playthroughs: chance, decision and terminal nodes."""
    states: list[Any] = []
    rnd = random.Random(0)
    for _ in range(games):
        state = game.new_initial_state()
        kept = 0
        while not state.is_terminal():
            if rnd.random() < 0.3 and kept < most // games:
                states.append(state.clone())
                kept += 1
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
        states.append(state)
    return states


def _partial_tree_case(name: str) -> type:
    game = pyspiel.load_game(name)

    class Case(api_test.EnforceAPIOnPartialTreeBase):  # type: ignore[misc]
        @classmethod
        def setUpClass(cls) -> None:
            # OpenSpiel's own partial-tree tests, on states of played games.
            cls.game = game
            cls.game_name = name
            cls.some_states = _played_states(game)
            cls.game_type = game.get_type()

    Case.__name__ = Case.__qualname__ = "TestOpenSpielApi_" + name.split("(")[0]
    return Case


TestOpenSpielApiCaravan = _partial_tree_case("python_cardwar_caravan")
TestOpenSpielApiGenerals4 = _partial_tree_case("python_cardwar_generals(players=4)")
TestOpenSpielApiColdWar = _partial_tree_case("python_cardwar_cold_war")
TestOpenSpielApiArneson = _partial_tree_case("python_cardwar_arneson(max_battles=200)")


def test_parameters_are_the_options_typed() -> None:
    game = pyspiel.load_game("python_cardwar_caravan(face_limit=3,early_finish=True,"
                             "opening_discard=never)")
    opts = game.options
    assert (opts.face_limit, opts.early_finish, opts.opening_discard.value) == (3, True,
                                                                                 "never")
    assert game.get_parameters()["max_turns"] == NONE
    assert pyspiel.load_game("python_cardwar_cold_war").options.max_tricks == \
        cold_war.BOUNDED_OPTIONS["max_tricks"] == 2000
    # A str parameter (default "none"): OpenSpiel reads true and false as bools, so yes/no.
    assert not pyspiel.load_game("python_cardwar_generals(places=no,players=4)").options.places
    assert pyspiel.load_game("python_cardwar_generals(players=4)").options.places
    with pytest.raises(pyspiel.SpielError, match="Wrong type"):
        pyspiel.load_game("python_cardwar_caravan(face_limit=none)")
    info = pyspiel.load_game("python_cardwar_cold_war(players=4)")
    assert info.num_players() == 4
    assert info.num_distinct_actions() == cold_war.num_actions(cold_war.options())
    assert info.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("python_cardwar_caravan").get_type().utility == \
        pyspiel.GameType.Utility.ZERO_SUM


def _decision_state(name: str, seed: int = 1) -> Any:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    steps = 0
    while state.is_chance_node() or steps < 6:
        if state.is_chance_node():
            state.apply_action(rnd.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
            steps += 1
    return game, state


def test_observers_of_each_observation_type() -> None:
    game, state = _decision_state("python_cardwar_caravan")
    seat = state.current_player()
    full = make_observation(game)
    full.set_from(state, seat)
    layout = caravan.observation_layout(game.options)
    assert full.tensor.shape == (caravan.observation_shape(game.options)[0],)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    assert set(public.dict) == {p.name for p in layout if p.public}
    assert set(private.dict) == {p.name for p in layout if not p.public}
    private.set_from(state, seat)
    hand = caravan.observation_tensor(caravan.observe(state.node.state, seat))[:53]
    assert private.dict["hand"].tolist() == pytest.approx(list(hand))
    assert not any(token.startswith("hand:") for token in public.string_from(state, seat).split())
    # The other seat's private view holds its own hand, not this seat's.
    private.set_from(state, 1 - seat)
    assert private.dict["hand"].tolist() != pytest.approx(list(hand))
    # Perfect recall: the seat's view now, and the digest of every view so far.
    before = state.information_state_string(seat)
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(0)
    after = state.information_state_string(seat)
    states = [node.state for node, _ in state.trail]
    assert after == information_state(caravan, states, seat) != before
    assert after.startswith(caravan.render_observation(caravan.observe(state.node.state, seat),
                                                       ascii=True) + "\nviews so far: ")
    with pytest.raises(ValueError, match="parameters are not supported"):
        game.make_py_observer(None, {"x": 1})
    start = game.new_initial_state()
    assert start.is_chance_node()
    assert start.returns() == [0.0, 0.0]
    with pytest.raises(ValueError, match="perfect recall"):
        make_observation(game, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))


def test_generals_squad_cards_are_seen_by_their_seat_only() -> None:
    game = pyspiel.load_game("python_cardwar_generals")
    state = game.new_initial_state()
    rnd = random.Random(2)
    while True:
        if state.is_chance_node():
            state.apply_action(rnd.randrange(len(state.chance_outcomes())))
            continue
        legal = state.legal_actions()
        if min(legal) >= generals.encoding.PICK:
            break
        state.apply_action(rnd.choice(legal))
    seat = state.current_player()
    state.apply_action(min(state.legal_actions()))
    assert state.current_player() == seat  # still picking
    mine = make_observation(game)
    mine.set_from(state, seat)
    assert mine.dict["partial"].sum() == 1
    mine.set_from(state, 1 - seat)
    assert mine.dict["partial"].sum() == 0
    assert "chosen so far: squad card" in state.information_state_string(seat)
    assert "chosen so far" not in state.information_state_string(1 - seat)
    # The information state tensor ends with the squad cards picked so far, for their
    # seat only.
    partial = generals.partial_size(game.options)
    assert sum(state.information_state_tensor(seat)[-partial:]) == 1
    assert sum(state.information_state_tensor(1 - seat)[-partial:]) == 0


@pytest.mark.parametrize("name", ["caravan", "cold-war", "generals", "arneson"])
def test_information_state_tensor(name: str) -> None:
    # OpenSpiel's information state tensor is cardwar's, over the decision points so far,
    # kept step by step by the state (and its clones).
    game = pyspiel.load_game(f"python_cardwar_{name.replace('-', '_')}")
    found = variant(name)
    opts = game.options
    size = sum(p.size for p in information_state_layout(found, opts))
    assert game.information_state_tensor_shape() == [size]
    state = game.new_initial_state()
    rnd = random.Random(4)
    for step in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rnd.choice([o for o, _ in state.chance_outcomes()]))
            continue
        if step % 7 == 0:
            state = state.clone()
        for seat in range(game.num_players()):
            states = [node.state for node, _ in state.trail]
            partials = [p for _, p in state.trail]
            want = information_state_tensor(found, states, seat, partials)
            assert state.information_state_tensor(seat) == pytest.approx(list(want))
        state.apply_action(rnd.choice(state.legal_actions()))


def test_mcts_bot_against_the_heuristic() -> None:
    # OpenSpiel's MCTS bot (which searches the true state: it sees every card) plays a
    # game of Caravan against cardwar's heuristic, through register().
    game = pyspiel.load_game("python_cardwar_caravan")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    heuristic = agents.heuristic("caravan", 3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            node = state.node.state
            action = heuristic.choose(caravan.observe(node, 1), caravan.legal_actions(node))
            state.apply_action(caravan.action_to_index(game.options, action))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
