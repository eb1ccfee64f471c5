"""The narration of ``cardwar play`` (``describe_deal``, ``describe_step``) says exactly what
happened: each line is checked against the states, written out here from the documented
forms, over random games of Caravan, Cold War and General's War. (Mutation testing found
these lines checked only for their shape.)"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import attrs
import pytest

from cardwar import caravan, cold_war, generals
from cardwar.cards import Rank, parse_card, parse_cards
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


def played(seat: int, card: Any, rank: Any) -> str:
    """Return a card as the narration names it: a Joker with its declared rank."""
    if not card.is_joker:
        return f"seat {seat} {card}"
    return f"seat {seat} JK declared {'top' if rank is cold_war.TOP else rank.symbol}"


def trick_lines(trick: Any) -> list[str]:
    """Return the lines of a Cold War trick, from its record: the opening round, the
    stakes, each war round, who took how many cards, and who ran out (COLDWAR-LEAVE)."""
    rounds = [", ".join(played(p.seat, p.card, p.rank) for p in r) for r in trick.rounds]
    lines = [f"trick: {rounds[0]}"]
    if any(trick.stakes):
        lines.append("  staked face down for the war: " + ", ".join(
            f"seat {s} {n}" for s, n in enumerate(trick.stakes) if n))
    lines += [f"  war round: {r}" for r in rounds[1:]]
    cards = f"{trick.cards} card" + ("" if trick.cards == 1 else "s")
    lines[-1] += (f" -> {cards} set aside, scoring for nobody" if trick.winner is None
                  else f" -> seat {trick.winner} takes {cards}")
    return lines + [f"  seat {s} ran out of cards and is out of this deal" for s in trick.left]


def deal_lines(after: Any) -> list[str]:
    """Return the lines of a Cold War deal's end, from its record (COLDWAR-END-DEAL,
    COLDWAR-SCORE): why it ended, whose points are whose, the hands, totals, next dealer."""
    deal = after.last_deal
    left = after.last_trick.left
    why = {"ran_out": " and ".join(f"seat {s}" for s in left) + " ran out of cards"
           if left else "a player ran out of cards",
           "last_standing": "fewer than two players were left in it",
           "repeated_position": "the same position came round a third time"}[deal.reason.value]
    points = ", ".join(f"seat {s} {p}" + (f" (bomb +{b})" if b else "")
                       for s, (p, b) in enumerate(zip(deal.scores, deal.bombs, strict=True)))
    lines = [f"deal {deal.number} ended: {why}; points {points}"]
    if deal.set_aside:
        lines.append(f"set aside, scoring for nobody: {deal.set_aside} point"
                     + ("" if deal.set_aside == 1 else "s"))
    # A hand that did not count is marked (by default, every hand but those of the seats
    # that ran out).
    shown = "; ".join(f"seat {s} {' '.join(str(c) for c in h) if h else '-'}"
                      + ("" if counted else " (not scored)")
                      for s, (h, counted) in enumerate(zip(deal.hands, deal.hands_scored,
                                                           strict=True)))
    lines += [f"hands shown: {shown}",
              "totals: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(after.totals))
              + f" (the target is {after.options.target})"]
    if after.result is None:
        lines.append(f"seat {after.dealer} deals deal {deal.number + 1}")
    return lines


@pytest.mark.parametrize("players", [3, 4])
def test_cold_war_moves_tricks_and_deals_are_told(players: int) -> None:
    seen = {"trick": 0, "war": 0, "left": 0, "deal": 0, "bomb": 0, "next": 0, "result": 0,
            "joker": 0}
    for seed in range(20):  # seed 19 (three players) and 13 (four) score a bomb
        options = cold_war.options(players=players, target=300)
        for before, action, after in play_out(cold_war, seed, options, choice_seed=seed):
            told = cold_war.describe_step(before, action, after, ascii=True).splitlines()
            card = action.card
            what = (str(card) if action.declared is None else
                    played(0, card, action.declared).removeprefix("seat 0 "))
            expected = [f"seat {cold_war.to_act(before)} played {what}"]
            seen["joker"] += action.declared is not None
            if after.tricks != before.tricks:
                expected += trick_lines(after.last_trick)
                seen["trick"] += 1
                seen["war"] += len(after.last_trick.rounds) > 1
                seen["left"] += bool(after.last_trick.left)
            if after.deals != before.deals:
                expected += deal_lines(after)
                seen["deal"] += 1
                seen["bomb"] += any(after.last_deal.bombs)
                seen["next"] += after.result is None
            seen["result"] += after.result is not None
            assert told == expected + result_tail(after)
    assert all(seen.values()), seen


def generals_action(before: Any, action: Any, after: Any) -> str:
    """Return a General's War action in words, as the narration says it: a claim with the
    cards it took from the reserve (GENERALS-CLAIM), a pass, a challenge, a partner, a
    squad once the battle shows it."""
    seat = generals.to_act(before)
    if isinstance(action, generals.Squad):
        return f"seat {seat} laid the squad {' '.join(map(str, action.cards))}"
    if isinstance(action, generals.Claim):
        took = len(after.hands[seat]) - len(before.hands[seat])
        return (f"seat {seat} claims the general {action.card} and takes {took} card"
                + ("" if took == 1 else "s") + " from the reserve")
    return {generals.Pass: f"seat {seat} passes: no more claims",
            generals.Challenge: f"seat {seat} challenges seat {getattr(action, 'seat', '')}",
            generals.Partner: f"seat {seat} chooses seat {getattr(action, 'seat', '')} as "
                              "partner"}[type(action)]


def generals_deal_lines(before: Any, after: Any) -> list[str]:
    """Return the lines of a General's War step after its battle: the end of a deal (a new
    deal, or the game over with no card left in hand or pot: GENERALS-DEAL-END) with the
    points banked and the totals, the seats that finished and their places
    (GENERALS-PLACES), and the next dealer."""
    n = before.players
    lines = []
    over = after.result is not None and before.result is None
    if after.deals != before.deals or (over and not any(after.hands) and not any(after.pot)):
        final = [generals.score(after, s) for s in range(n)]
        lines.append(f"deal {before.deals} ended: fewer than two players hold cards; banked "
                     + ", ".join(f"seat {s} +{final[s] - before.banked[s]}" for s in range(n)))
        lines.append("totals: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(final))
                     + f" (the target is {after.options.target})")
    place = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    lines += [f"seat {s} finishes {place[p]}" for s, p in enumerate(after.places)
              if p is not None and before.places[s] is None]
    if after.result is None and after.deals != before.deals:
        lines.append(f"seat {after.dealer} deals deal {after.deals}")
    return lines


@pytest.mark.parametrize(("players", "mode"), [(2, "duel"), (4, "duel"), (4, "partnership")])
def test_general_s_war_moves_are_told_and_squads_hidden(players: int, mode: str) -> None:
    seen = {"hidden": 0, "open": 0, "battle": 0, "result": 0, "deal": 0, "places": 0,
            "Claim": 0, "Pass": 0, "Challenge": 0, "Partner": 0}
    for seed in range(10):
        options = generals.options(players=players, four_player=mode)
        for before, action, after in play_out(generals, seed, options, choice_seed=seed):
            told = generals.describe_step(before, action, after, ascii=True).splitlines()
            seat = generals.to_act(before)
            fought = after.battles > before.battles
            if isinstance(action, generals.Squad) and not fought:
                expected = [f"seat {seat} laid a squad"]  # hidden until the battle
                seen["hidden"] += 1
            else:
                expected = [generals_action(before, action, after)]
                seen["open"] += 1
            seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1
            if fought:
                assert told[1].startswith("last battle: ")
                if after.last.taker is not None:
                    taken = after.last.taken
                    assert (f" -> seat {after.last.taker} takes {taken} card"
                            + ("" if taken == 1 else "s")) in told[1]
                for squad in after.last.squads:
                    if squad:
                        assert format_cards(squad, ascii=True) in told[1]
                expected.append(told[1])
                seen["battle"] += 1
            expected += generals_deal_lines(before, after)
            seen["deal"] += "ended: fewer than two players hold cards" in "\n".join(told)
            seen["places"] += any(" finishes " in line for line in told)
            seen["result"] += after.result is not None
            assert told == expected + result_tail(after)
    # Places are kept in the four-player duels (GENERALS-PLACES); a four-player game
    # chooses an opponent (duel) or a partner (partnership).
    absent = {"places", "Challenge", "Partner"} if players == 2 else (
        {"places", "Challenge"} if mode == "partnership" else {"Partner"})
    assert all(n for k, n in seen.items() if k not in absent), seen


@pytest.mark.parametrize(("option", "why"), [
    ({"deal_end": "last_standing"}, "fewer than two players were left in it"),
    ({"hand_score": "everyone"}, "a player ran out of cards"),
])
def test_a_cold_war_seat_s_view_says_how_the_last_deal_ended(
        option: dict[str, str], why: str) -> None:
    # A seat's view names who ran out only where the hands scored say it (by default only
    # the hands of the seats that ran out count); under hand_score=everyone it cannot.
    seen = 0
    for seed in range(6):
        options = cold_war.options(players=3, **option)
        for before, _, after in play_out(cold_war, seed, options, choice_seed=seed):
            if after.deals == before.deals or after.result is not None:
                continue
            deal = after.last_deal
            view = cold_war.render_observation(cold_war.observe(after, 0), ascii=True)
            line = next(x for x in view.splitlines() if x.startswith("  last deal: "))
            assert line.startswith(f"  last deal: deal {deal.number} ended: ")
            if deal.reason is not cold_war.DealReason.REPEATED_POSITION:
                assert why in line
            scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(deal.scores))
            assert line.replace(" (bomb +20)", "").replace(" (bomb +100)", "").endswith(
                f"; points {scores}")
            seen += 1
    assert seen > 0


def test_a_cold_war_deal_ended_by_a_repeated_position_with_points_set_aside() -> None:
    before = cold_war.new_game(0, cold_war.options(players=3))
    action = cold_war.legal_actions(before)[0]
    record = cold_war.DealRecord(
        number=1, dealer=0, hands=((), (), ()), card_points=(50, 30, 40), bombs=(0, 0, 0),
        set_aside=21, reason=cold_war.DealReason.REPEATED_POSITION,
        hands_scored=(True, True, True))
    after = attrs.evolve(before, deals=1, last_deal=record, totals=(50, 30, 40))
    assert cold_war.describe_step(before, action, after, ascii=True).splitlines()[1:3] == [
        "deal 1 ended: the same position came round a third time; points seat 0 50, "
        "seat 1 30, seat 2 40",
        "set aside, scoring for nobody: 21 points",
    ]
    trick = cold_war.TrickRecord(rounds=((cold_war.Played(0, parse_card("9S"), Rank.NINE),
                                          cold_war.Played(1, parse_card("9H"), Rank.NINE)),),
                                 stakes=(1, 1, 0), winner=None, cards=1, left=(0, 1))
    assert cold_war.describe_step(before, action, attrs.evolve(
        before, tricks=1, last_trick=trick), ascii=True).splitlines()[1:] == [
        "trick: seat 0 9S, seat 1 9H",
        "  staked face down for the war: seat 0 1, seat 1 1 -> 1 card set aside, scoring "
        "for nobody",
        "  seat 0 ran out of cards and is out of this deal",
        "  seat 1 ran out of cards and is out of this deal",
    ]


def test_a_caravan_joker_is_told_with_the_cards_it_removed_and_their_caravans() -> None:
    seen = {"removed": 0, "several": 0, "nothing": 0}
    for seed in range(40):
        for before, action, after in play_out(caravan, seed, choice_seed=seed, max_steps=300):
            if not (isinstance(action, caravan.Play) and action.card.is_joker
                    and action.target is not None):
                continue
            told = caravan.describe_step(before, action, after, ascii=True).splitlines()[0]
            target = before.caravans[action.caravan].piles[action.target].numeral
            name = "ABCDEF"[action.caravan]
            head = f"seat {before.to_move} played JK on caravan {name}'s {target}, "
            assert told.startswith(head), told
            assert told.endswith(f" ({name} now {after.caravans[action.caravan].value})")
            # Each caravan that lost cards is named with exactly the cards it lost.
            removed = {}
            for k in range(6):
                old = Counter(c for p in before.caravans[k].piles for c in (p.numeral, *p.faces))
                if k == action.caravan:
                    old[action.card] += 1  # the Joker played stays on the table
                new = Counter(c for p in after.caravans[k].piles for c in (p.numeral, *p.faces))
                if old - new:
                    removed["ABCDEF"[k]] = old - new
            rest = told[len(head):-len(f" ({name} now {after.caravans[action.caravan].value})")]
            if removed:
                assert rest.startswith("removing ")
                named = {}
                for part in re.split(r", | and ", rest.removeprefix("removing ")):
                    shown, _, where = part.partition(" from caravan ")
                    named[where] = Counter(parse_cards(shown))
                assert named == removed, told
                seen["removed"] += 1
                seen["several"] += len(removed) > 1
            else:
                assert rest == "removing nothing (no other card on the table matches it)"
                seen["nothing"] += 1
    assert all(seen.values()), seen


def test_a_seat_s_view_counts_one_card_as_one_card() -> None:
    # "reserve: 1 cards", "discard pile: 1 cards" and "stock: 1 cards" said no more.
    state = generals.new_game(1)
    one = attrs.evolve(state, reserves=(state.reserves[0][:1],))
    assert "  reserve: 1 card" in generals.render_observation(
        generals.observe(one, 0), ascii=True).splitlines()
    table = caravan.new_game(1)
    one_discard = attrs.evolve(table, discards=table.decks[0][:1])
    lines = caravan.render_observation(caravan.observe(one_discard, 0), ascii=True).splitlines()
    assert "  discard pile: 1 card" in lines
    # The whole state keeps the form the golden playthroughs hold.
    assert "  discard pile: 1 cards" in caravan.render_state(one_discard, ascii=True).splitlines()
    war_state = cold_war.new_game(1)
    lonely = attrs.evolve(war_state, stock=war_state.stock[:1])
    assert "  stock: 1 card" in cold_war.render_observation(
        cold_war.observe(lonely, 0), ascii=True).splitlines()


@pytest.mark.parametrize("name", ["war", "peace"])
def test_a_battle_s_counts_follow_the_round_that_settled_it(name: str) -> None:
    # "[23 | 29]" stood on the battle's first line, before the war rounds that made them.
    from cardwar.variants import variant

    game = variant(name)
    seen = {"war": 0, "out": 0}
    for seed in range(3):
        for before, action, after in play_out(game, seed, game.options(players=3)):
            lines = game.describe_step(before, action, after, ascii=True).splitlines()
            lines = [line for line in lines if not line.startswith("result:")]
            counted = [i for i, line in enumerate(lines) if re.search(r"\[\d+( \| \d+)+\]$",
                                                                      line)]
            held = " | ".join(str(after.cards_held(s)) for s in range(after.players))
            assert len(counted) == 1, lines
            (i,) = counted
            assert lines[i].endswith(f" -> seat {after.last.winner} takes {after.last.cards} "
                                     f"cards   [{held}]") or "undecidable" in lines[i]
            assert all(line.startswith("  seat ") and line.endswith(" is out of cards")
                       for line in lines[i + 1:])
            seen["war"] += i > 0
            seen["out"] += i < len(lines) - 1
    assert all(seen.values()), seen


def test_a_war_seat_s_view_counts_one_card_as_one_card() -> None:
    from cardwar import war

    state = war.new_game(1, war.options(players=3))
    one = attrs.evolve(state, stocks=(state.stocks[0][:1], *state.stocks[1:]),
                       tally=attrs.evolve(state.tally, set_aside=state.set_aside[:1]))
    lines = war.render_observation(war.observe(one, 1), ascii=True).splitlines()
    assert "  seat 0: 1 card (stock 1)" in lines
    assert "  set aside: 1 card" in lines
    assert "  seat 1: 17 cards (stock 17)  <- you" in lines


def test_a_finished_caravan_view_says_which_positions_were_won() -> None:
    seen = 0
    for seed in range(6):
        *_, (_, _, state) = play_out(caravan, seed, choice_seed=seed)
        won = state.positions
        for view in (caravan.render_observation(caravan.observe(state, 0), ascii=True),
                     caravan.render_table(state, ascii=True)):
            rows = [line for line in view.splitlines() if "   |   " in line]
            for k, row in enumerate(rows):
                assert ("-> won by seat" in row) == (won[k] is not None), row
                assert "ahead" not in row
                seen += won[k] is not None
        # The whole state keeps the golden playthroughs' words.
        assert "won by seat" not in caravan.render_state(state, ascii=True).replace(
            "result: won by seat", "")
    assert seen > 0
