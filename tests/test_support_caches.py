"""``tests/support_caches.py``, which the suite's ``conftest.py`` runs before every test of
mutmut's stats run: it empties the caches games fill, and changes no game."""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import arneson, caravan, cold_war, generals, peace, records, war
from tests.support_caches import empty_caches

GAMES = (war, peace, arneson, cold_war, generals, caravan)


def _play(game: Any, seed: int) -> tuple[list[list[float]], str]:
    state = game.new_game(seed)
    tensors = []
    for move in range(60):
        if game.outcome(state) is not None:
            break
        tensors.append(list(game.observation_tensor(game.observe(state, 0))))
        legal = game.legal_actions(state)
        state = game.step(state, legal[move % len(legal)])
    return tensors, records.digest(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_emptied_caches_are_filled_again_with_the_same_games(game: Any) -> None:
    before = _play(game, 5)
    layout = game.observation_layout.__self__._layout
    assert layout.cache_info().currsize > 0
    assert empty_caches() > 10
    assert layout.cache_info().currsize == 0
    assert not war.rules._RULES
    assert not peace.rules._RULES
    assert _play(game, 5) == before
    assert layout.cache_info().currsize > 0
