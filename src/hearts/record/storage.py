"""Where the user's games are kept by default: ``hearts play`` saves there, ``hearts serve`` keeps its database there.

>>> data_dir().name
'hearts'
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$XDG_DATA_HOME/hearts``, or ``~/.local/share/hearts``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hearts"
