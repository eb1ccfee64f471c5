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

__all__ = [
    "ActionTypeError",
    "AgentError",
    "ArgumentError",
    "CardwarError",
    "ObservationError",
    "OptionsTypeError",
    "SeatError",
    "StateError",
    "check_observation",
    "check_seat",
    "check_state",
]


class CardwarError(Exception):
    """Raised for any bad input to cardwar: options, seeds, deals, actions, seats,
    notation, records. Catch it to catch every error of the library's own."""


class ActionTypeError(CardwarError, TypeError):
    """Raised when an action is built from values of the wrong type (a card that is not a
    :class:`~cardwar.cards.Card`, a seat given as ``0.0``, a Joker declared as ``12``), or
    when ``step`` is given something that is not an action of the game's types."""


class AgentError(CardwarError, ValueError):
    """Raised for an agent that cannot be built from its name: an unknown kind, a
    heuristic the variant does not have, a bad search budget, or a ``module:name`` that
    does not import."""


class OptionsTypeError(CardwarError, TypeError):
    """Raised when a game is given options that are not its own ``Options`` value (a
    dict, or another variant's options): build them with the variant's ``options()``."""


class ArgumentError(CardwarError, ValueError):
    """Raised for an argument of a function of the library out of its range or shape that
    no more specific error names: a run's size, an engine's name, the number of agents."""


class StateError(CardwarError, TypeError):
    """Raised when a variant's function is given a state that is not one of its own
    (another variant's state, or anything else)."""


class ObservationError(CardwarError, ValueError):
    """Raised when an observation cannot have come from any state of its game (its card
    counts do not fit the deck), so that no state can be sampled for it."""


class SeatError(CardwarError, ValueError, TypeError):
    """Raised for a seat that is not an int seat of the game: of the wrong type (a
    ``TypeError``) or out of range (a ``ValueError``); it is both, so either catches it."""


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
    if type(seat) is not int or not 0 <= seat < players:
        raise SeatError(f"seat must be an int in [0, {players - 1}], got {seat!r}")
    return seat


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
        raise StateError(f"expected a state of {game} ({cls.__module__.rsplit('.', 1)[0]}"
                         f".{cls.__name__}), got {type(state).__name__}")
