"""``cardwar tournament --records DIR``: the folder checked before any game, no record
overwritten unless asked (``--overwrite``), each record written whole as its game ends,
so that Ctrl-C or a failure keeps every game played so far."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from cardwar import records
from cardwar import tournament as tournament_module
from cardwar.cli import main
from cardwar.rng import derive_seed

LINEUP = ["--agents", "heuristic,random", "--jobs", "1", "--no-progress"]


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _unwrapped(lines: list[str]) -> str:
    """Return a report's line that the command wrapped to 80 columns, joined again."""
    return " ".join(line.strip() for line in lines)


def _count_games(monkeypatch: pytest.MonkeyPatch, stop_at: int | None = None,
                 error: BaseException | None = None) -> list[int]:
    """Count the games the tournament plays (one share is one game with --jobs 1); raise
    ``error`` when game ``stop_at`` starts."""
    played: list[int] = []
    real = tournament_module.play_games

    def counting(*args: Any) -> Any:
        start = args[5]
        if start == stop_at and error is not None:
            raise error
        played.append(start)
        return real(*args)

    monkeypatch.setattr(tournament_module, "play_games", counting)
    return played


def test_tournament_records_are_not_overwritten_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "r"
    folder.mkdir()
    (folder / "game-000002.json").write_text("mine", encoding="utf-8")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    played = _count_games(monkeypatch)
    assert main(["tournament", "caravan", *LINEUP, "-n", "4", "--records", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err == (f"cardwar: error: --records {str(folder)!r} already holds records this run "
                   "would write (game-000002.json); give --overwrite to replace them, or "
                   "another directory\n")
    assert played == []  # refused before any game
    assert (folder / "game-000002.json").read_text(encoding="utf-8") == "mine"
    # Games that do not clash are welcome beside it.
    assert main(["tournament", "caravan", *LINEUP, "-n", "4", "--records", str(folder),
                 "--record-games", "0,3"]) == 0
    assert _names(folder) == ["game-000000.json", "game-000002.json", "game-000003.json",
                              "notes.txt"]
    capsys.readouterr()
    assert main(["tournament", "caravan", *LINEUP, "-n", "4", "--records", str(folder),
                 "--overwrite"]) == 0
    out = capsys.readouterr().out.splitlines()
    said = max(i for i, line in enumerate(out) if line.startswith("records: "))
    assert _unwrapped(out[said:]) == (f"records: 4 written to {folder} (3 replaced; "
                                      "game-NNNNNN.json; cardwar replay shows one)")
    assert records.read(folder / "game-000002.json").seed == derive_seed(0, 1)
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize(("setup", "args", "message"), [
    ("file", [], "is not a directory"),
    ("file-above", [], "is not a directory"),
    ("no-access", [], "cannot be written to (permission denied)"),
    ("folder-in-the-way", ["--overwrite"], "'game-000001.json' is a directory"),
])
def test_the_records_folder_is_checked_before_any_game(
    setup: str, args: list[str], message: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "r"
    if setup == "file":
        folder.write_text("x", encoding="utf-8")
    elif setup == "file-above":
        (tmp_path / "f").write_text("x", encoding="utf-8")
        folder = tmp_path / "f" / "r"
    elif setup == "no-access":
        monkeypatch.setattr(os, "access", lambda path, mode: False)
    elif setup == "folder-in-the-way":
        (folder / "game-000001.json").mkdir(parents=True)
    played = _count_games(monkeypatch)
    status = main(["tournament", "caravan", *LINEUP, "-n", "2", "--records", str(folder),
                   *args])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("cardwar: error: --records ")
    assert message in err
    assert played == []


def test_overwrite_alone_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "caravan", *LINEUP, "--overwrite"]) == 2
    assert capsys.readouterr().err == "cardwar: error: --overwrite needs --records DIR\n"


def test_an_interrupted_tournament_keeps_every_record_played_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The records were written only after the whole run: Ctrl-C lost them all.
    folder = tmp_path / "deep" / "r"
    _count_games(monkeypatch, stop_at=3, error=KeyboardInterrupt())
    assert main(["tournament", "caravan", *LINEUP, "-n", "6", "--records", str(folder)]) == 130
    assert _names(folder) == ["game-000000.json", "game-000001.json", "game-000002.json"]
    expected = tournament_module.tournament("caravan", ["heuristic", "random"], 3, 0,
                                            records=True).records
    assert [records.read(folder / f"game-{i:06d}.json") for i in range(3)] == list(expected)
    err = capsys.readouterr().err.splitlines()
    said = next(i for i, line in enumerate(err) if line.startswith("records: 3 written to"))
    end = next(i for i in range(said, len(err)) if err[i].endswith("interruption"))
    assert _unwrapped(err[said:end + 1]) == (f"records: 3 written to {folder} before the "
                                             "interruption")


def test_a_record_that_cannot_be_written_stops_the_tournament_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A failure to write came after the table, as a traceback-free line but with every
    # record after it lost; now it stops the run where it happens.
    folder = tmp_path / "r"
    real = os.fsync
    calls: list[int] = []

    def filling(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", filling)
    played = _count_games(monkeypatch)
    assert main(["tournament", "caravan", *LINEUP, "-n", "6", "--records", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert err == (f"cardwar: error: cannot write the record of game 2 to "
                   f"{str(folder / 'game-000002.json')!r}: No space left on device; the "
                   "tournament stopped there, with 2 records written before it\n")
    assert "agent " not in out  # no table for a run that did not finish
    assert played == [0, 1, 2]
    assert _names(folder) == ["game-000000.json", "game-000001.json"]


def test_on_game_sees_every_game_in_order_before_progress() -> None:
    seen: list[tuple[str, int]] = []
    out = tournament_module.tournament(
        "caravan", ["heuristic", "random"], 5, 3, jobs=1, records=[1, 4],
        on_game=lambda r: seen.append(("game", r.index)),
        progress=lambda done: seen.append(("done", done)))
    assert seen == [x for i in range(5) for x in (("game", i), ("done", i + 1))]
    assert [r.seed for r in out.records] == [derive_seed(3, 0), derive_seed(3, 2)]


def test_an_interrupted_tournament_without_records_says_nothing_of_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _count_games(monkeypatch, stop_at=1, error=KeyboardInterrupt())
    assert main(["tournament", "caravan", *LINEUP, "-n", "4"]) == 130
    assert "records:" not in capsys.readouterr().err
