"""A Gymnasium vector environment of Caravan on the batch engine's compiled kernel (the
``gymnasium`` and ``fast`` extras): many games of one learner's seat against cardwar's
compiled players, stepped together.

``CaravanVectorEnv(num_envs, seat=0, opponents="heuristic", **options)``, also what
``gymnasium.make_vec("cardwar/caravan-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` makes after ``import cardwar.gymnasium``, is a
``gymnasium.vector.VectorEnv`` whose sub-environment ``i`` plays, game for game, what
``CardwarEnv("caravan", seat, opponents, **options)`` plays in a
``gymnasium.vector.SyncVectorEnv`` of ``num_envs`` of them, with the same seeds: the same
observations (``float32``, the learner's observation tensor), rewards (the learner's
``returns`` when its game ends), terminations, truncations, ``info["action_mask"]``
(``int8``, the learner's legal ids) and ``info["illegal_action"]`` (an illegal id loses
the game on the spot: reward -1, terminated), with Gymnasium's next-step automatic reset
(the step after a game ends deals the sub-environment's next game and ignores its
action). The opponent (``random``, ``heuristic`` or ``heuristic:P``, the heuristic with
probability P, each seeded from the game's seed as ``CardwarEnv`` seeds them) moves
inside the kernel, as :func:`cardwar.batch.play` plays the first two and
:class:`cardwar.agents.MixedAgent` the third (its coin and its random moves drawn from
its own generator); any other kind is refused with
:class:`~cardwar.errors.ArgumentError`. The arrays it returns are new at every step (the
caller's to keep and write), and the legality of an id is judged by the environment's
own list of the legal ids (kept inside, which no write to a returned array changes).
``action_masks()`` gives the masks as booleans, one row per
sub-environment (what sb3-contrib's ``MaskablePPO`` asks a vectorised environment for).

>>> from cardwar.caravan.vector import CaravanVectorEnv
>>> envs = CaravanVectorEnv(4, opponents="random")
>>> envs.observation_space.shape, int(envs.single_action_space.n)
((4, 1133), 3419)

Then ``observation, info = envs.reset(seed=3)`` deals four games, and
``envs.step(ids)`` plays an id in each (``tests/test_vector.py`` runs it against the
public environment, game for game; the kernel compiles on its first run).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from cardwar._extras import need

with need("vector", "gymnasium"):
    import numpy as np

from cardwar._vector import KernelVectorEnv
from cardwar.core import Termination
from cardwar.variants import caravan
from cardwar.variants.caravan.rules import SALE_MAX, SALE_MIN

__all__ = ["CaravanVectorEnv"]


class CaravanVectorEnv(KernelVectorEnv):
    """Many games of Caravan, one seat each played by the learner (see the module)."""

    game: ClassVar[ModuleType] = caravan
    #: (3,419 ids, about 21 legal at a time: the kernel keeps each game's list of legal ids
    #: and judges the learner's id from it.)
    _judges: ClassVar[bool] = True

    def _allocate(self) -> tuple[int, int]:
        from cardwar.variants.caravan import _batch, encoding
        from cardwar.variants.caravan import _batch_numba as k

        self._stepper = _batch.Stepper(self.options)
        self._args = _batch.arguments(self.options, None)
        # The other seat's player (the kernel's codes are _vector's); MixedAgent's coin for
        # heuristic:P is the base's _below.
        for seat, code in enumerate(self._codes):
            if code >= 0:
                self._args["cfg"][k.CFG_POLICY_0 + seat] = code
        n = self.num_envs
        a = self._args
        d = max(len(a["deck0"]), len(a["deck1"]))
        p, f = a["most_piles"], a["most_faces"]
        size = self._stepper.observation_size
        self._state: dict[str, Any] = {
            "deck": np.zeros((n, 2, d), np.int16), "size": np.zeros((n, 2), np.int64),
            "top": np.zeros((n, 2), np.int64), "hand": np.zeros((n, 2, d), np.int16),
            "held": np.zeros((n, 2), np.int64), "numeral": np.zeros((n, 6, p), np.int16),
            "pile_value": np.zeros((n, 6, p), np.int64),
            "faces": np.zeros((n, 6, p, f), np.int16), "nfaces": np.zeros((n, 6, p), np.int64),
            "piles": np.zeros((n, 6), np.int64), "value": np.zeros((n, 6), np.int64),
            "csuit": np.zeros((n, 6), np.int64), "direction": np.zeros((n, 6), np.int64),
            "opening": np.zeros((n, 2), np.int64), "discarded": np.zeros((n, 53), np.int64),
            "turns": np.zeros(n, np.int64), "out": np.zeros((n, 5), np.int64),
        }
        self._work: dict[str, Any] = {
            "unique": np.zeros(d, np.int64), "acts": np.zeros((k.acts_rows(d, p), 4), np.int64),
            "touched": np.zeros(6, np.int64), "after": np.zeros(6, np.int64),
            "agent_key": np.zeros((n, 2), np.uint64),
            "agent_counter": np.zeros((n, 2), np.uint64),
        }
        # The card of each sort key (the order of legal_actions), for the kernel's hands.
        self._by_order = np.argsort(a["tables"]["order"]).astype(np.int64)
        ids = encoding.num_actions(self.options)
        # The learner's legal ids (listed by the last step, which the next judges).
        self._legal = np.zeros((n, min(k.acts_rows(d, p), ids)), np.int32)
        self._legal_count = np.zeros(n, np.int64)
        self._handed_mask = np.zeros((n, ids), np.int8)
        self._kept: tuple[Any, ...] | None = None
        return size, ids

    def _handed(self) -> Any:
        """Return the masks the kernel wrote for ``info`` (a new array at every step)."""
        return self._handed_mask

    def _legal_masks(self) -> Any:
        """Return each game's legal ids now as booleans, from the kernel's lists."""
        masks = np.zeros((self.num_envs, self.num_actions), bool)
        counts = self._legal_count
        listed = np.arange(int(counts.max(initial=0))) < counts[:, None]
        masks[np.nonzero(listed)[0], self._legal[:, :listed.shape[1]][listed]] = True
        return masks

    def _terminations(self) -> tuple[Termination | None, ...]:
        from cardwar.variants.caravan import _batch

        return _batch.TERMINATIONS

    def _ended(self) -> Any:
        return self._state["out"][:, 1]

    def _run(self, actions: Any) -> None:
        from cardwar.variants.caravan import _batch_numba as k

        self._observation = np.empty_like(self._observation)
        self._handed_mask = np.empty_like(self._handed_mask)
        if self._kept is None:  # (the arrays every run passes, looked up once)
            a, s, w, st = self._args, self._stepper, self._work, self._state
            t = a["tables"]
            self._kept = (
                self._restart, self._seeds, self.seat, a["cfg"], s._ocfg, a["weights"],
                t["pip"], t["kind"], t["suit"], t["rank"], t["order"], self._by_order,
                s._number_id, s._face_id, s._number_card, s._face_card, a["deck0"],
                a["deck1"], st["deck"], st["size"], st["top"], st["hand"], st["held"],
                st["numeral"], st["pile_value"], st["faces"], st["nfaces"], st["piles"],
                st["value"], st["csuit"], st["direction"], st["opening"], st["discarded"],
                st["turns"], st["out"], w["unique"], w["acts"], w["touched"], w["after"],
                w["agent_key"], w["agent_counter"], self._below, self._legal,
                self._legal_count, self._illegal)
        run = (actions, *self._kept, self._observation, self._handed_mask, self._rewards)
        k.step_against(*run)

    def _measure(self) -> Any:
        """Return the ``positions`` shape of every game now, from the learner's seat
        (:data:`cardwar.variants.caravan.REWARD_SHAPES`, computed alike on the arrays)."""
        values = self._state["value"]
        mine, theirs = (values[:, :3], values[:, 3:]) if self.seat == 0 else (
            values[:, 3:], values[:, :3])
        sells_mine = (mine >= SALE_MIN) & (mine <= SALE_MAX)
        sells_theirs = (theirs >= SALE_MIN) & (theirs <= SALE_MAX)
        won = (sells_mine & (~sells_theirs | (mine > theirs))).sum(axis=1)
        lost = (sells_theirs & (~sells_mine | (theirs > mine))).sum(axis=1)
        lead = (won - lost) / 3

        def near(v: Any) -> Any:
            return np.where(v > SALE_MAX, 0.0, np.minimum(v, SALE_MIN) / SALE_MIN)

        near_mine, near_theirs = near(mine), near(theirs)
        closer = ((near_mine[:, 0] + near_mine[:, 1] + near_mine[:, 2])
                  - (near_theirs[:, 0] + near_theirs[:, 1] + near_theirs[:, 2])) / 3
        return (lead + closer) / 2
