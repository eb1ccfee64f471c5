"""Peace's batch engine: the War family's simulation (:mod:`cardwar.variants._battle._batch`)
given Peace's rules. Private: use :func:`cardwar.batch.simulate`."""

from cardwar.variants._battle._batch import TERMINATIONS, Simulation, unrepresentable
from cardwar.variants.peace import rules

__all__ = ["TERMINATIONS", "simulate", "simulate_reference", "unrepresentable"]

_SIMULATION = Simulation(rules)
#: Play the game of every seed in the compiled kernel (``Simulation.simulate``).
simulate = _SIMULATION.simulate
#: Play the game of every seed through ``step`` (``Simulation.simulate_reference``).
simulate_reference = _SIMULATION.simulate_reference
