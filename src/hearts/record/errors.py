"""Errors of the record package.

:class:`RecordError`: the input is not JSON or not a hearts-record/1
document (``hearts replay`` exits with status 2). :class:`ReplayError`: the
document is a record but one of its actions is illegal (status 1); it names
where (hand, phase, index, seat, card) and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hearts.core import HeartsError


class RecordError(HeartsError, ValueError):
    """Not JSON, or not a hearts-record/1 document (bad structure or types)."""


@dataclass
class ReplayError(HeartsError):
    """An illegal action in a well-formed record; ``to_dict`` is the records.md error object.

    >>> str(ReplayError(0, "play", 17, 2, "QH", "must follow suit: holds clubs"))
    'hand 0, play 17: seat 2, card QH: must follow suit: holds clubs'
    """

    hand: int | None
    phase: str
    index: int | None
    seat: int | None
    card: str | None
    reason: str

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "phase": self.phase,
            "index": self.index,
            "seat": self.seat,
            "card": self.card,
            "reason": self.reason,
        }

    def __str__(self) -> str:
        where = f"hand {self.hand}, " if self.hand is not None else ""
        where += self.phase + (f" {self.index}" if self.index is not None else "")
        who = []
        if self.seat is not None:
            who.append(f"seat {self.seat}")
        if self.card is not None:
            who.append(f"card {self.card}")
        return f"{where}: " + (", ".join(who) + ": " if who else "") + self.reason
