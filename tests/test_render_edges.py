"""Renderings of the rarer moments of a game: a card that stands for a player out of
cards, an undecidable battle and the cards it sets aside, Arneson's War with set-aside
cards and win piles, General's War's pot, and the generic field-by-field rendering of
values that are cards, enums, nested attrs classes or plain Python values."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from cardwar import arneson, generals, war
from cardwar.cards import Card, parse_card
from cardwar.render import render_fields, render_observation, render_state
from cardwar.variants._battle.view import describe_battle


def test_a_standing_card_and_a_player_out_of_cards_are_shown() -> None:
    options = war.options(ranks="2 3 5", suits="SH")
    state = war.step(war.new_game(0, options, deal=["5S 2S 3S 2H 3H", "5H"]), war.Play.PLAY)
    assert state.last is not None
    assert describe_battle(1, state.last) == [
        "battle 1: seat 0 5S, seat 1 5H",
        "  war: seat 0 3 down, 3H up, seat 1 5H stands -> seat 1 takes 6 cards",
        "  seat 0 is out of cards",
    ]


def test_an_undecidable_battle_shows_the_cards_set_aside() -> None:
    options = war.options(ranks="2", suits="SH")
    state = war.step(war.new_game(0, options, deal=["2S", "2H"]), war.Play.PLAY)
    assert render_state(war, state, ascii=True).splitlines() == [
        "War, after battle 1",
        "  seat 0 stock: -",
        "  seat 1 stock: -",
        "  set aside: 2S 2H",
        "  last battle: seat 0 2S, seat 1 2H -> undecidable, 2 cards set aside",
        "    seat 0 is out of cards",
        "    seat 1 is out of cards",
        "  result: draw (undecidable)",
    ]
    view = render_observation(war, war.observe(state, 1), ascii=True).splitlines()
    assert view[:4] == [
        "War, seat 1's view after battle 1",
        "  seat 0: 0 cards (stock 0)",
        "  seat 1: 0 cards (stock 0)  <- you",
        "  set aside: 2 cards",
    ]


def test_arneson_shows_the_spare_card_set_aside() -> None:
    # Nine cards for two players: one is set aside at the deal.
    options = arneson.options(ranks="2 3 4", suits="SHD", hand_size=1)
    state = arneson.new_game(1, options)
    (spare,) = state.tally.set_aside
    lines = render_state(arneson, state, ascii=True).splitlines()
    assert lines[0] == "Arneson's War, before the first battle"
    assert lines[-1] == f"  set aside: {spare}"


def test_arneson_views_count_the_win_piles() -> None:
    options = arneson.options(pickup_order="win_pile")
    state = arneson.new_game(2, options)
    while not any(arneson.observe(state, 0).won_sizes):
        state = arneson.step(state, arneson.legal_actions(state)[0])
    obs = arneson.observe(state, 0)
    lines = render_observation(arneson, obs, ascii=True).splitlines()
    for seat in (0, 1):
        line = lines[1 + seat]
        assert line.startswith(f"  seat {seat}: ")
        won = obs.won_sizes[seat]
        assert (f", win pile {won})" in line) == (won > 0)


class Colour(enum.Enum):
    RED = "red"


@attrs.frozen
class Inner:
    card: Card
    count: int


@attrs.frozen
class Outer:
    top: Card
    colour: Colour
    inner: Inner
    pair: tuple[int, ...]
    options: object = None


def test_the_generic_rendering_shows_every_kind_of_field() -> None:
    value = Outer(parse_card("QH"), Colour.RED, Inner(parse_card("10S"), 2), (4,))
    assert render_fields("Toy", value).splitlines() == [
        "Toy",
        "  top: Q\u2665",
        "  colour: red",
        "  inner: Inner(card=10\u2660, count=2)",
        "  pair: (4,)",
    ]
    assert render_fields("Toy", value, ascii=True).splitlines()[3] == (
        "  inner: Inner(card=10S, count=2)"
    )


def test_the_generic_rendering_of_a_value_that_is_not_an_attrs_class() -> None:
    assert render_fields("Toy", {"left": 3}).splitlines() == ["Toy", "  {'left': 3}"]


def test_generals_shows_the_pot_that_equal_sums_leave() -> None:
    # Under the carry tie rule, equal sums leave the squads in a pot: both the state and
    # every seat's view list it, seat by seat.
    options = generals.options(tie="carry")
    state: Any = None
    for seed in range(200):
        state = generals.new_game(seed, options)
        while generals.outcome(state) is None and not any(state.pot):
            state = generals.step(state, generals.legal_actions(state)[0])
        if any(state.pot):
            break
    assert state is not None
    assert any(state.pot), "some game among 200 seeds has a tie"
    expected = "pot: " + ", ".join(
        f"seat {s} {' '.join(str(c) for c in cards)}" for s, cards in enumerate(state.pot)
        if cards
    )
    assert f"  {expected}" in render_state(generals, state, ascii=True).splitlines()
    view = render_observation(generals, generals.observe(state, 0), ascii=True)
    assert f"  {expected}" in view.splitlines()
