"""Expected values checked by hand against the rule book (docs/rules.md),
not taken from the engine: each assertion restates a fact derived on paper."""

from __future__ import annotations

import json
from typing import Any

from conftest import VALID
from hearts.record import read_record, replay


def out(name: str) -> dict[str, Any]:
    return replay(read_record(str(VALID / f"{name}.json")))


def test_moon_choices_rule_book_example_7() -> None:
    # Seat 0 holds AC + 3H..AH after passing: wins trick 1 with AC, then every heart lead.
    for name, points in [
        ("moon_choose_add", [0, 26, 26, 26]),
        ("moon_rules_add", [0, 26, 26, 26]),
        ("moon_choose_subtract", [-26, 0, 0, 0]),
        ("moon_rules_subtract", [-26, 0, 0, 0]),
        ("moon_omnibus", [-36, 0, 0, 0]),  # -26, then J♦ -10 applied after the moon
    ]:
        h = out(name)["hands"][0]
        assert h["points"] == points, name
        assert h["moon"] == {"seat": 0, "choice": "add" if points[1] else "subtract"}
        assert [t["winner"] for t in h["tricks"]] == [0] * 13
        assert h["tricks"][0]["cards"][0] == "2C" and h["tricks"][0]["leader"] == 1


def test_set_aside_tricks_cancellation_8() -> None:
    h = out("set_aside")["hands"][0]
    t = h["tricks"]
    # KD 5D AD AD QD 8D KD 5D led by 1: K, A, 5 cancel; QD (seat 5) beats 8D.
    assert (t[0]["leader"], t[0]["winner"], t[0]["points"]) == (1, 5, 0)
    # 8S 4S 4S 7S 2S 3S QS 8S led by 5: QS (seat 3) highest uncancelled: 13 points.
    assert (t[1]["winner"], t[1]["points"]) == (3, 13)
    # 9H JH 7H JH KH KH 9H 7H: every heart paired -> set aside, 8 points; seat 3 leads again.
    assert (t[2]["winner"], t[2]["points"], t[3]["leader"]) == (None, 8, 3)
    # next trick: 6S and 5S cancel, KS (seat 0) wins 2 points plus the 8 waiting.
    assert (t[3]["winner"], t[3]["points"]) == (0, 2)
    assert h["taken"][0].count("JH") == 2 and h["taken"][0].count("KH") == 2
    # TS ... QH QH TS: both pairs cancel, no spade left -> set aside; leader 5 leads again, AC (seat 7) takes both.
    assert (t[11]["winner"], t[11]["points"], t[12]["leader"], t[12]["winner"]) == (None, 3, 5, 7)
    assert h["points"] == [25, 0, 0, 13, 6, 5, 0, 3] and sum(h["points"]) == 52


def test_set_aside_last_trick_both_options() -> None:
    nobody = out("set_aside_last_nobody")["hands"][0]
    prev = out("set_aside_last_previous_winner")["hands"][0]
    # last trick 5H KD 5H ...: the hearts cancel, nobody else has a heart -> set aside, 2 points.
    assert nobody["tricks"][-1]["winner"] is None and nobody["tricks"][-1]["points"] == 2
    assert sum(nobody["points"]) == 50  # nobody scores them
    assert prev["tricks"][-2]["winner"] == 6
    assert prev["points"][6] == nobody["points"][6] + 2 and sum(prev["points"]) == 52
    # first trick (KS, seat 5, 13 points) also takes the kitty 9C 4D 6D 8H AH (2 points)
    assert nobody["points"][5] == 15


def test_set_aside_first_trick_kitty_waits() -> None:
    h = out("set_aside_first_trick_kitty")["hands"][0]
    assert h["tricks"][0]["winner"] is None and h["tricks"][1]["leader"] == 1
    # 8D (seat 6) wins trick 2 and takes trick 1 (7H) and the kitty (QS): 0 + 1 + 13.
    assert h["tricks"][1]["winner"] == 6 and h["points"][6] == 14
    assert {"QS", "AC", "7C", "8C"} <= set(h["taken"][6])


def test_two_pairs_void_trick() -> None:
    h = out("two_pairs_void_trick")["hands"][0]
    # JS 5S 9S 4S 7S 5S 9S 7S 3S 3S: JS is uncancelled, but four pairs -> set aside under the option.
    assert h["tricks"][0]["winner"] is None
    # 3C 4C QS TH QS KS 2C KC TC KH: one pair only -> KC (seat 8) wins 28 points.
    assert (h["tricks"][4]["winner"], h["tricks"][4]["points"]) == (8, 28)
    assert h["points"][8] == 45 and sum(h["points"]) == 52


def test_tie_rules() -> None:
    on = out("tie_play_on")
    assert on["hands"][2]["scores"] == [33, 12, 21, 12]  # target 30 reached, seats 1 and 3 tied low: play on
    assert on["game_over"] and on["winners"] == [1] and len(on["hands"]) == 4
    share = out("tie_share")
    assert share["game_over"] and share["winners"] == [1, 3] and len(share["hands"]) == 3


def test_unfinished_last_hand_output() -> None:
    o = out("unfinished_play")
    h = o["hands"][-1]
    assert h["points"] is None and h["phase"] == "play" and len(h["tricks"]) == 5
    assert h["current_trick"] == {"leader": 2, "cards": ["2S", "9S"]}
    assert o["game_over"] is False and o["scores"] == h["scores"]
    rec = json.loads((VALID / "unfinished_moon.json").read_text())
    assert "moon" not in rec["hands"][0]
    assert out("unfinished_moon")["hands"][0]["phase"] == "moon"
