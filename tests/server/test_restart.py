"""Kill the server (SIGKILL) in the middle of a hand, start it again, finish the game.

Nothing acknowledged is lost, nothing is applied twice, and the finished
game's record is exactly the stored log.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from hearts.record import loads_record, replay_game
from hearts.server.client import SeatClient
from hearts.server.store import Store

from .conftest import InProcessServer, ServerProcess
from .wsconn import Conn


def acked(client: SeatClient) -> list[int]:
    """The sequence numbers of the client's actions the server acknowledged."""
    return [m["seq"] for m in client.messages if m["type"] == "ok"]


def test_a_killed_server_resumes_every_table_exactly(server_process: ServerProcess) -> None:
    srv = server_process
    srv.start()
    t = srv.table(target=40)
    _, bob = srv.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    tokens = [t["token"], bob["token"]]
    ann = Conn(srv.ws, t["table"], tokens[0])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    ann.close()

    first = [SeatClient(srv.ws, t["table"], tok, seed=i) for i, tok in enumerate(tokens)]

    async def until(seq: int) -> None:
        await asyncio.gather(*(c.play(until_seq=seq, timeout=30) for c in first))

    asyncio.run(until(30))  # the middle of the first hand
    srv.kill()
    store = Store(srv.db_url)
    before = store.actions(t["table"])
    store.close()
    assert len(before) >= 30 and [e["seq"] for e in before] == list(range(1, len(before) + 1))
    for client in first:
        for seq in acked(client):
            entry = before[seq - 1]
            assert entry["seat"] == client.seat and entry["by"] == "player"

    srv.start()
    again = Conn(srv.ws, t["table"], tokens[0])
    assert again.next("welcome")["seat"] == 0
    resumed = again.next("state")
    assert resumed["seq"] >= len(before)  # bots may have moved on since the restart
    # a resend of an acknowledged action is refused and changes nothing
    last = max(acked(first[0]) or [1])
    again.send({"type": "play", "card": "2C", "seq": last - 1})
    assert again.next("error")["code"] in ("stale", "not_now", "illegal")
    again.close()

    second = [SeatClient(srv.ws, t["table"], tok, seed=10 + i) for i, tok in enumerate(tokens)]

    async def finish() -> None:
        await asyncio.gather(*(c.play(timeout=60) for c in second))

    asyncio.run(finish())
    final = second[0].state
    assert final is not None and final["game_over"]

    store = Store(srv.db_url)
    after = store.actions(t["table"])
    store.close()
    assert after[: len(before)] == before  # nothing acknowledged was lost or changed
    assert [e["seq"] for e in after] == list(range(1, len(after) + 1))  # nothing applied twice
    status, body = srv.get(f"/api/games/{t['table']}/record")
    assert status == 200
    record = loads_record(json.dumps(body))
    game = replay_game(record)
    assert game.game_over and game.scores == final["scores"] and game.winners == final["winners"]
    plays = [e["card"] for e in after if e["kind"] == "play"]
    assert [p for h in record.hands for p in h.plays] == plays
    status, games = srv.get("/api/games")
    assert games["games"][0]["id"] == t["table"] and games["games"][0]["scores"] == final["scores"]


def test_after_a_restart_a_player_who_never_returns_is_played_by_a_bot(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    first = InProcessServer(url, bot_delay=0.0, grace=30.0)
    try:
        t = first.table(players=3, target=20)
        ann = Conn(first.ws, t["table"], t["token"])
        ann.next("state")
        assert ann.act({"type": "start"})["type"] == "ok"
        ann.close()
    finally:
        first.stop()
    store = Store(url)
    before = store.actions(t["table"])
    store.close()
    second = InProcessServer(url, bot_delay=0.0, grace=0.2)
    try:
        watcher = Conn(second.ws, t["table"])
        state = watcher.next("state")
        assert state["seq"] >= len(before) and state["table"]["status"] == "playing"
        deadline = time.monotonic() + 20
        while not state["game_over"] and time.monotonic() < deadline:
            state = watcher.next("state")
        assert state["game_over"] and state["table"]["seats"][0]["away"]
        after = second.store.actions(t["table"])
        assert after[: len(before)] == before and all(e["by"] == "bot" for e in after[1:])
    finally:
        second.stop()
