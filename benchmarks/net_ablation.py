"""Ablation: the standard-4 recipe trained on its first N data chunks with some fields changed; prints the held-out figures.

The chunks come from ``hearts train --recipe standard-4 --work DIR --data-only`` (``--chunks N``)::

    python benchmarks/net_ablation.py DIR N [field=value ...]     # e.g. card_features=False, mirror=False, mean_weight=0.25

One JSON line: the changed fields and the last epoch's held-out figures (agreement, regret, top-k recall, value error).
One PyTorch thread, so several can run side by side.
"""

import ast
import json
import sys
from dataclasses import replace
from pathlib import Path

import torch

from hearts.learn import RECIPES
from hearts.learn.data import chunk_dir, load
from hearts.learn.train import train

torch.set_num_threads(1)
work, n = Path(sys.argv[1]), int(sys.argv[2])
changes = {k: ast.literal_eval(v) for k, v in (a.split("=", 1) for a in sys.argv[3:])}
r = replace(RECIPES["standard-4"], chunks=n, **changes)
data = load([chunk_dir(work, k) for k in range(n)], r)
model, report = train(r, data, log=lambda s: print(s, file=sys.stderr))
out = {"chunks": n, **changes, **{k: round(v, 4) if isinstance(v, float) else v for k, v in report["held_out"].items()}}
print(json.dumps(out))
