"""The web table in each language, in real Chromium at 1280×800 and 390×844: translated, and nothing overflows.

Uses the live server and browser of ``test_browser_e2e`` (and its skip rules). The language comes from the
browser's locale (Accept-Language and navigator.languages), as a player's would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .test_browser_e2e import DESKTOP, PHONE, _needs, browser_page, chromium_browser, live_server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow
CATALOGS = Path(__file__).resolve().parents[2] / "src" / "hearts" / "server" / "static" / "i18n"
#: the web's language codes, and a locale a browser of that language sends
LOCALES = {"en": "en-GB", "id": "id-ID", "jv": "jv-ID", "tr": "tr-TR", "sr": "sr-Latn-RS", "sr-Cyrl": "sr-Cyrl-RS"}

#: every visible element whose box leaves the viewport sideways, or whose text is clipped (hidden overflow, ellipsis)
OVERFLOW = """() => {
  const W = window.innerWidth, bad = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (typeof e.className === "string" && e.className ? "." + e.className.trim().replace(/\\s+/g, ".") : "");
  for (const e of document.querySelectorAll("body *")) {
    if (e.closest("[hidden], dialog:not([open]), .sr-only, script, noscript")) continue;
    if (e.closest("details:not([open])") && !e.closest("summary") && e.tagName !== "DETAILS") continue;
    const cs = getComputedStyle(e);
    if (cs.display === "none" || cs.visibility === "hidden") continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -1 || r.right > W + 1) bad.push(name(e) + " spans " + Math.round(r.left) + ".." + Math.round(r.right) + " of " + W);
    const clips = /hidden|clip/.test(cs.overflowX) || cs.textOverflow === "ellipsis";
    if (clips && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim()) {
      bad.push(name(e) + " clips its text: " + e.textContent.trim().slice(0, 40));
    }
  }
  if (document.documentElement.scrollWidth > W + 1) bad.push("the page scrolls sideways: " + document.documentElement.scrollWidth);
  return bad;
}"""


def catalog(code: str) -> dict[str, object]:
    if code == "en":
        return {}
    messages: dict[str, object] = json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))["messages"]
    return messages


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("code", list(LOCALES))
def test_the_table_in_each_language_fits(live_server: str, chromium_browser, code: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    messages = catalog(code)
    with browser_page(chromium_browser, size, locale=LOCALES[code]) as (page, errors):
        page.goto(live_server + "/")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        assert page.evaluate("document.documentElement.lang") == code
        assert page.locator("#lobby h1").inner_text() == messages.get("New table", "New table")
        assert page.evaluate(OVERFLOW) == [], "the lobby"
        variants = page.locator("#create-variant option").all_inner_texts()  # the variants' names in the language
        assert variants == [messages.get(n, n) for n in ("Standard Hearts", "Omnibus Hearts", "Cancellation Hearts")], variants
        page.fill("#create-name", "Ana")
        page.select_option("#create-level", "easy")
        page.fill("#create-timer", "0")
        page.click("#create-btn")
        page.wait_for_url("**/t/*#token=*")
        page.wait_for_selector("#start-btn", state="visible")
        assert page.evaluate(OVERFLOW) == [], "the table, waiting"
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        cards = page.locator("#hand button.card")
        for i in (12, 11, 10):
            cards.nth(i).click()
        status = page.locator("#status").inner_text()
        choose = str(messages.get("Choose {cards} to pass to {name}: {direction}", "Choose {cards} to pass to {name}: {direction}"))
        words = max(re.split(r"\{[a-z_]+\}", choose), key=len).strip()  # the longest run of the sentence's own words
        assert words and words in status, (words, status)
        label = str(cards.nth(12).get_attribute("aria-label"))
        assert ", " + str(messages.get("selected", "selected")) in label
        assert page.evaluate(OVERFLOW) == [], "the table, passing"
        for key, dialog in (("?", "help-dialog"), ("t", "hand-dialog")):  # the rules and keys, and "This hand"
            page.keyboard.press(key)
            page.wait_for_selector(f"#{dialog}", state="visible")
            assert page.evaluate(OVERFLOW) == [], dialog
            page.keyboard.press("Escape")
        page.click("#settings-btn")
        assert page.locator("#opt-lang").input_value() == code
        assert page.evaluate(OVERFLOW) == [], "the options"
        page.keyboard.press("Escape")
        page.goto(live_server + "/")  # the lobby lists the table just made, in the language
        page.wait_for_selector("#open-tables li.table-item")
        assert str(messages.get("Watch", "Watch")) in page.locator("#open-tables li.table-item").first.inner_text()
        assert page.evaluate(OVERFLOW) == [], "the lobby with a table"
        assert errors == []


def test_the_language_can_be_switched_in_the_options(live_server: str, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP, locale="en-US") as (page, _errors):
        page.goto(live_server + "/")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        assert page.locator("#lobby h1").inner_text() == "New table"
        page.click("#settings-btn")
        page.select_option("#opt-lang", "tr")
        page.wait_for_function("() => document.documentElement.lang === 'tr'")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        assert page.locator("#lobby h1").inner_text() == "Yeni masa"
        page.reload()  # kept in the browser
        page.wait_for_function("() => document.documentElement.lang === 'tr'")
