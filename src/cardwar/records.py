"""Game records: a JSON document that replays a game of any variant bit for bit.

A record holds the variant, its rules version, the options, the seed (or an explicit
deal), every action in notation and the outcome; the format is specified on the docs page
``records`` and by the JSON Schema shipped as ``cardwar/record.schema.json``. Reading a
record never evaluates anything: :func:`loads` bounds the size, parses with
``json.loads`` only, checks every field by hand and raises :class:`RecordError`,
naming the JSON path (``$.actions[12]``) of what is wrong. :func:`replay` re-derives every
state and raises :class:`ReplayMismatch`, naming the first step that differs, when the
record does not describe the game the engine plays.

>>> from cardwar import agents, records
>>> record = agents.play("war", (), seed=2026)
>>> len(record.actions), str(record.outcome)
(104, 'won by seat 1 (all_cards)')
>>> again = records.loads(records.dumps(record))
>>> again == record
True
>>> records.replay(again).battles
104
"""

from __future__ import annotations

import enum
import hashlib
import io
import json
import math
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Protocol, cast, runtime_checkable

import attrs

from cardwar._files import write_atomically
from cardwar._version import __version__
from cardwar.cards import Card, CardError, parse_card
from cardwar.core import (
    IllegalActionError,
    NotationError,
    Outcome,
    Termination,
    Variant,
    options_to_json,
)
from cardwar.errors import CardwarError, StateError, is_text, shown
from cardwar.piles import Pile
from cardwar.rng import MAX_SEED
from cardwar.variants import UnknownVariantError, variant

__all__ = [
    "CARD_PATTERN",
    "FORMAT",
    "FORMAT_VERSION",
    "FORMAT_VERSIONS",
    "MAX_BYTES",
    "PathLike",
    "Record",
    "RecordError",
    "ReplayMismatch",
    "check_shape",
    "deal_notation",
    "digest",
    "dumps",
    "iter_states",
    "loads",
    "read",
    "replay",
    "schema",
    "write",
]

#: The value of a record's ``format`` field.
FORMAT = "cardwar-record"
#: The version of the record format this library writes: 2, with the ``digest`` of the
#: final state, or 3, which adds who played each seat (``players``). It also reads
#: version 1, the same as 2 without the digest.
FORMAT_VERSION = 2
#: The format versions this library reads.
FORMAT_VERSIONS = (1, 2, 3)
#: The default bound on the size of a record read from text or a file: 16 MiB.
MAX_BYTES = 16 * 1024 * 1024

_FIELDS = (
    "format",
    "format_version",
    "library_version",
    "variant",
    "rules_version",
    "options",
    "seed",
    "deal",
    "actions",
    "outcome",
)
#: The fields of a version 2 record: version 1's and the digest of the final state.
_FIELDS_V2 = (*_FIELDS, "digest")
#: The fields of a version 3 record: version 2's and who played each seat.
_FIELDS_V3 = (*_FIELDS_V2, "players")
#: The longest name of a player a record holds.
MAX_PLAYER_NAME = 64
_OUTCOME_FIELDS = ("termination", "winners", "scores")
#: The form of a digest: SHA-256, in lower-case hexadecimal.
_DIGEST = re.compile(r"^[0-9a-f]{64}$")

#: The pattern of card notation in a record's ``deal`` (the schema's, and what
#: :func:`cardwar.cards.parse_card` reads): a rank and a suit, or a Joker.
CARD_PATTERN = re.compile(
    r"^\s*(?:(?:[2-9]|10|[TtJjQqKkAa])[CcDdHhSs♣♦♥♠]|[Jj][Kk]"
    r"|[Jj][Oo][Kk][Ee][Rr])\s*$"
)


@runtime_checkable
class PathLike(Protocol):
    """A file system path other than a ``str``, such as a ``pathlib.Path`` (the
    protocol of ``os.PathLike``)."""

    def __fspath__(self) -> str:
        """Return the path as a string."""
        ...


class RecordError(CardwarError, ValueError):
    """Raised for a record that cannot be read or replayed; the message names the JSON
    path (``$.actions[12]``) or the step of what is wrong."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        """The JSON path of the offending value, or ``None`` when the whole document is."""


class ReplayMismatch(RecordError):
    """Raised when replaying a record does not give the game it records: an action that
    is not legal where it stands, actions after the game's end, too few actions, another
    outcome, or another final state (its digest). Names the first step that differs and
    shows both sides."""

    def __init__(self, step: int, recorded: str, replayed: str, path: str | None = None) -> None:
        what = "the final state" if path == "$.digest" else "the outcome"
        # Steps are numbered from 1, as `cardwar replay` lists them; the JSON path counts
        # the actions from 0.
        if path is None:
            where = f"step {step + 1} differs"
        elif step == 0:
            where = f"{what} differs before any step"
        else:
            where = f"{what} differs after the last step ({step})"
        super().__init__(
            f"{where}: the record has {recorded}; the replay has {replayed}",
            f"$.actions[{step}]" if path is None else path,
        )
        self.step = step
        """The index of the first step that differs (``$.actions[step]``); the number of
        actions when only the outcome differs."""
        self.recorded = recorded
        """What the record says at that step."""
        self.replayed = replayed
        """What the engine does at that step."""


def _outcome_to_json(result: Outcome | None) -> dict[str, object] | None:
    if result is None:
        return None
    return {
        "termination": result.termination.value,
        "winners": list(result.winners),
        "scores": None if result.scores is None else list(result.scores),
    }


def _describe_outcome(result: Outcome | None) -> str:
    return "no outcome (the game goes on)" if result is None else f"the outcome {result}"


def _wrong(field: str, expected: str, value: object) -> RecordError:
    """Return the error of a :class:`Record` field given a value of the wrong kind."""
    return RecordError(f"a Record's {field} must be {expected}, got "
                       f"{type(value).__name__} {shown(value)}", f"$.{field}")


def _check_name(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise _wrong(attribute.name, "a non-empty str", value)


def _check_text(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise _wrong(attribute.name, "a str", value)


def _check_rules_version(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value < 1:
        raise _wrong(attribute.name, "an int >= 1", value)


def _check_seed(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise _wrong(attribute.name, "an int in [0, 2**64 - 1]", value)


def _check_options(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not attrs.has(type(value)):
        raise _wrong(attribute.name, "a variant's options value", value)


def _is_text_tuple(value: object) -> bool:
    # The type of every item at once, at C speed: a record may hold a million actions.
    return type(value) is tuple and set(map(type, value)) <= {str}


def _check_deal(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (type(value) is tuple
                                  and all(_is_text_tuple(pile) for pile in value)):
        raise _wrong(attribute.name, "None or a tuple of piles, each a tuple of card "
                     "notations (str)", value)


def _check_actions(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _is_text_tuple(value):
        raise _wrong(attribute.name, "a tuple of action notations (str)", value)


def _check_outcome(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Outcome):
        raise _wrong(attribute.name, "an Outcome or None", value)


def _check_digest(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (isinstance(value, str) and _DIGEST.match(value)):
        raise _wrong(attribute.name, "None or 64 lower-case hexadecimal digits (SHA-256)",
                     value)


def _check_players(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (
        type(value) is tuple
        and all(name is None or (isinstance(name, str) and 1 <= len(name) <= MAX_PLAYER_NAME)
                for name in value)
    ):
        raise _wrong(attribute.name, f"None or a tuple of names (str of 1 to "
                     f"{MAX_PLAYER_NAME} characters, or None)", value)


@attrs.frozen(slots=True)
class Record:
    """One game: everything needed to replay it, and its outcome.

    Build one with :func:`cardwar.agents.play`, or from JSON with :meth:`from_json` and
    :func:`loads`, which check every field. Built by hand, each field is checked for its
    type (a tuple, not a list, of str for ``actions``; an int in range for ``seed``, ...)
    and a wrong one raises :class:`RecordError` naming it; whether the actions are legal
    is what :func:`replay` checks.
    """

    variant: str = attrs.field(validator=_check_name)
    """The variant's registry name."""
    rules_version: int = attrs.field(validator=_check_rules_version)
    """The variant's ``RULES_VERSION`` when the game was played."""
    options: Any = attrs.field(validator=_check_options)
    """The variant's options value."""
    seed: int = attrs.field(validator=_check_seed)
    """The game's seed (with a ``deal``, it still seeds the generator of later draws)."""
    deal: tuple[tuple[str, ...], ...] | None = attrs.field(validator=_check_deal)
    """The explicit deal (card notation per pile, as ``new_game`` takes it), or ``None``
    when the seed's shuffle dealt the cards."""
    actions: tuple[str, ...] = attrs.field(validator=_check_actions)
    """Every action of the game, in notation, in the order played."""
    outcome: Outcome | None = attrs.field(validator=_check_outcome)
    """How the game ended; ``None`` for a game stopped before its end."""
    library_version: str = attrs.field(default=__version__, validator=_check_text)
    """The cardwar version that made the record."""
    digest: str | None = attrs.field(default=None, validator=_check_digest)
    """The :func:`digest` of the final state, which replaying checks; ``None`` for a record
    without one (format version 1, or built by hand)."""
    players: tuple[str | None, ...] | None = attrs.field(default=None,
                                                         validator=_check_players)
    """Who played each seat, by seat: ``"human"``, an agent kind (``"heuristic"``,
    ``"random"``, ...), or ``None`` when not known; ``None`` for a record that does not
    say (format versions 1 and 2). Only a record with a digest holds it (version 3)."""

    def __attrs_post_init__(self) -> None:
        if self.players is not None and self.digest is None:
            raise RecordError("a record that names its players needs the digest of its "
                              "final state (format version 3)", "$.players")

    @property
    def game(self) -> Variant:
        """Return the variant module of the record."""
        return variant(self.variant)

    def states(self) -> Iterator[Any]:
        """Yield every state of the game, the first included, checked as they come
        (:func:`iter_states`: a step that differs from the engine's game raises
        :class:`ReplayMismatch`)."""
        return iter_states(self)

    def _repr_html_(self) -> str:
        """Jupyter shows a record as its replay viewer (:mod:`cardwar.viewer`)."""
        from cardwar.viewer import viewer_html

        return viewer_html(self)

    def to_json(self) -> dict[str, object]:
        """Return the record as a JSON-compatible dict, fields in the documented order:
        format version 2 with the digest, or version 1 for a record without one."""
        doc: dict[str, object] = {
            "format": FORMAT,
            "format_version": (1 if self.digest is None else
                               FORMAT_VERSION if self.players is None else 3),
            "library_version": self.library_version,
            "variant": self.variant,
            "rules_version": self.rules_version,
            "options": options_to_json(self.options),
            "seed": self.seed,
            "deal": None if self.deal is None else [list(pile) for pile in self.deal],
            "actions": list(self.actions),
            "outcome": _outcome_to_json(self.outcome),
        }
        if self.digest is not None:
            doc["digest"] = self.digest
        if self.players is not None:
            doc["players"] = list(self.players)
        return doc

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Return the record of a parsed JSON document, checking every field; raise
        :class:`RecordError` naming the JSON path of the first problem found."""
        return _from_json(data)


# --- the digest of a state ------------------------------------------------------------


def _canonical(value: object) -> object:
    """Return ``value`` as plain JSON data that depends on nothing but the value: cards
    in notation, enum members by class and name, attrs values field by field."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, int):
        return str(value) if abs(value) >= 2**53 else value  # exact in any JSON reader
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (tuple, list, Pile)):
        return [_canonical(v) for v in value]
    if attrs.has(type(value)):
        fields = attrs.fields(cast(Any, type(value)))
        return {"": type(value).__name__,
                **{f.name: _canonical(getattr(value, f.name)) for f in fields}}
    raise StateError(f"{type(value).__name__} is not part of a cardwar state; it has no digest")


def digest(state: object) -> str:
    """Return the SHA-256 digest (hexadecimal) of a state: of every card where it lies,
    every counter, the options and the generator, encoded in a form that depends on no
    platform, Python version or hash seed. Records carry the digest of their final state,
    so that a replay that ends in another state (under options or a deal that differ, with
    the same actions and outcome) is caught.

    >>> from cardwar import war
    >>> digest(war.new_game(1)) == digest(war.new_game(1)) != digest(war.new_game(2))
    True
    """
    text = json.dumps(_canonical(state), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- reading --------------------------------------------------------------------------


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _integer(value: object, path: str, minimum: int, maximum: int | None = None) -> int:
    """Return ``value`` as an int: a JSON number without a fractional part (JSON has one
    number type, so ``3.0`` is the integer 3, as JSON Schema says)."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected an integer, got {_type_name(value)}", path)
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" and at most {maximum}"
        raise RecordError(f"expected an integer at least {minimum}{upper}, got {value}", path)
    return value


def _string(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"expected a string, got {_type_name(value)}", path)
    return value


def _array(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"expected an array, got {_type_name(value)}", path)
    return value


def _object(value: object, path: str, fields: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"expected an object, got {_type_name(value)}", path)
    for key in value:
        if key not in fields:
            raise RecordError(f"unknown field {key!r}; the fields are {', '.join(fields)}", path)
    for key in fields:
        if key not in value:
            raise RecordError(f"missing field {key!r}", path)
    return value


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def check_shape(data: object) -> dict[str, Any]:
    """Return ``data`` if it has the shape that ``record.schema.json`` describes (types,
    fields, ranges, card notation); raise :class:`RecordError` naming the JSON path of
    the first difference. It checks exactly what the schema says, and nothing that needs
    the variant: :meth:`Record.from_json` checks that next.
    """
    # Version 2 adds the digest. A version this library does not read is reported as such
    # below, rather than as a digest present or missing.
    version_given = data.get("format_version") if isinstance(data, dict) else None
    has = data if isinstance(data, dict) else {}
    third = version_given == 3 or (version_given not in (1, 2) and "players" in has)
    second = not third and (version_given == 2 or (version_given != 1 and "digest" in has))
    doc = _object(data, "$", _FIELDS_V3 if third else _FIELDS_V2 if second else _FIELDS)
    if doc["format"] != FORMAT or not isinstance(doc["format"], str):
        raise RecordError(f"expected {FORMAT!r}, got {doc['format']!r}", "$.format")
    version = _integer(doc["format_version"], "$.format_version", 0)
    if version not in FORMAT_VERSIONS:
        raise RecordError(
            f"format version {version} is not supported; this library reads versions "
            f"{', '.join(map(str, FORMAT_VERSIONS[:-1]))} and {FORMAT_VERSIONS[-1]}",
            "$.format_version",
        )
    if version in (2, 3) and not (isinstance(doc["digest"], str)
                                  and _DIGEST.match(doc["digest"])):
        raise RecordError(f"expected 64 lower-case hexadecimal digits (SHA-256), got "
                          f"{doc['digest']!r}", "$.digest")
    if version == 3:
        for i, name in enumerate(_array(doc["players"], "$.players")):
            if name is not None and not (isinstance(name, str)
                                         and 1 <= len(name) <= MAX_PLAYER_NAME):
                raise RecordError(f"expected null or a name of 1 to {MAX_PLAYER_NAME} "
                                  f"characters, got {name!r}", f"$.players[{i}]")
    _string(doc["library_version"], "$.library_version")
    _string(doc["variant"], "$.variant")
    _integer(doc["rules_version"], "$.rules_version", 1)
    options = doc["options"]
    if not isinstance(options, dict):
        raise RecordError(f"expected an object, got {_type_name(options)}", "$.options")
    for key, item in options.items():
        path = f"$.options.{key}"
        if isinstance(item, list):
            for i, sub in enumerate(item):
                if not _is_scalar(sub):
                    raise RecordError(
                        f"expected a number, string, boolean or null, got {_type_name(sub)}",
                        f"{path}[{i}]",
                    )
        elif not _is_scalar(item):
            raise RecordError(
                f"expected a number, string, boolean, null or an array, got {_type_name(item)}",
                path,
            )
    _integer(doc["seed"], "$.seed", 0, MAX_SEED)
    if doc["deal"] is not None:
        for i, pile in enumerate(_array(doc["deal"], "$.deal")):
            for j, text in enumerate(_array(pile, f"$.deal[{i}]")):
                path = f"$.deal[{i}][{j}]"
                if not CARD_PATTERN.search(_string(text, path)):
                    raise RecordError(
                        f"bad card {text!r}: expected a rank and a suit, such as AS or 10H, "
                        "or JK",
                        path,
                    )
    for i, text in enumerate(_array(doc["actions"], "$.actions")):
        _string(text, f"$.actions[{i}]")
    if doc["outcome"] is not None:
        _check_outcome_shape(doc["outcome"])
    return doc


def _check_outcome_shape(value: object) -> None:
    doc = _object(value, "$.outcome", _OUTCOME_FIELDS)
    name = doc["termination"]
    reasons = [t.value for t in Termination]
    if not isinstance(name, str) or name not in reasons:
        raise RecordError(
            f"expected one of {', '.join(reasons)}, got {name!r}", "$.outcome.termination"
        )
    seats = [
        _integer(s, f"$.outcome.winners[{i}]", 0)
        for i, s in enumerate(_array(doc["winners"], "$.outcome.winners"))
    ]
    if len(set(seats)) != len(seats):
        raise RecordError("expected distinct seats", "$.outcome.winners")
    if doc["scores"] is not None:
        for i, s in enumerate(_array(doc["scores"], "$.outcome.scores")):
            _integer(s, f"$.outcome.scores[{i}]", -(2**63), 2**63 - 1)


def _from_json(data: object) -> Record:
    doc = check_shape(data)
    name = doc["variant"]
    try:
        game = variant(name)
    except UnknownVariantError as err:
        raise RecordError(str(err), "$.variant") from None
    rules_version = _integer(doc["rules_version"], "$.rules_version", 1)
    if rules_version != game.RULES_VERSION:
        raise RecordError(_rules_version_message(game, rules_version), "$.rules_version")
    record = Record(
        variant=game.NAME,
        rules_version=rules_version,
        options=_options(game, doc["options"]),
        seed=_integer(doc["seed"], "$.seed", 0, MAX_SEED),
        deal=_deal(doc["deal"]),
        actions=_actions(game, doc["actions"]),
        outcome=_outcome(doc["outcome"]),
        library_version=doc["library_version"],
        digest=doc.get("digest"),
        players=_players(game, doc),
    )
    if record.deal is not None:
        _new_game(record)  # the deal must hold exactly the deck's cards
    return record


def _players(game: Variant, doc: dict[str, Any]) -> tuple[str | None, ...] | None:
    names = doc.get("players")
    if names is None:
        return None
    seats = game.num_players(_options(game, doc["options"]))
    if len(names) != seats:
        raise RecordError(f"expected one player per seat ({seats}), got {len(names)}",
                          "$.players")
    return tuple(names)


def _rules_version_message(game: Variant, rules_version: int) -> str:
    return (
        f"the record was made under rules version {rules_version} of {game.NAME!r}, but "
        f"this library (cardwar {__version__}) implements rules version "
        f"{game.RULES_VERSION}; replaying it would play another game"
    )


def _options(game: Variant, value: dict[str, Any]) -> Any:
    try:
        return game.options(**value)
    except (ValueError, TypeError, OverflowError) as err:
        raise RecordError(f"bad options for {game.NAME!r}: {err}", "$.options") from None


def _deal(value: list[list[str]] | None) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    out = []
    for i, pile in enumerate(value):
        notation = []
        for j, text in enumerate(pile):
            try:
                notation.append(str(parse_card(text)))
            # check_shape's CARD_PATTERN admits only notation that parse_card reads.
            except CardError as err:  # pragma: no cover - unreachable: see the line above
                raise RecordError(str(err), f"$.deal[{i}][{j}]") from None
        out.append(tuple(notation))
    return tuple(out)


def _actions(game: Variant, value: list[str]) -> tuple[str, ...]:
    out = []
    # One parse per distinct notation: a long game repeats a few notations many times.
    canonical: dict[str, str] = {}
    for i, text in enumerate(value):
        known = canonical.get(text)
        if known is None:
            try:
                known = canonical[text] = str(game.parse_action(text))
            except (ValueError, TypeError) as err:
                raise RecordError(f"bad action notation: {err}", f"$.actions[{i}]") from None
        out.append(known)
    return tuple(out)


def _outcome(value: dict[str, Any] | None) -> Outcome | None:
    if value is None:
        return None
    winners = tuple(sorted(_integer(s, "$.outcome.winners", 0) for s in value["winners"]))
    scores = value["scores"]
    if scores is not None:
        scores = tuple(_integer(s, "$.outcome.scores", -(2**63)) for s in scores)
    return Outcome(Termination(value["termination"]), winners, scores)


def _no_constant(name: str) -> object:
    raise RecordError(f"malformed JSON: {name} is not a JSON number", "$")


#: The most digits a number of a record can need: seeds and scores fit in 64 bits (20
#: digits); a little room is left so that an out-of-range value is named by its field.
_MAX_DIGITS = 100


def _integer_text(text: str) -> int:
    # Python refuses to convert integers of more than 4300 digits with a message about
    # sys.set_int_max_str_digits; no record needs even a hundred.
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise RecordError(f"malformed JSON: a number of {digits} digits; no field of a "
                          f"record holds more than 20", "$")
    return int(text)


def _check_max_bytes(max_bytes: object) -> int:
    if type(max_bytes) is not int or max_bytes < 0:
        raise RecordError(f"max_bytes must be an int >= 0, got {max_bytes!r}")
    return max_bytes


def _check_record(record: object) -> Record:
    if not isinstance(record, Record):
        raise RecordError(f"expected a Record, got {type(record).__name__}")
    return record


def _read_at_most(f: IO[Any], limit: int) -> str | bytes:
    """Return the first ``limit`` characters or bytes of ``f`` (fewer at its end), read in
    pieces, so that a large bound on a small file allocates nothing large."""
    first: str | bytes = f.read(min(limit, _CHUNK))
    pieces = [first]
    left = limit - len(first)
    while left > 0 and pieces[-1]:
        pieces.append(f.read(min(left, _CHUNK)))
        left -= len(pieces[-1])
    if isinstance(first, bytes):
        return b"".join(p for p in pieces if isinstance(p, bytes))
    return "".join(p for p in pieces if isinstance(p, str))


#: How much of a record file is read at once.
_CHUNK = 1 << 20


def loads(text: str | bytes | bytearray, *, max_bytes: int = MAX_BYTES) -> Record:
    """Return the record written as JSON ``text``; raise :class:`RecordError` for text
    longer than ``max_bytes`` bytes, malformed JSON, or any field that is wrong.

    >>> loads('{"format": "cardwar-record"}')
    Traceback (most recent call last):
    ...
    cardwar.records.RecordError: $: missing field 'format_version'
    """
    max_bytes = _check_max_bytes(max_bytes)
    given: object = text
    if isinstance(given, (bytearray, memoryview)):
        given = bytes(given)
    if not isinstance(given, (str, bytes)):
        raise RecordError(f"a record is JSON text (str or bytes), got {type(given).__name__}")
    text = given
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise RecordError(f"the record is {size} bytes, more than the bound of {max_bytes}")
    if isinstance(text, str) and not _is_unicode(text):
        raise RecordError(_NOT_UNICODE)
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_integer_text)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("malformed JSON: the document nests too deeply") from None
    except (ValueError, TypeError) as err:
        # json.JSONDecodeError and UnicodeDecodeError are ValueErrors; so is an integer
        # with more digits than Python converts.
        raise RecordError(f"malformed JSON: {err}") from None
    # JSON may write a lone surrogate as an escape ("\\ud800"): text no file can hold as
    # UTF-8. Only a document with such an escape needs the check of its strings.
    if _SURROGATE_ESCAPE.search(text if isinstance(text, str) else text.decode("utf-8")) and (
            not _is_unicode(json.dumps(data, ensure_ascii=False))):
        raise RecordError(_NOT_UNICODE)
    return _from_json(data)


#: An escape of a surrogate code point in JSON text (a pair is valid; a lone one is not).
_SURROGATE_ESCAPE = re.compile(r"\\[uU][dD][89a-fA-F]")
_NOT_UNICODE = ("the record holds text that is not valid Unicode (a lone surrogate), which "
                "no UTF-8 file can hold")


def _is_unicode(text: str) -> bool:
    """Return whether ``text`` can be written as UTF-8 (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def read(source: str | bytes | PathLike | IO[str] | IO[bytes], *,
         max_bytes: int = MAX_BYTES) -> Record:
    """Return the record read from a file path or an open file (at most ``max_bytes``
    bytes are read; a longer file is refused); see :func:`loads`."""
    max_bytes = _check_max_bytes(max_bytes)
    if isinstance(source, (str, bytes, PathLike)):
        try:
            with open(source, "rb") as f:
                text: str | bytes = _read_at_most(f, max_bytes + 1)
        except OSError as err:
            raise RecordError(f"cannot read {os.fspath(source)!r}: {err.strerror}") from None
    elif callable(getattr(source, "read", None)):
        text = _read_at_most(source, max_bytes + 1)
    else:
        raise RecordError(f"expected a path or an open file, got {type(source).__name__}")
    if len(text) > max_bytes:
        raise RecordError(f"the record is more than the bound of {max_bytes} bytes")
    return loads(text, max_bytes=max_bytes)


# --- writing --------------------------------------------------------------------------


def dumps(record: Record) -> str:
    """Return the record as JSON text: one field per line, actions wrapped, so that
    records read well and diff well."""
    doc = _check_record(record).to_json()
    lines = []
    for key, value in doc.items():
        text = _wrapped(value) if key == "actions" else json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _wrapped(items: object, width: int = 88) -> str:
    assert isinstance(items, list)
    if not items:
        return "[]"
    rows: list[str] = []
    row = ""
    for item in items:
        piece = json.dumps(item, ensure_ascii=False)
        if row and len(row) + len(piece) + 2 > width:
            rows.append(row + ",")
            row = ""
        row = f"{row}, {piece}" if row else piece
    rows.append(row)
    return "[\n    " + "\n    ".join(rows) + "\n  ]"


def write(record: Record, dest: str | bytes | PathLike | IO[str]) -> None:
    """Write the record as JSON (see :func:`dumps`) to a file path or an open text file.

    A path is written whole or not at all: the text goes to a new file in the same folder,
    which then takes the path's place (a symbolic link there is replaced, not followed),
    so that a failure (text that is not valid Unicode, a full disk) never leaves a
    truncated record, nor harms a record already there. Any failure raises
    :class:`RecordError` (a file system error as its ``__cause__``), and so does a
    destination that is neither a path nor a file open for writing text."""
    text = dumps(record)
    if not _is_unicode(text):
        raise RecordError(_NOT_UNICODE)
    if isinstance(dest, (str, bytes, PathLike)):
        path = os.fsdecode(dest)
        if not path or "\0" in path:
            raise RecordError(f"cannot write a record to {path!r}: not a file path")
        try:
            write_atomically(Path(path), text.encode("utf-8"))
        except OSError as err:
            raise RecordError(f"cannot write {path!r}: {err.strerror or err}") from err
        return
    given: object = dest  # typed, but a caller may pass anything
    if isinstance(given, (io.RawIOBase, io.BufferedIOBase)):
        raise RecordError("a record is text: give a file opened in text mode ('w'), not "
                          f"a binary file ({type(given).__name__})")
    if not callable(getattr(dest, "write", None)):
        raise RecordError("expected a path or a file open for writing text, got "
                          f"{type(dest).__name__}")
    try:
        dest.write(text)
    except (OSError, ValueError, TypeError) as err:
        # A file closed or opened for reading, a stream that takes bytes.
        raise RecordError(f"cannot write the record to {type(dest).__name__}: {err}") from err


# --- replaying ------------------------------------------------------------------------


def _game(record: Record) -> Variant:
    try:
        return record.game
    except UnknownVariantError as err:
        raise RecordError(str(err), "$.variant") from None


def _new_game(record: Record) -> Any:
    game = _game(record)
    if record.rules_version != game.RULES_VERSION:
        raise RecordError(_rules_version_message(game, record.rules_version), "$.rules_version")
    try:
        return game.new_game(record.seed, record.options, deal=record.deal)
    except (ValueError, TypeError) as err:
        if record.deal is None:
            raise RecordError(f"the options cannot start a game: {err}", "$.options") from None
        raise RecordError(f"the deal cannot start a game: {err}", "$.deal") from None
    except (OverflowError, MemoryError):
        # An option (such as a huge number of decks) asks for more than memory holds.
        raise RecordError("the options ask for a game too large to set up", "$.options") from None


def iter_states(record: Record) -> Iterator[Any]:
    """Yield every state of the recorded game, the first one included, then check the
    outcome; raise :class:`ReplayMismatch` at the first step that differs."""
    game = _game(_check_record(record))
    state = _new_game(record)
    yield state
    parsed: dict[str, Any] = {}
    for i, text in enumerate(record.actions):
        if game.outcome(state) is not None:
            more = len(record.actions) - i - 1
            raise ReplayMismatch(
                i,
                f"the action {text!r}" + (f" and {more} more" if more else ""),
                f"the game over, with {_describe_outcome(game.outcome(state))}",
            )
        action = parsed.get(text)
        if action is None:
            try:
                action = parsed[text] = game.parse_action(text)
            except NotationError as err:
                raise RecordError(str(err), f"$.actions[{i}]") from None
        try:
            state = game.step(state, action)
        except IllegalActionError as err:
            seat = game.to_act(state)
            who = "" if seat is None else f" for seat {seat}"
            raise ReplayMismatch(
                i,
                f"the action {text!r}",
                f"no such legal action{who}: {err}",
            ) from None
        yield state
    result = game.outcome(state)
    if result != record.outcome:
        step = len(record.actions)
        if result is None:
            seat = game.to_act(state)
            who = "" if seat is None else f", seat {seat} to act"
            legal = ", ".join(str(a) for a in game.legal_actions(state)[:10])
            replayed = f"no outcome: the game goes on{who} (legal: {legal})"
        else:
            replayed = _describe_outcome(result)
        raise ReplayMismatch(step, _describe_outcome(record.outcome), replayed, "$.outcome")
    if record.digest is not None:
        found = digest(state)
        if found != record.digest:
            # The same actions and outcome, yet another final state: the options or the
            # deal differ from the game recorded (a target, a rule that left no trace).
            raise ReplayMismatch(len(record.actions), f"a final state of digest {record.digest}",
                                 f"one of digest {found}", "$.digest")


def replay(record: Record) -> Any:
    """Return the final state of the recorded game after checking every step and the
    outcome; raise :class:`ReplayMismatch` (naming the first step that differs, with both
    sides) if the record does not describe the game the engine plays."""
    state = None
    for state in iter_states(record):  # noqa: B007 (the last state is the answer)
        pass
    return state


# --- schema ---------------------------------------------------------------------------


def schema() -> dict[str, Any]:
    """Return the JSON Schema of records shipped with the package (``record.schema.json``).

    >>> schema()["properties"]["format"]["const"]
    'cardwar-record'
    """
    from importlib.resources import files

    text = files("cardwar").joinpath("record.schema.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def deal_notation(
    deal: Sequence[Sequence[Card | str] | str] | None,
) -> tuple[tuple[str, ...], ...] | None:
    """Return an explicit deal in canonical notation, one tuple per pile (a pile may be
    given as cards, notations, or one string such as ``"3S 2H"``).

    >>> deal_notation(["3s 2h", ["T♥"]])
    (('3S', '2H'), ('10H',))
    """
    from cardwar.cards import DealError, check_deal_piles, parse_cards

    if deal is None:
        return None
    check_deal_piles(deal)
    if is_text(deal):
        raise DealError("an explicit deal is a list of piles (each a string of card notation "
                        f"or a list of cards), got {type(deal).__name__}")
    return tuple(tuple(str(c) for c in parse_cards(pile)) for pile in deal)
