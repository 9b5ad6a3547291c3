"""A hearts-engine match run's payoff for A (line-up ``A,mc:128,A,mc:128``) split by whose moon the hand was.

    python split.py RUN.json [RUN.json ...]

For each run: A's payoff a seat-hand from the hands in which one of A's seats shot the moon, from
those in which one of ``mc:128``'s seats did, and from the other hands (the three add up to A's
payoff), and the moons each side shot.
"""

from __future__ import annotations

import json
import sys


def split(path: str) -> dict[str, float]:
    totals = {"own_moons": 0.0, "their_moons": 0.0, "other_hands": 0.0}
    moons = {"moons_shot": 0, "moons_against": 0}
    seat_hands = 0
    for deal in json.load(open(path, encoding="utf-8"))["per_deal"]:
        for table in deal["tables"]:
            for points, shooter in zip(table["points"], table["shooters"], strict=True):
                mine = shooter is not None and shooter % 2 == table["rotation"] % 2
                if shooter is not None:
                    moons["moons_shot" if mine else "moons_against"] += 1
                for s in range(4):
                    if s % 2 != table["rotation"] % 2:
                        continue
                    seat_hands += 1
                    key = "other_hands" if shooter is None else "own_moons" if mine else "their_moons"
                    totals[key] += (sum(points) - points[s]) / 3 - points[s]
    return {**{k: round(v / seat_hands, 3) for k, v in totals.items()}, **moons}


def main() -> None:
    print(json.dumps({path: split(path) for path in sys.argv[1:]}, indent=1))


if __name__ == "__main__":
    main()
