"""The terminal app in each language at 80×24, driven by Textual's pilot: nothing that matters is cut off."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual")

from rich.cells import cell_len  # noqa: E402
from textual.widgets import Button  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

from hearts import i18n  # noqa: E402
from hearts.core import Rules  # noqa: E402
from hearts.tui.app import HeartsApp, Table, TextScreen  # noqa: E402
from hearts.tui.session import Session  # noqa: E402

pytestmark = pytest.mark.slow
WIDTH, HEIGHT = 80, 24


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def visible_inside(app: HeartsApp) -> list[str]:
    """Widgets of the main screen whose box leaves the 80×24 window, or whose label is wider than its box."""
    out = []
    for widget in [*app.screen.query(Button), *app.screen.query(FooterKey)]:
        if not widget.display or widget.region.width == 0:
            continue
        r = widget.region
        if r.x < 0 or r.y < 0 or r.right > WIDTH or r.bottom > HEIGHT:
            out.append(f"{widget!r} at {r}")
        if isinstance(widget, Button) and cell_len(str(widget.label).split("\n")[0]) > r.width - 2 and "card" not in widget.classes:
            out.append(f"{widget!r}: label {widget.label} in {r.width}")
    return out


async def check(code: str, tmp_path: Path) -> None:
    i18n.use(code)
    session = Session.new(Rules.standard(4), seed=46, save_path=tmp_path / "g.json", names=[i18n._("You")])
    app = HeartsApp(session, delay=0)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        for _ in range(200):
            await pilot.pause(0.01)
            if not app.busy:
                break
        # the status line fits its row (78 cells inside its padding)
        status = str(app.query_one("#status").render())
        assert cell_len(status) <= WIDTH - 2, status
        assert i18n._("hearts not broken") in status
        # the table names the pass recipient in full, and every seat's name and facts
        table = app.query_one(Table).render().plain
        target = session.names[session.hand.pass_target(session.human)]
        centre = app.centre_lines()
        assert target in centre[-1]
        for word in " ".join(centre).split():
            assert word in table, word  # wrapped at word breaks, never cut
        for box in app.query_one(Table).boxes:
            assert box.name in table
            assert all(info in table or " · ".join(box.info) in table for info in box.info), box.info
        assert visible_inside(app) == []
        # the footer shows the keys of the pass, in the language
        footer = [k for k in app.screen.query(FooterKey) if k.display]
        assert {k.key for k in footer} >= {"p", "h", "question_mark"}
        assert i18n._("pass") in {k.description for k in footer}
        # the help: the rules in the language, closed by Escape
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        follow = "You must follow suit if you can; otherwise play any card. The highest card of the suit led wins the trick and leads next."
        assert i18n._(follow) in app.screen.text
        assert all(b.region.right <= WIDTH and b.region.bottom <= HEIGHT for b in app.screen.query(Button))
        await pilot.press("escape")
        # pass three cards: the message names the recipient; then a card is played
        await pilot.press("right", "enter", "right", "enter", "right", "enter", "p")
        for _ in range(300):
            await pilot.pause(0.01)
            if not app.busy:
                break
        assert target in app.message
        assert cell_len(str(app.query_one("#status").render())) <= WIDTH - 2
        assert visible_inside(app) == []
        for box in app.query_one(Table).boxes:
            assert box.name in app.query_one(Table).render().plain


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_app_in_each_language_at_80_by_24(code: str, tmp_path: Path) -> None:
    asyncio.run(check(code, tmp_path))
