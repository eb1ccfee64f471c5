"""What every game's Gymnasium vector environment on its compiled kernel shares (the
``gymnasium`` and ``fast`` extras): the checks of its arguments, the seeding, the
automatic reset, the refusal of illegal ids, the masks and the shaped rewards.

Private: each game's ``vector`` module subclasses :class:`KernelVectorEnv`; it names no
game. A subclass sets :attr:`KernelVectorEnv.game` (the variant module) and implements
three methods: ``_allocate()`` (make its kernel's arrays, return the observation size
and the number of ids), ``_run(actions)`` (advance every game as the kernel's
``step_against`` does, see :meth:`KernelVectorEnv._run`) and ``_measure()`` (the shaped
reward's measure of every game, if the game has shapes); and, if its kernel writes the
masks handed out itself, ``_handed()`` (else each step hands out a copy of ``_mask``).
A kernel that judges the learner's ids itself, from its own list of each game's legal
ids (where the ids are many and a mask kept from step to step costs more than the
list), sets :attr:`KernelVectorEnv._judges` and implements ``_legal_masks()``.

A sub-environment ``i`` plays, game for game, what ``CardwarEnv(game, seat, opponents,
**options)`` plays in a ``gymnasium.vector.SyncVectorEnv`` of ``num_envs`` of them, with
the same seeds.
"""

from __future__ import annotations

import fractions
import math
import operator
import re
from types import ModuleType
from typing import Any, ClassVar

from cardwar._extras import need

with need("vector", "gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

from cardwar import _kernels
from cardwar.core import Termination
from cardwar.encoding import TRUNCATIONS
from cardwar.errors import (
    ActionTypeError,
    ArgumentError,
    ArgumentTypeError,
    SeatError,
    wrong_type,
)
from cardwar.rng import derive_seed, game_seed

__all__ = ["KernelVectorEnv", "Opponent"]

#: The kinds of opponent the kernels play: ``random``, ``heuristic``, and ``heuristic:P``
#: (:class:`cardwar.agents.MixedAgent`), each as :func:`cardwar.agents.agent` makes it.
RANDOM, HEURISTIC, MIXED = 0, 1, 2

#: MixedAgent's coin: one 64-bit word, which asks the heuristic when below ``p * 2**64``.
_COIN = 1 << 64


class Opponent:
    """One opponent's kind for the kernel: ``code`` (:data:`RANDOM`, :data:`HEURISTIC` or
    :data:`MIXED`) and, for ``MIXED``, ``below`` (the coin's words below which it asks
    the heuristic: ``floor(p * 2**64)``, in [0, 2**64); ``heuristic:1`` is
    ``HEURISTIC``, which plays the same)."""

    __slots__ = ("below", "code", "kind")

    def __init__(self, kind: str, code: int, below: int = 0) -> None:
        self.kind, self.code, self.below = kind, code, below

    def __repr__(self) -> str:
        return f"Opponent({self.kind!r})"


#: The probability of ``heuristic:P``, as :func:`cardwar.agents.agent` reads it: ASCII
#: digits with at most one point, at most 20 characters, at most 1.
_DECIMAL = re.compile(r"(?=.{1,20}\Z)(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def opponent(kind: object) -> Opponent:
    """Return the kernel's form of the agent kind ``kind``; raise
    :class:`~cardwar.errors.ArgumentError` for a kind the kernels do not play."""
    if kind == "random":
        return Opponent("random", RANDOM)
    if kind == "heuristic":
        return Opponent("heuristic", HEURISTIC)
    if isinstance(kind, str) and kind.startswith("heuristic:"):
        budget = kind.partition(":")[2]
        if not _DECIMAL.fullmatch(budget) or fractions.Fraction(budget) > 1:
            raise ArgumentError(f"heuristic:P needs P, the probability of the heuristic's "
                                f"move, as a decimal number in [0, 1], got {budget!r}")
        p = fractions.Fraction(budget)
        if p == 1:
            return Opponent(kind, HEURISTIC)
        return Opponent(kind, MIXED, math.floor(p * _COIN))
    raise ArgumentError(f"the kernel plays the opponents random, heuristic and heuristic:P "
                        f"(the heuristic with probability P), got {kind!r}")


class KernelVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Many games of one variant, one seat in each played by the learner, the others by
    cardwar's compiled players inside the kernel (see the module and each game's
    ``vector`` module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012
    #: The variant module (set by each subclass).
    game: ClassVar[ModuleType]
    #: Whether the kernel judges the learner's ids itself (see :meth:`_run`): ``step``
    #: then keeps no ``_mask`` and reads ``_illegal`` after the run.
    _judges: ClassVar[bool] = False

    def __init__(self, num_envs: int, seat: int = 0, opponents: Any = "heuristic",
                 name: str | None = None, shaping: str | None = None,
                 shaping_scale: float = 1.0, **options: Any) -> None:
        game = self.game
        cls = type(self).__name__
        # (gymnasium.make_vec passes the registered environment's name along.)
        if name is not None and (not isinstance(name, str)
                                 or name not in (game.NAME, *game.ALIASES)):
            raise ArgumentError(f"{cls} plays {game.TITLE}, got {name!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise wrong_type(f"{cls}'s num_envs", "an int", num_envs)
        if num_envs < 1:
            raise ArgumentError(f"{cls} needs at least one game, got {num_envs}")
        self.options = game.options(**options)
        #: The number of seats of each game.
        self.players = int(game.num_players(self.options))
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < self.players):
            raise SeatError(f"{game.TITLE}'s seats are 0 to {self.players - 1}, got "
                            f"{seat!r}")
        others = self.players - 1
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != others:
                raise ArgumentError(f"{others} opponents are needed (one per other seat), "
                                    f"got {len(opponents)}")
            kinds = list(opponents)
        else:
            kinds = [opponents] * others
        #: Each seat's opponent (None at the learner's seat).
        self.seats: tuple[Opponent | None, ...] = tuple(
            None if s == seat else opponent(kinds[s - (s > seat)])
            for s in range(self.players))
        #: For the kernel, each seat's player (:data:`RANDOM`, :data:`HEURISTIC` or
        #: :data:`MIXED`, the kernels' own codes; -1 at the learner's seat) and MixedAgent's
        #: coin bound (0 but for ``MIXED``).
        self._codes = np.array([-1 if o is None else o.code for o in self.seats], np.int64)
        self._below = np.array([0 if o is None else o.below for o in self.seats], np.uint64)
        #: The shaped reward's name, or None for the result alone.
        self.shaping = shaping
        if shaping is not None:  # checked as cardwar.rewards.Shaping checks it
            if not isinstance(shaping, str):
                raise ArgumentTypeError(f"shape must be a str, got {shaping!r}")
            if shaping not in game.REWARD_SHAPES:
                raise ArgumentError(f"{game.NAME} has no shape {shaping!r}; its shapes: "
                                    f"{', '.join(game.REWARD_SHAPES)}")
            if (isinstance(shaping_scale, bool)
                    or not isinstance(shaping_scale, (int, float))
                    or not math.isfinite(shaping_scale) or shaping_scale <= 0):
                raise ArgumentError(f"scale must be a finite positive number, got "
                                    f"{shaping_scale!r}")
        elif shaping_scale != 1.0:
            raise ArgumentError(f"shaping_scale {shaping_scale!r} without shaping: name a "
                                f"shape ({', '.join(game.REWARD_SHAPES)})")
        self._scale = float(shaping_scale)
        if not _compiled():
            raise RuntimeError(f"{cls} needs numba: pip install 'cardwar[fast]'")
        self.seat = seat
        self.opponents = opponents
        self.num_envs = n = num_envs
        size, self.num_actions = self._allocate()
        # Each game's termination code, a view the kernel's runs write (_ended()).
        self._ends = self._ended()
        self._every = np.ones(n, bool)
        # Whether each of the kernel's termination codes is a truncation (a length limit).
        self._truncating = np.array([t in TRUNCATIONS for t in self._terminations()])
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (n, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(n, self.num_actions))
        self._masters = np.zeros(n, np.uint64)
        self._episodes = np.zeros(n, np.int64)
        #: What the kernel does in each game: 0 step it, 1 deal it anew from its seed in
        #: ``_seeds``, 2 play nothing in it (a game the learner lost by an illegal id,
        #: one dealt over, or one a partial reset leaves as it is).
        self._restart = np.zeros(n, np.uint8)
        self._seeds = np.zeros(n, np.uint64)
        self._over = np.zeros(n, bool)
        #: The games dealt over, their opponents having played them out before the
        #: learner's first decision, and the learner's returns in them: each next step
        #: reports them (as ``CardwarEnv`` does).
        self._early = np.zeros(n, bool)
        self._pending = np.zeros(n, np.float64)
        self._ready = False
        #: Written by ``_run``: observations (a new array each time), masks (unless the
        #: kernel judges the ids), the learner's rewards, and the games whose id the kernel
        #: found illegal (if it judges them).
        self._observation = np.zeros((n, size), np.float32)
        self._mask: Any = None if self._judges else np.zeros((n, self.num_actions), np.int8)
        self._rewards = np.zeros(n, np.float64)
        self._illegal = np.zeros(n, np.uint8)
        # The shaping of each sub-environment's game: where the seat stood at its start,
        # the potential paid so far, and the sum of its shaping rewards.
        self._start = np.zeros(n, np.float64)
        self._potential = np.zeros(n, np.float64)
        self._paid = np.zeros(n, np.float64)

    # What a subclass implements.

    def _allocate(self) -> tuple[int, int]:  # pragma: no cover - every subclass has one
        """Make the kernel's arrays; return the observation's size and the number of ids."""
        raise NotImplementedError

    def _run(self, actions: Any) -> None:  # pragma: no cover - every subclass has one
        """Advance every game ``g`` by one step of the learner, as the kernel's
        ``step_against``: if ``_restart[g]`` is 1, deal the game of ``_seeds[g]`` anew
        (its players' generators from their start); if 2, play nothing in it; else, if
        it runs, play the learner's id ``actions[g]`` (legal: checked here; where
        :attr:`_judges`, by the kernel, which plays nothing in a game whose id is not
        legal and sets ``_illegal[g]``). Then the other seats play until the learner is
        to move or the game ends. Write into a new ``_observation`` array (the one
        returned), ``_mask`` (all 0 once a game is over; where :attr:`_judges`, the
        kernel's own list of legal ids instead), ``_rewards`` (the learner's returns
        when its game ended on this step, else 0), for every game but a finished one not
        restarted."""
        raise NotImplementedError

    def _ended(self) -> Any:  # pragma: no cover - every subclass has one
        """Return each game's termination code now (0 while it runs), an index into
        :meth:`_terminations`."""
        raise NotImplementedError

    def _terminations(self) -> tuple[Termination | None, ...]:  # pragma: no cover
        """Return what each of the kernel's termination codes means (None for 0: the game
        runs), as the game's ``_batch.TERMINATIONS``."""
        raise NotImplementedError

    def _handed(self) -> Any:
        """Return the masks for ``info`` after ``_run``, a new array (the caller's to
        keep): a copy of ``_mask``, or the one ``_run`` writes as well (overridden)."""
        return self._mask.copy()

    def _legal_masks(self) -> Any:
        """Return each game's legal ids now as booleans, a new array: from ``_mask``, or
        from the kernel's own lists where it judges the ids (overridden)."""
        return self._mask != 0

    def _measure(self) -> Any:  # pragma: no cover - every game with shapes has one
        """Return the shape :attr:`shaping` of every game now, from the learner's seat,
        computed as :data:`REWARD_SHAPES` computes it on a state."""
        raise NotImplementedError

    # The environment.

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a game in every sub-environment: with ``seed`` an int, sub-environment
        ``i``'s game is that of ``seed + i`` (as ``SyncVectorEnv`` seeds its
        environments), with a list, of its seed; then each later game of a
        sub-environment is the next of its first seed, as ``CardwarEnv`` deals them. With
        ``seed`` None (or a None in the list), a sub-environment deals the next game of
        its seed, as ``CardwarEnv.reset()`` does; before any seed, the game of a seed
        drawn by the environment's own generator.

        ``options={"reset_mask": mask}`` (a bool array, one per sub-environment) deals
        anew only the sub-environments where ``mask`` is true, as Gymnasium's
        ``SyncVectorEnv`` does: the others keep their games, observations and masks as
        they were (what a trainer that resets finished games at once, as
        Stable-Baselines3, needs: :func:`cardwar.vector.sb3`). ``options`` holds nothing
        else."""
        if options is not None and not isinstance(options, dict):
            raise wrong_type("reset", "options that are a dict or None", options)
        n = self.num_envs
        chosen = self._reset_mask(options)
        if seed is None:
            given: list[object] = [None] * n
        elif isinstance(seed, (list, tuple)):
            given = list(seed)
            if len(given) != n:
                raise ArgumentError(f"reset needs {n} seeds, got {len(given)}")
        else:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise wrong_type("reset", "a seed that is an int, a list of ints (one per "
                                 "sub-environment) or None", seed)
            given = [operator.index(seed) + i for i in range(n)]
        masters, episodes = self._masters.copy(), self._episodes.copy()
        drawn = []
        for i, one in enumerate(given):
            if not chosen[i]:
                continue
            if one is not None:
                masters[i], episodes[i] = game_seed(one), 0
            elif self._ready:
                episodes[i] += 1
            else:
                drawn.append(i)
        if chosen.all():
            super().reset(seed=int(masters[0]) if given[0] is not None else None)
        for i in drawn:
            masters[i], episodes[i] = game_seed(int(self.np_random.integers(0, 2**63))), 0
        self._masters, self._episodes = masters, episodes
        self._seeds[:] = [int(m) if e == 0 else derive_seed(int(m), int(e))
                          for m, e in zip(masters, episodes, strict=True)]
        self._restart[:] = np.where(chosen, 1, 2)
        shown = self._observation
        self._run(np.zeros(self.num_envs, np.int64))
        kept = ~chosen
        if kept.any():  # (a finished game's rows are left as they are by the kernel)
            self._observation[kept] = shown[kept]
        dealt_over = chosen & (self._ends != 0)
        self._over &= kept
        self._early = np.where(chosen, dealt_over, self._early)
        self._pending = np.where(chosen, np.where(dealt_over, self._rewards, 0.0),
                                 self._pending)
        self._ready = True
        if self.shaping is not None:
            self._start = np.where(chosen, self._measure(), self._start)
            self._potential = np.where(chosen, 0.0, self._potential)
            self._paid = np.where(chosen, 0.0, self._paid)
        handed = self._handed()
        if not self._judges:  # (a judging kernel writes a kept game's mask anew)
            handed[kept] = self._mask[kept]
        return self._observation, {"action_mask": handed, "_action_mask": chosen.copy()}

    def _reset_mask(self, options: dict[str, Any] | None) -> Any:
        """Return which sub-environments ``reset`` deals anew: all, or those of
        ``options["reset_mask"]``, checked (and nothing else in ``options``)."""
        every = np.ones(self.num_envs, bool)
        if not options:
            return every
        unknown = sorted(set(options) - {"reset_mask"}, key=str)
        if unknown:
            raise ArgumentError(f"reset takes the option reset_mask alone, got "
                                f"{', '.join(map(repr, unknown))}")
        mask = options["reset_mask"]
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (
                self.num_envs,):
            raise wrong_type("reset", f"a reset_mask that is a numpy bool array of shape "
                             f"({self.num_envs},)", mask)
        if not self._ready and not mask.all():
            raise gymnasium.error.ResetNeeded("deal every game first: call reset() "
                                              "without a reset_mask")
        return mask.copy()

    def action_masks(self) -> Any:
        """Return each sub-environment's legal ids now as booleans (a new array, one row
        per sub-environment): what sb3-contrib's ``MaskablePPO`` calls."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before action_masks()")
        return self._legal_masks()

    def get_wrapper_attr(self, name: str) -> Any:
        """Return the attribute ``name`` of the environment, as ``gymnasium.Env``'s method
        of that name does (and raise ``AttributeError``, Python's and Gymnasium's
        convention, for one it lacks): sb3-contrib's ``get_action_masks`` and
        ``is_masking_supported`` reach :meth:`action_masks` through it on an environment
        that is not one of Stable-Baselines3's own ``VecEnv``."""
        return getattr(self, name)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play the learner's id ``actions[i]`` in every sub-environment ``i`` whose game
        runs; deal the next game where the last step ended one (ignoring its id). An
        illegal id loses the game on the spot (reward -1, terminated,
        ``info["illegal_action"]``). A game dealt over (the opponents played it out
        before the learner's first decision, where options allow it: its mask is all 0)
        ends at this step, whatever its id, with the learner's result, as
        ``CardwarEnv`` reports it."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        try:
            ids = np.asarray(actions)
        except ValueError:  # a ragged sequence
            raise ActionTypeError(f"actions must be {self.num_envs} integer ids, got "
                                  f"{type(actions).__name__} of ragged length") from None
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise ActionTypeError(f"actions must be {self.num_envs} integer ids, got an array "
                                  f"of shape {ids.shape} and type {ids.dtype}")
        played = np.ascontiguousarray(ids, dtype=np.int64)
        restart = self._over.copy()
        early = self._early.copy()
        if self._judges:
            self._illegal.fill(0)  # (judged by the kernel in its run)
        else:
            inside = (played >= 0) & (played < self.num_actions)
            legal = self._mask[np.arange(self.num_envs), np.where(inside, played, 0)] != 0
            self._illegal[:] = ~restart & ~early & ~(inside & legal)
        dealt_over = _kernels.vector_restarts(restart, early, self._illegal, self._masters,
                                              self._episodes, self._seeds, self._restart)
        shown = self._observation
        self._run(played)
        if dealt_over:  # the kernel leaves a finished game's rows as they are
            self._observation[early] = shown[early]
        n = self.num_envs
        terminated, truncated = np.empty(n, bool), np.empty(n, bool)
        rewards = np.empty(n, np.float64)
        illegal = _kernels.vector_settle(restart, self._early, self._illegal, self._ends,
                                         self._truncating, self._rewards, self._pending,
                                         self._over, terminated, truncated, rewards)
        if self.shaping is not None:
            rewards = rewards + self._shaped(restart, self._over)
        handed = self._handed()
        if not self._judges:  # (a judging kernel writes a finished game's mask anew)
            handed[early] = self._mask[early]
        info: dict[str, Any] = {"action_mask": handed, "_action_mask": self._every.copy()}
        if illegal:
            info["illegal_action"] = self._illegal != 0
            info["_illegal_action"] = self._illegal != 0
        return self._observation, rewards, terminated, truncated, info

    def _shaped(self, restarted: Any, over: Any) -> Any:
        """Return each game's shaping reward for the step just played (as
        :class:`cardwar.rewards.Shaping` pays it) and keep the tallies: a game just dealt
        starts its tally, one that ended pays every shaping reward back."""
        measured = self._measure()
        potential = self._scale * (measured - self._start)
        shaped = np.where(over, -self._paid, potential - self._potential)
        shaped = np.where(restarted, 0.0, shaped)
        self._potential = np.where(over | restarted, 0.0, potential)
        self._paid = np.where(restarted, 0.0, self._paid + shaped)
        self._start = np.where(restarted, measured, self._start)
        return shaped


#: The largest int that a float64 holds exactly.
_EXACT = 2**53


def lead_over(lead: Any, target: int) -> Any:
    """Return ``lead / target`` clipped into [-1, 1], for each game's ``lead`` (ints) as
    Python divides them: in ``float64`` up to a target of 2**53, exactly beyond (where a
    ``float64`` would round the target); the ``points`` shapes of the games that play to a
    target."""
    if target <= _EXACT:
        measured = lead / float(target)
    else:
        measured = np.array([d / target for d in lead.tolist()], np.float64)
    return np.clip(measured, -1.0, 1.0)


def _compiled() -> bool:
    """Return whether numba compiles the kernels here (the ``fast`` extra)."""
    return _kernels.COMPILED
