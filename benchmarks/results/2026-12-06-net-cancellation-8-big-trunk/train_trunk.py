"""Cancellation-8 on both rounds of data (round 1's rows counted ``REPEAT`` times) with another trunk.

    python train_trunk.py WORK 1024,512 3 OUT.npz [THREADS]

WORK holds the ``cancellation-8`` chunks and ``round-1/`` (``hearts train --recipe
cancellation-8-hard --data-only``). Prints the training time and the held-out figures
of round 0 (the 200-simulation teacher) and round 1 (hard's search) as JSON.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import torch

from hearts.learn import RECIPES
from hearts.learn.data import Dataset, chunk_dir, load
from hearts.learn.train import evaluate, train


def main() -> None:
    work, trunk, repeat, out = Path(sys.argv[1]), tuple(int(x) for x in sys.argv[2].split(",")), int(sys.argv[3]), Path(sys.argv[4])
    torch.set_num_threads(int(sys.argv[5]) if len(sys.argv) > 5 else 2)
    recipe = replace(RECIPES["cancellation-8-hard"], trunk=trunk)
    first = load([chunk_dir(work, k) for k in range(recipe.chunks_in(0))], recipe)
    second = load([chunk_dir(work / "round-1", k) for k in range(recipe.chunks_in(1))], recipe)
    start = time.time()
    model, _ = train(recipe, Dataset.concat([first] + [second] * repeat), device="cpu")
    model.save(out)
    scores = {
        "train_s": time.time() - start,
        "held_round0": evaluate(model, first.split(recipe.holdout)[1]),
        "held_round1_hard": evaluate(model, second.split(recipe.holdout)[1]),
    }
    print(json.dumps(scores, indent=1))


if __name__ == "__main__":
    main()
