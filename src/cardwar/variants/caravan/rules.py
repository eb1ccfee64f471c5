"""The rules of Caravan: its options, state, actions, legal actions, step and outcome.
Rule IDs ``CARAVAN-...`` in comments are defined on the docs page ``rules/caravan``.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable, replacer
from cardwar.cards import (
    CARD_COUNT,
    Card,
    CardError,
    DealError,
    Rank,
    Suit,
    card_from_index,
    check_deal,
    check_deal_piles,
    format_cards,
    parse_cards,
    standard_deck,
)
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    OptionError,
    Outcome,
    SealedAction,
    Termination,
    bool_converter,
    check_card,
    check_int,
    check_optional_int,
    enum_option,
    forged_action,
    int_converter,
    limit_option,
    make_options,
    option,
)
from cardwar.errors import OptionsTypeError, check_state
from cardwar.render import Readable
from cardwar.rng import MAX_BOUND, Rng
from cardwar.svg import Pictured

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "CARAVAN_NAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
    "SALE_MAX",
    "SALE_MIN",
    "STEP_NAME",
    "TITLE",
    "Action",
    "Caravan",
    "Direction",
    "Disband",
    "Discard",
    "EmptyHand",
    "EqualDirection",
    "OpeningDiscard",
    "Options",
    "Pile",
    "Play",
    "State",
    "cards_in_play",
    "deck",
    "derive_caravan",
    "legal_actions",
    "new_game",
    "num_players",
    "options",
    "outcome",
    "pip",
    "position_winners",
    "step",
    "to_act",
]


#: The registry name of the variant.
NAME = "caravan"


#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("fallout-caravan",)


#: The variant's name for people.
TITLE = "Caravan"


#: Bumped whenever a rule changes what any game does; recorded in every game record.
RULES_VERSION = 3


#: The fewest players the variant allows.
MIN_PLAYERS = 2


#: The most players the variant allows (``None``: no maximum).
MAX_PLAYERS: int | None = 2


#: What one step of the game is called, for people.
STEP_NAME = "step"
#: Whether the game plays itself (no seat ever makes a decision).
AUTOMATIC = False

#: Whether the seats choose at once (they take turns, each seeing what came before).
SIMULTANEOUS = False


#: The lowest value at which a caravan sells (CARAVAN-SELL).
SALE_MIN = 21


#: The highest value at which a caravan sells (CARAVAN-SELL).
SALE_MAX = 26


#: The names of the six caravans, by index: seat 0 owns A B C, seat 1 owns D E F.
CARAVAN_NAMES = "ABCDEF"


#: CARAVAN-VALUE: the value of each number card (Ace = 1).
_PIPS: dict[Rank, int] = {Rank.ACE: 1, **{Rank(v): v for v in range(2, 11)}}


_QUEEN = Rank.QUEEN


_KING = Rank.KING


_JACK = Rank.JACK


def pip(card: Card) -> int | None:
    """Return the value of a number card (Ace 1, 2 to 10), or ``None`` for a face card or
    a Joker (CARAVAN-VALUE)."""
    return _PIPS.get(card.rank)


class Direction(enum.Enum):
    """The direction of a caravan: which values a number card of another suit may take."""

    NONE = "none"
    """No direction yet (fewer than two number cards, or two equal last values): any
    value but the last one's."""
    UP = "up"
    """Ascending: a higher value than the last number card's."""
    DOWN = "down"
    """Descending: a lower value than the last number card's."""

    def __str__(self) -> str:
        return self.value


_NO_DIRECTION = Direction.NONE


_UP = Direction.UP


_DOWN = Direction.DOWN


_REVERSED = {Direction.NONE: Direction.NONE, Direction.UP: Direction.DOWN,
             Direction.DOWN: Direction.UP}


class OpeningDiscard(enum.Enum):
    """Whether a player may discard and draw during the opening."""

    WHEN_SHORT = "when_short"
    """Only while the hand holds fewer number cards than the player's empty caravans."""
    NEVER = "never"
    """Never; a player with no number card to open with forfeits the rest of the opening."""


class EmptyHand(enum.Enum):
    """When a player with an empty hand loses (CARAVAN-EMPTY-HAND)."""

    NEXT_TURN = "next_turn"
    """When their turn comes and they have no card to play."""
    AT_ONCE = "at_once"
    """As soon as a turn leaves one player's hand empty and not the other's (the rule of
    the r3w0p/caravan engine since 2024)."""


class EqualDirection(enum.Enum):
    """The direction of a caravan whose last two number cards have equal values, which
    only a removal can bring about (CARAVAN-RECOMPUTE)."""

    ANY = "any"
    """No direction: a number card of any other value may follow."""
    DESCENDING = "descending"
    """Descending (the r3w0p/caravan engine since 2024)."""


def _deck_converter(name: str) -> Callable[[Any], tuple[Card, ...] | None]:
    def convert(value: Any) -> tuple[Card, ...] | None:
        if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
            return None
        if not isinstance(value, (str, list, tuple)):
            raise OptionError(
                name, f"expected a deck in card notation (such as '2H 3H JK') or None, "
                f"got {value!r}"
            )
        try:
            return parse_cards(value)
        except (CardError, TypeError, AttributeError) as err:
            raise OptionError(name, str(err)) from None

    return convert


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of Caravan; every field is documented on the rules page."""

    first_player: int = option(
        0,
        "The seat that opens first and moves first (CARAVAN-FIRST).",
        int_converter("first_player", 0, 1),
    )
    opening_hand: int = option(
        8,
        "Cards each player draws before the opening; the hand is three fewer after it "
        "(CARAVAN-HAND).",
        int_converter("opening_hand", 3),
    )
    opening_discard: OpeningDiscard = enum_option(
        OpeningDiscard.WHEN_SHORT,
        "When a player may discard and draw in the opening (CARAVAN-OPENING-DISCARD).",
        "opening_discard",
    )
    face_limit: int | None = limit_option(
        "face_limit", "None: no limit; N: at most N face cards on one number card (CARAVAN-FACE)."
    )
    jack_ignores_face_limit: bool = option(
        False,
        "Whether a Jack may be played on a number card that already holds face_limit face "
        "cards; it removes that card, so none ever holds more (CARAVAN-JACK-LIMIT).",
        bool_converter("jack_ignores_face_limit"),
    )
    max_numbers: int | None = limit_option(
        "max_numbers",
        "None: no limit; N: at most N number cards in one caravan (CARAVAN-NUMERAL).",
    )
    empty_hand: EmptyHand = enum_option(
        EmptyHand.NEXT_TURN,
        "When a player with an empty hand loses: when their turn comes, or as soon as a turn "
        "leaves their hand empty (CARAVAN-EMPTY-HAND).",
        "empty_hand",
    )
    equal_direction: EqualDirection = enum_option(
        EqualDirection.ANY,
        "The direction of a caravan whose last two number cards are equal after a removal "
        "(CARAVAN-RECOMPUTE).",
        "equal_direction",
    )
    disband_draws: bool = option(
        False,
        "Whether disbanding a caravan is followed by a draw (CARAVAN-DISBAND).",
        bool_converter("disband_draws"),
    )
    early_finish: bool = option(
        False,
        "Whether the game ends as soon as one player wins two positions, before the "
        "third is decided (CARAVAN-EARLY).",
        bool_converter("early_finish"),
    )
    max_turns: int | None = limit_option(
        "max_turns",
        "None: no limit (every game ends within the bound of CARAVAN-LIMIT); N: a "
        "game still running after N turns (opening turns included) is a draw "
        "(CARAVAN-LIMIT).",
    )
    deck_0: tuple[Card, ...] | None = option(
        None,
        "None: the 54-card deck; else seat 0's custom deck (CARAVAN-DECK-CUSTOM).",
        _deck_converter("deck_0"),
    )
    deck_1: tuple[Card, ...] | None = option(
        None,
        "None: the 54-card deck; else seat 1's custom deck (CARAVAN-DECK-CUSTOM).",
        _deck_converter("deck_1"),
    )
    deck_sets: int = option(
        1,
        "How many standard sets a custom deck is built from: each card may appear at "
        "most this many times, Jokers twice as many (CARAVAN-DECK-CUSTOM).",
        int_converter("deck_sets", 1),
    )
    min_deck_size: int = option(
        30,
        "The fewest cards a custom deck may hold; 30 by the published rules (CARAVAN-DECK-CUSTOM).",
        int_converter("min_deck_size", 1),
    )

    def __attrs_post_init__(self) -> None:
        for name, cards in (("deck_0", self.deck_0), ("deck_1", self.deck_1)):
            if cards is not None:
                _check_custom_deck(name, cards, self.deck_sets, self.min_deck_size)


def _check_custom_deck(name: str, cards: tuple[Card, ...], sets: int, minimum: int) -> None:
    # CARAVAN-DECK-CUSTOM: the published deck rules, each broken rule named.
    if len(cards) < minimum:
        raise OptionError(
            name, f"a caravan deck needs at least {minimum} cards, this one has {len(cards)} "
            "(CARAVAN-DECK-CUSTOM: minimum deck size)"
        )
    if len(cards) > MAX_BOUND:
        # The generator shuffles at most MAX_BOUND cards: refused here, not by new_game.
        raise OptionError(
            name, f"a caravan deck holds at most {MAX_BOUND} cards, this one has {len(cards)}"
        )
    counts = Counter(cards)
    over = [
        f"{card} ({n} times)" for card, n in sorted(counts.items(), key=lambda kv: _order(kv[0]))
        if n > (2 * sets if card.is_joker else sets)
    ]
    if over:
        allowed = "once" if sets == 1 else f"{sets} times"
        raise OptionError(
            name, f"a deck built from {sets} set(s) may hold each card at most {allowed} "
            f"(Jokers {2 * sets} times), but it repeats {', '.join(over)} "
            "(CARAVAN-DECK-CUSTOM: no duplicate card from the same set)"
        )


def options(**kwargs: Any) -> Options:
    """Return validated options of Caravan, naming any bad option.

    >>> options(face_limit=3).face_limit
    3
    >>> options(deck_0="AH 2H 3H")
    Traceback (most recent call last):
    ...
    cardwar.core.OptionError: option 'deck_0': a caravan deck needs at least 30 cards, ...
    """
    if "players" in kwargs:
        if str(kwargs["players"]).strip() != "2":
            raise OptionError("players", "Caravan is for two players (CARAVAN-PLAYERS)")
        kwargs = {k: v for k, v in kwargs.items() if k != "players"}
    return make_options(Options, kwargs)


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Pile(Immutable):
    """A number card of a caravan with the face cards attached to it, in play order."""

    numeral: Card
    """The number card (Ace to 10)."""
    faces: tuple[Card, ...] = ()
    """The face cards and Jokers attached to it, in the order played."""

    @property
    def value(self) -> int:
        """Return the number card's value doubled once per King on it (CARAVAN-KING)."""
        kings = sum(1 for f in self.faces if f.rank is _KING)
        return _PIPS[self.numeral.rank] << kings

    def __str__(self) -> str:
        return str(self.numeral) + "".join("+" + str(f) for f in self.faces)

    def __repr__(self) -> str:
        return f"Pile({str(self)!r})"


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Caravan(Immutable):
    """One caravan: its piles, bottom first, and its value, suit and direction, which
    ``step`` keeps up to date incrementally (and recomputes after a removal)."""

    piles: tuple[Pile, ...] = ()
    """The number cards, in the order played, each with its attached face cards."""
    value: int = 0
    """The caravan's value: the sum of its piles' values (CARAVAN-VALUE)."""
    suit: Suit | None = None
    """The caravan's suit (CARAVAN-SUIT); ``None`` while empty."""
    direction: Direction = Direction.NONE
    """The caravan's direction (CARAVAN-DIRECTION)."""

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.piles) if self.piles else "-"

    def __repr__(self) -> str:
        suit = "-" if self.suit is None else self.suit.value
        return f"Caravan({str(self)!r}, value={self.value}, suit={suit}, {self.direction})"


_EMPTY = Caravan()


def derive_caravan(piles: tuple[Pile, ...], equal: Direction = Direction.NONE) -> Caravan:
    """Return the caravan of ``piles`` with its value, suit and direction computed from
    scratch (CARAVAN-VALUE, CARAVAN-SUIT, CARAVAN-DIRECTION, CARAVAN-RECOMPUTE); ``equal``
    is the direction when the last two number cards have equal values (the option
    ``equal_direction``)."""
    if not piles:
        return _EMPTY
    value = sum(p.value for p in piles)
    last = piles[-1]
    suit = last.numeral.suit
    flips = 0
    for face in last.faces:
        if face.rank is _QUEEN:  # CARAVAN-QUEEN
            suit = face.suit
            flips ^= 1
    direction = Direction.NONE
    if len(piles) >= 2:
        a, b = _PIPS[piles[-2].numeral.rank], _PIPS[last.numeral.rank]
        direction = Direction.UP if b > a else Direction.DOWN if b < a else equal
    if flips:
        direction = _REVERSED[direction]
    return Caravan(piles, value, suit, direction)


def position_winners(caravans: Sequence[Caravan]) -> tuple[int | None, int | None, int | None]:
    """Return the winner of each of the three positions (A/D, B/E, C/F): the seat whose
    caravan sells and is not outbid, or ``None`` while undecided (CARAVAN-SELL,
    CARAVAN-OUTBID, CARAVAN-TIE)."""
    out: list[int | None] = []
    for k in range(3):
        a, b = caravans[k].value, caravans[k + 3].value
        sa, sb = SALE_MIN <= a <= SALE_MAX, SALE_MIN <= b <= SALE_MAX
        if sa and sb:
            out.append(0 if a > b else 1 if b > a else None)
        else:
            out.append(0 if sa else 1 if sb else None)
    return out[0], out[1], out[2]


@attrs.frozen(slots=True)
class Play(SealedAction):
    """Play a card of the hand: a number card on the end of one of your caravans, or a
    face card (or Joker) on a number card of any caravan."""

    card: Card = attrs.field(validator=check_card)
    """The hand card played."""
    caravan: int = attrs.field(validator=check_int)
    """The caravan it goes on, 0 to 5 (``A`` to ``F``)."""
    target: int | None = attrs.field(default=None, validator=check_optional_int)
    """For a face card or Joker, the index (from 0, bottom first) of the number card it
    is attached to; ``None`` for a number card."""

    def __str__(self) -> str:
        at = "" if self.target is None else str(self.target + 1)
        return f"{self.card}>{_name(self.caravan)}{at}"


@attrs.frozen(slots=True)
class Discard(SealedAction):
    """Discard a card of the hand face up, then draw."""

    card: Card = attrs.field(validator=check_card)
    """The hand card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True)
class Disband(SealedAction):
    """Disband one of your own caravans: all its cards go to the discard pile."""

    caravan: int = attrs.field(validator=check_int)
    """The caravan disbanded, 0 to 5 (``A`` to ``F``); it must be the mover's own."""

    def __str__(self) -> str:
        return f"disband {_name(self.caravan)}"


def _name(c: object) -> str:
    return CARAVAN_NAMES[c] if isinstance(c, int) and 0 <= c < 6 else f"<caravan {c!r}>"


#: Any action of Caravan.
Action = Play | Discard | Disband


@attrs.frozen(slots=True)
class State(Immutable, Pictured, Readable):
    """The whole state of a game of Caravan."""

    options: Options
    """The game's options."""
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's face-down draw deck, top card first."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's hand, in the order drawn."""
    caravans: tuple[Caravan, ...]
    """The six caravans ``A`` to ``F``: seat 0's are 0-2, seat 1's 3-5; ``k`` faces
    ``k + 3``."""
    rng: Rng
    """The game's generator (used only by the deal)."""
    discards: tuple[Card, ...] = ()
    """The face-up discard pile (discarded, removed and disbanded cards), oldest first."""
    to_move: int = 0
    """The seat whose turn it is."""
    opening: tuple[bool, bool] = (True, True)
    """Whether each seat is still in its opening (CARAVAN-OPENING)."""
    turns: int = 0
    """Turns played (every step, opening turns included)."""
    last: Play | Discard | Disband | None = None
    """The last action played."""
    result: Outcome | None = None
    """The outcome once the game has ended."""

    @property
    def in_opening(self) -> bool:
        """Return whether either seat is still in its opening."""
        return self.opening[0] or self.opening[1]

    @property
    def positions(self) -> tuple[int | None, int | None, int | None]:
        """Return the winner of each position, ``None`` while undecided."""
        return position_winners(self.caravans)

    def __repr__(self) -> str:
        cars = ", ".join(f"{n}: {c}" for n, c in zip(CARAVAN_NAMES, self.caravans, strict=True))
        return (
            f"caravan.State(turns={self.turns}, to_move={self.to_move}, "
            f"hands=({format_cards(self.hands[0])} | {format_cards(self.hands[1])}), "
            f"deck_sizes=({len(self.decks[0])}, {len(self.decks[1])}), caravans=({cars}), "
            f"discards={len(self.discards)}, opening={self.opening}, last={self.last}, "
            f"result={self.result})"
        )


_DEFAULT = Options()


_STANDARD = standard_deck(jokers=2)


def deck(opts: Options | None = None, seat: int = 0) -> tuple[Card, ...]:
    """Return ``seat``'s deck in its canonical (unshuffled) order: the 54-card deck
    (CARAVAN-DECK) or the custom deck of the options (CARAVAN-DECK-CUSTOM)."""
    o = _DEFAULT if opts is None else opts
    custom = o.deck_0 if seat == 0 else o.deck_1
    return _STANDARD if custom is None else custom


def new_game(
    seed: int,
    options: Options | None = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    _rng: Rng | None = None,
) -> State:
    """Return the first state: each seat's own deck shuffled (seat 0's first), or the
    explicit ``deal`` (each seat's deck in order, top card first), and each seat's opening
    hand drawn from the top (CARAVAN-DEAL, CARAVAN-HAND)."""
    opts = _DEFAULT if options is None else options
    if not isinstance(opts, Options):
        raise OptionsTypeError(f"options must be caravan.Options, got {type(opts).__name__}")
    rng = Rng.from_seed(seed) if _rng is None else _rng
    decks: list[tuple[Card, ...]] = []
    if deal is None:
        for seat in (0, 1):
            cards, rng = rng.shuffle(deck(opts, seat))
            decks.append(cards)
    else:
        check_deal_piles(deal)
        if isinstance(deal, str) or len(deal) != 2:
            got = "a string" if isinstance(deal, str) else f"{len(deal)} decks"
            raise DealError(f"an explicit deal needs one deck per seat (2), got {got}")
        for seat in (0, 1):
            cards = parse_cards(deal[seat])
            try:
                check_deal([cards], deck(opts, seat))
            except DealError as err:
                raise DealError(f"seat {seat}'s deck: {err}") from None
            decks.append(cards)
    n = opts.opening_hand
    state = State(
        options=opts,
        decks=(decks[0][n:], decks[1][n:]),
        hands=(decks[0][:n], decks[1][:n]),
        caravans=(_EMPTY,) * 6,
        rng=rng,
        to_move=opts.first_player,
    )
    return _settle(state, opts.first_player)


def to_act(state: State) -> int | None:
    """Return the seat whose turn it is, or ``None`` once the game is over."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return None if state.result is not None else state.to_move


def _order(card: Card) -> int:
    """Return the key of ``card`` in the order of :func:`legal_actions`: by rank, then suit
    (a Joker, suitless, first of its rank); one int, compared faster than a pair."""
    return int(card.rank) * 8 + (0 if card.suit is None else 1 + _SUIT_INDEX[card.suit])


_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
#: _order of every card, for sorting with a lookup instead of a call per card.
_ORDER = {card: _order(card) for card in (card_from_index(i) for i in range(CARD_COUNT))}
#: pip of every card: one lookup by card.
_VALUES = {card: pip(card) for card in _ORDER}


# Interned actions: legal_actions is the hot path, and an attrs instance costs more to
# build than a dict lookup. Per card, one row per caravan: row[0] is the card played on
# the end of the caravan, row[i + 1] the card played on its number card i. The rows are
# made at import with row[0] alone and grow, as games need them, by _row.
def _fresh_plays() -> dict[Card, list[list[Play]]]:
    """Return the interned plays as made at import (the rows of every card, each holding
    only the play on the end of its caravan)."""
    return {card: [[Play(card, c)] for c in range(6)] for card in _ORDER}


_PLAYS: dict[Card, list[list[Play]]] = _fresh_plays()


#: The discard of every card, made once.
_DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in _ORDER}


_DISBANDS = tuple(Disband(c) for c in range(6))


def _row(rows: list[list[Play]], card: Card, c: int, n: int) -> list[Play]:
    """Return caravan ``c``'s row of ``rows``, long enough for ``n`` number cards."""
    row = rows[c]
    if len(row) <= n:
        # The longer row is built apart and published in one assignment, never extended in
        # place: another thread may be reading or growing the same row (a shared list must
        # never be seen half-built). Two threads growing it at once both get a whole row.
        row = [*row, *(Play(card, c, i - 1) for i in range(len(row), n + 1))]
        rows[c] = row
    return row


def _numeral_fits(car: Caravan, card: Card, value: int) -> bool:
    """Return whether number card ``card`` may go on the end of ``car`` (CARAVAN-SUIT,
    CARAVAN-DIRECTION, CARAVAN-REPEAT)."""
    piles = car.piles
    if not piles:
        return True
    last = _PIPS[piles[-1].numeral.rank]
    if value == last:
        return False  # CARAVAN-REPEAT
    if card.suit is car.suit:
        return True  # CARAVAN-SUIT
    d = car.direction
    return d is Direction.NONE or (value > last) == (d is Direction.UP)  # CARAVAN-DIRECTION


def _opening_can_discard(state: State, seat: int) -> bool:
    return _may_discard_opening(state.options, state.decks[seat], state.hands[seat],
                                state.caravans, seat)


def _may_open(opts: Options, deck_cards: tuple[Card, ...], hand: tuple[Card, ...],
             caravans: tuple[Caravan, ...], seat: int) -> bool:
    """Return whether ``seat``, with empty caravans, can still act in its opening: it
    holds a number card or may discard (CARAVAN-OPENING, CARAVAN-OPENING-DISCARD)."""
    return (any(card.rank in _PIPS for card in hand)
            or _may_discard_opening(opts, deck_cards, hand, caravans, seat))


def _may_discard_opening(opts: Options, deck_cards: tuple[Card, ...], hand: tuple[Card, ...],
                         caravans: tuple[Caravan, ...], seat: int) -> bool:
    # CARAVAN-OPENING-DISCARD: only while short of number cards, and with a card to draw.
    if opts.opening_discard is OpeningDiscard.NEVER or not deck_cards:
        return False
    empty = sum(1 for c in range(3 * seat, 3 * seat + 3) if not caravans[c].piles)
    numerals = sum(1 for card in hand if card.rank in _PIPS)
    return numerals < empty


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return the legal actions of the seat to move: plays (by card, lowest first, then
    caravan and number card), then discards, then disbands (CARAVAN-TURN)."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None:
        return ()
    seat = state.to_move
    hand = state.hands[seat]
    caravans = state.caravans
    first = 3 * seat
    own = range(first, first + 3)
    cards = sorted(set(hand), key=_ORDER.__getitem__)
    out: list[Action] = []
    if state.opening[seat]:
        # CARAVAN-OPENING: a number card on an empty caravan of your own.
        empty = [c for c in own if not caravans[c].piles]
        for card in cards:
            if card.rank in _PIPS:
                rows = _PLAYS[card]
                out.extend([rows[c][0] for c in empty])
        if _opening_can_discard(state, seat):
            out.extend([_DISCARDS[card] for card in cards])
        return tuple(out)
    opts = state.options
    limit = opts.face_limit
    most = opts.max_numbers
    # CARAVAN-JACK-LIMIT: with the option, a Jack goes on a number card whatever it holds.
    jack_limit = None if opts.jack_ignores_face_limit else limit
    # The ends of the own caravans (_ends) are made at the first number card of the hand;
    # the piles of each caravan are counted at the first face card.
    ends: list[tuple[int, int, Suit | None, Direction]] | None = None
    counts: list[int] | None = None
    for card in cards:
        value = _VALUES[card]
        rows = _PLAYS[card]
        if value is not None:
            # CARAVAN-NUMERAL: number cards go on your own caravans only.
            if ends is None:
                ends = _ends(caravans, own, most)
            suit = card.suit
            for c, last, car_suit, d in ends:
                if last:
                    if value == last:
                        continue  # CARAVAN-REPEAT
                    if suit is not car_suit and d is not _NO_DIRECTION and (
                        (value > last) is not (d is _UP)
                    ):
                        continue  # CARAVAN-SUIT, CARAVAN-DIRECTION
                out.append(rows[c][0])
            continue
        if counts is None:
            counts = [len(car.piles) for car in caravans]
        if card.rank is _QUEEN:
            # CARAVAN-QUEEN: a Queen goes on the last number card of any caravan.
            for c in range(6):
                n = counts[c]
                if n and (limit is None or len(caravans[c].piles[-1].faces) < limit):
                    row = rows[c]
                    out.append((row if len(row) > n else _row(rows, card, c, n))[n])
            continue
        cap = jack_limit if card.rank is _JACK else limit
        if cap is None:
            # CARAVAN-FACE: Jacks, Kings and Jokers go on any number card of any caravan.
            for c in range(6):
                n = counts[c]
                if n:
                    row = rows[c]
                    out += (row if len(row) > n else _row(rows, card, c, n))[1 : n + 1]
        else:
            for c in range(6):
                n = counts[c]
                if n:
                    row = _row(rows, card, c, n)
                    piles = caravans[c].piles
                    out.extend(row[i + 1] for i in range(n) if len(piles[i].faces) < cap)
    out += [_DISCARDS[card] for card in cards]  # CARAVAN-DISCARD
    out += [_DISBANDS[c] for c in own if caravans[c].piles]  # CARAVAN-DISBAND
    return tuple(out)


def _ends(caravans: tuple[Caravan, ...], own: range, most: int | None
          ) -> list[tuple[int, int, Suit | None, Direction]]:
    """Return, per caravan of ``own`` that may take another number card (CARAVAN-NUMERAL:
    fewer than ``most``), its index, the value of its last number card (0 when empty), its
    suit and its direction: the facts CARAVAN-SUIT, CARAVAN-DIRECTION and CARAVAN-REPEAT
    look at (shared by :func:`legal_actions` and the encoding's legal ids)."""
    ends = []
    for c in own:
        car = caravans[c]
        piles = car.piles
        if most is not None and len(piles) >= most:
            continue  # CARAVAN-NUMERAL: the caravan is full
        ends.append((c, _PIPS[piles[-1].numeral.rank] if piles else 0, car.suit, car.direction))
    return ends


def _why_illegal(state: State, action: object) -> str | None:
    """Return why ``action`` is illegal in ``state``, or ``None`` if it is legal; agrees
    with :func:`legal_actions` (a test checks it). An action whose fields were set past
    its constructor's checks raises :class:`~cardwar.errors.ActionTypeError`."""
    seat = state.to_move
    hand = state.hands[seat]
    caravans = state.caravans
    opening = state.opening[seat]
    if type(action) is Play:
        card, c, target = action.card, action.caravan, action.target
        # Fields set past the constructor's checks (a bool is no caravan).
        if type(card) is not Card or type(c) is not int or (
                target is not None and type(target) is not int):
            raise forged_action(action)
        if card not in hand:
            return f"{card} is not a card of seat {seat}'s hand"
        if not 0 <= c < 6:
            return f"there is no caravan {c!r}"
        value = _PIPS.get(card.rank)
        own = 3 * seat <= c < 3 * seat + 3
        if value is not None:
            if target is not None:
                return f"{card} is a number card: it goes on the end of a caravan"
            if not own:
                return f"number cards go on your own caravans (CARAVAN-NUMERAL), not {action}"
            car = caravans[c]
            if opening:
                if car.piles:
                    return f"in the opening, a number card starts an empty caravan " \
                        f"(CARAVAN-OPENING); {CARAVAN_NAMES[c]} is started"
                return None
            most = state.options.max_numbers
            if most is not None and len(car.piles) >= most:
                return f"{CARAVAN_NAMES[c]} already holds {most} number cards (CARAVAN-NUMERAL)"
            if not _numeral_fits(car, card, value):
                last = car.piles[-1].numeral
                return (
                    f"{card} cannot follow {last} on {CARAVAN_NAMES[c]} (suit "
                    f"{car.suit}, direction {car.direction}): a number card must match the "
                    "suit or continue the direction, and never repeat the last value "
                    "(CARAVAN-SUIT, CARAVAN-DIRECTION, CARAVAN-REPEAT)"
                )
            return None
        if opening:
            return "no face cards in the opening (CARAVAN-OPENING)"
        piles = caravans[c].piles
        if target is None or not 0 <= target < len(piles):
            return f"caravan {CARAVAN_NAMES[c]} has no number card {target!r}"
        if card.rank is _QUEEN and target != len(piles) - 1:
            return "a Queen goes on the last number card of a caravan (CARAVAN-QUEEN)"
        limit = state.options.face_limit
        if limit is not None and len(piles[target].faces) >= limit and not (
            card.rank is _JACK and state.options.jack_ignores_face_limit
        ):
            return f"that number card already holds {limit} face cards (CARAVAN-FACE)"
        return None
    if type(action) is Discard:
        if type(action.card) is not Card:
            raise forged_action(action)
        if action.card not in hand:
            return f"{action.card} is not a card of seat {seat}'s hand"
        if opening and not _opening_can_discard(state, seat):
            return (
                "in the opening, a player may discard only while holding fewer number "
                "cards than empty caravans, with a card to draw (CARAVAN-OPENING-DISCARD)"
            )
        return None
    if type(action) is Disband:
        c = action.caravan
        if type(c) is not int:
            raise forged_action(action)
        if opening:
            return "no disbanding in the opening (CARAVAN-OPENING)"
        if not 3 * seat <= c < 3 * seat + 3:
            return f"seat {seat} may disband only their own caravans (CARAVAN-DISBAND)"
        if not caravans[c].piles:
            return f"caravan {CARAVAN_NAMES[c]} is empty (CARAVAN-DISBAND)"
        return None
    return f"{action} is not a Caravan action"


def step(state: State, action: Action) -> State:
    """Return the state after the seat to move plays ``action`` (CARAVAN-TURN)."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None:
        raise GameOverError(f"the game is over ({state.result})")
    why = _why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(f"seat {state.to_move} cannot play {action}: {why}",
                                 legal_actions(state))
    seat = state.to_move
    hand = state.hands[seat]
    deck_cards = state.decks[seat]
    caravans = state.caravans
    discards = state.discards
    opts = state.options
    if type(action) is Play:
        card = action.card
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        # The direction of two equal last values (CARAVAN-RECOMPUTE), without hashing the
        # option (an Enum's hash is a Python call).
        equal = _NO_DIRECTION if opts.equal_direction is _EQUAL_ANY else _DOWN
        caravans, removed = _apply_play(caravans, card, action.caravan,
                                        action.target, equal)
        if removed:
            discards = discards + removed
        draw = not state.opening[seat]  # CARAVAN-OPENING: no draw after an opening placement
    elif type(action) is Discard:
        card = action.card
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        discards = (*discards, card)  # CARAVAN-DISCARD
        draw = True
    else:
        assert isinstance(action, Disband)  # _why_illegal let no other action through
        c = action.caravan
        car = caravans[c]
        discards = discards + tuple(x for p in car.piles for x in (p.numeral, *p.faces))
        caravans = _replace(caravans, c, _EMPTY)  # CARAVAN-DISBAND
        draw = opts.disband_draws
    if draw and deck_cards:
        # CARAVAN-DRAW: draw the top card of your own deck, if any.
        hand = (*hand, deck_cards[0])
        deck_cards = deck_cards[1:]
    if seat:
        new_decks = (state.decks[0], deck_cards)
        new_hands = (state.hands[0], hand)
    else:
        new_decks = (deck_cards, state.decks[1])
        new_hands = (hand, state.hands[1])
    turns = state.turns + 1
    flags, nxt, result = _conclude(opts, new_decks, new_hands, caravans, state.opening, turns,
                                   1 - seat)
    # attrs' __init__ costs twice as much (a step's hot path).
    return _after_turn(state, new_decks, new_hands, caravans, discards, nxt, flags, turns,
                       action, result)


#: The state after a turn: ``_after_turn(state, decks, hands, caravans, discards, to_move,
#: opening, turns, last, result)``, options and generator kept.
_after_turn = replacer(State, "decks", "hands", "caravans", "discards", "to_move", "opening",
                       "turns", "last", "result")


def _replace(caravans: tuple[Caravan, ...], c: int, car: Caravan) -> tuple[Caravan, ...]:
    return (*caravans[:c], car, *caravans[c + 1 :])


#: The direction of two equal last values, per option (CARAVAN-RECOMPUTE).
_EQUAL = {EqualDirection.ANY: Direction.NONE, EqualDirection.DESCENDING: Direction.DOWN}


_EQUAL_ANY = EqualDirection.ANY


def _apply_play(
    caravans: tuple[Caravan, ...], card: Card, c: int, target: int | None, equal: Direction
) -> tuple[tuple[Caravan, ...], tuple[Card, ...]]:
    """Return the caravans after ``card`` is played on caravan ``c`` (at ``target``), and
    the cards that the play removed from the table; ``equal`` is the direction of two
    equal last values."""
    car = caravans[c]
    piles = car.piles
    value = _PIPS.get(card.rank)
    if value is not None:
        # CARAVAN-SUIT, CARAVAN-DIRECTION: the new last card sets both.
        if piles:
            last = _PIPS[piles[-1].numeral.rank]
            d = Direction.UP if value > last else Direction.DOWN
        else:
            d = Direction.NONE
        new = Caravan((*piles, Pile(card)), car.value + value, card.suit, d)
        return _replace(caravans, c, new), ()
    assert target is not None
    host = piles[target]
    rank = card.rank
    if rank is _KING:
        # CARAVAN-KING: each King doubles the pile it sits on.
        pile = Pile(host.numeral, (*host.faces, card))
        new = Caravan((*piles[:target], pile, *piles[target + 1 :]),
                      car.value + host.value, car.suit, car.direction)
        return _replace(caravans, c, new), ()
    if rank is _QUEEN:
        # CARAVAN-QUEEN: the Queen's suit, and the direction reversed.
        pile = Pile(host.numeral, (*host.faces, card))
        new = Caravan((*piles[:-1], pile), car.value, card.suit, _REVERSED[car.direction])
        return _replace(caravans, c, new), ()
    if rank is _JACK:
        # CARAVAN-JACK: the number card goes with everything on it, and the Jack.
        removed = (host.numeral, *host.faces, card)
        new = derive_caravan(piles[:target] + piles[target + 1 :], equal)  # CARAVAN-RECOMPUTE
        return _replace(caravans, c, new), removed
    # A Joker stays on its target; CARAVAN-JOKER-ACE / CARAVAN-JOKER-NUMBER remove the
    # other number cards of the Ace's suit, or of the target's value, from all caravans.
    numeral = host.numeral
    if numeral.rank is Rank.ACE:
        def hit(p: Pile) -> bool:
            return p.numeral.suit is numeral.suit
    else:
        def hit(p: Pile) -> bool:
            return p.numeral.rank is numeral.rank
    out: list[Caravan] = []
    removed_cards: list[Card] = []
    for k, other in enumerate(caravans):
        keep: list[Pile] = []
        changed = False
        for i, p in enumerate(other.piles):
            if k == c and i == target:
                keep.append(Pile(p.numeral, (*p.faces, card)))
                changed = True
            elif hit(p):
                removed_cards.append(p.numeral)
                removed_cards.extend(p.faces)
                changed = True
            else:
                keep.append(p)
        out.append(derive_caravan(tuple(keep), equal) if changed else other)  # CARAVAN-RECOMPUTE
    return tuple(out), tuple(removed_cards)


def _settle(state: State, nxt: int) -> State:
    """Return ``state`` with the opening forfeits applied, the next seat to move and the
    outcome if the game has ended (see :func:`_conclude`)."""
    opening, nxt, result = _conclude(state.options, state.decks, state.hands, state.caravans,
                                     state.opening, state.turns, nxt)
    return State(
        options=state.options,
        decks=state.decks,
        hands=state.hands,
        caravans=state.caravans,
        rng=state.rng,
        discards=state.discards,
        to_move=nxt,
        opening=opening,
        turns=state.turns,
        last=state.last,
        result=result,
    )


def _conclude(
    opts: Options,
    decks: tuple[tuple[Card, ...], tuple[Card, ...]],
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    caravans: tuple[Caravan, ...],
    opening_now: tuple[bool, bool],
    turns: int,
    nxt: int,
) -> tuple[tuple[bool, bool], int, Outcome | None]:
    """Return, for a table after a turn, each seat's opening flag after the opening
    forfeits, the seat to move next (``nxt`` unless it has finished its opening while the
    other has not) and the outcome if the game has ended (CARAVAN-OPENING, CARAVAN-END,
    CARAVAN-EMPTY-HAND, CARAVAN-LIMIT)."""
    opening = opening_now
    if opening[0] or opening[1]:
        flags = list(opening)
        for s in (0, 1):
            # CARAVAN-OPENING: a seat's opening ends when its three caravans are started,
            # or when it has no number card to start one and may not discard (a forfeit).
            if flags[s]:
                empty = not all(caravans[c].piles for c in range(3 * s, 3 * s + 3))
                if not empty or not _may_open(opts, decks[s], hands[s], caravans, s):
                    flags[s] = False
        if not flags[nxt] and flags[1 - nxt]:
            nxt = 1 - nxt
        opening = (flags[0], flags[1])
    result: Outcome | None = None
    # position_winners, counted as it goes (a step's hot path): the positions each seat
    # has won, and whether one is undecided (CARAVAN-SELL, CARAVAN-OUTBID, CARAVAN-TIE).
    won0 = won1 = 0
    undecided = False
    for k in (0, 1, 2):
        a = caravans[k].value
        b = caravans[k + 3].value
        if SALE_MIN <= a <= SALE_MAX:
            if not SALE_MIN <= b <= SALE_MAX or a > b:
                won0 += 1
            elif b > a:
                won1 += 1
            else:
                undecided = True
        elif SALE_MIN <= b <= SALE_MAX:
            won1 += 1
        else:
            undecided = True
    counts = (won0, won1)
    if not undecided or (opts.early_finish and (won0 >= 2 or won1 >= 2)):
        # CARAVAN-END, CARAVAN-WIN, CARAVAN-EARLY
        winner = 0 if won0 > won1 else 1
        result = Outcome(Termination.CARAVANS_SOLD, (winner,), counts)
    elif not (opening[0] or opening[1]):
        if not hands[nxt]:
            # CARAVAN-EMPTY-HAND: a seat with no card when its turn comes loses.
            result = Outcome(Termination.EMPTY_HAND, (1 - nxt,), counts)
        elif opts.empty_hand is EmptyHand.AT_ONCE and not hands[1 - nxt]:
            # CARAVAN-EMPTY-HAND, empty_hand=at_once: the turn emptied the mover's hand
            # while the other still holds cards.
            result = Outcome(Termination.EMPTY_HAND, (nxt,), counts)
    if result is None and opts.max_turns is not None and turns >= opts.max_turns:
        result = Outcome(Termination.TURN_LIMIT, (), counts)  # CARAVAN-LIMIT
    return opening, nxt, result


def outcome(state: State) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs; its scores are the positions
    each seat has won."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return state.result


def num_players(state: State) -> int:
    """Return 2."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return 2


def cards_in_play(state: State) -> tuple[Card, ...]:
    """Return every card of the state: decks, hands, caravans and the discard pile."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    out: list[Card] = [*state.decks[0], *state.decks[1], *state.hands[0], *state.hands[1]]
    for car in state.caravans:
        for p in car.piles:
            out.append(p.numeral)
            out.extend(p.faces)
    out.extend(state.discards)
    return tuple(out)
