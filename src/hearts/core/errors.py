"""Error types of the hearts package.

Every error a user can cause is a :class:`HeartsError`, so callers (the CLI,
the server) can turn it into a clear message instead of a traceback.
"""

from __future__ import annotations


class HeartsError(Exception):
    """Base class of every error raised on purpose by this package."""


class RulesError(HeartsError, ValueError):
    """A rules option has a bad value (raised when ``Rules`` is built)."""


class CardError(HeartsError, ValueError):
    """A card's text could not be read, e.g. ``parse_card("1X")``."""


class DealError(HeartsError, ValueError):
    """An explicit deal is not a deal of the rules' deck."""


class IllegalAction(HeartsError):
    """An action that the rules forbid; the state is left unchanged.

    >>> err = IllegalAction("play", 2, "QH", "must follow suit: holds clubs")
    >>> str(err)
    'seat 2 cannot play QH: must follow suit: holds clubs'
    """

    def __init__(self, phase: str, seat: int | None, card: str | None, reason: str) -> None:
        self.phase = phase
        self.seat = seat
        self.card = card
        self.reason = reason
        who = "a player" if seat is None else f"seat {seat}"
        verb = {"pass": "pass", "play": "play", "moon": "choose"}.get(phase, "do")
        what = f" {card}" if card is not None else ""
        super().__init__(f"{who} cannot {verb}{what}: {reason}")

    def __reduce__(self) -> tuple[type, tuple[str, int | None, str | None, str]]:
        """Pickle with the four fields, so the error crosses process boundaries intact."""
        return (type(self), (self.phase, self.seat, self.card, self.reason))
