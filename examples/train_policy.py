"""Train a small policy for 4-player Hearts on CPU, then measure it against random bots.

Method: imitation learning. The ``heuristic`` bot plays seeded hands at all
four seats; every decision it makes (each of its three passing picks, each
card it plays) is recorded as (observation, action mask, its card), with the
observation built by :func:`hearts.rl.encode` from the seat's view exactly as
the environment builds it. A one-hidden-layer numpy network (ReLU, softmax
over the masked logits) is fitted by cross-entropy with Adam. The policy is
saved as ``.npz`` (by default ``my_policy.npz`` in the current directory;
the shipped ``examples/policy.npz`` is only written when named with
``--out``) and played by the ``rl-policy`` bot, which ``hearts arena`` then
compares with ``random`` over duplicate deals.

    python examples/train_policy.py                      # about two minutes on one core
    python examples/train_policy.py --hands 500 --epochs 2 --arena 20   # a quick smoke run
    hearts arena --bots rl-policy:file=my_policy.npz,random,random,random --hands 100

Or learn from a ``hearts selfplay`` dataset (Parquet shards; needs pyarrow)
instead of collecting here: ``--data DIR`` reads every row (``--imitate
SPEC``: only the rows of that bot), for the rules in its manifest.

    hearts selfplay --bots search:sims=200,heuristic --players 4 --hands 2000 --out data/ --jobs 2
    python examples/train_policy.py --data data/ --imitate search:sims=200 --out search_policy.npz
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from hearts.bots import make_bot
from hearts.core import Hand, PassCards, PlayCard, Rules
from hearts.rl import action_mask, encode
from hearts.rl.policy import Policy
from hearts.sim.arena import run_arena


def collect(rules: Rules, hands: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic bot's decisions over ``hands`` seeded hands: observations, masks, chosen cards."""
    rng = random.Random(seed)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    cards: list[int] = []
    for i in range(hands):
        bots = [make_bot("heuristic", seed=rng.randrange(2**32)) for _ in range(rules.players)]
        hand = Hand.from_seed(rules, rng, number=i % 4 + 1, dealer=i % rules.players)
        while hand.phase != "done":
            for seat in hand.seats_to_act():
                view = hand.view(seat)
                action = bots[seat].act(view)
                if isinstance(action, PassCards):
                    for k, card in enumerate(action.cards):
                        picked = list(action.cards[:k])
                        obs.append(encode(view, picked))
                        masks.append(action_mask(view, picked))
                        cards.append(card)
                elif isinstance(action, PlayCard):
                    obs.append(encode(view))
                    masks.append(action_mask(view))
                    cards.append(action.card)
                hand.apply(action)
    return np.stack(obs).astype(np.float16), np.stack(masks), np.array(cards, dtype=np.int64)  # float16: half the memory


def load(directory: Path, bot: str | None = None) -> tuple[Rules, np.ndarray, np.ndarray, np.ndarray]:
    """The rules and the decisions (observations, masks, chosen cards) of a ``hearts selfplay`` dataset."""
    from hearts.sim.selfplay_io import read_dataset

    manifest, table = read_dataset(directory)
    rules = Rules.from_dict(manifest["rules"])
    if bot is not None:
        import pyarrow.compute as pc

        table = table.filter(pc.equal(table["bot"], bot))
        if table.num_rows == 0:
            raise SystemExit(f"no rows of bot {bot!r} in {directory} (its bots: {', '.join(dict.fromkeys(manifest['lineup']))})")
    width = manifest["observation"]["size"]

    def matrix(name: str, w: int) -> np.ndarray:
        return table[name].combine_chunks().flatten().to_numpy().reshape(-1, w)

    obs = matrix("observation", width).astype(np.float16)
    return rules, obs, matrix("mask", 52).astype(np.int8), table["action"].to_numpy().astype(np.int64)


def train(policy: Policy, obs: np.ndarray, masks: np.ndarray, cards: np.ndarray, *, epochs: int, batch: int, lr: float, seed: int) -> None:
    """Cross-entropy over masked logits, minimised with Adam; prints the loss and accuracy per epoch."""
    rng = np.random.default_rng(seed)
    params = [p for pair in zip(policy.weights, policy.biases, strict=True) for p in pair]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, t = 0.9, 0.999, 0
    n = len(cards)
    for epoch in range(epochs):
        order = rng.permutation(n)
        total_loss, correct = 0.0, 0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            x, mask, y = obs[idx].astype(np.float32), masks[idx], cards[idx]
            logits, acts = policy.forward(x)
            logits = np.where(mask > 0, logits, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            probs = np.exp(logits)
            probs /= probs.sum(axis=1, keepdims=True)
            rows = np.arange(len(y))
            total_loss += float(-np.log(probs[rows, y] + 1e-12).sum())
            correct += int((probs.argmax(axis=1) == y).sum())
            grad = probs
            grad[rows, y] -= 1.0
            grad /= len(y)
            grads: list[np.ndarray] = []
            for layer in range(len(policy.weights) - 1, -1, -1):
                gw = acts[layer].T @ grad
                gb = grad.sum(axis=0)
                grads = [gw, gb, *grads]
                if layer:
                    grad = (grad @ policy.weights[layer].T) * (acts[layer] > 0)
            t += 1
            for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                mi *= b1
                mi += (1 - b1) * g
                vi *= b2
                vi += (1 - b2) * g * g
                p -= lr * (mi / (1 - b1**t)) / (np.sqrt(vi / (1 - b2**t)) + 1e-8)
        print(f"  epoch {epoch + 1}/{epochs}: loss {total_loss / n:.3f}, agrees with the teacher on {correct / n:.1%} of decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands of heuristic play to imitate (default 5000)")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("my_policy.npz"), help="where to write the policy (default my_policy.npz)")
    parser.add_argument("--arena", type=int, default=100, help="deals (x 4 rotations) against random afterwards (0: none)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--data", type=Path, default=None, help="learn from this hearts selfplay dataset instead of collecting")
    parser.add_argument("--imitate", default=None, metavar="SPEC", help="with --data: only the rows of this bot")
    args = parser.parse_args()

    start = time.perf_counter()
    if args.data is not None:
        rules, obs, masks, cards = load(args.data, args.imitate)
        print(f"{len(cards)} decisions read from {args.data} in {time.perf_counter() - start:.1f} s")
    else:
        rules = Rules.standard(4)
        print(f"collecting the heuristic bot's decisions over {args.hands} hands ...")
        obs, masks, cards = collect(rules, args.hands, args.seed)
        print(f"  {len(cards)} decisions in {time.perf_counter() - start:.0f} s")
    policy = Policy.init(rules, hidden=(args.hidden,), seed=args.seed)
    train(policy, obs, masks, cards, epochs=args.epochs, batch=256, lr=1e-3, seed=args.seed)
    policy.save(args.out)
    print(f"saved {args.out} ({args.out.stat().st_size // 1024} KB); training took {time.perf_counter() - start:.0f} s")

    if args.arena:
        spec = f"rl-policy:file={args.out}"
        opponents = ["random"] * (rules.players - 1)
        result = run_arena([spec, *opponents], rules, hands=args.arena, seed=args.seed, jobs=args.jobs)
        n = rules.players
        print(f"\narena, {args.arena} deals x {n} rotations, policy + {n - 1} random (points per hand, lower is better):")
        for b in result.bots:
            print(f"  {b.name:<40} {b.points_per_hand:6.2f} ± {b.se or 0:.2f}   payoff {b.payoff:+.2f} ± {b.payoff_se or 0:.2f}")


if __name__ == "__main__":
    main()
