"""The integer interface given junk: every public function of :mod:`cardwar.encoding`
and every member of each variant's integer interface, with one argument replaced by a
value of any kind, answers with one of cardwar's own errors (or, for a value that happens
to be a valid argument, an answer), and changes nothing it was given."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardwar
from cardwar import encoding
from cardwar.core import Outcome, Termination
from cardwar.errors import ArgumentError, CardwarError

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])
STATES = {v.NAME: v.new_game(3) for v in VARIANTS}


def _positions(variant: Any) -> list[Any]:
    """Return positions of a random game: its start and later ones, one of each kind of
    decision (General's War's claims, choices and squads)."""
    out = []
    state = STATES[variant.NAME]
    kinds: set[type] = set()
    choose = random.Random(3)
    for k in range(200):
        if variant.outcome(state) is not None:
            break
        legal = variant.legal_actions(state)
        if k in (0, 5, 20) or type(legal[0]) not in kinds:
            kinds.add(type(legal[0]))
            out.append(state)
        state = variant.step(state, choose.choice(legal))
    return [*out, state]


POSITIONS = {v.NAME: _positions(v) for v in VARIANTS}

#: Values of every kind.
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.complex_numbers(), st.text(max_size=6), st.binary(max_size=4),
    st.lists(st.integers(), max_size=3), st.tuples(st.integers()),
    st.tuples(st.integers(-2, 5), st.integers(-2, 5)), st.tuples(st.text(max_size=2)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from([math.inf, -0.0, 10**100, object(), type, Ellipsis, (), ((),), (None,),
                     frozenset(), Outcome(Termination.ALL_CARDS, (7,)),
                     Outcome(Termination.ALL_CARDS, (-1,)), *STATES.values()]),
)


def _members(variant: Any, state: Any) -> dict[str, Callable[[Any], object]]:
    """Return each member of the variant's integer interface as a call of one argument,
    the other arguments valid (``state`` the state, a running game's)."""
    opts = state.options
    seen = variant.observe(state, 0)
    action = variant.legal_actions(state)[0]
    return {
        "num_actions": lambda x: variant.num_actions(x),
        "num_players": lambda x: variant.num_players(x),
        "max_game_length": lambda x: variant.max_game_length(x),
        "partial_size": lambda x: variant.partial_size(x),
        "observation_layout": lambda x: variant.observation_layout(x),
        "observation_shape": lambda x: variant.observation_shape(x),
        "observation_tensor": lambda x: variant.observation_tensor(x),
        "observation_tensor checked": lambda x: variant.observation_tensor(x, check=True),
        "observation_tensor check": lambda x: variant.observation_tensor(seen, check=x),
        "returns": lambda x: variant.returns(x),
        "standings": lambda x: variant.standings(x),
        "action_to_index options": lambda x: variant.action_to_index(x, action),
        "action_to_index action": lambda x: variant.action_to_index(opts, x),
        "action_from_index options": lambda x: variant.action_from_index(x, 0),
        "action_from_index index": lambda x: variant.action_from_index(opts, x),
        "action_to_indices options": lambda x: variant.action_to_indices(x, action),
        "action_to_indices action": lambda x: variant.action_to_indices(opts, x),
        "legal_action_indices state": lambda x: variant.legal_action_indices(x),
        "legal_action_indices partial": lambda x: variant.legal_action_indices(state, x),
        "legal_action_mask state": lambda x: variant.legal_action_mask(x),
        "legal_action_mask partial": lambda x: variant.legal_action_mask(state, x),
        "indices_to_action state": lambda x: variant.indices_to_action(x, (0,)),
        "indices_to_action indices": lambda x: variant.indices_to_action(state, x),
        "partial_tensor options": lambda x: variant.partial_tensor(x, ()),
        "partial_tensor partial": lambda x: variant.partial_tensor(opts, x),
    }


def _valid(call: Callable[[Any], object], value: Any) -> bool:
    """Return whether ``value`` is refused with cardwar's own error, or accepted; raise
    the error of any other kind."""
    try:
        call(value)
    except CardwarError:
        return False
    return True


@parametrize
@given(data=st.data())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_member_of_the_integer_interface_refuses_junk_with_cardwars_errors(
    variant: Any, data: st.DataObject
) -> None:
    state = data.draw(st.sampled_from(POSITIONS[variant.NAME][:-1]), label="state")
    members = _members(variant, state)
    name = data.draw(st.sampled_from(sorted(members)), label="member")
    value = data.draw(junk, label="value")
    before = copy.deepcopy(value) if not isinstance(value, type) else value
    _valid(members[name], value)
    if not isinstance(value, (type, float, complex)) and value is not Ellipsis \
            and type(value) is not object:
        assert value == before


def _functions() -> dict[str, Callable[[Any], object]]:
    """Return each public function of cardwar.encoding as a call of one argument, the
    other arguments valid."""
    war = cardwar.war
    layout = war.observation_layout(war.options())
    tensor = war.observation_tensor(war.observe(war.new_game(1), 0))
    won = Outcome(Termination.ALL_CARDS, (1,))
    return {
        "final_standings result": lambda x: encoding.final_standings(x, 2),
        "final_standings players": lambda x: encoding.final_standings(won, x),
        "win_loss_returns result": lambda x: encoding.win_loss_returns(x, 2),
        "win_loss_returns players": lambda x: encoding.win_loss_returns(won, x),
        "check_index index": lambda x: encoding.check_index(x, 3, "Toy"),
        "check_index size": lambda x: encoding.check_index(0, x, "Toy"),
        "layout_size": lambda x: encoding.layout_size(x),
        "tensor_part layout": lambda x: encoding.tensor_part(x, tensor, "stock_sizes"),
        "tensor_part tensor": lambda x: encoding.tensor_part(layout, x, "stock_sizes"),
        "tensor_part name": lambda x: encoding.tensor_part(layout, tensor, x),
        "relative values": lambda x: encoding.relative(x, 1),
        "relative seat": lambda x: encoding.relative((1, 2), x),
        "pack": lambda x: encoding.pack(x),
        "step_index game": lambda x: encoding.step_index(x, war.new_game(1), (), 0),
        "step_index state": lambda x: encoding.step_index(war, x, (), 0),
        "step_index partial": lambda x: encoding.step_index(war, war.new_game(1), x, 0),
        "step_index index": lambda x: encoding.step_index(war, war.new_game(1), (), x),
    }


FUNCTIONS = _functions()


@given(name=st.sampled_from(sorted(FUNCTIONS)), value=junk)
@settings(max_examples=400, deadline=None)
def test_every_function_of_the_encoding_module_refuses_junk_with_cardwars_errors(
    name: str, value: Any
) -> None:
    _valid(FUNCTIONS[name], value)


def test_seats_of_an_outcome_must_be_seats_of_the_game() -> None:
    for function in (encoding.win_loss_returns, encoding.final_standings):
        for winners in ((5,), (-1,), (1, 0), (0, 0)):
            with pytest.raises(ArgumentError, match="result's winners"):
                function(Outcome(Termination.ALL_CARDS, winners), 2)
    assert encoding.win_loss_returns(Outcome(Termination.ALL_CARDS, (0, 2)), 3) == (
        1.0, -1.0, 1.0)


def test_layout_size_counts_the_values_of_parts_only() -> None:
    layout = cardwar.war.observation_layout(cardwar.war.options())
    assert encoding.layout_size(layout) == cardwar.war.observation_shape(
        cardwar.war.options())[0]
    assert encoding.layout_size(()) == 0
    for junk_value in (None, "ab", [layout[0]], (layout[0], 3), 5):
        with pytest.raises(cardwar.errors.ArgumentTypeError, match=r"^layout_size expects"):
            encoding.layout_size(junk_value)  # type: ignore[arg-type]


def test_the_junk_that_raised_pythons_errors_is_refused() -> None:
    generals = cardwar.generals
    squads = next(s for s in POSITIONS["generals"]
                  if isinstance(generals.legal_actions(s)[0], generals.Squad))
    for partial in (None, 5, "ab"):
        for call in (generals.legal_action_mask, generals.legal_action_indices):
            with pytest.raises(encoding.ActionIndexError, match="the ids picked so far"):
                call(squads, cast(Any, partial))
    with pytest.raises(encoding.ActionIndexError, match="is not one the seat could have"):
        generals.legal_action_indices(squads, (True,))
    with pytest.raises(cardwar.errors.ActionTypeError, match=r"is an int, got 13\.0"):
        generals.indices_to_action(squads, cast(Any, (13.0,)))
    with pytest.raises(cardwar.errors.ArgumentTypeError, match=r"^check_index's size"):
        encoding.check_index(0, cast(Any, None), "Toy")
    with pytest.raises(cardwar.errors.ArgumentTypeError, match=r"^pack expects"):
        encoding.pack(cast(Any, b"\x00"))
