"""hearts: Hearts and Cancellation Hearts, a rules engine and tools around it.

>>> from hearts import Rules, Game
>>> Game(Rules.standard(4), seed=1).hand.phase
'pass'
"""

from .core import *  # noqa: F403 - the package's names are the core's (its own list, hearts.core.__all__)
from .core import __all__ as __all__

__version__ = "0.1.0"
