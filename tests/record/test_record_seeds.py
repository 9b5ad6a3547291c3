"""Records with hearts-deal/1 seeds: written, read back and verified for any seeds, every variant."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from make_golden import seeded_record

from conftest import DATA  # noqa: F401  (puts the golden generator on the path)
from hearts.core import Rules
from hearts.core.fair_deal import commitment, hand_seed
from hearts.record import Deals, RecordError, dumps_record, loads_record, replay

CONFIGS = [("standard", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)] + [("omnibus", 4)]
PRINTABLE = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=64)


def seeded(config: tuple[str, int], server: str, clients: list[str], seed: int) -> dict:  # type: ignore[type-arg]
    """Two hands of a random game dealt from seeds derived from ``server`` and ``clients``, fully revealed."""
    return seeded_record(Rules(variant=config[0], players=config[1], target=30), seed, server, clients, max_hands=2)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(CONFIGS), st.binary(min_size=32, max_size=32), st.data(), st.integers(0, 10**6))
def test_any_seeded_game_round_trips_and_verifies(config: tuple[str, int], raw: bytes, data: st.DataObject, seed: int) -> None:
    clients = data.draw(st.lists(PRINTABLE, min_size=config[1], max_size=config[1]))
    rec = seeded(config, raw.hex(), clients, seed)
    back = loads_record(dumps_record(rec))
    assert back.deals == Deals(commitment(raw.hex()), clients, raw.hex())
    assert [p.name for p in back.players or []] == [f"P{s}" for s in range(config[1])]
    out = replay(back)
    assert out["ok"] and out["deals"]["verified"] and out["deals"]["server_seed"] == "verified"
    # another hand's seed in the first hand's place is always caught
    bad = copy.deepcopy(rec)
    bad["hands"][0]["seed"] = hand_seed(raw.hex(), 2, clients)
    err = replay(bad)
    assert not err["ok"] and err["error"]["hand"] == 0 and err["error"]["phase"] == "deal"


def test_a_seed_without_a_deals_block_still_checks_the_deal() -> None:
    rec = seeded(("standard", 4), "66" * 32, [""] * 4, 1)
    del rec["deals"]
    assert replay(rec)["deals"] == {
        "scheme": "hearts-deal/1",
        "hands": len(rec["hands"]),
        "seeded": len(rec["hands"]),
        "verified": True,
        "commitment": None,
        "server_seed": None,
    }
    rec["hands"][0]["seed"] = "67" * 32
    assert replay(rec)["error"]["reason"].startswith("not the deal of this hand's seed")


def test_null_players_deals_and_seed_are_absent() -> None:
    rec = seeded(("standard", 4), "66" * 32, [""] * 4, 1)
    rec |= {"players": None, "deals": None}
    rec["hands"][0]["seed"] = None
    out = replay(rec)
    assert out["ok"] and out["deals"]["seeded"] == len(rec["hands"]) - 1 and not out["deals"]["verified"]
    with pytest.raises(RecordError, match="one client seed per seat"):
        loads_record(
            dumps_record(
                seeded(("standard", 4), "66" * 32, [""] * 4, 1)
                | {"deals": {"scheme": "hearts-deal/1", "commitment": "00" * 32, "client_seeds": [""] * 3}}
            )
        )
