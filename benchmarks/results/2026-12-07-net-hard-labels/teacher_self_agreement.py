"""The teacher against itself: two searches with other seeds on the same play decisions (agreement, regret by cards held).

    python teacher_self_agreement.py HANDS > teacher-vs-itself.json

Hands dealt from seeds 5000.., passed by the heuristic, played by the first search; at each play with a choice,
search A's best-valued card is scored by search B's values (agreement: B values it best; regret: B's best minus it),
as hearts.learn.train.evaluate scores the net against the teacher.
"""

from __future__ import annotations

import json
import sys

from hearts.bots.registry import make_bot
from hearts.bots.search import SearchBot
from hearts.core import Card, Hand, Rules
from hearts.learn.recipe import HARD_TEACHER_SETTINGS


def main(hands: int) -> dict[str, object]:
    rules = Rules.standard(4)
    stats: dict[int, list[float]] = {}  # cards held -> [plays, agreements, regret sum]
    heuristic = make_bot("heuristic", seed=1)
    decision = 0
    for h in range(hands):
        hand = Hand.from_seed(rules, seed=5000 + h, number=h + 1)
        if hand.phase == "pass":
            for seat in range(4):
                hand.pass_cards(seat, heuristic.pass_cards(hand.view(seat)))
        while hand.phase == "play":
            view = hand.view(hand.to_move)
            legal = hand.legal_cards()
            card: Card = legal[0]
            if len(legal) >= 2:
                decision += 1
                a = SearchBot(HARD_TEACHER_SETTINGS, seed=2 * decision)
                b = SearchBot(HARD_TEACHER_SETTINGS, seed=2 * decision + 1)
                card = a.play_card(view)
                b.play_card(view)
                values_a, values_b = a.decision_values(), b.decision_values()
                if values_a and values_b and len(values_a) >= 2 and set(values_a) == set(values_b):
                    pick = max(values_a, key=lambda c: values_a[c])
                    regret = max(values_b.values()) - values_b[pick]
                    row = stats.setdefault(len(view.hand), [0, 0, 0.0])
                    row[0] += 1
                    row[1] += regret <= 1e-6
                    row[2] += regret
            hand.play(card)
    rows = sum(s[0] for s in stats.values())
    return {
        "rows": rows,
        "agreement": sum(s[1] for s in stats.values()) / rows,
        "regret": sum(s[2] for s in stats.values()) / rows,
        "by_cards_held": {k: {"rows": s[0], "agreement": s[1] / s[0], "regret": s[2] / s[0]} for k, s in sorted(stats.items())},
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1])), indent=1))
