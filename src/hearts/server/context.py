"""What a live table needs from its server, handed down to it: the database, the players, the bots, the timings.

The :class:`~hearts.server.hub.Hub` builds one :class:`TableContext` and
gives it to each live table it serves (:mod:`hearts.server.live`), to the
table's parts (:mod:`~hearts.server.turns`, :mod:`~hearts.server.remote`,
:mod:`~hearts.server.chat`, :mod:`~hearts.server.services`) and to the
lobby. Nothing below the hub reaches back up to it: each part gets what it
uses here, and its own table through the narrow view its module declares.

The timing settings are one :class:`Timings` object that every table reads
as it runs, so a change to it (``hub.review = 0`` in a test) holds for
every table at once:

>>> t = Timings(bot_delay=0.7, grace=20.0, waiting_timeout=900.0, review=20.0, quiet=2.0)
>>> t.review = 0.0
>>> t
Timings(bot_delay=0.7, grace=20.0, waiting_timeout=900.0, review=0.0, quiet=2.0)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from .bot_tokens import BotTokens
from .botpool import BotPool
from .players import Players
from .store import Store


@dataclass
class Timings:
    """The server's timing settings, in seconds, read by the tables as they run (see :class:`~hearts.server.hub.Hub`)."""

    #: a bot waits this long before each move
    bot_delay: float
    #: a seat not connected keeps its player this long before a bot plays for it
    grace: float
    #: a table still waiting for its start lives on this long with nobody there
    waiting_timeout: float
    #: the score-sheet pause after a hand
    review: float
    #: a seat whose last connection ended is still shown connected this long
    quiet: float


@dataclass(frozen=True)
class TableContext:
    """What a live table and its parts get from their server; see the module's notes."""

    store: Store
    players: Players
    #: where the house bots and the hint decide (worker processes)
    bots: BotPool
    timings: Timings
    #: ``await db_call(fn, *args)``: ``fn(*args)`` on a database thread (the caller holds its table's lock)
    db_call: Callable[..., Awaitable[Any]]
    #: ``spawn(coro)``: run a coroutine as a task of its own, kept until it is done
    spawn: Callable[[Coroutine[Any, Any, Any]], None]
    #: the remote bots that may take seats (:mod:`hearts.server.remote`), and their seconds for each decision
    bot_tokens: BotTokens
    bot_move_seconds: float
