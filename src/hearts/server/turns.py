"""Who moves at one live table, and when: the turn timer, the score-sheet pause, the bot driver.

After every change of its table the actor calls :meth:`Turns.schedule`,
which looks at whose turn it is and:

- starts the turn timer when a person is to move (``turn_seconds``; a
  player out of time has a bot make that one move);
- after a hand, pauses the next one while the players read the score sheet
  (``review`` seconds, or until every player there has said ``ready``): no
  timer runs and no bot moves;
- starts the bot driver when a bot must move (a bot seat, an open seat, an
  away player, a player out of time, a remote bot that is gone or faulted),
  which makes one move at a time through :meth:`LiveTable.submit`;
- lets the remote bots ask for their decisions (:mod:`hearts.server.remote`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from hearts.bots.registry import LEVELS

from .table import BOT, FINISHED, HUMAN, OPEN, PLAYING, REMOTE, Refusal

if TYPE_CHECKING:
    from .live import LiveTable

log = logging.getLogger("hearts.server")


class Turns:
    """The clocks and the bots of one live table; see the module's notes."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        #: when the turn timer of the person to move runs out (None: no timer runs)
        self.deadline: float | None = None
        #: what names the current turn (hand, phase, seat to play), and the turn whose time ran out
        self.turn_key: tuple[Any, ...] | None = None
        self.expired: tuple[Any, ...] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.driver: asyncio.Task[None] | None = None
        #: the score-sheet pause after a hand: the hand it opens, when it ends, the seats that have said they are ready
        self.review_hand: int | None = None
        self.review_until: float | None = None
        self.ready: set[int] = set()
        self.review_timer: asyncio.TimerHandle | None = None

    def schedule(self) -> None:
        """After any change: set the turn timer, and start the bot driver if a bot must act."""
        live = self.live
        hub = live.hub
        table = live.table
        if table.status != PLAYING:
            self.deadline = None
            if self.timer is not None:
                self.timer.cancel()
            if table.status == FINISHED and not live.clients:
                hub.tables.pop(table.id, None)  # nobody is watching: the game lives on in the database
            hub.remote.soon(live)  # a finished game: its bots get their end
            return
        hand = table.hand
        assert hand is not None
        key = (hand.number, hand.phase, hand.to_move if hand.phase == "play" else None)
        readers = self.readers()
        if key != self.turn_key and self.turn_key is not None and hand.number > self.turn_key[0] and readers and hub.review > 0:
            self._start_review(hand.number)
        if self.review_hand is not None and (self.review_hand != hand.number or not readers - self.ready):
            self._end_review()
        if self.review_hand is not None:
            self.turn_key, self.deadline = key, None  # no timer runs while the score sheet is read
            hub.remote.soon(live)
            return
        if key != self.turn_key:
            self.turn_key = key
            self.expired = None
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            humans = [s for s in table.seats_to_act() if table.seats[s].kind == HUMAN and s not in live.away]
            if table.turn_seconds and humans:
                self.deadline = time.time() + table.turn_seconds
                self.timer = asyncio.get_running_loop().call_later(table.turn_seconds, self._expire, key)
            else:
                self.deadline = None
        if self.bot_seat() is not None and (self.driver is None or self.driver.done()):
            self.driver = asyncio.get_running_loop().create_task(self._drive())
        hub.remote.soon(live)  # the remote bots to act get their decide (after this change's state)

    def restart(self) -> None:
        """The turn starts again (an undo): its timer from its full length at the next :meth:`schedule`."""
        self.turn_key = None

    def stop(self) -> None:
        """The table is no longer served here: no timer fires, no bot moves."""
        if self.driver is not None:
            self.driver.cancel()
        if self.timer is not None:
            self.timer.cancel()
        if self.review_timer is not None:
            self.review_timer.cancel()

    # -- the bots -----------------------------------------------------------
    def bot_seat(self) -> int | None:
        """The next seat a bot must act for now (a bot seat, an away player, or a player out of time)."""
        live = self.live
        table = live.table
        if self.review_hand is not None:
            return None  # the players are reading the score sheet: the bots wait too
        for seat in table.seats_to_act():
            kind = table.seats[seat].kind
            if kind == REMOTE:  # its own clock: the house bot moves only when the remote bot is gone or faulted
                if live.hub.remote.house_plays(live, seat):
                    return seat
                continue
            if kind in (BOT, OPEN) or seat in live.away or (self.expired is not None and self.expired == self.turn_key):
                return seat
        return None

    async def _drive(self) -> None:
        """Bots act, one action at a time, while a bot must act."""
        live = self.live
        hub = live.hub
        try:
            while (seat := self.bot_seat()) is not None:
                if hub.bot_delay:
                    await asyncio.sleep(hub.bot_delay)
                table = live.table
                if self.bot_seat() != seat or table.game is None:
                    continue
                seq = table.seq
                view = table.game.view(seat)
                action = await hub.bots.decide(LEVELS[table.level], table.bot_seed(seat), view)
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

    def _expire(self, key: tuple[Any, ...]) -> None:
        if self.turn_key == key:
            self.expired = key
            self.schedule()

    # -- the score-sheet pause ----------------------------------------------
    def mark_ready(self, seat: int) -> None:
        """The seat has read the score sheet: the pause ends once every player there has said so."""
        if self.review_hand is None or seat in self.ready:
            return
        self.ready.add(seat)
        self.live.update()

    def review_json(self) -> dict[str, Any] | None:
        """The pause as the state message shows it (None: no pause)."""
        if self.review_hand is None or self.review_until is None:
            return None
        return {"until": int(self.review_until * 1000), "ready": sorted(self.ready)}

    def readers(self) -> set[int]:
        """The seats whose players are there to read the score sheet (human, connected, not away)."""
        live = self.live
        table = live.table
        return {s for s in live.connected() if table.seats[s].kind == HUMAN and s not in live.away}

    def _start_review(self, number: int) -> None:
        """A hand ended: pause the next one (no timer, no bot) while the players read the score sheet."""
        self._end_review()
        if self.timer is not None:  # the last turn's timer (of the hand just over) has nothing left to time
            self.timer.cancel()
            self.timer = None
        review = self.live.hub.review
        self.review_hand, self.review_until, self.ready = number, time.time() + review, set()
        self.review_timer = asyncio.get_running_loop().call_later(review, self._review_over, number)

    def _end_review(self) -> None:
        if self.review_timer is not None:
            self.review_timer.cancel()
        self.review_hand = self.review_until = self.review_timer = None
        self.ready = set()
        self.turn_key = None  # the next hand's turn starts now: its timer from its full length

    def _review_over(self, number: int) -> None:
        if self.review_hand == number:
            self._end_review()
            self.live.update()
