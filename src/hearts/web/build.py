"""``hearts web build DIR``: the web table as a folder of static files, played in the page with nothing installed.

The folder holds the web client of ``hearts serve`` (the same page, scripts,
styles and catalogs), the game's own Python modules (``hearts.zip``:
standard library only, the rules of :mod:`hearts.core` unchanged), and
Pyodide's runtime, which runs them in the browser. Any static host serves
it, at any address; after the first visit it works offline (``sw.js``) and
a browser may install it as an app (``manifest.webmanifest``).

- ``index.html`` -- the client's page, marked ``data-site="page"``, its addresses made relative
- ``static/`` -- the client's files; ``worker.js`` -- the engine's Web Worker; ``sw.js`` -- the offline cache
- ``hearts.zip`` -- the modules the page runs; ``pyodide/`` -- Pyodide's runtime
- ``models/`` -- the learned models of ``medium``, one a table shape: the worker fetches a table's model the first
  time that table needs it (:func:`hearts.net.meta.fetch_models_with`, checked against the SHA-256 that
  ``hearts.zip`` lists), so a visit downloads only the models of the tables it plays
- ``manifest.webmanifest``, ``icon.svg``, ``icon-192.png``, ``icon-512.png`` -- the installable app
- ``build.json`` -- what was built: versions, every file with its size and SHA-256

Pyodide comes from the ``pyodide`` package of the npm registry, pinned
(:data:`PYODIDE_VERSION`, checked against :data:`PYODIDE_SHA512`): a
folder or ``.tgz`` given with ``--pyodide``, else the copy in the cache
(``~/.cache/hearts/pyodide``), else ``npm pack`` fetches it once.

>>> sorted(PYODIDE_FILES)[0]
'pyodide-lock.json'
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import struct
import subprocess
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

from hearts.net.meta import REMOTE_INDEX

#: the Pyodide release the page runs (Python 3.14 in WebAssembly)
PYODIDE_VERSION = "314.0.8"
#: the npm package's integrity (its ``dist.integrity``)
PYODIDE_SHA512 = "74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
#: the files of the package the page loads
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

PACKAGE = Path(__file__).resolve().parents[1]
CLIENT = PACKAGE / "server" / "static"
PAGE_FILES = Path(__file__).parent / "static"

#: the subpackages of ``hearts`` the page runs, whole (``*.py``, and the data files named in :data:`DATA`)
PACKAGES = ("core", "record", "bots", "jit", "observe", "net", "session")
#: the modules of other subpackages it runs: the server's checks, table and projection (standard library only)
MODULES = (
    "__init__.py",
    "server/__init__.py",
    "server/forms.py",
    "server/names.py",
    "server/projection.py",
    "server/protocol.py",
    "server/results.py",
    "server/table.py",
    "web/__init__.py",
    "web/host.py",
)
#: the learned models of ``medium``: in the folder's ``models/``, fetched when a table needs one (not in ``hearts.zip``)
MODELS = "net/models/*.npz"
#: the theme colour of the installed app (the table's felt)
THEME = "#14532d"


class BuildError(Exception):
    """The folder could not be built (a clear reason for the command line)."""


def build(out: Path, pyodide: Path | None = None, *, say: Callable[[str], None] = print) -> dict[str, Any]:
    """Write the static table into ``out`` (created; its old contents replaced); returns what ``build.json`` holds."""
    runtime = find_pyodide(pyodide, say=say)
    engine = {name: (runtime / name).read_bytes() for name in PYODIDE_FILES}  # read first: it may be an earlier build's
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{out} is a file, not a folder")
        if any(out.iterdir()) and not (out / "build.json").exists():
            raise BuildError(f"{out} is not empty and is not a build of this command: choose an empty or new folder")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(CLIENT, out / "static", ignore=shutil.ignore_patterns("index.html", "__pycache__"))
    (out / "index.html").write_text(page_html((CLIENT / "index.html").read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copy(PAGE_FILES / "worker.js", out / "worker.js")
    (out / "pyodide").mkdir()
    for name, data in engine.items():
        (out / "pyodide" / name).write_bytes(data)
    (out / "hearts.zip").write_bytes(package_zip())
    (out / "models").mkdir()
    for path in model_files():
        shutil.copy(path, out / "models" / path.name)
    (out / "icon.svg").write_text(ICON_SVG, encoding="utf-8")
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(icon_png(size))
    (out / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=2, ensure_ascii=False), encoding="utf-8")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    version = hashlib.sha256("".join(f + _digest(out / f) for f in files).encode()).hexdigest()[:16]
    sw = (PAGE_FILES / "sw.js").read_text(encoding="utf-8")
    cached = ["./", *files, "sw.js"]
    (out / "sw.js").write_text(sw.replace("__VERSION__", version).replace("__FILES__", json.dumps(cached)), encoding="utf-8")
    files.append("sw.js")
    total = sum((out / f).stat().st_size for f in files)
    info = {
        "format": "hearts-web-build/1",
        "hearts": _version(),
        "pyodide": PYODIDE_VERSION,
        "version": version,
        "files": {f: {"bytes": (out / f).stat().st_size, "sha256": _digest(out / f)} for f in files},
        "bytes": total,
    }
    (out / "build.json").write_text(json.dumps(info, indent=2), encoding="utf-8")
    say(f"wrote {len(files)} files ({total / 1e6:.1f} MB) to {out}: serve that folder from any static host")
    return info


def page_html(html: str) -> str:
    """The server's page as the static build serves it: marked ``data-site="page"``, every address relative."""
    swaps = [
        ('<html lang="en">', '<html lang="en" data-site="page">'),
        ('href="/static/', 'href="static/'),
        ('src="/static/', 'src="static/'),
        ('<a href="/" id="home"', '<a href="./" id="home"'),
        (
            '<link rel="icon" href="data:,">',
            '<link rel="icon" href="icon.svg" type="image/svg+xml">\n<link rel="manifest" href="manifest.webmanifest">\n'
            f'<meta name="theme-color" content="{THEME}">',
        ),
    ]
    for old, new in swaps:
        if old not in html:
            raise BuildError(f"the client's index.html no longer has {old!r}: update hearts.web.build.page_html")
        html = html.replace(old, new)
    if '"/' in html.replace('"/"', ""):
        raise BuildError("the client's index.html has an absolute address the static build does not rewrite")
    return html


def package_files() -> Iterator[tuple[str, Path]]:
    """Each module of ``hearts.zip``: its name in the zip (``hearts/...``) and its path here."""
    seen: set[str] = set()
    for sub in PACKAGES:
        for path in sorted((PACKAGE / sub).rglob("*.py")):
            seen.add(path.relative_to(PACKAGE).as_posix())
    seen.update(MODULES)
    for rel in sorted(seen):
        yield "hearts/" + rel, PACKAGE / rel


def model_files() -> list[Path]:
    """The shipped models, which the folder keeps in ``models/``."""
    return sorted(PACKAGE.glob(MODELS))


def model_index() -> dict[str, str]:
    """The models the page may fetch: file name -> SHA-256 (``hearts.zip`` holds it as the models folder's
    :data:`~hearts.net.meta.REMOTE_INDEX`)."""
    return {path.name: _digest(path) for path in model_files()}


def package_zip() -> bytes:
    """The modules the page runs and the index of the models it may fetch, zipped (fixed dates: the same sources make
    the same bytes)."""
    entries = [(name, path.read_bytes()) for name, path in package_files()]
    entries.append((f"hearts/net/models/{REMOTE_INDEX}", json.dumps(model_index(), indent=1, sort_keys=True).encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


# -- Pyodide ------------------------------------------------------------------
def cache_dir() -> Path:
    """Where fetched Pyodide releases are kept (``$XDG_CACHE_HOME/hearts/pyodide/<version>``)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "hearts" / "pyodide" / PYODIDE_VERSION


def find_pyodide(given: Path | None = None, *, say: Callable[[str], None] = print) -> Path:
    """A folder holding :data:`PYODIDE_FILES` of :data:`PYODIDE_VERSION` (see the module's notes)."""
    given = given or (Path(os.environ["HEARTS_PYODIDE"]) if os.environ.get("HEARTS_PYODIDE") else None)
    if given is not None:
        if given.is_dir():
            return _check_folder(given)
        if given.is_file():
            return _unpack(given, cache_dir())
        raise BuildError(f"--pyodide {given}: no such file or folder")
    cached = cache_dir()
    if all((cached / name).is_file() for name in PYODIDE_FILES):
        return cached
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"the page needs Pyodide {PYODIDE_VERSION}: install npm (Debian's package npm), or download the npm package "
            f"pyodide@{PYODIDE_VERSION} yourself and pass it with --pyodide FILE.tgz"
        )
    say(f"fetching Pyodide {PYODIDE_VERSION} (npm pack pyodide@{PYODIDE_VERSION}, about 6 MB, once)")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp], capture_output=True, text=True, check=False
        )
        packs = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not packs:
            raise BuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {(done.stderr or done.stdout).strip()[-500:]}")
        return _unpack(packs[0], cached)


def _unpack(tgz: Path, into: Path) -> Path:
    """The npm package ``tgz``, its integrity checked, unpacked into ``into`` (only :data:`PYODIDE_FILES`)."""
    data = tgz.read_bytes()
    if base64.b64encode(hashlib.sha512(data).digest()).decode() != PYODIDE_SHA512:
        raise BuildError(f"{tgz} is not the npm package pyodide@{PYODIDE_VERSION} (its SHA-512 differs)")
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tgz} has no package/{name}")
            (into / name).write_bytes(member.read())
    return into


def _check_folder(folder: Path) -> Path:
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise BuildError(f"--pyodide {folder}: the folder lacks {', '.join(missing)}")
    meta = folder / "package.json"
    if meta.is_file():
        version = json.loads(meta.read_text(encoding="utf-8")).get("version")
        if version != PYODIDE_VERSION:
            raise BuildError(f"--pyodide {folder} holds Pyodide {version}; this version of hearts runs {PYODIDE_VERSION}")
    return folder


def _version() -> str | None:
    try:
        return metadata.version("hearts-game")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return None


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the installable app --------------------------------------------------------
MANIFEST = {
    "name": "Hearts",
    "short_name": "Hearts",
    "description": "Hearts and Cancellation Hearts against bots, in the browser, offline.",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": THEME,
    "theme_color": THEME,
    "icons": [
        {"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ],
}

ICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    f'<rect width="64" height="64" rx="12" fill="{THEME}"/>'
    '<path d="M32 54 C10 38 6 28 6 20 A12 12 0 0 1 32 16 A12 12 0 0 1 58 20 C58 28 54 38 32 54 Z" fill="#dc2626"/></svg>\n'
)


def icon_png(size: int) -> bytes:
    """The app's icon as a PNG of ``size`` pixels: a red heart on the felt (drawn here, so no image is stored)."""
    felt, red = bytes.fromhex(THEME[1:]), bytes.fromhex("dc2626")
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # no filter
        y = 1.25 - 2.6 * (py + 0.5) / size
        for px in range(size):
            x = 2.6 * (px + 0.5) / size - 1.3
            inside = (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0  # the heart curve
            rows += red if inside else felt
    return _png(size, size, bytes(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
