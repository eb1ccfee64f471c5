"""cardwar._immutable: copies of immutable values, and the fast builder of the hot paths."""

from __future__ import annotations

import copy

import attrs
import pytest

from cardwar import arneson
from cardwar._immutable import Immutable, builder


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


def test_arnesons_states_built_fast_equal_those_of_init() -> None:
    state = arneson.new_game(4)
    while arneson.outcome(state) is None and state.battles < 30:
        state = arneson.step(state, arneson.legal_actions(state)[-1])
        rebuilt = arneson.State(**{f.name: getattr(state, f.name)
                                   for f in attrs.fields(arneson.State)})
        assert rebuilt == state
