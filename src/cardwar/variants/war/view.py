"""What a seat of War sees (``WAR-OBSERVE``: card counts and the last battle's
face-up cards), and the text that shows War to people: the War family's, under
War's name.
"""

from __future__ import annotations

from typing import Any

from cardwar.variants._battle import view as _view
from cardwar.variants._battle.rules import check_game
from cardwar.variants._battle.view import BattleObservation, describe_battle, describe_deal
from cardwar.variants.war.rules import TITLE, Options, State

__all__ = [
    "Observation",
    "describe_battle",
    "describe_deal",
    "describe_step",
    "observe",
    "picture",
    "render_observation",
    "render_state",
    "render_table",
]

#: The variant's observation class.
Observation = BattleObservation

describe_step = _view.describe_step


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows: every seat's card counts and the last battle's face-up
    cards (WAR-OBSERVE); never the order of a stock or a face-down card."""
    if type(state) is not State or type(state.options) is not Options:
        check_game(state, Options, TITLE)
    return _view.observe(state, seat)


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text: every stock in order, and the last battle.

    >>> from cardwar import war
    >>> print(war.render_state(war.new_game(1, war.options(ranks="2 3", suits="S")),
    ...                          ascii=True))
    War, before the first battle
      seat 0 stock: ...
      seat 1 stock: ...
    """
    return _view.render_state(TITLE, state, ascii=ascii)


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: the stocks and win piles by their
    sizes, and the last battle."""
    return _view.render_table(TITLE, state, ascii=ascii)


def render_observation(observation: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text: every seat's card counts and the last battle."""
    return _view.render_observation(TITLE, observation, ascii=ascii)


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: the seats' ``views``) or of one seat's
    view (``cardwar.svg``)."""
    return _view.picture(TITLE, views, whole)
