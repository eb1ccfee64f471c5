"""What every variant's ``sample_state`` shares (determinization, issue 20): checking its
arguments, the cards a seat has not seen, cutting a shuffle into places, and a new
generator for the sampled state. Each game's own ``sampling`` module says which places
are hidden."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardwar.cards import Card
from cardwar.errors import ObservationError, OptionsTypeError, StateError, check_observation
from cardwar.rng import Rng

__all__ = ["check_arguments", "cut", "fresh_rng", "unseen"]


def check_arguments(observation: object, observation_type: type, title: str,
                    options_type: type, rng: object) -> Any:
    """Return ``observation``'s options after checking that it is an observation of the
    game (of ``observation_type``, with options of ``options_type``) and that ``rng`` is
    a :class:`~cardwar.rng.Rng`; raise cardwar's own errors otherwise."""
    check_observation(observation, observation_type, title)
    opts = getattr(observation, "options", None)
    if type(opts) is not options_type:
        raise OptionsTypeError(
            f"expected an observation of {title}, whose options are "
            f"{options_type.__module__.split('.')[2]}.Options; got {type(opts).__name__}")
    if type(rng) is not Rng:
        raise StateError(f"expected a cardwar.rng.Rng, got {type(rng).__name__}")
    return opts


def unseen(deck: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """Return the cards of ``deck`` (in its order, so that a sample depends on its
    generator alone) that are not among ``seen``, counting copies; raise
    :class:`~cardwar.errors.ObservationError` if ``seen`` holds a card the deck has not."""
    left = Counter(seen)
    out = []
    for card in deck:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    if +left:
        raise ObservationError(
            "the observation shows cards the game's deck does not hold: "
            f"{sorted(map(str, +left))}")
    return out


def cut(cards: tuple[Card, ...], sizes: list[int]) -> list[tuple[Card, ...]]:
    """Return ``cards`` cut into consecutive parts of ``sizes`` (which add up to them)."""
    parts = []
    at = 0
    for n in sizes:
        parts.append(cards[at:at + n])
        at += n
    return parts


def fresh_rng(rng: Rng) -> tuple[Rng, Rng]:
    """Return a generator for a sampled state, drawn from ``rng``, and ``rng`` advanced."""
    word, rng = rng.bits()
    return Rng.from_seed(word), rng
