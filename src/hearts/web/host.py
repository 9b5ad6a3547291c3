"""The table that runs in the page: one person against bots, answering the web client as ``hearts serve`` does.

The static build (:mod:`hearts.web.build`) runs this module in a Web
Worker through Pyodide. The web client is the server's own: its lobby
requests and its table's protocol-v1 messages reach a :class:`PageHost`
instead of the network, and get the answers the server would give, built
by the server's own modules (the checks of :mod:`hearts.server.forms` and
:mod:`hearts.server.protocol`, the table of :mod:`hearts.server.table`, the
seat's view of :mod:`hearts.server.projection`). The rules are the core's.

Each call returns an :class:`Outbox`: the messages for each connection,
the connections to close (with the code the server would close them
with), the tables to keep in the browser when something changed, and when
to call :meth:`PageHost.tick` next (a bot's move, a turn timer, the end of
the score-sheet pause).

The game at each table is the session's, as at the server and in
``hearts play``: the action's checks and refusals, claim, undo and the
hint (:data:`hearts.session.HINT_SPEC`) are the table's
(:class:`hearts.session.table.TableSession`), and so is the score sheet
after a hand (:attr:`~hearts.session.table.TableSession.sheet`: this host
says who reads it and for how long). Each seat's bot is built once per game
(:class:`hearts.session.SeatBots`, seeded as the server's are), reseeded
before each decision from the table's moment, and built again after an
undo (a bot cannot forget the cards taken back); the bots move one action a
tick, each from its seat's view only.

What differs from the server: one person, so a table has one seat for a
person (the creator's) and bots in the others; nobody else can join or
watch. There is no database: :meth:`PageHost.saved` is the JSON the page
keeps in the browser's storage, and a new host given it carries on every
unfinished table from its log, exactly where it was.

>>> import json
>>> host = PageHost(bot_delay=0.0)
>>> out = host.request("POST", "/api/tables", json.dumps({"variant": "standard", "players": 4, "level": "easy", "name": "Ann"}))
>>> out.status, sorted(json.loads(out.body))
(201, ['client_seed', 'invite', 'link', 'seat', 'table', 'token'])
>>> host.request("GET", "/api/nowhere").status
404
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from hearts.bots import make_bot
from hearts.bots.registry import LEVELS
from hearts.core.fair_deal import new_server_seed
from hearts.core.rules import Rules
from hearts.net.meta import MODELS, REMOTE_INDEX, fetch_models_with
from hearts.record import dumps_record
from hearts.server import protocol
from hearts.server.forms import DEFAULT_TURN_SECONDS, STATUS, check_create, check_join, table_options
from hearts.server.projection import state_message, table_json
from hearts.server.results import game_result, game_summary, player_stats
from hearts.server.table import BOT, BOT_NAMES, FINISHED, HUMAN, OPEN, PLAYING, Refusal, Seat, Table, token_hash
from hearts.session import SeatBots, decide, hint
from hearts.session.bots import BotFactory
from hearts.session.guide import guide_server_seed
from hearts.session.pace import Pace as SessionPace

#: the saved state's format
FORMAT = "hearts-page/1"
#: seconds a bot waits before each move (the server's default)
BOT_DELAY = 0.7
#: seconds the next hand waits while the player reads the score sheet (or until they say they are ready)
REVIEW_SECONDS = 20.0
#: finished games kept (with their records): the oldest go first
KEEP_FINISHED = 30
#: unfinished tables kept: the least recently created go first
KEEP_OPEN = 10
#: the levels the page offers, weakest first (the search's ``expert`` costs too much time a move in a page)
PAGE_LEVELS = ("easy", "medium", "hard")
#: the level of a table made without one
PAGE_DEFAULT_LEVEL = "medium"
#: the player id of the one person who plays in the page (the server's are signed ids: see hearts.server.identity)
PAGE_PLAYER = "page"


def use_page_models(fetch_model: Callable[[str], Any]) -> None:
    """Fetch each model the modules' index lists (:data:`hearts.net.meta.REMOTE_INDEX`, written by the build) with
    ``fetch_model(name)`` the first time a table needs it: its bytes (or a JavaScript ``Uint8Array``), or None where
    the page cannot have it (offline before it was kept): then ``medium`` plays as its fallback, the heuristic.

    >>> use_page_models(lambda name: None)  # outside a build there is no index: nothing is fetched
    >>> fetch_models_with(None)
    """
    index = MODELS / REMOTE_INDEX
    digests = json.loads(index.read_text(encoding="utf-8")) if index.exists() else {}

    def fetch(name: str) -> bytes | None:
        got = fetch_model(name)
        if got is None or isinstance(got, bytes):
            return got
        return bytes(got.to_bytes())  # Pyodide's proxy of a JavaScript Uint8Array

    fetch_models_with(fetch, digests)


@dataclass
class Outbox:
    """What a call asks the page to do: send, close, save, and when to tick next."""

    #: the messages (JSON texts) for each connection, in order
    messages: dict[int, list[str]] = field(default_factory=dict)
    #: connections to close, each with its close code
    close: dict[int, int] = field(default_factory=dict)
    #: the JSON to keep in the browser (None: nothing changed)
    save: str | None = None
    #: seconds until :meth:`PageHost.tick` has something to do (None: nothing pending)
    wake: float | None = None
    #: an HTTP-like answer to :meth:`PageHost.request`: status and JSON body
    status: int = 200
    body: str = ""

    def send(self, conn: int, message: dict[str, Any]) -> None:
        self.messages.setdefault(conn, []).append(json.dumps(message, separators=(",", ":")))

    def to_json(self) -> str:
        """The outbox as the worker reads it."""
        return json.dumps(
            {
                "messages": {str(k): v for k, v in self.messages.items()},
                "close": {str(k): v for k, v in self.close.items()},
                "save": self.save,
                "wake": self.wake,
                "status": self.status,
                "body": self.body,
            }
        )


@dataclass(frozen=True)
class RawJson:
    """An answer that is JSON text already (a record, sent as it was written)."""

    text: str


@dataclass
class Pace(SessionPace):
    """The turn timer of one table (the server's model; the score sheet is the table's own), and the next bot move."""

    bot_at: float | None = None


class PageHost:
    """Every table of one browser, and the connection of its page; see the module's notes.

    ``factory`` makes each seat's bot (``factory(spec, seed=...)``, :func:`hearts.bots.make_bot`; tests pass their own).
    """

    def __init__(
        self,
        saved: str | None = None,
        *,
        bot_delay: float = BOT_DELAY,
        review: float = REVIEW_SECONDS,
        clock: Callable[[], float] = time.time,
        levels: tuple[str, ...] = PAGE_LEVELS,
        factory: BotFactory = make_bot,
    ) -> None:
        self.bot_delay = bot_delay
        self.factory = factory
        self.review = review
        self.clock = clock
        self.levels = tuple(lv for lv in levels if lv in LEVELS)
        self.tables: dict[str, Table] = {}
        self.finished: list[dict[str, Any]] = []
        self.paces: dict[str, Pace] = {}
        #: each playing table's bots, one per seat, built at its first bot move of the game (:meth:`_bots`)
        self.bots: dict[str, SeatBots] = {}
        #: each open connection's table and seat (None: not said hello yet)
        self.conns: dict[int, tuple[str, int | None] | None] = {}
        self._next_conn = 1
        #: the tables changed and the connections just welcomed since the last call ended (each is sent its state)
        self._changed: set[str] = set()
        self._fresh: set[int] = set()
        self.problems: list[str] = []
        if saved:
            self._restore(saved)

    @classmethod
    def from_page(cls, boot: str, fetch_model: Callable[[str], Any] | None = None) -> PageHost:
        """The host of the page's worker, from its boot message (JSON): ``saved`` (the kept games, or null) and
        ``bot_delay`` (from the page's address: null for the server's default, else 0 to 5 seconds).
        ``fetch_model(name)``: the worker's download of a shipped model from the page's folder (see
        :func:`use_page_models`)."""
        if fetch_model is not None:
            use_page_models(fetch_model)
        data = json.loads(boot)
        delay = data.get("bot_delay")
        saved = data.get("saved")
        return cls(saved if isinstance(saved, str) else None, bot_delay=BOT_DELAY if delay is None else max(0.0, min(float(delay), 5.0)))

    def call(self, request: str) -> str:
        """One call of the page's worker, JSON text in and out (an :class:`Outbox`, or the problems of the restore).

        >>> host = PageHost()
        >>> json.loads(host.call('{"op": "request", "method": "GET", "path": "/api/games"}'))["body"]
        '{"games": []}'
        """
        op = json.loads(request)
        kind = op.get("op")
        if kind == "request":
            return self.request(str(op["method"]), str(op["path"]), op.get("body")).to_json()
        if kind == "open":
            self.open(int(op["conn"]))
            return Outbox().to_json()
        if kind == "receive":
            return self.receive(int(op["conn"]), str(op["text"])).to_json()
        if kind == "leave":
            return self.leave(int(op["conn"])).to_json()
        if kind == "tick":
            return self.tick().to_json()
        if kind == "problems":
            return json.dumps({"problems": self.problems})
        raise ValueError(f"no such call: {kind!r}")

    # -- the lobby's requests --------------------------------------------------
    def request(self, method: str, path: str, body: str | None = None) -> Outbox:
        """One request of the lobby's HTTP API (``docs/protocol.md``): the answer's status and JSON body."""
        out = Outbox()
        try:
            data = protocol.load_json(body) if body else None
            answer, status = self._route(method.upper(), path, data, out)
        except Refusal as r:
            answer, status = {"error": {"code": r.code, "message": r.message}}, STATUS.get(r.code, 400)
        out.status, out.body = status, answer.text if isinstance(answer, RawJson) else json.dumps(answer)
        return out

    def _route(self, method: str, path: str, data: Any, out: Outbox) -> tuple[Any, int]:
        url = urlsplit(path)
        parts = [unquote(p) for p in url.path.strip("/").split("/")]
        if parts[:1] != ["api"]:
            raise Refusal("not_found", "no such page")
        rest = parts[1:]
        if method == "GET" and rest == ["options"]:
            options = {**table_options(), "levels": list(self.levels)}
            return {**options, "defaults": {"turn_seconds": 0, "level": self._default_level()}}, 200
        if method == "POST" and rest == ["tables"]:
            return self._create(data, out), 201
        if method == "GET" and rest == ["tables"]:
            ordered = sorted(self.tables.values(), key=lambda t: -t.created)
            return {"tables": [self._table_json(t) for t in ordered if t.status != FINISHED]}, 200
        if method == "GET" and len(rest) == 2 and rest[0] == "tables":
            return self._table_json(self._find(rest[1])), 200
        if method == "POST" and len(rest) == 3 and rest[0] == "tables" and rest[2] == "join":
            protocol.check_join_request(data)
            check_join(data)
            self._find(rest[1])
            raise Refusal("seat_taken", "this table is for one person and its bots: make a new table to play")
        if method == "GET" and rest == ["games"]:
            return {"games": [game_summary(g["id"], g["rules"], g["finished"], g["result"]) for g in reversed(self.finished)]}, 200
        if method == "GET" and rest == ["stats"]:
            return player_stats(PAGE_PLAYER, (_as_page_player(g["result"]) for g in self.finished)), 200
        if method == "GET" and rest == ["me"]:  # the one person of this browser: no account, no tables elsewhere
            return {"player": PAGE_PLAYER, "name": None, "login": None, "banned": False, "tables": [], "page": True}, 200
        if method == "GET" and len(rest) == 3 and rest[0] == "games" and rest[2] == "record":
            for g in self.finished:
                if g["id"] == rest[1]:
                    return RawJson(g["record"]), 200
            if rest[1] in self.tables:
                raise Refusal("not_finished", "the game is not over yet: its record is available once it ends")
            raise Refusal("not_found", "there is no such table")
        raise Refusal("not_found", "no such request")

    def _default_level(self) -> str:
        return PAGE_DEFAULT_LEVEL if PAGE_DEFAULT_LEVEL in self.levels else self.levels[0]

    def _create(self, data: Any, out: Outbox) -> dict[str, Any]:
        protocol.check_table_request(data)
        body = dict(data)
        if "guide" not in body:
            body.setdefault("turn_seconds", 0)  # alone against bots: no timer unless asked for
        new = check_create(body, self._default_level())
        if new.level not in self.levels:
            raise Refusal("bad_request", f"level must be one of {', '.join(self.levels)} here")
        if new.name is None:
            raise Refusal("bad_request", "name: the table is yours, so it needs your name")
        table = Table.new(
            secrets.token_urlsafe(6),
            new.rules,
            level=new.level,
            turn_seconds=new.turn_seconds,
            secret=guide_server_seed() if new.guide else new_server_seed(),  # a guided table: the guide's deal
            created=self.clock(),
            guide=new.guide,
        )
        token = secrets.token_urlsafe(24)
        seat = table.seats[0]
        seat.name, seat.kind, seat.token_hash, seat.ever_human, seat.client_seed, seat.player = (
            new.name,
            HUMAN,
            token_hash(token),
            True,
            new.client_seed or "",
            PAGE_PLAYER,
        )
        names = (n for n in BOT_NAMES if n != new.name)
        for other in table.seats[1:]:  # nobody else can join: the bots sit down at once (the server seats them at the start)
            other.kind, other.name = BOT, next(names)
        self.tables[table.id] = table
        self.paces[table.id] = Pace()
        self._trim()
        out.save = self.saved()
        return {
            "table": table.id,
            "invite": f"/t/{table.id}",
            "seat": 0,
            "token": token,
            "link": f"/t/{table.id}#token={token}",
            "client_seed": new.client_seed,
        }

    def _find(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("not_found", "there is no such table")
        return table

    def _table_json(self, table: Table) -> dict[str, Any]:
        return table_json(table, self._connected(table.id))

    # -- connections ------------------------------------------------------------
    def open(self, conn: int | None = None) -> int:
        """A new connection (the page's websocket), numbered ``conn`` or the next free number: its number."""
        if conn is None:
            conn = self._next_conn
        self._next_conn = max(self._next_conn, conn + 1)
        self.conns[conn] = None
        return conn

    def leave(self, conn: int) -> Outbox:
        """A connection ends."""
        self.conns.pop(conn, None)
        return self._finish(Outbox())

    def receive(self, conn: int, raw: str) -> Outbox:
        """One message from a connection: its answers (a refusal is an error message, as the server sends it)."""
        out = Outbox()
        if conn not in self.conns:
            out.close[conn] = 4400
            return out
        attached = self.conns[conn]
        msg_id = None
        try:
            msg = protocol.parse_message(raw)
            msg_id = msg.get("id")
            if attached is None:
                self._hello(conn, msg, out)
            else:
                self._handle(conn, attached, msg, out)
        except Refusal as r:
            seq = self.tables[attached[0]].seq if attached is not None and attached[0] in self.tables else None
            out.send(conn, protocol.error(r.code, r.message, seq=seq, msg_id=msg_id))
            if attached is None:
                self.conns.pop(conn, None)
                out.close[conn] = protocol.hello_close(r.code)
        except Exception as err:  # a fault of ours: the table stays as it was, as the server's handler answers
            self.problems.append(f"a message could not be handled: {err!r}")
            out.send(conn, protocol.error("server_error", "the game could not handle that message", msg_id=msg_id))
        return self._finish(out)

    def _hello(self, conn: int, msg: dict[str, Any], out: Outbox) -> None:
        if msg["type"] != "hello":
            raise Refusal("hello_first", "the first message must be hello")
        if msg.get("bot") is not None or msg.get("bot_token") is not None or msg.get("seat") is not None:
            raise Refusal("bad_message", "a table in the page takes no remote bot")
        table = self._find(msg["table"])
        token = msg.get("token")
        seat = table.seat_of_token(token) if token else None
        if token and seat is None:
            raise Refusal("unauthorized", "this link's token holds no seat at this table")
        for other, at in list(self.conns.items()):  # one connection a seat: the older one steps aside
            if seat is not None and other != conn and at == (table.id, seat):
                out.send(other, protocol.error("replaced", "this seat connected again elsewhere: this connection is closed"))
                out.close[other] = 4409
                self.conns.pop(other)
        self.conns[conn] = (table.id, seat)
        self._fresh.add(conn)
        out.send(conn, protocol.reply("welcome", seat=seat, name=table.seats[seat].name if seat is not None else None))

    def _handle(self, conn: int, at: tuple[str, int | None], msg: dict[str, Any], out: Outbox) -> None:
        table_id, seat = at
        table = self._find(table_id)
        kind, msg_id = msg["type"], msg.get("id")
        ids = {"id": msg_id} if msg_id is not None else {}
        if kind == "ping":
            out.send(conn, protocol.reply("pong", **ids))
            return
        if kind == "sync":
            out.send(conn, self._state(table, seat))
            return
        if kind == "hello":
            raise Refusal("bad_message", "hello is sent once, first")
        if kind == "action":
            raise Refusal("bad_message", "a table in the page takes no remote bot")
        if kind in ("chat", "chat_mode"):
            raise Refusal("not_now", "a table in the page is one person's: there is nobody to talk to")
        if seat is None:
            raise Refusal("not_seated", "spectators cannot act: this table is played by the one who made it")
        if kind == "ready":
            if table.read_sheet(seat):
                self._changed.add(table_id)
            out.send(conn, protocol.reply("ok", seq=table.seq, **ids))
            return
        if kind == "hint":
            out.send(conn, protocol.reply("hint", **self._hint(table, seat), **ids))
            return
        if kind == "claim":
            seq = self._claim(table, seat, msg["seq"])
            out.send(conn, protocol.reply("ok", seq=seq, **ids))
            return
        if kind == "undo":
            seq = self._undo(table, seat, msg["seq"])
            out.send(conn, protocol.reply("ok", seq=seq, **ids))
            return
        if kind not in protocol.ACTIONS:  # "again": in the page, Play again makes a new table
            raise Refusal("not_now", f"a table in the page takes no {kind!r} message")
        stale = table.stale(seat, msg["seq"])
        if stale is not None:
            raise stale
        seq = self._submit(table_id, protocol.player_entry(msg, seat))  # a player who acts has read the score sheet
        out.send(conn, protocol.reply("ok", seq=seq, **ids))

    # -- the one way an action enters a table ----------------------------------
    def _submit(self, table_id: str, entry: dict[str, Any]) -> int:
        table = self.tables[table_id]
        refusal = table.check(entry)
        if refusal is not None:
            raise refusal
        table = table.fork()  # applied to a copy: a fault on the way leaves the table as it was
        table.apply(entry)
        return self._changed_to(table)

    def _changed_to(self, table: Table) -> int:
        """``table`` (a fork with its change applied) takes the live table's place; its seq."""
        self.tables[table.id] = table
        self._changed.add(table.id)
        if table.status == FINISHED:
            self._finished(table)
        return table.seq

    def _finished(self, table: Table) -> None:
        """A game over: its result and record are kept with the finished games, the table leaves the open ones."""
        self.finished.append(
            {
                "id": table.id,
                "rules": table.rules.to_dict(),
                "finished": self.clock(),
                "result": game_result(table),
                "record": dumps_record(table.record()),
            }
        )
        del self.finished[:-KEEP_FINISHED]
        self._drop_bots(table.id)  # the game is over: so are its bots

    def _hint(self, table: Table, seat: int) -> dict[str, Any]:
        """The hint bot's choice (:func:`hearts.session.hint`, as in every app), made from ``seat``'s view only."""
        return table.hint_reply(seat, hint(table.hint_view(seat), table.bot_seed(seat, "hint")))

    def _claim(self, table: Table, seat: int, seq: int) -> int:
        fork = table.fork()  # the whole claim at once, on a copy (the page stores its tables only after the call)
        fork.claim_rest(seat, seq)
        return self._changed_to(fork)

    def _undo(self, table: Table, seat: int, seq: int) -> int:
        fresh = table.rebuilt(table.undo_keep(seat, seq))
        self.paces[table.id].restart()  # the turn starts again: a fresh timer
        self._drop_bots(table.id)  # a bot cannot forget the cards taken back: built again at the next move
        return self._changed_to(fresh)

    # -- the bots of each game ----------------------------------------------------
    def _bots(self, table: Table) -> SeatBots:
        """``table``'s bots, one per seat, playing its level: built at the game's first bot move (or after an undo),
        seeded as the server's are (a bot moves for a person's seat whose turn timer ran out too)."""
        bots = self.bots.get(table.id)
        if bots is None:
            spec = LEVELS[table.level]
            seats = dict.fromkeys(range(table.rules.players), spec)
            bots = self.bots[table.id] = SeatBots(seats, seed=table.id, factory=self.factory)
        return bots

    def _drop_bots(self, table_id: str) -> None:
        """Let ``table_id``'s bots go (its game ended, an undo, a bot that failed, the table left the browser)."""
        bots = self.bots.pop(table_id, None)
        if bots is not None:
            bots.close()

    # -- the clocks and the bots ----------------------------------------------
    def tick(self) -> Outbox:
        """Whatever is due now: at most one bot move (each table of a connection), a timer run out, a pause over."""
        out = Outbox()
        now = self.clock()
        for table_id in {at[0] for at in self.conns.values() if at is not None}:
            table = self.tables.get(table_id)
            pace = self.paces.get(table_id)
            if table is None or pace is None or table.status != PLAYING:
                continue
            seat = self._bot_seat(table, pace, now)
            if seat is None:
                continue
            timed_out = table.seats[seat].kind == HUMAN  # its turn timer ran out: no bot delay
            if not timed_out and (pace.bot_at is None or pace.bot_at > now):
                continue
            assert table.game is not None
            view = table.game.view(seat)
            bot_seed = table.bot_seed(seat)
            try:
                action = self._bots(table).act(seat, view, bot_seed)
            except Exception as err:  # a bot that fails: the easy bot moves instead (the server's pool falls back too)
                self.problems.append(f"the {table.level} bot failed: {err!r}")
                self._drop_bots(table_id)  # what it holds is unknown now: built again at the next move
                action = decide(LEVELS["easy"], bot_seed, view)
            by = "timer" if timed_out else "bot"
            self._submit(table_id, table.entry_for(seat, action, by))
            pace.bot_at = None
        return self._finish(out)

    def _bot_seat(self, table: Table, pace: Pace, now: float) -> int | None:
        """The seat a bot must act for now (a bot's, or the person's whose turn timer ran out); None while paused."""
        to_act = table.seats_to_act()
        return pace.bot_seat(now, to_act, {s for s in to_act if table.seats[s].kind in (BOT, OPEN)}, table.sheet)

    def _schedule(self, table: Table, pace: Pace, now: float) -> None:
        """After a change: the score sheet settled (the people here read it), the turn timer (the server's clocks) and
        the next bot move."""
        hand = table.hand if table.status == PLAYING else None
        if hand is not None:
            table.settle_sheet(now, {s for s in self._connected(table.id) if table.seats[s].kind == HUMAN}, self.review)
        people = {s for s in table.seats_to_act() if table.seats[s].kind == HUMAN} if hand is not None else set()
        pace.update(now, hand=hand, sheet=table.sheet, people=people, turn_seconds=table.turn_seconds)
        if hand is None or table.sheet.showing or self._bot_seat(table, pace, now) is None:
            pace.bot_at = None
        elif pace.bot_at is None:
            pace.bot_at = now + self.bot_delay

    def _wake(self, now: float) -> float | None:
        """Seconds until the next thing due at a table of a connection (None: nothing pending)."""
        due: list[float] = []
        for table_id in {at[0] for at in self.conns.values() if at is not None}:
            table, pace = self.tables.get(table_id), self.paces.get(table_id)
            if table is None or pace is None:
                continue
            due += [t for t in (pace.bot_at, pace.next_due(table.sheet)) if t is not None]
        return max(0.0, min(due) - now) if due else None

    def _finish(self, out: Outbox) -> Outbox:
        """After any call: the clocks set again, every connection of a changed table sent its state, the save."""
        now = self.clock()
        changed = set(self._changed)
        self._changed.clear()
        for table_id in {at[0] for at in self.conns.values() if at is not None} | changed:
            table, pace = self.tables.get(table_id), self.paces.get(table_id)
            if table is None or pace is None:
                continue
            before = (table.sheet.to_json(), pace.deadline)
            self._schedule(table, pace, now)
            if (table.sheet.to_json(), pace.deadline) != before:
                changed.add(table_id)
        fresh = set(self._fresh)
        self._fresh.clear()
        for conn, at in self.conns.items():
            if at is not None and (at[0] in changed or conn in fresh):
                out.send(conn, self._state(self.tables[at[0]], at[1]))
        if changed:
            out.save = self.saved()
        out.wake = self._wake(now)
        return out

    def _state(self, table: Table, seat: int | None) -> dict[str, Any]:
        pace = self.paces[table.id]
        return state_message(table, seat, connected=self._connected(table.id), deadline=pace.deadline, review=table.sheet.to_json())

    def _connected(self, table_id: str) -> set[int]:
        return {at[1] for at in self.conns.values() if at is not None and at[0] == table_id and at[1] is not None}

    # -- what the browser keeps ---------------------------------------------
    def saved(self) -> str:
        """Every unfinished table (rules, secret seed, seats, log) and the finished games, as JSON."""
        tables = [_table_snapshot(t) for t in self.tables.values() if t.status != FINISHED]
        return json.dumps({"format": FORMAT, "tables": tables, "finished": self.finished}, separators=(",", ":"))

    def _restore(self, saved: str) -> None:
        """Carry on from :meth:`saved`; a table that does not replay is left out and named in :attr:`problems`."""
        try:
            data = json.loads(saved)
        except ValueError:
            self.problems.append("the saved games could not be read: starting afresh")
            return
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self.problems.append("the saved games are not in a format this version reads: starting afresh")
            return
        for snap in data.get("tables", []):
            try:
                table = _table_from(snap)
            except (KeyError, TypeError, ValueError) as err:
                self.problems.append(f"a saved table could not be carried on: {err}")
                continue
            self.tables[table.id] = table
            self.paces[table.id] = Pace()
        self.finished = [g for g in data.get("finished", []) if isinstance(g, dict) and {"id", "rules", "result", "record"} <= set(g)]

    def _trim(self) -> None:
        """At most :data:`KEEP_OPEN` unfinished tables: the oldest go (the browser's storage is small)."""
        open_tables = sorted((t for t in self.tables.values() if t.status != FINISHED), key=lambda t: t.created)
        for table in open_tables[: max(0, len(open_tables) - KEEP_OPEN)]:
            del self.tables[table.id]
            self.paces.pop(table.id, None)
            self._drop_bots(table.id)


def _as_page_player(result: dict[str, Any]) -> dict[str, Any]:
    """A finished game's result with the page's person as the player of each person's seat (a result kept by an
    older version names no players: every person's seat at a table in the page was this browser's person)."""
    if "players" in result:
        return result
    humans = result.get("humans") or []
    return {**result, "players": [PAGE_PLAYER if i in humans else None for i in range(len(result.get("names", [])))]}


def _table_snapshot(table: Table) -> dict[str, Any]:
    return {
        "id": table.id,
        "rules": table.rules.to_dict(),
        "level": table.level,
        "turn_seconds": table.turn_seconds,
        "secret": table.secret,
        "created": table.created,
        "guide": table.guide,
        "seats": [vars(s).copy() for s in table.seats],
        "log": table.log,
    }


def _table_from(snap: dict[str, Any]) -> Table:
    """A table rebuilt from its snapshot by replaying its log (raises ValueError for one that does not replay)."""
    fresh = Table.new(
        str(snap["id"]),
        Rules.from_dict(snap["rules"]),
        level=str(snap["level"]),
        turn_seconds=int(snap.get("turn_seconds", DEFAULT_TURN_SECONDS)),
        secret=str(snap["secret"]),
        created=float(snap.get("created", 0.0)),
        guide=bool(snap.get("guide", False)),
    )
    fresh.seats = [Seat(**s) for s in snap["seats"]]
    if fresh.level not in LEVELS or len(fresh.seats) != fresh.rules.players:
        raise ValueError(f"table {fresh.id}: its seats or level do not fit its rules")
    fresh.replay([dict(e) for e in snap["log"]])
    return fresh


__all__ = ["FORMAT", "PAGE_LEVELS", "Outbox", "PageHost"]
