"""Golden playthroughs (DESIGN §7.6): every file in ``tests/playthroughs`` is replayed
line by line against the engine, and the files on disk are exactly the scenarios of
``tests/playthroughs/regenerate.py``, for every registered variant."""

from __future__ import annotations

import pytest

import cardwar
from cardwar import arneson
from tests.playthroughs.regenerate import (
    DIRECTORY,
    RENDERED,
    SCENARIOS,
    VARIANTS,
    Scenario,
    path_for,
    play,
    render,
)

REGENERATE = (
    "Regenerate the golden files only after a deliberate rules change: bump the "
    "variant's RULES_VERSION, add a CHANGELOG line, then run "
    "`.venv/bin/python tests/playthroughs/regenerate.py` from the repository root and "
    "review the diff. Any other difference is a regression in the engine."
)


#: The rules each golden scenario shows at work (docs pages ``rules/<variant>``), by
#: golden file name (``<variant>-<scenario>``).
RULES = {
    "war-default": pytest.mark.rule("WAR-WIN", "WAR-PICKUP-SHUFFLED"),
    "war-face-down-1-winner-first": pytest.mark.rule("WAR-FACE-DOWN", "WAR-PICKUP"),
    "war-three-players": pytest.mark.rule("WAR-PLAYERS", "WAR-SPARE"),
    "war-four-players-tied": pytest.mark.rule("WAR-JOINS", "WAR-OUT-OF-GAME"),
    "war-win-pile": pytest.mark.rule("WAR-PICKUP-WIN-PILE"),
    "war-out-of-cards-lose": pytest.mark.rule("WAR-OUT-LOSE"),
    "war-wars-to-win-3": pytest.mark.rule("WAR-WIN-WARS"),
    "war-repeated-position": pytest.mark.rule("WAR-CYCLE"),
    "war-max-battles-50": pytest.mark.rule("WAR-LIMIT"),
    "peace-default": pytest.mark.rule("PEACE-BATTLE", "PEACE-TIE", "PEACE-WIN"),
    "peace-three-players": pytest.mark.rule("PEACE-PLAYERS", "PEACE-DEAL"),
    "peace-four-players-tied": pytest.mark.rule("PEACE-JOINS", "PEACE-OUT-OF-GAME"),
    "peace-repeated-position": pytest.mark.rule("PEACE-CYCLE", "PEACE-PICKUP"),
    "peace-max-battles-30": pytest.mark.rule("PEACE-LIMIT"),
    "arneson-default": pytest.mark.rule(
        "ARNESON-CHOICE", "ARNESON-REFILL", "ARNESON-WAR", "ARNESON-WIN"
    ),
    "arneson-war-pair-winner": pytest.mark.rule("ARNESON-WAR"),
    "arneson-hand-size-1": pytest.mark.rule("ARNESON-HAND"),
    "arneson-reduced-deck-wars": pytest.mark.rule("ARNESON-DECK", "ARNESON-SHORT"),
    "arneson-reduced-deck-undecidable": pytest.mark.rule("ARNESON-REPEAT", "ARNESON-SHORT"),
    "arneson-wars-to-win-1": pytest.mark.rule("ARNESON-WIN"),
    "generals-default": pytest.mark.rule("GENERALS-SQUAD", "GENERALS-BATTLE", "GENERALS-KILL"),
    "generals-four-players": pytest.mark.rule("GENERALS-FOUR", "GENERALS-TARGET"),
    "generals-four-players-places": pytest.mark.rule("GENERALS-PLACES"),
    "generals-partnership": pytest.mark.rule("GENERALS-PARTNERSHIP"),
    "cold-war-target-100": pytest.mark.rule("COLDWAR-PLAY", "COLDWAR-TAKE", "COLDWAR-WIN"),
    "cold-war-four-players-target-100": pytest.mark.rule("COLDWAR-PLAYERS", "COLDWAR-SCORE"),
    "caravan-default": pytest.mark.rule("CARAVAN-OPENING", "CARAVAN-TURN", "CARAVAN-EMPTY-HAND"),
    "caravan-seed-2": pytest.mark.rule("CARAVAN-DRAW", "CARAVAN-DISCARD"),
}


def key(scenario: Scenario) -> str:
    """Return the scenario's golden file name without ``.txt``."""
    return f"{scenario.variant}-{scenario.name}"


PARAMS = [pytest.param(s, id=key(s), marks=RULES.get(key(s), ())) for s in SCENARIOS]


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
    module = scenario.module
    steps = list(play(scenario))
    assert steps, f"{key(scenario)}: the game ended before it began"
    final = steps[-1][2]
    result = module.outcome(final)
    assert result is not None
    assert result.termination is scenario.ends, f"{key(scenario)}: {result}"


ARNESON_PARAMS = [
    pytest.param(s, id=key(s), marks=RULES.get(key(s), ()))
    for s in SCENARIOS
    if s.variant == arneson.NAME
]


@pytest.mark.parametrize("scenario", ARNESON_PARAMS)
def test_arneson_file_records_the_game(scenario: Scenario) -> None:
    # The chosen actions written in the file replay the game without the choice seed.
    lines = path_for(scenario).read_text(encoding="utf-8").splitlines()
    commits = [line.split(" commits ")[1] for line in lines if " commits " in line]
    state = arneson.new_game(scenario.seed, scenario.game_options())
    for text in commits:
        state = arneson.step(state, arneson.parse_action(text))
    assert arneson.outcome(state) is not None
    assert arneson.outcome(state) == arneson.outcome(list(play(scenario))[-1][2])
    assert f"commitments: {len(commits)}" in lines


RENDERED_PARAMS = [
    pytest.param(s, id=key(s), marks=RULES.get(key(s), ()))
    for s in SCENARIOS
    if s.variant in RENDERED
]


@pytest.mark.parametrize("scenario", RENDERED_PARAMS)
def test_rendered_file_records_the_game(scenario: Scenario) -> None:
    # The actions written in the file ("step N: seat S plays ACTION") replay the game
    # without the choice seed, each by the seat that was to act.
    module = scenario.module
    lines = path_for(scenario).read_text(encoding="utf-8").splitlines()
    moves = [line.split(": seat ", 1)[1] for line in lines if line.startswith("step ")]
    state = module.new_game(scenario.seed, scenario.game_options())
    for move in moves:
        seat, _, text = move.partition(" plays ")
        assert module.to_act(state) == int(seat)
        state = module.step(state, module.parse_action(text))
    assert module.outcome(state) is not None
    assert module.outcome(state) == module.outcome(list(play(scenario))[-1][2])
    assert f"steps: {len(moves)}" in lines


def test_golden_files_are_exactly_the_scenarios() -> None:
    on_disk = sorted(p.name for p in DIRECTORY.glob("*.txt"))
    expected = sorted(path_for(s).name for s in SCENARIOS)
    stale = sorted(set(on_disk) - set(expected))
    missing = sorted(set(expected) - set(on_disk))
    assert not stale, f"golden files without a scenario: {stale}; delete them. {REGENERATE}"
    assert not missing, f"scenarios without a golden file: {missing}. {REGENERATE}"
    assert len({key(s) for s in SCENARIOS}) == len(SCENARIOS), "scenario names repeat"
    # Every variant with golden playthroughs has files on disk.
    for name in VARIANTS:
        assert any(n.startswith(f"{name}-") for n in on_disk), f"no golden file of {name}"
    # Every registered variant has golden playthroughs.
    assert {s.variant for s in SCENARIOS} == set(cardwar.variant_names())


def test_every_scenario_names_its_rules() -> None:
    assert sorted(RULES) == sorted(key(s) for s in SCENARIOS)
