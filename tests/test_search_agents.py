"""The variants' own search agents (Arneson's War: ArnesonSearch; General's War:
GeneralsSearch; Cold War: ColdWarSearch): they beat the heuristics they model, play only
legal actions, are deterministic for a seed, refuse bad settings, and are what ``search``
names and what ``cardwar play`` sets against you by default."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

import cardwar
from cardwar import agents, arneson, caravan, cold_war, generals
from cardwar.core import Agent
from cardwar.errors import AgentError
from cardwar.rng import derive_seed
from cardwar.variants.arneson import ArnesonSearch
from cardwar.variants.cold_war import ColdWarSearch
from cardwar.variants.generals import GeneralsSearch

SEARCHERS: dict[str, Callable[[int], Agent]] = {
    "arneson": ArnesonSearch, "cold-war": ColdWarSearch, "generals": GeneralsSearch}


def search_wins(name: str, games: int, **options: object) -> tuple[int, int]:
    """Return the search agent's wins and losses against the variant's heuristic in every
    other seat over ``games`` seeded games, the search's seat rotating (seat ``i % n`` in
    game ``i`` of ``n`` players)."""
    wins = losses = 0
    n = cardwar.variant(name).num_players(cardwar.variant(name).new_game(0))
    for i in range(games):
        seed = derive_seed(2026, i)
        mine = i % n
        seats: list[Agent] = [agents.heuristic(name, seed)] * n
        seats[mine] = SEARCHERS[name](seed)
        record = agents.play(name, seats, seed, options)
        assert record.outcome is not None
        wins += record.outcome.winners == (mine,)
        losses += bool(record.outcome.winners) and mine not in record.outcome.winners
    return wins, losses


@pytest.mark.parametrize(("name", "games", "least"),
                         [("arneson", 30, 21), ("cold-war", 9, 6), ("generals", 100, 65)])
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


def test_the_cold_war_search_plays_the_variants_options() -> None:
    # Four players, the classic war trigger, the older deal end, bombs on the last plays,
    # a short game: every game ends with legal moves only.
    for opts in ({"players": 4}, {"war_trigger": "tie_for_highest"},
                 {"deal_end": "last_standing", "target": 300},
                 {"bomb_mode": "last_plays", "target": 300}):
        o = cold_war.options(**opts)
        for seed in range(2):
            seats: list[Agent] = [ColdWarSearch(seed + s, samples=2)
                                  for s in range(o.players)]
            seats[seed % o.players] = cold_war.heuristic(0)
            record = agents.play("cold-war", seats, seed, o)
            assert record.outcome is not None, opts


def test_the_cold_war_search_counts_the_games_end_above_everything() -> None:
    # With target=1 the first deal scored ends the game. In the last tricks of a deal the
    # value of an action is the game's result (+-10,000) as the heuristics play it out,
    # and before that a difference of points, far smaller.
    search = ColdWarSearch(1, samples=1)
    model = cold_war.heuristic(0)
    opts = cold_war.options(target=1)
    decisive = small = 0
    for seed in range(4):
        state = cold_war.new_game(seed, opts)
        while state.result is None:
            seat = cold_war.to_act(state)
            assert seat is not None
            action = cold_war.legal_actions(state)[-1]
            value = search._value(state, action, seat)
            # The trick played out through the public API, by the heuristic.
            after = cold_war.step(state, action)
            while after.result is None and after.tricks == state.tricks:
                s = cold_war.to_act(after)
                assert s is not None
                after = cold_war.step(after, model.choose(cold_war.observe(after, s),
                                                          cold_war.legal_actions(after)))
            if after.result is not None:
                assert value == (10_000 if seat in after.result.winners else -10_000)
                decisive += 1
            else:
                assert abs(value) < 500
                small += 1
            state = cold_war.step(state, model.choose(cold_war.observe(state, seat),
                                                      cold_war.legal_actions(state)))
    assert decisive >= 4
    assert small > 50


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_a_search_agent_is_a_function_of_its_seed(name: str) -> None:
    def actions(seed: int) -> tuple[object, ...]:
        game = cardwar.variant(name)
        seats: list[Agent] = [agents.RandomAgent(5 + s)
                              for s in range(game.num_players(game.new_game(11)))]
        seats[0] = SEARCHERS[name](seed)
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
                  lambda: ColdWarSearch(samples=-1),
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
    assert isinstance(agents.agent("search", "cold-war", 3), ColdWarSearch)
    assert not agents.has_search_agent("peace")
    with pytest.raises(AgentError,
                       match=r"'war' has no search agent.*arneson, caravan, cold-war, generals"):
        agents.agent("search", "war", 1)
    with pytest.raises(cardwar.CardwarError):
        agents.search_agent(object(), 1)  # type: ignore[arg-type]
    assert repr(agents.search_agent("arneson", 2)) == "ArnesonSearch(samples=16, spend=0.5)"
    assert repr(agents.search_agent("cold-war", 2)) == "ColdWarSearch(samples=8)"


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_a_search_agent_plays_a_lone_action_without_drawing(name: str) -> None:
    # One legal action: played at once, the agent's generator untouched, so the next
    # decision is the same as a fresh agent's.
    game = cardwar.variant(name)
    state = game.new_game(2)
    seat = game.to_act(state)
    assert seat is not None
    obs = game.observe(state, seat)
    legal = game.legal_actions(state)
    lone = SEARCHERS[name](4)
    assert lone.choose(obs, legal[:1]) == legal[0]
    assert lone.choose(obs, legal) == SEARCHERS[name](4).choose(obs, legal)


def test_caravans_search_agent_is_the_rollout_player_and_needs_the_fast_extra(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from cardwar.cli import _build_parser
    from cardwar.cli.play import _opponent_kind
    from cardwar.variants.caravan import CaravanRollout

    args = _build_parser().parse_args(["play", "caravan"])
    if importlib.util.find_spec("numba") is not None:
        assert isinstance(agents.agent("search", "caravan", 1), CaravanRollout)
        assert _opponent_kind(args, cardwar.variant("caravan")) == "search"
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numba" else real(name, *a))
    with pytest.raises(AgentError, match=r"needs numba: pip install 'cardwar\[fast\]'"):
        agents.agent("search", "caravan", 1)
    # cardwar play then sets the heuristic against you, as without a search agent.
    assert _opponent_kind(args, cardwar.variant("caravan")) == "heuristic"
    assert _opponent_kind(args, cardwar.variant("arneson")) == "search"


# --- Caravan's rollout player: its settings, seed and lone actions ------------------------


def _caravan_midgame() -> tuple[caravan.Observation, tuple[caravan.Action, ...]]:
    """A position past both openings (seed 7, eight random moves) whose choice by a
    one-sample rollout player depends on its seed."""
    state = caravan.new_game(7)
    mover = agents.RandomAgent(3)
    for _ in range(8):
        seat = caravan.to_act(state)
        assert seat is not None
        state = caravan.step(state, mover.choose(caravan.observe(state, seat),
                                                 caravan.legal_actions(state)))
    seat = caravan.to_act(state)
    assert seat is not None
    return caravan.observe(state, seat), caravan.legal_actions(state)


def test_caravan_rollout_names_its_settings_and_refuses_bad_ones() -> None:
    from cardwar.variants.caravan import CaravanRollout

    assert repr(CaravanRollout()) == ("CaravanRollout(rollouts=512, min_samples=4, "
                                      "max_samples=64, confidence=1.0)")
    for name in ("rollouts", "min_samples", "max_samples"):
        with pytest.raises(AgentError) as refused:
            CaravanRollout(**{name: 0})
        assert str(refused.value) == f"{name} must be an int >= 1, got 0"
    for bad in (-0.5, math.inf, math.nan, True, "1"):
        with pytest.raises(AgentError, match="confidence must be a number >= 0"):
            CaravanRollout(confidence=bad)  # type: ignore[arg-type]
    assert CaravanRollout(confidence=2).confidence == 2.0


def test_caravan_rollout_seeds_from_0_and_plays_a_lone_action_without_drawing() -> None:
    # As test_a_search_agent_plays_a_lone_action_without_drawing for the other searchers,
    # with one sample a decision, so that the choice depends on the generator's position
    # (and confidence 0, so that the sample's best action is played).
    from cardwar.variants.caravan import CaravanRollout

    def one_sample(seed: int | None = None) -> CaravanRollout:
        if seed is None:  # the default seed
            return CaravanRollout(rollouts=1, min_samples=1, max_samples=1, confidence=0)
        return CaravanRollout(seed, rollouts=1, min_samples=1, max_samples=1, confidence=0)

    obs, legal = _caravan_midgame()
    assert len(legal) > 2
    choice = one_sample(0).choose(obs, legal)
    assert one_sample().choose(obs, legal) == choice  # the default seed is 0
    # Another seed draws other states: seeds 1 to 3 agree with 0 here, the heuristic's
    # choice; 4 draws a state where another action does better.
    assert one_sample(4).choose(obs, legal) != choice
    lone = one_sample(0)
    assert lone.choose(obs, legal[:1]) == legal[0]
    assert lone.choose(obs, legal) == choice  # the generator was not touched


def test_caravan_rollout_choice_does_not_depend_on_the_order_of_two_actions() -> None:
    # Each action's playouts start from the same sampled states, so the better of two
    # (their means differ here) is chosen whichever is listed first.
    from cardwar.variants.caravan import CaravanRollout

    obs, legal = _caravan_midgame()
    a, b = legal[0], legal[-1]
    chosen = CaravanRollout(0).choose(obs, (a, b))
    assert CaravanRollout(0).choose(obs, (b, a)) == chosen


@pytest.mark.parametrize(("gains", "confidence", "best_played"), [
    ([0.5, 0.5, 0.5, 0.5], 1.0, True),  # the same gain in every sample: sure
    ([2.0, -1.0, 2.0, -1.0], 1.0, False),  # a mean gain of 0.5: 0.58 standard errors
    ([2.0, -1.0, 2.0, -1.0], 0.5, True),
    ([2.0, -1.0, 2.0, -1.0], 0.0, True),
    ([0.0, 0.0, 0.0, 0.0], 0.0, False),  # level: the heuristic's
])
def test_caravan_rollout_plays_the_best_mean_only_where_it_beats_the_heuristic_surely(
    monkeypatch: pytest.MonkeyPatch, gains: list[float], confidence: float,
    best_played: bool
) -> None:
    import numpy as np

    from cardwar.variants.caravan import CaravanHeuristic, CaravanRollout, _batch

    obs, legal = _caravan_midgame()
    usual = legal.index(CaravanHeuristic().choose(obs, legal))
    best = (usual + 1) % len(legal)
    results = np.full((4, len(legal)), -1.0)
    results[:, usual] = 0.0
    results[:, best] = gains
    monkeypatch.setattr(_batch, "rollouts", lambda states, seat, actions: results)
    agent = CaravanRollout(0, rollouts=4, min_samples=4, max_samples=4,
                           confidence=confidence)
    assert agent.choose(obs, legal) == legal[best if best_played else usual]
