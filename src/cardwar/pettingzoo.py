"""PettingZoo environments of every cardwar variant (the ``pettingzoo`` extra).

``env(name, render_mode=None, **options)`` is an AEC environment of the variant ``name``
under its ``options``: agents ``seat_0``, ``seat_1``, ...; each observation a dict of
``observation`` (the variant's observation tensor as float32, with General's War's
squad cards picked so far appended) and ``action_mask`` (int8, the legal ids when that
agent is to act, else none); actions the variant's integer ids; rewards the variant's
``returns`` when the game ends; a game cut short by a length limit is truncated, any
other end terminated. In a game that plays itself (War, Peace) the seats take turns at
its one action. ``parallel_env`` is the same game with simultaneous moves, for the
variants whose choices are simultaneous (``SIMULTANEOUS``).

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

from cardwar._table import RENDER_MODES, Table, check_render_mode, int8_mask
from cardwar.core import Variant

__all__ = ["CardwarAECEnv", "CardwarParallelEnv", "env", "parallel_env", "raw_env"]

def env(name: str | Variant, render_mode: str | None = None, **options: Any) -> AECEnv:
    """Return the AEC environment of the variant ``name`` under ``options``, wrapped as
    PettingZoo's own environments are (order enforcing, actions in bounds)."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(name, render_mode, **options)))


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


class CardwarAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one cardwar variant (see the module)."""

    def __init__(self, name: str | Variant, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(name, options)
        self.render_mode = render_mode
        self.metadata = {"render_modes": RENDER_MODES, "is_parallelizable": False,
                         "render_fps": 1,
                         "name": f"cardwar_{self.table.game.NAME.replace('-', '_')}"}
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.reset()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act()]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        return {"observation": self.table.observation(seat),
                "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.play(action)
        if self.table.over:
            returns = self.table.game.returns(self.table.state)
            truncated = self.table.truncated
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[s])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.table.to_act()]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass


class CardwarParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one cardwar variant whose choices are simultaneous:
    every agent sends an action each step; they are played in seat order (the order the
    game takes them in, hidden until all are in), and a game that plays itself plays
    one step per parallel step."""

    def __init__(self, name: str | Variant, render_mode: str | None = None,
                 **options: Any) -> None:
        check_render_mode(render_mode)
        self.table = Table(name, options)
        if not self.table.game.SIMULTANEOUS:
            raise ValueError(f"{self.table.game.TITLE} takes turns, so it has no parallel "
                             "environment: use env()")
        if self.table.game.partial_size(self.table.options):  # pragma: no cover - a plugin's
            # (no built-in simultaneous game has actions of several ids)
            raise ValueError(f"{self.table.game.TITLE} has actions of several ids, which a "
                             "parallel environment cannot take: use env()")
        self.render_mode = render_mode
        self.metadata = {"render_modes": RENDER_MODES, "render_fps": 1,
                         "name": f"cardwar_{self.table.game.NAME.replace('-', '_')}"}
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, Any]]:
        masks = self._round_masks()
        none = np.zeros(self.table.num_actions, dtype=np.int8)
        return {agent: {"observation": self.table.observation(seat),
                        "action_mask": masks.get(seat, none)}
                for seat, agent in enumerate(self.possible_agents)}

    def _round_masks(self) -> dict[int, Any]:
        """Return the mask of every seat that chooses before the next reveal. Choices
        are simultaneous, so a seat's legal choices cannot depend on the hidden choices
        committed before its own: each seat's mask is read after committing any legal
        choice for the seats before it."""
        table, game = self.table, self.table.game
        if table.over:
            return {}
        if game.to_act(table.state) is None:
            return {s: table.mask(s) for s in range(table.players)}
        masks: dict[int, Any] = {}
        state = table.state
        while True:
            seat = game.to_act(state)
            if seat is None or seat in masks:
                return masks
            masks[seat] = int8_mask(game.legal_action_mask(state))
            state = game.step(state, game.legal_actions(state)[0])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        game, table = self.table.game, self.table
        if game.to_act(table.state) is None:
            table.play(0)  # a game that plays itself: one step
        else:
            # All or nothing: an action refused after others were played puts the game
            # back as it was, so that a retry plays the same round.
            saved = (table.state, table.partial, table.steps)
            played: set[int] = set()
            try:
                while not table.over and table.to_act() not in played:
                    seat = table.to_act()
                    table.play(int(actions[self.possible_agents[seat]]))
                    played.add(seat)
            except BaseException:
                table.state, table.partial, table.steps = saved
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

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass
