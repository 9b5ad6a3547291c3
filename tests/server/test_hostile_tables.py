"""What a hostile client tried at a table, each refused (issue 11): taking bot seats to read their hands,
freezing a table with a seat that never connects, locking a player out with spectators, seeing an action
before it is stored, spectator churn, abandoned waiting tables, and one slow table stalling the others."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from hearts.server.limits import Limits
from hearts.server.live import MAX_PER_SEAT, MAX_SPECTATORS

from .conftest import InProcessServer
from .test_protocol import wait_for
from .wsconn import Conn


def post_from(server: InProcessServer, source: str, path: str, body: Any) -> tuple[int, Any]:
    """A POST from another loopback address (``127.0.0.x``), so the server sees another peer."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


class Gate:
    """Wraps ``store.append`` for one table: each write waits until released, and fails while ``fail`` is set
    (with ``lost_answer``: the write is made, then reports an error, as when a connection drops after the commit)."""

    def __init__(self, store: Any, table_id: str) -> None:
        self.real = store.append
        self.table_id = table_id
        self.entered = threading.Event()
        self.release = threading.Event()
        self.fail = False
        self.lost_answer = False
        self.active = True
        store.append = self.append

    def append(self, table: Any, entry: dict[str, Any], seats: Any = ()) -> None:
        if self.active and table.id == self.table_id:
            self.entered.set()
            self.release.wait(10)
            if self.fail:
                raise RuntimeError("the disk is full (made up by the test)")
        self.real(table, entry, seats)
        if self.active and self.lost_answer and table.id == self.table_id:
            raise RuntimeError("the connection dropped after the commit (made up by the test)")


class Collector:
    """Reads one connection's messages on a thread (so a long hand never fills its buffers)."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                self.conn.recv(timeout=0.2)
            except TimeoutError:
                continue
            except (ConnectionClosed, OSError):
                return

    def done(self) -> list[dict[str, Any]]:
        self.stop.set()
        self.thread.join(5)
        return self.conn.received


def started(server: InProcessServer, **options: Any) -> tuple[dict[str, Any], Conn]:
    """Ann alone at a started table, the bots' passes made: the hand waits for Ann's pass."""
    t = server.table(**options)
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    wait_for(lambda: ann.sync()["turn"]["seats"] == [0])
    return t, ann


def play_ann_until(ann: Conn, done: Any, limit: int = 3000) -> dict[str, Any]:
    """Ann plays (first legal card, first three cards to pass, 'add' on a moon) until ``done(state)``."""
    acted = -1
    st = ann.sync()
    for _ in range(limit):
        if done(st):
            return st
        hand = st["hand"]
        if 0 in st["turn"]["seats"] and st["seq"] != acted and hand is not None:
            acted = st["seq"]
            if hand["phase"] == "pass":
                ann.send({"type": "pass", "cards": hand["cards"][:3], "seq": st["seq"]})
            elif hand["phase"] == "moon":
                ann.send({"type": "moon", "choice": "add", "seq": st["seq"]})
            else:
                ann.send({"type": "play", "card": hand["legal"][0], "seq": st["seq"]})
        msg = ann.recv(timeout=10)
        if msg["type"] == "state":
            st = msg
    raise AssertionError("the hand did not end")


# -- item 1: reading the bots' hands ------------------------------------------------------


def test_a_seat_taken_mid_hand_shows_nothing_of_the_bots_hand_until_the_next(server: InProcessServer) -> None:
    t, ann = started(server)
    tid = t["table"]
    status, eve = server.post(f"/api/tables/{tid}/join", {"name": "Eve", "seat": 2})
    assert status == 200 and eve["seat"] == 2
    stranger = Conn(server.ws, tid, eve["token"])
    assert stranger.next("welcome")["seat"] == 2
    first = stranger.next("state")
    assert first["you"] == {"seat": 2, "name": "Eve", "joining": True} and first["hand"]["cards"] == []
    assert first["table"]["seats"][2]["kind"] == "bot"  # the bot finishes this hand
    stranger.send({"type": "play", "card": "2C", "seq": first["seq"]})
    assert stranger.next("error")["code"] == "not_now"
    reader = Collector(stranger)
    play_ann_until(ann, lambda st: st["hand"]["number"] == 2)
    wait_for(lambda: any(m["type"] == "state" and m["hand"]["number"] == 2 for m in stranger.received))
    received = reader.done()
    secret = {f'"{name}"' for name in _names(server.hub.tables[tid].table.game.hands[0], 2)}
    assert len(secret) >= 13
    during = [m for m in received if m["type"] == "state" and m["hand"]["number"] == 1]
    assert during
    for m in during:
        assert m["hand"]["cards"] == [] and m["hand"]["legal"] == [] and m["hand"]["passed"] is None and m["hand"]["received"] is None
        assert m["table"]["facts"] == first["table"]["facts"]  # the rules' facts (the lowest club, ...): the same for every seat
        public = {"hands": None, "last_action": None, "table": {**m["table"], "facts": None}}
        private = {**m, **public, "hand": {**m["hand"], "trick": None, "tricks": None}}
        text = json.dumps(private)
        assert not any(name in text for name in secret), "a card of the bot's hand reached the newcomer"
    nxt = next(m for m in received if m["type"] == "state" and m["hand"]["number"] == 2)
    assert nxt["you"] == {"seat": 2, "name": "Eve"} and len(nxt["hand"]["cards"]) == 13
    assert nxt["table"]["seats"][2]["kind"] == "human"


def test_a_joining_seat_stays_joining_across_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'j.db'}"
    first = InProcessServer(url, bot_delay=0.0, grace=30.0)
    try:
        t, ann = started(first)
        status, eve = first.post(f"/api/tables/{t['table']}/join", {"name": "Eve", "seat": 2})
        assert status == 200
        ann.close()
    finally:
        first.stop()
    again = InProcessServer(url, bot_delay=0.0, grace=30.0)
    try:
        stranger = Conn(again.ws, t["table"], eve["token"])
        assert stranger.next("welcome")["seat"] == 2
        st = stranger.next("state")
        assert st["you"]["joining"] is True and st["hand"]["number"] == 1 and st["hand"]["cards"] == []
        ann = Conn(again.ws, t["table"], t["token"])
        ann.next("state")
        reader = Collector(stranger)
        play_ann_until(ann, lambda st: st["hand"]["number"] == 2)
        wait_for(lambda: any(m["type"] == "state" and m["hand"]["number"] == 2 for m in stranger.received))
        nxt = next(m for m in reader.done() if m["type"] == "state" and m["hand"]["number"] == 2)
        assert nxt["you"] == {"seat": 2, "name": "Eve"} and len(nxt["hand"]["cards"]) == 13
    finally:
        again.stop()


def _names(hand: Any, seat: int) -> set[str]:
    """Every card the seat held in this hand: dealt and received."""
    from hearts.core import card_name

    view = hand.view(seat)
    return {card_name(c) for c in [*hand.deal[seat], *(view.received or ())]}


def test_one_seat_per_person_a_second_join_is_refused(server: InProcessServer) -> None:
    t = server.table()
    tid = t["table"]
    status, out = server.post(f"/api/tables/{tid}/join", {"name": "Ann2", "token": t["token"]})
    assert status == 409 and out["error"]["code"] == "already_seated"
    status, out = server.post(f"/api/tables/{tid}/join", {"name": "Ann2", "token": "not-a-token"})
    assert status == 400 and out["error"]["code"] == "unauthorized"
    # by address: Bea (127.0.0.2) holds a seat; once the game plays, her address takes no bot seat
    status, bea = post_from(server, "127.0.0.2", "/api/tables", {"variant": "standard", "players": 4, "turn_seconds": 0, "name": "Bea"})
    assert status == 201
    conn = Conn(server.ws, bea["table"], bea["token"])
    conn.next("state")
    assert conn.act({"type": "start"})["type"] == "ok"
    status, out = post_from(server, "127.0.0.2", f"/api/tables/{bea['table']}/join", {"name": "Bot taker"})
    assert status == 409 and out["error"]["code"] == "already_seated"
    status, cal = post_from(server, "127.0.0.3", f"/api/tables/{bea['table']}/join", {"name": "Cal"})
    assert status == 200
    status, out = post_from(server, "127.0.0.3", f"/api/tables/{bea['table']}/join", {"name": "Cal again"})
    assert status == 409 and out["error"]["code"] == "already_seated"
    kinds = [s["kind"] for s in server.get(f"/api/tables/{bea['table']}")[1]["seats"]]
    assert kinds.count("human") == 1  # Cal's seat is joining: a bot plays it until the next hand


# -- item 2: a seat taken and never connected -----------------------------------------------


def test_a_seat_taken_but_never_connected_is_played_by_a_bot_after_the_grace(server: InProcessServer) -> None:
    t = server.table()
    tid = t["table"]
    status, bob = server.post(f"/api/tables/{tid}/join", {"name": "Bob"})
    assert status == 200 and bob["seat"] == 1  # Bob never opens a websocket
    ann = Conn(server.ws, tid, t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    wait_for(lambda: 0 in ann.sync()["turn"]["seats"])
    assert ann.act({"type": "pass", "cards": ann.state["hand"]["cards"][:3]})["type"] == "ok"  # type: ignore[index]
    wait_for(lambda: any(e["seat"] == 1 and e["kind"] == "pass" for e in server.store.actions(tid)))
    bobs = [e["by"] for e in server.store.actions(tid) if e["seat"] == 1]
    assert bobs and set(bobs) == {"bot"}
    assert ann.sync()["table"]["seats"][1]["away"] is True


def test_a_bot_seat_taken_mid_hand_and_never_connected_does_not_freeze_the_next_hand(server: InProcessServer) -> None:
    t, ann = started(server)
    tid = t["table"]
    status, _ = server.post(f"/api/tables/{tid}/join", {"name": "Mallory", "seat": 2})  # and never connects
    assert status == 200
    st = play_ann_until(ann, lambda st: st["hand"]["number"] == 2 and st["hand"]["passes_chosen"][2])
    assert st["table"]["seats"][2]["kind"] == "human" and st["table"]["seats"][2]["away"] is True
    hand2 = [e for e in server.store.actions(tid) if e["seat"] == 2 and e["kind"] == "pass"][1]
    assert hand2["by"] == "bot"


# -- item 3: spectators cannot lock a player out -----------------------------------------


@pytest.fixture
def open_server(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server whose per-client limits are off: every connection here comes from one address."""
    s = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, grace=0.3, limits=Limits(client_connections=0, client_requests=0))
    try:
        yield s
    finally:
        s.stop()


def test_spectators_have_their_own_cap_and_a_seated_player_always_gets_in(open_server: InProcessServer) -> None:
    server = open_server
    t = server.table()
    tid = t["table"]
    ann = Conn(server.ws, tid, t["token"])
    ann.next("state")
    watchers, refused = [], None
    try:
        for _ in range(80):
            c = Conn(server.ws, tid)
            first = c.recv()
            if first["type"] == "error":
                refused = first
                c.close()
                break
            watchers.append(c)
        assert refused is not None and refused["code"] == "not_now" and len(watchers) == MAX_SPECTATORS
        tabs = []
        for _ in range(MAX_PER_SEAT + 1):  # the player's other tabs: each is let in, the oldest is replaced
            tab = Conn(server.ws, tid, t["token"])
            assert tab.next("welcome")["seat"] == 0
            tab.next("state")
            tabs.append(tab)
        assert ann.next("error")["code"] == "replaced"
        with pytest.raises(ConnectionClosed):
            for _ in range(10):
                ann.recv()
        assert tabs[-1].act({"type": "start"})["type"] == "ok"
        for tab in tabs:
            tab.close()
    finally:
        for c in watchers:
            c.close()


# -- item 4: stored, then applied, then sent -------------------------------------------------


def test_an_action_is_seen_only_once_stored_and_a_failed_write_changes_nothing(server: InProcessServer) -> None:
    t, ann = started(server)
    tid = t["table"]
    st = ann.state
    assert st is not None
    cards, seq = st["hand"]["cards"][:3], st["seq"]
    gate = Gate(server.store, tid)
    ann.send({"type": "pass", "cards": cards, "seq": seq, "id": "p1"})
    assert gate.entered.wait(5)  # the write is under way (and waits)
    tab = Conn(server.ws, tid, t["token"])  # the same seat's other tab, and a spectator, arrive meanwhile
    assert tab.next("welcome")["seat"] == 0
    for seen in (tab.next("state"), tab.sync()):
        assert seen["seq"] == seq and seen["hand"]["passed"] is None and set(cards) <= set(seen["hand"]["cards"])
        assert seen["hand"]["passes_chosen"][0] is False
    watcher = Conn(server.ws, tid)
    assert watcher.next("state")["hand"]["passes_chosen"][0] is False
    gate.fail = True
    gate.release.set()
    err = ann.next("error")
    assert err["code"] == "server_error" and err["id"] == "p1" and err["seq"] == seq
    after = tab.sync()
    assert after["seq"] == seq and after["hand"]["passed"] is None and after["hand"]["cards"] == st["hand"]["cards"]
    gate.active = False
    ann.send({"type": "pass", "cards": cards, "seq": seq, "id": "p2"})  # the same action again: now stored
    assert ann.next("ok") == {"type": "ok", "v": 1, "id": "p2", "seq": seq + 1}
    log = server.store.actions(tid)
    assert [e["cards"] for e in log if e["kind"] == "pass" and e["seat"] == 0] == [cards]
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))


def test_a_write_that_went_through_but_reported_an_error_counts_as_stored(server: InProcessServer) -> None:
    t, ann = started(server)
    st = ann.state
    assert st is not None
    gate = Gate(server.store, t["table"])
    gate.lost_answer = True
    gate.release.set()
    cards = st["hand"]["cards"][:3]
    assert ann.act({"type": "pass", "cards": cards}) == {"type": "ok", "v": 1, "seq": st["seq"] + 1}
    gate.active = False
    after = ann.sync()
    assert after["seq"] >= st["seq"] + 1 and set(after["hand"]["passed"]) == set(cards)  # the live table has it too
    log = server.store.actions(t["table"])
    assert [e["cards"] for e in log if e["kind"] == "pass" and e["seat"] == 0] == [cards]
    assert ann.act({"type": "play", "card": "2C"}).get("code") != "server_error"  # the table goes on


# -- item 8: spectator churn --------------------------------------------------------------


def test_spectators_coming_and_going_send_nothing_to_the_players(server: InProcessServer) -> None:
    t = server.table()
    tid = t["table"]
    ann = Conn(server.ws, tid, t["token"])
    ann.next("state")
    ann.sync()
    before = len(ann.received)
    for _ in range(30):
        c = Conn(server.ws, tid)
        assert c.next("state")["you"] is None
        c.close()
    last = Conn(server.ws, tid)
    last.next("state")
    last.sync()  # the server has handled every earlier arrival
    ann.send({"type": "ping", "id": "after"})
    ann.next("pong")
    states = [m for m in ann.received[before:] if m["type"] == "state"]
    assert len(states) <= 2, f"{len(states)} full states sent to a player for 31 spectators"
    _, bob = server.post(f"/api/tables/{tid}/join", {"name": "Bob"})
    b = Conn(server.ws, tid, bob["token"])
    b.next("state")
    shown = [ann.next("state")["table"]["seats"][1]["connected"] for _ in range(2)]  # Bob's join, then his arrival
    assert shown == [False, True]  # a player's arrival is still shown


# -- item 5: an abandoned waiting table -----------------------------------------------------


@pytest.fixture
def short_lived(tmp_path: Path) -> Iterator[InProcessServer]:
    s = InProcessServer(f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0.0, grace=0.3, waiting_timeout=0.5)
    try:
        yield s
    finally:
        s.stop()


def test_a_waiting_table_nobody_is_at_is_forgotten(short_lived: InProcessServer, tmp_path: Path) -> None:
    s = short_lived
    gone = s.table()["table"]  # the creator never connects
    kept = s.table()
    here = Conn(s.ws, kept["table"], kept["token"])
    here.next("state")
    left = s.table()
    c = Conn(s.ws, left["table"], left["token"])
    c.next("state")
    c.close()
    wait_for(lambda: s.get(f"/api/tables/{gone}")[0] == 404 and s.get(f"/api/tables/{left['table']}")[0] == 404, timeout=15)
    listed = [x["id"] for x in s.get("/api/tables")[1]["tables"]]
    assert listed == [kept["table"]] and s.get(f"/api/tables/{kept['table']}")[0] == 200
    assert s.store.record(gone) is None and s.store.record(left["table"]) is None and s.store.record(kept["table"]) is not None
    here.close()
    s.stop()
    again = InProcessServer(f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0.0, waiting_timeout=60.0)
    try:
        assert again.get(f"/api/tables/{gone}")[0] == 404 and again.get(f"/api/tables/{kept['table']}")[0] == 200
    finally:
        again.stop()


# -- item 10: one slow write holds up only its own table -----------------------------------


def test_a_slow_write_of_one_table_does_not_stall_the_others(server: InProcessServer) -> None:
    a, ann = started(server)
    b, bea = started(server, name="Bea")
    gate = Gate(server.store, a["table"])
    try:
        ann.send({"type": "pass", "cards": ann.state["hand"]["cards"][:3], "seq": ann.state["seq"], "id": "slow"})  # type: ignore[index]
        assert gate.entered.wait(5)
        reply = bea.act({"type": "pass", "cards": bea.state["hand"]["cards"][:3]})  # type: ignore[index]
        assert reply["type"] == "ok"
        status, health = server.get("/healthz")
        assert status == 200 and health["ok"] is True
        assert not gate.release.is_set() and not any(m.get("id") == "slow" for m in ann.received)  # table A still waits
    finally:
        gate.release.set()
    assert ann.next("ok")["id"] == "slow"
