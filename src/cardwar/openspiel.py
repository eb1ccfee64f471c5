"""OpenSpiel games of cardwar's variants with decisions (the ``openspiel`` extra).

:func:`register` registers ``python_cardwar_<variant>`` (``python_cardwar_arneson``,
``python_cardwar_cold_war``, ``python_cardwar_generals``, ``python_cardwar_caravan``) with
OpenSpiel, so that ``pyspiel.load_game("python_cardwar_caravan(face_limit=3)")`` and
OpenSpiel's algorithms work on them:

- explicit chance (:mod:`cardwar.chance`): every random event is a chance node with its
  exact, uniform outcomes;
- the game's parameters are the variant's options, typed as OpenSpiel types them (an int,
  a bool, a str for an enum, a deck or a rank list in card notation); an int option whose
  default is none (a limit) is an int parameter with -1 for none, any other such option
  a str with ``"none"`` (General's War's ``places``: ``yes`` or ``no``, since OpenSpiel
  reads ``true`` and ``false`` as bools);
- actions are the variant's integer ids (General's War's squads card by card);
- observers honour the requested observation type: the public and the private parts of
  the observation tensor (each part of :func:`~cardwar.encoding.Part` is one or the
  other), and with perfect recall the information state string, every observation the
  seat has had so far with its own moves;
- returns are the variant's ``returns``; OpenSpiel needs a bound on a game's length, so
  a Cold War game without ``max_tricks`` is given ``max_tricks=2000`` (no measured game
  came near).

>>> import pyspiel
>>> from cardwar.openspiel import register
>>> names = register()
>>> game = pyspiel.load_game("python_cardwar_caravan")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 3419)
"""

from __future__ import annotations

import enum
from array import array
from typing import Any

from cardwar._extras import need

with need("openspiel", "openspiel"):
    import numpy as np
    import pyspiel

from cardwar import chance
from cardwar.core import Variant, options_info
from cardwar.encoding import (
    Part,
    information_state,
    information_state_layout,
    layout_size,
    seen_tensor,
)
from cardwar.errors import CardwarError
from cardwar.variants import all_variants
from cardwar.variants import variant as find_variant

__all__ = ["NONE", "game_name", "register"]


def game_name(found: Variant) -> str:
    """Return the OpenSpiel name of a variant: ``python_cardwar_`` and its name."""
    return "python_cardwar_" + found.NAME.replace("-", "_")


#: The int parameter that stands for an int option's ``None`` (none, or the default).
NONE = -1


def _parameter(found: Variant, name: str, value: object) -> int | bool | str:
    """Return an option's default as an OpenSpiel parameter."""
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        # An int option whose default is none (a limit, a seat) is an int parameter,
        # -1 standing for none; any other (a deck, a default that depends) a str.
        try:
            probe = getattr(found.options(**{name: 1}), name)
        except CardwarError:
            probe = None
        return NONE if type(probe) is int else "none"
    if isinstance(value, tuple):  # ranks, suits: their notation
        return " ".join(str(getattr(v, "symbol", v)) for v in value)
    raise TypeError(f"no OpenSpiel parameter for {value!r}")  # pragma: no cover


def _parameters(found: Variant) -> dict[str, int | bool | str]:
    return {info.name: _parameter(found, info.name, info.default)
            for info in options_info(found.Options)}


def _options(found: Variant, params: dict[str, Any]) -> Any:
    kwargs = {}
    defaults = _parameters(found)
    for name, value in params.items():
        if name in defaults and value != defaults[name]:
            kwargs[name] = None if value in ("none", NONE) else value
    # A game with no length bound under its defaults names the options that give it one
    # (Cold War: a trick limit); they apply where the game is loaded without them.
    for name, value in getattr(found, "BOUNDED_OPTIONS", {}).items():
        kwargs.setdefault(name, value)
    return found.options(**kwargs)


def _game_type(found: Variant, players: int | None = None) -> pyspiel.GameType:
    two = players == 2 or (players is None and found.MAX_PLAYERS == 2)
    return pyspiel.GameType(
        short_name=game_name(found),
        long_name=f"Python cardwar {found.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=found.MAX_PLAYERS or found.MIN_PLAYERS,
        min_num_players=found.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(found),
    )


class CardwarGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one cardwar variant under its options (a subclass per
    variant names it in ``VARIANT``)."""

    VARIANT = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        found = find_variant(self.VARIANT)
        self.variant = found
        self.options = _options(found, params)
        players = found.num_players(self.options)
        length = found.max_game_length(self.options)
        assert length is not None  # every variant with decisions has one here
        if found.partial_size(self.options):
            length *= 4  # a General's War squad is up to four ids (three cards, done)
        cards = len(found.cards_in_play(found.new_game(0, self.options)))
        info = pyspiel.GameInfo(
            num_distinct_actions=found.num_actions(self.options),
            max_chance_outcomes=max(cards, players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=length,
        )
        super().__init__(_game_type(found, players), info, params)

    def new_initial_state(self) -> CardwarState:
        return CardwarState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> CardwarObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return CardwarObserver(self, iig_obs_type
                               or pyspiel.IIGObservationType(perfect_recall=False))


class CardwarState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a :class:`~cardwar.chance.ChanceState` and the ids chosen so
    far towards an action (and nothing that cannot be deep-copied, as OpenSpiel clones a
    Python state)."""

    @property
    def variant(self) -> Variant:
        """Return the variant."""
        return self.node.game

    def __init__(self, game: CardwarGame) -> None:
        super().__init__(game)
        self.node = chance.new_game(game.variant, game.options)
        self.partial: tuple[int, ...] = ()
        # Every decision point so far, for the information state (immutable values, so
        # that OpenSpiel's deep copy of a state stays cheap).
        self.trail: tuple[tuple[chance.ChanceState, tuple[int, ...]], ...] = ()
        self._observed()

    def _observed(self) -> None:
        if self.node.state is not None:
            self.trail = (*self.trail, (self.node, self.partial))

    def information_state(self, seat: int) -> str:
        """Return what ``seat`` has observed so far
        (:func:`cardwar.encoding.information_state` over the decision points)."""
        return information_state(self.variant, (node.state for node, _ in self.trail), seat,
                                 (partial for _, partial in self.trail))

    def seen(self, seat: int) -> array[float]:
        """Return the largest value of each place of ``seat``'s observation tensor over
        the decision points so far (:func:`cardwar.encoding.seen_tensor`). It is kept
        along the trail, which a state shares with its clones and the states it came
        from: the fold starts from the latest decision point already folded."""
        trail = self.trail
        start, seen = 0, None
        for k in range(len(trail) - 1, -1, -1):
            entry = _SEEN.get((id(trail[k][0]), seat))
            if entry is not None and entry[0] is trail[k][0]:
                start, seen = k + 1, array("d", entry[1])
                break
        for k in range(start, len(trail)):
            node = trail[k][0]
            seen = seen_tensor(self.variant, (node.state,), seat, seen)
            if (k - start) % 16 == 15 or k == len(trail) - 1:
                if len(_SEEN) >= _SEEN_MAX:
                    _SEEN.clear()
                _SEEN[id(node), seat] = (node, seen.tobytes())
        assert seen is not None  # a state with a decision point has a trail
        return seen

    def current_player(self) -> int:
        if self.node.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.variant.outcome(self.node.state) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.variant.to_act(self.node.state)
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.variant.legal_action_indices(self.node.state, self.partial))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, p in chance.chance_outcomes(self.node)]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self.node.state is None:
            self.node = chance.apply_chance(self.node, action)
        else:
            ids = (*self.partial, action)
            made = self.variant.indices_to_action(self.node.state, ids)
            if made is None:
                self.partial = ids
            else:
                self.node = chance.step(self.node, made)
                self.partial = ()
        self._observed()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return str(self.variant.action_from_index(self.node.options, int(action)))

    def is_terminal(self) -> bool:
        return (self.node.state is not None
                and self.variant.outcome(self.node.state) is not None)

    def returns(self) -> list[float]:
        if self.node.state is None:
            return [0.0] * self.get_game().num_players()
        return list(self.variant.returns(self.node.state))

    def __str__(self) -> str:
        if self.node.state is None:
            return f"chance node ({self.node.outcomes} outcomes)"
        return self.variant.render_state(self.node.state, ascii=True)


#: The memory tensors of decision points already folded, by the decision point (its id,
#: with the entry holding it, so the id names no other object) and the seat.
_SEEN: dict[tuple[int, int], tuple[chance.ChanceState, bytes]] = {}
#: How many entries _SEEN holds before it starts again.
_SEEN_MAX = 65536


class CardwarObserver:
    """OpenSpiel's observer of a cardwar game: the tensor's public and private parts as
    asked, and with perfect recall the seat's observations so far as a string."""

    def __init__(self, game: CardwarGame, iig_obs_type: Any) -> None:
        found, opts = game.variant, game.options
        self.variant = found
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.perfect_recall and not (self.public and self.private):
            raise ValueError("perfect recall is offered for the seat's whole information "
                             "state only (public and private)")
        layout = (information_state_layout(found, opts) if self.perfect_recall
                  else found.observation_layout(opts))
        self.layout = layout
        self.parts: tuple[Part, ...] = tuple(
            p for p in layout if (p.public and self.public) or (not p.public and self.private))
        # Where each part of the observer's lies in the variant's whole tensor.
        self.spans: list[tuple[str, int, int]] = []
        at = 0
        for p in layout:
            if p in self.parts:
                self.spans.append((p.name, at, at + p.size))
            at += p.size
        # The partial part: the information state's layout has its own.
        self.partial_size = (found.partial_size(opts) if self.private and not self.perfect_recall
                             else 0)
        size = layout_size(self.parts) + self.partial_size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for part in self.parts:
            self.dict[part.name] = self.tensor[start:start + part.size].reshape(part.shape)
            start += part.size
        if self.partial_size:
            self.dict["partial"] = self.tensor[start:]

    def set_from(self, state: CardwarState, player: int) -> None:
        self.tensor.fill(0)
        node = state.node
        if node.state is None:
            return
        values = self.variant.observation_tensor(self.variant.observe(node.state, player))
        if self.perfect_recall:
            values.extend(state.seen(player))
            mine = state.partial if player == self.variant.to_act(node.state) else ()
            values.extend(self.variant.partial_tensor(node.options, mine))
        tensor = np.frombuffer(values)
        for name, start, end in self.spans:
            self.dict[name].flat[:] = tensor[start:end]
        if self.partial_size:
            mine = state.partial if player == self.variant.to_act(node.state) else ()
            self.dict["partial"][:] = self.variant.partial_tensor(node.options, mine)

    def string_from(self, state: CardwarState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        node = state.node
        if node.state is None:
            return ""
        observation = self.variant.observe(node.state, player)
        if self.public and self.private:
            return str(self.variant.render_observation(observation, ascii=True))
        # Only the public or only the private parts: each part's non-zero values.
        self.set_from(state, player)
        return " ".join(
            f"{name}:" + ",".join(f"{i}={v:g}" for i, v in enumerate(view.flat) if v)
            for name, view in self.dict.items()
        )


def register() -> tuple[str, ...]:
    """Register every variant with decisions with OpenSpiel (once); return the names."""
    names = []
    for found in all_variants():
        if found.AUTOMATIC:
            continue
        name = game_name(found)
        if name not in pyspiel.registered_names():
            # One class per variant, as OpenSpiel's own Python games register a class.
            cls = type(f"CardwarGame_{found.NAME.replace('-', '_')}", (CardwarGame,),
                       {"VARIANT": found.NAME})
            pyspiel.register_game(_game_type(found), cls)
        names.append(name)
    return tuple(names)
