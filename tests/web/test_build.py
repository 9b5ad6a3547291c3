"""hearts web build: the folder, its page, the modules the page runs (standard library only) and the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

from hearts.cli import main
from hearts.net.meta import MODELS, REMOTE_INDEX
from hearts.web import build as web_build
from hearts.web.build import PYODIDE_FILES, BuildError, find_pyodide, icon_png, package_zip, page_html
from server.conftest import system_missing

CLIENT_PAGE = (web_build.CLIENT / "index.html").read_text(encoding="utf-8")


def test_the_page_is_the_servers_page_with_relative_addresses() -> None:
    html = page_html(CLIENT_PAGE)
    assert 'data-site="page"' in html and 'rel="manifest"' in html
    assert 'src="static/js/main.js"' in html and 'href="static/style.css"' in html
    assert '"/' not in html
    assert html.replace('<html lang="en" data-site="page">', "").count("<html") == 0
    with pytest.raises(BuildError, match="no longer has"):
        page_html(CLIENT_PAGE.replace('<html lang="en">', "<html>"))


def test_the_modules_run_with_the_standard_library_alone(tmp_path: Path) -> None:
    """The zip the page loads, run by a Python with no site-packages (so no NumPy): every level of the page moves, and
    ``medium`` fetches its table's model (checked against the zip's index) as the worker does, or plays its fallback
    where the model cannot be had."""
    with zipfile.ZipFile(io.BytesIO(package_zip())) as z:
        z.extractall(tmp_path)
        names = z.namelist()
    assert "hearts/core/rules.py" in names and f"hearts/net/models/{REMOTE_INDEX}" in names
    assert not any(n.endswith(".npz") for n in names)  # the models are fetched, one a table shape
    index = json.loads((tmp_path / "hearts" / "net" / "models" / REMOTE_INDEX).read_text())
    assert index == web_build.model_index() and "standard-4.npz" in index and "cancellation-8.npz" in index
    assert not any(n.startswith(("hearts/tui/", "hearts/vec/", "hearts/learn/")) or n.endswith("server/app.py") for n in names)
    script = textwrap.dedent(
        f"""
        import json, sys
        sys.path.insert(0, {str(tmp_path)!r})
        from hearts.core import Rules, card_name
        from hearts.net.backend import has_shipped
        from hearts.web.host import PageHost
        fetched = []
        def offline(name):
            fetched.append(name)
            return None
        def folder(name):
            fetched.append(name)
            with open({str(MODELS)!r} + "/" + name, "rb") as f:
                return f.read()
        for level, fetch in (("easy", None), ("medium", offline), ("medium", folder), ("hard", None)):
            host = PageHost.from_page('{{"saved": null, "bot_delay": 0}}', fetch)
            out = host.request("POST", "/api/tables", json.dumps({{"variant": "standard", "players": 4, "level": level, "name": "Ann"}}))
            made = json.loads(out.body)
            conn = host.open()
            host.receive(conn, json.dumps({{"type": "hello", "v": 1, "table": made["table"], "token": made["token"]}}))
            host.receive(conn, json.dumps({{"type": "start", "seq": 0}}))
            host.tick()  # a bot's pass
            hand = host.tables[made["table"]].hand
            host.receive(conn, json.dumps({{"type": "pass", "seq": 2, "cards": [card_name(c) for c in hand.hand_cards(0)[:3]]}}))
            for _ in range(40):  # the bots' passes, then a trick (our seat plays its first legal card)
                table = host.tables[made["table"]]
                if len(table.hand.plays) >= 4:
                    break
                if table.hand.phase == "play" and table.hand.to_move == 0:
                    card = card_name(table.hand.legal_cards()[0])
                    host.receive(conn, json.dumps({{"type": "play", "seq": table.seq, "card": card}}))
                else:
                    host.tick()
            assert len(host.tables[made["table"]].hand.plays) >= 4, level
            assert host.problems == [], (level, host.problems)
            print(level, fetch is not None and fetch.__name__, fetched, has_shipped(Rules.standard(4)))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "starlette", "sqlalchemy", "numba")))
        """
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines() == [
        "easy False [] False",
        "medium offline ['standard-4.npz'] False",  # fetched once, not had: the heuristic played for medium
        "medium folder ['standard-4.npz', 'standard-4.npz'] True",  # fetched once more, kept: the net played
        "hard False ['standard-4.npz', 'standard-4.npz'] True",
        "[]",
    ]


def test_the_icon_is_a_png_of_its_size() -> None:
    data = icon_png(64)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == 64


def test_a_wrong_pyodide_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="no such file"):
        find_pyodide(tmp_path / "nope")
    with pytest.raises(BuildError, match="lacks"):
        find_pyodide(tmp_path)
    fake = tmp_path / "fake.tgz"
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        info = tarfile.TarInfo("package/pyodide.mjs")
        tar.addfile(info, io.BytesIO(b""))
    fake.write_bytes(buf.getvalue())
    with pytest.raises(BuildError, match="SHA-512"):
        find_pyodide(fake)


def test_the_command_refuses_a_folder_it_did_not_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        (runtime / name).write_text("")
    assert main(["web", "build", str(tmp_path), "--pyodide", str(runtime)]) == 1
    assert "not empty" in capsys.readouterr().err and (tmp_path / "notes.txt").read_text() == "mine"
    assert main(["web"]) == 2


def built_site(tmp: Path) -> Path:
    """A real build (Pyodide from the cache, or fetched once with npm); a missing npm is a missing system package."""
    try:
        runtime = find_pyodide(say=lambda _: None)
    except BuildError as err:
        system_missing(str(err))
    out = tmp / "site"
    web_build.build(out, runtime, say=lambda _: None)
    return out


def test_a_build_lists_and_caches_every_file(tmp_path: Path) -> None:
    site = built_site(tmp_path)
    info = json.loads((site / "build.json").read_text())
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {"build.json"}
    assert set(info["files"]) == files and info["pyodide"] == web_build.PYODIDE_VERSION
    sw = (site / "sw.js").read_text()
    cached = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert set(cached) == files | {"./"} and info["version"] in sw
    assert {"worker.js", "hearts.zip", "pyodide/pyodide.asm.wasm", "static/js/main.js", "static/i18n/jv.json"} <= files
    assert {f"models/{name}" for name in web_build.model_index()} == {f for f in files if f.startswith("models/")}
    again = web_build.build(site, site / "pyodide", say=lambda _: None)  # an earlier build is replaced
    assert again["version"] == info["version"]


def test_the_app_can_be_installed(tmp_path: Path) -> None:
    """The manifest a browser needs to offer the page as an app: a name, the start address, a standalone window, icons."""
    site = built_site(tmp_path)
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone" and manifest["name"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and all((site / icon["src"]).is_file() for icon in manifest["icons"])
    assert 'rel="manifest" href="manifest.webmanifest"' in (site / "index.html").read_text()
