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

from hearts.core.cards import BIT, HEARTS_MASK, SUIT_OF, Card, CardMask
from hearts.core.kernel import JD_BIT, POINT_MASK, QS_BIT, low_bit, top_bit

from .kernel import policy
from .kernel.policy import DEFEND_AT, NORMAL, SHOOT, defend_at, highest_rank, lowest_rank
from .kernel.tables import ABOVE, BELOW, HIGH_SPADES, LOW_SPADES, RANK

__all__ = [
    "ABOVE",
    "BELOW",
    "DEFEND_AT",
    "HIGH_SPADES",
    "JD_BIT",
    "LIVE_DEFEND_AT",
    "LOW_SPADES",
    "NORMAL",
    "POINT_CARDS",
    "QS_BIT",
    "RANK",
    "SHOOT",
    "boss_heart",
    "choose_play",
    "defend_at",
    "defended",
    "highest_rank",
    "lowest_rank",
    "runner_of",
    "shooting",
    "stopper_card",
    "top",
]

#: the cards that score when taken (the J♦ aside)
POINT_CARDS: CardMask = POINT_MASK
top = top_bit
low = low_bit


def runner_of(points: Sequence[int], threshold: int) -> int:
    """The seat that took every point so far when they are at least ``threshold``, else -1."""
    return policy.runner_of(points, len(points), threshold)


def shooting(points: Sequence[int], me: int, moon_points: int, mine: CardMask, out: CardMask) -> bool:
    """Should ``me`` keep running the moon? It holds every point so far, at least half of
    them, the queen is no longer out, and its top heart beats every heart still out."""
    return policy.shooting(points, len(points), me, moon_points, mine, out)


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
    """The card to play (:func:`hearts.bots.kernel.policy.policy_card`).

    ``legal``: the legal cards; ``mine``: every card the seat holds; ``out``:
    cards with a copy neither played nor in the seat's hand; ``trick`` and
    ``leader``: the trick so far; ``points``: public points per seat;
    ``extra``: points the trick's winner gets besides its cards (set-aside
    cards, the kitty's expected points); ``jd``: the J♦ is worth -10;
    ``mode``: :data:`SHOOT` when this seat is going for the moon;
    ``voids``: per seat, the suits (bit ``s`` for suit ``s``) it has shown void;
    ``defend``: a seat holding every point, at least this many of 26, is a runner.
    """
    return policy.policy_card(
        legal, mine, out, trick, len(trick), leader, n, me, points, moon_points, copies, jd, extra, mode, voids or [0] * n, defend
    )


#: the search's live defence: a seat holding every point, at least this many (of 26), gets no more from us
#: (how 5 was chosen: ``benchmarks/results/2026-12-07-search-lab-notes/``).
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


def _holds_all(points: Sequence[int], seat: int) -> bool:
    """Does ``seat`` hold every point taken so far (true when none are)?"""
    return seat >= 0 and points[seat] == sum(points)
