"""``hearts serve``: a bad option or an unusable database is one line and status 2, never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts", "serve", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "0"], "--port must be from 1 to 65535"),
        (["--bot-delay", "-1"], "--bot-delay must be from 0 to 60"),
        (["--grace", "99999"], "--grace from 0 to 3600"),
        (["--db", "nonsense://x"], "cannot open the database nonsense://x"),
        (["--db", "sqlite:////nonexistent-dir/x.db"], "unable to open database file"),
        (
            ["--db", "postgresql+psycopg://hearts:secret@127.0.0.1:1/db"],
            "cannot open the database postgresql+psycopg://hearts:***@127.0.0.1:1/db",
        ),
        (["--log-level", "loud"], "invalid choice: 'loud'"),
        (["--bot-workers", "-1"], "--bot-workers must be from 0 (bots in the server process) to 256, not -1"),
        (["--bot-workers", "many"], "argument --bot-workers: invalid int value: 'many'"),
        (["--bot-nice", "20"], "--bot-nice must be from 0 (the server's priority) to 19, not 20"),
        (["--workers", "2"], "several workers share one PostgreSQL database"),
        (["--cluster", "--db", "sqlite:///x.db"], "several workers share one PostgreSQL database"),
        (["--workers", "0", "--db", "postgresql+psycopg://h@127.0.0.1:1/db"], "--workers must be from 1 to 64"),
        (["--workers", "2", "--lease-seconds", "0.1", "--db", "postgresql+psycopg://h@127.0.0.1:1/db"], "--lease-seconds from 1 to 600"),
        (
            ["--workers", "3", "--db", "postgresql+psycopg://hearts:secret@127.0.0.1:1/db"],
            "cannot open the database postgresql+psycopg://hearts:***@127.0.0.1:1/db",
        ),
    ],
)
def test_bad_options_are_one_clear_line(args: list[str], words: str) -> None:
    done = serve(*args)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr and "secret" not in done.stderr


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.db").exists()  # nothing was touched


@pytest.mark.parametrize(
    ("args", "env", "words"),
    [
        (["--bot-token", "lowbot=tooshort"], "", "the secret of bot token 'lowbot' is too short"),
        (["--bot-token", "low bot=abcdefghijklmnopqrstuvwxyz"], "", "a bot token is NAME=SECRET"),
        (["--bot-token", "lowbot"], "", "a bot token is NAME=SECRET"),
        (["--bot-token", "lowbot=abcdefghijklmnopqrstuvwxyz", "--bot-token", "lowbot=zyxwvutsrqponmlkjihgfedcba"], "", "given twice"),
        (["--bot-tokens-file", "/nonexistent-dir/bots.txt"], "", "cannot read the bot tokens file"),
        ([], "lowbot=tooshort", "the secret of bot token 'lowbot' is too short"),
        (["--bot-move-seconds", "0"], "", "--bot-move-seconds must be from 0.1 to 600"),
    ],
)
def test_bad_bot_tokens_are_one_line_without_the_secret(args: list[str], env: str, words: str) -> None:
    import os

    done = subprocess.run(
        [sys.executable, "-m", "hearts", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HEARTS_BOT_TOKENS": env},
    )
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
    for secret in ("tooshort", "abcdefghijklmnopqrstuvwxyz", "zyxwvutsrqponmlkjihgfedcba"):
        assert secret not in done.stderr
