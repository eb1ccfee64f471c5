"""Write the picture snapshots: ``tests/pictures/<variant>.html``, a page per variant with
the SVG pictures (``cardwar.svg``) of a fixed list of positions of seeded games, each
drawn whole and as seat 0 sees it. ``tests/test_svg.py`` draws them again and compares.

Open a page in a browser to see what changed. Rewrite the pages only after a deliberate
change of the pictures (or of a rule, which changes the games)::

    .venv/bin/python tests/pictures/regenerate.py          # rewrite every page
    .venv/bin/python tests/pictures/regenerate.py --check  # only compare

The positions: for seeds 0 and 1, the deal, the position after 30 steps and the end of a
game whose choices are drawn by ``random.Random(seed)`` over ``legal_actions``.
"""

from __future__ import annotations

import argparse
import html
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

from cardwar.svg import svg  # noqa: E402
from cardwar.variants import variant  # noqa: E402

HERE = Path(__file__).resolve().parent
SEEDS = (0, 1)
MIDDLE = 30
#: The variants drawn: the built-in ones (a test may register others).
VARIANTS = ("war", "peace", "arneson", "generals", "caravan", "cold-war")


def positions(game: Any, seed: int) -> list[tuple[str, Any]]:
    """Return the named positions of the game of ``seed``: deal, step 30, end."""
    rnd = random.Random(seed)
    state = game.new_game(seed)
    out = [("the deal", state)]
    steps = 0
    while game.outcome(state) is None:
        state = game.step(state, rnd.choice(game.legal_actions(state)))
        steps += 1
        if steps == MIDDLE:
            out.append((f"after {MIDDLE} steps", state))
    out.append((f"the end, after {steps} steps", state))
    return out


def page(game: Any) -> str:
    """Return the snapshot page of one variant."""
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{game.TITLE}"
             "</title></head><body>\n"]
    for seed in SEEDS:
        for name, state in positions(game, seed):
            for label, x in (("whole", state), ("seat 0", game.observe(state, 0))):
                caption = html.escape(f"{game.TITLE}, seed {seed}, {name}: {label}")
                parts.append(f"<h2>{caption}</h2>\n{svg(x)}\n")
    parts.append("</body></html>\n")
    return "".join(parts)


def path_of(game: Any) -> Path:
    """Return the snapshot page's path for a variant."""
    return HERE / f"{game.NAME}.html"


def main() -> int:
    """Rewrite (or with ``--check`` compare) every variant's page; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare")
    args = parser.parse_args()
    stale = []
    for game in map(variant, VARIANTS):
        text = page(game)
        path = path_of(game)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("stale:", ", ".join(stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
