"""The record reader and writer misused from Python (D8, D18) and the ``replay`` command
given hostile text (D17): every call answers with :class:`~cardwar.records.RecordError`
or a one-line usage error, never Python's own."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardwar import agents, caravan, records, war
from cardwar.errors import StateError
from cardwar.records import Record, RecordError


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    records.write(agents.play("war", (), seed=1), path)
    return path


@pytest.mark.parametrize("max_bytes", [2**40, 2**70, 10**20])
def test_a_huge_bound_reads_a_small_record_without_allocating_it(
    record_file: Path, max_bytes: int
) -> None:
    # D8: read(max_bytes=2**70) raised OverflowError, 2**40 MemoryError.
    assert records.read(record_file, max_bytes=max_bytes).seed == 1
    with record_file.open("rb") as f:
        assert records.read(f, max_bytes=max_bytes).seed == 1


@pytest.mark.parametrize("max_bytes", [-1, 1.5, "10", None, True])
def test_a_bound_that_is_not_a_byte_count_is_refused(record_file: Path, max_bytes: Any) -> None:
    with pytest.raises(RecordError, match=r"^max_bytes must be an int >= 0, got "):
        records.read(record_file, max_bytes=max_bytes)
    with pytest.raises(RecordError, match=r"^max_bytes must be an int >= 0, got "):
        records.loads("{}", max_bytes=max_bytes)


def test_a_record_is_read_from_bytes_a_bytearray_a_bytes_path_and_a_text_file(
    record_file: Path,
) -> None:
    text = record_file.read_text(encoding="utf-8")
    expected = records.loads(text)
    assert records.loads(text.encode()) == expected
    assert records.loads(bytearray(text.encode())) == expected
    assert records.read(str(record_file).encode()) == expected
    assert records.read(io.StringIO(text)) == expected
    with pytest.raises(RecordError, match="more than the bound of 10 bytes"):
        records.read(io.StringIO(text), max_bytes=10)


@pytest.mark.parametrize("call", [
    lambda: records.loads(None),  # type: ignore[arg-type]
    lambda: records.loads(17),  # type: ignore[arg-type]
    lambda: records.read(None),  # type: ignore[arg-type]
    lambda: records.read(3.5),  # type: ignore[arg-type]
    lambda: records.replay(None),  # type: ignore[arg-type]
    lambda: records.dumps(None),  # type: ignore[arg-type]
    lambda: list(records.iter_states("war")),  # type: ignore[arg-type]
])
def test_python_level_misuse_is_a_record_error(call: Any) -> None:
    # D18: these raised AttributeError.
    with pytest.raises(RecordError):
        call()


def test_a_hand_built_record_of_an_unknown_variant_or_bad_notation_is_a_record_error() -> None:
    unknown = Record("no-such-game", 1, war.options(), 1, None, (), None)
    with pytest.raises(RecordError, match=r"^\$\.variant: unknown variant 'no-such-game'"):
        records.replay(unknown)
    garbled = Record("war", war.RULES_VERSION, war.options(), 1, None, ("play", "xyz"), None)
    with pytest.raises(RecordError, match=r"^\$\.actions\[1\]: bad action 'xyz'"):
        records.replay(garbled)


def _cardwar(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardwar", *args], capture_output=True,
                          text=True, encoding="utf-8", errors="surrogateescape", env=env,
                          timeout=60, check=False)


def test_replay_escapes_what_a_record_says_of_its_library_version(
    record_file: Path, tmp_path: Path
) -> None:
    # Terminal escape codes once passed through, and non-ASCII text on an ASCII stdout
    # ended in a usage error after partial output.
    doc = json.loads(record_file.read_text(encoding="utf-8"))
    doc["library_version"] = "0.1\x1b[2J\u00e9"
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(doc), encoding="utf-8")
    for env in (None, {"PYTHONIOENCODING": "ascii", "PATH": ""}):
        done = _cardwar("replay", "-q", str(hostile), env=env)
        assert done.returncode == 0, done.stderr
        assert "recorded with cardwar 0.1\\x1b[2J\\xe9" in done.stdout
        assert "\x1b" not in done.stdout
        assert done.stdout.isascii()
    # A lone surrogate is not text a file can hold: the record is refused, with one line.
    doc["library_version"] = "0.1\ud800"
    hostile.write_text(json.dumps(doc), encoding="utf-8")
    done = _cardwar("replay", "-q", str(hostile))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == ("cardwar: error: the record holds text that is not valid Unicode "
                           "(a lone surrogate), which no UTF-8 file can hold\n")


@pytest.mark.parametrize(("value", "status"), [("-5", 2), ("x", 2),
                                               ("99999999999999999999", 0)])
def test_replay_max_bytes_is_a_whole_number(record_file: Path, value: str, status: int) -> None:
    done = _cardwar("replay", "-q", "--max-bytes", value, str(record_file))
    assert done.returncode == status, done.stderr
    if status:
        assert done.stderr.startswith("cardwar: error: argument --max-bytes: expected a "
                                      "whole number of bytes >= 0")
        assert "Traceback" not in done.stderr


# --- the digest of the final state --------------------------------------------------------


def _doc(record: Record) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(records.dumps(record))
    return doc


@pytest.mark.parametrize(("name", "option", "tweak"), [
    ("generals", "target", lambda v: v + 1),
    ("caravan", "disband_draws", lambda v: not v),
    ("war", "max_battles", lambda v: 10**6),
])
def test_an_option_that_left_no_trace_in_the_actions_is_caught_by_the_digest(
    name: str, option: str, tweak: Any
) -> None:
    # Records carried no digest of the final state, so option tweaks that happen to give
    # the same actions and outcome verified.
    record = agents.play(name, [agents.RandomAgent(s) for s in range(2)], seed=4)
    doc = _doc(record)
    doc["options"][option] = tweak(doc["options"][option])
    tweaked = records.loads(json.dumps(doc))
    # Without the digest, the tweaked record verifies: the same actions, the same outcome.
    records.replay(attrs.evolve(tweaked, digest=None))
    with pytest.raises(records.ReplayMismatch) as err:
        records.replay(tweaked)
    assert err.value.path == "$.digest"
    assert str(err.value).startswith(
        f"$.digest: the final state differs after the last step ({len(record.actions)}): "
        f"the record has a final state of digest {record.digest}; the replay has one of "
        "digest ")


def test_a_record_without_a_digest_is_format_version_1_and_still_replays() -> None:
    record = attrs.evolve(agents.play("war", (), seed=2), digest=None)
    doc = _doc(record)
    assert doc["format_version"] == 1
    assert "digest" not in doc
    assert records.replay(records.loads(json.dumps(doc))) is not None


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("digest"), "$: missing field 'digest'"),
    (lambda d: d.update(digest="ABC"), "$.digest: expected 64 lower-case hexadecimal digits"),
    (lambda d: d.update(digest=None), "$.digest: expected 64 lower-case hexadecimal digits"),
    (lambda d: d.update(format_version=1), "$: unknown field 'digest'"),
])
def test_a_digest_of_the_wrong_form_or_version_is_refused(edit: Any, message: str) -> None:
    doc = _doc(agents.play("war", (), seed=2))
    edit(doc)
    with pytest.raises(RecordError) as err:
        records.loads(json.dumps(doc))
    assert str(err.value).startswith(message)


@pytest.mark.parametrize("value", [{1, 2}, object(), 1.5, {"a": 1}])
def test_the_digest_of_what_is_no_state_is_refused(value: Any) -> None:
    with pytest.raises(StateError, match="is not part of a cardwar state"):
        records.digest((war.new_game(1), value))


def test_the_digest_depends_on_every_part_of_the_state_and_nothing_else() -> None:
    state = war.new_game(7)
    assert records.digest(state) == records.digest(war.new_game(7))
    assert records.digest(state) != records.digest(war.step(state, war.Play.PLAY))
    assert records.digest(state) != records.digest(war.new_game(7, war.options(max_battles=9)))
    # The same in a fresh interpreter with another hash seed.
    code = ("from cardwar import records, war; "
            "print(records.digest(war.new_game(7)))")
    for seed in ("0", "12345"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}, timeout=60,
                              check=True)
        assert done.stdout.strip() == records.digest(state)


def test_a_number_of_thousands_of_digits_gets_the_records_own_message() -> None:
    # Python's int conversion stops at 4300 digits with advice about
    # sys.set_int_max_str_digits; a record never needs more than 20 digits.
    record = agents.play("war", (), 3, {"max_battles": 3})
    text = records.dumps(record).replace('"seed": 3', '"seed": ' + "9" * 5001)
    with pytest.raises(RecordError, match="a number of 5001 digits") as err:
        records.loads(text)
    assert "set_int_max_str_digits" not in str(err.value)
    # Up to the limit, a too-large number is named by its field.
    wide = records.dumps(record).replace('"seed": 3', '"seed": ' + "9" * 100)
    with pytest.raises(RecordError, match=r"\$\.seed"):
        records.loads(wide)


# --- a record built by hand ----------------------------------------------------------------

_HAND_BUILT = Record("caravan", caravan.RULES_VERSION, caravan.options(), 1, None, (), None)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("variant", 5, "variant must be a non-empty str, got int 5"),
    ("variant", "", "variant must be a non-empty str"),
    ("rules_version", "1", "rules_version must be an int >= 1, got str '1'"),
    ("rules_version", True, "rules_version must be an int >= 1, got bool True"),
    ("options", {"max_turns": 3}, "options must be a variant's options value, got dict"),
    ("options", caravan.Options, "options must be a variant's options value, got type"),
    ("seed", -1, r"seed must be an int in \[0, 2\*\*64 - 1\], got int -1"),
    ("seed", 1.0, "seed must be an int in"),
    ("deal", [["AS"]], "deal must be None or a tuple of piles"),
    ("deal", (("AS", 5),), "deal must be None or a tuple of piles"),
    ("actions", ["play"], r"actions must be a tuple of action notations \(str\), got list"),
    ("actions", ("play", None), "actions must be a tuple of action notations"),
    ("outcome", "won", "outcome must be an Outcome or None, got str 'won'"),
    ("library_version", 1, "library_version must be a str, got int 1"),
    ("digest", "abc", "digest must be None or 64 lower-case hexadecimal digits"),
    ("players", ["random", "random"], "players must be None or a tuple of names"),
    ("players", ("", None), "players must be None or a tuple of names"),
])
def test_a_record_built_by_hand_names_its_wrong_field(field: str, value: Any,
                                                      message: str) -> None:
    # Record(...) accepted every one of these, to fail later (or never) far from the cause.
    with pytest.raises(RecordError, match=r"^\$\." + field + r": a Record's " + message) as err:
        attrs.evolve(_HAND_BUILT, **{field: value})
    assert err.value.path == f"$.{field}"


def test_a_record_made_to_measure_keeps_its_fields() -> None:
    made = Record("war", war.RULES_VERSION, war.options(), 2**64 - 1, (("AS",), ("KS",)),
                  ("play",), None, "1.0", "0" * 64, ("human", None))
    assert made.seed == 2**64 - 1
    assert made.players == ("human", None)
