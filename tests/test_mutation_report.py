"""The report of ``scripts/mutation.py``, which prints the mutation scores published on the
verification page: run on made-up mutmut results, it must count each verdict where it
belongs and fail on what is not reviewed or not run."""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support_scripts import load_script


@pytest.fixture
def script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script, reading its results and lists from ``tmp_path``."""
    module = load_script("mutation")
    monkeypatch.setattr(module, "META_ROOT", tmp_path / "mutants")
    monkeypatch.setattr(module, "EQUIVALENT", tmp_path / "equivalent.txt")
    monkeypatch.setattr(module, "KILLED_OUTSIDE", tmp_path / "outside.txt")
    monkeypatch.setattr(module, "RESULTS", tmp_path / "results.json")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    return module


def _write(tmp_path: Path, module: str, codes: dict[str, int | None],
           shift: int = 0) -> None:
    """Write mutmut's verdicts for ``module`` and the mutated module beside them, as mutmut
    writes it: each function's original and its mutants, mutant ``n`` changing the
    original's ``return a + 0`` to ``return a + <n + shift>``; mutmut's hash of a function
    is made up from its name."""
    meta = tmp_path / "mutants" / (module.replace(".", "/") + ".py.meta")
    meta.parent.mkdir(parents=True, exist_ok=True)
    functions = {name.rpartition(".")[2].rpartition("__mutmut_")[0] for name in codes}
    meta.write_text(json.dumps({
        "exit_code_by_key": codes,
        "hash_by_function_name": {f: f"hash of {f}" for f in sorted(functions)},
        "durations_by_key": {}, "estimated_durations_by_key": {},
    }), encoding="utf-8")
    prefix = "cardwar." + module.removesuffix(".__init__") + "."
    source: dict[str, list[str]] = {}
    for name in codes:
        base, _, number = name.removeprefix(prefix).rpartition("__mutmut_")
        source.setdefault(base, [f'def {base}__mutmut_orig(a):\n    """Add."""\n'
                                 "    return a + 0\n"])
        source[base].append(f'def {base}__mutmut_{number}(a):\n    """Add."""\n'
                            f"    return a + {int(number) + shift}\n")
    meta.with_suffix("").write_text("".join(line for lines in source.values() for line in lines),
                                    encoding="utf-8")


def _fingerprint(name: str, shift: int = 0) -> str:
    """The fingerprint of a mutant :func:`_write` writes: its change's lines, hashed."""
    number = int(name.rpartition("__mutmut_")[2]) + shift
    change = f"-    return a + 0\n+    return a + {number}"
    return hashlib.sha256(change.encode()).hexdigest()[:8]


def _lists(tmp_path: Path, equivalent: list[str], outside: list[str]) -> None:
    (tmp_path / "equivalent.txt").write_text(
        "# comment\n\n"
        + "".join(f"{n} [{_fingerprint(n)}] -- a reason\n" for n in equivalent),
        encoding="utf-8",
    )
    (tmp_path / "outside.txt").write_text(
        "".join(f"{n} [{_fingerprint(n)}] -- tests/test_x.py::test_y\n" for n in outside),
        encoding="utf-8",
    )


def _row(out: str, module: str) -> list[str]:
    (line,) = [line for line in out.splitlines() if line.split()[:1] == [module]]
    return line.split()


def test_every_verdict_is_counted_in_its_column(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    war = "cardwar.variants.war.x_step__mutmut_"
    codes: dict[str, int | None] = {f"{war}{i}": 1 for i in range(1, 17)}
    codes.update({f"{war}14": -6, f"{war}15": -9, f"{war}16": -11, f"{war}17": 3,
                  f"{war}18": -24, f"{war}19": 0, f"{war}20": 0})
    _write(tmp_path, "variants.war", codes)
    _write(tmp_path, "variants.__init__", {"cardwar.variants.x_f__mutmut_1": 1})
    _lists(tmp_path, equivalent=[f"{war}19"], outside=[f"{war}20"])
    assert script.report(90.0, []) == 0
    out = capsys.readouterr().out
    # mutants, killed, timed out (SIGXCPU and SIGKILL), survived, outside, equivalent, score
    assert _row(out, "variants.war")[1:] == ["20", "16", "2", "2", "1", "1", "95.0%"]
    assert _row(out, "variants.__init__")[1:] == ["1", "1", "0", "0", "0", "0", "100.0%"]
    assert _row(out, "all")[1:] == ["21", "17", "2", "2", "1", "1", "95.2%"]
    assert "not reviewed" not in out


def test_an_unreviewed_survivor_or_an_unrun_mutant_fails_the_run(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    war = "cardwar.variants.war.x_step__mutmut_"
    _lists(tmp_path, equivalent=[], outside=[])
    _write(tmp_path, "variants.war", {f"{war}1": 1, f"{war}2": 0})
    assert script.report(0.0, []) == 1
    assert f"{war}2 [{_fingerprint(war + '2')}] (0)" in capsys.readouterr().out
    _write(tmp_path, "variants.war", {f"{war}1": 1, f"{war}2": None})
    assert script.report(0.0, []) == 1
    assert "1 not checked yet" in capsys.readouterr().out


def test_a_score_under_the_minimum_fails_the_run(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = "cardwar.rng.x_mix64__mutmut_"
    _lists(tmp_path, equivalent=[f"{rng}2"], outside=[])
    _write(tmp_path, "rng", {f"{rng}1": 1, f"{rng}2": 0})
    assert script.report(50.0, []) == 0
    assert script.report(90.0, []) == 1
    assert "50.0%  <-- below the minimum" in capsys.readouterr().out


def test_stale_and_timed_out_equivalents_are_named(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Entries of either list that mutmut's own tests kill now are named, to be taken off.
    rng = "cardwar.rng.x_mix64__mutmut_"
    _lists(tmp_path, equivalent=[f"{rng}1", f"{rng}2"], outside=[f"{rng}3"])
    _write(tmp_path, "rng", {f"{rng}1": 1, f"{rng}2": -24, f"{rng}3": 3})
    assert script.report(90.0, []) == 0
    out = capsys.readouterr().out
    assert f"2 listed mutants are killed by mutmut now; remove them:\n  {rng}1\n  {rng}3\n" in out
    assert f"listed as equivalent timed out (counted as detected):\n  {rng}2" in out


def test_listed_mutants_that_no_longer_exist_are_named(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list entry whose mutant mutmut no longer makes (its function changed or went) is
    named, in the modules reported; it does not fail the run."""
    rng = "cardwar.rng.x_mix64__mutmut_"
    war = "cardwar.variants.war.x_deal__mutmut_"
    _write(tmp_path, "rng", {f"{rng}1": 0})
    _write(tmp_path, "variants.war.__init__", {f"{war}1": 0})
    _lists(tmp_path, equivalent=[f"{rng}1", f"{rng}9", f"{war}1", f"{war}7"],
           outside=["cardwar.variants.x_f__mutmut_3"])
    assert script.report(0.0, []) == 0
    out = capsys.readouterr().out
    assert out.endswith("3 listed mutants do not exist (their code changed); remove them:\n"
                        f"  {rng}9\n  {war}7\n  cardwar.variants.x_f__mutmut_3\n")
    assert script.report(0.0, ["war"]) == 0
    assert capsys.readouterr().out.endswith(f"remove them:\n  {war}7\n")
    assert script.report(0.0, ["registry"]) == 0
    assert "cardwar.variants.x_f__mutmut_3" in capsys.readouterr().out
    known = {module for module, _ in script.load_results().values()}
    assert script.listed_module(f"{war}7", known) == "variants.war.__init__"
    assert script.listed_module("cardwar.variants.war.rules.x_step__mutmut_1", known) == (
        "variants.war.rules")


def test_modules_are_selected_by_their_short_name(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _lists(tmp_path, equivalent=[], outside=[])
    _write(tmp_path, "variants.war.rules", {"cardwar.variants.war.rules.x_step__mutmut_1": 1})
    _write(tmp_path, "variants.cold_war.rules", {
        "cardwar.variants.cold_war.rules.x_step__mutmut_1": 0})
    _write(tmp_path, "variants.__init__", {"cardwar.variants.x_f__mutmut_1": 1})
    _lists(tmp_path, equivalent=["cardwar.variants.war.rules.x_step__mutmut_1"], outside=[])
    assert script.report(90.0, ["registry"]) == 0
    out = capsys.readouterr().out
    assert "variants.__init__" in out
    assert "variants.war" not in out
    assert "killed by mutmut now" not in out
    # A game is selected by its name, whichever module of its package a mutant is in.
    assert script.report(90.0, ["war"]) == 0
    out = capsys.readouterr().out
    assert ("killed by mutmut now; remove them:\n"
            "  cardwar.variants.war.rules.x_step__mutmut_1") in out
    assert "variants.war.rules" in out
    assert "cold_war" not in out
    assert script.short_name("variants.caravan.view") == "caravan"
    assert script.short_name("variants._battle.rules") == "_battle"
    assert script.short_name("variants.__init__") == "registry"
    assert script.short_name("variants.war.__init__") == "war"
    assert script.short_name("records") == "records"


@pytest.mark.parametrize("line", [
    "cardwar.rng.x_f__mutmut_1 [0123abcd] no reason",
    "cardwar.rng.x_f__mutmut_1 [0123abcd] --  ",
    "cardwar.rng.x_f__mutmut_1 -- a reason without the fingerprint",
    "cardwar.rng.x_f__mutmut_1 [0123ABCD] -- a fingerprint not in lower-case hex",
    "cardwar.rng.x_f__mutmut_1 [0123abc] -- a fingerprint of 7 digits",
])
def test_a_malformed_list_line_is_refused(script: ModuleType, tmp_path: Path,
                                          line: str) -> None:
    (tmp_path / "equivalent.txt").write_text(f"# fine\n{line}\n")
    with pytest.raises(SystemExit, match=r"equivalent.txt:2: expected '<mutant> "
                                         r"\[<fingerprint>\] -- <reason>'"):
        script.load_list(tmp_path / "equivalent.txt")


def test_a_name_listed_twice_is_refused(script: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "equivalent.txt").write_text(
        "cardwar.rng.x_f__mutmut_1 [0123abcd] -- a reason\n"
        "cardwar.rng.x_f__mutmut_1 [4567abcd] -- another\n")
    with pytest.raises(SystemExit, match=r"equivalent.txt:2: cardwar.rng.x_f__mutmut_1 is "
                                         r"listed twice"):
        script.load_list(tmp_path / "equivalent.txt")


def test_a_fingerprint_is_the_change_not_the_number_or_the_place() -> None:
    """Two mutants making the same change have the same fingerprint, wherever the change is
    in the function; other changes have others. Methods (mutmut's ``xǁCǁm``) and decorated
    functions are found in their classes."""
    script = load_script("mutation")
    source = (
        "class C:\n"
        "    def xǁCǁm__mutmut_orig(self, a):\n        b = 1\n        return a < b\n"
        "    def xǁCǁm__mutmut_1(self, a):\n        b = 1\n        return a <= b\n"
        "    def xǁCǁm__mutmut_2(self, a):\n        b = 2\n        return a < b\n"
        "    def xǁCǁm__mutmut_3(self, a=None):\n        b = 1\n        return a < b\n"
        "@staticmethod\ndef x_f__mutmut_orig(a):\n    x = 0\n    return a < b\n"
        "@staticmethod\ndef x_f__mutmut_7(a):\n    x = 0\n    return a <= b\n"
        "def x_g__mutmut_9(a):\n    return a\n"  # no original: not a mutant to fingerprint
    )
    found = script.fingerprints(source)
    assert set(found) == {"xǁCǁm__mutmut_1", "xǁCǁm__mutmut_2", "xǁCǁm__mutmut_3",
                          "x_f__mutmut_7"}
    change = "-        return a < b\n+        return a <= b"
    assert found["xǁCǁm__mutmut_1"] == hashlib.sha256(change.encode()).hexdigest()[:8]
    # The same change one level less indented, in another function, after another line.
    assert found["x_f__mutmut_7"] == hashlib.sha256(
        b"-    return a < b\n+    return a <= b").hexdigest()[:8]
    assert len({found["xǁCǁm__mutmut_1"], found["xǁCǁm__mutmut_2"],
                found["xǁCǁm__mutmut_3"]}) == 3  # a change of the signature counts too


def test_a_listed_mutant_whose_change_is_another_now_is_not_reviewed(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An edit of a function renumbers its mutants: a listed name now naming another change
    is reported with both fingerprints, counted as not reviewed, and run by --recheck."""
    war = "cardwar.variants.war.x_step__mutmut_"
    _write(tmp_path, "variants.war", {f"{war}1": 0, f"{war}2": 0, f"{war}3": 1}, shift=1)
    _lists(tmp_path, equivalent=[f"{war}1"], outside=[f"{war}2"])
    assert script.report(0.0, []) == 1
    out = capsys.readouterr().out
    assert _row(out, "variants.war")[1:] == ["3", "1", "0", "2", "0", "0", "33.3%"]
    assert out.endswith(
        "2 listed mutants are not the change reviewed (their function changed); review them "
        f"again:\n  {war}1 [{_fingerprint(war + '1')}], now [{_fingerprint(war + '1', 1)}]\n"
        f"  {war}2 [{_fingerprint(war + '2')}], now [{_fingerprint(war + '2', 1)}]\n")
    assert "not reviewed (mutmut show" not in out
    assert script.unreviewed_survivors([]) == [f"{war}1", f"{war}2"]
    # The same verdicts on the code as reviewed: both are reviewed.
    _write(tmp_path, "variants.war", {f"{war}1": 0, f"{war}2": 0, f"{war}3": 1})
    assert script.report(0.0, []) == 0
    assert _row(capsys.readouterr().out, "variants.war")[1:] == [
        "3", "1", "0", "2", "1", "1", "66.7%"]
    assert script.unreviewed_survivors([]) == []
    # A mutated module mutmut has not written: nothing can be checked, nothing is reviewed.
    (tmp_path / "mutants" / "variants" / "war.py").unlink()
    assert script.report(0.0, []) == 1
    assert f"{war}1 [{_fingerprint(war + '1')}], now [unknown]" in capsys.readouterr().out


def test_recheck_runs_the_unreviewed_survivors_by_name(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # mutmut keeps a survivor's verdict when a test written later would kill it:
    # --recheck names the survivors that neither list names, of the chosen modules.
    war = "cardwar.variants.war.x_step__mutmut_"
    rng = "cardwar.rng.x_below__mutmut_"
    _write(tmp_path, "variants.war", {f"{war}1": 1, f"{war}2": 0, f"{war}3": 0, f"{war}4": 0,
                                      f"{war}5": None, f"{war}6": -24})
    _write(tmp_path, "rng", {f"{rng}1": 0})
    _lists(tmp_path, equivalent=[f"{war}3"], outside=[f"{war}4"])
    assert script.unreviewed_survivors([]) == [rng + "1", war + "2"]
    assert script.unreviewed_survivors(["war"]) == [war + "2"]
    runs: list[list[str]] = []
    monkeypatch.setattr(script.subprocess, "run", lambda command, **kw: runs.append(command))
    assert script.main(["--recheck", "war"]) == 1  # the survivor is still there
    assert runs[0][-2:] == ["2", war + "2"]  # after --max-children 2
    assert runs[0][2:4] == ["mutmut", "run"]
    _lists(tmp_path, equivalent=[f"{war}3", f"{war}2"], outside=[f"{war}4"])
    assert script.main(["--recheck", "war"]) == 1  # war's mutmut_5 is not checked yet
    assert len(runs) == 1
    assert "no unreviewed survivors to run again" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        script.main(["--recheck", "--report-only"])


def test_a_map_of_tests_older_than_the_code_is_collected_again(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """mutmut maps only new tests to functions: after a change to ``src/`` or ``tests/``
    since the map's commit, the map is thrown away so that mutmut collects it again."""
    import subprocess

    def git(*args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                              cwd=tmp_path, check=True, capture_output=True, text=True).stdout

    monkeypatch.setattr(script, "ROOT", tmp_path)
    monkeypatch.setattr(script, "STATS", tmp_path / "mutants" / "mutmut-stats.json")
    git("init", "-q")
    for name in ("src/m.py", "tests/test_m.py", "docs/page.md"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x = 1\n", encoding="utf-8")
    git("add", ".")
    git("commit", "-q", "-m", "first")
    head = git("rev-parse", "HEAD").strip()
    assert script.stale_map() is None  # no map yet: mutmut collects one anyway
    (tmp_path / "mutants").mkdir()
    script.STATS.write_text(json.dumps({"git_commit": head}), encoding="utf-8")
    assert script.stale_map() is None
    (tmp_path / "docs/page.md").write_text("changed\n", encoding="utf-8")
    assert script.stale_map() is None  # only src/ and tests/ change what the map holds
    (tmp_path / "src/m.py").write_text("x = 2\n", encoding="utf-8")
    (tmp_path / "tests/test_m.py").write_text("x = 2\n", encoding="utf-8")
    assert script.stale_map() == f"src/ and tests/ changed since its commit {head[:7]} (2 files)"
    script.forget_stale_map()
    assert not script.STATS.exists()
    assert capsys.readouterr().out == (
        f"mutmut's map of tests to functions is collected again: src/ and tests/ changed "
        f"since its commit {head[:7]} (2 files)\n")
    script.forget_stale_map()  # nothing to forget: nothing printed
    assert capsys.readouterr().out == ""
    script.STATS.write_text(json.dumps({"git_commit": "0" * 40}), encoding="utf-8")
    assert script.stale_map() == "its commit 0000000 is not in this repository"
    script.STATS.write_text(json.dumps({}), encoding="utf-8")
    assert script.stale_map() == "it names no commit"


def test_the_committed_lists_are_well_formed() -> None:
    """Each committed entry has a name, a fingerprint and a reason, once, in one list, and
    names a mutant of a module mutmut mutates."""
    script = load_script("mutation")
    equivalent = script.load_list(script.EQUIVALENT)
    outside = script.load_list(script.KILLED_OUTSIDE)
    assert equivalent
    assert outside
    assert not set(equivalent) & set(outside)
    for name in (*equivalent, *outside):
        module = name.removeprefix("cardwar.").rpartition(".")[0].replace(".", "/")
        source = script.ROOT / "src" / "cardwar" / module
        assert source.with_suffix(".py").is_file() or (source / "__init__.py").is_file(), name
        assert "_batch_numba" not in name, name  # not mutated (see [tool.mutmut])
        assert "__mutmut_" in name, name


def _results(tmp_path: Path) -> None:
    """Verdicts of two modules, of every kind, with a reviewed and an unreviewed survivor."""
    war = "cardwar.variants.war.rules.x_step__mutmut_"
    rng = "cardwar.rng.x_mix64__mutmut_"
    _write(tmp_path, "variants.war.rules", {f"{war}1": 1, f"{war}2": 0, f"{war}3": -24,
                                            f"{war}4": None, f"{war}5": 0})
    _write(tmp_path, "rng", {f"{rng}2": 3, f"{rng}1": 0})
    _lists(tmp_path, equivalent=[f"{war}2"], outside=[f"{rng}1"])


def test_saved_results_report_as_the_run_did(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The verdicts saved from ``mutants/`` give the same report on a clone without it:
    the same counts, the same survivors reviewed and not, with the same fingerprints."""
    import shutil

    _results(tmp_path)
    assert script.report(0.0, []) == 1  # war's mutmut_5 is not reviewed, mutmut_4 not run
    before = capsys.readouterr().out
    script.save_results()
    assert "6 verdicts saved to results.json" in capsys.readouterr().out
    saved = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    rules = saved["files"]["variants/war/rules.py"]
    assert rules["verdicts"] == {"cardwar.variants.war.rules.x_step": [1, 0, -24, None, 0]}
    assert rules["functions"] == {"x_step": "hash of x_step"}
    war = "cardwar.variants.war.rules.x_step__mutmut_"
    assert rules["fingerprints"] == {f"{war}2": _fingerprint(f"{war}2"),
                                     f"{war}5": _fingerprint(f"{war}5")}
    assert saved["files"]["rng.py"]["verdicts"] == {"cardwar.rng.x_mix64": [0, 3]}
    shutil.rmtree(tmp_path / "mutants")
    assert script.report(0.0, []) == 1
    assert capsys.readouterr().out == before
    # Saved under a changed fingerprint, a listed survivor is not the change reviewed.
    rules["fingerprints"][f"{war}2"] = "00000000"
    (tmp_path / "results.json").write_text(json.dumps(saved), encoding="utf-8")
    script.report(0.0, [])
    assert f"{war}2 [{_fingerprint(war + '2')}], now [00000000]" in capsys.readouterr().out


def test_a_clone_without_mutants_starts_from_the_saved_verdicts(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The saved verdicts become mutmut's metadata again, with mutmut's hash of each
    function (by which mutmut keeps a verdict or checks the mutant again); the mutated
    module is removed so that mutmut writes it again and compares the hashes. A file that
    ``mutants/`` already has verdicts for keeps them, and a file no longer in ``src/``
    is left out."""
    import shutil

    _results(tmp_path)
    script.save_results()
    original = {p.relative_to(tmp_path).as_posix(): json.loads(p.read_text(encoding="utf-8"))
                for p in sorted(tmp_path.glob("mutants/**/*.meta"))}
    shutil.rmtree(tmp_path / "mutants")
    for source in ("rng.py", "variants/war/rules.py"):
        (tmp_path / "src/cardwar" / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src/cardwar" / source).write_text("x = 1\n", encoding="utf-8")
    capsys.readouterr()
    script.restore_results()
    assert capsys.readouterr().out.startswith("6 verdicts taken from results.json (given on ")
    restored = {p.relative_to(tmp_path).as_posix(): json.loads(p.read_text(encoding="utf-8"))
                for p in sorted(tmp_path.glob("mutants/**/*.meta"))}
    assert restored.keys() == original.keys()
    for path, meta in restored.items():
        assert meta["exit_code_by_key"] == original[path]["exit_code_by_key"], path
        assert meta["hash_by_function_name"] == original[path]["hash_by_function_name"], path
    assert not (tmp_path / "mutants/rng.py").exists()
    # Saved again before mutmut writes the mutants (a run interrupted at once), the
    # survivors keep their fingerprints.
    saved = (tmp_path / "results.json").read_text(encoding="utf-8")
    script.save_results()
    assert json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["files"] == (
        json.loads(saved)["files"])
    assert capsys.readouterr().out.startswith("6 verdicts saved")
    # Verdicts already in mutants/ are not replaced; a file gone from src/ is not restored.
    meta = tmp_path / "mutants/rng.py.meta"
    meta.write_text(json.dumps({"exit_code_by_key": {}}), encoding="utf-8")
    (tmp_path / "mutants/variants/war/rules.py.meta").unlink()
    (tmp_path / "src/cardwar/variants/war/rules.py").unlink()
    script.restore_results()
    assert capsys.readouterr().out == ""
    assert json.loads(meta.read_text(encoding="utf-8")) == {"exit_code_by_key": {}}
    assert not (tmp_path / "mutants/variants/war/rules.py.meta").exists()


def test_mutants_numbered_with_a_gap_are_not_saved(script: ModuleType, tmp_path: Path) -> None:
    # The saved verdicts of a function are a list in mutmut's order, mutant 1 first.
    rng = "cardwar.rng.x_mix64__mutmut_"
    _write(tmp_path, "rng", {f"{rng}1": 1, f"{rng}3": 0})
    with pytest.raises(SystemExit, match="x_mix64 are not numbered 1 to 2"):
        script.save_results()
    assert not (tmp_path / "results.json").exists()


def test_every_run_saves_its_verdicts_even_interrupted(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def interrupted(command: list[str], **kwargs: object) -> None:
        assert command[2:4] == ["mutmut", "run"]
        _results(tmp_path)  # what mutmut checked before the interruption
        raise KeyboardInterrupt

    monkeypatch.setattr(script.subprocess, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        script.main([])
    saved = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert saved["format"] == 1
    assert saved["files"]["rng.py"]["verdicts"] == {"cardwar.rng.x_mix64": [0, 3]}
    (tmp_path / "results.json").unlink()
    assert script.main(["--save"]) == 1  # then reports: an unreviewed survivor
    assert (tmp_path / "results.json").exists()
    assert "6 verdicts saved" in capsys.readouterr().out
    for pair in (["--save", "--report-only"], ["--save", "--recheck"]):
        with pytest.raises(SystemExit):
            script.main(pair)
    (tmp_path / "results.json").write_text(json.dumps({"format": 2}), encoding="utf-8")
    with pytest.raises(SystemExit, match="not a format this script reads"):
        script.load_saved()


def test_a_run_of_some_modules_checks_only_their_mutants_not_checked_yet(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # mutmut runs every mutant a name given to it matches, checked or not: a run of some
    # modules names their mutants not checked, after mutmut wrote them: a function with no
    # mutant checked by a pattern, a function checked in part by the unchecked names.
    war = "cardwar.variants.war.rules.x_step__mutmut_"
    deal = "cardwar.variants.war.rules.x_deal__mutmut_"
    rng = "cardwar.rng.x_below__mutmut_"
    _lists(tmp_path, equivalent=[], outside=[])
    runs: list[list[str]] = []

    def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        runs.append(command)
        if command[1] == "-c":  # mutmut writes the mutants: war's deal is new
            assert "create_mutants" in command[2]
            assert command[3] == "2"
            _write(tmp_path, "variants.war.rules", {f"{war}1": 1, f"{war}2": None,
                                                    f"{deal}1": None, f"{deal}2": None})
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(script.subprocess, "run", run)
    _write(tmp_path, "rng", {f"{rng}1": None, f"{rng}2": 1})
    assert script.main(["war"]) == 1  # war's mutants are not all checked after the fake run
    assert [command[1] for command in runs] == ["-c", "-m"]
    assert runs[1][2:6] == ["mutmut", "run", "--max-children", "2"]
    assert runs[1][6:] == ["cardwar.variants.war.rules.x_deal[_]_mutmut_*", f"{war}2"]
    # As mutmut's filter reads them, the pattern matches its own function's mutants only,
    # and the name its own mutant only: step's checked mutant is not run again.
    names = [f"{deal}1", f"{deal}12", f"{war}1", f"{war}2", f"{war}21",
             "cardwar.variants.war.rules.x_deal_two__mutmut_1"]
    assert [n for n in names if fnmatch.fnmatch(n, runs[1][6])] == [f"{deal}1", f"{deal}12"]
    assert [n for n in names if fnmatch.fnmatch(n, runs[1][7])] == [f"{war}2"]
    # A module whose every mutant has its verdict is not run.
    _write(tmp_path, "rng", {f"{rng}1": 1, f"{rng}2": 1})
    runs.clear()
    assert script.main(["rng"]) == 0
    assert [command[1] for command in runs] == ["-c"]
    assert "every mutant of these modules has its verdict" in capsys.readouterr().out
    # A name that selects no module is refused, with the names that do.
    with pytest.raises(SystemExit):
        script.main(["--report-only", "rgn"])
    assert "no module is named rgn (short names: rng, war; or a module's own name" in (
        capsys.readouterr().err)
    # A module is also selected by its own name, as the report prints it.
    runs.clear()
    assert script.main(["variants.war.rules", "rng"]) == 1
    assert runs[1][6:] == ["cardwar.variants.war.rules.x_deal[_]_mutmut_*", f"{war}2"]
    capsys.readouterr()
    assert script.report(90.0, ["variants.war.rules"]) == 1
    out = capsys.readouterr().out
    assert "variants.war.rules" in out
    assert "\nrng " not in out


def test_mutmut_failing_to_write_the_mutants_stops_the_run(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(script.subprocess, "run", lambda command, **kwargs:
                        subprocess.CompletedProcess(command, 1, "", "ImportError: no mutmut"))
    with pytest.raises(SystemExit, match=r"could not write the mutants.*\n.*no mutmut"):
        script.main(["war"])


@pytest.mark.committed_files
def test_the_verification_page_shows_the_saved_results(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table on the verification page is, line for line, the report of the committed
    verdicts: ``scripts/mutation.py --report-only`` on a clone without ``mutants/``."""
    script = load_script("mutation")
    monkeypatch.setattr(script, "META_ROOT", tmp_path / "no mutants here")
    script.report(90.0, [])
    page = (script.ROOT / "docs" / "verification.md").read_text(encoding="utf-8")
    command = "$ .venv/bin/python scripts/mutation.py --report-only\n"
    assert page.count(command + "module") == 1, "the page shows one report"
    block = "module" + page.split(command + "module", 1)[1].split("```", 1)[0]
    assert block == capsys.readouterr().out


@pytest.mark.parametrize("under_mutmut", [False, True], ids=["pytest", "mutmut"])
def test_mutmut_runs_leave_out_the_check_of_the_page(under_mutmut: bool) -> None:
    """The page test runs in the suite but not in mutmut's runs (which set
    ``MUTANT_UNDER_TEST``, empty in its clean run): a run saves verdicts the page does not
    show yet, and the next run of the same clone would stop at mutmut's clean run."""
    env = {key: value for key, value in os.environ.items() if key != "MUTANT_UNDER_TEST"}
    if under_mutmut:
        env["MUTANT_UNDER_TEST"] = ""
    page_test = test_the_verification_page_shows_the_saved_results.__name__
    node = f"tests/test_mutation_report.py::{page_test}"
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider", "-p", "no:xdist", node],
                          cwd=load_script("mutation").ROOT, capture_output=True, text=True,
                          check=False, timeout=120, env=env)
    if under_mutmut:
        assert (done.returncode, "1 deselected" in done.stdout) == (5, True), done.stdout
    else:
        assert (done.returncode, node in done.stdout) == (0, True), done.stdout


@pytest.mark.parametrize("unbuffered", ["", "1"], ids=["buffered", "unbuffered"])
def test_a_reader_that_goes_early_ends_the_report_quietly(unbuffered: str) -> None:
    """``scripts/mutation.py --report-only | head`` prints no traceback when ``head`` has
    read enough: here the pipe's reading end is closed before the script writes, with
    stdout buffered (the report meets the closed pipe when it is flushed) or not."""
    script = load_script("mutation").ROOT / "scripts" / "mutation.py"
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, str(script), "--report-only"],
                              stdout=write_end, stderr=subprocess.PIPE, text=True,
                              check=False, timeout=120, env=env)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")
