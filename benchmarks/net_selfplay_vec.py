"""What ``hearts.vec`` buys the learned player's self-play: hands per CPU second, one at a time against B at once.

Four copies of the shipped 4-player model play whole hands (passing
included), compared in one process for about ``--seconds`` each:

- ``bot``: the ``net`` bot in every seat through the engine
  (:func:`hearts.bots.play.play_hand`), one forward pass per decision, with
  the bot's rules before the network (moon defence, stopper, shoot head);
- ``bare``: the bare network through the engine, one hand at a time (its
  best-valued legal card, its likeliest pass pick): what ``vec`` computes;
- ``vec``: the bare network over :mod:`hearts.vec`, B hands at once, one
  forward pass per step of the batch (:meth:`hearts.net.NetModel.greedy`).

Rates are hands per CPU second of the process (NumPy on one thread is the
per-core figure); the points a hand (summed over the seats: 26, or 78 where a
moon adds) check that all three play real hands.

    PYTHONPATH=src OMP_NUM_THREADS=1 python benchmarks/net_selfplay_vec.py [--batch 1024] [--seconds 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from hearts.bots import make_bot
from hearts.bots.play import play_hand
from hearts.core import Hand, Rules
from hearts.net import NetModel, encode, load_shipped
from hearts.vec import VecHearts
from hearts.vec.engine import DONE, PASS

RULES = Rules.standard(4)


def timed(run: Any, seconds: float) -> dict[str, Any]:
    """Call ``run()`` (which plays some hands: their number, and their points summed over the seats) until ``seconds`` pass."""
    hands, points, wall, cpu = 0, 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        n, p = run()
        hands += n
        points += p
    used = time.process_time() - cpu
    return {"hands": hands, "hands_per_cpu_s": round(hands / used, 1), "points_per_hand": round(points / max(hands, 1), 3)}


def bot_hands(seed: list[int]) -> tuple[int, int]:
    bots = [make_bot("net", seed=s) for s in range(4)]
    seed[0] += 1
    hand = play_hand(Hand.from_seed(RULES, seed[0], number=seed[0] % 4 + 1), bots)
    return 1, sum(hand.points or ())


def bare_hands(model: NetModel, seed: list[int]) -> tuple[int, int]:
    seed[0] += 1
    hand = Hand.from_seed(RULES, seed[0], number=seed[0] % 4 + 1)
    while hand.phase != "done":
        if hand.phase == "pass":
            for s in range(4):
                view, picks = hand.view(s), []
                for _ in range(RULES.pass_count):
                    logits = model.pass_logits(encode(view, picks)[None])[0]
                    picks.append(max((c for c in view.hand if c not in picks), key=lambda c: logits[c]))
                hand.pass_cards(s, picks)
        elif hand.phase == "moon":
            hand.choose_moon(hand.to_move, "add")
        else:
            view = hand.view(hand.to_move)
            legal = sorted(set(view.legal))
            hand.play(legal[int(np.argmax(model.play_values(encode(view), legal)))])
    return 1, sum(hand.points or ())


def vec_hands(model: NetModel, env: VecHearts, seed: list[int]) -> tuple[int, int]:
    seed[0] += 1
    env.reset(seed[0])
    while not env.done.all():
        env.step(model.greedy(env.observe(), env.action_masks(), env.phase == PASS), where=env.phase != DONE)
    return env.batch, int(env.points.sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    model = load_shipped(RULES)
    env = VecHearts(RULES, batch=args.batch)
    out: dict[str, Any] = {"table": "standard-4", "batch": args.batch, "seconds": args.seconds}
    out["bot"] = timed(lambda s=[0]: bot_hands(s), args.seconds)
    out["bare"] = timed(lambda s=[0]: bare_hands(model, s), args.seconds)
    out["vec"] = timed(lambda s=[0]: vec_hands(model, env, s), args.seconds)
    out["vec_over_bot"] = round(out["vec"]["hands_per_cpu_s"] / out["bot"]["hands_per_cpu_s"], 1)
    out["vec_over_bare"] = round(out["vec"]["hands_per_cpu_s"] / out["bare"]["hands_per_cpu_s"], 1)
    print(json.dumps(out, indent=2) if args.json else out)


if __name__ == "__main__":
    main()
