"""What a seat of Peace sees (``PEACE-OBSERVE``: card counts and the last battle's
face-up cards), and the text that shows Peace to people: the War family's, under
Peace's name.
"""

from __future__ import annotations

from typing import Any

from cardwar.variants._battle import BattleRecord, Play
from cardwar.variants._battle import view as _view
from cardwar.variants._battle.rules import check_game
from cardwar.variants._battle.view import BattleObservation, describe_deal
from cardwar.variants.peace.rules import TITLE, Options, State

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

#: What Peace calls the rounds that follow a tie.
TIE = "peace"


def describe_battle(number: int, record: BattleRecord, *, ascii: bool = True) -> list[str]:
    """Return the lines that show one battle, its ties named peaces (PEACE-TIE)."""
    return _view.describe_battle(number, record, ascii=ascii, tie=TIE)


def describe_step(before: State, action: Play, after: State, *, ascii: bool = False) -> str:
    """Return the battle that ``action`` played, with the cards each seat holds after it;
    its ties are named peaces."""
    return _view.describe_step(before, action, after, ascii=ascii, tie=TIE)


def observe(state: State, seat: int) -> Observation:
    """Return what ``seat`` knows: every seat's card counts and the last battle's face-up
    cards (PEACE-OBSERVE); never the order of a stock or a face-down card."""
    if type(state) is not State or type(state.options) is not Options:
        check_game(state, Options, TITLE)
    return _view.observe(state, seat)


def render_state(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as text: every stock in order, and the last battle.

    >>> from cardwar import peace
    >>> print(peace.render_state(peace.new_game(1, peace.options(ranks="2 3", suits="S")),
    ...                          ascii=True))
    Peace, before the first battle
      seat 0 stock: ...
      seat 1 stock: ...
    """
    return _view.render_state(TITLE, state, ascii=ascii, tie=TIE)


def render_table(state: State, *, ascii: bool = False) -> str:
    """Return the whole state as a replay shows it: the stocks and win piles by their
    sizes, and the last battle."""
    return _view.render_table(TITLE, state, ascii=ascii, tie=TIE)


def render_observation(observation: Observation, *, ascii: bool = False) -> str:
    """Return one seat's view as text: every seat's card counts and the last battle."""
    return _view.render_observation(TITLE, observation, ascii=ascii, tie=TIE)


def picture(views: Any, whole: bool) -> Any:
    """Return the picture of a state (``whole``: the seats' ``views``) or of one seat's
    view (``cardwar.svg``)."""
    return _view.picture(TITLE, views, whole, tie="peace")
