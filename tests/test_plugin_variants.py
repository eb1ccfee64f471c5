"""A variant registered from outside the library works everywhere a built-in one does.

``cardwar.variants.register`` takes any module that keeps the :class:`~cardwar.core.Variant`
protocol. Two toy variants are registered here for the duration of each test (the
registry is restored afterwards): *Countdown*, an automatic game whose state is not a
battle state and whose module has no docstring, and *Pick*, a game with decisions and a
step that nobody decides (the deal), with no heuristic agent. The tests drive them through
the registry, :func:`cardwar.agents.play`, records, the generic rendering and the
``cardwar`` command, and check the registry's own errors.
"""

from __future__ import annotations

import json
import types
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardwar import agents, derive_seed, records
from cardwar import variants as registry
from cardwar.cli import main
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    Outcome,
    Termination,
    Variant,
    int_converter,
    make_options,
    option,
)
from cardwar.render import render_fields
from tests.support_toys import add_listed_codec, presentation

# --- Countdown: automatic, not a battle game, no docstring ------------------------------


@attrs.frozen
class CountdownOptions:
    length: int = option(3, "Steps before the game ends (TOY-LENGTH).",
                         int_converter("length", 1))
    board: int = option(5, "Cells of the board, at least the length (TOY-BOARD).",
                        int_converter("board", 1))


@attrs.frozen
class CountdownState:
    options: CountdownOptions
    seed: int
    left: int
    cells: tuple[int, ...]
    result: Outcome | None = None


def _countdown_new_game(seed: int, options: CountdownOptions | None = None, *,
                        deal: Any = None) -> CountdownState:
    if deal is not None:
        raise ValueError("countdown has no cards to deal")
    opts = options if options is not None else CountdownOptions()
    # Options are checked one by one; what depends on two of them is checked here.
    if opts.board < opts.length:
        raise ValueError(f"a board of {opts.board} cells cannot hold {opts.length} steps")
    return CountdownState(opts, seed, opts.length, (0,) * opts.board)


def _countdown_legal(state: CountdownState) -> tuple[str, ...]:
    return () if state.result is not None else ("tick",)


def _countdown_step(state: CountdownState, action: object) -> CountdownState:
    if state.result is not None:
        raise GameOverError("the countdown is over")
    if action != "tick":
        raise IllegalActionError(f"{action!r} is not legal", ("tick",))
    left = state.left - 1
    # The seat of the seed's parity wins when the count reaches zero.
    result = Outcome(Termination.TURN_LIMIT, (state.seed % 2,)) if left == 0 else None
    return attrs.evolve(state, left=left, result=result)


def _countdown_parse(text: str) -> str:
    if text.strip().lower() != "tick":
        raise NotationError(f"bad action {text!r}: the only action is 'tick'")
    return "tick"


def _countdown_describe_step(before: CountdownState, action: object, after: CountdownState,
                             *, ascii: bool = False) -> str:
    done = after.options.length - after.left
    return f"step {done}: {action}\n" + render_fields("Countdown", after, ascii=ascii)


def _make_countdown() -> types.ModuleType:
    module = types.ModuleType("toy_countdown")  # no docstring: module.__doc__ is None
    members: dict[str, Any] = {
        "NAME": "countdown",
        "ALIASES": ("count-down",),
        "TITLE": "Countdown",
        "RULES_VERSION": 1,
        "MIN_PLAYERS": 2,
        "MAX_PLAYERS": 2,
        "AUTOMATIC": True,
        "Options": CountdownOptions,
        "options": lambda **kwargs: make_options(CountdownOptions, kwargs),
        "new_game": _countdown_new_game,
        "legal_actions": _countdown_legal,
        "step": _countdown_step,
        "to_act": lambda state: None,
        "outcome": lambda state: state.result,
        "observe": lambda state, seat: state,
        "num_players": lambda state: 2,
        "cards_in_play": lambda state: (),
        "parse_action": _countdown_parse,
        "STEP_NAME": "step",
        "SIMULTANEOUS": True,  # it plays itself
        # The shared field-by-field rendering: a new variant's first renderer.
        "render_state": lambda state, *, ascii=False: render_fields("Countdown", state,
                                                                    ascii=ascii),
        "render_observation": lambda obs, *, ascii=False: render_fields("Countdown", obs,
                                                                        ascii=ascii),
        "describe_deal": lambda state, *, ascii=False: "",  # nothing is dealt
        "describe_step": _countdown_describe_step,
        "heuristic": lambda seed: None,
    }
    for name, value in members.items():
        setattr(module, name, value)
    add_listed_codec(module, lambda options: ("tick",), max_length=None)
    return module


# --- Pick: decisions, a step nobody decides, no heuristic agent -------------------------


@attrs.frozen
class PickOptions:
    top: int = option(3, "The highest number a seat may pick (TOY-TOP).",
                      int_converter("top", 1, 9))


@attrs.frozen
class PickState:
    options: PickOptions
    dealt: bool
    picks: tuple[int, ...]
    result: Outcome | None = None


@attrs.frozen
class PickView:
    seat: int
    dealt: bool
    picks: int
    mine: int | None
    result: Outcome | None


def _pick_to_act(state: PickState) -> int | None:
    if state.result is not None or not state.dealt:
        return None
    return len(state.picks)


def _pick_legal(state: PickState) -> tuple[Any, ...]:
    if state.result is not None:
        return ()
    if not state.dealt:
        return ("deal",)
    return tuple(range(1, state.options.top + 1))


def _pick_step(state: PickState, action: object) -> PickState:
    if action not in _pick_legal(state):
        raise IllegalActionError(f"{action!r} is not legal", _pick_legal(state))
    if action == "deal":
        return attrs.evolve(state, dealt=True)
    assert isinstance(action, int)
    picks = (*state.picks, action)
    result = None
    if len(picks) == 2:
        a, b = picks
        result = Outcome(Termination.TARGET_SCORE, () if a == b else ((0,) if a > b else (1,)))
    return attrs.evolve(state, picks=picks, result=result)


def _pick_observe(state: PickState, seat: int) -> PickView:
    mine = state.picks[seat] if seat < len(state.picks) else None
    return PickView(seat, state.dealt, len(state.picks), mine, state.result)


def _pick_parse(text: str) -> Any:
    word = text.strip().lower()
    if word == "deal":
        return "deal"
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"bad action {text!r}: a number or 'deal'") from None


def _make_pick() -> types.ModuleType:
    module = types.ModuleType("toy_pick", "Pick: each seat picks a number; the higher wins.")
    members: dict[str, Any] = {
        "NAME": "pick",
        "ALIASES": (),
        "TITLE": "Pick",
        "RULES_VERSION": 1,
        "MIN_PLAYERS": 2,
        "MAX_PLAYERS": 2,
        "AUTOMATIC": False,
        "Options": PickOptions,
        "options": lambda **kwargs: make_options(PickOptions, kwargs),
        "new_game": lambda seed, options=None, *, deal=None: PickState(
            options if options is not None else PickOptions(), False, ()),
        "legal_actions": _pick_legal,
        "step": _pick_step,
        "to_act": _pick_to_act,
        "outcome": lambda state: state.result,
        "observe": _pick_observe,
        "num_players": lambda state: 2,
        "cards_in_play": lambda state: (),
        "parse_action": _pick_parse,
        **presentation("Pick"),  # field by field, and no heuristic agent
    }
    for name, value in members.items():
        setattr(module, name, value)
    add_listed_codec(module, lambda options: ("deal", *range(1, options.top + 1)))
    return module


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> tuple[Variant, Variant]:
    """Register Countdown and Pick for one test; the registry is restored afterwards."""
    monkeypatch.setattr(registry, "_VARIANTS", dict(registry._VARIANTS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    return registry.register(_make_countdown()), registry.register(_make_pick())


# --- the registry -----------------------------------------------------------------------


def test_registered_variants_are_found_by_name_and_alias(toys: tuple[Variant, Variant]) -> None:
    countdown, pick = toys
    assert registry.variant("Count_Down") is countdown
    assert registry.variant("pick") is pick
    assert registry.variant_names()[-2:] == ("countdown", "pick")


def test_register_refuses_a_module_without_the_protocol(
    toys: tuple[Variant, Variant],
) -> None:
    module = types.ModuleType("half_done")
    module.NAME = "half"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="half_done does not provide the Variant protocol"
                       ) as err:
        registry.register(module)
    # The error names what is missing, and not what is there.
    missing = str(err.value).partition("missing: ")[2].split(", ")
    assert "step" in missing
    assert "render_state" in missing
    assert "heuristic" in missing
    assert "NAME" not in missing
    assert "half" not in registry.variant_names()


def test_register_refuses_a_name_taken_by_another_variant(
    toys: tuple[Variant, Variant],
) -> None:
    impostor = _make_pick()
    impostor.NAME = "impostor"  # type: ignore[attr-defined]
    impostor.ALIASES = ("classic",)  # type: ignore[attr-defined]  # War's alias
    with pytest.raises(ValueError, match="variant name 'classic' is already taken by 'war'"):
        registry.register(impostor)
    assert registry.variant("classic").NAME == "war"
    # Registering the same module again is allowed: its names are its own.
    countdown, _ = toys
    assert registry.register(_make_countdown()).NAME == countdown.NAME


# --- agents, records, rendering ---------------------------------------------------------


def test_a_plugin_game_plays_records_and_replays(toys: tuple[Variant, Variant]) -> None:
    record = agents.play("pick", [agents.FirstAgent(), agents.RandomAgent(4)], seed=1)
    assert record.actions[0] == "deal"  # the step nobody decides plays its one action
    assert record.actions[1] == "1"  # FirstAgent takes the first legal number
    assert record.outcome is not None
    again = records.loads(records.dumps(record))
    assert again == record
    assert records.replay(again).picks == (1, int(record.actions[2]))
    countdown = agents.play("countdown", (), seed=7, options={"length": 4})
    assert countdown.actions == ("tick",) * 4
    assert countdown.outcome == Outcome(Termination.TURN_LIMIT, (1,))


def _countdown_record(**options: int) -> records.Record:
    return records.Record(variant="countdown", rules_version=1,
                          options=CountdownOptions(**options), seed=1, deal=None,
                          actions=(), outcome=None)


def test_a_record_whose_options_cannot_start_a_game_names_the_options(
    toys: tuple[Variant, Variant],
) -> None:
    with pytest.raises(records.RecordError) as err:
        records.replay(_countdown_record(length=9, board=4))
    assert err.value.path == "$.options"
    assert str(err.value) == (
        "$.options: the options cannot start a game: a board of 4 cells cannot hold 9 steps"
    )


@pytest.mark.parametrize("board", [2**62, 2**70], ids=["memory", "overflow"])
def test_a_record_asking_for_a_game_too_large_is_refused(
    board: int, toys: tuple[Variant, Variant]
) -> None:
    with pytest.raises(records.RecordError) as err:
        records.replay(_countdown_record(board=board))
    assert str(err.value) == "$.options: the options ask for a game too large to set up"


def test_heuristic_agents_exist_only_for_variants_that_have_one(
    toys: tuple[Variant, Variant],
) -> None:
    with pytest.raises(ValueError, match="variant 'pick' has no heuristic agent"):
        agents.heuristic("pick")
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        agents.agent("smart", "pick", 1)


# --- the cardwar command ----------------------------------------------------------------


def test_rules_of_a_variant_without_a_docstring(
    toys: tuple[Variant, Variant], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "count-down"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == [
        "Countdown (countdown; also: count-down)",
        "rules version 1; 2 players; automatic (no decisions)",
        "",
        "",  # no summary paragraph: the module has no docstring
        "Options (set with -o NAME=VALUE; the default is shown):",
    ]
    assert lines[5:9] == [
        "  length = 3",
        "      Steps before the game ends (TOY-LENGTH).",
        "  board = 5",
        "      Cells of the board, at least the length (TOY-BOARD).",
    ]


def test_play_shows_an_automatic_game_that_is_not_a_battle_game(
    toys: tuple[Variant, Variant], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "countdown.json"
    assert main(["play", "countdown", "--seed", "5", "-o", "length=2", "--record",
                 str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Countdown, seed 5"  # no "dealt:" line: describe_deal says nothing
    assert lines[1] == "step 1: tick"
    assert lines[2] == "Countdown"  # the generic rendering, field by field
    assert "  left: 1" in lines
    assert "  left: 0" in lines
    assert lines[-2] == "result: won by seat 1 (turn_limit) after 2 steps"
    assert records.read(path).actions == ("tick", "tick")


def test_play_a_game_with_a_step_nobody_decides(
    toys: tuple[Variant, Variant], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = iter(["3"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "pick", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    # No heuristic agent: the opponent is the random agent.
    assert "you are seat 0 (seat 1: RandomAgent)" in out
    assert "Pick, seat 0's view" in out  # the generic rendering of an observation
    assert "  1) 1   2) 2   3) 3" in out
    opponent = agents.RandomAgent(derive_seed(2, 2))
    theirs = opponent.choose(None, (1, 2, 3))
    verdict = "a draw" if theirs == 3 else "you win"
    assert f"{verdict}, after 3 steps" in out


def test_simulate_refuses_a_heuristic_the_variant_lacks(
    toys: tuple[Variant, Variant], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "pick", "-n", "3", "--agents", "heuristic"]) == 2
    assert capsys.readouterr().err == (
        "cardwar: error: variant 'pick' has no heuristic agent\n"
    )


def test_simulate_a_plugin_variant_with_the_step_engine(
    toys: tuple[Variant, Variant], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.json"
    assert main(["simulate", "countdown", "-n", "6", "--seed", "3", "--jobs", "1",
                 "--no-progress", "--json", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("Countdown: 6 games, seed 3; options: defaults; "
                     "engine: reference engine (step)")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert [g["steps"] for g in doc["games"]] == [3] * 6
    assert [g["winners"] for g in doc["games"]] == [[g["seed"] % 2] for g in doc["games"]]


def test_the_generic_rendering_shows_a_plugin_game(toys: tuple[Variant, Variant]) -> None:
    from cardwar.render import render_observation, render_state

    countdown, pick = toys
    state = countdown.new_game(1)
    assert render_state(countdown, state, ascii=True).splitlines() == [
        "Countdown", "  seed: 1", "  left: 3", "  cells: (0, 0, 0, 0, 0)", "  result: None",
    ]
    view = pick.observe(pick.step(pick.new_game(0), "deal"), 1)
    assert render_observation(pick, view).splitlines()[0] == "Pick, seat 1's view"
    assert countdown.cards_in_play(state) == ()
