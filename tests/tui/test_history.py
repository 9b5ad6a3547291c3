"""The hand's trick history (the app's ``i``, plain mode's ``tricks``) and ``--auto-play`` (the only legal card plays itself)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from hearts.core import Rules
from hearts.core.hand import point_cards_taken
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session
from hearts.tui.text import hand_tally, pretty, trick_history


def played(seed: int, tricks: int, tmp_path: Path) -> Session:
    """A game after the pass and ``tricks`` tricks, every seat playing its lowest legal card."""
    s = Session.new(Rules.standard(4), seed=seed, save_path=tmp_path / "g.json")
    while s.phase == "pass" or len(s.hand.tricks) < tricks:
        if s.human_to_act():
            v = s.view()
            if s.phase == "pass":
                s.pass_cards(sorted(v.hand)[:3])
            else:
                s.play(v.legal[0])
        else:
            s.step_bot()
    return s


def test_the_history_lists_every_trick_with_its_cards_in_order_and_its_taker(tmp_path: Path) -> None:
    s = played(46, 3, tmp_path)
    text = trick_history(s.rules, s.names, s.hand.tricks, s.human)
    lines = text.splitlines()
    assert len(lines) == 6  # a line for the taker, a line for the cards, per trick
    for number, t in enumerate(s.hand.tricks, 1):
        head, cards = lines[2 * number - 2], lines[2 * number - 1]
        assert head.startswith(f"Trick {number} done: ")
        taker = "you take it" if t.winner == s.human else f"{s.names[t.winner]} takes it"
        assert taker in head
        expected = [f"{s.names[(t.leader + i) % 4]} {pretty(c)}" for i, c in enumerate(t.cards)]
        assert cards.strip().split(", ") == expected
    assert trick_history(s.rules, s.names, (), s.human) == "No trick has been played yet in this hand."


def test_the_tally_shows_every_card_played_by_suit_and_each_players_point_cards(tmp_path: Path) -> None:
    s = played(46, 5, tmp_path)
    text = hand_tally(s.rules, s.names, s.hand.tricks, s.hand.plays)
    lines = text.splitlines()
    assert lines[0] == "Cards played:" and lines[5] == "Point cards taken:"
    rows = [line.split(":", 1) for line in lines[1:5]]
    assert [name.strip() for name, _ in rows] == ["clubs", "diamonds", "hearts", "spades"]  # each row names its suit
    shown = [card for _, cards in rows for card in cards.split() if card != "none"]
    assert sorted(shown) == sorted(pretty(c) for c in s.hand.plays) and len(shown) == 20
    for (_, cards), suit in zip(rows, "♣♦♥♠", strict=True):
        assert all(card.endswith(suit) for card in cards.split()) or cards.split() == ["none"]
    taken = point_cards_taken(s.rules, s.hand.tricks)
    for seat, line in enumerate(lines[6:]):
        assert line.strip().startswith(s.names[seat] + ":")
        assert line.split(":", 1)[1].split() == ([pretty(c) for c in sorted(taken[seat])] or ["none"])
    assert sum(points_of_card for cards in taken for points_of_card in (1 if c // 13 == 2 else 13 for c in cards)) == sum(
        t.points for t in s.hand.tricks
    )


def test_the_plain_mode_lists_the_tricks_and_plays_the_only_card_by_itself(tmp_path: Path) -> None:
    s = played(46, 3, tmp_path)
    out = io.StringIO()
    PlainUI(s, stdin=io.StringIO("tricks\nquit\n"), stdout=out).run()
    assert "Trick 3 done" in out.getvalue() and "Trick 4 done" not in out.getvalue()
    s = played(46, 12, tmp_path)  # one card left each: the last trick is forced
    out = io.StringIO()
    PlainUI(s, stdin=io.StringIO("quit\n"), stdout=out, auto_play=True).run()
    assert "your only legal card" in out.getvalue()
    assert s.game.hands[0].points is not None  # the 13th trick was played without a prompt


@pytest.mark.slow
def test_the_app_plays_the_only_legal_card_and_shows_the_tricks(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from hearts.tui.app import HeartsApp, TextScreen

    from .test_app import settle

    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=7, save_path=tmp_path / "a.json")
        app = HeartsApp(s, delay=0, auto_play=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("h", "p")
            await settle(pilot, app)
            presses = turns = 0
            while not s.hand_over:
                turns += 1
                assert turns < 100, "a forced card waited for a key"
                assert s.human_to_act() and s.phase == "play"
                if len(set(s.view().legal)) > 1:
                    presses += 1
                    await pilot.press("enter")
                await settle(pilot, app)
                if len(s.hand.tricks) == 2 and not isinstance(app.screen, TextScreen) and not s.hand.trick:
                    await pilot.press("i")
                    assert isinstance(app.screen, TextScreen)
                    assert "Trick 1 done" in app.screen.text and "Trick 2 done" in app.screen.text
                    await pilot.press("escape")
                if s.hand_over:
                    break
            assert presses < 13  # the forced cards played themselves (the last trick at least)

    asyncio.run(test())
