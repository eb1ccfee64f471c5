"""What every variant's ``sample_state`` shares (determinization): checking its
arguments, the cards a seat has not seen, cutting a shuffle into places, and a new
generator for the sampled state. Each game's own ``sampling`` module says which places
are hidden."""

from __future__ import annotations

import re
import threading
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from cardwar.cards import Card
from cardwar.errors import (
    ArgumentError,
    CardwarError,
    ObservationError,
    OptionsTypeError,
    StateError,
    check_int,
    check_observation,
    is_text,
    shown,
    wrong_type,
)
from cardwar.rng import Rng

__all__ = [
    "check_arguments", "check_count", "check_counts", "check_per_seat", "check_result",
    "check_seat_of", "cut", "fresh_rng", "malformed", "sample_checked", "sample_states",
    "unseen", "validated",
]


def check_arguments(observation: object, observation_type: type, title: str,
                    options_type: type, rng: object) -> Any:
    """Return ``observation``'s options after checking that it is an observation of the
    game (of ``observation_type``, with options of ``options_type``) and that ``rng`` is
    a :class:`~cardwar.rng.Rng`; raise cardwar's own errors otherwise."""
    check_observation(observation, observation_type, title)
    opts = getattr(observation, "options", None)
    if type(opts) is not options_type:
        raise OptionsTypeError(
            f"expected an observation of {title}, whose options are "
            f"{options_type.__module__.split('.')[2]}.Options; got {type(opts).__name__}")
    if type(rng) is not Rng:
        raise StateError(f"expected a cardwar.rng.Rng, got {type(rng).__name__}")
    return opts


#: The last observation :func:`validated` accepted: a search checks one observation for
#: many samples, and a learner may check one tensor at a time. One reference, read and
#: written whole: under threads the worst case is a check made again.
_VALIDATED: list[tuple[object, object]] = [(None, None)]


def validated(observation: object, observation_type: type, title: str, options_type: type,
              check: Callable[[Any, Any], None]) -> Any:
    """Return ``observation``'s options after checking that it could come from
    ``observe``: that it is an observation of the game (of ``observation_type``, with
    options of ``options_type``; :class:`~cardwar.errors.StateError` and
    :class:`~cardwar.errors.OptionsTypeError` otherwise), that its fields are of their
    annotated types (:func:`malformed`), and then ``check(observation, options)``, the
    game's own checks of its values: seats that are in the game, counts that are not
    negative, one entry per seat, parts that agree with each other. Whatever is wrong
    raises :class:`~cardwar.errors.ObservationError`.

    >>> from cardwar import war
    >>> from cardwar.variants._battle.sampling import check_values
    >>> seen = war.observe(war.new_game(3), 0)
    >>> validated(seen, type(seen), "War", war.Options, check_values) == seen.options
    True
    >>> validated(attrs.evolve(seen, set_aside=-1), type(seen), "War", war.Options,
    ...           check_values)
    Traceback (most recent call last):
    ...
    cardwar.errors.ObservationError: the observation's set_aside should be at least 0, got -1
    """
    last, by = _VALIDATED[0]
    if observation is last and check is by:
        return getattr(observation, "options", None)
    check_observation(observation, observation_type, title)
    opts = getattr(observation, "options", None)
    if type(opts) is not options_type:
        raise OptionsTypeError(
            f"expected an observation of {title}, whose options are "
            f"{options_type.__module__.split('.')[2]}.Options; got {type(opts).__name__}")
    problem = malformed(observation)
    if problem is not None:
        raise ObservationError(problem)
    check(observation, opts)
    _VALIDATED[0] = (observation, check)
    return opts


def check_per_seat(name: str, values: tuple[Any, ...], players: int) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the observation's field
    ``name`` holds one entry per seat."""
    if len(values) != players:
        raise ObservationError(f"the observation's {name} should hold one entry per seat "
                               f"({players}), got {shown(values)}")


def check_count(name: str, value: int, high: int | None = None) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the observation's count
    ``name`` is at least 0 (and at most ``high``)."""
    if value < 0 or (high is not None and value > high):
        span = "at least 0" if high is None else f"from 0 to {high}"
        raise ObservationError(f"the observation's {name} should be {span}, got {value}")


def check_counts(name: str, values: Iterable[int], high: int | None = None) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless every count of the
    observation's field ``name`` is at least 0 (and at most ``high``)."""
    for value in values:
        if value < 0 or (high is not None and value > high):
            span = "at least 0" if high is None else f"from 0 to {high}"
            raise ObservationError(f"the observation's {name} should be {span} each, got "
                                   f"{shown(values)}")


def check_seat_of(name: str, seat: int | None, players: int) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless ``seat``, the observation's
    field (or a part of one) ``name``, is a seat of the game (``None`` is let through:
    the annotation says whether a field may be ``None``)."""
    if seat is not None and not 0 <= seat < players:
        raise ObservationError(f"the observation's {name} should be a seat from 0 to "
                               f"{players - 1}, got {seat}")


def check_result(result: Any, players: int, scored: bool | None = None) -> None:
    """Raise :class:`~cardwar.errors.ObservationError` unless the observation's result is
    ``None`` or an outcome of the game: its winners seats of the game, in increasing
    order, and its scores one per seat where the game scores (``scored``; ``None``:
    either)."""
    if result is None:
        return
    winners = result.winners
    if any(not 0 <= w < players for w in winners) or list(winners) != sorted(set(winners)):
        raise ObservationError(f"the observation's result should name seats from 0 to "
                               f"{players - 1} in increasing order, got {shown(winners)}")
    scores = result.scores
    if (scored is False and scores is not None) or (scored and scores is None) or (
            scores is not None and len(scores) != players):
        raise ObservationError(f"the observation's result has scores {shown(scores)}: "
                               f"no game of {players} seats ends with them")


def unseen(deck: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """Return the cards of ``deck`` (in its order, so that a sample depends on its
    generator alone) that are not among ``seen``, counting copies; raise
    :class:`~cardwar.errors.ObservationError` if ``seen`` holds a card the deck has not.

    >>> from cardwar.cards import parse_cards
    >>> unseen(parse_cards("2S 3S 3S 4S"), parse_cards("3S"))
    [Card.parse('2S'), Card.parse('3S'), Card.parse('4S')]
    """
    if is_text(deck):
        raise wrong_type("unseen's deck", "an iterable of cards", deck)
    if is_text(seen):
        raise wrong_type("unseen's seen", "an iterable of cards", seen)
    try:
        left = Counter(seen)
    except TypeError:
        raise wrong_type("unseen's seen", "an iterable of cards", seen) from None
    out = []
    try:
        for card in deck:
            if left[card]:
                left[card] -= 1
            else:
                out.append(card)
    except TypeError:
        raise wrong_type("unseen's deck", "an iterable of cards", deck) from None
    if +left:
        raise ObservationError(
            "the observation shows cards the game's deck does not hold: "
            f"{sorted(map(str, +left))}")
    return out


def cut(cards: tuple[Card, ...], sizes: list[int]) -> list[tuple[Card, ...]]:
    """Return ``cards`` cut into consecutive parts of ``sizes`` (which add up to them).

    >>> cut((1, 2, 3), [2, 0, 1])
    [(1, 2), (), (3,)]
    """
    if type(cards) is not tuple:
        raise wrong_type("cut", "the cards as a tuple", cards)
    parts = []
    at = 0
    try:
        for n in sizes:
            if n < 0:
                break
            parts.append(cards[at:at + n])
            at += n
        else:
            if at == len(cards):
                return parts
    except TypeError:
        pass
    if is_text(sizes) or not isinstance(sizes, Iterable) \
            or any(type(n) is not int for n in sizes):
        raise wrong_type("cut's sizes", "a list of ints >= 0", sizes)
    raise ArgumentError(f"cut expects sizes >= 0 that add up to the {len(cards)} cards, "
                        f"got {shown(sizes)}")


def fresh_rng(rng: Rng) -> tuple[Rng, Rng]:
    """Return a generator for a sampled state, drawn from ``rng``, and ``rng`` advanced."""
    if type(rng) is not Rng:
        raise StateError(f"expected a cardwar.rng.Rng, got {type(rng).__name__}")
    word, rng = rng.bits()
    return Rng.from_seed(word), rng


S = TypeVar("S")


def malformed(observation: object) -> str | None:
    """Return what is wrong with the types of ``observation``'s fields, as its class
    annotates them (recursively through the records it holds), or ``None`` if nothing is.
    Ints are ints (not bools, not floats), tuples are tuples.

    >>> import attrs
    >>> from cardwar import arneson
    >>> seen = arneson.observe(arneson.new_game(3), 0)
    >>> malformed(seen) is None, malformed("not an attrs instance") is None
    (True, True)
    >>> print(malformed(attrs.evolve(seen, stock_sizes=[23, 23])))
    the observation's stock_sizes should be tuple[int, ...], got [23, 23]
    """
    fields = _fields(type(observation))
    if fields is None:
        return None
    for name, hint in fields:
        value = getattr(observation, name, None)
        if not _checker(hint)(value):
            return (f"the observation's {name} should be {_spelled(hint)}, "
                    f"got {_shown(value)}")
    return None


def _shown(value: object) -> str:
    """Return :func:`~cardwar.errors.shown` of ``value``, or its type where a record
    built with values of the wrong types cannot show itself."""
    try:
        return shown(value)
    except Exception:  # its repr reads the fields it was given
        return f"a {type(value).__name__} that cannot be shown"


#: Each class's fields with their resolved annotations (see :func:`_fields`); filled once
#: per class, under a lock (read without one: a dict's lookup is atomic).
_FIELDS: dict[type, list[tuple[str, Any]] | None] = {}
_FIELDS_LOCK = threading.Lock()


def _fields(cls: type) -> list[tuple[str, Any]] | None:
    """Return ``cls``'s fields and their annotations; ``None`` for a class that is not an
    attrs class, or whose constructor checks or converts its fields (a card, options):
    a value of it is what that constructor let through."""
    try:
        return _FIELDS[cls]
    except KeyError:
        pass
    found: list[tuple[str, Any]] | None = None
    if attrs.has(cls) and not hasattr(cls, "__attrs_post_init__") and all(
            f.validator is None and f.converter is None for f in attrs.fields(cls)):
        try:
            hints = typing.get_type_hints(cls)
            found = [(f.name, hints[f.name]) for f in attrs.fields(cls)]
        except (NameError, KeyError, TypeError):  # pragma: no cover - every record
            found = None  # of cardwar resolves; a plugin's may not
    with _FIELDS_LOCK:
        return _FIELDS.setdefault(cls, found)


#: A test of each annotation met (see :func:`_checker`); filled once per annotation,
#: under a lock (read without one).
_CHECKERS: dict[Any, Callable[[object], bool]] = {}


def _checker(hint: Any) -> Callable[[object], bool]:
    """Return a test of whether a value is of the annotated type ``hint``, made once per
    annotation: an observation is walked without reading its annotations again."""
    try:
        return _CHECKERS[hint]
    except KeyError:
        pass
    made = _make_checker(hint)
    with _FIELDS_LOCK:
        return _CHECKERS.setdefault(hint, made)


def _make_checker(hint: Any) -> Callable[[object], bool]:
    if hint is Any:
        return lambda value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_checker(h) for h in args]
        return lambda value: any(part(value) for part in parts)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = _checker(args[0])
        return lambda value: type(value) is tuple and all(map(each, value))
    if origin is tuple:
        tests = [_checker(h) for h in args]
        return lambda value: (type(value) is tuple and len(value) == len(tests)
                              and all(test(v) for test, v in zip(tests, value, strict=True)))
    if origin is typing.Literal:
        return lambda value: any(type(value) is type(a) and value == a for a in args)
    if isinstance(origin, type):  # another generic (a Sequence of cards, say): its class
        return lambda value: isinstance(value, origin)
    if hint is int or hint is bool:
        return lambda value: type(value) is hint
    if origin is not None or not isinstance(hint, type):  # one not read here (a NewType,
        return lambda value: True  # say): not checked, rather than refused

    def record(value: object) -> bool:  # its fields are read when a value comes
        if not isinstance(value, hint):
            return False
        fields = _fields(hint)
        return fields is None or all(_checker(h)(getattr(value, name, None))
                                     for name, h in fields)
    return record


def _spelled(hint: Any) -> str:
    """Return ``hint`` as a reader writes it: ``tuple[int, ...]``, ``Card | None``."""
    if isinstance(hint, type) and typing.get_origin(hint) is None:
        return hint.__name__
    return re.sub(r"\b(?:\w+\.)+(\w+)", r"\1", str(hint)).replace("NoneType", "None")


Obs = TypeVar("Obs")

#: The last observation :func:`sample_checked` found well-formed: a search samples many
#: states from one observation, and checks it once. One reference, read and written
#: whole: under threads the worst case is a check made again.
_WELL_FORMED: list[object] = [None]


def sample_checked(body: Callable[[Obs, Rng], tuple[S, Rng]], observation: Obs, rng: Rng,
                   observe: Callable[[S, int], object]) -> tuple[S, Rng]:
    """Return ``body(observation, rng)`` (a variant's sampler) after checking that the
    state it gives gives back ``observation``; raise
    :class:`~cardwar.errors.ObservationError` for an observation built by hand that is
    no seat's view of a state: one whose fields are not of their annotated types (a
    float or a bool for an int, a list for a tuple), or whose parts contradict each other
    (a count that disagrees with the cards shown or with another count, a seat that is
    not in the game)."""
    try:
        state, rng = body(observation, rng)
    except (StateError, OptionsTypeError, MemoryError):  # no observation or Rng; no memory
        raise
    except CardwarError as err:  # said by the sampler, unless a field is of a wrong type
        problem = malformed(observation)
        if problem is None:
            raise
        raise ObservationError(problem) from err
    except Exception as err:
        # The samplers are checked on every observation a game gives (tests/
        # test_sampling.py): one built by hand that they fail on is either of the wrong
        # types, or its parts disagree (a tuple of one entry per seat one short, say).
        raise ObservationError(malformed(observation) or (
            "the observation's parts disagree: sampling it failed with "
            f"{type(err).__name__}: {err}")) from err
    if observation is not _WELL_FORMED[0] and observation is not _VALIDATED[0][0]:
        problem = malformed(observation)
        if problem is not None:
            raise ObservationError(problem)
    try:
        seen = observe(state, observation.seat)  # type: ignore[attr-defined]
    except CardwarError:  # a seat not in the game, say
        raise
    except Exception as err:  # observe reads every state a game reaches: not this one
        raise ObservationError(
            "the observation's parts disagree: what it shows makes no state of the game"
        ) from err
    if seen != observation:
        fields = _fields(type(observation)) or []
        differ = [name for name, _ in fields
                  if getattr(seen, name, None) != getattr(observation, name, None)]
        raise ObservationError(
            f"the observation's parts disagree ({', '.join(differ)}): no state gives it")
    _WELL_FORMED[0] = observation
    return state, rng


def sample_states(sample: Callable[[Any, Rng], tuple[S, Rng]], observation: Any, rng: Rng,
                  count: int) -> tuple[list[S], Rng]:
    """Return ``count`` states drawn one after another by ``sample`` (a variant's
    ``sample_state``) for ``observation``, and ``rng`` advanced past them: the
    determinizations of a search agent's decision.

    >>> from cardwar import arneson
    >>> seen = arneson.observe(arneson.new_game(3), 0)
    >>> states, rng = sample_states(arneson.sample_state, seen, Rng.from_seed(1), 2)
    >>> [arneson.observe(s, 0) == seen for s in states], rng.counter > 0
    ([True, True], True)
    """
    if not callable(sample):
        raise wrong_type("sample_states", "a variant's sample_state", sample)
    check_int(count, "sample_states's count", 0)
    states = []
    for _ in range(count):
        state, rng = sample(observation, rng)
        states.append(state)
    return states, rng
