"""The coach of ``hearts play --guide``: the guided first hand's notes in the language in use, each shown once.

Which note applies is :func:`hearts.session.guide.guide_note`'s (the same as
the web table's); this module holds the words and remembers what the player
has seen: a note that has given way to another, or been dismissed, does not
come back, and skipping the guide ends it.

>>> coach = Coach()
>>> coach.on, coach.shown
(True, set())
>>> coach.skip(); coach.on
False
"""

from __future__ import annotations

from hearts.core import SeatView
from hearts.i18n import N_, _
from hearts.session.guide import NOTES, guide_note

#: each note's words (English, translated through the ``hearts`` catalog); the web client's are the same words
TEXTS = {
    "pass": N_(
        "The pass: before the hand starts you give three cards away, in this hand to the player on your left. "
        "Give away the cards that take tricks you do not want: the queen, king and ace of spades, and high hearts."
    ),
    "lead_two": N_("You hold the two of clubs, so you lead the first trick with it."),
    "first_trick": N_(
        "The two of clubs leads the first trick. Play a club if you have one: you must follow suit. "
        "On the first trick nobody may throw a heart or the queen of spades."
    ),
    "follow": N_("Follow suit: play a card of the suit that was led if you have one. The highest card of that suit takes the trick."),
    "void": N_(
        "You have no card of the suit that was led, so you may play any card: a good moment to get rid of a high heart "
        "or the queen of spades."
    ),
    "no_hearts": N_("You lead this trick, but hearts are not broken yet: you may not lead a heart until one has been played."),
    "hearts_broken": N_(
        "Hearts are broken: a heart (or the queen of spades) has been played, so hearts may be led now. Every heart you take is 1 point."
    ),
    "queen": N_("The queen of spades has been played: whoever took her took 13 points. Points are bad: the lowest score wins."),
    "lead": N_("You took the last trick, so you lead the next one. A low card is often a safe lead."),
    "score": N_(
        "The first hand is over: each heart you took is 1 point and the queen of spades 13. Whoever takes all 26 shoots "
        "the moon: they take 26 off their own score or give 26 to everyone else. Points add up hand after hand; when "
        "someone reaches 100, the lowest score wins."
    ),
}
assert set(TEXTS) == set(NOTES)


def note_text(note: str) -> str:
    """A note's words in the language in use."""
    return _(TEXTS[note])


class Coach:
    """What the guide shows a player now; see the module's notes. ``on`` False: no guide (or skipped)."""

    def __init__(self, on: bool = True) -> None:
        self.on = on
        self.shown: set[str] = set()  # notes given way to another, or dismissed: never again
        self.current: str | None = None

    def note(self, view: SeatView) -> str | None:
        """The note to show with ``view`` (None: none now)."""
        if not self.on:
            return None
        note = guide_note(view)
        if self.current is not None and note != self.current:
            self.shown.add(self.current)
        self.current = note
        return None if note is None or note in self.shown else note

    def dismiss(self) -> None:
        """The player has read the note shown now."""
        if self.current is not None:
            self.shown.add(self.current)

    def skip(self) -> None:
        """No more notes in this game."""
        self.on = False
