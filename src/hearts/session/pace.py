"""When a table moves: the turn timer, the score-sheet pause after a hand, and who must act for a seat now.

One clock-free model for every host of a table: the caller says what time
it is. The server (:mod:`hearts.server.turns`) arms its timers at
:meth:`Pace.next_due` and looks again when one fires; the page's host
(:mod:`hearts.web.host`) looks again on each tick. After every change of
the table the host calls :meth:`Pace.update`:

- a new turn of a person who is there starts the turn timer (the table's
  ``turn_seconds``; 0: none); once it has run out, a bot makes that one move;
- a new hand, with players there to read the score sheet, starts the pause
  (``review`` seconds, or until every reader is :meth:`ready`): no timer
  runs and no bot moves while it lasts;
- :meth:`bot_seat` is the seat a bot must act for now, if any.

>>> import random
>>> from hearts.core import Hand, Rules
>>> from hearts.core.deal import random_deal
>>> rules = Rules.standard(4)
>>> hand = Hand(rules, random_deal(rules, random.Random(1))[0])
>>> pace = Pace()
>>> pace.update(100.0, hand=hand, to_act=[0, 1, 2, 3], people={0}, turn_seconds=30, readers={0}, review=20)
>>> pace.deadline, pace.bot_seat(100.0, [0, 1, 2, 3], bots={1, 2, 3})
(130.0, 1)
>>> pace.bot_seat(131.0, [0], bots=set())  # the person's time ran out: a bot moves for them
0
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from hearts.core import Hand

#: what names a turn: the hand's number, its phase, and the seat to play (None while passing: everyone acts at once)
TurnKey = tuple[int, str, int | None]


def turn_key(hand: Hand) -> TurnKey:
    """The turn ``hand`` is at."""
    return (hand.number, hand.phase, hand.to_move if hand.phase == "play" else None)


@dataclass
class Pace:
    """The clocks of one table; see the module's notes. Times are seconds of the caller's clock."""

    #: the turn the clocks were last set for, and the turn whose timer ran out
    turn_key: TurnKey | None = None
    expired: TurnKey | None = None
    #: when the turn timer of the person to move runs out (None: no timer runs)
    deadline: float | None = None
    #: the score-sheet pause: the hand it opens, when it ends, and the seats whose players have said they are ready
    review_hand: int | None = None
    review_until: float | None = None
    ready: set[int] = field(default_factory=set)

    def update(
        self,
        now: float,
        *,
        hand: Hand | None,
        to_act: Sequence[int],
        people: Collection[int],
        turn_seconds: int,
        readers: Collection[int],
        review: float,
    ) -> None:
        """After any change: set the clocks for the turn ``hand`` is at (None: the game is not being played).

        ``to_act``: the seats that must act now; ``people``: those of them whose player is there to act;
        ``readers``: the seats whose players are there to read the score sheet; ``review``: the pause's length.
        """
        if hand is None:
            self.deadline = None
            return
        key = turn_key(hand)
        if key != self.turn_key and self.turn_key is not None and hand.number > self.turn_key[0] and readers and review > 0:
            self.review_hand, self.review_until, self.ready = hand.number, now + review, set()
        if self.review_hand is not None and (
            self.review_hand != hand.number or not set(readers) - self.ready or now >= (self.review_until or 0.0)
        ):
            self.end_review()
        if self.review_hand is not None:
            self.turn_key, self.deadline = key, None  # no timer runs while the score sheet is read
            return
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

    def bot_seat(self, now: float, to_act: Sequence[int], bots: Collection[int]) -> int | None:
        """The first seat of ``to_act`` a bot must act for now: one of ``bots`` (a bot's seat, an open seat, an away
        player's), or the person's whose time ran out. None while the score sheet is read."""
        if self.review_hand is not None:
            return None
        timed_out = self.expire(now)
        for seat in to_act:
            if seat in bots or timed_out:
                return seat
        return None

    def next_due(self) -> float | None:
        """When the next clock runs out (the pause's end, or the turn timer's), if any runs."""
        return self.review_until if self.review_hand is not None else self.deadline

    def restart(self) -> None:
        """The turn starts again (an undo): its timer from its full length at the next :meth:`update`."""
        self.turn_key = None

    def mark_ready(self, seat: int) -> bool:
        """The player of ``seat`` has read the score sheet; False if no pause runs or they had said so already."""
        if self.review_hand is None or seat in self.ready:
            return False
        self.ready.add(seat)
        return True

    def end_review(self) -> None:
        """The pause is over: the next hand's turn starts now, its timer from its full length."""
        self.review_hand = self.review_until = None
        self.ready = set()
        self.turn_key = None

    def review_json(self) -> dict[str, Any] | None:
        """The pause as the state message shows it (``until`` in ms; None: no pause)."""
        if self.review_hand is None or self.review_until is None:
            return None
        return {"until": int(self.review_until * 1000), "ready": sorted(self.ready)}
