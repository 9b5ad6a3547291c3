"""When a table moves: the turn timer, and who must act for a seat now, around the session's score sheet.

One clock-free model for every host of a table: the caller says what time
it is. The server (:mod:`hearts.server.turns`) arms its timers at
:meth:`Pace.next_due` and looks again when one fires; the page's host
(:mod:`hearts.web.host`) looks again on each tick. After every change of
the table the host settles the table's score sheet
(:meth:`~hearts.session.table.TableSession.settle_sheet`: the pause after a
hand is the session's, :mod:`hearts.session.sheet`) and calls
:meth:`Pace.update`:

- a new turn of a person who is there starts the turn timer (the table's
  ``turn_seconds``; 0: none); once it has run out, a bot makes that one move;
- while the score sheet shows, no timer runs and no bot moves; the turn
  after it starts its timer from its full length when the sheet closes;
- :meth:`bot_seat` is the seat a bot must act for now, if any.

The timer's state stays with the host, beside its table: it is that host's
clock (the terminal has none), and a table is forked, rebuilt and stored
without it.

>>> import random
>>> from hearts.core import Hand, Rules
>>> from hearts.core.deal import random_deal
>>> from hearts.session.sheet import ScoreSheet
>>> rules = Rules.standard(4)
>>> hand = Hand(rules, random_deal(rules, random.Random(1))[0])
>>> pace, sheet = Pace(), ScoreSheet()
>>> pace.update(100.0, hand=hand, sheet=sheet, people={0}, turn_seconds=30)
>>> pace.deadline, pace.bot_seat(100.0, [0, 1, 2, 3], {1, 2, 3}, sheet)
(130.0, 1)
>>> pace.bot_seat(131.0, [0], set(), sheet)  # the person's time ran out: a bot moves for them
0
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from hearts.core import Hand

from .sheet import ScoreSheet

#: what names a turn: the hand's number, its phase, and the seat to play (None while passing: everyone acts at once)
TurnKey = tuple[int, str, int | None]


def turn_key(hand: Hand) -> TurnKey:
    """The turn ``hand`` is at."""
    return (hand.number, hand.phase, hand.to_move if hand.phase == "play" else None)


@dataclass
class Pace:
    """The turn timer of one table; see the module's notes. Times are seconds of the caller's clock."""

    #: the turn the timer was last set for (None: none yet, or the score sheet showed), and the turn whose timer ran out
    turn_key: TurnKey | None = None
    expired: TurnKey | None = None
    #: when the turn timer of the person to move runs out (None: no timer runs)
    deadline: float | None = None

    def update(self, now: float, *, hand: Hand | None, sheet: ScoreSheet, people: Collection[int], turn_seconds: int) -> None:
        """After any change (the table's ``sheet`` settled first): set the timer for the turn ``hand`` is at (None: the
        game is not being played). ``people``: the seats that must act now whose player is there to act."""
        if hand is None:
            self.deadline = None
            return
        if sheet.showing:  # no timer runs while the score sheet is read; the turn after it starts afresh
            self.turn_key = self.deadline = None
            return
        key = turn_key(hand)
        if key != self.turn_key:
            self.turn_key, self.expired = key, None
            self.deadline = now + turn_seconds if turn_seconds and people else None
        if not people:  # the persons have acted (a pass, while the bots still pass): no timer runs
            self.deadline = None

    def expire(self, now: float) -> bool:
        """Has the turn timer run out by ``now``? (Then a bot moves for the person, once.)"""
        if self.deadline is not None and now >= self.deadline and self.turn_key is not None:
            self.expired = self.turn_key
        return self.expired is not None and self.expired == self.turn_key

    def bot_seat(self, now: float, to_act: Sequence[int], bots: Collection[int], sheet: ScoreSheet) -> int | None:
        """The first seat of ``to_act`` a bot must act for now: one of ``bots`` (a bot's seat, an open seat, an away
        player's), or the person's whose time ran out. None while the score sheet shows."""
        if sheet.showing:
            return None
        timed_out = self.expire(now)
        for seat in to_act:
            if seat in bots or timed_out:
                return seat
        return None

    def next_due(self, sheet: ScoreSheet) -> float | None:
        """When the next clock runs out (the score sheet's end, or the turn timer's), if any runs."""
        return sheet.until if sheet.showing else self.deadline

    def restart(self) -> None:
        """The turn starts again (an undo): its timer from its full length at the next :meth:`update`."""
        self.turn_key = None
