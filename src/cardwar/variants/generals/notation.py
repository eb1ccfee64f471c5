"""The notation of General's War's actions: :func:`parse_action` reads what ``str(action)``
writes.
"""

from __future__ import annotations

from cardwar.cards import CardError, parse_card, parse_cards
from cardwar.core import NotationError
from cardwar.variants.generals.rules import Action, Challenge, Claim, Partner, Pass, Squad

__all__ = ["parse_action"]


def parse_action(text: str) -> Action:
    """Return the action written ``text``: ``pass``, ``claim AS``, ``challenge 2``,
    ``partner 2`` or ``squad 2H 5S KD``."""
    if not isinstance(text, str):
        raise NotationError(f"action notation must be a str, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError(
            f"bad action {text!r}: expected pass, claim, challenge, partner or squad"
        )
    head, rest = words[0].lower(), words[1:]
    try:
        if head == "pass" and not rest:
            return Pass()
        if head == "claim" and len(rest) == 1:
            return Claim(parse_card(rest[0]))
        # A seat is written in at most two ASCII digits (int() would also read other
        # scripts' digits, and refuse thousands of them with a message of its own).
        if (head in ("challenge", "partner") and len(rest) == 1 and rest[0].isascii()
                and rest[0].isdigit() and len(rest[0]) <= 2):
            return (Challenge if head == "challenge" else Partner)(int(rest[0]))
        if head == "squad" and 1 <= len(rest) <= 3:
            return Squad(parse_cards(rest))
    except CardError as err:
        raise NotationError(f"bad action {text!r}: {err}") from None
    raise NotationError(
        f"bad action {text!r}: expected pass, claim AS, challenge N, partner N or "
        "squad C C C"
    )
