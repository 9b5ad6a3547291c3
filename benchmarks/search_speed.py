"""Speed and strength of the ``search`` bot.

Speed: ms per decision (mean, max) for a spec in 4-player standard, 8- and
11-player Cancellation Hearts, with simulations per second::

    python benchmarks/search_speed.py speed [--spec search] [--decisions 30]

Playouts: the fused playouts (:mod:`hearts.bots.fast_playout`) against the
engine's (clone, play, :func:`~hearts.bots.playout.playout`) on the same
sampled worlds, by how far the hand has gone, in 4-player standard and
8-player Cancellation Hearts; they must agree::

    python benchmarks/search_speed.py playouts [--worlds 300]

Worlds: building the worlds of one view from a template made once
(:class:`~hearts.core.worlds.WorldMaker`, as the search does) against
:meth:`~hearts.core.Hand.world` for each, on the same sampled hands, by how
far the hand has gone; they must agree::

    python benchmarks/search_speed.py worlds [--worlds 300]

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
from collections.abc import Callable
from typing import TypeVar

from hearts.bots import make_bot
from hearts.bots.fast_playout import fast_playout
from hearts.bots.heuristic_rollout import rollout_card
from hearts.bots.playout import playout
from hearts.bots.sampler import WorldSampler
from hearts.bots.search import SearchBot
from hearts.core import Card, Hand, Rules, SeatView, random_deal
from hearts.core.worlds import WorldMaker

T = TypeVar("T")

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
        print(
            f"{variant:12} {players:2}p: {1000 * statistics.mean(times):6.0f} ms/decision mean, {1000 * max(times):6.0f} max, "
            f"{sims / total:7.0f} sims/s, {sims / len(times):6.0f} sims/decision ({len(times)} decisions)"
        )


def by_third(rules: Rules, seed: int, count: int, keep: Callable[[SeatView, random.Random], T]) -> dict[str, list[T]]:
    """``count`` items in each third of a hand, by the third's name: ``keep(view, rng)`` of the seat to move at
    plays picked at random (one in four) from hands that the heuristic plays from ``seed``."""
    rng = random.Random(seed)
    total = rules.cards_each * rules.players
    edges = [0, total // 3, 2 * total // 3, total]
    names = [f"plays {a}-{b - 1}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    buckets: dict[str, list[T]] = {name: [] for name in names}
    policy = make_bot("heuristic", seed=seed)
    while min(len(b) for b in buckets.values()) < count:
        hand = Hand.from_seed(rules, rng, number=rng.randint(1, 4))
        while hand.phase == "pass":
            for s in hand.seats_to_act():
                hand.apply(policy.act(hand.view(s)))
        plays = 0
        while hand.phase == "play":
            name = names[sum(plays >= e for e in edges[1:3])]
            if len(buckets[name]) < count and rng.random() < 0.25:
                buckets[name].append(keep(hand.view(hand.to_move), rng))
            hand.apply(policy.act(hand.view(hand.to_move)))
            plays += 1
    return buckets


def _world_and_card(view: SeatView, rng: random.Random) -> tuple[Hand, int]:
    hands, kitty = WorldSampler(view).sample(rng)
    world = Hand.world(view, hands, kitty)
    return world, rng.choice(world.legal_cards())


def playouts(worlds: int, seed: int) -> None:
    """Playouts a second, fused and engine, on the same worlds in each third of a hand (4-player standard
    Hearts as ``mc:128`` plays it, and 8-player Cancellation Hearts)."""
    print(f"{'variant':16} {'position':12} {'fused/s':>9} {'engine/s':>9} {'speed-up':>8}")
    for rules in (Rules(queen_breaks_hearts=False, moon="add"), Rules.cancellation(8)):
        buckets = by_third(rules, seed, worlds, _world_and_card)
        label = f"{rules.variant} {rules.players}p"
        for name, cases in buckets.items():
            t_fast = t_slow = float("inf")  # the best of three, taken in turns, so a busy moment hurts neither side
            for _ in range(3):
                t = time.perf_counter()
                fast = [fast_playout(w, c) for w, c in cases]
                t_fast = min(t_fast, time.perf_counter() - t)
                t = time.perf_counter()
                slow = []
                for w, c in cases:
                    x = w.clone()
                    x.play(c)
                    slow.append((playout(x, rollout_card), x.shooter))
                t_slow = min(t_slow, time.perf_counter() - t)
            assert fast == slow, "the fused playouts disagree with the engine's"
            print(f"{label:16} {name:12} {len(cases) / t_fast:9.0f} {len(cases) / t_slow:9.0f} {t_slow / t_fast:7.2f}x")


def worlds_built(worlds: int, seed: int, positions: int = 20) -> None:
    """Worlds a second built from a template (``WorldMaker``) and one by one (``Hand.world``), on the same
    sampled hands of ``positions`` views in each third of a hand (4-player Hearts, 8- and 11-player
    Cancellation Hearts, whose kitty makes the template build each world whole once a trick is played)."""
    print(f"{'variant':16} {'position':12} {'template/s':>10} {'each/s':>9} {'speed-up':>8}")
    per = max(1, worlds // positions)

    def sampled(view: SeatView, rng: random.Random) -> tuple[SeatView, list[tuple[list[list[Card]], list[Card]]]]:
        sampler = WorldSampler(view)
        return view, [sampler.sample(rng) for _ in range(per)]

    for rules in (Rules(queen_breaks_hearts=False, moon="add"), Rules.cancellation(8), Rules.cancellation(11)):
        buckets = by_third(rules, seed, positions, sampled)
        label = f"{rules.variant} {rules.players}p"
        for name, cases in buckets.items():
            count = sum(len(samples) for _, samples in cases)
            t_made = t_each = float("inf")  # the best of three, taken in turns
            for _ in range(3):
                t = time.perf_counter()
                made = []
                for view, samples in cases:
                    make = WorldMaker(view)
                    made += [make(hands, kitty) for hands, kitty in samples]
                t_made = min(t_made, time.perf_counter() - t)
                t = time.perf_counter()
                each = [Hand.world(view, hands, kitty) for view, samples in cases for hands, kitty in samples]
                t_each = min(t_each, time.perf_counter() - t)
            assert all(
                a.lo == b.lo and a.points_taken == b.points_taken and a.legal_mask() == b.legal_mask() and a.deal == b.deal
                for a, b in zip(made, each, strict=True)
            ), "the worlds differ"
            print(f"{label:16} {name:12} {count / t_made:10.0f} {count / t_each:9.0f} {t_each / t_made:7.2f}x")


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
        per_deal = [statistics.mean(xs[i : i + 4]) for i in range(0, len(xs), 4)]
        return statistics.stdev(per_deal) / len(per_deal) ** 0.5

    print(
        f"{spec}: {statistics.mean(a_pts):.2f} points/hand (se {se(a_pts):.2f}); {other}: {statistics.mean(b_pts):.2f} "
        f"(se {se(b_pts):.2f}); margin {statistics.mean(diffs):+.2f} (se {se(diffs):.2f}) over {n} hands; "
        f"{1000 * decision_time / max(1, decisions):.0f} ms per {spec} decision"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["speed", "playouts", "worlds", "strength"])
    parser.add_argument("--spec", default="search")
    parser.add_argument("--other", default="heuristic")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=300, help="playouts, worlds: worlds per position bucket")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.mode == "speed":
        speed(args.spec, args.decisions, args.seed)
    elif args.mode == "playouts":
        playouts(args.worlds, args.seed)
    elif args.mode == "worlds":
        worlds_built(args.worlds, args.seed)
    else:
        strength(args.spec, args.other, args.deals, args.seed)


if __name__ == "__main__":
    main()
