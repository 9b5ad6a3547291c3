"""The leak test: whole games with every seat a separate websocket client (and a spectator).

Every message any client received is checked against what its seat may know
at that moment, computed here from the stored action log and the deal (not
from the server's views): its own cards exactly, what it passed and was
passed, the cards played, the kitty only once the hand is over, a seed only
once its hand is over (and no later hand's seed, nor the server seed before
the game is over, anywhere in any message); and no card anywhere else in the
message.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import select

from hearts.core import Rules, card_name, parse_card
from hearts.core.fair_deal import commitment, hand_seed, seed_deal
from hearts.core.rules import PASS_OFFSETS
from hearts.server.client import SeatClient
from hearts.server.store import tables_t
from hearts.server.table import Table

from .conftest import InProcessServer, ServerProcess
from .wsconn import Conn

CARD_NAMES = {card_name(c) for c in range(52)}
#: where a card may appear in a state message (each is checked exactly below)
CARD_PATHS = {
    "hand.cards",
    "hand.legal",
    "hand.passed",
    "hand.received",
    "hand.trick.cards",
    "hand.tricks.cards",
    "hand.kitty",
    "hand.set_aside",
    "hands.last_trick.cards",
    "last_action.card",
    "last_action.cards",
    "table.facts.removed_cards",  # the rules' facts: the same for every table of these rules, never a dealt card
    "table.facts.lowest_club",
    "hand.why.*",  # the keys of "why": the seat's own cards it may not play now (checked below)
    "hand.why.*.card",  # the card that must lead the first trick: the rules' lowest club
}


def card_strings(obj: Any, path: str = "") -> list[tuple[str, str]]:
    """(path, card) for every string in a message that names a card."""
    out: list[tuple[str, str]] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(k, str) and k.upper() in CARD_NAMES:  # a card as a key counts too (under the path ".*")
                out.append((f"{path}.*", k))
                k = "*"
            out += card_strings(v, f"{path}.{k}" if path else k)
    elif isinstance(obj, list):
        for v in obj:
            out += card_strings(v, path)
    elif isinstance(obj, str) and obj.upper() in CARD_NAMES:
        out.append((path, obj))
    return out


class Truth:
    """What each seat may know after each action, rebuilt from the stored log."""

    def __init__(self, table: Table, log: list[dict[str, Any]]) -> None:
        self.secret = table.secret
        self.clients: list[str] = log[0]["client_seeds"]  # the start entry records the client seeds
        self.at: dict[int, dict[str, Any]] = {0: {"hand": None}}
        plays: list[tuple[int, str]] = []
        number = None
        for entry in log:
            table.apply({k: v for k, v in entry.items() if k != "seq"})
            hand = table.game.hand  # type: ignore[union-attr]
            if hand.number != number:
                number, plays = hand.number, []
            if entry["kind"] == "play" and hand.number == number and hand.plays:
                plays.append((entry["seat"], entry["card"]))
            self.at[table.seq] = self.snapshot(table, hand, list(plays))

    @staticmethod
    def snapshot(table: Table, hand: Any, plays: list[tuple[int, str]]) -> dict[str, Any]:
        n = table.rules.players
        names = [[card_name(c) for c in sorted(cards)] for cards in hand.deal]
        passes = [None if p is None else [card_name(c) for c in sorted(p)] for p in hand.passes]
        direction = hand.pass_direction
        exchanged = direction != "none" and all(p is not None for p in passes)
        own = []
        for s in range(n):
            have = Counter(names[s])
            if exchanged:
                have -= Counter(passes[s])
                have += Counter(passes[(s - PASS_OFFSETS[direction]) % n])
            have -= Counter(c for seat, c in plays if seat == s)
            own.append(sorted(have.elements(), key=parse_card))
        received = [passes[(s - PASS_OFFSETS[direction]) % n] if exchanged else None for s in range(n)]
        seed = table.hand_seed(hand.number)
        return {
            "hand": hand.number,
            "deal": hand.deal,
            "kitty": [card_name(c) for c in sorted(hand.kitty)],
            "own": own,
            "passes": passes,
            "received": received,
            "played": [c for _, c in plays],
            "done": hand.phase == "done",
            "seed": seed,
            "rules": table.rules,
        }


def secrets_in(msg: dict[str, Any], truth: Truth) -> None:
    """No seed of a hand not yet over, and not the server seed before the game is over, anywhere in the message."""
    text = json.dumps(msg)
    over = msg.get("type") == "state" and msg["game_over"]
    assert (truth.secret in text) == over, "the server seed is revealed exactly when the game is over"
    at = truth.at[msg["seq"]] if "seq" in msg and msg["seq"] in truth.at else None
    current = at["hand"] if at is not None and at["hand"] is not None else 1
    first_hidden = current + 1 if at is not None and at.get("done") else current
    for number in range(first_hidden, first_hidden + 40):
        assert hand_seed(truth.secret, number, truth.clients) not in text, f"hand {number}'s seed before its end"


def check_message(msg: dict[str, Any], seat: int | None, truth: Truth) -> None:
    secrets_in(msg, truth)
    for path, card in card_strings(msg):
        assert path in CARD_PATHS, f"a card at {path}: {card}"
    if msg["type"] == "error":
        assert not card_strings(msg["message"]) and not [w for w in msg["message"].replace(",", " ").split() if w in CARD_NAMES]
    if msg["type"] != "state":
        return
    t = truth.at[msg["seq"]]
    h = msg["hand"]
    deals = msg["table"]["deals"]
    assert deals["scheme"] == "hearts-deal/1" and deals["commitment"] == commitment(truth.secret)
    assert deals["client_seeds"] == (truth.clients if msg["seq"] > 0 else None)
    assert deals["server_seed"] == (truth.secret if msg["game_over"] else None)
    if t["hand"] is None:
        assert h is None
        return
    assert h["number"] == t["hand"]
    facts = msg["table"]["facts"]
    rules = t["rules"]
    assert facts["removed_cards"] == rules.removed_cards and facts["lowest_club"] == card_name(rules.lowest_club)
    if seat is None:
        assert h["cards"] == [] and h["legal"] == [] and h["passed"] is None and h["received"] is None and h["why"] == {}
    else:
        assert h["cards"] == t["own"][seat]
        assert set(h["legal"]) <= set(h["cards"])
        assert set(h["why"]) <= set(h["cards"]) - set(h["legal"])
        assert all(w.get("card") in (None, card_name(t["rules"].lowest_club)) for w in h["why"].values())
        assert h["passed"] == t["passes"][seat]
        assert h["received"] == (t["received"][seat] if t["received"][seat] is not None else None)
    played = [c for trick in h["tricks"] for c in trick["cards"]] + (h["trick"]["cards"] if h["trick"] else [])
    assert played == t["played"]
    assert h["kitty"] == (t["kitty"] if t["done"] else None)
    assert set(h["set_aside"]) <= set(t["played"])
    la = msg["last_action"]
    if la is not None and la["kind"] == "pass":
        assert ("cards" in la) == (la["seat"] == seat)
    assert h["seed_hash"] == hashlib.sha256(t["seed"].encode()).hexdigest()
    assert h["seed"] == (t["seed"] if t["done"] else None)
    assert t["seed"] == hand_seed(truth.secret, t["hand"], truth.clients)
    for done in msg["hands"]:  # a finished hand's seed is the derived one and deals exactly that hand
        assert done["number"] < h["number"] or t["done"]
        assert done["seed"] == hand_seed(truth.secret, done["number"], truth.clients)
        deal, _ = seed_deal(t["rules"], done["seed"])
        if done["number"] == h["number"]:
            assert tuple(tuple(d) for d in deal) == tuple(tuple(sorted(d)) for d in t["deal"])


async def play_table(server: InProcessServer | ServerProcess, options: dict[str, Any], humans: int) -> tuple[str, list[SeatClient]]:
    t = server.table(client_seed="Ann's seed ~1", **options)
    tokens = [t["token"]]
    for i in range(1, humans):
        body = {"name": f"P{i}x"} | ({"client_seed": f"seed of P{i}"} if i % 2 else {})  # every other one gives none
        status, j = server.post(f"/api/tables/{t['table']}/join", body)
        assert status == 200
        tokens.append(j["token"])
    clients = [SeatClient(server.ws, t["table"], tok, seed=i) for i, tok in enumerate(tokens)]
    clients.append(SeatClient(server.ws, t["table"], None))  # a spectator

    async def start() -> None:
        for _ in range(200):
            _, info = await asyncio.to_thread(server.get, f"/api/tables/{t['table']}")
            if sum(s["connected"] for s in info["seats"]) == humans:
                break
            await asyncio.sleep(0.02)
        conn = await asyncio.to_thread(Conn, server.ws, t["table"], t["token"])
        await asyncio.to_thread(conn.next, "state")
        reply = await asyncio.to_thread(conn.act, {"type": "start"})
        assert reply["type"] == "ok", reply
        conn.close()

    await asyncio.gather(start(), *(c.play(timeout=60) for c in clients))
    return t["table"], clients


@pytest.mark.parametrize(
    ("options", "humans"),
    [
        ({"variant": "standard", "players": 4, "target": 40}, 4),
        ({"variant": "cancellation", "players": 8, "target": 40}, 3),
        ({"variant": "omnibus", "players": 5, "target": 30, "rules": {"moon": "add"}}, 2),
    ],
)
def test_no_client_ever_receives_a_card_it_may_not_know(server: InProcessServer, options: dict[str, Any], humans: int) -> None:
    table_id, clients = asyncio.run(play_table(server, options, humans))
    log = server.store.actions(table_id)
    with server.store.engine.connect() as conn:
        row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().one()
    fresh = Table.new(table_id, Rules.from_dict(json.loads(row["rules"])), level=row["level"], turn_seconds=0, secret=row["secret"])
    truth = Truth(fresh, log)
    assert fresh.game is not None and fresh.game.game_over and len(fresh.game.hands) >= 2
    assert truth.clients[:humans] == ["Ann's seed ~1"] + [f"seed of P{i}" if i % 2 else "" for i in range(1, humans)]
    assert truth.clients[humans:] == [""] * (options["players"] - humans)  # bots give none
    checked = 0
    for client in clients:
        assert client.state is not None and client.state["game_over"]
        assert client.errors == []
        for msg in client.messages:
            check_message(msg, client.seat, truth)
            checked += msg["type"] == "state"
    assert checked > 100


def test_refusals_name_no_card_but_the_senders(server: InProcessServer) -> None:
    t = server.table()
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    st = ann.sync()
    mine = set(st["hand"]["cards"])
    others = sorted(CARD_NAMES - mine, key=parse_card)
    for i in range(0, 36, 3):
        sent = [others[i], others[i + 1], sorted(mine)[0]]
        err = ann.act({"type": "pass", "cards": sent})
        assert err["code"] == "illegal"
        named = {w.strip(".,:;()'\"") for w in err["message"].split()} & CARD_NAMES
        assert named <= set(sent), err
    err = ann.act({"type": "play", "card": others[0]})
    assert err["code"] == "not_now" and others[0] not in err["message"]


def test_the_server_log_holds_no_card_and_no_token(server: InProcessServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    real = server.store.append
    calls = {"n": 0}

    def flaky(*args: Any) -> None:  # every 7th write fails: the error paths log too
        calls["n"] += 1
        if calls["n"] % 7 == 0:
            raise OSError("disk hiccup")
        real(*args)

    server.store.append = flaky
    try:
        table_id, clients = asyncio.run(play_table(server, {"variant": "standard", "players": 4, "target": 26}, 2))
    finally:
        server.store.append = real
    tokens = [str(c.token) for c in clients if c.token]
    assert any("could not store" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        if record.name.startswith("websockets.client"):
            continue  # this test's own clients
        text = record.getMessage() + (str(record.exc_text or "") if record.exc_info else "")
        words = {w.strip(".,:;()[]'\"") for w in text.split()}
        assert not words & CARD_NAMES, text
        assert not any(tok in text for tok in tokens)


def test_even_a_debug_log_holds_no_card_and_no_token(tmp_path: Any) -> None:
    srv = ServerProcess(tmp_path / "h.db", "--bot-delay", "0", "--log-level", "debug")
    srv.start()
    try:
        table_id, clients = asyncio.run(play_table(srv, {"variant": "standard", "players": 4, "target": 26}, 2))  # type: ignore[arg-type]
        assert clients[0].state is not None and clients[0].state["game_over"]
    finally:
        srv.kill()
    text = srv.output()
    assert "POST /api/tables" in text and "DEBUG" in text  # the access log is there, at debug level
    for token in (c.token for c in clients if c.token):
        assert token not in text and token[-12:] not in text
    words = {w.strip(".,:;()[]'\"") for w in text.split()}
    assert not words & CARD_NAMES, sorted(words & CARD_NAMES)
