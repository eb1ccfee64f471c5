"""The batch engine of the War family's automatic games (War and Peace): what
:func:`cardwar.batch.simulate` is given for them. Private: use :func:`cardwar.batch.simulate`.

A game's own ``_batch`` module (``cardwar.variants.war._batch``) binds a
:class:`Simulation` to its rules module, and its package names that module as its
``BATCH_ENGINE``. A simulation plays the game of every seed to its end and returns the
columns battles, wars, winner (-1 for a draw) and termination (codes of
:data:`TERMINATIONS`), either in the compiled kernel
(:mod:`cardwar.variants._battle._batch_numba`) or through ``new_game``/``step``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from cardwar.cards import Card
from cardwar.core import OptionError, Termination
from cardwar.variants._battle.rules import (
    OutOfCards,
    Pickup,
    Play,
    RepeatedTie,
    SpareCards,
    WarJoins,
)

__all__ = ["PICKUPS", "TERMINATIONS", "Simulation"]

#: The termination of each of the kernel's codes (``TERM_*``): code ``i`` is
#: ``TERMINATIONS[i]``.
TERMINATIONS: tuple[Termination, ...] = (
    Termination.ALL_CARDS,
    Termination.WARS_WON,
    Termination.BATTLE_LIMIT,
    Termination.REPEATED_POSITION,
    Termination.UNDECIDABLE,
)

#: The pickup orders as the kernels' ints (``PICKUP_*`` of the kernel; Arneson's War's
#: kernel shares them).
PICKUPS = {
    Pickup.SHUFFLED: 0,
    Pickup.WINNER_FIRST: 1,
    Pickup.SEAT_ORDER: 2,
    Pickup.WIN_PILE: 3,
}

#: The largest count the compiled kernel holds (its counters are signed 64-bit integers).
KERNEL_MAX = 2**63 - 1

_CODES = {t: i for i, t in enumerate(TERMINATIONS)}


def _too_long(options: Any, seed: int) -> None:
    """Raise for a game whose battles outgrow the 64-bit columns of a batch's results."""
    raise OptionError("wars_to_win", f"the game of seed {seed} lasts more than {KERNEL_MAX} "
                      f"battles (the whole cycles skipped to reach wars_to_win="
                      f"{options.wars_to_win}, WAR-CYCLE): more than a batch's 64-bit columns "
                      "hold; play it with step, whose counts have no bound")


def unrepresentable(options: Any) -> str | None:
    """Return the name of an option whose value the compiled kernel cannot hold, or
    ``None``. ``face_down`` is never one: any number above the deck's cards plays as the
    deck's size (every player is short in every war), so the kernel is given that."""
    for name in ("wars_to_win", "max_battles"):
        value = getattr(options, name, None)
        if value is not None and value > KERNEL_MAX:
            return name
    return None


class Simulation:
    """The batch engine of one automatic game of the family, given its rules module (its
    ``Options``, ``new_game``, ``step``, ``deck`` and the :class:`Rules` value of
    options, ``_rules``)."""

    def __init__(self, rules: ModuleType) -> None:
        self.rules = rules

    def arguments(self, options: Any) -> dict[str, Any]:
        """Return the kernel's arguments for ``options`` (the game's ``Rules``)."""
        import numpy as np

        rules = self.rules._rules(options)
        deck: tuple[Card, ...] = self.rules.deck(options)
        one = len(deck) // options.decks
        return {
            # A card is its index in one copy of the canonical deck: equal cards, equal ints.
            "deck": np.arange(len(deck), dtype=np.int16) % one,
            "strength": np.array(
                [-int(c.rank) if rules.low_wins else int(c.rank) for c in deck[:one]],
                dtype=np.int64,
            ),
            "players": options.players,
            "deal_spare": options.spare_cards is SpareCards.DEAL,
            # WAR-OUT: with more face-down cards than the game holds, every player in a war
            # is short of cards whatever the number, so the deck's size plays the same game.
            "face_down": min(rules.face_down, len(deck)),
            "single_card": rules.repeated_tie is RepeatedTie.SINGLE_CARD,
            "pickup": PICKUPS[rules.pickup],
            "lose": rules.out_of_cards is OutOfCards.LOSE,
            "drop_out": rules.out_of_cards is OutOfCards.DROP_OUT,
            "joins_tied": rules.joins is WarJoins.TIED,
            "wars_to_win": rules.wars_to_win or 0,
            "max_battles": rules.max_battles or 0,
        }

    def simulate(self, seeds: Any, options: Any) -> tuple[Any, Any, Any, Any]:
        """Play the game of every seed (a ``uint64`` array) in the compiled kernel; return
        the columns battles, wars, winner and termination."""
        import numpy as np

        from cardwar.variants._battle import _batch_numba

        battles, wars, winner, term = _batch_numba.play_games(seeds, **self.arguments(options))
        over = np.flatnonzero(term == _batch_numba.TERM_OVERFLOW)
        if over.size:
            _too_long(options, int(seeds[over[0]]))
        return battles, wars, winner, term

    def simulate_reference(self, seeds: Sequence[int], options: Any
                           ) -> tuple[list[int], list[int], list[int], list[int]]:
        """Play the game of every seed with ``new_game`` and ``step``; return the columns
        of :meth:`simulate` as lists."""
        new_game, step, play = self.rules.new_game, self.rules.step, Play.PLAY
        battles: list[int] = []
        wars: list[int] = []
        winners: list[int] = []
        terms: list[int] = []
        for seed in seeds:
            state = new_game(seed, options)
            while state.result is None:
                state = step(state, play)
            result = state.result
            if state.battles > KERNEL_MAX:
                _too_long(options, seed)
            battles.append(state.battles)
            wars.append(state.wars)
            winners.append(result.winners[0] if result.winners else -1)
            terms.append(_CODES[result.termination])
        return battles, wars, winners, terms
