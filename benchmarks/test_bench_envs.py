"""Benchmarks of the PettingZoo and Gymnasium environments beside the library's own id
loop, one seeded game of each variant (the workloads of ``env_ratio.py``, which prints
the same comparison as ratios per CPU-second).

Run with ``.venv/bin/python -m pytest benchmarks/test_bench_envs.py --benchmark-only``;
each ``envs-<variant>`` group times the loop and every environment.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from cardwar import variant
from env_ratio import GAMES, workloads

CASES = [(name, kind) for name in GAMES for kind in ("loop", "aec", "env", "gym", "parallel")
         if kind != "parallel" or variant(name).SIMULTANEOUS]


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_env_game(benchmark: BenchmarkFixture, name: str, kind: str) -> None:
    works = workloads(name, range(1))
    run = works["aec"][1] if kind == "loop" else works[kind][0]
    benchmark.group = f"envs-{name}"
    benchmark(run)
