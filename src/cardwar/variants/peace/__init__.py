"""Peace, War in reverse: the lowest card takes each battle (2 best, Ace worst), and a tie
for the lowest starts a peace: five cards face down, one per letter of P-E-A-C-E, then one
face up. The rules are on the docs page ``rules/peace``; rule IDs ``PEACE-...`` in comments
are defined there. The mechanics are War's (``cardwar.variants._battle``); this module
holds what differs.

>>> from cardwar import peace
>>> state = peace.new_game(seed=2026)
>>> while peace.outcome(state) is None:
...     state = peace.step(state, peace.Play.PLAY)
>>> print(peace.outcome(state), "after", state.battles, "battles")
won by seat 0 (all_cards) after 56 battles
"""

from cardwar import _shaping
from cardwar.variants.peace.agents import heuristic
from cardwar.variants.peace.encoding import (
    action_from_index,
    action_to_index,
    action_to_indices,
    indices_to_action,
    legal_action_indices,
    legal_action_mask,
    max_game_length,
    num_actions,
    num_players,
    observation_layout,
    observation_shape,
    observation_tensor,
    partial_size,
    partial_tensor,
    returns,
    standings,
)
from cardwar.variants.peace.notation import parse_action
from cardwar.variants.peace.rules import (
    ALIASES,
    AUTOMATIC,
    FACE_DOWN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
    SIMULTANEOUS,
    STEP_NAME,
    TITLE,
    BattleRecord,
    Options,
    Pickup,
    Play,
    SpareCards,
    State,
    Turn,
    WarJoins,
    cards_in_play,
    deck,
    legal_actions,
    new_game,
    options,
    outcome,
    step,
    to_act,
)
from cardwar.variants.peace.sampling import sample_state
from cardwar.variants.peace.view import (
    Observation,
    describe_battle,
    describe_deal,
    describe_step,
    observe,
    picture,
    render_observation,
    render_state,
    render_table,
)

#: The shaped rewards of the game (:mod:`cardwar.rewards`): the share of the cards a seat
#: holds.
REWARD_SHAPES = {"cards": _shaping.cards}

#: The module of the game's batch engine, which :mod:`cardwar.batch` imports when it is
#: first used (the ``fast`` extra's compiled kernel, and the same games through ``step``).
BATCH_ENGINE = "cardwar.variants.peace._batch"

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BATCH_ENGINE",
    "FACE_DOWN",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "REWARD_SHAPES",
    "RULES_VERSION",
    "SIMULTANEOUS",
    "STEP_NAME",
    "TITLE",
    "BattleRecord",
    "Observation",
    "Options",
    "Pickup",
    "Play",
    "SpareCards",
    "State",
    "Turn",
    "WarJoins",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "cards_in_play",
    "deck",
    "describe_battle",
    "describe_deal",
    "describe_step",
    "heuristic",
    "indices_to_action",
    "legal_action_indices",
    "legal_action_mask",
    "legal_actions",
    "max_game_length",
    "new_game",
    "num_actions",
    "num_players",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "observe",
    "options",
    "outcome",
    "parse_action",
    "partial_size",
    "partial_tensor",
    "picture",
    "render_observation",
    "render_state",
    "render_table",
    "returns",
    "sample_state",
    "standings",
    "step",
    "to_act",
]
