"""The whole-game workloads that the benchmarks and ``ratio.py`` time.

>>> play_cardwar_game(2026) > 0
True
>>> play_cardwar_games(range(3)) == sum(play_cardwar_game(s) for s in range(3))
True
"""

from __future__ import annotations

from cardwar import war
from naive_war import play_naive_game, play_naive_games

__all__ = ["play_cardwar_game", "play_cardwar_games", "play_naive_game", "play_naive_games"]


def play_cardwar_game(seed: int) -> int:
    """Play one default game of cardwar's War through the public API; return its battles."""
    state = war.new_game(seed)
    play = war.Play.PLAY
    while war.outcome(state) is None:
        state = war.step(state, play)
    return state.battles


def play_cardwar_games(seeds: range | list[int]) -> int:
    """Play one cardwar game per seed and return the total number of battles."""
    return sum(play_cardwar_game(seed) for seed in seeds)
