"""Baseline agents and :func:`play`, which plays a game with them and returns its record.

An agent sees only what its seat may know: :meth:`Agent.choose` receives the seat's
observation and the legal actions, never the state. :class:`RandomAgent` picks a legal
action uniformly with its own seeded generator; :data:`HEURISTICS` holds one simple
heuristic agent per variant with decisions. The docs page ``agents`` reports how often
each heuristic beats the random agent.

>>> from cardwar import agents
>>> record = agents.play("arneson", [agents.heuristic("arneson", 1), agents.RandomAgent(2)],
...                      seed=5)
>>> str(record.outcome), record.actions[:3]
('won by seat 0 (all_cards)', ('8C', 'JS', '5C'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from cardwar.cards import Card, Rank
from cardwar.core import Variant
from cardwar.records import Record, deal_notation
from cardwar.rng import MAX_BOUND, Rng
from cardwar.variants import variant as find_variant

__all__ = [
    "HEURISTICS",
    "Agent",
    "ArnesonHeuristic",
    "CaravanHeuristic",
    "ColdWarHeuristic",
    "FirstAgent",
    "GeneralsHeuristic",
    "RandomAgent",
    "agent",
    "heuristic",
    "play",
]


@runtime_checkable
class Agent(Protocol):
    """A player: given what its seat knows, chooses one of the legal actions.

    Agents never receive the state, only the seat's observation, so an agent cannot
    cheat by looking at hidden cards. An agent may keep memory between calls.
    """

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return one of ``legal`` (never empty), the actions legal for the seat."""
        ...


class RandomAgent:
    """Chooses a legal action uniformly at random, with its own generator seeded by
    ``seed`` (never the ``random`` module), so a game between seeded agents is a pure
    function of the seeds.

    >>> agent = RandomAgent(3)
    >>> [agent.choose(None, ("a", "b", "c")) for _ in range(5)]
    ['c', 'b', 'b', 'c', 'c']
    """

    def __init__(self, seed: int) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return a legal action drawn uniformly."""
        n = len(legal)
        if n <= MAX_BOUND:
            i, self._rng = self._rng.below(n)
        else:
            word, self._rng = self._rng.bits()
            i = (word * n) >> 64
        return legal[i]

    def __repr__(self) -> str:
        return f"RandomAgent(key={self._rng.key:#x}, counter={self._rng.counter})"


class FirstAgent:
    """Always chooses the first legal action (a deterministic baseline for tests)."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return ``legal[0]``."""
        return legal[0]

    def __repr__(self) -> str:
        return "FirstAgent()"


def _strength(card: Card) -> int:
    return int(card.rank) if card.rank is not Rank.JOKER else 15


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
        del seed

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the action for ``observation`` described in the class docstring."""
        ordered = sorted(legal, key=lambda a: _strength(a.card))
        best = ordered[-1]
        if observation.rounds or best.card.rank is Rank.ACE:
            return best
        return ordered[0]

    def __repr__(self) -> str:
        return "ArnesonHeuristic()"


class ColdWarHeuristic:
    """A simple player of Cold War: when others have played in the round, it plays its
    lowest card that beats the best card on the table (a Joker last, declared just high
    enough), or, if none can, its lowest card; when it plays first, its highest card."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the action for ``observation`` described in the class docstring."""

        def strength(action: Any) -> tuple[bool, int]:
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


class CaravanHeuristic:
    """A simple player of Caravan: it scores each number card played on its own
    caravans by the caravan's new value (best: a value that sells, 21 to 26, and beats
    the facing caravan; worst: over 26), disbands a caravan that went over 26, and
    otherwise discards its first card rather than play a face card blindly."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the action for ``observation`` described in the class docstring."""
        from cardwar.variants import caravan

        seat = observation.seat
        mine = range(3 * seat, 3 * seat + 3)
        caravans = observation.caravans

        def score(action: Any) -> float:
            if isinstance(action, caravan.Disband):
                return 40.0 if caravans[action.caravan].value > caravan.SALE_MAX else -100.0
            if isinstance(action, caravan.Discard):
                return -10.0
            pips = caravan.pip(action.card)
            if pips is None or action.caravan not in mine:
                return -20.0
            value = caravans[action.caravan].value + pips
            facing = caravans[(action.caravan + 3) % 6].value
            if value > caravan.SALE_MAX:
                return -50.0
            if value >= caravan.SALE_MIN:
                sells = not caravan.SALE_MIN <= facing <= caravan.SALE_MAX or value > facing
                return 30.0 + value if sells else 5.0
            return float(value)

        return max(legal, key=score)

    def __repr__(self) -> str:
        return "CaravanHeuristic()"


class GeneralsHeuristic:
    """A simple player of General's War: it claims a general whenever it may, lays the
    squad with the highest sum (which keeps its Aces, counted 1, out of danger), and
    takes the first choice of opponent or partner."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the action for ``observation`` described in the class docstring."""
        from cardwar.variants import generals

        claims = [a for a in legal if isinstance(a, generals.Claim)]
        if claims:
            return claims[0]
        squads = [a for a in legal if isinstance(a, generals.Squad)]
        if squads:
            return max(squads, key=lambda a: sum(generals.card_value(c) for c in a.cards))
        return legal[0]

    def __repr__(self) -> str:
        return "GeneralsHeuristic()"


#: Per variant with decisions: a factory ``seed -> agent`` of its simple heuristic agent.
HEURISTICS: dict[str, Callable[[int], Agent]] = {
    "arneson": ArnesonHeuristic,
    "cold-war": ColdWarHeuristic,
    "caravan": CaravanHeuristic,
    "generals": GeneralsHeuristic,
}

#: The kinds of agent that :func:`agent` builds by name.
KINDS = ("random", "heuristic", "first")


def heuristic(name: str, seed: int = 0) -> Agent:
    """Return the heuristic agent of the variant ``name`` (a name or an alias); raise
    :class:`ValueError` for a variant without one."""
    game = find_variant(name)
    factory = HEURISTICS.get(game.NAME)
    if factory is None:
        known = ", ".join(sorted(HEURISTICS)) or "none"
        raise ValueError(f"variant {game.NAME!r} has no heuristic agent; variants with one: "
                         f"{known}")
    return factory(seed)


def agent(kind: str, name: str, seed: int) -> Agent:
    """Return an agent of ``kind`` (``random``, ``heuristic`` or ``first``) for the
    variant ``name``, seeded by ``seed``."""
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return heuristic(name, seed)
    if kind == "first":
        return FirstAgent(seed)
    raise ValueError(f"unknown agent {kind!r}; agents: {', '.join(KINDS)}")


def play(
    variant: Variant | str,
    agents: Sequence[Agent] | Mapping[int, Agent] | None,
    seed: int,
    options: Any = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    max_steps: int | None = None,
) -> Record:
    """Play a game of ``variant`` and return its :class:`~cardwar.records.Record`.

    ``agents[seat]`` chooses for ``seat`` whenever ``to_act`` names it; a step that needs
    no decision (every step of an automatic variant) plays the one legal action, so an
    automatic variant needs no agents. ``options`` is the variant's options value or a
    dict of keyword arguments for ``options(...)``. With ``max_steps``, the game stops
    after that many steps and the record's outcome is ``None`` if it had not ended.
    """
    game = find_variant(variant) if isinstance(variant, str) else variant
    if options is None:
        opts = game.options()
    elif isinstance(options, Mapping):
        opts = game.options(**options)
    else:
        opts = options
    state = game.new_game(seed, opts, deal=deal)
    seats: Mapping[int, Agent] | Sequence[Agent] = agents if agents is not None else ()
    actions: list[str] = []
    outcome = game.outcome
    to_act = game.to_act
    legal_actions = game.legal_actions
    step = game.step
    while outcome(state) is None and (max_steps is None or len(actions) < max_steps):
        legal = legal_actions(state)
        seat = to_act(state)
        if seat is None:
            action = legal[0]
        else:
            try:
                player = seats[seat]
            except (KeyError, IndexError):
                raise ValueError(
                    f"seat {seat} must decide in {game.NAME!r} but has no agent"
                ) from None
            action = player.choose(game.observe(state, seat), legal)
        state = step(state, action)
        actions.append(str(action))
    return Record(
        variant=game.NAME,
        rules_version=game.RULES_VERSION,
        options=opts,
        seed=seed,
        deal=deal_notation(deal),
        actions=tuple(actions),
        outcome=outcome(state),
    )
