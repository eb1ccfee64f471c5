"""The base of the library's immutable values: copying one returns it.

States, options, observations, actions and cards are frozen attrs classes whose fields
are immutable all the way down, so a copy could never differ from the original;
``copy.copy`` and ``copy.deepcopy`` return the value itself instead of rebuilding it
field by field (a deep copy of a Caravan state used to cost as much as some 40 steps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["Immutable", "builder"]

T = TypeVar("T")


class Immutable:
    """A mixin for deeply immutable values: ``copy.copy(x) is x`` and
    ``copy.deepcopy(x) is x``."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self


def _generate(cls: type[T], params: list[str], value_of: Callable[[str], str]) -> Any:
    """Return a function of ``params`` that builds an instance of ``cls``, setting each
    field ``name`` to the expression ``value_of(name)`` through the slot's descriptor."""
    import attrs

    fields = attrs.fields(cast(Any, cls))
    if hasattr(cls, "__attrs_post_init__") or any(
        f.validator is not None or f.converter is not None for f in fields
    ):
        raise TypeError(f"{cls.__name__} checks or converts its fields: build it with "
                        "its __init__")
    names = [f.name for f in fields]
    setters = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    lines = [f"def build({', '.join(params)}):", "    _obj = _new(_cls)"]
    lines += [f"    _set_{name}(_obj, {value_of(name)})" for name in names]
    lines.append("    return _obj")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **setters}
    exec("\n".join(lines), scope)  # the names are the class's own field names
    return scope["build"]


def builder(cls: type[T]) -> Callable[..., T]:
    """Return a function that builds an instance of the frozen, slotted attrs class
    ``cls`` from every field's value (by name or in field order), as its ``__init__``
    does but at about half the cost: it sets each slot through the slot's descriptor
    instead of ``object.__setattr__``. For the engine's hot paths only: ``cls`` must have
    no validator, converter or ``__attrs_post_init__`` (checked here), since none would
    run, and every field must be given (no defaults).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> builder(Point)(1, y=2)
    Point(x=1, y=2)
    """
    import attrs

    names = [f.name for f in attrs.fields(cast(Any, cls))]
    return cast(Callable[..., T], _generate(cls, names, str))


def replacer(cls: type[T], *changed: str) -> Callable[..., T]:
    """Return a function ``replace(value, *new)`` that builds a copy of ``value`` (an
    instance of ``cls``) with the fields ``changed`` set to ``new``, in that order, and
    every other field kept: ``attrs.evolve`` at a fraction of its cost, under the
    conditions of :func:`builder` (nothing is checked or converted).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> replacer(Point, "y")(Point(1, 2), 5)
    Point(x=1, y=5)
    """
    import attrs

    names = [f.name for f in attrs.fields(cast(Any, cls))]
    if any(name not in names for name in changed) or len(set(changed)) != len(changed):
        raise TypeError(f"replacer: {changed} are not distinct fields of {cls.__name__}")
    return cast(Callable[..., T], _generate(
        cls, ["_old", *changed], lambda name: name if name in changed else f"_old.{name}"))
