"""Games the page kept in the browser's storage with an earlier version still resume where they were, and go on.

``tests/data/page/saved.json`` was written by the page's host before it drove
the session's bots (built once per seat per game) and its score sheet;
``make_saved.py`` there made it and ``expected.json`` (each open table then).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts.server.table import token_hash
from hearts.web.host import PageHost

from .test_host import Clock, Page, play_to_the_end

DATA = Path(__file__).parents[1] / "data" / "page"
SAVED = (DATA / "saved.json").read_text()
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text())


def test_the_stored_games_are_all_read() -> None:
    host = PageHost(SAVED)
    assert host.problems == []
    assert [g["id"] for g in host.finished] == EXPECTED["finished"]
    for table_id, want in EXPECTED.items():
        if table_id == "finished":
            continue
        table = host.tables[table_id]
        assert table.game is not None
        got = {"seq": table.seq, "scores": table.game.scores, "hands": len(table.game.hands), "to_act": table.seats_to_act()}
        assert got == want, table_id


def test_a_stored_game_goes_on_to_its_end() -> None:
    clock = Clock()
    page = Page(PageHost(SAVED, bot_delay=0.5, clock=clock), clock)
    table_id = next(t for t, want in EXPECTED.items() if t != "finished" and want["to_act"] != [0, 1, 2, 3])
    page.conn = page.host.open()
    saved = json.loads(SAVED)
    seat = next(t for t in saved["tables"] if t["id"] == table_id)["seats"][0]
    assert seat["token_hash"]  # the token itself is the browser's (in the page's link): the host kept its hash
    page.host.tables[table_id].seats[0].token_hash = token_hash("resumed")  # a token of our own for the test's link
    page.take(page.host.receive(page.conn, json.dumps({"type": "hello", "v": 1, "table": table_id, "token": "resumed"})))
    assert page.state["seq"] == EXPECTED[table_id]["seq"]
    play_to_the_end(page)
    assert page.state["table"]["status"] == "finished"
    assert [g["id"] for g in page.host.finished][-1] == table_id
