"""Touching cards: legal cards that are worth the same, so a search need weigh only one of each group.

Two of a seat's cards of one suit *touch* when every card ranked between
them is in its own hand, was played in an earlier trick, or is not in the
deck. Whichever of them it plays, every later comparison with a card still
out comes out the same, so the plays are worth the same. A card in the
trick being played does not join two cards (one of them may duck it and the
other win it). The Q♠ (and the J♦ when it counts) touches no other card,
and the hearts touch only hearts. Only one-deck games without a kitty are
grouped (with two decks, identical cards cancel).

>>> from hearts.core import Hand, Rules
>>> from hearts.core.cards import card_name, parse_card
>>> deal = ["2C 3C 5C 7D 8D JS QS KS AS 2H 3H 4H 5H", "4C 6C 2D 3D 4D 5D 6D 9D TD JD QD KD AD",
...         "7C 8C 9C TC JC QC KC AC 2S 3S 4S 5S 6S", "7S 8S 9S TS 6H 7H 8H 9H TH JH QH KH AH"]
>>> hand = Hand(Rules.standard(4), [[parse_card(c) for c in seat.split()] for seat in deal], number=4)  # no pass
>>> hand.play(parse_card("2C")); hand.play(parse_card("4C")); hand.play(parse_card("7C")); hand.play(parse_card("7S"))
>>> hand.play(parse_card("AC"))  # seat 2 won; it leads A♣ and seat 3 is void in clubs
>>> hand.play(parse_card("8S"))  # seat 3 discards; seat 0 to play
>>> view = hand.view(0)
>>> [[card_name(c) for c in group] for group in touching_groups(view)]
[['3C', '5C']]
>>> [[card_name(c) for c in group] for group in touching_groups(view, hand_cards=True)]
[['3C', '5C'], ['7D', '8D'], ['2H', '3H', '4H', '5H'], ['JS'], ['QS'], ['KS', 'AS']]
"""

from __future__ import annotations

from hearts.core import Card, SeatView
from hearts.core.cards import JD, QS, SUIT_OF, mask_of

from .heuristic_play import ABOVE, BELOW


def touching_groups(view: SeatView, hand_cards: bool = False) -> list[list[Card]]:
    """The seat's legal cards (or with ``hand_cards`` its whole hand) in groups of touching cards, in card order.

    Without grouping (two decks, a kitty) every card is its own group.
    """
    cards = sorted(view.hand if hand_cards else view.legal)
    if view.rules.copies != 1 or view.kitty_size or view.kitty:
        return [[c] for c in cards]
    # not in the deck, played in an earlier trick, or the seat's own
    gone = ~view.rules.deck_mask | mask_of(c for t in view.tricks for c in t.cards) | mask_of(view.hand)
    alone = {QS, JD} if view.rules.jack_of_diamonds else {QS}
    groups: list[list[Card]] = []
    for c in cards:
        if groups and c not in alone and groups[-1][-1] not in alone and _joined(groups[-1][-1], c, gone):
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _joined(low: Card, high: Card, gone: int) -> bool:
    """Same suit, and every card strictly between them is gone (or the seat's own)."""
    return SUIT_OF[low] == SUIT_OF[high] and ABOVE[low] & BELOW[high] & ~gone == 0
