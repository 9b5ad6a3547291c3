"""Hand.play_refusal: the rule that refuses a card, as a code; its text is why_play_illegal's."""

from __future__ import annotations

import random

from hearts.core import Hand, Rules
from hearts.core.refusals import CODES


def test_every_refused_card_has_a_code_whose_text_is_the_engines_reason() -> None:
    seen: set[str] = set()
    for rules in (Rules.standard(4), Rules.standard(3), Rules.cancellation(8)):
        for seed in range(12):
            rng = random.Random(seed)
            hand = Hand.from_seed(rules, seed, number=4)  # hand 4: no passing in a four-hand cycle
            while hand.phase != "done":
                if hand.phase != "play":
                    hand.apply(rng.choice(hand.legal_actions(hand.seats_to_act()[0])))
                    continue
                mover = hand.to_move
                legal = set(hand.legal_cards())
                for card in set(hand.hand_cards(mover)) - legal:
                    refusal = hand.play_refusal(card, mover)
                    assert refusal is not None and refusal.code in CODES
                    assert refusal.text == hand.why_play_illegal(card, mover)
                    seen.add(refusal.code)
                for card in legal:
                    assert hand.play_refusal(card, mover) is None
                other = (mover + 1) % rules.players
                if hand.hand_cards(other):
                    assert hand.play_refusal(hand.hand_cards(other)[0], other).code == "not_your_turn"  # type: ignore[union-attr]
                    seen.add("not_your_turn")
                hand.play(rng.choice(sorted(legal)))
    assert {"follow_suit", "hearts_not_broken", "lead_lowest_club", "first_lead_cancellation", "not_your_turn"} <= seen, seen
