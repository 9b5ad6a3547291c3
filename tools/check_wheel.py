"""Build the sdist and the wheel, install the wheel (not editable) in a fresh environment, and use it.

What CI checks before the tests, as a user who installs the package would
meet it::

    python tools/check_wheel.py [--keep DIR]

1. the sdist, then the wheel built from it (PyPA's ``build``, in the test extra);
2. a fresh virtual environment with ``hearts-game[server]`` from that wheel;
3. ``hearts replay --example standard4`` (the records ship in the wheel);
4. a whole ``hearts play --plain`` game, driven through its prompts: the
   first three cards of the hand to pass, the first legal card to play;
5. ``hearts serve`` answering ``/healthz`` and serving its page;
6. ``hearts web build``, with Pyodide from the build's cache when a build
   has fetched it (else the step is skipped: it needs npm): the folder has
   the client, the page's modules with the learned models, and Pyodide.

Exit status 0 when every step passed; each step prints one line.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def step(name: str) -> None:
    print(f"check_wheel: {name}", flush=True)


def run(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), check=True, text=True, capture_output=True, **kw)  # type: ignore[call-overload]


def build(out: Path) -> Path:
    """The sdist and the wheel in ``out`` (PyPA's ``build``: the wheel is built from the sdist)."""
    run(sys.executable, "-m", "build", "--outdir", str(out), str(ROOT))
    return next(out.glob("*.whl"))


def play_plain(hearts: Path, data: Path) -> str:
    """A whole plain-mode game to 20 points; returns the last lines it printed."""
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    proc = subprocess.Popen(
        [str(hearts), "play", "--plain", "--seed", "7", "--target", "20", "--delay", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        bufsize=0,
    )
    assert proc.stdin is not None and proc.stdout is not None
    seen, deadline = "", time.monotonic() + 300
    while time.monotonic() < deadline:
        ch = proc.stdout.read(1)
        if not ch:
            break
        seen += ch
        if not seen.endswith("> "):
            continue
        prompt = seen.rsplit("\n", 1)[-1]
        if prompt.startswith("pass"):
            hand = re.findall(r"Your hand: (.*)\.", seen)[-1]
            cards = [rank + suit[0].upper() for suit, ranks in re.findall(r"(\w+): ([\w ]+)", hand) for rank in ranks.split()]
            answer = " ".join(cards[: int(re.search(r"pass (\d+)", prompt).group(1))])  # type: ignore[union-attr]
        elif prompt.startswith("your card"):
            answer = re.findall(r"You may play: ([^ .]+)", seen)[-1]
        elif prompt.startswith("moon"):
            answer = "add"
        elif prompt.startswith("play again"):
            answer = "no"
        else:
            raise SystemExit(f"check_wheel: unexpected prompt {prompt!r}")
        proc.stdin.write(answer + "\n")
        seen = seen[-4000:]
    proc.stdin.close()
    if proc.wait(timeout=60) != 0 or "Game over:" not in seen:
        raise SystemExit(f"check_wheel: the plain game did not finish:\n{seen[-2000:]}")
    return seen


def serve(hearts: Path, data: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    command = [str(hearts), "serve", "--port", str(port)]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # the first start on a machine compiles the search bots before it listens (about a minute)
        for _ in range(3000):
            if proc.poll() is not None:
                raise SystemExit(f"check_wheel: hearts serve stopped with status {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert r.status == 200 and b'"ok": true' in r.read().replace(b'"ok":true', b'"ok": true')
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("check_wheel: hearts serve did not answer /healthz")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            page = r.read().decode()
        assert r.status == 200 and "<html" in page.lower(), page[:200]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/main.js", timeout=5) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def web_build(hearts: Path, out: Path) -> None:
    """``hearts web build`` from the installed wheel, with the Pyodide the cache holds (skipped when it holds none)."""
    from hearts.web.build import PYODIDE_FILES, cache_dir

    cached = cache_dir()
    if not all((cached / name).is_file() for name in PYODIDE_FILES):
        step("hearts web build: skipped (no Pyodide in the cache yet)")
        return
    run(str(hearts), "web", "build", str(out), "--pyodide", str(cached))
    names = zipfile.ZipFile(out / "hearts.zip").namelist()
    needed = ["hearts/web/host.py", "hearts/net/models/remote.json", "hearts/core/rules.py"]
    assert all(n in names for n in needed) and (out / "static" / "js" / "page.js").is_file() and (out / "sw.js").is_file(), names[:20]
    assert (out / "models" / "standard-4.npz").is_file(), "the wheel's models are not in the folder's models/"
    step("hearts web build: ok")


def main() -> int:
    parser = argparse.ArgumentParser(description="Build, install and try the wheel in a fresh environment.")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        step("building the sdist and the wheel")
        wheel = build(work / "dist")
        step(f"installing {wheel.name} with the server extra in a fresh environment")
        run(sys.executable, "-m", "venv", str(work / "venv"))
        bin_ = work / "venv" / "bin"
        run(str(bin_ / "pip"), "install", "-q", "--disable-pip-version-check", f"{wheel}[server]")
        hearts = bin_ / "hearts"
        out = run(str(hearts), "replay", "--example", "standard4", cwd=work)
        assert "game over" in out.stdout, out.stdout[-500:]
        step("hearts replay --example standard4: ok")
        play_plain(hearts, work / "data")
        step("a whole hearts play --plain game: ok")
        serve(hearts, work / "data")
        step("hearts serve: /healthz and the page: ok")
        web_build(hearts, work / "site")
    return 0


if __name__ == "__main__":
    sys.exit(main())
