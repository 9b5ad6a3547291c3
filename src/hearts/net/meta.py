"""What both forward passes share, standard library only: the file format's metadata, the card features' names, the
shipped models' folder, and the check that a model fits a table.

>>> from hearts.core import Rules
>>> meta = describe(Rules.standard(4))
>>> meta["format"], meta["inputs"], shipped_name("standard", 4)
('hearts-net/1', 613, 'standard-4.npz')
>>> check_fits(meta, Rules.cancellation(8))
Traceback (most recent call last):
...
hearts.net.meta.ModelError: this model was trained for standard Hearts with 4 players, not cancellation Hearts with 8 players
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from hearts.core import HeartsError, Rules
from hearts.observe.layout import size

FORMAT = "hearts-net/1"

#: the per-card feature names, in order (see :func:`hearts.net.features.card_features`)
FEATURES = (
    "held",
    "out",
    "lower_out",
    "higher_out",
    "suit_held",
    "suit_out",
    "suit_voids",
    "leading",
    "follows",
    "beats",
    "last",
    "trick_points",
    "card_points",
)

#: the arrays every model file holds (``shoot_w`` / ``shoot_b`` are optional)
REQUIRED = ("trunk0_w", "play_ctx_w", "play_card", "play_feat", "play_out_w", "pass_w", "hand_w")

#: the folder of the models shipped in the package
MODELS = Path(__file__).resolve().parent / "models"


class ModelError(HeartsError, ValueError):
    """A model file that cannot be read, or a model used for a table it was not trained for."""


def describe(rules: Rules, **extra: Any) -> dict[str, Any]:
    """The metadata that ties a model to its table: format, variant, players, rules, inputs, features."""
    return {
        "format": FORMAT,
        "variant": rules.variant,
        "players": rules.players,
        "rules": rules.to_dict(),
        "inputs": size(rules),
        "features": list(FEATURES),
        "value_scale": 10.0,
        **extra,
    }


def check_fits(meta: dict[str, Any], rules: Rules) -> None:
    """Raise :class:`ModelError` unless a model's ``meta`` says it was trained for ``rules``' variant and player count."""
    variant, players = meta.get("variant"), meta.get("players")
    if (variant, players) != (rules.variant, rules.players):
        raise ModelError(
            f"this model was trained for {variant} Hearts with {players} players, not {rules.variant} Hearts with {rules.players} players"
        )
    if meta.get("inputs") != size(rules) or list(meta.get("features", ())) != list(FEATURES):
        raise ModelError("this model's inputs do not match this version of hearts (retrain it with hearts train)")


def check_loaded(meta: Any, names: set[str] | list[str], where: str) -> None:
    """Raise :class:`ModelError` unless a file's ``meta`` and array ``names`` make a complete model."""
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelError(f"{where!r} is not a {FORMAT} model")
    missing = [k for k in REQUIRED if k not in names]
    if missing or "rules" not in meta:
        raise ModelError(f"{where!r} is not a complete {FORMAT} model (missing {', '.join(missing) or 'rules'})")


def shipped_name(variant: str, players: int) -> str:
    """The file name of the shipped model for a table shape, e.g. ``standard-4.npz``."""
    return f"{variant}-{players}.npz"


def shipped_path(rules: Rules) -> Path:
    """Where the shipped model of ``rules``' table shape is (or would be)."""
    return MODELS / shipped_name(rules.variant, rules.players)


def shipped_models() -> list[str]:
    """The table shapes that have a shipped model, e.g. ``['standard-4']`` (with those the page can fetch)."""
    remote = set(_remote.digests) if _remote is not None else set()
    return sorted({p.stem for p in MODELS.glob("*.npz")} | {Path(name).stem for name in remote})


# -- shipped models fetched when a table needs them (the static page) ---------------------------------------------
#: the file, in the static page's modules, that lists the shipped models left out of them: file name -> SHA-256
REMOTE_INDEX = "remote.json"


@dataclass
class _Remote:
    fetch: Callable[[str], bytes | None]
    digests: dict[str, str]
    failed: set[str] = field(default_factory=set)


_remote: _Remote | None = None


def fetch_models_with(fetch: Callable[[str], bytes | None] | None, digests: dict[str, str] | None = None) -> None:
    """Fetch a shipped model that is not on disk the first time a table needs it: ``fetch(name)`` returns its bytes
    (or None where it cannot be had), kept only if their SHA-256 is ``digests[name]``. The static page's worker fetches
    them from the page's folder, so a visit downloads only the models of the tables played. ``None``: disk only.

    >>> fetch_models_with(lambda name: b"not the model", {"standard-9.npz": "0" * 64})
    >>> shipped_file("standard", 9) is None  # the bytes were not the listed file: the level's fallback plays
    True
    >>> fetch_models_with(None)
    """
    global _remote
    _remote = None if fetch is None else _Remote(fetch, dict(digests or {}))
    read_shipped.cache_clear()


def shipped_file(variant: str, players: int) -> Path | None:
    """The shipped model's file for a table shape, fetched first where it is not on disk (:func:`fetch_models_with`),
    or None where there is none. A fetch is tried once per model and process."""
    name = shipped_name(variant, players)
    path = MODELS / name
    if path.exists():
        return path
    remote = _remote
    if remote is None or name not in remote.digests or name in remote.failed:
        return None
    try:
        data = remote.fetch(name)
    except Exception:  # noqa: BLE001 - the page's network: any failure means the model is not there
        data = None
    if data is None or hashlib.sha256(data).hexdigest() != remote.digests[name]:
        remote.failed.add(name)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


class Fitting(Protocol):
    """A model that says whether it fits a table (both backends' models do)."""

    def check_fits(self, rules: Rules) -> None: ...


M = TypeVar("M", bound=Fitting)


@functools.cache
def read_shipped(load: Callable[[Path], M], variant: str, players: int) -> M | None:
    """The shipped model of a table shape read by ``load``, once per process and backend (None: there is none)."""
    path = shipped_file(variant, players)
    return None if path is None else load(path)


def load_shipped_with(load: Callable[[Path], M], rules: Rules) -> M:
    """The shipped model for ``rules``' table shape, read by ``load`` (once per process: every later call returns the
    same read-only model, so a bot made for each decision costs no file read), or a clear :class:`ModelError`."""
    model: M | None = read_shipped(load, rules.variant, rules.players)
    if model is None:
        raise no_shipped(rules)
    model.check_fits(rules)
    return model


def no_shipped(rules: Rules) -> ModelError:
    """The error for a table shape with no shipped model, naming the ones there are."""
    have = ", ".join(shipped_models()) or "none"
    return ModelError(
        f"no shipped model for {rules.variant} Hearts with {rules.players} players "
        f"(shipped: {have}); train one with `hearts train` and use net:file=PATH"
    )


def first_best(values: Sequence[float]) -> int:
    """The index of the first highest of ``values`` (NumPy's argmax, without NumPy).

    >>> first_best([0.5, 2.0, 2.0])
    1
    """
    return max(range(len(values)), key=values.__getitem__)
