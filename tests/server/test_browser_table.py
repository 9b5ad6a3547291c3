"""The web table's polish (issue 50, parts 2, 3 and 5), in real Chromium against a server in this process.

Names as the server takes them, seats that cannot be taken, a player who left, the turn timer that plays for a
person, the pass's receiver, dimmed cards, many players round the trick, the rules and keys page, "This hand"
(tricks, cards played, point cards taken), the cards' spoken labels and an axe-core check of the pages.
Uses the browser and skip rules of ``test_browser_e2e``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select

from hearts.server.names import MAX_NAME, check_name
from hearts.server.store import seats_t, tables_t
from hearts.server.table import Refusal

from .conftest import InProcessServer, Player, system_missing, wait_client
from .test_browser_e2e import DESKTOP, PHONE, SHOTS, _needs, browser_page, chromium_browser  # noqa: F401 (fixtures)
from .test_browser_languages import catalog
from .wsconn import Conn


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    """Quick bots, a short grace (a player who leaves is away at once), no score-sheet pause."""
    srv = InProcessServer(f"sqlite:///{tmp_path_factory.mktemp('hearts-e2e-table') / 'h.db'}", bot_delay=0.05, grace=0.5)
    srv.hub.review = 0.0
    try:
        yield srv
    finally:
        srv.stop()


def _open(page: Any, base: str, link: str) -> None:
    page.goto(base + link)
    wait_client(page, "s.you !== null")


def _start(server: InProcessServer, token: str, table: str) -> None:
    conn = Conn(server.ws, table, token)
    conn.next("state")
    assert conn.act({"type": "start"})["type"] == "ok"
    conn.close()


def _fake(page: Any, script: str) -> None:
    """Show the page a made-up state: the latest one changed by ``script`` (a function body on ``s``); the socket closed first."""
    page.evaluate("() => { const w = window.heartsClient.socket; if (w) w.onmessage = null; }")
    page.evaluate(f"() => {{ const s = structuredClone(window.heartsClient.state); {script}; window.heartsClient._onServerMessage(s); }}")


# ---- names: the client's limit is the server's, and the lobby's stats work for every name it takes ----------

NAMES = [
    "Ann",
    "  Zoë   & Ann #1 +ü?  ",
    "x" * MAX_NAME,
    "x" * (MAX_NAME + 1),
    "😀" * MAX_NAME,  # 24 characters, 48 UTF-16 units: a maxlength of 24 would refuse it
    "😀" * (MAX_NAME + 1),
    '名前 / O\'Brien "q" %20',
    "a\u00a0\u3000b",  # white space the server folds
    "a\u200bb",  # a format character: refused
    "tab\there",
    "a\x1cb",  # Python's split() folds it, JavaScript's \\s does not
    "   ",  # spaces only: no name (the page once made a table with nobody seated)
    "👩\u200d👩\u200d👧\u200d👦" * MAX_NAME,  # 24 characters as a person counts them, 168 code points
]


def _server_takes(name: str) -> str | None:
    try:
        return check_name(name)
    except Refusal:
        return None


def test_the_name_limit_is_the_servers(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        page.goto(server.base + "/")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        assert page.locator("#create-name").get_attribute("maxlength") is None  # no UTF-16 count that differs from the server's
        for name in NAMES:
            cleaned = _server_takes(name)
            client = page.evaluate(
                "async (n) => { const m = await import('/static/js/names.js'); return [m.nameProblem(n), m.cleanName(n)]; }", name
            )
            assert (client[0] is None) == (cleaned is not None), (name, client, cleaned)
            if cleaned is None:
                # the form says so and sends nothing
                page.fill("#create-name", name)
                assert page.evaluate("() => document.querySelector('#create-name').validationMessage") != ""
                continue
            assert client[1] == cleaned
        # A name of 24 emoji is taken at a real table.
        page.fill("#create-name", "😀" * MAX_NAME)
        assert page.evaluate("() => document.querySelector('#create-name').validationMessage") == ""
        page.select_option("#create-level", "easy")
        page.fill("#create-timer", "0")
        page.click("#create-btn")
        page.wait_for_url("**/t/*#token=*")
        wait_client(page, "s.you")
        assert page.evaluate("window.heartsClient.state.you.name") == "😀" * MAX_NAME
        assert errors == []


# ---- seats that cannot be taken: no Join button ------------------------------------------------------------


def test_no_join_button_on_a_table_whose_seats_are_all_taken(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        t = server.table(name="Ann", turn_seconds=0, target=100)
        tid = t["table"]
        _start(server, t["token"], tid)
        page.goto(server.base + "/")
        item = f"#open-tables li[data-table='{tid}']"
        page.wait_for_selector(item)
        assert page.locator(f"{item} a:text('Join')").count() == 1  # three bots no person has held
        # Three people take the bots' seats during the hand: each is "joining" (a bot finishes the hand for them).
        for name in ("Bob", "Cy", "Di"):
            status, out = server.post(f"/api/tables/{tid}/join", {"name": name})
            assert status == 200, out
        assert server.post(f"/api/tables/{tid}/join", {"name": "Eve"})[0] == 409
        seats = server.get(f"/api/tables/{tid}")[1]["seats"]
        assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"] and not any(s["joinable"] for s in seats)
        page.click("#refresh-btn")
        page.wait_for_function(f"() => document.querySelector(\"{item}\").innerText.includes('Bob')")
        assert page.locator(f"{item} a:text('Join')").count() == 0
        assert page.locator(f"{item} a:text('Watch')").count() == 1
        # The table's own page offers no seat either.
        page.goto(f"{server.base}/t/{tid}")
        page.wait_for_selector("#seat-panel", state="visible")
        page.wait_for_function("() => window.heartsClient.state !== null")
        assert page.locator("#join-seat option").all_inner_texts() == ["no free seat"]
        assert page.locator("#join-btn").is_disabled()
        assert errors == []


# ---- a player who left, the turn timer, the stats ---------------------------------------------------------


def test_a_player_who_left_the_timer_and_the_stats(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        tim_http, quitter_http = Player(server.base), Player(server.base)
        t = tim_http.table(name="Tim", turn_seconds=10, target=1, level="easy")  # target 1: one hand (or a few, on a tie)
        tid = t["table"]
        status, bob = quitter_http.post(f"/api/tables/{tid}/join", {"name": "Quitter"})
        assert status == 200 and bob["seat"] == 1
        # Quitter opens the table, then closes it: after the grace a bot plays the seat.
        q = Conn(server.ws, tid, bob["token"])
        q.next("state")
        q.close()
        _open(page, server.base, t["link"])
        # every message the page shows, kept (each one stays on screen for a few seconds only)
        page.evaluate(
            "() => { window._said = []; new MutationObserver(() => window._said.push(document.querySelector('#message').innerText))"
            ".observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true}); }"
        )
        server.hub.tables[tid].table.turn_seconds = 1  # the protocol's least is 10 s: shorter for the test
        page.click("#start-btn")
        seat = "#seats .seat[data-seat='1']"
        page.wait_for_selector(f"{seat} .tag.left")
        assert page.locator(f"{seat} .name").inner_text() == "Quitter"
        assert page.locator(f"{seat} .stand-in").inner_text() == "a bot plays for them (easy)"
        page.screenshot(path=str(SHOTS / "e2e-left.png"))
        # Tim lets the timer run out: a bot passes for him, and the page says so.
        page.wait_for_function("() => window._said.some(m => /^Your time ran out: a bot passed your cards for you\\.$/.test(m))")
        page.wait_for_function(
            "() => window._said.some(m => /^Your time ran out: a bot played the (10|[2-9JQKA])[♣♦♥♠] for you\\.$/.test(m))"
        )
        page.wait_for_function("() => window.heartsClient.state.game_over", timeout=120000)
        log = server.store.actions(tid)
        assert {e["by"] for e in log if e["seat"] == 0 and e["kind"] in ("pass", "play")} == {"timer"}
        assert {e["by"] for e in log if e["seat"] == 1 and e["kind"] in ("pass", "play")} == {"bot"}
        with server.store.engine.connect() as conn:
            result = json.loads(conn.execute(select(tables_t.c.result).where(tables_t.c.id == tid)).scalar_one())
        assert result["abandoned"] == [1] and result["humans"] == [0, 1]
        # The stats count Quitter's game as left, not as a loss at the bot's score; Tim's as played.
        quitter, tim = quitter_http.get("/api/stats")[1], tim_http.get("/api/stats")[1]
        assert (quitter["games"], quitter["abandoned"], quitter["points"], quitter["hands"]) == (0, 1, 0, 0)
        assert (tim["games"], tim["abandoned"]) == (1, 0) and tim["hands"] >= 1  # a tie for the lowest score plays on
        page.evaluate("() => localStorage.setItem('hearts.name', 'Quitter')")
        page.context.add_cookies([{"name": "hearts_player", "value": quitter_http.cookie, "url": server.base}])  # Quitter's browser
        page.goto(server.base + "/")
        page.wait_for_selector("#stats", state="visible")
        assert page.locator("#stats-list dd[data-stat='Games']").inner_text() == "0"
        assert page.locator("#stats-list dd[data-stat='Abandoned']").inner_text() == "1"
        assert "Left before the end" in page.locator("#stats-list").inner_text()
        assert errors == []


# ---- passing names its receiver; dimmed cards keep their colour -------------------------------------------


def test_the_pass_names_its_receiver_and_dimmed_cards_keep_their_colour(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        t = server.table(name="Ann", turn_seconds=0, target=100)
        _open(page, server.base, t["link"])
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        state = page.evaluate("window.heartsClient.state")
        names = [s["name"] for s in state["table"]["seats"]]
        hand = state["hand"]
        assert hand["pass_direction"] == "left" and hand["pass_to"] == 1 and hand["pass_from"] == 3
        assert f"Choose 3 cards to pass to {names[1]}: pass left" in page.locator("#status").inner_text()
        assert page.locator("#pass-btn").inner_text().startswith(f"Pass to {names[1]} 0/3")
        for _ in range(3):
            page.locator("#hand button.card[aria-pressed='false']").first.click()
        page.click("#pass-btn")
        page.wait_for_function("() => window.heartsClient.state.hand.received !== null")
        note = page.locator("#hand-note").inner_text()
        assert f"to {names[1]}" in note and f"from {names[3]}" in note, note
        # A play state where only one card is legal: the others are dimmed, in their suit's colour.
        _fake(page, "s.hand.phase = 'play'; s.turn = {seats: [s.you.seat], deadline: null, review: null}; s.hand.legal = [s.hand.cards[0]]")
        page.wait_for_selector("#hand button.card.dim")
        colours = page.evaluate(
            "() => [...document.querySelectorAll('#hand button.card.dim')].map(b => [b.classList.contains('red'),"
            " getComputedStyle(b).color, getComputedStyle(b).filter])"
        )
        assert len(colours) == 12
        for red, colour, flt in colours:
            assert flt == "none"
            assert (colour == "rgb(198, 40, 40)") == red, colour
        page.screenshot(path=str(SHOTS / "e2e-dim.png"))
        assert errors == []


# ---- many players: the trick's cards clear of the seats, the ✕ badges in view ------------------------------


@pytest.mark.parametrize("players", [8, 11])
def test_many_players_cards_clear_of_the_seats(server: InProcessServer, chromium_browser, players: int) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        page.emulate_media(reduced_motion="reduce")
        t = server.table(name="Ann", variant="cancellation", players=players, target=150, turn_seconds=0)
        _open(page, server.base, t["link"])
        page.click("#start-btn")
        page.wait_for_function("() => window.heartsClient.state.hand !== null")
        # A full trick, three of its cards cancelled (a made-up state: the geometry is what is checked).
        _fake(
            page,
            "const n = s.table.players; s.hand.phase = 'play';"
            " s.hand.trick = {leader: (s.you.seat + 1) % n, cards: ['2C','3C','4C','5C','6C','7C','8C','9C','TC','JC','QC'].slice(0, n),"
            " winning: 0, cancelled: [1, 2, n - 1]}",
        )
        page.wait_for_function(f"() => document.querySelectorAll('#seats .trick-card').length === {players}")
        found = page.evaluate(
            """() => {
          const seats = [...document.querySelectorAll('#seats .seat')].map(e => e.getBoundingClientRect());
          const cards = [...document.querySelectorAll('#seats .trick-card .face')].map(e => e.getBoundingClientRect());
          const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const bad = [];
          cards.forEach((c, i) => seats.forEach((r, j) => { if (hit(c, r)) bad.push('card ' + i + ' on seat ' + j); }));
          const badges = [...document.querySelectorAll('#seats .trick-card .x-badge')];
          for (const b of badges) {
            const r = b.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (top !== b) bad.push('a badge under ' + (top ? top.className : 'nothing'));
          }
          return {bad, badges: badges.length};
        }"""
        )
        assert found == {"bad": [], "badges": 3}
        page.screenshot(path=str(SHOTS / f"e2e-ring-{players}.png"))
        assert errors == []


# ---- the rules and keys page; "This hand" -----------------------------------------------------------------


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rules_and_keys_page_and_this_hand(server: InProcessServer, chromium_browser, size) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, size) as (page, errors):
        # In the lobby: the rules every table shares, and the keys.
        page.goto(server.base + "/")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        page.click("#help-btn")
        assert page.locator("#help-dialog").is_visible()
        assert "You must follow suit" in page.locator("#help-rules").inner_text()
        assert page.locator("#help-keys .key-row").count() == 12
        page.keyboard.press("Escape")
        # At a table of 3: its own rules (2♦ removed, 2♣ leads, the passes).
        t = server.table(name="Ann", players=3, turn_seconds=0, target=100)
        _open(page, server.base, t["link"])
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        page.keyboard.press("?")
        rules = page.locator("#help-rules").inner_text()
        assert "Standard Hearts for 3 players, to 100 points." in rules
        assert "Removed from the deck: 2♦." in rules and "The holder of the lowest club (2♣)" in rules
        assert "to the left in hand 1, to the right in hand 2" in rules
        keys = page.locator("#help-keys").inner_text()
        for key in ("P", "B", "H", "C", "U", "L", "T", "S", "?"):
            assert page.locator(f"#help-keys kbd:text-is('{key}')").count() == 1, key
        assert "pass the selected cards" in keys
        page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-help.png"))
        page.keyboard.press("Escape")
        assert not page.locator("#help-dialog").is_visible()
        # Play a few tricks, then T: the tricks so far, every card played struck out, each player's point cards.
        for _ in range(3):
            page.locator("#hand button.card[aria-pressed='false']").first.click()
        page.click("#pass-btn")
        for _ in range(60):
            page.wait_for_function(
                "() => { const s = window.heartsClient.state; return s.hand.phase === 'play' && (s.hand.tricks.length >= 6"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null); }"
            )
            if page.evaluate("window.heartsClient.state.hand.tricks.length") >= 6:
                break
            seq = page.evaluate("window.heartsClient.state.seq")
            page.locator("#hand button.card.legal:not([disabled])").last.click()
            page.wait_for_function("(seq) => window.heartsClient.state.seq !== seq", arg=seq)
        page.evaluate("() => { const w = window.heartsClient.socket; if (w) w.onmessage = null; }")  # hold this state still
        page.keyboard.press("t")
        assert page.locator("#hand-dialog").is_visible()
        state = page.evaluate("window.heartsClient.state")
        hand = state["hand"]
        played = [c for tr in hand["tricks"] for c in tr["cards"]] + (hand["trick"]["cards"] if hand["trick"] else [])
        shown = page.locator("#hand-log .trick-line").count()
        assert shown == len(hand["tricks"]) + (1 if hand["trick"] and hand["trick"]["cards"] else 0)
        gone = sorted(page.locator("#hand-log .rank-chip.gone").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert gone == sorted(played)
        assert page.locator("#hand-log .rank-chip").count() == 51  # 2♦ is out of a three-player deck
        for seat in range(3):
            cards = page.locator(f"#hand-log .taken-row[data-seat='{seat}'] .face").evaluate_all("els => els.map(e => e.dataset.card)")
            points = sum(13 if c == "QS" else 1 for c in cards if c == "QS" or c.endswith("H"))
            assert points == hand["points_taken"][seat], (seat, cards, hand["points_taken"])
        assert page.locator("#hand-log .taken-row").first.get_attribute("data-seat") == "0"  # you first
        page.screenshot(path=str(SHOTS / f"e2e-{size[0]}-this-hand.png"))
        assert errors == []


# ---- accessibility: spoken labels, the main heading, axe-core -------------------------------------------------


def _axe_script() -> str:
    try:
        import axe_playwright_python
    except ImportError:
        system_missing("axe-playwright-python is not installed (pip install -e '.[e2e]'): it ships axe-core")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def _axe(page: Any, script: str, where: str) -> None:
    page.evaluate(script)
    out = page.evaluate("async () => { const r = await axe.run(document, {resultTypes: ['violations']}); return r.violations; }")
    found = [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:4]) for v in out]
    assert found == [], f"axe-core, {where}: {found}"


@pytest.mark.parametrize("locale", ["en-GB", "tr-TR"])
def test_spoken_labels_heading_and_axe(server: InProcessServer, chromium_browser, locale: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    script = _axe_script()
    messages = catalog("tr" if locale.startswith("tr") else "en")
    with browser_page(chromium_browser, DESKTOP, locale=locale) as (page, errors):
        page.goto(server.base + "/")
        page.wait_for_selector("#create-variant option[value='standard']", state="attached")
        _axe(page, script, "the lobby")
        t = server.table(name="Ann", players=4, turn_seconds=60, target=100)
        _open(page, server.base, t["link"])
        assert page.locator("#table-view h1").count() == 1 and page.locator("#table-view h1").inner_text().endswith(t["table"])
        _axe(page, script, "the table, waiting")
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        # Each card's label says what it shows, then its name in the language: "9♠, nine of spades".
        labels = page.locator("#hand button.card").evaluate_all(
            "els => els.map(b => [b.dataset.card, b.getAttribute('aria-label'), b.innerText])"
        )
        for card, label, text in labels:
            shown = "".join(text.split())
            assert label.startswith(shown + ", "), (label, shown)
            name = page.evaluate("(c) => window.heartsClient.cardLabel(c)", card)
            assert label == shown + ", " + name
        if locale.startswith("tr"):
            assert any(label.startswith("Q♠, maça kızı") for _, label, _ in labels) or all("QS" != c for c, _, _ in labels)
            assert any("maça" in label or "kupa" in label or "sinek" in label or "karo" in label for _, label, _ in labels)
        _axe(page, script, "the table, passing")
        page.keyboard.press("?")
        assert page.locator("#help-title").inner_text() == messages.get("Rules and keys", "Rules and keys")
        _axe(page, script, "the rules and keys page")
        page.keyboard.press("Escape")
        page.keyboard.press("s")
        _axe(page, script, "the score sheet")
        page.keyboard.press("Escape")
        page.keyboard.press("t")
        _axe(page, script, "this hand")
        assert errors == []


def test_stats_count_a_left_game_as_abandoned(tmp_path: Path) -> None:
    """The store's side alone: a game left before its end counts in ``abandoned`` only."""
    from hearts.server.store import Store

    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    try:
        with store.engine.begin() as conn:
            for i, (abandoned, winners) in enumerate([([1], [1]), ([], [0]), ([], [1])]):
                result = {"scores": [10, 5], "winners": winners, "hands": 3, "names": ["Ann", "Bob"], "humans": [0, 1]}
                result["players"] = ["pAnn", "pBob"]
                for seat, player in enumerate(result["players"]):
                    conn.execute(
                        insert(seats_t).values(table_id=f"t{i}", seat=seat, name="x", kind="human", ever_human=True, player=player)
                    )
                result["shooters"] = [None, None, None]
                result["abandoned"] = abandoned
                conn.execute(
                    insert(tables_t).values(
                        id=f"t{i}",
                        created=time.time(),
                        rules="{}",
                        level="easy",
                        turn_seconds=0,
                        secret="",
                        status="finished",
                        result=json.dumps(result),
                    )
                )
        bob = store.player_stats("pBob")
        assert (bob["games"], bob["wins"], bob["abandoned"], bob["points"], bob["hands"]) == (2, 1, 1, 10, 6)
        assert store.player_stats("pAnn")["abandoned"] == 0
    finally:
        store.close()


# ---- the game speed ---------------------------------------------------------------------------------------


def test_the_game_speed_setting(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        t = server.table(name="Ann", turn_seconds=0, target=100)
        _open(page, server.base, t["link"])
        page.click("#settings-btn")
        assert page.locator("#opt-speed").input_value() == "normal"
        page.select_option("#opt-speed", "slow")
        page.keyboard.press("Escape")
        # Every card another player plays, and when this page showed it.
        page.evaluate(
            """() => { window._shown = []; let seen = -1;
            const look = () => { const s = window.heartsClient.state; const a = s && s.last_action;
              if (s && s.seq !== seen) { seen = s.seq;
                if (a && a.kind === 'play' && a.seq === s.seq && a.seat !== s.you.seat) window._shown.push([performance.now(), s.seq]); }
              requestAnimationFrame(look); };
            look(); }"""
        )
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        for _ in range(3):
            page.locator("#hand button.card[aria-pressed='false']").first.click()
        page.click("#pass-btn")
        # The bots move every 50 ms; at the slow speed this page shows each of their cards for 0.9 s at least.
        for _ in range(20):
            page.wait_for_function(
                "() => window._shown.length >= 3 || document.querySelector('#hand button.card.legal:not([disabled])') !== null",
                timeout=30000,
            )
            if page.evaluate("window._shown.length >= 3"):
                break
            seq = page.evaluate("window.heartsClient.state.seq")
            page.locator("#hand button.card.legal:not([disabled])").first.click()
            page.wait_for_function("(seq) => window.heartsClient.state.seq !== seq", arg=seq)
        shown = page.evaluate("window._shown")
        gaps = [b[0] - a[0] for a, b in zip(shown, shown[1:], strict=False)]
        assert all(g >= 850 for g in gaps), gaps
        assert [s for _, s in shown] == sorted(s for _, s in shown)  # in order, none skipped or repeated
        page.reload()  # kept in the browser
        page.wait_for_function("() => window.heartsClient.state !== null")
        assert page.evaluate("document.body.classList.contains('speed-slow')")
        # Fast: the cards appear without moving.
        page.click("#settings-btn")
        assert page.locator("#opt-speed").input_value() == "slow"
        page.select_option("#opt-speed", "fast")
        page.keyboard.press("Escape")
        for _ in range(20):  # play on until the trick shows cards (the table is drawn again at once, and at each state)
            page.wait_for_function(
                "() => document.querySelectorAll('#seats .trick-card').length > 0"
                " || document.querySelector('#hand button.card.legal:not([disabled])') !== null",
                timeout=30000,
            )
            if page.locator("#seats .trick-card").count():
                break
            page.locator("#hand button.card.legal:not([disabled])").first.click()
        assert page.evaluate("() => document.querySelectorAll('#seats .trick-card.enter, #seats .trick-card.sweep').length") == 0
        page.click("#settings-btn")
        page.select_option("#opt-speed", "normal")
        page.keyboard.press("Escape")
        assert page.evaluate("localStorage.getItem('hearts.opt.speed')") is None
        assert errors == []


def test_a_pass_taken_back_until_everyone_has_passed(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        t = server.table(name="Ann", turn_seconds=0, target=100)
        tid = t["table"]
        status, bob = server.post(f"/api/tables/{tid}/join", {"name": "Bob"})
        assert status == 200
        b = Conn(server.ws, tid, bob["token"])  # Bob is there and takes his time to pass
        b.next("state")
        _open(page, server.base, t["link"])
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        assert page.locator("#unpass-btn").is_hidden()
        for _ in range(3):
            page.locator("#hand button.card[aria-pressed='false']").first.click()
        chosen = page.evaluate("window.heartsClient.selected.map(i => document.querySelectorAll('#hand button.card')[i].dataset.card)")
        page.click("#pass-btn")
        page.wait_for_selector("#unpass-btn", state="visible")
        assert "Take back your pass (B)" in (page.locator("#unpass-btn").get_attribute("title") or "")
        page.keyboard.press("b")
        # The same three cards are selected again, to change: one swapped, then passed.
        page.wait_for_function("() => window.heartsClient.state.hand.passed === null && window.heartsClient.selected.length === 3")
        again = page.locator("#hand button.card[aria-pressed='true']").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(again) == sorted(chosen)
        assert page.locator("#unpass-btn").is_hidden() and page.locator("#pass-btn").is_enabled()
        page.locator("#hand button.card[aria-pressed='true']").first.click()
        page.locator("#hand button.card[aria-pressed='false']").last.click()
        final = page.locator("#hand button.card[aria-pressed='true']").evaluate_all("els => els.map(e => e.dataset.card)")
        page.click("#pass-btn")
        page.wait_for_selector("#unpass-btn", state="visible")
        # Bob passes: everyone has, the cards are exchanged, and there is nothing to take back.
        st = b.sync()
        assert b.act({"type": "pass", "cards": st["hand"]["cards"][:3]})["type"] == "ok"
        page.wait_for_function("() => window.heartsClient.state.hand.received !== null")
        assert page.locator("#unpass-btn").is_hidden()
        assert sorted(page.evaluate("window.heartsClient.state.hand.passed")) == sorted(final)
        b.close()
        assert errors == []


def test_the_only_legal_card_played_by_itself(server: InProcessServer, chromium_browser) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with browser_page(chromium_browser, DESKTOP) as (page, errors):
        t = server.table(name="Ann", turn_seconds=0, target=100)
        _open(page, server.base, t["link"])
        page.evaluate(
            "() => { window._said = []; new MutationObserver(() => window._said.push(document.querySelector('#message').innerText))"
            ".observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true}); }"
        )
        page.click("#settings-btn")
        assert not page.locator("#opt-auto").is_checked()  # off by default
        page.check("#opt-auto")
        page.keyboard.press("Escape")
        page.click("#start-btn")
        page.wait_for_selector("#hand button.card[aria-pressed]:not([disabled])")
        for _ in range(3):
            page.locator("#hand button.card[aria-pressed='false']").first.click()
        page.click("#pass-btn")
        # Play the cards only when there is a choice: the last trick (one card left) is played by itself.
        # Ann may shoot the moon (the bots can feed her every point): then she chooses, and the hand ends.
        for _ in range(60):
            page.wait_for_function(
                "() => window.heartsClient.state.hands.length >= 1"
                " || document.querySelectorAll('#hand button.card.legal:not([disabled])').length >= 2"
                " || document.querySelector('#moon-dialog').open"
            )
            if page.evaluate("window.heartsClient.state.hands.length >= 1"):
                break
            if page.locator("#moon-dialog").is_visible():
                page.click("#moon-add")
                continue
            seq = page.evaluate("window.heartsClient.state.seq")
            page.locator("#hand button.card.legal:not([disabled])").first.click()
            page.wait_for_function("(seq) => window.heartsClient.state.seq !== seq", arg=seq)
        assert page.evaluate("window.heartsClient.state.hands.length") >= 1
        said = page.evaluate("window._said")
        assert any(m.startswith("You play ") and m.endswith(": your only legal card.") for m in said), said
        assert errors == []
