"""The agents' misuse suite: every public function of :mod:`cardwar.agents` and
:mod:`cardwar.search`, and every agent's ``choose``, given junk of every kind (one bad
argument among good ones) answers with one of cardwar's own errors and changes nothing
(the agent's generator, the arguments). Hypothesis draws the misuse; each test counts the
bad inputs it tried, and any foreign exception fails it."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardwar
from cardwar import agents, caravan
from cardwar.agents import FirstAgent, MixedAgent, RandomAgent
from cardwar.errors import CardwarError
from cardwar.search import SearchAgent
from tests.support_agents import CHOICE, builders, decision, snapshot
from tests.support_policy import Linear

#: Bad inputs tried and foreign exceptions seen, per test (printed at the end with -s).
TRIED: Counter[str] = Counter()
FOREIGN: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    print(f"\nagents misuse: {sum(TRIED.values())} bad inputs tried, "
          f"{sum(FOREIGN.values())} foreign exceptions; by test: {dict(TRIED)}")


def _refused(where: str, call: Callable[[], object]) -> CardwarError:
    """Call ``call``, which must raise one of cardwar's errors; count it."""
    TRIED[where] += 1
    try:
        call()
    except CardwarError as err:
        return err
    except Exception as err:
        FOREIGN[where] += 1
        raise AssertionError(f"{where}: foreign {type(err).__name__}: {err}") from err
    raise AssertionError(f"{where}: nothing refused")


def _no_variant(value: object) -> bool:
    """Return whether ``value`` names no variant (junk text can be a variant's name)."""
    if not isinstance(value, str):
        return True
    try:
        cardwar.variant(value)
    except CardwarError:
        return True
    return False


#: Values of every kind, none of them an agent kind, a variant, a seed or an agent.
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(max_value=-1),
    st.integers(min_value=2**64),
    st.floats(allow_nan=True),
    st.complex_numbers(),
    st.text(max_size=12).filter(lambda t: ":" not in t and _no_variant(t)),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([math.inf, -0.0, 10**100, object(), type, Ellipsis, caravan.Play]),
)

#: Agent kinds that are not kinds: junk, and near misses of the parametrised ones. A
#: ``module:name`` is drawn only from a fixed list (Hypothesis must not call arbitrary
#: functions of the standard library with a seed).
bad_kinds = st.one_of(
    junk.filter(lambda v: v not in agents.KINDS),
    st.from_regex(r"\A(heuristic|ismcts):[^\n]{0,12}\Z").filter(
        lambda k: not _good_parameter(k)),
    st.sampled_from(["heuristic:1.5", "heuristic:nan", "ismcts:0", "ismcts:-1",
                     "ismcts:1.5", "no_such_module:agent", "cardwar:no_such_name",
                     "math:pi", "builtins:int", "cardwar.caravan:Play", ":", "a:", ":b",
                     "Random", "HEURISTIC", "search:3"]),
)


def _good_parameter(kind: str) -> bool:
    base, _, parameter = kind.partition(":")
    try:
        agents.agent(kind, "caravan", 1)
    except CardwarError:
        return False
    return bool(base and parameter)


SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
NAMES = st.sampled_from([g.NAME for g in CHOICE])
EXAMPLES = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@EXAMPLES
@given(data=st.data())
def test_agent_refuses_a_bad_kind_variant_or_seed(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(["random", "first", "heuristic", "search", "ismcts",
                                      "ismcts:20", "heuristic:0.5"]))
    name, seed = data.draw(NAMES), data.draw(SEEDS)
    which = data.draw(st.sampled_from(["kind", "name", "seed"]))
    if which == "kind":
        kind = data.draw(bad_kinds)
    elif which == "name":
        name = data.draw(junk)
    else:
        seed = data.draw(junk)
    _refused("agent", lambda: agents.agent(kind, name, seed))


@EXAMPLES
@given(name=st.one_of(junk, NAMES), seed=st.one_of(junk, SEEDS))
def test_heuristic_and_search_agent_refuse_a_bad_variant_or_seed(name: Any, seed: Any
                                                                  ) -> None:
    if not _no_variant(name) and isinstance(seed, int) and not isinstance(seed, bool) \
            and 0 <= seed < 2**64:
        return  # a good call
    _refused("heuristic", lambda: agents.heuristic(name, seed))
    _refused("search_agent", lambda: agents.search_agent(name, seed))
    if _no_variant(name):
        _refused("has_heuristic", lambda: agents.has_heuristic(name))
        _refused("has_search_agent", lambda: agents.has_search_agent(name))


@EXAMPLES
@given(bad=junk)
def test_the_baseline_agents_refuse_a_bad_seed(bad: Any) -> None:
    _refused("RandomAgent", lambda: RandomAgent(bad))
    _refused("FirstAgent", lambda: FirstAgent(bad))


@EXAMPLES
@given(data=st.data())
def test_mixed_agent_refuses_bad_arguments(data: st.DataObject) -> None:
    args: dict[str, Any] = {"agent": FirstAgent(), "p": 0.5, "seed": 1, "game": None}
    which = data.draw(st.sampled_from(sorted(args)))
    bad = data.draw(junk)
    if which == "p" and isinstance(bad, (int, float)) and not isinstance(bad, bool) \
            and 0 <= bad <= 1:
        return  # a probability after all
    if which == "game" and bad is None:
        return
    args[which] = bad
    _refused("MixedAgent", lambda: MixedAgent(args["agent"], args["p"], args["seed"],
                                              game=args["game"]))


@EXAMPLES
@given(data=st.data())
def test_from_policy_refuses_bad_arguments(data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        bad = data.draw(junk.filter(lambda v: not callable(v)))
        _refused("from_policy", lambda: agents.from_policy(bad, "caravan"))
    else:
        bad = data.draw(junk)
        _refused("from_policy", lambda: agents.from_policy(Linear("caravan"), bad))
    agent = agents.from_policy(Linear("caravan"), "caravan")
    _refused("PolicyAgent(seed)", lambda: agent(data.draw(junk)))


#: SearchAgent's keyword arguments and what each accepts.
SEARCH_GOOD: dict[str, Any] = {"seed": 0, "iterations": 4, "exploration": 0.7,
                               "rollout_steps": 20, "evaluate": None, "policy": None,
                               "epsilon": 0.1}


@EXAMPLES
@given(data=st.data())
def test_search_agent_refuses_bad_arguments(data: st.DataObject) -> None:
    which = data.draw(st.sampled_from(["variant", *sorted(SEARCH_GOOD)]))
    bad = data.draw(junk)
    args = dict(SEARCH_GOOD)
    variant: Any = caravan
    if which == "variant":
        variant = bad
    else:
        args[which] = bad
    if _accepted_search_value(which, bad):
        return
    _refused("SearchAgent", lambda: SearchAgent(variant, **args))


def _accepted_search_value(which: str, value: Any) -> bool:
    """Return whether ``value`` is a good value of SearchAgent's argument ``which``."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if which == "evaluate":
        return value is None or callable(value)
    if which == "policy":
        return value is None
    if which == "rollout_steps" and value is None:
        return True
    if which in ("iterations", "rollout_steps"):
        return type(value) is int and value >= 1
    if which == "exploration":
        return number and 0 <= value < math.inf
    if which == "epsilon":
        return number and 0 <= value <= 1
    return False


@EXAMPLES
@given(data=st.data())
def test_play_refuses_bad_arguments(data: st.DataObject) -> None:
    which = data.draw(st.sampled_from(["variant", "agents", "seed", "options", "deal",
                                       "max_steps", "players"]))
    bad = data.draw(junk)
    seats = [RandomAgent(1), RandomAgent(2)]
    args: dict[str, Any] = {"variant": "caravan", "agents": seats, "seed": 3,
                            "options": None, "deal": None, "max_steps": 4, "players": None}
    if which in ("options", "deal", "players", "max_steps") and bad is None:
        return  # the default
    if which == "max_steps" and type(bad) is int and bad >= 0:
        return  # a bound after all
    if which == "options" and bad == {}:
        return  # no option named: the defaults
    if which == "agents" and (bad is None or bad == []):
        bad = {"x": 1}
    args[which] = bad
    before = [snapshot(a) for a in seats]
    _refused("play", lambda: agents.play(args["variant"], args["agents"], args["seed"],
                                         args["options"], deal=args["deal"],
                                         max_steps=args["max_steps"],
                                         players=args["players"]))
    if which != "agents":
        assert [snapshot(a) for a in seats] == before


def _agents_of_every_variant() -> list[tuple[str, str, Callable[[int], Any]]]:
    return [(game.NAME, label, build) for game in CHOICE
            for label, build in builders(game).items()]


AGENTS = _agents_of_every_variant()
BY_NAME = {game.NAME: game for game in CHOICE}
#: The agents that know no game: they check only the legal actions' container.
BLIND = ("random", "first")


@pytest.mark.parametrize(("name", "label", "build"), AGENTS,
                         ids=[f"{n}-{label}" for n, label, _ in AGENTS])
@EXAMPLES
@given(data=st.data())
def test_choose_refuses_junk(name: str, label: str, build: Callable[[int], Any],
                             data: st.DataObject) -> None:
    game = BY_NAME[name]
    _, observation, legal = decision(game)
    agent = build(5)
    which = data.draw(st.sampled_from(["legal"] if label in BLIND
                                      else ["observation", "legal", "action"]))
    if which == "observation":
        observation = data.draw(st.one_of(junk, st.sampled_from(
            [decision(other)[1] for other in CHOICE if other is not game]
            + [decision(game)[0]])))
    elif which == "legal":
        legal = data.draw(st.one_of(junk.filter(
            lambda v: type(v) not in (tuple, list) or not v), st.just(())))
    else:
        position = data.draw(st.integers(0, len(legal)))
        bad = data.draw(st.one_of(junk, st.sampled_from(
            [decision(other)[2][0] for other in CHOICE if other is not game])))
        legal = (*legal[:position], bad, *legal[position:])
    before = snapshot(agent)
    kept = repr(legal)
    _refused(f"choose/{label}", lambda: agent.choose(observation, legal))
    assert snapshot(agent) == before
    assert repr(legal) == kept


# What the misuse runs found, one by one (each accepted before, or raised Python's own
# error).


@pytest.mark.parametrize("seed", [None, -1, 2**64, 1.0, True, "1"])
def test_every_agent_refuses_a_seed_that_is_not_one(seed: Any) -> None:
    # The agents that draw nothing at random took any seed and dropped it.
    builds: list[Callable[[], object]] = [
        lambda: FirstAgent(seed), lambda: caravan.CaravanRuleBot(seed),
        lambda: agents.agent("first", "caravan", seed),
        lambda: agents.agent("heuristic", "caravan", seed),
    ]
    for game in CHOICE:
        builds.append(functools.partial(game.heuristic, seed))
        builds.append(functools.partial(agents.heuristic, game.NAME, seed))
    for build in builds:
        with pytest.raises(cardwar.rng.SeedError):
            build()


@pytest.mark.parametrize("epsilon", [True, False])
def test_search_agent_refuses_a_bool_epsilon(epsilon: bool) -> None:
    with pytest.raises(cardwar.search.SearchError, match="epsilon must be a number"):
        SearchAgent(caravan, epsilon=epsilon)


@pytest.mark.parametrize("evaluate", [3, "returns", object()])
def test_search_agent_refuses_an_evaluation_that_is_no_function(evaluate: Any) -> None:
    # It failed with TypeError at the first rollout it cut short.
    with pytest.raises(cardwar.search.SearchError, match="evaluate must be a function"):
        SearchAgent(caravan, evaluate=evaluate)


@pytest.mark.parametrize("max_steps", [-1, 1.5, "3", True])
def test_play_refuses_a_bad_max_steps(max_steps: Any) -> None:
    with pytest.raises(cardwar.errors.ArgumentError, match="max_steps must be an int"):
        agents.play("caravan", [RandomAgent(1), RandomAgent(2)], 3, max_steps=max_steps)


@pytest.mark.parametrize("players", [False, 3, "ab", ("human",), ("a", "b", "c"),
                                     ("a", 2), {"a", "b"}])
def test_play_refuses_players_that_do_not_name_each_seat(players: Any) -> None:
    # It built a record that could not be read back, or raised TypeError.
    with pytest.raises(cardwar.errors.ArgumentError, match="players must name who played"):
        agents.play("caravan", [RandomAgent(1), RandomAgent(2)], 3, max_steps=3,
                    players=players)
    record = agents.play("caravan", [RandomAgent(1), RandomAgent(2)], 3, max_steps=3,
                         players=["random", None])
    assert record.players == ("random", None)


def test_play_refuses_options_by_anything_but_name() -> None:
    with pytest.raises(cardwar.errors.ArgumentError, match="options must be"):
        agents.play("caravan", [RandomAgent(1), RandomAgent(2)], 3, {1: 2}, max_steps=3)
