"""The notation of Arneson's War's actions: :func:`parse_action` reads what ``str(action)``
writes.
"""

from __future__ import annotations

from cardwar.cards import CardError, parse_card
from cardwar.core import NotationError
from cardwar.variants.arneson.rules import Choose

__all__ = ["parse_action"]


def parse_action(text: str) -> Choose:
    """Return the action written ``text``: the notation of the chosen card, e.g. ``QH``."""
    try:
        return Choose(parse_card(text))
    except CardError as err:
        raise NotationError(f"bad action {text!r}: expected a card such as QH ({err})") from None
