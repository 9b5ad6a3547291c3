"""The observation: one seat's view as a fixed-size vector of named segments.

It sits below everything that reads it: the learned player (:mod:`hearts.net`),
the learning environments (:mod:`hearts.rl`), the batched engines
(:mod:`hearts.vec`, :mod:`hearts.vecjax`, which build the same vector over a
batch) and the self-play datasets (:mod:`hearts.sim.selfplay`). It knows only
:mod:`hearts.core`.

- :func:`segments` / :func:`segment_slices` / :func:`size`: the segments, in order;
- :func:`sparse_encode` / :func:`action_cards`: the view's nonzero inputs and its choosable cards, standard library
  only (:mod:`hearts.observe.layout`);
- :func:`encode` / :func:`action_mask`: the same as NumPy arrays (:mod:`hearts.observe.encoding`, loaded on first use,
  so this package imports without NumPy);
- :func:`bounds`, :func:`decode_cards`, and the constants :data:`PHASES`, :data:`DIRECTIONS`, :data:`LIMIT`.

>>> from hearts.core import Rules
>>> size(Rules.standard(4)), size(Rules.cancellation(11))
(613, 1397)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .layout import DIRECTIONS, LIMIT, PHASES, action_cards, dense, segment_slices, segments, size, sparse_encode

if TYPE_CHECKING:
    from .encoding import action_mask, bounds, decode_cards, encode

#: the names that need NumPy, from :mod:`hearts.observe.encoding`
_NUMPY_NAMES = frozenset({"action_mask", "bounds", "decode_cards", "encode"})


def __getattr__(name: str) -> Any:
    if name in _NUMPY_NAMES:
        return getattr(importlib.import_module(".encoding", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DIRECTIONS",
    "LIMIT",
    "PHASES",
    "action_cards",
    "action_mask",
    "bounds",
    "decode_cards",
    "dense",
    "encode",
    "segment_slices",
    "segments",
    "size",
    "sparse_encode",
]
