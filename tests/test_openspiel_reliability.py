"""The OpenSpiel layer under misuse and at length: option sets with no known bound on a
game's length refused with cardwar's error, games and states that pickle (also into a
new process), observers and resampling given bad arguments, the information state's
cost per call that does not grow with the game, and OpenSpiel's IS-MCTS bot playing
every game through ``resample_from_infostate``."""

from __future__ import annotations

import math
import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from cardwar import arneson, encoding
from cardwar.chance import ChanceError
from cardwar.core import OptionError
from cardwar.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    SeatError,
    StateError,
)
from cardwar.openspiel import CardwarState, register

NAMES = register()

#: Small games of each variant with decisions, quick to play to the end.
SMALL = [
    "python_cardwar_arneson(max_battles=20)",
    "python_cardwar_cold_war(max_deals=1,max_tricks=30)",
    "python_cardwar_generals(places=no)",
    "python_cardwar_caravan(max_turns=40)",
]


def _play(state: Any, rnd: random.Random, decisions: int) -> Any:
    """Play ``state`` on at random for ``decisions`` decisions (or to the end) and then
    through any chance nodes; return it."""
    done = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice([o for o, _ in state.chance_outcomes()]))
        elif done < decisions:
            state.apply_action(rnd.choice(state.legal_actions()))
            done += 1
        else:
            break
    return state


# --- options with no known bound on a game's length ---------------------------------------

@pytest.mark.parametrize(("name", "option", "fix"), [
    ("python_cardwar_arneson(max_battles=-1)", "max_battles",
     "give max_battles a value (its default is 20000)"),
])
def test_options_without_a_length_bound_are_refused_saying_what_to_pass(
        name: str, option: str, fix: str) -> None:
    with pytest.raises(OptionError) as info:
        pyspiel.load_game(name)
    assert info.value.option == option
    assert "no known bound on a game's length" in str(info.value)
    assert "an OpenSpiel game needs one" in str(info.value)
    assert fix in str(info.value)


def test_the_refusal_names_the_options_that_give_a_bound() -> None:
    # Two options away from their defaults, of which one loses the bound: only it named.
    with pytest.raises(OptionError, match="give max_battles a value") as info:
        pyspiel.load_game("python_cardwar_arneson(max_battles=-1,hand_size=2)")
    assert "hand_size at its default" not in str(info.value)
    # Cold War names the options that give its games a bound.
    from cardwar import cold_war
    from cardwar.openspiel import _unbounded

    error = _unbounded(cold_war, {"max_tricks": None})
    assert str(error).endswith("choose options under which max_game_length gives at most "
                               "2,147,483,647, or pass max_tricks=2000")
    # An option that is refused on its own is not one to set back.
    error = _unbounded(arneson, {"max_battles": None, "hand_size": 99})
    assert error.option == "max_battles"
    assert "hand_size at its default" not in str(error)
    assert _unbounded(arneson, {}).option == "options"


def test_the_refusal_holds_without_assertions() -> None:
    # Under python -O an assert is gone: the refusal is not one.
    code = ("import pyspiel\nfrom cardwar.openspiel import register\nregister()\n"
            "try:\n    pyspiel.load_game('python_cardwar_arneson(max_battles=-1)')\n"
            "except Exception as err:\n    print(type(err).__name__)\n")
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "OptionError"


#: Strings to try for a str parameter: none, notation of ranks and suits, choices of
#: the games' enum options, and junk.
TEXTS = ["none", "yes", "no", "", "x", "2 3", "2 3 4 5", "C D", "C", "A", "2S 3S 4S",
         "carry", "split", "duel", "teams", "three", "one_to_three", "never", "always",
         "shared_reserve", "colour_halves", "reshuffle", "-1", "2 2", "Z Z",
         "2 3 4 5 6 7 8 9 10 J Q K"]


@given(data=st.data())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_parameter_set_loads_or_is_refused_with_cardwars_error(data: Any) -> None:
    name = data.draw(st.sampled_from(NAMES))
    defaults = pyspiel.load_game(name).get_parameters()
    params: dict[str, Any] = {}
    # A few parameters changed at a time: most values of most are refused.
    for key in data.draw(st.lists(st.sampled_from(sorted(defaults)), max_size=3, unique=True)):
        default = defaults[key]
        if isinstance(default, bool):
            params[key] = data.draw(st.booleans(), label=key)
        elif isinstance(default, int):
            params[key] = data.draw(st.sampled_from([-1, 0, 1, 2, 3, 4, 251, 1000])
                                    | st.integers(-3, 60)
                                    | st.sampled_from([-2**31, 2**31 - 1]), label=key)
        else:
            params[key] = data.draw(st.sampled_from(TEXTS), label=key)
    try:
        game = pyspiel.load_game(name, params)
    except CardwarError as err:
        message = str(err)
        game = None
    if game is None:
        assert len(message) > 20  # it says what is wrong
        return
    # A game that loads is bounded and plays.
    assert game.max_game_length() > 0
    state = _play(game.new_initial_state(), random.Random(0), 3)
    assert state.is_terminal() or state.legal_actions()


# --- pickling ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [*NAMES, *SMALL])
def test_games_and_states_pickle_and_play_on_alike(name: str) -> None:
    game = pyspiel.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game)
    assert str(again) == str(game)
    assert again.options == game.options
    assert again.max_game_length() == game.max_game_length()
    rnd = random.Random(5)
    for state in (game.new_initial_state(), _play(game.new_initial_state(), rnd, 12)):
        players = range(game.num_players())
        copied = pickle.loads(pickle.dumps(state))
        assert type(copied) is CardwarState
        assert copied.history() == state.history()
        assert str(copied) == str(state)
        # Both play on alike, the information states included.
        mine, theirs = random.Random(9), random.Random(9)
        for _ in range(6):
            assert copied.is_terminal() == state.is_terminal()
            if state.is_terminal():
                break
            if not state.is_chance_node():
                assert copied.legal_actions() == state.legal_actions()
                assert [copied.information_state_string(p) for p in players] == \
                    [state.information_state_string(p) for p in players]
                assert copied.information_state_tensor(0) == state.information_state_tensor(0)
            _play(state, mine, 1)
            _play(copied, theirs, 1)
        assert copied.returns() == state.returns()


def test_a_game_and_its_class_unpickle_in_a_new_process() -> None:
    game = pyspiel.load_game("python_cardwar_caravan(face_limit=3)")
    state = _play(game.new_initial_state(), random.Random(2), 5)
    code = ("import pickle, sys\n"
            "game, cls, state = pickle.loads(sys.stdin.buffer.read())\n"
            "print(game, cls.__name__, state.information_state_string(0) != '',"
            " type(game) is cls)\n")
    out = subprocess.run([sys.executable, "-c", code],
                         input=pickle.dumps((game, type(game), state)), capture_output=True,
                         check=True)
    assert out.stdout.decode().split() == [str(game), "CardwarGame_caravan", "True", "True"]


def test_the_module_names_only_its_game_classes() -> None:
    import cardwar.openspiel as module

    assert module.CardwarGame_arneson.VARIANT == "arneson"
    with pytest.raises(AttributeError, match="no attribute 'CardwarGame_poker'"):
        module.CardwarGame_poker  # noqa: B018 - the lookup is the test
    with pytest.raises(AttributeError, match="no attribute 'other'"):
        module.other  # noqa: B018 - the lookup is the test


# --- observers and states given bad arguments -------------------------------------------

#: Values of every kind, none of them what the OpenSpiel layer's functions take.
JUNK: list[Any] = [None, "x", -1, 7, 2**70, 1.5, math.nan, True, (), b"", [1], {1: 2},
                   object()]


def _refuses(call: Any, cls: type[Exception]) -> None:
    with pytest.raises(CardwarError) as info:
        call()
    assert isinstance(info.value, cls), f"{type(info.value).__name__}: {info.value}"
    assert len(str(info.value)) >= 10


def test_observers_refuse_bad_arguments_with_cardwars_errors() -> None:
    game = pyspiel.load_game("python_cardwar_generals")
    state = _play(game.new_initial_state(), random.Random(1), 3)
    other = pyspiel.load_game("python_cardwar_generals(target=100)").new_initial_state()
    kuhn = pyspiel.load_game("kuhn_poker").new_initial_state()
    for bad in JUNK:
        if bad is not None:
            _refuses(lambda: game.make_py_observer(bad), ArgumentTypeError)  # noqa: B023
            if not isinstance(bad, dict):
                _refuses(lambda: game.make_py_observer(None, bad),  # noqa: B023
                         ArgumentTypeError)
    # Observation parameters: ValueError, as OpenSpiel's Python games answer.
    with pytest.raises(ArgumentError, match="observation parameters are not supported"):
        make_observation(game, None, {"x": 1})
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_py_observer(None, {1: 2})
    assert game.make_py_observer(None, {}).tensor is not None
    for kind in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        with pytest.raises(ArgumentError, match="perfect recall is offered"):
            make_observation(game, pyspiel.IIGObservationType(
                public_info=True, perfect_recall=True, private_info=kind))
    with pytest.raises(ArgumentError, match="perfect recall is offered"):
        make_observation(game, pyspiel.IIGObservationType(
            public_info=False, perfect_recall=True))
    for observer in (make_observation(game), make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=True))):
        for bad in [*JUNK, 2]:
            _refuses(lambda: observer.set_from(state, bad), SeatError)  # noqa: B023
            _refuses(lambda: observer.string_from(state, bad), SeatError)  # noqa: B023
        for bad in [*JUNK, other, kuhn]:
            _refuses(lambda: observer.set_from(bad, 0), StateError)  # noqa: B023
            _refuses(lambda: observer.string_from(bad, 0), StateError)  # noqa: B023
        observer.set_from(state, 1)
        assert observer.string_from(state, 1)


def test_state_methods_refuse_bad_seats_and_samplers() -> None:
    game = pyspiel.load_game("python_cardwar_caravan")
    start = game.new_initial_state()
    state = _play(game.new_initial_state(), random.Random(1), 3)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    for bad in [*JUNK, 2]:
        _refuses(lambda: state.information_state(bad), SeatError)  # noqa: B023
        _refuses(lambda: state.seen(bad), SeatError)  # noqa: B023
        _refuses(lambda: state.resample_from_infostate(bad, sampler), SeatError)  # noqa: B023
        _refuses(lambda: state.resample_from_infostate(0, bad), ArgumentTypeError)  # noqa: B023
        if not isinstance(bad, float) or not 0 <= bad < 1:
            _refuses(lambda: state.resample_from_infostate(0, lambda: bad),  # noqa: B023
                     ArgumentTypeError)
    _refuses(lambda: state.resample_from_infostate(0, lambda: 1.0), ArgumentTypeError)
    # Before the first decision point: nothing observed yet.
    assert start.information_state(0) == ""
    _refuses(lambda: start.seen(0), StateError)
    _refuses(lambda: start.resample_from_infostate(0, sampler), ChanceError)
    # OpenSpiel's own checks answer the player of its own methods with its own error.
    with pytest.raises(pyspiel.SpielError):
        state.information_state_string(5)


def test_encoding_refuses_an_empty_history_as_the_tensor_does() -> None:
    for call in (lambda: encoding.information_state(arneson, [], 0),
                 lambda: encoding.information_state_tensor(arneson, [], 0)):
        with pytest.raises(StateError, match="the history holds no state"):
            call()
    # ... and one of its own strings, only, to continue from.
    states = [arneson.new_game(3)]
    for bad in ("", "x", "views so far: 00", "a\nviews so far: " + "g" * 40,
                "a\nviews so far: " + "0" * 41):
        with pytest.raises(ArgumentError, match="before expects a string that "
                                                "information_state returned"):
            encoding.information_state(arneson, states, 0, before=bad)
    for junk in (b"x", 3, ["a"]):
        with pytest.raises(ArgumentTypeError, match="before expects an information state"):
            encoding.information_state(arneson, states, 0, before=junk)  # type: ignore[arg-type]


# --- the information state: perfect recall at a cost that does not grow ----------------------

def test_information_state_continues_from_its_own_string() -> None:
    rnd = random.Random(8)
    states = [arneson.new_game(8)]
    for _ in range(40):
        states.append(arneson.step(states[-1], rnd.choice(arneson.legal_actions(states[-1]))))
    for seat in (0, 1):
        whole = encoding.information_state(arneson, states, seat)
        for cut in (1, 7, 20, 40):
            before = encoding.information_state(arneson, states[:cut], seat)
            assert encoding.information_state(arneson, states[cut:], seat,
                                              before=before) == whole
        # Each prefix a different string: every decision changes what the seat saw.
        prefixes = {encoding.information_state(arneson, states[:k], seat)
                    for k in range(1, 41)}
        assert len(prefixes) > 20
    # A state repeated changes nothing (once per change); a history the seat can tell
    # apart (the other seat's first card seen later) changes the digest alone.
    assert encoding.information_state(arneson, [*states, states[-1]], 0) == \
        encoding.information_state(arneson, states, 0)
    shuffled = [states[0], states[2], *states[2:]]
    assert encoding.information_state(arneson, shuffled, 0) != \
        encoding.information_state(arneson, states, 0)


def test_information_state_cost_per_call_does_not_grow(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    # OpenSpiel asks a seat's information state at every step: each call renders the
    # views since the last one, and the string stays the same size.
    game = pyspiel.load_game("python_cardwar_arneson")
    state = game.new_initial_state()
    rnd = random.Random(3)
    rendered = [0]
    render = arneson.render_observation

    def counting(*args: Any, **kwargs: Any) -> Any:
        rendered[0] += 1
        return render(*args, **kwargs)

    monkeypatch.setattr(arneson, "render_observation", counting)
    sizes, costs = [], []
    decisions = 0
    while decisions < 1000 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice([o for o, _ in state.chance_outcomes()]))
            continue
        before = rendered[0]
        sizes.append(len(state.information_state_string(0)))
        costs.append(rendered[0] - before)
        state.apply_action(rnd.choice(state.legal_actions()))
        decisions += 1
    assert decisions == 1000
    assert max(costs) <= 1
    assert max(sizes) < 1000
    # The last string, also from the whole history at once.
    monkeypatch.setattr(arneson, "render_observation", render)
    states = [node.state for node, _ in state.trail]
    assert state.information_state_string(0) == encoding.information_state(arneson, states, 0)


@pytest.mark.parametrize("name", [
    "python_cardwar_arneson(max_battles=30)",
    "python_cardwar_arneson(hand_size=2,max_battles=40)",
])
def test_random_sim_test_on_arneson(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True,
                            verbose=False)


# --- resampling and IS-MCTS ----------------------------------------------------------------

@pytest.mark.parametrize("name", SMALL)
def test_resampled_states_keep_the_seats_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rnd = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    state = game.new_initial_state()
    checked = differs = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            _play(state, rnd, 0)
            continue
        for seat in range(game.num_players()):
            sample = state.resample_from_infostate(seat, sampler)
            assert sample.information_state_string(seat) == \
                state.information_state_string(seat)
            assert sample.information_state_tensor(seat) == \
                state.information_state_tensor(seat)
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.current_player() == state.current_player()
            if seat == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            differs += str(sample) != str(state)
            checked += 1
            # It plays on, pickles and clones.
            again = pickle.loads(pickle.dumps(sample))
            assert again.information_state_string(seat) == sample.information_state_string(seat)
            _play(sample.clone(), rnd, 2)
        state.apply_action(rnd.choice(state.legal_actions()))
    assert differs > 0  # what the seat cannot see was drawn anew


@pytest.mark.parametrize("name", SMALL)
def test_ismcts_bot_plays_a_whole_game(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
            for _ in range(game.num_players())]
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for bot in bots:
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
            decisions += 1
    assert decisions > 5
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert set(returns) <= {-1.0, 0.0, 1.0}
    if game.num_players() == 2:
        assert sum(returns) == 0.0


def test_ismcts_bot_with_pyspiels_own_sampler() -> None:
    # Without a resampler of its own, the bot calls resample_from_infostate with
    # pyspiel's sampler.
    game = pyspiel.load_game("python_cardwar_caravan(max_turns=12)")
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=3, random_state=rng)
    state = _play(game.new_initial_state(), random.Random(1), 0)
    assert bot.step(state) in state.legal_actions()


def test_a_bound_longer_than_openspiel_takes_is_refused() -> None:
    # OpenSpiel's game length is a C++ int: a bound past it cannot be given.
    with pytest.raises(OptionError, match=r"to 107,374,182,350 moves, more than an OpenSpiel "
                                          r"game takes \(2,147,483,647\): choose options ") as info:
        pyspiel.load_game("python_cardwar_cold_war(max_tricks=2147483647,players=4)")
    assert info.value.option == "max_tricks"
    with pytest.raises(OptionError, match="leave max_battles at its default"):
        pyspiel.load_game("python_cardwar_arneson(max_battles=2147483647)")
    assert pyspiel.load_game("python_cardwar_caravan(max_turns=2147483647)").max_game_length() \
        <= 2**31 - 1
    # General's War bounds every game (GENERALS-BOUND), but four players and a target
    # this high take a bound past OpenSpiel's int; either option at its default loads.
    with pytest.raises(OptionError, match=r"to 7,252,747,336 moves, more than an OpenSpiel "
                                          r"game takes .*: leave players at its default \(2\) "
                                          r"or leave target at its default \(250\)"):
        pyspiel.load_game("python_cardwar_generals(players=4,target=2000000000)")
    assert pyspiel.load_game("python_cardwar_generals(target=2000000000)").max_game_length() \
        <= 2**31 - 1


def test_the_measuring_scripts_run() -> None:
    # The research page's figures come from these scripts: they still run.
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "benchmarks"
    out = subprocess.run([sys.executable, str(root / "infostate_cost.py"), "--rounds", "1"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert [line.split()[0] for line in out[2:]] == ["10", "100", "1,000"]
    out = subprocess.run([sys.executable, str(root / "openspiel_cfr.py"), "--iterations", "2"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[2].split()[:2] == ["1", "0.16667"]
    assert out[-1].split()[0] == "2"
    out = subprocess.run([sys.executable, str(root / "openspiel_bots.py"), "--game", "generals",
                          "--games", "2", "--simulations", "2"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    rows = [line.split() for line in out[2:]]
    assert [row[:3] for row in rows] == [["generals", s, o] for s in ("mcts", "ismcts")
                                          for o in ("random", "heuristic")]
    assert all(sum(map(int, row[3:6])) == 2 for row in rows)  # won, drawn, lost
