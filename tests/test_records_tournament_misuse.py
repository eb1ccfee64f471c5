"""The public functions of :mod:`cardwar.records` and :mod:`cardwar.tournament` given junk
of every kind, in every argument: each call answers with one of cardwar's own errors (or
succeeds, when the junk happens to be a valid value), changes nothing it was given,
truncates no file, and a tournament refuses a bad argument before any game is played.
Hypothesis draws the misuse."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardwar import agents, records
from cardwar import tournament as tournament_module
from cardwar.errors import AgentError, ArgumentTypeError, CardwarError
from cardwar.records import Record
from cardwar.rng import derive_seed

#: The record file every call must leave as it was (a name longer than any junk text).
GUARDED = "guarded-record-file.json"

#: How many calls each test made with junk, by function.
TRIED: dict[str, int] = {}


#: Values of every kind: nothing, numbers of every sort, text, bytes, containers (empty,
#: of junk, nested), a type, a function, objects no function expects.
junk: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 0, 1, 2**64, -(2**63), 10**100]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.complex_numbers(),
        st.text(max_size=12).filter(lambda t: "/" not in t and "\\" not in t),
        st.binary(max_size=8).filter(lambda b: b"/" not in b),
        st.sampled_from([object(), int, Ellipsis, print, bytearray(b"x"), frozenset({1}),
                         range(3), iter(()), attrs, math.nan, "caravan", "war", "random",
                         "heuristic", "play", ""]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=3), inner, max_size=2),
                            st.sets(st.integers(), max_size=2)),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty working folder with one record file in it: junk paths are relative to it,
    and the record must come out of every call as it went in."""
    folder = tmp_path_factory.mktemp("misuse")
    records.write(agents.play("war", (), seed=5, max_steps=3), folder / GUARDED)
    here = os.getcwd()
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(here)


def _snapshot(value: Any) -> Any:
    """Return what can change of ``value``: the contents of its mutable containers, all
    the way down; the identity of anything else."""
    if isinstance(value, (list, tuple)):
        return type(value).__name__, [_snapshot(v) for v in value]
    if isinstance(value, dict):
        return "dict", [(k, _snapshot(v)) for k, v in value.items()]
    if isinstance(value, (set, bytearray)):
        return type(value).__name__, sorted(value)
    return "id", id(value)


def _call(name: str, call: Callable[[], Any], given: tuple[Any, ...], place: Path) -> Any:
    """Make the call; return its result, or ``None`` after cardwar's own error. Fail on a
    foreign exception, on a changed argument, or on a changed record file."""
    TRIED[name] = TRIED.get(name, 0) + 1
    before = _snapshot(given)
    game_file = (place / GUARDED).read_bytes()
    result = None
    with suppress(CardwarError):
        result = call()
    assert _snapshot(given) == before, f"{name} changed its argument {given!r}"
    assert (place / GUARDED).read_bytes() == game_file
    return result


RECORD = agents.play("caravan", [agents.RandomAgent(1), agents.RandomAgent(2)], seed=3,
                     max_steps=4)
FIELDS = [f.name for f in attrs.fields(Record)]
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


@given(value=junk, bound=st.one_of(st.just(records.MAX_BYTES), junk))
@SETTINGS
def test_the_readers_refuse_junk(place: Path, value: Any, bound: Any) -> None:
    for name, call in (("loads", lambda: records.loads(value, max_bytes=bound)),
                       ("read", lambda: records.read(value, max_bytes=bound)),
                       ("check_shape", lambda: records.check_shape(value)),
                       ("from_json", lambda: Record.from_json(value)),
                       ("deal_notation", lambda: records.deal_notation(value)),
                       ("digest", lambda: records.digest(value)),
                       ("dumps", lambda: records.dumps(value)),
                       ("replay", lambda: records.replay(value)),
                       ("iter_states", lambda: list(records.iter_states(value)))):
        _call(name, call, (value, bound), place)


@given(field=st.sampled_from(FIELDS), value=junk)
@SETTINGS
def test_a_record_of_junk_is_refused_by_its_constructor(place: Path, field: str,
                                                        value: Any) -> None:
    made = _call("Record", lambda: attrs.evolve(RECORD, **{field: value}), (value,), place)
    if made is not None:
        # The junk was a value of the field's type: the record still writes and reads,
        # or is refused by cardwar's own errors where only the variant knows better.
        _call("Record.dumps", lambda: records.loads(records.dumps(made)), (), place)


@given(record=st.one_of(st.just(RECORD), junk), dest=junk)
@SETTINGS
def test_write_refuses_junk_and_truncates_nothing(place: Path, record: Any,
                                                  dest: Any) -> None:
    for target in (dest, GUARDED if record is not RECORD else dest):

        def write(target: Any = target) -> None:
            records.write(record, target)

        _call("write", write, (record, target), place)
    for leftover in place.iterdir():
        assert not leftover.name.endswith(".tmp"), leftover


class _Played(Exception):
    """Raised where the first game would be played: every argument was accepted."""


@contextmanager
def _no_games() -> Iterator[None]:
    real = tournament_module._chunks

    def refuse(*args: Any) -> Any:
        raise _Played

    tournament_module._chunks = refuse  # type: ignore[assignment]
    try:
        yield
    finally:
        tournament_module._chunks = real


GOOD: dict[str, Any] = {"variant": "caravan", "agents": ["heuristic", "random"], "games": 3,
                        "seed": 1, "options": None, "jobs": 1, "max_steps": None,
                        "records": False, "progress": None, "on_game": None}


@given(argument=st.sampled_from(sorted(GOOD)), value=junk)
@SETTINGS
def test_a_tournament_refuses_a_junk_argument_before_any_game(
    place: Path, argument: str, value: Any
) -> None:
    arguments = {**GOOD, argument: value}

    def run() -> bool:
        try:
            tournament_module.tournament(**arguments)
        except _Played:
            return True
        return False

    with _no_games():
        _call("tournament", run, (value,), place)


@given(successes=st.one_of(st.integers(0, 10), junk), trials=st.one_of(st.just(10), junk),
       z=st.one_of(st.just(1.96), junk))
@SETTINGS
def test_wilson_refuses_junk(place: Path, successes: Any, trials: Any, z: Any) -> None:
    _call("wilson", lambda: tournament_module.wilson(successes, trials, z),
          (successes, trials, z), place)


# --- the same, value by value: what each refusal says -------------------------------------


class _Index:
    """An integer that is not an int (as a numpy integer is)."""

    def __index__(self) -> int:
        return 1


@pytest.mark.parametrize(("arguments", "error", "message"), [
    ({"records": None}, ArgumentTypeError,
     "tournament's records expects True, False or an iterable of game indices"),
    ({"records": 5}, ArgumentTypeError, "got int 5"),
    ({"records": "12"}, ArgumentTypeError, "got str '12'"),
    ({"records": [1.0]}, ArgumentTypeError, "expects game indices (ints), got float 1.0"),
    ({"records": [True]}, ArgumentTypeError, "expects game indices (ints), got bool True"),
    ({"records": [-1]}, AgentError, "records: no game -1 among games 0 to 2"),
    ({"progress": 5}, ArgumentTypeError, "tournament's progress expects a callable or None"),
    ({"on_game": "print"}, ArgumentTypeError, "tournament's on_game expects a callable"),
])
def test_a_bad_tournament_argument_is_refused_before_any_game(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    # records=None or 5 and progress=5 raised TypeError, progress only after the first
    # share of games was played.
    with _no_games(), pytest.raises(error) as err:
        tournament_module.tournament("caravan", ["heuristic", "random"], 3, 1, **arguments)
    assert message in str(err.value)


def test_records_may_name_games_by_any_integer() -> None:
    out = tournament_module.tournament("caravan", ["heuristic", "random"], 3, 1,
                                       records=cast(Any, (i for i in [_Index()])))
    assert [r.seed for r in out.records] == [derive_seed(1, 0)]
