"""Details of :mod:`cardwar.records` that the main tests leave open: the exact messages
(and JSON paths) of replay mismatches, of malformed documents and of non-numbers in JSON;
the ``max_bytes`` bound of :func:`read` and :func:`loads` (exactly at the bound, in bytes
and not characters, and without reading a stream to its end); UTF-8 text in
:func:`dumps`; files written and read in UTF-8 whatever the locale; and, with a toy
variant registered for one test, an illegal action where nobody is to act and a game too
large to set up."""

from __future__ import annotations

import io
import json
import os
import subprocess
import threading
import types
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import attrs
import pytest

import cardwar
from cardwar import agents, caravan, records, war
from cardwar import variants as registry
from cardwar.core import IllegalActionError, NotationError, Outcome, Termination, Variant
from cardwar.records import Record, RecordError, ReplayMismatch
from tests.support_process import run_text
from tests.support_toys import add_listed_codec, presentation


def war_record(max_steps: int | None = None) -> Record:
    """Return the record of the War game of seed 2026, cut at ``max_steps``."""
    return agents.play("war", (), 2026, max_steps=max_steps)


# --- replay mismatch messages -----------------------------------------------------------


def test_a_mismatch_at_a_step_names_the_step_in_its_message_and_path() -> None:
    # kills ReplayMismatch.__init__ mutmut_2 (no "step N differs")
    record = war_record()
    n = len(record.actions)
    longer = attrs.evolve(record, actions=(*record.actions, "play", "play"))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(longer)
    assert err.value.path == f"$.actions[{n}]"
    assert str(err.value) == (
        f"$.actions[{n}]: step {n + 1} differs: the record has the action 'play' and 1 more; "
        f"the replay has the game over, with the outcome {record.outcome}"
    )


def test_an_outcome_recorded_before_any_step_is_said_to_differ_before_any_step() -> None:
    # kills ReplayMismatch.__init__ mutmut_4 (step == 1), _5, _6 and _7 (the wording)
    record = attrs.evolve(war_record(max_steps=0), outcome=Outcome(Termination.ALL_CARDS, (0,)))
    assert record.actions == ()
    with pytest.raises(ReplayMismatch) as err:
        records.replay(record)
    assert (err.value.step, err.value.path) == (0, "$.outcome")
    assert str(err.value).startswith(
        "$.outcome: the outcome differs before any step: the record has the outcome won by "
        "seat 0 (all_cards); the replay has no outcome: the game goes on"
    )


def test_an_outcome_recorded_after_one_step_names_step_0_as_the_last() -> None:
    # kills ReplayMismatch.__init__ mutmut_4 (step == 1 would say "before any step")
    record = attrs.evolve(war_record(max_steps=1), outcome=Outcome(Termination.ALL_CARDS, (0,)))
    assert len(record.actions) == 1
    with pytest.raises(ReplayMismatch) as err:
        records.replay(record)
    assert (err.value.step, err.value.path) == (1, "$.outcome")
    assert str(err.value).startswith(
        "$.outcome: the outcome differs after the last step (1): the record has the outcome "
        "won by seat 0 (all_cards); the replay has no outcome: the game goes on"
    )


def test_a_record_without_outcome_of_a_finished_game_says_the_game_goes_on() -> None:
    # kills _describe_outcome mutmut_1, _3 and _4
    record = war_record()
    assert record.outcome is not None
    cut = attrs.evolve(record, outcome=None)
    with pytest.raises(ReplayMismatch) as err:
        records.replay(cut)
    last = len(record.actions)
    assert str(err.value) == (
        f"$.outcome: the outcome differs after the last step ({last}): the record has no "
        f"outcome (the game goes on); the replay has the outcome {record.outcome}"
    )


# --- non-numbers in JSON ----------------------------------------------------------------


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_that_are_not_numbers_are_refused_at_the_document(
    constant: str,
) -> None:
    # kills _no_constant mutmut_2, _4 and _5 (the path "$")
    doc = war_record(max_steps=2).to_json()
    text = json.dumps(doc).replace('"seed": 2026', f'"seed": {constant}')
    assert constant in text
    with pytest.raises(RecordError) as err:
        records.loads(text)
    assert err.value.path == "$"
    assert str(err.value) == f"$: malformed JSON: {constant} is not a JSON number"


# --- the max_bytes bound of read --------------------------------------------------------


def ascii_text() -> str:
    text = records.dumps(war_record(max_steps=3))
    assert text.isascii()
    return text


def non_ascii_record() -> Record:
    # A free-text field with non-ASCII characters (a local build's version string).
    return attrs.evolve(war_record(max_steps=3), library_version="1.0+zoë-ü")


SOURCES: dict[str, Callable[[str, Path], str | Path | IO[str] | IO[bytes]]] = {
    "path": lambda text, tmp: _written(text, tmp),
    "str path": lambda text, tmp: str(_written(text, tmp)),
    "binary stream": lambda text, tmp: io.BytesIO(text.encode("utf-8")),
    "text stream": lambda text, tmp: io.StringIO(text),
}


def _written(text: str, tmp: Path) -> Path:
    path = tmp / "record.json"
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.mark.parametrize("kind", list(SOURCES))
def test_read_accepts_a_record_of_exactly_max_bytes_and_refuses_one_byte_less(
    kind: str, tmp_path: Path
) -> None:
    # kills read mutmut_15 (reads max_bytes - 1) and _17 (refuses len == max_bytes)
    text = ascii_text()
    size = len(text)
    assert records.read(SOURCES[kind](text, tmp_path), max_bytes=size) == records.loads(text)
    with pytest.raises(RecordError) as err:
        records.read(SOURCES[kind](text, tmp_path), max_bytes=size - 1)
    assert str(err.value) == f"the record is more than the bound of {size - 1} bytes"


def test_read_of_a_text_stream_bounds_bytes_not_characters() -> None:
    # kills read mutmut_22 (loads without max_bytes): the characters fit, the bytes do not
    text = records.dumps(non_ascii_record())
    size = len(text.encode("utf-8"))
    assert len(text) < size
    with pytest.raises(RecordError) as err:
        records.read(io.StringIO(text), max_bytes=len(text))
    assert str(err.value) == f"the record is {size} bytes, more than the bound of {len(text)}"
    assert records.read(io.StringIO(text), max_bytes=size) == non_ascii_record()


def test_read_of_a_path_bounds_bytes_not_characters(tmp_path: Path) -> None:
    # kills read mutmut_4 (a file opened as text reads characters) under a UTF-8 locale
    text = records.dumps(non_ascii_record())
    path = _written(text, tmp_path)
    with pytest.raises(RecordError) as err:
        records.read(path, max_bytes=len(text))
    assert str(err.value) == f"the record is more than the bound of {len(text)} bytes"


def test_read_of_a_file_that_is_not_utf8_is_malformed_json_whatever_the_locale(
    tmp_path: Path,
) -> None:
    # kills read mutmut_4 (a file opened as text is decoded with the locale's encoding)
    path = tmp_path / "record.json"
    path.write_bytes(b'{"format": "cardwar-record\xff"}')
    with pytest.raises(RecordError) as err:
        records.read(path)
    assert err.value.path is None
    assert str(err.value).startswith(
        "malformed JSON: 'utf-8' codec can't decode byte 0xff in position 26"
    )


def _hold_open(
    write: Callable[[], None], close: Callable[[], None], release: threading.Event,
    timed_out: list[bool],
) -> threading.Thread:
    """Start a thread that writes, keeps its end open until ``release`` (or 10 s), then
    closes it (so a reader waiting for the end of the stream gets it, late); it appends to
    ``timed_out`` whether it had to wait the full 10 s."""

    def run() -> None:
        try:
            write()
            timed_out.append(not release.wait(timeout=10))
        finally:
            close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


DATA = b"{" + b" " * 10  # 11 bytes: one more than max_bytes=10


def test_read_of_a_fifo_stops_after_max_bytes_plus_one_without_waiting_for_its_end(
    tmp_path: Path,
) -> None:
    # kills read mutmut_8 (reads to the end) and _10 (waits for max_bytes + 2 bytes)
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are POSIX only")
    fifo = tmp_path / "record.fifo"
    os.mkfifo(fifo)
    release = threading.Event()
    ends: list[IO[bytes]] = []

    def write() -> None:
        ends.append(open(fifo, "wb"))  # noqa: SIM115 (closed by close(), below)
        ends[0].write(DATA)
        ends[0].flush()

    def close() -> None:
        for end in ends:
            end.close()

    timed_out: list[bool] = []
    thread = _hold_open(write, close, release, timed_out)
    try:
        with pytest.raises(RecordError) as err:
            records.read(fifo, max_bytes=10)
        assert str(err.value) == "the record is more than the bound of 10 bytes"
    finally:
        release.set()
        thread.join(timeout=15)
    # read returned while the writer still held the pipe open: it did not wait for more
    # bytes or for the end of the stream.
    assert timed_out == [False]


def test_read_of_a_pipe_stream_stops_after_max_bytes_plus_one_without_waiting_for_its_end(
) -> None:
    # kills read mutmut_14 (reads to the end), _15 (max_bytes - 1) and _16 (max_bytes + 2)
    r, w = os.pipe()

    def write() -> None:
        os.write(w, DATA)

    release = threading.Event()
    timed_out: list[bool] = []
    thread = _hold_open(write, lambda: os.close(w), release, timed_out)
    try:
        with open(r, "rb") as stream, pytest.raises(RecordError) as err:
            records.read(stream, max_bytes=10)
        assert str(err.value) == "the record is more than the bound of 10 bytes"
    finally:
        release.set()
        thread.join(timeout=15)
    assert timed_out == [False]


# --- writing UTF-8 --------------------------------------------------------------------


def test_dumps_writes_non_ascii_text_as_is_in_every_field() -> None:
    # kills dumps mutmut_13 and _14, _wrapped mutmut_11 and _12 (ensure_ascii=True)
    record = attrs.evolve(non_ascii_record(), actions=("play", "jouer ♠"))
    text = records.dumps(record)
    assert '  "library_version": "1.0+zoë-ü",\n' in text
    assert '  "actions": [\n    "play", "jouer ♠"\n  ],\n' in text
    assert "\\u" not in text
    assert json.loads(text) == record.to_json()


def test_dumps_writes_no_actions_as_an_empty_array() -> None:
    # kills _wrapped mutmut_3
    record = war_record(max_steps=0)
    text = records.dumps(record)
    assert '\n  "actions": [],\n' in text
    assert records.loads(text) == record


def _run_under_ascii_locale(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a Python whose locale encoding is ASCII (C locale, no UTF-8 mode)."""
    ascii_locale = {
        "LC_ALL": "C",
        "LANG": "C",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONUTF8": "0",
        "PYTHONIOENCODING": "utf-8",
    }
    return run_text(code, extra_env=ascii_locale, python_args=("-X", "utf8=0"))


def test_write_writes_utf8_under_an_ascii_locale(tmp_path: Path) -> None:
    # kills write mutmut_4 and _6 (the locale's encoding)
    record = non_ascii_record()
    code = (
        "import locale, attrs\n"
        "from cardwar import agents, records\n"
        "assert locale.getpreferredencoding(False).lower() not in ('utf-8', 'utf8')\n"
        "r = agents.play('war', (), 2026, max_steps=3)\n"
        "r = attrs.evolve(r, library_version='1.0+zo\\u00eb-\\u00fc')\n"
        f"records.write(r, {str(tmp_path / 'out.json')!r})\n"
    )
    done = _run_under_ascii_locale(code)
    assert done.returncode == 0, done.stderr
    data = (tmp_path / "out.json").read_bytes()
    assert data == records.dumps(record).encode("utf-8")
    assert records.read(tmp_path / "out.json") == record


def test_schema_reads_its_utf8_file_under_an_ascii_locale(tmp_path: Path) -> None:
    # kills schema mutmut_2 (the locale's encoding; the schema's card pattern has ♣♦♥♠)
    code = (
        "import json\n"
        "from cardwar import records\n"
        "print(json.dumps(records.schema(), sort_keys=True))\n"
    )
    done = _run_under_ascii_locale(code)
    assert done.returncode == 0, done.stderr
    shipped = Path(records.__file__).with_name("record.schema.json").read_bytes()
    expected = json.loads(shipped.decode("utf-8"))
    assert json.loads(done.stdout) == expected
    assert "♠" in json.dumps(expected, ensure_ascii=False)


# --- more replay mismatch messages ---------------------------------------------------------


def test_one_action_after_the_end_is_named_alone() -> None:
    # kills iter_states mutmut_20 (" and 0 more") and _21
    record = war_record()
    n = len(record.actions)
    longer = attrs.evolve(record, actions=(*record.actions, "play"))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(longer)
    assert str(err.value) == (
        f"$.actions[{n}]: step {n + 1} differs: the record has the action 'play'; "
        f"the replay has the game over, with the outcome {record.outcome}"
    )


def test_a_game_that_goes_on_without_a_seat_to_act_lists_its_legal_actions() -> None:
    # kills iter_states mutmut_54, _55, _57, _58 (the seat part) and _59 (the legal list)
    record = attrs.evolve(war_record(max_steps=5), outcome=Outcome(Termination.ALL_CARDS, (0,)))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(record)
    assert str(err.value) == (
        "$.outcome: the outcome differs after the last step (5): the record has the outcome "
        "won by seat 0 (all_cards); the replay has no outcome: the game goes on (legal: play)"
    )


def test_a_game_that_goes_on_names_the_seat_to_act_and_its_first_ten_legal_actions() -> None:
    # kills iter_states mutmut_52, _53, _56 (no seat), _61 (separator), _62 and _64 (11)
    caravan = cardwar.variant("caravan")
    seats = [agents.FirstAgent(), agents.FirstAgent()]
    cut = agents.play(caravan, seats, 7, max_steps=0)
    state = caravan.new_game(7)
    legal = caravan.legal_actions(state)
    assert len(legal) > 10
    seat = caravan.to_act(state)
    assert seat is not None
    record = attrs.evolve(cut, outcome=Outcome(Termination.ALL_CARDS, (1,)))
    with pytest.raises(ReplayMismatch) as err:
        records.replay(record)
    shown = ", ".join(str(a) for a in legal[:10])
    assert str(err.value) == (
        "$.outcome: the outcome differs before any step: the record has the outcome won by "
        f"seat 1 (all_cards); the replay has no outcome: the game goes on, seat {seat} to act "
        f"(legal: {shown})"
    )


def test_a_record_of_another_rules_version_is_refused_at_replay() -> None:
    # kills _new_game mutmut_4, _6, _11 and _12 (the path)
    record = attrs.evolve(war_record(max_steps=2), rules_version=war.RULES_VERSION + 6)
    with pytest.raises(RecordError) as err:
        records.replay(record)
    assert err.value.path == "$.rules_version"
    assert str(err.value) == (
        f"$.rules_version: the record was made under rules version {war.RULES_VERSION + 6} "
        f"of 'war', but this library (cardwar {cardwar.__version__}) implements rules "
        f"version {war.RULES_VERSION}; replaying it would play another game"
    )


def test_a_record_whose_options_are_not_the_variants_is_refused_at_the_options() -> None:
    # kills _new_game mutmut_20 to _25. A value that is no options at all is refused by
    # the constructor; another variant's options only by the replay.
    with pytest.raises(RecordError, match=r"^\$\.options: a Record's options must be"):
        attrs.evolve(war_record(max_steps=2), options="bogus")
    record = attrs.evolve(war_record(max_steps=2), options=caravan.options())
    with pytest.raises(RecordError) as err:
        records.replay(record)
    assert err.value.path == "$.options"
    assert str(err.value).startswith("$.options: the options cannot start a game: ")
    assert str(err.value).endswith("options must be war.Options, got Options")


# --- a toy variant registered for a test: a step nobody decides, a game too large ---------


@attrs.frozen
class GateOptions:
    size: int = 1


@attrs.frozen
class GateState:
    cells: tuple[int, ...]
    result: Outcome | None = None


def _gate_new_game(seed: int, options: GateOptions | None = None, *,
                   deal: object = None) -> GateState:
    return GateState((0,) * (options or GateOptions()).size)


def _gate_step(state: GateState, action: object) -> GateState:
    if action != "open":
        raise IllegalActionError(f"{action!r} is not legal", ("open",))
    return attrs.evolve(state, result=Outcome(Termination.ALL_CARDS, (0,)))


def _gate_parse(text: str) -> str:
    if text not in ("open", "knock"):
        raise NotationError(f"bad action {text!r}")
    return text


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Variant:
    """Register *Gate*, an automatic toy game (nobody is to act), for one test."""
    monkeypatch.setattr(registry, "_VARIANTS", dict(registry._VARIANTS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    module = types.ModuleType("toy_gate")
    members: dict[str, object] = {
        "NAME": "gate", "ALIASES": (), "TITLE": "Gate", "RULES_VERSION": 1,
        "MIN_PLAYERS": 2, "MAX_PLAYERS": 2, "AUTOMATIC": True, "Options": GateOptions,
        "options": lambda **kwargs: GateOptions(**kwargs),
        "new_game": _gate_new_game,
        "legal_actions": lambda state: () if state.result else ("open",),
        "step": _gate_step,
        "to_act": lambda state: None,
        "outcome": lambda state: state.result,
        "observe": lambda state, seat: state,
        "num_players": lambda state: 2,
        "cards_in_play": lambda state: (),
        "parse_action": _gate_parse,
        **presentation("Gate"),
    }
    for name, value in members.items():
        setattr(module, name, value)
    add_listed_codec(module, lambda options: ("open",), max_length=1)
    return registry.register(module)


def _gate_record(actions: tuple[str, ...], size: int = 1) -> Record:
    return Record(variant="gate", rules_version=1, options=GateOptions(size), seed=1,
                  deal=None, actions=actions, outcome=Outcome(Termination.ALL_CARDS, (0,)))


def test_an_illegal_action_where_nobody_is_to_act_names_no_seat(gate: Variant) -> None:
    # kills iter_states mutmut_37 (" for seat None") and _39
    assert records.replay(_gate_record(("open",))).result is not None
    with pytest.raises(ReplayMismatch) as err:
        records.replay(_gate_record(("knock",)))
    assert str(err.value) == (
        "$.actions[0]: step 1 differs: the record has the action 'knock'; the replay has "
        "no such legal action: 'knock' is not legal; legal actions: open"
    )


@pytest.mark.parametrize("size", [2**62, 2**70], ids=["memory", "overflow"])
def test_a_game_too_large_to_set_up_is_refused_at_the_options(size: int, gate: Variant) -> None:
    # kills _new_game mutmut_32 to _39
    with pytest.raises(RecordError) as err:
        records.replay(_gate_record(("open",), size))
    assert err.value.path == "$.options"
    assert str(err.value) == "$.options: the options ask for a game too large to set up"


# --- messages of malformed documents ------------------------------------------------------

FIELDS = ("format, format_version, library_version, variant, rules_version, options, seed, "
          "deal, actions, outcome, digest")
LOW, HIGH = -(2**63), 2**63 - 1
SCORES = f"expected an integer at least {LOW} and at most {HIGH}"


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """Return an edit that sets ``doc[a][b]...`` (``path`` is ``"a.b"``) to ``value``."""
    *parents, last = path.split(".")

    def edit(doc: dict[str, Any]) -> None:
        for key in parents:
            doc = doc[key]
        doc[last] = value

    return edit


def _drop(doc: dict[str, Any]) -> None:
    del doc["seed"]


MALFORMED: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    # _type_name mutmut_2/_3 (null), _6/_7 (a number), _12/_13 (an object); check_shape
    # mutmut_50/_55/_56 ($.variant); _string mutmut_6
    ("variant", _set("variant", None), "$.variant: expected a string, got null"),
    ("variant", _set("variant", 3), "$.variant: expected a string, got a number"),
    ("variant", _set("variant", {}), "$.variant: expected a string, got an object"),
    # check_shape mutmut_42/_47/_48
    ("library_version", _set("library_version", 1),
     "$.library_version: expected a string, got a number"),
    # check_shape mutmut_24/_31/_32 (path), _33 (minimum 1); _integer mutmut_19/_21
    ("format_version", _set("format_version", "1"),
     "$.format_version: expected an integer, got a string"),
    ("format_version", _set("format_version", 0),
     "$.format_version: format version 0 is not supported; this library reads versions 1, "
     "2 and 3"),
    ("format_version", _set("format_version", -1),
     "$.format_version: expected an integer at least 0, got -1"),
    # check_shape mutmut_58/_65/_66
    ("rules_version", _set("rules_version", "1"),
     "$.rules_version: expected an integer, got a string"),
    ("rules_version", _set("rules_version", 0),
     "$.rules_version: expected an integer at least 1, got 0"),
    ("seed", _set("seed", 2**64),
     f"$.seed: expected an integer at least 0 and at most {2**64 - 1}, got {2**64}"),
    # check_shape mutmut_72 to _78
    ("options", _set("options", []), "$.options: expected an object, got an array"),
    # check_shape mutmut_87
    ("options", _set("options", {"players": [[2]]}),
     "$.options.players[0]: expected a number, string, boolean or null, got an array"),
    # check_shape mutmut_90 to _94
    ("options", _set("options", {"players": {}}),
     "$.options.players: expected a number, string, boolean, null or an array, got an object"),
    # check_shape mutmut_122; _array mutmut_6
    ("deal", _set("deal", [3]), "$.deal[0]: expected an array, got a number"),
    # check_shape mutmut_129
    ("deal", _set("deal", [[3]]), "$.deal[0][0]: expected a string, got a number"),
    # check_shape mutmut_136/_137/_138
    ("deal", _set("deal", [["1H"]]),
     "$.deal[0][0]: bad card '1H': expected a rank and a suit, such as AS or 10H, or JK"),
    # check_shape mutmut_141/_146/_147
    ("actions", _set("actions", {}), "$.actions: expected an array, got an object"),
    ("actions", _set("actions", "play"), "$.actions: expected an array, got a string"),
    ("actions", _set("actions", ["play", 5]), "$.actions[1]: expected a string, got a number"),
    # _object mutmut_13
    ("extra", _set("extra", 1), f"$: unknown field 'extra'; the fields are {FIELDS}"),
    ("missing", _drop, "$: missing field 'seed'"),
    # _object mutmut_3/_5
    ("outcome", _set("outcome", []), "$.outcome: expected an object, got an array"),
    # _check_outcome_shape mutmut_22
    ("termination", _set("outcome.termination", "bogus"),
     "$.outcome.termination: expected one of "
     f"{', '.join(t.value for t in Termination)}, got 'bogus'"),
    # _check_outcome_shape mutmut_35/_40/_41
    ("winners", _set("outcome.winners", 0), "$.outcome.winners: expected an array, got a number"),
    # _check_outcome_shape mutmut_47
    ("winners", _set("outcome.winners", [1, 1]), "$.outcome.winners: expected distinct seats"),
    ("winners", _set("outcome.winners", [-1]),
     "$.outcome.winners[0]: expected an integer at least 0, got -1"),
    # _check_outcome_shape mutmut_64
    ("scores", _set("outcome.scores", [0, 1.5]),
     "$.outcome.scores[1]: expected an integer, got a number"),
    # _check_outcome_shape mutmut_73/_74
    ("scores", _set("outcome.scores", [LOW - 1, 0]),
     f"$.outcome.scores[0]: {SCORES}, got {LOW - 1}"),
    ("scores", _set("outcome.scores", [0, HIGH + 1]),
     f"$.outcome.scores[1]: {SCORES}, got {HIGH + 1}"),
]


@pytest.mark.parametrize(("edit", "message"), [c[1:] for c in MALFORMED],
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(MALFORMED)])
def test_a_malformed_document_is_refused_with_the_path_and_the_exact_message(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    doc = war_record().to_json()
    edit(doc)
    with pytest.raises(RecordError) as err:
        Record.from_json(doc)
    assert str(err.value) == message
    assert err.value.path == message.split(": ", 1)[0]
    # The same through the JSON text.
    with pytest.raises(RecordError) as err:
        records.loads(json.dumps(doc))
    assert str(err.value) == message


def test_a_document_that_is_not_an_object_is_refused_at_the_root() -> None:
    # _object mutmut_3/_5 at "$"
    with pytest.raises(RecordError) as err:
        records.loads("[]")
    assert (str(err.value), err.value.path) == ("$: expected an object, got an array", "$")


def test_a_python_value_that_is_not_json_is_named_by_its_type() -> None:
    # kills _type_name mutmut_14 (NoneType)
    doc = war_record(max_steps=2).to_json()
    doc["actions"] = ("play",)
    with pytest.raises(RecordError) as err:
        records.check_shape(doc)
    assert str(err.value) == "$.actions: expected an array, got tuple"


def test_scores_at_the_64_bit_bounds_are_read() -> None:
    # kills _check_outcome_shape mutmut_79 (2**63 - 2) and _outcome mutmut_31 (-(2 * 63))
    doc = war_record().to_json()
    _set("outcome.scores", [LOW, HIGH])(doc)
    record = Record.from_json(doc)
    assert record.outcome is not None
    assert record.outcome.scores == (LOW, HIGH)
    _set("outcome.scores", [-127, 3.0])(doc)
    record = records.loads(json.dumps(doc))
    assert record.outcome is not None
    assert record.outcome.scores == (-127, 3)


def test_the_library_version_of_a_document_is_kept() -> None:
    # kills _from_json mutmut_54 (the version of this library instead)
    doc = war_record(max_steps=2).to_json()
    doc["library_version"] = "0.0.1+elsewhere"
    assert Record.from_json(doc).library_version == "0.0.1+elsewhere"
    assert records.loads(json.dumps(doc)).library_version == "0.0.1+elsewhere"


# --- loads: size in bytes, nesting, messages without a path -------------------------------


def test_loads_bounds_the_utf8_bytes_of_a_str_not_its_characters() -> None:
    # kills loads mutmut_3 (len of the str)
    text = records.dumps(non_ascii_record())
    size = len(text.encode("utf-8"))
    with pytest.raises(RecordError) as err:
        records.loads(text, max_bytes=size - 1)
    assert str(err.value) == f"the record is {size} bytes, more than the bound of {size - 1}"
    assert records.loads(text, max_bytes=size) == non_ascii_record()


def test_a_document_nested_too_deeply_is_malformed_json() -> None:
    # kills loads mutmut_11 to _14
    with pytest.raises(RecordError) as err:
        records.loads("[" * 100_000 + "]" * 100_000)
    assert (str(err.value), err.value.path) == (
        "malformed JSON: the document nests too deeply", None
    )


def test_an_error_without_a_path_has_no_path_prefix() -> None:
    # kills RecordError.__init__ mutmut_3 ("None: ...")
    with pytest.raises(RecordError) as err:
        records.loads("[1,")
    assert err.value.path is None
    assert str(err.value).startswith("malformed JSON: Expecting value: line 1 column 4")
    assert str(RecordError("a message")) == "a message"
