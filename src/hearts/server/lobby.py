"""The lobby: the requests about tables as a whole, each checked field by field before it does anything.

Create a table, take a seat at one, list the open tables, look one up; the
finished games, a player's results, a finished game's record. The HTTP
routes (:mod:`hearts.server.routes`) answer with what these return, and a
:class:`~hearts.session.table.Refusal` becomes an error answer.

Who holds a seat: one seat per person at a table. A person is a player id
(:mod:`hearts.server.identity`): a player who holds a seat and joins again
gets that seat back. A join that carries a token of a seat at the table is
refused (``already_seated``), and once the game is playing, so is a join
from a peer address that already took a seat there (this machine's own
addresses excepted: the host, or a front proxy). A banned player takes no
seat and makes no table (``banned``).

>>> STALE_WAITING // 3600
6
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from hearts.bots.kernel.runtime import status as kernel_status
from hearts.core.fair_deal import new_server_seed
from hearts.session.guide import guide_server_seed

from .context import TableContext
from .forms import check_create, check_join
from .live import Tables
from .projection import table_json
from .store import OverQuota, Quota
from .table import FINISHED, PLAYING, Refusal, Table

#: the bots' level of a table made without one, where the search runs compiled: the compiled ``hard`` holds 200
#: tables of one person and three bots on one worker of a 2-core machine (``docs/scaling.md``)
DEFAULT_LEVEL = "hard"
#: the default where the search runs interpreted (no Numba, or its compile failed): ``hard`` would then cost about
#: 30 times the CPU a move
INTERPRETED_LEVEL = "medium"
#: seconds after which a table still waiting for its start, with nobody there, is no longer listed (its link still works)
STALE_WAITING = 6 * 3600


def default_level() -> str:
    """The level ``hearts serve`` gives a table made without one (unless its ``--level`` says): :data:`DEFAULT_LEVEL`
    once the search's kernels are compiled (it compiles or loads them before it takes tables), else
    :data:`INTERPRETED_LEVEL`.

    >>> default_level() in (DEFAULT_LEVEL, INTERPRETED_LEVEL)
    True
    """
    return DEFAULT_LEVEL if kernel_status() == "ready" else INTERPRETED_LEVEL


class Lobby:
    """The lobby of one server's tables; see the module's notes.

    ``ctx``: the database and the players; ``tables``: the live tables it lists and seats people at;
    ``default_level``: the bots' level of a table made without one.
    """

    def __init__(self, ctx: TableContext, tables: Tables, default_level: str) -> None:
        self.ctx = ctx
        self.tables = tables
        self.default_level = default_level

    async def create_table(
        self, body: Any, peer: str | None = None, creator: str | None = None, quota: Quota | None = None, player: str | None = None
    ) -> dict[str, Any]:
        """A new table from a create request (raises Refusal for a bad one), with ``player`` (its id) in seat 0
        when the request names them.

        ``creator`` and ``quota``: in a cluster, the client's table limits, counted in the database over every worker.
        """
        new = check_create(body, self.default_level)
        await self._not_banned(player)
        rules, level, turn, name, client_seed = new.rules, new.level, new.turn_seconds, new.name, new.client_seed
        secret = guide_server_seed() if new.guide else new_server_seed()  # a guided table: the guide's deal
        table = Table.new(
            secrets.token_urlsafe(6), rules, level=level, turn_seconds=turn, secret=secret, created=time.time(), guide=new.guide
        )
        table.free_chat, table.host = new.free_chat, 0 if name is not None else None  # the creator sits in seat 0
        ctx = self.ctx
        try:
            await ctx.db_call(ctx.store.create, table, creator, quota)
        except OverQuota as over:
            raise Refusal("rate_limited", str(over)) from None
        live = self.tables.open(table)
        live.arm_expiry()
        out: dict[str, Any] = {"table": table.id, "invite": f"/t/{table.id}"}
        if name is not None:
            out.update(await self.join(table.id, {"name": name, "seat": 0, "client_seed": client_seed}, peer, player))
        return out

    async def join(self, table_id: str, body: Any, peer: str | None = None, player: str | None = None) -> dict[str, Any]:
        """Take a seat: returns the seat and its secret token (see the module's notes for who may).

        ``body["token"]``: the token the client already holds for this table, if any; ``peer``: the client's address;
        ``player``: the person's id (None: a client without one, seated with a random token). The name is the
        player's label (the operator's, if it renamed them); a player who holds a seat here gets it back.
        """
        live = self.tables.find(table_id)
        ask = check_join(body)
        if live.table.guide and ask.seat != 0:
            raise Refusal("private", "a guided table is for one person: start your own guided hand from the lobby")
        name, client_seed, wanted, held = ask.name, ask.client_seed, ask.seat, ask.token
        await self._not_banned(player)
        if player is not None:
            name = await self.ctx.db_call(self.ctx.players.seen, player, name)
        seat, token, counted = await live.take_seat(name, wanted, held, client_seed, peer, player)
        return {"table": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}#token={token}", "client_seed": counted}

    async def _not_banned(self, player: str | None) -> None:
        ctx = self.ctx
        if player is not None and await ctx.db_call(ctx.players.is_banned, player):
            raise Refusal("banned", "this player is banned from this server")

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list: tables playing, and tables waiting that are recent or have someone there (never a
        guided table: one person's lesson)."""
        now = time.time()
        return [
            table_json(live.table, live.shown(), live.away)
            for live in sorted(self.tables.values(), key=lambda x: -x.table.created)
            if not live.table.guide
            and (
                live.table.status == PLAYING
                or (live.table.status != FINISHED and (live.clients or now - live.table.created < STALE_WAITING))
            )
        ]

    def table_info(self, table_id: str) -> dict[str, Any]:
        """One live table as the lobby lists it (raises Refusal ``not_found``)."""
        live = self.tables.find(table_id)
        return table_json(live.table, live.shown(), live.away)

    async def finished_games(self, player: str | None = None) -> list[dict[str, Any]]:
        """The finished games kept here, newest first; ``mine`` marks those ``player`` held a seat at."""
        ctx = self.ctx
        games: list[dict[str, Any]] = await ctx.db_call(ctx.store.finished_games)
        mine: set[str] = await ctx.db_call(ctx.players.finished_with, player) if player is not None else set()
        for g in games:
            g["mine"] = g["id"] in mine
        return games

    async def player_stats(self, player: str) -> dict[str, Any]:
        """Player ``player``'s own results over the finished games kept here (see :meth:`Store.player_stats`)."""
        ctx = self.ctx
        stats: dict[str, Any] = await ctx.db_call(ctx.store.player_stats, player)
        return stats

    async def me(self, player: str) -> dict[str, Any]:
        """What the lobby shows a player of themself: their name and login (None: a guest, or never seated), whether
        they are banned, and their tables not finished (a way back to each seat: joining it again)."""
        ctx = self.ctx
        known = await ctx.db_call(ctx.players.get, player)
        tables: list[dict[str, Any]] = await ctx.db_call(ctx.players.tables_of, player)
        return {
            "player": player,
            "name": known.name if known else None,
            "login": known.login if known else None,
            "banned": bool(known and known.banned),
            "tables": tables,
        }

    async def record(self, table_id: str) -> str:
        """The hearts-record/1 text of a finished game (raises Refusal ``not_found`` or ``not_finished``)."""
        ctx = self.ctx
        found = await ctx.db_call(ctx.store.record, table_id)
        if found is None:
            raise Refusal("not_found", "there is no such table")
        status, text = found
        if status != FINISHED or text is None:
            raise Refusal("not_finished", "the game is not over yet: its record is available once it ends")
        return str(text)
