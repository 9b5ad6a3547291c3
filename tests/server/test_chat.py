"""Talking at the table (hearts.server.chat): the text rules, the rate limit, and chat over real websockets."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.core import Rules
from hearts.server.chat import BURST, HISTORY, MAX_MARKS, MAX_TEXT, PHRASES, RATE, Bucket, Chat, clean_text
from hearts.server.store import Store
from hearts.server.table import Refusal, Table

from .conftest import InProcessServer
from .test_protocol import two_players
from .wsconn import Conn

#: the fields a chat line has: nothing of the game
LINE_FIELDS = {"type", "v", "n", "at", "seat", "name"}


# -- the text rules ----------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("gg", "gg"),
        ("  well\tplayed \n\n Ann ", "well played Ann"),
        ("<script>alert(1)</script>", "<script>alert(1)</script>"),  # text stays text: the client never reads it as markup
        ("a\u202eb\u2066c\u2069", "abc"),  # direction overrides and isolates removed
        ("Cafe\u0301", "Café"),  # NFC
        ("İyi oyundu 👍🏽", "İyi oyundu 👍🏽"),
        ("Добра игра", "Добра игра"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # a joiner inside an emoji is kept
        ("ꦱꦸꦒꦼꦁ", "ꦱꦸꦒꦼꦁ"),  # Javanese script keeps its vowel signs
    ],
)
def test_free_text_is_cleaned(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


@pytest.mark.parametrize(
    "raw",
    ["", "   ", "\u200b\u200b", "\u202e", "a\x00b", "bell\x07", "esc\x1b[31m", "\u0301", "x" * (MAX_TEXT + 1)],
)
def test_text_with_nothing_visible_control_characters_or_too_long_is_refused(raw: str) -> None:
    with pytest.raises(Refusal) as e:
        clean_text(raw)
    assert e.value.code == "bad_message"


@given(st.text(max_size=300))
def test_what_is_sent_on_is_short_visible_and_stable(raw: str) -> None:
    try:
        out = clean_text(raw)
    except Refusal as r:
        assert r.code == "bad_message"
        return
    assert 1 <= len(out) <= MAX_TEXT and out == out.strip()
    assert not any(unicodedata.category(ch) == "Cc" for ch in out)
    assert not any("\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069" for ch in out)
    run = longest = 0
    for ch in out:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        longest = max(longest, run)
    assert longest <= MAX_MARKS
    assert clean_text(out) == out  # cleaning twice changes nothing


# -- one table's chat --------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_may_send_a_burst_then_one_line_every_two_seconds() -> None:
    clock = Clock()
    chat = Chat(clock=clock)
    for _ in range(int(BURST)):
        chat.line(1, "Bob", {"phrase": "gg"})
    with pytest.raises(Refusal) as e:
        chat.line(1, "Bob", {"phrase": "gg"})
    assert e.value.code == "rate_limited"
    chat.line(2, "Cleo", {"phrase": "gg"})  # another seat has its own allowance
    clock.now += 1 / RATE
    chat.line(1, "Bob", {"phrase": "wp"})
    with pytest.raises(Refusal):
        chat.line(1, "Bob", {"phrase": "wp"})
    assert [line["n"] for line in chat.lines] == list(range(1, int(BURST) + 3))


def test_the_bucket_never_saves_more_than_its_burst() -> None:
    b = Bucket(rate=1.0, burst=3.0, tokens=3.0, stamp=0.0)
    assert [b.take(1e6) for _ in range(4)] == [True, True, True, False]
    assert not b.take(1e6 - 50)  # a clock that steps back gives no tokens
    assert b.take(1e6 - 49)


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        ({}, "bad_message"),
        ({"phrase": "gg", "text": "hi"}, "bad_message"),
        ({"phrase": "I hold the queen"}, "bad_message"),
        ({"text": "\u200b"}, "bad_message"),
    ],
)
def test_a_chat_message_needs_one_known_phrase_or_some_text(msg: dict[str, Any], code: str) -> None:
    with pytest.raises(Refusal) as e:
        Chat().line(0, "Ann", msg)
    assert e.value.code == code


def test_with_free_chat_off_only_phrases_pass_and_the_old_text_is_forgotten() -> None:
    chat = Chat()
    chat.line(0, "Ann", {"text": "hello"})
    chat.line(0, "Ann", {"phrase": "hi"})
    chat.set_free(False)
    with pytest.raises(Refusal) as e:
        chat.line(0, "Ann", {"text": "hello again"})
    assert e.value.code == "chat_off"
    chat.line(0, "Ann", {"phrase": "gg"})
    assert [line.get("phrase") for line in chat.welcome()["lines"]] == ["hi", "gg"]


def test_the_history_keeps_the_last_lines_only() -> None:
    clock = Clock()
    chat = Chat(clock=clock)
    for i in range(HISTORY + 7):
        clock.now += 10
        chat.line(i % 3, "P", {"text": f"line {i}"})
    lines = chat.welcome()["lines"]
    assert len(lines) == HISTORY and lines[-1]["text"] == f"line {HISTORY + 6}" and lines[0]["n"] == 8


def test_the_chat_settings_are_stored_with_the_table() -> None:
    store = Store("sqlite://")
    t = Table.new("chat1", Rules.standard(4, target=30), level="easy", turn_seconds=0, secret="11" * 32)
    t.host = 0
    store.create(t)
    (loaded,) = store.load_open()
    assert (loaded.free_chat, loaded.host) == (True, 0)
    t.free_chat = False
    store.save_chat(t)
    (loaded,) = store.load_open()
    assert (loaded.free_chat, loaded.host) == (False, 0)


# -- over real websockets ----------------------------------------------------
def ask(conn: Conn, msg: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Send ``msg`` with an id; its reply (ok or error), and the other messages read before it."""
    conn.send({**msg, "id": "ask"})
    others = []
    while True:
        got = conn.recv()
        if got["type"] in ("ok", "error") and got.get("id", "ask") == "ask":  # a message refused unread has no id
            return got, others
        others.append(got)


def lines_of(conn: Conn, n: int) -> list[dict[str, Any]]:
    return [conn.next("chat") for _ in range(n)]


def test_a_phrase_and_a_line_reach_every_person_with_the_senders_seat_and_name(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    status, cleo_seat = server.post(f"/api/tables/{t['table']}/join", {"name": "Cleo"})
    assert status == 200
    cleo = Conn(server.ws, t["table"], cleo_seat["token"])
    welcome = cleo.next("welcome")
    assert welcome["chat"] == {"free": True, "host": 0, "phrases": list(PHRASES), "max_text": MAX_TEXT, "lines": []}
    spectator = Conn(server.ws, t["table"])
    spectator.next("welcome")
    bob.send({"type": "chat", "phrase": "hi", "id": "c1"})
    first = ann.next("chat")  # in order: Bob's line first
    ann.send({"type": "chat", "text": " <b>Welcome</b>, all ", "id": 7})
    for conn in (ann, bob, cleo, spectator):
        hi, text = (first, conn.next("chat")) if conn is ann else lines_of(conn, 2)
        assert {k: hi[k] for k in ("seat", "name", "phrase", "n")} == {"seat": 1, "name": "Bob", "phrase": "hi", "n": 1}
        assert {k: text[k] for k in ("seat", "name", "text", "n")} == {"seat": 0, "name": "Ann", "text": "<b>Welcome</b>, all", "n": 2}
        assert set(hi) == LINE_FIELDS | {"phrase"} and set(text) == LINE_FIELDS | {"text"}
    assert any(m["type"] == "ok" and m["id"] == "c1" for m in bob.received)
    late = Conn(server.ws, t["table"], t["bob_token"])  # a reconnect reads the recent lines
    assert [line["n"] for line in late.next("welcome")["chat"]["lines"]] == [1, 2]
    for c in (ann, bob, cleo, spectator, late):
        c.close()


def test_chat_changes_nothing_of_the_game(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    assert ann.act({"type": "start"})["type"] == "ok"
    before = ann.sync()
    stored = server.store.actions(t["table"])
    reply, seen = ask(bob, {"type": "chat", "phrase": "gl"})
    assert reply == {"type": "ok", "v": 1, "seq": before["seq"], "id": "ask"} and seen[-1]["phrase"] == "gl"
    assert ann.next("chat")["phrase"] == "gl"
    after = ann.sync()
    assert after["seq"] == before["seq"] and server.store.actions(t["table"]) == stored
    assert set(seen[-1]) == LINE_FIELDS | {"phrase"}  # nothing of the game rides along


def test_spectators_read_but_do_not_talk(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    spectator = Conn(server.ws, t["table"])
    assert spectator.next("welcome")["chat"]["lines"] == []
    spectator.next("state")
    spectator.send({"type": "chat", "phrase": "gg", "id": 1})
    assert spectator.next("error")["code"] == "not_seated"
    spectator.send({"type": "chat_mode", "free": False, "id": 2})
    assert spectator.next("error")["code"] == "not_host"


def test_the_creator_turns_free_chat_off_and_on_and_it_outlives_a_restart(server: InProcessServer) -> None:
    t, ann, bob = two_players(server)
    bob.send({"type": "chat_mode", "free": False, "id": "x"})
    refused = bob.next("error")
    assert refused["code"] == "not_host" and refused["id"] == "x"
    bob.send({"type": "chat", "text": "before", "id": 1})
    bob.next("ok")
    reply, seen = ask(ann, {"type": "chat_mode", "free": False})
    assert reply["type"] == "ok"
    for mode in (seen[-1], bob.next("chat_mode")):
        assert (mode["type"], mode["free"], mode["host"]) == ("chat_mode", False, 0)
    bob.send({"type": "chat", "text": "after", "id": 2})
    assert bob.next("error")["code"] == "chat_off"
    bob.send({"type": "chat", "phrase": "oops", "id": 3})
    bob.next("ok")
    again = Conn(server.ws, t["table"], t["bob_token"])
    chat = again.next("welcome")["chat"]
    assert chat["free"] is False and [line.get("phrase") for line in chat["lines"]] == ["oops"]  # the text is forgotten
    (stored,) = [x for x in server.store.load_open() if x.id == t["table"]]
    assert stored.free_chat is False and stored.host == 0
    assert ask(ann, {"type": "chat_mode", "free": True})[0]["type"] == "ok"
    assert bob.next("chat_mode")["free"] is True


def test_a_table_made_with_free_chat_off_and_one_made_by_nobody_seated(server: InProcessServer) -> None:
    t = server.table(free_chat=False)
    ann = Conn(server.ws, t["table"], t["token"])
    assert ann.next("welcome")["chat"]["free"] is False
    ann.send({"type": "chat", "text": "hi", "id": 1})
    assert ann.next("error")["code"] == "chat_off"
    status, out = server.post("/api/tables", {"variant": "standard", "players": 4, "free_chat": "no"})
    assert status == 400 and "free_chat" in out["error"]["message"]
    nobody = server.table(name=None)
    status, joined = server.post(f"/api/tables/{nobody['table']}/join", {"name": "Dee"})
    dee = Conn(server.ws, nobody["table"], joined["token"])
    assert dee.next("welcome")["chat"]["host"] is None  # made with nobody seated: nobody may turn free chat off
    dee.send({"type": "chat_mode", "free": False, "id": 1})
    assert dee.next("error")["code"] == "not_host"
