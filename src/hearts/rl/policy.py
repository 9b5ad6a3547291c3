"""A small numpy policy: a multi-layer perceptron over the observation, softmax over masked logits.

Saved as ``.npz``: ``w0, b0, w1, b1, ...`` (ReLU between layers) plus the
``variant`` and ``players`` it was trained for (its input size is that
table's observation size).

>>> import numpy as np
>>> from hearts.core import Rules
>>> p = Policy.init(Rules.standard(4), hidden=(8,), seed=0)
>>> obs = np.zeros((2, p.inputs), dtype=np.float32)
>>> mask = np.zeros((2, 52), dtype=np.int8); mask[:, [3, 7]] = 1
>>> [int(c) for c in p.greedy(obs, mask)] in ([3, 3], [3, 7], [7, 3], [7, 7])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from hearts.core import HeartsError, Rules
from hearts.observe import size


class PolicyError(HeartsError, ValueError):
    """A policy file that cannot be read, or that does not fit the table."""


@dataclass
class Policy:
    """Weights ``(w, b)`` per layer, and the table (variant, players) they fit."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    variant: str
    players: int

    @property
    def inputs(self) -> int:
        return int(self.weights[0].shape[0])

    @classmethod
    def init(cls, rules: Rules, hidden: Sequence[int] = (128,), seed: int = 0) -> Policy:
        """Random (He-initialised) weights for ``rules``' observation."""
        rng = np.random.default_rng(seed)
        dims = [size(rules), *hidden, 52]
        ws = [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32) for a, b in zip(dims, dims[1:], strict=False)]
        bs = [np.zeros(b, dtype=np.float32) for b in dims[1:]]
        return cls(ws, bs, rules.variant, rules.players)

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Logits for a batch of observations, and every layer's input (for training)."""
        acts = [obs]
        x = obs
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < len(self.weights) - 1:
                x = np.maximum(x, 0.0)
                acts.append(x)
        return x, acts

    def masked_logits(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits, _ = self.forward(obs)
        return np.where(mask > 0, logits, -1e9)

    def greedy(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The most likely legal card of each row."""
        best: np.ndarray = np.argmax(self.masked_logits(obs, mask), axis=-1)
        return best

    def check_fits(self, rules: Rules) -> None:
        if size(rules) != self.inputs:
            raise PolicyError(
                f"this policy was trained for {self.variant} Hearts with {self.players} players ({self.inputs} inputs), "
                f"not {rules.variant} with {rules.players} ({size(rules)} inputs)"
            )

    def save(self, path: str | Path) -> None:
        """Write the weights (as float16, to keep the file small) to ``path`` (.npz)."""
        arrays: dict[str, np.ndarray] = {"variant": np.array(self.variant), "players": np.array(self.players)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float16), b.astype(np.float16)
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Read a policy written by :meth:`save`; a missing or bad file raises :class:`PolicyError`."""
        try:
            with np.load(path) as data:
                n = sum(1 for k in data.files if k.startswith("w"))
                ws = [data[f"w{i}"].astype(np.float32) for i in range(n)]
                bs = [data[f"b{i}"].astype(np.float32) for i in range(n)]
                variant, players = str(data["variant"]), int(data["players"])
        except (OSError, KeyError, ValueError) as err:
            raise PolicyError(f"cannot read the policy file {str(path)!r}: {err}") from None
        if n == 0 or ws[-1].shape[1] != 52:
            raise PolicyError(f"{str(path)!r} is not a policy file (no layers, or not 52 outputs)")
        return cls(ws, bs, variant, players)
