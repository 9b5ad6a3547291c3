"""The example bots of examples/bots/, run as the arena runs them: through exec: and hearts-bot/1."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.core import Rules
from hearts.sim.arena import run_arena

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "bots"
PYTHON_BOT = f"exec:{shlex.quote(sys.executable)} {EXAMPLES / 'lowest.py'}"


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/bots/lowest.c, compiled; a missing compiler skips, except in CI (HEARTS_REQUIRE_SYSTEM_TESTS=1), where it fails."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        if os.environ.get("HEARTS_REQUIRE_SYSTEM_TESTS") == "1":
            pytest.fail("no C compiler (cc, gcc or clang) to build examples/bots/lowest.c; .ci/run installs gcc")
        pytest.skip("no C compiler (cc, gcc or clang)")
    out = tmp_path_factory.mktemp("cbot") / "lowest"
    proc = subprocess.run(
        [compiler, "-std=c99", "-Wall", "-Wextra", "-O2", "-o", str(out), str(EXAMPLES / "lowest.c")], capture_output=True, text=True
    )
    assert proc.returncode == 0 and "warning" not in proc.stderr, proc.stderr
    return out


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(8)], ids=["standard4", "cancellation8"])
def test_the_python_and_c_examples_play_whole_matches_and_agree(c_bot: Path, rules: Rules) -> None:
    """Both play the lowest legal card and pass the highest: the same moves, so the same numbers, with no fault."""
    from_python = run_arena([PYTHON_BOT, "random"], rules, hands=1, seed=3)
    from_c = run_arena([f"exec:{c_bot}", "random"], rules, hands=1, seed=3)
    assert from_python.faults == [] and from_c.faults == []
    assert from_python.deals == from_c.deals
    other = run_arena(["random", "random:seed=1"], rules, hands=1, seed=3)
    assert from_c.deals != other.deals  # the comparison can fail


def test_the_examples_play_a_game_with_moon_choices(c_bot: Path) -> None:
    rules = Rules.standard(3, target=40)
    results = [run_arena([bot, "medium", "random"], rules, games=1, seed=8) for bot in (PYTHON_BOT, f"exec:{c_bot}")]
    assert results[0].faults == results[1].faults == [] and results[0].deals == results[1].deals


def test_the_c_bot_survives_junk_and_answers_what_it_can(c_bot: Path) -> None:
    view = {"phase": "play", "legal": ["QS", "4H", "\\u0041S"], "secret": {"nested": [1, 2, {"x": None}]}}
    lines = [
        "not json at all",
        "[" * 10_000,
        '{"type": "start", "seat": 0, "seed": 3}',
        '{"type": "something new", "x": "\\ud83d\\ude00"}',
        json.dumps({"type": "decide", "id": 1, "view": {"phase": "pass", "rules": {"pass_count": 3}, "hand": ["2C", "AS", "10H", "KD"]}}),
        '{"type": "decide", "id": 2, "view": ' + json.dumps(view).replace("\\\\u", "\\u") + "}",
        '{"type": "decide", "id": 3, "view": {"phase": "moon"}}',
        '{"type": "decide", "id": 4}',
        '{"type": "decide", "id": 5, "view": {"phase": "play", "legal": ["' + "x" * 200_000 + '", "9D"]}}',
        "",
        '{"type": "end"}',
        '{"type": "decide", "id": 6, "view": {"phase": "moon"}}',
    ]
    proc = subprocess.run([str(c_bot)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert replies[0]["type"] == "hello" and replies[0]["protocol"] == "hearts-bot/1"
    assert replies[1:] == [
        {"type": "action", "id": 1, "cards": ["AS", "KD", "10H"]},
        {"type": "action", "id": 2, "card": "4H"},
        {"type": "action", "id": 3, "choice": "subtract"},
        {"type": "action", "id": 5, "card": "9D"},
    ]
    assert "not JSON" in proc.stderr and "without what it needs" in proc.stderr
