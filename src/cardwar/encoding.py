"""What agent, search and learning code needs of every variant, in one form: integer
action ids and their masks, returns, per-seat standings and bounds on a game's length.

Each variant offers, through the :class:`~cardwar.core.Variant` protocol (its own
``encoding`` module):

- ``num_actions(options)``: the size of the game's fixed integer action space;
- ``action_to_index(options, action)`` and ``action_from_index(options, index)``: one
  action's id and back (an id that names no action of the game raises
  :class:`ActionIndexError`; nothing is ever coerced);
- ``legal_action_indices(state, partial=())`` and ``legal_action_mask(state, partial=())``:
  the ids legal now, as a sorted tuple and as a mask of ``num_actions`` bytes (1 legal,
  0 not; ``numpy.frombuffer(mask, dtype=numpy.int8)`` views it as an array);
- ``action_to_indices(options, action)`` and ``indices_to_action(state, indices)``: the
  ids that make up one action and back. Every action is one id, except a squad of
  General's War, chosen card by card (see that game's page); :func:`step_index` plays
  ids one at a time for any variant;
- ``returns(state)``: +1 for each winner, -1 for each other seat, 0 for all in a draw and
  while the game runs (General's War played on for places spreads the places evenly from
  +1 to -1);
- ``standings(state)``: every seat's :class:`Standing` (playing, out, or finished with a
  place), the same in every variant;
- ``max_game_length(options)``: a bound on the number of ``step`` calls of any game of
  those options, or ``None`` where no bound is known;
- ``num_players(options_or_state)``.

>>> from cardwar import caravan
>>> from cardwar.encoding import step_index
>>> state = caravan.new_game(7)
>>> caravan.num_actions(state.options)
3419
>>> ids = caravan.legal_action_indices(state)
>>> caravan.action_from_index(state.options, ids[0])
Play(card=Card.parse('2H'), caravan=0, target=None)
>>> state, partial = step_index(caravan, state, (), ids[0])
>>> str(state.caravans[0])
'2H'
"""

from __future__ import annotations

import abc
import enum
import functools
import hashlib
import itertools
from array import array
from collections.abc import Iterable, Sequence
from typing import Any, cast

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import CARD_COUNT, card_from_index
from cardwar.core import Outcome, Termination, Variant
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    CardwarError,
    ObservationError,
    OptionsTypeError,
    StateError,
    check_int,
    check_state,
    is_text,
    shown,
    wrong_type,
)
from cardwar.rng import MAX_BOUND
from cardwar.sampling import malformed

__all__ = [
    "MEMBERS",
    "TRUNCATIONS",
    "ActionIndexError",
    "CheckedTensorWriter",
    "Codec",
    "IdentityCache",
    "ListedCodec",
    "Part",
    "SeatStatus",
    "Standing",
    "TensorWriter",
    "check_index",
    "final_standings",
    "information_state",
    "information_state_layout",
    "information_state_tensor",
    "layout_size",
    "pack",
    "relative",
    "seen_tensor",
    "step_index",
    "tensor_part",
    "win_loss_returns",
]


class ActionIndexError(CardwarError, ValueError):
    """Raised for an integer that is not an action id of the game (out of range), or
    for ids that do not make up an action."""


#: The terminations that cut a game short without the rules deciding it (a limit on its
#: length): a learner should treat them as truncations, not as the game's natural end.
TRUNCATIONS: frozenset[Termination] = frozenset({Termination.BATTLE_LIMIT,
                                                 Termination.TURN_LIMIT})


class SeatStatus(enum.Enum):
    """Where a seat stands in a game."""

    PLAYING = "playing"
    """Still in the game."""
    OUT = "out"
    """Knocked out (no cards left in a game that goes on without it)."""
    FINISHED = "finished"
    """Done, with a place: the game is over, or the seat has left it with its place
    (General's War played on for places)."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen(slots=True)
class Standing(Immutable):
    """One seat's status and, once finished, its place (1 is first; equal places are
    shared, and every seat of a draw shares first place)."""

    status: SeatStatus
    """Playing, out or finished."""
    place: int | None = None
    """The seat's place once finished, else ``None``."""

    def __str__(self) -> str:
        return str(self.status) if self.place is None else f"{self.status} {self.place}"


_PLAYING = Standing(SeatStatus.PLAYING)
_OUT = Standing(SeatStatus.OUT)


def playing(players: int) -> tuple[Standing, ...]:
    """Return the standings of a game that runs with every seat in it."""
    return (_PLAYING,) * players


def running_standings(out: Sequence[bool]) -> tuple[Standing, ...]:
    """Return the standings of a running game where ``out[s]`` says seat s is out."""
    return tuple(_OUT if o else _PLAYING for o in out)


def final_standings(result: Outcome, players: int) -> tuple[Standing, ...]:
    """Return the standings of a game over: the winners first, every other seat second;
    in a draw, every seat shares first place.

    >>> [str(s) for s in final_standings(Outcome(Termination.ALL_CARDS, (1,)), 3)]
    ['finished 2', 'finished 1', 'finished 2']
    """
    if type(result) is not Outcome or type(players) is not int or not 0 < players <= MAX_SEATS \
            or not _seats_of(result.winners, players):
        _check_result("final_standings", result, players, none=False)
    return tuple(
        Standing(SeatStatus.FINISHED, 1 if not result.winners or s in result.winners else 2)
        for s in range(players)
    )


def win_loss_returns(result: Outcome | None, players: int) -> tuple[float, ...]:
    """Return +1 for each winner, -1 for each other seat, and 0 for every seat in a draw
    or while the game runs (``result`` is ``None``).

    >>> win_loss_returns(Outcome(Termination.ALL_CARDS, (1,)), 3)
    (-1.0, 1.0, -1.0)
    """
    if type(players) is not int or not 0 < players <= MAX_SEATS or (
            result is not None and (type(result) is not Outcome
                                    or not _seats_of(result.winners, players))):
        _check_result("win_loss_returns", result, players, none=True)
    if result is None or not result.winners:
        return (0.0,) * players
    return tuple(1.0 if s in result.winners else -1.0 for s in range(players))


#: The most seats that the functions of seats here take: no game seats more players than
#: the largest deck that can be shuffled (:data:`~cardwar.rng.MAX_BOUND`) has cards.
MAX_SEATS = MAX_BOUND


def _check_result(where: str, result: object, players: object, none: bool) -> None:
    """Raise cardwar's error for the ``result`` and ``players`` of :func:`final_standings`
    and :func:`win_loss_returns` (an :class:`~cardwar.core.Outcome`, or ``None`` where
    ``none``; a number of seats)."""
    if not isinstance(result, Outcome) and not (none and result is None):
        raise wrong_type(f"{where}'s result", "an Outcome" + (" or None" if none else ""),
                         result)
    seats = check_int(players, f"{where}'s players", 1, MAX_SEATS)
    raise ArgumentError(f"{where}'s result's winners should be seats from 0 to "
                        f"{seats - 1} in increasing order, got "
                        f"{shown(getattr(result, 'winners', None))}")


def _seats_of(winners: object, players: int) -> bool:
    """Return whether ``winners`` are seats of a game of ``players`` seats, each once, in
    increasing order (a draw has none)."""
    if type(winners) is not tuple:
        return False
    last = -1
    for w in winners:
        if type(w) is not int or not last < w < players:
            return False
        last = w
    return True


def _check_game(where: str, game: object) -> None:
    """Raise :class:`~cardwar.errors.ArgumentTypeError` unless ``game`` is a variant."""
    if not isinstance(game, Variant):
        raise wrong_type(where, "a variant (such as cardwar.war)", game)


def _check_history(where: str, game: object, history: object, seat: object,
                   partials: object = None, seen: object = None) -> None:
    """Raise cardwar's error for a bad argument of the functions of a seat's history
    (called once Python's own error showed that one is bad)."""
    _check_game(where, game)
    if is_text(history) or not hasattr(history, "__iter__"):
        raise wrong_type(f"{where}'s history", "a sequence of states", history)
    if type(seat) is not int:
        raise wrong_type(f"{where}'s seat", "an int seat", seat)
    if partials is not None and (is_text(partials)
                                 or not hasattr(partials, "__iter__")):
        raise wrong_type(f"{where}'s partials", "a sequence of tuples of ids", partials)
    if seen is not None:
        try:
            array("d", cast(Any, seen))
        except (TypeError, OverflowError):
            raise wrong_type(f"{where}'s seen", "an array of floats (from seen_tensor)",
                             seen) from None


def _unusable(where: str, err: Exception) -> ArgumentTypeError:
    """Return the error for arguments of ``where`` that pass its checks one by one but
    still fail together (a partial choice that is not a tuple of ids, say), with
    Python's own message."""
    return ArgumentTypeError(f"{where} cannot use its arguments: {err}")


def check_index(index: object, size: int, title: str) -> int:
    """Return ``index`` if it is an int action id of a space of ``size``; raise
    :class:`ActionIndexError` (or :class:`~cardwar.errors.ActionTypeError` for a non-int)
    otherwise."""
    if type(index) is not int:
        raise ActionTypeError(f"an action id of {title} is an int, got {index!r}")
    if type(size) is not int:
        raise wrong_type("check_index's size", "an int", size)
    if not 0 <= index < size:
        raise ActionIndexError(f"{index} is not an action id of {title}: ids run from 0 to "
                               f"{size - 1}")
    return index


#: The last line of an information state string starts with this, then the digest of
#: every observation the seat has had (see :func:`information_state`).
_DIGEST_LINE = "views so far: "
#: The size of that digest, in bytes (BLAKE2b's; 40 hex digits).
_DIGEST_SIZE = 20


def _information_fold(where: str, before: object) -> tuple[bytes, str | None]:
    """Return the digest and the last view of an information state string ``before``
    (``None``: the start of a game); raise cardwar's error for anything else."""
    if before is None:
        return bytes(_DIGEST_SIZE), None
    if not isinstance(before, str):
        raise wrong_type(f"{where}'s before", "an information state string", before)
    text, sep, digest = before.rpartition("\n" + _DIGEST_LINE)
    if not sep or len(digest) != 2 * _DIGEST_SIZE or digest.strip("0123456789abcdef"):
        raise ArgumentError(f"{where}'s before expects a string that information_state "
                            f"returned, got {shown(before)}")
    return bytes.fromhex(digest), text


def information_state(game: Any, history: Iterable[Any], seat: int,
                      partials: Iterable[tuple[int, ...]] | None = None,
                      before: str | None = None) -> str:
    """Return what ``seat`` has observed over a game's ``history`` (its states in order,
    the first one included), the information state of perfect-recall algorithms, as a
    string of bounded size: the seat's observation at the last state, in the game's own
    words, and on a last line a digest of every observation it has had, once per change
    (a BLAKE2b chain: each observation's text hashed after the digest of those before
    it). Two histories give the same string exactly when they give the seat the same
    observations, once per change (up to a collision of the 160-bit digest, which is
    not to be expected). It is built from the seat's observations alone, so it never
    holds a hidden card. ``partials``, beside the states, holds the ids chosen so far
    towards an action at each (played by ids); the seat sees its own.

    ``before``, a string this function returned for the states before ``history`` of
    the same game, continues it: ``information_state(game, h[k:], seat, before=
    information_state(game, h[:k], seat))`` is ``information_state(game, h, seat)``, so
    that a caller keeps it step by step at a cost per state that does not grow with the
    game. A history without a state raises :class:`~cardwar.errors.StateError`, as
    :func:`information_state_tensor` does.

    >>> from cardwar import arneson
    >>> states = [arneson.new_game(4)]
    >>> states.append(arneson.step(states[-1], arneson.legal_actions(states[-1])[0]))
    >>> text = information_state(arneson, states, 1)
    >>> print(text.splitlines()[0])
    Arneson's War, seat 1's view before the first battle
    >>> text.splitlines()[-1][:14], len(text.splitlines()[-1])
    ('views so far: ', 54)
    >>> information_state(arneson, states[1:], 1,
    ...                   before=information_state(arneson, states[:1], 1)) == text
    True
    """
    digest, last = _information_fold("information_state", before)
    chosen = itertools.repeat(()) if partials is None else partials
    empty = True
    try:
        for state, partial in zip(history, chosen, strict=False):  # repeat() is endless
            text = game.render_observation(game.observe(state, seat), ascii=True)
            if partial and seat == game.to_act(state):
                text += "\n  chosen so far: " + " ".join(
                    str(game.action_from_index(state.options, i)) for i in partial)
            empty = False
            if text != last:
                digest = hashlib.blake2b(digest + text.encode(),
                                         digest_size=_DIGEST_SIZE).digest()
                last = text
    except (TypeError, AttributeError) as err:
        if isinstance(err, CardwarError):
            raise
        _check_history("information_state", game, history, seat, partials)
        raise _unusable("information_state", err) from err
    if empty:  # no state: nothing checked the arguments yet
        _check_history("information_state", game, history, seat, partials)
        raise StateError("the history holds no state")
    return f"{last}\n{_DIGEST_LINE}{digest.hex()}"


def information_state_layout(game: Any, options: Any) -> tuple[Part, ...]:
    """Return the parts of :func:`information_state_tensor` under ``options``: the
    observation tensor's parts; then, for each, ``seen_<name>``, the largest value that
    part has held in the seat's observations so far (its memory: every card it has
    seen in its hand, on a caravan, in a battle...); then ``partial``, the ids the seat
    has chosen so far towards an action, for a game with such actions.

    >>> from cardwar import war
    >>> [p.name for p in information_state_layout(war, war.options())][5:8]
    ['last_battle', 'seen_stock_sizes', 'seen_won_sizes']
    """
    _check_game("information_state_layout", game)
    layout = tuple(game.observation_layout(options))
    seen = tuple(Part(f"seen_{p.name}", p.shape, p.public,
                      f"the largest value of {p.name} the seat has observed so far")
                 for p in layout)
    size = game.partial_size(options)
    partial = (Part("partial", (size,), False, "the ids the seat has chosen so far towards "
                    "an action (see partial_tensor)"),) if size else ()
    return (*layout, *seen, *partial)


def seen_tensor(game: Any, history: Iterable[Any], seat: int,
                seen: array[float] | None = None) -> array[float]:
    """Return the largest value of each place of ``seat``'s observation tensor over the
    states of ``history``, folded into ``seen`` (from an earlier part of the same game;
    a new array is returned): the memory part of :func:`information_state_tensor`, to
    keep step by step."""
    try:
        out = None if seen is None else array("d", seen)
        for state in history:
            now = game.observation_tensor(game.observe(state, seat))
            out = now if out is None else array("d", map(max, out, now))
    except (TypeError, AttributeError, OverflowError) as err:
        if isinstance(err, CardwarError):
            raise
        _check_history("seen_tensor", game, history, seat, None, seen)
        raise _unusable("seen_tensor", err) from err
    if out is None:
        _check_history("seen_tensor", game, history, seat, None, seen)
        raise StateError("the history holds no state")
    return out


def information_state_tensor(game: Any, history: Sequence[Any], seat: int,
                             partials: Sequence[tuple[int, ...]] | None = None,
                             seen: array[float] | None = None) -> array[float]:
    """Return what ``seat`` has observed over a game's ``history`` (its states in order,
    the first one included) as a tensor of :func:`information_state_layout`: its
    observation tensor now, the largest value each place of it has held so far, and
    the ids it has chosen towards an action at the last state (``partials`` beside the
    states, as :func:`information_state` takes them). It is built from the seat's
    observations alone, so it never holds a hidden card. Unlike
    :func:`information_state`, two different histories can share a tensor: it is a
    fixed-size summary, for a network's input. ``seen``, from :func:`seen_tensor`,
    stands for the states before ``history`` (an incremental update).

    >>> from cardwar import arneson
    >>> states = [arneson.new_game(4)]
    >>> states.append(arneson.step(states[-1], arneson.legal_actions(states[-1])[0]))
    >>> tensor = information_state_tensor(arneson, states, 0)
    >>> len(tensor) == 2 * arneson.observation_shape(states[0].options)[0]
    True
    """
    try:
        if not history:
            _check_history("information_state_tensor", game, history, seat, partials, seen)
            raise StateError("the history holds no state")
        last = history[-1]
        tensor: array[float] = game.observation_tensor(game.observe(last, seat))
        tensor.extend(seen_tensor(game, history, seat, seen))
        if game.partial_size(last.options):
            chosen = partials[-1] if partials else ()
            mine = chosen if seat == game.to_act(last) else ()
            tensor.extend(game.partial_tensor(last.options, mine))
    except (TypeError, AttributeError, KeyError, IndexError) as err:
        if isinstance(err, CardwarError):
            raise
        _check_history("information_state_tensor", game, history, seat, partials, seen)
        if not hasattr(history, "__getitem__"):
            raise wrong_type("information_state_tensor's history", "a sequence of states",
                             history) from None
        raise _unusable("information_state_tensor", err) from err
    return tensor


def step_index(game: Any, state: Any, partial: tuple[int, ...], index: int
               ) -> tuple[Any, tuple[int, ...]]:
    """Play one action id of the variant ``game``: return the next state and the ids
    chosen so far towards the next action (``()`` once the ids made up an action, which
    is then played). Every id of every variant but General's War's squad cards is a
    whole action; an illegal id raises :class:`~cardwar.core.IllegalActionError` and
    changes nothing.
    """
    try:
        ids = (*partial, index)
        action = game.indices_to_action(state, ids)
    except (TypeError, AttributeError) as err:
        if isinstance(err, CardwarError):
            raise
        _check_game("step_index", game)
        if is_text(partial) or not hasattr(partial, "__iter__"):
            raise wrong_type("step_index's partial", "a tuple of ids", partial) from None
        raise _unusable("step_index", err) from err
    if action is None:
        return state, ids
    return game.step(state, action), ()


class Codec(abc.ABC):
    """The integer interface of a game whose every action is one id, from four
    functions of the game: the size of its action space, an action's id, the action of
    an id and the bound on a game's length. A variant binds the methods of its codec as
    module functions."""

    def __init__(self, game: Any, validate: Any = None) -> None:
        self.game = game
        self.title: str = game.TITLE
        # The game's check that an observation could come from its observe (its
        # sampling module's validate), else the check of the fields' types alone.
        self._validate = validate
        # The game's own count of a state's seats (a toy module may later take this
        # codec's num_players as its own).
        self._players = getattr(game, "num_players", None)
        self._layout = functools.lru_cache(maxsize=64)(self.layout)
        # Options are shared by every state of a game: a tensor finds its layout by their
        # identity, without hashing them.
        self._plans = IdentityCache(self._layout_and_size, maxsize=64)
        self.deck_size = functools.lru_cache(maxsize=64)(self._count_deck)

    def _layout_and_size(self, options: Any) -> tuple[tuple[Part, ...], int]:
        layout = self._layout(options)
        return layout, layout_size(layout)

    def _count_deck(self, options: Any) -> int:
        """Return how many cards the game's deck holds under ``options``."""
        return len(self.game.deck(options))

    # What a game's codec defines.
    @abc.abstractmethod
    def size(self, options: Any) -> int:
        """Return the number of action ids under ``options``."""
        ...

    @abc.abstractmethod
    def index(self, options: Any, action: Any) -> int:
        """Return the id of ``action`` (of the game's action types) under ``options``."""
        ...

    @abc.abstractmethod
    def action(self, options: Any, index: int) -> Any:
        """Return the action of the valid id ``index`` under ``options``."""
        ...

    @abc.abstractmethod
    def max_game_length(self, options: Any) -> int | None:
        """Return a bound on the steps of a game of ``options``, or ``None``."""
        ...

    def state_players(self, state: Any) -> int:
        """Return the number of seats of a state."""
        return int(self._players(state)) if self._players is not None else 2

    def running_standings(self, state: Any) -> tuple[Standing, ...]:
        """Return the standings while the game runs: every seat playing."""
        return playing(self.state_players(state))

    # The interface itself.
    def _options(self, options: object) -> Any:
        if type(options) is not self.game.Options:
            raise OptionsTypeError(f"expected options of {self.title}, got "
                                   f"{type(options).__name__}")
        return options

    def _state(self, state: object) -> Any:
        cls = getattr(self.game, "State", None)
        if cls is not None:
            check_state(state, cls, self.title)
        return state

    # Observation tensors: a game's codec defines ``layout`` and ``write``.
    def layout(self, options: Any) -> tuple[Part, ...]:
        """Return the parts of the game's observation tensor under ``options``."""
        raise NotImplementedError(f"{self.title} has no observation tensor")

    def write(self, observation: Any, tensor: TensorWriter) -> None:
        """Write the parts of ``observation``'s tensor, in the layout's order."""
        raise NotImplementedError(f"{self.title} has no observation tensor")

    def observation_layout(self, options: Any) -> tuple[Part, ...]:
        """Return the named parts of the observation tensor under ``options``."""
        return self._layout(self._options(options))

    def observation_shape(self, options: Any) -> tuple[int]:
        """Return the shape of the observation tensor under ``options``: one dimension."""
        return (layout_size(self.observation_layout(options)),)

    def observation_tensor(self, observation: Any, check: bool = False) -> array[float]:
        """Return ``observation`` as a flat ``array('d')`` of floats in [0, 1] (a new
        array each call; ``numpy.frombuffer(tensor)`` views it without a copy), laid out as
        :meth:`observation_layout` says; per-seat parts are in seat-relative order (the
        observing seat first). ``check=True`` first checks that the observation could
        come from the game's ``observe`` (``Codec.check_observation``: an observation
        built by hand that no state gives raises
        :class:`~cardwar.errors.ObservationError`), then every part against the layout
        as it is written (:class:`~cardwar.encoding.CheckedTensorWriter`). Without it
        an observation is trusted: one that cannot be written still raises
        ``ObservationError``, but one of the right shape with values no game gives is
        written as it is."""
        opts = getattr(observation, "options", None)
        seat = getattr(observation, "seat", None)
        if type(opts) is not self.game.Options or type(seat) is not int:
            if type(opts) is self.game.Options and self._validate is not None:
                self._validate(observation)  # a state, or an observation's bad seat
            hint = (": observe(state, seat) gives what one seat sees"
                    if type(opts) is self.game.Options else "")
            raise StateError(f"expected an observation of {self.title}, got "
                             f"{type(observation).__name__}{hint}")
        if check:
            self.check_observation(observation)
        layout, size = self._plans(opts)
        tensor = (CheckedTensorWriter if check else TensorWriter)(layout, size)
        try:
            self.write(observation, tensor)
            return tensor.done()
        except (TypeError, AttributeError, LookupError, ValueError, OverflowError,
                AssertionError) as err:
            # Every observation the game gives is written (the tests write them all): one
            # built by hand is refused for what is wrong with it, or else for the failure.
            self.check_observation(observation)
            raise ObservationError(
                f"the observation cannot be written as a tensor: {err}") from err

    def check_observation(self, observation: Any) -> None:
        """Raise :class:`~cardwar.errors.ObservationError` unless ``observation`` (an
        observation of the game) could come from the game's ``observe``: its fields of
        their types, and, where the game checks them (its ``sampling.validate``), its
        values: seats of the game, counts that are not negative, parts that agree."""
        if self._validate is not None:
            self._validate(observation)
            return
        problem = malformed(observation)
        if problem is not None:
            raise ObservationError(problem)

    def partial_size(self, options: Any) -> int:
        """Return how many values :meth:`partial_tensor` holds: 0 for a game whose every
        action is one id."""
        self._options(options)
        return 0

    def partial_tensor(self, options: Any, partial: tuple[int, ...]) -> tuple[float, ...]:
        """Return the ids chosen so far towards an action as values in [0, 1], for a
        learner to see beside the observation tensor (empty for a game whose every
        action is one id)."""
        self._options(options)
        self._no_partial(partial)
        return ()

    def members(self) -> dict[str, Any]:
        """Return the protocol members this codec provides, by name."""
        return {name: getattr(self, name) for name in MEMBERS}

    def num_actions(self, options: Any) -> int:
        """Return the number of action ids of the game under ``options``."""
        return self.size(self._options(options))

    def num_players(self, game: Any) -> int:
        """Return the number of seats of a state or of options."""
        if type(game) is self.game.Options:
            return int(getattr(game, "players", self.game.MIN_PLAYERS))
        return self.state_players(self._state(game))

    def action_to_index(self, options: Any, action: Any) -> int:
        """Return the id of ``action`` under ``options``."""
        return self.index(self._options(options), action)

    def action_from_index(self, options: Any, index: int) -> Any:
        """Return the action of id ``index``; raise
        :class:`~cardwar.encoding.ActionIndexError` for an int that is no id of the game."""
        opts = self._options(options)
        return self.action(opts, check_index(index, self.size(opts), self.title))

    def action_to_indices(self, options: Any, action: Any) -> tuple[int, ...]:
        """Return the ids that make up ``action``: one id."""
        return (self.action_to_index(options, action),)

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the ids of the legal actions, in increasing order."""
        self._no_partial(partial)
        opts = self._state(state).options
        return tuple(sorted({self.index(opts, a) for a in self.game.legal_actions(state)}))

    def legal_action_mask(self, state: Any, partial: tuple[int, ...] = ()) -> bytes:
        """Return the legal-action mask: ``num_actions`` bytes, 1 for a legal id."""
        ids = self.legal_action_indices(state, partial)  # checks the state first
        mask = bytearray(self.size(state.options))
        for i in ids:
            mask[i] = 1
        return bytes(mask)

    def indices_to_action(self, state: Any, indices: tuple[int, ...]) -> Any:
        """Return the action of one id (``step`` checks that it is legal)."""
        opts = self._state(state).options
        if not isinstance(indices, (tuple, list)) or len(indices) != 1:
            raise ActionIndexError(f"every action of {self.title} is one id, given as a "
                                   f"tuple of one int, got {indices!r}")
        return self.action_from_index(opts, indices[0])

    def _no_partial(self, partial: tuple[int, ...]) -> None:
        if partial != ():
            raise ActionIndexError(f"every action of {self.title} is one id: there is no "
                                   f"partial action, got {partial!r}")

    def returns(self, state: Any) -> tuple[float, ...]:
        """Return +1 for each winner, -1 for each other seat, 0 for all in a draw or
        while the game runs."""
        return win_loss_returns(self._state(state).result, self.state_players(state))

    def standings(self, state: Any) -> tuple[Standing, ...]:
        """Return every seat's standing."""
        result = self._state(state).result
        if result is not None:
            return final_standings(result, self.state_players(state))
        return self.running_standings(state)


#: The members of the :class:`~cardwar.core.Variant` protocol that make up the integer
#: interface (every one a method of :class:`Codec`).
MEMBERS = (
    "partial_size",
    "partial_tensor",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "indices_to_action",
    "legal_action_indices",
    "legal_action_mask",
    "max_game_length",
    "num_actions",
    "num_players",
    "returns",
    "standings",
)


class ListedCodec(Codec):
    """The codec of a game with a short list of all its actions: an action's id is its
    place in ``actions(options)``. A variant added outside cardwar can take its whole
    integer interface from it:

    >>> import types
    >>> toy = types.SimpleNamespace(TITLE="Toy", Options=int, MIN_PLAYERS=2)
    >>> codec = ListedCodec(toy, lambda options: ("rock", "paper", "scissors"))
    >>> codec.num_actions(0), codec.action_to_index(0, "paper"), codec.action_from_index(0, 2)
    (3, 1, 'scissors')
    """

    def __init__(self, game: Any, actions: Any, max_length: int | None = None) -> None:
        super().__init__(game)
        self.actions = actions
        self.max_length = max_length

    def size(self, options: Any) -> int:
        return len(self.actions(options))

    def index(self, options: Any, action: Any) -> int:
        listed = tuple(self.actions(options))
        if action not in listed:
            raise ActionTypeError(f"{action!r} is not an action of {self.title}")
        return listed.index(action)

    def action(self, options: Any, index: int) -> Any:
        return self.actions(options)[index]

    def max_game_length(self, options: Any) -> int | None:
        self._options(options)
        return self.max_length


# --- observation tensors ------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Part(Immutable):
    """One named part of an observation tensor: its shape, whether every seat sees the
    same values (public) or only the observing seat's own (private), and what it holds.
    The tensor is the parts one after the other, flattened in row-major order."""

    name: str
    """The part's name."""
    shape: tuple[int, ...]
    """Its shape."""
    public: bool
    """Whether it holds public information (the same in every seat's tensor, but for
    seat-relative order)."""
    doc: str
    """What its values are."""
    size: int = attrs.field(init=False, eq=False, repr=False)
    """The number of values of the part."""

    def __attrs_post_init__(self) -> None:
        n = 1
        for d in self.shape:
            n *= d
        object.__setattr__(self, "size", n)


def layout_size(layout: tuple[Part, ...]) -> int:
    """Return the number of values of a tensor of ``layout`` (a tuple of
    :class:`Part` values)."""
    if type(layout) is not tuple or not all(type(p) is Part for p in layout):
        raise wrong_type("layout_size", "a tuple of Part values", layout)
    return _layout_size(layout)


@functools.lru_cache(maxsize=256)
def _layout_size(layout: tuple[Part, ...]) -> int:
    return sum(p.size for p in layout)


def tensor_part(layout: Sequence[Part], tensor: Sequence[float], name: str
                ) -> tuple[float, ...]:
    """Return the values of the part ``name`` of a tensor of ``layout`` (flattened).

    >>> from cardwar import war
    >>> state = war.new_game(1)
    >>> tensor = war.observation_tensor(war.observe(state, 0))
    >>> tensor_part(war.observation_layout(state.options), tensor, "stock_sizes")
    (0.5, 0.5)
    """
    start = 0
    try:
        for part in layout:
            if part.name == name:
                return tuple(tensor[start:start + part.size])
            start += part.size
    except (TypeError, AttributeError):
        if is_text(layout) or not hasattr(layout, "__iter__") \
                or not all(type(p) is Part for p in layout):
            raise wrong_type("tensor_part's layout", "a sequence of Part values", layout) \
                from None
        raise wrong_type("tensor_part's tensor", "a sequence of floats", tensor) from None
    if not isinstance(name, str):
        raise wrong_type("tensor_part's name", "a str", name)
    raise ArgumentError(f"no tensor part {name!r}; parts: {', '.join(p.name for p in layout)}")


def relative(values: Sequence[Any], seat: int) -> Sequence[Any]:
    """Return per-seat ``values`` in seat-relative order: the observing seat first, then
    the seats after it in turn (``values`` itself for seat 0).

    >>> relative("ABC", 1), relative("ABC", 0)
    (['B', 'C', 'A'], 'ABC')
    """
    if not seat and type(seat) is int:
        return values
    try:
        if 0 < seat < len(values) and type(seat) is int:
            return [*values[seat:], *values[:seat]]
    except TypeError:
        pass
    if type(seat) is not int:
        raise wrong_type("relative's seat", "an int seat", seat)
    if not hasattr(values, "__len__") or not hasattr(values, "__getitem__"):
        raise wrong_type("relative's values", "a sequence of per-seat values", values)
    raise ArgumentError(f"relative expects a seat in [0, {len(values) - 1}] of its "
                        f"{len(values)} values, got {seat}")


class TensorWriter:
    """Builds an observation tensor part by part into an ``array('d')``; every value
    written is in [0, 1]. Whole rows that many states share are cached packed
    (:func:`pack`) and appended at the cost of a memory copy. :meth:`done` returns the
    array once its length is the layout's. :meth:`part` marks where each part starts;
    :class:`CheckedTensorWriter` checks each against the layout
    (``observation_tensor(observation, check=True)``)."""

    __slots__ = ("layout", "size", "values")

    def __init__(self, layout: tuple[Part, ...], size: int | None = None) -> None:
        self.layout = layout
        self.size = layout_size(layout) if size is None else size
        self.values = array("d")

    def part(self, name: str) -> TensorWriter:
        """Start the part ``name``, the next of the layout."""
        return self

    def block(self, values: Iterable[float]) -> TensorWriter:
        """Write ``values`` (already in [0, 1]) as they are."""
        self.values.extend(values)
        return self

    def packed(self, row: bytes) -> TensorWriter:
        """Write the values of a row packed by :func:`pack` (already in [0, 1])."""
        self.values.frombytes(row)
        return self

    def fractions(self, values: Sequence[float], bound: float, seat: int = 0) -> TensorWriter:
        """Write each value divided by ``bound``, clipped into [0, 1], in seat-relative
        order from ``seat`` (see :func:`relative`)."""
        append = self.values.append
        if bound <= 0:
            self.values.frombytes(_zeros(len(values)))
        elif seat:
            for v in values[seat:]:
                append(0.0 if v <= 0 else 1.0 if v >= bound else v / bound)
            for v in values[:seat]:
                append(0.0 if v <= 0 else 1.0 if v >= bound else v / bound)
        else:
            for v in values:
                append(0.0 if v <= 0 else 1.0 if v >= bound else v / bound)
        return self

    def flags(self, values: Sequence[object], seat: int = 0) -> TensorWriter:
        """Write 1.0 for each true value and 0.0 for each false one, in seat-relative
        order from ``seat``."""
        append = self.values.append
        if seat:
            for v in values[seat:]:
                append(1.0 if v else 0.0)
            for v in values[:seat]:
                append(1.0 if v else 0.0)
        else:
            for v in values:
                append(1.0 if v else 0.0)
        return self

    def one_hot(self, index: int | None, size: int) -> TensorWriter:
        """Write ``size`` values, 1.0 at ``index`` (none for ``None``)."""
        self.values.frombytes(_zeros(size) if index is None else _one_hot(index, size))
        return self

    def cards(self, cards: Iterable[Any], copies: int = 1, joker_copies: int = 1
              ) -> TensorWriter:
        """Write 53 values, one per card index: how many of ``cards`` are that card,
        divided by how many copies the deck holds (``joker_copies`` for the Joker),
        clipped into [0, 1]. A tuple's row is cached (by the tuple, then by value)."""
        if type(cards) is tuple:
            self.values.frombytes(_ROWS(cards, (copies, joker_copies)))
        else:  # a new collection: cached by value
            self.values.frombytes(_card_row(tuple(cards), copies, joker_copies))
        return self

    def card(self, card: Any | None) -> TensorWriter:
        """Write the 53 values of one card (1.0 at its index), or of none."""
        self.values.frombytes(_NO_CARD if card is None else _SINGLE_ROWS[card])
        return self

    def done(self) -> array[float]:
        """Return the tensor, once as many values as the layout's are written."""
        if len(self.values) != self.size:
            raise AssertionError(f"the tensor holds {len(self.values)} values, not {self.size}")
        return self.values


class CheckedTensorWriter(TensorWriter):
    """A :class:`TensorWriter` that checks every part against the layout: its name is
    the next one, and it holds exactly the part's number of values, each in [0, 1].
    For tests and for a new codec; it costs several times as much.

    >>> layout = (Part("a", (2,), True, ""), Part("b", (1,), True, ""))
    >>> CheckedTensorWriter(layout).part("a").flags((True,)).part("b")
    Traceback (most recent call last):
    AssertionError: tensor part 'a' holds 1 values, not 2
    """

    __slots__ = ("_end", "_index")

    def __init__(self, layout: tuple[Part, ...], size: int | None = None) -> None:
        super().__init__(layout, size)
        self._index = -1  # the part being written
        self._end = 0  # where it ends

    def part(self, name: str) -> TensorWriter:
        """Start the part ``name``, which must be the next of the layout (and the one
        before it complete)."""
        self._close()
        index = self._index + 1
        layout = self.layout
        if index >= len(layout) or layout[index].name != name:
            raise AssertionError(f"tensor part {name!r} is not the next of the layout")
        self._index = index
        self._end += layout[index].size
        return self

    def _close(self) -> None:
        if len(self.values) != self._end:
            part = self.layout[self._index]
            raise AssertionError(f"tensor part {part.name!r} holds "
                                 f"{len(self.values) - self._end + part.size} values, "
                                 f"not {part.size}")
        bad = [v for v in self.values if not 0.0 <= v <= 1.0]
        if bad:
            raise AssertionError(f"tensor part {self.layout[self._index].name!r} holds "
                                 f"values outside [0, 1]: {bad[:3]!r}")

    def done(self) -> array[float]:
        """Return the tensor, once every part of the layout is written."""
        self._close()
        if self._index != len(self.layout) - 1:
            raise AssertionError(f"tensor part {self.layout[self._index + 1].name!r} is missing")
        return super().done()


def pack(values: Iterable[float]) -> bytes:
    """Return ``values`` packed as :meth:`TensorWriter.packed` appends them: an
    immutable row to cache.

    >>> TensorWriter((), 2).packed(pack((0.5, 1.0))).done().tolist()
    [0.5, 1.0]
    """
    try:
        return array("d", values).tobytes()
    except (TypeError, OverflowError, ValueError):  # (bytes are no floats)
        raise wrong_type("pack", "an iterable of floats", values) from None


@functools.lru_cache(maxsize=64)
def _zeros(size: int) -> bytes:
    return pack((0.0,) * size)


@functools.lru_cache(maxsize=1024)
def _one_hot(index: int, size: int) -> bytes:
    row = [0.0] * size
    row[index] = 1.0
    return pack(row)


class IdentityCache:
    """A bounded cache of ``compute(value, *args)`` keyed by the identity of ``value``
    (an immutable value that many states share, such as a pile or a caravan) and by
    ``args``, which costs no hashing of what the value holds. Each entry holds its
    value, so an id names no other object while the entry lives; a lookup racing
    another thread's write at worst computes again.

    >>> calls = []
    >>> total = IdentityCache(lambda values, scale: calls.append(1) or sum(values) * scale)
    >>> pile = (1, 2, 3)
    >>> total(pile, (2,)), total(pile, (2,)), total(pile, (3,)), len(calls)
    (12, 12, 18, 2)
    """

    __slots__ = ("_entries", "compute", "maxsize")

    def __init__(self, compute: Any, maxsize: int = 4096) -> None:
        self.compute = compute
        self.maxsize = maxsize
        self._entries: dict[tuple[int, tuple[Any, ...]], tuple[Any, Any]] = {}

    def __call__(self, value: Any, args: tuple[Any, ...] = ()) -> Any:
        """Return ``compute(value, *args)``."""
        key = (id(value), args)
        entry = self._entries.get(key)
        if entry is not None and entry[0] is value:
            return entry[1]
        result = self.compute(value, *args)
        if len(self._entries) >= self.maxsize:
            self._entries.clear()
        self._entries[key] = (value, result)
        return result


@functools.lru_cache(maxsize=4096)
def _card_row(cards: tuple[Any, ...], copies: int, joker_copies: int) -> bytes:
    row = [0.0] * CARD_COUNT
    step = 1.0 / copies if copies > 1 else 1.0
    joker = 1.0 / joker_copies if joker_copies > 1 else 1.0
    for c in cards:
        i = _CARD_INDEX[c]
        v = row[i] + (joker if i == _JOKER_INDEX else step)
        row[i] = 1.0 if v > 1.0 else v
    return pack(row)


_ROWS = IdentityCache(_card_row)


_CARD_INDEX = {card_from_index(i): i for i in range(CARD_COUNT)}
_JOKER_INDEX = CARD_COUNT - 1
_NO_CARD = _zeros(CARD_COUNT)
_SINGLE_ROWS = {card_from_index(i): _one_hot(i, CARD_COUNT) for i in range(CARD_COUNT)}

