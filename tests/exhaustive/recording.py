"""What the exhaustive model checks record, and the table the run prints.

Each exhaustive test records one :class:`Check` per search it ran, with the counts that
search computed: the deck, the bound, the deals, the games (complete lines of play, from a
deal to an end) and the states checked. ``conftest.py`` prints :func:`table` at the end of
the run and, when ``CARDWAR_EXHAUSTIVE_REPORT`` names a file, writes :func:`report` to it
as JSON.

The counts mean, in every module:

* ``deals``: the deals of the deck played under each option set (a deal is played once
  per option set);
* ``option_sets``: the option combinations searched;
* ``games``: complete lines of play (deal to end) over all option sets, each sequence of
  choices counted once; ``None`` for a search of positions that has no games;
* ``states``: the states checked over all option sets; what counts as one state (every
  state visited, or every distinct state once) is said by each module's docstring.
"""

from __future__ import annotations

from typing import Any

import attrs

#: The variants, in the order of the table.
VARIANTS = ("war", "peace", "arneson", "cold_war", "generals", "caravan")


@attrs.frozen
class Check:
    """One exhaustive search, as recorded by the test that ran it."""

    variant: str
    check: str
    """The search's name, unique within its variant."""
    deck: str
    """The reduced deck, e.g. ``2 3 4 x SH (6 cards)``."""
    bound: str
    """The stated bound: how far each game is played."""
    option_sets: int
    deals: int
    games: int | None
    states: int
    seconds: float
    """Wall-clock time of the search (not part of any check)."""

    def __attrs_post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if min(self.option_sets, self.deals, self.states) < 1:
            raise ValueError(f"a search that checked nothing: {self}")
        if self.games is not None and self.games < 1:
            raise ValueError(f"a search that played no game: {self}")


@attrs.define
class ExhaustiveCounts:
    """The checks recorded in one run (the ``exhaustive_counts`` fixture)."""

    profile: str
    checks: list[Check] = attrs.field(factory=list)

    def record(
        self,
        variant: str,
        check: str,
        *,
        deck: str,
        bound: str,
        deals: int,
        games: int | None,
        states: int,
        seconds: float,
        option_sets: int = 1,
    ) -> Check:
        """Record one search's counts; return the record."""
        entry = Check(
            variant=variant,
            check=check,
            deck=deck,
            bound=bound,
            option_sets=option_sets,
            deals=deals,
            games=games,
            states=states,
            seconds=seconds,
        )
        if any((c.variant, c.check) == (variant, check) for c in self.checks):
            raise ValueError(f"{variant}: check {check!r} recorded twice")
        self.checks.append(entry)
        return entry

    def ordered(self) -> list[Check]:
        """Return the checks by variant (in ``VARIANTS`` order), then in recording order."""
        return sorted(self.checks, key=lambda c: VARIANTS.index(c.variant))

    def totals(self) -> dict[str, dict[str, Any]]:
        """Return, per variant that recorded a check, the sums of its checks."""
        out: dict[str, dict[str, Any]] = {}
        for c in self.ordered():
            total = out.setdefault(
                c.variant, {"checks": 0, "deals": 0, "games": 0, "states": 0, "seconds": 0.0}
            )
            total["checks"] += 1
            total["deals"] += c.deals * c.option_sets
            total["games"] += c.games or 0
            total["states"] += c.states
            total["seconds"] += c.seconds
        return out


def _number(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


#: What the columns mean, printed under the table.
LEGEND = (
    "options: option sets searched; deals: deals per option set (a total: deals x option",
    "sets); games: lines of play, deal to end, over all option sets ('-': a search of",
    "positions); states: states checked (see each module); s: wall-clock seconds.",
)

HEADER = ("variant", "check", "deck", "bound", "options", "deals", "games", "states", "s")


def table(counts: ExhaustiveCounts) -> list[str]:
    """Return the lines of the table: one per check, then a total per variant.

    A total's deals are summed over option sets (deals x option sets of each check).
    """
    rows: list[tuple[str, ...]] = []
    totals = counts.totals()
    for variant in VARIANTS:
        checks = [c for c in counts.ordered() if c.variant == variant]
        if not checks:
            continue
        for c in checks:
            rows.append(
                (
                    c.variant,
                    c.check,
                    c.deck,
                    c.bound,
                    _number(c.option_sets),
                    _number(c.deals),
                    _number(c.games),
                    _number(c.states),
                    f"{c.seconds:.1f}",
                )
            )
        total = totals[variant]
        rows.append(
            (
                variant,
                f"total ({total['checks']} checks)",
                "",
                "",
                "",
                _number(total["deals"]),
                _number(total["games"]),
                _number(total["states"]),
                f"{total['seconds']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in (HEADER, *rows)) for i in range(len(HEADER))]
    numeric = {4, 5, 6, 7, 8}

    def line(row: tuple[str, ...]) -> str:
        cells = [
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    out = [f"profile {counts.profile}", line(HEADER), line(tuple("-" * w for w in widths))]
    previous = None
    for row in rows:
        if previous is not None and row[0] != previous:
            out.append("")
        out.append(line(row))
        previous = row[0]
    grand = sum(t["states"] for t in totals.values())
    out.append("")
    out.append(f"all variants: {grand:,} states checked in {len(counts.checks)} checks")
    out.extend(LEGEND)
    return out


def report(counts: ExhaustiveCounts) -> dict[str, Any]:
    """Return the table as JSON-ready data: the profile, every check, and the totals."""
    return {
        "title": "exhaustive model checking: states checked per variant",
        "profile": counts.profile,
        "checks": [attrs.asdict(c) for c in counts.ordered()],
        "totals": counts.totals(),
        "states": sum(c.states for c in counts.checks),
    }
