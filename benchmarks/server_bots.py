"""``hearts serve`` at its commonest table: one person and three house bots, the bots deciding in worker processes.

For each level of ``--levels``, starts a local server subprocess (as
benchmarks/server_load.py does: loopback, ``--bot-delay 0``, the per-client
limits off since every client is this one process; ``--bot-workers`` passed
on when given), creates ``--tables`` tables at that level, each with one
person (a websocket client that thinks 1 to 2 s, seeded, before each action,
and says ``ready`` at once after each hand) and three bots, and plays for
``--warmup`` + ``--seconds``. Over the last ``--seconds`` it measures:

- the bot wait as the person sees it: from the ``ok`` of the person's action
  to the state in which it is the person's turn again, or the hand has ended
  (0 when it is the person's turn at once);
- the person's action latency (sent -> ``ok``);
- the server's CPU seconds per hand: the server process and every process
  under it (the bot workers and their fork server), and the server process
  alone (the one that runs the event loop)::

    python benchmarks/server_bots.py [--tables 50] [--seconds 60] [--warmup 10] [--levels medium,hard]
        [--bot-workers N] [--bot-nice N] [--json]
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
from server_load import NO_CLIENT_LIMITS, cpu_seconds, free_port, http, percentile, stop, wait_ready

from hearts.bots.registry import LEVELS
from hearts.server.client import choose

#: a target no game reaches in the time
TARGET = 10_000


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process under it (from /proc; just ``pid`` where there is none)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else []:
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` and the processes under it (those alive now)."""
    return sum(cpu_seconds(p) for p in process_tree(pid))


async def person(url: str, table: str, token: str, seed: int, until: float, out: dict[str, Any]) -> None:
    """Play one seat at a person's pace until ``until`` (monotonic); samples go to ``out`` with their time."""
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": token}))
        seat: int | None = None
        state: dict[str, Any] | None = None
        thinking: asyncio.Task[None] | None = None
        sent: tuple[str, float] | None = None  # (id, when) of the action awaiting its ok
        waiting: tuple[float, int, int] | None = None  # (when, seq, hand number) of the ok the bot wait runs from
        acted_on, hand_seen, ready_for, started = -1, 0, -1, False

        async def act(message: dict[str, Any], think: float) -> None:
            nonlocal sent
            await asyncio.sleep(think)
            sent = (message["id"], time.perf_counter())
            await ws.send(json.dumps(message))

        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, until - time.monotonic()))
            except TimeoutError:
                break
            now = time.perf_counter()
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "welcome":
                seat = msg["seat"]
            elif kind == "state":
                state = msg
            elif kind == "ok" and sent is not None and msg.get("id") == sent[0]:
                out["latencies"].append((now, now - sent[1]))
                hand = state["hand"] if state is not None else None
                waiting, sent = (now, msg["seq"], hand["number"] if hand else 0), None
            elif kind == "error":
                out["errors"].append(msg["code"])
                if sent is not None and msg.get("id") == sent[0]:
                    sent, acted_on = None, -1
            if state is None or seat is None:
                continue
            hand = state["hand"]
            number = hand["number"] if hand is not None else 0
            if number > hand_seen:
                if hand_seen:
                    out["hands"].append(now)
                hand_seen = number
            mine = seat in state["turn"]["seats"]
            if waiting is not None and state["seq"] >= waiting[1] and (mine or number != waiting[2]):
                out["waits"].append((now, now - waiting[0]))
                waiting = None
            review = state["turn"]["review"]
            if review is not None and seat not in review["ready"] and ready_for != number:
                ready_for = number  # the score sheet: read at once
                await ws.send(json.dumps({"type": "ready", "id": f"ready-{number}"}))
            if (thinking is not None and not thinking.done()) or sent is not None:
                continue
            seq = state["seq"]
            if not started and state["table"]["status"] == "waiting":
                started = True
                await ws.send(json.dumps({"type": "start", "seq": seq, "id": "start"}))
            elif mine and seq != acted_on:
                action = choose(state, seat, rng)
                if action is not None:
                    acted_on = seq
                    thinking = asyncio.create_task(act({**action, "seq": seq, "id": f"a{seq}"}, rng.uniform(1.0, 2.0)))
        if thinking is not None:
            thinking.cancel()


async def play(url: str, seats: list[tuple[str, str]], warmup: float, seconds: float, pid: int) -> dict[str, Any]:
    """Every person plays for ``warmup + seconds``; the measure covers the last ``seconds``."""
    out: dict[str, Any] = {"latencies": [], "waits": [], "hands": [], "errors": []}
    until = time.monotonic() + warmup + seconds

    async def mark() -> None:
        await asyncio.sleep(warmup)
        out["from"] = (time.perf_counter(), tree_cpu_seconds(pid), cpu_seconds(pid))

    marker = asyncio.create_task(mark())
    tasks = [person(url, table, token, 1000 * i + 7, until, out) for i, (table, token) in enumerate(seats)]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    await marker
    out["to"] = (time.perf_counter(), tree_cpu_seconds(pid), cpu_seconds(pid))
    out["failures"] = [repr(r)[:200] for r in results if isinstance(r, BaseException)]
    return out


def run_level(args: argparse.Namespace, level: str) -> dict[str, Any]:
    """One server, ``args.tables`` tables at ``level``, measured."""
    port = free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    with tempfile.TemporaryDirectory(prefix="hearts-bots-") as tmp:
        log_path = Path(tmp) / "server.log"
        cmd = [sys.executable, "-m", "hearts", "serve", "--port", str(port), "--db", f"sqlite:///{tmp}/bots.db"]
        cmd += ["--bot-delay", "0", "--grace", "60", "--log-level", "warning", *NO_CLIENT_LIMITS]
        if args.bot_workers is not None:
            cmd += ["--bot-workers", str(args.bot_workers)]
        if args.bot_nice is not None:
            cmd += ["--bot-nice", str(args.bot_nice)]
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
            try:
                wait_ready(base, proc, log_path)
                seats = []
                for t in range(args.tables):
                    body = {"variant": "standard", "players": 4, "target": TARGET, "turn_seconds": 0, "level": level, "name": f"p{t}"}
                    made = http("POST", base + "/api/tables", body)
                    seats.append((made["table"], made["token"]))
                workers = len(process_tree(proc.pid)) - 1
                load0 = os.getloadavg()[0]
                out = asyncio.run(play(ws_url, seats, args.warmup, args.seconds, proc.pid))
                load1 = os.getloadavg()[0]
                server_log = log_path.read_text(errors="replace")
            finally:
                stop(proc)
    (t0, tree0, main0), (t1, tree1, main1) = out["from"], out["to"]
    lat = sorted(x for t, x in out["latencies"] if t0 <= t <= t1)
    waits = sorted(x for t, x in out["waits"] if t0 <= t <= t1)
    hands = sum(1 for t in out["hands"] if t0 <= t <= t1)
    cpu, main_cpu = tree1 - tree0, main1 - main0
    return {
        "level": level,
        "tables": args.tables,
        "seconds": round(t1 - t0, 1),
        "hands": hands,
        "person_actions": len(lat),
        "bot_waits": len(waits),
        "bot_wait_ms": {k: round(1000 * percentile(waits, q), 1) for k, q in (("p50", 0.5), ("p90", 0.9), ("max", 1.0))},
        "latency_ms": {k: round(1000 * percentile(lat, q), 1) for k, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "server_cpu_s": round(cpu, 2),
        "loop_process_cpu_s": round(main_cpu, 2),
        "server_cpu_s_per_hand": round(cpu / hands, 3) if hands else None,
        "loop_process_cpu_s_per_hand": round(main_cpu / hands, 3) if hands else None,
        "server_processes": 1 + workers,
        "errors": sorted(set(out["errors"])),
        "failures": out["failures"][:5],
        "tracebacks_logged": server_log.count("Traceback"),
        "load_avg_1m": [round(load0, 2), round(load1, 2)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="tables of one person and three bots (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time of play measured, per level (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before the measure starts (default 10)")
    parser.add_argument(
        "--levels", default="medium,hard", help=f"bot levels, comma-separated, from {','.join(LEVELS)} (default medium,hard)"
    )
    parser.add_argument(
        "--bot-workers", type=int, default=None, metavar="N", help="the server's --bot-workers (default: its own, one per core)"
    )
    parser.add_argument("--bot-nice", type=int, default=None, metavar="N", help="the server's --bot-nice (default: its own, 10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    if not levels or any(x not in LEVELS for x in levels):
        parser.error(f"--levels: a comma-separated list of {', '.join(LEVELS)}")
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 3600 or not 0 <= args.warmup <= 600:
        parser.error("--tables 1-1000, --seconds up to 3600, --warmup up to 600")
    if args.bot_workers is not None and args.bot_workers < 0:
        parser.error("--bot-workers must be 0 or more")
    results = [run_level(args, level) for level in levels]
    r = {
        "bot_workers": args.bot_workers if args.bot_workers is not None else "default",
        "bot_nice": args.bot_nice if args.bot_nice is not None else "default",
        "command": " ".join(["python", "benchmarks/server_bots.py", *sys.argv[1:]]),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "levels": results,
    }
    if args.json:
        print(json.dumps(r))
        return
    print(f"bot workers {r['bot_workers']} (nice {r['bot_nice']}), {r['cores']} cores; one person and three bots at each table")
    for x in results:
        w, lat = x["bot_wait_ms"], x["latency_ms"]
        print(f"{x['level']}: {x['tables']} tables, {x['seconds']} s, {x['hands']} hands, {x['server_processes']} server processes")
        print(f"  bot wait ms: p50 {w['p50']}, p90 {w['p90']} (max {w['max']}; {x['bot_waits']} waits)")
        print(f"  person's action latency ms: p50 {lat['p50']}, p90 {lat['p90']}, p99 {lat['p99']} ({x['person_actions']} actions)")
        print(
            f"  server CPU {x['server_cpu_s']} s = {x['server_cpu_s_per_hand']} s/hand "
            f"(event-loop process {x['loop_process_cpu_s_per_hand']} s/hand); load average {x['load_avg_1m'][0]} -> {x['load_avg_1m'][1]}"
        )
        if x["errors"] or x["failures"] or x["tracebacks_logged"]:
            print(f"  errors {x['errors']}, client failures {x['failures']}, tracebacks in the server log {x['tracebacks_logged']}")


if __name__ == "__main__":
    main()
