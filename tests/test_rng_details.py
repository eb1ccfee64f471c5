"""Details of :class:`cardwar.rng.Rng`'s validation that the main tests leave open.

An ``int`` subclass other than ``bool`` (an ``IntEnum`` member, a numbering type of the
caller's) is an int: :func:`cardwar.rng.check_seed` accepts it as a seed and ``Rng``
accepts it as a key and as a counter, zero included, and draws from it exactly as from
the plain int. The fast path of ``Rng.__attrs_post_init__`` only tests exact ``int``
values, so these cases go through the full check. Also :func:`cardwar.rng.advanced`:
its refusals, each showing the value, and a ChanceRng set to any counter, 0 included.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from cardwar.errors import ArgumentError, ArgumentTypeError
from cardwar.rng import (
    MASK64,
    ChanceRng,
    Draws,
    Rng,
    SeedError,
    advanced,
    choose_index,
)


class Word(int):
    """A caller's own int type."""


class Step(enum.IntEnum):
    """An IntEnum used as a counter."""

    START = 0
    THIRD = 3


@pytest.mark.parametrize(
    "counter", [Word(0), Word(3), Step.START, Step.THIRD], ids=["Word0", "Word3", "Step0", "Step3"]
)
def test_an_int_subclass_counter_is_accepted_and_draws_like_the_plain_int(
    counter: int,
) -> None:
    # kills Rng.__attrs_post_init__ mutmut_15 (and -> or), _25 (< 0 -> <= 0), _26 (< 1)
    rng = Rng(12345, counter)
    plain = Rng(12345, int(counter))
    assert rng.counter == int(counter)
    assert rng.bits() == plain.bits()
    assert rng.below(10) == plain.below(10)


@pytest.mark.parametrize("key", [Word(0), Word(7), Word(MASK64)])
def test_an_int_subclass_key_is_accepted_at_the_bounds(key: int) -> None:
    rng = Rng(key, Word(0))
    assert rng.bits() == Rng(int(key), 0).bits()


@pytest.mark.parametrize(
    ("counter", "shown"),
    [(Word(-1), "-1"), (True, "True"), (False, "False"), (1.0, "1.0"), ("0", "'0'")],
)
def test_a_counter_that_is_not_an_int_at_least_zero_is_refused(
    counter: object, shown: str
) -> None:
    with pytest.raises(SeedError) as err:
        Rng(1, counter)  # type: ignore[arg-type]
    assert str(err.value) == f"counter must be an int >= 0, got {shown}"


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (-1, "key must be an int in [0, 2**64 - 1], got -1"),
        (MASK64 + 1, f"key must be an int in [0, 2**64 - 1], got {MASK64 + 1}"),
        (Word(-2), "key must be an int in [0, 2**64 - 1], got -2"),
        (True, "key must be an int in [0, 2**64 - 1], got bool True"),
    ],
)
def test_a_key_outside_64_bits_is_refused_with_its_name(key: int, message: str) -> None:
    with pytest.raises(SeedError) as err:
        Rng(key)
    assert str(err.value) == message


def test_draws_beyond_the_generator_s_bound_stay_in_range() -> None:
    rng = Rng.from_seed(4)
    for n in (2**64 + 5, 3 * 2**70):
        for _ in range(20):
            value, rng = choose_index(rng, n)
            assert 0 <= value < n


# --- advanced and the explicit-chance generator ---------------------------------------------

CHANCE = ChanceRng(Draws((1, 2)), 2)


@attrs.frozen
class Counted:
    """Not a generator, though it has a counter: advanced refuses it rather than return it."""

    counter: int


@pytest.mark.parametrize(
    ("rng", "key", "counter", "error", "message"),
    [
        (5, 5, 5, ArgumentTypeError,
         "advanced expects a cardwar.rng.Rng or ChanceRng, got int 5"),
        (CHANCE, 7, 1, ArgumentTypeError,
         "advanced expects the Draws of a ChanceRng as its key, got int 7"),
        (CHANCE, CHANCE.key, -2, ArgumentError,
         "advanced's counter expects an int >= 0, got -2"),
        (Counted(0), 1, 0, ArgumentTypeError,
         "advanced expects a cardwar.rng.Rng or ChanceRng, got Counted Counted(counter=0)"),
    ],
    ids=["generator", "key", "counter", "not a generator with a counter"],
)
def test_advanced_refuses_each_argument_showing_it(
    rng: object, key: object, counter: object, error: type[Exception], message: str
) -> None:
    """advanced() names the argument it refuses and shows the value given."""
    # kills _advanced_error mutmut_8, _21, _30 and _chance_advanced mutmut_18 (None shown
    # or checked instead of the value)
    with pytest.raises(error) as err:
        advanced(rng, key, counter)  # type: ignore[arg-type]
    assert type(err.value) is error
    assert str(err.value) == message


def test_advanced_sets_a_chance_generator_to_any_counter_zero_included() -> None:
    """A ChanceRng is set to the counter given, as an Rng is, counter 0 included."""
    # kills _chance_advanced mutmut_10 (> 0) and _11 (>= 1)
    moved: Any = advanced(CHANCE, CHANCE.key, 0)  # type: ignore[arg-type]
    assert moved == ChanceRng(CHANCE.key, 0)
    assert advanced(Rng(7, 2), 7, 0) == Rng(7, 0)
