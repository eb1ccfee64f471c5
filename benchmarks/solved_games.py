"""Solve small games of cardwar and measure cardwar's own agents against the solutions:
the game's value, the solver's exploitability by iterations, and each agent's
exploitability (as a policy both seats play) and value against the equilibrium.

Two solvers:

- ``--tree NAME`` builds the game tree of one of :data:`TREES` from cardwar's public API
  (the explicit-chance mode of :mod:`cardwar.chance`: every deal, every legal action),
  in sequence form, each seat's information states being its observations once per
  change and its own actions (perfect recall, as in cardwar's OpenSpiel games), and
  runs CFR+ on it in numpy; exploitabilities are exact best responses on that tree.
  A squad of General's War is one action here (OpenSpiel picks it card by card, which
  gives the same game).

      python benchmarks/solved_games.py --tree generals-small --iterations 1000

- ``--game STRING`` loads an OpenSpiel game string and runs OpenSpiel's CFR+
  (``pyspiel.CFRPlusSolver``), with OpenSpiel's own exploitability:

      python benchmarks/solved_games.py --game "python_cardwar_arneson(...)" --iterations 300

With neither, the research page's small Arneson's War through OpenSpiel. Through
``--game`` the agents are measured only where an action is one id (not General's War,
whose squads OpenSpiel picks card by card). OpenSpiel's solvers walk the Python games
through ``apply_action`` and information state strings: with three ranks and three
battles of Arneson's War, building OpenSpiel's tree alone did not end within five
minutes on the 2-core development machine. The research page tabulates both.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import expected_game_score, exploitability

import cardwar
from cardwar import agents, chance
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


# --- cardwar's own tree, in sequence form, and CFR+ in numpy -----------------------------

#: The games ``--tree`` solves: (variant, options). ``*-tiny`` are the suite's.
TREES: dict[str, tuple[str, dict[str, Any]]] = {
    "arneson-tiny": ("arneson", {"ranks": "2 3", "suits": "C D", "hand_size": 2,
                                 "max_battles": 2}),
    "arneson-small": ("arneson", {"ranks": "2 3 4", "suits": "C D", "hand_size": 2,
                                  "max_battles": 2}),
    "arneson-three": ("arneson", {"ranks": "2 3 4", "suits": "C D", "hand_size": 2,
                                  "max_battles": 3}),
    "generals-tiny": ("generals", {"ranks": "A 2 3", "suits": "C D", "hand_size": 1,
                                   "claim_cards": 1, "target": 6, "first_dealer": 0}),
    "generals-small": ("generals", {"ranks": "A 2 3 4", "suits": "C D", "hand_size": 2,
                                    "claim_cards": 1, "target": 10}),
    "generals-squads": ("generals", {"ranks": "A 2 3", "suits": "C D", "hand_size": 2,
                                     "claim_cards": 1, "target": 6,
                                     "squad_size": "one_to_three"}),
}

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass
class Infoset:
    """An information state of a seat: the seat's sequence that leads to it, its legal
    actions, whose sequences are ``first``, ``first + 1``, ..., one of its states (the
    agents choose from the seat's observation, which all its states share) and its
    depth (the seat's decisions before it)."""

    parent: int
    actions: tuple[Any, ...]
    first: int
    state: Any
    depth: int


@dataclass
class Tree:
    """A two-player zero-sum game in sequence form: each seat's information states (in
    the order found, each after the one of its parent sequence) and sequences (0 is the
    empty one), and ``payoff[(s0, s1)]``, seat 0's return summed over the histories that
    end with the seats' sequences ``s0`` and ``s1``, each weighted by its chance
    probability; and the counts of decision nodes, terminal histories and chance
    nodes."""

    infosets: tuple[list[Infoset], list[Infoset]]
    sequences: tuple[int, int]
    payoff: dict[tuple[int, int], Any]
    decisions: int
    terminals: int
    chances: int


def build(game: Any, options: Any, exact: bool = False) -> Tree:
    """Return the tree of every history of a two-player ``game`` (a variant) under
    ``options``; chance probabilities are exact fractions with ``exact``, else floats.

    A seat's information state is the chain of its observations, once per change, and
    of its own actions, so that two histories share one exactly when they show the
    seat the same; every node is visited (no two histories merged)."""
    infosets: tuple[list[Infoset], list[Infoset]] = ([], [])
    owners: tuple[list[int], list[int]] = ([-1], [-1])
    index: tuple[dict[int, int], dict[int, int]] = ({}, {})
    payoff: dict[tuple[int, int], Any] = {}
    keys: dict[tuple[Any, ...], int] = {}
    counts = [0, 0, 0]

    def intern(item: tuple[Any, ...]) -> int:
        return keys.setdefault(item, len(keys))

    def walk(node: Any, reach: Any, seqs: tuple[int, int], key: tuple[int, int],
             last: tuple[Any, Any]) -> None:
        while chance.is_chance_node(node):
            counts[2] += 1
            outcomes = chance.chance_outcomes(node)
            p = outcomes[0][1] if exact else 1.0 / len(outcomes)
            for outcome, _ in outcomes[:-1]:
                walk(chance.apply_chance(node, outcome), reach * p, seqs, key, last)
            node, reach = chance.apply_chance(node, outcomes[-1][0]), reach * p
        state = node.state
        k, v = list(key), list(last)
        for seat in (0, 1):
            seen = game.observe(state, seat)
            if seen != v[seat]:
                k[seat], v[seat] = intern((k[seat], seen)), seen
        key, last = (k[0], k[1]), (v[0], v[1])
        if game.outcome(state) is not None:
            counts[1] += 1
            value = game.returns(state)[0]
            if value:
                won = Fraction(value) if exact else value
                payoff[seqs] = payoff.get(seqs, 0) + reach * won
            return
        counts[0] += 1
        seat = game.to_act(state)
        found = index[seat].get(key[seat])
        if found is None:
            actions = tuple(game.legal_actions(state))
            parent = seqs[seat]
            depth = 0 if parent == 0 else infosets[seat][owners[seat][parent]].depth + 1
            found = index[seat][key[seat]] = len(infosets[seat])
            infosets[seat].append(Infoset(parent, actions, len(owners[seat]), state, depth))
            owners[seat].extend([found] * len(actions))
        info = infosets[seat][found]
        for i, action in enumerate(info.actions):
            k = list(key)
            k[seat] = intern((key[seat], "played", action))
            s = list(seqs)
            s[seat] = info.first + i
            walk(chance.step(node, action), reach, (s[0], s[1]), (k[0], k[1]), last)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))  # a history and its chance nodes
    try:
        walk(chance.new_game(game, options), Fraction(1) if exact else 1.0, (0, 0),
             (intern(("seat", 0)), intern(("seat", 1))), (None, None))
    finally:
        sys.setrecursionlimit(limit)
    return Tree(infosets, (len(owners[0]), len(owners[1])), payoff, *counts)


def behaviour(game: Any, tree: Tree, seat: int, kind: str, exact: bool = False
              ) -> list[Any]:
    """Return the behaviour strategy of cardwar's agent ``kind`` at ``seat``: per
    sequence, the probability of its action at its information state (the agent made
    afresh, seeded 1, at each, so that it chooses from the seat's observation alone;
    ``random`` uniform); 1 for the empty sequence."""
    one: Any = Fraction(1) if exact else 1.0
    sigma: list[Any] = [one] * tree.sequences[seat]
    for info in tree.infosets[seat]:
        k = len(info.actions)
        if kind == "random":
            sigma[info.first:info.first + k] = [one / k] * k
            continue
        state = info.state
        chosen = agents.agent(kind, game, 1).choose(game.observe(state, seat),
                                                     game.legal_actions(state))
        sigma[info.first:info.first + k] = [one * (a == chosen) for a in info.actions]
    return sigma


def plan(tree: Tree, seat: int, sigma: list[Any]) -> list[Any]:
    """Return the realization plan of a behaviour strategy (exact with fractions)."""
    x = list(sigma)
    for info in tree.infosets[seat]:  # parents first
        for i in range(len(info.actions)):
            x[info.first + i] = x[info.parent] * sigma[info.first + i]
    return x


def best_response(tree: Tree, seat: int, other: list[Any]) -> Any:
    """Return what ``seat`` gets at best against the other seat's realization plan
    ``other`` (exact with fractions)."""
    sign = 1 if seat == 0 else -1
    g: list[Any] = [0] * tree.sequences[seat]
    for (s0, s1), value in tree.payoff.items():
        mine, theirs = (s0, s1) if seat == 0 else (s1, s0)
        g[mine] += sign * value * other[theirs]
    for info in reversed(tree.infosets[seat]):  # children first
        g[info.parent] += max(g[info.first:info.first + len(info.actions)])
    return g[0]


def exploitability_of(tree: Tree, x: list[Any], y: list[Any]) -> Any:
    """Return the exploitability of the plans ``x`` and ``y`` (OpenSpiel's: half of
    what best responses to them gain, both seats together)."""
    return (best_response(tree, 0, y) + best_response(tree, 1, x)) / 2


class _Seat:
    """One seat's sequences as arrays, by depth."""

    def __init__(self, infosets: list[Infoset], n: int) -> None:
        self.n = n
        self.starts: Ints = np.array([i.first for i in infosets], dtype=np.int64)
        self.sizes: Ints = np.array([len(i.actions) for i in infosets], dtype=np.int64)
        self.parent: Ints = np.zeros(n, dtype=np.int64)
        self.width: Ints = np.ones(n, dtype=np.int64)
        for i in infosets:
            self.parent[i.first:i.first + len(i.actions)] = i.parent
            self.width[i.first:i.first + len(i.actions)] = len(i.actions)
        depth = np.array([i.depth for i in infosets], dtype=np.int64)
        self.levels: list[tuple[Ints, Ints, Ints, Ints]] = []
        for d in range(int(depth.max()) + 1 if len(infosets) else 0):
            ids = np.flatnonzero(depth == d)
            seqs = np.concatenate([np.arange(self.starts[j], self.starts[j] + self.sizes[j])
                                   for j in ids])
            local = np.concatenate([[0], np.cumsum(self.sizes[ids])[:-1]]).astype(np.int64)
            parents = np.array([infosets[j].parent for j in ids], dtype=np.int64)
            self.levels.append((seqs, local, self.sizes[ids], parents))

    def matching(self, regrets: Floats) -> Floats:
        """Regret matching: the behaviour of each information state from its positive
        regrets (uniform where none is positive)."""
        sigma = np.ones(self.n)
        if len(self.starts):
            plus = np.maximum(regrets[1:], 0.0)
            total = np.repeat(np.add.reduceat(plus, self.starts - 1), self.sizes)
            sigma[1:] = np.where(total > 0, plus / np.where(total > 0, total, 1.0),
                                 1.0 / self.width[1:])
        return sigma

    def plan(self, sigma: Floats) -> Floats:
        x = np.zeros(self.n)
        x[0] = 1.0
        for seqs, _, _, _ in self.levels:
            x[seqs] = x[self.parent[seqs]] * sigma[seqs]
        return x

    def values(self, g: Floats, sigma: Floats | None) -> tuple[float, Floats]:
        """Return the seat's value given the payoffs ``g`` of its sequences (a best
        response's when ``sigma`` is ``None``) and each sequence's regret."""
        below = np.zeros(self.n)
        regret = np.zeros(self.n)
        for seqs, local, sizes, parents in reversed(self.levels):
            v = g[seqs] + below[seqs]
            if sigma is None:
                vi = np.maximum.reduceat(v, local)
            else:
                vi = np.add.reduceat(sigma[seqs] * v, local)
                regret[seqs] = v - np.repeat(vi, sizes)
            below += np.bincount(parents, weights=vi, minlength=self.n)
        return float(g[0] + below[0]), regret


class CfrPlus:
    """CFR+ (alternating updates, regrets floored at 0, the average weighted by the
    iteration) on a :class:`Tree`, in numpy."""

    def __init__(self, tree: Tree) -> None:
        self.seats = (_Seat(tree.infosets[0], tree.sequences[0]),
                      _Seat(tree.infosets[1], tree.sequences[1]))
        pairs = np.array(list(tree.payoff), dtype=np.int64).reshape(-1, 2)
        self.rows: Ints = pairs[:, 0]
        self.cols: Ints = pairs[:, 1]
        self.vals: Floats = np.array([float(v) for v in tree.payoff.values()])

    def gradient(self, seat: int, other: Floats) -> Floats:
        """Seat ``seat``'s payoff per sequence against the other seat's plan."""
        mine, theirs = (self.rows, self.cols) if seat == 0 else (self.cols, self.rows)
        sums = np.bincount(mine, weights=self.vals * other[theirs],
                           minlength=self.seats[seat].n)
        return np.asarray(sums if seat == 0 else -sums, dtype=np.float64)

    def value(self, x: Floats, y: Floats) -> float:
        """Seat 0's expected return under the plans ``x`` and ``y``."""
        return float(np.sum(self.vals * x[self.rows] * y[self.cols]))

    def best(self, seat: int, other: Floats) -> float:
        return self.seats[seat].values(self.gradient(seat, other), None)[0]

    def solve(self, iterations: int, report: bool = False
              ) -> tuple[Floats, Floats, list[tuple[int, float, float, float, float]]]:
        """Return the average plans after ``iterations`` and, at each checkpoint,
        (iterations, exploitability, the value's lower and upper bounds for seat 0,
        CPU-seconds of the iterations)."""
        a, b = self.seats
        ra, rb = np.zeros(a.n), np.zeros(b.n)
        sa, sb = a.matching(ra), b.matching(rb)
        xa, xb = np.zeros(a.n), np.zeros(b.n)
        weight, spent = 0.0, 0.0
        curve = []
        for t in range(1, iterations + 1):
            start = time.process_time()
            ra = np.maximum(ra + a.values(self.gradient(0, b.plan(sb)), sa)[1], 0.0)
            sa = a.matching(ra)
            pa = a.plan(sa)
            rb = np.maximum(rb + b.values(self.gradient(1, pa), sb)[1], 0.0)
            sb = b.matching(rb)
            xa += t * pa
            xb += t * b.plan(sb)
            weight += t
            spent += time.process_time() - start
            if t in (1, 10, 30, 100, 300, 1000, 3000, 10000) or t == iterations:
                x, y = xa / weight, xb / weight
                low, high = -self.best(1, x), self.best(0, y)
                curve.append((t, (high - low) / 2, low, high, spent))
                if report:
                    print(f"{t:6,} iterations: exploitability {curve[-1][1]:.2e}, value in "
                          f"[{low:+.6f}, {high:+.6f}] ({spent:.1f} CPU-s)", flush=True)
        return xa / weight, xb / weight, curve


def solve_tree(name: str, iterations: int) -> None:
    """Build and solve one of :data:`TREES`, printing sizes, convergence and agents."""
    variant, kwargs = TREES[name]
    game = cardwar.variant(variant)
    options = game.options(**kwargs)
    start = time.process_time()
    tree = build(game, options)
    built = time.process_time() - start
    print(f"{name}: {variant} {kwargs}")
    print(f"information states {len(tree.infosets[0]):,} and {len(tree.infosets[1]):,}, "
          f"sequences {tree.sequences[0]:,} and {tree.sequences[1]:,}; decision nodes "
          f"{tree.decisions:,}, terminal histories {tree.terminals:,}, chance nodes "
          f"{tree.chances:,}; built in {built:.1f} CPU-s", flush=True)
    solver = CfrPlus(tree)
    _, y, _ = solver.solve(iterations, report=True)
    print("agent      exploitability  return as seat 0 against the equilibrium")
    for kind in KINDS:
        start = time.process_time()
        p0 = solver.seats[0].plan(np.array(behaviour(game, tree, 0, kind)))
        p1 = solver.seats[1].plan(np.array(behaviour(game, tree, 1, kind)))
        expl = (solver.best(0, p1) + solver.best(1, p0)) / 2
        print(f"{kind:10} {expl:14.6f}  {solver.value(p0, y):+.6f} "
              f"({time.process_time() - start:.1f} CPU-s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="an OpenSpiel game string")
    parser.add_argument("--tree", choices=sorted(TREES), default=None,
                        help="solve one of these games on cardwar's own tree")
    parser.add_argument("--iterations", type=int, default=300, help="CFR+ iterations")
    args = parser.parse_args()
    if args.tree is not None:
        solve_tree(args.tree, args.iterations)
        return
    name = args.game or GAME
    game, average, _ = solve(name, args.iterations, report=True)
    value = expected_game_score.policy_value(game.new_initial_state(), [average, average])
    print(f"{name}: value for seat 0 {float(value[0]):+.6f}")
    if game.variant.partial_size(game.options):
        # A General's War squad is several ids there, not one action of an agent.
        print("the agents choose squads, which OpenSpiel picks card by card: see --tree")
        return
    print("agent      exploitability  return as seat 0 against the equilibrium")
    for kind in KINDS:
        expl, against = measure(game, average, kind)
        print(f"{kind:10} {expl:14.6f}  {against:+.6f}")


if __name__ == "__main__":
    main()
