"""``hearts serve`` at a human pace: N tables of 4 websocket clients, about one action a second per table.

Starts a local server subprocess (as benchmarks/server_load.py does: loopback,
``--bot-delay 0``, the per-client limits off since every client is this one
process), creates ``--tables`` 4-player tables, and has a client on every
seat that waits a think time (0.5 to 1.5 s, seeded) before each of its
actions, so a table moves about once a second (passes: the four seats at
once). After ``--warmup`` seconds (every client connected, every table
started) it measures, over ``--seconds`` of play: the actions, their latency
(sent -> ``ok``), and the server's CPU time per action::

    python benchmarks/server_realistic.py [--tables 50] [--seconds 60] [--warmup 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets
from server_load import NO_CLIENT_LIMITS, cpu_seconds, free_port, make_tables, percentile, stop, wait_ready

from hearts.server.client import choose


async def paced_seat(url: str, table: str, token: str, start: bool, seed: int, stop: float, out: dict[str, Any]) -> None:
    """Play one seat, thinking before each action, until ``stop`` (monotonic) or the game's end."""
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": token}))
        seat: int | None = None
        state: dict[str, Any] | None = None
        pending: asyncio.Task[None] | None = None
        sent_at: float | None = None
        acted_on = -1
        started = False

        async def act(message: dict[str, Any], think: float) -> None:
            nonlocal sent_at
            await asyncio.sleep(think)
            sent_at = time.perf_counter()
            await ws.send(json.dumps(message))

        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "welcome":
                seat = msg["seat"]
            elif msg["type"] == "ok" and sent_at is not None:
                out["latencies"].append(time.perf_counter() - sent_at)
                sent_at = None
            elif msg["type"] == "error":
                out["errors"].append(msg["code"])
                sent_at, acted_on = None, -1
            elif msg["type"] == "state":
                state = msg
            if state is None or seat is None or (pending is not None and not pending.done()) or sent_at is not None:
                continue
            if state["game_over"]:
                out["games_over"].add(table)
                break
            seq = state["seq"]
            table_info = state["table"]
            if start and not started and table_info["status"] == "waiting" and all(s["connected"] for s in table_info["seats"]):
                started = True
                pending = asyncio.create_task(act({"type": "start", "seq": seq}, 0.0))
            elif seat in state["turn"]["seats"] and seq != acted_on:
                action = choose(state, seat, rng)
                if action is not None:
                    acted_on = seq
                    pending = asyncio.create_task(act({**action, "seq": seq, "id": seq}, rng.uniform(0.5, 1.5)))
        if pending is not None:
            pending.cancel()


async def play(url: str, seats: list[tuple[str, int, str, bool]], warmup: float, seconds: float, pid: int) -> dict[str, Any]:
    """Play every seat for ``warmup + seconds``; the measure covers the last ``seconds`` (connections and starts are done)."""
    out: dict[str, Any] = {"latencies": [], "errors": [], "games_over": set()}
    stop = time.monotonic() + warmup + seconds

    async def mark() -> None:
        await asyncio.sleep(warmup)
        out["from"] = (time.monotonic(), cpu_seconds(pid), len(out["latencies"]))

    marker = asyncio.create_task(mark())
    tasks = [paced_seat(url, t, token, start, 1000 * i + s, stop, out) for i, (t, s, token, start) in enumerate(seats)]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    await marker
    out["to"] = (time.monotonic(), cpu_seconds(pid), len(out["latencies"]))
    out["failures"] = [repr(r)[:200] for r in results if isinstance(r, BaseException)]
    return out


def bench(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    with tempfile.TemporaryDirectory(prefix="hearts-real-") as tmp:
        log_path = Path(tmp) / "server.log"
        cmd = [sys.executable, "-m", "hearts", "serve", "--port", str(port), "--db", f"sqlite:///{tmp}/real.db"]
        cmd += ["--bot-delay", "0", "--grace", "60", "--log-level", "warning", *NO_CLIENT_LIMITS]
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
            try:
                wait_ready(base, proc, log_path)
                seats = make_tables(base, args.tables, 10_000)  # a target no game reaches in the time
                load0 = os.getloadavg()[0]
                out = asyncio.run(play(ws_url, seats, args.warmup, args.seconds, proc.pid))
                load1 = os.getloadavg()[0]
                errors_logged = log_path.read_text(errors="replace").count("Traceback")
            finally:
                stop(proc)
    (t0, cpu0, n0), (t1, cpu1, n1) = out["from"], out["to"]
    wall, cpu = t1 - t0, cpu1 - cpu0
    lat = sorted(out["latencies"][n0:n1])
    return {
        "tables": args.tables,
        "clients": len(seats),
        "seconds": round(wall, 1),
        "actions": len(lat),
        "actions_per_table_s": round(len(lat) / wall / args.tables, 2),
        "latency_ms": {k: round(1000 * percentile(lat, q), 1) for k, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "server_cpu_s": round(cpu, 2),
        "server_cpu_ms_per_action": round(1000 * cpu / len(lat), 2) if lat else None,
        "server_cpu_share": round(cpu / wall, 3),
        "errors": sorted(set(out["errors"])),
        "failures": out["failures"][:5],
        "tracebacks_logged": errors_logged,
        "cores": os.cpu_count(),
        "load_avg_1m": [round(load0, 2), round(load1, 2)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="4-player tables, every seat a client (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time of play measured (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before the measure starts (default 10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 3600:
        parser.error("--tables 1-1000, --seconds up to 3600")
    r = bench(args)
    if args.json:
        print(json.dumps(r))
        return
    lat = r["latency_ms"]
    print(f"{r['tables']} tables, {r['clients']} clients, {r['seconds']} s: {r['actions']} actions", end=" ")
    print(f"({r['actions_per_table_s']} a second per table)")
    print(f"latency ms: p50 {lat['p50']}, p90 {lat['p90']}, p99 {lat['p99']}, max {lat['max']}")
    print(
        f"server CPU {r['server_cpu_s']} s = {r['server_cpu_ms_per_action']} ms/action ({100 * r['server_cpu_share']:.0f} % of a core); "
        f"{r['cores']} cores, load average {r['load_avg_1m'][0]} -> {r['load_avg_1m'][1]}"
    )
    if r["errors"] or r["failures"] or r["tracebacks_logged"]:
        print(f"errors {r['errors']}, client failures {r['failures']}, tracebacks in the server log {r['tracebacks_logged']}")


if __name__ == "__main__":
    main()
