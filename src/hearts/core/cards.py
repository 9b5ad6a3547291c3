"""Cards as small ints and card sets as int bitmasks.

A card is ``suit * 13 + rank`` with suits ``C D H S`` (0..3) and rank 0 the
two, rank 12 the ace; so sorting ints sorts in *card order* (by suit, then
rank). A set of distinct cards is an int whose bit ``c`` is set for card ``c``.

>>> parse_card("QS"), card_name(49)
(49, 'QS')
>>> card_name(parse_card("10♥"))
'TH'
>>> tuple(card_name(c) for c in mask_cards(parse_mask(["2C", "AS"])))
('2C', 'AS')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import CardError

Card = int
CardMask = int

SUITS = "CDHS"
RANKS = "23456789TJQKA"
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

ALL_CARDS: CardMask = (1 << 52) - 1
SUIT_MASKS: tuple[CardMask, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
HEARTS_MASK: CardMask = SUIT_MASKS[HEARTS]
#: suit of each card id, a table lookup faster than ``c // 13``.
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))

_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


def card(rank: str, suit: str) -> Card:
    """Card from a rank and a suit letter: ``card("Q", "S") == 49``."""
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def parse_card(text: str) -> Card:
    """Read a card: ``"QS"``, ``"qs"``, ``"10H"``, ``"Q♠"``.

    >>> parse_card("2c")
    0
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like 'QS', not {text!r}")
    t = text.strip().upper()
    if t and t[-1] in _SYMBOLS:
        t = t[:-1] + _SYMBOLS[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"not a card: {text!r} (write rank then suit, e.g. 'QS', 'TH', '2C')")
    return card(t[0], t[1])


def card_name(c: Card) -> str:
    """Canonical two-character name: ``card_name(0) == '2C'``."""
    return RANKS[c % 13] + SUITS[c // 13]


QS: Card = card("Q", "S")
JD: Card = card("J", "D")
TWO_CLUBS: Card = card("2", "C")


def mask_of(cards: Iterable[Card]) -> CardMask:
    """Bitmask of the distinct cards in ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_mask(names: Iterable[str]) -> CardMask:
    """Bitmask of card names."""
    return mask_of(parse_card(n) for n in names)


_TABLES: list[list[tuple[Card, ...]]] = []


def _tables() -> list[list[tuple[Card, ...]]]:
    """Per suit, the cards of every 13-bit pattern (built on first use, ~40 ms)."""
    if not _TABLES:
        ranks: list[tuple[int, ...]] = [()] * 8192
        for m in range(1, 8192):
            ranks[m] = ((m & -m).bit_length() - 1,) + ranks[m & (m - 1)]
        _TABLES.extend([tuple(r + 13 * s for r in t) for t in ranks] for s in range(4))
    return _TABLES


def mask_cards(mask: CardMask) -> tuple[Card, ...]:
    """The cards of a mask, in card order (table lookups, no loop)."""
    t0, t1, t2, t3 = _TABLES or _tables()
    return t0[mask & 8191] + t1[mask >> 13 & 8191] + t2[mask >> 26 & 8191] + t3[mask >> 39 & 8191]


def names(cards: Iterable[Card]) -> list[str]:
    """Canonical names of cards, sorted in card order (duplicates kept)."""
    return [card_name(c) for c in sorted(cards)]


def points_of(c: Card) -> int:
    """Points of one card before house rules: :func:`hearts.core.kernel.card_points` (the rules kernel holds the values)."""
    from .kernel import card_points  # the kernel imports this module: its values are read when first asked for

    return card_points(c)


if TYPE_CHECKING:
    #: points of each card id before house rules, built from :func:`hearts.core.kernel.card_points` on first use
    POINTS: tuple[int, ...]


def __getattr__(name: str) -> tuple[int, ...]:
    """``POINTS``, the table of each card id's points, built from the rules kernel when first read."""
    if name == "POINTS":
        from .kernel import card_points

        table = tuple(card_points(c) for c in range(52))
        globals()["POINTS"] = table
        return table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
