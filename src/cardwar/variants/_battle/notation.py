"""The notation of an automatic battle game's one action, ``play``.
"""

from __future__ import annotations

from cardwar.core import NotationError
from cardwar.variants._battle.rules import Play

__all__ = ["parse_action"]


def parse_action(text: str) -> Play:
    """Return the action written ``text``: ``play`` is the only action of an automatic
    game."""
    if isinstance(text, str) and text.strip().lower() == "play":
        return Play.PLAY
    raise NotationError(f"bad action {text!r}: the only action of this game is 'play'")
