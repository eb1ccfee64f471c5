"""``cardwar.caravan.vector.CaravanVectorEnv``: game for game what a ``SyncVectorEnv`` of
``CardwarEnv("caravan")`` plays with the same seeds (observations, rewards, terminations,
truncations, masks, illegal ids, automatic reset), its opponents moving inside the
compiled kernel; and its refusals of wrong arguments."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np

from cardwar import agents, batch
from cardwar.errors import ActionTypeError, AgentError, ArgumentError, ArgumentTypeError, SeatError
from cardwar.variants.caravan import _batch_numba as caravan_kernel
from cardwar.variants.caravan.vector import CaravanVectorEnv
from tests import support_vector
from tests.support_batch import run_as_python


def check_against_sync(count: int, steps: int, seat: int, opponents: str, seed: int,
                       illegal_every: int = 0, **options: Any) -> tuple[int, int]:
    """Caravan's :func:`tests.support_vector.check_against_sync`."""
    return support_vector.check_against_sync(CaravanVectorEnv, "caravan", count, steps, seat,
                                             opponents, seed, illegal_every, **options)


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
@pytest.mark.parametrize("seat", [0, 1])
def test_it_plays_what_the_public_environment_plays(seat: int, opponents: str) -> None:
    ended, _ = check_against_sync(5, 250, seat, opponents, seed=40 + seat, illegal_every=61)
    assert ended >= 5


@pytest.mark.parametrize(("seat", "kind"), [(0, "heuristic:0.5"), (1, "heuristic:0.5"),
                                          (0, "heuristic:0.3"), (1, "heuristic:0.3"),
                                          (0, "heuristic:0"), (1, "heuristic:0")])
def test_it_plays_the_mixed_opponent_as_the_public_environment(seat: int, kind: str) -> None:
    # heuristic:P is MixedAgent seeded as CardwarEnv seeds its opponents: its coin and
    # its random moves from one generator, the heuristic's moves where the coin says.
    ended, _ = check_against_sync(4, 150, seat, kind, seed=70 + seat, illegal_every=47)
    assert ended >= 4


def test_observations_of_several_decks_are_the_public_environments() -> None:
    # Three decks: a card's copies add up in sixths (twelfths for the Joker), which the
    # kernel works out in float64 and rounds once to float32, as the public tensor.
    check_against_sync(3, 120, 1, "heuristic:0.5", seed=12, deck_sets=3, opening_hand=12)
    observation, _ = CaravanVectorEnv(3, 1, "random", deck_sets=3, opening_hand=12).reset(
        seed=12)
    hands = observation[:, :53]
    assert (hands == np.float32(1 / 6)).any()  # a suited card
    assert (hands == np.float32(1 / 12)).any()  # a Joker


@pytest.mark.parametrize("deck_sets", [1, 3])
def test_the_kernels_discards_are_the_public_tensors_cards(
        monkeypatch: pytest.MonkeyPatch, deck_sets: int) -> None:
    # Every count of discarded copies of each card, up to all of its copies (0, 1 and 2
    # of a suited card are selected without a branch, more are added copy by copy), as
    # TensorWriter.cards writes the discard pile.
    from cardwar.cards import card_from_index
    from cardwar.encoding import TensorWriter

    envs = CaravanVectorEnv(1, opponents="random", deck_sets=deck_sets)
    envs.reset(seed=4)
    run_as_python(monkeypatch, caravan_kernel)
    k = caravan_kernel
    copies, jokers = 2 * deck_sets, 4 * deck_sets
    counts = np.array([i % (copies + 1) for i in range(52)] + [jokers - 1], np.int64)
    a, s, st = envs._args, envs._stepper, envs._state
    t = a["tables"]
    row = np.zeros(k.OBSERVATION_SIZE, np.float32)
    k._observe(0, 0, a["cfg"], s._ocfg, t["pip"], t["suit"], st["size"][0], st["top"][0],
               st["hand"][0], st["held"][0], st["numeral"][0], st["faces"][0],
               st["nfaces"][0], st["piles"][0], st["value"][0], st["csuit"][0],
               st["direction"][0], st["opening"][0], counts, row)
    cards = [card_from_index(i) for i in range(53) for _ in range(counts[i])]
    expected = TensorWriter((), 53).cards(cards, copies, jokers).values
    at = 57 + 6 * k.ROW
    assert row[at:at + 53].tolist() == np.array(expected, np.float32).tolist()
    assert len(set(row[at:at + 53].tolist())) == copies + 2  # each count and the Joker's


def test_the_kernels_hands_in_order_are_the_batch_engines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The vector kernel reads a hand's distinct cards back from one bit per sort key: the
    # cards of the batch engine's search and insertion, in its order, for hands of every
    # size, with copies, the Joker, none and all 53 cards.
    from cardwar.variants import caravan
    from cardwar.variants.caravan import _batch

    run_as_python(monkeypatch, caravan_kernel)
    k = caravan_kernel
    order = _batch.arguments(caravan.options(), None)["tables"]["order"]
    by_order = np.argsort(order).astype(np.int64)
    rng = np.random.default_rng(6)
    hands = [rng.integers(0, 53, int(rng.integers(1, 60))) for _ in range(200)]
    hands += [np.zeros(0, np.int64), rng.permutation(53), np.full(9, 52)]
    for cards in hands:
        hand = np.zeros((2, 60), np.int16)
        hand[1, :len(cards)] = cards
        held = np.array([0, len(cards)], np.int64)
        first, second = np.zeros(60, np.int64), np.zeros(60, np.int64)
        u = k._distinct(1, order, hand, held, first)
        with np.errstate(over="ignore"):  # uint64 products wrap by design
            assert k._distinct_in_order(1, order, by_order, hand, held, second) == u
        assert second[:u].tolist() == first[:u].tolist()
        assert u == len(set(cards.tolist()))


def test_games_cut_by_the_turn_limit_are_truncated() -> None:
    _ended, truncated = check_against_sync(4, 120, 0, "random", seed=3, max_turns=20,
                                          opening_discard="never")
    assert truncated >= 4


def test_the_kernel_runs_as_python_as_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    # coverage.py sees the source numba compiles only as Python.
    run_as_python(monkeypatch, caravan_kernel)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        assert check_against_sync(2, 40, 1, "heuristic", seed=8, illegal_every=15,
                                  max_turns=12)[1] >= 1
        assert check_against_sync(2, 30, 0, "random", seed=9)[0] >= 0
        assert check_against_sync(2, 30, 0, "heuristic:0.5", seed=10, max_turns=12)[0] >= 2
        # The kernel leaves a finished game that it is not told to restart as it is (the
        # environment restarts every one, at the next step).
        envs = CaravanVectorEnv(1, opponents="random", max_turns=4)
        _, info = envs.reset(seed=2)
        while not envs._over[0]:
            _, _, _, _, info = envs.step(np.maximum(batch.random_legal_ids(
                info["action_mask"], np.random.default_rng(0)), 0))
        assert envs._legal_count[0] == 0
        envs._restart[:] = 0
        envs._run(np.zeros(1, np.int64))
        assert envs._rewards[0] == 0.0
        assert envs._illegal[0] == 0  # (a finished game's id is not judged)
        assert envs._legal_count[0] == 0
        assert not envs._handed_mask.any()
        assert not envs.action_masks().any()


def test_the_kernels_heuristic_sums_the_positions_as_the_batch_engines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The vector kernel's heuristic works out only the position a move changes and adds
    # the three as the batch engine's evaluation does: the same worth for every table,
    # the game's bonus (all three positions decided) included.
    from cardwar.variants import caravan
    from cardwar.variants.caravan import _batch

    run_as_python(monkeypatch, caravan_kernel)
    k = caravan_kernel
    weights = _batch.arguments(caravan.options(), None)["weights"]
    rng = np.random.default_rng(5)
    bonuses = 0
    for _ in range(200):
        value = rng.choice(np.array([0, 5, 18, 21, 23, 26, 27, 31], np.int64), 6)
        for seat in (0, 1):
            w0, w1, w2 = (k._position(int(value[3 * seat + i]), int(value[3 * (1 - seat) + i]),
                                      weights[k.HW_HELD]) for i in range(3))
            worths = [w0, w1, w2]
            total = k._total(w0, w1, w2, weights)
            assert total == k._evaluate(value, seat, weights)
            bonuses += abs(total - sum(worths)) == weights[k.HW_GAME]
    assert bonuses > 0


def test_it_refuses_wrong_arguments() -> None:
    for bad in (0, -1):
        with pytest.raises(ArgumentError, match="at least one game"):
            CaravanVectorEnv(bad)
    for junk in (2.0, True, "2", None):
        with pytest.raises(ArgumentTypeError, match="num_envs"):
            CaravanVectorEnv(junk)  # type: ignore[arg-type]
    for seat in (2, -1, True, "0"):
        with pytest.raises(SeatError):
            CaravanVectorEnv(2, seat)  # type: ignore[arg-type]
    for kind in ("search", "first", "ismcts", "ismcts:5", "cardwar.caravan:CaravanRuleBot"):
        with pytest.raises(ArgumentError, match="random, heuristic and heuristic:P"):
            CaravanVectorEnv(2, 0, kind)
    for kinds in ([], ["random", "random"]):
        with pytest.raises(ArgumentError, match="1 opponents are needed"):
            CaravanVectorEnv(2, 0, kinds)
    for kind in ("heuristic:2", "heuristic:x", "heuristic:"):
        with pytest.raises(ArgumentError, match="heuristic:P"):
            CaravanVectorEnv(2, 0, kind)
    envs = CaravanVectorEnv(2, opponents="random")
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.step(np.zeros(2, np.int64))
    with pytest.raises(ArgumentError, match="2 seeds"):
        envs.reset(seed=[1, 2, 3])
    observation, _info = envs.reset(seed=[5, 6])
    assert np.array_equal(observation, CaravanVectorEnv(2, opponents="random").reset(seed=5)[0])
    for ids in (np.zeros(3, np.int64), np.zeros(2), [True, False], "ab"):
        with pytest.raises(ActionTypeError, match="2 integer ids"):
            envs.step(ids)
    envs.reset()  # a seed drawn by the environment's own generator
    assert envs.observation_space.shape == (2, 1133)
    assert envs.single_action_space == gymnasium.spaces.Discrete(3419)


def test_without_numba_it_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwar import _vector

    monkeypatch.setattr(_vector, "_compiled", lambda: False)
    with pytest.raises(RuntimeError, match=r"cardwar\[fast\]"):
        CaravanVectorEnv(2)


def test_the_arrays_returned_are_the_callers_to_keep() -> None:
    envs = CaravanVectorEnv(3, opponents="random")
    rng = np.random.default_rng(2)
    observation, info = envs.reset(seed=1)
    kept = [(observation, observation.copy()), (info["action_mask"], info["action_mask"].copy())]
    for _ in range(30):
        observation, reward, _, _, info = envs.step(
            np.maximum(batch.random_legal_ids(info["action_mask"], rng), 0))
        kept += [(observation, observation.copy()), (reward, reward.copy()),
                 (info["action_mask"], info["action_mask"].copy())]
    assert all(np.array_equal(a, b) for a, b in kept)
    # The masks handed out are the environment's own lists of legal ids, which judge the
    # next ids (and action_masks() gives them anew, as booleans).
    assert np.array_equal(envs.action_masks(), info["action_mask"] != 0)
    assert envs.action_masks() is not envs.action_masks()
    real = info["action_mask"].copy()
    info["action_mask"][:] = 1  # writing into a mask returned makes no id legal
    g = int(np.flatnonzero(real.any(axis=1))[0])
    ids = np.maximum(batch.random_legal_ids(real, rng), 0)
    ids[g] = int(np.flatnonzero(real[g] == 0)[0])
    _, reward, terminated, _, info = envs.step(ids)
    assert info["illegal_action"][g]
    assert terminated[g]
    assert reward[g] == -1.0


def test_gymnasium_make_vec_makes_it_and_action_masks_are_booleans() -> None:
    import gymnasium

    import cardwar.gymnasium  # noqa: F401  (registers the environments)

    envs = gymnasium.make_vec("cardwar/caravan-v0", num_envs=3,
                              vectorization_mode="vector_entry_point", opponents="random")
    assert isinstance(envs.unwrapped, CaravanVectorEnv)
    _, info = envs.reset(seed=5)
    masks = envs.unwrapped.action_masks()
    assert masks.dtype == np.bool_
    assert (masks == (info["action_mask"] != 0)).all()
    masks[:] = True  # the caller's copy: the environment's own mask is unchanged
    assert (envs.unwrapped.action_masks() == (info["action_mask"] != 0)).all()


def test_it_plays_caravan_only() -> None:
    with pytest.raises(ArgumentError, match="plays Caravan"):
        CaravanVectorEnv(2, name="war")


@pytest.mark.parametrize("seat", [0, 1])
def test_shaped_rewards_are_the_public_environments(seat: int) -> None:
    # Game for game and step for step the same shaping rewards as CardwarEnv's, their
    # payback when a game ends (illegal ids and truncations included) and a new tally
    # for the next game.
    ended, _ = check_against_sync(4, 260, seat, "heuristic", seed=60 + seat,
                                  illegal_every=53, shaping="positions", shaping_scale=0.5)
    assert ended >= 4
    _, truncated = check_against_sync(3, 80, seat, "random", seed=7, max_turns=20,
                                      opening_discard="never", shaping="positions")
    assert truncated >= 3


def test_bad_shaping_is_refused_as_the_public_environment_refuses_it() -> None:
    with pytest.raises(ArgumentError, match="no shape 'cards'"):
        CaravanVectorEnv(2, shaping="cards")
    with pytest.raises(ArgumentError, match="without shaping"):
        CaravanVectorEnv(2, shaping_scale=2.0)


def test_the_kernels_form_of_the_mixed_kind_is_mixed_agents_coin() -> None:
    from cardwar import _vector

    half = _vector.opponent("heuristic:0.5")
    assert (half.code, half.below) == (_vector.MIXED, 2**63)
    assert _vector.opponent("heuristic:0").below == 0
    assert _vector.opponent("heuristic:.1").below == 1844674407370955161
    assert _vector.opponent("heuristic:1").code == _vector.HEURISTIC
    assert repr(_vector.opponent("random")) == "Opponent('random')"
    # The kinds refused are those cardwar.agents.agent refuses.
    for kind in ("heuristic:1.5", "heuristic:-1", "heuristic:1e-3", "heuristic:0." + "1" * 19):
        with pytest.raises(ArgumentError, match="heuristic:P"):
            _vector.opponent(kind)
        with pytest.raises(AgentError, match="heuristic:P"):
            agents.agent(kind, "caravan", 0)


def test_a_reset_mask_deals_only_the_games_it_names() -> None:
    # Gymnasium's partial reset, as SyncVectorEnv does it: the games named are dealt
    # anew (the next game of each one's seed), the others go on as if nothing happened.
    envs, twin = CaravanVectorEnv(3, opponents="random"), CaravanVectorEnv(3, opponents="random")
    rng = np.random.default_rng(5)
    observation, info = envs.reset(seed=20)
    twin.reset(seed=20)
    for _ in range(4):
        ids = np.maximum(batch.random_legal_ids(info["action_mask"], rng), 0)
        observation, _, _, _, info = envs.step(ids)
        twin.step(ids)
    mask = np.array([False, True, False])
    again, dealt = envs.reset(options={"reset_mask": mask})
    assert np.array_equal(again[[0, 2]], observation[[0, 2]])
    assert np.array_equal(dealt["action_mask"][[0, 2]], info["action_mask"][[0, 2]])
    assert dealt["_action_mask"].tolist() == [False, True, False]
    fresh = CaravanVectorEnv(1, opponents="random")
    fresh.reset(seed=[21])
    next_game = fresh.reset()[0]  # the next game of seed 21, as CardwarEnv.reset() deals it
    assert np.array_equal(again[1], next_game[0])
    # The games kept play on as in the environment never reset.
    ids = np.maximum(batch.random_legal_ids(dealt["action_mask"], rng), 0)
    mine, theirs = envs.step(ids), twin.step(ids)
    for k in (0, 2):
        assert np.array_equal(mine[0][k], theirs[0][k])
        assert np.array_equal(mine[4]["action_mask"][k], theirs[4]["action_mask"][k])


def test_a_bad_reset_mask_is_refused_before_anything_changes() -> None:
    envs = CaravanVectorEnv(2, opponents="random")
    with pytest.raises(gymnasium.error.ResetNeeded, match="without a reset_mask"):
        envs.reset(options={"reset_mask": np.array([True, False])})
    observation, _ = envs.reset(seed=1)
    for bad in (np.array([1, 0]), [True, False], np.array([True]), np.ones((2, 1), bool)):
        with pytest.raises(ArgumentTypeError, match="reset_mask"):
            envs.reset(options={"reset_mask": bad})
    with pytest.raises(ArgumentError, match="reset_mask alone"):
        envs.reset(options={"reset_mask": np.ones(2, bool), "seed": 3})
    assert np.array_equal(envs._observation, observation)
    # A mask of every game is a whole reset.
    again, _ = envs.reset(seed=1, options={"reset_mask": np.ones(2, bool)})
    assert np.array_equal(again, observation)


def test_every_kernel_names_the_players_as_the_shared_base_does() -> None:
    # The vector environments hand their kernels the base's codes as they are.
    from cardwar import _vector
    from cardwar.variants.arneson import _batch_numba as arneson_kernel
    from cardwar.variants.cold_war import _batch_numba as cold_war_kernel
    from cardwar.variants.generals import _batch_numba as generals_kernel

    for kernel in (arneson_kernel, caravan_kernel, cold_war_kernel, generals_kernel):
        assert (kernel.RANDOM, kernel.HEURISTIC, kernel.MIXED) == (
            _vector.RANDOM, _vector.HEURISTIC, _vector.MIXED), kernel.__name__


def test_lead_over_divides_as_python_does() -> None:
    from cardwar._vector import lead_over

    big = 2**53 + 1
    got = lead_over(np.array([1, -3, 2 * big, big - 1], np.int64), big)
    assert got.tolist() == [1 / big, -3 / big, 1.0, (big - 1) / big]
    assert lead_over(np.array([5, -20, 3]), 10).tolist() == [0.5, -1.0, 0.3]


def test_the_bookkeeping_kernel_derives_each_next_games_seed_as_the_rng() -> None:
    # vector_restarts counts the episode of each game that ended and writes its next
    # seed as cardwar.rng.derive_seed does (the public CardwarEnv's next game), and
    # leaves the others' seeds alone.
    from cardwar import _kernels
    from cardwar.rng import derive_seed

    masters = np.array([0, 7, 2**64 - 1, 12345678901234567890], np.uint64)
    episodes = np.array([0, 3, 41, 2**40], np.int64)
    seeds = np.full(4, 99, np.uint64)
    restart = np.zeros(4, np.uint8)
    over = np.array([True, True, True, False])
    early = np.array([False, False, False, True])
    dealt_over = _kernels.vector_restarts(over, early, np.zeros(4, np.uint8), masters,
                                          episodes, seeds, restart)
    assert episodes.tolist() == [1, 4, 42, 2**40]
    assert seeds.tolist() == [derive_seed(0, 1), derive_seed(7, 4), derive_seed(2**64 - 1, 42),
                              99]
    assert restart.tolist() == [1, 1, 1, 2]
    assert dealt_over is True  # (the last game was dealt over: step copies its rows back)
    assert _kernels.vector_restarts(over, ~early, np.zeros(4, np.uint8), masters, episodes,
                                    seeds, restart) is True
    assert _kernels.vector_restarts(over, np.zeros(4, bool), np.zeros(4, np.uint8), masters,
                                    episodes, seeds, restart) is False
