"""The module-level caches (Caravan's interned actions, General's War's squads, War's and
Peace's rules tables) are safe under threads: games played on several threads at once,
from cold caches, are the games a single thread plays (D12)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

import cardwar
from cardwar import agents
from cardwar.core import Variant
from cardwar.rng import derive_seed
from cardwar.variants.caravan import rules as caravan_rules
from cardwar.variants.generals import rules as generals_rules
from cardwar.variants.peace import rules as peace_rules
from cardwar.variants.war import rules as war_rules

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
THREADS = 8
GAMES = 6  # per thread
#: How many times a variant is played on threads from cold caches (once by default).
ROUNDS = {"caravan": 12, "generals": 4}


def _games(game: Variant, first: int) -> list[tuple[str, ...]]:
    """Return the actions of GAMES games between random agents, from seed index first."""
    out = []
    for i in range(first, first + GAMES):
        seed = derive_seed(2026, i)
        players = game.num_players(game.new_game(seed))
        seats = [agents.RandomAgent(derive_seed(seed, s)) for s in range(players)]
        out.append(agents.play(game, seats, seed, max_steps=400).actions)
    return out


def _on_threads(game: Variant) -> list[list[tuple[str, ...]] | None]:
    """Return what THREADS threads started together play (see :func:`_games`)."""
    results: list[list[tuple[str, ...]] | None] = [None] * THREADS
    start = threading.Barrier(THREADS)

    def run(t: int) -> None:
        start.wait()
        results[t] = _games(game, t * GAMES)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.fixture
def cold_caches(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Empty every module-level cache, and switch threads as often as possible."""
    monkeypatch.setattr(caravan_rules, "_PLAYS", caravan_rules._fresh_plays())
    monkeypatch.setattr(generals_rules, "_SQUADS", generals_rules._SquadTable())
    monkeypatch.setattr(war_rules, "_RULES", {})
    monkeypatch.setattr(peace_rules, "_RULES", {})
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


@pytest.mark.parametrize("game", VARIANTS, ids=[v.NAME for v in VARIANTS])
def test_games_on_threads_from_cold_caches_are_the_single_threaded_games(
    game: Variant, cold_caches: None
) -> None:
    expected = [_games(game, t * GAMES) for t in range(THREADS)]
    # A race shows only now and then: Caravan, whose cache grows as games go, is played
    # from cold caches several times.
    for _ in range(ROUNDS.get(game.NAME, 1)):
        # Empty the caches that the runs before filled, so that the threads build them
        # together.
        caravan_rules._PLAYS.update(caravan_rules._fresh_plays())
        war_rules._RULES.clear()
        peace_rules._RULES.clear()
        generals_rules._SQUADS.clear()
        assert _on_threads(game) == expected
    # Every squad made is filed under its own cards.
    assert all(squad.cards == cards for cards, squad in generals_rules._SQUADS.items())
    # Every interned row holds each play once, in order (the race duplicated some).
    for rows in caravan_rules._PLAYS.values():
        for c, row in enumerate(rows):
            assert [(p.caravan, p.target) for p in row] == (
                [(c, None)] + [(c, i) for i in range(len(row) - 1)])
