"""Sphinx configuration for the cardwar docs."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from cardwar import __version__  # after the path above: conf.py runs as a script

project = "cardwar"
author = "The cardwar developers"
copyright = "2026, The cardwar developers"  # Sphinx's own setting name
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "cardwar_docs",
]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["cardwar.css"]
html_title = f"cardwar {version}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = True

# -- nitpicky references --------------------------------------------------------------
# Without intersphinx (the docs build offline) the Python standard library's names have
# no target. Ignore exactly those: builtins and typing names are resolved by Sphinx
# itself; the abstract collection types and ModuleType that annotations use are not.
# The project's own names are never ignored, except its TypeVars (found below), which
# have nothing to document.
nitpick_ignore_regex = [
    (r"py:(class|obj|data)", r"collections\.abc\.(Callable|Iterable|Iterator|Mapping|Sequence)"),
    (r"py:(class|obj|data)", r"typing\.[A-Za-z_]+"),
    (r"py:(class|obj)", r"types\.ModuleType"),
    (r"py:(class|obj)", r"fractions\.Fraction"),
    (r"py:(class|obj)", r"(array\.)?array"),
]


#: Packages of cardwar's optional extras, not of the docs extra.
_OPTIONAL = frozenset({"numpy", "numba", "dask", "distributed", "matplotlib", "pettingzoo",
                       "gymnasium", "pyspiel", "open_spiel"})


def _typevars() -> list[tuple[str, str]]:
    """Return ``(role, name)`` of every TypeVar at module level in the package."""
    import importlib
    import pkgutil
    from typing import TypeVar

    import cardwar

    found = []
    for info in pkgutil.walk_packages(cardwar.__path__, "cardwar."):
        if info.name.rpartition(".")[2] == "__main__":
            continue  # importing it would run the command-line tool
        try:
            module = importlib.import_module(info.name)
        except ModuleNotFoundError as err:
            # A module of an optional extra (the batch engine's kernels need numpy, from
            # the fast extra): the docs build from the docs extra alone.
            if err.name in _OPTIONAL:
                continue
            raise
        for name, value in vars(module).items():
            if isinstance(value, TypeVar):
                found += [(role, f"{info.name}.{name}") for role in ("py:class", "py:obj")]
    return found


nitpick_ignore = _typevars()
