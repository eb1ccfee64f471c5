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
action). The opponent (``random`` or ``heuristic``, each seeded from the game's seed as
``CardwarEnv`` seeds them) moves inside the kernel, as :func:`cardwar.batch.play` plays
them. The arrays it returns are new at every step (the caller's to keep and write),
and the legality of an id is judged by the environment's own copy of the mask.
``action_masks()`` gives the masks as booleans, one row per sub-environment (what
sb3-contrib's ``MaskablePPO`` asks a vectorised environment for).

>>> from cardwar.caravan.vector import CaravanVectorEnv
>>> envs = CaravanVectorEnv(4, opponents="random")
>>> envs.observation_space.shape, int(envs.single_action_space.n)
((4, 1133), 3419)

Then ``observation, info = envs.reset(seed=3)`` deals four games, and
``envs.step(ids)`` plays an id in each (``tests/test_vector.py`` runs it against the
public environment, game for game; the kernel compiles on its first run).
"""

from __future__ import annotations

import math
from typing import Any, cast

from cardwar._extras import need

with need("vector", "gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

from cardwar.encoding import TRUNCATIONS
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    SeatError,
    wrong_type,
)
from cardwar.rng import derive_seed, game_seed
from cardwar.variants import caravan
from cardwar.variants.caravan.rules import SALE_MAX, SALE_MIN

__all__ = ["CaravanVectorEnv"]

#: The opponents the kernel plays.
OPPONENTS = ("random", "heuristic")


class CaravanVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Many games of Caravan, one seat each played by the learner (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, seat: int = 0, opponents: str = "heuristic",
                 name: str = "caravan", shaping: str | None = None,
                 shaping_scale: float = 1.0, **options: Any) -> None:
        from cardwar.variants import variant
        from cardwar.variants.caravan import _batch, encoding

        # (gymnasium.make_vec passes the registered environment's name along.)
        if not isinstance(name, str) or variant(name) is not caravan:
            raise ArgumentError(f"CaravanVectorEnv plays Caravan, got {name!r}")

        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise wrong_type("CaravanVectorEnv's num_envs", "an int", num_envs)
        if num_envs < 1:
            raise ArgumentError(f"CaravanVectorEnv needs at least one game, got {num_envs}")
        if isinstance(seat, bool) or seat not in (0, 1):
            raise SeatError(f"Caravan's seats are 0 and 1, got {seat!r}")
        if opponents not in OPPONENTS:
            raise ArgumentError(f"the kernel plays the opponents {', '.join(OPPONENTS)}, "
                                f"got {opponents!r}")
        if not _compiled():
            raise RuntimeError("CaravanVectorEnv needs numba: pip install 'cardwar[fast]'")
        #: The shaped reward's name (``positions``), or None for the result alone.
        self.shaping = shaping
        if shaping is not None:  # checked as cardwar.rewards.Shaping checks it
            if not isinstance(shaping, str):
                raise ArgumentTypeError(f"shape must be a str, got {shaping!r}")
            if shaping not in caravan.REWARD_SHAPES:
                raise ArgumentError(f"caravan has no shape {shaping!r}; its shapes: "
                                    f"{', '.join(caravan.REWARD_SHAPES)}")
            if (isinstance(shaping_scale, bool)
                    or not isinstance(shaping_scale, (int, float))
                    or not math.isfinite(shaping_scale) or shaping_scale <= 0):
                raise ArgumentError(f"scale must be a finite positive number, got "
                                    f"{shaping_scale!r}")
            self._scale = float(shaping_scale)
        elif shaping_scale != 1.0:
            raise ArgumentError(f"shaping_scale {shaping_scale!r} without shaping: name a "
                                "shape (positions)")
        self.options = caravan.options(**options)
        self.seat = seat
        self.opponents = opponents
        self.num_envs = num_envs
        kinds = ("random", "random") if opponents == "random" else ("heuristic",) * 2
        self._stepper = _batch.Stepper(self.options)
        # Whether each termination code of the kernel is a truncation (a length limit).
        self._truncating = np.array([t in TRUNCATIONS for t in _batch.TERMINATIONS])
        self._args = _batch.arguments(self.options, None, kinds)
        self.num_actions = encoding.num_actions(self.options)
        size = self._stepper.observation_size
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.num_actions))
        self._masters = np.zeros(num_envs, np.uint64)
        self._episodes = np.zeros(num_envs, np.int64)
        self._restart = np.zeros(num_envs, np.uint8)
        self._over = np.zeros(num_envs, bool)
        self._ready = False
        n = num_envs
        a = self._args
        d = max(len(a["deck0"]), len(a["deck1"]))
        p, f = a["most_piles"], a["most_faces"]
        from cardwar.variants.caravan import _batch_numba as k

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
            "row": np.zeros(size, np.float64),
        }
        self._observation = np.zeros((n, size), np.float32)
        self._mask = np.zeros((n, self.num_actions), np.int8)
        self._rewards = np.zeros(n, np.float64)
        # The shaping of each sub-environment's game: where the seat stood at its start,
        # the potential paid so far, and the sum of its shaping rewards.
        self._start = np.zeros(n, np.float64)
        self._potential = np.zeros(n, np.float64)
        self._paid = np.zeros(n, np.float64)
        self._seeds = np.zeros(n, np.uint64)

    def _run(self, actions: Any) -> None:
        """Advance every game (see the kernel's ``step_against``) into a new observation
        array, the one returned: the kernel writes every row (no game is left over
        without a restart)."""
        from cardwar.variants.caravan import _batch_numba as k

        self._observation = np.empty_like(self._observation)

        a, s, w, st = self._args, self._stepper, self._work, self._state
        t = a["tables"]
        k.step_against(actions, self._restart, self._seeds, self.seat, a["cfg"], s._ocfg,
                       a["weights"], t["pip"], t["kind"], t["suit"], t["rank"], t["order"],
                       s._number_id, s._face_id, s._number_card, s._face_card, a["deck0"],
                       a["deck1"], st["deck"], st["size"], st["top"], st["hand"],
                       st["held"], st["numeral"], st["pile_value"], st["faces"],
                       st["nfaces"], st["piles"], st["value"], st["csuit"], st["direction"],
                       st["opening"], st["discarded"], st["turns"], st["out"], w["unique"],
                       w["acts"], w["touched"], w["after"], w["agent_key"],
                       w["agent_counter"], w["row"], self._observation, self._mask,
                       self._rewards)

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a game in every sub-environment: with ``seed`` an int, sub-environment
        ``i``'s game is that of ``seed + i`` (as ``SyncVectorEnv`` seeds its
        environments), with a list, of its seed; then each later game of a
        sub-environment is the next of its first seed, as ``CardwarEnv`` deals them."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None:
            seeds = [int(self.np_random.integers(0, 2**63)) for _ in range(self.num_envs)]
        elif isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(cast(list[int], seed))
            if len(seeds) != self.num_envs:
                raise ArgumentError(f"reset needs {self.num_envs} seeds, got {len(seeds)}")
        self._masters[:] = [game_seed(x) for x in seeds]
        self._episodes[:] = 0
        self._seeds[:] = self._masters
        self._restart[:] = 1
        self._run(np.zeros(self.num_envs, np.int64))
        self._over[:] = False
        self._ready = True
        if self.shaping is not None:
            self._start[:] = self._positions()
            self._potential[:] = 0.0
            self._paid[:] = 0.0
        return self._observation, {"action_mask": self._mask.copy(),
                                   "_action_mask": np.ones(self.num_envs, bool)}

    def action_masks(self) -> Any:
        """Return each sub-environment's legal ids now as booleans (a new array, one row
        per sub-environment): what sb3-contrib's ``MaskablePPO`` calls."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before action_masks()")
        return self._mask != 0

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play the learner's id ``actions[i]`` in every sub-environment ``i`` whose game
        runs; deal the next game where the last step ended one (ignoring its id)."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise ActionTypeError(f"actions must be {self.num_envs} integer ids, got an array "
                                  f"of shape {ids.shape} and type {ids.dtype}")
        played = np.ascontiguousarray(ids, dtype=np.int64)
        restart = self._over
        running = ~restart
        inside = (played >= 0) & (played < self.num_actions)
        legal = self._mask[np.arange(self.num_envs), np.where(inside, played, 0)] != 0
        illegal = running & ~(inside & legal)
        for i in np.flatnonzero(restart):
            self._episodes[i] += 1
            self._seeds[i] = derive_seed(int(self._masters[i]), int(self._episodes[i]))
        self._restart[:] = np.where(restart, 1, np.where(illegal, 2, 0))
        self._run(played)
        out = self._state["out"]
        ended = (out[:, 1] != 0) & running & ~illegal
        truncated = ended & self._truncating[out[:, 1]]
        terminated = (ended & ~truncated) | illegal
        rewards = np.where(illegal, -1.0, self._rewards)
        self._over = terminated | truncated
        if self.shaping is not None:
            rewards = rewards + self._shaped(restart, self._over)
        info: dict[str, Any] = {"action_mask": self._mask.copy(),
                                "_action_mask": np.ones(self.num_envs, bool)}
        if illegal.any():
            info["illegal_action"] = illegal.copy()
            info["_illegal_action"] = illegal.copy()
        return self._observation, rewards, terminated, truncated, info


    def _positions(self) -> Any:
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

    def _shaped(self, restarted: Any, over: Any) -> Any:
        """Return each game's shaping reward for the step just played (as
        :class:`cardwar.rewards.Shaping` pays it) and keep the tallies: a game just dealt
        starts its tally, one that ended pays every shaping reward back."""
        measured = self._positions()
        potential = self._scale * (measured - self._start)
        shaped = np.where(over, -self._paid, potential - self._potential)
        shaped = np.where(restarted, 0.0, shaped)
        self._potential = np.where(over | restarted, 0.0, potential)
        self._paid = np.where(restarted, 0.0, self._paid + shaped)
        self._start = np.where(restarted, measured, self._start)
        return shaped


def _compiled() -> bool:
    """Return whether numba compiles the kernels here (the ``fast`` extra)."""
    from cardwar import _kernels

    return _kernels.COMPILED
