"""cardwar._immutable: copies of immutable values, and the fast builder of the hot paths."""

from __future__ import annotations

import copy

import attrs
import pytest

import cardwar
from cardwar._immutable import Immutable, builder, replacer


@attrs.frozen(slots=True)
class _Plain(Immutable):
    x: int
    y: tuple[int, ...]


@attrs.frozen(slots=True)
class _Checked:
    x: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(slots=True)
class _Converted:
    x: int = attrs.field(converter=int)


@attrs.frozen(slots=True)
class _PostInit:
    x: int

    def __attrs_post_init__(self) -> None:
        pass


def test_the_builder_builds_what_init_builds() -> None:
    build = builder(_Plain)
    made = build(1, y=(2, 3))
    assert type(made) is _Plain
    assert made == _Plain(1, (2, 3))
    assert copy.deepcopy(made) is made
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.x = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        build(1)  # every field must be given


@pytest.mark.parametrize("cls", [_Checked, _Converted, _PostInit])
def test_the_builder_refuses_a_class_whose_init_checks_or_converts(cls: type) -> None:
    with pytest.raises(TypeError, match="build it with its __init__"):
        builder(cls)


@pytest.mark.parametrize("name", ["arneson", "caravan", "cold-war", "generals"])
def test_states_built_fast_equal_those_of_init(name: str) -> None:
    game = cardwar.variant(name)
    state = game.new_game(4)
    for _ in range(200):
        if game.outcome(state) is not None:
            break
        state = game.step(state, game.legal_actions(state)[-1])
        rebuilt = type(state)(**{f.name: getattr(state, f.name)
                                 for f in attrs.fields(type(state))})
        assert rebuilt == state


def test_the_replacer_keeps_every_other_field() -> None:
    replace = replacer(_Plain, "y")
    old = _Plain(1, (2,))
    new = replace(old, (3,))
    assert new == _Plain(1, (3,))
    assert old == _Plain(1, (2,))
    assert replacer(_Plain, "y", "x")(old, (4,), 5) == _Plain(5, (4,))


@pytest.mark.parametrize("names", [("z",), ("x", "x")])
def test_the_replacer_refuses_unknown_or_repeated_fields(names: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match="not distinct fields of _Plain"):
        replacer(_Plain, *names)
    with pytest.raises(TypeError, match="build it with its __init__"):
        replacer(_Checked, "x")
