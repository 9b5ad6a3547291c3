"""Train Hearts with RLlib's PPO, multi-agent, over the project's PettingZoo environment (the ``rllib`` extra).

Every seat is an agent of :func:`hearts.rl.env` (any variant and player
count); all seats share one policy (parameter sharing), an action-masking
PPO module from RLlib's examples, so only legal cards are ever sampled. The
environment is wrapped by RLlib's ``PettingZooEnv``; the only adaptation
here is the observation's key names (RLlib's masking module reads
``observations`` and ``action_mask``). Rewards are the environment's: minus
the points each seat takes in the hand (``--reward payoff``: the zero-sum
payoff). Env runners sample in Ray worker processes (``--runners``); the
learner runs in this process. Each iteration prints its time, player 0's
mean return and this process's peak memory.

The network is an MLP with ReLU after every hidden layer (``--hidden``
units, two layers, shared by the policy and value heads) and a linear
policy head: the shape of the ``rl-policy`` bot's network, so the trained
policy exports exactly to its ``.npz`` format (``--export PATH``, or
:func:`export_checkpoint` on a checkpoint written with ``--checkpoint``).

    python examples/rllib_ppo.py --iterations 20                 # a local Ray instance on this machine
    python examples/rllib_ppo.py --ray HOST:PORT --runners 8     # on a cluster
    python examples/rllib_ppo.py --variant cancellation --players 8 --iterations 5
    python examples/rllib_ppo.py --batch 256 --minibatch 64 --iterations 2 --export ppo_policy.npz
    hearts arena --bots rl-policy:file=ppo_policy.npz,random,random,random --hands 100
"""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

import gymnasium as gym
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from hearts.core import Rules
from hearts.rl import env as hearts_env
from hearts.rl.policy import Policy

POLICY = "shared"


class HeartsMultiAgentEnv(MultiAgentEnv):
    """:func:`hearts.rl.env` as an RLlib multi-agent environment: one agent per seat, turn by turn."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        self.inner = PettingZooEnv(hearts_env(**config))
        self.agents = self.possible_agents = list(self.inner.possible_agents)
        self._seed: int | None = config.get("seed") if isinstance(config.get("seed"), int) else None
        space = self.inner.observation_spaces[self.agents[0]]["observation"]
        one = gym.spaces.Dict({"observations": space, "action_mask": gym.spaces.Box(0.0, 1.0, (52,), np.float32)})
        self.observation_spaces = {a: one for a in self.agents}
        self.action_spaces = {a: self.inner.action_spaces[a] for a in self.agents}
        self.observation_space = gym.spaces.Dict(self.observation_spaces)
        self.action_space = gym.spaces.Dict(self.action_spaces)

    @staticmethod
    def _obs(obs: dict[str, Any]) -> dict[str, Any]:
        return {a: {"observations": o["observation"], "action_mask": o["action_mask"].astype(np.float32)} for a, o in obs.items()}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, infos = self.inner.reset(seed=seed, options=options)
        return self._obs(obs), infos

    def step(self, action: dict[str, Any]) -> tuple[Any, ...]:
        obs, rewards, terminated, truncated, infos = self.inner.step({a: int(c) for a, c in action.items()})
        return self._obs(obs), rewards, terminated, truncated, infos


def config(
    variant: str = "standard",
    players: int = 4,
    *,
    reward: str = "points",
    runners: int = 1,
    batch: int = 4000,
    minibatch: int = 500,
    epochs: int = 4,
    hidden: int = 256,
    seed: int = 1,
) -> Any:
    """The PPO configuration: one shared action-masking policy for every seat."""
    if minibatch < 1 or minibatch > batch:
        raise ValueError(f"the minibatch must be between 1 and the batch ({batch}), not {minibatch}")
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    return (
        PPOConfig()
        # RLlib's env check steps a random card, which the environment refuses unless it is legal
        .environment(HeartsMultiAgentEnv, env_config={"variant": variant, "players": players, "reward": reward}, disable_env_checking=True)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, *args, **kwargs: POLICY)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    POLICY: RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config=model_config(hidden),
                    )
                }
            )
        )
        .env_runners(num_env_runners=runners, num_envs_per_env_runner=1, num_cpus_per_env_runner=1)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=batch, minibatch_size=minibatch, num_epochs=epochs, lr=3e-4, gamma=1.0)
        .debugging(seed=seed)
    )


def model_config(hidden: int) -> dict[str, Any]:
    """Two ReLU layers of ``hidden`` units (shared by both heads), then a linear policy head: exportable to ``rl-policy``."""
    return {"fcnet_hiddens": [hidden, hidden], "fcnet_activation": "relu", "head_fcnet_hiddens": [], "vf_share_layers": True}


def export_module(module: Any, rules: Rules) -> Policy:
    """The ``rl-policy`` bot's :class:`~hearts.rl.policy.Policy` of a trained RLlib module (its encoder and policy head).

    RLlib's torch ``Linear`` layers hold ``(out, in)`` weights; the policy's are ``(in, out)``.
    """
    state = module.get_state()
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    for prefix in ("encoder.", "pi."):
        names = sorted((k for k in state if k.startswith(prefix) and k.endswith(".weight")), key=lambda k: int(k.split(".")[-2]))
        for name in names:
            weight = np.asarray(state[name], dtype=np.float32)
            bias = np.asarray(state[name[: -len("weight")] + "bias"], dtype=np.float32)
            layers.append((weight.T.copy(), bias))
    if not layers or layers[-1][0].shape[1] != 52:
        raise ValueError("not an action-masking PPO module of this example (no layers, or not 52 outputs)")
    policy = Policy([w for w, _ in layers], [b for _, b in layers], rules.variant, rules.players)
    policy.check_fits(rules)
    return policy


def export_checkpoint(checkpoint: str, rules: Rules, out: str) -> Policy:
    """Write the shared policy of an algorithm checkpoint (``algo.save``) as an ``rl-policy`` file ``out``."""
    from pathlib import Path

    from ray.rllib.core.rl_module.rl_module import RLModule

    module = RLModule.from_checkpoint(Path(checkpoint) / "learner_group" / "learner" / "rl_module" / POLICY)
    policy = export_module(module, rules)
    policy.save(out)
    return policy


def peak_rss_mb() -> float:
    """This process's peak resident memory, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--reward", default="points", choices=["points", "payoff"])
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--runners", type=int, default=1, help="env runner processes (0: sample in this process)")
    parser.add_argument("--batch", type=int, default=4000, help="environment steps per training iteration")
    parser.add_argument("--minibatch", type=int, default=None, help="SGD minibatch (default: 500, or the batch if smaller)")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each batch")
    parser.add_argument("--hidden", type=int, default=256, help="units in each of the two hidden layers")
    parser.add_argument("--checkpoint", default=None, metavar="DIR", help="save the algorithm here at the end")
    parser.add_argument("--export", default=None, metavar="PATH", help="write the trained policy as an rl-policy .npz file")
    parser.add_argument("--ray", default="local", metavar="ADDRESS", help="local (start Ray here, the default) or a cluster's address")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    minibatch = args.minibatch if args.minibatch is not None else min(500, args.batch)
    try:
        setup = config(
            args.variant,
            args.players,
            reward=args.reward,
            runners=args.runners,
            batch=args.batch,
            minibatch=minibatch,
            epochs=args.epochs,
            hidden=args.hidden,
            seed=args.seed,
        )
    except ValueError as err:
        parser.error(str(err))

    import ray

    ray.init(**({} if args.ray == "local" else {"address": args.ray}), include_dashboard=False)
    algo = setup.build_algo()
    try:
        for i in range(args.iterations):
            start = time.perf_counter()
            result = algo.train()
            runners = result.get("env_runners", {})
            mean = runners.get("agent_episode_returns_mean", {}).get("player_0", float("nan"))
            steps = runners.get("num_env_steps_sampled", 0)
            print(
                f"iteration {i + 1}: {time.perf_counter() - start:.1f} s, {steps} env steps, "
                f"player_0's mean return {mean:.2f} (minus points per hand), peak memory here {peak_rss_mb():.0f} MB"
            )
        if args.checkpoint:
            print(f"checkpoint saved in {algo.save(args.checkpoint).checkpoint.path}")
        if args.export:
            export_module(algo.get_module(POLICY), Rules(variant=args.variant, players=args.players)).save(args.export)
            print(f"policy exported to {args.export} (play it with the bot rl-policy:file={args.export})")
    finally:
        algo.stop()
        ray.shutdown()


if __name__ == "__main__":
    main()
