"""MaskablePPO (sb3-contrib) against bots, with a learning curve: the one module that imports PyTorch and SB3 here.

The learner sits at seat 0 of :class:`~hearts.rl.SingleAgentEnv` (the
opponents' bots at the others, ``reward="payoff"``), ``envs`` of them
stepped together in this process; the mask is handed to MaskablePPO through
``action_masks()``, so it samples legal cards only. The actor is a plain
ReLU perceptron with a linear head, the shape of
:class:`~hearts.rl.policy.Policy`, so it exports exactly (:func:`export`)
and the ``rl-policy`` bot plays it with NumPy alone. Every ``eval_every``
steps (and before the first) the greedy policy is measured by
:func:`~hearts.baselines.evaluate.evaluate_spec`; the CPU time of those
measurements is kept apart from the training's. PyTorch and the libraries
are imported when training starts (:func:`libraries`), so that importing
this module, as the doctests do, stays cheap.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from .config import FORMAT, PPOConfig
from .evaluate import evaluate_spec

#: progress(line): one line per checkpoint
Report = Callable[[str], None]


def libraries() -> tuple[Any, Any, Any]:
    """PyTorch, sb3-contrib and Stable-Baselines3 (an ``ImportError`` where the ``baselines`` extra is missing)."""
    import sb3_contrib
    import stable_baselines3
    import torch

    return torch, sb3_contrib, stable_baselines3


class MaskedObservation(gymnasium.Wrapper):  # type: ignore[type-arg]
    """The single-agent environment with a plain ``Box`` observation, the mask from ``action_masks()``, the reward scaled."""

    def __init__(self, env: gymnasium.Env, scale: float) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self.scale = scale
        self._mask = np.ones(52, dtype=bool)
        self.hands_finished = 0

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(int(action))
        self._mask = obs["action_mask"].astype(bool)
        self.hands_finished += bool(terminated)
        return obs["observation"], float(reward) * self.scale, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self._mask


def make_vec_env(config: PPOConfig) -> Any:
    """``config.envs`` single-agent environments against the opponents in a ``DummyVecEnv``, seeded ``seed``, ``seed + 1``, ..."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    from hearts.rl import SingleAgentEnv

    specs = list(config.opponents) if len(config.opponents) > 1 else config.opponents[0]

    def make() -> gymnasium.Env:  # type: ignore[type-arg]
        env = SingleAgentEnv(config.variant, config.players, seat=0, opponents=specs, reward="payoff")
        return MaskedObservation(env, config.reward_scale)

    vec = DummyVecEnv([make] * config.envs)
    vec.seed(config.seed)
    return vec


def build(config: PPOConfig, vec: Any) -> Any:
    """The MaskablePPO model: separate ReLU actor and critic of ``config.hidden``, seeded."""
    torch, sb3_contrib, _ = libraries()
    torch.set_num_threads(config.threads)
    arch = list(config.hidden)
    return sb3_contrib.MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=config.n_steps,
        batch_size=config.batch,
        n_epochs=config.epochs,
        learning_rate=config.lr,
        gamma=config.gamma,
        ent_coef=config.ent_coef,
        policy_kwargs={"net_arch": {"pi": arch, "vf": arch}, "activation_fn": torch.nn.ReLU},
        seed=config.seed,
        device="cpu",
        verbose=0,
    )


def export(model: Any, config: PPOConfig) -> Any:
    """The actor as a :class:`~hearts.rl.policy.Policy` (the same logits, read by NumPy)."""
    from hearts.rl.policy import Policy

    torch = libraries()[0]
    layers = [m for m in [*model.policy.mlp_extractor.policy_net, model.policy.action_net] if isinstance(m, torch.nn.Linear)]
    ws = [layer.weight.detach().cpu().numpy().T.astype(np.float32).copy() for layer in layers]
    bs = [layer.bias.detach().cpu().numpy().astype(np.float32).copy() for layer in layers]
    return Policy(ws, bs, config.rules.variant, config.players)


def _versions() -> dict[str, str]:
    torch, sb3_contrib, stable_baselines3 = libraries()
    return {
        "python": platform.python_version(),
        "sb3_contrib": sb3_contrib.__version__,
        "stable_baselines3": stable_baselines3.__version__,
        "torch": torch.__version__,
        "numpy": np.__version__,
    }


def train(config: PPOConfig, out: Path, *, command: str = "", report: Report | None = None) -> dict[str, Any]:
    """Train, measuring at every checkpoint; write ``out/curve.json``, ``out/policy.npz`` and ``out/checkpoints/``.

    Raises ``ImportError`` before any work where the ``baselines`` extra is missing.
    """
    libraries()
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    eval_cpu = 0.0
    vec = make_vec_env(config)
    model = build(config, vec)
    points: list[dict[str, Any]] = []
    data: dict[str, Any] = {
        "format": FORMAT,
        "algorithm": "MaskablePPO",
        "command": command,
        "config": config.to_json(),
        "versions": _versions(),
        "points": points,
    }

    def checkpoint() -> None:
        nonlocal eval_cpu
        steps = int(model.num_timesteps)
        path = out / "checkpoints" / f"steps-{steps:09d}.npz"
        export(model, config).save(path)
        train_cpu = time.process_time() - cpu0 - eval_cpu
        start = time.process_time()
        vs = evaluate_spec(f"rl-policy:file={path}", config.eval_against, config.rules, deals=config.eval_deals, seed=config.eval_seed)
        eval_cpu += time.process_time() - start
        hands = sum(env.hands_finished for env in vec.envs if isinstance(env, MaskedObservation))
        points.append(
            {"steps": steps, "hands": hands, "cpu_s": round(train_cpu, 2), "wall_s": round(time.perf_counter() - wall0, 1), "vs": vs}
        )
        data["eval_cpu_s"] = round(eval_cpu, 2)
        (out / "curve.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        if report:
            figures = ", ".join(f"{k} {v['payoff']:+.2f} ± {v['payoff_se'] or 0:.2f}" for k, v in vs.items())
            report(f"steps {steps:,}  hands {hands:,}  train CPU {train_cpu:,.0f} s  payoff: {figures}")

    checkpoint()
    while model.num_timesteps < config.steps:
        chunk = min(config.eval_every, config.steps - model.num_timesteps)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        checkpoint()
    export(model, config).save(out / "policy.npz")
    data["policy"] = "policy.npz"
    (out / "curve.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return data
