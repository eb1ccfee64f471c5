"""Caravan's engine checked against an independent calculator (tests/oracle_caravan.py),
written from the rules page, on every state of many random games.

Each game is played through the registry (``cardwar.variant("caravan")``) by choosing
uniformly among the legal actions with a seeded ``random.Random(seed)``. The oracle keeps
its own table, applying each action by the rules page's effects (Jacks removing, Jokers
clearing, Queens and Kings attaching, discards and disbands), and on every state, the
initial one included, the test checks:

* the six caravans' cards, face cards in play order, equal the oracle's table, and the
  discard pile holds the cards the oracle put there (as a multiset);
* each caravan's value, suit and direction (kept incrementally by the engine) equal the
  oracle's, computed from scratch, in the state and in both seats' observations;
* the position winners (selling, outbidding, ties) equal the oracle's;
* the turn count, and whether and how the game has ended (termination, winners, scores),
  equal the oracle's reading of CARAVAN-END, -WIN, -EARLY, -LIMIT and -EMPTY-HAND.

Sizes, by profile (``--profile`` or ``CARDWAR_PROFILE``): ``ci`` and ``dev`` play
``GAMES["ci"]`` games per configuration, ``full`` plays ``GAMES["full"]`` (run it with
``pytest -m slow --profile full``). The configurations vary the options that change what
the calculator sees: custom decks (face-heavy, duplicated cards from two sets, small decks
that run out), ``face_limit``, ``early_finish``, ``max_turns``, ``first_player``,
``opening_hand``, ``opening_discard`` and ``disband_draws``.

Measured (Python 3.11, one core, CPU time): ``ci``/``dev`` 8 x 400 = 3 200 games, 236 059
states compared, about 16 s; ``full`` 8 x 3 000 = 24 000 games, 1 764 263 states, about
2 min (5 min of wall-clock time on a loaded shared machine).

What the oracle takes from the engine: the actions (the legal ones, chosen at random) and,
for CARAVAN-EMPTY-HAND, whose turn it is, whether the openings are over and the size of
that player's hand; everything else it computes itself.

The hand-built caravans at the top check the oracle itself against the rules page's own
statements and examples.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import cardwar
from cardwar import caravan
from cardwar.cards import Card, Rank, Suit, parse_card, parse_cards
from tests.oracle_caravan import (
    DOWN,
    NO_DIRECTION,
    UP,
    OracleTable,
    caravan_direction,
    caravan_suit,
    caravan_value,
    expected_outcome,
    face_value,
    make_caravan,
    pile_value,
    position_winner,
    position_winners,
    positions_won,
    sells,
)

# --- the oracle checked by hand -------------------------------------------------------------


@pytest.mark.rule("CARAVAN-VALUE", "CARAVAN-KING")
def test_oracle_value_and_kings() -> None:
    # CARAVAN-KING: "one King makes a 4 worth 8, two make it 16".
    assert caravan_value(make_caravan(("4H", ""))) == 4
    assert caravan_value(make_caravan(("4H", "KS"))) == 8
    assert caravan_value(make_caravan(("4H", "KS KD"))) == 16
    # CARAVAN-VALUE: Ace 1, face value otherwise; face cards and Jokers add nothing.
    assert caravan_value(make_caravan(("AH", ""), ("10S", "QS"), ("7C", "JK"))) == 18
    assert caravan_value(make_caravan(("AH", "KC"), ("3D", "KH KS KC"))) == 2 + 24
    assert caravan_value([]) == 0


@pytest.mark.rule("CARAVAN-SUIT", "CARAVAN-QUEEN")
def test_oracle_suit() -> None:
    assert caravan_suit([]) is None
    assert caravan_suit(make_caravan(("2H", ""), ("5S", ""))) is Suit.SPADES
    # The latest Queen on the last card sets the suit.
    assert caravan_suit(make_caravan(("2H", ""), ("5S", "QD"))) is Suit.DIAMONDS
    assert caravan_suit(make_caravan(("2H", ""), ("5S", "QD KH QC"))) is Suit.CLUBS
    # A Queen on an earlier card no longer counts once another card follows.
    assert caravan_suit(make_caravan(("2H", "QD"), ("5S", ""))) is Suit.SPADES


@pytest.mark.rule("CARAVAN-DIRECTION", "CARAVAN-QUEEN", "CARAVAN-RECOMPUTE")
def test_oracle_direction() -> None:
    assert caravan_direction([]) == NO_DIRECTION
    # One number card: no direction, and a Queen on it changes only the suit.
    assert caravan_direction(make_caravan(("7H", ""))) == NO_DIRECTION
    assert caravan_direction(make_caravan(("7H", "QS"))) == NO_DIRECTION
    assert caravan_direction(make_caravan(("2H", ""), ("5S", ""))) == UP
    assert caravan_direction(make_caravan(("9H", ""), ("5S", ""))) == DOWN
    # "reversed by each Queen on the last card".
    assert caravan_direction(make_caravan(("2H", ""), ("5S", "QD"))) == DOWN
    assert caravan_direction(make_caravan(("2H", ""), ("5S", "QD QC"))) == UP
    assert caravan_direction(make_caravan(("9H", ""), ("5S", "QD QC QH"))) == UP
    # Only the last two cards count: a same-suit card against the direction reverses it.
    assert caravan_direction(make_caravan(("2H", ""), ("5H", ""), ("3H", ""))) == DOWN
    # Two equal last values (only a removal brings that about): no direction, Queens or not.
    assert caravan_direction(make_caravan(("5H", ""), ("5S", "QD"))) == NO_DIRECTION
    # Kings do not change the order of the printed values.
    assert caravan_direction(make_caravan(("6H", ""), ("4S", "KD"))) == DOWN


@pytest.mark.rule("CARAVAN-SELL", "CARAVAN-OUTBID", "CARAVAN-TIE")
def test_oracle_selling_and_positions() -> None:
    assert [v for v in range(40) if sells(v)] == list(range(21, 27))
    assert position_winner(21, 0) == 0
    assert position_winner(0, 26) == 1
    assert position_winner(27, 0) is None  # overweight, even against an empty caravan
    assert position_winner(27, 20) is None
    assert position_winner(22, 27) == 0
    assert position_winner(22, 24) == 1  # outbid
    assert position_winner(25, 23) == 0
    assert position_winner(24, 24) is None  # tie
    assert position_winner(20, 20) is None
    assert position_winners([21, 30, 0, 0, 26, 25]) == (0, 1, 1)


@pytest.mark.rule("CARAVAN-END", "CARAVAN-WIN", "CARAVAN-EARLY", "CARAVAN-LIMIT",
                  "CARAVAN-EMPTY-HAND", "CARAVAN-END-ORDER")
def test_oracle_outcomes() -> None:
    base: dict[str, Any] = {"turns": 30, "max_turns": None, "early_finish": False,
                            "in_opening": False, "to_move": 0, "hand_size_of_mover": 3}
    assert expected_outcome([21, 22, 23, 0, 0, 30], **base) == ("caravans_sold", (0,), (3, 0))
    assert expected_outcome([21, 24, 0, 0, 23, 26], **base) == ("caravans_sold", (0,), (2, 1))
    assert expected_outcome([21, 22, 24, 25, 23, 0], **base) == ("caravans_sold", (1,), (1, 2))
    assert expected_outcome([21, 22, 0, 0, 0, 0], **base) is None
    assert expected_outcome([21, 22, 0, 0, 0, 0], **{**base, "early_finish": True}) == (
        "caravans_sold", (0,), (2, 0))
    assert expected_outcome([21, 0, 0, 0, 0, 0], **{**base, "max_turns": 30}) == (
        "turn_limit", (), (1, 0))
    assert expected_outcome([21, 0, 0, 0, 0, 0], **{**base, "max_turns": 31}) is None
    assert expected_outcome([0, 0, 0, 0, 0, 0], **{**base, "hand_size_of_mover": 0,
                                                    "to_move": 1}) == ("empty_hand", (0,), (0, 0))
    assert expected_outcome([0, 0, 0, 0, 0, 0], **{**base, "hand_size_of_mover": 0,
                                                    "in_opening": True}) is None
    # Several endings at once: selling first, then the empty hand (the engine's order: the
    # rules page is silent, see expected_outcome), then the turn limit.
    assert expected_outcome([21, 22, 23, 0, 0, 0], **{**base, "hand_size_of_mover": 0,
                                                       "max_turns": 30}) == (
        "caravans_sold", (0,), (3, 0))
    assert expected_outcome([21, 0, 0, 0, 0, 0], **{**base, "hand_size_of_mover": 0,
                                                     "max_turns": 30}) == (
        "empty_hand", (1,), (1, 0))


def _table(*caravans: tuple[tuple[str, str], ...]) -> OracleTable:
    table = OracleTable()
    for k, piles in enumerate(caravans):
        table.caravans[k] = make_caravan(*piles)
    return table


@pytest.mark.rule("CARAVAN-JACK", "CARAVAN-RECOMPUTE")
def test_oracle_jack() -> None:
    table = _table((("2H", ""), ("5S", "KD"), ("9S", "QC")), (), (), (("3C", ""),), (), ())
    table.play_face(0, 1, parse_card("JH"))
    assert table.piles()[0] == [(parse_card("2H"), ()), (parse_card("9S"), (parse_card("QC"),))]
    assert table.discards == Counter(parse_cards("5S KD JH"))
    # Recomputed from what is left: 2H 9S+QC is up, turned down by the Queen, suit clubs.
    assert table.values()[0] == 11
    assert caravan_direction(table.caravans[0]) == DOWN
    assert caravan_suit(table.caravans[0]) is Suit.CLUBS


@pytest.mark.rule("CARAVAN-JOKER-ACE")
def test_oracle_joker_on_an_ace() -> None:
    table = _table(
        (("AH", ""), ("4H", "KS"), ("6S", "QH")),
        (("AH", ""), ("AS", "")),
        (),
        (("10H", ""), ("2D", "")),
        (),
        (("3H", "JK"),),
    )
    table.play_face(0, 0, parse_card("JK"))
    # Every other heart goes, the other AH included; the target stays with the Joker; the
    # Queen of hearts on the six of spades stays.
    assert table.piles() == [
        [(parse_card("AH"), (parse_card("JK"),)), (parse_card("6S"), (parse_card("QH"),))],
        [(parse_card("AS"), ())],
        [],
        [(parse_card("2D"), ())],
        [],
        [],
    ]
    assert table.discards == Counter(parse_cards("4H KS AH 10H 3H JK"))


@pytest.mark.rule("CARAVAN-JOKER-NUMBER")
def test_oracle_joker_on_a_number() -> None:
    table = _table(
        (("4H", ""), ("7S", "KD")),
        (("7C", ""),),
        (("AH", ""),),
        (("7H", "QS"),),
        (("7S", ""),),
        (("4S", ""),),
    )
    table.play_face(0, 1, parse_card("JK"))
    assert table.values() == [4 + 14, 0, 1, 0, 0, 4]
    assert table.discards == Counter(parse_cards("7C 7H QS 7S"))
    table.disband(0)
    assert table.values()[0] == 0
    assert table.discards == Counter(parse_cards("7C 7H QS 7S 4H 7S KD JK"))


# --- the engine against the oracle on random games ------------------------------------------

#: Games per configuration, by profile.
GAMES = {"ci": 400, "dev": 400, "full": 3000}

_NUMBERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
_SUITS = ("C", "D", "H", "S")

#: Both seats' decks heavy with face cards (two sets: Kings and Queens twice, 4 Jokers).
_FACE_HEAVY = " ".join(
    [n + s for s in _SUITS for n in _NUMBERS]
    + [f + s for s in _SUITS for f in ("K", "K", "Q", "Q", "J")]
    + ["JK"] * 4
)
#: Every number card of two suits twice (two sets), with those suits' face cards.
_DOUBLED = " ".join(
    [n + s for s in ("H", "S") for n in _NUMBERS for _ in range(2)]
    + ["JH", "QH", "KH", "JS", "QS", "KS", "JK", "JK"]
)
#: Small decks that run out, so that hands empty.
_SMALL_0 = "AH 3H 5H 7H 9H 2S 4S 6S 8S 10S JC QC KC JK"
_SMALL_1 = "2D 4D 6D 8D 10D AC 3C 5C 7C 9C JD QD KD KH JK"

CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "early_finish": {"early_finish": True, "first_player": 1},
    "turn_limit": {"max_turns": 45, "disband_draws": True},
    "face_heavy": {"deck_0": _FACE_HEAVY, "deck_1": _FACE_HEAVY, "deck_sets": 2},
    "doubled": {"deck_0": _DOUBLED, "deck_1": _DOUBLED, "deck_sets": 2, "face_limit": 2,
                "opening_hand": 6},
    "small_decks": {"deck_0": _SMALL_0, "deck_1": _SMALL_1, "min_deck_size": 12,
                    "opening_hand": 5, "opening_discard": "never", "face_limit": 1},
    "small_when_short": {"deck_0": _SMALL_1, "deck_1": _SMALL_0, "min_deck_size": 12,
                         "opening_hand": 3, "first_player": 1, "early_finish": True},
    "small_limit": {"deck_0": _SMALL_0, "deck_1": _SMALL_1, "min_deck_size": 12,
                    "opening_hand": 4, "max_turns": 33, "disband_draws": True},
}

#: Seeds of the configurations' games start here; each configuration has its own range.
SEED_BASE = 20_260_000


def _engine_piles(state: Any) -> list[list[tuple[Card, tuple[Card, ...]]]]:
    return [[(p.numeral, tuple(p.faces)) for p in car.piles] for car in state.caravans]


def _outcome_tuple(result: Any) -> tuple[str, tuple[int, ...], tuple[int, ...] | None] | None:
    if result is None:
        return None
    return (result.termination.value, tuple(result.winners), result.scores)


class Mismatch(AssertionError):
    """The engine and the oracle disagree; the message says how to replay the game."""


def compare(state: Any, table: OracleTable, turns: int, opts: caravan.Options) -> None:
    """Check one state against the oracle's table (see the module docstring)."""
    assert _engine_piles(state) == table.piles(), "table"
    assert Counter(state.discards) == table.discards, "discard pile"
    values = table.values()
    for k, car in enumerate(state.caravans):
        assert car.value == values[k], f"value of {'ABCDEF'[k]}"
        assert car.suit == caravan_suit(table.caravans[k]), f"suit of {'ABCDEF'[k]}"
        assert car.direction.value == caravan_direction(table.caravans[k]), (
            f"direction of {'ABCDEF'[k]}"
        )
    for seat in (0, 1):
        assert cardwar.variant("caravan").observe(state, seat).caravans == state.caravans, (
            f"observation of seat {seat}"
        )
    assert state.positions == position_winners(values), "positions"
    assert state.turns == turns, "turns"
    expected = expected_outcome(
        values,
        turns=turns,
        max_turns=opts.max_turns,
        early_finish=opts.early_finish,
        in_opening=state.opening[0] or state.opening[1],
        to_move=state.to_move,
        hand_size_of_mover=len(state.hands[state.to_move]),
    )
    assert _outcome_tuple(cardwar.variant("caravan").outcome(state)) == expected, "outcome"


def apply(table: OracleTable, action: Any) -> str:
    """Apply ``action`` to the oracle's table; return the kind of effect, for coverage."""
    if isinstance(action, caravan.Play):
        if action.target is None:
            table.play_number(action.caravan, action.card)
            return "number"
        before = sum(len(p) for p in table.caravans)
        if action.card.is_joker:
            hit = table.caravans[action.caravan][action.target]
            on_ace = hit.numeral.rank is Rank.ACE
            kind = "joker_on_ace" if on_ace else "joker_on_number"
            if not on_ace and any(
                (pile_value(p) == pile_value(hit)) != (face_value(p.numeral) == face_value(
                    hit.numeral)) for piles in table.caravans for p in piles if p is not hit
            ):
                kind += "_value_readings_differ"
        else:
            kind = str(action.card.rank.name).lower()
        table.play_face(action.caravan, action.target, action.card)
        if action.card.is_joker and sum(len(p) for p in table.caravans) < before:
            kind += "_removing"
        if "_value_readings_differ" in kind:
            return "joker_value_readings_differ"
        return kind
    if isinstance(action, caravan.Discard):
        table.discard(action.card)
        return "discard"
    assert isinstance(action, caravan.Disband)
    table.disband(action.caravan)
    return "disband"


def _doubled_direction(piles: list[Any]) -> str:
    """The direction if "higher" compared King-doubled values (the reading not taken)."""
    if len(piles) < 2 or pile_value(piles[-1]) == pile_value(piles[-2]):
        return NO_DIRECTION
    up = pile_value(piles[-1]) > pile_value(piles[-2])
    flips = sum(1 for f in piles[-1].faces if f.rank is Rank.QUEEN)
    return UP if up != (flips % 2 == 1) else DOWN


def count_situations(table: OracleTable, stats: Counter[str]) -> None:
    """Count the situations of a state that the oracle's rules distinguish, for coverage."""
    values = table.values()
    for own, facing in ((0, 3), (1, 4), (2, 5)):
        a, b = values[own], values[facing]
        if sells(a) and sells(b):
            stats["both_sell_tie" if a == b else "both_sell_outbid"] += 1
        elif sells(a) or sells(b):
            stats["one_sells"] += 1
            if max(a, b) > 26 or min(a, b) == 0:
                stats["one_sells_vs_overweight_or_empty"] += 1
    for piles in table.caravans:
        if piles and any(f.rank is Rank.QUEEN for f in piles[-1].faces):
            stats["queen_on_last_card"] += 1
        if caravan_direction(piles) != _doubled_direction(piles):
            stats["king_direction_readings_differ"] += 1


def ending_conditions(
    values: list[int], turns: int, opts: caravan.Options, state: Any
) -> list[str]:
    """Return every ending rule that applies to a final state (to count coincidences)."""
    winners = position_winners(values)
    out: list[str] = []
    if all(w is not None for w in winners):
        out.append("all_decided")
    if opts.early_finish and max(positions_won(winners)) >= 2:
        out.append("early")
    if opts.max_turns is not None and turns >= opts.max_turns:
        out.append("limit")
    if not (state.opening[0] or state.opening[1]) and not state.hands[state.to_move]:
        out.append("empty_hand")
    return out


def play_game(seed: int, opts: caravan.Options, stats: Counter[str]) -> None:
    """Play one random game, comparing every state with the oracle."""
    variant = cardwar.variant("caravan")
    chooser = random.Random(seed)
    state = variant.new_game(seed=seed, options=opts)
    table = OracleTable()
    history: list[str] = []
    turns = 0
    try:
        compare(state, table, turns, opts)
        stats["states"] += 1
        while variant.outcome(state) is None:
            legal = variant.legal_actions(state)
            assert legal, "no legal action in a running game"
            action = legal[chooser.randrange(len(legal))]
            history.append(str(action))
            stats[apply(table, action)] += 1
            state = variant.step(state, action)
            turns += 1
            compare(state, table, turns, opts)
            stats["states"] += 1
            count_situations(table, stats)
    except AssertionError as err:
        raise Mismatch(
            f"engine and oracle disagree on {err} after {turns} turns; seed={seed}, "
            f"options={opts!r}, actions={history}\nengine caravans: "
            f"{[repr(c) for c in state.caravans]}\noracle table: {table.piles()}\n"
            f"engine outcome: {variant.outcome(state)}"
        ) from err
    result = variant.outcome(state)
    assert result is not None
    stats["games"] += 1
    stats["end:" + result.termination.value] += 1
    if result.termination.value == "caravans_sold":
        stats[f"sold_scores:{result.scores}"] += 1
    ended_by = ending_conditions(table.values(), turns, opts, state)
    if len(ended_by) > 1:
        stats["end_coincide:" + "+".join(ended_by)] += 1


#: Totals across configurations, for the coverage test below.
_TOTALS: Counter[str] = Counter()
_TOTALS_CONFIGS: set[str] = set()


def play_config(config: str, games: int) -> Counter[str]:
    """Play ``games`` random games of a configuration against the oracle; return counts."""
    opts = caravan.options(**CONFIGS[config])
    offset = SEED_BASE + 100_000 * list(CONFIGS).index(config)
    stats: Counter[str] = Counter()
    for g in range(games):
        play_game(offset + g, opts, stats)
    return stats


@pytest.mark.slow
@pytest.mark.rule(
    "CARAVAN-VALUE", "CARAVAN-KING", "CARAVAN-SUIT", "CARAVAN-QUEEN", "CARAVAN-DIRECTION",
    "CARAVAN-JACK", "CARAVAN-JOKER-ACE", "CARAVAN-JOKER-NUMBER", "CARAVAN-RECOMPUTE",
    "CARAVAN-DISCARD", "CARAVAN-DISBAND", "CARAVAN-SELL", "CARAVAN-OUTBID", "CARAVAN-TIE",
    "CARAVAN-END", "CARAVAN-WIN", "CARAVAN-EARLY", "CARAVAN-LIMIT", "CARAVAN-EMPTY-HAND",
    "CARAVAN-END-ORDER",
)
@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games_match_oracle(config: str, profile: str) -> None:
    games = GAMES[profile]
    stats = play_config(config, games)
    print(f"\ncaravan oracle [{config}], profile {profile}: {dict(sorted(stats.items()))}")
    assert stats["games"] == games
    assert stats["states"] > games
    if games >= GAMES["ci"]:  # the full run's games include the ci run's
        _TOTALS.update(stats)
        _TOTALS_CONFIGS.add(config)


#: The situations the random games must reach, so that the comparison is not vacuous.
MUST_OCCUR = (
    "number", "jack", "queen", "king", "joker_on_ace_removing", "joker_on_number_removing",
    "discard", "disband", "queen_on_last_card", "one_sells", "one_sells_vs_overweight_or_empty",
    "both_sell_tie", "both_sell_outbid", "end:caravans_sold", "end:empty_hand",
    "end:turn_limit", "sold_scores:(2, 1)", "sold_scores:(1, 2)",
    "end_coincide:limit+empty_hand",
    # The states where the ambiguous readings of the rules page give different answers.
    "king_direction_readings_differ", "joker_value_readings_differ",
)


def test_random_games_exercised_every_effect(profile: str) -> None:
    """The random games reached every effect and situation that the oracle distinguishes,
    so the comparison above was not vacuous. It uses the totals of the parametrized test
    when that ran in full before it; run alone, it replays the ci games."""
    totals = _TOTALS
    if set(CONFIGS) != _TOTALS_CONFIGS:
        totals = Counter()
        for config in CONFIGS:
            totals.update(play_config(config, GAMES["ci"]))
    print(f"\ncaravan oracle totals, profile {profile}: {dict(sorted(totals.items()))}")
    missing = [kind for kind in MUST_OCCUR if totals[kind] == 0]
    assert not missing, f"the random games never reached {missing}: {dict(totals)}"
