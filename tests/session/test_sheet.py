"""The score sheet after a hand, one model in the session: the terminal waits for its deal, the server and the page for
their turns; a fork copies it, equality and storage ignore it, a replay shows it only at a hand's end, an undo never
shows a read one again."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots import RandomBot
from hearts.core import Rules
from hearts.server.table import HUMAN, Table
from hearts.session import ScoreSheet, SoloTable

from .test_table import played

RULES = Rules.standard(4, target=60)


def to_hand_end(t: SoloTable | Table, person: int = 0, seed: int = 1) -> None:
    """Play on (the person's lowest moves, random bots) until a hand ends."""
    bot = RandomBot(seed=seed)
    assert t.game is not None
    hands = len([h for h in t.game.hands if h.done])
    while len([h for h in t.game.hands if h.done]) == hands:
        seat = t.seats_to_act()[0]
        by = "player" if seat == person else "bot"
        t.apply(t.entry_for(seat, bot.act(t.game.view(seat)), by))  # type: ignore[arg-type]


def solo() -> SoloTable:
    t = SoloTable(RULES, ["human", "random", "random", "random"], server_seed="cd" * 32)
    t.start()
    return t


def server_table() -> Table:
    t = Table.new("t1", RULES, level="easy", turn_seconds=0, secret="ab" * 32)
    t.seats[0].kind, t.seats[0].name = HUMAN, "Ann"
    t.apply({"kind": "start", "seat": 0, "by": "player"})
    return t


def test_the_terminal_deals_the_next_hand_once_the_sheet_is_read() -> None:
    t = solo()
    assert not t.sheet.showing and not t.next_hand()  # no sheet: nothing to read
    to_hand_end(t)
    assert t.sheet.showing and t.sheet.hand == 1 and t.game is not None and t.game.needs_deal
    assert t.sheet.to_json() is None  # not timed: it waits for the person
    assert t.next_hand() and not t.sheet.showing and len(t.game.hands) == 2


def test_an_undo_on_the_terminals_sheet_takes_it_away() -> None:
    t = solo()
    to_hand_end(t)
    t.undo()  # the person's last card of the hand: the hand is not over, no sheet shows
    assert not t.sheet.showing and t.game is not None and not t.game.needs_deal


def test_a_terminal_game_resumed_on_its_sheet_shows_it() -> None:
    t = solo()
    to_hand_end(t)
    again = SoloTable.of_game(t.game, t.specs, server_seed=t.server_seed)  # type: ignore[arg-type]
    assert again.sheet.hand == 1 and again.game is not None and again.game.needs_deal
    assert again.next_hand() and [list(cards) for cards in again.game.hands[1].deal] == [list(c) for c in t.hand_deal(2)[0]]
    again.close()


def test_the_server_deals_at_once_and_the_sheet_holds_the_turns() -> None:
    t = server_table()
    to_hand_end(t)
    assert t.sheet.hand == 1 and t.game is not None and len(t.game.hands) == 2  # dealt at once, stored in the log
    assert not t.settle_sheet(100.0, {0}, 20.0) and t.sheet.to_json() == {"until": 120_000, "ready": []}
    fork = t.fork()
    fork.apply(fork.entry_for(0, RandomBot(seed=2).act(fork.game.view(0)), "player"))  # type: ignore[union-attr,arg-type]
    assert fork.sheet.ready == {0} and t.sheet.ready == set()  # a player who acts has read it; the live table's untouched
    assert fork.settle_sheet(101.0, {0}, 20.0) and not fork.sheet.showing
    assert t.settle_sheet(120.0, {0}, 20.0) and not t.sheet.showing  # its time is up


def test_the_sheet_is_neither_compared_nor_stored() -> None:
    t = server_table()
    to_hand_end(t)
    twin = copy.copy(t)
    twin.sheet = ScoreSheet()
    assert twin == t and t.sheet.showing  # the same table, whether its sheet is read or not
    replayed = t.blank()
    replayed.replay(t.log)
    assert replayed.sheet.hand == 1  # the log ends at a hand's end: its sheet shows again
    seat = t.seats_to_act()[0]
    t.apply(t.entry_for(seat, RandomBot(seed=3).act(t.game.view(seat)), "bot"))  # type: ignore[union-attr,arg-type]
    replayed = t.blank()
    replayed.replay(t.log)
    assert not replayed.sheet.showing  # a turn of the next hand is in the log: the sheet was read


@given(st.integers(0, 2**16), st.integers(1, 300))
@settings(max_examples=15, deadline=None)
def test_an_undo_never_shows_a_read_sheet_again(seed: int, actions: int) -> None:
    t = played(RULES, actions, seed)  # the next hand dealt at once, the sheets read as the hands went on (deal_next)
    t.sheet.close()
    keep = t.take_back_point(0)
    if keep is None or t.game is None or t.game.game_over:
        return
    assert not t.rebuilt(keep).sheet.showing
