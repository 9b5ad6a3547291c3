"""Reading and writing hearts-record/1 documents."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from driver import play_game

from conftest import EXAMPLES, VALID
from hearts.core import Game, Hand, Rules
from hearts.record import (
    FORMAT,
    RecordError,
    ReplayError,
    dumps_record,
    game_record,
    hand_record,
    loads_record,
    read_record,
    replay,
    replay_game,
    save_record,
)


def test_card_aliases_are_accepted_and_output_is_canonical() -> None:
    rec = json.loads((VALID / "standard4.json").read_text())
    alias = {"T": "10", "C": "♣", "D": "♦", "H": "♥", "S": "♠"}

    def spell(c: str) -> str:
        return alias.get(c[0], c[0]).lower() + alias[c[1]]

    for h in rec["hands"]:
        h["deal"] = [[spell(c) for c in d] for d in h["deal"]]
        h["plays"] = [spell(c).upper() for c in h["plays"]]
        if h["passes"]:
            h["passes"] = [[c.lower() for c in p] for p in h["passes"]]
    assert replay(rec) == replay(json.loads((VALID / "standard4.json").read_text()))


def test_defaults_absent_keys() -> None:
    g = play_game(Rules.standard(4, pass_count=0), 1, max_hands=1)
    rec = game_record(g)
    rec["rules"] = {"variant": "standard", "players": 4, "pass_count": 0}
    del rec["first_dealer"]
    for h in rec["hands"]:
        del h["kitty"], h["passes"]
    assert replay(rec)["ok"]
    assert replay({"format": FORMAT, "rules": {"variant": "cancellation", "players": 8}}) == {
        "ok": True,
        "hands": [],
        "scores": [0] * 8,
        "game_over": False,
        "winners": [],
    }


def test_written_record_has_every_option_and_canonical_cards() -> None:
    g = play_game(Rules.cancellation(9), 3, max_hands=1)
    rec = game_record(g)
    assert rec["format"] == FORMAT and rec["first_dealer"] == 0
    assert set(rec["rules"]) == {
        "variant",
        "players",
        "target",
        "pass_count",
        "moon",
        "points_on_first_trick",
        "queen_breaks_hearts",
        "jack_of_diamonds",
        "ties",
        "two_pairs_void_trick",
        "last_trick_unwon",
    }
    assert rec["rules"]["target"] == 150 and rec["rules"]["points_on_first_trick"] is True
    h = rec["hands"][0]
    assert len(h["kitty"]) == 5 and all(len(c) == 2 for d in h["deal"] for c in d)
    assert "moon" not in h
    text = dumps_record(rec)
    assert json.loads(text) == rec and loads_record(text) == loads_record(text.encode())


def test_no_pass_hand_writes_null_and_passes_pending_are_not_written() -> None:
    g = play_game(Rules.standard(4), 5, max_hands=4)
    assert [h["passes"] is None for h in game_record(g)["hands"]] == [False, False, False, True]
    g = Game(Rules.standard(4), seed=2)
    assert g.hand is not None
    g.pass_cards(0, g.hand.hand_cards(0)[:3])
    assert game_record(g)["hands"][0]["passes"] is None  # half-chosen passes are not a record's
    assert replay(game_record(g))["hands"][0]["phase"] == "pass"


def test_hand_record() -> None:
    h = Hand.from_seed(Rules.omnibus(5), 4)
    assert replay(hand_record(h))["ok"]
    h2 = Hand.from_seed(Rules.omnibus(5), 4, number=2)
    with pytest.raises(ValueError):
        hand_record(h2)


def test_replay_game_continues_a_saved_game(tmp_path: Path) -> None:
    g = play_game(Rules.standard(4), 6, stop=lambda g: len(g.hands) == 2 and len(g.hands[1].plays) == 17)
    path = tmp_path / "save.json"
    save_record(g, path)
    g2 = replay_game(read_record(str(path)))
    assert g2.hand is not None and g.hand is not None
    assert g2.scores == g.scores and g2.hand.plays == g.hand.plays and g2.hand.to_move == g.hand.to_move
    assert g2.hand.hand_cards(g2.hand.to_move) == g.hand.hand_cards(g.hand.to_move)
    g2.play(g2.hand.legal_cards()[0])  # and play on


def test_save_is_atomic_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    g = play_game(Rules.standard(3, target=30), 7)
    save_record(g, path)
    before = path.read_bytes()
    bad = game_record(g)
    bad["hands"][0]["plays"][0] = "AS"
    with pytest.raises(ReplayError):
        save_record(bad, path)
    with pytest.raises(RecordError):
        save_record({"format": "nope", "rules": {}}, path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.json"]  # no temporary file left behind
    assert replay(read_record(str(path))) == replay(game_record(g))


def test_save_failure_leaves_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_record(play_game(Rules.standard(4), 8, max_hands=1), path)
    before = path.read_bytes()

    def boom(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_record(play_game(Rules.standard(4), 9, max_hands=2), path)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["game.json"]


def test_replay_never_writes_the_input(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text((VALID / "unfinished_play.json").read_text())
    st = path.stat()
    replay(read_record(str(path)), trace=True)
    assert path.stat().st_mtime_ns == st.st_mtime_ns and path.read_text() == (VALID / "unfinished_play.json").read_text()


def test_examples_are_complete_games() -> None:
    for name in ("standard4.json", "cancellation8.json"):
        o = replay(read_record(str(EXAMPLES / name)))
        assert o["ok"] and o["game_over"] and o["winners"]


def test_unreadable_file() -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read_record("/nonexistent/record.json")
    with pytest.raises(RecordError, match="cannot read"):
        read_record(str(VALID))
