"""The learned player at play time (NumPy only): the observation, per-card features, the model and the ``net`` bot.

- :func:`encode` / :func:`action_mask`: one seat's view as a vector (also used by :mod:`hearts.rl`);
- :func:`card_features`: per-card facts derived from that vector;
- :class:`NetModel`: the forward pass, loaded from a ``hearts-net/1`` file;
- :class:`NetBot`: the ``net`` bot (``hearts.bots.make_bot("net")``).

Training is :mod:`hearts.learn` (PyTorch, the ``learn`` extra).
"""

import os

# Bots decide one position at a time, several to a machine (the server's bot workers, the arena's jobs): NumPy's
# BLAS threads only contend there (a net-rollout move took 4.5 times the CPU on a busy 2-core machine). So the
# net's BLAS runs on one thread unless OPENBLAS_NUM_THREADS says otherwise; it takes effect where NumPy loads
# after this (set the variable yourself to choose).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .bot import NetBot  # noqa: E402
from .encoding import action_mask, encode, segment_slices, segments, size  # noqa: E402
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
