"""Solve a small game of cardwar with OpenSpiel's CFR+ and measure cardwar's own agents
against the solution: the game's value, the solver's exploitability by iterations, and
each agent's exploitability (as a policy both seats play) and value against the
equilibrium.

    python benchmarks/solved_games.py [--game STRING] [--iterations N]

The default game is the research page's small Arneson's War (ranks 2 and 3 of two suits,
hands of two, at most two battles). A larger one takes OpenSpiel's solvers far longer:
with three ranks and three battles, building the solver's tree alone did not end within
five minutes on the 2-core development machine. General's War cannot be loaded with a
reduced deck at all: no bound on its length is known for one (the research page says so).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import expected_game_score, exploitability

from cardwar import agents
from cardwar.openspiel import register

#: The small game of the research page.
GAME = "python_cardwar_arneson(ranks=2 3,suits=C D,hand_size=2,max_battles=2)"
#: cardwar's agents measured against the solution.
KINDS = ("random", "first", "heuristic", "search")


class AgentPolicy(os_policy.Policy):  # type: ignore[misc]  # OpenSpiel's is untyped
    """A cardwar agent as an OpenSpiel policy: at each decision, the agent of that kind
    (seeded 1, made afresh, so that the choice depends on the seat's observation alone)
    chooses, and the policy puts all its weight there; ``random`` is uniform."""

    def __init__(self, game: Any, kind: str) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.kind = kind
        self.variant = game.variant

    def action_probabilities(self, state: Any, player_id: int | None = None
                             ) -> dict[int, float]:
        legal = state.legal_actions()
        if self.kind == "random":
            return {a: 1.0 / len(legal) for a in legal}
        found, position = self.variant, state.node.state
        seat = found.to_act(position)
        agent = agents.agent(self.kind, found, 1)
        chosen = agent.choose(found.observe(position, seat), found.legal_actions(position))
        index = found.action_to_index(position.options, chosen)
        return {a: float(a == index) for a in legal}


def solve(game_string: str, iterations: int, report: bool = False
          ) -> tuple[Any, Any, list[tuple[int, float, float]]]:
    """Return the game, CFR+'s average policy after ``iterations``, and (iterations,
    exploitability, CPU-seconds) at each checkpoint."""
    register()
    game = pyspiel.load_game(game_string)
    start = time.process_time()
    solver = pyspiel.CFRPlusSolver(game)
    spent = time.process_time() - start  # the solver's time only, not the measuring's
    curve = []
    for it in range(1, iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if it in (1, 10, 30, 100, 300, 1000) or it == iterations:
            average = os_policy.pyspiel_policy_to_python_policy(
                game, solver.tabular_average_policy())
            curve.append((it, exploitability.exploitability(game, average), spent))
            if report:
                print(f"{it:6,} iterations: exploitability {curve[-1][1]:.6f} "
                      f"({spent:.1f} CPU-s)", flush=True)
    return game, average, curve


def measure(game: Any, equilibrium: Any, kind: str) -> tuple[float, float]:
    """Return an agent's exploitability (both seats playing it) and its expected return
    as seat 0 against the equilibrium."""
    played = AgentPolicy(game, kind)
    value = expected_game_score.policy_value(game.new_initial_state(), [played, equilibrium])
    return exploitability.exploitability(game, played), float(value[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAME, help="the OpenSpiel game string")
    parser.add_argument("--iterations", type=int, default=300, help="CFR+ iterations")
    args = parser.parse_args()
    game, average, _ = solve(args.game, args.iterations, report=True)
    value = expected_game_score.policy_value(game.new_initial_state(), [average, average])
    print(f"{args.game}: value for seat 0 {float(value[0]):+.6f}")
    print("agent      exploitability  return as seat 0 against the equilibrium")
    for kind in KINDS:
        expl, against = measure(game, average, kind)
        print(f"{kind:10} {expl:14.6f}  {against:+.6f}")


if __name__ == "__main__":
    main()
