"""The clocks of a table (turn timer, score-sheet pause, who a bot acts for), as the server and the page run them."""

from __future__ import annotations

import random

from hearts.core import Hand, Rules
from hearts.core.deal import random_deal
from hearts.session.pace import Pace, turn_key

RULES = Rules.standard(4)


def _hand(number: int) -> Hand:
    return Hand(RULES, random_deal(RULES, random.Random(number))[0], number=number)


def _update(pace: Pace, now: float, hand: Hand | None, *, people: set[int], readers: set[int] = frozenset({0})) -> None:  # type: ignore[assignment]
    pace.update(now, hand=hand, to_act=[0, 1, 2, 3], people=people, turn_seconds=30, readers=readers, review=20)


def test_the_turn_timer_runs_for_a_person_only_and_once_a_turn() -> None:
    pace = Pace()
    one = _hand(1)
    _update(pace, 0.0, one, people={0})
    assert pace.deadline == 30.0 and pace.turn_key == turn_key(one)
    _update(pace, 10.0, one, people={0})  # the same turn: the timer goes on from where it was
    assert pace.deadline == 30.0 and pace.next_due() == 30.0
    assert pace.bot_seat(29.9, [0, 1], bots={1}) == 1 and pace.bot_seat(29.9, [0], bots=set()) is None
    assert pace.bot_seat(30.0, [0], bots=set()) == 0 and pace.expired == turn_key(one)
    _update(pace, 31.0, one, people=set())  # the person has acted; the bots still pass: no timer
    assert pace.deadline is None
    pace.restart()  # an undo: the turn's timer starts from its full length
    _update(pace, 40.0, one, people={0})
    assert pace.deadline == 70.0 and pace.expired is None


def test_the_score_sheet_pause_holds_the_timer_and_the_bots() -> None:
    pace = Pace()
    _update(pace, 0.0, _hand(1), people={0})
    two = _hand(2)
    _update(pace, 100.0, two, people={0}, readers={0, 1})
    assert pace.review_hand == 2 and pace.review_until == 120.0 and pace.deadline is None
    assert pace.bot_seat(100.0, [0, 1, 2, 3], bots={1, 2, 3}) is None and pace.next_due() == 120.0
    assert pace.review_json() == {"until": 120_000, "ready": []}
    assert pace.mark_ready(0) and not pace.mark_ready(0)
    _update(pace, 101.0, two, people={0}, readers={0, 1})
    assert pace.review_hand == 2  # one reader is still reading
    pace.mark_ready(1)
    _update(pace, 102.0, two, people={0}, readers={0, 1})
    assert pace.review_hand is None and pace.deadline == 132.0  # the next hand's turn starts now, with a full timer
    assert pace.bot_seat(102.0, [0, 1], bots={1}) == 1


def test_the_pause_ends_at_its_time_and_needs_someone_to_read() -> None:
    pace = Pace()
    _update(pace, 0.0, _hand(1), people={0})
    _update(pace, 50.0, _hand(2), people={0}, readers={0})
    _update(pace, 70.0, _hand(2), people={0}, readers={0})
    assert pace.review_hand is None and pace.deadline == 100.0
    lonely = Pace()
    _update(lonely, 0.0, _hand(1), people={0})
    _update(lonely, 50.0, _hand(2), people={0}, readers=set())  # nobody there to read: no pause
    assert lonely.review_hand is None and lonely.deadline == 80.0
    _update(lonely, 60.0, None, people=set())  # the game is over: no clock runs
    assert lonely.deadline is None and lonely.next_due() is None
