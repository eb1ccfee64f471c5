"""The speed guard's own checks: every path has a floor, a ratio measures what it says,
and a path below its floor fails the run."""

from __future__ import annotations

import pytest

import guard
from naive_war import play_naive_games


def test_every_path_has_a_floor_and_every_floor_a_path() -> None:
    assert set(guard.paths()) == set(guard.FLOORS)


def test_a_path_that_does_the_baselines_work_twice_measures_about_half() -> None:
    # The same work as the baseline, twice per unit counted: the ratio is 0.5 whatever
    # the machine, within the noise of a few short runs.
    def twice() -> int:
        play_naive_games(range(80))
        return play_naive_games(range(80))

    ratios = guard.measure({"twice": twice}, repeats=7)  # best of 7: one slow run is not enough
    assert 0.3 < ratios["twice"] < 0.7


def test_a_path_below_its_floor_fails_the_run(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(guard.FLOORS, "step/war", 1e9)
    assert guard.main(["step/war", "--repeats", "1"]) == 1
    captured = capsys.readouterr()
    assert "step/war" in captured.out
    assert "BELOW THE FLOOR" in captured.out
    assert "1 path(s) below the floor: step/war" in captured.err
    monkeypatch.setitem(guard.FLOORS, "step/war", 1e-9)
    assert guard.main(["step/war", "--repeats", "1"]) == 0


def test_an_unknown_path_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        guard.main(["step/chess"])
    assert stopped.value.code == 2
    assert "unknown paths: step/chess" in capsys.readouterr().err
