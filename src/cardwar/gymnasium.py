"""A single-agent Gymnasium environment of every cardwar variant (the ``gymnasium``
extra): the learner plays one seat, cardwar agents play the others.

``CardwarEnv(name, seat=0, opponents="heuristic", render_mode=None, shaping=None,
**options)``: the
learner's actions are the variant's integer ids (``Discrete(num_actions)``); its
observation is its observation tensor as float32 (with General's War's squad cards picked
so far appended); ``info["action_mask"]`` holds the legal ids (int8) and
``action_masks()`` the same as booleans (what sb3-contrib's ``MaskablePPO`` asks for);
the reward is the learner's ``returns`` when the game ends, 0 before. A game cut short
by a length limit is truncated, any other end terminated. ``shaping`` names one of the
variant's shaped rewards (:mod:`cardwar.rewards`: ``cards``, ``points`` or
``positions``), added to the reward at every step and paid back in full when the game
ends, so that a game's undiscounted return is still its result; ``shaping_scale``
(1 by default) multiplies it.

``opponents`` is one entry for every other seat, or a list of entries, one per other
seat in seat order. An entry is an agent kind (a str: ``random``, ``heuristic``,
``first``, ``search`` for the variant's search agent, a stronger yardstick,
``heuristic:P`` for the heuristic with probability P and a random move otherwise, a
curriculum, and every other kind :func:`cardwar.agents.agent` builds) or a factory
(any callable, an agent class included, that takes a seed and returns an agent): either
is built again at every
``reset`` from the game's seed, so ``reset(seed=7)`` plays the same game every time. An
entry may also be an agent object, which plays every game and keeps its own state from
one game to the next (a game against it is reproducible only if it is). Every entry is
checked when the environment is made.

An illegal id loses the game on the spot (reward -1, terminated,
``info["illegal_action"]``), as PettingZoo's own environments do;
``illegal_action="raise"`` raises cardwar's error instead. Where options let the
opponents play a game out before the learner's first decision (four-player General's War
not played on for places, say), ``reset`` returns it over, its mask all 0, and the next
``step`` reports its result, whatever its id. In a game that plays itself
(War, Peace) every step is the learner's, its one action. ``reset(seed=7)`` plays the
game of ``cardwar play NAME --seed 7`` (seeds of any size are accepted); ``reset``'s
``options`` argument is not used. Render modes: ``ansi`` (the whole table as text),
``human`` (printed).

>>> from cardwar.gymnasium import CardwarEnv
>>> env = CardwarEnv("arneson", opponents="random")
>>> observation, info = env.reset(seed=3)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((330,), True)
>>> bool((env.action_masks() == info["action_mask"].astype(bool)).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat, TypeAlias, cast

from cardwar._extras import need

with need("gymnasium", "gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

from cardwar import agents
from cardwar._table import RENDER_MODES, Table, action_id, check_render_mode, check_reset_options
from cardwar.core import Agent, IllegalActionError, Variant
from cardwar.errors import AgentError, ArgumentError, CardwarError, SeatError, shown, wrong_type
from cardwar.rewards import Shaping, shapes
from cardwar.rng import derive_seed

__all__ = ["CardwarEnv", "Opponent", "register_envs"]

Observation = np.ndarray[Any, np.dtype[np.float32]]

#: What may sit in an opponent's seat: an agent kind, a factory of agents (called with a
#: seed), or an agent.
Opponent: TypeAlias = "str | Callable[[int], Agent] | Agent"


def _is_agent(entry: object) -> bool:
    """Return whether ``entry`` is an agent object: it has a callable ``choose`` (and is
    not a class, nor a numpy value, whose ``choose`` is numpy's)."""
    return (not isinstance(entry, (type, np.ndarray, np.generic))
            and callable(getattr(entry, "choose", None)))


class CardwarEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a cardwar variant against cardwar's agents (see the module).

    Bad input raises cardwar's own errors (:class:`~cardwar.errors.CardwarError`)
    before anything changes: a variant, seat, render mode, ``illegal_action`` or
    opponents that cannot be used (:class:`~cardwar.errors.ArgumentError`,
    :class:`~cardwar.errors.SeatError`, :class:`~cardwar.errors.AgentError`), an action
    that is not an int id (:class:`~cardwar.errors.ActionTypeError`; a numpy integer is
    an int, a bool or float is not), an id out of the action space
    (:class:`~cardwar.encoding.ActionIndexError`), a seed that is not an int. An
    opponent that chooses an illegal action raises :class:`~cardwar.errors.AgentError`
    and the step changes nothing. As Gymnasium's convention has it, ``step``,
    ``render`` and ``action_masks`` before the first ``reset``, and ``step`` once the
    game has ended, raise Gymnasium's ``ResetNeeded``.
    """

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012

    def __init__(self, name: str | Variant, seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "heuristic",
                 render_mode: str | None = None, illegal_action: str = "lose",
                 shaping: str | None = None, shaping_scale: float = 1.0,
                 **options: Any) -> None:
        check_render_mode(render_mode)
        self.table = Table(name, options)
        if type(seat) is not int or not 0 <= seat < self.table.players:
            raise SeatError(f"seat must be an int in [0, {self.table.players - 1}], got "
                            f"{shown(seat)}")
        if type(illegal_action) is not str or illegal_action not in ("lose", "raise"):
            raise ArgumentError(f"illegal_action must be 'lose' or 'raise', got "
                                f"{shown(illegal_action)}")
        self.seat = seat
        #: The shaped reward's tally of the current game (None: the result alone).
        self.shaping: Shaping | None = None
        if shaping is not None:
            self.shaping = Shaping(self.table.game, shaping, shaping_scale)
        elif shaping_scale != 1.0:
            raise ArgumentError(f"shaping_scale {shown(shaping_scale)} without shaping: "
                                f"name a shape ({', '.join(shapes(self.table.game))})")
        self._entries = self._check_opponents(opponents)
        self.opponents = opponents
        self.illegal_action = illegal_action
        self.lost_by_illegal_action = False
        # Whether the game was over when it was dealt (see step).
        self._dealt_over = False
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.obs_size,),
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._agents: dict[int, Agent] = {}

    def _check_opponents(self, opponents: object) -> tuple[Opponent, ...]:
        """Return one entry per other seat, each checked (kinds built once, for a game
        with decisions)."""
        others = self.table.players - 1
        entries: tuple[Any, ...]
        if isinstance(opponents, str) or callable(opponents) or _is_agent(opponents):
            entries = (opponents,) * others
        elif isinstance(opponents, Sequence) and not isinstance(opponents, bytes):
            entries = tuple(opponents)
            if len(entries) != others:
                raise ArgumentError(f"{others} opponents are needed (one per other seat), "
                                    f"got {len(entries)}")
        else:
            raise wrong_type("CardwarEnv", "opponents that are an agent kind, an agent, a "
                             "factory of agents or a list of them, one per other seat",
                             opponents)
        game = self.table.game
        checked: set[str] = set()
        for entry in entries:
            if isinstance(entry, str):
                # (A game that plays itself seats no agents; a kind is checked once.)
                if not game.AUTOMATIC and entry not in checked:
                    # The library's own check of the kind (and of the game's heuristic),
                    # now rather than at reset.
                    agents.agent(entry, game, 0)
                    checked.add(entry)
            elif not (callable(entry) or _is_agent(entry)):
                raise AgentError(f"an opponent is an agent kind (a str), an agent (with "
                                 f"choose(observation, legal)) or a factory of agents "
                                 f"(called with a seed), got {type(entry).__name__} "
                                 f"{shown(entry)}")
        return cast(tuple[Opponent, ...], entries)

    def _seat_agents(self, seed: int) -> dict[int, Agent]:
        """Return the agent of every other seat for the game of ``seed``: kinds and
        factories built from it (the same seed, the same game and opponents)."""
        if self.table.game.AUTOMATIC:
            return {}  # nobody decides
        seats = [s for s in range(self.table.players) if s != self.seat]
        built: dict[int, Agent] = {}
        for s, entry in zip(seats, self._entries, strict=True):
            if isinstance(entry, str):
                built[s] = agents.agent(entry, self.table.game, derive_seed(seed, 1 + s))
            elif _is_agent(entry):
                built[s] = entry  # type: ignore[assignment]
            else:
                built[s] = self._made(entry, derive_seed(seed, 1 + s), s)  # type: ignore[arg-type]
        return built

    @staticmethod
    def _made(factory: Callable[[int], Agent], seed: int, seat: int) -> Agent:
        try:
            made = factory(seed)
        except Exception as err:  # a factory of the user's own: any error it raises
            raise AgentError(f"the factory of seat {seat}'s opponent failed: "
                             f"{type(err).__name__}: {err}") from err
        if not _is_agent(made):
            raise AgentError(f"the factory of seat {seat}'s opponent returned "
                             f"{type(made).__name__}, which has no choose(observation, "
                             "legal)")
        return made

    def _advance(self) -> None:
        """Let the opponents (and the game itself) play until the learner is to act or
        the game ends."""
        table, game = self.table, self.table.game
        while not table.over:
            seat = table.deciding
            if seat == self.seat or seat is None:
                return  # the learner's turn (in a game that plays itself, every step)
            action = self._agents[seat].choose(game.observe(table.state, seat),
                                               game.legal_actions(table.state))
            try:
                table.play_action(action)
            except CardwarError as err:
                raise AgentError(f"the opponent in seat {seat} chose {shown(action)}, "
                                 f"which the game refuses: {err}") from err

    def _learner(self) -> int:
        # In a game that plays itself the learner acts at every step, whatever seat the
        # table would give the step to (it takes the seats in turn for PettingZoo).
        return self.table.to_act() if self.table.game.AUTOMATIC else self.seat

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self._learner())}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Return the learner's legal ids now as booleans, a new array (none once the
        game has ended): the method sb3-contrib's ``MaskablePPO`` calls."""
        if self.table.state is None:
            raise gymnasium.error.ResetNeeded("no game in progress: call reset()")
        return self.table.bool_mask(self._learner())

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (see the module); ``options`` is not used."""
        check_reset_options(options)
        table = self.table
        given = seed is not None
        if not given and table.state is None:
            # Gymnasium's own generator, seeded by the first reset's seed or the OS.
            seed = int(self.np_random.integers(0, 2**63))
        planned = table.next_seed(seed)  # checks the seed
        built = self._seat_agents(planned[2])
        saved, playing = table.snapshot(), self._agents
        try:
            table.start(planned)
            self._agents = built
            self._advance()
        except BaseException:
            table.restore(saved)
            self._agents = playing
            raise
        super().reset(seed=planned[2] if given else None)
        self.lost_by_illegal_action = False
        self._dealt_over = table.over
        if self.shaping is not None:
            self.shaping.start(table.game.observe(table.state, self.seat))
        return table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's id ``action``, then the opponents' moves (see the
        module)."""
        table = self.table
        if table.state is not None and self._dealt_over:
            # The opponents played the game out before the learner's first decision: this
            # step reports its result, whatever the id.
            action_id(action)
            self._dealt_over = False
            truncated = table.truncated
            reward = float(table.game.returns(table.state)[self.seat])
            return (table.observation(self.seat), reward + self._shaped(done=True),
                    not truncated, truncated, self._info())
        if table.state is None or table.over or self.lost_by_illegal_action:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        index = action_id(action)
        saved = table.snapshot()
        try:
            table.play(index)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            # The learner loses the game on the spot (as PettingZoo's TerminateIllegal).
            self.lost_by_illegal_action = True
            info = {**self._info(), "illegal_action": True}
            return (table.observation(self.seat), -1.0 + self._shaped(done=True), True, False,
                    info)
        try:
            self._advance()
        except BaseException:
            table.restore(saved)
            raise
        reward = 0.0
        terminated = truncated = False
        if table.result is not None:  # (not table.over: narrowed by the check above)
            reward = float(table.game.returns(table.state)[self.seat])
            truncated = table.truncated
            terminated = not truncated
        reward += self._shaped(done=table.result is not None)
        if self.render_mode == "human":
            self.render()
        return table.observation(self.seat), reward, terminated, truncated, self._info()

    def _shaped(self, done: bool) -> float:
        """Return the shaped reward of the step just played (0 without shaping)."""
        if self.shaping is None:
            return 0.0
        return self.shaping.reward(self.table.game.observe(self.table.state, self.seat), done)

    def render(self) -> str | None:
        """Render the table in the environment's render mode."""
        if self.table.state is None and self.render_mode is not None:
            raise gymnasium.error.ResetNeeded("no game in progress: call reset()")
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
                               vector_entry_point=getattr(found, "VECTOR_ENV", None),
                               kwargs={"name": found.NAME})
        ids.append(env_id)
    return tuple(ids)


register_envs()
