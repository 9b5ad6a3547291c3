"""The page's table host (hearts.web.host): the lobby's requests and protocol v1, as the server answers them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts.bots import make_bot
from hearts.core import parse_card
from hearts.record import loads_record, replay
from hearts.web.host import FORMAT, KEEP_FINISHED, PageHost


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Page:
    """The web client's side of one page: a host, one connection, the last state it was sent."""

    def __init__(self, host: PageHost, clock: Clock) -> None:
        self.host, self.clock = host, clock
        self.conn = 0
        self.state: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.saved: str | None = None

    def take(self, out: Any) -> list[dict[str, Any]]:
        got = [json.loads(m) for m in out.messages.get(self.conn, [])]
        for m in got:
            if m["type"] == "state":
                self.state = m
            if m["type"] == "error":
                self.errors.append(m)
        if self.conn in out.close:
            self.closed = out.close[self.conn]
        if out.save is not None:
            self.saved = out.save
        return got

    def api(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        out = self.host.request(method, path, None if body is None else json.dumps(body))
        if out.save is not None:
            self.saved = out.save
        return out.status, json.loads(out.body)

    def connect(self, table: str, token: str | None) -> list[dict[str, Any]]:
        self.conn = self.host.open()
        return self.take(self.host.receive(self.conn, json.dumps({"type": "hello", "v": 1, "table": table, "token": token})))

    def send(self, **msg: Any) -> list[dict[str, Any]]:
        if msg["type"] in ("start", "pass", "play", "moon", "claim", "undo", "unpass"):
            msg.setdefault("seq", self.state["seq"])
        return self.take(self.host.receive(self.conn, json.dumps(msg)))

    def run_bots(self, limit: int = 400) -> None:
        """Tick (moving the clock on) while the bots have something to do and it is not our turn."""
        for _ in range(limit):
            out = self.host.tick()
            self.take(out)
            if out.wake is None or self.my_turn() or self.state["turn"]["review"]:
                return
            self.clock.now += out.wake

    def my_turn(self) -> bool:
        s = self.state
        return bool(s and s["you"] and s["you"]["seat"] in s["turn"]["seats"] and not s["turn"]["review"])


def new_game(players: int = 4, variant: str = "standard", **extra: Any) -> tuple[Page, str, str]:
    clock = Clock()
    page = Page(PageHost(bot_delay=0.5, clock=clock), clock)
    status, made = page.api("POST", "/api/tables", {"variant": variant, "players": players, "level": "easy", "name": "Ann", **extra})
    assert status == 201, made
    return page, made["table"], made["token"]


def our_move(page: Page) -> None:
    """Our seat's move now: its first cards passed, the moon added, or its first legal card played."""
    hand = page.state["hand"]
    if hand["phase"] == "pass":
        page.send(type="pass", cards=hand["cards"][: page.state["table"]["rules"]["pass_count"]])
    elif hand["phase"] == "moon":
        page.send(type="moon", choice="add")
    else:
        page.send(type="play", card=hand["legal"][0])


def play_to_the_end(page: Page, hands: int = 1000) -> None:
    """Our seat plays its lowest legal card (passes its three lowest, adds a moon) until the game is over."""
    for _ in range(hands * 60):
        if page.state["game_over"]:
            return
        page.run_bots()
        s = page.state
        if s["game_over"]:
            return
        if s["turn"]["review"]:
            page.send(type="ready")
            continue
        our_move(page)
        assert not page.errors, page.errors
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_bots_is_recorded_and_counted() -> None:
    page, table, token = new_game(target=30)
    seats = page.api("GET", f"/api/tables/{table}")[1]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"] and seats[0]["name"] == "Ann"  # the bots sit at once
    got = page.connect(table, token)
    assert [m["type"] for m in got] == ["welcome", "state"] and page.state["you"]["seat"] == 0
    page.send(type="start")
    assert page.state["table"]["status"] == "playing"
    play_to_the_end(page)
    assert page.state["table"]["status"] == "finished"
    status, games = page.api("GET", "/api/games")
    assert status == 200 and [g["id"] for g in games["games"]] == [table]
    status, record = page.api("GET", f"/api/games/{table}/record")
    assert status == 200
    out = replay(loads_record(json.dumps(record)))  # the record replays and its deals check out
    assert out["ok"] and out["scores"] == page.state["scores"] and out["deals"]["verified"], out
    status, stats = page.api("GET", "/api/stats")
    assert stats["games"] == 1 and stats["wins"] == int(0 in page.state["winners"])
    assert page.api("GET", "/api/me")[1]["page"] is True  # the page's one person: no account, no tables elsewhere
    assert page.api("GET", "/api/tables")[1] == {"tables": []}


def test_the_person_sees_only_their_own_cards() -> None:
    page, table, token = new_game()
    page.connect(table, token)
    page.send(type="start")
    host = page.host
    for _ in range(30):
        hand = page.state["hand"]
        truth = host.tables[table].game.hand  # type: ignore[union-attr]
        assert truth is not None
        assert sorted(map(parse_card, hand["cards"])) == sorted(truth.hand_cards(0))
        text = json.dumps(page.state)
        others = {c for seat in range(1, 4) for c in truth.hand_cards(seat)}
        shown = {parse_card(c) for c in hand["cards"]} | {parse_card(p["card"]) for p in (hand["trick"] or {}).get("plays", [])}
        assert not (others & shown)
        assert '"secret"' not in text and host.tables[table].secret not in text
        if hand["phase"] == "pass":
            page.send(type="pass", cards=hand["cards"][:3])
        elif page.my_turn():
            page.send(type="play", card=hand["legal"][0])
        page.run_bots()


def test_a_reload_carries_on_exactly_where_it_was() -> None:
    page, table, token = new_game()
    page.connect(table, token)
    page.send(type="start")
    page.send(type="pass", cards=page.state["hand"]["cards"][:3])
    page.run_bots()
    before = page.state
    assert page.saved is not None and json.loads(page.saved)["format"] == FORMAT
    clock = Clock()
    again = Page(PageHost(page.saved, bot_delay=0.5, clock=clock), clock)
    again.connect(table, token)
    for key in ("seq", "scores", "hand", "hands"):
        assert again.state[key] == before[key], key
    play_to_the_end(again)


def test_undo_claim_and_hint() -> None:
    page, table, token = new_game()
    page.connect(table, token)
    page.send(type="start")
    page.send(type="pass", cards=page.state["hand"]["cards"][:3])
    page.run_bots()
    got = page.send(type="hint", id=5)
    hint = [m for m in got if m["type"] == "hint"][0]
    assert hint["id"] == 5 and hint["action"]["kind"] == "play" and hint["action"]["card"] in page.state["hand"]["legal"]
    seq = page.state["seq"]
    page.send(type="play", card=page.state["hand"]["legal"][0])
    page.run_bots()
    assert page.state["hand"]["can_undo"]
    page.send(type="undo")
    assert page.state["seq"] <= seq and page.my_turn()
    refused = page.send(type="claim")
    assert refused[0]["type"] == "error" and refused[0]["code"] == "not_now"


def test_the_bots_wait_while_the_score_sheet_is_read() -> None:
    page, table, token = new_game(target=200)
    page.connect(table, token)
    page.send(type="start")
    for _ in range(400):
        page.run_bots()
        if page.state["turn"]["review"]:
            break
        our_move(page)
    review = page.state["turn"]["review"]
    assert review and review["ready"] == [] and len(page.state["hands"]) == 1
    seq = page.state["seq"]
    assert page.host.tick().messages == {}  # nothing moves while the sheet is read
    page.send(type="ready")
    assert page.state["turn"]["review"] is None and page.state["seq"] == seq


def test_bad_requests_get_the_servers_errors() -> None:
    page, table, token = new_game()
    assert page.api("POST", "/api/tables", {"variant": "standard", "players": 9, "name": "Ann"})[0] == 400
    assert page.api("POST", "/api/tables", {"variant": "standard", "players": 4})[1]["error"]["code"] == "bad_request"
    assert page.api("POST", "/api/tables", {"variant": "standard", "players": 4, "name": "Ann", "level": "expert"})[0] == 400
    assert page.api("POST", f"/api/tables/{table}/join", {"name": "Bo"})[1]["error"]["code"] == "seat_taken"
    assert page.api("GET", "/api/tables/nope")[0] == 404
    assert page.api("GET", f"/api/games/{table}/record")[1]["error"]["code"] == "not_finished"
    assert page.host.request("POST", "/api/tables", "{not json").status == 400
    page.connect(table, "not-the-token")
    assert page.closed == 4401
    page.connect(table, token)
    for raw in (
        "{",
        '{"type": "play", "card": "QS"}',
        '{"type": "fly", "seq": 1}',
        json.dumps({"type": "play", "card": "ZZ", "seq": 0}),
        '{"type": "again"}',  # the server's playing again together: in the page, a new table instead
        '{"type": "fault", "kind": "crash"}',
    ):
        got = page.take(page.host.receive(page.conn, raw))
        assert got and got[0]["type"] == "error", raw
    page.send(type="play", card="2C")
    assert page.errors[-1]["code"] == "not_now"  # the game has not started: nothing changed
    assert page.host.tables[table].seq == 0


DAMAGED = ["", "{", '{"format": "other"}', json.dumps({"format": FORMAT, "tables": [{"id": "x"}], "finished": [1]})]


@pytest.mark.parametrize("saved", DAMAGED)
def test_damaged_saves_start_afresh_with_a_reason(saved: str) -> None:
    host = PageHost(saved or None)
    assert host.tables == {} and host.finished == []
    assert bool(host.problems) == bool(saved)


def test_a_second_connection_replaces_the_first() -> None:
    page, table, token = new_game()
    page.connect(table, token)
    first = page.conn
    second = page.host.open()
    out = page.host.receive(second, json.dumps({"type": "hello", "v": 1, "table": table, "token": token}))
    assert out.close == {first: 4409}


def test_old_finished_games_make_room() -> None:
    host = PageHost()
    host.finished = [{"id": str(i), "rules": {}, "finished": 0.0, "result": {}, "record": "{}"} for i in range(KEEP_FINISHED)]
    page, table, token = new_game(target=10)
    page.host.finished = host.finished
    page.connect(table, token)
    page.send(type="start")
    play_to_the_end(page)
    assert len(page.host.finished) == KEEP_FINISHED and page.host.finished[-1]["id"] == table


@pytest.mark.parametrize(("variant", "players"), [("standard", 3), ("omnibus", 5), ("cancellation", 8), ("cancellation", 11)])
def test_every_table_plays_a_hand(variant: str, players: int) -> None:
    page, table, token = new_game(players, variant, target=2000)
    page.connect(table, token)
    page.send(type="start")
    for _ in range(300):
        page.run_bots()
        if len(page.state["hands"]) >= 1:
            break
        if page.my_turn():
            our_move(page)
        assert not page.errors, page.errors
    assert len(page.state["hands"]) == 1


def test_the_score_sheet_pause_ends_by_itself_and_the_turn_timer_moves_for_the_person() -> None:
    page, table, token = new_game(target=200, turn_seconds=10)
    page.connect(table, token)
    page.send(type="start")
    assert page.state["turn"]["deadline"] == int((page.clock.now + 10) * 1000)
    page.clock.now += 10
    page.take(page.host.tick())  # out of time: the bot passes for the person
    assert page.state["hand"]["passed"] is not None and page.host.tables[table].log[-1]["by"] == "timer"
    for _ in range(2000):
        out = page.host.tick()
        page.take(out)
        if page.state["turn"]["review"]:
            break
        page.clock.now += out.wake or 0
    until = page.state["turn"]["review"]["until"] / 1000
    page.clock.now = until
    page.take(page.host.tick())
    assert page.state["turn"]["review"] is None and page.state["turn"]["deadline"] == int((until + 10) * 1000)


def test_a_visit_without_the_token_watches_the_public_view() -> None:
    page, table, token = new_game()
    page.connect(table, token)
    page.send(type="start")
    watcher = Page(page.host, page.clock)
    got = watcher.connect(table, None)
    assert got[0]["type"] == "welcome" and got[0]["seat"] is None
    assert watcher.state["you"] is None and watcher.state["hand"]["cards"] == []
    watcher.send(type="play", card="2C", seq=watcher.state["seq"])
    assert watcher.errors[-1]["code"] == "not_seated"
    assert watcher.closed is None and page.closed is None


def test_a_table_in_the_page_has_no_chat() -> None:
    page, table, token = new_game(free_chat=False)  # the same create request as the server's is accepted
    welcome = page.connect(table, token)[0]
    assert welcome["type"] == "welcome" and "chat" not in welcome  # the client shows no talk panel
    for msg in ({"type": "chat", "phrase": "gg"}, {"type": "chat_mode", "free": True}):
        page.send(**msg)
        assert page.errors[-1]["code"] == "not_now"
    assert page.host.tables[table].seq == 0


def test_a_guided_hand_in_the_page_carries_the_coachs_notes() -> None:
    clock = Clock()
    page = Page(PageHost(bot_delay=0.5, clock=clock), clock)
    status, made = page.api("POST", "/api/tables", {"guide": True, "name": "Ann"})
    assert status == 201, made
    page.connect(made["table"], made["token"])
    page.send(type="start")
    assert page.state["table"]["guide"] is True and page.state["hand"]["guide"] == "pass"
    seen = ["pass"]
    while page.state["hand"]["number"] == 1:
        page.run_bots()
        note = page.state["hand"]["guide"]
        if note is not None and note != seen[-1]:
            seen.append(note)
        if page.state["turn"]["review"]:
            page.send(type="ready")
        elif page.my_turn():
            our_move(page)
    assert page.state["hand"]["guide"] == "score"
    assert (
        seen[:2] == ["pass", "first_trick"] and "follow" in seen
    )  # our_move passed the two of clubs away and len(seen) == len(set(seen)), seen
    again = PageHost.from_page(json.dumps({"saved": page.saved}))  # a reload keeps the table guided
    assert again.tables[made["table"]].guide is True


def test_each_seats_bot_is_built_once_a_game_and_again_after_an_undo() -> None:
    built: list[tuple[str, int]] = []
    moves: list[int] = []

    def factory(spec: str, seed: int) -> Any:
        bot = make_bot(spec, seed=seed)
        built.append((spec, seed))
        act = bot.act

        def counted(view: Any) -> Any:
            moves.append(view.seat)
            return act(view)

        bot.act = counted  # type: ignore[method-assign]
        return bot

    clock = Clock()
    page = Page(PageHost(bot_delay=0.5, clock=clock, factory=factory), clock)
    status, made = page.api("POST", "/api/tables", {"variant": "standard", "players": 4, "level": "easy", "name": "Ann", "target": 30})
    assert status == 201
    page.connect(made["table"], made["token"])
    page.send(type="start")
    page.send(type="pass", cards=page.state["hand"]["cards"][:3])
    page.run_bots()
    assert len(built) == 4 and len(moves) >= 3  # every seat's bot at the first bot move (one moves for a person out of time)
    page.send(type="play", card=page.state["hand"]["legal"][0])
    page.run_bots()
    page.send(type="undo")
    assert not page.errors and len(built) == 4 and made["table"] not in page.host.bots  # let go: it cannot forget
    played = len(moves)
    play_to_the_end(page)
    assert len(moves) > played + 40 and len(built) == 8  # built again once after the undo, for the rest of the game
    assert page.host.bots == {}  # the game is over: so are its bots
