"""The messages of ``hearts-bot/1`` (docs/bot-protocol.md): a seat's view as JSON, and the bot's replies checked.

Pure functions, no processes: :mod:`hearts.bots.exec_bot` runs a bot
program with them, :mod:`hearts.bots.serve` is the other side for a Python
bot. Cards are their two-character names (``"QS"``, ``"TH"``); the view's
JSON object has exactly the fields of :class:`~hearts.core.SeatView`, and
reads back into an equal one.

>>> from hearts.core import Hand, Rules
>>> view = Hand.from_seed(Rules.standard(4), 1).view(0)
>>> data = view_to_json(view)
>>> data["phase"], data["hand"][:3], view_from_json(data) == view
('pass', ['2C', 'TC', 'JC'], True)
>>> read_action(view, {"type": "action", "id": 1, "cards": ["2C", "TC", "JC"]}, 1)
PassCards(seat=0, cards=(0, 8, 9))
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields
from typing import Any

from hearts.core import Action, Card, ChooseMoon, HeartsError, PassCards, PlayCard, Rules, SeatView
from hearts.core.actions import Trick
from hearts.core.cards import SUITS, card_name, parse_card

#: the protocol's name and version, as a bot's hello must give it
PROTOCOL = "hearts-bot/1"
#: the longest line a bot may send, in bytes (its newline not counted)
MAX_LINE = 8192
#: the moon choices a bot may reply with
MOON_REPLIES = ("add", "subtract")
#: the most names and player counts a hello may list
MAX_LIST = 32


class WireError(HeartsError, ValueError):
    """A message breaks ``hearts-bot/1``: not JSON, a missing or mistyped field, or an illegal action."""

    def __init__(self, message: str, kind: str = "malformed") -> None:
        super().__init__(message)
        #: ``"malformed"`` (not the protocol's shape) or ``"illegal"`` (well formed, but the rules refuse it)
        self.kind = kind


# -- the view ------------------------------------------------------------------
VIEW_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SeatView))

_CARD_LISTS = ("hand", "set_aside", "legal", "trick")
_OPTIONAL_CARD_LISTS = ("passed", "received", "kitty")
_INT_LISTS = ("seats_to_act", "hand_sizes", "points_taken")
_OPTIONAL_INT_LISTS = ("points", "scores")
_INTS = ("hand_number", "dealer", "kitty_size")
_OPTIONAL_INTS = ("seat", "trick_leader", "kitty_taker", "shooter")


def names(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [card_name(c) for c in cards]


def void_text(mask: int) -> str:
    """The suits of a void mask as letters: ``void_text(0b1001) == "CS"``."""
    return "".join(s for i, s in enumerate(SUITS) if mask >> i & 1)


def view_to_json(view: SeatView) -> dict[str, Any]:
    """The view as a JSON object: every field of :class:`SeatView`, cards by name (see docs/bot-protocol.md)."""
    data: dict[str, Any] = {}
    for name in VIEW_FIELDS:
        value = getattr(view, name)
        if name == "rules":
            value = value.to_dict()
        elif name in _CARD_LISTS or (name in _OPTIONAL_CARD_LISTS and value is not None):
            value = names(value)
        elif name == "tricks":
            value = [{"leader": t.leader, "cards": names(t.cards), "winner": t.winner, "points": t.points} for t in value]
        elif name == "voids":
            value = [void_text(v) for v in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[name] = value
    return data


def view_from_json(data: Any) -> SeatView:
    """The :class:`SeatView` of a view object (the inverse of :func:`view_to_json`); :class:`WireError` if malformed."""
    if not isinstance(data, dict):
        raise WireError("the view must be an object")
    missing = [k for k in VIEW_FIELDS if k not in data]
    extra = sorted(set(data) - set(VIEW_FIELDS))
    if missing or extra:
        raise WireError(f"the view lacks {missing[0]!r}" if missing else f"the view has an unknown field {extra[0]!r}")
    out: dict[str, Any] = {}
    for name in VIEW_FIELDS:
        value = data[name]
        if name == "rules":
            try:
                out[name] = Rules.from_dict(value)
            except HeartsError as err:
                raise WireError(f"view.rules: {err}") from None
        elif name in _CARD_LISTS or name in _OPTIONAL_CARD_LISTS:
            out[name] = None if value is None and name in _OPTIONAL_CARD_LISTS else read_cards(value, f"view.{name}")
        elif name == "tricks":
            out[name] = tuple(_read_trick(t) for t in _list(value, "view.tricks"))
        elif name == "voids":
            out[name] = tuple(_read_void(v) for v in _list(value, "view.voids"))
        elif name in _INT_LISTS or name in _OPTIONAL_INT_LISTS:
            out[name] = (
                None if value is None and name in _OPTIONAL_INT_LISTS else tuple(_int(v, f"view.{name}") for v in _list(value, name))
            )
        elif name in _INTS or name in _OPTIONAL_INTS:
            out[name] = None if value is None and name in _OPTIONAL_INTS else _int(value, f"view.{name}")
        elif name in ("hearts_broken",):
            out[name] = _bool(value, f"view.{name}")
        elif name == "passes_chosen":
            out[name] = tuple(_bool(v, "view.passes_chosen") for v in _list(value, name))
        elif name == "moon_choice":
            out[name] = None if value is None else _str(value, "view.moon_choice")
        else:  # pass_direction, phase
            out[name] = _str(value, f"view.{name}")
    return SeatView(**out)


def _read_trick(data: Any) -> Trick:
    if not isinstance(data, dict) or set(data) != {"leader", "cards", "winner", "points"}:
        raise WireError("a trick must be an object with leader, cards, winner and points")
    winner = None if data["winner"] is None else _int(data["winner"], "trick.winner")
    return Trick(
        _int(data["leader"], "trick.leader"), read_cards(data["cards"], "trick.cards"), winner, _int(data["points"], "trick.points")
    )


def _read_void(text: Any) -> int:
    if not isinstance(text, str) or any(ch not in SUITS for ch in text):
        raise WireError(f"a void must be suit letters such as 'CS', not {text!r}")
    return sum(1 << i for i, s in enumerate(SUITS) if s in text)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{where} must be a list")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WireError(f"{where} must be a whole number, not {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise WireError(f"{where} must be true or false, not {value!r}")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise WireError(f"{where} must be a string, not {value!r}")
    return value


def read_cards(value: Any, where: str) -> tuple[Card, ...]:
    """Card names to cards; :class:`WireError` for anything else."""
    out = []
    for item in _list(value, where):
        if not isinstance(item, str) or len(item) > 3:
            raise WireError(f"{where} must hold card names such as 'QS', not {str(item)[:20]!r}")
        try:
            out.append(parse_card(item))
        except HeartsError:
            raise WireError(f"{where} holds {item!r}, which is not a card (write e.g. 'QS', 'TH', '2C')") from None
    return tuple(out)


# -- messages --------------------------------------------------------------------
def encode(message: dict[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """A line from a bot as a JSON object; :class:`WireError` if it is not one."""
    if len(line) > MAX_LINE:
        raise WireError(f"a line of more than {MAX_LINE} bytes")
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        shown = line[:60].decode("utf-8", "replace")
        raise WireError(f"not a JSON line: {shown!r}") from None
    if not isinstance(data, dict):
        raise WireError(f"a message must be a JSON object, not {type(data).__name__}")
    return data


def request(view: SeatView, number: int) -> dict[str, Any]:
    """The request of decision ``number`` (1, 2, ... within one game)."""
    return {"type": "decide", "id": number, "view": view_to_json(view)}


def start_message(seat: int, rules: Rules, seed: int | None, seconds: float | None = None) -> dict[str, Any]:
    """Sent once a game (a table) before its first request: the seat, the rules, a seed for the bot's own randomness,
    and ``seconds``, the time the host allows each decision (None: no limit)."""
    return {"type": "start", "protocol": PROTOCOL, "seat": seat, "rules": rules.to_dict(), "seed": seed, "seconds": seconds}


def action_reply(number: int, action: Action) -> dict[str, Any]:
    """The reply a bot sends for ``action`` (what :mod:`hearts.bots.serve` writes)."""
    if isinstance(action, PassCards):
        return {"type": "action", "id": number, "cards": names(action.cards)}
    if isinstance(action, PlayCard):
        return {"type": "action", "id": number, "card": card_name(action.card)}
    return {"type": "action", "id": number, "choice": action.choice}


def read_action(view: SeatView, reply: dict[str, Any], number: int) -> Action:
    """The action a reply gives for request ``number`` about ``view``, checked against the view.

    :class:`WireError` with ``kind`` ``"malformed"`` for a reply of the wrong
    shape, ``"illegal"`` for one the rules refuse (a card not held or not
    legal, a wrong number of cards, a choice that does not exist).
    """
    seat = view.seat
    assert seat is not None
    if reply.get("type") != "action":
        raise WireError(f'expected {{"type": "action", ...}}, got type {str(reply.get("type"))[:30]!r}')
    if reply.get("id") != number or isinstance(reply.get("id"), bool):
        raise WireError(f"the reply's id is {str(reply.get('id'))[:30]}, not {number}")
    if view.phase == "pass":
        cards = read_cards(reply.get("cards"), "cards")
        want = view.rules.pass_count
        if len(cards) != want:
            raise WireError(f"passed {len(cards)} cards, not {want}", "illegal")
        held = Counter(view.hand)
        for c, k in Counter(cards).items():
            if held[c] < k:
                raise WireError(f"passed {card_name(c)}{' twice' if k > 1 else ''}, which it does not hold", "illegal")
        return PassCards(seat, cards)
    if view.phase == "play":
        card = read_cards([reply.get("card")], "card")[0]
        if card not in view.legal:
            raise WireError(f"played {card_name(card)}, which is not legal (legal: {' '.join(names(view.legal))})", "illegal")
        return PlayCard(seat, card)
    choice = reply.get("choice")
    if choice not in MOON_REPLIES:
        raise WireError(f"moon choice {str(choice)[:30]!r}: reply add or subtract", "illegal")
    return ChooseMoon(seat, str(choice))


# -- the handshake -----------------------------------------------------------------
def read_hello(data: dict[str, Any]) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    """The bot's name, variants and player counts from its hello; :class:`WireError` if it is not a good one.

    >>> read_hello({"type": "hello", "protocol": "hearts-bot/1", "name": "low", "variants": ["standard"], "players": [4]})
    ('low', ('standard',), (4,))
    """
    if data.get("type") != "hello":
        raise WireError('the first line must be {"type": "hello", ...}')
    if data.get("protocol") != PROTOCOL:
        raise WireError(f"the hello speaks protocol {str(data.get('protocol'))[:30]!r}; this host speaks {PROTOCOL!r}")
    name = data.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 64 or not name.isprintable():
        raise WireError("the hello's name must be printable text of 1 to 64 characters")
    variants, players = data.get("variants"), data.get("players")
    if not isinstance(variants, list) or not 1 <= len(variants) <= MAX_LIST or not all(isinstance(v, str) for v in variants):
        raise WireError('the hello\'s variants must be a list of names, e.g. ["standard"]')
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_LIST:
        raise WireError("the hello's players must be a list of player counts, e.g. [4]")
    return name, tuple(variants), tuple(_int(p, "players") for p in players)


def hello(name: str, variants: tuple[str, ...] | list[str], players: tuple[int, ...] | list[int]) -> dict[str, Any]:
    """The hello a bot sends first."""
    return {"type": "hello", "protocol": PROTOCOL, "name": name, "variants": list(variants), "players": list(players)}
