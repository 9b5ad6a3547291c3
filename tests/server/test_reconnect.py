"""A quick reconnect costs one state, to the reconnecting client only: the others at the table get nothing from it.

One seat reconnects 20 times a second (a flaky phone: connect, hello, act if it is its turn, drop) while
another player and two bots play and a spectator watches. Every state the others receive must come from a
change of the table (its ``seq`` grows); the reconnecting seat is shown connected throughout; once it stays
away for good, the others are told after the quiet time.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from hearts.server.client import choose
from hearts.server.limits import Limits

from .conftest import InProcessServer
from .wsconn import Conn

#: reconnects a second, and for how long
RATE, SECONDS = 20, 3.0


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[InProcessServer]:
    limits = Limits(client_requests=0, client_messages=0)  # every client here is 127.0.0.1: the per-client limits are not the test
    s = InProcessServer(f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0.01, grace=30.0, bot_workers=0, limits=limits)
    s.hub.review = 0  # no score-sheet pause: play goes on across hands
    s.hub.quiet = 1.0
    try:
        yield s
    finally:
        s.stop()


class Watcher(threading.Thread):
    """A client that keeps reading (and, seated, plays at once on its turn) until told to stop."""

    def __init__(self, conn: Conn, seat: int | None) -> None:
        super().__init__(daemon=True)
        self.conn, self.seat = conn, seat
        self.states: list[dict[str, Any]] = []
        self.acted = 0
        self.stop = threading.Event()
        self.rng = random.Random(7)

    def run(self) -> None:
        acted_on = -1
        while not self.stop.is_set():
            try:
                msg = self.conn.recv(timeout=0.2)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            if msg["type"] == "ok":
                self.acted += 1
            if msg["type"] != "state":
                continue
            self.states.append(msg)
            if self.seat is not None and self.seat in msg["turn"]["seats"] and msg["seq"] != acted_on:
                action = choose(msg, self.seat, self.rng)
                if action is not None:
                    acted_on = msg["seq"]
                    self.conn.send({**action, "seq": msg["seq"]})


def test_twenty_reconnects_a_second_cost_the_others_nothing(table_server: InProcessServer) -> None:
    server = table_server
    made = server.table("Ann", level="medium")
    tid, ann_token = made["table"], made["token"]
    status, bob = server.post(f"/api/tables/{tid}/join", {"name": "Bob"})
    assert status == 200
    first = Conn(server.ws, tid, ann_token)
    first.next("state")
    bob_watch = Watcher(Conn(server.ws, tid, bob["token"]), bob["seat"])
    spectator = Watcher(Conn(server.ws, tid), None)
    bob_watch.start()
    spectator.start()
    assert first.act({"type": "start"})["type"] == "ok"
    first.ws.close()

    rng = random.Random(3)
    reconnects = acted = 0
    own_states: list[int] = []
    start = time.monotonic()
    while time.monotonic() - start < SECONDS:
        due = start + reconnects / RATE
        if due > time.monotonic():
            time.sleep(due - time.monotonic())  # pacing, not synchronisation: 20 connections a second
        ann = Conn(server.ws, tid, ann_token)
        assert ann.next("welcome")["seat"] == 0
        state = ann.next("state")
        assert state["table"]["seats"][0]["connected"] is True
        mine = 1
        action = choose(state, 0, rng) if 0 in state["turn"]["seats"] else None
        if action is not None:
            ann.send({**action, "seq": state["seq"], "id": "a"})
            while (reply := ann.recv())["type"] == "state":
                mine += 1  # the table moved on meanwhile (another seat's action): a new state
            acted += reply["type"] == "ok"
        ann.send({"type": "ping", "id": "p"})
        while (msg := ann.recv())["type"] != "pong":
            mine += msg["type"] == "state"
        own_states.append(mine)
        ann.ws.close()
        reconnects += 1

    bob_watch.stop.set()
    spectator.stop.set()
    bob_watch.join(5)
    spectator.join(5)
    assert reconnects >= RATE * SECONDS * 0.8
    assert acted >= 5 and bob_watch.acted >= 5, (acted, bob_watch.acted)  # everyone played meanwhile
    for who in (bob_watch, spectator):
        seqs = [s["seq"] for s in who.states]
        repeats = [(a, b) for a, b in zip(seqs, seqs[1:], strict=False) if b <= a]
        assert not repeats, f"{len(repeats)} states without a change of the table (of {len(seqs)}): a reconnect was broadcast"
        assert len(seqs) >= 20
        assert all(s["table"]["seats"][0]["connected"] for s in who.states[1:])  # shown connected all along

    # Ann stays away now: after the quiet time the others are told, once
    last_seq = spectator.states[-1]["seq"]
    watcher = Conn(server.ws, tid)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        st = watcher.next("state", timeout=5)
        if not st["table"]["seats"][0]["connected"]:
            break
    else:
        raise AssertionError("the seat that left was never shown disconnected")
    assert st["seq"] >= last_seq
