"""Details of :mod:`cardwar.cards` that the main tests leave open: the exact message for a
card whose Joker-ness and suit disagree, and the order in which :func:`check_deal` lists
the cards it complains about (the Joker first, then suit by suit in bridge order, low to
high within a suit, as the decks are built). Also text refused as a deal, a pile or a
deck (an empty string included), each refusal showing what it was given."""

from __future__ import annotations

import pytest

from cardwar.cards import (
    JOKER,
    Card,
    CardError,
    DealError,
    Rank,
    Suit,
    card_from_index,
    card_index,
    check_deal,
    check_deal_piles,
    format_cards,
    parse_cards,
    reduced_deck,
)
from cardwar.errors import ArgumentTypeError

JOKER_RULE = "a Joker has no suit and every other card has one"


@pytest.mark.parametrize(
    ("rank", "suit"), [(Rank.JOKER, Suit.SPADES), (Rank.ACE, None), (Rank.TWO, None)]
)
def test_a_joker_with_a_suit_or_a_suited_rank_without_one_is_refused_with_the_rule(
    rank: Rank, suit: Suit | None
) -> None:
    # kills Card.__attrs_post_init__ mutmut_11
    with pytest.raises(CardError) as err:
        Card(rank, suit)
    assert str(err.value) == JOKER_RULE


def test_foreign_cards_are_listed_joker_first_then_by_suit_then_by_rank() -> None:
    # kills check_deal mutmut_7 and _9 (no sort key: cards are not orderable) and
    # _sort_key mutmut_1, _3 (rank order only) and _4 (the Joker after the clubs)
    deck = reduced_deck("2 3", "DH")
    piles = [parse_cards("2D 3S 2S"), parse_cards("3D 3C 2H JK 3H")]
    with pytest.raises(DealError) as err:
        check_deal(piles, deck)
    assert str(err.value) == (
        "the deal holds cards that are not in the deck: JK 3C 2S 3S"
    )


def test_duplicated_cards_are_listed_joker_first_then_by_suit_then_by_rank() -> None:
    deck = reduced_deck("2 3", "CS", jokers=1)
    piles = [parse_cards("3S 2C 3S JK"), parse_cards("2S 3C 2C JK")]
    with pytest.raises(DealError) as err:
        check_deal(piles, deck)
    assert str(err.value) == (
        "the deal has duplicated cards: JK (2 times, the deck has 1), "
        "2C (2 times, the deck has 1), 3S (2 times, the deck has 1)"
    )


def test_missing_cards_are_listed_joker_first_then_by_suit_then_by_rank() -> None:
    deck = reduced_deck("2 3 4", "CHS", jokers=1)
    piles = [parse_cards("2C 3H"), parse_cards("4C 2S 3S")]
    with pytest.raises(DealError) as err:
        check_deal(piles, deck)
    assert str(err.value) == "the deal is missing cards of the deck: JK, 3C, 2H, 4H, 4S"


def test_a_single_foreign_joker_is_named() -> None:
    with pytest.raises(DealError) as err:
        check_deal([[JOKER, *reduced_deck("2", "C")]], reduced_deck("2", "C"))
    assert str(err.value) == "the deal holds cards that are not in the deck: JK"


@pytest.mark.parametrize("suits", ["SHS", "S, h, s"], ids=["letters", "comma-separated"])
def test_a_repeated_suit_is_refused_showing_the_suits_as_read(suits: str) -> None:
    # kills _suits mutmut_15 (the message's separator)
    with pytest.raises(CardError) as err:
        reduced_deck("2 3", suits)
    assert str(err.value) == "repeated suit in S H S"


@pytest.mark.parametrize(("ranks", "suits"), [("", "CD"), ("2", "")], ids=["no-rank", "no-suit"])
def test_an_empty_deck_is_refused_with_the_rule(ranks: str, suits: str) -> None:
    # kills reduced_deck mutmut_13 (the exact message)
    with pytest.raises(CardError) as err:
        reduced_deck(ranks, suits)
    assert str(err.value) == "a deck needs at least one rank and one suit"


@pytest.mark.parametrize(("deal", "kind"), [({"AS", "KS"}, "set"), ({"AS": 1}, "dict"),
                                            (5, "int"), (None, "NoneType")])
def test_an_unordered_or_unsequenced_deal_is_refused_with_its_type(deal: object,
                                                                  kind: str) -> None:
    # kills check_deal_piles mutmut_3 to 6 (the exact message, with the deal's type)
    with pytest.raises(DealError) as err:
        check_deal_piles(deal)
    assert str(err.value) == ("an explicit deal is a list of piles (each a string of card "
                              f"notation or a list of cards), got {kind}")


@pytest.mark.parametrize("index", [53, -1, 1000])
def test_a_card_index_out_of_range_is_refused_with_the_range(index: int) -> None:
    # kills card_from_index mutmut_8 to 10 (the exact message: 53 cards, indices 0 to 52)
    with pytest.raises(CardError) as err:
        card_from_index(index)
    assert str(err.value) == f"no card has index {index}: card indices run from 0 to 52"


@pytest.mark.parametrize(("given", "kind"), [(5, "int"), (None, "NoneType")])
def test_cards_of_the_wrong_kind_are_refused_with_their_type(given: object, kind: str) -> None:
    # kills parse_cards mutmut_11 and 12 (the exact message, with the type given)
    with pytest.raises(CardError) as err:
        parse_cards(given)  # type: ignore[arg-type]
    assert str(err.value) == ("cards must be a string of card notation or a sequence of "
                              f"cards, got {kind}")



@pytest.mark.parametrize(("piles", "kind"), [("2S", "str"), (b"", "bytes")])
def test_a_deal_given_as_text_is_refused_with_its_type(piles: object, kind: str) -> None:
    """Text passes as a sequence of piles, but check_deal refuses it, naming its type."""
    # kills check_deal mutmut_6 (the type of None named instead)
    with pytest.raises(DealError) as err:
        check_deal(piles, parse_cards("2S"))  # type: ignore[arg-type]
    assert str(err.value) == (
        f"an explicit deal is a list of piles (each a sequence of cards), got {kind}")


@pytest.mark.parametrize("pile", ["", b""], ids=["str", "bytes"])
def test_an_empty_text_pile_is_refused(pile: object) -> None:
    """An empty string holds no card that is not a Card: it is refused as text, not
    taken for an empty pile."""
    # kills check_deal mutmut_9 (is_text of the pile no longer asked)
    with pytest.raises(DealError) as err:
        check_deal([pile, parse_cards("2S")], parse_cards("2S"))  # type: ignore[list-item]
    assert str(err.value) == f"each pile of a deal is a sequence of cards, got {pile!r}"


@pytest.mark.parametrize(("deck", "shown"), [("", "str ''"), (b"", "bytes b''"),
                                             (5, "int 5")], ids=["str", "bytes", "int"])
def test_a_deck_that_is_not_a_sequence_of_cards_is_refused_showing_it(deck: object,
                                                                      shown: str) -> None:
    """An empty string is refused as a deck (not taken for an empty one), and the message
    shows the value given."""
    # kills check_deal mutmut_19 (is_text of the deck no longer asked) and _27 (None shown)
    with pytest.raises(ArgumentTypeError) as err:
        check_deal([], deck)  # type: ignore[arg-type]
    assert str(err.value) == f"check_deal expects the deck as a sequence of cards, got {shown}"


def test_format_cards_shows_what_it_was_given_that_is_not_cards() -> None:
    """format_cards refuses a value that is not an iterable of cards, showing it."""
    # kills format_cards mutmut_9 (None shown)
    with pytest.raises(ArgumentTypeError) as err:
        format_cards(["2S"])  # type: ignore[list-item]
    assert str(err.value) == "format_cards expects an iterable of cards, got list ['2S']"


def test_card_index_names_what_is_not_a_card() -> None:
    with pytest.raises(CardError) as caught:
        card_index("AS")  # type: ignore[arg-type]
    assert str(caught.value) == "not a card: 'AS'"
