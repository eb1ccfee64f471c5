"""The agents of Caravan: :class:`CaravanHeuristic`, the game's heuristic player, which
:func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar`` command,
and :class:`CaravanRuleBot`, a simple rule bot kept as a yardstick.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardwar.cards import Card
from cardwar.errors import AgentError, check_choice
from cardwar.rng import Rng, check_seed
from cardwar.variants.caravan.rules import (
    _EMPTY,
    _EQUAL,
    SALE_MAX,
    SALE_MIN,
    TITLE,
    Action,
    Caravan,
    Disband,
    Discard,
    Play,
    _apply_play,
    pip,
)
from cardwar.variants.caravan.view import Observation
from cardwar.variants.caravan.weights import DISBAND_COST, DISCARD_COST, FACE_COST, GAME, HELD

__all__ = ["CaravanHeuristic", "CaravanRollout", "CaravanRuleBot", "heuristic", "search_agent"]

#: The types of the game's actions, which its agents choose among.
_ACTIONS = (Play, Discard, Disband)


def _progress(value: int) -> float:
    """Return how far a caravan of ``value`` has come towards a sale: its value up to 21,
    and below zero once it is over 26 (it must lose cards or be disbanded)."""
    if value > SALE_MAX:
        return -8.0 - (value - SALE_MAX)
    return float(min(value, SALE_MIN))


def _position(mine: int, theirs: int) -> float:
    """Return the worth of a position to the seat whose caravan has value ``mine``, facing
    one of value ``theirs``: held (a caravan that sells and is not outbid) or lost, else
    the difference of their progress."""
    sells = SALE_MIN <= mine <= SALE_MAX
    they_sell = SALE_MIN <= theirs <= SALE_MAX
    if sells and (not they_sell or mine > theirs):
        return HELD
    if they_sell and (not sells or theirs > mine):
        return -HELD
    if sells:
        return 0.0  # both sell at the same value: nobody holds it yet
    return _progress(mine) - _progress(theirs)


def evaluate(caravans: Sequence[Caravan], seat: int) -> float:
    """Return the worth of the six ``caravans`` to ``seat``: the sum of its three positions
    (:func:`_position`), plus or minus the game's worth when every position is decided."""
    total = 0.0
    held = lost = 0
    for k in range(3):
        worth = _position(caravans[3 * seat + k].value, caravans[3 * (1 - seat) + k].value)
        total += worth
        held += worth == HELD
        lost += worth == -HELD
    if held + lost == 3:
        total += GAME if held >= 2 else -GAME
    return total


class CaravanHeuristic:
    """A one-move lookahead player of Caravan: it plays each legal action on the caravans
    it sees and keeps the one whose table is worth most (``evaluate``: a position held,
    a caravan that sells and is not outbid, is worth 30; a position undecided, how much
    closer to a sale its caravan is than the facing one, a caravan over 26 counting below
    zero; all three positions decided, the game). A face card or Joker costs 10 of that
    worth, a discard 1 and a disband 2, so it spends a face card only where it changes the
    table: a Jack on the opponent's leading caravan, a King that makes a sale, a Jack or
    a disband on its own caravan that went over 26. Ties go to the first legal action. It
    draws nothing at random and sees only the observation: no hidden card."""

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)  # it draws nothing at random

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        seat = observation.seat
        caravans = observation.caravans
        equal = _EQUAL[observation.options.equal_direction]
        unchanged = evaluate(caravans, seat)
        best = legal[0]
        best_worth = float("-inf")
        for action in legal:
            if isinstance(action, Play):
                after, _ = _apply_play(caravans, action.card, action.caravan, action.target,
                                       equal)
                worth = evaluate(after, seat)
                if pip(action.card) is None:
                    worth -= FACE_COST
            elif isinstance(action, Disband):
                c = action.caravan
                worth = evaluate((*caravans[:c], _EMPTY, *caravans[c + 1 :]), seat)
                worth -= DISBAND_COST
            else:
                worth = unchanged - DISCARD_COST
            if worth > best_worth:
                best, best_worth = action, worth
        return best

    def __repr__(self) -> str:
        return "CaravanHeuristic()"


class CaravanRollout:
    """A Monte Carlo rollout player of Caravan: it draws states consistent with its
    observation (:func:`~cardwar.variants.caravan.sample_state`, from its own
    generator seeded by ``seed``), as many as ``rollouts`` divided by the number of legal
    actions (at least ``min_samples``, at most ``max_samples``), so that a decision costs
    about the same whatever the position; plays each legal action in each of them and then both
    seats by :class:`CaravanHeuristic` to the end of the game, or for at most 1,000 moves
    after it, and weighs each action by its mean result (a win 1, a loss -1, a draw or a
    game cut by that bound 0, plus a tenth of the positions won more than the other seat).
    It plays the action of the best mean (the first legal one on a tie) only where it is
    sure enough: where its gain over the heuristic's own choice, state by state in the same
    samples, is more than ``confidence`` standard errors above 0; else it plays the
    heuristic's choice. Its playouts model the opponent as the heuristic, which is wrong
    against other players; trusting the heuristic where the playouts do not clearly
    disagree made it stronger against every agent measured (the docs' agents page).
    ``confidence=0`` plays the best mean whenever it beats the heuristic's choice at all.
    The playouts run in the batch engine's compiled kernel, so it needs the ``fast``
    extra. The same seed, samples and observations give the same choices."""

    def __init__(self, seed: int = 0, rollouts: int = 512, min_samples: int = 4,
                 max_samples: int = 64, confidence: float = 1.0) -> None:
        for name, value in (("rollouts", rollouts), ("min_samples", min_samples),
                            ("max_samples", max_samples)):
            if type(value) is not int or value < 1:
                raise AgentError(f"{name} must be an int >= 1, got {value!r}")
        if (not isinstance(confidence, (int, float)) or isinstance(confidence, bool)
                or not 0 <= confidence < math.inf):
            raise AgentError(f"confidence must be a number >= 0, got {confidence!r}")
        self._rng = Rng.from_seed(seed)
        self.rollouts = rollouts
        self.min_samples = min_samples
        self.max_samples = max(max_samples, min_samples)
        self.confidence = float(confidence)
        self._heuristic = CaravanHeuristic()

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        if len(legal) == 1:
            return legal[0]
        from cardwar.sampling import sample_states
        from cardwar.variants.caravan import _batch
        from cardwar.variants.caravan.sampling import sample_state

        samples = min(self.max_samples, max(self.min_samples, self.rollouts // len(legal)))
        states, self._rng = sample_states(sample_state, observation, self._rng, samples)
        results = _batch.rollouts(states, observation.seat, legal)
        best = int(results.mean(axis=0).argmax())
        usual = legal.index(self._heuristic.choose(observation, legal))
        if best == usual:
            return legal[best]
        gain = results[:, best] - results[:, usual]
        n = len(gain)
        spread = float(gain.std(ddof=1)) if n > 1 else 0.0
        sure = float(gain.mean()) > self.confidence * spread / math.sqrt(n)
        return legal[best if sure else usual]

    def __repr__(self) -> str:
        return (f"CaravanRollout(rollouts={self.rollouts}, min_samples={self.min_samples}, "
                f"max_samples={self.max_samples}, confidence={self.confidence})")


class CaravanRuleBot:
    """A simple rule bot, written from the description of the "normal" bot of the most
    widely used open-source Caravan engine, and kept as a yardstick for
    :class:`CaravanHeuristic` (the docs' agents page measures one against the other):

    - in its opening, the first number card of its hand on its first empty caravan;
    - then it disbands its first caravan over 26;
    - else, for each card of its hand in order: a number card goes on the first of its
      own caravans that is not already sold and leading, where it is legal, does not repeat
      the last card's rank and does not take the caravan over 26 (an empty caravan takes
      any); a face card or Joker goes on the last number card of the opponent's caravan
      with the most number cards (the first of them on a tie), where that is legal;
    - else it discards the first card of its hand (or, where it may not discard, plays
      the first legal action).

    It draws nothing at random.
    """

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)  # it draws nothing at random

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the action for ``observation`` described in the class docstring."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        seat = observation.seat
        caravans = observation.caravans
        mine = range(3 * seat, 3 * seat + 3)
        allowed = set(legal)
        if observation.opening[seat]:
            for card in observation.hand:
                if pip(card) is not None:
                    for c in mine:
                        play = Play(card, c)
                        if not caravans[c].piles and play in allowed:
                            return play
            return legal[0]
        for c in mine:
            if caravans[c].value > SALE_MAX and Disband(c) in allowed:
                return Disband(c)
        for card in observation.hand:
            value = pip(card)
            if value is None:
                attack = self._attack(card, caravans, seat)
                if attack is not None and attack in allowed:
                    return attack
                continue
            for c in mine:
                car, facing = caravans[c], caravans[(c + 3) % 6]
                if SALE_MIN <= car.value <= SALE_MAX and (
                    car.value > facing.value or facing.value > SALE_MAX
                ):
                    continue  # sold and leading
                play = Play(card, c)
                if play not in allowed:
                    continue
                if not car.piles:
                    return play
                if car.piles[-1].numeral.rank is not card.rank and car.value + value <= SALE_MAX:
                    return play
        discard = Discard(observation.hand[0])
        return discard if discard in allowed else legal[0]

    @staticmethod
    def _attack(card: Card, caravans: Sequence[Caravan], seat: int) -> Play | None:
        """Return the play of face card ``card`` on the last number card of the opponent's
        caravan with the most number cards, or ``None`` when all of them are empty."""
        theirs = range(3 * (1 - seat), 3 * (1 - seat) + 3)
        target = max(theirs, key=lambda c: (len(caravans[c].piles), -c))
        n = len(caravans[target].piles)
        return Play(card, target, n - 1) if n else None

    def __repr__(self) -> str:
        return "CaravanRuleBot()"


def heuristic(seed: int) -> CaravanHeuristic:
    """Return the game's heuristic agent (it draws nothing at random, so ``seed`` is
    unused)."""
    return CaravanHeuristic(seed)


def search_agent(seed: int) -> CaravanRollout:
    """Return the game's search agent, :class:`CaravanRollout`, seeded by ``seed``. It
    plays out in the batch engine's compiled kernel: without numba (the ``fast`` extra)
    raise :class:`~cardwar.errors.AgentError` (a ``ValueError``) that says so."""
    import importlib.util

    if importlib.util.find_spec("numba") is None:
        raise AgentError("Caravan's search agent, CaravanRollout, plays out in the batch "
                         "engine's compiled kernel, which needs numba: "
                         "pip install 'cardwar[fast]'")
    return CaravanRollout(seed)
