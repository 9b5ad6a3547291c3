"""Held-out agreement and regret of a model against its teacher, by cards held, and on the shoot-eligible rows.

    python held_out_by_cards.py RECIPE WORK MODEL.npz > net-vs-teacher-held-out.json

The held-out deals of ``hearts train``'s split, scored as hearts.learn.train.evaluate scores them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from hearts.learn.data import load, shoot_targets
from hearts.learn.recipe import RECIPES
from hearts.net.model import NetModel
from hearts.observe import segment_slices


def main(recipe_name: str, work: Path, model_path: str) -> dict[str, object]:
    recipe = RECIPES[recipe_name]
    model = NetModel.load(model_path)
    rules = recipe.rules()
    _, held = load(sorted(work.glob("chunk-*")), recipe).split(recipe.holdout)
    play = ~held.is_pass & (np.isfinite(held.values).sum(axis=1) >= 2)
    eligible, shooting = shoot_targets(rules, held)
    idx = np.flatnonzero(play)
    pred = np.concatenate([model.all_values(held.obs[idx[s : s + 4096]]) for s in range(0, len(idx), 4096)])
    target = held.values[idx]
    known = np.isfinite(target)
    values = np.where(known, target, -np.inf)
    pick = np.argmax(np.where(known, pred, -np.inf), axis=1)
    regret = values.max(axis=1) - values[np.arange(len(idx)), pick]
    agree = regret <= 1e-6
    size = (held.obs[idx, segment_slices(rules)["hand_sizes"].start] * 13).round().astype(int)  # the seat's cards (/ 13)

    def summary(m: np.ndarray) -> dict[str, float]:
        return {
            "rows": int(m.sum()),
            "agreement": float(agree[m].mean()),
            "regret": float(regret[m].mean()),
            "regret_share": float(regret[m].sum() / regret.sum()),
        }

    out: dict[str, object] = {"rows": int(len(idx)), "by_cards_held": {int(s): summary(size == s) for s in sorted(set(size.tolist()))}}
    for name, m in [("shoot_eligible", eligible[idx]), ("teacher_shooting", shooting[idx]), ("other", ~eligible[idx])]:
        out[name] = summary(m)
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3]), indent=1))
