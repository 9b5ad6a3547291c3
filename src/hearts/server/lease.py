"""Table leases in PostgreSQL: which worker owns which table, and the fence on every write.

A lease row says which worker owns a table, until when (the database's
clock, so the workers' clocks never matter), and its *epoch*, which grows
by one each time the table changes hands. The owner renews its leases every
third of the lease time. Every write of a table begins, in its own
transaction, with ``UPDATE hearts_leases ... WHERE owner = me AND epoch =
mine``: if no row matches, the table was taken over and the write is
refused (:class:`LeaseLost`) before anything is stored. That UPDATE also
locks the row until the commit; a takeover skips a locked row, and after
the commit finds the lease renewed: a table's log has one writer at a time.

Only PostgreSQL is supported here (SQLite has one process, and no leases).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

#: the database's clock, in seconds since the epoch
NOW = "EXTRACT(EPOCH FROM clock_timestamp())"

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS hearts_workers (id VARCHAR(40) PRIMARY KEY, name VARCHAR(80) NOT NULL, "
    "internal TEXT NOT NULL, public_ws TEXT NOT NULL, seen DOUBLE PRECISION NOT NULL, lobby TEXT NOT NULL DEFAULT '[]')",
    "CREATE TABLE IF NOT EXISTS hearts_leases (table_id VARCHAR(40) PRIMARY KEY, owner VARCHAR(40) NOT NULL, "
    "epoch BIGINT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hearts_cluster (key VARCHAR(40) PRIMARY KEY, value TEXT NOT NULL)",
]


class LeaseLost(Exception):
    """This worker no longer owns the table: the write was refused and nothing was stored."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"the lease of table {table_id} is held by another worker")
        self.table_id = table_id


class Leases:
    """One worker's leases (``held``: table id -> epoch) and the SQL that takes, renews and checks them."""

    def __init__(self, engine: Engine, worker: str, seconds: float) -> None:
        self.engine = engine
        self.worker = worker
        self.seconds = seconds
        self.held: dict[str, int] = {}
        self.since: dict[str, float] = {}  # when each lease was taken (monotonic)
        self._lock = threading.Lock()
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(7349001)"))  # workers starting together create the schema once
            for statement in SCHEMA:
                conn.execute(text(statement))
            conn.execute(
                text("INSERT INTO hearts_cluster (key, value) VALUES ('relay_secret', :v) ON CONFLICT (key) DO NOTHING"),
                {"v": secrets.token_urlsafe(32)},
            )
            self.secret = str(conn.execute(text("SELECT value FROM hearts_cluster WHERE key = 'relay_secret'")).scalar_one())

    # -- the fence (runs on the store's threads, inside its transactions) ----
    def fence(self, conn: Connection, table_id: str, op: str) -> None:
        """Refuse the write (raise LeaseLost) unless this worker holds the table's lease; a new table takes one."""
        if op == "create":
            conn.execute(
                text(f"INSERT INTO hearts_leases (table_id, owner, epoch, expires) VALUES (:t, :w, 1, {NOW} + :s)"),
                {"t": table_id, "w": self.worker, "s": self.seconds},
            )
            with self._lock:
                self.held[table_id] = 1
                self.since[table_id] = time.monotonic()
            return
        epoch = self.held.get(table_id)
        if epoch is None:
            raise LeaseLost(table_id)
        done = conn.execute(
            text(f"UPDATE hearts_leases SET expires = {NOW} + :s WHERE table_id = :t AND owner = :w AND epoch = :e"),
            {"t": table_id, "w": self.worker, "e": epoch, "s": self.seconds},
        ).rowcount
        if done != 1:
            raise LeaseLost(table_id)

    # -- the lease loop (on the store's threads too) --------------------------
    def beat(self, name: str, internal: str, public_ws: str, lobby: list[dict[str, Any]]) -> set[str]:
        """Say this worker is alive (with its lobby), renew its leases; returns the tables it held and has lost.

        Only the leases held when the beat began count (a table made or taken meanwhile has a fresh lease).
        """
        with self._lock:
            before = dict(self.held)
        with self.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO hearts_workers (id, name, internal, public_ws, seen, lobby) "
                    f"VALUES (:id, :n, :i, :p, {NOW}, :l) ON CONFLICT (id) DO UPDATE SET seen = EXCLUDED.seen, lobby = EXCLUDED.lobby"
                ),
                {"id": self.worker, "n": name, "i": internal, "p": public_ws, "l": json.dumps(lobby, separators=(",", ":"))},
            )
            rows = conn.execute(
                text(f"UPDATE hearts_leases SET expires = {NOW} + :s WHERE owner = :w AND table_id = ANY(:ids) RETURNING table_id, epoch"),
                {"w": self.worker, "s": self.seconds, "ids": list(before)},
            ).all()
        kept = {r.table_id: int(r.epoch) for r in rows}
        with self._lock:
            lost = {t for t, e in before.items() if kept.get(t) != e and self.held.get(t) == e}
            for t in lost:
                del self.held[t]
        return lost

    def claim_expired(self, limit: int = 50) -> list[str]:
        """Take over tables not finished whose lease has run out (or that never had one); returns their ids."""
        with self.engine.begin() as conn:
            fresh = conn.execute(
                text(
                    f"INSERT INTO hearts_leases (table_id, owner, epoch, expires) SELECT t.id, :w, 1, {NOW} + :s "
                    "FROM hearts_tables t LEFT JOIN hearts_leases l ON l.table_id = t.id WHERE l.table_id IS NULL "
                    "AND t.status != 'finished' ORDER BY t.created LIMIT :n ON CONFLICT (table_id) DO NOTHING RETURNING table_id, epoch"
                ),
                {"w": self.worker, "s": self.seconds, "n": limit},
            ).all()
            rows = conn.execute(
                text(
                    f"UPDATE hearts_leases SET owner = :w, epoch = epoch + 1, expires = {NOW} + :s WHERE table_id IN ("
                    "SELECT l.table_id FROM hearts_leases l JOIN hearts_tables t ON t.id = l.table_id "
                    f"WHERE l.expires < {NOW} AND l.owner != :w "
                    "AND t.status != 'finished' ORDER BY t.created LIMIT :n FOR UPDATE OF l SKIP LOCKED) RETURNING table_id, epoch"
                ),
                {"w": self.worker, "s": self.seconds, "n": limit},
            ).all()
        return self._took([*fresh, *rows])

    def claim(self, table_id: str) -> bool:
        """Take over one table now if its lease has run out (a client asked for it); True if this worker holds it now.

        A lease row locked by its owner's write in flight is skipped (that write renews it), so this never waits.
        """
        with self.engine.begin() as conn:
            rows = conn.execute(
                text(
                    f"UPDATE hearts_leases SET owner = :w, epoch = epoch + 1, expires = {NOW} + :s WHERE table_id IN ("
                    f"SELECT l.table_id FROM hearts_leases l JOIN hearts_tables t ON t.id = l.table_id WHERE l.table_id = :t "
                    f"AND l.expires < {NOW} AND l.owner != :w AND t.status != 'finished' FOR UPDATE OF l SKIP LOCKED) "
                    "RETURNING table_id, epoch"
                ),
                {"w": self.worker, "s": self.seconds, "t": table_id},
            ).all()
        return bool(self._took(rows))

    def _took(self, rows: Any) -> list[str]:
        with self._lock:
            for r in rows:
                self.held[r.table_id] = int(r.epoch)
                self.since[r.table_id] = time.monotonic()
        return [r.table_id for r in rows]

    def young(self, table_id: str) -> bool:
        """Was the table's lease taken less than one lease time ago (it may not be served yet)?"""
        return time.monotonic() - self.since.get(table_id, 0.0) < self.seconds

    def drop(self, table_id: str) -> None:
        """Forget a table (finished, deleted or lost): its lease is no longer checked or renewed by this worker."""
        with self._lock:
            self.held.pop(table_id, None)
            self.since.pop(table_id, None)

    def release_all(self) -> None:
        """A clean stop: let every lease run out now, so other workers take the tables at once."""
        with self.engine.begin() as conn:
            conn.execute(text("UPDATE hearts_leases SET expires = 0 WHERE owner = :w"), {"w": self.worker})
            conn.execute(text("DELETE FROM hearts_workers WHERE id = :w"), {"w": self.worker})
        with self._lock:
            self.held.clear()
            self.since.clear()

    # -- routing ------------------------------------------------------------
    def owner(self, table_id: str) -> tuple[str, str, str, bool] | None:
        """(worker id, internal URL, public websocket URL, lease still valid) of a table's owner; None: no lease."""
        with self.engine.connect() as conn:
            row = conn.execute(
                text(
                    f"SELECT l.owner, w.internal, w.public_ws, l.expires > {NOW} AS valid FROM hearts_leases l "
                    "LEFT JOIN hearts_workers w ON w.id = l.owner WHERE l.table_id = :t"
                ),
                {"t": table_id},
            ).first()
        if row is None:
            return None
        return str(row.owner), str(row.internal or ""), str(row.public_ws or ""), bool(row.valid) and row.internal is not None

    def lobbies(self) -> list[dict[str, Any]]:
        """The lobby lists of every worker seen within three lease times."""
        with self.engine.connect() as conn:
            rows = conn.execute(text(f"SELECT lobby FROM hearts_workers WHERE seen > {NOW} - 3 * :s"), {"s": self.seconds}).all()
        out: list[dict[str, Any]] = []
        for r in rows:
            out.extend(json.loads(r.lobby))
        return out
