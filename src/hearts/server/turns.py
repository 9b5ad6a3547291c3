"""Who moves at one live table, and when: the turn timer, the score-sheet pause, the bot driver.

After every change of its table the actor calls :meth:`Turns.schedule`,
which looks at whose turn it is and:

- starts the turn timer when a person is to move (``turn_seconds``; a
  player out of time has a bot make that one move);
- after a hand, settles the table's score sheet (the session's pause,
  :mod:`hearts.session.sheet`: ``review`` seconds, or until every player
  there has said ``ready`` or acted): while it shows, no timer runs and no
  bot moves;
- starts the bot driver when a bot must move (a bot seat, an open seat, an
  away player, a player out of time, a remote bot that is gone or faulted),
  which makes one move at a time through :meth:`LiveTable.submit`, each
  seat's bot kept for the game in the bot pool (:meth:`~hearts.server.botpool.BotPool.decide_seat`:
  dropped when the game ends, after an undo and when the table stops here);
- lets the remote bots ask for their decisions (:mod:`hearts.server.remote`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from hearts.bots.registry import LEVELS
from hearts.session.pace import Pace

from .connection import Client
from .context import TableContext
from .remote import RemoteSeats
from .table import BOT, FINISHED, HUMAN, OPEN, PLAYING, REMOTE, Refusal, Table

log = logging.getLogger("hearts.server")


class Timed(Protocol):
    """What the clocks and the bot driver see of their table (:class:`hearts.server.live.LiveTable`)."""

    @property
    def table(self) -> Table: ...

    @property
    def clients(self) -> set[Client]: ...

    @property
    def away(self) -> set[int]: ...

    def connected(self) -> set[int]: ...

    async def submit(self, entry: dict[str, Any], seq: int | None) -> int: ...

    def update(self) -> None: ...

    def forget(self) -> None: ...


class Turns:
    """The clocks and the bots of one live table; see the module's notes. The turn timer is a
    :class:`~hearts.session.pace.Pace` and the pause the table's :class:`~hearts.session.sheet.ScoreSheet`, the
    models the page's host runs too; this arms their timers.

    ``ctx``: the bot pool and the timings (the score-sheet pause, the bots' delay); ``remote``: the table's remote
    seats, asked for their decisions after each change.
    """

    def __init__(self, live: Timed, ctx: TableContext, remote: RemoteSeats) -> None:
        self.live = live
        self.ctx = ctx
        self.remote = remote
        self.pace = Pace()
        #: the timer of the next clock to run out (the turn timer, or the score-sheet pause's end)
        self.timer: asyncio.TimerHandle | None = None
        self.driver: asyncio.Task[None] | None = None

    @property
    def deadline(self) -> float | None:
        """When the turn timer of the person to move runs out (None: no timer runs)."""
        return self.pace.deadline

    @property
    def review_hand(self) -> int | None:
        """The hand whose score sheet shows (None: no pause)."""
        return self.live.table.sheet.hand

    def schedule(self) -> None:
        """After any change: set the clocks, and start the bot driver if a bot must act."""
        live = self.live
        table = live.table
        if table.status != PLAYING:
            self.ctx.bots.drop(table.id)  # a finished game's bots are done (nothing is kept before the start)
            self.pace.deadline = None
            self._arm()
            if table.status == FINISHED and not live.clients:
                live.forget()  # nobody is watching: the game lives on in the database
            self.remote.soon()  # a finished game: its bots get their end
            return
        now = time.time()
        table.settle_sheet(now, self.readers(), self.ctx.timings.review)
        people = {s for s in table.seats_to_act() if table.seats[s].kind == HUMAN and s not in live.away}
        self.pace.update(now, hand=table.hand, sheet=table.sheet, people=people, turn_seconds=table.turn_seconds)
        self._arm()
        if self.bot_seat() is not None and (self.driver is None or self.driver.done()):
            self.driver = asyncio.get_running_loop().create_task(self._drive())
        self.remote.soon()  # the remote bots to act get their decide (after this change's state)

    def _arm(self) -> None:
        """A timer for the next clock to run out, if one runs."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        due = self.pace.next_due(self.live.table.sheet)
        if due is not None:
            self.timer = asyncio.get_running_loop().call_later(max(0.0, due - time.time()), self._due, due)

    def _due(self, due: float) -> None:
        """A clock ran out: the pause (everyone is told, the next hand goes on) or the person's turn (a bot moves)."""
        self.timer = None
        pace, sheet = self.pace, self.live.table.sheet
        if sheet.showing and sheet.until == due:
            sheet.close()
            self.live.update()
        elif not sheet.showing and pace.deadline == due:
            pace.expire(due)
            self.schedule()

    def restart(self) -> None:
        """The turn starts again (an undo): its timer from its full length at the next :meth:`schedule`, and the
        table's bots built again (a bot cannot forget the moves taken back)."""
        self.pace.restart()
        self.ctx.bots.drop(self.live.table.id)

    def stop(self) -> None:
        """The table is no longer served here: no timer fires, no bot moves, its bots are let go."""
        self.ctx.bots.drop(self.live.table.id)
        if self.driver is not None:
            self.driver.cancel()
        if self.timer is not None:
            self.timer.cancel()

    # -- the bots -----------------------------------------------------------
    def bot_seat(self) -> int | None:
        """The next seat a bot must act for now (a bot seat, an away player, or a player out of time)."""
        live = self.live
        table = live.table
        # a remote bot keeps its own clock: the house bot moves for it only when it is gone or faulted
        to_act = [s for s in table.seats_to_act() if table.seats[s].kind != REMOTE or self.remote.house_plays(s)]
        bots = {s for s in to_act if table.seats[s].kind in (BOT, OPEN, REMOTE) or s in live.away}
        return self.pace.bot_seat(time.time(), to_act, bots, table.sheet)

    async def _drive(self) -> None:
        """Bots act, one action at a time, while a bot must act."""
        live, ctx = self.live, self.ctx
        try:
            while (seat := self.bot_seat()) is not None:
                if ctx.timings.bot_delay:
                    await asyncio.sleep(ctx.timings.bot_delay)
                table = live.table
                if self.bot_seat() != seat or table.game is None:
                    continue
                seq = table.seq
                view = table.game.view(seat)
                action = await ctx.bots.decide_seat(table.id, seat, LEVELS[table.level], table.bot_seed(seat), view)
                # "timer": the turn timer ran out for a player who is there (a bot moving for an away player: "bot")
                entry = table.entry_for(seat, action, "timer" if table.seats[seat].kind == HUMAN and seat not in live.away else "bot")
                try:
                    await live.submit(entry, seq)
                except Refusal as r:
                    if r.code == "server_error":
                        await asyncio.sleep(1.0)
                    # stale (a player acted meanwhile) or no longer this seat's turn: look again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s stopped", live.table.id)

    # -- the score-sheet pause ----------------------------------------------
    def mark_ready(self, seat: int) -> None:
        """The seat has read the score sheet: the pause ends once every player there has said so."""
        if self.live.table.read_sheet(seat):
            self.live.update()

    def review_json(self) -> dict[str, Any] | None:
        """The pause as the state message shows it (None: no pause)."""
        return self.live.table.sheet.to_json()

    def readers(self) -> set[int]:
        """The seats whose players are there to read the score sheet (human, connected, not away)."""
        live = self.live
        table = live.table
        return {s for s in live.connected() if table.seats[s].kind == HUMAN and s not in live.away}
