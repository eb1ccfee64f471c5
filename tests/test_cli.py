"""The ``cardwar`` command, run as a user runs it: a subprocess of the installed package."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardwar import war
from cardwar.cli import main


def cardwar(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardwar", *args], capture_output=True, text=True, check=False
    )


def test_play_shows_the_seeded_game_battle_by_battle() -> None:
    done = cardwar("play", "war", "--seed", "2026")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    state = war.new_game(2026)
    battles = 0
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
        battles += 1
    assert lines[0] == "War, seed 2026"
    assert sum(line.startswith("battle ") for line in lines) == battles
    assert lines[-1] == f"result: {war.outcome(state)} after {battles} battles"


def test_play_with_options_and_quiet() -> None:
    done = cardwar("play", "war", "--seed", "7", "-o", "face_down=1", "-o",
                   "pickup_order=winner_first", "--quiet")
    assert done.returncode == 0, done.stderr
    state = war.new_game(7, war.options(face_down=1, pickup_order="winner_first"))
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
    assert done.stdout.splitlines()[-1].startswith(f"result: {war.outcome(state)}")
    assert not any(line.startswith("battle ") for line in done.stdout.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown variant 'chess'; known variants: war"),
        (["play", "war", "-o", "face_down=x"], "option 'face_down'"),
        (["play", "war", "-o", "nonsense"], "expected NAME=VALUE"),
        (["play", "war", "--seed", "-5"], "seed must be an int"),
    ],
)
def test_errors_are_one_line_with_exit_status_2(args: list[str], message: str) -> None:
    done = cardwar(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_variants_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    assert capsys.readouterr().out.startswith("war ")
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    assert "play" in capsys.readouterr().out


def test_max_steps_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "war", "--seed", "1", "--max-steps", "3", "-q"]) == 0
    assert "stopped after 3 steps" in capsys.readouterr().out
