"""One database, one mode: a second server on a database another live server uses refuses to start, in one line.

Single-process servers hold their database alone (an exclusive lock: ``flock`` beside a SQLite file, an
advisory lock in PostgreSQL); cluster workers share it with each other only. A dead server's lock goes with
its process, so a server started after a ``kill -9`` starts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts.server.presence import LOCK_KEY, InUse, Presence

from .conftest import ServerProcess, free_port

pytest.importorskip("psycopg", reason="psycopg (3) is not installed: pip install 'hearts[server]'")

import psycopg  # noqa: E402

from .test_postgres import _new_database, pg_host  # noqa: E402, F401 (the fixture)

QUICK = ("--bot-workers", "0", "--log-level", "warning")


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``hearts serve`` expected to refuse at once (a bounded wait: were it to start, the test fails on the timeout)."""
    return subprocess.run([sys.executable, "-m", "hearts", "serve", *QUICK, *args], capture_output=True, text=True, timeout=30)


def refused(done: subprocess.CompletedProcess[str], words: str) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert words in lines[0] and "Traceback" not in done.stderr, done.stderr


def test_two_servers_on_one_sqlite_file(tmp_path: Path) -> None:
    db = tmp_path / "one.db"
    first = ServerProcess(db, *QUICK)
    first.start()
    try:
        refused(serve("--port", str(free_port()), "--db", f"sqlite:///{db}"), f"another hearts server already serves the database {db}")
        assert first.get("/healthz")[0] == 200  # the first one is untouched
    finally:
        first.kill()  # kill -9: its lock goes with it
    again = ServerProcess(db, *QUICK, log_path=tmp_path / "again.log")
    again.start()
    try:
        assert again.get("/healthz")[0] == 200
    finally:
        again.stop()


def test_the_sqlite_lock_in_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with Presence.take(url, cluster=False), pytest.raises(InUse, match="already serves"):
        Presence.take(url, cluster=False)
    Presence.take(url, cluster=False).close()  # let go: taken again
    Presence.take("sqlite://", cluster=False).close()  # in memory: nothing to lock
    with Presence.take(url, cluster=False), Presence.take(f"sqlite:///{tmp_path / 'y.db'}", cluster=False):
        pass  # another file: another lock


def test_the_postgres_lock_single_exclusive_workers_shared(pg_host: str) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_mode_lock")
    single = Presence.take(url, cluster=False)
    with pytest.raises(InUse, match="not as a cluster worker"):
        Presence.take(url, cluster=False)
    with pytest.raises(InUse, match="not as a cluster worker"):
        Presence.take(url, cluster=True)
    single.close()
    w1, w2 = Presence.take(url, cluster=True), Presence.take(url, cluster=True)  # workers run together
    with pytest.raises(InUse, match="add --cluster"):
        Presence.take(url, cluster=False)
    w1.close()
    with pytest.raises(InUse, match="add --cluster"):
        Presence.take(url, cluster=False)
    w2.close()
    Presence.take(url, cluster=False).close()  # the workers are gone: a single server may start
    other = _new_database(pg_host, "hearts_mode_other")
    with Presence.take(url, cluster=False), Presence.take(other, cluster=False):
        pass  # the lock belongs to its database


def _drop_lock_connection(host: str, db: str) -> None:
    """End the session that holds the server lock (as a database restart would)."""
    with psycopg.connect(host=host, user="postgres", dbname=db, autocommit=True) as conn:
        pids = [r[0] for r in conn.execute("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = %s", (LOCK_KEY,))]
        assert pids
        for pid in pids:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_lost_postgres_lock_is_taken_again_or_reported(pg_host: str) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_mode_lost")
    first = Presence.take(url, cluster=False)
    try:
        assert first.checked and first.check() is None
        _drop_lock_connection(pg_host, "hearts_mode_lost")
        assert first.check() is None  # taken again on a new connection
        with pytest.raises(InUse):
            Presence.take(url, cluster=False)
        _drop_lock_connection(pg_host, "hearts_mode_lost")
        with Presence.take(url, cluster=False):  # another server starts before the first one checks
            why = first.check()
            assert why is not None and "another hearts server already serves this database" in why
    finally:
        first.close()


def test_servers_on_one_postgres_database(pg_host: str, tmp_path: Path) -> None:  # noqa: F811
    url = _new_database(pg_host, "hearts_mode")
    single = ServerProcess(url, *QUICK, log_path=tmp_path / "single.log")
    single.start()
    try:
        refused(serve("--port", str(free_port()), "--db", url), "another hearts server already serves this database")
        refused(serve("--port", str(free_port()), "--db", url, "--cluster"), "run every server with --cluster")
        assert single.get("/healthz")[0] == 200
    finally:
        single.kill()  # kill -9: the database ends its session, and its lock with it
    workers = [ServerProcess(url, *QUICK, "--cluster", "--worker-name", f"w{i}", log_path=tmp_path / f"w{i}.log") for i in range(2)]
    try:
        for w in workers:
            w.start()  # two workers run together
        refused(serve("--port", str(free_port()), "--db", url), "cluster workers already serve this database: add --cluster")
        assert all(w.get("/healthz")[0] == 200 for w in workers)
    finally:
        for w in workers:
            w.stop()
