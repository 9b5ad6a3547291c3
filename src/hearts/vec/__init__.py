"""Many hands of Hearts at once, as NumPy arrays (NumPy only; the ``rl`` extra brings it).

- :class:`VecHearts`: B one-hand episodes of any variant and player count
  (standard 3-7, Omnibus, Cancellation 6-11) stepped together, legal masks as
  uint64 bitmasks, observations with :mod:`hearts.observe`'s encoding, rewards,
  seeded resets (:mod:`hearts.vec.engine`);
- :func:`hand_of` / :func:`record_of`: one game of the batch as the
  reference engine's :class:`~hearts.core.Hand`, or as a hearts-record/1
  record (:mod:`hearts.vec.record`).

>>> from hearts.core import Rules
>>> env = VecHearts(Rules.standard(4), batch=4096)
>>> env.reset(seed=7)
>>> env.action_masks().shape
(4096, 52)
"""

from .engine import VecError, VecHearts
from .record import hand_of, record_of

__all__ = ["VecError", "VecHearts", "hand_of", "record_of"]
