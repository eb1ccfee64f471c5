"""What a toy variant registered by a test needs beyond its rules: the members of the
:class:`~cardwar.core.Variant` protocol that show a game to people, built from the shared
field-by-field rendering (:func:`cardwar.render.render_fields`), no heuristic agent, and
the integer interface from the list of its actions."""

from __future__ import annotations

from typing import Any

from cardwar.encoding import ListedCodec
from cardwar.render import render_fields


def presentation(title: str, step_name: str = "step") -> dict[str, Any]:
    """Return the protocol members that render and describe a toy game titled ``title``
    field by field, and say it has no heuristic agent."""
    return {
        "STEP_NAME": step_name,
        "SIMULTANEOUS": False,
        "render_state": lambda state, *, ascii=False: render_fields(title, state, ascii=ascii),
        "render_observation": lambda obs, *, ascii=False: render_fields(
            f"{title}, seat {obs.seat}'s view", obs, ascii=ascii),
        "describe_deal": lambda state, *, ascii=False: "",
        "describe_step": lambda before, action, after, *, ascii=False: f"{action}",
        "heuristic": lambda seed: None,
    }


def add_listed_codec(module: Any, actions: Any, max_length: int | None = None) -> None:
    """Give a toy game built as ``module`` its integer interface from the list of all its
    actions (:class:`cardwar.encoding.ListedCodec`)."""
    for name, member in ListedCodec(module, actions, max_length).members().items():
        setattr(module, name, member)
