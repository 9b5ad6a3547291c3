"""Fixtures: a real server on loopback, in this process (a thread) or as a subprocess that can be killed."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("sqlalchemy")


def system_missing(reason: str) -> NoReturn:
    """A system package a test needs is missing: skip, except in CI (HEARTS_REQUIRE_SYSTEM_TESTS=1), where it fails."""
    if os.environ.get("HEARTS_REQUIRE_SYSTEM_TESTS") == "1":
        pytest.fail(f"{reason} (CI requires this test to run)")
    pytest.skip(reason)


def wait_client(page: Any, condition: str) -> None:
    """Wait until the web client's state ``s`` makes the JavaScript ``condition`` true. Right after the page loads or
    moves to another address ``window.heartsClient`` may not exist yet: that counts as not yet, never as an error."""
    script = f"() => {{ const s = window.heartsClient && window.heartsClient.state; return !!(s && ({condition})); }}"
    page.wait_for_function(script)


def _ephemeral_low() -> int:
    """The lowest port the kernel hands out for outgoing connections (32768 when it cannot be read)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port(count: int = 1) -> int:
    """The first of `count` consecutive free loopback ports, all below the ephemeral range.

    A port inside the ephemeral range can be polled before its server listens, and the kernel may then
    connect the polling socket to itself (TCP self-connect): the client reads back its own request
    ("BadStatusLine: GET /healthz") and holds the port the server is about to bind. Ports below the range
    are never a client's source port, so that cannot happen.
    """
    low = _ephemeral_low()
    first = 20000 if low > 20000 + count else 1024  # clear of the well-known services where there is room
    span = max(1, low - count - first)
    offset = (os.getpid() * 7919 + time.monotonic_ns() // 1000) % span  # parallel runs start apart
    for i in range(span):
        base = first + (offset + i) % span
        if all(_bindable(base + k) for k in range(count)):
            return base
    raise RuntimeError("no free loopback port below the ephemeral range")


class Http:
    """A tiny JSON client for the lobby API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        req = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                raw = r.read()
                status = r.status
                self.answered(r.headers)
        except urllib.error.HTTPError as e:
            raw, status = e.read(), e.code
            self.answered(e.headers)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode()

    def answered(self, headers: Any) -> None:
        """The headers of an answer (a plain client forgets them)."""

    def get(self, path: str) -> tuple[int, Any]:
        return self.call("GET", path)

    def post(self, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        return self.call("POST", path, body, headers)

    def table(self, name: str | None = "Ann", **options: Any) -> dict[str, Any]:
        body = {"variant": "standard", "players": 4, "target": 30, "turn_seconds": 0, **options}
        if name is not None:
            body["name"] = name
        status, out = self.post("/api/tables", body)
        assert status == 201, out
        return dict(out)


class Player(Http):
    """A lobby client that keeps its player cookie, as a browser does (``cookie``: its value, None before the first)."""

    def __init__(self, base: str, cookie: str | None = None) -> None:
        super().__init__(base)
        self.cookie = cookie

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        sent = dict(headers or {})
        if self.cookie is not None:
            sent.setdefault("Cookie", f"hearts_player={self.cookie}")
        return super().call(method, path, body, sent)

    def answered(self, headers: Any) -> None:
        for line in headers.get_all("Set-Cookie") or []:
            name, _, rest = line.partition("=")
            if name == "hearts_player":
                self.cookie = rest.split(";")[0]


class InProcessServer(Http):
    """uvicorn in a thread; ``app.state.hub`` and ``app.state.store`` are reachable for checks."""

    def __init__(self, db_url: str, **options: Any) -> None:
        import uvicorn

        from hearts.server.app import create_app

        self.port = free_port()
        super().__init__(f"http://127.0.0.1:{self.port}")
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.app = create_app(db_url, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=16384)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_healthy(self)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    @property
    def store(self) -> Any:
        return self.app.state.store

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


class ServerProcess(Http):
    """``hearts serve`` as a subprocess on a SQLite file: start, kill -9, start again."""

    def __init__(self, db: Path | str, *extra: str, log_path: Path | None = None) -> None:
        """``db``: a SQLite file, or any database URL (then give ``log_path``)."""
        self.port = free_port()
        super().__init__(f"http://127.0.0.1:{self.port}")
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.extra = extra
        if log_path is None:
            assert isinstance(db, Path), "give log_path with a database URL"
            log_path = db.with_suffix(".log")
        self.log_path = log_path
        self.log: Any = None
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "hearts",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--log-level",
            "warning",
            *([] if "--bot-workers" in self.extra else ["--bot-workers", "2"]),  # not one per core of a big test machine
            *self.extra,
        ]
        self.log = open(self.log_path, "ab")  # noqa: SIM115 (closed in kill)
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            wait_healthy(self, self.proc)
        except RuntimeError as err:
            self.kill()
            raise RuntimeError(f"{err}:\n{self.output()[-3000:]}") from None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        if self.log is not None:
            self.log.close()
            self.log = None

    def stop(self) -> None:
        """A clean shutdown (SIGTERM), then SIGKILL if it does not end within 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def output(self) -> str:
        """Everything the server printed (its log), over every start."""
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""


def wait_healthy(server: Http, proc: subprocess.Popen[bytes] | None = None, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        try:
            status, body = server.get("/healthz")
            if status == 200 and body["ok"]:
                return
        except (OSError, http.client.HTTPException):  # not listening yet, or a reply cut short while it starts
            pass
        time.sleep(0.05)
    raise RuntimeError("the server did not become healthy")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server on a fresh SQLite file; bots move at once (in 2 worker processes), a disconnected seat waits 0.3 s."""
    s = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, grace=0.3, bot_workers=2)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(tmp_path / "h.db", "--bot-delay", "0.02", "--grace", "30")
    try:
        yield s
    finally:
        s.kill()
