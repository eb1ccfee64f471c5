"""What the PettingZoo and Gymnasium layers share: a game in progress played by integer
ids (:class:`Table`), numpy views of its tensors and masks, and the mapping of any seed a
Gymnasium user passes to a cardwar seed. Needs numpy (the ``pettingzoo`` and
``gymnasium`` extras)."""

from __future__ import annotations

import hashlib
import operator
import secrets
from typing import Any

import numpy as np

from cardwar.core import Variant
from cardwar.encoding import TRUNCATIONS, step_index
from cardwar.rng import derive_seed
from cardwar.variants import variant as find_variant

__all__ = ["RENDER_MODES", "Table", "check_render_mode", "game_seed", "int8_mask"]

_SEEDS = 2**64


def game_seed(seed: object) -> int:
    """Return the cardwar seed of a seed a Gymnasium user may pass: an int from 0 to
    2**64 - 1 is the game's own seed (``reset(seed=7)`` plays the game of
    ``cardwar play NAME --seed 7``); any other int (negative, or of any size, a numpy
    integer included) is hashed to one (BLAKE2b of its decimal digits).

    >>> game_seed(7), game_seed(2**64) == game_seed(2**64), game_seed(-1) != game_seed(1)
    (7, True, True)
    """
    if isinstance(seed, bool):
        raise TypeError(f"a seed is an int, got {seed!r}")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"a seed is an int, got {seed!r}") from None
    if 0 <= value < _SEEDS:
        return value
    digest = hashlib.blake2b(str(value).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Table:
    """One game of a variant played by integer ids, with the numpy views learners use."""

    def __init__(self, name: str | Variant, options: dict[str, Any]) -> None:
        self.game: Variant = find_variant(name) if isinstance(name, str) else name
        self.options = self.game.options(**options)
        self.players = self.game.num_players(self.options)
        self.num_actions = self.game.num_actions(self.options)
        self.obs_size = (self.game.observation_shape(self.options)[0]
                         + self.game.partial_size(self.options))
        self._master: int | None = None
        self._games = 0
        self.state: Any = None
        self.seed = 0
        self.partial: tuple[int, ...] = ()
        self.steps = 0

    def reset(self, seed: object = None) -> None:
        """Start a new game: of ``seed`` if given; else the next of the last seed given
        (``derive_seed``), or a fresh random one if none was ever given."""
        if seed is not None:
            self._master, self._games = game_seed(seed), 0
            seed_now = self._master
        elif self._master is not None:
            self._games += 1
            seed_now = derive_seed(self._master, self._games)
        else:
            seed_now = secrets.randbits(64)
        self.seed = seed_now
        self.state = self.game.new_game(seed_now, self.options)
        self.partial = ()
        self.steps = 0

    @property
    def over(self) -> bool:
        """Return whether the game has ended."""
        return self.game.outcome(self.state) is not None

    @property
    def truncated(self) -> bool:
        """Return whether the game ended by a limit on its length."""
        result = self.game.outcome(self.state)
        return result is not None and result.termination in TRUNCATIONS

    def to_act(self) -> int:
        """Return the seat whose id comes next: the deciding seat, or in a game that
        plays itself, each seat in turn."""
        seat = self.game.to_act(self.state)
        return self.steps % self.players if seat is None else seat

    def play(self, index: int) -> None:
        """Play the id ``index`` (an int or a numpy integer) for the seat to act."""
        self.state, self.partial = step_index(self.game, self.state, self.partial,
                                              int(index))
        self.steps += 1

    def observation(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Return ``seat``'s observation tensor, and the ids it has chosen so far towards
        an action when it is the seat to act, as float32."""
        values = self.game.observation_tensor(self.game.observe(self.state, seat))
        if self.obs_size > len(values):
            partial = self.partial if seat == self.to_act() else ()
            values.extend(self.game.partial_tensor(self.options, partial))
        return np.frombuffer(values, dtype=np.float64).astype(np.float32)

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """Return the legal-action mask of ``seat``: the legal ids when it is to act,
        else none."""
        if self.over or seat != self.to_act():
            return np.zeros(self.num_actions, dtype=np.int8)
        return int8_mask(self.game.legal_action_mask(self.state, self.partial))

    def play_action(self, action: Any) -> None:
        """Play a whole action of the game's own (an agent's choice) for the seat to act."""
        self.state = self.game.step(self.state, action)
        self.steps += 1

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


def check_render_mode(render_mode: str | None) -> None:
    """Raise ``ValueError`` unless ``render_mode`` is one of :data:`RENDER_MODES` or
    ``None``."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got "
                         f"{render_mode!r}")


def int8_mask(mask: bytes) -> np.ndarray[Any, np.dtype[np.int8]]:
    """Return a legal-action mask of the library (bytes) as an int8 array."""
    return np.array(memoryview(mask), dtype=np.int8)
