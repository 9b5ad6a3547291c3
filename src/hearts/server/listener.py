"""The server's connections below the app: a header timeout, caps on connections and heads, and the uvicorn settings.

uvicorn closes idle keep-alive connections but never one whose request head
does not finish (a slowloris). :func:`protocol_class` is uvicorn's h11
protocol with these guards added: a connection must send its whole request
(head and body) within ``header_timeout`` seconds (from its opening, or from
the end of the previous response), the whole server holds at most ``max_connections``
connections, and one direct peer (trusted proxies aside) at most
``client_connections`` HTTP connections; a connection over a cap gets a
typed error (503 or 429) and is closed at once.

A request head (request line and headers) holds at most ``max_header_bytes``
bytes however it arrives: h11 refuses an unfinished head over its limit, but
a complete one that arrives in one read would pass, so the raw bytes of each
head are measured before h11 reads them (431, ``too_large``).

The answers the server makes below the app carry the security headers too
(:class:`~hearts.server.edge.SecurityHeaders`): uvicorn's own 400 for a
request it cannot read (now a typed JSON error), and every answer of a
websocket handshake (its 403 for a handshake the app refused, its 400 and
500, and the 101 itself), through :func:`websocket_class`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Response

from .edge import Origins, SecurityHeaders
from .limits import Counts, Limits, client_key, is_trusted

log = logging.getLogger("hearts.server")
_PHRASES = {400: "Bad Request", 429: "Too Many Requests", 431: "Request Header Fields Too Large", 503: "Service Unavailable"}
#: the client's h11 states in which a request is still arriving
_RECEIVING = (h11.IDLE, h11.SEND_BODY)
#: seconds a refused connection is still read (and what it sends dropped) after its answer, before it is closed
LINGER_SECONDS = 2.0
#: where a request head ends (h11 accepts a bare LF as a line end too)
_HEAD_END = re.compile(rb"\n\r?\n")


def head_size(buffered: bytes) -> int:
    """The bytes of the request head at the start of ``buffered`` (all of them while the head has not ended).

    >>> head_size(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nbody"), head_size(b"GET / HT")
    (27, 8)
    """
    end = _HEAD_END.search(buffered)
    return end.end() if end is not None else len(buffered)


def protocol_class(limits: Limits, headers: SecurityHeaders | None = None) -> type[H11Protocol]:
    """uvicorn's h11 protocol, guarded by ``limits`` (one class per server: it holds the per-peer counts).

    ``headers``: the security headers of the answers it makes itself (default: for the server's own address).
    """
    nets = limits.proxies()
    per_peer = Counts(limits.client_connections)
    security = headers or SecurityHeaders(Origins(()))

    class Guarded(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.head_timer: asyncio.TimerHandle | None = None
            self.peer_key: str | None = None
            self.upgraded = False
            self.refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if limits.max_connections and len(self.connections) > limits.max_connections:
                self._refuse(503, "server_busy", "the server has too many connections: try again soon")
                return
            peer = self.client[0] if self.client else None
            if peer is not None and not is_trusted(peer, nets):
                key = client_key(peer)
                if not per_peer.enter(key):
                    self._refuse(429, "rate_limited", "too many connections from your address: close some first")
                    return
                self.peer_key = key
            self._watch()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_watch()
            self._release()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return  # answered and closing: the rest of what it sends is dropped
            super().data_received(data)

        def handle_events(self) -> None:
            if self._head_too_large():
                self._refuse(431, "too_large", f"a request head may hold at most {limits.max_header_bytes} bytes")
                return
            super().handle_events()
            self._watch()

        def _head_too_large(self) -> bool:
            """Is a new request's head, as received so far (before h11 reads it), over the limit?"""
            if not limits.max_header_bytes or self.upgraded or self.conn.their_state is not h11.IDLE:
                return False
            return head_size(self.conn.trailing_data[0]) > limits.max_header_bytes

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request it cannot read: a typed error with the security headers."""
            self._refuse(400, "bad_request", "the server could not read that request (it is not valid HTTP/1.1)")

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self.upgraded = True
            self._stop_watch()
            self._release()  # the app counts a client's websockets
            super().handle_websocket_upgrade(event)

        def _release(self) -> None:
            if self.peer_key is not None:
                per_peer.leave(self.peer_key)
                self.peer_key = None

        def _watch(self) -> None:
            """Run the timer exactly while the connection waits for a request's head or body."""
            waiting = not self.upgraded and not self.refused and not self.transport.is_closing() and self.conn.their_state in _RECEIVING
            if not waiting:
                self._stop_watch()
            elif self.head_timer is None and limits.header_timeout > 0:
                self.head_timer = self.loop.call_later(limits.header_timeout, self._head_late)

        def _stop_watch(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_late(self) -> None:
            self.head_timer = None
            if not self.upgraded and not self.transport.is_closing() and self.conn.their_state in _RECEIVING:
                self.transport.close()

        def _refuse(self, status: int, code: str, message: str) -> None:
            """Answer with a typed error and close; a lingering close, so the answer is not lost.

            Closed at once with bytes of the client's still unread (the rest of a big head, say), the socket would
            send a reset, and the client could lose the answer before reading it. So the server sends its answer and
            the end of its stream, drops whatever else arrives, and closes when the client does (or after
            LINGER_SECONDS).
            """
            if self.transport.is_closing() or self.refused:
                return
            self.refused = True
            self._stop_watch()
            body = json.dumps({"error": {"code": code, "message": message}}).encode()
            lines = [f"HTTP/1.1 {status} {_PHRASES[status]}", "content-type: application/json", f"content-length: {len(body)}"]
            lines += [f"{k.decode()}: {v.decode()}" for k, v in security.at(self.server)]
            self.transport.write("\r\n".join([*lines, "connection: close", "", ""]).encode("latin-1") + body)
            if self.transport.can_write_eof():
                self.transport.write_eof()
                self.loop.call_later(LINGER_SECONDS, self.transport.close)
            else:
                self.transport.close()

    return Guarded


def websocket_class(headers: SecurityHeaders) -> type[WebSocketsSansIOProtocol]:
    """uvicorn's websocket protocol, every answer of whose handshake carries the security headers."""

    class Guarded(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            reject, send_response = self.conn.reject, self.conn.send_response

            def with_headers(response: Response) -> Response:
                for key, value in headers.at(self.server):
                    name = key.decode()
                    if name not in response.headers:
                        response.headers[name] = value.decode()
                return response

            def rejected(status: Any, text: str) -> Response:
                return with_headers(reject(status, text))

            def answer(response: Response) -> None:
                send_response(with_headers(response))

            self.conn.reject = rejected  # type: ignore[method-assign]
            self.conn.send_response = answer  # type: ignore[method-assign]

    return Guarded


def server_config(app: Any, host: str, port: int, limits: Limits, log_level: str = "info", **extra: Any) -> uvicorn.Config:
    """The uvicorn settings of ``hearts serve`` (the tests start servers with the same ones).

    The security headers of the answers below the app follow the app's allowed origins (``app.state.origins``).
    """
    origins = getattr(getattr(app, "state", None), "origins", None)
    headers = SecurityHeaders(origins if isinstance(origins, Origins) else Origins(()))
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol_class(limits, headers),
        ws=websocket_class(headers),
        ws_max_size=16384,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_keep_alive=limits.idle_timeout,  # type: ignore[arg-type]
        h11_max_incomplete_event_size=limits.max_header_bytes,
        proxy_headers=False,  # the app reads X-Forwarded-For itself, from trusted proxies only
        server_header=False,
        **extra,
    )
