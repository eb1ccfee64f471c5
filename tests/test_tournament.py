"""Tournaments (``cardwar.tournament`` and ``cardwar tournament``): seating rotations on
the same deals, counts and scores, ratings, records, and the refusals."""

from __future__ import annotations

import math
from pathlib import Path

import attrs
import pytest

from cardwar import agents, caravan, records
from cardwar.cli import main
from cardwar.errors import AgentError, CardwarError
from cardwar.rng import derive_seed
from cardwar.tournament import GameResult, play_games, summarise, tournament, wilson
from cardwar.variants import variant


def test_every_deal_is_played_in_every_rotation_of_the_lineup() -> None:
    games = play_games("caravan", caravan.options(), 5, ("heuristic", "random"), 2, 0, 6,
                       None, frozenset())
    assert [g.entries for g in games] == [(0, 1), (1, 0)] * 3
    assert [g.seed for g in games] == [derive_seed(5, d) for d in (0, 0, 1, 1, 2, 2)]
    assert [g.rotation for g in games] == [0, 1] * 3


def test_a_short_lineup_fills_the_other_seats_with_its_last_agent() -> None:
    cold_war = variant("cold-war")
    games = play_games("cold-war", cold_war.options(), 1, ("heuristic", "random"), 3, 0, 3,
                       40, frozenset())
    # Place (seat + rotation) % 3 in each seat; places 1 and 2 are both the random agent.
    assert [g.entries for g in games] == [(0, 1, 1), (1, 1, 0), (1, 0, 1)]


def test_a_game_is_the_game_agents_play_gives_for_its_seats() -> None:
    games = play_games("caravan", caravan.options(), 9, ("heuristic", "random"), 2, 0, 2,
                       None, None)
    for g in games:
        assert g.record is not None
        seats = [agents.agent(("heuristic", "random")[e], "caravan",
                              derive_seed(derive_seed(9, g.index), s + 1))
                 for s, e in enumerate(g.entries)]
        again = agents.play(caravan, seats, g.seed)
        assert again.actions == g.record.actions
        assert again.outcome == g.record.outcome
        assert g.record.players == tuple(("heuristic", "random")[e] for e in g.entries)
        assert g.steps == len(g.record.actions)


def result(index: int, entries: tuple[int, ...], winners: tuple[int, ...] | None,
           draw: bool = False) -> GameResult:
    return GameResult(index=index, seed=index, rotation=0, entries=entries,
                      winners=winners, draw=draw, steps=10)


def test_counts_and_scores_of_two_players() -> None:
    # Entry 0 wins three games, loses one, draws one (both seats among the winners of a
    # draw); one game is cut unfinished.
    games = [result(0, (0, 1), (0,)), result(1, (1, 0), (1,)), result(2, (0, 1), (0,)),
             result(3, (1, 0), (0,)), result(4, (0, 1), (), draw=True),
             result(5, (1, 0), None)]
    out = summarise(caravan, caravan.options(), 0, ("a", "b"), 2, games)
    a, b = out.standings
    assert (a.seats, a.wins, a.draws, a.losses, a.unfinished) == (6, 3, 1, 1, 1)
    assert (b.seats, b.wins, b.draws, b.losses, b.unfinished) == (6, 1, 1, 3, 1)
    assert a.score == pytest.approx(3.5 / 5)
    assert b.score == pytest.approx(1.5 / 5)
    assert (out.draws, out.unfinished, out.games) == (1, 1, 6)
    assert out.seat_wins == (3, 1)
    assert a.win_rate == 0.5
    assert a.interval == wilson(3, 6)
    # Ratings: one drawn meeting per pair as a prior, the first entry at 0.
    assert a.rating == 0
    assert b.rating == pytest.approx(400 * math.log10((1.5 + 0.5) / (3.5 + 0.5)))


def test_scores_with_a_field_count_each_pair_of_seats_of_different_agents() -> None:
    # Three seats, entry 0 against a field of entry 1 (seats 1 and 2). Entry 0 wins the
    # first game (beats both field seats), loses the second to seat 2 (loses to it, ties
    # with seat 1: both lost).
    games = [result(0, (0, 1, 1), (0,)), result(1, (0, 1, 1), (2,))]
    out = summarise(variant("cold-war"), variant("cold-war").options(), 0, ("a", "b"), 3, games)
    a, b = out.standings
    assert (a.seats, a.wins, a.losses, b.seats, b.wins, b.losses) == (2, 1, 1, 4, 1, 3)
    assert a.meetings == 4
    assert b.meetings == 4
    assert a.score == pytest.approx((2 + 0.5) / 4)
    assert b.score == pytest.approx((0 + 1.5) / 4)


def test_a_tournament_is_the_same_whatever_the_jobs() -> None:
    one = tournament("arneson", ["heuristic", "random"], 6, 3, jobs=1, max_steps=60)
    two = tournament("arneson", ["heuristic", "random"], 6, 3, jobs=2, max_steps=60)
    assert one == two
    assert sum(s.seats for s in one.standings) == 12
    for s in one.standings:
        assert s.wins + s.draws + s.losses + s.unfinished == s.seats


def test_records_are_kept_on_request_and_replay() -> None:
    out = tournament("caravan", ["heuristic", "random"], 5, 2, records=[4, 1])
    assert [r.seed for r in out.records] == [derive_seed(2, 0), derive_seed(2, 2)]
    assert [r.players for r in out.records] == [("random", "heuristic"),
                                                ("heuristic", "random")]
    for record in out.records:
        records.replay(record)
    assert tournament("caravan", ["heuristic", "random"], 2, 2).records == ()
    assert len(tournament("caravan", ["heuristic", "random"], 2, 2, records=True).records) == 2


@pytest.mark.parametrize(
    ("name", "lineup", "kwargs", "message"),
    [
        ("caravan", ["heuristic"], {}, "at least two agents"),
        ("caravan", ["heuristic", "random", "random"], {}, "has 2 seats; got 3 agents"),
        ("caravan", ["heuristic", "smart"], {}, "unknown agent 'smart'"),
        ("caravan", ["heuristic", "ismcts:x"], {}, "ismcts:N needs N"),
        ("caravan", ["heuristic", "nosuchmodule:Bot"], {}, "cannot import 'nosuchmodule'"),
        ("caravan", ["heuristic", "cardwar:nothing"], {}, "has no callable 'nothing'"),
        ("caravan", ["heuristic", "cardwar.cards:Card"], {}, "Card(seed) failed: TypeError"),
        ("caravan", ["heuristic", "builtins:str"], {}, "returned str, which has no choose"),
        ("caravan", "heuristic,random", {}, "a sequence of agent kinds"),
        ("war", ["random", "random"], {}, "plays itself"),
        ("caravan", ["heuristic", "random"], {"games": 0}, "games must be an int >= 1"),
        ("caravan", ["heuristic", "random"], {"jobs": 0}, "jobs must be an int >= 1"),
        ("caravan", ["heuristic", "random"], {"max_steps": 0}, "max_steps must be"),
        ("caravan", ["heuristic", "random"], {"records": [9]}, "no game 9 among games 0 to 3"),
    ],
)
def test_a_bad_tournament_is_refused_with_cardwars_error(
    name: str, lineup: list[str] | str, kwargs: dict[str, object], message: str | None
) -> None:
    args: dict[str, object] = {"games": 4, **kwargs}
    with pytest.raises(CardwarError) as caught:
        tournament(name, lineup, args.pop("games"), 1, **args)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    if message is not None:
        assert message in str(caught.value)


def test_an_imported_agent_is_the_factory_called_with_the_seed() -> None:
    made = agents.agent("cardwar.caravan:CaravanRuleBot", "caravan", 1)
    assert isinstance(made, caravan.CaravanRuleBot)
    made = agents.agent("cardwar.agents:RandomAgent", "caravan", 7)
    assert repr(made) == repr(agents.RandomAgent(7))
    with pytest.raises(AgentError, match=r"cannot import 'cardwar\.nothing"):
        agents.agent("cardwar.nothing.deeper:Bot", "caravan", 1)


def test_the_table_keeps_80_columns_and_every_name_whole() -> None:
    # Names up to 11 characters keep their place in the rows (the table is then at most 80
    # columns); a longer one, an agent of your own, stands on a line of its own above its
    # figures, which line up with the others'.
    short = tournament("caravan", ["heuristic", "random"], 4, 3).table().splitlines()
    assert [line.split()[0] for line in short[1:]] == ["heuristic", "random"]
    assert max(map(len, short)) <= 80
    long = tournament("caravan", ["cardwar.agents:RandomAgent", "heuristic"], 4, 3)
    lines = long.table().splitlines()
    assert max(map(len, lines)) <= 80
    at = lines.index("cardwar.agents:RandomAgent")
    assert lines[at + 1].startswith(" " * 9)
    assert len(lines[at + 1]) == len(lines[1])
    figures = [line.split()[-8:] for line in lines[1:] if line != lines[at]]
    assert [len(f) for f in figures] == [8, 8]
    eleven = tournament("caravan", ["heuristic", "random"], 2, 3)
    renamed = attrs.evolve(eleven, standings=tuple(
        attrs.evolve(s, name=s.name.ljust(11, "x")) for s in eleven.standings))
    assert max(map(len, renamed.table().splitlines())) == 80
    assert len(renamed.table().splitlines()) == 3


def test_the_command_prints_the_table_and_writes_the_records_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["tournament", "caravan", "--agents", "heuristic,cardwar.caravan:CaravanRuleBot",
                   "-n", "5", "--seed", "4", "--jobs", "1", "--records", str(tmp_path / "r"),
                   "--record-games", "0,3", "--no-progress"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    expected = tournament("caravan", ["heuristic", "cardwar.caravan:CaravanRuleBot"], 5, 4)
    table = expected.table().splitlines()
    head = out.index(table[0])
    # The report's lines but the table's are wrapped to 80 columns between words.
    assert " ".join(line.strip() for line in out[:head]) == (
        "Caravan tournament: 5 games (2 deals x 2 seatings, and 1 seating of one more "
        "deal), seed 4; options: defaults; lineup: heuristic, cardwar.caravan:CaravanRuleBot")
    assert out[head:head + len(table)] == table
    # The agent's name too long for its column stands whole on a line of its own, its
    # figures on the next; the table is at most 80 columns wide.
    assert len(table) == 4
    assert "cardwar.caravan:CaravanRuleBot" in table
    assert max(map(len, table)) <= 80
    assert out[head + len(table)].startswith("wins by seat: seat 0 ")
    assert all(len(line) <= 80 or " " not in line.strip()
               for line in out[:head] + out[head + len(table):])
    said = next(i for i, line in enumerate(out) if line.startswith("records: "))
    assert " ".join(line.strip() for line in out[said:]) == (  # (wrapped, its path whole)
        f"records: 2 written to {tmp_path / 'r'} (game-NNNNNN.json; cardwar replay shows one)")
    assert f"  {tmp_path / 'r'}" in out[said + 1:] or f" {tmp_path / 'r'} " in out[said]
    written = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert written == ["game-000000.json", "game-000003.json"]
    assert records.read(tmp_path / "r" / "game-000003.json").seed == derive_seed(4, 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["caravan", "--agents", "heuristic"], "at least two agents"),
        (["caravan", "--agents", "a,b,c"], "has 2 seats, got 3 agents"),
        (["caravan", "--agents", "heuristic,smart"], "unknown agent 'smart'"),
        (["war", "--agents", "random,random"], "plays itself"),
        (["caravan", "--agents", "heuristic,random", "-n", "0"], "-n must be at least 1"),
        (["caravan", "--agents", "heuristic,random", "--record-games", "1"],
         "--record-games needs --records DIR"),
        (["caravan", "--agents", "heuristic,random", "-n", "3", "--records", "R",
          "--record-games", "3"], "no game 3 among games 0 to 2"),
        (["caravan", "--agents", "heuristic,random", "--records", "R", "--record-games",
          "x"], "expected game numbers"),
        (["caravan", "--agents", "heuristic,random", "--jobs", "0"], "--jobs must be"),
        (["caravan", "--agents", "heuristic,random", "--max-steps", "0"], "--max-steps must"),
    ],
)
def test_the_command_refuses_bad_arguments_in_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", *args, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardwar: error: ")
    assert message in err
    assert not (tmp_path / "R").exists()


def test_the_command_refuses_records_that_are_a_file(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    (tmp_path / "f").write_text("x")
    assert main(["tournament", "caravan", "--agents", "heuristic,random", "--records",
                 str(tmp_path / "f"), "--no-progress"]) == 2
    assert "is not a directory" in capsys.readouterr().err


def test_progress_is_told_how_many_games_are_done() -> None:
    seen: list[int] = []
    tournament("generals", ["heuristic", "random"], 7, 1, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 7


def test_options_as_a_dict_and_the_intervals_of_the_standings(
    capsys: pytest.CaptureFixture[str]
) -> None:
    out = tournament("caravan", ["heuristic", "random"], 4, 2, options={"max_turns": 6})
    assert out.options == caravan.options(max_turns=6)
    assert out.unfinished == 0  # a turn limit ends a game as a draw, not cut
    assert out.draws == 4
    first = out.standings[0]
    assert first.score == 0.5  # every game drawn: every meeting shared
    assert first.score_interval == wilson(0.5 * first.meetings, first.meetings)
    assert wilson(0, 0) == (0.0, 1.0)
    # The command without --records writes none and says nothing of them.
    assert main(["tournament", "caravan", "--agents", "heuristic,random", "-n", "2",
                 "--jobs", "1", "--no-progress"]) == 0
    assert "records:" not in capsys.readouterr().out


def test_an_agent_kind_must_be_a_str_and_a_search_budget_positive() -> None:
    with pytest.raises(AgentError, match="an agent kind must be a str, got int"):
        agents.agent(5, "caravan", 1)  # type: ignore[arg-type]
    with pytest.raises(AgentError, match="iterations must be an int >= 1, got 0"):
        agents.agent("ismcts:0", "caravan", 1)
