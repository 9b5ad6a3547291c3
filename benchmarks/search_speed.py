"""Speed and strength of the ``search`` bot.

Speed: ms per decision (mean, max) for a spec in 4-player standard, 8- and
11-player Cancellation Hearts, with simulations per second::

    python benchmarks/search_speed.py speed [--spec search] [--decisions 30]

Strength: a spec against ``heuristic`` in 4-player standard Hearts, line-up
``A,heuristic,heuristic,heuristic`` over duplicate deals, each deal played
once per rotation (so A sits in every seat)::

    python benchmarks/search_speed.py strength --spec search:sims=400 --deals 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hearts.bots import make_bot
from hearts.bots.search import SearchBot
from hearts.core import Hand, Rules, random_deal

VARIANTS = [("standard", 4), ("cancellation", 8), ("cancellation", 11)]


def speed(spec: str, decisions: int, seed: int) -> None:
    """Play hands with search at every seat; time each searched decision."""
    print(f"spec {spec!r}")
    for variant, players in VARIANTS:
        rules = Rules(variant=variant, players=players)
        bot = make_bot(spec, seed=seed)
        assert isinstance(bot, SearchBot)
        times: list[float] = []
        sims = 0
        rng = random.Random(seed)
        number = 1
        while len(times) < decisions:
            hand = Hand.from_seed(rules, rng, number=number)
            number += 1
            while hand.phase != "done" and len(times) < decisions:
                for seat in hand.seats_to_act():
                    view = hand.view(seat)
                    t = time.perf_counter()
                    action = bot.act(view)
                    dt = time.perf_counter() - t
                    if view.phase == "play" and len(view.legal) > 1:
                        times.append(dt)
                        sims += bot.last_sims
                    hand.apply(action)
        bot.close()
        total = sum(times)
        print(f"{variant:12} {players:2}p: {1000 * statistics.mean(times):6.0f} ms/decision mean, {1000 * max(times):6.0f} max, "
              f"{sims / total:7.0f} sims/s, {sims / len(times):6.0f} sims/decision ({len(times)} decisions)")


def strength(spec: str, other: str, deals: int, seed: int) -> None:
    """Duplicate deals, 4 rotations each: mean points per hand of ``spec`` and ``other`` with standard errors."""
    rules = Rules.standard(4)
    rng = random.Random(seed)
    a_pts: list[float] = []
    b_pts: list[float] = []
    diffs: list[float] = []
    decision_time = 0.0
    decisions = 0
    for d in range(deals):
        hands, kitty = random_deal(rules, rng)
        number = d % 4 + 1
        for rot in range(4):
            bots = [make_bot(other, seed=seed + 10 * s) for s in range(4)]
            a = make_bot(spec, seed=seed + d)
            bots[rot] = a
            hand = Hand(rules, hands, kitty, number=number)
            while hand.phase != "done":
                for seat in hand.seats_to_act():
                    t = time.perf_counter()
                    action = bots[seat].act(hand.view(seat))
                    if seat == rot:
                        decision_time += time.perf_counter() - t
                        decisions += 1
                    hand.apply(action)
            if isinstance(a, SearchBot):
                a.close()
            assert hand.points is not None
            pts = hand.points
            others = [pts[s] for s in range(4) if s != rot]
            a_pts.append(pts[rot])
            b_pts.append(statistics.mean(others))
            diffs.append(statistics.mean(others) - pts[rot])
        if (d + 1) % 10 == 0:
            print(f"  {d + 1} deals: payoff so far {statistics.mean(diffs):+.2f}", flush=True)
    n = len(diffs)

    def se(xs: list[float]) -> float:
        # per deal (the 4 rotations of one deal are not independent)
        per_deal = [statistics.mean(xs[i:i + 4]) for i in range(0, len(xs), 4)]
        return statistics.stdev(per_deal) / len(per_deal) ** 0.5

    print(f"{spec}: {statistics.mean(a_pts):.2f} points/hand (se {se(a_pts):.2f}); {other}: {statistics.mean(b_pts):.2f} "
          f"(se {se(b_pts):.2f}); margin {statistics.mean(diffs):+.2f} (se {se(diffs):.2f}) over {n} hands; "
          f"{1000 * decision_time / max(1, decisions):.0f} ms per {spec} decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["speed", "strength"])
    parser.add_argument("--spec", default="search")
    parser.add_argument("--other", default="heuristic")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.mode == "speed":
        speed(args.spec, args.decisions, args.seed)
    else:
        strength(args.spec, args.other, args.deals, args.seed)


if __name__ == "__main__":
    main()
