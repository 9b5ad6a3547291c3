"""Refit the shipped standard-4 net's pass head on passes labelled by ``hard``'s pass search, everything else frozen.

    python refit_pass.py DATA OUT.npz [--temperature T] [--epochs E]

DATA: a folder of ``hearts selfplay`` chunks (``chunk-*``, see the README). The trunk's output of
every pass row is computed once; the linear pass head, started from the shipped one, is fitted by
masked cross-entropy against the teacher's picks, or (``--temperature T``) against the softmax of
the teacher's values of the cards it could pick. One deal in 20 is held out; prints the held-out
pass figures before and after as JSON. The model's plays are unchanged to the bit.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import torch

from hearts.core import Rules
from hearts.learn.data import Dataset, load
from hearts.learn.recipe import RECIPES
from hearts.learn.train import evaluate
from hearts.net.model import NetModel, load_shipped

FIGURES = ("pass_agreement", "pass_regret", "pass_unweighed")


def targets(rows: Dataset, temperature: float | None) -> np.ndarray:
    """One-hot picks, or the softmax of the teacher's values over ``temperature`` (its pick where it valued none)."""
    onehot: np.ndarray = np.eye(52, dtype=np.float32)[rows.action]
    if temperature is None:
        return onehot
    known = np.isfinite(rows.values) & rows.mask
    scaled = np.where(known, np.nan_to_num(rows.values) / temperature, -np.inf)
    valued = known.any(axis=1)
    scaled[~valued] = 0.0
    weights = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    soft = (weights / weights.sum(axis=1, keepdims=True)).astype(np.float32)
    out: np.ndarray = np.where(valued[:, None], soft, onehot)
    return out


def figures(model: NetModel, rows: Dataset) -> dict[str, float]:
    scores = evaluate(model, rows)
    return {k: scores[k] for k in FIGURES}


def with_head(model: NetModel, head: torch.nn.Linear) -> NetModel:
    w, b = head.weight.detach().numpy().T.copy(), head.bias.detach().numpy().copy()
    return NetModel(dict(model.arrays, pass_w=w, pass_b=b), model.meta)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("out")
    parser.add_argument("--temperature", type=float, default=None)
    parser.add_argument("--epochs", type=int, default=20)
    args = parser.parse_args()
    torch.manual_seed(1)
    rng = np.random.default_rng(1)
    folders = sorted(p for p in Path(args.data).glob("chunk-*") if (p / "_manifest.json").exists())
    data = load(folders, RECIPES["standard-4"])
    passes = data.take(data.is_pass)
    train, held = passes.split(20)
    model = load_shipped(Rules.standard(4))
    x = torch.from_numpy(np.concatenate([model.trunk(train.obs[i : i + 8192]) for i in range(0, len(train), 8192)]))
    mask, y = torch.from_numpy(train.mask), torch.from_numpy(targets(train, args.temperature))
    head = torch.nn.Linear(x.shape[1], 52)
    with torch.no_grad():
        head.weight.copy_(torch.from_numpy(model.arrays["pass_w"].T.copy()))
        head.bias.copy_(torch.from_numpy(model.arrays["pass_b"].copy()))
    batch, lr = 512, 3e-3
    steps = len(train) // batch
    opt = torch.optim.AdamW(head.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=args.epochs * steps, pct_start=0.1)
    for _ in range(args.epochs):
        order = torch.from_numpy(rng.permutation(len(train)))
        for step in range(steps):
            rows = order[step * batch : (step + 1) * batch]
            loss = torch.nn.functional.cross_entropy(head(x[rows]).masked_fill(~mask[rows], -1e9), y[rows])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
    refit = with_head(model, head)
    refit.save(args.out)
    report = {
        "chunks": len(folders),
        "train_rows": len(train),
        "held_rows": len(held),
        "temperature": args.temperature,
        "epochs": args.epochs,
        "before": figures(model, held),
        "after": figures(refit, held),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
