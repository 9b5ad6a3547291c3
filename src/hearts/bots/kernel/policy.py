"""The heuristic's card play as a kernel: one source for the ``heuristic`` bot, the search's rollouts and its evidence.

:func:`policy_card` is :func:`hearts.bots.heuristic_play.choose_play`; the
rules it plays by are described there. Everything here sees only what the
seat to move may know: its own cards (``mine``), the cards still *out*
(neither played nor its own), the trick so far (its first ``tlen`` cards of
``trick``), the public points per seat, the voids shown.

>>> from hearts.core.cards import parse_card as p, card_name
>>> bit = lambda *names: sum(1 << p(x) for x in names)
>>> # 4 players, seat 2 follows a spade trick 9S KS with QS 3S: it dumps the queen under the king
>>> card_name(policy_card(bit("QS", "3S"), bit("QS", "3S"), bit("AS", "2H"), [p("9S"), p("KS")], 2, 0, 4, 2,
...                       [0, 0, 0, 0], 26, 1, False, 0, NORMAL, [0, 0, 0, 0], DEFEND_AT))
'QS'
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import HEARTS, HEARTS_MASK, JD, QS, SPADES, SUIT_MASKS, SUIT_OF
from hearts.core.kernel import (
    JACK_POINTS,
    JD_BIT,
    MOON_SCORE,
    POINT_MASK,
    QS_BIT,
    QUEEN_POINTS,
    count_bits,
    jacks_in,
    low_bit,
    top_bit,
    trick_points,
)

from .tables import ABOVE, BELOW, HIGH_SPADES, LOW_SPADES, RANK

#: moon modes of the seat to move
NORMAL, SHOOT = 0, 1
#: a seat holding every point so far, at least this many (per 26 moon points), is treated as a runner
DEFEND_AT = 2


def lowest_rank(m: int) -> int:
    """The card of lowest rank in ``m`` (the lower suit on ties); -1 for an empty mask.

    >>> from hearts.core.cards import parse_card as p
    >>> lowest_rank(1 << p("3S") | 1 << p("3D") | 1 << p("9C")) == p("3D")
    True
    """
    best, rank = -1, 99
    for s in range(4):
        x = m & SUIT_MASKS[s]
        if x:
            c = low_bit(x)
            if RANK[c] < rank:
                best, rank = c, RANK[c]
    return best


def highest_rank(m: int) -> int:
    """The card of highest rank in ``m`` (the higher suit on ties); -1 for an empty mask.

    >>> from hearts.core.cards import parse_card as p
    >>> highest_rank(1 << p("KS") | 1 << p("KD") | 1 << p("9C")) == p("KS")
    True
    """
    best, rank = -1, -1
    for s in range(4):
        x = m & SUIT_MASKS[s]
        if x:
            c = top_bit(x)
            if RANK[c] >= rank:
                best, rank = c, RANK[c]
    return best


def total_points(points: Sequence[int], n: int) -> int:
    """The points taken so far by all ``n`` seats."""
    t = 0
    for s in range(n):
        t += points[s]
    return t


def runner_of(points: Sequence[int], n: int, threshold: int) -> int:
    """The seat that took every point so far when they are at least ``threshold``, else -1.

    >>> runner_of([0, 9, 0, 0], 4, 8), runner_of([1, 9, 0, 0], 4, 8), runner_of([0, 5, 0, 0], 4, 8)
    (1, -1, -1)
    """
    total = total_points(points, n)
    if total < threshold or not total:
        return -1
    for s in range(n):
        if points[s] == total:
            return s
    return -1


def holds_all(points: Sequence[int], n: int, seat: int) -> bool:
    """Does ``seat`` hold every point taken so far (true when none are)?"""
    return seat >= 0 and points[seat] == total_points(points, n)


def defend_at(moon_points: int, per26: int) -> int:
    """Points at which a seat holding all of them is defended against as a runner (``per26`` of 26).

    >>> defend_at(26, 8), defend_at(52, 8)
    (8, 16)
    """
    return max(1, per26 * moon_points // MOON_SCORE)


def shooting(points: Sequence[int], n: int, me: int, moon_points: int, mine: int, out: int) -> bool:
    """Should ``me`` keep running the moon? It holds every point so far, at least half of
    them, the queen is no longer out, and its top heart beats every heart still out."""
    taken = points[me]
    if taken * 2 < moon_points or total_points(points, n) != taken or out & QS_BIT:
        return False
    out_hearts = out & HEARTS_MASK
    return not out_hearts or top_bit(mine & HEARTS_MASK) > top_bit(out_hearts)


def winner_seat(trick: Sequence[int], tlen: int, leader: int, n: int, w: int) -> int:
    """The seat that played card ``w`` to the trick (-1 for no card)."""
    if w < 0:
        return -1
    for i in range(tlen):
        if trick[i] == w:
            return (leader + i) % n
    return -1


def live_cards(trick: Sequence[int], tlen: int, copies: int) -> int:
    """The trick's cards of the led suit that are not cancelled by a twin (two decks)."""
    seen = dup = 0
    for i in range(tlen):
        b = 1 << trick[i]
        if copies == 2 and seen & b:
            dup |= b
        seen |= b
    return seen & ~dup & SUIT_MASKS[SUIT_OF[trick[0]]]


def policy_card(
    legal: int,
    mine: int,
    out: int,
    trick: Sequence[int],
    tlen: int,
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    moon_points: int,
    copies: int,
    jd: bool,
    extra: int,
    mode: int,
    voids: Sequence[int],
    defend: int,
) -> int:
    """The heuristic's card (see :func:`hearts.bots.heuristic_play.choose_play` for the arguments).

    ``extra``: points the trick's winner gets besides its cards (set-aside
    cards, the kitty's expected points); ``mode``: :data:`SHOOT` when this
    seat goes for the moon; ``defend``: a seat holding every point, at least
    this many of 26, is a runner (one deck).
    """
    if not legal & (legal - 1):
        return top_bit(legal)
    # one deck: a seat holding every point is a runner; with two decks a moon is too rare to defend against
    runner = runner_of(points, n, defend_at(moon_points, defend)) if copies == 1 else -1
    if tlen == 0:
        return card_by_position(legal, mine, out, trick, 0, leader, n, me, points, copies, jd, 0, 0, runner, mode, voids)
    pts = trick_points(trick, tlen) + extra
    if jd:
        pts += JACK_POINTS * jacks_in(trick, tlen)
    live = live_cards(trick, tlen, copies)
    return card_by_position(legal, mine, out, trick, tlen, leader, n, me, points, copies, jd, pts, live, runner, mode, voids)


def card_by_position(
    legal: int,
    mine: int,
    out: int,
    trick: Sequence[int],
    tlen: int,
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    copies: int,
    jd: bool,
    pts: int,
    live: int,
    runner: int,
    mode: int,
    voids: Sequence[int],
) -> int:
    """The card by the seat's place in the trick: :func:`lead_card`, :func:`follow_card` or :func:`discard_card`.

    ``pts``: what the trick is worth to its winner so far; ``live``: its live
    cards of the led suit; ``runner``: the seat defended against (-1: none;
    ``me`` itself counts as none).
    """
    against = -1 if runner == me else runner
    if tlen == 0:
        return lead_card(legal, mine, out, against, mode, jd, me, n, voids)
    w = top_bit(live)
    if legal & SUIT_MASKS[SUIT_OF[trick[0]]]:
        return follow_card(legal, out, trick, tlen, leader, n, w, live, pts, tlen == n - 1, against, mode, copies, jd, points)
    return discard_card(legal, out, trick, tlen, leader, n, w, against, mode, jd, points, copies, pts)


def follow_card(
    legal: int,
    out: int,
    trick: Sequence[int],
    tlen: int,
    leader: int,
    n: int,
    w: int,
    live: int,
    pts: int,
    last: bool,
    runner: int,
    mode: int,
    copies: int,
    jd: bool,
    points: Sequence[int],
) -> int:
    """Following suit: ``w`` is the winning card so far (-1: none live), ``live`` the live cards of the led suit,
    ``pts`` the trick's points for its winner, ``last``: the trick's last card."""
    hi = top_bit(legal)
    if w < 0:  # Cancellation: nothing live yet, the lowest card is the likeliest to lose
        return low_bit(legal)
    above = legal & ABOVE[w]
    if mode == SHOOT:
        return hi if above else low_bit(legal)
    hearts_led = SUIT_OF[w] == HEARTS
    if runner >= 0:
        runner_played = (runner - leader) % n < tlen
        runner_winning = runner_played and winner_seat(trick, tlen, leader, n, w) == runner
        if above and (pts > 0 or hearts_led) and (runner_winning or not runner_played):
            if last or runner_winning and not out & ABOVE[low_bit(above)]:
                return low_bit(above)  # the cheapest sure winner stops the moon
            return hi
        if runner_winning and not above:
            return low_bit(legal)  # the runner takes it anyway: keep the high cards to stop it later
    below = legal & BELOW[w]
    if copies == 1 and hearts_led and below and not above and holds_all(points, n, winner_seat(trick, tlen, leader, n, w)):
        return low_bit(legal)  # under a seat holding every point: keep the high hearts to stop a moon
    if copies == 2 and legal >> w & 1:
        # playing the twin of the winning card cancels it: a duck with a high card
        # (else it is set aside, which beats winning it ourselves)
        if live & BELOW[w] or not below:
            return w
    suit = SUIT_MASKS[SUIT_OF[w]]
    if jd and pts < 0 and above:
        # the J♦ is in the trick: take it with a card nobody still to play can beat
        sure = legal & ~QS_BIT & ABOVE[top_bit(out & suit)] if out & suit else legal & ~QS_BIT
        sure &= above
        if last or sure:
            return top_bit(sure) if sure else top_bit(above & ~QS_BIT or above)
    if jd and legal & JD_BIT and w < JD and pts <= 2 and (last or not out & ABOVE[JD]):
        return JD  # the J♦ wins: -10
    if last and pts <= 0:
        safe = legal & ~QS_BIT & ~JD_BIT if jd else legal & ~QS_BIT
        if safe and (top_bit(safe) > w or not below):
            return top_bit(safe)
    if below:
        return top_bit(below)
    # every card we hold wins so far; we win unless someone after us goes higher
    safe = legal & ~QS_BIT
    if jd:
        safe &= ~JD_BIT
    if not safe:
        return hi
    if last or not out & suit & ABOVE[low_bit(safe)]:
        return top_bit(safe)  # a sure winner whatever we play: the highest goes
    if SUIT_OF[w] == SPADES and out & QS_BIT:
        return low_bit(safe)
    if pts > 0:
        return low_bit(safe)  # points in it: hope someone goes over us
    return top_bit(safe)


def discard_card(
    legal: int,
    out: int,
    trick: Sequence[int],
    tlen: int,
    leader: int,
    n: int,
    w: int,
    runner: int,
    mode: int,
    jd: bool,
    points: Sequence[int],
    copies: int,
    pts: int,
) -> int:
    """Void in the led suit: what to throw (``w``: the winning card so far, -1 for none)."""
    plain = legal & ~POINT_MASK
    if jd:
        plain &= ~JD_BIT
    if mode == SHOOT:
        return lowest_rank(plain) if plain else lowest_rank(legal)
    hearts = legal & HEARTS_MASK
    if runner >= 0:
        winning = winner_seat(trick, tlen, leader, n, w)
        runner_to_play = (runner - leader) % n >= tlen
        if winning == runner or runner_to_play or w < 0:
            if plain:
                return highest_rank(plain)  # no points for the runner
            if hearts:
                return low_bit(hearts)  # the fewest, and the high hearts stay to stop it
        elif legal & QS_BIT:
            return QS  # someone else takes it: the moon is dead
    if legal & QS_BIT:
        return QS
    if out & QS_BIT and legal & HIGH_SPADES:
        return top_bit(legal & HIGH_SPADES)
    if hearts:
        if (
            copies == 1
            and (total_points(points, n) or pts >= QUEEN_POINTS)
            and holds_all(points, n, winner_seat(trick, tlen, leader, n, w))
            and hearts & (hearts - 1)
        ):
            return low_bit(hearts)  # to a seat holding every point: the lowest, the top heart stays a stopper
        return top_bit(hearts)
    if plain:
        return highest_rank(plain)
    return highest_rank(legal)


def lead_card(legal: int, mine: int, out: int, runner: int, mode: int, jd: bool, me: int, n: int, voids: Sequence[int]) -> int:
    """Leading a trick (``voids``: per seat, the suits it has shown void in, bit ``s`` for suit ``s``)."""
    if mode == SHOOT:
        # a sure winner first, else the highest card
        best, rank = -1, -1
        for s in range(4):
            x = legal & SUIT_MASKS[s]
            if x:
                c = top_bit(x)
                if not out & ABOVE[c] and RANK[c] > rank:
                    best, rank = c, RANK[c]
        return best if best >= 0 else highest_rank(legal)
    void_any = 0  # suits some other seat has shown void in
    for s in range(n):
        if s != me:
            void_any |= voids[s]
    if runner >= 0:
        hearts = legal & HEARTS_MASK
        if hearts and not out & ABOVE[top_bit(hearts)] and out & HEARTS_MASK:
            return top_bit(hearts)  # take a heart ourselves
        rv = voids[runner]
        for s in range(4):
            x = legal & SUIT_MASKS[s]
            if rv >> s & 1 and x and s != HEARTS:
                return low_bit(x)  # the runner cannot win it
    if jd and legal & JD_BIT and not out & ABOVE[JD] and not void_any & 2 and out & SUIT_MASKS[1]:
        return JD  # a sure winner worth -10
    if out & QS_BIT and not mine & (QS_BIT | HIGH_SPADES) and legal & LOW_SPADES and not void_any & 8:
        return top_bit(legal & LOW_SPADES)  # flush the queen out
    avoid = QS_BIT | HIGH_SPADES if out & QS_BIT else 0
    if jd:
        avoid |= JD_BIT
    # the lowest card among the suits where someone can go over it
    best, rank = -1, 99
    for s in range(4):
        x = legal & SUIT_MASKS[s] & ~avoid
        if x:
            c = low_bit(x)
            r = RANK[c]
            over = out & ABOVE[c]
            if not over:
                r += 13  # we would win it, and anyone void could dump points on us
            elif void_any >> s & 1:
                r += 13 if count_bits(over) < 2 else 4  # someone void waits to dump points on the winner
            if r < rank:
                best, rank = c, r
    if best >= 0:
        return best
    return lowest_rank(legal)
