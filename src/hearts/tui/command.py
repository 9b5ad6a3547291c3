"""How to run ``hearts`` again, as the player started it: for messages such as "go on with: ...".

After the quick start the command is ``.venv/bin/hearts``, not on PATH, so a
message that says ``hearts play --continue`` would not work when typed.

>>> command_name(["/usr/local/bin/hearts", "play"], which=lambda name: "/usr/local/bin/hearts")
'hearts'
>>> command_name([".venv/bin/hearts", "play"], which=lambda name: None)
'.venv/bin/hearts'
>>> command_name(["/x/src/hearts/__main__.py", "play"], which=lambda name: None)
'python -m hearts'
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Sequence


def command_name(argv: Sequence[str] | None = None, which: Callable[[str], str | None] = shutil.which) -> str:
    """``hearts`` when that runs this program, else the path it was started by, or ``python -m hearts``."""
    argv = sys.argv if argv is None else argv
    first = argv[0] if argv else ""
    if os.path.basename(first) != "hearts":
        return "python -m hearts"
    found = which("hearts")
    if found is not None and os.path.realpath(found) == os.path.realpath(first):
        return "hearts"
    return first
