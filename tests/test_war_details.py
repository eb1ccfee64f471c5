"""Details of War's public functions that the rules tests do not reach: the deck of the
options, errors that name what was wrong, and states that step in a fresh process.

Written from mutation testing (``scripts/mutation.py``): each test kills mutants of
``cardwar.variants.war`` that survived the rest of the suite.
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
    assert war.deck() == war.deck(war.options()) == standard_deck()


def test_deck_has_as_many_copies_as_the_option_decks() -> None:
    deck = war.deck(war.options(decks=2, ranks="2 3", suits="SH"))
    assert len(deck) == 8
    assert set(Counter(deck).values()) == {2}


def test_an_illegal_action_is_named_in_the_error() -> None:
    state = war.new_game(1)
    with pytest.raises(IllegalActionError, match=r"^'fold' is not an action of this game"):
        war.step(state, "fold")  # type: ignore[arg-type]


def test_a_state_with_another_variants_options_is_refused_by_type() -> None:
    state = attrs.evolve(war.new_game(1), options=peace.options())
    with pytest.raises(TypeError, match=r"^options must be war.Options, got Options$"):
        war.step(state, war.Play.PLAY)


def test_a_pickled_state_plays_the_same_in_a_fresh_process() -> None:
    # A fresh interpreter has seen no options yet: stepping must not rely on anything the
    # creating process set up. Every rule option is away from its default, and the game
    # runs to its end (a battle limit).
    opts = war.options(players=3, pickup_order="seat_order", repeated_tie="single_card",
                       out_of_cards="lose", war_joins="tied", face_down=1, max_battles=60)
    state = war.new_game(11, opts)
    for _ in range(3):
        state = war.step(state, war.Play.PLAY)
    expected = state
    while war.outcome(expected) is None:
        expected = war.step(expected, war.Play.PLAY)
    code = (
        "import pickle, sys\n"
        "from cardwar import war\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "while war.outcome(state) is None:\n"
        "    state = war.step(state, war.Play.PLAY)\n"
        "sys.stdout.buffer.write(pickle.dumps(state))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert pickle.loads(done.stdout) == expected
