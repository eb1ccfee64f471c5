"""``cardwar.arneson.vector.ArnesonVectorEnv``: game for game what a ``SyncVectorEnv`` of
``CardwarEnv("arneson")`` plays with the same seeds (observations, rewards, terminations,
truncations, masks, illegal ids, automatic reset, shaped rewards), its opponents choosing
inside the compiled kernel where the public environment lets them choose; and its
refusals of wrong arguments."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np

from cardwar import batch
from cardwar.errors import ArgumentError, ArgumentTypeError, SeatError
from cardwar.gymnasium import CardwarEnv
from cardwar.variants.arneson import _batch_numba as arneson_kernel
from cardwar.variants.arneson.vector import ArnesonVectorEnv
from tests import support_vector
from tests.support_batch import run_as_python


def check_against_sync(count: int, steps: int, seat: int, opponents: Any, seed: int,
                       illegal_every: int = 0, **options: Any) -> tuple[int, int]:
    """Arneson's War's :func:`tests.support_vector.check_against_sync`."""
    return support_vector.check_against_sync(ArnesonVectorEnv, "arneson", count, steps,
                                             seat, opponents, seed, illegal_every, **options)


@pytest.mark.parametrize("opponents", ["random", "heuristic", "heuristic:0.5"])
@pytest.mark.parametrize("seat", [0, 1])
def test_it_plays_what_the_public_environment_plays(seat: int, opponents: str) -> None:
    # Short games (a small deck, many wars) so that many end, next games dealt included.
    ended, _ = check_against_sync(4, 150, seat, opponents, seed=40 + seat, illegal_every=37,
                                  ranks="J,Q,K,A")
    assert ended >= 12


@pytest.mark.parametrize("seat", [0, 1])
def test_other_options_and_mixed_coins_play_alike(seat: int) -> None:
    # A coin that rarely asks the heuristic, two decks (equal cards in a hand), a war's
    # pair to its winner, the win pile, wars to win and a one-card hand under a shuffled
    # pickup.
    ended, _ = check_against_sync(3, 120, seat, "heuristic:.125", seed=7, decks=2,
                                  war_pair="winner", pickup_order="win_pile", wars_to_win=2)
    assert ended >= 3
    ended, _ = check_against_sync(3, 80, seat, ["heuristic:0"], seed=8, hand_size=1,
                                  face_down=0, ranks="2,3,4", suits="C,D,H")
    assert ended >= 3


def test_games_cut_by_the_battle_limit_are_truncated() -> None:
    _ended, truncated = check_against_sync(4, 60, 1, "random", seed=3, max_battles=12,
                                           pickup_order="winner_first")
    assert truncated >= 4


@pytest.mark.parametrize("seat", [0, 1])
def test_shaped_rewards_are_the_public_environments(seat: int) -> None:
    # Game for game and step for step the same shaping rewards as CardwarEnv's, their
    # payback when a game ends (illegal ids and truncations included) and a new tally
    # for the next game.
    ended, truncated = check_against_sync(4, 120, seat, "heuristic:0.75", seed=60 + seat,
                                          illegal_every=29, max_battles=25, shaping="cards",
                                          shaping_scale=0.5)
    assert ended >= 4
    assert truncated >= 1


def test_the_kernel_runs_as_python_as_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    # coverage.py sees the source numba compiles only as Python.
    run_as_python(monkeypatch, arneson_kernel)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        for seat, opponents in ((0, "heuristic:0.5"), (1, "random")):
            assert check_against_sync(2, 30, seat, opponents, seed=8, illegal_every=13,
                                      ranks="J,Q,K,A", max_battles=8)[0] >= 2
        # The kernel leaves a finished game that it is not told to restart as it is (the
        # environment restarts every one, at the next step).
        envs = ArnesonVectorEnv(1, opponents="heuristic", max_battles=3)
        _, info = envs.reset(seed=2)
        while not envs._over[0]:
            _, _, _, _, info = envs.step(np.maximum(batch.random_legal_ids(
                info["action_mask"], np.random.default_rng(0)), 0))
        before = (envs._observation.copy(), envs._mask.copy())
        envs._restart[:] = 0
        envs._run(np.zeros(1, np.int64))
        assert envs._rewards[0] == 0.0
        assert np.array_equal(envs._mask, before[1])
        assert not envs._mask.any()


def test_it_refuses_what_the_kernel_does_not_play() -> None:
    with pytest.raises(ArgumentError, match="random, heuristic and heuristic:P"):
        ArnesonVectorEnv(2, 0, "search")
    with pytest.raises(ArgumentError, match="1 opponents are needed"):
        ArnesonVectorEnv(2, 1, ["random", "random"])
    with pytest.raises(SeatError):
        ArnesonVectorEnv(2, 2)
    with pytest.raises(ArgumentError, match="no shape 'positions'"):
        ArnesonVectorEnv(2, shaping="positions")
    with pytest.raises(ArgumentError, match="plays Arneson's War"):
        ArnesonVectorEnv(2, name="caravan")
    with pytest.raises(ArgumentTypeError, match="shape must be a str"):
        ArnesonVectorEnv(2, shaping=5)  # type: ignore[arg-type]
    for scale in (0, -1.0, True, float("inf"), "1"):
        with pytest.raises(ArgumentError, match="scale must be a finite positive number"):
            ArnesonVectorEnv(2, shaping="cards", shaping_scale=scale)  # type: ignore[arg-type]
    with pytest.raises(gymnasium.error.ResetNeeded):
        ArnesonVectorEnv(2).action_masks()
    for pickup in ("winner_first", "seat_order"):
        with pytest.raises(ArgumentError, match=f"hand_size=1 and pickup_order={pickup}: "
                                                "nobody chooses"):
            ArnesonVectorEnv(2, hand_size=1, pickup_order=pickup)


def test_gymnasium_make_vec_makes_it_and_action_masks_are_booleans() -> None:
    import cardwar.gymnasium  # noqa: F401  (registers the environments)

    envs = gymnasium.make_vec("cardwar/arneson-v0", num_envs=3,
                              vectorization_mode="vector_entry_point", seat=1,
                              opponents="heuristic:0.5", hand_size=4)
    assert isinstance(envs.unwrapped, ArnesonVectorEnv)
    assert envs.unwrapped.options.hand_size == 4
    _, info = envs.reset(seed=5)
    masks = envs.unwrapped.action_masks()
    assert masks.dtype == np.bool_
    assert masks.shape == (3, 52)
    assert (masks == (info["action_mask"] != 0)).all()
    assert (masks.sum(axis=1) >= 1).all()
    masks[:] = True  # the caller's copy: the environment's own mask is unchanged
    assert (envs.unwrapped.action_masks() == (info["action_mask"] != 0)).all()


def test_sb3_contribs_mask_helpers_reach_the_masks() -> None:
    # sb3-contrib's get_action_masks and is_masking_supported call
    # env.get_wrapper_attr("action_masks")() on an environment that is not a VecEnv of
    # Stable-Baselines3's own.
    envs = ArnesonVectorEnv(3, seat=1, opponents="random")
    _, info = envs.reset(seed=4)
    masks = envs.get_wrapper_attr("action_masks")()
    assert masks.dtype == np.bool_
    assert (masks == (info["action_mask"] != 0)).all()
    assert envs.get_wrapper_attr("num_envs") == 3
    with pytest.raises(AttributeError):
        envs.get_wrapper_attr("no_such_attribute")


def test_maskable_ppo_chooses_legal_ids_from_the_masks() -> None:
    # (The rl extra, not the test extra's: skipped without it.)
    pytest.importorskip("torch", reason="MaskablePPO needs torch (the rl extra)")
    sb3_contrib = pytest.importorskip("sb3_contrib",
                                      reason="MaskablePPO needs sb3-contrib (the rl extra)")
    utils = pytest.importorskip("sb3_contrib.common.maskable.utils")

    envs = ArnesonVectorEnv(8, seat=1, opponents="heuristic:0.5", ranks="J,Q,K,A")
    assert utils.is_masking_supported(envs)
    # The policy of the public environment (the same spaces, one sub-environment's),
    # choosing for every sub-environment at once from a batch of observations and masks.
    model = sb3_contrib.MaskablePPO("MlpPolicy", CardwarEnv("arneson", opponents="random"),
                                    seed=0, n_steps=64, batch_size=64)
    observation, _ = envs.reset(seed=9)
    ended = 0
    for _ in range(120):
        masks = utils.get_action_masks(envs)
        assert masks.shape == (8, 52)
        ids, _ = model.predict(observation, action_masks=masks)
        assert all(masks[g, ids[g]] for g in range(8) if masks[g].any())
        observation, _, terminated, truncated, info = envs.step(ids)
        assert "illegal_action" not in info
        ended += int((terminated | truncated).sum())
    assert ended >= 8


def test_reset_takes_the_seeds_the_public_environment_takes() -> None:
    # Any int, as CardwarEnv takes it (a negative or large one stands for a hash of it),
    # a numpy integer too.
    envs = ArnesonVectorEnv(2, opponents="random")
    for seed in (-1, 2**70, np.int64(5), np.uint64(2**64 - 1), [np.int16(-3), 2**64]):
        observation, _ = envs.reset(seed=seed)
        sync = gymnasium.vector.SyncVectorEnv(
            [lambda: CardwarEnv("arneson", 0, "random") for _ in range(2)])
        expected = sync.reset(seed=[int(s) for s in seed] if isinstance(seed, list)
                              else int(seed))
        assert np.array_equal(observation, expected[0])


def test_bad_reset_arguments_change_nothing() -> None:
    envs, twin = (ArnesonVectorEnv(2, seat=1, opponents="random") for _ in range(2))
    twin.reset(seed=3)
    envs.reset(seed=3)
    for seed in (True, 1.5, "3", np.array([1, 2]), object(), np.float64(2.0)):
        with pytest.raises(ArgumentTypeError, match="a seed that is an int, a list of ints"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="a seed that is an int or None"):
        envs.reset(seed=[1, True])
    bad: tuple[object, ...] = ([], "x", 0)
    for options in bad:
        with pytest.raises(ArgumentTypeError, match="options that are a dict or None"):
            envs.reset(seed=4, options=options)  # type: ignore[arg-type]
    assert envs.np_random.bit_generator.state == twin.np_random.bit_generator.state
    ids = np.maximum(batch.random_legal_ids(twin._mask, np.random.default_rng(1)), 0)
    for got, want in zip(envs.step(ids)[:4], twin.step(ids)[:4], strict=True):
        assert np.array_equal(got, want)
    envs.reset(seed=4, options={})  # (not used, as CardwarEnv's)
