"""What the PettingZoo and Gymnasium layers share: a game in progress played by integer
ids (:class:`Table`), numpy views of its tensors and masks, the checks of what a user
hands them (action ids, seeds, render modes), and the mapping of any seed a Gymnasium
user passes to a cardwar seed. Needs numpy (the ``pettingzoo`` and ``gymnasium``
extras)."""

from __future__ import annotations

import secrets
from typing import Any, cast

import numpy as np

from cardwar.core import Variant
from cardwar.encoding import TRUNCATIONS, step_index
from cardwar.errors import ActionTypeError, ArgumentError, ArgumentTypeError, shown, wrong_type
from cardwar.rng import derive_seed, game_seed
from cardwar.variants import as_variant

__all__ = ["RENDER_MODES", "Table", "action_id", "check_render_mode", "game_seed"]



def action_id(action: object) -> int:
    """Return the action id ``action`` as an int: a Python int, or a numpy integer scalar
    or 0-d integer array (what Gymnasium's spaces' ``sample()`` returns). Raise
    :class:`~cardwar.errors.ActionTypeError` for anything else (a bool, a float, a str or
    bytes, ``None``...): nothing is coerced. Whether the int is an id of the game is
    for the game to say.

    >>> action_id(3), action_id(np.int64(3)), action_id(np.array(3))
    (3, 3, 3)
    >>> action_id(2.7)
    Traceback (most recent call last):
    ...
    cardwar.errors.ActionTypeError: an action id is an int, got float 2.7
    """
    if type(action) is int:
        return action
    if (isinstance(action, (np.integer, np.ndarray)) and action.shape == ()
            and action.dtype.kind in "iu"):
        return int(action)
    raise ActionTypeError(f"an action id is an int, got {type(action).__name__} "
                          f"{shown(action)}")


def check_reset_options(options: object) -> None:
    """Raise :class:`~cardwar.errors.ArgumentTypeError` unless ``options`` (``reset``'s
    argument, not used) is ``None`` or a dict."""
    if options is not None and not isinstance(options, dict):
        raise wrong_type("reset", "options that are a dict or None (they are not used: a "
                         "game's options are fixed when the environment is made)", options)


class Table:
    """One game of a variant played by integer ids, with the numpy views learners use.

    What the environments ask of the game at every step (the outcome, the seat to act,
    the legal-action mask) is worked out once per position and kept until the next
    move."""

    def __init__(self, name: str | Variant, options: dict[str, Any]) -> None:
        self.game: Variant = as_variant(name, "name")
        self.options = self.game.options(**options)
        self.players = self.game.num_players(self.options)
        self.num_actions = self.game.num_actions(self.options)
        self.obs_size = (self.game.observation_shape(self.options)[0]
                         + self.game.partial_size(self.options))
        self._extra = self.obs_size > self.game.observation_shape(self.options)[0]
        self._none = bytes(self.num_actions)
        self._master: int | None = None
        self._games = 0
        self.state: Any = None
        self.seed = 0
        self.partial: tuple[int, ...] = ()
        self.steps = 0
        self.result: Any = None
        self._deciding: int | None = None
        self._legal: bytes | None = None

    def next_seed(self, seed: object = None) -> tuple[int | None, int, int]:
        """Return what :meth:`start` needs to start the game :meth:`reset` would start
        (checking ``seed`` first), without starting it."""
        if seed is not None:
            master = game_seed(seed)
            return master, 0, master
        if self._master is not None:
            return self._master, self._games + 1, derive_seed(self._master, self._games + 1)
        return None, 0, secrets.randbits(64)

    def start(self, planned: tuple[int | None, int, int]) -> None:
        """Start the game that :meth:`next_seed` planned."""
        state = self.game.new_game(planned[2], self.options)
        self._master, self._games, self.seed = planned
        self._moved(state, ())
        self.steps = 0

    def reset(self, seed: object = None) -> None:
        """Start a new game: of ``seed`` if given; else the next of the last seed given
        (``derive_seed``), or a fresh random one if none was ever given."""
        self.start(self.next_seed(seed))

    def _moved(self, state: Any, partial: tuple[int, ...]) -> None:
        self.state, self.partial = state, partial
        self.result = self.game.outcome(state)
        self._deciding = self.game.to_act(state)
        self._legal = None

    def snapshot(self) -> tuple[Any, ...]:
        """Return what :meth:`restore` needs to put the table back as it is now."""
        return (self.state, self.partial, self.steps, self._master, self._games, self.seed,
                self.result, self._deciding, self._legal)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Put the table back as it was at :meth:`snapshot`."""
        (self.state, self.partial, self.steps, self._master, self._games, self.seed,
         self.result, self._deciding, self._legal) = snapshot

    @property
    def over(self) -> bool:
        """Return whether the game has ended."""
        return self.result is not None

    @property
    def truncated(self) -> bool:
        """Return whether the game ended by a limit on its length."""
        return self.result is not None and self.result.termination in TRUNCATIONS

    @property
    def deciding(self) -> int | None:
        """Return the seat whose decision the next id is, ``None`` when it needs none (a
        game that plays itself, or one that has ended)."""
        return self._deciding

    def to_act(self) -> int:
        """Return the seat whose id comes next: the deciding seat, or in a game that
        plays itself, each seat in turn."""
        seat = self._deciding
        return self.steps % self.players if seat is None else seat

    def play(self, index: object) -> None:
        """Play the id ``index`` (checked by :func:`action_id`) for the seat to act; an
        id the game refuses raises its error and changes nothing."""
        state, partial = step_index(self.game, self.state, self.partial, action_id(index))
        self._moved(state, partial)
        self.steps += 1

    def play_action(self, action: Any) -> None:
        """Play a whole action of the game's own (an agent's choice) for the seat to act."""
        self._moved(self.game.step(self.state, action), ())
        self.steps += 1

    def legal(self) -> bytes:
        """Return the legal-action mask of the position (``num_actions`` bytes, none
        legal once the game has ended)."""
        if self._legal is None:
            self._legal = (self._none if self.result is not None
                           else self.game.legal_action_mask(self.state, self.partial))
        return self._legal

    def observation(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Return ``seat``'s observation tensor, and the ids it has chosen so far towards
        an action when it is the seat to act, as float32 (a new array)."""
        values = self.game.observation_tensor(self.game.observe(self.state, seat))
        if self._extra:
            partial = self.partial if seat == self.to_act() else ()
            values.extend(self.game.partial_tensor(self.options, partial))
        return np.frombuffer(values, dtype=np.float64).astype(np.float32)

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """Return the legal-action mask of ``seat`` as int8 (a new array): the legal ids
        when it is to act, else none."""
        if seat != self.to_act():
            return np.zeros(self.num_actions, dtype=np.int8)
        return cast(np.ndarray[Any, np.dtype[np.int8]],
                    np.frombuffer(self.legal(), dtype=np.int8).copy())

    def bool_mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Return :meth:`mask` as booleans (a new array)."""
        if seat != self.to_act():
            return np.zeros(self.num_actions, dtype=np.bool_)
        return cast(np.ndarray[Any, np.dtype[np.bool_]],
                    np.frombuffer(self.legal(), dtype=np.bool_).copy())

    def render(self, mode: str | None) -> str | None:
        """Render the whole table (hidden cards included) as an environment does in
        ``mode``: ``None`` renders nothing, ``ansi`` returns the text, ``human`` prints
        it."""
        if mode is None:
            return None
        text = self.game.render_state(self.state)
        if mode == "human":
            print(text)
            return None
        return text


#: The render modes of the environments.
RENDER_MODES = ["ansi", "human"]


def check_render_mode(render_mode: object) -> None:
    """Raise :class:`~cardwar.errors.ArgumentError` (a ``ValueError``) unless
    ``render_mode`` is one of :data:`RENDER_MODES` or ``None``."""
    if render_mode is None:
        return
    if type(render_mode) is not str:
        raise ArgumentTypeError(f"render_mode must be one of {RENDER_MODES} or None, got "
                                f"{type(render_mode).__name__} {shown(render_mode)}")
    if render_mode not in RENDER_MODES:
        raise ArgumentError(f"render_mode must be one of {RENDER_MODES} or None, got "
                            f"{render_mode!r}")
