"""A guided first hand at ``hearts serve``: the guide's table, its deal, and the coach's note in the person's state."""

from __future__ import annotations

import time

from hearts.core import Rules, names
from hearts.core.fair_deal import hand_seed, seed_deal
from hearts.session.guide import guide_server_seed

from .conftest import InProcessServer
from .wsconn import Conn


def test_a_guided_table_is_the_guides_private_lesson(server: InProcessServer) -> None:
    status, made = server.post("/api/tables", {"guide": True, "name": "Ann"})
    assert status == 201, made
    info = server.get(f"/api/tables/{made['table']}")[1]
    assert info["guide"] is True and info["level"] == "easy" and info["turn_seconds"] == 0 and info["players"] == 4
    assert server.get("/api/tables")[1]["tables"] == []  # not listed in the lobby
    status, out = server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    assert status == 403 and out["error"]["code"] == "private"
    status, out = server.post("/api/tables", {"guide": True, "name": "Ann", "players": 5})
    assert status == 400 and "guided" in out["error"]["message"]
    status, out = server.post("/api/tables", {"guide": "yes", "name": "Ann"})
    assert status == 400 and out["error"]["code"] == "bad_request"
    # the database keeps it guided: a restart carries the lesson on
    (again,) = [t for t in server.store.load_open() if t.id == made["table"]]
    assert again.guide is True


def test_the_person_gets_the_notes_of_the_guides_deal(server: InProcessServer) -> None:
    made = server.post("/api/tables", {"guide": True, "name": "Ann"})[1]
    ann = Conn(server.ws, made["table"], made["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    state = ann.sync()
    dealt, _ = seed_deal(Rules.standard(4), hand_seed(guide_server_seed(), 1, [""] * 4))
    assert state["hand"]["cards"] == names(sorted(dealt[0])) and state["hand"]["guide"] == "pass"
    seen = ["pass"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        hand = state["hand"]
        note = hand["guide"]
        if note is not None and note != seen[-1]:
            seen.append(note)
        if hand["number"] == 2:
            break
        if state["turn"]["review"] and 0 not in state["turn"]["review"].get("ready", []):
            ann.send({"type": "ready"})
        elif 0 in state["turn"]["seats"] and not state["turn"]["review"]:
            if hand["phase"] == "pass":
                assert ann.act({"type": "pass", "cards": hand["cards"][-3:]})["type"] == "ok"
            else:
                assert ann.act({"type": "play", "card": hand["legal"][0]})["type"] == "ok"
        time.sleep(0.1)  # not too many messages (the rate limit)
        state = ann.sync()
    ann.close()
    assert seen[0] == "pass" and seen[1] == "lead_two" and seen[-1] == "score", seen
    assert len(seen) == len(set(seen)) and {"follow", "hearts_broken", "queen"} <= set(seen), seen
