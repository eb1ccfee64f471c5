"""``cardwar.batch`` at its edges: a machine without numpy (a real failed import, not a
stubbed helper), a worker without numba handed a batch-engine chunk, and variants given
as something that names no variant; and the documented types of ``Games``' arrays."""

from __future__ import annotations

import array
import sys
from typing import Any, cast

import pytest

import cardwar
from cardwar import _kernels, batch, peace
from tests.test_batch import batch_rows, reference_rows


def test_without_numpy_the_reference_engine_gives_plain_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Make `import numpy` fail, and forget the kernels' toolkit, whose import needs numpy.
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "cardwar._kernels")
    monkeypatch.delattr(cardwar, "_kernels")
    assert batch.available_engines() == ("reference",)
    assert not batch.supports("peace")
    chunks = list(batch.simulate("peace", seeds=range(9), chunk_size=4))
    assert [c.engine for c in chunks] == ["reference"] * 3
    assert all(isinstance(c.winner, array.array) for c in chunks)
    assert [c.termination.typecode for c in chunks] == ["B"] * 3
    summary = batch.summarize(chunks)
    monkeypatch.undo()
    assert "numpy" in sys.modules
    assert sys.modules["numpy"] is not None
    assert batch_rows(chunks) == reference_rows(peace, peace.Options(), range(9))
    assert summary == batch.summarize(batch.simulate("peace", seeds=range(9), engine="reference"))


def test_a_worker_without_numba_refuses_a_batch_engine_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The run is planned where numba is installed; the chunk then runs where it is not
    # (a Dask worker without the fast extra): the worker says what is missing.
    stream = batch.simulate("war", seeds=[1, 2], engine="numba")
    monkeypatch.setattr(_kernels, "COMPILED", False)
    with pytest.raises(RuntimeError, match=r"needs numba: pip install 'cardwar\[fast\]'"):
        next(stream)


@pytest.mark.parametrize("what", [7, None, object()])
def test_something_that_names_no_variant_is_refused(what: object) -> None:
    assert not batch.supports(what)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"plays war and peace only, got "):
        batch.simulate(what, seeds=[1])  # type: ignore[arg-type]


@pytest.mark.rule("WAR-OUT")
@pytest.mark.parametrize("face_down", [51, 52, 53, 10**6, 2**64])
def test_more_face_down_cards_than_the_deck_plays_as_the_decks_size(face_down: int) -> None:
    # D9: face_down=2**64 failed inside numba. Above the deck's size every player is short
    # in every war whatever the number, so the kernel plays the deck's size: the same games
    # as step's, game for game.
    options = cardwar.war.options(face_down=face_down)
    seeds = range(40)
    got = batch_rows(batch.simulate("war", options, seeds=seeds, engine="numba"))
    assert got == reference_rows(cardwar.war, options, seeds)


@pytest.mark.parametrize("name", ["wars_to_win", "max_battles"])
def test_counts_beyond_64_bits_go_to_the_reference_engine(name: str) -> None:
    # D9: wars_to_win and max_battles of 2**64 or more failed inside numba.
    options = cardwar.war.options(**{name: 2**64})
    with pytest.raises(cardwar.OptionError, match=rf"^option '{name}': the numba engine "):
        list(batch.simulate("war", options, seeds=[1], engine="numba"))
    chunks = list(batch.simulate("war", options, seeds=range(5)))
    assert {c.engine for c in chunks} == {"reference"}
    assert batch_rows(chunks) == reference_rows(cardwar.war, options, range(5))
    # Just inside 64 bits, the compiled engine plays it.
    inside = cardwar.war.options(**{name: 2**63 - 1})
    fast = list(batch.simulate("war", inside, seeds=range(5), engine="numba"))
    assert batch_rows(fast) == reference_rows(cardwar.war, inside, range(5))


def test_borrowed_views_read_and_write_the_arrays_they_view() -> None:
    # The kernels take their arguments as borrowed views (no reference counting); those
    # must see and change the very memory of the arrays, whatever their layout.
    import numba
    import numpy as np

    assert _kernels.COMPILED, "the test extra installs numba"
    borrowed = _kernels.borrowed

    @numba.njit(cache=False)
    def use(a: Any, b: Any, c: Any) -> Any:
        a, b, c = borrowed(a), borrowed(b), borrowed(c)
        row = b[1]  # a view of a borrowed view
        row[2] = a[0] + 1
        c[1] = -a[0]
        return a.shape[0], b.shape[1], b.strides[0], c.shape[0], c.strides[0]

    a = np.array([41, 0, 0])
    b = np.zeros((3, 4), np.int64)
    grid = np.zeros((2, 6), np.int64)
    c = grid[1, ::2]  # not contiguous
    assert use(a, b, c) == (3, 4, 32, 3, 16)
    assert b[1, 2] == 42
    assert int(b.sum()) == 42
    assert grid[1, 2] == -41
    assert int(grid.sum()) == -41
    # As plain Python (the kernels' source under coverage) it is the array itself.
    assert borrowed(a) is a

    @numba.njit(cache=False)
    def scalar(x: Any) -> Any:
        return borrowed(x)

    with pytest.raises(numba.core.errors.TypingError, match="borrowed"):
        scalar(3)


def test_a_kernel_helper_compiles_once_for_plain_argument_types() -> None:
    # What a first run compiles: a helper called with a constant and with a variable is
    # compiled once, for int64 (not again for the literal type of the constant), and a
    # helper of `_inline_once` is inlined by LLVM, compiled once, not copied by numba
    # into every caller and typed there again.
    import numba
    from numba.core import types

    @numba.njit(cache=False)
    def add(x: Any, y: Any) -> Any:
        return x + y

    add = _kernels._plain_calls(add)

    @numba.njit(cache=False)
    def caller(x: Any) -> Any:
        return add(x, 1) + add(x, x)

    assert caller(2) == 7
    assert add.signatures == [(types.int64, types.int64)]
    options = cast(Any, _kernels._fraction).targetoptions
    assert options.get("forceinline") is True
    assert "inline" not in options


def test_the_kernels_fraction_is_the_tensor_writers() -> None:
    # The kernels' _fraction clips without a branch on the value: the same floats as
    # TensorWriter.fractions for values below 0, at 0, within, at and above the bound,
    # ints and floats, and for a bound of 0 or below (all 0).
    import numba

    from cardwar.encoding import TensorWriter

    @numba.njit(cache=False)
    def fraction(v: Any, bound: Any) -> float:
        return _kernels._fraction(v, bound)

    values: list[Any] = [-5, -1, 0, 1, 7, 25, 26, 27, 2**40, -0.5, 0.0, 1e-300, 0.3, 25.9999,
                         26.0, 26.5]
    for bound in (26, 26.0, 3, 0.7, 1, 0, -2):
        expected = TensorWriter((), len(values)).fractions(values, bound).values
        assert [fraction(v, bound) for v in values] == list(expected), bound


@pytest.mark.parametrize("variant", sorted(batch.Games.VARIANTS))
def test_games_arrays_have_the_documented_types(variant: str) -> None:
    """Games' arrays are of the types its attributes document, after the deal and after
    a step: observation and rewards float64, the legal-action mask uint8, the done flags
    bool, the seats to move and the turns int64."""
    import numpy as np

    games = batch.Games(variant, seeds=[1, 2])

    def types() -> list[Any]:
        return [games.observation.dtype, games.rewards.dtype, games.legal_action_mask.dtype,
                games.done.dtype, games.to_move.dtype, games.turns.dtype]

    documented = [np.float64, np.float64, np.uint8, np.bool_, np.int64, np.int64]
    assert types() == documented
    games.step(games.legal_action_mask.argmax(axis=1))
    assert types() == documented
    assert games.turns.tolist() == [1, 1]


@pytest.mark.parametrize("variant", sorted(batch.Games.VARIANTS))
def test_a_mask_written_by_hand_never_makes_an_illegal_move_legal(variant: str) -> None:
    """Writing into a mask is a common idiom of learning code: into Games' own arrays it
    fails at once, so the engine's legality check, which reads its own mask, stays true."""
    import numpy as np

    from cardwar.core import IllegalActionError

    games = batch.Games(variant, seeds=[1, 2])
    illegal = int(np.flatnonzero(games.legal_action_mask[0] == 0)[0])
    for name in ("legal_action_mask", "observation", "rewards", "turns"):
        array = getattr(games, name)
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
    with pytest.raises(ValueError, match="read-only"):
        games.legal_action_mask[0, illegal] = 1
    assert games.legal_action_mask[0, illegal] == 0
    ids = games.legal_action_mask.argmax(axis=1)
    ids[0] = illegal  # the caller's own array of ids may of course be written
    with pytest.raises(IllegalActionError, match="game 0: action id"):
        games.step(ids)
    assert games.turns.tolist() == [0, 0]
    # A copy is the caller's to change.
    mine = games.legal_action_mask.copy()
    mine[0, illegal] = 1
    assert games.legal_action_mask[0, illegal] == 0
