"""Paired difference of two hearts-engine match runs on the same deals (line-up ``A,mc:128,A,mc:128``).

    python pair_match.py A.json B.json

Prints each run's payoff for A (the others' mean points minus its own, per seat-hand, averaged
per deal) and the mean difference A.json - B.json over the deals, each ± its standard error.
"""

from __future__ import annotations

import json
import statistics
import sys
from fractions import Fraction

from hearts.sim.arena_stats import paired_difference, standard_error


def per_deal(path: str) -> list[float]:
    """A's mean payoff in each deal: A sits where the seat's parity is the rotation's."""
    out = []
    for deal in json.load(open(path, encoding="utf-8"))["per_deal"]:
        values = []
        for table in deal["tables"]:
            for points in table["points"]:
                for s in range(4):
                    if s % 2 == table["rotation"] % 2:
                        values.append((sum(points) - points[s]) / 3 - points[s])
        out.append(statistics.mean(values))
    return out


def mean_se(xs: list[float]) -> str:
    return f"{statistics.fmean(xs):+.3f} ± {standard_error([Fraction(x) for x in xs]) or 0:.3f}"


def main() -> None:
    a, b = per_deal(sys.argv[1]), per_deal(sys.argv[2])
    if len(a) != len(b):
        sys.exit("the runs have different deal counts")
    diff, se = paired_difference(a, b)
    print(f"a: {mean_se(a)}\nb: {mean_se(b)}\na - b over {len(a)} deals, paired: {diff:+.3f} ± {se or 0:.3f}")


if __name__ == "__main__":
    main()
