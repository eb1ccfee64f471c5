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

import pytest
from hypothesis import HealthCheck, settings

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
    profile = config.getoption("--profile") or os.environ.get("CARDWAR_PROFILE")
    if profile is None:
        profile = "ci" if os.environ.get("CI", "").lower() in {"1", "true", "yes"} else "dev"
    config.cardwar_profile = profile  # type: ignore[attr-defined]
    settings.load_profile(profile)


@pytest.fixture(scope="session")
def profile(request: pytest.FixtureRequest) -> str:
    """Return the run-size profile: ``ci``, ``dev`` or ``full``."""
    return str(request.config.cardwar_profile)  # type: ignore[attr-defined]
