"""Per-client table limits over every worker of a cluster: counted in the shared database.

A client's new tables (per minute, and waiting for their start) are counted in ``hearts_tables`` by a keyed
hash of its address, in the transaction that stores the table, so they hold however the client's requests are
spread over the workers. (Connections and request rates are the front proxy's: see docs/scaling.md and the
nginx test in test_workers.)
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hearts.core import Rules
from hearts.server.store import OverQuota, Quota, Store, tables_t
from hearts.server.table import Table

from .conftest import ServerProcess
from .wsconn import Conn

pytest.importorskip("psycopg", reason="psycopg (3) is not installed: pip install 'hearts[server]'")

from .test_postgres import _new_database, pg_host  # noqa: E402, F401 (the fixture)

BODY = {"variant": "standard", "players": 4, "target": 30, "turn_seconds": 0, "name": "Ann"}


def new_table(table_id: str, created: float) -> Table:
    return Table.new(table_id, Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="ab" * 32, created=created)


def test_the_store_counts_a_creators_tables(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'q.db'}")
    try:
        now = time.time()
        quota = Quota(per_minute=3, waiting=2)
        store.create(new_table("a", now), "c1", quota)
        store.create(new_table("b", now), "c1", quota)
        with pytest.raises(OverQuota, match="2 tables waiting"):
            store.create(new_table("c", now), "c1", quota)
        store.create(new_table("c", now), "c2", quota)  # another client
        with store.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == "a").values(status="playing"))
        store.create(new_table("d", now), "c1", quota)  # one fewer waiting
        with store.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == "b").values(status="playing"))
        with pytest.raises(OverQuota, match="at most 3 new tables a minute"):
            store.create(new_table("e", now), "c1", quota)
        store.create(new_table("e", now + 61), "c1", quota)  # a minute later
        assert {r.id for r in store.load_open()} >= {"a", "b", "c", "d", "e"}
        store.create(new_table("f", now), None, quota)  # no creator (single-process mode): not counted here
    finally:
        store.close()


def start(srv: ServerProcess, t: dict[str, str]) -> None:
    conn = Conn(srv.ws, t["table"], t["token"])
    conn.next("state")
    assert conn.act({"type": "start"})["type"] == "ok"
    conn.ws.close()


def test_table_limits_hold_over_two_workers(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_limits")
    limits = ("--client-tables", "5", "--client-waiting", "3", "--client-requests", "0", "--trusted-proxy", "127.0.0.1")
    w = [
        ServerProcess(url, "--cluster", "--worker-name", f"w{i}", "--bot-workers", "0", *limits, log_path=tmp_path / f"w{i}.log")
        for i in range(2)
    ]
    try:
        for srv in w:
            srv.start()
        made: list[tuple[ServerProcess, dict[str, str]]] = []
        for i in range(3):  # spread over both workers
            status, out = w[i % 2].post("/api/tables", BODY)
            assert status == 201, out
            made.append((w[i % 2], out))
        status, out = w[1].post("/api/tables", BODY)
        assert status == 429 and "3 tables waiting" in out["error"]["message"], out
        for srv, t in made[:2]:  # start two: one waits
            start(srv, t)
        for srv in (w[1], w[0]):
            status, out = srv.post("/api/tables", BODY)
            assert status == 201, out
            made.append((srv, out))
        status, out = w[1].post("/api/tables", BODY)
        assert status == 429 and "3 tables waiting" in out["error"]["message"], out
        start(*made[3])  # two wait now, but five were made in this minute, over both workers
        status, out = w[1].post("/api/tables", BODY)
        assert status == 429 and "at most 5 new tables a minute" in out["error"]["message"], out
        status, out = w[0].post("/api/tables", BODY, headers={"X-Forwarded-For": "198.51.100.7"})  # another client
        assert status == 201, out
        for srv in w:
            assert "Traceback" not in srv.output()
    finally:
        for srv in w:
            srv.kill()
