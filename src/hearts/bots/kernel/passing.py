"""The heuristic's pass, and the pass evidence of the search, as a kernel over card masks.

A hand is a pair of masks as :class:`~hearts.core.Hand` stores it: ``lo``
(the cards held at least once) and ``hi`` (held twice, Cancellation Hearts
only; 0 with one deck). The rule facts come in as ints: ``deck_mask`` (the
rules' deck), ``players``, ``copies`` (1 or 2), ``jack_rule`` (the J♦ scores),
``pass_count`` and ``stopper`` (:data:`KEEP_NONE`, :data:`KEEP_TOP`,
:data:`KEEP_SECOND`).

A pass sheds, in order of danger: the queen of spades (unless four low spades
guard her), the ace and king of spades, the cards of a short side suit (a void
to come), high hearts, then other high cards; low hearts and low spades stay,
and so does the top heart (jack or higher) of a one-deck hand with three
hearts or more: it stops an opponent's moon. Under the Omnibus rule the J♦
stays, and the diamonds above it, which can catch it, are shed late. In
Cancellation a single high card whose twin is out is a shield, shed later; a
high *pair* cannot be cancelled and is shed first. A hand fit for the moon
passes its lowest cards instead (:func:`moon_pass_cards`). Cards of equal
score go in card order (a second copy just before its first).

Scores are ints (a hundredth of a point each), so the order is exact both
interpreted and compiled.

>>> from hearts.core.cards import parse_card as p, ALL_CARDS
>>> mine = 0
>>> for x in "2C 5C 9C TD JD KD 3H 4H QH QS 5S 8S KS".split():
...     mine |= 1 << p(x)
>>> choose_pass_mask(mine, ALL_CARDS, 4, False, 3, KEEP_TOP) == 1 << p("9C") | 1 << p("QS") | 1 << p("KS")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import HEARTS, HEARTS_MASK, JD, QS, SPADES, SUIT_MASKS, SUIT_OF
from hearts.core.kernel import QS_BIT, count_bits, low_bit, top_bit

from .tables import ABOVE, HIGH_SPADES, LOW_SPADES, RANK

#: which heart of a one-deck hand with three hearts or more stays home as a moon stopper (``stopper``):
#: none, the top heart (jack or higher), or the second heart when it too is a jack or higher (else the top)
KEEP_NONE, KEEP_TOP, KEEP_SECOND = 0, 1, 2


def losers(mine: int, out: int, n: int) -> tuple[int, int]:
    """(losers outside hearts, losers in hearts) of a one-deck hand ``mine``: cards that a card of ``out`` could beat.

    A suit's cards all win when the seat's top cards outlast the longest other
    holding in it (guessed as an even share of the ``n - 1`` other seats).

    >>> from hearts.core.cards import parse_card as p
    >>> losers(1 << p("AH") | 1 << p("2C"), 1 << p("KH") | 1 << p("3C"), 4)
    (1, 0)
    """
    side = 0
    hearts = 0
    for s in range(4):
        m = mine & SUIT_MASKS[s]
        o = out & SUIT_MASKS[s]
        if not m:
            continue
        sure = count_bits(m & ABOVE[top_bit(o)]) if o else count_bits(m)
        need = (count_bits(o) + n - 2) // (n - 1)
        lost = 0 if sure >= need else count_bits(m) - sure
        if s == HEARTS:
            hearts += lost
        else:
            side += lost
    return side, hearts


def moon_hand(mine: int, out: int, side_losers: int, n: int) -> bool:
    """Can this one-deck hand take every point? Its hearts all win, the queen is its own or
    caught by its spades, at least four hearts, and at most ``side_losers`` side losers.

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> mine = 0
    >>> for x in "AH KH QH JH TH AS KS QS AC KC QC AD KD".split():
    ...     mine |= 1 << p(x)
    >>> moon_hand(mine, ALL_CARDS & ~mine, 0, 4), moon_hand(mine & ~(1 << p("AH")), ALL_CARDS, 3, 4)
    (True, False)
    """
    if count_bits(mine & HEARTS_MASK) < 4:
        return False
    if out & QS_BIT and count_bits(mine & HIGH_SPADES) != 2:
        return False
    side, hearts = losers(mine, out, n)
    return hearts == 0 and side <= side_losers


def kept_heart(mine: int, length: int, stopper: int) -> int:
    """The heart that ``stopper`` keeps home from a one-deck hand ``mine`` with ``length`` hearts (-1: none).

    >>> from hearts.core.cards import parse_card as p
    >>> mine = 1 << p("KH") | 1 << p("QH") | 1 << p("2H") | 1 << p("2C")
    >>> kept_heart(mine, 3, KEEP_TOP) == p("KH"), kept_heart(mine, 3, KEEP_SECOND) == p("QH"), kept_heart(mine, 3, KEEP_NONE)
    (True, True, -1)
    """
    hearts = mine & HEARTS_MASK
    if stopper == KEEP_NONE or length < 3 or not hearts:
        return -1
    first = top_bit(hearts)
    if RANK[first] < 9:
        return -1
    rest = hearts & ~(1 << first)
    if stopper == KEEP_SECOND and rest and RANK[top_bit(rest)] >= 9:
        return top_bit(rest)
    return first


def shed_scores(lo: int, hi: int, deck_mask: int, copies: int, jack_rule: bool, pass_count: int, stopper: int, scores: list[int]) -> None:
    """How much each held copy is worth passing, into ``scores`` (an output of 104 slots: ``c`` for the
    first copy of card ``c``, ``52 + c`` for its second; a card not held gets nothing written).

    The higher the score, the sooner the card goes; a second copy scores one more than the first.

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> scores = [0] * 104
    >>> shed_scores(1 << p("QS") | 1 << p("2H"), 0, ALL_CARDS, 1, False, 3, KEEP_TOP, scores)
    >>> scores[p("QS")], scores[p("2H")]
    (10000, -2000)
    """
    cancellation = copies == 2
    out = deck_mask & ~(lo & hi if cancellation else lo)
    lengths = [0, 0, 0, 0]
    for s in range(4):
        lengths[s] = count_bits(lo & SUIT_MASKS[s]) + count_bits(hi & SUIT_MASKS[s])
    guarded = count_bits(lo & LOW_SPADES) + count_bits(hi & LOW_SPADES) >= 4
    kept = -1 if cancellation else kept_heart(lo, lengths[HEARTS], stopper)
    # a short side suit to empty: clubs or diamonds with at most pass_count cards, the shorter
    void_suit = -1
    for s in range(2):
        if 0 < lengths[s] <= pass_count and (void_suit < 0 or lengths[s] < lengths[void_suit]):
            void_suit = s
    m = lo
    while m:
        c = low_bit(m)
        m &= m - 1
        suit = SUIT_OF[c]
        rank = RANK[c]
        if c == QS:
            score = 10 if guarded else 100
        elif suit == SPADES and rank > 10:  # K, A of spades
            score = 20 + rank if guarded and lo & QS_BIT else 80 + rank
        elif suit == HEARTS:
            score = 30 + 3 * rank if rank >= 8 else rank - 20
            if c == kept:
                score = -25  # the kept heart stays: a stopper against a moon
        elif suit == SPADES:
            score = rank - 30  # low spades guard against the queen
        else:
            score = 5 + 2 * rank
            if suit == void_suit:
                score += 40
        if jack_rule and suit == 1:
            if c == JD:
                score = -50  # the J♦ is worth -10 to whoever takes it: keep it
            elif rank > RANK[JD]:
                score -= 12  # a diamond that can catch the J♦
        if cancellation and rank >= 9 and c != QS:
            if hi >> c & 1:
                score += 15  # a high pair cannot be cancelled: both copies win
            elif out >> c & 1:
                score -= 15  # a single high card with its twin out: a shield
        scores[c] = 100 * score
        if hi >> c & 1:
            scores[52 + c] = 100 * score + 1


def shed_order_cards(lo: int, hi: int, deck_mask: int, copies: int, jack_rule: bool, pass_count: int, stopper: int, out: list[int]) -> int:
    """Every held copy, the one most worth passing first (for a hand that does not shoot), into ``out``
    (an output of at least as many slots as cards held); returns how many were written.

    ``stopper``: with :data:`KEEP_TOP` the top heart of a one-deck hand with three hearts or more
    (jack or higher) comes last; with :data:`KEEP_SECOND` the second heart stays instead when it is
    a jack or higher too; with :data:`KEEP_NONE` every heart goes by its rank.

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> out = [0] * 3
    >>> shed_order_cards(1 << p("QS") | 1 << p("2H") | 1 << p("9C"), 0, ALL_CARDS, 1, False, 3, KEEP_TOP, out)
    3
    >>> out == [p("QS"), p("9C"), p("2H")]
    True
    """
    scores = [0] * 104
    shed_scores(lo, hi, deck_mask, copies, jack_rule, pass_count, stopper, scores)
    keys = [0] * 104  # the slots in card order (a second copy right after its first), then sorted by score
    size = 0
    m = lo
    while m:
        c = low_bit(m)
        m &= m - 1
        keys[size] = c
        size += 1
        if hi >> c & 1:
            keys[size] = 52 + c
            size += 1
    for i in range(1, size):  # a stable insertion sort, highest score first
        slot = keys[i]
        j = i - 1
        while j >= 0 and scores[keys[j]] < scores[slot]:
            keys[j + 1] = keys[j]
            j -= 1
        keys[j + 1] = slot
    for i in range(size):
        out[i] = keys[i] % 52
    return size


def _take(lo: int, hi: int, scores: Sequence[int], k: int) -> tuple[int, int]:
    """(first copies, second copies) of the ``k`` highest-scoring slots, ties to the first in card order."""
    if k <= 0:
        return 0, 0
    best = [0] * k  # the slots taken so far, highest score first
    size = 0
    floor = 0  # the score to beat once k slots are taken
    m = lo
    while m:
        c = low_bit(m)
        m &= m - 1
        slot = c
        while slot >= 0:  # the first copy, then the second (held twice)
            score = scores[slot]
            if size < k or score > floor:  # a stable insertion: a tie stays behind the slots before it
                j = size if size < k else k - 1
                while j > 0 and scores[best[j - 1]] < score:
                    best[j] = best[j - 1]
                    j -= 1
                best[j] = slot
                if size < k:
                    size += 1
                floor = scores[best[k - 1]]
            slot = 52 + c if slot == c and hi >> c & 1 else -1
    taken_lo = 0
    taken_hi = 0
    for i in range(size):
        if best[i] >= 52:
            taken_hi |= 1 << (best[i] - 52)
        else:
            taken_lo |= 1 << best[i]
    return taken_lo, taken_hi


def _write_cards(a: int, b: int, out: list[int]) -> int:
    """The cards of masks ``a`` and ``b`` into ``out`` in card order (a card in both twice); returns how many."""
    size = 0
    m = a | b
    while m:
        c = low_bit(m)
        m &= m - 1
        out[size] = c
        size += 1
        if a >> c & 1 and b >> c & 1:
            out[size] = c
            size += 1
    return size


def _moon_take(lo: int, hi: int, pass_count: int) -> tuple[int, int]:
    """(first copies, second copies) of a shooter's pass: the lowest-ranked cards, hearts and the Q♠ last."""
    taken_lo = 0
    taken_hi = 0
    left = pass_count
    for last in range(2):  # the other cards, then the hearts and the Q♠
        for rank in range(13):
            for suit in range(4):
                c = suit * 13 + rank
                if left and (suit == HEARTS or c == QS) == (last == 1):
                    if lo >> c & 1:
                        taken_lo |= 1 << c
                        left -= 1
                    if left and hi >> c & 1:
                        taken_hi |= 1 << c
                        left -= 1
    return taken_lo, taken_hi


def moon_pass_cards(lo: int, hi: int, pass_count: int, out: list[int]) -> int:
    """A shooter's pass: the lowest-ranked cards, hearts and the queen of spades last (ties in card order),
    written in card order into ``out`` (an output of ``pass_count`` slots); returns how many.

    >>> from hearts.core.cards import parse_card as p
    >>> out = [0] * 3
    >>> moon_pass_cards(1 << p("2H") | 1 << p("QS") | 1 << p("KD") | 1 << p("AC"), 0, 3, out)
    3
    >>> out == [p("AC"), p("KD"), p("2H")]  # the 2♥ ranks below the Q♠
    True
    """
    taken_lo, taken_hi = _moon_take(lo, hi, pass_count)
    return _write_cards(taken_lo, taken_hi, out)


def choose_pass_cards(
    lo: int, hi: int, deck_mask: int, players: int, copies: int, jack_rule: bool, pass_count: int, stopper: int, out: list[int]
) -> int:
    """The heuristic's pass from the hand ``lo``/``hi`` in card order into ``out`` (an output of ``pass_count``
    slots; a duplicate may go twice); returns how many: the shooter's pass for a one-deck hand fit for the
    moon (:func:`moon_hand`), else the first ``pass_count`` of :func:`shed_order_cards`.

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> out = [0] * 3
    >>> choose_pass_cards(1 << p("QS") | 1 << p("2H") | 1 << p("9C") | 1 << p("3C"), 1 << p("3C"), ALL_CARDS, 6, 2, False, 3, KEEP_TOP, out)
    3
    >>> out == [p("3C"), p("9C"), p("QS")]
    True
    """
    if copies == 1 and moon_hand(lo, deck_mask & ~lo, pass_count, players):
        return moon_pass_cards(lo, hi, pass_count, out)
    scores = [0] * 104
    shed_scores(lo, hi, deck_mask, copies, jack_rule, pass_count, stopper, scores)
    taken_lo, taken_hi = _take(lo, hi, scores, pass_count)
    return _write_cards(taken_lo, taken_hi, out)


def choose_pass_mask(mine: int, deck_mask: int, players: int, jack_rule: bool, pass_count: int, stopper: int) -> int:
    """The heuristic's pass from the one-deck hand ``mine``, as a mask (:func:`choose_pass_cards`).

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> choose_pass_mask(1 << p("QS") | 1 << p("2H") | 1 << p("9C") | 1 << p("3C"), ALL_CARDS, 4, False, 3, KEEP_TOP) == (
    ...     1 << p("QS") | 1 << p("9C") | 1 << p("3C"))
    True
    """
    if moon_hand(mine, deck_mask & ~mine, pass_count, players):
        taken, _ = _moon_take(mine, 0, pass_count)
        return taken
    scores = [0] * 104
    shed_scores(mine, 0, deck_mask, 1, jack_rule, pass_count, stopper, scores)
    taken, _ = _take(mine, 0, scores, pass_count)
    return taken


def pass_misses(
    now: int, known: int, got: int, received: int, deck_mask: int, players: int, jack_rule: bool, pass_count: int, stopper: int
) -> int:
    """How many of the cards ``received`` from the passer (a one-deck mask) the heuristic's pass would not
    have sent from the passer's hand before the pass in this world: its hand ``now``, plus ``known``
    (the cards it played and the cards it passed), less ``got`` (the cards it was passed, where known).

    >>> from hearts.core.cards import parse_card as p, ALL_CARDS
    >>> hand = 1 << p("QS") | 1 << p("2H") | 1 << p("3C") | 1 << p("4C")
    >>> pass_misses(hand, 1 << p("9C"), 0, 1 << p("9C") | 1 << p("2H"), ALL_CARDS, 4, False, 3, KEEP_TOP)
    1
    """
    model = choose_pass_mask((now | known) & ~got, deck_mask, players, jack_rule, pass_count, stopper)
    return count_bits(received & ~model)
