"""Cold War (Zimna Wojna): a trick-taking War for three or four players with hands of
three, wars that later players may join or leave, declared Jokers, bombs and deals played
to 1000 points. The rules are on the docs page ``rules/cold-war``; rule IDs
``COLDWAR-...`` in comments are defined there.

Play is sequential: the seat to act (``to_act``) plays one card of its hand, declaring a
rank for a Joker (``JK=Q``, or ``JK=TOP`` for the highest card). The step that completes a
round of plays resolves it: the table is taken, or a war goes on with face-down stakes;
hands are refilled; a deal that ends is scored and the next one dealt.

>>> from cardwar import cold_war
>>> state = cold_war.new_game(seed=5)
>>> cold_war.to_act(state), [str(a) for a in cold_war.legal_actions(state)][:4]
(0, ['9S', 'KS', 'JK=9', 'JK=10'])
>>> for text in ("9S", "9C", "AH"):  # a pair of nines starts a war; the Ace stays out
...     state = cold_war.step(state, cold_war.parse_action(text))
>>> state.order, cold_war.observe(state, 2).stake_counts
((0, 1), (1, 1, 0))
>>> state = cold_war.step(state, cold_war.parse_action("JK=TOP"))
>>> state = cold_war.step(state, cold_war.parse_action("JH"))
>>> str(state.last_trick), cold_war.to_act(state)
('0:9S 1:9C 2:AH / 0:JK=TOP 1:JH -> seat 0 takes 7', 0)
"""

from cardwar import _shaping
from cardwar.variants.cold_war.agents import (
    ColdWarHeuristic,
    ColdWarSearch,
    heuristic,
    search_agent,
)
from cardwar.variants.cold_war.encoding import (
    BOUNDED_OPTIONS,
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
from cardwar.variants.cold_war.notation import parse_action
from cardwar.variants.cold_war.rules import (
    ALIASES,
    AUTOMATIC,
    BOMB_POINTS,
    DIRTY_BOMB_POINTS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
    SIMULTANEOUS,
    STEP_NAME,
    TITLE,
    TOP,
    BombMode,
    DealEnd,
    DealReason,
    DealRecord,
    DrawOrder,
    HandScore,
    Options,
    Play,
    Played,
    State,
    TiedTop,
    TrickRecord,
    WarTrigger,
    bomb_points,
    card_points,
    cards_in_play,
    deck,
    hand_counts,
    legal_actions,
    new_game,
    options,
    outcome,
    step,
    to_act,
)
from cardwar.variants.cold_war.sampling import sample_state
from cardwar.variants.cold_war.view import (
    Observation,
    describe_deal,
    describe_step,
    observe,
    picture,
    render_observation,
    render_state,
    render_table,
)


def _points(observation: Observation) -> float:
    """The ``points`` shape: the seat's total against the best other total, over the
    target."""
    return _shaping.points_lead(observation.totals, observation.seat, observation.options.target)


#: The shaped rewards of the game (:mod:`cardwar.rewards`): a seat's total against the
#: best other total.
REWARD_SHAPES = {"points": _points}

#: The Gymnasium vector environment of the game on its compiled kernel, as an entry point
#: (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).
VECTOR_ENV = "cardwar.variants.cold_war.vector:ColdWarVectorEnv"

#: The module of the game's batch engine, which :mod:`cardwar.batch` imports when it is
#: first used (the ``fast`` extra's compiled kernel, and the same games through ``step``).
BATCH_ENGINE = "cardwar.variants.cold_war._batch"

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BATCH_ENGINE",
    "BOMB_POINTS",
    "BOUNDED_OPTIONS",
    "DIRTY_BOMB_POINTS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "REWARD_SHAPES",
    "RULES_VERSION",
    "SIMULTANEOUS",
    "STEP_NAME",
    "TITLE",
    "TOP",
    "VECTOR_ENV",
    "BombMode",
    "ColdWarHeuristic",
    "ColdWarSearch",
    "DealEnd",
    "DealReason",
    "DealRecord",
    "DrawOrder",
    "HandScore",
    "Observation",
    "Options",
    "Play",
    "Played",
    "State",
    "TiedTop",
    "TrickRecord",
    "WarTrigger",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "bomb_points",
    "card_points",
    "cards_in_play",
    "deck",
    "describe_deal",
    "describe_step",
    "hand_counts",
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
