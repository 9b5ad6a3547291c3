"""One database, one mode: a server holds a lock on its database for as long as it runs.

Two single-process servers on one database would each serve their own
tables from memory and never hand one over; a single-process server beside
cluster workers would take tables the workers also serve. So a server takes
a lock before it starts, and refuses to start (:class:`InUse`, one line)
when it cannot:

- **PostgreSQL**: a session advisory lock, held on a connection of its own
  for the life of the process. A single-process server takes it *exclusive*;
  each cluster worker (``--cluster``, or each of ``--workers N``) takes it
  *shared*, so workers run together and nothing else runs beside them. The
  lock goes when the process's connection ends (a clean stop, a crash,
  ``kill -9``), so a dead server never blocks the next one. Should that
  connection drop while the server runs (the database restarted, say),
  :meth:`Presence.check` takes the lock again on a new one; if another
  server took it meanwhile, ``check`` says so and ``hearts serve`` stops.
- **SQLite**: an exclusive ``flock`` on ``DB.lock`` beside the database
  file, which the kernel lets go when the process ends, however it ends. An
  in-memory database needs none (nobody else can open it).

Only ``hearts serve`` takes the lock (:mod:`hearts.server.cli`); an app made
by :func:`hearts.server.app.create_app` in a test takes none.

>>> Presence.take("sqlite://", cluster=False).close()  # in memory: nothing to lock
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

#: the advisory lock's key (one per database: PostgreSQL's advisory locks belong to the database they are taken in)
LOCK_KEY = 7349002


class InUse(Exception):
    """Another live server uses the database in a way this one may not run beside: the one-line reason."""


class Presence:
    """The lock a running server holds on its database (see the module's notes); :meth:`close` lets it go."""

    def __init__(self, release: Any = None, recheck: Any = None) -> None:
        self._release = release
        self._recheck = recheck

    @property
    def checked(self) -> bool:
        """Can the lock be lost while the process runs (so :meth:`check` has something to do)?"""
        return self._recheck is not None

    def check(self) -> str | None:
        """Is the lock still held? Taken again if its connection was lost; returns why not (another server has it
        now), or None. A database that cannot be reached now is not an answer: None, and the next check tries again."""
        if self._recheck is None:
            return None
        try:
            self._recheck()
        except InUse as lost:
            return str(lost)
        except Exception:
            return None
        return None

    @classmethod
    def take(cls, url: str, *, cluster: bool) -> Presence:
        """Take the lock for a server on ``url`` (``cluster``: as one of several workers); raises InUse, or the
        database's own error when it cannot be reached."""
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        if parsed.get_backend_name() == "postgresql":
            return cls._postgres(url, cluster)
        if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
            return cls._sqlite(Path(parsed.database))
        return cls()

    @classmethod
    def _postgres(cls, url: str, cluster: bool) -> Presence:
        lock = _PgLock(url, cluster)
        lock.take()
        return cls(lock.close, lock.recheck)

    @classmethod
    def _sqlite(cls, path: Path) -> Presence:
        try:
            import fcntl
        except ImportError:  # no flock here (Windows): the check is left out
            return cls()
        lock = path.with_name(path.name + ".lock")
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:  # no such folder, or not writable: the database's own open says what is wrong, in its words
            return cls()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise InUse(
                f"another hearts server already serves the database {path}: stop it, or give this one another --db "
                "(several workers need PostgreSQL)"
            ) from None
        return cls(lambda: os.close(fd))

    def close(self) -> None:
        """Let the lock go (the process's end lets it go too)."""
        self._recheck = None
        release, self._release = self._release, None
        if release is not None:
            release()

    def __enter__(self) -> Presence:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _PgLock:
    """The advisory lock on its own connection (NullPool: the connection is this object's alone)."""

    def __init__(self, url: str, cluster: bool) -> None:
        from sqlalchemy import create_engine
        from sqlalchemy.pool import NullPool

        self.cluster = cluster
        self.engine = create_engine(url, poolclass=NullPool)
        self.conn: Any = None
        self.lock = threading.Lock()  # the watchdog's checks and the close at the end may come from two threads

    def take(self) -> None:
        """Take the lock on a new connection (raises InUse, saying who has it, or the database's error)."""
        from sqlalchemy import text

        conn = self.engine.connect()
        try:
            fn = "pg_try_advisory_lock_shared" if self.cluster else "pg_try_advisory_lock"
            got = bool(conn.execute(text(f"SELECT {fn}(:k)"), {"k": LOCK_KEY}).scalar_one())
            workers = False
            if not got:  # who holds it: workers (a shared lock) or a single server (an exclusive one)?
                workers = bool(conn.execute(text("SELECT pg_try_advisory_lock_shared(:k)"), {"k": LOCK_KEY}).scalar_one())
                if workers:
                    conn.execute(text("SELECT pg_advisory_unlock_shared(:k)"), {"k": LOCK_KEY})
            conn.commit()  # a session lock outlives the transaction: the connection stays idle, not idle in a transaction
        except Exception:
            conn.close()
            self.engine.dispose()
            raise
        if not got:
            conn.close()
            self.engine.dispose()
            if workers:
                raise InUse("cluster workers already serve this database: add --cluster to run as one of them, or use another database")
            raise InUse(
                "another hearts server already serves this database (not as a cluster worker): stop it, use another "
                "database, or run every server with --cluster"
            )
        self.conn = conn

    def recheck(self) -> None:
        """Is the lock's connection alive? If not, take the lock again (raises InUse if another server has it now)."""
        from sqlalchemy import text

        with self.lock:
            if self.conn is not None:
                try:
                    self.conn.execute(text("SELECT 1"))
                    self.conn.commit()
                    return
                except Exception:
                    try:
                        self.conn.close()
                    except Exception:
                        pass
                    self.conn = None
            self.take()

    def close(self) -> None:
        with self.lock:
            try:
                if self.conn is not None:
                    self.conn.close()
            finally:
                self.conn = None
                self.engine.dispose()
