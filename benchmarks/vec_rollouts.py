"""What ``hearts.vec`` buys rollouts: a policy network's decisions per second, one hand at a time against B at once.

The learner is the shipped ``rl-policy`` network (``examples/policy.npz``,
its most likely legal card) at seat 0 of 4-player Hearts; the other seats
are random bots or the same network. Compared, for about ``--seconds``
each, in one process:

- ``single``: :class:`hearts.rl.SingleAgentEnv` (the engine, one hand,
  the bots one by one), one forward pass per decision;
- ``vector``: :class:`hearts.rl.HeartsVectorEnv` (``hearts.vec``, B hands,
  the bots over the whole batch), one forward pass per B decisions.

Rates are the learner's decisions per CPU second of the process.

    PYTHONPATH=src python benchmarks/vec_rollouts.py [--batch 1024] [--seconds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from hearts.rl import HeartsVectorEnv, SingleAgentEnv
from hearts.rl.policy import Policy

POLICY = Path(__file__).resolve().parents[1] / "examples" / "policy.npz"


def single(policy: Policy, opponents: str, seconds: float) -> float:
    env = SingleAgentEnv(players=4, opponents=opponents)
    obs, _ = env.reset(seed=1)
    decisions, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        card = int(policy.greedy(obs["observation"][None], obs["action_mask"][None])[0])
        obs, _, done, _, _ = env.step(card)
        decisions += 1
        if done:
            obs, _ = env.reset()
    return decisions / (time.process_time() - cpu)


def vector(policy: Policy, opponents: str | Policy, batch: int, seconds: float) -> float:
    env = HeartsVectorEnv(batch, players=4, opponents=opponents)
    obs, _ = env.reset(seed=1)
    decisions, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        obs, *_ = env.step(policy.greedy(obs["observation"], obs["action_mask"]))
        decisions += batch
    return decisions / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    policy = Policy.load(POLICY)
    out: dict[str, Any] = {"batch": args.batch, "seconds": args.seconds, "policy": "examples/policy.npz"}
    for name, bots, spec in (("random", "random", "random"), ("policy", f"rl-policy:file={POLICY}", policy)):
        one = single(policy, bots, args.seconds)
        many = vector(policy, spec, args.batch, args.seconds)
        out[f"bots_{name}"] = {"single_per_cpu_s": round(one), "vector_per_cpu_s": round(many), "ratio": round(many / one, 1)}
    print(json.dumps(out, indent=2) if args.json else out)


if __name__ == "__main__":
    main()
