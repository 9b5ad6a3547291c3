"""The app's edge: who the client is, its HTTP and websocket limits, the allowed origins, security headers.

:class:`Edge` wraps the app (ASGI middleware). It sets the scope's client to
the real client (see :mod:`~hearts.server.limits`), answers a client over
its request rate with 429 (``rate_limited``; the page's own files under
``/static/`` draw on a separate allowance ten times larger, so that a
household behind one address loading the table at once is not refused a
script), refuses a websocket over the
client's connection cap with a typed error and close code 4429, adds the
security headers to every response, and turns an unexpected failure into a
typed 500 (``server_error``) instead of a traceback page.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from . import protocol
from .limits import Buckets, Counts, Limits, client_address, client_key

log = logging.getLogger("hearts.server")
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
#: characters of a URL the access log keeps
LOGGED_URL = 200
#: how many times ``--client-requests`` a client may fetch of the page's static files (a page is 25 of them)
ASSETS = 10


class Origins:
    """The origins a browser may call from: the ``--origin`` values, or, when none is given, the address the
    connection arrived at (an IP literal, and ``localhost`` on a loopback address). The Host header, which
    the client chooses, never counts.

    >>> Origins([]).of({"server": ("127.0.0.1", 8000)})
    ('http://127.0.0.1:8000', 'http://localhost:8000')
    >>> Origins(["https://cards.example.org/"]).allowed({"headers": [(b"origin", b"http://127.0.0.1:8000")], "server": ("127.0.0.1", 8000)})
    False
    """

    def __init__(self, configured: Sequence[str]) -> None:
        self.configured = tuple(o.rstrip("/").lower() for o in configured)

    def of(self, scope: Scope) -> tuple[str, ...]:
        if self.configured:
            return self.configured
        server = scope.get("server")
        if not server or server[1] is None:
            return ()
        host, port = str(server[0]), server[1]
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return ()
        name = f"[{ip.compressed}]" if ip.version == 6 else ip.compressed
        out = [f"http://{name}:{port}"]
        if ip.is_loopback:
            out.append(f"http://localhost:{port}")
        return tuple(out)

    def allowed(self, scope: Scope) -> bool:
        """Whether the request's Origin may call (no Origin: not a browser, allowed)."""
        origin = _header(scope, b"origin")
        return origin is None or origin.rstrip("/").lower() in self.of(scope)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def security_headers(origins: Sequence[str]) -> list[tuple[bytes, bytes]]:
    """The headers every response carries; the CSP lets the page reach only its own websocket origins."""
    sockets = ["'self'", *(("wss://" if o.startswith("https://") else "ws://") + o.split("://", 1)[1] for o in origins)]
    csp = (
        f"default-src 'self'; connect-src {' '.join(sockets)}; img-src 'self' data:; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    )
    pairs = {
        "content-security-policy": csp,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "x-frame-options": "DENY",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
    }
    return [(k.encode(), v.encode()) for k, v in pairs.items()]


class SecurityHeaders:
    """The security headers of the answers on each server address (cached: a server listens on few addresses).

    Used by :class:`Edge` for the app's answers, and by :mod:`~hearts.server.listener` for the answers the
    server makes below the app (a request it cannot read, a head too large, a refused websocket handshake).

    >>> h = SecurityHeaders(Origins([]))
    >>> dict(h.at(("127.0.0.1", 8000)))[b"x-frame-options"]
    b'DENY'
    """

    def __init__(self, origins: Origins) -> None:
        self.origins = origins
        self.cache: dict[Any, list[tuple[bytes, bytes]]] = {}

    def at(self, server: Any) -> list[tuple[bytes, bytes]]:
        """The headers of an answer on server address ``server`` (a (host, port) pair, or None)."""
        headers = self.cache.get(server)
        if headers is None:
            headers = security_headers(self.origins.of({"server": server}))
            if len(self.cache) < 64:
                self.cache[server] = headers
        return headers


class Edge:
    """ASGI middleware: see the module's notes."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limits: Limits, origins: Origins) -> None:
        self.app = app
        self.limits = limits
        self.origins = origins
        self.nets = limits.proxies()
        self.requests = Buckets(limits.client_requests, 5 * limits.client_requests)
        self.assets = Buckets(ASSETS * limits.client_requests, 5 * ASSETS * limits.client_requests)
        self.sockets = Counts(limits.client_connections)
        self.headers = SecurityHeaders(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        peer = str((scope.get("client") or ("", 0))[0])
        forwarded = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"x-forwarded-for"]
        address = client_address(peer, forwarded, self.nets)
        if address != peer:
            scope["client"] = (address, 0)
        key = client_key(address)
        if kind == "websocket":
            await self._websocket(scope, receive, send, key)
        else:
            await self._http(scope, receive, send, key)

    async def _http(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        extra = self.headers.at(scope.get("server"))
        asset = scope.get("method") in ("GET", "HEAD") and str(scope.get("path", "")).startswith("/static/")
        if not (self.assets if asset else self.requests).take(key):
            await _json(send, 429, "rate_limited", "too many requests from your address: slow down", [*extra, (b"retry-after", b"1")])
            return
        started = False

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                have = {k.lower() for k, _ in message.get("headers", ())}
                message = {**message, "headers": [*message.get("headers", ()), *(h for h in extra if h[0] not in have)]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            log.exception("request handler failed")
        if not started:  # it failed, or returned without answering: a typed 500 (not the server's plain-text one)
            await _json(send, 500, "server_error", "the server could not handle that request", extra)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        if not self.requests.take(key):
            await _refuse_socket(receive, send, "too many requests from your address: slow down")
            return
        if not self.sockets.enter(key):
            await _refuse_socket(receive, send, f"at most {self.limits.client_connections} connections from one address")
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets.leave(key)


async def _json(send: Send, status: int, code: str, message: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})


async def _refuse_socket(receive: Receive, send: Send, message: str) -> None:
    """Accept, say why in a typed error, close with 4429."""
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(protocol.error("rate_limited", message))})
    await send({"type": "websocket.close", "code": 4429})


class ShortUrls(logging.Filter):
    """Cut the URL of an access-log line to its first 200 characters (a client may send 8 KB of path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str) and len(args[2]) > LOGGED_URL:
            url = args[2]
            record.args = (*args[:2], f"{url[:LOGGED_URL]}...[{len(url) - LOGGED_URL} more characters]", *args[3:])
        return True
