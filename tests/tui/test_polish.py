"""The terminal app's polish, driven by Textual's pilot: quitting from dialogs, contrast, hints, cursor, footer, game over."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.color import Color  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.tui.app import CardButton, HeartsApp, MoonScreen, TextScreen  # noqa: E402
from hearts.tui.session import Session  # noqa: E402

from .test_app import settle  # noqa: E402

pytestmark = pytest.mark.slow


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(c: Color) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def quits(app: HeartsApp) -> list[int]:
    """Count the app's exits instead of leaving (so one run can try several dialogs)."""
    calls: list[int] = []
    app.exit = lambda *args, **kwargs: calls.append(1)  # type: ignore[method-assign]
    return calls


def test_ctrl_q_quits_from_every_dialog(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0, continue_last=lambda: s)
        async with app.run_test(size=(80, 24)) as pilot:
            calls = quits(app)
            assert isinstance(app.screen, TextScreen)  # "your last game is not over"
            await pilot.press("ctrl+q")
            assert calls == [1]
            await pilot.press("escape")
            await settle(pilot, app)
            for key in ("question_mark", "s"):  # the help, the score sheet
                await pilot.press(key)
                assert isinstance(app.screen, TextScreen)
                await pilot.press("ctrl+q")
                await pilot.press("escape")
            app.push_screen(MoonScreen())
            await pilot.pause()
            await pilot.press("ctrl+q")
            assert calls == [1, 1, 1, 1]

    run(test)


def test_selected_cards_have_a_contrast_of_at_least_4_5(tmp_path: Path) -> None:
    async def test() -> None:
        for four in (False, True):
            s = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / f"g{four}.json")
            app = HeartsApp(s, delay=0, four_colour=four)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot, app)
                app.picked = list(range(len(s.view().hand)))  # every card selected: every suit
                app.refresh_all()
                await pilot.press("escape")  # nothing focused on the cards: the plain selected style
                app.screen.set_focus(None)
                await pilot.pause()
                for button in app.query(CardButton):
                    if button.display:
                        style = button.rich_style
                        assert style.color is not None and style.bgcolor is not None
                        fg, bg = Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor)
                        assert contrast(fg, bg) >= 4.5, (button.card, fg, bg)

    run(test)


def test_the_pass_hint_selects_the_cards_it_names(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("h")
            hinted = s.hint()
            assert sorted(app.selected) == sorted(hinted.cards)  # type: ignore[union-attr]
            assert sorted(b.card for b in app.query(CardButton) if b.display and b.has_class("selected")) == sorted(hinted.cards)  # type: ignore[union-attr]
            assert "selected for you" in app.message
            await pilot.press("p")  # and p passes them
            await settle(pilot, app)
            assert sorted(s.hand.passes[0]) == sorted(hinted.cards)  # type: ignore[union-attr]

    run(test)


def test_the_cursor_starts_on_a_playable_card_so_enter_alone_plays_a_hand(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=7, save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("h", "p")  # pass the hinted cards
            await settle(pilot, app)
            for _ in range(13):
                assert s.phase == "play" and s.human_to_act()
                focused = app.focused
                assert isinstance(focused, CardButton) and focused.card in s.view().legal
                await pilot.press("enter")
                await settle(pilot, app)
            assert s.hand_over and "cannot" not in app.message

    run(test)


def test_the_footer_shows_the_keys_of_the_phase_and_an_unknown_key_is_answered(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)

            def footer() -> dict[str, str]:
                return {k.key: k.description for k in app.screen.query(FooterKey)}

            keys = footer()
            assert {"p", "h", "s", "enter"} <= set(keys) and not {"u", "c", "l"} & set(keys)
            assert keys["enter"] == "select"
            await pilot.press("x")
            assert "x" in app.message and "?" in app.message
            await pilot.press("h", "p")
            await settle(pilot, app)
            keys = footer()
            assert {"u", "c", "l", "h", "enter"} <= set(keys) and "p" not in keys
            assert keys["enter"] == "play"

    run(test)


def test_the_game_over_dialog_starts_on_the_safe_choice(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4, target=1), seed=46, save_path=tmp_path / "g.json")
        while not s.game_over:  # play the game (a hand or a few, until the lowest score is not tied) outside the app
            if s.hand_over:
                s.next_hand()
            elif s.human_to_act():
                v = s.view()
                if s.phase == "pass":
                    s.pass_cards(sorted(v.hand)[:3])
                elif s.phase == "moon":
                    s.choose_moon("add")
                else:
                    s.play(v.legal[0])
            else:
                s.step_bot()
        app = HeartsApp(s, delay=0, new_game=lambda: Session.new(Rules.standard(4), seed=5, save_path=tmp_path / "n.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, TextScreen) and "Game over" in app.screen.text
            assert app.screen.focused is not None and app.screen.focused.id == "close"  # Play again, not Quit
            calls = quits(app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert calls == [] and not app.session.game_over and app.session is not s

    run(test)


def test_f_steps_through_the_game_speeds_and_says_which(tmp_path: Path) -> None:
    async def test() -> None:
        s = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0.6)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            seen = []
            for _ in range(4):
                await pilot.press("f")
                seen.append((app.delay, app.message))
            assert [d for d, _m in seen] == [0.15, 1.2, 0.6, 0.15]
            assert [m for _d, m in seen] == ["Game speed: fast.", "Game speed: slow.", "Game speed: normal.", "Game speed: fast."]
            await pilot.press("question_mark")
            assert "f changes the game speed" in str(app.screen.query_one("#text").render())

    run(test)
