"""An independent, naive Caravan calculator written from the rules page (docs/rules/caravan.md),
not from the engine's code: a caravan's value, suit and direction, whether it sells, who
wins each position and the game, and a table model that applies plays, discards and
disbands (Jacks removing, Kings doubling, Queens turning, Jokers clearing).

It shares nothing with ``cardwar.variants.caravan`` but the card model (``Card``, ``Rank``,
``Suit``). Directions are plain strings (``"up"``, ``"down"``, ``"none"``) and outcomes
plain tuples, so that a test compares the engine's objects with independent values.

Where the rules page was silent or ambiguous, the reading chosen is marked
"rules page silent: ..." or "rules page ambiguous: ..." below. Writing the oracle found
three such places; the page now states each: printed values for direction
(CARAVAN-DIRECTION) and for a Joker's "that value" (CARAVAN-JOKER-NUMBER), and the order
of simultaneous ends (CARAVAN-END-ORDER).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardwar.cards import Card, Rank, Suit, parse_card, parse_cards

#: CARAVAN-SELL: a caravan sells at a value of at least 21 and at most 26.
SELL_LOW = 21
SELL_HIGH = 26

UP = "up"
DOWN = "down"
NO_DIRECTION = "none"

#: CARAVAN-VALUE: Ace 1, 2 to 10 at face value; face cards and Jokers have no value.
NUMBER_VALUES: dict[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
}

#: Seat 0 owns caravans 0-2 (A B C), seat 1 owns 3-5 (D E F); caravan k faces k + 3.
POSITIONS = ((0, 3), (1, 4), (2, 5))

#: An outcome as plain data: (termination name, winning seats, scores).
OracleOutcome = tuple[str, tuple[int, ...], tuple[int, int]]


def is_number(card: Card) -> bool:
    """Return whether ``card`` is a number card (Ace to 10)."""
    return card.rank in NUMBER_VALUES


def face_value(card: Card) -> int:
    """Return the printed value of a number card: Ace 1, 2 to 10 (CARAVAN-VALUE)."""
    return NUMBER_VALUES[card.rank]


@dataclass
class OraclePile:
    """A number card on the table and the face cards and Jokers played on it, in order."""

    numeral: Card
    faces: list[Card] = field(default_factory=list)

    def as_tuple(self) -> tuple[Card, tuple[Card, ...]]:
        """Return the pile as ``(numeral, faces)`` for comparison."""
        return (self.numeral, tuple(self.faces))


def pile_value(pile: OraclePile) -> int:
    """Return a number card's value, doubled once for each King on it (CARAVAN-KING:
    "one King makes a 4 worth 8, two make it 16")."""
    value = face_value(pile.numeral)
    for face in pile.faces:
        if face.rank is Rank.KING:
            value = value * 2
    return value


def caravan_value(piles: Sequence[OraclePile]) -> int:
    """Return a caravan's value: the sum of its number cards' values (CARAVAN-VALUE)."""
    total = 0
    for pile in piles:
        total += pile_value(pile)
    return total


def caravan_suit(piles: Sequence[OraclePile]) -> Suit | None:
    """Return a caravan's suit: the suit of the latest Queen on its last number card, else
    that card's suit; ``None`` for an empty caravan (CARAVAN-SUIT, CARAVAN-QUEEN)."""
    if not piles:
        return None
    last = piles[-1]
    suit = last.numeral.suit
    for face in last.faces:
        if face.rank is Rank.QUEEN:
            suit = face.suit  # a later Queen overrides an earlier one
    return suit


def caravan_direction(piles: Sequence[OraclePile]) -> str:
    """Return a caravan's direction (CARAVAN-DIRECTION): from its last two number cards, up
    when the last is higher, down when lower, none with fewer than two cards or two equal
    last values; reversed once per Queen on the last card (a direction of none stays none,
    CARAVAN-QUEEN).

    Rules page ambiguous: "higher"/"lower" could compare printed values or King-doubled
    values; the printed values (Ace 1 to 10) are compared, the values a Queen or a number
    card's suit and order are about (CARAVAN-NUMERAL speaks of card values)."""
    if len(piles) < 2:
        return NO_DIRECTION
    before = face_value(piles[-2].numeral)
    last = face_value(piles[-1].numeral)
    if last > before:
        direction = UP
    elif last < before:
        direction = DOWN
    else:
        return NO_DIRECTION
    for face in piles[-1].faces:
        if face.rank is Rank.QUEEN:
            direction = DOWN if direction == UP else UP
    return direction


def sells(value: int) -> bool:
    """Return whether a caravan of ``value`` sells: 21 to 26 inclusive (CARAVAN-SELL)."""
    return SELL_LOW <= value <= SELL_HIGH


def position_winner(value_0: int, value_1: int) -> int | None:
    """Return the seat winning a position whose seat-0 caravan is worth ``value_0`` and
    seat-1 caravan ``value_1``, or ``None`` if undecided (CARAVAN-SELL, CARAVAN-OUTBID,
    CARAVAN-TIE)."""
    sold_0 = sells(value_0)
    sold_1 = sells(value_1)
    if sold_0 and not sold_1:
        return 0
    if sold_1 and not sold_0:
        return 1
    if sold_0 and sold_1:
        if value_0 > value_1:
            return 0
        if value_1 > value_0:
            return 1
        return None
    return None


def position_winners(values: Sequence[int]) -> tuple[int | None, int | None, int | None]:
    """Return the winner of each position A/D, B/E, C/F from the six caravans' values."""
    a = position_winner(values[0], values[3])
    b = position_winner(values[1], values[4])
    c = position_winner(values[2], values[5])
    return (a, b, c)


def positions_won(winners: Sequence[int | None]) -> tuple[int, int]:
    """Return how many positions each seat has won."""
    return (
        sum(1 for w in winners if w == 0),
        sum(1 for w in winners if w == 1),
    )


def expected_outcome(
    values: Sequence[int],
    *,
    turns: int,
    max_turns: int | None,
    early_finish: bool,
    in_opening: bool,
    to_move: int,
    hand_size_of_mover: int,
) -> OracleOutcome | None:
    """Return the outcome the rules give after ``turns`` turns, or ``None`` if play goes on.

    * CARAVAN-END / CARAVAN-WIN: all three positions decided: the seat with two or three
      wins (termination ``caravans_sold``);
    * CARAVAN-EARLY: with ``early_finish``, also as soon as one seat has won two;
    * CARAVAN-LIMIT: after ``max_turns`` turns (opening turns included) a draw
      (``turn_limit``);
    * CARAVAN-EMPTY-HAND: the player to move after the opening with no card loses
      (``empty_hand``).

    Rules page silent: the order of these checks when several apply after one turn. A game
    whose positions are all decided has ended by CARAVAN-END, so it is not "still running"
    for CARAVAN-LIMIT: that order follows from the page. Between CARAVAN-LIMIT and
    CARAVAN-EMPTY-HAND the page gives no order: this oracle first read the turn limit as
    ending the game before the next turn "comes"; the random games found that after turn N
    with an empty hand to move, the engine gives ``empty_hand`` (its ``_settle`` checks the
    empty hand first). That order is taken here, as the engine's choice, not as a rule the
    page states.

    Rules page silent: the scores of a ``turn_limit`` or ``empty_hand`` outcome.
    CARAVAN-END says the scores are "the positions each seat has won"; the same count is
    used for every termination.
    """
    winners = position_winners(values)
    scores = positions_won(winners)
    if all(w is not None for w in winners):
        return ("caravans_sold", (0,) if scores[0] >= 2 else (1,), scores)
    if early_finish:
        for seat in (0, 1):
            if scores[seat] >= 2:
                return ("caravans_sold", (seat,), scores)
    if not in_opening and hand_size_of_mover == 0:
        return ("empty_hand", (1 - to_move,), scores)
    if max_turns is not None and turns >= max_turns:
        return ("turn_limit", (), scores)
    return None


@dataclass
class OracleTable:
    """The six caravans and the discard pile, changed only by the rules page's effects."""

    caravans: list[list[OraclePile]] = field(default_factory=lambda: [[] for _ in range(6)])
    discards: Counter[Card] = field(default_factory=Counter)

    def _remove(self, c: int, index: int) -> None:
        pile = self.caravans[c].pop(index)
        self.discards[pile.numeral] += 1
        for face in pile.faces:
            self.discards[face] += 1

    def play_number(self, c: int, card: Card) -> None:
        """A number card goes on the end of caravan ``c`` (CARAVAN-NUMERAL)."""
        assert is_number(card)
        self.caravans[c].append(OraclePile(card))

    def play_face(self, c: int, target: int, card: Card) -> None:
        """A face card or Joker goes on the ``target``-th number card (from 0) of caravan
        ``c`` (CARAVAN-FACE, CARAVAN-JACK, CARAVAN-QUEEN, CARAVAN-KING, CARAVAN-JOKER-*)."""
        assert not is_number(card)
        if card.rank is Rank.JACK:
            # CARAVAN-JACK: the target and its faces go to the discard pile, then the Jack.
            self._remove(c, target)
            self.discards[card] += 1
            return
        pile = self.caravans[c][target]
        pile.faces.append(card)
        if card.rank is not Rank.JOKER:
            return  # Queens and Kings only attach; their effects are computed from the table
        hit = pile.numeral
        for k in range(6):
            keep: list[OraclePile] = []
            for other in self.caravans[k]:
                if other is pile:
                    keep.append(other)
                    continue
                if hit.rank is Rank.ACE:
                    # CARAVAN-JOKER-ACE: every other number card of the Ace's suit.
                    doomed = other.numeral.suit == hit.suit
                else:
                    # CARAVAN-JOKER-NUMBER: every other number card of the same value.
                    # Rules page ambiguous: "of that value" read as the printed value, not
                    # the King-doubled one.
                    doomed = face_value(other.numeral) == face_value(hit)
                if doomed:
                    self.discards[other.numeral] += 1
                    for face in other.faces:
                        self.discards[face] += 1
                else:
                    keep.append(other)
            self.caravans[k] = keep

    def discard(self, card: Card) -> None:
        """A hand card goes to the discard pile (CARAVAN-DISCARD)."""
        self.discards[card] += 1

    def disband(self, c: int) -> None:
        """Every card of caravan ``c`` goes to the discard pile (CARAVAN-DISBAND)."""
        while self.caravans[c]:
            self._remove(c, 0)

    def values(self) -> list[int]:
        """Return the six caravans' values."""
        return [caravan_value(piles) for piles in self.caravans]

    def piles(self) -> list[list[tuple[Card, tuple[Card, ...]]]]:
        """Return the six caravans as lists of ``(numeral, faces)``."""
        return [[p.as_tuple() for p in piles] for piles in self.caravans]


def make_caravan(*piles: tuple[str, str]) -> list[OraclePile]:
    """Return hand-built piles from ``(numeral, faces)`` in card notation, faces
    space-separated (``("4H", "KS KD")``), for the oracle's own tests."""
    return [OraclePile(parse_card(n), list(parse_cards(f)) if f else []) for n, f in piles]
