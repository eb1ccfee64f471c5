"""The registry of variants: every variant, by name and alias.

Each built-in game is a package here (``war``, ``peace``, ``arneson``, ``generals``,
``caravan``, ``cold_war``; ``_battle`` is the War family's shared engine) split the same
way: ``rules`` (options, state, actions, legal actions, step, outcome), ``notation``
(``parse_action``), ``view`` (the observation and the text for people) and ``agents``
(the game's heuristic). The package re-exports them all, and is what the registry holds:
anything that keeps the :class:`~cardwar.core.Variant` protocol, a module or a package,
can be registered with :func:`register`.

>>> from cardwar import variant, variant_names
>>> variant("classic").NAME
'war'

Every name and alias of a variant that is a module is also its import path under
``cardwar``, written with ``_`` for ``-`` (``cardwar.caravan``, ``cardwar.cold_war``,
``cardwar.zimna_wojna``), and so are its modules (``cardwar.caravan.rules``): each is the
variant's own module, not a copy.

>>> import cardwar.classic, cardwar.war
>>> cardwar.classic is cardwar.war is variant("war")
True
>>> variant("chess")
Traceback (most recent call last):
...
cardwar.variants.UnknownVariantError: unknown variant 'chess'; known variants: war, peace, ...
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import Any, cast

from cardwar.core import Variant
from cardwar.errors import ArgumentError, CardwarError

__all__ = [
    "UnknownVariantError", "all_variants", "as_variant", "register", "variant", "variant_names",
]


class UnknownVariantError(CardwarError, KeyError):
    """Raised for a variant name that is not registered; lists the known names."""

    def __str__(self) -> str:
        return str(self.args[0])


_VARIANTS: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


#: The members the :class:`~cardwar.core.Variant` protocol asks of a variant.
_MEMBERS = tuple(
    sorted(name for name in dir(Variant) if not name.startswith("_"))
    + sorted(getattr(Variant, "__annotations__", {}))
)


def register(module: ModuleType) -> Variant:
    """Add a variant (a module or package) to the registry under its ``NAME`` and
    ``ALIASES``; raise :class:`TypeError` naming what it lacks of the protocol."""
    _load_builtins()  # first, so that the built-in games keep their places
    from cardwar import svg

    with _LOCK:
        return _register(module, svg)


def _register(module: ModuleType, svg: Any) -> Variant:
    if not isinstance(cast(object, module), Variant):
        missing = ", ".join(dict.fromkeys(m for m in _MEMBERS if not hasattr(module, m)))
        raise TypeError(f"{module.__name__} does not provide the Variant protocol; "
                        f"missing: {missing}")
    found = cast(Variant, module)
    for name in (found.NAME, *found.ALIASES):
        key = _key(name)
        if key in _ALIASES and _ALIASES[key] != found.NAME:
            raise ValueError(f"variant name {name!r} is already taken by {_ALIASES[key]!r}")
        _ALIASES[key] = found.NAME
    _VARIANTS[found.NAME] = found
    svg.register(found)
    from cardwar import render  # (light, but not needed by a bare import cardwar)

    render.register(found)
    return found


def variant(name: str) -> Variant:
    """Return the variant registered as ``name`` (a name or an alias, any case)."""
    _load_builtins()
    try:
        return _VARIANTS[_ALIASES[_key(name)]]
    except (KeyError, AttributeError, TypeError):  # not a name, or not a str at all
        known = ", ".join(_VARIANTS)
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}") from None


def as_variant(value: Variant | str, name: str = "variant") -> Variant:
    """Return the variant ``value`` names (a name or an alias, as :func:`variant`), or
    ``value`` itself if it is a variant; raise :class:`~cardwar.errors.ArgumentError`
    (naming the argument ``name``) for anything else."""
    found = variant(value) if isinstance(value, str) else value
    if not isinstance(found, Variant):
        raise ArgumentError(f"{name} must be a variant or its name, got {value!r}")
    return found


def variant_names() -> tuple[str, ...]:
    """Return the registered variant names (not aliases), in registration order."""
    _load_builtins()
    return tuple(_VARIANTS)


def all_variants() -> tuple[Variant, ...]:
    """Return every registered variant, in registration order."""
    _load_builtins()
    return tuple(_VARIANTS.values())


def _register_builtins() -> tuple[str, ...]:
    """Return the built-in games' packages under ``cardwar.variants``, in the order they
    are registered."""
    return (
        "war",
        "peace",
        "arneson",
        "cold_war",
        "generals",
        "caravan",
    )


#: The built-in games are imported and registered when the registry is first used (a
#: name looked up, the list asked for, a game imported), not by ``import cardwar``.
_BUILTINS = tuple(f"{__name__}.{name}" for name in _register_builtins())
_LOCK = threading.Lock()
_loaded = False


def _load_builtins() -> None:
    """Import and register the built-in games, once. The imports run outside the lock
    (the import system has its own), so that two threads, or a game imported directly
    while another thread looks a name up, cannot wait on each other."""
    global _loaded
    if _loaded:
        return
    games = [importlib.import_module(name) for name in _BUILTINS]
    from cardwar import svg

    with _LOCK:
        # Another thread may have registered them meanwhile: registering a game again
        # changes nothing, its place included.
        for game in games:
            _register(game, svg)
        _loaded = True


class _Registering:
    """The loader of a built-in game imported directly (``cardwar.variants.war``) before
    the registry was used: it runs the game's own loader, then registers the built-in
    games, as importing them always did."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        """Let the game's own loader make the module."""
        made: ModuleType | None = self._loader.create_module(spec)
        return made

    def exec_module(self, module: ModuleType) -> None:
        """Run the game's module, then register the built-in games."""
        self._loader.exec_module(module)
        _load_builtins()


class _GameModules:
    """Find ``cardwar.<name>`` and its modules for every registered name and alias of a
    variant that is a module (``-`` written ``_``): the import is the variant's own module
    (``cardwar.variants.<game>...``), so there is never a second copy of its classes. (A
    finder and loader of the import system's protocols, by duck typing: their abstract
    classes cost an import of their own.)"""

    def __init__(self) -> None:
        self._own: frozenset[str] | None = None

    @property
    def own(self) -> frozenset[str]:
        """The package's own modules, which no game name may hide."""
        if self._own is None:
            import pkgutil

            root = sys.modules["cardwar"]
            self._own = frozenset(m.name for m in pkgutil.iter_modules(root.__path__))
        return self._own

    def _target(self, fullname: str) -> str | None:
        parts = fullname.split(".")
        if len(parts) < 2 or parts[0] != "cardwar" or parts[1] in self.own:
            return None
        try:
            game = variant(parts[1])
        except UnknownVariantError:
            return None
        if not isinstance(game, ModuleType):
            return None
        target = ".".join([game.__name__, *parts[2:]])
        return None if target == fullname else target

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """Return the spec of ``fullname`` if it names a game's module, else ``None``;
        a built-in game imported directly gets a loader that registers the built-ins."""
        if fullname in _BUILTINS and not _loaded:
            spec = importlib.machinery.PathFinder.find_spec(fullname, path)
            if spec is None or spec.loader is None:  # pragma: no cover - a game's files gone
                return spec
            spec.loader = cast(Any, _Registering(spec.loader))
            return spec
        found = self._target(fullname)
        if found is None or importlib.util.find_spec(found) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast(Any, self), origin=found)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """Return the game's own module (imported if it is not yet), keeping its spec."""
        assert spec.origin is not None
        module = importlib.import_module(spec.origin)
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Give the module back its own spec, which the import system replaced by the
        alias's: the module was run when it was first imported under its own name."""
        assert module.__spec__ is not None
        module.__spec__ = module.__spec__.loader_state


sys.meta_path.insert(0, _GameModules())


def __getattr__(name: str) -> ModuleType:
    """Return a built-in game's package (``cardwar.variants.war``), imported when first
    asked for."""
    if f"{__name__}.{name}" in _BUILTINS:
        _load_builtins()
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
