"""The agents of General's War: :class:`GeneralsHeuristic`, the game's simple heuristic
player, which :func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar``
command, and :class:`GeneralsSearch`, a search over the states the seat's observation
allows, which :func:`search_agent` builds (the agent kind ``search``, and ``cardwar play``'s
default opponent).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwar.cards import Card, Rank
from cardwar.errors import AgentError, check_choice
from cardwar.rng import Rng, check_seed
from cardwar.sampling import sample_states
from cardwar.variants.generals.rules import (
    TITLE,
    Action,
    Challenge,
    Claim,
    Partner,
    Pass,
    Squad,
    card_value,
)
from cardwar.variants.generals.sampling import sample_state
from cardwar.variants.generals.view import Observation

__all__ = ["GeneralsHeuristic", "GeneralsSearch", "heuristic", "search_agent"]

#: The types of the game's actions, which its agents choose among.
_ACTIONS = (Claim, Pass, Challenge, Partner, Squad)


class GeneralsHeuristic:
    """A simple player of General's War: it claims a general whenever it may, lays the
    squad with the highest sum (which keeps its Aces, counted 1, out of danger), and
    takes the first choice of opponent or partner."""

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)  # it draws nothing at random

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return claims[0]
        squads = [a for a in legal if isinstance(a, Squad)]
        if squads:
            return max(squads, key=lambda a: sum(card_value(c) for c in a.cards))
        return legal[0]

    def __repr__(self) -> str:
        return "GeneralsHeuristic()"


def heuristic(seed: int) -> GeneralsHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return GeneralsHeuristic(seed)


#: What killing the generals that win the game is worth to :class:`GeneralsSearch`: more
#: than any battle's cards.
_DECISIVE = 1000.0


def _strongest(cards: Sequence[Card]) -> tuple[int, int]:
    """Return the sum and the number of Aces of the squad :class:`GeneralsHeuristic` lays
    from ``cards``: the three of highest value (or all of them)."""
    values = sorted((card_value(c) for c in cards), reverse=True)[:3]
    return sum(values), values.count(1)


class GeneralsSearch:
    """A determinized search one battle deep, for the squads of a duel: for each squad to
    choose it draws ``samples`` states that its observation allows
    (:func:`~cardwar.variants.generals.sample_state`, uniform among them, from its own
    seeded generator), predicts in each the opponent's squad by
    :class:`GeneralsHeuristic`'s rule (its model of the opponent: the strongest squad of
    the opponent's cards there, before any squad was committed), and lays the squad with
    the best mean value:

    - a won battle is worth the opponent's squad and their cards in the pot (twice, since
      the cards change piles), a lost one loses its own squad and pot; equal sums are
      worth 0 (the cards wait in the pot);
    - each general (Ace) killed is worth ``kill`` more, or lost, less; the kills that win
      the game (``kills_to_win``) decide it;
    - minus ``spend`` per point of the squad's sum: the cost of giving up strong cards
      that could win a later battle (the default 1.0 was among the best values measured,
      see the docs' agents page).

    Other choices (claims, opponents, partners) and the squads of a partnership battle are
    the heuristic's. Its choices are a function of its seed and what it has seen.

    >>> from cardwar import agents, generals
    >>> record = agents.play("generals", [GeneralsSearch(1), generals.heuristic(0)], seed=2)
    >>> record.outcome.winners
    (0,)
    """

    def __init__(self, seed: int = 0, *, samples: int = 32, spend: float = 1.0,
                 kill: float = 5.0) -> None:
        if type(samples) is not int or samples < 1:
            raise AgentError(f"samples must be an int >= 1, got {samples!r}")
        for name, value in (("spend", spend), ("kill", kill)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                raise AgentError(f"{name} must be a number >= 0, got {value!r}")
        self.samples = samples
        self.spend = float(spend)
        self.kill = float(kill)
        self._rng = Rng.from_seed(seed)
        self._heuristic = GeneralsHeuristic()

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the squad with the best mean value over the sampled states (any other
        choice: the heuristic's)."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        obs = observation
        me = obs.seat
        squads = [a for a in legal if isinstance(a, Squad)]
        duel = [side for side in obs.sides if me not in side]
        if (len(squads) < 2 or len(obs.sides) != 2 or len(duel) != 1 or len(duel[0]) != 1
                or any(len(side) != 1 for side in obs.sides)):
            return self._heuristic.choose(obs, legal)
        opp = duel[0][0]
        states, self._rng = sample_states(sample_state, obs, self._rng, self.samples)
        predicted: list[tuple[int, int]] = []
        for state in states:
            committed = state.squads[opp]
            pool = state.hands[opp] if committed is None else (*state.hands[opp], *committed)
            predicted.append(_strongest(pool))
        # The taker takes every pot; the Aces an opponent laid there are kills
        # (GENERALS-TIE, GENERALS-KILL).
        theirs_pot = sum(card_value(c) for s, pile in enumerate(obs.pot) if s != me
                         for c in pile)
        theirs_pot_aces = sum(c.rank is Rank.ACE for s, pile in enumerate(obs.pot) if s != me
                              for c in pile)
        mine_pot = sum(card_value(c) for c in obs.pot[me])
        to_win = obs.options.kills_to_win
        my_kills, their_kills = obs.kills[me][opp], obs.kills[opp][me]
        best, best_value = squads[0], -float("inf")
        seen: set[tuple[int, ...]] = set()
        for action in squads:
            values = tuple(card_value(c) for c in action.cards)
            if values in seen:  # suits do not matter: the same squad for the battle
                continue
            seen.add(values)
            mine, aces = sum(values), values.count(1)
            total = 0.0
            for their_sum, their_aces in predicted:
                if mine > their_sum:
                    killed = their_aces + theirs_pot_aces
                    total += 2 * (their_sum + theirs_pot) + self.kill * killed
                    if killed and my_kills + killed >= to_win:
                        total += _DECISIVE
                elif mine < their_sum:
                    total -= 2 * (mine + mine_pot) + self.kill * aces
                    if aces and their_kills + aces >= to_win:
                        total -= _DECISIVE
            value = total / len(predicted) - self.spend * mine
            if value > best_value:
                best, best_value = action, value
        return best

    def __repr__(self) -> str:
        return f"GeneralsSearch(samples={self.samples}, spend={self.spend}, kill={self.kill})"


def search_agent(seed: int) -> GeneralsSearch:
    """Return the game's search agent, :class:`GeneralsSearch`, seeded by ``seed``."""
    return GeneralsSearch(seed)
