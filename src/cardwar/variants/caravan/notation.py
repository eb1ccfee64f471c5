"""The notation of Caravan's actions: :func:`parse_action` reads what ``str(action)``
writes.
"""

from __future__ import annotations

import re

from cardwar.cards import CardError, parse_card
from cardwar.core import NotationError
from cardwar.variants.caravan.rules import _PIPS, CARAVAN_NAMES, Action, Disband, Discard, Play

__all__ = ["parse_action"]


# Plain ASCII digits only: ``re.ASCII`` keeps other scripts' digits (which int() reads) out.
_PLAY_TEXT = re.compile(
    r"^\s*(?P<card>[^\s>]+)\s*>\s*(?P<car>[A-Fa-f])\s*(?P<at>\d+)?\s*$", re.ASCII
)
#: The most digits a card's position on a caravan is written with: no caravan holds more
#: cards than a few decks, and a longer number is refused before int() reads it.
_MAX_DIGITS = 4


_WORD_TEXT = re.compile(r"^\s*(?P<verb>discard|disband)\s+(?P<arg>\S+)\s*$", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Return the action written ``text``: ``7H>A``, ``QS>E3``, ``discard 7H`` or
    ``disband B`` (CARAVAN-NOTATION).

    >>> parse_action("qs > e3")
    Play(card=Card.parse('QS'), caravan=4, target=2)
    >>> str(parse_action("Disband b"))
    'disband B'
    """
    if not isinstance(text, str):
        raise NotationError(f"action notation must be a str, got {type(text).__name__}")
    found = _PLAY_TEXT.match(text)
    try:
        if found is not None:
            card = parse_card(found["card"])
            car = CARAVAN_NAMES.index(found["car"].upper())
            at = found["at"]
            if card.rank in _PIPS:
                if at is not None:
                    raise NotationError(
                        f"bad action {text!r}: a number card goes on the end of a caravan "
                        f"(write {card}>{found['car'].upper()}), not on a card"
                    )
                return Play(card, car)
            if at is not None and len(at) > _MAX_DIGITS:
                raise NotationError(
                    f"bad action {text[:40]!r}...: the card's position on the caravan has "
                    f"{len(at)} digits; at most {_MAX_DIGITS}"
                )
            if at is None or int(at) < 1:
                raise NotationError(
                    f"bad action {text!r}: a face card or Joker needs the number card it "
                    f"goes on, counted from 1 (such as {card}>{found['car'].upper()}1)"
                )
            return Play(card, car, int(at) - 1)
        word = _WORD_TEXT.match(text)
        if word is not None:
            verb, arg = word["verb"].lower(), word["arg"]
            if verb == "discard":
                return Discard(parse_card(arg))
            if len(arg) == 1 and arg.upper() in CARAVAN_NAMES:
                return Disband(CARAVAN_NAMES.index(arg.upper()))
            raise NotationError(f"bad action {text!r}: disband names a caravan, A to F")
    except CardError as err:
        raise NotationError(f"bad action {text!r}: {err}") from None
    raise NotationError(
        f"bad action {text!r}: expected a play such as 7H>A or QS>E3, 'discard 7H' or "
        "'disband B'"
    )
