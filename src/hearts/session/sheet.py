"""The score sheet after a hand: the pause while the players read it, one model for every app.

When a hand ends and the game goes on, the session
(:meth:`~hearts.session.table.TableSession.hand_over`) opens its
:class:`ScoreSheet` for that hand. While the sheet shows, no turn timer runs
and no bot moves (:class:`~hearts.session.pace.Pace`). It is over when every
reader has read it (they say ``ready``, or act: a player who acts has read
it), when its time is up, or at once when nobody is there to read it; then
the next hand goes on. Who reads it and for how long is the host's to say
(:meth:`ScoreSheet.settle`): ``hearts play`` has its one person and no clock
(the sheet waits for them); the server and the page have the people at the
table who are there, and ``review`` seconds of their clock.

What the sheet holds back differs with the table, not the model: where the
next hand is dealt only once the sheet is read (``deal_at_once = False``:
the terminal, whose save is a record of the hands dealt), the session deals
it when the sheet closes; where it is dealt at once (the server and the
page, whose stored log deals each hand as the previous one ends), the sheet
holds back its turns.

Why the sheet lives in the session while the turn timer stays with each
host: the sheet is a fact of the game in progress (which hand ended, who
has read it) that every app has, the same in all three, while a turn timer
is a host's clock. It is not part of what a table is: it takes no part in
a table's equality (``compare=False``), a fork gets its own copy (an action
applied to a fork that fails to be stored leaves the live table's sheet as
it was), and it is never stored: a table replayed from its log shows the
sheet of its last hand only if no turn of the next one is in the log (so a
server restarted, or a page reloaded, at a hand's end shows it again, and a
terminal save whose next hand is not dealt resumes on its score sheet), and
an undo never opens a sheet that was read.

>>> sheet = ScoreSheet()
>>> sheet.open(1)
>>> sheet.settle(100.0, readers={0, 2}, review=20), sheet.until
(False, 120.0)
>>> sheet.read(0), sheet.read(0), sheet.to_json()
(True, False, {'until': 120000, 'ready': [0]})
>>> sheet.read(2), sheet.settle(101.0, readers={0, 2}, review=20), sheet.showing
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ScoreSheet:
    """The score-sheet pause of one table; see the module's notes."""

    #: the hand whose score sheet shows (None: no pause)
    hand: int | None = None
    #: the seats whose players have read it
    ready: set[int] = field(default_factory=set)
    #: when it ends by the host's clock (None: not timed, or its time is not set yet)
    until: float | None = None

    @property
    def showing(self) -> bool:
        """Is the score sheet showing (no turn timer runs, no bot moves)?"""
        return self.hand is not None

    def open(self, hand: int) -> None:
        """Hand ``hand`` has ended and the game goes on: its sheet shows, nobody has read it yet."""
        self.hand, self.ready, self.until = hand, set(), None

    def read(self, seat: int) -> bool:
        """The player of ``seat`` has read the sheet; False if none shows or they had said so already."""
        if self.hand is None or seat in self.ready:
            return False
        self.ready.add(seat)
        return True

    def close(self) -> None:
        """The pause is over: the next hand goes on."""
        self.hand, self.ready, self.until = None, set(), None

    def settle(self, now: float, readers: Collection[int], review: float | None = None) -> bool:
        """The host looks at the sheet at ``now``: ``readers`` are the seats whose players are there to read it,
        ``review`` its length in seconds (None: until it is read). Its end time is set when the host first sees
        it; it closes when every reader has read it, its time is up, or nobody is there to read it. True: it
        closed now."""
        if self.hand is None:
            return False
        if self.until is None and review is not None:
            self.until = now + review
        if not set(readers) - self.ready or (self.until is not None and now >= self.until):
            self.close()
            return True
        return False

    def copy(self) -> ScoreSheet:
        """An independent copy (a fork of the table gets one)."""
        return ScoreSheet(self.hand, set(self.ready), self.until)

    def to_json(self) -> dict[str, Any] | None:
        """The pause as the state message shows it (``until`` in ms; None: no pause, or not timed yet)."""
        if self.hand is None or self.until is None:
            return None
        return {"until": int(self.until * 1000), "ready": sorted(self.ready)}
