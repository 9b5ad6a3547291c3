"""A websocket client that plays one seat with random legal moves.

Used by the protocol tests, the leak test and the load benchmark: it speaks
protocol v1 exactly as a browser does, keeps every message it received, and
times each action from sending to the server's ``ok`` (the update for that
action is sent before the ``ok``).

>>> import random
>>> choose({"hand": {"phase": "play", "legal": ["2C"], "cards": ["2C", "AS"]}}, 0, random.Random(1))
{'type': 'play', 'card': '2C'}
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import websockets

from .protocol import TokenBucket


@dataclass
class SeatClient:
    """One connection to a table; ``messages`` holds everything received, in order.

    Options (all off by default): ``start`` sends ``start`` once the table is
    waiting and every human seat is connected; ``keep_messages=False`` keeps
    only the count (``received``) and the latest state, for long load runs;
    ``on_message(client, message)`` is called for every message received.
    ``sent`` counts the actions sent (``start`` included). Sends are paced
    to ``rate`` a second (bursts of ``burst``), under the server's limit.
    With ``reconnects``, a lost connection is opened again (as the browser
    does), and a ``moved`` reply is followed to the worker it names.
    """

    url: str
    table: str
    token: str | None = None
    seed: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    state: dict[str, Any] | None = None
    seat: int | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    start: bool = False
    keep_messages: bool = True
    on_message: Callable[[SeatClient, dict[str, Any]], None] | None = None
    received: int = 0
    sent: int = 0
    #: the client keeps under the server's rate limit (20 a second, bursts of 40): a dropped action would stall it
    rate: float = 18.0
    burst: float = 30.0

    #: after a lost connection (or a ``moved``), connect again up to this many times: to the ``moved`` URL, else the next of ``urls``
    reconnects: int = 0
    urls: list[str] = field(default_factory=list)
    #: (seq, action sent) of every action the server acknowledged with ``ok``
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    moved: int = 0
    connections: int = 0
    started: bool = False

    async def play(self, *, until_seq: int | None = None, timeout: float = 120.0, origin: str | None = None) -> None:
        """Connect, and act whenever it is this seat's turn, until the game is over (or ``until_seq`` is reached)."""
        rng = random.Random(self.seed)
        deadline = time.monotonic() + timeout
        url, left, turn = self.url, self.reconnects, 0
        self.started = False
        while True:
            try:
                nxt = await self._connection(url, rng, deadline, until_seq, origin)
            except TimeoutError:
                raise
            except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake):
                if not self.reconnects:
                    raise  # a client that does not reconnect reports the lost connection
                nxt = ""
            if nxt is None or left <= 0 or time.monotonic() >= deadline:
                return
            left -= 1
            if nxt:
                url = nxt
            else:  # lost: try the next address after a short pause
                turn += 1
                url = (self.urls or [self.url])[turn % len(self.urls or [self.url])]
                await asyncio.sleep(0.2)

    async def _connection(self, url: str, rng: random.Random, deadline: float, until_seq: int | None, origin: str | None) -> str | None:
        """One connection; returns None when done, a URL when sent on (``moved``), "" when the connection ended."""
        headers = {"Origin": origin} if origin else None
        async with websockets.connect(url, additional_headers=headers, max_size=2**22) as ws:
            self.connections += 1
            await ws.send(json.dumps({"type": "hello", "v": 1, "table": self.table, "token": self.token}))
            sent_at: float | None = None
            sent: dict[str, Any] | None = None
            acted_on = -1
            bucket = TokenBucket(self.rate, self.burst)
            self.state = None

            async def pace() -> None:
                while (delay := bucket.wait()) > 0:
                    await asyncio.sleep(delay)

            await pace()  # the hello
            while True:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
                msg = json.loads(raw)
                self.received += 1
                if self.keep_messages:
                    self.messages.append(msg)
                if self.on_message is not None:
                    self.on_message(self, msg)
                if msg["type"] == "welcome":
                    self.seat = msg["seat"]
                elif msg["type"] == "moved":
                    self.moved += 1
                    return str(msg["ws"])
                elif msg["type"] == "ok" and sent_at is not None:
                    self.latencies.append(time.perf_counter() - sent_at)
                    if sent is not None:
                        self.acked.append((msg["seq"], sent))
                    sent_at = sent = None
                elif msg["type"] == "error":
                    self.errors.append(msg)
                    if msg["code"] in ("unauthorized", "not_found"):
                        return None
                    sent_at = sent = None
                    acted_on = -1  # look again at the next state
                elif msg["type"] == "state":
                    self.state = msg
                if self.state is None:
                    continue
                if self.state["game_over"] or (until_seq is not None and self.state["seq"] >= until_seq):
                    return None
                seq = self.state["seq"]
                if self.start and not self.started and sent_at is None and self.seat is not None and _ready(self.state):
                    self.started = True
                    await pace()
                    sent_at = time.perf_counter()
                    sent = {"type": "start"}
                    self.sent += 1
                    await ws.send(json.dumps({"type": "start", "seq": seq, "id": f"start-{seq}"}))
                    continue
                if sent_at is None and self.seat is not None and self.seat in self.state["turn"]["seats"] and seq != acted_on:
                    action = choose(self.state, self.seat, rng)
                    if action is not None:
                        acted_on = seq
                        await pace()
                        sent_at = time.perf_counter()
                        sent = action
                        self.sent += 1
                        await ws.send(json.dumps({**action, "seq": seq, "id": seq}))


def _ready(state: dict[str, Any]) -> bool:
    """Is the table waiting with every human seat connected (so a ``start`` may go)?"""
    table = state.get("table") or {}
    return table.get("status") == "waiting" and all(s["connected"] for s in table.get("seats", []) if s["kind"] == "human")


def choose(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action for ``seat`` from its state message (None: nothing to do)."""
    hand = state.get("hand")
    if hand is None:
        return None
    phase = hand["phase"]
    if phase == "play" and hand["legal"]:
        return {"type": "play", "card": rng.choice(hand["legal"])}
    if phase == "pass" and hand["passed"] is None:
        count = state.get("table", {}).get("rules", {}).get("pass_count", 3)
        return {"type": "pass", "cards": rng.sample(hand["cards"], count)}
    if phase == "moon" and hand["shooter"] == seat:
        return {"type": "moon", "choice": rng.choice(["add", "subtract"])}
    return None
