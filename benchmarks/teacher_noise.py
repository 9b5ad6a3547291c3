"""How far do the learned player's labels disagree with themselves? A diagnosis of the net's imitation gap.

The `net` bot is trained on the values a search teacher gives each card. If two runs of the same teacher on the same
view (two seeds) already disagree, that part of the net's distance to its labels is noise it cannot learn. This
plays first hands of a game with one bot in every seat (the heuristic, the net, the teacher: ``--players``; seeded
deals), and at every play decision of a sampled seat with two legal cards or more asks the teacher twice (seeds A
and B) and the shipped net once, from that seat's view.

Reported, with the model card's yardsticks (agreement: the same best card; value RMSE: over the cards both weighed;
regret: run B's value of its best card minus its value of the other's choice):

- the teacher against itself (A against B): the ceiling any imitation of it can reach;
- the net against run B, on the same positions;
- the teacher's seconds a decision (the label cost).

    python benchmarks/teacher_noise.py --hands 60 --players net --out benchmarks/results/DATE-teacher-noise/net.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from hearts.bots.registry import make_bot
from hearts.core import Hand, Rules
from hearts.core.deal import random_deal
from hearts.learn.recipe import HARD_TEACHER, TEACHER


def compare(a: dict[int, float], b: dict[int, float]) -> tuple[bool, float, float]:
    """(a's best card is one of b's best, RMSE over the cards both weighed, b's regret of a's best card).

    As the model card counts them: a card b values as high as its best agrees (equivalent cards, such as touching
    ones, get the same value).
    """
    common = sorted(set(a) & set(b))
    best_a, top_b = max(a, key=lambda c: a[c]), max(b.values())
    rmse = math.sqrt(sum((a[c] - b[c]) ** 2 for c in common) / len(common)) if common else math.nan
    regret = top_b - b[best_a] if best_a in b else math.nan
    return best_a in b and b[best_a] >= top_b - 1e-6, rmse, regret


def summary(rows: list[tuple[bool, float, float]]) -> dict[str, float]:
    agree = [float(r[0]) for r in rows]
    rmse = [r[1] for r in rows if not math.isnan(r[1])]
    regret = [r[2] for r in rows if not math.isnan(r[2])]

    def se(xs: list[float]) -> float:
        return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan

    return {
        "decisions": len(rows),
        "agreement": round(statistics.mean(agree), 4),
        "agreement_se": round(se(agree), 4),
        "value_rmse": round(math.sqrt(statistics.mean([x * x for x in rmse])), 3),
        "regret": round(statistics.mean(regret), 4),
        "regret_se": round(se(regret), 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands played by the heuristic for positions (default 40)")
    parser.add_argument("--teacher", default="recipe", help="the teacher's spec; 'recipe': standard-4's, 'hard': standard-4-hard's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="heuristic", help="the bot that plays the hands the positions come from (default heuristic)")
    parser.add_argument("--out", type=Path, default=None, help="write the JSON here")
    args = parser.parse_args(argv)
    spec = {"recipe": TEACHER, "hard": HARD_TEACHER}.get(args.teacher, args.teacher)
    rules = Rules.standard(4)
    from hearts.net.model import load_shipped
    from hearts.observe import encode

    model = load_shipped(rules)
    player = make_bot({"teacher": spec}.get(args.players, args.players), seed=args.seed)
    rng = random.Random(args.seed)
    self_rows: list[tuple[bool, float, float]] = []
    net_rows: list[tuple[bool, float, float]] = []
    seconds: list[float] = []
    walls: list[float] = []
    for h in range(args.hands):
        deal, _ = random_deal(rules, random.Random(args.seed * 100_003 + h))
        hand = Hand(rules, deal, number=1)  # a game's first hand: the pass to the left, then the play (scores all 0)
        watched = rng.randrange(4)
        while not hand.done:
            seat = hand.seats_to_act()[0]
            view = hand.view(seat)
            if seat == watched and hand.phase == "play" and len(hand.legal_cards(seat)) > 1:
                runs = []
                for k in (1, 2):
                    teacher = make_bot(spec, seed=args.seed * 7919 + h * 131 + k)
                    start, wall = time.process_time(), time.perf_counter()
                    teacher.act(view)
                    seconds.append(time.process_time() - start)
                    walls.append(time.perf_counter() - wall)
                    runs.append(teacher.decision_values())
                if runs[0] and runs[1] and len(runs[1]) > 1:
                    self_rows.append(compare(runs[0], runs[1]))
                    values = model.all_values(encode(view)[None, :])[0]
                    net = {c: float(values[c]) for c in runs[1]}
                    net_rows.append(compare(net, runs[1]))
            hand.apply(player.act(view))  # a card, or the moon's choice at the end
        print(f"hand {h + 1}/{args.hands}: {len(self_rows)} decisions", file=sys.stderr)
    out: dict[str, Any] = {
        "what": "the teacher against itself (two seeds) and the shipped net against the teacher, on the same play decisions",
        "rules": "standard-4",
        "teacher": spec,
        "positions": f"{args.hands} first hands of a game (the pass, then the play) played by {args.players} in every seat; "
        "one sampled seat a hand",
        "players": args.players,
        "teacher_vs_itself": summary(self_rows),
        "net_vs_teacher": summary(net_rows),
        "teacher_cpu_seconds_a_decision": round(statistics.mean(seconds), 4),
        "teacher_wall_seconds_a_decision": round(statistics.mean(walls), 4),
    }
    text = json.dumps(out, indent=1)
    print(text)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
