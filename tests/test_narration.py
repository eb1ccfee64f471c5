"""The narration of ``cardwar play`` (``describe_deal``, ``describe_step``) says exactly what
happened: each line is checked against the states, written out here from the documented
forms, over random games of Caravan, Cold War and General's War. (Mutation testing found
these lines checked only for their shape.)"""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import caravan, cold_war, generals
from cardwar.render import format_cards
from tests.strategies import play_out


def result_tail(after: Any) -> list[str]:
    """Return the line every narration ends with once the game is over."""
    return [] if after.result is None else [f"result: {after.result}"]


def test_caravan_deals_are_told() -> None:
    for seed in range(5):
        state = caravan.new_game(seed)
        hands = " | ".join(str(len(h)) for h in state.hands)
        decks = " | ".join(str(len(d)) for d in state.decks)
        assert caravan.describe_deal(state, ascii=True) == f"dealt: hands {hands}, decks {decks}"
        assert hands == "8 | 8"


def test_general_s_war_deals_are_told() -> None:
    for seed in range(5):
        state = generals.new_game(seed, generals.options(players=4))
        hands = " | ".join(str(len(h)) for h in state.hands)
        reserves = " | ".join(str(len(r)) for r in state.reserves)
        assert generals.describe_deal(state, ascii=True) == (
            f"dealt: hands {hands}, reserve {reserves} (deal {state.deals})")
        assert len(hands.split(" | ")) == 4


def test_cold_war_deals_are_told() -> None:
    state = cold_war.new_game(2, cold_war.options(players=4))
    hands = " | ".join(str(len(h)) for h in state.hands)
    assert cold_war.describe_deal(state, ascii=True) == (
        f"dealt: hands {hands}, stock {len(state.stock)} (dealer {state.dealer})")


def deal_lines(after: Any) -> list[str]:
    """Return the lines of a Cold War deal's end, from its record (COLDWAR-SCORE)."""
    deal = after.last_deal
    why = {"ran_out": "ran out", "last_standing": "last standing",
           "repeated_position": "repeated position"}[deal.reason.value]
    first = f"deal {deal.number} scored {' / '.join(str(s) for s in deal.scores)} ({why})"
    bombs = [f"seat {s} (+{b})" for s, b in enumerate(deal.bombs) if b > 0]
    if bombs:
        first += "; bomb for " + ", ".join(bombs)
    # A hand that did not count is marked (by default, every hand but those of the seats
    # that ran out).
    shown = "; ".join(f"seat {s} {' '.join(str(c) for c in h) if h else '-'}"
                      + ("" if counted else " (not scored)")
                      for s, (h, counted) in enumerate(zip(deal.hands, deal.hands_scored,
                                                           strict=True)))
    return [first, f"hands shown: {shown}",
            "totals: " + " / ".join(str(t) for t in after.totals)]


@pytest.mark.parametrize("players", [3, 4])
def test_cold_war_moves_tricks_and_deals_are_told(players: int) -> None:
    seen = {"trick": 0, "deal": 0, "bomb": 0, "result": 0}
    for seed in range(20):  # seed 19 (three players) and 13 (four) score a bomb
        options = cold_war.options(players=players, target=300)
        for before, action, after in play_out(cold_war, seed, options, choice_seed=seed):
            told = cold_war.describe_step(before, action, after, ascii=True).splitlines()
            expected = [f"seat {cold_war.to_act(before)} played {action}"]
            if after.tricks != before.tricks:
                expected.append(f"trick: {after.last_trick}")
                seen["trick"] += 1
            if after.deals != before.deals:
                expected += deal_lines(after)
                seen["deal"] += 1
                seen["bomb"] += any(after.last_deal.bombs)
            seen["result"] += after.result is not None
            assert told == expected + result_tail(after)
    assert all(seen.values()), seen


@pytest.mark.parametrize("players", [2, 4])
def test_general_s_war_moves_are_told_and_squads_hidden(players: int) -> None:
    seen = {"hidden": 0, "open": 0, "battle": 0, "result": 0}
    for seed in range(10):
        options = generals.options(players=players)
        for before, action, after in play_out(generals, seed, options, choice_seed=seed):
            told = generals.describe_step(before, action, after, ascii=True).splitlines()
            seat = generals.to_act(before)
            fought = after.battles > before.battles
            if isinstance(action, generals.Squad) and not fought:
                expected = [f"seat {seat} laid a squad"]  # hidden until the battle
                seen["hidden"] += 1
            else:
                expected = [f"seat {seat}: {action}"]
                seen["open"] += 1
            if fought:
                assert told[1].startswith("last battle: ")
                for squad in after.last.squads:
                    if squad:
                        assert format_cards(squad, ascii=True) in told[1]
                expected.append(told[1])
                seen["battle"] += 1
            seen["result"] += after.result is not None
            assert told == expected + result_tail(after)
    assert all(seen.values()), seen
