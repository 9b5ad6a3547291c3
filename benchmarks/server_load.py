"""Load on ``hearts serve``: many 4-player tables, every seat a websocket client.

Starts a local server subprocess (loopback only, ``--bot-delay 0``), creates
``--tables`` tables of 4 players over HTTP (no turn timer), has 4 clients
take the seats of each (:class:`hearts.server.client.SeatClient`, random
legal moves), starts every table and plays until every game ends (``--target``)
or ``--seconds`` pass. Prints the actions per second and the latency of an
action (sent -> ``ok`` received; the state update goes out before the ``ok``),
with the CPU time of the server and of the clients::

    python benchmarks/server_load.py [--tables 50] [--target 50] [--seconds 120] [--procs 1] [--json]
    python benchmarks/server_load.py --db postgresql+psycopg://user@/db?host=/run/postgresql

The clients run in one asyncio process (``--procs 2``: the tables split over
two processes, so the clients are less of a bottleneck). A client paces its
own sends under the server's rate limit (20 messages a second per
connection), so a table tops out near 70 actions a second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from hearts.server.client import SeatClient

#: every client is this one process on 127.0.0.1: the per-client limits are off (the server-wide ones stay)
NO_CLIENT_LIMITS = [f"--client-{name}=0" for name in ("connections", "requests", "messages", "tables", "waiting")]
#: (table id, seat, token, sends the start)
Seat = tuple[str, int, str, bool]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (from /proc; 0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_seconds(pid: int) -> float:
    """Seconds the threads of a process were ready to run but waited for a CPU (/proc schedstat; 0 where there is none)."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[1])
            except (OSError, IndexError, ValueError):
                pass
    except OSError:
        return 0.0
    return total / 1e9


def wait_ready(base: str, proc: subprocess.Popen[bytes], log: Path, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"hearts serve exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if http("GET", base + "/healthz").get("ok"):
                return
        except (urllib.error.URLError, OSError, ValueError):
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"hearts serve did not answer /healthz within {limit:.0f} s:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End the server: SIGTERM, then SIGKILL if it has not gone within 15 s."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=15)


def make_tables(base: str, tables: int, target: int) -> list[Seat]:
    """Create the tables and take every seat: one entry per client."""
    seats: list[Seat] = []
    for t in range(tables):
        made = http(
            "POST", base + "/api/tables", {"variant": "standard", "players": 4, "target": target, "turn_seconds": 0, "name": f"p{t}-0"}
        )
        seats.append((made["table"], made["seat"], made["token"], True))
        for s in range(1, 4):
            joined = http("POST", f"{base}/api/tables/{made['table']}/join", {"name": f"p{t}-{s}", "seat": s})
            seats.append((made["table"], joined["seat"], joined["token"], False))
    return seats


async def run_clients(ws_url: str, seats: list[Seat], seconds: float) -> dict[str, Any]:
    """Play every seat at once until every game ends or ``seconds`` pass."""
    clients = [
        SeatClient(ws_url, table, token, seed=1000 * i + seat, start=start, keep_messages=False)
        for i, (table, seat, token, start) in enumerate(seats)
    ]
    cpu0, t0 = time.process_time(), time.monotonic()
    tasks = [asyncio.create_task(c.play(timeout=seconds + 5)) for c in clients]
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    t1 = time.monotonic()
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    failures = [repr(t.exception())[:200] for t in done if t.exception() is not None]
    games = {c.table for c in clients if c.state is not None and c.state["game_over"]}
    return {
        "start": t0,
        "end": t1,
        "cpu": time.process_time() - cpu0,
        "latencies": [x for c in clients for x in c.latencies],
        "sent": sum(c.sent for c in clients),
        "received": sum(c.received for c in clients),
        "errors": sum(len(c.errors) for c in clients) + len(failures),
        "error_codes": sorted({e["code"] for c in clients for e in c.errors}),
        "failures": failures[:5],
        "unfinished": len(pending),
        "games_over": len(games),
        "table_actions": sum(max((c.state or {"seq": 0})["seq"] for c in clients if c.table == t) for t in {c.table for c in clients}),
    }


def worker(ws_url: str, seats: list[Seat], seconds: float) -> dict[str, Any]:
    return asyncio.run(run_clients(ws_url, seats, seconds))


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def bench(args: argparse.Namespace) -> dict[str, Any]:
    port = args.port or free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    with tempfile.TemporaryDirectory(prefix="hearts-load-") as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        log_path = Path(tmp) / "server.log"
        launcher = ["-m", "hearts"]
        if args.switch_interval:  # a diagnosis: how much do the event loop and the database thread wait for each other's GIL?
            launcher = ["-c", f"import sys; sys.setswitchinterval({args.switch_interval}); from hearts.cli import main; sys.exit(main())"]
        cmd = [sys.executable, *launcher, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
        cmd += ["--bot-delay", "0", "--grace", "60", "--log-level", "warning", *NO_CLIENT_LIMITS]
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
            try:
                wait_ready(base, proc, log_path)
                seats = make_tables(base, args.tables, args.target)
                server_cpu0, server_wait0, load0 = cpu_seconds(proc.pid), run_queue_seconds(proc.pid), os.getloadavg()[0]
                procs = max(1, min(args.procs, args.tables))
                if procs == 1:
                    parts = [worker(ws_url, seats, args.seconds)]
                else:
                    groups = [seats[4 * t : 4 * t + 4] for t in range(args.tables)]
                    shares = [[s for g in groups[i::procs] for s in g] for i in range(procs)]
                    with multiprocessing.get_context("fork").Pool(procs) as pool:
                        parts = pool.starmap(worker, [(ws_url, share, args.seconds) for share in shares])
                server_cpu, load1 = cpu_seconds(proc.pid) - server_cpu0, os.getloadavg()[0]
                server_wait = run_queue_seconds(proc.pid) - server_wait0
                server_log = log_path.read_text(errors="replace")
            finally:
                stop(proc)
    wall = max(p["end"] for p in parts) - min(p["start"] for p in parts)
    lat = sorted(x for p in parts for x in p["latencies"])
    actions = len(lat)
    return {
        "tables": args.tables,
        "clients": len(seats),
        "procs": procs,
        "target": args.target,
        "db": "sqlite" if args.db is None else db.split(":", 1)[0],
        "switch_interval": args.switch_interval or None,
        "games_over": sum(p["games_over"] for p in parts),
        "actions": actions,
        "table_actions": sum(p["table_actions"] for p in parts),
        "wall_s": round(wall, 3),
        "actions_per_s": round(actions / wall, 1) if wall > 0 else 0.0,
        "latency_ms": {k: round(1000 * percentile(lat, q), 2) for k, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "messages": sum(p["received"] for p in parts),
        "errors": sum(p["errors"] for p in parts),
        "error_codes": sorted({c for p in parts for c in p["error_codes"]}),
        "failures": [f for p in parts for f in p["failures"]][:5],
        "timed_out_clients": sum(p["unfinished"] for p in parts),
        "server_cpu_s": round(server_cpu, 2),
        "clients_cpu_s": round(sum(p["cpu"] for p in parts), 2),
        "server_run_queue_s": round(server_wait, 2),
        "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 2) if actions else None,
        "clients_cpu_ms_per_action": round(1000 * sum(p["cpu"] for p in parts) / actions, 2) if actions else None,
        "cores": os.cpu_count(),
        "load_avg_1m": [round(load0, 2), round(load1, 2)],
        "server_log_errors": server_log.count("ERROR") + server_log.count("Traceback"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="4-player tables, all seats human (default 50)")
    parser.add_argument("--target", type=int, default=50, help="score that ends a game (default 50)")
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit of the play (default 120)")
    parser.add_argument("--db", default=None, metavar="URL", help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--port", type=int, default=0, help="server port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--procs", type=int, default=1, help="client processes, the tables split among them (default 1)")
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=0.0,
        metavar="S",
        help="run the server with sys.setswitchinterval(S) (default: Python's 0.005)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 1 <= args.procs <= 16 or not 0 < args.seconds <= 3600:
        parser.error("--tables 1-1000, --procs 1-16, --seconds up to 3600")
    r = bench(args)
    if args.json:
        print(json.dumps(r))
        return
    lat = r["latency_ms"]
    print(f"tables {r['tables']}, clients {r['clients']} in {r['procs']} process(es), target {r['target']}, db {r['db']}")
    print(f"games over {r['games_over']}/{r['tables']}, actions {r['actions']} acknowledged ({r['table_actions']} accepted by the tables)")
    print(f"wall {r['wall_s']:.2f} s, {r['actions_per_s']:.0f} actions/s")
    print(f"latency ms: p50 {lat['p50']:.1f}, p90 {lat['p90']:.1f}, p99 {lat['p99']:.1f}, max {lat['max']:.1f}")
    print(f"messages received {r['messages']}, errors {r['errors']} {r['error_codes'] or ''}, clients timed out {r['timed_out_clients']}")
    print(
        f"CPU s: server {r['server_cpu_s']:.1f} ({r['server_cpu_ms_per_action']} ms/action, "
        f"{r['server_run_queue_s']:.1f} s more waiting for a CPU), "
        f"clients {r['clients_cpu_s']:.1f} ({r['clients_cpu_ms_per_action']} ms/action), wall {r['wall_s']:.1f}; "
        f"{r['cores']} cores, load average {r['load_avg_1m'][0]} -> {r['load_avg_1m'][1]}"
    )
    for f in r["failures"]:
        print(f"  client failure: {f}")
    if r["server_log_errors"]:
        print(f"server log: {r['server_log_errors']} ERROR/Traceback lines")


if __name__ == "__main__":
    main()
