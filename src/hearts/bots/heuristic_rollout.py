"""A fast rollout policy for full-information worlds (the search bot's playouts).

:func:`rollout_card` plays for ``hand.to_move`` in a :class:`~hearts.core.Hand`
by the heuristic's rules (:mod:`hearts.bots.heuristic_play`), reading only
what that seat could know: its own cards, the cards still out (all the other
hands together, never who holds what), the trick, the public points. It
builds no view and sorts nothing: a 4-player hand plays out in well under a
millisecond.

>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)  # no passing
>>> while hand.phase == "play":
...     hand.play(rollout_card(hand))
>>> hand.phase in ("done", "moon"), sum(hand.points_taken)
(True, 26)
"""

from __future__ import annotations

from hearts.core import Card, Hand
from hearts.core.cards import JD
from hearts.core.kernel import JACK_POINTS, trick_points

from .kernel.pack import pack_rules
from .kernel.playout import ROLLOUT_DEFEND_AT, RUN_ON_AT, rollout_choice, rollout_runner
from .kernel.policy import live_cards

__all__ = ["ROLLOUT_DEFEND_AT", "RUN_ON_AT", "rollout_card", "rollout_moon"]


def rollout_card(hand: Hand, shoot: int = 0, root: int = -1, root_run_on: int = RUN_ON_AT) -> Card:
    """The heuristic's card for the seat to move in a full-information hand in the play phase.

    ``shoot``: a mask of seats (bit ``s``) that go for the moon for as long as
    no other seat has taken a point. Besides them, a seat that holds every
    point so far, at least :data:`RUN_ON_AT` of 26, keeps going for the moon
    (a runner, as a real opponent with that many would); the others defend
    against it (see :mod:`hearts.bots.heuristic_play`). The seat ``root`` (the
    searching seat) keeps running from ``root_run_on`` points instead.
    """
    legal = hand.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    me = hand.to_move
    lo = hand.lo
    out = 0
    for s in range(hand.n):
        if s != me:
            out |= lo[s]
    rules = hand.rules
    trick = hand.trick
    pts = hand.pile_points + trick_points(trick, len(trick))
    if rules.jack_of_diamonds:
        pts += JACK_POINTS * trick.count(JD)
    for c in hand.kitty:
        out |= 1 << c  # the kitty's cards are unseen: out, as far as the seat knows
    if hand.kitty and not hand.tricks:
        pts += len(hand.kitty) // 2  # the kitty's expected points go to the first trick
    run_on = root_run_on if me == root else RUN_ON_AT
    packed = pack_rules(rules)
    live = live_cards(trick, len(trick), rules.copies) if trick else 0
    runner = rollout_runner(packed, hand.points_taken)
    return rollout_choice(
        packed, legal, lo[me], out, trick, len(trick), hand.leader, me, hand.points_taken, hand.voids, pts, live, runner, shoot, run_on
    )


def rollout_moon(hand: Hand) -> str:
    """The shooter's moon choice in a rollout: ``"add"`` (worth the same as subtracting for the margins)."""
    return "add"
