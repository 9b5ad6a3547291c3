"""The game as an action log (:class:`hearts.session.table.TableSession`): refusals, replay, undo, claim."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hearts.bots import RandomBot
from hearts.core import Rules
from hearts.core.deal import random_deal
from hearts.record import game_record
from hearts.session.table import HandDeal, TableSession


class Demo(TableSession):
    """Hands dealt from their number; the next hand waits for its deal when ``deal_at_once`` is False."""

    def hand_deal(self, number: int) -> HandDeal:
        return random_deal(self.rules, random.Random(number))

    def blank(self) -> Demo:
        fresh = Demo(self.rules)
        fresh.deal_at_once = self.deal_at_once
        fresh.start()
        return fresh


def played(rules: Rules, actions: int, seed: int, *, at_once: bool = True) -> Demo:
    """A table after ``actions`` random-bot actions (dealing when a hand waits, after the last action too)."""
    t = Demo(rules)
    t.deal_at_once = at_once
    t.start()
    bot = RandomBot(seed=seed)
    for _ in range(actions):
        assert t.game is not None
        if t.game.game_over:
            break
        t.deal_next()
        seat = t.seats_to_act()[0]
        entry = t.entry_for(seat, bot.act(t.game.view(seat)), "bot")  # type: ignore[arg-type]
        assert t.check(entry) is None
        t.apply(entry)
    if t.game is not None and not t.game.game_over:
        t.deal_next()  # a hand that is due is dealt, as a table rebuilt from its log deals it
    return t


def record(t: TableSession) -> dict[str, Any]:
    assert t.game is not None
    return game_record(t.game)


def test_refusals_carry_their_code_and_the_words() -> None:
    t = played(Rules.standard(4), 0, 1)
    assert t.check({"kind": "play", "seat": 0, "card": "2C"}).code == "not_now"  # type: ignore[union-attr]
    assert t.check({"kind": "play", "seat": 0, "card": "ZZ"}).code == "bad_message"  # type: ignore[union-attr]
    wrong = t.check({"kind": "pass", "seat": 0, "cards": ["2H"]})
    assert wrong is not None and wrong.code == "illegal" and "3 cards" in wrong.message
    assert t.check({"kind": "unpass", "seat": 0}).message == "you have not passed yet"  # type: ignore[union-attr]


@settings(max_examples=15, deadline=None)
@given(actions=st.integers(0, 120), seed=st.integers(0, 10**6), at_once=st.booleans())
@example(actions=63, seed=2941, at_once=False)  # the prefix ends with a hand's last card: the next hand is dealt
def test_a_prefix_of_the_log_replays_to_that_moment(actions: int, seed: int, at_once: bool) -> None:
    t = played(Rules.standard(4), actions, seed, at_once=at_once)
    keep = random.Random(seed).randint(0, t.seq)
    again = played(Rules.standard(4), keep, seed, at_once=at_once)
    assert record(t.rebuilt(keep)) == record(again)
    assert record(t.rebuilt(t.seq)) == record(t)


@settings(max_examples=15, deadline=None)
@given(actions=st.integers(1, 200), seed=st.integers(0, 10**6))
@example(actions=169, seed=0)  # hand 4 keeps its cards: its first card taken back is the moment it was dealt
def test_taking_back_a_card_is_the_moment_before_it(actions: int, seed: int) -> None:
    t = played(Rules.standard(4), actions, seed, at_once=False)
    for seat in range(4):
        keep = t.take_back_point(seat)
        if keep is None:
            continue
        assert t.log[keep]["kind"] == "play" and t.log[keep]["seat"] == seat
        assert all(e["seat"] != seat for e in t.log[keep + 1 :] if e["kind"] == "play")
        back = t.rebuilt(keep)
        assert back.hand is not None and t.hand is not None and back.hand.number == t.hand.number
        assert back.seats_to_act() == [seat]


def test_a_claim_plays_the_lowest_legal_cards_to_the_end_of_the_hand() -> None:
    t = played(Rules.standard(4), 4 + 40, 3)
    assert t.hand is not None
    number = t.hand.number
    while (entry := t.claim_entry(number)) is not None:
        assert entry["by"] == "claim" and t.check(entry) is None
        t.apply(entry)
    assert t.hand.number == number + 1 or t.game.game_over  # type: ignore[union-attr]
