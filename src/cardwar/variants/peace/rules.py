"""The rules of Peace: its options, state, legal actions, step and outcome. Rule IDs
(PEACE-...) in comments are defined on the docs page ``rules/peace``; the battle
itself is the War family's engine (``cardwar.variants._battle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.cards import STANDARD_RANKS, Card, Rank, Suit, reduced_deck
from cardwar.core import (
    OptionError,
    Outcome,
    decks_option,
    enum_option,
    limit_option,
    make_options,
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
    "FACE_DOWN",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
    "STEP_NAME",
    "TITLE",
    "BattleRecord",
    "Options",
    "Pickup",
    "Play",
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
NAME = "peace"
#: Other names the registry accepts.
ALIASES: tuple[str, ...] = ("reverse-war", "mir")
#: The variant's name for people.
TITLE = "Peace"
#: Bumped whenever a rule changes what any game does; recorded in every game record.
RULES_VERSION = 1
#: The fewest players the variant allows.
MIN_PLAYERS = 2
#: The most players the variant allows (``None``: no maximum).
MAX_PLAYERS: int | None = 4
#: What one step of the game is called, for people.
STEP_NAME = "battle"
#: Whether the game plays itself (no seat ever makes a decision).
AUTOMATIC = True

#: Whether the seats choose at once: every choice of a round is hidden until all are in.
SIMULTANEOUS = True
#: Cards face down in a peace, one per letter of P-E-A-C-E (PEACE-FACE-DOWN).
FACE_DOWN = 5

#: The variant's state class.
State = BattleState


@attrs.frozen(slots=True, cache_hash=True)
class Options(Immutable):
    """The options of Peace; every field is a rule option documented on the rules page."""

    players: int = players_option(2, "Number of players, 2 to 4 (PEACE-PLAYERS).", 2, 4)
    pickup_order: Pickup = enum_option(
        Pickup.SHUFFLED,
        "How won cards go under the winner's stock, as in War (PEACE-PICKUP).",
        "pickup_order",
    )
    peace_joins: WarJoins = enum_option(
        WarJoins.ALL,
        "Who makes a peace with three or four players (PEACE-JOINS).",
        "peace_joins",
    )
    spare_cards: SpareCards = enum_option(
        SpareCards.SET_ASIDE,
        "Cards that do not divide evenly among the players, as in War (PEACE-DEAL).",
        "spare_cards",
    )
    max_battles: int | None = limit_option(
        "max_battles",
        "The game is a draw after this many battles without a winner; None for no limit "
        "(PEACE-LIMIT).",
        1000,
    )
    ranks: tuple[Rank, ...] = ranks_option(
        STANDARD_RANKS, "The ranks of the deck, for reduced decks (PEACE-DECK)."
    )
    suits: tuple[Suit, ...] = suits_option("The suits of the deck, for reduced decks (PEACE-DECK).")
    decks: int = decks_option(1, "How many copies of the deck are shuffled together (PEACE-DECK).")

    def __attrs_post_init__(self) -> None:
        _battle.check_players_fit(self.players, len(self.ranks), len(self.suits), self.decks)


_NOT_APPLICABLE = {
    "face_down": "does not apply to Peace: a peace always has five face-down cards, one for "
    "each letter of P-E-A-C-E (PEACE-FACE-DOWN)",
    "wars_to_win": "does not apply to Peace: the game is won by taking all the cards "
    "(PEACE-WIN)",
    "out_of_cards": "does not apply to Peace: a player short of cards always puts down what "
    "they have and turns the last one up (PEACE-SHORT)",
    "repeated_tie": "does not apply to Peace: a new tie always starts a new peace "
    "(PEACE-TIE)",
    "war_joins": "is called peace_joins in Peace (PEACE-JOINS)",
}


def options(**kwargs: Any) -> Options:
    """Return validated Peace options. War's options that the source says do not apply to
    Peace (``face_down`` above all) are refused with an error naming the option.

    >>> options(players=3).players
    3
    >>> options(face_down=1)
    Traceback (most recent call last):
    ...
    cardwar.core.OptionError: option 'face_down': does not apply to Peace: a peace always ...
    """
    for name in kwargs:
        if name in _NOT_APPLICABLE:
            raise OptionError(name, _NOT_APPLICABLE[name])
    return make_options(Options, kwargs)


_DEFAULT = Options()
_RULES: dict[object, Rules] = {}


def _rules(opts: object) -> Rules:
    if type(opts) is not Options:
        raise OptionsTypeError(f"options must be peace.Options, got {type(opts).__name__}")
    rules = _RULES.get(opts)
    if rules is None:
        rules = _RULES[opts] = Rules(
            low_wins=True,  # PEACE-BATTLE
            face_down=FACE_DOWN,  # PEACE-FACE-DOWN
            repeated_tie=RepeatedTie.WAR,  # PEACE-TIE: a new tie starts a new peace
            pickup=opts.pickup_order,
            out_of_cards=OutOfCards.LAST_CARD_STANDS,  # PEACE-SHORT
            joins=opts.peace_joins,
            wars_to_win=None,
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
    """Return the first state of the game of ``seed``, dealt as in War (PEACE-DEAL), or
    of the explicit ``deal`` (each seat's stock, top card first)."""
    opts = _DEFAULT if options is None else options
    rules = _rules(opts)
    return _battle.deal_game(
        opts, rules, seed, deck(opts), opts.players, opts.spare_cards, deal, _rng
    )




def step(state: State, action: Play) -> State:
    """Return the state after one whole battle, peaces included (PEACE-STEP)."""
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
    """Return ``None``: nobody makes decisions in Peace."""
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
