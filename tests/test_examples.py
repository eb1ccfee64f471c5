"""The recipes of docs/research.md (examples/) run, in their smoke mode, so they cannot rot.

The numpy self-play recipe needs nothing beyond the test extra and always runs; the
PyTorch and sb3-contrib recipes need the ``rl`` extra (``pip install 'cardwar[rl]'``),
which the test extra leaves out, and are skipped where it is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the recipes need numpy (the test extra)")
pytest.importorskip("pettingzoo", reason="the recipes need pettingzoo (the test extra)")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"cardwar_example_{name}",
                                                  EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def rates(report: dict[str, Any], *keys: str) -> list[float]:
    return [float(report[k]) for k in keys]


def test_selfplay_numpy_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    example = load("selfplay_numpy")
    report = example.main(["--smoke"])
    assert report["games"] == 2
    assert all(0.0 <= r <= 1.0 for r in rates(report, "before_random", "before_heuristic",
                                                  "after_random", "after_heuristic"))
    assert "self-play: 2 games" in capsys.readouterr().out


def test_selfplay_policy_gives_masked_ids_nothing() -> None:
    example = load("selfplay_numpy")
    rng = np.random.default_rng(3)
    for _ in range(50):
        weights, obs = rng.normal(size=(52, 331)), rng.random(330)
        mask = (rng.random(52) < 0.1).astype(np.int8)
        mask[rng.integers(52)] = 1
        p = example.policy(weights, obs, mask)
        assert np.all(p[mask == 0] == 0.0)
        assert p.sum() == pytest.approx(1.0)


def test_torch_reinforce_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch", reason="examples/torch_reinforce.py needs torch (the rl extra)")
    example = load("torch_reinforce")
    report = example.main(["--smoke"])
    assert report["updates"] == 2
    assert all(0.0 <= r <= 1.0 for r in rates(report, "before", "after"))
    assert "2 updates (4 games)" in capsys.readouterr().out


def test_torch_masked_logits_never_draw_an_illegal_id() -> None:
    torch = pytest.importorskip("torch",
                                reason="examples/torch_reinforce.py needs torch (the rl extra)")
    example = load("torch_reinforce")
    torch.manual_seed(0)
    net = torch.nn.Linear(8, 20)
    rng = np.random.default_rng(1)
    for _ in range(200):
        mask = np.zeros(20, dtype=np.int8)
        mask[rng.choice(20, size=int(rng.integers(1, 4)), replace=False)] = 1
        action, logp = example.act(net, rng.random(8, dtype=np.float32), mask)
        assert mask[action] == 1
        assert bool(torch.isfinite(logp))


@pytest.mark.parametrize(("game", "extra", "envs"), [
    ("arneson", [], 8),
    ("caravan", ["--shaping", "positions", "--opponents", "random", "--envs", "4"], 4)])
def test_maskable_ppo_smoke(game: str, extra: list[str], envs: int,
                            capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch", reason="examples/maskable_ppo.py needs torch (the rl extra)")
    pytest.importorskip("sb3_contrib",
                        reason="examples/maskable_ppo.py needs sb3-contrib (the rl extra)")
    example = load("maskable_ppo")
    report = example.main([game, "--smoke", *extra])
    assert report["steps"] >= 256
    assert report["envs"] == envs
    assert all(0.0 <= report[when][o] <= 1.0
               for when in ("before", "after") for o in ("random", "heuristic"))
    assert f"{game}: trained against" in capsys.readouterr().out


def test_plot_curves_draws_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib",
                        reason="examples/plot_curves.py needs matplotlib (pip install matplotlib)")
    example = load("plot_curves")
    run = {"game": "caravan", "opponents": "random", "shaping": "positions",
           "curve": [[1.0, 2048, -0.5], [2.0, 4096, 0.25]]}
    curve = tmp_path / "caravan.json"
    curve.write_text(json.dumps(run), encoding="utf-8")
    output = tmp_path / "curves.png"
    example.main([str(curve), "-o", str(output)])
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
