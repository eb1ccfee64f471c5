"""``cardwar.vector.sb3``: a Gymnasium vector environment as a Stable-Baselines3
``VecEnv``. Without Stable-Baselines3 the adapter's own class is checked, transition for
transition, against the loop Stable-Baselines3's ``DummyVecEnv`` runs over the same
environments, in each of Gymnasium's autoreset modes; with it (the ``rl`` extra, which
the test extra leaves out), the ``VecEnv`` it returns is checked against ``DummyVecEnv``
itself, under Stable-Baselines3's wrappers, and MaskablePPO learns on it."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

import pytest

from cardwar.errors import ArgumentError, ArgumentTypeError

np = pytest.importorskip("numpy", reason="cardwar.vector needs numpy")
gymnasium = pytest.importorskip("gymnasium",
                                reason="cardwar.vector needs gymnasium (the gymnasium extra)")

from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv  # noqa: E402

from cardwar.gymnasium import CardwarEnv  # noqa: E402
from cardwar.vector import _Adapter, sb3  # noqa: E402

HAS_SB3 = importlib.util.find_spec("stable_baselines3") is not None
needs_sb3 = pytest.mark.skipif(not HAS_SB3, reason="needs stable-baselines3 and "
                               "sb3-contrib: the rl extra (pip install 'cardwar[rl]')")

# Short games that end both by the rules and by the battle limit.
SHORT: dict[str, Any] = {"ranks": "2 3 4 5", "max_battles": 6}
MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]


def make(n: int, mode: AutoresetMode, wrap: Any = None) -> SyncVectorEnv:
    def one() -> Any:
        env = CardwarEnv("arneson", opponents="random", **SHORT)
        return env if wrap is None else wrap(env)
    return SyncVectorEnv([one for _ in range(n)], autoreset_mode=mode)


def reference(n: int, seed: int, ids: list[Any]) -> list[tuple[Any, ...]]:
    """Return what Stable-Baselines3's DummyVecEnv loop gives over ``n`` environments
    seeded ``seed + i`` for the ids of each step: (observations, rewards, dones, each
    info's terminal observation or None, each info's TimeLimit.truncated)."""
    envs = [CardwarEnv("arneson", opponents="random", **SHORT) for _ in range(n)]
    observations = [env.reset(seed=seed + i)[0] for i, env in enumerate(envs)]
    steps: list[tuple[Any, ...]] = [(np.stack(observations),)]
    for row in ids:
        rewards, dones, last, cut = [], [], [], []
        for i, env in enumerate(envs):
            obs, reward, terminated, truncated, _ = env.step(row[i])
            rewards.append(reward)
            dones.append(terminated or truncated)
            cut.append(truncated and not terminated)
            last.append(obs if dones[-1] else None)
            if dones[-1]:
                obs, _ = env.reset()
            observations[i] = obs
        steps.append((np.stack(observations), np.array(rewards, np.float32),
                      np.array(dones), last, cut))
    return steps


def drive(vec: Any, steps: int, seed: int = 4) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """Step ``vec`` (the adapter) from ``seed(seed)`` with random legal ids from its
    masks; return the ids and what it gave, in :func:`reference`'s form."""
    rng = np.random.default_rng(seed)
    vec.seed(seed)
    seen: list[tuple[Any, ...]] = [(vec.reset(),)]
    ids = []
    for _ in range(steps):
        masks = np.stack(vec.env_method("action_masks"))
        assert masks.dtype == bool
        assert np.array_equal(masks, vec.action_masks())
        row = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        ids.append(row)
        obs, rewards, dones, infos = vec.step(row)
        seen.append((obs, rewards, dones,
                     [info.get("terminal_observation") for info in infos],
                     [info["TimeLimit.truncated"] for info in infos]))
    return ids, seen


def same(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> None:
    assert len(a) == len(b)
    for k, (x, y) in enumerate(zip(a, b, strict=True)):
        assert np.array_equal(x[0], y[0]), f"step {k}: observations"
        if k:
            assert np.array_equal(x[1], y[1]), f"step {k}: rewards"
            assert x[1].dtype == y[1].dtype
            assert np.array_equal(x[2], y[2]), f"step {k}: dones"
            for p, q in zip(x[3], y[3], strict=True):
                assert (p is None) == (q is None), f"step {k}: terminal observations"
                assert p is None or np.array_equal(p, q), f"step {k}"
            assert list(x[4]) == list(y[4]), f"step {k}: TimeLimit.truncated"


@pytest.mark.parametrize("mode", MODES)
def test_transitions_are_those_of_the_loop_stable_baselines3_runs(mode: AutoresetMode) -> None:
    n = 3
    ids, seen = drive(_Adapter(make(n, mode)), 120)
    want = reference(n, 4, ids)
    same(seen, want)
    dones = np.array([s[2] for s in want[1:]])
    cut = np.array([s[4] for s in want[1:]])
    assert (dones & ~cut).sum() >= 2  # games ended by the rules
    assert cut.sum() >= 2  # and by the battle limit


def test_a_kernel_vector_environment_gives_the_transitions_of_the_loop() -> None:
    # Arneson's War's kernel vector environment deals the next game on the step after one
    # ends (NEXT_STEP); the adapter deals it at once through reset_mask, which leaves the
    # other games as they are.
    pytest.importorskip("numba", reason="the kernel vector environment needs numba")
    from cardwar.variants.arneson.vector import ArnesonVectorEnv

    n = 3
    ids, seen = drive(_Adapter(ArnesonVectorEnv(n, 0, "random", **SHORT)), 120)
    want = reference(n, 4, ids)
    same(seen, want)
    dones = np.array([s[2] for s in want[1:]])
    cut = np.array([s[4] for s in want[1:]])
    assert (dones & ~cut).sum() >= 2
    assert cut.sum() >= 2


def test_attributes_and_methods_reach_each_sub_environment() -> None:
    vec = _Adapter(make(3, AutoresetMode.SAME_STEP, gymnasium.wrappers.RecordEpisodeStatistics))
    assert vec.get_attr("seat") == [0, 0, 0]
    vec.set_attr("seat", 1, indices=[2])
    assert vec.get_attr("seat") == [0, 0, 1]
    assert vec.get_attr("seat", 2) == [1]
    vec.set_attr("seat", 0)
    assert vec.get_attr("seat", [0, 2]) == [0, 0]
    assert vec.env_is_wrapped(gymnasium.wrappers.RecordEpisodeStatistics) == [True] * 3
    assert vec.env_is_wrapped(gymnasium.wrappers.TimeLimit, indices=1) == [False]
    vec.seed(7)
    vec.reset()
    masks = vec.env_method("action_masks", indices=[1])
    assert len(masks) == 1
    assert np.array_equal(masks[0], vec.action_masks()[1])
    assert vec.env_method("render") == [None] * 3
    assert len(vec.env_method("get_wrapper_attr", "seat", indices=[0, 1])) == 2
    assert vec.seed() != vec.seed(3) == [3, 4, 5]
    vec._options = [{"unused": 1}] * 3  # as Stable-Baselines3's set_options leaves them
    vec.reset()
    vec.close()


class Remote(VectorEnv[Any, Any, Any]):
    """A vector environment whose environments are out of reach, as AsyncVectorEnv's
    are in their processes: only get_attr, set_attr and call reach them."""

    def __init__(self, inner: SyncVectorEnv) -> None:
        self.inner = inner
        self.num_envs, self.metadata = inner.num_envs, inner.metadata
        self.single_observation_space = inner.single_observation_space
        self.single_action_space = inner.single_action_space
        self.observation_space, self.action_space = inner.observation_space, inner.action_space

    def reset(self, **kwargs: Any) -> Any:
        return self.inner.reset(**kwargs)

    def step(self, actions: Any) -> Any:
        return self.inner.step(actions)

    def get_attr(self, name: str) -> Any:
        return self.inner.get_attr(name)

    def set_attr(self, name: str, values: Any) -> None:
        self.inner.set_attr(name, values)

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        return self.inner.call(name, *args, **kwargs)


def test_sub_environments_out_of_reach_are_reached_through_the_vector_environment() -> None:
    vec = _Adapter(Remote(make(2, AutoresetMode.NEXT_STEP)))
    assert vec.get_attr("seat") == [0, 0]
    vec.set_attr("note", "x")
    vec.set_attr("note", "y", indices=1)
    assert vec.get_attr("note") == ["x", "y"]
    assert vec.env_is_wrapped(gymnasium.Wrapper) == [False, False]
    ids, seen = drive(vec, 60)
    same(seen, reference(2, 4, ids))


def test_a_vector_environment_of_shared_attributes_answers_for_every_sub_environment() -> None:
    pytest.importorskip("numba", reason="the kernel vector environment needs numba")
    from cardwar.variants.caravan.vector import CaravanVectorEnv

    kernel = CaravanVectorEnv(2, opponents="random")
    vec = _Adapter(kernel)
    assert vec.get_attr("seat") == [0, 0]
    assert vec.get_attr("render_mode", 1) == [None]
    vec.set_attr("shaping_scale_note", "x")
    assert kernel.shaping_scale_note == "x"  # type: ignore[attr-defined]
    with pytest.raises(ArgumentError, match="for all of them"):
        vec.set_attr("seat", 1, indices=0)
    kernel.twice = lambda x: 2 * x  # type: ignore[attr-defined]
    assert vec.env_method("twice", 4) == [8, 8]
    assert vec.env_is_wrapped(gymnasium.Wrapper) == [False, False]
    vec.reset()
    assert [m.shape for m in vec.env_method("action_masks")] == [(3419,)] * 2


def test_bad_input_is_refused() -> None:
    for bad in (None, "arneson", CardwarEnv("arneson"), [make(1, AutoresetMode.SAME_STEP)]):
        with pytest.raises(ArgumentTypeError, match=r"gymnasium\.vector\.VectorEnv"):
            _Adapter(bad)
    envs = make(2, AutoresetMode.NEXT_STEP)
    vec = _Adapter(envs)
    with pytest.raises(gymnasium.error.ResetNeeded):
        vec.step(np.zeros(2, np.int64))
    for seed in (1.5, "3", True):
        with pytest.raises(ArgumentTypeError):
            vec.seed(seed)  # type: ignore[arg-type]
    envs.metadata = {"autoreset_mode": "sometimes"}
    with pytest.raises(ArgumentError, match="autoreset mode 'sometimes'"):
        _Adapter(envs)


def test_sb3_makes_its_class_on_stable_baselines3s_vec_env(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in for stable_baselines3.common.vec_env, whose VecEnv.__init__ takes the
    # number of environments and the spaces, and asks for the render mode.
    class VecEnv:
        def __init__(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
            self.render_mode = self.get_attr("render_mode")[0]  # type: ignore[attr-defined]
            self.spaces = (num_envs, observation_space, action_space)

    module = types.ModuleType("stable_baselines3.common.vec_env")
    module.VecEnv = VecEnv  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", module)
    vec = sb3(make(2, AutoresetMode.SAME_STEP))
    assert isinstance(vec, VecEnv)
    assert isinstance(vec, _Adapter)
    assert type(vec) is type(sb3(make(1, AutoresetMode.SAME_STEP)))  # made once
    assert vec.spaces[0] == 2
    assert vec.render_mode is None
    ids, seen = drive(vec, 40)
    same(seen, reference(2, 4, ids))
    with pytest.raises(ArgumentTypeError):
        sb3(CardwarEnv("arneson"))


@pytest.mark.skipif(HAS_SB3, reason="checks the message where stable-baselines3 is missing")
def test_without_stable_baselines3_the_error_names_the_extra() -> None:
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'cardwar\[rl\]'"):
        sb3(make(1, AutoresetMode.SAME_STEP))


# --- with Stable-Baselines3 (the rl extra) ---------------------------------------------------


@needs_sb3
@pytest.mark.parametrize("mode", MODES)
def test_it_is_a_vec_env_that_steps_as_dummy_vec_env(mode: AutoresetMode) -> None:
    vec_env = importlib.import_module("stable_baselines3.common.vec_env")
    DummyVecEnv, VecEnv = vec_env.DummyVecEnv, vec_env.VecEnv

    n = 3
    vec = sb3(make(n, mode))
    assert isinstance(vec, VecEnv)
    assert vec.num_envs == n
    assert vec.observation_space.shape == (330,)
    assert vec.action_space.n == 52
    dummy = DummyVecEnv([lambda: CardwarEnv("arneson", opponents="random", **SHORT)
                         for _ in range(n)])
    ids, seen = drive(vec, 60)
    _, want = drive_with(dummy, ids)
    same(seen, want)
    with pytest.raises(ArgumentTypeError):
        sb3("arneson")


def drive_with(vec: Any, ids: list[Any], seed: int = 4) -> tuple[list[Any], list[Any]]:
    """Step a Stable-Baselines3 ``VecEnv`` with the ids given, as :func:`drive` does."""
    vec.seed(seed)
    seen: list[tuple[Any, ...]] = [(vec.reset(),)]
    for row in ids:
        obs, rewards, dones, infos = vec.step(row)
        seen.append((obs, rewards, dones,
                     [info.get("terminal_observation") for info in infos],
                     [info["TimeLimit.truncated"] for info in infos]))
    return ids, seen


@needs_sb3
def test_maskable_ppo_learns_on_it_under_stable_baselines3s_wrappers() -> None:
    pytest.importorskip("sb3_contrib", reason="needs sb3-contrib (the rl extra)")
    MaskablePPO = importlib.import_module("sb3_contrib").MaskablePPO
    utils = importlib.import_module("sb3_contrib.common.maskable.utils")
    BaseCallback = importlib.import_module(
        "stable_baselines3.common.callbacks").BaseCallback
    Monitor = importlib.import_module("stable_baselines3.common.monitor").Monitor
    vec_env = importlib.import_module("stable_baselines3.common.vec_env")

    assert sb3(make(2, AutoresetMode.NEXT_STEP, Monitor)).env_is_wrapped(Monitor) == [True] * 2
    vec = vec_env.VecCheckNan(vec_env.VecMonitor(sb3(make(4, AutoresetMode.NEXT_STEP))),
                              raise_exception=True)
    assert utils.is_masking_supported(vec)
    seen: list[dict[str, Any]] = []

    def on_step(callback: Any) -> bool:
        masks = utils.get_action_masks(callback.training_env)
        assert masks.shape == (4, 52)
        assert masks.dtype == bool
        seen.extend(callback.locals["infos"])
        return True

    Infos = type("Infos", (BaseCallback,), {"_on_step": on_step})

    model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, n_epochs=2, seed=0)
    model.learn(total_timesteps=256, callback=Infos())
    assert model.num_timesteps >= 256
    episodes = [info["episode"] for info in seen if "episode" in info]
    assert len(episodes) >= 8
    assert all(-1 <= e["r"] <= 1 for e in episodes)
    assert not any(info.get("illegal_action") for info in seen)  # masked: always legal
