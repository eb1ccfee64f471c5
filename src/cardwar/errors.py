"""The base of every error that cardwar raises for bad input: :class:`CardwarError`.

Each of cardwar's errors also subclasses the built-in exception that fits, ``ValueError``
for a bad value and ``TypeError`` for a value of the wrong type, so that code written for
the built-ins keeps working; ``except CardwarError`` catches them all.

>>> import cardwar
>>> try:
...     cardwar.war.options(face_down=-1)
... except cardwar.CardwarError as err:
...     print(type(err).__name__, isinstance(err, ValueError))
OptionError True
"""

from __future__ import annotations

from typing import Any, cast

__all__ = [
    "ActionTypeError",
    "AgentError",
    "ArgumentError",
    "ArgumentTypeError",
    "CardwarError",
    "ObservationError",
    "OptionsTypeError",
    "SeatError",
    "StateError",
    "check_choice",
    "check_game_choice",
    "check_int",
    "check_legal",
    "check_observation",
    "check_seat",
    "check_state",
    "is_text",
    "shown",
    "wrong_type",
]


class CardwarError(Exception):
    """Raised for any bad input to cardwar: options, seeds, deals, actions, seats,
    notation, records. Catch it to catch every error of the library's own."""


class ActionTypeError(CardwarError, TypeError):
    """Raised when an action is built from values of the wrong type (a card that is not a
    :class:`~cardwar.cards.Card`, a seat given as ``0.0``, a Joker declared as ``12``), or
    when ``step`` is given something that is not an action of the game's types."""


class AgentError(CardwarError, ValueError):
    """Raised for an agent that cannot be built from its name (an unknown kind, a
    heuristic the variant does not have, a bad search budget, a ``module:name`` that does
    not import), and by an agent asked to choose among no legal actions or given legal
    actions that are not a tuple or a list, or whose policy answers with no legal id."""


class OptionsTypeError(CardwarError, TypeError):
    """Raised when a game is given options that are not its own ``Options`` value (a
    dict, or another variant's options): build them with the variant's ``options()``."""


class ArgumentError(CardwarError, ValueError):
    """Raised for an argument of a function of the library out of its range or shape that
    no more specific error names: a run's size, an engine's name, the number of agents."""


class ArgumentTypeError(ArgumentError, TypeError):
    """Raised for an argument of a function of the library of the wrong type (``None``,
    a string, a float or a bool where an int is due, something that is not a card or not a
    variant): a ``TypeError``, and an :class:`ArgumentError` too, as the same argument out
    of its range is, so that either catches it."""


class StateError(CardwarError, TypeError):
    """Raised when a variant's function is given a state that is not one of its own
    (another variant's state, or anything else)."""


class ObservationError(CardwarError, ValueError):
    """Raised when an observation cannot have come from any state of its game (its card
    counts do not fit the deck, a field is not of its type, or its parts contradict each
    other), so that no state can be sampled for it."""


class SeatError(CardwarError, ValueError, TypeError):
    """Raised for a seat that is not an int seat of the game: of the wrong type (a
    ``TypeError``) or out of range (a ``ValueError``); it is both, so either catches it."""


def shown(value: object, limit: int = 60) -> str:
    """Return ``repr(value)`` cut to about ``limit`` characters, for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_text(value: object) -> bool:
    """Return whether ``value`` is a ``str`` or ``bytes``: iterable, but never the
    sequence of values (cards, piles, seats) that a function asks for."""
    return isinstance(value, (str, bytes))


def wrong_type(where: str, expected: str, value: object) -> ArgumentTypeError:
    """Return the error that says ``where`` (a function, or one of its arguments) expects
    ``expected`` and was given ``value``, of the wrong type.

    >>> wrong_type("format_card", "a Card or None", "x")
    ArgumentTypeError("format_card expects a Card or None, got str 'x'")
    """
    return ArgumentTypeError(f"{where} expects {expected}, got {type(value).__name__} "
                             f"{shown(value)}")


def check_int(value: object, where: str, low: int, high: int | None = None,
              span: str | None = None) -> int:
    """Return ``value`` if it is an int (not a bool) in ``[low, high]`` (``high`` ``None``:
    no upper bound); raise :class:`ArgumentTypeError` for a value of another type and
    :class:`ArgumentError` for an int out of range, each saying that ``where`` expects an
    int ``span`` (by default ``in [low, high]`` or ``>= low``).

    >>> check_int(3, "f", 0, 9)
    3
    >>> check_int(True, "f", 0, 9)
    Traceback (most recent call last):
    ...
    cardwar.errors.ArgumentTypeError: f expects an int in [0, 9], got bool True
    >>> check_int(-1, "f", 0)
    Traceback (most recent call last):
    ...
    cardwar.errors.ArgumentError: f expects an int >= 0, got -1
    """
    if span is None:
        span = f">= {low}" if high is None else f"in [{low}, {high}]"
    if type(value) is not int:
        raise wrong_type(where, f"an int {span}", value)
    if value < low or (high is not None and value > high):
        raise ArgumentError(f"{where} expects an int {span}, got {shown(value)}")
    return value


def check_seat(seat: object, players: int) -> int:
    """Return ``seat`` if it is an int in ``[0, players - 1]`` (not a bool, not a float
    equal to one); raise :class:`SeatError` otherwise.

    >>> check_seat(1, 2)
    1
    >>> check_seat(1.0, 2)
    Traceback (most recent call last):
    ...
    cardwar.errors.SeatError: seat must be an int in [0, 1], got 1.0
    """
    try:
        if type(seat) is int and 0 <= seat < players:
            return seat
    except TypeError:  # players is not a number: said below
        pass
    check_int(players, "check_seat's players", 1)
    raise SeatError(f"seat must be an int in [0, {players - 1}], got {seat!r}")


def check_observation(observation: object, cls: type, game: str) -> None:
    """Raise :class:`StateError` unless ``observation`` is an instance of exactly ``cls``,
    the observation class of the game named ``game`` (a state says to observe it first)."""
    if type(observation) is not cls:
        hint = (": observe(state, seat) gives what one seat sees"
                if type(observation).__name__.endswith("State") else "")
        raise StateError(f"expected an observation of {game}, got "
                         f"{type(observation).__name__}{hint}")


def check_state(state: object, cls: type, game: str) -> None:
    """Raise :class:`StateError` unless ``state`` is an instance of exactly ``cls``, the
    state class of the game named ``game``."""
    if type(state) is not cls:
        if not isinstance(cls, type):
            raise wrong_type("check_state's cls", "a state class", cls)
        if not isinstance(game, str):
            raise wrong_type("check_state's game", "the game's title, a str", game)
        raise StateError(f"expected a state of {game} ({cls.__module__.rsplit('.', 1)[0]}"
                         f".{cls.__name__}), got {type(state).__name__}")


def check_legal(agent: object, legal: object) -> None:
    """Raise :class:`AgentError`, naming ``agent``, unless ``legal``, the legal actions an
    agent is asked to choose among, is a non-empty tuple or list.

    >>> check_legal(object(), ())
    Traceback (most recent call last):
    ...
    cardwar.errors.AgentError: object was asked to choose among no legal actions (the game is over)
    """
    if type(legal) is not tuple and type(legal) is not list:
        raise AgentError(f"{type(agent).__name__} chooses among legal actions given as a "
                         f"tuple, got {type(legal).__name__} {shown(legal)}")
    if not legal:
        raise AgentError(f"{type(agent).__name__} was asked to choose among no legal "
                         "actions (the game is over)")


def check_choice(agent: object, observation: object, cls: type, game: str, legal: object,
                 actions: type | tuple[type, ...]) -> None:
    """Raise cardwar's error, naming ``agent``, unless it may choose: ``legal`` a non-empty
    tuple or list (:class:`AgentError`, see :func:`check_legal`), ``observation`` an
    instance of exactly ``cls``, the observation class of the game named ``game``
    (:class:`StateError`), and every legal action an instance of ``actions``, the game's
    action types (:class:`ActionTypeError`)."""
    check_legal(agent, legal)
    name = type(agent).__name__
    if type(observation) is not cls:
        hint = (": observe(state, seat) gives what one seat sees"
                if type(observation).__name__.endswith("State") else "")
        raise StateError(f"{name} expects an observation of {game}, got "
                         f"{type(observation).__name__}{hint}")
    for action in cast("tuple[object, ...]", legal):
        if not isinstance(action, actions):
            raise ActionTypeError(f"{name} chooses among actions of {game}, got "
                                  f"{type(action).__name__} {shown(action)} among the legal "
                                  "actions")


def check_game_choice(agent: object, game: Any, observation: object, legal: object) -> None:
    """Raise cardwar's error, naming ``agent``, unless it may choose in the variant
    ``game`` (reached through its protocol: ``TITLE``, ``Options`` and
    ``action_to_indices``): ``legal`` a non-empty tuple or list (:class:`AgentError`),
    ``observation`` one of the game's (its options of the game's ``Options`` and an int
    seat: :class:`StateError`), every legal action one that has ids in the game
    (:class:`ActionTypeError`). For an agent that knows its game only as a variant."""
    check_legal(agent, legal)
    name = type(agent).__name__
    options = getattr(observation, "options", None)
    if type(options) is not game.Options or type(getattr(observation, "seat", None)) is not int:
        raise StateError(f"{name} expects an observation of {game.TITLE}, got "
                         f"{type(observation).__name__}")
    try:
        for action in cast("tuple[object, ...]", legal):
            game.action_to_indices(options, action)  # an action of the game's types
    except CardwarError as err:
        raise ActionTypeError(f"{name} chooses among actions of {game.TITLE}: {err}") from None
