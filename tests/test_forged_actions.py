"""Actions whose fields were set past their constructor's checks (``object.__setattr__``
on a frozen action: a str, ``None``, a float, a bool or an int out of range where a card,
a caravan or a seat is due): ``step`` refuses them with cardwar's own error
(:class:`~cardwar.errors.ActionTypeError` for a field of the wrong type,
:class:`~cardwar.core.IllegalActionError` for a value no legal action has) and never
returns a state the engine then fails on."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardwar
from cardwar.cards import parse_cards
from cardwar.core import IllegalActionError
from cardwar.errors import ActionTypeError, CardwarError

#: The games whose actions have fields (War's and Peace's one action is an enum value).
VARIANTS = [cardwar.variant(name) for name in ("arneson", "caravan", "cold-war", "generals")]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])


def _positions(variant: Any) -> list[Any]:
    """Return positions of random games where a seat has a decision."""
    out = []
    for seed in range(4):
        state = variant.new_game(seed)
        choose = random.Random(seed)
        for k in range(150):
            if variant.outcome(state) is not None:
                break
            if k % 5 == 0:
                out.append(state)
            state = variant.step(state, choose.choice(variant.legal_actions(state)))
    return out


POSITIONS = {v.NAME: _positions(v) for v in VARIANTS}

#: Values of every kind: none of them of the type of any field of an action but by chance
#: an int or a card, which ``step`` then judges by the rules.
junk = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 8), st.floats(allow_nan=True),
    st.text(max_size=3), st.binary(max_size=2), st.lists(st.integers(), max_size=2),
    st.sampled_from([10**9, -(10**9), 2**64, math.inf, 1.0, 0.0, "AS", (), (None,),
                     object(), cardwar.cards.Rank.ACE, cardwar.cards.Suit.SPADES,
                     *parse_cards("AS JK 2C")]),
)


def _forged(action: Any, name: str, value: Any) -> Any:
    """Return a new action of ``action``'s class, its field ``name`` set to ``value``
    past the constructor."""
    forged = object.__new__(type(action))
    for field in attrs.fields(type(action)):
        object.__setattr__(forged, field.name, getattr(action, field.name))
    object.__setattr__(forged, name, value)
    return forged


def _of_its_types(action: Any, legal: tuple[Any, ...]) -> bool:
    """Return whether ``action`` is one of ``legal`` with every field of the same type."""
    return any(type(a) is type(action) and a == action and all(
        type(getattr(a, f.name)) is type(getattr(action, f.name))
        and (type(getattr(a, f.name)) is not tuple or all(
            type(x) is type(y) for x, y in zip(getattr(a, f.name), getattr(action, f.name),
                                               strict=True)))
        for f in attrs.fields(type(a))) for a in legal)


@parametrize
@given(data=st.data())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_forged_action_is_refused_or_is_a_legal_action(variant: Any,
                                                         data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(POSITIONS[variant.NAME]), label="state")
    legal = variant.legal_actions(state)
    action = data.draw(st.sampled_from(legal), label="action")
    fields = [f.name for f in attrs.fields(type(action))]
    if not fields:
        return  # General's War's Pass
    name = data.draw(st.sampled_from(fields), label="field")
    old = getattr(action, name)
    values = [junk]
    if type(old) is tuple:
        values += [st.just(list(old)), st.just(old[:-1]), st.just((*old, *old[:1])),
                   st.just(tuple(map(str, old))), st.just((None,) * len(old))]
    forged = _forged(action, name, data.draw(st.one_of(values), label="value"))
    try:
        after = variant.step(state, forged)
    except (ActionTypeError, IllegalActionError):
        return
    # Accepted: a legal action, of its types, and the game plays on.
    assert _of_its_types(forged, legal)
    variant.outcome(after)
    for seat in range(variant.num_players(after)):
        variant.observe(after, seat)
    for following in variant.legal_actions(after)[:10]:
        variant.legal_actions(variant.step(after, following))


def test_each_forged_field_is_named() -> None:
    caravan, cold_war, generals, arneson = (cardwar.caravan, cardwar.cold_war,
                                            cardwar.generals, cardwar.arneson)
    state = caravan.new_game(1)
    play: Any = caravan.legal_actions(state)[0]
    cases: list[tuple[Any, Any, Any, str]] = [
        (caravan, state, _forged(play, "caravan", True),
         "Play.caravan must be an int, got True"),
        (caravan, state, _forged(play, "card", "2S"), "Play.card must be a Card, got '2S'"),
        (caravan, state, _forged(play, "target", 0.0),
         "Play.target must be an int or None, got 0.0"),
        (caravan, state, _forged(caravan.Discard(play.card), "card", None),
         "Discard.card must be a Card, got None"),
        (caravan, state, _forged(caravan.Disband(0), "caravan", 1.0),
         "Disband.caravan must be an int, got 1.0"),
        (arneson, arneson.new_game(1),
         _forged(arneson.legal_actions(arneson.new_game(1))[0], "card", 14),
         "Choose.card must be a Card, got 14"),
        (cold_war, cold_war.new_game(1),
         _forged(cold_war.legal_actions(cold_war.new_game(1))[0], "declared", 14),
         "Play.declared must be a Rank or None, got 14"),
    ]
    general = generals.new_game(1)
    while generals.to_act(general) is not None and not isinstance(
            generals.legal_actions(general)[0], generals.Squad):
        general = generals.step(general, generals.legal_actions(general)[0])
    squad: Any = generals.legal_actions(general)[0]
    cases.append((generals, general, _forged(squad, "cards", list(squad.cards)), "holds a "
                  "value its constructor does not take"))
    four = generals.new_game(1, generals.options(players=4, claim_cards=0))
    challenge = generals.legal_actions(four)[0]
    cases.append((generals, four, _forged(challenge, "seat", True),
                  "Challenge.seat must be an int, got True"))
    claims = generals.new_game(3, generals.options(claim_cards=1))
    claim = next((a for a in generals.legal_actions(claims) if isinstance(a, generals.Claim)),
                 generals.Claim(parse_cards("AS")[0]))
    cases.append((generals, claims, _forged(claim, "card", "AS"),
                  "Claim.card must be a Card, got 'AS'"))
    for variant, position, forged, message in cases:
        with pytest.raises(ActionTypeError) as refused:
            variant.step(position, forged)
        assert message in str(refused.value), (variant.NAME, str(refused.value))


@attrs.frozen(repr=False)
class _Unshown:
    value: int

    def __repr__(self) -> str:
        raise TypeError("no repr")


def test_a_forged_action_that_cannot_show_itself_is_named_by_its_class() -> None:
    from cardwar.core import forged_action

    squad = cardwar.generals.Squad(parse_cards("2S 3S"))
    assert str(forged_action(_forged(squad, "cards", 5))) == (
        "Squad(cards=5) holds a value its constructor does not take")
    assert str(forged_action(_Unshown(3))) == (
        "_Unshown holds a value its constructor does not take")
    assert isinstance(forged_action(_Unshown(3)), CardwarError)
