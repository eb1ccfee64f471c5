"""The notation of Peace's one action, ``play`` (one whole battle): the War family's."""

from __future__ import annotations

from cardwar.variants._battle.notation import parse_action

__all__ = ["parse_action"]
