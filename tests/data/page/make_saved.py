"""Writes ``saved.json`` (what the page kept in the browser's storage) and ``expected.json`` (each open table's state
then), with the page's host of the version at hand. Run from the repository root:

    PYTHONPATH=src python tests/data/page/make_saved.py

The files kept here were written before the page's host drove the session's bots and score sheet
(``tests/web/test_old_saved.py`` checks that they still resume).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts.web.host import PageHost

HERE = Path(__file__).parent


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _table(host: PageHost, clock: Clock, name: str, target: int) -> tuple[str, int]:
    out = host.request(
        "POST", "/api/tables", json.dumps({"variant": "standard", "players": 4, "level": "easy", "name": name, "target": target})
    )
    made = json.loads(out.body)
    conn = host.open()
    host.receive(conn, json.dumps({"type": "hello", "v": 1, "table": made["table"], "token": made["token"]}))
    host.receive(conn, json.dumps({"type": "start", "seq": 0}))
    return made["table"], conn


def _step(host: PageHost, clock: Clock, table_id: str, conn: int) -> dict[str, Any]:
    """One tick (the clock moved on), or our seat's lowest move when it is our turn; the state after it."""
    out = host.tick()
    clock.now += min(out.wake or 0.1, 0.5)  # not past a pause
    sync = host.receive(conn, json.dumps({"type": "sync"}))
    state: dict[str, Any] = json.loads(sync.messages[conn][-1])
    if state["turn"]["review"] or state["game_over"]:
        return state
    if 0 in state["turn"]["seats"]:
        hand = state["hand"]
        if hand["phase"] == "pass":
            msg = {"type": "pass", "cards": hand["cards"][:3]}
        elif hand["phase"] == "moon":
            msg = {"type": "moon", "choice": "add"}
        else:
            msg = {"type": "play", "card": hand["legal"][0]}
        host.receive(conn, json.dumps({**msg, "seq": state["seq"]}))
    return state


def main() -> None:
    clock = Clock()
    host = PageHost(bot_delay=0.5, clock=clock)
    done, conn = _table(host, clock, "Ann", 20)  # a finished game
    while not (state := _step(host, clock, done, conn))["game_over"]:
        if state["turn"]["review"]:
            host.receive(conn, json.dumps({"type": "ready"}))
    host.leave(conn)
    sheet, conn = _table(host, clock, "Bo", 200)  # a table whose score sheet shows
    while not _step(host, clock, sheet, conn)["turn"]["review"]:
        pass
    host.leave(conn)
    mid, conn = _table(host, clock, "Cy", 200)  # a table in the middle of its second hand
    while True:
        state = _step(host, clock, mid, conn)
        if state["turn"]["review"]:
            host.receive(conn, json.dumps({"type": "ready"}))
        if len(state["hands"]) == 1 and state["seq"] > 70:  # hand 2 under way
            break
    host.leave(conn)
    saved = host.saved()
    (HERE / "saved.json").write_text(json.dumps(json.loads(saved), indent=1) + "\n")
    expected = {}
    for table_id in (sheet, mid):
        table = host.tables[table_id]
        assert table.game is not None and table.hand is not None
        expected[table_id] = {"seq": table.seq, "scores": table.game.scores, "hands": len(table.game.hands), "to_act": table.seats_to_act()}
    expected["finished"] = [g["id"] for g in host.finished]
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main()
