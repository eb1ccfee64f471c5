"""Tests of :mod:`cardwar.cards`: notation, deck builders, deal checks and the Card value."""

from __future__ import annotations

import pickle
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwar.cards import (
    JOKER,
    Card,
    CardError,
    DealError,
    Rank,
    Suit,
    check_deal,
    format_cards,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    reduced_deck,
    short_deck,
    standard_deck,
)

FULL = standard_deck(jokers=2)
SUITED = standard_deck()
RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = ("C", "D", "H", "S")

# ---------------------------------------------------------------------------------------
# Notation.
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", FULL, ids=str)
def test_notation_round_trip(card: Card) -> None:
    text = str(card)
    assert parse_card(text) == card
    assert Card.parse(text) == card
    assert str(parse_card(text)) == text


def test_canonical_notation_of_every_card() -> None:
    texts = [str(c) for c in SUITED]
    assert texts == [r + s for s in SUIT_SYMBOLS for r in RANK_SYMBOLS]
    assert str(JOKER) == "JK"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "10H"),
        ("T♥", "10H"),
        ("th", "10H"),
        ("t♠", "10S"),
        ("10h", "10H"),
        ("as", "AS"),
        ("aS", "AS"),
        ("qd", "QD"),
        ("A♠", "AS"),
        ("2♣", "2C"),
        ("K♦", "KD"),
        ("j♥", "JH"),
        (" AS ", "AS"),
        ("\tqd\n", "QD"),
        ("  10♣  ", "10C"),
        ("JK", "JK"),
        ("jk", "JK"),
        (" Jk ", "JK"),
        ("joker", "JK"),
        ("JOKER", "JK"),
        ("Joker", "JK"),
        (" joker\n", "JK"),
    ],
)
def test_alternative_spellings(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert card == parse_card(canonical)


@given(
    st.sampled_from(FULL),
    st.booleans(),
    st.sampled_from(["", " ", "\t", "  \n"]),
    st.sampled_from(["", " ", "\n"]),
)
def test_case_and_surrounding_space_do_not_matter(
    card: Card, lower: bool, before: str, after: str
) -> None:
    text = str(card).lower() if lower else str(card)
    assert parse_card(before + text + after) == card


@pytest.mark.parametrize(
    "text",
    ["1H", "AX", "", "A", "10", "HH", "JKS", "11H", "0S", "ZZ", "  ", "A S S", "♠A", "1OH"],
)
def test_bad_notation_names_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert message.startswith(f"bad card {text!r}: ")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("1H", "bad rank '1'"),
        ("10", "bad rank '1'"),
        ("HH", "bad rank 'H'"),
        ("AX", "bad suit 'X'"),
        ("", "expected a rank and a suit"),
        ("A", "expected a rank and a suit"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, detail: str) -> None:
    with pytest.raises(CardError, match=detail):
        parse_card(text)


@pytest.mark.parametrize("value", [11, None, 1.5, b"AS", ["AS"], Rank.ACE], ids=repr)
def test_non_str_notation_is_rejected_and_named(value: object) -> None:
    with pytest.raises(CardError, match=r"^card notation must be a str") as info:
        parse_card(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)
    assert type(value).__name__ in str(info.value)


@pytest.mark.parametrize(
    ("text", "rank"),
    [(sym, Rank(v)) for sym, v in zip(RANK_SYMBOLS, range(2, 15), strict=True)]
    + [("T", Rank.TEN), ("t", Rank.TEN), (" q ", Rank.QUEEN), ("a", Rank.ACE)],
)
def test_parse_rank(text: str, rank: Rank) -> None:
    assert parse_rank(text) is rank


@pytest.mark.parametrize("text", ["1", "11", "JK", "joker", "", "X", "AA"])
def test_parse_rank_rejects_bad_text(text: str) -> None:
    with pytest.raises(CardError, match=r"^bad rank ") as info:
        parse_rank(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("C", Suit.CLUBS),
        ("d", Suit.DIAMONDS),
        (" H ", Suit.HEARTS),
        ("s", Suit.SPADES),
        ("♣", Suit.CLUBS),
        ("♦", Suit.DIAMONDS),
        ("♥", Suit.HEARTS),
        ("♠", Suit.SPADES),
    ],
)
def test_parse_suit(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["X", "", "CC", "SPADES", "1"])
def test_parse_suit_rejects_bad_text(text: str) -> None:
    with pytest.raises(CardError, match=r"^bad suit ") as info:
        parse_suit(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [5, None, Suit.SPADES, 1.0], ids=repr)
def test_parse_rank_and_suit_reject_non_str(value: object) -> None:
    with pytest.raises(CardError, match=r"^bad rank ") as info:
        parse_rank(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)
    with pytest.raises(CardError, match=r"^bad suit ") as info:
        parse_suit(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)


def test_rank_and_suit_symbols() -> None:
    assert [r.symbol for r in Rank] == [*RANK_SYMBOLS, "JK"]
    assert [str(r) for r in Rank] == [*RANK_SYMBOLS, "JK"]
    assert [int(r) for r in Rank] == list(range(2, 16))
    assert [s.symbol for s in Suit] == list(SUIT_SYMBOLS)
    assert [str(s) for s in Suit] == list(SUIT_SYMBOLS)
    assert Rank.ACE > Rank.KING > Rank.TWO


# ---------------------------------------------------------------------------------------
# Deck builders.
# ---------------------------------------------------------------------------------------


def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert set(deck) == {Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit}
    assert JOKER not in deck
    # Suit by suit, low to high.
    assert deck[0] == parse_card("2C")
    assert deck[12] == parse_card("AC")
    assert deck[13] == parse_card("2D")
    assert deck[-1] == parse_card("AS")


def test_short_deck() -> None:
    deck = short_deck()
    assert len(deck) == 24
    assert Counter(deck) == Counter(
        {
            Card(r, s): 1
            for r in (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
            for s in Suit
        }
    )
    assert format_cards(deck[:6]) == "9C 10C JC QC KC AC"
    assert {c.rank for c in deck} == set(Rank) - {Rank.JOKER} - {Rank(v) for v in range(2, 9)}


def test_decks_with_jokers_and_copies() -> None:
    with_jokers = standard_deck(jokers=2)
    assert len(with_jokers) == 54
    assert with_jokers[-2:] == (JOKER, JOKER)
    assert Counter(with_jokers)[JOKER] == 2
    double = standard_deck(jokers=2, copies=2)
    assert len(double) == 108
    counts = Counter(double)
    assert counts[JOKER] == 4
    assert all(counts[c] == 2 for c in SUITED)
    assert set(counts) == set(SUITED) | {JOKER}
    assert double == with_jokers * 2
    assert len(short_deck(jokers=1, copies=3)) == 75
    assert Counter(short_deck(jokers=1, copies=3))[JOKER] == 3


def test_reduced_deck_notation() -> None:
    assert [str(c) for c in reduced_deck("2 3", "SH")] == ["2H", "3H", "2S", "3S"]
    assert format_cards(reduced_deck("A, K, T", "♠ ♥")) == "10H KH AH 10S KS AS"
    assert format_cards(reduced_deck("q", "d")) == "QD"
    assert reduced_deck("9 10 J Q K A") == short_deck()


def test_reduced_deck_ints_and_enums() -> None:
    by_int = reduced_deck([14, 2, 10], "C")
    by_enum = reduced_deck([Rank.ACE, Rank.TWO, Rank.TEN], [Suit.CLUBS])
    mixed = reduced_deck([Rank.ACE, "2", 10], ["c"])
    assert by_int == by_enum == mixed
    assert format_cards(by_int) == "2C 10C AC"
    assert all(type(c.rank) is Rank for c in by_int)
    assert reduced_deck(range(2, 15)) == standard_deck()
    assert reduced_deck(range(2, 15), [Suit.SPADES, "C", "♦", Suit.HEARTS]) == standard_deck()


def test_reduced_deck_with_jokers_and_copies() -> None:
    deck = reduced_deck("2 3", "S", jokers=1, copies=2)
    assert format_cards(deck) == "2S 3S JK 2S 3S JK"


@pytest.mark.parametrize(
    ("ranks", "shown"),
    [("2 2", "2 2"), ("10 T", "10 10"), ([2, Rank.TWO], "2 2"), (["A", 14, "K"], "A A K")],
)
def test_repeated_ranks_are_rejected(ranks: str | list[Rank | str | int], shown: str) -> None:
    with pytest.raises(CardError) as info:
        reduced_deck(ranks)
    assert str(info.value) == f"repeated rank in {shown}"


# Plain ASCII ids: mutmut reruns tests by node id, and pytest run twice in one process
# failed to find the id made of "S♠" by repr.
@pytest.mark.parametrize(
    "suits",
    ["SS", "S♠", [Suit.HEARTS, "h"], "C, D, C"],
    ids=["letters", "letter-and-symbol", "enum-and-letter", "comma-separated"],
)
def test_repeated_suits_are_rejected(suits: str | list[Suit | str]) -> None:
    with pytest.raises(CardError, match=r"^repeated suit"):
        reduced_deck("2 3", suits)


@pytest.mark.parametrize(("ranks", "suits"), [("", "CD"), ([], "CD"), ("2", ""), ("2", [])])
def test_empty_decks_are_rejected(ranks: str | list[int], suits: str | list[str]) -> None:
    with pytest.raises(CardError, match="at least one rank and one suit"):
        reduced_deck(ranks, suits)


@pytest.mark.parametrize("rank", [1, 15, 0, 2.0, True, None, "JK", "1", "joker"], ids=repr)
def test_bad_ranks_are_rejected(rank: object) -> None:
    with pytest.raises(CardError, match=r"^bad rank ") as info:
        reduced_deck([rank, 2], "S")  # type: ignore[list-item]
    assert repr(rank) in str(info.value)


def test_joker_is_not_a_rank_of_a_suited_deck() -> None:
    with pytest.raises(CardError, match=r"^Jokers are not a rank of a suited deck; use jokers=N"):
        reduced_deck([Rank.TWO, Rank.JOKER])


@pytest.mark.parametrize("suit", ["X", 3, None, Rank.ACE], ids=repr)
def test_bad_suits_are_rejected(suit: object) -> None:
    with pytest.raises(CardError, match=r"^bad suit ") as info:
        reduced_deck("2", [suit])  # type: ignore[list-item]
    assert repr(suit) in str(info.value)


@pytest.mark.parametrize("jokers", [-1, True, 1.5, "2", None], ids=repr)
def test_bad_jokers_are_rejected(jokers: object) -> None:
    for build in (standard_deck, short_deck):
        with pytest.raises(CardError, match=r"^jokers must be an int >= 0") as info:
            build(jokers=jokers)  # type: ignore[arg-type]
        assert repr(jokers) in str(info.value)


@pytest.mark.parametrize("copies", [0, -1, True, 1.5, "2", None], ids=repr)
def test_bad_copies_are_rejected(copies: object) -> None:
    for build in (standard_deck, short_deck):
        with pytest.raises(CardError, match=r"^copies must be an int >= 1") as info:
            build(copies=copies)  # type: ignore[arg-type]
        assert repr(copies) in str(info.value)


# ---------------------------------------------------------------------------------------
# parse_cards / format_cards.
# ---------------------------------------------------------------------------------------


def test_parse_and_format_cards_round_trip() -> None:
    deck = standard_deck(jokers=2, copies=2)
    text = format_cards(deck)
    assert parse_cards(text) == deck
    assert format_cards(parse_cards(text)) == text
    assert text.startswith("2C 3C 4C")
    assert text.endswith("KS AS JK JK")


def test_parse_cards_separators_and_iterables() -> None:
    expected = (parse_card("AS"), parse_card("10H"), JOKER)
    assert parse_cards("AS, 10H JK") == expected
    assert parse_cards(" as,10h ,, joker ") == expected
    assert parse_cards(["AS", "10H", "JK"]) == expected
    assert parse_cards([parse_card("AS"), "th", JOKER]) == expected
    assert parse_cards(iter(expected)) == expected
    assert parse_cards("") == ()
    assert parse_cards([]) == ()
    assert format_cards([]) == ""


def test_parse_cards_names_the_bad_card() -> None:
    with pytest.raises(CardError, match=r"bad card '1H'"):
        parse_cards("AS 1H")
    with pytest.raises(CardError, match=r"must be a str, got NoneType None"):
        parse_cards([JOKER, None])  # type: ignore[list-item]


@given(st.lists(st.sampled_from(FULL), max_size=60))
def test_any_sample_round_trips(cards: list[Card]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(text.replace(" ", ", ")) == tuple(cards)
    assert parse_cards(text.lower().split()) == tuple(cards)
    assert len(text.split()) == len(cards)


# ---------------------------------------------------------------------------------------
# check_deal.
# ---------------------------------------------------------------------------------------


def split(cards: tuple[Card, ...], piles: int) -> list[tuple[Card, ...]]:
    return [cards[i::piles] for i in range(piles)]


def test_check_deal_accepts_exact_deals() -> None:
    # check_deal returns nothing and raises nothing for an exact deal.
    double = standard_deck(jokers=2, copies=2)
    for piles, deck in [
        (split(SUITED, 2), SUITED),
        (split(SUITED[::-1], 4), SUITED),
        (split(double, 3), double),
        ([], ()),
    ]:
        check_deal(piles, deck)
        assert sum(map(len, piles)) == len(deck)
    # ...while one card fewer is refused.
    with pytest.raises(DealError):
        check_deal(split(double[1:], 3), double)


@given(st.permutations(standard_deck(jokers=1)), st.integers(min_value=1, max_value=6))
def test_check_deal_accepts_any_split_of_a_shuffle(cards: list[Card], piles: int) -> None:
    deck = standard_deck(jokers=1)
    check_deal(split(tuple(cards), piles), deck)
    with pytest.raises(DealError, match=f"missing cards of the deck: {cards[0]}$"):
        check_deal(split(tuple(cards[1:]), piles), deck)


def test_check_deal_names_a_foreign_card() -> None:
    deck = short_deck()
    piles = [*split(deck[:-1], 2), (parse_card("2C"),)]
    with pytest.raises(DealError, match=r"not in the deck: 2C$"):
        check_deal(piles, deck)
    with pytest.raises(DealError, match=r"not in the deck: JK$"):
        check_deal([SUITED[:26], (*SUITED[26:], JOKER)], SUITED)
    assert issubclass(DealError, ValueError)


def test_check_deal_names_a_duplicated_card() -> None:
    ace = parse_card("AS")
    piles = [SUITED[:26], (*SUITED[26:], ace)]
    with pytest.raises(DealError, match=r"duplicated cards: AS \(2 times, the deck has 1\)$"):
        check_deal(piles, SUITED)
    double = standard_deck(copies=2)
    with pytest.raises(DealError, match=r"duplicated cards: AS \(3 times, the deck has 2\)"):
        check_deal([double, (ace,)], double)


def test_check_deal_names_a_missing_card() -> None:
    king = parse_card("KD")
    rest = tuple(c for c in SUITED if c != king)
    with pytest.raises(DealError, match=r"missing cards of the deck: KD$"):
        check_deal(split(rest, 2), SUITED)
    with pytest.raises(DealError, match=r"missing cards of the deck: JK$"):
        check_deal([SUITED], standard_deck(jokers=1))
    with pytest.raises(DealError, match=r"missing cards of the deck: 2C, 3C"):
        check_deal([SUITED[2:]], SUITED)


@given(st.sampled_from(SUITED))
def test_check_deal_names_any_single_missing_card(card: Card) -> None:
    rest = tuple(c for c in SUITED if c != card)
    with pytest.raises(DealError) as info:
        check_deal(split(rest, 2), SUITED)
    assert str(info.value) == f"the deal is missing cards of the deck: {card}"


# ---------------------------------------------------------------------------------------
# The Card value.
# ---------------------------------------------------------------------------------------


def test_card_is_frozen() -> None:
    card = parse_card("AS")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.suit = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.colour = "black"  # type: ignore[attr-defined]
    assert card == parse_card("AS")


def test_card_is_hashable_and_equal_by_value() -> None:
    built = Card(Rank.ACE, Suit.SPADES)
    parsed = parse_card("AS")
    assert built == parsed
    assert hash(built) == hash(parsed)
    assert built != parse_card("AH")
    assert built != parse_card("KS")
    assert built != JOKER
    assert Card(Rank.JOKER, None) == JOKER
    assert len(set(FULL)) == 53
    assert {built: 1}[parsed] == 1


def test_cards_are_interned() -> None:
    # Every way to get a card gives the one object of that card, so identity hashing and
    # equality agree with the card's value.
    for card in FULL:
        assert Card(card.rank, card.suit) is card
        assert parse_card(str(card)) is card
        assert attrs.evolve(card) is card
        assert pickle.loads(pickle.dumps(card)) is card
    for rank in Rank:
        for suit in (None, *Suit):
            if (rank is Rank.JOKER) == (suit is None):
                assert Card(rank, suit) is Card(rank, suit)
    assert Card(rank=Rank.TWO, suit=Suit.CLUBS) is parse_card("2C")


def test_a_refused_card_leaves_the_interned_card_alone() -> None:
    queen = parse_card("QH")
    # An int equal to the rank is refused; it is never looked up as the Queen of hearts.
    for rank, suit in ((12, Suit.HEARTS), (Rank.QUEEN, "H"), (Rank.JOKER, Suit.HEARTS),
                       (Rank.QUEEN, None), ([12], Suit.HEARTS)):
        with pytest.raises(CardError):
            Card(rank, suit)  # type: ignore[arg-type]
    assert queen.rank is Rank.QUEEN
    assert queen.suit is Suit.HEARTS
    assert Card(Rank.QUEEN, Suit.HEARTS) is queen


@pytest.mark.parametrize("card", FULL, ids=str)
def test_card_pickles(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(card, protocol=protocol))
        assert back == card
        assert back.rank is card.rank
        assert back.suit is card.suit


@pytest.mark.parametrize("card", FULL, ids=str)
def test_card_repr_evaluates_back(card: Card) -> None:
    assert repr(card) == f"Card.parse({str(card)!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_card_repr_examples() -> None:
    assert repr(parse_card("AS")) == "Card.parse('AS')"
    assert repr(parse_card("t♥")) == "Card.parse('10H')"
    assert repr(JOKER) == "Card.parse('JK')"
    assert repr([JOKER]) == "[Card.parse('JK')]"


def test_joker() -> None:
    assert JOKER.suit is None
    assert JOKER.rank is Rank.JOKER
    assert JOKER.is_joker
    assert parse_card("joker") is JOKER
    assert not any(c.is_joker for c in SUITED)
    assert all(c.suit is not None for c in SUITED)


def test_suited_card_needs_a_suit_and_joker_has_none() -> None:
    with pytest.raises(CardError, match="a Joker has no suit and every other card has one"):
        Card(Rank.ACE, None)
    with pytest.raises(CardError, match="a Joker has no suit and every other card has one"):
        Card(Rank.JOKER, Suit.SPADES)


@pytest.mark.parametrize(
    ("rank", "suit"), [(14, Suit.SPADES), ("A", Suit.SPADES), (Rank.ACE, "S"), (15, None)]
)
def test_card_requires_enum_rank_and_suit(rank: object, suit: object) -> None:
    with pytest.raises(CardError, match=r"^a card's (rank|suit) must be"):
        Card(rank, suit)  # type: ignore[arg-type]
