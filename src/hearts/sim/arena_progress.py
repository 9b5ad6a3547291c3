"""A one-line progress bar for standard error, standard library only.

>>> import io
>>> out = io.StringIO()
>>> bar = ProgressBar("deals", out, width=10, clock=lambda: 0.0)
>>> bar(4, 10)
>>> out.getvalue()
'\\r[####------] 4/10 deals  0.0 s'
>>> bar.close()
>>> out.getvalue().endswith("\\n")
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO


class ProgressBar:
    """``bar(done, total)`` redraws ``[#####-----] done/total unit  seconds`` (at most 10 times a second)."""

    def __init__(self, unit: str, stream: TextIO, *, width: int = 30, clock: Callable[[], float] = time.perf_counter) -> None:
        self.unit = unit
        self.stream = stream
        self.width = width
        self.clock = clock
        self.start = clock()
        self.last = -1.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if done < total and done and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {self.unit}  {now - self.start:.1f} s")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line (if anything was drawn)."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False
