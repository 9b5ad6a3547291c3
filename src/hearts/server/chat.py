"""Talking at the table: quick phrases and free text, checked, rate-limited, and kept apart from the game.

A seated person may send a quick phrase (an id from :data:`PHRASES`, which
each client words in its reader's own language) or, unless the table's
creator has turned free chat off, a line of free text. Every line goes to
every person's connection at the table (spectators read; they do not
write), carrying the sender's seat and name as the server knows them: a
client cannot speak for another seat. Nothing of the game is in a line:
chat is not an action, it is not in the log or the record, a bot never gets
it, and the last :data:`HISTORY` lines live in memory only (a reconnecting
person reads them in its ``welcome``).

Free text is plain text: NFC, whitespace runs made one space, trimmed,
bidirectional override and isolate controls removed (they could turn the
rest of a line around), runs of combining marks cut to
:data:`MAX_MARKS`, at most :data:`MAX_TEXT` characters; control characters,
or nothing visible, are refused. Clients show it as text (never as markup).

>>> clean_text("  good   game\\n ")
'good game'
>>> clean_text("\\u202eevil")
'evil'
>>> clean_text("\\u200b ")
Traceback (most recent call last):
...
hearts.session.table.Refusal: chat text must hold something visible
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import protocol
from .connection import FLOOD_LIMIT, Client
from .context import TableContext
from .lease import LeaseLost
from .table import Refusal, Table

#: the quick phrases, by id (each client words them in its reader's language)
PHRASES = ("hi", "gl", "nice", "wp", "oops", "sorry", "thanks", "gg", "bye")
#: the most characters (code points) a line of free text holds, after cleaning
MAX_TEXT = 200
#: lines a table keeps for the people who connect later (in memory only)
HISTORY = 50
#: lines one seat may send: a burst of BURST, then one every 1/RATE seconds
RATE, BURST = 0.5, 5.0
#: combining marks kept in a row (more is "zalgo" text that spills over the lines around it)
MAX_MARKS = 4
#: bidirectional embedding, override and isolate controls
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"\s+")
_INVISIBLE = ("Z", "C", "M")


def clean_text(text: str) -> str:
    """The line of free text as it is sent on (raises Refusal ``bad_message``); see the module's notes.

    >>> clean_text("x" + "\\u0301" * 9) == "x" + "\\u0301" * MAX_MARKS
    True
    >>> clean_text("x" * (MAX_TEXT + 1))
    Traceback (most recent call last):
    ...
    hearts.session.table.Refusal: chat text holds at most 200 characters
    """
    text = _SPACES.sub(" ", _BIDI.sub("", unicodedata.normalize("NFC", text))).strip()
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise Refusal("bad_message", "chat text may not hold control characters")
    out: list[str] = []
    marks = 0
    for ch in text:
        marks = marks + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if marks <= MAX_MARKS:
            out.append(ch)
    text = "".join(out)
    if not any(unicodedata.category(ch)[0] not in _INVISIBLE for ch in text):
        raise Refusal("bad_message", "chat text must hold something visible")
    if len(text) > MAX_TEXT:
        raise Refusal("bad_message", f"chat text holds at most {MAX_TEXT} characters")
    return text


@dataclass
class Bucket:
    """One seat's chat allowance: ``rate`` lines a second, at most ``burst`` saved up (times are given, for tests).

    >>> b = Bucket(rate=1.0, burst=2.0, tokens=2.0, stamp=0.0)
    >>> b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0)
    (True, True, False, True)
    """

    rate: float
    burst: float
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class Chat:
    """One table's chat: whether free text is on, who may turn it off (``host``), the recent lines, the seats' allowances.

    >>> chat = Chat(free=True, host=0, clock=lambda: 100.0)
    >>> chat.line(1, "Bob", {"type": "chat", "phrase": "gg"})["phrase"]
    'gg'
    >>> chat.line(1, "Bob", {"type": "chat", "text": "<b>hi</b>"})["text"]
    '<b>hi</b>'
    >>> [line["n"] for line in chat.lines]
    [1, 2]
    """

    free: bool = True
    host: int | None = None
    clock: Callable[[], float] = time.monotonic
    lines: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=HISTORY))
    count: int = 0
    buckets: dict[int, Bucket] = field(default_factory=dict)

    def line(self, seat: int, name: str, msg: dict[str, Any]) -> dict[str, Any]:
        """The line a checked ``chat`` message of ``seat`` makes, kept in the history (raises Refusal)."""
        phrase, text = msg.get("phrase"), msg.get("text")
        if (phrase is None) == (text is None):
            raise Refusal("bad_message", "chat needs either 'phrase' (a quick phrase's id) or 'text'")
        said: dict[str, str]
        if phrase is not None:
            if phrase not in PHRASES:
                raise Refusal("bad_message", f"'phrase' must be one of {', '.join(PHRASES)}")
            said = {"phrase": phrase}
        else:
            if not self.free:
                raise Refusal("chat_off", "free chat is turned off at this table: quick phrases only")
            said = {"text": clean_text(str(text))}
        now = self.clock()
        bucket = self.buckets.setdefault(seat, Bucket(RATE, BURST, BURST, now))
        if not bucket.take(now):
            slow = f"at most {BURST:.0f} lines at once, then one every {1 / RATE:.0f} seconds"
            raise Refusal("rate_limited", f"you are chatting too fast: {slow}")
        self.count += 1
        out = protocol.reply("chat", n=self.count, at=int(time.time() * 1000), seat=seat, name=name, **said)
        self.lines.append(out)
        return out

    def set_free(self, free: bool) -> None:
        """Free text on or off; turned off, the free text in the history is forgotten (quick phrases stay)."""
        self.free = free
        if not free:
            kept = [line for line in self.lines if "text" not in line]
            self.lines.clear()
            self.lines.extend(kept)

    def mode(self) -> dict[str, Any]:
        """What a client is told of the chat's settings."""
        return {"free": self.free, "host": self.host, "phrases": list(PHRASES), "max_text": MAX_TEXT}

    def welcome(self) -> dict[str, Any]:
        """The ``chat`` field of a person's ``welcome``: the settings and the recent lines."""
        return {**self.mode(), "lines": list(self.lines)}


class Room(Protocol):
    """What the chat sees of its table (:class:`hearts.server.live.LiveTable`)."""

    @property
    def table(self) -> Table: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def clients(self) -> set[Client]: ...

    @property
    def chat(self) -> Chat: ...

    def release(self) -> None: ...


def talkers(live: Room) -> list[Client]:
    """The connections a line goes to: every person's (seated or watching), never a bot's."""
    return [c for c in live.clients if c.bot is None and not c.closed]


async def say(ctx: TableContext, live: Room, client: Client, msg: dict[str, Any]) -> dict[str, Any]:
    """A seated person's ``chat``: checked, then sent to every person at the table; returns the line.

    A line refused for its rate counts as a dropped message: a client that floods the chat is closed (4429) as
    one that floods the table.
    """
    seat = client.seat
    if seat is None:
        raise Refusal("not_seated", "spectators read the chat: take a seat to talk")
    try:
        line = live.chat.line(seat, live.table.seats[seat].name, msg)
    except Refusal as r:
        if r.code == "rate_limited":
            client.dropped += 1
            if client.dropped == FLOOD_LIMIT + 1:  # once: the close lets the queued refusals out first
                ctx.spawn(client.close_after_send(4429))
        raise
    text = json.dumps(line, separators=(",", ":"))
    for c in talkers(live):
        c.send(text)
    return line


async def set_mode(ctx: TableContext, live: Room, client: Client, free: bool) -> None:
    """The table's creator turns free chat on or off (stored, so a restart keeps it); everyone is told."""
    chat = live.chat
    if client.seat is None or client.seat != chat.host:
        raise Refusal("not_host", "only the table's creator can turn free chat on or off")
    async with live.lock:
        if free != chat.free:
            live.table.free_chat = free
            try:
                await ctx.db_call(ctx.store.save_chat, live.table)
            except LeaseLost:
                live.table.free_chat = chat.free
                live.release()
                raise Refusal("moved", "this table is served by another worker now: connect again") from None
            except Exception:
                live.table.free_chat = chat.free
                raise Refusal("server_error", "the chat setting could not be stored; try again") from None
            chat.set_free(free)
    text = json.dumps(protocol.reply("chat_mode", **chat.mode()), separators=(",", ":"))
    for c in talkers(live):
        c.send(text)
