"""The point cards each seat has taken, from the public tricks: the engine's own count of the cards taken, less the hidden kitty."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hearts.core import Hand, Rules
from hearts.core.cards import JD, points_of
from hearts.core.hand import point_cards_taken


@pytest.mark.parametrize(
    "rules", [Rules.standard(4), Rules.omnibus(5), Rules.cancellation(6), Rules.cancellation(8)], ids=lambda r: f"{r.variant}{r.players}"
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_point_cards_taken_are_the_engines_after_every_trick(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, seed, number=4)  # no passing
    while hand.phase == "play":
        hand.play(rng.choice(hand.legal_cards()))
        if hand.phase == "play" and not hand.trick:  # a trick is done (the kitty, if any, is not in the tricks)
            taken = point_cards_taken(rules, hand.tricks)
            for seat in range(rules.players):
                in_tricks = Counter(hand.taken[seat]) - (Counter(hand.kitty) if seat == hand.tricks[0].winner else Counter())
                expected = [c for c in in_tricks.elements() if points_of(c) or (rules.jack_of_diamonds and c == JD)]
                assert sorted(taken[seat]) == sorted(expected)
