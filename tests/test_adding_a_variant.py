"""The recipe of ``docs/development.md`` ("Adding a variant"), followed for a throwaway game.

*High card* is a two-card game: each of two players is dealt one card of a two-card deck
face down; the one step reveals both, and the higher card takes the other. Its package is
built here the way a game's folder is (``rules``, ``notation``, ``view``, ``agents``, and
a package that re-exports them) and registered only for the duration of each test; the test
support the conformance suite asks for is added the same way. Every test of the
conformance suite (``tests/test_conformance.py``) then runs on it, and so do the shared
modules (rendering, agents, records, the ``cardwar`` command), without any shared module
of cardwar edited.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import random
import re
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import attrs
import pytest
from hypothesis import strategies as st

import cardwar
from cardwar import agents, records, render
from cardwar import variants as registry
from cardwar.cards import Card, DealError, Rank, Suit, check_deal, parse_cards, reduced_deck
from cardwar.cli import main
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    Termination,
    Variant,
    make_options,
    ranks_option,
)
from cardwar.encoding import ListedCodec
from cardwar.errors import ArgumentError
from cardwar.render import format_card, indent_block
from cardwar.rng import Rng
from tests import strategies
from tests import test_conformance as conformance

# --- rules.py -------------------------------------------------------------------------------

NAME = "high-card"
ALIASES: tuple[str, ...] = ("highcard",)
TITLE = "High card"
RULES_VERSION = 1
MIN_PLAYERS = 2
MAX_PLAYERS: int | None = 2
STEP_NAME = "reveal"
AUTOMATIC = True
SIMULTANEOUS = True  # it plays itself
REVEAL = "reveal"


@attrs.frozen(slots=True)
class Options:
    """The options of High card."""

    ranks: tuple[Rank, ...] = ranks_option((Rank.TWO, Rank.THREE),
                                           "The two ranks of the deck (HIGH-DECK).")

    def __attrs_post_init__(self) -> None:
        if len(self.ranks) != 2:
            raise OptionError("ranks", f"needs exactly two ranks, got {len(self.ranks)}")


def options(**kwargs: Any) -> Options:
    return make_options(Options, kwargs)


@attrs.frozen(slots=True)
class State:
    options: Options
    rng: Rng
    cards: tuple[Card, Card]
    """Seat 0's card and seat 1's, face down until the reveal."""
    result: Outcome | None = None


def deck(opts: Options) -> tuple[Card, ...]:
    return reduced_deck(opts.ranks, (Suit.SPADES,))


def new_game(seed: int, options: Options | None = None, *,
             deal: Sequence[Sequence[Card | str] | str] | None = None) -> State:
    opts = options if options is not None else Options()
    rng = Rng.from_seed(seed)
    if deal is None:
        cards, rng = rng.shuffle(deck(opts))
    else:
        if isinstance(deal, str) or len(deal) != 2:
            raise DealError("a deal of High card is one card per seat")
        cards = tuple(c for pile in deal for c in parse_cards(pile))
        check_deal((cards,), deck(opts))
    return State(opts, rng, (cards[0], cards[1]))


def legal_actions(state: State) -> tuple[str, ...]:
    return () if state.result is not None else (REVEAL,)


def step(state: State, action: str) -> State:
    if state.result is not None:
        raise GameOverError(f"the game is over ({state.result})")
    if action != REVEAL:
        raise IllegalActionError(f"{action!r} is not an action of High card", (REVEAL,))
    # HIGH-WIN: the higher card takes the other.
    winner = 0 if int(state.cards[0].rank) > int(state.cards[1].rank) else 1
    return attrs.evolve(state, result=Outcome(Termination.ALL_CARDS, (winner,)))


def to_act(state: State) -> int | None:
    return None


def outcome(state: State) -> Outcome | None:
    return state.result


def num_players(state: State) -> int:
    return 2


def cards_in_play(state: State) -> tuple[Card, ...]:
    return state.cards


# --- notation.py ----------------------------------------------------------------------------


def parse_action(text: str) -> str:
    if isinstance(text, str) and text.strip().lower() == REVEAL:
        return REVEAL
    raise NotationError(f"bad action {text!r}: the only action is 'reveal'")


# --- view.py --------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Observation:
    seat: int
    card: Card
    """The seat's own card."""
    other: Card | None
    """The other seat's card, once revealed."""
    result: Outcome | None


def observe(state: State, seat: int) -> Observation:
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    other = state.cards[1 - seat] if state.result is not None else None
    return Observation(seat, state.cards[seat], other, state.result)


def render_state(state: State, *, ascii: bool = False) -> str:
    lines = [TITLE, *(f"seat {s}: {format_card(c, ascii=ascii)}"
                      for s, c in enumerate(state.cards))]
    return indent_block([*lines, *([f"result: {state.result}"] if state.result else [])])


def render_observation(obs: Observation, *, ascii: bool = False) -> str:
    return indent_block([f"{TITLE}, seat {obs.seat}'s view",
                         f"your card: {format_card(obs.card, ascii=ascii)}",
                         f"the other card: {format_card(obs.other, ascii=ascii)}"])


def describe_deal(state: State, *, ascii: bool = False) -> str:
    return "dealt: 1 | 1 cards"


def describe_step(before: State, action: str, after: State, *, ascii: bool = False) -> str:
    shown = ", ".join(f"seat {s} {format_card(c, ascii=ascii)}" for s, c in enumerate(after.cards))
    return f"reveal: {shown} -> {after.result}"


# --- agents.py ------------------------------------------------------------------------------


def heuristic(seed: int) -> None:
    return None  # an automatic game has no decisions


# --- encoding.py ----------------------------------------------------------------------------
# The integer interface comes from the list of all the game's actions (one: the reveal),
# once the package exists (see _package); one reveal ends every game.

ALL_ACTIONS = (REVEAL,)


# --- the package, the registry line and the test support --------------------------------------


def _package() -> types.ModuleType:
    """Return the game as its package would be: a module holding every protocol member."""
    package = types.ModuleType("high_card", "High card: the higher of two cards wins.")
    names = [
        "NAME", "ALIASES", "TITLE", "RULES_VERSION", "MIN_PLAYERS", "MAX_PLAYERS", "STEP_NAME",
        "AUTOMATIC", "SIMULTANEOUS", "Options", "options", "new_game", "legal_actions", "step",
        "to_act",
        "outcome", "num_players", "cards_in_play", "parse_action", "observe", "render_state",
        "render_observation", "describe_deal", "describe_step", "heuristic", "State",
        "Observation",
    ]
    here = sys.modules[__name__]
    for name in names:
        setattr(package, name, getattr(here, name))
    codec = ListedCodec(package, lambda options: ALL_ACTIONS, max_length=1)
    for name, member in codec.members().items():
        setattr(package, name, member)
    return package


def _resample_hidden(state: State, seat: int, rnd: random.Random) -> State:
    # What no seat sees: the generator after the deal. The cards are each seat's own, and a
    # two-card deck leaves nothing else to move.
    return attrs.evolve(state, rng=Rng.from_seed(rnd.randrange(2**63)))


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Variant:
    """Register High card and its conformance support for one test; restore both after."""
    monkeypatch.setattr(registry, "_VARIANTS", dict(registry._VARIANTS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    game = registry.register(_package())  # the registry line
    pairs = st.sampled_from([(a, b) for a, b in itertools.combinations(list(Rank)[:13], 2)])
    monkeypatch.setitem(strategies.OPTION_STRATEGIES, NAME,
                        lambda: pairs.map(lambda r: options(ranks=r)))
    monkeypatch.setitem(strategies.HIDDEN_RESAMPLERS, NAME, _resample_hidden)
    monkeypatch.setitem(strategies.STEP_BOUNDS, NAME, 1)  # one reveal ends every game
    return game


def _conformance_checks() -> list[tuple[str, Callable[..., None], dict[str, Any]]]:
    """Return every test of the conformance suite that takes a variant, with each set of
    its other parameters (from its own ``parametrize`` marks)."""
    checks = []
    for name, test in vars(conformance).items():
        if not name.startswith("test_") or "variant" not in inspect.signature(test).parameters:
            continue
        combos: list[dict[str, Any]] = [{}]
        for mark in getattr(test, "pytestmark", []):
            if mark.name != "parametrize" or mark.args[0] == "variant":
                continue
            argnames = [a.strip() for a in mark.args[0].split(",")]
            combos = [{**c, **dict(zip(argnames, v if len(argnames) > 1 else (v,),
                                       strict=True))}
                      for c in combos for v in mark.args[1]]
        checks += [(name, test, c) for c in combos]
    return checks


def test_the_conformance_suite_has_checks_to_run() -> None:
    names = {name for name, _, _ in _conformance_checks()}
    assert {"test_game_invariants", "test_observation_hides_what_a_seat_may_not_see",
            "test_bad_seeds_are_refused"} <= names
    assert len(names) >= 9


def test_a_new_variant_passes_the_conformance_suite(high_card: Variant) -> None:
    ran = []
    for name, check, params in _conformance_checks():
        check(variant=high_card, **params)
        ran.append(name)
    assert len(ran) == len(_conformance_checks())


def test_a_new_variant_plays_renders_records_and_replays(
    high_card: Variant, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = high_card.new_game(0, deal=["3S", "2S"])
    assert render.render_state(high_card, state, ascii=True).splitlines()[1:] == ["  seat 0: 3S",
                                                                          "  seat 1: 2S"]
    view = high_card.observe(state, 1)
    assert "the other card: --" in render.render_observation(high_card, view)
    record = agents.play("highcard", (), seed=11)
    assert records.replay(record) is not None
    assert not agents.has_heuristic(high_card)
    path = tmp_path / "game.json"
    assert main(["play", "high-card", "--seed", "4", "--record", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["High card, seed 4", "dealt: 1 | 1 cards"]
    assert out[2].startswith("reveal: seat 0 ")
    assert out[3].startswith("result: won by seat ")
    assert out[3].endswith(" after 1 reveal")
    assert main(["replay", str(path)]) == 0


# --- the shared modules name no game ---------------------------------------------------------

#: The modules that serve every game: every module of the package outside
#: ``variants/``, and the registry. Left out: ``cardwar/__init__.py``, which re-exports the
#: built-in games as ``cardwar.war`` and so on, and the registry's ``_register_builtins``,
#: the registry lines.
_ROOT = Path(cardwar.__file__).parent
SHARED = (
    *sorted(path.relative_to(_ROOT).as_posix() for path in _ROOT.rglob("*.py")
            if path.relative_to(_ROOT).parts[0] != "variants" and path != _ROOT / "__init__.py"),
    "variants/__init__.py",
)


def _code_strings_and_imports(tree: ast.Module) -> Iterator[str]:
    """Yield every string constant that is not a docstring, and every imported name."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    for node in ast.walk(tree):
        # The registry lines, and mutmut's copies of them (x__register_builtins__mutmut_1).
        if isinstance(node, ast.FunctionDef) and "_register_builtins" in node.name:
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.value
        elif isinstance(node, ast.ImportFrom):
            yield from (f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)


@pytest.mark.parametrize("path", SHARED)
def test_no_shared_module_names_a_game(path: str) -> None:
    source = Path(cardwar.__file__).parent / path
    tree = ast.parse(source.read_text(encoding="utf-8"))
    games = list(registry.all_variants())
    names = {n for v in games for n in (v.NAME, *v.ALIASES)}
    modules = {v.__name__ for v in games if isinstance(v, types.ModuleType)}
    for text in _code_strings_and_imports(tree):
        assert text not in names, f"{path} names the game {text!r}"
        assert not any(text == m or text.startswith(m + ".") for m in modules), (
            f"{path} imports {text}")
        assert not re.fullmatch(r"cardwar\.variants\.(\w+)", text) or text.endswith(
            ("UnknownVariantError", "all_variants", "variant", "variant_names", "register")
        ), f"{path} imports {text}"


def test_a_variant_without_a_picture_is_drawn_as_its_text(high_card: Variant) -> None:
    from cardwar.svg import svg

    state = high_card.new_game(3)
    drawn = svg(state)
    text = high_card.render_state(state, ascii=True).splitlines()
    assert drawn.startswith("<svg")
    for line in text:
        assert escape(line) in drawn
    assert escape(high_card.render_observation(high_card.observe(state, 1),
                                               ascii=True).splitlines()[0]) in svg(
        high_card.observe(state, 1))


def test_a_variant_without_shapes_has_no_shaped_reward(high_card: Variant) -> None:
    from cardwar import rewards

    assert rewards.shapes(high_card) == ()
    with pytest.raises(ArgumentError, match="has no shaped reward"):
        rewards.Shaping(high_card, "cards")
