"""Draw the plot and print the table of the worked study in ``docs/simulation.md``: the
distribution of game length of default two-player War under each pickup order and
face-down count, from ``--games`` games per combination played by the batch engine.

Run it from the repository root with the ``study`` extra (numba and matplotlib)::

    .venv/bin/pip install -e '.[study]'
    .venv/bin/python benchmarks/study_game_length.py --games 10000

It writes ``docs/_static/game-length.png`` and prints the Markdown table of the page.
matplotlib is imported only here, inside :func:`plot`, never by the library.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from cardwar import Termination, batch, war

__all__ = ["FACE_DOWN", "PICKUPS", "main", "plot", "study"]

#: The pickup orders compared.
PICKUPS = ("shuffled", "win_pile", "winner_first", "seat_order")
#: The face-down counts compared.
FACE_DOWN = (0, 1, 2, 3, 4)
#: The study's master seed: game i of every combination has the seed derive_seed(2026, i).
MASTER_SEED = 2026
#: Where the plot goes.
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "_static" / "game-length.png"


def study(games: int) -> dict[tuple[str, int], tuple[Any, Any]]:
    """Return, per (pickup order, face-down count), the battles and termination columns."""
    out: dict[tuple[str, int], tuple[Any, Any]] = {}
    for pickup in PICKUPS:
        for face_down in FACE_DOWN:
            options = war.options(pickup_order=pickup, face_down=face_down, max_battles=None)
            chunks = list(batch.simulate(war, options, master_seed=MASTER_SEED, games=games))
            battles = np.concatenate([np.asarray(c.battles) for c in chunks])
            terms = np.concatenate([np.asarray(c.termination) for c in chunks])
            out[pickup, face_down] = (battles, terms)
    return out


def table(results: dict[tuple[str, int], tuple[Any, Any]]) -> str:
    """Return the Markdown table: median, p95 and the share of games that cycle."""
    cycle = batch.TERMINATIONS.index(Termination.REPEATED_POSITION)
    rows = [
        "| pickup order | face down | median | 95th percentile | games that cycle |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for (pickup, face_down), (battles, terms) in results.items():
        median, p95 = (int(np.percentile(battles, q, method="inverted_cdf")) for q in (50, 95))
        rows.append(
            f"| {pickup} | {face_down} | {median} | {p95} | "
            f"{100 * float(np.mean(terms == cycle)):.1f}% |"
        )
    return "\n".join(rows)


def plot(results: dict[tuple[str, int], tuple[Any, Any]], output: Path) -> None:
    """Draw one panel per pickup order: the share of games that lasted more than ``b``
    battles (a survival curve), one line per face-down count, log-scaled battles."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(10, 7), sharex=True, sharey=True)
    for ax, pickup in zip(axes.flat, PICKUPS, strict=True):
        for face_down in FACE_DOWN:
            battles, _ = results[pickup, face_down]
            values = np.sort(battles)
            share = 1.0 - np.arange(1, len(values) + 1) / len(values)
            ax.step(values, share, where="post", label=f"{face_down} face down")
        ax.set_xscale("log")
        ax.set_title(f"pickup_order={pickup}")
        ax.grid(True, which="both", alpha=0.3)
    for ax in axes[1]:
        ax.set_xlabel("battles")
    for ax in axes[:, 0]:
        ax.set_ylabel("share of games longer than that")
    axes.flat[0].legend()
    games = len(results[PICKUPS[0], FACE_DOWN[0]][0])
    fig.suptitle(f"Game length of two-player War, {games:,} games per line (cardwar.batch)")
    fig.tight_layout()
    output.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(output, dpi=100)


def main(argv: list[str] | None = None) -> None:
    """Run the study, write the plot and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=10_000, help="games per combination")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the PNG to write")
    args = parser.parse_args(argv)
    results = study(args.games)
    plot(results, args.output)
    print(table(results))


if __name__ == "__main__":
    main()
