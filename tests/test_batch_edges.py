"""``cardwar.batch`` at its edges: a machine without numpy (a real failed import, not a
stubbed helper), a worker without numba handed a batch-engine chunk, and variants given
as something that names no variant."""

from __future__ import annotations

import array
import sys

import pytest

import cardwar
from cardwar import _batch_numba, batch, peace
from tests.test_batch import batch_rows, reference_rows


def test_without_numpy_the_reference_engine_gives_plain_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Make `import numpy` fail, and forget the kernel module, whose import needs numpy.
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "cardwar._batch_numba")
    monkeypatch.delattr(cardwar, "_batch_numba")
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
    monkeypatch.setattr(_batch_numba, "COMPILED", False)
    with pytest.raises(RuntimeError, match=r"needs numba: pip install 'cardwar\[fast\]'"):
        next(stream)


@pytest.mark.parametrize("what", [7, None, object()])
def test_something_that_names_no_variant_is_refused(what: object) -> None:
    assert not batch.supports(what)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"plays war and peace only, got "):
        batch.simulate(what, seeds=[1])  # type: ignore[arg-type]
