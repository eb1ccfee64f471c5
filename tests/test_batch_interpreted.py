"""The batch engine's kernel run as plain Python, against ``step``.

numba compiles the War family's kernels (``cardwar.variants._battle._batch_numba``, and
the draws of ``cardwar._kernels`` it imports), and coverage.py cannot trace compiled code.
Every compiled kernel keeps its Python source as ``py_func``; the fixture below puts those
functions in their modules' place (the kernels call one another through their modules'
globals), so that ``batch.simulate(..., engine="numba")`` runs the very
source numba compiles, line by line, as Python. The tests then require of it what
tests/test_batch.py requires of the compiled kernel: for every seed, the winner,
termination, number of battles and number of wars that the public ``new_game`` / ``step``
loop gives, over the fixed option combinations of tests/test_batch.py (every pickup order,
player counts, out_of_cards, war_joins, repeated_tie, spare_cards, wars_to_win,
max_battles, reduced and multiple decks) and over drawn ones. They also require the
interpreted and compiled kernels to agree, so the measured source is the code that runs.

Sizes by profile: ``ci`` and ``dev`` play 6 seeds per fixed combination, ``full`` 200.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from cardwar import _kernels, batch, peace, war
from cardwar.variants._battle import _batch_numba
from tests.test_batch import (
    _SEED_LISTS,
    PEACE_COMBINATIONS,
    WAR_COMBINATIONS,
    _ident,
    any_peace_options,
    any_war_options,
    batch_rows,
    reference_rows,
)

#: The kernels numba compiles, by name.
KERNELS = (
    "_mix64",
    "_below",
    "_shuffle",
    "_refill",
    "_take",
    "_put",
    "_same_position",
    "_save_position",
    "_play_game",
    "_play_games_kernel",
)
#: The modules the kernels call one another through (each by its own module's globals):
#: the War family's kernel, and the shared toolkit whose draws it imports.
MODULES = (_batch_numba, _kernels)


def _as_python(patch: pytest.MonkeyPatch) -> None:
    """Put the Python source of every kernel in its place, in each module that holds it."""
    for module in MODULES:
        for name in KERNELS:
            compiled = getattr(module, name, None)
            if compiled is not None:
                patch.setattr(module, name, compiled.py_func)


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run the batch engine's kernels as plain Python for the test's duration."""
    assert _batch_numba.COMPILED, "the test extra installs numba"
    _as_python(monkeypatch)
    # uint64 arithmetic wraps around by design (SplitMix64): numba says nothing, numpy
    # scalars warn; the wrapped value is the one wanted.
    with np.errstate(over="ignore"):
        yield


def _count(profile: str) -> int:
    return 200 if profile == "full" else 6


def check_equal(module: Any, options: Any, seeds: Any) -> None:
    """Require the (interpreted) batch engine to give the reference's rows for ``seeds``."""
    expected = reference_rows(module, options, seeds)
    got = batch_rows(batch.simulate(module, options, seeds=seeds, engine="numba"))
    assert len(got) == len(expected)
    for want, have in zip(expected, got, strict=True):
        assert have == want, f"seed {want[0]}: step gives {want}, the kernel as Python {have}"


def test_the_fixture_runs_the_kernels_as_python(interpreted: None) -> None:
    for name in KERNELS:
        held = [getattr(m, name) for m in MODULES if hasattr(m, name)]
        assert held, name
        assert all(inspect.isfunction(f) for f in held), name
    assert batch.available_engines() == ("numba", "reference")


@pytest.mark.parametrize("combination", WAR_COMBINATIONS, ids=_ident)
def test_interpreted_war_kernel_equals_step(
    combination: dict[str, Any], profile: str, interpreted: None
) -> None:
    check_equal(war, war.options(**combination), range(_count(profile)))


@pytest.mark.parametrize("combination", PEACE_COMBINATIONS, ids=_ident)
def test_interpreted_peace_kernel_equals_step(
    combination: dict[str, Any], profile: str, interpreted: None
) -> None:
    check_equal(peace, peace.options(**combination), range(_count(profile)))


def test_interpreted_war_kernel_when_every_player_is_short_at_once(interpreted: None) -> None:
    # WAR-OUT-ALL-SHORT: under out_of_cards=lose, when every player in a war is short of
    # the stake, nobody is put out and all play what they have. Drawn options reach this
    # only now and then; here it is reached on purpose, so the kernel's branch always runs.
    options = war.options(ranks="2 3", suits="SH", face_down=3, out_of_cards="lose")
    all_short = []
    for seed in range(12):
        record = war.step(war.new_game(seed, options), war.Play.PLAY).last
        assert record is not None
        if record.wars and all(t.face_down == 0 and not t.standing for t in record.rounds[1]):
            all_short.append(seed)
    assert all_short == [8, 11]
    check_equal(war, options, range(12))


# Drawn options: a fixture is set up once for all of a Hypothesis test's examples, which
# suits this one (it only swaps module attributes back at the end).
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=any_war_options(), seeds=_SEED_LISTS)
def test_interpreted_war_kernel_equals_step_for_drawn_options(
    interpreted: None, options: war.Options, seeds: list[int]
) -> None:
    check_equal(war, options, seeds)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=any_peace_options(), seeds=_SEED_LISTS)
def test_interpreted_peace_kernel_equals_step_for_drawn_options(
    interpreted: None, options: peace.Options, seeds: list[int]
) -> None:
    check_equal(peace, options, seeds)


def test_interpreted_and_compiled_kernels_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    # The source measured above is the code numba compiles: both give the same columns.
    options = war.options(players=3, pickup_order="win_pile", out_of_cards="lose")
    compiled = batch_rows(batch.simulate(war, options, master_seed=4, games=40))
    with monkeypatch.context() as patch, np.errstate(over="ignore"):
        _as_python(patch)
        chunks = list(batch.simulate(war, options, master_seed=4, games=40, engine="numba"))
    assert {c.engine for c in chunks} == {"numba"}
    assert batch_rows(chunks) == compiled
