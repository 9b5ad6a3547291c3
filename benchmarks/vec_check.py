"""The differential check of ``hearts.vec`` at volume: N random games per table played in step with the reference engine.

Each table's games are played in batches of 500 (seeds ``SEED + k`` for
the batch starting at game ``k``) through the differential check
(``tests/vec/differential.py``), without the observations (the tests
compare those): every acting seat and
legal mask, every trick winner, every hand's points, shooter and rewards;
every game replayed through the engine and the games numbered 1 replayed
as hearts-record/1 records. A difference stops the run with the game.

    PYTHONPATH=src python benchmarks/vec_check.py --tables standard-4,cancellation-8 --games 100000 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from hearts.core import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "vec"))  # the differential checker
from differential import check  # noqa: E402 (tests/vec/differential.py)

BATCH = 500


def table(name: str) -> Rules:
    """``variant-players``, e.g. ``standard-4``, ``omnibus-4``, ``cancellation-8``."""
    variant, _, players = name.partition("-")
    return Rules(variant=variant, players=int(players))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="standard-4", help="comma-separated variant-players (default standard-4)")
    parser.add_argument("--games", type=int, default=10000, help="games per table")
    parser.add_argument("--seed", type=int, default=200000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for name in args.tables.split(","):
        rules = table(name)
        start = time.perf_counter()
        games = steps = tricks = moons = records = set_aside = 0
        for k in range(0, args.games, BATCH):
            done = check(rules, min(BATCH, args.games - k), args.seed + k, observe=False)
            games, steps, tricks = games + done.games, steps + done.steps, tricks + done.tricks
            moons, records, set_aside = moons + done.moons, records + done.records, set_aside + done.set_aside
        row = {
            "table": name,
            "games": games,
            "steps": steps,
            "tricks": tricks,
            "set_aside": set_aside,
            "moons": moons,
            "records_replayed": records,
            "seed": args.seed,
            "seconds": round(time.perf_counter() - start, 1),
        }
        print(json.dumps(row) if args.json else "  ".join(f"{k} {v}" for k, v in row.items()), flush=True)


if __name__ == "__main__":
    main()
