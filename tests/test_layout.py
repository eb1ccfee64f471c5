"""The layout of the package: what may import what, and the import paths of the games.

The rules (``docs/development.md``, "The package"): no import circle among the modules of
``src/cardwar``; the modules the games stand on (cards, the generator, the protocol, the
pictures, the kernels' toolkit...) never import the registry of games or a game, so a game
reaches them and never the reverse; and every name and alias of a game that is a module
name is an import path (``import cardwar.caravan``), which is the game's own module.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import cardwar
from cardwar.variants import all_variants, variant

SRC = Path(cardwar.__file__).parent.parent
DOCS = Path(__file__).parent.parent / "docs"


def _modules() -> dict[str, Path]:
    """Return every module of the package by its dotted name."""
    found = {}
    for path in sorted((SRC / "cardwar").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """Return the module of the package that importing ``name`` names (``name`` itself,
    or its nearest enclosing module), or ``None`` for a name outside the package."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """Return the modules of the package that ``module`` imports, anywhere in its code
    (module level, inside functions, and for the type checker alike): ``from a import b``
    imports the module ``a.b`` if there is one, else ``a``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [_resolve(a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else _resolve(base)
                       for a in node.names]
        else:
            continue
        found.update(t for t in targets if t is not None and t != module)
    return found


GRAPH = {m: imports_of(m) for m in MODULES}


def _circles() -> list[list[str]]:
    """Return the import circles of :data:`GRAPH`: its strongly connected components of
    more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for root in sorted(GRAPH):
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def test_the_graph_sees_imports_at_every_depth() -> None:
    # The check below can only fail if the graph holds the imports it must judge: a
    # deferred import inside a function, a relative one, and a module imported by name.
    assert "cardwar.variants.caravan._batch" in GRAPH["cardwar.variants.caravan.agents"]
    assert "cardwar.variants" in GRAPH["cardwar.batch"]
    assert "cardwar.svg" in GRAPH["cardwar.variants._battle.view"]
    assert "cardwar.cli._common" in GRAPH["cardwar.cli.play"]


def test_no_import_circle_among_the_modules() -> None:
    assert _circles() == []


def test_the_circle_check_finds_a_circle() -> None:
    # The check itself, on a graph with a circle added: the registry importing the
    # pictures and the pictures importing the registry, as they once did.
    GRAPH["cardwar.svg"].add("cardwar.variants")
    try:
        assert any({"cardwar.svg", "cardwar.variants"} <= set(c) for c in _circles())
    finally:
        GRAPH["cardwar.svg"].discard("cardwar.variants")


def _is_game_side(module: str) -> bool:
    return module == "cardwar.variants" or module.startswith("cardwar.variants.")


def below_the_variants() -> set[str]:
    """Return the modules outside ``cardwar.variants`` that the games import, directly
    or through others: the modules the games stand on."""
    seen: set[str] = set()
    todo = [t for m in GRAPH if m.startswith("cardwar.variants.") for t in GRAPH[m]]
    while todo:
        module = todo.pop()
        if module in seen or _is_game_side(module):
            continue
        seen.add(module)
        todo.extend(GRAPH[module])
    return seen


def test_the_modules_below_the_variants_never_import_a_game() -> None:
    below = below_the_variants()
    # The modules the games are known to stand on are among them.
    assert {"cardwar.cards", "cardwar.core", "cardwar.rng", "cardwar.svg",
            "cardwar._kernels"} <= below
    for module in sorted(below):
        reached = sorted(t for t in GRAPH[module] if _is_game_side(t))
        assert reached == [], f"{module} stands below the games but imports {reached}"


def _import_names() -> list[tuple[str, str]]:
    """Return (import name, registry name) for every name and alias of a game that is a
    module name once written with ``_`` for ``-``."""
    return [(name.replace("-", "_"), game.NAME) for game in all_variants()
            for name in (game.NAME, *game.ALIASES) if name.replace("-", "_").isidentifier()]


NAMES = _import_names()


def test_every_game_has_import_names() -> None:
    assert {"war", "classic", "peace", "arneson", "cold_war", "zimna_wojna", "generals",
            "caravan", "fallout_caravan"} <= {name for name, _ in NAMES}


@pytest.mark.parametrize(("name", "game"), NAMES)
def test_a_game_name_is_an_import_path_to_the_game_itself(name: str, game: str) -> None:
    module = importlib.import_module(f"cardwar.{name}")
    assert module is variant(game)
    assert isinstance(module, ModuleType)
    rules = importlib.import_module(f"cardwar.{name}.rules")
    assert rules is sys.modules[f"{module.__name__}.rules"]
    assert rules.State is module.State
    # The game's module keeps its own name and spec, whatever name imported it.
    assert module.__spec__ is not None
    assert module.__spec__.name == module.__name__ == f"cardwar.variants.{game.replace('-', '_')}"


def test_a_name_that_is_no_game_or_no_module_of_one_is_not_found() -> None:
    with pytest.raises(ModuleNotFoundError, match=r"cardwar\.chess"):
        importlib.import_module("cardwar.chess")
    with pytest.raises(ModuleNotFoundError, match=r"cardwar\.caravan\.nothing"):
        importlib.import_module("cardwar.caravan.nothing")


def test_the_import_statements_work_in_a_fresh_interpreter() -> None:
    # The statements as a user writes them, as the first lines of a program.
    program = "\n".join([
        "import cardwar.caravan",
        "import cardwar.zimna_wojna.rules",
        "from cardwar.cold_war import ColdWarHeuristic",
        "from cardwar.generals.agents import GeneralsHeuristic",
        "from cardwar.caravan import CaravanHeuristic",
        "import cardwar.variants.caravan",
        "import cardwar.variants.cold_war.agents as agents",
        "assert cardwar.caravan is cardwar.variants.caravan",
        "assert ColdWarHeuristic is agents.ColdWarHeuristic",
        "assert cardwar.zimna_wojna.rules is cardwar.variants.cold_war.rules",
        "print(cardwar.caravan.CaravanHeuristic.__module__)",
    ])
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "cardwar.variants.caravan.agents\n"


def _paths_in_docs() -> list[str]:
    """Return every dotted path ``cardwar.<game>.<name>...`` the docs, the README and the
    docstrings (the API pages) write, for a game's import name."""
    names = "|".join(sorted({re.escape(n) for n, _ in NAMES}, key=len, reverse=True))
    pattern = re.compile(rf"\bcardwar\.(?:{names})(?:\.\w+)+")
    texts = [*sorted(DOCS.rglob("*.md")), DOCS.parent / "README.md", *MODULES.values()]
    return sorted({m.group(0) for path in texts
                   for m in pattern.finditer(path.read_text(encoding="utf-8"))})


def test_the_docs_write_game_paths() -> None:
    assert "cardwar.caravan.CaravanHeuristic" in _paths_in_docs()


@pytest.mark.parametrize("path", _paths_in_docs())
def test_every_game_path_the_docs_write_imports(path: str) -> None:
    parts = path.split(".")
    # The longest leading part that imports as a module, then attributes from there.
    for cut in range(len(parts), 1, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return
    pytest.fail(f"{path} does not import")  # pragma: no cover - reached only on failure
