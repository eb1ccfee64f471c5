"""Agents of Peace: none are needed, since Peace plays itself (no seat ever decides)."""

from __future__ import annotations

from cardwar.core import Agent

__all__ = ["heuristic"]


def heuristic(seed: int) -> Agent | None:
    """Return ``None``: Peace has no decisions, so it has no heuristic agent."""
    del seed
    return None
