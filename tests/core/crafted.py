"""Helpers for tests: crafted deals and scripted play.

``crafted(rules, fixed, kitty)`` deals the named cards to the given seats and
fills every other place from the rest of the deck in card order (seat 0
first, then the kitty), so a test names only the cards that matter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hearts.core import Hand, Rules, parse_card


def crafted(
    rules: Rules,
    fixed: dict[int, Sequence[str]],
    kitty: Sequence[str] | None = None,
    *,
    dealer: int = 0,
    number: int = 1,
) -> Hand:
    rest = Counter(rules.deck)
    hands: list[list[int]] = [[] for _ in range(rules.players)]
    for seat, cards in fixed.items():
        for name in cards:
            c = parse_card(name)
            assert rest[c] > 0, f"{name} is not left to deal"
            rest[c] -= 1
            hands[seat].append(c)
    kit = [parse_card(n) for n in kitty or ()]
    for c in kit:
        assert rest[c] > 0
        rest[c] -= 1
    pool = sorted(rest.elements())
    for seat in range(rules.players):
        need = rules.cards_each - len(hands[seat])
        assert need >= 0, f"seat {seat} is given too many cards"
        hands[seat] += pool[:need]
        pool = pool[need:]
    if kitty is None:
        kit = pool
    return Hand(rules, hands, kit, dealer=dealer, number=number)


def play_names(hand: Hand, *names: str) -> None:
    """Play the named cards in order (each by the seat to move)."""
    for name in names:
        hand.play(parse_card(name))


def play_lowest(hand: Hand, count: int) -> None:
    """The seat to move plays its lowest legal card, ``count`` times."""
    for _ in range(count):
        hand.play(hand.legal_cards()[0])
