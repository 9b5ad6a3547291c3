"""Deals anyone can check: the ``hearts-deal/1`` scheme.

A deal is a pure function of a 32-byte seed (64 lowercase hex characters):
each position of the canonical deck gets the key SHA-256(seed || position as
4 big-endian bytes), the positions are sorted by key, and the seats take
consecutive runs of that order; what is left is the kitty. A table's hand
seeds are HMAC-SHA256 of a committed server secret over the players' client
seeds, so nobody alone can choose the cards (see ``docs/deals.md``).

>>> from hearts.core.cards import names
>>> from hearts.core.rules import Rules
>>> hands, kitty = seed_deal(Rules.standard(4), "00" * 32)
>>> " ".join(names(hands[0]))
'3C AC 2D 7D 9D JD QD KD 5H 7S 9S TS QS'
>>> commitment("0a" * 32) == hashlib.sha256(bytes.fromhex("0a" * 32)).hexdigest()
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from .cards import Card
from .errors import HeartsError
from .rules import Rules

SCHEME = "hearts-deal/1"
SEED_BYTES = 32
CLIENT_SEED_MAX = 64
_HEX = frozenset("0123456789abcdef")


class SeedError(HeartsError, ValueError):
    """A seed, a commitment or a client seed is not well formed."""


def is_seed(text: object) -> bool:
    """Is ``text`` a seed: exactly 64 lowercase hex characters?"""
    return isinstance(text, str) and len(text) == 2 * SEED_BYTES and set(text) <= _HEX


def check_seed(text: object, what: str = "seed") -> str:
    """Return ``text`` if it is 64 lowercase hex characters, else raise SeedError."""
    if not is_seed(text):
        raise SeedError(f"{what} must be 64 lowercase hex characters, not {_short(text)}")
    return text  # type: ignore[return-value]


def check_client_seed(text: object, *, bot: bool = False) -> str:
    """Return a valid client seed: 1-64 printable ASCII characters, or "" for a bot seat."""
    if not isinstance(text, str):
        raise SeedError(f"a client seed must be a string, not {_short(text)}")
    if bot:
        if text:
            raise SeedError("a bot seat gives no client seed (the empty string)")
        return text
    if not 1 <= len(text) <= CLIENT_SEED_MAX:
        raise SeedError(f"a client seed must be 1 to {CLIENT_SEED_MAX} characters, not {len(text)}")
    if not _printable(text):
        raise SeedError("a client seed may hold only printable ASCII characters (space to ~)")
    return text


def is_client_seed_list(seeds: object) -> bool:
    """Is ``seeds`` a list of strings each empty or 1-64 printable ASCII characters?"""
    if not isinstance(seeds, list):
        return False
    return all(isinstance(s, str) and len(s) <= CLIENT_SEED_MAX and _printable(s) for s in seeds)


def new_server_seed() -> str:
    """A fresh secret S: 32 bytes from the operating system's generator, as hex."""
    return secrets.token_hex(SEED_BYTES)


def seed_from_text(text: str) -> str:
    """A seed named by any text: hex(SHA-256(its UTF-8 bytes)); ``hearts play --seed 42`` uses ``"42"``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(server_seed: str) -> str:
    """hex(SHA-256(S)) of a server seed given in hex."""
    return hashlib.sha256(bytes.fromhex(check_seed(server_seed, "server seed"))).hexdigest()


def hand_seed(server_seed: str, hand: int, client_seeds: Sequence[str]) -> str:
    """Seed of hand ``hand`` (1 for the first): HMAC-SHA256(S, scheme 0 h 0 c0 0 c1 ...)."""
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        raise SeedError(f"hand numbers start at 1, not {hand!r}")
    key = bytes.fromhex(check_seed(server_seed, "server seed"))
    parts = [SCHEME.encode("ascii"), str(hand).encode("ascii")] + [c.encode("ascii") for c in client_seeds]
    return hmac.new(key, b"\x00".join(parts), hashlib.sha256).hexdigest()


def canonical_deck(rules: Rules) -> list[Card]:
    """The cards in play in card order; Cancellation Hearts lists the whole order twice."""
    if rules.copies == 2:
        return list(range(52)) * 2
    return list(rules.deck)


#: position ``i`` as 4 big-endian bytes, for every position of the largest deck
_POSITIONS = tuple(i.to_bytes(4, "big") for i in range(104))


def deal_order(rules: Rules, seed: str) -> list[Card]:
    """The canonical deck's cards sorted by their keys SHA-256(seed || i), ties by position."""
    deck = canonical_deck(rules)
    prefix = hashlib.sha256(bytes.fromhex(check_seed(seed)))
    keyed = []
    for i, position in enumerate(_POSITIONS[: len(deck)]):
        h = prefix.copy()  # the seed's bytes hashed once, then each position appended
        h.update(position)
        keyed.append((h.digest(), i))
    keyed.sort()
    return [deck[i] for _, i in keyed]


def seed_deal(rules: Rules, seed: str) -> tuple[list[list[Card]], list[Card]]:
    """The ``hearts-deal/1`` deal of ``seed``: one sorted list per seat, and the sorted kitty."""
    order = deal_order(rules, seed)
    k = rules.cards_each
    hands = [sorted(order[s * k : s * k + k]) for s in range(rules.players)]
    return hands, sorted(order[k * rules.players :])


def _printable(text: str) -> bool:
    """Does ``text`` hold only printable ASCII (space to ~)?"""
    return all(" " <= ch <= "~" for ch in text)


def _short(value: object) -> str:
    """A short repr for error messages."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
