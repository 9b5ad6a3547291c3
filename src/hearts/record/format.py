"""The hearts-record/1 document: read and check its structure, write it.

Reading (:func:`loads_record`, :func:`read_record`) checks only the shape of
the document: JSON types, the ``format`` tag, the rules and ``first_dealer``.
Card texts stay as written, so that :mod:`hearts.record.replay` can name the
hand, phase and index of an unreadable card. A bad shape raises
:class:`RecordError`.

Writing (:func:`game_record`, :func:`dumps_record`, :func:`save_record`)
turns a :class:`~hearts.core.Game` into a record dict and saves it
atomically (temporary file, then ``os.replace``). The optional ``seed`` of
each hand and the top-level ``players`` and ``deals`` (the ``hearts-deal/1``
scheme, :mod:`hearts.core.fair_deal`) are read and written too.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hearts.core import Game, Hand, Rules, card_name
from hearts.core.errors import RulesError
from hearts.core.fair_deal import SCHEME, is_client_seed_list, is_seed

from .errors import RecordError

FORMAT = "hearts-record/1"
TOP_KEYS = {"format", "rules", "first_dealer", "players", "deals", "hands"}
HAND_KEYS = {"seed", "deal", "kitty", "passes", "plays", "moon"}
PLAYER_KEYS = {"name", "bot"}
DEALS_KEYS = {"scheme", "commitment", "client_seeds", "server_seed"}


@dataclass(frozen=True)
class HandRecord:
    """One hand as written: card texts unparsed; ``passes``/``moon`` None when absent or null."""

    deal: list[list[str]]
    kitty: list[str]
    passes: list[list[str]] | None
    plays: list[str]
    moon: str | None
    seed: str | None = None


@dataclass(frozen=True)
class Player:
    """One seat's entry in ``players``: a name, and the bot spec (None for a person)."""

    name: str
    bot: str | None


@dataclass(frozen=True)
class Deals:
    """The ``deals`` block: the scheme, the commitment, the client seeds, and the server seed once revealed."""

    commitment: str
    client_seeds: list[str]
    server_seed: str | None
    scheme: str = SCHEME

    def to_dict(self) -> dict[str, Any]:
        return {
            "scheme": self.scheme,
            "commitment": self.commitment,
            "client_seeds": list(self.client_seeds),
            "server_seed": self.server_seed,
        }


@dataclass(frozen=True)
class Record:
    """A structurally valid record (its actions are checked by replaying it)."""

    rules: Rules
    first_dealer: int
    hands: list[HandRecord]
    players: list[Player] | None = field(default=None)
    deals: Deals | None = field(default=None)


# -- reading ----------------------------------------------------------------
def _reject_constant(name: str) -> Any:
    raise RecordError(f"not JSON: {name} is not a number")


def parse_json(text: str | bytes) -> Any:
    """Parse JSON text (bytes are read as UTF-8); any failure is a RecordError."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(f"not JSON: not UTF-8 text (byte {e.start})") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecordError:
        raise
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise RecordError("not JSON: nested too deeply") from None
    except ValueError as e:  # e.g. an integer with too many digits
        raise RecordError(f"not JSON: {e}") from None


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _card_list(v: object, what: str) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise RecordError(f"{what} must be a list of card strings")
    return list(v)


def _card_lists(v: object, what: str) -> list[list[str]]:
    if not isinstance(v, list):
        raise RecordError(f"{what} must be a list with one list of cards per seat")
    return [_card_list(x, f"{what}[{i}]") for i, x in enumerate(v)]


def _hand(i: int, h: object) -> HandRecord:
    what = f"hands[{i}]"
    if not isinstance(h, dict):
        raise RecordError(f"{what} must be an object")
    unknown = sorted(set(h) - HAND_KEYS)
    if unknown:
        raise RecordError(f"{what} has an unknown key {unknown[0]!r}")
    if "deal" not in h:
        raise RecordError(f"{what} has no 'deal'")
    deal = _card_lists(h["deal"], f"{what}.deal")
    kitty = [] if h.get("kitty") is None else _card_list(h["kitty"], f"{what}.kitty")
    passes = None if h.get("passes") is None else _card_lists(h["passes"], f"{what}.passes")
    plays = [] if h.get("plays") is None else _card_list(h["plays"], f"{what}.plays")
    moon = h.get("moon")
    if moon is not None and not isinstance(moon, str):
        raise RecordError(f"{what}.moon must be 'add' or 'subtract'")
    seed = h.get("seed")
    if seed is not None and not is_seed(seed):
        raise RecordError(f"{what}.seed must be 64 lowercase hex characters (a hearts-deal/1 seed)")
    return HandRecord(deal, kitty, passes, plays, moon, seed)


def _players(v: object, n: int) -> list[Player]:
    if not isinstance(v, list) or len(v) != n:
        raise RecordError(f"'players' must be a list with one object per seat ({n})")
    out = []
    for s, p in enumerate(v):
        if not isinstance(p, dict):
            raise RecordError(f"players[{s}] must be an object")
        unknown = sorted(set(p) - PLAYER_KEYS)
        if unknown:
            raise RecordError(f"players[{s}] has an unknown key {unknown[0]!r}")
        name, bot = p.get("name"), p.get("bot")
        if not isinstance(name, str):
            raise RecordError(f"players[{s}].name must be a string")
        if bot is not None and not isinstance(bot, str):
            raise RecordError(f"players[{s}].bot must be a bot spec (a string) or null")
        out.append(Player(name, bot))
    return out


def _deals(v: object, n: int) -> Deals:
    if not isinstance(v, dict):
        raise RecordError("'deals' must be an object")
    unknown = sorted(set(v) - DEALS_KEYS)
    if unknown:
        raise RecordError(f"deals has an unknown key {unknown[0]!r}")
    if v.get("scheme") != SCHEME:
        raise RecordError(f"deals.scheme must be {SCHEME!r}")
    if not is_seed(v.get("commitment")):
        raise RecordError("deals.commitment must be 64 lowercase hex characters")
    clients = v.get("client_seeds")
    if not is_client_seed_list(clients) or len(clients) != n:  # type: ignore[arg-type]
        raise RecordError(f"deals.client_seeds must list one client seed per seat ({n}): empty or 1 to 64 printable ASCII characters")
    server = v.get("server_seed")
    if server is not None and not is_seed(server):
        raise RecordError("deals.server_seed must be 64 lowercase hex characters or null")
    return Deals(v["commitment"], list(clients), server)  # type: ignore[arg-type]


def to_record(data: Any) -> Record:
    """Check the structure of a parsed document and build a :class:`Record`."""
    if not isinstance(data, dict):
        raise RecordError("not a record: the document must be a JSON object")
    if data.get("format") != FORMAT:
        got = data.get("format")
        if "format" not in data:
            raise RecordError(f"not a record: no 'format' (expected {FORMAT!r})")
        shown = repr(got) if isinstance(got, str) and len(got) < 40 else "of type " + type(got).__name__
        raise RecordError(f"not a record: format is {shown}, expected {FORMAT!r}")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise RecordError(f"not a record: unknown key {unknown[0]!r}")
    if "rules" not in data:
        raise RecordError("not a record: no 'rules'")
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, TypeError, ValueError, OverflowError) as e:
        raise RecordError(f"bad rules: {_short(str(e))}") from None
    dealer = data.get("first_dealer", 0)
    if not _is_int(dealer) or not 0 <= dealer < rules.players:
        raise RecordError(f"first_dealer must be a seat from 0 to {rules.players - 1}")
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list")
    players = None if data.get("players") is None else _players(data["players"], rules.players)
    deals = None if data.get("deals") is None else _deals(data["deals"], rules.players)
    return Record(rules, dealer, [_hand(i, h) for i, h in enumerate(hands)], players, deals)


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def loads_record(text: str | bytes) -> Record:
    """Parse and structurally check a record from JSON text."""
    return to_record(parse_json(text))


def read_text(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input); an unreadable file is a RecordError."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None


def read_record(path: str) -> Record:
    """Read and structurally check the record in file ``path`` (``-``: stdin)."""
    return loads_record(read_text(path))


# -- writing ----------------------------------------------------------------
def hand_entry(hand: Hand, seed: str | None = None) -> dict[str, Any]:
    """One hand as a record's hand object (works for an unfinished hand); ``seed`` is written when given.

    Passes are written once every seat has chosen (the exchange is done);
    before that, and on a hand without passing, ``passes`` is null.
    """
    passes = None
    if hand.pass_direction != "none" and all(p is not None for p in hand.passes):
        passes = [[card_name(c) for c in sorted(p or ())] for p in hand.passes]
    entry: dict[str, Any] = {} if seed is None else {"seed": seed}
    entry |= {
        "deal": [[card_name(c) for c in sorted(cards)] for cards in hand.deal],
        "kitty": [card_name(c) for c in sorted(hand.kitty)],
        "passes": passes,
        "plays": [card_name(c) for c in hand.plays],
    }
    if hand.shooter is not None and hand.moon_choice is not None and hand.rules.moon == "choose":
        entry["moon"] = hand.moon_choice
    return entry


def game_record(
    game: Game,
    *,
    seeds: Sequence[str | None] = (),
    players: Sequence[Player] | None = None,
    deals: Deals | None = None,
) -> dict[str, Any]:
    """The record of a game (its last hand may be unfinished), every rules option explicit.

    ``seeds[i]`` is written as hand ``i``'s seed (a missing or None entry writes none);
    ``players`` and ``deals`` are written when given.
    """
    record: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_dict(), "first_dealer": game.first_dealer}
    if players is not None:
        record["players"] = [{"name": p.name, "bot": p.bot} for p in players]
    if deals is not None:
        record["deals"] = deals.to_dict()
    record["hands"] = [hand_entry(h, seeds[i] if i < len(seeds) else None) for i, h in enumerate(game.hands)]
    return record


def hand_record(hand: Hand) -> dict[str, Any]:
    """A one-hand record of the first hand of a game (``hand.number`` must be 1)."""
    if hand.number != 1:
        raise ValueError("only a game's first hand can stand alone as a record")
    return {"format": FORMAT, "rules": hand.rules.to_dict(), "first_dealer": hand.dealer, "hands": [hand_entry(hand)]}


def dumps_record(record: dict[str, Any]) -> str:
    """JSON text of a record: one line per key of each hand, cards inline."""

    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = ["{", f'  "format": {one(record["format"])},', f'  "rules": {one(record["rules"])},']
    lines.append(f'  "first_dealer": {one(record.get("first_dealer", 0))},')
    if record.get("players") is not None:
        lines.append('  "players": [' + ", ".join(one(p) for p in record["players"]) + "],")
    if record.get("deals") is not None:
        lines.append(f'  "deals": {one(record["deals"])},')
    hands = record.get("hands", [])
    if not hands:
        lines.append('  "hands": []')
    else:
        lines.append('  "hands": [')
        for i, h in enumerate(hands):
            body = ",\n".join(f"      {one(k)}: {one(v)}" for k, v in h.items())
            lines.append("    {\n" + body + "\n    }" + ("," if i < len(hands) - 1 else ""))
        lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_record(record: dict[str, Any] | Game, path: str | os.PathLike[str], *, check: bool = True) -> None:
    """Write a record (or a game's record) to ``path`` atomically.

    With ``check`` the record is replayed first and an illegal one raises
    (:class:`RecordError` or :class:`~hearts.record.errors.ReplayError`)
    without touching ``path``. The file is written to a temporary file in
    the same directory, flushed to disk, then renamed over ``path``.
    """
    data = game_record(record) if isinstance(record, Game) else record
    text = dumps_record(data)
    if check:
        from .replay import replay_game

        replay_game(loads_record(text))
    target = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=".hearts-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


__all__ = [
    "FORMAT",
    "Deals",
    "HandRecord",
    "Player",
    "Record",
    "dumps_record",
    "game_record",
    "hand_entry",
    "hand_record",
    "loads_record",
    "parse_json",
    "read_record",
    "read_text",
    "save_record",
    "to_record",
]
