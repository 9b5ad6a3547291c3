"""hearts ladder: the round robin, saved matches and resuming, OpenSkill ratings, the leaderboard files, the CLI."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openskill", reason="the ladder extra is not installed")

from hearts.core import Rules  # noqa: E402
from hearts.ladder.rating import standings  # noqa: E402
from hearts.ladder.run import run_ladder  # noqa: E402
from hearts.ladder.schedule import LadderError, match_key, match_path, schedule  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BOTS = ["random", "random:seed=5", "medium", "easy"]
RULES = Rules.standard(3)
LOWEST = f"exec:{shlex.quote(sys.executable)} {ROOT / 'examples/bots/lowest.py'}"


def test_the_round_robin_is_every_table_of_distinct_bots_in_a_fixed_order() -> None:
    assert (
        schedule(BOTS, 3)
        == schedule(list(reversed(BOTS)), 3)
        == [
            ("easy", "medium", "random"),
            ("easy", "medium", "random:seed=5"),
            ("easy", "random", "random:seed=5"),
            ("medium", "random", "random:seed=5"),
        ]
    )
    assert schedule(["b", "a"], 4) == [("a", "b")]
    with pytest.raises(LadderError, match="at least two bots"):
        schedule(["a"], 4)
    with pytest.raises(LadderError, match="'a' is given twice"):
        schedule(["a", "b", "a"], 4)


def test_a_resumed_ladder_plays_only_what_is_missing_and_rates_as_an_uninterrupted_one(tmp_path: Path) -> None:
    played: list[tuple[int, str]] = []

    def stop_after_two(k: int, total: int, lineup: tuple[str, ...], how: str) -> None:
        played.append((k, how))
        if k == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ladder(BOTS, RULES, hands=2, seed=3, out=tmp_path / "a", progress=stop_after_two)
    assert played == [(1, "played"), (2, "played")] and len(list((tmp_path / "a" / "matches").glob("*.json"))) == 2
    played.clear()
    resumed = run_ladder(BOTS, RULES, hands=2, seed=3, out=tmp_path / "a", progress=lambda k, t, lineup, how: played.append((k, how)))
    assert played == [(1, "saved"), (2, "saved"), (3, "played"), (4, "played")]
    fresh = run_ladder(list(reversed(BOTS)), RULES, hands=2, seed=3, out=tmp_path / "b")
    assert resumed == fresh
    assert standings(BOTS, resumed) == standings(BOTS, fresh)


def test_adding_a_bot_plays_only_its_matches(tmp_path: Path) -> None:
    run_ladder(BOTS[:3], RULES, hands=1, seed=1, out=tmp_path)
    how: list[str] = []
    run_ladder(BOTS, RULES, hands=1, seed=1, out=tmp_path, progress=lambda k, t, lineup, h: how.append(h))
    assert sorted(how) == ["played"] * 3 + ["saved"]


def test_ratings_order_a_strong_bot_first_with_error_bars(tmp_path: Path) -> None:
    bots = ["medium", "random", "random:seed=2"]
    records = run_ladder(bots, RULES, hands=6, seed=2, out=tmp_path)
    rows = standings(bots, records)
    assert rows[0].name == "medium" and rows[0].payoff > 0 and rows[0].ordinal > rows[-1].ordinal
    for row in rows:
        assert row.deals == 6 and row.matches == 1 and row.faults == 0 and 0 < row.sigma < 25 / 3
        assert row.payoff_se is not None and row.payoff_se > 0 and row.ordinal == pytest.approx(row.mu - 3 * row.sigma)
    assert sum(r.payoff for r in rows) == pytest.approx(0)  # one table of three: the payoff is zero-sum


def test_a_damaged_match_file_stops_the_run_and_is_kept(tmp_path: Path) -> None:
    run_ladder(BOTS[:2], RULES, hands=1, seed=1, out=tmp_path)
    path = match_path(tmp_path, match_key(("random", "random:seed=5"), RULES, 1, 1))
    path.write_text("{half a file")
    with pytest.raises(LadderError, match="is not a saved match .*delete it to play that match again"):
        run_ladder(BOTS[:2], RULES, hands=1, seed=1, out=tmp_path)
    assert path.read_text() == "{half a file"


def test_bad_settings_fail_before_any_match(tmp_path: Path) -> None:
    from hearts.bots import BotSpecError

    with pytest.raises(BotSpecError, match="unknown bot 'chess'"):
        run_ladder(["random", "medium", "chess"], RULES, hands=1, out=tmp_path)
    with pytest.raises(LadderError, match="hands must be"):
        run_ladder(["random", "medium"], RULES, hands=0, out=tmp_path)
    assert not (tmp_path / "matches").exists()


def hearts(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts", "ladder", *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_the_cli_writes_the_leaderboard_and_resumes(tmp_path: Path) -> None:
    args = ("--bots", f"{LOWEST},random,medium", "--players", "3", "--hands", "2", "--out", str(tmp_path), "--progress")
    first = hearts(*args, "--json")
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    assert data == json.loads((tmp_path / "leaderboard.json").read_text())
    assert data["format"] == "hearts-ladder/1" and data["matches"] == 1 and data["hands"] == 2
    assert sorted(b["name"] for b in data["bots"]) == sorted([LOWEST, "random", "medium"])
    assert [b["rank"] for b in data["bots"]] == [1, 2, 3] and all(b["faults"] == 0 for b in data["bots"])
    assert "match 1/1 (" in first.stderr and ": played" in first.stderr
    again = hearts(*args)
    assert again.returncode == 0 and ": saved" in again.stderr
    text = (tmp_path / "leaderboard.md").read_text()
    assert again.stdout == text and "| rank | bot | rating μ ± σ |" in text and "| 1 | `" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "medium", "--hands", "1"), "hearts ladder: a ladder needs at least two bots"),
        (("--bots", "medium,chess", "--hands", "1"), "hearts ladder: unknown bot 'chess'"),
        (("--bots", "medium,exec:./nothing-here", "--hands", "1"), "hearts ladder: exec bot: './nothing-here' is not an executable"),
        (
            ("--bots", "medium,random", "--hands", "1", "--variant", "cancellation", "--players", "4"),
            "hearts ladder: Cancellation Hearts is",
        ),
    ],
)
def test_the_cli_reports_bad_input_in_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    proc = hearts(*args, "--out", str(tmp_path / "out"))
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.startswith(message) and proc.stderr.count("\n") == 1, proc.stderr
    assert not (tmp_path / "out").exists()


def test_without_openskill_the_ladder_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.cli import main

    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    assert main(["ladder", "--bots", "medium,random", "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "hearts ladder: the ladder rates bots with openskill, which is not installed: pip install 'hearts-game[ladder]'\n"
