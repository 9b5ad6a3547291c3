"""The paired difference of two bots' payoffs over the same duplicate deals, from match reports (arena JSON).

Each argument is a pair ``FIRST.json,SECOND.json`` of reports played on the same deals (the same seed and hand
count); the first bot of each report whose name starts with ``--bot`` (default ``net``) is compared, deal by deal.

    python benchmarks/paired_matches.py R/net-base-46003-vs-mc128.json,R/net-rank-46003-vs-mc128.json R/...46004...
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path


def per_deal(path: Path, prefix: str) -> list[float]:
    report = json.loads(path.read_text())
    bot = next(b for b in report["bots"] if b["name"].startswith(prefix))
    return [float(x) for x in bot["per_deal_payoff"]]


def mean_se(xs: list[float]) -> list[float]:
    m = sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) if len(xs) > 1 else math.nan
    return [round(m, 3), round(se, 3)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="+", help="FIRST.json,SECOND.json played on the same deals")
    parser.add_argument("--bot", default="net", help="the bot compared: the first whose name starts with this (default net)")
    args = parser.parse_args(argv)
    first: list[float] = []
    second: list[float] = []
    for pair in args.pairs:
        a, b = (Path(p) for p in pair.split(","))
        xs, ys = per_deal(a, args.bot), per_deal(b, args.bot)
        if len(xs) != len(ys):
            parser.error(f"{pair}: the reports hold {len(xs)} and {len(ys)} deals: not the same deals")
        first += xs
        second += ys
    out = {
        "deals": len(first),
        "first": mean_se(first),
        "second": mean_se(second),
        "second_minus_first": mean_se([y - x for x, y in zip(first, second, strict=True)]),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
