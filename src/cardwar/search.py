"""An information-set Monte Carlo tree search agent: single observer, with
determinization (SO-ISMCTS, Cowling, Powley and Whitehouse, 2012).

The agent sees only its seat's observation. Each iteration draws a full state that the
observation allows (the variant's ``sample_state``, uniform among them), walks one tree
of action sequences from the seat's decision down that state, choosing among the actions
legal there by UCB1 with availability counts (an action is scored against the
iterations in which it could have been chosen), adds one node, plays the game on with
random moves for at most ``rollout_steps`` steps, and credits every node on the path with
the result for the seat that chose it (+1 a win, -1 a loss, 0 a draw or an unfinished
rollout). The action chosen most often at the root is played.

Everything random comes from the agent's own seeded generator, so with a budget in
iterations an agent's moves are a function of its seed and what it has seen. It works
for every variant that offers ``sample_state`` and reaches the game only through the
variant's functions.

>>> from cardwar import agents, arneson
>>> from cardwar.search import SearchAgent
>>> record = agents.play("arneson", [SearchAgent(arneson, seed=1, iterations=30),
...                                  agents.RandomAgent(2)], seed=5, max_steps=6)
>>> len(record.actions)
6
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import cardwar.core
from cardwar.core import Variant
from cardwar.errors import CardwarError, check_game_choice
from cardwar.rng import Rng, choose_index

__all__ = ["SearchAgent", "SearchError"]


#: The resolution of ``epsilon``: a playout move is random when a draw below this is
#: below ``epsilon`` times it.
_EPSILON_SCALE = 1 << 20


class SearchError(CardwarError, ValueError):
    """Raised for a search agent that cannot be built: a variant without
    ``sample_state``, or a budget that is not a positive int."""


class _Node:
    """One action sequence from the root: its statistics and its children by action."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Any, _Node] = {}


class SearchAgent:
    """Information-set Monte Carlo tree search for ``variant``, seeded by ``seed``.

    ``iterations``: determinizations searched per decision (the budget; with one legal
    action the agent plays it at once). ``exploration``: the UCB1 constant, for returns
    in [-1, 1]. ``rollout_steps``: the most steps a playout runs before the position is
    scored by ``evaluate`` (a value in [-1, 1] per seat; by default the variant's
    ``returns``, 0 for every seat of an unfinished game), or ``None`` to play every game
    out. ``policy``: an agent that plays the playouts instead of random moves (for every
    seat, from that seat's observation; a memoryless one, such as a variant's heuristic),
    each move random instead with probability ``epsilon``; it also picks which untried
    action a node tries first. Everything it draws at random must come from its own seed.
    """

    def __init__(self, variant: Variant, seed: int = 0, *, iterations: int = 200,
                 exploration: float = 0.7, rollout_steps: int | None = 200,
                 evaluate: Callable[[Any], Sequence[float]] | None = None,
                 policy: cardwar.core.Agent | None = None, epsilon: float = 0.1) -> None:
        if not callable(getattr(variant, "sample_state", None)):
            raise SearchError(f"variant {getattr(variant, 'NAME', variant)!r} offers no "
                              "sample_state, which the search needs")
        for name, value in (("iterations", iterations), ("rollout_steps", rollout_steps)):
            if value is None and name == "rollout_steps":
                continue
            if type(value) is not int or value < 1:
                raise SearchError(f"{name} must be an int >= 1, got {value!r}")
        self.variant = variant
        self._sample = variant.sample_state  # type: ignore[attr-defined]
        self.iterations = iterations
        # UCB1's constant: a finite number >= 0 (NaN would make every choice the first).
        if (isinstance(exploration, bool) or not isinstance(exploration, (int, float))
                or not 0.0 <= exploration < math.inf):
            raise SearchError(f"exploration must be a finite number >= 0, got {exploration!r}")
        self.exploration = float(exploration)
        self.rollout_steps = rollout_steps
        self._evaluate = variant.returns if evaluate is None else evaluate
        if policy is not None and not callable(getattr(policy, "choose", None)):
            raise SearchError(f"policy must be an agent (with choose), got {policy!r}")
        if evaluate is not None and not callable(evaluate):
            raise SearchError(f"evaluate must be a function of a state, got {evaluate!r}")
        if isinstance(epsilon, bool) or not (isinstance(epsilon, (int, float))
                                             and 0.0 <= epsilon <= 1.0):
            raise SearchError(f"epsilon must be a number in [0, 1], got {epsilon!r}")
        self.policy = policy
        self.epsilon = float(epsilon)
        self._rng = Rng.from_seed(seed)

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the legal action the search visited most (ties: the first listed).

        Raise :class:`~cardwar.errors.AgentError` when ``legal`` is empty or not a tuple
        or a list, :class:`~cardwar.errors.StateError` for an observation that is not
        one of the variant's, and :class:`~cardwar.errors.ActionTypeError` for a legal
        action that is not one of the variant's; nothing is drawn before."""
        check_game_choice(self, self.variant, observation, legal)
        if len(legal) == 1:
            return legal[0]
        root = _Node(observation.seat)
        rng = self._rng
        for _ in range(self.iterations):
            state, rng = self._sample(observation, rng)
            rng = self._iterate(root, state, rng)
        self._rng = rng
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _iterate(self, root: _Node, state: Any, rng: Rng) -> Rng:
        """Run one iteration of the search on the determinization ``state``."""
        game = self.variant
        outcome, to_act, legal_actions, step = (
            game.outcome, game.to_act, game.legal_actions, game.step)
        node = root
        path = [root]
        c = self.exploration
        while outcome(state) is None:
            seat = to_act(state)
            actions = legal_actions(state)
            if seat is None:  # a step nobody chooses: play it, outside the tree
                state = step(state, actions[0])
                continue
            children = node.children
            untried = [a for a in actions if a not in children]
            for a in actions:
                if a in children:
                    children[a].available += 1
            if untried:
                if self.policy is None:
                    i, rng = choose_index(rng, len(untried))
                    action = untried[i]
                else:
                    action = self.policy.choose(game.observe(state, seat), tuple(untried))
                child = children[action] = _Node(seat)
                child.available = 1
                path.append(child)
                state = step(state, action)
                break
            # UCB1 with availability: each child is scored against the iterations in
            # which it could have been chosen.
            best_value = -math.inf
            action = actions[0]
            for a in actions:
                ch = children[a]
                value = ch.total / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if value > best_value:
                    best_value, action = value, a
            node = children[action]
            path.append(node)
            state = step(state, action)
        steps = 0
        limit = self.rollout_steps
        policy = self.policy
        # epsilon as a count out of 2**20, drawn with the agent's own generator.
        random_below = round(self.epsilon * _EPSILON_SCALE)
        while outcome(state) is None and (limit is None or steps < limit):
            actions = legal_actions(state)
            seat = to_act(state)
            if policy is not None and seat is not None and len(actions) > 1:
                draw, rng = choose_index(rng, _EPSILON_SCALE)
                if draw >= random_below:
                    state = step(state, policy.choose(game.observe(state, seat), actions))
                    steps += 1
                    continue
            i, rng = choose_index(rng, len(actions))
            state = step(state, actions[i])
            steps += 1
        returns = game.returns(state) if outcome(state) is not None else self._evaluate(state)
        for n in path[1:]:  # every node below the root was chosen by a seat
            n.visits += 1
            n.total += returns[n.seat]
        root.visits += 1
        return rng

    def __repr__(self) -> str:
        policy = "" if self.policy is None else f", policy={self.policy!r}"
        return (f"SearchAgent({getattr(self.variant, 'NAME', '?')}, iterations="
                f"{self.iterations}, rollout_steps={self.rollout_steps}{policy})")
