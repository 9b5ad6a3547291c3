"""The Textual app of ``hearts play``, driven by Textual's pilot (bots without delay)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402

from hearts.core import Card, Game, Rules, card_name, parse_card  # noqa: E402
from hearts.record import game_record, read_record, replay, save_record  # noqa: E402
from hearts.tui.app import CardButton, HeartsApp, MoonScreen, TextScreen  # noqa: E402
from hearts.tui.session import Session  # noqa: E402


def sync(test: Callable[[Path], Coroutine[Any, Any, None]]) -> Callable[[Path], None]:
    """Run an async test with asyncio (the suite has no async plugin)."""

    @functools.wraps(test)
    def run(tmp_path: Path) -> None:
        asyncio.run(test(tmp_path))

    return run


async def settle(pilot: Pilot[None], app: HeartsApp) -> None:
    """Wait until the bots are done and the human (or a dialog) has the move."""
    for _ in range(400):
        await pilot.pause(0.01)
        if not app.busy:
            return
    raise AssertionError("the bots did not finish")


async def type_card(pilot: Pilot[None], card: Card) -> None:
    """Jump to a card by its rank and suit keys, then press Enter."""
    name = card_name(card).lower()
    keys = ["1", "0"] if name[0] == "t" else [name[0]]
    await pilot.press(*keys, name[1], "enter")


def session(tmp_path: Path, seed: int = 46) -> Session:  # seed 46: the human holds 2C (it leads after passing)
    return Session.new(Rules.standard(4), seed=seed, save_path=tmp_path / "g.json")


async def pass_three(pilot: Pilot[None], app: HeartsApp) -> list[Card]:
    """Select the first three cards with the arrows and Enter, then press p."""
    await pilot.press("right", "enter", "right", "enter", "right", "enter")
    chosen = list(app.selected)
    assert len(chosen) == 3
    assert all(b.has_class("selected") for b in app.query(CardButton) if b.card in chosen)
    await pilot.press("p")
    await settle(pilot, app)
    return chosen


@sync
async def test_passing_and_a_full_hand_by_key_presses(tmp_path: Path) -> None:
    s = session(tmp_path)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        status = str(app.query_one("#status").render())
        assert "pass left" in status and "choose 3 cards to pass" in status
        chosen = await pass_three(pilot, app)
        assert s.hand.passes[0] is not None and sorted(s.hand.passes[0]) == sorted(chosen)
        assert "You pass" in app.message
        for _ in range(13):
            assert s.human_to_act() and s.phase == "play"
            legal = s.view().legal
            dimmed = {b.card for b in app.query(CardButton) if b.display and b.has_class("illegal")}
            assert dimmed == set(s.view().hand) - set(legal)
            await type_card(pilot, legal[0])
            await settle(pilot, app)
        assert s.hand_over
        assert isinstance(app.screen, TextScreen)  # the score sheet between hands
        assert "tot." in str(app.screen.query_one("#text").render())
        await pilot.press("enter")
        await settle(pilot, app)
        assert s.hand.number == 2 and s.phase == "pass" and "pass right" in str(app.query_one("#status").render())
    assert replay(read_record(str(tmp_path / "g.json")))["ok"]


@sync
async def test_an_illegal_card_is_refused_with_a_message(tmp_path: Path) -> None:
    s = session(tmp_path)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        illegal = [c for c in s.view().hand if c not in s.view().legal]
        plays = len(s.hand.plays)
        await type_card(pilot, illegal[0])
        assert "You cannot play" in app.message and card_name(illegal[0]) in app.message
        assert len(s.hand.plays) == plays
        app.say("")
        button = next(b for b in app.query(CardButton) if b.card == illegal[-1])
        await pilot.click(f"#{button.id}")  # the mouse too
        assert "You cannot play" in app.message and card_name(illegal[-1]) in app.message
        await pilot.press("h")
        assert app.message.startswith("Hint: play")
        await pilot.press("l")
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen) and "follow suit" in str(app.screen.query_one("#text").render())
        await pilot.press("escape")


def all_clubs(tmp_path: Path) -> Path:
    """A crafted record without passing in which the human holds every club."""
    g = Game(Rules.standard(4, pass_count=0), auto_deal=False)
    suits = ["C", "D", "H", "S"]
    g.start_hand([[parse_card(r + s) for r in "23456789TJQKA"] for s in suits])
    path = tmp_path / "moon.json"
    save_record(g, path)
    return path


@sync
async def test_claim_then_the_moon_choice(tmp_path: Path) -> None:
    s = Session.resume(all_clubs(tmp_path))
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await type_card(pilot, parse_card("2C"))
        await settle(pilot, app)
        assert s.can_claim()
        await pilot.press("c")
        await settle(pilot, app)
        assert isinstance(app.screen, MoonScreen)
        await pilot.press("s")
        await settle(pilot, app)
        assert s.game.scores == [-26, 0, 0, 0]
        assert isinstance(app.screen, TextScreen)
    assert read_record(str(tmp_path / "moon.json")).hands[0].moon == "subtract"


@sync
async def test_resume_from_a_saved_record(tmp_path: Path) -> None:
    s = session(tmp_path, seed=4)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        await type_card(pilot, s.view().legal[0])
        await settle(pilot, app)
        await pilot.press("ctrl+q")
    saved = read_record(str(tmp_path / "g.json"))
    assert replay(saved)["ok"]
    again = Session.resume(tmp_path / "g.json")
    assert again.view() == s.view() and game_record(again.game) == game_record(s.game)
    app2 = HeartsApp(again, delay=0)
    async with app2.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app2)
        shown = sorted(b.card for b in app2.query(CardButton) if b.display)
        assert shown == sorted(s.view().hand)
        await pilot.press("u")
        await settle(pilot, app2)
        assert "taken back" in app2.message and len(again.view().hand) == len(s.view().hand) + 1
