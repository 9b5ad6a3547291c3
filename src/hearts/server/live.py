"""One live table as an actor: its table, its lock, its clients, and the one way an action enters it.

A server's :class:`Tables` holds one :class:`LiveTable` per table it
serves (the hub's ``tables``). Everything that
changes a table happens here, under the table's lock: an action is checked
by the engine and applied to a fork of the table, stored in the database,
and only then does the fork become the live table, and the action is
acknowledged and sent to every client of the table, each client getting the
state built from its own seat's view (:mod:`hearts.server.projection`).
Nobody sees an action before it is stored, and a failed write leaves the
table exactly as it was. Its clocks and bots are its :class:`Turns`, its
remote bots' seats its :class:`~hearts.server.remote.RemoteSeats`; the help
a player may ask for is in :mod:`hearts.server.services`, its talk in
:mod:`hearts.server.chat`.

What it needs from its server (the database, the bot pool, the timings)
comes in a :class:`~hearts.server.context.TableContext`; it never reaches up
to the hub. Its parts sit below it and see it through the narrow view each
of their modules declares (a :class:`typing.Protocol`), so the server's
modules import one way only (``tests/test_layering.py``).

Who holds a seat: one seat per person at a table (the lobby refuses a
second join, :mod:`hearts.server.lobby`). A seat taken during the game is
*joining*: a bot finishes the current hand for it and its client sees only
the public view until the next hand. A seat taken but not connected is away
after the grace period, as if it had left. A seat whose last connection
ends is still shown connected for ``quiet`` seconds: a quick reconnect (a
phone changing networks, a page reloaded) costs one state, to that client
only, and the others hear nothing of it; a seat that stays gone is shown
disconnected after that time. Spectators have a cap of their own; a seated
player with its token is always let in. Spectators coming and going send
nothing to the table, and a waiting table that nobody is at is forgotten
after ``waiting_timeout``.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import secrets
import time
from typing import Any

from hearts.core.fair_deal import new_server_seed

from . import chat, protocol, services
from .connection import Client
from .context import TableContext
from .identity import seat_token
from .lease import LeaseLost
from .projection import state_message, state_messages
from .remote import RemoteSeats
from .table import BOT, FINISHED, HUMAN, PLAYING, WAITING, Refusal, Table, token_hash
from .turns import Turns

log = logging.getLogger("hearts.server")

#: spectator connections one table accepts (seated players are always let in)
MAX_SPECTATORS = 48
#: connections one seat holds at once: a newer one replaces the oldest
MAX_PER_SEAT = 3
#: peer addresses that are not one person: this machine (the host itself, or a front proxy on it that does not pass the client on)
LOCAL_PEERS = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


class LiveTable:
    """One table served by this process; see the module's notes."""

    def __init__(self, ctx: TableContext, tables: Tables, table: Table) -> None:
        """``ctx``: what the server gives its tables; ``tables``: the registry this table is served in."""
        self.ctx = ctx
        self.tables = tables
        self.table = table
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        #: seats whose player is away (a bot plays for them until they connect)
        self.away: set[int] = set()
        #: seats taken but not connected, each with the timer after which it is away
        self.grace: dict[int, asyncio.TimerHandle] = {}
        #: seats whose last connection ended less than the quiet time ago (still shown connected), each with its timer
        self.quiet: dict[int, asyncio.TimerHandle] = {}
        #: the peer address that took each seat (in memory only)
        self.peers: dict[int, str] = {}
        #: when a waiting table nobody is at is deleted (``armed`` counts the countdowns: only the latest one deletes)
        self.expiry: asyncio.TimerHandle | None = None
        self.armed = 0
        #: the remote bots' seats (hearts.server.remote)
        self.remote = RemoteSeats(self, ctx)
        self.turns = Turns(self, ctx, self.remote)
        #: the talk at the table (in memory: no line is ever stored)
        self.chat = chat.Chat(free=table.free_chat, host=table.host)

    def connected(self) -> set[int]:
        """The seats with a connection open now."""
        return {c.seat for c in self.clients if c.seat is not None and not c.closed}

    def shown(self) -> set[int]:
        """The seats the clients are shown connected: connected now, or within the quiet time of their last connection."""
        return self.connected() | set(self.quiet)

    def unquiet(self, seat: int) -> None:
        handle = self.quiet.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def stop(self) -> None:
        """The table is no longer served here: every timer and its bots stop (its clients are left to the caller)."""
        self.turns.stop()
        for handle in (self.expiry, *self.grace.values(), *self.quiet.values()):
            if handle is not None:
                handle.cancel()
        self.grace.clear()
        self.quiet.clear()
        self.remote.forget()

    def let_go(self, ws: str | None = None) -> None:
        """Another worker serves this table now: it stops here, and each client is sent on (``moved`` to ``ws``, close
        code 4302) or closed (1012) to connect again (see :meth:`Tables.release`)."""
        self.stop()
        for client in list(self.clients):
            self.clients.discard(client)
            if ws:
                client.send(protocol.reply("moved", ws=ws))
            client.closed = True  # nothing more is read or queued: what is queued goes out, then the close
            self.ctx.spawn(client.close_after_send(4302 if ws else 1012))

    # -- in the registry of this server's tables --------------------------------
    def served(self) -> bool:
        """Is this still the table this server serves under its id?"""
        return self.tables.get(self.table.id) is self

    def forget(self) -> None:
        """Nobody is at this table any more: it is no longer served (what it holds lives on in the database)."""
        self.tables.pop(self.table.id, None)

    def release(self) -> None:
        """This worker lost the table's lease: another one serves it now (see :meth:`Tables.release`)."""
        self.tables.release(self.table.id)

    # -- the one way an action enters a table --------------------------------
    async def submit(self, entry: dict[str, Any], seq: int | None) -> int:
        """Check, apply to a fork, store, then make the fork live and broadcast; returns the action's sequence number.

        Raises Refusal; a failed write (``server_error``) leaves the live table exactly as it was, so the same
        action may be sent again.
        """
        ctx = self.ctx
        async with self.lock:
            table = self.table
            refusal = table.stale(entry["seat"], seq) if seq is not None else None
            if refusal is not None:
                raise refusal
            refusal = table.check(entry)
            if refusal is not None:
                raise refusal
            nxt = table.fork()
            nxt.apply(entry)
            new_hand = nxt.game is not None and (table.game is None or len(nxt.game.hands) > len(table.game.hands))
            changed = nxt.promote_joining() if new_hand and nxt.status == PLAYING else []
            try:
                await ctx.db_call(ctx.store.append, nxt, nxt.log[-1], changed)
            except LeaseLost:
                self.release()
                raise Refusal("moved", "this table is served by another worker now: connect again") from None
            except Exception:
                if not await self._stored_anyway(nxt):
                    log.exception("could not store action %d of table %s", nxt.seq, table.id)
                    raise Refusal("server_error", "the action could not be stored; try again") from None
                log.warning("action %d of table %s was stored although the write reported an error", nxt.seq, table.id)
            self.table = nxt  # a player who acts has read the score sheet: the session marked it (TableSession.apply)
            self.update()
            return nxt.seq

    async def _stored_anyway(self, table: Table) -> bool:
        """After a failed write: is its action in the database all the same (the commit went through, its answer was lost)?"""
        ctx = self.ctx
        try:
            stored = await ctx.db_call(ctx.store.action, table.id, table.seq)
        except Exception:
            return False
        return bool(stored == table.log[-1])

    def rewound(self, table: Table) -> None:
        """An undo is stored (:func:`hearts.server.services.undo`): ``table`` is live, and the turn starts again with a
        fresh timer."""
        self.table = table
        self.turns.restart()
        self.update()

    # -- what the clients are sent ------------------------------------------
    def update(self) -> None:
        """After a change: set the timers and start the bots (first: the state carries the turn's new deadline), then broadcast."""
        self.turns.schedule()
        self.broadcast()

    def state(self, seat: int | None) -> dict[str, Any]:
        """The state message for one client of ``seat`` (None: a spectator)."""
        table = self.table
        joining = {seat} if seat is not None and table.is_joining(seat) else set()
        turns = self.turns
        return state_message(
            table, seat, connected=self.shown(), away=self.away, deadline=turns.deadline, joining=joining, review=turns.review_json()
        )

    def broadcast(self) -> None:
        """Send each client the state built from its own seat's view (a joining seat: the public view)."""
        clients = list(self.clients)
        if not clients:
            return
        table = self.table
        seats = {c.seat for c in clients}
        joining = {s for s in seats if s is not None and table.is_joining(s)}
        review = self.turns.review_json()
        messages = state_messages(
            table, seats, connected=self.shown(), away=self.away, deadline=self.turns.deadline, joining=joining, review=review
        )
        texts = {seat: json.dumps(msg, separators=(",", ":")) for seat, msg in messages.items()}
        for client in clients:
            client.send(texts[client.seat])

    # -- seats --------------------------------------------------------------
    async def take_seat(
        self, name: str, wanted: int | None, held: str | None, client_seed: str | None, peer: str | None, player: str | None = None
    ) -> tuple[int, str, str | None]:
        """Seat ``name`` (checked by the lobby); returns the seat, its secret token, and the client seed counted in the deal.

        ``held``: the token the client already holds for this table, if any; ``peer``: the client's address;
        ``player``: the person's id (:mod:`hearts.server.identity`). A player who already holds a seat here gets that
        seat and its token back (another tab, another browser), whatever seat it asks for.
        """
        ctx = self.ctx
        async with self.lock:
            table = self.table
            if held:
                if table.seat_of_token(held) is None:
                    raise Refusal("unauthorized", "this token holds no seat at this table")
                raise Refusal("already_seated", "you already hold a seat at this table: one seat per person")
            if player is not None:
                back = await self._seat_again(player)
                if back is not None:
                    return back
            seat = table.seat_for(wanted, player)
            if seat is None:
                if table.status == FINISHED:
                    raise Refusal("not_now", "the game is over")
                raise Refusal(
                    "seat_taken", f"seat {wanted} cannot be taken" if wanted is not None else "every seat is taken: you can watch"
                )
            playing = table.status == PLAYING
            if playing and peer is not None and peer not in LOCAL_PEERS and peer in self.peers.values():
                raise Refusal("already_seated", "a seat at this table was already taken from your address: one seat per person")
            token = seat_token(await self._key(), table.id, seat, player) if player is not None else secrets.token_urlsafe(24)
            s = table.seats[seat]
            before = copy.copy(s)
            # during the game the seat is joining: the bot finishes this hand, the player has it from the next
            s.name, s.kind, s.token_hash, s.ever_human = name, BOT if playing else HUMAN, token_hash(token), True
            s.client_seed, s.player = client_seed or "", player
            counted = client_seed if table.status == WAITING else None  # the seeds are fixed at the start
            try:
                await ctx.db_call(ctx.store.save_seat, table, s)
            except LeaseLost:
                table.seats[seat] = before
                self.release()
                raise Refusal("moved", "this table is served by another worker now: try again") from None
            except Exception:
                table.seats[seat] = before
                log.exception("could not store a seat of table %s", table.id)
                raise Refusal("server_error", "the seat could not be stored; try again") from None
            if peer is not None:
                self.peers[seat] = peer
            self.start_grace(seat)  # taken but not connected: away after the grace period, as if it had left
            self.arm_expiry()
            self.update()
        return seat, token, counted

    async def _key(self) -> bytes:
        key: bytes = await self.ctx.db_call(self.ctx.players.key)
        return key

    async def _seat_again(self, player: str) -> tuple[int, str, str | None] | None:
        """The seat ``player`` holds here and its token (None: it holds none); the caller holds the lock."""
        table = self.table
        held = [s for s in table.seats if s.player == player and s.token_hash is not None]
        if not held:
            return None
        s = held[0]
        token = seat_token(await self._key(), table.id, s.seat, player)
        if s.token_hash != token_hash(token):  # a seat taken by an older version, with a random token: this one now
            before = copy.copy(s)
            s.token_hash = token_hash(token)
            try:
                await self.ctx.db_call(self.ctx.store.save_seat, table, s)
            except Exception:
                table.seats[s.seat] = before
                log.exception("could not store a seat of table %s", table.id)
                raise Refusal("server_error", "the seat could not be stored; try again") from None
        return s.seat, token, None

    def start_graces(self) -> None:
        """Nobody is connected yet (the table is rebuilt from its log): each taken seat's grace period starts now."""
        loop = asyncio.get_running_loop()
        for seat in self.table.seats:
            if seat.token_hash is not None:
                self.grace[seat.seat] = loop.call_later(self.ctx.timings.grace, self.mark_away, seat.seat)

    def start_grace(self, seat: int) -> None:
        """The seat is not connected: a bot plays for it once the grace period is over (unless it connects)."""
        if seat in self.connected() or self.table.status == FINISHED:
            return
        old = self.grace.pop(seat, None)
        if old is not None:
            old.cancel()
        self.grace[seat] = asyncio.get_running_loop().call_later(self.ctx.timings.grace, self.mark_away, seat)

    def mark_away(self, seat: int) -> None:
        """The grace period of a seat not connected is over: a bot plays for it until it connects."""
        self.grace.pop(seat, None)
        self.unquiet(seat)
        if seat not in self.connected():
            self.away.add(seat)
            self.update()

    def _gone(self, seat: int) -> None:
        """The quiet time of a seat that left is over: if it has not come back, the others are shown it disconnected."""
        self.quiet.pop(seat, None)
        if seat not in self.connected() and self.served():
            self.broadcast()

    # -- the next game ------------------------------------------------------------
    async def play_again(self, seat: int) -> str:
        """The table of the next game for the people of this finished game (made by the first who asks): the same
        settings, each person's seat kept for them until the start. Its id is in this table from then on.
        Raises Refusal ``not_now`` before the game is over, or for a seat no person held to the end."""
        ctx = self.ctx
        async with self.lock:
            table = self.table
            if table.status != FINISHED:
                raise Refusal("not_now", "the game is not over: play again once it ends")
            if table.seats[seat].kind != HUMAN or table.seats[seat].player is None:
                raise Refusal("not_now", "only the people who played this game may ask to play again")
            if table.again is not None and table.again in self.tables:
                return table.again
            new = table.next_game(secrets.token_urlsafe(6), new_server_seed(), time.time())
            await ctx.db_call(ctx.store.create, new)
            nxt = self.tables.open(new)
            nxt.arm_expiry()
            table.again = new.id
        self.broadcast()
        return new.id

    # -- a waiting table nobody is at -----------------------------------------
    def arm_expiry(self) -> None:
        """(Re)start the countdown after which a waiting table nobody is at is deleted; stop it if someone is there."""
        self.disarm_expiry()
        if self.table.status == WAITING and not self.clients:
            armed = self.armed
            ctx = self.ctx
            self.expiry = asyncio.get_running_loop().call_later(ctx.timings.waiting_timeout, lambda: ctx.spawn(self._drop_waiting(armed)))

    def disarm_expiry(self) -> None:
        self.armed += 1
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None

    async def _drop_waiting(self, armed: int) -> None:
        """Delete a table that never started and that nobody is at (from memory, the lobby and the database)."""
        ctx = self.ctx
        async with self.lock:
            table_id = self.table.id
            stale = armed != self.armed  # someone came (or joined) since this countdown started
            if stale or self.table.status != WAITING or self.clients or not self.served():
                return
            try:
                await ctx.db_call(ctx.store.delete_waiting, table_id)
            except LeaseLost:
                self.release()
                return
            except Exception:
                log.exception("could not delete the abandoned table %s", table_id)
                self.arm_expiry()
                return
            self.forget()
            for h in self.grace.values():
                h.cancel()
            self.grace.clear()
            log.info("table %s was never started and nobody is there: deleted", table_id)

    # -- websocket clients --------------------------------------------------
    async def hello(self, client: Client, msg: dict[str, Any]) -> None:
        """Attach a client to this table and its seat (raises Refusal for a bad token)."""
        if msg.get("bot") is not None or msg.get("bot_token") is not None:
            await self.remote.attach(client, msg)
            return
        if msg.get("seat") is not None:
            raise Refusal("bad_message", "'seat' belongs in a bot's hello: a person takes a seat by joining")
        seat = None
        token = msg.get("token")
        if token:
            seat = self.table.seat_of_token(token)
            if seat is None:
                raise Refusal("unauthorized", "this link's token holds no seat at this table")
            player = self.table.seats[seat].player
            if player is not None and await self.ctx.db_call(self.ctx.players.is_banned, player):
                raise Refusal("banned", "this player is banned from this server")
        if seat is None:
            if sum(1 for c in self.clients if c.seat is None) >= MAX_SPECTATORS:
                raise Refusal("not_now", "this table has as many spectators as it takes: try again later")
        else:  # a seated player is always let in; its oldest connection may make room
            mine = sorted((c for c in self.clients if c.seat == seat), key=lambda c: c.order)
            for old in mine[: max(0, len(mine) - MAX_PER_SEAT + 1)]:
                self.replace(old)
        client.table_id, client.seat = self.table.id, seat
        was_shown = self.shown()
        self.clients.add(client)
        self.disarm_expiry()
        name = self.table.seats[seat].name if seat is not None else None
        client.send(protocol.reply("welcome", seat=seat, name=name, chat=self.chat.welcome()))
        if seat is None:  # a spectator: only it hears of its arrival
            client.send(self.state(None))
            return
        if client.peer is not None:
            self.peers.setdefault(seat, client.peer)
        handle = self.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self.unquiet(seat)
        if seat in was_shown and seat not in self.away:
            # another tab of a connected seat, or a quick reconnect: the others see nothing change
            client.send(self.state(seat))
            return
        self.away.discard(seat)
        self.update()

    def replace(self, old: Client) -> None:
        """Make room for a seat's new connection: its oldest one is told, then closed (code 4409)."""
        self.clients.discard(old)
        old.send(protocol.error("replaced", "this seat connected again elsewhere: this connection is closed"))
        self.ctx.spawn(old.close_after_send(4409))

    def admit(self, client: Client, seat: int) -> None:
        """A remote bot's connection takes ``seat`` (:mod:`hearts.server.remote`): the seat's older connections make
        room, and the seat is there (no grace period, not away)."""
        for old in [c for c in self.clients if c.seat == seat]:
            self.replace(old)
        client.table_id, client.seat = self.table.id, seat
        self.clients.add(client)
        self.disarm_expiry()
        handle = self.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self.unquiet(seat)
        self.away.discard(seat)

    def let_out(self, client: Client) -> None:
        """The table hears no more from ``client`` and sends it nothing more (the caller closes it)."""
        self.clients.discard(client)

    def leave(self, client: Client) -> None:
        """One of this table's connections ended: a seat left waits ``grace`` seconds, then a bot plays for it;
        a spectator's leaving is silent."""
        quiet = self.ctx.timings.quiet
        self.clients.discard(client)
        self.remote.detach(client)
        seat = client.seat
        if seat is not None and seat not in self.connected():
            self.start_grace(seat)
            if quiet > 0 and seat not in self.away:  # shown connected a little longer: a quick reconnect changes nothing
                self.unquiet(seat)
                self.quiet[seat] = asyncio.get_running_loop().call_later(quiet, self._gone, seat)
            else:
                self.broadcast()
        if self.table.status == FINISHED and not self.clients:
            self.forget()
        self.arm_expiry()

    async def handle(self, client: Client, msg: dict[str, Any]) -> None:
        """One checked message from a client of this table: answered, or raises Refusal."""
        kind, msg_id = msg["type"], msg.get("id")
        if kind == "ping":
            client.send(protocol.reply("pong", **({"id": msg_id} if msg_id is not None else {})))
            return
        if kind == "sync":
            client.send(self.state(client.seat))
            return
        if kind == "hello":
            raise Refusal("bad_message", "hello is sent once, first")
        if kind == "action":
            await self.remote.reply(client, msg)
            return
        if kind == "fault":
            self.remote.fault(client, msg)
            return
        if kind == "start" and client.bot is not None and client.seat is not None:
            # a table of bots alone (a bot tournament): any of its bots may start it; where a person sits, the start is theirs
            if any(s.kind == HUMAN for s in self.table.seats):
                raise Refusal("not_now", "a person holds a seat here: the start is theirs")
            seq = await self.submit({"kind": "start", "seat": client.seat, "by": "bot"}, msg["seq"])
            client.send(protocol.reply("ok", seq=seq, **({"id": msg_id} if msg_id is not None else {})))
            return
        if client.bot is not None:
            raise Refusal("bad_message", f"a bot's connection sends {', '.join(protocol.BOT_MESSAGES)}")
        if kind in ("chat", "chat_mode"):  # a person joining during a hand may talk too
            if kind == "chat":
                await chat.say(self.ctx, self, client, msg)
            else:
                await chat.set_mode(self.ctx, self, client, msg["free"])
            client.send(protocol.reply("ok", seq=self.table.seq, **({"id": msg_id} if msg_id is not None else {})))
            return
        if client.seat is None:
            raise Refusal("not_seated", "spectators cannot act: take a seat first")
        if self.table.is_joining(client.seat):
            raise Refusal("not_now", "you took this seat during a hand: a bot finishes it, and you play from the next hand")
        ids = {"id": msg_id} if msg_id is not None else {}
        if kind == "ready":
            self.turns.mark_ready(client.seat)
            client.send(protocol.reply("ok", seq=self.table.seq, **ids))
            return
        if kind == "hint":
            client.send(protocol.reply("hint", **await services.hint(self.ctx, self, client.seat), **ids))
            return
        if kind == "again":
            table_id = await self.play_again(client.seat)
            client.send(protocol.reply("ok", seq=self.table.seq, table=table_id, **ids))
            return
        if kind in ("claim", "undo"):
            if kind == "claim":
                seq = await services.claim(self, client.seat, msg["seq"])
            else:
                seq = await services.undo(self.ctx, self, client.seat, msg["seq"])
            client.send(protocol.reply("ok", seq=seq, **ids))
            return
        seq = await self.submit(protocol.player_entry(msg, client.seat), msg["seq"])
        client.send(protocol.reply("ok", seq=seq, **({"id": msg_id} if msg_id is not None else {})))


class Tables(dict[str, LiveTable]):
    """The live tables one server serves, by id (``hub.tables``): where a table is opened, found, and let go."""

    def __init__(self, ctx: TableContext) -> None:
        """``ctx``: what each table gets from the server."""
        super().__init__()
        self.ctx = ctx

    def open(self, table: Table) -> LiveTable:
        """Serve ``table`` here (a new one, or one rebuilt from its log); its live table."""
        live = self[table.id] = LiveTable(self.ctx, self, table)
        return live

    def find(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (raises Refusal ``not_found``: none here, or its game is over)."""
        live = self.get(table_id) if isinstance(table_id, str) else None
        if live is None:
            raise Refusal("not_found", "there is no such table (or its game is over)")
        return live

    def release(self, table_id: str, ws: str | None = None) -> None:
        """Stop serving a table another worker owns now: its bots and timers stop, and each client is sent on
        (``moved`` to ``ws``, close code 4302) or closed (1012) to connect again."""
        live = self.pop(table_id, None)
        if live is None:
            return
        live.let_go(ws)
        log.info("table %s is served by another worker now", table_id)
