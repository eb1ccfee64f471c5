"""The agents of Arneson's War: :class:`ArnesonHeuristic`, the game's simple heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command, and
:class:`ArnesonSearch`, a search over the states the seat's observation allows, which
:func:`search_agent` builds (the agent kind ``search``, and ``cardwar play``'s default
opponent).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwar.cards import Card, Rank
from cardwar.errors import AgentError, check_choice
from cardwar.rng import Rng, check_seed
from cardwar.sampling import sample_states
from cardwar.variants.arneson.rules import TITLE, Choose, WarPair
from cardwar.variants.arneson.sampling import sample_state
from cardwar.variants.arneson.view import Observation

__all__ = ["ArnesonHeuristic", "ArnesonSearch", "heuristic", "search_agent"]


def _strength(card: Card) -> int:
    return int(card.rank)  # a Joker is 15 (Rank.JOKER), above the Ace


class ArnesonHeuristic:
    """A simple player of Arneson's War: it plays an Ace when it holds one (no card can
    beat it), and otherwise gives up its lowest card (the cheapest loss, which keeps the
    strong cards for later); in a war, where the table is large, it plays its highest
    card. It keeps no memory and never draws at random.

    >>> from cardwar import arneson
    >>> hand = [arneson.Choose(arneson.parse_action(c).card) for c in ("3C", "KD", "9S")]
    >>> obs = arneson.observe(arneson.new_game(1), 0)
    >>> str(ArnesonHeuristic().choose(obs, tuple(hand)))
    '3C'
    """

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)  # it draws nothing at random

    def choose(self, observation: Observation, legal: tuple[Choose, ...]) -> Choose:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, Choose)
        ordered = sorted(legal, key=lambda a: _strength(a.card))
        best = ordered[-1]
        if observation.rounds or best.card.rank is Rank.ACE:
            return best
        return ordered[0]

    def __repr__(self) -> str:
        return "ArnesonHeuristic()"


def heuristic(seed: int) -> ArnesonHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return ArnesonHeuristic(seed)


def _heuristic_strength(hand: Sequence[Card], war: bool) -> int:
    """Return the strength of the card :class:`ArnesonHeuristic` plays from ``hand``."""
    best = max(_strength(c) for c in hand)
    if war or best == int(Rank.ACE):
        return best
    return min(_strength(c) for c in hand)


class ArnesonSearch:
    """A determinized search one round deep: for each decision it draws ``samples``
    states that its observation allows (:func:`~cardwar.variants.arneson.sample_state`,
    uniform among them, from its own seeded generator), predicts in each the card the
    opponent plays by :class:`ArnesonHeuristic`'s rule (its model of the opponent, from
    the opponent's hand there), and plays the card with the best mean value:

    - a won round is worth the opponent's cards on the table (two per card, since the
      cards change hands), a lost one loses its own; equal cards (a war) are worth 0;
    - minus ``spend`` per point of the card's rank, the cost of giving up a strong card
      that could win a later round (with ``spend`` near 0 it wins every round it can and
      runs out of strong cards; the default 0.5 is among the best values measured, see
      the docs' agents page).

    It beats the heuristic in about 85% of games. Its choices are a function of its
    seed and what it has seen.

    >>> from cardwar import agents, arneson
    >>> record = agents.play("arneson", [ArnesonSearch(1), arneson.heuristic(0)], seed=3)
    >>> record.outcome.winners
    (0,)
    """

    def __init__(self, seed: int = 0, *, samples: int = 16, spend: float = 0.5) -> None:
        if type(samples) is not int or samples < 1:
            raise AgentError(f"samples must be an int >= 1, got {samples!r}")
        if not isinstance(spend, (int, float)) or isinstance(spend, bool) or not spend >= 0:
            raise AgentError(f"spend must be a number >= 0, got {spend!r}")
        self.samples = samples
        self.spend = float(spend)
        self._rng = Rng.from_seed(seed)

    def choose(self, observation: Observation, legal: tuple[Choose, ...]) -> Choose:
        """Return the card with the best mean value over the sampled states."""
        check_choice(self, observation, Observation, TITLE, legal, Choose)
        if len(legal) == 1:
            return legal[0]
        me = observation.seat
        opp = 1 - me
        war = bool(observation.rounds)
        states, self._rng = sample_states(sample_state, observation, self._rng, self.samples)
        predicted: list[int] = []
        for state in states:
            first = state.committed[opp]
            pool = state.hands[opp] if first is None else (*state.hands[opp], first)
            predicted.append(_heuristic_strength(pool, war))
        # The cards each seat has on the table, won with the round (ARNESON-WAR: the war's
        # loser takes back the two cards that started it).
        table = [1 + observation.stakes[s] for s in (0, 1)]
        for turns in observation.rounds:
            for turn in turns:
                table[turn.seat] += 1 + turn.face_down
        if war and observation.options.war_pair is WarPair.LOSER:
            table = [n - 1 for n in table]
        gain, loss = 2 * table[opp], 2 * table[me]
        best, best_value = legal[0], -float("inf")
        for action in legal:
            mine = _strength(action.card)
            total = 0
            for theirs in predicted:
                total += gain if mine > theirs else -loss if mine < theirs else 0
            value = total / len(predicted) - self.spend * mine
            if value > best_value:
                best, best_value = action, value
        return best

    def __repr__(self) -> str:
        return f"ArnesonSearch(samples={self.samples}, spend={self.spend})"


def search_agent(seed: int) -> ArnesonSearch:
    """Return the game's search agent, :class:`ArnesonSearch`, seeded by ``seed``."""
    return ArnesonSearch(seed)
