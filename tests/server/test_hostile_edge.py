"""The server's edge against hostile clients: limits per client and for the server, origins, headers, typed errors.

Each server here runs with the settings of ``hearts serve`` (listener.server_config) on loopback.
Clients are told apart by their peer address (sockets bound to 127.0.0.2, 127.0.0.3, ...) or, through
a trusted proxy (127.0.0.1), by X-Forwarded-For.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hearts.server import protocol
from hearts.server.limits import Limits
from hearts.server.table import Refusal

from .conftest import Http, ServerProcess, free_port, wait_healthy
from .wsconn import Conn

PROXY = ("127.0.0.1",)


class EdgeServer(Http):
    """A server in a thread with the uvicorn settings of ``hearts serve`` and the given limits."""

    def __init__(self, db: Path, limits: Limits, origins: tuple[str, ...] = (), log_level: str = "warning") -> None:
        import uvicorn

        from hearts.server.app import create_app
        from hearts.server.listener import server_config

        self.port = free_port()
        super().__init__(f"http://127.0.0.1:{self.port}")
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.app = create_app(f"sqlite:///{db}", bot_delay=0.0, grace=0.3, origins=origins, limits=limits)
        self.server = uvicorn.Server(server_config(self.app, "127.0.0.1", self.port, limits, log_level))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_healthy(self)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def as_client(self, address: str) -> Http:
        """Requests through the trusted proxy (this test) for the client at ``address``."""
        server = self

        class Forwarded(Http):
            def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
                return Http.call(server, method, path, body, {"X-Forwarded-For": f"198.51.100.99, {address}", **(headers or {})})

        return Forwarded(self.base)


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    made: list[EdgeServer] = []

    def make(**options: Any) -> EdgeServer:
        origins = options.pop("origins", ())
        log_level = options.pop("log_level", "warning")
        s = EdgeServer(tmp_path / f"e{len(made)}.db", Limits(**options), origins, log_level)
        made.append(s)
        return s

    try:
        yield make
    finally:
        for s in made:
            s.stop()


def raw(port: int, source: str = "127.0.0.2") -> socket.socket:
    """A plain TCP connection from ``source``."""
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    """Whether the server closes ``s`` within ``within`` seconds (reading whatever it sends first)."""
    s.settimeout(within)
    try:
        while s.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def response_of(s: socket.socket) -> tuple[int, dict[str, str], Any]:
    """Read one whole response (the server closes after it): status, headers, JSON body."""
    data = b""
    try:
        while chunk := s.recv(4096):
            data += chunk
    except ConnectionResetError:
        pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)


def one_response(s: socket.socket) -> tuple[int, Any]:
    """Read one response of a keep-alive connection (by its Content-Length): status and JSON body."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(4096)
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    while len(rest) < length:
        rest += s.recv(4096)
    return int(head.split()[1]), json.loads(rest[:length])


def ws_connect(url: str, source: str | None = None, headers: dict[str, str] | None = None) -> Any:
    from websockets.sync.client import connect

    sock = None
    if source is not None:
        host, port = url.split("//")[1].split("/")[0].split(":")
        sock = raw(int(port), source)
    return connect(url, sock=sock, additional_headers=headers, open_timeout=5).__enter__()


def recv_json(ws: Any, timeout: float = 5.0) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


# -- item 5: table creation ------------------------------------------------------------------------


def body(**extra: Any) -> dict[str, Any]:
    return {"variant": "standard", "players": 4, "turn_seconds": 0, "name": "Ann", **extra}


def test_table_creation_is_limited_per_client_and_never_for_another(make_server: Any) -> None:
    server = make_server(client_tables=3, client_waiting=2, trusted_proxies=PROXY)
    ann, bob = server.as_client("203.0.113.1"), server.as_client("203.0.113.2")
    first = [ann.post("/api/tables", body()) for _ in range(2)]
    assert [s for s, _ in first] == [201, 201]
    status, out = ann.post("/api/tables", body())
    assert status == 429 and out["error"]["code"] == "rate_limited" and "waiting" in out["error"]["message"]
    assert bob.post("/api/tables", body())[0] == 201  # another client is not touched
    # a table that starts no longer counts as waiting; the rate (3 a minute) still holds
    c = Conn(server.ws, first[0][1]["table"], first[0][1]["token"])
    c.next("state")
    assert c.act({"type": "start"})["type"] == "ok"
    assert ann.post("/api/tables", body())[0] == 201
    c2 = Conn(server.ws, first[1][1]["table"], first[1][1]["token"])
    c2.next("state")
    assert c2.act({"type": "start"})["type"] == "ok"
    status, out = ann.post("/api/tables", body())
    assert status == 429 and out["error"]["code"] == "rate_limited" and "a minute" in out["error"]["message"]
    assert bob.post("/api/tables", body())[0] == 201


def test_the_lobby_lists_at_most_its_size(make_server: Any) -> None:
    server = make_server(lobby_size=3, client_tables=0, client_waiting=0)
    made = [server.post("/api/tables", body(name=None))[1]["table"] for _ in range(5)]
    status, lobby = server.get("/api/tables")
    assert status == 200 and len(lobby["tables"]) == 3 and lobby["more"] == 2
    assert {t["id"] for t in lobby["tables"]} <= set(made)


# -- item 6: slowloris and the server-wide limits ----------------------------------------------------


def test_a_request_head_that_never_ends_is_cut_off_and_health_stays_up(make_server: Any) -> None:
    server = make_server(header_timeout=1.0, idle_timeout=1, client_connections=0)
    slow = [raw(server.port, f"127.0.0.{2 + i % 5}") for i in range(30)]
    for i, s in enumerate(slow):
        if i % 3:  # a partial head; the rest send nothing at all
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    assert server.get("/healthz")[0] == 200
    assert all(closed_by_server(s, 6.0) for s in slow)
    for s in slow:
        s.close()


def test_a_head_sent_a_byte_at_a_time_is_cut_off_too(make_server: Any) -> None:
    server = make_server(header_timeout=1.0)
    s = raw(server.port)
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-Pad: " + b"a" * 100
    cut = False
    for byte in head[:40]:  # 40 x 0.2 s: far more than the timeout, each byte well inside it
        try:
            s.sendall(bytes([byte]))
        except OSError:
            cut = True
            break
        time.sleep(0.2)
    assert cut or closed_by_server(s, 3.0)
    s.close()


def test_keep_alive_and_websockets_outlive_the_header_timeout(make_server: Any) -> None:
    server = make_server(header_timeout=1.0, idle_timeout=3)
    s = raw(server.port)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert one_response(s) == (200, {"ok": True, "db": True, "protocol": 1})
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")  # the same connection serves a second request
    assert one_response(s)[0] == 200
    assert closed_by_server(s, 8.0)  # then the idle timeout closes it
    s.close()
    t = server.table()
    c = Conn(server.ws, t["table"], t["token"])
    c.next("state")
    time.sleep(1.6)  # longer than the header timeout: an open websocket is not a request head
    c.send({"type": "ping", "id": "late"})
    assert c.next("pong")["id"] == "late"
    c.close()


def test_the_server_holds_at_most_max_connections(make_server: Any) -> None:
    server = make_server(max_connections=8, client_connections=0, header_timeout=30.0)
    idle = [raw(server.port, "127.0.0.2") for _ in range(8)]
    time.sleep(0.2)  # let the server accept them
    extra = raw(server.port, "127.0.0.3")
    status, headers, out = response_of(extra)
    assert status == 503 and out["error"]["code"] == "server_busy"
    for s in idle:
        s.close()
    extra.close()
    wait_healthy(server, timeout=5)


def test_the_serve_command_applies_the_header_timeout(tmp_path: Path) -> None:
    proc = ServerProcess(tmp_path / "h.db", "--header-timeout", "1", "--client-connections", "2")
    proc.start()
    try:
        s = raw(proc.port)
        s.sendall(b"GET / HTTP/1.1\r\n")
        assert closed_by_server(s, 6.0)
        held = [raw(proc.port, "127.0.0.5") for _ in range(2)]
        time.sleep(0.2)
        status, _, out = response_of(raw(proc.port, "127.0.0.5"))
        assert status == 429 and out["error"]["code"] == "rate_limited"
        for h in [s, *held]:
            h.close()
    finally:
        proc.stop()


# -- item 7: limits per client -----------------------------------------------------------------------


def test_connections_per_peer_address(make_server: Any) -> None:
    server = make_server(client_connections=5, header_timeout=30.0)
    held = [raw(server.port, "127.0.0.2") for _ in range(5)]
    time.sleep(0.2)
    status, headers, out = response_of(raw(server.port, "127.0.0.2"))
    assert status == 429 and out["error"]["code"] == "rate_limited" and headers["x-content-type-options"] == "nosniff"
    other = raw(server.port, "127.0.0.3")  # another client gets through
    other.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert response_of(other)[0] == 200
    held.pop().close()  # once the server has seen the close, the client may connect again
    statuses = []
    for _ in range(50):
        again = raw(server.port, "127.0.0.2")
        try:
            again.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            statuses.append(response_of(again)[0])
        except (OSError, ValueError):  # refused (429) before the request was read: the reset may eat the answer
            statuses.append(429)
        again.close()
        if statuses[-1] == 200:
            break
        time.sleep(0.1)
    assert statuses[-1] == 200 and set(statuses) <= {200, 429}, statuses
    for s in held:
        s.close()


def test_websockets_per_client_behind_a_trusted_proxy_and_a_forged_header_from_elsewhere(make_server: Any) -> None:
    server = make_server(client_connections=3, trusted_proxies=PROXY)
    t = server.table()
    hello = json.dumps({"type": "hello", "v": 1, "table": t["table"]})
    mine = [ws_connect(server.ws, headers={"X-Forwarded-For": "203.0.113.7"}) for _ in range(3)]
    for w in mine:
        w.send(hello)
        assert recv_json(w)["type"] == "welcome"
    over = ws_connect(server.ws, headers={"X-Forwarded-For": "203.0.113.7"})
    assert recv_json(over) == {"type": "error", "v": 1, "code": "rate_limited", "message": "at most 3 connections from one address"}
    with pytest.raises(ConnectionClosed):
        over.recv(timeout=5)
    assert over.close_code == 4429
    other = ws_connect(server.ws, headers={"X-Forwarded-For": "203.0.113.8"})
    other.send(hello)
    assert recv_json(other)["type"] == "welcome"
    # a peer that is not a trusted proxy is counted by its own address, whatever header it sends
    forged = [ws_connect(server.ws, source="127.0.0.9", headers={"X-Forwarded-For": f"192.0.2.{i}"}) for i in range(4)]
    assert recv_json(forged[-1])["code"] == "rate_limited"
    for w in [*mine, over, other, *forged]:
        w.close()


def test_http_requests_per_client(make_server: Any) -> None:
    server = make_server(client_requests=0.2, trusted_proxies=PROXY)  # bursts of one request
    ann, bob = server.as_client("203.0.113.1"), server.as_client("203.0.113.2")
    assert ann.get("/api/options")[0] == 200
    status, out = ann.get("/api/options")
    assert status == 429 and out == {"error": {"code": "rate_limited", "message": "too many requests from your address: slow down"}}
    assert bob.get("/api/options")[0] == 200


def test_the_pages_files_have_their_own_larger_allowance(make_server: Any) -> None:
    # a page is some 25 files: a household behind one address loading the table at once must not lose a script to
    # the API's limit, but the files are still limited (ten times the requests: here bursts of 10)
    server = make_server(client_requests=0.2, trusted_proxies=PROXY)
    ann = server.as_client("203.0.113.1")
    assert ann.get("/api/options")[0] == 200
    assert ann.get("/api/options")[0] == 429
    began, served = time.monotonic(), 0
    while served < 60 and ann.get("/static/style.css")[0] == 200:
        served += 1
    assert 10 <= served <= 10 + 2 * (time.monotonic() - began) + 1  # the burst, and what 2 a second refilled meanwhile
    assert ann.call("POST", "/static/style.css")[0] == 429  # only reading a file counts as one


def test_websocket_messages_per_client_over_all_its_connections(make_server: Any) -> None:
    server = make_server(client_messages=1.0, trusted_proxies=PROXY)  # 1 a second, bursts of 2
    t = server.table()
    hello = json.dumps({"type": "hello", "v": 1, "table": t["table"]})
    flood = [ws_connect(server.ws, headers={"X-Forwarded-For": "203.0.113.7"}) for _ in range(3)]
    calm = ws_connect(server.ws, headers={"X-Forwarded-For": "203.0.113.8"})
    for w in [*flood, calm]:
        w.send(hello)
        assert recv_json(w)["type"] == "welcome"
        assert recv_json(w)["type"] == "state"
    for w in flood:  # 30 each: within one connection's own limit (bursts of 40)
        for i in range(30):
            w.send(json.dumps({"type": "ping", "id": i}))
    calm.send(json.dumps({"type": "ping", "id": "a"}))
    calm.send(json.dumps({"type": "ping", "id": "b"}))
    replies: list[dict[str, Any]] = []
    for w in flood:
        got = 0
        while got < 30:
            msg = recv_json(w)
            if msg["type"] in ("pong", "error"):
                replies.append(msg)
                got += 1
    limited = [m for m in replies if m["type"] == "error" and m["code"] == "rate_limited"]
    assert len(limited) >= 60
    calm_replies: list[dict[str, Any]] = []
    for _ in range(20):  # states may come in between
        m = recv_json(calm)
        if m["type"] in ("pong", "error"):
            calm_replies.append(m)
        if len(calm_replies) == 2:
            break
    assert [m["type"] for m in calm_replies] == ["pong", "pong"]
    for w in [*flood, calm]:
        w.close()


# -- item 9: typed errors --------------------------------------------------------------------------


def test_deep_and_wrongly_typed_bodies_are_400s(make_server: Any) -> None:
    server = make_server()
    deep = ("[" * 1500 + "]" * 1500).encode()
    status, out = server.post("/api/tables", deep)
    assert status == 400 and out["error"]["code"] == "bad_json"
    t = server.table()
    status, out = server.post(f"/api/tables/{t['table']}/join", deep)
    assert status == 400 and out["error"]["code"] == "bad_json"
    for wrong in (
        {"level": ["easy"]},
        {"level": {"x": 1}},
        {"variant": ["standard"]},
        {"players": 4.5},
        {"players": True},
        {"turn_seconds": [60]},
        {"target": "100"},
        {"rules": {"moon": ["add"]}},
        {"rules": {"moon": {"a": 1}}},
        {"name": 7},
        {"rules": []},
    ):
        status, out = server.post("/api/tables", {**body(), **wrong})
        assert status == 400 and out["error"]["code"] == "bad_request", (wrong, out)
    for wrong_join in ({"name": ["Bob"]}, {"name": "Bob", "seat": [1]}, {"name": "Bob", "seat": 1.5}, {"name": {"a": 1}}):
        status, out = server.post(f"/api/tables/{t['table']}/join", wrong_join)
        assert status == 400 and out["error"]["code"] == "bad_request", (wrong_join, out)
    status, out = server.post("/api/tables", b'{"variant": "standard", "players": 4, "name": "\\ud800"}')
    assert status == 400 and out["error"]["code"] == "bad_json"


def test_a_token_with_a_lone_surrogate_gets_a_typed_error_and_no_traceback(make_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    server = make_server()
    t = server.table()
    caplog.set_level(logging.INFO, logger="hearts.server")
    w = ws_connect(server.ws)
    w.send('{"type": "hello", "v": 1, "table": "' + t["table"] + '", "token": "\\ud800"}')
    reply = recv_json(w)
    assert reply["type"] == "error" and reply["code"] == "bad_json"
    with pytest.raises(ConnectionClosed):
        w.recv(timeout=5)
    assert w.close_code == 4400
    c = Conn(server.ws, t["table"], t["token"])  # the table is fine
    c.next("state")
    c.send('{"type": "play", "card": "\\udfff", "seq": 0, "id": 3}')
    assert c.next("error")["code"] == "bad_json"
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
    c.close()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
FIELD = st.sampled_from(["type", "v", "table", "token", "seq", "card", "cards", "choice", "id", "x"])
MESSAGE = st.dictionaries(FIELD, JSON | st.sampled_from(["hello", "play", "pass", "moon", "start", "sync", "ping", 1, 0]), max_size=6)


@settings(max_examples=400, deadline=None)
@given(st.one_of(JSON, MESSAGE), st.booleans())
def test_the_message_parser_refuses_with_a_code_or_accepts_clean_fields(value: Any, surrogate: bool) -> None:
    text = json.dumps(value)
    if surrogate:
        text = text.replace('"', '"\\ud800', 1) if '"' in text else text
    try:
        msg = protocol.parse_message(text)
    except Refusal as r:
        assert r.code in ("bad_json", "bad_message", "bad_version", "too_large")
        return
    json.dumps(msg, ensure_ascii=False).encode("utf-8")  # every accepted string is valid Unicode


CREATE = st.dictionaries(
    st.sampled_from(["variant", "players", "target", "rules", "level", "turn_seconds", "name"]),
    JSON
    | st.sampled_from(["standard", "omnibus", "cancellation", "easy", "hard", 4, 6, 60, 0])
    | st.dictionaries(st.sampled_from(["moon", "ties", "pass_count", "target", "jack_of_diamonds"]), JSON, max_size=3),
    max_size=7,
)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EdgeServer]:
    s = EdgeServer(tmp_path_factory.mktemp("fuzz") / "f.db", Limits(client_tables=0, client_waiting=0, client_requests=0))
    try:
        yield s
    finally:
        s.stop()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(CREATE)
def test_no_create_request_is_a_500(fuzz_server: EdgeServer, create: Any) -> None:
    status, out = fuzz_server.post("/api/tables", create)
    assert status in (201, 400, 413), (create, status, out)
    if status != 201:
        assert out["error"]["code"] in ("bad_request", "bad_json", "too_large"), out


SEAT = JSON | st.integers(min_value=-3, max_value=8) | st.integers()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(JSON, st.fixed_dictionaries({"name": JSON | st.text(min_size=1, max_size=30)}, optional={"seat": SEAT})))
def test_no_join_request_is_a_500(fuzz_server: EdgeServer, join: Any) -> None:
    table = fuzz_server.post("/api/tables", {"variant": "standard", "players": 3})[1]["table"]
    status, out = fuzz_server.post(f"/api/tables/{table}/join", join)
    assert status in (200, 400, 409, 413), (join, status, out)
    if status != 200:
        assert out["error"]["code"] in ("bad_request", "bad_json", "too_large", "seat_taken", "not_now"), out


# -- item 10: origins, headers, the access log -----------------------------------------------------


def test_the_origin_is_the_servers_address_never_the_host_header(make_server: Any) -> None:
    server = make_server()
    port = server.port
    rebound = {"Origin": f"http://evil.example:{port}", "Host": f"evil.example:{port}"}
    status, out = server.post("/api/tables", body(), headers=rebound)
    assert status == 403 and out["error"]["code"] == "bad_origin"
    with pytest.raises(InvalidStatus):
        ws_connect(server.ws, headers={"Origin": f"http://evil.example:{port}", "Host": f"evil.example:{port}"})
    for own in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
        assert server.post("/api/tables", body(), headers={"Origin": own})[0] == 201
    public = make_server(origins=("https://cards.example.org",))
    assert public.post("/api/tables", body(), headers={"Origin": "https://cards.example.org"})[0] == 201
    assert public.post("/api/tables", body(), headers={"Origin": f"http://127.0.0.1:{public.port}"})[0] == 403


def head(server: EdgeServer, path: str) -> tuple[int, dict[str, str]]:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}


def test_security_headers_on_every_response(make_server: Any) -> None:
    server = make_server(client_tables=1, client_waiting=0)
    static = sorted(p.name for p in (Path(__import__("hearts.server.app").server.app.STATIC)).iterdir() if p.is_file())[0]
    server.table()
    server.post("/api/tables", body())  # now over the table limit: a 429
    for path, status in (
        ("/", 200),
        ("/healthz", 200),
        (f"/static/{static}", 200),
        ("/static/nope.js", 404),
        ("/no/such/page", 404),
        ("/api/tables", 200),
        ("/api/games/nope/record", 404),
    ):
        got, headers = head(server, path)
        assert got == status, path
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
        connect = next(part for part in csp.split(";") if part.strip().startswith("connect-src")).split()[1:]
        assert connect == ["'self'", f"ws://127.0.0.1:{server.port}", f"ws://localhost:{server.port}"], (path, connect)
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer", path
        assert headers["x-frame-options"] == "DENY", path
    status, out = server.post("/api/tables", body())
    assert status == 429
    public = make_server(origins=("https://cards.example.org", "http://cards.example.org:8080"))
    csp = head(public, "/healthz")[1]["content-security-policy"]
    assert "connect-src 'self' wss://cards.example.org ws://cards.example.org:8080;" in csp


def test_the_access_log_cuts_long_urls(make_server: Any) -> None:
    server = make_server(log_level="info")
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    keep = Keep()
    access = logging.getLogger("uvicorn.access")
    access.addHandler(keep)
    try:
        long = "/nothing-here?" + "q" * 6000
        assert server.get(long)[0] == 404
        end = time.monotonic() + 5
        while not any("nothing-here" in line for line in lines) and time.monotonic() < end:
            time.sleep(0.05)
    finally:
        access.removeHandler(keep)
    (line,) = [line for line in lines if "nothing-here" in line]
    assert "q" * 300 not in line and "more characters]" in line and len(line) < 400, line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--trusted-proxy", "not-an-address"], "--trusted-proxy:"),
        (["--origin", "cards.example.org"], "--origin must be a scheme and a host"),
        (["--origin", "https://cards.example.org/play"], "--origin must be a scheme and a host"),
        (["--max-connections", "0"], "--max-connections must be from 1"),
        (["--client-tables", "-1"], "--client-tables must be from 0"),
        (["--header-timeout", "-2"], "--header-timeout must be from 0"),
    ],
)
def test_bad_limit_options_are_one_clear_line(args: list[str], words: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "hearts", "serve", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_body_that_never_ends_is_cut_off_and_a_huge_head_refused(make_server: Any) -> None:
    server = make_server(header_timeout=1.0)
    s = raw(server.port)
    s.sendall(b'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"vari')
    assert closed_by_server(s, 6.0)
    s.close()
    big = raw(server.port)
    big.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000)  # 9 KB and the head has not ended
    assert big.recv(4096).startswith(b"HTTP/1.1 431")
    big.close()


ACTION = st.fixed_dictionaries(
    {"type": st.sampled_from(["start", "pass", "play", "moon", "sync", "ping", "hello"])},
    optional={
        "seq": st.integers(min_value=0, max_value=3) | JSON,
        "card": st.sampled_from(["2C", "QS", "10H", "qs", "Q♠", "ZZ", "1C", "", "2C2C"]) | JSON,
        "cards": st.lists(st.sampled_from(["2C", "AS", "KH", "XX", "10D"]), max_size=4) | JSON,
        "choice": st.sampled_from(["add", "subtract", "neither"]) | JSON,
        "id": JSON,
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ACTION, min_size=1, max_size=2))
def test_no_websocket_message_is_a_server_error(fuzz_server: EdgeServer, seated: Conn, messages: list[Any]) -> None:
    for msg in messages:
        seated.send(msg)
    seated.send({"type": "ping", "id": "end"})
    for _ in range(50):
        reply = seated.recv()
        assert not (reply["type"] == "error" and reply["code"] == "server_error"), (messages, reply)
        if reply["type"] == "pong" and reply.get("id") == "end":
            break
    time.sleep(0.15)  # pacing: stay under one connection's rate limit


@pytest.fixture(scope="module")
def seated(fuzz_server: EdgeServer) -> Iterator[Conn]:
    t = fuzz_server.table()
    c = Conn(fuzz_server.ws, t["table"], t["token"])
    c.next("state")
    assert c.act({"type": "start"})["type"] == "ok"
    try:
        yield c
    finally:
        c.close()


# -- issue 51: the answers below the app, and the head cap however the head arrives ------------------


def sized_head(size: int, path: str = "/healthz") -> bytes:
    """A complete GET request head of exactly ``size`` bytes (padded in one header)."""
    start = f"GET {path} HTTP/1.1\r\nHost: x\r\nX-Pad: ".encode()
    pad = size - len(start) - 4
    assert pad >= 0
    return start + b"p" * pad + b"\r\n\r\n"


def assert_security_headers(headers: dict[str, str], port: int, where: str) -> None:
    csp = headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp and f"ws://127.0.0.1:{port}" in csp, (where, headers)
    assert headers.get("x-content-type-options") == "nosniff" and headers.get("x-frame-options") == "DENY", (where, headers)
    assert headers.get("referrer-policy") == "no-referrer", (where, headers)


def test_a_complete_head_over_8_kb_in_one_send_is_refused_with_the_security_headers(make_server: Any) -> None:
    server = make_server()
    for size in (8192, 8000):  # at the limit: served
        s = raw(server.port)
        s.sendall(sized_head(size))
        status, _ = one_response(s)
        assert status == 200, size
        s.close()
    for head in (sized_head(8193), sized_head(9000), b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-A: 1\r\n" * 1200 + b"\r\n"):
        s = raw(server.port)
        s.sendall(head)  # the whole head at once: h11's own limit (on an unfinished head) never sees it
        status, headers, out = response_of(s)
        s.close()
        assert status == 431 and out["error"]["code"] == "too_large", (len(head), out)
        assert_security_headers(headers, server.port, "431")
    s = raw(server.port)  # a small request and a big one pipelined in one send: the first is served, the second refused
    s.sendall(sized_head(200) + sized_head(9000))
    data = b""
    while chunk := s.recv(65536):  # both answers, then the server's end of the connection
        data += chunk
    s.close()
    first, _, rest = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in first.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    assert first.startswith(b"HTTP/1.1 200")
    second, _, body = rest[length:].partition(b"\r\n\r\n")
    assert second.startswith(b"HTTP/1.1 431") and json.loads(body)["error"]["code"] == "too_large", rest[length:][:200]
    assert server.get("/healthz")[0] == 200


def test_the_servers_own_errors_carry_the_security_headers(make_server: Any) -> None:
    server = make_server()
    s = raw(server.port)
    s.sendall(b"NOT HTTP AT ALL\r\n\r\n")  # uvicorn's own 400 (a plain-text answer before)
    status, headers, out = response_of(s)
    s.close()
    assert status == 400 and out["error"]["code"] == "bad_request"
    assert_security_headers(headers, server.port, "400")

    upgrade = (
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    )
    for extra, want in (
        ("Origin: https://evil.example\r\n", 403),  # refused by the app before the handshake: uvicorn's 403
        ("", 101),  # the handshake itself
    ):
        s = raw(server.port)
        s.sendall((upgrade + extra + "\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        s.close()
        lines = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        assert int(lines[0].split()[1]) == want, lines[0]
        assert_security_headers(headers, server.port, str(want))
    s = raw(server.port)
    s.sendall(upgrade.replace("Sec-WebSocket-Version: 13", "Sec-WebSocket-Version: 99").encode() + b"\r\n")  # a bad handshake
    data = b""
    while chunk := s.recv(4096):
        data += chunk
    s.close()
    lines = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    assert 400 <= int(lines[0].split()[1]) < 500, lines[0]
    assert_security_headers(headers, server.port, lines[0])
