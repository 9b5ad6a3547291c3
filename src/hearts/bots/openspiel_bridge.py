"""An old import path, kept for tools written against it (hearts-engine's benchmark adapter imports it).

The OpenSpiel bridge is :mod:`hearts.openspiel.bridge`; :func:`choose_passes`
(passes that agree with a seat's view, for rebuilding a world's history) is a
world-sampling helper of :mod:`hearts.bots.sampler`. Nothing in the project
imports this module.
"""

from .sampler import choose_passes

__all__ = ["choose_passes"]
