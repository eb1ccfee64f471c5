"""``cardwar.generals.vector.GeneralsVectorEnv``: game for game what a ``SyncVectorEnv`` of
``CardwarEnv("generals")`` plays with the same seeds (observations, rewards,
terminations, masks, illegal ids, automatic reset), for every seat of two and four
players, its opponents (random, heuristic, heuristic:P, mixed) moving inside the compiled
kernel; its shaped rewards; and its refusals of wrong arguments."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import attrs
import gymnasium
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cardwar import batch
from cardwar.core import OptionError
from cardwar.errors import ArgumentError, SeatError
from cardwar.gymnasium import CardwarEnv
from cardwar.variants.generals import _batch_numba as generals_kernel
from cardwar.variants.generals.vector import GeneralsVectorEnv
from tests import support_vector
from tests.support_batch import run_as_python
from tests.support_generals import generals_options

#: Options under which equal scores at the target, a draw (reward 0), are common: a deck
#: of Twos and Threes, one card each, equal sums returned to their owners.
DRAWS: dict[str, Any] = {"ranks": "2 3", "hand_size": 1, "tie": "return_to_owners",
                         "target": 4, "claim_cards": 0, "kills_to_win": 3}


def check_against_sync(count: int, steps: int, seat: int, opponents: Any, seed: int,
                       illegal_every: int = 0, **options: Any) -> tuple[int, int]:
    """General's War's :func:`tests.support_vector.check_against_sync`."""
    return support_vector.check_against_sync(GeneralsVectorEnv, "generals", count, steps,
                                             seat, opponents, seed, illegal_every, **options)


@pytest.mark.parametrize(("seat", "opponents", "options"), [
    (0, "random", {}),
    (1, "heuristic", {"target": 60}),
    (0, "heuristic:0.5", {"target": 80, "tie": "return_to_owners"}),
    (1, "heuristic:0.25", {"deck_mode": "colour_halves", "squad_size": "one_to_three",
                           "target": 70}),
    (1, "random", DRAWS),
])
def test_two_players_play_what_the_public_environment_plays(seat: int, opponents: str,
                                                            options: dict[str, Any]) -> None:
    ended, truncated = check_against_sync(4, 150, seat, opponents, seed=40 + seat,
                                          illegal_every=37, **options)
    assert ended >= 8
    assert truncated == 0  # General's War has no limit on its length


@pytest.mark.parametrize(("seat", "opponents", "options"), [
    # Played on for places (the four-player duel's default), each seat a different mix.
    (0, ["random", "heuristic", "heuristic:0.5"], {"target": 60}),
    (1, ["heuristic:0.5", "random", "heuristic"], {"target": 60}),
    (2, "heuristic:0.75", {"target": 60, "claim_cards": 2}),
    (3, ["heuristic:1", "heuristic:0.5", "heuristic:0"], {"target": 60,
                                                         "first_dealer": 3}),
    # The first to finish wins, or partnerships.
    (2, "random", {"places": False, "target": 50}),
    (3, ["random", "heuristic:0.5", "heuristic"], {"four_player": "partnership",
                                                   "target": 70}),
    (0, "heuristic", {"four_player": "partnership", "squad_size": "one_to_three",
                      "hand_size": 4, "target": 70}),
])
def test_four_players_play_what_the_public_environment_plays(seat: int, opponents: Any,
                                                             options: dict[str, Any]) -> None:
    ended, _ = check_against_sync(4, 150, seat, opponents, seed=50 + seat, illegal_every=41,
                                  players=4, **options)
    assert ended >= 6


#: The opponents' kinds the drawn games mix.
KINDS = ("random", "heuristic", "heuristic:0.5", "heuristic:0.2")


@given(options=generals_options(), seed=st.integers(0, 2**63), data=st.data())
def test_any_options_seat_and_opponents_play_what_the_public_environment_plays(
        options: Any, seed: int, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, options.players - 1))
    opponents = [data.draw(st.sampled_from(KINDS)) for _ in range(options.players - 1)]
    shaping = data.draw(st.sampled_from((None, "points")))
    kwargs = {f.name: getattr(options, f.name) for f in attrs.fields(type(options))}
    check_against_sync(2, 25, seat, opponents, seed, 11, shaping=shaping, **kwargs)


def test_reduced_decks_and_large_targets_play_alike() -> None:
    check_against_sync(3, 60, 1, "heuristic:0.5", seed=5, ranks="A,2,3,4,5,6,7,8",
                       hand_size=4, claim_cards=3, target=40)
    check_against_sync(3, 40, 0, "random", seed=6, target=2**70, kills_to_win=3)


def test_a_draw_pays_nothing() -> None:
    envs = GeneralsVectorEnv(8, 0, "heuristic", **DRAWS)
    _, info = envs.reset(seed=12)
    rewards = []
    for _ in range(8):
        _, reward, terminated, _, info = envs.step(np.argmax(info["action_mask"], axis=1))
        rewards += reward[terminated].tolist()
    assert 0.0 in rewards


def test_a_game_over_before_the_learner_decides_ends_at_its_next_step() -> None:
    # Four players without places: the game of seed 0 ends in the first battle, between
    # two opponents, before seat 0 decides anything. Both environments deal it over and
    # report its result at the next step, whatever the id; the public one then refuses a
    # step until it is reset.
    options: dict[str, Any] = {"players": 4, "places": False, "claim_cards": 0, "target": 1}
    public = CardwarEnv("generals", 0, "random", **options)
    _, dealt = public.reset(seed=0)
    assert public.table.over
    assert not dealt["action_mask"].any()
    result = float(public.table.game.returns(public.table.state)[0])
    assert result == -1.0
    _, reward, terminated, truncated, _ = public.step(0)
    assert (reward, terminated, truncated) == (result, True, False)
    with pytest.raises(gymnasium.error.ResetNeeded):
        public.step(0)
    envs = GeneralsVectorEnv(2, 0, "random", **options)
    observation, info = envs.reset(seed=[0, 1])
    assert np.array_equal(observation[0], public.table.observation(0))
    assert not info["action_mask"][0].any()
    assert info["action_mask"][1].any()
    ids = np.array([5, int(np.argmax(info["action_mask"][1]))])
    _, reward, terminated, truncated, info = envs.step(ids)
    assert (reward[0], terminated[0], truncated[0]) == (result, True, False)
    assert "illegal_action" not in info
    _, reward, terminated, _, info = envs.step(ids)  # the next game is dealt
    assert (reward[0], terminated[0]) == (0.0, False)
    assert info["action_mask"][0].any()
    # Game for game with the public environment, such games included.
    check_against_sync(6, 30, 0, "random", seed=0, shaping="points", **options)


def test_the_rewards_are_each_seats_place_or_result() -> None:
    # Every reward of a four-player game played on for places is a place's return
    # (encoding.returns: the places spread evenly from +1 to -1).
    envs = GeneralsVectorEnv(6, 1, "random", players=4, target=40)
    rng = np.random.default_rng(1)
    _, info = envs.reset(seed=11)
    seen = set()
    for _ in range(120):
        _, reward, terminated, _, info = envs.step(
            np.maximum(batch.random_legal_ids(info["action_mask"], rng), 0))
        seen |= {float(r) for r in reward[terminated]}
    assert seen <= {1.0 - 2.0 * (place - 1) / 3 for place in (1, 2, 3, 4)}
    assert len(seen) >= 3


def test_the_kernel_runs_as_python_as_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    # coverage.py sees the source numba compiles only as Python.
    run_as_python(monkeypatch, generals_kernel)
    # uint64 arithmetic wraps around by design (SplitMix64): numpy scalars warn.
    with np.errstate(over="ignore"):
        assert check_against_sync(2, 40, 1, ["heuristic:0.5", "random", "heuristic"],
                                  seed=8, illegal_every=15, players=4, target=30)[0] >= 2
        assert check_against_sync(2, 30, 0, "heuristic", seed=9, target=30,
                                  squad_size="one_to_three")[0] >= 1
        assert check_against_sync(2, 20, 1, "random", seed=10, **DRAWS)[0] >= 4
        # The kernel leaves a finished game that it is not told to restart as it is (the
        # environment restarts every one, at the next step).
        envs = GeneralsVectorEnv(1, opponents="random", target=20)
        _, info = envs.reset(seed=2)
        while not envs._over[0]:
            _, _, _, _, info = envs.step(np.maximum(batch.random_legal_ids(
                info["action_mask"], np.random.default_rng(0)), 0))
        before = envs._state["masks"].copy()
        envs._restart[:] = 0
        envs._run(np.zeros(1, np.int64))
        assert envs._rewards[0] == 0.0
        assert np.array_equal(envs._state["masks"], before)
        assert not envs._mask.any()


def test_shaped_rewards_are_the_public_environments() -> None:
    # Game for game and step for step the same shaping rewards as CardwarEnv's, their
    # payback when a game ends (illegal ids included) and a new tally for the next game.
    ended, _ = check_against_sync(3, 150, 1, "heuristic:0.5", seed=61, illegal_every=43,
                                  shaping="points", shaping_scale=0.5, target=60)
    assert ended >= 6
    ended, _ = check_against_sync(3, 120, 2, ["random", "heuristic", "heuristic:0.5"],
                                  seed=62, players=4, shaping="points", target=50)
    assert ended >= 3
    # A target beyond float64's integers: the lead is divided as the public shape does.
    check_against_sync(2, 30, 0, "random", seed=63, shaping="points", target=2**53 + 1)


def test_it_refuses_wrong_arguments() -> None:
    with pytest.raises(ArgumentError, match="random, heuristic"):
        GeneralsVectorEnv(2, 0, "search")
    with pytest.raises(ArgumentError, match="random, heuristic"):
        GeneralsVectorEnv(2, 0, ["random", "first", "random"], players=4)
    for kinds in (["random"], ["random"] * 4):
        with pytest.raises(ArgumentError, match="3 opponents are needed"):
            GeneralsVectorEnv(2, 0, kinds, players=4)
    with pytest.raises(ArgumentError, match="heuristic:P"):
        GeneralsVectorEnv(2, 0, "heuristic:1.5")
    for seat in (2, -1):
        with pytest.raises(SeatError):
            GeneralsVectorEnv(2, seat)
    with pytest.raises(SeatError):
        GeneralsVectorEnv(2, 4, players=4)
    with pytest.raises(OptionError):
        GeneralsVectorEnv(2, players=3)
    with pytest.raises(ArgumentError, match="plays General's War"):
        GeneralsVectorEnv(2, name="caravan")
    with pytest.raises(ArgumentError, match="no shape 'cards'"):
        GeneralsVectorEnv(2, shaping="cards")


def test_gymnasium_make_vec_makes_it() -> None:
    import cardwar.gymnasium  # noqa: F401  (registers the environments)

    envs = gymnasium.make_vec("cardwar/generals-v0", num_envs=3,
                              vectorization_mode="vector_entry_point",
                              opponents="heuristic:0.5", players=4, seat=3)
    assert isinstance(envs.unwrapped, GeneralsVectorEnv)
    assert envs.unwrapped.players == 4
    observation, info = envs.reset(seed=5)
    assert observation.shape == (3, 450)
    masks = envs.unwrapped.action_masks()
    assert (masks == (info["action_mask"] != 0)).all()
