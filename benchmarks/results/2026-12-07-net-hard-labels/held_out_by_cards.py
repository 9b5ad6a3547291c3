"""Held-out agreement and regret of a model against its teacher, by cards held, and on the shoot-eligible rows.

    python held_out_by_cards.py RECIPE WORK MODEL.npz > net-vs-teacher-held-out.json

The held-out deals of ``hearts train``'s split, scored as hearts.learn.train.evaluate scores them.
"""
import json, sys
from pathlib import Path
import numpy as np
from hearts.learn.data import load, shoot_targets
from hearts.learn.recipe import RECIPES
from hearts.net.model import NetModel
from hearts.observe import segment_slices

recipe = RECIPES[sys.argv[1]]
work = Path(sys.argv[2])
model = NetModel.load(sys.argv[3])
rules = recipe.rules()
folders = sorted(p for p in work.glob("chunk-*"))
data = load(folders, recipe)
_, held = data.split(recipe.holdout)
sl = segment_slices(rules)
play = ~held.is_pass & (np.isfinite(held.values).sum(axis=1) >= 2)
eligible, shooting = shoot_targets(rules, held)
idx = np.flatnonzero(play)
pred = np.concatenate([model.all_values(held.obs[idx[s:s + 4096]]) for s in range(0, len(idx), 4096)])
t = held.values[idx]
known = np.isfinite(t)
tt = np.where(known, t, -np.inf)
pick = np.argmax(np.where(known, pred, -np.inf), axis=1)
best = tt.max(axis=1)
got = tt[np.arange(len(idx)), pick]
regret = best - got
agree = regret <= 1e-6
size = (held.obs[idx, sl["hand_sizes"].start] * 13).round().astype(int)
out = {"rows": int(len(idx)), "by_cards_held": {}}
for s in sorted(set(size.tolist())):
    m = size == s
    out["by_cards_held"][s] = {"rows": int(m.sum()), "agreement": float(agree[m].mean()), "regret": float(regret[m].mean()),
                              "regret_share": float(regret[m].sum() / regret.sum())}
for name, m in [("shoot_eligible", eligible[idx]), ("teacher_shooting", shooting[idx]), ("other", ~eligible[idx])]:
    out[name] = {"rows": int(m.sum()), "agreement": float(agree[m].mean()), "regret": float(regret[m].mean()),
                 "regret_share": float(regret[m].sum() / regret.sum())}
print(json.dumps(out, indent=1))
