"""The help a player may ask a live table for: a hint, a claim of the rest of the hand, an undo.

Each service works on one :class:`~hearts.server.live.LiveTable` for one
seat, and each raises :class:`~hearts.session.table.Refusal` when it does
not apply (``not_now``) or the client acted on an old state (``stale``).
A hint is made from the asking seat's view only, so it tells the player
nothing its seat may not know; a claim and an undo change the table the
same way every action does (stored first, then broadcast).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from hearts.session import HINT_SPEC

from .context import TableContext
from .table import Refusal, Table

log = logging.getLogger("hearts.server")


class Served(Protocol):
    """What the services see of the table they serve (:class:`hearts.server.live.LiveTable`)."""

    @property
    def table(self) -> Table: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    async def submit(self, entry: dict[str, Any], seq: int | None) -> int: ...

    def rewound(self, table: Table) -> None: ...


async def hint(ctx: TableContext, live: Served, seat: int) -> dict[str, Any]:
    """The hint bot's choice (:data:`hearts.session.HINT_SPEC`, as in every app) for ``seat``, made from that seat's view
    only: ``{"seq": ..., "action": {...}}``."""
    table = live.table
    view = table.hint_view(seat)
    action = await ctx.bots.decide(HINT_SPEC, table.bot_seed(seat, "hint"), view)
    return table.hint_reply(seat, action)


async def claim(live: Served, seat: int, seq: int) -> int:
    """Play the rest of the hand at once (each seat its lowest legal card) when its outcome is certain; the last action's seq."""
    table = live.table
    refusal = table.why_no_claim(seat, seq)
    if refusal is not None:
        raise refusal
    assert table.hand is not None
    number = table.hand.number
    last = table.seq
    for _ in range(table.rules.players * 30):  # bounded: a hand has fewer plays than this
        entry = live.table.claim_entry(number)
        if entry is None:
            break
        try:
            last = await live.submit(entry, None)
        except Refusal as r:
            if r.code == "server_error":
                raise
            # a bot moved first: look again
    return last


async def undo(ctx: TableContext, live: Served, seat: int, seq: int) -> int:
    """Take back ``seat``'s last card of this hand, with every card played after it (bots only at the table); the new seq."""
    async with live.lock:
        table = live.table
        keep = table.undo_keep(seat, seq)
        fresh = table.rebuilt(keep)
        try:
            await ctx.db_call(ctx.store.truncate, table.id, keep)
        except Exception:
            log.exception("could not undo to action %d of table %s", keep, table.id)
            raise Refusal("server_error", "the undo could not be stored; try again") from None
        live.rewound(fresh)  # the turn starts again: a fresh timer
        return fresh.seq
