"""What a hostile client tried with the chat (issue 63), each refused: floods, markup, oversized and malformed
lines, and speaking for another seat. The table goes on for everyone else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from hearts.server.chat import BURST, MAX_TEXT

from .conftest import InProcessServer
from .test_chat import ask
from .test_protocol import two_players
from .wsconn import Conn


def chats(conn: Conn) -> list[dict[str, Any]]:
    """The chat lines ``conn`` has been sent, once every message before a fresh pong is read."""
    conn.send({"type": "ping", "id": "mark"})
    while True:
        msg = conn.recv()
        if msg["type"] == "pong" and msg.get("id") == "mark":
            return [m for m in conn.received if m["type"] == "chat"]


def test_a_chat_flood_is_cut_to_the_burst_then_the_flooder_is_disconnected(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    for i in range(200):
        bob.send({"type": "chat", "text": f"spam {i}", "id": i})
    codes: list[str] = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            msg = bob.recv()
            if msg["type"] == "error":
                codes.append(msg["code"])
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert codes and set(codes) == {"rate_limited"}
    lines = chats(ann)  # the others got the burst only, and the table still answers them
    assert [line["text"] for line in lines] == [f"spam {i}" for i in range(int(BURST))]
    assert ann.sync()["seq"] == 0
    again = Conn(server.ws, t["table"], t["bob_token"])  # the flooder may come back, and its allowance is not refilled
    again.next("welcome")
    reply, _ = ask(again, {"type": "chat", "phrase": "sorry"})
    assert reply["type"] == "error" and reply["code"] == "rate_limited"


def test_markup_is_carried_as_text_never_changed_or_run(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    hostile = ['<img src=x onerror="alert(1)">', "<script>document.title='owned'</script>", "&lt;b&gt; &amp;", "javascript:alert(1)"]
    for text in hostile:
        reply, _ = ask(bob, {"type": "chat", "text": text})
        assert reply["type"] == "ok", reply
    assert [line["text"] for line in chats(ann)] == hostile


#: malformed and oversized lines, each with the error it gets
MALFORMED: list[tuple[dict[str, Any], str]] = [
    ({"type": "chat", "text": "x" * (MAX_TEXT + 1)}, "bad_message"),
    ({"type": "chat", "text": "é" * 600}, "bad_message"),  # 3600 bytes as JSON escapes: read, then refused for its length
    ({"type": "chat", "text": 5}, "bad_message"),
    ({"type": "chat", "text": None}, "bad_message"),
    ({"type": "chat", "text": ["hi"]}, "bad_message"),
    ({"type": "chat", "phrase": ["gg"]}, "bad_message"),
    ({"type": "chat", "phrase": ""}, "bad_message"),
    ({"type": "chat", "phrase": "gg", "text": "gg"}, "bad_message"),
    ({"type": "chat"}, "bad_message"),
    ({"type": "chat", "phrase": "QS is in my hand"}, "bad_message"),
    ({"type": "chat", "text": "\x00\x01"}, "bad_message"),
    ({"type": "chat", "text": "\u200b\u2060\ufeff"}, "bad_message"),
    ({"type": "chat", "text": "\u202e\u2067"}, "bad_message"),
    ({"type": "chat_mode", "free": "off"}, "bad_message"),
    ({"type": "chat_mode"}, "bad_message"),
]


def test_malformed_and_oversized_lines_are_refused_and_reach_nobody(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    for msg, code in MALFORMED:
        reply, _ = ask(bob, msg)
        assert reply["type"] == "error" and reply["code"] == code, (msg, reply)
    assert chats(ann) == []


def test_raw_frames_too_large_or_not_unicode_are_refused(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    bob.send(json.dumps({"type": "chat", "text": "x" * 5000}))
    assert bob.next("error")["code"] == "too_large"
    bob.send('{"type": "chat", "text": "\\ud800"}')
    assert bob.next("error")["code"] == "bad_json"
    bob.send(json.dumps({"type": "chat", "text": "x" * 20000}))  # over the websocket's own limit: closed (1009)
    with pytest.raises(ConnectionClosed):
        for _ in range(5):
            bob.recv()
    assert chats(ann) == []


#: lines that name a sender, a seat or a host of their own
SPOOFED: list[dict[str, Any]] = [
    {"type": "chat", "text": "I am Ann", "seat": 0},
    {"type": "chat", "text": "I am Ann", "name": "Ann"},
    {"type": "chat", "phrase": "gg", "from": 0},
    {"type": "chat", "text": "hi", "n": 1, "at": 0},
    {"type": "chat_mode", "free": False, "host": 1},
    {"type": "chat_mode", "free": False, "seat": 0},
]


def test_a_client_cannot_speak_as_another_seat(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    for msg in SPOOFED:
        reply, _ = ask(bob, msg)
        assert reply["type"] == "error" and reply["code"] == "bad_message" and "has no field" in reply["message"], (msg, reply)
    assert chats(ann) == []


def test_the_server_names_the_sender_and_only_the_creator_switches_free_chat(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    reply, _ = ask(bob, {"type": "chat", "text": "I am Ann"})
    assert reply["type"] == "ok"
    (line,) = chats(ann)
    assert (line["seat"], line["name"]) == (1, "Bob")
    reply, _ = ask(bob, {"type": "chat_mode", "free": False})
    assert reply["code"] == "not_host"
    watcher = Conn(server.ws, t["table"])
    watcher.next("welcome")
    for msg in ({"type": "chat", "phrase": "gg"}, {"type": "chat_mode", "free": False}):
        reply, _ = ask(watcher, msg)
        assert reply["code"] in ("not_seated", "not_host")
    with pytest.raises(ConnectionClosed):  # a forged token is closed at its hello, before it can say anything
        forged = Conn(server.ws, t["table"], t["token"][:-2] + "xx")
        assert forged.next("error")["code"] == "unauthorized"
        forged.send({"type": "chat", "phrase": "gg"})
        forged.recv()
    assert len(chats(ann)) == 1
