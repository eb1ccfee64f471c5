"""The text and pictures of War, Peace and Arneson's War, checked line by line on small
explicit deals: a seat's view and the whole state (counts, win piles, a chosen card, the
last battle with its rounds named wars or peaces, the result), the narration of
``cardwar play`` (``describe_deal``, ``describe_step``) and the rows, notes and lines of
the pictures of ``cardwar.svg``; and views refusing hand-built values whose per-seat
tuples disagree in length. (Mutation testing found these checked only in part.)"""

from __future__ import annotations

import attrs
import pytest

from cardwar import arneson, peace, war
from cardwar.cards import parse_card
from cardwar.svg import Picture, Row, Shown, picture_of

#: A War deal whose first battle is a war (5 against 5, then 7 against 6), won by seat 0,
#: whose cards go to its win pile.
WAR_OPTIONS = war.options(ranks="2 3 4 5 6 7", suits="SH", face_down=1,
                          pickup_order="win_pile")
WAR_DEAL = ["5S 2S 7S 3S 4S 6S", "5H 3H 6H 2H 4H 7H"]

#: A Peace deal whose first battle is a peace (5 against 5, then 2 against 3), won by
#: seat 0, the lower card.
PEACE_OPTIONS = peace.options(ranks="2 3 4 5 6 7 8 9", suits="SH")
PEACE_DEAL = ["5S 9S 8S 7S 6S 4S 2S 3S", "5H 9H 8H 7H 6H 4H 3H 2H"]

#: An Arneson deal: hands 5S 2S 3S and 5H 3H 2H, stocks 9S 4S 6S 7S 8S and 4H 6H 7H 8H 9H.
ARNESON_OPTIONS = arneson.options(ranks="2 3 4 5 6 7 8 9", suits="SH", face_down=1,
                                  pickup_order="win_pile")
ARNESON_DEAL = ["5S 2S 3S 9S 4S 6S 7S 8S", "5H 3H 2H 4H 6H 7H 8H 9H"]
#: The choices played on it: a tie (a war), then 9S beats 4H, then seat 0 chooses again.
ARNESON_CHOICES = ["5S", "5H", "9S", "4H", "2S"]


def war_after_a_war() -> tuple[war.State, war.State]:
    """Return War's deal and the state after its first battle, a war."""
    before = war.new_game(0, WAR_OPTIONS, deal=WAR_DEAL)
    return before, war.step(before, war.Play.PLAY)


def peace_after_a_peace() -> tuple[peace.State, peace.State]:
    """Return Peace's deal and the state after its first battle, a peace."""
    before = peace.new_game(0, PEACE_OPTIONS, deal=PEACE_DEAL)
    return before, peace.step(before, peace.Play.PLAY)


def arneson_states() -> list[arneson.State]:
    """Return Arneson's deal and the state after each of ``ARNESON_CHOICES``."""
    states = [arneson.new_game(0, ARNESON_OPTIONS, deal=ARNESON_DEAL)]
    for card in ARNESON_CHOICES:
        states.append(arneson.step(states[-1], arneson.Choose(parse_card(card))))
    return states


def cards(text: str, caption: str = "") -> tuple[Shown, ...]:
    """Return the cards of ``text`` face up (``--`` for one face down), with a caption."""
    return tuple(Shown(None if c == "--" else parse_card(c), caption=caption)
                 for c in text.split())


# --- War ----------------------------------------------------------------------------------


def test_a_war_seat_s_view_shows_counts_win_piles_and_the_war() -> None:
    # Kills _battle render_observation mutmut_2, 3, 21, 32, 39; war render_observation
    # mutmut_1 (symbols unless ascii is asked for).
    _, state = war_after_a_war()
    assert war.render_observation(war.observe(state, 0)).splitlines() == [
        "War, seat 0's view after battle 1",
        "  seat 0: 9 cards (stock 3, win pile 6)  <- you",
        "  seat 1: 3 cards (stock 3)",
        "  last battle: seat 0 5\u2660, seat 1 5\u2665",
        "    war: seat 0 1 down, 7\u2660 up, seat 1 1 down, 6\u2665 up -> seat 0 takes 6 cards",
    ]
    assert war.render_observation(war.observe(state, 1), ascii=True).splitlines() == [
        "War, seat 1's view after battle 1",
        "  seat 0: 9 cards (stock 3, win pile 6)",
        "  seat 1: 3 cards (stock 3)  <- you",
        "  last battle: seat 0 5S, seat 1 5H",
        "    war: seat 0 1 down, 7S up, seat 1 1 down, 6H up -> seat 0 takes 6 cards",
    ]


def test_a_war_seat_s_view_at_the_end_states_the_result() -> None:
    # Kills _battle render_observation mutmut_46.
    state = war.new_game(0, war.options(ranks="2 3", suits="S"), deal=["3S", "2S"])
    state = war.step(state, war.Play.PLAY)
    assert war.render_observation(war.observe(state, 1), ascii=True).splitlines() == [
        "War, seat 1's view after battle 1",
        "  seat 0: 2 cards (stock 2)",
        "  seat 1: 0 cards (stock 0)  <- you",
        "  last battle: seat 0 3S, seat 1 2S -> seat 0 takes 2 cards",
        "    seat 1 is out of cards",
        "  result: won by seat 0 (all_cards)",
    ]


def test_war_deals_and_battles_are_told() -> None:
    # Kills _battle describe_deal mutmut_2, 4, 5 and describe_step mutmut_2, 3 (War's
    # narration names its tie rounds "war").
    before, after = war_after_a_war()
    assert war.describe_deal(before) == "dealt: 6 | 6 cards"
    assert war.describe_deal(war.new_game(1, war.options(players=3))) == (
        "dealt: 17 | 17 | 17 cards")
    assert war.describe_step(before, war.Play.PLAY, after).splitlines() == [
        "battle 1: seat 0 5\u2660, seat 1 5\u2665",
        "  war: seat 0 1 down, 7\u2660 up, seat 1 1 down, 6\u2665 up -> seat 0 takes 6 cards"
        "   [9 | 3]",
    ]
    assert war.describe_step(before, war.Play.PLAY, after, ascii=True).splitlines()[1] == (
        "  war: seat 0 1 down, 7S up, seat 1 1 down, 6H up -> seat 0 takes 6 cards   [9 | 3]")


def test_a_war_state_shows_win_piles_and_numbers_a_second_war() -> None:
    """The whole state of War lists a win pile after its stock, in the notation asked
    for, and a battle with two wars names them "war" and "war 2"."""
    options = war.options(ranks="2 3 4 5 6 7 8 9", suits="SH", face_down=1,
                          pickup_order="win_pile")
    state = war.step(war.new_game(0, options, deal=["5S 2S 7S 3S 8S 4S 6S 9S",
                                                    "5H 3H 7H 2H 6H 4H 8H 9H"]),
                     war.Play.PLAY)
    assert war.render_state(state, ascii=True).splitlines() == [
        "War, after battle 1",
        "  seat 0 stock: 4S 6S 9S, win pile 5S 2S 7S 3S 8S 5H 3H 7H 2H 6H",
        "  seat 1 stock: 4H 8H 9H",
        "  last battle: seat 0 5S, seat 1 5H",
        "    war: seat 0 1 down, 7S up, seat 1 1 down, 7H up",
        "    war 2: seat 0 1 down, 8S up, seat 1 1 down, 6H up -> seat 0 takes 10 cards",
    ]
    assert war.render_state(state).splitlines()[1] == (
        "  seat 0 stock: 4\u2660 6\u2660 9\u2660, win pile 5\u2660 2\u2660 7\u2660 3\u2660 "
        "8\u2660 5\u2665 3\u2665 7\u2665 2\u2665 6\u2665")


def test_a_war_picture_shows_the_laid_cards_notes_and_the_war() -> None:
    # Kills _battle picture mutmut_1, 2 (the war's line), 58 (the notes' separator).
    # The laid cards are shown as played (they lie in the win pile now), 7S marked as
    # the card that took the battle; the win pile is a pile of its own.
    _, state = war_after_a_war()
    lines = ("last battle: seat 0 5\u2660, seat 1 5\u2665",
             "  war: seat 0 1 down, 7\u2660 up, seat 1 1 down, 6\u2665 up -> seat 0 takes "
             "6 cards")
    win_pile = (Shown(count=6, caption="win pile"),)
    seat_0 = (Shown(parse_card("5S"), past=True), Shown(past=True),
              Shown(parse_card("7S"), last=True, past=True))
    seat_1 = (Shown(parse_card("5H"), past=True), Shown(past=True),
              Shown(parse_card("6H"), past=True))
    assert picture_of(state) == Picture("War, after battle 1", (
        Row("seat 0", win_pile + seat_0, "took 6", 3),
        Row("seat 1", seat_1, "", 3),
    ), lines)
    assert picture_of(war.observe(state, 1)) == Picture(
        "War, seat 1's view, after battle 1", (
            Row("seat 0", win_pile + seat_0, "took 6", 3),
            Row("seat 1 (you)", seat_1, "", 3, highlight=True),
        ), lines)


# --- Peace --------------------------------------------------------------------------------


def test_a_peace_seat_s_view_names_its_peace_rounds() -> None:
    # Kills peace render_observation mutmut_1, 5, 9 and _battle render_observation
    # mutmut_43.
    _, state = peace_after_a_peace()
    assert peace.render_observation(peace.observe(state, 1)).splitlines() == [
        "Peace, seat 1's view after battle 1",
        "  seat 0: 15 cards (stock 15)",
        "  seat 1: 1 card (stock 1)  <- you",
        "  last battle: seat 0 5\u2660, seat 1 5\u2665",
        "    peace: seat 0 5 down, 2\u2660 up, seat 1 5 down, 3\u2665 up -> seat 0 takes 14 cards",
    ]
    assert peace.render_observation(peace.observe(state, 0), ascii=True).splitlines()[3:] == [
        "  last battle: seat 0 5S, seat 1 5H",
        "    peace: seat 0 5 down, 2S up, seat 1 5 down, 3H up -> seat 0 takes 14 cards",
    ]


def test_peace_battles_are_described_in_notation_unless_symbols_are_asked_for() -> None:
    # Kills peace describe_battle mutmut_1, 2, 4, 8.
    _, state = peace_after_a_peace()
    assert state.last is not None
    assert peace.describe_battle(1, state.last) == [
        "battle 1: seat 0 5S, seat 1 5H",
        "  peace: seat 0 5 down, 2S up, seat 1 5 down, 3H up -> seat 0 takes 14 cards",
    ]
    assert peace.describe_battle(7, state.last, ascii=False) == [
        "battle 7: seat 0 5\u2660, seat 1 5\u2665",
        "  peace: seat 0 5 down, 2\u2660 up, seat 1 5 down, 3\u2665 up -> seat 0 takes 14 cards",
    ]


def test_peace_battles_are_told() -> None:
    before, after = peace_after_a_peace()
    assert peace.describe_deal(before) == "dealt: 8 | 8 cards"
    assert peace.describe_step(before, peace.Play.PLAY, after, ascii=True).splitlines() == [
        "battle 1: seat 0 5S, seat 1 5H",
        "  peace: seat 0 5 down, 2S up, seat 1 5 down, 3H up -> seat 0 takes 14 cards"
        "   [15 | 1]",
    ]


# --- Arneson's War ------------------------------------------------------------------------


def test_arneson_deals_are_told_with_the_hand_size() -> None:
    # Kills arneson describe_deal mutmut_2, 4, 5, 6 (hand and stock added).
    assert arneson.describe_deal(arneson_states()[0]) == "dealt: 8 | 8 cards (hands of 3)"
    assert arneson.describe_deal(arneson.new_game(4)) == "dealt: 26 | 26 cards (hands of 3)"


def test_arneson_choices_are_told_hiding_a_choice_until_both_are_in() -> None:
    # Kills arneson describe_step mutmut_5, 6 (a choice after the first battle is not
    # that battle again) and mutmut_9 (the battle's number).
    states = arneson_states()
    steps = zip(states[:-1], ARNESON_CHOICES, states[1:], strict=True)
    told = [arneson.describe_step(before, arneson.Choose(parse_card(card)), after, ascii=True)
            for before, card, after in steps]
    assert told == [
        "seat 0 chose a card",
        "war! tied at seat 0 5S, seat 1 5H; stakes seat 0 1 down, seat 1 1 down; each "
        "chooses a card to fight with",
        "seat 0 chose a card",
        "battle 1: seat 0 5S, seat 1 5H\n"
        "  war: seat 0 1 down, 9S up, seat 1 1 down, 4H up -> seat 0 takes 4 cards, "
        "seat 1 the 2 that started the war",
        "seat 0 chose a card",
    ]


def test_arneson_s_war_won_by_seat_1_gives_seat_0_the_pair() -> None:
    """After a war that seat 1 wins, seat 1 takes the war's cards and seat 0, the loser,
    the two that started it (ARNESON-WAR)."""
    states = arneson_states()[:3]  # tied 5S 5H: a war
    for card in ("2S", "3H"):
        states.append(arneson.step(states[-1], arneson.Choose(parse_card(card))))
    told = arneson.describe_step(states[-2], arneson.Choose(parse_card("3H")), states[-1],
                                 ascii=True)
    assert told.splitlines() == [
        "battle 1: seat 0 5S, seat 1 5H",
        "  war: seat 0 1 down, 2S up, seat 1 1 down, 3H up -> seat 1 takes 4 cards, "
        "seat 0 the 2 that started the war",
    ]


def test_arneson_s_whole_state_shows_a_chosen_card() -> None:
    """The whole state of Arneson's War shows the card a seat has chosen after its hand;
    a seat's view without ``ascii`` writes its choice with suit symbols."""
    chosen = arneson_states()[1]  # seat 0 chose 5S
    assert arneson.render_state(chosen, ascii=True).splitlines() == [
        "Arneson's War, before the first battle",
        "  seat 0 hand: 2S 3S, chose 5S; stock: 9S 4S 6S 7S 8S",
        "  seat 1 hand: 5H 3H 2H; stock: 4H 6H 7H 8H 9H",
    ]
    assert arneson.render_observation(arneson.observe(chosen, 0)).splitlines()[-3:] == [
        "  your hand: 2\u2660 3\u2660",
        "  you chose: 5\u2660",
        "  seat 1 has not chosen",
    ]


def test_arneson_s_last_battle_is_told_with_the_result() -> None:
    # Kills arneson describe_step mutmut_19.
    options = arneson.options(ranks="2 3", suits="S", hand_size=1)
    before = arneson.step(arneson.new_game(0, options, deal=["3S", "2S"]),
                          arneson.Choose(parse_card("3S")))
    action = arneson.Choose(parse_card("2S"))
    after = arneson.step(before, action)
    assert arneson.describe_step(before, action, after, ascii=True).splitlines() == [
        "battle 1: seat 0 3S, seat 1 2S -> seat 0 takes 2 cards",
        "  seat 1 is out of cards",
        "result: won by seat 0 (all_cards)",
    ]
    # The whole state and the loser's view end with the result too.
    assert arneson.render_state(after, ascii=True).splitlines()[-1] == (
        "  result: won by seat 0 (all_cards)")
    assert arneson.render_observation(arneson.observe(after, 1), ascii=True).splitlines() == [
        "Arneson's War, seat 1's view after battle 1",
        "  seat 0: 2 cards (hand 1, stock 1), wars won 0",
        "  seat 1: 0 cards (hand 0, stock 0), wars won 0  <- you",
        "  last battle: seat 0 3S, seat 1 2S -> seat 0 takes 2 cards",
        "    seat 1 is out of cards",
        "  your hand: -",
        "  result: won by seat 0 (all_cards)",
    ]


def test_arneson_pictures_show_a_chosen_card_only_to_its_seat() -> None:
    # Kills arneson picture mutmut_20 to 25 (one's own choice, face up), 28 to 36 but 33
    # (the opponent's choice, face down after its hand).
    chosen = arneson_states()[1]  # seat 0 chose 5S
    assert picture_of(chosen).rows == (
        Row("seat 0", cards("2S 3S") + cards("5S", "chosen"), "wars won 0", 5),
        Row("seat 1", cards("5H 3H 2H"), "wars won 0", 5),
    )
    assert picture_of(arneson.observe(chosen, 0)).rows[0] == Row(
        "seat 0 (you)", cards("2S 3S") + cards("5S", "chosen"), "wars won 0", 5,
        highlight=True)
    assert picture_of(arneson.observe(chosen, 1)).rows == (
        Row("seat 0", cards("-- --") + cards("--", "chosen"), "wars won 0", 5),
        Row("seat 1 (you)", cards("5H 3H 2H"), "wars won 0", 5, highlight=True),
    )


def test_arneson_pictures_show_the_war_in_progress() -> None:
    # Kills arneson picture mutmut_38, 42 to 47 (each seat's tied card, face up, under
    # "war") and 88, 90, 94 (the war's line, in notation).
    at_war = arneson_states()[3]  # tied 5S 5H; seat 0 chose 9S for the war
    war_line = ("war! tied at seat 0 5\u2660, seat 1 5\u2665; stakes seat 0 1 down, seat 1 "
                "1 down; each chooses a card to fight with",)
    stake = cards("--", "stake")
    assert picture_of(at_war) == Picture("Arneson's War, before the first battle", (
        Row("seat 0", cards("2S 3S") + cards("9S", "chosen") + cards("5S", "war") + stake,
            "wars won 0", 3),
        Row("seat 1", cards("3H 2H 4H") + cards("5H", "war") + stake, "wars won 0", 3),
    ), war_line)
    assert picture_of(arneson.observe(at_war, 1)) == Picture(
        "Arneson's War, seat 1's view, before the first battle", (
            Row("seat 0", cards("-- --") + cards("--", "chosen") + cards("5S", "war") + stake,
                "wars won 0", 3),
            Row("seat 1 (you)", cards("3H 2H 4H") + cards("5H", "war") + stake, "wars won 0",
                3, highlight=True),
        ), war_line)


def test_arneson_pictures_note_wars_won_and_win_piles() -> None:
    # Kills arneson picture mutmut_49.
    won = arneson_states()[4]  # seat 0 won the war: 4 cards to it, the pair to seat 1
    assert picture_of(won) == Picture("Arneson's War, after battle 1", (
        Row("seat 0", (*cards("2S 3S 6S"), Shown(count=4, caption="win pile")),
            "wars won 1", 2),
        Row("seat 1", (*cards("3H 2H 7H"), Shown(count=2, caption="win pile")),
            "wars won 0", 2),
    ), ("last battle: seat 0 5\u2660, seat 1 5\u2665",
        "  war: seat 0 1 down, 9\u2660 up, seat 1 1 down, 4\u2665 up -> seat 0 takes 4 "
        "cards, seat 1 the 2 that started the war"))


# --- inconsistent values ------------------------------------------------------------------


def test_views_refuse_per_seat_tuples_that_disagree_in_length() -> None:
    """A hand-built War view, or Arneson state, whose per-seat tuples disagree in length is
    refused rather than shown with a seat left out."""
    seen = war.observe(war.new_game(0), 0)
    with pytest.raises(ValueError, match="shorter"):
        war.render_observation(attrs.evolve(seen, won_sizes=(0,)))
    state = arneson.new_game(0)
    with pytest.raises(ValueError, match="shorter"):
        arneson.describe_deal(attrs.evolve(state, stocks=state.stocks[:1]))
