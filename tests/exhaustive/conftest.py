"""The exhaustive model checks' fixture and end-of-run report.

Each exhaustive test asks for ``exhaustive_counts`` and records, per search it ran, the
counts that search computed (:mod:`tests.exhaustive.recording`). When any exhaustive test
ran, the end of the run prints the table "exhaustive model checking: states checked per
variant" (also under ``-q``); if the environment variable ``CARDWAR_EXHAUSTIVE_REPORT``
names a file, the same table is written there as JSON, to regenerate the figures of the
docs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.exhaustive.recording import ExhaustiveCounts, report, table

#: Where the run keeps its recorder, once an exhaustive test asked for it.
COUNTS = pytest.StashKey[ExhaustiveCounts]()
#: The environment variable naming the JSON report's file.
REPORT_ENV = "CARDWAR_EXHAUSTIVE_REPORT"
TITLE = "exhaustive model checking: states checked per variant"


@pytest.fixture(scope="session")
def exhaustive_counts(request: pytest.FixtureRequest, profile: str) -> ExhaustiveCounts:
    """Return the run's recorder of exhaustive checks (one per session)."""
    stash = request.config.stash
    if COUNTS not in stash:
        stash[COUNTS] = ExhaustiveCounts(profile=profile)
    return stash[COUNTS]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the JSON report if ``CARDWAR_EXHAUSTIVE_REPORT`` is set and a check ran."""
    counts = session.config.stash.get(COUNTS, None)
    path = os.environ.get(REPORT_ENV)
    if counts is None or not path:
        return
    Path(path).write_text(json.dumps(report(counts), indent=2) + "\n", encoding="utf-8")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the table of the exhaustive checks recorded in this run."""
    counts = terminalreporter.config.stash.get(COUNTS, None)
    if counts is None:
        return
    terminalreporter.write_sep("=", TITLE)
    if not counts.checks:
        terminalreporter.write_line("no exhaustive check completed")
    for line in table(counts):
        terminalreporter.write_line(line)
    path = os.environ.get(REPORT_ENV)
    if path:
        terminalreporter.write_line(f"written as JSON to {path}")
