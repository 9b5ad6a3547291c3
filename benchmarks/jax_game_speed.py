"""Steps per second of ``hearts.vecjax.make``'s functional API, vmapped at batch B, against OpenSpiel's C++ ``hearts`` in one run.

A *step* is one decision of one game (a passing pick or a card played), as
in ``vec_speed.py``. Measured, 4-player Hearts, random legal cards:

- ``functional``: ``jax.jit(jax.vmap(game.step))`` on B hands dealt by
  ``jax.jit(jax.vmap(game.init))``, stepped until every hand is over (64
  steps; a hand without passing is over after 52, and its steps after that
  are not counted), then dealt again; the step computes the new mask and
  the acting seat's observation, as pgx's API has it. The random card is a
  second jitted call (the legal card with the largest uniform draw).
- ``batched``: the same loop over ``JaxHearts`` (one batched kernel, no
  vmap): step, legal mask and the acting seats' observations in one call.
- ``pgx``: with ``--pgx``, the same loop over ``PgxHearts`` (pgx's ``Env.step``).
- ``openspiel``: C++ ``hearts`` through pyspiel, one state at a time
  (``vec_speed.openspiel_rates``).

    PYTHONPATH=src python benchmarks/jax_game_speed.py [--batch 4096] [--seconds 5] [--pgx] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vec_speed import Clock, openspiel_rates  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.vecjax import JaxHearts, make  # noqa: E402
from hearts.vecjax import step as kernel  # noqa: E402
from hearts.vecjax.observe import observe  # noqa: E402

HAND = 64  # steps of a hand with passing: enough for every hand to end


@jax.jit
def pick(mask: jax.Array, key: jax.Array) -> jax.Array:
    """A legal card per game: the one with the largest uniform draw."""
    return jnp.argmax(jnp.where(mask, jax.random.uniform(key, mask.shape), -1.0), axis=1).astype(jnp.int32)


def rate(
    deal: Callable[[jax.Array], Any],
    step: Callable[[Any, jax.Array], Any],
    live: Callable[[Any], jax.Array],
    mask: Callable[[Any], jax.Array],
    seconds: float,
) -> dict[str, float]:
    """Hands dealt by ``deal(key)`` and stepped ``HAND`` times with random legal cards, for about ``seconds``."""
    count = jax.jit(lambda s, total: total + live(s).sum(dtype=jnp.int32))
    keys = list(jax.random.split(jax.random.key(1), 4096))
    clock = Clock()
    state = step(deal(keys[0]), pick(mask(deal(keys[0])), keys[1]))
    jax.block_until_ready(count(state, jnp.int32(0)))
    compile_s = clock.elapsed()[0]
    clock, total, i = Clock(), jnp.int32(0), 0
    while clock.elapsed()[0] < seconds:
        state = deal(keys[i % 4096])
        for _ in range(HAND):
            i += 1
            total = count(state, total)
            state = step(state, pick(mask(state), keys[i % 4096]))
        jax.block_until_ready(state)
    wall, cpu = clock.elapsed()
    steps = int(total)
    return {"steps": steps, "per_wall_s": steps / wall, "per_cpu_s": steps / cpu, "compile_s": compile_s}


def functional(batch: int, seconds: float, env: Any = None) -> dict[str, float]:
    game = env or make(Rules.standard(4))
    init, step = jax.jit(jax.vmap(game.init)), jax.jit(jax.vmap(game.step))
    return rate(
        lambda key: init(jax.random.split(key, batch)),
        step,
        lambda s: ~s.terminated,
        lambda s: s.legal_action_mask,
        seconds,
    )


def batched(batch: int, seconds: float) -> dict[str, float]:
    env = JaxHearts(Rules.standard(4), batch)
    cfg = env.cfg

    @jax.jit
    def step(carry: tuple[Any, ...], actions: jax.Array) -> tuple[Any, ...]:
        s, _ = kernel.step(cfg, carry[0], actions)
        return s, kernel.legal(cfg, s), observe(cfg, s, s.to_act)

    @jax.jit
    def deal(key: jax.Array) -> tuple[Any, ...]:
        s = env._reset(key)
        return s, kernel.legal(cfg, s), observe(cfg, s, s.to_act)

    return rate(deal, step, lambda c: c[0].phase != 3, lambda c: c[1], seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("--pgx", action="store_true", help="also measure PgxHearts (needs the pgx extra)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict[str, Any] = {
        "batch": args.batch,
        "seconds": args.seconds,
        "jax": jax.__version__,
        "device": str(jax.devices()[0]),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    runs = {"functional": functional(args.batch, args.seconds), "batched": batched(args.batch, args.seconds)}
    if args.pgx:
        from hearts.vecjax.pgx_env import PgxHearts

        runs["pgx"] = functional(args.batch, args.seconds, PgxHearts(Rules.standard(4)))
    for name, run in runs.items():
        out[name] = {k: round(v, 1) if k == "compile_s" else round(v) for k, v in run.items()}
    spiel = openspiel_rates(args.seconds)
    if spiel is not None:
        out["openspiel_hearts"] = {k: round(v) for k, v in spiel.items()}
        out["ratio_per_cpu_s_vs_openspiel"] = {name: round(run["per_cpu_s"] / spiel["steps_per_cpu_s"], 2) for name, run in runs.items()}
    out["functional_over_batched_per_cpu_s"] = round(runs["functional"]["per_cpu_s"] / runs["batched"]["per_cpu_s"], 2)
    print(json.dumps(out, indent=2) if args.json else "\n".join(f"{k:36} {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
