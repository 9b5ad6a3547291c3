"""Reachable hands for the bot tests: a deal, the passes, then random plays."""

from __future__ import annotations

import random

from hearts.bots.heuristic_pass import choose_pass
from hearts.core import Hand, Rules


def random_state(rules: Rules, seed: int, steps: int) -> Hand:
    """A hand after passing (heuristic or random) and ``steps`` random plays."""
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, rng, dealer=rng.randrange(rules.players), number=rng.randint(1, 4))
    if hand.phase == "pass":
        for s in range(rules.players):
            cards = hand.hand_cards(s)
            hand.pass_cards(s, choose_pass(cards, rules) if rng.random() < 0.5 else rng.sample(cards, rules.pass_count))
    for _ in range(steps):
        if hand.phase != "play":
            break
        hand.play(rng.choice(hand.legal_cards()))
    return hand
