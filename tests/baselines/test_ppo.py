"""MaskablePPO against bots: a tiny run writes the documented curve, and its policy plays legal cards as an arena bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import numpy as np  # noqa: E402
import torch  # noqa: E402

from hearts.baselines.config import FORMAT, PPOConfig  # noqa: E402
from hearts.baselines.ppo import build, export, make_vec_env  # noqa: E402
from hearts.cli import main  # noqa: E402
from hearts.core import Rules  # noqa: E402
from hearts.rl.policy import Policy  # noqa: E402
from hearts.sim.arena import run_arena  # noqa: E402

pytestmark = pytest.mark.slow

TINY = ["--envs", "2", "--n-steps", "64", "--batch", "64", "--epochs", "1", "--hidden", "16", "--eval-deals", "2"]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ppo")
    args = ["baseline", "ppo", "--steps", "256", "--eval-every", "128", "--opponents", "random", "--out", str(out), "--seed", "3"]
    assert main([*args, *TINY]) == 0
    return out


def test_a_tiny_run_writes_the_documented_curve(run: Path) -> None:
    data = json.loads((run / "curve.json").read_text())
    assert data["format"] == FORMAT and data["algorithm"] == "MaskablePPO" and data["policy"] == "policy.npz"
    assert data["command"].startswith("hearts baseline ppo --steps 256")
    assert data["config"]["opponents"] == ["random"] and data["config"]["seed"] == 3
    assert set(data["versions"]) >= {"sb3_contrib", "stable_baselines3", "torch", "numpy", "python"}
    assert [p["steps"] for p in data["points"]] == [0, 128, 256]
    for point in data["points"]:
        assert set(point) == {"steps", "hands", "cpu_s", "wall_s", "vs"}
        assert set(point["vs"]) == {"random", "heuristic", "medium"}
        for figures in point["vs"].values():
            assert set(figures) == {"payoff", "payoff_se", "points_per_hand", "points_se", "hands"}
            assert figures["hands"] == 2 * 4  # 2 deals x 4 rotations, one seat each
    assert data["points"][-1]["hands"] >= 256 // 16 - 2 * 2  # a hand is 16 learner decisions (3 pass picks, 13 cards)
    assert sorted(p.name for p in (run / "checkpoints").iterdir()) == [f"steps-{s:09d}.npz" for s in (0, 128, 256)]


def test_the_policy_plays_legal_cards_as_an_arena_bot(run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_arena([f"rl-policy:file={run / 'policy.npz'}", "heuristic"], Rules.standard(4), hands=3, seed=2)
    assert result.faults == [] and result.hands_played == 12  # an illegal card would raise BotFailure
    assert main(["arena", "--bots", f"rl-policy:file={run / 'policy.npz'},random,random,random", "--hands", "2"]) == 0
    assert "rl-policy" in capsys.readouterr().out


def test_the_exported_policy_gives_the_actors_logits() -> None:
    config = PPOConfig(steps=64, opponents=("random",), envs=2, n_steps=32, batch=64, hidden=(16, 8), eval_against=("random",))
    vec = make_vec_env(config)
    model = build(config, vec)
    obs = np.stack([vec.reset() for _ in range(2)]).reshape(-1, vec.observation_space.shape[0])  # type: ignore[index]
    obs[1] = np.random.default_rng(0).random(obs.shape[1])
    with torch.no_grad():
        features = model.policy.extract_features(torch.as_tensor(obs), model.policy.pi_features_extractor)
        expected = model.policy.action_net(model.policy.mlp_extractor.forward_actor(features)).numpy()
    policy = export(model, config)
    logits, _ = policy.forward(obs)
    assert np.allclose(logits, expected, atol=1e-5)


def test_the_same_seed_trains_the_same_policy(tmp_path: Path) -> None:
    args = ["baseline", "ppo", "--steps", "128", "--opponents", "random", "--eval-against", "random", *TINY]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    a, b = Policy.load(tmp_path / "a" / "policy.npz"), Policy.load(tmp_path / "b" / "policy.npz")
    assert all(np.array_equal(x, y) for x, y in zip(a.weights + a.biases, b.weights + b.biases, strict=True))
    curves = [json.loads((tmp_path / d / "curve.json").read_text()) for d in "ab"]
    assert [p["vs"] for p in curves[0]["points"]] == [p["vs"] for p in curves[1]["points"]]
