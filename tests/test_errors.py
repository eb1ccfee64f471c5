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
