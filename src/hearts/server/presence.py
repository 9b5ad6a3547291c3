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
  ``kill -9``), so a dead server never blocks the next one.
- **SQLite**: an exclusive ``flock`` on ``DB.lock`` beside the database
  file, which the kernel lets go when the process ends, however it ends. An
  in-memory database needs none (nobody else can open it).

Only ``hearts serve`` takes the lock (:mod:`hearts.server.cli`); an app made
by :func:`hearts.server.app.create_app` in a test takes none.

>>> Presence.take("sqlite://", cluster=False).close()  # in memory: nothing to lock
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

#: the advisory lock's key (one per database: PostgreSQL's advisory locks belong to the database they are taken in)
LOCK_KEY = 7349002


class InUse(Exception):
    """Another live server uses the database in a way this one may not run beside: the one-line reason."""


class Presence:
    """The lock a running server holds on its database (see the module's notes); :meth:`close` lets it go."""

    def __init__(self, release: Any = None) -> None:
        self._release = release

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
        from sqlalchemy import create_engine, text
        from sqlalchemy.pool import NullPool

        engine = create_engine(url, poolclass=NullPool)
        conn = engine.connect()
        try:
            fn = "pg_try_advisory_lock_shared" if cluster else "pg_try_advisory_lock"
            got = bool(conn.execute(text(f"SELECT {fn}(:k)"), {"k": LOCK_KEY}).scalar_one())
            if not got:  # who holds it: workers (a shared lock) or a single server (an exclusive one)?
                workers = bool(conn.execute(text("SELECT pg_try_advisory_lock_shared(:k)"), {"k": LOCK_KEY}).scalar_one())
                if workers:
                    conn.execute(text("SELECT pg_advisory_unlock_shared(:k)"), {"k": LOCK_KEY})
            conn.commit()  # a session lock outlives the transaction: the connection stays idle, not idle in a transaction
        except Exception:
            conn.close()
            engine.dispose()
            raise
        if not got:
            conn.close()
            engine.dispose()
            if workers:
                raise InUse("cluster workers already serve this database: add --cluster to run as one of them, or use another database")
            raise InUse(
                "another hearts server already serves this database (not as a cluster worker): stop it, use another "
                "database, or run every server with --cluster"
            )

        def release() -> None:
            try:
                conn.close()
            finally:
                engine.dispose()

        return cls(release)

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
        release, self._release = self._release, None
        if release is not None:
            release()

    def __enter__(self) -> Presence:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
