"""Option values as users give them (keyword arguments or ``-o NAME=VALUE`` text): every
converter of :mod:`cardwar.core` accepts the documented spellings and refuses anything
else with an :class:`~cardwar.core.OptionError` that names the option and the value;
and terminations print as the values records and summaries use."""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import arneson, caravan, cold_war, war
from cardwar.cards import Rank, Suit
from cardwar.core import OptionError, Outcome, Termination

# --- ints -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [(" 2 ", 2), ("0", 0), (3, 3)])
def test_int_options_take_ints_and_decimal_text(value: Any, expected: int) -> None:
    assert war.options(face_down=value).face_down == expected


@pytest.mark.parametrize("value", [None, "none", "None", "NONE"])
def test_optional_int_options_take_none(value: Any) -> None:
    assert war.options(max_battles=value).max_battles is None


@pytest.mark.parametrize(
    ("value", "shown"),
    [("x", "'x'"), ("1.5", "'1.5'"), (1.5, "1.5"), (True, "True"), ([1], "[1]"),
     ("-1", "-1")],
)
def test_int_options_refuse_anything_else(value: Any, shown: str) -> None:
    with pytest.raises(OptionError) as err:
        war.options(face_down=value)
    assert str(err.value) == f"option 'face_down': expected an int >= 0, got {shown}"
    assert err.value.option == "face_down"


def test_optional_int_options_say_none_is_allowed() -> None:
    with pytest.raises(OptionError, match=r"expected an int >= 1 or None, got 'never'"):
        war.options(max_battles="never")


# --- booleans -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["true", "YES", " 1 ", "on", True])
def test_bool_options_take_true_spellings(text: Any) -> None:
    assert caravan.options(early_finish=text).early_finish is True
    assert cold_war.options(rotate_dealer=text).rotate_dealer is True


@pytest.mark.parametrize("text", ["false", "No", "0", "OFF", False])
def test_bool_options_take_false_spellings(text: Any) -> None:
    assert caravan.options(early_finish=text).early_finish is False
    assert cold_war.options(rotate_dealer=text).rotate_dealer is False


@pytest.mark.parametrize(("value", "shown"), [("maybe", "'maybe'"), (1, "1"), (None, "None")])
def test_bool_options_refuse_anything_else(value: Any, shown: str) -> None:
    with pytest.raises(OptionError) as err:
        cold_war.options(rotate_dealer=value)
    assert str(err.value) == f"option 'rotate_dealer': expected true or false, got {shown}"


# --- ranks and suits ------------------------------------------------------------------------


def test_ranks_take_ints_ranks_and_notation_in_any_order() -> None:
    expected = (Rank(2), Rank(10), Rank.ACE)
    assert arneson.options(ranks=[14, 2, 10]).ranks == expected
    assert arneson.options(ranks=[Rank.ACE, "2", "T"]).ranks == expected
    assert arneson.options(ranks="A, 2 10").ranks == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([2, 2.5], "bad rank 2.5"),
        ([2, True], "bad rank True"),
        ([1], "bad rank 1"),
        ([2, "2"], "a rank is repeated"),
        ("", "needs at least one rank"),
    ],
)
def test_ranks_refuse_bad_values(value: Any, message: str) -> None:
    with pytest.raises(OptionError) as err:
        arneson.options(ranks=value)
    assert str(err.value) == f"option 'ranks': {message}"


def test_suits_take_letters_and_suits_in_canonical_order() -> None:
    assert arneson.options(suits="sh").suits == (Suit.HEARTS, Suit.SPADES)
    assert arneson.options(suits=[Suit.SPADES, "c"]).suits == (Suit.CLUBS, Suit.SPADES)


@pytest.mark.parametrize(
    ("value", "message"),
    [("", "needs at least one suit"), ([], "needs at least one suit"),
     (" , ", "needs at least one suit"), ("SS", "a suit is repeated")],
)
def test_suits_refuse_bad_values(value: Any, message: str) -> None:
    with pytest.raises(OptionError) as err:
        arneson.options(suits=value)
    assert str(err.value) == f"option 'suits': {message}"


# --- terminations ---------------------------------------------------------------------------


@pytest.mark.parametrize("termination", list(Termination))
def test_a_termination_prints_as_its_value(termination: Termination) -> None:
    assert str(termination) == termination.value
    assert f"{termination}" == termination.value
    assert str(Outcome(termination, ())) == f"draw ({termination.value})"


# --- enums ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["winner_first", "Winner-First", " WINNER_FIRST "])
def test_enum_options_take_their_values_in_any_case(text: str) -> None:
    assert war.options(pickup_order=text).pickup_order is war.Pickup.WINNER_FIRST


@pytest.mark.parametrize(("value", "shown"), [("sideways", "'sideways'"), (2, "2"),
                                               (None, "None")])
def test_enum_options_refuse_anything_else(value: Any, shown: str) -> None:
    with pytest.raises(OptionError) as err:
        war.options(pickup_order=value)
    assert str(err.value) == (
        "option 'pickup_order': expected one of shuffled, winner_first, seat_order, "
        f"win_pile, got {shown}"
    )
