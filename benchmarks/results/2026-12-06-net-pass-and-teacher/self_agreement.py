"""How often two runs of ``hard``'s pass search (two seeds) pass the same cards, and how often the ``net`` passes them.

    python self_agreement.py [--hands 120]

Prints JSON: over every seat of ``--hands`` seeded 4-player deals (pass directions left, right and
across in turn), the share of passes where the two searches chose the same three cards, where the
net chose the same three as each search, and the mean share of cards in common.
"""

from __future__ import annotations

import argparse
import json

from hearts.bots import make_bot
from hearts.core import Hand, Rules

TEACHER = "search:sims=1:pass=24:pass_guard=5:pass_miss=0.5:pass_alone=1"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=120)
    args = parser.parse_args()
    rules = Rules.standard(4)
    first, second, net = make_bot(TEACHER, seed=11), make_bot(TEACHER, seed=22), make_bot("net")
    same = {"search_search": 0, "net_search1": 0, "net_search2": 0}
    common = {"search_search": 0, "net_search1": 0}
    passes = 0
    for i in range(args.hands):
        hand = Hand.from_seed(rules, 5000 + i, number=i % 3 + 1)
        for seat in range(rules.players):
            view = hand.view(seat)
            a, b, n = set(first.pass_cards(view)), set(second.pass_cards(view)), set(net.pass_cards(view))
            passes += 1
            same["search_search"] += a == b
            same["net_search1"] += n == a
            same["net_search2"] += n == b
            common["search_search"] += len(a & b)
            common["net_search1"] += len(n & a)
    out = {
        "passes": passes,
        "same_three": {k: round(v / passes, 3) for k, v in same.items()},
        "cards_in_common": {k: round(v / 3 / passes, 3) for k, v in common.items()},
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
