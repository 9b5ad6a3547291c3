"""The websocket route: one connection's life, from its hello to its close.

The first message must be a ``hello`` (within ``HELLO_TIMEOUT`` seconds)
naming a table; the connection then belongs to that table (or, in a
cluster, is sent on to the worker that serves it: ``moved``). Every later
message passes two rate limits, the connection's own and its client's over
all its connections, is checked against the protocol, and goes to the hub.
Every refusal is an error reply, and an unexpected failure is a
``server_error`` reply: a hostile or broken client never stops the server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import protocol
from .cluster import Cluster
from .connection import FLOOD_LIMIT, Client
from .hub import Hub
from .limits import client_key
from .routes import context, peer
from .table import Refusal

log = logging.getLogger("hearts.server")
#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0


async def websocket(ws: WebSocket) -> None:
    """``/ws`` (and a worker's own ``/w/{worker}/ws``): a connection from an allowed origin, served until it ends."""
    ctx = context(ws)
    if not ctx.origins.allowed(ws.scope):
        await ws.close(code=4403)
        return
    await ws.accept()
    client = Client(ws.send_text, lambda code: ws.close(code=code), peer=peer(ws))
    writer = client.start()
    key = client_key(ws.client.host if ws.client else "")
    try:
        await _serve(ctx.hub, ws, client, lambda: ctx.messages.take(key), ctx.cluster)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("websocket handler failed")
    finally:
        ctx.hub.leave(client)
        writer.cancel()


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
        await _close_soon(client, protocol.hello_close(r.code))
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
