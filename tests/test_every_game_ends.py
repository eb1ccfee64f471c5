"""Every default game ends, whatever the players choose (issue: "every default game
ends"): every variant under its default options, with every mix of the baseline agents
(``random``, ``first``, ``heuristic``) over its seats, plays to an outcome; and the
``play`` and ``simulate`` commands always reach a result.

Each variant ends by a proof of a bound (Caravan's CARAVAN-LIMIT, General's War's
GENERALS-BOUND) or by a default rule (WAR-LIMIT, PEACE-LIMIT, ARNESON-LIMIT, Cold War's
COLDWAR-REPEAT and COLDWAR-DEAL-LIMIT). The games here are far fewer than the
measurements on the rules pages (``scripts/game_lengths.py``, ``scripts/cold_war_stats.py``);
they check that no mix is left without an end. Seeds per mix: 2 in ``ci`` and ``dev``, 10
in ``full``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import cardwar
from cardwar import agents
from cardwar.cli import main

pytestmark = pytest.mark.rule(
    "WAR-LIMIT", "PEACE-LIMIT", "ARNESON-LIMIT", "COLDWAR-REPEAT", "COLDWAR-DEAL-LIMIT",
    "GENERALS-BOUND",
)

KINDS = ("random", "first", "heuristic")

#: (variant, options) pairs: every variant's defaults, and each player count it allows.
GAMES: list[tuple[str, dict[str, object]]] = [
    ("war", {}),
    ("peace", {}),
    ("arneson", {}),
    ("caravan", {}),
    ("generals", {}),
    ("generals", {"players": 4}),
    ("cold-war", {}),
    ("cold-war", {"players": 4}),
]


def _mixes(name: str, options: dict[str, object]) -> list[tuple[str, ...]]:
    game = cardwar.variant(name)
    if game.AUTOMATIC:
        return [()]
    seats = game.num_players(game.new_game(0, game.options(**options)))
    return list(itertools.combinations_with_replacement(KINDS, seats))


CASES = [
    pytest.param(name, options, mix, id=f"{name}-{options.get('players', 'default')}-"
                 + (",".join(mix) or "auto"))
    for name, options in GAMES
    for mix in _mixes(name, options)
]


@pytest.mark.parametrize(("name", "options", "mix"), CASES)
def test_every_mix_of_baseline_agents_ends(
    name: str, options: dict[str, object], mix: tuple[str, ...], profile: str
) -> None:
    game = cardwar.variant(name)
    seeds = 10 if profile == "full" else 2
    for seed in range(seeds):
        seats = [agents.agent(kind, name, 1000 * seed + s) for s, kind in enumerate(mix)]
        record = agents.play(game, seats, seed, options)
        assert record.outcome is not None, (name, mix, seed)


@pytest.mark.parametrize("name", ["arneson", "caravan", "generals", "cold-war"])
def test_simulate_with_heuristic_agents_finishes_every_game(name: str, tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    assert main(["simulate", name, "--agents", "heuristic", "-n", "4", "--seed", "3",
                 "--json", str(out)]) == 0
    summary = json.loads(out.read_text())["summary"]
    assert summary["games"] == 4
    assert summary["unfinished"] == 0


@pytest.mark.parametrize("name", ["arneson", "caravan", "generals", "cold-war"])
def test_play_against_the_default_opponents_reaches_a_result(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The human always plays the first legal action; the default opponents play on. Cold
    # War used to leave two heuristic opponents trading tricks for ever once the human
    # was out of a deal.
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", name, "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "result: " in out
    assert "stopped" not in out
