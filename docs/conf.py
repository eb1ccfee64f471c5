"""Sphinx configuration for the cardwar docs."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from cardwar import __version__  # noqa: E402  (the path above must be set first)

project = "cardwar"
author = "The cardwar developers"
copyright = "2026, The cardwar developers"  # noqa: A001  (Sphinx's own setting name)
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"cardwar {version}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = True
