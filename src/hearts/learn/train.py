"""Fit a :class:`~hearts.net.model.NetModel` to a recipe's data with PyTorch (the ``learn`` extra).

The network mirrors the NumPy forward pass exactly (a trunk of ReLU layers;
a play head that scores each card from the trunk, the card's embedding and
its features; a pass head; a hand-value head) and is exported to it.

Losses, summed:

- **play**: mean squared error against the teacher's value of every card it
  weighed (values divided by the model's ``value_scale``);
- **pass**: cross-entropy of the teacher's pick among the cards still held;
- **hand**: a quarter of the squared error of the hand return;
- **shoot**: binary cross-entropy of "the teacher is shooting the moon here"
  on the plays where the moon is open to the seat
  (:func:`~hearts.learn.data.shoot_targets`).

Half of the play rows past the first trick are mirrored (clubs and
diamonds swapped, :mod:`hearts.learn.augment`) where the rules allow it.

After each epoch the held-out deals are scored: value error, agreement (the
net's best card is the teacher's best), regret (the teacher's value of its
best card minus that of the net's, in payoff points), pass-pick agreement,
and top-k recall (the teacher's best card is among the net's k best: what a
search that prunes by the net keeps).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hearts.net.features import FEATURES, card_features
from hearts.net.model import NetModel, describe
from hearts.observe import segment_slices

from .augment import mirror_rows, mirrors, past_first_trick
from .data import Dataset, shoot_targets
from .recipe import Recipe

Log = Callable[[str], None]

#: the k of the held-out top-k recall figures
TOPS = (2, 3, 4)


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        from hearts.core import HeartsError

        raise HeartsError("PyTorch is not installed: pip install 'hearts-game[learn]' (the CPU build is enough)") from None
    return torch


def build_network(recipe: Recipe, inputs: int) -> Any:
    """The PyTorch module of a recipe's sizes."""
    torch = _torch()
    nn = torch.nn

    class Net(nn.Module):  # type: ignore[name-defined,misc]
        def __init__(self) -> None:
            super().__init__()
            dims = [inputs, *recipe.trunk]
            self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:], strict=False))
            self.drop = nn.Dropout(recipe.dropout)
            h, c = dims[-1], recipe.card
            self.play_ctx = nn.Linear(h, c)
            self.play_card = nn.Parameter(torch.randn(52, c) * 0.02)
            self.play_feat = nn.Linear(len(FEATURES), c, bias=False)
            self.play_out = nn.Linear(c, 1)
            self.pass_head = nn.Linear(h, 52)
            self.hand_head = nn.Linear(h, 1)
            self.shoot_head = nn.Linear(h, 1)

        def body(self, obs: Any) -> Any:
            x = obs
            for layer in self.trunk:
                x = self.drop(torch.relu(layer(x)))
            return x

        def forward(self, obs: Any, feats: Any) -> tuple[Any, Any, Any, Any]:
            h = self.body(obs)
            z = torch.relu(self.play_ctx(h)[:, None, :] + self.play_card[None] + self.play_feat(feats))
            return self.play_out(z)[..., 0], self.pass_head(h), self.hand_head(h)[:, 0], self.shoot_head(h)[:, 0]

    return Net()


def export(net: Any, recipe: Recipe, meta: dict[str, Any]) -> NetModel:
    """The NumPy model of a trained network (weights transposed to ``x @ w``)."""

    def arr(t: Any) -> np.ndarray:
        return np.asarray(t.detach().cpu().numpy(), dtype=np.float32)

    arrays: dict[str, np.ndarray] = {}
    for i, layer in enumerate(net.trunk):
        arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"] = arr(layer.weight).T, arr(layer.bias)
    arrays.update(
        play_ctx_w=arr(net.play_ctx.weight).T,
        play_b=arr(net.play_ctx.bias),
        play_card=arr(net.play_card),
        play_feat=arr(net.play_feat.weight).T * float(recipe.card_features),  # the ablation ignores the features
        play_out_w=arr(net.play_out.weight)[0],
        play_out_b=arr(net.play_out.bias)[0],
        pass_w=arr(net.pass_head.weight).T,
        pass_b=arr(net.pass_head.bias),
        hand_w=arr(net.hand_head.weight)[0],
        hand_b=arr(net.hand_head.bias)[0],
        shoot_w=arr(net.shoot_head.weight)[0],
        shoot_b=arr(net.shoot_head.bias)[0],
    )
    return NetModel(arrays, meta)


def rank_loss(pred: Any, target: Any, known: Any, temperature: float) -> Any:
    """The listwise ranking loss of a batch of plays: the cross-entropy of the softmax of ``pred`` over the ``known``
    cards against the softmax of ``target`` over them, both divided by ``temperature`` (rows of two cards or more).
    A card the teacher did not weigh counts for nothing (``tests/learn/test_rank_loss.py``).
    """
    import torch

    rows = known.sum(dim=1) >= 2
    if not bool(rows.any()):
        return pred.sum() * 0.0
    far = torch.finfo(pred.dtype).min / 4
    wanted = torch.softmax(torch.where(known, target / temperature, far), dim=1)
    log_p = torch.log_softmax(torch.where(known, pred / temperature, far), dim=1)
    return -(wanted * torch.where(known, log_p, 0.0)).sum(dim=1)[rows].mean()


def evaluate(model: NetModel, data: Dataset, batch: int = 4096) -> dict[str, float]:
    """Held-out figures of a model on ``data`` (see the module): computed with the NumPy forward pass."""
    play = ~data.is_pass & (np.isfinite(data.values).sum(axis=1) >= 2)
    sq = n_sq = agree = 0.0
    top = dict.fromkeys(TOPS, 0.0)
    regrets: list[np.ndarray] = []
    idx = np.flatnonzero(play)
    for start in range(0, len(idx), batch):
        rows = idx[start : start + batch]
        pred = model.all_values(data.obs[rows])
        target = data.values[rows]
        known = np.isfinite(target)
        sq += float(np.square(np.where(known, pred - np.nan_to_num(target), 0.0)).sum())
        n_sq += float(known.sum())
        t = np.where(known, target, -np.inf)
        pick = np.argmax(np.where(known, pred, -np.inf), axis=1)
        best = t.max(axis=1)
        got = t[np.arange(len(rows)), pick]
        agree += float((got >= best - 1e-6).sum())
        regrets.append(best - got)
        # top-k recall: the teacher's best card is among the net's k best (what a pruning prior keeps)
        ranked = np.argsort(-np.where(known, pred, -np.inf), axis=1)
        for k in TOPS:
            kept = np.take_along_axis(t, ranked[:, :k], axis=1).max(axis=1)
            top[k] += float((kept >= best - 1e-6).sum())
    passes = np.flatnonzero(data.is_pass)
    pass_hits = 0
    pass_regrets: list[np.ndarray] = []
    for start in range(0, len(passes), batch):
        rows = passes[start : start + batch]
        logits = np.where(data.mask[rows], model.pass_logits(data.obs[rows]), -np.inf)
        pick = np.argmax(logits, axis=1)
        pass_hits += int((pick == data.action[rows]).sum())
        # where the teacher valued its passes: its best pass holding the picks so far minus its best holding the net's pick
        valued = np.isfinite(data.values[rows]).any(axis=1)
        t = np.where(np.isfinite(data.values[rows]), data.values[rows], -np.inf)[valued]
        got = t[np.arange(len(t)), pick[valued]]
        pass_regrets.append(np.where(np.isfinite(got), t.max(axis=1) - got, np.nan))
    hand = model.hand_value(data.obs[: min(len(data), 50_000)]) - data.hand_return[: min(len(data), 50_000)]
    shoot = _shoot_scores(model, data)
    regret = np.concatenate(regrets) if regrets else np.zeros(1)
    return {
        "play_rows": int(len(idx)),
        "value_rmse": math.sqrt(sq / max(n_sq, 1.0)),
        "agreement": agree / max(len(idx), 1),
        "regret": float(regret.mean()),
        **{f"top{k}_recall": top[k] / max(len(idx), 1) for k in TOPS},
        "regret_se": float(regret.std() / math.sqrt(max(len(regret), 1))),
        "pass_rows": int(len(passes)),
        "pass_agreement": pass_hits / max(len(passes), 1),
        **_pass_regret(pass_regrets),
        "hand_rmse": float(np.sqrt(np.mean(np.square(hand)))) if len(hand) else 0.0,
        **shoot,
    }


def _pass_regret(parts: list[np.ndarray]) -> dict[str, float]:
    """Over the pass picks the teacher valued: the net's pick's mean regret, and how often no weighed pass held that pick."""
    regret = np.concatenate(parts) if parts else np.zeros(0)
    if not len(regret):
        return {}
    known = regret[np.isfinite(regret)]
    return {
        "pass_valued_rows": int(len(regret)),
        "pass_regret": float(known.mean()) if len(known) else math.nan,
        "pass_unweighed": float(1 - len(known) / len(regret)),
    }


def _shoot_scores(model: NetModel, data: Dataset) -> dict[str, float]:
    """The shoot head on the held-out rows where the moon is open: the teacher's shooting share, precision, recall."""
    eligible, shooting = shoot_targets(model.rules, data)
    rows = np.flatnonzero(eligible)
    probability = model.shoot_probability(data.obs[rows]) if len(rows) else None
    if probability is None:
        return {}
    said, truth = probability > 0.5, shooting[rows]
    return {
        "shoot_rows": int(len(rows)),
        "shoot_share": float(truth.mean()) if len(rows) else 0.0,
        "shoot_precision": float((said & truth).sum() / max(said.sum(), 1)),
        "shoot_recall": float((said & truth).sum() / max(truth.sum(), 1)),
    }


def train(
    recipe: Recipe,
    data: Dataset,
    *,
    device: str = "cpu",
    epochs: int | None = None,
    log: Log = print,
    extra_meta: dict[str, Any] | None = None,
) -> tuple[NetModel, dict[str, Any]]:
    """Train a recipe's network on ``data`` (whole deals held out); returns the model and its report."""
    torch = _torch()
    rules = recipe.rules()
    torch.manual_seed(recipe.seed)
    rng = np.random.default_rng(recipe.seed)
    train_rows, held = data.split(recipe.holdout)
    if len(train_rows) == 0 or len(held) == 0:
        raise ValueError("too little data: every deal went to one side of the hold-out split")
    net = build_network(recipe, data.obs.shape[1]).to(device)
    epochs = recipe.epochs if epochs is None else epochs
    steps_per_epoch = max(1, len(train_rows) // recipe.batch)
    opt = torch.optim.AdamW(net.parameters(), lr=recipe.lr, weight_decay=recipe.weight_decay)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.lr, total_steps=epochs * steps_per_epoch, pct_start=0.1)
    scale = float(describe(rules)["value_scale"])
    curve: list[dict[str, Any]] = []
    mirror = recipe.mirror and mirrors(rules)
    score_cols = segment_slices(rules)["scores"]
    can_shoot, shooting = shoot_targets(rules, train_rows)
    start = time.perf_counter()

    def tensor(a: np.ndarray) -> Any:
        return torch.from_numpy(np.ascontiguousarray(a)).to(device)

    for epoch in range(1, epochs + 1):
        net.train()
        order = rng.permutation(len(train_rows))
        totals = np.zeros(4)
        for step in range(steps_per_epoch):
            rows = order[step * recipe.batch : (step + 1) * recipe.batch]
            obs, values = train_rows.obs[rows], train_rows.values[rows] / scale
            obs[:, score_cols] = 0.0  # the model does not read the game score (NetModel.without_scores)
            mask, action, is_pass = train_rows.mask[rows], train_rows.action[rows], train_rows.is_pass[rows]
            if mirror:
                flip = ~is_pass & past_first_trick(rules, obs) & (rng.random(len(rows)) < 0.5)
                mirror_rows(rules, obs, mask, values, action, flip)
            known = np.isfinite(values) & ~is_pass[:, None]  # the play head learns from plays (pass rows' values are the passes')
            feats = card_features(obs, rules) if recipe.card_features else np.zeros((len(rows), 52, len(FEATURES)), np.float32)
            play_pred, pass_logits, hand_pred, shoot_logit = net(tensor(obs), tensor(feats))
            k = tensor(known)
            # squared error split into each card's error about the row's mean error (what ranks the cards) and that mean
            # (the row's level), the latter weighted by ``mean_weight`` (1: the plain squared error)
            diff = torch.where(k, play_pred - tensor(np.nan_to_num(values)), 0.0)
            count = k.sum(dim=1, keepdim=True)
            mean = diff.sum(dim=1, keepdim=True) / count.clamp(min=1)
            spread = (torch.where(k, diff - mean, 0.0) ** 2).sum()
            level = (mean[:, 0] ** 2 * count[:, 0]).sum()
            play_loss = (spread + recipe.mean_weight * level) / k.sum().clamp(min=1)
            if recipe.rank_weight:
                play_loss = play_loss + recipe.rank_weight * rank_loss(
                    play_pred, tensor(np.nan_to_num(values)), k, recipe.rank_temperature / scale
                )
            if is_pass.any():
                p = tensor(is_pass)
                logits = pass_logits[p].masked_fill(~tensor(mask[is_pass]), -1e9)
                pass_loss = torch.nn.functional.cross_entropy(logits, tensor(action[is_pass]))
            else:
                pass_loss = torch.zeros((), device=device)
            hand_loss = ((hand_pred - tensor(train_rows.hand_return[rows] / scale)) ** 2).mean()
            eligible = can_shoot[rows]
            if eligible.any():
                e = tensor(eligible)
                shoot_loss = torch.nn.functional.binary_cross_entropy_with_logits(
                    shoot_logit[e], tensor(shooting[rows][eligible].astype(np.float32))
                )
            else:
                shoot_loss = torch.zeros((), device=device)
            loss = play_loss + pass_loss + 0.25 * hand_loss + shoot_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            totals += (play_loss.item(), pass_loss.item(), hand_loss.item(), shoot_loss.item())
        model = export(net, recipe, describe(rules))
        scores = evaluate(model, held)
        point = {
            "epoch": epoch,
            "seconds": round(time.perf_counter() - start, 1),
            "train_play_mse": totals[0] / steps_per_epoch * scale**2,
            "train_pass_ce": totals[1] / steps_per_epoch,
            "train_shoot_ce": totals[3] / steps_per_epoch,
            **{f"held_{k}": v for k, v in scores.items()},
        }
        curve.append(point)
        log(
            f"epoch {epoch}/{epochs}: train value rmse {math.sqrt(point['train_play_mse']):.2f}, held-out value rmse "
            f"{scores['value_rmse']:.2f}, agreement {scores['agreement']:.3f}, regret {scores['regret']:.3f} points, "
            f"pass agreement {scores['pass_agreement']:.3f} ({point['seconds']:.0f} s)"
        )
    report = {
        "recipe": recipe.to_dict(),
        "train_rows": len(train_rows),
        "held_rows": len(held),
        "train_seconds": round(time.perf_counter() - start, 1),
        "device": str(device),
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "curve": curve,
        "held_out": curve[-1] if curve else {},
        **(extra_meta or {}),
    }
    model = export(net, recipe, describe(rules, name=recipe.name, report=report))
    return model, report
