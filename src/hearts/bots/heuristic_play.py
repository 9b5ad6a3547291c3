"""The card-play rules shared by the ``heuristic`` bot and the search's rollouts.

Everything is mask arithmetic on ints (a card is ``suit * 13 + rank``), so the
same function serves a bot that reads a :class:`~hearts.core.SeatView` and a
rollout that reads a full :class:`~hearts.core.Hand` tens of thousands of times
per second. :func:`choose_play` sees only what the seat to move may know: its
own legal cards, the cards still *out* (neither played nor its own), the
trick, the public points and the moon mode.

The rules, in order: a seat *shooting* the moon wins what it can; a seat that
sees a *runner* (one seat holding every point so far, enough of them) takes a
point trick or feeds points to anyone else; otherwise it ducks under the
winning card (in Cancellation, it duplicates the winning card when that is its
way out), plays high when last to a clean trick, dumps the queen, then A/K of
spades, then high hearts when void, and leads low from the safest suit, or low
spades to flush the queen out.

>>> from hearts.core import parse_card as p, card_name
>>> bit = lambda *names: sum(1 << p(x) for x in names)
>>> # 4 players, seat 2 follows a spade trick 9S KS with QS 3S: it dumps the queen under the king
>>> c = choose_play(bit("QS", "3S"), bit("QS", "3S"), bit("AS", "2H"), [p("9S"), p("KS")], 0, 4, 2,
...                 [0, 0, 0, 0], 26, 1, False, 0, NORMAL)
>>> card_name(c)
'QS'
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import BIT, HEARTS_MASK, JD, QS, SUIT_MASKS, SUIT_OF, Card, CardMask, parse_card
from hearts.core.deal import card_masks

#: moon modes of the seat to move
NORMAL, SHOOT = 0, 1

QS_BIT: CardMask = 1 << QS
JD_BIT: CardMask = 1 << JD
HIGH_SPADES: CardMask = (1 << parse_card("KS")) | (1 << parse_card("AS"))
#: spades below the queen: the cards that flush her out
LOW_SPADES: CardMask = SUIT_MASKS[3] & (QS_BIT - 1)
POINT_CARDS: CardMask = HEARTS_MASK | QS_BIT
RANK: tuple[int, ...] = tuple(c % 13 for c in range(52))
#: bits strictly below each card within its suit
BELOW: tuple[CardMask, ...] = tuple(((1 << c) - 1) & SUIT_MASKS[c // 13] for c in range(52))
#: bits strictly above each card within its suit
ABOVE: tuple[CardMask, ...] = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
_SUITS = tuple(SUIT_MASKS)


def top(m: CardMask) -> Card:
    """Highest card of a mask (within one suit: the highest rank)."""
    return m.bit_length() - 1


def low(m: CardMask) -> Card:
    """Lowest card of a mask."""
    return (m & -m).bit_length() - 1


def lowest_rank(m: CardMask) -> Card:
    """The card of lowest rank in ``m`` (the lower suit on ties); -1 for an empty mask."""
    best, rank = -1, 99
    for sm in _SUITS:
        x = m & sm
        if x:
            c = (x & -x).bit_length() - 1
            if RANK[c] < rank:
                best, rank = c, RANK[c]
    return best


def highest_rank(m: CardMask) -> Card:
    """The card of highest rank in ``m`` (the higher suit on ties); -1 for an empty mask."""
    best, rank = -1, -1
    for sm in _SUITS:
        x = m & sm
        if x:
            c = x.bit_length() - 1
            if RANK[c] >= rank:
                best, rank = c, RANK[c]
    return best


def live_cards(trick: Sequence[Card]) -> CardMask:
    """Cards of the led suit in the trick that are not cancelled by a twin."""
    seen, dup = card_masks(trick)  # a card played twice is in both
    return seen & ~dup & SUIT_MASKS[SUIT_OF[trick[0]]]


def trick_points(trick: Sequence[Card]) -> int:
    """Points of the cards in the trick (hearts 1, QS 13)."""
    p = 0
    for c in trick:
        if c == QS:
            p += 13
        elif SUIT_OF[c] == 2:
            p += 1
    return p


def runner_of(points: Sequence[int], threshold: int) -> int:
    """The seat that took every point so far when they are at least ``threshold``, else -1."""
    total = sum(points)
    if total >= threshold and total and max(points) == total:
        return points.index(total)
    return -1


def shooting(points: Sequence[int], me: int, moon_points: int, mine: CardMask, out: CardMask) -> bool:
    """Should ``me`` keep running the moon? It holds every point so far, at least half of
    them, the queen is no longer out, and its top heart beats every heart still out."""
    taken = points[me]
    if taken * 2 < moon_points or sum(points) != taken or out & QS_BIT:
        return False
    out_hearts = out & HEARTS_MASK
    return not out_hearts or (mine & HEARTS_MASK).bit_length() > out_hearts.bit_length()


def choose_play(
    legal: CardMask,
    mine: CardMask,
    out: CardMask,
    trick: Sequence[Card],
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    moon_points: int,
    copies: int,
    jd: bool,
    extra: int,
    mode: int,
) -> Card:
    """The card to play.

    ``legal``: the legal cards; ``mine``: every card the seat holds; ``out``:
    cards with a copy neither played nor in the seat's hand; ``trick`` and
    ``leader``: the trick so far; ``points``: public points per seat;
    ``extra``: points the trick's winner gets besides its cards (set-aside
    cards, the kitty's expected points); ``jd``: the J♦ is worth -10;
    ``mode``: :data:`SHOOT` when this seat is going for the moon.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    runner = runner_of(points, moon_points // 2 + 1)
    if runner == me:
        runner = -1
    if not trick:
        return _lead(legal, mine, out, runner, mode, jd)
    lead_suit = SUIT_MASKS[SUIT_OF[trick[0]]]
    live = live_cards(trick) if copies == 2 else _mask(trick) & lead_suit
    w = top(live)
    pts = trick_points(trick) + extra
    if jd and JD in trick:
        pts -= 10
    last = len(trick) == n - 1
    if legal & lead_suit:
        return _follow(legal, out, trick, leader, n, w, live, pts, last, runner, mode, copies, jd)
    return _discard(legal, out, trick, leader, n, w, runner, mode, jd)


def _mask(cards: Sequence[Card]) -> CardMask:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _follow(
    legal: CardMask, out: CardMask, trick: Sequence[Card], leader: int, n: int, w: Card, live: CardMask,
    pts: int, last: bool, runner: int, mode: int, copies: int, jd: bool,
) -> Card:
    hi = top(legal)
    if w < 0:  # Cancellation: nothing live yet, the lowest card is the likeliest to lose
        return low(legal)
    above = legal & ABOVE[w]
    if mode == SHOOT:
        return hi if above else low(legal)
    if runner >= 0 and above and pts > 0:
        runner_played = (runner - leader) % n < len(trick)
        if last or runner_played:
            return low(above)  # the cheapest winner stops the moon
        return hi
    below = legal & BELOW[w]
    if copies == 2 and legal >> w & 1:
        # playing the twin of the winning card cancels it: a duck with a high card
        # (else it is set aside, which beats winning it ourselves)
        if live & BELOW[w] or not below:
            return w
    if jd and legal & JD_BIT and last and pts <= 0 and w < JD:
        return JD
    if last and pts <= 0:
        safe = legal & ~QS_BIT & ~JD_BIT if jd else legal & ~QS_BIT
        if safe and (top(safe) > w or not below):
            return top(safe)
    if below:
        return top(below)
    # we win unless someone after us goes higher
    if last:
        safe = legal & ~QS_BIT
        return top(safe) if safe else hi
    if lead_is_spade(w) and out & QS_BIT:
        safe = legal & ~QS_BIT
        return low(safe) if safe else hi
    safe = legal & ~QS_BIT
    return top(safe) if safe else hi


def lead_is_spade(c: Card) -> bool:
    return SUIT_OF[c] == 3


def _discard(
    legal: CardMask, out: CardMask, trick: Sequence[Card], leader: int, n: int, w: Card,
    runner: int, mode: int, jd: bool,
) -> Card:
    plain = legal & ~POINT_CARDS
    if jd:
        plain &= ~JD_BIT
    if mode == SHOOT:
        return lowest_rank(plain) if plain else lowest_rank(legal)
    if runner >= 0:
        winning = (leader + trick.index(w)) % n if w >= 0 else -1
        runner_to_play = (runner - leader) % n >= len(trick)
        if winning == runner or runner_to_play or w < 0:
            if plain:
                return highest_rank(plain)  # no points for the runner
        else:
            hearts = legal & HEARTS_MASK
            if hearts:
                return low(hearts)  # one point to someone else kills the moon
    if legal & QS_BIT:
        return QS
    if out & QS_BIT and legal & HIGH_SPADES:
        return top(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return top(hearts)
    if plain:
        return highest_rank(plain)
    return highest_rank(legal)


def _lead(legal: CardMask, mine: CardMask, out: CardMask, runner: int, mode: int, jd: bool) -> Card:
    if mode == SHOOT:
        # a sure winner first, else the highest card
        best, rank = -1, -1
        for sm in _SUITS:
            x = legal & sm
            if x:
                c = x.bit_length() - 1
                if not out & ABOVE[c] and RANK[c] > rank:
                    best, rank = c, RANK[c]
        return best if best >= 0 else highest_rank(legal)
    if runner >= 0:
        hearts = legal & HEARTS_MASK
        if hearts and not out & ABOVE[top(hearts)] and out & HEARTS_MASK:
            return top(hearts)
    if out & QS_BIT and not mine & (QS_BIT | HIGH_SPADES) and legal & LOW_SPADES:
        return top(legal & LOW_SPADES)  # flush the queen out
    avoid = QS_BIT | HIGH_SPADES if out & QS_BIT else 0
    if jd:
        avoid |= JD_BIT
    # the lowest card among the suits where someone can go over it
    best, rank = -1, 99
    for sm in _SUITS:
        x = legal & sm & ~avoid
        if x:
            c = (x & -x).bit_length() - 1
            r = RANK[c]
            if not out & ABOVE[c]:
                r += 13  # we would win it, and anyone void could dump points on us
            if r < rank:
                best, rank = c, r
    if best >= 0:
        return best
    return lowest_rank(legal)
