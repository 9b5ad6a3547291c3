"""Passing for the ``heuristic`` bot, and the test of a hand fit for the moon.

A pass sheds, in order of danger: the queen of spades (unless four low spades
guard her), the ace and king of spades, the cards of a short side suit (a void
to come), high hearts, then other high cards; low hearts and low spades stay,
and so does the top heart (jack or higher) of a one-deck hand with three
hearts or more: it stops an opponent's moon. Under the Omnibus rule the J♦ (−10) stays,
and the diamonds above it, which can catch it, are shed late.
In Cancellation a single high card whose twin is out is a shield (it can
cancel the twin when that wins a trick), so it is shed later; a high *pair*
cannot be cancelled and is shed first. A hand fit for the moon passes its
losers instead.

>>> from hearts.core import Rules, parse_card as p, card_name
>>> hand = [p(x) for x in "2C 5C 9C TD JD KD 3H 4H QH QS 5S 8S KS".split()]
>>> [card_name(c) for c in choose_pass(hand, Rules.standard(4))]
['9C', 'QS', 'KS']
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core import Card, Rules
from hearts.core.cards import HEARTS_MASK, JD, QS, SUIT_MASKS, SUIT_OF
from hearts.core.deal import card_masks

from .heuristic_play import ABOVE, HIGH_SPADES, LOW_SPADES, QS_BIT, RANK, top

#: which heart of a one-deck hand with three hearts or more stays home as a moon stopper (``stopper``):
#: none, the top heart (jack or higher), or the second heart when it too is a jack or higher (else the top)
KEEP_NONE, KEEP_TOP, KEEP_SECOND = 0, 1, 2


def losers(mine: int, out: int, n: int) -> tuple[int, int]:
    """(losers outside hearts, losers in hearts): cards that a card still out could beat.

    A suit's cards all win when the seat's top cards outlast the longest other
    holding in it (guessed as an even share of the cards out).
    """
    side = hearts = 0
    for s, sm in enumerate(SUIT_MASKS):
        m, o = mine & sm, out & sm
        if not m:
            continue
        sure = (m & ABOVE[top(o)]).bit_count() if o else m.bit_count()
        count = o.bit_count()
        need = (count + n - 2) // (n - 1)
        lost = 0 if sure >= need else m.bit_count() - sure
        if s == 2:
            hearts += lost
        else:
            side += lost
    return side, hearts


def moon_hand(mine: int, out: int, side_losers: int, n: int) -> bool:
    """Can this hand take every point? Its hearts all win, the queen is its own or
    caught by its spades, at least four hearts, and at most ``side_losers`` side losers."""
    if (mine & HEARTS_MASK).bit_count() < 4:
        return False
    if out & QS_BIT and not (mine & HIGH_SPADES).bit_count() == 2:
        return False
    side, hearts = losers(mine, out, n)
    return hearts == 0 and side <= side_losers


def choose_pass(hand: Sequence[Card], rules: Rules, stopper: int = KEEP_TOP) -> list[Card]:
    """The ``rules.pass_count`` cards to pass from ``hand`` (a duplicate may go twice);
    ``stopper``: which heart stays back (:func:`shed_order`)."""
    k = rules.pass_count
    lo, hi = card_masks(hand)
    out = rules.deck_mask & ~(lo & hi if rules.copies == 2 else lo)
    if rules.copies == 1 and moon_hand(lo, out, k, rules.players):
        return moon_pass(hand, rules)
    return sorted(shed_order(hand, rules, stopper)[:k])


def moon_pass(hand: Sequence[Card], rules: Rules) -> list[Card]:
    """A shooter's pass: the lowest-ranked cards, hearts and the queen of spades last."""
    order = sorted(hand, key=lambda c: (SUIT_OF[c] == 2 or c == QS, RANK[c], c))
    return sorted(order[: rules.pass_count])


def shed_order(hand: Sequence[Card], rules: Rules, stopper: int = KEEP_TOP) -> list[Card]:
    """Every card of ``hand``, the one most worth passing first (for a hand that does not shoot).

    ``stopper``: with :data:`KEEP_TOP` the top heart of a one-deck hand with three hearts or more
    (jack or higher) comes last, kept to stop a moon; with :data:`KEEP_SECOND` the second heart
    stays instead when it is a jack or higher too, and the top one goes by its rank; with
    :data:`KEEP_NONE` every heart goes by its rank.

    >>> from hearts.core import parse_card as p, card_name
    >>> hand = [p(x) for x in "2C 5C 9C TD JD 3D 4H 7H AH 4S 5S 8S 9S".split()]
    >>> [card_name(c) for c in shed_order(hand, Rules.standard(4))[:3]]
    ['9C', '5C', '2C']
    >>> [card_name(c) for c in shed_order(hand, Rules.standard(4), stopper=KEEP_NONE)[:3]]
    ['AH', '9C', '5C']
    >>> two = [p(x) for x in "2C 5C 9C TD JD 3D 4H QH AH 4S 5S 8S 9S".split()]
    >>> [card_name(shed_order(two, Rules.standard(4), stopper=s)[0]) for s in (KEEP_TOP, KEEP_SECOND)]
    ['QH', 'AH']
    """
    k = rules.pass_count
    lo, hi = card_masks(hand)
    out = rules.deck_mask & ~(lo & hi if rules.copies == 2 else lo)
    cancellation = rules.copies == 2
    jd = bool(rules.jack_of_diamonds)
    lengths = [(lo & sm).bit_count() + (hi & sm).bit_count() for sm in SUIT_MASKS]
    low_spades = (lo & LOW_SPADES).bit_count() + (hi & LOW_SPADES).bit_count()
    guarded = low_spades >= 4
    # a short side suit to empty: clubs or diamonds with at most k cards, the shortest
    kept = kept_heart(lo, lengths[2], stopper) if not cancellation else -1
    void_suit = -1
    for s in (0, 1):
        if 0 < lengths[s] <= k and (void_suit < 0 or lengths[s] < lengths[void_suit]):
            void_suit = s
    scored: list[tuple[float, Card]] = []
    seen: set[Card] = set()
    for c in hand:
        second = c in seen
        seen.add(c)
        suit, rank = SUIT_OF[c], RANK[c]
        if c == QS:
            score = 10.0 if guarded else 100.0
        elif SUIT_OF[c] == 3 and rank > 10:  # K, A of spades
            score = 20.0 + rank if guarded and lo & QS_BIT else 80.0 + rank
        elif suit == 2:
            score = 30.0 + 3 * rank if rank >= 8 else rank - 20.0
            if c == kept:
                score = -25.0  # the kept heart stays: a stopper against a moon
        elif suit == 3:
            score = rank - 30.0  # low spades guard against the queen
        else:
            score = 5.0 + 2 * rank
            if suit == void_suit:
                score += 40.0
        if jd and suit == 1:
            if c == JD:
                score = -50.0  # the J♦ is worth -10 to whoever takes it: keep it
            elif rank > RANK[JD]:
                score -= 12.0  # a diamond that can catch the J♦
        if cancellation and rank >= 9 and c != QS:
            if hi >> c & 1:
                score += 15.0  # a high pair cannot be cancelled: both copies win
            elif out >> c & 1:
                score -= 15.0  # a single high card with its twin out: a shield
        scored.append((score + (0.01 if second else 0.0), c))
    scored.sort(key=lambda t: -t[0])
    return [c for _, c in scored]


def kept_heart(mine: int, length: int, stopper: int) -> Card:
    """The heart that ``stopper`` keeps home from a one-deck hand ``mine`` with ``length`` hearts (-1: none).

    >>> from hearts.core import parse_card as p, card_name
    >>> mine = sum(1 << p(x) for x in "KH QH 2H 2C".split())
    >>> [card_name(kept_heart(mine, 3, s)) for s in (KEEP_TOP, KEEP_SECOND)], kept_heart(mine, 3, KEEP_NONE)
    (['KH', 'QH'], -1)
    """
    hearts = mine & HEARTS_MASK
    if not stopper or length < 3 or not hearts:
        return -1
    first = top(hearts)
    if RANK[first] < 9:
        return -1
    rest = hearts & ~(1 << first)
    if stopper == KEEP_SECOND and rest and RANK[top(rest)] >= 9:
        return top(rest)
    return first
