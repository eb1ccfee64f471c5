"""The batch engines' Python glue hands every array to the compiled kernels in the dtype the
kernel declares in its signature (``I16`` for cards, ``I64`` for counts, ``U64`` for seeds
and generators, ``F64`` for observations and rewards, ``U8`` for masks).

numba compiles a kernel for whatever dtypes it is given, so an array of another dtype still
runs, but as another specialization: compiled again (seconds), with larger arrays and slower
loads, and on Windows under numpy 1 numpy's default integer is int32. Each entry point the
glue calls is wrapped here to check its array arguments against its annotations, before the
kernel runs, while ``batch.play``, ``batch.Games`` and Caravan's rollouts drive every game's
glue. (Checked after the call, a mutant of the glue with a ``float64`` deck timed out in the
mutation run while numba compiled for it, though it plays the same games.) These tests
need the ``fast`` extra (numba), which the ``test`` extra installs.
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from cardwar import batch, caravan

GAMES = ("arneson", "caravan", "cold-war", "generals")
#: The kernel functions the glue (``variants/<game>/_batch.py``) calls with arrays.
ENTRY_POINTS = ("play_games", "reset_games", "step_games", "rollouts")


def declared_dtypes(function: Callable[..., Any]) -> dict[str, np.dtype[Any]]:
    """Return the dtype each array parameter of ``function`` is annotated with
    (``NDArray[np.int16]`` and its aliases); parameters typed ``Any`` or as scalars are
    left out."""
    python = getattr(function, "py_func", function)
    dtypes: dict[str, np.dtype[Any]] = {}
    for name, hint in typing.get_type_hints(python).items():
        args = typing.get_args(hint)
        if typing.get_origin(hint) is np.ndarray and len(args) == 2:
            (scalar,) = typing.get_args(args[1])
            dtypes[name] = np.dtype(scalar)
    return dtypes


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Wrap every game's entry points: a call with an argument declared as an array that is
    not an array of the declared dtype fails before the kernel runs; the others are
    recorded as ``<game>.<function>``."""
    calls: set[str] = set()
    for game in GAMES:
        kernel = importlib.import_module(
            f"cardwar.variants.{game.replace('-', '_')}._batch_numba")
        for name in ENTRY_POINTS:
            function = getattr(kernel, name, None)
            if function is None:
                continue
            python = getattr(function, "py_func", function)
            parameters = python.__code__.co_varnames[:python.__code__.co_argcount]
            dtypes = declared_dtypes(function)
            key = f"{game}.{name}"

            def wrapper(*args: Any, _f: Any = function, _key: str = key,
                        _parameters: tuple[str, ...] = parameters,
                        _dtypes: dict[str, np.dtype[Any]] = dtypes, **kwargs: Any) -> Any:
                given = {**dict(zip(_parameters, args, strict=False)), **kwargs}
                wrong = [f"{p}: {getattr(value, 'dtype', type(value).__name__)}, "
                         f"declared {_dtypes[p]}"
                         for p, value in given.items()
                         if p in _dtypes and not (isinstance(value, np.ndarray)
                                                  and value.dtype == _dtypes[p])]
                # Before the kernel runs: numba would first compile it again for the
                # wrong types, for longer than a mutant's time limit.
                assert not wrong, f"{_key} given {'; '.join(wrong)}"
                calls.add(_key)
                return _f(*args, **kwargs)

            monkeypatch.setattr(kernel, name, wrapper)
    return calls


def test_the_annotations_read_name_the_arrays_dtypes() -> None:
    from cardwar.variants.caravan import _batch_numba as k

    dtypes = declared_dtypes(k.reset_games)
    assert dtypes["seeds"] == np.uint64
    assert dtypes["deck0"] == np.int16
    assert dtypes["cfg"] == np.int64
    assert dtypes["hand"] == np.int16
    assert dtypes["observation"] == np.float64
    assert dtypes["mask"] == np.uint8
    assert "seat" not in declared_dtypes(k.rollouts)  # a scalar


@pytest.mark.parametrize("game", GAMES)
def test_the_glue_gives_the_kernels_arrays_of_their_declared_dtypes(
    game: str, checked: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for agents in (None, ("heuristic",) * (3 if game == "cold-war" else 2)):
        for _ in batch.play(game, seeds=range(3), engine="numba", agents=agents):
            pass
    if game == "cold-war":
        from cardwar.variants.cold_war import _batch as cold_war_batch

        # Room for less than one position: the buffers the glue grows are checked too.
        monkeypatch.setattr(cold_war_batch.Stepper, "ROOM", (8, 1))
    games = batch.Games(game, [4, 5])
    for _ in range(4):
        games.step(np.array([int(np.flatnonzero(row)[0]) for row in games.legal_action_mask],
                            dtype=np.int64))
    if game == "cold-war":
        assert games._engine.seen.shape[1] > 8
        assert games._engine.starts.shape[1] > 1
    if game == "caravan":
        from cardwar.variants.caravan import _batch

        state = caravan.new_game(6)
        _batch.rollouts([state, caravan.new_game(7)], 0, caravan.legal_actions(state)[:3], 50)
    reached = {"play_games", "reset_games", "step_games"} | (
        {"rollouts"} if game == "caravan" else set())
    assert checked == {f"{game}.{name}" for name in reached}


def test_the_check_sees_an_array_of_another_dtype(
    checked: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: Arneson's deck handed over as numpy's default integer."""
    from cardwar.variants.arneson import _batch

    arguments = _batch.arguments

    def widened(*args: Any, **kwargs: Any) -> dict[str, Any]:
        given = arguments(*args, **kwargs)
        return {**given, "deck": given["deck"].astype(np.int64)}

    monkeypatch.setattr(_batch, "arguments", widened)
    with pytest.raises(AssertionError,
                       match=r"arneson\.play_games given deck: int64, declared int16"):
        for _ in batch.play("arneson", seeds=range(2), engine="numba"):
            pass
    assert "arneson.play_games" not in checked  # refused before the kernel ran
