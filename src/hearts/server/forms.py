"""What a new table may be, and the create and join requests checked against it: standard library only.

The lobby of ``hearts serve`` (:mod:`hearts.server.lobby`) and the table
that runs in the page (:mod:`hearts.web.host`) check a request the same
way, with the same messages, so the web client shows the same refusals
whichever one answers it.

>>> new = check_create({"variant": "standard", "players": 4, "level": "easy", "name": " Ann "}, default_level="medium")
>>> new.rules.players, new.level, new.name, new.turn_seconds
(4, 'easy', 'Ann', 60)
>>> check_create({"variant": "standard", "players": 9}, default_level="medium")
Traceback (most recent call last):
...
hearts.session.table.Refusal: standard Hearts is for 3 to 7 players, not 9
>>> table_options()["variants"]["cancellation"]
[6, 11]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from hearts.bots.registry import LEVELS
from hearts.core import Rules
from hearts.core.enums import Variant
from hearts.core.errors import HeartsError
from hearts.core.fair_deal import SeedError, check_client_seed
from hearts.core.rules import LAST_TRICK_RULES, MOON_CHOICES, RULE_KEYS, TIE_RULES, rules_from_mapping
from hearts.session.guide import GUIDE_LEVEL

from .names import check_name
from .table import Refusal

#: the turn timer's allowed values (0: none)
TURN_SECONDS = (10, 600)
#: the turn timer of a table made without one
DEFAULT_TURN_SECONDS = 60
#: the HTTP status of each error code of a refused request (any other: 400)
STATUS = {
    "not_found": 404,
    "not_finished": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "not_now": 409,
    "too_large": 413,
    "bad_origin": 403,
    "banned": 403,
    "private": 403,
    "login_failed": 401,
    "rate_limited": 429,
}
#: the fields of a create request
CREATE_FIELDS = frozenset({"variant", "players", "target", "rules", "level", "turn_seconds", "name", "client_seed", "free_chat", "guide"})
#: the fields of a create request for a guided first hand (:mod:`hearts.session.guide`)
GUIDE_FIELDS = frozenset({"guide", "name"})
#: the fields of a join request
JOIN_FIELDS = frozenset({"name", "seat", "token", "client_seed"})


@dataclass(frozen=True)
class NewTable:
    """A checked create request: the table's rules, bots' level and turn timer; the creator's name and deal seed."""

    rules: Rules
    level: str
    turn_seconds: int
    name: str | None
    client_seed: str | None
    #: may the people at the table chat in free text (quick phrases are always on)
    free_chat: bool = True
    #: a guided first hand: standard Hearts for 4, easy bots, no timer, the guide's deal
    guide: bool = False


@dataclass(frozen=True)
class JoinRequest:
    """A checked join request: the name, the seat wanted (None: any), the token already held here, the deal seed."""

    name: str
    seat: int | None
    token: str | None
    client_seed: str | None


def check_create(body: Any, default_level: str) -> NewTable:
    """A create request's body, checked (raises :class:`Refusal` ``bad_request``); ``default_level`` when it names none."""
    if not isinstance(body, dict):
        raise Refusal("bad_request", "send a JSON object with at least 'variant' and 'players'")
    unknown = sorted(set(body) - CREATE_FIELDS)
    if unknown:
        raise Refusal("bad_request", f"unknown field {unknown[0][:40]!r}: the fields are {', '.join(sorted(CREATE_FIELDS))}")
    if "guide" in body:
        return check_guided(body)
    try:  # the core's one checker of rules options (the same messages as the command line's)
        rules = rules_from_mapping(body.get("variant"), body.get("players"), body.get("rules", {}), target=body.get("target"))
    except (HeartsError, TypeError) as e:
        raise Refusal("bad_request", str(e)) from None
    level = body.get("level", default_level)
    if level not in LEVELS:
        raise Refusal("bad_request", f"level must be one of {', '.join(LEVELS)}")
    turn = body.get("turn_seconds", DEFAULT_TURN_SECONDS)
    if not isinstance(turn, int) or isinstance(turn, bool) or not (turn == 0 or TURN_SECONDS[0] <= turn <= TURN_SECONDS[1]):
        raise Refusal("bad_request", f"turn_seconds must be 0 (no timer) or from {TURN_SECONDS[0]} to {TURN_SECONDS[1]}")
    name = check_name(body["name"]) if body.get("name") is not None else None
    free_chat = body.get("free_chat", True)
    if not isinstance(free_chat, bool):
        raise Refusal("bad_request", "free_chat must be true or false")
    return NewTable(rules, level, turn, name, client_seed(body), free_chat)


def check_guided(body: dict[str, Any]) -> NewTable:
    """A create request with ``guide``: a guided first hand, whose rules, bots, timer and deal are the guide's.

    >>> new = check_guided({"guide": True, "name": "Ann"})
    >>> new.guide, new.rules.players, new.level, new.turn_seconds, new.client_seed
    (True, 4, 'easy', 0, None)
    >>> check_guided({"guide": True, "players": 5})
    Traceback (most recent call last):
    ...
    hearts.session.table.Refusal: a guided table is standard Hearts for 4 against easy bots: send only 'guide' and 'name'
    """
    if body.get("guide") is not True:
        raise Refusal("bad_request", "guide must be true (leave it out for a table that is not guided)")
    if set(body) - GUIDE_FIELDS:
        raise Refusal("bad_request", "a guided table is standard Hearts for 4 against easy bots: send only 'guide' and 'name'")
    name = check_name(body["name"]) if body.get("name") is not None else None
    return NewTable(Rules.standard(4), GUIDE_LEVEL, 0, name, None, guide=True)


def check_join(body: Any) -> JoinRequest:
    """A join request's body, checked (raises :class:`Refusal` ``bad_request``).

    >>> check_join({"name": "Ann", "seat": 2})
    JoinRequest(name='Ann', seat=2, token=None, client_seed=None)
    """
    if not isinstance(body, dict) or set(body) - JOIN_FIELDS:
        raise Refusal(
            "bad_request",
            'send {"name": ..., "seat": optional seat number, "token": the seat token you hold here, if any, "client_seed": optional}',
        )
    name = check_name(body.get("name"))
    seed = client_seed(body)
    wanted = body.get("seat")
    if wanted is not None and (not isinstance(wanted, int) or isinstance(wanted, bool)):
        raise Refusal("bad_request", "seat must be a seat number")
    held = body.get("token")
    if held is not None and (not isinstance(held, str) or not held.isascii() or len(held) > 200):
        raise Refusal("bad_request", "token must be the seat token you hold at this table")
    return JoinRequest(name, wanted, held, seed)


def client_seed(body: dict[str, Any]) -> str | None:
    """The optional ``client_seed`` of a join (or create) body, checked (None when not given)."""
    value = body.get("client_seed")
    if value is None:
        return None
    try:
        return check_client_seed(value)
    except SeedError as e:
        raise Refusal("bad_request", str(e)) from None


@functools.lru_cache(maxsize=1)
def table_options() -> dict[str, Any]:
    """What a new table may be, as ``GET /api/options`` answers it but its defaults (the same for every request).

    Callers get the cached dict: copy it before changing it.
    """
    by_variant = {v: _defaults(v) for v in ("standard", "omnibus", "cancellation")}
    return {
        "variants": {"standard": [3, 7], "omnibus": [3, 7], "cancellation": [6, 11]},
        "rules": by_variant["standard"],
        "rules_by_variant": by_variant,
        "choices": {"moon": list(MOON_CHOICES), "ties": list(TIE_RULES), "last_trick_unwon": list(LAST_TRICK_RULES)},
        "levels": list(LEVELS),
        "turn_seconds": [0, *TURN_SECONDS],
    }


def _defaults(variant: str) -> dict[str, Any]:
    """Every rules option's default for ``variant`` (at its smallest table)."""
    rules = Rules(variant=Variant(variant), players=6 if variant == Variant.CANCELLATION else 4).to_dict()
    return {k: rules[k] for k in RULE_KEYS}
