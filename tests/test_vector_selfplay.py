"""``cardwar.vector.SelfPlay``: many games on the batch engine with every seat a learner,
checked game for game, across its automatic resets, against the public API
(``new_game``, ``step``, ``observe``, ``legal_action_mask``, ``returns``); and its
refusals of bad input, before anything changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwar import batch, variant
from cardwar.core import IllegalActionError
from cardwar.encoding import TRUNCATIONS, step_index
from cardwar.errors import ActionTypeError, ArgumentError, ArgumentTypeError, CardwarError
from cardwar.rng import derive_seed, game_seed

np = pytest.importorskip("numpy", reason="cardwar.vector needs numpy (the fast extra)")
gymnasium = pytest.importorskip("gymnasium",
                                reason="cardwar.vector needs gymnasium (the gymnasium extra)")
pytest.importorskip("numba", reason="SelfPlay runs the batch engine (the fast extra)")

from cardwar.vector import SelfPlay  # noqa: E402

# Short games, so that each row ends and is dealt again several times: by the rules and
# by a length limit.
SHORT: dict[str, dict[str, Any]] = {
    "arneson": {"ranks": "2 3 4 5", "max_battles": 6},
    "caravan": {"max_turns": 14},
    "cold-war": {"ranks": "2 3 4 5", "max_tricks": 6, "target": 10},
    "generals": {"ranks": "2 3 4 5 6 7", "target": 6},
}
#: How those games end, (terminated, truncated): by the rules, by a length limit.
ENDINGS = {"arneson": {(True, False), (False, True)}, "caravan": {(False, True)},
           "cold-war": {(True, False), (False, True)}, "generals": {(True, False)}}


def test_it_plays_every_variant_with_decisions() -> None:
    assert sorted(SHORT) == sorted(batch.Games.VARIANTS)


def tensor(game: Any, state: Any, seat: int, partial: tuple[int, ...]) -> Any:
    values = game.observation_tensor(game.observe(state, seat))
    if game.partial_size(state.options) > 0:
        values.extend(game.partial_tensor(state.options, partial))
    return np.frombuffer(values).astype(np.float32)


def play_beside(envs: SelfPlay, name: str, seed: int, steps: int,
                choose_seed: int = 5) -> tuple[set[tuple[bool, bool]], int]:
    """Step ``envs`` (a ``SelfPlay`` of the variant ``name``, made with ``SHORT[name]``)
    and the public API side by side with the same random legal ids from ``reset(seed)``
    on; require, at every step and in every row, the same observation, mask, seat to
    act, rewards, terminated and truncated, and after a game ends the row's next game.
    Return how the games ended ((terminated, truncated) pairs) and how many did."""
    game = variant(name)
    options = game.options(**SHORT[name])
    n = envs.num_envs
    observation, info = envs.reset(seed=seed)
    masters = [game_seed(seed + i) for i in range(n)]
    episodes = [0] * n
    states = [game.new_game(m, options) for m in masters]
    partials: list[tuple[int, ...]] = [()] * n
    rnd = random.Random(choose_seed)
    endings: set[tuple[bool, bool]] = set()
    ended = 0
    for _ in range(steps):
        ids = np.zeros(n, np.int64)
        for i, state in enumerate(states):
            seat = game.to_act(state)
            assert seat is not None
            assert info["to_act"][i] == seat
            assert np.array_equal(observation[i], tensor(game, state, seat, partials[i]))
            mask = np.frombuffer(game.legal_action_mask(state, partials[i]), np.uint8)
            assert np.array_equal(info["action_mask"][i], mask)
            assert np.array_equal(envs.action_masks()[i], mask != 0)
            ids[i] = rnd.choice(np.flatnonzero(mask).tolist())
        observation, rewards, terminated, truncated, info = envs.step(ids)
        assert observation.dtype == np.float32
        assert rewards.shape == (n, game.num_players(options))
        for i in range(n):
            states[i], partials[i] = step_index(game, states[i], partials[i], int(ids[i]))
            result = game.outcome(states[i])
            if result is None:
                assert not terminated[i]
                assert not truncated[i]
                assert not rewards[i].any()
                assert "final_obs" not in info or not info["_final_obs"][i]
                continue
            cut = result.termination in TRUNCATIONS
            assert (bool(terminated[i]), bool(truncated[i])) == (not cut, cut)
            endings.add((not cut, cut))
            assert tuple(rewards[i].tolist()) == game.returns(states[i])
            assert info["_final_obs"][i]
            assert any(np.array_equal(info["final_obs"][i], tensor(game, states[i], s, ()))
                       for s in range(game.num_players(options)))
            # The row's next game, dealt in the same step.
            episodes[i] += 1
            ended += 1
            states[i] = game.new_game(derive_seed(masters[i], episodes[i]), options)
            partials[i] = ()
    return endings, ended


@pytest.mark.parametrize("name", sorted(SHORT))
def test_rows_play_the_public_apis_games_across_automatic_resets(name: str) -> None:
    n = 3
    endings, ended = play_beside(SelfPlay(name, n, **SHORT[name]), name, 11, 60)
    assert endings == ENDINGS[name], endings
    assert ended >= 2 * n


def test_a_reset_deals_the_games_of_its_seeds() -> None:
    game = variant("caravan")
    envs = SelfPlay(game, 2)
    for seed, firsts in ((5, [5, 6]), ([9, -1], [9, game_seed(-1)])):
        observation, _ = envs.reset(seed=seed)
        for i, first in enumerate(firsts):
            state = game.new_game(first)
            assert np.array_equal(observation[i], tensor(game, state, game.to_act(state) or 0, ()))
    a, _ = envs.reset()
    b, _ = envs.reset()
    assert not np.array_equal(a, b)  # random seeds
    assert repr(envs) == "<SelfPlay: 2 caravan games>"
    envs.close()


def test_rows_deal_anew_where_the_engine_grew_its_buffers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Cold War's engine doubles its buffers of positions as a game needs: the next game
    # dealt into a row takes a row of the wider buffers, and plays as the public API.
    from cardwar.variants.cold_war import _batch

    monkeypatch.setattr(_batch.Stepper, "ROOM", (8, 1))
    envs = SelfPlay("cold-war", 2, **SHORT["cold-war"])
    _, ended = play_beside(envs, "cold-war", 3, 40)
    assert ended >= 2
    assert envs._games._engine.seen.shape[1] > 8


def test_arrays_handed_out_are_the_callers() -> None:
    envs = SelfPlay("generals", 2)
    observation, info = envs.reset(seed=1)
    kept = [np.array(observation), np.array(info["action_mask"])]
    rng = np.random.default_rng(0)
    for _ in range(5):
        envs.step(batch.random_legal_ids(envs.action_masks(), rng))
    assert np.array_equal(observation, kept[0])
    assert np.array_equal(info["action_mask"], kept[1])
    observation[:] = 7  # the caller's to write
    info["action_mask"][:] = 0
    assert envs.step(envs.action_masks().argmax(axis=1))[0].max() <= 1.0


@pytest.mark.parametrize(("variant_", "error"), [
    ("war", ArgumentError), ("peace", ArgumentError), ("chess", ArgumentError),
    (3, ArgumentError), (None, ArgumentError)])
def test_variants_without_decisions_or_unknown_are_refused(variant_: Any,
                                                          error: type) -> None:
    with pytest.raises(error, match="SelfPlay plays arneson, caravan, cold-war, generals"):
        SelfPlay(variant_, 2)


@pytest.mark.parametrize("num_envs", [0, -1, 1.5, True, "2", None])
def test_bad_numbers_of_games_are_refused(num_envs: Any) -> None:
    with pytest.raises(ArgumentError, match=r"num_envs|at least one game"):
        SelfPlay("arneson", num_envs)


def test_options_are_checked_as_the_variant_and_the_batch_engine_check_them() -> None:
    with pytest.raises(CardwarError):
        SelfPlay("caravan", 2, max_turns="many")
    with pytest.raises(ArgumentError, match="does not play arneson"):
        SelfPlay("arneson", 2, hand_size=1, pickup_order="winner_first")


def test_bad_input_is_refused_before_anything_changes() -> None:
    envs = SelfPlay("arneson", 2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.step(np.zeros(2, np.int64))
    with pytest.raises(gymnasium.error.ResetNeeded):
        envs.action_masks()
    for seed in (1.5, "7", b"7", True, {1: 2}):
        with pytest.raises(ArgumentTypeError):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="needs 2 seeds, got 3"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ArgumentTypeError):
        envs.reset(seed=[1, 2.5])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="options"):
        envs.reset(seed=1, options=[1])  # type: ignore[arg-type]
    envs.reset(seed=1)
    masks = envs.action_masks()
    illegal = int(np.flatnonzero(~masks[1])[0])
    legal = int(np.flatnonzero(masks[0])[0])
    for bad in ([legal], [legal, 1.0], ["a", "b"], "ab", [True, False], np.zeros((2, 1), int),
                None, object()):
        with pytest.raises(ActionTypeError):
            envs.step(bad)
    with pytest.raises(IllegalActionError, match="game 1"):
        envs.step([legal, illegal])
    fresh = SelfPlay("arneson", 2)
    fresh.reset(seed=1)
    ids = [legal, int(np.flatnonzero(masks[1])[0])]
    assert np.array_equal(envs.step(ids)[0], fresh.step(ids)[0])  # nothing had moved


@pytest.mark.parametrize("name", sorted(SHORT))
def test_dealing_some_games_anew_changes_no_array_handed_out(name: str) -> None:
    # batch.Games' arrays are the caller's to keep: the deal of SelfPlay's automatic
    # reset writes other arrays where the caller holds one, and leaves the other games be.
    games = batch.Games(name, [1, 2, 3])
    rng = np.random.default_rng(2)
    for _ in range(3):
        games.step(games.random_legal_ids(rng))
    held = [games.observation, games.legal_action_mask, games.rewards, games.turns]
    kept = [np.array(a) for a in held]
    games._deal(np.array([0, 2]), np.array([7, 8], np.uint64))
    for a, b in zip(held, kept, strict=True):
        assert np.array_equal(a, b)
    fresh = batch.Games(name, [7, 2, 8])
    assert np.array_equal(games.observation[[0, 2]], fresh.observation[[0, 2]])
    assert np.array_equal(games.observation[1], kept[0][1])
    assert games.turns.tolist() == [0, kept[3][1], 0]
    assert games.seeds.tolist() == [7, 2, 8]
