"""cardwar's own errors: one base class, :class:`cardwar.CardwarError`, under every error
the library raises for bad input, each also the built-in that fits; and seats checked the
same way by every variant's ``observe``."""

from __future__ import annotations

from typing import Any

import pytest

import cardwar
from cardwar import records
from cardwar.core import Variant

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (cardwar.CardError, ValueError),
        (cardwar.DealError, ValueError),
        (cardwar.SeedError, ValueError),
        (cardwar.OptionError, ValueError),
        (cardwar.IllegalActionError, ValueError),
        (cardwar.GameOverError, ValueError),
        (cardwar.NotationError, ValueError),
        (records.RecordError, ValueError),
        (cardwar.UnknownVariantError, KeyError),
        (cardwar.ActionTypeError, TypeError),
        (cardwar.SeatError, ValueError),
        (cardwar.SeatError, TypeError),
        (cardwar.OptionsTypeError, TypeError),
        (cardwar.StateError, TypeError),
    ],
)
def test_every_error_is_a_cardwar_error_and_the_builtin_that_fits(
    error: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, cardwar.CardwarError)
    assert issubclass(error, builtin)


@parametrize
@pytest.mark.parametrize("seat", [None, 0.5, 1.0, True, False, "0", -1, 4, 2**70, complex(0)])
def test_observe_refuses_every_seat_that_is_not_an_int_seat(variant: Variant, seat: Any) -> None:
    state = variant.new_game(1)
    with pytest.raises(cardwar.SeatError) as err:
        variant.observe(state, seat)
    assert str(err.value) == (
        f"seat must be an int in [0, {variant.num_players(state) - 1}], got {seat!r}")


@pytest.mark.parametrize(
    "make",
    [
        lambda: cardwar.generals.Claim("AS"),  # type: ignore[arg-type]
        lambda: cardwar.generals.Challenge(0.0),  # type: ignore[arg-type]
        lambda: cardwar.generals.Partner(complex(1)),  # type: ignore[arg-type]
        lambda: cardwar.generals.Challenge(True),
        lambda: cardwar.generals.Squad(None),
        lambda: cardwar.cold_war.Play(cardwar.JOKER, 12),  # type: ignore[arg-type]
        lambda: cardwar.caravan.Play(cardwar.parse_card("KH"), 0, "1"),  # type: ignore[arg-type]
        lambda: cardwar.caravan.Discard("7H"),  # type: ignore[arg-type]
        lambda: cardwar.arneson.Choose("QH"),  # type: ignore[arg-type]
    ],
)
def test_an_action_of_the_wrong_types_is_refused_when_built(make: Any) -> None:
    # D1 to D4: a value that merely equals a legal action's never reaches a state.
    with pytest.raises(cardwar.ActionTypeError, match=r"^\w+\.\w+ must be "):
        make()


@pytest.mark.parametrize(
    ("variant", "text"),
    [("generals", "challenge \u00b2"), ("generals", "partner " + "9" * 5000),
     ("caravan", "QS>A" + "9" * 5000), ("caravan", "QS>A\u0663")],
)
def test_digits_python_reads_but_notation_does_not_are_refused(variant: str, text: str) -> None:
    # D7: other scripts' digits and numbers too long for int() are notation errors.
    with pytest.raises(cardwar.NotationError, match=r"^bad action "):
        cardwar.variant(variant).parse_action(text)


@pytest.mark.parametrize("value", [5, None, True, 2.5])
@pytest.mark.parametrize("option", ["ranks", "suits"])
def test_a_deck_option_of_the_wrong_type_is_an_option_error(option: str, value: Any) -> None:
    # D6: options(suits=5) raised Python's TypeError.
    for variant in VARIANTS:
        with pytest.raises(cardwar.OptionError) as err:
            variant.options(**{option: value})
        assert err.value.option == option


@parametrize
@pytest.mark.parametrize("deal", [5, {"AS", "KS"}, {"a": "AS"}, [{"AS"}, {"KS"}], [None, None]])
def test_a_deal_that_is_not_ordered_piles_is_refused(variant: Variant, deal: Any) -> None:
    # D15: a pile of None, or piles as sets (whose order depends on the hash seed).
    with pytest.raises((cardwar.DealError, cardwar.CardError)):
        variant.new_game(0, deal=deal)


@parametrize
def test_options_that_are_not_the_variants_own_are_refused(variant: Variant) -> None:
    # D15: new_game(0, options={}) raised "unhashable type".
    for options in ({}, [], "players=2", object()):
        with pytest.raises(cardwar.OptionsTypeError):
            variant.new_game(0, options)


@pytest.mark.parametrize("name", ["war", "peace", "arneson", "generals", "cold-war"])
def test_a_joker_rank_is_refused_by_options_not_by_new_game(name: str) -> None:
    # D16: options(ranks=[Rank.JOKER]) was accepted and failed only in new_game.
    with pytest.raises(cardwar.OptionError, match="Jokers are not a rank of a suited deck"):
        cardwar.variant(name).options(ranks=[cardwar.Rank.JOKER, cardwar.Rank.TWO])


def test_a_caravan_deck_too_large_to_shuffle_is_refused_by_options() -> None:
    # D16: a custom deck of 20,000 cards was accepted and failed only in new_game.
    one_set = " ".join(str(c) for c in cardwar.caravan.deck())
    with pytest.raises(cardwar.OptionError, match=r"^option 'deck_1': a caravan deck holds at "
                       r"most 16384 cards, this one has 19980$") as refused:
        cardwar.caravan.options(deck_1=" ".join([one_set] * 370), deck_sets=370)
    assert refused.value.option == "deck_1"
    # A deck of exactly the bound plays: 303 whole sets and the first 22 cards of another.
    sets = 16384 // 54
    cards = [one_set] * sets + [" ".join(one_set.split()[:16384 - 54 * sets])]
    opts = cardwar.caravan.options(deck_0=" ".join(cards), deck_sets=sets + 1)
    assert opts.deck_0 is not None
    assert len(opts.deck_0) == 16384
    assert len(cardwar.caravan.new_game(0, opts).decks[0]) == 16384 - 8


@pytest.mark.parametrize("action_class", [
    cardwar.arneson.Choose, cardwar.caravan.Play, cardwar.caravan.Discard,
    cardwar.caravan.Disband, cardwar.cold_war.Play, cardwar.generals.Claim,
    cardwar.generals.Pass, cardwar.generals.Challenge, cardwar.generals.Partner,
    cardwar.generals.Squad,
])
def test_an_action_class_cannot_be_subclassed(action_class: type) -> None:
    # An action equal to a legal action is then exactly one: of the game's own class, with
    # fields of the checked types; a subclass that changed __eq__ never reaches step.
    with pytest.raises(cardwar.ActionTypeError, match="cannot be subclassed"):
        type("Impostor", (action_class,), {})
