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

The rules of the pass are written once, in the kernel
:mod:`hearts.bots.kernel.passing` (card masks in; compiled with the search's
loop); the functions here take and give lists of cards. Cards of equal score
are shed in card order.

>>> from hearts.core import Rules, parse_card as p, card_name
>>> hand = [p(x) for x in "2C 5C 9C TD JD KD 3H 4H QH QS 5S 8S KS".split()]
>>> [card_name(c) for c in choose_pass(hand, Rules.standard(4))]
['9C', 'QS', 'KS']
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core import Card, Rules
from hearts.core.deal import card_masks

from .kernel import passing as kernel
from .kernel.passing import KEEP_NONE, KEEP_SECOND, KEEP_TOP

__all__ = ["KEEP_NONE", "KEEP_SECOND", "KEEP_TOP", "choose_pass", "kept_heart", "losers", "moon_hand", "moon_pass", "shed_order"]


def losers(mine: int, out: int, n: int) -> tuple[int, int]:
    """(losers outside hearts, losers in hearts): cards that a card still out could beat.

    A suit's cards all win when the seat's top cards outlast the longest other
    holding in it (guessed as an even share of the cards out).
    """
    return kernel.losers(mine, out, n)


def moon_hand(mine: int, out: int, side_losers: int, n: int) -> bool:
    """Can this hand take every point? Its hearts all win, the queen is its own or
    caught by its spades, at least four hearts, and at most ``side_losers`` side losers."""
    return kernel.moon_hand(mine, out, side_losers, n)


def choose_pass(hand: Sequence[Card], rules: Rules, stopper: int = KEEP_TOP) -> list[Card]:
    """The ``rules.pass_count`` cards to pass from ``hand`` (a duplicate may go twice);
    ``stopper``: which heart stays back (:func:`shed_order`)."""
    lo, hi = card_masks(hand)
    out = [0] * rules.pass_count
    size = kernel.choose_pass_cards(
        lo, hi, rules.deck_mask, rules.players, rules.copies, bool(rules.jack_of_diamonds), rules.pass_count, int(stopper), out
    )
    return out[:size]


def moon_pass(hand: Sequence[Card], rules: Rules) -> list[Card]:
    """A shooter's pass: the lowest-ranked cards, hearts and the queen of spades last."""
    lo, hi = card_masks(hand)
    out = [0] * rules.pass_count
    return out[: kernel.moon_pass_cards(lo, hi, rules.pass_count, out)]


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
    lo, hi = card_masks(hand)
    out = [0] * len(hand)
    size = kernel.shed_order_cards(lo, hi, rules.deck_mask, rules.copies, bool(rules.jack_of_diamonds), rules.pass_count, int(stopper), out)
    return out[:size]


def kept_heart(mine: int, length: int, stopper: int) -> Card:
    """The heart that ``stopper`` keeps home from a one-deck hand ``mine`` with ``length`` hearts (-1: none).

    >>> from hearts.core import parse_card as p, card_name
    >>> mine = sum(1 << p(x) for x in "KH QH 2H 2C".split())
    >>> [card_name(kept_heart(mine, 3, s)) for s in (KEEP_TOP, KEEP_SECOND)], kept_heart(mine, 3, KEEP_NONE)
    (['KH', 'QH'], -1)
    """
    return kernel.kept_heart(mine, length, int(stopper))
