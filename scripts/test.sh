#!/usr/bin/env bash
# Install what the tests need into .venv and run the whole suite: pytest (with doctests, and
# branch coverage of at least 98% over src/cardwar), mypy --strict over src, tests and
# benchmarks, ruff, the Sphinx build with -n -W, and a check of the built pages (no broken
# image or picture, no code left unrendered, no internal word, and the rules pages printed
# to PDF: no navigation, How to play on at most two pages).
# Extra arguments go to pytest (for example: bash scripts/test.sh -m slow --profile full;
# -n 0 for one process instead of one per core).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,docs]'
echo "== ruff"
.venv/bin/python -m ruff check .
echo "== mypy --strict"
.venv/bin/python -m mypy
echo "== sphinx -n -W"
.venv/bin/python -m sphinx -n -W --keep-going -q -b html docs docs/_build/html
echo "== the built docs as a reader sees them, and the rules pages as a reader prints them"
# The print check prints each rules page to PDF with headless Chromium and reads the text
# back with pdftotext (Debian's chromium and poppler-utils): installed here when missing
# and run as root, as CI is, and then required; otherwise check_docs.py says which
# package is missing and checks the rest.
PRINT=(--print docs/_build/print)
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    if ! command -v chromium >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils >/dev/null
    fi
    PRINT+=(--require-print)
fi
.venv/bin/python scripts/check_docs.py docs/_build/html "${PRINT[@]}"
echo "== the benchmarks, each run once as a smoke test"
.venv/bin/python -m pytest benchmarks --benchmark-disable -q -p no:cacheprovider -n 0
echo "== the speed guard (benchmarks/guard.py: ratios to a fixed baseline, floors at half)"
(cd benchmarks && ../.venv/bin/python guard.py)
echo "== pytest (with branch coverage)"
# Branch coverage over src/cardwar, subprocesses included ([tool.coverage] in pyproject.toml).
# The whole suite must reach [tool.coverage.report] fail_under, or the run fails. Extra
# arguments select part of the suite (-k war, -m slow), which cannot reach it: the coverage
# is then reported, not enforced.
COVERAGE=(--cov=cardwar --cov-branch --cov-report=term-missing:skip-covered)
if [ "$#" -gt 0 ]; then
    COVERAGE+=(--cov-fail-under=0)
fi
# One pytest worker per core (pytest-xdist), each taking the next test as it finishes one:
# coverage slows the suite about threefold, and on one core the suite came within two
# minutes of CI's 20. `-n 0` (an extra argument) runs it in one process. The 25 slowest
# tests are listed at the end, to keep an eye on that budget.
.venv/bin/python -m pytest -n auto --dist worksteal --durations=25 "${COVERAGE[@]}" "$@"
