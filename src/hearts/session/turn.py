"""The help and the refusals of a turn, said once for every app: why an action is not for now, a claim, an undo.

The words are the ones a player reads (the terminal app shows them, the
server sends them in its ``not_now`` errors); the rules behind them are the
core's (:mod:`hearts.core.claim`, the hand's phases).

>>> from hearts.core import Game, Rules
>>> game = Game(Rules.standard(4), seed=1)
>>> not_now(game, 0, "play")
'pass your cards first'
>>> claim_play(game.hand) is None, last_play(game.hand, 0)
(True, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core import Game, PlayCard
from hearts.core.hand import Hand

#: the refusal of a hint (or any help) when the seat has no decision to make
NOTHING_TO_DECIDE = "there is nothing for you to decide now"
#: the refusal of a claim that :func:`hearts.core.claim.can_claim` does not allow
CLAIM_REFUSAL = "you can claim only on your turn, when no points are left or every card you hold wins its trick"


def not_now(game: Game, seat: int, kind: str, names: Sequence[str] | None = None) -> str:
    """Why ``seat`` may not make an action of ``kind`` (``pass``, ``play``, ``moon``) at this moment of ``game``.

    ``names``: the seats' names, to name a shooter who is choosing (else "the shooter").
    """
    if game.game_over:
        return "the game is over"
    hand = game.hand
    if game.needs_deal or hand is None:
        return "the hand is over"
    phase = hand.phase
    if phase == "pass":
        return "pass your cards first" if seat in hand.seats_to_act() else "you have already passed; the others are passing"
    if phase == "moon":
        if hand.shooter == seat:
            return "you shot the moon: choose add or subtract first"
        who = names[hand.shooter] if names is not None and hand.shooter is not None else "the shooter"
        return f"{who} is choosing how to score the moon"
    if kind == "moon":
        return "you have not shot the moon"
    if kind == "pass":
        return "the passing is over"
    return "it is not your turn"


def claim_play(hand: Hand) -> PlayCard | None:
    """The next play of a claim: the seat to move plays its lowest legal card (None: the play is over)."""
    if hand.phase != "play":
        return None
    return PlayCard(hand.to_move, hand.legal_cards()[0])


def play_seats(hand: Hand) -> list[int]:
    """The seat that played each card of ``hand.plays``, in order."""
    n = hand.rules.players
    seats = [(t.leader + i) % n for t in hand.tricks for i in range(len(t.cards))]
    if hand.trick:
        seats += [(hand.leader + i) % n for i in range(len(hand.trick))]
    return seats


def last_play(hand: Hand, seat: int) -> int | None:
    """How many of ``hand.plays`` stay when ``seat`` takes back its last card of the hand (None: it has played none)."""
    seats = play_seats(hand)
    for i in range(len(seats) - 1, -1, -1):
        if seats[i] == seat:
            return i
    return None
