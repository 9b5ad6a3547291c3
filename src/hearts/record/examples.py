"""The example game records shipped inside the package (``hearts replay --example NAME``).

>>> names()
['cancellation8', 'standard4']
>>> from hearts.record import read_record, replay
>>> replay(read_record(str(path("standard4"))))["game_over"]
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from .errors import RecordError


def _folder() -> Path:
    return Path(str(files("hearts") / "examples"))


def names() -> list[str]:
    """The shipped examples' names, sorted."""
    return sorted(p.stem for p in _folder().glob("*.json"))


def path(name: str) -> Path:
    """The file of the example ``name``; an unknown name is a :class:`RecordError` listing the known ones."""
    if name not in names():
        raise RecordError(f"no example named {name!r}; the examples are {', '.join(names())}")
    return _folder() / f"{name}.json"
