"""A blocking websocket connection for step-by-step protocol tests."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect


class Conn:
    """One client: ``send`` a message, ``next(type)`` waits for the next message of that type."""

    def __init__(self, url: str, table: str | None = None, token: str | None = None, origin: str | None = None) -> None:
        headers = {"Origin": origin} if origin else None
        self.ws = connect(url, additional_headers=headers, open_timeout=5).__enter__()
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.pings = 0
        if table is not None:
            self.send({"type": "hello", "v": 1, "table": table, "token": token})

    def send(self, msg: dict[str, Any] | str | bytes) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return dict(msg)

    def next(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if msg["type"] == kind:
                return msg

    def sync(self) -> dict[str, Any]:
        """The table's state now: the answer to a sync, with every older message read first.

        The server answers in order, so the last state before the pong that
        follows the sync is the sync's answer.
        """
        self.pings += 1
        marker = f"sync-{self.pings}"
        self.send({"type": "sync"})
        self.send({"type": "ping", "id": marker})
        while True:
            msg = self.recv()
            if msg["type"] == "pong" and msg.get("id") == marker:
                assert self.state is not None
                return self.state

    def act(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Send an action with the latest seq; returns the reply (ok or error)."""
        assert self.state is not None
        self.send({"seq": self.state["seq"], **msg})
        while True:
            reply = self.recv()
            if reply["type"] in ("ok", "error"):
                return reply

    def close(self) -> None:
        self.ws.close()
