"""Which forward pass the ``net`` bot runs: NumPy's (:class:`~hearts.net.model.NetModel`) where NumPy imports, else the
plain-Python one (:class:`~hearts.net.pure.PureModel`); both read the same files and answer :class:`ViewModel`.

Standard library only: this module, :mod:`hearts.net.bot` and :mod:`hearts.net.pure` import without NumPy.

>>> from hearts.core import Rules
>>> type(load_shipped(Rules.standard(4), pure=True)).__name__
'PureModel'
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from hearts.core import Card, Rules, SeatView

from .meta import shipped_file


class ViewModel(Protocol):
    """What the ``net`` bot asks of a model, one view at a time."""

    def check_fits(self, rules: Rules) -> None:
        """Raise :class:`~hearts.net.meta.ModelError` unless the model was trained for ``rules``' table shape."""

    def view_play(self, view: SeatView, cards: Sequence[Card]) -> tuple[list[float], float | None]:
        """The value (payoff points) of each of ``cards`` in ``view``, and the shoot chance (None: no shoot head)."""

    def view_pass(self, view: SeatView, picked: Sequence[Card], cards: Sequence[Card]) -> list[float]:
        """The pass logit of each of ``cards`` in ``view``, with ``picked`` chosen so far."""


@functools.cache
def numpy_available() -> bool:
    """Whether NumPy imports here (then the ``net`` bot runs on it)."""
    try:
        importlib.import_module("numpy")
    except ImportError:
        return False
    return True


def _use_pure(pure: bool | None) -> bool:
    return not numpy_available() if pure is None else pure


def load(source: str | Path, pure: bool | None = None) -> ViewModel:
    """The model of a file; ``pure``: the plain-Python forward pass (default: only where NumPy is missing)."""
    if _use_pure(pure):
        from .pure import PureModel

        return PureModel.load(source)
    from .model import NetModel

    return NetModel.load(source)


def load_shipped(rules: Rules, pure: bool | None = None) -> ViewModel:
    """The shipped model of ``rules``' table shape (read once per process and backend), as :func:`load` chooses."""
    if _use_pure(pure):
        from . import pure as plain

        return plain.load_shipped(rules)
    from . import model

    return model.load_shipped(rules)


def has_shipped(rules: Rules) -> bool:
    """Whether a model is shipped for ``rules``' table shape (variant and players)."""
    return shipped_file(rules.variant, rules.players) is not None
