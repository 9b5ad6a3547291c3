"""``hearts play --guide``: the guided first hand's notes in the Textual app and in the plain mode."""

from __future__ import annotations

import argparse
import asyncio
import io
from pathlib import Path

import pytest

from hearts.core import card_name
from hearts.session.guide import GUIDE_SEED
from hearts.tui import cli
from hearts.tui.coach import TEXTS, note_text
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return parser.parse_args(list(argv))


class Player(io.StringIO):
    """The plain mode's input: a line chosen from the game now (three cards to pass, else the first legal card)."""

    def __init__(self, ui: list[PlainUI], first: list[str]) -> None:
        super().__init__()
        self.ui, self.first = ui, list(first)

    def readline(self, size: int | None = -1) -> str:
        if self.first:
            return self.first.pop(0) + "\n"
        s = self.ui[0].s
        if s.hand.number > 1:
            return ""  # the end of input after the first hand: the game is saved
        v = s.view()
        cards = sorted(v.hand)[-3:] if v.phase == "pass" else [v.legal[0]]
        return " ".join(card_name(c) for c in cards) + "\n"


def guided(tmp_path: Path) -> Session:
    return cli.guided_session(save=str(tmp_path / "g.json"))


def test_the_plain_mode_prints_each_note_once_in_order(tmp_path: Path) -> None:
    out = io.StringIO()
    holder: list[PlainUI] = []
    ui = PlainUI(guided(tmp_path), stdin=Player(holder, []), stdout=out, guide=True)
    holder.append(ui)
    ui.play_game()
    lines = [line for line in out.getvalue().splitlines() if "Guide: " in line]
    notes = [next(n for n in TEXTS if note_text(n) in line) for line in lines]
    assert notes[0] == "pass" and notes[-1] == "score" and len(notes) == len(set(notes)) >= 6, notes
    assert {"follow", "hearts_broken", "queen"} <= set(notes)


def test_skip_turns_the_guide_off(tmp_path: Path) -> None:
    out = io.StringIO()
    holder: list[PlainUI] = []
    ui = PlainUI(guided(tmp_path), stdin=Player(holder, ["skip"]), stdout=out, guide=True)
    holder.append(ui)
    ui.play_game()
    assert out.getvalue().count("Guide: ") == 1 and "The guide is off" in out.getvalue()


def test_the_guided_game_is_the_guides_deal_and_its_options_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = guided(tmp_path)
    assert s.seed == GUIDE_SEED and s.bots[1:] == ["easy"] * 3 and s.rules.players == 4
    assert cli.run(options("--guide", "--players", "5", "--plain")) == 2
    assert "--guide plays its own game" in capsys.readouterr().err


def test_the_first_run_offers_the_guide(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("textual")
    import hearts.tui.app as app_module

    made: list[dict[str, object]] = []

    class App:
        def __init__(self, session: Session, **kwargs: object) -> None:
            self.session = session
            made.append(kwargs)

        def run(self) -> None:
            return None

    monkeypatch.setattr(app_module, "HeartsApp", App)
    assert cli.run(options("--delay", "0")) == 0
    assert callable(made[-1]["offer_guide"]) and made[-1]["guide"] is False  # nothing saved before: the guide is offered
    assert cli.run(options("--delay", "0")) == 0
    assert made[-1]["offer_guide"] is None  # a game was played here before
    assert cli.run(options("--guide", "--delay", "0")) == 0
    assert made[-1]["guide"] is True and made[-1]["offer_guide"] is None


def test_the_app_shows_the_note_and_its_keys(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from textual.widgets import Static

    from hearts.tui.app import HeartsApp, TextScreen

    async def run() -> None:
        app = HeartsApp(guided(tmp_path), delay=0, guide=True)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause(0.05)
            panel = app.query_one("#coach", Static)
            assert panel.display and note_text("pass") in str(panel.render()).replace("\n", " ")
            await pilot.press("g")  # got it
            assert not panel.display
            await pilot.press("right", "enter", "right", "enter", "right", "enter", "p")
            for _ in range(100):
                await pilot.pause(0.02)
                if not app.busy and app.session.human_to_act():
                    break
            assert panel.display and app.coach.current in ("lead_two", "first_trick")
            await pilot.press("x")  # skip the guide
            assert not panel.display and not app.coach.on

        offered = HeartsApp(guided(tmp_path), delay=0, offer_guide=lambda: guided(tmp_path))
        async with offered.run_test(size=(100, 32)) as pilot:
            await pilot.pause(0.05)
            assert isinstance(offered.screen, TextScreen)
            await pilot.press("enter")  # the default: play with the guide
            await pilot.pause(0.05)
            assert offered.coach.on and offered.query_one("#coach", Static).display

    asyncio.run(run())
