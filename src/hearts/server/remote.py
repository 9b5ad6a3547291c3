"""Remote bot seats: an operator's bot plays a seat over the websocket (docs/protocol.md, *Bot seats*).

Each live table has its :class:`RemoteSeats` (beside its turns); the bot
tokens and the move time come in the server's
:class:`~hearts.server.context.TableContext`, and the table itself is seen
through :class:`BotTable` (a :class:`~hearts.server.live.LiveTable`'s
methods).

A bot connects to ``/ws`` and says hello with its name and secret (a bot
token, :mod:`hearts.server.bot_tokens`) and a table id. It takes an open seat
of a table still waiting for its start, or, after a reconnect, the seat it
already holds. From then on it is a client of the table like any other: it
gets the ``state`` messages of its own seat (the per-seat projection), and
for each decision of its seat a ``decide`` request holding the seat's view
as ``hearts-bot/1`` writes it (:mod:`hearts.bots.wire`: exactly what
:class:`~hearts.core.SeatView` holds). It answers with an ``action`` that
carries the decide's ``id``, within the move time limit.

A fault costs the bot that one decision, and the house bot (the table's
level) makes it, as the turn timer does for a person: no answer in time, a
malformed or illegal answer, or the connection lost while a decision
waits. The bot is told by an ``error`` naming the decision. While the bot is
not connected, the house bot makes each of its seat's decisions. After
``MAX_IN_ROW`` faults in a row, or ``MAX_FAULTS`` at one table, the bot is
unseated: the seat becomes a house bot's and the connection is closed
(4410). Log lines name the bot, the table, the seat and the fault's code,
never a card.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import zlib
from dataclasses import dataclass
from typing import Any, Protocol

from hearts.bots import wire
from hearts.core import SeatView

from . import protocol
from .bot_tokens import NAME
from .connection import Client
from .context import TableContext
from .lease import LeaseLost
from .table import BOT, FINISHED, OPEN, REMOTE, WAITING, Refusal, Table

log = logging.getLogger("hearts.server")

#: seconds a remote bot has for each decision (``hearts serve --bot-move-seconds``)
MOVE_SECONDS = 5.0
#: faults in a row, and faults at one table, after which a remote bot is unseated
MAX_IN_ROW, MAX_FAULTS = 3, 10
#: the close code of an unseated bot's connection
UNSEATED = 4410


def decision_key(table: Table, seat: int) -> tuple[int, str, int] | None:
    """What names one decision of ``seat`` now (None: it has none): the hand, its phase, the cards played so far."""
    hand = table.hand
    if hand is None or seat not in table.seats_to_act():
        return None
    return (hand.number, str(hand.phase), len(hand.plays))


@dataclass
class Decision:
    """A decide sent to a remote bot, waiting for its answer."""

    id: int
    key: tuple[int, str, int]
    view: SeatView
    seq: int
    timer: asyncio.TimerHandle | None = None
    #: its answer is being stored (the timer leaves it alone)
    busy: bool = False
    #: the time ran out while its answer was being stored
    late: bool = False


@dataclass
class RemoteSeat:
    """One remote bot's seat at one table (in memory: after a restart the bot says hello again)."""

    name: str
    client: Client | None = None
    #: the id of the latest decide (ids grow over the whole table, reconnects included)
    number: int = 0
    pending: Decision | None = None
    #: the decision the house bot makes after a fault
    faulted: tuple[int, str, int] | None = None
    in_row: int = 0
    faults: int = 0
    started: bool = False
    ended: bool = False


class Clocks(Protocol):
    """What the remote seats see of their table's clocks (:class:`hearts.server.turns.Turns`)."""

    @property
    def review_hand(self) -> int | None: ...

    def schedule(self) -> None: ...


class BotTable(Protocol):
    """What the remote seats see of their table (:class:`hearts.server.live.LiveTable`)."""

    @property
    def table(self) -> Table: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def turns(self) -> Clocks: ...

    async def submit(self, entry: dict[str, Any], seq: int | None) -> int: ...

    def update(self) -> None: ...

    def admit(self, client: Client, seat: int) -> None: ...

    def let_out(self, client: Client) -> None: ...

    def served(self) -> bool: ...

    def release(self) -> None: ...


class RemoteSeats:
    """The remote bot seats of one live table: hello, decide, answer, faults."""

    def __init__(self, live: BotTable, ctx: TableContext) -> None:
        self.live = live
        self.ctx = ctx
        self.tokens = ctx.bot_tokens
        self.move_seconds = ctx.bot_move_seconds
        #: the remote bots' seats
        self.seats: dict[int, RemoteSeat] = {}
        #: a decide round is due (once the current change is broadcast)
        self.asking = False

    # -- who plays a remote seat's move ---------------------------------------
    def house_plays(self, seat: int) -> bool:
        """Does the house bot make ``seat``'s decision now (the bot is not connected, or faulted on this decision)?"""
        rs = self.seats.get(seat)
        if rs is None or rs.client is None or rs.client.closed:
            return True
        return rs.faulted is not None and rs.faulted == decision_key(self.live.table, seat)

    # -- hello --------------------------------------------------------------
    async def attach(self, client: Client, msg: dict[str, Any]) -> None:
        """Seat a bot that said hello (raises Refusal: ``unauthorized`` for a wrong or missing token)."""
        name, secret, wanted = msg.get("bot"), msg.get("bot_token"), msg.get("seat")
        if not isinstance(name, str) or not isinstance(secret, str) or not secret:
            raise Refusal("unauthorized", "a bot says hello with its name ('bot') and its secret ('bot_token')")
        if not NAME.fullmatch(name) or not self.tokens.check(name, secret):
            raise Refusal("unauthorized", "this server has no bot of that name with that secret")
        live = self.live
        async with live.lock:
            table = live.table
            seat = next((s.seat for s in table.seats if s.kind == REMOTE and s.name == name), None)
            if seat is not None:
                if wanted is not None and wanted != seat:
                    raise Refusal("already_seated", f"bot {name} holds seat {seat} at this table")
            else:
                seat = await self._take_seat(name, wanted)
            rs = self.seats.get(seat)
            if rs is None or rs.name != name:
                rs = self.seats[seat] = RemoteSeat(name)
            self._drop_pending(rs)  # a decide sent to the old connection is asked again on this one
            rs.client, rs.started, rs.ended = client, False, False
            client.bot = name
            live.admit(client, seat)
            client.send(protocol.reply("welcome", seat=seat, name=name, bot=True, seconds=self.move_seconds))
            log.info("remote bot %s took seat %d of table %s", name, seat, table.id)
            live.update()

    async def _take_seat(self, name: str, wanted: Any) -> int:
        """Give bot ``name`` an open seat of a waiting table (``wanted``, or the first), stored before it is shown."""
        table = self.live.table
        if table.status != WAITING:
            raise Refusal("not_now", "a bot takes a seat before the game starts (this table has started)")
        free = [s.seat for s in table.seats if s.kind == OPEN and (wanted is None or s.seat == wanted)]
        if not free:
            raise Refusal("seat_taken", f"seat {wanted} is not open" if wanted is not None else "this table has no open seat")
        s = table.seats[free[0]]
        before = copy.copy(s)
        s.name, s.kind, s.token_hash, s.client_seed = name, REMOTE, None, ""
        try:
            await self.ctx.db_call(self.ctx.store.save_seat, table, s)
        except LeaseLost:
            table.seats[s.seat] = before
            self.live.release()
            raise Refusal("moved", "this table is served by another worker now: connect again") from None
        except Exception:
            table.seats[s.seat] = before
            log.exception("could not store a bot seat of table %s", table.id)
            raise Refusal("server_error", "the seat could not be stored; try again") from None
        return s.seat

    def detach(self, client: Client) -> None:
        """A bot's connection ended: a decision it left waiting is a fault, and the house bot plays the seat meanwhile."""
        seat = client.seat
        rs = self.seats.get(seat) if client.bot is not None and seat is not None else None
        if rs is None or rs.client is not client or seat is None:
            return
        rs.client = None
        if rs.pending is not None and not rs.pending.busy:
            self._fault(seat, rs, "gone", "the connection ended")
        self.live.turns.schedule()

    def forget(self) -> None:
        """The table is no longer served here: stop every timer."""
        for rs in self.seats.values():
            self._drop_pending(rs)

    # -- decisions ----------------------------------------------------------
    def soon(self) -> None:
        """Ask the remote bots for their decisions once the current change is broadcast (their decide follows the state)."""
        if self.asking or not self.seats:
            return
        self.asking = True
        asyncio.get_running_loop().call_soon(self._ask)

    def _ask(self) -> None:
        self.asking = False
        live = self.live
        if not live.served():
            return
        table = live.table
        for seat, rs in self.seats.items():
            key = decision_key(table, seat) if live.turns.review_hand is None else None
            if rs.pending is not None and rs.pending.key != key and not rs.pending.busy:
                self._drop_pending(rs)  # made by the house bot, or no longer asked
            client = rs.client
            if client is None or client.closed:
                continue
            if table.status == FINISHED:
                if not rs.ended:
                    rs.ended = True
                    client.send(protocol.reply("end"))
                continue
            if key is None or table.game is None or table.seats[seat].kind != REMOTE or rs.faulted == key or rs.pending is not None:
                continue
            rs.number += 1
            view = table.game.view(seat)
            if not rs.started:
                rs.started = True
                seed = zlib.crc32(f"{table.id}/{seat}/remote".encode())
                client.send({**wire.start_message(seat, table.rules, seed, self.move_seconds), "v": protocol.VERSION})
            timer = asyncio.get_running_loop().call_later(self.move_seconds, self._timeout, seat, rs.number)
            rs.pending = Decision(rs.number, key, view, table.seq, timer)
            client.send({**wire.request(view, rs.number), "v": protocol.VERSION, "seq": table.seq, "seconds": self.move_seconds})

    async def reply(self, client: Client, msg: dict[str, Any]) -> None:
        """A bot's ``action``: checked against its decision's view, then stored like any action (answered ``ok``)."""
        seat = client.seat
        rs = self.seats.get(seat) if client.bot is not None and seat is not None else None
        if rs is None or rs.client is not client or seat is None:
            raise Refusal("not_seated", "only a bot seat answers a decide")
        number = msg["id"]
        p = rs.pending
        if p is None or p.id != number or p.busy:
            raise Refusal("not_now", f"decision {number} is not waiting for an answer (answered, or too late: the house bot made it)")
        try:
            action = wire.read_action(p.view, msg, p.id)
        except wire.WireError as err:
            self._fault(seat, rs, "illegal" if err.kind == "illegal" else "bad_message", str(err))
            return
        p.busy = True
        entry = self.live.table.entry_for(seat, action, "bot")
        try:
            seq = await self.live.submit(entry, p.seq)
        except Refusal as r:
            p.busy = False
            if rs.pending is p:
                if r.code != "server_error":  # the table moved on (a timer made the move): ask again if need be
                    self._drop_pending(rs)
                    self.soon()
                elif p.late:
                    self._fault(seat, rs, "timeout", f"no answer stored within {self.move_seconds:g} s")
            raise
        if rs.pending is p:
            self._drop_pending(rs)
        rs.in_row = 0
        client.send(protocol.reply("ok", id=number, seq=seq))

    def fault(self, client: Client, msg: dict[str, Any]) -> None:
        """A bot's ``fault``: it could not make its pending decision (its program failed). The house bot makes it, and
        it counts as a fault (unseating the bot after too many), as a timeout does, but at once."""
        seat = client.seat
        rs = self.seats.get(seat) if client.bot is not None and seat is not None else None
        if rs is None or rs.client is not client or seat is None:
            raise Refusal("not_seated", "only a bot seat reports a fault")
        p = rs.pending
        if p is None or p.id != msg["id"] or p.busy:
            raise Refusal("not_now", f"decision {msg['id']} is not waiting for an answer")
        log.info("remote bot %s reports a fault of its program: %s %r", rs.name, msg["kind"], msg.get("message", "")[:200])
        self._fault(seat, rs, "fault", f"the bot's program failed ({msg['kind']})")

    def _timeout(self, seat: int, number: int) -> None:
        rs = self.seats.get(seat)
        p = rs.pending if rs is not None else None
        if rs is None or p is None or p.id != number:
            return
        if p.busy:
            p.late = True
            return
        self._fault(seat, rs, "timeout", f"no answer within {self.move_seconds:g} s")

    def _fault(self, seat: int, rs: RemoteSeat, code: str, why: str) -> None:
        """The bot lost its pending decision: the house bot makes it; too many faults unseat the bot."""
        live = self.live
        p = rs.pending
        self._drop_pending(rs)
        if p is not None:
            rs.faulted = p.key
        rs.in_row += 1
        rs.faults += 1
        log.info("remote bot %s, table %s, seat %d: fault %s (%d in a row)", rs.name, live.table.id, seat, code, rs.in_row)
        if rs.client is not None and p is not None:
            text = f"decision {p.id}: {why}; the house bot makes this move"
            rs.client.send(protocol.error(code, text, seq=live.table.seq, msg_id=p.id))
        if rs.in_row >= MAX_IN_ROW or rs.faults >= MAX_FAULTS:
            self.ctx.spawn(self._unseat(seat, rs))
        live.turns.schedule()  # the house bot moves

    async def _unseat(self, seat: int, rs: RemoteSeat) -> None:
        """Too many faults: the seat becomes a house bot's (stored), and the bot's connection is told and closed."""
        live, ctx = self.live, self.ctx
        async with live.lock:
            table = live.table
            s = table.seats[seat]
            if s.kind != REMOTE or s.name != rs.name or not live.served():
                return
            before = copy.copy(s)
            s.kind = BOT
            try:
                await ctx.db_call(ctx.store.save_seat, table, s)
            except LeaseLost:
                table.seats[seat] = before
                live.release()
                return
            except Exception:
                table.seats[seat] = before
                log.exception("could not unseat a bot of table %s", table.id)
                return
            self.seats.pop(seat, None)
            self._drop_pending(rs)
            log.info("remote bot %s unseated from seat %d of table %s after %d faults", rs.name, seat, table.id, rs.faults)
            client, rs.client = rs.client, None
            if client is not None:
                live.let_out(client)
                client.send(protocol.error("unseated", f"{rs.faults} faults ({rs.in_row} in a row): the house bot plays this seat now"))
                ctx.spawn(client.close_after_send(UNSEATED))
            live.update()

    @staticmethod
    def _drop_pending(rs: RemoteSeat) -> None:
        if rs.pending is not None and rs.pending.timer is not None:
            rs.pending.timer.cancel()
        rs.pending = None
