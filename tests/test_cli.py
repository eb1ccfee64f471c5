"""The ``cardwar`` command, run as a user runs it: a subprocess of the installed package."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwar import __version__, agents, arneson, cold_war, records, war
from cardwar.cli import main, summarise
from cardwar.core import options_info, options_to_json
from cardwar.rng import derive_seed
from cardwar.variants import variant, variant_names


def cardwar(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardwar", *args], capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def test_play_shows_the_seeded_game_battle_by_battle() -> None:
    done = cardwar("play", "war", "--seed", "2026")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    state = war.new_game(2026)
    battles = 0
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
        battles += 1
    assert lines[0] == "War, seed 2026"
    assert sum(line.startswith("battle ") for line in lines) == battles
    assert lines[-1] == f"result: {war.outcome(state)} after {battles} battles"


def test_play_with_options_and_quiet() -> None:
    done = cardwar("play", "war", "--seed", "7", "-o", "face_down=1", "-o",
                   "pickup_order=winner_first", "--quiet")
    assert done.returncode == 0, done.stderr
    state = war.new_game(7, war.options(face_down=1, pickup_order="winner_first"))
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
    assert done.stdout.splitlines()[-1].startswith(f"result: {war.outcome(state)}")
    assert not any(line.startswith("battle ") for line in done.stdout.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown variant 'chess'; known variants: war"),
        (["play", "war", "-o", "face_down=x"], "option 'face_down'"),
        (["play", "war", "-o", "nonsense"], "expected NAME=VALUE"),
        (["play", "war", "--seed", "-5"], "seed must be an int"),
    ],
)
def test_errors_are_one_line_with_exit_status_2(args: list[str], message: str) -> None:
    done = cardwar(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_variants_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    assert capsys.readouterr().out.startswith("war ")
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    assert "play" in capsys.readouterr().out


def test_max_steps_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "war", "--seed", "1", "--max-steps", "3", "-q"]) == 0
    assert "stopped after 3 steps" in capsys.readouterr().out


# --- help, usage errors, variants and rules ----------------------------------------------

COMMANDS = ["variants", "rules", "play", "replay", "simulate"]
CARDWAR_SCRIPT = Path(sys.executable).parent / "cardwar"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    assert f"usage: cardwar {command}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["dance"], "invalid choice: 'dance'"),
        (["play"], "the following arguments are required: variant"),
        (["play", "war", "--seed", "x"], "invalid int value: 'x'"),
        (["simulate", "war", "-n", "0"], "-n must be at least 1"),
        (["simulate", "war", "--jobs", "0"], "--jobs must be at least 1"),
        (["simulate", "arneson", "--agents", "smart"], "unknown agent 'smart'"),
        (["simulate", "arneson", "--agents", "random,random,random"], "one per seat (2)"),
        (["simulate", "war", "--seed", "-1"], "seed must be an int"),
        (["play", "arneson", "--seat", "2"], "--seat must be in [0, 1], got 2"),
        (["rules", "chess"], "unknown variant 'chess'"),
    ],
)
def test_usage_errors_are_one_line_with_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(args)
    except SystemExit as stop:
        status = int(stop.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("cardwar: error: ")
    assert message in err


def test_variants_lists_every_registered_variant(capsys: pytest.CaptureFixture[str]) -> None:
    # One line per variant, its aliases on the next (indented under the description) since
    # on the same line some would go past 80 columns.
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 80
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == list(variant_names())
    for name, also in zip(lines[::2], lines[1::2], strict=True):
        game = variant(name.split()[0])
        assert also.strip() == f"(also: {', '.join(game.ALIASES)})"
        after_title = name[name.index(game.TITLE) + len(game.TITLE):]
        description = len(name) - len(after_title.lstrip())
        assert len(also) - len(also.lstrip()) == description


@pytest.mark.parametrize("name", variant_names())
def test_rules_summarise_the_variant_with_options_and_defaults(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = variant(name)
    assert main(["rules", name, "--summary"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{game.TITLE} ({game.NAME}")
    assert f"rules version {game.RULES_VERSION}" in out
    defaults = options_to_json(game.options())
    for info in options_info(game.Options):
        value = defaults[info.name]
        shown = " ".join(map(str, value)) if isinstance(value, list) else (
            "none" if value is None else str(value).lower() if isinstance(value, bool)
            else str(value))
        assert f"  {info.name} = {shown}" in out
    assert f"/rules/{game.NAME}.html" in out
    assert "docs page" not in out  # the developers' sentences stay in the docstring


# --- interactive play ------------------------------------------------------------------------


def play_input(args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardwar", "play", *args], input=text, capture_output=True,
        text=True, check=False, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def test_interactive_play_takes_numbers_and_notation_and_answers_bad_input(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    # Seed 5 deals seat 0 the hand 8C 10S QH (see cardwar.variants.arneson).
    moves = ["qh", "2C", "nonsense", "99", "", "help", "legal", "view"] + ["1"] * 40
    done = play_input(["arneson", "--seed", "5", "-o", "max_battles=4", "--record",
                       str(path)], "\n".join(moves) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert "you are seat 0" in out
    assert "1) 8\u2663   2) 10\u2660   3) Q\u2665" in out
    # The library's reason, not only the legal list.
    assert "not legal now: seat 0 cannot play 2\u2663: it is not a card of their hand; " \
        "legal actions:" in out
    assert "not understood: bad action 'nonsense'" in out
    assert "there is no action 99: choose 1 to 3" in out
    assert "list the legal actions again" in out
    assert "result: " in out
    record = records.read(path)
    assert record.actions[0] == "QH"
    assert record.outcome is not None
    assert records.replay(record) is not None
    assert f"record saved to {path}" in out


def test_interactive_play_as_seat_1_against_the_random_agent(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = play_input(["arneson", "--seed", "9", "--seat", "1", "--opponent", "random",
                       "-o", "max_battles=3", "--record", str(path), "--ascii"],
                      "1\n" * 30)
    assert done.returncode == 0, done.stderr
    assert "you are seat 1 (seat 0: RandomAgent)" in done.stdout
    assert done.stdout.isascii()
    record = records.read(path)
    seat0 = agents.RandomAgent(derive_seed(9, 1))
    state = arneson.new_game(9, arneson.options(max_battles=3))
    first = seat0.choose(arneson.observe(state, 0), arneson.legal_actions(state))
    assert record.actions[0] == str(first)


def test_end_of_input_leaves_the_game_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    done = play_input(["arneson", "--seed", "5", "--record", str(path)], "1\n")
    assert done.returncode == 0
    assert "you left the game" in done.stdout
    assert "Traceback" not in done.stderr
    record = records.read(path)
    assert record.outcome is None
    assert len(record.actions) == 2  # one commitment of each seat
    assert records.replay(record) is not None


def test_ctrl_c_exits_with_status_130(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    assert main(["play", "arneson", "--seed", "1"]) == 130
    assert "interrupted" in capsys.readouterr().out


def test_play_stops_when_the_agents_never_let_you_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("cardwar.cli.play.MAX_STEPS_WITHOUT_YOU", 1)
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "arneson", "--seat", "1"]) == 0
    assert "stopped: the others played 1 steps without a turn of yours" in (
        capsys.readouterr().out
    )


# --- replay ------------------------------------------------------------------------------------


def test_recorded_war_replays_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "war.json"
    done = cardwar("play", "war", "--seed", "2026", "-q", "--record", str(path))
    assert done.returncode == 0, done.stderr
    assert records.read(path) == agents.play("war", (), 2026)
    done = cardwar("replay", str(path), "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "verified: 104 steps replay to won by seat 1 (all_cards)"


def test_replay_shows_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parent / "records" / "arneson-explicit-deal.json"
    record = records.read(path)
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    steps = [line for line in out.splitlines() if line.startswith("step ")]
    assert len(steps) == len(record.actions)
    assert steps[0] == f"step 1: seat 0: {record.actions[0]}"
    assert "explicit deal" in out.splitlines()[0]
    assert out.isascii()


def test_replay_step_by_step_stops_on_q(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["", "", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    path = Path(__file__).parent / "records" / "war-explicit-deal.json"
    assert main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert sum(line.startswith("step ") for line in out.splitlines()) == 3
    assert "the rest of the record was not checked" in out


def test_replay_mismatch_exits_1_naming_the_step(tmp_path: Path) -> None:
    record = agents.play("war", (), 2026)
    doc = record.to_json()
    doc["actions"] = [*record.actions, "play"]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc))
    done = cardwar("replay", str(path), "-q")
    assert done.returncode == 1
    assert done.stderr.startswith("cardwar: error: $.actions[104]: step 105 differs")
    assert "game over" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "malformed JSON"),
        ('{"format": "x"}', "$: missing field"),
    ],
)
def test_bad_record_files_exit_1(text: str, message: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 1
    assert message in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


# --- simulate ----------------------------------------------------------------------------------


def test_simulate_gives_the_same_summary_whatever_the_jobs(tmp_path: Path) -> None:
    one = cardwar("simulate", "war", "-n", "60", "--seed", "7", "--jobs", "1",
                  "--json", str(tmp_path / "one.json"))
    three = cardwar("simulate", "war", "-n", "60", "--seed", "7", "--jobs", "3",
                    "--json", str(tmp_path / "three.json"))
    assert one.returncode == 0, one.stderr
    assert three.returncode == 0, three.stderr
    assert one.stdout == three.stdout
    a = json.loads((tmp_path / "one.json").read_text())
    b = json.loads((tmp_path / "three.json").read_text())
    assert a == b
    assert [g["seed"] for g in a["games"]] == [derive_seed(7, i) for i in range(60)]
    for game in a["games"][:5]:
        record = agents.play("war", (), game["seed"])
        assert game["steps"] == len(record.actions)
        assert record.outcome is not None
        assert game["winners"] == list(record.outcome.winners)
    assert a["summary"]["games"] == 60
    assert sum(a["summary"]["wins"]) + sum(a["summary"]["draws"].values()) == 60
    assert "Traceback" not in one.stderr + three.stderr


def test_simulate_uses_the_batch_engine_for_war_with_the_same_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.json"
    args = ["simulate", "war", "-n", "300", "--seed", "7", "--jobs", "1", "--no-progress"]
    assert main([*args, "--json", str(out)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("; engine: batch engine (numba)")
    fast = json.loads(out.read_text(encoding="utf-8"))
    # The same games through the step loop of the reference engine.
    for game in fast["games"][:40]:
        record = agents.play("war", (), game["seed"])
        assert game["steps"] == len(record.actions)
        assert record.outcome is not None
        assert game["termination"] == record.outcome.termination.value
        assert game["winners"] == list(record.outcome.winners)


def test_simulate_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "arneson", "-n", "20", "--seed", "3", "--jobs", "1",
                 "--agents", "heuristic,search", "-o", "max_battles=50", "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Arneson's War: 20 games, seed 3; options: max_battles=50; "
                        "agents: heuristic, search; engine: reference engine (step)")
    assert lines[1].startswith("game length (steps): mean ")
    assert re.fullmatch(r"wins: seat 0 \d+ \(\d+\.\d%\), seat 1 \d+ \(\d+\.\d%\)", lines[2])
    assert lines[3].startswith("draws: ")


def test_summary_statistics() -> None:
    results = [{"steps": s, "termination": "all_cards", "winners": [s % 2]}
               for s in range(1, 101)]
    results[0] = {"steps": 1, "termination": "battle_limit", "winners": []}
    results[1] = {"steps": 2, "termination": None, "winners": None}
    summary = summarise(results, 2)
    assert summary["length"] == {"mean": 50.5, "median": 50.5, "p95": 95, "p99": 99,
                                 "min": 1, "max": 100}
    assert summary["wins"] == [49, 49]
    assert summary["draws"] == {"battle_limit": 1}
    assert summary["unfinished"] == 1


def test_play_accepts_every_agent_simulate_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    for kind in agents.KINDS:
        assert main(["play", "arneson", "--opponent", kind, "--seed", "1",
                     "-o", "max_battles=2", "--quiet"]) == 0, kind
        assert "result: " in capsys.readouterr().out


def test_player_counts_are_the_ones_the_options_accept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # General's War takes 2 or 4 players, not 3: every place that says so agrees (it said
    # "2-4" in `variants` and `rules`).
    assert main(["variants"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()
             if not line.startswith(" ")}
    assert "2 or 4 players" in lines["generals"]
    assert "3 or 4 players" in lines["cold-war"]
    assert "2 to 4 players" in lines["peace"]
    assert main(["rules", "generals"]) == 0
    assert "; 2 or 4 players;" in capsys.readouterr().out


@given(st.lists(st.integers(0, 40), min_size=1, max_size=200))
def test_the_streamed_summary_is_the_summary_of_the_sorted_lengths(lengths: list[int]) -> None:
    # Tally keeps counts of lengths, not the games: its statistics are those of the
    # sorted list of lengths, nearest rank.
    results = [{"steps": n, "termination": "all_cards", "winners": [n % 2]} for n in lengths]
    got = summarise(results, 2)["length"]
    ordered = sorted(lengths)
    k = len(ordered)

    def nearest(p: int) -> int:
        return ordered[max(1, math.ceil(p / 100 * k)) - 1]

    assert got == {
        "mean": sum(ordered) / k,
        "median": (ordered[(k - 1) // 2] + ordered[k // 2]) / 2,
        "p95": nearest(95),
        "p99": nearest(99),
        "min": ordered[0],
        "max": ordered[-1],
    }


# --- the installed command ---------------------------------------------------------------------


def test_the_installed_cardwar_script_runs() -> None:
    assert CARDWAR_SCRIPT.exists(), "pip install -e . installs the cardwar script"
    done = subprocess.run([str(CARDWAR_SCRIPT), "--version"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0
    assert done.stdout.strip() == f"cardwar {__version__}"
    done = subprocess.run([str(CARDWAR_SCRIPT), "play", "peace", "--seed", "2026", "-q"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "result: won by seat 0 (all_cards) after 56 battles"


def test_a_closed_pipe_is_not_an_error() -> None:
    with subprocess.Popen([str(CARDWAR_SCRIPT), "play", "war", "--seed", "2026"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait() == 0
    assert b"Traceback" not in err


def test_the_cli_says_why_an_action_is_illegal_and_fits_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Caravan: a number card on the opponent's caravan is refused with the rule that
    # refuses it.
    answers = iter(["3S>D", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["play", "caravan", "--seed", "4", "--ascii"]) == 0
    out = capsys.readouterr().out
    # Said in full, wrapped between words to the terminal's 40 columns.
    assert "not legal now: seat 0 cannot play 3S>D: number cards go on your own caravans " \
        "(CARAVAN-NUMERAL)" in " ".join(out.split())
    assert all(len(line) <= 40 for line in out.splitlines()), out
    listing = out[out.index("your move:"):].splitlines()[1:4]
    assert all(len(line) <= 39 for line in listing), listing


def test_peace_calls_its_ties_peace(capsys: pytest.CaptureFixture[str]) -> None:
    from cardwar import peace

    state = peace.new_game(0, peace.options(ranks="2 3", suits="SH"), deal=["2S 3S", "2H 3H"])
    after = peace.step(state, peace.Play.PLAY)
    said = peace.describe_step(state, peace.Play.PLAY, after, ascii=True)
    assert "\n  peace: " in said
    assert "war" not in said
    assert "  peace: " in peace.render_state(after, ascii=True)
    assert after.last is not None
    assert peace.describe_battle(1, after.last)[1].startswith("  peace: ")


def test_interactive_play_narrates_every_step_in_public_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The others' plays, the tricks they make and the deals they end are told between
    # your turns; nothing the human may not see is shown (a General's War squad stays
    # hidden until the battle reveals it).
    answers = iter(["1", "1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "cold-war", "--seed", "4", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "  | seat 0 played " in out
    assert "  | seat 1 played " in out
    assert "  | trick: " in out
    # The cards you draw are told to you, each then in the hand shown at your next move.
    drawn = re.findall(r"^  \| you drew (\S+)$", out, re.M)
    assert len(drawn) == 2
    hands = re.findall(r"^  your hand: (.+)$", out, re.M)
    for card, hand in zip(drawn, hands[1:], strict=False):
        assert card in hand.split()
    answers = iter(["1"] * 40 + ["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "generals", "--seed", "2", "--ascii", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "  | seat 0 laid a squad" in out
    assert "  | last battle: " in out
    # --quiet leaves the narration out.
    answers = iter(["1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "cold-war", "--seed", "4", "--quiet"]) == 0
    assert "  | " not in capsys.readouterr().out


def test_in_game_history_rules_and_undo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Cold War against two heuristic players: play, look at the history and the rules,
    # take the move back, play another card instead; the record holds the second line.
    path = tmp_path / "game.json"
    answers = iter(["history", "1", "history", "rules", "undo", "2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "cold-war", "--seed", "4", "--ascii", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  (nothing yet)" in out
    assert "back to your last move" in out
    assert "Options (set with -o NAME=VALUE; the default is shown):" in out
    assert "COLDWAR-DECK — " in out  # the whole rules page, offline
    record = records.read(path)
    state = cold_war.new_game(4)
    mine = [str(a) for a in cold_war.legal_actions(state)]
    # Seat 0 leads the first trick: its move is the record's first action, the second
    # legal card (the first was taken back).
    assert record.actions[0] == mine[1]
    # The history shown at the second move held the first trick's plays.
    assert f"  | seat 0 played {mine[0]}" in out


def test_a_forced_move_is_played_for_you_unless_you_ask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # General's War: without an Ace the claim is a forced pass.
    answers = iter(["1"] * 30 + ["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "generals", "--seed", "2", "--ascii"]) == 0
    assert "your only action, played for you: " in capsys.readouterr().out
    answers = iter(["1"] * 30 + ["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "generals", "--seed", "2", "--ascii", "--ask-always"]) == 0
    assert "your only action, played for you" not in capsys.readouterr().out


def test_undo_at_the_first_move_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["undo", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "arneson", "--seed", "1"]) == 0
    assert "nothing to undo: this is your first move" in capsys.readouterr().out


@pytest.mark.parametrize("name", variant_names())
def test_rules_prints_the_whole_rules_page(name: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    # Every rule of the page, by its ID, offline: the pages ship with cardwar.
    from cardwar import rulebook

    game = variant(name)
    page = rulebook.rules_page(game.NAME)
    assert page is not None
    ids = re.findall(r"^\(([A-Z][A-Z0-9-]+)\)=$", page, re.M)
    assert len(ids) > 10
    # The page states the rules version the code plays (the War page once lagged).
    assert re.search(rf"\(rules version {game.RULES_VERSION},\s", page)
    assert main(["rules", game.NAME]) == 0
    text = capsys.readouterr().out
    for rule in ids:
        assert f"{rule} —" in text or rule in text, rule
    # The options come from the code, and no Markdown or directive markup is left.
    for info in options_info(game.Options):
        assert f"  {info.name} = " in text
    assert "{cardwar-" not in text
    assert "](" not in text
    assert not re.search(r"^\([A-Z0-9-]+\)=", text, re.M)
    assert "**" not in text
    # The summary is still there.
    assert main(["rules", game.NAME, "--summary"]) == 0
    summary = capsys.readouterr().out
    assert len(summary) < len(text)
    assert "Options (set with -o NAME=VALUE" in summary


def test_the_rules_pages_are_found_where_cardwar_is() -> None:
    from pathlib import Path

    from cardwar import rulebook

    # Installed, the pages are in the package (cardwar/rules, from the wheel); in a
    # source checkout, in docs/rules.
    here = Path(rulebook.__file__).resolve().parent
    shipped = here / "rules" / "war.md"
    checkout = here.parent.parent / "docs" / "rules" / "war.md"
    assert shipped.is_file() or checkout.is_file()
    assert rulebook.rules_page("war") == (shipped if shipped.is_file() else checkout
                                          ).read_text(encoding="utf-8")
    assert rulebook.rules_page("no-such-game") is None
    text = rulebook.rules_text("# T\n\n(X-1)=\n**X-1** — see [the rule](#x-1).\n"
                               "```{cardwar-options} t\n```\n```python\n>>> 1\n```\n", "OPTS")
    assert text == "T\n=\n\nX-1 — see the rule.\nOPTS\n    >>> 1\n"


@pytest.mark.parametrize(("name", "expect"), [
    ("caravan", "  position A/D: 0 against 0, undecided"),
    ("cold-war", "  seat 0 (you): total 0 points, 3 cards (hand 3, pool 0)"),
    ("generals", "  seat 0 (you): score 0 points, 5 cards (hand 5, won 0)"),
    ("arneson", "  seat 0 (you): wars won 0, 26 cards"),
])
def test_in_game_score(name: str, expect: str, monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["score", "help", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", name, "--seed", "3", "--ascii", "--ask-always"]) == 0
    out = capsys.readouterr().out
    assert expect in out
    assert "score    where every seat stands" in out


def test_replay_names_the_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = agents.play("caravan", [agents.agent("random", "caravan", 1),
                                     agents.agent("first", "caravan", 2)], 4, max_steps=10,
                         players=(None, "first"))
    path = tmp_path / "game.json"
    records.write(record, path)
    assert main(["replay", str(path), "-q"]) == 0
    assert "players: seat 0 unknown, seat 1 first" in capsys.readouterr().out


def test_digits_that_are_not_ascii_or_too_many_never_end_the_game(tmp_path: Path) -> None:
    # "\u00b2" and "\u2460" pass str.isdigit but not int(); 5,000 digits are more than
    # int() converts. Each is answered at the prompt, and the game and its record go on.
    path = tmp_path / "game.json"
    moves = ["\u00b2", "\u2460", "9" * 5000, "0"] + ["1"] * 40
    done = play_input(["arneson", "--seed", "5", "-o", "max_battles=4", "--record",
                       str(path)], "\n".join(moves) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert "not understood: " in out
    assert "there is no action 999999999999...: choose 1 to 3" in out
    assert "there is no action 0: choose 1 to 3" in out
    assert "result: " in out
    assert records.replay(records.read(path)) is not None


def _console_example(page: str, command: str) -> list[str]:
    """Return the output lines that ``page`` (a docs page) shows for ``$ command``."""
    text = (Path(__file__).parent.parent / "docs" / page).read_text(encoding="utf-8")
    block = text.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    return block.split("\n$ ", 1)[0].rstrip("\n").splitlines()


@pytest.mark.parametrize(
    ("page", "command"),
    [
        ("cli.md", "cardwar variants"),
        ("cli.md", "cardwar rules arneson --summary"),
        ("cli.md", "cardwar tournament caravan --agents heuristic,cardwar.caravan:CaravanRuleBot "
                   "-n 400 --seed 1"),
    ],
)
def test_the_docs_examples_are_what_the_command_prints(
    page: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The examples of the CLI page are the commands' output as it is, at most 80 columns.
    shown = _console_example(page, command)
    assert main([*command.split()[1:], "--no-progress"] if "tournament" in command
                else command.split()[1:]) == 0
    printed = capsys.readouterr().out.splitlines()
    if shown[-1] == "...":  # (the example's first lines)
        shown = shown[:-1]
        printed = printed[:len(shown)]
    assert printed == shown
    assert max(map(len, printed)) <= 80


@pytest.mark.parametrize("name", variant_names())
@pytest.mark.parametrize("summary", [False, True])
def test_the_rules_fit_80_columns(
    name: str, summary: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every paragraph and list item of a rules page is wrapped anew to 80 columns (a
    # terminal's); only a table's rows, code and a word longer than a line (an address)
    # may go past them. The words are those of the page, in its order.
    assert main(["rules", name, *(["--summary"] if summary else [])]) == 0
    lines = capsys.readouterr().out.splitlines()
    wide = [line for line in lines if len(line) > 80]
    assert all(line.startswith(("|", "    ")) or " " not in line.strip() for line in wide)
    assert any(line.startswith(("1. ", "- ")) for line in lines)


def test_a_rules_page_is_rewrapped_between_words_with_its_lists_indented() -> None:
    from cardwar.rulebook import rules_text

    page = ("# Game\n\nA paragraph whose [linked rule](#rule) and {term}`role` leave its\n"
            "lines ragged once\nreduced, " + "word " * 20 + "end.\n\n"
            "1. An item " + "long " * 20 + "(GAME-RULE-WITH-HYPHENS)\n"
            "   continued.\n- a bullet " + "x " * 40 + "\n\n| a | table |\n")
    text = rules_text(page).splitlines()
    assert text[:3] == ["Game", "====", ""]
    assert text[3].startswith("A paragraph whose linked rule and role leave its lines ragged")
    assert all(len(line) <= 80 for line in text)
    item = text.index(next(line for line in text if line.startswith("1. ")))
    assert text[item + 1].startswith("   ")
    assert not text[item + 1].startswith("    ")
    assert "(GAME-RULE-WITH-HYPHENS)" in " ".join(text)
    bullet = text.index(next(line for line in text if line.startswith("- a bullet")))
    assert text[bullet + 1].startswith("  x")
    assert text[-1] == "| a | table |"
    words = " ".join(text).split()
    assert words == rules_text(page.replace("\n   continued", " continued")).split()
