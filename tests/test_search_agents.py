"""The variants' own search agents (Arneson's War: ArnesonSearch; General's War:
GeneralsSearch): they beat the heuristics they model, play only legal actions, are
deterministic for a seed, refuse bad settings, and are what ``search`` names and what
``cardwar play`` sets against you by default."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cardwar
from cardwar import agents, arneson, generals
from cardwar.core import Agent
from cardwar.errors import AgentError
from cardwar.rng import derive_seed
from cardwar.variants.arneson import ArnesonSearch
from cardwar.variants.generals import GeneralsSearch

SEARCHERS: dict[str, Callable[[int], Agent]] = {
    "arneson": ArnesonSearch, "generals": GeneralsSearch}


def search_wins(name: str, games: int, **options: object) -> tuple[int, int]:
    """Return the search agent's wins and losses against the variant's heuristic over
    ``games`` seeded games, seats alternating (the search in seat 0 for even games)."""
    wins = losses = 0
    for i in range(games):
        seed = derive_seed(2026, i)
        mine = i % 2
        seats: list[Agent] = [agents.heuristic(name, seed)] * 2
        seats[mine] = SEARCHERS[name](seed)
        record = agents.play(name, seats, seed, options)
        assert record.outcome is not None
        wins += record.outcome.winners == (mine,)
        losses += record.outcome.winners == (1 - mine,)
    return wins, losses


@pytest.mark.parametrize(("name", "games", "least"), [("arneson", 40, 30), ("generals", 200, 130)])
def test_the_search_agents_beat_the_heuristics(name: str, games: int, least: int,
                                               profile: str) -> None:
    # The docs' agents page measures 1,000 games with `cardwar tournament`; here fewer
    # (ten times as many with --profile full), each side of every deal.
    if profile == "full":
        games, least = games * 10, least * 10
    wins, _ = search_wins(name, games)
    assert wins >= least, (name, wins, games)


def test_the_generals_search_plays_the_variants_options() -> None:
    # Squads of one to three cards, colour halves, returned ties and four players (duels
    # searched, partnerships by the heuristic): every game ends with legal moves only
    # (agents.play replays each action through step, which refuses illegal ones).
    for opts in ({"squad_size": "one_to_three"}, {"deck_mode": "colour_halves"},
                 {"tie": "return_to_owners"}, {"players": 4},
                 {"players": 4, "four_player": "partnership"}):
        o = generals.options(**opts)
        for seed in range(6):
            n = o.players
            seats: list[Agent] = [GeneralsSearch(seed + s) for s in range(n)]
            seats[seed % n] = generals.heuristic(0)
            record = agents.play("generals", seats, seed, o)
            assert record.outcome is not None, opts


def test_the_arneson_search_plays_the_variants_options() -> None:
    for opts in ({"hand_size": 1}, {"hand_size": 5, "face_down": 1},
                 {"war_pair": "winner", "wars_to_win": 3},
                 {"ranks": "2 3 4 A", "suits": "C D", "decks": 2, "max_battles": 500}):
        o = arneson.options(**opts)
        for seed in range(4):
            record = agents.play("arneson", [ArnesonSearch(seed), ArnesonSearch(seed + 9)],
                                 seed, o)
            assert record.outcome is not None, opts


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_a_search_agent_is_a_function_of_its_seed(name: str) -> None:
    def actions(seed: int) -> tuple[object, ...]:
        seats = [SEARCHERS[name](seed), agents.RandomAgent(5)]
        return agents.play(name, seats, 11, max_steps=60).actions

    assert actions(1) == actions(1)
    # Another seed draws other states: some decision differs in one of a few games.
    assert any(actions(1) != actions(s) for s in range(2, 8))


def test_the_arneson_search_decides_with_what_it_sees() -> None:
    # One suit, eight cards: seat 0 holds 2C 3C AC, so every card the opponent can hold
    # is a 4 to an 8 and no Ace: the heuristic (the search's model) plays its lowest.
    # Winning with the Ace is worth 2 (a card changes hands) - 0.5 * 14 = -5; giving up
    # the 2C, -2 - 0.5 * 2 = -3; the 3C, -3.5: the search gives up its lowest card.
    opts = arneson.options(ranks="2 3 4 5 6 7 8 A", suits="C")
    state = arneson.new_game(0, opts, deal=["2C 3C AC 4C", "5C 6C 7C 8C"])
    obs = arneson.observe(state, 0)
    legal = arneson.legal_actions(state)
    assert str(ArnesonSearch(1).choose(obs, legal)) == "2C"
    # Spending nothing, it takes the round with the Ace.
    assert str(ArnesonSearch(1, spend=0).choose(obs, legal)) == "AC"


def test_the_generals_search_decides_with_what_it_sees() -> None:
    # Seat 0 holds A 2 3 4 K of clubs; the opponent five of 5 to Q (one suit, 13 cards),
    # so its strongest squad sums at least 7 + 8 + 9 = 24, more than any squad of seat 0
    # (K 4 3 = 20): seat 0 loses the battle whatever it lays. Losing A 2 3 costs
    # 2 * 6 + 5 (a general killed) + 1.0 * 6 = 23; losing 2 3 4, 2 * 9 + 9 = 27.
    opts = generals.options(ranks="A 2 3 4 5 6 7 8 9 10 J Q K", suits="C", claim_cards=0,
                            first_dealer=0)
    state = generals.new_game(0, opts, deal=["AC 2C 3C 4C KC", "5C 6C 7C 8C 9C",
                                             "10C JC QC"])
    while not any(isinstance(a, generals.Squad) for a in generals.legal_actions(state)):
        state = generals.step(state, generals.legal_actions(state)[0])
    assert generals.to_act(state) == 0  # the dealer chooses and commits first
    obs = generals.observe(state, 0)
    legal = generals.legal_actions(state)
    assert str(GeneralsSearch(1).choose(obs, legal)) == "squad AC 2C 3C"
    # A general worth 10: A 2 3 costs 28, and 2 3 4 is laid.
    assert str(GeneralsSearch(1, kill=10).choose(obs, legal)) == "squad 2C 3C 4C"


def test_search_agents_refuse_bad_settings() -> None:
    for build in (lambda: ArnesonSearch(samples=0), lambda: ArnesonSearch(spend=-1),
                  lambda: ArnesonSearch(samples=2.0),  # type: ignore[arg-type]
                  lambda: GeneralsSearch(samples=True),
                  lambda: GeneralsSearch(kill=float("nan")),
                  lambda: GeneralsSearch(spend="1")):  # type: ignore[arg-type]
        with pytest.raises(AgentError):
            build()


def test_search_is_an_agent_kind() -> None:
    assert isinstance(agents.agent("search", "arneson", 3), ArnesonSearch)
    assert isinstance(agents.agent("search", generals, 3), GeneralsSearch)
    assert agents.has_search_agent("hand-war")
    assert not agents.has_search_agent("caravan")
    with pytest.raises(AgentError, match=r"'caravan' has no search agent.*arneson, generals"):
        agents.agent("search", "caravan", 1)
    with pytest.raises(cardwar.CardwarError):
        agents.search_agent(object(), 1)  # type: ignore[arg-type]
    assert repr(agents.search_agent("arneson", 2)) == "ArnesonSearch(samples=16, spend=0.5)"
