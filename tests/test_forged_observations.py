"""Observations built by hand that no state gives: ``sample_state`` and
``observation_tensor(observation, check=True)`` refuse them with cardwar's own
:class:`~cardwar.errors.ObservationError` (a seat that is not in the game with
:class:`~cardwar.errors.SeatError`, as ``observe`` does), or, for one they accept, give a
state the engine plays on and a tensor of the layout.

The forgeries are real observations of random positions of every variant with one field
replaced (``attrs.evolve``), or one field of a record they hold (the last battle, a
caravan, a play of the round, the result): junk of every type, ints moved a little or
far out of range, tuples one entry short or long, and the same field of another
position's observation (another seat's, another number of seats', a finished game's),
which is of the right type and shape but may not fit the rest."""

from __future__ import annotations

import math
import random
from typing import Any, cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardwar
from cardwar.errors import CardwarError, ObservationError, SeatError
from cardwar.rng import Rng

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])

#: Options with another number of seats, where the game allows it.
OTHER_SEATS = {"war": {"players": 3}, "peace": {"players": 4}, "cold-war": {"players": 4},
               "generals": {"players": 4}}


def _positions(variant: Any, options: Any, seeds: range) -> list[Any]:
    """Return states of random games of ``options``: every seventh one and the last."""
    out = []
    for seed in seeds:
        state = variant.new_game(seed, options)
        choose = random.Random(seed)
        for k in range(400):
            if k % 7 == 0 or variant.outcome(state) is not None:
                out.append(state)
            if variant.outcome(state) is not None:
                break
            state = variant.step(state, choose.choice(variant.legal_actions(state)))
    return out


def _observations(variant: Any) -> list[Any]:
    """Return every seat's observation of the positions of a few games, of the default
    options and of another number of seats."""
    states = _positions(variant, None, range(4))
    if variant.NAME in OTHER_SEATS:
        states += _positions(variant, variant.options(**OTHER_SEATS[variant.NAME]), range(2))
    return [variant.observe(s, seat) for s in states for seat in range(variant.num_players(s))]


SEEN = {v.NAME: _observations(v) for v in VARIANTS}

#: Values of every type.
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=4),
    st.binary(max_size=4), st.lists(st.integers(), max_size=3),
    st.tuples(st.integers(-2, 5)), st.tuples(st.integers(-2, 5), st.integers(-2, 5)),
    st.sampled_from([(), ((),), (None,), math.inf, 10**9, -(10**9), 2**64, object()]),
)


def _near(value: Any) -> st.SearchStrategy[Any]:
    """Values of ``value``'s type and shape, or nearly: an int moved a little or far, a
    tuple one entry short or long or with one int or bool changed, the other bool."""
    if type(value) is bool:
        return st.just(not value)
    if type(value) is int:
        return st.sampled_from([value - 1, value + 1, value + 2, -1, 10**9, -(10**9)])
    if type(value) is not tuple:
        return st.nothing()
    out = [st.just(value[1:]), st.just(value + value[:1]), st.just(value[::-1])]
    if value and all(type(v) is int for v in value):
        out.append(st.tuples(st.integers(0, len(value) - 1),
                             st.sampled_from([-1, 1, 3, -(10**9), 10**9])).map(
            lambda at: tuple(v + at[1] * (i == at[0]) for i, v in enumerate(value))))
    if value and all(type(v) is bool for v in value):
        out.append(st.integers(0, len(value) - 1).map(
            lambda at: tuple(v != (i == at) for i, v in enumerate(value))))
    return st.one_of(out)


def _record_fields(value: Any) -> list[str]:
    """Return the fields of an attrs record or a named tuple (none for anything else)."""
    if attrs.has(type(value)):
        return [f.name for f in attrs.fields(type(value)) if f.init]
    return list(getattr(type(value), "_fields", ()))


def _records(value: Any) -> list[Any]:
    """Return the records a field holds: itself, or the records of a tuple."""
    if type(value) is tuple:
        return [v for v in value if _record_fields(v)]
    return [value] if _record_fields(value) else []


def _replaced(record: Any, name: str, value: Any) -> Any:
    if attrs.has(type(record)):
        return attrs.evolve(record, **{name: value})
    return record._replace(**{name: value})


@st.composite
def forged(draw: st.DrawFn, variant: Any) -> tuple[Any, str]:
    """Return an observation of ``variant`` with one field (or one field of a record
    it holds) replaced, and the name of the field."""
    seen = SEEN[variant.NAME]
    real = draw(st.sampled_from(seen), label="observation")
    names = [f.name for f in attrs.fields(type(real)) if f.name != "options"]
    name = draw(st.sampled_from(names), label="field")
    value = getattr(real, name)
    # A record inside the field: the field itself, or an item of a tuple of records.
    inner: Any = value
    at = None
    if type(value) is tuple and value and _record_fields(value[0]):
        at = draw(st.integers(0, len(value) - 1), label="item")
        inner = value[at]
    fields = _record_fields(inner)
    inside = draw(st.booleans(), label="inside")
    if fields and inside:
        part = draw(st.sampled_from(fields), label="part")
        old = getattr(inner, part)
        others = [getattr(r, part) for o in seen for r in _records(getattr(o, name))
                  if type(r) is type(inner)]
        new = draw(st.one_of(junk, _near(old),
                             st.sampled_from(others) if others else st.nothing()))
        try:
            inner = _replaced(inner, part, new)
        except CardwarError:  # a record whose constructor checks its fields
            inner = _replaced(inner, part, old)
        value = inner if at is None else (*value[:at], inner, *value[at + 1:])
        return attrs.evolve(real, **{name: value}), name
    others = [getattr(o, name) for o in seen]
    value = draw(st.one_of(junk, _near(value), st.sampled_from(others)), label="value")
    return attrs.evolve(real, **{name: value}), name


def _plays_on(variant: Any, state: Any) -> None:
    """Assert that the engine plays on ``state``: its outcome, the seat to act, every
    legal action stepped, and the outcome and legal actions of each state after."""
    variant.outcome(state)
    variant.to_act(state)
    for action in variant.legal_actions(state):
        after = variant.step(state, action)
        variant.outcome(after)
        variant.legal_actions(after)


def _attempt(call: Any) -> tuple[Any, CardwarError | None]:
    """Return what ``call()`` returns, or the error of cardwar's own it raises."""
    try:
        return call(), None
    except CardwarError as err:
        return None, err


def _refused(err: CardwarError, name: str) -> bool:
    """Return whether ``err`` is the refusal due for a forged field ``name``."""
    return type(err) is ObservationError or (name == "seat" and type(err) is SeatError)


@parametrize
@given(data=st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_forged_observation_is_refused_or_gives_a_state_the_engine_plays_on(
    variant: Any, data: st.DataObject
) -> None:
    bad, name = data.draw(forged(variant))
    before = [getattr(bad, f.name) for f in attrs.fields(type(bad))]
    sample, refused = _attempt(lambda: variant.sample_state(bad, Rng.from_seed(1)))
    if refused is not None:
        assert _refused(refused, name), repr(refused)
    else:
        state, _ = sample
        assert variant.observe(state, bad.seat) == bad
        _plays_on(variant, state)
    tensor, refused = _attempt(lambda: variant.observation_tensor(bad, check=True))
    if refused is not None:
        assert _refused(refused, name), repr(refused)
    else:
        assert len(tensor) == variant.observation_shape(bad.options)[0]
        assert all(0.0 <= v <= 1.0 for v in tensor)
    # Unchecked, it is trusted: written, or refused when it cannot be.
    _, refused = _attempt(lambda: variant.observation_tensor(bad))
    assert refused is None or _refused(refused, name), repr(refused)
    assert all(getattr(bad, f.name) is v for f, v in zip(attrs.fields(type(bad)), before,
                                                        strict=True))


@parametrize
def test_every_observation_a_game_gives_passes_the_check(variant: Any) -> None:
    for seen in SEEN[variant.NAME]:
        assert variant.observation_tensor(seen, check=True) == \
            variant.observation_tensor(seen)
        state, _ = variant.sample_state(seen, Rng.from_seed(2))
        assert variant.observe(state, seen.seat) == seen


def test_forgeries_that_passed_the_round_trip_are_refused() -> None:
    """Forgeries that sampling used to accept (its sample gave them back) and that
    broke the engine or the tensor."""
    rng = Rng.from_seed(0)
    caravan, cold_war, generals, war = (cardwar.caravan, cardwar.cold_war, cardwar.generals,
                                        cardwar.war)
    seen = caravan.observe(caravan.new_game(1), 0)
    with pytest.raises(ObservationError, match="to_move should be a seat from 0 to 1"):
        caravan.sample_state(attrs.evolve(seen, to_move=10**9), rng)
    with pytest.raises(ObservationError, match="six caravans"):
        caravan.observation_tensor(attrs.evolve(seen, caravans=seen.caravans[:5]), check=True)
    cold = cold_war.observe(cold_war.new_game(1), 0)
    with pytest.raises(ObservationError, match="is no round of seats in the deal"):
        cold_war.sample_state(attrs.evolve(cold, order=()), rng)
    general = generals.observe(generals.new_game(1), 0)
    with pytest.raises(ObservationError, match="claimant should be a seat from 0 to 1"):
        generals.sample_state(attrs.evolve(general, claimant=2), rng)
    battle = war.observe(war.new_game(1), 0)
    with pytest.raises(ObservationError, match="wars_won should hold one entry per seat"):
        war.sample_state(attrs.evolve(battle, wars_won=()), rng)
    with pytest.raises(ObservationError, match="battles should be int, got None"):
        war.observation_tensor(attrs.evolve(battle, battles=cast(Any, None)), check=True)


def _first(name: str, where: Any) -> Any:
    """Return the first observation of the game ``name`` for which ``where`` holds."""
    return next(o for o in SEEN[name] if where(o))


def _refusals() -> list[Any]:
    """Return ``(game, forged observation, what the refusal says)`` for each of the
    games' checks."""
    from cardwar.cards import parse_cards
    from cardwar.core import Outcome, Termination

    war, arneson, caravan = cardwar.war, cardwar.arneson, cardwar.caravan
    cold_war, generals = cardwar.cold_war, cardwar.generals
    battle = war.observe(war.new_game(1), 0)
    last = _first("war", lambda o: o.last is not None).last
    arn = arneson.observe(arneson.new_game(1), 1)
    arn_last = _first("arneson", lambda o: o.last is not None).last
    turn = arneson.Turn(0, 0, parse_cards("2S")[0])
    car = caravan.observe(caravan.new_game(1), 0)
    cold = _first("cold-war", lambda o: o.plays and o.last_deal is not None)
    gen = generals.observe(generals.new_game(1), 0)
    four = generals.observe(generals.new_game(1, generals.options(players=4)), 0)
    fight = _first("generals", lambda o: len(o.hand_sizes) == 2 and o.sides and o.seat == 0
                   and o.result is None and o.claimant is None and not o.revealed[0])
    wrong_rank = attrs.evolve(cold.plays[0], rank=cardwar.cards.Rank.TWO
                              if cold.plays[0].rank is not cardwar.cards.Rank.TWO
                              else cardwar.cards.Rank.THREE)
    return [
        (war, attrs.evolve(battle, won_sizes=(1, 0), stock_sizes=(25, 26)), "win piles"),
        (war, attrs.evolve(battle, result=Outcome(Termination.ALL_CARDS, (5,))),
         "result should name seats from 0 to 1"),
        (war, attrs.evolve(battle, result=Outcome(Termination.ALL_CARDS, (1,), (3, 4))),
         "no game of 2 seats ends with them"),
        (war, attrs.evolve(battle, battles=1, last=last._replace(winner=7)),
         "last battle is no battle of a game of 2 seats"),
        (arneson, attrs.evolve(arn, won_sizes=(1, 0), stock_sizes=(22, 23)), "win piles"),
        (arneson, attrs.evolve(arn, committed=arn.hand[0]), "no round waits for"),
        (arneson, attrs.evolve(arn, rounds=((turn, turn),)), "rounds should each hold"),
        (arneson, attrs.evolve(arn, stakes=(1, 1)), "war in progress"),
        (arneson, attrs.evolve(arn, last=arn_last), "last battle before the first"),
        (caravan, attrs.evolve(car, hand_sizes=(7, 8)), "a hand of 7 cards"),
        (caravan, attrs.evolve(car, caravans=(caravan.Caravan(value=5),) * 6),
         "caravan A is no caravan of the game"),
        (caravan, attrs.evolve(car, opening=(False, True)), "seat 0 to move while only"),
        (cold_war, attrs.evolve(cold, recent=((*cold.hand, *cold.hand),) * len(cold.recent)),
         "recent should hold at most 3"),
        (cold_war, attrs.evolve(cold, plays=(wrong_rank, *cold.plays[1:])), "played as"),
        (cold_war, attrs.evolve(cold, last_deal=attrs.evolve(cold.last_deal, dealer=9)),
         "last deal's dealer should be a seat"),
        (cold_war, attrs.evolve(cold, last_deal=attrs.evolve(cold.last_deal, bombs=())),
         "last deal's bombs should hold one entry per seat"),
        (cold_war, attrs.evolve(cold, last_deal=attrs.evolve(cold.last_deal,
                                                             hands_scored=(True,))),
         "last deal's hands_scored should hold one entry per seat"),
        (cold_war, attrs.evolve(cold, order=(cold.order[0],) * 2, plays=()),
         "order names a seat twice"),
        (war, attrs.evolve(battle, battles=3), "3 battles played and no last battle"),
        (generals, attrs.evolve(gen, hand_sizes=(4, gen.hand_sizes[1])),
         "hand, squad and generals of seat 0"),
        (generals, attrs.evolve(gen, sides=((0,), (0,))), "two sides of distinct seats"),
        (generals, attrs.evolve(gen, committed=(True, False)), "do not agree with the sides"),
        (generals, attrs.evolve(gen, places=(1, None)), "places should be from 1 to 2"),
        (generals, attrs.evolve(four, places=(1, None, None, None)), "finished in place 1"),
        (generals, attrs.evolve(fight, hand=(), hand_sizes=(0, fight.hand_sizes[1]),
                                committed=(False, True), committed_sizes=(0, 1)),
         "no seat left to commit"),
    ]


@pytest.mark.parametrize("case", range(25))
def test_each_check_names_what_no_game_gives(case: int) -> None:
    game, bad, says = _refusals()[case]
    with pytest.raises(ObservationError) as refused:
        game.sample_state(bad, Rng.from_seed(0))
    assert says in str(refused.value)
    with pytest.raises(ObservationError) as unwritten:
        game.observation_tensor(bad, check=True)
    assert str(unwritten.value) == str(refused.value)


def test_a_last_deal_recorded_without_the_hands_scored_passes() -> None:
    cold = _first("cold-war", lambda o: o.last_deal is not None)
    old = attrs.evolve(cold, last_deal=attrs.evolve(cold.last_deal, hands_scored=()))
    state, _ = cardwar.cold_war.sample_state(old, Rng.from_seed(0))
    assert cardwar.cold_war.observe(state, old.seat) == old


def test_the_check_of_an_observation_is_that_of_its_own_game() -> None:
    from cardwar.errors import OptionsTypeError
    from cardwar.variants.war.sampling import validate

    seen = cardwar.peace.observe(cardwar.peace.new_game(1), 0)
    with pytest.raises(OptionsTypeError, match=r"whose options are war\.Options; got Options"):
        validate(seen)


@attrs.frozen
class _ToyObservation:
    seat: int
    count: int
    options: int = 0


class _ToyCodec(cardwar.encoding.ListedCodec):
    """A plugin game's codec, which checks no more than the types of an observation."""

    def layout(self, options: Any) -> tuple[cardwar.encoding.Part, ...]:
        return (cardwar.encoding.Part("count", (1,), True, "a count over 9"),)

    def write(self, observation: Any, tensor: cardwar.encoding.TensorWriter) -> None:
        if observation.count > 9:
            raise IndexError("a count past 9")
        tensor.part("count").fractions((observation.count,), 9)


def test_a_codec_without_the_games_check_checks_the_types() -> None:
    import types

    toy = types.SimpleNamespace(TITLE="Toy", Options=int, MIN_PLAYERS=2)
    codec = _ToyCodec(toy, lambda options: ("rock",))
    assert codec.observation_tensor(_ToyObservation(0, 3), check=True).tolist() == [1 / 3]
    for check in (True, False):
        with pytest.raises(ObservationError, match="count should be int, got 'x'"):
            codec.observation_tensor(_ToyObservation(0, cast(Any, "x")), check=check)
    with pytest.raises(ObservationError) as failed:  # of its types, but not written
        codec.observation_tensor(_ToyObservation(0, 12))
    assert str(failed.value) == "the observation cannot be written as a tensor: a count past 9"
    assert isinstance(failed.value.__cause__, IndexError)
    with pytest.raises(cardwar.StateError, match=r"^expected an observation of Toy, got"):
        codec.observation_tensor(_ToyObservation(cast(Any, None), 1))


def test_a_record_that_cannot_show_itself_is_named_by_its_type() -> None:
    caravan = cardwar.caravan
    seen = caravan.observe(caravan.new_game(1), 0)
    broken = caravan.Caravan(piles=cast(Any, True))
    with pytest.raises(TypeError):
        repr(broken)
    bad = attrs.evolve(seen, caravans=(broken,) * 6)
    with pytest.raises(ObservationError) as refused:
        caravan.sample_state(bad, Rng.from_seed(0))
    assert str(refused.value) == ("the observation's caravans should be tuple[Caravan, ...], "
                                  "got a tuple that cannot be shown")
