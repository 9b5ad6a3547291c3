"""The HTTP lobby: health, options, tables, seats, finished games; every bad request a clear error."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from hearts.server.app import STATIC

from .conftest import InProcessServer
from .wsconn import Conn


def test_health_options_and_pages(server: InProcessServer) -> None:
    assert server.get("/healthz") == (200, {"ok": True, "db": True, "protocol": 1})
    status, opts = server.get("/api/options")
    assert status == 200 and opts["variants"]["cancellation"] == [6, 11] and opts["levels"] == ["easy", "medium", "hard", "expert"]
    assert opts["defaults"]["level"] == "medium"  # create_app's default level (hearts serve: below)
    assert opts["rules"]["moon"] == "choose" and "add" in opts["choices"]["moon"]
    by = opts["rules_by_variant"]
    assert by["omnibus"]["jack_of_diamonds"] is True and by["standard"]["jack_of_diamonds"] is False
    assert by["cancellation"]["target"] == 150 and by["cancellation"]["points_on_first_trick"] is True
    for path in ("/", "/t/anything"):
        status, page = server.get(path)
        assert status == 200 and "<html" in page.lower()


@pytest.mark.parametrize("kernels, level", [("ready", "hard"), ("compiling", "medium"), ("unavailable", "medium")])
def test_hearts_serve_defaults_to_hard_where_the_search_is_compiled(monkeypatch: pytest.MonkeyPatch, kernels: str, level: str) -> None:
    import hearts.server.lobby as lobby

    monkeypatch.setattr(lobby, "kernel_status", lambda: kernels)
    assert lobby.default_level() == level


def test_a_table_made_without_a_level_gets_the_servers_default(tmp_path: Path) -> None:
    hard = InProcessServer(f"sqlite:///{tmp_path}/hard.db", default_level="hard")
    try:
        assert hard.get("/api/options")[1]["defaults"]["level"] == "hard"
        status, made = hard.post("/api/tables", {"variant": "standard", "players": 4})
        assert status == 201 and hard.get(f"/api/tables/{made['table']}")[1]["level"] == "hard"
        status, made = hard.post("/api/tables", {"variant": "standard", "players": 4, "level": "easy"})
        assert status == 201 and hard.get(f"/api/tables/{made['table']}")[1]["level"] == "easy"
    finally:
        hard.stop()
    with pytest.raises(ValueError, match="default_level must be one of easy, medium, hard, expert"):
        InProcessServer(f"sqlite:///{tmp_path}/bad.db", default_level="godlike")


def test_the_client_loads_nothing_from_elsewhere() -> None:
    files = [p for p in Path(STATIC).rglob("*") if p.is_file()]
    assert any(p.suffix == ".js" for p in files)
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), path
        assert not re.search(r"""(import|url)\s*\(\s*["']?(https?:)?//""", text), path
        # the client's modules import one another only, by relative path
        assert all(m.startswith("./") for m in re.findall(r"""\bfrom\s+["']([^"']+)["']""", text)), path


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"variant": "bridge", "players": 4}, "variant must be one of"),
        ({"variant": "standard", "players": 9}, "3 to 7 players"),
        ({"variant": "cancellation", "players": 4}, "6 to 11 players"),
        ({"variant": "standard", "players": "4"}, "players must be a whole number"),
        ({"variant": "standard", "players": 4, "rules": {"moon": "sideways"}}, "moon"),
        ({"variant": "standard", "players": 4, "rules": {"jokers": True}}, "unknown rules option 'jokers'"),
        ({"variant": "standard", "players": 4, "rules": {"target": 50}, "target": 60}, "give the target once"),
        ({"variant": "standard", "players": 4, "target": 0}, "target must be between"),
        ({"variant": "standard", "players": 4, "level": "grandmaster"}, "level must be one of"),
        ({"variant": "standard", "players": 4, "turn_seconds": 3}, "turn_seconds must be 0"),
        ({"variant": "standard", "players": 4, "name": "x" * 40}, "at most 24"),
        ({"variant": "standard", "players": 4, "name": "   "}, "give your name"),
        ({"variant": "standard", "players": 4, "colour": "red"}, "unknown field 'colour'"),
        ([1, 2, 3], "JSON object"),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(server: InProcessServer, body: Any, words: str) -> None:
    status, out = server.post("/api/tables", body)
    assert status == 400 and words in out["error"]["message"], out
    assert server.get("/api/tables") == (200, {"tables": []})


def test_bad_bodies(server: InProcessServer) -> None:
    status, out = server.post("/api/tables", b"{not json")
    assert status == 400 and out["error"]["code"] == "bad_json"
    status, out = server.post("/api/tables", json.dumps({"variant": "standard", "players": 4, "name": "a" * 5000}).encode())
    assert status == 413 and out["error"]["code"] == "too_large"


def test_seats_tokens_and_secrets(server: InProcessServer) -> None:
    t = server.table(players=3)
    assert t["seat"] == 0 and t["link"] == f"/t/{t['table']}#token={t['token']}" and t["invite"] == f"/t/{t['table']}"
    tid = t["table"]
    assert server.post(f"/api/tables/{tid}/join", {"name": "Bob", "seat": 0})[1]["error"]["code"] == "seat_taken"
    assert server.post(f"/api/tables/{tid}/join", {"name": "Bob", "seat": "one"})[0] == 400
    assert server.post(f"/api/tables/{tid}/join", {"name": "Bob", "token": "x"})[0] == 400
    assert server.post("/api/tables/nope/join", {"name": "Bob"}) == (
        404,
        {"error": {"code": "not_found", "message": "there is no such table (or its game is over)"}},
    )
    status, bob = server.post(f"/api/tables/{tid}/join", {"name": "Bob"})
    assert status == 200 and bob["seat"] == 1 and bob["token"] != t["token"]
    status, cleo = server.post(f"/api/tables/{tid}/join", {"name": "Cleo"})
    assert cleo["seat"] == 2
    status, out = server.post(f"/api/tables/{tid}/join", {"name": "Dan"})
    assert status == 409 and "you can watch" in out["error"]["message"]
    # nothing public holds a token or the table's secret
    secret = server.hub.tables[tid].table.secret
    for path in ("/api/tables", f"/api/tables/{tid}"):
        text = json.dumps(server.get(path)[1])
        assert t["token"] not in text and bob["token"] not in text and secret not in text
    c = Conn(server.ws, tid)
    c.next("state")
    assert all(tok not in json.dumps(c.received) for tok in (t["token"], bob["token"], secret))


def test_a_latecomer_takes_a_bot_seat_but_never_a_players(server: InProcessServer) -> None:
    t = server.table()
    ada = server.table(name="Ada")
    c = Conn(server.ws, ada["table"], ada["token"])
    c.next("state")
    assert c.act({"type": "start"})["type"] == "ok"
    assert [s["name"] for s in c.sync()["table"]["seats"]] == ["Ada", "Ben", "Cleo", "Dev"]  # bots never take a player's name
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    status, dan = server.post(f"/api/tables/{t['table']}/join", {"name": "Dan", "seat": 2})
    assert status == 200 and dan["seat"] == 2
    seats = server.get(f"/api/tables/{t['table']}")[1]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]  # Dan's bot finishes the hand: he plays from the next
    assert [s["name"] for s in seats] == ["Ann", "Ada", "Dan", "Cleo"]
    assert server.post(f"/api/tables/{t['table']}/join", {"name": "Eve", "seat": 0})[0] == 409


def test_records_only_once_the_game_is_over(server: InProcessServer) -> None:
    t = server.table()
    assert server.get(f"/api/games/{t['table']}/record")[1]["error"]["code"] == "not_finished"
    assert server.get("/api/games/nope/record")[0] == 404
    assert server.get("/api/games") == (200, {"games": []})


def test_a_failed_write_is_refused_and_changes_nothing(server: InProcessServer) -> None:
    t = server.table()
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    real = server.store.append

    def broken(*args: Any) -> None:
        raise OSError("disk full")

    server.store.append = broken
    try:
        err = ann.act({"type": "start"})
    finally:
        server.store.append = real
    assert err["code"] == "server_error" and "disk" not in err["message"]
    st = ann.sync()
    assert (
        st["seq"] == 0
        and st["table"]["status"] == "waiting"
        and [s["kind"] for s in st["table"]["seats"]] == ["human", "open", "open", "open"]
    )
    assert ann.act({"type": "start"})["type"] == "ok"
    assert server.store.actions(t["table"])[0]["kind"] == "start"


def test_a_game_that_ends_with_nobody_there_leaves_memory_but_not_the_lobby(server: InProcessServer) -> None:
    t = server.table(players=3, target=10)
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    ann.close()  # after the grace period bots play every seat to the end
    deadline = time.monotonic() + 30
    while not server.get("/api/games")[1]["games"] and time.monotonic() < deadline:
        time.sleep(0.1)
    (game,) = server.get("/api/games")[1]["games"]
    assert game["id"] == t["table"] and game["names"] == ["Ann", "Ada", "Ben"] and max(game["scores"]) >= 10
    assert t["table"] not in server.hub.tables and server.get(f"/api/tables/{t['table']}")[0] == 404
    status, record = server.get(f"/api/games/{t['table']}/record")
    assert status == 200 and record["format"] == "hearts-record/1"


def test_a_table_left_waiting_drops_off_the_lobby_but_its_link_works(server: InProcessServer) -> None:
    t = server.table()
    fresh = server.table()
    server.hub.tables[t["table"]].table.created -= 7 * 3600
    assert [x["id"] for x in server.get("/api/tables")[1]["tables"]] == [fresh["table"]]
    c = Conn(server.ws, t["table"], t["token"])
    c.next("state")
    assert {x["id"] for x in server.get("/api/tables")[1]["tables"]} == {t["table"], fresh["table"]}
    assert c.act({"type": "start"})["type"] == "ok"
