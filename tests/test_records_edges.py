"""Records at their edges: a record with no actions (written, read back, and replayed
against a wrong outcome), and Python values that are not JSON named by their type; a
record with players but no digest; the digest's integers, strings from 2**53 on."""

from __future__ import annotations

import hashlib
import os
from typing import Any

import attrs
import pytest

from cardwar import agents, records
from cardwar.core import Outcome, Termination
from cardwar.errors import StateError
from cardwar.rng import Rng


def test_a_record_without_actions_round_trips() -> None:
    record = agents.play("war", (), seed=3, max_steps=0)
    assert record.actions == ()
    assert record.outcome is None
    text = records.dumps(record)
    assert '\n  "actions": [],\n' in text
    again = records.loads(text)
    assert again == record
    assert records.replay(again).battles == 0


def test_an_outcome_recorded_before_any_step_is_a_mismatch_at_step_0() -> None:
    record = attrs.evolve(
        agents.play("war", (), seed=3, max_steps=0),
        outcome=Outcome(Termination.ALL_CARDS, (0,)),
    )
    with pytest.raises(records.ReplayMismatch) as err:
        records.replay(record)
    assert err.value.step == 0
    assert err.value.path == "$.outcome"
    assert str(err.value).startswith(
        "$.outcome: the outcome differs before any step: the record has the outcome won by "
        "seat 0 (all_cards); the replay has no outcome: the game goes on (legal: play)"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("actions", ("play",), "$.actions: expected an array, got tuple"),
        ("seed", 3 + 0j, "$.seed: expected an integer, got complex"),
        ("options", {"players": {2}}, "$.options.players: expected a number, string, "
                                      "boolean, null or an array, got set"),
    ],
)
def test_values_that_are_not_json_are_named_by_their_python_type(
    field: str, value: Any, message: str
) -> None:
    doc = agents.play("war", (), seed=3, max_steps=2).to_json()
    doc[field] = value
    with pytest.raises(records.RecordError) as err:
        records.check_shape(doc)
    assert str(err.value) == message


def test_a_record_naming_its_players_without_a_digest_is_refused_at_players() -> None:
    """Players belong to format version 3, which carries a digest: a record with players
    and no digest is refused, the error pointing at ``$.players``."""
    # kills Record.__attrs_post_init__ mutmut_5, _7, _8, _10 to _13 (the path and the text)
    record = agents.play("war", (), seed=3, max_steps=0)
    with pytest.raises(records.RecordError) as err:
        attrs.evolve(record, digest=None, players=("random", "random"))
    assert err.value.path == "$.players"
    assert str(err.value) == ("$.players: a record that names its players needs the digest "
                              "of its final state (format version 3)")


@pytest.mark.parametrize(("key", "shown"), [
    (2**53 - 1, "9007199254740991"),
    (2**53, '"9007199254740992"'),
    (2**53 + 1, '"9007199254740993"'),
    (2**54, '"18014398509481984"'),
], ids=["below", "at", "above", "twice"])
def test_digests_write_integers_from_2_to_the_53_as_strings(key: int, shown: str) -> None:
    """A digest encodes an int as a JSON number below 2**53 (exact in any JSON reader)
    and as a string from 2**53 on; the digest is the SHA-256 of that text."""
    # kills _canonical mutmut_8 (> for >=) and _11 (2**54)
    text = f'{{"":"Rng","counter":0,"key":{shown}}}'
    assert records.digest(Rng(key, 0)) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_digest_of_what_is_no_state_names_its_type() -> None:
    """digest() refuses a value no state holds, naming the value's type."""
    # kills _canonical mutmut_31 (the type of None named)
    with pytest.raises(StateError) as err:
        records.digest((1, object()))
    assert str(err.value) == "object is not part of a cardwar state; it has no digest"


@pytest.mark.parametrize("field", ["library_version", "players"])
def test_text_that_is_not_valid_unicode_is_refused_and_never_truncates_a_file(
    tmp_path: Any, field: str,
) -> None:
    record = agents.play("war", (), seed=3, max_steps=2)
    text = records.dumps(record)
    value: Any = "\ud800" if field == "library_version" else ("\ud800",)
    bad = attrs.evolve(record, **{field: value})
    # Read: the JSON escape of a lone surrogate is refused, as is the raw character.
    if field == "library_version":
        escaped = text.replace(f'"{record.library_version}"', '"\\ud800"')
        assert escaped != text
        with pytest.raises(records.RecordError, match="not valid Unicode"):
            records.loads(escaped)
        with pytest.raises(records.RecordError, match="not valid Unicode"):
            records.loads(text.replace(f'"{record.library_version}"', '"\ud800"'))
    # Written over an existing record: refused before the file is touched.
    path = tmp_path / "game.json"
    records.write(record, path)
    before = path.read_bytes()
    with pytest.raises(records.RecordError, match="not valid Unicode"):
        records.write(bad, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_surrogate_pair_is_text_like_any_other() -> None:
    record = attrs.evolve(agents.play("war", (), seed=3, max_steps=2),
                          library_version="1.0 \U0001f0a1")
    text = records.dumps(record).replace("\U0001f0a1", "\\ud83c\\udca1")
    assert "\\ud83c\\udca1" in text
    assert records.loads(text).library_version == "1.0 \U0001f0a1"


def test_a_failed_write_leaves_the_record_there_and_no_temporary_file(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = agents.play("war", (), seed=3, max_steps=2)
    path = tmp_path / "game.json"
    records.write(record, path)
    before = path.read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(records.RecordError, match="No space left") as err:
        records.write(attrs.evolve(record, seed=4), path)
    assert isinstance(err.value.__cause__, OSError)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    monkeypatch.undo()
    records.write(attrs.evolve(record, seed=4), path)
    assert records.read(path).seed == 4
