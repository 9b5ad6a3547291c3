"""Protocol v1: every client message checked field by field (docs/protocol.md).

Nothing reaches the engine before :func:`parse_message` has accepted it;
a bad message raises :class:`~hearts.session.table.Refusal` with the
protocol's error code.

>>> parse_message('{"type": "play", "card": "QS", "seq": 3, "id": 7}')
{'type': 'play', 'card': 'QS', 'seq': 3, 'id': 7}
>>> parse_message('{"type": "play", "card": "QS"}')
Traceback (most recent call last):
...
hearts.session.table.Refusal: play needs 'seq' (an integer)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from .table import Refusal

VERSION = 1
#: the largest client message, in bytes
MAX_MESSAGE = 4096
#: the largest HTTP request body, in bytes
MAX_BODY = 4096
#: messages a client may send per second, and the burst it may save up
RATE, BURST = 20.0, 40.0
#: the deepest nesting of arrays and objects a message or body may have
MAX_DEPTH = 16

#: for each message type: its fields (besides ``type`` and ``id``) and whether each is required
FIELDS: dict[str, dict[str, bool]] = {
    "hello": {"v": True, "table": True, "token": False, "bot": False, "bot_token": False, "seat": False},
    "start": {"seq": True},
    "pass": {"cards": True, "seq": True},
    "play": {"card": True, "seq": True},
    "moon": {"choice": True, "seq": True},
    "sync": {},
    "ping": {},
    "ready": {"seq": False},
    "hint": {"seq": False},
    "claim": {"seq": True},
    "undo": {"seq": True},
    # after the game: a new game at this table's settings for the same people (each one's seat kept for them)
    "again": {},
    # take back your pass while the others still choose theirs
    "unpass": {"seq": True},
    # a remote bot's reply to a decide; its values are checked against the decision (hearts.server.remote)
    "action": {"card": False, "cards": False, "choice": False},
    # a remote bot that could not make a decision says so (its program crashed, stalled or answered badly)
    "fault": {"kind": True, "message": False},
    # talking at the table (hearts.server.chat): a quick phrase's id or free text; the creator turns free text on or off
    "chat": {"phrase": False, "text": False},
    "chat_mode": {"free": True},
}
#: the message types a remote bot's connection may send after its hello
BOT_MESSAGES = ("action", "fault", "ping", "sync", "start")
#: the kinds of fault a remote bot may report (those of :class:`hearts.bots.base.BotFault`)
FAULT_KINDS = ("start", "handshake", "timeout", "crash", "malformed", "illegal")
#: the message types that act on the game
ACTIONS = ("start", "pass", "unpass", "play", "moon")


def parse_message(raw: str | bytes) -> dict[str, Any]:
    """The checked message, or Refusal(code, message) for a bad one."""
    if len(raw) > MAX_MESSAGE or (isinstance(raw, str) and len(raw.encode()) > MAX_MESSAGE):
        raise Refusal("too_large", f"a message may hold at most {MAX_MESSAGE} bytes")
    msg = load_json(raw, "the message")
    if not isinstance(msg, dict):
        raise Refusal("bad_message", "a message must be a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Refusal("bad_message", f"'type' must be one of {', '.join(FIELDS)}")
    fields = FIELDS[kind]
    if "id" in msg and not _is_id(msg["id"]):
        raise Refusal("bad_message", "'id' must be a string of at most 64 characters or an integer")
    unknown = sorted(set(msg) - set(fields) - {"type", "id"})
    if unknown:
        raise Refusal("bad_message", f"{kind} has no field {unknown[0][:40]!r}")
    if kind == "action":  # the bot's answer is read by hearts.bots.wire; a bad one is the bot's fault, not a bad message
        if not _is_int(msg.get("id")):
            raise Refusal("bad_message", "action needs 'id' (the integer id of the decide it answers)")
        return msg
    for name, required in fields.items():
        if required and name not in msg:
            raise Refusal("bad_message", f"{kind} needs {name!r} ({_WHAT[name]})")
        if name in msg and not _CHECK[name](msg[name]):
            raise Refusal("bad_message", f"{kind}: {name!r} must be {_WHAT[name]}")
    if kind == "fault" and not _is_int(msg.get("id")):
        raise Refusal("bad_message", "fault needs 'id' (the integer id of the decide it could not answer)")
    if kind == "hello" and msg["v"] != VERSION:
        raise Refusal("bad_version", f"this server speaks protocol version {VERSION}")
    return msg


def load_json(raw: str | bytes, what: str = "the request body") -> Any:
    """Parse JSON, refusing (``bad_json``) invalid text, NaN and Infinity, nesting deeper than MAX_DEPTH and lone surrogates.

    >>> load_json('[[[1]]]')
    [[[1]]]
    >>> load_json('{"token": "\\ud800"}')
    Traceback (most recent call last):
    ...
    hearts.session.table.Refusal: the request body holds a string that is not valid Unicode (a lone surrogate)
    """
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # a bad UTF-8 byte is a ValueError too
        raise Refusal("bad_json", f"{what} is not valid JSON") from None
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not is_text(item):
                raise Refusal("bad_json", f"{what} holds a string that is not valid Unicode (a lone surrogate)")
        elif isinstance(item, (dict, list)):
            if depth >= MAX_DEPTH:
                raise Refusal("bad_json", f"{what} is nested more than {MAX_DEPTH} deep")
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
    return value


def is_text(s: str) -> bool:
    """Whether ``s`` can be written as UTF-8 (JSON's \\ud800 escapes can make strings that cannot)."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -(2**53) < v < 2**53


def _is_id(v: object) -> bool:
    return _is_int(v) or (isinstance(v, str) and len(v) <= 64)


def _is_card_text(v: object) -> bool:
    return isinstance(v, str) and 1 <= len(v) <= 8


_CHECK: dict[str, Callable[[Any], bool]] = {
    "v": _is_int,
    "table": lambda v: isinstance(v, str) and 1 <= len(v) <= 40,
    "token": lambda v: v is None or (isinstance(v, str) and len(v) <= 100),
    "seq": lambda v: _is_int(v) and v >= 0,
    "card": _is_card_text,
    "cards": lambda v: isinstance(v, list) and len(v) <= 20 and all(_is_card_text(c) for c in v),
    "choice": lambda v: v in ("add", "subtract"),
    "bot": lambda v: v is None or (isinstance(v, str) and 1 <= len(v) <= 24),
    "bot_token": lambda v: v is None or (isinstance(v, str) and len(v) <= 200),
    "seat": lambda v: v is None or (_is_int(v) and v >= 0),
    "kind": lambda v: v in FAULT_KINDS,
    "message": lambda v: isinstance(v, str) and len(v) <= 500,
    "phrase": lambda v: isinstance(v, str) and 1 <= len(v) <= 16,
    "text": lambda v: isinstance(v, str),
    "free": lambda v: isinstance(v, bool),
}
_WHAT = {
    "v": "an integer",
    "table": "a table id",
    "token": "a seat token or null",
    "seq": "an integer",
    "card": "a card such as 'QS'",
    "cards": "a list of cards such as ['QS', 'AH', 'KH']",
    "choice": "'add' or 'subtract'",
    "bot": "a bot's name",
    "bot_token": "the bot's secret",
    "seat": "a seat number or null",
    "kind": f"one of {', '.join(FAULT_KINDS)}",
    "message": "a string of at most 500 characters",
    "phrase": "a quick phrase's id such as 'gg'",
    "text": "a string",
    "free": "true or false",
}


#: the type each field of a create-table request must have (the hub checks the values)
TABLE_FIELDS: dict[str, tuple[type, ...]] = {
    "variant": (str,),
    "players": (int,),
    "target": (int,),
    "rules": (dict,),
    "level": (str,),
    "turn_seconds": (int,),
    "name": (str, type(None)),
    "free_chat": (bool,),
    "guide": (bool,),
}
_TYPE_WORDS = {str: "a string", int: "a whole number", dict: "an object", type(None): "null", bool: "true or false"}


def check_table_request(body: Any) -> None:
    """Refuse (``bad_request``) a create-table body whose fields have the wrong JSON types.

    >>> check_table_request({"variant": "standard", "players": 4, "level": ["easy"]})
    Traceback (most recent call last):
    ...
    hearts.session.table.Refusal: level must be a string
    """
    if not isinstance(body, dict):
        raise Refusal("bad_request", "send a JSON object with at least 'variant' and 'players'")
    for name, kinds in TABLE_FIELDS.items():
        if name in body and not _is_a(body[name], kinds):
            raise Refusal("bad_request", f"{name} must be {' or '.join(_TYPE_WORDS[k] for k in kinds)}")
    for key, value in body.get("rules", {}).items():
        if not _is_a(value, (str, int, bool, type(None))):
            raise Refusal("bad_request", f"the rules option {key[:40]!r} must be a string, a number or true/false")


def check_join_request(body: Any) -> None:
    """Refuse (``bad_request``) a join body whose fields have the wrong JSON types."""
    if not isinstance(body, dict):
        raise Refusal("bad_request", 'send {"name": ..., "seat": optional seat number}')
    if "name" in body and not isinstance(body["name"], str):
        raise Refusal("bad_request", "name must be a string")
    if body.get("seat") is not None and not _is_a(body["seat"], (int,)):
        raise Refusal("bad_request", "seat must be a seat number")


def _is_a(value: Any, kinds: tuple[type, ...]) -> bool:
    """``isinstance`` where a bool is not a number (JSON's true is not 1)."""
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved up (the server's, and a polite client's).

    >>> bucket = TokenBucket(rate=1.0, burst=2.0)
    >>> bucket.wait(), bucket.wait(), bucket.wait() > 0.9
    (0.0, 0.0, True)
    """

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def wait(self) -> float:
        """Take a token (0.0) or, when there is none, take nothing and return the seconds until there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


def player_entry(msg: dict[str, Any], seat: int) -> dict[str, Any]:
    """The log entry of a checked action message (start, pass, unpass, play, moon) of the player in ``seat``.

    >>> player_entry({"type": "play", "card": "QS", "seq": 3}, 2)
    {'kind': 'play', 'seat': 2, 'by': 'player', 'card': 'QS'}
    """
    kind = msg["type"]
    entry: dict[str, Any] = {"kind": kind, "seat": seat, "by": "player"}
    if kind == "pass":
        entry["cards"] = msg["cards"]
    elif kind == "play":
        entry["card"] = msg["card"]
    elif kind == "moon":
        entry["choice"] = msg["choice"]
    return entry


#: the close code of a connection whose hello was refused, by the refusal's code (any other: 4400)
HELLO_CLOSE = {"unauthorized": 4401, "banned": 4403, "not_found": 4404}


def hello_close(code: str) -> int:
    """The close code after a refused hello.

    >>> hello_close("not_found"), hello_close("bad_message")
    (4404, 4400)
    """
    return HELLO_CLOSE.get(code, 4400)


def reply(kind: str, **fields: Any) -> dict[str, Any]:
    """A server message of protocol v1."""
    return {"type": kind, "v": VERSION, **fields}


def error(code: str, message: str, *, seq: int | None = None, msg_id: Any = None) -> dict[str, Any]:
    """An error reply (``msg_id`` echoes the client's ``id``)."""
    out = reply("error", code=code, message=message)
    if msg_id is not None:
        out["id"] = msg_id
    if seq is not None:
        out["seq"] = seq
    return out
