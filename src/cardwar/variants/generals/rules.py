"""The rules of General's War: its options, state, actions, legal actions, step and outcome.
Rule IDs ``GENERALS-...`` in comments are defined on the docs page ``rules/generals``.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any, cast

import attrs

from cardwar._immutable import Immutable, builder, replacer
from cardwar.cards import (
    CARD_COUNT,
    STANDARD_RANKS,
    Card,
    DealError,
    Rank,
    Suit,
    card_from_index,
    check_deal,
    check_deal_piles,
    parse_cards,
    reduced_deck,
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
    enum_option,
    forged_action,
    int_converter,
    make_options,
    option,
    ranks_option,
    suits_option,
)
from cardwar.errors import ActionTypeError, OptionsTypeError, check_state
from cardwar.render import Readable, short_repr, sizes
from cardwar.rng import Rng
from cardwar.svg import Pictured

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "DEFAULT_TARGET",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
    "STEP_NAME",
    "TITLE",
    "Action",
    "Battle",
    "Challenge",
    "Claim",
    "DeckMode",
    "FourPlayer",
    "Options",
    "Partner",
    "Pass",
    "Squad",
    "SquadSize",
    "State",
    "Tie",
    "card_value",
    "cards_in_play",
    "deck",
    "legal_actions",
    "new_game",
    "num_players",
    "options",
    "outcome",
    "score",
    "squad_sizes",
    "step",
    "to_act",
]


#: The registry name of the variant.
NAME = "generals"


#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("generals-war", "voina-generalov")


#: The variant's name for people.
TITLE = "General's War"


#: Bumped whenever a rule changes what any game does; recorded in every game record.
RULES_VERSION = 3


#: The fewest players the variant allows.
MIN_PLAYERS = 2


#: The most players the variant allows.
MAX_PLAYERS: int | None = 4


#: What one step of the game is called, for people.
STEP_NAME = "step"
#: Whether the game plays itself (no seat ever makes a decision).
AUTOMATIC = False

#: Whether the seats choose at once (they take turns, each seeing what came before).
SIMULTANEOUS = False


#: The default target score (GENERALS-TARGET), chosen from the simulations on the rules
#: page (``docs/generals_target.py``).
DEFAULT_TARGET = 250


class Tie(enum.Enum):
    """What happens to the cards of a battle whose sums are equal (GENERALS-TIE)."""

    CARRY = "carry"
    """They stay on the table and go to the winner of the next battle."""
    RETURN_TO_OWNERS = "return_to_owners"
    """Each player takes their own squad into their own won pile."""


class FourPlayer(enum.Enum):
    """How the four-player game is fought (GENERALS-FOUR)."""

    DUEL = "duel"
    """The chooser picks one opponent; the other two sit the battle out."""
    PARTNERSHIP = "partnership"
    """The chooser picks a partner; all four fight, two against two."""


class DeckMode(enum.Enum):
    """Where the cards come from (GENERALS-PGW)."""

    SHARED_RESERVE = "shared_reserve"
    """One deck: five cards each, the rest a reserve all players draw from (S3)."""
    COLOUR_HALVES = "colour_halves"
    """The English original: each of two players has their own colour half of the deck
    (black for seat 0, red for seat 1) and deals and draws from it."""


class SquadSize(enum.Enum):
    """How many cards a squad holds (GENERALS-SQUAD, GENERALS-PGW)."""

    THREE = "three"
    """Three cards, or the whole hand if it holds fewer (S3)."""
    ONE_TO_THREE = "one_to_three"
    """One to three cards, the chooser (attacker) committing first, as in the English
    original; the number of cards committed is public."""


def _places_converter(value: Any) -> bool | None:
    # GENERALS-PLACES: None stands for the default, resolved once the player count and
    # the four-player mode are known.
    if value is None or (isinstance(value, str) and value.strip().lower() in {"none", "default"}):
        return None
    return bool_converter("places")(value)


def _check_players(value: Any) -> int:
    if isinstance(value, str) and value.strip() in {"2", "4"}:
        return int(value)
    if type(value) is int and value in (2, 4):
        return value
    raise OptionError("players", f"General's War is for 2 or 4 players, got {value!r}")


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of General's War; every field is documented on the rules page."""

    players: int = option(2, "Number of players: 2 or 4 (GENERALS-PLAYERS).", _check_players)
    target: int = option(
        DEFAULT_TARGET,
        "The score that wins; checked after every battle and at the end of each deal "
        "(GENERALS-TARGET).",
        int_converter("target", 1),
    )
    kills_to_win: int = option(
        2,
        "Generals of one opponent a player must kill to win (GENERALS-KILL).",
        int_converter("kills_to_win", 1),
    )
    tie: Tie = enum_option(
        Tie.CARRY,
        "What equal sums do with the cards of a battle (GENERALS-TIE).",
        "tie",
    )
    four_player: FourPlayer = enum_option(
        FourPlayer.DUEL,
        "Whom the chooser picks in the four-player game: an opponent or a partner (GENERALS-FOUR).",
        "four_player",
    )
    places: bool = option(
        None,
        "Four players, duel: a player who reaches the target or kills two generals "
        "finishes in the next place and leaves, and the others play on (GENERALS-PLACES); "
        "false ends the game at the first. None (the default) is true for the four-player "
        "duel and false otherwise.",
        _places_converter,
    )
    deck_mode: DeckMode = enum_option(
        DeckMode.SHARED_RESERVE,
        "One shared reserve (S3), or a colour half of the deck per player as in the English "
        "original (GENERALS-PGW).",
        "deck_mode",
    )
    squad_size: SquadSize = enum_option(
        SquadSize.THREE,
        "Three cards per squad (S3), or one to three as in the English original (GENERALS-PGW).",
        "squad_size",
    )
    hand_size: int = option(
        5, "Cards dealt to each player (GENERALS-DEAL).", int_converter("hand_size", 1, 26)
    )
    claim_cards: int = option(
        5,
        "Cards a claimed general fetches from the reserve; 0 turns claims off (GENERALS-CLAIM).",
        int_converter("claim_cards", 0, 52),
    )
    first_dealer: int | None = option(
        None,
        "None: the first dealer is drawn by lot from the game's generator; N: seat N deals "
        "first (GENERALS-DEALER).",
        int_converter("first_dealer", 0, 3, optional=True),
    )
    ranks: tuple[Rank, ...] = ranks_option(STANDARD_RANKS, "The ranks of the deck (GENERALS-DECK).")
    suits: tuple[Suit, ...] = suits_option("The suits of the deck (GENERALS-DECK).")

    def __attrs_post_init__(self) -> None:
        n = self.players
        if cast(object, self.places) is None:
            # GENERALS-PLACES: the four-player duel plays on for places by default (the
            # field holds None only until here).
            duel = n == 4 and self.four_player is FourPlayer.DUEL
            object.__setattr__(self, "places", duel)
        if self.first_dealer is not None and self.first_dealer >= n:
            raise OptionError("first_dealer", f"seat {self.first_dealer} is not a seat of {n}")
        if self.places and n != 4:
            raise OptionError("places", f"playing on for places needs 4 players, not {n}")
        if self.places and self.four_player is not FourPlayer.DUEL:
            raise OptionError(
                "places", "playing on for places needs four_player=duel, not partnership"
            )
        if self.deck_mode is DeckMode.COLOUR_HALVES:
            if n != 2:
                raise OptionError("deck_mode", "colour halves are for two players only")
            halves = _halves(self.ranks, self.suits)
            if min(len(h) for h in halves) < self.hand_size:
                raise OptionError(
                    "deck_mode", "each colour half must hold at least hand_size cards"
                )
        elif len(self.ranks) * len(self.suits) < n * self.hand_size:
            raise OptionError(
                "hand_size", f"the deck is too small to deal {self.hand_size} cards to {n}"
            )


_BLACK = (Suit.CLUBS, Suit.SPADES)


def _halves(ranks: tuple[Rank, ...], suits: tuple[Suit, ...]) -> tuple[tuple[Card, ...], ...]:
    # GENERALS-PGW: seat 0 holds the black suits, seat 1 the red ones.
    black = tuple(s for s in suits if s in _BLACK)
    red = tuple(s for s in suits if s not in _BLACK)
    return tuple(reduced_deck(ranks, ss) if ss else () for ss in (black, red))


def options(**kwargs: Any) -> Options:
    """Return validated options of General's War, naming any bad option.

    >>> options(players=4, four_player="partnership").four_player
    <FourPlayer.PARTNERSHIP: 'partnership'>
    """
    return make_options(Options, kwargs)


def card_value(card: Card) -> int:
    """Return the card's value: Ace 1, two to ten at face value, Jack 11, Queen 12, King 13
    (GENERALS-DECK).

    >>> from cardwar.cards import parse_card
    >>> card_value(parse_card("AS")), card_value(parse_card("10H")), card_value(parse_card("KD"))
    (1, 10, 13)
    """
    return 1 if card.rank is Rank.ACE else int(card.rank)


_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}


def _order(card: Card) -> tuple[int, int]:
    return card_value(card), _SUIT_ORDER[card.suit] if card.suit else -1


def _sorted(cards: Any) -> tuple[Card, ...]:
    if not isinstance(cards, (str, tuple, list)):
        raise ActionTypeError(f"Squad.cards must be cards or their notation, got {cards!r}")
    return tuple(sorted(parse_cards(cards), key=_order))


@attrs.frozen(slots=True)
class Claim(SealedAction):
    """Reveal this general (an Ace of your hand) and take cards from the reserve."""

    card: Card = attrs.field(validator=check_card)
    """The Ace revealed."""

    def __str__(self) -> str:
        return f"claim {self.card}"


@attrs.frozen(slots=True)
class Pass(SealedAction):
    """Claim no more generals this deal."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Challenge(SealedAction):
    """Choose this seat as your opponent for the battle (four players, duel)."""

    seat: int = attrs.field(validator=check_int)
    """The opponent chosen."""

    def __str__(self) -> str:
        return f"challenge {self.seat}"


@attrs.frozen(slots=True)
class Partner(SealedAction):
    """Choose this seat as your partner for the battle (four players, partnership)."""

    seat: int = attrs.field(validator=check_int)
    """The partner chosen."""

    def __str__(self) -> str:
        return f"partner {self.seat}"


@attrs.frozen(slots=True)
class Squad(SealedAction):
    """Lay these cards face down as your squad for the battle (kept in value order)."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted)
    """The cards of the squad, lowest value first."""

    def __str__(self) -> str:
        return "squad " + " ".join(map(str, self.cards))


#: Any action of General's War.
Action = Claim | Pass | Challenge | Partner | Squad


@attrs.frozen(slots=True)
class Battle:
    """A resolved battle, as every seat saw it once the squads were revealed."""

    sides: tuple[tuple[int, ...], ...]
    """The seats of each side (one seat per side in a duel)."""
    squads: tuple[tuple[Card, ...], ...]
    """The squad each seat laid, per seat (empty for a seat that sat out)."""
    sums: tuple[int, ...]
    """Each side's total."""
    taker: int | None
    """The seat that took the cards, or ``None`` for equal sums."""
    taken: int
    """How many cards the taker took (pot included); 0 for equal sums."""
    kills: tuple[tuple[int, Card], ...]
    """The generals killed: (the seat that played the Ace, the Ace)."""


@attrs.frozen(slots=True)
class State(Immutable, Pictured, Readable):
    """The whole state of a game of General's War."""

    options: Options
    """The game's options."""
    rng: Rng
    """The game's generator (draws the first dealer and shuffles every deal)."""
    dealer: int
    """The dealer of the current deal."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, in the order received."""
    reserves: tuple[tuple[Card, ...], ...]
    """The face-down reserve, top card first: one shared reserve, or one per seat with
    colour halves."""
    revealed: tuple[tuple[Card, ...], ...]
    """Per seat, the claimed generals still in the hand (public)."""
    claimant: int | None
    """The seat deciding whether to claim a general, or ``None`` once claims are over."""
    chooser: int
    """The seat that chooses the opponent or partner of the battle (and commits first)."""
    sides: tuple[tuple[int, ...], ...]
    """The sides of the battle being fought; empty while the choice is pending."""
    squads: tuple[tuple[Card, ...] | None, ...]
    """The hidden squads committed for the current battle (``None``: not yet)."""
    pot: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it laid that lie on the table after equal sums (public)."""
    won: tuple[tuple[Card, ...], ...]
    """Each seat's won pile of the current deal, face down."""
    banked: tuple[int, ...]
    """Each seat's points from finished deals."""
    kills: tuple[tuple[int, ...], ...]
    """``kills[i][j]``: generals of seat j killed by seat i, over the whole game."""
    places: tuple[int | None, ...]
    """Per seat, the place it finished in (1 for first), or ``None`` while it plays
    (GENERALS-PLACES; always ``None`` without that option)."""
    deals: int = 1
    """The number of the current deal (1 for the first)."""
    battles: int = 0
    """Battles completed over the whole game."""
    last: Battle | None = None
    """The last resolved battle."""
    result: Outcome | None = None
    """The outcome once the game has ended."""

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.hands)

    def __repr__(self) -> str:
        return short_repr(
            self, "State",
            deals=self.deals,
            battles=self.battles,
            dealer=self.dealer,
            hand_sizes=sizes(self.hands),
            reserve_sizes=sizes(self.reserves),
            won_sizes=sizes(self.won),
            banked=self.banked,
            result=self.result,
        )


_DEFAULT = Options()


def deck(opts: Options | None = None) -> tuple[Card, ...]:
    """Return the deck the options call for, in its canonical (unshuffled) order."""
    o = _DEFAULT if opts is None else opts
    return reduced_deck(o.ranks, o.suits)


def _value(cards: Sequence[Card]) -> int:
    return sum(map(_VALUES.__getitem__, cards))


# Every card's value (an Ace counts 1, GENERALS-SCORE) and place in the order of the legal
# actions: cards are interned, so the tables hold every card there is.
_VALUES = {c: 1 if c.rank is Rank.ACE else int(c.rank)
           for c in map(card_from_index, range(CARD_COUNT))}
_ORDERS = {c: _order(c) for c in _VALUES}


def score(state: State, seat: int) -> int:
    """Return the seat's score: banked points plus its won pile's value (GENERALS-SCORE)."""
    return state.banked[seat] + _value(state.won[seat])


def _deal(
    opts: Options,
    rng: Rng,
    dealer: int,
    deal: Sequence[Sequence[Card | str] | str] | None,
    places: tuple[int | None, ...] | None = None,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...], Rng]:
    """Return the hands, the reserves and the generator after a deal (GENERALS-DEAL); a
    seat with a place (GENERALS-PLACES) is dealt nothing."""
    n, k = opts.players, opts.hand_size
    halves = opts.deck_mode is DeckMode.COLOUR_HALVES
    if deal is not None:
        want = n + (n if halves else 1)
        check_deal_piles(deal)
        if isinstance(deal, str) or len(deal) != want:
            raise DealError(
                f"an explicit deal needs {want} piles (each hand, then "
                f"{'each reserve' if halves else 'the reserve'}), got "
                f"{'a string' if isinstance(deal, str) else len(deal)}"
            )
        piles = tuple(parse_cards(p) for p in deal)
        check_deal(piles, deck(opts))
        for seat in range(n):
            if len(piles[seat]) != k:
                held = len(piles[seat])
                raise DealError(
                    f"seat {seat}'s hand has {held} card{'' if held == 1 else 's'}, not {k}"
                )
        if halves:
            own = _halves(opts.ranks, opts.suits)
            for seat in range(n):
                if set(piles[seat]) | set(piles[n + seat]) != set(own[seat]):
                    raise DealError(f"seat {seat}'s hand and reserve must be its colour half")
        return piles[:n], piles[n:], rng
    if halves:
        hands, reserves = [], []
        for half in _halves(opts.ranks, opts.suits):
            cards, rng = rng.shuffle(half)
            hands.append(cards[:k])
            reserves.append(cards[k:])
        return tuple(hands), tuple(reserves), rng
    cards, rng = rng.shuffle(deck(opts))
    # GENERALS-DEAL: one card at a time from the dealer's left (GENERALS-PLACES: to the
    # players still playing).
    order = [(dealer + 1 + i) % n for i in range(n)]
    if places is not None:
        order = [s for s in order if places[s] is None]
    m = len(order)
    hands_l: list[tuple[Card, ...]] = [()] * n
    for i, seat in enumerate(order):
        hands_l[seat] = cards[i : m * k : m]
    return tuple(hands_l), (cards[m * k :],), rng


def new_game(
    seed: int,
    options: Options | None = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    _rng: Rng | None = None,
) -> State:
    """Return the first state: the first dealer drawn by lot (GENERALS-DEALER) and the
    deck dealt (GENERALS-DEAL), or the explicit ``deal``: each seat's hand, then the
    reserve (top card first), or with colour halves each seat's own reserve."""
    opts = _DEFAULT if options is None else options
    if not isinstance(opts, Options):
        raise OptionsTypeError(f"options must be generals.Options, got {type(opts).__name__}")
    rng = Rng.from_seed(seed) if _rng is None else _rng
    n = opts.players
    if opts.first_dealer is None:
        dealer, rng = rng.below(n)
    else:
        dealer = opts.first_dealer
    hands, reserves, rng = _deal(opts, rng, dealer, deal)
    state = State(
        options=opts,
        rng=rng,
        dealer=dealer,
        hands=hands,
        reserves=reserves,
        revealed=((),) * n,
        claimant=None,
        chooser=dealer,
        sides=(),
        squads=(None,) * n,
        pot=((),) * n,
        won=((),) * n,
        banked=(0,) * n,
        kills=((0,) * n,) * n,
        places=(None,) * n,
    )
    return _start_claims(state)


def _reserve_index(state: State, seat: int) -> int:
    return 0 if len(state.reserves) == 1 else seat


def _can_claim(state: State, seat: int) -> bool:
    # GENERALS-CLAIM-ORDER: every player is asked while there is a reserve to take cards
    # from, Ace or not, so that being asked tells the others nothing about a hand.
    # GENERALS-PLACES: a player who has finished is not asked.
    return bool(
        state.options.claim_cards
        and state.reserves[_reserve_index(state, seat)]
        and state.places[seat] is None
    )


def _start_claims(state: State) -> State:
    """Open the claims of a deal at the dealer's left (GENERALS-CLAIM-ORDER)."""
    return _next_claimant(state, (state.dealer + 1) % state.players, 0)


def _next_claimant(state: State, seat: int, done: int) -> State:
    """Give the claim to ``seat`` or the next one clockwise while claims are open; ``done``
    seats have already finished. Once the dealer has finished, the battles start."""
    n = state.players
    while done < n:
        if _can_claim(state, seat):
            return attrs.evolve(state, claimant=seat)
        seat = (seat + 1) % n
        done += 1
    return _start_battle(attrs.evolve(state, claimant=None), state.dealer)


def _holders(state: State) -> list[int]:
    return [s for s in range(state.players) if state.hands[s]]


def _start_battle(state: State, chooser: int) -> State:
    """Set up the next battle with the chooser ``chooser`` (or the next clockwise who
    holds a card), or end the deal if fewer than two players can fight (GENERALS-DEAL-END).
    """
    n = state.players
    holders = _holders(state)
    if len(holders) < 2:
        return _end_deal(state)
    while not state.hands[chooser]:
        chooser = (chooser + 1) % n
    if n == 2:
        return _with_battle(state, chooser, ((0,), (1,)), (None, None))
    playing = [s for s in range(n) if state.places[s] is None]
    if len(playing) == 2:
        # GENERALS-PLACES: the last two play the two-player game: no one to choose.
        sides = tuple((s,) for s in playing)
        return _with_battle(state, chooser, sides, (None,) * n)
    return _with_battle(state, chooser, (), (None,) * n)


def _end_deal(state: State) -> State:
    """End the deal (GENERALS-DEAL-END): hands and the pot go to their owners' won piles,
    the piles are scored, and the game ends at the target or a new deal starts."""
    n = state.players
    # GENERALS-PGW: with colour halves a deal can end with cards in a player's own
    # reserve (the halves need not be equal); they are that player's, like a hand.
    own = len(state.reserves) == n
    left = state.reserves if own else ((),) * n
    banked = tuple(
        state.banked[s]
        + _value(state.won[s])
        + _value(state.hands[s])
        + _value(state.pot[s])
        + _value(left[s])
        for s in range(n)
    )
    opts = state.options
    places = state.places
    if opts.places:
        # GENERALS-PLACES: everyone still playing who reaches the target finishes.
        over = [s for s in range(n) if places[s] is None and banked[s] >= opts.target]
        places, result = _finish(state, over, banked)
    else:
        # GENERALS-TARGET: several over the target at the end of a deal: the highest wins.
        result = _target_result(banked, opts.target)
    if result is not None:
        return attrs.evolve(
            state,
            hands=((),) * n,
            won=tuple(state.won[s] + state.hands[s] + state.pot[s] + left[s] for s in range(n)),
            reserves=((),) * n if own else state.reserves,
            pot=((),) * n,
            revealed=((),) * n,
            claimant=None,
            sides=(),
            places=places,
            result=result,
        )
    # GENERALS-DEALER: the deal passes clockwise (GENERALS-PLACES: to the next player
    # still playing); every card is shuffled for the new deal.
    dealer = (state.dealer + 1) % n
    while places[dealer] is not None:
        dealer = (dealer + 1) % n
    hands, reserves, rng = _deal(opts, state.rng, dealer, None, places)
    fresh = attrs.evolve(
        state,
        rng=rng,
        dealer=dealer,
        hands=hands,
        reserves=reserves,
        revealed=((),) * n,
        claimant=None,
        chooser=dealer,
        sides=(),
        squads=(None,) * n,
        pot=((),) * n,
        won=((),) * n,
        banked=banked,
        places=places,
        deals=state.deals + 1,
    )
    return _start_claims(fresh)


def _finish(
    state: State,
    finishers: Sequence[int],
    scores: tuple[int, ...],
    kills: tuple[tuple[int, ...], ...] | None = None,
) -> tuple[tuple[int | None, ...], Outcome | None]:
    """Give the ``finishers`` their places and return the places and the outcome, if the
    game is over (GENERALS-PLACES).

    The finishers take the next places, the higher score first; equal scores share a
    place, and the next place skips as many (1, 2, 2, 4). When at most one player is
    left, they take the last place and the game ends: the outcome's winners are the
    seats in first place, and its termination is what decided first place."""
    places = list(state.places)
    base = 1 + sum(p is not None for p in places)
    for s in finishers:
        places[s] = base + sum(scores[t] > scores[s] for t in finishers)
    left = [s for s in range(len(places)) if places[s] is None]
    if len(left) > 1:
        return tuple(places), None
    for s in left:
        places[s] = 1 + sum(p is not None for p in places)
    first = tuple(s for s in range(len(places)) if places[s] == 1)
    # Kills only ever finish a battle's taker, alone: first place went to a kill exactly
    # when a seat in first place has killed enough generals of one opponent (``kills``:
    # the kills after the battle being resolved, if any).
    need = state.options.kills_to_win
    kills = state.kills if kills is None else kills
    killed = any(max(kills[s]) >= need for s in first)
    why = Termination.GENERALS_KILLED if killed else Termination.TARGET_SCORE
    return tuple(places), Outcome(why, first, scores)


def _target_result(scores: tuple[int, ...], target: int) -> Outcome | None:
    over = [s for s in range(len(scores)) if scores[s] >= target]
    if not over:
        return None
    best = max(scores[s] for s in over)
    top = tuple(s for s in over if scores[s] == best)
    return Outcome(Termination.TARGET_SCORE, top if len(top) == 1 else (), scores)


# States built without attrs.evolve, which costs several times more (a step's hot path):
# ``_with_squad(state, hands, squads, revealed)``, ``_with_sides(state, sides, squads)``,
# and the state after a battle.
_with_squad = replacer(State, "hands", "squads", "revealed")
_with_sides = replacer(State, "sides", "squads")
_with_battle = replacer(State, "chooser", "sides", "squads")
_battle = builder(Battle)
_after_battle = replacer(State, "hands", "reserves", "revealed", "places", "squads", "pot",
                         "won", "kills", "battles", "last", "sides", "result")


def to_act(state: State) -> int | None:
    """Return the seat that decides next: the claimant, the chooser, or the next seat of
    the battle (clockwise from the chooser) to commit a squad."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None:
        return None
    if state.claimant is not None:
        return state.claimant
    if not state.sides:
        return state.chooser
    return _next_committer(state)


def _next_committer(state: State) -> int:
    n = state.players
    for i in range(n):
        seat = (state.chooser + i) % n
        if state.squads[seat] is None and state.hands[seat] and _fights(state, seat):
            return seat
    # Unreachable: the last squad committed resolves the battle at once.
    raise AssertionError("every squad is committed")  # pragma: no cover


def _fights(state: State, seat: int) -> bool:
    return any(seat in side for side in state.sides)


def squad_sizes(options: Options, pool: int) -> tuple[int, ...]:
    """Return the sizes a squad laid from ``pool`` cards may have, smallest first
    (GENERALS-SQUAD): three (all of them if fewer) with ``squad_size="three"``, else one
    to three."""
    if options.squad_size is SquadSize.THREE:
        return (min(3, pool),)
    return tuple(range(1, min(3, pool) + 1))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return the legal actions of the acting seat, in a fixed order."""
    seat = to_act(state)
    if seat is None:
        return ()
    hand = state.hands[seat]
    if state.claimant is not None:
        shown = state.revealed[seat]
        aces = sorted((c for c in hand if c.rank is Rank.ACE and c not in shown),
                      key=_ORDERS.__getitem__)
        return (*(Claim(c) for c in aces), Pass())
    if not state.sides:
        return tuple(_choices(state, seat))
    cards = sorted(hand, key=_ORDERS.__getitem__)
    sizes = squad_sizes(state.options, len(cards))
    squad_of = _SQUADS.__getitem__
    if len(sizes) == 1:
        return tuple(map(squad_of, itertools.combinations(cards, sizes[0])))
    return tuple(itertools.chain.from_iterable(
        map(squad_of, itertools.combinations(cards, size)) for size in sizes))


class _SquadTable(dict[tuple[Card, ...], Squad]):
    """Every squad seen, by its cards in order, made on first use: a deck of 52 cards has
    23,478 squads of one to three cards, so the table stays small, and a lookup in C
    costs less than building a squad (dozens of them per decision). A squad is a
    function of its cards, so a race between threads at worst builds one twice."""

    def __missing__(self, cards: tuple[Card, ...]) -> Squad:
        # The cards come sorted already: the squad is built without the converter's sort,
        # through the slot's descriptor.
        squad = object.__new__(Squad)
        _SET_SQUAD_CARDS(squad, cards)
        self[cards] = squad
        return squad


_SET_SQUAD_CARDS = cast(Any, Squad).cards.__set__  # the slot's descriptor
_SQUADS = _SquadTable()


def _choices(state: State, seat: int) -> list[Challenge | Partner]:
    n = state.players
    others = [(seat + i) % n for i in range(1, n)]
    if state.options.four_player is FourPlayer.DUEL:
        # GENERALS-FOUR: an opponent who can play.
        return [Challenge(s) for s in sorted(others) if state.hands[s]]
    # GENERALS-PARTNERSHIP: a partner such that the other side can play.
    out: list[Challenge | Partner] = []
    for p in sorted(others):
        rest = [s for s in others if s != p]
        if any(state.hands[s] for s in rest):
            out.append(Partner(p))
    return out


def step(state: State, action: Action) -> State:
    """Return the state after the acting seat's ``action``; the last squad of a battle
    reveals them all and resolves the battle."""
    seat = to_act(state)
    if seat is None:
        raise GameOverError(f"the game is over ({state.result})")
    if state.claimant is not None:
        return _claim_step(state, seat, action)
    if not state.sides:
        return _choice_step(state, seat, action)
    hand = state.hands[seat]
    if type(action) is Squad and not (type(action.cards) is tuple
                                      and all(type(c) is Card for c in action.cards)):
        raise forged_action(action)  # a field set past the constructor's checks
    if not isinstance(action, Squad) or not _valid_squad(state, hand, action.cards):
        raise IllegalActionError(
            f"seat {seat} cannot play '{action}': a squad is "
            + (
                "three cards of their hand (all of it if it holds fewer)"
                if state.options.squad_size is SquadSize.THREE
                else "1 to 3 different cards of their hand"
            ),
            legal_actions(state),
        )
    cards = action.cards
    new_hands = list(state.hands)
    new_hands[seat] = tuple(c for c in hand if c not in cards)
    new_squads = list(state.squads)
    new_squads[seat] = cards
    shown = state.revealed[seat]
    revealed = state.revealed
    if shown and any(c in shown for c in cards):
        new_revealed = list(revealed)
        new_revealed[seat] = tuple(c for c in shown if c not in cards)
        revealed = tuple(new_revealed)
    squads = tuple(new_squads)
    state = _with_squad(state, tuple(new_hands), squads, revealed)
    # GENERALS-SQUAD: the last commitment reveals every squad and resolves the battle.
    for side in state.sides:
        for s in side:
            if squads[s] is None and state.hands[s]:
                return state
    return _resolve(state)


def _valid_squad(state: State, hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    if len(set(cards)) != len(cards) or not all(c in hand for c in cards):
        return False
    if state.options.squad_size is SquadSize.THREE:
        return len(cards) == min(3, len(hand))
    return 1 <= len(cards) <= 3


def _claim_step(state: State, seat: int, action: Action) -> State:
    hand = state.hands[seat]
    n = state.players
    done = (seat - state.dealer - 1) % n
    if isinstance(action, Pass):
        return _next_claimant(state, (seat + 1) % n, done + 1)
    if type(action) is Claim and type(action.card) is not Card:
        raise forged_action(action)  # a field set past the constructor's checks
    if (
        not isinstance(action, Claim)
        or action.card.rank is not Rank.ACE
        or action.card not in hand
        or action.card in state.revealed[seat]
    ):
        raise IllegalActionError(
            f"seat {seat} cannot play '{action}': they may claim an unrevealed Ace of their hand "
            "or pass",
            legal_actions(state),
        )
    # GENERALS-CLAIM: reveal the Ace and take cards from the top of the reserve (what is
    # left if it is short).
    r = _reserve_index(state, seat)
    reserve = state.reserves[r]
    k = state.options.claim_cards
    hands = tuple(hand + reserve[:k] if s == seat else state.hands[s] for s in range(n))
    reserves = tuple(
        reserve[k:] if i == r else other for i, other in enumerate(state.reserves)
    )
    revealed = tuple(
        state.revealed[s] + (action.card,) if s == seat else state.revealed[s] for s in range(n)
    )
    state = attrs.evolve(state, hands=hands, reserves=reserves, revealed=revealed)
    # GENERALS-CLAIM-ORDER: the claimant goes on until they pass or cannot claim.
    return _next_claimant(state, seat, done)


def _choice_step(state: State, seat: int, action: Action) -> State:
    if isinstance(action, (Challenge, Partner)) and type(action.seat) is not int:
        raise forged_action(action)  # a field set past the constructor's checks (a bool)
    legal = _choices(state, seat)
    if action not in legal:
        what = "an opponent who holds cards" if state.options.four_player is FourPlayer.DUEL \
            else "a partner whose opponents hold cards"
        raise IllegalActionError(
            f"seat {seat} cannot play '{action}': choose {what}", tuple(legal)
        )
    n = state.players
    if isinstance(action, Challenge):
        sides: tuple[tuple[int, ...], ...] = ((seat,), (action.seat,))
    else:
        assert isinstance(action, Partner)
        mine = tuple(sorted((seat, action.seat)))
        sides = (mine, tuple(s for s in range(n) if s not in mine))
    return _with_sides(state, sides, (None,) * n)


def _resolve(state: State) -> State:
    """Reveal the squads and resolve the battle (GENERALS-BATTLE, GENERALS-TIE,
    GENERALS-KILL, GENERALS-DRAW, GENERALS-TARGET)."""
    opts = state.options
    n = state.players
    squads = tuple(sq if sq is not None else () for sq in state.squads)
    sums = tuple(sum(_value(squads[s]) for s in side) for side in state.sides)
    best = max(sums)
    winners = [i for i, v in enumerate(sums) if v == best]
    pot = tuple(state.pot[s] + squads[s] for s in range(n))
    won = list(state.won)
    kills = [list(row) for row in state.kills]
    killed: list[tuple[int, Card]] = []
    taker: int | None = None
    taken = 0
    if len(winners) == 1:
        side = state.sides[winners[0]]
        # GENERALS-PARTNERSHIP: the partner with the higher squad takes, the chooser first
        # on equal squads, then clockwise from the chooser.
        taker = side[0] if len(side) == 1 else max(
            side, key=lambda s: (_value(squads[s]), -((s - state.chooser) % n)))
        for s in range(n):
            won[taker] += pot[s]
            taken += len(pot[s])
            if s not in side:
                # GENERALS-KILL: every Ace an opponent laid that reaches the taker's pile.
                for c in pot[s]:
                    if c.rank is Rank.ACE:
                        kills[taker][s] += 1
                        killed.append((s, c))
        pot = ((),) * n
    elif opts.tie is Tie.RETURN_TO_OWNERS:
        # GENERALS-TIE: each takes back their own cards into their own pile.
        for s in range(n):
            won[s] += pot[s]
        pot = ((),) * n
    record = _battle(state.sides, squads, sums, taker, taken, tuple(killed))
    battles = state.battles + 1
    kills_t = tuple(tuple(row) for row in kills) if killed else state.kills
    hands = list(state.hands)
    revealed = state.revealed
    places = state.places
    result: Outcome | None = None
    scores = tuple(state.banked[s] + _value(won[s]) for s in range(n))
    if opts.places:
        # GENERALS-PLACES: a player who kills two generals of one opponent or reaches the
        # target finishes; the cards left in their hand go to their won pile.
        done = [
            s
            for s in range(n)
            if places[s] is None
            and (scores[s] >= opts.target
                 or (s == taker and max(kills_t[s]) >= opts.kills_to_win))
        ]
        if done:
            for s in done:
                won[s] += hands[s]
                hands[s] = ()
            revealed = tuple(() if s in done else revealed[s] for s in range(n))
            scores = tuple(state.banked[s] + _value(won[s]) for s in range(n))
            places, result = _finish(state, done, scores, kills_t)
    elif taker is not None and max(kills_t[taker]) >= opts.kills_to_win:
        result = Outcome(Termination.GENERALS_KILLED, (taker,), scores)  # GENERALS-KILL
    else:
        result = _target_result(scores, opts.target)  # GENERALS-TARGET
    won_t = tuple(won)
    # GENERALS-DRAW: the fighters draw three each, the taker first, then clockwise
    # (GENERALS-PLACES: not a player who has just finished).
    reserves = list(state.reserves)
    first = taker if taker is not None else state.chooser
    fighters = {s for side in state.sides for s in side if places[s] is None}
    for i in range(n):
        s = (first + i) % n
        if s in fighters:
            r = 0 if len(reserves) == 1 else s
            hands[s] += reserves[r][:3]
            reserves[r] = reserves[r][3:]
    after = _after_battle(state, tuple(hands), tuple(reserves), revealed, places, (None,) * n,
                          pot, won_t, kills_t, battles, record, (), result)
    if result is not None:
        return after
    # GENERALS-FOUR: the choice passes clockwise after every battle.
    return _start_battle(after, (state.chooser + 1) % n)


def outcome(state: State) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return state.result


def num_players(state: State) -> int:
    """Return the number of seats."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return len(state.hands)


def cards_in_play(state: State) -> tuple[Card, ...]:
    """Return every card of the state: hands, squads, reserves, the pot, won piles."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    out: list[Card] = []
    for s in range(state.players):
        out.extend(state.hands[s])
        out.extend(state.squads[s] or ())
        out.extend(state.pot[s])
        out.extend(state.won[s])
    for r in state.reserves:
        out.extend(r)
    return tuple(out)
