"""The learned player at play time (NumPy only): the observation, per-card features, the model and the ``net`` bot.

- :func:`encode` / :func:`action_mask`: one seat's view as a vector (also used by :mod:`hearts.rl`);
- :func:`card_features`: per-card facts derived from that vector;
- :class:`NetModel`: the forward pass, loaded from a ``hearts-net/1`` file;
- :class:`NetBot`: the ``net`` bot (``hearts.bots.make_bot("net")``).

Training is :mod:`hearts.learn` (PyTorch, the ``learn`` extra).
"""

from .bot import NetBot
from .encoding import action_mask, encode, segment_slices, segments, size
from .features import FEATURES, card_features
from .model import ModelError, NetModel, load_shipped, shipped_models

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
