"""Records at their edges: a record with no actions (written, read back, and replayed
against a wrong outcome), and Python values that are not JSON named by their type."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardwar import agents, records
from cardwar.core import Outcome, Termination


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
