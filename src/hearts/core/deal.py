"""Decks and deals: a seeded shuffle, the check of an explicit deal, hand masks.

>>> import random
>>> from hearts.core.rules import Rules
>>> hands, kitty = random_deal(Rules.cancellation(9), random.Random(1))
>>> [len(h) for h in hands], len(kitty)
([11, 11, 11, 11, 11, 11, 11, 11, 11], 5)
>>> card_masks([0, 0, 5])
(33, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import BIT, Card, CardMask, card_name
from .errors import DealError
from .rules import Rules


def shuffled_deck(rules: Rules, rng: random.Random) -> list[Card]:
    """The rules' deck in a uniformly random order drawn from ``rng``."""
    rand = rng.random
    return sorted(rules.deck, key=lambda _: rand())  # a uniform shuffle, twice as fast as rng.shuffle


def random_deal(rules: Rules, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the rules' deck with ``rng``: one sorted list per seat, and the kitty."""
    deck = shuffled_deck(rules, rng)
    k = rules.cards_each
    hands = [sorted(deck[i * k : (i + 1) * k]) for i in range(rules.players)]
    return hands, sorted(deck[k * rules.players :])


def card_masks(cards: Iterable[Card]) -> tuple[CardMask, CardMask]:
    """(held at least once, held twice) masks of a list of cards."""
    lo = hi = 0
    for c in cards:
        b = BIT[c]
        if lo & b:
            hi |= b
        else:
            lo |= b
    return lo, hi


def is_seat(seat: object, n: int) -> bool:
    """Is ``seat`` a seat number (an int, not a bool) from 0 to n-1?"""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n


def is_card(c: object) -> bool:
    """Is ``c`` a card id (an int, not a bool) from 0 to 51?"""
    return c.__class__ is int and 0 <= c < 52  # type: ignore[operator,unused-ignore]


def check_deal(rules: Rules, deal: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> None:
    """Raise DealError unless ``deal`` and ``kitty`` are exactly the rules' deck."""
    n = rules.players
    if not isinstance(deal, (list, tuple)) or len(deal) != n:
        raise DealError(f"the deal must have one list of cards per seat ({n})")
    for seat, cards in enumerate(deal):
        if not isinstance(cards, (list, tuple)) or not all(is_card(c) for c in cards):
            raise DealError(f"seat {seat}'s cards must be a list of cards")
        if len(cards) != rules.cards_each:
            raise DealError(f"seat {seat} must be dealt {rules.cards_each} cards, not {len(cards)}")
    if not isinstance(kitty, (list, tuple)) or not all(is_card(c) for c in kitty):
        raise DealError("the kitty must be a list of cards")
    if len(kitty) != rules.kitty_size:
        raise DealError(f"the kitty must hold {rules.kitty_size} cards, not {len(kitty)}")
    counts = Counter(c for cards in deal for c in cards) + Counter(kitty)
    expected = Counter(rules.deck)
    for c in sorted(counts):
        if counts[c] > expected[c]:
            where = "dealt twice" if expected[c] == 1 else "dealt more than twice"
            if expected[c] == 0:
                where = "not in this deck"
            raise DealError(f"{card_name(c)} is {where}")
