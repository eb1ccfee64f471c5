"""A single-agent Gymnasium environment of every cardwar variant (the ``gymnasium``
extra): the learner plays one seat, cardwar agents play the others.

``CardwarEnv(name, seat=0, opponents="heuristic", render_mode=None, **options)``: the
learner's actions are the variant's integer ids (``Discrete(num_actions)``); its
observation is its observation tensor as float32 (with General's War's squad cards picked
so far appended); ``info["action_mask"]`` holds the legal ids (int8); the reward is the
learner's ``returns`` when the game ends, 0 before. A game cut short by a length limit is
truncated, any other end terminated. ``opponents`` is an agent kind (``random``,
``heuristic``, ``first``, ``search`` for the variant's search agent, a stronger yardstick;
seeded from the game's seed) for every other seat, or a list of
agents, one per other seat in seat order. An illegal id loses the game on the spot
(reward -1, terminated, ``info["illegal_action"]``), as PettingZoo's own environments
do; ``illegal_action="raise"`` raises cardwar's error instead. In a game that plays
itself (War, Peace) every step is the learner's, its one action. ``reset(seed=7)`` plays the game of
``cardwar play NAME --seed 7`` (seeds of any size are accepted); ``reset``'s ``options``
argument is not used. Render modes: ``ansi`` (the whole table as text), ``human``
(printed).

>>> from cardwar.gymnasium import CardwarEnv
>>> env = CardwarEnv("arneson", opponents="random")
>>> observation, info = env.reset(seed=3)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((330,), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

from cardwar._extras import need

with need("gymnasium", "gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

from cardwar import agents
from cardwar._table import RENDER_MODES, Table, check_render_mode
from cardwar.core import Agent, IllegalActionError, Variant
from cardwar.errors import SeatError
from cardwar.rng import derive_seed

__all__ = ["CardwarEnv", "register_envs"]

Observation = np.ndarray[Any, np.dtype[np.float32]]


class CardwarEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a cardwar variant against cardwar's agents (see the module)."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012

    def __init__(self, name: str | Variant, seat: int = 0,
                 opponents: str | Sequence[Agent] = "heuristic",
                 render_mode: str | None = None, illegal_action: str = "lose",
                 **options: Any) -> None:
        check_render_mode(render_mode)
        self.table = Table(name, options)
        if type(seat) is not int or not 0 <= seat < self.table.players:
            raise SeatError(f"seat must be an int in [0, {self.table.players - 1}], got "
                            f"{seat!r}")
        others = self.table.players - 1
        if isinstance(opponents, str):
            # The library's own check of the kind (and of the game's heuristic), now
            # rather than at reset.
            if not self.table.game.AUTOMATIC:
                agents.agent(opponents, self.table.game.NAME, 0)
        elif len(opponents) != others:
            raise ValueError(f"{others} opponents are needed, got {len(opponents)}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        self.seat = seat
        self.opponents = opponents
        self.illegal_action = illegal_action
        self.lost_by_illegal_action = False
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.obs_size,),
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._agents: dict[int, Agent] = {}

    def _seat_agents(self) -> dict[int, Agent]:
        if self.table.game.AUTOMATIC:
            return {}  # nobody decides
        seats = [s for s in range(self.table.players) if s != self.seat]
        if isinstance(self.opponents, str):
            # Seeded from the game's seed: the same seed, the same game and opponents.
            return {s: agents.agent(self.opponents, self.table.game.NAME,
                                    derive_seed(self.table.seed, 1 + s)) for s in seats}
        return dict(zip(seats, self.opponents, strict=True))

    def _advance(self) -> None:
        """Let the opponents (and the game itself) play until the learner is to act or
        the game ends."""
        table, game = self.table, self.table.game
        while not table.over:
            seat = game.to_act(table.state)
            if seat == self.seat or seat is None:
                return  # the learner's turn (in a game that plays itself, every step)
            legal = game.legal_actions(table.state)
            action = self._agents[seat].choose(game.observe(table.state, seat), legal)
            table.play_action(action)

    def _info(self) -> dict[str, Any]:
        # In a game that plays itself the learner acts at every step, whatever seat the
        # table would give the step to (it takes the seats in turn for PettingZoo).
        seat = self.table.to_act() if self.table.game.AUTOMATIC else self.seat
        return {"action_mask": self.table.mask(seat)}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and self.table.state is None:
            # Gymnasium's own generator, seeded by the first reset's seed or the OS.
            seed = int(self.np_random.integers(0, 2**63))
        self.table.reset(seed)
        self.lost_by_illegal_action = False
        self._agents = self._seat_agents()
        self._advance()
        return self.table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over or self.lost_by_illegal_action:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        try:
            table.play(int(action))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            # The learner loses the game on the spot (as PettingZoo's TerminateIllegal).
            self.lost_by_illegal_action = True
            info = {**self._info(), "illegal_action": True}
            return table.observation(self.seat), -1.0, True, False, info
        self._advance()
        reward = 0.0
        terminated = truncated = False
        if table.game.outcome(table.state) is not None:
            reward = float(table.game.returns(table.state)[self.seat])
            truncated = table.truncated
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return table.observation(self.seat), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        return self.table.render(self.render_mode)


def register_envs() -> tuple[str, ...]:
    """Register ``cardwar/<variant>-v0`` with Gymnasium for every registered variant
    (done when this module is imported), so that
    ``gymnasium.make("cardwar/caravan-v0", opponents="random")`` works; return the ids."""
    from cardwar.variants import all_variants

    ids = []
    for found in all_variants():
        env_id = f"cardwar/{found.NAME}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cardwar.gymnasium:CardwarEnv",
                               kwargs={"name": found.NAME})
        ids.append(env_id)
    return tuple(ids)


register_envs()
