"""Vector environments for the trainers people use (the ``gymnasium`` and ``fast``
extras): :func:`sb3` hands a Gymnasium vector environment with masks to
Stable-Baselines3 and sb3-contrib's ``MaskablePPO``, and :class:`SelfPlay` plays many
games on the batch engine with every seat a learner.

**Stable-Baselines3.** ``sb3(envs)`` turns ``envs``, a ``gymnasium.vector.VectorEnv``
whose ``action_masks()`` gives each sub-environment's legal ids (a game's vector
environment on its compiled kernel, ``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``; a ``SyncVectorEnv`` or ``AsyncVectorEnv`` of
``cardwar.gymnasium.CardwarEnv``, whose ``action_masks`` it calls in each
sub-environment; or any vector environment with the method), into a
``stable_baselines3.common.vec_env.VecEnv`` (the ``rl`` extra: ``pip install
'cardwar[rl]'``), with Stable-Baselines3's conventions: ``done`` is terminated or
truncated, ``info["TimeLimit.truncated"]`` says a game was cut short,
``info["terminal_observation"]`` holds the last observation of a game that ended, and
the observation returned for it is the first of its next game, dealt in the same step. A
vector environment that resets in the same step (Gymnasium's ``SAME_STEP`` autoreset
mode) gives all of that as it steps. One in the ``NEXT_STEP`` or ``DISABLED`` mode is
reset where games ended, in the same step, through Gymnasium's partial reset
(``reset(options={"reset_mask": done})``, which the kernel vector environments,
``SyncVectorEnv`` and ``AsyncVectorEnv`` honour in every mode), so that no transition is
lost or made up: a vector environment that cannot reset only some sub-environments
cannot be bridged (Stable-Baselines3 needs the next game's first observation before it
chooses the ids of the next step, and the others' games must not move meanwhile), and
the adapter raises :class:`~cardwar.errors.ArgumentError` at the first reset that moved
a game it should have left alone (it compares their observations).
``env_method("action_masks")`` and :meth:`action_masks` give the masks as sb3-contrib's
``get_action_masks`` asks for them.

**Self-play.** ``SelfPlay(variant, num_envs, **options)`` plays ``num_envs`` games of a
variant with decisions (those of :class:`cardwar.batch.Games`: Arneson's War, Caravan,
Cold War, General's War) on the batch engine's compiled kernels, every seat a learner:
each step plays one id in every game, for its seat to act, and returns Gymnasium-style
arrays: the observation (``float32``) and ``info["action_mask"]`` (``int8``) of the seat
to act in each game, ``info["to_act"]`` (which seat that is), the rewards of every seat
(``num_envs`` rows, a column per seat: the game's ``returns`` on the step that ends it,
else 0), and terminated and truncated (a length limit, as
:data:`cardwar.encoding.TRUNCATIONS` names them). A game that ends is dealt anew in the
same step (Gymnasium's ``SAME_STEP`` autoreset mode): the arrays show the next game's
first decision, and ``info["final_obs"]`` the observation the finished game ended on
(``info["_final_obs"]`` marks the games that ended), so every row is always a decision
to take. ``reset(seed=7)`` deals game ``i`` as ``new_game(7 + i)``; each later game of
row ``i`` is the next of its first seed (``derive_seed``), as ``CardwarEnv`` deals them.

>>> import numpy as np
>>> from cardwar.vector import SelfPlay
>>> envs = SelfPlay("arneson", num_envs=3)
>>> observation, info = envs.reset(seed=7)
>>> observation.shape, info["action_mask"].shape, info["to_act"].tolist()
((3, 330), (3, 52), [0, 0, 0])
>>> rng = np.random.default_rng(1)
>>> ids = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
>>> observation, rewards, terminated, truncated, info = envs.step(ids)
>>> rewards.shape, info["to_act"].tolist()
((3, 2), [1, 1, 1])
"""

from __future__ import annotations

import importlib
import secrets
from typing import Any

from cardwar._extras import need

with need("vector", "gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode

from cardwar._table import check_reset_options
from cardwar.errors import ArgumentError, wrong_type
from cardwar.rng import derive_seed, game_seed

__all__ = ["SelfPlay", "sb3"]


def _split(info: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """Return a Gymnasium vector environment's ``info`` (a dict of arrays, a row per
    sub-environment, each key's ``_key`` marking the rows that have it) as one dict per
    sub-environment, as Stable-Baselines3 keeps them."""
    rows: list[dict[str, Any]] = [{} for _ in range(n)]
    for key, value in info.items():
        if key.startswith("_"):
            continue
        has = info.get(f"_{key}")
        per = _split(value, n) if isinstance(value, dict) else value
        for i in range(n):
            if has is None or has[i]:
                rows[i][key] = per[i]
    return rows


def _indices(indices: Any, n: int) -> list[int]:
    """Return Stable-Baselines3's ``indices`` (None: all, an int, or ints) as a list."""
    if indices is None:
        return list(range(n))
    if isinstance(indices, (int, np.integer)) and not isinstance(indices, bool):
        return [int(indices)]
    return [int(i) for i in indices]


class _Adapter:
    """What :func:`sb3`'s ``VecEnv`` does, without Stable-Baselines3: every method of
    the ``VecEnv`` interface on a Gymnasium vector environment (see the module). The
    class :func:`sb3` returns inherits from this one and from Stable-Baselines3's
    ``VecEnv``."""

    num_envs: int
    _seeds: list[int | None]
    _options: list[dict[str, Any]]
    reset_infos: list[dict[str, Any]]

    def __init__(self, envs: Any) -> None:
        if not isinstance(envs, gymnasium.vector.VectorEnv):
            raise wrong_type("sb3", "a gymnasium.vector.VectorEnv", envs)
        try:
            mode = AutoresetMode(envs.metadata.get("autoreset_mode", AutoresetMode.NEXT_STEP))
        except ValueError:
            raise ArgumentError(f"sb3: the vector environment's autoreset mode "
                                f"{envs.metadata.get('autoreset_mode')!r} is not one of "
                                "Gymnasium's") from None
        #: The Gymnasium vector environment.
        self.envs: Any = envs
        self._mode = mode
        self._actions: Any = None
        self._ready = False
        # What Stable-Baselines3's VecEnv.__init__ sets too.
        n = self.num_envs = int(envs.num_envs)
        self.observation_space = envs.single_observation_space
        self.action_space = envs.single_action_space
        self.reset_infos = [{} for _ in range(n)]
        self._seeds = [None] * n
        self._options = [{} for _ in range(n)]

    # --- stepping --------------------------------------------------------------------------

    def reset(self) -> Any:
        """Deal a game in every sub-environment (seeded by :meth:`seed` if it was
        called since the last reset) and return the observations."""
        seeds = self._seeds
        seed: Any = None if all(s is None for s in seeds) else list(seeds)
        given = [o for o in self._options if o]
        options = dict(given[0]) if given else None
        observation, info = self.envs.reset(seed=seed, options=options)
        self.reset_infos = _split(info, self.num_envs)
        self._seeds = [None] * self.num_envs
        self._options = [{} for _ in range(self.num_envs)]
        self._ready = True
        return observation

    def step(self, actions: Any) -> tuple[Any, Any, Any, list[dict[str, Any]]]:
        """Play ``actions`` (:meth:`step_async`, then :meth:`step_wait`)."""
        self.step_async(actions)
        return self.step_wait()

    def step_async(self, actions: Any) -> None:
        """Keep ``actions`` (an id per sub-environment) for :meth:`step_wait`."""
        self._actions = actions

    def step_wait(self) -> tuple[Any, Any, Any, list[dict[str, Any]]]:
        """Play the ids given to :meth:`step_async`; return the observations, rewards
        (``float32``), dones and one info dict per sub-environment, a game that ended
        already replaced by the next (see the module)."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        observation: Any
        observation, reward, terminated, truncated, info = self.envs.step(self._actions)
        terminated, truncated = np.asarray(terminated, bool), np.asarray(truncated, bool)
        done = terminated | truncated
        infos = _split(info, self.num_envs)
        if done.any():
            if self._mode == AutoresetMode.SAME_STEP:
                for i in np.flatnonzero(done):
                    row = infos[i]
                    last = row.pop("final_obs")
                    infos[i] = dict(row.pop("final_info", {}))
                    infos[i]["terminal_observation"] = last
                    self.reset_infos[i] = row
            else:
                observation = self._reset_ended(observation, done, infos)
        for j in range(self.num_envs):
            infos[j]["TimeLimit.truncated"] = bool(truncated[j] and not terminated[j])
        return observation, np.asarray(reward, np.float32), done, infos

    def _reset_ended(self, observation: Any, done: Any, infos: list[dict[str, Any]]) -> Any:
        """Deal the next game where a game ended (Gymnasium's partial reset), keep
        each ended game's last observation in its info, and return the observations of
        the next step; raise if the reset moved any other game."""
        kept = np.array(observation[~done])
        for i in np.flatnonzero(done):
            infos[i]["terminal_observation"] = np.array(observation[i])
        observation, info = self.envs.reset(options={"reset_mask": np.array(done)})
        if not np.array_equal(np.asarray(observation)[~done], kept):
            raise ArgumentError(
                "sb3: the vector environment reset sub-environments whose games had not "
                "ended when asked to reset only those whose games had: it must honour "
                "reset(options={'reset_mask': ...}) as Gymnasium's SyncVectorEnv does, "
                "or reset in the same step (the SAME_STEP autoreset mode)")
        for j, row in enumerate(_split(info, self.num_envs)):
            if done[j]:
                self.reset_infos[j] = row
        return observation

    def close(self) -> None:
        """Close the vector environment."""
        self.envs.close()

    # --- masks, attributes, methods --------------------------------------------------------

    def action_masks(self) -> Any:
        """Return every sub-environment's legal ids now (``bool``, a row each)."""
        own = getattr(self.envs, "action_masks", None)
        if own is not None:
            return np.asarray(own(), bool)
        return np.stack([np.asarray(m, bool) for m in self.envs.call("action_masks")])

    def _each(self) -> bool:
        """Return whether the vector environment holds a Gymnasium environment per
        sub-environment, with ``get_attr``, ``set_attr`` and ``call`` over them."""
        return all(hasattr(self.envs, name) for name in ("get_attr", "set_attr", "call"))

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """Return the attribute ``attr_name`` of each sub-environment of ``indices``
        (of the vector environment itself where it has no environment per
        sub-environment)."""
        which = _indices(indices, self.num_envs)
        inner = getattr(self.envs.unwrapped, "envs", None)
        if inner is not None:  # (SyncVectorEnv's get_attr calls a method it finds)
            return [inner[i].get_wrapper_attr(attr_name) for i in which]
        if self._each():
            values = self.envs.get_attr(attr_name)
            return [values[i] for i in which]
        value = getattr(self.envs, attr_name)
        return [value for _ in which]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set the attribute ``attr_name`` of each sub-environment of ``indices`` to
        ``value`` (of the vector environment itself, for all of them at once, where it
        has no environment per sub-environment)."""
        which = _indices(indices, self.num_envs)
        if self._each():
            values = list(self.envs.get_attr(attr_name)) if len(which) < self.num_envs \
                else [None] * self.num_envs
            for i in which:
                values[i] = value
            self.envs.set_attr(attr_name, values)
        elif sorted(which) == list(range(self.num_envs)):
            setattr(self.envs, attr_name, value)
        else:
            raise ArgumentError(f"sb3: the vector environment has one {attr_name!r} for "
                                "all its sub-environments; set it for all of them")

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        """Call the method ``method_name`` of each sub-environment of ``indices`` and
        return the results; ``action_masks`` gives each one's row of
        :meth:`action_masks`."""
        which = _indices(indices, self.num_envs)
        if method_name == "action_masks" and not method_args and not method_kwargs:
            masks = self.action_masks()
            return [masks[i] for i in which]
        if self._each():
            results = self.envs.call(method_name, *method_args, **method_kwargs)
            return [results[i] for i in which]
        result = getattr(self.envs, method_name)(*method_args, **method_kwargs)
        return [result for _ in which]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """Return whether each sub-environment of ``indices`` is wrapped in
        ``wrapper_class`` (a Gymnasium wrapper); never, where the vector environment has
        no environment per sub-environment."""
        which = _indices(indices, self.num_envs)
        inner = getattr(self.envs.unwrapped, "envs", None)
        if inner is None:
            return [False for _ in which]
        found = []
        for i in which:
            env, wrapped = inner[i], False
            while isinstance(env, gymnasium.Wrapper):
                wrapped = wrapped or isinstance(env, wrapper_class)
                env = env.env
            found.append(wrapped)
        return found

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Seed the next reset: sub-environment ``i`` deals the game of ``seed + i``
        (random seeds if ``seed`` is None)."""
        if seed is None:
            seed = secrets.randbits(32)
        elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise wrong_type("seed", "an int or None", seed)
        self._seeds = [int(seed) + i for i in range(self.num_envs)]
        return list(self._seeds)


_CLASSES: dict[type, type] = {}


def sb3(envs: Any) -> Any:
    """Return ``envs``, a Gymnasium vector environment with ``action_masks()``, as a
    Stable-Baselines3 ``VecEnv`` (see the module; the ``rl`` extra).

    Raise :class:`~cardwar.errors.ArgumentTypeError` for anything but a
    ``gymnasium.vector.VectorEnv``, and ``ModuleNotFoundError`` naming the ``rl`` extra
    where Stable-Baselines3 is not installed.
    """
    with need("vector", "rl"):
        base = importlib.import_module("stable_baselines3.common.vec_env").VecEnv
    cls = _CLASSES.get(base)
    if cls is None:
        def __init__(self: Any, envs: Any) -> None:
            _Adapter.__init__(self, envs)
            base.__init__(self, self.num_envs, self.observation_space, self.action_space)

        cls = _CLASSES[base] = type("VecEnvAdapter", (_Adapter, base), {
            "__init__": __init__, "__module__": __name__,
            "__doc__": "A Gymnasium vector environment as a Stable-Baselines3 VecEnv "
                       "(see cardwar.vector.sb3)."})
    return cls(envs)


class SelfPlay:
    """Many games of a variant with decisions on the batch engine, every seat a
    learner (see the module).

    Bad input raises cardwar's errors before anything changes: a variant that
    :class:`cardwar.batch.Games` does not play, or options it refuses
    (:class:`~cardwar.errors.ArgumentError`), a ``num_envs`` that is not a positive
    int, seeds that are not ints, ids that are not one int per game
    (:class:`~cardwar.errors.ActionTypeError`) and an id that is not legal in its game
    (:class:`~cardwar.core.IllegalActionError`, naming the game). As Gymnasium has it,
    ``step`` and ``action_masks`` before the first ``reset`` raise its
    ``ResetNeeded``.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, variant: Any, num_envs: int, **options: Any) -> None:
        from cardwar import batch
        from cardwar.variants import variant as lookup

        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise wrong_type("SelfPlay's num_envs", "an int", num_envs)
        if num_envs < 1:
            raise ArgumentError(f"SelfPlay needs at least one game, got {num_envs}")
        name = variant if isinstance(variant, str) else getattr(variant, "NAME", None)
        try:
            game = lookup(name) if isinstance(name, str) else None
        except KeyError:
            game = None
        if game is None or game.NAME not in batch.Games.VARIANTS:
            raise ArgumentError(f"SelfPlay plays {', '.join(batch.Games.VARIANTS)} (the "
                                f"variants with decisions), got {variant!r}")
        #: The variant module.
        self.game = game
        #: The options of every game.
        self.options = game.options(**options)
        #: The number of games.
        self.num_envs = num_envs
        #: The number of seats of each game.
        self.players = int(game.num_players(self.options))
        self._games = batch.Games(game, range(num_envs), self.options)
        size, ids = self._games.observation_size, self._games.num_actions
        #: The number of action ids.
        self.num_actions = ids
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(ids)
        self.observation_space = spaces.Box(-np.inf, np.inf, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, ids))
        self._masters = np.zeros(num_envs, np.uint64)
        self._episodes = np.zeros(num_envs, np.int64)
        self._ready = False

    def __repr__(self) -> str:
        return f"<SelfPlay: {self.num_envs} {self.game.NAME} games>"

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._games.legal_action_mask.astype(np.int8),
                "to_act": self._games.to_move}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a game in every row: with ``seed`` an int, row ``i``'s is that of
        ``seed + i``; with a list, of its seed; with None, of random seeds. Return the
        observations and the info (see the module); ``options`` is not used."""
        check_reset_options(options)
        if seed is None:
            seeds = [secrets.randbits(64) for _ in range(self.num_envs)]
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = [game_seed(int(seed) + i) for i in range(self.num_envs)]
        elif isinstance(seed, (list, tuple)):
            if len(seed) != self.num_envs:
                raise ArgumentError(f"reset needs {self.num_envs} seeds, got {len(seed)}")
            seeds = [game_seed(s) for s in seed]
        else:
            raise wrong_type("reset", "a seed that is an int, a list of ints or None", seed)
        self._games.reset(seeds)
        self._masters[:] = seeds
        self._episodes[:] = 0
        self._ready = True
        return self._games.observation.astype(np.float32), self._info()

    def action_masks(self) -> Any:
        """Return each game's legal ids for its seat to act (``bool``, a new array)."""
        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before action_masks()")
        return self._games.legal_action_mask != 0

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play ``actions[i]``, an id, for the seat to act in every game ``i``; deal
        the next game where one ended; return the observations, rewards (a column per
        seat), terminated, truncated and the info (see the module)."""
        from cardwar.encoding import TRUNCATIONS

        if not self._ready:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        games = self._games
        observation, _, rewards, done = games.step(actions)
        rewards = np.array(rewards)
        ended = np.flatnonzero(done)
        truncated = np.zeros(self.num_envs, bool)
        for g in ended:
            truncated[g] = games.outcome(int(g)).termination in TRUNCATIONS
        terminated = done & ~truncated
        extra: dict[str, Any] = {}
        if ended.size:
            final = np.empty(self.num_envs, object)
            for g in ended:
                final[g] = observation[g].astype(np.float32)
            extra = {"final_obs": final, "_final_obs": np.array(done)}
            self._episodes[ended] += 1
            seeds = np.array([derive_seed(int(self._masters[g]), int(self._episodes[g]))
                              for g in ended], np.uint64)
            games._deal(ended, seeds)
        return (games.observation.astype(np.float32), rewards, terminated, truncated,
                {**self._info(), **extra})

    def close(self) -> None:
        """Do nothing: the games hold no resources (for Gymnasium's interface)."""
