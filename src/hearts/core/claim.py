"""Claiming the rest of a hand: when the outcome of the tricks left is certain.

A seat may claim on its turn in play when no card left can change the hand's
points (every point card seen taken in a won trick; the kitty, unseen, never
counts as taken), or when it leads and
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

from .cards import Card
from .hand import PLAY, Hand


def points_left(hand: Hand) -> bool:
    """Could any card still change the hand's points, as far as every seat can tell?

    True while some point card (or the J♦ under the Omnibus rule) is not
    among the cards of the tricks already won (a set-aside trick counts once
    a later trick takes it). The kitty's cards count as not won whatever they
    are: nobody sees them before the hand ends, so the answer must not depend
    on them. This reads only public facts, so telling a seat that it may
    claim reveals nothing hidden.
    """
    rules = hand.rules
    remaining: list[Card] = list(rules.deck) * (2 if rules.is_cancellation else 1)
    pending: list[Card] = []
    for t in hand.tricks:
        pending.extend(t.cards)
        if t.winner is not None:
            for c in pending:
                remaining.remove(c)
            pending = []
    return any(rules.is_point_card(c) for c in remaining)


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
