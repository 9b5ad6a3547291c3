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

from .heuristic_play import NORMAL, SHOOT, choose_play, shooting

#: in a rollout, a seat holding every point so far, at least this many (of 26), keeps running the moon.
#: 10 for every seat, against ``mc:128`` (``search:sims=300:pass=100:gate=1.5:pass_guard=5``, 100 deals × 4,
#: paired): +0.10 ± 0.25 (seed 47: moons 48 / 22 instead of 35 / 28) and +0.04 ± 0.22 (seed 48: 57 / 30
#: instead of 52 / 28), so 16 stays; 10 for the searching seat alone (its ``run_on``): −0.02 ± 0.13 (seed 47).
RUN_ON_AT = 16
#: in a rollout, a seat holding every point so far, at least this many (of 26), is defended against as a
#: runner; the ``heuristic`` bot itself defends from 2 (:data:`~hearts.bots.heuristic_play.DEFEND_AT`).
#: Earlier defenders make a moon look harder to take than it is against most opponents, and they play
#: ordinary hands oddly (no queen for a seat that took two hearts): against hearts-engine's ``mc:128``,
#: ``search:sims=300:pass=10`` gained +0.41 ± 0.30 payoff a hand over 100 deals with 8 instead of 2.
ROLLOUT_DEFEND_AT = 8


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
    extra = hand.pile_points
    kitty = hand.kitty
    if kitty:
        for c in kitty:
            out |= 1 << c  # the kitty's cards are unseen: out, as far as the seat knows
        if not hand.tricks:
            extra += len(kitty) // 2  # the kitty's expected points go to the first trick
    mine = lo[me]
    points = hand.points_taken
    moon = rules.moon_points
    taken = points[me]
    mode = NORMAL
    run_on = root_run_on if me == root else RUN_ON_AT
    if taken == sum(points) and (
        shoot >> me & 1 or rules.copies == 1 and taken * 26 >= run_on * moon or shooting(points, me, moon, mine, out)
    ):
        mode = SHOOT
    return choose_play(
        legal,
        mine,
        out,
        hand.trick,
        hand.leader,
        hand.n,
        me,
        points,
        moon,
        rules.copies,
        bool(rules.jack_of_diamonds),
        extra,
        mode,
        hand.voids,
        ROLLOUT_DEFEND_AT,
    )


def rollout_moon(hand: Hand) -> str:
    """The shooter's moon choice in a rollout: ``"add"`` (worth the same as subtracting for the margins)."""
    return "add"
