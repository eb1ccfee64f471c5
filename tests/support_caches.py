"""Emptying the caches cardwar's modules fill as games are played, so that a test finds
them as a fresh process does after its imports.

mutmut maps each function to the tests that called it (its stats run, one process for
the whole suite) and runs a mutant of the function against those tests only. A function
behind a cache is called by the first test that needs its value, and by no later test
that reads the cached value: the tests that would kill its mutants are not chosen. The
suite's ``conftest.py`` empties the caches before every test of that run."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from cardwar.encoding import IdentityCache

#: Caches keyed by options that hold no value another cache or a state refers to by
#: identity, so that emptying them changes no game: the War family's rules tables.
_TABLES = ("_RULES",)


def _clearer(value: Any) -> Callable[[], None] | None:
    """Return what empties ``value`` if it is a cache this module empties, else ``None``."""
    if isinstance(value, IdentityCache):
        return value._entries.clear
    if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
        return value.cache_clear  # type: ignore[no-any-return]  # a functools cache
    return None


def empty_caches() -> int:
    """Empty the functools caches and :class:`~cardwar.encoding.IdentityCache` instances
    of every imported ``cardwar`` module and of the codecs they hold, and the War family's
    rules tables; return how many there are. Interning tables (cards, Caravan's actions)
    are kept: values made at import refer to their entries by identity."""
    clearers: dict[int, Callable[[], None]] = {}  # by the cache's id: each one once
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] != "cardwar":
            continue
        for attr, value in list(vars(module).items()):
            if attr in _TABLES and isinstance(value, dict):
                clearers[id(value)] = value.clear
                continue
            owner = getattr(value, "__self__", value)  # a codec, or a method bound to one
            found = [value]
            if (type(owner).__module__.partition(".")[0] == "cardwar"
                    and hasattr(owner, "__dict__") and not isinstance(owner, type)):
                found += vars(owner).values()
            for cache in found:
                if (clear := _clearer(cache)) is not None:
                    clearers[id(cache)] = clear
    for clear in clearers.values():
        clear()
    return len(clearers)
