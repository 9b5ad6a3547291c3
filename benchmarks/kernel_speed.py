"""Time a decision of the search levels, on one core: the compiled kernels, the interpreted ones, or another checkout.

Every seat plays ``--spec`` (a level or a search spec) through whole hands;
each decision that searches (a pass, or a play with a choice) is timed in
CPU seconds of this process (``time.process_time``: one core, whatever else
the machine runs). Prints and writes (``--out``) median, p90, p99, mean and
max per table, passes and plays apart and together::

    python benchmarks/kernel_speed.py --spec hard --tables standard-4,cancellation-8,cancellation-11 --hands 4
    HEARTS_KERNELS=interpreted python benchmarks/kernel_speed.py --spec hard --hands 1
    PYTHONPATH=OLD/src python benchmarks/kernel_speed.py --spec hard --hands 1   # a checkout before the kernel

With the compiled kernels, the compile (or the cache load) is done and
timed before the first hand (``warm_seconds``).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hearts.bots import make_bot
from hearts.core import Game, Rules


def table(name: str) -> Rules:
    variant, players = name.rsplit("-", 1)
    return Rules(variant=variant, players=int(players))


def summary(times: list[float]) -> dict[str, float]:
    """Milliseconds: median, p90, p99, mean, max (and how many)."""
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)

    def q(p: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

    return {
        "decisions": len(times),
        "median_ms": q(0.5),
        "p90_ms": q(0.9),
        "p99_ms": q(0.99),
        "mean_ms": round(1000 * statistics.mean(times), 2),
        "max_ms": round(1000 * max(times), 2),
    }


def measure(spec: str, rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    bots = [make_bot(spec, seed=seed + s) for s in range(rules.players)]
    plays: list[float] = []
    passes: list[float] = []
    for k in range(hands):
        game = Game(rules, seed=seed + 1000 * k)
        hand = game.hand
        if hand.phase == "pass":
            for s in range(rules.players):
                view = game.view(s)
                t = time.process_time()
                cards = bots[s].pass_cards(view)
                passes.append(time.process_time() - t)
                game.pass_cards(s, cards)
        while hand.phase == "play":
            s = hand.to_move
            view = game.view(s)
            t = time.process_time()
            card = bots[s].play_card(view)
            dt = time.process_time() - t
            if len(view.legal) > 1:
                plays.append(dt)
            game.play(card)
    return {"plays": summary(plays), "passes": summary(passes), "all": summary(plays + passes)}


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", default="hard")
    ap.add_argument("--tables", default="standard-4,cancellation-8,cancellation-11")
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    kernels = "none"
    warm = 0.0
    try:
        from hearts.bots.kernel import runtime
    except ImportError:
        runtime = None  # a checkout from before the kernel
    if runtime is not None:
        t = time.monotonic()
        runtime.warm()
        warm = time.monotonic() - t
        kernels = "compiled" if runtime.status() == "ready" else "interpreted"
    out: dict[str, Any] = {
        "command": " ".join(["python", "benchmarks/kernel_speed.py", *sys.argv[1:]]),
        "commit": commit(),
        "python": platform.python_version(),
        "spec": args.spec,
        "kernels": kernels,
        "warm_seconds": round(warm, 2),
        "tables": {},
    }
    print(f"{args.spec}: kernels {kernels} (ready in {warm:.1f} s)")
    for name in args.tables.split(","):
        result = measure(args.spec, table(name), args.hands, args.seed)
        out["tables"][name] = result
        for part in ("plays", "passes", "all"):
            r = result[part]
            if r["decisions"]:
                print(
                    f"{name:16} {part:6} {r['decisions']:5} decisions: median {r['median_ms']:7.1f} ms, "
                    f"p90 {r['p90_ms']:7.1f}, p99 {r['p99_ms']:7.1f}, mean {r['mean_ms']:7.1f}, max {r['max_ms']:7.1f}"
                )
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
