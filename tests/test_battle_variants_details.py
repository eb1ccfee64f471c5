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
from cardwar.cards import parse_cards, standard_deck
from cardwar.core import IllegalActionError
from cardwar.errors import OptionsTypeError, StateError
from cardwar.rng import GAMMA, MASK64, Rng, mix64
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
    with pytest.raises(ValueError, match=r"^seat must be an int in") as err:
        game.observe(state, seat)
    assert str(err.value) == f"seat must be an int in [0, {players - 1}], got {seat}"


@pytest.mark.parametrize(("game", "other"), PAIRS)
def test_a_state_with_another_variants_options_is_refused_by_type(
    game: Any, other: ModuleType
) -> None:
    # War's and Peace's states share a class; the options say whose game a state is.
    state = attrs.evolve(game.new_game(1), options=other.options())
    with pytest.raises(StateError) as err:
        game.step(state, game.Play.PLAY)
    assert str(err.value) == f"expected a state of {game.TITLE}, got one of {other.NAME}"
    assert isinstance(err.value, TypeError)
    with pytest.raises(OptionsTypeError, match=rf"^options must be {game.NAME}.Options, got "
                       "Options$"):
        game.new_game(1, other.options())


@pytest.mark.parametrize(("game", "other"), PAIRS)
@pytest.mark.parametrize("function", ["legal_actions", "to_act", "outcome", "observe",
                                      "cards_in_play"])
def test_every_query_refuses_the_other_games_state_as_step_does(
    game: Any, other: ModuleType, function: str
) -> None:
    """Every function of a state refuses a state of the other game (same class, other
    options) with the same error as ``step``, also once that game has ended."""
    ended = other.step(other.new_game(1, other.options(ranks="2 3", suits="S")),
                       other.Play.PLAY)
    assert other.outcome(ended) is not None
    for state in (other.new_game(1), ended):
        call = getattr(game, function)
        with pytest.raises(StateError) as err:
            call(state, 0) if function == "observe" else call(state)
        assert str(err.value) == f"expected a state of {game.TITLE}, got one of {other.NAME}"


@pytest.mark.parametrize("game", VARIANTS)
def test_a_battle_state_whose_options_are_no_games_is_refused_by_their_type(
        game: Any) -> None:
    state = attrs.evolve(game.new_game(1), options=None)
    for call in (game.step, game.legal_actions, game.outcome):
        with pytest.raises(StateError) as err:
            call(state, game.Play.PLAY) if call is game.step else call(state)
        assert str(err.value) == (f"expected a state of {game.TITLE}, got one whose "
                                  "options are NoneType")


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


def _unxorshift(y: int, k: int) -> int:
    """Invert ``x ^ (x >> k)`` on 64-bit words."""
    x = y
    for _ in range(64 // k):
        x = y ^ (x >> k)
    return x


def _unmix64(word: int) -> int:
    """Return the input that SplitMix64's finaliser (``cardwar.rng.mix64``) maps to ``word``."""
    mod = 1 << 64
    z = _unxorshift(word, 31)
    z = z * pow(0x94D049BB133111EB, -1, mod) % mod
    z = _unxorshift(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, mod) % mod
    return _unxorshift(z, 30)


@pytest.mark.rule("WAR-PICKUP-SHUFFLED")
def test_a_shuffled_war_table_is_shuffled_exactly_as_the_generator_says() -> None:
    # The two-player war path shuffles the table with its own inlined copy of the
    # generator. A generator state whose draw for the 3-card step of Fisher-Yates lies
    # just under the boundary 2**64 / 3 of the multiply-shift (found by inverting the
    # finaliser) shows any deviation in the low bits of that copy, which ordinary draws
    # hide (kills _battle._duel_war mutmut_153).
    word = 6148914690329090924
    assert (word * 3) >> 64 == 0
    assert ((word + (1 << 30)) * 3) >> 64 == 1
    key = (_unmix64(word) - 2 * GAMMA) & MASK64  # the second draw of the shuffle
    assert mix64((key + 2 * GAMMA) & MASK64) == word
    opts = war.options(
        face_down=0, pickup_order="shuffled", out_of_cards="last_card_stands",
        ranks="3 5 7", suits="SH",
    )
    state = war.new_game(0, opts, deal=["5S 7S 3S", "5H 3H 7H"])
    state = attrs.evolve(state, rng=Rng(key, 0))
    after = war.step(state, war.Play.PLAY)  # 5S ties 5H, then 7S beats 3H
    # The table, seat by seat, shuffled by the state's generator, goes under seat 0's
    # stock.
    table, rng = Rng(key, 0).shuffle(parse_cards("5S 7S 5H 3H"))
    assert after.rng == rng
    assert after.stocks[0] == (*parse_cards("3S"), *table)


@pytest.mark.parametrize("game", [war, peace], ids=["war", "peace"])
@pytest.mark.parametrize(("given", "kind"), [("x", "str"), (None, "NoneType")])
def test_step_refuses_what_is_not_a_state_naming_the_game_and_the_type(
    game: Any, given: object, kind: str
) -> None:
    # Exact message: the game's title and the type given (kills step mutants that pass
    # another value or no title to check_state).
    with pytest.raises(StateError) as err:
        game.step(given, game.Play.PLAY)
    assert str(err.value) == (f"expected a state of {game.TITLE} "
                              f"(cardwar.variants._battle.BattleState), got {kind}")


def test_skip_cycles_skips_every_whole_cycle_that_ends_no_game() -> None:
    # WAR-CYCLE: as many whole cycles pass as leave every seat short of the goal and the
    # game short of its limit, so the game ends within the one cycle then played out.
    from cardwar.variants._battle import skip_cycles

    then, now = (10, 2, (1, 1)), (16, 4, (2, 2))  # a cycle of 6 battles, 2 wars, 1 won each
    assert skip_cycles(then, now, 10**6, None) == (5999998, 1999998, (999999, 999999))
    # Seat 0 wins 2 wars a cycle: 4 more cycles leave it at 10, one short of 11.
    assert skip_cycles((0, 0, (0, 0)), (5, 2, (2, 0)), 11, None) == (25, 10, (10, 0))
    # A limit of 100 battles: 13 cycles reach battle 94, a 14th would pass the limit.
    assert skip_cycles(then, now, 10**6, 100) == (94, 30, (15, 15))
    # A limit of 95: the same 13 cycles end at battle 94, one short of it.
    assert skip_cycles(then, now, 10**6, 95) == (94, 30, (15, 15))
    # Nothing to skip when the next cycle already reaches the goal or the limit.
    assert skip_cycles(then, now, 3, None) == now
    assert skip_cycles(then, now, 10**6, 17) == now
