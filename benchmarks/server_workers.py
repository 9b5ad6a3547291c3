"""``hearts serve --workers N`` on PostgreSQL: throughput at a human pace, the cost of a ``moved``, the failover time.

Starts a throwaway PostgreSQL cluster (Debian's ``initdb``/``pg_ctl``, as the
tests do; ``fsync`` stays on unless ``--no-fsync``), then for each worker
count of ``--workers`` (default ``1,2,3``) runs ``hearts serve --workers N``
and the realistic load of ``server_realistic.py``: ``--tables`` 4-player
tables, table ``t`` made on worker ``t % N`` (its owner), every seat a client
connected to that owner, thinking 0.5-1.5 s before each action. It reports
actions a second, latency p50/p99 and the CPU of all workers per action.

``--moved`` also times a hello answered directly against one sent on by
another worker (``moved``, then the client connects to the owner).
``--failover`` kills one worker with ``kill -9`` while its tables are played
and reports, for each of its tables, the time from the kill to the first
state a client gets from the worker that took the table over::

    python benchmarks/server_workers.py [--tables 200] [--seconds 60] [--workers 1,2,3] [--moved] [--failover] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets
from server_load import NO_CLIENT_LIMITS, cpu_seconds, free_port, http, make_tables, percentile, wait_ready
from server_realistic import play


def pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    return Path(os.environ.get("HEARTS_PG_BIN") or (found[-1] if found else "/usr/lib/postgresql/15/bin"))


def as_user(cmd: list[str]) -> list[str]:
    return cmd if os.geteuid() != 0 else ["runuser", "-u", "nobody", "--", *cmd]


class Postgres:
    """A throwaway cluster on a unix socket in a temporary directory."""

    def __init__(self, fsync: bool) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="hearts-pgb-", dir="/tmp"))
        self.data, self.sock = self.base / "data", self.base / "sock"
        self.sock.mkdir()
        if os.geteuid() == 0:
            user = pwd.getpwnam("nobody")
            for p in (self.base, self.sock):
                os.chown(p, user.pw_uid, user.pw_gid)
        b = pg_bin()
        subprocess.run(
            as_user([str(b / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync"]),
            check=True,
            capture_output=True,
        )
        opts = f"-c listen_addresses='' -k {self.sock} -c max_connections=200"
        opts += "" if fsync else " -c fsync=off -c synchronous_commit=off"
        subprocess.run(
            as_user([str(b / "pg_ctl"), "-D", str(self.data), "-l", str(self.base / "log"), "-w", "-o", opts, "start"]),
            check=True,
            capture_output=True,
        )

    def database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(host=str(self.sock), user="postgres", dbname="postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@/{name}?host={self.sock}"

    def stop(self) -> None:
        subprocess.run(as_user([str(pg_bin() / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"]), capture_output=True)
        shutil.rmtree(self.base, ignore_errors=True)


def children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Workers:
    """``hearts serve --workers N`` on ``url``; worker ``i`` on ``port + i``."""

    def __init__(self, url: str, n: int, log: Path, lease: float) -> None:
        self.port, self.n = free_port(), n
        while any(not _free(self.port + i) for i in range(1, n)):
            self.port = free_port()
        cmd = [
            sys.executable,
            "-m",
            "hearts",
            "serve",
            "--workers",
            str(n),
            "--port",
            str(self.port),
            "--db",
            url,
            "--bot-delay",
            "0",
            "--grace",
            "60",
            "--log-level",
            "warning",
            "--lease-seconds",
            str(lease),
            *NO_CLIENT_LIMITS,
        ]
        self.log = open(log, "wb")  # noqa: SIM115
        self.log_path = log
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT)
        for i in range(n):
            wait_ready(self.base(i), self.proc, log)

    def base(self, i: int) -> str:
        return f"http://127.0.0.1:{self.port + i}"

    def ws(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.port + i}/ws"

    def pids(self) -> list[int]:
        return children(self.proc.pid) or [self.proc.pid]  # one worker: the process itself

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def _free(port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def tree_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(p) for p in pids)


def realistic(pg: Postgres, n: int, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """The realistic load on N workers: each table's clients on its owner."""
    url = pg.database(f"bench_w{n}")
    w = Workers(url, n, tmp / f"w{n}.log", args.lease)
    try:
        seats_by_worker: list[list[Any]] = [[] for _ in range(n)]
        for t in range(args.tables):
            seats_by_worker[t % n] += make_tables(w.base(t % n), 1, 10_000)
        pids = w.pids()

        async def run_all() -> list[dict[str, Any]]:
            fake_pid = -1  # play() measures one pid's CPU: the workers' total is measured here instead
            return list(await asyncio.gather(*(play(w.ws(i), seats_by_worker[i], args.warmup, args.seconds, fake_pid) for i in range(n))))

        cpu0 = tree_cpu(pids)
        t0 = time.monotonic()
        load0 = os.getloadavg()[0]
        outs = asyncio.run(run_all())
        wall_all, cpu_all = time.monotonic() - t0, tree_cpu(pids) - cpu0
        load1 = os.getloadavg()[0]
    finally:
        w.stop()
    lat: list[float] = []
    wall = 0.0
    for out in outs:
        (ta, _, na), (tb, _, nb) = out["from"], out["to"]
        lat += out["latencies"][na:nb]
        wall = max(wall, tb - ta)
    lat.sort()
    return {
        "workers": n,
        "tables": args.tables,
        "seconds": round(wall, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / wall, 1),
        "latency_ms": {k: round(1000 * percentile(lat, q), 1) for k, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
        "workers_cpu_ms_per_action": round(1000 * cpu_all / max(1, len(lat)) * (wall / wall_all), 2) if lat else None,
        "errors": sorted({e for out in outs for e in out["errors"]}),
        "failures": [f for out in outs for f in out["failures"]][:5],
        "load_avg_1m": [round(load0, 2), round(load1, 2)],
    }


async def hello_time(url: str, table: str, follow: bool) -> float:
    """Seconds from opening a connection to the first state (following one ``moved``)."""
    t0 = time.perf_counter()
    for _ in range(3):
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": None}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "moved" and follow:
                    url = msg["ws"]
                    break
                if msg["type"] == "state":
                    return time.perf_counter() - t0
    raise RuntimeError("no state after three connections")


def moved_cost(pg: Postgres, tmp: Path, lease: float, rounds: int = 200) -> dict[str, Any]:
    w = Workers(pg.database("bench_moved"), 2, tmp / "moved.log", lease)
    try:
        table = http("POST", w.base(0) + "/api/tables", {"variant": "standard", "players": 4, "target": 100, "turn_seconds": 0})["table"]

        async def measure() -> tuple[list[float], list[float]]:
            direct, moved = [], []
            for _ in range(rounds):
                direct.append(await hello_time(w.ws(0), table, False))
                moved.append(await hello_time(w.ws(1), table, True))
            return sorted(direct), sorted(moved)

        direct, moved = asyncio.run(measure())
    finally:
        w.stop()
    return {
        k: {"p50_ms": round(1000 * percentile(v, 0.5), 2), "p99_ms": round(1000 * percentile(v, 0.99), 2)}
        for k, v in (("direct", direct), ("moved", moved))
    }


def failover(pg: Postgres, tmp: Path, lease: float, tables: int = 6) -> dict[str, Any]:
    """Kill -9 worker 0 while its tables play; time until each of its tables' clients gets a state from another worker."""
    w = Workers(pg.database("bench_failover"), 3, tmp / "failover.log", lease)
    try:
        mine = [make_tables(w.base(0), 1, 10_000) for _ in range(tables)]

        async def seat(table: str, token: str, start: bool, killed: asyncio.Event, out: list[float], at: dict[str, float]) -> None:
            urls = [w.ws(1), w.ws(2)]
            async with websockets.connect(w.ws(0)) as ws:
                await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": token}))
                if start:
                    while True:
                        msg = json.loads(await ws.recv())
                        if msg["type"] == "state" and all(s["connected"] for s in msg["table"]["seats"]):
                            await ws.send(json.dumps({"type": "start", "seq": msg["seq"]}))
                            break
                try:
                    while True:
                        await ws.recv()
                except websockets.ConnectionClosed:
                    pass
            moved_to = None
            for i in range(400):  # reconnect as the browser does, following a moved once
                url, moved_to = moved_to or urls[i % 2], None
                try:
                    async with websockets.connect(url) as ws:
                        await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": token}))
                        while True:
                            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                            if msg["type"] == "moved":
                                moved_to = msg["ws"]
                                break
                            if msg["type"] == "state":
                                out.append(time.monotonic() - at["kill"])
                                return
                except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake, TimeoutError) as err:
                    if os.environ.get("HEARTS_BENCH_DEBUG"):
                        print(f"{time.monotonic() - at['kill']:.2f} {url} {err!r}"[:200], file=sys.stderr)
                    await asyncio.sleep(0.1)

        async def run() -> list[float]:
            killed = asyncio.Event()
            out: list[float] = []
            at: dict[str, float] = {}
            tasks = [asyncio.create_task(seat(t, tok, start, killed, out, at)) for group in mine for (t, _, tok, start) in group]
            await asyncio.sleep(3.0)  # every table started, bots playing the bot-free seats... (all seats are clients here)
            pid = w.pids()[0]
            at["kill"] = time.monotonic()
            os.kill(pid, signal.SIGKILL)
            await asyncio.wait_for(asyncio.gather(*tasks), 120)
            return sorted(out)

        times = asyncio.run(run())
    finally:
        w.stop()
    return {"lease_s": lease, "clients": len(times), "p50_s": round(percentile(times, 0.5), 2), "max_s": round(times[-1], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--workers", default="1,2,3", help="worker counts to run, e.g. 1,2,3 (empty: none)")
    parser.add_argument("--lease", type=float, default=10.0, help="lease seconds (default 10)")
    parser.add_argument("--moved", action="store_true", help="time a hello answered directly against one sent on")
    parser.add_argument("--failover", action="store_true", help="kill -9 a worker and time the takeover")
    parser.add_argument("--no-fsync", action="store_true", help="run PostgreSQL without fsync")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pg = Postgres(fsync=not args.no_fsync)
    results: dict[str, Any] = {"cores": os.cpu_count(), "fsync": not args.no_fsync}
    try:
        with tempfile.TemporaryDirectory(prefix="hearts-wb-") as tmp:
            for n in [int(x) for x in args.workers.split(",") if x.strip()]:
                r = realistic(pg, n, args, Path(tmp))
                results.setdefault("realistic", []).append(r)
                if not args.json:
                    lat = r["latency_ms"]
                    print(
                        f"{n} workers, {r['tables']} tables: {r['actions_per_s']} actions/s, p50 {lat['p50']} ms, p99 {lat['p99']} ms, "
                        f"max {lat['max']} ms, {r['workers_cpu_ms_per_action']} ms CPU/action, load {r['load_avg_1m']} "
                        f"{r['errors'] or ''}{r['failures'] or ''}",
                        flush=True,
                    )
            if args.moved:
                results["moved"] = moved_cost(pg, Path(tmp), args.lease)
                if not args.json:
                    print(f"hello to first state: {results['moved']}", flush=True)
            if args.failover:
                results["failover"] = failover(pg, Path(tmp), args.lease)
                if not args.json:
                    print(f"failover: {results['failover']}", flush=True)
    finally:
        pg.stop()
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
