"""The rules of Cold War: its options, state, actions, legal actions, step and outcome.
Rule IDs ``COLDWAR-...`` in comments are defined on the docs page ``rules/cold-war``.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable, builder, replacer
from cardwar.cards import (
    CARD_COUNT,
    JOKER,
    SHORT_RANKS,
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
    check_optional_rank,
    decks_option,
    enum_option,
    forged_action,
    int_converter,
    limit_option,
    make_options,
    option,
    players_option,
    ranks_option,
    suits_option,
)
from cardwar.errors import OptionsTypeError, check_state
from cardwar.render import Readable, short_repr, size, sizes
from cardwar.rng import Rng
from cardwar.svg import Pictured

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BOMB_POINTS",
    "DIRTY_BOMB_POINTS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
    "STEP_NAME",
    "TITLE",
    "TOP",
    "BombMode",
    "DealEnd",
    "DealReason",
    "DealRecord",
    "DrawOrder",
    "HandScore",
    "Options",
    "Play",
    "Played",
    "State",
    "TiedTop",
    "TrickRecord",
    "WarTrigger",
    "bomb_points",
    "card_points",
    "cards_in_play",
    "deck",
    "hand_counts",
    "legal_actions",
    "new_game",
    "num_players",
    "options",
    "outcome",
    "step",
    "to_act",
]


#: The registry name of the variant.
NAME = "cold-war"


#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("cold_war", "zimna-wojna")


#: The variant's name for people.
TITLE = "Cold War (Zimna Wojna)"


#: Bumped whenever a rule changes what any game does; recorded in every game record.
RULES_VERSION = 3


#: The fewest players the variant allows.
MIN_PLAYERS = 3


#: The most players the variant allows.
MAX_PLAYERS: int | None = 4


#: What one step of the game is called, for people.
STEP_NAME = "step"
#: Whether the game plays itself (no seat ever makes a decision).
AUTOMATIC = False

#: Whether the seats choose at once (they take turns, each seeing what came before).
SIMULTANEOUS = False


#: Cards in a full hand (COLDWAR-HAND).
HAND_SIZE = 3


#: Points of a clean bomb (COLDWAR-BOMB).
BOMB_POINTS = 100


#: Points of a dirty bomb, one with a Joker (COLDWAR-BOMB).
DIRTY_BOMB_POINTS = 20


#: The rank a Joker declared as the highest card plays as (COLDWAR-JOKER): above the Ace.
TOP = Rank.JOKER


class WarTrigger(enum.Enum):
    """Which equal cards start a war (COLDWAR-WAR-TRIGGER)."""

    ANY_PAIR = "any_pair"
    """Any two cards of one rank in a round, whatever the highest card (the seed)."""
    TIE_FOR_HIGHEST = "tie_for_highest"
    """Only a tie for the highest card of the round, as in classic War."""


class BombMode(enum.Enum):
    """Which three cards make a bomb at the end of a deal (COLDWAR-BOMB-MODE)."""

    FINAL_HAND = "final_hand"
    """A player's hand when the deal ends for them."""
    LAST_PLAYS = "last_plays"
    """The last three cards a player played in the deal."""
    OFF = "off"
    """No bombs."""


class DrawOrder(enum.Enum):
    """In which order players refill their hands after a round (COLDWAR-REFILL)."""

    PLAY_ORDER = "play_order"
    """In the order they played in the round."""
    WINNER_FIRST = "winner_first"
    """The player who took the table first, then the others in play order."""


class DealEnd(enum.Enum):
    """When a deal ends (COLDWAR-END-DEAL)."""

    FIRST_OUT = "first_out"
    """As soon as a player cannot refill to three (or cannot stake): every pool is scored."""
    LAST_STANDING = "last_standing"
    """When fewer than two players are left: each player who cannot refill leaves the
    deal with their hand, and the others play on (rules version 1)."""


class HandScore(enum.Enum):
    """Whose hand is scored with the pools at the end of a deal (COLDWAR-SCORE)."""

    RAN_OUT = "ran_out"
    """Only the hand of a player who ran out: everyone scores their pool (the source)."""
    EVERYONE = "everyone"
    """Every player's hand, with their pool (rules version 2)."""


class DealReason(enum.Enum):
    """Why a deal ended (COLDWAR-END-DEAL, COLDWAR-REPEAT)."""

    RAN_OUT = "ran_out"
    """A player could not refill to three or could not stake (``deal_end=first_out``)."""
    LAST_STANDING = "last_standing"
    """Fewer than two players were left in it (``deal_end=last_standing``)."""
    REPEATED_POSITION = "repeated_position"
    """The position at the start of a trick came round for the third time."""

    def __str__(self) -> str:
        return self.value


class TiedTop(enum.Enum):
    """What happens when several players share the best total at or past the target
    (COLDWAR-WIN)."""

    PLAY_ON = "play_on"
    """Another deal is played."""
    SHARED = "shared"
    """They all win."""


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of Cold War; every field is documented on the rules page."""

    players: int = players_option(3, "The number of players (COLDWAR-PLAYERS).", 3, 4)
    target: int = option(
        1000,
        "The total that ends the game, checked after each deal (COLDWAR-WIN).",
        int_converter("target", 1),
    )
    war_trigger: WarTrigger = enum_option(
        WarTrigger.ANY_PAIR,
        "Which equal cards start a war (COLDWAR-WAR-TRIGGER).",
        "war_trigger",
    )
    bomb_mode: BombMode = enum_option(
        BombMode.FINAL_HAND,
        "Which three cards of a player can make a bomb (COLDWAR-BOMB-MODE).",
        "bomb_mode",
    )
    draw_order: DrawOrder = enum_option(
        DrawOrder.PLAY_ORDER,
        "The order in which players refill after a round (COLDWAR-REFILL).",
        "draw_order",
    )
    deal_end: DealEnd = enum_option(
        DealEnd.FIRST_OUT,
        "When a deal ends: as soon as a player runs out, or when one is left "
        "(COLDWAR-END-DEAL).",
        "deal_end",
    )
    hand_score: HandScore = enum_option(
        HandScore.RAN_OUT,
        "Whose hand is scored with the pools at the end of a deal: only a player who ran "
        "out, or everyone (COLDWAR-SCORE).",
        "hand_score",
    )
    rotate_dealer: bool = option(
        True,
        "Whether the deal passes one seat on after each deal (COLDWAR-DEALER).",
        bool_converter("rotate_dealer"),
    )
    tied_top: TiedTop = enum_option(
        TiedTop.PLAY_ON,
        "What a shared best total at or past the target does (COLDWAR-WIN).",
        "tied_top",
    )
    max_deals: int | None = limit_option(
        "max_deals",
        "None: no limit; N: after the Nth deal the best total wins, shared when tied "
        "(COLDWAR-DEAL-LIMIT).",
        100,
    )
    max_tricks: int | None = limit_option(
        "max_tricks",
        "None: no limit; N: the game is a draw after N tricks without a winner (COLDWAR-LIMIT).",
    )
    ranks: tuple[Rank, ...] = ranks_option(SHORT_RANKS, "The ranks of the deck (COLDWAR-DECK).")
    suits: tuple[Suit, ...] = suits_option("The suits of the deck (COLDWAR-DECK).")
    decks: int = decks_option(2, "Copies of the suited cards in the deck (COLDWAR-DECK).", 8)
    jokers: int = option(2, "Jokers in the deck (COLDWAR-DECK).", int_converter("jokers", 0, 8))

    def __attrs_post_init__(self) -> None:
        size = len(self.ranks) * len(self.suits) * self.decks + self.jokers
        if size < HAND_SIZE * self.players:
            raise OptionError(
                "ranks",
                f"a deck of {size} cards cannot deal {HAND_SIZE} cards to "
                f"{self.players} players (COLDWAR-DEAL)",
            )


def options(**kwargs: Any) -> Options:
    """Return validated options of Cold War, naming any bad option.

    >>> options(players=4, war_trigger="tie_for_highest").war_trigger
    <WarTrigger.TIE_FOR_HIGHEST: 'tie_for_highest'>
    """
    return make_options(Options, kwargs)


def _rank_name(rank: Rank) -> str:
    return "TOP" if rank is TOP else rank.symbol


@attrs.frozen(slots=True)
class Play(SealedAction):
    """Play this card from your hand; a Joker is played with a declared rank."""

    card: Card = attrs.field(validator=check_card)
    """The hand card played."""
    declared: Rank | None = attrs.field(default=None, validator=check_optional_rank)
    """The rank a Joker plays as (``TOP`` for the highest card, or a rank of the deck);
    ``None`` for any other card."""

    def __str__(self) -> str:
        if self.declared is None:
            return str(self.card)
        return f"{self.card}={_rank_name(self.declared)}"


@attrs.frozen(slots=True)
class Played:
    """A card played face up on the table: by whom, and as which rank."""

    seat: int
    """The seat that played it."""
    card: Card
    """The card."""
    rank: Rank
    """The rank it plays as: its own, or a Joker's declared rank (``TOP`` above the Ace)."""

    def __str__(self) -> str:
        if self.card.is_joker:
            return f"{self.seat}:JK={_rank_name(self.rank)}"
        return f"{self.seat}:{self.card}"


@attrs.frozen(slots=True)
class TrickRecord:
    """A completed trick, as everyone saw it."""

    rounds: tuple[tuple[Played, ...], ...]
    """The face-up plays of each round: the opening round, then each war round."""
    stakes: tuple[int, ...]
    """How many face-down stakes each seat laid (the cards stay hidden)."""
    winner: int | None
    """The seat that took the table; ``None`` when it was set aside (COLDWAR-LEAVE)."""
    cards: int
    """How many cards the table held."""
    left: tuple[int, ...]
    """The seats that left the deal during the trick, in the order they left."""

    def __str__(self) -> str:
        text = " / ".join(" ".join(map(str, r)) for r in self.rounds)
        who = "set aside" if self.winner is None else f"seat {self.winner} takes"
        out = f"{text} -> {who} {self.cards}"
        if self.left:
            out += "; left: " + " ".join(map(str, self.left))
        return out


@attrs.frozen(slots=True)
class DealRecord:
    """A completed deal and how it scored (COLDWAR-SCORE)."""

    number: int
    """The deal's number, from 1."""
    dealer: int
    """The seat that dealt."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand when the deal ended for them (shown at the scoring)."""
    card_points: tuple[int, ...]
    """Each seat's points for the cards it scored: its pool, and its hand where the hand
    counts (COLDWAR-SCORE)."""
    bombs: tuple[int, ...]
    """Each seat's bomb points: 0, 20 or 100."""
    set_aside: int
    """Points of the cards set aside unscored."""
    reason: DealReason = DealReason.RAN_OUT
    """Why the deal ended."""
    hands_scored: tuple[bool, ...] = ()
    """Whether each seat's hand counted in its card points (COLDWAR-SCORE): by default
    only the hand of a seat that ran out; empty in a record built without it."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Return each seat's score for the deal: card points plus bombs."""
        return tuple(c + b for c, b in zip(self.card_points, self.bombs, strict=True))

    def __str__(self) -> str:
        scores = " ".join(map(str, self.scores))
        return f"deal {self.number}: {scores} ({str(self.reason).replace('_', ' ')})"


@attrs.frozen(slots=True)
class State(Immutable, Pictured, Readable):
    """The whole state of a game of Cold War."""

    options: Options
    """The game's options."""
    dealer: int
    """The seat that dealt the current deal."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hidden hand."""
    stock: tuple[Card, ...]
    """The face-down stock, top card first."""
    pools: tuple[tuple[Card, ...], ...]
    """Each seat's face-down pool of won cards, top card first."""
    active: tuple[bool, ...]
    """Whether each seat is still in the current deal."""
    order: tuple[int, ...]
    """The seats that play in the current round, in playing order."""
    rng: Rng
    """The game's generator."""
    plays: tuple[Played, ...] = ()
    """The plays of the current round so far."""
    rounds: tuple[tuple[Played, ...], ...] = ()
    """The completed rounds of the current trick (the opening round and war rounds)."""
    war_rank: Rank | None = None
    """The rank of the war started in the current round, if any; with
    ``war_trigger=tie_for_highest`` a war is known only when the round is complete, so
    this stays ``None``."""
    stakes: tuple[tuple[int, Card], ...] = ()
    """The face-down stakes on the table: (seat, card), in the order laid."""
    set_aside: tuple[Card, ...] = ()
    """Cards set aside unscored in the current deal (COLDWAR-LEAVE)."""
    recent: tuple[tuple[Card, ...], ...] = ()
    """Each seat's last three cards played in the current deal, oldest first."""
    left: tuple[int, ...] = ()
    """Seats that left the deal during the current trick."""
    totals: tuple[int, ...] = ()
    """Each seat's total score over the completed deals."""
    deals: int = 0
    """Deals completed."""
    tricks: int = 0
    """Tricks completed in the game."""
    last_trick: TrickRecord | None = None
    """The last completed trick."""
    last_deal: DealRecord | None = None
    """The last completed deal."""
    result: Outcome | None = None
    """The outcome once the game has ended."""
    seen: tuple[tuple[Any, ...], ...] = ()
    """The positions at the start of each trick since the stock ran out in the current
    deal (COLDWAR-REPEAT): the leader, each hand sorted, and each pool."""

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.hands)

    @property
    def in_war(self) -> bool:
        """Return whether the current round is a war round."""
        return bool(self.rounds)

    def __repr__(self) -> str:
        return short_repr(
            self, "State",
            deals=self.deals,
            tricks=self.tricks,
            dealer=self.dealer,
            hand_sizes=sizes(self.hands),
            pool_sizes=sizes(self.pools),
            stock_size=size(self.stock),
            totals=self.totals,
            result=self.result,
        )


_DEFAULT = Options()


def deck(opts: Options | None = None) -> tuple[Card, ...]:
    """Return the deck the options call for, in its canonical order (COLDWAR-DECK).

    >>> len(deck()), sum(card_points(c) for c in deck())
    (50, 480)
    """
    o = _DEFAULT if opts is None else opts
    return reduced_deck(o.ranks, o.suits, copies=o.decks) + (JOKER,) * o.jokers


def card_points(card: Card) -> int:
    """Return a card's points (COLDWAR-SCORE): Joker 0, 9 (and lower) face value,
    10 to King 10, Ace 11."""
    rank = card.rank
    if rank is Rank.JOKER:
        return 0
    if rank is Rank.ACE:
        return 11
    return min(int(rank), 10)


def hand_counts(opts: Options, ran_out: bool) -> bool:
    """Return whether a player's hand counts for points at the end of a deal
    (COLDWAR-SCORE): if they ran out, or under ``hand_score=everyone``; everyone's pool
    always counts.

    >>> hand_counts(options(), False), hand_counts(options(), True)
    (False, True)
    >>> hand_counts(options(hand_score="everyone"), False)
    True
    """
    return ran_out or opts.hand_score is HandScore.EVERYONE


def bomb_points(cards: Sequence[Card], ranks: Sequence[Rank] = SHORT_RANKS) -> int:
    """Return the bomb points of three cards (COLDWAR-BOMB): 100 for three cards of one
    suit in sequence in the order of ``ranks`` (no wrap), 20 when Jokers stand in for
    some or all of them (COLDWAR-A4), else 0.

    >>> bomb_points(parse_cards("AS KS QS")), bomb_points(parse_cards("9H JK JH"))
    (100, 20)
    >>> bomb_points(parse_cards("AS KS 9S")), bomb_points(parse_cards("AS 9S 10S"))
    (0, 0)
    """
    if len(cards) != HAND_SIZE:
        return 0
    real = [c for c in cards if not c.is_joker]
    if len({c.suit for c in real}) > 1:
        return 0
    try:
        places = sorted(ranks.index(c.rank) for c in real)
    except ValueError:
        return 0
    if len(set(places)) != len(places) or len(ranks) < HAND_SIZE:
        return 0
    if places and places[-1] - places[0] >= HAND_SIZE:
        return 0
    return BOMB_POINTS if len(real) == HAND_SIZE else DIRTY_BOMB_POINTS


def _deal(cards: Sequence[Card], players: int, dealer: int) -> tuple[
    tuple[tuple[Card, ...], ...], tuple[Card, ...]
]:
    """Deal three cards to each player one at a time from the dealer's next seat
    (COLDWAR-DEAL); return the hands and the stock."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = 0
    for _ in range(HAND_SIZE):
        for k in range(1, players + 1):
            hands[(dealer + k) % players].append(cards[pos])
            pos += 1
    return tuple(tuple(h) for h in hands), tuple(cards[pos:])


def _start_deal(
    opts: Options,
    dealer: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    rng: Rng,
    **rest: Any,
) -> State:
    n = opts.players
    return State(
        options=opts,
        dealer=dealer,
        hands=hands,
        stock=stock,
        pools=((),) * n,
        active=(True,) * n,
        # COLDWAR-LEAD: the dealer leads the first trick of the deal.
        order=tuple((dealer + k) % n for k in range(n)),
        rng=rng,
        recent=((),) * n,
        **rest,
    )


def new_game(
    seed: int,
    options: Options | None = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    _rng: Rng | None = None,
) -> State:
    """Return the first state: the deck shuffled and dealt by seat 0 (COLDWAR-DEAL), or
    the explicit ``deal`` of the first deal: each seat's hand of three, then the stock
    (top card first). Later deals are always shuffled from the game's generator."""
    opts = _DEFAULT if options is None else options
    if not isinstance(opts, Options):
        raise OptionsTypeError(f"options must be cold_war.Options, got {type(opts).__name__}")
    rng = Rng.from_seed(seed) if _rng is None else _rng
    n = opts.players
    if deal is None:
        cards, rng = rng.shuffle(deck(opts))
        hands, stock = _deal(cards, n, 0)
    else:
        check_deal_piles(deal)
        piles = [parse_cards(p) for p in deal]
        if len(piles) != n + 1:
            raise DealError(
                f"a Cold War deal is {n} hands and a stock ({n + 1} piles), got {len(piles)}"
            )
        short = [s for s in range(n) if len(piles[s]) != HAND_SIZE]
        if short:
            raise DealError(
                f"every hand is dealt {HAND_SIZE} cards; seat {short[0]} has {len(piles[short[0]])}"
            )
        check_deal(piles, deck(opts))
        hands, stock = tuple(piles[:n]), piles[n]
    return _start_deal(opts, 0, hands, stock, rng, totals=(0,) * n)


#: Build a state, or a played card, from every field at half the cost of ``State(...)``
#: (the classes have no validator to skip).
_build = builder(State)
_played = builder(Played)
#: The state with a card played: ``_with_play(state, hands, recent, plays, war_rank)``.
_with_play = replacer(State, "hands", "recent", "plays", "war_rank")
_RANK_OF = operator.attrgetter("rank")


def to_act(state: State) -> int | None:
    """Return the seat that plays next (COLDWAR-LEAD, COLDWAR-WAR-ROUND), or ``None`` at
    the end."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None:
        return None
    return state.order[len(state.plays)]


def _declarations(opts: Options) -> tuple[Rank, ...]:
    # COLDWAR-JOKER: any rank of the deck, or the top.
    return (*opts.ranks, TOP)


# Every card's place in the order of the legal actions, and the play of each card but the
# Joker, and of the Joker declared as each rank: cards are interned, so the tables hold
# every card there is (built once, read only).
_ORDER = {c: (int(c.rank), list(Suit).index(c.suit) if c.suit else -1)
          for c in map(card_from_index, range(CARD_COUNT))}
_PLAYS = {c: Play(c) for c in _ORDER if not c.is_joker}
_JOKER_PLAYS = {r: Play(JOKER, r) for r in Rank}


def legal_actions(state: State) -> tuple[Play, ...]:
    """Return the plays of the acting seat: each distinct hand card, lowest first, and a
    Joker once per rank it may be declared as (COLDWAR-PLAY, COLDWAR-JOKER)."""
    seat = to_act(state)
    if seat is None:
        return ()
    out: list[Play] = []
    for card in sorted(set(state.hands[seat]), key=_ORDER.__getitem__):
        if card is JOKER:  # cards are interned
            out.extend(_JOKER_PLAYS[r] for r in _declarations(state.options))
        else:
            out.append(_PLAYS[card])
    return tuple(out)


def _illegal(state: State, seat: int, action: object, why: str) -> IllegalActionError:
    return IllegalActionError(f"seat {seat} cannot play {action}: {why}", legal_actions(state))


def step(state: State, action: Play) -> State:
    """Return the state after the acting seat plays ``action``; the last play of a round
    resolves it (COLDWAR-PLAY)."""
    seat = to_act(state)
    if seat is None:
        raise GameOverError(f"the game is over ({state.result})")
    if not isinstance(action, Play):
        raise _illegal(state, seat, action, "it is not a Cold War play")
    card = action.card
    declared = action.declared
    if type(card) is not Card or (declared is not None and type(declared) is not Rank):
        raise forged_action(action)  # a field set past the constructor's checks
    hand = state.hands[seat]
    if card not in hand:
        raise _illegal(state, seat, action, "it is not a card of their hand")
    if card is JOKER:  # cards are interned
        if action.declared not in _declarations(state.options):
            raise _illegal(state, seat, action, "a Joker is played with a declared rank")
        rank = action.declared
    elif action.declared is not None:
        raise _illegal(state, seat, action, "only a Joker takes a declared rank")
    else:
        rank = card.rank
    assert rank is not None
    i = hand.index(card)
    hands = list(state.hands)
    hands[seat] = hand[:i] + hand[i + 1 :]
    recent = list(state.recent)
    recent[seat] = (*recent[seat][-(HAND_SIZE - 1) :], card)
    played = _played(seat, card, rank)
    war_rank = state.war_rank
    # COLDWAR-WAR: the first pair completed in play order fixes the war's rank.
    if (
        war_rank is None
        and state.options.war_trigger is WarTrigger.ANY_PAIR
        and any(p.rank is rank for p in state.plays)
    ):
        war_rank = rank
    plays = (*state.plays, played)
    if len(plays) < len(state.order):
        # attrs.evolve costs several times more (a step's hot path).
        return _with_play(state, tuple(hands), tuple(recent), plays, war_rank)
    return _Resolver(state, hands, recent, plays, war_rank).run()


class _Resolver:
    """The resolution of a completed round, on mutable copies of the state's piles."""

    def __init__(
        self,
        state: State,
        hands: list[tuple[Card, ...]],
        recent: list[tuple[Card, ...]],
        plays: tuple[Played, ...],
        war_rank: Rank | None,
    ) -> None:
        self.state = state
        self.opts = state.options
        self.hands = hands
        self.recent = recent
        self.plays = plays
        self.war_rank = war_rank
        self.stock = list(state.stock)
        # The pools stay the state's tuples until one changes (most tricks change one).
        self.pools: list[Sequence[Card]] = list(state.pools)
        self.active = list(state.active)
        self.stakes = list(state.stakes)
        self.staked = [0] * state.options.players
        for s, _ in state.stakes:
            self.staked[s] += 1
        self.set_aside = list(state.set_aside)
        self.left = list(state.left)
        self.rounds = (*state.rounds, plays)
        # COLDWAR-END-DEAL: under ``first_out`` the deal ends once a player runs out.
        self.first_out = state.options.deal_end is DealEnd.FIRST_OUT

    def draw(self, seat: int) -> Card | None:
        # COLDWAR-REFILL: from the stock, then from the top of the player's own pool.
        if self.stock:
            return self.stock.pop(0)
        pool = self.pools[seat]
        if pool:
            self.pools[seat] = pool[1:]
            return pool[0]
        return None

    def leave(self, seat: int) -> None:
        # COLDWAR-LEAVE: the player is out of the deal and keeps their hand; under
        # ``first_out`` the deal ends with this round (COLDWAR-END-DEAL).
        self.active[seat] = False
        self.left.append(seat)

    @property
    def deal_over(self) -> bool:
        """Return whether a player ran out under ``first_out`` (COLDWAR-END-DEAL)."""
        return self.first_out and bool(self.left)

    def refill(self, seats: Sequence[int]) -> None:
        for s in seats:
            # Only seats still in the deal play, and each played seat refills once.
            if not self.active[s]:  # pragma: no cover - unreachable: see the line above
                continue
            hand = list(self.hands[s])
            while len(hand) < HAND_SIZE and (card := self.draw(s)) is not None:
                hand.append(card)
            self.hands[s] = tuple(hand)
            if len(hand) < HAND_SIZE:
                self.leave(s)

    def table(self) -> list[Card]:
        """Return the table's cards in the order laid (COLDWAR-TAKE): each war round's
        stakes (one per player of the round) come before its face-up cards; stakes laid
        for a round that was never played come last."""
        rounds = self.rounds
        cards = [p.card for p in rounds[0]]
        i = 0
        for r in rounds[1:]:
            cards += [c for _, c in self.stakes[i : i + len(r)]]
            i += len(r)
            cards += [p.card for p in r]
        cards += [c for _, c in self.stakes[i:]]
        return cards

    def take(self, winner: int) -> None:
        # COLDWAR-TAKE: every card of the table, stakes included, onto the winner's
        # pool, in the order laid, the last one laid on top.
        self.pools[winner] = (*self.table()[::-1], *self.pools[winner])
        self.stakes = []

    def run(self) -> State:
        plays = self.plays
        order = [p.seat for p in plays]
        if self.opts.war_trigger is WarTrigger.ANY_PAIR:
            war_rank = self.war_rank
        else:
            # COLDWAR-WAR-TRIGGER: only a tie for the highest card.
            top = max(p.rank for p in plays)
            war_rank = top if sum(p.rank is top for p in plays) > 1 else None
        if war_rank is None:
            # COLDWAR-TAKE: the highest card takes the table.
            best = max(plays, key=_RANK_OF)
            winner: int | None = best.seat
            self.take(best.seat)
            self.refill(_draw_order(order, best.seat, self.opts))
            return self.finish_trick(winner)
        # COLDWAR-WAR: the players of the war's rank fight on, in the order they played.
        fighters = [p.seat for p in plays if p.rank is war_rank]
        # COLDWAR-WAR-ROUND: everyone who played refills before the war round.
        self.refill(order)
        fighters = [s for s in fighters if self.active[s]]
        if len(fighters) >= 2 and not self.deal_over:
            # COLDWAR-STAKE: one face-down stake each, from the stock or the own pool.
            for s in fighters:
                card = self.draw(s)
                if card is None:
                    self.leave(s)
                    if self.first_out:
                        break  # COLDWAR-END-DEAL: the deal ends at once.
                else:
                    self.stakes.append((s, card))
                    self.staked[s] += 1
            fighters = [s for s in fighters if self.active[s]]
        if len(fighters) >= 2 and not self.deal_over:
            return _build(
                options=self.opts,
                dealer=self.state.dealer,
                hands=tuple(self.hands),
                stock=tuple(self.stock),
                pools=tuple(tuple(p) for p in self.pools),
                active=tuple(self.active),
                order=tuple(fighters),
                rng=self.state.rng,
                plays=(),
                rounds=self.rounds,
                war_rank=None,
                stakes=tuple(self.stakes),
                set_aside=self.state.set_aside,
                recent=tuple(self.recent),
                left=tuple(self.left),
                totals=self.state.totals,
                deals=self.state.deals,
                tricks=self.state.tricks,
                last_trick=self.state.last_trick,
                last_deal=self.state.last_deal,
                result=None,
                seen=self.state.seen,
            )
        if len(fighters) == 1:
            # COLDWAR-LEAVE: the last fighter standing wins the war.
            self.take(fighters[0])
            return self.finish_trick(fighters[0])
        # COLDWAR-LEAVE: every fighter left at once, or (COLDWAR-END-DEAL) the deal ended
        # with the war undecided; the table is set aside unscored.
        self.set_aside += self.table()
        self.stakes = []
        return self.finish_trick(None)

    def finish_trick(self, winner: int | None) -> State:
        st = self.state
        opts = self.opts
        n = opts.players
        cards = sum(len(r) for r in self.rounds) + sum(self.staked)
        record = TrickRecord(self.rounds, tuple(self.staked), winner, cards, tuple(self.left))
        tricks = st.tricks + 1
        alive = [s for s in range(n) if self.active[s]]
        if len(alive) >= 2 and not self.deal_over:
            # COLDWAR-LEAD: the taker leads; after a set-aside table, the next player
            # still in the deal from the last leader.
            first = self.rounds[0][0].seat
            lead = winner if winner is not None and self.active[winner] else next(
                (first + k) % n for k in range(n) if self.active[(first + k) % n]
            )
            order = tuple((lead + k) % n for k in range(n) if self.active[(lead + k) % n])
            seen: tuple[tuple[Any, ...], ...] = ()
            pools = tuple(tuple(p) for p in self.pools)
            if not self.stock:
                # COLDWAR-REPEAT: the third time a position comes round, the deal ends.
                position = (
                    lead,
                    tuple(tuple(sorted(h, key=_ORDER.__getitem__)) for h in self.hands),
                    pools,
                )
                seen = (*st.seen, position)
                if seen.count(position) >= _REPEATS:
                    return self.finish_deal(record, tricks, DealReason.REPEATED_POSITION)
            result = None
            if opts.max_tricks is not None and tricks >= opts.max_tricks:
                result = Outcome(Termination.BATTLE_LIMIT, (), st.totals)  # COLDWAR-LIMIT
            return _build(
                options=opts,
                dealer=st.dealer,
                hands=tuple(self.hands),
                stock=tuple(self.stock),
                pools=pools,
                active=tuple(self.active),
                order=order,
                rng=st.rng,
                plays=(),
                rounds=(),
                war_rank=None,
                stakes=(),
                set_aside=tuple(self.set_aside),
                recent=tuple(self.recent),
                left=(),
                totals=st.totals,
                deals=st.deals,
                tricks=tricks,
                last_trick=record,
                last_deal=st.last_deal,
                result=result,
                seen=seen,
            )
        reason = DealReason.RAN_OUT if self.first_out else DealReason.LAST_STANDING
        return self.finish_deal(record, tricks, reason)

    def finish_deal(self, record: TrickRecord, tricks: int, reason: DealReason) -> State:
        # COLDWAR-END-DEAL: a player ran out (``first_out``) or fewer than two players
        # remain (``last_standing``); the deal is scored.
        st = self.state
        opts = self.opts
        n = opts.players
        # COLDWAR-SCORE: every pool; a hand only if its player ran out (under
        # ``hand_score=everyone``, every hand).
        scored = tuple(hand_counts(opts, not self.active[s]) for s in range(n))
        card_pts = tuple(
            sum(map(card_points, self.pools[s]))
            + (sum(map(card_points, self.hands[s])) if scored[s] else 0)
            for s in range(n)
        )
        if opts.bomb_mode is BombMode.FINAL_HAND:
            bombs = tuple(bomb_points(self.hands[s], opts.ranks) for s in range(n))
        elif opts.bomb_mode is BombMode.LAST_PLAYS:
            bombs = tuple(bomb_points(self.recent[s], opts.ranks) for s in range(n))
        else:
            bombs = (0,) * n
        deal_record = DealRecord(
            st.deals + 1,
            st.dealer,
            tuple(self.hands),
            card_pts,
            bombs,
            sum(map(card_points, self.set_aside)),
            reason,
            scored,
        )
        totals = tuple(t + s for t, s in zip(st.totals, deal_record.scores, strict=True))
        result: Outcome | None = None
        best = max(totals)
        if best >= opts.target:
            # COLDWAR-WIN: the best total at or past the target wins.
            tops = tuple(s for s in range(n) if totals[s] == best)
            if len(tops) == 1 or opts.tied_top is TiedTop.SHARED:
                result = Outcome(Termination.TARGET_SCORE, tops, totals)
        if result is None and opts.max_deals is not None and st.deals + 1 >= opts.max_deals:
            # COLDWAR-DEAL-LIMIT: the best total wins, as at the target.
            tops = tuple(s for s in range(n) if totals[s] == best)
            result = Outcome(Termination.DEAL_LIMIT, tops, totals)
        if result is None and opts.max_tricks is not None and tricks >= opts.max_tricks:
            result = Outcome(Termination.BATTLE_LIMIT, (), totals)  # COLDWAR-LIMIT
        # COLDWAR-DEALER: the deal passes to the next seat; the whole deck is reshuffled.
        dealer = (st.dealer + 1) % n if opts.rotate_dealer else st.dealer
        rng = st.rng
        if result is None:
            cards, rng = rng.shuffle(deck(opts))
            hands, stock = _deal(cards, n, dealer)
            return _start_deal(
                opts,
                dealer,
                hands,
                stock,
                rng,
                totals=totals,
                deals=st.deals + 1,
                tricks=tricks,
                last_trick=record,
                last_deal=deal_record,
            )
        return State(
            options=opts,
            dealer=st.dealer,
            hands=tuple(self.hands),
            stock=tuple(self.stock),
            pools=tuple(tuple(p) for p in self.pools),
            active=tuple(self.active),
            order=(),
            rng=rng,
            set_aside=tuple(self.set_aside),
            recent=tuple(self.recent),
            totals=totals,
            deals=st.deals + 1,
            tricks=tricks,
            last_trick=record,
            last_deal=deal_record,
            result=result,
        )


#: How many times a position must come round to end the deal (COLDWAR-REPEAT).
_REPEATS = 3


def _draw_order(order: Sequence[int], winner: int, opts: Options) -> list[int]:
    # COLDWAR-REFILL: in play order, or the taker first with the ``winner_first`` option.
    if opts.draw_order is DrawOrder.WINNER_FIRST:
        return [winner, *(s for s in order if s != winner)]
    return list(order)


def outcome(state: State) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return state.result


def num_players(state: State) -> int:
    """Return the number of seats."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return state.players


def cards_in_play(state: State) -> tuple[Card, ...]:
    """Return every card of the state: hands, stock, pools, the table's face-up cards and
    stakes, and the set-aside cards."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    out: list[Card] = list(state.stock)
    for s in range(state.players):
        out.extend(state.hands[s])
        out.extend(state.pools[s])
    out.extend(p.card for r in state.rounds for p in r)
    out.extend(p.card for p in state.plays)
    out.extend(c for _, c in state.stakes)
    out.extend(state.set_aside)
    return tuple(out)
