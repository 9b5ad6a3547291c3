"""Card tables the bots' kernels share: ranks, the cards above and below each card, the spades that matter.

Plain int tuples (constant arrays when compiled).

>>> from hearts.core.cards import parse_card as p
>>> RANK[p("QS")], ABOVE[p("QS")] == 1 << p("KS") | 1 << p("AS"), BELOW[p("3H")] == 1 << p("2H")
(10, True, True)
"""

from __future__ import annotations

from hearts.core.cards import QS, SUIT_MASKS, CardMask, parse_card

#: the rank of each card (0: the two, 12: the ace)
RANK: tuple[int, ...] = tuple(c % 13 for c in range(52))
#: bits strictly below each card within its suit
BELOW: tuple[CardMask, ...] = tuple(((1 << c) - 1) & SUIT_MASKS[c // 13] for c in range(52))
#: bits strictly above each card within its suit
ABOVE: tuple[CardMask, ...] = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
#: the spades above the queen
HIGH_SPADES: CardMask = (1 << parse_card("KS")) | (1 << parse_card("AS"))
#: spades below the queen: the cards that flush her out
LOW_SPADES: CardMask = SUIT_MASKS[3] & ((1 << QS) - 1)
