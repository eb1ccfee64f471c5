"""Test configuration: Hypothesis profiles, the ``rule`` marker, and run-size bounds.

Profiles (``--profile NAME`` or ``CARDWAR_PROFILE``; ``CI=true`` selects ``ci``):

* ``ci`` — the bounds the README's test command uses in CI: every layer runs, on smaller
  bounds (fewer Hypothesis examples, smaller exhaustive decks).
* ``dev`` — the default for a developer's run; the same bounds as ``ci``.
* ``full`` — the long run: large exhaustive decks and many Hypothesis examples. Tests
  that only become long here carry the ``slow`` marker: ``pytest -m slow --profile full``.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, settings

from tests.support_caches import empty_caches

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "full", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--profile",
        choices=("ci", "dev", "full"),
        default=None,
        help="run-size profile: ci, dev (default) or full (see tests/conftest.py)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the rule IDs of the docs' rules pages that a test checks"
    )
    config.addinivalue_line(
        "markers",
        "committed_files: checks that committed files agree (the verification page and the "
        "saved mutation verdicts); left out of mutmut's runs, which change the verdicts",
    )
    profile = config.getoption("--profile") or os.environ.get("CARDWAR_PROFILE")
    if profile is None:
        profile = "ci" if os.environ.get("CI", "").lower() in {"1", "true", "yes"} else "dev"
    config.cardwar_profile = profile  # type: ignore[attr-defined]
    settings.load_profile(profile)


#: What a test id must not hold: a memory address, as ``repr`` of a plain object gives.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Refuse test ids that change from one process to the next (an address in a
    parameter's id): tools that list tests in one process and run them in another
    (mutmut, ``--lf``) cannot find them again.

    Under mutmut (``MUTANT_UNDER_TEST`` set, even empty, in each of its runs) deselect the
    ``committed_files`` tests: ``scripts/mutation.py`` saves the run's verdicts, so the
    verification page lags them until it is regenerated, and mutmut's clean run would fail
    on the next run of the same clone. Those tests reach no code of ``cardwar`` and so
    cannot kill a mutant."""
    unstable = [item.nodeid for item in items if _ADDRESS.search(item.nodeid)]
    if unstable:
        raise pytest.UsageError(
            "test ids with a memory address, different in every run (give the "
            f"parameter an id): {', '.join(unstable[:5])}"
        )
    if "MUTANT_UNDER_TEST" in os.environ:
        kept: list[pytest.Item] = []
        left_out: list[pytest.Item] = []
        for item in items:
            (left_out if item.get_closest_marker("committed_files") else kept).append(item)
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = kept


@pytest.fixture(autouse=True)
def _no_terminal_width_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command fits its output to ``$COLUMNS`` when it is set: a shell that exports
    it must not change what the tests see (a test that wants a width sets it)."""
    monkeypatch.delenv("COLUMNS", raising=False)


@pytest.fixture(autouse=True)
def _caches_emptied_for_mutmut_stats() -> None:
    """Under mutmut's stats run (``MUTANT_UNDER_TEST=stats``), every test starts with
    cardwar's caches empty, so that mutmut maps a cached function to every test that
    needs it (``tests/support_caches.py``). Other runs keep their caches."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        empty_caches()


@pytest.fixture(scope="session")
def profile(request: pytest.FixtureRequest) -> str:
    """Return the run-size profile: ``ci``, ``dev`` or ``full``."""
    return str(request.config.cardwar_profile)  # type: ignore[attr-defined]
