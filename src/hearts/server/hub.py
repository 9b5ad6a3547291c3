"""The live tables: their clients, bots, timers, and the order of every action.

One :class:`Hub` per server process. Each table has a lock; an action is
checked by the engine and applied to a fork of the table, stored in the
database, and only then does the fork become the live table, and the action
is acknowledged and sent to every client of the table, each client getting
the state built from its own seat's view. Nobody sees an action before it is
stored, and a failed write leaves the table exactly as it was.

Database calls run on a small pool of threads; one table's calls run one at
a time (under its lock), so a slow write of one table holds up only that
table, and ``/healthz`` has a thread of its own. Bots decide in worker
processes (:mod:`hearts.server.botpool`), so a slow bot never holds the
event loop. Outgoing messages go through a bounded queue per client, so a
slow client never holds up its table.

Who holds a seat: one seat per person at a table. A join that carries a
token of a seat at the table is refused (``already_seated``), and once the
game is playing, so is a join from a peer address that already took a seat
there (this machine's own addresses excepted: the host, or a front proxy).
A seat taken during the game is *joining*: a bot finishes the current hand
for it and its client sees only the public view until the next hand. A seat
taken but not connected is away after the grace period, as if it had left.
A seat whose last connection ends is still shown connected for ``quiet``
seconds: a quick reconnect (a phone changing networks, a page reloaded)
costs one state, to that client only, and the others hear nothing of it;
a seat that stays gone is shown disconnected after that time.
Spectators have a cap of their own; a seated player with its token is
always let in. Spectators coming and going send nothing to the table, and a
waiting table that nobody is at is forgotten after ``waiting_timeout``.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hearts.bots.registry import LEVELS
from hearts.core import card_name
from hearts.core import claim as claim_rules
from hearts.core.errors import HeartsError
from hearts.core.fair_deal import SeedError, check_client_seed, new_server_seed
from hearts.core.rules import rules_from_mapping

from . import protocol
from .bot_tokens import BotTokens
from .botpool import BOT_NICE, BotPool
from .lease import LeaseLost
from .projection import state_message, state_messages, table_json
from .remote import MOVE_SECONDS, RemoteBots, RemoteSeat
from .store import OverQuota, Quota, Store
from .table import BOT, FINISHED, HUMAN, OPEN, PLAYING, REMOTE, WAITING, Refusal, Table, token_hash

log = logging.getLogger("hearts.server")

#: dropped messages after which a flooding client is disconnected
FLOOD_LIMIT = 100
#: outgoing messages queued for one client before it is dropped as too slow
QUEUE_LIMIT = 256
#: the turn timer's allowed values (0: none)
TURN_SECONDS = (10, 600)
MAX_NAME = 24
#: seconds after which a table still waiting for its start, with nobody there, is no longer listed (its link still works)
STALE_WAITING = 6 * 3600
#: spectator connections one table accepts (seated players are always let in)
MAX_SPECTATORS = 48
#: connections one seat holds at once: a newer one replaces the oldest
MAX_PER_SEAT = 3
#: database worker threads (one table's calls still run one at a time)
DB_THREADS = 4
#: seconds a table still waiting for its start lives on with nobody connected (then it is deleted)
WAITING_TIMEOUT = 900.0
#: seconds the players may read the score sheet after a hand before the next hand's timer runs and its bots act
REVIEW_SECONDS = 20.0
#: seconds a seat whose last connection ended is still shown connected (a quick reconnect changes nothing the others see)
RECONNECT_QUIET = 2.0
#: peer addresses that are not one person: this machine (the host itself, or a front proxy on it that does not pass the client on)
LOCAL_PEERS = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
_order = itertools.count()


class Client:
    """One websocket connection: its seat (None: a spectator), its rate limit and its outgoing queue."""

    def __init__(self, send_text: Callable[[str], Any], close: Callable[[int], Any], *, peer: str | None = None) -> None:
        self.send_text = send_text
        self.close = close
        self.peer = peer
        self.order = next(_order)
        self.table_id: str | None = None
        self.seat: int | None = None
        #: the name of the remote bot this connection is (None: a person or a spectator)
        self.bot: str | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_LIMIT)
        self.task: asyncio.Task[None] | None = None
        self.bucket = protocol.TokenBucket()
        self.dropped = 0
        self.closed = False

    def allow(self) -> bool:
        """Take one message from the rate limit (False: over the limit, and counted as dropped)."""
        if self.bucket.wait() == 0.0:
            return True
        self.dropped += 1
        return False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client whose queue is full is not reading: it is closed (code 1008)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            asyncio.get_running_loop().create_task(self._abort())

    async def _abort(self) -> None:
        """Stop the writer (it may be stuck in a send) and close the connection."""
        if self.task is not None:
            self.task.cancel()
        await _close_quietly(self.close)

    async def close_after_send(self, code: int) -> None:
        """Let the queued messages go out (bounded: a stuck peer is closed anyway), then close with ``code``."""
        for _ in range(20):
            if self.queue.empty():
                break
            await asyncio.sleep(0.01)
        self.closed = True
        try:
            await asyncio.wait_for(self.close(code), 2.0)
        except Exception:
            pass

    def start(self) -> asyncio.Task[None]:
        """Start the writer task that sends the queued messages."""
        self.task = asyncio.get_running_loop().create_task(self._write())
        return self.task

    async def _write(self) -> None:
        try:
            while True:
                await self.send_text(await self.queue.get())
        except Exception:
            pass  # the connection is gone
        finally:
            if not self.closed:  # the connection ended by itself (an abort closes it itself)
                self.closed = True
                await _close_quietly(self.close)


async def _close_quietly(close: Callable[[int], Any]) -> None:
    """Close with code 1008; a connection already closed, or a peer that is stuck, is left to the server."""
    try:
        await asyncio.wait_for(close(1008), 2.0)
    except Exception:
        pass


@dataclass
class LiveTable:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    away: set[int] = field(default_factory=set)
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    deadline: float | None = None
    turn_key: tuple[Any, ...] | None = None
    expired: tuple[Any, ...] | None = None
    timer: asyncio.TimerHandle | None = None
    driver: asyncio.Task[None] | None = None
    #: the peer address that took each seat (in memory only)
    peers: dict[int, str] = field(default_factory=dict)
    #: when a waiting table nobody is at is deleted (``armed`` counts the countdowns: only the latest one deletes)
    expiry: asyncio.TimerHandle | None = None
    armed: int = 0
    #: the score-sheet pause after a hand: the hand it opens, when it ends, the seats that have said they are ready
    review_hand: int | None = None
    review_until: float | None = None
    ready: set[int] = field(default_factory=set)
    review_timer: asyncio.TimerHandle | None = None
    #: seats whose last connection ended less than the quiet time ago (still shown connected), each with its timer
    quiet: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    #: the remote bots' seats (hearts.server.remote)
    bots: dict[int, RemoteSeat] = field(default_factory=dict)

    def connected(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None and not c.closed}

    def shown(self) -> set[int]:
        """The seats the clients are shown connected: connected now, or within the quiet time of their last connection."""
        return self.connected() | set(self.quiet)

    def unquiet(self, seat: int) -> None:
        handle = self.quiet.pop(seat, None)
        if handle is not None:
            handle.cancel()


class Hub:
    """Every live table of one server; see the module's notes."""

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
    ) -> None:
        """``bot_workers``: the processes bots decide in (None: one per usable core; 0: a thread of this process),
        ``bot_nice`` steps below this process's priority.

        ``quiet``: seconds a seat whose last connection ended is still shown connected (0: shown at once).
        ``bot_tokens``: the remote bots that may take seats, each with ``bot_move_seconds`` a decision.
        """
        self.store = store
        self.review = review
        self.quiet = quiet
        self.bot_delay = bot_delay
        self.grace = grace
        self.waiting_timeout = waiting_timeout
        self.tables: dict[str, LiveTable] = {}
        memory = store.url in ("sqlite://", "sqlite:///:memory:")  # one shared connection: one thread
        self.db = ThreadPoolExecutor(1 if memory else DB_THREADS, thread_name_prefix="hearts-db")
        self.health = ThreadPoolExecutor(1, thread_name_prefix="hearts-health")
        self.bots = BotPool(bot_workers, bot_nice)
        self.remote = RemoteBots(self, bot_tokens or BotTokens(), bot_move_seconds)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.ready = False

    # -- life ---------------------------------------------------------------
    async def start(self, *, load: bool = True) -> None:
        """Rebuild every open table from its stored log (``load=False``: none; a cluster adopts its own), then let bots and timers go on."""
        await self.bots.start()
        tables = await self._db(self.store.load_open) if load else []
        self.adopt(tables)
        self.ready = True
        log.info("hearts server ready: %d open tables resumed", len(tables))

    def adopt(self, tables: list[Table]) -> None:
        """Serve tables rebuilt from their logs (at start, or taken over from a worker that stopped)."""
        loop = asyncio.get_running_loop()
        fresh = []
        for table in tables:
            if table.id in self.tables:
                continue
            live = self.tables[table.id] = LiveTable(table)
            fresh.append(live)
            for seat in table.seats:  # nobody is connected yet: each seat's grace period starts now
                if seat.token_hash is not None:
                    live.grace[seat.seat] = loop.call_later(self.grace, self._away, live, seat.seat)
        for live in fresh:
            self._arm_expiry(live)
            self._schedule(live)

    def release(self, table_id: str, ws: str | None = None) -> None:
        """Stop serving a table another worker owns now: its bots and timers stop, and each client is sent on
        (``moved`` to ``ws``, close code 4302) or closed (1012) to connect again."""
        live = self.tables.pop(table_id, None)
        if live is None:
            return
        for handle in (live.timer, live.expiry, *live.grace.values(), *live.quiet.values()):
            if handle is not None:
                handle.cancel()
        live.grace.clear()
        live.quiet.clear()
        if live.driver is not None:
            live.driver.cancel()
        self.remote.forget(live)
        for client in list(live.clients):
            live.clients.discard(client)
            if ws:
                client.send(protocol.reply("moved", ws=ws))
            client.closed = True  # nothing more is read or queued: what is queued goes out, then the close
            self._spawn(client.close_after_send(4302 if ws else 1012))
        log.info("table %s is served by another worker now", table_id)

    async def stop(self) -> None:
        self.ready = False
        for live in self.tables.values():
            if live.driver is not None:
                live.driver.cancel()
            if live.timer is not None:
                live.timer.cancel()
            for h in (*live.grace.values(), *live.quiet.values()):
                h.cancel()
            if live.expiry is not None:
                live.expiry.cancel()
            if live.review_timer is not None:
                live.review_timer.cancel()
            self.remote.forget(live)
        self.db.shutdown(wait=True)
        self.health.shutdown(wait=False, cancel_futures=True)
        await self.bots.stop()

    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def db_ok(self) -> bool:
        """Is the database reachable? (on a thread of its own, so busy tables never delay the answer)"""
        return bool(await asyncio.get_running_loop().run_in_executor(self.health, self.store.ping))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- lobby --------------------------------------------------------------
    async def create_table(
        self, body: Any, peer: str | None = None, creator: str | None = None, quota: Quota | None = None
    ) -> dict[str, Any]:
        """A new table from a create request (raises Refusal for a bad one).

        ``creator`` and ``quota``: in a cluster, the client's table limits, counted in the database over every worker.
        """
        if not isinstance(body, dict):
            raise Refusal("bad_request", "send a JSON object with at least 'variant' and 'players'")
        allowed = {"variant", "players", "target", "rules", "level", "turn_seconds", "name", "client_seed"}
        unknown = sorted(set(body) - allowed)
        if unknown:
            raise Refusal("bad_request", f"unknown field {unknown[0][:40]!r}: the fields are {', '.join(sorted(allowed))}")
        try:  # the core's one checker of rules options (the same messages as the command line's)
            rules = rules_from_mapping(body.get("variant"), body.get("players"), body.get("rules", {}), target=body.get("target"))
        except (HeartsError, TypeError) as e:
            raise Refusal("bad_request", str(e)) from None
        level = body.get("level", "medium")
        if level not in LEVELS:
            raise Refusal("bad_request", f"level must be one of {', '.join(LEVELS)}")
        turn = body.get("turn_seconds", 60)
        if not isinstance(turn, int) or isinstance(turn, bool) or not (turn == 0 or TURN_SECONDS[0] <= turn <= TURN_SECONDS[1]):
            raise Refusal("bad_request", f"turn_seconds must be 0 (no timer) or from {TURN_SECONDS[0]} to {TURN_SECONDS[1]}")
        name = None
        if body.get("name") is not None:
            name = check_name(body["name"])
        client_seed = _client_seed(body)
        table = Table.new(secrets.token_urlsafe(6), rules, level=level, turn_seconds=turn, secret=new_server_seed(), created=time.time())
        try:
            await self._db(self.store.create, table, creator, quota)
        except OverQuota as over:
            raise Refusal("rate_limited", str(over)) from None
        live = LiveTable(table)
        self.tables[table.id] = live
        self._arm_expiry(live)
        out: dict[str, Any] = {"table": table.id, "invite": f"/t/{table.id}"}
        if name is not None:
            out.update(await self.join(table.id, {"name": name, "seat": 0, "client_seed": client_seed}, peer))
        return out

    async def join(self, table_id: str, body: Any, peer: str | None = None) -> dict[str, Any]:
        """Take a seat by name: returns the seat and its secret token (see the module's notes for who may).

        ``body["token"]``: the token the client already holds for this table, if any; ``peer``: the client's address.
        """
        live = self._live(table_id)
        if not isinstance(body, dict) or set(body) - {"name", "seat", "token", "client_seed"}:
            raise Refusal(
                "bad_request",
                'send {"name": ..., "seat": optional seat number, "token": the seat token you hold here, if any, "client_seed": optional}',
            )
        name = check_name(body.get("name"))
        client_seed = _client_seed(body)
        wanted = body.get("seat")
        if wanted is not None and (not isinstance(wanted, int) or isinstance(wanted, bool)):
            raise Refusal("bad_request", "seat must be a seat number")
        held = body.get("token")
        if held is not None and (not isinstance(held, str) or not held.isascii() or len(held) > 200):
            raise Refusal("bad_request", "token must be the seat token you hold at this table")
        async with live.lock:
            table = live.table
            if held:
                if table.seat_of_token(held) is None:
                    raise Refusal("unauthorized", "this token holds no seat at this table")
                raise Refusal("already_seated", "you already hold a seat at this table: one seat per person")
            seat = table.seat_for(wanted)
            if seat is None:
                if table.status == FINISHED:
                    raise Refusal("not_now", "the game is over")
                raise Refusal(
                    "seat_taken", f"seat {wanted} cannot be taken" if wanted is not None else "every seat is taken: you can watch"
                )
            playing = table.status == PLAYING
            if playing and peer is not None and peer not in LOCAL_PEERS and peer in live.peers.values():
                raise Refusal("already_seated", "a seat at this table was already taken from your address: one seat per person")
            token = secrets.token_urlsafe(24)
            s = table.seats[seat]
            before = copy.copy(s)
            # during the game the seat is joining: the bot finishes this hand, the player has it from the next
            s.name, s.kind, s.token_hash, s.ever_human = name, BOT if playing else HUMAN, token_hash(token), True
            s.client_seed = client_seed or ""
            counted = client_seed if table.status == WAITING else None  # the seeds are fixed at the start
            try:
                await self._db(self.store.save_seat, table, s)
            except LeaseLost:
                table.seats[seat] = before
                self.release(table_id)
                raise Refusal("moved", "this table is served by another worker now: try again") from None
            except Exception:
                table.seats[seat] = before
                log.exception("could not store a seat of table %s", table_id)
                raise Refusal("server_error", "the seat could not be stored; try again") from None
            if peer is not None:
                live.peers[seat] = peer
            self._start_grace(live, seat)  # taken but not connected: away after the grace period, as if it had left
            self._arm_expiry(live)
            self._schedule(live)  # first: the state carries the turn's new deadline
            self._broadcast(live)
        return {"table": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}#token={token}", "client_seed": counted}

    def _start_grace(self, live: LiveTable, seat: int) -> None:
        """The seat is not connected: a bot plays for it once the grace period is over (unless it connects)."""
        if seat in live.connected() or live.table.status == FINISHED:
            return
        old = live.grace.pop(seat, None)
        if old is not None:
            old.cancel()
        live.grace[seat] = asyncio.get_running_loop().call_later(self.grace, self._away, live, seat)

    def _arm_expiry(self, live: LiveTable) -> None:
        """(Re)start the countdown after which a waiting table nobody is at is deleted; stop it if someone is there."""
        self._disarm_expiry(live)
        if live.table.status == WAITING and not live.clients:
            armed = live.armed
            live.expiry = asyncio.get_running_loop().call_later(self.waiting_timeout, lambda: self._spawn(self._drop_waiting(live, armed)))

    def _disarm_expiry(self, live: LiveTable) -> None:
        live.armed += 1
        if live.expiry is not None:
            live.expiry.cancel()
            live.expiry = None

    async def _drop_waiting(self, live: LiveTable, armed: int) -> None:
        """Delete a table that never started and that nobody is at (from memory, the lobby and the database)."""
        async with live.lock:
            table_id = live.table.id
            stale = armed != live.armed  # someone came (or joined) since this countdown started
            if stale or live.table.status != WAITING or live.clients or self.tables.get(table_id) is not live:
                return
            try:
                await self._db(self.store.delete_waiting, table_id)
            except LeaseLost:
                self.release(table_id)
                return
            except Exception:
                log.exception("could not delete the abandoned table %s", table_id)
                self._arm_expiry(live)
                return
            self.tables.pop(table_id, None)
            for h in live.grace.values():
                h.cancel()
            live.grace.clear()
            log.info("table %s was never started and nobody is there: deleted", table_id)

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list: tables playing, and tables waiting that are recent or have someone there."""
        now = time.time()
        return [
            table_json(live.table, live.shown(), live.away)
            for live in sorted(self.tables.values(), key=lambda x: -x.table.created)
            if live.table.status == PLAYING
            or (live.table.status != FINISHED and (live.clients or now - live.table.created < STALE_WAITING))
        ]

    def table_info(self, table_id: str) -> dict[str, Any]:
        live = self._live(table_id)
        return table_json(live.table, live.shown(), live.away)

    async def finished_games(self) -> list[dict[str, Any]]:
        games: list[dict[str, Any]] = await self._db(self.store.finished_games)
        return games

    async def player_stats(self, name: Any) -> dict[str, Any]:
        """A player's results over the finished games kept here, by name (see :meth:`Store.player_stats`)."""
        stats: dict[str, Any] = await self._db(self.store.player_stats, check_name(name))
        return stats

    async def record(self, table_id: str) -> str:
        found = await self._db(self.store.record, table_id)
        if found is None:
            raise Refusal("not_found", "there is no such table")
        status, text = found
        if status != FINISHED or text is None:
            raise Refusal("not_finished", "the game is not over yet: its record is available once it ends")
        return str(text)

    def _live(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id) if isinstance(table_id, str) else None
        if live is None:
            raise Refusal("not_found", "there is no such table (or its game is over)")
        return live

    # -- websocket clients --------------------------------------------------
    async def hello(self, client: Client, msg: dict[str, Any]) -> None:
        """Attach a client to its table and seat (raises Refusal for a bad table or token)."""
        live = self._live(msg["table"])
        if msg.get("bot") is not None or msg.get("bot_token") is not None:
            await self.remote.attach(live, client, msg)
            return
        if msg.get("seat") is not None:
            raise Refusal("bad_message", "'seat' belongs in a bot's hello: a person takes a seat by joining")
        seat = None
        token = msg.get("token")
        if token:
            seat = live.table.seat_of_token(token)
            if seat is None:
                raise Refusal("unauthorized", "this link's token holds no seat at this table")
        if seat is None:
            if sum(1 for c in live.clients if c.seat is None) >= MAX_SPECTATORS:
                raise Refusal("not_now", "this table has as many spectators as it takes: try again later")
        else:  # a seated player is always let in; its oldest connection may make room
            mine = sorted((c for c in live.clients if c.seat == seat), key=lambda c: c.order)
            for old in mine[: max(0, len(mine) - MAX_PER_SEAT + 1)]:
                self._replace(live, old)
        client.table_id, client.seat = live.table.id, seat
        was_shown = live.shown()
        live.clients.add(client)
        self._disarm_expiry(live)
        name = live.table.seats[seat].name if seat is not None else None
        client.send(protocol.reply("welcome", seat=seat, name=name))
        if seat is None:  # a spectator: only it hears of its arrival
            client.send(self._state(live, None))
            return
        if client.peer is not None:
            live.peers.setdefault(seat, client.peer)
        handle = live.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        live.unquiet(seat)
        if seat in was_shown and seat not in live.away:
            # another tab of a connected seat, or a quick reconnect: the others see nothing change
            client.send(self._state(live, seat))
            return
        live.away.discard(seat)
        self._schedule(live)
        self._broadcast(live)

    def _replace(self, live: LiveTable, old: Client) -> None:
        """Make room for a seat's new connection: its oldest one is told, then closed (code 4409)."""
        live.clients.discard(old)
        old.send(protocol.error("replaced", "this seat connected again elsewhere: this connection is closed"))

        async def close_soon() -> None:
            for _ in range(20):  # let the error go out first (bounded: a stuck peer is closed anyway)
                if old.queue.empty():
                    break
                await asyncio.sleep(0.01)
            old.closed = True
            try:
                await asyncio.wait_for(old.close(4409), 2.0)
            except Exception:
                pass

        self._spawn(close_soon())

    def leave(self, client: Client) -> None:
        """A connection ended: a seat left waits ``grace`` seconds, then a bot plays for it; a spectator's leaving is silent."""
        client.closed = True
        live = self.tables.get(client.table_id or "")
        if live is None or client not in live.clients:
            return
        live.clients.discard(client)
        self.remote.detach(live, client)
        seat = client.seat
        if seat is not None and seat not in live.connected():
            self._start_grace(live, seat)
            if self.quiet > 0 and seat not in live.away:  # shown connected a little longer: a quick reconnect changes nothing
                live.unquiet(seat)
                live.quiet[seat] = asyncio.get_running_loop().call_later(self.quiet, self._gone, live, seat)
            else:
                self._broadcast(live)
        if live.table.status == FINISHED and not live.clients:
            self.tables.pop(live.table.id, None)
        self._arm_expiry(live)

    def _gone(self, live: LiveTable, seat: int) -> None:
        """The quiet time of a seat that left is over: if it has not come back, the others are shown it disconnected."""
        live.quiet.pop(seat, None)
        if seat not in live.connected() and self.tables.get(live.table.id) is live:
            self._broadcast(live)

    def _away(self, live: LiveTable, seat: int) -> None:
        live.grace.pop(seat, None)
        live.unquiet(seat)
        if seat not in live.connected():
            live.away.add(seat)
            self._schedule(live)  # first: the state carries the turn's new deadline
            self._broadcast(live)

    async def handle(self, client: Client, msg: dict[str, Any]) -> None:
        """One checked message from an attached client."""
        live = self._live(client.table_id or "")
        kind, msg_id = msg["type"], msg.get("id")
        if kind == "ping":
            client.send(protocol.reply("pong", **({"id": msg_id} if msg_id is not None else {})))
            return
        if kind == "sync":
            client.send(self._state(live, client.seat))
            return
        if kind == "hello":
            raise Refusal("bad_message", "hello is sent once, first")
        if kind == "action":
            await self.remote.reply(live, client, msg)
            return
        if client.bot is not None:
            raise Refusal("bad_message", f"a bot's connection sends {', '.join(protocol.BOT_MESSAGES)}")
        if client.seat is None:
            raise Refusal("not_seated", "spectators cannot act: take a seat first")
        if live.table.is_joining(client.seat):
            raise Refusal("not_now", "you took this seat during a hand: a bot finishes it, and you play from the next hand")
        ids = {"id": msg_id} if msg_id is not None else {}
        if kind == "ready":
            self._ready(live, client.seat)
            client.send(protocol.reply("ok", seq=live.table.seq, **ids))
            return
        if kind == "hint":
            client.send(protocol.reply("hint", **await self._hint(live, client.seat), **ids))
            return
        if kind in ("claim", "undo"):
            seq = await (self._claim if kind == "claim" else self._undo)(live, client.seat, msg["seq"])
            client.send(protocol.reply("ok", seq=seq, **ids))
            return
        entry: dict[str, Any] = {"kind": kind, "seat": client.seat, "by": "player"}
        if kind == "pass":
            entry["cards"] = msg["cards"]
        elif kind == "play":
            entry["card"] = msg["card"]
        elif kind == "moon":
            entry["choice"] = msg["choice"]
        seq = await self.submit(live, entry, msg["seq"])
        client.send(protocol.reply("ok", seq=seq, **({"id": msg_id} if msg_id is not None else {})))

    # -- the one way an action enters a table --------------------------------
    async def submit(self, live: LiveTable, entry: dict[str, Any], seq: int | None) -> int:
        """Check, apply to a fork, store, then make the fork live and broadcast; returns the action's sequence number.

        Raises Refusal; a failed write (``server_error``) leaves the live table exactly as it was, so the same
        action may be sent again.
        """
        async with live.lock:
            table = live.table
            if seq is not None and table.is_stale(entry["seat"], seq):
                raise Refusal("stale", f"the table has moved on (it is at action {table.seq}, you acted on {seq}): look again")
            refusal = table.check(entry)
            if refusal is not None:
                raise refusal
            nxt = table.fork()
            nxt.apply(entry)
            new_hand = nxt.game is not None and (table.game is None or len(nxt.game.hands) > len(table.game.hands))
            changed = nxt.promote_joining() if new_hand and nxt.status == PLAYING else []
            try:
                await self._db(self.store.append, nxt, nxt.log[-1], changed)
            except LeaseLost:
                self.release(table.id)
                raise Refusal("moved", "this table is served by another worker now: connect again") from None
            except Exception:
                if not await self._stored_anyway(nxt):
                    log.exception("could not store action %d of table %s", nxt.seq, table.id)
                    raise Refusal("server_error", "the action could not be stored; try again") from None
                log.warning("action %d of table %s was stored although the write reported an error", nxt.seq, table.id)
            live.table = nxt
            if entry["by"] == "player":  # a player who acts has finished reading the score sheet
                live.ready.add(entry["seat"])
            self._schedule(live)  # first: the state carries the turn's new deadline
            self._broadcast(live)
            return nxt.seq

    # -- help for a player: ready, hint, claim, undo --------------------------
    def _ready(self, live: LiveTable, seat: int) -> None:
        """The seat has read the score sheet: the pause ends once every player there has said so."""
        if live.review_hand is None or seat in live.ready:
            return
        live.ready.add(seat)
        self._schedule(live)
        self._broadcast(live)

    async def _hint(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """The medium bot's choice for ``seat``, made from that seat's view only."""
        table = live.table
        if table.game is None or seat not in table.seats_to_act():
            raise Refusal("not_now", "there is nothing for you to decide now")
        view = table.game.view(seat)
        seed = zlib.crc32(f"{table.id}/{table.seq}/{seat}/hint".encode())
        action = await self.bots.decide(LEVELS["medium"], seed, view)
        entry = table.entry_for(seat, action, "hint")
        return {"seq": table.seq, "action": {k: entry[k] for k in entry if k not in ("seat", "by")}}

    async def _claim(self, live: LiveTable, seat: int, seq: int) -> int:
        """Play the rest of the hand at once (each seat its lowest legal card) when its outcome is certain."""
        table = live.table
        hand = table.hand
        if table.is_stale(seat, seq):
            raise Refusal("stale", f"the table has moved on (it is at action {table.seq}, you acted on {seq}): look again")
        if hand is None or table.status != PLAYING or not claim_rules.can_claim(hand, seat):
            raise Refusal("not_now", "you can claim only on your turn, when no points are left or every card you hold wins its trick")
        number = hand.number
        last = table.seq
        for _ in range(table.rules.players * 30):  # bounded: a hand has fewer plays than this
            hand = live.table.hand
            if hand is None or hand.number != number or hand.phase != "play" or live.table.status != PLAYING:
                break
            mover = hand.to_move
            entry = {"kind": "play", "seat": mover, "card": card_name(hand.legal_cards()[0]), "by": "claim"}
            try:
                last = await self.submit(live, entry, None)
            except Refusal as r:
                if r.code == "server_error":
                    raise
                # a bot moved first: look again
        return last

    async def _undo(self, live: LiveTable, seat: int, seq: int) -> int:
        """Take back ``seat``'s last card of this hand, with every card played after it (bots only at the table)."""
        async with live.lock:
            table = live.table
            keep = table.undo_point(seat)
            if keep is None:
                raise Refusal("not_now", "undo takes back your last card of this hand, at a table where all the others are bots")
            if seq != table.seq:
                raise Refusal("stale", f"the table has moved on (it is at action {table.seq}, you acted on {seq}): look again")
            fresh = Table.new(
                table.id, table.rules, level=table.level, turn_seconds=table.turn_seconds, secret=table.secret, created=table.created
            )
            fresh.seats = [copy.copy(s) for s in table.seats]
            fresh.replay(table.log[:keep])
            try:
                await self._db(self.store.truncate, table.id, keep)
            except Exception:
                log.exception("could not undo to action %d of table %s", keep, table.id)
                raise Refusal("server_error", "the undo could not be stored; try again") from None
            live.table = fresh
            live.turn_key = None  # the turn starts again: a fresh timer
            self._schedule(live)
            self._broadcast(live)
            return fresh.seq

    # -- messages -----------------------------------------------------------
    async def _stored_anyway(self, table: Table) -> bool:
        """After a failed write: is its action in the database all the same (the commit went through, its answer was lost)?"""
        try:
            stored = await self._db(self.store.action, table.id, table.seq)
        except Exception:
            return False
        return bool(stored == table.log[-1])

    def _state(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        table = live.table
        joining = {seat} if seat is not None and table.is_joining(seat) else set()
        return state_message(
            table, seat, connected=live.shown(), away=live.away, deadline=live.deadline, joining=joining, review=self._review_json(live)
        )

    def _review_json(self, live: LiveTable) -> dict[str, Any] | None:
        if live.review_hand is None or live.review_until is None:
            return None
        return {"until": int(live.review_until * 1000), "ready": sorted(live.ready)}

    def _broadcast(self, live: LiveTable) -> None:
        """Send each client the state built from its own seat's view (a joining seat: the public view)."""
        clients = list(live.clients)
        if not clients:
            return
        table = live.table
        seats = {c.seat for c in clients}
        joining = {s for s in seats if s is not None and table.is_joining(s)}
        review = self._review_json(live)
        messages = state_messages(
            table, seats, connected=live.shown(), away=live.away, deadline=live.deadline, joining=joining, review=review
        )
        texts = {seat: json.dumps(msg, separators=(",", ":")) for seat, msg in messages.items()}
        for client in clients:
            client.send(texts[client.seat])

    # -- bots and timers ----------------------------------------------------
    def _bot_seat(self, live: LiveTable) -> int | None:
        """The next seat a bot must act for now (a bot seat, an away player, or a player out of time)."""
        table = live.table
        if live.review_hand is not None:
            return None  # the players are reading the score sheet: the bots wait too
        for seat in table.seats_to_act():
            kind = table.seats[seat].kind
            if kind == REMOTE:  # its own clock: the house bot moves only when the remote bot is gone or faulted
                if self.remote.house_plays(live, seat):
                    return seat
                continue
            if kind in (BOT, OPEN) or seat in live.away or (live.expired is not None and live.expired == live.turn_key):
                return seat
        return None

    def _schedule(self, live: LiveTable) -> None:
        """After any change: set the turn timer, and start the bot driver if a bot must act."""
        table = live.table
        if table.status != PLAYING:
            live.deadline = None
            if live.timer is not None:
                live.timer.cancel()
            if table.status == FINISHED and not live.clients:
                self.tables.pop(table.id, None)  # nobody is watching: the game lives on in the database
            self.remote.soon(live)  # a finished game: its bots get their end
            return
        hand = table.hand
        assert hand is not None
        key = (hand.number, hand.phase, hand.to_move if hand.phase == "play" else None)
        readers = self._readers(live)
        if key != live.turn_key and live.turn_key is not None and hand.number > live.turn_key[0] and readers and self.review > 0:
            self._start_review(live, hand.number)
        if live.review_hand is not None and (live.review_hand != hand.number or not readers - live.ready):
            self._end_review(live)
        if live.review_hand is not None:
            live.turn_key, live.deadline = key, None  # no timer runs while the score sheet is read
            self.remote.soon(live)
            return
        if key != live.turn_key:
            live.turn_key = key
            live.expired = None
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            humans = [s for s in table.seats_to_act() if table.seats[s].kind == HUMAN and s not in live.away]
            if table.turn_seconds and humans:
                live.deadline = time.time() + table.turn_seconds
                live.timer = asyncio.get_running_loop().call_later(table.turn_seconds, self._expire, live, key)
            else:
                live.deadline = None
        if self._bot_seat(live) is not None and (live.driver is None or live.driver.done()):
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))
        self.remote.soon(live)  # the remote bots to act get their decide (after this change's state)

    def _readers(self, live: LiveTable) -> set[int]:
        """The seats whose players are there to read the score sheet (human, connected, not away)."""
        table = live.table
        return {s for s in live.connected() if table.seats[s].kind == HUMAN and s not in live.away}

    def _start_review(self, live: LiveTable, number: int) -> None:
        """A hand ended: pause the next one (no timer, no bot) while the players read the score sheet."""
        self._end_review(live)
        if live.timer is not None:  # the last turn's timer (of the hand just over) has nothing left to time
            live.timer.cancel()
            live.timer = None
        live.review_hand, live.review_until, live.ready = number, time.time() + self.review, set()
        live.review_timer = asyncio.get_running_loop().call_later(self.review, self._review_over, live, number)

    def _end_review(self, live: LiveTable) -> None:
        if live.review_timer is not None:
            live.review_timer.cancel()
        live.review_hand = live.review_until = live.review_timer = None
        live.ready = set()
        live.turn_key = None  # the next hand's turn starts now: its timer from its full length

    def _review_over(self, live: LiveTable, number: int) -> None:
        if live.review_hand == number:
            self._end_review(live)
            self._schedule(live)
            self._broadcast(live)

    def _expire(self, live: LiveTable, key: tuple[Any, ...]) -> None:
        if live.turn_key == key:
            live.expired = key
            self._schedule(live)

    async def _drive(self, live: LiveTable) -> None:
        """Bots act, one action at a time, while a bot must act."""
        try:
            while (seat := self._bot_seat(live)) is not None:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                table = live.table
                if self._bot_seat(live) != seat or table.game is None:
                    continue
                seq = table.seq
                view = table.game.view(seat)
                bot_seed = zlib.crc32(f"{table.id}/{seq}/{seat}".encode())
                action = await self.bots.decide(LEVELS[table.level], bot_seed, view)
                # "timer": the turn timer ran out for a player who is there (a bot moving for an away player: "bot")
                entry = table.entry_for(seat, action, "timer" if table.seats[seat].kind == HUMAN and seat not in live.away else "bot")
                try:
                    await self.submit(live, entry, seq)
                except Refusal as r:
                    if r.code == "server_error":
                        await asyncio.sleep(1.0)
                    # stale (a player acted meanwhile) or no longer this seat's turn: look again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s stopped", live.table.id)


def _client_seed(body: dict[str, Any]) -> str | None:
    """The optional ``client_seed`` of a join (or create) body, checked (None when not given)."""
    value = body.get("client_seed")
    if value is None:
        return None
    try:
        return check_client_seed(value)
    except SeedError as e:
        raise Refusal("bad_request", str(e)) from None


def check_name(name: Any) -> str:
    """A player's name: 1 to 24 printable characters."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal("bad_request", "give your name (1 to 24 characters)")
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise Refusal("bad_request", f"a name has at most {MAX_NAME} printable characters")
    return cleaned
