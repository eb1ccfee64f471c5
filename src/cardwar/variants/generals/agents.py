"""The agents of General's War: :class:`GeneralsHeuristic`, the game's simple heuristic
player, which :func:`heuristic` builds for :func:`cardwar.agents.heuristic` and the ``cardwar``
command, and :class:`GeneralsSearch`, a search over the states the seat's observation
allows, which :func:`search_agent` builds (the agent kind ``search``, and ``cardwar play``'s
default opponent).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

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
    SquadSize,
    Tie,
    card_value,
    deck,
    squad_sizes,
)
from cardwar.variants.generals.sampling import sample_state, validate
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

#: The rules :class:`GeneralsSearch` weighs an opponent's squads by, in the order of its
#: weights: the strongest squad (the heuristic's rule), any squad alike, the weakest squad
#: (the first of the legal ones, which are in value order).
_MODELS = ("strongest", "uniform", "weakest")

#: The share of squads laid at random that the strongest and weakest rules allow, so that
#: one squad off their rule does not rule them out for the rest of the game.
_SLIP = 0.05

#: The prior weights of the rules of ``_MODELS``, from an opponent's first choice of a squad.
_PRIOR = (0.5, 0.25, 0.25)

#: The largest sum of a squad (three Kings).
_MOST = 39

#: Up to this many squads of an opponent's cards, the uniform rule counts every one;
#: above (a hand swollen by claims), the squads in the sampled hand's own random order.
_ENUMERATED = 35


def _strongest(cards: Sequence[Card]) -> tuple[int, int]:
    """Return the sum and the number of Aces of the squad :class:`GeneralsHeuristic` lays
    from ``cards``: the three of highest value (or all of them)."""
    values = sorted((card_value(c) for c in cards), reverse=True)[:3]
    return sum(values), values.count(1)


def _uniform(hand: Sequence[Card], committed: Sequence[Card] | None,
             sizes: tuple[int, ...]) -> list[list[int]]:
    """Return the values of squads of a sampled opponent, each a uniform draw of the
    squads of its cards: the squad it laid if it has laid one (the sampled squad is a
    uniform draw of the cards hidden), else every squad of ``hand`` if there are at most
    ``_ENUMERATED``, else consecutive squads of the largest size in the hand's order
    (which the sample draws uniformly)."""
    if committed is not None:
        return [[card_value(c) for c in committed]]
    values = [card_value(c) for c in hand]
    if sum(math.comb(len(values), k) for k in sizes) <= _ENUMERATED:
        return [list(squad) for k in sizes for squad in itertools.combinations(values, k)]
    k = sizes[-1]
    return [values[i:i + k] for i in range(0, len(values) - k + 1, k)]


class _Pending(NamedTuple):
    """What the seat knew of its opponent's choice when it chose its own squad: kept until
    the battle is resolved and the opponent's squad seen."""

    battles: int
    """Battles completed before this one."""
    opponent: int
    """The opponent's seat."""
    pool: int
    """The cards the opponent chooses its squad from (its hand and any squad laid)."""
    sizes: tuple[int, ...]
    """The sizes its squad may have, smallest first."""
    known: tuple[Card, ...]
    """Its revealed generals (cards of its pool the seat knows)."""
    hidden: tuple[Card, ...]
    """The cards the seat could not see (the rest of the opponent's pool among them)."""


def _likelihoods(pending: _Pending, squad: tuple[Card, ...]) -> tuple[float, ...] | None:
    """Return the chance of the opponent's ``squad`` under each rule of ``_MODELS``, up
    to a factor common to them (the chance that its pool held the squad), or ``None`` if
    the squad tells nothing (it had no choice) or cannot have come from ``pending``.

    Its pool is the squad, its revealed generals and ``rest`` other cards drawn uniformly
    from the hidden ones: the squad is the strongest when no other card is worth more than
    its lowest, the weakest when none is worth less than its highest, and each of its
    ``count`` squads is as likely as another under the uniform rule; the strongest and
    weakest rules lay a uniform squad in a share ``_SLIP`` of battles."""
    sizes = pending.sizes
    count = sum(math.comb(pending.pool, k) for k in sizes)
    if count <= 1 or len(squad) not in sizes:
        return None
    laid = set(squad)
    known = [card_value(c) for c in pending.known if c not in laid]
    hidden = [card_value(c) for c in pending.hidden if c not in laid]
    rest = pending.pool - len(squad) - len(known)
    if not 0 <= rest <= len(hidden):
        return None
    values = [card_value(c) for c in squad]
    low, high = min(values), max(values)
    ways = math.comb(len(hidden), rest)
    uniform = 1 / count
    strongest = weakest = 0.0
    if len(squad) == sizes[-1]:  # (the known cards are generals, Aces: worth 1)
        strongest = math.comb(sum(v <= low for v in hidden), rest) / ways
    if len(squad) == sizes[0] and all(v >= high for v in known):
        weakest = math.comb(sum(v >= high for v in hidden), rest) / ways
    return ((1 - _SLIP) * strongest + _SLIP * uniform, uniform,
            (1 - _SLIP) * weakest + _SLIP * uniform)


def _same_game(before: Observation, now: Observation) -> bool:
    """Return whether ``now`` can follow ``before`` in one game: the same seat and
    options, no count gone back (deals, battles, kills, scores), no card gone from a won
    pile within a deal, and ``before`` not the end of a game."""
    if (before.result is not None or now.seat != before.seat
            or now.options != before.options or now.deals < before.deals
            or now.battles < before.battles
            or any(a < b for a, b in zip(now.scores, before.scores, strict=True))
            or any(a < b for row, old in zip(now.kills, before.kills, strict=True)
                   for a, b in zip(row, old, strict=True))):
        return False
    return now.deals > before.deals or all(
        set(old) <= set(pile) for pile, old in zip(now.won, before.won, strict=True))


def _weights(logs: tuple[float, ...] | None) -> tuple[float, ...]:
    """Return the posterior weights of the rules of ``_MODELS`` given the log-likelihoods
    ``logs`` of what an opponent has laid (``None``: no choice seen, the strongest alone)."""
    if logs is None:
        return (1.0, 0.0, 0.0)
    top = max(logs)
    raw = [p * math.exp(x - top) for p, x in zip(_PRIOR, logs, strict=True)]
    total = sum(raw)
    return tuple(x / total for x in raw)


def _expected(obs: Observation, opp: int) -> _Pending:
    """Return what the seat of ``obs`` knows of ``opp``'s choice in the battle in front
    of it, to weigh the squad ``opp`` lays once it is seen."""
    pool = obs.hand_sizes[opp] + obs.committed_sizes[opp]
    seen = {*obs.hand, *(obs.squad or ()),
            *(c for s, shown in enumerate(obs.revealed) if s != obs.seat for c in shown),
            *(c for pile in (*obs.pot, *obs.won) for c in pile)}
    hidden = tuple(c for c in deck(obs.options) if c not in seen)
    return _Pending(obs.battles, opp, pool, squad_sizes(obs.options, pool), obs.revealed[opp],
                    hidden)


class GeneralsSearch:
    """A determinized search one battle deep, for the squads of a duel, against a model of
    the opponent learnt from the squads it has laid in the game so far; the last two
    battles of a deal are worked out exactly.

    The model weighs three rules of laying a squad: the strongest (:class:`GeneralsHeuristic`'s
    rule), any squad alike, and the weakest (the first legal squad, as the ``first`` agent
    lays). Until the opponent has chosen a squad among several in a duel with this seat,
    it is taken to lay its strongest. From then on the rules are weighed by their
    posterior chances (:meth:`weights`; the prior 0.5, 0.25, 0.25): each squad it lays is
    weighed under each rule, the rest of its cards drawn uniformly from those this seat
    did not see (the strongest rule allows no card worth more than the squad's lowest,
    the weakest none worth less than its highest, each of its squads is as likely under
    the uniform rule, and the other two lay a uniform squad in 5% of battles, so that one
    squad does not rule them out). What it learns is kept per opponent for one game: an
    observation that cannot follow the last one it saw (another seat or options, a count
    gone back: a new game) starts afresh. An observation that no game gives is refused
    with :class:`~cardwar.errors.ObservationError`, and nothing of it is kept.

    For each squad to choose it draws ``samples`` states that its observation allows
    (:func:`~cardwar.variants.generals.sample_state`, uniform among them, from its own
    seeded generator), predicts in each the opponent's squad under each rule, by its
    weight (from the opponent's cards there, a squad laid included: the strongest, each
    squad alike, the weakest), and lays the squad with the best mean value:

    - a won battle is worth the opponent's squad and their cards in the pot (twice, since
      the cards change piles), a lost one loses its own squad and pot; equal sums are
      worth 0 (the cards wait in the pot);
    - each general (Ace) killed is worth ``kill`` more, or lost, less; the kills that win
      the game (``kills_to_win``) decide it;
    - minus ``spend`` per point of the squad's sum: the cost of giving up strong cards
      that could win a later battle (the default 1.0 was among the best values measured,
      see the docs' agents page);
    - plus ``shed`` for each of its own generals in a squad that wins: a general kept in
      the hand must be laid some day, at the latest in the last battles of the deal,
      where it is often lost; laid in a won battle it is safe (the default 20 was among
      the best values measured).

    When the reserve is empty, the opponent's cards are all those this seat does not see
    and both will lay all they have left in the next battle (squads of three, at most six
    cards each), it draws nothing: it values each squad by this battle and the last one
    together, exactly, against each squad the rules predict (no spend: the deal's cards
    are shuffled anew after it), so that it keeps what its generals need for the last
    battle.

    With ``adapt=False`` it always predicts the strongest squad. Other choices (claims,
    opponents, partners) and the squads of a partnership battle are the heuristic's. Its
    choices are a function of its seed and what it has seen.

    >>> from cardwar import agents, generals
    >>> record = agents.play("generals", [GeneralsSearch(1), generals.heuristic(0)], seed=2)
    >>> record.outcome.winners
    (0,)
    """

    def __init__(self, seed: int = 0, *, samples: int = 32, spend: float = 1.0,
                 kill: float = 5.0, shed: float = 20.0, adapt: bool = True) -> None:
        if type(samples) is not int or samples < 1:
            raise AgentError(f"samples must be an int >= 1, got {samples!r}")
        for name, value in (("spend", spend), ("kill", kill), ("shed", shed)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                raise AgentError(f"{name} must be a number >= 0, got {value!r}")
        if type(adapt) is not bool:
            raise AgentError(f"adapt must be a bool, got {adapt!r}")
        self.samples = samples
        self.spend = float(spend)
        self.kill = float(kill)
        self.shed = float(shed)
        self.adapt = adapt
        self._rng = Rng.from_seed(seed)
        self._heuristic = GeneralsHeuristic()
        self._seen: Observation | None = None
        self._pending: _Pending | None = None
        self._logs: dict[int, tuple[float, ...]] = {}

    def weights(self, seat: int) -> tuple[float, ...]:
        """Return the weights the agent gives the squads of ``seat``, in the game it last
        saw, under its three rules (see the class): the strongest squad, any squad alike,
        the weakest squad. ``(1.0, 0.0, 0.0)`` until that seat has chosen a squad among
        several in a duel with it (and always with ``adapt=False``), then the posterior
        chances of the rules."""
        return _weights(self._logs.get(seat) if self.adapt else None)

    def _follow(self, obs: Observation
                ) -> tuple[_Pending | None, dict[int, tuple[float, ...]]]:
        """Return what the agent keeps once it has seen ``obs`` (the battle it waits to
        see, its log-likelihoods per opponent), changing nothing: the opponent's squad in
        the battle this seat last chose a squad for is taken in, or a new game starts."""
        pending, logs = self._pending, self._logs
        if self._seen is None or not _same_game(self._seen, obs):
            pending, logs = None, {}
        if pending is None or obs.battles == pending.battles:
            return pending, logs
        last = obs.last
        if (obs.battles != pending.battles + 1 or last is None
                or not any(pending.opponent in side for side in last.sides)):
            return None, logs
        opp = pending.opponent
        if opp >= len(last.squads):
            return None, logs  # (validate checks the squads' types, not their number)
        chances = _likelihoods(pending, last.squads[opp])
        if chances is None:
            return None, logs
        old = logs.get(opp, (0.0,) * len(_MODELS))
        return None, {**logs, opp: tuple(x + math.log(c)
                                         for x, c in zip(old, chances, strict=True))}

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """Return the squad with the best mean value over the sampled states (any other
        choice: the heuristic's)."""
        check_choice(self, observation, Observation, TITLE, legal, _ACTIONS)
        obs = observation
        pending: _Pending | None = None
        logs: dict[int, tuple[float, ...]] = {}
        if self.adapt:
            # What it keeps of the game is read from observations a game can give: others
            # are refused (ObservationError). Nothing is kept until the choice is made.
            validate(obs)
            pending, logs = self._follow(obs)
        me = obs.seat
        squads = [a for a in legal if isinstance(a, Squad)]
        duel = [side for side in obs.sides if me not in side]
        action: Action
        if (not squads or len(obs.sides) != 2 or len(duel) != 1 or len(duel[0]) != 1
                or any(len(side) != 1 for side in obs.sides)):
            action = self._heuristic.choose(obs, legal)
        else:
            opp = duel[0][0]
            if self.adapt:
                pending = _expected(obs, opp)
            weights = _weights(logs.get(opp))
            if len(squads) < 2:
                action = squads[0]
            else:
                last = self._last_battles(obs, opp, squads, weights)
                if last is None:
                    last, self._rng = self._search(obs, opp, squads, weights)
                action = last
        if self.adapt:
            self._seen, self._pending, self._logs = obs, pending, logs
        return action

    def _last_battles(self, obs: Observation, opp: int, squads: list[Squad],
                      weights: tuple[float, ...]) -> Squad | None:
        """Return the squad with the best value over the last two battles of the deal,
        worked out exactly, if the reserve is empty, the opponent's cards are the cards
        this seat does not see, and the battle after this one is the last (both will
        lay what is left); else ``None``."""
        opts = obs.options
        pool = obs.hand_sizes[opp] + obs.committed_sizes[opp]
        if opts.squad_size is not SquadSize.THREE or any(obs.reserve_sizes):
            return None
        if len(obs.hand) > 6 or pool > 6:
            return None
        me = obs.seat
        seen = {*obs.hand, *(obs.squad or ()),
                *(c for s, shown in enumerate(obs.revealed) if s != me for c in shown),
                *(c for pile in (*obs.pot, *obs.won) for c in pile)}
        hidden = [c for c in deck(opts) if c not in seen]
        if len(hidden) != pool - len(obs.revealed[opp]):
            return None
        theirs = sorted([card_value(c) for c in (*hidden, *obs.revealed[opp])])
        strong, even, weak = weights
        k = min(3, len(theirs))
        predicted: list[tuple[tuple[int, ...], float]] = [(tuple(theirs[-k:]), strong)]
        if weak:
            predicted.append((tuple(theirs[:k]), weak))
        if even:
            every = list(itertools.combinations(theirs, k))
            predicted.extend((t, even / len(every)) for t in every)
        mine_pot = [card_value(c) for c in obs.pot[me]]
        theirs_pot = [card_value(c) for s, pile in enumerate(obs.pot) if s != me for c in pile]
        carry = opts.tie is Tie.CARRY
        to_win = opts.kills_to_win
        kill = self.kill

        def battle(mine: Sequence[int], their: Sequence[int], pot_m: list[int],
                   pot_t: list[int], km: int, kt: int
                   ) -> tuple[float, list[int], list[int], int, int, bool]:
            a, b = sum(mine), sum(their)
            if a > b:
                killed = their.count(1) + pot_t.count(1)
                gain = 2 * (b + sum(pot_t)) + kill * killed
                km += killed
                over = bool(killed) and km >= to_win
                return gain + (_DECISIVE if over else 0.0), [], [], km, kt, over
            if a < b:
                lost = mine.count(1) + pot_m.count(1)
                cost = 2 * (a + sum(pot_m)) + kill * lost
                kt += lost
                over = bool(lost) and kt >= to_win
                return -cost - (_DECISIVE if over else 0.0), [], [], km, kt, over
            if carry:
                return 0.0, [*pot_m, *mine], [*pot_t, *their], km, kt, False
            return 0.0, [], [], km, kt, False

        def left(cards: Sequence[int], laid: Sequence[int]) -> list[int]:
            out = list(cards)
            for v in laid:
                out.remove(v)
            return out

        hand = [card_value(c) for c in obs.hand]
        my_kills, their_kills = obs.kills[me][opp], obs.kills[opp][me]
        best, best_value = squads[0], -float("inf")
        seen_values: set[tuple[int, ...]] = set()
        for action in squads:
            values = tuple(card_value(c) for c in action.cards)
            if values in seen_values:
                continue
            seen_values.add(values)
            rest = left(hand, values)
            total = 0.0
            for their, weight in predicted:
                value, pot_m, pot_t, km, kt, over = battle(
                    values, their, mine_pot, theirs_pot, my_kills, their_kills)
                others = left(theirs, their)
                if not over and rest and others:
                    value += battle(rest, others, pot_m, pot_t, km, kt)[0]
                total += weight * value
            if total > best_value:
                best, best_value = action, total
        return best

    def _search(self, obs: Observation, opp: int, squads: list[Squad],
                weights: tuple[float, ...]) -> tuple[Squad, Rng]:
        """Return the squad of ``squads`` with the best mean value (see the class), the
        opponent's rules weighed by ``weights``, and the agent's generator advanced past
        the states it drew."""
        me = obs.seat
        strong, even, weak = weights
        states, rng = sample_states(sample_state, obs, self._rng, self.samples)
        # The taker takes every pot; the Aces an opponent laid there are kills
        # (GENERALS-TIE, GENERALS-KILL).
        theirs_pot = sum(card_value(c) for s, pile in enumerate(obs.pot) if s != me
                         for c in pile)
        theirs_pot_aces = sum(c.rank is Rank.ACE for s, pile in enumerate(obs.pot) if s != me
                              for c in pile)
        mine_pot = sum(card_value(c) for c in obs.pot[me])
        to_win = obs.options.kills_to_win
        my_kills, their_kills = obs.kills[me][opp], obs.kills[opp][me]
        # gains[t]: what beating the squads predicted to sum t is worth, by their weights;
        # mass[t]: their weight.
        gains = [0.0] * (_MOST + 2)
        mass = [0.0] * (_MOST + 2)

        def predict(total: int, aces: int, weight: float) -> None:
            killed = aces + theirs_pot_aces
            gain = 2 * (total + theirs_pot) + self.kill * killed
            if killed and my_kills + killed >= to_win:
                gain += _DECISIVE
            gains[total] += weight * gain
            mass[total] += weight

        for state in states:
            hand, committed = state.hands[opp], state.squads[opp]
            pool = hand if committed is None else (*hand, *committed)
            predict(*_strongest(pool), strong)
            sizes = squad_sizes(obs.options, len(pool))
            if weak:
                lowest = sorted(card_value(c) for c in pool)[:sizes[0]]
                predict(sum(lowest), lowest.count(1), weak)
            if even:
                drawn = _uniform(hand, committed, sizes)
                for squad in drawn:
                    predict(sum(squad), squad.count(1), even / len(drawn))
        # below[t]: the worth of beating every squad predicted to sum less than t;
        # from_[t]: the weight of those predicted to sum t or more.
        below = list(itertools.accumulate(gains, initial=0.0))
        from_ = list(itertools.accumulate(reversed(mass), initial=0.0))[::-1]
        weight = sum(mass)
        won = list(itertools.accumulate(mass, initial=0.0))
        best, best_value = squads[0], -float("inf")
        seen: set[tuple[int, ...]] = set()
        for action in squads:
            values = tuple(card_value(c) for c in action.cards)
            if values in seen:  # suits do not matter: the same squad for the battle
                continue
            seen.add(values)
            mine, aces = sum(values), values.count(1)
            cost = 2 * (mine + mine_pot) + self.kill * aces
            if aces and their_kills + aces >= to_win:
                cost += _DECISIVE
            # A general laid in a battle won is safe (won[mine]: the weight of the squads
            # predicted below it).
            shed = self.shed * aces * won[mine] if aces else 0.0
            value = (below[mine] + shed - cost * from_[mine + 1]) / weight - self.spend * mine
            if value > best_value:
                best, best_value = action, value
        return best, rng

    def __repr__(self) -> str:
        shed = "" if self.shed == 20.0 else f", shed={self.shed}"
        adapt = "" if self.adapt else ", adapt=False"
        return (f"GeneralsSearch(samples={self.samples}, spend={self.spend}, "
                f"kill={self.kill}{shed}{adapt})")


def search_agent(seed: int) -> GeneralsSearch:
    """Return the game's search agent, :class:`GeneralsSearch`, seeded by ``seed``."""
    return GeneralsSearch(seed)
