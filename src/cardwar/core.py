"""The contract every variant keeps: the :class:`Variant` protocol, :class:`Outcome`,
:class:`Termination`, the error types, and the machinery of validated options.

A variant is a module with the same functions as every other (see :class:`Variant`);
conformance is structural, checked by ``mypy`` and by the conformance test suite, never
by inheritance.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card, CardError, Rank, Suit, parse_rank, parse_suit
from cardwar.errors import ActionTypeError, CardwarError, OptionsTypeError

__all__ = [
    "Agent",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "OptionInfo",
    "Outcome",
    "SealedAction",
    "Termination",
    "Variant",
    "options_from_json",
    "options_info",
    "options_to_json",
]

Opt = TypeVar("Opt")


class OptionError(CardwarError, ValueError):
    """Raised for an invalid option value or combination; ``option`` names the option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {option!r}: {message}")
        self.option = option
        """The name of the offending option."""


class IllegalActionError(CardwarError, ValueError):
    """Raised by ``step`` for an action that is not legal in the state; says why and
    lists the legal actions. The state passed in is unchanged (states are immutable).
    """

    def __init__(self, message: str, legal: tuple[object, ...] = ()) -> None:
        listed = ", ".join(str(a) for a in legal[:20])
        more = f" (and {len(legal) - 20} more)" if len(legal) > 20 else ""
        suffix = f"; legal actions: {listed}{more}" if legal else "; no action is legal"
        super().__init__(message + suffix)
        self.legal = legal
        """The actions that were legal."""


class GameOverError(IllegalActionError):
    """Raised by ``step`` on a state whose game has ended."""


class NotationError(CardwarError, ValueError):
    """Raised for action notation that cannot be parsed."""


class Termination(enum.Enum):
    """Why a game ended. Terminations that end a game early without a rule deciding it
    (a battle limit, a repeated position) are named as such, never silent stops.
    """

    ALL_CARDS = "all_cards"
    """One player holds every card still in play (the others ran out)."""
    WARS_WON = "wars_won"
    """A player was first to win the agreed number of wars."""
    BATTLE_LIMIT = "battle_limit"
    """The battle limit was reached before anyone won: a draw (truncation)."""
    REPEATED_POSITION = "repeated_position"
    """A position repeated under a deterministic pickup order, so the game would cycle
    forever: a draw."""
    UNDECIDABLE = "undecidable"
    """Every player still in a tie had run out of cards with equal standing cards, so no
    one could take the table: a draw."""
    TARGET_SCORE = "target_score"
    """A player reached the target score."""
    GENERALS_KILLED = "generals_killed"
    """A player killed two generals of an opponent."""
    CARAVANS_SOLD = "caravans_sold"
    """All caravan positions were decided."""
    EMPTY_HAND = "empty_hand"
    """A player had no card to play when their turn came."""
    TURN_LIMIT = "turn_limit"
    """The turn limit was reached: a draw (truncation)."""
    DEAL_LIMIT = "deal_limit"
    """The deal limit was reached: the best total wins, as at the target score."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen(slots=True)
class Outcome(Immutable):
    """How a game ended: the winners (none for a draw), the reason, and final scores.

    >>> Outcome(Termination.ALL_CARDS, (1,)).winner
    1
    >>> Outcome(Termination.BATTLE_LIMIT, ()).is_draw
    True
    """

    termination: Termination
    """Why the game ended."""
    winners: tuple[int, ...]
    """The winning seats in increasing order; empty for a draw, several for a team."""
    scores: tuple[int, ...] | None = None
    """Final scores per seat, for variants that score (else ``None``)."""

    @property
    def is_draw(self) -> bool:
        """Return whether nobody won."""
        return not self.winners

    @property
    def winner(self) -> int | None:
        """Return the single winning seat, or ``None`` for a draw or a team win."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        who = "draw" if not self.winners else "won by seat " + "+".join(map(str, self.winners))
        return f"{who} ({self.termination.value})"


@runtime_checkable
class Agent(Protocol):
    """A player: given what its seat knows, chooses one of the legal actions.

    Agents never receive the state, only the seat's observation, so an agent cannot
    cheat by looking at hidden cards. An agent may keep memory between calls.
    """

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """Return one of ``legal`` (never empty), the actions legal for the seat."""
        ...


@runtime_checkable
class Variant(Protocol):
    """The functions and constants every variant package offers.

    ``State``, ``Action`` and ``Observation`` are the variant's own frozen attrs classes;
    the protocol types them as ``Any`` so that one protocol covers every variant. Inside
    the variant, each function takes the variant's own types.

    The shared modules (:mod:`cardwar.render`, :mod:`cardwar.agents`, the ``cardwar``
    command) reach a game only through these members and name no game, so a variant
    registered with :func:`cardwar.variants.register` works everywhere a built-in one
    does.

    A variant may also offer these members, which the layers that use them look for and
    do without where they are missing: ``picture(views, is_state)`` (its picture,
    :mod:`cardwar.svg`; else its text is drawn), ``sample_state(observation, rng)``
    (determinization, :mod:`cardwar.sampling`), ``search_agent(seed)`` (its search
    agent), ``BATCH_ENGINE`` (the name of the module of its batch engine,
    :mod:`cardwar.batch`, imported when first used), ``BOUNDED_OPTIONS`` (options that
    bound the length of a game whose defaults do not, for the OpenSpiel games) and
    ``REWARD_SHAPES`` (its shaped rewards by name, :mod:`cardwar.rewards`) and
    ``VECTOR_ENV`` (the entry point of its Gymnasium vector environment, which
    ``gymnasium.make_vec`` finds) and ``OTHER_AGENTS`` (agent kinds of its own beyond
    random, first, heuristic and search, as :func:`cardwar.agents.agent` takes them,
    which :func:`cardwar.tournament.ladder_agents` rates).
    """

    NAME: str
    """The registry name, such as ``"war"``."""
    ALIASES: tuple[str, ...]
    """Other names the registry accepts."""
    TITLE: str
    """The variant's name for people."""
    RULES_VERSION: int
    """The version of the variant's rules; bumped whenever a rule changes a game."""
    MIN_PLAYERS: int
    """The fewest players allowed."""
    MAX_PLAYERS: int | None
    """The most players allowed; ``None`` for no maximum."""
    AUTOMATIC: bool
    """Whether the game plays itself: no seat ever decides, ``to_act`` is always ``None``."""
    SIMULTANEOUS: bool
    """Whether the seats choose at once: each round's choices are committed one seat at a
    time but hidden until all are in, so no seat's choices depend on another's (a game
    that plays itself counts as simultaneous)."""
    Options: type[Any]
    """The variant's frozen options class."""
    STEP_NAME: str
    """What one step of the game is called, for people: ``"battle"`` in War."""

    def options(self, **kwargs: Any) -> Any:
        """Return validated, frozen options; raise :class:`OptionError` for bad values."""
        ...

    def new_game(self, seed: int, options: Any | None = None, *, deal: Any = None,
                 _rng: Any = None) -> Any:
        """Return the initial state of the game of ``seed`` (or of an explicit ``deal``);
        ``_rng`` replaces the seed's generator (the explicit-chance mode's,
        :mod:`cardwar.chance`)."""
        ...

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        """Return the legal actions; empty exactly when the game is over."""
        ...

    def step(self, state: Any, action: Any) -> Any:
        """Return the state after ``action``; raise :class:`IllegalActionError` if illegal."""
        ...

    def to_act(self, state: Any) -> int | None:
        """Return the seat whose decision the next step applies, or ``None``."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """Return the outcome, or ``None`` while the game runs."""
        ...

    def observe(self, state: Any, seat: int) -> Any:
        """Return what ``seat`` may know of ``state``, hiding everything else."""
        ...

    def num_players(self, game: Any) -> int:
        """Return the number of seats of a game: of a state, or of options."""
        ...

    def cards_in_play(self, state: Any) -> tuple[Card, ...]:
        """Return every card the state holds, wherever it lies (for conservation checks)."""
        ...

    def parse_action(self, text: str) -> Any:
        """Return the action written ``text``; ``str(action)`` is its notation."""
        ...

    def render_state(self, state: Any, *, ascii: bool = False) -> str:
        """Return the whole state as text for people, hidden cards included; cards in
        suit symbols (``10♥``), or in card notation (``10H``) with ``ascii``."""
        ...

    def render_observation(self, observation: Any, *, ascii: bool = False) -> str:
        """Return one seat's observation as text for people: what that seat may know."""
        ...

    def describe_deal(self, state: Any, *, ascii: bool = False) -> str:
        """Return one line for people that says how the game's cards were dealt (empty
        when there is nothing to say)."""
        ...

    def describe_step(self, before: Any, action: Any, after: Any, *, ascii: bool = False
                      ) -> str:
        """Return text for people that says what ``action`` did, taking the game from
        ``before`` to ``after``."""
        ...

    # The integer interface for agent, search and learning code (:mod:`cardwar.encoding`).

    def num_actions(self, options: Any) -> int:
        """Return the size of the game's fixed integer action space under ``options``."""
        ...

    def action_to_index(self, options: Any, action: Any) -> int:
        """Return the id of ``action``, an action that is one id."""
        ...

    def action_from_index(self, options: Any, index: int) -> Any:
        """Return the action (or the move towards one) of id ``index``."""
        ...

    def action_to_indices(self, options: Any, action: Any) -> tuple[int, ...]:
        """Return the ids that make up ``action`` (one, but for a squad chosen card by card)."""
        ...

    def legal_action_indices(self, state: Any, partial: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Return the legal ids in increasing order, after the ids ``partial`` chosen so
        far towards an action."""
        ...

    def legal_action_mask(self, state: Any, partial: tuple[int, ...] = ()) -> bytes:
        """Return ``num_actions`` bytes, 1 for each legal id and 0 for the others."""
        ...

    def indices_to_action(self, state: Any, indices: tuple[int, ...]) -> Any:
        """Return the action the ids make up, or ``None`` while more ids are needed."""
        ...

    def returns(self, state: Any) -> tuple[float, ...]:
        """Return each seat's return: +1 for a winner, -1 for a loser, 0 in a draw and
        while the game runs."""
        ...

    def standings(self, state: Any) -> tuple[Any, ...]:
        """Return each seat's :class:`~cardwar.encoding.Standing`."""
        ...

    def max_game_length(self, options: Any) -> int | None:
        """Return a bound on the number of steps of any game of ``options``, or ``None``
        where no bound is known."""
        ...

    def partial_size(self, options: Any) -> int:
        """Return how many values :meth:`partial_tensor` holds (0 where every action is
        one id)."""
        ...

    def partial_tensor(self, options: Any, partial: tuple[int, ...]) -> tuple[float, ...]:
        """Return the ids chosen so far towards an action as values in [0, 1]."""
        ...

    def observation_layout(self, options: Any) -> tuple[Any, ...]:
        """Return the named parts (:class:`~cardwar.encoding.Part`) of the observation
        tensor under ``options``."""
        ...

    def observation_shape(self, options: Any) -> tuple[int]:
        """Return the shape of the observation tensor under ``options``."""
        ...

    def observation_tensor(self, observation: Any, check: bool = False) -> array[float]:
        """Return an observation as a flat ``array('d')`` of floats in [0, 1] (``check=True``
        checks every part against the layout as it is written)."""
        ...

    def heuristic(self, seed: int) -> Agent | None:
        """Return the game's simple heuristic agent seeded by ``seed``, or ``None`` for a
        game without one (an automatic game needs none)."""
        ...


# --- action fields ----------------------------------------------------------------------
# Actions check the types of their fields when built, so that a value that merely equals
# a legal action's (``Challenge(0.0)``, a Joker declared as ``12``) never reaches a state:
# the engines compare and store exactly the types they made.


class SealedAction(Immutable):
    """The base of every action class: it cannot be subclassed further, so that an action
    of a game's type is exactly that type, and equality with a legal action (with the field
    types that the validators below check) means the same action. A subclass that changed
    ``__eq__`` or a field's meaning can never reach ``step``."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The action classes themselves derive from SealedAction directly (attrs rebuilds a
        # slotted class with the same bases); a class derived from one of them is refused.
        if SealedAction not in cls.__bases__:
            raise ActionTypeError(f"{cls.__name__}: the action classes of a game cannot be "
                                  "subclassed")
        super().__init_subclass__(**kwargs)


def _field_error(instance: object, name: str, wanted: str, value: object) -> ActionTypeError:
    return ActionTypeError(f"{type(instance).__name__}.{name} must be {wanted}, got {value!r}")


def check_card(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: the field holds a :class:`~cardwar.cards.Card`."""
    if type(value) is not Card:
        raise _field_error(instance, attribute.name, "a Card", value)


def check_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: the field holds an int (not a bool, a float or a str)."""
    if type(value) is not int:
        raise _field_error(instance, attribute.name, "an int", value)


def check_optional_int(instance: object, attribute: attrs.Attribute[Any], value: object
                       ) -> None:
    """An attrs validator: the field holds an int or ``None``."""
    if value is not None and type(value) is not int:
        raise _field_error(instance, attribute.name, "an int or None", value)


def check_optional_rank(instance: object, attribute: attrs.Attribute[Any], value: object
                        ) -> None:
    """An attrs validator: the field holds a :class:`~cardwar.cards.Rank` or ``None``."""
    if value is not None and type(value) is not Rank:
        raise _field_error(instance, attribute.name, "a Rank or None", value)


def forged_action(action: object) -> ActionTypeError:
    """Return the error for an action of a game's type whose fields were set past its
    constructor's checks (``object.__setattr__`` on a frozen action): the one its
    validators raise for the first field of a wrong type, else one that shows the action.
    ``step`` tests the fields' types on its own, cheaply, and calls this to say what is
    wrong."""
    try:
        attrs.validate(cast(Any, action))
    except ActionTypeError as err:
        return err
    try:
        shown = repr(action)
    except Exception:  # its repr reads the fields it was given
        shown = type(action).__name__
    return ActionTypeError(f"{shown} holds a value its constructor does not take")


# --- options ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class OptionInfo:
    """One option of a variant, as documented in its rules page's options table."""

    name: str
    """The option's keyword name."""
    default: object
    """The default value."""
    doc: str
    """What the option does, with the rule ID it belongs to."""
    choices: tuple[str, ...] | None
    """The allowed values of an option with a fixed set of values, else ``None``."""


def options_info(cls: type[Any]) -> tuple[OptionInfo, ...]:
    """Return the options of an options class, from its attrs fields and their metadata."""
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise OptionsTypeError(f"expected a variant's Options class, got {cls!r}")
    out = []
    for f in attrs.fields(cast(Any, cls)):
        choices = f.metadata.get("choices")
        out.append(
            OptionInfo(
                name=f.name,
                default=f.default,
                doc=f.metadata.get("doc", ""),
                choices=tuple(choices) if choices is not None else None,
            )
        )
    return tuple(out)


def option(
    default: Any,
    doc: str,
    converter: Callable[[Any], Any] | None = None,
    choices: Iterable[str] | None = None,
) -> Any:
    """Return an attrs field for an option, carrying its documentation."""
    meta: dict[str, object] = {"doc": doc}
    if choices is not None:
        meta["choices"] = tuple(choices)
    return attrs.field(default=default, converter=converter, metadata=meta)


def enum_option(default: enum.Enum, doc: str, name: str) -> Any:
    """Return an attrs field for an option whose values are the members of the default's
    enum: it accepts a member or its string value, and lists the values as its choices."""
    kind = type(default)
    return option(default, doc, enum_converter(kind, name), [str(m.value) for m in kind])


# --- the options many games share ------------------------------------------------------
# Each game declares its own Options class (its fields, defaults and docs are its rules
# page's options table); these build the fields that recur, with one converter each, so
# that every game validates ``players``, ``ranks``, ``suits``, ``decks`` and its limits the
# same way and with the same messages.


def players_option(default: int, doc: str, minimum: int, maximum: int | None = None) -> Any:
    """Return the ``players`` option: an int in ``[minimum, maximum]``."""
    return option(default, doc, int_converter("players", minimum, maximum))


def ranks_option(default: tuple[Rank, ...], doc: str) -> Any:
    """Return the ``ranks`` option: the deck's ranks, for reduced decks."""
    return option(default, doc, ranks_converter("ranks"))


def suits_option(doc: str) -> Any:
    """Return the ``suits`` option: the deck's suits (all four by default)."""
    return option(tuple(Suit), doc, suits_converter("suits"))


def decks_option(default: int, doc: str, maximum: int | None = None) -> Any:
    """Return the ``decks`` option: how many copies of the deck are used."""
    return option(default, doc, int_converter("decks", 1, maximum))


def limit_option(name: str, doc: str, default: int | None = None) -> Any:
    """Return an optional positive limit (``max_battles``, ``wars_to_win``, ``max_turns``
    ...): ``None`` for none, else an int >= 1."""
    return option(default, doc, int_converter(name, 1, optional=True))


def make_options(cls: type[Opt], kwargs: Mapping[str, Any]) -> Opt:
    """Build options of ``cls`` from keyword arguments, naming any unknown option."""
    known = {f.name for f in attrs.fields(cast(Any, cls))}
    for name in kwargs:
        if name not in known:
            raise OptionError(name, f"unknown option; known options: {', '.join(sorted(known))}")
    return cls(**kwargs)


def enum_converter(enum_cls: type[enum.Enum], name: str) -> Callable[[Any], Any]:
    """Return a converter that accepts a member of ``enum_cls`` or its string value."""

    def convert(value: Any) -> Any:
        if isinstance(value, enum_cls):
            return value
        if isinstance(value, str):
            key = value.strip().lower().replace("-", "_")
            for member in enum_cls:
                if member.value == key:
                    return member
        allowed = ", ".join(str(m.value) for m in enum_cls)
        raise OptionError(name, f"expected one of {allowed}, got {value!r}")

    return convert


def int_converter(
    name: str, minimum: int, maximum: int | None = None, *, optional: bool = False
) -> Callable[[Any], Any]:
    """Return a converter that accepts an int in range (or its decimal string), and
    ``None`` (or ``"none"``) when ``optional``.
    """
    bound = f"an int >= {minimum}" if maximum is None else f"an int in [{minimum}, {maximum}]"
    if optional:
        bound += " or None"

    def convert(value: Any) -> Any:
        if optional and (value is None or (isinstance(value, str) and value.lower() == "none")):
            return None
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise OptionError(name, f"expected {bound}, got {value!r}") from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(name, f"expected {bound}, got {value!r}")
        if value < minimum or (maximum is not None and value > maximum):
            raise OptionError(name, f"expected {bound}, got {value}")
        return value

    return convert


def bool_converter(name: str) -> Callable[[Any], bool]:
    """Return a converter that accepts a bool or ``true``/``false``/``yes``/``no``/``1``/``0``."""

    def convert(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in {"true", "yes", "1", "on"}:
            return True
        if isinstance(value, str) and value.strip().lower() in {"false", "no", "0", "off"}:
            return False
        raise OptionError(name, f"expected true or false, got {value!r}")

    return convert


def ranks_converter(name: str) -> Callable[[Any], tuple[Rank, ...]]:
    """Return a converter for a set of ranks: ranks, ints 2..14, or notation ``"2 3 4"``."""

    def convert(value: Any) -> tuple[Rank, ...]:
        if not isinstance(value, (str, list, tuple, set, frozenset)):
            raise OptionError(name, f"expected ranks in card notation (\"2 3 A\") or a list of "
                              f"ranks, got {value!r}")
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        try:
            out = tuple(
                sorted({r if isinstance(r, Rank) else _rank_of(r) for r in items}, key=int)
            )
            if len(out) != len(list(items)):
                raise CardError("a rank is repeated")
        except (CardError, TypeError) as err:
            raise OptionError(name, str(err)) from None
        if not out:
            raise OptionError(name, "needs at least one rank")
        if Rank.JOKER in out:
            raise OptionError(name, "Jokers are not a rank of a suited deck")
        return out

    return convert


def _rank_of(value: Any) -> Rank:
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return Rank(value)
    if isinstance(value, str):
        return parse_rank(value)
    raise CardError(f"bad rank {value!r}")


def suits_converter(name: str) -> Callable[[Any], tuple[Suit, ...]]:
    """Return a converter for a set of suits: suits or letters (``"SH"``)."""

    def convert(value: Any) -> tuple[Suit, ...]:
        if not isinstance(value, (str, list, tuple, set, frozenset)):
            raise OptionError(name, f"expected suit letters (\"SH\") or a list of suits, got "
                              f"{value!r}")
        items = [c for c in value if c not in " ,"] if isinstance(value, str) else list(value)
        try:
            got = [s if isinstance(s, Suit) else parse_suit(s) for s in items]
        except (CardError, AttributeError, TypeError) as err:
            raise OptionError(name, str(err)) from None
        if len(set(got)) != len(got):
            raise OptionError(name, "a suit is repeated")
        if not got:
            raise OptionError(name, "needs at least one suit")
        order = list(Suit)
        return tuple(sorted(got, key=order.index))

    return convert


def _jsonable(value: object) -> object:
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def options_to_json(options: Any) -> dict[str, object]:
    """Return the options as a JSON-compatible dict that :func:`options_from_json` reads."""
    if not attrs.has(type(options)):
        raise OptionsTypeError(f"expected a variant's options, got {options!r}")
    return {f.name: _jsonable(getattr(options, f.name)) for f in attrs.fields(type(options))}


def options_from_json(variant: Variant, data: Mapping[str, Any]) -> Any:
    """Return the variant's options from a dict made by :func:`options_to_json`."""
    if not isinstance(variant, Variant):
        raise OptionsTypeError(f"expected a variant, got {variant!r}")
    if not isinstance(data, Mapping):
        raise OptionsTypeError(f"expected the options as a dict, got {data!r}")
    return variant.options(**dict(data))
