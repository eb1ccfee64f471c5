"""The recorder of the exhaustive checks and the report the run prints and writes.

The end-to-end test runs one small exhaustive check in a child pytest, under ``-q``,
with ``CARDWAR_EXHAUSTIVE_REPORT`` set, and reads both the printed table and the JSON.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.exhaustive.recording import VARIANTS, ExhaustiveCounts, report, table

ROOT = Path(__file__).resolve().parents[2]
TITLE = "exhaustive model checking: states checked per variant"


def sample() -> ExhaustiveCounts:
    """Return a recorder holding three checks of two variants, recorded out of order."""
    counts = ExhaustiveCounts(profile="ci")
    counts.record(
        "caravan", "tiny", deck="d", bound="b", deals=2, games=5, states=11, seconds=0.5
    )
    counts.record(
        "war", "one", deck="d1", bound="b1", option_sets=3, deals=4, games=12, states=30,
        seconds=1.0,
    )
    counts.record(
        "war", "two", deck="d2", bound="b2", deals=6, games=None, states=7, seconds=0.25
    )
    return counts


def test_totals_per_variant() -> None:
    totals = sample().totals()
    assert list(totals) == ["war", "caravan"]
    assert totals["war"] == {
        "checks": 2, "deals": 4 * 3 + 6, "games": 12, "states": 37, "seconds": 1.25
    }
    assert totals["caravan"]["states"] == 11


def test_table_lists_every_check_then_a_total_per_variant() -> None:
    lines = table(sample())
    rows = [line.split() for line in lines]
    firsts = [row[0] for row in rows if row and row[0] in VARIANTS]
    # War's checks and total come before Caravan's, in recording order.
    assert firsts == ["war", "war", "war", "caravan", "caravan"]
    war_total = next(line for line in lines if line.startswith("war") and "total" in line)
    assert war_total.split()[-4:] == ["18", "12", "37", "1.2"]
    assert any(line.startswith("all variants: 48 states checked in 3 checks") for line in lines)
    # A search of positions has no games.
    two = next(line for line in lines if line.startswith("war") and " two " in line)
    assert two.split()[-4:] == ["6", "-", "7", "0.2"]


def test_report_is_the_table_as_json() -> None:
    data = json.loads(json.dumps(report(sample())))
    assert data["profile"] == "ci"
    assert [c["check"] for c in data["checks"]] == ["one", "two", "tiny"]
    assert data["checks"][0]["option_sets"] == 3
    assert data["totals"]["war"]["states"] == 37
    assert data["states"] == 48


@pytest.mark.parametrize(
    ("variant", "check", "counts"),
    [
        ("chess", "x", {"deals": 1, "games": 1, "states": 1}),
        ("war", "x", {"deals": 0, "games": 1, "states": 1}),
        ("war", "x", {"deals": 1, "games": 0, "states": 1}),
        ("war", "x", {"deals": 1, "games": 1, "states": 0}),
    ],
)
def test_a_record_that_checked_nothing_is_refused(
    variant: str, check: str, counts: dict[str, int]
) -> None:
    with pytest.raises(ValueError, match=r"variant|nothing|no game"):
        ExhaustiveCounts(profile="ci").record(
            variant, check, deck="d", bound="b", seconds=0.0, **counts
        )


def test_a_check_recorded_twice_is_refused() -> None:
    counts = sample()
    with pytest.raises(ValueError, match="twice"):
        counts.record("war", "one", deck="d", bound="b", deals=1, games=1, states=1, seconds=0)


def test_run_prints_the_table_and_writes_the_json(tmp_path: Path) -> None:
    out = tmp_path / "exhaustive.json"
    env = {**os.environ, "CARDWAR_EXHAUSTIVE_REPORT": str(out), "CARDWAR_PROFILE": "ci"}
    env.pop("CI", None)
    run = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "tests/exhaustive/test_generals.py", "-k", "halves",
        ],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert TITLE in run.stdout
    row = next(line for line in run.stdout.splitlines() if line.startswith("generals  halves"))
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["profile"] == "ci"
    (check,) = data["checks"]
    assert (check["variant"], check["check"]) == ("generals", "halves")
    # Two colour halves of three cards: 3! x 3! deals.
    assert check["deals"] == math.factorial(3) ** 2
    assert check["states"] > check["games"] > 0
    assert f"{check['states']:,}" in row.split()


def test_no_table_when_no_exhaustive_check_ran() -> None:
    run = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "tests/exhaustive/test_recording.py", "-k", "totals",
        ],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert TITLE not in run.stdout
