"""Determinization (issue 20): ``sample_state(observation, rng)`` returns a full state that
gives back the observation, drawn uniformly among all such states.

Consistency is checked on random positions of every option set; uniformity by exact
enumeration on small decks: every way of placing the deck's cards into the state's
places is built, those whose observation is the one given are the consistent states, and
the samples must cover exactly them, each about equally often. The bound: Pearson's
chi-square statistic of the counts against the uniform distribution must stay below its
0.1% critical value (the samples come from fixed seeds, so the test cannot flicker)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwar import arneson, caravan, cold_war, generals, peace, war
from cardwar.cards import Card, Suit, parse_cards
from cardwar.errors import ObservationError, OptionsTypeError, StateError
from cardwar.rng import Rng
from cardwar.variants._battle import Cycle
from tests.strategies import arneson_options, peace_options, play_out, seeds, war_options
from tests.support_caravan import caravan_options
from tests.support_cold_war import cold_war_options
from tests.support_generals import generals_options


def critical(df: int) -> float:
    """Return the chi-square distribution's 0.1% upper critical value for ``df`` degrees
    of freedom, by the Wilson-Hilferty approximation (23 degrees: 49.77 against the
    tables' 49.73; 119 degrees: 164.2 against 163.6)."""
    z = 3.090232  # the standard normal's 0.1% upper quantile
    return float(df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3)


def chi_square(counts: Counter[Any], support: list[Any]) -> float:
    """Return Pearson's statistic of ``counts`` against the uniform law on ``support``."""
    n = sum(counts.values())
    expected = n / len(support)
    return sum((counts[s] - expected) ** 2 / expected for s in support)


def hidden_key(state: Any) -> Any:
    """Return the parts of a state a sample may choose (cards where they lie); the
    generator and cycle detection are left out."""
    if isinstance(state, generals.State):
        return state.hands, state.squads, state.reserves, state.won
    if isinstance(state, caravan.State):
        return state.hands, state.decks
    if isinstance(state, cold_war.State):
        return state.hands, state.pools, state.stock, state.stakes, state.set_aside
    return (tuple(map(tuple, state.stocks)), tuple(map(tuple, state.won)),
            tuple(state.tally.set_aside), tuple(getattr(state, "hands", ())),
            getattr(state, "committed", None), getattr(state, "laid", None))


def check_sample(module: Any, state: Any, seat: int, rng_seed: int) -> Any:
    """Assert what every sample must be; return it."""
    seen = module.observe(state, seat)
    sample, rng = module.sample_state(seen, Rng.from_seed(rng_seed))
    assert type(sample) is type(state)
    assert module.observe(sample, seat) == seen
    assert Counter(module.cards_in_play(sample)) == Counter(module.cards_in_play(state))
    if module is caravan:
        assert fits_the_decks(sample)
    elif module is cold_war:
        assert [s for s, _ in sample.stakes] == [s for s, _ in state.stakes]
        assert sample.left == state.left
        assert sample.seen == ()
    elif module is generals:
        assert sample.banked == state.banked
        assert [Counter(w) for w in sample.won] == [Counter(w) for w in state.won]
        for s in range(module.num_players(state)):
            assert Counter(state.revealed[s]) <= Counter(sample.hands[s])
    else:
        assert sample.tally.wars == state.tally.wars
    assert rng != Rng.from_seed(rng_seed)
    # The sample is a state the engine plays on.
    after = sample
    for _ in range(5):
        if module.outcome(after) is not None:
            break
        after = module.step(after, module.legal_actions(after)[0])
    return sample


@pytest.mark.parametrize(
    ("module", "strategy"),
    [(war, war_options), (peace, peace_options), (arneson, arneson_options),
     (generals, generals_options), (caravan, caravan_options),
     (cold_war, cold_war_options)],
    ids=["war", "peace", "arneson", "generals", "caravan", "cold-war"],
)
@given(data=st.data(), seed=seeds)
@settings(max_examples=40)
def test_every_sample_gives_back_the_observation(
    module: Any, strategy: Any, data: st.DataObject, seed: int
) -> None:
    options = data.draw(strategy(small=True))
    steps = data.draw(st.integers(0, 60))
    state = module.new_game(seed, options)
    for _, _, after in play_out(module, seed, options, choice_seed=seed, max_steps=steps):
        state = after
    for seat in range(module.num_players(state)):
        check_sample(module, state, seat, (seed + seat) % 2**64)


def test_arneson_samples_keep_what_the_seat_sees_and_redraw_the_rest() -> None:
    hidden = 0
    for seed in range(30):
        for state in [s for s, _, _ in play_out(arneson, seed, max_steps=80)][::7]:
            for seat in (0, 1):
                sample = check_sample(arneson, state, seat, seed)
                assert sample.hands[seat] == state.hands[seat]
                assert sample.committed[seat] == state.committed[seat]
                assert sample.rounds == state.rounds
                assert sample.stakes == state.stakes
                hidden += hidden_key(sample) != hidden_key(state)
    assert hidden > 300


def test_a_war_in_progress_keeps_its_face_up_cards_between_the_stakes() -> None:
    """The laid cards of a war being fought: each round's stake (hidden, redrawn), then
    its face-up card (seen, kept), then the stake for the round being chosen."""
    found = 0
    for seed in range(60):
        for state, _, _ in play_out(arneson, seed, max_steps=200):
            if not state.rounds:
                continue
            for seat in (0, 1):
                sample = check_sample(arneson, state, seat, seed)
                for s in (0, 1):
                    at = 0
                    for turn_round in state.rounds:
                        turn = next(t for t in turn_round if t.seat == s)
                        at += turn.face_down
                        assert sample.laid[s][at] is turn.face_up
                        at += 1
                    assert len(sample.laid[s]) == at + state.stakes[s]
                found += 1
    assert found > 20


def consistent_states(module: Any, state: Any, seat: int) -> list[Any]:
    """Return, by exact enumeration, every distinct placement of the state's cards into
    its places (stocks, win piles, set-aside, and in Arneson's War hands, choices and
    laid cards, each of its size) whose observation by ``seat`` is the state's."""
    seen = module.observe(state, seat)
    cards = list(module.cards_in_play(state))
    if module is generals:  # the pot is seen, and stays
        for card in (c for pile in state.pot for c in pile):
            cards.remove(card)
    if module is caravan:
        places = [*state.hands, *state.decks]
        cards = [c for place in places for c in place]
    elif module is cold_war:  # the seat's own hand and pool are seen: the rest is placed
        others = [s for s in range(len(state.hands)) if s != seat]
        places = [*(state.hands[s] for s in others), *(state.pools[s] for s in others),
                  state.stock, tuple(c for _, c in state.stakes), state.set_aside]
        cards = [c for place in places for c in place]
    elif module is generals:
        squads = [sq or () for sq in state.squads]
        places = [*state.hands, *squads, *state.won, *state.reserves]
    elif module is arneson:
        chosen = [[c] if c is not None else [] for c in state.committed]
        places = [*state.hands, *chosen, *state.stocks, *state.won, *state.laid,
                  state.tally.set_aside]
    else:
        places = [*state.stocks, *state.won, state.tally.set_aside]
    sizes = [len(p) for p in places]
    found = {}
    for order in set(itertools.permutations(cards)):
        parts = []
        at = 0
        for n in sizes:
            parts.append(tuple(order[at:at + n]))
            at += n
        if module is caravan:
            h0, h1, d0, d1 = parts
            candidate = attrs.evolve(state, hands=(h0, h1), decks=(d0, d1))
        elif module is cold_war:
            k = len(others)
            hands, pools = list(state.hands), list(state.pools)
            for i, s in enumerate(others):
                hands[s], pools[s] = parts[i], parts[k + i]
            stock, stake_cards, aside = parts[2 * k:]
            candidate = attrs.evolve(
                state, hands=tuple(hands), pools=tuple(pools), stock=stock, set_aside=aside,
                stakes=tuple((s, c) for (s, _), c in zip(state.stakes, stake_cards,
                                                         strict=True)))
        elif module is generals:
            n = len(state.hands)
            candidate = attrs.evolve(
                state, hands=tuple(parts[:n]), won=tuple(parts[2 * n:3 * n]),
                reserves=tuple(parts[3 * n:]),
                squads=tuple(parts[n + s] if state.squads[s] is not None else None
                             for s in range(n)))
        elif module is arneson:
            h0, h1, c0, c1, s0, s1, w0, w1, l0, l1, aside = parts
            candidate = attrs.evolve(
                state, hands=(h0, h1), committed=(c0[0] if c0 else None, c1[0] if c1 else None),
                stocks=(s0, s1), laid=(l0, l1),
                tally=attrs.evolve(state.tally, won=(w0, w1), set_aside=aside))
        else:
            n = len(state.stocks)
            candidate = attrs.evolve(
                state, stocks=tuple(parts[:n]),
                tally=attrs.evolve(state.tally, won=tuple(parts[n:2 * n]), set_aside=parts[-1]))
        if (module.observe(candidate, seat) == seen and lays_face_up_cards(candidate)
                and holds_its_own_cards(candidate) and fits_the_decks(candidate)):
            found[hidden_key(candidate)] = candidate
    return list(found.values())


def fits_the_decks(state: Any) -> bool:
    """Return whether a Caravan state's cards can be split into the two seats' decks: each
    seat's hand, deck and the number cards on its caravans, with some of the cards whose
    owner the table does not show (face cards, the discard pile), make its deck."""
    if not isinstance(state, caravan.State):
        return True
    held = [Counter(state.hands[s]) + Counter(state.decks[s]) for s in (0, 1)]
    either: Counter[Any] = Counter(state.discards)
    for k, car in enumerate(state.caravans):
        for pile in car.piles:
            held[k // 3][pile.numeral] += 1
            either.update(pile.faces)
    full = [Counter(caravan.deck(state.options, s)) for s in (0, 1)]
    for card in set(full[0]) | set(full[1]) | set(either) | set(held[0]) | set(held[1]):
        a, b = full[0][card] - held[0][card], full[1][card] - held[1][card]
        if a < 0 or b < 0 or a + b != either[card]:
            return False
    return True


def holds_its_own_cards(state: Any) -> bool:
    """Return whether a General's War state keeps the engine's invariants that its
    observation does not show: revealed generals are in their hands, and with colour
    halves each seat's hand, squad and reserve are of its own colour."""
    if not isinstance(state, generals.State):
        return True
    for s, hand in enumerate(state.hands):
        if not Counter(state.revealed[s]) <= Counter(hand):
            return False
    if state.options.deck_mode is generals.DeckMode.COLOUR_HALVES:
        for s in range(2):
            black = s == 0
            mine = [*state.hands[s], *(state.squads[s] or ()), *state.reserves[s]]
            if any((c.suit in (Suit.CLUBS, Suit.SPADES)) != black for c in mine):
                return False
    return True


def lays_face_up_cards(state: Any) -> bool:
    """Return whether a state's laid cards hold each revealed round's face-up card after
    that round's stake (an invariant of every state the engine makes: the observation
    shows the rounds, not where they lie among the laid cards)."""
    for s, laid in enumerate(getattr(state, "laid", ())):
        at = 0
        for turn_round in state.rounds:
            turn = next(t for t in turn_round if t.seat == s)
            at += turn.face_down
            if laid[at] is not turn.face_up:
                return False
            at += 1
    return True


def check_uniform(module: Any, state: Any, seat: int, per_state: int = 40) -> int:
    """Sample ``per_state`` times as many times as there are consistent states, from
    fixed seeds; assert the samples cover exactly the consistent states, uniformly
    (chi-square below its 0.1% critical value). Return how many there are."""
    support = [hidden_key(s) for s in consistent_states(module, state, seat)]
    seen = module.observe(state, seat)
    counts: Counter[Any] = Counter()
    rng = Rng.from_seed(2026)
    for _ in range(per_state * len(support)):
        sample, rng = module.sample_state(seen, rng)
        counts[hidden_key(sample)] += 1
    assert set(counts) == set(support)
    if len(support) > 1:
        assert chi_square(counts, support) < critical(len(support) - 1)
    return len(support)


def test_war_samples_are_uniform_over_the_consistent_states() -> None:
    options = war.options(ranks="2 3", suits="SH", pickup_order="seat_order")
    state = war.step(war.new_game(5, options), war.Play.PLAY)
    assert check_uniform(war, state, 0) == 24  # 4 cards in 4 places: 4!


def test_peace_samples_with_a_spare_card_are_uniform() -> None:
    options = peace.options(ranks="2 3 4", suits="S", players=2)
    state = peace.new_game(1, options)
    assert len(state.set_aside) == 1
    assert check_uniform(peace, state, 1) == 6  # 3 cards: 3!


def test_samples_of_several_decks_are_uniform_over_distinct_states() -> None:
    """With two decks each card is there twice: the distinct placements, not the
    permutations, must be equally likely."""
    options = war.options(ranks="2 3", suits="S", decks=2)
    state = war.new_game(3, options)
    assert check_uniform(war, state, 0) == 6  # 2S 2S 3S 3S: 4! / (2! 2!)


@pytest.mark.parametrize("seat", [0, 1])
def test_arneson_samples_are_uniform_over_the_consistent_states(seat: int) -> None:
    options = arneson.options(ranks="2 3 4", suits="SH", hand_size=1, face_down=1)
    state = arneson.new_game(4, options)
    state = arneson.step(state, arneson.legal_actions(state)[0])  # seat 0 has chosen
    assert state.committed[0] is not None
    # Seat 0 sees its choice; seat 1 sees its hand: 5 unseen cards either way.
    assert all(lays_face_up_cards(s) for s, _, _ in play_out(arneson, 4, options))
    assert check_uniform(arneson, state, seat) == 120


def test_arneson_samples_during_a_war_are_uniform() -> None:
    options = arneson.options(ranks="2 3", suits="SHD", hand_size=1, face_down=1)
    for seed in range(200):
        state = arneson.new_game(seed, options)
        while arneson.outcome(state) is None and not state.rounds:
            state = arneson.step(state, arneson.legal_actions(state)[0])
        if state.rounds and sum(state.stakes) == 2:
            break
    else:
        pytest.fail("no war with stakes in 200 deals")
    count = check_uniform(arneson, state, 1)
    assert count > 1


def test_sampling_refuses_what_is_not_an_observation_of_its_game() -> None:
    rng = Rng.from_seed(0)
    state = war.new_game(0)
    with pytest.raises(StateError):
        war.sample_state(state, rng)  # type: ignore[arg-type]  # a state
    with pytest.raises(OptionsTypeError):
        war.sample_state(peace.observe(peace.new_game(0), 0), rng)
    with pytest.raises(StateError):
        arneson.sample_state(war.observe(state, 0), rng)  # type: ignore[arg-type]
    with pytest.raises(StateError):
        war.sample_state(war.observe(state, 0), random.Random(0))  # type: ignore[arg-type]
    bad = attrs.evolve(war.observe(state, 0), stock_sizes=(26, 27))
    with pytest.raises(ObservationError, match="53 cards; the game's deck has 52"):
        war.sample_state(bad, rng)
    seen = arneson.observe(arneson.new_game(0), 0)
    with pytest.raises(ObservationError):
        arneson.sample_state(attrs.evolve(seen, stock_sizes=(30, 30)), rng)
    small = arneson.options(ranks="2 3", suits="S")
    foreign = attrs.evolve(arneson.observe(arneson.new_game(0, small), 0), hand=war.deck()[:2])
    with pytest.raises(ObservationError, match="does not hold"):
        arneson.sample_state(foreign, rng)


def test_cycle_detection_starts_again_at_a_sample() -> None:
    options = war.options(pickup_order="seat_order", ranks="2 3 4", suits="SH")
    state = war.step(war.new_game(16, options), war.Play.PLAY)
    sample, _ = war.sample_state(war.observe(state, 0), Rng.from_seed(3))
    assert sample.cycle == Cycle(sample.stocks, 1, 0, (1, state.wars, state.wars_won))
    shuffled = war.sample_state(war.observe(war.new_game(1), 0), Rng.from_seed(3))[0]
    assert shuffled.cycle is None


def small_generals(**kwargs: Any) -> generals.Options:
    return generals.options(ranks="A 2 3", suits="SH", hand_size=2, **kwargs)


@pytest.mark.parametrize("seat", [0, 1])
def test_general_s_war_samples_are_uniform_over_the_consistent_states(seat: int) -> None:
    state = generals.new_game(1, small_generals(claim_cards=0))
    state = generals.step(state, generals.legal_actions(state)[0])  # a squad, hidden
    assert any(sq is not None for sq in state.squads)
    assert check_uniform(generals, state, seat) > 1


def test_general_s_war_samples_with_a_revealed_general_are_uniform() -> None:
    for seed in range(100):
        state = generals.new_game(seed, small_generals(claim_cards=1))
        while generals.outcome(state) is None and state.claimant is not None:
            claims = [a for a in generals.legal_actions(state) if str(a).startswith("claim")]
            state = generals.step(state, claims[0] if claims else generals.legal_actions(state)[0])
        if any(state.revealed):
            break
    else:
        pytest.fail("no claim in 100 deals")
    holder = next(s for s in (0, 1) if state.revealed[s])
    assert check_uniform(generals, state, 1 - holder) > 1


def test_general_s_war_samples_of_colour_halves_keep_each_colour_in_its_half() -> None:
    options = generals.options(ranks="A 2", suits="SHCD", hand_size=2,
                               deck_mode="colour_halves", claim_cards=0)
    state = generals.new_game(2, options)
    assert check_uniform(generals, state, 0) > 1
    for seed in range(50):
        sample, _ = generals.sample_state(generals.observe(state, 1), Rng.from_seed(seed))
        assert holds_its_own_cards(sample)


#: Two small Caravan decks that share some cards (AS 2S 3S), for exact enumeration.
SMALL_CARAVAN = caravan.options(deck_0="AS 2S 3S 4S KS JK", deck_1="AS 2S 3S 5S QH 6H",
                                opening_hand=3, min_deck_size=1)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("seat", [0, 1])
def test_caravan_samples_are_uniform_over_the_states_the_decks_allow(seed: int,
                                                                     seat: int) -> None:
    """After five random moves (cards of both decks on the table and in the discard
    pile, some of kinds both decks hold), the samples cover exactly the consistent states
    whose cards fit the two decks, uniformly."""
    state = caravan.new_game(seed, SMALL_CARAVAN)
    for _, _, after in play_out(caravan, seed, SMALL_CARAVAN, choice_seed=seed, max_steps=5):
        state = after
    assert fits_the_decks(state)
    assert check_uniform(caravan, state, seat) > 1


def test_caravan_sampling_refuses_an_observation_no_deal_gives() -> None:
    seen = caravan.observe(caravan.new_game(0, SMALL_CARAVAN), 0)
    with pytest.raises(ObservationError):
        caravan.sample_state(attrs.evolve(seen, deck_sizes=(9, 3)), Rng.from_seed(0))
    foreign = attrs.evolve(seen, hand=caravan.deck(SMALL_CARAVAN, 1)[3:6])
    with pytest.raises(ObservationError):
        caravan.sample_state(foreign, Rng.from_seed(0))


@pytest.mark.parametrize("twice", ["AS", "2S"])
def test_caravan_splits_are_weighted_by_the_states_they_allow(twice: str) -> None:
    """Seat 0's deck is AS AS 2S KS, seat 1's AS 2S 5S 6S. With AS and 2S on the discard
    pile (either seat's), KS in seat 0's hand, two cards in its deck and three with seat
    1, either discarded card may be seat 0's. If the AS is, its deck is AS 2S (2 orders)
    and seat 1 holds AS 5S 6S (6 orders): 12 states; if the 2S is, its deck is AS AS (1
    order) and seat 1 holds 2S 5S 6S (6): 6 states. Uniform over states weights the
    first split twice the second. (With ``twice="2S"`` the ranks A and 2 swap roles, so
    that the kind held twice comes first in the split, not last.)"""
    once = "2S" if twice == "AS" else "AS"

    def cards(text: str) -> tuple[Card, ...]:
        return parse_cards(text.replace("X", twice).replace("Y", once))

    options = caravan.options(deck_0=cards("X X Y KS"), deck_1=cards("X Y 5S 6S"),
                              opening_hand=3, min_deck_size=1, deck_sets=2)
    state = attrs.evolve(caravan.new_game(0, options), hands=(cards("KS"), cards("X 5S")),
                         decks=(cards("X Y"), cards("6S")), discards=cards("X Y"),
                         turns=9, opening=(False, False))
    assert fits_the_decks(state)
    support = consistent_states(caravan, state, 0)
    assert len(support) == 18
    assert check_uniform(caravan, state, 0) == 18


@pytest.mark.parametrize("steps", [0, 2])
def test_cold_war_samples_are_uniform_over_the_consistent_states(steps: int) -> None:
    """Ten cards, two of each rank: three hands of three and a stock of one; after
    ``steps`` cards played face up."""
    options = cold_war.options(players=3, ranks="9 10 J Q K", suits="S", decks=2, jokers=0)
    state = cold_war.new_game(3, options)
    for _, _, after in play_out(cold_war, 3, options, choice_seed=3, max_steps=steps):
        state = after
    assert len(state.stock) == 1
    for seat in range(3):
        assert check_uniform(cold_war, state, seat, per_state=20) > 1


def test_cold_war_samples_with_stakes_and_pools_are_uniform() -> None:
    """A war in progress late in a deal: face-down stakes of known owners and pools of won
    cards, with at most seven cards unseen (so that every arrangement can be listed)."""
    options = cold_war.options(players=3, ranks="9 10 J Q K", suits="SH", decks=2, jokers=0)

    def unseen(state: Any, seat: int) -> int:
        others = [s for s in range(3) if s != seat]
        return (sum(len(state.hands[s]) + len(state.pools[s]) for s in others)
                + len(state.stock) + len(state.stakes) + len(state.set_aside))

    for seed in range(100):
        found = [(state, seat) for state, _, _ in play_out(cold_war, seed, options,
                                                           choice_seed=seed, max_steps=80)
                 for seat in range(3)
                 if state.stakes and any(state.pools) and unseen(state, seat) <= 7]
        if found:
            break
    else:
        pytest.fail("no war with stakes and pools late in a deal in 100 games")
    state, seat = found[0]
    assert check_uniform(cold_war, state, seat, per_state=20) > 1


def test_counts_that_do_not_fit_the_deck_are_refused() -> None:
    rng = Rng.from_seed(0)
    cold = cold_war.observe(cold_war.new_game(0), 0)
    with pytest.raises(ObservationError, match="unseen"):
        cold_war.sample_state(attrs.evolve(cold, stock_size=cold.stock_size + 1), rng)
    general = generals.observe(generals.new_game(0), 0)
    with pytest.raises(ObservationError, match="unseen"):
        generals.sample_state(attrs.evolve(general, reserve_sizes=(1,)), rng)
    seen = caravan.observe(caravan.new_game(0, SMALL_CARAVAN), 0)
    doubled = attrs.evolve(seen, discards=parse_cards("AS AS AS"))
    with pytest.raises(ObservationError, match="more of a card"):
        caravan.sample_state(doubled, rng)


def test_sample_states_draws_in_turn_and_refuses_bad_arguments() -> None:
    from cardwar.errors import ArgumentError, ArgumentTypeError
    from cardwar.rng import Rng
    from cardwar.sampling import sample_states

    seen = arneson.observe(arneson.new_game(3), 0)
    states, rng = sample_states(arneson.sample_state, seen, Rng.from_seed(1), 3)
    # One after another: the same as three calls of sample_state, each from the last rng.
    again = []
    other = Rng.from_seed(1)
    for _ in range(3):
        state, other = arneson.sample_state(seen, other)
        again.append(state)
    assert states == again
    assert rng == other
    assert sample_states(arneson.sample_state, seen, Rng.from_seed(1), 0) == ([],
                                                                            Rng.from_seed(1))
    with pytest.raises(ArgumentTypeError, match="sample_states"):
        sample_states("arneson", seen, Rng.from_seed(1), 2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="count"):
        sample_states(arneson.sample_state, seen, Rng.from_seed(1), -1)
