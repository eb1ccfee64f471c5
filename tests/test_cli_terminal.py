"""The ``cardwar`` command as a player meets it in a terminal: help texts printed as
written, a fresh seed for each game unless one is given, the rules through a pager and
opening on How to play, and lines that fit the terminal's width."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardwar import war
from cardwar.cli import main
from cardwar.core import Outcome, Termination
from cardwar.render import render_state
from cardwar.variants import variant_names


def run_main(args: list[str]) -> int:
    """Return ``main``'s exit status, also when argparse exits."""
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code or 0)


def answer(monkeypatch: pytest.MonkeyPatch, *replies: str) -> None:
    """Make ``input()`` give ``replies`` in turn, then end of input."""
    pending: Iterator[str] = iter(replies)

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


def test_tournament_help_shows_a_percent_sign_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(["tournament", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "95% intervals" in out
    assert "%%" not in out


# --- a fresh seed ---------------------------------------------------------------------------


def test_play_without_a_seed_draws_one_and_says_how_to_play_it_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    seeds = []
    for _ in range(2):
        assert run_main(["play", "war", "--quiet"]) == 0
        first, *_, last = capsys.readouterr().out.splitlines()
        found = re.fullmatch(r"War, seed (\d+) \(drawn; --seed (\d+) plays this game again\)",
                             first)
        assert found is not None, first
        assert found[1] == found[2]
        seed = int(found[1])
        seeds.append(seed)
        # The seed printed is the game's: the same game again.
        state = war.new_game(seed)
        while war.outcome(state) is None:
            state = war.step(state, war.Play.PLAY)
        assert last == f"result: {war.outcome(state)} after {state.battles} battles"
    assert seeds[0] != seeds[1]  # two draws among 10**9 seeds
    assert run_main(["play", "war", "--quiet", "--seed", "7"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "War, seed 7"


def test_an_interactive_game_without_a_seed_names_its_seed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("cardwar.cli.play.secrets.randbelow", lambda n: 12345)
    answer(monkeypatch, "quit")
    assert run_main(["play", "arneson", "--ascii"]) == 0
    assert capsys.readouterr().out.startswith(
        "Arneson's War, seed 12345 (drawn; --seed 12345 plays this game again); you are "
        "seat 0")


# --- General's War: a squad asked for by its cards ---------------------------------------


def test_a_squad_is_typed_as_its_cards_not_picked_from_every_possible_squad(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[str] = []
    typed: list[str] = []

    def reply(prompt: str = "") -> str:
        out = capsys.readouterr().out
        seen.append(out)
        lines = out.splitlines()
        if len(typed) == 3:
            return "quit"
        if lines and "type its cards, such as " in lines[-1]:
            hand = next(x for x in reversed(lines) if x.startswith("  your hand: ")).split()
            cards = " ".join(hand[2:][-3:])  # three cards of the hand, without "squad"
            typed.append(cards)
            return cards
        return "1"

    monkeypatch.setattr("builtins.input", reply)
    assert run_main(["play", "generals", "--seed", "3", "-o", "players=4", "--ascii",
                     "--opponent", "random"]) == 0
    text = "".join(seen) + capsys.readouterr().out
    assert len(typed) == 3, text
    # No list of every squad: the hand is shown by the prompt, and the squad typed played.
    assert "120) squad" not in text
    assert "your move: a squad, one of 120 ('legal' lists them all): type its cards, such as"\
        in text
    # Each squad typed is the one seat 0 fought with, as the battle shows it.
    fought = [sorted(m.split()) for m in re.findall(
        r"^  \| last battle: .*?seat 0 ([0-9JQKAJCDHS ]+?) \(", text, re.M)]
    # (in order, among the battles of squads picked by number or played for seat 0).
    rest = iter(fought)
    assert all(any(sorted(cards.split()) == squad for squad in rest) for cards in typed), (
        typed, fought)
    # A short list is still numbered: the challenges of a four-player game.
    assert "1) challenge " in text


def test_a_squad_typed_with_its_word_or_by_number_is_played_too(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cardwar import generals
    from cardwar.cli.play import _common_word, _prompt_moves

    state = generals.new_game(3, generals.options(players=4))
    while generals.to_act(state) is not None and not all(
            isinstance(a, generals.Squad) for a in generals.legal_actions(state)):
        state = generals.step(state, generals.legal_actions(state)[0])
    legal = generals.legal_actions(state)
    assert _common_word(legal) == "squad"
    assert _common_word((generals.Pass(),)) is None  # a word alone: nothing to leave out
    text = _prompt_moves(legal[:3], ascii=True)
    assert text.splitlines()[0] == "your move:"  # three squads fit: they are numbered
    assert "1) squad " in text


# --- the end of a game ------------------------------------------------------------------


def test_the_end_of_a_game_says_the_place_where_there_are_places() -> None:
    from cardwar import generals
    from cardwar.cli.play import _verdict
    from tests.strategies import play_out

    *_, (_, _, state) = play_out(generals, 1, generals.options(players=4))
    places = state.places
    assert sorted(p for p in places if p is not None) == [1, 2, 3, 4]
    for seat, place in enumerate(places):
        expected = {1: "you finished 1st of 4, you win", 2: "you finished 2nd of 4",
                    3: "you finished 3rd of 4", 4: "you finished 4th of 4"}[place]
        assert _verdict(generals, state, seat) == expected
    shared = attrs.evolve(state, places=(1, 2, 2, 4))
    assert _verdict(generals, shared, 1) == "you finished 2nd of 4 (shared)"
    *_, (_, _, two) = play_out(generals, 1, generals.options(players=2))
    assert two.result is not None
    winner = two.result.winners[0]
    assert _verdict(generals, two, winner) == "you win"
    assert _verdict(generals, two, 1 - winner) == "you lose"
    drawn = attrs.evolve(two, result=Outcome(Termination.TARGET_SCORE, ()))
    assert _verdict(generals, drawn, 0) == "a draw"


def test_a_caravan_game_over_shows_the_positions_won_and_fits_80_columns(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    answer(monkeypatch, *["1"] * 400)
    assert run_main(["play", "caravan", "--seed", "3", "--opponent", "random"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    wide = [line for line in lines if len(line) > 80]
    assert not wide, wide
    end = lines.index("final standing:")
    for k, name in enumerate(("A/D", "B/E", "C/F")):
        assert re.fullmatch(rf"  position {name}: \d+ against \d+, won by (seat [01]|nobody)",
                            lines[end + 1 + k]), lines[end + 1 + k]
    assert re.fullmatch(r"result: .*: you (win|lose), after \d+ steps", lines[-1])
    # A table too wide for 80 columns has its facing caravans stacked, marked "|".
    assert any(line.startswith("  | D: ") for line in lines)


def test_fit_stacks_a_table_and_wraps_between_words() -> None:
    from cardwar.cli._common import fit

    text = "\n".join([
        "Caravan, turn 9",
        "  A: 7H 9S+KC 10D = 36   |   D: 4D = 4",
        "  B: -          = 0    |   E: - = 0",
        "  | seat 0 played JK on caravan A's 7H, removing 7C from caravan D and 7S from E",
    ])
    assert fit(text, None) == text
    assert fit(text, 200) == text
    assert fit(text, 40).splitlines()[1:3] == text.splitlines()[1:3]  # the table fits
    assert fit(text, 34).splitlines() == [
        "Caravan, turn 9",
        "  A: 7H 9S+KC 10D = 36",
        "  | D: 4D = 4",
        "  B: -          = 0",
        "  | E: - = 0",
        "  | seat 0 played JK on caravan",
        "  |     A's 7H, removing 7C from",
        "  |     caravan D and 7S from E",
    ]
    assert fit("  " + "x" * 30 + " y", 20).splitlines() == [
        "  xxxxxxxxxxxxxxxxxx", "      xxxxxxxxxxxx y"]
    assert fit(" " * 16 + "aaaa bbbb cccc", 20).splitlines() == [
        " " * 16 + "aaaa", "    bbbb cccc"]


# --- the rules: through a pager, opening on How to play ----------------------------------


@pytest.mark.parametrize("name", variant_names())
def test_the_rules_open_on_how_to_play_and_go_through_the_pager_in_a_terminal(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    paged: list[str] = []
    assert run_main(["rules", name]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert lines[3:5] == ["How to play", "-----------"]
    assert "Rules version history" in printed  # the whole page, after How to play
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr("pydoc.pager", lambda text, title="": paged.append(text))
    assert run_main(["rules", name]) == 0
    assert capsys.readouterr().out == ""
    assert paged == [printed.removesuffix("\n")]
    assert run_main(["rules", name, "--summary"]) == 0
    summary = paged[-1]
    assert "How to play\n-----------\n" in summary
    assert summary.index("How to play") < summary.index("Options (set with -o NAME=VALUE")


def test_rules_in_a_game_go_through_the_pager_and_leave_out_the_history(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    paged: list[str] = []
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr("pydoc.pager", lambda text, title="": paged.append(text))
    answer(monkeypatch, "rules", "quit")
    assert run_main(["play", "arneson", "--seed", "1", "--ascii"]) == 0
    assert "How to play" not in capsys.readouterr().out
    (text,) = paged
    lines = text.splitlines()
    assert lines[0].startswith("Arneson's War (arneson")
    assert lines[3] == "How to play"
    assert "ARNESON-HAND — " in text  # every rule with its ID
    assert "  hand_size = 3" in text  # and the options
    for section in ("Sources and resolutions", "Engine notes", "Rules version history"):
        assert section not in text
    assert lines[-1] == ("The sources, the engine notes and the rules version history: "
                         "cardwar rules arneson")


def test_a_rules_page_is_cut_at_its_sections_never_inside_a_fenced_block() -> None:
    from cardwar.cli.rules import _sections

    page = "# T\nintro\n## How to play\nplay\n```text\n## not a heading\n```\n## Rules\nR-1"
    assert _sections(page) == [
        ("", "# T\nintro"),
        ("How to play", "## How to play\nplay\n```text\n## not a heading\n```"),
        ("Rules", "## Rules\nR-1"),
    ]


# --- replay ---------------------------------------------------------------------------------


def test_a_replay_shows_deck_sizes_unless_asked_and_tells_each_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardwar import agents, caravan, records

    record = agents.play("caravan", [agents.agent("random", "caravan", 1),
                                     agents.agent("random", "caravan", 2)], 4, max_steps=25)
    path = tmp_path / "game.json"
    records.write(record, str(path))
    monkeypatch.setenv("COLUMNS", "80")
    assert run_main(["replay", str(path), "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert not [line for line in lines if len(line) > 80]
    decks = [line for line in lines if "; deck: " in line]
    assert len(decks) == 2 * 26  # both seats, at the deal and after each of 25 steps
    assert all(re.search(r"; deck: \d+ cards?$", line) for line in decks), decks[:2]
    # Each step is told in the game's words, under its action.
    states = list(records.iter_states(record))
    for i, action in enumerate(record.actions):
        at = lines.index(f"step {i + 1}: seat {states[i].to_move}: {action}")
        said = caravan.describe_step(states[i], caravan.parse_action(action), states[i + 1],
                                     ascii=True).splitlines()
        assert lines[at + 1:at + 1 + len(said)] == [f"  | {line}" for line in said]
    # --full: every deck in order, as before.
    assert run_main(["replay", str(path), "--ascii", "--full"]) == 0
    full = " ".join(capsys.readouterr().out.split())
    first = states[0]
    deck = " ".join(map(str, first.decks[0]))
    assert f"deck: {deck}" in full


def test_a_replay_of_a_variant_without_a_table_view_shows_its_whole_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar.cli.replay import _table_view
    from cardwar.render import render_state

    class Bare:
        """A variant's module without render_table (a variant of one's own)."""

        NAME = "bare"

    shown: list[object] = []

    def fake(game: object, state: object, *, ascii: bool) -> str:
        shown.append((game, state))
        return "text"

    monkeypatch.setattr("cardwar.cli.replay.render_state", fake)
    assert _table_view(Bare, full=False)(1, ascii=True) == "text"
    assert shown == [(Bare, 1)]
    monkeypatch.undo()
    assert _table_view(war, full=False) is war.render_table
    assert _table_view(war, full=True)(war.new_game(1), ascii=True) == render_state(
        war, war.new_game(1), ascii=True)


@pytest.mark.parametrize("name", variant_names())
def test_a_table_view_shows_no_face_down_pile_s_cards(name: str) -> None:
    from cardwar.variants import variant
    from tests.test_render import cards_in, cards_shown, some_states

    game = variant(name)
    table_of: Any = game.render_table  # type: ignore[attr-defined]  # not in the protocol
    sized = 0
    for state in some_states(game, 3, steps=80):
        table = table_of(state, ascii=True)
        # Every card shown is one some seat sees: its hand, or the table's face-up cards.
        seen = set().union(*(cards_in(game.observe(state, s))
                             for s in range(game.num_players(state))))
        assert cards_shown(table) <= seen, cards_shown(table) - seen
        assert table.splitlines()[0] == render_state(game, state, ascii=True).splitlines()[0] \
            or "of the game" in table.splitlines()[0] or "game over" in table.splitlines()[0]
        sized += bool(re.search(r"\b\d+ cards?\b", table))
    assert sized > 0


def test_score_at_the_end_of_four_player_general_s_war_gives_each_place() -> None:
    from cardwar import generals
    from cardwar.cli.play import _score_lines
    from tests.strategies import play_out

    *_, (_, _, state) = play_out(generals, 1, generals.options(players=4))
    lines = _score_lines(generals, generals.observe(state, 2))
    for s, place in enumerate(state.places):
        you = re.escape(" (you)") if s == 2 else ""
        assert re.fullmatch(rf"  seat {s}{you}: score {generals.score(state, s)} points, \d+ "
                            rf"cards \(hand \d+, won \d+\), finished {place}(st|nd|rd|th)",
                            lines[s]), lines[s]


def test_a_variant_without_a_rules_page_gives_its_summary(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar.cli.rules import _full_rules, _how_to_play, _play_rules, _rules_text

    monkeypatch.setattr("cardwar.rulebook.rules_page", lambda name: None)
    assert _how_to_play(war) == []
    assert _full_rules(war) == _play_rules(war) == _rules_text(war)
    assert "How to play" not in _rules_text(war)


def test_a_word_longer_than_a_line_is_cut() -> None:
    from cardwar.cli._common import fit

    assert fit("ab " + "x" * 30, 20).splitlines() == [
        "ab", "    xxxxxxxxxxxxxxxx", "    xxxxxxxxxxxxxx"]


def test_an_arneson_table_counts_the_cards_set_aside() -> None:
    from cardwar import arneson

    state = arneson.new_game(1)
    cards = tuple(state.stocks[0])
    aside = attrs.evolve(state, tally=attrs.evolve(state.tally, set_aside=cards[:2]))
    assert "  set aside: 2 cards" in arneson.render_table(aside, ascii=True).splitlines()
    one = attrs.evolve(state, tally=attrs.evolve(state.tally, set_aside=cards[:1]))
    assert "  set aside: 1 card" in arneson.render_table(one, ascii=True).splitlines()


def test_score_of_a_game_whose_views_count_no_cards_is_empty() -> None:
    from types import SimpleNamespace

    from cardwar.cli.play import _score_lines

    assert _score_lines(war, SimpleNamespace(seat=0)) == []
