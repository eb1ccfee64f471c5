"""Records at their limits: which format version a document is read as (and so which
fields it may hold), the digest and player names of version 3, the ``max_bytes`` bound
(zero included, and a source that returns short reads), and the exact messages for
values that are not records, text, paths or files."""

from __future__ import annotations

import io
import json
from typing import IO, Any, cast

import pytest

from cardwar import agents, records


def _doc(**players: Any) -> dict[str, Any]:
    """Return a short war game's record as JSON data (version 3 when given players)."""
    return agents.play("war", (), seed=3, max_steps=2, **players).to_json()


def _v3_doc() -> dict[str, Any]:
    doc = _doc(players=("human", "random"))
    assert doc["format_version"] == 3
    return doc


def _message(data: object) -> str:
    with pytest.raises(records.RecordError) as err:
        records.check_shape(data)
    return str(err.value)


# --- which version a document is read as --------------------------------------------


def test_a_version_1_record_may_not_name_its_players() -> None:
    # kills check_shape mutmut_16 (version 1 with players read as version 3)
    doc = _doc()
    del doc["digest"]
    doc["format_version"] = 1
    doc["players"] = ["human", None]
    assert _message(doc) == (
        "$: unknown field 'players'; the fields are format, format_version, "
        "library_version, variant, rules_version, options, seed, deal, actions, outcome"
    )


def test_an_unknown_version_with_players_is_refused_as_an_unknown_version() -> None:
    # kills check_shape mutmut_18, mutmut_19 (players ignored when choosing the fields)
    doc = _v3_doc()
    doc["format_version"] = 4
    assert _message(doc) == (
        "$.format_version: format version 4 is not supported; this library reads "
        "versions 1, 2 and 3"
    )


@pytest.mark.parametrize("bad", ["x", "A" * 64, 5, None])
def test_a_version_3_record_needs_a_well_formed_digest(bad: object) -> None:
    # kills check_shape mutmut_90 (the digest of version 3 unchecked)
    doc = _v3_doc()
    doc["digest"] = bad
    with pytest.raises(records.RecordError) as err:
        records.loads(json.dumps(doc))
    assert err.value.path == "$.digest"
    assert str(err.value) == (
        f"$.digest: expected 64 lower-case hexadecimal digits (SHA-256), got {bad!r}"
    )


# --- player names: 1 to 64 characters -----------------------------------------------


@pytest.mark.parametrize("name", ["a", "x" * records.MAX_PLAYER_NAME])
def test_player_names_of_1_and_of_64_characters_are_read(name: str) -> None:
    # kills check_shape mutmut_119, mutmut_120 (1 character), mutmut_121 (64)
    doc = _v3_doc()
    doc["players"] = [name, None]
    record = records.loads(json.dumps(doc))
    assert record.players == (name, None)


@pytest.mark.parametrize(("index", "name"), [(0, ""), (1, "x" * 65)])
def test_player_names_outside_1_to_64_characters_are_refused(index: int, name: str) -> None:
    doc = _v3_doc()
    doc["players"][index] = name
    assert _message(doc) == (
        f"$.players[{index}]: expected null or a name of 1 to 64 characters, got {name!r}"
    )


# --- numbers too long ------------------------------------------------------------------


def test_a_number_of_too_many_digits_is_named_at_the_document() -> None:
    # kills _integer_text mutmut_4, mutmut_6, mutmut_7 (the path "$")
    text = records.dumps(agents.play("war", (), seed=3, max_steps=2))
    text = text.replace('"seed": 3', '"seed": ' + "9" * 101)
    with pytest.raises(records.RecordError) as err:
        records.loads(text)
    assert err.value.path == "$"
    assert str(err.value) == (
        "$: malformed JSON: a number of 101 digits; no field of a record holds more than 20"
    )


# --- max_bytes --------------------------------------------------------------------------


def test_a_bound_of_zero_bytes_is_accepted_and_refuses_any_text() -> None:
    # kills _check_max_bytes mutmut_4, mutmut_5 (0 refused as a bound)
    with pytest.raises(records.RecordError) as err:
        records.loads("{}", max_bytes=0)
    assert str(err.value) == "the record is 2 bytes, more than the bound of 0"
    with pytest.raises(records.RecordError) as err:
        records.read(io.StringIO("{}"), max_bytes=0)
    assert str(err.value) == "the record is more than the bound of 0 bytes"
    with pytest.raises(records.RecordError) as err:
        records.loads("", max_bytes=0)
    assert str(err.value).startswith("malformed JSON: ")
    with pytest.raises(records.RecordError) as err:
        records.loads("", max_bytes=-1)
    assert str(err.value) == "max_bytes must be an int >= 0, got -1"


class _ShortReads(io.RawIOBase):
    """An unbuffered stream (like a pipe) that returns one byte per read, and counts how
    many bytes were taken from it."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._data = data
        self.taken = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if len(buffer) == 0 or self.taken >= len(self._data):
            return 0
        buffer[0] = self._data[self.taken]
        self.taken += 1
        return 1


def _read(stream: _ShortReads, max_bytes: int) -> records.Record:
    return records.read(cast(IO[bytes], stream), max_bytes=max_bytes)


def _record_bytes() -> bytes:
    return records.dumps(agents.play("war", (), seed=3, max_steps=2)).encode("utf-8")


def test_a_stream_of_short_reads_is_read_whole_within_the_bound() -> None:
    data = _record_bytes()
    stream = _ShortReads(data)
    record = _read(stream, max_bytes=len(data))
    assert record == records.loads(data)
    assert stream.taken == len(data)


def test_a_stream_of_short_reads_longer_than_the_bound_is_refused() -> None:
    # kills _read_at_most mutmut_12 (stops one byte short, so the text passes the bound)
    data = _record_bytes() + b" " * 10
    with pytest.raises(records.RecordError) as err:
        _read(_ShortReads(data), max_bytes=len(data) - 1)
    assert str(err.value) == f"the record is more than the bound of {len(data) - 1} bytes"


def test_reading_a_long_stream_takes_no_more_than_the_bound_from_it() -> None:
    # "at most max_bytes bytes are read": one more, to see that the source is longer.
    # kills _read_at_most mutmut_16 (reads all), mutmut_21, mutmut_22 (read to the end)
    data = _record_bytes() + b" " * 500
    stream = _ShortReads(data)
    with pytest.raises(records.RecordError) as err:
        _read(stream, max_bytes=100)
    assert str(err.value) == "the record is more than the bound of 100 bytes"
    assert stream.taken == 101


# --- what is not a record, text, path or file -------------------------------------------


def test_values_of_the_wrong_kind_are_named_by_their_type() -> None:
    # kills _check_record mutmut_2, mutmut_3, loads mutmut_7, mutmut_8,
    # read mutmut_33, mutmut_34
    with pytest.raises(records.RecordError) as err:
        records.dumps(3)  # type: ignore[arg-type]
    assert str(err.value) == "expected a Record, got int"
    with pytest.raises(records.RecordError) as err:
        records.loads(3.5)  # type: ignore[arg-type]
    assert str(err.value) == "a record is JSON text (str or bytes), got float"
    with pytest.raises(records.RecordError) as err:
        records.read(7)  # type: ignore[arg-type]
    assert str(err.value) == "expected a path or an open file, got int"
