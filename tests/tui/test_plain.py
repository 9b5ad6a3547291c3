"""``hearts play --plain`` driven through its standard input, as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hearts.record import read_record, replay


def play(args: list[str], text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    if "PYTHONPATH" in os.environ:  # run the sources under test, not an installed copy
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return subprocess.run(
        [sys.executable, "-m", "hearts", "play", "--plain", "--delay", "0", *args],
        input=text,
        text=True,
        capture_output=True,
        timeout=60,
        env=env,
    )


def test_plain_mode_through_standard_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # seed 48 (hearts-deal/1): the human holds 9C JC KC 2D 3D 8D JD 2H 6H QH KH AH 7S, passes left, gets no club
    out = play(["--seed", "48", "--save", str(save)], "help\nzz\n2h\n9c jc kc\n2h\nhint\n2d\nlast\nscores\nquit\n", tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "pass 3 cards to Ada>" in text
    assert "Commands:" in text
    assert "Not a card: 'zz'" in text
    assert "You cannot pass 2H: must pass exactly 3 cards, not 1." in text
    assert "You pass 9C JC KC." in text
    assert "You cannot play 2H: no hearts or QS on the first trick." in text  # the human passed all its clubs
    assert "Hint: play" in text
    assert "You play 2D." in text
    assert "Last trick:" in text
    assert f"Saved to {save}" in text
    record = read_record(str(save))
    assert record.hands[0].passes is not None and sorted(record.hands[0].passes[0]) == ["9C", "JC", "KC"]
    assert "2D" in record.hands[0].plays
    assert replay(record)["ok"]
    checked = subprocess.run([sys.executable, "-m", "hearts", "replay", str(save)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "deals verified (hearts-deal/1)" in checked.stdout and "the server seed matches the commitment" in checked.stdout
    # resume goes on from the same point; the end of input saves and exits cleanly
    again = play(["--resume", str(save)], "hand\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert "your card>" in again.stdout and f"Saved to {save}" in again.stdout
    assert read_record(str(save)) == record


def test_plain_mode_refuses_an_illegal_card_and_saves_by_default(tmp_path: Path) -> None:
    out = play(["--seed", "48"], "9c jc kc\nks\n2h\n", tmp_path)
    assert out.returncode == 0
    assert "You cannot play KS: does not hold KS." in out.stdout
    assert "You cannot play 2H: hearts are not broken" in out.stdout or "You cannot play 2H" in out.stdout
    saved = list((tmp_path / "data" / "hearts").glob("game-*-seed48.json"))
    assert len(saved) == 1 and replay(read_record(str(saved[0])))["ok"]


def test_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    for args in (
        ["--players", "2"],
        ["--rule", "nonsense=1"],
        ["--level", "grandmaster"],
        ["--resume", str(tmp_path / "none.json")],
        ["--names", "A,B,C,D,E"],
        ["--delay", "-1"],
    ):
        out = play(args, "", tmp_path)
        assert out.returncode == 2, args
        assert out.stderr.startswith("hearts play: ") and out.stderr.count("\n") == 1, out.stderr
