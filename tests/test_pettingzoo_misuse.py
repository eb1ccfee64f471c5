"""The misuse suite of the PettingZoo environments: every public function and method given
junk of every kind (Hypothesis draws it: wrong types, numpy values, out-of-range ints,
text, containers, dicts with wrong keys or values) answers with one of cardwar's own
errors and changes nothing, or, for input that is in fact valid, does what the library
does with it.

Each surface tallies the bad inputs tried and any foreign exception (one that is not a
:class:`~cardwar.errors.CardwarError`); ``pytest -s`` prints the tally. With
``CARDWAR_MISUSE_TALLY=1`` a foreign exception is tallied instead of failing the test, to
survey a surface whole."""

from __future__ import annotations

import math
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwar
from cardwar.core import options_info
from cardwar.errors import CardwarError
from cardwar.pettingzoo import env, parallel_env, raw_env
from cardwar.variants import variant_names

#: Bad inputs tried and foreign exceptions seen, by surface.
TALLY: defaultdict[str, Counter[str]] = defaultdict(Counter)


def _names_no_variant(text: object) -> bool:
    """Return whether ``text`` is refused as a variant's name (Hypothesis also draws the
    string constants of the code under test, so junk text can name a variant)."""
    try:
        cardwar.variant(text)  # type: ignore[arg-type]
    except CardwarError:
        return True
    return False


#: Values of every kind, none of them an int.
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.complex_numbers(),
    st.text(max_size=12).filter(_names_no_variant),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([math.inf, -0.0, object(), type, Ellipsis, print, range(3), {0}, slice(1),
                     np.float64(0.5), np.float32(1.0), np.bool_(True), np.bool_(False),
                     np.array([0]), np.array(0.5), np.array("0"), np.array([[1]]),
                     np.str_("0"), np.bytes_(b"0"), np.array(0, dtype=object),
                     np.array([], dtype=np.int64), np.datetime64(0, "s"),
                     np.array(["ansi", "human"])]),
)

#: Ints of every size and numpy integers: an action id, a seat or a seed of some game.
ints = st.one_of(st.integers(-(2**70), 2**70), st.integers(-5, 4000),
                 st.integers(-5, 4000).map(np.int64), st.integers(0, 255).map(np.uint8),
                 st.integers(-5, 4000).map(np.array))


def attempt(surface: str, call: Callable[[], object], fingerprint: Callable[[], object],
            valid: Callable[[], bool] = lambda: False) -> None:
    """Call ``call`` on bad input: it must raise a :class:`CardwarError` and leave
    ``fingerprint()`` as it was, unless ``valid()`` says the input was in fact good."""
    before = fingerprint()
    TALLY[surface]["tried"] += 1
    try:
        call()
    except CardwarError:
        assert fingerprint() == before, surface
        return
    except Exception as err:  # a foreign exception: what this suite is here to find
        TALLY[surface][f"foreign {type(err).__name__}"] += 1
        if os.environ.get("CARDWAR_MISUSE_TALLY"):
            return
        raise AssertionError(f"{surface}: {type(err).__name__}: {err}") from err
    assert valid(), f"{surface} accepted what it should refuse"
    TALLY[surface]["valid"] += 1


@pytest.fixture(scope="module", autouse=True)
def _print_tally() -> Iterator[None]:
    yield
    for surface, counts in sorted(TALLY.items()):
        print(f"{surface}: {dict(counts)}")


NAMES = list(variant_names())
AEC = {name: raw_env(name) for name in NAMES}
WRAPPED = {name: env(name) for name in NAMES}
PARALLEL = {name: parallel_env(name) for name in ("war", "peace", "arneson")}


def aec_print(game: Any) -> tuple[Any, ...]:
    game = game.unwrapped
    table = game.table
    return (table.state, table.partial, table.steps, table.seed, game.agent_selection,
            dict(game.rewards), dict(game._cumulative_rewards), dict(game.terminations),
            dict(game.truncations), list(game.agents))


def parallel_print(game: Any) -> tuple[Any, ...]:
    table = game.table
    return table.state, table.partial, table.steps, table.seed, list(game.agents)


def _fresh(game: Any, seed: int) -> Any:
    game.reset(seed=seed)
    return game


@pytest.mark.parametrize("name", NAMES)
@given(action=st.one_of(junk, ints), seed=st.integers(0, 3), wrapped=st.booleans())
@settings(max_examples=40)
def test_aec_step(name: str, action: Any, seed: int, wrapped: bool) -> None:
    game = _fresh(WRAPPED[name] if wrapped else AEC[name], seed)
    mask = game.observe(game.agent_selection)["action_mask"]

    def valid() -> bool:
        return (isinstance(action, (int, np.integer, np.ndarray)) and not isinstance(
            action, bool) and np.asarray(action).dtype.kind in "iu"
            and np.asarray(action).shape == () and 0 <= int(action) < len(mask)
            and bool(mask[int(action)]))

    attempt("aec.step", lambda: game.step(action), lambda: aec_print(game), valid)


_FINISHED: dict[str, Any] = {}


def _finished(name: str) -> Any:
    """Return the AEC environment of ``name`` with a game played to its end (the first
    legal id at every step; War and Peace cut short by a battle limit)."""
    if name not in _FINISHED:
        short: dict[str, Any] = {"max_battles": 20} if name in ("war", "peace") else {}
        game = raw_env(name, **short)
        game.reset(seed=1)
        while not game.table.over:
            game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
        _FINISHED[name] = game
    return _FINISHED[name]


@pytest.mark.parametrize("name", NAMES)
@given(action=st.one_of(junk.filter(lambda a: a is not None), ints))
@settings(max_examples=30)
def test_aec_step_of_a_finished_agent(name: str, action: Any) -> None:
    # (None, the one valid action, is played in test_pettingzoo_errors.py.)
    game = _finished(name)
    attempt("aec.step(finished)", lambda: game.step(action), lambda: aec_print(game))


@pytest.mark.parametrize("name", NAMES)
@given(seed=junk, options=st.one_of(st.none(), st.just({}), junk))
@settings(max_examples=30)
def test_aec_reset(name: str, seed: Any, options: Any) -> None:
    game = _fresh(AEC[name], 2)
    attempt("aec.reset", lambda: game.reset(seed=seed, options=options),
            lambda: aec_print(game), lambda: seed is None and isinstance(options, dict | None))


@pytest.mark.parametrize("name", NAMES)
@given(agent=st.one_of(junk, ints, st.text(max_size=8), st.sampled_from(
    ["seat_2", "seat_9", "seat_-1", "SEAT_0", "seat_0 ", "seat_01"])))
@settings(max_examples=30)
def test_aec_agents(name: str, agent: Any) -> None:
    game = _fresh(AEC[name], 2)
    valid = lambda: agent in game.possible_agents  # noqa: E731
    for method in ("observe", "observation_space", "action_space"):
        attempt(f"aec.{method}", lambda m=method: getattr(game, m)(agent),  # type: ignore[misc]
                lambda: aec_print(game), valid)


@given(name=st.one_of(junk, ints), render_mode=st.one_of(st.none(), junk),
       maker=st.sampled_from([env, raw_env, parallel_env]))
@settings(max_examples=60)
def test_makers_with_junk(name: Any, render_mode: Any, maker: Any) -> None:
    attempt(f"{maker.__name__}(name, render_mode)", lambda: maker(name, render_mode),
            lambda: None)


@given(data=st.data(), maker=st.sampled_from([env, raw_env]))
@settings(max_examples=60)
def test_makers_with_junk_options(data: st.DataObject, maker: Any) -> None:
    name = data.draw(st.sampled_from(NAMES))
    variant = cardwar.variant(name)
    option = data.draw(st.sampled_from(
        [i.name for i in options_info(variant.Options)] + ["no_such_option", "render"]))
    value = data.draw(st.one_of(junk, ints))

    def valid() -> bool:
        try:
            variant.options(**{option: value})
        except CardwarError:
            return False
        return True

    attempt(f"{maker.__name__}(**options)", lambda: maker(name, **{option: value}),
            lambda: None, valid)


@given(render_mode=st.one_of(junk, st.text(max_size=8)),
       maker=st.sampled_from([env, raw_env, parallel_env]))
@settings(max_examples=60)
def test_makers_with_junk_render_modes(render_mode: Any, maker: Any) -> None:
    attempt(f"{maker.__name__}(render_mode)", lambda: maker("arneson", render_mode),
            lambda: None, lambda: render_mode is None or (type(render_mode) is str
                                           and render_mode in ("ansi", "human")))


@pytest.mark.parametrize("name", list(PARALLEL))
@given(actions=st.one_of(
    junk, ints,
    st.dictionaries(st.one_of(st.sampled_from(["seat_0", "seat_1", "seat_2", "SEAT_0"]),
                              st.none(), st.integers(), st.text(max_size=6), st.binary()),
                    st.one_of(junk, ints), max_size=4),
    st.fixed_dictionaries({"seat_0": st.one_of(junk, ints), "seat_1": st.one_of(junk, ints)}),
), seed=st.integers(0, 3))
@settings(max_examples=60)
def test_parallel_step(name: str, actions: Any, seed: int) -> None:
    game = PARALLEL[name]
    observations, _ = game.reset(seed=seed)

    def valid() -> bool:
        if not isinstance(actions, dict) or set(actions) != {"seat_0", "seat_1"}:
            return False
        for agent, action in actions.items():
            value = np.asarray(action)
            if isinstance(action, bool) or value.dtype.kind not in "iu" or value.shape != ():
                return False
            if game.table.game.AUTOMATIC:
                continue  # every id of every seat is taken, and the game plays its step
            mask = observations[agent]["action_mask"]
            if not 0 <= int(action) < len(mask) or not mask[int(action)]:
                return False
        return True

    attempt("parallel.step", lambda: game.step(actions), lambda: parallel_print(game), valid)


@pytest.mark.parametrize("name", list(PARALLEL))
@given(seed=junk, options=st.one_of(st.none(), st.just({}), junk),
       agent=st.one_of(junk, ints, st.text(max_size=8)))
@settings(max_examples=60)
def test_parallel_reset_and_agents(name: str, seed: Any, options: Any, agent: Any) -> None:
    game = PARALLEL[name]
    game.reset(seed=2)
    attempt("parallel.reset", lambda: game.reset(seed=seed, options=options),
            lambda: parallel_print(game),
            lambda: seed is None and isinstance(options, dict | None))
    for method in ("observation_space", "action_space"):
        attempt(f"parallel.{method}", lambda m=method: getattr(game, m)(agent),  # type: ignore[misc]
                lambda: parallel_print(game), lambda: agent in game.possible_agents)
