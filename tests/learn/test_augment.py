"""The clubs-diamonds mirror: it swaps exactly the two suits, everywhere, and only where the rules allow."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

from hearts.core import Hand, Rules  # noqa: E402
from hearts.learn.augment import card_permutation, mirror_rows, mirrors, observation_permutation, past_first_trick  # noqa: E402
from hearts.net import card_features, encode  # noqa: E402
from hearts.observe import decode_cards  # noqa: E402


def _observations(rules: Rules, count: int) -> tuple[np.ndarray, list[Hand]]:
    rng = random.Random(5)
    rows, hands = [], []
    for number in range(1, count + 1):
        hand = Hand.from_seed(rules, rng, number=number)
        if hand.phase == "pass":
            for s in range(rules.players):
                hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
        for _ in range(rng.randrange(rules.players, 30)):
            hand.play(rng.choice(hand.legal_cards()))
        rows.append(encode(hand.view(hand.to_move)))
        hands.append(hand)
    return np.stack(rows), hands


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.standard(5), Rules.cancellation(8)], ids=lambda r: f"{r.variant}{r.players}")
def test_the_mirror_swaps_clubs_and_diamonds_in_every_segment(rules: Rules) -> None:
    obs, hands = _observations(rules, 6)
    perm = observation_permutation(rules)
    assert np.array_equal(perm[perm], np.arange(len(perm)))  # an involution
    mirrored = obs[:, perm]
    swap = card_permutation()
    for row, hand in zip(mirrored, hands, strict=True):
        held = decode_cards(row, rules, "hand")[0]
        assert sorted(held) == sorted(int(swap[c]) for c in hand.hand_cards(hand.to_move))
    # the per-card features follow the cards: the mirror of card c has c's features
    assert np.allclose(card_features(mirrored, rules)[:, swap], card_features(obs, rules))


def test_mirror_rows_moves_mask_values_and_action_with_the_cards() -> None:
    rules = Rules.standard(4)
    obs, _ = _observations(rules, 4)
    mask = np.zeros((4, 52), dtype=bool)
    mask[:, [0, 14, 40]] = True
    values = np.full((4, 52), np.nan, dtype=np.float32)
    values[:, 0], values[:, 14], values[:, 40] = 1.0, 2.0, 3.0
    action = np.array([0, 14, 40, 0])
    rows = np.array([True, True, True, False])
    before = obs.copy()
    mirror_rows(rules, obs, mask, values, action, rows)
    assert action.tolist() == [13, 1, 40, 0]
    assert mask[0, [13, 1, 40]].all() and not mask[0, [0, 14]].any() and mask[3, [0, 14, 40]].all()
    assert values[1, 13] == 1.0 and values[1, 1] == 2.0 and values[1, 40] == 3.0 and values[3, 0] == 1.0
    assert np.array_equal(obs[3], before[3]) and not np.array_equal(obs[0], before[0])


def test_where_the_mirror_applies() -> None:
    assert mirrors(Rules.standard(4)) and mirrors(Rules.cancellation(8)) and mirrors(Rules.standard(5))  # 5: no 2C, no 2D
    assert not mirrors(Rules.standard(3)) and not mirrors(Rules.standard(6))  # 3: no 2D; 6: no 3C 4C 2D 3D
    assert not mirrors(Rules.omnibus(4))  # the jack of diamonds scores
    assert not mirrors(Rules.standard(4, jack_of_diamonds=True))
    rules = Rules.standard(4)
    hand = Hand.from_seed(rules, 1, number=4)
    first = [encode(hand.view(hand.to_move))]
    for _ in range(4):
        hand.play(hand.legal_cards()[0])
    first.append(encode(hand.view(hand.to_move)))
    assert past_first_trick(rules, np.stack(first)).tolist() == [False, True]
