"""Remote bot seats: a bot with an operator's token plays a seat over a real websocket.

Each test runs a real server on loopback, a person (``SeatClient``), house
bots and one remote bot written here as a plain websocket client that
answers ``decide`` requests (well, or as badly as a hostile bot would).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import websockets
from sqlalchemy import select

from hearts.bots.wire import view_to_json
from hearts.core import Rules, parse_card
from hearts.server.bot_tokens import BotTokens
from hearts.server.client import SeatClient
from hearts.server.store import tables_t
from hearts.server.table import Table

from .conftest import InProcessServer
from .test_leak import CARD_NAMES, Truth, card_strings, check_message
from .wsconn import Conn

SECRET = "test-secret-of-lowbot-0123456789"
TOKENS = BotTokens.parse([f"lowbot={SECRET}", f"other={SECRET}-2"])
#: seconds a remote bot has for each decision in these tests
MOVE = 0.4

Policy = Callable[["RemoteBot", dict[str, Any]], Awaitable[list[Any]]]


async def lowest(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
    """A well-behaved bot: passes its highest cards, plays its lowest legal card, adds on the moon."""
    view = msg["view"]
    if view["phase"] == "pass":
        hand = sorted(view["hand"], key=lambda c: parse_card(c) % 13)
        return [{"type": "action", "id": msg["id"], "cards": hand[-view["rules"]["pass_count"] :]}]
    if view["phase"] == "play":
        return [{"type": "action", "id": msg["id"], "card": view["legal"][0]}]
    return [{"type": "action", "id": msg["id"], "choice": "add"}]


@dataclass
class RemoteBot:
    """A remote bot's connection: says hello, answers each decide with ``policy``, keeps every message."""

    url: str
    table: str
    policy: Policy = lowest
    name: str = "lowbot"
    secret: str | None = SECRET
    seat: int | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    welcomed: asyncio.Event = field(default_factory=asyncio.Event)
    #: stop after this many decides (a bot that crashes): the connection is dropped
    crash_after: int | None = None
    closed_with: int | None = None
    tasks: list[asyncio.Future[None]] = field(default_factory=list)

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    async def run(self, timeout: float = 60.0) -> None:
        hello: dict[str, Any] = {"type": "hello", "v": 1, "table": self.table, "bot": self.name, "bot_token": self.secret}
        if self.seat is not None:
            hello["seat"] = self.seat
        async with websockets.connect(self.url) as ws:
            await ws.send(json.dumps(hello))
            try:
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                    self.messages.append(msg)
                    if msg["type"] == "welcome":
                        self.seat = msg["seat"]
                        self.welcomed.set()
                    elif msg["type"] == "end":
                        return
                    elif msg["type"] == "decide":
                        if self.crash_after is not None and len(self.of("decide")) > self.crash_after:
                            return  # the connection drops without an answer
                        self.tasks.append(asyncio.ensure_future(self.answer(ws, msg)))  # the reading goes on meanwhile
            except websockets.ConnectionClosed as closed:
                self.closed_with = closed.rcvd.code if closed.rcvd is not None else None
            finally:
                self.welcomed.set()
                for task in self.tasks:
                    task.cancel()

    async def answer(self, ws: Any, msg: dict[str, Any]) -> None:
        try:
            for out in await self.policy(self, msg):
                await ws.send(out if isinstance(out, str) else json.dumps(out))
        except websockets.ConnectionClosed:
            pass


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server that knows two bot tokens; house bots move at once, remote bots have MOVE seconds a decision."""
    s = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, grace=0.3, bot_workers=0, bot_tokens=TOKENS, bot_move_seconds=MOVE)
    s.hub.review = 0  # no score-sheet pause: the person here never reads it
    try:
        yield s
    finally:
        s.stop()


async def game(server: InProcessServer, bot: RemoteBot | None = None, *, table: str | None = None, token: str | None = None) -> SeatClient:
    """Seat ``bot`` at a new table of Ann's, then let Ann start and play it out with two house bots."""
    if table is None:
        t = server.table(target=30)
        table, token = t["table"], t["token"]
    bot = bot or RemoteBot(server.ws, table)
    bot.table = table
    running = asyncio.ensure_future(bot.run())
    await asyncio.wait_for(bot.welcomed.wait(), 10)
    assert bot.seat is not None, bot.messages
    ann = SeatClient(server.ws, table, token, seed=3, start=True)
    await asyncio.gather(ann.play(timeout=90), running)
    return ann


def table_row(server: InProcessServer, table_id: str) -> Any:
    with server.store.engine.connect() as conn:
        return conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().one()


def test_a_full_game_with_a_remote_bot_a_person_and_two_house_bots(server: InProcessServer) -> None:
    t = server.table(target=30)
    bot = RemoteBot(server.ws, t["table"])
    ann = asyncio.run(game(server, bot, table=t["table"], token=t["token"]))
    assert ann.state is not None and ann.state["game_over"] and ann.errors == []
    assert bot.seat == 1 and bot.messages[0] == {"type": "welcome", "v": 1, "seat": 1, "name": "lowbot", "bot": True, "seconds": MOVE}
    start = bot.of("start")
    assert len(start) == 1 and start[0]["seat"] == 1 and start[0]["protocol"] == "hearts-bot/1" and start[0]["seconds"] == MOVE
    assert bot.of("error") == [] and len(bot.of("ok")) == len(bot.of("decide")) > 20
    assert bot.messages[-1]["type"] == "end"
    # the seats as everyone sees them: Ann, the remote bot (a bot, marked remote), two house bots
    seats = ann.state["table"]["seats"]
    assert [(s["name"], s["kind"], s["remote"]) for s in seats] == [
        ("Ann", "human", False),
        ("lowbot", "bot", True),
        ("Ada", "bot", False),
        ("Ben", "bot", False),
    ]
    # every action of seat 1 was the remote bot's own (the house bot never stepped in)
    log = server.store.actions(t["table"])
    mine = [e for e in log if e["seat"] == 1 and e["kind"] != "start"]
    assert len(mine) == len(bot.of("ok"))
    status, record = server.get(f"/api/games/{t['table']}/record")
    assert status == 200 and [p["bot"] for p in record["players"]] == [None, "remote:lowbot", "medium", "medium"]


def test_the_lobby_and_the_table_mark_the_remote_bot(server: InProcessServer) -> None:
    t = server.table()

    async def seat_and_look() -> tuple[Any, Any]:
        bot = RemoteBot(server.ws, t["table"], seat=2)
        running = asyncio.ensure_future(bot.run(timeout=5))
        await asyncio.wait_for(bot.welcomed.wait(), 10)
        _, info = await asyncio.to_thread(server.get, f"/api/tables/{t['table']}")
        _, lobby = await asyncio.to_thread(server.get, "/api/tables")
        running.cancel()
        return info, lobby

    info, lobby = asyncio.run(seat_and_look())
    assert info["seats"][2] == {
        "seat": 2,
        "name": "lowbot",
        "kind": "bot",
        "remote": True,
        "connected": True,
        "away": False,
        "joinable": False,
        "kept": False,
    }
    assert info["seats"][1]["kind"] == "open" and info["seats"][1]["remote"] is False
    listed = next(x for x in lobby["tables"] if x["id"] == t["table"])
    assert listed["seats"][2]["remote"] is True
    # a person cannot take the bot's seat
    status, out = server.post(f"/api/tables/{t['table']}/join", {"name": "Eve", "seat": 2})
    assert status == 409 and out["error"]["code"] == "seat_taken"


def replayed_views(server: InProcessServer, table_id: str, seat: int) -> tuple[Truth, dict[int, dict[str, Any]]]:
    """What the seat may know after each action, rebuilt from the stored log: the leak test's truth, and the seat's view."""
    log = server.store.actions(table_id)
    row = table_row(server, table_id)
    rules = Rules.from_dict(json.loads(row["rules"]))

    def fresh() -> Table:
        return Table.new(table_id, rules, level=row["level"], turn_seconds=0, secret=row["secret"])

    truth = Truth(fresh(), log)
    views: dict[int, dict[str, Any]] = {}
    table = fresh()
    for entry in log:
        table.apply({k: v for k, v in entry.items() if k != "seq"})
        assert table.game is not None
        views[table.seq] = view_to_json(table.game.view(seat))
    return truth, views


def test_a_remote_bot_never_sees_another_seats_cards(server: InProcessServer) -> None:
    t = server.table(target=40)
    bot = RemoteBot(server.ws, t["table"])
    asyncio.run(game(server, bot, table=t["table"], token=t["token"]))
    seat = bot.seat
    assert seat is not None
    truth, views = replayed_views(server, t["table"], seat)
    decides = states = 0
    for msg in bot.messages:
        if msg["type"] == "decide":
            decides += 1
            snap = truth.at[msg["seq"]]
            view = msg["view"]
            assert view == views[msg["seq"]]  # exactly the seat's SeatView at that moment, nothing more
            assert sorted(view["hand"], key=parse_card) == snap["own"][seat]
            if view["passed"] is not None:
                assert sorted(view["passed"], key=parse_card) == snap["passes"][seat]
            assert (view["received"] is None) == (snap["received"][seat] is None)
            if view["received"] is not None:
                assert sorted(view["received"], key=parse_card) == snap["received"][seat]
            played = [c for trick in view["tricks"] for c in trick["cards"]] + view["trick"]
            assert played == snap["played"]
            assert view["kitty"] is None
            known = set(snap["own"][seat]) | set(snap["passes"][seat] or []) | set(snap["received"][seat] or []) | set(played)
            seen = {card for _, card in card_strings(view)}
            assert seen <= known, seen - known
            assert not {c for _, c in card_strings({k: v for k, v in msg.items() if k != "view"})}
        elif msg["type"] == "state":
            states += 1
            check_message(msg, seat, truth)
        else:
            assert not card_strings(msg) or msg["type"] == "error", msg
    assert decides > 20 and states > 50


async def hostile(server: InProcessServer, policy: Policy, **options: Any) -> tuple[RemoteBot, SeatClient]:
    t = server.table(target=30)
    bot = RemoteBot(server.ws, t["table"], policy=policy, **options)
    started = time.monotonic()
    ann = await game(server, bot, table=t["table"], token=t["token"])
    assert time.monotonic() - started < 80
    assert ann.state is not None and ann.state["game_over"], "the game went on and finished"
    assert ann.errors == []
    return bot, ann


def test_a_slow_bot_loses_each_late_decision_to_the_house_bot_and_is_unseated(server: InProcessServer) -> None:
    async def slow(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
        await asyncio.sleep(MOVE + 1.0)
        return await lowest(bot, msg)  # too late: refused, the house bot made it

    bot, ann = asyncio.run(hostile(server, slow))
    codes = [m["code"] for m in bot.of("error")]
    assert codes.count("timeout") == 3, codes
    assert "unseated" in codes and bot.closed_with == 4410
    assert ann.state is not None
    seat = ann.state["table"]["seats"][bot.seat or 0]
    assert (seat["name"], seat["kind"], seat["remote"]) == ("lowbot", "bot", False)  # a house bot plays it now


def test_illegal_and_malformed_answers_are_faults_and_the_game_goes_on(server: InProcessServer) -> None:
    async def unruly(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
        view, n = msg["view"], msg["id"]
        bad: list[Any] = [
            {"type": "action", "id": n, "card": "ZZ", "cards": [1, 2], "choice": 7},  # not cards at all
            {"type": "action", "id": n, "cards": view["hand"][:1], "card": next(c for c in sorted(CARD_NAMES) if c not in view["hand"])},
        ]
        if n % 3 == 0:
            return await lowest(bot, msg)  # every third answer is good: never three faults in a row
        return ["not json", {"type": "action", "id": n + 1000, "card": "2C"}, bad[n % 3 - 1]]

    bot, _ = asyncio.run(hostile(server, unruly))
    codes = [m["code"] for m in bot.of("error")]
    assert "bad_json" in codes and "not_now" in codes  # not JSON; an answer to no pending decision: refused, no fault
    assert "illegal" in codes or "bad_message" in codes
    assert "unseated" in codes  # ten faults at one table
    assert len(bot.of("ok")) >= 3


def test_a_crashing_bot_is_played_by_the_house_bot_until_it_comes_back(server: InProcessServer) -> None:
    t = server.table(target=80)

    async def run() -> tuple[RemoteBot, RemoteBot, SeatClient]:
        first = RemoteBot(server.ws, t["table"], crash_after=3)
        running = asyncio.ensure_future(first.run())
        await asyncio.wait_for(first.welcomed.wait(), 10)
        ann = SeatClient(server.ws, t["table"], t["token"], seed=5, start=True)
        playing = asyncio.ensure_future(ann.play(timeout=90))
        await running  # the bot drops its connection at its 4th decision
        await asyncio.sleep(0.1)
        again = RemoteBot(server.ws, t["table"])  # the same bot, back: its seat again
        await asyncio.gather(playing, again.run())
        return first, again, ann

    first, again, ann = asyncio.run(run())
    assert ann.state is not None and ann.state["game_over"] and ann.errors == []
    assert first.seat == again.seat == 1
    assert again.messages[0]["seat"] == 1 and again.of("start") and again.of("decide")
    assert again.messages[-1]["type"] == "end"
    answered = len(first.of("ok")) + len(again.of("ok"))
    played = [e for e in server.store.actions(t["table"]) if e["seat"] == 1 and e["kind"] != "start"]
    assert answered < len(played)  # the house bot played the seat while the bot was gone


def test_a_flooding_bot_is_cut_off_and_the_game_goes_on(server: InProcessServer) -> None:
    async def flood(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
        return [{"type": "ping"}] * 300

    bot, ann = asyncio.run(hostile(server, flood))
    assert bot.closed_with == 4429
    assert any(m["type"] == "error" and m["code"] == "rate_limited" for m in bot.messages)


@pytest.mark.parametrize(
    ("name", "secret"),
    [("lowbot", "wrong-secret-wrong-secret"), ("lowbot", None), ("lowbot", ""), ("nobody", SECRET), ("other", SECRET), (None, SECRET)],
)
def test_a_wrong_or_missing_bot_token_is_refused(server: InProcessServer, name: str | None, secret: str | None) -> None:
    t = server.table()
    conn = Conn(server.ws)
    conn.send({"type": "hello", "v": 1, "table": t["table"], "bot": name, "bot_token": secret})
    err = conn.next("error")
    assert err["code"] == "unauthorized"
    assert SECRET not in json.dumps(err)
    _, info = server.get(f"/api/tables/{t['table']}")
    assert [s["kind"] for s in info["seats"]] == ["human", "open", "open", "open"]


def test_a_server_without_bot_tokens_takes_no_bot(tmp_path: Path) -> None:
    srv = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, bot_workers=0)
    try:
        t = srv.table()
        conn = Conn(srv.ws)
        conn.send({"type": "hello", "v": 1, "table": t["table"], "bot": "lowbot", "bot_token": SECRET})
        assert conn.next("error")["code"] == "unauthorized"
    finally:
        srv.stop()


def test_where_a_bot_may_sit(server: InProcessServer) -> None:
    t = server.table()
    hello = {"type": "hello", "v": 1, "table": t["table"], "bot": "lowbot", "bot_token": SECRET}
    taken = Conn(server.ws)
    taken.send({**hello, "seat": 0})  # Ann's seat
    assert taken.next("error")["code"] == "seat_taken"
    bot = Conn(server.ws)
    bot.send({**hello, "seat": 3})
    assert bot.next("welcome")["seat"] == 3
    again = Conn(server.ws)  # the same bot again: the same seat, and the older connection is replaced
    again.send(hello)
    assert again.next("welcome")["seat"] == 3
    assert bot.next("error")["code"] == "replaced"
    other = Conn(server.ws)
    other.send({**hello, "seat": 2})  # it holds seat 3 already
    assert other.next("error")["code"] == "already_seated"
    # a person's hello with a seat, or a bot's message that is not an action
    person = Conn(server.ws)
    person.send({"type": "hello", "v": 1, "table": t["table"], "token": t["token"], "seat": 1})
    assert person.next("error")["code"] == "bad_message"
    again.send({"type": "start", "seq": 0})  # a bot starts only a table of bots alone: a person sits here
    assert again.next("error")["code"] == "not_now"
    again.send({"type": "hint"})
    assert again.next("error")["code"] == "bad_message"
    again.send({"type": "action", "id": 1, "card": "2C"})
    assert again.next("error")["code"] == "not_now"
    # once the game has started, a bot takes no new seat
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    late = Conn(server.ws)
    late.send({**hello, "bot": "other", "bot_token": f"{SECRET}-2"})
    assert late.next("error")["code"] == "not_now"


def test_the_tokens_file_and_the_environment_of_hearts_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from .conftest import ServerProcess

    (tmp_path / "bots.txt").write_text(f"# the bots of this server\nlowbot={SECRET}\n\n", encoding="utf-8")
    monkeypatch.setenv("HEARTS_BOT_TOKENS", f"other={SECRET}-2")
    srv = ServerProcess(tmp_path / "h.db", "--bot-delay", "0", "--bot-tokens-file", str(tmp_path / "bots.txt"), "--bot-workers", "0")
    srv.start()
    try:
        t = srv.table()
        for seat, (name, secret) in enumerate([("lowbot", SECRET), ("other", f"{SECRET}-2")], start=1):
            conn = Conn(srv.ws)
            conn.send({"type": "hello", "v": 1, "table": t["table"], "bot": name, "bot_token": secret})
            assert conn.next("welcome")["seat"] == seat
        wrong = Conn(srv.ws)
        wrong.send({"type": "hello", "v": 1, "table": t["table"], "bot": "lowbot", "bot_token": f"{SECRET}-2"})
        assert wrong.next("error")["code"] == "unauthorized"
    finally:
        srv.kill()
    assert SECRET not in srv.output()


def test_bot_tokens_are_kept_as_hashes_and_never_shown() -> None:
    tokens = BotTokens.gather([f"a={SECRET}"], env={"HEARTS_BOT_TOKENS": f" b={SECRET}-b \n c={SECRET}-c "})
    assert tokens.names() == ["a", "b", "c"]
    assert tokens.check("b", f"{SECRET}-b") and not tokens.check("b", f"{SECRET}-c") and not tokens.check("d", SECRET)
    assert SECRET not in repr(tokens) and SECRET not in repr(vars(tokens))
    with pytest.raises(ValueError, match="given twice"):
        BotTokens.gather([f"a={SECRET}"], env={"HEARTS_BOT_TOKENS": f"a={SECRET}"})


def test_a_bot_seat_survives_a_restart(tmp_path: Path) -> None:
    from .conftest import ServerProcess

    srv = ServerProcess(tmp_path / "h.db", "--bot-delay", "0", "--bot-workers", "0", "--bot-token", f"lowbot={SECRET}")
    srv.start()
    try:
        t = srv.table()
        hello = {"type": "hello", "v": 1, "table": t["table"], "bot": "lowbot", "bot_token": SECRET}
        bot = Conn(srv.ws)
        bot.send(hello)
        assert bot.next("welcome")["seat"] == 1
        ann = Conn(srv.ws, t["table"], t["token"])
        ann.next("state")
        assert ann.act({"type": "start"})["type"] == "ok"
        assert bot.next("decide")["view"]["phase"] == "pass"
        srv.kill()  # kill -9: what was stored is all there is
        srv.start()
        again = Conn(srv.ws)
        again.send(hello)
        assert again.next("welcome")["seat"] == 1
        seats = again.next("state")["table"]["seats"]
        assert (seats[1]["name"], seats[1]["kind"], seats[1]["remote"], seats[1]["connected"]) == ("lowbot", "bot", True, True)
    finally:
        srv.kill()
    assert SECRET not in srv.output()


def linked_game(tmp_path: Path, spec: str) -> tuple[int, str, list[dict[str, Any]], SeatClient]:
    """``botlink`` seats ``spec`` as lowbot at seat 1 of Ann's table, and Ann plays the game out with it and two house
    bots: botlink's exit status and what it printed, seat 1's stored actions, and Ann's client."""
    import os
    import subprocess
    import sys

    # the default 5 s a move: the program starts within its first decision, which takes a while on a loaded machine
    server = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, bot_workers=0, bot_tokens=TOKENS)
    server.hub.review = 0
    t = server.table(target=30)
    env = {**os.environ, "HEARTS_BOT_SECRET": SECRET}
    cmd = [sys.executable, "-m", "hearts.server.botlink", server.ws, t["table"], spec, "--bot", "lowbot"]
    link = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(200):
            _, info = server.get(f"/api/tables/{t['table']}")
            if info["seats"][1]["remote"] and info["seats"][1]["connected"]:
                break
            time.sleep(0.05)
        ann = SeatClient(server.ws, t["table"], t["token"], seed=3, start=True)
        asyncio.run(ann.play(timeout=90))
        code = link.wait(30)
        mine = [e for e in server.store.actions(t["table"]) if e["seat"] == 1 and e["kind"] != "start"]
    finally:
        link.kill()
        server.stop()
    assert link.stderr is not None
    return code, link.stderr.read(), mine, ann


def test_an_exec_bot_plays_on_the_server_through_botlink(tmp_path: Path) -> None:
    """The example bot of write-a-bot.md, unchanged, plays a whole game at a server table."""
    import sys

    example = Path(__file__).resolve().parents[2] / "examples" / "bots" / "lowest.py"
    code, said, mine, ann = linked_game(tmp_path, f"exec:{sys.executable} {example}")
    assert code == 0
    assert "lowbot holds seat 1" in said and "the game is over" in said and SECRET not in said
    assert ann.state is not None and ann.state["game_over"]
    assert mine and "timeout" not in said and "illegal" not in said  # every move of seat 1 was the program's


def test_botlink_reports_its_programs_crash_to_the_server_and_stops(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A program that crashes at its third decision: botlink tells the server (a fault: the house bot makes the move,
    the bot gets the error), prints the fault and exits 1; the game goes on."""
    import sys

    caplog.set_level(logging.INFO, logger="hearts.server")
    program = Path(__file__).resolve().parents[1] / "bots" / "programs" / "faulty.py"
    code, said, mine, ann = linked_game(tmp_path, f"exec:{sys.executable} {program} crash 3")
    assert code == 1
    assert "the bot's program failed: crash" in said and SECRET not in said
    assert ann.state is not None and ann.state["game_over"]
    assert len(mine) > 3  # the game went on: the house bot plays the seat once botlink has gone
    reported = [r.getMessage() for r in caplog.records if "reports a fault" in r.getMessage()]
    assert len(reported) == 1 and "crash" in reported[0], reported  # the server heard of the fault


def test_reported_faults_count_at_once_and_unseat_the_bot(server: InProcessServer) -> None:
    async def failing(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
        return [{"type": "fault", "id": msg["id"], "kind": "crash", "message": "<b>segfault</b>"}]

    bot, ann = asyncio.run(hostile(server, failing))
    codes = [m["code"] for m in bot.of("error")]
    assert codes.count("fault") == 3 and "unseated" in codes and bot.closed_with == 4410, codes
    assert "timeout" not in codes  # each fault counted when it was said, not after the bot's time ran out
    assert ann.state is not None and all("segfault" not in json.dumps(m) for m in ann.messages)  # told to nobody else


def test_a_fault_report_for_no_pending_decision_is_refused(server: InProcessServer) -> None:
    async def confused(bot: RemoteBot, msg: dict[str, Any]) -> list[Any]:
        return [{"type": "fault", "id": msg["id"] + 100, "kind": "crash"}, {"type": "fault", "id": msg["id"], "kind": "oops"}] + (
            await lowest(bot, msg)
        )

    bot, _ = asyncio.run(hostile(server, confused))
    codes = [m["code"] for m in bot.of("error")]
    assert "not_now" in codes and "bad_message" in codes and "fault" not in codes  # nothing counted against it
    assert len(bot.of("ok")) > 10


def test_a_table_of_bots_alone_is_started_by_one_of_its_bots(tmp_path: Path) -> None:
    """A bot tournament: a table made with nobody seated, three remote bots through botlink, one with --start; the
    game is played to its end by the bots alone. Where a person sits, a bot's start is refused."""
    import os
    import subprocess
    import sys

    names = ("b1", "b2", "b3")
    tokens = BotTokens.parse([f"{n}={SECRET}-{n}" for n in names])
    server = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, bot_workers=0, bot_tokens=tokens)
    server.hub.review = 0
    t = server.table(name=None, players=3, target=20)
    links = []
    try:
        for i, n in enumerate(names):
            cmd = [sys.executable, "-m", "hearts.server.botlink", server.ws, t["table"], "heuristic", "--bot", n]
            env = {**os.environ, "HEARTS_BOT_SECRET": f"{SECRET}-{n}"}
            links.append(subprocess.Popen([*cmd, *(["--start"] if i == 2 else [])], env=env, stderr=subprocess.PIPE, text=True))
        codes = [link.wait(90) for link in links]
        row = table_row(server, t["table"])
        log = server.store.actions(t["table"])
    finally:
        for link in links:
            link.kill()
        server.stop()
    said = [link.stderr.read() for link in links if link.stderr is not None]
    assert codes == [0, 0, 0], said
    assert "starting the table" in said[2] and all("the game is over" in s for s in said)
    assert row["status"] == "finished" and log[0]["kind"] == "start" and log[0]["by"] == "bot"  # b3's, whichever its seat
    assert {e["by"] for e in log[1:]} == {"bot"} and json.loads(row["result"])["humans"] == []


def test_a_bots_start_is_refused_where_a_person_sits(server: InProcessServer) -> None:
    t = server.table(target=30)  # Ann sits at seat 0

    async def run() -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        async with websockets.connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "table": t["table"], "bot": "lowbot", "bot_token": SECRET}))
            while not any(m["type"] == "state" for m in got):
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
            await ws.send(json.dumps({"type": "start", "seq": 0, "id": "go"}))
            while got[-1]["type"] != "error":
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        return got

    got = asyncio.run(run())
    assert got[-1]["code"] == "not_now" and got[-1]["id"] == "go" and "person" in got[-1]["message"]
    _, info = server.get(f"/api/tables/{t['table']}")
    assert info["status"] == "waiting"


def test_botlink_without_a_secret_or_with_a_bad_spec_is_one_line() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "HEARTS_BOT_SECRET"}
    cmd = [sys.executable, "-m", "hearts.server.botlink", "ws://127.0.0.1:1/ws", "T", "heuristic", "--bot", "lowbot"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "HEARTS_BOT_SECRET" in done.stderr
    done = subprocess.run(
        [*cmd[:5], "no-such-bot", "--bot", "lowbot"], env={**env, "HEARTS_BOT_SECRET": SECRET}, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_workers_get_the_tokens_through_the_environment_not_their_command_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse
    import os

    from hearts.server.cli import add_arguments, bot_tokens_of
    from hearts.server.supervisor import worker_argv

    monkeypatch.setenv("HEARTS_BOT_TOKENS", "")  # restored after the test
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--workers", "2", "--bot-token", f"lowbot={SECRET}", "--bot-move-seconds", "2"])
    tokens = bot_tokens_of(args)
    assert tokens is not None and tokens.check("lowbot", SECRET)
    argv = worker_argv(args, 1)
    assert not any(SECRET in word for word in argv) and "--bot-move-seconds" in argv
    assert os.environ["HEARTS_BOT_TOKENS"] == f"lowbot={SECRET}"
    assert BotTokens.gather(env=os.environ).check("lowbot", SECRET)  # what a worker reads
