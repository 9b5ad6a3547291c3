"""The browser client in real Chromium against a real ``hearts serve`` on loopback.

Skipped when Playwright, Debian's ``/usr/bin/chromium`` or ``hearts.server``
is missing. The server runs in a subprocess with ``--bot-delay 0`` so a whole
hand takes a few seconds.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ServerProcess, system_missing

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("HEARTS_E2E_SHOTS", "/tmp"))

try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - depends on the environment
    sync_api = None  # type: ignore[assignment]
try:
    import hearts.server.app  # noqa: F401

    SERVER_IMPORT_ERROR = ""
except ImportError as exc:  # pragma: no cover - depends on the checkout
    SERVER_IMPORT_ERROR = str(exc)


@pytest.fixture(scope="module", autouse=True)
def _needs() -> None:
    if sync_api is None:
        system_missing("playwright is not installed (pip install -e '.[e2e]')")
    if not os.path.exists(CHROMIUM):
        system_missing(f"{CHROMIUM} is not installed (Debian package chromium)")
    if SERVER_IMPORT_ERROR:
        system_missing(f"hearts.server is not importable: {SERVER_IMPORT_ERROR}")


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    srv = ServerProcess(tmp_path_factory.mktemp("hearts-e2e") / "h.db", "--bot-delay", "0", "--grace", "5")
    try:
        srv.start()
        yield srv.base
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def chromium_browser() -> Iterator[object]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _new_page(browser, width: int, height: int):  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15000)
    return page, errors


def _create_table(  # type: ignore[no-untyped-def]
    page, base: str, *, variant: str, players: int, target: int | None, name: str, timer: int = 0, moon: str | None = None
) -> str:
    page.goto(base + "/")
    page.wait_for_selector(f"#create-variant option[value='{variant}']", state="attached")
    page.fill("#create-name", name)
    page.select_option("#create-variant", variant)
    page.select_option("#create-players", str(players))
    if target is not None:
        page.fill("#create-target", str(target))
    page.select_option("#create-level", "easy")
    page.fill("#create-timer", str(timer))
    seed = page.input_value("#create-seed")  # a random client seed, made by the browser and shown
    assert len(seed) == 16 and all(ch in "0123456789abcdef" for ch in seed), seed
    if moon is not None:  # a house rule from /api/options
        page.click("#rules-box summary")
        page.select_option("#rule-moon", f'"{moon}"')
    page.click("#create-btn")
    page.wait_for_url("**/t/*#token=*")
    page.wait_for_function("() => window.heartsClient && window.heartsClient.state && window.heartsClient.state.you !== null")
    return str(page.evaluate("window.heartsClient.state.table.id"))


def _seq(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("window.heartsClient.state.seq"))


def test_play_a_whole_hand(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    page, errors = _new_page(chromium_browser, 1200, 860)
    try:
        table = _create_table(page, live_server, variant="standard", players=4, target=26, name="Tester")
        page.wait_for_selector("#start-btn", state="visible")
        assert page.locator("#invite-link").input_value().endswith(f"/t/{table}")
        page.screenshot(path=str(SHOTS / "e2e-desktop-waiting.png"))
        page.click("#start-btn")
        page.wait_for_function("() => window.heartsClient.state.table.deals.client_seeds !== null")
        deals = page.evaluate("window.heartsClient.state.table.deals")
        assert len(deals["client_seeds"][0]) == 16 and deals["client_seeds"][1:] == ["", "", ""] and deals["server_seed"] is None
        assert page.locator("#fair-commitment").text_content() == deals["commitment"]

        # Pass: three cards, then the pass button.
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        assert page.locator("#hand button.card").count() == 13
        assert page.locator("#pass-btn").is_disabled()
        cards = page.locator("#hand button.card")
        for i in (12, 11, 10):
            cards.nth(i).click()
        assert page.locator("#hand button.card.selected").count() == 3
        page.screenshot(path=str(SHOTS / "e2e-desktop-pass.png"))
        page.click("#pass-btn")
        page.wait_for_function("() => window.heartsClient.state.hand.passed !== null")

        # A dropped connection shows the banner and comes back by itself.
        page.evaluate("window.heartsClient.socket.close()")
        page.wait_for_selector("#conn", state="visible")
        assert "reconnecting" in page.locator("#conn").inner_text()
        page.wait_for_selector("#conn", state="hidden")

        # Coming back without the token in the link: localStorage finds the seat again.
        page.goto(f"{live_server}/t/{table}")
        page.wait_for_function("() => { const s = window.heartsClient.state; return !!(s && s.you && s.you.seat === 0); }")
        assert "#token=" in page.url

        # Play whenever it is our turn, until the score sheet opens.
        sheet = page.locator("#score-sheet")
        played = 0
        shot = False
        deadline = time.monotonic() + 40
        while not sheet.is_visible():
            assert time.monotonic() < deadline, "the hand did not finish"
            page.wait_for_function(
                "() => document.querySelector('#score-sheet').open"
                " || document.querySelector('#moon-dialog').open"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null"
            )
            if sheet.is_visible():
                break
            if page.locator("#moon-dialog").is_visible():
                seq = _seq(page)
                page.click("#moon-add")
                page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
                continue
            legal = page.locator("#hand button.card.legal:not([disabled])")
            assert legal.count() >= 1
            # Every card is either playable or dimmed and disabled.
            assert page.evaluate(
                "() => [...document.querySelectorAll('#hand button.card')]"
                ".every(b => b.classList.contains('legal') ? !b.disabled : b.disabled && b.classList.contains('dim'))"
            )
            if not shot and played == 3:
                page.screenshot(path=str(SHOTS / "e2e-desktop-play.png"))
                shot = True
            if played == 2:
                page.keyboard.press("l")
                assert page.locator("#last-dialog").is_visible()
                assert page.locator("#last-trick .trick-row").count() == 4
                page.keyboard.press("Escape")
                assert not page.locator("#last-dialog").is_visible()
            seq = _seq(page)
            if played == 0:  # the first card by keyboard: arrow to a playable card, Enter plays it
                page.keyboard.press("ArrowRight")
                assert page.evaluate("document.activeElement.matches('#hand button.card.legal')")
                page.keyboard.press("Enter")
            else:
                legal.first.click()
            played += 1
            page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
        assert played == 13
        page.screenshot(path=str(SHOTS / "e2e-desktop-sheet.png"))

        state = page.evaluate("window.heartsClient.state")
        done = state["hands"][0]
        rows = page.locator("#score-sheet tbody tr")
        assert rows.count() == 4
        shown = [int(t.replace("☾", "").strip()) for t in page.locator("#score-sheet td[data-hand='1']").all_inner_texts()]
        assert shown == done["points"]
        if done["shooter"] is None:
            assert sum(shown) == 26
        else:
            assert sum(shown) in (26 * 3, -26)
        totals = [int(t) for t in page.locator("#score-sheet td.total").all_inner_texts()]
        assert totals == state["scores"]
        assert done["seed"] and done["seed"] in page.locator("#score-notes").inner_text()

        page.click("#score-continue")
        assert not sheet.is_visible()
        page.keyboard.press("s")
        assert sheet.is_visible()
        page.keyboard.press("Escape")
        assert not sheet.is_visible()

        # Play on to the end of the game (target 26): passes by keyboard (P), then the game-over panel.
        deadline = time.monotonic() + 45
        while not page.locator("#game-over").is_visible():
            assert time.monotonic() < deadline, "the game did not end"
            page.wait_for_function(
                "() => !document.querySelector('#game-over').hidden"
                " || document.querySelector('dialog[open]') !== null"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null"
                " || document.querySelector('#hand button.card[aria-pressed]:not([disabled])') !== null"
            )
            seq = _seq(page)
            if page.locator("#game-over").is_visible():
                break
            if sheet.is_visible():
                page.click("#score-continue")
            elif page.locator("#moon-dialog").is_visible():
                page.click("#moon-subtract")
                page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
            elif page.locator("#hand button.card[aria-pressed]:not([disabled])").count():
                for _ in range(3):
                    page.locator("#hand button.card[aria-pressed='false']").first.click()
                page.keyboard.press("p")
                page.wait_for_function("() => window.heartsClient.state.hand.passed !== null")
            else:
                page.locator("#hand button.card.legal:not([disabled])").first.click()
                page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
        state = page.evaluate("window.heartsClient.state")
        assert state["game_over"] and state["winners"]
        assert max(state["scores"]) >= 26
        assert page.locator("#game-over .final li.winner").count() == len(state["winners"])
        assert "Winner" in page.locator("#game-over").inner_text()
        if sheet.is_visible():  # the last hand's sheet opens over the panel
            page.click("#score-continue")
        page.screenshot(path=str(SHOTS / "e2e-desktop-game-over.png"))
        record = page.request.get(live_server + page.locator("#record-link").get_attribute("href"))
        assert record.status == 200 and record.body()

        # Once nobody is at the finished table the server forgets it: the page shows the result from the finished games.
        page.goto(live_server + "/")
        page.wait_for_selector(f"#finished-games li[data-game='{table}'] a:text('Record')")
        page.goto(f"{live_server}/t/{table}")
        page.wait_for_selector("#game-over", state="visible")
        assert page.locator("#game-over .final li").count() == 4
        assert page.locator("#conn").is_hidden()
        assert errors == []
    finally:
        page.close()


def test_phone_eleven_seats(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    page, errors = _new_page(chromium_browser, 375, 740)
    friend, friend_errors = _new_page(chromium_browser, 375, 740)
    try:
        table = _create_table(page, live_server, variant="cancellation", players=11, target=None, name="Phone", timer=120, moon="add")
        assert page.evaluate("window.heartsClient.state.table.rules.moon") == "add"
        page.wait_for_selector("#start-btn", state="visible")
        page.click("#start-btn")
        page.wait_for_function("() => window.heartsClient.state && window.heartsClient.state.hand !== null")
        page.wait_for_selector("#hand button.card")
        assert page.locator("#seats .seat").count() == 11
        assert sorted(int(s) for s in page.locator("#seats .seat").evaluate_all("els => els.map(e => e.dataset.seat)")) == list(range(11))
        width, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"horizontal scroll: {width} > {inner}"
        # Every seat lies inside the screen's width (one evaluation: the seats are redrawn on each state).
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('#seats .seat')]"
            ".map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
        )
        assert len(boxes) == 11 and all(0 <= left and right <= inner for left, right in boxes), boxes
        # The turn timer counts down while we choose our pass.
        page.wait_for_function("() => /\\d+ s/.test(document.querySelector('#timer').textContent)")
        page.screenshot(path=str(SHOTS / "e2e-phone-11.png"), full_page=True)

        # A friend finds the table in the lobby, joins it and takes a bot's seat (no human ever held it).
        friend.goto(live_server + "/")
        friend.wait_for_selector(f"#open-tables li[data-table='{table}'] a:text('Join')")
        friend.screenshot(path=str(SHOTS / "e2e-phone-lobby.png"), full_page=True)
        friend.click(f"#open-tables li[data-table='{table}'] a:text('Join')")
        friend.wait_for_selector("#seat-panel", state="visible")
        friend.wait_for_selector("#join-seat option[value='5']", state="attached")
        friend.fill("#join-name", "Friend")
        assert len(friend.input_value("#join-seed")) == 16
        friend.fill("#join-seed", "my own seed ~")
        friend.select_option("#join-seat", "5")
        friend.click("#join-btn")
        friend.wait_for_function("() => { const s = window.heartsClient.state; return !!(s && s.you && s.you.seat === 5); }")
        assert "#token=" in friend.url
        assert friend.locator("#seat-panel").is_hidden()
        page.wait_for_function("() => window.heartsClient.state.table.seats[5].name === 'Friend'")
        assert "Friend" in page.locator("#seats .seat[data-seat='5']").inner_text()
        width, inner = friend.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width <= inner

        # The moon dialog, on a state where this seat shot the moon (made up here: the server never dealt it), and the
        # server's refusal of the choice shown in the message area.
        page.evaluate(
            "() => { const s = structuredClone(window.heartsClient.state);"
            " s.hand.phase = 'moon'; s.hand.shooter = s.you.seat; s.turn = {seats: [s.you.seat], deadline: null};"
            " window.heartsClient._onServerMessage(s); }"
        )
        page.wait_for_selector("#moon-dialog", state="visible")
        page.screenshot(path=str(SHOTS / "e2e-phone-moon.png"))
        page.click("#moon-add")
        page.wait_for_selector("#message.error")
        assert page.locator("#moon-dialog").is_hidden()
        assert page.locator("#message").inner_text().strip()
        assert page.locator("#message").get_attribute("aria-live") == "polite"
        assert errors == [] and friend_errors == []
    finally:
        page.close()
        friend.close()
