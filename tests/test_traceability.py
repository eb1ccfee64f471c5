"""Traceability between the rules pages and the tests (DESIGN section 6).

Every rule and resolved ambiguity on a rules page (``docs/rules/<variant>.md``) has a
stable ID, defined by a MyST target line just before it::

    (WAR-TIE)=
    **WAR-TIE** — A tie for the best card starts a war ...

Tests name the IDs they check with the ``rule`` marker, on a test or for a whole module
(``pytestmark``). These tests fail when an ID in the docs is named by no test, when a test
names an ID that no rules page defines, when a rules page lacks the required sections (or
has them out of order), and when a registered variant has no rules page.

The marker calls are found by parsing the test files with :mod:`ast`, so a test is counted
whether or not it is selected, skipped or parametrized in a given run.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

import cardwar

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
TESTS_DIR = ROOT / "tests"

#: The shape of a rule ID: the variant's name in capitals, then dash-separated words.
RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z0-9]+)+")
#: A MyST target line that defines a rule ID.
TARGET = re.compile(r"\((?P<id>[^()\s]+)\)=\s*$")
#: The sections every rules page has, in this order: a play sheet for the table, the
#: reference of the rules, where and why the page departs from or adds to its sources,
#: the notes for programmers, and the page's history.
SECTIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (title, re.compile(re.escape(title)))
    for title in ("How to play", "A game to step through", "Rules", "Sources and resolutions",
                  "Engine notes", "Rules version history")
)
#: The label of a rule (right after its bold ID) that says where it comes from when it is
#: not simply its source's: ``**WAR-LIMIT** (cardwar's own) — ...``, ``(departs from
#: S0)``, ``(reading of S2)``. Each such rule has its entry under Sources and resolutions.
LABEL = re.compile(r"\*\*(?P<id>[A-Z]+(?:-[A-Z0-9]+)+)\*\* "
                   r"\((?P<label>cardwar's own|departs from S\d|reading of S\d)\) — ")


class Place(NamedTuple):
    """Where a rule ID is defined or named: a file (relative to the root) and a line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def rules_pages() -> list[Path]:
    """Return the rules pages: every ``docs/rules/*.md`` but the index."""
    return sorted(p for p in RULES_DIR.glob("*.md") if p.name != "index.md")


def _markdown_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield ``(line number, line)`` of a Markdown file, outside fenced code blocks."""
    fence: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.lstrip()
        opening = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and opening:
            fence = opening.group(1)
            continue
        if fence is not None:
            if stripped.startswith(fence) and not stripped[len(fence) :].strip():
                fence = None
            continue
        yield number, line


def defined_ids(pages: list[Path]) -> dict[str, list[Place]]:
    """Return every rule ID defined by a target line on ``pages``, with its places."""
    found: dict[str, list[Place]] = {}
    for page in pages:
        for number, line in _markdown_lines(page):
            target = TARGET.match(line)
            if target and RULE_ID.fullmatch(target.group("id")):
                found.setdefault(target.group("id"), []).append(Place(_relative(page), number))
    return found


def _is_rule_marker(func: ast.expr) -> bool:
    # pytest.mark.rule
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rule"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
        and isinstance(func.value.value, ast.Name)
        and func.value.value.id == "pytest"
    )


def named_ids(test_files: list[Path]) -> tuple[dict[str, list[Place]], list[Place]]:
    """Return the rule IDs named by ``pytest.mark.rule(...)`` calls in ``test_files``
    (as decorators, in ``pytestmark`` or anywhere else), and the places of calls with an
    argument that is not a string literal, which cannot be traced.
    """
    found: dict[str, list[Place]] = {}
    untraceable: list[Place] = []
    for path in test_files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _is_rule_marker(node.func)):
                continue
            place = Place(_relative(path), node.lineno)
            if node.keywords or not node.args:
                untraceable.append(place)
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.setdefault(arg.value, []).append(place)
                else:
                    untraceable.append(place)
    return found, untraceable


def marker_files() -> list[Path]:
    """Return every Python file under ``tests/``."""
    return sorted(TESTS_DIR.rglob("*.py"))


def _listing(ids: dict[str, list[Place]]) -> str:
    return "\n".join(
        f"  {rule_id} ({', '.join(map(str, places))})" for rule_id, places in sorted(ids.items())
    )


def test_rules_pages_exist() -> None:
    assert rules_pages(), f"no rules pages in {_relative(RULES_DIR)}"


def test_every_rule_in_the_docs_is_tested() -> None:
    defined = defined_ids(rules_pages())
    named, _ = named_ids(marker_files())
    untested = {rule_id: places for rule_id, places in defined.items() if rule_id not in named}
    assert not untested, (
        "rule IDs defined in the docs that no test names with @pytest.mark.rule(...):\n"
        + _listing(untested)
    )


def test_every_rule_a_test_names_is_in_the_docs() -> None:
    defined = defined_ids(rules_pages())
    named, _ = named_ids(marker_files())
    undefined = {rule_id: places for rule_id, places in named.items() if rule_id not in defined}
    assert not undefined, (
        "rule IDs named by tests that no rules page (docs/rules/*.md) defines:\n"
        + _listing(undefined)
    )


def test_rule_markers_name_literal_ids() -> None:
    _, untraceable = named_ids(marker_files())
    assert not untraceable, (
        "pytest.mark.rule(...) calls must name rule IDs as string literals, positionally, so "
        "that they can be traced:\n" + "\n".join(f"  {place}" for place in untraceable)
    )


def test_each_rule_id_is_defined_once() -> None:
    defined = defined_ids(rules_pages())
    repeated = {rule_id: places for rule_id, places in defined.items() if len(places) > 1}
    assert not repeated, "rule IDs defined more than once:\n" + _listing(repeated)


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.stem)
def test_rule_targets_introduce_their_rule(page: Path) -> None:
    # The line after "(WAR-TIE)=" starts the rule itself: "**WAR-TIE** — ...".
    lines = page.read_text(encoding="utf-8").splitlines()
    bad = []
    for number, line in _markdown_lines(page):
        target = TARGET.match(line)
        if not target:
            continue
        rule_id = target.group("id")
        if not RULE_ID.fullmatch(rule_id):
            if rule_id.upper() == rule_id:
                bad.append(f"  line {number}: {rule_id!r} is not a valid rule ID")
            continue  # a lower-case label, such as a section's, is not a rule
        following = lines[number] if number < len(lines) else ""
        if not following.startswith(f"**{rule_id}**"):
            bad.append(f"  line {number}: ({rule_id})= is not followed by **{rule_id}** ...")
    assert not bad, f"{_relative(page)}: badly introduced rules:\n" + "\n".join(bad)


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.stem)
def test_rules_page_has_the_required_sections(page: Path) -> None:
    headings = [line[3:].strip() for _, line in _markdown_lines(page) if line.startswith("## ")]
    expected = [title for title, _ in SECTIONS]
    matches = len(headings) == len(SECTIONS) and all(
        pattern.fullmatch(heading) for heading, (_, pattern) in zip(headings, SECTIONS, strict=True)
    )
    assert matches, (
        f"{_relative(page)} must have exactly these '## ' sections, in order:\n"
        f"  {expected}\nbut has:\n  {headings}"
    )


@pytest.mark.parametrize("name", cardwar.variant_names())
def test_each_variant_has_a_rules_page(name: str) -> None:
    page = RULES_DIR / f"{name}.md"
    assert page.is_file(), f"variant {name!r} has no rules page {_relative(page)}"


def _parts(page: Path) -> dict[str, list[tuple[int, str]]]:
    """Return the lines of each '## ' section of ``page`` (outside code), by title."""
    parts: dict[str, list[tuple[int, str]]] = {}
    current = ""
    for number, line in _markdown_lines(page):
        if line.startswith("## "):
            current = line[3:].strip()
            parts[current] = []
        elif current:
            parts[current].append((number, line))
    return parts


def labelled_rules(page: Path) -> dict[str, str]:
    """Return the rules of the Rules part of ``page`` that carry a label, with it."""
    return {m.group("id"): m.group("label") for _, line in _parts(page).get("Rules", [])
            if (m := LABEL.match(line))}


def resolution_entries(page: Path) -> list[str]:
    """Return the headings of the entries of the Sources and resolutions part of ``page``:
    each definition-list term (the line before a line that starts with ': ')."""
    lines = _parts(page).get("Sources and resolutions", [])
    return [line for (_, line), (_, after) in itertools.pairwise(lines)
            if after.startswith(": ") and line.strip()]


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.stem)
def test_every_labelled_rule_has_its_entry_under_sources_and_resolutions(page: Path) -> None:
    entries = resolution_entries(page)
    missing = []
    for rule_id, label in labelled_rules(page).items():
        named = [e for e in entries if f"[{rule_id}]" in e]
        if not named:
            missing.append(f"  {rule_id} ({label}): no entry names it")
        elif label == "cardwar's own" and not any("cardwar's own" in e for e in named):
            missing.append(f"  {rule_id}: its entry does not say it is cardwar's own")
    assert not missing, (f"{_relative(page)}: labelled rules without their entry under "
                         "Sources and resolutions:\n" + "\n".join(missing))


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.stem)
def test_every_entry_names_rules_of_its_page(page: Path) -> None:
    defined = set(defined_ids([page]))
    entries = resolution_entries(page)
    assert entries, f"{_relative(page)}: Sources and resolutions has no entry"
    for entry in entries:
        named = re.findall(r"\[([A-Z]+(?:-[A-Z0-9]+)+)\]\(#", entry)
        assert named, f"{_relative(page)}: the entry {entry!r} names no rule"
        assert set(named) <= defined, f"{_relative(page)}: {entry!r} names unknown rules"


def test_the_label_check_sees_labels_and_entries(tmp_path: Path) -> None:
    page = tmp_path / "toy.md"
    page.write_text("\n".join([
        "# Toy", "## How to play", "Play.", "## Rules", "(TOY-A)=",
        "**TOY-A** (cardwar's own) — A rule.", "(TOY-B)=", "**TOY-B** (departs from S3) — B.",
        "(TOY-C)=", "**TOY-C** — C.", "## Sources and resolutions", "",
        "Limits ([TOY-A](#toy-a)) — cardwar's own", ": Why.", "## Engine notes",
        "## Rules version history", ""]), encoding="utf-8")
    assert labelled_rules(page) == {"TOY-A": "cardwar's own", "TOY-B": "departs from S3"}
    assert resolution_entries(page) == ["Limits ([TOY-A](#toy-a)) — cardwar's own"]
