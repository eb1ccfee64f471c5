"""The base of the library's immutable values: copying one returns it.

States, options, observations, actions and cards are frozen attrs classes whose fields
are immutable all the way down, so a copy could never differ from the original;
``copy.copy`` and ``copy.deepcopy`` return the value itself instead of rebuilding it
field by field (a deep copy of a Caravan state used to cost as much as some 40 steps).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Immutable"]


class Immutable:
    """A mixin for deeply immutable values: ``copy.copy(x) is x`` and
    ``copy.deepcopy(x) is x``."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self
