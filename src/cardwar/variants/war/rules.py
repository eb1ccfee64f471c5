"""The rules of War: its options, state, legal actions, step and outcome. Rule IDs
(WAR-...) in comments are defined on the docs page ``rules/war``; the battle
itself is the War family's engine (``cardwar.variants._battle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import STANDARD_RANKS, Card, Rank, Suit, reduced_deck
from cardwar.core import (
    Outcome,
    decks_option,
    enum_option,
    int_converter,
    limit_option,
    make_options,
    option,
    players_option,
    ranks_option,
    suits_option,
)
from cardwar.errors import OptionsTypeError, check_state
from cardwar.rng import Rng
from cardwar.variants import _battle
from cardwar.variants._battle import (
    BattleRecord,
    BattleState,
    OutOfCards,
    Pickup,
    Play,
    RepeatedTie,
    Rules,
    SpareCards,
    Turn,
    WarJoins,
    num_players,
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
    "Options",
    "OutOfCards",
    "Pickup",
    "Play",
    "RepeatedTie",
    "SpareCards",
    "State",
    "Turn",
    "WarJoins",
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
NAME = "war"
#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("classic-war", "classic")
#: The variant's name for people.
TITLE = "War"
#: Bumped whenever a rule changes what any game does; recorded in every game record.
RULES_VERSION = 3
#: The fewest players the variant allows.
MIN_PLAYERS = 2
#: The most players the variant allows (``None``: no maximum).
MAX_PLAYERS: int | None = None
#: What one step of the game is called, for people.
STEP_NAME = "battle"
#: Whether the game plays itself (no seat ever makes a decision).
AUTOMATIC = True

#: Whether the seats choose at once: every choice of a round is hidden until all are in.
SIMULTANEOUS = True

#: The variant's state class.
State = BattleState


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of War; every field is a rule option documented on the rules page."""

    players: int = players_option(2, "Number of players (WAR-PLAYERS).", 2)
    face_down: int = option(
        3,
        "Cards each player puts face down in a war before the face-up card; 0 for none "
        "(WAR-FACE-DOWN).",
        int_converter("face_down", 0),
    )
    pickup_order: Pickup = enum_option(
        Pickup.SHUFFLED,
        "How won cards go under the winner's stock (WAR-PICKUP).",
        "pickup_order",
    )
    out_of_cards: OutOfCards = enum_option(
        OutOfCards.LAST_CARD_STANDS,
        "What a player short of cards in a war does (WAR-OUT).",
        "out_of_cards",
    )
    war_joins: WarJoins = enum_option(
        WarJoins.ALL,
        "Who fights a war with three or more players (WAR-JOINS).",
        "war_joins",
    )
    repeated_tie: RepeatedTie = enum_option(
        RepeatedTie.WAR,
        "What a tie inside a war does (WAR-REPEAT).",
        "repeated_tie",
    )
    spare_cards: SpareCards = enum_option(
        SpareCards.SET_ASIDE,
        "Cards that do not divide evenly among the players (WAR-SPARE).",
        "spare_cards",
    )
    wars_to_win: int | None = limit_option(
        "wars_to_win",
        "None: win by taking all the cards; N: the first player to win N wars wins (WAR-WIN-WARS).",
    )
    max_battles: int | None = limit_option(
        "max_battles",
        "None: no limit; N: the game is a draw after N battles without a winner (WAR-LIMIT).",
        5000,
    )
    ranks: tuple[Rank, ...] = ranks_option(
        STANDARD_RANKS, "The ranks of the deck, for reduced decks (WAR-DECK)."
    )
    suits: tuple[Suit, ...] = suits_option("The suits of the deck, for reduced decks (WAR-DECK).")
    decks: int = decks_option(1, "How many copies of the deck are shuffled together (WAR-DECK).")

    def __attrs_post_init__(self) -> None:
        _battle.check_players_fit(self.players, len(self.ranks), len(self.suits), self.decks)


def options(**kwargs: Any) -> Options:
    """Return validated War options; unknown names and bad values raise
    :class:`~cardwar.core.OptionError` naming the option.

    >>> options(face_down=1, pickup_order="winner_first").face_down
    1
    >>> options(face_down=-1)
    Traceback (most recent call last):
    ...
    cardwar.core.OptionError: option 'face_down': expected an int >= 0, got -1
    """
    return make_options(Options, kwargs)


_DEFAULT = Options()
_RULES: dict[object, Rules] = {}


def _rules(opts: object) -> Rules:
    if type(opts) is not Options:
        raise OptionsTypeError(f"options must be war.Options, got {type(opts).__name__}")
    rules = _RULES.get(opts)
    if rules is None:
        rules = _RULES[opts] = Rules(
            low_wins=False,
            face_down=opts.face_down,
            repeated_tie=opts.repeated_tie,
            pickup=opts.pickup_order,
            out_of_cards=opts.out_of_cards,
            joins=opts.war_joins,
            wars_to_win=opts.wars_to_win,
            max_battles=opts.max_battles,
        )
    return rules


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
    """Return the first state of the game of ``seed``: the deck shuffled by the seed's
    generator and dealt one at a time from seat 0 (WAR-DEAL), or the explicit ``deal``
    (each seat's stock, top card first), which must hold exactly the deck's cards.

    >>> small = options(ranks="2 3", suits="SH")
    >>> new_game(0, small, deal=["3S 2H", "2S 3H"]).stocks
    ((Card.parse('3S'), Card.parse('2H')), (Card.parse('2S'), Card.parse('3H')))
    >>> new_game(0, small, deal=["3S 2H", "2S 2H"])
    Traceback (most recent call last):
    ...
    cardwar.cards.DealError: the deal has duplicated cards: 2H (2 times, the deck has 1)
    """
    opts = _DEFAULT if options is None else options
    rules = _rules(opts)
    return _battle.deal_game(
        opts, rules, seed, deck(opts), opts.players, opts.spare_cards, deal, _rng
    )




def step(state: State, action: Play) -> State:
    """Return the state after one whole battle, wars included; ``state`` is unchanged.

    Raises :class:`~cardwar.core.IllegalActionError` for anything but ``Play.PLAY`` and
    :class:`~cardwar.core.GameOverError` once the game is over.
    """
    if type(state) is not State:
        check_state(state, State, TITLE)
    if state.result is not None or action is not Play.PLAY:
        _battle.check_action(state, action)
    rules = _RULES.get(state.options)
    if rules is None:
        if type(state.options) is not Options:
            raise _battle.other_game(state, TITLE)
        rules = _rules(state.options)
    return _battle.play_battle(state, rules)


_LEGAL = (Play.PLAY,)


def legal_actions(state: State) -> tuple[Play, ...]:
    """Return ``(Play.PLAY,)`` while the game runs, else ``()``."""
    if type(state) is not State or type(state.options) is not Options:
        _battle.check_game(state, Options, TITLE)
    return () if state.result is not None else _LEGAL


def to_act(state: State) -> int | None:
    """Return ``None``: nobody makes decisions in War."""
    if type(state) is not State or type(state.options) is not Options:
        _battle.check_game(state, Options, TITLE)
    return None


def outcome(state: State) -> Outcome | None:
    """Return the outcome, or ``None`` while the game runs."""
    if type(state) is not State or type(state.options) is not Options:
        _battle.check_game(state, Options, TITLE)
    return state.result


def cards_in_play(state: State) -> tuple[Card, ...]:
    """Return every card of the state: stocks, win piles and the set-aside cards."""
    if type(state) is not State or type(state.options) is not Options:
        _battle.check_game(state, Options, TITLE)
    return _battle.cards_in_play(state)
