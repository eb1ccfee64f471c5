"""The rules of Arneson's War: its options, state, actions, legal actions, step and outcome.
Rule IDs ``ARNESON-...`` in comments are defined on the docs page ``rules/arneson``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable, builder, replacer
from cardwar.cards import (
    CARD_COUNT,
    STANDARD_RANKS,
    Card,
    Rank,
    Suit,
    card_from_index,
    reduced_deck,
)
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    OptionError,
    Outcome,
    SealedAction,
    Termination,
    check_card,
    decks_option,
    enum_option,
    forged_action,
    int_converter,
    limit_option,
    make_options,
    option,
    ranks_option,
    suits_option,
)
from cardwar.errors import OptionsTypeError, check_state
from cardwar.piles import advanced as advanced_pile
from cardwar.render import Readable, short_repr, sizes
from cardwar.rng import Rng, advanced
from cardwar.svg import Pictured
from cardwar.variants import _battle
from cardwar.variants._battle import (
    BattleRecord,
    Cycle,
    Pickup,
    SpareCards,
    Stocks,
    Supply,
    Tally,
    Turn,
    empty_piles,
    pickup_cards,
    skip_cycles,
)

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
    "STEP_NAME",
    "TITLE",
    "BattleRecord",
    "Choose",
    "Options",
    "Pickup",
    "State",
    "Turn",
    "WarPair",
    "cards_in_play",
    "deck",
    "legal_actions",
    "new_game",
    "num_players",
    "options",
    "outcome",
    "step",
    "to_act",
]


#: The registry name of the variant.
NAME = "arneson"


#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("hand-war", "war-of-three")


#: The variant's name for people.
TITLE = "Arneson's War"


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

#: Whether the seats choose at once: every choice of a round is hidden until all are in.
SIMULTANEOUS = True


#: The default battle limit (ARNESON-LIMIT).
DEFAULT_MAX_BATTLES = 20_000


class WarPair(enum.Enum):
    """Who takes the two cards that started a war."""

    LOSER = "loser"
    """The war's loser takes them (Arneson's rule)."""
    WINNER = "winner"
    """The war's winner takes them with the rest, as in classic War."""


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of Arneson's War; every field is documented on the rules page."""

    hand_size: int = option(
        3, "Cards each player holds in hand (ARNESON-HAND).", int_converter("hand_size", 1, 26)
    )
    face_down: int = option(
        3,
        "Cards each player stakes face down in a war (ARNESON-WAR).",
        int_converter("face_down", 0),
    )
    war_pair: WarPair = enum_option(
        WarPair.LOSER,
        "Who takes the two cards that started a war (ARNESON-WAR).",
        "war_pair",
    )
    pickup_order: Pickup = enum_option(
        Pickup.SHUFFLED,
        "How won cards go under the winner's stock, as in War (ARNESON-PICKUP).",
        "pickup_order",
    )
    wars_to_win: int | None = limit_option(
        "wars_to_win",
        "None: win by taking all the cards; N: the first player to win N wars wins (ARNESON-WIN).",
    )
    max_battles: int | None = limit_option(
        "max_battles",
        "None: no limit; N: the game is a draw after N battles without a winner (ARNESON-LIMIT).",
        DEFAULT_MAX_BATTLES,
    )
    ranks: tuple[Rank, ...] = ranks_option(STANDARD_RANKS, "The ranks of the deck (ARNESON-DECK).")
    suits: tuple[Suit, ...] = suits_option("The suits of the deck (ARNESON-DECK).")
    decks: int = decks_option(
        1, "How many copies of the deck are shuffled together (ARNESON-DECK)."
    )

    def __attrs_post_init__(self) -> None:
        _battle.check_players_fit(2, len(self.ranks), len(self.suits), self.decks)


def options(**kwargs: Any) -> Options:
    """Return validated options of Arneson's War, naming any bad option.

    >>> options(war_pair="winner").war_pair
    <WarPair.WINNER: 'winner'>
    """
    if "players" in kwargs:
        if str(kwargs["players"]).strip() != "2":
            raise OptionError("players", "Arneson's War is for two players (ARNESON-PLAYERS)")
        kwargs = {k: v for k, v in kwargs.items() if k != "players"}
    return make_options(Options, kwargs)


@attrs.frozen(slots=True)
class Choose(SealedAction):
    """Play this card from your hand (as the battle's card or a war's fourth card)."""

    card: Card = attrs.field(validator=check_card)
    """The hand card chosen."""

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen(slots=True)
class State(Immutable, Pictured, Readable):
    """The whole state of a game of Arneson's War."""

    options: Options
    """The game's options."""
    stocks: Stocks
    """Each seat's face-down stock, top card first: tuples, or in games of more than
    :data:`~cardwar.piles.PILE_FROM` cards
    :class:`~cardwar.piles.Pile` values."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's hand, in the order drawn."""
    rng: Rng
    """The game's generator."""
    tally: Tally
    """Win piles, set-aside cards and war counts."""
    battles: int = 0
    """Battles completed."""
    committed: tuple[Card | None, Card | None] = (None, None)
    """The hidden choices of the current round (``None``: not yet chosen)."""
    laid: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """The cards each seat laid in the current battle, in order (all face up cards and
    face-down stakes)."""
    rounds: tuple[tuple[Turn, ...], ...] = ()
    """The revealed rounds of the current battle, while a war is in progress."""
    stakes: tuple[int, int] = (0, 0)
    """The face-down cards each seat staked for the war round being chosen."""
    last: BattleRecord | None = None
    """The last completed battle."""
    result: Outcome | None = None
    """The outcome once the game has ended."""
    cycle: Cycle | None = None
    """Brent's cycle detection, when the game has no choice and no chance
    (ARNESON-CYCLE): ``hand_size=1`` under a deterministic pickup order."""

    @property
    def won(self) -> Stocks:
        """Return each seat's win pile."""
        return self.tally.won

    @property
    def wars(self) -> int:
        """Return how many battles had at least one war."""
        return self.tally.wars

    @property
    def wars_won(self) -> tuple[int, ...]:
        """Return the wars won per seat."""
        return self.tally.wars_won

    @property
    def in_war(self) -> bool:
        """Return whether a war is being fought (the next choice is a fourth card)."""
        return bool(self.rounds)

    def cards_held(self, seat: int) -> int:
        """Return how many cards ``seat`` holds: hand, stock and win pile."""
        return len(self.hands[seat]) + len(self.stocks[seat]) + len(self.tally.won[seat])

    def __repr__(self) -> str:
        return short_repr(
            self, "State",
            battles=self.battles,
            hands=self.hands,
            stock_sizes=sizes(self.stocks),
            won_sizes=sizes(self.tally.won),
            committed=self.committed,
            result=self.result,
        )


_DEFAULT = Options()

#: Builds a state from every field, at half the cost of ``State(...)`` (a step's hot
#: path; the state has no validator to skip). The values of a round not begun:
_build = builder(State)
#: The state with seat 0's choice made: ``_with_choice(state, hands, committed)``.
_with_choice = replacer(State, "hands", "committed")
_NO_CHOICES: tuple[Card | None, Card | None] = (None, None)
_NOTHING_LAID: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
_NO_STAKES = (0, 0)


def deck(opts: Options | None = None) -> tuple[Card, ...]:
    """Return the deck the options call for, in its canonical (unshuffled) order."""
    o = _DEFAULT if opts is None else opts
    return reduced_deck(o.ranks, o.suits, copies=o.decks)


def new_game(
    seed: int,
    options: Options | None = None,
    *,
    deal: Sequence[Sequence[Card | str] | str] | None = None,
    _rng: Rng | None = None,
) -> State:
    """Return the first state: the deck dealt as in War (ARNESON-DEAL), or the explicit
    ``deal`` (each seat's stock, top card first); then each player takes the top
    ``hand_size`` cards of their stock as their hand (ARNESON-HAND)."""
    opts = _DEFAULT if options is None else options
    if not isinstance(opts, Options):
        raise OptionsTypeError(f"options must be arneson.Options, got {type(opts).__name__}")
    stocks, aside, rng = _battle.deal_stocks(seed, deck(opts), 2, SpareCards.SET_ASIDE, deal,
                                             _rng)
    n = opts.hand_size
    hands = (tuple(stocks[0][:n]), tuple(stocks[1][:n]))
    state = State(
        options=opts,
        stocks=(advanced_pile(stocks[0], n), advanced_pile(stocks[1], n)),
        hands=hands,
        rng=rng,
        tally=Tally(empty_piles(stocks), aside, 0, (0, 0)),
    )
    holders = tuple(s for s in (0, 1) if hands[s])
    if len(holders) < 2:
        state = attrs.evolve(state, result=Outcome(Termination.ALL_CARDS, holders))
    elif detects_cycles(opts):
        state = attrs.evolve(state, cycle=Cycle((state.stocks, hands), 1, 0, (0, 0, (0, 0))))
    return state


def detects_cycles(opts: Options) -> bool:
    """Return whether games under ``opts`` have neither choice nor chance, so that a
    repeated position repeats for ever (ARNESON-CYCLE): ``hand_size=1`` under a
    deterministic pickup order."""
    return opts.hand_size == 1 and opts.pickup_order.deterministic


def to_act(state: State) -> int | None:
    """Return the seat that chooses next: seat 0, then seat 1 (ARNESON-CHOICE)."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None:
        return None
    return 0 if state.committed[0] is None else 1


def legal_actions(state: State) -> tuple[Choose, ...]:
    """Return one :class:`Choose` per distinct card in the acting seat's hand."""
    seat = to_act(state)
    if seat is None:
        return ()
    return tuple(_CHOICES[c] for c in sorted(set(state.hands[seat]), key=_ORDER.__getitem__))


#: Each suit's place in ``Suit``, for ordering the legal actions.
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


def _card_order(card: Card) -> tuple[int, int]:
    return int(card.rank), _SUIT_ORDER[card.suit] if card.suit else -1


# Every card's place in the legal actions' order, and its action: cards are interned, so
# the tables hold every card there is (built once, read only).
_ORDER = {card_from_index(i): _card_order(card_from_index(i)) for i in range(CARD_COUNT)}
_CHOICES = {card: Choose(card) for card in _ORDER}


def step(state: State, action: Choose) -> State:
    """Return the state after the acting seat commits ``action``; the second commitment
    of a round reveals both cards and resolves the round (ARNESON-CHOICE)."""
    seat = to_act(state)
    if seat is None:
        raise GameOverError(f"the game is over ({state.result})")
    hand = state.hands[seat]
    if type(action) is Choose and type(action.card) is not Card:
        raise forged_action(action)  # a field set past the constructor's checks
    if not isinstance(action, Choose) or action.card not in hand:
        raise IllegalActionError(
            f"seat {seat} cannot play {action}: it is not a card of their hand",
            legal_actions(state),
        )
    i = hand.index(action.card)
    new_hand = hand[:i] + hand[i + 1 :]
    hands = (new_hand, state.hands[1]) if seat == 0 else (state.hands[0], new_hand)
    if seat == 0:
        # attrs.evolve costs several times more (a step's hot path).
        return _with_choice(state, hands, (action.card, None))
    first = state.committed[0]
    assert first is not None
    return _resolve(state, hands, (first, action.card))


def _resolve(state: State, held: tuple[tuple[Card, ...], tuple[Card, ...]],
             cards: tuple[Card, Card]) -> State:
    """Reveal both chosen cards and resolve the round: a battle, or a war round; ``held``
    are the hands without the chosen cards."""
    opts = state.options
    # Stocks and win piles (ARNESON-PICKUP, as WAR-PICKUP-WIN-PILE: an empty stock is
    # refilled by shuffling the win pile).
    supply = Supply(state.stocks, state.tally.won, opts.pickup_order is Pickup.WIN_PILE,
                    state.rng.key, state.rng.counter)
    draw = supply.take
    hands = [list(held[0]), list(held[1])]
    laid = [list(state.laid[0]), list(state.laid[1])]
    for s in (0, 1):
        laid[s].append(cards[s])
    # The stakes of a war round were laid before its fourth cards were chosen.
    stakes = state.stakes
    rounds = (*state.rounds, (Turn(0, stakes[0], cards[0]), Turn(1, stakes[1], cards[1])))

    def refill() -> None:
        # ARNESON-REFILL: after the cards are revealed, each refills to the hand size.
        for s in (0, 1):
            while len(hands[s]) < opts.hand_size and (card := draw(s)) is not None:
                hands[s].append(card)
    refill()
    a, b = cards[0].rank, cards[1].rank
    winner: int | None = None if a == b else (0 if a > b else 1)
    tally = state.tally
    if winner is None:
        # ARNESON-WAR: a tie (again) starts a war round: each stakes the top cards of
        # their stock face down, then chooses a fourth card from the hand.
        new_stake = []
        for s in (0, 1):
            n = 0
            while n < opts.face_down and (card := draw(s)) is not None:
                laid[s].append(card)
                n += 1
            new_stake.append(n)
        empty = [s for s in (0, 1) if not hands[s]]
        if not empty:
            stocks, won = supply.finish()
            return _build(
                options=opts,
                stocks=stocks,
                hands=(tuple(hands[0]), tuple(hands[1])),
                rng=advanced(state.rng, supply.key, supply.counter),
                tally=Tally(won, tally.set_aside, tally.wars, tally.wars_won),
                battles=state.battles,
                committed=_NO_CHOICES,
                laid=(tuple(laid[0]), tuple(laid[1])),
                rounds=rounds,
                stakes=(new_stake[0], new_stake[1]),
                last=None,
                result=None,
                cycle=state.cycle,
            )
        # ARNESON-SHORT: a player with no card left to choose loses the war; if neither
        # has one, the war is undecidable and the table is set aside.
        if len(empty) == 2:
            aside = tally.set_aside + tuple(laid[0]) + tuple(laid[1])
            record = BattleRecord(rounds, None, len(laid[0]) + len(laid[1]), (0, 1))
            stocks, won = supply.finish()
            return _build(
                options=opts,
                stocks=stocks,
                hands=((), ()),
                rng=advanced(state.rng, supply.key, supply.counter),
                tally=Tally(won, aside, tally.wars + 1, tally.wars_won),
                battles=state.battles + 1,
                committed=_NO_CHOICES,
                laid=_NOTHING_LAID,
                rounds=(),
                stakes=_NO_STAKES,
                last=record,
                result=Outcome(Termination.UNDECIDABLE, ()),
                cycle=None,
            )
        winner = 1 - empty[0]
        shares = [laid[0], laid[1]]
        pair_to: int | None = None
        # ARNESON-SHORT, ARNESON-WIN: the war was lost for want of a card, so it is a war
        # won by the other player.
        short_war = True
    else:
        shares = [laid[0], laid[1]]
        pair_to = None
        short_war = False
        if len(rounds) > 1 and opts.war_pair is WarPair.LOSER:
            # ARNESON-WAR: the loser of the war takes the two cards that started it.
            pair_to = 1 - winner
            shares = [laid[0][1:], laid[1][1:]]
    table, supply.counter = pickup_cards(shares, winner, opts.pickup_order, supply.key,
                                         supply.counter)
    supply.add(winner, table)
    if pair_to is not None:
        pair = [[laid[0][0]], [laid[1][0]]]
        back, supply.counter = pickup_cards(pair, pair_to, opts.pickup_order, supply.key,
                                            supply.counter)
        supply.add(pair_to, back)
    refill()
    war = len(rounds) > 1 or short_war
    wars_won = tally.wars_won
    if war:
        wars_won = (wars_won[0] + (winner == 0), wars_won[1] + (winner == 1))
    eliminated = tuple(s for s in (0, 1) if not (hands[s] or supply.left[s]))
    record = BattleRecord(rounds, winner, len(laid[0]) + len(laid[1]), eliminated)
    battles = state.battles + 1
    result: Outcome | None = None
    if war and opts.wars_to_win is not None and wars_won[winner] >= opts.wars_to_win:
        result = Outcome(Termination.WARS_WON, (winner,))  # ARNESON-WIN
    elif eliminated:
        result = Outcome(Termination.ALL_CARDS, (winner,))  # ARNESON-WIN
    elif opts.max_battles is not None and battles >= opts.max_battles:
        result = Outcome(Termination.BATTLE_LIMIT, ())  # ARNESON-LIMIT
    new_stocks, won = supply.finish()
    new_hands = (tuple(hands[0]), tuple(hands[1]))
    cycle = state.cycle
    wars = tally.wars + war
    if result is None and cycle is not None:
        # ARNESON-CYCLE: Brent's method over the stocks and hands, as WAR-CYCLE: a
        # repetition is a draw, or whole cycles are skipped when wars are being won.
        counts = (battles, wars, wars_won)
        moved = cycle.advance((new_stocks, new_hands), counts)
        if moved is not None:
            cycle = moved
        else:
            skipped = skip_cycles(cycle.counts, counts, opts.wars_to_win, opts.max_battles)
            if skipped is None:
                result = Outcome(Termination.REPEATED_POSITION, ())
            else:
                battles, wars, wars_won = skipped
                cycle = None  # the game ends within one more cycle, played out
    return _build(
        options=opts,
        stocks=new_stocks,
        hands=new_hands,
        rng=advanced(state.rng, supply.key, supply.counter),
        tally=Tally(won, tally.set_aside, wars, wars_won),
        battles=battles,
        committed=_NO_CHOICES,
        laid=_NOTHING_LAID,
        rounds=(),
        stakes=_NO_STAKES,
        last=record,
        result=result,
        cycle=cycle,
    )


def outcome(state: State) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return state.result


def num_players(state: State) -> int:
    """Return 2."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    return 2


def cards_in_play(state: State) -> tuple[Card, ...]:
    """Return every card of the state: hands, choices, stocks, win piles, the table."""
    if type(state) is not State:
        check_state(state, State, TITLE)
    out: list[Card] = []
    for s in (0, 1):
        out.extend(state.hands[s])
        out.extend(state.stocks[s])
        out.extend(state.tally.won[s])
        out.extend(state.laid[s])
        card = state.committed[s]
        if card is not None:
            out.append(card)
    out.extend(state.tally.set_aside)
    return tuple(out)
