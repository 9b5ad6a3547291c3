"""Training the learned player (the ``learn`` extra: PyTorch, NumPy, pyarrow).

- :mod:`hearts.learn.recipe`: :class:`Recipe`, everything that rebuilds a model from its seed;
- :mod:`hearts.learn.data`: the self-play chunks, generated resumably, loaded as arrays;
- :mod:`hearts.learn.train`: the network in PyTorch, its losses, held-out figures and the export;
- :mod:`hearts.learn.cli`: ``hearts train``.

PyTorch is imported only when training starts; playing a trained model is :mod:`hearts.net` (NumPy only).
"""

from .recipe import RECIPES, Recipe

__all__ = ["RECIPES", "Recipe"]
