"""The ``net`` bot's forward pass in plain Python (:mod:`hearts.net.pure`) against NumPy's, on one core.

For each shipped model: the time to read the file with each backend, then
the milliseconds of a play decision (a view with two or more legal cards)
and of a pass (its picks, one trunk pass each) of ``NetBot`` over the same
views, taken from seeded hands the NumPy bot plays at every seat. Both bots
must choose the same cards (counted as ``disagreements``). Prints JSON::

    python benchmarks/net_pure_speed.py [--hands 6] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

from hearts.core import Hand, Rules, SeatView  # noqa: E402
from hearts.net.bot import NetBot  # noqa: E402
from hearts.net.meta import shipped_path  # noqa: E402
from hearts.net.model import NetModel  # noqa: E402
from hearts.net.pure import PureModel  # noqa: E402

SHAPES = [Rules.standard(4), Rules.cancellation(8)]


def positions(bot: NetBot, rules: Rules, hands: int, seed: int) -> tuple[list[SeatView], list[SeatView]]:
    """The pass views and the play views (two or more legal cards) of ``hands`` seeded hands ``bot`` plays at every seat."""
    passes: list[SeatView] = []
    plays: list[SeatView] = []
    for number in range(1, hands + 1):
        hand = Hand.from_seed(rules, seed * 1000 + number, number=number)
        if hand.phase == "pass":
            for seat in range(rules.players):
                view = hand.view(seat)
                passes.append(view)
                hand.pass_cards(seat, bot.pass_cards(view))
        while hand.phase == "play":
            view = hand.view(hand.to_move)
            if len(view.legal) > 1:
                plays.append(view)
            hand.play(bot.play_card(view))
    return passes, plays


def ms_each(decide: object, views: list[SeatView]) -> tuple[list[float], list[object]]:
    """Milliseconds of each call of ``decide`` (a bound method) on ``views``, and its answers."""
    times, answers = [], []
    for view in views:
        start = time.perf_counter()
        answers.append(decide(view))  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000.0)
    return times, answers


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "mean": round(statistics.fmean(times), 3),
        "median": round(statistics.median(times), 3),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
    }


def load_ms(load: object, path: object, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        load(path)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return round(best * 1000.0, 1)


def measure(rules: Rules, hands: int, seed: int) -> dict[str, object]:
    path = shipped_path(rules)
    numpy_model, pure_model = NetModel.load(path), PureModel.load(path)
    bots = {"numpy": NetBot(numpy_model), "pure": NetBot(pure_model)}
    passes, plays = positions(bots["numpy"], rules, hands, seed)
    out: dict[str, object] = {
        "table": f"{rules.variant}-{rules.players}",
        "play_decisions": len(plays),
        "passes": len(passes),
        "load_ms": {"numpy": load_ms(NetModel.load, path), "pure": load_ms(PureModel.load, path)},
    }
    answers: dict[str, list[object]] = {}
    for name, bot in bots.items():
        play_times, play_answers = ms_each(bot.play_card, plays)
        pass_times, pass_answers = ms_each(bot.pass_cards, passes)
        out[f"{name}_play_ms"], out[f"{name}_pass_ms"] = summary(play_times), summary(pass_times)
        answers[name] = play_answers + pass_answers
    out["disagreements"] = sum(a != b for a, b in zip(answers["numpy"], answers["pure"], strict=True))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6, help="hands per table shape (default 6)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "hands": args.hands,
        "seed": args.seed,
        "tables": [measure(rules, args.hands, args.seed) for rules in SHAPES],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
