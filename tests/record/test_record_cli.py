"""``hearts replay`` run as a subprocess: stdout, stderr and exit status."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import EXAMPLES, INVALID, MALFORMED, ROOT, VALID


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "hearts", "replay", *args], input=stdin, capture_output=True, cwd=ROOT, timeout=60)


def test_json_output_and_status_0() -> None:
    p = run(str(VALID / "cancellation8.json"), "--json")
    assert p.returncode == 0 and p.stderr == b""
    assert json.loads(p.stdout) == json.loads((VALID / "cancellation8.expected.json").read_text())


def test_trace_from_stdin() -> None:
    p = run("-", "--json", "--trace", stdin=(VALID / "standard3.json").read_bytes())
    assert p.returncode == 0
    assert json.loads(p.stdout) == json.loads((VALID / "standard3.trace.expected.json").read_text())


def test_text_report_of_the_example() -> None:
    p = run("--example", "standard4")
    assert p.returncode == 0 and p.stderr == b""
    text = p.stdout.decode()
    out = json.loads(run(str(EXAMPLES / "standard4.json"), "--json").stdout)
    assert text.startswith("standard Hearts, 4 players, target 100")
    assert "hand 1 (record index 0): dealer 0, pass left" in text
    assert "trick  1: seat " in text and "points: " in text and "scores: " in text
    assert f"winner seat {out['winners'][0]}" in text and "game over" in text


def test_a_shipped_example_by_name_and_the_mistakes_around_it() -> None:
    by_name = json.loads(run("--example", "cancellation8", "--json").stdout)
    assert by_name == json.loads(run(str(EXAMPLES / "cancellation8.json"), "--json").stdout)
    unknown = run("--example", "standard5")
    assert unknown.returncode == 2 and unknown.stdout == b""
    assert unknown.stderr.decode().strip() == "hearts replay: no example named 'standard5'; the examples are cancellation8, standard4"
    for args in ((), ("--example", "standard4", "x.json")):
        both = run(*args)
        assert both.returncode == 2 and b"give one record" in both.stderr and b"Traceback" not in both.stderr


def test_text_report_of_unfinished_and_moon() -> None:
    text = run(str(VALID / "unfinished_play.json")).stdout.decode()
    assert "trick in progress: seat 2 leads  2S 9S" in text and "game not over" in text
    text = run(str(VALID / "moon_choose_add.json"), "--trace").stdout.decode()
    assert "moon: seat 0 shot the moon and chose add" in text and "legal before 2C: 2C" in text


def test_illegal_record_status_1() -> None:
    expected = json.loads((INVALID / "play_must_follow.expected.json").read_text())
    p = run(str(INVALID / "play_must_follow.json"), "--json")
    assert p.returncode == 1 and json.loads(p.stdout) == expected
    p = run("-", stdin=(INVALID / "play_must_follow.json").read_bytes())
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr.decode() == ("hearts replay: <stdin>: illegal record: hand 0, play 1: seat 0, card 3D: must follow suit: holds clubs\n")


def test_not_a_record_status_2() -> None:
    for args, stdin in [
        ([str(MALFORMED / "binary.bin"), "--json"], None),
        (["-"], b"\x00\xff garbage"),
        (["-", "--json"], b""),
        ([str(MALFORMED / "deep.json")], None),
        (["/nonexistent/file.json", "--json"], None),
        ([str(MALFORMED / "rules_players_1e400.json"), "--json", "--trace"], None),
    ]:
        p = run(*args, stdin=stdin)
        assert p.returncode == 2, args
        assert p.stdout == b"" and p.stderr.count(b"\n") == 1 and b"Traceback" not in p.stderr


def test_replay_says_the_deals_are_verified() -> None:
    p = run(str(VALID / "deals_verified.json"))
    assert p.returncode == 0 and p.stderr == b""
    last = p.stdout.decode().splitlines()[-1]
    assert last.startswith("deals verified (hearts-deal/1): each of the 4 hands is the deal of its seed; the server seed matches")
    out = json.loads(run(str(VALID / "deals_verified.json"), "--json").stdout)
    assert out["deals"] == {
        "scheme": "hearts-deal/1",
        "hands": 4,
        "seeded": 4,
        "verified": True,
        "commitment": "a5a6e36f5e0512a229e36a987091e8e73addbd3b68f7fc3e83d8be342e9e46d6",
        "server_seed": "verified",
    }
    text = run(str(VALID / "deals_unrevealed.json")).stdout.decode()
    assert "deals not all verified" in text and "not revealed yet" in text
    assert "deals" not in run(str(VALID / "standard4.json")).stdout.decode()  # a record without seeds: as before


def test_a_wrong_deal_for_its_seed_is_status_1_naming_the_hand() -> None:
    p = run(str(INVALID / "deals_wrong_deal.json"))
    assert p.returncode == 1 and p.stdout == b""
    err = p.stderr.decode()
    assert err.startswith("hearts replay: ") and "hand 1, deal 0: seat 0, card KC: not the deal of this hand's seed" in err
    p = run(str(INVALID / "deals_wrong_commitment.json"), "--json")
    assert p.returncode == 1 and json.loads(p.stdout)["error"]["hand"] is None
    p = run(str(MALFORMED / "seed_uppercase.json"))
    assert p.returncode == 2 and b"seed must be 64 lowercase hex characters" in p.stderr
