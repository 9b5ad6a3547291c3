"""The observation (NumPy only): one seat's view as a fixed-size vector of named segments.

It sits below everything that reads it: the learned player (:mod:`hearts.net`),
the learning environments (:mod:`hearts.rl`), the batched engines
(:mod:`hearts.vec`, :mod:`hearts.vecjax`, which build the same vector over a
batch) and the self-play datasets (:mod:`hearts.sim.selfplay`). It knows only
:mod:`hearts.core`.

- :func:`segments` / :func:`segment_slices` / :func:`size`: the segments, in order;
- :func:`encode` / :func:`action_mask`: a :class:`~hearts.core.SeatView` as the vector, and its legal cards;
- :func:`bounds`, :func:`decode_cards`, and the constants :data:`PHASES`, :data:`DIRECTIONS`, :data:`LIMIT`.

>>> from hearts.core import Rules
>>> size(Rules.standard(4)), size(Rules.cancellation(11))
(613, 1397)
"""

from .encoding import DIRECTIONS, LIMIT, PHASES, action_mask, bounds, decode_cards, encode, segment_slices, segments, size

__all__ = ["DIRECTIONS", "LIMIT", "PHASES", "action_mask", "bounds", "decode_cards", "encode", "segment_slices", "segments", "size"]
