"""The RLlib example: one short PPO iteration over the PettingZoo environment on the session's local Ray instance."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray.rllib", reason="the rllib extra is not installed")
pytest.importorskip("torch", reason="the rllib extra is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rllib_ppo.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("rllib_ppo", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_adapter_speaks_rllib_names() -> None:
    example = load_example()
    env = example.HeartsMultiAgentEnv({"variant": "cancellation", "players": 6})
    obs, _ = env.reset(seed=3)
    ((agent, first),) = obs.items()
    assert agent == "player_0" and set(first) == {"observations", "action_mask"}
    assert env.observation_spaces[agent].contains(first) and first["action_mask"].sum() > 0
    card = int(first["action_mask"].nonzero()[0][0])
    obs, rewards, terminated, _, _ = env.step({agent: card})
    assert list(obs) == ["player_0"] and not terminated["__all__"]  # seat 0 picks all its pass cards first


def test_one_ppo_iteration(ray_cluster: Any, tmp_path: Path) -> None:
    import numpy as np

    from hearts.core import Rules

    example = load_example()
    algo = example.config(runners=0, batch=256, minibatch=128, epochs=1, hidden=32).build_algo()
    try:
        before = {k: np.array(v) for k, v in algo.get_module(example.POLICY).get_state().items()}
        result = algo.train()
        after = algo.get_module(example.POLICY).get_state()
        trained = example.export_module(algo.get_module(example.POLICY), Rules.standard(4))
        algo.save(str(tmp_path / "checkpoint"))
    finally:
        algo.stop()
    exported = example.export_checkpoint(str(tmp_path / "checkpoint"), Rules.standard(4), str(tmp_path / "p.npz"))
    assert all(np.array_equal(a, b) for a, b in zip(trained.weights, exported.weights, strict=True))
    assert result["env_runners"]["num_env_steps_sampled"] >= 256
    assert result["env_runners"]["num_episodes"] >= 1  # a hand is 64 steps: several whole hands, every card legal
    assert any(not np.allclose(before[k], np.array(after[k])) for k in before)  # the learner changed the policy


def test_the_minibatch_is_a_setting() -> None:
    example = load_example()
    assert example.config(batch=256, minibatch=64).minibatch_size == 64
    with pytest.raises(ValueError, match="minibatch must be between 1 and the batch"):
        example.config(batch=256, minibatch=500)


def test_a_module_exports_to_the_rl_policy_format(tmp_path: Path) -> None:
    import numpy as np
    import torch
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    from hearts.core import Rules
    from hearts.rl.policy import Policy

    example = load_example()
    env = example.HeartsMultiAgentEnv({})
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        observation_space=env.observation_spaces["player_0"],
        action_space=env.action_spaces["player_0"],
        model_config=example.model_config(16),
    ).build()
    rules = Rules.standard(4)
    example.export_module(module, rules).save(tmp_path / "p.npz")
    policy = Policy.load(tmp_path / "p.npz")
    rng = np.random.default_rng(0)
    obs = rng.random((5, 613), dtype=np.float32)
    mask = np.ones((5, 52), dtype=np.float32)
    with torch.no_grad():
        out = module.forward_inference({Columns.OBS: {"observations": torch.from_numpy(obs), "action_mask": torch.from_numpy(mask)}})
    logits = out[Columns.ACTION_DIST_INPUTS].numpy()
    ours, _ = policy.forward(obs)
    assert np.allclose(ours, logits, atol=2e-2)  # the file holds float16 weights
    assert (policy.greedy(obs, mask.astype(np.int8)) == logits.argmax(axis=1)).mean() >= 0.8
