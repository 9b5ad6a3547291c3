"""The closed sets of the rules as enums: phase, pass direction, variant, moon rule and moon choice.

Each is an :class:`enum.StrEnum`, so a member *is* its string: it compares
equal to it, hashes like it, and ``json.dumps`` writes it as the plain
string, so records, JSON messages, the command line and templates keep
their text. Its ``repr`` is the plain string's, so printed tuples read as
before. Code inside the package compares with the members; strings stay at
the edges.

>>> Phase.PLAY == "play", PassDirection("left") is PassDirection.LEFT
(True, True)
>>> import json
>>> json.dumps({"phase": Phase.PASS}), (Phase.PASS, PassDirection.LEFT)
('{"phase": "pass"}', ('pass', 'left'))
>>> MoonChoice.SUBTRACT.code == MOON_SUBTRACT
True
"""

from __future__ import annotations

from enum import StrEnum

from .kernel import MOON_ADD, MOON_SUBTRACT


class _Text(StrEnum):
    """A closed set of words: each member is its string, and prints as it."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Text):
    """Where a hand stands: passing, playing, the shooter choosing the moon, done."""

    PASS = "pass"
    PLAY = "play"
    MOON = "moon"
    DONE = "done"


class PassDirection(_Text):
    """Where the passed cards go (``NONE``: a hand without passing)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"


class Variant(_Text):
    """The game: standard Hearts, Cancellation Hearts (two decks) or Omnibus (the J♦ scores)."""

    STANDARD = "standard"
    CANCELLATION = "cancellation"
    OMNIBUS = "omnibus"


class MoonRule(_Text):
    """The rules' moon option: the shooter chooses, or the moon always subtracts or always adds."""

    CHOOSE = "choose"
    SUBTRACT = "subtract"
    ADD = "add"


class MoonChoice(_Text):
    """What a shooter's moon does: add the moon's score to every other seat, or subtract it from the shooter."""

    ADD = "add"
    SUBTRACT = "subtract"

    @property
    def code(self) -> int:
        """The rules kernel's int code of this choice (:data:`~hearts.core.kernel.MOON_ADD`, ...)."""
        return MOON_ADD if self is MoonChoice.ADD else MOON_SUBTRACT

    @classmethod
    def of_code(cls, code: int) -> MoonChoice:
        """The choice of a kernel int code.

        >>> MoonChoice.of_code(MOON_ADD)
        'add'
        """
        return cls.ADD if code == MOON_ADD else cls.SUBTRACT


__all__ = ["MoonChoice", "MoonRule", "PassDirection", "Phase", "Variant"]
