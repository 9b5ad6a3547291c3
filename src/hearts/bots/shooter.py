"""``shooter``: a reckless moon shooter, as an opponent and a yardstick for moon defence.

It always goes for the moon and never gives up: it passes its lowest
non-hearts (keeping every heart and the queen of spades), leads its sure
winners first (a card no unseen card of its suit can beat), else its highest
card, wins every trick it can when following, and discards its lowest
non-point card when void. Against defenders who never stop a runner it takes
the moon often; against good defenders almost never.

>>> from hearts.core import Rules, parse_card as p, card_name
>>> hand = [p(x) for x in "2C 5C 9C TD JD KD 3H 4H QH QS 5S 8S KS".split()]
>>> [card_name(c) for c in shooter_pass(hand, Rules.standard(4))]
['2C', '5C', '5S']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts.core import Card, Rules, SeatView

from .base import Bot
from .heuristic import view_card
from .heuristic_pass import moon_pass
from .heuristic_play import SHOOT
from .registry import reject_unknown


def shooter_pass(hand: Sequence[Card], rules: Rules) -> list[Card]:
    """The ``rules.pass_count`` lowest-ranked cards that are neither hearts nor Q♠ (hearts last, if it must)."""
    return moon_pass(hand, rules)


class ShooterBot(Bot):
    """Always shooting the moon (see the module docstring)."""

    def __init__(self, seed: int | None = None, name: str = "shooter") -> None:
        self.rng = random.Random(seed)  # unused: the bot is deterministic; kept for the registry's protocol
        self.name = name

    def pass_cards(self, view: SeatView) -> list[Card]:
        return shooter_pass(view.hand, view.rules)

    def play_card(self, view: SeatView) -> Card:
        return view_card(view, SHOOT)


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``shooter``: settings ``seed`` only (the bot is deterministic)."""
    params = dict(params)
    params.pop("seed", None)
    reject_unknown(params, "shooter")
    return ShooterBot(seed=seed)
