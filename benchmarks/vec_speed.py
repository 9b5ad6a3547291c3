"""Environment steps per second of ``hearts.vec`` (batch B) against OpenSpiel's C++ ``hearts``, in one run, one process.

A *step* is one decision of one game: a passing pick or a card played
(64 a hand with passing, 52 without), the unit of both. Measured:

- ``vec``: B 4-player hands stepped together (and, for scale, B hands of
  8-player Cancellation Hearts: ``vec_cancellation8``) (``VecHearts.step``), random
  legal cards drawn over the batch (``random_actions``), finished games
  dealt again at once (``reset_done``), so the batch stays full. Reported
  for the step alone, for the whole loop (step, random cards, resets), and
  for the loop with an observation of every acting seat: the float32
  vector (``observe``), or the same packed, the card segments as bitmasks
  (``observe_packed``, for a learner that unpacks on its accelerator).
- ``openspiel``: OpenSpiel's C++ ``hearts`` through pyspiel, driven from
  Python as a learner would drive it: one state, ``legal_actions`` (or
  ``chance_outcomes``), ``apply_action``, a hand at a time, random legal
  actions. Its steps count the decisions only (picks and cards: 64 or 52 a
  hand); the 53 chance nodes of the deal are extra work it does per hand.

Rates are per wall-clock second and per CPU second of this process
(``time.process_time``); on a shared machine the CPU rate is the per-core
figure. ``--check N`` first plays N games per table (standard 3-7,
Omnibus 4, Cancellation 6-11) through the differential check against the
reference engine (``tests/vec/differential.py``).

``--jax`` also measures the JAX backend (``hearts.vecjax``, the ``jax``
extra) on ``jax.devices()[0]``, B 4-player hands: the same loop (random
legal cards, step, finished games dealt again; steps counted as the active
games of each step), one jit-compiled call per function and step, with and
without the observation of every acting seat; and the same loop run
``--scan`` steps per call (``JaxHearts.play``, a ``lax.scan``). The
one-time compile seconds are reported apart (the first call of each
function: tracing, compiling and one run).

    PYTHONPATH=src python benchmarks/vec_speed.py [--batch 4096] [--seconds 5] [--check 1000] [--jax [--scan 16]] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from hearts.core import Rules
from hearts.openspiel.bridge import load_hearts, random_playout
from hearts.vec import VecHearts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "vec"))  # the differential checker
from differential import check  # noqa: E402 (tests/vec/differential.py)


class Clock:
    """Wall and CPU seconds since it was made."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def elapsed(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def vec_rates(batch: int, seconds: float, *, observe: str = "", seed: int = 1, rules: Rules | None = None) -> dict[str, float]:
    """Steps per second of the vec loop for about ``seconds`` (after a warm-up of 64 steps).

    ``observe``: "" (none), "dense" (``observe()``) or "packed" (``observe_packed()``) every step.
    """
    env = VecHearts(rules or Rules.standard(4), batch)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(64):
        env.step(env.random_actions(rng))
        env.reset_done()
    steps = 0
    step_wall = step_cpu = 0.0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        for _ in range(16):
            if observe == "dense":
                env.observe()
            elif observe == "packed":
                env.observe_packed()
            actions = env.random_actions(rng)
            active = int(batch - env.done.sum())
            w, c = time.perf_counter(), time.process_time()
            env.step(actions)
            step_wall += time.perf_counter() - w
            step_cpu += time.process_time() - c
            steps += active
            env.reset_done()
    wall, cpu = clock.elapsed()
    return {
        "steps": steps,
        "loop_per_wall_s": steps / wall,
        "loop_per_cpu_s": steps / cpu,
        "step_only_per_wall_s": steps / step_wall,
        "step_only_per_cpu_s": steps / max(step_cpu, 1e-9),
    }


def jax_rates(batch: int, seconds: float, *, observe: bool = False, scan: int = 0, seed: int = 1) -> dict[str, Any]:
    """Steps per second of ``hearts.vecjax``'s loop (4-player Hearts) for about ``seconds``, and its compile seconds.

    ``scan`` 0: one call per function and step (random cards, step, reset of
    the finished games, and with ``observe`` the observation of every acting
    seat); ``scan`` k: k such steps per call (``JaxHearts.play``).
    """
    import jax

    from hearts.vecjax import JaxHearts

    env = JaxHearts(Rules.standard(4), batch)
    keys = list(jax.random.split(jax.random.key(seed), 4096))  # made before the clock starts, cycled
    clock = Clock()
    state = env.reset(keys[0])
    if scan:
        state = env.play(state, keys[1], scan, observe=observe)[0]
    else:
        if observe:
            jax.block_until_ready(env.observe(state))
        state, _ = env.step(state, env.random_actions(state, keys[1]))
        state = env.reset_done(state, keys[2])
    jax.block_until_ready(state)
    compile_s = clock.elapsed()[0]
    count = jax.jit(lambda s, total: total + (s.phase != 3).sum())
    active = count(state, jax.numpy.zeros((), jax.numpy.int32))
    for i in range(64 // max(scan, 1)):  # warm-up
        state = (
            env.play(state, keys[i], scan, observe=observe)[0]
            if scan
            else env.reset_done(env.step(state, env.random_actions(state, keys[i]))[0], keys[-i])
        )
    jax.block_until_ready(state)
    active = active * 0
    clock = Clock()
    i = 0
    while clock.elapsed()[0] < seconds:
        for _ in range(16 // max(scan, 1) or 1):
            i += 2
            if scan:
                state, _, made, _ = env.play(state, keys[i % 4096], scan, observe=observe)
                active = active + made
            else:
                if observe:
                    env.observe(state)
                actions = env.random_actions(state, keys[i % 4096])
                active = count(state, active)
                state, _ = env.step(state, actions)
                state = env.reset_done(state, keys[(i + 1) % 4096])
        jax.block_until_ready(state)
    wall, cpu = clock.elapsed()
    steps = int(active)
    return {"steps": steps, "loop_per_wall_s": steps / wall, "loop_per_cpu_s": steps / cpu, "compile_s": compile_s}


def openspiel_rates(seconds: float, seed: int = 1) -> dict[str, float] | None:
    """Decision steps (and all states) per second of C++ ``hearts`` through pyspiel, random play."""
    game = load_hearts()
    if game is None:
        return None
    rng = random.Random(seed)
    hands = decisions = states = 0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        made, stepped = random_playout(game.new_initial_state(), rng)
        decisions += made
        states += stepped
        hands += 1
    wall, cpu = clock.elapsed()
    return {
        "hands": hands,
        "steps": decisions,
        "steps_per_wall_s": decisions / wall,
        "steps_per_cpu_s": decisions / cpu,
        "states_per_wall_s": states / wall,
    }


CHECKED = [
    Rules.standard(4),
    Rules.standard(3),
    Rules.standard(5),
    Rules.standard(6),
    Rules.standard(7),
    Rules.omnibus(4),
    *(Rules.cancellation(n) for n in range(6, 12)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("--check", type=int, default=0, metavar="N", help="first check N games per variant against the engine")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--jax", action="store_true", help="also measure the JAX backend (hearts.vecjax) on jax.devices()[0]")
    parser.add_argument("--scan", type=int, default=16, metavar="K", help="with --jax: steps per call of the scanned loop")
    args = parser.parse_args()
    out: dict[str, Any] = {
        "batch": args.batch,
        "seconds": args.seconds,
        "numpy": np.__version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
    }
    if args.check:
        checks: dict[str, Any] = {}
        for rules in CHECKED:
            clock = Clock()
            games = steps = moons = records = 0
            for k in range(0, args.check, 500):
                done = check(rules, min(500, args.check - k), seed=1000 + k, observe=False)
                games, steps, moons, records = games + done.games, steps + done.steps, moons + done.moons, records + done.records
            checks[f"{rules.variant}-{rules.players}"] = {
                "games": games,
                "steps": steps,
                "moons": moons,
                "records_replayed": records,
                "seconds": round(clock.elapsed()[0], 1),
            }
        out["check"] = checks
    out["vec"] = {k: round(v) for k, v in vec_rates(args.batch, args.seconds).items()}
    out["vec_with_observations"] = {k: round(v) for k, v in vec_rates(args.batch, args.seconds, observe="dense").items()}
    out["vec_with_packed_observations"] = {k: round(v) for k, v in vec_rates(args.batch, args.seconds, observe="packed").items()}
    cancellation = vec_rates(args.batch, args.seconds, rules=Rules.cancellation(8))
    out["vec_cancellation8"] = {k: round(v) for k, v in cancellation.items()}
    spiel = openspiel_rates(args.seconds)
    if spiel is not None:
        out["openspiel_hearts"] = {k: round(v) for k, v in spiel.items()}
        per = spiel["steps_per_cpu_s"]
        out["ratio_per_cpu_s"] = {
            "vec_loop": round(out["vec"]["loop_per_cpu_s"] / per, 1),
            "vec_step_only": round(out["vec"]["step_only_per_cpu_s"] / per, 1),
            "vec_with_observations": round(out["vec_with_observations"]["loop_per_cpu_s"] / per, 1),
            "vec_with_packed_observations": round(out["vec_with_packed_observations"]["loop_per_cpu_s"] / per, 1),
        }
    if args.jax:
        import jax

        runs = {
            "loop": jax_rates(args.batch, args.seconds),
            "loop_with_observations": jax_rates(args.batch, args.seconds, observe=True),
            f"scan{args.scan}": jax_rates(args.batch, args.seconds, scan=args.scan),
            f"scan{args.scan}_with_observations": jax_rates(args.batch, args.seconds, observe=True, scan=args.scan),
        }
        out["jax"] = {"jax": jax.__version__, "device": str(jax.devices()[0])}
        out["jax"].update({name: {k: round(v, 1) if k == "compile_s" else round(v) for k, v in run.items()} for name, run in runs.items()})
        numpy_loop, numpy_obs = out["vec"]["loop_per_cpu_s"], out["vec_with_observations"]["loop_per_cpu_s"]
        out["jax_over_numpy_per_cpu_s"] = {
            name: round(run["loop_per_cpu_s"] / (numpy_obs if "observations" in name else numpy_loop), 2) for name, run in runs.items()
        }
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
