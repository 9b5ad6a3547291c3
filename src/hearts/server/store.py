"""The database: tables, seats and action logs (SQLite or PostgreSQL, by SQLAlchemy).

Every call is synchronous and short; :mod:`hearts.server.hub` runs them on
a small pool of worker threads (one table's calls one at a time, in order),
so the event loop never waits on the disk and one slow table never holds
up the others. An action is
inserted with its sequence number as part of the primary key, in the same
transaction as the seat and status changes it causes: a duplicate can never
be stored, and nothing is half-written.

>>> store = Store("sqlite://")
>>> t = Table.new("abc", Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="11" * 32)
>>> store.create(t)
>>> t.apply({"kind": "start", "seat": 0, "by": "player"})
>>> store.append(t, t.log[-1])
>>> [x.seq for x in store.load_open()]
[1]
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Text,
    and_,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy import Table as SqlTable
from sqlalchemy import inspect as sql_inspect
from sqlalchemy.engine import Connection, Engine

from hearts.core import Rules
from hearts.record import dumps_record

from .results import game_result, game_summary, player_stats
from .table import FINISHED, WAITING, Seat, Table

metadata = MetaData()

tables_t = SqlTable(
    "hearts_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("created", Float, nullable=False),
    Column("rules", Text, nullable=False),
    Column("level", String(40), nullable=False),
    Column("turn_seconds", Integer, nullable=False),
    Column("secret", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("finished", Float),
    Column("result", Text),
    Column("record", Text),
    #: who created the table (a keyed hash of the client's address, never the address; set only in a cluster)
    Column("creator", String(64), index=True),
    #: the chat's settings as JSON, {"free": bool, "host": seat or null} (null: free chat on, no host)
    Column("chat", String(64)),
    #: a guided first hand (its person's state carries the coach's notes)
    Column("guide", Boolean, nullable=False, server_default=false()),
)

seats_t = SqlTable(
    "hearts_seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(80), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("token_hash", String(64)),
    Column("ever_human", Boolean, nullable=False),
    Column("client_seed", String(64), nullable=False, server_default=""),
    #: the player id of the person who holds the seat (None: a bot's or an open seat, or stored by an older version)
    Column("player", String(32), index=True),
)

actions_t = SqlTable(
    "hearts_actions",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
    Column("created", Float, nullable=False),
)


players_t = SqlTable(
    "hearts_players",
    metadata,
    Column("id", String(32), primary_key=True),
    #: the name the player last sat down with (or the operator gave: then ``name_locked``)
    Column("name", String(80), nullable=False),
    Column("name_locked", Boolean, nullable=False, server_default=false()),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("banned", Boolean, nullable=False, server_default=false()),
    #: an account's login (None: a guest) and password hash (see :mod:`hearts.server.identity`)
    Column("login", String(24), unique=True),
    Column("password", String(200)),
)

#: settings the workers of one database share: the key that signs player ids
meta_t = SqlTable(
    "hearts_meta",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)


#: ``fence(conn, table_id, op)``: called first in each write transaction of a table (op: create, write or delete); raises to refuse it
Fence = Callable[[Connection, str, str], None]


@dataclass(frozen=True)
class Quota:
    """A client's table limits counted in the database, over every worker: tables created in the last minute, and
    tables waiting for their start (0: no limit)."""

    per_minute: int
    waiting: int


class OverQuota(Exception):
    """A new table over its creator's :class:`Quota`: nothing was stored. The message says which limit, for the client."""


class Store:
    """The server's database; the schema is created on start.

    ``fence`` (None in single-process mode): set by :mod:`hearts.server.cluster` so that every write of a
    table checks, in its own transaction, that this worker still holds the table's lease.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.fence: Fence | None = None
        self.engine: Engine = _engine(url)
        metadata.create_all(self.engine)
        _migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> bool:
        """Is the database reachable?"""
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            return True
        except Exception:
            return False

    # -- writing ------------------------------------------------------------
    def create(self, table: Table, creator: str | None = None, quota: Quota | None = None) -> None:
        """Store a new table with its seats; ``creator`` (who made it) is checked against ``quota`` in the same
        transaction (raises OverQuota, storing nothing)."""
        with self.engine.begin() as conn:
            if creator is not None and quota is not None:
                _check_quota(conn, creator, quota, table.created)
            self._fence(conn, table.id, "create")
            conn.execute(
                insert(tables_t).values(
                    id=table.id,
                    created=table.created,
                    rules=json.dumps(table.rules.to_dict()),
                    level=table.level,
                    turn_seconds=table.turn_seconds,
                    secret=table.secret,
                    status=table.status,
                    creator=creator,
                    chat=_chat_json(table),
                    guide=table.guide,
                )
            )
            for seat in table.seats:
                conn.execute(insert(seats_t).values(table_id=table.id, **_seat_row(seat)))

    def save_seat(self, table: Table, seat: Seat) -> None:
        """Store a seat's new holder."""
        with self.engine.begin() as conn:
            self._fence(conn, table.id, "write")
            _update_seat(conn, table.id, seat)

    def save_chat(self, table: Table) -> None:
        """Store the table's chat settings (the creator turned free chat on or off)."""
        with self.engine.begin() as conn:
            self._fence(conn, table.id, "write")
            conn.execute(update(tables_t).where(tables_t.c.id == table.id).values(chat=_chat_json(table)))

    def delete_waiting(self, table_id: str) -> bool:
        """Forget a table that never started (its seats too); a table that has started is kept. True if it was deleted."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id, "delete")
            gone = conn.execute(tables_t.delete().where(and_(tables_t.c.id == table_id, tables_t.c.status == WAITING))).rowcount
            if gone:
                conn.execute(seats_t.delete().where(seats_t.c.table_id == table_id))
                conn.execute(actions_t.delete().where(actions_t.c.table_id == table_id))
        return bool(gone)

    def append(self, table: Table, entry: dict[str, Any], seats: Iterable[Seat] = ()) -> None:
        """Store an action (``entry`` holds its ``seq``) with the table's status after it and the ``seats`` it changed, in one transaction.

        ``table`` is the table with the action applied (not yet live); a start stores every seat.
        Raises (an IntegrityError) if that sequence number is already stored.
        """
        with self.engine.begin() as conn:
            self._fence(conn, table.id, "write")
            conn.execute(insert(actions_t).values(table_id=table.id, seq=entry["seq"], body=json.dumps(entry), created=time.time()))
            values: dict[str, Any] = {"status": table.status}
            if table.status == FINISHED and table.game is not None:
                values["finished"] = time.time()
                values["result"] = json.dumps(game_result(table))
                values["record"] = dumps_record(table.record())
            conn.execute(update(tables_t).where(tables_t.c.id == table.id).values(**values))
            for seat in table.seats if entry["kind"] == "start" else seats:
                _update_seat(conn, table.id, seat)

    def _fence(self, conn: Connection, table_id: str, op: str) -> None:
        if self.fence is not None:
            self.fence(conn, table_id, op)

    def truncate(self, table_id: str, keep: int) -> None:
        """Forget every action after the first ``keep`` (an undo at a table of bots; the table is still playing)."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id, "truncate")
            conn.execute(actions_t.delete().where(and_(actions_t.c.table_id == table_id, actions_t.c.seq > keep)))

    # -- reading ------------------------------------------------------------
    def load_open(self, ids: Iterable[str] | None = None) -> list[Table]:
        """Every table not finished (or those of ``ids`` not finished), rebuilt by replaying its log."""
        out = []
        with self.engine.connect() as conn:
            query = select(tables_t).where(tables_t.c.status != FINISHED)
            if ids is not None:
                query = query.where(tables_t.c.id.in_(list(ids)))
            rows = conn.execute(query.order_by(tables_t.c.created)).mappings().all()
            for row in rows:
                table = Table.new(
                    row["id"],
                    Rules.from_dict(json.loads(row["rules"])),
                    level=row["level"],
                    turn_seconds=row["turn_seconds"],
                    secret=row["secret"],
                    created=row["created"],
                    guide=bool(row["guide"]),
                )
                seat_rows = conn.execute(select(seats_t).where(seats_t.c.table_id == row["id"]).order_by(seats_t.c.seat)).mappings()
                chat = json.loads(row["chat"] or "{}")
                table.free_chat, table.host = bool(chat.get("free", True)), chat.get("host")
                for s in seat_rows:
                    table.seats[s["seat"]] = Seat(
                        s["seat"], s["name"], s["kind"], s["token_hash"], bool(s["ever_human"]), s["client_seed"], s["player"]
                    )
                log = [
                    json.loads(r.body)
                    for r in conn.execute(select(actions_t.c.body).where(actions_t.c.table_id == row["id"]).order_by(actions_t.c.seq))
                ]
                table.replay(log)
                out.append(table)
        return out

    def finished_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """The finished games, newest first, with their results."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.id, tables_t.c.rules, tables_t.c.finished, tables_t.c.result)
                .where(tables_t.c.status == FINISHED)
                .order_by(tables_t.c.finished.desc())
                .limit(limit)
            ).all()
        return [game_summary(r.id, json.loads(r.rules), r.finished, json.loads(r.result or "{}")) for r in rows]

    def player_stats(self, player: str) -> dict[str, Any]:
        """One player's results over every finished game where the person with player id ``player`` held a seat.

        ``games``, ``wins``, ``hands`` and ``points`` (their sum of hand points: the final scores), ``moons_shot``
        and ``moons_conceded`` (moons others shot; counted for games finished by a version that stores the shooters).
        A game the player left before its end, a bot finishing it for them, is ``abandoned``, and counts in nothing else.
        """
        with self.engine.connect() as conn:
            mine = select(seats_t.c.table_id).where(seats_t.c.player == player)
            rows = conn.execute(select(tables_t.c.result).where(tables_t.c.status == FINISHED, tables_t.c.id.in_(mine))).all()
        return player_stats(player, (json.loads(r.result or "{}") for r in rows))

    def record(self, table_id: str) -> tuple[str, str | None] | None:
        """(status, record text or None) of a table; None if there is no such table."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t.c.status, tables_t.c.record).where(tables_t.c.id == table_id)).first()
        return None if row is None else (row.status, row.record)

    def action(self, table_id: str, seq: int) -> dict[str, Any] | None:
        """One stored action (None: not stored)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(actions_t.c.body).where(and_(actions_t.c.table_id == table_id, actions_t.c.seq == seq))).first()
        return None if row is None else dict(json.loads(row.body))

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """A table's stored log, in order (for tests and audits)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions_t.c.body).where(actions_t.c.table_id == table_id).order_by(actions_t.c.seq)).all()
        return [json.loads(r.body) for r in rows]


def _seat_row(seat: Seat) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "kind": seat.kind,
        "token_hash": seat.token_hash,
        "ever_human": seat.ever_human,
        "client_seed": seat.client_seed,
        "player": seat.player,
    }


def _chat_json(table: Table) -> str:
    return json.dumps({"free": table.free_chat, "host": table.host})


def _check_quota(conn: Connection, creator: str, quota: Quota, now: float) -> None:
    """Raise OverQuota if ``creator`` may not make another table now (its tables of the last minute, or waiting).

    On PostgreSQL the creator's requests on every worker queue on one advisory lock until this transaction ends,
    so two at once cannot both pass the last free place.
    """
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:c, 7349003))"), {"c": creator})
    recent, waiting = conn.execute(
        select(
            func.count().filter(tables_t.c.created > now - 60.0),
            func.count().filter(tables_t.c.status == WAITING),
        ).where(tables_t.c.creator == creator)
    ).one()
    if quota.waiting and waiting >= quota.waiting:
        raise OverQuota(f"you have {quota.waiting} tables waiting for their start: start one first")
    if quota.per_minute and recent >= quota.per_minute:
        raise OverQuota(f"at most {quota.per_minute} new tables a minute from one address: wait a little")


#: the columns added since the first schema, in the order they were added: (table, column, SQL type, indexed)
MIGRATIONS = (
    ("hearts_seats", "client_seed", "VARCHAR(64) NOT NULL DEFAULT ''", False),
    ("hearts_seats", "player", "VARCHAR(32)", True),
    ("hearts_tables", "creator", "VARCHAR(64)", True),
    ("hearts_tables", "chat", "VARCHAR(64)", False),
    ("hearts_tables", "guide", "BOOLEAN NOT NULL DEFAULT FALSE", False),
)


def _migrate(engine: Engine) -> None:
    """Bring a database made by an older version up to this schema (columns added since, with their defaults).

    Workers starting together on PostgreSQL may both find a column missing: there, adding it is idempotent.
    """
    inspector = sql_inspect(engine)
    maybe = " IF NOT EXISTS" if engine.dialect.name == "postgresql" else ""
    present = {table: {c["name"] for c in inspector.get_columns(table)} for table in {m[0] for m in MIGRATIONS}}
    for table, column, kind, indexed in MIGRATIONS:
        if column in present[table]:
            continue
        with engine.begin() as conn:
            conn.execute(text(f"ALTER TABLE {table} ADD COLUMN{maybe} {column} {kind}"))
            if indexed:
                conn.execute(text(f"CREATE INDEX IF NOT EXISTS ix_{table}_{column} ON {table} ({column})"))


def _update_seat(conn: Connection, table_id: str, seat: Seat) -> None:
    row = _seat_row(seat)
    conn.execute(update(seats_t).where(and_(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)).values(**row))


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        from sqlalchemy.pool import StaticPool

        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs["poolclass"] = StaticPool
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")  # a commit is on the disk before the action is acknowledged
            cur.execute("PRAGMA busy_timeout=5000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
