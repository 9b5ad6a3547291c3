"""Milliseconds a decision of the ``net`` bot in every variant and player count, on one core.

For each table shape the bot plays whole hands (four copies of it at the
table) and every decision is timed: the mean and p99 over play decisions and
over passes (a pass is three forward passes). Shapes with a shipped model use
it; the others use a model of the same sizes with random weights (the time
depends only on the sizes). Pins NumPy's BLAS to one thread first::

    python benchmarks/net_speed.py [--hands 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from hearts.core import Hand, Rules  # noqa: E402
from hearts.net import ModelError, NetBot, NetModel, load_shipped  # noqa: E402

SHAPES = [Rules.standard(n) for n in range(3, 8)] + [Rules.cancellation(n) for n in range(6, 12)] + [Rules.omnibus(4)]


def model_for(rules: Rules) -> tuple[NetModel, str]:
    try:
        return load_shipped(rules), "shipped"
    except ModelError:
        return NetModel.init(rules, seed=1), "random weights, shipped sizes"


def measure(rules: Rules, hands: int) -> dict[str, object]:
    model, kind = model_for(rules)
    bot = NetBot(model)
    plays: list[float] = []
    passes: list[float] = []
    for seed in range(hands):
        hand = Hand.from_seed(rules, seed, number=seed % 2 + 1)
        while hand.phase != "done":
            for seat in hand.seats_to_act():
                view = hand.view(seat)
                start = time.perf_counter()
                action = bot.act(view)
                took = (time.perf_counter() - start) * 1000
                (passes if view.phase == "pass" else plays).append(took)
                hand.apply(action)
    return {
        "variant": rules.variant,
        "players": rules.players,
        "model": kind,
        "play_ms_mean": round(float(np.mean(plays)), 3),
        "play_ms_p99": round(float(np.percentile(plays, 99)), 3),
        "pass_ms_mean": round(float(np.mean(passes)), 3) if passes else None,
        "decisions": len(plays) + len(passes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(rules, args.hands) for rules in SHAPES]
    if args.json:
        print(json.dumps({"hands": args.hands, "shapes": rows}, indent=2))
        return
    print(f"{'table':<16} {'model':<32} {'play ms':>8} {'p99':>7} {'pass ms':>8}")
    for r in rows:
        print(
            f"{r['variant']} {r['players']:<{15 - len(str(r['variant']))}} {r['model']:<32} {r['play_ms_mean']:>8} "
            f"{r['play_ms_p99']:>7} {r['pass_ms_mean'] if r['pass_ms_mean'] is not None else '-':>8}"
        )


if __name__ == "__main__":
    main()
