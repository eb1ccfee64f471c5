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

from cardwar.variants.war.agents import heuristic
from cardwar.variants.war.notation import parse_action
from cardwar.variants.war.rules import (
    ALIASES,
    AUTOMATIC,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES_VERSION,
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
    num_players,
    options,
    outcome,
    step,
    to_act,
)
from cardwar.variants.war.view import (
    Observation,
    describe_battle,
    describe_deal,
    describe_step,
    observe,
    render_observation,
    render_state,
)

__all__ = [
    "ALIASES",
    "AUTOMATIC",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_VERSION",
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
    "cards_in_play",
    "deck",
    "describe_battle",
    "describe_deal",
    "describe_step",
    "heuristic",
    "legal_actions",
    "new_game",
    "num_players",
    "observe",
    "options",
    "outcome",
    "parse_action",
    "render_observation",
    "render_state",
    "step",
    "to_act",
]
