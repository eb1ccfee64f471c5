"""Details of :mod:`cardwar.variants.cold_war` that the main tests leave open: the exact
text of a trick record (a set-aside table, several seats leaving) and the exact messages
of :func:`~cardwar.variants.cold_war.parse_action`; the heuristic offered only Jokers;
and :class:`~cardwar.variants.cold_war.ColdWarSearch`'s choices with the true state as its
only sample, its parameters and its default seed."""

from __future__ import annotations

from typing import Any

import pytest

from cardwar import agents
from cardwar.cards import Card, CardError, DealError, Rank, parse_card, parse_cards
from cardwar.core import Agent, GameOverError, IllegalActionError, NotationError, OptionError
from cardwar.errors import AgentError
from cardwar.rng import Rng
from cardwar.variants import cold_war
from cardwar.variants.cold_war import Play, Played, State, TrickRecord
from cardwar.variants.cold_war import agents as cold_war_agents
from cardwar.variants.cold_war.agents import ColdWarSearch

JOKER_RULE = "a Joker needs a declared rank (JK=Q, JK=TOP), other cards none"


def _played(seat: int, text: str, rank: Rank | None = None) -> Played:
    card = parse_card(text)
    return Played(seat, card, card.rank if rank is None else rank)


def _card_error(text: str) -> str:
    with pytest.raises(CardError) as err:
        parse_card(text)
    return str(err.value)


# --- TrickRecord text ----------------------------------------------------------------------


def test_a_set_aside_trick_reads_set_aside_and_lists_the_seats_that_left() -> None:
    # kills TrickRecord.__str__ mutmut_11, _13, _14, _23
    record = TrickRecord(
        rounds=(
            (_played(0, "9S"), _played(1, "9C"), _played(2, "AH")),
            (_played(0, "KS"), _played(1, "JK", Rank.KING)),
        ),
        stakes=(1, 1, 0),
        winner=None,
        cards=7,
        left=(1, 0),
    )
    assert str(record) == "0:9S 1:9C 2:AH / 0:KS 1:JK=K -> set aside 7; left: 1 0"


def test_a_taken_trick_names_its_taker_and_omits_an_empty_left_list() -> None:
    record = TrickRecord(
        rounds=((_played(2, "10H"), _played(0, "JK", cold_war.TOP), _played(1, "QD")),),
        stakes=(0, 0, 0),
        winner=0,
        cards=3,
        left=(),
    )
    assert str(record) == "2:10H 0:JK=TOP 1:QD -> seat 0 takes 3"


def test_a_taken_trick_lists_a_single_seat_that_left() -> None:
    record = TrickRecord(
        rounds=((_played(0, "9S"), _played(1, "9C")), (_played(0, "AS"),)),
        stakes=(1, 0),
        winner=0,
        cards=4,
        left=(1,),
    )
    assert str(record) == "0:9S 1:9C / 0:AS -> seat 0 takes 4; left: 1"


# --- parse_action messages -------------------------------------------------------------------


@pytest.mark.parametrize(("value", "shown"), [(7, "7"), (None, "None"), (b"QH", "b'QH'")])
def test_parse_action_refuses_a_non_string_showing_it(value: Any, shown: str) -> None:
    # kills parse_action mutmut_2
    with pytest.raises(NotationError) as err:
        cold_war.parse_action(value)
    assert str(err.value) == f"bad action {shown}: expected a str"


@pytest.mark.parametrize("text", ["JK", "jk", "QH=Q", "9s=top"])
def test_a_joker_without_a_rank_or_a_card_with_one_is_refused_with_the_rule(text: str) -> None:
    # kills parse_action mutmut_11, _12, _13, _14
    with pytest.raises(NotationError) as err:
        cold_war.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected a card such as QH, or JK=Q or JK=TOP ({JOKER_RULE})"
    )


@pytest.mark.parametrize("text", ["ZZ", "2X", ""])
def test_a_bad_card_is_refused_with_the_card_message(text: str) -> None:
    # kills parse_action mutmut_29
    with pytest.raises(NotationError) as err:
        cold_war.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected a card such as QH, or JK=Q or JK=TOP "
        f"({_card_error(text)})"
    )


# --- options, deal and observe messages ------------------------------------------------------


def test_a_deck_too_small_to_deal_is_refused_with_its_size() -> None:
    # 4 ranks x 1 suit x 2 copies = 8 cards: one short of three hands of three.
    small = {"ranks": "J Q K A", "suits": "S", "decks": 2}
    with pytest.raises(OptionError) as err:
        cold_war.options(**small, jokers=0)
    assert err.value.option == "ranks"
    assert str(err.value) == (
        "option 'ranks': a deck of 8 cards cannot deal 3 cards to 3 players (COLDWAR-DEAL)"
    )
    assert len(cold_war.deck(cold_war.options(**small, jokers=1))) == 9
    with pytest.raises(OptionError) as err:
        cold_war.options(**small, jokers=3, players=4)
    assert str(err.value) == (
        "option 'ranks': a deck of 11 cards cannot deal 3 cards to 4 players (COLDWAR-DEAL)"
    )
    assert len(cold_war.deck(cold_war.options(**small, jokers=4, players=4))) == 12


def _deal(*hands: str) -> list[tuple[Card, ...]]:
    """Return an explicit deal of the default deck: the hands, then the rest as the stock."""
    piles = [parse_cards(h) for h in hands]
    stock = list(cold_war.deck())
    for pile in piles:
        for card in pile:
            stock.remove(card)
    return [*piles, tuple(stock)]


HANDS = ("JK 9S KS", "9C AH QD", "AS 10H JD")


def test_an_explicit_deal_needs_a_hand_per_seat_and_a_stock() -> None:
    with pytest.raises(DealError) as err:
        cold_war.new_game(0, deal=_deal(*HANDS)[1:])
    assert str(err.value) == "a Cold War deal is 3 hands and a stock (4 piles), got 3"
    with pytest.raises(DealError) as err:
        cold_war.new_game(0, cold_war.options(players=4), deal=_deal(*HANDS))
    assert str(err.value) == "a Cold War deal is 4 hands and a stock (5 piles), got 4"


def test_an_explicit_deal_names_the_first_hand_of_the_wrong_size() -> None:
    with pytest.raises(DealError) as err:
        cold_war.new_game(0, deal=_deal("JK 9S KS", "9C AH QD 10S", "AS 10H"))
    assert str(err.value) == "every hand is dealt 3 cards; seat 1 has 4"
    with pytest.raises(DealError) as err:
        cold_war.new_game(0, deal=_deal("JK 9S KS", "9C AH QD", "AS 10H"))
    assert str(err.value) == "every hand is dealt 3 cards; seat 2 has 2"


@pytest.mark.parametrize(("seat", "shown"), [(3, "3"), (-1, "-1"), (True, "True"), ("0", "'0'")])
def test_observe_refuses_a_seat_that_does_not_exist(seat: Any, shown: str) -> None:
    state = cold_war.new_game(0, deal=_deal(*HANDS))
    with pytest.raises(ValueError, match=r"^seat must") as err:
        cold_war.observe(state, seat)
    assert str(err.value) == f"seat must be an int in [0, 2], got {shown}"


# --- why a play is illegal -------------------------------------------------------------------


def _why(state: State, action: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        cold_war.step(state, action)
    text = str(err.value)
    prefix = f"seat {cold_war.to_act(state)} cannot play {action}: "
    assert text.startswith(prefix)
    legal = cold_war.legal_actions(state)
    assert text.endswith("; legal actions: " + ", ".join(str(a) for a in legal[:20])
                         + (f" (and {len(legal) - 20} more)" if len(legal) > 20 else ""))
    assert err.value.legal == legal
    return text[len(prefix) : text.index("; legal actions: ")]


def test_the_illegal_plays_are_explained() -> None:
    state = cold_war.new_game(0, deal=_deal(*HANDS))
    assert cold_war.to_act(state) == 0
    assert _why(state, Play(parse_card("AH"))) == "it is not a card of their hand"
    assert _why(state, "KS") == "it is not a Cold War play"
    assert _why(state, Play(parse_card("JK"))) == "a Joker is played with a declared rank"
    assert _why(state, Play(parse_card("JK"), Rank.TWO)) == (
        "a Joker is played with a declared rank"
    )
    assert _why(state, Play(parse_card("KS"), Rank.QUEEN)) == (
        "only a Joker takes a declared rank"
    )


def test_a_finished_game_refuses_every_play_saying_how_it_ended() -> None:
    state = cold_war.new_game(0, cold_war.options(max_tricks=1), deal=_deal(*HANDS))
    for text in ("KS", "AH", "10H"):
        state = cold_war.step(state, cold_war.parse_action(text))
    assert state.last_trick is not None
    assert str(state.last_trick) == "0:KS 1:AH 2:10H -> seat 1 takes 3"
    assert str(cold_war.observe(state, 2).result) == "draw (battle_limit)"
    assert cold_war.observe(state, 0).last_trick == state.last_trick
    with pytest.raises(GameOverError) as err:
        cold_war.step(state, cold_war.parse_action("9S"))
    assert str(err.value) == "the game is over (draw (battle_limit)); no action is legal"


# --- plays and points ------------------------------------------------------------------------


def test_plays_print_in_the_notation_parse_action_reads() -> None:
    assert str(Play(parse_card("QH"))) == "QH"
    assert str(Play(parse_card("JK"), cold_war.TOP)) == "JK=TOP"
    assert str(Play(parse_card("JK"), Rank.TEN)) == "JK=10"
    assert str(Play(parse_card("JK"), Rank.ACE)) == "JK=A"
    assert str(Played(2, parse_card("JK"), cold_war.TOP)) == "2:JK=TOP"
    assert str(Played(1, parse_card("JK"), Rank.NINE)) == "1:JK=9"


@pytest.mark.parametrize(
    ("text", "points"),
    [("JK", 0), ("2H", 2), ("8C", 8), ("9S", 9), ("10D", 10), ("JH", 10), ("QS", 10),
     ("KC", 10), ("AD", 11)],
)
def test_card_points_follow_the_scoring_rule(text: str, points: int) -> None:
    assert cold_war.card_points(parse_card(text)) == points


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("QS KS AS", 100),
        ("10H 9H JH", 100),
        ("JH JK QH", 20),
        ("9H JK JH", 20),
        ("AS JK JK", 20),
        ("9S QS JK", 0),  # 9 and Q are three places apart: no Joker fills two gaps
        ("9S JS KS", 0),
        ("AS KH QS", 0),
        ("AS AS KS", 0),
        ("AS KS", 0),
        ("AS KS QS JS", 0),
        ("2S 3S 4S", 0),  # ranks outside the deck
    ],
)
def test_bomb_points_of_three_cards(text: str, points: int) -> None:
    assert cold_war.bomb_points(parse_cards(text)) == points


def test_bomb_points_follow_the_ranks_of_the_deck() -> None:
    full = tuple(Rank(v) for v in range(2, 15))
    assert cold_war.bomb_points(parse_cards("2S 3S 4S"), full) == 100
    assert cold_war.bomb_points(parse_cards("2S JK 4S"), full) == 20
    # A deck of two ranks has no sequence of three, even with a Joker.
    assert cold_war.bomb_points(parse_cards("KS AS JK"), (Rank.KING, Rank.ACE)) == 0


def test_a_deck_of_exactly_three_ranks_still_has_bombs() -> None:
    ranks = (Rank.QUEEN, Rank.KING, Rank.ACE)
    assert cold_war.bomb_points(parse_cards("QS KS AS"), ranks) == 100
    assert cold_war.bomb_points(parse_cards("QS JK AS"), ranks) == 20


@pytest.mark.parametrize(
    ("text", "declared"),
    [("JK=TOP", cold_war.TOP), ("jk=top", cold_war.TOP), (" JK = Top ", cold_war.TOP),
     ("JK=Q", Rank.QUEEN), ("jk=q", Rank.QUEEN), ("JK=10", Rank.TEN), ("JK=a", Rank.ACE)],
)
def test_a_joker_is_read_with_its_declared_rank(text: str, declared: Rank) -> None:
    assert cold_war.parse_action(text) == Play(parse_card("JK"), declared)


def test_plays_are_listed_by_rank_then_suit_in_bridge_order() -> None:
    state = cold_war.new_game(0, deal=_deal("9S 9C 9H", "9D AH QD", "AS 10H JD"))
    assert [str(a) for a in cold_war.legal_actions(state)] == ["9C", "9H", "9S"]
    state = cold_war.new_game(0, deal=_deal("JK 9S 9D", "9C AH QD", "AS 10H JD"))
    assert [str(a) for a in cold_war.legal_actions(state)][:3] == ["9D", "9S", "JK=9"]


def test_a_war_is_observed_with_its_stakes_then_taken_by_the_declared_top() -> None:
    state = cold_war.new_game(0, deal=_deal(*HANDS))
    assert cold_war.observe(state, 0).hand == parse_cards("JK 9S KS")
    for text in ("9S", "9C"):
        state = cold_war.step(state, cold_war.parse_action(text))
    seen = cold_war.observe(state, 2)
    assert seen.war_rank is Rank.NINE
    assert [str(p) for p in seen.plays] == ["0:9S", "1:9C"]
    state = cold_war.step(state, cold_war.parse_action("AS"))
    seen = cold_war.observe(state, 2)
    assert seen.seat == 2
    assert seen.order == (0, 1)
    assert seen.stake_counts == (1, 1, 0)
    assert seen.hand_sizes == (3, 3, 3)
    assert seen.stock_size == 50 - 9 - 3 - 2
    assert seen.war_rank is None
    assert seen.plays == ()
    assert [[str(p) for p in r] for r in seen.rounds] == [["0:9S", "1:9C", "2:AS"]]
    assert seen.recent[0][0] == parse_card("9S")
    state = cold_war.step(state, cold_war.parse_action("JK=TOP"))
    state = cold_war.step(state, cold_war.parse_action("AH"))
    assert str(state.last_trick) == "0:9S 1:9C 2:AS / 0:JK=TOP 1:AH -> seat 0 takes 7"
    seen = cold_war.observe(state, 0)
    assert seen.pool_sizes == (7, 0, 0)
    assert len(seen.pool) == 7
    assert seen.pool[0] == parse_card("AH")  # the last card laid is on top
    assert seen.stake_counts == (0, 0, 0)
    assert seen.tricks == 1
    assert seen.order == (0, 1, 2)


def test_each_seat_recalls_the_last_three_cards_it_played_in_the_deal() -> None:
    state = cold_war.new_game(3)
    played: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    for _ in range(14):
        seat = cold_war.to_act(state)
        assert seat is not None
        action = cold_war.legal_actions(state)[-1]
        played[seat].append(action.card)
        state = cold_war.step(state, action)
    assert state.deals == 0
    for seat in (0, 1, 2):
        assert len(played[seat]) >= 4
        assert cold_war.observe(state, seat).recent[seat] == tuple(played[seat][-3:])


@pytest.mark.parametrize("players", [3, 4])
def test_the_first_deal_is_the_shuffled_deck_dealt_from_the_dealers_left(players: int) -> None:
    opts = cold_war.options(players=players, ranks="10 J Q K A", jokers=1)
    cards, rng = Rng.from_seed(5).shuffle(cold_war.deck(opts))
    assert len(cards) == 41
    state = cold_war.new_game(5, opts)
    n = players
    # Seat 0 deals: one card at a time, seat 1 first, seat 0 last, three rounds.
    assert state.hands == tuple(cards[(s - 1) % n : 3 * n : n] for s in range(n))
    assert state.stock == cards[3 * n :]
    assert state.rng == rng
    seen = cold_war.observe(state, 0)
    assert (seen.dealer, seen.deals, seen.tricks, seen.set_aside) == (0, 0, 0, 0)
    assert seen.active == (True,) * n
    assert seen.totals == (0,) * n
    assert (seen.last_trick, seen.last_deal, seen.result) == (None, None, None)
    assert seen.order == tuple(range(n))


def test_new_game_refuses_another_variants_options_by_name() -> None:
    from cardwar.variants import war

    with pytest.raises(TypeError) as err:
        cold_war.new_game(1, war.Options())  # type: ignore[arg-type]
    assert str(err.value) == "options must be cold_war.Options, got Options"


def test_a_war_fought_twice_is_observed_with_two_stakes_per_fighter() -> None:
    state = cold_war.new_game(0, deal=_deal("9S KS JD", "9C KD QD", "AS 10H JH"))
    for text in ("9S", "9C", "AS", "KS", "KD"):
        state = cold_war.step(state, cold_war.parse_action(text))
    seen = cold_war.observe(state, 2)
    assert seen.stake_counts == (2, 2, 0)
    assert len(seen.rounds) == 2
    assert seen.order == (0, 1)


def test_an_explicit_deal_is_checked_against_the_deck_of_the_options() -> None:
    opts = cold_war.options(ranks="10 J Q K A", jokers=1)
    deck = cold_war.deck(opts)
    state = cold_war.new_game(0, opts, deal=[deck[:3], deck[3:6], deck[6:9], deck[9:]])
    assert state.hands == (deck[:3], deck[3:6], deck[6:9])
    assert state.stock == deck[9:]
    with pytest.raises(DealError):
        cold_war.new_game(0, deal=[deck[:3], deck[3:6], deck[6:9], deck[9:]])


def test_the_last_deal_is_observed_once_scored() -> None:
    state = cold_war.new_game(2)
    while state.deals == 0:
        state = cold_war.step(state, cold_war.legal_actions(state)[0])
    assert state.last_deal is not None
    assert state.last_deal.number == 1
    assert cold_war.observe(state, 1).last_deal == state.last_deal
    assert cold_war.observe(state, 1).deals == 1
    # The scored deal stays the last one through the tricks of the next deal.
    scored, tricks = state.last_deal, state.tricks
    while state.tricks == tricks:
        state = cold_war.step(state, cold_war.legal_actions(state)[0])
    assert state.deals == 1
    assert state.last_deal == scored


@pytest.mark.rule("COLDWAR-SCORE")
def test_the_end_of_a_deal_is_told_in_words() -> None:
    # Nothing happens off screen (issue 18): the narration of a deal's end gives each
    # seat's score, the bombs, the hands shown and the totals.
    import random
    import re

    from cardwar.variants.cold_war.view import describe_step

    told = 0
    for seed in range(6):
        rnd = random.Random(seed)
        state = cold_war.new_game(seed)
        while cold_war.outcome(state) is None and state.deals < 3:
            action = rnd.choice(cold_war.legal_actions(state))
            after = cold_war.step(state, action)
            text = describe_step(state, action, after, ascii=True)
            if after.deals != state.deals:
                deal = after.last_deal
                assert deal is not None
                points = r",? ".join(rf"seat {s} {p}( \(bomb \+\d+\))?"
                                     for s, p in enumerate(deal.scores))
                assert re.search(rf"^deal {deal.number} ended: .*; points {points}$", text,
                                 re.M)
                for s, bomb in enumerate(deal.bombs):
                    assert (f"seat {s} {deal.scores[s]} (bomb +{bomb})" in text) == bool(bomb)
                totals = ", ".join(f"seat {s} {t}" for s, t in enumerate(after.totals))
                assert f"totals: {totals} (the target is" in text
                assert "hands shown: seat 0 " in text
                # COLDWAR-SCORE: a hand that did not count is marked.
                assert text.count("(not scored)") == deal.hands_scored.count(False) > 0
                told += 1
            else:
                assert "ended" not in text
            state = after
    assert told >= 6


# --- the heuristic agent -------------------------------------------------------------------


def test_the_heuristic_with_only_jokers_to_play_leads_the_highest_declaration() -> None:
    """Offered only Joker plays (a hand of Jokers), the heuristic still leads its highest:
    the Joker declared TOP."""
    state = cold_war.new_game(5)
    jokers = tuple(a for a in cold_war.legal_actions(state) if a.card.is_joker)
    assert [str(a) for a in jokers] == ["JK=9", "JK=10", "JK=J", "JK=Q", "JK=K", "JK=A", "JK=TOP"]
    choice = cold_war.ColdWarHeuristic().choose(cold_war.observe(state, 0), jokers)
    assert str(choice) == "JK=TOP"


# --- the search agent ----------------------------------------------------------------------


def _search_after_an_ace(monkeypatch: pytest.MonkeyPatch, hand: str,
                         legal_order: int = 1) -> str:
    """Return what ColdWarSearch plays for seat 1, holding ``hand``, after seat 0 led the
    Ace of spades, with the true state as its only sample (seat 2 holds 9H 9S JD or,
    for a hand with a Nine, QD QH KD, so that no pair starts a war)."""
    other = "QD QH KD" if "9" in hand else "9H 9S JD"
    state = cold_war.new_game(1, deal=_deal("AS 9D JH", hand, other))
    state = cold_war.step(state, cold_war.parse_action("AS"))

    def sample(sampler: object, observation: object, rng: Rng, count: int) -> tuple[Any, Rng]:
        return [state], rng

    monkeypatch.setattr(cold_war_agents, "sample_states", sample)
    legal = cold_war.legal_actions(state)[::legal_order]
    return str(ColdWarSearch(0, samples=1).choose(cold_war.observe(state, 1), legal))


def test_cold_war_search_gives_a_trick_it_cannot_win_its_cheapest_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing beats the Ace led: the Nine (9 points) costs less than the Ten or the King
    (10 each), counted as points its hand and pool would score."""
    assert _search_after_an_ace(monkeypatch, "9C KC 10H") == "9C"


def test_cold_war_search_plays_the_first_of_cards_worth_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """10C, QC and KC lose the same 10 points to the Ace: the first listed is played."""
    assert _search_after_an_ace(monkeypatch, "10C KC QC") == "10C"
    assert _search_after_an_ace(monkeypatch, "10C KC QC", legal_order=-1) == "KC"


@pytest.mark.rule("COLDWAR-SCORE")
def test_cold_war_search_values_a_play_by_the_change_of_each_seats_pool_and_hand() -> None:
    """The value of a play is the seat's gain less the mean of the others' gains, each
    gain the change over the trick of what the seat's cards would score (the cards drawn
    after it included), not the points held. Under ``hand_score=everyone`` a seat's pool
    and hand score: seat 0 led the Ace of spades; seat 1 holds 9C KC 10H (29 points),
    seat 0 9D JH (19), seat 2 9H 9S JD (28). Seat 1 plays 10H, seat 2 9H: seat 0 takes AS
    10H 9H (30) and draws 10C, 59 in all (+40); seat 1 keeps 9C KC and draws JC, 29 (0);
    seat 2 keeps 9S JD and draws QC, 29 (+1). Worth 0 - (40 + 1) / 2 to seat 1 (the
    points held would give 58 - (78 + 57) / 2). By default only the pools count for
    players still in the deal: seat 0 gains 30, the others nothing, 0 - 30 / 2."""
    # kills ColdWarSearch._value mutmut_52 (gains as now + before)
    default = cold_war.new_game(1, deal=_deal("AS 9D JH", "9C KC 10H", "9H 9S JD"))
    default = cold_war.step(default, cold_war.parse_action("AS"))
    assert ColdWarSearch(0)._value(default, cold_war.parse_action("10H"), 1) == 0 - 30 / 2
    state = cold_war.new_game(1, cold_war.options(hand_score="everyone"),
                              deal=_deal("AS 9D JH", "9C KC 10H", "9H 9S JD"))
    state = cold_war.step(state, cold_war.parse_action("AS"))
    after = cold_war.step(state, cold_war.parse_action("10H"))
    after = cold_war.step(after, cold_war.parse_action("9H"))
    assert str(after.last_trick) == "0:AS 1:10H 2:9H -> seat 0 takes 3"
    assert [" ".join(map(str, after.hands[s] + after.pools[s])) for s in range(3)] == [
        "9D JH 10C 9H 10H AS", "9C KC JC", "9S JD QC"]
    value = ColdWarSearch(0)._value(state, cold_war.parse_action("10H"), 1)
    assert value == 0 - (40 + 1) / 2


def test_cold_war_search_checks_and_shows_its_samples() -> None:
    """samples is an int >= 1 (8 by default); anything else is refused by name."""
    assert repr(ColdWarSearch()) == "ColdWarSearch(samples=8)"
    assert repr(ColdWarSearch(samples=1)) == "ColdWarSearch(samples=1)"
    for samples in (0, 1.5):
        with pytest.raises(AgentError) as err:
            ColdWarSearch(samples=samples)  # type: ignore[arg-type]
        assert str(err.value) == f"samples must be an int >= 1, got {samples!r}"


def test_cold_war_search_is_seeded_with_0_by_default() -> None:
    """The default seed is 0: the same choices as ColdWarSearch(0), not those of seed 1."""

    def moves(agent: ColdWarSearch) -> tuple[str, ...]:
        seats: list[Agent] = [agent, cold_war.heuristic(0), cold_war.heuristic(0)]
        return agents.play("cold-war", seats, 1, {"max_tricks": 6}).actions

    assert moves(ColdWarSearch(samples=2)) == moves(ColdWarSearch(0, samples=2))
    assert moves(ColdWarSearch(samples=2)) != moves(ColdWarSearch(1, samples=2))


def _search_with_the_true_state(monkeypatch: pytest.MonkeyPatch, state: State) -> str:
    """Return what ColdWarSearch plays for the seat to act with ``state`` itself as its
    only sample."""

    def sample(sampler: object, observation: object, rng: Rng, count: int) -> tuple[Any, Rng]:
        return [state], rng

    monkeypatch.setattr(cold_war_agents, "sample_states", sample)
    seat = cold_war.to_act(state)
    assert seat is not None
    legal = cold_war.legal_actions(state)
    return str(ColdWarSearch(0, samples=1).choose(cold_war.observe(state, seat), legal))


def _after_heuristic_moves(seed: int, moves: int, players: int = 3) -> State:
    """Return the game of ``seed`` after ``moves`` moves of heuristic players."""
    state = cold_war.new_game(seed, cold_war.options(players=players))
    model = cold_war.ColdWarHeuristic()
    for _ in range(moves):
        seat = cold_war.to_act(state)
        assert seat is not None
        state = cold_war.step(state, model.choose(cold_war.observe(state, seat),
                                                  cold_war.legal_actions(state)))
    return state


@pytest.mark.parametrize(("players", "seed", "moves", "legal", "expected"), [
    # Every card loses 1 for the seat; the others would gain 69, 69, or only 39 with KC.
    (3, 0, 1, "10D 10H KC", "KC"),
    # 9C gains 91 for the seat and 128 for the others (27 against their mean of 64);
    # KD gains 19 and gives them nothing: 9C is better by the mean, not by the sum.
    (3, 53, 278, "9C JD KD", "9C"),
    # 9H loses 9 and the others gain 20 (-9 - 20 / 3); 10D loses 20 and they lose 20
    # (-20 + 20 / 3): over the three others' mean, 10D is the better.
    (4, 28, 47, "9H 10D AD", "10D"),
    # The first lead of seed 0: the Ace of hearts feeds the others most; the Ten and
    # the King of diamonds are worth the same, and the Ten is listed first.
    (3, 0, 0, "10D KD AH", "10D"),
])
def test_cold_war_search_weighs_its_gain_against_the_mean_of_the_others(
    monkeypatch: pytest.MonkeyPatch, players: int, seed: int, moves: int, legal: str,
    expected: str,
) -> None:
    """A play is worth what the seat gains less the mean of what each other player gains
    (each seat's pool and hand, as the deal would score them), with the true state as
    the only sample; equal values go to the first listed."""
    state = _after_heuristic_moves(seed, moves, players)
    assert " ".join(str(a) for a in cold_war.legal_actions(state)) == legal
    assert _search_with_the_true_state(monkeypatch, state) == expected


def test_cold_war_search_values_a_deal_ending_trick_by_the_deals_scores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 1 after 258 heuristic moves: the stock is out and seat 2's trick ends the
    deal. The deal's scores (the totals gained in it, not the totals so far) value each
    card: it plays the Queen of hearts."""
    state = _after_heuristic_moves(1, 258)
    assert (state.deals, state.totals, len(state.stock)) == (1, (232, 20, 209), 0)
    assert [str(a) for a in cold_war.legal_actions(state)] == ["10S", "JD", "QH"]
    assert _search_with_the_true_state(monkeypatch, state) == "QH"
