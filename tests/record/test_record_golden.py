"""Golden records: every valid record replays to its exact expected output,
every invalid one to its exact error, every malformed one is exit status 2."""

from __future__ import annotations

import json

import pytest

from conftest import INVALID, MALFORMED, VALID, invalid_names, malformed_names, valid_names
from hearts.record import RecordError, read_record, replay
from hearts.record.replay_cli import run_replay


def load(path):  # type: ignore[no-untyped-def]
    return json.loads(path.read_text(encoding="utf-8"))


def test_golden_sets_are_complete() -> None:
    names = set(valid_names())
    for n in range(3, 8):
        assert f"standard{n}" in names
    for n in range(6, 12):
        assert f"cancellation{n}" in names
    for special in (
        "omnibus4",
        "moon_choose_add",
        "moon_choose_subtract",
        "moon_rules_add",
        "set_aside",
        "set_aside_last_nobody",
        "set_aside_last_previous_winner",
        "two_pairs_void_trick",
        "unfinished_play",
        "unfinished_pass",
        "unfinished_moon",
        "tie_play_on",
        "tie_share",
    ):
        assert special in names
    phases = {load(INVALID / f"{n}.expected.json")["error"]["phase"] for n in invalid_names()}
    assert phases == {"deal", "pass", "play", "moon"}
    for seeded in ("deals_verified", "deals_cancellation9", "deals_unrevealed", "seeds_only"):
        assert seeded in names
    assert {
        "deals_wrong_deal",
        "deals_wrong_deal_kitty",
        "deals_wrong_commitment",
        "deals_hand_without_seed",
        "deals_seed_not_derived",
    } <= set(invalid_names())
    assert {"seed_uppercase.json", "seed_short.json", "seed_not_hex.json", "seed_number.json"} <= set(malformed_names())
    assert len(malformed_names()) >= 20


@pytest.mark.parametrize("name", valid_names())
def test_valid_record_replays_exactly(name: str) -> None:
    rec = read_record(str(VALID / f"{name}.json"))
    assert replay(rec) == load(VALID / f"{name}.expected.json")
    traced = VALID / f"{name}.trace.expected.json"
    if traced.exists():
        assert replay(rec, trace=True) == load(traced)


@pytest.mark.parametrize("name", invalid_names())
def test_invalid_record_gives_exact_error(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = load(INVALID / f"{name}.expected.json")
    assert replay(read_record(str(INVALID / f"{name}.json"))) == expected
    assert run_replay(str(INVALID / f"{name}.json"), as_json=True, trace=False) == 1
    out, err = capsys.readouterr()
    assert json.loads(out) == expected
    assert err.count("\n") == 1 and "illegal record" in err
    assert run_replay(str(INVALID / f"{name}.json"), as_json=False, trace=True) == 1
    out, err = capsys.readouterr()
    e = expected["error"]
    assert out == ""
    assert err.count("\n") == 1 and e["reason"] in err and e["phase"] in err
    assert (f"hand {e['hand']}" in err) == (e["hand"] is not None)


@pytest.mark.parametrize("name", malformed_names())
@pytest.mark.parametrize("as_json", [False, True])
def test_malformed_file_is_status_2(name: str, as_json: bool, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RecordError):
        read_record(str(MALFORMED / name))
    assert run_replay(str(MALFORMED / name), as_json=as_json, trace=False) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("hearts replay: ") and err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 400


def test_golden_files_are_up_to_date() -> None:
    """make_golden.py regenerates exactly the stored records (seeded, deterministic)."""
    import make_golden

    from hearts.record import dumps_record, game_record

    for name, (game, _) in make_golden.valid_cases().items():
        assert (VALID / f"{name}.json").read_text(encoding="utf-8") == dumps_record(game_record(game)), name
    for name, rec in make_golden.seeded_cases().items():
        assert (VALID / f"{name}.json").read_text(encoding="utf-8") == dumps_record(rec), name
    for name, rec in (make_golden.invalid_cases() | make_golden.seeded_invalid_cases()).items():
        assert (INVALID / f"{name}.json").read_text(encoding="utf-8") == dumps_record(rec), name
