"""What the compiled kernels cost on a machine's first run: each ``cardwar simulate``
of the batch engine (and Caravan's search agent) run in a fresh process with an empty
numba cache, then again with the cache it left, in CPU-seconds of the whole process.

    python benchmarks/compile_cost.py            # every variant
    python benchmarks/compile_cost.py caravan    # one

CPU-seconds, not wall time: on a shared machine they vary less. The figures are stated
in docs/simulation.md.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile

#: The command of each measure: a few games on the batch engine, and for Caravan one
#: decision of its search agent.
RUNS = {
    "war": ["simulate", "war", "-n", "200", "--seed", "1", "--no-progress"],
    "peace": ["simulate", "peace", "-n", "200", "--seed", "1", "--no-progress"],
    "arneson": ["simulate", "arneson", "-n", "200", "--seed", "1", "--no-progress"],
    "cold-war": ["simulate", "cold-war", "-n", "200", "--seed", "1", "--no-progress"],
    "generals": ["simulate", "generals", "-n", "200", "--seed", "1", "--no-progress"],
    "caravan": ["simulate", "caravan", "-n", "200", "--seed", "1", "--no-progress"],
}


def _cpu_of(args: list[str], cache: str) -> float:
    """Run ``python -m cardwar ARGS`` with numba's cache in ``cache``; return its CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "cardwar", *args], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "NUMBA_CACHE_DIR": cache})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(names: list[str]) -> None:
    for name in names or list(RUNS):
        with tempfile.TemporaryDirectory() as cache:
            cold = _cpu_of(RUNS[name], cache)
            warm = _cpu_of(RUNS[name], cache)
        print(f"{name:9} first run {cold:6.1f} CPU-s   cached {warm:5.1f} CPU-s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
