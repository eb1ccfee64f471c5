"""The explicit-chance mode: every random event of a game is a chance node.

In the default mode a game's random events (the deal, pickup shuffles, later deals, the
dealer's lot) are drawn from the seeded generator inside the state. Here each of them is
offered instead, as OpenSpiel's card games offer every card dealt: a
:class:`ChanceState` is either a *chance node*, whose :func:`chance_outcomes` are
``(outcome, probability)`` pairs, or a *decision node* holding the game's ordinary state,
on which the seats act with :func:`step`.

Every random event of every variant is a draw ``below(n)`` of its generator (a shuffle of
k cards is k - 1 of them, Fisher-Yates from the last position down: the card that lands
in position i is chosen among the first i + 1). Here a draw is a chance node with the
``n`` outcomes ``0 .. n - 1``, each of probability exactly ``1/n``; the engine is the same
code in both modes, and a seeded game *is* the explicit-chance game whose outcomes are the
seeded generator's draws (the tests play both and compare them state by state). So the
two modes play the same distribution of games, the seeded one up to its generator's
documented bias (below 2**-50 per draw).

>>> from cardwar import caravan
>>> from cardwar.chance import apply_chance, chance_outcomes, is_chance_node, new_game
>>> node = new_game(caravan)
>>> is_chance_node(node), len(chance_outcomes(node))
(True, 54)
>>> while is_chance_node(node):
...     node = apply_chance(node, 0)
>>> caravan.to_act(node.state), len(node.state.hands[0])
(0, 8)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from cardwar._immutable import Immutable
from cardwar.core import GameOverError, IllegalActionError, Variant
from cardwar.errors import CardwarError, StateError
from cardwar.rng import ChanceRng, Draws, NeedChance
from cardwar.variants import as_variant
from cardwar.variants import variant as find_variant

__all__ = [
    "CHANCE",
    "ChanceError",
    "ChanceState",
    "apply_chance",
    "chance_outcomes",
    "is_chance_node",
    "new_game",
    "step",
    "to_act",
]

#: What :func:`to_act` returns at a chance node.
CHANCE = -1


@attrs.frozen(slots=True)
class ChanceState(Immutable):
    """A point of a game in the explicit-chance mode: a chance node (``state`` is
    ``None``) or a decision node (``state`` is the game's state)."""

    name: str
    """The variant's registry name."""
    options: Any
    """The game's options."""
    before: Any
    """The state before the step under way (``None`` while the game is being dealt)."""
    action: Any
    """The action of the step under way (``None`` while the game is being dealt)."""
    draws: tuple[int, ...]
    """The outcomes chosen so far for the step under way."""
    state: Any
    """The game's state once the step under way is complete; ``None`` at a chance node."""
    outcomes: int
    """How many outcomes the pending chance event has (0 at a decision node)."""

    @property
    def game(self) -> Variant:
        """Return the variant."""
        return find_variant(self.name)


def _resolve(game: Variant, options: Any, before: Any, action: Any,
             draws: tuple[int, ...]) -> ChanceState:
    rng = ChanceRng(Draws(draws), 0)
    try:
        if before is None:
            state = game.new_game(0, options, _rng=rng)
        else:
            state = game.step(attrs.evolve(before, rng=rng), action)
    except NeedChance as need:
        return ChanceState(game.NAME, options, before, action, draws, None, need.bound)
    return ChanceState(game.NAME, options, before, action, draws, state, 0)


def new_game(game: Variant | str, options: Any = None) -> ChanceState:
    """Return the start of a game of ``game`` under ``options`` (a value or a dict of
    keyword arguments) in the explicit-chance mode: the chance nodes of its deal."""
    found = as_variant(game, "game")
    if options is None or isinstance(options, dict):
        options = found.options(**(options or {}))
    return _resolve(found, options, None, None, ())


def _check_node(node: object) -> None:
    if type(node) is not ChanceState:
        raise StateError(f"expected a node of the explicit-chance mode (a ChanceState of "
                         f"cardwar.chance.new_game), got {type(node).__name__}")


def is_chance_node(node: ChanceState) -> bool:
    """Return whether ``node`` waits for a chance outcome."""
    _check_node(node)
    return node.state is None


def to_act(node: ChanceState) -> int | None:
    """Return :data:`CHANCE` at a chance node, else the game's ``to_act``."""
    _check_node(node)
    if node.state is None:
        return CHANCE
    return node.game.to_act(node.state)


def chance_outcomes(node: ChanceState) -> tuple[tuple[int, Fraction], ...]:
    """Return the outcomes of a chance node with their exact probabilities: ``0`` to
    ``n - 1``, each ``1/n``; ``()`` at a decision node."""
    _check_node(node)
    p = Fraction(1, node.outcomes) if node.outcomes else Fraction(0)
    return tuple((i, p) for i in range(node.outcomes))


class ChanceError(CardwarError, ValueError):
    """Raised for a chance outcome where there is none, or one out of range."""


def apply_chance(node: ChanceState, outcome: int) -> ChanceState:
    """Return the node after the chance event's ``outcome``."""
    _check_node(node)
    if node.state is not None:
        raise ChanceError("not a chance node: the seats act here (use step)")
    if type(outcome) is not int or not 0 <= outcome < node.outcomes:
        raise ChanceError(f"a chance outcome here is an int in [0, {node.outcomes - 1}], "
                          f"got {outcome!r}")
    return _resolve(node.game, node.options, node.before, node.action,
                    (*node.draws, outcome))


def step(node: ChanceState, action: Any) -> ChanceState:
    """Return the node after the acting seat's ``action`` (the game's own action): the
    next decision node, or the first chance node of the events the step draws."""
    _check_node(node)
    if node.state is None:
        raise ChanceError("a chance node: apply a chance outcome first")
    game = node.game
    if game.outcome(node.state) is not None:
        raise GameOverError(f"the game is over ({game.outcome(node.state)})")
    if action not in game.legal_actions(node.state):
        # The game's own message, before any event is drawn.
        game.step(node.state, action)
        raise IllegalActionError(f"{action!r} is not legal")  # pragma: no cover
    return _resolve(game, node.options, node.state, action, ())
