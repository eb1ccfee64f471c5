"""``batch.Games`` for learners and search: the arrays it hands out are the caller's to
keep; a batch copies, pickles, snapshots and restores, and steps on as it would have;
every public method refuses junk with cardwar's own errors and changes nothing; and
``random_legal_ids`` draws legal ids, uniformly, reproducibly."""

from __future__ import annotations

import copy
import math
import pickle
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardwar import _draw, batch
from cardwar.core import IllegalActionError
from cardwar.errors import ActionTypeError, ArgumentError, ArgumentTypeError, CardwarError

np = pytest.importorskip("numpy")

VARIANTS = sorted(batch.Games.VARIANTS)
SHOWN = ("observation", "legal_action_mask", "rewards", "turns")


def state_of(games: batch.Games) -> dict[str, Any]:
    """Return a copy of every array and number of ``games``' engine, and its seeds."""
    state = {name: copy.deepcopy(value) for name, value in vars(games._engine).items()
             if isinstance(value, (np.ndarray, int))}
    state["seeds"] = np.array(games.seeds)
    return state


def same_state(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def arrays(games: batch.Games) -> list[Any]:
    """Return copies of everything ``games`` shows of its games."""
    return [np.array(getattr(games, name)) for name in (*SHOWN, "done", "to_move")]


def same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def play(games: batch.Games, rng: Any, steps: int) -> list[list[Any]]:
    """Step ``games`` ``steps`` times with random legal ids; return what it shows after
    each step."""
    seen = []
    for _ in range(steps):
        games.step(games.random_legal_ids(rng))
        seen.append(arrays(games))
    return seen


# --- the arrays handed out are the caller's --------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_arrays_kept_from_earlier_steps_never_change(variant: str) -> None:
    games = batch.Games(variant, seeds=[1, 2, 3])
    rng = np.random.default_rng(5)
    kept: list[tuple[list[Any], list[Any]]] = []  # (the arrays, copies of them)
    for _ in range(12):
        shown = [getattr(games, name) for name in SHOWN]
        kept.append((shown, [np.array(a) for a in shown]))
        returned = games.step(games.random_legal_ids(rng))
        kept.append((list(returned), [np.array(a) for a in returned]))
    games.reset([4, 5])
    kept.append(([games.observation], [np.array(games.observation)]))
    games.restore(batch.Games(variant, [6]).snapshot())
    for held, values in kept:
        assert same(held, values)
    assert not np.array_equal(kept[0][0][0], kept[-3][0][0])  # the games did move


@pytest.mark.parametrize("variant", VARIANTS)
def test_arrays_handed_out_stay_read_only_and_legality_is_the_engines(variant: str) -> None:
    games = batch.Games(variant, seeds=[1, 2])
    mask = games.legal_action_mask
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    for name in SHOWN:
        array = getattr(games, name)
        with pytest.raises(ValueError, match="WRITEABLE"):
            array.flags.writeable = True
        with pytest.raises(ValueError, match="WRITEABLE"):
            array[:].view().flags.writeable = True
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
    ids = games.random_legal_ids(np.random.default_rng(0))
    ids[0] = illegal
    with pytest.raises(IllegalActionError, match="game 0: action id"):
        games.step(ids)


def test_an_array_let_go_of_is_written_in_place_and_one_held_is_not() -> None:
    # The cost of keeping arrays: none when the caller lets go of them before the next
    # step (the engine writes its own arrays), a copy when it holds one.
    games = batch.Games("caravan", seeds=[1, 2])
    rng = np.random.default_rng(3)
    before = games._engine.observation
    games.observation  # noqa: B018 - shown, then let go of
    games.step(games.random_legal_ids(rng))
    assert games._engine.observation is before
    held = games.observation[0]  # a view of a row holds the array too
    kept = np.array(held)
    games.step(games.random_legal_ids(rng))
    assert games._engine.observation is not before
    assert np.array_equal(held, kept)
    assert not np.array_equal(held, games.observation[0])
    assert games.observation is games.observation  # one array per step


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_whose_arrays_are_held_step_as_games_whose_arrays_are_not(variant: str) -> None:
    # Holding the arrays of every step makes the engine write new ones each step (an
    # observation array takes only the finished games' rows; each step writes the
    # running games' rows whole): the games must show exactly what they show when the
    # engine writes its arrays in place, and an illegal id in between changes nothing.
    seeds = list(range(30, 42))
    held, free = batch.Games(variant, seeds), batch.Games(variant, seeds)
    rng = np.random.default_rng(17)
    kept: list[Any] = []
    replaced = 0
    while not free.done.all():
        ids = free.random_legal_ids(rng)
        kept.append([getattr(held, name) for name in SHOWN])
        before = held._engine.observation
        if len(kept) % 7 == 3:
            wrong = ids.copy()
            running = int(np.flatnonzero(~held.done)[-1])
            wrong[running] = int(np.flatnonzero(held.legal_action_mask[running] == 0)[0])
            with pytest.raises(IllegalActionError):
                held.step(wrong)
        held.step(ids)
        free.step(ids)
        replaced += held._engine.observation is not before
        assert same(arrays(held), arrays(free))
    assert replaced == len(kept)
    assert free.done.all()


# --- copies, pickles, snapshots ------------------------------------------------------------


def _mid_squad(games: batch.Games, rng: Any) -> None:
    """Step General's War games until one of them has picked part of a squad."""
    for _ in range(200):
        if games._engine.partial.any():
            return
        games.step(games.random_legal_ids(rng))
    raise AssertionError("no game stopped mid-squad")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle", "snapshot", "restore-other"])
def test_a_copy_or_a_restored_snapshot_steps_as_the_original(variant: str, how: str) -> None:
    games = batch.Games(variant, seeds=[11, 12, 13, 14])
    rng = np.random.default_rng(21)
    play(games, rng, 3)
    if variant == "generals":
        _mid_squad(games, rng)
    state = rng.bit_generator.state
    if how == "copy":
        other = copy.copy(games)
    elif how == "deepcopy":
        other = copy.deepcopy(games)
    elif how == "pickle":
        other = pickle.loads(pickle.dumps(games))
    else:
        kept = pickle.loads(pickle.dumps(games.snapshot()))
        other = games if how == "snapshot" else batch.Games(variant, [99], games.options)
    before = arrays(games)
    if how == "snapshot":
        expected = play(games, rng, 40)
        games.restore(kept)
    else:
        expected = play(games, rng, 40)
        if how == "restore-other":
            other.restore(kept)
    assert same(arrays(other), before)
    assert len(other) == 4
    assert other.seeds.tolist() == [11, 12, 13, 14]
    rng.bit_generator.state = state
    assert all(same(a, b) for a, b in zip(play(other, rng, 40), expected, strict=True))
    assert [other.outcome(g) for g in range(4)] == [games.outcome(g) for g in range(4)]


def test_copy_snapshot_and_pickle_are_independent() -> None:
    games = batch.Games("caravan", seeds=[1, 2])
    other = copy.copy(games)
    kept = games.snapshot()
    turns = games.turns
    other.step(other.random_legal_ids(np.random.default_rng(1)))
    assert games.turns.tolist() == [0, 0]
    assert other.turns.tolist() == [1, 1]
    games.step(games.random_legal_ids(np.random.default_rng(1)))
    games.restore(kept)
    games.restore(kept)  # a snapshot can be restored again
    assert games.turns.tolist() == [0, 0]
    assert turns.tolist() == [0, 0]
    assert len(kept) == 2
    assert repr(kept) == "<GamesSnapshot of 2 caravan games>"
    assert repr(games) == "<Games: 2 caravan games>"


def test_restore_refuses_a_snapshot_of_other_games() -> None:
    games = batch.Games("caravan", seeds=[1])
    before = state_of(games)
    with pytest.raises(ArgumentTypeError, match="GamesSnapshot"):
        games.restore(before)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="snapshot is of arneson, these games are of"):
        games.restore(batch.Games("arneson", [1]).snapshot())
    wider = batch.Games("caravan", [1], games.game.options(deck_sets=2))
    with pytest.raises(ArgumentError, match="other options"):
        games.restore(wider.snapshot())
    assert same_state(state_of(games), before)


# --- outcome and misuse ----------------------------------------------------------------------


def test_outcome_refuses_game_numbers_out_of_range_or_not_ints() -> None:
    games = batch.Games("caravan", seeds=[1, 2, 3])
    assert games.outcome(np.int64(2)) is None
    for bad in (3, -1, -4, 2**70):
        with pytest.raises(ArgumentError, match="there are 3 games"):
            games.outcome(bad)
    for junk in (True, 1.0, "1", None, np.float64(1)):
        with pytest.raises(ArgumentTypeError, match="an int game number"):
            games.outcome(junk)  # type: ignore[arg-type]


#: Values of every kind: none of them a right argument of the methods below, except
#: by chance (an int in range, a list of legal ids), which the test tells apart.
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.complex_numbers(), st.text(max_size=8), st.binary(max_size=8),
    st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=2)), max_size=4),
    st.lists(st.lists(st.integers(-2, 5), max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from([object(), np.float64(1.5), np.int64(1), np.array([1.5, 2.5]),
                     np.array([[0, 1]]), np.array([True, False]), np.array(["a", "b"]),
                     np.array([2**63, 1], dtype=np.uint64), np.array([-1, 10**6]),
                     np.zeros((2, 3), np.uint8), np.zeros(3, np.float32), range(2),
                     iter([0, 1]), np.random.default_rng(0), [[1], [1, 2]], [2**70, 1],
                     np.array([0, 1], dtype=object)]),
)

METHODS = ["outcome", "step", "reset", "restore", "random_legal_ids", "init-variant",
           "init-seeds", "init-options", "batch.random_legal_ids-mask",
           "batch.random_legal_ids-rng"]
TRIED = {"inputs": 0, "foreign": 0}


def _call(games: batch.Games, method: str, value: Any) -> None:
    rng = np.random.default_rng(0)
    if method == "outcome":
        games.outcome(value)
    elif method == "step":
        games.step(value)
    elif method == "reset":
        games.reset(value)
    elif method == "restore":
        games.restore(value)
    elif method == "random_legal_ids":
        games.random_legal_ids(value)
    elif method == "init-variant":
        batch.Games(value, [1])
    elif method == "init-seeds":
        batch.Games("caravan", value)
    elif method == "init-options":
        batch.Games("caravan", [1], value)
    elif method == "batch.random_legal_ids-mask":
        batch.random_legal_ids(value, rng)
    else:
        batch.random_legal_ids(np.zeros((2, 3), np.uint8), value)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(method=st.sampled_from(METHODS), value=junk)
def test_every_method_refuses_junk_with_cardwars_errors_and_changes_nothing(
    method: str, value: Any
) -> None:
    games = GAMES
    before = state_of(games)
    TRIED["inputs"] += 1
    try:
        _call(games, method, value)
    except CardwarError:
        assert same_state(state_of(games), before), f"{method}({value!r}) changed the games"
        return
    except Exception:
        TRIED["foreign"] += 1
        raise
    # Accepted: it was a right argument by chance; put the games back for the next.
    games.restore(START)


GAMES = batch.Games("caravan", seeds=[1, 2])
START = GAMES.snapshot()


def test_reset_refuses_seeds_that_are_arrays_and_changes_nothing() -> None:
    games = batch.Games("caravan", seeds=[1, 2])
    before = state_of(games)
    for bad in (np.array([[1, 2]]), [np.array([3, 4])]):
        with pytest.raises(CardwarError):
            games.reset(bad)
    assert same_state(state_of(games), before)
    games.reset(np.array([5, 6], dtype=np.uint64))  # an array of seeds is fine
    assert games.seeds.tolist() == [5, 6]


def test_step_refuses_what_numpy_cannot_read_as_ids() -> None:
    games = batch.Games("caravan", seeds=[1, 2])
    before = state_of(games)
    for bad in ([[1], [1, 2]], [1.5, 2], [True, False], np.array([[0, 1]]), "ab"):
        with pytest.raises(ActionTypeError, match="2 integer ids"):
            games.step(bad)
    assert same_state(state_of(games), before)


# --- random legal ids --------------------------------------------------------------------------


def test_random_legal_ids_draws_only_legal_ids_and_minus_one_for_finished_games() -> None:
    games = batch.Games("caravan", seeds=range(16))
    rng = np.random.default_rng(8)
    rows = np.arange(16)
    while not games.done.all():
        ids = games.random_legal_ids(rng)
        mask = games.legal_action_mask
        assert (mask[rows, np.maximum(ids, 0)] == 1)[~games.done].all()
        assert (ids[games.done] == -1).all()
        games.step(ids)
    assert (games.random_legal_ids(rng) == -1).all()


def test_random_legal_ids_is_reproducible_and_reads_any_mask_type() -> None:
    mask = np.random.default_rng(0).random((50, 300)) < 0.1
    first = batch.random_legal_ids(mask, np.random.default_rng(4))
    for kind in (np.uint8, np.int64, np.bool_):
        again = batch.random_legal_ids(mask.astype(kind), np.random.default_rng(4))
        assert np.array_equal(first, again)
    for wide in (mask.astype(np.uint8) * 7, np.asfortranarray(mask.astype(np.int8) * -3)):
        # any nonzero value is legal, and counts once
        assert np.array_equal(batch.random_legal_ids(wide, np.random.default_rng(4)), first)
    assert not np.array_equal(batch.random_legal_ids(mask, np.random.default_rng(5)), first)
    games = batch.Games("caravan", seeds=[1, 2])
    assert np.array_equal(games.random_legal_ids(np.random.default_rng(9)),
                          batch.random_legal_ids(games.legal_action_mask,
                                                 np.random.default_rng(9)))


@pytest.mark.parametrize("width", [1, 63, 64, 65, 200, 3419])
def test_random_legal_ids_takes_the_word_modulo_the_count_th_legal_column(width: int) -> None:
    # The draw as its docstring states it, against numpy: row g's id is its nonzero
    # columns' entry number words[g] % count, words[g] the generator's g-th 64-bit word;
    # rows of every density, legal ids at the edges of the blocks counted at once.
    data = np.random.default_rng(width)
    mask = (data.random((300, width)) < data.random((300, 1)) ** 3).astype(np.uint8)
    mask[:3] = 0
    mask[1, -1] = mask[2, 0] = 5
    words = np.random.default_rng(11).integers(0, 2**64 - 1, size=300, dtype=np.uint64,
                                               endpoint=True)
    expected = [-1 if not row.any() else int(np.flatnonzero(row)[int(word) % int(
        np.count_nonzero(row))]) for row, word in zip(mask, words, strict=True)]
    assert expected[:3] == [-1, width - 1, 0]
    assert batch.random_legal_ids(mask, np.random.default_rng(11)).tolist() == expected


def _chi_square_is_uniform(counts: Any) -> bool:
    """Return whether ``counts`` pass Pearson's test of uniformity at the 0.1% level (the
    Wilson-Hilferty bound on the chi-square quantile)."""
    k = len(counts)
    expected = counts.sum() / k
    statistic = float(((counts - expected) ** 2 / expected).sum())
    dof = k - 1
    z = 3.09  # the normal's 99.9% quantile
    bound = dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
    return statistic < bound


@pytest.mark.parametrize("legal", [2, 5, 64, 65, 130, 3419])
def test_random_legal_ids_draws_uniformly(legal: int) -> None:
    # Legal ids spread over a Caravan-wide row (across the blocks the draw counts at
    # once), 4,000 rows drawn at once with a fixed seed.
    width = 3419
    columns = np.sort(np.random.default_rng(legal).choice(width, legal, replace=False))
    mask = np.zeros((4000, width), np.uint8)
    mask[:, columns] = 1
    counts = np.zeros(width, np.int64)
    rng = np.random.default_rng(legal + 1)
    for _ in range(max(1, legal * 30 // 4000)):
        np.add.at(counts, batch.random_legal_ids(mask, rng), 1)
    assert counts.sum() == counts[columns].sum()  # only legal ids
    assert _chi_square_is_uniform(counts[columns])


def test_the_uniformity_check_can_fail() -> None:
    assert not _chi_square_is_uniform(np.array([700, 300] * 4))
    assert _chi_square_is_uniform(np.array([500, 500] * 4))


def test_random_legal_ids_refuses_junk() -> None:
    rng = np.random.default_rng(0)
    for bad_rng in (0, None, np.random.RandomState(0), "seed"):
        with pytest.raises(ArgumentTypeError, match=r"numpy\.random\.Generator"):
            batch.random_legal_ids(np.ones((2, 2), np.uint8), bad_rng)
    for bad in (np.ones(3), np.ones((2, 2, 2)), np.ones((2, 2)), [["a"]], [[1], [1, 2]]):
        with pytest.raises(ArgumentTypeError, match="mask"):
            batch.random_legal_ids(bad, rng)


def test_the_draw_runs_as_python_as_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    # coverage.py sees the source numba compiles only as Python.
    mask = (np.random.default_rng(1).random((30, 200)) < 0.05).astype(np.uint8)
    mask[3] = 0
    compiled = batch.random_legal_ids(mask, np.random.default_rng(2))
    monkeypatch.setattr(_draw, "draw_legal", cast(Any, _draw.draw_legal).py_func)
    assert np.array_equal(batch.random_legal_ids(mask, np.random.default_rng(2)), compiled)
    assert compiled[3] == -1
    monkeypatch.setattr(_draw, "first_illegal", cast(Any, _draw.first_illegal).py_func)
    games = batch.Games("caravan", seeds=[1, 2])
    ids = games.random_legal_ids(np.random.default_rng(3))
    for bad in (-1, games.num_actions, int(np.flatnonzero(games.legal_action_mask[1] == 0)[0])):
        wrong = ids.copy()
        wrong[1] = bad
        with pytest.raises(IllegalActionError, match="game 1"):
            games.step(wrong)
    games.step(ids)
    assert games.turns.tolist() == [1, 1]


def test_every_compiled_helper_is_run_as_python_by_the_test_above() -> None:
    compiled = sorted(name for name, value in vars(_draw).items() if hasattr(value, "py_func"))
    assert compiled == ["draw_legal", "first_illegal"]
