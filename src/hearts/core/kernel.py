"""The rules kernel: every rule fact of card play, as small pure functions over card masks.

This is the one place where the rules of play are written. The engine
(:class:`~hearts.core.Hand`), the search's playouts, the heuristics and the
batched engines (``hearts.vec``, ``hearts.vecjax``) take their legal cards,
trick winners, trick points and moon settlement from here.

The functions are written in the subset of Python that Numba compiles and
CPython runs unchanged: ints (a card set is an int mask, bit ``c`` for card
``c``), bools, and sequences indexed by position (a ``list`` when
interpreted, a NumPy array when compiled). No strings, no objects, no
generators; the closed sets are small int codes (:data:`MOON_ADD`, ...).
``hearts.jit`` compiles this module and the search loop built on it when
Numba is installed; without it the same source runs as plain Python.

A person fixing a rule reads this module only.

>>> from hearts.core.cards import parse_card as p
>>> trick = [p("5C"), p("KC"), p("2H"), p("9C")]
>>> trick_winner(trick, 4, 1, False), trick_points(trick, 4)
(1, 1)
>>> legal_mask(1 << p("KH") | 1 << p("3C"), -1, False, False, False, False, 0) == 1 << p("3C")  # hearts unbroken
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HEARTS, HEARTS_MASK, JD, QS, SUIT_MASKS, SUIT_OF, CardMask

#: what a moon is worth in every variant: 26 to each other seat, or 26 off the shooter's score
MOON_SCORE = 26
#: the points of the Q♠ (Black Maria) and of one heart
QUEEN_POINTS = 13
HEART_POINTS = 1
#: the jack of diamonds where it counts (Omnibus): taken, it is worth this much
JACK_POINTS = -10
#: the cards that score when taken (the J♦ aside: it scores only by a house rule)
POINT_MASK: CardMask = HEARTS_MASK | (1 << QS)
QS_BIT: CardMask = 1 << QS
JD_BIT: CardMask = 1 << JD

#: the moon choices, as the kernel codes them
MOON_ADD, MOON_SUBTRACT = 0, 1


# -- bits -------------------------------------------------------------------
def top_bit(m: int) -> int:
    """The highest set bit of ``m`` (the highest card of a mask), -1 for 0.

    >>> top_bit(0b1010), top_bit(0)
    (3, -1)
    """
    return m.bit_length() - 1


def low_bit(m: int) -> int:
    """The lowest set bit of ``m`` (the lowest card of a mask), -1 for 0.

    >>> low_bit(0b1010), low_bit(0)
    (1, -1)
    """
    return (m & -m).bit_length() - 1


def count_bits(m: int) -> int:
    """How many bits of ``m`` are set (how many cards a mask holds).

    >>> count_bits(0b1011)
    3
    """
    return m.bit_count()


# -- cards ------------------------------------------------------------------
def card_points(c: int) -> int:
    """What card ``c`` is worth taken, before house rules: a heart 1, the Q♠ 13, the rest 0.

    >>> from hearts.core.cards import parse_card as p
    >>> card_points(p("QS")), card_points(p("2H")), card_points(p("AS"))
    (13, 1, 0)
    """
    if c == QS:
        return QUEEN_POINTS
    if SUIT_OF[c] == HEARTS:
        return HEART_POINTS
    return 0


def mask_points(m: int) -> int:
    """The points of the distinct cards of mask ``m`` (the J♦ aside).

    >>> from hearts.core.cards import parse_card as p
    >>> mask_points(1 << p("QS") | 1 << p("2H") | 1 << p("3H") | 1 << p("JD"))
    15
    """
    return count_bits(m & HEARTS_MASK) * HEART_POINTS + (QUEEN_POINTS if m & QS_BIT else 0)


# -- legal cards ------------------------------------------------------------
def legal_mask(held: int, led_suit: int, first_trick: bool, broken: bool, restrict_first: bool, cancellation: bool, first_lead: int) -> int:
    """The cards a seat holding ``held`` may play.

    ``led_suit``: the suit led to the trick (-1: the seat leads);
    ``first_trick``: no trick is done yet; ``broken``: hearts are broken;
    ``restrict_first``: no point card may be discarded on the first trick
    (unless the hand holds nothing else); ``cancellation``: the first lead
    may be any card but a point card; ``first_lead``: otherwise the card
    that must lead the first trick (the lowest club, held by the leader).

    >>> from hearts.core.cards import parse_card as p
    >>> h = 1 << p("QS") | 1 << p("4H") | 1 << p("9D")
    >>> top_bit(legal_mask(h, 0, True, False, True, False, 0)) == p("9D")  # void in clubs, first trick
    True
    >>> legal_mask(h, -1, False, False, True, False, 0) == h & ~HEARTS_MASK  # hearts not broken
    True
    """
    if led_suit >= 0:
        follow = held & SUIT_MASKS[led_suit]
        if follow:
            return follow
        if restrict_first and first_trick:
            return held & ~POINT_MASK or held
        return held
    if first_trick:
        if cancellation:
            return held & ~POINT_MASK or held
        return 1 << first_lead
    if not broken:
        return held & ~HEARTS_MASK or held
    return held


# -- tricks -----------------------------------------------------------------
def trick_winner(trick: Sequence[int], count: int, copies: int, two_pairs_void: bool) -> int:
    """The index in ``trick`` (its first ``count`` cards) of the card that wins it now, or -1.

    The highest card of the led suit wins. With two decks (``copies`` 2) a
    card played twice cancels both copies; a trick with no live card of the
    led suit, or with ``two_pairs_void`` two cancelled pairs, is won by
    nobody (it is set aside for the next trick won).

    >>> from hearts.core.cards import parse_card as p
    >>> trick_winner([p("5C"), p("KC"), p("KC"), p("9C")], 4, 2, False)
    3
    >>> trick_winner([p("5C"), p("5C")], 2, 2, False)
    -1
    """
    if count == 0:
        return -1
    suit_mask = SUIT_MASKS[SUIT_OF[trick[0]]]
    seen = dup = 0
    for i in range(count):
        b = 1 << trick[i]
        if seen & b:
            dup |= b
        seen |= b
    live = seen & ~dup & suit_mask
    if not live or two_pairs_void and copies == 2 and count_bits(dup) >= 2:
        return -1
    best = top_bit(live)
    for i in range(count):
        if trick[i] == best:
            return i
    return -1


def trick_points(trick: Sequence[int], count: int) -> int:
    """The points of the first ``count`` cards of ``trick`` (each copy counts; the J♦ aside).

    >>> from hearts.core.cards import parse_card as p
    >>> trick_points([p("QS"), p("2H"), p("2H")], 3)
    15
    """
    total = 0
    for i in range(count):
        total += card_points(trick[i])
    return total


def jacks_in(trick: Sequence[int], count: int) -> int:
    """How many copies of the J♦ are among the first ``count`` cards of ``trick``.

    >>> from hearts.core.cards import parse_card as p
    >>> jacks_in([p("JD"), p("2D"), p("JD")], 3)
    2
    """
    k = 0
    for i in range(count):
        if trick[i] == JD:
            k += 1
    return k


# -- the moon and the hand's score -------------------------------------------
def moon_shooter(points: Sequence[int], n: int, moon_points: int) -> int:
    """The seat that took every point of the deck (shot the moon), or -1.

    >>> moon_shooter([0, 26, 0, 0], 4, 26), moon_shooter([1, 25, 0, 0], 4, 26)
    (1, -1)
    """
    for s in range(n):
        if points[s] == moon_points:
            return s
    return -1


def settle(points: Sequence[int], n: int, shooter: int, choice: int, jacks: Sequence[int], jack_rule: bool, out: list[int]) -> None:
    """The hand's score into ``out``: the points taken, or the moon's (``choice``
    :data:`MOON_ADD`: 26 to every other seat; :data:`MOON_SUBTRACT`: 26 off the
    shooter), then the J♦'s -10 for each copy a seat took (``jack_rule``).

    >>> out = [0, 0, 0, 0]
    >>> settle([0, 26, 0, 0], 4, 1, MOON_ADD, [1, 0, 0, 0], True, out); out
    [16, 0, 26, 26]
    >>> settle([3, 23, 0, 0], 4, -1, MOON_ADD, [0, 0, 0, 0], False, out); out
    [3, 23, 0, 0]
    """
    for s in range(n):
        if shooter < 0:
            out[s] = points[s]
        elif choice == MOON_SUBTRACT:
            out[s] = -MOON_SCORE if s == shooter else 0
        else:
            out[s] = 0 if s == shooter else MOON_SCORE
        if jack_rule:
            out[s] += JACK_POINTS * jacks[s]


def _moon_outcome(totals: Sequence[int], n: int, seat: int, target: int) -> int:
    """2: the game ends with ``seat`` alone lowest; 1: it goes on (or ends in a tie for lowest); 0: ``seat`` loses."""
    high = totals[0]
    low = totals[0]
    for s in range(n):
        high = max(high, totals[s])
        low = min(low, totals[s])
    if high < target:
        return 1
    if totals[seat] != low:
        return 0
    tied = 0
    for s in range(n):
        if totals[s] == low:
            tied += 1
    return 2 if tied == 1 else 1


def best_moon(scores: Sequence[int], n: int, seat: int, target: int) -> int:
    """The shooter's best moon choice from the scores before the hand: the one that
    ends the game with ``seat`` alone lowest, else keeps it going, else
    (no difference) adding when ``seat`` is then lowest.

    >>> best_moon([80, 70, 60, 90], 4, 0, 100) == MOON_ADD  # adding ends it with seat 0 alone lowest
    True
    >>> best_moon([95, 60, 60, 60], 4, 0, 100) == MOON_SUBTRACT  # adding ends it with seat 0 last
    True
    """
    added = [0] * n
    subtracted = [0] * n
    for s in range(n):
        added[s] = scores[s] + (0 if s == seat else MOON_SCORE)
        subtracted[s] = scores[s] - (MOON_SCORE if s == seat else 0)
    a = _moon_outcome(added, n, seat, target)
    b = _moon_outcome(subtracted, n, seat, target)
    if a != b:
        return MOON_ADD if a > b else MOON_SUBTRACT
    for s in range(n):
        if added[s] < added[seat]:
            return MOON_SUBTRACT
    return MOON_ADD
