"""Text rendering of states and observations: every variant renders, the ASCII fallback
is pure ASCII, and a rendered observation shows no card that the observation hides."""

from __future__ import annotations

import itertools
import re
from typing import Any, cast

import attrs
import pytest

import cardwar
from cardwar import arneson, war
from cardwar.agents import RandomAgent
from cardwar.cards import Card, parse_card
from cardwar.core import Variant
from cardwar.records import CARD_PATTERN
from cardwar.render import (
    SUIT_SYMBOLS,
    format_card,
    render_fields,
    render_observation,
    render_state,
    symbolize,
)

VARIANTS = [cardwar.variant(name) for name in cardwar.variant_names()]
parametrize = pytest.mark.parametrize("variant", VARIANTS, ids=[v.NAME for v in VARIANTS])


def some_states(variant: Variant, seed: int, steps: int = 60) -> list[Any]:
    """Return the states of the first ``steps`` steps of a game between random agents."""
    state = variant.new_game(seed)
    agent = RandomAgent(seed)
    out = [state]
    for _ in range(steps):
        if variant.outcome(state) is not None:
            break
        state = variant.step(state, agent.choose(None, variant.legal_actions(state)))
        out.append(state)
    return out


def cards_in(value: object) -> set[Card]:
    """Return every card a value holds, however deep."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if attrs.has(type(value)):
        fields = attrs.fields(cast(Any, type(value)))
        return cards_in([getattr(value, f.name) for f in fields])
    return set()


def cards_shown(text: str) -> set[Card]:
    """Return the cards written in an ASCII rendering."""
    return {parse_card(t) for t in re.findall(r"[^\s,:;()=>+\[\]]+", text)
            if CARD_PATTERN.search(t) and t.upper() not in ("JOKER",)}


@parametrize
def test_the_shared_renderer_dispatches_to_the_variants_own(variant: Variant) -> None:
    state = variant.new_game(4)
    obs = variant.observe(state, 0)
    assert render_state(variant, state) == variant.render_state(state)
    assert render_observation(variant, obs, ascii=True) == variant.render_observation(
        obs, ascii=True)


@parametrize
def test_states_and_observations_render_with_symbols_and_in_ascii(variant: Variant) -> None:
    states = some_states(variant, 3)
    for state in states:
        for ascii in (False, True):
            text = render_state(variant, state, ascii=ascii)
            assert text.startswith(variant.TITLE)
            if ascii:
                assert text.isascii()
        for seat in range(variant.num_players(state)):
            obs = variant.observe(state, seat)
            text = render_observation(variant, obs, ascii=True)
            assert text.isascii()
            assert text.startswith(variant.TITLE)
    final = render_state(variant, states[-1])
    assert any(symbol in final for symbol in SUIT_SYMBOLS.values())


@parametrize
def test_rendered_observation_shows_no_hidden_card(variant: Variant) -> None:
    for state in some_states(variant, 5):
        for seat in range(variant.num_players(state)):
            obs = variant.observe(state, seat)
            shown = cards_shown(render_observation(variant, obs, ascii=True))
            assert shown <= cards_in(obs), f"seat {seat} sees {shown - cards_in(obs)}"


@parametrize
def test_described_steps_show_only_cards_every_seat_may_see(variant: Variant) -> None:
    # describe_deal and describe_step narrate a game to everyone at the table: a card they
    # name must be one that every seat's observation after the step shows.
    for seed in (5, 6, 7):
        states = some_states(variant, seed, steps=200)
        deal = variant.describe_deal(states[0], ascii=True)
        assert deal.isascii()
        assert not cards_shown(deal)
        assert variant.describe_deal(states[0]) == symbolize(deal)
        for before, after in itertools.pairwise(states):
            # The action taken is the one whose step gives ``after``.
            action = next(a for a in variant.legal_actions(before)
                          if variant.step(before, a) == after)
            text = variant.describe_step(before, action, after, ascii=True)
            assert text
            assert text.isascii()
            public = set.intersection(*(cards_in(variant.observe(after, s))
                                        for s in range(variant.num_players(after))))
            shown = cards_shown(text)
            assert shown <= public, f"{text!r} shows {shown - public}"
            assert variant.describe_step(before, action, after) == symbolize(text)


def test_war_observation_shows_counts_and_the_last_battle() -> None:
    state = war.step(war.new_game(2026), war.Play.PLAY)
    text = render_observation(war, war.observe(state, 0))
    assert text.splitlines() == [
        "War, seat 0's view after battle 1",
        "  seat 0: 27 cards (stock 27)  <- you",
        "  seat 1: 25 cards (stock 25)",
        "  last battle: seat 0 J\u2660, seat 1 6\u2666 -> seat 0 takes 2 cards",
    ]


def test_war_state_shows_every_stock_in_order() -> None:
    state = war.new_game(0, war.options(ranks="2 3", suits="SH"), deal=["3S 2H", "2S 3H"])
    assert render_state(war, state, ascii=True).splitlines() == [
        "War, before the first battle",
        "  seat 0 stock: 3S 2H",
        "  seat 1 stock: 2S 3H",
    ]


def test_arneson_observation_hides_the_opponents_choice() -> None:
    state = arneson.new_game(5)
    chosen = arneson.legal_actions(state)[0]
    state = arneson.step(state, chosen)
    text = render_observation(arneson, arneson.observe(state, 1), ascii=True)
    assert "seat 0 has chosen" in text
    assert str(chosen.card) not in text
    mine = render_observation(arneson, arneson.observe(state, 0), ascii=True)
    assert f"you chose: {chosen.card}" in mine


def test_war_in_a_battle_is_described_round_by_round() -> None:
    state = war.new_game(2026)
    while state.last is None or len(state.last.rounds) < 2:
        state = war.step(state, war.Play.PLAY)
    lines = war.describe_battle(state.battles, state.last)
    assert lines[0].startswith(f"battle {state.battles}: seat 0 ")
    assert lines[1].startswith("  war: seat 0 3 down, ")


def test_cards_print_with_symbols_or_notation() -> None:
    assert format_card(parse_card("QS")) == "Q\u2660"
    assert format_card(parse_card("QS"), ascii=True) == "QS"
    assert format_card(parse_card("JK")) == "JK"
    assert format_card(None) == "--"


def test_render_fields_shows_any_attrs_value_field_by_field() -> None:
    @attrs.frozen
    class Thing:
        hand: tuple[Card, ...]
        count: int
        rng: object = None

    text = render_fields("Game", Thing((parse_card("AH"), parse_card("10C")), 3))
    assert text.splitlines() == ["Game", "  hand: A\u2665 10\u2663", "  count: 3"]
    # The options and the generator are left out; a value that is no attrs class is
    # shown as its repr.
    assert render_fields("Fake", Thing((), 1), ascii=True).splitlines() == [
        "Fake", "  hand: ()", "  count: 1"
    ]
    assert render_fields("Fake", 7).splitlines() == ["Fake", "  7"]


def test_arneson_views_of_a_hand_made_war_line_by_line() -> None:
    # kills arneson view render_state / render_observation survivors of the mutation run
    # (the header's battle count and view, the counts of cards held and their parts, the
    # win pile, "<- you", the choices). Ten cards, hands of two, one card down in a war,
    # win piles: seat 0 plays 2S against 5H, then 3S and 3H tie into a war, in which each
    # stakes the last card of their stock and refills their hand from it.
    options = arneson.options(ranks="2 3 4 5 6", suits="SH", hand_size=2, face_down=1,
                              pickup_order="win_pile", wars_to_win=3)
    state = arneson.new_game(0, options, deal=["5S 2S 3S 6S 4H", "5H 2H 3H 6H 4S"])

    def choose(state: arneson.State, card: str) -> arneson.State:
        return arneson.step(state, arneson.Choose(parse_card(card)))

    state = choose(choose(state, "2S"), "5H")
    last = "  last battle: seat 0 2S, seat 1 5H -> seat 1 takes 2 cards"
    assert arneson.render_state(state, ascii=True).splitlines() == [
        "Arneson's War, after battle 1",
        "  seat 0 hand: 5S 3S; stock: 6S 4H",
        "  seat 1 hand: 2H 3H; stock: 6H 4S, win pile 2S 5H",
        last,
    ]
    state = choose(state, "3S")
    assert arneson.render_observation(arneson.observe(state, 0), ascii=True).splitlines() == [
        "Arneson's War, seat 0's view after battle 1",
        "  seat 0: 3 cards (hand 1, stock 2), wars won 0  <- you",
        "  seat 1: 6 cards (hand 2, stock 2, win pile 2), wars won 0",
        last,
        "  your hand: 5S",
        "  you chose: 3S",
        "  seat 1 has not chosen",
    ]
    assert arneson.render_observation(arneson.observe(state, 1), ascii=True).splitlines() == [
        "Arneson's War, seat 1's view after battle 1",
        "  seat 0: 3 cards (hand 1, stock 2), wars won 0",
        "  seat 1: 6 cards (hand 2, stock 2, win pile 2), wars won 0  <- you",
        last,
        "  your hand: 2H 3H",
        "  seat 0 has chosen",
    ]
    state = choose(state, "3H")
    war = ("  war! tied at seat 0 3S, seat 1 3H; stakes seat 0 1 down, seat 1 1 down; each "
           "chooses a card to fight with")
    assert arneson.render_state(state, ascii=True).splitlines() == [
        "Arneson's War, after battle 1",
        "  seat 0 hand: 5S 6S; stock: -",
        "  seat 1 hand: 2H 6H; stock: -, win pile 2S 5H",
        war,
    ]
    assert arneson.render_observation(arneson.observe(state, 1), ascii=True).splitlines() == [
        "Arneson's War, seat 1's view after battle 1",
        "  seat 0: 2 cards (hand 2, stock 0), wars won 0",
        "  seat 1: 4 cards (hand 2, stock 0, win pile 2), wars won 0  <- you",
        war,
        "  your hand: 2H 6H",
        "  seat 0 has not chosen",
    ]


def test_caravan_views_of_both_seats_line_by_line() -> None:
    # kills caravan view render_observation survivors of the mutation run (the header's
    # view, both seats' lines, "<- you" and its caravans, the sorted hand). Seven moves
    # into the game of seed 3 (the i-th legal action at turn i): seat 0's jack took the
    # 2S of caravan D, both decks keep their own counts, and the hand shows sorted as the
    # legal actions list it (the observation holds JK AH 10D 10H 8H).
    from cardwar import caravan

    state = caravan.new_game(3)
    for i in range(7):
        legal = caravan.legal_actions(state)
        state = caravan.step(state, legal[i % len(legal)])
    table = [
        "  A: 6C = 6, C   |   D: - = 0",
        "  B: 8C = 8, C   |   E: 2D = 2, D",
        "  C: 6D = 6, D   |   F: 6D = 6, D",
        "  discard pile: 2 cards",
        "  last move: JC>D1",
    ]
    assert caravan.render_observation(caravan.observe(state, 1), ascii=True).splitlines() == [
        "Caravan, seat 1's view, turn 8, seat 1 to move",
        "  seat 0: hand 5, deck 45",
        "  seat 1: hand 5, deck 46  <- you (caravans D E F)",
        *table,
        "  your hand: 8H 10D 10H AH JK",
    ]
    assert caravan.render_observation(caravan.observe(state, 0), ascii=True).splitlines() == [
        "Caravan, seat 0's view, turn 8, seat 1 to move",
        "  seat 0: hand 5, deck 45  <- you (caravans A B C)",
        "  seat 1: hand 5, deck 46",
        *table,
        "  your hand: 9D 10D JD QH JK",
    ]
    # Without ascii, the view writes suit symbols.
    assert caravan.render_observation(caravan.observe(state, 0)).splitlines()[-1] == (
        "  your hand: 9\u2666 10\u2666 J\u2666 Q\u2665 JK")
    # Played to its end by the first legal action: the header says the game is over and
    # the last line gives the result, in the seat's view as in the whole state.
    while caravan.outcome(state) is None:
        state = caravan.step(state, caravan.legal_actions(state)[0])
    seen = caravan.render_observation(caravan.observe(state, 1), ascii=True).splitlines()
    assert seen[0] == "Caravan, seat 1's view, after turn 36, game over"
    assert seen[-1] == "  result: won by seat 1 (caravans_sold)"
    assert caravan.render_state(state, ascii=True).splitlines()[-1] == seen[-1]
