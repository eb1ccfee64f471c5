"""Mechanics shared by the automatic battle games (War, Peace): stocks, win piles, a
battle with its wars, and the pickup of the table. A variant module states its own rules
as a :class:`Rules` value and calls :func:`play_battle`; it holds nothing else of this.

One call of :func:`play_battle` is one whole battle, every war inside it included.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from operator import add as _add
from typing import Any, NamedTuple, cast

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import Card, DealError, check_deal, check_deal_piles, parse_cards
from cardwar.core import GameOverError, IllegalActionError, OptionError, Outcome, Termination
from cardwar.errors import StateError, check_state
from cardwar.piles import EMPTY, Pile, piled
from cardwar.piles import advanced as advanced_pile
from cardwar.render import Readable, short_repr, size, sizes
from cardwar.rng import GAMMA, MASK64, MAX_BOUND, Draws, Rng, _mix64, advanced
from cardwar.svg import Pictured

__all__ = [
    "BattleRecord",
    "BattleState",
    "Counts",
    "Cycle",
    "OutOfCards",
    "Pickup",
    "Play",
    "RepeatedTie",
    "Rules",
    "SpareCards",
    "Stocks",
    "Supply",
    "Tally",
    "Turn",
    "WarJoins",
    "cards_in_play",
    "check_action",
    "check_game",
    "check_players_fit",
    "deal_game",
    "deal_stocks",
    "empty_piles",
    "legal_actions",
    "num_players",
    "other_game",
    "outcome",
    "pickup_cards",
    "play_battle",
    "shuffle_in_place",
    "skip_cycles",
    "to_act",
]



class Pickup(enum.Enum):
    """How the winner of a battle puts the won cards under their stock."""

    SHUFFLED = "shuffled"
    """In an order drawn from the game's generator (as people scoop cards)."""
    WINNER_FIRST = "winner_first"
    """The winner's own cards first, in the order laid, then each other seat's cards in
    seat order, each in the order laid."""
    SEAT_ORDER = "seat_order"
    """Every seat's cards in seat order, each in the order laid."""
    WIN_PILE = "win_pile"
    """Onto a separate face-down win pile, which is shuffled and becomes the stock when
    the stock runs out; a player is out only when both are empty."""

    @property
    def deterministic(self) -> bool:
        """Return whether this order draws nothing from the generator."""
        return self is Pickup.WINNER_FIRST or self is Pickup.SEAT_ORDER


class OutOfCards(enum.Enum):
    """What happens to a player who runs short of cards during a war."""

    LAST_CARD_STANDS = "last_card_stands"
    """Put down what you have with the last card face up; with no card left, your
    previous face-up card stands."""
    LOSE = "lose"
    """A player who cannot put down the full stake and a face-up card is out of the
    game, and their remaining cards go to the table."""
    DROP_OUT = "drop_out"
    """Put down what you have with the last card face up; with no card left, you cannot
    fight and lose the war (the rule of the most-cited War simulator)."""


class WarJoins(enum.Enum):
    """Who fights a war when three or more play."""

    ALL = "all"
    """Every player in the battle fights every war round."""
    TIED = "tied"
    """Only the players tied for the best card fight the next war round."""


class RepeatedTie(enum.Enum):
    """What a tie inside a war does."""

    WAR = "war"
    """Another full war: the face-down stake again, then a face-up card."""
    SINGLE_CARD = "single_card"
    """Further cards are turned up one at a time, with no face-down stake."""


class SpareCards(enum.Enum):
    """What happens to cards that do not divide evenly among the players."""

    SET_ASIDE = "set_aside"
    """They are set aside face down, out of play, for the whole game."""
    DEAL = "deal"
    """They are dealt too, so the first seats hold one card more."""


class Play(enum.Enum):
    """The one action of an automatic game: play the next battle."""

    PLAY = "play"
    """Play the next battle, with every war in it."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen(slots=True)
class Rules:
    """The rules of one automatic game, derived from a variant's options."""

    low_wins: bool
    face_down: int
    repeated_tie: RepeatedTie
    pickup: Pickup
    out_of_cards: OutOfCards
    joins: WarJoins
    wars_to_win: int | None
    max_battles: int | None


class Turn(NamedTuple):
    """One player's cards in one round of a battle."""

    seat: int
    """Who laid them."""
    face_down: int
    """How many cards they put face down before the face-up one."""
    face_up: Card
    """The face-up card that competes (a standing card when nothing new was laid)."""
    standing: bool = False
    """Whether ``face_up`` is the previous round's card left standing (no card left)."""


class BattleRecord(NamedTuple):
    """What happened in one battle: each round's turns, who took the table, and how
    many cards it held. Everything here but the face-down cards was seen by all."""

    rounds: tuple[tuple[Turn, ...], ...]
    """The first round, then one per war round."""
    winner: int | None
    """The seat that took the table; ``None`` when the battle could not be decided."""
    cards: int
    """How many cards were on the table."""
    eliminated: tuple[int, ...] = ()
    """Seats that went out of the game during this battle."""

    @property
    def wars(self) -> int:
        """Return the number of war rounds in the battle."""
        return len(self.rounds) - 1


#: Each seat's stock (or win pile), top card first: tuples, or in large games
#: :class:`~cardwar.piles.Pile` values (see :func:`cardwar.piles.piled`).
Stocks = tuple[Sequence[Card], ...]


@attrs.frozen(slots=True)
class Tally:
    """The parts of a battle game's state that change only now and then: win piles,
    set-aside cards and war counts. Kept apart so that a plain battle reuses it as is."""

    won: Stocks
    """Each seat's win pile (only with ``pickup_order=win_pile``), last won last."""
    set_aside: tuple[Card, ...]
    """Cards out of play: the spare cards of the deal, and undecidable tables."""
    wars: int
    """Battles so far that had at least one war."""
    wars_won: tuple[int, ...]
    """Per seat, battles with a war that the seat won."""


#: A game's counts at a position: battles played, battles with a war, wars won per seat.
Counts = tuple[int, int, tuple[int, ...]]


@attrs.frozen(slots=True)
class Cycle:
    """Brent's cycle detection over positions (deterministic pickup orders only)."""

    mark: Any
    """The saved position: the stocks (in Arneson's War, the hands too)."""
    power: int
    """The current power of two."""
    length: int
    """Battles since the position was saved."""
    counts: Counts = (0, 0, ())
    """The game's counts when the position was saved."""

    def advance(self, position: Any, counts: Counts) -> Cycle | None:
        """Return the detection after a battle that reached ``position`` with
        ``counts``, or ``None`` when it is the saved position again (a repetition:
        WAR-CYCLE, ARNESON-CYCLE)."""
        if position == self.mark:
            return None
        if self.length + 1 == self.power:
            return Cycle(position, self.power * 2, 0, counts)
        return Cycle(self.mark, self.power, self.length + 1, self.counts)


def skip_cycles(then: Counts, now: Counts, goal: int | None, limit: int | None
                ) -> Counts | None:
    """Return the counts after skipping whole cycles, at a repeated position first
    reached with the counts ``then`` and again with ``now`` (WAR-CYCLE): ``None`` when
    the game can never end (no seat won a war over the cycle, or wars do not end the
    game); else the counts after as many whole cycles as can pass before any seat reaches
    ``goal`` wars won or the game ``limit`` battles. Every cycle repeats the same battles,
    so skipping one only adds to the counts, and the game then ends within one more.

    >>> skip_cycles((10, 2, (1, 1)), (16, 4, (2, 2)), 10**6, None)
    (5999998, 1999998, (999999, 999999))
    >>> skip_cycles((10, 2, (1, 1)), (16, 2, (1, 1)), 10**6, None) is None
    True
    """
    then_battles, then_wars, then_won = then
    battles, wars, won = now
    gained = [w - t for w, t in zip(won, then_won, strict=True)]
    if goal is None or not any(gained):
        return None
    cycle = battles - then_battles
    skip = min((goal - 1 - w) // g for w, g in zip(won, gained, strict=True) if g > 0)
    if limit is not None:
        skip = min(skip, (limit - 1 - battles) // cycle)
    skip = max(skip, 0)
    return (battles + skip * cycle, wars + skip * (wars - then_wars),
            tuple(w + skip * g for w, g in zip(won, gained, strict=True)))


@attrs.frozen(slots=True)
class BattleState(Immutable, Pictured, Readable):
    """The whole state of an automatic battle game. Stocks list the top card first."""

    options: object
    """The variant's options."""
    stocks: Stocks
    """Each seat's face-down stock, top card first: tuples, or in games of more than
    :data:`~cardwar.piles.PILE_FROM` cards :class:`~cardwar.piles.Pile` values (equal to
    the tuples)."""
    rng: Rng
    """The game's generator."""
    tally: Tally
    """Win piles, set-aside cards and war counts."""
    battles: int = 0
    """Battles played so far."""
    last: BattleRecord | None = None
    """The last battle played, or ``None`` before the first."""
    result: Outcome | None = None
    """The outcome once the game has ended."""
    cycle: Cycle | None = None
    """Cycle detection, for deterministic pickup orders; else ``None``."""

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.stocks)

    @property
    def won(self) -> Stocks:
        """Return each seat's win pile."""
        return self.tally.won

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """Return the cards out of play."""
        return self.tally.set_aside

    @property
    def wars(self) -> int:
        """Return how many battles so far had at least one war."""
        return self.tally.wars

    @property
    def wars_won(self) -> tuple[int, ...]:
        """Return, per seat, the wars won."""
        return self.tally.wars_won

    def cards_held(self, seat: int) -> int:
        """Return how many cards ``seat`` holds (stock and win pile)."""
        return len(self.stocks[seat]) + len(self.tally.won[seat])

    def __repr__(self) -> str:
        return short_repr(
            self, "State",
            battles=self.battles,
            stock_sizes=sizes(self.stocks),
            won_sizes=sizes(self.tally.won),
            set_aside=size(self.tally.set_aside),
            result=self.result,
        )


def check_players_fit(players: int, ranks: int, suits: int, decks: int) -> None:
    """Raise :class:`~cardwar.core.OptionError` unless every player can be dealt a card
    and the deck is no larger than the generator can shuffle (``MAX_BOUND`` cards)."""
    cards = ranks * suits * decks
    if cards > MAX_BOUND:
        raise OptionError(
            "decks", f"{decks} decks of {ranks * suits} cards make {cards} cards; at most "
            f"{MAX_BOUND} can be shuffled"
        )
    if players > cards:
        raise OptionError(
            "players", f"{players} players need at least as many cards; the deck has {cards}"
        )


def deal_stocks(
    seed: int,
    deck: tuple[Card, ...],
    players: int,
    spare: SpareCards,
    deal: Sequence[Sequence[Card | str] | str] | None,
    rng: Rng | None = None,
) -> tuple[Stocks, tuple[Card, ...], Rng]:
    """Return the stocks, the set-aside cards and the generator after the deal: the deck
    shuffled with the seed's generator and dealt one card at a time from seat 0
    (WAR-DEAL, WAR-SPARE), or the explicit ``deal`` validated against ``deck``
    (WAR-DEAL-EXPLICIT). ``rng`` replaces the seed's generator (the explicit-chance
    mode's, :mod:`cardwar.chance`). The stocks are :func:`~cardwar.piles.piled` for the
    deck's size."""
    rng = Rng.from_seed(seed) if rng is None else rng
    aside: tuple[Card, ...] = ()
    if deal is None:
        cards, rng = rng.shuffle(deck)
        if spare is SpareCards.SET_ASIDE:
            usable = len(cards) - len(cards) % players
            cards, aside = cards[:usable], cards[usable:]
        stocks = tuple(cards[i::players] for i in range(players))
    else:
        check_deal_piles(deal)
        if isinstance(deal, str) or len(deal) != players:
            n = len(deal)
            got = "a string" if isinstance(deal, str) else f"{n} stock{'' if n == 1 else 's'}"
            raise DealError(f"an explicit deal needs one stock per seat ({players}), got {got}")
        stocks = tuple(parse_cards(pile) for pile in deal)
        check_deal(stocks, deck)
    return piled(stocks, len(deck)), aside, rng


def deal_game(
    options: object,
    rules: Rules,
    seed: int,
    deck: tuple[Card, ...],
    players: int,
    spare: SpareCards,
    deal: Sequence[Sequence[Card | str] | str] | None,
    rng: Rng | None = None,
) -> BattleState:
    """Return the initial state of an automatic battle game (see :func:`deal_stocks`)."""
    stocks, aside, rng = deal_stocks(seed, deck, players, spare, deal, rng)
    state = BattleState(
        options=options,
        stocks=stocks,
        rng=rng,
        tally=Tally(empty_piles(stocks), aside, 0, (0,) * players),
    )
    holders = [s for s in range(players) if stocks[s]]
    if len(holders) <= 1:
        termination = Termination.ALL_CARDS
        state = attrs.evolve(state, result=Outcome(termination, tuple(holders)))
    elif rules.pickup.deterministic:
        state = attrs.evolve(state, cycle=Cycle(stocks, 1, 0, (0, 0, (0,) * players)))
    return state


def empty_piles(stocks: Stocks) -> Stocks:
    """Return an empty pile per seat, of the stocks' kind (the win piles of a new game)."""
    empty: Sequence[Card] = EMPTY if stocks and type(stocks[0]) is Pile else ()
    return (empty,) * len(stocks)


_LEGAL = (Play.PLAY,)


def other_game(state: BattleState, title: str) -> StateError:
    """Return the error for a War-family state whose options are another game's: War's and
    Peace's states are of one class, and only their options tell them apart."""
    parts = type(state.options).__module__.split(".")  # cardwar.variants.<game>.rules
    if parts[:2] == ["cardwar", "variants"] and len(parts) > 2:
        return StateError(f"expected a state of {title}, got one of {parts[2]}")
    return StateError(f"expected a state of {title}, got one whose options are "
                      f"{type(state.options).__name__}")


def check_game(state: object, options: type, title: str) -> None:
    """Raise :class:`~cardwar.errors.StateError` unless ``state`` is a state of the game
    whose options are of the class ``options`` and whose name is ``title``: War's and
    Peace's states are of one class, and their options tell them apart."""
    check_state(state, BattleState, title)
    if type(cast(BattleState, state).options) is not options:
        raise other_game(cast(BattleState, state), title)


def legal_actions(state: BattleState) -> tuple[Play, ...]:
    """Return ``(Play.PLAY,)`` while the game runs, else ``()``."""
    if type(state) is not BattleState:
        check_state(state, BattleState, "the War family")
    return () if state.result is not None else _LEGAL


def check_action(state: BattleState, action: object) -> None:
    """Raise unless ``action`` is legal in ``state``."""
    if state.result is not None:
        raise GameOverError(f"the game is over ({state.result})")
    if action is not Play.PLAY:
        raise IllegalActionError(
            f"{action!r} is not an action of this game; every step plays one battle",
            _LEGAL,
        )


def to_act(state: BattleState) -> int | None:
    """Return ``None``: nobody makes decisions in an automatic game."""
    if type(state) is not BattleState:
        check_state(state, BattleState, "the War family")
    return None


def outcome(state: BattleState) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs."""
    if type(state) is not BattleState:
        check_state(state, BattleState, "the War family")
    return state.result


def num_players(state: BattleState) -> int:
    """Return the number of seats."""
    if type(state) is not BattleState:
        check_state(state, BattleState, "the War family")
    return len(state.stocks)


def cards_in_play(state: BattleState) -> tuple[Card, ...]:
    """Return every card of the state: stocks, win piles and the set-aside cards."""
    if type(state) is not BattleState:
        check_state(state, BattleState, "the War family")
    out: list[Card] = []
    for s in state.stocks:
        out.extend(s)
    for w in state.won:
        out.extend(w)
    out.extend(state.set_aside)
    return tuple(out)


def play_battle(state: BattleState, rules: Rules) -> BattleState:
    """Return the state after one whole battle (every war in it included)."""
    stocks = state.stocks
    # The two-player paths draw inline from a seeded generator; the explicit-chance
    # mode's draws go through the general path, which draws the same events.
    if len(stocks) == 2 and rules.pickup is not Pickup.WIN_PILE and type(state.rng) is Rng:
        s0, s1 = stocks
        # A running two-player game has two stocks: a battle that empties one ends it.
        if s0 and s1:  # pragma: no branch - see the line above
            if s0[0].rank != s1[0].rank:
                return _plain_duel(state, rules, s0, s1)
            if rules.out_of_cards is OutOfCards.LAST_CARD_STANDS:
                return _duel_war(state, rules, s0, s1)
    return _general_battle(state, rules)


_new_tuple = tuple.__new__


def _plain_duel(
    state: BattleState, rules: Rules, s0: Sequence[Card], s1: Sequence[Card]
) -> BattleState:
    """Return the state after a two-player battle without a tie: the general rules
    (WAR-BATTLE, WAR-PICKUP) specialised to the common case, drawing exactly as
    :func:`_general_battle` would."""
    a = s0[0]
    b = s1[0]
    winner = 0 if (a.rank > b.rank) != rules.low_wins else 1
    rng = state.rng
    pickup = rules.pickup
    if pickup is Pickup.SHUFFLED:
        # Fisher-Yates of (a, b): one draw j = below(2), the word's top bit; j == 0 swaps.
        # SplitMix64's output for the next counter value, inlined (see cardwar.rng).
        counter = rng.counter + 1
        z = (rng.key + counter * GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        table = (a, b) if (z ^ (z >> 31)) >> 63 else (b, a)
        rng = Rng(rng.key, counter)
    elif pickup is Pickup.WINNER_FIRST and winner == 1:
        table = (b, a)
    else:
        table = (a, b)
    stocks: Stocks
    if type(s0) is not tuple or type(s1) is not tuple:
        stocks = (advanced_pile(s0, 1, table if winner == 0 else ()),
                  advanced_pile(s1, 1, table if winner == 1 else ()))
        out: tuple[int, ...] = () if stocks[1 - winner] else (1 - winner,)
    elif winner == 0:
        stocks = (s0[1:] + table, s1[1:])
        out = () if len(s1) > 1 else (1,)
    else:
        stocks = (s0[1:], s1[1:] + table)
        out = () if len(s0) > 1 else (0,)
    # NamedTuples built with tuple.__new__ directly: the same values, without the
    # Python-level constructor on the hot path.
    turns = (_new_tuple(Turn, (0, 0, a, False)), _new_tuple(Turn, (1, 0, b, False)))
    record: BattleRecord = _new_tuple(BattleRecord, ((turns,), winner, 2, out))
    limit = rules.max_battles
    if out or state.cycle is not None or (limit is not None and state.battles + 1 >= limit):
        return _finish(state, rules, stocks, rng, state.tally, record, False)
    # Nobody went out, the limit is not reached, no cycle detection: the game goes on
    # (what _finish would conclude, without its checks).
    return BattleState(state.options, stocks, rng, state.tally, state.battles + 1, record)


def _duel_war(
    state: BattleState, rules: Rules, s0: Sequence[Card], s1: Sequence[Card]
) -> BattleState:
    """Return the state after a two-player battle that starts with a tie, under
    ``last_card_stands``: the general rules (WAR-TIE, WAR-FACE-DOWN, WAR-REPEAT, WAR-OUT,
    WAR-PICKUP) specialised, on indexes into the stocks, drawing exactly as
    :func:`_general_battle` would; an undecidable war is left to it."""
    n0 = len(s0)
    n1 = len(s1)
    i0 = i1 = 1
    a = s0[0]
    b = s1[0]
    rounds = [(_new_tuple(Turn, (0, 0, a, False)), _new_tuple(Turn, (1, 0, b, False)))]
    fd = rules.face_down
    single = rules.repeated_tie is RepeatedTie.SINGLE_CARD
    while a.rank == b.rank:
        if i0 == n0 and i1 == n1:
            return _general_battle(state, rules)  # WAR-UNDECIDABLE: rare, one code path
        if single and len(rounds) > 1:
            fd = 0
        have = n0 - i0
        if have:
            down = fd if fd < have else have - 1
            i0 += down + 1
            a = s0[i0 - 1]
            t0 = _new_tuple(Turn, (0, down, a, False))
        else:
            t0 = _new_tuple(Turn, (0, 0, a, True))
        have = n1 - i1
        if have:
            down = fd if fd < have else have - 1
            i1 += down + 1
            b = s1[i1 - 1]
            t1 = _new_tuple(Turn, (1, down, b, False))
        else:
            t1 = _new_tuple(Turn, (1, 0, b, True))
        rounds.append((t0, t1))
    winner = 0 if (a.rank > b.rank) != rules.low_wins else 1
    if rules.pickup is Pickup.WINNER_FIRST and winner == 1:
        table = [*s1[:i1], *s0[:i0]]
    else:
        table = [*s0[:i0], *s1[:i1]]
    rng = state.rng
    key = rng.key
    counter = rng.counter
    if rules.pickup is Pickup.SHUFFLED:
        for i in range(len(table) - 1, 0, -1):
            counter += 1
            z = (key + counter * GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * _M1) & MASK64
            z = ((z ^ (z >> 27)) * _M2) & MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            table[i], table[j] = table[j], table[i]
        rng = Rng(key, counter)
    pickup = tuple(table)
    stocks = (advanced_pile(s0, i0, pickup if winner == 0 else ()),
              advanced_pile(s1, i1, pickup if winner == 1 else ()))
    out: tuple[int, ...] = () if stocks[1 - winner] else (1 - winner,)
    tally = state.tally
    wars_won = tally.wars_won
    wars_won = (wars_won[0] + 1, wars_won[1]) if winner == 0 else (wars_won[0], wars_won[1] + 1)
    tally = Tally(tally.won, tally.set_aside, tally.wars + 1, wars_won)
    record: BattleRecord = _new_tuple(BattleRecord, (tuple(rounds), winner, i0 + i1, out))
    return _finish(state, rules, stocks, rng, tally, record, True)


class Supply:
    """Each seat's stock and win pile while a battle is played: cards are taken from the
    top of the stock, and added under it or onto the win pile; the new piles are built
    once, at the end, sharing the old ones' cards (:meth:`finish`). A stock that runs out
    is refilled by shuffling the win pile, with the generator ``(key, counter)``
    (WAR-PICKUP-WIN-PILE); ``counter`` follows the draws. ``left[seat]`` is how many
    cards the seat can still take: stock and win pile."""

    __slots__ = ("added", "counter", "key", "left", "stocks", "taken", "win_pile", "won",
                 "won_added")

    def __init__(self, stocks: Stocks, won: Stocks, win_pile: bool, key: int,
                 counter: int) -> None:
        players = len(stocks)
        self.stocks = list(stocks)
        self.won = list(won)
        # Without win piles, the win piles stay empty (WAR-PICKUP).
        self.left = (list(map(_add, map(len, stocks), map(len, won))) if win_pile
                     else list(map(len, stocks)))
        self.taken = [0] * players
        self.added: list[tuple[Card, ...]] = [()] * players
        self.won_added: list[tuple[Card, ...]] = [()] * players
        self.win_pile = win_pile
        self.key = key
        self.counter = counter

    def take(self, seat: int) -> Card | None:
        """Return the top card of ``seat``'s stock, taken; ``None`` if they have none."""
        left = self.left
        if not left[seat]:
            return None
        left[seat] -= 1
        stock = self.stocks[seat]
        taken = self.taken
        i = taken[seat]
        taken[seat] = i + 1
        n = len(stock)
        if i < n:
            return stock[i]
        added = self.added[seat]
        if i - n < len(added):
            return added[i - n]
        # The stock is used up, so the seat's cards are on its win pile.
        won = self.won[seat]
        cards = [*won, *self.won_added[seat]]
        self.counter = shuffle_in_place(cards, self.key, self.counter)
        self.stocks[seat] = Pile.of(cards) if type(stock) is Pile else tuple(cards)
        self.won[seat] = EMPTY if type(won) is Pile else ()
        self.won_added[seat] = ()
        self.added[seat] = ()
        taken[seat] = 1
        return cards[0]

    def add(self, seat: int, cards: Sequence[Card]) -> None:
        """Put ``cards`` under ``seat``'s stock, or onto their win pile (``win_pile``)."""
        (self.won_added if self.win_pile else self.added)[seat] += tuple(cards)
        self.left[seat] += len(cards)

    def finish(self) -> tuple[Stocks, Stocks]:
        """Return the new stocks and win piles, each of its old kind; the supply is then
        spent (its lists hold the result)."""
        stocks = self.stocks
        taken = self.taken
        added = self.added
        for s in range(len(stocks)):
            if taken[s] or added[s]:  # else the stock is kept as it is
                stocks[s] = advanced_pile(stocks[s], taken[s], added[s])
        won = self.won
        if self.win_pile:
            for s, a in enumerate(self.won_added):
                if a:
                    won[s] = advanced_pile(won[s], 0, a)
        return tuple(stocks), tuple(won)


def _general_battle(state: BattleState, rules: Rules) -> BattleState:
    """Return the state after one battle, any number of players, wars included."""
    players = len(state.stocks)
    low = rules.low_wins
    supply = Supply(state.stocks, state.won, rules.pickup is Pickup.WIN_PILE, state.rng.key,
                    state.rng.counter)
    take = supply.take
    left = supply.left

    # Everyone with cards turns up their top card (WAR-BATTLE); a player with none is
    # out (WAR-OUT-OF-GAME).
    participants = [s for s in range(players) if left[s]]
    laid: list[list[Card]] = [[] for _ in range(players)]
    up: dict[int, Card] = {}
    turns: list[Turn] = []
    for s in participants:
        card = take(s)
        assert card is not None
        laid[s].append(card)
        up[s] = card
        turns.append(Turn(s, 0, card))
    rounds = [tuple(turns)]
    eliminated: list[int] = []
    winner: int | None = None
    war_round = 0
    while True:
        strength = {s: (-up[s].rank if low else up[s].rank) for s in participants}
        best = max(strength.values())
        tied = [s for s in participants if strength[s] == best]
        if len(tied) == 1:
            winner = tied[0]
            break
        # A tie for the best card starts a war (WAR-TIE); who fights it: WAR-JOINS.
        if rules.joins is WarJoins.TIED:
            participants = tied
        if not any(left[s] for s in participants):
            # Nobody can lay a new card, so the standing cards tie forever (WAR-UNDECIDABLE).
            break
        war_round += 1
        # WAR-FACE-DOWN, and WAR-REPEAT's single_card option after the first war round.
        fd = rules.face_down
        if war_round > 1 and rules.repeated_tie is RepeatedTie.SINGLE_CARD:
            fd = 0
        if rules.out_of_cards is OutOfCards.LOSE:
            short = [s for s in participants if left[s] < fd + 1]
            if len(short) < len(participants):
                # Short players lose: their cards go to the table (WAR-OUT-LOSE).
                for s in short:
                    while (card := take(s)) is not None:
                        laid[s].append(card)
                    eliminated.append(s)
                participants = [s for s in participants if s not in short]
                if len(participants) == 1:
                    winner = participants[0]
                    break
            # Everyone short at once: they play what they have (WAR-OUT-ALL-SHORT).
        elif rules.out_of_cards is OutOfCards.DROP_OUT:
            # WAR-OUT-DROP: a fighter with no card left cannot fight and loses the war
            # (someone still has a card: see WAR-UNDECIDABLE above).
            participants = [s for s in participants if left[s]]
            if len(participants) == 1:
                winner = participants[0]
                break
        turns = []
        for s in participants:
            have = left[s]
            if have == 0:
                # No card left: the previous face-up card stands (WAR-OUT).
                turns.append(Turn(s, 0, up[s], True))
                continue
            down = min(fd, have - 1)
            for _ in range(down + 1):
                card = take(s)
                assert card is not None
                laid[s].append(card)
            up[s] = laid[s][-1]
            turns.append(Turn(s, down, up[s]))
        rounds.append(tuple(turns))

    table_size = sum(len(cards) for cards in laid)
    tally = state.tally
    aside = tally.set_aside
    wars_won = tally.wars_won
    if winner is not None:
        table, supply.counter = pickup_cards(laid, winner, rules.pickup, supply.key,
                                             supply.counter)
        supply.add(winner, table)
        if war_round:
            wars_won = (*wars_won[:winner], wars_won[winner] + 1, *wars_won[winner + 1 :])
    else:
        # The undecidable table is set aside, out of play (WAR-UNDECIDABLE).
        aside = aside + tuple(c for cards in laid for c in cards)

    for s in range(players):
        if s not in eliminated and state.cards_held(s) and not left[s]:
            eliminated.append(s)
    eliminated.sort()

    rng = advanced(state.rng, supply.key, supply.counter)
    stocks, new_won = supply.finish()
    if war_round or aside is not tally.set_aside or new_won != tally.won:
        tally = Tally(new_won, aside, tally.wars + (1 if war_round else 0), wars_won)
    record = BattleRecord(tuple(rounds), winner, table_size, tuple(eliminated))
    return _finish(state, rules, stocks, rng, tally, record, bool(war_round))


_M1 = 0xBF58476D1CE4E5B9


_M2 = 0x94D049BB133111EB


def _finish(
    state: BattleState,
    rules: Rules,
    stocks: Stocks,
    rng: Rng,
    tally: Tally,
    record: BattleRecord,
    war: bool,
) -> BattleState:
    """Return the state after a battle: check how the game ends, detect cycles."""
    battles = state.battles + 1
    winner = record.winner
    result: Outcome | None = None
    goal = rules.wars_to_win
    if goal is not None and winner is not None and war and tally.wars_won[winner] >= goal:
        # WAR-WIN-WARS: a whole tie sequence counts once, for its final winner.
        result = Outcome(Termination.WARS_WON, (winner,))
    elif record.eliminated:
        # Only a battle that put someone out can end the game by cards (WAR-WIN); if
        # nobody is left holding cards, WAR-UNDECIDABLE.
        won = tally.won
        holders = [s for s in range(len(stocks)) if stocks[s] or won[s]]
        if len(holders) == 1:
            result = Outcome(Termination.ALL_CARDS, (holders[0],))
        elif not holders:
            result = Outcome(Termination.UNDECIDABLE, ())
    if result is None and rules.max_battles is not None and battles >= rules.max_battles:
        # WAR-LIMIT: a truncation, named as such.
        result = Outcome(Termination.BATTLE_LIMIT, ())

    cycle = state.cycle
    if result is None and cycle is not None:
        # Brent's cycle detection (WAR-CYCLE): the future of a deterministic game is a
        # function of its stocks, so a repeated position repeats for ever: a draw when
        # nobody won a war over the cycle (or wars do not count), else the whole cycles
        # before the one where the game ends are skipped.
        counts = (battles, tally.wars, tally.wars_won)
        advanced = cycle.advance(stocks, counts)
        if advanced is not None:
            cycle = advanced
        else:
            skipped = skip_cycles(cycle.counts, counts, goal, rules.max_battles)
            if skipped is None:
                result = Outcome(Termination.REPEATED_POSITION, ())
            else:
                battles, wars, wars_won = skipped
                tally = Tally(tally.won, tally.set_aside, wars, wars_won)
                cycle = None  # the game ends within one more cycle, played out

    return BattleState(state.options, stocks, rng, tally, battles, record, result, cycle)


def shuffle_in_place(cards: list[Card], key: int | Draws, counter: int) -> int:
    """Shuffle ``cards`` in place with the generator ``(key, counter)``, exactly as
    :meth:`cardwar.rng.Rng.shuffle` does; return the advanced counter. In the
    explicit-chance mode ``key`` holds the chosen outcomes (:class:`~cardwar.rng.Draws`)."""
    if type(key) is not int:
        return cast(Draws, key).shuffle_in_place(cards, counter)
    for i in range(len(cards) - 1, 0, -1):
        counter += 1
        j = (_mix64((key + counter * GAMMA) & MASK64) * (i + 1)) >> 64
        cards[i], cards[j] = cards[j], cards[i]
    return counter


def pickup_cards(
    laid: Sequence[Sequence[Card]], winner: int, order: Pickup, key: int | Draws,
    counter: int,
) -> tuple[list[Card], int]:
    """Return the table's cards in the order they go under the winner's stock (or onto
    their win pile), and the advanced counter (WAR-PICKUP): ``laid[s]`` holds the cards
    seat ``s`` laid, in order. ``winner_first`` puts the winner's cards first; the other
    orders list them seat by seat, and ``shuffled`` then shuffles that list with the
    game's generator (WAR-PICKUP-SHUFFLED)."""
    if order is Pickup.WINNER_FIRST:
        table = list(laid[winner])
        for s, cards in enumerate(laid):
            if s != winner:
                table.extend(cards)
        return table, counter
    table = [c for cards in laid for c in cards]
    if order is Pickup.SHUFFLED:
        counter = shuffle_in_place(table, key, counter)
    return table, counter
