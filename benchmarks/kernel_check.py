"""The search kernel's differential check at volume: compiled, interpreted and the engine agree on every world.

For each table, random views (``tests/bots/kernel_differential.py``:
passes and random plays, game scores half the time) are searched world by
world: the compiled kernels' outputs must equal the interpreted ones' to the
bit, and every number must equal the engine's own path (each card played
with ``Hand.play`` and the rollout policy to the end, the shoot line, the
policy's card, the weight from a replay of the hand). A table's line is
written to ``--out`` (JSON lines) as soon as it is done::

    python benchmarks/kernel_check.py --tables standard-4,cancellation-8 --worlds 100000 --out check.jsonl
    python benchmarks/kernel_check.py --worlds 2000 --no-engine   # compiled against interpreted only
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "bots"))  # the differential checker
from kernel_differential import TABLES, Tally, check_view, compiled_kernels, random_view  # noqa: E402

#: worlds searched in each view
PER_VIEW = 50


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default=",".join(TABLES))
    ap.add_argument("--worlds", type=int, default=10_000, help="worlds a table (default 10000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-engine", action="store_true", help="compare compiled and interpreted only")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    compiled, array = compiled_kernels()
    for name in args.tables.split(","):
        rules = TABLES[name]
        tally = Tally()
        started = time.monotonic()
        seed = args.seed * 1_000_003
        while tally.worlds < args.worlds:
            seed += 1
            view = random_view(rules, seed)
            if view is not None:
                check_view(view, seed, min(PER_VIEW, args.worlds - tally.worlds), tally, compiled, array, engine=not args.no_engine)
        line = {
            "table": name,
            "views": tally.views,
            "worlds": tally.worlds,
            "compared": tally.compared,
            "engine": not args.no_engine,
            "differences": len(tally.differences),
            "first_differences": tally.differences[:5],
            "seconds": round(time.monotonic() - started, 1),
            "command": " ".join(["python", "benchmarks/kernel_check.py", *sys.argv[1:]]),
        }
        print(json.dumps(line), flush=True)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")
        if tally.differences:
            sys.exit(1)


if __name__ == "__main__":
    main()
