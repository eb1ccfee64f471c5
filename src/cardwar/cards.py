"""Cards, ranks, suits and Jokers; deck builders; the short text notation of cards.

A card's notation is its rank then its suit: ``AS`` (Ace of spades), ``10H``, ``QD``,
``2C``; a Joker is ``JK``. Parsing also accepts ``T`` for ten, lower case and the suit
symbols ``♣♦♥♠``, and always prints the canonical form, so ``str`` and
:func:`parse_card` round-trip.

>>> parse_card("10h")
Card.parse('10H')
>>> str(parse_card("T♥")), str(JOKER)
('10H', 'JK')
>>> len(standard_deck()), len(short_deck()), len(standard_deck(jokers=2, copies=2))
(52, 24, 108)
>>> [str(c) for c in reduced_deck("2 3", "SH")]
['2H', '3H', '2S', '3S']
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import cast

import attrs

from cardwar._immutable import Immutable
from cardwar.errors import CardwarError, is_text, shown, wrong_type

__all__ = [
    "CARD_COUNT",
    "JOKER",
    "Card",
    "CardError",
    "DealError",
    "Rank",
    "Suit",
    "card_from_index",
    "card_index",
    "check_deal",
    "check_deal_piles",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
    "reduced_deck",
    "short_deck",
    "standard_deck",
]


class CardError(CardwarError, ValueError):
    """Raised for card, rank or suit notation that cannot be parsed."""


class DealError(CardwarError, ValueError):
    """Raised for an explicit deal that does not match the variant's deck."""


class Rank(enum.IntEnum):
    """A card's rank; the value is the conventional Ace-high strength (2 low, Ace 14).

    Variants that count differently (General's War's Ace = 1, Caravan's Ace = 1) map
    ranks to their own values; the order here is only the usual one.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """Return the rank's notation: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A``, ``JK``."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self]


class Suit(enum.Enum):
    """A card's suit, in bridge order (clubs, diamonds, hearts, spades)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Each suit is one object, compared by identity: hashing it by identity too is the
    # interpreter's own speed (Enum hashes its name in Python, and suits key hot tables).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """Return the suit's notation letter."""
        return self.value

    def __str__(self) -> str:
        return self.value


_RANK_SYMBOLS = {
    **{Rank(v): str(v) for v in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANKS_BY_SYMBOL = {sym: rank for rank, sym in _RANK_SYMBOLS.items() if rank is not Rank.JOKER}
_RANKS_BY_SYMBOL["T"] = Rank.TEN
_SUITS_BY_SYMBOL = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
}
_JOKER_SPELLINGS = frozenset({"JK", "JOKER"})

#: The thirteen ranks of a standard deck, low to high.
STANDARD_RANKS: tuple[Rank, ...] = tuple(Rank(v) for v in range(2, 15))
#: The six ranks of the 24-card deck, nine to Ace.
SHORT_RANKS: tuple[Rank, ...] = tuple(Rank(v) for v in range(9, 15))


#: The one object of each valid card, by rank and suit (filled below the class).
_INTERNED: dict[tuple[Rank, Suit | None], Card] = {}


@attrs.frozen(slots=True, repr=False, eq=False)
class Card(Immutable):
    """A playing card: a rank and a suit, or a Joker (rank ``JOKER``, suit ``None``).

    Cards are interned: building a card returns the library's one object of that card,
    so cards compare and hash by identity, at the speed of the interpreter's own
    objects (a card is a key of many hot dictionaries).

    >>> Card(Rank.QUEEN, Suit.HEARTS) is Card.parse("QH")
    True
    """

    rank: Rank
    """The card's rank."""
    suit: Suit | None
    """The card's suit; ``None`` exactly for a Joker."""

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        if cls is Card and type(rank) is Rank and (suit is None or type(suit) is Suit):
            card = _INTERNED.get((rank, suit))
            if card is not None:
                return card
        # A card not built yet, or not a card at all (refused by the checks below).
        return object.__new__(cls)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise CardError(f"a card's rank must be a Rank, got {self.rank!r}")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise CardError(f"a card's suit must be a Suit or None, got {self.suit!r}")
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardError("a Joker has no suit and every other card has one")

    @property
    def is_joker(self) -> bool:
        """Return whether this card is a Joker."""
        return self.suit is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Return the card written ``text`` (see :func:`parse_card`)."""
        return parse_card(text)

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_SYMBOLS[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Pickled as its index, unpickled as the library's own card object.
        return card_from_index, (card_index(self),)


#: The Joker (all Jokers are alike).
JOKER = Card(Rank.JOKER, None)

_CARDS: dict[tuple[Rank, Suit], Card] = {(r, s): Card(r, s) for r in STANDARD_RANKS for s in Suit}
_INTERNED[Rank.JOKER, None] = JOKER
for (_rank, _suit), _card in _CARDS.items():
    _INTERNED[_rank, _suit] = _card
del _rank, _suit, _card

#: How many cards :func:`card_index` numbers: the 52 suited cards and the Joker.
CARD_COUNT = 53

#: Every card in index order: rank by rank from the Two up, suits in bridge order within
#: a rank (2C 2D 2H 2S 3C ... AS), then the Joker.
_BY_INDEX: tuple[Card, ...] = (*(_CARDS[r, s] for r in STANDARD_RANKS for s in Suit), JOKER)
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(_BY_INDEX)}


def card_index(card: Card) -> int:
    """Return the card's place in one fixed order of the 53 cards, 0 to 52: rank by rank
    from the Two (``2C 2D 2H 2S 3C ... AS``), the Joker last. The order is the same in
    every variant and every release, so the integer encodings built on it are stable.

    >>> card_index(parse_card("2C")), card_index(parse_card("AS")), card_index(JOKER)
    (0, 51, 52)
    >>> card_from_index(card_index(parse_card("10H")))
    Card.parse('10H')
    """
    try:
        return _INDEX[card]
    except (KeyError, TypeError):
        raise CardError(f"not a card: {card!r}") from None


def card_from_index(index: int) -> Card:
    """Return the card numbered ``index`` by :func:`card_index` (0 to 52).

    >>> card_from_index(53)
    Traceback (most recent call last):
    ...
    cardwar.cards.CardError: no card has index 53: card indices run from 0 to 52
    """
    if type(index) is not int or not 0 <= index < CARD_COUNT:
        raise CardError(f"no card has index {index!r}: card indices run from 0 to "
                        f"{CARD_COUNT - 1}")
    return _BY_INDEX[index]


def parse_rank(text: str) -> Rank:
    """Return the rank written ``text`` (``2`` to ``10``, ``T``, ``J``, ``Q``, ``K``, ``A``)."""
    if not isinstance(text, str):
        raise CardError(f"bad rank {text!r}: rank notation must be a str")
    key = text.strip().upper()
    try:
        return _RANKS_BY_SYMBOL[key]
    except KeyError:
        raise CardError(
            f"bad rank {text!r}: expected one of 2 3 4 5 6 7 8 9 10 J Q K A (or T for ten)"
        ) from None


def parse_suit(text: str) -> Suit:
    """Return the suit written ``text`` (``C``, ``D``, ``H``, ``S`` or ``♣♦♥♠``)."""
    if not isinstance(text, str):
        raise CardError(f"bad suit {text!r}: suit notation must be a str")
    key = text.strip().upper()
    try:
        return _SUITS_BY_SYMBOL[key]
    except KeyError:
        raise CardError(f"bad suit {text!r}: expected one of C D H S (or ♣ ♦ ♥ ♠)") from None


def parse_card(text: str) -> Card:
    """Return the card written ``text``: rank then suit (``AS``, ``10H``), or ``JK``.

    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    cardwar.cards.CardError: bad card '1H': bad rank '1': expected one of 2 3 4 5 ... A ...
    """
    if not isinstance(text, str):
        raise CardError(f"card notation must be a str, got {type(text).__name__} {text!r}")
    key = text.strip().upper()
    if key in _JOKER_SPELLINGS:
        return JOKER
    if len(key) < 2:
        raise CardError(f"bad card {text!r}: expected a rank and a suit, such as AS or 10H")
    try:
        return _CARDS[parse_rank(key[:-1]), parse_suit(key[-1])]
    except CardError as err:
        raise CardError(f"bad card {text!r}: {err}") from None


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Return the cards of a space- or comma-separated string, or of an iterable of cards
    and notations.

    >>> parse_cards("AS, 10H JK")
    (Card.parse('AS'), Card.parse('10H'), Card.parse('JK'))
    """
    if isinstance(text, str):
        return tuple(parse_card(t) for t in text.replace(",", " ").split())
    # A set or a mapping has no order to deal in (and its iteration order would depend on
    # the hash seed); anything else must at least be iterable.
    if isinstance(text, (AbstractSet, Mapping)) or not isinstance(text, Iterable):
        raise CardError(f"cards must be a string of card notation or a sequence of cards, "
                        f"got {type(text).__name__}")
    return tuple(c if isinstance(c, Card) else parse_card(c) for c in text)


def check_deal_piles(deal: object) -> None:
    """Raise :class:`DealError` unless ``deal`` is a sequence (of piles, a list or a
    tuple): an explicit deal is ordered, pile by pile.

    >>> check_deal_piles({"AS", "KS"})
    Traceback (most recent call last):
    ...
    cardwar.cards.DealError: an explicit deal is a list of piles (...), got set
    """
    if isinstance(deal, (AbstractSet, Mapping)) or not isinstance(deal, Sequence):
        raise DealError("an explicit deal is a list of piles (each a string of card notation "
                        f"or a list of cards), got {type(deal).__name__}")


def format_cards(cards: Iterable[Card]) -> str:
    """Return the notation of ``cards`` separated by spaces.

    >>> format_cards(parse_cards("10H JK"))
    '10H JK'
    """
    try:
        # Card.__str__ itself, not str(): a value that is not a card fails in it.
        return " ".join(map(Card.__str__, cards))
    except (TypeError, AttributeError, KeyError):
        raise wrong_type("format_cards", "an iterable of cards", cards) from None


def _items(values: object, what: str) -> list[object]:
    """Return the items of ``values``, an iterable of ranks or suits that is not a
    string of notation; raise :class:`CardError` if it is not iterable."""
    try:
        return list(cast(Iterable[object], values))
    except TypeError:
        raise CardError(f"bad {what} {shown(values)}: expected notation or an iterable of "
                        f"{what}") from None


def _ranks(ranks: Iterable[Rank | str | int] | str) -> tuple[Rank, ...]:
    items = ranks.replace(",", " ").split() if isinstance(ranks, str) else _items(ranks, "ranks")
    out: list[Rank] = []
    for r in items:
        if isinstance(r, Rank):
            rank = r
        elif isinstance(r, int) and not isinstance(r, bool) and 2 <= r <= 14:
            rank = Rank(r)
        elif isinstance(r, str):
            rank = parse_rank(r)
        else:
            raise CardError(f"bad rank {r!r}")
        if rank is Rank.JOKER:
            raise CardError("Jokers are not a rank of a suited deck; use jokers=N")
        out.append(rank)
    if len(set(out)) != len(out):
        raise CardError(f"repeated rank in {' '.join(map(str, out))}")
    return tuple(sorted(out))


def _suits(suits: Iterable[Suit | str] | str) -> tuple[Suit, ...]:
    if isinstance(suits, str):
        items: list[Suit | str] = [c for c in suits if not c.isspace() and c != ","]
    else:
        items = _items(suits, "suits")  # type: ignore[assignment]
    out = [s if isinstance(s, Suit) else parse_suit(s) for s in items]
    if len(set(out)) != len(out):
        raise CardError(f"repeated suit in {' '.join(map(str, out))}")
    order = list(Suit)
    return tuple(sorted(out, key=order.index))


def reduced_deck(
    ranks: Iterable[Rank | str | int] | str,
    suits: Iterable[Suit | str] | str = "CDHS",
    *,
    jokers: int = 0,
    copies: int = 1,
) -> tuple[Card, ...]:
    """Return a deck of the chosen ranks and suits (suit by suit, low to high), with
    ``jokers`` Jokers per copy, repeated ``copies`` times.

    ``ranks`` may be ranks, ints 2..14 or notation (``"9 10 J Q K A"``); ``suits`` may be
    suits or letters (``"SH"``).
    """
    rs = _ranks(ranks)
    ss = _suits(suits)
    if not rs or not ss:
        raise CardError("a deck needs at least one rank and one suit")
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise CardError(f"jokers must be an int >= 0, got {jokers!r}")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise CardError(f"copies must be an int >= 1, got {copies!r}")
    one = tuple(_CARDS[r, s] for s in ss for r in rs) + (JOKER,) * jokers
    return one * copies


def standard_deck(*, jokers: int = 0, copies: int = 1) -> tuple[Card, ...]:
    """Return the standard 52-card deck (plus ``jokers`` per copy), ``copies`` times."""
    return reduced_deck(STANDARD_RANKS, tuple(Suit), jokers=jokers, copies=copies)


def short_deck(*, jokers: int = 0, copies: int = 1) -> tuple[Card, ...]:
    """Return the 24-card deck of nines to Aces (plus ``jokers`` per copy), ``copies`` times."""
    return reduced_deck(SHORT_RANKS, tuple(Suit), jokers=jokers, copies=copies)


def check_deal(piles: Sequence[Sequence[Card]], deck: Sequence[Card]) -> None:
    """Raise :class:`DealError` unless the piles together hold exactly the cards of ``deck``
    (as a multiset), saying which card is foreign, duplicated or missing.

    >>> check_deal([parse_cards("2S"), parse_cards("3S")], parse_cards("2S 3S 4S"))
    Traceback (most recent call last):
    ...
    cardwar.cards.DealError: the deal is missing cards of the deck: 4S
    """
    check_deal_piles(piles)
    if is_text(piles):
        raise DealError("an explicit deal is a list of piles (each a sequence of cards), got "
                        f"{type(piles).__name__}")
    for pile in piles:
        if is_text(pile) or not isinstance(pile, Sequence) \
                or not all(type(c) is Card for c in pile):
            raise DealError(f"each pile of a deal is a sequence of cards, got {shown(pile)}")
    if is_text(deck) or not isinstance(deck, Sequence) \
            or not all(type(c) is Card for c in deck):
        raise wrong_type("check_deal", "the deck as a sequence of cards", deck)
    want = Counter(deck)
    have = Counter(c for pile in piles for c in pile)
    foreign = sorted((c for c in have if c not in want), key=_sort_key)
    if foreign:
        raise DealError(f"the deal holds cards that are not in the deck: {format_cards(foreign)}")
    extra = sorted((c for c in have if have[c] > want[c]), key=_sort_key)
    if extra:
        detail = ", ".join(f"{c} ({have[c]} times, the deck has {want[c]})" for c in extra)
        raise DealError(f"the deal has duplicated cards: {detail}")
    missing = sorted((c for c in want if have[c] < want[c]), key=_sort_key)
    if missing:
        detail = ", ".join(str(c) for c in missing)
        raise DealError(f"the deal is missing cards of the deck: {detail}")


def _sort_key(card: Card) -> tuple[int, int]:
    suit = -1 if card.suit is None else list(Suit).index(card.suit)
    return suit, int(card.rank)
