"""The engine's War and Peace against an independent naive oracle, game for game.

``tests/oracle_battle.py`` is a second implementation of War and Peace written from the
rules pages, not from the engine. The differential tests play the same seeds through both
and require, after the deal and after every battle, the same position and history: every
seat's stock and win pile in order, the set-aside cards, the wars won by each seat, the
number of draws made by the generator, and the battle itself (every round's turns: seat,
face-down count, face-up card, standing card; who took the table; how many cards it held;
who went out); then the same number of battles, termination and winners. The first
differing seed and battle are named in the failure message.

The option grid (:data:`WAR_GRID`, :data:`PEACE_GRID`):

* War, every pair of option values (a covering design built by :func:`all_pairs`, whose
  coverage :func:`test_grids_cover_every_pair` checks) over ``players`` 2, 3, 4, 5;
  ``face_down`` 0, 1, 3; ``pickup_order`` shuffled, winner_first, seat_order, win_pile;
  ``out_of_cards`` last_card_stands, lose, drop_out; ``war_joins`` all, tied; ``repeated_tie`` war,
  single_card; ``spare_cards`` set_aside, deal; ``wars_to_win`` none, 3; ``max_battles``
  none, 150; and the deck: the standard 52 cards, 2-8 in clubs, diamonds and hearts (21
  cards, so that the deal leaves spare cards), 2-4 in all four suits (12 cards: many
  ties, short players and undecidable wars), and two copies of 10-A (40 cards). 18 rows.
* War, the full product of the rules of a war, ``pickup_order`` x ``out_of_cards`` x
  ``war_joins`` x ``repeated_tie`` (4 x 3 x 2 x 2 = 48 rows), for three players with one
  face-down card on the 12-card deck 2-5 in clubs, diamonds and hearts, where wars and
  short players are the rule.
* War, 4 rows of extremes: a deck of aces only (every battle a war), six players on the
  52 cards, ten face-down cards, and a battle limit of 1.
* Peace, every pair of option values over ``players`` 2, 3, 4; ``pickup_order`` (4);
  ``peace_joins`` all, tied; ``spare_cards`` set_aside, deal; ``max_battles`` the default
  1000, none, 40; and the same four decks. 17 rows.
* Peace, the full product ``pickup_order`` x ``peace_joins`` x ``players`` (4 x 2 x 3 =
  24 rows) on the 12-card deck 2-5 in clubs, diamonds and hearts.

That is 70 War and 41 Peace combinations, 111 in all (:data:`COMBINATIONS`). Seeds per
combination by profile (:func:`seed_count`): ``full`` (``pytest -m slow --profile full``)
10,000 each, 1,110,000 games in all; ``ci`` and ``dev`` 100 each, 11,100 games in all.
Half of the seeds are small (0, 1, 2, ...) and half are the largest 64-bit seeds, so
that the generator's 64-bit wrap-around is exercised too.

The scenario tests at the end check the oracle itself against the rules pages' worked
examples and hand-played positions, so that it is not trusted blindly.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardwar import peace, war
from tests import oracle_battle as oracle

#: A factor of a grid: an option's name and its values (``"deck"`` stands for several).
Factors = dict[str, list[Any]]

#: The decks of the grids, by name: the options that make them.
DECKS: dict[str, dict[str, Any]] = {
    "52": {},
    "21": {"ranks": "2 3 4 5 6 7 8", "suits": "CDH"},
    "12": {"ranks": "2 3 4", "suits": "CDHS"},
    "2x20": {"ranks": "10 J Q K A", "decks": 2},
}

WAR_FACTORS: Factors = {
    "deck": list(DECKS),
    "pickup_order": ["shuffled", "winner_first", "seat_order", "win_pile"],
    "players": [2, 3, 4, 5],
    "face_down": [0, 1, 3],
    "out_of_cards": ["last_card_stands", "lose", "drop_out"],
    "war_joins": ["all", "tied"],
    "repeated_tie": ["war", "single_card"],
    "spare_cards": ["set_aside", "deal"],
    "wars_to_win": [None, 3],
    "max_battles": [None, 150],
}

PEACE_FACTORS: Factors = {
    "deck": list(DECKS),
    "pickup_order": ["shuffled", "winner_first", "seat_order", "win_pile"],
    "players": [2, 3, 4],
    "peace_joins": ["all", "tied"],
    "spare_cards": ["set_aside", "deal"],
    "max_battles": ["default", None, 40],
}


def all_pairs(factors: Factors) -> list[dict[str, Any]]:
    """Return rows (one value per factor) that together hold every pair of values of
    every two factors: greedily, each row starts from the smallest uncovered pair and
    takes, factor by factor, the value that covers most uncovered pairs (first on ties)."""
    names = list(factors)
    sizes = [len(factors[name]) for name in names]
    uncovered = {
        (i, a, j, b)
        for i, j in itertools.combinations(range(len(names)), 2)
        for a in range(sizes[i])
        for b in range(sizes[j])
    }
    rows: list[list[int]] = []
    while uncovered:
        i0, a0, j0, b0 = min(uncovered)
        row: list[int | None] = [None] * len(names)
        row[i0], row[j0] = a0, b0
        for k in range(len(names)):
            if row[k] is not None:
                continue
            best_value, best_gain = 0, -1
            for value in range(sizes[k]):
                gain = 0
                for m, chosen in enumerate(row):
                    if chosen is None or m == k:
                        continue
                    pair = (m, chosen, k, value) if m < k else (k, value, m, chosen)
                    gain += pair in uncovered
                if gain > best_gain:
                    best_value, best_gain = value, gain
            row[k] = best_value
        full = [value for value in row if value is not None]
        for i, j in itertools.combinations(range(len(names)), 2):
            uncovered.discard((i, full[i], j, full[j]))
        rows.append(full)
    return [{names[k]: factors[names[k]][v] for k, v in enumerate(row)} for row in rows]


def options_of(row: dict[str, Any]) -> dict[str, Any]:
    """Return the option keywords of a grid row: its deck expanded, defaults left out."""
    options = {k: v for k, v in row.items() if k != "deck" and v != "default"}
    options.update(DECKS[row["deck"]])
    return options


_RULES = {
    "pickup_order": ["shuffled", "winner_first", "seat_order", "win_pile"],
    "out_of_cards": ["last_card_stands", "lose", "drop_out"],
    "war_joins": ["all", "tied"],
    "repeated_tie": ["war", "single_card"],
}

WAR_GRID: list[dict[str, Any]] = [
    *(options_of(row) for row in all_pairs(WAR_FACTORS)),
    *(
        dict(zip(_RULES, values, strict=True), players=3, face_down=1, ranks="2 3 4 5",
             suits="CDH")
        for values in itertools.product(*_RULES.values())
    ),
    {"ranks": "A", "players": 2},
    {"players": 6, "pickup_order": "seat_order"},
    {"face_down": 10, "players": 3, "war_joins": "tied", "out_of_cards": "lose"},
    {"max_battles": 1, "players": 4},
]

PEACE_GRID: list[dict[str, Any]] = [
    *(options_of(row) for row in all_pairs(PEACE_FACTORS)),
    *(
        {"pickup_order": p, "peace_joins": j, "players": n, "ranks": "2 3 4 5", "suits": "CDH"}
        for p in _RULES["pickup_order"]
        for j in ("all", "tied")
        for n in (2, 3, 4)
    ),
]

#: Every combination of the differential test: the variant's name and its options.
COMBINATIONS: list[tuple[str, dict[str, Any]]] = [
    *(("war", options) for options in WAR_GRID),
    *(("peace", options) for options in PEACE_GRID),
]


def seed_count(profile: str) -> int:
    """Seeds per combination: 10,000 in the ``full`` profile, 100 otherwise."""
    return 10_000 if profile == "full" else 100


def seeds(count: int) -> list[int]:
    """The seeds of a run: ``0, 1, ...`` and ``2**64 - 1, 2**64 - 2, ...``, half each."""
    return [*range(count - count // 2), *(2**64 - 1 - k for k in range(count // 2))]


def _ident(combination: tuple[str, dict[str, Any]]) -> str:
    name, options = combination
    return name + ":" + (",".join(f"{k}={v}" for k, v in options.items()) or "default")


# --- the comparison ---------------------------------------------------------------------------

Turns = list[list[tuple[int, int, str, bool]]]


def _names(cards: Sequence[Any]) -> list[str]:
    return [str(card) for card in cards]


def _engine_battles(module: Any, options: Any, seed: int) -> Iterator[Any]:
    """Yield the engine's state after the deal and after every battle, to the end."""
    state = module.new_game(seed, options)
    yield state
    while module.outcome(state) is None:
        state = module.step(state, module.Play.PLAY)
        yield state


def _position_diff(state: Any, expect: oracle.Battle | oracle.Game, where: str) -> str | None:
    """Compare the engine's position with the oracle's; describe the first difference."""
    stocks = [_names(stock) for stock in state.stocks]
    if stocks != expect.stocks:
        return f"{where}: stocks: oracle {expect.stocks}, engine {stocks}"
    if state.rng.counter != expect.draws:
        return f"{where}: generator draws: oracle {expect.draws}, engine {state.rng.counter}"
    set_aside = sorted(_names(state.set_aside))
    if set_aside != expect.set_aside:
        return f"{where}: set-aside cards: oracle {expect.set_aside}, engine {set_aside}"
    return None


def _battle_diff(state: Any, expect: oracle.Battle, where: str) -> str | None:
    """Compare the engine's last battle and position with the oracle's battle."""
    record = state.last
    rounds: Turns = [
        [(t.seat, t.face_down, str(t.face_up), t.standing) for t in turns]
        for turns in record.rounds
    ]
    seen = {
        "rounds": rounds,
        "winner": record.winner,
        "cards": record.cards,
        "eliminated": list(record.eliminated),
        "won": [_names(pile) for pile in state.won],
        "wars_won": list(state.wars_won),
    }
    for key, value in seen.items():
        want = getattr(expect, key)
        if value != want:
            return f"{where}: {key}: oracle {want}, engine {value}"
    return _position_diff(state, expect, where)


def first_difference(name: str, options: dict[str, Any], seed: int) -> str | None:
    """Play ``seed`` through the engine and the oracle; return the first difference."""
    module: Any = war if name == "war" else peace
    rules = oracle.war_rules(**options) if name == "war" else oracle.peace_rules(**options)
    expect = oracle.play(rules, seed)
    states = _engine_battles(module, module.options(**options), seed)
    state = next(states)
    where = f"{name} {options} seed {seed}"
    problem = _position_diff(state, expect, f"{where} after the deal")
    if problem:
        return problem
    count = 0
    for state in states:
        # A step is a battle, but for the one that skips whole cycles (WAR-CYCLE): the
        # engine's state is compared with the oracle's after as many battles.
        count = state.battles
        if count > len(expect.battles):
            return f"{where}: the oracle's game ended after {len(expect.battles)} battles, " \
                f"the engine's not"
        problem = _battle_diff(state, expect.battles[count - 1], f"{where} battle {count}")
        if problem:
            return problem
    if count != len(expect.battles):
        return f"{where}: the engine's game ended after {count} battles, the oracle's after " \
            f"{len(expect.battles)}"
    result = module.outcome(state)
    ending = (result.termination.value, list(result.winners))
    if ending != (expect.termination, expect.winners):
        return f"{where}: ending: oracle {(expect.termination, expect.winners)}, " \
            f"engine {ending}"
    return None


@pytest.mark.slow
@pytest.mark.rule(
    "WAR-DECK", "WAR-PLAYERS", "WAR-DEAL", "WAR-SPARE", "WAR-BATTLE", "WAR-PICKUP",
    "WAR-PICKUP-SHUFFLED", "WAR-PICKUP-WIN-PILE", "WAR-OUT-OF-GAME", "WAR-STEP", "WAR-TIE",
    "WAR-FACE-DOWN", "WAR-REPEAT", "WAR-JOINS", "WAR-OUT", "WAR-OUT-LOSE",
    "WAR-OUT-ALL-SHORT", "WAR-UNDECIDABLE", "WAR-WIN", "WAR-WIN-WARS", "WAR-LIMIT",
    "WAR-CYCLE", "PEACE-DECK", "PEACE-PLAYERS", "PEACE-DEAL", "PEACE-BATTLE", "PEACE-PICKUP",
    "PEACE-OUT-OF-GAME", "PEACE-STEP", "PEACE-TIE", "PEACE-FACE-DOWN", "PEACE-JOINS",
    "PEACE-SHORT", "PEACE-UNDECIDABLE", "PEACE-WIN", "PEACE-LIMIT", "PEACE-CYCLE",
)
@pytest.mark.parametrize("combination", COMBINATIONS, ids=_ident)
def test_engine_agrees_with_oracle(
    combination: tuple[str, dict[str, Any]], profile: str
) -> None:
    name, options = combination
    for seed in seeds(seed_count(profile)):
        problem = first_difference(name, options, seed)
        assert problem is None, problem


def test_grids_cover_every_pair() -> None:
    # The covering designs hold every pair of values of every two factors.
    for factors in (WAR_FACTORS, PEACE_FACTORS):
        rows = all_pairs(factors)
        for a, b in itertools.combinations(factors, 2):
            for pair in itertools.product(factors[a], factors[b]):
                assert any((row[a], row[b]) == pair for row in rows), (a, b, pair)
    assert (len(WAR_GRID), len(PEACE_GRID), len(COMBINATIONS)) == (70, 41, 111)


def test_grid_meets_every_ending() -> None:
    # The combinations meet every way a game of War or Peace can end, so each ending's
    # rule is compared; the oracle alone is played here (10 seeds a combination).
    seen: set[tuple[str, str]] = set()
    for name, options in COMBINATIONS:
        rules = oracle.war_rules(**options) if name == "war" else oracle.peace_rules(**options)
        for seed in seeds(10):
            seen.add((name, oracle.play(rules, seed).termination))
    endings = {"all_cards", "battle_limit", "repeated_position", "undecidable"}
    assert seen == {("war", e) for e in endings | {"wars_won"}} | {("peace", e) for e in endings}


@pytest.mark.rule("WAR-LIMIT", "WAR-CYCLE", "PEACE-LIMIT", "PEACE-CYCLE")
def test_battle_limit_on_the_battle_of_detection(profile: str) -> None:
    # Games that end by a repeated position, replayed with the battle limit one battle
    # before, on, and one after the battle of detection: the engine agrees with the
    # oracle (where they coincide, the limit is the termination).
    cases: list[tuple[str, dict[str, Any]]] = [
        ("war", {"pickup_order": "winner_first", "ranks": "2 3 4 5 6", "suits": "CDH"}),
        ("war", {"pickup_order": "seat_order", "players": 3, "ranks": "2 3 4 5 6 7"}),
        ("peace", {"pickup_order": "seat_order", "ranks": "2 3 4 5 6 7"}),
    ]
    wanted = 20 if profile == "full" else 4
    for name, options in cases:
        rules = oracle.war_rules(**options) if name == "war" else oracle.peace_rules(**options)
        rules.max_battles = None
        found = 0
        for seed in range(2000):
            game = oracle.play(rules, seed)
            if game.termination != "repeated_position":
                continue
            found += 1
            at = len(game.battles)
            for limit in (at - 1, at, at + 1):
                problem = first_difference(name, {**options, "max_battles": limit}, seed)
                assert problem is None, problem
            if found == wanted:
                break
        assert found == wanted, (name, options)


# --- the oracle itself, against the rules pages --------------------------------------------


def hand(rules: oracle.Rules, *stocks: str) -> oracle.Game:
    """Play an explicit deal (each stock top card first) through the oracle, seed 0."""
    rules.players = len(stocks)
    return oracle.play(rules, 0, deal=[stock.split() for stock in stocks])


def test_oracle_generator_matches_the_documented_vectors() -> None:
    # The examples of cardwar.rng's documentation.
    assert oracle.mix(0) == 0
    assert oracle.mix(1) == 0x5692161D100B05E5
    generator = oracle.Generator(2026)
    assert generator.below(6) == 2
    assert generator.counter == 1
    assert generator.shuffle(["a", "b", "c", "d"]) == ["b", "c", "d", "a"]
    assert generator.counter == 4


@pytest.mark.rule("WAR-DECK", "WAR-DEAL", "WAR-SPARE")
def test_oracle_deck_and_deal() -> None:
    deck = oracle.make_deck(oracle.war_rules())
    assert len(set(deck)) == 52
    assert deck[:13] == ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC",
                         "KC", "AC"]
    assert deck[-1] == "AS"
    assert oracle.make_deck(oracle.war_rules(ranks="2 3 4", suits="SH")) == [
        "2H", "3H", "4H", "2S", "3S", "4S"]
    double = oracle.make_deck(oracle.war_rules(decks=2))
    assert len(double) == 104
    assert double[:52] == double[52:] == deck
    for players, sizes, spare in ((2, [26, 26], 0), (3, [17, 17, 17], 1), (4, [13] * 4, 0)):
        game = oracle.play(oracle.war_rules(players=players, max_battles=1), 7)
        assert [len(stock) for stock in game.stocks] == sizes
        assert len(game.set_aside) == spare
        assert game.draws == 51
    shuffled = oracle.Generator(7).shuffle(deck)
    three = oracle.play(oracle.war_rules(players=3, max_battles=1), 7)
    assert three.stocks[1] == shuffled[1:51:3]
    assert three.set_aside == [shuffled[51]]
    dealt = oracle.play(oracle.war_rules(players=3, spare_cards="deal", max_battles=1), 7)
    assert [len(stock) for stock in dealt.stocks] == [18, 17, 17]
    assert dealt.stocks[0] == shuffled[0::3]
    assert dealt.set_aside == []


@pytest.mark.rule("WAR-FACE-DOWN", "WAR-TIE", "WAR-WIN-WARS")
def test_oracle_war_sizes_of_the_rules_page() -> None:
    # "With the defaults, a two-player war that is decided in its first round puts 10
    # cards on the table, and a double war 18; with face_down=1, 6 and 10."
    rules = oracle.war_rules(pickup_order="seat_order")
    single = hand(rules, "KS 2C 3C 4C AS 5C", "KD 6C 7C 8C QS 9C").battles[0]
    assert (single.winner, single.cards) == (0, 10)
    assert single.rounds == [
        [(0, 0, "KS", False), (1, 0, "KD", False)],
        [(0, 3, "AS", False), (1, 3, "QS", False)],
    ]
    assert single.stocks == [
        ["5C", "KS", "2C", "3C", "4C", "AS", "KD", "6C", "7C", "8C", "QS"], ["9C"]]
    assert single.wars_won == [1, 0]
    double = hand(rules, "KS 2C 3C 4C QH 5C 6C 7C AS", "KD 8C 9C 10C QD 2D 3D 4D JS 5D")
    assert (double.battles[0].winner, double.battles[0].cards) == (0, 18)
    assert len(double.battles[0].rounds) == 3
    assert double.battles[0].wars_won == [1, 0]
    one = oracle.war_rules(pickup_order="seat_order", face_down=1)
    assert hand(one, "KS 2C AS", "KD 3C QS 4C").battles[0].cards == 6
    assert hand(one, "KS 2C QH 3C AS", "KD 4C QD 5C JS 6C").battles[0].cards == 10


@pytest.mark.rule("WAR-JOINS")
def test_oracle_who_fights_a_war() -> None:
    # "With all and one face-down card, a three-player war puts 9 cards on the table."
    every = oracle.war_rules(face_down=1, war_joins="all", pickup_order="seat_order")
    battle = hand(every, "KS 2C AS", "KD 3C QS", "5H 4C 10S").battles[0]
    assert (battle.winner, battle.cards) == (0, 9)
    assert [seat for seat, *_ in battle.rounds[1]] == [0, 1, 2]
    # The best card of the round wins, whoever turned it up.
    assert hand(every, "KS 2C QS", "KD 3C JS", "5H 4C AH").battles[0].winner == 2
    tied = oracle.war_rules(face_down=1, war_joins="tied", pickup_order="seat_order")
    battle = hand(tied, "KS 2C AS", "KD 3C QS", "5H 4C 10S").battles[0]
    assert (battle.winner, battle.cards) == (0, 7)
    assert [seat for seat, *_ in battle.rounds[1]] == [0, 1]
    assert battle.stocks[2] == ["4C", "10S"]


@pytest.mark.rule("WAR-REPEAT")
def test_oracle_repeated_tie() -> None:
    deal = ("5S 2C 7C 9C 3S", "5D 3C 7D 8C AS")
    single = hand(oracle.war_rules(face_down=1, repeated_tie="single_card"), *deal)
    assert (single.battles[0].winner, single.battles[0].cards) == (0, 8)
    assert single.battles[0].rounds[2] == [(0, 0, "9C", False), (1, 0, "8C", False)]
    full = hand(oracle.war_rules(face_down=1, repeated_tie="war"), *deal)
    assert (full.battles[0].winner, full.battles[0].cards) == (1, 10)
    assert full.battles[0].rounds[2] == [(0, 1, "3S", False), (1, 1, "AS", False)]


@pytest.mark.rule("WAR-OUT", "WAR-OUT-LOSE", "WAR-OUT-ALL-SHORT", "WAR-OUT-OF-GAME")
def test_oracle_short_of_cards() -> None:
    stands = oracle.war_rules()
    short = hand(stands, "KS 2C", "KD 3C 4C 5C 6C")
    assert short.battles[0].rounds[1] == [(0, 0, "2C", False), (1, 3, "6C", False)]
    assert (short.battles[0].winner, short.battles[0].cards) == (1, 7)
    assert (short.termination, short.winners, len(short.battles)) == ("all_cards", [1], 1)
    standing = hand(stands, "KS", "KD 3C 4C 5C 2C")
    assert standing.battles[0].rounds[1] == [(0, 0, "KS", True), (1, 3, "2C", False)]
    assert (standing.battles[0].winner, standing.battles[0].cards) == (0, 6)
    assert standing.battles[0].eliminated == [1]
    assert (standing.termination, standing.winners) == ("all_cards", [0])
    lose = oracle.war_rules(out_of_cards="lose")
    out = hand(lose, "KS 2C", "KD 3C 4C 5C 6C").battles[0]
    assert (out.winner, out.cards, out.eliminated, len(out.rounds)) == (1, 3, [0], 1)
    assert out.stocks[0] == []
    assert sorted(out.stocks[1]) == sorted(["3C", "4C", "5C", "6C", "KS", "2C", "KD"])
    assert out.wars_won == [0, 1]
    both = hand(lose, "KS 2C", "KD 3C").battles[0]
    assert both.rounds[1] == [(0, 0, "2C", False), (1, 0, "3C", False)]
    assert (both.winner, both.cards, both.eliminated) == (1, 4, [0])


@pytest.mark.rule("WAR-UNDECIDABLE", "WAR-WIN")
def test_oracle_undecidable_wars() -> None:
    alone = hand(oracle.war_rules(), "KS", "KD")
    assert (alone.battles[0].winner, alone.battles[0].set_aside) == (None, ["KD", "KS"])
    assert (alone.termination, alone.winners) == ("undecidable", [])
    tied = hand(oracle.war_rules(players=3, war_joins="tied"), "KS", "KD", "2C 3C")
    assert tied.battles[0].set_aside == ["2C", "KD", "KS"]
    assert tied.battles[0].eliminated == [0, 1]
    assert (tied.termination, tied.winners) == ("all_cards", [2])
    every = hand(oracle.war_rules(players=3, war_joins="all"), "KS", "KD", "2C 3C")
    assert every.battles[0].rounds[1] == [
        (0, 0, "KS", True), (1, 0, "KD", True), (2, 0, "3C", False)]
    assert len(every.battles[0].rounds) == 2
    assert every.battles[0].set_aside == ["2C", "3C", "KD", "KS"]
    assert (every.termination, every.winners) == ("undecidable", [])


@pytest.mark.rule("WAR-PICKUP", "WAR-PICKUP-SHUFFLED", "WAR-PICKUP-WIN-PILE")
def test_oracle_pickup_orders() -> None:
    deal = ("2C 3C", "AS 4C")
    seat = hand(oracle.war_rules(pickup_order="seat_order"), *deal).battles[0]
    assert seat.stocks == [["3C"], ["4C", "2C", "AS"]]
    first = hand(oracle.war_rules(pickup_order="winner_first"), *deal).battles[0]
    assert first.stocks == [["3C"], ["4C", "AS", "2C"]]
    scooped = hand(oracle.war_rules(pickup_order="shuffled"), *deal).battles[0]
    assert sorted(scooped.stocks[1][1:]) == ["2C", "AS"]
    assert scooped.draws == 1
    pile = oracle.war_rules(pickup_order="win_pile")
    game = hand(pile, "AS 2C", "KS 3C")
    assert (game.battles[0].stocks, game.battles[0].won) == ([["2C"], ["3C"]],
                                                             [["AS", "KS"], []])
    assert (game.battles[1].stocks, game.battles[1].won) == ([[], []],
                                                             [["AS", "KS"], ["2C", "3C"]])
    # Both stocks are empty: each win pile is shuffled (one draw each) to become a stock.
    assert game.battles[1].draws == 0
    assert game.battles[2].draws == 2


@pytest.mark.rule("WAR-WIN-WARS", "WAR-LIMIT", "WAR-DEAL-EXPLICIT")
def test_oracle_other_endings() -> None:
    deal = ("KS 2C 3C 4C AS 5C", "KD 6C 7C 8C QS 9C")
    wars = hand(oracle.war_rules(wars_to_win=1), *deal)
    assert (wars.termination, wars.winners, len(wars.battles)) == ("wars_won", [0], 1)
    both = hand(oracle.war_rules(wars_to_win=1), "KS 2C 3C 4C AS 5C", "KD 6C 7C 8C QS")
    assert (both.termination, both.winners) == ("wars_won", [0])
    limit = hand(oracle.war_rules(max_battles=1), *deal)
    assert (limit.termination, limit.winners, len(limit.battles)) == ("battle_limit", [], 1)
    over = hand(oracle.war_rules(), "2C 3C", "")
    assert (over.termination, over.winners, over.battles) == ("all_cards", [0], [])
    assert oracle.peace_rules().max_battles == 1000


@pytest.mark.rule("WAR-CYCLE")
def test_oracle_cycle_detection() -> None:
    # Worked by hand: the position after battle 2 (3D 2D / 2C 3C) comes back after
    # battle 6, so mu = 2 and lambda = 4; 2**k = 4 and the game ends after 4 - 1 + 4 = 7.
    game = hand(oracle.war_rules(pickup_order="seat_order"), "2C 3D", "3C 2D")
    assert game.battles[1].stocks == game.battles[5].stocks == [["3D", "2D"], ["2C", "3C"]]
    assert (game.termination, len(game.battles)) == ("repeated_position", 7)
    # The documented formula is Brent's algorithm, run literally on a rho-shaped sequence.
    for mu in range(20):
        for lam in range(1, 20):

            def nxt(x: int, mu: int = mu, lam: int = lam) -> int:
                return x + 1 if x + 1 < mu + lam else mu

            power = length = 1
            tortoise, hare, steps = 0, nxt(0), 1
            while tortoise != hare:
                if power == length:
                    tortoise, power, length = hare, power * 2, 0
                hare, steps, length = nxt(hare), steps + 1, length + 1
            assert oracle.brent_detection(mu, lam) == steps
            assert steps < 2 * max(mu + 1, lam) + lam


@pytest.mark.rule("PEACE-BATTLE", "PEACE-TIE", "PEACE-FACE-DOWN", "PEACE-JOINS")
def test_oracle_peace_sizes_of_the_rules_page() -> None:
    # "A two-player peace decided at once puts 14 cards on the table; three players, 21;
    # four, 28." The lowest card wins; ties between higher cards do not matter.
    for players, cards in ((2, 14), (3, 21), (4, 28)):
        suits = "CDHS"[:players]
        stocks = [" ".join(f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7")) + f" {up}{s}"
                  for s, up in zip(suits, ("8", "9", "10", "J"), strict=False)]
        battle = hand(oracle.peace_rules(players=players), *stocks).battles[0]
        assert (battle.winner, battle.cards) == (0, cards)
        assert battle.rounds[1][0] == (0, 5, "8C", False)
    higher = hand(oracle.peace_rules(players=3), "2C 3C", "KD 4D", "KH 5H").battles[0]
    assert (higher.winner, higher.cards, len(higher.rounds)) == (0, 3, 1)
    tied = oracle.peace_rules(players=3, peace_joins="tied")
    battle = hand(tied, "2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 9D", "KH 5H").battles[0]
    assert (battle.winner, battle.cards) == (0, 15)
