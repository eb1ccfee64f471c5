"""Details of :mod:`cardwar.variants.arneson` that the main tests leave open: the exact
messages of :func:`~cardwar.variants.arneson.parse_action` (notation that names no card),
of the ``players`` option, of :func:`~cardwar.variants.arneson.step` (a card not in the
hand, a step after the end) and of :func:`~cardwar.variants.arneson.observe`; and what
a round is worth to :class:`~cardwar.variants.arneson.ArnesonSearch` (its valuation, with
the sampled states fixed), its parameters and its default seed."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from cardwar import agents
from cardwar.cards import Card, CardError, parse_card, parse_cards
from cardwar.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    Termination,
)
from cardwar.errors import AgentError
from cardwar.rng import Rng
from cardwar.variants import arneson
from cardwar.variants._battle.rules import Turn
from cardwar.variants.arneson import agents as arneson_agents
from cardwar.variants.arneson.agents import ArnesonSearch


def _card_error(text: str) -> str:
    with pytest.raises(CardError) as err:
        parse_card(text)
    return str(err.value)


@pytest.mark.parametrize("text", ["ZZ", "2X", "", "JK=Q"])
def test_a_bad_card_is_refused_with_the_card_message(text: str) -> None:
    # kills parse_action mutmut_3
    with pytest.raises(NotationError) as err:
        arneson.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected a card such as QH ({_card_error(text)})"
    )


@pytest.mark.parametrize("players", [1, 3, "3", "two"])
def test_arneson_refuses_any_number_of_players_but_two(players: Any) -> None:
    with pytest.raises(OptionError) as err:
        arneson.options(players=players)
    assert err.value.option == "players"
    assert str(err.value) == (
        "option 'players': Arneson's War is for two players (ARNESON-PLAYERS)"
    )


@pytest.mark.parametrize("players", [2, "2", " 2 "])
def test_arneson_accepts_two_players_and_drops_the_option(players: Any) -> None:
    assert arneson.options(players=players, hand_size=4) == arneson.Options(hand_size=4)


def _game(**opts: Any) -> arneson.State:
    # Seat 0's stock starts 2C 3C 4C 5C, seat 1's 2D 3D 4D 5D; the rest follow in deck order.
    deck = list(arneson.deck())
    tops = [parse_cards("2C 3C 4C 5C"), parse_cards("2D 3D 4D 5D")]
    rest = [c for c in deck if c not in tops[0] + tops[1]]
    deal = [(*tops[0], *rest[:22]), (*tops[1], *rest[22:])]
    return arneson.new_game(0, arneson.options(**opts), deal=deal)


def test_a_card_outside_the_hand_is_refused_listing_the_legal_choices() -> None:
    state = _game()
    assert arneson.to_act(state) == 0
    with pytest.raises(IllegalActionError) as err:
        arneson.step(state, arneson.parse_action("2D"))
    assert str(err.value) == (
        "seat 0 cannot play 2D: it is not a card of their hand; legal actions: 2C, 3C, 4C"
    )
    state = arneson.step(state, arneson.parse_action("4C"))
    notation: Any = "2D"  # the notation, not the action
    with pytest.raises(IllegalActionError) as err:
        arneson.step(state, notation)
    assert str(err.value) == (
        "seat 1 cannot play 2D: it is not a card of their hand; legal actions: 2D, 3D, 4D"
    )


def test_a_finished_game_refuses_every_choice_saying_how_it_ended() -> None:
    state = _game(max_battles=1)
    state = arneson.step(state, arneson.parse_action("4C"))
    state = arneson.step(state, arneson.parse_action("2D"))
    assert state.last is not None
    assert state.last.winner == 0
    with pytest.raises(GameOverError) as err:
        arneson.step(state, arneson.parse_action("2C"))
    assert str(err.value) == "the game is over (draw (battle_limit)); no action is legal"


@pytest.mark.parametrize("seat", [2, -1])
def test_observe_refuses_a_seat_that_does_not_exist(seat: int) -> None:
    with pytest.raises(ValueError, match=r"^seat must") as err:
        arneson.observe(_game(), seat)
    assert str(err.value) == f"seat must be an int in [0, 1], got {seat}"


def test_a_choice_prints_as_its_card() -> None:
    assert str(arneson.Choose(parse_card("10H"))) == "10H"
    assert str(arneson.Choose(parse_card("QS"))) == "QS"


def test_a_two_card_deck_is_enough_for_two_players() -> None:
    opts = arneson.options(ranks="A", suits="SH")
    assert sorted(map(str, arneson.deck(opts))) == ["AH", "AS"]


def test_the_deck_follows_ranks_suits_and_copies() -> None:
    opts = arneson.options(ranks="Q K A", suits="S H", decks=2)
    assert sorted(map(str, arneson.deck(opts))) == sorted(
        ["QS", "KS", "AS", "QH", "KH", "AH"] * 2
    )
    assert len(arneson.deck()) == 52


def test_an_odd_card_is_set_aside_at_the_deal() -> None:
    state = arneson.new_game(4, arneson.options(ranks="A 2 3", suits="S"))
    assert len(state.tally.set_aside) == 1
    assert [len(h) for h in state.hands] == [1, 1]
    assert state.stocks == ((), ())
    assert state.wars == 0
    assert state.wars_won == (0, 0)
    assert sorted(map(str, arneson.cards_in_play(state))) == ["2S", "3S", "AS"]


def test_the_default_game_deals_a_hand_of_three_each() -> None:
    state = arneson.new_game(5)
    assert [len(h) for h in state.hands] == [3, 3]
    assert [len(s) for s in state.stocks] == [23, 23]
    assert arneson.outcome(state) is None


def test_a_deal_that_leaves_a_seat_without_cards_is_won_at_once() -> None:
    opts = arneson.options(ranks="A 2", suits="S")
    state = arneson.new_game(0, opts, deal=["AS 2S", ""])
    assert arneson.outcome(state) == Outcome(Termination.ALL_CARDS, (0,))
    assert arneson.to_act(state) is None
    state = arneson.new_game(0, opts, deal=["", "2S AS"])
    assert arneson.outcome(state) == Outcome(Termination.ALL_CARDS, (1,))


def test_each_choice_leaves_the_hand_and_the_round_refills_both() -> None:
    state = _game()
    assert (state.stocks[0][0], state.stocks[1][0]) == (parse_card("5C"), parse_card("5D"))
    assert state.hands == (parse_cards("2C 3C 4C"), parse_cards("2D 3D 4D"))
    state = arneson.step(state, arneson.parse_action("3C"))
    assert state.hands == (parse_cards("2C 4C"), parse_cards("2D 3D 4D"))
    state = arneson.step(state, arneson.parse_action("4D"))
    assert state.last is not None
    assert state.last.winner == 1
    assert state.hands == (parse_cards("2C 4C 5C"), parse_cards("2D 3D 5D"))


def test_choices_are_listed_by_rank_then_suit_in_bridge_order() -> None:
    deck = list(arneson.deck())
    tops = parse_cards("2S 2H 2C 2D")
    rest = [c for c in deck if c not in tops]
    state = arneson.new_game(0, arneson.options(hand_size=4), deal=[(*tops, *rest[:22]), rest[22:]])
    assert [str(a) for a in arneson.legal_actions(state)] == ["2C", "2D", "2H", "2S"]


def test_new_game_refuses_another_variants_options_by_name() -> None:
    from cardwar.variants import war

    with pytest.raises(TypeError) as err:
        arneson.new_game(1, war.Options())  # type: ignore[arg-type]
    assert str(err.value) == "options must be arneson.Options, got Options"


# --- the win pile (pickup_order=win_pile): mutants of _resolve and cards_held -------------


def _wp_game(deal: list[str], ranks: str, **opts: object) -> arneson.State:
    return arneson.new_game(0, arneson.options(ranks=ranks, suits="SH", **opts), deal=deal)


def _wp_play(state: arneson.State, first: str, second: str) -> arneson.State:
    state = arneson.step(state, arneson.parse_action(first))
    return arneson.step(state, arneson.parse_action(second))


def _wp_text(pile: Sequence[Card]) -> str:
    return " ".join(map(str, pile))


@pytest.mark.rule("ARNESON-PICKUP", "ARNESON-REFILL")
def test_a_win_pile_takes_the_won_cards_and_is_shuffled_into_an_empty_stock() -> None:
    state = _wp_game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", pickup_order="win_pile")
    after = _wp_play(state, "5S", "2H")
    # The won cards go onto the winner's win pile, seat by seat, not under the stock.
    assert _wp_text(after.won[0]) == "5S 2H"
    assert after.won[1] == ()
    assert after.stocks == ((), ())
    assert (after.cards_held(0), after.cards_held(1)) == (5, 3)
    assert after.rng == state.rng  # nothing was shuffled
    # Seat 0 must refill with an empty stock: its win pile is shuffled into its stock
    # by the game's generator (WAR-PICKUP-WIN-PILE), and the top card drawn.
    shuffled, rng = state.rng.shuffle(after.won[0])
    again = _wp_play(after, "4S", "3H")
    assert again.rng == rng
    assert _wp_text(again.hands[0]) == f"2S 3S {shuffled[0]}"
    assert _wp_text(again.stocks[0]) == str(shuffled[1])
    assert _wp_text(again.won[0]) == "4S 3H"
    assert (again.cards_held(0), again.cards_held(1)) == (6, 2)


@pytest.mark.rule("ARNESON-WAR", "ARNESON-PICKUP")
def test_a_war_won_with_a_win_pile_gives_each_seat_its_cards() -> None:
    deal = ["5S 2S 3S 4S 6S 7S 8S", "5H 2H 3H 4H 6H 7H 8H"]
    state = _wp_game(deal, "2 3 4 5 6 7 8", pickup_order="win_pile")
    after = _wp_play(_wp_play(state, "5S", "5H"), "4S", "3H")
    # As with any pickup order: seat 0 takes the stakes and both fourth cards, seat 1
    # the pair that started the war; here they went through the win piles.
    held = [sorted(map(str, (*after.hands[s], *after.stocks[s], *after.won[s]))) for s in (0, 1)]
    assert held[0] == sorted(["2S", "3S", "6S", "7S", "8S", "4S", "6H", "7H", "8H", "3H"])
    assert held[1] == sorted(["2H", "4H", "5S", "5H"])
    assert (after.cards_held(0), after.cards_held(1)) == (10, 4)
    assert after.wars_won == (1, 0)


@pytest.mark.rule("ARNESON-WAR", "ARNESON-PICKUP")
def test_the_pair_of_a_war_goes_onto_the_losers_win_pile() -> None:
    deal = ["5S 2S 3S 4S 6S 7S 8S", "5H 2H 3H 4H 6H 7H 8H 9H 9S TH TS"]
    state = _wp_game(deal, "2 3 4 5 6 7 8 9 T", pickup_order="win_pile")
    after = _wp_play(_wp_play(state, "5S", "5H"), "4S", "3H")
    # Seat 1 loses the war and takes the pair that started it: onto its win pile, like
    # every won card with this pickup order, not under its stock, which still refills
    # its hand and is not yet empty.
    assert sorted(map(str, after.won[1])) == ["5H", "5S"]
    assert _wp_text(after.stocks[1]) == "9S 10H 10S"
    assert _wp_text(after.hands[1]) == "2H 4H 9H"
    assert after.wars_won == (1, 0)


@pytest.mark.rule("ARNESON-WAR", "ARNESON-REFILL")
def test_a_win_pile_shuffled_during_a_tie_advances_the_generator_of_the_war() -> None:
    state = _wp_game(["5S 2S 3S 4S", "2H 3H 4H 5H"], "2 3 4 5", pickup_order="win_pile")
    first = _wp_play(state, "5S", "2H")
    assert _wp_text(first.won[0]) == "5S 2H"
    assert first.stocks == ((), ())
    # 4S ties 4H: seat 0 refills from its win pile, shuffled into the empty stock, and
    # stakes the rest; seat 1 has nothing left to draw. The war goes on (both still hold
    # cards to choose), and the state carries the generator the shuffle advanced.
    shuffled, rng = first.rng.shuffle(first.won[0])
    war = _wp_play(first, "4S", "4H")
    assert war.result is None
    assert war.rng == rng
    assert rng.counter > first.rng.counter
    assert _wp_text(war.hands[0]) == f"2S 3S {shuffled[0]}"
    assert _wp_text(war.laid[0]) == f"4S {shuffled[1]}"
    assert _wp_text(war.hands[1]) == "3H 5H"
    assert war.stakes == (1, 0)


# --- ArnesonSearch: what a round is worth to it ---------------------------------------------


def _fixed_samples(monkeypatch: pytest.MonkeyPatch, hands: Sequence[str]) -> None:
    """Make ArnesonSearch sample the same states every time: one per entry of ``hands``,
    the opponent holding those cards and not having chosen, so that the card it is
    predicted to play (the heuristic's, from those cards) is known."""
    states = [SimpleNamespace(committed=(None, None), hands=(parse_cards(h), parse_cards(h)))
              for h in hands]

    def sample(sampler: object, observation: object, rng: Rng, count: int) -> tuple[Any, Rng]:
        return states, rng

    monkeypatch.setattr(arneson_agents, "sample_states", sample)


def _observation(seat: int, rounds: Any = (), stakes: tuple[int, int] = (0, 0),
                 **opts: Any) -> arneson.Observation:
    observation = arneson.observe(arneson.new_game(1, arneson.options(**opts)), seat)
    return attrs.evolve(observation, rounds=rounds, stakes=stakes)


def _worth(observation: arneson.Observation, low: str, high: str) -> int:
    """Return the spend per rank point up to which the agent keeps choosing ``high``
    over ``low`` (one rank lower): what the better outcome of ``high`` is worth to it,
    found over the spends 0.5, 1.5, ... 99.5."""
    legal = (arneson.Choose(parse_card(low)), arneson.Choose(parse_card(high)))
    return sum(
        ArnesonSearch(0, spend=k + 0.5).choose(observation, legal) is legal[1] for k in range(100)
    )


#: A war of two rounds: the first with no face-down cards, the second with two (seat 0)
#: and one (seat 1); three and one staked for the round being chosen. On the table:
#: seat 0 has 1 + 3 + 1 + (1 + 2) = 8 cards, seat 1 has 1 + 1 + 1 + (1 + 1) = 5.
_WAR = ((Turn(0, 0, parse_card("9C")), Turn(1, 0, parse_card("9D"))),
        (Turn(0, 2, parse_card("7C")), Turn(1, 1, parse_card("7D"))))


@pytest.mark.parametrize(("seat", "rounds", "stakes", "war_pair", "gain", "loss"), [
    (0, (), (0, 0), "loser", 2, 2),
    (1, (), (0, 0), "loser", 2, 2),
    (0, _WAR, (3, 1), "winner", 2 * 5, 2 * 8),
    (1, _WAR, (3, 1), "winner", 2 * 8, 2 * 5),
    (0, _WAR, (3, 1), "loser", 2 * 4, 2 * 7),
    (1, _WAR, (3, 1), "loser", 2 * 7, 2 * 4),
])
def test_arneson_search_values_a_round_by_the_cards_on_the_table(
    monkeypatch: pytest.MonkeyPatch, seat: int, rounds: Any, stakes: tuple[int, int],
    war_pair: str, gain: int, loss: int,
) -> None:
    """A won round is worth two per card the opponent has on the table (its face-up and
    face-down cards of every round, and its stake), a lost one costs two per own card,
    a tie nothing; under war_pair=loser each side's pair card goes back to the loser, so
    one card less each. Against an opponent predicted to play a Five, the Six (a win)
    beats the Five (a tie) while the spend per point is below the gain, and the Five
    beats the Four (a loss) while it is below the loss."""
    _fixed_samples(monkeypatch, ["5H"])
    observation = _observation(seat, rounds, stakes, war_pair=war_pair)
    assert _worth(observation, "5S", "6S") == gain
    assert _worth(observation, "4S", "5S") == loss


def test_arneson_search_keeps_the_first_of_equal_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two cards of one rank are worth the same: the first listed is played."""
    _fixed_samples(monkeypatch, ["5H"])
    observation = _observation(0)
    six_c, six_d = arneson.Choose(parse_card("6C")), arneson.Choose(parse_card("6D"))
    assert ArnesonSearch(0).choose(observation, (six_c, six_d)) is six_c
    assert ArnesonSearch(0).choose(observation, (six_d, six_c)) is six_d


def test_arneson_search_with_an_infinite_spend_plays_the_first_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An infinite spend makes every card worth minus infinity: none is better than the
    first."""
    _fixed_samples(monkeypatch, ["5H"])
    legal = (arneson.Choose(parse_card("6C")), arneson.Choose(parse_card("2C")))
    assert ArnesonSearch(0, spend=float("inf")).choose(_observation(0), legal) is legal[0]


def test_arneson_search_breaks_an_even_expectation_by_the_cheaper_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Against a Five or a Ten, the Seven and the Eight each win one round and lose one
    (expectation 0); the tiniest spend then still prefers the cheaper Seven."""
    _fixed_samples(monkeypatch, ["5H", "10H"])
    legal = (arneson.Choose(parse_card("8C")), arneson.Choose(parse_card("7C")))
    assert ArnesonSearch(0, spend=1e-20).choose(_observation(0), legal) is legal[1]


def test_arneson_search_checks_samples_and_spend() -> None:
    """One sample is enough; fewer, a spend below 0 and a bool are refused by name."""
    assert ArnesonSearch(samples=1).samples == 1
    assert ArnesonSearch(spend=0).spend == 0.0
    with pytest.raises(AgentError) as err:
        ArnesonSearch(samples=0)
    assert str(err.value) == "samples must be an int >= 1, got 0"
    for spend in (-0.5, True):
        with pytest.raises(AgentError) as err:
            ArnesonSearch(spend=spend)
        assert str(err.value) == f"spend must be a number >= 0, got {spend!r}"


def test_arneson_search_is_seeded_with_0_by_default() -> None:
    """The default seed is 0: the same choices as ArnesonSearch(0), not those of seed 1."""
    opts = {"max_battles": 20}

    def moves(agent: ArnesonSearch) -> tuple[str, ...]:
        return agents.play("arneson", [agent, arneson.heuristic(0)], 3, opts).actions

    assert moves(ArnesonSearch()) == moves(ArnesonSearch(0)) != moves(ArnesonSearch(1))
