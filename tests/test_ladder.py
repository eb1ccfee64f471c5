"""Ladders (``cardwar.tournament.ladder`` and ``cardwar ladder``): every lineup of the
agents on the same deals, one rating over all their meetings, the pairwise scores, the
question whether one agent ranks above another against every other, and the refusals."""

from __future__ import annotations

import importlib.util

import pytest

from cardwar.cli import main
from cardwar.errors import AgentError, CardwarError
from cardwar.tournament import (
    LadderResult,
    Standing,
    _ladder_lineups,
    _ladder_names,
    ladder,
    ladder_agents,
    tournament,
)


def test_the_lineups_are_every_pair_or_every_set_of_as_many_agents_as_seats() -> None:
    four = ("random", "first", "heuristic", "search")
    assert _ladder_lineups(four, 2) == (
        ("random", "first"), ("random", "heuristic"), ("random", "search"),
        ("first", "heuristic"), ("first", "search"), ("heuristic", "search"))
    assert _ladder_lineups(four, 3) == (
        ("random", "first", "heuristic"), ("random", "first", "search"),
        ("random", "heuristic", "search"), ("first", "heuristic", "search"))
    assert _ladder_lineups(four, 4) == (four,)
    # Fewer agents than seats: each in turn is last, and fills the seats left over.
    assert _ladder_lineups(("random", "heuristic"), 3) == (
        ("heuristic", "random"), ("random", "heuristic"))


@pytest.mark.parametrize(("name", "games", "kinds"), [
    ("generals", 6, ("random", "first", "heuristic")),
    ("cold-war", 3, ("random", "first", "heuristic", "cardwar.agents:RandomAgent")),
    ("cold-war", 3, ("first", "heuristic")),
])
def test_a_ladder_is_the_sum_of_its_lineups_tournaments_on_the_same_deals(
    name: str, games: int, kinds: tuple[str, ...]
) -> None:
    result = ladder(name, list(kinds), games, 7, max_steps=400)
    assert result.agents == kinds
    seats = dict.fromkeys(kinds, 0)
    wins = dict.fromkeys(kinds, 0)
    losses = dict.fromkeys(kinds, 0)
    cut = dict.fromkeys(kinds, 0)
    steps = 0.0
    for lineup in result.lineups:
        alone = tournament(name, list(lineup), games, 7, max_steps=400)
        steps += alone.mean_steps * games
        for s in alone.standings:
            kind = s.kind
            seats[kind] += s.seats
            wins[kind] += s.wins
            losses[kind] += s.losses
            cut[kind] += s.unfinished
        if len(lineup) == 2 and result.players == 2:
            a, b = lineup
            assert result.score(a, b) == pytest.approx(alone.standings[0].score)
            assert result.score(b, a) == pytest.approx(alone.standings[1].score)
    for s in result.standings:
        assert (s.seats, s.wins, s.losses, s.unfinished) == (
            seats[s.kind], wins[s.kind], losses[s.kind], cut[s.kind])
        assert s.wins + s.draws + s.losses + s.unfinished == s.seats
    assert result.mean_steps == pytest.approx(steps / (games * len(result.lineups)))
    assert result.unfinished * result.players == sum(cut.values())
    if name == "cold-war":
        assert result.unfinished  # 400 steps cut some games


def test_scores_are_the_meetings_won_and_each_pair_meets_both_ways() -> None:
    result = ladder("generals", ["random", "first", "heuristic"], 20, 3)
    n = len(result.agents)
    for i in range(n):
        assert result.met[i][i] == 0
        assert result.won[i][i] == 0
        for j in range(n):
            if i != j:
                # Two seats of one game are a meeting for each of them.
                assert result.met[i][j] == result.met[j][i] == 20
                assert result.won[i][j] + result.won[j][i] == 20
    for s in result.standings:
        i = result.agents.index(s.name)
        assert s.meetings == sum(result.met[i])
        assert s.score == pytest.approx(sum(result.won[i]) / sum(result.met[i]))
    assert result.standings[0].rating == 0
    # The ranking follows the ratings, and the ratings the scores (two players, every
    # pair equally often).
    ratings = {s.name: s.rating for s in result.standings}
    scores = {s.name: s.score for s in result.standings}
    order = result.ranking()
    assert [ratings[a] for a in order] == sorted(ratings.values(), reverse=True)
    assert [scores[a] for a in order] == sorted(scores.values(), reverse=True)


def test_a_ladder_is_the_same_whatever_the_jobs_and_tells_its_progress() -> None:
    seen: list[int] = []
    one = ladder("generals", ["random", "heuristic", "first"], 5, 11, progress=seen.append)
    two = ladder("generals", ["random", "heuristic", "first"], 5, 11, jobs=2)
    assert one == two
    assert seen == list(range(1, 16))  # one game a share in this process


def made(won: list[list[float]], met: int = 10) -> LadderResult:
    """A ladder result of the meetings ``won`` (every pair met ``met`` times)."""
    names = ("a", "b", "c", "d")[:len(won)]
    standings = tuple(Standing(name=x, kind=x, seats=0, wins=0, draws=0, losses=0,
                               unfinished=0, meetings=0, score=0.5, rating=-i)
                      for i, x in enumerate(names))
    return LadderResult(
        variant="generals", options=None, seed=0, games=met, players=2, agents=names,
        names=names, lineups=(), standings=standings, won=tuple(map(tuple, won)),
        met=tuple(tuple(0 if i == j else met for j in range(len(won)))
                  for i in range(len(won))),
        unfinished=0, mean_steps=1.0)


def test_not_above_names_every_agent_against_which_one_does_no_better() -> None:
    # a beats b 6-4; against c, a 7 and b 7 (a no better); against d, a 9 and b 8.
    result = made([[0, 6, 7, 9], [4, 0, 7, 8], [3, 3, 0, 5], [1, 2, 5, 0]])
    assert result.not_above("a", "b") == ("c",)
    assert result.not_above("b", "a") == ("a", "c", "d")  # level against c: neither
    assert result.score("a", "d") == 0.9
    # Level head-on (5 of 10) is not above.
    level = made([[0, 5], [5, 0]])
    assert level.not_above("a", "b") == ("b",)
    assert made([[0, 6], [4, 0]]).not_above("a", "b") == ()


def test_the_table_lists_the_agents_by_rating_and_the_scores_of_each_against_each() -> None:
    lines = made([[0, 6, 7], [4, 0, 7], [3, 3, 0]]).table().splitlines()
    assert lines[0].split() == ["rank", "agent", "rating", "score", "seats", "win", "rate",
                                "95%", "interval"]
    assert [line.split()[1] for line in lines[1:4]] == ["a", "b", "c"]
    assert lines[5] == "score of each row against each column (agents by rank):"
    assert lines[6].split() == ["1", "2", "3"]
    assert lines[7].split() == ["1", "a", "-", "60.0%", "70.0%"]
    assert lines[9].split() == ["3", "c", "30.0%", "30.0%", "-"]
    assert max(map(len, lines)) <= 80


def test_score_refuses_an_agent_not_on_the_ladder_or_a_pair_that_never_met() -> None:
    result = made([[0, 6], [4, 0]])
    with pytest.raises(AgentError, match="no agent 'z' on this ladder; its agents: a, b"):
        result.score("z", "a")
    with pytest.raises(AgentError, match="a and a never met"):
        result.score("a", "a")


def test_the_default_agents_are_those_the_variant_has(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    assert ladder_agents("war") == ladder_agents("peace") == ()
    for name in ("arneson", "cold-war", "generals"):
        assert ladder_agents(name) == ("random", "first", "heuristic", "search")
    # Caravan names its rule bot among its agents (OTHER_AGENTS).
    rule_bot = "cardwar.caravan:CaravanRuleBot"
    assert ladder_agents("caravan") == ("random", "first", "heuristic", "search", rule_bot)
    # Caravan's search agent needs numba; without it the ladder leaves it out.
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numba" else real(name, *a))
    assert ladder_agents("caravan") == ("random", "first", "heuristic", rule_bot)
    assert ladder_agents("generals")[-1] == "search"


@pytest.mark.parametrize(("name", "kinds", "kwargs", "message"), [
    ("war", None, {}, "War plays itself"),
    ("generals", ["random"], {}, "at least two agents"),
    ("generals", "random,first", {}, "a sequence of agent kinds"),
    ("generals", ["random", "random"], {}, "random is listed twice"),
    ("generals", ["random", "smart"], {}, "unknown agent 'smart'"),
    ("generals", ["random", 3], {}, "must be a str"),
    ("generals", ["random", "first"], {"games": 0}, "games must be an int >= 1"),
    ("generals", ["random", "first"], {"jobs": True}, "jobs must be an int >= 1"),
    ("generals", ["random", "first"], {"max_steps": 0}, "max_steps must be"),
    ("generals", ["random", "first"], {"progress": 3}, "progress"),
    ("generals", ["random", "first"], {"seed": -1}, None),
    ("nothing", ["random", "first"], {}, None),
])
def test_a_bad_ladder_is_refused_with_cardwars_error_before_any_game(
    name: str, kinds: object, kwargs: dict[str, object], message: str | None
) -> None:
    args: dict[str, object] = {"games": 2, "seed": 1, **kwargs}
    with pytest.raises(CardwarError) as caught:
        ladder(name, kinds, **args)  # type: ignore[arg-type]
    if message is not None:
        assert message in str(caught.value)


def test_options_as_a_dict_change_the_games() -> None:
    small = ladder("generals", ["random", "heuristic"], 4, 2, {"players": 4})
    assert small.players == 4
    assert small.lineups == (("heuristic", "random"), ("random", "heuristic"))
    assert sum(s.seats for s in small.standings) == 2 * 4 * 4


def test_the_command_prints_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["ladder", "generals", "-n", "4", "--seed", "5", "--jobs", "1",
                   "--no-progress"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[:2] == ["General's War ladder: random, first, heuristic, search; 6 lineups x "
                       "4 games on", "  the same deals (24 games), seed 5; options: defaults"]
    expected = ladder("generals", None, 4, 5)
    table = expected.table().splitlines()
    assert out[2:2 + len(table)] == table
    assert max(map(len, out)) <= 80
    below = expected.not_above("search", "heuristic")
    assert out[-1] == ("search ranks above heuristic against every other agent" if not below
                       else f"search does not rank above heuristic against: "
                       f"{', '.join(below)}")


@pytest.mark.parametrize(("args", "message"), [
    (["war"], "plays itself"),
    (["generals", "--agents", "random"], "at least two agents"),
    (["generals", "--agents", "random,first,random"], "random is listed twice"),
    (["generals", "--agents", "random,smart"], "unknown agent 'smart'"),
    (["generals", "-n", "0"], "-n must be at least 1"),
    (["generals", "-o", "players=9"], "players"),
])
def test_the_command_refuses_bad_arguments_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", *args, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardwar: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_the_command_says_nothing_of_search_where_it_is_not_rated(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", "cold-war", "--agents", "random, first", "-n", "2",
                 "--max-steps", "30", "--no-progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Cold War (Zimna Wojna) ladder: random, first; 2 lineups x 2 "
                             "games on the same")
    assert out[-3] == "mean steps per game: 30.0; unfinished (--max-steps): 4"
    assert out[-2].startswith("score: the share of pairwise meetings won")
    assert out[-1] == ("  game; draws count half); rating: Bradley-Terry on the Elo scale, "
                       "random = 0")


def test_an_agent_of_ones_own_is_shown_by_its_name_and_found_by_either() -> None:
    kinds = ["heuristic", "cardwar.caravan:CaravanRuleBot", "cardwar.agents:RandomAgent"]
    result = ladder("caravan", kinds, 2, 3)
    assert result.agents == tuple(kinds)
    assert result.names == ("heuristic", "CaravanRuleBot", "RandomAgent")
    assert [s.name for s in result.standings] == list(result.names)
    assert [s.kind for s in result.standings] == kinds
    assert result.score("CaravanRuleBot", "heuristic") == result.score(kinds[1], "heuristic")
    assert "CaravanRuleBot" in result.table()
    assert set(result.ranking()) == set(result.names)
    # A name two agents would share, or a kind's name, is not shortened.
    assert _ladder_names(("random", "a.b:X", "c.d:X", "e.f:random", "g.h:Y")) == (
        "random", "a.b:X", "c.d:X", "e.f:random", "Y")


def test_the_command_says_why_a_search_agent_is_left_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numba" else real(name, *a))
    assert main(["ladder", "caravan", "-n", "2", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Caravan ladder: random, first, heuristic, "
                                   "cardwar.caravan:CaravanRuleBot;")
    assert captured.err == ("(search left out: Caravan's search agent, CaravanRollout, plays "
                            "out in the batch engine's compiled kernel, which needs numba: "
                            "pip install 'cardwar[fast]')\n")
