"""Recipes: everything that rebuilds a model from its seed, as one frozen record.

A recipe names the table, the teacher whose search labels the data, how
the data is cut into chunks (each chunk one ``hearts selfplay`` run with its
own seed, so generation resumes chunk by chunk), the network's sizes and the
training schedule. ``hearts train --recipe NAME`` runs it.

Data comes in rounds, each with new deals, and a round's model trains on
its round's data and every round's before. Round ``r > 0`` is labelled by
a fixed search of ``round_teachers`` where the recipe names one (a stronger,
dearer teacher for fewer chunks), otherwise by the search standing on round
``r - 1``'s model (``net-search``: expert iteration).

>>> r = RECIPES["tiny"]
>>> r.rules().players, r.chunk_seed(3), r.chunk_lineup(3)[-1]
(4, 100003, 'shooter')
>>> c8 = RECIPES["cancellation-8-hard"]
>>> c8.rounds, c8.chunks_in(0), c8.chunks_in(1), c8.stands_on_model(1)
(2, 80, 20, False)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from hearts.bots.search_settings import SearchSettings
from hearts.core import Rules

#: ``hard``'s search at a fixed 1,000 simulations, without its time limit (data must not depend on the machine's speed)
#: and without its gate: the gate only changes the card played, and the shoot head reads a played card other than the
#: teacher's best value as its shoot line (:func:`hearts.learn.data.shoot_targets`)
HARD_TEACHER_SETTINGS = replace(SearchSettings.hard(), ms=None, pass_ms=None, gate=0.0)
HARD_TEACHER = HARD_TEACHER_SETTINGS.spec()

#: the cheaper search that labelled the 4-player model shipped before (``standard-4-search300``): ``hard``'s teacher at
#: 300 simulations a card decision, a pass budget of 12 and without the top-heart keeper (``boss``)
TEACHER = replace(HARD_TEACHER_SETTINGS, sims=300, pass_worlds=12, boss=0.0).spec()


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
    #: weight of a listwise ranking loss on plays (0: none): the cross-entropy of the net's softmax over the cards the
    #: teacher weighed against the teacher's, both at ``rank_temperature`` payoff points (which card is best, more than
    #: how much every card is worth)
    rank_weight: float = 0.0
    rank_temperature: float = 1.0
    #: expert iteration: round r > 0 is labelled by the search pruned to the previous round's ``top`` cards
    rounds: int = 1
    top: int = 4
    #: the fixed teachers of rounds 1, 2, ... (a round past them is labelled by ``net-search`` on the previous model)
    round_teachers: tuple[str, ...] = ()
    #: the chunks of rounds 1, 2, ... (a round past them has ``chunks``)
    round_chunks: tuple[int, ...] = ()

    def rules(self) -> Rules:
        presets = {"standard": Rules.standard, "cancellation": Rules.cancellation, "omnibus": Rules.omnibus}
        return presets[self.variant](self.players)

    def chunk_seed(self, k: int, round_: int = 0) -> int:
        """The ``hearts selfplay`` seed of chunk ``k`` of round ``round_`` (every round deals new cards)."""
        return self.seed * 100_000 + round_ * 10_000 + k

    def chunks_in(self, round_: int) -> int:
        """How many chunks round ``round_`` has."""
        return self.round_chunks[round_ - 1] if 0 < round_ <= len(self.round_chunks) else self.chunks

    def stands_on_model(self, round_: int) -> bool:
        """Whether round ``round_``'s teacher is the search pruned by round ``round_ - 1``'s model."""
        return round_ > len(self.round_teachers)

    def teacher_for(self, round_: int, previous: Path | None) -> str:
        """The teacher of round ``round_``: the search, a fixed teacher, or the search pruned by the previous round's model."""
        if 0 < round_ <= len(self.round_teachers):
            return self.round_teachers[round_ - 1]
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
        out["round_teachers"] = list(self.round_teachers)
        out["round_chunks"] = list(self.round_chunks)
        return out


#: 8-player Cancellation Hearts, the model shipped before ``cancellation-8``: a cheaper teacher, shorter chunks; the
#: value loss only
CANCELLATION_8_SEARCH200 = Recipe(
    "cancellation-8-search200",
    "cancellation",
    8,
    SearchSettings(sims=200, pass_worlds=8, miss=0.6).spec(),
    chunks=80,
    chunk_hands=50,
    shard_hands=25,
    shooter_every=0,
    mean_weight=0.25,
    epochs=10,
)


def shipped_recipe(variant: str, players: int, chunks: int, epochs: int, **sizes: Any) -> Recipe:
    """The recipe of the shipped models: ``hard``'s search labels (``HARD_TEACHER``), the cards ranked as well as
    valued (the ranking loss at 1 payoff point), ``chunks`` chunks and ``epochs`` epochs; ``sizes``: chunk sizes.

    >>> shipped_recipe("omnibus", 5, chunks=12, epochs=8) == RECIPES["omnibus-5"]
    True
    """
    return Recipe(
        f"{variant}-{players}",
        variant,
        players,
        HARD_TEACHER,
        chunks=chunks,
        mean_weight=0.25,
        rank_weight=1.0,
        rank_temperature=1.0,
        epochs=epochs,
        **sizes,
    )


#: the shipped 4-player recipe (also the base of its expert iteration)
STANDARD_4 = shipped_recipe("standard", 4, chunks=62, epochs=4)

RECIPES: dict[str, Recipe] = {
    # the shipped 4-player model: 4 epochs on 62 chunks of 200 deals (measured as standard-4-hard-rank in
    # benchmarks/results/2026-12-07-net-rank-loss/, shipped in 2026-12-07-net-standard-4-rank/)
    "standard-4": STANDARD_4,
    # the other Hearts tables: a third of its data (20 chunks of 200 deals), 8 epochs
    **{f"standard-{n}": shipped_recipe("standard", n, chunks=20, epochs=8) for n in (3, 5, 6, 7)},
    # Omnibus Hearts (the jack of diamonds takes 10 points off): 20 chunks at 4 players, 12 at the other tables
    **{f"omnibus-{n}": shipped_recipe("omnibus", n, chunks=20 if n == 4 else 12, epochs=8) for n in range(3, 8)},
    # Cancellation Hearts: hard's labels are cheap since the search is compiled (about 0.5 s a deal a core); chunks of
    # 50 deals, a shooter every fourth chunk; 48 chunks at 8 players, where the model replaced
    # cancellation-8-search200 (+0.72 head to head: benchmarks/results/2026-12-07-net-cancellation-8-rank/)
    **{
        f"cancellation-{n}": shipped_recipe("cancellation", n, chunks=48 if n == 8 else 32, epochs=10, chunk_hands=50, shard_hands=25)
        for n in range(6, 12)
    },
    # the 4-player model shipped before it: a cheaper teacher (TEACHER), the value loss only, 12 epochs
    "standard-4-search300": Recipe("standard-4-search300", "standard", 4, TEACHER, chunks=62, mean_weight=0.25),
    "cancellation-8-search200": CANCELLATION_8_SEARCH200,
    # standard-4's data (the same chunks, seeds and teacher: hard's search, 1,000 simulations, a pass of 100 deals a
    # candidate) with the value loss only, 12 epochs (the ranking loss's baseline)
    "standard-4-hard": Recipe("standard-4-hard", "standard", 4, HARD_TEACHER, chunks=62, mean_weight=0.25),
    # the same data, a network twice as wide (the capacity test of the imitation gap)
    "standard-4-hard-wide": Recipe(
        "standard-4-hard-wide", "standard", 4, HARD_TEACHER, chunks=62, mean_weight=0.25, trunk=(1024, 512), card=256
    ),
    # an experiment (not shipped): cancellation-8-search200's data (the same chunks and seeds) and a second round of 20
    # chunks labelled by hard's search; it measured no stronger (benchmarks/results/2026-12-06-net-cancellation-8-hard-round/)
    "cancellation-8-hard": replace(
        CANCELLATION_8_SEARCH200, name="cancellation-8-hard", rounds=2, round_teachers=(HARD_TEACHER,), round_chunks=(20,)
    ),
    # expert iteration on standard-4 (an experiment, not shipped): standard-4's data, then a round of half as many chunks
    # labelled by net-search (hard's settings, the 4 best cards of the net) standing on the shipped model
    # (hearts train --recipe standard-4-iter --from-model src/hearts/net/models/standard-4.npz; 2026-12-07-net-expert-iteration/)
    "standard-4-iter": replace(STANDARD_4, name="standard-4-iter", rounds=2, round_chunks=(31,)),
    # the ranking loss's settings on standard-4's data (experiments, not shipped; benchmarks/results/2026-12-07-net-rank-sweep/)
    "standard-4-rank-w3": replace(STANDARD_4, name="standard-4-rank-w3", rank_weight=3.0),
    "standard-4-rank-t05": replace(STANDARD_4, name="standard-4-rank-t05", rank_temperature=0.5),
    # seconds of work: the pipeline's end-to-end test
    "tiny": Recipe(
        "tiny",
        "standard",
        4,
        SearchSettings(sims=24, pass_worlds=4).spec(),
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
