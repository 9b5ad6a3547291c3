"""Playing again together: the next game keeps each person's seat for them (and only them) until it starts."""

from __future__ import annotations

import time

from .conftest import InProcessServer, Player
from .test_play_help import drive
from .wsconn import Conn


def _again(conn: Conn) -> dict[str, object]:
    conn.send({"type": "again", "id": "a"})
    while True:
        reply = conn.recv()
        if reply["type"] in ("ok", "error") and reply.get("id") == "a":
            return reply


def test_the_same_people_get_their_seats_at_the_next_game(server: InProcessServer) -> None:
    server.hub.review = 0
    ann, bob, eve = Player(server.base), Player(server.base), Player(server.base)
    t = ann.table(name="Ann", target=1, level="easy")  # one hand (or a few, on a tie)
    tid = t["table"]
    assert bob.post(f"/api/tables/{tid}/join", {"name": "Bob"})[1]["seat"] == 1  # Bob never connects: a bot plays for him
    conn = Conn(server.ws, tid, t["token"])
    conn.next("state")
    assert _again(conn)["code"] == "not_now"  # not before the game is over
    assert conn.act({"type": "start"})["type"] == "ok"
    time.sleep(0.5)
    st = drive(conn, lambda s: s["game_over"])
    assert st["table"]["again"] is None
    watcher = Conn(server.ws, tid)
    watcher.next("state")
    assert _again(watcher)["code"] == "not_seated"
    reply = _again(conn)
    assert reply["type"] == "ok"
    nxt = str(reply["table"])
    assert _again(conn)["table"] == nxt  # asked twice: the same next game
    assert conn.sync()["table"]["again"] == nxt and watcher.sync()["table"]["again"] == nxt  # everyone at the table is told
    seats = server.get(f"/api/tables/{nxt}")[1]["seats"]
    assert [(s["kind"], s["name"], s["kept"], s["joinable"]) for s in seats] == [
        ("open", "Ann", True, False),
        ("open", "Bob", True, False),
        ("open", "", False, True),
        ("open", "", False, True),
    ]
    nt = server.hub.tables[nxt].table
    old = server.hub.tables[tid].table
    assert (nt.rules, nt.level, nt.turn_seconds) == (old.rules, old.level, old.turn_seconds) and nt.secret != old.secret
    assert (nt.free_chat, nt.host) == (old.free_chat, old.host) == (True, 0)  # Ann, who made the table, keeps its chat switch
    # Eve, even naming Bob's seat or Bob's name, does not get a kept seat; Bob gets his whatever he asks for
    status, out = eve.post(f"/api/tables/{nxt}/join", {"name": "Bob", "seat": 1})
    assert status == 409 and out["error"]["code"] == "seat_taken"
    assert eve.post(f"/api/tables/{nxt}/join", {"name": "Bob"})[1]["seat"] == 2
    assert bob.post(f"/api/tables/{nxt}/join", {"name": "Bob", "seat": 3})[1]["seat"] == 1
    assert [t["table"] for t in ann.get("/api/me")[1]["tables"]][:1] == [nxt]  # the lobby's way back lists the kept seat
    # Ann does not come: at the start a bot takes her kept seat
    b = bob.post(f"/api/tables/{nxt}/join", {"name": "Bob"})[1]
    bconn = Conn(server.ws, nxt, b["token"])
    bconn.next("state")
    assert bconn.act({"type": "start"})["type"] == "ok"
    seat0 = server.hub.tables[nxt].table.seats[0]
    assert seat0.kind == "bot" and seat0.player is None and seat0.name != "Ann"
    assert ann.post(f"/api/tables/{nxt}/join", {"name": "Ann"})[1]["seat"] == 0  # a late-comer, as at any table: the bot's seat
    for c in (conn, watcher, bconn):
        c.close()
