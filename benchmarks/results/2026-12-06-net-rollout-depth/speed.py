"""CPU ms a move (passes included) of bot specs playing four seats of six 4-player hands.

python speed.py net net-rollout:sims=64:depth=1 ... > speed.json
"""

from __future__ import annotations

import json
import sys
import time

from hearts.bots import make_bot
from hearts.bots.play import play_hand
from hearts.core import Hand, Rules


def main() -> None:
    rules = Rules.standard(4)
    out = {}
    for spec in sys.argv[1:]:
        bots = [make_bot(spec, seed=i) for i in range(4)]
        start, moves = time.process_time(), 0
        for d in range(6):
            play_hand(Hand.from_seed(rules, seed=100 + d, number=1 + d % 4), bots)
            moves += 52
        out[spec] = round((time.process_time() - start) / moves * 1000, 1)
    print(json.dumps({"ms_per_move": out}, indent=1))


if __name__ == "__main__":
    main()
