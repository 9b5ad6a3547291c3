"""Cancellation-8 with a round of hard-labelled data: train a variant, or score a model, on each round's held-out rows.

    python train_variant.py WORK rep3 OUT.npz    # train on round 0 plus round 1's rows three times over
    python train_variant.py WORK model.npz       # score a model only

WORK holds the ``cancellation-8`` chunks and ``round-1/`` (``hearts train --recipe
cancellation-8-hard --data-only``). Prints the held-out figures of round 0 (the
200-simulation teacher) and of round 1 (hard's search) as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch

from hearts.learn import RECIPES
from hearts.learn.data import Dataset, chunk_dir, load
from hearts.learn.train import evaluate, train
from hearts.net import NetModel


def main() -> None:
    torch.set_num_threads(2)
    work, variant = Path(sys.argv[1]), sys.argv[2]
    recipe = RECIPES["cancellation-8-hard"]
    first = load([chunk_dir(work, k) for k in range(recipe.chunks_in(0))], recipe)
    second = load([chunk_dir(work / "round-1", k) for k in range(recipe.chunks_in(1))], recipe)
    if variant.endswith(".npz"):
        model = NetModel.load(Path(variant))
    else:
        repeat = {"mix": 1, "rep2": 2, "rep3": 3}[variant]
        model, _ = train(recipe, Dataset.concat([first] + [second] * repeat), device="cpu")
        model.save(Path(sys.argv[3]))
    scores = {
        "held_round0": evaluate(model, first.split(recipe.holdout)[1]),
        "held_round1_hard": evaluate(model, second.split(recipe.holdout)[1]),
    }
    print(json.dumps(scores, indent=1))


if __name__ == "__main__":
    main()
