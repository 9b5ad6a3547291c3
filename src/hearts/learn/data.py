"""Training data: a recipe's self-play chunks, generated resumably and loaded as NumPy arrays.

Chunk ``k`` of a recipe is one :func:`~hearts.sim.selfplay_io.run_selfplay`
dataset in ``WORK/chunk-0000k`` (the recipe's line-up and seed for ``k``).
A chunk is done once its ``_manifest.json`` (an older chunk's ``manifest.json``) is written; an unfinished one is
played again from scratch, so an interrupted run resumes where it stopped
and the rows never depend on where it stopped.

:func:`load` keeps what training needs: the observations, the legal masks,
the teacher's per-card values (play rows), its picks (pass rows) and the
hand returns, each row tagged with its deal so whole deals are held out.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

from hearts.core import Rules
from hearts.observe import segment_slices
from hearts.sim.selfplay_io import SelfplayError, manifest_path, read_dataset, run_selfplay

from .recipe import Recipe

#: progress: (chunks done, chunks in all)
ChunkProgress = Callable[[int, int], None]


def chunk_dir(work: Path, k: int) -> Path:
    return work / f"chunk-{k:05d}"


def done_chunks(work: Path, recipe: Recipe, round_: int = 0) -> list[int]:
    """The chunks of ``recipe``'s round ``round_`` already complete in ``work`` (that round's folder)."""
    return [k for k in range(recipe.chunks_in(round_)) if manifest_path(chunk_dir(work, k)).exists()]


def round_dir(work: Path, round_: int) -> Path:
    """The folder of round ``round_``'s chunks: ``work`` itself for round 0, ``work/round-r`` after."""
    return work if round_ == 0 else work / f"round-{round_}"


def generate(
    recipe: Recipe,
    work: str | Path,
    *,
    teacher: str | None = None,
    round_: int = 0,
    jobs: int = 1,
    ray: str | None = None,
    progress: ChunkProgress | None = None,
) -> list[Path]:
    """Play every missing chunk of ``recipe``'s round ``round_`` (labelled by ``teacher``, default the recipe's) into ``work``.

    Returns every chunk's folder, in order.
    """
    root = Path(work)
    rules = recipe.rules()
    chunks = recipe.chunks_in(round_)
    done = set(done_chunks(root, recipe, round_))
    if progress:
        progress(len(done), chunks)
    for k in range(chunks):
        folder = chunk_dir(root, k)
        if k in done:
            continue
        if folder.exists():
            shutil.rmtree(folder)  # an unfinished chunk: play it again whole
        run_selfplay(
            recipe.chunk_lineup(k, teacher),
            rules,
            folder,
            hands=recipe.chunk_hands,
            seed=recipe.chunk_seed(k, round_),
            jobs=jobs,
            ray=ray,
            shard_size=recipe.shard_hands,
        )
        done.add(k)
        if progress:
            progress(len(done), chunks)
    return [chunk_dir(root, k) for k in range(chunks)]


@dataclass
class Dataset:
    """Rows of the teacher's decisions (NumPy arrays, one row each)."""

    obs: np.ndarray  # (rows, inputs) float32
    mask: np.ndarray  # (rows, 52) bool: the cards the seat could choose
    values: np.ndarray  # (rows, 52) float32: the teacher's values (NaN where not weighed; on pass rows each pick's pass values)
    action: np.ndarray  # (rows,) int64: the card chosen
    is_pass: np.ndarray  # (rows,) bool
    hand_return: np.ndarray  # (rows,) float32
    group: np.ndarray  # (rows,) int64: round * 1e9 + chunk * 1e6 + deal, to hold out whole deals

    def __len__(self) -> int:
        return int(self.obs.shape[0])

    def split(self, holdout: int) -> tuple[Dataset, Dataset]:
        """(training rows, held-out rows): one deal in ``holdout`` is held out."""
        held = (self.group % holdout) == 0
        return self.take(~held), self.take(held)

    @staticmethod
    def concat(parts: list[Dataset]) -> Dataset:
        """The rows of ``parts``, in order, as one dataset."""
        return Dataset(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(Dataset)))

    def take(self, rows: np.ndarray) -> Dataset:
        return Dataset(
            self.obs[rows],
            self.mask[rows],
            self.values[rows],
            self.action[rows],
            self.is_pass[rows],
            self.hand_return[rows],
            self.group[rows],
        )


def _fixed(table: object, name: str, width: int, dtype: type) -> np.ndarray:
    """A fixed-size list column as a ``(rows, width)`` array; null rows (values of undecided plays) become NaN."""
    column = table.column(name).combine_chunks()  # type: ignore[attr-defined]
    out: np.ndarray = np.array(column.values.to_numpy(zero_copy_only=False), dtype=dtype).reshape(-1, width)
    if column.null_count:
        out[column.is_null().to_numpy(zero_copy_only=False)] = np.nan
    return out


#: a row's ``group`` is ``round * ROUND_GROUP + chunk * CHUNK_GROUP + deal``: unique over the rounds; wherever the
#: hold-out divides CHUNK_GROUP (20 in every recipe), ``group % holdout`` is ``deal % holdout`` in every chunk and round
ROUND_GROUP = 1_000_000_000
CHUNK_GROUP = 1_000_000


def _round_of(chunk: Path) -> int:
    """The round a chunk's folder belongs to: r under ``round-r/`` (:func:`round_dir`), else 0.

    >>> _round_of(Path("work/round-2/chunk-00003")), _round_of(Path("work/chunk-00003"))
    (2, 0)
    """
    name = chunk.parent.name
    if name.startswith("round-") and name[6:].isdigit():
        return int(name[6:])
    return 0


def load(folders: list[Path], recipe: Recipe) -> Dataset:
    """The teacher's rows of the complete chunks among ``folders`` (rows of other bots, e.g. a shooter, are dropped)."""
    parts: list[Dataset] = []
    width = None
    for folder in folders:
        if not manifest_path(folder).exists():
            continue
        manifest, table = read_dataset(folder)
        if manifest["rules"]["variant"] != recipe.variant or manifest["rules"]["players"] != recipe.players:
            raise SelfplayError(f"{folder}: a dataset of another table ({manifest['rules']['variant']}, {manifest['rules']['players']})")
        width = int(manifest["observation"]["size"])
        k = int(folder.name.rsplit("-", 1)[-1]) if folder.name.startswith("chunk-") else 0
        r = _round_of(folder)
        teacher_spec = manifest["lineup"][0]  # the teacher sits in seat 0 of every chunk's line-up
        teacher = np.array([b == teacher_spec for b in table.column("bot").to_pylist()], dtype=bool)
        values = _fixed(table, "values", 52, np.float32)
        part = Dataset(
            obs=_fixed(table, "observation", width, np.float32),
            mask=_fixed(table, "mask", 52, np.int8) > 0,
            values=values,
            action=table.column("action").to_numpy().astype(np.int64),
            is_pass=np.array([p == "pass" for p in table.column("phase").to_pylist()], dtype=bool),
            hand_return=table.column("hand_return").to_numpy().astype(np.float32),
            group=r * ROUND_GROUP + k * CHUNK_GROUP + table.column("deal").to_numpy().astype(np.int64),
        )
        parts.append(part.take(teacher))
    if not parts:
        raise SelfplayError("no complete chunk of data to train on (run hearts train without --skip-data first)")
    return Dataset.concat(parts)


def chunk_summary(folders: list[Path]) -> dict[str, int]:
    """Deals and rows over the complete chunks (from their manifests)."""
    deals = rows = 0
    for folder in folders:
        try:
            manifest = json.loads(manifest_path(folder).read_text(encoding="utf-8"))
        except OSError:
            continue
        deals += int(manifest.get("hands", 0))
        rows += int(manifest.get("rows", 0))
    return {"chunks": sum(manifest_path(f).exists() for f in folders), "deals": deals, "rows": rows}


def shoot_targets(rules: Rules, data: Dataset) -> tuple[np.ndarray, np.ndarray]:
    """(eligible, shooting) per row, the shoot head's training targets.

    Eligible: a play with a choice (two or more legal cards) while the moon
    is open to the seat (no other seat has a point). Shooting: the teacher
    played its shoot line there: either it searched and still played a card
    other than its best (the line beat every card; the recipe's teacher has
    no other override), or it played without weighing cards although it had
    a choice (a latched shot: the live moon defence, the only other such
    case, never acts while the moon is open to the seat).
    """
    points = data.obs[:, segment_slices(rules)["points_taken"]]
    clean = np.isclose(points[:, 0], points.sum(axis=1))
    eligible = ~data.is_pass & (data.mask.sum(axis=1) > 1) & clean
    weighed = np.isfinite(data.values).any(axis=1)
    known = np.where(np.isfinite(data.values), data.values, -np.inf)
    chosen = known[np.arange(len(data)), data.action]
    shooting = eligible & (~weighed | (weighed & (chosen < known.max(axis=1) - 1e-6)))
    return eligible, shooting
