"""How well a world explains the plays seen: the search's play evidence, as a kernel.

:class:`hearts.bots.inference.PlayEvidence` works out the public side of
every unforced-looking play by another seat once per view (the trick, the
points, the voids, the runner, the cards not yet played); a world only puts
each seat's hand under it. :func:`play_misses` counts the plays that the
rollout policy, holding the world's cards, would not have made; the world
weighs ``miss`` to that power. One-deck games only.

The decisions are packed flat: decision ``i``'s fields at
``fields[i * E_SIZE + E_*]``, its trick, points and voids at
``tricks[i * n + s]``, ``points[i * n + s]`` and ``voids[i * n + s]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import SUIT_MASKS
from hearts.core.kernel import legal_mask, top_bit

from .policy import SHOOT, discard_card, follow_card, lead_card, shooting

E_SEAT = 0  #: the seat that played
E_CARD = 1  #: the card it played
E_LATER = 2  #: the cards it plays from here on (its hand then is its world hand and these)
E_HELD = 3  #: every card not yet played
E_TLEN = 4  #: cards in the trick before it
E_LEADER = 5  #: the trick's leader
E_LED_SUIT = 6  #: the led suit (-1: it led)
E_FIRST = 7  #: 1: the first trick
E_BROKEN = 8  #: 1: hearts were broken
E_AGAINST = 9  #: the runner it defends against (-1: none)
E_TPTS = 10  #: the trick's points so far (the J♦ counted)
E_LIVE = 11  #: the trick's cards of the led suit
E_RUNS = 12  #: 1: it holds every point, enough to keep running the moon whatever it holds
E_MAY_SHOOT = 13  #: 1: it holds every point, at least half: it runs if its cards say so
E_SIZE = 14


def play_misses(
    hands: Sequence[int],
    count: int,
    fields: Sequence[int],
    tricks: Sequence[int],
    points: Sequence[int],
    voids: Sequence[int],
    n: int,
    moon_points: int,
    jd: bool,
    restrict: bool,
    seat_only: int,
) -> int:
    """How many of the ``count`` decisions the policy would not have made in a world whose seats hold
    ``hands`` now (one mask a seat); ``seat_only`` >= 0 counts only that seat's decisions."""
    trick = [0] * n
    pts = [0] * n
    vds = [0] * n
    misses = 0
    for i in range(count):
        f = i * E_SIZE
        seat = fields[f + E_SEAT]
        if seat_only >= 0 and seat != seat_only:
            continue
        h = hands[seat] | fields[f + E_LATER]
        tlen = fields[f + E_TLEN]
        led = fields[f + E_LED_SUIT]
        legal = legal_mask(h, led, fields[f + E_FIRST] == 1, fields[f + E_BROKEN] == 1, restrict, False, 0)
        if not legal & (legal - 1):
            continue
        for s in range(n):
            trick[s] = tricks[i * n + s]
            pts[s] = points[i * n + s]
            vds[s] = voids[i * n + s]
        out = fields[f + E_HELD] ^ h
        mode = 0
        if fields[f + E_RUNS] == 1 or fields[f + E_MAY_SHOOT] == 1 and shooting(pts, n, seat, moon_points, h, out):
            mode = SHOOT
        against = fields[f + E_AGAINST]
        if tlen == 0:
            card = lead_card(legal, h, out, against, mode, jd, seat, n, vds)
        else:
            live = fields[f + E_LIVE]
            w = top_bit(live)
            leader = fields[f + E_LEADER]
            tpts = fields[f + E_TPTS]
            if legal & SUIT_MASKS[led]:
                card = follow_card(legal, out, trick, tlen, leader, n, w, live, tpts, tlen == n - 1, against, mode, 1, jd, pts)
            else:
                card = discard_card(legal, out, trick, tlen, leader, n, w, against, mode, jd, pts, 1, tpts)
        if card != fields[f + E_CARD]:
            misses += 1
    return misses
