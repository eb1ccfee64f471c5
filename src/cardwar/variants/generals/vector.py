"""A Gymnasium vector environment of General's War on the batch engine's compiled kernel
(the ``gymnasium`` and ``fast`` extras): many games of one learner's seat against
cardwar's compiled players, stepped together.

``GeneralsVectorEnv(num_envs, seat=0, opponents="heuristic", **options)``, also what
``gymnasium.make_vec("cardwar/generals-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` makes after ``import cardwar.gymnasium``, is a
``gymnasium.vector.VectorEnv`` whose sub-environment ``i`` plays, game for game, what
``CardwarEnv("generals", seat, opponents, **options)`` plays in a
``gymnasium.vector.SyncVectorEnv`` of ``num_envs`` of them, with the same seeds, for two
or four players and every option: the same observations (``float32``, the learner's
observation tensor and the squad cards it has picked so far), rewards (the learner's
``returns`` when its game ends: +1 or -1, 0 in a draw, and played on for places, the
learner's place spread from +1 to -1), terminations, ``info["action_mask"]`` (``int8``,
the learner's legal ids) and ``info["illegal_action"]`` (an illegal id loses the game on
the spot: reward -1, terminated), with Gymnasium's next-step automatic reset (the step
after a game ends deals the sub-environment's next game and ignores its action). The
learner chooses a squad one id per card, as the game's integer interface has it, and
each id is a step; the opponents choose whole actions. ``opponents`` is one kind for
every other seat or a list of kinds, one per other seat in seat order: ``random``,
``heuristic`` or ``heuristic:P`` (the heuristic with probability ``P``, a random move
otherwise), each seeded from the game's seed as ``CardwarEnv`` seeds them, each moving
inside the kernel as its agent would. ``shaping="points"`` adds the public environment's
shaped reward. The arrays it returns are new at every step (the caller's to keep and
write), and the legality of an id is judged by the environment's own copy of the mask.
``action_masks()`` gives the masks as booleans, one row per sub-environment (what
sb3-contrib's ``MaskablePPO`` asks a vectorised environment for). A game of four players
not played on for places can end before the learner's first decision (with
``claim_cards=0`` and a low target, say, if the learner is not chosen for the first
battle): then no id is legal, and its next step reports its result, whatever the id,
as ``CardwarEnv`` does.

>>> from cardwar.generals.vector import GeneralsVectorEnv
>>> envs = GeneralsVectorEnv(4, seat=2, opponents=["random", "heuristic:0.5", "heuristic"],
...                          players=4)
>>> envs.observation_space.shape, int(envs.single_action_space.n)
((4, 450), 66)

Then ``observation, info = envs.reset(seed=3)`` deals four games, and
``envs.step(ids)`` plays an id in each (``tests/test_vector_generals.py`` runs it against
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
from cardwar.variants import generals

__all__ = ["GeneralsVectorEnv"]

class GeneralsVectorEnv(KernelVectorEnv):
    """Many games of General's War, one seat each played by the learner (see the
    module)."""

    game: ClassVar[ModuleType] = generals

    def _allocate(self) -> tuple[int, int]:
        from cardwar.variants.generals import _batch

        # (The opponents' codes of cardwar._vector are the kernel's RANDOM, HEURISTIC and
        # MIXED: the kernel takes self._codes as they are.)
        self._stepper = stepper = _batch.Stepper(self.options)
        self._args = _batch.arguments(self.options, None)
        n = self.num_envs
        self._state: dict[str, Any] = {
            "masks": np.zeros((n, 4, 4), np.uint64), "seats": np.zeros((n, 6, 4), np.int64),
            "kills": np.zeros((n, 4, 4), np.int64), "reserve": np.zeros((n, 2, 64), np.int16),
            "game": np.zeros((n, 12), np.int64), "rng": np.zeros((n, 2), np.uint64),
            "scores": np.zeros((n, 4), np.int64), "partial": np.zeros((n, 4), np.int64),
            "keys": np.zeros((n, 4), np.uint64), "counters": np.zeros((n, 4), np.uint64),
        }
        self._work: dict[str, Any] = {
            "work": np.zeros(64, np.int16), "flags": np.zeros(4, np.int64),
            "legal": np.zeros(64, np.int64), "cards": np.zeros(64, np.int64),
        }
        return stepper.observation_size, stepper.num_actions

    def _terminations(self) -> tuple[Termination | None, ...]:
        from cardwar.variants.generals import _batch

        return _batch.TERMINATIONS

    def _ended(self) -> Any:
        from cardwar.variants.generals import _batch_numba as k

        return self._state["game"][:, k.TERM]

    def _run(self, actions: Any) -> None:
        from cardwar.variants.generals import _batch_numba as k

        self._observation = np.empty_like(self._observation)
        a, s, w, st = self._args, self._stepper, self._work, self._state
        k.step_against(actions, self._restart, self._seeds, self.seat, a["cfg"], self._codes,
                       self._below, s._ob, a["deck"], a["halves"], a["half_len"], a["value"],
                       s._index_of, s._pos_of, st["masks"], st["seats"], st["kills"],
                       st["reserve"], st["game"], st["rng"], st["scores"], st["partial"],
                       w["work"], w["flags"], w["legal"], w["cards"], st["keys"],
                       st["counters"], self._observation, self._mask.view(np.uint8),
                       self._rewards)

    def _measure(self) -> Any:
        """Return the ``points`` shape of every game now, from the learner's seat
        (:data:`cardwar.variants.generals.REWARD_SHAPES`, computed alike on the arrays):
        its score less the best other score, over the target, clipped into [-1, 1]."""
        from cardwar.variants.generals import _batch_numba as k

        seats = self._state["seats"][:, :, :self.players]
        scores = seats[:, k.BANKED] + seats[:, k.WON]
        others = np.delete(scores, self.seat, axis=1).max(axis=1)
        return lead_over(scores[:, self.seat] - others, self.options.target)
