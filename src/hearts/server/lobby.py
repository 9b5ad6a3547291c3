"""The lobby: the requests about tables as a whole, each checked field by field before it does anything.

Create a table, take a seat at one, list the open tables, look one up; the
finished games, a player's results, a finished game's record. The HTTP
routes (:mod:`hearts.server.routes`) answer with what these return, and a
:class:`~hearts.server.table.Refusal` becomes an error answer.

Who holds a seat: one seat per person at a table. A join that carries a
token of a seat at the table is refused (``already_seated``), and once the
game is playing, so is a join from a peer address that already took a seat
there (this machine's own addresses excepted: the host, or a front proxy).

>>> check_name("  Ann   Lee ")
'Ann Lee'
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

from hearts.bots.kernel.runtime import status as kernel_status
from hearts.bots.registry import LEVELS
from hearts.core.errors import HeartsError
from hearts.core.fair_deal import SeedError, check_client_seed, new_server_seed
from hearts.core.rules import rules_from_mapping

from .live import LiveTable
from .names import check_name
from .projection import table_json
from .store import OverQuota, Quota
from .table import FINISHED, PLAYING, Refusal, Table

if TYPE_CHECKING:
    from .hub import Hub

#: the turn timer's allowed values (0: none)
TURN_SECONDS = (10, 600)
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
    """The lobby of one hub's tables; see the module's notes."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

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
        level = body.get("level", self.hub.default_level)
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
        hub = self.hub
        try:
            await hub.db_call(hub.store.create, table, creator, quota)
        except OverQuota as over:
            raise Refusal("rate_limited", str(over)) from None
        live = LiveTable(hub, table)
        hub.tables[table.id] = live
        live.arm_expiry()
        out: dict[str, Any] = {"table": table.id, "invite": f"/t/{table.id}"}
        if name is not None:
            out.update(await self.join(table.id, {"name": name, "seat": 0, "client_seed": client_seed}, peer))
        return out

    async def join(self, table_id: str, body: Any, peer: str | None = None) -> dict[str, Any]:
        """Take a seat by name: returns the seat and its secret token (see the module's notes for who may).

        ``body["token"]``: the token the client already holds for this table, if any; ``peer``: the client's address.
        """
        live = self.hub.find(table_id)
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
        seat, token, counted = await live.take_seat(name, wanted, held, client_seed, peer)
        return {"table": table_id, "seat": seat, "token": token, "link": f"/t/{table_id}#token={token}", "client_seed": counted}

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list: tables playing, and tables waiting that are recent or have someone there."""
        now = time.time()
        return [
            table_json(live.table, live.shown(), live.away)
            for live in sorted(self.hub.tables.values(), key=lambda x: -x.table.created)
            if live.table.status == PLAYING
            or (live.table.status != FINISHED and (live.clients or now - live.table.created < STALE_WAITING))
        ]

    def table_info(self, table_id: str) -> dict[str, Any]:
        """One live table as the lobby lists it (raises Refusal ``not_found``)."""
        live = self.hub.find(table_id)
        return table_json(live.table, live.shown(), live.away)

    async def finished_games(self) -> list[dict[str, Any]]:
        hub = self.hub
        games: list[dict[str, Any]] = await hub.db_call(hub.store.finished_games)
        return games

    async def player_stats(self, name: Any) -> dict[str, Any]:
        """A player's results over the finished games kept here, by name (see :meth:`Store.player_stats`)."""
        hub = self.hub
        stats: dict[str, Any] = await hub.db_call(hub.store.player_stats, check_name(name))
        return stats

    async def record(self, table_id: str) -> str:
        """The hearts-record/1 text of a finished game (raises Refusal ``not_found`` or ``not_finished``)."""
        hub = self.hub
        found = await hub.db_call(hub.store.record, table_id)
        if found is None:
            raise Refusal("not_found", "there is no such table")
        status, text = found
        if status != FINISHED or text is None:
            raise Refusal("not_finished", "the game is not over yet: its record is available once it ends")
        return str(text)


def _client_seed(body: dict[str, Any]) -> str | None:
    """The optional ``client_seed`` of a join (or create) body, checked (None when not given)."""
    value = body.get("client_seed")
    if value is None:
        return None
    try:
        return check_client_seed(value)
    except SeedError as e:
        raise Refusal("bad_request", str(e)) from None
