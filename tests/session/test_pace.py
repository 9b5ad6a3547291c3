"""The clocks of a table (turn timer, the score sheet's pause, who a bot acts for), as the server and the page run them."""

from __future__ import annotations

import random
from collections.abc import Collection

from hearts.core import Hand, Rules
from hearts.core.deal import random_deal
from hearts.session.pace import Pace, turn_key
from hearts.session.sheet import ScoreSheet

RULES = Rules.standard(4)


def _hand(number: int) -> Hand:
    return Hand(RULES, random_deal(RULES, random.Random(number))[0], number=number)


def _update(pace: Pace, sheet: ScoreSheet, now: float, hand: Hand | None, *, people: set[int], readers: Collection[int] = (0,)) -> None:
    """What a host does after each change: the sheet settled (20 s to read it), then the timer set."""
    sheet.settle(now, readers, 20)
    pace.update(now, hand=hand, sheet=sheet, people=people, turn_seconds=30)


def test_the_turn_timer_runs_for_a_person_only_and_once_a_turn() -> None:
    pace, sheet = Pace(), ScoreSheet()
    one = _hand(1)
    _update(pace, sheet, 0.0, one, people={0})
    assert pace.deadline == 30.0 and pace.turn_key == turn_key(one)
    _update(pace, sheet, 10.0, one, people={0})  # the same turn: the timer goes on from where it was
    assert pace.deadline == 30.0 and pace.next_due(sheet) == 30.0
    assert pace.bot_seat(29.9, [0, 1], {1}, sheet) == 1 and pace.bot_seat(29.9, [0], set(), sheet) is None
    assert pace.bot_seat(30.0, [0], set(), sheet) == 0 and pace.expired == turn_key(one)
    _update(pace, sheet, 31.0, one, people=set())  # the person has acted; the bots still pass: no timer
    assert pace.deadline is None
    pace.restart()  # an undo: the turn's timer starts from its full length
    _update(pace, sheet, 40.0, one, people={0})
    assert pace.deadline == 70.0 and pace.expired is None


def test_the_score_sheet_pause_holds_the_timer_and_the_bots() -> None:
    pace, sheet = Pace(), ScoreSheet()
    _update(pace, sheet, 0.0, _hand(1), people={0})
    two = _hand(2)
    sheet.open(1)  # hand 1 ended (the session opens its sheet)
    _update(pace, sheet, 100.0, two, people={0}, readers={0, 1})
    assert sheet.showing and sheet.until == 120.0 and pace.deadline is None
    assert pace.bot_seat(100.0, [0, 1, 2, 3], {1, 2, 3}, sheet) is None and pace.next_due(sheet) == 120.0
    assert sheet.to_json() == {"until": 120_000, "ready": []}
    assert sheet.read(0) and not sheet.read(0)
    _update(pace, sheet, 101.0, two, people={0}, readers={0, 1})
    assert sheet.hand == 1  # one reader is still reading
    sheet.read(1)
    _update(pace, sheet, 102.0, two, people={0}, readers={0, 1})
    assert not sheet.showing and pace.deadline == 132.0  # the next hand's turn starts now, with a full timer
    assert pace.bot_seat(102.0, [0, 1], {1}, sheet) == 1


def test_the_pause_ends_at_its_time_and_needs_someone_to_read() -> None:
    pace, sheet = Pace(), ScoreSheet()
    _update(pace, sheet, 0.0, _hand(1), people={0})
    sheet.open(1)
    _update(pace, sheet, 50.0, _hand(2), people={0}, readers={0})
    _update(pace, sheet, 70.0, _hand(2), people={0}, readers={0})
    assert not sheet.showing and pace.deadline == 100.0
    lonely, alone = Pace(), ScoreSheet()
    _update(lonely, alone, 0.0, _hand(1), people={0})
    alone.open(1)
    _update(lonely, alone, 50.0, _hand(2), people={0}, readers=set())  # nobody there to read: no pause
    assert not alone.showing and lonely.deadline == 80.0
    _update(lonely, alone, 60.0, None, people=set())  # the game is over: no clock runs
    assert lonely.deadline is None and lonely.next_due(alone) is None
