"""The static table (hearts web build) in real Chromium: a first visit, then whole games with the network off.

The folder is served from loopback by a plain static server. Each test is
a new browser context, so each begins with a first visit: the page loads
the engine (Pyodide and the game's modules), its service worker keeps the
files, and from then on the page plays with the network disabled. Skipped
(failed in CI) where Playwright, Debian's chromium or npm (to fetch
Pyodide once) is missing.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts.record import loads_record, replay
from server.conftest import system_missing, wait_client

from .static_server import StaticServer
from .test_build import built_site

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]
SHOTS = Path(os.environ.get("HEARTS_E2E_SHOTS", "/tmp"))
DESKTOP, PHONE = (1280, 800), (390, 844)

try:
    from playwright import sync_api
except ImportError:  # pragma: no cover - depends on the environment
    sync_api = None  # type: ignore[assignment]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    if sync_api is None:
        system_missing("playwright is not installed (pip install -e '.[e2e]')")
    if not os.path.exists(CHROMIUM):
        system_missing(f"{CHROMIUM} is not installed (Debian package chromium)")
    server = StaticServer(built_site(tmp_path_factory.mktemp("web")))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(site: StaticServer) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Visit:
    """One browser context at the site: its page and the errors it logged."""

    def __init__(self, browser: Any, size: tuple[int, int], locale: str) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale, accept_downloads=True)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def first_visit(self, site: StaticServer) -> float:
        """Open the lobby (the bots without delay) and wait for the engine; returns the seconds it took."""
        start = time.monotonic()
        self.page.goto(site.base + "?bot-delay=0")
        self.page.wait_for_selector("#create-variant option[value='cancellation']", state="attached")
        return time.monotonic() - start

    def wait_offline_ready(self) -> None:
        """The service worker controls the page, and holds every file of the build."""
        self.page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        self.page.wait_for_function(
            """async () => { const keys = await caches.keys(); const c = await caches.open(keys.find(k => k.startsWith('hearts-')));
            return !!(await c.match('pyodide/pyodide.asm.wasm')) && !!(await c.match('hearts.zip')); }"""
        )

    def create(self, variant: str, players: int, target: int | None, name: str, level: str = "easy") -> str:
        page = self.page
        page.fill("#create-name", name)
        page.select_option("#create-variant", variant)
        page.select_option("#create-players", str(players))
        if target is not None:
            page.fill("#create-target", str(target))
        page.select_option("#create-level", level)
        page.click("#create-btn")
        page.wait_for_url("**/?t=*#token=*")
        self.wait_state("s.you !== null && s.table.status === 'waiting'")
        return str(page.evaluate("window.heartsClient.state.table.id"))

    def wait_state(self, condition: str) -> None:
        wait_client(self.page, condition)

    def seq(self) -> int:
        return int(self.page.evaluate("window.heartsClient.state.seq"))

    def play_on(self, until: str, limit: float = 240) -> None:
        """Play our seat by clicking (three cards and Pass; the first legal card; the moon added; the sheet closed) until
        the JavaScript condition ``until`` holds."""
        page = self.page
        deadline = time.monotonic() + limit
        while not page.evaluate(f"() => {{ const s = window.heartsClient.state; return !!({until}); }}"):
            assert time.monotonic() < deadline, f"not reached in {limit} s: {until}"
            page.wait_for_function(
                "() => !document.querySelector('#game-over').hidden || document.querySelector('dialog[open]') !== null"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null"
                " || document.querySelector('#hand button.card[aria-pressed]:not([disabled])') !== null"
            )
            seq = self.seq()
            if page.locator("#game-over").is_visible() and not page.locator("#score-sheet").is_visible():
                break
            if page.locator("#score-sheet").is_visible():
                page.click("#score-continue")
            elif page.locator("#moon-dialog").is_visible():
                page.click("#moon-add")
                page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
            elif page.locator("#hand button.card[aria-pressed]:not([disabled])").count():
                count = int(page.evaluate("window.heartsClient.state.table.rules.pass_count"))
                for _ in range(count):
                    page.locator("#hand button.card[aria-pressed='false']").first.click()
                page.click("#pass-btn")
                page.wait_for_function("() => window.heartsClient.state.hand.passed !== null")
            else:
                page.locator("#hand button.card.legal:not([disabled])").first.click()
                page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)

    def axe(self, where: str) -> None:
        try:
            import axe_playwright_python
        except ImportError:
            system_missing("axe-playwright-python is not installed (pip install -e '.[e2e]'): it ships axe-core")
        self.page.evaluate((Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8"))
        out = self.page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
        found = [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] for n in v["nodes"][:4]) for v in out]
        assert found == [], f"axe-core, {where}: {found}"

    def close(self) -> None:
        self.context.close()


def test_a_whole_game_offline_on_a_desktop(site: StaticServer, browser: Any) -> None:
    visit = Visit(browser, DESKTOP, "en-GB")
    page = visit.page
    try:
        visit.first_visit(site)
        assert page.locator("#create-level option").all_inner_texts() and page.locator("#links").count() == 1
        visit.axe("the lobby")
        visit.wait_offline_ready()
        # medium's learned model is fetched when a bot first needs it, that table's model only, and kept for offline
        fetched_before = {path for path in site.sent if path.startswith("/models/")}
        table = visit.create("standard", 4, 30, "Ann", level="medium")
        assert page.locator("#links").is_hidden()  # nobody else can join a table in the page
        page.click("#start-btn")
        visit.wait_state("s.hand && s.hand.cards.length === 13")
        visit.play_on("s.hand && s.hand.phase === 'play'")  # the bots have passed: their model was needed
        assert {path for path in site.sent if path.startswith("/models/")} - fetched_before == {"/models/standard-4.npz"}
        page.wait_for_function(  # the worker's download went through the service worker, which keeps it
            """async () => { const keys = await caches.keys(); const c = await caches.open(keys.find(k => k.startsWith('hearts-')));
            return !!(await c.match('models/standard-4.npz')) && !(await c.match('models/cancellation-8.npz')); }"""
        )
        visit.context.set_offline(True)
        page.reload()  # with the network off: everything from the service worker, the model included
        visit.wait_state("s.hand && s.hand.phase === 'play'")
        visit.axe("the table")
        page.screenshot(path=str(SHOTS / "page-desktop-deal.png"))

        # A reload in the middle of a hand carries on exactly there (the game is kept in the browser).
        visit.play_on("s.hand && s.hand.phase === 'play' && s.hand.tricks.length >= 2")
        before = page.evaluate("window.heartsClient.state")
        page.reload()
        visit.wait_state(f"s.seq === {before['seq']}")
        after = page.evaluate("window.heartsClient.state")
        assert after["hand"]["cards"] == before["hand"]["cards"] and after["scores"] == before["scores"]

        visit.play_on("s.game_over")
        state = page.evaluate("window.heartsClient.state")
        assert state["game_over"] and max(state["scores"]) >= 30 and state["table"]["id"] == table
        page.wait_for_selector("#game-over", state="visible")
        if page.locator("#score-sheet").is_visible():
            page.click("#score-continue")
        page.screenshot(path=str(SHOTS / "page-desktop-game-over.png"))
        with page.expect_download() as got:
            page.click("#record-link")
        record = Path(got.value.path()).read_text(encoding="utf-8")
        checked = replay(loads_record(record))
        assert checked["ok"] and checked["scores"] == state["scores"] and checked["deals"]["verified"], checked

        # The lobby lists the finished game and counts it for the player.
        page.goto(site.base)
        page.wait_for_selector(f"#finished-games li[data-game='{table}']")
        page.wait_for_selector("#stats", state="visible")
        assert page.locator("#stats-list dd[data-stat='Games']").inner_text() == "1"
        assert visit.errors == []
    finally:
        visit.close()


def test_cancellation_hearts_for_eight_offline_on_a_phone_in_turkish(site: StaticServer, browser: Any) -> None:
    visit = Visit(browser, PHONE, "tr-TR")
    page = visit.page
    try:
        sent = site.total()
        seconds = visit.first_visit(site)
        visit.wait_offline_ready()
        first = site.total() - sent
        page.reload()
        page.wait_for_selector("#create-variant option[value='cancellation']", state="attached")
        again = site.total() - sent - first
        assert first > 10_000_000 and again < 50_000, (first, again)  # the repeat visit comes from the service worker
        assert page.evaluate("document.documentElement.lang") == "tr" and page.locator("#create-btn").inner_text() != "Create table"
        visit.context.set_offline(True)
        visit.create("cancellation", 8, 500, "Ayşe")
        page.click("#start-btn")
        visit.wait_state("s.hand && s.hand.cards.length > 0")
        visit.axe("the table of eight")
        visit.play_on("s.hands.length >= 2")
        state = page.evaluate("window.heartsClient.state")
        assert len(state["hands"]) >= 2 and sum(state["scores"]) != 0
        page.screenshot(path=str(SHOTS / "page-phone-cancellation.png"))
        assert visit.errors == []
        print(json.dumps({"first_visit_bytes": first, "repeat_visit_bytes": again, "lobby_seconds": round(seconds, 2)}))
    finally:
        visit.close()


def test_a_dimmed_card_says_why_and_the_score_sheet_fits_a_phone_in_javanese(site: StaticServer, browser: Any) -> None:
    """A click on a card that may not be played says why, in the page's language. Every seat's name is read whole in
    the sheet's header ("Panjenengan", You, was cut to "Panjene…"), and a four-player sheet fits the phone's width."""
    visit = Visit(browser, PHONE, "jv")
    page = visit.page
    try:
        visit.first_visit(site)
        visit.create("standard", 4, 200, "Sri")
        page.click("#start-btn")
        # A dimmed card says why it may not be played, in Javanese.
        visit.play_on("s.hand && s.hand.phase === 'play' && Object.keys(s.hand.why || {}).length > 0")
        page.locator("#hand button.card.dim").first.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
        said = page.locator("#message").inner_text()
        assert "ora olèh ngetokaké" in said and said.split(". ", 1)[1], said  # the refusal and its reason
        visit.play_on("s.hands.length >= 1 && document.querySelector('#score-sheet').open")
        heads = page.evaluate(
            "[...document.querySelectorAll('#score-table thead th')].map(th => [th.innerText, th.scrollWidth <= th.clientWidth])"
        )
        assert ["Panjenengan", True] in [[text.replace("\n", ""), fits] for text, fits in heads], heads
        assert all(fits for _, fits in heads), heads
        assert page.evaluate("(() => { const w = document.querySelector('.sheet-wrap'); return w.scrollWidth <= w.clientWidth; })()")
        page.screenshot(path=str(SHOTS / "page-phone-javanese-sheet.png"))
        assert visit.errors == []
    finally:
        visit.close()


def test_a_second_tab_takes_the_games_and_the_first_steps_aside(site: StaticServer, browser: Any) -> None:
    """One live copy of the games: a tab that starts the engine tells the other, whose table says so and stops (a
    stale copy never saves over the games); the game goes on in the new tab, where it was."""
    visit = Visit(browser, DESKTOP, "en-GB")
    first = visit.page
    try:
        visit.first_visit(site)
        table = visit.create("standard", 4, 50, "Ann")
        first.click("#start-btn")
        visit.wait_state("s.hand && s.hand.cards.length === 13")
        seq = visit.seq()
        second = visit.context.new_page()
        second.goto(first.url)
        wait_client(second, f"s.seq >= {seq}")
        first.wait_for_function("() => document.querySelector('#conn').innerText.includes('another tab')")
        assert second.evaluate("window.heartsClient.state.table.id") == table
        assert visit.errors == []
    finally:
        visit.close()
