"""The help a player may ask a live table for: a hint, a claim of the rest of the hand, an undo.

Each service works on one :class:`~hearts.server.live.LiveTable` for one
seat, and each raises :class:`~hearts.server.table.Refusal` when it does
not apply (``not_now``) or the client acted on an old state (``stale``).
A hint is made from the asking seat's view only, so it tells the player
nothing its seat may not know; a claim and an undo change the table the
same way every action does (stored first, then broadcast).
"""

from __future__ import annotations

import copy
import logging
import zlib
from typing import TYPE_CHECKING, Any

from hearts.bots.registry import LEVELS
from hearts.core import card_name
from hearts.core import claim as claim_rules

from .table import PLAYING, Refusal, Table

if TYPE_CHECKING:
    from .live import LiveTable

log = logging.getLogger("hearts.server")


async def hint(live: LiveTable, seat: int) -> dict[str, Any]:
    """The medium bot's choice for ``seat``, made from that seat's view only: ``{"seq": ..., "action": {...}}``."""
    table = live.table
    if table.game is None or seat not in table.seats_to_act():
        raise Refusal("not_now", "there is nothing for you to decide now")
    view = table.game.view(seat)
    seed = zlib.crc32(f"{table.id}/{table.seq}/{seat}/hint".encode())
    action = await live.hub.bots.decide(LEVELS["medium"], seed, view)
    entry = table.entry_for(seat, action, "hint")
    return {"seq": table.seq, "action": {k: entry[k] for k in entry if k not in ("seat", "by")}}


async def claim(live: LiveTable, seat: int, seq: int) -> int:
    """Play the rest of the hand at once (each seat its lowest legal card) when its outcome is certain; the last action's seq."""
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
            last = await live.submit(entry, None)
        except Refusal as r:
            if r.code == "server_error":
                raise
            # a bot moved first: look again
    return last


async def undo(live: LiveTable, seat: int, seq: int) -> int:
    """Take back ``seat``'s last card of this hand, with every card played after it (bots only at the table); the new seq."""
    hub = live.hub
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
            await hub.db_call(hub.store.truncate, table.id, keep)
        except Exception:
            log.exception("could not undo to action %d of table %s", keep, table.id)
            raise Refusal("server_error", "the undo could not be stored; try again") from None
        live.table = fresh
        live.turns.restart()  # the turn starts again: a fresh timer
        live.update()
        return fresh.seq
