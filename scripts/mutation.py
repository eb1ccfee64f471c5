"""Run mutation testing with mutmut and report the score of every module.

Usage (from the repository root, with the ``mutation`` extra installed)::

    .venv/bin/python scripts/mutation.py                 # run every module, then report
    .venv/bin/python scripts/mutation.py rng cards       # run only these modules
    .venv/bin/python scripts/mutation.py caravan         # every module of one game
    .venv/bin/python scripts/mutation.py registry        # cardwar/variants/__init__.py
    .venv/bin/python scripts/mutation.py variants.caravan._batch  # one module of a game
    .venv/bin/python scripts/mutation.py --report-only   # report the last run
    .venv/bin/python scripts/mutation.py --recheck       # run the unreviewed survivors again
    .venv/bin/python scripts/mutation.py --save          # save the verdicts (runs do so too)

mutmut's own settings are in ``[tool.mutmut]`` of ``pyproject.toml``: which modules it
mutates (``only_mutate``) and which tests it runs against each mutant (mutmut runs only the
tests that reach the mutated function, fastest first). Its results live in ``mutants/``
(ignored by git); a second run only tests the mutants of functions that changed, so a
survivor keeps its verdict when a test written later would kill it: ``--recheck`` runs the
unreviewed survivors (of the chosen modules) again against today's tests. mutmut runs
every mutant a name given to it matches, checked or not, so a run of some modules has
mutmut write the mutants first and then names only the mutants of those modules not
checked (see :func:`unchecked_names`).

A whole run takes longer than one sitting, and ``mutants/`` stays on the machine that ran
it. So the verdicts are also kept in git: every run ends (finished, failed or interrupted)
by saving them to ``scripts/mutation_results.json`` (``--save`` saves without running),
and a run on a clone without ``mutants/`` starts from that file: mutmut keeps the saved
verdict of every function whose source is unchanged (its own rule between two runs) and
checks the rest. ``--report-only`` on such a clone reports the saved verdicts, which is how
the verification page's table can be checked from a clean clone.

mutmut maps tests to the functions they call once (its stats, ``mutants/mutmut-stats.json``)
and later maps only tests it has not seen: a function added or changed since would be
given only the new tests (a sampler split in two keeps its old tests on the public half),
and its mutants would survive the tests that no longer reach them. So a run first throws
the map away when ``src/`` or ``tests/`` changed since the commit it was collected on, and
mutmut collects it again (about half an hour on two cores).

The report counts, per module: mutants, killed (a test failed), timed out (the mutant made
a test run far longer than it should, which the tests' time limit catches), survived, and
of the survivors those reviewed as equivalent in ``scripts/equivalent_mutants.txt``: mutants
that change the code but not its behaviour, each listed with the reason. Survivors listed
in ``scripts/killed_outside_mutmut.txt`` are killed by a named test that mutmut cannot
choose for them (code that runs only when a module is imported, which no test calls; the
test starts a fresh interpreter), as ``MUTANT_UNDER_TEST=<name> pytest <test>`` shows. The
score is the share of mutants killed, timed out or killed outside mutmut; equivalent
mutants are not taken out of it. The run fails (exit 1) if a module scores under ``--min``
percent (90 by default) or if a survivor is in neither list (every survivor is reviewed).

mutmut numbers a function's mutants in order, so an edit of the function can give a
reviewed mutant's name to another change. Each listed name therefore carries the
fingerprint of the change that was reviewed (``[1a2b3c4d]``: see :func:`fingerprints`);
a listed survivor whose change is not that one any more counts as not reviewed, and the
report names it with both fingerprints. The report prints the fingerprint of every
survivor it asks to be reviewed.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "scripts" / "equivalent_mutants.txt"
RESULTS = ROOT / "scripts" / "mutation_results.json"
KILLED_OUTSIDE = ROOT / "scripts" / "killed_outside_mutmut.txt"
META_ROOT = ROOT / "mutants" / "src" / "cardwar"
STATS = ROOT / "mutants" / "mutmut-stats.json"

# mutmut's exit-code classes (mutmut/stats.py). A test process ended by a segmentation
# fault (-11, mutmut's "segfault": a compiled kernel reading outside its arrays) or aborted
# (-6, SIGABRT, mutmut's "suspicious": the C library finding its heap corrupted by a kernel
# writing outside its arrays) failed the run as surely as a failing test, and counts as
# killed. `caravan.encoding` `max_numbers` mutmut_5 sizes Caravan's batch buffers too small:
# "corrupted double-linked list" in `tests/test_batch_caravan.py`.
KILLED = {1, 3, -6, -11}
# A test process ended by SIGKILL (-9, which mutmut reports as "segfault" too) did not end
# within its limits: the kernel sends it one second after SIGXCPU (-24) to a process still
# running past mutmut's CPU limit, and the OOM killer sends it to a process that grew
# without bound (a battle loop appending rounds for ever: `_battle.rules` `_duel_war`
# mutmut_29 was killed at 14 GB). It counts as timed out.
TIMEOUT = {36, -24, 24, 152, 255, -9}
SURVIVED = {0}


ENTRY = re.compile(r"(?P<name>\S+) \[(?P<fingerprint>[0-9a-f]{8})\] -- (?P<reason>.*\S.*)")


def load_list(path: Path = EQUIVALENT) -> dict[str, str]:
    """Return the mutants listed in ``path`` (``<name> [<fingerprint>] -- <reason>``
    lines): name -> fingerprint of the change reviewed."""
    reviewed: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry = ENTRY.fullmatch(line)
        if entry is None:
            sys.exit(f"{path}:{number}: expected '<mutant> [<fingerprint>] -- <reason>'")
        if entry["name"] in reviewed:
            sys.exit(f"{path}:{number}: {entry['name']} is listed twice")
        reviewed[entry["name"]] = entry["fingerprint"]
    return reviewed


def fingerprints(source: str) -> dict[str, str]:
    """Return the fingerprint of every mutant in ``source``, a module as mutmut writes it
    into ``mutants/`` (each function's original as ``x_<f>__mutmut_orig`` beside its mutants
    ``x_<f>__mutmut_<n>``): the mutant's name (``x_f__mutmut_3``) -> the first 8 hex digits
    of the SHA-256 of its change, the lines it removes and adds against the original, in
    order, with the function's own name left out. The fingerprint depends on what the
    mutant changes, not on its number or on where in the function the change is."""
    lines = source.splitlines()
    functions: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "__mutmut_" in node.name:
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            functions[node.name] = [line.replace(node.name, "") for line in
                                    lines[start - 1:node.end_lineno]]
    found: dict[str, str] = {}
    for name, mutant in functions.items():
        base, _, number = name.rpartition("__mutmut_")
        original = functions.get(base + "__mutmut_orig")
        if number == "orig" or original is None:
            continue
        change = [line for line in difflib.unified_diff(original, mutant, lineterm="", n=0)
                  if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        found[name] = hashlib.sha256("\n".join(change).encode()).hexdigest()[:8]
    return found


def fingerprint_of(name: str, module: str, cache: dict[str, dict[str, str]]) -> str:
    """Return the fingerprint of the mutant ``name`` (``cardwar.rng.x_mix64__mutmut_1``) of
    ``module`` (``rng``) from the mutated module mutmut wrote, else from the saved results
    (which keep those of the survivors), or ``"unknown"``; ``cache`` keeps each module's,
    by full name."""
    if module not in cache:
        path = META_ROOT / (module.replace(".", "/") + ".py")
        if path.exists():
            prefix = "cardwar." + module.removesuffix(".__init__") + "."
            cache[module] = {prefix + short: fingerprint for short, fingerprint
                             in fingerprints(path.read_text(encoding="utf-8")).items()}
        else:
            if " saved" not in cache:
                cache[" saved"] = saved_fingerprints()
            cache[module] = cache[" saved"]
    return cache[module].get(name, "unknown")


def _module(path: str) -> str:
    """Return the module of a file under ``src/cardwar`` (``variants/war/rules.py`` ->
    ``variants.war.rules``), as the report names it."""
    return path.removesuffix(".py").replace("/", ".")


def load_results() -> dict[str, tuple[str, int | None]]:
    """Return every mutant's module (``rng``, ``variants.war.rules``) and exit code, from
    mutmut's metadata files in ``mutants/``, or from the saved results when there are none
    (a clone that has not run mutmut)."""
    results: dict[str, tuple[str, int | None]] = {}
    metas = sorted(META_ROOT.rglob("*.py.meta"))
    if not metas:
        for path, entry in load_saved().get("files", {}).items():
            for function, codes in entry["verdicts"].items():
                for number, code in enumerate(codes, 1):
                    results[f"{function}__mutmut_{number}"] = (_module(path), code)
        return results
    for meta in metas:
        module = _module(meta.relative_to(META_ROOT).as_posix().removesuffix(".meta"))
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data["exit_code_by_key"].items():
            results[name] = (module, code)
    return results


def load_saved() -> dict[str, Any]:
    """Return the saved results (``scripts/mutation_results.json``), or ``{}``."""
    if not RESULTS.exists():
        return {}
    saved: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    if saved.get("format") != 1:
        sys.exit(f"{RESULTS}: not a format this script reads (format 1)")
    return saved


def saved_fingerprints() -> dict[str, str]:
    """Return the saved fingerprints of the surviving mutants: name -> fingerprint."""
    return {name: fingerprint for entry in load_saved().get("files", {}).values()
            for name, fingerprint in entry["fingerprints"].items()}


def _is_survivor(code: int | None) -> bool:
    return code is not None and code not in KILLED and code not in TIMEOUT


def save_results() -> None:
    """Save the verdicts in ``mutants/`` to ``scripts/mutation_results.json``: per mutated
    file, mutmut's hash of each function (by which a later run keeps or drops a verdict),
    the exit code of each mutant of each function in order (``null`` for not checked), and
    the fingerprint of each survivor (for the report on a clone without ``mutants/``)."""
    metas = sorted(META_ROOT.rglob("*.py.meta"))
    if not metas:
        print("no verdicts in mutants/ to save")
        return
    head = git_head()
    # A file whose mutants mutmut has not written again since a restore keeps the saved
    # fingerprints of its survivors (fingerprint_of falls back on them).
    cache: dict[str, dict[str, str]] = {}
    files: dict[str, Any] = {}
    for meta in metas:
        path = meta.relative_to(META_ROOT).as_posix().removesuffix(".meta")
        data = json.loads(meta.read_text(encoding="utf-8"))
        numbered: dict[str, dict[int, int | None]] = {}
        for name, code in data["exit_code_by_key"].items():
            function, _, number = name.rpartition("__mutmut_")
            numbered.setdefault(function, {})[int(number)] = code
        verdicts: dict[str, list[int | None]] = {}
        for function, codes in sorted(numbered.items()):
            if sorted(codes) != list(range(1, len(codes) + 1)):
                sys.exit(f"{meta}: the mutants of {function} are not numbered 1 to {len(codes)}")
            verdicts[function] = [codes[n] for n in range(1, len(codes) + 1)]
        files[path] = {
            "functions": dict(sorted(data.get("hash_by_function_name", {}).items())),
            "verdicts": verdicts,
            "fingerprints": {name: fingerprint_of(name, _module(path), cache)
                             for name, code in sorted(data["exit_code_by_key"].items())
                             if _is_survivor(code)},
        }
    text = json.dumps({"format": 1, "commit": head, "files": files}, indent=1,
                      ensure_ascii=False)
    # One line per function's verdicts, not one per mutant.
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]",
                  lambda m: "[" + re.sub(r",\s+", ", ", m[1]) + "]", text)
    RESULTS.write_text(text + "\n", encoding="utf-8")
    checked = sum(code is not None for entry in files.values()
                  for codes in entry["verdicts"].values() for code in codes)
    print(f"{checked} verdicts saved to {RESULTS.relative_to(ROOT)} (commit it to keep them)")


def git_head() -> str:
    """Return the commit checked out, or ``"unknown"`` outside a git repository."""
    try:
        with subprocess.Popen(["git", "rev-parse", "HEAD"], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as git:
            out, _ = git.communicate()
    except OSError:
        return "unknown"
    return out.strip() if git.returncode == 0 else "unknown"


def restore_results() -> None:
    """Give mutmut the saved verdicts of every mutated file that ``mutants/`` has none for
    (a fresh clone): its metadata file is written from the saved results and its mutated
    module removed, so that mutmut writes the mutants again and keeps the verdict of each
    function whose hash is the saved one (as between two of its own runs)."""
    saved = load_saved()
    restored = 0
    for path, entry in sorted(saved.get("files", {}).items()):
        meta = META_ROOT / (path + ".meta")
        if meta.exists() or not (ROOT / "src" / "cardwar" / path).exists():
            continue
        meta.parent.mkdir(parents=True, exist_ok=True)
        (META_ROOT / path).unlink(missing_ok=True)
        codes = {f"{function}__mutmut_{number}": code
                 for function, verdicts in entry["verdicts"].items()
                 for number, code in enumerate(verdicts, 1)}
        meta.write_text(json.dumps({
            "exit_code_by_key": codes,
            "hash_by_function_name": entry["functions"],
            "durations_by_key": {},
            "estimated_durations_by_key": {},
        }), encoding="utf-8")
        restored += sum(code is not None for code in codes.values())
    if restored:
        print(f"{restored} verdicts taken from {RESULTS.relative_to(ROOT)} (given on "
              f"{str(saved.get('commit'))[:7]}); mutmut keeps those of the functions unchanged "
              "since")


def short_name(module: str) -> str:
    """Return the name a module is selected by: its last part (``rng``), the game for a
    module of a game's package (``war`` for ``variants.war.rules``, ``_battle`` for the War
    family's engine), and ``registry`` for ``variants.__init__``."""
    parts = module.split(".")
    if parts == ["variants", "__init__"]:
        return "registry"
    if len(parts) >= 3 and parts[0] == "variants":
        return parts[1]
    return parts[-1]


def selected(module: str, names: Collection[str]) -> bool:
    """Tell whether ``names`` select ``module``: by its short name (``rng``, ``caravan``
    for every module of Caravan's package, ``registry``) or by its own name, as the report
    prints it (``variants.caravan._batch``)."""
    return short_name(module) in names or module in names


def listed_module(name: str, modules: Collection[str]) -> str:
    """Return the module of a mutant named in a list (``rng`` for
    ``cardwar.rng.x_mix64__mutmut_1``), as :func:`load_results` names modules: a
    package's own mutants are in its ``__init__`` (the registry's, ``cardwar.variants.x_f``,
    in ``variants.__init__``), as ``modules``, the modules of the results, tell."""
    module = name.removeprefix("cardwar.").rpartition(".")[0]
    if module == "variants" or module + ".__init__" in modules:
        return module + ".__init__"
    return module


# mutmut's first step of a run, alone: write the mutants of every file and their metadata
# (a file unchanged since is left as it is, a changed function's verdicts are dropped),
# test none. mutmut 3.8 has no command for it.
GENERATE = """\
import sys
from mutmut.__main__ import create_mutants
from mutmut.utils.file_utils import copy_src_dir
copy_src_dir()
create_mutants(int(sys.argv[1]))
"""


def generate_mutants(max_children: int) -> None:
    """Have mutmut write the mutants and their metadata without testing any, so that the
    mutants still to check are known by name before its run."""
    done = subprocess.run([sys.executable, "-c", GENERATE, str(max_children)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"mutmut could not write the mutants (this script calls mutmut 3.8's "
                 f"create_mutants):\n{done.stderr}")


def unchecked_names(modules: Collection[str]) -> list[str]:
    """Return the names and patterns that give mutmut the mutants of ``modules`` not checked
    yet, and no other. mutmut runs every mutant a name or pattern given to it matches,
    checked or not, so a pattern per module would check its verdicts again. A function with
    no mutant checked is named by a pattern, ``<function>[_]_mutmut_*``, which matches that
    function's mutants and no other function's (it keeps the command short); a function
    checked in part (a run was stopped in it) by the names of its mutants not checked, for
    its checked mutants can take minutes each to run again."""
    functions: dict[str, list[str]] = {}
    checked: set[str] = set()
    for name, (module, code) in load_results().items():
        if selected(module, modules):
            function = name.rpartition("__mutmut_")[0]
            if code is None:
                functions.setdefault(function, []).append(name)
            else:
                checked.add(function)
    return sorted(
        name
        for function, names in functions.items()
        for name in (names if function in checked else [function + "[_]_mutmut_*"])
    )


def module_refusal(modules: Collection[str]) -> str | None:
    """Return why ``modules`` cannot be chosen (a name that selects no module of the
    results), or ``None``."""
    found = {module for module, _ in load_results().values()}
    shorts = {short_name(module) for module in found}
    unknown = [name for name in modules if found and name not in found | shorts]
    if not unknown:
        return None
    return (f"no module is named {', '.join(unknown)} (short names: {', '.join(sorted(shorts))}; "
            "or a module's own name, as the report prints it)")


def report(minimum: float, modules: list[str]) -> int:
    """Print the per-module table; return the exit status."""
    results = load_results()
    reviewed = load_list(EQUIVALENT)
    outside = load_list(KILLED_OUTSIDE)
    counts: dict[str, Counter[str]] = {}
    unreviewed: list[str] = []
    changed: list[str] = []
    cache: dict[str, dict[str, str]] = {}
    for name, (module, code) in sorted(results.items()):
        if modules and not selected(module, modules):
            continue
        c = counts.setdefault(module, Counter())
        c["mutants"] += 1
        if code in KILLED:
            c["killed"] += 1
        elif code in TIMEOUT:
            c["timeout"] += 1
        elif code is None:
            c["unchecked"] += 1
        else:
            c["survived"] += 1
            now = fingerprint_of(name, module, cache)
            listed = outside.get(name, reviewed.get(name))
            if listed is not None and listed != now:
                changed.append(f"{name} [{listed}], now [{now}]")
            elif name in outside:
                c["outside"] += 1
            elif name in reviewed:
                c["equivalent"] += 1
            else:
                verdict = "no tests" if code in (5, 33) else code
                unreviewed.append(f"{name} [{now}] ({verdict})")
    chosen = {n: code for n, (module, code) in results.items() if module in counts}
    known = {module for module, _ in results.values()}
    stale = sorted(n for n in (*reviewed, *outside) if chosen.get(n) in KILLED)
    gone = sorted(n for n in (*reviewed, *outside) if n not in results
                  and (not modules or selected(listed_module(n, known), modules)))
    slow = sorted(n for n in reviewed if chosen.get(n) in TIMEOUT)
    status = 0
    width = max([22, *(len(module) + 1 for module in counts)])
    header = f"{'module':<{width}}{'mutants':>8}{'killed':>8}{'timeout':>8}{'survived':>9}"
    print(header + f"{'outside':>8}{'equivalent':>11}{'score':>8}")
    for module, c in sorted(counts.items()):
        detected = c["killed"] + c["timeout"] + c["outside"]
        score = 100.0 * detected / c["mutants"]
        flag = "" if score >= minimum and not c["unchecked"] else "  <-- below the minimum"
        if c["unchecked"]:
            flag = f"  <-- {c['unchecked']} not checked yet"
        if flag:
            status = 1
        print(
            f"{module:<{width}}{c['mutants']:>8}{c['killed']:>8}{c['timeout']:>8}{c['survived']:>9}"
            f"{c['outside']:>8}{c['equivalent']:>11}{score:>7.1f}%{flag}"
        )
    total = sum((c for c in counts.values()), Counter())
    if total["mutants"]:
        detected = total["killed"] + total["timeout"] + total["outside"]
        print(
            f"{'all':<{width}}{total['mutants']:>8}{total['killed']:>8}{total['timeout']:>8}"
            f"{total['survived']:>9}{total['outside']:>8}{total['equivalent']:>11}"
            f"{100.0 * detected / total['mutants']:>7.1f}%"
        )
    if unreviewed:
        status = 1
        print(f"\n{len(unreviewed)} surviving mutants not reviewed (mutmut show <name>):")
        for name in unreviewed:
            print("  " + name)
    if changed:
        status = 1
        print(f"\n{len(changed)} listed mutants are not the change reviewed (their function "
              "changed); review them again:")
        for name in changed:
            print("  " + name)
    if stale:
        print(f"\n{len(stale)} listed mutants are killed by mutmut now; remove them:")
        for name in stale:
            print("  " + name)
    if slow:
        print(f"\n{len(slow)} mutants listed as equivalent timed out (counted as detected):")
        for name in slow:
            print("  " + name)
    if gone:
        print(f"\n{len(gone)} listed mutants do not exist (their code changed); remove them:")
        for name in gone:
            print("  " + name)
    return status


def unreviewed_survivors(modules: list[str]) -> list[str]:
    """Return the names of the surviving mutants of ``modules`` (all if empty) that
    neither list names with their fingerprint of today."""
    listed = load_list(EQUIVALENT) | load_list(KILLED_OUTSIDE)
    cache: dict[str, dict[str, str]] = {}
    return [
        name for name, (module, code) in sorted(load_results().items())
        if (not modules or selected(module, modules))
        and _is_survivor(code) and listed.get(name) != fingerprint_of(name, module, cache)
    ]


def stale_map() -> str | None:
    """Return why mutmut's map of tests to functions must be collected again (``src/`` or
    ``tests/`` changed since the commit it was collected on), or ``None``."""
    if not STATS.exists():
        return None
    commit = json.loads(STATS.read_text(encoding="utf-8")).get("git_commit")
    if not commit:
        return "it names no commit"
    diff = subprocess.run(["git", "diff", "--name-only", commit, "--", "src", "tests"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if diff.returncode:
        return f"its commit {commit[:7]} is not in this repository"
    changed = diff.stdout.split()
    if changed:
        return f"src/ and tests/ changed since its commit {commit[:7]} ({len(changed)} files)"
    return None


def forget_stale_map() -> None:
    """Delete mutmut's map of tests to functions if it is stale (:func:`stale_map`), so
    that mutmut collects it again; verdicts already given are kept."""
    reason = stale_map()
    if reason is not None:
        print(f"mutmut's map of tests to functions is collected again: {reason}")
        STATS.unlink()


def main(argv: list[str] | None = None) -> int:
    """Run mutmut over the chosen modules (all by default) and report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="module names such as rng, war or registry")
    parser.add_argument("--report-only", action="store_true", help="report the last run")
    parser.add_argument("--min", type=float, default=90.0, help="minimum score per module")
    parser.add_argument("--max-children", type=int, default=2, help="parallel mutants")
    parser.add_argument("--recheck", action="store_true",
                        help="run the unreviewed survivors again against today's tests")
    parser.add_argument("--save", action="store_true",
                        help=f"save the verdicts in mutants/ to {RESULTS.relative_to(ROOT)} "
                             "without running mutmut (every run saves them when it ends)")
    args = parser.parse_args(argv)
    if sum((args.recheck, args.report_only, args.save)) > 1:
        parser.error("choose one of --recheck, --report-only and --save")
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children)]
    if args.save:
        save_results()
    elif not args.report_only:
        restore_results()
        if args.modules and not args.recheck:
            generate_mutants(args.max_children)
    refusal = module_refusal(args.modules)
    if refusal is not None:
        parser.error(refusal)
    if args.save or args.report_only:
        return report(args.min, args.modules)
    if args.recheck or args.modules:
        names = (unreviewed_survivors if args.recheck else unchecked_names)(args.modules)
        if not names:
            print("no unreviewed survivors to run again" if args.recheck
                  else "every mutant of these modules has its verdict")
            return report(args.min, args.modules)
        command += names
    forget_stale_map()
    try:
        subprocess.run(command, cwd=ROOT, check=True)
    finally:  # a run that failed or was interrupted keeps what it checked
        save_results()
    return report(args.min, args.modules)


def run(argv: list[str] | None = None) -> int:
    """:func:`main`, quiet when the reader of its output goes (``--report-only | head``)."""
    try:
        status = main(argv)
        sys.stdout.flush()  # a buffered report meets the closed pipe here, not at exit
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError):  # so the last flush is silent too
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(run())
