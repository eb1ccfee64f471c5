"""A Gymnasium vector environment of Cold War on the batch engine's compiled kernel (the
``gymnasium`` and ``fast`` extras): many games of one learner's seat against cardwar's
compiled players, stepped together.

``ColdWarVectorEnv(num_envs, seat=0, opponents="heuristic", **options)``, also what
``gymnasium.make_vec("cardwar/cold-war-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` makes after ``import cardwar.gymnasium``, is a
``gymnasium.vector.VectorEnv`` whose sub-environment ``i`` plays, game for game, what
``CardwarEnv("cold-war", seat, opponents, **options)`` plays in a
``gymnasium.vector.SyncVectorEnv`` of ``num_envs`` of them, with the same seeds: the same
observations (``float32``, the learner's observation tensor), rewards (the learner's
``returns`` when its game ends: +1 for each seat with the best total, -1 for the others,
0 for all when the trick limit cuts the game), terminations, truncations (the trick
limit ``max_tricks``), ``info["action_mask"]`` (``int8``, the learner's legal ids) and
``info["illegal_action"]`` (an illegal id loses the game on the spot: reward -1,
terminated), with Gymnasium's next-step automatic reset (the step after a game ends
deals the sub-environment's next game and ignores its action).

A game has three or four seats (the option ``players``); every step of the environment is
one card of the learner's (a Joker with its declared rank is one id), and the other
seats play in between, across tricks, wars and deals, until the learner is to play again
or the game ends (a learner out of the deal waits while the others play it out). The
``opponents`` are ``random``, ``heuristic`` or ``heuristic:P`` (the heuristic with
probability ``P``, a random legal card otherwise: :class:`cardwar.agents.MixedAgent`):
one kind for every other seat, or a list of one kind per other seat in seat order. Each
is seeded from the game's seed as ``CardwarEnv`` seeds it, and moves inside the kernel
as :func:`cardwar.batch.play` plays it. ``shaping="points"`` (with ``shaping_scale``)
adds the shaped reward of :mod:`cardwar.rewards` as ``CardwarEnv`` pays it. The arrays it
returns are new at every step (the caller's to keep and write), and the legality of an
id is judged by the environment's own copy of the mask. ``action_masks()`` gives the
masks as booleans, one row per sub-environment (what sb3-contrib's ``MaskablePPO`` asks
a vectorised environment for).

>>> from cardwar.cold_war.vector import ColdWarVectorEnv
>>> envs = ColdWarVectorEnv(4, seat=2, opponents=["heuristic", "heuristic:0.5", "random"],
...                         players=4)
>>> envs.observation_space.shape, int(envs.single_action_space.n)
((4, 896), 66)

Then ``observation, info = envs.reset(seed=3)`` deals four games, and
``envs.step(ids)`` plays an id in each (``tests/test_vector_cold_war.py`` runs it against
the public environment, game for game; the kernel compiles on its first run).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from cardwar._extras import need

with need("vector", "gymnasium"):
    import numpy as np

from cardwar._vector import KernelVectorEnv, lead_over
from cardwar.core import Termination
from cardwar.variants import cold_war

__all__ = ["ColdWarVectorEnv"]

class ColdWarVectorEnv(KernelVectorEnv):
    """Many games of Cold War, one seat each played by the learner (see the module)."""

    game: ClassVar[ModuleType] = cold_war
    #: Each game's room for the positions of the repetition rule (COLDWAR-REPEAT) to begin
    #: with: values, and positions; doubled whenever a game needs more.
    ROOM: ClassVar[tuple[int, int]] = (1024, 64)

    def _allocate(self) -> tuple[int, int]:
        from cardwar.variants.cold_war import _batch, encoding
        from cardwar.variants.cold_war import _batch_numba as k

        self._stepper = stepper = _batch.Stepper(self.options)
        a = self._args = _batch.arguments(self.options, None)
        cfg = a["cfg"]
        for s, code in enumerate(self._codes):  # (the kernel's codes are _vector's)
            if code >= 0:
                cfg[k.CFG_POLICY + s] = code
        n = self.num_envs
        size = len(a["deck"])
        values, positions = self.ROOM
        self._state: dict[str, Any] = {
            "hands": np.zeros((n, 4, k.HAND), np.int16), "stock": np.zeros((n, size), np.int16),
            "pools": np.zeros((n, 4, size), np.int16),
            "recent": np.zeros((n, 4, k.HAND), np.int16),
            "table": np.zeros((n, size), np.int16), "tmeta": np.zeros((n, 2, size), np.int64),
            "plays": np.zeros((n, 4, 3), np.int64),
            "seats": np.zeros((n, k.SEAT_ROWS, 4), np.int64),
            "game": np.zeros((n, k.GAME_SIZE), np.int64), "order": np.zeros((n, 4), np.int64),
            "rng": np.zeros((n, 2), np.uint64),
            # The positions of COLDWAR-REPEAT per game; grown as needed.
            "seen": np.zeros((n, values), np.int64),
            "starts": np.zeros((n, positions), np.int64),
            "hashes": np.zeros((n, positions), np.uint64),
        }
        self._work: dict[str, Any] = {
            "fighters": np.zeros(4, np.int64), "legal": np.zeros(4, np.int64),
            "position": np.zeros(1 + 5 * 4 + size, np.int64),
            "agent_key": np.zeros((n, 4), np.uint64),
            "agent_counter": np.zeros((n, 4), np.uint64),
            "row": np.zeros(stepper.observation_size, np.float64),
        }
        return stepper.observation_size, encoding.num_actions(self.options)

    def _terminations(self) -> tuple[Termination | None, ...]:
        from cardwar.variants.cold_war import _batch

        return _batch.TERMINATIONS

    def _ended(self) -> Any:
        from cardwar.variants.cold_war import _batch_numba as k

        return self._state["game"][:, k.TERM]

    def _run(self, actions: Any) -> None:
        from cardwar.variants.cold_war import _batch_numba as k

        self._observation = np.empty_like(self._observation)
        a, st, w = self._args, self._state, self._work
        first = 0
        while True:
            first = int(k.step_against(
                first, actions, self._restart, self._seeds, self.seat, a["cfg"], self._below,
                self._stepper._ob, a["deck"], a["rank"], a["key"], a["points"], a["suit"],
                a["place"], a["decl"], st["hands"], st["stock"], st["pools"], st["recent"],
                st["table"], st["tmeta"], st["plays"], st["seats"], st["game"], st["order"],
                st["rng"], st["seen"], st["starts"], st["hashes"], w["fighters"], w["legal"],
                w["position"], w["agent_key"], w["agent_counter"], w["row"],
                self._observation, self._mask, self._rewards))
            if first == k.STEPPED:
                return
            # Game ``first``'s positions fill their buffers: every game's buffers double.
            for name in ("seen", "starts", "hashes"):
                old = st[name]
                st[name] = np.zeros((old.shape[0], 2 * old.shape[1]), old.dtype)
                st[name][:, :old.shape[1]] = old

    def _measure(self) -> Any:
        """Return the ``points`` shape of every game now, from the learner's seat
        (:data:`cardwar.variants.cold_war.REWARD_SHAPES`, computed alike on the arrays):
        the learner's total less the best other total, over the target, clipped to
        [-1, 1]."""
        from cardwar.variants.cold_war import _batch_numba as k

        totals = self._state["seats"][:, k.TOTAL, :self.players]
        others = np.delete(totals, self.seat, axis=1).max(axis=1)
        return lead_over(totals[:, self.seat] - others, self.options.target)
