"""Game records: the format, round trips for every variant, replay and its mismatches,
the golden records, reading untrusted input (with a Hypothesis fuzz test), and the
agreement of the hand-written reader with the shipped JSON Schema."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardwar
from cardwar import agents, arneson, records, war
from cardwar.core import Outcome, Termination, Variant
from cardwar.records import Record, RecordError, ReplayMismatch
from tests.records.regenerate import (
    DIGESTS,
    DIRECTORY,
    SCENARIOS,
    Scenario,
    make,
    path_for,
    read_digests,
    state_digests,
)

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])
GOLDEN = sorted(DIRECTORY.glob("*.json"))
REGENERATE = (
    "Regenerate a variant's golden records only after a deliberate rules change: bump its "
    "RULES_VERSION, add a CHANGELOG line, run `.venv/bin/python tests/records/regenerate.py "
    "VARIANT` and review the diff. Any other difference is a regression in the engine."
)


def random_record(variant: Variant, seed: int, max_steps: int | None = 300) -> Record:
    """Return the record of a seeded game between random agents (cut at ``max_steps``)."""
    players = variant.num_players(variant.new_game(seed))
    seats = [agents.RandomAgent(seed + s) for s in range(players)]
    return agents.play(variant, seats, seed, max_steps=max_steps)


def valid_doc() -> dict[str, Any]:
    """Return the JSON document of a short valid War record."""
    record = agents.play("war", (), 3, {"ranks": "2 3 4", "suits": "SH"})
    return record.to_json()


# --- the format and round trips --------------------------------------------------------


@parametrize
def test_records_round_trip_and_replay_for_every_variant(variant: Variant) -> None:
    for seed, limit in ((1, 300), (2, 5)):
        record = random_record(variant, seed, limit)
        text = records.dumps(record)
        again = records.loads(text)
        assert again == record
        assert records.dumps(again) == text
        # The replay re-derives the very states the game went through.
        state = variant.new_game(seed)
        states = list(records.iter_states(record))
        assert states[0] == state
        for action, replayed in zip(record.actions, states[1:], strict=True):
            state = variant.step(state, variant.parse_action(action))
            assert replayed == state
        assert records.replay(record) == state
        assert variant.outcome(state) == record.outcome


def test_record_fields_follow_the_documented_order() -> None:
    doc = valid_doc()
    assert list(doc) == [
        "format", "format_version", "library_version", "variant", "rules_version",
        "options", "seed", "deal", "actions", "outcome", "digest",
    ]
    assert doc["format"] == "cardwar-record"
    assert doc["format_version"] == 2
    assert doc["library_version"] == cardwar.__version__
    assert doc["rules_version"] == war.RULES_VERSION
    assert doc["options"]["ranks"] == ["2", "3", "4"]


def test_write_and_read_files_and_streams(tmp_path: Path) -> None:
    record = agents.play("peace", (), 9)
    path = tmp_path / "game.json"
    records.write(record, path)
    assert records.read(path) == record
    assert records.read(str(path)) == record
    with path.open("rb") as f:
        assert records.read(f) == record
    buffer = io.StringIO()
    records.write(record, buffer)
    assert records.read(io.StringIO(buffer.getvalue())) == record
    assert records.loads(buffer.getvalue().encode("utf-8")) == record


def test_explicit_deal_is_recorded_in_canonical_notation() -> None:
    small = {"ranks": "2 3", "suits": "SH"}
    record = agents.play("war", (), 0, small, deal=["3s 2h", ["2S", "3♥"]])
    assert record.deal == (("3S", "2H"), ("2S", "3H"))
    again = records.loads(records.dumps(record))
    assert again == record
    first = next(records.iter_states(again))
    assert first == war.new_game(0, war.options(**small), deal=["3S 2H", "2S 3H"])


def test_schema_is_shipped_in_the_package_and_the_wheel(tmp_path: Path) -> None:
    from hatchling.builders.wheel import WheelBuilder

    assert records.schema()["properties"]["format"]["const"] == records.FORMAT
    root = Path(__file__).resolve().parents[1]
    builder = WheelBuilder(str(root))
    wheel = next(iter(builder.build(directory=str(tmp_path), versions=["standard"])))
    with zipfile.ZipFile(wheel) as zf:
        assert "cardwar/record.schema.json" in zf.namelist()
        shipped = json.loads(zf.read("cardwar/record.schema.json"))
    assert shipped == records.schema()


def test_schema_lists_every_termination() -> None:
    schema = records.schema()
    outcome = schema["properties"]["outcome"]["anyOf"][1]
    assert sorted(outcome["properties"]["termination"]["enum"]) == sorted(
        t.value for t in Termination
    ), "add the new Termination values to src/cardwar/record.schema.json"


def test_schema_card_pattern_is_the_readers() -> None:
    schema = records.schema()
    pattern = schema["properties"]["deal"]["anyOf"][1]["items"]["items"]["pattern"]
    assert pattern == records.CARD_PATTERN.pattern


# --- golden records --------------------------------------------------------------------


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays(path: Path) -> None:
    record = records.read(path)
    try:
        state = records.replay(record)
    except RecordError as err:
        pytest.fail(f"{path.name}: {err}\n{REGENERATE}", pytrace=False)
    assert record.game.outcome(state) == record.outcome
    assert record.outcome is not None, "a golden record is a whole game"
    assert path.read_text(encoding="utf-8") == records.dumps(record), "written as dumps writes"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_golden_digests_stay_the_same(scenario: Scenario) -> None:
    # A record carries the digest of its final state and replay checks it: a state whose
    # digest changed from one version to the next would refuse every record written
    # before. The first state is pinned too (in War with a deterministic pickup it holds
    # the cycle detection's saved position, which the last state no longer shows).
    pinned = read_digests()
    assert scenario.name in pinned, "run `.venv/bin/python tests/records/regenerate.py`"
    today = state_digests(records.read(path_for(scenario)))
    assert today == pinned[scenario.name], (
        f"the digest of a state of {scenario.name} changed: records written by earlier "
        f"versions would no longer replay; keep records.digest and the states' fields as "
        f"they were. {REGENERATE}"
    )


def test_pinned_digests_are_exactly_the_scenarios() -> None:
    assert list(read_digests()) == [s.name for s in SCENARIOS]
    assert DIGESTS.read_text(encoding="utf-8").startswith("# The digests")


def test_golden_records_are_exactly_the_scenarios() -> None:
    assert sorted(p.name for p in GOLDEN) == sorted(path_for(s).name for s in SCENARIOS)


@parametrize
def test_every_variant_has_a_golden_record(variant: Variant) -> None:
    names = {s.variant for s in SCENARIOS}
    assert variant.NAME in names, (
        f"add a golden scenario of {variant.NAME!r} to tests/records/regenerate.py and run "
        f"`.venv/bin/python tests/records/regenerate.py {variant.NAME}`"
    )


def test_golden_records_include_explicit_deals() -> None:
    dealt = {records.read(p).variant for p in GOLDEN if records.read(p).deal is not None}
    assert {"war", "peace", "arneson"} <= dealt


def test_golden_scenario_replays_as_recorded_with_todays_agents() -> None:
    # The agents are deterministic per seed: the same scenario gives the same record.
    # The golden records are of format version 1, without a digest; today's record of the
    # scenario carries the digest of the very final state the golden record replays to.
    scenario = next(s for s in SCENARIOS if s.name == "arneson-explicit-deal")
    golden = records.read(path_for(scenario))
    assert golden.digest is None
    today = make(scenario)
    assert attrs.evolve(today, digest=None) == golden
    assert today.digest == records.digest(records.replay(golden))


# --- replay mismatches and rules versions ----------------------------------------------


def test_a_different_outcome_names_the_end_and_both_sides() -> None:
    record = agents.play("war", (), 2026)
    wrong = attrs.evolve(record, outcome=Outcome(Termination.ALL_CARDS, (0,)))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(wrong)
    assert err.value.step == len(record.actions)
    assert err.value.path == "$.outcome"
    assert "won by seat 0 (all_cards)" in err.value.recorded
    assert "won by seat 1 (all_cards)" in err.value.replayed
    assert f"after the last step ({len(record.actions)})" in str(err.value)


def test_actions_after_the_end_name_the_first_extra_step() -> None:
    record = agents.play("war", (), 2026)
    longer = attrs.evolve(record, actions=(*record.actions, "play", "play"))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(longer)
    assert err.value.step == len(record.actions)
    assert err.value.path == f"$.actions[{len(record.actions)}]"
    assert "game over" in err.value.replayed


def test_missing_actions_say_the_game_goes_on() -> None:
    record = agents.play("war", (), 2026)
    shorter = attrs.evolve(record, actions=record.actions[:-1])
    with pytest.raises(ReplayMismatch, match="the game goes on"):
        records.replay(shorter)


def test_an_illegal_action_names_its_step_and_the_legal_actions() -> None:
    record = agents.play("arneson", [agents.FirstAgent(), agents.FirstAgent()], 5,
                         max_steps=10)
    state = arneson.new_game(5)
    stranger = next(c for c in arneson.deck() if c not in state.hands[0])
    bad = attrs.evolve(record, actions=(str(stranger), *record.actions[1:]))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(bad)
    assert err.value.step == 0
    assert str(stranger) in err.value.recorded
    assert "no such legal action for seat 0" in err.value.replayed
    for action in arneson.legal_actions(state):
        assert str(action) in err.value.replayed


def test_another_rules_version_is_refused_with_both_versions() -> None:
    doc = valid_doc()
    doc["rules_version"] = war.RULES_VERSION + 1
    with pytest.raises(RecordError) as err:
        records.Record.from_json(doc)
    assert err.value.path == "$.rules_version"
    message = str(err.value)
    assert f"rules version {war.RULES_VERSION + 1} of 'war'" in message
    assert f"implements rules version {war.RULES_VERSION}" in message
    record = attrs.evolve(records.Record.from_json(valid_doc()), rules_version=7)
    with pytest.raises(RecordError, match="rules version 7"):
        records.replay(record)


def test_a_record_names_who_played_each_seat() -> None:
    # Format version 3: who played each seat, written, read back and replayed.
    record = agents.play("caravan", [agents.agent("random", "caravan", 1),
                                     agents.agent("heuristic", "caravan", 2)], 4,
                         max_steps=30, players=("human", "heuristic"))
    doc = record.to_json()
    assert doc["format_version"] == 3
    assert doc["players"] == ["human", "heuristic"]
    back = records.loads(records.dumps(record))
    assert back == record
    assert back.players == ("human", "heuristic")
    records.replay(back)
    VALIDATOR.validate(doc)
    # Without players, the format stays version 2.
    assert attrs.evolve(record, players=None).to_json()["format_version"] == 2
    # A record that names its players has its digest.
    with pytest.raises(RecordError, match="needs the digest"):
        attrs.evolve(record, digest=None)


# --- reading untrusted input -----------------------------------------------------------


def _error(doc: Any) -> RecordError:
    with pytest.raises(RecordError) as err:
        records.loads(json.dumps(doc))
    return err.value


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d.update(variant="chess"), "$.variant", "unknown variant 'chess'"),
        (lambda d: d.update(format="pgn"), "$.format", "expected 'cardwar-record'"),
        (lambda d: d.update(format_version=4), "$.format_version", "version 4 is not supported"),
        (lambda d: d.update(format_version=3), "$", "missing field 'players'"),
        (lambda d: d.update(format_version=3, players=["human"]), "$.players",
         "expected one player per seat (2), got 1"),
        (lambda d: d.update(format_version=3, players=["", None]), "$.players[0]",
         "expected null or a name of 1 to 64 characters"),
        (lambda d: d.update(format_version=3, players="human"), "$.players",
         "expected an array"),
        (lambda d: d.update(players=["human", "random"]), "$", "unknown field 'players'"),
        (lambda d: d["options"].update(face_down=-1), "$.options", "option 'face_down'"),
        (lambda d: d["options"].update(colour="red"), "$.options", "option 'colour'"),
        (lambda d: d["options"].update(ranks=[["2"]]), "$.options.ranks[0]", "expected a"),
        (lambda d: d.update(seed=-1), "$.seed", "at least 0"),
        (lambda d: d.update(seed=2**64), "$.seed", "at most"),
        (lambda d: d.update(seed="7"), "$.seed", "expected an integer, got a string"),
        (lambda d: d.update(seed=True), "$.seed", "got a boolean"),
        (lambda d: d.update(deal=[["2S"], ["1H"]]), "$.deal[1][0]", "bad card '1H'"),
        (lambda d: d.update(deal=[["2S", "3S"], ["2H", "2H"]]), "$.deal", "duplicated"),
        (lambda d: d.update(deal="2S 3S"), "$.deal", "expected an array"),
        (lambda d: d["actions"].__setitem__(1, "fold"), "$.actions[1]", "bad action 'fold'"),
        (lambda d: d["actions"].__setitem__(2, 3), "$.actions[2]", "expected a string"),
        (lambda d: d.pop("seed"), "$", "missing field 'seed'"),
        (lambda d: d.update(extra=1), "$", "unknown field 'extra'"),
        (lambda d: d["outcome"].update(termination="resign"), "$.outcome.termination",
         "expected one of all_cards"),
        (lambda d: d["outcome"].update(winners=[1, 1]), "$.outcome.winners", "distinct"),
        (lambda d: d["outcome"].update(winners=[-1]), "$.outcome.winners[0]", "at least 0"),
        (lambda d: d["outcome"].update(scores="10"), "$.outcome.scores", "expected an array"),
        (lambda d: d["outcome"].pop("scores"), "$.outcome", "missing field 'scores'"),
    ],
)
def test_bad_fields_are_named_by_their_json_path(change: Any, path: str, message: str) -> None:
    doc = valid_doc()
    change(doc)
    err = _error(doc)
    assert err.path == path
    assert message in str(err)
    assert str(err).startswith(f"{path}: ")


def test_numbers_are_json_numbers() -> None:
    # JSON has one number type: 3.0 is the integer 3, as JSON Schema says.
    doc = valid_doc()
    doc["seed"] = 3.0
    assert records.Record.from_json(doc).seed == 3
    doc["seed"] = 3.5
    assert _error(doc).path == "$.seed"


def test_malformed_json_and_non_json_constants_are_refused() -> None:
    for text in ("{", "[1, 2", "", "{'format': 1}", "\x00"):
        with pytest.raises(RecordError, match="malformed JSON"):
            records.loads(text)
    good = records.dumps(records.Record.from_json(valid_doc()))
    with pytest.raises(RecordError, match="NaN is not a JSON number"):
        records.loads(good.replace('"seed": 3', '"seed": NaN'))
    with pytest.raises(RecordError, match="malformed JSON"):
        records.loads(b"\xff\xfe{")
    with pytest.raises(RecordError, match="expected an object, got an array"):
        records.loads("[]")


def test_deep_nesting_and_huge_numbers_are_refused() -> None:
    with pytest.raises(RecordError):
        records.loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError):
        records.loads('{"seed": ' + "9" * 10_000 + "}")


def test_size_is_bounded(tmp_path: Path) -> None:
    text = records.dumps(records.Record.from_json(valid_doc()))
    assert records.loads(text, max_bytes=len(text)) is not None
    with pytest.raises(RecordError, match="more than the bound"):
        records.loads(text + " ", max_bytes=len(text))
    path = tmp_path / "big.json"
    path.write_text(text + " " * 100)
    with pytest.raises(RecordError, match="more than the bound"):
        records.read(path, max_bytes=len(text))
    with pytest.raises(RecordError, match="cannot read"):
        records.read(tmp_path / "missing.json")


# --- the fuzz test ---------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["war", "arneson", "play", "QH", "2S", "JK", "all_cards", "loser"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

_BASE_DOCS = [
    agents.play("war", (), 3, {"ranks": "2 3 4", "suits": "SH"}).to_json(),
    agents.play("arneson", [agents.RandomAgent(1), agents.RandomAgent(2)], 4,
                {"ranks": "2 3 4 5", "suits": "SH", "max_battles": 20}).to_json(),
    agents.play("war", (), 0, {"ranks": "2 3", "suits": "SH"}, deal=["3S 2H", "2S 3H"]).to_json(),
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def mutated_docs(draw: st.DrawFn) -> Any:
    """Return a valid record document with a few values replaced, removed or added."""
    doc: Any = copy.deepcopy(draw(st.sampled_from(_BASE_DOCS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            doc = draw(json_values)
            continue
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        how = draw(st.sampled_from(["replace", "remove", "add", "duplicate"]))
        last = path[-1]
        if how == "replace":
            parent[last] = draw(json_values)
        elif how == "remove":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        elif how == "add" and isinstance(parent, list):
            parent.insert(draw(st.integers(0, len(parent))), draw(json_values))
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(parent[last])
    return doc


def _read_and_replay(text: str | bytes) -> None:
    try:
        record = records.loads(text)
        records.replay(record)
    except RecordError:
        pass


@settings(max_examples=300)
@given(mutated_docs())
def test_fuzz_mutated_documents_raise_only_record_errors(doc: Any) -> None:
    _read_and_replay(json.dumps(doc))


@settings(max_examples=200)
@given(st.one_of(json_values.map(json.dumps), st.text(max_size=60), st.binary(max_size=60)))
def test_fuzz_random_documents_raise_only_record_errors(text: str | bytes) -> None:
    _read_and_replay(text)


@settings(max_examples=100)
@given(mutated_docs(), st.integers(0, 400), st.binary(min_size=1, max_size=3))
def test_fuzz_corrupted_bytes_raise_only_record_errors(doc: Any, at: int, junk: bytes) -> None:
    data = json.dumps(doc).encode("utf-8")
    at = min(at, len(data))
    _read_and_replay(data[:at] + junk + data[at + len(junk):])


# --- agreement with the JSON Schema ----------------------------------------------------

VALIDATOR = jsonschema.Draft202012Validator(records.schema())


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(records.schema())


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_are_valid_under_the_schema(path: Path) -> None:
    VALIDATOR.validate(json.loads(path.read_text(encoding="utf-8")))


def _shape_ok(doc: Any) -> bool:
    try:
        records.check_shape(doc)
    except RecordError:
        return False
    return True


@settings(max_examples=400)
@given(mutated_docs())
def test_hand_validation_agrees_with_the_schema(doc: Any) -> None:
    assert _shape_ok(doc) == VALIDATOR.is_valid(doc), (
        f"hand check {_shape_ok(doc)}, schema {VALIDATOR.is_valid(doc)}"
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda d: None,
        lambda d: d.update(seed=3.0),
        lambda d: d.update(seed=2**64 - 1),
        lambda d: d.update(seed=2**64),
        lambda d: d.update(format_version=1.0),
        lambda d: d.update(format_version=True),
        lambda d: d.update(deal=[[" t\u2665 ", "JOKER", "jk", "10s"]]),
        lambda d: d.update(deal=[["1S"]]),
        lambda d: d.update(deal=[]),
        lambda d: d["outcome"].update(winners=[1, 0]),
        lambda d: d["outcome"].update(winners=[0, 0.0]),
        lambda d: d["outcome"].update(scores=[2**63]),
        lambda d: d["outcome"].update(scores=[-(2**63), 5]),
        lambda d: d.update(outcome=None),
        lambda d: d["options"].update(anything=[1, "a", None, True]),
        lambda d: d["options"].update(anything={"a": 1}),
        lambda d: d.update(variant="no-such-variant"),
        lambda d: d.update(format_version=3, players=["human", None]),
        lambda d: d.update(format_version=3),
        lambda d: d.update(format_version=3.0, players=["human", "random"]),
        lambda d: d.update(format_version=3, players=["x" * 64, "y" * 65]),
        lambda d: d.update(format_version=3, players=[1, None]),
        lambda d: d.update(format_version=3, players=[]),
        lambda d: d.update(players=["human", None]),
        lambda d: (d.update(format_version=3, players=["human", None]), d.pop("digest")),
        lambda d: (d.update(format_version=1, players=["human", None]), d.pop("digest")),
        lambda d: d.update(format_version="3", players=["human", None]),
    ],
)
def test_hand_validation_agrees_with_the_schema_on_edge_cases(change: Any) -> None:
    doc = valid_doc()
    change(doc)
    assert _shape_ok(doc) == VALIDATOR.is_valid(doc)


def test_from_json_checks_what_the_schema_cannot() -> None:
    doc = valid_doc()
    doc["variant"] = "no-such-variant"
    assert VALIDATOR.is_valid(doc)
    with pytest.raises(RecordError, match="unknown variant"):
        records.Record.from_json(doc)
