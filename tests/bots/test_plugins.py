"""Bots from outside: module:function factory paths, the hearts.bots entry points, and --bots from the command line."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.bots import BotSpecError, known_bots, make_bot, split_specs
from hearts.bots.base import RandomBot
from hearts.core import Rules
from hearts.sim.arena import run_arena

ROOT = Path(__file__).resolve().parents[2]
FACTORY = """
from hearts.bots.base import RandomBot
from hearts.bots.registry import BotSpecError


class Tagged(RandomBot):
    pass


def make(settings, seed):
    level = settings.pop("level", "1")
    if settings:
        raise BotSpecError(f"unknown setting {sorted(settings)[0]!r}")
    bot = Tagged(seed)
    bot.level = int(level)
    return bot


def broken(settings, seed):
    raise RuntimeError("the factory fell over")


def not_a_bot(settings, seed):
    return 42


NOT_CALLABLE = 3
"""


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module ``fakebots`` and a distribution ``fakebots`` declaring the entry point ``fake`` on a path of its own."""
    (tmp_path / "fakebots.py").write_text(FACTORY)
    info = tmp_path / "fakebots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakebots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[hearts.bots]\nfake = fakebots:make\nmedium = fakebots:make\nbroken = fakebots:nowhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("fakebots", None)
    return tmp_path


def test_a_factory_path_makes_a_bot_with_settings_and_seed(plugin_dir: Path) -> None:
    bot = make_bot("fakebots:make:level=3", seed=4)
    assert type(bot).__name__ == "Tagged" and bot.level == 3 and bot.name == "fakebots:make:level=3"  # type: ignore[attr-defined]
    assert bot.rng.random() == RandomBot(4).rng.random()
    assert make_bot("fakebots:make:seed=9").rng.random() == RandomBot(9).rng.random()  # type: ignore[attr-defined]


def test_an_entry_point_adds_a_name(plugin_dir: Path) -> None:
    assert "fake" in known_bots()
    bot = make_bot("fake:level=2", seed=1)
    assert type(bot).__name__ == "Tagged" and bot.level == 2 and bot.name == "fake:level=2"  # type: ignore[attr-defined]
    assert type(make_bot("medium")).__name__ != "Tagged"  # a built-in name wins over a plugin's
    result = run_arena(["fake", "random"], Rules.standard(4), hands=1)
    assert [b.name for b in result.bots] == ["fake", "random"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuchmodule_xyz:make", "cannot import 'nosuchmodule_xyz'"),
        ("fakebots:nothing", "has no 'nothing'"),
        ("fakebots:NOT_CALLABLE", "is not callable"),
        ("fakebots:broken", "the factory failed: RuntimeError: the factory fell over"),
        ("fakebots:not_a_bot", "returned int, not a hearts.bots.Bot"),
        ("fakebots:make:depth=2", "unknown setting 'depth'"),
        ("fakebots:make:level", "bad setting 'level'"),
        ("fake-bots:make", "not a factory path"),
        ("heuristic:noise", "bad setting 'noise'"),
        ("fake:level", "bad setting 'level'"),
        ("broken", "has no 'nowhere'"),
    ],
)
def test_bad_factory_paths_and_plugins_are_clear_errors(plugin_dir: Path, spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_split_specs_keeps_quoted_commas() -> None:
    assert split_specs("random, heuristic ,search:ms=5") == ["random", "heuristic", "search:ms=5"]
    assert split_specs("exec:./bot --tags \"a,b\" --x 'c,d',medium") == ["exec:./bot --tags \"a,b\" --x 'c,d'", "medium"]
    assert split_specs(r"exec:./bot a\,b,medium") == [r"exec:./bot a\,b", "medium"]
    with pytest.raises(BotSpecError, match="unclosed"):
        split_specs("exec:./bot 'a,medium")


def hearts(*args: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "hearts", *args], capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)


def test_the_arena_cli_seats_exec_factory_and_plugin_bots(plugin_dir: Path) -> None:
    lowest = f"exec:{shlex.quote(sys.executable)} examples/bots/lowest.py --comment 'a,b'"
    proc = hearts(
        "arena", "--bots", f"{lowest},fake:level=2,fakebots:make,random", "--hands", "1", "--json", "--time-limit", "20", path=plugin_dir
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [b["name"] for b in data["bots"]] == [lowest, "fake:level=2", "fakebots:make", "random"] and data["faults"] == []


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("exec:./no-such-bot,random", "hearts arena: exec bot: './no-such-bot' is not an executable file"),
        ("nosuchmodule_xyz:make,random", "hearts arena: bot spec 'nosuchmodule_xyz:make': cannot import"),
        ("exec:./bot 'a,random", "hearts arena: unclosed ' in the bot list"),
        ("chess,random", "hearts arena: unknown bot 'chess'"),
    ],
)
def test_the_arena_cli_reports_bad_bots_in_one_line(bots: str, message: str) -> None:
    proc = hearts("arena", "--bots", bots, "--hands", "1", "--players", "4")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith(message) and proc.stderr.count("\n") == 1, proc.stderr


def test_the_text_report_lists_faults() -> None:
    faulty = f"exec:{shlex.quote(sys.executable)} {ROOT / 'tests/bots/programs/faulty.py'} garbage 2"
    proc = hearts("arena", "--bots", f"{faulty},random", "--hands", "1", "--players", "4")
    assert proc.returncode == 0, proc.stderr
    assert "faults: 8 decisions failed" in proc.stdout and "deal 0, rotation 0: bot " in proc.stdout and "not a JSON line" in proc.stdout
