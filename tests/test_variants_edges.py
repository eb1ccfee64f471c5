"""The variants' API used wrongly, as a library user might: another variant's options,
an action that is not one, a step after the end, notation that is not text, a caravan
that does not exist; small public helpers (``caravan.Pile``'s repr, Cold War's
``bomb_points`` on ranks outside the deck); and Cold War's trick limit reached by the
trick that ends a deal; the rules modules' own query functions (General's War's too)
given what is not a state, and Caravan's notation of a long position. Every misuse must
raise the documented error with a message that says what is wrong. (General's War is
otherwise left to its own tests.)
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import agents, arneson, caravan, cold_war, generals, peace, records, war
from cardwar.cards import STANDARD_RANKS, parse_card, parse_cards
from cardwar.core import GameOverError, IllegalActionError, NotationError, Outcome, Termination
from cardwar.errors import StateError
from cardwar.variants import _battle

VARIANTS: list[Any] = [war, peace, arneson, caravan, cold_war]


@pytest.mark.parametrize("module", VARIANTS, ids=lambda m: m.NAME)
def test_another_variants_options_are_refused_by_name(module: Any) -> None:
    other = peace if module is war else war
    with pytest.raises(TypeError) as err:
        module.new_game(1, other.Options())
    expected = module.__name__.rsplit(".", 1)[1]
    assert str(err.value) == f"options must be {expected}.Options, got Options"


@pytest.mark.parametrize("module", [war, peace], ids=lambda m: m.NAME)
def test_battle_games_refuse_anything_but_play(module: Any) -> None:
    state = module.new_game(4)
    with pytest.raises(IllegalActionError) as err:
        module.step(state, "play")  # the notation, not the action
    assert str(err.value) == (
        "'play' is not an action of this game; every step plays one battle; "
        "legal actions: play"
    )
    assert module.step(state, module.Play.PLAY).battles == 1
    # The check itself lets the one legal action through (it raises for anything else).
    _battle.check_action(state, module.Play.PLAY)


@pytest.mark.parametrize("module", [war, peace], ids=lambda m: m.NAME)
def test_battle_games_refuse_a_step_after_the_end(module: Any) -> None:
    state = module.new_game(4, module.options(max_battles=1))
    state = module.step(state, module.Play.PLAY)
    assert module.outcome(state) is not None
    with pytest.raises(GameOverError, match=r"^the game is over \(draw \(battle_limit\)\)"):
        module.step(state, module.Play.PLAY)


@pytest.mark.parametrize("text", [None, 7, b"QS"])
def test_notation_must_be_text(text: Any) -> None:
    with pytest.raises(NotationError) as err:
        caravan.parse_action(text)
    assert str(err.value) == f"action notation must be a str, got {type(text).__name__}"
    with pytest.raises(NotationError) as err:
        cold_war.parse_action(text)
    assert str(err.value) == f"bad action {text!r}: expected a str"


def test_a_card_played_on_a_caravan_that_does_not_exist_is_illegal() -> None:
    state = caravan.new_game(3)
    card = next(a.card for a in caravan.legal_actions(state) if isinstance(a, caravan.Play))
    for where in (6, -1):
        with pytest.raises(IllegalActionError) as err:
            caravan.step(state, caravan.Play(card, where))
        assert f"there is no caravan {where}" in str(err.value)


def test_a_caravan_pile_shows_its_notation() -> None:
    pile = caravan.Pile(parse_card("10H"), (parse_card("KS"), parse_card("JK")))
    assert repr(pile) == "Pile('10H+KS+JK')"
    assert str(pile) == "10H+KS+JK"
    assert pile.value == 20  # one King doubles the ten


@pytest.mark.parametrize(
    ("hand", "with_low_ranks"),
    [("2S 3S 4S", 100), ("JK 2S 3S", 20), ("9S 10S 2S", 0)],
)
def test_bombs_need_ranks_of_the_deck(hand: str, with_low_ranks: int) -> None:
    # A run of ranks that the (short, 9 to Ace) deck does not hold scores no bomb points;
    # with the low ranks in the deck, the same cards score as a bomb when they run.
    cards = parse_cards(hand)
    assert cold_war.bomb_points(cards) == 0
    full = list(STANDARD_RANKS)
    assert cold_war.bomb_points(cards, full) == with_low_ranks


def test_a_trick_limit_reached_by_the_trick_that_ends_a_deal_scores_the_deal_first() -> None:
    # Seed 32 with four first-choice players: the deal ends on trick 4 (a player runs
    # out, COLDWAR-END-DEAL), the limit. The deal is scored, then the limit makes the game
    # a draw with those totals (COLDWAR-LIMIT).
    options = {"players": 4, "max_tricks": 4, "target": 10_000}
    record = agents.play("cold-war", [agents.FirstAgent()] * 4, 32, options)
    state = records.replay(record)
    assert state.tricks == 4
    assert state.last_deal is not None
    assert state.deals == 1
    assert sum(state.totals) > 0
    assert record.outcome == Outcome(Termination.BATTLE_LIMIT, (), state.totals)


RULES_MODULES = [
    pytest.param(_battle.rules, "the War family", "cardwar.variants._battle.BattleState",
                 id="battle"),
    pytest.param(arneson.rules, "Arneson's War", "cardwar.variants.arneson.State",
                 id="arneson"),
    pytest.param(cold_war.rules, "Cold War (Zimna Wojna)", "cardwar.variants.cold_war.State",
                 id="cold-war"),
    pytest.param(generals.rules, "General's War", "cardwar.variants.generals.State",
                 id="generals"),
    pytest.param(caravan.rules, "Caravan", "cardwar.variants.caravan.State", id="caravan"),
]


@pytest.mark.parametrize(("rules", "title", "cls"), RULES_MODULES)
@pytest.mark.parametrize("function", ["to_act", "outcome", "num_players", "cards_in_play"])
def test_the_rules_modules_name_their_game_and_what_they_got_instead_of_a_state(
    rules: Any, title: str, cls: str, function: str
) -> None:
    """The rules modules' own query functions (which the engines call; the variants'
    num_players is their codec's) refuse a value that is not their state with a message
    naming the game, its state class and the type given."""
    with pytest.raises(StateError) as err:
        getattr(rules, function)("a state")
    assert str(err.value) == f"expected a state of {title} ({cls}), got str"


@pytest.mark.parametrize(("rules", "title", "cls"), RULES_MODULES[1:])  # _battle.rules has no step
def test_the_rules_modules_step_names_their_game_and_what_it_got_instead_of_a_state(
    rules: Any, title: str, cls: str
) -> None:
    """``step`` refuses a value that is not its state before it looks at the action, with
    the same message (War's and Peace's steps are their variants', tested with them)."""
    with pytest.raises(StateError) as err:
        rules.step("a state", None)
    assert str(err.value) == f"expected a state of {title} ({cls}), got str"


def test_a_caravan_position_of_four_digits_is_read_and_five_are_refused_shortened() -> None:
    """A face card's position on a caravan takes up to four digits; a longer one is
    refused before it is read, the message quoting the first 40 characters of the text."""
    assert caravan.parse_action("QS>E1000") == caravan.Play(parse_card("QS"), 4, 999)
    text = "QS>E" + "1" * 50
    with pytest.raises(NotationError) as err:
        caravan.parse_action(text)
    assert str(err.value) == (
        f"bad action {text[:40]!r}...: the card's position on the caravan has 50 digits; "
        "at most 4"
    )
