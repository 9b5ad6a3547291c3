"""Re-export of :mod:`hearts.bots.openspiel_bridge` (the encodings moved to ``bots``).

>>> from hearts.sim.openspiel_bridge import to_openspiel
>>> to_openspiel(0)
0
"""

from hearts.bots.openspiel_bridge import (
    HAND_NUMBER_FOR_OPENSPIEL_DIR,
    OPENSPIEL_PASS_DIR,
    PASS_DIR_FROM_OPENSPIEL,
    from_openspiel,
    load_hearts,
    points_from_returns,
    to_openspiel,
)

__all__ = [
    "HAND_NUMBER_FOR_OPENSPIEL_DIR", "OPENSPIEL_PASS_DIR", "PASS_DIR_FROM_OPENSPIEL",
    "from_openspiel", "load_hearts", "points_from_returns", "to_openspiel",
]
