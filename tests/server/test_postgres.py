"""The server's store and a whole game on a real PostgreSQL (a throwaway cluster).

The module's fixture runs ``initdb`` and ``pg_ctl`` from the PostgreSQL 15
binaries (``/usr/lib/postgresql/15/bin``, or ``$HEARTS_PG_BIN``) into a
temporary directory; the server listens only on a unix socket there, with
``fsync=off``. PostgreSQL refuses to run as root, so as root the cluster is
run by ``nobody`` (``runuser``). Skipped, with the reason, when the binaries,
psycopg or ``hearts.server`` are missing or the cluster cannot start.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("psycopg", reason="psycopg (3) is not installed: pip install 'hearts-game[server]'")
pytest.importorskip("sqlalchemy", reason="sqlalchemy is not installed: pip install 'hearts-game[server]'")
pytest.importorskip("websockets", reason="websockets is not installed: pip install 'hearts-game[server]'")
try:
    import hearts.server.app  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    pytest.skip(f"hearts.server is not importable: {exc}", allow_module_level=True)

import psycopg
from sqlalchemy.exc import IntegrityError

from hearts.bots import make_bot
from hearts.core import Rules
from hearts.record import game_record, replay_game
from hearts.server.client import SeatClient
from hearts.server.store import Store
from hearts.server.table import Table

from .conftest import ServerProcess, system_missing


def _pg_bin() -> Path:
    """$HEARTS_PG_BIN, else the newest /usr/lib/postgresql/*/bin (Debian's layout)."""
    if os.environ.get("HEARTS_PG_BIN"):
        return Path(os.environ["HEARTS_PG_BIN"])
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    return found[-1] if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _pg_bin()
RUN_AS = "nobody"


def _as_user(cmd: list[str]) -> list[str]:
    """``cmd`` run by an unprivileged user when we are root (postgres refuses root)."""
    if os.geteuid() != 0:
        return cmd
    runuser = shutil.which("runuser")
    if runuser is None:
        system_missing("running as root and runuser is missing: PostgreSQL cannot be started")
    return [runuser, "-u", RUN_AS, "--", *cmd]


def _run(cmd: list[str], what: str, timeout: float = 60) -> None:
    try:
        done = subprocess.run(_as_user(cmd), capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as err:
        system_missing(f"PostgreSQL {what} failed: {err}")
    if done.returncode != 0:
        system_missing(f"PostgreSQL {what} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-800:]}")


@pytest.fixture(scope="module")
def pg_host() -> Iterator[str]:
    """A running throwaway PostgreSQL cluster: the directory of its unix socket (user ``postgres``, no password)."""
    for tool in ("initdb", "pg_ctl", "postgres"):
        if not (PG_BIN / tool).exists():
            system_missing(f"{PG_BIN / tool} is missing (Debian: apt-get install postgresql-15)")
    # under /tmp: short (a unix socket path has at most 107 bytes) and reachable by the unprivileged user, whatever $TMPDIR is
    base = Path(tempfile.mkdtemp(prefix="hearts-pg-", dir="/tmp" if os.path.isdir("/tmp") else None))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam(RUN_AS)
        except KeyError:
            shutil.rmtree(base, ignore_errors=True)
            system_missing(f"running as root and there is no user {RUN_AS!r} to run PostgreSQL")
        for p in (base, sock):
            os.chown(p, user.pw_uid, user.pw_gid)
    started = False
    try:
        _run([str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"], "initdb")
        opts = f"-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c listen_addresses='' -k {sock}"
        started = True  # pg_ctl may leave a server behind even when it reports a failure
        _run([str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-t", "30", "-o", opts, "start"], "start")
        yield str(sock)
    finally:
        if started:
            try:
                subprocess.run(
                    _as_user([str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "-t", "30", "stop"]),
                    capture_output=True,
                    timeout=60,
                )
            except (OSError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(base, ignore_errors=True)


def _new_database(host: str, name: str) -> str:
    """A fresh database on the cluster: its SQLAlchemy URL."""
    with psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://postgres@/{name}?host={host}"


def _play(table: Table, actions: int, seed: int = 5) -> None:
    """Apply ``actions`` random legal actions (after the start) to ``table``, in memory only."""
    bot = make_bot(f"random:seed={seed}")
    for _ in range(actions):
        assert table.game is not None and table.game.hand is not None
        seat = table.seats_to_act()[0]
        entry = table.entry_for(seat, bot.act(table.game.hand.view(seat)), "bot")
        assert table.check(entry) is None
        table.apply(entry)


def test_store_round_trip(pg_host: str) -> None:
    store = Store(_new_database(pg_host, "hearts_store"))
    try:
        assert store.ping()
        with psycopg.connect(host=pg_host, user="postgres", dbname="hearts_store") as conn:
            names = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert {"hearts_tables", "hearts_seats", "hearts_actions"} <= names
        Store(store.url).close()  # the schema exists already: creating it again is harmless

        t = Table.new("pg1", Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="ab" * 16, created=time.time())
        store.create(t)
        t.apply({"kind": "start", "seat": 0, "by": "player"})
        store.append(t, t.log[-1])
        for _ in range(12):  # the passes, then some tricks
            before = t.seq
            _play(t, 1)
            assert t.seq == before + 1
            store.append(t, t.log[-1])

        (back,) = [x for x in store.load_open() if x.id == "pg1"]
        assert back.seq == t.seq == 13
        assert back.log == t.log
        assert back.status == t.status == "playing"
        assert [(s.kind, s.name) for s in back.seats] == [(s.kind, s.name) for s in t.seats]
        assert back.game is not None and t.game is not None
        assert game_record(back.game) == game_record(t.game)
        assert back.seats_to_act() == t.seats_to_act()

        stored = store.actions("pg1")
        with pytest.raises(IntegrityError):
            store.append(t, t.log[-1])  # the same seq again
        dup = {**t.log[-1], "card": "XX", "by": "player"}
        with pytest.raises(IntegrityError):
            store.append(t, dup)
        assert store.actions("pg1") == stored
        (again,) = [x for x in store.load_open() if x.id == "pg1"]
        assert again.seq == t.seq and again.game is not None and game_record(again.game) == game_record(t.game)
    finally:
        store.close()


def test_server_game_on_postgres(pg_host: str, tmp_path: Path) -> None:
    url = _new_database(pg_host, "hearts_server")
    srv = ServerProcess(url, "--bot-delay", "0", "--grace", "5", log_path=tmp_path / "server.log")
    try:
        srv.start()
        made = srv.table(level="easy")
        table_id, token = made["table"], made["token"]
        # seat 0 is the only human: it starts the game at once, and bots take seats 1-3
        client = SeatClient(srv.ws, table_id, token, seed=3, start=True)
        asyncio.run(asyncio.wait_for(client.play(timeout=60), 90))
        assert client.state is not None and client.state["game_over"]
        assert [e for e in client.errors if e["code"] not in ("stale", "not_now")] == []
        scores = client.state["scores"]
        assert max(scores) >= 30
        assert client.latencies

        status, record = srv.get(f"/api/games/{table_id}/record")
        assert status == 200
        game = replay_game(record)
        assert game.game_over
        assert list(game.scores) == scores
        assert sorted(game.winners) == sorted(client.state["winners"])
        games = srv.get("/api/games")[1]["games"]
        assert [g["scores"] for g in games if g["id"] == table_id] == [scores]
    finally:
        srv.stop()
