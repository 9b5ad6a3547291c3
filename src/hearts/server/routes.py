"""The HTTP routes: the page, the health check, the lobby's JSON API.

Each handler is a module-level function of the request; what the handlers
of one app share (its hub, its limits, its counters) is one
:class:`AppContext`, kept at ``request.app.state.context`` by
:func:`hearts.server.app.create_app`. A :class:`~hearts.session.table.Refusal`
becomes an error answer, ``{"error": {"code": ..., "message": ...}}``, with
the code's HTTP status (``STATUS``; 400 for any other code).

>>> error("not_found", "there is no such table").status_code
404
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from . import protocol
from .cluster import Cluster
from .edge import Origins
from .forms import DEFAULT_TURN_SECONDS, STATUS, table_options
from .hub import Hub
from .identity import COOKIE, cookie_header, new_player_id, sign, verify
from .limits import Buckets, Limits, client_key, creator_id
from .pages import index_page
from .store import Quota
from .table import WAITING, Refusal

#: account requests (log in, make an account) one client address may make a minute
LOGINS_A_MINUTE = 10


@dataclass
class AppContext:
    """What the route handlers of one app share.

    ``cluster``: this worker's part in a cluster (None: a single server); ``origins``: the Origin values allowed;
    ``language``: the page's language when the browser asks for none of ours. ``created`` counts each client's new
    tables a minute, ``messages`` its websocket messages a second, ``waiting`` the tables it created that may still
    be waiting (a single server only: a cluster counts in the database, with ``quota``).
    """

    hub: Hub
    cluster: Cluster | None
    origins: Origins
    limits: Limits
    language: str = "en"
    created: Buckets = field(init=False)
    messages: Buckets = field(init=False)
    logins: Buckets = field(init=False)
    quota: Quota | None = field(init=False)
    waiting: dict[str, list[str]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        limits = self.limits
        self.created = Buckets(limits.client_tables / 60, limits.client_tables)
        self.messages = Buckets(limits.client_messages, 2 * limits.client_messages)
        self.logins = Buckets(LOGINS_A_MINUTE / 60, LOGINS_A_MINUTE)
        self.quota = Quota(limits.client_tables, limits.client_waiting) if limits.client_tables or limits.client_waiting else None

    def still_waiting(self, key: str) -> list[str]:
        """The tables client ``key`` created that are still waiting for their start (and in memory)."""
        tables = self.hub.tables
        mine = [t for t in self.waiting.get(key, []) if (live := tables.get(t)) is not None and live.table.status == WAITING]
        if mine:
            self.waiting[key] = mine
        else:
            self.waiting.pop(key, None)
        return mine


def context(conn: HTTPConnection) -> AppContext:
    """The :class:`AppContext` of the app that received ``conn`` (a request or a websocket)."""
    ctx: AppContext = conn.app.state.context
    return ctx


def error(code: str, message: str, status: int | None = None) -> JSONResponse:
    """The error answer of a refusal."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status or STATUS.get(code, 400))


def ok(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def peer(conn: HTTPConnection) -> str | None:
    """The client's address (the one the per-person seat rule counts)."""
    return conn.client.host if conn.client is not None else None


async def body_of(request: Request) -> Any:
    """The request's JSON body: from an allowed origin, at most ``protocol.MAX_BODY`` bytes (raises Refusal)."""
    if not context(request).origins.allowed(request.scope):
        raise Refusal("bad_origin", "requests from another site are refused")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > protocol.MAX_BODY:
            raise Refusal("too_large", f"a request body may hold at most {protocol.MAX_BODY} bytes")
    return protocol.load_json(data or b"{}")


async def elsewhere(request: Request, method: str, body: Any = None, player: str | None = None) -> Response | None:
    """In a cluster, the answer of the worker that serves the request's table (None: this one serves it)."""
    ctx = context(request)
    peers = ctx.cluster
    if peers is None or request.path_params["table"] in ctx.hub.tables:
        return None
    owner = await peers.route(request.path_params["table"])
    if owner is None:
        return None
    status, answer = await peers.forward(owner[0], method, request.url.path, body, peer(request), player)
    return JSONResponse(answer, status_code=status)


@dataclass(frozen=True)
class Who:
    """The player a request comes from: the id its cookie proves, or a new one (``fresh``: the answer sets it)."""

    player: str
    fresh: bool


async def who(conn: HTTPConnection) -> Who:
    """The player of a request (see :mod:`hearts.server.identity`). Raises Refusal ``bad_origin`` for a request from
    another site: a page elsewhere cannot act or read as the player whose browser it runs in."""
    ctx = context(conn)
    if "origin" in conn.headers and not ctx.origins.allowed(conn.scope):
        raise Refusal("bad_origin", "requests from another site are refused")
    if ctx.cluster is not None:
        forwarded = ctx.cluster.believe_player(conn.headers)
        if forwarded is not None:
            return Who(forwarded, False)
    players = ctx.hub.players
    key = players.known_key or await ctx.hub.db_call(players.key)
    pid = verify(key, conn.cookies.get(COOKIE))
    return Who(new_player_id(), True) if pid is None else Who(pid, False)


def over_https(conn: HTTPConnection) -> bool:
    """Do browsers reach this server over HTTPS: the request's own scheme, or public origins that are all ``https``
    (``--origin``, behind a proxy that ends TLS)? Then the player's cookie is ``Secure``."""
    configured = context(conn).origins.configured
    return conn.url.scheme in ("https", "wss") or (bool(configured) and all(o.startswith("https://") for o in configured))


async def as_player(conn: HTTPConnection, response: Response, player: str, always: bool = False) -> Response:
    """``response`` with the cookie of ``player`` set (``always``: renewed even if the client holds it)."""
    players = context(conn).hub.players
    key = players.known_key or await context(conn).hub.db_call(players.key)
    if always or verify(key, conn.cookies.get(COOKIE)) != player:
        response.headers.append("set-cookie", cookie_header(sign(key, player), secure=over_https(conn)))
    return response


# -- the routes ---------------------------------------------------------------
async def healthz(request: Request) -> Response:
    """``GET /healthz``: is this server ready and its database reachable (503 if not)?"""
    hub = context(request).hub
    db = await hub.db_ok() if hub.ready else False
    good = hub.ready and db
    return JSONResponse({"ok": good, "db": db, "protocol": protocol.VERSION}, status_code=200 if good else 503)


async def page(request: Request) -> Response:
    """``GET /`` and ``GET /t/{table}``: the browser client, in the language the browser asks for."""
    html = index_page(request.headers.get("accept-language"), context(request).language)
    return HTMLResponse(html, headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})


async def options(request: Request) -> Response:
    """``GET /api/options``: what a new table may be (variants, rules options and their defaults, levels, timers)."""
    return ok({**table_options(), "defaults": {"turn_seconds": DEFAULT_TURN_SECONDS, "level": context(request).hub.default_level}})


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table (201), under the client's limits."""
    ctx = context(request)
    hub, limits, peers = ctx.hub, ctx.limits, ctx.cluster
    key = client_key(request.client.host if request.client else "")
    try:
        body = await body_of(request)
        protocol.check_table_request(body)
        me = await who(request)
        if peers is not None:  # counted in the database, over every worker
            out = await hub.lobby.create_table(body, peer(request), creator_id(peers.secret, key), ctx.quota, me.player)
            return await as_player(request, ok(out, 201), me.player)
        if limits.client_waiting and len(ctx.still_waiting(key)) >= limits.client_waiting:
            raise Refusal("rate_limited", f"you have {limits.client_waiting} tables waiting for their start: start one first")
        if not ctx.created.take(key):
            raise Refusal("rate_limited", f"at most {limits.client_tables} new tables a minute from one address: wait a little")
        out = await hub.lobby.create_table(body, peer(request), player=me.player)
    except Refusal as r:
        return error(r.code, r.message)
    if limits.client_waiting:
        if len(ctx.waiting) > 10_000:  # forget the clients none of whose tables still waits
            for other in list(ctx.waiting):
                ctx.still_waiting(other)
        ctx.waiting.setdefault(key, []).append(out["table"])
    return await as_player(request, ok(out, 201), me.player)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: the open tables (of the whole cluster), at most ``lobby_size``, and how many more."""
    ctx = context(request)
    limits = ctx.limits
    tables = await ctx.cluster.lobby() if ctx.cluster is not None else ctx.hub.lobby.open_tables()
    listing: dict[str, Any] = {"tables": tables[: limits.lobby_size]}
    if len(tables) > limits.lobby_size:
        listing["more"] = len(tables) - limits.lobby_size
    return ok(listing)


async def table_info(request: Request) -> Response:
    """``GET /api/tables/{table}``: one table as the lobby lists it."""
    try:
        return await elsewhere(request, "GET") or ok(context(request).hub.lobby.table_info(request.path_params["table"]))
    except Refusal as r:
        return error(r.code, r.message)


async def join(request: Request) -> Response:
    """``POST /api/tables/{table}/join``: take a seat (its secret token is in the answer)."""
    ctx = context(request)
    try:
        body = await body_of(request)
        protocol.check_join_request(body)
        me = await who(request)
        moved = await elsewhere(request, "POST", body, me.player)
        if moved is not None:
            return await as_player(request, moved, me.player)
        address = ctx.cluster.believe(request.headers, peer(request)) if ctx.cluster is not None else peer(request)
        out = await ctx.hub.lobby.join(request.path_params["table"], body, address, me.player)
        return await as_player(request, ok(out), me.player)
    except Refusal as r:
        return error(r.code, r.message)


async def games(request: Request) -> Response:
    """``GET /api/games``: the finished games kept here (``mine``: those the asking player held a seat at)."""
    try:
        me = await who(request)
    except Refusal as r:
        return error(r.code, r.message)
    return ok({"games": await context(request).hub.lobby.finished_games(None if me.fresh else me.player)})


async def record(request: Request) -> Response:
    """``GET /api/games/{table}/record``: a finished game's hearts-record/1 file, as a download."""
    table = request.path_params["table"]
    try:
        text = await context(request).hub.lobby.record(table)
    except Refusal as r:
        return error(r.code, r.message)
    safe = "".join(ch for ch in table if ch.isascii() and (ch.isalnum() or ch in "-_"))
    headers = {"Content-Disposition": f'attachment; filename="hearts-{safe}.json"'}
    return Response(text, media_type="application/json", headers=headers)
