"""The static table of ``hearts web build`` in Chromium: bytes, time to the first deal, and the bots' time a move.

Builds the folder, serves it from loopback with a plain static server (no
compression; the gzip size of each file is what a compressing host sends),
and measures in headless Chromium (Debian's ``/usr/bin/chromium``):

- the bytes of the first visit (the page, the engine, the 4-player table's
  learned model, the service worker's copies) and of a repeat visit (from
  the service worker), and the seconds
  to the lobby and to the first deal of a new table;
- each level's time a decision in the browser (Pyodide), a pass and a play,
  against the same bot in this machine's CPython (the peer, with the search's
  kernels compiled, as ``hearts serve`` runs it): seeded hands
  of standard Hearts for 4 and Cancellation Hearts for 8, every seat's
  decisions timed as the page's host makes them (a bot made for each).

Prints JSON::

    python benchmarks/web_page.py [--hands 2] [--hard-hands 1] [--seed 1] [--out F.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from hearts.web.build import build

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from static_server import StaticServer  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from provenance import provenance  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]

#: the measurement, the same text run by Pyodide in the page and by CPython here
MEASURE = r"""
import json, statistics, time
from hearts.core import Game, Rules
from hearts.bots.registry import LEVELS, make_bot

def measure(level, variant, players, hands, seed):
    rules = Rules.standard(players) if variant == "standard" else Rules.cancellation(players)
    passes, plays = [], []
    for h in range(hands):
        game = Game(rules, seed=seed + h)
        number = game.hand.number
        while game.hand is not None and game.hand.number == number and not game.game_over:
            seat = game.seats_to_act()[0]
            view = game.view(seat)
            start = time.perf_counter()
            action = make_bot(LEVELS[level], seed=seed * 1000 + len(plays) + len(passes)).act(view)
            ms = (time.perf_counter() - start) * 1000
            (passes if view.phase == "pass" else plays).append(ms)
            game.apply(action)
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] if xs else None
    return {"level": level, "table": f"{variant}-{players}", "hands": hands, "plays": len(plays),
            "play_ms_median": q(plays, 0.5), "play_ms_p90": q(plays, 0.9), "play_ms_mean": statistics.fmean(plays),
            "pass_ms_median": q(passes, 0.5), "pass_ms_max": max(passes)}

def run_all(hands, hard_hands, seed):
    out = []
    for level in ("easy", "medium", "hard"):
        for variant, players in (("standard", 4), ("cancellation", 8)):
            out.append(measure(level, variant, players, hard_hands if level == "hard" else hands, seed))
    return json.dumps(out)
"""

IN_PAGE = """async ([base, code, hands, hardHands, seed]) => {
  const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: base + "pyodide/" });
  const zip = await (await fetch(base + "hearts.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/bench" });
  for (const name of ["standard-4.npz", "cancellation-8.npz"]) {  // medium's models, as the page's worker fetches them
    const model = new Uint8Array(await (await fetch(base + "models/" + name)).arrayBuffer());
    py.FS.writeFile("/home/pyodide/bench/hearts/net/models/" + name, model);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/bench')");
  py.runPython(code);
  return py.runPython(`run_all(${hands}, ${hardHands}, ${seed})`);
}"""


def sizes(site: Path) -> dict[str, Any]:
    files = [p for p in site.rglob("*") if p.is_file() and p.name != "build.json"]
    raw = sum(p.stat().st_size for p in files)
    packed = {p.relative_to(site).as_posix(): len(gzip.compress(p.read_bytes(), 9)) for p in files}
    big = sorted(packed.items(), key=lambda kv: -kv[1])[:5]
    return {"files": len(files), "bytes": raw, "gzip_bytes": sum(packed.values()), "largest_gzip": dict(big)}


def visits(browser: Any, server: StaticServer) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(120000)
    before = server.total()
    start = time.monotonic()
    page.goto(server.base + "?bot-delay=0")
    page.wait_for_selector("#create-variant option[value='cancellation']", state="attached")
    lobby = time.monotonic() - start
    page.fill("#create-name", "Bench")
    page.select_option("#create-level", "medium")
    page.click("#create-btn")
    page.wait_for_function("() => window.heartsClient && window.heartsClient.state && window.heartsClient.state.you")
    page.click("#start-btn")
    page.wait_for_selector("#hand button.card")
    deal = time.monotonic() - start
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "async () => !!(await caches.match('hearts.zip')) && !!(await caches.match('pyodide/pyodide.asm.wasm'))"
        " && !!(await caches.match('models/standard-4.npz'))"  # medium's model, fetched when the bots first decide
    )
    first = server.total() - before
    start = time.monotonic()
    page.goto(server.base)
    page.wait_for_selector("#create-variant option[value='cancellation']", state="attached")
    again = time.monotonic() - start
    repeat = server.total() - before - first
    context.close()
    return {
        "first_visit_bytes": first,
        "first_visit_lobby_s": round(lobby, 2),
        "first_deal_s": round(deal, 2),
        "repeat_visit_bytes": repeat,
        "repeat_visit_lobby_s": round(again, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2, help="hands per table for easy and medium (default 2)")
    ap.add_argument("--hard-hands", type=int, default=1, help="hands per table for hard (default 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        info = build(site, say=lambda _: None)
        server = StaticServer(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
                visit = visits(browser, server)
                page = browser.new_page()
                page.goto(server.base + "icon.svg")
                page.set_default_timeout(0)
                in_page = json.loads(page.evaluate(IN_PAGE, [server.base, MEASURE, args.hands, args.hard_hands, args.seed]))
                version = page.evaluate("navigator.userAgent")
                browser.close()
        finally:
            server.stop()
        # the peer as `hearts serve` runs it: the search's kernels compiled (or loaded from the cache) first
        warm = "from hearts.bots.kernel.runtime import warm\nwarm(lambda _: None)\n"
        code = warm + MEASURE + f"\nprint(run_all({args.hands}, {args.hard_hands}, {args.seed}))"
        peer = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        result = {
            "provenance": provenance("python benchmarks/web_page.py " + " ".join(sys.argv[1:])),
            "command": "python benchmarks/web_page.py " + " ".join(sys.argv[1:]),
            "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine(), "browser": version},
            "pyodide": info["pyodide"],
            "build": sizes(site),
            "visits": visit,
            "bots_in_chromium": in_page,
            "bots_in_cpython": peer,
        }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
