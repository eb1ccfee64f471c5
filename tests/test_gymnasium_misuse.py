"""The misuse suite of the Gymnasium environment: every public method and argument given
junk of every kind answers with one of cardwar's own errors and changes nothing, or, for
input that is in fact valid, does what the library does with it (see
``test_pettingzoo_misuse.py``, whose junk and tally this suite shares)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwar
from cardwar import agents
from cardwar.core import options_info
from cardwar.errors import CardwarError
from cardwar.gymnasium import CardwarEnv
from cardwar.variants import variant_names
from tests.test_pettingzoo_misuse import TALLY, attempt, ints, junk

NAMES = list(variant_names())
ENVS = {(name, illegal): CardwarEnv(name, opponents="random", illegal_action=illegal)
        for name in NAMES for illegal in ("lose", "raise")}


@pytest.fixture(scope="module", autouse=True)
def _print_tally() -> Iterator[None]:
    yield
    for surface, counts in sorted(TALLY.items()):
        if surface.startswith("CardwarEnv"):
            print(f"{surface}: {dict(counts)}")


def fingerprint(env: CardwarEnv) -> tuple[Any, ...]:
    table = env.table
    return (table.state, table.partial, table.steps, table.seed, env.lost_by_illegal_action,
            dict(env._agents))


def _is_id(action: object) -> bool:
    value = np.asarray(action)
    return (not isinstance(action, (bool, np.bool_)) and value.dtype.kind in "iu"
            and value.shape == () and isinstance(action, (int, np.integer, np.ndarray)))


@pytest.mark.parametrize("name", NAMES)
@given(action=st.one_of(junk, ints), seed=st.integers(0, 3),
       illegal=st.sampled_from(["lose", "raise"]))
@settings(max_examples=40)
def test_step(name: str, action: Any, seed: int, illegal: str) -> None:
    env = ENVS[name, illegal]
    _, info = env.reset(seed=seed)
    mask = info["action_mask"]

    def valid() -> bool:
        # An id of the space: played if legal, and if not, lost on the spot (the
        # documented "lose").
        return _is_id(action) and 0 <= int(action) < len(mask) and (
            bool(mask[int(action)]) or illegal == "lose")

    attempt("CardwarEnv.step", lambda: env.step(action), lambda: fingerprint(env), valid)


@pytest.mark.parametrize("name", NAMES)
@given(seed=junk, options=st.one_of(st.none(), st.just({}), junk))
@settings(max_examples=30)
def test_reset(name: str, seed: Any, options: Any) -> None:
    env = ENVS[name, "lose"]
    env.reset(seed=2)
    attempt("CardwarEnv.reset", lambda: env.reset(seed=seed, options=options),
            lambda: fingerprint(env), lambda: seed is None and isinstance(options, dict | None))


def _made(**kwargs: Any) -> CardwarEnv:
    return CardwarEnv(**kwargs)


@given(name=st.one_of(junk, ints))
@settings(max_examples=40)
def test_construction_name(name: Any) -> None:
    attempt("CardwarEnv(name)", lambda: _made(name=name), lambda: None)


@given(name=st.sampled_from(NAMES), seat=st.one_of(junk, ints))
@settings(max_examples=40)
def test_construction_seat(name: str, seat: Any) -> None:
    attempt("CardwarEnv(seat)", lambda: _made(name=name, seat=seat, opponents="random"),
            lambda: None, lambda: type(seat) is int and 0 <= seat < 2)


@given(name=st.sampled_from(NAMES), opponents=st.one_of(
    junk, ints, st.lists(st.one_of(junk, ints, st.sampled_from(["random", "first", "smart"])),
                         max_size=3)))
@settings(max_examples=60)
def test_construction_opponents(name: str, opponents: Any) -> None:
    built: list[CardwarEnv] = []

    def make() -> None:
        built.append(_made(name=name, opponents=opponents))

    def valid() -> bool:
        # Accepted: then the first reset plays, or answers with cardwar's own error (a
        # callable that is no factory of agents, such as ``type``).
        with contextlib.suppress(CardwarError):
            built[0].reset(seed=1)
        return True

    attempt("CardwarEnv(opponents)", make, lambda: None, valid)


@given(name=st.sampled_from(NAMES), render_mode=st.one_of(junk, st.text(max_size=6)),
       illegal=st.one_of(junk, st.text(max_size=6)))
@settings(max_examples=40)
def test_construction_render_mode_and_illegal_action(name: str, render_mode: Any,
                                                     illegal: Any) -> None:
    attempt("CardwarEnv(render_mode)", lambda: _made(name=name, render_mode=render_mode),
            lambda: None, lambda: render_mode is None or (type(render_mode) is str
                                                          and render_mode in ("ansi", "human")))
    attempt("CardwarEnv(illegal_action)", lambda: _made(name=name, illegal_action=illegal),
            lambda: None, lambda: type(illegal) is str and illegal in ("lose", "raise"))


@given(data=st.data())
@settings(max_examples=40)
def test_construction_options(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    variant = cardwar.variant(name)
    option = data.draw(st.sampled_from(
        [i.name for i in options_info(variant.Options)] + ["no_such_option"]))
    value = data.draw(st.one_of(junk, ints))

    def valid() -> bool:
        try:
            variant.options(**{option: value})
        except CardwarError:
            return False
        return True

    attempt("CardwarEnv(**options)",
            lambda: _made(name=name, opponents="random", **{option: value}), lambda: None, valid)


def test_methods_without_arguments_in_every_phase() -> None:
    # action_masks, render and close before the first reset (Gymnasium's ResetNeeded,
    # its convention), during a game and after it.
    import gymnasium

    env = CardwarEnv("caravan", opponents=[agents.FirstAgent], render_mode="ansi")
    for call in (env.action_masks, env.render):
        with pytest.raises(gymnasium.error.ResetNeeded):
            call()
    env.close()
    env.reset(seed=1)
    assert env.action_masks().any()
    assert isinstance(env.render(), str)
    done = False
    while not done:
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        done = terminated or truncated
    assert not env.action_masks().any()
    assert isinstance(env.render(), str)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    env.close()
