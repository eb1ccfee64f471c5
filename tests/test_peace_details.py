"""Details of Peace's public functions that the rules tests do not reach: the deck of the
options, errors that name what was wrong, and states that step in a fresh process.

Written from mutation testing (``scripts/mutation.py``): each test kills mutants of
``cardwar.variants.peace`` that survived the rest of the suite.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections import Counter

import attrs
import pytest

from cardwar import peace, war
from cardwar.cards import standard_deck
from cardwar.core import IllegalActionError


def test_deck_defaults_to_the_default_options() -> None:
    assert peace.deck() == peace.deck(peace.options()) == standard_deck()


def test_deck_has_as_many_copies_as_the_option_decks() -> None:
    deck = peace.deck(peace.options(decks=2, ranks="2 3", suits="SH"))
    assert len(deck) == 8
    assert set(Counter(deck).values()) == {2}


def test_an_illegal_action_is_named_in_the_error() -> None:
    state = peace.new_game(1)
    with pytest.raises(IllegalActionError, match=r"^'fold' is not an action of this game"):
        peace.step(state, "fold")  # type: ignore[arg-type]


def test_a_state_with_another_variants_options_is_refused_by_type() -> None:
    state = attrs.evolve(peace.new_game(1), options=war.options())
    with pytest.raises(TypeError, match=r"^options must be peace.Options, got Options$"):
        peace.step(state, peace.Play.PLAY)


def test_a_pickled_state_steps_the_same_in_a_fresh_process() -> None:
    # A fresh interpreter has seen no options yet: stepping must not rely on anything the
    # creating process set up.
    state = peace.new_game(5, peace.options(max_battles=40, pickup_order="seat_order"))
    for _ in range(3):
        state = peace.step(state, peace.Play.PLAY)
    expected = state
    for _ in range(5):
        expected = peace.step(expected, peace.Play.PLAY)
    code = (
        "import pickle, sys\n"
        "from cardwar import peace\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "for _ in range(5):\n"
        "    state = peace.step(state, peace.Play.PLAY)\n"
        "sys.stdout.buffer.write(pickle.dumps(state))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert pickle.loads(done.stdout) == expected
