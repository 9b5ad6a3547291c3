"""Talking at the table in real Chromium: two and three people, each reading the quick phrases in their own
language (English, Turkish, Indonesian), free text shown as text, the creator's switch, mute, and the rate limit.

Uses the live server and browser of ``test_browser_e2e`` (and its skip rules).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest

from .conftest import wait_client
from .test_browser_e2e import DESKTOP, PHONE, _create_table, _needs, browser_page, chromium_browser, live_server  # noqa: F401 (fixtures)
from .test_browser_languages import LOCALES, OVERFLOW, catalog

pytestmark = pytest.mark.slow
#: markup a player might type: it must show as these very characters, and never run
HOSTILE = '<img src=x onerror="window.owned=1"><b>hi</b>'


def person(browser: Any, code: str, size: tuple[int, int] = DESKTOP) -> AbstractContextManager[tuple[Any, list[str]]]:
    """One person's own browser in language ``code``: ``with person(...) as (page, errors)``."""
    return browser_page(browser, size, locale=LOCALES[code])


def sit(page: Any, base: str, table: str, name: str) -> None:
    page.goto(f"{base}/t/{table}")
    page.wait_for_selector("#join-name", state="visible")
    page.fill("#join-name", name)
    page.click("#join-btn")
    wait_client(page, "s.you !== null")
    page.wait_for_selector("#chat-phrases button[data-phrase]", state="visible")


def said(page: Any, n: int) -> str:
    """The words of chat line ``n`` as this page shows them (waits for it)."""
    line = page.locator(f'#chat-lines li.chat-line[data-n="{n}"] .chat-said')
    line.wait_for()
    return str(line.inner_text())


def words(code: str, english: str) -> str:
    return str(catalog(code).get(english, english))


def test_two_people_chat_in_english_and_turkish(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with person(chromium_browser, "en") as (ann, ann_errors), person(chromium_browser, "tr", PHONE) as (bora, bora_errors):
        table = _create_table(ann, live_server, variant="standard", players=4, target=None, name="Ann")
        ann.wait_for_selector("#chat-free-box", state="visible")  # the creator holds the switch
        sit(bora, live_server, table, "Bora")
        assert bora.locator("#chat-free-box").is_hidden()

        ann.click("#chat-phrases button[data-phrase='gg']")
        assert said(ann, 1) == "Good game!"
        assert said(bora, 1) == words("tr", "Good game!") == "İyi oyundu!"
        assert bora.locator("#chat-lines .chat-empty").count() == 0  # "nothing said yet" is gone
        assert bora.locator("#chat-phrases button[data-phrase='wp']").inner_text() == words("tr", "Well played!")

        bora.fill("#chat-input", HOSTILE)
        bora.press("#chat-input", "Enter")
        assert said(ann, 2) == HOSTILE and said(bora, 2) == HOSTILE
        assert ann.evaluate("document.querySelectorAll('#chat img, #chat b').length") == 0
        assert ann.evaluate("window.owned") is None and bora.input_value("#chat-input") == ""
        assert bora.evaluate(OVERFLOW) == [], "the chat on a phone"

        ann.click("#chat-people button[data-seat='1']")  # Ann mutes Bora: Bora's lines leave Ann's screen
        assert ann.locator("#chat-people button[data-seat='1']").get_attribute("aria-pressed") == "true"
        assert ann.locator('#chat-lines li[data-n="2"]').count() == 0
        bora.click("#chat-phrases button[data-phrase='oops']")
        assert said(bora, 3) == words("tr", "Oops!")
        ann.click("#chat-phrases button[data-phrase='thanks']")
        assert said(ann, 4) == "Thanks!" and said(bora, 4) == words("tr", "Thanks!")
        assert ann.locator('#chat-lines li[data-seat="1"]').count() == 0
        ann.reload()  # the mute is kept in this browser, for this table
        ann.wait_for_selector('#chat-lines li[data-n="4"]')
        assert ann.locator('#chat-lines li[data-seat="1"]').count() == 0
        ann.click("#chat-people button[data-seat='1']")
        assert said(ann, 3) == "Oops!"

        ann.uncheck("#chat-free")  # the creator turns free chat off: Bora keeps the phrases only
        bora.wait_for_selector("#chat-form", state="hidden")
        assert bora.locator("#chat-off").inner_text() == words("tr", "Free chat is off at this table: quick phrases only.")
        assert bora.locator('#chat-lines li[data-n="2"]').count() == 0  # the free text is forgotten
        assert bora.locator("#chat-phrases button").count() == 9

        for _ in range(6):  # over the rate limit: the refusal in Bora's language
            bora.click("#chat-phrases button[data-phrase='hi']")
        slow = words("tr", "Slow down: you can say more in a moment.")
        bora.wait_for_function("(t) => document.querySelector('#message').innerText === t", arg=slow)
        assert ann_errors == [] and bora_errors == []


def test_three_people_and_a_spectator_each_read_their_own_language(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with (
        person(chromium_browser, "en") as (ann, errors),
        person(chromium_browser, "tr") as (bora, _),
        person(chromium_browser, "id", PHONE) as (sari, _),
        person(chromium_browser, "en") as (watcher, _),
    ):
        table = _create_table(ann, live_server, variant="standard", players=4, target=None, name="Ann")
        sit(bora, live_server, table, "Bora")
        ann.click("#chat-phrases button[data-phrase='hi']")
        bora.fill("#chat-input", "Merhaba, nasılsınız?")
        bora.click("#chat-send")
        said(ann, 2)
        sit(sari, live_server, table, "Sari")  # she comes later and reads the lines said before
        assert said(sari, 1) == words("id", "Hello!") == "Halo!"
        assert said(sari, 2) == "Merhaba, nasılsınız?"
        assert sari.locator('#chat-lines li[data-n="2"] .chat-who').inner_text() == "Bora"

        watcher.goto(f"{live_server}/t/{table}#watch")  # a spectator reads, but has nothing to talk with
        assert said(watcher, 1) == "Hello!"
        assert watcher.locator("#chat-phrases").is_hidden() and watcher.locator("#chat-form").is_hidden()
        assert watcher.locator("#chat-watch").is_visible()

        sari.click("#chat-phrases button[data-phrase='wp']")
        for page, code in ((ann, "en"), (bora, "tr"), (sari, "id"), (watcher, "en")):
            assert said(page, 3) == words(code, "Well played!")
            assert page.locator('#chat-lines li[data-n="3"] .chat-who').inner_text() == "Sari"
        assert errors == []
