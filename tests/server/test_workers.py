"""Several ``hearts serve`` workers on one real PostgreSQL: leases, moved clients, failover after kill -9.

The cluster is the throwaway one of ``test_postgres`` (initdb and pg_ctl
from Debian's packages). Workers run as separate ``hearts serve --cluster``
processes (as on several machines) with a 2-second lease, so a killed
worker's tables move within a few seconds; every loop is bounded.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg", reason="psycopg (3) is not installed: pip install 'hearts-game[server]'")

import psycopg  # noqa: E402
from sqlalchemy import select  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.record import dumps_record, replay_game  # noqa: E402
from hearts.server.client import SeatClient  # noqa: E402
from hearts.server.lease import LeaseLost, Leases  # noqa: E402
from hearts.server.store import Store, seats_t, tables_t  # noqa: E402
from hearts.server.table import Seat, Table  # noqa: E402

from .conftest import ServerProcess, free_port, wait_healthy  # noqa: E402
from .test_leak import Truth, check_message  # noqa: E402
from .test_postgres import _new_database, pg_host  # noqa: E402, F401 (the fixture)

NO_LIMITS = (
    "--client-connections",
    "0",
    "--client-requests",
    "0",
    "--client-messages",
    "0",
    "--client-tables",
    "0",
    "--client-waiting",
    "0",
)
LEASE = 2.0


def workers(url: str, tmp_path: Path, n: int = 3, bot_delay: str = "0.02") -> list[ServerProcess]:
    out = []
    for i in range(n):
        srv = ServerProcess(
            url,
            "--cluster",
            "--worker-name",
            f"w{i}",
            "--lease-seconds",
            str(LEASE),
            "--bot-delay",
            bot_delay,
            "--grace",
            "30",
            *NO_LIMITS,
            log_path=tmp_path / f"w{i}.log",
        )
        srv.start()
        out.append(srv)
    return out


def stop_all(procs: list[ServerProcess]) -> None:
    for p in procs:
        p.kill()


def rebuilt(store: Store, table_id: str) -> tuple[Table, dict[str, Any]]:
    """The table rebuilt from its stored log (finished or not), and its stored row."""
    with store.engine.connect() as conn:
        row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().one()
        seats = conn.execute(select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)).mappings().all()
    table = Table.new(
        table_id,
        Rules.from_dict(json.loads(row["rules"])),
        level=row["level"],
        turn_seconds=row["turn_seconds"],
        secret=row["secret"],
        created=row["created"],
    )
    for s in seats:
        table.seats[s["seat"]] = Seat(s["seat"], s["name"], s["kind"], s["token_hash"], bool(s["ever_human"]), s["client_seed"])
    table.replay(store.actions(table_id))
    return table, dict(row)


def check_acknowledged(store: Store, table_id: str, clients: list[SeatClient]) -> list[dict[str, Any]]:
    """Every action a client was told ``ok`` is stored at that seq, as sent; the log has no gap; returns the log."""
    log = store.actions(table_id)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    for client in clients:
        for seq, sent in client.acked:
            entry = log[seq - 1]
            assert entry["kind"] == sent["type"] and entry["seat"] == client.seat and entry["by"] == "player", (seq, sent, entry)
            for key in ("card", "cards", "choice"):
                if key in sent:
                    assert entry[key] == sent[key], (seq, sent, entry)
    return log


def test_a_stolen_lease_refuses_the_old_owners_writes(pg_host: str) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_lease")
    a, b = Store(url), Store(url)
    try:
        la, lb = Leases(a.engine, "worker-a", 30.0), Leases(b.engine, "worker-b", 30.0)
        a.fence, b.fence = la.fence, lb.fence
        t = Table.new("L1", Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="cd" * 32, created=time.time())
        a.create(t)
        t.apply({"kind": "start", "seat": 0, "by": "player"})
        a.append(t, t.log[-1])
        assert lb.claim("L1") is False  # the lease is valid: nobody may take it
        with pytest.raises(LeaseLost):
            b.append(t, t.log[-1])  # and a worker without it may not write

        with a.engine.begin() as conn:  # force the lease to run out (as if worker a had stalled)
            conn.exec_driver_sql("UPDATE hearts_leases SET expires = 0 WHERE table_id = 'L1'")
        assert lb.claim("L1") is True and lb.held["L1"] == 2
        nxt = t.fork()
        bot = __import__("hearts.bots", fromlist=["make_bot"]).make_bot("random:seed=1")
        seat = nxt.seats_to_act()[0]
        nxt.apply(nxt.entry_for(seat, bot.act(nxt.game.hand.view(seat)), "bot"))  # type: ignore[union-attr]
        with pytest.raises(LeaseLost):
            a.append(nxt, nxt.log[-1])  # the old owner's append is refused, in its own transaction
        assert [e["seq"] for e in a.actions("L1")] == [1]
        with pytest.raises(LeaseLost):
            a.save_seat(nxt, nxt.seats[1])
        b.append(nxt, nxt.log[-1])  # the new owner writes
        assert [e["seq"] for e in b.actions("L1")] == [1, 2]
        assert la.beat("w", "http://a", "ws://a", []) == {"L1"}  # the old owner's next beat says it lost the table
    finally:
        a.close()
        b.close()


def test_a_takeover_never_takes_a_table_whose_write_is_in_flight(pg_host: str) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_lease_race")
    a, b = Store(url), Store(url)
    try:
        la, lb = Leases(a.engine, "worker-a", 30.0), Leases(b.engine, "worker-b", 30.0)
        a.fence = la.fence
        t = Table.new("L2", Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="ef" * 32, created=time.time())
        a.create(t)
        with a.engine.begin() as conn:  # the lease has run out (worker a stalled)...
            conn.exec_driver_sql("UPDATE hearts_leases SET expires = 0 WHERE table_id = 'L2'")
        t.apply({"kind": "start", "seat": 0, "by": "player"})
        result: dict[str, Any] = {}
        with a.engine.begin() as conn:  # ...and wakes up inside a write: the fence has run (and locked the row), the commit has not
            la.fence(conn, "L2", "write")
            thief = threading.Thread(target=lambda: result.update(one=lb.claim("L2"), beat=lb.claim_expired()))
            thief.start()
            thief.join(20)
            assert not thief.is_alive() and result == {"one": False, "beat": []}  # skipped at once, not taken, never waiting
            conn.exec_driver_sql(
                "INSERT INTO hearts_actions (table_id, seq, body, created) VALUES ('L2', 1, %s, 0)", (json.dumps(t.log[-1]),)
            )
        assert lb.claim("L2") is False and lb.claim_expired() == []  # the write renewed the lease with its commit
        assert [e["seq"] for e in a.actions("L2")] == [1] and la.held == {"L2": 1}
    finally:
        a.close()
        b.close()


def _owner_name(url_host: str, db: str, table_id: str) -> str:
    with psycopg.connect(host=url_host, user="postgres", dbname=db) as conn:
        row = conn.execute(
            "SELECT w.name FROM hearts_leases l JOIN hearts_workers w ON w.id = l.owner WHERE l.table_id = %s", (table_id,)
        ).fetchone()
    return str(row[0]) if row else ""


def test_three_workers_play_whole_games_and_survive_a_kill(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_three")
    procs = workers(url, tmp_path)
    store = Store(url)
    try:
        urls = [p.ws for p in procs]
        tables, clients = [], []
        for i in range(3):  # table i is made on worker i (its owner); its second player joins through another worker
            made = procs[i].table(level="easy", name=f"A{i}")
            status, joined = procs[(i + 1) % 3].post(f"/api/tables/{made['table']}/join", {"name": f"B{i}"})
            assert status == 200, joined
            tables.append(made["table"])
            for k, token in enumerate((made["token"], joined["token"])):  # each connects first to a worker that is not the owner
                clients.append(
                    SeatClient(
                        urls[(i + 1 + k) % 3], made["table"], token, seed=10 * i + k, start=k == 0, reconnects=40, urls=urls[1:] + urls[:1]
                    )
                )
        seqs: dict[str, int] = {}
        for c in clients:
            c.on_message = lambda cl, m: seqs.__setitem__(cl.table, max(seqs.get(cl.table, 0), m.get("seq", 0)))
        killed: dict[str, float] = {}
        first_after: dict[str, float] = {}

        def note(cl: SeatClient, m: dict[str, Any]) -> None:
            seqs[cl.table] = max(seqs.get(cl.table, 0), m.get("seq", 0))
            if "at" in killed and cl.table == tables[0] and m["type"] == "state" and "t" not in first_after:
                first_after["t"] = time.monotonic() - killed["at"]

        for c in clients:
            c.on_message = note

        async def kill_mid_hand() -> None:
            for _ in range(3000):  # bounded: until worker 0's table is a few tricks into its first hand
                if seqs.get(tables[0], 0) >= 14:
                    break
                await asyncio.sleep(0.02)
            assert _owner_name(pg_host, "hearts_three", tables[0]) == "w0"
            await asyncio.to_thread(procs[0].kill)
            killed["at"] = time.monotonic()

        async def run() -> None:
            await asyncio.gather(kill_mid_hand(), *(c.play(timeout=240) for c in clients))

        asyncio.run(asyncio.wait_for(run(), 300))
        assert "at" in killed and "t" in first_after
        print(f"\nfailover: the first state after the kill reached a client of the moved table in {first_after['t']:.2f} s")
        assert _owner_name(pg_host, "hearts_three", tables[0]) in ("w1", "w2")  # its table moved
        assert all(c.moved >= 1 for c in clients)  # each was sent on to the owner at least once
        for table_id in tables:
            mine = [c for c in clients if c.table == table_id]
            for c in mine:
                assert c.state is not None and c.state["game_over"], (table_id, c.state and c.state["seq"])
                assert [e for e in c.errors if e["code"] not in ("stale", "not_now", "moved")] == []
            log = check_acknowledged(store, table_id, mine)
            assert mine[0].state is not None and mine[0].state["seq"] == len(log)
            table, row = rebuilt(store, table_id)
            assert table.status == row["status"] == "finished"
            assert row["record"] == dumps_record(table.record())  # the stored record is the stored log's game
            game = replay_game(json.loads(row["record"]))
            assert list(game.scores) == mine[0].state["scores"]
        killed_tables = [c for c in clients if c.table == tables[0]]
        assert all(c.connections >= 2 for c in killed_tables)  # they reconnected by themselves
    finally:
        store.close()
        stop_all(procs)


def test_no_card_leaks_across_workers_and_a_failover(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_leak_workers")
    procs = workers(url, tmp_path, n=2)
    store = Store(url)
    try:
        urls = [p.ws for p in procs]
        made = procs[0].table(level="easy", name="Ann", client_seed="Ann's seed")
        tokens = [made["token"]]
        for i in range(1, 4):
            status, joined = procs[1].post(f"/api/tables/{made['table']}/join", {"name": f"P{i}"})
            assert status == 200, joined
            tokens.append(joined["token"])
        clients = [
            SeatClient(urls[1], made["table"], tok, seed=i, start=i == 0, reconnects=40, urls=[urls[1]]) for i, tok in enumerate(tokens)
        ]
        clients.append(SeatClient(urls[1], made["table"], None, reconnects=40, urls=[urls[1]]))  # a spectator
        top = {"seq": 0}

        def note(cl: SeatClient, m: dict[str, Any]) -> None:
            top["seq"] = max(top["seq"], m.get("seq", 0))

        for c in clients:
            c.on_message = note

        async def kill() -> None:
            for _ in range(3000):
                if top["seq"] >= 20:
                    break
                await asyncio.sleep(0.02)
            await asyncio.to_thread(procs[0].kill)

        async def run() -> None:
            await asyncio.gather(kill(), *(c.play(timeout=240) for c in clients))

        asyncio.run(asyncio.wait_for(run(), 300))
        table, row = rebuilt(store, made["table"])
        fresh = Table.new(made["table"], table.rules, level=row["level"], turn_seconds=0, secret=row["secret"])
        truth = Truth(fresh, store.actions(made["table"]))
        checked = 0
        for client in clients:
            assert client.state is not None and client.state["game_over"]
            assert client.moved >= 1 and client.connections >= 3  # sent on at first, and again after the kill
            for msg in client.messages:
                if msg["type"] == "moved":
                    assert set(msg) == {"type", "v", "ws"} and msg["ws"] in urls
                    continue
                check_message(msg, client.seat, truth)
                checked += msg["type"] == "state"
        assert checked > 100
        check_acknowledged(store, made["table"], clients[:4])
    finally:
        store.close()
        stop_all(procs)


def test_workers_option_runs_and_stops_its_workers(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_supervised")
    port = free_port(2)  # the supervisor gives its workers port and port + 1
    log = open(tmp_path / "sup.log", "wb")  # noqa: SIM115
    cmd = [
        sys.executable,
        "-m",
        "hearts",
        "serve",
        "--workers",
        "2",
        "--port",
        str(port),
        "--db",
        url,
        "--log-level",
        "warning",
        "--lease-seconds",
        "2",
        *NO_LIMITS,
    ]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        first, second = ServerProcess(url, log_path=tmp_path / "x.log"), ServerProcess(url, log_path=tmp_path / "y.log")
        first.port, second.port = port, port + 1
        for srv in (first, second):
            srv.base, srv.ws = f"http://127.0.0.1:{srv.port}", f"ws://127.0.0.1:{srv.port}/ws"
            wait_healthy(srv, proc, timeout=30)
        made = first.table()
        status, info = second.get(f"/api/tables/{made['table']}")  # asked of the other worker: forwarded to the owner
        assert status == 200 and info["id"] == made["table"]
        from .wsconn import Conn

        conn = Conn(second.ws, made["table"], made["token"], origin=first.base)
        assert conn.next("moved") == {"type": "moved", "v": 1, "ws": first.ws}
        listed = [t["id"] for t in second.get("/api/tables")[1]["tables"]]
        for _ in range(100):  # the lobby of every worker lists it once the owner has beaten (bounded)
            if made["table"] in listed:
                break
            time.sleep(0.05)
            listed = [t["id"] for t in second.get("/api/tables")[1]["tables"]]
        assert made["table"] in listed
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            assert proc.wait(30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
            log.close()


def _nginx() -> str:
    import os
    import shutil

    found = os.environ.get("HEARTS_NGINX") or shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        from .conftest import system_missing

        system_missing("nginx is missing (Debian: apt-get install nginx)")
    return str(found)


def documented_nginx(ports: list[int], listen: int, tmp: Path) -> Path:
    """docs/scaling.md's nginx server block, on this test's ports, in a config nginx can run as this user."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scaling.md").read_text(encoding="utf-8")
    block = doc.split("```nginx\n", 1)[1].split("```", 1)[0]
    for i, port in enumerate(ports):
        block = block.replace(f"127.0.0.1:{8000 + i}", f"127.0.0.1:{port}")
    assert block.count("listen 8080;") == 1
    block = block.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    temp = tmp / "nginx-temp"
    temp.mkdir()
    temp.chmod(0o777)
    paths = " ".join(f"{kind}_temp_path {temp / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = tmp / "nginx.conf"
    conf.write_text(
        f"daemon off; pid {tmp / 'nginx.pid'}; error_log {tmp / 'nginx-error.log'} warn; worker_processes 1;\n"
        f"events {{}}\nhttp {{ access_log off; {paths}\n{block}\n}}\n",
        encoding="utf-8",
    )
    return conf


def test_three_workers_behind_the_documented_nginx_survive_a_kill(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    nginx = _nginx()
    url = _new_database(pg_host, "hearts_nginx")
    listen = free_port()
    front, ws_front = f"http://127.0.0.1:{listen}", f"ws://127.0.0.1:{listen}/ws"
    procs = []
    for i in range(3):
        srv = ServerProcess(
            url,
            "--cluster",
            "--worker-name",
            f"w{i}",
            "--lease-seconds",
            str(LEASE),
            "--bot-delay",
            "0.02",
            "--grace",
            "30",
            "--origin",
            front,
            "--trusted-proxy",
            "127.0.0.1",
            "--public-ws",
            f"ws://127.0.0.1:{listen}/w/{i}/ws",
            *NO_LIMITS,
            log_path=tmp_path / f"w{i}.log",
        )
        procs.append(srv)
    for srv in procs:
        srv.start()
    conf = documented_nginx([p.port for p in procs], listen, tmp_path)
    proxy = subprocess.Popen(
        [nginx, "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "nginx-error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    store = Store(url)
    try:
        through = ServerProcess(url, log_path=tmp_path / "unused.log")
        through.port, through.base, through.ws = listen, front, ws_front
        wait_healthy(through, None, timeout=20)
        made = through.table(level="easy")
        owner = _owner_name(pg_host, "hearts_nginx", made["table"])
        client = SeatClient(ws_front, made["table"], made["token"], seed=4, start=True, reconnects=60, urls=[ws_front])
        seen = {"seq": 0}
        client.on_message = lambda cl, m: seen.__setitem__("seq", max(seen["seq"], m.get("seq", 0)))

        async def kill_owner() -> None:
            for _ in range(3000):
                if seen["seq"] >= 10:
                    break
                await asyncio.sleep(0.02)
            await asyncio.to_thread(procs[int(owner[1:])].kill)

        async def run() -> None:
            await asyncio.gather(kill_owner(), client.play(timeout=240, origin=front))

        asyncio.run(asyncio.wait_for(run(), 300))
        assert client.state is not None and client.state["game_over"]
        assert client.connections >= 2 and all(e["code"] in ("stale", "not_now", "moved") for e in client.errors)
        assert _owner_name(pg_host, "hearts_nginx", made["table"]) != owner
        check_acknowledged(store, made["table"], [client])
        moved = [m["ws"] for m in client.messages if m["type"] == "moved"]
        assert moved and all(m.startswith(f"ws://127.0.0.1:{listen}/w/") for m in moved)  # sent on through the proxy
        body = {"variant": "standard", "players": 4, "target": 30, "turn_seconds": 0}
        answers = [through.post("/api/tables", body)[0] for _ in range(16)]  # spread over the workers, which limit nothing here
        assert answers.count(201) >= 10 and answers[-1] == 429  # the proxy's limit of new tables holds over all workers
        assert through.get("/api/tables")[0] == 200  # the lobby is not counted as a creation
        # the proxy's cap of 64 connections an address, over all workers (each worker alone limits nothing here)
        from contextlib import ExitStack

        from websockets.exceptions import InvalidStatus
        from websockets.sync.client import connect

        with ExitStack() as held:
            for _ in range(64):
                held.enter_context(connect(ws_front, open_timeout=10))
            with pytest.raises(InvalidStatus) as over:
                connect(ws_front, open_timeout=10)
            assert over.value.response.status_code == 429
        # and its rate of 20 requests a second (bursts of 100), spread over the workers too
        answers = [through.get("/healthz")[0] for _ in range(150)]
        assert answers.count(429) >= 10 and set(answers) <= {200, 429}, sorted(set(answers))
    finally:
        store.close()
        proxy.terminate()
        try:
            proxy.wait(10)
        except subprocess.TimeoutExpired:
            proxy.kill()
        stop_all(procs)


def test_a_stalled_owner_loses_its_table_and_writes_nothing_more_to_it(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_stalled")
    procs = workers(url, tmp_path, n=2)
    store = Store(url)
    try:
        made = procs[0].table(level="easy")
        client = SeatClient(procs[0].ws, made["table"], made["token"], seed=8, start=True, reconnects=40, urls=[procs[1].ws])
        seen = {"seq": 0}
        client.on_message = lambda cl, m: seen.__setitem__("seq", max(seen["seq"], m.get("seq", 0)))
        stalled: dict[str, int] = {}

        async def stall_owner() -> None:
            for _ in range(3000):
                if seen["seq"] >= 10:
                    break
                await asyncio.sleep(0.02)
            assert procs[0].proc is not None
            for _ in range(5):  # bounded; a stall inside a write keeps its lease row locked (no takeover then): stall again
                procs[0].proc.send_signal(signal.SIGSTOP)  # the owner stalls with the table in memory, its bots mid-move
                try:
                    for _ in range(200):  # bounded: until the other worker has taken the table over
                        if await asyncio.to_thread(_owner_name, pg_host, "hearts_stalled", made["table"]) == "w1":
                            stalled["seq"] = len(await asyncio.to_thread(store.actions, made["table"]))
                            return
                        await asyncio.sleep(0.05)
                finally:
                    procs[0].proc.send_signal(signal.SIGCONT)  # it wakes up believing it owns the table
                await asyncio.sleep(0.3)

        async def run() -> None:
            await asyncio.gather(stall_owner(), client.play(timeout=240))

        asyncio.run(asyncio.wait_for(run(), 300))
        assert "seq" in stalled, "the table was never taken over"
        assert _owner_name(pg_host, "hearts_stalled", made["table"]) == "w1"
        assert client.state is not None and client.state["game_over"], client.errors[-3:]
        assert client.connections >= 2  # w0 closed it when it found the table gone; it reconnected to w1
        log = check_acknowledged(store, made["table"], [client])
        table, row = rebuilt(store, made["table"])
        assert row["status"] == "finished" and row["record"] == dumps_record(table.record())
        assert len(log) > stalled["seq"]
        assert "Traceback" not in procs[0].output(), procs[0].output()[-2000:]
    finally:
        store.close()
        stop_all(procs)


def test_the_browser_follows_moved_to_the_worker_that_serves_its_table(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    from . import test_browser_e2e as e2e

    if e2e.sync_api is None or not Path(e2e.CHROMIUM).exists():
        from .conftest import system_missing

        system_missing("the browser test needs playwright and Debian's chromium")
    url = _new_database(pg_host, "hearts_browser_moved")
    port = free_port(2)  # the supervisor gives its workers port and port + 1
    log = open(tmp_path / "sup.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hearts",
            "serve",
            "--workers",
            "2",
            "--port",
            str(port),
            "--db",
            url,
            "--log-level",
            "warning",
            "--bot-delay",
            "0",
            "--lease-seconds",
            "2",
            *NO_LIMITS,
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        first, second = ServerProcess(url, log_path=tmp_path / "x.log"), ServerProcess(url, log_path=tmp_path / "y.log")
        for srv, p in ((first, port), (second, port + 1)):
            srv.port, srv.base, srv.ws = p, f"http://127.0.0.1:{p}", f"ws://127.0.0.1:{p}/ws"
            wait_healthy(srv, proc, timeout=30)
        made = first.table(name="Tess")  # served by worker 0
        with e2e.sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=e2e.CHROMIUM, headless=True, args=e2e.CHROMIUM_ARGS)
            try:
                with e2e.browser_page(browser, (1000, 800)) as (page, errors):
                    page.goto(f"{second.base}/t/{made['table']}#token={made['token']}")  # the page comes from worker 1
                    page.wait_for_function("() => { const s = window.heartsClient.state; return !!(s && s.you && s.you.seat === 0); }")
                    assert page.evaluate("window.heartsClient.socket.url") == first.ws  # it followed moved to worker 0
                    page.click("#start-btn")
                    page.wait_for_function("() => window.heartsClient.state.seq > 1")
                    assert errors == []
            finally:
                browser.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        finally:
            if proc.poll() is None:
                proc.kill()
            log.close()
