"""The learned player at play time (NumPy only): per-card features, the model and the ``net`` bots.

- :func:`encode` / :func:`action_mask`: one seat's view as a vector (:mod:`hearts.observe`'s, re-exported);
- :func:`card_features`: per-card facts derived from that vector;
- :class:`NetModel`: the forward pass, loaded from a ``hearts-net/1`` file;
- :class:`NetBot`: the ``net`` bot (``hearts.bots.make_bot("net")``);
- ``net-search`` (:mod:`hearts.net.search`) and ``net-rollout`` (:mod:`hearts.net.rollout`, over
  :mod:`hearts.vec`): the search over the net's kept cards, and with the net as its rollout policy.

Training is :mod:`hearts.learn` (PyTorch, the ``learn`` extra).
"""

import os

# Bots decide one position at a time, several to a machine (the server's bot workers, the arena's jobs): NumPy's
# BLAS threads only contend there (a net-rollout move took 4.5 times the CPU on a busy 2-core machine). So the
# net's BLAS runs on one thread unless OPENBLAS_NUM_THREADS says otherwise; it takes effect where NumPy loads
# after this (set the variable yourself to choose).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from hearts.observe import action_mask, encode, segment_slices, segments, size  # noqa: E402

from .bot import NetBot  # noqa: E402
from .features import FEATURES, card_features  # noqa: E402
from .model import ModelError, NetModel, load_shipped, shipped_models  # noqa: E402

__all__ = [
    "FEATURES",
    "ModelError",
    "NetBot",
    "NetModel",
    "action_mask",
    "card_features",
    "encode",
    "load_shipped",
    "segment_slices",
    "segments",
    "shipped_models",
    "size",
]
