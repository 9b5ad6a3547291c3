"""The house bots of many games in one process: each (table, seat)'s bot kept for its game, within a bound.

A bot worker of the server (:mod:`hearts.server.botpool`) keeps one
:class:`SeatCache`. Each decision names its table and seat; that seat's bot (a
:class:`hearts.session.SeatBots` of the one seat, as the terminal app keeps
them) is built at its first decision of the game, reseeded before each one (the
same moment of the same table, the same decision, whatever the bot did before),
and kept, so it keeps its memory (the search's moon shot it chose) and an
``exec:`` program starts once a game. A bot sees only its own seat's views: a
view of another seat is refused.

A table's bots go when the table drops them (its game ended, an undo, the table
left this server: :meth:`SeatCache.drop`), when they have been idle ``idle``
seconds, or when ``cap`` bots are kept and a newer one needs the room (the least
recently used goes first). A bot that raises is let go too (the next decision
builds it again).

>>> from hearts.core import Game, Rules
>>> game = Game(Rules.standard(4), seed=1)
>>> cache = SeatCache(cap=2)
>>> a = cache.act("t1", 1, "random", 9, game.view(1))
>>> cache.act("t1", 1, "random", 9, game.view(1)) == a, cache.built, len(cache)
(True, 1, 1)
>>> cache.drop("t1"), len(cache)
(1, 0)
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from hearts.bots import make_bot
from hearts.core import Action, SeatView
from hearts.session.bots import BotFactory, SeatBots

#: the most bots one process keeps (a table of four bots is four)
CAP = 512
#: seconds a bot may go unused before it is let go (a game whose players all left, never finished)
IDLE = 1800.0


@dataclass
class _Kept:
    spec: str
    bots: SeatBots
    used: float


class SeatCache:
    """The kept bots of one process, by (table, seat); see the module's notes.

    ``factory`` makes a bot (``factory(spec, seed=...)``, :func:`hearts.bots.make_bot`); ``clock`` tells the time
    (tests pass their own). Safe to use from several threads (the server's own threads with ``--bot-workers 0``).
    """

    def __init__(
        self, cap: int = CAP, idle: float = IDLE, *, factory: BotFactory = make_bot, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if cap < 1:
            raise ValueError(f"the bots kept must be at least 1, not {cap}")
        if idle <= 0:
            raise ValueError(f"the bots' idle time must be positive, not {idle}")
        self.cap, self.idle, self.factory, self.clock = cap, idle, factory, clock
        self.kept: collections.OrderedDict[tuple[str, int], _Kept] = collections.OrderedDict()  # least recently used first
        #: bots built so far, and bots let go for room or idleness (not counting the ones dropped with their table)
        self.built = 0
        self.evicted = 0
        self.lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.kept)

    def act(self, table: str, seat: int, spec: str, seed: int, view: SeatView) -> Action:
        """The action of ``table``'s bot ``spec`` for ``seat`` from that seat's ``view``, its randomness drawn from ``seed``."""
        if view.seat != seat:
            raise ValueError(f"the bot of seat {seat} is shown only its own seat's view, not seat {view.seat}'s")
        bots = self._bots(table, seat, spec)
        try:
            return bots.act(seat, view, seed)
        except Exception:
            self._let_go((table, seat), bots)  # its state is unknown now: the next decision builds it again
            raise

    def _bots(self, table: str, seat: int, spec: str) -> SeatBots:
        """The kept bot of (table, seat), built now if there is none (or it played another spec)."""
        now = self.clock()
        key = (table, seat)
        gone: list[SeatBots] = []
        with self.lock:
            while self.kept and next(iter(self.kept.values())).used < now - self.idle:
                gone.append(self.kept.popitem(last=False)[1].bots)
            kept = self.kept.get(key)
            if kept is not None and kept.spec == spec:
                kept.used = now
                self.kept.move_to_end(key)
                bots = kept.bots
            else:
                if kept is not None:
                    gone.append(self.kept.pop(key).bots)
                bots = None
        if bots is None:
            bots = SeatBots({seat: spec}, seed=table, factory=self.factory)  # outside the lock: a program may start
            with self.lock:
                old = self.kept.pop(key, None)
                if old is not None:
                    gone.append(old.bots)
                self.kept[key] = _Kept(spec, bots, now)
                self.built += 1
                while len(self.kept) > self.cap:
                    gone.append(self.kept.popitem(last=False)[1].bots)
        with self.lock:
            self.evicted += len(gone)
        for old_bots in gone:
            old_bots.close()
        return bots

    def _let_go(self, key: tuple[str, int], bots: SeatBots) -> None:
        with self.lock:
            kept = self.kept.get(key)
            if kept is not None and kept.bots is bots:
                del self.kept[key]
        bots.close()

    def drop(self, table: str) -> int:
        """Let ``table``'s bots go (its game ended, an undo, the table left); how many there were."""
        with self.lock:
            keys = [key for key in self.kept if key[0] == table]
            gone = [self.kept.pop(key).bots for key in keys]
        for bots in gone:
            bots.close()
        return len(gone)

    def stats(self) -> dict[str, int]:
        """What is kept now and what was built and let go so far: ``{"bots", "tables", "built", "evicted"}``."""
        with self.lock:
            return {"bots": len(self.kept), "tables": len({t for t, _ in self.kept}), "built": self.built, "evicted": self.evicted}

    def close(self) -> None:
        """Let every bot go (the process is stopping)."""
        with self.lock:
            gone = [kept.bots for kept in self.kept.values()]
            self.kept.clear()
        for bots in gone:
            bots.close()
