"""The agents of Cold War: :class:`ColdWarHeuristic`, the game's simple heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command, and
:class:`ColdWarSearch`, a search over the states the seat's observation allows, which
:func:`search_agent` builds (the agent kind ``search``, and ``cardwar play``'s default
opponent).
"""

from __future__ import annotations

from cardwar.errors import AgentError, check_choice
from cardwar.rng import Rng, check_seed
from cardwar.sampling import sample_states
from cardwar.variants.cold_war.rules import (
    TITLE,
    Play,
    State,
    card_points,
    hand_counts,
    legal_actions,
    step,
    to_act,
)
from cardwar.variants.cold_war.sampling import sample_state
from cardwar.variants.cold_war.view import Observation, observe

__all__ = ["ColdWarHeuristic", "ColdWarSearch", "heuristic", "search_agent"]


class ColdWarHeuristic:
    """A simple player of Cold War: when others have played in the round, it plays its
    lowest card that beats the best card on the table (a Joker last, declared just high
    enough), or, if none can, its lowest card; when it plays first, its highest card."""

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)  # it draws nothing at random

    def choose(self, observation: Observation, legal: tuple[Play, ...]) -> Play:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, Play)

        def strength(action: Play) -> tuple[bool, int]:
            rank = action.declared if action.declared is not None else action.card.rank
            return action.card.is_joker, int(rank)

        plain = [a for a in legal if not a.card.is_joker] or list(legal)
        if not observation.plays:
            return max(plain, key=lambda a: strength(a)[1])
        best = max(int(p.rank) for p in observation.plays)
        beating = [a for a in legal if strength(a)[1] > best]
        if beating:
            return min(beating, key=strength)
        return min(plain, key=lambda a: strength(a)[1])

    def __repr__(self) -> str:
        return "ColdWarHeuristic()"


def heuristic(seed: int) -> ColdWarHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return ColdWarHeuristic(seed)


#: What the end of the game is worth to :class:`ColdWarSearch`: more than any trick.
_DECISIVE = 10_000.0


def _material(state: State, seat: int) -> int:
    """Return what ``seat``'s cards would score if the deal ended now (COLDWAR-SCORE): its
    pool, and its hand if it has run out or under ``hand_score=everyone``."""
    pool = sum(card_points(c) for c in state.pools[seat])
    if not hand_counts(state.options, not state.active[seat]):
        return pool
    return pool + sum(card_points(c) for c in state.hands[seat])


class ColdWarSearch:
    """A determinized search one trick deep: for each decision it draws ``samples``
    states that its observation allows (:func:`~cardwar.variants.cold_war.sample_state`,
    uniform among them, from its own seeded generator), plays each legal action in each of
    them, then every seat (its own later choices in the trick included) by
    :class:`ColdWarHeuristic`'s rule (its model of the other players) until the trick is
    taken, and plays the action with the best mean value: what the seat would score if the
    deal ended then (its pool, and its hand where the hand counts: COLDWAR-SCORE) less
    the mean of the other players', gained against the position before; if the deal ends
    in the trick, the deal's scores (bombs included); if the game ends, a win or a loss
    outweighs everything.

    Its choices are a function of its seed and what it has seen.

    >>> from cardwar import agents, cold_war
    >>> seats = [ColdWarSearch(1), cold_war.heuristic(0), cold_war.heuristic(0)]
    >>> agents.play("cold-war", seats, seed=1).outcome.winners
    (0,)
    """

    def __init__(self, seed: int = 0, *, samples: int = 8) -> None:
        if type(samples) is not int or samples < 1:
            raise AgentError(f"samples must be an int >= 1, got {samples!r}")
        self.samples = samples
        self._rng = Rng.from_seed(seed)
        self._model = ColdWarHeuristic()

    def choose(self, observation: Observation, legal: tuple[Play, ...]) -> Play:
        """Return the action with the best mean value over the sampled states."""
        check_choice(self, observation, Observation, TITLE, legal, Play)
        if len(legal) == 1:
            return legal[0]
        me = observation.seat
        states, self._rng = sample_states(sample_state, observation, self._rng, self.samples)
        best, best_value = legal[0], -float("inf")
        for action in legal:
            total = sum(self._value(state, action, me) for state in states)
            if total > best_value:
                best, best_value = action, total
        return best

    def _value(self, state: State, action: Play, me: int) -> float:
        """Return the value for ``me`` of playing ``action`` in ``state``, the trick then
        played out by the model."""
        n = state.players
        before = [_material(state, s) for s in range(n)]
        tricks, deals = state.tricks, state.deals
        after = step(state, action)
        while (after.result is None and after.tricks == tricks and after.deals == deals):
            seat = to_act(after)
            assert seat is not None
            after = step(after, self._model.choose(observe(after, seat), legal_actions(after)))
        if after.result is not None:
            return _DECISIVE if me in after.result.winners else -_DECISIVE
        if after.deals != deals:
            # The deal was scored: its scores stand for what each player ends it with.
            now = [after.totals[s] - state.totals[s] for s in range(n)]
        else:
            now = [_material(after, s) for s in range(n)]
        gains = [now[s] - before[s] for s in range(n)]
        return gains[me] - sum(gains[s] for s in range(n) if s != me) / (n - 1)

    def __repr__(self) -> str:
        return f"ColdWarSearch(samples={self.samples})"


def search_agent(seed: int) -> ColdWarSearch:
    """Return the game's search agent, :class:`ColdWarSearch`, seeded by ``seed``."""
    return ColdWarSearch(seed)
