"""Baseline agents and :func:`play`, which plays a game with them and returns its record.

An agent sees only what its seat may know: :meth:`Agent.choose` receives the seat's
observation and the legal actions, never the state. :class:`RandomAgent` picks a legal
action uniformly with its own seeded generator; :func:`heuristic` returns a variant's
simple heuristic agent; :class:`MixedAgent` plays an agent with a probability and random
moves otherwise (the kind ``heuristic:P``); :func:`from_policy` makes an agent of a
function of the observation tensor and the legal mask, such as a trained network. The
docs page ``agents`` reports how often each heuristic beats the random agent. Each game's
heuristic lives in the game's own package (``cardwar.caravan.CaravanHeuristic``) and is
reached through the variant's ``heuristic(seed)``, so this module names no game.

>>> from cardwar import agents
>>> record = agents.play("arneson", [agents.heuristic("arneson", 1), agents.RandomAgent(2)],
...                      seed=5)
>>> str(record.outcome), record.actions[:3]
('won by seat 0 (all_cards)', ('8C', 'JS', '5C'))
"""

from __future__ import annotations

import fractions
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from cardwar.cards import Card
from cardwar.core import Agent, Variant
from cardwar.errors import (
    AgentError,
    ArgumentError,
    check_game_choice,
    check_legal,
    shown,
)
from cardwar.records import Record, deal_notation, digest
from cardwar.rng import Rng, check_seed, choose_index
from cardwar.variants import all_variants, as_variant
from cardwar.variants import variant as find_variant

__all__ = [
    "KINDS",
    "SEARCH_ITERATIONS",
    "Agent",
    "AgentError",
    "FirstAgent",
    "MixedAgent",
    "PolicyAgent",
    "RandomAgent",
    "agent",
    "from_policy",
    "has_heuristic",
    "has_search_agent",
    "heuristic",
    "play",
    "search_agent",
]


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
        """Return a legal action drawn uniformly; raise
        :class:`~cardwar.errors.AgentError` when ``legal`` is empty or not a tuple or a
        list (the agent knows no game, so it neither reads the observation nor checks
        what the actions are)."""
        check_legal(self, legal)
        i, self._rng = choose_index(self._rng, len(legal))
        return legal[i]

    def __repr__(self) -> str:
        return f"RandomAgent(key={self._rng.key:#x}, counter={self._rng.counter})"


class FirstAgent:
    """Always chooses the first legal action (a deterministic baseline for tests). It
    draws nothing at random: ``seed`` is checked and unused."""

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return ``legal[0]``; raise :class:`~cardwar.errors.AgentError` when ``legal``
        is empty or not a tuple or a list (as :class:`RandomAgent`, it knows no game)."""
        check_legal(self, legal)
        return legal[0]

    def __repr__(self) -> str:
        return "FirstAgent()"


#: The resolution of :class:`MixedAgent`'s coin: one 64-bit word of its generator.
_COIN = 1 << 64


def _probability(p: object, where: str) -> fractions.Fraction:
    """Return ``p``, a probability given as an int, a float or a
    :class:`~fractions.Fraction` (not a bool), exactly; raise
    :class:`~cardwar.errors.AgentError` for anything else, NaN or a value outside [0, 1]."""
    if isinstance(p, bool) or not isinstance(p, (int, float, fractions.Fraction)):
        raise AgentError(f"{where} must be a probability, a number in [0, 1], got "
                         f"{type(p).__name__} {shown(p)}")
    if not (isinstance(p, float) and math.isnan(p)) and 0 <= p <= 1:
        return fractions.Fraction(p)
    raise AgentError(f"{where} must be a probability, a number in [0, 1], got {p!r}")


class MixedAgent:
    """Plays as ``agent`` with probability ``p``, and a legal action drawn uniformly at
    random otherwise: a mix for a curriculum (the agent kind ``heuristic:P`` is the
    variant's heuristic so mixed). Before each choice it tosses a coin with its own
    generator seeded by ``seed`` (one 64-bit word, below ``p`` times 2**64: exact for any
    ``p``, never the ``random`` module), then draws the random action from the same
    generator, so its choices are a function of its seed and what it has seen. ``agent``
    is asked only on the choices it makes. With ``game`` (a variant or its name), every
    choice is first checked to be one of that game's (see
    :func:`~cardwar.errors.check_game_choice`), as the agent kind does; without it, the
    random moves know no game, as :class:`RandomAgent`'s.

    >>> from cardwar import caravan
    >>> mixed = MixedAgent(caravan.heuristic(0), 0.25, seed=3)
    >>> mixed
    MixedAgent(CaravanHeuristic(), p=0.25, key=0x..., counter=0)
    """

    def __init__(self, agent: Agent, p: float | fractions.Fraction, seed: int, *,
                 game: Variant | str | None = None) -> None:
        if not callable(getattr(agent, "choose", None)):
            raise AgentError(f"MixedAgent mixes an agent (with choose(observation, legal)), "
                             f"got {type(agent).__name__} {shown(agent)}")
        exact = _probability(p, "MixedAgent's p")
        self._rng = Rng.from_seed(seed)
        self.agent = agent
        self.game = None if game is None else as_variant(game, "MixedAgent's game")
        self.p = float(exact)
        self._below = math.floor(exact * _COIN)  # the coin's words that ask the agent

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return ``agent``'s choice with probability ``p``, else a random legal action;
        raise :class:`~cardwar.errors.AgentError` when ``legal`` is empty or not a tuple
        or a list, and cardwar's error for a choice not of its ``game``. The generator
        moves only when a choice is returned."""
        if self.game is None:
            check_legal(self, legal)
        else:
            check_game_choice(self, self.game, observation, legal)
        word, rng = self._rng.bits()
        if word < self._below:
            action = self.agent.choose(observation, legal)
        else:
            i, rng = choose_index(rng, len(legal))
            action = legal[i]
        self._rng = rng
        return action

    def __repr__(self) -> str:
        return (f"MixedAgent({self.agent!r}, p={self.p!r}, key={self._rng.key:#x}, "
                f"counter={self._rng.counter})")


class PolicyAgent:
    """An agent of the variant ``variant`` that plays what ``policy`` picks: built by
    :func:`from_policy`, which says what the policy is given and how it chooses."""

    def __init__(self, policy: Callable[[Any, Any], Any], variant: Variant | str) -> None:
        if not callable(policy):
            raise AgentError(f"from_policy needs a policy, a function of (observation "
                             f"tensor, legal mask) to an action id, got "
                             f"{type(policy).__name__} {shown(policy)}")
        from cardwar._extras import need

        with need("agents.from_policy", "gymnasium"):
            import numpy

        self._np = numpy
        self.policy = policy
        self.variant = as_variant(variant)

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return the legal action whose ids the policy picks, one id at a time (see
        :func:`from_policy`); raise :class:`~cardwar.errors.AgentError` for a pick that
        is not an int or not a legal id, and cardwar's error for an observation or legal
        actions not of the variant (see :func:`~cardwar.errors.check_game_choice`)."""
        np = self._np
        game = self.variant
        check_game_choice(self, game, observation, legal)
        options = observation.options
        by_ids = {tuple(game.action_to_indices(options, a)): a for a in legal}
        size = game.num_actions(options)
        tensor = game.observation_tensor(observation)
        partial_size = game.partial_size(options)
        partial: tuple[int, ...] = ()
        while True:
            k = len(partial)
            ids = sorted({found[k] for found in by_ids if found[:k] == partial})
            values = tensor
            if partial_size:
                values = tensor[:]
                values.extend(game.partial_tensor(options, partial))
            mask = np.zeros(size, dtype=np.bool_)
            mask[ids] = True
            picked = self.policy(np.frombuffer(values, dtype=np.float64).astype(np.float32),
                                 mask)
            if isinstance(picked, (bool, np.bool_)) or not isinstance(picked,
                                                                      (int, np.integer)):
                raise AgentError(f"the policy of {game.TITLE} must return an action id, an "
                                 f"int, got {type(picked).__name__} {shown(picked)}")
            if int(picked) not in ids:
                raise AgentError(f"the policy of {game.TITLE} picked id {int(picked)}, which "
                                 f"is not legal; legal ids: {shown(ids, 200)}")
            partial = (*partial, int(picked))
            if partial in by_ids:
                return by_ids[partial]

    def __call__(self, seed: int) -> PolicyAgent:
        """Return this agent (a policy draws nothing at random, so ``seed`` is unused):
        a module's ``bot = from_policy(...)`` can be named ``module:bot`` as an agent kind,
        which is called with a seed."""
        check_seed(seed)
        return self

    def __repr__(self) -> str:
        name = getattr(self.policy, "__qualname__", type(self.policy).__name__)
        return f"PolicyAgent({name}, {self.variant.NAME})"


def from_policy(policy: Callable[[Any, Any], Any], variant: Variant | str) -> PolicyAgent:
    """Return an agent of ``variant`` (a variant or its name) that plays what ``policy``
    picks: a trained network, or any function ``policy(observation, mask) -> id``.

    ``observation`` is the seat's observation tensor (the variant's
    ``observation_tensor``, float32, with General's War's squad cards picked so far
    appended: exactly the observation of ``cardwar.gymnasium.CardwarEnv``) and
    ``mask`` a bool array of ``num_actions`` values, true at each legal id. The policy
    returns one of the legal ids, an int (a numpy integer will do; a bool, a float or a
    str is refused, never rounded), and the agent plays that id's action. A squad of
    General's War is picked card by card: the policy is asked once per id, each time
    with the ids that can follow those picked so far (``encoding.step_index`` plays ids
    the same way), until its ids make up a legal squad. A pick that is not a legal id
    raises :class:`~cardwar.errors.AgentError`; an error of the policy's own goes
    through unchanged.

    The agent draws nothing at random and keeps no memory: calling it with a seed
    returns it, so a module's ``bot = from_policy(net, "caravan")`` is the agent kind
    ``module:bot`` of :func:`agent`, ``cardwar play``, ``cardwar tournament`` and
    :func:`cardwar.tournament.tournament`. Needs numpy.

    >>> import numpy as np
    >>> lowest = from_policy(lambda tensor, mask: int(np.flatnonzero(mask)[0]), "arneson")
    >>> play("arneson", [lowest, RandomAgent(2)], seed=5).outcome.termination.value
    'all_cards'
    """
    return PolicyAgent(policy, variant)


#: The kinds of agent that :func:`agent` builds by name. ``search`` is the variant's own
#: search agent (:func:`search_agent`); ``ismcts`` is :class:`cardwar.search.SearchAgent`;
#: ``ismcts:N`` gives it a budget of N iterations per decision (default
#: :data:`SEARCH_ITERATIONS`); ``heuristic:P`` is the heuristic with probability P and a
#: random legal action otherwise (:class:`MixedAgent`).
KINDS = ("random", "heuristic", "first", "search", "ismcts")

#: The search agent's budget, in iterations per decision, when ``ismcts`` names none.
SEARCH_ITERATIONS = 200


def has_heuristic(variant: Variant | str) -> bool:
    """Return whether the variant (or the variant named ``variant``) has a heuristic
    agent."""
    return as_variant(variant).heuristic(0) is not None


def has_search_agent(variant: Variant | str) -> bool:
    """Return whether the variant (or the variant named ``variant``) offers a search agent
    of its own (an optional ``search_agent(seed)`` function of the variant's package)."""
    return callable(getattr(as_variant(variant), "search_agent", None))


def search_agent(name: str | Variant, seed: int = 0) -> Agent:
    """Return the variant's own search agent, which its optional ``search_agent(seed)``
    builds (Arneson's War: :class:`~cardwar.variants.arneson.ArnesonSearch`; General's War:
    :class:`~cardwar.variants.generals.GeneralsSearch`; Cold War:
    :class:`~cardwar.variants.cold_war.ColdWarSearch`; Caravan, with the ``fast`` extra:
    :class:`~cardwar.variants.caravan.CaravanRollout`); raise
    :class:`~cardwar.errors.AgentError` (a ``ValueError``) for a variant without one.

    >>> search_agent("generals", 1)
    GeneralsSearch(samples=32, spend=1.0, kill=5.0)
    """
    game = as_variant(name)
    if not has_search_agent(game):
        known = ", ".join(sorted(v.NAME for v in all_variants() if has_search_agent(v)))
        raise AgentError(f"variant {game.NAME!r} has no search agent of its own; variants "
                         f"with one: {known}; every variant with decisions has ismcts")
    built: Agent = game.search_agent(seed)  # type: ignore[attr-defined]
    return built


def heuristic(name: str, seed: int = 0) -> Agent:
    """Return the heuristic agent of the variant ``name`` (a name or an alias), which the
    variant's own ``heuristic(seed)`` builds; raise :class:`~cardwar.errors.AgentError`
    (a ``ValueError``) for a variant without one."""
    check_seed(seed)
    game = find_variant(name)
    found = game.heuristic(seed)
    if found is None:
        known = ", ".join(sorted(v.NAME for v in all_variants() if has_heuristic(v))) or "none"
        raise AgentError(f"variant {game.NAME!r} has no heuristic agent; variants with one: "
                         f"{known}")
    return found


def agent(kind: str, name: str | Variant, seed: int) -> Agent:
    """Return an agent for the variant ``name``, seeded by ``seed``, from its ``kind``:

    - ``random``, ``heuristic``, ``first``: :class:`RandomAgent`, the variant's
      :func:`heuristic`, :class:`FirstAgent`;
    - ``search``: the variant's own search agent (:func:`search_agent`);
    - ``ismcts`` or ``ismcts:N``: :class:`cardwar.search.SearchAgent` with a budget of
      ``N`` iterations per decision (:data:`SEARCH_ITERATIONS` by default);
    - ``heuristic:P``: the variant's heuristic with probability ``P``, a decimal number in
      [0, 1] (``heuristic:0.5``, ``heuristic:1``, ``heuristic:.25``), a random legal
      action otherwise (:class:`MixedAgent`, seeded by ``seed``): ``heuristic:1`` plays
      as ``heuristic``, ``heuristic:0`` as ``random`` (with other draws);
    - ``package.module:name``: any agent class or factory of your own, imported and
      called with the seed (``cardwar.caravan:CaravanRuleBot``).

    Raise :class:`~cardwar.errors.AgentError` (a ``ValueError``) for any other kind, and
    :class:`~cardwar.rng.SeedError` for a seed that is not an int in [0, 2**64 - 1].

    >>> agent("ismcts:50", "caravan", 1)
    SearchAgent(caravan, iterations=50, rollout_steps=200)
    >>> agent("cardwar.caravan:CaravanRuleBot", "caravan", 1)
    CaravanRuleBot()
    >>> agent("heuristic:0.5", "caravan", 1)
    MixedAgent(CaravanHeuristic(), p=0.5, key=0x..., counter=0)
    """
    if type(kind) is not str:
        raise AgentError(f"an agent kind must be a str, got {type(kind).__name__}")
    check_seed(seed)
    game = as_variant(name)
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return heuristic(game.NAME, seed)
    if kind == "first":
        return FirstAgent(seed)
    if kind == "search":
        return search_agent(game, seed)
    base, sep, budget = kind.partition(":")
    if base == "heuristic" and sep:
        if not _DECIMAL.fullmatch(budget):
            raise AgentError(f"heuristic:P needs P, the probability of the heuristic's "
                             f"move, as a decimal number in [0, 1], got {budget!r}")
        p = fractions.Fraction(budget)
        if p > 1:
            raise AgentError(f"heuristic:P needs P, the probability of the heuristic's "
                             f"move, in [0, 1], got {budget}")
        return MixedAgent(heuristic(game.NAME, seed), p, seed, game=game)
    if base == "ismcts":
        from cardwar.search import SearchAgent, SearchError

        iterations = SEARCH_ITERATIONS
        if sep:
            if not (budget.isascii() and budget.isdigit()) or len(budget) > 9:
                raise AgentError(f"ismcts:N needs N, the iterations per decision, as a "
                                 f"whole number, got {budget!r}")
            iterations = int(budget)
        try:
            return SearchAgent(game, seed, iterations=iterations)
        except SearchError as err:
            raise AgentError(str(err)) from None
    if sep and base and budget:
        return _imported(base, budget, seed)
    raise AgentError(f"unknown agent {kind!r}; agents: {', '.join(KINDS)}, ismcts:N "
                     "(N iterations), heuristic:P (the heuristic with probability P) or "
                     "package.module:name")


#: A probability in ``heuristic:P``: ASCII digits with at most one point, at most 20
#: characters.
_DECIMAL = re.compile(r"(?=.{1,20}\Z)(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def _imported(module_name: str, attribute: str, seed: int) -> Agent:
    """Return ``module_name.attribute(seed)``, an agent of the user's own. ``module_name``
    may also reach an attribute that is not a module of its own (``cardwar.caravan``)."""
    import importlib

    parts = module_name.split(".")
    try:
        module: Any = importlib.import_module(parts[0])
    except ImportError as err:
        raise AgentError(f"agent {module_name}:{attribute}: cannot import {parts[0]!r} "
                         f"({err})") from None
    for i in range(1, len(parts)):
        found = getattr(module, parts[i], None)
        if found is None:
            try:
                found = importlib.import_module(".".join(parts[: i + 1]))
            except ImportError as err:
                raise AgentError(f"agent {module_name}:{attribute}: cannot import "
                                 f"{module_name!r} ({err})") from None
        module = found
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise AgentError(f"agent {module_name}:{attribute}: {module_name!r} has no callable "
                         f"{attribute!r}")
    try:
        made = factory(seed)
    except Exception as err:  # a factory of the user's own: any error it raises
        raise AgentError(f"agent {module_name}:{attribute}: {attribute}(seed) failed: "
                         f"{type(err).__name__}: {err}") from err
    if not callable(getattr(made, "choose", None)):
        raise AgentError(f"agent {module_name}:{attribute}: {attribute}(seed) returned "
                         f"{type(made).__name__}, which has no choose(observation, legal)")
    return cast(Agent, made)


def _check_players(players: object, seats: int) -> None:
    """Raise :class:`~cardwar.errors.ArgumentError` unless ``players`` names one player
    per seat, each a str or ``None``."""
    if type(players) not in (tuple, list) or len(cast("Sequence[object]", players)) != seats \
            or not all(p is None or isinstance(p, str) for p in cast("Sequence[object]",
                                                                     players)):
        raise ArgumentError(f"players must name who played each of the {seats} seats (a "
                            f"str or None each), got {shown(players)}")


def play(
    variant: Variant | str,
    agents: Sequence[Agent] | Mapping[int, Agent] | None,
    seed: int,
    options: Any = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    max_steps: int | None = None,
    players: Sequence[str | None] | None = None,
) -> Record:
    """Play a game of ``variant`` and return its :class:`~cardwar.records.Record`.

    ``agents[seat]`` chooses for ``seat`` whenever ``to_act`` names it; a step that needs
    no decision (every step of an automatic variant) plays the one legal action, so an
    automatic variant needs no agents. ``options`` is the variant's options value or a
    dict of keyword arguments for ``options(...)``. With ``max_steps``, the game stops
    after that many steps and the record's outcome is ``None`` if it had not ended.
    ``players`` names who played each seat (``"human"``, an agent kind), for the record.
    A ``max_steps`` that is not an int >= 0 and ``players`` that do not name each seat
    with a str or ``None`` raise :class:`~cardwar.errors.ArgumentError` before the game
    is played.
    """
    game = as_variant(variant)
    given: object = agents  # typed, but a caller may pass anything
    if given is not None and (isinstance(given, (str, bytes))
                              or not isinstance(given, (Sequence, Mapping))):
        raise ArgumentError(f"agents must be a sequence of agents (one per seat) or a "
                            f"mapping of seats to agents, got {agents!r}")
    if max_steps is not None and (type(max_steps) is not int or max_steps < 0):
        raise ArgumentError(f"max_steps must be an int >= 0 or None, got {max_steps!r}")
    if options is None:
        opts = game.options()
    elif isinstance(options, Mapping):
        if not all(isinstance(key, str) for key in options):
            raise ArgumentError(f"options must be the variant's options or a dict of them "
                                f"by name, got {options!r}")
        opts = game.options(**options)
    else:
        opts = options
    state = game.new_game(seed, opts, deal=deal)
    if players is not None:
        _check_players(players, game.num_players(state))
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
                raise ArgumentError(
                    f"seat {seat} must decide in {game.NAME!r} but has no agent"
                ) from None
            choose = getattr(player, "choose", None)
            if not callable(choose):
                raise AgentError(f"the agent of seat {seat} has no choose(observation, legal) "
                                 f"method: {player!r}")
            action = choose(game.observe(state, seat), legal)
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
        digest=digest(state),
        players=None if players is None else tuple(players),
    )
