"""Draw the training curves that ``maskable_ppo.py --curve FILE`` writes, one line each,
as docs/_static/learning-curves.png (needs matplotlib: ``pip install matplotlib``).

    python examples/maskable_ppo.py arneson --budget 120 --curve arneson.json
    python examples/maskable_ppo.py caravan --shaping positions --opponents random \\
        --budget 120 --curve caravan.json
    python examples/plot_curves.py arneson.json caravan.json -o docs/_static/learning-curves.png
"""

from __future__ import annotations

import argparse
import json


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("curves", nargs="+", help="JSON files of maskable_ppo.py --curve")
    parser.add_argument("-o", "--output", default="learning-curves.png")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=100)
    for path in args.curves:
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        seconds = [point[0] for point in run["curve"]]
        win_rate = [(point[2] + 1) / 2 for point in run["curve"]]
        shaping = f", shaping {run['shaping']}" if run["shaping"] else ""
        ax.plot(seconds, win_rate, label=f"{run['game']} against {run['opponents']}{shaping}")
    ax.set_xlabel("training CPU-seconds")
    ax.set_ylabel("win rate, last 200 training games")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(args.output, metadata={"Software": None})


if __name__ == "__main__":
    main()
