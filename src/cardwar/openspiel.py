"""OpenSpiel games of cardwar's variants with decisions (the ``openspiel`` extra).

:func:`register` registers ``python_cardwar_<variant>`` (``python_cardwar_arneson``,
``python_cardwar_cold_war``, ``python_cardwar_generals``, ``python_cardwar_caravan``) with
OpenSpiel, so that ``pyspiel.load_game("python_cardwar_caravan(face_limit=3)")`` and
OpenSpiel's algorithms work on them:

- explicit chance (:mod:`cardwar.chance`): every random event is a chance node with its
  exact, uniform outcomes;
- the game's parameters are the variant's options, typed as OpenSpiel types them (an int,
  a bool, a str for an enum, a deck or a rank list in card notation); an int option whose
  default is none (a limit) is an int parameter with -1 for none, any other such option
  a str with ``"none"`` (General's War's ``places``: ``yes`` or ``no``, since OpenSpiel
  reads ``true`` and ``false`` as bools);
- actions are the variant's integer ids (General's War's squads card by card);
- observers honour the requested observation type: the public and the private parts of
  the observation tensor (each part of :func:`~cardwar.encoding.Part` is one or the
  other), and with perfect recall the information state
  (:func:`cardwar.encoding.information_state`: the seat's view now and a digest of its
  views so far, with its own moves), kept step by step at a cost per call that does not
  grow with the game;
- returns are the variant's ``returns``; OpenSpiel needs a bound on a game's length, so
  a Cold War game without ``max_tricks`` is given ``max_tricks=2000`` (no measured game
  came near), and options under which the variant knows no bound (or one past
  OpenSpiel's C++ int) are refused with :class:`~cardwar.core.OptionError`;
- games and states pickle, and ``resample_from_infostate`` draws a state the seat cannot
  tell from the true one (the variant's ``sample_state``), so that OpenSpiel's IS-MCTS
  bot plays the games.

>>> import pyspiel
>>> from cardwar.openspiel import register
>>> names = register()
>>> game = pyspiel.load_game("python_cardwar_caravan")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 3419)
"""

from __future__ import annotations

import enum
from array import array
from typing import Any

from cardwar._extras import need

with need("openspiel", "openspiel"):
    import numpy as np
    import pyspiel

from cardwar import chance
from cardwar._immutable import Immutable
from cardwar.core import OptionError, Variant, options_info
from cardwar.encoding import (
    Part,
    information_state,
    information_state_layout,
    layout_size,
    seen_tensor,
)
from cardwar.errors import (
    ArgumentError,
    CardwarError,
    StateError,
    check_seat,
    shown,
    wrong_type,
)
from cardwar.rng import Rng
from cardwar.variants import all_variants
from cardwar.variants import variant as find_variant

__all__ = ["NONE", "game_name", "register"]


def game_name(found: Variant) -> str:
    """Return the OpenSpiel name of a variant: ``python_cardwar_`` and its name."""
    return "python_cardwar_" + found.NAME.replace("-", "_")


#: The int parameter that stands for an int option's ``None`` (none, or the default).
NONE = -1


def _parameter(found: Variant, name: str, value: object) -> int | bool | str:
    """Return an option's default as an OpenSpiel parameter."""
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        # An int option whose default is none (a limit, a seat) is an int parameter,
        # -1 standing for none; any other (a deck, a default that depends) a str.
        try:
            probe = getattr(found.options(**{name: 1}), name)
        except CardwarError:
            probe = None
        return NONE if type(probe) is int else "none"
    if isinstance(value, tuple):  # ranks, suits: their notation
        return " ".join(str(getattr(v, "symbol", v)) for v in value)
    raise TypeError(f"no OpenSpiel parameter for {value!r}")  # pragma: no cover


def _parameters(found: Variant) -> dict[str, int | bool | str]:
    return {info.name: _parameter(found, info.name, info.default)
            for info in options_info(found.Options)}


def _game_type(found: Variant, players: int | None = None) -> pyspiel.GameType:
    two = players == 2 or (players is None and found.MAX_PLAYERS == 2)
    return pyspiel.GameType(
        short_name=game_name(found),
        long_name=f"Python cardwar {found.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=found.MAX_PLAYERS or found.MIN_PLAYERS,
        min_num_players=found.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(found),
    )


def _changed(found: Variant, params: dict[str, Any]) -> dict[str, Any]:
    """Return the parameters of ``params`` that differ from their defaults, as options."""
    kwargs = {}
    defaults = _parameters(found)
    for name, value in params.items():
        if name in defaults and value != defaults[name]:
            kwargs[name] = None if value in ("none", NONE) else value
    return kwargs


#: The longest game OpenSpiel takes: its game length is a C++ int.
MAX_LENGTH = 2**31 - 1


def _length(found: Variant, opts: Any) -> int | None:
    """Return the bound on a game's length of ``opts`` in OpenSpiel's moves (ids), or
    ``None`` where the variant knows none."""
    length = found.max_game_length(opts)
    if length is not None and found.partial_size(opts):
        length *= 4  # a General's War squad is up to four ids (three cards, done)
    return length


def _unbounded(found: Variant, kwargs: dict[str, Any], length: int | None = None
               ) -> OptionError:
    """Return the error for options under which ``found`` knows no bound on a game's
    length (``length`` ``None``) or one longer than OpenSpiel takes, naming the options
    whose defaults give a bound it takes."""
    defaults = _parameters(found)
    culprits = []
    for name in kwargs:
        try:
            opts = found.options(**{k: v for k, v in kwargs.items() if k != name})
        except CardwarError:
            continue
        bound = _length(found, opts)
        if bound is not None and bound <= MAX_LENGTH:
            culprits.append(name)
    given = ", ".join(f"{k}={'none' if v is None else v}" for k, v in kwargs.items())
    where = f" under {given}" if given else ""
    if culprits:
        fix = " or ".join(f"give {k} a value (its default is {defaults[k]})"
                          if kwargs[k] is None else f"leave {k} at its default ({defaults[k]})"
                          for k in culprits)
    else:
        fix = f"choose options under which max_game_length gives at most {MAX_LENGTH:,}"
    bounded = getattr(found, "BOUNDED_OPTIONS", {})
    if bounded:
        fix += ", or pass " + ", ".join(f"{k}={v}" for k, v in bounded.items())
    if length is None:
        why = (f"{found.TITLE} has no known bound on a game's length{where} "
               f"(cardwar.{found.NAME.replace('-', '_')}.max_game_length gives None), and "
               f"an OpenSpiel game needs one")
    else:
        why = (f"{found.TITLE} bounds a game{where} to {length:,} moves, more than an "
               f"OpenSpiel game takes ({MAX_LENGTH:,})")
    return OptionError(culprits[0] if culprits else next(iter(kwargs), "options"),
                       f"{why}: {fix}")


class CardwarGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one cardwar variant under its options (a subclass per
    variant names it in ``VARIANT``).

    Options under which the variant knows no bound on a game's length
    (``max_game_length`` gives ``None``) are refused with
    :class:`~cardwar.core.OptionError`, which names the options to leave at their
    defaults: OpenSpiel needs a bound. A game pickles as its OpenSpiel game string, as
    OpenSpiel's own Python games do (unpickling registers cardwar's games if needed)."""

    VARIANT = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        found = find_variant(self.VARIANT)
        self.variant = found
        kwargs = _changed(found, params)
        # A game with no length bound under its defaults names the options that give it
        # one (Cold War: a trick limit); they apply where the game is loaded without them.
        full = dict(kwargs)
        for name, value in getattr(found, "BOUNDED_OPTIONS", {}).items():
            full.setdefault(name, value)
        self.options = found.options(**full)
        # The first chance node, which every new state starts from (OpenSpiel's clone of
        # a Python state starts from a new one too).
        self.start = chance.new_game(found, self.options)
        players = found.num_players(self.options)
        length = _length(found, self.options)
        if length is None or length > MAX_LENGTH:
            raise _unbounded(found, kwargs, length)
        cards = len(found.cards_in_play(found.new_game(0, self.options)))
        info = pyspiel.GameInfo(
            num_distinct_actions=found.num_actions(self.options),
            max_chance_outcomes=max(cards, players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=length,
        )
        super().__init__(_game_type(found, players), info, params)

    def new_initial_state(self) -> CardwarState:
        return CardwarState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # By the game string, loaded again through register() in a new process.
        return _load, (str(self),)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> CardwarObserver:
        """Return an observer of ``iig_obs_type`` (a ``pyspiel.IIGObservationType``;
        ``None``: the observation, without perfect recall). Observation parameters are
        not supported: a non-empty ``params`` raises
        :class:`~cardwar.errors.ArgumentError` (a ``ValueError``, as OpenSpiel's own
        Python games raise), and an argument of the wrong type
        :class:`~cardwar.errors.ArgumentTypeError`."""
        if params is not None and not isinstance(params, dict):
            raise wrong_type("make_py_observer's params", "a dict of observation "
                             "parameters (none are supported) or None", params)
        if params:
            raise ArgumentError(f"observation parameters are not supported, got "
                                f"{shown(params)}")
        if iig_obs_type is not None and not isinstance(iig_obs_type,
                                                       pyspiel.IIGObservationType):
            raise wrong_type("make_py_observer's iig_obs_type",
                             "a pyspiel.IIGObservationType or None", iig_obs_type)
        return CardwarObserver(self, iig_obs_type
                               or pyspiel.IIGObservationType(perfect_recall=False))


class _Trail(Immutable):
    """The decision points of a game so far, newest first, as a chain that clones share
    (``copy.deepcopy`` returns it as it is) and that pickles as a flat tuple. Each link
    keeps what has been folded up to it for a seat: its information state string, and
    its memory tensor at every 16th link and at the newest one asked, so that the clones
    of a state and the states it came from fold each decision point once."""

    __slots__ = ("before", "length", "node", "partial", "seen", "strings")

    node: chance.ChanceState
    partial: tuple[int, ...]
    before: _Trail | None
    length: int
    strings: dict[int, str]
    seen: dict[int, bytes]

    def __init__(self, node: chance.ChanceState, partial: tuple[int, ...],
                 before: _Trail | None) -> None:
        self.node = node
        self.partial = partial
        self.before = before
        self.length = 1 if before is None else before.length + 1
        self.strings = {}
        self.seen = {}

    def links(self) -> list[_Trail]:
        """Return every link of the chain, oldest first."""
        out = []
        link: _Trail | None = self
        while link is not None:
            out.append(link)
            link = link.before
        out.reverse()
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return _trail, (tuple((link.node, link.partial, link.strings, link.seen)
                              for link in self.links()),)


def _trail(points: tuple[tuple[chance.ChanceState, tuple[int, ...], dict[int, str],
                               dict[int, bytes]], ...]) -> _Trail | None:
    """Return the chain of ``points`` (oldest first), with what each link kept."""
    link = None
    for node, partial, strings, seen in points:
        link = _Trail(node, partial, link)
        link.strings.update(strings)
        link.seen.update(seen)
    return link


#: The memory tensor is kept at every link whose length is a multiple of this.
_SEEN_EVERY = 16


class CardwarState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a :class:`~cardwar.chance.ChanceState`, the ids chosen so far
    towards an action, and the decision points so far, from which each seat's
    information state is kept step by step (nothing that cannot be deep-copied, as
    OpenSpiel clones a Python state; a clone shares the decision points). A state
    pickles as OpenSpiel's Python states do."""

    @property
    def variant(self) -> Variant:
        """Return the variant."""
        return self.node.game

    def __init__(self, game: CardwarGame, start: chance.ChanceState | None = None,
                 partial: tuple[int, ...] = ()) -> None:
        super().__init__(game)
        self.node = game.start if start is None else start
        self.partial: tuple[int, ...] = partial
        self._trail: _Trail | None = None
        self._observed()

    def _observed(self) -> None:
        if self.node.state is not None:
            self._trail = _Trail(self.node, self.partial, self._trail)

    @property
    def trail(self) -> tuple[tuple[chance.ChanceState, tuple[int, ...]], ...]:
        """Return the decision points so far (each node, with the ids chosen towards an
        action there), oldest first; a resampled state's begin at its sample."""
        links = [] if self._trail is None else self._trail.links()
        return tuple((link.node, link.partial) for link in links)

    def _seat(self, seat: object) -> int:
        return check_seat(seat, self.get_game().num_players())

    def information_state(self, seat: int) -> str:
        """Return ``seat``'s information state (:func:`cardwar.encoding.information_state`
        over the decision points so far; ``""`` before the first one, while the first
        deal is dealt). It is kept step by step along the decision points, which a state
        shares with its clones and the states it came from: a call folds only the points
        that none of them has folded for the seat, so its cost does not grow with the
        game."""
        seat = self._seat(seat)
        head = self._trail
        if head is None:
            return ""
        text = head.strings.get(seat)
        if text is None:
            todo = []
            link: _Trail | None = head
            while link is not None and seat not in link.strings:
                todo.append(link)
                link = link.before
            text = None if link is None else link.strings[seat]
            for link in reversed(todo):
                text = information_state(self.variant, (link.node.state,), seat,
                                         (link.partial,), text)
                link.strings[seat] = text
        assert text is not None  # the head was folded
        return text

    def seen(self, seat: int) -> array[float]:
        """Return the largest value of each place of ``seat``'s observation tensor over
        the decision points so far (:func:`cardwar.encoding.seen_tensor`), kept step by
        step as :meth:`information_state` is. Before the first decision point it raises
        :class:`~cardwar.errors.StateError`."""
        seat = self._seat(seat)
        head = self._trail
        if head is None:
            raise StateError("no decision point yet: the first deal is being dealt")
        kept = head.seen.get(seat)
        if kept is not None:
            return array("d", kept)
        todo = []
        link: _Trail | None = head
        while link is not None and seat not in link.seen:
            todo.append(link)
            link = link.before
        seen = None if link is None else array("d", link.seen[seat])
        for link in reversed(todo):
            seen = seen_tensor(self.variant, (link.node.state,), seat, seen)
            if link.length % _SEEN_EVERY == 0:
                link.seen[seat] = seen.tobytes()
        assert seen is not None  # the head was folded
        head.seen[seat] = seen.tobytes()
        # The newest link asked keeps it; the one before it, unless every 16th, no more.
        before = head.before
        if before is not None and before.length % _SEEN_EVERY:
            before.seen.pop(seat, None)
        return seen

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> CardwarState:
        """Return a state that ``player_id`` cannot tell from this one: the variant's
        ``sample_state`` of its observation now, seeded from ``probability_sampler()``
        (a callable giving a float in ``[0, 1)``, as ``pyspiel.UniformProbabilitySampler``
        does), with ``player_id``'s information state (string and tensor) carried over and
        its own ids chosen so far towards an action. So OpenSpiel's ``ISMCTSBot`` plays
        cardwar's games.

        The sample is drawn from the seat's observation now, not from its whole history:
        where a seat has seen a card that it no longer sees (Arneson's War's won piles
        keep their sizes only), the sample may put that card where the seat's memory
        rules it out. The other seats' information states start again at the sample, and
        its history (``history()``) is empty. Only a decision node or the end of a game
        can be resampled: a chance node raises :class:`~cardwar.chance.ChanceError`; a
        bad seat raises :class:`~cardwar.errors.SeatError`, a bad sampler
        :class:`~cardwar.errors.ArgumentTypeError`."""
        seat = self._seat(player_id)
        if not callable(probability_sampler):
            raise wrong_type("resample_from_infostate's probability_sampler",
                             "a callable that gives a float in [0, 1)", probability_sampler)
        node = self.node
        if node.state is None:
            raise chance.ChanceError("resample_from_infostate needs a decision node: this "
                                     "is a chance node (apply its outcome first)")
        value = probability_sampler()
        if type(value) is not float or not 0.0 <= value < 1.0:
            raise wrong_type("resample_from_infostate's probability_sampler",
                             "a callable that gives a float in [0, 1)", value)
        found = self.variant
        sample = getattr(found, "sample_state", None)
        if sample is None:  # pragma: no cover - every variant with decisions has one
            raise StateError(f"{found.TITLE} has no sample_state to resample with")
        state, _ = sample(found.observe(node.state, seat), Rng.from_seed(int(value * 2**53)))
        mine = self.partial if seat == found.to_act(node.state) else ()
        start = chance.ChanceState(found.NAME, node.options, None, None, (), state, 0)
        out = CardwarState(self.get_game(), start, mine)
        assert out._trail is not None  # a decision node
        out._trail.strings[seat] = self.information_state(seat)
        out._trail.seen[seat] = self.seen(seat).tobytes()
        return out

    def current_player(self) -> int:
        if self.node.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.variant.outcome(self.node.state) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.variant.to_act(self.node.state)
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.variant.legal_action_indices(self.node.state, self.partial))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, p in chance.chance_outcomes(self.node)]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self.node.state is None:
            self.node = chance.apply_chance(self.node, action)
        else:
            ids = (*self.partial, action)
            made = self.variant.indices_to_action(self.node.state, ids)
            if made is None:
                self.partial = ids
            else:
                self.node = chance.step(self.node, made)
                self.partial = ()
        self._observed()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return str(self.variant.action_from_index(self.node.options, int(action)))

    def is_terminal(self) -> bool:
        return (self.node.state is not None
                and self.variant.outcome(self.node.state) is not None)

    def returns(self) -> list[float]:
        if self.node.state is None:
            return [0.0] * self.get_game().num_players()
        return list(self.variant.returns(self.node.state))

    def __str__(self) -> str:
        if self.node.state is None:
            return f"chance node ({self.node.outcomes} outcomes)"
        return self.variant.render_state(self.node.state, ascii=True)


class CardwarObserver:
    """OpenSpiel's observer of a cardwar game: the tensor's public and private parts as
    asked, and with perfect recall the seat's information state. Perfect recall is
    offered for the seat's whole information state only (public and private); asked
    for part of it, it raises :class:`~cardwar.errors.ArgumentError` (a ``ValueError``,
    as OpenSpiel's Python games raise for what they do not support). ``set_from`` and
    ``string_from`` raise :class:`~cardwar.errors.StateError` for a state that is not
    one of this game's and :class:`~cardwar.errors.SeatError` for a bad player."""

    def __init__(self, game: CardwarGame, iig_obs_type: Any) -> None:
        found, opts = game.variant, game.options
        self.game = game
        self.variant = found
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.perfect_recall and not (self.public and self.private):
            raise ArgumentError("perfect recall is offered for the seat's whole information "
                                "state only (public and private)")
        layout = (information_state_layout(found, opts) if self.perfect_recall
                  else found.observation_layout(opts))
        self.layout = layout
        self.parts: tuple[Part, ...] = tuple(
            p for p in layout if (p.public and self.public) or (not p.public and self.private))
        # Where each part of the observer's lies in the variant's whole tensor.
        self.spans: list[tuple[str, int, int]] = []
        at = 0
        for p in layout:
            if p in self.parts:
                self.spans.append((p.name, at, at + p.size))
            at += p.size
        # The partial part: the information state's layout has its own.
        self.partial_size = (found.partial_size(opts) if self.private and not self.perfect_recall
                             else 0)
        size = layout_size(self.parts) + self.partial_size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for part in self.parts:
            self.dict[part.name] = self.tensor[start:start + part.size].reshape(part.shape)
            start += part.size
        if self.partial_size:
            self.dict["partial"] = self.tensor[start:]

    def _check(self, where: str, state: object, player: object) -> CardwarState:
        if not isinstance(state, CardwarState) or state.node.name != self.variant.NAME \
                or state.node.options != self.game.options:
            raise StateError(f"{where} expects a state of this game ({self.game}), got "
                             f"{type(state).__name__} {shown(state)}")
        check_seat(player, self.game.num_players())
        return state

    def set_from(self, state: CardwarState, player: int) -> None:
        """Fill the tensor with what ``player`` observes of ``state`` (zeros at a chance
        node)."""
        self._check("set_from", state, player)
        self.tensor.fill(0)
        node = state.node
        if node.state is None:
            return
        values = self.variant.observation_tensor(self.variant.observe(node.state, player))
        if self.perfect_recall:
            values.extend(state.seen(player))
            mine = state.partial if player == self.variant.to_act(node.state) else ()
            values.extend(self.variant.partial_tensor(node.options, mine))
        tensor = np.frombuffer(values)
        for name, start, end in self.spans:
            self.dict[name].flat[:] = tensor[start:end]
        if self.partial_size:
            mine = state.partial if player == self.variant.to_act(node.state) else ()
            self.dict["partial"][:] = self.variant.partial_tensor(node.options, mine)

    def string_from(self, state: CardwarState, player: int) -> str:
        """Return what ``player`` observes of ``state`` as a string (with perfect
        recall, its information state; ``""`` at a chance node otherwise)."""
        self._check("string_from", state, player)
        if self.perfect_recall:
            return state.information_state(player)
        node = state.node
        if node.state is None:
            return ""
        observation = self.variant.observe(node.state, player)
        if self.public and self.private:
            return str(self.variant.render_observation(observation, ascii=True))
        # Only the public or only the private parts: each part's non-zero values.
        self.set_from(state, player)
        return " ".join(
            f"{name}:" + ",".join(f"{i}={v:g}" for i, v in enumerate(view.flat) if v)
            for name, view in self.dict.items()
        )


#: The game class of each variant registered so far, by its class name.
_CLASSES: dict[str, type[CardwarGame]] = {}


def _game_class(found: Variant) -> type[CardwarGame]:
    """Return the game class of ``found``, made once and bound in this module under its
    name, so that a game pickles (by the class's module and name) as OpenSpiel's own
    Python games do."""
    name = f"CardwarGame_{found.NAME.replace('-', '_')}"
    cls = _CLASSES.get(name)
    if cls is None:
        cls = type(name, (CardwarGame,), {"VARIANT": found.NAME, "__module__": __name__,
                                          "__doc__": f"OpenSpiel's {found.TITLE}."})
        _CLASSES[name] = cls
    return cls


def register() -> tuple[str, ...]:
    """Register every variant with decisions with OpenSpiel (once); return the names."""
    names = []
    for found in all_variants():
        if found.AUTOMATIC:
            continue
        name = game_name(found)
        cls = _game_class(found)
        if name not in pyspiel.registered_names():
            # One class per variant, as OpenSpiel's own Python games register a class.
            pyspiel.register_game(_game_type(found), cls)
        names.append(name)
    return tuple(names)


def _load(name: str) -> pyspiel.Game:
    """Return the game of the OpenSpiel game string ``name`` (an unpickled game),
    registering cardwar's games first."""
    register()
    return pyspiel.load_game(name)


def __getattr__(name: str) -> Any:
    """Return a variant's game class by its name (``CardwarGame_caravan``), registering
    the games first: unpickling a game in a new process looks its class up here."""
    if name.startswith("CardwarGame_"):
        register()
        if name in _CLASSES:
            return _CLASSES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
