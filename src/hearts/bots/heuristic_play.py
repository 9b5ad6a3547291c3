"""The card-play rules shared by the ``heuristic`` bot and the search's rollouts.

Everything is mask arithmetic on ints (a card is ``suit * 13 + rank``), so the
same function serves a bot that reads a :class:`~hearts.core.SeatView` and a
rollout that reads a full :class:`~hearts.core.Hand` tens of thousands of times
per second. :func:`choose_play` sees only what the seat to move may know: its
own legal cards, the cards still *out* (neither played nor its own), the
trick, the public points and the moon mode.

The rules, in order: a seat *shooting* the moon wins what it can; a seat that
sees a *runner* (one deck: one seat holding every point so far, two or more)
gives it no points, takes a point trick it is winning with the cheapest sure
winner, plays low under the runner's winning card (the high cards stay to
stop it later), dumps the queen on anyone else, and leads its top heart when
that wins, or a suit the runner is void in; under a seat that holds every
point it keeps its top heart; otherwise it ducks under the
winning card (in Cancellation, it duplicates the winning card when that is its
way out), plays high when last to a clean trick, dumps the queen, then A/K of
spades, then high hearts when void, and leads low from the safest suit (not
into a suit where a void waits for a card that may win), or low spades to
flush the queen out. Omnibus: the J♦ is played when it wins, and a trick
holding it is taken with a sure winner. A trick that every card of ours
would win is taken with the highest card when nobody can go over it, with
the lowest when someone still may.

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


#: a seat holding every point so far, at least this many, is treated as a runner (per 26 moon points)
DEFEND_AT = 2


def defend_at(moon_points: int, per26: int = DEFEND_AT) -> int:
    """Points at which a seat holding all of them is defended against as a runner (``per26`` of 26)."""
    return max(1, per26 * moon_points // 26)


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
    voids: Sequence[int] = (),
    defend: int = DEFEND_AT,
) -> Card:
    """The card to play.

    ``legal``: the legal cards; ``mine``: every card the seat holds; ``out``:
    cards with a copy neither played nor in the seat's hand; ``trick`` and
    ``leader``: the trick so far; ``points``: public points per seat;
    ``extra``: points the trick's winner gets besides its cards (set-aside
    cards, the kitty's expected points); ``jd``: the J♦ is worth -10;
    ``mode``: :data:`SHOOT` when this seat is going for the moon;
    ``voids``: per seat, the suits (bit ``s`` for suit ``s``) it has shown void;
    ``defend``: a seat holding every point, at least this many of 26, is a runner.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    # one deck: a seat holding every point is a runner; with two decks a moon is too rare to defend against
    runner = runner_of(points, defend_at(moon_points, defend)) if copies == 1 else -1
    if runner == me:
        runner = -1
    if not trick:
        return _lead(legal, mine, out, runner, mode, jd, me, n, voids)
    lead_suit = SUIT_MASKS[SUIT_OF[trick[0]]]
    live = live_cards(trick) if copies == 2 else _mask(trick) & lead_suit
    w = top(live)
    pts = trick_points(trick) + extra
    if jd and JD in trick:
        pts -= 10 * trick.count(JD)
    last = len(trick) == n - 1
    if legal & lead_suit:
        return _follow(legal, out, trick, leader, n, w, live, pts, last, runner, mode, copies, jd, points)
    return _discard(legal, out, trick, leader, n, w, runner, mode, jd, points if copies == 1 else (), pts)


#: the search's live defence: a seat holding every point, at least this many (of 26), gets no more from us.
#: Measured with ``search:sims=300:pass=10``: 5 instead of 8 cut the ``shooter`` bot's moons from 5.7 % to
#: 5.0 % of 300 deals, and against hearts-engine's ``mc:128`` moved the payoff by +0.06 ± 0.11 (100 deals).
LIVE_DEFEND_AT = 5


def defended(
    legal: Sequence[Card],
    trick: Sequence[Card],
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    moon_points: int,
    suspects: int = 0,
    at: int = LIVE_DEFEND_AT,
) -> list[Card]:
    """The legal cards that feed no runner (one deck): with a seat holding every point, at least
    :data:`LIVE_DEFEND_AT` of 26, that wins the trick or has yet to play to it, a void seat keeps its
    point cards (when it has others); when the runner is winning the trick, a seat that can beat its
    card does (the trick, and any points in it, are then not the runner's), and one that cannot plays its lowest.
    ``suspects``: seats (bit ``s``) known to be going for the moon: one that holds every point is a runner
    from its first point or none. ``at``: the runner's
    points (of 26) from which it is defended against.

    >>> from hearts.core import parse_card as p, card_name
    >>> cards = defended([p("QS"), p("KD"), p("2H")], [p("9C")], 3, 4, 0, [0, 0, 0, 13], 26)
    >>> [card_name(c) for c in cards]
    ['KD']
    >>> len(defended([p("QS"), p("KD"), p("2H")], [p("9C")], 3, 4, 0, [0, 0, 0, 13], 26, at=16))  # not yet a runner
    3
    """
    legal = list(legal)
    runner, w, runner_winning = _runner_to_stop(trick, leader, n, me, points, moon_points, suspects, at)
    if runner < 0:
        return legal
    suit = SUIT_OF[trick[0]]
    follow = [c for c in legal if SUIT_OF[c] == suit]
    if follow:
        if runner_winning:
            over = [c for c in follow if c > w]
            return over or [min(follow)]  # take the trick from the runner, else keep the high cards
        return legal
    plain = [c for c in legal if not BIT[c] & POINT_CARDS]
    return plain or legal


def _runner_to_stop(
    trick: Sequence[Card],
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    moon_points: int,
    suspects: int = 0,
    at: int = LIVE_DEFEND_AT,
) -> tuple[int, Card, bool]:
    """The runner of :func:`defended` (not ``me``; every point, at least ``at`` of 26) that wins ``trick`` or
    has yet to play to it (-1: none), the trick's winning card, and whether the runner holds it."""
    runner = runner_of(points, defend_at(moon_points, at))
    if runner < 0 and suspects:
        runner = next((s for s in range(n) if suspects >> s & 1 and _holds_all(points, s)), -1)
    if runner < 0 or runner == me or not trick:
        return -1, -1, False
    suit = SUIT_OF[trick[0]]
    w = max(c for c in trick if SUIT_OF[c] == suit)
    runner_played = (runner - leader) % n < len(trick)
    runner_winning = runner_played and _winner_seat(trick, leader, n, w) == runner
    if runner_played and not runner_winning:
        return -1, w, False
    return runner, w, runner_winning


def stopper_card(
    legal: Sequence[Card], trick: Sequence[Card], leader: int, n: int, me: int, points: Sequence[int], moon_points: int
) -> Card | None:
    """The lowest heart, when playing it keeps a higher one home to stop a moon later (one deck), else None.

    Two positions: a heart led by a seat that holds every point so far (or by anyone while none is taken),
    not beaten yet, that none of our hearts beats; and a seat void in the led suit with only point cards,
    while a runner (every point, at least :data:`LIVE_DEFEND_AT` of 26) wins the trick or has yet to play.
    Either way the other hearts are worth more kept than dumped if a moon is on. The search plays this card
    unless its values give another card a clear lead (the search's ``stopper`` setting).

    >>> from hearts.core import parse_card as p, card_name
    >>> card_name(stopper_card([p("JH"), p("5H"), p("3H")], [p("AH")], 1, 4, 2, [0, 1, 0, 0], 26))
    '3H'
    >>> stopper_card([p("JH"), p("5H")], [p("AH")], 1, 4, 2, [0, 1, 4, 0], 26) is None  # another seat has points
    True
    >>> card_name(stopper_card([p("KH"), p("QS"), p("5H")], [p("TD")], 2, 4, 1, [0, 0, 13, 0], 26))
    '5H'
    """
    if not trick:
        return None
    hearts = [c for c in legal if BIT[c] & HEARTS_MASK]
    if len(hearts) < 2:
        return None
    low_heart = min(hearts)
    if BIT[trick[0]] & HEARTS_MASK:
        w = max(c for c in trick if BIT[c] & HEARTS_MASK)
        if leader != me and w == trick[0] and _holds_all(points, leader) and max(hearts) < w:
            return low_heart
        return None
    if any(SUIT_OF[c] == SUIT_OF[trick[0]] or not BIT[c] & POINT_CARDS for c in legal):
        return None  # we follow suit, or have a plain card to give
    return low_heart if _runner_to_stop(trick, leader, n, me, points, moon_points)[0] >= 0 else None


def boss_heart(
    legal: Sequence[Card],
    trick: Sequence[Card],
    leader: int,
    n: int,
    me: int,
    points: Sequence[int],
    moon_points: int,
    out: CardMask,
    over: int = 0,
) -> Card | None:
    """Our top heart when we are void in the led suit, it is the highest heart still out (the stopper of any
    moon) and discarding it could hand it to a shooter, else None (one deck).

    A shooter here is any seat while no point is taken, else a seat holding every point that wins the trick
    so far or has yet to play to it. The search keeps this heart home unless its values give dumping it a
    clear lead (the search's ``boss`` setting): the early dump of the A♥ on a trick won by a seat with no
    rival points is how many moons against us begin. With ``over``, the top heart may have up to that many
    hearts out above it, while we hold a lower heart to play under each of them (a K♥ with a low heart
    behind an A♥ out still stops a moon).

    >>> from hearts.core import parse_card as p, card_name
    >>> out = _mask([p(c) for c in ("KC", "2H", "3H", "QS", "JD")])
    >>> card_name(boss_heart([p("AH"), p("5H"), p("QD")], [p("7C")], 0, 4, 1, [0, 0, 0, 0], 26, out))
    'AH'
    >>> boss_heart([p("AH"), p("QD")], [p("7C")], 0, 4, 1, [0, 2, 1, 0], 26, out) is None  # no moon is on
    True
    >>> boss_heart([p("KH"), p("QD")], [p("7C")], 0, 4, 1, [0, 0, 0, 0], 26, out | _mask([p("AH")])) is None
    True
    >>> card_name(boss_heart([p("KH"), p("5H"), p("QD")], [p("7C")], 0, 4, 1, [0, 0, 0, 0], 26, out | _mask([p("AH")]), 1))
    'KH'
    >>> boss_heart([p("KH"), p("QD")], [p("7C")], 0, 4, 1, [0, 0, 0, 0], 26, out | _mask([p("AH")]), 1) is None  # bare
    True
    """
    if not trick:
        return None
    suit = SUIT_OF[trick[0]]
    hearts = [c for c in legal if BIT[c] & HEARTS_MASK]
    if not hearts or any(SUIT_OF[c] == suit for c in legal):
        return None
    top_heart = max(hearts)
    above = (out & HEARTS_MASK & ABOVE[top_heart]).bit_count()
    if above > over or len(hearts) <= above:
        return None
    if sum(points) and _runner_to_stop(trick, leader, n, me, points, moon_points, at=1)[0] < 0:
        return None
    return top_heart


def _mask(cards: Sequence[Card]) -> CardMask:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _winner_seat(trick: Sequence[Card], leader: int, n: int, w: Card) -> int:
    return (leader + trick.index(w)) % n if w >= 0 else -1


def _follow(
    legal: CardMask,
    out: CardMask,
    trick: Sequence[Card],
    leader: int,
    n: int,
    w: Card,
    live: CardMask,
    pts: int,
    last: bool,
    runner: int,
    mode: int,
    copies: int,
    jd: bool,
    points: Sequence[int],
) -> Card:
    hi = top(legal)
    if w < 0:  # Cancellation: nothing live yet, the lowest card is the likeliest to lose
        return low(legal)
    above = legal & ABOVE[w]
    if mode == SHOOT:
        return hi if above else low(legal)
    hearts_led = SUIT_OF[w] == 2
    if runner >= 0:
        runner_played = (runner - leader) % n < len(trick)
        runner_winning = runner_played and _winner_seat(trick, leader, n, w) == runner
        if above and (pts > 0 or hearts_led) and (runner_winning or not runner_played):
            if last or runner_winning and not out & ABOVE[low(above)]:
                return low(above)  # the cheapest sure winner stops the moon
            return hi
        if runner_winning and not above:
            return low(legal)  # the runner takes it anyway: keep the high cards to stop it later
    below = legal & BELOW[w]
    if copies == 1 and hearts_led and below and not above and _holds_all(points, _winner_seat(trick, leader, n, w)):
        return low(legal)  # under a seat holding every point: keep the high hearts to stop a moon
    if copies == 2 and legal >> w & 1:
        # playing the twin of the winning card cancels it: a duck with a high card
        # (else it is set aside, which beats winning it ourselves)
        if live & BELOW[w] or not below:
            return w
    if jd and pts < 0 and above:
        # the J♦ is in the trick: take it with a card nobody still to play can beat
        sure = legal & ~QS_BIT & ABOVE[top(out & SUIT_MASKS[SUIT_OF[w]])] if out & SUIT_MASKS[SUIT_OF[w]] else legal & ~QS_BIT
        sure &= above
        if last or sure:
            return top(sure) if sure else top(above & ~QS_BIT or above)
    if jd and legal & JD_BIT and w < JD and pts <= 2 and (last or not out & ABOVE[JD]):
        return JD  # the J♦ wins: -10
    if last and pts <= 0:
        safe = legal & ~QS_BIT & ~JD_BIT if jd else legal & ~QS_BIT
        if safe and (top(safe) > w or not below):
            return top(safe)
    if below:
        return top(below)
    # every card we hold wins so far; we win unless someone after us goes higher
    safe = legal & ~QS_BIT
    if jd:
        safe &= ~JD_BIT
    if not safe:
        return hi
    suit_out = out & SUIT_MASKS[SUIT_OF[w]]
    if last or not suit_out & ABOVE[low(safe)]:
        return top(safe)  # a sure winner whatever we play: the highest goes
    if lead_is_spade(w) and out & QS_BIT:
        return low(safe)
    if pts > 0:
        return low(safe)  # points in it: hope someone goes over us
    return top(safe)


def lead_is_spade(c: Card) -> bool:
    return SUIT_OF[c] == 3


def _discard(
    legal: CardMask,
    out: CardMask,
    trick: Sequence[Card],
    leader: int,
    n: int,
    w: Card,
    runner: int,
    mode: int,
    jd: bool,
    points: Sequence[int],
    pts: int,
) -> Card:
    plain = legal & ~POINT_CARDS
    if jd:
        plain &= ~JD_BIT
    if mode == SHOOT:
        return lowest_rank(plain) if plain else lowest_rank(legal)
    hearts = legal & HEARTS_MASK
    if runner >= 0:
        winning = _winner_seat(trick, leader, n, w)
        runner_to_play = (runner - leader) % n >= len(trick)
        if winning == runner or runner_to_play or w < 0:
            if plain:
                return highest_rank(plain)  # no points for the runner
            if hearts:
                return low(hearts)  # the fewest, and the high hearts stay to stop it
        elif legal & QS_BIT:
            return QS  # someone else takes it: the moon is dead
    if legal & QS_BIT:
        return QS
    if out & QS_BIT and legal & HIGH_SPADES:
        return top(legal & HIGH_SPADES)
    if hearts:
        if points and (sum(points) or pts >= 13) and _holds_all(points, _winner_seat(trick, leader, n, w)) and hearts & (hearts - 1):
            return low(hearts)  # to a seat holding every point: the lowest, the top heart stays a stopper
        return top(hearts)
    if plain:
        return highest_rank(plain)
    return highest_rank(legal)


def _holds_all(points: Sequence[int], seat: int) -> bool:
    """Does ``seat`` hold every point taken so far (true when none are)?"""
    return seat >= 0 and points[seat] == sum(points)


def _lead(legal: CardMask, mine: CardMask, out: CardMask, runner: int, mode: int, jd: bool, me: int, n: int, voids: Sequence[int]) -> Card:
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
    void_any = 0  # suits some other seat has shown void in
    for s, v in enumerate(voids):
        if s != me:
            void_any |= v
    if runner >= 0:
        hearts = legal & HEARTS_MASK
        if hearts and not out & ABOVE[top(hearts)] and out & HEARTS_MASK:
            return top(hearts)  # take a heart ourselves
        rv = voids[runner] if voids else 0
        for s in range(4):
            x = legal & SUIT_MASKS[s]
            if rv >> s & 1 and x and s != 2:
                return low(x)  # the runner cannot win it
    if jd and legal & JD_BIT and not out & ABOVE[JD] and not void_any & 2 and out & SUIT_MASKS[1]:
        return JD  # a sure winner worth -10
    if out & QS_BIT and not mine & (QS_BIT | HIGH_SPADES) and legal & LOW_SPADES and not void_any & 8:
        return top(legal & LOW_SPADES)  # flush the queen out
    avoid = QS_BIT | HIGH_SPADES if out & QS_BIT else 0
    if jd:
        avoid |= JD_BIT
    # the lowest card among the suits where someone can go over it
    best, rank = -1, 99
    for s, sm in enumerate(_SUITS):
        x = legal & sm & ~avoid
        if x:
            c = (x & -x).bit_length() - 1
            r = RANK[c]
            over = out & ABOVE[c]
            if not over:
                r += 13  # we would win it, and anyone void could dump points on us
            elif void_any >> s & 1:
                r += 13 if over.bit_count() < 2 else 4  # someone void waits to dump points on the winner
            if r < rank:
                best, rank = c, r
    if best >= 0:
        return best
    return lowest_rank(legal)
