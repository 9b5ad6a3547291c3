"""The ASGI app: the HTTP lobby, the websocket game, the browser client's files.

>>> app = create_app("sqlite://")
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/games', '/api/games/{table}/record']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from hearts.bots.registry import LEVELS
from hearts.core import Rules
from hearts.core.rules import LAST_TRICK_RULES, MOON_CHOICES, RULE_KEYS, TIE_RULES

from . import protocol
from .bot_tokens import BotTokens
from .botpool import BOT_NICE
from .cluster import Cluster, ClusterConfig
from .connection import FLOOD_LIMIT, Client
from .edge import Edge, Origins, ShortUrls
from .hub import WAITING_TIMEOUT, Hub
from .limits import Buckets, Limits, client_key, creator_id
from .lobby import TURN_SECONDS
from .pages import index_page
from .remote import MOVE_SECONDS
from .store import Quota, Store
from .table import WAITING, Refusal

log = logging.getLogger("hearts.server")
STATIC = Path(__file__).parent / "static"
#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0
#: HTTP status of each error code
STATUS = {
    "not_found": 404,
    "not_finished": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "not_now": 409,
    "too_large": 413,
    "bad_origin": 403,
    "rate_limited": 429,
}


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.7,
    grace: float = 20.0,
    origins: Sequence[str] = (),
    limits: Limits | None = None,
    waiting_timeout: float = WAITING_TIMEOUT,
    cluster: ClusterConfig | None = None,
    bot_workers: int | None = None,
    bot_nice: int = BOT_NICE,
    bot_tokens: BotTokens | None = None,
    bot_move_seconds: float = MOVE_SECONDS,
    language: str = "en",
) -> Starlette:
    """The server's ASGI app on database ``db_url``; ``origins``: the allowed Origin values (default: the server's own address).

    ``cluster``: run as one worker of several sharing a PostgreSQL database (see :mod:`hearts.server.cluster`).
    ``bot_workers``: the processes the bots decide in (None: one per usable core; 0: a thread of the server process);
    ``bot_nice``: how far below the server's priority they run.
    ``bot_tokens``: the remote bots that may take seats (see :mod:`hearts.server.remote`), ``bot_move_seconds`` each decision.
    ``language``: the page's language when the browser's Accept-Language names none of ours (see :mod:`hearts.server.pages`).
    """
    for name in ("uvicorn.error", "websockets.server", "websockets.protocol"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoFrames) for f in logger.filters):
            logger.addFilter(NoFrames())
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, ShortUrls) for f in access.filters):
        access.addFilter(ShortUrls())
    limits = limits or Limits()
    store = Store(db_url)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        grace=grace,
        waiting_timeout=waiting_timeout,
        bot_workers=bot_workers,
        bot_nice=bot_nice,
        bot_tokens=bot_tokens,
        bot_move_seconds=bot_move_seconds,
    )
    peers = Cluster(hub, store, cluster) if cluster is not None else None
    allowed = Origins(origins)
    created = Buckets(limits.client_tables / 60, limits.client_tables)
    waiting: dict[str, list[str]] = {}  # client -> the tables it created that may still be waiting
    messages = Buckets(limits.client_messages, 2 * limits.client_messages)
    quota = Quota(limits.client_tables, limits.client_waiting) if limits.client_tables or limits.client_waiting else None

    def error(code: str, message: str, status: int | None = None) -> JSONResponse:
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=status or STATUS.get(code, 400))

    def ok(data: Any, status: int = 200) -> JSONResponse:
        return JSONResponse(data, status_code=status)

    async def body_of(request: Request) -> Any:
        if not allowed.allowed(request.scope):
            raise Refusal("bad_origin", "requests from another site are refused")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > protocol.MAX_BODY:
                raise Refusal("too_large", f"a request body may hold at most {protocol.MAX_BODY} bytes")
        return protocol.load_json(data or b"{}")

    def still_waiting(key: str) -> list[str]:
        """The tables client ``key`` created that are still waiting for their start (and in memory)."""
        mine = [t for t in waiting.get(key, []) if (live := hub.tables.get(t)) is not None and live.table.status == WAITING]
        if mine:
            waiting[key] = mine
        else:
            waiting.pop(key, None)
        return mine

    async def healthz(request: Request) -> Response:
        db = await hub.db_ok() if hub.ready else False
        good = hub.ready and db
        return JSONResponse({"ok": good, "db": db, "protocol": protocol.VERSION}, status_code=200 if good else 503)

    async def page(request: Request) -> Response:
        page = index_page(request.headers.get("accept-language"), language)
        return HTMLResponse(page, headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})

    by_variant = {v: _defaults(v) for v in ("standard", "omnibus", "cancellation")}
    table_options = {  # the same for every request: built once
        "variants": {"standard": [3, 7], "omnibus": [3, 7], "cancellation": [6, 11]},
        "rules": by_variant["standard"],
        "rules_by_variant": by_variant,
        "choices": {"moon": list(MOON_CHOICES), "ties": list(TIE_RULES), "last_trick_unwon": list(LAST_TRICK_RULES)},
        "levels": list(LEVELS),
        "defaults": {"turn_seconds": 60, "level": "medium"},
        "turn_seconds": [0, *TURN_SECONDS],
    }

    async def options(request: Request) -> Response:
        return ok(table_options)

    async def create_table(request: Request) -> Response:
        key = client_key(request.client.host if request.client else "")
        try:
            body = await body_of(request)
            protocol.check_table_request(body)
            if peers is not None:  # counted in the database, over every worker
                out = await hub.lobby.create_table(body, _peer(request), creator_id(peers.secret, key), quota)
                return ok(out, 201)
            if limits.client_waiting and len(still_waiting(key)) >= limits.client_waiting:
                raise Refusal("rate_limited", f"you have {limits.client_waiting} tables waiting for their start: start one first")
            if not created.take(key):
                raise Refusal("rate_limited", f"at most {limits.client_tables} new tables a minute from one address: wait a little")
            out = await hub.lobby.create_table(body, _peer(request))
        except Refusal as r:
            return error(r.code, r.message)
        if limits.client_waiting:
            if len(waiting) > 10_000:  # forget the clients none of whose tables still waits
                for other in list(waiting):
                    still_waiting(other)
            waiting.setdefault(key, []).append(out["table"])
        return ok(out, 201)

    async def elsewhere(request: Request, method: str, body: Any = None) -> Response | None:
        """In a cluster, the answer of the worker that serves the request's table (None: this one serves it)."""
        if peers is None or request.path_params["table"] in hub.tables:
            return None
        owner = await peers.route(request.path_params["table"])
        if owner is None:
            return None
        status, answer = await peers.forward(owner[0], method, request.url.path, body, _peer(request))
        return JSONResponse(answer, status_code=status)

    async def list_tables(request: Request) -> Response:
        tables = await peers.lobby() if peers is not None else hub.lobby.open_tables()
        listing: dict[str, Any] = {"tables": tables[: limits.lobby_size]}
        if len(tables) > limits.lobby_size:
            listing["more"] = len(tables) - limits.lobby_size
        return ok(listing)

    async def table_info(request: Request) -> Response:
        try:
            return await elsewhere(request, "GET") or ok(hub.lobby.table_info(request.path_params["table"]))
        except Refusal as r:
            return error(r.code, r.message)

    async def join(request: Request) -> Response:
        try:
            body = await body_of(request)
            protocol.check_join_request(body)
            moved = await elsewhere(request, "POST", body)
            if moved is not None:
                return moved
            peer = peers.believe(request.headers, _peer(request)) if peers is not None else _peer(request)
            return ok(await hub.lobby.join(request.path_params["table"], body, peer))
        except Refusal as r:
            return error(r.code, r.message)

    async def games(request: Request) -> Response:
        return ok({"games": await hub.lobby.finished_games()})

    async def stats(request: Request) -> Response:
        try:
            return ok(await hub.lobby.player_stats(request.query_params.get("name")))
        except Refusal as r:
            return error(r.code, r.message)

    async def record(request: Request) -> Response:
        table = request.path_params["table"]
        try:
            text = await hub.lobby.record(table)
        except Refusal as r:
            return error(r.code, r.message)
        safe = "".join(ch for ch in table if ch.isascii() and (ch.isalnum() or ch in "-_"))
        headers = {"Content-Disposition": f'attachment; filename="hearts-{safe}.json"'}
        return Response(text, media_type="application/json", headers=headers)

    async def websocket(ws: WebSocket) -> None:
        if not allowed.allowed(ws.scope):
            await ws.close(code=4403)
            return
        await ws.accept()
        client = Client(ws.send_text, lambda code: ws.close(code=code), peer=_peer(ws))
        writer = client.start()
        key = client_key(ws.client.host if ws.client else "")
        try:
            await _serve(hub, ws, client, lambda: messages.take(key), peers)
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("websocket handler failed")
        finally:
            hub.leave(client)
            writer.cancel()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start(load=peers is None)
        if peers is not None:
            await peers.start()
        try:
            yield
        finally:
            if peers is not None:
                await peers.halt()
            await hub.stop()  # its bots and timers stop before the leases go: nothing is written after
            if peers is not None:
                await peers.stop()
            store.close()

    routes = [
        Route("/", page),
        Route("/t/{table}", page),
        Route("/healthz", healthz),
        Route("/api/options", options),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/games", games),
        Route("/api/games/{table}/record", record),
        Route("/api/stats", stats),
        WebSocketRoute("/ws", websocket),
        WebSocketRoute("/w/{worker}/ws", websocket),  # a worker's own address behind a front proxy (see docs/scaling.md)
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Edge, limits=limits, origins=allowed)])
    app.state.hub = hub
    app.state.store = store
    app.state.cluster = peers
    app.state.origins = allowed  # the listener's own answers carry the same security headers
    return app


def _peer(conn: Any) -> str | None:
    """The client's address (the one the per-person seat rule counts)."""
    return conn.client.host if conn.client is not None else None


def _defaults(variant: str) -> dict[str, Any]:
    """Every rules option's default for ``variant`` (at its smallest table)."""
    rules = Rules(variant=variant, players=6 if variant == "cancellation" else 4).to_dict()
    return {k: rules[k] for k in RULE_KEYS}


class NoFrames(logging.Filter):
    """Drop the websockets library's debug records: they quote frames, which hold cards and tokens."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno <= logging.DEBUG and "websockets" in record.pathname.replace("\\", "/").split("/"))


async def _serve(hub: Hub, ws: WebSocket, client: Client, shared: Callable[[], bool], peers: Cluster | None = None) -> None:
    """Read one connection's messages: hello first, then actions; every refusal is an error reply.

    ``shared()`` takes a message from the client's budget over all its connections (False: over it).
    ``peers``: in a cluster, a hello for a table another worker serves is answered ``moved``.
    """
    try:
        first = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
    except TimeoutError:
        client.send(protocol.error("hello_first", f"say hello within {HELLO_TIMEOUT:.0f} seconds"))
        await _close_soon(client, 4408)
        return
    try:
        msg = protocol.parse_message(first)
        if msg["type"] != "hello":
            raise Refusal("hello_first", "the first message must be hello")
        owner = await peers.route(msg["table"]) if peers is not None else None
        if owner is not None:
            client.send(protocol.reply("moved", ws=owner[1]))
            await _close_soon(client, 4302)
            return
        await hub.hello(client, msg)
    except Refusal as r:
        client.send(protocol.error(r.code, r.message))
        await _close_soon(client, {"unauthorized": 4401, "not_found": 4404}.get(r.code, 4400))
        return
    while not client.closed:
        raw = await _receive(ws)
        own = client.allow()
        if not own or not shared():
            if own:  # refused by the client's shared budget: it counts as dropped too
                client.dropped += 1
            if client.dropped > FLOOD_LIMIT:
                await _close_soon(client, 4429)
                return
            client.send(protocol.error("rate_limited", "too many messages: slow down (this one was dropped)", msg_id=_peek_id(raw)))
            continue
        msg_id = None
        try:
            msg = protocol.parse_message(raw)
            msg_id = msg.get("id")
            await hub.handle(client, msg)
        except Refusal as r:
            live = hub.tables.get(client.table_id or "")
            client.send(protocol.error(r.code, r.message, seq=live.table.seq if live else None, msg_id=msg_id))
        except Exception:
            log.exception("message handler failed")
            client.send(protocol.error("server_error", "the server could not handle that message", msg_id=msg_id))


def _peek_id(raw: str | bytes) -> Any:
    """The ``id`` of a message, if it is a valid one (so a dropped message's error can name it)."""
    try:
        return protocol.parse_message(raw).get("id")
    except Refusal:
        return None


async def _receive(ws: WebSocket) -> str | bytes:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    return bytes(message.get("bytes") or b"")


async def _close_soon(client: Client, code: int) -> None:
    """Let the queued error go out, then close."""
    for _ in range(50):
        if client.queue.empty():
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    client.closed = True
    try:
        await client.close(code)
    except Exception:
        pass
