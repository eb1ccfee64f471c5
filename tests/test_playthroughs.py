"""Golden playthroughs (DESIGN §7.6): every file in ``tests/playthroughs`` is replayed
line by line against the engine, and the files on disk are exactly the scenarios of
``tests/playthroughs/regenerate.py``."""

from __future__ import annotations

import pytest

from cardwar import war
from tests.playthroughs.regenerate import DIRECTORY, SCENARIOS, Scenario, path_for, render

REGENERATE = (
    "Regenerate the golden files only after a deliberate rules change: bump "
    "war.RULES_VERSION, add a CHANGELOG line, then run "
    "`.venv/bin/python tests/playthroughs/regenerate.py` from the repository root and "
    "review the diff. Any other difference is a regression in the engine."
)


#: The rules each golden scenario shows at work (docs page ``rules/war``), by scenario name.
RULES = {
    "default": pytest.mark.rule("WAR-WIN", "WAR-PICKUP-SHUFFLED"),
    "face-down-1-winner-first": pytest.mark.rule("WAR-FACE-DOWN", "WAR-PICKUP"),
    "three-players": pytest.mark.rule("WAR-PLAYERS", "WAR-SPARE"),
    "four-players-tied": pytest.mark.rule("WAR-JOINS", "WAR-OUT-OF-GAME"),
    "win-pile": pytest.mark.rule("WAR-PICKUP-WIN-PILE"),
    "out-of-cards-lose": pytest.mark.rule("WAR-OUT-LOSE"),
    "wars-to-win-3": pytest.mark.rule("WAR-WIN-WARS"),
    "repeated-position": pytest.mark.rule("WAR-CYCLE"),
    "max-battles-50": pytest.mark.rule("WAR-LIMIT"),
}
PARAMS = [pytest.param(s, id=s.name, marks=RULES.get(s.name, ())) for s in SCENARIOS]


def first_difference(golden: list[str], fresh: list[str]) -> str | None:
    """Return where two texts first differ, by line number (1-based), or ``None``."""
    for number in range(1, max(len(golden), len(fresh)) + 1):
        want = golden[number - 1] if number <= len(golden) else "<end of file>"
        got = fresh[number - 1] if number <= len(fresh) else "<end of file>"
        if want != got:
            return f"line {number} differs\n  golden: {want!r}\n  engine: {got!r}"
    return None


def test_first_difference_names_the_line() -> None:
    assert first_difference(["a", "b"], ["a", "b"]) is None
    assert first_difference(["a", "b"], ["a", "c"]) == (
        "line 2 differs\n  golden: 'b'\n  engine: 'c'"
    )
    assert first_difference(["a"], ["a", "b"]) == (
        "line 2 differs\n  golden: '<end of file>'\n  engine: 'b'"
    )


@pytest.mark.parametrize("scenario", PARAMS)
def test_playthrough_replays_its_golden_file(scenario: Scenario) -> None:
    path = path_for(scenario)
    assert path.exists(), f"{path.name} is missing. {REGENERATE}"
    golden = path.read_text(encoding="utf-8").splitlines()
    difference = first_difference(golden, render(scenario))
    if difference is not None:
        pytest.fail(f"{path.name}: {difference}\n{REGENERATE}", pytrace=False)


@pytest.mark.parametrize("scenario", PARAMS)
def test_scenario_ends_as_named(scenario: Scenario) -> None:
    state = war.new_game(scenario.seed, scenario.war_options())
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
    result = war.outcome(state)
    assert result is not None
    assert result.termination is scenario.ends, f"{scenario.name}: {result}"


def test_golden_files_are_exactly_the_scenarios() -> None:
    on_disk = sorted(p.name for p in DIRECTORY.glob("*.txt"))
    expected = sorted(path_for(s).name for s in SCENARIOS)
    stale = sorted(set(on_disk) - set(expected))
    missing = sorted(set(expected) - set(on_disk))
    assert not stale, f"golden files without a scenario: {stale}; delete them. {REGENERATE}"
    assert not missing, f"scenarios without a golden file: {missing}. {REGENERATE}"
    assert len({s.name for s in SCENARIOS}) == len(SCENARIOS), "scenario names repeat"


def test_every_scenario_names_its_rules() -> None:
    assert sorted(RULES) == sorted(s.name for s in SCENARIOS)
