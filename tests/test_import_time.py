"""``import cardwar`` stays quick: it loads the cards, the generator, the protocol and the
registry, and imports a game, the pictures, numpy, numba or tqdm only when first used.

Two guards: which modules the import loads (exact, whatever the machine's load), and its
time as a ratio to ``python -c pass`` measured in the same run (each the best of several
fresh interpreters, which filters out a busy machine's pauses). The ratio was 18.6 to
22.7 when the import loaded every game (0.85 to 1.1 s on a loaded 2-core machine), and is
4.3 to 7.1 since (0.26 to 0.31 s there; ``import attrs`` alone, a dependency, is about
4); the bound of 12 leaves the latter room to double under noise and still fails on the
former.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import cardwar

_ENV = {**os.environ, "PYTHONPATH": str(Path(cardwar.__file__).parent.parent)}

#: What ``import cardwar`` may load of the package: the names it exports and no more.
LOADED = ["cardwar", "cardwar._immutable", "cardwar._version", "cardwar.cards",
          "cardwar.core", "cardwar.errors", "cardwar.rng", "cardwar.variants"]


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_ENV, check=True, timeout=120).stdout


def test_import_cardwar_loads_no_game_and_no_extra() -> None:
    # It imported all six games, their agents, encodings and samplers, and the pictures
    # (with xml.sax and through it urllib and email): 0.55 to 0.67 s on an idle machine.
    out = json.loads(_fresh(
        "import sys; import cardwar; import json; print(json.dumps(sorted(sys.modules)))"))
    assert [m for m in out if m.startswith("cardwar")] == LOADED
    for heavy in ("numpy", "numba", "tqdm", "xml.sax", "urllib.request", "importlib.abc"):
        assert heavy not in out, heavy


def test_the_games_are_there_when_first_asked_for() -> None:
    out = _fresh(
        "import sys, cardwar\n"
        "print(cardwar.war.NAME, cardwar.variant('zimna-wojna').NAME,\n"
        "      'cardwar.variants.caravan' in sys.modules, 'caravan' in dir(cardwar))\n"
        "from cardwar import cold_war\n"
        "import cardwar.classic\n"
        "print(cold_war is cardwar.cold_war, cardwar.classic is cardwar.war)\n")
    assert out.split("\n") == ["war cold-war True True", "True True", ""]


def test_the_modules_import_cardwar_used_to_load_are_still_its_attributes() -> None:
    # cardwar.svg and four more were there after a bare import cardwar, loaded on the way
    # to the games; scripts that use them so keep working.
    out = _fresh("import cardwar\n"
                 "print(cardwar.svg.svg(cardwar.war.new_game(1))[:4], cardwar.render.__name__,\n"
                 "      cardwar.encoding.__name__, cardwar.sampling.__name__,\n"
                 "      cardwar.piles.__name__, 'svg' in dir(cardwar))\n")
    assert out == ("<svg cardwar.render cardwar.encoding cardwar.sampling cardwar.piles "
                   "True\n")


def test_a_game_imported_directly_is_registered_and_drawn() -> None:
    # The registry is filled when a game is imported by its own path, as it always was.
    out = _fresh(
        "from cardwar.variants.war import new_game\n"
        "from cardwar.svg import svg\n"
        "from cardwar import variant_names\n"
        "print(svg(new_game(1)).startswith('<svg'), variant_names())\n")
    assert out == ("True ('war', 'peace', 'arneson', 'cold-war', 'generals', 'caravan')\n")


def test_an_unknown_attribute_is_an_attribute_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar import variants

    # Before a game is imported, the package has no attribute of its name: it is looked
    # up (as in a fresh interpreter, where ``cardwar.variants.war`` imports the game).
    monkeypatch.delattr(variants, "war")
    assert variants.war is cardwar.war
    monkeypatch.undo()

    with pytest.raises(AttributeError, match="has no attribute 'chess'"):
        cardwar.chess  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute 'chess'"):
        variants.chess  # noqa: B018
    assert variants.war is cardwar.war


def _best(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=_ENV, check=True, timeout=120)
        times.append(time.perf_counter() - start)
    return min(times)


def test_import_cardwar_takes_a_few_times_an_empty_interpreter() -> None:
    nothing = _best("pass", 7)
    ours = _best("import cardwar", 7)
    assert ours / nothing < 12, (ours, nothing)


def test_a_built_in_game_found_before_the_registry_is_used_gets_a_registering_loader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The fresh interpreters above run this path; here it is taken apart in this process.
    from cardwar import variants

    finder = next(f for f in sys.meta_path if type(f).__name__ == "_GameModules")
    monkeypatch.setattr(variants, "_loaded", False)
    spec = finder.find_spec("cardwar.variants.war", variants.__path__)
    assert spec is not None
    loader: Any = spec.loader
    assert type(loader).__name__ == "_Registering"
    assert loader.is_package("cardwar.variants.war")  # the game's own loader answers
    ran: list[str] = []

    class Loader:
        def create_module(self, spec: Any) -> None:
            ran.append("create")

        def exec_module(self, module: Any) -> None:
            ran.append("exec")

    wrapped = type(loader)(Loader())
    assert wrapped.create_module(spec) is None
    wrapped.exec_module(None)
    assert ran == ["create", "exec"]
    assert variants._loaded  # registered again: the same games, in the same places
    assert variants.variant_names() == ("war", "peace", "arneson", "cold-war", "generals",
                                        "caravan")
