"""The guided first hand in real Chromium, in two languages: from the lobby's button to the score, each note once.

Uses the live server and browser of ``test_browser_e2e`` (bots without delay, and its skip rules).
"""

from __future__ import annotations

import pytest

from hearts.tui.coach import TEXTS

from .test_browser_e2e import DESKTOP, _needs, browser_page, chromium_browser, live_server  # noqa: F401 (fixtures)
from .test_browser_languages import LOCALES, catalog

pytestmark = pytest.mark.slow

NOTE_NOW = "() => { const c = document.getElementById('coach'); return c.hidden ? null : c.getAttribute('data-note'); }"
#: "Got it", if the note still shows
GOT_IT = "() => { if (!document.getElementById('coach').hidden) document.getElementById('coach-ok').click(); }"


@pytest.mark.parametrize("code", ["en", "id"])
def test_the_guided_hand_from_the_lobby_to_the_score(live_server: str, chromium_browser, code: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    messages = catalog(code)
    with browser_page(chromium_browser, DESKTOP, locale=LOCALES[code]) as (page, errors):
        page.goto(live_server + "/")
        page.wait_for_selector("#guide-btn")
        page.click("#guide-btn")
        page.wait_for_url("**/t/*#token=*")
        page.wait_for_selector("#coach:not([hidden])")  # the table starts by itself: the pass's note
        seen: list[str] = []
        for _ in range(600):
            note = page.evaluate(NOTE_NOW)
            if note is not None and note not in seen:
                seen.append(note)
                text = page.locator("#coach-text").inner_text()
                assert text == messages.get(TEXTS[note], TEXTS[note]), (note, text)
                assert page.locator("#coach-text").get_attribute("aria-live") == "polite"
            if note == "score":
                break
            if page.locator("dialog[open]").count():
                page.keyboard.press("Escape")  # the score sheet
            elif note is not None:
                # got it (in one step in the page: the next state may hide the note first)
                page.evaluate(
                    "() => { const c = document.getElementById('coach'); if (!c.hidden) document.getElementById('coach-ok').click(); }"
                )
                assert page.evaluate(NOTE_NOW) != note  # a note read does not come back
            elif page.locator("#pass-btn:not([hidden])").count():
                cards = page.locator("#hand button.card:not([disabled])")
                for i in range(3):
                    cards.nth(cards.count() - 1 - i).click(force=True)
                page.click("#pass-btn")
            elif page.locator("#hand button.card.legal").count():
                page.locator("#hand button.card.legal").first.click(force=True)  # a card may still be sliding in
            page.wait_for_timeout(60)
        assert seen[:2] == ["pass", "lead_two"] and seen[-1] == "score", seen
        # the rest depends on the cards played (each note's moment is tested on real states in tests/session/test_guide.py)
        assert len(seen) >= 5 and len(seen) == len(set(seen)) and set(seen) <= set(TEXTS), seen
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")  # the first hand's score sheet
        page.click("#coach-skip")  # the guide off: no more notes
        assert page.evaluate(NOTE_NOW) is None
        assert errors == []
