"""One worker of several on one PostgreSQL database: its leases, its lobby share, and where each table is served.

A worker serves the tables whose lease it holds (see :mod:`hearts.server.lease`).
Every ``lease / 3`` seconds it beats: it renews its leases, publishes its
part of the lobby, lets go of any table another worker took, and takes over
the tables whose lease ran out (a worker that died), rebuilding them by
replaying their logs. A client may reach any worker: a websocket hello for a
table served elsewhere is answered ``{"type": "moved", "ws": URL}`` (the
client connects there), and an HTTP join or table lookup is forwarded to
the owner, which believes the forwarded client address only with the
cluster's relay secret (kept in the database). A hello for a table whose
owner's lease ran out takes it over at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from .hub import Hub
from .lease import Leases
from .store import Store
from .table import Refusal

log = logging.getLogger("hearts.server")
#: the headers of a request one worker forwards to another: the relay secret, the client's address and player id
RELAY_HEADER, PEER_HEADER, PLAYER_HEADER = "x-hearts-relay", "x-hearts-peer", "x-hearts-player"


@dataclass(frozen=True)
class ClusterConfig:
    """``internal``: how the other workers reach this one over HTTP; ``public_ws``: the websocket URL clients are sent to."""

    internal: str
    public_ws: str
    name: str = "worker"
    lease: float = 10.0


class Cluster:
    """This worker's part in the cluster; see the module's notes."""

    def __init__(self, hub: Hub, store: Store, config: ClusterConfig) -> None:
        self.hub = hub
        self.store = store
        self.config = config
        self.id = f"{config.name[:20]}-{secrets.token_hex(6)}"
        self.leases = Leases(store.engine, self.id, config.lease)
        store.fence = self.leases.fence
        self.secret = self.leases.secret
        self.task: asyncio.Task[None] | None = None
        self.claiming = asyncio.Lock()

    async def start(self) -> None:
        """Register, take the tables nobody holds, then beat until stopped."""
        await self.beat()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def halt(self) -> None:
        """Stop beating (first, at a stop: then the hub stops its bots and timers)."""
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
            self.task = None

    async def stop(self) -> None:
        """Let every lease go (after the hub has stopped), so the other workers take the tables at their next beat."""
        await self.halt()
        try:
            await asyncio.to_thread(self.leases.release_all)
        except Exception:
            log.exception("could not let the leases go (they run out by themselves)")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.config.lease / 3)
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease beat failed (will try again)")

    async def beat(self) -> None:
        """Renew, publish the lobby, let lost tables go, take over expired ones."""
        for gone in [t for t in list(self.leases.held) if t not in self.hub.tables and not self.leases.young(t)]:
            self.leases.drop(gone)  # finished and forgotten, or deleted (not one being made or adopted now)
        lobby = self.hub.lobby.open_tables()
        lost = await self.hub.db_call(self.leases.beat, self.config.name, self.config.internal, self.config.public_ws, lobby)
        for table_id in lost:
            log.warning("table %s was taken over by another worker", table_id)
            self.hub.release(table_id)
        async with self.claiming:
            taken = await self.hub.db_call(self.leases.claim_expired)
            await self._adopt(taken)

    async def _adopt(self, ids: list[str]) -> None:
        if not ids:
            return
        tables = await self.hub.db_call(self.store.load_open, ids)
        self.hub.adopt(tables)
        log.info("took over %d tables: %s", len(tables), ", ".join(ids[:10]))

    async def route(self, table_id: str) -> tuple[str, str] | None:
        """None: this worker serves the table (taken over now if its owner's lease ran out); else (internal, ws) of its owner.

        Raises Refusal(not_found) for a table no worker serves (none such, or its game is over).
        """
        if table_id in self.hub.tables:
            return None
        owner = await self.hub.db_call(self.leases.owner, table_id)
        if owner is not None and owner[3] and owner[0] != self.id:
            return owner[1], owner[2]
        if owner is not None:
            async with self.claiming:
                if table_id not in self.hub.tables and await self.hub.db_call(self.leases.claim, table_id):
                    await self._adopt([table_id])
            if table_id in self.hub.tables:
                return None
            again = await self.hub.db_call(self.leases.owner, table_id)  # another worker may have taken it just now
            if again is not None and again[3] and again[0] != self.id:
                return again[1], again[2]
            if again is not None and await self._open(table_id):
                raise Refusal("not_now", "this table is moving to another worker: connect again in a moment")
        raise Refusal("not_found", "there is no such table (or its game is over)")

    async def _open(self, table_id: str) -> bool:
        found = await self.hub.db_call(self.store.record, table_id)
        return found is not None and found[0] != "finished"

    def believe(self, headers: Any, peer: str | None) -> str | None:
        """The client address of a request: the forwarded one if another worker sent it with the relay secret."""
        relay = headers.get(RELAY_HEADER)
        if relay is not None and secrets.compare_digest(relay, self.secret):
            return str(headers.get(PEER_HEADER) or "") or None
        return peer

    def believe_player(self, headers: Any) -> str | None:
        """The player id another worker forwarded with the relay secret (None: not forwarded, or without one)."""
        relay = headers.get(RELAY_HEADER)
        if relay is not None and secrets.compare_digest(relay, self.secret):
            return str(headers.get(PLAYER_HEADER) or "") or None
        return None

    async def forward(
        self, internal: str, method: str, path: str, body: Any, peer: str | None, player: str | None = None
    ) -> tuple[int, Any]:
        """Send a lobby request on to the worker that serves its table; its (status, JSON answer). ``player``: the
        id this worker checked the client's cookie for."""
        return await asyncio.get_running_loop().run_in_executor(None, self._forward, internal, method, path, body, peer, player)

    def _forward(self, internal: str, method: str, path: str, body: Any, peer: str | None, player: str | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", RELAY_HEADER: self.secret, PEER_HEADER: peer or "", PLAYER_HEADER: player or ""}
        req = urllib.request.Request(internal.rstrip("/") + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            try:
                return e.code, json.loads(e.read())
            except ValueError:
                return 502, _error("server_error", "the worker serving this table did not answer")
        except (OSError, ValueError):
            return 503, _error("not_now", "the worker serving this table is not reachable: try again in a few seconds")

    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby of the whole cluster (each worker's part as of its last beat; this worker's as of now)."""
        out = {t["id"]: t for t in self.hub.lobby.open_tables()}
        for t in await self.hub.db_call(self.leases.lobbies):  # a table that just moved may be in two lists: the first one counts
            if t["id"] not in out and t["id"] not in self.hub.tables:
                out[t["id"]] = t
        return sorted(out.values(), key=lambda t: -t["created"])


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}
