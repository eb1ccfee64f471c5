"""The integer interface of Peace: one action, id 0 (see :mod:`cardwar.encoding`)."""

from __future__ import annotations

from cardwar.variants._battle.encoding import BattleEncoding
from cardwar.variants.peace import rules
from cardwar.variants.peace.sampling import validate

_CODEC = BattleEncoding(rules, validate)

num_actions = _CODEC.num_actions
num_players = _CODEC.num_players
action_to_index = _CODEC.action_to_index
action_from_index = _CODEC.action_from_index
action_to_indices = _CODEC.action_to_indices
legal_action_indices = _CODEC.legal_action_indices
legal_action_mask = _CODEC.legal_action_mask
indices_to_action = _CODEC.indices_to_action
returns = _CODEC.returns
standings = _CODEC.standings
max_game_length = _CODEC.max_game_length
partial_size = _CODEC.partial_size
partial_tensor = _CODEC.partial_tensor
observation_layout = _CODEC.observation_layout
observation_shape = _CODEC.observation_shape
observation_tensor = _CODEC.observation_tensor
