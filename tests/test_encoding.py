"""The integer interface of every variant (``cardwar.encoding``): action ids that
round-trip, masks that are exactly the legal actions, General's War's squads chosen card by
card, returns, standings and length bounds; card indices; copies that are the value itself.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from array import array
from typing import Any

import pytest

from cardwar import arneson, caravan, cold_war, generals, peace, war
from cardwar.cards import (
    CARD_COUNT,
    JOKER,
    CardError,
    Rank,
    card_from_index,
    card_index,
    parse_card,
)
from cardwar.core import IllegalActionError, Outcome, Termination, Variant
from cardwar.encoding import (
    TRUNCATIONS,
    ActionIndexError,
    SeatStatus,
    Standing,
    step_index,
    tensor_part,
)
from cardwar.errors import ActionTypeError, ArgumentError, OptionsTypeError, StateError
from cardwar.variants import all_variants
from cardwar.variants import variant as variant_named

#: Option sets per variant: the defaults and the ones that change the action space or
#: how seats leave a game.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "war": [{}, {"players": 3}, {"players": 4, "max_battles": 50}],
    "peace": [{}, {"players": 4}],
    "arneson": [{}, {"decks": 2}, {"hand_size": 1}],
    "cold-war": [{}, {"players": 4}, {"max_tricks": 40}],
    "generals": [{}, {"players": 4}, {"players": 4, "four_player": "partnership"},
                 {"squad_size": "one_to_three"}, {"deck_mode": "colour_halves"}],
    "caravan": [{}, {"max_numbers": 8, "face_limit": 3},
                {"deck_0": " ".join(str(c) for c in caravan.deck()[:30]), "max_turns": 60}],
}
GAMES = 6


def _cases() -> list[tuple[Variant, dict[str, Any]]]:
    return [(v, o) for v in all_variants() for o in OPTION_SETS[v.NAME]]


def _ids(case: tuple[Variant, dict[str, Any]]) -> str:
    variant, opts = case
    return variant.NAME + "".join(f"-{k}={v}"[:24] for k, v in opts.items())


CASES = _cases()


def _play_by_ids(variant: Variant, options: Any, seed: int,
                 check: Any = None) -> tuple[Any, int]:
    """Play a game of random legal ids; call ``check(state, partial)`` before each id.
    Return the final state and the number of steps."""
    rnd = random.Random(seed)
    state, steps = variant.new_game(seed, options), 0
    partial: tuple[int, ...] = ()
    while variant.outcome(state) is None:
        if check is not None:
            check(state, partial)
        ids = variant.legal_action_indices(state, partial)
        before = state
        state, partial = step_index(variant, state, partial, rnd.choice(ids))
        steps += state is not before
    return state, steps


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_id_round_trips(case: tuple[Variant, dict[str, Any]]) -> None:
    variant, kwargs = case
    opts = variant.options(**kwargs)
    size = variant.num_actions(opts)
    assert size >= 1
    for i in range(size):
        action = variant.action_from_index(opts, i)
        assert variant.action_to_indices(opts, action)[0] == i
        if variant.NAME != "generals" or i < generals.encoding.PICK:
            assert variant.action_to_index(opts, action) == i
    for bad in (-1, size, size + 10**30):
        with pytest.raises(ActionIndexError, match="not an action id"):
            variant.action_from_index(opts, bad)
    for wrong in (0.0, True, "0", None):
        with pytest.raises(ActionTypeError):
            variant.action_from_index(opts, wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_masks_are_the_legal_actions(case: tuple[Variant, dict[str, Any]]) -> None:
    variant, kwargs = case
    opts = variant.options(**kwargs)
    size = variant.num_actions(opts)
    checked = [0]

    def check(state: Any, partial: tuple[int, ...]) -> None:
        ids = variant.legal_action_indices(state, partial)
        mask = variant.legal_action_mask(state, partial)
        assert len(mask) == size
        assert set(mask) <= {0, 1}
        assert [i for i in range(size) if mask[i]] == list(ids)
        if partial:
            return
        legal = variant.legal_actions(state)
        if variant.NAME == "generals" and generals.encoding._squad_phase(state):
            assert _squads_by_ids(state) == set(legal)
        else:
            assert ids == tuple(sorted({variant.action_to_index(opts, a) for a in legal}))
            assert {variant.action_from_index(opts, i) for i in ids} == set(legal)
        checked[0] += 1

    for seed in range(GAMES):
        final, _ = _play_by_ids(variant, opts, seed, check)
        assert variant.legal_action_indices(final) == ()
        assert variant.legal_action_mask(final) == bytes(size)
    assert checked[0] >= GAMES


def _squads_by_ids(state: generals.State) -> set[generals.Squad]:
    """Every squad a seat can lay by ids, from the masks alone; each squad's ids are the
    ones ``action_to_indices`` gives."""
    out: set[generals.Squad] = set()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        partial = stack.pop()
        for i in generals.legal_action_indices(state, partial):
            ids = (*partial, i)
            action = generals.indices_to_action(state, ids)
            if action is None:
                stack.append(ids)
                continue
            assert action not in out, "two id sequences lay one squad"
            assert generals.action_to_indices(state.options, action) == ids
            out.add(action)
    return out


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_games_by_ids_end_within_the_bound(case: tuple[Variant, dict[str, Any]]) -> None:
    variant, kwargs = case
    opts = variant.options(**kwargs)
    bound = variant.max_game_length(opts)
    for seed in range(GAMES):
        final, steps = _play_by_ids(variant, opts, seed)
        if bound is not None:
            assert steps <= bound
        result = variant.outcome(final)
        assert result is not None
        n = variant.num_players(final)
        assert n == variant.num_players(opts)
        returns = variant.returns(final)
        standings = variant.standings(final)
        assert len(returns) == len(standings) == n
        assert all(s.status is SeatStatus.FINISHED and s.place is not None for s in standings)
        if not result.winners:
            assert returns == (0.0,) * n
            assert {s.place for s in standings} == {1}
        elif not getattr(opts, "places", False):
            assert returns == tuple(1.0 if s in result.winners else -1.0 for s in range(n))
            assert [s.place == 1 for s in standings] == [s in result.winners for s in range(n)]


def test_lengths_bounds_of_the_defaults() -> None:
    assert war.max_game_length(war.options()) == 5000
    assert war.max_game_length(war.options(max_battles=None)) is None
    assert peace.max_game_length(peace.options()) == 1000
    assert arneson.max_game_length(arneson.options()) == 20_000 * 52
    assert arneson.max_game_length(arneson.options(max_battles=None)) is None
    assert caravan.max_game_length(caravan.options()) == 188  # CARAVAN-LIMIT
    assert caravan.max_game_length(caravan.options(max_turns=50)) == 50
    assert cold_war.max_game_length(cold_war.options()) is None
    assert cold_war.max_game_length(cold_war.options(max_tricks=10)) == 10 * 50
    # GENERALS-BOUND: 2 deals of at most 4 claims, 2 passes and 20 squads (16 of three
    # cards, and 2 smaller per player); the proof, and exhaustive checks of small decks,
    # are in tests/test_generals_length.py.
    assert generals.max_game_length(generals.options()) == 2 * (4 + 2 + 20)
    assert generals.max_game_length(generals.options(target=365)) == 3 * (4 + 2 + 20)


def test_returns_and_standings_while_running_and_knocked_out() -> None:
    state = war.new_game(3, war.options(players=4))
    assert war.returns(state) == (0.0,) * 4
    assert war.standings(state) == (Standing(SeatStatus.PLAYING),) * 4
    seen_out = False
    while war.outcome(state) is None:
        state = war.step(state, war.Play.PLAY)
        standing = war.standings(state)
        if war.outcome(state) is None:
            out = [state.cards_held(s) == 0 for s in range(4)]
            assert [s.status is SeatStatus.OUT for s in standing] == out
            seen_out |= any(out)
    assert seen_out


def test_generals_places_spread_the_returns() -> None:
    opts = generals.options(players=4)
    assert opts.places
    for seed in range(4):
        final, _ = _play_by_ids(generals, opts, seed)
        places = [s.place or 0 for s in generals.standings(final)]
        assert sorted(places)[0] == 1
        assert 0 not in places
        assert generals.returns(final) == tuple(1.0 - 2.0 * (p - 1) / 3 for p in places)


def test_generals_places_finish_seats_during_the_game() -> None:
    opts = generals.options(players=4)
    finished_early = 0
    for seed in range(8):
        state = generals.new_game(seed, opts)
        rnd = random.Random(seed)
        while generals.outcome(state) is None:
            standing = generals.standings(state)
            assert [s.place for s in standing] == list(state.places)
            # A seat without a place plays on; one with a place has finished.
            assert [s.status for s in standing] == [
                SeatStatus.PLAYING if p is None else SeatStatus.FINISHED for p in state.places
            ]
            finished_early += any(s.status is SeatStatus.FINISHED for s in standing)
            state = generals.step(state, rnd.choice(generals.legal_actions(state)))
    assert finished_early > 0


def test_generals_squads_by_ids() -> None:
    opts = generals.options()
    squad = generals.Squad("KS 2C 10H")
    ids = generals.action_to_indices(opts, squad)
    assert ids == tuple(sorted(generals.encoding.PICK + card_index(parse_card(c))
                               for c in ("2C", "10H", "KS")))
    with pytest.raises(ActionTypeError, match="card by card"):
        generals.action_to_index(opts, squad)
    short = generals.options(squad_size="one_to_three")
    assert generals.action_to_indices(short, generals.Squad("2C")) == (
        generals.encoding.PICK, generals.encoding.DONE)
    # A state in the squad phase: picks must rise and come from the hand.
    state = generals.new_game(1, opts)
    rnd = random.Random(1)
    while not generals.encoding._squad_phase(state):
        state = generals.step(state, rnd.choice(generals.legal_actions(state)))
    seat = generals.to_act(state)
    assert seat is not None
    hand = sorted(card_index(c) for c in state.hands[seat])
    top = generals.encoding.PICK + hand[-1]
    assert top not in generals.legal_action_indices(state)  # nothing higher to follow it
    with pytest.raises(IllegalActionError, match="not legal after"):
        generals.indices_to_action(state, (top,))
    foreign = next(i for i in range(52) if i not in hand)
    with pytest.raises(ActionIndexError, match="partial squad"):
        generals.legal_action_indices(state, (generals.encoding.PICK + foreign,))
    first = generals.encoding.PICK + hand[0]
    assert generals.indices_to_action(state, (first,)) is None
    after, partial = step_index(generals, state, (), first)
    assert after is state
    assert partial == (first,)
    # Not the squad phase: a squad card is refused there.
    start = generals.new_game(2, opts)
    with pytest.raises(IllegalActionError, match="no squad is being chosen"):
        generals.indices_to_action(start, (first,))


def test_single_id_games_refuse_partial_ids() -> None:
    state = caravan.new_game(0)
    with pytest.raises(ActionIndexError, match="one id"):
        caravan.legal_action_mask(state, (1,))
    with pytest.raises(ActionIndexError, match="one id"):
        caravan.indices_to_action(state, (1, 2))
    with pytest.raises(ActionIndexError, match="one id"):
        war.legal_action_indices(war.new_game(0), (0,))


def test_an_illegal_id_changes_nothing() -> None:
    state = caravan.new_game(5)
    illegal = next(i for i in range(caravan.num_actions(state.options))
                   if i not in caravan.legal_action_indices(state))
    with pytest.raises(IllegalActionError):
        step_index(caravan, state, (), illegal)
    assert caravan.new_game(5) == state


def test_wrong_actions_options_and_states_are_refused() -> None:
    opts = caravan.options()
    for bad in ("2H>A", war.Play.PLAY, caravan.Play(parse_card("2H"), 7),
                caravan.Play(parse_card("KH"), 0), caravan.Play(parse_card("2H"), 0, 1),
                caravan.Play(parse_card("KH"), 0, 40), caravan.Disband(6)):
        with pytest.raises(ActionTypeError, match=r"has no id|is a Play"):
            caravan.action_to_index(opts, bad)
    with pytest.raises(ActionTypeError, match="declared rank"):
        cold_war.action_to_index(cold_war.options(), cold_war.Play(JOKER))
    with pytest.raises(ActionTypeError, match="declared rank"):
        cold_war.action_to_index(cold_war.options(), cold_war.Play(parse_card("9H"), Rank.TEN))
    with pytest.raises(ActionTypeError):
        generals.action_to_index(generals.options(), generals.Claim(parse_card("KS")))
    with pytest.raises(ActionTypeError):
        war.action_to_index(war.options(), "play")
    with pytest.raises(OptionsTypeError):
        caravan.num_actions(war.options())
    with pytest.raises(StateError):
        caravan.legal_action_mask(war.new_game(0))
    with pytest.raises(StateError, match="peace"):
        war.returns(peace.new_game(0))


def test_cold_war_joker_ids() -> None:
    opts = cold_war.options()
    assert cold_war.num_actions(opts) == 66
    assert cold_war.action_from_index(opts, 0) == cold_war.Play(parse_card("2C"))
    assert cold_war.action_from_index(opts, 52) == cold_war.Play(JOKER, Rank.TWO)
    assert cold_war.action_from_index(opts, 64) == cold_war.Play(JOKER, Rank.ACE)
    assert cold_war.action_from_index(opts, 65) == cold_war.Play(JOKER, cold_war.TOP)


def test_generals_layout() -> None:
    # The last id is "squad done", after the 52 squad cards (a Joker would round-trip).
    opts = generals.options()
    assert generals.num_actions(opts) == 66
    assert generals.action_from_index(opts, 9) == generals.Partner(0)
    assert generals.action_from_index(opts, 13) == generals.SquadCard(parse_card("2C"))
    assert generals.action_from_index(opts, 64) == generals.SquadCard(parse_card("AS"))
    assert generals.action_from_index(opts, 65) is generals.SQUAD_DONE


def test_caravan_layout() -> None:
    opts = caravan.options()
    assert caravan.num_actions(opts) == 240 + 13 * 6 * 40 + 53 + 6
    assert caravan.action_from_index(opts, 0) == caravan.Play(parse_card("2C"), 0)
    assert caravan.action_from_index(opts, 240) == caravan.Play(parse_card("JC"), 0, 0)
    assert caravan.action_from_index(opts, 240 + 39) == caravan.Play(parse_card("JC"), 0, 39)
    assert caravan.action_from_index(opts, 3419 - 6) == caravan.Disband(0)
    assert caravan.action_from_index(opts, 3419 - 7) == caravan.Discard(JOKER)
    small = caravan.options(max_numbers=8)
    assert caravan.num_actions(small) == 240 + 13 * 6 * 8 + 53 + 6


def test_truncations() -> None:
    assert {Termination.BATTLE_LIMIT, Termination.TURN_LIMIT} == TRUNCATIONS
    assert Outcome(Termination.TURN_LIMIT, ()).termination in TRUNCATIONS


# --- cards and copies ---------------------------------------------------------------------


def test_card_index_is_one_fixed_order() -> None:
    cards = [card_from_index(i) for i in range(CARD_COUNT)]
    assert len(set(cards)) == CARD_COUNT
    assert [card_index(c) for c in cards] == list(range(CARD_COUNT))
    assert [str(c) for c in cards[:5]] == ["2C", "2D", "2H", "2S", "3C"]
    assert str(cards[51]) == "AS"
    assert cards[52] is JOKER
    for bad in ("AS", None, 1):
        with pytest.raises(CardError):
            card_index(bad)  # type: ignore[arg-type]
    for bad_index in (-1, 53, 1.0, True):
        with pytest.raises(CardError):
            card_from_index(bad_index)  # type: ignore[arg-type]


def test_cards_unpickle_as_the_library_card() -> None:
    for card in (parse_card("10H"), JOKER):
        assert pickle.loads(pickle.dumps(card)) is card
        assert hash(card) == hash(copy.deepcopy(card))


def test_copies_are_the_value_itself() -> None:
    for variant in all_variants():
        state = variant.new_game(11)
        for _ in range(5):
            if variant.outcome(state) is None:
                state = variant.step(state, variant.legal_actions(state)[0])
        seat = variant.to_act(state) or 0
        values = [state, state.options, variant.observe(state, seat), parse_card("QS"),
                  *variant.legal_actions(state)[:2]]
        for value in values:
            assert copy.copy(value) is value
            assert copy.deepcopy(value) is value
            assert copy.deepcopy([value])[0] is value
        assert pickle.loads(pickle.dumps(state)) == state


def test_every_variant_has_the_integer_interface() -> None:
    names = ("num_actions", "action_to_index", "action_from_index", "action_to_indices",
             "legal_action_indices", "legal_action_mask", "indices_to_action", "returns",
             "standings", "max_game_length", "num_players")
    for variant, name in itertools.product(all_variants(), names):
        assert callable(getattr(variant, name)), (variant.NAME, name)


# --- observation tensors ------------------------------------------------------------------


def _copies(variant: Variant, opts: Any) -> tuple[int, int]:
    """Return the divisors of a card count in the hand part: suited cards, Jokers."""
    if variant.NAME == "caravan":
        return 2 * opts.deck_sets, 4 * opts.deck_sets
    if variant.NAME == "cold-war":
        return opts.decks, opts.jokers
    return getattr(opts, "decks", 1), 1


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_observation_tensors(case: tuple[Variant, dict[str, Any]]) -> None:
    variant, kwargs = case
    opts = variant.options(**kwargs)
    layout = variant.observation_layout(opts)
    (size,) = variant.observation_shape(opts)
    assert size == sum(p.size for p in layout)
    assert len({p.name for p in layout}) == len(layout)
    suited, jokers = _copies(variant, opts)
    seen: set[bytes] = set()
    for seed in range(3):
        rnd = random.Random(seed)
        state = variant.new_game(seed, opts)
        while True:
            for seat in range(variant.num_players(state)):
                obs = variant.observe(state, seat)
                tensor = variant.observation_tensor(obs)
                assert tensor.typecode == "d"
                assert len(tensor) == size
                assert all(0.0 <= x <= 1.0 for x in tensor)
                # The checked writer finds every part where the layout puts it.
                assert variant.observation_tensor(obs, check=True) == tensor
                # A new array each call: changing one changes no cached row.
                again = variant.observation_tensor(obs)
                assert again is not tensor
                again[:] = array("d", [0.5]) * size
                assert variant.observation_tensor(obs) == tensor
                seen.add(tensor.tobytes())
                hand = getattr(obs, "hand", None)
                if hand is not None:
                    # The private hand part counts the seat's own cards exactly.
                    row = tensor_part(layout, tensor, "hand")
                    counts = [round(v * (jokers if i == 52 else suited))
                              for i, v in enumerate(row)]
                    assert counts == [sum(card_index(c) == i for c in hand)
                                      for i in range(CARD_COUNT)]
            if variant.outcome(state) is not None:
                break
            state = variant.step(state, rnd.choice(variant.legal_actions(state)))
    assert len(seen) > 3  # the tensor follows the game


def test_tensors_are_seat_relative() -> None:
    state = war.new_game(4, war.options(players=3))
    for _ in range(30):
        state = war.step(state, war.Play.PLAY)
    layout = war.observation_layout(state.options)
    for seat in range(3):
        stocks = tensor_part(layout, war.observation_tensor(war.observe(state, seat)),
                             "stock_sizes")
        sizes = [len(state.stocks[(seat + k) % 3]) / 52 for k in range(3)]
        assert stocks == pytest.approx(sizes)
    table = caravan.new_game(9)
    for _ in range(12):
        table = caravan.step(table, caravan.legal_actions(table)[0])
    layout = caravan.observation_layout(table.options)
    rows = [tensor_part(layout, caravan.observation_tensor(caravan.observe(table, s)),
                        "caravans") for s in (0, 1)]
    width = len(rows[0]) // 6
    # Seat 1 sees D E F first: its first row is seat 0's fourth.
    assert rows[1][:width] == rows[0][3 * width:4 * width]
    assert rows[0][:width] == rows[1][3 * width:4 * width]


def test_tensor_of_another_games_observation_is_refused() -> None:
    with pytest.raises(StateError, match="observation of Caravan"):
        caravan.observation_tensor(war.observe(war.new_game(0), 0))
    with pytest.raises(ArgumentError, match="no tensor part"):
        tensor_part(war.observation_layout(war.options()), (), "hand")


@pytest.mark.parametrize("name", ["war", "peace", "arneson", "caravan", "cold-war", "generals"])
def test_tensor_of_a_state_is_refused_with_the_way_to_observe(name: str) -> None:
    # A state has the options an observation has, but not its seat: cardwar's error,
    # not Python's AttributeError.
    game = variant_named(name)
    state = game.new_game(1)
    with pytest.raises(StateError) as err:
        game.observation_tensor(state)
    assert str(err.value) == (
        f"expected an observation of {game.TITLE}, got {type(state).__name__}: "
        "observe(state, seat) gives what one seat sees")


def test_codec_edges() -> None:
    # Standings while a game runs: every seat playing (no seat leaves these games).
    for game in (arneson, caravan, cold_war):
        assert game.standings(game.new_game(1)) == (Standing(SeatStatus.PLAYING),) * (
            game.num_players(game.new_game(1)))
    state = generals.new_game(1)
    assert generals.standings(state) == (Standing(SeatStatus.PLAYING),) * 2
    # Wrong action types, and General's War's moves and ids.
    with pytest.raises(ActionTypeError, match="is a Choose"):
        arneson.action_to_index(arneson.options(), caravan.Disband(0))
    with pytest.raises(ActionTypeError, match="is a Play"):
        cold_war.action_to_index(cold_war.options(), arneson.Choose(parse_card("AS")))
    with pytest.raises(ActionTypeError, match="is a Claim"):
        generals.action_to_index(generals.options(), war.Play.PLAY)
    with pytest.raises(ActionTypeError, match="seats are 0 to 3"):
        generals.action_to_index(generals.options(), generals.Challenge(4))
    assert str(generals.SQUAD_DONE) == "squad done"
    assert str(generals.SquadCard(parse_card("KS"))) == "squad card KS"
    assert arneson.legal_action_indices(_finished(arneson)) == ()
    # Partial ids: empty for single-id games; General's War's picks as card flags.
    assert caravan.partial_size(caravan.options()) == 0
    assert caravan.partial_tensor(caravan.options(), ()) == ()
    with pytest.raises(ActionIndexError, match="one id"):
        caravan.partial_tensor(caravan.options(), (3,))
    assert generals.partial_size(generals.options()) == CARD_COUNT
    with pytest.raises(ActionIndexError, match="squad card"):
        generals.partial_tensor(generals.options(), (generals.encoding.DONE,))


def _finished(game: Variant) -> Any:
    state = game.new_game(2)
    while game.outcome(state) is None:
        state = game.step(state, game.legal_actions(state)[0])
    return state


def test_generals_squad_phase_needs_an_id() -> None:
    state = generals.new_game(1)
    rnd = random.Random(1)
    while not generals.encoding._squad_phase(state):
        state = generals.step(state, rnd.choice(generals.legal_actions(state)))
    with pytest.raises(ActionIndexError, match="no ids"):
        generals.indices_to_action(state, ())
    with pytest.raises(ActionIndexError, match="a tuple of ints, got 5"):
        generals.indices_to_action(state, 5)  # type: ignore[arg-type]


def test_caravan_opening_discards_by_id() -> None:
    # Seeds whose opening offers discards (a hand short of number cards, CARAVAN-OPENING-
    # DISCARD): the ids agree with legal_actions there too.
    found = 0
    short = caravan.options(opening_hand=3)
    for seed in range(40):
        state = caravan.new_game(seed, short)
        legal = caravan.legal_actions(state)
        if any(type(a) is caravan.Discard for a in legal):
            ids = caravan.legal_action_indices(state)
            assert {caravan.action_from_index(state.options, i) for i in ids} == set(legal)
            found += 1
    assert found > 0


def test_listed_codec_and_the_tensor_writer() -> None:
    import types

    from cardwar.encoding import CheckedTensorWriter, ListedCodec, Part, TensorWriter

    toy = types.SimpleNamespace(TITLE="Toy", Options=int, MIN_PLAYERS=2)
    codec = ListedCodec(toy, lambda options: ("rock", "paper"), max_length=3)
    assert codec.max_game_length(0) == 3
    assert codec.num_players(0) == 2
    with pytest.raises(ActionTypeError, match="not an action of Toy"):
        codec.action_to_index(0, "lizard")
    with pytest.raises(NotImplementedError, match="no observation tensor"):
        codec.observation_shape(0)
    with pytest.raises(NotImplementedError, match="no observation tensor"):
        codec.write(None, TensorWriter(()))
    layout = (Part("a", (2,), True, ""), Part("b", (1,), True, ""))
    checked = CheckedTensorWriter
    with pytest.raises(AssertionError, match="'b' is not the next"):
        checked(layout).part("b")
    with pytest.raises(AssertionError, match="'a' holds 1 values, not 2"):
        checked(layout).part("a").flags((True,)).part("b")
    with pytest.raises(AssertionError, match="'b' is missing"):
        checked(layout).part("a").flags((True, False)).done()
    with pytest.raises(AssertionError, match=r"'a' holds values outside \[0, 1\]: \[2.0\]"):
        checked(layout).part("a").block((2.0, 0.0)).part("b")
    # The fast writer checks the length of the whole.
    with pytest.raises(AssertionError, match="holds 2 values, not 3"):
        TensorWriter(layout).part("a").flags((True, False)).done()
    for writer in (TensorWriter, checked):
        tensor = writer(layout).part("a").fractions((3, -1), 2).part("b").one_hot(None, 1)
        assert tensor.done().tolist() == [1.0, 0.0, 0.0]
        # Seat-relative order, and a bound of 0 writes zeros.
        assert writer(layout).part("a").fractions((1, 2), 4, seat=1).part("b").fractions(
            (5,), 0).done().tolist() == [0.5, 0.25, 0.0]
        assert writer(layout).part("a").flags((0, 1), seat=1).part("b").flags(
            (True,)).done().tolist() == [1.0, 0.0, 1.0]


def test_information_state_is_what_the_seat_saw() -> None:
    from cardwar.encoding import information_state
    from tests.strategies import HIDDEN_RESAMPLERS

    rnd = random.Random(3)
    history = [caravan.new_game(3)]
    for _ in range(30):
        history.append(caravan.step(history[-1], rnd.choice(caravan.legal_actions(history[-1]))))
    mine = information_state(caravan, history, 0)
    assert mine != information_state(caravan, history, 1)
    before = information_state(caravan, history[:10], 0)
    assert before != mine
    assert information_state(caravan, history[10:], 0, before=before) == mine  # step by step
    # What seat 0 cannot see, changed in every state of the history: the same string.
    resample = HIDDEN_RESAMPLERS["caravan"]
    other = [resample(state, 0, random.Random(k)) for k, state in enumerate(history)]
    assert other != history
    assert information_state(caravan, other, 0) == mine


@pytest.mark.parametrize("name", sorted(v.NAME for v in all_variants()))
def test_information_state_tensor_is_what_the_seat_saw(name: str) -> None:
    from cardwar.encoding import (
        information_state_layout,
        information_state_tensor,
        seen_tensor,
    )
    from tests.strategies import HIDDEN_RESAMPLERS

    game = variant_named(name)
    rnd = random.Random(5)
    history = [game.new_game(5)]
    while len(history) < 40 and game.outcome(history[-1]) is None:
        history.append(game.step(history[-1], rnd.choice(game.legal_actions(history[-1]))))
    opts = history[0].options
    layout = information_state_layout(game, opts)
    seats = range(game.num_players(history[0]))
    for seat in seats:
        tensor = information_state_tensor(game, history, seat)
        assert len(tensor) == sum(p.size for p in layout)
        assert all(0.0 <= v <= 1.0 for v in tensor)
        obs_size = game.observation_shape(opts)[0]
        # The observation now, then the largest value of each place so far.
        assert tensor[:obs_size] == game.observation_tensor(game.observe(history[-1], seat))
        tensors = [game.observation_tensor(game.observe(s, seat)) for s in history]
        most = [max(col) for col in zip(*tensors, strict=True)]
        assert tensor[obs_size:2 * obs_size].tolist() == most
        # Kept step by step, the memory is the same.
        half = seen_tensor(game, history[:15], seat)
        assert seen_tensor(game, history[15:], seat, half) == tensor[obs_size:2 * obs_size]
        # What the seat cannot see, changed in every state: the same tensor.
        resample = HIDDEN_RESAMPLERS[name]
        other = [resample(state, seat, random.Random(k)) for k, state in enumerate(history)]
        assert information_state_tensor(game, other, seat) == tensor
    # The memory holds something the observation now does not (a card seen earlier).
    tensor = information_state_tensor(game, history, 0)
    obs_size = game.observation_shape(opts)[0]
    assert tensor[obs_size:2 * obs_size] != tensor[:obs_size]
    with pytest.raises(StateError, match="no state"):
        information_state_tensor(game, [], 0)


def test_the_memory_of_no_state_and_many_options() -> None:
    from cardwar.encoding import seen_tensor

    with pytest.raises(StateError, match="no state"):
        seen_tensor(war, [], 0)
    # More option values than the codec keeps plans for: each tensor is still right.
    tensors = set()
    for limit in range(100, 180):
        opts = war.options(max_battles=limit)
        state = war.step(war.new_game(1, opts), war.Play.PLAY)
        tensor = war.observation_tensor(war.observe(state, 0))
        assert tensor == war.observation_tensor(war.observe(state, 0), check=True)
        tensors.add(tensor.tobytes())
    assert len(tensors) == 80  # the progress part differs with the limit
