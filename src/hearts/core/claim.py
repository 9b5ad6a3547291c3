"""Claiming the rest of a hand: when the outcome of the tricks left is certain.

A seat may claim on its turn in play when no card left can change the hand's
points (every point card, and the kitty, already taken), or when it leads and
each card it holds beats every card of its suit still out (one deck only: in
Cancellation Hearts a copy could cancel it). After a claim the rest of the
hand is played out, every seat its lowest legal card; the points come out as
they would in any order of play.

>>> from hearts.core.rules import Rules
>>> from hearts.core.hand import Hand
>>> h = Hand.from_seed(Rules.standard(4), seed=1)
>>> can_claim(h, 0)  # passing: nothing to claim
False
"""

from __future__ import annotations

from .cards import POINTS, Card
from .hand import JD, PLAY, Hand


def points_left(hand: Hand) -> bool:
    """Could any card still change the hand's points? (Any point card not yet taken, or a kitty not yet taken.)"""
    if hand.kitty and hand.kitty_taker() is None:
        return True
    rules = hand.rules
    remaining: list[Card] = list(rules.deck) * (2 if rules.is_cancellation else 1)
    for c in [c for cards in hand.taken for c in cards] + list(hand.kitty):
        remaining.remove(c)
    jd = bool(rules.jack_of_diamonds)
    return any(POINTS[c] or (jd and c == JD) for c in remaining)


def wins_the_rest(hand: Hand, seat: int) -> bool:
    """``seat`` leads and each card it holds beats every card of its suit still out (one deck only)."""
    if hand.rules.is_cancellation or hand.phase != PLAY or hand.to_move != seat or hand.trick:
        return False
    mine = hand.hand_cards(seat)
    others = [c for s in range(hand.rules.players) if s != seat for c in hand.hand_cards(s)]
    return all(not any(o // 13 == c // 13 and o > c for o in others) for c in mine)


def can_claim(hand: Hand, seat: int) -> bool:
    """May ``seat`` claim now: its turn in play, and no points left or it surely wins every trick left?"""
    if hand.phase != PLAY or hand.to_move != seat:
        return False
    return not points_left(hand) or wins_the_rest(hand, seat)
