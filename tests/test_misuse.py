"""The misuse suite, beside the conformance suite: every variant given wrong types and
values everywhere its API takes input (actions, other variants' actions and states, seats,
options, deals, notation, observations built by hand for ``sample_state``) answers with
one of cardwar's own errors, and leaves its input as it was. Hypothesis draws the
misuse."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardwar
from cardwar.core import Variant, options_info
from cardwar.errors import CardwarError

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])


def _foreign_actions() -> list[Any]:
    """Return every other variant's first legal actions: values of the right shape for
    some game, and of the wrong one for all the others."""
    out = []
    for other in VARIANTS:
        out += list(other.legal_actions(other.new_game(3))[:3])
    return out


FOREIGN = _foreign_actions()
STATES = {v.NAME: v.new_game(3) for v in VARIANTS}

def _names_no_variant(text: str) -> bool:
    """Return whether ``text`` is refused as a variant's name: the registry reads names in
    any case (``COLD-WAR``), and Hypothesis also draws text from the string constants of
    the code under test, so junk text can be a valid name."""
    try:
        cardwar.variant(text)
    except CardwarError:
        return True
    return False


#: Values of every kind, none of them an action of any game.
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.complex_numbers(),
    st.text(max_size=20).filter(_names_no_variant),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([math.inf, -0.0, 10**100, object(), type, Ellipsis]),
)


def _unchanged(value: Any) -> Any:
    """Return a deep copy to compare ``value`` with after a call."""
    return copy.deepcopy(value)


@parametrize
@given(action=st.one_of(junk, st.sampled_from(FOREIGN)))
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_step_refuses_what_is_not_its_legal_action(variant: Variant, action: Any) -> None:
    state = STATES[variant.NAME]
    before = _unchanged(state)
    if any(type(action) is type(a) and action == a for a in variant.legal_actions(state)):
        return  # another game's action that is also legal here (War's and Peace's play)
    with pytest.raises(CardwarError):
        variant.step(state, action)
    assert state == before


#: Every variant with every other variant's state, and with values that are no state.
NOT_STATE_NAMES: list[Any] = ["None", "str", "int"]
FOREIGN_STATES = [
    pytest.param(v, o, id=f"{v.NAME}-{o if isinstance(o, str) else o.NAME}")
    for v in VARIANTS for o in [*VARIANTS, *NOT_STATE_NAMES] if o is not v
]
NOT_STATES = {"None": None, "str": "state", "int": 7}


@pytest.mark.parametrize(("variant", "other"), FOREIGN_STATES)
def test_every_function_refuses_another_variants_state(variant: Variant, other: Any) -> None:
    if isinstance(other, str):
        state: Any = NOT_STATES[other]
    else:
        if type(STATES[other.NAME]) is type(STATES[variant.NAME]):
            # War's and Peace's states share a class: only step, which plays by the
            # options, tells them apart.
            with pytest.raises(cardwar.StateError, match=r"^expected a state of "):
                variant.step(STATES[other.NAME], variant.Play.PLAY)  # type: ignore[attr-defined]
            return
        state = STATES[other.NAME]
    before = _unchanged(state)
    mine = STATES[variant.NAME]
    action = variant.legal_actions(mine)[0]
    after = variant.step(mine, action)
    for call in (variant.legal_actions, variant.to_act, lambda s: variant.observe(s, 0),
                 lambda s: variant.step(s, action), variant.outcome, variant.num_players,
                 variant.cards_in_play, variant.render_state, variant.describe_deal,
                 lambda s: variant.describe_step(s, action, after),
                 lambda s: variant.describe_step(mine, action, s)):
        with pytest.raises(cardwar.StateError):
            call(state)
    assert state == before


@pytest.mark.parametrize("rules", [
    cardwar.variants._battle.rules, cardwar.variants.arneson.rules,
    cardwar.variants.caravan.rules, cardwar.variants.cold_war.rules,
    cardwar.variants.generals.rules,
], ids=["battle", "arneson", "caravan", "cold-war", "generals"])
def test_the_rules_modules_count_seats_of_their_states_only(rules: Any) -> None:
    # The variants' num_players is their codec's (options or state); the rules modules'
    # own, which the engines call, refuse what is not their state too.
    for value in (None, 3, STATES["caravan"] if rules is not cardwar.variants.caravan.rules
                  else STATES["war"]):
        with pytest.raises(cardwar.StateError):
            rules.num_players(value)


@parametrize
def test_views_of_a_seat_refuse_what_is_not_its_observation(variant: Variant) -> None:
    state = STATES[variant.NAME]
    with pytest.raises(cardwar.StateError) as err:
        variant.render_observation(state)
    assert str(err.value) == (f"expected an observation of {variant.TITLE}, got "
                              f"{type(state).__name__}: observe(state, seat) gives what one "
                              "seat sees")
    for other in VARIANTS:
        seen = other.observe(STATES[other.NAME], 0)
        if type(seen) is type(variant.observe(state, 0)):
            continue  # War's and Peace's observations share a class
        for call in (variant.render_observation, variant.observation_tensor):
            with pytest.raises(cardwar.StateError, match=f"^expected an observation of "
                                                         f"{re.escape(variant.TITLE)}, got "):
                call(seen)
    for junk_value in (None, 3, "seen"):
        with pytest.raises(cardwar.StateError):
            variant.render_observation(junk_value)


@parametrize
@given(indices=junk)
@settings(max_examples=40)
def test_indices_to_action_refuses_what_is_not_a_tuple_of_ids(variant: Variant,
                                                             indices: Any) -> None:
    state = STATES[variant.NAME]
    if isinstance(indices, (tuple, list)) and len(indices) == 1 and type(indices[0]) is int \
            and 0 <= indices[0] < variant.num_actions(state.options):
        return  # an id, of an action legal here or not: step decides
    with pytest.raises(CardwarError):
        variant.indices_to_action(state, indices)
    if isinstance(indices, (tuple, list)) and not indices:
        return  # no id picked yet: a partial action General's War's squads begin with
    with pytest.raises(CardwarError):
        variant.partial_tensor(state.options, indices)


@parametrize
@given(seat=st.one_of(junk, st.integers(min_value=-(2**70), max_value=2**70)))
@settings(max_examples=60)
def test_observe_refuses_every_seat_that_does_not_exist(variant: Variant, seat: Any) -> None:
    state = STATES[variant.NAME]
    if type(seat) is int and 0 <= seat < variant.num_players(state):
        return
    with pytest.raises(cardwar.SeatError):
        variant.observe(state, seat)


@parametrize
@given(data=st.data())
@settings(max_examples=80)
def test_options_accept_or_refuse_with_an_option_error(
    variant: Variant, data: st.DataObject
) -> None:
    info = options_info(variant.Options)
    name = data.draw(st.sampled_from([i.name for i in info]))
    value = data.draw(st.one_of(junk, st.integers(-3, 60), st.sampled_from(
        ["2 3", "SH", "none", "true", "x", "", "JK", "2 2"])))
    try:
        options = variant.options(**{name: value})
    except cardwar.OptionError as err:
        refused: cardwar.OptionError | None = err
    else:
        refused = None
    if refused is not None:
        # It names the option, or the other option of a combination that does not fit.
        assert refused.option in {i.name for i in info}
        return
    # Options that options() accepts start a game (D16: nothing valid there fails later).
    variant.new_game(1, options)


@parametrize
@given(deal=st.one_of(
    junk.filter(lambda d: d is not None),  # None asks for a shuffled deal
    st.lists(st.one_of(st.text(max_size=6), st.none(), st.integers()), max_size=5),
    st.lists(st.lists(st.sampled_from(["AS", "2H", "JK", "10C", "x", ""]), max_size=4),
             max_size=5),
))
@settings(max_examples=60)
def test_new_game_refuses_a_deal_of_any_wrong_shape(variant: Variant, deal: Any) -> None:
    with pytest.raises(CardwarError):
        variant.new_game(0, deal=deal)


@parametrize
@given(text=st.one_of(st.text(max_size=30), junk))
@settings(max_examples=100)
def test_notation_is_parsed_or_refused_with_a_notation_error(
    variant: Variant, text: Any
) -> None:
    try:
        action = variant.parse_action(text)
    except cardwar.NotationError:
        return
    assert variant.parse_action(str(action)) == action


def test_war_family_describe_step_needs_the_state_after_a_battle() -> None:
    for variant in (cardwar.war, cardwar.peace):
        state = variant.new_game(1)
        with pytest.raises(cardwar.StateError) as err:
            variant.describe_step(state, variant.Play.PLAY, state)
        assert str(err.value) == ("describe_step: the state after a step holds the battle "
                                  "it played; this one holds none (a new game?)")


def test_caravan_describe_step_refuses_what_is_not_its_action() -> None:
    caravan = cardwar.caravan
    state = STATES["caravan"]
    after = caravan.step(state, caravan.legal_actions(state)[0])
    for action in (None, 3, "JH>A1", cardwar.war.Play.PLAY):
        with pytest.raises(cardwar.errors.ActionTypeError) as err:
            caravan.describe_step(state, action, after)  # type: ignore[arg-type]
        assert str(err.value) == ("an action of Caravan is a Play, a Discard or a Disband, "
                                  f"got {action!r}")


# --- the library's functions beyond the protocol ---------------------------------------------


@given(value=junk)
@settings(max_examples=60)
def test_runs_of_many_games_refuse_junk_with_cardwars_errors(value: Any) -> None:
    from cardwar import batch, chance, tournament

    calls: list[Callable[[], object]] = [
        lambda: list(batch.simulate(value, seeds=[1])),
        lambda: list(batch.play(value, seeds=[1])),
        lambda: batch.Games(value, [1]),
        lambda: chance.new_game(value),
        lambda: chance.is_chance_node(value),
        lambda: chance.to_act(value),
        lambda: chance.chance_outcomes(value),
        lambda: chance.apply_chance(value, 0),
        lambda: chance.step(value, None),
        lambda: cardwar.agents.play(value, None, 1),
        lambda: tournament.tournament(value, ["random", "random"], 2, 1),
        lambda: tournament.tournament("caravan", value, 2, 1),
        lambda: tournament.ladder(value, ["random", "first"], 2, 1),
        lambda: cardwar.variant(value),
    ]
    # An iterable of ints (empty included, a dict iterates its keys) may be seeds.
    if not (isinstance(value, (list, tuple, dict)) and all(type(s) is int for s in value)):
        calls += [lambda: list(batch.play("caravan", seeds=value)),
                  lambda: list(batch.simulate("war", seeds=value)),
                  lambda: batch.Games("caravan", value)]
    if not (value is None or (isinstance(value, (list, tuple)) and not value)):
        calls.append(lambda: cardwar.agents.play("caravan", value, 1))
    if not (type(value) is int and value >= 1):  # games
        calls.append(lambda: tournament.ladder("generals", ["random", "first"], value, 1))
    if not (type(value) is int and 0 <= value < 2**64):  # a seed
        calls.append(lambda: tournament.ladder("generals", ["random", "first"], 2, value))
    if value is not None:  # None: a random player per seat; every agent of a ladder
        calls.append(lambda: tournament.ladder("generals", value, 2, 1))
        calls.append(lambda: list(batch.play("caravan", seeds=[1], agents=value)))
    for call in calls:
        with pytest.raises(CardwarError):
            call()


def test_an_agent_without_choose_is_refused_by_name() -> None:
    with pytest.raises(cardwar.errors.AgentError) as err:
        cardwar.agents.play("caravan", [object(), object()], 1)  # type: ignore[list-item]
    assert str(err.value).startswith(
        "the agent of seat 0 has no choose(observation, legal) method: <object object")


def test_numpy_seeds_are_seeds() -> None:
    import numpy as np

    from cardwar import batch

    seeds = np.array([3, 4], dtype=np.uint64)
    assert [row[0] for chunk in batch.play("caravan", seeds=seeds) for row in chunk.rows()] \
        == [3, 4]
    assert [row[0] for chunk in batch.simulate("war", seeds=seeds) for row in chunk.rows()] \
        == [3, 4]
    assert batch.Games("caravan", seeds).seeds.tolist() == [3, 4]
    with pytest.raises(cardwar.SeedError):
        batch.Games("caravan", [True])


@given(value=junk)
@settings(max_examples=40)
def test_options_and_text_helpers_refuse_junk_with_cardwars_errors(value: Any) -> None:
    from cardwar import agents, render
    from cardwar.core import options_from_json, options_info, options_to_json

    calls: list[Callable[[], object]] = [
        lambda: options_to_json(value), lambda: options_info(value),
        lambda: options_from_json(value, {}),
        lambda: render.render_state(value, STATES["war"]),
        lambda: render.render_observation(value, None),
        lambda: agents.has_heuristic(value),
    ]
    if value != {}:  # an empty dict is War's default options
        calls.append(lambda: options_from_json(cardwar.war, value))
    for call in calls:
        with pytest.raises(CardwarError):
            call()


@parametrize
def test_a_refused_state_is_named_with_the_variant_and_what_it_got(variant: Variant) -> None:
    # kills the check_state(..., TITLE) survivors of every variant's views and rules
    # (outcome, cards_in_play, num_players, render_state, describe_deal, describe_step):
    # the message names the game (the War family's shared rules name the family) and
    # the type of what was passed.
    state = STATES[variant.NAME]
    junk: Any = "a state"
    action = variant.legal_actions(state)[0]
    after = variant.step(state, action)
    calls: dict[str, Callable[[], object]] = {
        "legal_actions": lambda: variant.legal_actions(junk),
        "to_act": lambda: variant.to_act(junk),
        "observe": lambda: variant.observe(junk, 0),
        "outcome": lambda: variant.outcome(junk),
        "num_players": lambda: variant.num_players(junk),
        "cards_in_play": lambda: variant.cards_in_play(junk),
        "render_state": lambda: variant.render_state(junk),
        "describe_deal": lambda: variant.describe_deal(junk),
        "describe_step before": lambda: variant.describe_step(junk, action, after),
        "describe_step after": lambda: variant.describe_step(state, action, junk),
    }
    names = {variant.TITLE, "the War family"} if variant.NAME in ("war", "peace") else {
        variant.TITLE}
    for what, call in calls.items():
        with pytest.raises(cardwar.StateError) as err:
            call()
        text = str(err.value)
        assert any(text.startswith(f"expected a state of {n} (") for n in names), (what, text)
        assert text.endswith(", got str"), (what, text)


SAMPLED = [v for v in VARIANTS if getattr(v, "sample_state", None) is not None]


def _changed(value: Any) -> st.SearchStrategy[Any]:
    """Values near ``value``, an observation's field: an int moved by a little, one entry
    of a tuple of ints moved, a tuple with an entry dropped or repeated, its ints as
    floats or bools, or the tuple as a list."""
    near = st.integers(min_value=-3, max_value=3).filter(bool)
    if type(value) is int:
        return st.one_of(near.map(lambda d: value + d), st.just(float(value)))
    if type(value) is not tuple or not value:
        return st.nothing()
    choices = [st.just(value[1:]), st.just(value + value[:1]), st.just(list(value))]
    if all(type(v) is int for v in value):
        choices += [
            st.tuples(st.integers(0, len(value) - 1), near).map(
                lambda at: tuple(v + at[1] * (i == at[0]) for i, v in enumerate(value))),
            st.just(tuple(float(v) for v in value)),
            st.just(tuple(bool(v) for v in value)),
        ]
    return st.one_of(choices)


@pytest.mark.parametrize("variant", SAMPLED, ids=[v.NAME for v in SAMPLED])
@given(data=st.data())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_sampling_an_observation_built_by_hand_refuses_or_gives_it_back(
    variant: Variant, data: st.DataObject
) -> None:
    """An observation of a random position with one field replaced (junk, or a value
    near the right one): ``sample_state`` raises one of cardwar's errors, or returns a
    state whose observation by that seat is exactly the one given; either way the
    observation is left as it was."""
    import random

    import attrs

    from cardwar.rng import Rng

    seed = data.draw(st.integers(0, 40), label="seed")
    state = variant.new_game(seed)
    choose = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 40), label="moves")):
        actions = variant.legal_actions(state)
        if not actions:
            break
        state = variant.step(state, choose.choice(actions))
    seat = data.draw(st.integers(0, variant.num_players(state) - 1), label="seat")
    seen = variant.observe(state, seat)
    names = [f.name for f in attrs.fields(type(seen)) if f.name != "options"]
    name = data.draw(st.sampled_from(names), label="field")
    value = data.draw(st.one_of(junk, _changed(getattr(seen, name))), label="value")
    bad = attrs.evolve(seen, **{name: value})
    before = repr(bad)
    try:
        sample, _ = cast(Any, variant).sample_state(bad, Rng.from_seed(seed))
    except CardwarError:
        pass
    else:
        assert variant.observe(sample, bad.seat) == bad
        assert repr(variant.observe(sample, bad.seat)) == before
    assert repr(bad) == before
