"""The Textual app of ``hearts play``, driven by Textual's pilot (bots without delay)."""

from __future__ import annotations

import asyncio
import functools
import io
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from rich.console import Console  # noqa: E402
from textual import events  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

from hearts.core import Card, Game, Rules, card_name, parse_card  # noqa: E402
from hearts.record import game_record, read_record, replay, save_record  # noqa: E402
from hearts.tui.app import CardButton, HeartsApp, MoonScreen, Table, TextScreen  # noqa: E402
from hearts.tui.session import Session  # noqa: E402
from hearts.tui.table import cell_rect  # noqa: E402
from hearts.tui.text import pretty  # noqa: E402

SIZES = [(80, 24), (150, 45)]


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
    assert sorted(b.card for b in app.query(CardButton) if b.display and b.has_class("selected")) == sorted(chosen)
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
        assert "Scores hand by hand" in str(app.screen.query_one("#text").render())  # the score history
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
        assert "You cannot play" in app.message and pretty(illegal[0]) in app.message
        assert len(s.hand.plays) == plays
        app.say("")
        button = next(b for b in app.query(CardButton) if b.card == illegal[-1])
        await pilot.click(f"#{button.id}")  # the mouse too
        assert "You cannot play" in app.message and pretty(illegal[-1]) in app.message
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", app.message)  # one card notation: the hand's
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


def screen_lines(app: HeartsApp) -> list[str]:
    """The screen as the player sees it, one string per line."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    lines = console.export_text().split("\n")
    assert len(lines) >= h
    return lines[:h]


def seat_text(app: HeartsApp, lines: list[str], seat: int) -> str:
    """The text on screen in the seat's cell of the table."""
    table = app.query_one(Table)
    n = app.session.rules.players
    rect = cell_rect(n, table.region.width, table.region.height, (seat - app.session.human) % n)
    assert rect is not None
    x, y, w, h = rect
    assert table.region.y + y + h <= app.size.height and table.region.x + x + w <= app.size.width  # on screen
    return "\n".join(line[table.region.x + x : table.region.x + x + w] for line in lines[table.region.y + y : table.region.y + y + h])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("rules", "seed"),
    [(Rules.standard(4), 3), (Rules.cancellation(8), 2), (Rules.cancellation(11), 1)],
    ids=["4p", "8p-cancellation", "11p-cancellation"],
)
def test_every_card_of_the_trick_is_on_screen_in_front_of_its_player(
    tmp_path: Path, rules: Rules, seed: int, size: tuple[int, int]
) -> None:
    async def run() -> None:
        s = Session.new(rules, seed=seed, bots="random", save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pass_three(pilot, app)
            checked = 0
            for _ in range(3):  # three turns of the human
                v = s.view()
                assert s.human_to_act() and v.phase == "play"
                lines = screen_lines(app)
                assert v.trick_leader is not None or not v.trick
                for i, c in enumerate(v.trick):
                    seat = (v.trick_leader + i) % v.players  # type: ignore[operator]
                    cell = seat_text(app, lines, seat)
                    assert s.names[seat] in cell and pretty(c) in cell, (seat, pretty(c), cell)
                    assert ("led" in cell) == (i == 0)
                    checked += 1
                await type_card(pilot, v.legal[0])
                await settle(pilot, app)
            assert checked >= 2

    asyncio.run(run())


@sync
async def test_cancelled_pairs_and_the_winning_card_are_marked(tmp_path: Path) -> None:
    s = Session.new(Rules.cancellation(8), seed=2, bots="random", save_path=tmp_path / "g.json")
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        v = s.view()
        assert v.trick_leader is not None
        trick = list(v.trick)
        pairs = {c for c in trick if trick.count(c) == 2}
        assert pairs  # this deal has cancelled pairs in the human's first trick
        lines = screen_lines(app)
        live = [i for i, c in enumerate(trick) if c not in pairs and c // 13 == trick[0] // 13]
        best = max(live, key=lambda i: trick[i])
        for i, c in enumerate(trick):
            cell = seat_text(app, lines, (v.trick_leader + i) % v.players)
            assert ("✗" in cell) == (c in pairs), cell
            assert ("★" in cell) == (i == best), cell
        assert "is winning" in "\n".join(lines) and "cancelled:" in "\n".join(lines)


def a_double(tmp_path: Path) -> Session:
    """Cancellation Hearts, 8 players: seed 2 deals the human two copies of a card."""
    s = Session.new(Rules.cancellation(8), seed=2, bots="random", save_path=tmp_path / "g.json")
    hand = s.view().hand
    assert any(hand.count(c) == 2 for c in hand)
    return s


@sync
async def test_both_copies_of_a_card_can_be_passed(tmp_path: Path) -> None:
    s = a_double(tmp_path)
    hand = s.view().hand
    double = next(c for c in sorted(hand) if hand.count(c) == 2)
    other = next(c for c in sorted(hand) if c != double)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await type_card(pilot, double)
        await type_card(pilot, double)  # the second copy: both stay chosen
        assert app.selected == [double, double]
        assert sum(b.has_class("selected") for b in app.query(CardButton) if b.card == double) == 2
        await type_card(pilot, other)
        await pilot.press("p")
        await settle(pilot, app)
        assert sorted(s.hand.passes[0] or ()) == sorted([double, double, other])


@sync
async def test_fast_typing_acts_on_the_card_typed_not_the_old_cursor(tmp_path: Path) -> None:
    s = session(tmp_path)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        hand = sorted(s.view().hand)
        await pilot.press("right")  # the cursor on the first card
        target = hand[-1]
        name = card_name(target).lower()
        keys = (["1", "0"] if name[0] == "t" else [name[0]]) + [name[1], "enter"]
        assert app._driver is not None
        for key in keys:  # all at once, before the app has handled any of them
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            app._driver.send_message(event)
        await pilot.pause(0.05)
        await pilot.pause(0.05)
        assert app.selected == [target]


@sync
async def test_the_cursor_stays_visible_on_a_card_that_cannot_be_played(tmp_path: Path) -> None:
    s = session(tmp_path)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        illegal = [c for c in s.view().hand if c not in s.view().legal]
        name = card_name(illegal[0]).lower()
        await pilot.press(*(["1", "0"] if name[0] == "t" else [name[0]]), name[1])
        await pilot.pause()
        button = app.focused
        assert isinstance(button, CardButton) and button.card == illegal[0] and button.has_class("illegal")
        other = next(b for b in app.query(CardButton) if b.display and b.has_class("illegal") and b is not button)
        assert button.styles.opacity == 1.0 and button.styles.text_style.reverse
        assert other.styles.opacity < 1.0 and not other.styles.text_style.reverse


@sync
async def test_the_cards_received_are_shown_on_the_first_trick(tmp_path: Path) -> None:
    s = session(tmp_path)
    app = HeartsApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        received = sorted(s.view().received or ())
        assert len(received) == 3
        source = s.names[s.hand.pass_source(0)]
        text = "\n".join(screen_lines(app))
        assert f"Received {' '.join(pretty(c) for c in received)} from {source}" in text
        marked = sorted(b.card for b in app.query(CardButton) if b.display and b.has_class("received"))
        assert marked == received


@sync
async def test_game_over_offers_a_new_game(tmp_path: Path) -> None:
    s = Session.new(Rules.standard(4, target=1), seed=3, bots="random", names=["Me", "A", "B", "C"], save_path=tmp_path / "g.json")
    made: list[Session] = []

    def new_game() -> Session:
        made.append(Session.new(s.rules, seed=9, bots="random", names=s.names, save_path=tmp_path / "h.json"))
        return made[-1]

    app = HeartsApp(s, delay=0, new_game=new_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pass_three(pilot, app)
        for _ in range(13):
            if s.hand_over:
                break
            await type_card(pilot, s.view().legal[0])
            await settle(pilot, app)
        assert s.game_over and isinstance(app.screen, TextScreen)
        text = "\n".join(screen_lines(app))
        assert "Game over" in text and "Play again" in text and "Quit" in text
        assert "Stats: Me: 1 game, " in text  # the game is counted in stats.json and the dialog says so
        await pilot.press("enter")
        await settle(pilot, app)
        assert made and app.session is made[0] and app.session.hand.number == 1 and not app.session.game_over
        assert app.session.phase == "pass" and "A new game" in app.message


def test_the_score_sheet_columns_follow_the_table(tmp_path: Path) -> None:
    s = Session.new(Rules.standard(4), seed=3, names=["Me", "Ann", "Bo", "Cy"], save_path=tmp_path / "g.json")
    app = HeartsApp(s, delay=0)
    head = app.sheet_text().splitlines()[0].split()
    assert head == ["hand"] + [s.names[seat] for seat in app.seat_order()]
    assert app.seat_order() == [0, 1, 2, 3]  # you, then clockwise in the order of play


@sync
async def test_four_colours_and_large_cards(tmp_path: Path) -> None:
    s = session(tmp_path)
    plain, four = HeartsApp(s, delay=0), HeartsApp(s, delay=0, four_colour=True, large_cards=True)
    colours = {}
    for app in (plain, four):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            by_suit = {b.card // 13: b for b in app.query(CardButton) if b.display}
            assert len(by_suit) == 4  # this deal gives the human every suit
            colours[app is four] = [by_suit[suit].styles.color for suit in range(4)]
            heights = {b.outer_size.height for b in by_suit.values()}
            assert heights == ({5} if app is four else {3})
            assert ("\n" in str(by_suit[0].label)) == (app is four)
    assert colours[False][0] == colours[False][3] and colours[False][1] == colours[False][2]  # two colours
    assert len(set(colours[True])) == 4  # four colours


@sync
async def test_the_last_unfinished_game_is_offered_at_the_start(tmp_path: Path) -> None:
    old = Session.new(Rules.cancellation(8), seed=2, bots="random", save_path=tmp_path / "old.json")
    old.pass_cards(old.view().hand[:3])
    old.run_bots()
    for choice in ("enter", "new"):
        fresh = session(tmp_path)
        app = HeartsApp(fresh, delay=0, continue_last=lambda: Session.resume(tmp_path / "old.json", bots="random"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TextScreen) and "Continue the last game" in "\n".join(screen_lines(app))
            assert not any(fresh.view().passes_chosen)  # the bots wait for the answer
            if choice == "enter":
                await pilot.press("enter")
            else:
                await pilot.click("#new")
            await settle(pilot, app)
            if choice == "enter":
                assert app.session is not fresh and app.session.view() == old.view()
                shown = sorted(b.card for b in app.query(CardButton) if b.display)
                assert shown == sorted(old.view().hand)
                assert "Welcome back" in app.message
            else:
                assert app.session is fresh and s_passing(fresh)


def s_passing(s: Session) -> bool:
    """The new game goes on: the bots have chosen their passes and wait for the human."""
    return s.phase == "pass" and all(s.view().passes_chosen[1:])


@pytest.mark.parametrize("rules", [Rules.standard(3), Rules.cancellation(6), Rules.standard(4)], ids=["3p", "6p-cancellation", "4p"])
def test_the_whole_hand_fits_an_80_column_terminal(tmp_path: Path, rules: Rules) -> None:
    async def run() -> None:
        s = Session.new(rules, seed=4, bots="random", save_path=tmp_path / "g.json")
        app = HeartsApp(s, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            hand = app.query_one("#hand")
            row = "\n".join(screen_lines(app)[hand.region.y : hand.region.y + hand.region.height])
            for c in set(s.view().hand):
                assert row.count(pretty(c)) == s.view().hand.count(c), (pretty(c), row)

    asyncio.run(run())


@sync
async def test_question_mark_opens_the_help_over_the_score_sheet(tmp_path: Path) -> None:
    app = HeartsApp(session(tmp_path), delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and not app.screen.is_help  # the score sheet
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.is_help and "Keys:" in app.screen.text
        await pilot.press("question_mark")  # on the help itself: nothing more
        await pilot.pause()
        assert len(app.screen_stack) == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and not app.screen.is_help  # back on the score sheet
