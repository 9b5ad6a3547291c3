"""Every live table of one server process, and what they share.

One :class:`Hub` per server process, at the top of the server's middle. It
builds what the tables all use, the database threads, the bot pool, the
remote bots' tokens and the timing settings, into one
:class:`~hearts.server.context.TableContext`, and hands it down to the
registry of the tables it serves (``tables``: a
:class:`~hearts.server.live.Tables`, table id →
:class:`~hearts.server.live.LiveTable`, the actor that owns one table's
state, clients, timers and bots) and to the lobby; nothing below reaches
back up to the hub. It rebuilds the open tables at the start, takes over
and lets go of tables in a cluster, and stops everything at the end. A
websocket connection's messages come in here and go to the connection's
table; the HTTP requests about tables go to the
:class:`~hearts.server.lobby.Lobby` (``hub.lobby``).

Database calls run on a small pool of threads; one table's calls run one at
a time (under its lock), so a slow write of one table holds up only that
table, and ``/healthz`` has a thread of its own. Bots decide in worker
processes (:mod:`hearts.server.botpool`), so a slow bot never holds the
event loop. Outgoing messages go through a bounded queue per client
(:mod:`hearts.server.connection`), so a slow client never holds up its table.

The parts, each in its own module, top-down (each imports only those below it):

- :mod:`~hearts.server.lobby`: create, join, list, look up; stats and records.
- :mod:`~hearts.server.live`: one table's actor: the one way an action enters
  it, the broadcast of each seat's view, its clients coming and going, the
  next game; and ``Tables``, the registry of a server's live tables.
- :mod:`~hearts.server.turns`: the turn timer, the score-sheet pause, the
  bot driver of one table; :mod:`~hearts.server.services`: hint, claim and
  undo; :mod:`~hearts.server.chat`: the talk at the table.
- :mod:`~hearts.server.remote`: one table's remote bot seats.
- :mod:`~hearts.server.context`: what a live table gets from its server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .bot_tokens import BotTokens
from .botpool import BOT_NICE, BotPool
from .connection import Client
from .context import TableContext, Timings
from .live import LiveTable, Tables
from .lobby import Lobby
from .players import Players
from .remote import MOVE_SECONDS
from .store import Store
from .table import Table

log = logging.getLogger("hearts.server")

#: database worker threads (one table's calls still run one at a time)
DB_THREADS = 4
#: seconds a table still waiting for its start lives on with nobody connected (then it is deleted)
WAITING_TIMEOUT = 900.0
#: seconds the players may read the score sheet after a hand before the next hand's timer runs and its bots act
REVIEW_SECONDS = 20.0
#: seconds a seat whose last connection ended is still shown connected (a quick reconnect changes nothing the others see)
RECONNECT_QUIET = 2.0


class _Timing:
    """A hub attribute that reads and writes the field of the same name of the hub's shared ``timings``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, hub: Any, owner: type) -> float:
        return float(getattr(hub.timings, self.name))

    def __set__(self, hub: Any, value: float) -> None:
        setattr(hub.timings, self.name, value)


class Hub:
    """Every live table of one server; see the module's notes.

    The timing settings are one :class:`~hearts.server.context.Timings` that the tables read as they run, so a test
    may change them on a running hub (``hub.review = 0``).
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.7,
        grace: float = 20.0,
        waiting_timeout: float = WAITING_TIMEOUT,
        review: float = REVIEW_SECONDS,
        bot_workers: int | None = None,
        quiet: float = RECONNECT_QUIET,
        bot_nice: int = BOT_NICE,
        bot_tokens: BotTokens | None = None,
        bot_move_seconds: float = MOVE_SECONDS,
        default_level: str = "medium",
    ) -> None:
        """``bot_delay``: seconds a bot waits before each move; ``grace``: seconds a seat not connected keeps its player
        before a bot plays for it; ``waiting_timeout``: seconds a waiting table nobody is at lives on; ``review``: the
        score-sheet pause after a hand.

        ``bot_workers``: the processes bots decide in (None: one per usable core; 0: a thread of this process),
        ``bot_nice`` steps below this process's priority.

        ``quiet``: seconds a seat whose last connection ended is still shown connected (0: shown at once).
        ``bot_tokens``: the remote bots that may take seats, each with ``bot_move_seconds`` a decision.
        ``default_level``: the bots' level of a table made without one (``hearts serve`` gives
        :func:`hearts.server.lobby.default_level`).
        """
        self.store = store
        self.players = Players(store.engine)
        self.default_level = default_level
        self.timings = Timings(bot_delay=bot_delay, grace=grace, waiting_timeout=waiting_timeout, review=review, quiet=quiet)
        memory = store.url in ("sqlite://", "sqlite:///:memory:")  # one shared connection: one thread
        self.db = ThreadPoolExecutor(1 if memory else DB_THREADS, thread_name_prefix="hearts-db")
        self.health = ThreadPoolExecutor(1, thread_name_prefix="hearts-health")
        self.bots = BotPool(bot_workers, bot_nice)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.ready = False
        #: what every live table gets from this server (each gets nothing else: no table reaches back to the hub)
        self.context = TableContext(
            store=store,
            players=self.players,
            bots=self.bots,
            timings=self.timings,
            db_call=self.db_call,
            spawn=self.spawn,
            bot_tokens=bot_tokens or BotTokens(),
            bot_move_seconds=bot_move_seconds,
        )
        self.tables = Tables(self.context)
        self.lobby = Lobby(self.context, self.tables, default_level)

    # -- the timing settings (one Timings, shared by every table) --------------
    bot_delay = _Timing()
    grace = _Timing()
    waiting_timeout = _Timing()
    review = _Timing()
    quiet = _Timing()

    # -- life ---------------------------------------------------------------
    async def start(self, *, load: bool = True) -> None:
        """Rebuild every open table from its stored log (``load=False``: none; a cluster adopts its own), then let bots and timers go on."""
        await self.bots.start()
        tables = await self.db_call(self.store.load_open) if load else []
        self.adopt(tables)
        self.ready = True
        log.info("hearts server ready: %d open tables resumed", len(tables))

    def adopt(self, tables: list[Table]) -> None:
        """Serve tables rebuilt from their logs (at start, or taken over from a worker that stopped)."""
        fresh = []
        for table in tables:
            if table.id in self.tables:
                continue
            live = self.tables.open(table)
            fresh.append(live)
            live.start_graces()  # nobody is connected yet: each seat's grace period starts now
        for live in fresh:
            live.arm_expiry()
            live.turns.schedule()

    def release(self, table_id: str, ws: str | None = None) -> None:
        """Stop serving a table another worker owns now (see :meth:`Tables.release <hearts.server.live.Tables.release>`)."""
        self.tables.release(table_id, ws)

    async def stop(self) -> None:
        """Stop every table's bots and timers, then the database threads and the bot pool."""
        self.ready = False
        for live in self.tables.values():
            live.stop()
        self.db.shutdown(wait=True)
        self.health.shutdown(wait=False, cancel_futures=True)
        await self.bots.stop()

    # -- what the tables share ----------------------------------------------
    async def db_call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on a database thread (the caller holds its table's lock: one table's calls run one at a time)."""
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def db_ok(self) -> bool:
        """Is the database reachable? (on a thread of its own, so busy tables never delay the answer)"""
        return bool(await asyncio.get_running_loop().run_in_executor(self.health, self.store.ping))

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` as a task of its own, kept until it is done."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def find(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (raises Refusal ``not_found``: none here, or its game is over)."""
        return self.tables.find(table_id)

    # -- websocket clients --------------------------------------------------
    async def hello(self, client: Client, msg: dict[str, Any]) -> None:
        """Attach a client to its table and seat (raises Refusal for a bad table or token)."""
        await self.find(msg["table"]).hello(client, msg)

    async def handle(self, client: Client, msg: dict[str, Any]) -> None:
        """One checked message from an attached client."""
        await self.find(client.table_id or "").handle(client, msg)

    def leave(self, client: Client) -> None:
        """A connection ended (see :meth:`LiveTable.leave`)."""
        client.closed = True
        live = self.tables.get(client.table_id or "")
        if live is None or client not in live.clients:
            return
        live.leave(client)
