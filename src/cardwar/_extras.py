"""Imports of an optional extra's packages, with an error that says which extra to install."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["need"]


@contextlib.contextmanager
def need(module: str, extra: str) -> Iterator[None]:
    """Run the imports of ``cardwar.<module>``; turn a missing package into an error that
    names the extra which installs it (the package's name is kept, as ``err.name``)."""
    try:
        yield
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(
            f"cardwar.{module} needs {err.name}, which the {extra} extra installs: "
            f"pip install 'cardwar[{extra}]'", name=err.name) from err
