"""hearts-deal/1: the scheme's test vectors, seed validation, and invariants of a deal from any seed."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.core import Rules, names, parse_card
from hearts.core.fair_deal import (
    SeedError,
    canonical_deck,
    check_client_seed,
    check_seed,
    commitment,
    hand_seed,
    is_client_seed_list,
    is_seed,
    new_server_seed,
    seed_deal,
)

ZERO = "00" * 32
S = "0a2456fb8f8fd3c3c30d9ab871323bad77fb44f05fb7f7b4095ec5e75dbaed7d"
CLIENTS = ["alice-7f3a", "", "b0b", ""]
PRINTABLE = st.characters(min_codepoint=32, max_codepoint=126)
CONFIGS = [("standard", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)] + [("omnibus", 4)]


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


# -- the test vectors ---------------------------------------------------------------
def test_vector_standard_4_zero_seed() -> None:
    hands, kitty = seed_deal(Rules.standard(4), ZERO)
    assert [" ".join(names(h)) for h in hands] == [
        "3C AC 2D 7D 9D JD QD KD 5H 7S 9S TS QS",
        "2C 7C JC QC KC 4D 5D 3H 4H 8H 3S 4S AS",
        "5C 8C TC 3D 6D AD 7H TH QH KH 5S 6S JS",
        "4C 6C 9C 8D TD 2H 6H 9H JH AH 2S 8S KS",
    ]
    assert kitty == []


def test_vector_standard_3_zero_seed() -> None:
    hands, kitty = seed_deal(Rules.standard(3), ZERO)
    assert hands[0] == cards("3C 7C JC AC 3D 5D 8D TD QD KD AD 6H 4S 8S TS JS KS")
    assert kitty == [] and parse_card("2D") not in sum(hands, [])


def test_vector_cancellation_9_zero_seed() -> None:
    hands, kitty = seed_deal(Rules.cancellation(9), ZERO)
    assert hands[0] == cards("AC 2D 7D JD QD AD 5H 6H 9S QS AS")
    assert kitty == cards("3C 7C TD KS KS")


def test_vector_commitment_and_hand_seeds() -> None:
    assert commitment(S) == "a5a6e36f5e0512a229e36a987091e8e73addbd3b68f7fc3e83d8be342e9e46d6"
    one, two = hand_seed(S, 1, CLIENTS), hand_seed(S, 2, CLIENTS)
    assert one == "20f2cac02ac24f9b4a8ce96577987542c988a285ff05340b1105a9b51b6730d3"
    assert two == "f48e7cd69963ed4eaf70c990188877f384f2b0d711a9dffdbff344f15d4ade30"
    rules = Rules.standard(4)
    assert seed_deal(rules, one)[0][0] == cards("2C 4C 4D 7D 9D 5H 7H QH KH 5S 7S 8S KS")
    assert seed_deal(rules, two)[0][0] == cards("5C 9C JC 3D 5D 6D KD 4H 5H 8H TH QS KS")


def test_hand_seed_message_layout() -> None:
    """The HMAC message is the scheme, the hand number and each client seed, NUL-separated."""
    msg = b"hearts-deal/1\x0012\x00alice-7f3a\x00\x00b0b\x00"
    assert hand_seed(S, 12, CLIENTS) == hmac.new(bytes.fromhex(S), msg, hashlib.sha256).hexdigest()
    assert hand_seed(S, 1, ["a", "b"]) != hand_seed(S, 1, ["ab", ""])  # the separators matter


def test_cancellation_deck_lists_the_order_twice() -> None:
    assert canonical_deck(Rules.cancellation(6)) == list(range(52)) * 2
    assert canonical_deck(Rules.standard(6)) == sorted(set(range(52)) - set(cards("2D 3D 3C 4C")))


# -- validation -------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["", "00" * 31, "00" * 33, "AB" * 32, "zz" * 32, 0, None, b"\0" * 32, ["00" * 32]])
def test_bad_seeds_are_refused(bad: object) -> None:
    assert not is_seed(bad)
    with pytest.raises(SeedError):
        check_seed(bad)
    with pytest.raises(SeedError):
        seed_deal(Rules.standard(4), bad)  # type: ignore[arg-type]
    with pytest.raises(SeedError):
        commitment(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("good", ["x", " ", "~", "alice-7f3a", "a" * 64, "".join(chr(c) for c in range(32, 96))])
def test_client_seeds_accepted(good: str) -> None:
    assert check_client_seed(good) == good
    assert is_client_seed_list([good, ""])


@pytest.mark.parametrize("bad", ["", "a" * 65, "caf\u00e9", "tab\there", "new\nline", "\x7f", 7, None])
def test_client_seeds_refused(bad: object) -> None:
    with pytest.raises(SeedError):
        check_client_seed(bad)


def test_bot_seats_give_the_empty_client_seed() -> None:
    assert check_client_seed("", bot=True) == ""
    with pytest.raises(SeedError):
        check_client_seed("x", bot=True)
    assert not is_client_seed_list("ab") and not is_client_seed_list([1]) and not is_client_seed_list(["x" * 65])


def test_hand_numbers_start_at_one() -> None:
    for bad in (0, -1, True, "1"):
        with pytest.raises(SeedError):
            hand_seed(S, bad, CLIENTS)  # type: ignore[arg-type]


def test_new_server_seeds_are_fresh_seeds() -> None:
    a, b = new_server_seed(), new_server_seed()
    assert is_seed(a) and is_seed(b) and a != b


# -- invariants ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.sampled_from(CONFIGS))
def test_a_deal_from_any_seed_is_a_sorted_deal_of_the_deck(raw: bytes, config: tuple[str, int]) -> None:
    rules = Rules(variant=config[0], players=config[1])
    hands, kitty = seed_deal(rules, raw.hex())
    assert len(hands) == rules.players and all(len(h) == rules.cards_each for h in hands)
    assert len(kitty) == rules.kitty_size
    assert all(h == sorted(h) for h in hands) and kitty == sorted(kitty)
    assert Counter(c for h in hands for c in h) + Counter(kitty) == Counter(rules.deck)
    assert seed_deal(rules, raw.hex()) == (hands, kitty)  # a pure function of the seed


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.lists(st.text(PRINTABLE, max_size=64), min_size=4, max_size=4))
def test_hand_seeds_are_seeds_and_differ_by_hand(raw: bytes, clients: list[str]) -> None:
    s = raw.hex()
    seeds = [hand_seed(s, h, clients) for h in range(1, 6)]
    assert all(is_seed(x) for x in seeds) and len(set(seeds)) == 5
    assert is_seed(commitment(s)) and commitment(s) != s
