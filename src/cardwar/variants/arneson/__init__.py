"""Erik Arneson's War with a hand of three: each player holds the top three cards of their
stock, both choose a card at the same time, and a tie is fought with three face-down cards
and a chosen fourth card; the war's loser takes the two cards that started it. The rules
are on the docs page ``rules/arneson``; rule IDs ``ARNESON-...`` in comments are defined
there. Stocks, pickup and the deal are War's (``cardwar.variants._battle``).

Simultaneous choices are committed one seat at a time: seat 0 commits a hidden card,
then seat 1, and the second commitment reveals both and resolves the round.

>>> from cardwar import arneson
>>> state = arneson.new_game(seed=5)
>>> arneson.to_act(state), [str(a) for a in arneson.legal_actions(state)]
(0, ['8C', '10S', 'QH'])
>>> state = arneson.step(state, arneson.parse_action("QH"))
>>> arneson.observe(state, 1).opponent_committed, arneson.to_act(state)
(True, 1)
>>> state = arneson.step(state, arneson.legal_actions(state)[0])
>>> [(t.seat, str(t.face_up)) for t in state.last.rounds[0]], state.last.winner
([(0, 'QH'), (1, '2C')], 0)
"""

from cardwar import _shaping
from cardwar.variants.arneson.agents import ArnesonHeuristic, ArnesonSearch, heuristic, search_agent
from cardwar.variants.arneson.encoding import (
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
from cardwar.variants.arneson.notation import parse_action
from cardwar.variants.arneson.rules import (
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
    Choose,
    Options,
    Pickup,
    State,
    Turn,
    WarPair,
    cards_in_play,
    deck,
    legal_actions,
    new_game,
    options,
    outcome,
    step,
    to_act,
)
from cardwar.variants.arneson.sampling import sample_state
from cardwar.variants.arneson.view import (
    Observation,
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

#: The Gymnasium vector environment of the game on its compiled kernel, as an entry point
#: (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).
VECTOR_ENV = "cardwar.variants.arneson.vector:ArnesonVectorEnv"

#: The module of the game's batch engine, which :mod:`cardwar.batch` imports when it is
#: first used (the ``fast`` extra's compiled kernel, and the same games through ``step``).
BATCH_ENGINE = "cardwar.variants.arneson._batch"

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
    "VECTOR_ENV",
    "ArnesonHeuristic",
    "ArnesonSearch",
    "BattleRecord",
    "Choose",
    "Observation",
    "Options",
    "Pickup",
    "State",
    "Turn",
    "WarPair",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "cards_in_play",
    "deck",
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
    "search_agent",
    "standings",
    "step",
    "to_act",
]
