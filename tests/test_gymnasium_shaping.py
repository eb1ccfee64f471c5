"""CardwarEnv's opt-in shaped rewards: off by default; on, a signal at every step whose
sum over a game is the game's result."""

from __future__ import annotations

import math
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
np = pytest.importorskip("numpy", reason="the gymnasium extra (numpy) is not installed")

from cardwar.errors import ArgumentError, ArgumentTypeError  # noqa: E402
from cardwar.gymnasium import CardwarEnv  # noqa: E402
from cardwar.rewards import shapes  # noqa: E402

GAMES = [("caravan", "positions"), ("arneson", "cards"), ("cold-war", "points"),
         ("generals", "points"), ("war", "cards")]


def _episode(env: CardwarEnv, seed: int) -> tuple[list[float], float]:
    """Play one game with the lowest legal id; return the rewards and the result."""
    env.reset(seed=seed)
    rewards: list[float] = []
    while True:
        action = int(np.flatnonzero(env.action_masks())[0])
        _, reward, terminated, truncated, _ = env.step(action)
        rewards.append(float(reward))
        if terminated or truncated:
            result = float(env.table.game.returns(env.table.state)[env.seat])
            return rewards, result


@pytest.mark.parametrize(("name", "shape"), GAMES)
def test_a_shaped_game_returns_its_result_and_signals_before_the_end(
        name: str, shape: str) -> None:
    assert shape in shapes(name)
    shaped = CardwarEnv(name, opponents="random", shaping=shape)
    plain = CardwarEnv(name, opponents="random")
    signalled = False
    for seed in range(3):
        rewards, result = _episode(shaped, seed)
        plain_rewards, plain_result = _episode(plain, seed)
        assert plain_result == result  # the same game: shaping changes no move
        assert plain_rewards[:-1] == [0.0] * (len(plain_rewards) - 1)
        assert plain_rewards[-1] == result
        total = 0.0
        for r in rewards:
            total += r
        assert total == pytest.approx(result, abs=1e-9)
        assert math.copysign(1.0, total) == math.copysign(1.0, result) or total == result == 0
        signalled = signalled or any(r != 0.0 for r in rewards[:-1])
    assert signalled


def test_the_same_seed_gives_the_same_shaped_rewards() -> None:
    env = CardwarEnv("caravan", opponents="heuristic", shaping="positions", shaping_scale=0.5)
    assert _episode(env, 4) == _episode(env, 4)


def test_an_illegal_id_pays_the_shaping_back_with_the_loss() -> None:
    env = CardwarEnv("caravan", opponents="random", shaping="positions")
    env.reset(seed=2)
    total = 0.0
    for _ in range(6):  # a few legal moves first, so that some shaping is paid
        _, reward, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        total += float(reward)
        assert not terminated
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated
    assert info["illegal_action"]
    total += float(reward)
    assert total == pytest.approx(-1.0, abs=1e-9)


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"shaping": "nope"}, ArgumentError, "no shape 'nope'"),
    ({"shaping": 5}, ArgumentTypeError, "shape must be a str"),
    ({"shaping": "positions", "shaping_scale": math.nan}, ArgumentError, "scale must be"),
    ({"shaping": "positions", "shaping_scale": -1}, ArgumentError, "scale must be"),
    ({"shaping_scale": 2.0}, ArgumentError, "without shaping"),
])
def test_bad_shaping_arguments_are_refused(kwargs: dict[str, Any], error: type[Exception],
                                           match: str) -> None:
    with pytest.raises(error, match=match):
        CardwarEnv("caravan", opponents="random", **kwargs)
