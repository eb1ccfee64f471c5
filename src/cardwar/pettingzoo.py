"""PettingZoo environments of every cardwar variant (the ``pettingzoo`` extra).

``env(name, render_mode=None, **options)`` is an AEC environment of the variant ``name``
under its ``options``: agents ``seat_0``, ``seat_1``, ...; each observation a dict of
``observation`` (the variant's observation tensor as float32, with General's War's
squad cards picked so far appended) and ``action_mask`` (int8, the legal ids when that
agent is to act, else none; new arrays, so writing into them changes nothing); actions
the variant's integer ids (Python ints or numpy integers: nothing is coerced); rewards
the variant's ``returns`` when the game ends; a game cut short by a length limit is
truncated, any other end terminated. In a game that plays itself (War, Peace) the seats
take turns at its one action. ``parallel_env`` is the same game with simultaneous moves,
for the variants whose choices are simultaneous (``SIMULTANEOUS``).

``reset(seed=7)`` plays the game of ``cardwar play NAME --seed 7``; seeds of any size are
accepted. ``reset``'s ``options`` argument is not used: a game's options are fixed when the
environment is made. Render modes: ``ansi`` returns the whole table as text (hidden cards
included, for watching), ``human`` prints it.

>>> from cardwar.pettingzoo import env
>>> game = env("caravan", face_limit=3)
>>> game.reset(seed=7)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((1133,), True)
"""

from __future__ import annotations

from typing import Any

from cardwar._extras import need

with need("pettingzoo", "pettingzoo"):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers

from cardwar._table import RENDER_MODES, Table, action_id, check_render_mode, check_reset_options
from cardwar.core import GameOverError, Variant
from cardwar.errors import ArgumentError, SeatError, shown, wrong_type

__all__ = ["CardwarAECEnv", "CardwarParallelEnv", "env", "parallel_env", "raw_env"]


def env(name: str | Variant, render_mode: str | None = None, **options: Any) -> AECEnv:
    """Return the AEC environment of the variant ``name`` under ``options``, wrapped as
    PettingZoo's own environments are in PettingZoo's order-enforcing wrapper, which
    answers a call out of order (``step``, ``observe`` or ``render`` before the first
    ``reset``) with PettingZoo's own ``AssertionError`` or ``AttributeError``. Every
    other error is cardwar's own, the environment's checks of the actions included
    (PettingZoo's out-of-bounds wrapper is not used: it answers with an assertion)."""
    return _OrderEnforcing(raw_env(name, render_mode, **options))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, whose ``last`` asks the environment at once
    rather than reading its every attribute through the wrapper."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Return the selected agent's observation, cumulative reward, termination,
        truncation and info, as PettingZoo's ``last``."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]


def raw_env(name: str | Variant, render_mode: str | None = None, **options: Any
            ) -> CardwarAECEnv:
    """Return the unwrapped AEC environment."""
    return CardwarAECEnv(name, render_mode, **options)


def parallel_env(name: str | Variant, render_mode: str | None = None, **options: Any
                 ) -> CardwarParallelEnv:
    """Return the parallel environment of a variant whose choices are simultaneous."""
    return CardwarParallelEnv(name, render_mode, **options)


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (table.obs_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (table.num_actions,), dtype=np.int8),
    })
    return observation, spaces.Discrete(table.num_actions)


class _Seats:
    """The agents of a table, their seats and spaces (what both environments share)."""

    table: Table
    possible_agents: list[str]
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, spaces.Discrete]

    def _setup(self, name: str | Variant, render_mode: str | None,
               options: dict[str, Any]) -> None:
        check_render_mode(render_mode)
        self.table = Table(name, options)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)

    def _seat(self, agent: object) -> int:
        """Return the seat of ``agent``; raise :class:`~cardwar.errors.SeatError` for
        anything that is not one of the game's agents."""
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            raise SeatError(f"agent must be one of {', '.join(self.possible_agents)}, got "
                            f"{type(agent).__name__} {shown(agent)}")
        return seat

    def observation_space(self, agent: str) -> spaces.Dict:
        """Return the observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Discrete:
        """Return the action space of ``agent`` (the same for every agent)."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def render(self) -> str | None:
        """Render the table in the environment's render mode."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Do nothing: the environment holds no resources."""


class CardwarAECEnv(_Seats, AECEnv):  # type: ignore[misc]
    """The AEC environment of one cardwar variant (see the module).

    Bad input raises cardwar's own errors before anything changes: an action that is
    not an int id (:class:`~cardwar.errors.ActionTypeError`; a numpy integer is an int,
    a bool or float is not), an id the game refuses (its
    :class:`~cardwar.core.IllegalActionError` or
    :class:`~cardwar.encoding.ActionIndexError`), an agent that is not one of the
    game's (:class:`~cardwar.errors.SeatError`), a seed that is not an int. A finished
    agent's only action is ``None``, as PettingZoo's convention has it (anything else is
    an :class:`~cardwar.errors.ArgumentError`, a ``ValueError`` as PettingZoo's own);
    a step once every agent has stepped out is a :class:`~cardwar.core.GameOverError`.
    """

    def __init__(self, name: str | Variant, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        self._setup(name, render_mode, options)
        self.metadata = {"render_modes": RENDER_MODES, "is_parallelizable": False,
                         "render_fps": 1,
                         "name": f"cardwar_{self.table.game.NAME.replace('-', '_')}"}
        self.reset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (see the module); ``options`` is not used."""
        check_reset_options(options)
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act()]

    def observe(self, agent: str) -> dict[str, Any]:
        """Return what ``agent`` sees: its observation tensor and its action mask (new
        arrays, so writing into them changes nothing)."""
        seat = self._seat(agent)
        table = self.table
        return {"observation": table.observation(seat), "action_mask": table.mask(seat)}

    def step(self, action: Any) -> None:
        """Play ``action``, an id, for the selected agent (``None`` for an agent whose
        game has ended)."""
        agent = self.agent_selection
        if not self.agents:
            raise GameOverError("the game is over and every agent has stepped out: call "
                                "reset()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError(f"{agent}'s game has ended: its only action is None, "
                                    f"got {shown(action)}")
            self._was_dead_step(action)
            return
        table = self.table
        table.play(action)
        self._cumulative_rewards[agent] = 0.0
        if table.over:
            returns = table.game.returns(table.state)
            truncated = table.truncated
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[s])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[table.to_act()]
        if self.render_mode == "human":
            self.render()


class CardwarParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one cardwar variant whose choices are simultaneous:
    every agent sends an action each step; they are played in seat order (the order the
    game takes them in, hidden until all are in), and a game that plays itself plays
    one step per parallel step.

    ``step`` takes a dict of an id for every agent still in the game, and checks it
    whole before playing any of it: not a dict
    (:class:`~cardwar.errors.ArgumentTypeError`), an agent missing or one that is not in
    the game (:class:`~cardwar.errors.ArgumentError`), a value that is not an int id
    (:class:`~cardwar.errors.ActionTypeError`). An id the game refuses raises its error
    and puts the game back as it was before the step. A step with no game in progress
    (before the first ``reset`` or after the end) is a
    :class:`~cardwar.core.GameOverError`."""

    def __init__(self, name: str | Variant, render_mode: str | None = None,
                 **options: Any) -> None:
        self._setup(name, render_mode, options)
        game = self.table.game
        if not game.SIMULTANEOUS:
            raise ArgumentError(f"{game.TITLE} takes turns, so it has no parallel "
                                "environment: use env()")
        if game.partial_size(self.table.options):  # pragma: no cover - a plugin's
            # (no built-in simultaneous game has actions of several ids)
            raise ArgumentError(f"{game.TITLE} has actions of several ids, which a "
                                "parallel environment cannot take: use env()")
        self.metadata = {"render_modes": RENDER_MODES, "render_fps": 1,
                         "name": f"cardwar_{game.NAME.replace('-', '_')}"}
        self.agents: list[str] = []

    def _observations(self) -> dict[str, dict[str, Any]]:
        table = self.table
        masks = self._round_masks()
        return {agent: {"observation": table.observation(seat),
                        "action_mask": masks[seat] if seat in masks
                        else np.zeros(table.num_actions, dtype=np.int8)}
                for seat, agent in enumerate(self.possible_agents)}

    def _round_masks(self) -> dict[int, Any]:
        """Return the mask of every seat that chooses before the next reveal. Choices
        are simultaneous, so a seat's legal choices cannot depend on the hidden choices
        committed before its own: each seat's mask is read after committing any legal
        choice for the seats before it."""
        table, game = self.table, self.table.game
        if table.over:
            return {}
        seat = table.deciding
        if seat is None:
            return {s: table.mask(s) for s in range(table.players)}
        masks: dict[int, Any] = {}
        state, legal = table.state, table.legal()
        while True:
            masks[seat] = np.frombuffer(legal, dtype=np.int8).copy()
            if len(masks) == table.players:
                return masks  # (no need to play the round out)
            state = game.step(state, game.legal_actions(state)[0])
            following = game.to_act(state)
            if following is None or following in masks:  # pragma: no cover - a plugin's
                return masks  # (every seat of a built-in simultaneous game chooses)
            seat, legal = following, game.legal_action_mask(state)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game (see the module); ``options`` is not used."""
        check_reset_options(options)
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _checked(self, actions: object) -> dict[int, int]:
        """Return the id of every live agent's seat in ``actions``, checked whole."""
        if not isinstance(actions, dict):
            raise wrong_type("step", "a dict of every agent's action id", actions)
        if not self.agents:
            raise GameOverError("no game in progress: call reset()")
        live = self.agents
        unknown = [a for a in actions if a not in live]
        if unknown:
            raise ArgumentError(f"step was given actions of {shown(unknown)}, which are "
                                f"not agents in the game: {', '.join(live)}")
        missing = [a for a in live if a not in actions]
        if missing:
            raise ArgumentError(f"step needs an action id of every agent in the game, and "
                                f"has none of {', '.join(missing)}")
        return {self._seats[a]: action_id(actions[a]) for a in live}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Play one round: every agent's id, in seat order (see the class)."""
        ids = self._checked(actions)
        table = self.table
        game = table.game
        if table.deciding is None:
            table.play(0)  # a game that plays itself: one step
        else:
            # All or nothing: an action refused after others were played puts the game
            # back as it was, so that a retry plays the same round.
            saved = table.snapshot()
            played: set[int] = set()
            try:
                while not table.over and table.to_act() not in played:
                    seat = table.to_act()
                    table.play(ids[seat])
                    played.add(seat)
            except BaseException:
                table.restore(saved)
                raise
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        truncations = dict.fromkeys(self.agents, False)
        if table.over:
            returns = game.returns(table.state)
            for s, a in enumerate(self.possible_agents):
                rewards[a] = float(returns[s])
                terminations[a] = not table.truncated
                truncations[a] = table.truncated
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if table.over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
