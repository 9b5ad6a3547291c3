"""``hearts arena`` from the outside: a subprocess, its JSON, its table and its errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

BOT_KEYS = {
    "name",
    "points_per_hand",
    "se",
    "payoff",
    "payoff_se",
    "win_rate",
    "win_rate_se",
    "moons_shot",
    "moons_conceded",
    "moon_attempts",
    "moon_attempts_conceded",
}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts", "arena", *args], capture_output=True, text=True, timeout=120)


def _json(*args: str) -> dict[str, object]:
    proc = _run(*args, "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when standard error is not a terminal
    data = json.loads(proc.stdout)
    assert isinstance(data, dict)
    return data


def test_json_hands_mode() -> None:
    data = _json("--bots", "random,random:seed=9", "--players", "4", "--hands", "3", "--seed", "5")
    assert (data["hands"], data["deals"], data["games"], data["players"], data["variant"], data["seed"]) == (12, 3, None, 4, "standard", 5)
    bots = data["bots"]
    assert isinstance(bots, list) and [b["name"] for b in bots] == ["random", "random:seed=9"]
    for b in bots:
        assert BOT_KEYS <= set(b) and b["win_rate"] is None and b["hands_played"] == 24
        assert isinstance(b["points_per_hand"], float) and isinstance(b["se"], float)
    assert bots[0]["payoff"] == pytest.approx(-bots[1]["payoff"])


def test_json_games_mode_with_rules() -> None:
    args = ("--bots", "random,random:seed=2,random:seed=3", "--games", "2", "--target", "30", "--rule", "moon=add", "--rule", "ties=share")
    data = _json(*args)
    assert data["games"] == 2 and data["mode"] == "games"
    assert isinstance(data["hands"], int) and isinstance(data["deals"], int) and data["hands"] >= data["deals"] >= 2
    rules = data["rules"]
    assert isinstance(rules, dict) and (rules["target"], rules["moon"], rules["ties"], rules["players"]) == (30, "add", "share", 3)
    bots = data["bots"]
    assert isinstance(bots, list)
    assert sum(b["win_rate"] for b in bots) == pytest.approx(1)


def test_same_seed_same_json_for_any_jobs() -> None:
    args = ("--bots", "random,random:seed=1", "--variant", "cancellation", "--players", "6", "--hands", "4", "--seed", "11")
    one, again, two = _json(*args), _json(*args), _json(*args, "--jobs", "2")
    timing = [d.pop("timing") for d in (one, again, two)]
    assert one == again == two
    assert [t["jobs"] for t in timing if isinstance(t, dict)] == [1, 1, 2]
    assert _json(*args[:-1], "12").get("bots") != one["bots"]


def test_text_table() -> None:
    proc = _run("--bots", "random,random:seed=4", "--players", "4", "--hands", "2", "--no-progress")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert "standard Hearts, 4 players: 2 deals x 4 rotations = 8 hands, seed 1" in out
    assert "line-up (seats 0..3, rotated): random, random:seed=4, random, random:seed=4" in out
    header = next(line for line in out.splitlines() if line.startswith("bot "))
    for column in ("points/hand ± se", "payoff ± se", "win rate", "moons shot/tried", "moons conceded/tried"):
        assert column in header
    rows = [line for line in out.splitlines() if line.startswith("random")]
    cells = [re.split(r"\s{2,}", row) for row in rows]
    assert len(rows) == 2 and all(len(c) == 9 and c[2] == "16" and c[5] == "-" for c in cells), cells
    assert "time:" in out


def test_progress_bar_on_request() -> None:
    proc = _run("--bots", "random", "--players", "3", "--games", "1", "--target", "20", "--progress", "--json")
    assert proc.returncode == 0
    assert "1/1 games" in proc.stderr and proc.stderr.endswith("\n") and json.loads(proc.stdout)["games"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "random,chess", "--hands", "1", "--players", "4"), "unknown bot 'chess'"),
        (("--bots", "random:speed=3", "--hands", "1", "--players", "4"), "unknown setting 'speed'"),
        (("--bots", "random,,random", "--hands", "1", "--players", "4"), "empty spec"),
        (("--bots", "random,random,random,random,random", "--players", "4", "--hands", "1"), "5 bots given for 4 seats"),
        (("--bots", "random", "--players", "9", "--hands", "1"), "standard Hearts is for 3 to 7 players, not 9"),
        (("--bots", "random", "--variant", "cancellation", "--players", "5", "--hands", "1"), "Cancellation Hearts is for 6 to 11"),
        (("--bots", "random", "--variant", "bridge", "--players", "4", "--hands", "1"), "unknown variant 'bridge'"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--games", "1"), "not both"),
        (("--bots", "random", "--players", "4"), "give --hands K"),
        (("--bots", "random", "--players", "4", "--hands", "0"), "hands must be"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--jobs", "0"), "jobs must be"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "speed=3"), "unknown rules option 'speed'"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "target"), "write key=value"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "target=abc"), "target must be an integer"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "moon=sideways"), "moon must be one of"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "players=5"), "use --players"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "ties=share", "--rule", "ties=play_on"), "given twice"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--target", "50", "--rule", "target=60"), "not both"),
        (("--bots", "random", "--players", "4", "--hands", "1", "--rule", "two_pairs_void_trick=yes"), "Cancellation Hearts only"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    proc = _run(*args)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hearts arena: ") and message in lines[0], proc.stderr


def test_help_explains_the_numbers() -> None:
    proc = subprocess.run([sys.executable, "-m", "hearts", "arena", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    phrases = ("duplicate deals", "standard error", "payoff", "win rate", "moons shot", '"hands" = hands played in all')
    phrases += ("attempted the moon", "at least 60 % of the moon total", '"moon_attempts"')
    for phrase in phrases:
        assert phrase in proc.stdout
