"""Details of the determinization samplers of Arneson's War and General's War that
tests/test_sampling.py leaves open, written from mutation testing: the exact messages of
their refusals (the game named in an argument error, the cards counted by an observation
that does not fit the deck, another number of reserves than the game has); Arneson's
refusal of a hand size that is not the seat's hand; where the stakes of a war of three rounds lie
among the sampled laid cards; and cycle detection in a sampled Arneson state, started
again at the sample exactly when the game detects cycles. Also the width of a seat in
General's War's notation (``challenge N``, ``partner N``): one or two ASCII digits. Cold
War's sampler: the rank and stakes of a war kept, the seats that left during the trick
kept, the game named, and each count of its check refused on its own. Every sampler's
state gets the generator of its last draw. Caravan's: the draw below a bound of any size
(whole 64-bit words, a word at the last multiple drawn again) and the reading of a deck
split from the number drawn, each split named once per way to choose its cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Literal, NewType, cast

import attrs
import pytest

from cardwar import arneson, caravan, cold_war, generals, peace, war
from cardwar.cards import Rank, card_index, format_cards, parse_cards
from cardwar.core import NotationError
from cardwar.errors import ObservationError, OptionsTypeError, SeatError, StateError
from cardwar.rng import Rng
from cardwar.variants._battle import Cycle
from tests.test_sampling import check_sample, fits_the_decks, lays_face_up_cards

# --- the messages of the refusals ---------------------------------------------------------


@pytest.mark.parametrize(("game", "other"),
                         [(arneson, generals), (generals, arneson), (cold_war, arneson),
                          (caravan, arneson)],
                         ids=["arneson", "generals", "cold-war", "caravan"])
def test_sampling_errors_name_the_game(game: Any, other: Any) -> None:
    # Kills arneson sampling sample_state mutmut_3 and generals sampling sample_state mutmut_4.
    state = game.new_game(0)
    with pytest.raises(StateError) as err:
        game.sample_state(state, Rng.from_seed(0))  # a state, not an observation
    assert str(err.value) == (f"expected an observation of {game.TITLE}, got State: "
                              "observe(state, seat) gives what one seat sees")
    foreign = attrs.evolve(game.observe(state, 0), options=other.Options())
    with pytest.raises(OptionsTypeError) as options_err:
        game.sample_state(foreign, Rng.from_seed(0))
    assert str(options_err.value) == (
        f"expected an observation of {game.TITLE}, whose options are "
        f"{game.__name__.rpartition('.')[2]}.Options; "
        "got Options")


@pytest.mark.parametrize(
    ("options", "extra", "counted", "deck_size"),
    [(None, (1, 0), 53, 52),
     (arneson.options(ranks="2 3 4", suits="SH", decks=2), (2, 3), 17, 12)],
    ids=["one-more", "two-decks"],
)
def test_arneson_sampling_tells_how_many_cards_an_observation_counts(
    options: arneson.Options | None, extra: tuple[int, int], counted: int, deck_size: int
) -> None:
    """Stocks counted larger than the unseen cards allow: the message gives the cards the
    observation counts in all (seen and counted) against the deck's."""
    # Kills arneson sampling sample_state mutmut_44, _45, _46.
    seen = arneson.observe(arneson.new_game(0, options), 0)
    bad = attrs.evolve(seen, stock_sizes=tuple(
        size + more for size, more in zip(seen.stock_sizes, extra, strict=True)))
    with pytest.raises(ObservationError) as err:
        arneson.sample_state(bad, Rng.from_seed(0))
    assert str(err.value) == (
        f"the observation counts {counted} cards; the game's deck has {deck_size}")


@pytest.mark.parametrize("seat", [0, 1])
def test_arneson_sampling_refuses_a_hand_size_that_is_not_the_seat_s_hand(seat: int) -> None:
    """The seat's own hand size disagrees with the hand it sees; every other count fits
    the deck, so only that check refuses it, and says so."""
    # Kills arneson sampling sample_state mutmut_36 (numbered before the message was split).
    seen = arneson.observe(arneson.new_game(0), seat)
    sizes = list(seen.hand_sizes)
    sizes[seat] -= 1
    bad = attrs.evolve(seen, hand_sizes=tuple(sizes))
    with pytest.raises(ObservationError) as err:
        arneson.sample_state(bad, Rng.from_seed(0))
    assert str(err.value) == f"the observation gives seat {seat} a hand of 2 cards but shows it 3"


def test_general_s_war_sampling_refuses_hidden_counts_with_both_numbers() -> None:
    """Seat 0 of a two-player deal does not see 47 cards: seat 1's hand of 5 and the
    reserve of 42. A reserve of 1 counts another number of hidden cards, and is refused
    as such."""
    # Kills generals sampling sample_state mutmut_82, _83 (numbered before the check of
    # the number of reserves).
    seen = generals.observe(generals.new_game(0), 0)
    assert seen.reserve_sizes == (42,)
    with pytest.raises(ObservationError) as err:
        generals.sample_state(attrs.evolve(seen, reserve_sizes=(1,)), Rng.from_seed(0))
    assert str(err.value) == "the observation leaves 47 cards unseen but counts 6 hidden ones"


@pytest.mark.parametrize(("options", "reserve_sizes", "reserves"), [
    ({}, (41, 1), 1),
    ({}, (), 1),
    ({"deck_mode": "colour_halves"}, (21,), 2),
    ({"deck_mode": "colour_halves"}, (10, 10, 1), 2),
], ids=["shared-two", "shared-none", "halves-one", "halves-three"])
def test_general_s_war_sampling_refuses_another_number_of_reserves(
    options: dict[str, str], reserve_sizes: tuple[int, ...], reserves: int
) -> None:
    """One shared reserve, or one per colour half: an observation counting another number
    of reserves is refused, even when its sizes add up to the unseen cards (a forged
    extra reserve was once sampled as a game of two reserves)."""
    # Kills generals sampling sample_state mutmut_51 (numbered before this check), which
    # read a second reserve as colour half 1.
    seen = generals.observe(generals.new_game(0, generals.options(**options)), 0)
    assert len(seen.reserve_sizes) == reserves
    with pytest.raises(ObservationError) as err:
        generals.sample_state(attrs.evolve(seen, reserve_sizes=reserve_sizes),
                              Rng.from_seed(0))
    assert str(err.value) == (
        f"the observation counts {len(reserve_sizes)} reserves; the game has {reserves}")


@pytest.mark.parametrize("game", [war, peace, arneson, generals, caravan, cold_war],
                         ids=["war", "peace", "arneson", "generals", "caravan", "cold-war"])
def test_a_sample_s_generator_is_the_last_draw_of_the_sampler(game: Any) -> None:
    """The sampled state's generator is ``Rng.from_seed`` of the sampler's last 64-bit
    draw, and the returned generator is the one just past that draw."""
    # Kills generals sampling sample_state mutmut_132 (the sample without a generator).
    seen = game.observe(game.new_game(4), 1)
    sample, after = game.sample_state(seen, Rng.from_seed(9))
    word, past = Rng(after.key, after.counter - 1).bits()
    assert past == after
    assert sample.rng == Rng.from_seed(word)


# --- Arneson's War: the laid cards of a long war -----------------------------------------


def test_arneson_samples_of_a_war_of_three_rounds_lay_each_stake_before_its_card() -> None:
    """A war in its third revealed round, with one card staked face down in each war
    round: each seat's laid cards are its first card, then for each later round one stake
    and the round's face-up card, then the stake of the round being chosen."""
    # Kills arneson sampling sample_state mutmut_78.
    options = arneson.options(ranks="2 3 4", suits="SHDC", decks=2, hand_size=1, face_down=1)
    state = arneson.new_game(1, options)
    while arneson.outcome(state) is None and len(state.rounds) < 3:
        state = arneson.step(state, arneson.legal_actions(state)[0])
    assert [[t.face_down for t in r] for r in state.rounds] == [[0, 0], [1, 1], [1, 1]]
    for seat in (0, 1):
        for rng_seed in range(5):
            sample = check_sample(arneson, state, seat, rng_seed)
            assert lays_face_up_cards(sample)
            for s in (0, 1):
                assert len(sample.laid[s]) == 5 + state.stakes[s]
                assert sample.laid[s][0::2][:3] == tuple(r[s].face_up for r in state.rounds)


# --- Arneson's War: cycle detection in a sample -------------------------------------------

#: Options under which Arneson's War has neither choice nor chance, so it detects cycles.
CYCLING = arneson.options(ranks="2 3 4 5", suits="SH", hand_size=1, pickup_order="seat_order")


def test_arneson_samples_start_cycle_detection_again_at_the_sample() -> None:
    """As the game does at its deal, with the counts of the sampled position: Brent's
    method saves the sampled stocks and hands, power 1, length 0."""
    # Kills arneson sampling sample_state mutmut_99, _101, _102, _103, _104, _105, _109,
    # _110, _111, _125, _138.
    state = arneson.new_game(3, CYCLING)
    assert state.cycle is not None  # the game itself detects cycles
    while arneson.outcome(state) is None and not (state.wars and state.battles >= 3):
        state = arneson.step(state, arneson.legal_actions(state)[0])
    assert arneson.outcome(state) is None
    assert state.wars > 0
    for seat in (0, 1):
        sample = check_sample(arneson, state, seat, 7)
        assert sample.cycle == Cycle((sample.stocks, sample.hands), 1, 0,
                                     (state.battles, state.wars, state.wars_won))


def test_arneson_samples_detect_no_cycle_where_the_game_detects_none() -> None:
    """No cycle detection in a sample of a game that has ended, nor under options with a
    choice (a hand of three) or with chance (shuffled pickup)."""
    # Kills arneson sampling sample_state mutmut_98.
    ended = arneson.new_game(3, CYCLING)
    while arneson.outcome(ended) is None:
        ended = arneson.step(ended, arneson.legal_actions(ended)[0])
    states = [ended]
    for options in (attrs.evolve(CYCLING, hand_size=3),
                    attrs.evolve(CYCLING, pickup_order=arneson.Pickup.SHUFFLED)):
        start = arneson.new_game(3, options)
        assert start.cycle is None  # the game itself detects no cycles
        states.append(arneson.step(start, arneson.legal_actions(start)[0]))
    assert arneson.outcome(states[1]) is None
    assert arneson.outcome(states[2]) is None
    for state in states:
        for seat in (0, 1):
            assert check_sample(arneson, state, seat, 7).cycle is None


# --- General's War: the width of a seat in notation ----------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [("challenge 10", generals.Challenge(10)), ("partner 99", generals.Partner(99)),
     ("challenge 07", generals.Challenge(7)), ("Challenge 07", generals.Challenge(7))],
)
def test_a_seat_of_two_digits_is_read(text: str, action: generals.Action) -> None:
    # Kills generals notation parse_action mutmut_38.
    assert generals.parse_action(text) == action


@pytest.mark.parametrize("text", ["challenge 100", "partner 100", "challenge 007",
                                  "challenge \u0661"])
def test_a_seat_of_three_digits_is_refused(text: str) -> None:
    # Kills generals notation parse_action mutmut_39.
    with pytest.raises(NotationError) as err:
        generals.parse_action(text)
    assert str(err.value) == (
        f"bad action {text!r}: expected pass, claim AS, challenge N, partner N or squad C C C"
    )


def caravan_opening_after_two_moves() -> Any:
    """Return a Caravan state in the opening (seed 1484 of drawn options, found by the
    conformance property under mutation testing) where seat 0, to move, holds two number
    cards while most of the cards seat 1 cannot see are face cards."""
    from tests.strategies import play_out

    d0 = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    d1 = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D 10D "
                     "JD JK JK")
    opts = caravan.options(opening_hand=3, opening_discard="never", deck_0=d0, deck_1=d1,
                           min_deck_size=9)
    state = caravan.new_game(1484, opts)
    for _, _, after in play_out(caravan, 1484, opts, choice_seed=1484, max_steps=2):
        state = after
    return state


def test_caravan_samples_leave_a_seat_in_its_opening_a_card_to_open_with() -> None:
    # Seat 1 sees seat 0 still in its opening: the last turn's forfeit check found a
    # number card in seat 0's hand (no discards in this opening). A sample that dealt
    # seat 0 only face cards (it did, for Rng seed 1) was a state no game reaches, with
    # no legal action at all.
    state = caravan_opening_after_two_moves()
    # Seat 1 holds Q and a Joker: it forfeited the rest of its opening.
    assert state.opening == (True, False)
    assert caravan.to_act(state) == 0
    seen = caravan.observe(state, 1)
    hands = set()
    for r in range(300):
        sample, _ = caravan.sample_state(seen, Rng.from_seed(r))
        assert caravan.observe(sample, 1) == seen
        assert any(c.rank in (Rank.ACE, *range(2, 11)) for c in sample.hands[0])
        assert caravan.legal_actions(sample)
        hands.add(frozenset(sample.hands[0]))
    # Still a draw among many hands, some with face cards beside the number card.
    assert len(hands) > 30
    assert any(any(c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER) for c in h)
               for h in hands)


def test_caravan_sampling_gives_up_on_an_opening_no_hand_can_hold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar.variants.caravan import sampling as caravan_sampling

    seen = caravan.observe(caravan_opening_after_two_moves(), 1)
    monkeypatch.setattr(caravan_sampling, "_MAX_REDRAWS", 5)
    monkeypatch.setattr(caravan_sampling, "_may_open", lambda *args: False)
    with pytest.raises(ObservationError, match="seat 0 is still in its opening, but in 5 draws"):
        caravan.sample_state(seen, Rng.from_seed(1))


# --- Caravan: the draw of a deck split ------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2**64 - 1, 2**64 + 1, 3 * 2**70])
def test_caravan_s_draw_below_a_bound_reads_whole_words_high_word_first(n: int) -> None:
    """Caravan's sampler draws below a bound of any size from as many 64-bit words as
    the bound has bits (one word at least), the first drawn the highest, and keeps their
    value modulo the bound (for key 0 no word is rejected at these bounds)."""
    # kills caravan sampling _below mutmut_4, _5 (the number of words) and _20, _21 (how
    # the words are joined)
    from cardwar.variants.caravan import sampling as caravan_sampling

    words = max(1, -(-n.bit_length() // 64))
    rng, value = Rng(0, 0), 0
    for _ in range(words):
        word, rng = rng.bits()
        value = (value << 64) | word
    assert value < (1 << (64 * words)) // n * n
    assert caravan_sampling._below(Rng(0, 0), n) == (value % n, rng)


def test_caravan_s_draw_below_a_bound_rejects_a_word_at_the_last_multiple() -> None:
    """A word at or above the largest multiple of the bound that 2**64 holds is drawn
    again: with the bound equal to the first word (above 2**63, so its only multiple
    below 2**64), that word is rejected and the second kept."""
    # kills caravan sampling _below mutmut_8 (/ for //), _10, _12 (the limit) and _22 (<=)
    from cardwar.variants.caravan import sampling as caravan_sampling

    first, rng = Rng(0, 0).bits()
    second, rng = rng.bits()
    assert second < first
    assert first >= 2**63
    assert caravan_sampling._below(Rng(0, 0), first) == (second, rng)


def _caravan_seen_by_seat_0(deck_0: str, deck_1: str, hands: tuple[str, str],
                            decks: tuple[str, str], discards: str) -> caravan.Observation:
    options = caravan.options(deck_0=deck_0, deck_1=deck_1, opening_hand=3,
                              min_deck_size=1, deck_sets=2)
    state = attrs.evolve(caravan.new_game(0, options),
                         hands=(parse_cards(hands[0]), parse_cards(hands[1])),
                         decks=(parse_cards(decks[0]), parse_cards(decks[1])),
                         discards=parse_cards(discards), turns=9, opening=(False, False))
    assert fits_the_decks(state)
    return caravan.observe(state, 0)


@pytest.mark.parametrize(("table", "splits"), [
    # Seat 0's AS AS 2S KS, seat 1's AS 2S 5S 6S; AS and 2S discarded: seat 0's deck is
    # one AS and the 2S (either unseen AS: 2 picks) or both AS (1 pick).
    (("AS AS 2S KS", "AS 2S 5S 6S", ("KS", "AS 5S"), ("AS 2S", "6S"), "AS 2S"),
     {"2S AS": 2, "AS AS": 1}),
    # Seat 0's 2S 2S 5S 6S KS, seat 1's 5S 6S 7S 8S QH; 5S and 6S discarded: seat 0's
    # deck holds both 2S (no other deck has one) and the 5S or the 6S.
    (("2S 2S 5S 6S KS", "5S 6S 7S 8S QH", ("KS", "6S 7S"), ("2S 2S 5S", "8S QH"), "5S 6S"),
     {"2S 2S 5S": 1, "2S 2S 6S": 1}),
], ids=["either-kind-first", "owned-kind-first"])
def test_caravan_s_split_draw_names_each_split_once_per_way_to_choose_its_cards(
    monkeypatch: pytest.MonkeyPatch, table: Any, splits: dict[str, int]
) -> None:
    """Caravan's sampler draws one number below the count of splits of the unseen cards
    between the seats, each split counted by the ways to choose its copies of each kind
    from the unseen ones (a product of binomial coefficients): every number below the
    count names a split that fits both decks, each split as many times as it counts."""
    # kills caravan sampling _draw mutmut_13 (a kind's least copies ignored), _31 (<=),
    # _33, _35, _36 (the pick inside a kind's block) and _split_counts mutmut_11 (every
    # count doubled)
    from cardwar.variants.caravan import sampling as caravan_sampling

    observation = _caravan_seen_by_seat_0(*table)
    asked: list[int] = []
    pick = 0

    def fixed(rng: Rng, n: int) -> tuple[int, Rng]:
        asked.append(n)
        return pick, rng

    monkeypatch.setattr(caravan_sampling, "_below", fixed)
    drawn: Counter[str] = Counter()
    for pick in range(sum(splits.values())):
        sample, _ = caravan.sample_state(observation, Rng.from_seed(pick))
        assert caravan.observe(sample, 0) == observation
        assert fits_the_decks(sample)
        drawn[format_cards(sorted(sample.decks[0], key=card_index))] += 1
    assert set(asked) == {sum(splits.values())}
    assert drawn == Counter(splits)


def test_caravan_samples_count_every_copy_of_a_card_on_the_caravans() -> None:
    """Decks of two sets: after 24 random moves from seed 0 each seat has two copies of
    one number card on its caravans; both seats' samples count both copies (one copy
    counted would leave one too many unseen, and no deal would fit)."""
    # kills caravan sampling sample_state mutmut_34 (+= 1 made = 1)
    from tests.strategies import play_out

    pair = "AS AS 2S 2S 3S 3S 4H 4H 5H 5H 6D 6D 7D 7D 8C 8C"
    opts = caravan.options(deck_0=pair, deck_1=pair, deck_sets=2, min_deck_size=1)
    *_, (_, _, state) = play_out(caravan, 0, opts, choice_seed=0, max_steps=24)
    for side in (0, 1):
        numerals = Counter(pile.numeral for car in state.caravans[3 * side:3 * side + 3]
                           for pile in car.piles)
        assert max(numerals.values()) == 2, side
    for seat in (0, 1):
        check_sample(caravan, state, seat, seat)


def test_caravan_samples_an_observation_that_shows_every_card() -> None:
    """Nothing unseen (every card in a hand or on the discard pile, both decks empty):
    the one state that gives the observation."""
    seen = _caravan_seen_by_seat_0("AS 2S 3S", "4S 5S", ("AS 2S 3S", ""), ("", ""), "4S 5S")
    sample, _ = caravan.sample_state(seen, Rng.from_seed(0))
    assert sample.hands == (parse_cards("AS 2S 3S"), ())
    assert sample.decks == ((), ())
    assert caravan.observe(sample, 0) == seen


def test_caravan_sampling_refusals_say_what_is_wrong() -> None:
    # kills caravan sampling sample_state mutmut_52 (the text of "more of a card") and
    # those of both "no deal" messages
    seen = _caravan_seen_by_seat_0("AS 2S 3S", "4S 5S", ("AS 2S 3S", ""), ("", ""), "4S 5S")
    refusals = {
        # An AS more on the discard pile than both decks hold.
        "shown twice": (attrs.evolve(seen, discards=parse_cards("4S 5S AS")),
                        "the observation shows more of a card than both decks hold"),
        # One card more counted in seat 1's deck than are unseen (none is).
        "counted more": (attrs.evolve(seen, deck_sizes=(0, 1)),
                         "no deal of the options' decks gives this observation"),
        # The counts add up (seat 0's deck counted one, seat 1's none), but the two
        # unseen cards (4S, 5S) are both seat 1's: no split gives seat 0 a card.
        "split fits no deck": (
            attrs.evolve(_caravan_seen_by_seat_0("AS 2S 3S", "4S 5S", ("AS 2S 3S", "4S"),
                                                 ("", "5S"), ""), deck_sizes=(1, 0)),
            "no deal of the options' decks gives this observation"),
        "negative": (attrs.evolve(seen, deck_sizes=(1, -1)),
                     "the observation's deck_sizes should be at least 0 each, got (1, -1)"),
        # A negative hand is refused so too, before its counts are added up: -1 card in
        # seat 1's hand and one more in its deck would add up to the cards unseen.
        "negative hand": (attrs.evolve(seen, hand_sizes=(3, -1), deck_sizes=(0, 1)),
                          "the observation's hand_sizes should be at least 0 each, got "
                          "(3, -1)"),
        "huge": (attrs.evolve(seen, deck_sizes=(10**12, 0)),
                 "no deal of the options' decks gives this observation"),
    }
    for what, (observation, message) in refusals.items():
        with pytest.raises(ObservationError) as refused:
            caravan.sample_state(observation, Rng.from_seed(0))
        assert str(refused.value) == message, what


# --- observations built by hand -----------------------------------------------------------


@pytest.mark.parametrize(("game", "field", "value", "message"), [
    (war, "won_sizes", (False, False),
     "the observation's won_sizes should be tuple[int, ...], got (False, False)"),
    (peace, "set_aside", 0.0, "the observation's set_aside should be int, got 0.0"),
    (arneson, "stakes", (0,), "the observation's stakes should be tuple[int, int], got (0,)"),
    (arneson, "last", "AS", "the observation's last should be BattleRecord | None, got 'AS'"),
    (arneson, "opponent_committed", 0,
     "the observation's opponent_committed should be bool, got 0"),
    (cold_war, "hand", ("AS",),
     "the observation's hand should be tuple[Card, ...], got ('AS',)"),
    (cold_war, "war_rank", 12, "the observation's war_rank should be Rank | None, got 12"),
    (generals, "scores", [0, 0], "the observation's scores should be tuple[int, ...], got [0, 0]"),
], ids=["war-bools", "peace-float", "arneson-one-stake", "arneson-last", "arneson-bool",
        "cold-war-text", "cold-war-rank", "generals-list"])
def test_sampling_refuses_an_observation_with_a_field_of_a_wrong_type(
    game: Any, field: str, value: Any, message: str
) -> None:
    """A field not of its annotated type (those the sampler would read as another, and
    those it would copy into the state) is named, with what it should be."""
    seen = attrs.evolve(game.observe(game.new_game(1), 0), **{field: value})
    for _ in range(2):  # refused again: an observation refused is never taken as checked
        with pytest.raises(ObservationError) as refused:
            game.sample_state(seen, Rng.from_seed(0))
        assert str(refused.value) == message


_Seat = NewType("_Seat", int)


@attrs.frozen
class _Inner:
    count: int


@attrs.frozen
class _PluginSeen:
    """An observation of a plugin's game, with annotations no built-in one uses."""

    mode: Literal["open", "closed"]
    cards: Sequence[Rank]
    hook: Callable[[int], int]
    inner: _Inner
    options: war.Options
    seat: _Seat


def test_malformed_reads_the_annotations_a_plugin_s_observation_may_use() -> None:
    """Literals, abstract generics (their class only), callables and nested records; an
    annotation it does not read (a NewType) is not checked."""
    from cardwar.sampling import malformed

    good = _PluginSeen("open", [Rank.ACE], abs, _Inner(1), war.Options(), _Seat(0))
    assert malformed(good) is None
    assert malformed(attrs.evolve(good, seat=cast(Any, "north"))) is None
    bad: dict[str, tuple[Any, str]] = {
        "mode": ("shut", "the observation's mode should be Literal['open', 'closed'], "
                         "got 'shut'"),
        "cards": (5, "the observation's cards should be Sequence[Rank], got 5"),
        "hook": (None, "the observation's hook should be Callable[[int], int], got None"),
        "inner": (_Inner(True),
                  "the observation's inner should be _Inner, got _Inner(count=True)"),
    }
    for field, (value, message) in bad.items():
        assert malformed(attrs.evolve(good, **{field: value})) == message, field
    assert malformed(attrs.evolve(good, mode=cast(Any, 1))) is not None  # not 'open'


def test_sampling_refuses_an_observation_whose_parts_disagree() -> None:
    """Fields of the right types that no state gives together: the message says which
    parts disagree, or how sampling them failed."""
    general = generals.observe(generals.new_game(1), 0)
    with pytest.raises(ObservationError) as counted:
        generals.sample_state(attrs.evolve(general, won_sizes=(1, -1)), Rng.from_seed(0))
    assert str(counted.value) == (
        "the observation's won_sizes should be at least 0 each, got (1, -1)")
    with pytest.raises(ObservationError) as short:  # a count per seat, one seat short
        generals.sample_state(attrs.evolve(general, hand_sizes=(5,)), Rng.from_seed(0))
    assert str(short.value) == ("the observation's hand_sizes should hold one entry per "
                                "seat (2), got (5,)")
    with pytest.raises(ObservationError) as won:  # the won cards shown, not counted
        generals.sample_state(attrs.evolve(general, won_sizes=(1, 0)), Rng.from_seed(0))
    assert str(won.value) == ("the observation shows seat 0 more generals or won cards "
                              "than it counts")
    seen = cold_war.observe(_cold_war_at_war(), 0)
    stray = (*seen.stake_seats[:-1], 3)  # a stake laid by a fourth seat of three
    with pytest.raises(ObservationError) as seats:
        cold_war.sample_state(attrs.evolve(seen, stake_seats=stray), Rng.from_seed(0))
    assert str(seats.value) == ("the observation's stake_seats should be a seat from 0 to "
                                "2, got 3")


def test_a_sampler_that_fails_or_gives_a_state_observe_fails_on_is_named() -> None:
    """What the variants' own checks let through and their samplers still fail on (a
    plugin game's sampler, which checks nothing) is refused by
    :func:`cardwar.sampling.sample_checked` with what failed."""
    from cardwar.sampling import sample_checked

    seen = arneson.observe(arneson.new_game(1), 0)

    def failing(observation: object, rng: Rng) -> Any:
        return cast(Any, ())[0]

    with pytest.raises(ObservationError) as short:
        sample_checked(failing, seen, Rng.from_seed(0), arneson.observe)
    assert str(short.value) == ("the observation's parts disagree: sampling it failed "
                                "with IndexError: tuple index out of range")
    assert isinstance(short.value.__cause__, IndexError)

    def broken(state: object, seat: int) -> Any:
        return cast(Any, ())[0]

    with pytest.raises(ObservationError) as unobservable:
        sample_checked(lambda o, r: (None, r), seen, Rng.from_seed(0), broken)
    assert str(unobservable.value) == ("the observation's parts disagree: what it shows "
                                       "makes no state of the game")
    assert isinstance(unobservable.value.__cause__, IndexError)
    other = arneson.new_game(2)
    with pytest.raises(ObservationError) as differs:
        sample_checked(lambda o, r: (other, r), seen, Rng.from_seed(0), arneson.observe)
    assert str(differs.value) == ("the observation's parts disagree (hand): no state "
                                  "gives it")

    def no_seat(state: object, seat: int) -> Any:
        raise SeatError("no such seat")

    with pytest.raises(SeatError, match=r"^no such seat$"):
        sample_checked(lambda o, r: (other, r), seen, Rng.from_seed(0), no_seat)
    listed = attrs.evolve(seen, stock_sizes=cast(Any, [23, 23]))
    with pytest.raises(ObservationError) as typed:  # a sampler that checks no types
        sample_checked(lambda o, r: (other, r), listed, Rng.from_seed(0), arneson.observe)
    assert str(typed.value) == ("the observation's stock_sizes should be tuple[int, ...], "
                                "got [23, 23]")


def test_a_search_s_observation_is_checked_once_and_memory_errors_pass(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many samples of one observation walk its types once (the walk costs about as much
    as a sample); running out of memory is not taken for a bad observation."""
    from cardwar import sampling
    from cardwar.variants.arneson import sampling as arneson_sampling

    walked: list[object] = []
    real = sampling.malformed

    def counting(observation: object) -> str | None:
        walked.append(observation)
        return real(observation)

    monkeypatch.setattr(sampling, "malformed", counting)
    first, second = (arneson.observe(arneson.new_game(seed), 0) for seed in (1, 2))
    sampling.sample_states(arneson.sample_state, first, Rng.from_seed(0), 5)
    assert walked == [first]
    arneson.sample_state(second, Rng.from_seed(0))
    arneson.sample_state(second, Rng.from_seed(1))
    assert walked == [first, second]

    def out_of_memory(observation: object, rng: Rng) -> Any:
        raise MemoryError

    monkeypatch.setattr(arneson_sampling, "_sample", out_of_memory)
    with pytest.raises(MemoryError):
        arneson.sample_state(first, Rng.from_seed(0))


def test_sampling_still_refuses_what_is_not_an_observation_or_a_generator() -> None:
    state: Any = arneson.new_game(1)
    with pytest.raises(StateError, match=r"^expected an observation of Arneson's War, got State"):
        arneson.sample_state(state, Rng.from_seed(0))  # a state's fields are not looked at
    with pytest.raises(StateError) as no_rng:
        arneson.sample_state(arneson.observe(state, 0), cast(Any, 0))
    assert str(no_rng.value) == "expected a cardwar.rng.Rng, got int"


@pytest.mark.parametrize("game", [war, peace, arneson, caravan],
                         ids=["war", "peace", "arneson", "caravan"])
def test_sampling_refuses_a_seat_that_is_not_in_the_game(game: Any) -> None:
    seen = game.observe(game.new_game(1), 0)
    for seat in (2, -1):
        with pytest.raises(SeatError) as refused:
            game.sample_state(attrs.evolve(seen, seat=seat), Rng.from_seed(0))
        assert str(refused.value) == f"seat must be an int in [0, 1], got {seat}"


# --- Cold War -----------------------------------------------------------------------------


def _cold_war_at_war() -> Any:
    """A three-player Cold War state in a war (a war rank, stakes face down on the table),
    reached by random play from seed 2."""
    import random

    state = cold_war.new_game(2, cold_war.options(players=3))
    choose = random.Random(2)
    while state.war_rank is None or not state.stakes:
        state = cold_war.step(state, choose.choice(cold_war.legal_actions(state)))
    return state


def test_cold_war_samples_of_a_war_keep_its_rank_and_stakes() -> None:
    # kills cold_war sampling sample_state mutmut_99 (the war's rank dropped)

    state = _cold_war_at_war()
    assert state.war_rank is not None
    for seat in range(3):
        seen = cold_war.observe(state, seat)
        sample, _ = cold_war.sample_state(seen, Rng.from_seed(seat))
        assert sample.war_rank == state.war_rank
        assert [s for s, _ in sample.stakes] == [s for s, _ in state.stakes]
        assert cold_war.observe(sample, seat) == seen
        if seat == cold_war.to_act(state):  # the acting seat's own hand is kept
            assert cold_war.legal_actions(sample) == cold_war.legal_actions(state)


def test_cold_war_sampling_refuses_counts_that_do_not_fit() -> None:
    # kills cold_war sampling sample_state mutmut_25, _26, _37, _38 (each count checked
    # on its own, and the message's text); mutmut_4 (the game's name) is killed by
    # test_sampling_errors_name_the_game above

    state = cold_war.new_game(5, cold_war.options(players=4))
    seen = cold_war.observe(state, 3)
    assert (seen.hand_sizes, seen.pool_sizes, seen.stock_size) == ((3, 3, 3, 3), (0,) * 4, 38)
    # Seat 3 sees 3 cards of 50: 47 unseen, as the counts say (3 x 3 + 38).
    bad = {
        # Seat 3's own hand counted 2 where it is shown 3 (its own count is not among
        # the hidden ones, which still add up).
        "own hand": attrs.evolve(seen, hand_sizes=(3, 3, 3, 2)),
        # The same with its pool.
        "own pool": attrs.evolve(seen, pool_sizes=(0, 0, 0, 1)),
    }
    for what, observation in bad.items():
        with pytest.raises(ObservationError) as refused:
            cold_war.sample_state(observation, Rng.from_seed(0))
        assert str(refused.value) == (
            "the observation leaves 47 cards unseen but counts 47 hidden ones"), what
    with pytest.raises(ObservationError) as negative:  # the others keeping the sum
        cold_war.sample_state(attrs.evolve(seen, pool_sizes=(1, 1, -2, 0)), Rng.from_seed(0))
    assert str(negative.value) == ("the observation's pool_sizes should be at least 0 each, "
                                   "got (1, 1, -2, 0)")
    with pytest.raises(ObservationError) as more:
        cold_war.sample_state(attrs.evolve(seen, stock_size=40), Rng.from_seed(0))
    assert str(more.value) == "the observation leaves 47 cards unseen but counts 49 hidden ones"


def test_cold_war_samples_keep_the_seats_that_left_during_the_trick() -> None:
    """A war goes on after seat 2 ran out in its refill (``deal_end=last_standing``):
    every seat's sample keeps seat 2 among those that left the deal in this trick."""
    # kills cold_war sampling sample_state mutmut_103 (left not passed: no seat left)
    from tests.strategies import play_out

    opts = cold_war.options(players=3, war_trigger="any_pair", ranks="9 10 J Q K A",
                            suits="SH", jokers=0, deal_end="last_standing")
    state = cold_war.new_game(25, opts)
    for _, _, after in play_out(cold_war, 25, opts, choice_seed=25, max_steps=14):
        state = after
    assert state.left == (2,)
    assert state.stakes
    assert state.active == (True, True, False)
    for seat in range(3):
        sample = check_sample(cold_war, state, seat, seat)
        assert sample.left == (2,)
