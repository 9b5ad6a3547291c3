"""Protocol v1 with real websocket clients against a server on loopback (docs/protocol.md)."""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hearts.server.projection import state_message
from hearts.server.table import Table

from .conftest import InProcessServer
from .wsconn import Conn

ALL_CARDS = {f"{r}{s}" for r in "23456789TJQKA" for s in "CDHS"}  # as the server writes them (it reads "10C" as TC too)


def two_players(server: InProcessServer, **options: Any) -> tuple[dict[str, Any], Conn, Conn]:
    """Ann (seat 0) and Bob (seat 1) at a 4-seat table; the game not started."""
    t = server.table(**options)
    status, bob = server.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    assert status == 200 and bob["seat"] == 1
    ann = Conn(server.ws, t["table"], t["token"])
    assert ann.next("welcome")["seat"] == 0
    ann.next("state")
    b = Conn(server.ws, t["table"], bob["token"])
    welcome = b.next("welcome")
    assert {k: welcome[k] for k in ("type", "v", "seat", "name")} == {"type": "welcome", "v": 1, "seat": 1, "name": "Bob"}
    b.next("state")
    return {**t, "bob_token": bob["token"]}, ann, b


def started_and_passed(server: InProcessServer) -> tuple[dict[str, Any], Conn, Conn]:
    """Both humans have passed; returns once a human must play."""
    t, ann, bob = two_players(server)
    assert ann.act({"type": "start"})["type"] == "ok"
    for c in (ann, bob):
        st = c.sync()
        assert st["hand"]["phase"] == "pass"
        reply = c.act({"type": "pass", "cards": st["hand"]["cards"][:3]})
        assert reply["type"] == "ok", reply
    wait_for(lambda: ann.sync()["turn"]["seats"][0] in (0, 1) and ann.state is not None and ann.state["hand"]["phase"] == "play")
    bob.sync()
    return t, ann, bob


def wait_for(cond: Any, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.15)  # each poll is a sync and a ping: stay under the rate limit
    raise AssertionError("condition not reached")


def test_hello_then_state_built_for_the_seat(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    st = ann.sync()
    assert st["v"] == 1 and st["you"] == {"seat": 0, "name": "Ann"} and st["hand"] is None and st["seq"] == 0
    assert [s["kind"] for s in st["table"]["seats"]] == ["human", "human", "open", "open"]
    assert all("token" not in json.dumps(s) for s in st["table"]["seats"])
    assert ann.act({"type": "start"}) == {"type": "ok", "v": 1, "seq": 1}
    st = ann.next("state")
    assert st["seq"] >= 1 and st["table"]["status"] == "playing"
    assert [s["kind"] for s in st["table"]["seats"]] == ["human", "human", "bot", "bot"]
    assert len(st["hand"]["cards"]) == 13 and st["hand"]["seed"] is None and len(st["hand"]["seed_hash"]) == 64
    spectator = Conn(server.ws, t["table"])
    assert spectator.next("welcome")["seat"] is None
    sst = spectator.next("state")
    assert sst["you"] is None and sst["hand"]["cards"] == [] and sst["hand"]["legal"] == [] and sst["hand"]["passed"] is None
    ann.send({"type": "ping", "id": "p1"})
    assert ann.next("pong") == {"type": "pong", "v": 1, "id": "p1"}


@pytest.mark.parametrize(
    ("first", "code", "close"),
    [
        ({"type": "hello", "v": 1, "table": "nosuchtable"}, "not_found", 4404),
        ({"type": "hello", "v": 1, "table": "TABLE", "token": "forged-token"}, "unauthorized", 4401),
        ({"type": "hello", "v": 2, "table": "TABLE"}, "bad_version", 4400),
        ({"type": "play", "card": "2C", "seq": 0}, "hello_first", 4400),
        ("not json at all", "bad_json", 4400),
    ],
)
def test_a_bad_hello_is_refused_and_closed(server: InProcessServer, first: Any, code: str, close: int) -> None:
    t = server.table()
    c = Conn(server.ws)
    c.send(json.dumps(first).replace("TABLE", t["table"]) if isinstance(first, dict) else first)
    err = c.next("error")
    assert err["code"] == code and err["v"] == 1
    with pytest.raises(ConnectionClosed) as info:
        c.recv()
    assert info.value.rcvd is not None and info.value.rcvd.code == close


BAD_MESSAGES = [
    ("{", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"type": "dance"}', "bad_message"),
    ('{"type": "play", "card": "2C"}', "bad_message"),
    ('{"type": "play", "card": "2C", "seq": "7"}', "bad_message"),
    ('{"type": "play", "card": "2C", "seq": 0, "extra": 1}', "bad_message"),
    ('{"type": "play", "card": 12, "seq": 0}', "bad_message"),
    ('{"type": "pass", "cards": "QS AH KH", "seq": 0}', "bad_message"),
    ('{"type": "moon", "choice": "both", "seq": 0}', "bad_message"),
    ('{"type": "ping", "id": {"a": 1}}', "bad_message"),
    ('{"type": "play", "card": "2C", "seq": NaN}', "bad_json"),
    ('{"type": "hello", "v": 1, "table": "x"}', "bad_message"),
    ('{"type": "play", "card": "ZZ", "seq": 0}', "bad_message"),
    ("x" * 5000, "too_large"),
    ("[" * 3000 + "]" * 3000, "too_large"),
]


def test_malformed_messages_get_an_error_and_change_nothing(server: InProcessServer) -> None:
    _, ann, _ = started_and_passed(server)
    before = ann.sync()
    for raw, code in BAD_MESSAGES:
        ann.send(raw.replace('"seq": 0', f'"seq": {before["seq"]}'))
        err = ann.next("error")
        assert err["code"] == code, (raw[:60], err)
        assert err["seq"] == before["seq"]
    after = ann.sync()
    assert after["seq"] == before["seq"] and after["hand"] == before["hand"]
    ann.send(b'{"type": "ping", "id": 5}')  # binary frames are read as text
    assert ann.next("pong")["id"] == 5


def test_a_message_over_the_websocket_limit_closes_the_connection_and_changes_nothing(server: InProcessServer) -> None:
    """Over 16 KB a message is not read at all: the websocket layer closes with 1009 (docs/protocol.md); the seat
    comes back with its token, and the table is as it was."""
    made, ann, _ = started_and_passed(server)
    before = ann.sync()
    ann.send('{"type": "ping", "id": "' + "x" * 20_000 + '"}')
    with pytest.raises(ConnectionClosed) as closed:
        ann.next("pong")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    again = Conn(server.ws, made["table"], made["token"])
    assert again.next("state")["seq"] == before["seq"] and again.state["hand"] == before["hand"]  # type: ignore[index]


def test_turns_legality_staleness_and_retries(server: InProcessServer) -> None:
    _, ann, bob = started_and_passed(server)
    st = ann.sync()
    mover, waiter = (ann, bob) if st["turn"]["seats"] == [0] else (bob, ann)
    mst = mover.sync()
    waiter.sync()
    hand = mst["hand"]
    # not your turn
    err = waiter.act({"type": "play", "card": waiter.state["hand"]["cards"][0]})  # type: ignore[index]
    assert err["code"] == "not_now" and "not your turn" in err["message"]
    # a card you do not hold, and an illegal one
    not_held = sorted(ALL_CARDS - set(hand["cards"]))[0]
    err = mover.act({"type": "play", "card": not_held})
    assert err["code"] == "illegal"
    illegal = [c for c in hand["cards"] if c not in hand["legal"]]
    if illegal:
        err = mover.act({"type": "play", "card": illegal[0]})
        assert err["code"] == "illegal" and err["message"]
    # a pass now is out of phase; a moon choice is refused
    assert mover.act({"type": "pass", "cards": hand["cards"][:3]})["code"] == "not_now"
    assert mover.act({"type": "moon", "choice": "add"})["code"] == "not_now"
    # a stale seq (ahead of the table) changes nothing
    mover.send({"type": "play", "card": hand["legal"][0], "seq": mst["seq"] + 5})
    assert mover.next("error")["code"] == "stale"
    assert mover.sync()["seq"] == mst["seq"]
    # the card is played once, and a resend of the same action is refused as stale
    msg = {"type": "play", "card": hand["legal"][0], "seq": mst["seq"], "id": "a1"}
    mover.send(msg)
    ok = mover.next("ok")
    assert ok == {"type": "ok", "v": 1, "id": "a1", "seq": mst["seq"] + 1}
    mover.send(msg)
    err = mover.next("error")
    assert err["code"] == "stale" and err["id"] == "a1"
    log = server.store.actions(mst["table"]["id"])
    assert [e["card"] for e in log if e["kind"] == "play" and e["seat"] == mover.state["you"]["seat"]] == [hand["legal"][0]]  # type: ignore[index]


def test_spectators_cannot_act_and_the_start_is_for_seated_players(server: InProcessServer) -> None:
    t, ann, _ = two_players(server)
    watcher = Conn(server.ws, t["table"])
    watcher.next("state")
    assert watcher.act({"type": "start"})["code"] == "not_seated"
    assert ann.act({"type": "start"})["type"] == "ok"
    assert ann.act({"type": "start"})["code"] in ("not_now", "stale")


def test_a_flooding_client_is_rate_limited_then_dropped(server: InProcessServer) -> None:
    t = server.table()
    c = Conn(server.ws, t["table"], t["token"])
    c.next("state")
    for i in range(60):
        c.send({"type": "ping", "id": i})
    kinds = []
    try:
        while True:
            kinds.append(c.recv(timeout=2)["type"])
    except TimeoutError:
        pass
    assert kinds.count("pong") <= 45 and "error" in kinds
    limited = [m for m in c.received if m.get("code") == "rate_limited"]
    answered = {m["id"] for m in c.received if m["type"] == "pong"} | {m["id"] for m in limited}
    assert limited and answered == set(range(60))  # every message answered: a pong or a rate_limited error naming it
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(400):
            c.send({"type": "ping"})
            time.sleep(0.001)
        c.recv(timeout=5)
        while True:
            c.recv(timeout=5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 4429
    # the table is unharmed and others still play
    other = Conn(server.ws, t["table"])
    assert other.next("state")["seq"] == 0


def test_the_origin_is_checked(server: InProcessServer) -> None:
    t = server.table()
    with pytest.raises(InvalidStatus):
        Conn(server.ws, t["table"], origin="http://evil.example")
    ok = Conn(server.ws, t["table"], origin=f"http://127.0.0.1:{server.port}")
    assert ok.next("welcome")["seat"] is None
    status, body = server.post("/api/tables", {"variant": "standard", "players": 4}, headers={"Origin": "http://evil.example"})
    assert status == 403 and body["error"]["code"] == "bad_origin"


def test_a_disconnected_player_is_replaced_by_a_bot_and_gets_the_seat_back(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    assert ann.act({"type": "start"})["type"] == "ok"
    bob.close()
    # after the grace period a bot passes and plays for Bob (the seat is away first, the bot's pass is stored a moment later)
    wait_for(lambda: ann.sync()["table"]["seats"][1]["away"] is True and ann.state is not None and ann.state["hand"]["passes_chosen"][1])
    st = ann.sync()
    assert st["table"]["seats"][1]["connected"] is False and st["hand"]["passes_chosen"][1] is True
    log = server.store.actions(t["table"])
    assert any(e["seat"] == 1 and e["by"] == "bot" for e in log)
    status, join = server.post(f"/api/tables/{t['table']}/join", {"name": "Eve", "seat": 1})
    assert status == 409 and join["error"]["code"] == "seat_taken"
    # Bob comes back with his token: the seat is his again
    bob2 = Conn(server.ws, t["table"], token=t["bob_token"])
    assert bob2.next("welcome")["seat"] == 1
    bob_back = {
        "seat": 1,
        "name": "Bob",
        "kind": "human",
        "remote": False,
        "connected": True,
        "away": False,
        "joinable": False,
        "kept": False,
    }
    wait_for(lambda: ann.sync()["table"]["seats"][1] == bob_back)


def test_the_turn_timer_lets_a_bot_move_for_a_slow_player(server: InProcessServer) -> None:
    t = server.table(turn_seconds=10)
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    server.hub.tables[t["table"]].table.turn_seconds = 1  # the protocol's minimum is 10 s: shorten it for the test
    assert ann.act({"type": "start"})["type"] == "ok"
    st = ann.next("state")
    assert st["turn"]["deadline"] is not None and st["turn"]["deadline"] > time.time() * 1000
    assert abs(st["turn"]["now"] - time.time() * 1000) < 5000 and st["turn"]["deadline"] - st["turn"]["now"] <= 1000
    wait_for(lambda: ann.sync()["hand"]["passed"] is not None, timeout=4)
    log = server.store.actions(t["table"])
    assert [e["by"] for e in log if e["kind"] == "pass" and e["seat"] == 0] == ["timer"]  # the timer moved for a player who is there
    assert ann.sync()["table"]["seats"][0]["away"] is False  # the player keeps the seat


def test_a_pass_taken_back_until_everyone_has_passed(server: InProcessServer) -> None:
    """unpass: a seat that has passed chooses again while the others still choose; never after the exchange."""
    t, ann, bob = two_players(server)
    assert ann.act({"type": "start"})["type"] == "ok"
    st = ann.sync()
    assert st["hand"]["phase"] == "pass"
    first = st["hand"]["cards"][:3]
    assert ann.act({"type": "unpass"})["code"] == "not_now"  # nothing passed yet
    assert ann.act({"type": "pass", "cards": first})["type"] == "ok"
    seq_bob = bob.sync()["seq"]
    assert ann.act({"type": "unpass"})["type"] == "ok"
    st = ann.sync()
    assert st["hand"]["passed"] is None and st["hand"]["passes_chosen"][0] is False and 0 in st["turn"]["seats"]
    assert st["last_action"]["kind"] == "unpass" and st["last_action"]["seat"] == 0
    second = st["hand"]["cards"][-3:]
    assert ann.act({"type": "pass", "cards": second})["type"] == "ok"
    # Bob acts on the state before Ann changed her mind: her pass and its taking back do not make his stale.
    bob.send({"type": "pass", "cards": bob.state["hand"]["cards"][:3], "seq": seq_bob, "id": "b"})  # type: ignore[index]
    while (reply := bob.recv())["type"] not in ("ok", "error"):
        pass
    assert reply["type"] == "ok", reply
    wait_for(lambda: ann.sync()["hand"]["received"] is not None)  # the bots passed too: the cards were exchanged
    st = ann.sync()
    assert sorted(st["hand"]["passed"]) == sorted(second)
    assert set(first) - set(second) <= set(st["hand"]["cards"])  # the cards first chosen and then kept are still hers
    wait_for(lambda: ann.sync()["turn"]["seats"][0] in (0, 1))  # the bots have played up to a person's turn: the table stands
    ann.sync()
    assert ann.act({"type": "unpass"})["code"] == "not_now"  # after the exchange: too late
    # The log keeps the taking back, and a table rebuilt from it is the same table.
    log = server.store.actions(t["table"])
    assert [e["kind"] for e in log if e["seat"] == 0][:4] == ["start", "pass", "unpass", "pass"]
    live = server.hub.tables[t["table"]].table
    again = Table.new(live.id, live.rules, level=live.level, turn_seconds=live.turn_seconds, secret=live.secret)
    again.seats = [copy.copy(s) for s in live.seats]
    again.replay(log)
    assert state_message(again, 0)["hand"] == state_message(live, 0)["hand"]
