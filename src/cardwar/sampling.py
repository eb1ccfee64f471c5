"""What every variant's ``sample_state`` shares (determinization, issue 20): checking its
arguments, the cards a seat has not seen, cutting a shuffle into places, and a new
generator for the sampled state. Each game's own ``sampling`` module says which places
are hidden."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from cardwar.cards import Card
from cardwar.errors import (
    ArgumentError,
    ObservationError,
    OptionsTypeError,
    StateError,
    check_int,
    check_observation,
    is_text,
    shown,
    wrong_type,
)
from cardwar.rng import Rng

__all__ = ["check_arguments", "cut", "fresh_rng", "sample_states", "unseen"]


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
    :class:`~cardwar.errors.ObservationError` if ``seen`` holds a card the deck has not.

    >>> from cardwar.cards import parse_cards
    >>> unseen(parse_cards("2S 3S 3S 4S"), parse_cards("3S"))
    [Card.parse('2S'), Card.parse('3S'), Card.parse('4S')]
    """
    if is_text(deck):
        raise wrong_type("unseen's deck", "an iterable of cards", deck)
    if is_text(seen):
        raise wrong_type("unseen's seen", "an iterable of cards", seen)
    try:
        left = Counter(seen)
    except TypeError:
        raise wrong_type("unseen's seen", "an iterable of cards", seen) from None
    out = []
    try:
        for card in deck:
            if left[card]:
                left[card] -= 1
            else:
                out.append(card)
    except TypeError:
        raise wrong_type("unseen's deck", "an iterable of cards", deck) from None
    if +left:
        raise ObservationError(
            "the observation shows cards the game's deck does not hold: "
            f"{sorted(map(str, +left))}")
    return out


def cut(cards: tuple[Card, ...], sizes: list[int]) -> list[tuple[Card, ...]]:
    """Return ``cards`` cut into consecutive parts of ``sizes`` (which add up to them).

    >>> cut((1, 2, 3), [2, 0, 1])
    [(1, 2), (), (3,)]
    """
    if type(cards) is not tuple:
        raise wrong_type("cut", "the cards as a tuple", cards)
    parts = []
    at = 0
    try:
        for n in sizes:
            if n < 0:
                break
            parts.append(cards[at:at + n])
            at += n
        else:
            if at == len(cards):
                return parts
    except TypeError:
        pass
    if is_text(sizes) or not isinstance(sizes, Iterable) \
            or any(type(n) is not int for n in sizes):
        raise wrong_type("cut's sizes", "a list of ints >= 0", sizes)
    raise ArgumentError(f"cut expects sizes >= 0 that add up to the {len(cards)} cards, "
                        f"got {shown(sizes)}")


def fresh_rng(rng: Rng) -> tuple[Rng, Rng]:
    """Return a generator for a sampled state, drawn from ``rng``, and ``rng`` advanced."""
    if type(rng) is not Rng:
        raise StateError(f"expected a cardwar.rng.Rng, got {type(rng).__name__}")
    word, rng = rng.bits()
    return Rng.from_seed(word), rng


S = TypeVar("S")


def sample_states(sample: Callable[[Any, Rng], tuple[S, Rng]], observation: Any, rng: Rng,
                  count: int) -> tuple[list[S], Rng]:
    """Return ``count`` states drawn one after another by ``sample`` (a variant's
    ``sample_state``) for ``observation``, and ``rng`` advanced past them: the
    determinizations of a search agent's decision.

    >>> from cardwar import arneson
    >>> seen = arneson.observe(arneson.new_game(3), 0)
    >>> states, rng = sample_states(arneson.sample_state, seen, Rng.from_seed(1), 2)
    >>> [arneson.observe(s, 0) == seen for s in states], rng.counter > 0
    ([True, True], True)
    """
    if not callable(sample):
        raise wrong_type("sample_states", "a variant's sample_state", sample)
    check_int(count, "sample_states's count", 0)
    states = []
    for _ in range(count):
        state, rng = sample(observation, rng)
        states.append(state)
    return states, rng
