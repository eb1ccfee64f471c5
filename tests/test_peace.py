"""Scenario tests of Peace, each naming the rule of ``docs/rules/peace.md`` it checks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import peace, war
from cardwar.cards import DealError, standard_deck
from cardwar.core import OptionError, Outcome, Termination
from tests.strategies import seeds

PLAY = peace.Play.PLAY


def game(deal: list[str], ranks: str, suits: str, seed: int = 0, **opts: object) -> peace.State:
    """Return a game set up from an explicit deal on the deck ``ranks`` x ``suits``; the
    seed drives the shuffled pickups."""
    options = peace.options(players=len(deal), ranks=ranks, suits=suits, **opts)
    return peace.new_game(seed, options, deal=deal)


def run(state: peace.State, battles: int | None = None) -> peace.State:
    n = 0
    while peace.outcome(state) is None and (battles is None or n < battles):
        state = peace.step(state, PLAY)
        n += 1
    return state


def stocks(state: peace.State) -> list[str]:
    return [" ".join(str(c) for c in s) for s in state.stocks]


SEVEN = "2 3 4 5 6 7 8"


@pytest.mark.rule("PEACE-DECK")
def test_deck() -> None:
    assert Counter(peace.cards_in_play(peace.new_game(1))) == Counter(standard_deck())
    small = peace.options(ranks="2 3 4", suits="SH")
    assert len(peace.deck(small)) == 6


@pytest.mark.rule("PEACE-PLAYERS")
def test_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert peace.new_game(0, peace.options(players=players)).players == players
    for players in (1, 5):
        with pytest.raises(OptionError, match="'players'"):
            peace.options(players=players)


@pytest.mark.rule("PEACE-DEAL")
def test_deal_as_in_war() -> None:
    assert [len(s) for s in peace.new_game(4).stocks] == [26, 26]
    three = peace.new_game(4, peace.options(players=3))
    assert ([len(s) for s in three.stocks], len(three.set_aside)) == ([17, 17, 17], 1)
    assert [len(s) for s in peace.new_game(4, peace.options(players=4)).stocks] == [13] * 4
    # The deal is War's: the same seed deals the same stocks.
    assert peace.new_game(9).stocks == war.new_game(9).stocks
    with pytest.raises(DealError, match="missing"):
        game(["2S", "3S"], "2 3", "S H")


@pytest.mark.rule("PEACE-BATTLE")
def test_lowest_card_takes_the_battle() -> None:
    after = peace.step(game(["2S AS", "AH 2H"], "2 A", "SH", pickup_order="seat_order"), PLAY)
    assert after.last is not None
    assert after.last.winner == 0
    assert stocks(after) == ["AS 2S AH", "2H"]


@pytest.mark.rule("PEACE-TIE")
def test_only_a_tie_for_lowest_starts_a_peace() -> None:
    # 2 is lowest and alone; the tie between the two 5s does not matter.
    after = peace.step(game(["2S 3S", "5H 3H", "5S 2H"], "2 3 5", "SH"), PLAY)
    assert after.last is not None
    assert (after.last.wars, after.last.winner, after.last.cards) == (0, 0, 3)


@pytest.mark.rule("PEACE-TIE", "PEACE-FACE-DOWN", "PEACE-STEP")
def test_a_two_player_peace_puts_fourteen_cards_on_the_table() -> None:
    state = game(["2S 3S 4S 5S 6S 7S 8S", "2H 3H 4H 5H 6H 8H 7H"], SEVEN, "SH")
    after = peace.step(state, PLAY)
    assert after.battles == 1
    assert after.last is not None
    assert (after.last.cards, after.last.wars, after.last.winner) == (14, 1, 1)
    assert [t.face_down for t in after.last.rounds[1]] == [5, 5]
    assert peace.outcome(after) == Outcome(Termination.ALL_CARDS, (1,))


@pytest.mark.rule("PEACE-FACE-DOWN", "PEACE-JOINS")
def test_everyone_makes_peace_with_three_and_four_players() -> None:
    three = ["2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 8H 7H", "3S 2S 4S 5S 6S 7S 8S"]
    after = peace.step(game(three, SEVEN, "CHS"), PLAY)
    assert after.last is not None
    assert (after.last.cards, after.last.winner) == (21, 1)
    four = [*three, "3D 2D 4D 5D 6D 7D 8D"]
    after = peace.step(game(four, SEVEN, "CDHS"), PLAY)
    assert after.last is not None
    assert (after.last.cards, after.last.winner) == (28, 1)


@pytest.mark.rule("PEACE-JOINS")
def test_only_the_tied_make_peace_under_the_option() -> None:
    three = ["2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 8H 7H", "3S 2S 4S 5S 6S 7S 8S"]
    after = peace.step(game(three, SEVEN, "CHS", peace_joins="tied"), PLAY)
    assert after.last is not None
    assert [t.seat for t in after.last.rounds[1]] == [0, 1]
    assert (after.last.cards, after.last.winner) == (15, 1)
    assert [len(s) for s in after.stocks] == [0, 15, 6]


@pytest.mark.rule("PEACE-FACE-DOWN")
def test_the_face_down_setting_does_not_apply() -> None:
    with pytest.raises(OptionError, match="P-E-A-C-E") as err:
        peace.options(face_down=1)
    assert err.value.option == "face_down"
    for name in ("wars_to_win", "out_of_cards", "repeated_tie", "war_joins"):
        with pytest.raises(OptionError) as err:
            peace.options(**{name: None})
        assert err.value.option == name


@pytest.mark.rule("PEACE-SHORT", "PEACE-TIE")
def test_short_player_puts_down_what_they_have_and_the_last_card_stands() -> None:
    state = game(["2S 3S 4S 8S", "2H 3H 4H 5H 6H 7H 8H 5S 6S 7S"], SEVEN, "SH")
    after = peace.step(state, PLAY)
    assert after.last is not None
    rounds = [[(t.face_down, str(t.face_up), t.standing) for t in r] for r in after.last.rounds]
    assert rounds == [
        [(0, "2S", False), (0, "2H", False)],
        [(2, "8S", False), (5, "8H", False)],
        [(0, "8S", True), (2, "7S", False)],
    ]
    assert (after.last.cards, after.last.winner) == (14, 1)


@pytest.mark.rule("PEACE-UNDECIDABLE")
def test_equal_last_cards_are_a_draw() -> None:
    after = peace.step(game(["2S", "2H"], "2", "SH"), PLAY)
    assert peace.outcome(after) == Outcome(Termination.UNDECIDABLE, ())


@pytest.mark.rule("PEACE-OUT-OF-GAME", "PEACE-WIN")
def test_players_drop_out_and_the_last_one_wins() -> None:
    # Seed 4's shuffled pickups make a 16-battle game in which both others drop out.
    state = game(["2C 4C 4S", "3C 2H 4H", "3S 3H 2S"], "2 3 4", "CHS", seed=4)
    out: list[int] = []
    while peace.outcome(state) is None:
        state = peace.step(state, PLAY)
        assert state.last is not None
        out.extend(state.last.eliminated)
        # A player who is out never turns up a card again.
        fresh = len(state.last.eliminated)
        earlier = set(out[: len(out) - fresh])
        assert not {t.seat for r in state.last.rounds for t in r} & earlier
    result = peace.outcome(state)
    assert result is not None
    assert result.termination is Termination.ALL_CARDS
    assert result.winner is not None
    assert sorted(out) == sorted({0, 1, 2} - {result.winner})
    assert state.cards_held(result.winner) == 9


@pytest.mark.rule("PEACE-LIMIT")
def test_a_thousand_battles_is_a_draw_whoever_holds_more() -> None:
    assert peace.options().max_battles == 1000
    end = run(peace.new_game(2, peace.options(max_battles=10)))
    assert end.battles == 10
    assert peace.outcome(end) == Outcome(Termination.BATTLE_LIMIT, ())
    assert len(end.stocks[0]) != len(end.stocks[1])  # a draw although one holds more


@pytest.mark.rule("PEACE-PICKUP")
def test_pickup_orders_as_in_war() -> None:
    deal = ["AS 2S", "2H AH"]
    first = peace.step(game(deal, "2 A", "SH", pickup_order="winner_first"), PLAY)
    by_seat = peace.step(game(deal, "2 A", "SH", pickup_order="seat_order"), PLAY)
    assert stocks(first) == ["2S", "AH 2H AS"]
    assert stocks(by_seat) == ["2S", "AH AS 2H"]
    shuffled = game(deal, "2 A", "SH")
    after = peace.step(shuffled, PLAY)
    assert after.rng.counter == shuffled.rng.counter + 1


@pytest.mark.rule("PEACE-CYCLE")
def test_repeated_position_under_a_deterministic_order() -> None:
    # War's cycling deal with every card's rank mirrored plays the same cycle in Peace.
    end = run(game(["AS 2S", "2H AH"], "2 A", "SH", pickup_order="seat_order"))
    assert peace.outcome(end) == Outcome(Termination.REPEATED_POSITION, ())
    assert end.battles == 7


@pytest.mark.rule("PEACE-OBSERVE")
def test_observation_counts_and_face_up_cards() -> None:
    state = peace.step(game(["2S 3S 4S 5S 6S 7S 8S", "2H 3H 4H 5H 6H 8H 7H"], SEVEN, "SH"), PLAY)
    seen = peace.observe(state, 0)
    assert seen.stock_sizes == (0, 14)
    assert seen.last is not None
    shown = sorted(str(t.face_up) for r in seen.last.rounds for t in r)
    assert shown == ["2H", "2S", "7H", "8S"]
    assert "3S" not in repr(seen)


@given(seed=seeds, players=st.integers(2, 4))
@settings(max_examples=30)
def test_games_end_within_the_limit(seed: int, players: int) -> None:
    end = run(peace.new_game(seed, peace.options(players=players)))
    assert end.battles <= 1000
    assert peace.outcome(end) is not None


@pytest.mark.rule("PEACE-BATTLE")
@given(seed=seeds)
@settings(max_examples=20)
def test_every_plain_battle_goes_to_the_lowest_card(seed: int) -> None:
    state = peace.new_game(seed, peace.options(players=3))
    for _ in range(40):
        if peace.outcome(state) is not None:
            break
        state = peace.step(state, PLAY)
        assert state.last is not None
        final = state.last.rounds[-1]
        if state.last.winner is not None and len(final) > 1:
            low = min(t.face_up.rank for t in final)
            assert [t.seat for t in final if t.face_up.rank == low] == [state.last.winner]
