"""The learned model: a NumPy forward pass over one seat's observation.

A :class:`NetModel` reads the encoded view (:func:`hearts.observe.encode`)
through a shared trunk (ReLU layers), then has three heads:

- **play**: a value for any candidate card, in payoff points (the search's
  scale: the other seats' mean points minus the seat's own). Each card is
  scored from the trunk's output, the card's own embedding and its
  features (:func:`hearts.net.features.card_features`), so all legal cards
  of a decision cost one small batch;
- **pass**: a logit for each card, used one pick at a time while passing;
- **hand**: the seat's expected hand return from here (a leaf value);
- **shoot**: the chance that the teacher is shooting the moon here (its
  shoot line), while the moon is open to the seat.

Saved as ``.npz`` (format ``hearts-net/1``): the arrays plus ``meta``, a JSON
string with the table the model fits (variant, players, input size, the
feature names) and how it was made. Loading needs NumPy only; where NumPy is
missing, :mod:`hearts.net.pure` reads the same files and makes the same
decisions in plain Python.

>>> from hearts.core import Hand, Rules
>>> from hearts.observe import encode
>>> rules = Rules.standard(4)
>>> model = NetModel.init(rules, trunk=(16,), card=8, seed=0)
>>> view = Hand.from_seed(rules, seed=1).view(0)
>>> model.play_values(encode(view), [0, 5]).shape
(2,)
>>> NetModel.init(Rules.cancellation(8), trunk=(4,), card=4).check_fits(rules)
Traceback (most recent call last):
...
hearts.net.meta.ModelError: this model was trained for cancellation Hearts with 8 players, not standard Hearts with 4 players
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from hearts.core import Card, Rules, SeatView
from hearts.observe import encode, segment_slices, size

from .features import FEATURES, card_features
from .meta import (
    FORMAT,
    MODELS,
    ModelError,
    check_fits,
    check_loaded,
    describe,
    load_shipped_with,
    read_shipped,
    shipped_models,
    shipped_name,
)

__all__ = ["FORMAT", "MODELS", "ModelError", "NetModel", "describe", "has_shipped", "load_shipped", "shipped_models", "shipped_name"]


@dataclass
class NetModel:
    """The weights (name -> array) and the metadata of one model."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any] = field(default_factory=dict)

    # -- construction -------------------------------------------------------------
    @classmethod
    def init(cls, rules: Rules, trunk: Sequence[int] = (512, 256), card: int = 128, seed: int = 0) -> NetModel:
        """Random (He-initialised) weights for ``rules``' table (for tests; training starts in PyTorch)."""
        rng = np.random.default_rng(seed)

        def he(a: int, b: int) -> np.ndarray:
            weights: np.ndarray = (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
            return weights

        dims = [size(rules), *trunk]
        arrays: dict[str, np.ndarray] = {}
        for i, (a, b) in enumerate(zip(dims, dims[1:], strict=False)):
            arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"] = he(a, b), np.zeros(b, np.float32)
        h = dims[-1]
        arrays.update(
            play_ctx_w=he(h, card),
            play_b=np.zeros(card, np.float32),
            play_card=he(52, card) * 0.1,
            play_feat=he(len(FEATURES), card),
            play_out_w=he(card, 1)[:, 0],
            play_out_b=np.zeros((), np.float32),
            pass_w=he(h, 52),
            pass_b=np.zeros(52, np.float32),
            hand_w=he(h, 1)[:, 0],
            hand_b=np.zeros((), np.float32),
            shoot_w=he(h, 1)[:, 0],
            shoot_b=np.full((), -4.0, np.float32),
        )
        return cls(arrays, describe(rules))

    # -- the table it fits --------------------------------------------------------
    def check_fits(self, rules: Rules) -> None:
        """Raise :class:`ModelError` unless the model was trained for ``rules``' variant and player count."""
        check_fits(self.meta, rules)

    @property
    def value_scale(self) -> float:
        """Values are stored divided by this (points of payoff per unit)."""
        return float(self.meta.get("value_scale", 10.0))

    # -- forward passes ----------------------------------------------------------
    def trunk(self, obs: np.ndarray) -> np.ndarray:
        """The trunk's output for a batch ``(b, inputs)`` (the game scores are not read: see :meth:`without_scores`)."""
        x = self.without_scores(obs)
        i = 0
        while f"trunk{i}_w" in self.arrays:
            x = np.maximum(x @ self.arrays[f"trunk{i}_w"] + self.arrays[f"trunk{i}_b"], 0.0)
            i += 1
        return x

    def without_scores(self, obs: np.ndarray) -> np.ndarray:
        """``obs`` with the game-score segment zeroed (a copy where it was not zero already).

        The models learn from single hands, where every score is 0; the score
        sheet, not the model, makes the moon choice. So a model reads a game
        in progress as it read its training hands.
        """
        scores = segment_slices(self.rules)["scores"]
        if not obs[:, scores].any():
            return obs
        out = obs.copy()
        out[:, scores] = 0.0
        return out

    def play_values(self, obs: np.ndarray, cards: Sequence[int]) -> np.ndarray:
        """The value (payoff points) of each of ``cards`` for one observation ``(inputs,)``."""
        return self.play(obs, cards)[0]

    def play(self, obs: np.ndarray, cards: Sequence[int]) -> tuple[np.ndarray, float | None]:
        """:meth:`play_values` and :meth:`shoot_probability` of one observation, from one pass through the trunk."""
        a = self.arrays
        batch = obs[None, :]
        h = self.trunk(batch)[0]
        feats = self._features(batch)[0, list(cards)]
        values = np.asarray(self._card_scores(h @ a["play_ctx_w"] + a["play_b"], np.asarray(cards), feats) * self.value_scale)
        shoot = self._shoot(h[None, :])
        return values, None if shoot is None else float(shoot[0])

    def view_play(self, view: SeatView, cards: Sequence[Card]) -> tuple[list[float], float | None]:
        """:meth:`play` of ``view``'s observation, as Python floats (the :class:`~hearts.net.backend.ViewModel` side)."""
        values, chance = self.play(encode(view), cards)
        return [float(v) for v in values], chance

    def view_pass(self, view: SeatView, picked: Sequence[Card], cards: Sequence[Card]) -> list[float]:
        """The pass logits of ``cards`` for ``view`` with ``picked`` chosen so far (one trunk pass)."""
        logits = self.pass_logits(encode(view, picked)[None, :])[0]
        return [float(x) for x in logits[list(cards)]]

    def all_values(self, obs: np.ndarray) -> np.ndarray:
        """``(b, 52)`` values (payoff points) of every card for a batch (for evaluation)."""
        a = self.arrays
        h = self.trunk(obs)
        ctx = h @ a["play_ctx_w"] + a["play_b"]
        return np.asarray(self._card_scores(ctx[:, None, :], np.arange(52), self._features(obs)) * self.value_scale)

    def greedy(self, obs: np.ndarray, mask: np.ndarray, passing: np.ndarray) -> np.ndarray:
        """``(b,)`` the model's own choice for a batch: the best-valued legal card, or on a pass pick the likeliest.

        The bare network, one forward pass for the batch: none of the
        ``net`` bot's rules before it (moon defence, stopper, shoot head).
        ``mask`` ``(b, 52)`` marks the legal cards, ``passing`` ``(b,)`` the
        pass picks. For batched self-play and rollouts (:mod:`hearts.vec`).
        """
        a = self.arrays
        h = self.trunk(obs)
        best = np.zeros(len(obs), dtype=np.int64)
        plays = np.flatnonzero(~passing)
        if plays.size:
            cards, values = self._legal_scores(h[plays], obs[plays], mask[plays])
            best[plays] = np.take_along_axis(cards, np.argmax(values, axis=1)[:, None], axis=1)[:, 0]
        if passing.any():
            logits = h[passing] @ a["pass_w"] + a["pass_b"]
            best[passing] = np.argmax(np.where(mask[passing] > 0, logits, -np.inf), axis=1)
        return best

    def best_values(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``(b,)`` the value (payoff points) of each row's best legal card (``mask`` ``(b, 52)``), on play rows.

        One forward pass for the batch, only the legal cards scored: the value
        of the position to the seat that plays the card :meth:`greedy` picks.
        """
        _, values = self._legal_scores(self.trunk(obs), obs, mask)
        return np.asarray(values.max(axis=1) * self.value_scale)

    def _legal_scores(self, h: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play rows' legal cards and their scores, before ``value_scale``: ``(cards, scores)``, both ``(b, most legal)``;
        ``h`` is the rows' trunk output. Only the legal cards are scored (a few a row), not all 52; a row with fewer is
        padded with scores of -inf."""
        a = self.arrays
        legal = mask > 0
        cards = np.argsort(~legal, axis=1, kind="stable")[:, : max(1, int(legal.sum(axis=1).max()))]
        ok = np.take_along_axis(legal, cards, axis=1)
        ctx = h @ a["play_ctx_w"] + a["play_b"]
        feats = np.take_along_axis(self._features(obs), cards[:, :, None], axis=1)
        return cards, np.where(ok, self._card_scores(ctx[:, None, :], cards, feats), -np.inf)

    def _card_scores(self, ctx: np.ndarray, cards: np.ndarray, feats: np.ndarray) -> np.ndarray:
        """The play head on some cards, before ``value_scale``: ``ctx`` (the trunk's context, broadcast over the
        cards), ``cards`` (card ids) and their ``feats`` (``cards``' shape plus the features)."""
        a = self.arrays
        by_feats = (feats.reshape(-1, feats.shape[-1]) @ a["play_feat"]).reshape(*feats.shape[:-1], -1)  # one 2-D product: faster
        z = np.maximum(ctx + a["play_card"][cards] + by_feats, 0.0)
        return np.asarray(z @ a["play_out_w"] + a["play_out_b"])

    def pass_logits(self, obs: np.ndarray) -> np.ndarray:
        """``(b, 52)`` pass-pick logits for a batch."""
        return np.asarray(self.trunk(obs) @ self.arrays["pass_w"] + self.arrays["pass_b"])

    def hand_value(self, obs: np.ndarray) -> np.ndarray:
        """``(b,)`` expected hand return (payoff points) for a batch."""
        return np.asarray((self.trunk(obs) @ self.arrays["hand_w"] + self.arrays["hand_b"]) * self.value_scale)

    @cached_property
    def rules(self) -> Rules:
        """The rules of the table the model was trained for."""
        return Rules.from_dict(self.meta["rules"])

    def shoot_probability(self, obs: np.ndarray) -> np.ndarray | None:
        """``(b,)`` the chance that the teacher would be shooting the moon here (None: a model without that head)."""
        return self._shoot(self.trunk(obs)) if "shoot_w" in self.arrays else None

    def _shoot(self, h: np.ndarray) -> np.ndarray | None:
        if "shoot_w" not in self.arrays:
            return None
        return np.asarray(1.0 / (1.0 + np.exp(-(h @ self.arrays["shoot_w"] + self.arrays["shoot_b"]))))

    def _features(self, obs: np.ndarray) -> np.ndarray:
        return card_features(obs, self.rules)

    # -- files ------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the model (weights as float16) to ``path`` (.npz)."""
        out: dict[str, np.ndarray] = {k: v.astype(np.float16) for k, v in self.arrays.items()}
        out["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        np.savez_compressed(path, **out)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> NetModel:
        """Read a model written by :meth:`save`; a missing or bad file raises :class:`ModelError`."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = {k: data[k].astype(np.float32) for k in data.files if k != "meta"}
        except (OSError, KeyError, ValueError) as err:
            raise ModelError(f"cannot read the model file {str(path)!r}: {err}") from None
        check_loaded(meta, set(arrays), str(path))
        return cls(arrays, meta)


def has_shipped(rules: Rules) -> bool:
    """Whether a model is shipped for ``rules``' table shape (variant and players)."""
    return read_shipped(NetModel.load, rules.variant, rules.players) is not None


def load_shipped(rules: Rules) -> NetModel:
    """The shipped model for ``rules``' table shape (read once per process), or a clear :class:`ModelError` naming the
    ones there are."""
    return load_shipped_with(NetModel.load, rules)
