"""Two checks of the docs as people get them. Every ``>>>`` example of a page is inside a
code fence, so that it renders as code (outside one, MyST renders it as nested quotes with
curly quotes). And the docs build from the ``docs`` extra alone (issue: CLI and docs
defects, 1 and 2): with
numpy and numba missing, as in a fresh venv with ``pip install '.[docs]'``, ``docs/conf.py``
runs and every module the API page documents imports. Before, ``conf.py`` imported every
module of the package, ``cardwar._kernels`` among them, which needs numpy.

The check runs in a subprocess whose imports of numpy and numba fail as they do when
those packages are not installed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BLOCKED = """
import sys

class Missing:
    # Import numpy and numba as if they were not installed.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "numba"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Missing())
"""


def test_conf_and_the_documented_modules_import_without_numpy() -> None:
    modules = sorted(set(re.findall(r"^\.\. auto(?:module|class):: ([\w.]+?)(?:\.[A-Z]\w*)?$",
                                    (ROOT / "docs" / "api.md").read_text(), re.M)))
    assert "cardwar.batch" in modules
    code = BLOCKED + f"""
import importlib, runpy
runpy.run_path({str(ROOT / "docs" / "conf.py")!r})
for name in {modules!r}:
    importlib.import_module(name)
try:
    import numpy
except ModuleNotFoundError:
    print("ok without numpy")
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok without numpy"


def test_every_example_of_every_page_is_in_a_code_fence() -> None:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    outside = []
    for page in pages:
        if "_build" in page.parts:
            continue
        fence: str | None = None
        for number, line in enumerate(page.read_text().splitlines(), start=1):
            stripped = line.strip()
            if stripped.startswith("```"):
                # A fence closes with a bare fence of at least its length.
                if fence is None:
                    fence = stripped[: len(stripped) - len(stripped.lstrip("`"))]
                elif stripped == "`" * len(stripped) and len(stripped) >= len(fence):
                    fence = None
                continue
            if stripped.startswith(">>>") and fence is None:
                outside.append(f"{page.relative_to(ROOT)}:{number}")
    assert not outside, outside
