"""A deliberately naive second implementation of War and Peace, for differential tests.

This oracle is written from the rules pages (``docs/rules/war.md``, ``docs/rules/peace.md``)
and from the documented algorithm of the generator (the docstrings of ``cardwar.rng``:
SplitMix64 seeding and draws, ``below`` by multiply-shift, Fisher-Yates from the last
position down), not from the engine's code. It imports nothing from ``cardwar``: cards are
plain strings in card notation (``"10H"``), stocks are plain lists (top card first), and
every rule is one obvious loop. It is slow on purpose; it is only ever compared with the
engine, game for game, by ``tests/test_oracle_battle.py``.

Where the rules pages were silent on a detail the oracle needs, the comment says
"rules page silent: ..." and states the choice made (taken from the engine's behaviour).
Writing the oracle found five such details; each is now stated on the rules pages
(WAR-BATTLE, WAR-PICKUP-WIN-PILE, WAR-OUT-LOSE, WAR-LIMIT and PEACE-LIMIT, WAR-OBSERVE),
so the comments mark where the oracle once had to look at the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- the generator (docstrings of cardwar.rng) -------------------------------------------

MASK = (1 << 64) - 1
#: SplitMix64's increment (the golden ratio in 64 bits).
GAMMA = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """SplitMix64's finaliser (Stafford's Mix13) of the 64-bit word ``z``."""
    z &= MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Generator:
    """The counter-based generator of a game: ``key = mix(seed + GAMMA)``; draw number
    ``i`` is ``mix(key + (i + 1) * GAMMA)``. Mutable here, for plainness."""

    def __init__(self, seed: int) -> None:
        self.key = mix((seed + GAMMA) & MASK)
        self.counter = 0

    def draw(self) -> int:
        """Return the next 64-bit word."""
        value = mix((self.key + (self.counter + 1) * GAMMA) & MASK)
        self.counter += 1
        return value

    def below(self, n: int) -> int:
        """Return an int in ``[0, n)``: one draw ``x`` mapped to ``(x * n) >> 64``."""
        return (self.draw() * n) >> 64

    def shuffle(self, items: list[str]) -> list[str]:
        """Return a Fisher-Yates shuffle of ``items``: for ``i`` from the last position
        down to 1, draw ``j = below(i + 1)`` and swap positions ``i`` and ``j``."""
        result = list(items)
        i = len(result) - 1
        while i >= 1:
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
            i -= 1
        return result


# --- cards and options ---------------------------------------------------------------------

#: Every rank, from low to high (WAR-DECK).
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: Every suit, in the canonical order of the deck: clubs, diamonds, hearts, spades.
SUITS = ["C", "D", "H", "S"]


def rank_of(card: str) -> str:
    """Return the rank part of a card's notation (``"10H"`` -> ``"10"``)."""
    return card[:-1]


@dataclass
class Rules:
    """The options of one game, as the rules pages name them, with their defaults.

    ``lowest_wins`` makes the game Peace (PEACE-BATTLE); ``joins`` is War's ``war_joins``
    or Peace's ``peace_joins``.
    """

    lowest_wins: bool = False
    players: int = 2
    face_down: int = 3
    pickup_order: str = "shuffled"
    out_of_cards: str = "last_card_stands"
    joins: str = "all"
    repeated_tie: str = "war"
    spare_cards: str = "set_aside"
    wars_to_win: int | None = None
    max_battles: int | None = None
    ranks: str = "2 3 4 5 6 7 8 9 10 J Q K A"
    suits: str = "CDHS"
    decks: int = 1


def war_rules(**options: object) -> Rules:
    """Return the rules of War with the given options (names of WAR's options table); a
    game has a 5000-battle limit by default (WAR-LIMIT)."""
    rules = Rules(max_battles=5000)
    for name, value in options.items():
        if name == "war_joins":
            rules.joins = str(value)
        elif name in ("players", "face_down", "decks"):
            setattr(rules, name, int(str(value)))
        elif name in ("wars_to_win", "max_battles"):
            setattr(rules, name, None if value is None else int(str(value)))
        elif name in ("pickup_order", "out_of_cards", "repeated_tie", "spare_cards", "ranks",
                      "suits"):
            setattr(rules, name, str(value))
        else:
            raise ValueError(f"War has no option {name!r}")
    return rules


def peace_rules(**options: object) -> Rules:
    """Return the rules of Peace with the given options (PEACE's options table).

    Peace is War with the lowest card best (PEACE-BATTLE), five face-down cards
    (PEACE-FACE-DOWN), a full peace after every tie (PEACE-TIE), short players laying what
    they have (PEACE-SHORT) and a 1000-battle limit by default (PEACE-LIMIT).
    """
    rules = Rules(lowest_wins=True, face_down=5, max_battles=1000)
    for name, value in options.items():
        if name == "peace_joins":
            rules.joins = str(value)
        elif name in ("players", "decks"):
            setattr(rules, name, int(str(value)))
        elif name == "max_battles":
            rules.max_battles = None if value is None else int(str(value))
        elif name in ("pickup_order", "spare_cards", "ranks", "suits"):
            setattr(rules, name, str(value))
        else:
            raise ValueError(f"Peace has no option {name!r}")
    return rules


def make_deck(rules: Rules) -> list[str]:
    """Return the deck in its canonical order (WAR-DECK, WAR-DEAL): copy after copy, each
    copy suit by suit (C, D, H, S), each suit's ranks from low to high."""
    wanted_ranks = rules.ranks.split()
    wanted_suits = [letter for letter in rules.suits.upper() if letter.strip()]
    deck = []
    for _copy in range(rules.decks):
        for suit in SUITS:
            if suit not in wanted_suits:
                continue
            for rank in RANKS:
                if rank in wanted_ranks:
                    deck.append(rank + suit)
    return deck


# --- what the oracle reports ------------------------------------------------------------------


@dataclass
class Battle:
    """What one battle did, and the whole position after it."""

    #: Each round's turns: ``(seat, cards laid face down, face-up card, standing)``.
    rounds: list[list[tuple[int, int, str, bool]]]
    #: The seat that took the table, or None if it was set aside (WAR-UNDECIDABLE).
    winner: int | None
    #: How many cards the table held.
    cards: int
    #: The seats that went out in this battle: they held cards when it began and hold
    #: none after it (WAR-OUT-OF-GAME, WAR-OUT-LOSE, WAR-UNDECIDABLE), in seat order.
    #: rules page silent: WAR-OBSERVE's "who went out" is not defined further; this is
    #: the reading the engine's ``BattleRecord.eliminated`` follows.
    eliminated: list[int]
    #: Every seat's stock after the battle, top card first.
    stocks: list[list[str]]
    #: Every seat's win pile after the battle (always empty but with ``win_pile``).
    won: list[list[str]]
    #: The set-aside cards after the battle, sorted (their order is never seen).
    set_aside: list[str]
    #: Wars won by each seat so far (WAR-WIN-WARS).
    wars_won: list[int]
    #: How many draws the generator has made so far.
    draws: int


@dataclass
class Game:
    """A whole game: the deal, every battle, and how it ended."""

    stocks: list[list[str]]
    set_aside: list[str]
    draws: int
    battles: list[Battle] = field(default_factory=list)
    termination: str = ""
    winners: list[int] = field(default_factory=list)


# --- the game ------------------------------------------------------------------------------


class Table:
    """The mutable position of one game, and the rules that move it on."""

    def __init__(self, rules: Rules, seed: int, deal: list[list[str]] | None = None) -> None:
        self.rules = rules
        self.rng = Generator(seed)
        n = rules.players
        self.stocks: list[list[str]] = [[] for _ in range(n)]
        self.won: list[list[str]] = [[] for _ in range(n)]
        self.set_aside: list[str] = []
        self.wars_won = [0] * n
        if deal is not None:
            # WAR-DEAL-EXPLICIT: the given stocks, nothing set aside.
            self.stocks = [list(stock) for stock in deal]
            return
        # WAR-DEAL: shuffle the canonical deck, deal one card at a time from seat 0.
        shuffled = self.rng.shuffle(make_deck(rules))
        each = len(shuffled) // n
        if rules.spare_cards == "set_aside":
            # WAR-SPARE: the last cards of the shuffled deck are set aside.
            dealt = shuffled[: each * n]
            self.set_aside = shuffled[each * n :]
        else:
            dealt = shuffled
        seat = 0
        for card in dealt:
            self.stocks[seat].append(card)
            seat = (seat + 1) % n

    def held(self, seat: int) -> int:
        """How many cards a seat holds: stock and win pile."""
        return len(self.stocks[seat]) + len(self.won[seat])

    def take_top(self, seat: int) -> str:
        """Take the top card of a seat's stock; with an empty stock, the win pile is
        shuffled and becomes the stock first (WAR-PICKUP-WIN-PILE)."""
        if not self.stocks[seat]:
            self.stocks[seat] = self.rng.shuffle(self.won[seat])
            self.won[seat] = []
        return self.stocks[seat].pop(0)

    def better(self, a: str, b: str) -> bool:
        """Whether card ``a`` beats card ``b``: higher rank in War, lower in Peace."""
        if self.rules.lowest_wins:
            return RANKS.index(rank_of(a)) < RANKS.index(rank_of(b))
        return RANKS.index(rank_of(a)) > RANKS.index(rank_of(b))

    def best_seats(self, face_up: dict[int, str], fighters: list[int]) -> list[int]:
        """The fighters whose face-up card is the best of the round (a tie if several)."""
        best: list[int] = []
        for seat in fighters:
            if not best or self.better(face_up[seat], face_up[best[0]]):
                best = [seat]
            elif not self.better(face_up[best[0]], face_up[seat]):
                best.append(seat)
        return best

    def battle(self) -> Battle:
        """Play one whole battle, wars included (WAR-STEP)."""
        rules = self.rules
        # WAR-OUT-OF-GAME: only the players holding cards take part.
        in_battle = [seat for seat in range(rules.players) if self.held(seat) > 0]
        laid: dict[int, list[str]] = {seat: [] for seat in in_battle}
        face_up: dict[int, str] = {}
        eliminated: list[int] = []
        rounds: list[list[tuple[int, int, str, bool]]] = []

        # WAR-BATTLE: everyone turns up their top card. rules page silent: the players
        # act "at the same time", but with a win pile the order of their refills is the
        # order of the generator's draws; the oracle takes the seats in increasing order,
        # here and in every war round, each seat laying all its cards of the round.
        turns = []
        for seat in in_battle:
            card = self.take_top(seat)
            laid[seat].append(card)
            face_up[seat] = card
            turns.append((seat, 0, card, False))
        rounds.append(turns)
        tied = self.best_seats(face_up, in_battle)

        winner: int | None = None
        war_rounds = 0
        while True:
            if len(tied) == 1:
                winner = tied[0]
                break
            # WAR-TIE: a war round. WAR-JOINS: who fights it.
            war_rounds += 1
            if rules.joins == "all":
                fighters = [seat for seat in in_battle if seat not in eliminated]
            else:
                fighters = list(tied)
            # WAR-UNDECIDABLE: no fighter has a card left to lay.
            if all(self.held(seat) == 0 for seat in fighters):
                winner = None
                break
            # WAR-FACE-DOWN, WAR-REPEAT: the face-down stake of this round.
            single = war_rounds > 1 and rules.repeated_tie == "single_card"
            stake = 0 if single else rules.face_down
            # WAR-OUT-LOSE, WAR-OUT-ALL-SHORT.
            if rules.out_of_cards == "lose":
                short = [seat for seat in fighters if self.held(seat) < stake + 1]
                if short and len(short) < len(fighters):
                    for seat in short:
                        # rules page silent: the order in which an eliminated player's
                        # remaining cards go onto the table. They are laid one by one
                        # from the top, like any card laid, so an empty stock takes the
                        # win pile, shuffled, first (WAR-PICKUP-WIN-PILE).
                        while self.held(seat) > 0:
                            laid[seat].append(self.take_top(seat))
                        eliminated.append(seat)
                    fighters = [seat for seat in fighters if seat not in short]
                    if len(fighters) == 1:
                        winner = fighters[0]
                        break
            elif rules.out_of_cards == "drop_out":
                # WAR-OUT-DROP: a fighter with no card left cannot fight: they lose the
                # war, and the others fight on (someone has a card: see above).
                fighters = [seat for seat in fighters if self.held(seat) > 0]
                if len(fighters) == 1:
                    winner = fighters[0]
                    break
            # WAR-FACE-DOWN, WAR-OUT: each fighter lays the round's cards, seat by seat.
            turns = []
            for seat in fighters:
                have = self.held(seat)
                if have == 0:
                    # WAR-OUT: the previous face-up card stands.
                    turns.append((seat, 0, face_up[seat], True))
                    continue
                down = min(stake, have - 1)
                for _ in range(down):
                    laid[seat].append(self.take_top(seat))
                card = self.take_top(seat)
                laid[seat].append(card)
                face_up[seat] = card
                turns.append((seat, down, card, False))
            rounds.append(turns)
            tied = self.best_seats(face_up, fighters)

        # The table, seat by seat, each seat's cards in the order laid.
        table: list[str] = []
        for seat in sorted(laid):
            table.extend(laid[seat])
        if winner is None:
            # WAR-UNDECIDABLE: the table is set aside, nobody takes it.
            self.set_aside.extend(table)
        else:
            if war_rounds > 0:
                # WAR-WIN-WARS: the whole tie sequence is one war, for the taker.
                self.wars_won[winner] += 1
            self.pick_up(winner, laid, table)
        return Battle(
            rounds=rounds,
            winner=winner,
            cards=len(table),
            eliminated=[seat for seat in in_battle if self.held(seat) == 0],
            stocks=[list(stock) for stock in self.stocks],
            won=[list(pile) for pile in self.won],
            set_aside=sorted(self.set_aside),
            wars_won=list(self.wars_won),
            draws=self.rng.counter,
        )

    def pick_up(self, winner: int, laid: dict[int, list[str]], table: list[str]) -> None:
        """Give the table to the winner in the order of ``pickup_order`` (WAR-PICKUP)."""
        order = self.rules.pickup_order
        if order == "shuffled":
            # WAR-PICKUP-SHUFFLED: the seat-order list, shuffled, under the stock.
            self.stocks[winner].extend(self.rng.shuffle(table))
        elif order == "seat_order":
            self.stocks[winner].extend(table)
        elif order == "winner_first":
            self.stocks[winner].extend(laid[winner])
            for seat in sorted(laid):
                if seat != winner:
                    self.stocks[winner].extend(laid[seat])
        elif order == "win_pile":
            # WAR-PICKUP-WIN-PILE: onto the win pile, seat by seat.
            # rules page silent: the order of the win pile that gets shuffled; the cards
            # are kept in the order they were won (older wins first).
            self.won[winner].extend(table)
        else:
            raise ValueError(f"unknown pickup order {order!r}")

    def position(self) -> tuple[object, ...]:
        """The position that WAR-CYCLE compares: the stocks, plus the wars won when
        ``wars_to_win`` is set."""
        stocks = tuple(tuple(stock) for stock in self.stocks)
        if self.rules.wars_to_win is None:
            return (stocks,)
        return (stocks, tuple(self.wars_won))


def brent_detection(first: int, length: int) -> int:
    """The battle after which WAR-CYCLE's detection ends a game whose positions first
    repeat with a cycle of ``length`` battles entered after ``first`` battles:
    ``2**k - 1 + length``, with ``2**k`` the smallest power of two at least ``first + 1``
    and at least ``length``."""
    power = 1
    while power < first + 1 or power < length:
        power *= 2
    return power - 1 + length


def play(rules: Rules, seed: int, deal: list[list[str]] | None = None) -> Game:
    """Play the whole game of ``seed`` under ``rules`` (or from an explicit ``deal``)."""
    table = Table(rules, seed, deal)
    game = Game(
        stocks=[list(stock) for stock in table.stocks],
        set_aside=sorted(table.set_aside),
        draws=table.rng.counter,
    )
    deterministic = rules.pickup_order in ("winner_first", "seat_order")
    seen: dict[tuple[object, ...], int] = {table.position(): 0}
    detect_at: int | None = None

    holders = [seat for seat in range(rules.players) if table.held(seat) > 0]
    if len(holders) == 1:
        # WAR-DEAL-EXPLICIT, WAR-WIN: only one seat holds cards.
        game.termination = "all_cards"
        game.winners = holders
        return game
    while True:
        battle = table.battle()
        game.battles.append(battle)
        count = len(game.battles)
        holders = [seat for seat in range(rules.players) if table.held(seat) > 0]
        taker = battle.winner
        if (
            rules.wars_to_win is not None
            and taker is not None
            and table.wars_won[taker] >= rules.wars_to_win
        ):
            # WAR-WIN-WARS (before WAR-WIN when both happen in one battle).
            game.termination = "wars_won"
            game.winners = [taker]
            return game
        if len(holders) == 1:
            # WAR-WIN (also after WAR-UNDECIDABLE leaves one player holding cards).
            game.termination = "all_cards"
            game.winners = holders
            return game
        if not holders:
            # WAR-UNDECIDABLE: nobody holds cards.
            game.termination = "undecidable"
            return game
        if deterministic and detect_at is None:
            # WAR-CYCLE, naively: remember every position; at the first repetition, work
            # out when Brent's algorithm notices it (documented formula).
            here = table.position()
            if here in seen:
                detect_at = brent_detection(seen[here], count - seen[here])
            else:
                seen[here] = count
        # rules page silent: which termination wins when the battle limit and the
        # detection of a repeated position fall on the same battle (the limit, here).
        if rules.max_battles is not None and count >= rules.max_battles:
            # WAR-LIMIT, PEACE-LIMIT.
            game.termination = "battle_limit"
            return game
        if detect_at is not None and count >= detect_at:
            game.termination = "repeated_position"
            return game
