"""What the compiled kernels cost on a machine's first run: each ``cardwar simulate``
of the batch engine, one decision of Caravan's search agent and one step of Caravan's
vector environment, run in a fresh process with an empty numba cache, then again with
the cache it left, in CPU-seconds of the whole process.

    python benchmarks/compile_cost.py            # every run
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

#: Caravan's search agent (its ``rollouts`` kernel): one decision, from a game's second
#: move (after the opening's first card there are several legal actions).
_SEARCH = """
from cardwar import agents
from cardwar.variants import caravan
state = caravan.new_game(seed=1)
state = caravan.step(state, caravan.legal_actions(state)[0])
agent = caravan.CaravanRollout(seed=1, rollouts=64)
agent.choose(caravan.observe(state, caravan.to_act(state)), caravan.legal_actions(state))
"""

#: Caravan's vector environment (its ``step_against`` kernel): a reset and one step.
_VECTOR = """
import numpy as np
from cardwar.caravan.vector import CaravanVectorEnv
envs = CaravanVectorEnv(2)
envs.reset(seed=0)
envs.step(np.asarray(envs.action_masks()).argmax(axis=1))
"""

#: The arguments of ``python`` for each measure: a few games on the batch engine, one
#: decision of Caravan's search agent, one step of Caravan's vector environment.
RUNS = {
    "war": ["-m", "cardwar", "simulate", "war", "-n", "200", "--seed", "1", "--no-progress"],
    "peace": ["-m", "cardwar", "simulate", "peace", "-n", "200", "--seed", "1",
              "--no-progress"],
    "arneson": ["-m", "cardwar", "simulate", "arneson", "-n", "200", "--seed", "1",
                "--no-progress"],
    "cold-war": ["-m", "cardwar", "simulate", "cold-war", "-n", "200", "--seed", "1",
                 "--no-progress"],
    "generals": ["-m", "cardwar", "simulate", "generals", "-n", "200", "--seed", "1",
                 "--no-progress"],
    "caravan": ["-m", "cardwar", "simulate", "caravan", "-n", "200", "--seed", "1",
                "--no-progress"],
    "caravan-search": ["-c", _SEARCH],
    "caravan-vector": ["-c", _VECTOR],
}


def _cpu_of(args: list[str], cache: str) -> float:
    """Run ``python ARGS`` with numba's cache in ``cache``; return its CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "NUMBA_CACHE_DIR": cache})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(names: list[str]) -> None:
    for name in names or list(RUNS):
        with tempfile.TemporaryDirectory() as cache:
            cold = _cpu_of(RUNS[name], cache)
            warm = _cpu_of(RUNS[name], cache)
        print(f"{name:14} first run {cold:6.1f} CPU-s   cached {warm:5.1f} CPU-s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
