"""The pool loop behind ``cardwar simulate`` and ``cardwar tournament``: never more worker
processes than tasks or processors (``--jobs 12`` for two tasks once started 12 and ran
eight times slower than one process), and none for a single task."""

from __future__ import annotations

import multiprocessing.context
import os
from typing import Any

import pytest

from cardwar import _processes


def _square(x: int) -> int:
    return x * x


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the number of workers of every pool the loop starts."""
    started: list[int] = []
    original = multiprocessing.context.SpawnContext.Pool

    def recording(self: Any, processes: int | None = None, *args: Any, **kwargs: Any) -> Any:
        started.append(processes or 0)
        return original(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.context.SpawnContext, "Pool", recording)
    return started


def test_no_more_workers_than_tasks(pools: list[int]) -> None:
    tasks = [(1,), (2,)]
    assert list(_processes.in_processes(_square, tasks, 12)) == [1, 4]
    assert pools == [min(2, os.cpu_count() or 1)] or (os.cpu_count() == 1 and pools == [])


def test_one_task_runs_here(pools: list[int]) -> None:
    assert list(_processes.in_processes(_square, iter([(3,)]), 4)) == [9]
    assert list(_processes.in_processes(_square, [], 4)) == []
    assert pools == []


def test_no_more_workers_than_processors(pools: list[int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert list(_processes.in_processes(_square, [(n,) for n in range(5)], 8)) == [
        0, 1, 4, 9, 16]
    assert pools == []
