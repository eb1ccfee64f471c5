"""Classic War: everyone turns up their top card, the highest takes the table, and a tie
for the highest starts a war. The rules are on the docs page ``rules/war``; every rule ID
named in comments (``WAR-...``) is defined there.

>>> from cardwar import war
>>> state = war.new_game(seed=2026)
>>> while war.outcome(state) is None:
...     state = war.step(state, war.Play.PLAY)
>>> print(war.outcome(state), "after", state.battles, "battles")
won by seat 1 (all_cards) after 104 battles
"""

from cardwar import _shaping
from cardwar.variants.war.agents import heuristic
from cardwar.variants.war.encoding import (
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
from cardwar.variants.war.notation import parse_action
from cardwar.variants.war.rules import (
    ALIASES,
    AUTOMATIC,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
    SIMULTANEOUS,
    STEP_NAME,
    TITLE,
    BattleRecord,
    Options,
    OutOfCards,
    Pickup,
    Play,
    RepeatedTie,
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
from cardwar.variants.war.sampling import sample_state
from cardwar.variants.war.view import (
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
BATCH_ENGINE = "cardwar.variants.war._batch"

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BATCH_ENGINE",
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
    "OutOfCards",
    "Pickup",
    "Play",
    "RepeatedTie",
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
