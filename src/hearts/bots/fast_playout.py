"""The search's playouts: :func:`fast_playout`, the kernel's :func:`~hearts.bots.kernel.playout.play_out` on a :class:`~hearts.core.Hand`.

Kept for its callers; the playout itself lives in :mod:`hearts.bots.kernel.playout`
(one loop for one deck and two), where the compiled search runs it too.

>>> from hearts.core import Hand, Rules
>>> world = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> points, shooter = fast_playout(world, world.legal_cards()[0])
>>> sum(points) in (26, 78), fast_playable(world)
(True, True)
"""

from __future__ import annotations

from .kernel.pack import fast_playable, fast_playout

__all__ = ["fast_playable", "fast_playout"]
