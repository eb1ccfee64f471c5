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
import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import CARD_COUNT, card_from_index
from cardwar.core import Outcome, Termination
from cardwar.errors import (
    ActionTypeError,
    CardwarError,
    OptionsTypeError,
    StateError,
    check_state,
)

__all__ = [
    "MEMBERS",
    "TRUNCATIONS",
    "ActionIndexError",
    "Codec",
    "ListedCodec",
    "Part",
    "SeatStatus",
    "Standing",
    "TensorWriter",
    "check_index",
    "final_standings",
    "information_state",
    "layout_size",
    "relative",
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
    if result is None or not result.winners:
        return (0.0,) * players
    return tuple(1.0 if s in result.winners else -1.0 for s in range(players))


def check_index(index: object, size: int, title: str) -> int:
    """Return ``index`` if it is an int action id of a space of ``size``; raise
    :class:`ActionIndexError` (or :class:`~cardwar.errors.ActionTypeError` for a non-int)
    otherwise."""
    if type(index) is not int:
        raise ActionTypeError(f"an action id of {title} is an int, got {index!r}")
    if not 0 <= index < size:
        raise ActionIndexError(f"{index} is not an action id of {title}: ids run from 0 to "
                               f"{size - 1}")
    return index


def information_state(game: Any, history: Iterable[Any], seat: int,
                      partials: Iterable[tuple[int, ...]] | None = None) -> str:
    """Return what ``seat`` has observed over a game's ``history`` (its states in order,
    the first one included): each observation it had, in the game's own words, once per
    change: the information state of perfect-recall algorithms, as a string. It is built
    from the seat's observations alone, so it never holds a hidden card. ``partials``,
    beside the states, holds the ids chosen so far towards an action at each (played by
    ids); the seat sees its own.

    >>> from cardwar import arneson
    >>> states = [arneson.new_game(4)]
    >>> states.append(arneson.step(states[-1], arneson.legal_actions(states[-1])[0]))
    >>> information_state(arneson, states, 1).count("seat 1's view")
    2
    """
    lines: list[str] = []
    chosen = itertools.repeat(()) if partials is None else partials
    for state, partial in zip(history, chosen, strict=False):  # repeat() is endless
        text = game.render_observation(game.observe(state, seat), ascii=True)
        if partial and seat == game.to_act(state):
            text += "\n  chosen so far: " + " ".join(
                str(game.action_from_index(state.options, i)) for i in partial)
        if not lines or lines[-1] != text:
            lines.append(text)
    return "\n".join(lines)


def step_index(game: Any, state: Any, partial: tuple[int, ...], index: int
               ) -> tuple[Any, tuple[int, ...]]:
    """Play one action id of the variant ``game``: return the next state and the ids
    chosen so far towards the next action (``()`` once the ids made up an action, which
    is then played). Every id of every variant but General's War's squad cards is a
    whole action; an illegal id raises :class:`~cardwar.core.IllegalActionError` and
    changes nothing.
    """
    ids = (*partial, index)
    action = game.indices_to_action(state, ids)
    if action is None:
        return state, ids
    return game.step(state, action), ()


class Codec(abc.ABC):
    """The integer interface of a game whose every action is one id, from four
    functions of the game: the size of its action space, an action's id, the action of
    an id and the bound on a game's length. A variant binds the methods of its codec as
    module functions."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.title: str = game.TITLE
        # The game's own count of a state's seats (a toy module may later take this
        # codec's num_players as its own).
        self._players = getattr(game, "num_players", None)
        self._layout = functools.lru_cache(maxsize=64)(self.layout)
        self.deck_size = functools.lru_cache(maxsize=64)(self._count_deck)

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

    def observation_tensor(self, observation: Any) -> tuple[float, ...]:
        """Return ``observation`` as a flat tuple of floats in [0, 1], laid out as
        :meth:`observation_layout` says; per-seat parts are in seat-relative order (the
        observing seat first)."""
        opts = getattr(observation, "options", None)
        if type(opts) is not self.game.Options:
            raise StateError(f"expected an observation of {self.title}, got "
                             f"{type(observation).__name__}")
        tensor = TensorWriter(self._layout(opts))
        self.write(observation, tensor)
        return tensor.done()

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
        if len(indices) != 1:
            raise ActionIndexError(f"every action of {self.title} is one id, got {indices!r}")
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


@functools.lru_cache(maxsize=256)
def layout_size(layout: tuple[Part, ...]) -> int:
    """Return the number of values of a tensor of ``layout``."""
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
    for part in layout:
        if part.name == name:
            return tuple(tensor[start:start + part.size])
        start += part.size
    raise KeyError(f"no tensor part {name!r}; parts: {', '.join(p.name for p in layout)}")


def relative(values: Sequence[Any], seat: int) -> list[Any]:
    """Return per-seat ``values`` in seat-relative order: the observing seat first, then
    the seats after it in turn."""
    return [*values[seat:], *values[:seat]]


class TensorWriter:
    """Builds an observation tensor part by part into a vector of zeros, checking each
    part against its layout; every value written is in [0, 1]."""

    __slots__ = ("_end", "_index", "layout", "pos", "values")

    def __init__(self, layout: tuple[Part, ...]) -> None:
        self.layout = layout
        self.values = [0.0] * layout_size(layout)
        self.pos = 0  # where the next value goes
        self._index = -1  # the part being written
        self._end = 0  # where it ends

    def part(self, name: str) -> TensorWriter:
        """Start the part ``name``, which must be the next of the layout (and the one
        before it complete)."""
        if self.pos != self._end:
            self._close()
        self._index += 1
        layout = self.layout
        if self._index >= len(layout) or layout[self._index].name != name:
            raise AssertionError(f"tensor part {name!r} is not the next of the layout")
        self._end = self.pos + layout[self._index].size
        return self

    def block(self, values: Sequence[float]) -> TensorWriter:
        """Write ``values`` (already in [0, 1]) as they are."""
        pos = self.pos
        self.values[pos:pos + len(values)] = values
        self.pos = pos + len(values)
        return self

    def _close(self) -> None:
        if self.pos != self._end:
            part = self.layout[self._index]
            raise AssertionError(f"tensor part {part.name!r} holds "
                                 f"{self.pos - self._end + part.size} values, not {part.size}")

    def fractions(self, values: Iterable[float], bound: float) -> TensorWriter:
        """Write each value divided by ``bound``, clipped into [0, 1]."""
        out, pos = self.values, self.pos
        for v in values:
            if v > 0 and bound > 0:
                out[pos] = 1.0 if v >= bound else v / bound
            pos += 1
        self.pos = pos
        return self

    def flags(self, values: Iterable[bool]) -> TensorWriter:
        """Write 1.0 for each true value and 0.0 for each false one."""
        out, pos = self.values, self.pos
        for v in values:
            if v:
                out[pos] = 1.0
            pos += 1
        self.pos = pos
        return self

    def one_hot(self, index: int | None, size: int) -> TensorWriter:
        """Write ``size`` values, 1.0 at ``index`` (none for ``None``)."""
        if index is not None:
            self.values[self.pos + index] = 1.0
        self.pos += size
        return self

    def cards(self, cards: Iterable[Any], copies: int = 1, joker_copies: int = 1
              ) -> TensorWriter:
        """Write 53 values, one per card index: how many of ``cards`` are that card,
        divided by how many copies the deck holds (``joker_copies`` for the Joker),
        clipped into [0, 1]."""
        out, base = self.values, self.pos
        step = 1.0 / copies if copies > 1 else 1.0
        joker = 1.0 / joker_copies if joker_copies > 1 else 1.0
        for c in cards:
            i = _CARD_INDEX[c]
            v = out[base + i] + (joker if i == _JOKER_INDEX else step)
            out[base + i] = 1.0 if v > 1.0 else v
        self.pos = base + CARD_COUNT
        return self

    def card_row(self, cards: tuple[Any, ...], copies: int = 1, joker_copies: int = 1
                 ) -> TensorWriter:
        """Write the 53 values that :meth:`cards` writes, for a tuple of cards, from a
        cache: a pile that many states share (a discard pile, a hand) costs one lookup."""
        return self.block(card_row(cards, copies, joker_copies))

    def done(self) -> tuple[float, ...]:
        """Return the tensor, once every part of the layout is written."""
        self._close()
        if self._index != len(self.layout) - 1:
            raise AssertionError(f"tensor part {self.layout[self._index + 1].name!r} is missing")
        return tuple(self.values)


@functools.lru_cache(maxsize=4096)
def card_row(cards: tuple[Any, ...], copies: int = 1, joker_copies: int = 1
             ) -> tuple[float, ...]:
    """Return the 53 values of :meth:`TensorWriter.cards` for ``cards`` (cached)."""
    row = TensorWriter((_ROW_PART,)).part("cards")
    return row.cards(cards, copies, joker_copies).done()


_CARD_INDEX = {card_from_index(i): i for i in range(CARD_COUNT)}
_JOKER_INDEX = CARD_COUNT - 1
_ROW_PART = Part("cards", (CARD_COUNT,), True, "cards by card index")
