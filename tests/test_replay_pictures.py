"""``cardwar replay FILE --svg DIR``: pictures written only for a verified record, each
whole (a symbolic link replaced, not followed), and the folder left showing this game
only: pictures of our naming from an earlier replay removed, other files untouched."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardwar import agents, records
from cardwar.cli import main
from cardwar.cli import replay as replay_command
from cardwar.svg import svg


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture(scope="module")
def long_and_short(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("records")
    long = agents.play("war", (), seed=3)
    short = agents.play("war", (), seed=3, max_steps=5)
    assert len(long.actions) > 5
    records.write(long, folder / "long.json")
    records.write(short, folder / "short.json")
    return folder / "long.json", folder / "short.json"


def test_replay_pictures_of_an_earlier_game_are_removed_other_files_kept(
    tmp_path: Path, long_and_short: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    long, short = long_and_short
    out = tmp_path / "p"
    assert main(["replay", "-q", str(long), "--svg", str(out)]) == 0
    steps = len(records.read(long).actions)
    assert len(_names(out)) == steps + 1
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "step-0001.svg").write_text("another width", encoding="utf-8")
    (out / "step-12.svg").write_text("not our naming", encoding="utf-8")
    (out / "step-9999.svg").mkdir()  # a folder is never removed
    assert main(["replay", "-q", str(short), "--svg", str(out)]) == 0
    assert _names(out) == ["notes.txt", "step-000.svg", "step-001.svg", "step-002.svg",
                           "step-003.svg", "step-004.svg", "step-005.svg", "step-12.svg",
                           "step-9999.svg"]
    states = list(records.iter_states(records.read(short)))
    assert (out / "step-005.svg").read_text(encoding="utf-8") == svg(states[-1])
    assert capsys.readouterr().out.endswith(f"pictures: 6 written to {out}\n")


def test_replay_writes_no_picture_of_a_record_that_fails(
    tmp_path: Path, long_and_short: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, short = long_and_short
    doc = json.loads(short.read_text(encoding="utf-8"))
    doc["seed"] = 4  # the digest no longer matches
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "p"
    assert main(["replay", "-q", str(bad), "--svg", str(out)]) == 1
    assert "ReplayMismatch" not in capsys.readouterr().err
    assert not out.exists()
    out.mkdir()
    (out / "step-000.svg").write_text("earlier", encoding="utf-8")
    assert main(["replay", "-q", str(bad), "--svg", str(out)]) == 1
    assert _names(out) == ["step-000.svg"]
    assert (out / "step-000.svg").read_text(encoding="utf-8") == "earlier"


def test_replay_replaces_a_symbolic_link_rather_than_writing_through_it(
    tmp_path: Path, long_and_short: tuple[Path, Path]
) -> None:
    _, short = long_and_short
    out = tmp_path / "p"
    out.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("keep", encoding="utf-8")
    (out / "step-001.svg").symlink_to(target)
    (out / "step-007.svg").symlink_to(target)  # a stale link: the link goes, not the file
    assert main(["replay", "-q", str(short), "--svg", str(out)]) == 0
    assert target.read_text(encoding="utf-8") == "keep"
    assert not (out / "step-001.svg").is_symlink()
    assert (out / "step-001.svg").read_text(encoding="utf-8").startswith("<svg")
    assert not os.path.lexists(out / "step-007.svg")


def test_replay_refuses_a_folder_where_a_picture_goes_and_reports_a_failed_write(
    tmp_path: Path, long_and_short: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    _, short = long_and_short
    out = tmp_path / "p"
    (out / "step-002.svg").mkdir(parents=True)
    assert main(["replay", "-q", str(short), "--svg", str(out)]) == 2
    assert "'step-002.svg' is a directory, where a picture is to be written" in (
        capsys.readouterr().err)
    assert _names(out) == ["step-002.svg"]
    (out / "step-002.svg").rmdir()

    def full(path: Path, data: bytes, *, durable: bool = True) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(replay_command, "write_atomically", full)
    assert main(["replay", "-q", str(short), "--svg", str(out)]) == 1
    assert capsys.readouterr().err == (
        "cardwar: error: [Errno 28] cannot write the picture "
        f"{os.path.join(str(out), 'step-000.svg')!r}: No space left on device\n")
