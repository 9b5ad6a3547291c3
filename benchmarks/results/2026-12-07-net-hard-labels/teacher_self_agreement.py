"""The teacher against itself: two searches with other seeds on the same play decisions (agreement, regret by cards held).

    python teacher_self_agreement.py HANDS > teacher-vs-itself.json

Hands dealt from seeds 5000.., passed by the heuristic, played by the first search; at each play with a choice,
search A's best-valued card is scored by search B's values (agreement: B values it best; regret: B's best minus it),
as hearts.learn.train.evaluate scores the net against the teacher.
"""
import json, sys
import numpy as np
from hearts.bots.search import SearchBot
from hearts.bots.registry import make_bot
from hearts.core import Hand, Rules
from hearts.learn.recipe import HARD_TEACHER_SETTINGS

rules = Rules.standard(4)
hands = int(sys.argv[1])
stats = {}
heur = make_bot("heuristic", seed=1)
decision = 0
for h in range(hands):
    hand = Hand.from_seed(rules, seed=5000 + h, number=h + 1)
    while hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, heur.pass_cards(hand.view(seat)))
    while hand.phase == "play":
        seat = hand.to_move
        view = hand.view(seat)
        legal = hand.legal_cards()
        if len(legal) >= 2:
            decision += 1
            a = SearchBot(HARD_TEACHER_SETTINGS, seed=2 * decision)
            b = SearchBot(HARD_TEACHER_SETTINGS, seed=2 * decision + 1)
            ca = a.play_card(view); va = a.decision_values()
            cb = b.play_card(view); vb = b.decision_values()
            if va and vb and len(va) >= 2 and set(va) == set(vb):
                pa = max(va, key=va.get)
                best = max(vb.values())
                r = best - vb[pa]
                s = stats.setdefault(len(view.hand), [0, 0, 0.0])
                s[0] += 1; s[1] += r <= 1e-6; s[2] += r
            card = ca
        else:
            card = legal[0]
        hand.play(card)
rows = sum(s[0] for s in stats.values())
print(json.dumps({"rows": rows, "agreement": sum(s[1] for s in stats.values()) / rows, "regret": sum(s[2] for s in stats.values()) / rows,
                  "by_cards_held": {k: {"rows": s[0], "agreement": s[1] / s[0], "regret": s[2] / s[0]} for k, s in sorted(stats.items())}}, indent=1))
