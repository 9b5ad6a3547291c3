"""Recipes: everything that rebuilds a model from its seed, as one frozen record.

A recipe names the table, the teacher whose search labels the data (in
expert iteration, round ``r > 0`` is labelled by the search standing on
round ``r - 1``'s model: ``net-search``), how the data is cut into chunks (each chunk one ``hearts selfplay`` run with its own
seed, so generation resumes chunk by chunk), the network's sizes and the
training schedule. ``hearts train --recipe NAME`` runs it.

>>> r = RECIPES["tiny"]
>>> r.rules().players, r.chunk_seed(3), r.chunk_lineup(3)[-1]
(4, 100003, 'shooter')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hearts.core import Rules

#: the search settings that label the standard data: hard's rollout model at 300 simulations a card decision
TEACHER = "search:sims=300:pass=12:pass_guard=5:pass_miss=0.5:pass_alone=1:miss=0.6"


@dataclass(frozen=True)
class Recipe:
    """One model's data, network and schedule (see the module)."""

    name: str
    variant: str
    players: int
    teacher: str
    chunks: int
    chunk_hands: int = 200
    shard_hands: int = 100
    #: every ``shooter_every``-th chunk (k % shooter_every == shooter_every - 1) seats one reckless shooter
    shooter_every: int = 4
    seed: int = 1
    trunk: tuple[int, ...] = (512, 256)
    card: int = 128
    epochs: int = 12
    batch: int = 512
    lr: float = 1e-3
    #: AdamW's weight decay, and the dropout after each trunk layer while training (the exported model has none)
    weight_decay: float = 1e-5
    dropout: float = 0.0
    #: one deal in ``holdout`` is kept out of training to measure agreement and regret
    holdout: int = 20
    #: False: the play head sees no per-card features (an ablation: the card's embedding and the context only)
    card_features: bool = True
    #: train on the clubs-diamonds mirror of half the eligible play rows (:mod:`hearts.learn.augment`)
    mirror: bool = True
    #: weight of each row's mean value error against the error of the cards about it (1: plain squared error)
    mean_weight: float = 1.0
    #: expert iteration: round r > 0 is labelled by the search pruned to the previous round's ``top`` cards
    rounds: int = 1
    top: int = 4

    def rules(self) -> Rules:
        presets = {"standard": Rules.standard, "cancellation": Rules.cancellation, "omnibus": Rules.omnibus}
        return presets[self.variant](self.players)

    def chunk_seed(self, k: int, round_: int = 0) -> int:
        """The ``hearts selfplay`` seed of chunk ``k`` of round ``round_`` (every round deals new cards)."""
        return self.seed * 100_000 + round_ * 10_000 + k

    def teacher_for(self, round_: int, previous: Path | None) -> str:
        """The teacher of round ``round_``: the search, then the search pruned by the previous round's model."""
        if round_ == 0 or previous is None:
            return self.teacher
        name, _, settings = self.teacher.partition(":")
        if name != "search":
            raise ValueError(f"expert iteration needs a search teacher, not {self.teacher!r}")
        return f"net-search:top={self.top}:file={previous}" + (f":{settings}" if settings else "")

    def chunk_lineup(self, k: int, teacher: str | None = None) -> list[str]:
        """The bots of chunk ``k``: the teacher in every seat, or one seat of ``shooter`` in every few chunks."""
        teacher = teacher or self.teacher
        if self.shooter_every and k % self.shooter_every == self.shooter_every - 1:
            return [teacher] * (self.players - 1) + ["shooter"]
        return [teacher]

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["trunk"] = list(self.trunk)
        return out


RECIPES: dict[str, Recipe] = {
    # the shipped 4-player model
    "standard-4": Recipe("standard-4", "standard", 4, TEACHER, chunks=62, mean_weight=0.25),
    # 8-player Cancellation Hearts (shipped): a cheaper teacher, shorter chunks; the value loss of standard-4
    "cancellation-8": Recipe(
        "cancellation-8",
        "cancellation",
        8,
        "search:sims=200:pass=8:miss=0.6",
        chunks=80,
        chunk_hands=50,
        shard_hands=25,
        shooter_every=0,
        mean_weight=0.25,
        epochs=10,
    ),
    # seconds of work: the pipeline's end-to-end test
    "tiny": Recipe(
        "tiny",
        "standard",
        4,
        "search:sims=24:pass=4",
        chunks=2,
        chunk_hands=4,
        shard_hands=2,
        trunk=(32,),
        card=16,
        epochs=3,
        batch=64,
        holdout=4,
    ),
}
