"""Running code in a fresh Python interpreter that imports the same ``cardwar`` as the
test process.

Some behaviour is fixed once, when a module is imported (the registry, option converters
built by factories): only a new interpreter shows what that import does. The child gets
the directory of the ``cardwar`` this process imported at the front of ``PYTHONPATH``, so
that it tests that code and not another installed copy; it runs in the current directory
(under mutmut, where the mutated code's trampolines find their configuration) and inherits
the environment (under mutmut, the mutant to run).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import cardwar

SOURCE_ROOT = str(Path(cardwar.__file__).resolve().parent.parent)


def fresh_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Return this process's environment with the imported cardwar first on the path."""
    env = dict(os.environ)
    env.update(extra or {})
    env["PYTHONPATH"] = os.pathsep.join(p for p in (SOURCE_ROOT, env.get("PYTHONPATH")) if p)
    return env


def run_text(
    code: str, *, extra_env: Mapping[str, str] | None = None, python_args: Sequence[str] = ()
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with ``python -c`` in a fresh interpreter; return its UTF-8 output."""
    return subprocess.run(
        [sys.executable, *python_args, "-c", code],
        env=fresh_env(extra_env),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def run_bytes(code: str, stdin: bytes) -> bytes:
    """Run ``code`` in a fresh interpreter with ``stdin``; return its stdout, failing the
    test with the child's stderr if it exits with an error."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=fresh_env(),
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return done.stdout
