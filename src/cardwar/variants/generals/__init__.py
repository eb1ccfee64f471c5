"""General's War: one 52-card deck counted Ace = 1 to King = 13, a hand of five, a shared
reserve, Aces as generals that fetch five more cards, and battles of three face-down
cards where the higher sum takes everything. A player wins by killing two generals of
one opponent or by reaching the target score; with the option ``places`` the four-player
game goes on for the other places. The rules are on the docs page
``rules/generals``; rule IDs ``GENERALS-...`` in comments are defined there.

Every decision is an action: claiming a general (``claim AS``) or not (``pass``),
choosing an opponent in the four-player game (``challenge 2``, or ``partner 2`` with
partnerships), and laying a squad (``squad 2H 5S KD``). The squads of a battle are
committed one seat at a time and stay hidden until the last one is in.

>>> from cardwar import generals
>>> state = generals.new_game(seed=3)
>>> state.dealer, [len(h) for h in state.hands], len(state.reserves[0])
(1, [5, 5], 42)
>>> generals.to_act(state), [str(a) for a in generals.legal_actions(state)]
(0, ['pass'])
>>> state = generals.step(state, generals.Pass())
>>> generals.to_act(state), [str(a) for a in generals.legal_actions(state)]
(1, ['claim AS', 'pass'])
>>> state = generals.step(state, generals.parse_action("claim AS"))
>>> len(state.hands[1]), state.revealed[1], generals.legal_actions(state)[0]
(10, (Card.parse('AS'),), Claim(card=Card.parse('AC')))
>>> state = generals.step(state, generals.Pass())
>>> state = generals.step(state, generals.parse_action("squad QC JC 9D"))
>>> generals.observe(state, 0).committed, generals.to_act(state)
((False, True), 0)
>>> state = generals.step(state, generals.parse_action("squad KS KD JH"))
>>> state.last.sums, state.last.taker, generals.score(state, 0)
((37, 32), 0, 69)
"""

from cardwar import _shaping
from cardwar.variants.generals.agents import (
    GeneralsHeuristic,
    GeneralsSearch,
    heuristic,
    search_agent,
)
from cardwar.variants.generals.encoding import (
    SQUAD_DONE,
    SquadCard,
    SquadDone,
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
from cardwar.variants.generals.notation import parse_action
from cardwar.variants.generals.rules import (
    ALIASES,
    AUTOMATIC,
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
    SIMULTANEOUS,
    STEP_NAME,
    TITLE,
    Action,
    Battle,
    Challenge,
    Claim,
    DeckMode,
    FourPlayer,
    Options,
    Partner,
    Pass,
    Squad,
    SquadSize,
    State,
    Tie,
    card_value,
    cards_in_play,
    deck,
    legal_actions,
    new_game,
    options,
    outcome,
    score,
    step,
    to_act,
)
from cardwar.variants.generals.sampling import sample_state
from cardwar.variants.generals.view import (
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
    """The ``points`` shape: the seat's score against the best other score, over the
    target."""
    return _shaping.points_lead(observation.scores, observation.seat, observation.options.target)


#: The shaped rewards of the game (:mod:`cardwar.rewards`): a seat's score against the
#: best other score.
REWARD_SHAPES = {"points": _points}

#: The Gymnasium vector environment of the game on its compiled kernel, as an entry point
#: (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).
VECTOR_ENV = "cardwar.variants.generals.vector:GeneralsVectorEnv"

#: The module of the game's batch engine, which :mod:`cardwar.batch` imports when it is
#: first used (the ``fast`` extra's compiled kernel, and the same games through ``step``).
BATCH_ENGINE = "cardwar.variants.generals._batch"

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "BATCH_ENGINE",
    "DEFAULT_TARGET",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "REWARD_SHAPES",
    "RULES_VERSION",
    "SIMULTANEOUS",
    "SQUAD_DONE",
    "STEP_NAME",
    "TITLE",
    "VECTOR_ENV",
    "Action",
    "Battle",
    "Challenge",
    "Claim",
    "DeckMode",
    "FourPlayer",
    "GeneralsHeuristic",
    "GeneralsSearch",
    "Observation",
    "Options",
    "Partner",
    "Pass",
    "Squad",
    "SquadCard",
    "SquadDone",
    "SquadSize",
    "State",
    "Tie",
    "action_from_index",
    "action_to_index",
    "action_to_indices",
    "card_value",
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
    "score",
    "search_agent",
    "standings",
    "step",
    "to_act",
]
