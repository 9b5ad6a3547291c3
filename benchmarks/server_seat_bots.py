"""The server's bot pool, a fresh bot per decision against one bot per seat for the game (``BotPool.decide_seat``).

For each level of ``--levels`` and each way (``fresh``: ``BotPool.decide``, a
new bot for every decision, as the server did before; ``kept``:
``BotPool.decide_seat``, each seat's bot kept in its table's worker),
``--tables`` tables of four bots play ``--hands`` hands at once through one
pool of ``--bot-workers`` processes, every decision seeded as the server
seeds it. It reports decisions per second, each decision's wait (p50, p90)
and how many of the kept bots' decisions match the fresh bots' (the same
seeds: all of them for a bot without memory whose search is not cut by its
clock)::

    python benchmarks/server_seat_bots.py [--levels medium,hard] [--tables 4] [--hands 2] [--bot-workers 2] [--out FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import time
import zlib
from pathlib import Path
from typing import Any

from provenance import provenance

from hearts.bots.registry import LEVELS
from hearts.core import Action, Game, Rules
from hearts.server.botpool import BotPool


async def play(pool: BotPool, way: str, table: str, spec: str, hands: int, waits: list[float]) -> list[Action]:
    """``hands`` hands of four bots at ``table``; every action, in order."""
    game = Game(Rules.standard(4, target=10_000), seed=zlib.crc32(table.encode()))
    actions: list[Action] = []
    while not game.game_over and len(game.hands) <= hands:
        if game.needs_deal:
            game.start_hand()
            continue
        seat = game.seats_to_act()[0]
        seed = zlib.crc32(f"{table}/{len(actions)}/{seat}".encode())
        start = time.perf_counter()
        if way == "fresh":
            action = await pool.decide(spec, seed, game.view(seat))
        else:
            action = await pool.decide_seat(table, seat, spec, seed, game.view(seat))
        waits.append(time.perf_counter() - start)
        game.apply(action)
        actions.append(action)
    pool.drop(table)
    return actions


async def run(level: str, way: str, tables: int, hands: int, workers: int) -> tuple[dict[str, Any], list[list[Action]]]:
    pool = BotPool(workers)
    await pool.start()
    try:
        waits: list[float] = []
        start = time.perf_counter()
        games = await asyncio.gather(*(play(pool, way, f"bench-{level}-{t}", LEVELS[level], hands, waits) for t in range(tables)))
        seconds = time.perf_counter() - start
    finally:
        await pool.stop()
    waits.sort()
    row = {
        "level": level,
        "way": way,
        "decisions": len(waits),
        "seconds": round(seconds, 2),
        "decisions_per_s": round(len(waits) / seconds, 1),
        "wait_ms_p50": round(1000 * statistics.median(waits), 1),
        "wait_ms_p90": round(1000 * waits[int(0.9 * (len(waits) - 1))], 1),
    }
    return row, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows = []
    for level in args.levels.split(","):
        fresh, fresh_games = asyncio.run(run(level, "fresh", args.tables, args.hands, args.bot_workers))
        kept, kept_games = asyncio.run(run(level, "kept", args.tables, args.hands, args.bot_workers))
        # the same table, the same seeds: the games stay alike until a decision differs
        same = sum(a == b for f, k in zip(fresh_games, kept_games, strict=True) for a, b in zip(f, k, strict=False))
        kept["same_as_fresh"] = f"{same}/{min(fresh['decisions'], kept['decisions'])}"
        rows += [fresh, kept]
        for row in (fresh, kept):
            print(json.dumps(row))
    result = {
        "machine": {"python": platform.python_version(), "processor": platform.machine()},
        "settings": {"tables": args.tables, "hands": args.hands, "bot_workers": args.bot_workers},
        "rows": rows,
        "provenance": provenance(),
    }
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
