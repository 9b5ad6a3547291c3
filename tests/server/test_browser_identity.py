"""Identity in real Chromium: an account carries a player to another browser and back to their seat; a name typed by
someone else is only a label. Three browsers (three cookie jars), in English and Turkish."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest

from .conftest import InProcessServer, Player, wait_client
from .test_browser_e2e import DESKTOP, PHONE, _needs, browser_page, chromium_browser  # noqa: F401 (fixtures)
from .test_browser_languages import LOCALES, catalog

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("_needs")]


def _browser(browser: Any, code: str, size: tuple[int, int] = DESKTOP) -> AbstractContextManager[tuple[Any, list[str]]]:
    """One person's own browser (its own cookie jar) in language ``code``: ``with _browser(...) as (page, errors)``."""
    return browser_page(browser, size, locale=LOCALES[code])


def _lobby(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#account", state="visible")


def test_an_account_takes_a_player_back_to_their_seat_in_another_browser(server: InProcessServer, chromium_browser: Any) -> None:  # noqa: F811
    tr = catalog("tr")
    with (
        _browser(chromium_browser, "en") as (ann, ann_errors),
        _browser(chromium_browser, "tr", PHONE) as (other_device, other_errors),
        _browser(chromium_browser, "tr") as (bob, bob_errors),
    ):
        # Ann makes a table in her browser and an account in the lobby.
        _lobby(ann, server.base)
        assert "guest" in ann.locator("#account-status").inner_text()
        ann.fill("#create-name", "Ann")
        ann.select_option("#create-level", "easy")
        ann.fill("#create-timer", "0")
        ann.click("#create-btn")
        ann.wait_for_url("**/t/*#token=*")
        tid = ann.evaluate("window.heartsClient.state ? window.heartsClient.state.table.id : location.pathname.split('/')[2]")
        _lobby(ann, server.base)
        assert ann.locator(f"#my-tables li[data-mine='{tid}']").count() == 1
        ann.fill("#account-login", "ann.lee")
        ann.fill("#account-password", "queen of spades")
        ann.click("#register-btn")
        ann.wait_for_function("() => document.querySelector('#account-status').innerText.includes('ann.lee')")
        assert ann.locator("#logout-btn").is_visible() and not ann.locator("#account-form").is_visible()

        # Bob types "Ann" at Ann's table: he gets a seat of his own, and his lobby is his.
        bob.goto(f"{server.base}/t/{tid}")
        bob.wait_for_selector("#seat-panel", state="visible")
        bob.fill("#join-name", "Ann")
        bob.click("#join-btn")
        wait_client(bob, "s.you && s.you.seat !== null")
        assert bob.evaluate("window.heartsClient.state.you.seat") == 1
        _lobby(bob, server.base)
        assert bob.locator(f"#my-tables li[data-mine='{tid}']").inner_text().count("2") >= 1  # seat 2, as people count
        assert (
            bob.locator("#account-status").inner_text()
            == tr["You play as a guest in this browser. Make an account to play as yourself on another device too."]
        )

        # Ann on her phone (Turkish): a wrong password is refused in Turkish, the right one brings her tables back.
        _lobby(other_device, server.base)
        assert other_device.locator(f"#my-tables li[data-mine='{tid}']").count() == 0
        other_device.fill("#account-login", "ann.lee")
        other_device.fill("#account-password", "queen of hearts")
        other_device.click("#login-btn")
        other_device.wait_for_function(
            "(m) => document.querySelector('#message').innerText.includes(m)",
            arg=tr["Wrong login or password."],
        )
        other_device.fill("#account-password", "queen of spades")
        other_device.click("#login-btn")
        other_device.wait_for_selector(f"#my-tables li[data-mine='{tid}'] button")
        other_device.click(f"#my-tables li[data-mine='{tid}'] button")
        other_device.wait_for_url(f"**/t/{tid}#token=*")
        wait_client(other_device, "s.you")
        assert other_device.evaluate("window.heartsClient.state.you.seat") == 0
        assert other_device.evaluate("window.heartsClient.state.you.name") == "Ann"

        # The table's own address, without the token, also seats her again (no "take a seat" form).
        other_device.evaluate("() => localStorage.clear()")
        other_device.goto(f"{server.base}/t/{tid}")
        other_device.wait_for_url(f"**/t/{tid}#token=*")
        wait_client(other_device, "s.you")
        assert other_device.evaluate("window.heartsClient.state.you.seat") == 0
        assert other_device.locator("#seat-panel").is_hidden()

        # Logging out makes the phone a new guest: no tables, the form back.
        _lobby(other_device, server.base)
        other_device.click("#logout-btn")
        other_device.wait_for_selector("#account-form", state="visible")
        assert other_device.locator("#me-panel").is_hidden()
        assert ann_errors == [] and bob_errors == [] and other_errors == []


def test_playing_again_together(server: InProcessServer, chromium_browser: Any) -> None:  # noqa: F811
    """Ann (English) and Bob (Turkish) finish a game; Ann asks to play again, Bob's page offers him his kept seat."""
    tr = catalog("tr")
    server.hub.review = 0
    ann_http, bob_http = Player(server.base), Player(server.base)
    t = ann_http.table(name="Ann", turn_seconds=10, target=1, level="easy")  # one hand (or a few, on a tie)
    tid = t["table"]
    b = bob_http.post(f"/api/tables/{tid}/join", {"name": "Bob"})[1]
    with _browser(chromium_browser, "en") as (ann, ann_errors), _browser(chromium_browser, "tr", PHONE) as (bob, bob_errors):
        for page, who in ((ann, ann_http), (bob, bob_http)):
            page.context.add_cookies([{"name": "hearts_player", "value": who.cookie, "url": server.base}])
        ann.goto(server.base + t["link"])
        bob.goto(server.base + b["link"])
        for page in (ann, bob):
            wait_client(page, "s.you")
        server.hub.tables[tid].table.turn_seconds = 1  # the timer plays for both: the protocol's least is 10 s
        ann.click("#start-btn")
        for page in (ann, bob):
            page.wait_for_selector("#again-btn", timeout=120000)
        ann.click("#again-btn")
        ann.wait_for_url("**/t/*#token=*")
        wait_client(ann, f"s.table.id !== '{tid}'")
        nxt = ann.evaluate("window.heartsClient.state.table.id")
        assert ann.evaluate("window.heartsClient.state.you.seat") == 0
        # Bob's page says a new game waits with his seat kept, in Turkish; he takes it
        bob.wait_for_selector("#again-note")
        assert (
            bob.locator("#again-note").inner_text()
            == tr["Someone asked to play again: a new game at this table's settings waits, with your seat kept for you until it starts."]
        )
        bob.click("#again-btn")
        bob.wait_for_url(f"**/t/{nxt}#token=*")
        wait_client(bob, "s.you")
        assert bob.evaluate("window.heartsClient.state.you.seat") == 1
        seats = server.get(f"/api/tables/{nxt}")[1]["seats"]
        assert [(s["kind"], s["name"]) for s in seats[:2]] == [("human", "Ann"), ("human", "Bob")]
        assert ann_errors == [] and bob_errors == []
