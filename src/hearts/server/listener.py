"""The server's connections below the app: a header timeout, a cap on connections, and the uvicorn settings.

uvicorn closes idle keep-alive connections but never one whose request head
does not finish (a slowloris). :func:`protocol_class` is uvicorn's h11
protocol with three guards added: a connection must send its whole request
(head and body) within ``header_timeout`` seconds (from its opening, or from
the end of the previous response), the whole server holds at most ``max_connections``
connections, and one direct peer (trusted proxies aside) at most
``client_connections`` HTTP connections; a connection over a cap gets a
typed error (503 or 429) and is closed at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import Counts, Limits, client_key, is_trusted

log = logging.getLogger("hearts.server")
_PHRASES = {429: "Too Many Requests", 503: "Service Unavailable"}
#: the client's h11 states in which a request is still arriving
_RECEIVING = (h11.IDLE, h11.SEND_BODY)


def protocol_class(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol, guarded by ``limits`` (one class per server: it holds the per-peer counts)."""
    nets = limits.proxies()
    per_peer = Counts(limits.client_connections)

    class Guarded(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.head_timer: asyncio.TimerHandle | None = None
            self.peer_key: str | None = None
            self.upgraded = False

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

        def handle_events(self) -> None:
            super().handle_events()
            self._watch()

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
            waiting = not self.upgraded and not self.transport.is_closing() and self.conn.their_state in _RECEIVING
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
            body = json.dumps({"error": {"code": code, "message": message}}).encode()
            head = (
                f"HTTP/1.1 {status} {_PHRASES[status]}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
                "x-content-type-options: nosniff\r\nconnection: close\r\n\r\n"
            )
            self.transport.write(head.encode() + body)
            self.transport.close()

    return Guarded


def server_config(app: Any, host: str, port: int, limits: Limits, log_level: str = "info", **extra: Any) -> uvicorn.Config:
    """The uvicorn settings of ``hearts serve`` (the tests start servers with the same ones)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol_class(limits),
        ws_max_size=16384,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_keep_alive=limits.idle_timeout,  # type: ignore[arg-type]
        h11_max_incomplete_event_size=limits.max_header_bytes,
        proxy_headers=False,  # the app reads X-Forwarded-For itself, from trusted proxies only
        server_header=False,
        **extra,
    )
