"""``run_selfplay``: self-play deals played in shards and written as Parquet files with a manifest.

The output directory gets ``shard-00000.parquet``, ``shard-00001.parquet``,
... (shard ``k`` holds the rows of deals ``k * shard_size`` up to the next
shard's, in deal order) and ``_manifest.json`` (format
``hearts-selfplay/1``: the rules, the line-up and seating, the seed, how
deals and bot seeds are derived, the observation's segments, the columns,
each shard's deals and rows, and the versions of the software). The shards
depend only on the settings and the seed, not on ``jobs`` or ``ray``.
Needs NumPy and pyarrow (the ``selfplay`` extra); pyarrow is imported here only.

Read a dataset back with :func:`read_dataset`. The manifest's name starts
with an underscore, which ``pyarrow.dataset``, pandas and polars skip, so the
folder is also a plain Parquet dataset: ``pyarrow.dataset.dataset(DIR)`` or
``pandas.read_parquet(DIR)``. Folders written before (``manifest.json``) are
still read.
"""

from __future__ import annotations

import json
import os
import platform
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts.bots import make_bot
from hearts.core import Rules

from .arena import MAX_JOBS, ArenaError, BotFactory, Progress, full_lineup, pass_cycle
from .selfplay import COLUMNS, play_shard

FORMAT = "hearts-selfplay/1"
#: the manifest's file name: a leading underscore, so that Parquet dataset readers skip it
MANIFEST = "_manifest.json"
#: the name older datasets used (read, never written)
OLD_MANIFEST = "manifest.json"
DEFAULT_SHARD = 100


class SelfplayError(ArenaError):
    """Bad self-play settings: the output directory, the counts, a missing extra."""


@dataclass(frozen=True)
class SelfplayResult:
    """What a run wrote: the directory, rows and shards in all, and the time it took."""

    out: Path
    rows: int
    shards: int
    seconds: float


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa  # type: ignore[import-not-found,import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise SelfplayError("pyarrow is not installed: pip install 'hearts-game[selfplay]'") from None
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise SelfplayError("NumPy is not installed: pip install 'hearts-game[selfplay]'") from None
    return pa, pq


def _count(name: str, value: object, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise SelfplayError(f"{name} must be a whole number of at least 1, not {value!r}")
    if high is not None and value > high:
        raise SelfplayError(f"{name} must be at most {high}, not {value}")
    return value


def to_table(columns: dict[str, Any], size: int) -> Any:
    """A pyarrow table from one shard's NumPy columns (see :data:`hearts.sim.selfplay.COLUMNS`)."""
    pa, _ = _pyarrow()
    import numpy as np

    def fixed(array: Any, width: int, mask: Any = None) -> Any:
        return pa.FixedSizeListArray.from_arrays(pa.array(np.ascontiguousarray(array).reshape(-1)), width, mask=mask)

    data: dict[str, Any] = {}
    for name, _ in COLUMNS:
        if name == "observation":
            data[name] = fixed(columns[name], size)
        elif name == "mask":
            data[name] = fixed(columns[name].astype(np.int8), 52)
        elif name == "values":
            data[name] = fixed(columns[name], 52, pa.array(columns["values_null"]))
        elif name in ("bot", "phase"):
            data[name] = pa.array(columns[name], type=pa.string())
        else:
            data[name] = pa.array(columns[name])
    return pa.table(data)


def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for name, dist in (("hearts", "hearts-game"), ("numpy", "numpy"), ("pyarrow", "pyarrow")):
        try:
            out[name] = version(dist)
        except PackageNotFoundError:
            out[name] = "unknown"
    return out


def manifest(rules: Rules, lineup: Sequence[str], mode: str, count: int, seed: int, shards: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest's object (everything but ``versions`` is the same for the same settings)."""
    from hearts.observe import segments

    n = rules.players
    deals = (
        f"deal i: the hearts-deal/1 deal of seed_from_text(f'{seed}:{{i}}'), hand number i % {pass_cycle(rules)} + 1, dealer i % {n}"
        if mode == "hands"
        else f"game g, hand h: the hearts-deal/1 deal of seed_from_text(f'{seed}:{{g}}:{{h}}')"
    )
    return {
        "format": FORMAT,
        "mode": mode,
        mode: count,
        "seed": seed,
        "rules": rules.to_dict(),
        "lineup": list(lineup),
        "seating": f"seat s of deal (or game) i is played by lineup[(s - i) % {n}]",
        "bot_seeds": "seat s of deal (or game) i: hearts.sim.arena.derived_seed(seed, 'selfplay', i, s)",
        "deals": deals,
        "observation": {"size": sum(s for _, s in segments(rules)), "segments": [list(x) for x in segments(rules)]},
        "columns": dict(COLUMNS),
        "rows": sum(s["rows"] for s in shards),
        "shards": shards,
        "versions": _versions(),
    }


def run_selfplay(
    bots: Sequence[str],
    rules: Rules,
    out: str | os.PathLike[str],
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: int = 1,
    jobs: int = 1,
    ray: str | None = None,
    shard_size: int = DEFAULT_SHARD,
    progress: Progress | None = None,
    factory: BotFactory = make_bot,
) -> SelfplayResult:
    """Play ``hands`` deals (or ``games`` games) with ``bots`` and write the dataset to the empty directory ``out``.

    ``jobs`` worker processes, or a Ray cluster (``ray``: ``"local"`` or an
    address; ``jobs`` is then a local cluster's CPUs), play the shards; the
    files are the same either way. Bad settings raise :class:`SelfplayError`
    (or :class:`~hearts.bots.BotSpecError`) before any play.
    """
    if (hands is None) == (games is None):
        raise SelfplayError("give a number of hands or of games, not both" if hands is not None else "give a number of hands or of games")
    mode = "hands" if hands is not None else "games"
    count = _count(mode, hands if hands is not None else games)
    jobs = _count("jobs", jobs, MAX_JOBS)
    shard_size = _count("the shard size", shard_size)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SelfplayError(f"the seed must be a whole number, not {seed!r}")
    pa, pq = _pyarrow()
    lineup = tuple(full_lineup(bots, rules.players))
    for spec in dict.fromkeys(lineup):
        factory(spec, seed=0)
    path = Path(out)
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise SelfplayError(f"the output {str(path)!r} exists and is not an empty directory")

    from hearts.observe import size

    width = size(rules)
    chunks = [tuple(range(k, min(k + shard_size, count))) for k in range(0, count, shard_size)]
    tasks = [(lineup, rules.to_dict(), mode, seed, chunk, factory) for chunk in chunks]
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SelfplayError(f"cannot make the output directory {str(path)!r}: {err.strerror or err}") from None
    start = time.perf_counter()
    shards: list[dict[str, Any]] = [{} for _ in chunks]
    finished = 0
    if progress:
        progress(0, count)

    def write(k: int, columns: dict[str, Any]) -> None:
        nonlocal finished
        name = f"shard-{k:05d}.parquet"
        table = to_table(columns, width)
        pq.write_table(table, path / name)
        shards[k] = {"file": name, "first": chunks[k][0], "last": chunks[k][-1], "rows": table.num_rows}
        finished += len(chunks[k])
        if progress:
            progress(finished, count)

    _run(tasks, jobs, ray, write)
    data = manifest(rules, lineup, mode, count, seed, shards)
    (path / MANIFEST).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return SelfplayResult(path, data["rows"], len(shards), time.perf_counter() - start)


def _run(tasks: list[Any], jobs: int, ray: str | None, write: Callable[[int, dict[str, Any]], None]) -> None:
    """Play every shard here, in ``jobs`` processes or on Ray, writing each as it finishes (results kept only briefly)."""
    if ray is not None:
        from .ray_backend import run_tasks

        run_tasks(play_shard, tasks, address=ray, cpus=None if jobs == 1 else jobs, done=write, keep=False)
        return
    if jobs == 1 or len(tasks) == 1:
        for k, task in enumerate(tasks):
            write(k, play_shard(task))
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        futures = {pool.submit(play_shard, task): k for k, task in enumerate(tasks)}
        for future in as_completed(futures):
            write(futures[future], future.result())


def manifest_path(directory: str | os.PathLike[str]) -> Path:
    """The manifest file of a dataset folder: ``_manifest.json``, or an older folder's ``manifest.json``.

    >>> manifest_path("no-such-folder").name
    '_manifest.json'
    """
    path = Path(directory)
    if not (path / MANIFEST).exists() and (path / OLD_MANIFEST).exists():
        return path / OLD_MANIFEST
    return path / MANIFEST


def read_dataset(directory: str | os.PathLike[str]) -> tuple[dict[str, Any], Any]:
    """The manifest and one pyarrow table of every shard, in order."""
    pa, pq = _pyarrow()
    path = Path(directory)
    try:
        data = json.loads(manifest_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SelfplayError(f"{str(path)!r} is not a self-play dataset (no readable {MANIFEST}): {err}") from None
    if data.get("format") != FORMAT:
        raise SelfplayError(f"{str(path)!r}: format {data.get('format')!r}, expected {FORMAT}")
    tables = [pq.read_table(path / s["file"]) for s in data["shards"]]
    return data, pa.concat_tables(tables)
