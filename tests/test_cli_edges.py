"""The ``cardwar`` command at its edges: usage errors not covered in tests/test_cli.py,
output to a terminal that cannot show suit symbols, interactive play stopped by
``--max-steps`` or ``quit``, long action lists, ``replay --step`` answered by end of input
or ``a``, ``simulate`` with unfinished games, JSON on stdout and worker processes, and
the errors ``main`` turns into exit statuses (an unwritable file, Ctrl-C, a closed pipe).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardwar import __version__, agents, caravan, records, war
from cardwar.cli import main
from cardwar.cli._common import _columns
from cardwar.rng import derive_seed
from cardwar.variants import variant as cardwar_variant

RECORDS = Path(__file__).parent / "records"


def run_main(args: list[str]) -> int:
    """Return ``main``'s exit status, also when argparse exits."""
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code or 0)


def answer(monkeypatch: pytest.MonkeyPatch, *replies: str | type[BaseException]) -> None:
    """Make ``input()`` give ``replies`` in turn (an exception class is raised)."""
    pending: Iterator[str | type[BaseException]] = iter(replies)

    def fake_input(prompt: str = "") -> str:
        reply = next(pending)
        if isinstance(reply, str):
            return reply
        raise reply

    monkeypatch.setattr("builtins.input", fake_input)


# --- usage errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "war", "--max-steps", "-1"], "--max-steps must be at least 0, got -1"),
        (["simulate", "war", "--max-steps", "0"], "--max-steps must be at least 1, got 0"),
        (["play", "war", "-o", "=3"], "expected NAME=VALUE"),
    ],
)
def test_bad_step_bounds_are_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardwar: error: ")
    assert message in err
    assert err.count("\n") == 1


# --- terminals without suit symbols -------------------------------------------------------


def test_a_terminal_that_cannot_show_suits_gets_card_notation() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardwar", "play", "war", "--seed", "2026"],
        capture_output=True, check=False, env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")  # raises if anything but ASCII was written
    assert out.splitlines()[2].startswith("battle 1: seat 0 JS, seat 1 6D -> seat 0 takes 2")
    assert b"Traceback" not in done.stderr


# --- interactive play ---------------------------------------------------------------------


def test_interactive_play_stops_at_max_steps_without_a_result(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answer(monkeypatch, "1", "1", "1")
    path = tmp_path / "stopped.json"
    assert main(["play", "arneson", "--seed", "5", "--max-steps", "3", "--record",
                 str(path)]) == 0
    out = capsys.readouterr().out
    assert "stopped after 3 steps (--max-steps)" in out
    assert "result:" not in out
    record = records.read(path)
    assert len(record.actions) == 3
    assert record.outcome is None
    assert records.replay(record) is not None


@pytest.mark.parametrize("word", ["quit", "q", "exit", "QUIT"])
def test_typing_quit_leaves_the_game(
    word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(monkeypatch, word)
    assert main(["play", "arneson", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("you left the game")


def test_a_long_list_of_actions_wraps_in_numbered_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(monkeypatch, "quit")
    assert main(["play", "caravan", "--seed", "3", "--ascii"]) == 0
    out = capsys.readouterr().out
    listing = out.split("your move:\n")[1].split("\n\n")[0].splitlines()
    listing = [line for line in listing if line.startswith("  ") and ") " in line]
    state = caravan.new_game(3)
    legal = caravan.legal_actions(state)
    assert len(listing) > 1, "the caravan opening has more actions than one line holds"
    assert all(len(line) <= 88 for line in listing)
    numbers = [int(item.split(")")[0]) for line in listing for item in line.split()
               if item.endswith(")") and item[:-1].isdigit()]
    assert numbers == list(range(1, len(legal) + 1))
    assert _columns([]) == []


# --- replay --step ------------------------------------------------------------------------


@pytest.mark.parametrize("reply", ["a", "ALL", EOFError])
def test_replay_step_by_step_can_show_all_the_rest(
    reply: str | type[BaseException], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The first pause is answered with "a" (or end of input): no more pauses, every step.
    answer(monkeypatch, reply)
    path = RECORDS / "war-explicit-deal.json"
    record = records.read(path)
    assert main(["replay", str(path), "--step", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert sum(line.startswith("step ") for line in out.splitlines()) == len(record.actions)
    assert out.splitlines()[-1] == (
        f"verified: {len(record.actions)} steps replay to {record.outcome}"
    )


def test_ctrl_c_during_replay_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(monkeypatch, "", KeyboardInterrupt)
    assert main(["replay", str(RECORDS / "war-explicit-deal.json"), "--step"]) == 130
    captured = capsys.readouterr()
    assert captured.err == "\ninterrupted\n"
    assert sum(line.startswith("step ") for line in captured.out.splitlines()) == 2


# --- simulate -----------------------------------------------------------------------------


def test_simulate_counts_games_cut_by_max_steps_as_unfinished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "war", "-n", "20", "--seed", "1", "--max-steps", "5",
                 "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = 0
    for i in range(20):
        state = war.new_game(derive_seed(1, i))
        for _ in range(5):
            if state.result is None:
                state = war.step(state, war.Play.PLAY)
        expected += state.result is None
    assert expected > 0
    assert lines[-1] == f"unfinished (--max-steps): {expected} ({100 * expected / 20:.1f}%)"


def test_simulate_writes_json_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    # With --json -, stdout is the JSON document alone; the text for people goes to stderr.
    assert main(["simulate", "peace", "-n", "4", "--seed", "9", "--jobs", "1",
                 "--json", "-"]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["variant"] == "peace"
    assert doc["seed"] == 9
    assert [g["seed"] for g in doc["games"]] == [derive_seed(9, i) for i in range(4)]
    for game in doc["games"]:
        record = agents.play("peace", (), game["seed"])
        assert game["steps"] == len(record.actions)
    assert doc["summary"]["games"] == 4
    assert captured.err.startswith("Peace: 4 games, seed 9;")
    assert "game length (steps): mean" in captured.err


def test_simulate_in_worker_processes_gives_the_same_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The first agent is not in Arneson's kernel: the games run through step, in spawned
    # worker processes.
    args = ["simulate", "arneson", "-n", "10", "--seed", "4", "-o", "max_battles=30",
            "--agents", "first,random", "--no-progress"]
    assert main([*args, "--jobs", "1", "--json", str(tmp_path / "one.json")]) == 0
    one_out = capsys.readouterr().out
    assert main([*args, "--jobs", "2", "--json", str(tmp_path / "two.json")]) == 0
    two_out = capsys.readouterr().out
    assert one_out == two_out
    one = json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))
    two = json.loads((tmp_path / "two.json").read_text(encoding="utf-8"))
    assert one == two
    assert [g["game"] for g in two["games"]] == list(range(10))


# --- errors main turns into exit statuses ---------------------------------------------------


def test_an_unwritable_json_file_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-dir" / "out.json"
    assert main(["simulate", "war", "-n", "2", "--jobs", "1", "--json", str(target)]) == 2
    captured = capsys.readouterr()
    assert f"the directory {str(target.parent)!r} does not exist" in captured.err
    assert captured.out == ""  # nothing was played
    assert main(["simulate", "war", "-n", "2", "--json", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_an_unwritable_record_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "game.json"
    assert main(["play", "war", "--record", str(target)]) == 2
    captured = capsys.readouterr()
    assert "--record" in captured.err
    assert "does not exist" in captured.err
    assert captured.out == ""


class ClosedPipe(io.TextIOBase):
    """A stdout whose reader has gone, and that is not a file descriptor."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_on_a_stdout_without_a_descriptor_is_not_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["variants"]) == 0


# --- the ways to start the command --------------------------------------------------------


@pytest.mark.parametrize("module", ["cardwar", "cardwar.cli"])
def test_the_command_runs_as_a_module(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"cardwar {__version__}\n"
    assert done.stderr == ""
    done = subprocess.run([sys.executable, "-m", module, "rules", "chess"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("cardwar: error: unknown variant 'chess'")


def test_what_an_automatic_variant_cannot_use_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # War plays itself: a seat, an opponent or agents would be ignored, so they are refused.
    for argv, flag in ((["play", "war", "--seat", "1"], "--seat"),
                       (["play", "war", "--seat", "0"], "--seat"),
                       (["play", "peace", "--opponent", "random"], "--opponent"),
                       (["simulate", "war", "-n", "2", "--agents", "random"], "--agents")):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert f"cardwar: error: {flag}: " in err
        assert "plays itself" in err


def test_an_option_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "war", "-o", "max_battles=2", "-o", "max_battles=3"]) == 2
    assert "option 'max_battles': given more than once with -o" in capsys.readouterr().err


def test_replay_reads_a_record_from_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "war.json"
    assert main(["play", "war", "--seed", "3", "-o", "max_battles=5", "--quiet",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    assert main(["replay", "-"]) == 0
    assert capsys.readouterr().out.startswith("War, seed 3, 5 steps;")


def test_play_war_step_by_step_explains_the_counts_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["", "", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "war", "--seed", "2", "--step", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.count("in brackets: the cards each seat holds after the battle") == 1
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("battle")] == [
        "battle 1", "battle 2", "battle 3"]
    assert out.rstrip().endswith("stopped; the game goes on")
    # "a" plays the rest without asking again.
    answers = iter(["a"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "war", "--seed", "2", "--step", "-o", "max_battles=30"]) == 0
    assert "result: draw (battle_limit) after 30 battles" in capsys.readouterr().out


def test_unwritable_outputs_are_named_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Permissions, as a user without root meets them (the tests may run as root, for
    # whom every path is writable: os.access answers as for another user).
    existing = tmp_path / "old.json"
    existing.write_text("{}")
    monkeypatch.setattr("os.access", lambda path, mode: False)
    assert main(["simulate", "war", "-n", "2", "--json", str(existing)]) == 2
    assert "cannot be written (permission denied)" in capsys.readouterr().err
    assert main(["play", "war", "--record", str(tmp_path / "new.json")]) == 2
    assert "cannot be written to" in capsys.readouterr().err


def test_a_failed_write_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    # /dev/full accepts the path check and refuses the bytes (ENOSPC).
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    assert main(["simulate", "war", "-n", "2", "--json", "/dev/full"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardwar: error: [Errno 28]")
    assert err.count("\n") == 1


def test_play_step_by_step_without_input_plays_the_rest(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_input)
    assert main(["play", "peace", "--seed", "2", "--step", "-o", "max_battles=5"]) == 0
    assert "result: draw (battle_limit) after 5 battles" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "opts", "max_steps"),
    [("war", {}, 150), ("war", {"max_battles": 40}, 1_000_000),
     ("peace", {"players": 3, "max_battles": 60}, 50)],
)
def test_simulate_counts_a_chunk_at_once_as_it_counts_its_games_one_by_one(
    name: str, opts: dict[str, object], max_steps: int
) -> None:
    # The batch path of `simulate` summarises each chunk with numpy (Tally.add_chunk);
    # the rows of --json are the same games one by one. Cut games, draws by reason and
    # wins per seat must agree.
    from cardwar import batch
    from cardwar.cli.simulate import Tally, _chunk_rows

    game = cardwar_variant(name)
    options = game.options(**opts)
    chunks = list(batch.simulate(game, options, master_seed=3, games=3000, chunk_size=700))
    at_once, one_by_one = Tally(options.players), Tally(options.players)
    for chunk in chunks:
        at_once.add_chunk(chunk, max_steps)
        for row in _chunk_rows(chunk, max_steps):
            one_by_one.add(row)
    assert at_once.summary() == one_by_one.summary()
    summary = at_once.summary()
    assert summary["games"] == 3000
    assert summary["unfinished"] > 0 or summary["draws"]
