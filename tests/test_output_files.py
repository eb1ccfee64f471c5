"""Every file the library and the ``cardwar`` command write goes through
:mod:`cardwar._files`: whole or not at all (a new file in the same folder, renamed into
place), with the permissions ``open`` gives. The places that write a file:
:func:`cardwar.records.write` (and so ``cardwar play --record``), ``cardwar tournament
--records DIR`` (``tests/test_tournament_records.py``), ``cardwar replay --svg DIR``
(``tests/test_replay_pictures.py``) and ``cardwar simulate --json FILE``.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, cast

import pytest

from cardwar import _files, agents, records
from cardwar.cli import main
from cardwar.records import RecordError


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- the helper every writer goes through -------------------------------------------------


def test_a_new_file_gets_the_permissions_open_gives_and_a_replaced_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    # tempfile.mkstemp made every record readable by its owner only (0600).
    umask = os.umask(0o022)
    try:
        _files.write_atomically(tmp_path / "new", b"x")
        existing = tmp_path / "existing"
        existing.write_bytes(b"old")
        existing.chmod(0o640)
        _files.write_atomically(existing, b"new")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o644
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640
    assert existing.read_bytes() == b"new"
    assert _names(tmp_path) == ["existing", "new"]


def test_a_symbolic_link_is_replaced_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.write_text("keep", encoding="utf-8")
    link = tmp_path / "link"
    link.symlink_to(target)
    _files.write_atomically(link, b"new")
    assert target.read_text(encoding="utf-8") == "keep"
    assert not link.is_symlink()
    assert link.read_bytes() == b"new"


def test_a_device_is_written_in_place_never_replaced(tmp_path: Path) -> None:
    # Replacing /dev/null by a regular file would break the machine: a device, a pipe or
    # a socket is opened and written as it is.
    null = Path(os.devnull)
    before = null.lstat()
    _files.write_atomically(null, b"x")
    after = null.lstat()
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_an_interrupted_stream_leaves_the_old_file_and_no_temporary_one(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")

    def interrupted() -> None:
        with _files.atomic_file(path) as f:
            f.write("half")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted()
    assert path.read_text(encoding="utf-8") == "old"
    assert _names(tmp_path) == ["out.json"]


# --- records.write -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record() -> records.Record:
    return agents.play("war", (), seed=1, max_steps=5)


@pytest.mark.parametrize(("dest", "message"), [
    (None, "expected a path or a file open for writing text, got NoneType"),
    (5, "got int"),
    ("", "not a file path"),
    ("a\0b", "not a file path"),
])
def test_write_refuses_what_is_no_destination(record: records.Record, dest: Any,
                                              message: str) -> None:
    # None raised AttributeError; "a\0b" ValueError; "" tried to replace the folder.
    with pytest.raises(RecordError, match=message):
        records.write(record, dest)


def test_write_refuses_a_binary_file_a_closed_one_and_a_missing_folder(
    record: records.Record, tmp_path: Path
) -> None:
    import io

    binary = io.BytesIO()
    with pytest.raises(RecordError, match=r"opened in text mode \('w'\), not a binary"):
        records.write(record, cast(Any, binary))
    assert binary.getvalue() == b""
    closed = io.StringIO()
    closed.close()
    with pytest.raises(RecordError, match="cannot write the record to StringIO"):
        records.write(record, closed)
    for where in (tmp_path / "missing" / "x.json", tmp_path):
        with pytest.raises(RecordError, match="cannot write ") as err:
            records.write(record, where)
        assert isinstance(err.value.__cause__, OSError)
    assert _names(tmp_path) == []
    # A bytes path is a path, as records.read takes one.
    records.write(record, os.fsencode(tmp_path / "r.json"))
    assert records.read(tmp_path / "r.json") == record


# --- cardwar simulate --json ---------------------------------------------------------------


def test_an_interrupted_simulation_leaves_the_json_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file was opened with "w" before the first game: Ctrl-C left it truncated.
    from cardwar.cli import simulate

    path = tmp_path / "out.json"
    path.write_text("earlier results", encoding="utf-8")

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate.Tally, "add", interrupted)
    assert main(["simulate", "caravan", "-n", "3", "--jobs", "1", "--agents", "random",
                 "--json", str(path)]) == 130
    assert path.read_text(encoding="utf-8") == "earlier results"
    assert _names(tmp_path) == ["out.json"]
    monkeypatch.undo()
    assert main(["simulate", "caravan", "-n", "3", "--jobs", "1", "--agents", "random",
                 "--json", str(path)]) == 0
    assert len(json.loads(path.read_text(encoding="utf-8"))["games"]) == 3


def test_a_written_record_has_the_permissions_open_gives(record: records.Record,
                                                          tmp_path: Path) -> None:
    # Records were written through tempfile.mkstemp: readable by their owner only.
    umask = os.umask(0o022)
    try:
        records.write(record, tmp_path / "r.json")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "r.json").stat().st_mode) == 0o644


def test_a_writable_file_in_a_directory_that_is_not_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The file is replaced by a new one made beside it: its directory must be writable,
    # which the check before the run did not ask of a file already there.
    existing = tmp_path / "old.json"
    existing.write_text("{}", encoding="utf-8")
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: real(path, mode)
                        and os.path.abspath(path) != str(tmp_path))
    for command in (["simulate", "war", "-n", "2", "--json"], ["play", "war", "--record"]):
        assert main([*command, str(existing)]) == 2
        assert f"the directory {str(tmp_path)!r} cannot be written to" in (
            capsys.readouterr().err)
    assert existing.read_text(encoding="utf-8") == "{}"
    # A device is written in place: its directory's permissions do not matter.
    monkeypatch.setattr(os, "access", lambda path, mode: real(path, mode)
                        and os.path.abspath(path) != os.path.dirname(os.devnull))
    assert main(["simulate", "war", "-n", "2", "--json", os.devnull]) == 0
