"""The notation of Cold War's actions: :func:`parse_action` reads what ``str(action)``
writes.
"""

from __future__ import annotations

from cardwar.cards import CardError, parse_card, parse_rank
from cardwar.core import NotationError
from cardwar.variants.cold_war.rules import TOP, Play

__all__ = ["parse_action"]


def parse_action(text: str) -> Play:
    """Return the action written ``text``: a card (``QH``), or a Joker with its declared
    rank (``JK=Q``, ``JK=TOP``).

    >>> parse_action("jk=top")
    Play(card=Card.parse('JK'), declared=<Rank.JOKER: 15>)
    >>> str(parse_action("10h")), str(parse_action("JK=q"))
    ('10H', 'JK=Q')
    """
    if not isinstance(text, str):
        raise NotationError(f"bad action {text!r}: expected a str")
    card_text, sep, rank_text = text.strip().partition("=")
    try:
        card = parse_card(card_text)
        if card.is_joker != bool(sep):
            raise CardError("a Joker needs a declared rank (JK=Q, JK=TOP), other cards none")
        if not sep:
            return Play(card)
        key = rank_text.strip().upper()
        return Play(card, TOP if key == "TOP" else parse_rank(key))
    except CardError as err:
        raise NotationError(
            f"bad action {text!r}: expected a card such as QH, or JK=Q or JK=TOP ({err})"
        ) from None
