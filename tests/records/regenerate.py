"""The golden records (DESIGN section 7.6): games of every variant, recorded once and
replayed by ``tests/test_records.py`` forever after, so that a change to a variant's rules
that is not a declared rules-version bump fails the suite.

Regenerate a variant's records only after a deliberate rules change: bump its
``RULES_VERSION``, add a CHANGELOG line, then run from the repository root::

    .venv/bin/python tests/records/regenerate.py VARIANT [VARIANT ...]

and review the diff. With no argument, it writes only the records that are missing.
``digests.txt`` pins the digests of each record's first and last state; the command
rewrites the lines of the records it writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

if __package__ in (None, ""):  # run as a script: make `cardwar` and `tests` importable
    root = Path(__file__).resolve().parents[2]
    sys.path[:0] = [str(root / "src"), str(root)]

import attrs

from cardwar import agents, records
from cardwar.rng import derive_seed

#: The directory of the golden records.
DIRECTORY = Path(__file__).resolve().parent

#: The digests of each golden record's first and last state, one line per record.
DIGESTS = DIRECTORY / "digests.txt"

_DIGESTS_HEADER = """\
# The digests (cardwar.records.digest) of the first and the last state of each golden
# record: its name, then the two. Records carry the digest of their final state and replay
# checks it, so a state's digest must not change from version to version. Written by
# tests/records/regenerate.py with the records.
"""


class Scenario(NamedTuple):
    """One golden game: who plays it, with what options, from what deal."""

    name: str
    variant: str
    seed: int
    options: dict[str, Any]
    agents: tuple[str, ...] = ()
    deal: tuple[str, ...] | None = None


SCENARIOS = (
    Scenario("war-default", "war", 2026, {}),
    Scenario("war-three-players-winner-first", "war", 11,
             {"players": 3, "pickup_order": "winner_first"}),
    Scenario("war-explicit-deal", "war", 0, {"ranks": "2 3 4 5", "suits": "DHS", "face_down": 1},
             deal=("5S 2H 3S 4H 2S 3D", "4S 3H 5H 2D 5D 4D")),
    Scenario("peace-default", "peace", 2026, {}),
    Scenario("peace-explicit-deal", "peace", 0, {"ranks": "2 3 4 5 6 7", "suits": "CD"},
             deal=("2C 7D 4C 5C 6D 3D", "3C 6C 5D 4D 7C 2D")),
    Scenario("arneson-heuristic-vs-random", "arneson", 5, {}, ("heuristic", "random")),
    Scenario("arneson-wars-to-win", "arneson", 8, {"wars_to_win": 2, "war_pair": "winner"},
             ("random", "random")),
    Scenario("arneson-explicit-deal", "arneson", 0,
             {"ranks": "2 3 4 5 6 7 8 9", "suits": "SH", "face_down": 1},
             ("random", "heuristic"), deal=("9S 2H 5S 7H 4S 8H 3S 6H", "9H 2S 5H 7S 4H 8S 3H 6S")),
    # hand_size=1 under a deterministic pickup has no choice and no chance, so the game
    # runs ARNESON-CYCLE's detection; seed 3 ends in a repeated position.
    Scenario("arneson-hand-of-one", "arneson", 3, {"hand_size": 1, "pickup_order": "seat_order"},
             ("random", "random")),
    Scenario("cold-war-random", "cold-war", 3, {}, ("random", "random", "random")),
    Scenario("caravan-random", "caravan", 4, {}, ("random", "random")),
    Scenario("generals-random", "generals", 6, {}, ("random", "random")),
)


def path_for(scenario: Scenario) -> Path:
    """Return the file of a scenario's record."""
    return DIRECTORY / f"{scenario.name}.json"


def make(scenario: Scenario) -> records.Record:
    """Return the record of a scenario, played by its seeded agents."""
    seats = [agents.agent(kind, scenario.variant, derive_seed(scenario.seed, i + 1))
             for i, kind in enumerate(scenario.agents)]
    return agents.play(scenario.variant, seats, scenario.seed, scenario.options,
                       deal=scenario.deal)


def state_digests(record: records.Record) -> tuple[str, str]:
    """Return the digests of a record's first and last state (replaying it)."""
    states = records.iter_states(record)
    first = last = next(states)
    for last in states:  # noqa: B007 (the last state is the answer)
        pass
    return records.digest(first), records.digest(last)


def read_digests() -> dict[str, tuple[str, str]]:
    """Return the pinned digests of ``digests.txt``, by record name."""
    pinned: dict[str, tuple[str, str]] = {}
    if DIGESTS.exists():
        for line in DIGESTS.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                name, first, last = line.split()
                pinned[name] = (first, last)
    return pinned


def main(argv: list[str]) -> int:
    """Write the records of the variants named in ``argv`` (all missing ones if none),
    and their digests."""
    from cardwar import variant

    wanted = {variant(name).NAME for name in argv}
    pinned = read_digests()
    for scenario in SCENARIOS:
        path = path_for(scenario)
        if scenario.name not in pinned and path.exists():
            pinned[scenario.name] = state_digests(records.read(path))
        if (wanted and scenario.variant in wanted) or (not wanted and not path.exists()):
            record = make(scenario)
            if path.exists() and json.loads(path.read_text())["format_version"] == 1:
                # A golden record keeps its format: version 1 records have no digest, and
                # they are what tests the reading of version 1.
                record = attrs.evolve(record, digest=None)
            records.write(record, path)
            pinned[scenario.name] = state_digests(record)
            print(f"wrote {path.name}")
    lines = [f"{s.name} {' '.join(pinned[s.name])}\n" for s in SCENARIOS if s.name in pinned]
    DIGESTS.write_text(_DIGESTS_HEADER + "".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
