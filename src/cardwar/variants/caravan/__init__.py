"""Caravan, the card game of Fallout: New Vegas: each of two players builds three caravans
facing the opponent's three, and tries to sell two of the three positions by bringing a
caravan to a value of 21 to 26 that the facing caravan does not outbid. The rules are on
the docs page ``rules/caravan``; rule IDs ``CARAVAN-...`` in comments are defined there.

Seat 0's caravans are ``A``, ``B`` and ``C``; seat 1's are ``D``, ``E`` and ``F``; ``A``
faces ``D``, ``B`` faces ``E`` and ``C`` faces ``F``. An action is written ``7H>A`` (play
the number card 7H on caravan A), ``QS>E3`` (play the face card QS on the third number
card of caravan E), ``discard 7H`` or ``disband B``.

>>> from cardwar import caravan
>>> state = caravan.new_game(seed=3)
>>> caravan.to_act(state), [str(a) for a in caravan.legal_actions(state)][:4]
(0, ['6C>A', '6C>B', '6C>C', '6D>A'])
>>> state = caravan.step(state, caravan.parse_action("6C>B"))
>>> str(state.caravans[1]), state.caravans[1].value, caravan.to_act(state)
('6C', 6, 1)
>>> caravan.observe(state, 1).hand_sizes
(7, 8)
"""

from cardwar.variants.caravan.agents import (
    CaravanHeuristic,
    CaravanRollout,
    CaravanRuleBot,
    heuristic,
    search_agent,
)
from cardwar.variants.caravan.encoding import (
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
from cardwar.variants.caravan.notation import parse_action
from cardwar.variants.caravan.rules import (
    ALIASES,
    AUTOMATIC,
    CARAVAN_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
    SALE_MAX,
    SALE_MIN,
    SIMULTANEOUS,
    STEP_NAME,
    TITLE,
    Action,
    Caravan,
    Direction,
    Disband,
    Discard,
    EmptyHand,
    EqualDirection,
    OpeningDiscard,
    Options,
    Pile,
    Play,
    State,
    cards_in_play,
    deck,
    derive_caravan,
    legal_actions,
    new_game,
    options,
    outcome,
    pip,
    position_winners,
    step,
    to_act,
)
from cardwar.variants.caravan.sampling import sample_state
from cardwar.variants.caravan.view import (
    Observation,
    describe_deal,
    describe_step,
    observe,
    picture,
    render_observation,
    render_state,
    render_table,
)


def _positions(observation: Observation) -> float:
    """The ``positions`` shape: half the positions the seat would win now less the
    opponent's (over three), half how close its caravans are to selling less the
    opponent's (a caravan's value up to 21 over 21, and 0 over 26, where it must shrink
    before it sells)."""
    seat = observation.seat
    won = position_winners(observation.caravans)
    lead = sum(1 if w == seat else 0 if w is None else -1 for w in won) / 3

    def near(value: int) -> float:
        return 0.0 if value > SALE_MAX else min(value, SALE_MIN) / SALE_MIN

    values = [c.value for c in observation.caravans]
    mine, theirs = (values[:3], values[3:]) if seat == 0 else (values[3:], values[:3])
    closer = (sum(map(near, mine)) - sum(map(near, theirs))) / 3
    return (lead + closer) / 2


#: The shaped rewards of the game (:mod:`cardwar.rewards`): the positions a seat would
#: win now and how close its caravans are to selling, against the opponent's.
REWARD_SHAPES = {"positions": _positions}

#: The Gymnasium vector environment of the game on its compiled kernel, as an entry point
#: (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).
VECTOR_ENV = "cardwar.variants.caravan.vector:CaravanVectorEnv"

#: The game's agents beyond random, first, heuristic and search, as agent kinds: the rule
#: bot, the yardstick of the heuristic (``cardwar ladder`` rates it with the others).
OTHER_AGENTS = ("cardwar.caravan:CaravanRuleBot",)

#: The module of the game's batch engine, which :mod:`cardwar.batch` imports when it is
#: first used (the ``fast`` extra's compiled kernel, and the same games through ``step``).
BATCH_ENGINE = "cardwar.variants.caravan._batch"

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BATCH_ENGINE",
    "CARAVAN_NAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OTHER_AGENTS",
    "REWARD_SHAPES",
    "RULES_VERSION",
    "SALE_MAX",
    "SALE_MIN",
    "SIMULTANEOUS",
    "STEP_NAME",
    "TITLE",
    "VECTOR_ENV",
    "Action",
    "Caravan",
    "CaravanHeuristic",
    "CaravanRollout",
    "CaravanRuleBot",
    "Direction",
    "Disband",
    "Discard",
    "EmptyHand",
    "EqualDirection",
    "Observation",
    "OpeningDiscard",
    "Options",
    "Pile",
    "Play",
    "State",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "cards_in_play",
    "deck",
    "derive_caravan",
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
    "pip",
    "position_winners",
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
