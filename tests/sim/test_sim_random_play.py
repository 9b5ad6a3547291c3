"""The seeded random driver: legal-only play, cards conserved, determinism."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from hearts.core import Card, Game, Hand, Rules, random_deal
from hearts.sim import finish_random, nth_card, play_random_game, play_random_hand, random_card

VARIANTS = [Rules.standard(n) for n in range(3, 8)] + [Rules.cancellation(n) for n in range(6, 12)] + [Rules.omnibus(4)]


def _ids(r: Rules) -> str:
    return f"{r.variant}{r.players}"


class CheckingTable:
    """Passes the driver's actions on to a hand, checking each is legal first."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.plays = 0

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None:
        assert self.hand.why_pass_illegal(seat, cards) is None
        self.hand.pass_cards(seat, cards)

    def play(self, card: Card, seat: int | None = None) -> None:
        assert self.hand.why_play_illegal(card, seat) is None
        assert card in self.hand.legal_cards()
        self.plays += 1
        self.hand.play(card, seat)

    def choose_moon(self, seat: int, choice: str) -> None:
        assert self.hand.why_moon_illegal(seat, choice) is None
        self.hand.choose_moon(seat, choice)


def test_nth_card_and_random_card_cover_the_mask() -> None:
    mask = (1 << 3) | (1 << 17) | (1 << 49)
    assert [nth_card(mask, k) for k in range(3)] == [3, 17, 49]
    rng = random.Random(0)
    assert Counter(random_card(mask, rng) for _ in range(3000)).keys() == {3, 17, 49}


@pytest.mark.parametrize("rules", VARIANTS, ids=_ids)
def test_random_hand_plays_only_legal_cards_and_conserves_cards(rules: Rules) -> None:
    rng = random.Random(rules.players)
    for number in range(1, 5):
        deal, kitty = random_deal(rules, rng)
        hand = Hand(rules, deal, kitty, number=number)
        table = CheckingTable(hand)
        assert finish_random(hand, rng, table) is hand
        assert hand.phase == "done"
        assert table.plays == len(hand.plays) == len(rules.deck) - rules.kitty_size
        assert all(hand.hand_size(s) == 0 for s in range(rules.players))
        assert sorted(hand.plays + list(hand.kitty)) == sorted(rules.deck)
        taken = [c for cards in hand.taken for c in cards] + list(hand.unclaimed)
        assert sorted(taken) == sorted(rules.deck)
        assert all(len(t.cards) == rules.players for t in hand.tricks)
        if hand.passes[0] is not None:
            assert all(p is not None and len(p) == rules.pass_count for p in hand.passes)


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(11)], ids=_ids)
def test_same_seed_same_hand(rules: Rules) -> None:
    a = play_random_hand(rules, random.Random(42), number=2)
    b = play_random_hand(rules, random.Random(42), number=2)
    c = play_random_hand(rules, random.Random(43), number=2)
    assert (a.deal, a.passes, a.plays, a.points) == (b.deal, b.passes, b.plays, b.points)
    assert a.deal != c.deal
    assert a.number == 2 and a.pass_direction == "right"


def test_every_pass_direction_and_the_moon_choice() -> None:
    rules = Rules.standard(4)
    rng = random.Random(5)
    directions = {play_random_hand(rules, rng, number=n).pass_direction for n in range(1, 5)}
    assert directions == {"left", "right", "across", "none"}
    # a hand that shoots the moon under "choose" goes through the random choice
    hands = [play_random_hand(rules, rng, number=4) for _ in range(600)]
    moons = [h for h in hands if h.shooter is not None]
    assert moons and all(h.moon_choice in ("add", "subtract") and h.phase == "done" for h in moons)


@pytest.mark.parametrize("rules", [Rules.standard(4, target=60), Rules.cancellation(8, target=80)], ids=_ids)
def test_random_game_reaches_the_target_and_is_deterministic(rules: Rules) -> None:
    g1 = play_random_game(rules, random.Random(9))
    g2 = play_random_game(rules, random.Random(9))
    assert isinstance(g1, Game) and g1.game_over
    assert max(g1.scores) >= rules.target  # type: ignore[operator]
    assert g1.scores == g2.scores and len(g1.hands) == len(g2.hands)
    assert [h.plays for h in g1.hands] == [h.plays for h in g2.hands]
    points = [h.points or [] for h in g1.hands]
    assert g1.scores == [sum(p[s] for p in points) for s in range(rules.players)]
    assert [h.dealer for h in g1.hands] == [i % rules.players for i in range(len(g1.hands))]
    assert g1.winners and all(g1.scores[w] == min(g1.scores) for w in g1.winners)
