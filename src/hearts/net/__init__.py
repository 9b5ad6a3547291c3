"""The learned player at play time: per-card features, the model and the ``net`` bots.

- :func:`encode` / :func:`action_mask`: one seat's view as a vector (:mod:`hearts.observe`'s, re-exported);
- :func:`card_features`: per-card facts derived from that vector;
- :class:`NetModel`: the forward pass (NumPy), loaded from a ``hearts-net/1`` file;
- :class:`PureModel` (:mod:`hearts.net.pure`): the same forward pass in plain Python, for where NumPy is missing
  (e.g. Pyodide); :mod:`hearts.net.backend` picks one of the two for the ``net`` bot;
- :class:`NetBot`: the ``net`` bot (``hearts.bots.make_bot("net")``);
- ``net-search`` (:mod:`hearts.net.search`) and ``net-rollout`` (:mod:`hearts.net.rollout`, over
  :mod:`hearts.vec`): the search over the net's kept cards, and with the net as its rollout policy.

The names are loaded on first use, so ``hearts.net.bot`` and ``hearts.net.pure`` import without NumPy.
Training is :mod:`hearts.learn` (PyTorch, the ``learn`` extra).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

# Bots decide one position at a time, several to a machine (the server's bot workers, the arena's jobs): NumPy's
# BLAS threads only contend there (a net-rollout move took 4.5 times the CPU on a busy 2-core machine). So the
# net's BLAS runs on one thread unless OPENBLAS_NUM_THREADS says otherwise; it takes effect where NumPy loads
# after this (set the variable yourself to choose).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

if TYPE_CHECKING:
    from hearts.observe import action_mask, encode, segment_slices, segments, size

    from .bot import NetBot
    from .features import FEATURES, card_features
    from .meta import ModelError, shipped_models
    from .model import NetModel, load_shipped
    from .pure import PureModel

#: name -> the module that defines it, imported when the name is first asked for
_WHERE = {
    "action_mask": "hearts.observe",
    "encode": "hearts.observe",
    "segment_slices": "hearts.observe",
    "segments": "hearts.observe",
    "size": "hearts.observe",
    "NetBot": "hearts.net.bot",
    "FEATURES": "hearts.net.meta",
    "card_features": "hearts.net.features",
    "ModelError": "hearts.net.meta",
    "shipped_models": "hearts.net.meta",
    "NetModel": "hearts.net.model",
    "load_shipped": "hearts.net.model",
    "PureModel": "hearts.net.pure",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FEATURES",
    "ModelError",
    "NetBot",
    "NetModel",
    "PureModel",
    "action_mask",
    "card_features",
    "encode",
    "load_shipped",
    "segment_slices",
    "segments",
    "shipped_models",
    "size",
]
