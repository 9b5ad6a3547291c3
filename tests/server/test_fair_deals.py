"""hearts-deal/1 at the server: the commitment from creation, client seeds, reveals, the record, older databases."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from hearts.core import Rules, names
from hearts.core.deal import random_deal
from hearts.core.fair_deal import commitment, hand_seed, seed_deal
from hearts.server.store import Store
from hearts.server.table import Table

from .conftest import InProcessServer
from .wsconn import Conn


def finish(server: InProcessServer, table: str, timeout: float = 30) -> dict:  # type: ignore[type-arg]
    """Wait until bots have played the table's game to its end; its record."""
    deadline = time.monotonic() + timeout
    while server.get(f"/api/games/{table}/record")[0] != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    status, record = server.get(f"/api/games/{table}/record")
    assert status == 200, record
    return dict(record)


def test_the_commitment_is_public_before_anyone_sits_and_the_secret_is_not(server: InProcessServer) -> None:
    t = server.table(name=None)
    info = server.get(f"/api/tables/{t['table']}")[1]
    secret = server.hub.tables[t["table"]].table.secret
    assert info["deals"] == {"scheme": "hearts-deal/1", "commitment": commitment(secret), "client_seeds": None, "server_seed": None}
    assert secret not in json.dumps(server.get("/api/tables")[1]) and secret not in json.dumps(info)


def test_client_seeds_are_checked_and_echoed(server: InProcessServer) -> None:
    t = server.table(name=None)
    for bad in ["", "x" * 65, "caf\u00e9", "tab\there", 7, ["a"]]:
        status, out = server.post(f"/api/tables/{t['table']}/join", {"name": "Bob", "client_seed": bad})
        assert status == 400 and out["error"]["code"] == "bad_request", bad
        status, out = server.post("/api/tables", {"variant": "standard", "players": 4, "name": "Ann", "client_seed": bad})
        assert status == 400 and out["error"]["code"] == "bad_request", bad
    assert [s["kind"] for s in server.get(f"/api/tables/{t['table']}")[1]["seats"]] == ["open"] * 4  # nothing taken
    status, out = server.post(f"/api/tables/{t['table']}/join", {"name": "Bob", "client_seed": " any ~ text 64 "})
    assert status == 200 and out["client_seed"] == " any ~ text 64 "
    status, out = server.post(f"/api/tables/{t['table']}/join", {"name": "Cy"})
    assert status == 200 and out["client_seed"] is None


def test_a_finished_game_checks_out_with_hearts_replay(server: InProcessServer, tmp_path: Path) -> None:
    """End to end: the record downloaded after the game says, through ``hearts replay``, that the deals are verified."""
    t = server.table(players=3, target=10, client_seed="ann-7f3a")
    ann = Conn(server.ws, t["table"], t["token"])
    first = ann.next("state")
    assert first["table"]["deals"]["client_seeds"] is None and first["hand"] is None
    assert ann.act({"type": "start"})["type"] == "ok"
    started = ann.sync()
    assert started["table"]["deals"]["client_seeds"] == ["ann-7f3a", "", ""]  # fixed at the start, bots give none
    assert started["hand"]["seed"] is None and started["table"]["deals"]["server_seed"] is None
    secret = server.hub.tables[t["table"]].table.secret
    ann.close()  # after the grace period bots play every seat to the end
    record = finish(server, t["table"])
    assert record["deals"] == {
        "scheme": "hearts-deal/1",
        "commitment": commitment(secret),
        "client_seeds": ["ann-7f3a", "", ""],
        "server_seed": secret,
    }
    assert record["players"][0] == {"name": "Ann", "bot": None} and record["players"][2]["bot"] == "medium"
    rules = Rules.from_dict(record["rules"])
    for number, hand in enumerate(record["hands"], start=1):
        assert hand["seed"] == hand_seed(secret, number, ["ann-7f3a", "", ""])
        dealt, _ = seed_deal(rules, hand["seed"])
        assert hand["deal"] == [names(d) for d in dealt]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    text = subprocess.run([sys.executable, "-m", "hearts", "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert text.returncode == 0, text.stderr
    assert "deals verified (hearts-deal/1)" in text.stdout and f"matches the commitment {commitment(secret)}" in text.stdout
    out = subprocess.run([sys.executable, "-m", "hearts", "replay", str(path), "--json"], capture_output=True, text=True, timeout=60)
    deals = json.loads(out.stdout)["deals"]
    assert deals["verified"] and deals["server_seed"] == "verified" and deals["seeded"] == len(record["hands"])
    # a record whose server seed was swapped afterwards is caught
    record["deals"]["server_seed"] = "ab" * 32
    path.write_text(json.dumps(record))
    bad = subprocess.run([sys.executable, "-m", "hearts", "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "does not match the commitment" in bad.stderr


def test_a_seat_taken_after_the_start_does_not_change_the_seeds(server: InProcessServer) -> None:
    t = server.table(client_seed="first")
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    status, late = server.post(f"/api/tables/{t['table']}/join", {"name": "Dan", "client_seed": "too late"})
    assert status == 200 and late["client_seed"] is None
    assert ann.sync()["table"]["deals"]["client_seeds"] == ["first", "", "", ""]
    ann.close()


OLD_SCHEMA = """
CREATE TABLE hearts_tables (id VARCHAR(40) PRIMARY KEY, created FLOAT NOT NULL, rules TEXT NOT NULL, level VARCHAR(40) NOT NULL,
    turn_seconds INTEGER NOT NULL, secret VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL, finished FLOAT, result TEXT, record TEXT);
CREATE TABLE hearts_seats (table_id VARCHAR(40) NOT NULL, seat INTEGER NOT NULL, name VARCHAR(80) NOT NULL, kind VARCHAR(8) NOT NULL,
    token_hash VARCHAR(64), ever_human BOOLEAN NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE hearts_actions (table_id VARCHAR(40) NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, created FLOAT NOT NULL,
    PRIMARY KEY (table_id, seq));
"""


def test_a_database_from_before_hearts_deal_1_loads_and_its_tables_keep_their_deals(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    rules = Rules.standard(4, target=30)
    secret = "5a" * 16  # an old table: a 128-bit secret
    db.execute(
        "INSERT INTO hearts_tables VALUES ('old1', 1.0, ?, 'easy', 0, ?, 'playing', NULL, NULL, NULL)",
        (json.dumps(rules.to_dict()), secret),
    )
    for s in range(4):
        db.execute("INSERT INTO hearts_seats VALUES ('old1', ?, ?, ?, NULL, ?)", (s, f"P{s}", "human" if s == 0 else "bot", s == 0))
    db.execute("""INSERT INTO hearts_actions VALUES ('old1', 1, '{"kind": "start", "seat": 0, "by": "player", "seq": 1}', 1.0)""")
    db.commit()
    db.close()
    store = Store(f"sqlite:///{path}")
    try:
        (table,) = store.load_open()
        assert not table.fair and table.deals() is None and table.seats[0].client_seed == ""
        old_seed = table.hand_seed(1)
        assert len(old_seed) == 32
        deal, _ = random_deal(rules, random.Random(int(old_seed, 16)))  # dealt exactly as before
        assert table.game is not None and [sorted(h) for h in table.game.hands[0].deal] == deal
        fresh = Table.new("new1", rules, level="easy", turn_seconds=0, secret="77" * 32, created=2.0)
        fresh.seats[0].client_seed, fresh.seats[0].kind, fresh.seats[0].name = "mine", "human", "Ann"
        store.create(fresh)
        assert {t.id: t.seats[0].client_seed for t in store.load_open()} == {"old1": "", "new1": "mine"}
    finally:
        store.close()
    cols = [r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(hearts_seats)")]
    assert cols[-2:] == ["client_seed", "player"]  # added by the migrations, in order
