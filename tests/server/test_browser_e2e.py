"""The browser client in real Chromium against a real ``hearts serve`` on loopback.

Skipped when Playwright, Debian's ``/usr/bin/chromium`` or ``hearts.server``
is missing. The server runs in a subprocess with ``--bot-delay 0`` so a whole
hand takes a few seconds.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import InProcessServer, ServerProcess, system_missing, wait_client

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
DESKTOP, PHONE = (1280, 800), (390, 844)

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


#: the reasons a dimmed card gives when clicked (the web client's words for the engine's codes)
REASONS = ("You must follow suit", "No hearts or Q♠", "The first lead may not", "The first trick is led", "Hearts are not broken")

_SERVERS: list[ServerProcess] = []  # the live server, for its log when a wait fails


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    srv = ServerProcess(tmp_path_factory.mktemp("hearts-e2e") / "h.db", "--bot-delay", "0", "--grace", "5")
    _SERVERS.append(srv)
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


@contextlib.contextmanager
def browser_page(browser: Any, size: tuple[int, int] = DESKTOP, *, locale: str | None = None) -> Iterator[tuple[Any, list[str]]]:
    """A page of its own browser (a new context: its own cookies), ``size`` wide and high, in ``locale`` (None:
    Chromium's own), each wait 15 s at most; yields the page and the list of its uncaught script errors (a test
    asserts it empty), and closes the context at the end.

    ``with browser_page(chromium_browser, PHONE, locale="tr-TR") as (page, errors): ...``
    """
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **({"locale": locale} if locale else {}))
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(15000)
        yield page, errors
    finally:
        context.close()


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
    wait_client(page, "s.you !== null")
    return str(page.evaluate("window.heartsClient.state.table.id"))


_PAGE_SUMMARY = """() => {
  const c = window.heartsClient, s = c && c.state;
  if (!s) return "no state";
  const h = s.hand || {};
  return JSON.stringify({seq: s.seq, status: s.table.status, game_over: s.game_over, turn: s.turn, phase: h.phase,
    to_move: h.to_move, legal: h.legal, cards: (h.cards || []).length, hands: (s.hands || []).length,
    you: s.you, conn: document.querySelector('#conn').innerText, message: (document.querySelector('#message') || {}).innerText,
    dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id), status_line: document.querySelector('#status').innerText});
}"""


def _wait_or_explain(page, condition: str, timeout: float = 30000) -> None:  # type: ignore[no-untyped-def]
    """Wait for ``condition`` (ms); on a timeout, fail with what the page shows and the server's log.

    A wait here once timed out in CI only, so a failure explains itself; the limit is loose (a slow
    machine is not a failure: speed is measured in benchmarks).
    """
    try:
        page.wait_for_function(condition, timeout=timeout)
    except sync_api.TimeoutError:
        log = _SERVERS[-1].output()[-3000:] if _SERVERS else ""
        pytest.fail(f"timed out waiting for {condition}; the page: {page.evaluate(_PAGE_SUMMARY)}; the server's log: {log}")


def _seq(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("window.heartsClient.state.seq"))


def test_play_a_whole_hand(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        # Target 27: no single hand can end the game (a moon adds 26, any other hand gives at most 25),
        # so the first hand always ends in the score sheet, never in the game-over panel.
        table = _create_table(page, live_server, variant="standard", players=4, target=27, name="Tester")
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
        told_why = False
        deadline = time.monotonic() + 120
        while not sheet.is_visible():
            assert time.monotonic() < deadline, "the hand did not finish"
            _wait_or_explain(
                page,
                "() => document.querySelector('#score-sheet').open"
                " || document.querySelector('#moon-dialog').open"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null",
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
            # Every card is either playable, or dimmed: marked aria-disabled, and clickable only to say why not.
            assert page.evaluate(
                "() => [...document.querySelectorAll('#hand button.card')].every(b => b.classList.contains('legal')"
                " ? !b.disabled && !b.hasAttribute('aria-disabled')"
                " : b.classList.contains('dim') && b.getAttribute('aria-disabled') === 'true')"
            )
            dimmed = page.locator("#hand button.card.dim")
            if not told_why and dimmed.count():
                seq = _seq(page)
                dimmed.first.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
                said = page.locator("#message").inner_text()
                assert said.startswith("You cannot play the") and any(reason in said for reason in REASONS), said
                assert _seq(page) == seq  # nothing was sent
                told_why = True
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
        assert played == 13 and told_why
        page.screenshot(path=str(SHOTS / "e2e-desktop-sheet.png"))

        state = page.evaluate("window.heartsClient.state")
        done = state["hands"][0]
        # A column per player, you first, then the order of play (as the terminal app's sheet); the seats around
        # the table start at your left. A row per hand, the totals last.
        order = [int(x) for x in page.locator("#score-sheet thead th[data-seat]").evaluate_all("els => els.map(e => e.dataset.seat)")]
        table_order = [int(x) for x in page.locator("#seats .seat").evaluate_all("els => els.map(e => e.dataset.seat)")]
        assert order == [0, 1, 2, 3] and table_order == [1, 2, 3, 0]
        assert page.locator("#score-sheet thead th[data-seat='0']").inner_text() == "You"
        legend = [int(x) for x in page.locator("#score-sheet svg.chart polyline").evaluate_all("els => els.map(e => e.dataset.seat)")]
        assert legend == order
        # Its notes say who took each hand's last trick, and a line explains them.
        assert "Last trick to" in page.locator("#score-notes").inner_text()
        assert "names who took the hand's last trick" in page.locator("#score-notes .muted-ink").inner_text()
        assert page.locator("#score-sheet tbody tr").count() == 2  # hand 1 and the totals
        shown = [int(t.replace("☾", "").strip()) for t in page.locator("#score-sheet td[data-hand='1']").all_inner_texts()]
        assert shown == [done["points"][i] for i in order]
        if done["shooter"] is None:
            assert sum(shown) == 26
        else:
            assert sum(shown) in (26 * 3, -26)
        totals = [int(t) for t in page.locator("#score-sheet td.total").all_inner_texts()]
        assert totals == [state["scores"][i] for i in order]
        assert page.locator("#score-sheet svg.chart polyline").count() == 4
        # The seeds are for checking deals: in the folded Fair deal panel, not on the sheet.
        assert done["seed"] not in page.locator("#score-notes").inner_text()
        assert done["seed"] in page.locator("#fair-seeds").text_content()

        page.click("#score-continue")
        assert not sheet.is_visible()
        page.wait_for_function("() => window.heartsClient.state.turn.review === null")
        page.keyboard.press("s")
        assert sheet.is_visible()
        page.keyboard.press("Escape")
        assert not sheet.is_visible()

        # Play on to the end of the game (target 27): passes by keyboard (P), then the game-over panel.
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
        assert max(state["scores"]) >= 27
        assert page.locator("#game-over .final li.winner").count() == len(state["winners"])
        assert "Winner" in page.locator("#game-over").inner_text()
        if sheet.is_visible():  # the last hand's sheet opens over the panel
            page.click("#score-continue")
        page.screenshot(path=str(SHOTS / "e2e-desktop-game-over.png"))
        record = page.request.get(live_server + page.locator("#record-link").get_attribute("href"))
        assert record.status == 200 and record.body()

        # Play again: a new table with the same rules, and you sit down at once.
        page.click("#again-btn")
        page.wait_for_url(lambda url: "#token=" in url and f"/t/{table}" not in url)
        page.wait_for_function("() => { const s = window.heartsClient.state; return !!(s && s.you && s.table.status === 'waiting'); }")
        again = page.evaluate("window.heartsClient.state.table")
        assert again["id"] != table and again["target"] == 27 and again["variant"] == "standard" and again["players"] == 4

        # The lobby shows this player's stats over the finished games.
        page.goto(live_server + "/")
        page.wait_for_selector("#stats", state="visible")
        assert page.locator("#stats-name").inner_text() == "Tester"
        assert page.locator("#stats-list dd[data-stat='Games']").inner_text() == "1"
        assert page.locator("#create-target").get_attribute("max") == "100000"
        page.screenshot(path=str(SHOTS / "e2e-desktop-lobby.png"), full_page=True)

        # Once nobody is at the finished table the server forgets it: the page shows the result from the finished games.
        page.goto(live_server + "/")
        page.wait_for_selector(f"#finished-games li[data-game='{table}'] a:text('Record')")
        page.goto(f"{live_server}/t/{table}")
        page.wait_for_selector("#game-over", state="visible")
        assert page.locator("#game-over .final li").count() == 4
        assert page.locator("#conn").is_hidden()
        assert errors == []


def test_phone_eleven_seats(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, PHONE) as (page, errors), browser_page(chromium_browser, PHONE) as (friend, friend_errors):
        table = _create_table(page, live_server, variant="cancellation", players=11, target=None, name="Phone", timer=120, moon="add")
        assert page.evaluate("window.heartsClient.state.table.rules.moon") == "add"
        page.wait_for_selector("#start-btn", state="visible")
        page.click("#start-btn")
        wait_client(page, "s.hand !== null")
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


# ---- the table's help and timers, at desktop and phone sizes, on an in-process server -------------------------

SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])

#: a state predicate the play loop may act on: the sheet, the moon dialog, a pass to choose, a card to play
ACTIONABLE = (
    "document.querySelector('#score-sheet').open || document.querySelector('#moon-dialog').open"
    " || document.querySelector('#hand button.card.legal:not([disabled])') !== null"
    " || document.querySelector('#hand button.card[aria-pressed]:not([disabled])') !== null"
)


@pytest.fixture(scope="module")
def help_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    """A server in this process (its hub reachable): quick bots, a 30 s score-sheet pause."""
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('hearts-e2e-help') / 'h.db'}", bot_delay=0.05, grace=5)
    srv.hub.review = 30.0
    try:
        yield srv
    finally:
        srv.stop()


def _state(page):  # type: ignore[no-untyped-def]
    return page.evaluate("window.heartsClient.state")


def _started(page, base: str, **options):  # type: ignore[no-untyped-def]
    table = _create_table(page, base, name="Pat", **options)
    page.click("#start-btn")
    page.wait_for_function("() => window.heartsClient.state.hand !== null")
    return table


def _play_until(page, done: str, *, high: bool = False, limit: int = 400, close_sheet: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Play (first cards passed, the lowest or ``high``est legal card) until the JS condition ``done`` holds."""
    for _ in range(limit):
        page.wait_for_function(f"() => ({done}) || {ACTIONABLE}", timeout=20000)
        if page.evaluate(f"() => !!({done})"):
            return
        seq = _seq(page)
        if page.locator("#score-sheet").is_visible():
            if not close_sheet:
                raise AssertionError("the score sheet opened")
            page.click("#score-continue")
        elif page.locator("#moon-dialog").is_visible():
            page.click("#moon-add")
            page.wait_for_function("(seq) => window.heartsClient.state.seq > seq", arg=seq)
        elif page.locator("#hand button.card[aria-pressed]:not([disabled])").count():
            # Until three are selected: a click is only a request, and the page may be redrawing.
            for _ in range(12):
                if page.locator("#hand button.card[aria-pressed='true']").count() >= 3:
                    break
                page.locator("#hand button.card[aria-pressed='false']").first.click()
            page.click("#pass-btn")
            page.wait_for_function("() => !window.heartsClient.state.hand || window.heartsClient.state.hand.passed !== null")
        else:
            legal = page.locator("#hand button.card.legal:not([disabled])")
            (legal.last if high else legal.first).click()
            page.wait_for_function("(seq) => window.heartsClient.state.seq !== seq", arg=seq)
    raise AssertionError(f"not reached: {done}")


@SIZES
def test_the_timer_shows_on_your_turn_after_a_bots_card(help_server: InProcessServer, chromium_browser, size) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, size) as (page, errors):
        if size == DESKTOP:
            page.emulate_media(reduced_motion="reduce")  # and the cards on the table do not move
        _started(page, help_server.base, variant="standard", players=4, target=None, timer=60)
        after_bot = (
            "(() => { const s = window.heartsClient.state; const a = s.last_action;"
            " return s.hand.phase === 'play' && s.turn.seats[0] === s.you.seat && a && a.kind === 'play' && a.by === 'bot'; })()"
        )
        _play_until(page, after_bot)
        page.wait_for_function("() => /Your time: \\d+ s/.test(document.querySelector('#timer').textContent)")
        secs = int(page.locator("#timer").inner_text().split(":")[1].strip().split()[0])
        assert 50 <= secs <= 60
        assert "urgent" not in (page.locator("#timer").get_attribute("class") or "")
        assert page.locator("#seats .seat.me .countdown").count() == 1
        if size == DESKTOP:
            assert page.locator("#seats .trick-card").count() >= 1
            assert page.locator("#seats .trick-card.enter, #seats .trick-card.sweep").count() == 0
        page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-timer.png"))
        assert errors == []


@SIZES
def test_no_pass_timer_while_the_score_sheet_is_open(help_server: InProcessServer, chromium_browser, size) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, size) as (page, errors):
        table = _started(page, help_server.base, variant="standard", players=4, target=None, timer=60)
        _play_until(page, "document.querySelector('#score-sheet').open", close_sheet=False)
        page.wait_for_selector("#review-note", state="visible")
        state = _state(page)
        assert state["hand"]["number"] == 2 and state["hand"]["phase"] == "pass"
        assert state["turn"]["review"] is not None and state["turn"]["deadline"] is None
        assert state["hand"]["passes_chosen"] == [False] * 4  # nobody passes behind the sheet, bots included
        live = help_server.hub.tables[table]
        assert live.turns.bot_seat() is None and live.turns.deadline is None  # no turn timer: only the pause's end is timed
        assert page.locator("#timer").inner_text().startswith("Next hand in")
        assert "No timer runs" in page.locator("#review-note").inner_text()
        assert page.locator("#score-continue").inner_text() == "Next hand"
        page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-sheet.png"))
        page.click("#score-continue")
        page.wait_for_function("() => window.heartsClient.state.turn.review === null && window.heartsClient.state.turn.deadline !== null")
        page.wait_for_function("() => /Your time: \\d+ s/.test(document.querySelector('#timer').textContent)")
        secs = int(page.locator("#timer").inner_text().split(":")[1].strip().split()[0])
        assert secs >= 50
        page.wait_for_function("() => window.heartsClient.state.hand.passes_chosen.filter(Boolean).length === 3")
        assert errors == []


@SIZES
def test_hint_claim_and_undo(help_server: InProcessServer, chromium_browser, size) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, size) as (page, errors):
        _started(page, help_server.base, variant="standard", players=4, target=1000, timer=0)
        # Hint while passing: the suggested cards are selected.
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        # The others pass while the hint is on its way: the table moves on (shown here by a state one
        # action ahead of the server's), and a pass hint still holds for the same hand.
        page.evaluate("""() => { const c = window.heartsClient;
            window._real = c.state; window._ahead = {...c.state, seq: c.state.seq + 1}; c._onServerMessage(window._ahead); }""")
        page.click("#hint-btn")
        page.wait_for_function("() => window.heartsClient.selected.length === 3")
        page.evaluate("() => { const c = window.heartsClient; if (c.state === window._ahead) c._onServerMessage(window._real); }")
        assert page.evaluate("() => window.heartsClient.selected.length") == 3
        assert "Hint: pass" in page.locator("#message").inner_text()
        page.click("#pass-btn")
        # Hint in play: one legal card is marked.
        page.wait_for_selector("#hand button.card.legal:not([disabled])")
        page.keyboard.press("h")
        page.wait_for_selector("#hand button.card.hinted")
        assert page.locator("#hand button.card.hinted").count() == 1
        assert "legal" in (page.locator("#hand button.card.hinted").get_attribute("class") or "")
        # Undo at a table of bots: play a card, then take it back on the next turn.
        assert page.locator("#undo-btn").is_visible()
        page.locator("#hand button.card.hinted").click()
        page.wait_for_function("() => window.heartsClient.state.hand.can_undo && window.heartsClient.state.turn.seats[0] === 0")
        cards = page.locator("#hand button.card").count()
        page.click("#undo-btn")
        page.wait_for_function("(n) => document.querySelectorAll('#hand button.card').length === n + 1", arg=cards)
        # Claim once the tricks left are certain: the hand ends at once.
        _play_until(page, "window.heartsClient.state.hand.can_claim && window.heartsClient.state.turn.seats[0] === 0", high=True, limit=600)
        assert page.locator("#claim-btn").is_enabled()
        hands = len(_state(page)["hands"])
        page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-claim.png"))
        page.click("#claim-btn")
        page.wait_for_function(
            "(n) => window.heartsClient.state.hands.length === n + 1 || document.querySelector('#moon-dialog').open", arg=hands
        )
        if page.locator("#moon-dialog").is_visible():  # the claim took every point: the shooter chooses first
            page.click("#moon-add")
        page.wait_for_function("(n) => window.heartsClient.state.hands.length === n + 1", arg=hands)
        page.wait_for_selector("#score-sheet", state="visible")  # the hand is over at once
        assert errors == []


@SIZES
def test_cancellation_marks_pairs_and_the_winning_card(help_server: InProcessServer, chromium_browser, size) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, size) as (page, errors):
        help_server.hub.bot_delay = 0.1  # slow enough for each state to be drawn and checked
        try:
            _started(page, help_server.base, variant="cancellation", players=6, target=None, timer=0)
            where = "#seats .trick-card" if size == DESKTOP else "#seats .seat .played"
            # One check of state and screen together (a new state redraws the table).
            marked = (
                "(() => { const t = window.heartsClient.state.hand.trick; if (!t || !t.cancelled.length) return false;"
                f" const faces = [...document.querySelectorAll('{where} .face:not(.empty)')].filter(f => f.offsetParent !== null);"
                " const off = faces.filter(f => f.classList.contains('cancelled'));"
                " const win = faces.filter(f => f.classList.contains('winning'));"
                " return faces.length === t.cards.length && off.length === t.cancelled.length"
                " && off.every(f => /cancelled/.test(f.getAttribute('aria-label')))"
                " && win.length === (t.winning === null ? 0 : 1); })()"
            )
            _play_until(page, marked, limit=600)
            page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-cancellation.png"))
            assert errors == []
        finally:
            help_server.hub.bot_delay = 0.05


def test_display_options_are_kept(help_server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        _started(page, help_server.base, variant="standard", players=4, target=None, timer=0)
        page.wait_for_selector("#hand button.card")
        red = "rgb(198, 40, 40)"
        diamond = "() => getComputedStyle(document.querySelector('#hand button.card.suit-d')).color"
        page.click("#settings-btn")
        assert not page.locator("#opt-sounds").is_checked()  # sounds are off by default
        page.check("#opt-four")
        page.check("#opt-large")
        page.keyboard.press("Escape")
        assert page.evaluate("document.body.classList.contains('four-colour') && document.body.classList.contains('large-cards')")
        page.reload()
        page.wait_for_selector("#hand button.card")
        assert page.evaluate("document.body.classList.contains('four-colour')")
        if page.locator("#hand button.card.suit-d").count():
            assert page.evaluate(diamond) != red  # diamonds are blue in the four-colour deck
        page.click("#settings-btn")
        assert page.locator("#opt-four").is_checked() and page.locator("#opt-large").is_checked()
        page.uncheck("#opt-four")
        page.uncheck("#opt-large")
        page.keyboard.press("Escape")
        assert errors == []


def test_a_click_spanning_a_state_message_is_not_lost(help_server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        _started(page, help_server.base, variant="standard", players=4, target=None, timer=0)
        page.wait_for_selector("#hand button.card[aria-pressed='false']:not([disabled])")
        first = page.locator("#hand button.card").first
        box = first.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        # A state message arrives between mouse down and up (a bot chose its pass): the hand is redrawn.
        page.evaluate(
            "(() => { const s = structuredClone(window.heartsClient.state);"
            " s.hand.passes_chosen = s.hand.passes_chosen.map((x, i) => x || i !== s.you.seat);"
            " window.heartsClient._onServerMessage(s); })()"
        )
        page.mouse.up()
        assert page.evaluate("window.heartsClient.selected") == [0]
        assert first.get_attribute("aria-pressed") == "true"
        assert errors == []


def test_a_remote_bot_is_marked_at_the_table_and_in_the_lobby(tmp_path: Path, chromium_browser) -> None:  # type: ignore[no-untyped-def]
    from hearts.server.bot_tokens import BotTokens

    from .wsconn import Conn

    secret = "e2e-secret-of-lowbot-0123456789"
    srv = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, bot_workers=0, bot_tokens=BotTokens.parse([f"lowbot={secret}"]))
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        try:
            table = _create_table(page, srv.base, variant="standard", players=4, target=30, name="Pat")
            bot = Conn(srv.ws)
            bot.send({"type": "hello", "v": 1, "table": table, "bot": "lowbot", "bot_token": secret, "seat": 2})
            assert bot.next("welcome")["seat"] == 2
            seat = "#seats .seat[data-seat='2']"
            page.wait_for_function(f"() => (document.querySelector(\"{seat}\") || {{}}).innerText?.includes('lowbot')")
            assert page.locator(f"{seat} .tag.bot.remote").inner_text().lower() == "remote bot"
            page.goto(srv.base + "/")
            page.wait_for_selector(f".table-item[data-table='{table}']")
            assert "lowbot (remote bot)" in page.locator(f".table-item[data-table='{table}']").inner_text()
            assert errors == []
            bot.close()
        finally:
            srv.stop()
