"""A Gymnasium vector environment of Arneson's War on the batch engine's compiled kernel
(the ``gymnasium`` and ``fast`` extras): many games of one learner's seat against
cardwar's compiled players, stepped together.

``ArnesonVectorEnv(num_envs, seat=0, opponents="heuristic", **options)``, also what
``gymnasium.make_vec("cardwar/arneson-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` makes after ``import cardwar.gymnasium``, is a
``gymnasium.vector.VectorEnv`` whose sub-environment ``i`` plays, game for game, what
``CardwarEnv("arneson", seat, opponents, **options)`` plays in a
``gymnasium.vector.SyncVectorEnv`` of ``num_envs`` of them, with the same seeds: the same
observations (``float32``, the learner's observation tensor), rewards (the learner's
``returns`` when its game ends, plus the ``cards`` shape's rewards with
``shaping="cards"``), terminations, truncations (a game cut by ``max_battles``),
``info["action_mask"]`` (``int8``, the learner's legal ids: the cards of its hand) and
``info["illegal_action"]`` (an illegal id loses the game on the spot: reward -1,
terminated), with Gymnasium's next-step automatic reset (the step after a game ends deals
the sub-environment's next game and ignores its action).

Both players choose a card at once in every round, committed one seat at a time as the
public API commits them: seat 0 first, then seat 1, whose choice reveals both. So each
step of a learner in seat 0 plays its card, then the opponent's, which resolves the
round; a learner in seat 1 is asked once the opponent's card is committed, hidden (its
observation says only that the opponent has chosen). The opponent (``random``,
``heuristic`` or ``heuristic:P``, the heuristic with probability P, each seeded from the
game's seed as ``CardwarEnv`` seeds them) chooses inside the kernel, as
:func:`cardwar.batch.play` plays them. The arrays it returns are new at every step (the
caller's to keep and write), and the legality of an id is judged by the environment's
own copy of the mask. ``action_masks()`` gives the masks as booleans, one row per
sub-environment (what sb3-contrib's ``MaskablePPO`` asks a vectorised environment for).
Every option set of the game is played but those of games in which nobody chooses
(``hand_size=1`` under a deterministic ``pickup_order``, which the rules end by cycle
detection), refused with :class:`~cardwar.errors.ArgumentError`.

>>> from cardwar.arneson.vector import ArnesonVectorEnv
>>> envs = ArnesonVectorEnv(4, seat=1, opponents="heuristic:0.5")
>>> envs.observation_space.shape, int(envs.single_action_space.n)
((4, 330), 52)

Then ``observation, info = envs.reset(seed=3)`` deals four games, and
``envs.step(ids)`` plays an id in each (``tests/test_vector_arneson.py`` runs it against
the public environment, game for game; the kernel compiles on its first run).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from cardwar._extras import need

with need("vector", "gymnasium"):
    import numpy as np

from cardwar._vector import KernelVectorEnv
from cardwar.core import Termination
from cardwar.errors import ArgumentError
from cardwar.variants import arneson

__all__ = ["ArnesonVectorEnv"]


class ArnesonVectorEnv(KernelVectorEnv):
    """Many games of Arneson's War, one seat each played by the learner (see the
    module)."""

    game: ClassVar[ModuleType] = arneson

    def _allocate(self) -> tuple[int, int]:
        from cardwar.variants.arneson import _batch, encoding
        from cardwar.variants.arneson import _batch_numba as k

        refusal = _batch.refusal(self.options)
        if refusal is not None:
            raise ArgumentError(f"ArnesonVectorEnv does not play {refusal}")
        # The stepper's bounds of the observation, and the kernel's arguments with each
        # other seat's player.
        stepper = _batch.Stepper(self.options)
        self._ob = stepper._ob
        self._args = _batch.arguments(self.options, None)
        cfg = self._args["cfg"]
        for seat, code in enumerate(self._codes):  # (the kernel's codes are _vector's)
            if code >= 0:
                cfg[k.CFG_POLICY_0 + seat] = code
        n, d = self.num_envs, len(self._args["deck"])
        self._cards = np.zeros((n, k.CARD_ROWS, 2, d), np.int16)
        self._ints = np.zeros((n, k.INTS, 2), np.int64)
        self._rng = np.zeros((n, 2), np.uint64)
        self._out = np.zeros((n, k.OUT_SIZE), np.int64)
        self._work: dict[str, Any] = {
            "work": np.zeros(d, np.int16), "table": np.zeros(d, np.int16),
            "legal": np.zeros(d, np.int64), "agent_key": np.zeros((n, 2), np.uint64),
            "agent_counter": np.zeros((n, 2), np.uint64),
            "row": np.zeros(k.OBSERVATION_SIZE, np.float64),
        }
        return k.OBSERVATION_SIZE, encoding.num_actions(self.options)

    def _terminations(self) -> tuple[Termination | None, ...]:
        from cardwar.variants.arneson import _batch

        return _batch.TERMINATIONS

    def _ended(self) -> Any:
        return self._out[:, 1]

    def _run(self, actions: Any) -> None:
        from cardwar.variants.arneson import _batch_numba as k

        self._observation = np.empty_like(self._observation)
        a, w = self._args, self._work
        k.step_against(actions, self._restart, self._seeds, self.seat, a["cfg"], self._ob,
                       self._below, a["deck"], a["rank"], a["order"], w["work"], self._cards,
                       w["table"], w["legal"], self._ints, self._rng, self._out,
                       w["agent_key"], w["agent_counter"], w["row"], self._observation,
                       self._mask, self._rewards)

    def _measure(self) -> Any:
        """Return the ``cards`` shape of every game now, from the learner's seat
        (:data:`cardwar.variants.arneson.REWARD_SHAPES`: the share of the cards held, in
        hand, stock and win pile, against an equal share; computed alike on the
        arrays)."""
        from cardwar.variants.arneson import _batch_numba as k

        ints = self._ints
        held = ints[:, k.HELD] + ints[:, k.COUNT] + ints[:, k.WON]
        total = held.sum(axis=1)
        mine = held[:, self.seat]
        # (held / total - 1/2) / (1 - 1/2), as cardwar._shaping.card_share has it.
        share = (mine / np.maximum(total, 1) - 0.5) / 0.5
        return np.where(total == 0, 0.0, share)
