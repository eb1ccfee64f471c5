"""Details of War's and Peace's public functions that the rules tests do not reach: the
deck of the options, errors that name what was wrong, and states that step in a fresh
process.

Written from mutation testing (``scripts/mutation.py``): each test kills mutants of
``cardwar.variants.war`` or ``cardwar.variants.peace`` that survived the rest of the
suite. The two variants share their engine (``_battle``), so each test runs on both.
"""

from __future__ import annotations

import pickle
from collections import Counter
from types import ModuleType
from typing import Any

import attrs
import pytest

from cardwar import peace, war
from cardwar.cards import standard_deck
from cardwar.core import IllegalActionError
from tests.support_process import run_bytes

#: Each variant, and the other one, whose options it must refuse.
PAIRS = [pytest.param(war, peace, id="war"), pytest.param(peace, war, id="peace")]
VARIANTS = [pytest.param(war, id="war"), pytest.param(peace, id="peace")]


@pytest.mark.parametrize("game", VARIANTS)
def test_deck_defaults_to_the_default_options(game: Any) -> None:
    assert game.deck() == game.deck(game.options()) == standard_deck()


@pytest.mark.parametrize("game", VARIANTS)
def test_deck_has_as_many_copies_as_the_option_decks(game: Any) -> None:
    deck = game.deck(game.options(decks=2, ranks="2 3", suits="SH"))
    assert len(deck) == 8
    assert set(Counter(deck).values()) == {2}


@pytest.mark.parametrize("game", VARIANTS)
def test_an_illegal_action_is_named_in_the_error(game: Any) -> None:
    state = game.new_game(1)
    with pytest.raises(IllegalActionError, match=r"^'fold' is not an action of this game"):
        game.step(state, "fold")


@pytest.mark.parametrize("game", VARIANTS)
@pytest.mark.parametrize(("players", "seat"), [(2, 2), (3, 3), (4, -1), (3, 7)])
def test_observe_refuses_a_seat_outside_the_table_naming_the_range(
    game: Any, players: int, seat: int
) -> None:
    # The error gives the seats that exist, 0 to players - 1 (kills _battle.observe
    # mutmut_6 and _7).
    state = game.new_game(3, game.options(players=players))
    with pytest.raises(ValueError, match=r"^seat must be in") as err:
        game.observe(state, seat)
    assert str(err.value) == f"seat must be in [0, {players - 1}], got {seat}"


@pytest.mark.parametrize(("game", "other"), PAIRS)
def test_a_state_with_another_variants_options_is_refused_by_type(
    game: Any, other: ModuleType
) -> None:
    state = attrs.evolve(game.new_game(1), options=other.options())
    name = game.NAME
    with pytest.raises(TypeError, match=rf"^options must be {name}.Options, got Options$"):
        game.step(state, game.Play.PLAY)


def _play_in_a_fresh_process(name: str, state: Any, steps: int | None) -> Any:
    """Return ``state`` after ``steps`` more battles (or to the end) in a new interpreter."""
    loop = "while game.outcome(state) is None:" if steps is None else f"for _ in range({steps}):"
    code = (
        "import pickle, sys\n"
        "import cardwar\n"
        f"game = cardwar.variant({name!r})\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        f"{loop}\n"
        "    state = game.step(state, game.Play.PLAY)\n"
        "sys.stdout.buffer.write(pickle.dumps(state))\n"
    )
    return pickle.loads(run_bytes(code, pickle.dumps(state)))


def test_a_pickled_peace_state_steps_the_same_in_a_fresh_process() -> None:
    # A fresh interpreter has seen no options yet: stepping must not rely on anything the
    # creating process set up.
    state = peace.new_game(5, peace.options(max_battles=40, pickup_order="seat_order"))
    for _ in range(3):
        state = peace.step(state, peace.Play.PLAY)
    expected = state
    for _ in range(5):
        expected = peace.step(expected, peace.Play.PLAY)
    assert _play_in_a_fresh_process("peace", state, 5) == expected


def test_a_pickled_war_state_plays_the_same_in_a_fresh_process() -> None:
    # Every rule option is away from its default, and the game runs to its end (a battle
    # limit).
    opts = war.options(players=3, pickup_order="seat_order", repeated_tie="single_card",
                       out_of_cards="lose", war_joins="tied", face_down=1, max_battles=60)
    state = war.new_game(11, opts)
    for _ in range(3):
        state = war.step(state, war.Play.PLAY)
    expected = state
    while war.outcome(expected) is None:
        expected = war.step(expected, war.Play.PLAY)
    assert _play_in_a_fresh_process("war", state, None) == expected
