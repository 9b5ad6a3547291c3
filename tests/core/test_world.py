"""Hand.world rebuilds a full state from a seat's view plus the hidden cards."""

from __future__ import annotations

import random

import pytest

from hearts.bots.sampler import WorldSampler
from hearts.core import Hand, Rules
from hearts.core.worlds import WorldMaker

FIELDS = (
    "phase",
    "lo",
    "hi",
    "to_move",
    "leader",
    "trick",
    "tricks",
    "plays",
    "broken",
    "taken",
    "points_taken",
    "voids",
    "pile",
    "pile_points",
    "last_winner",
    "kitty",
)


def _random_position(rules: Rules, rng: random.Random, deal: int) -> Hand | None:
    """Hand ``deal + 1`` passed and played at random up to a random play (None once it is over)."""
    hand = Hand.from_seed(rules, rng, number=deal + 1)
    stop = rng.randrange(0, len(rules.deck) - rules.kitty_size)
    if hand.phase == "pass":
        for s in range(rules.players):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    while hand.phase == "play" and len(hand.plays) < stop:
        hand.play(rng.choice(hand.legal_cards()))
    return hand if hand.phase in ("play", "moon") else None


@pytest.mark.parametrize(
    "rules",
    [Rules.standard(4), Rules.standard(3), Rules.cancellation(9), Rules.cancellation(6), Rules.omnibus(5)],
    ids=lambda r: f"{r.variant}{r.players}",
)
def test_world_from_the_true_hidden_cards_is_the_true_state(rules: Rules) -> None:
    rng = random.Random(rules.players)
    for deal in range(12):
        hand = _random_position(rules, rng, deal)
        if hand is None:
            continue
        seat = rng.randrange(rules.players)
        world = Hand.world(hand.view(seat), [hand.hand_cards(s) for s in range(rules.players)], hand.kitty)
        for name in FIELDS:
            assert getattr(world, name) == getattr(hand, name), name
        assert world.legal_mask() == hand.legal_mask()
        assert world.view(seat) == hand.view(seat)
        # the world plays on to the same end as the true state
        while hand.phase == "play":
            card = rng.choice(hand.legal_cards())
            hand.play(card)
            world.play(card)
        assert world.points_taken == hand.points_taken and world.phase == hand.phase


def test_world_refuses_the_pass_phase() -> None:
    hand = Hand.from_seed(Rules.standard(4), 1)
    with pytest.raises(ValueError, match="play or moon phase"):
        Hand.world(hand.view(0), [hand.hand_cards(s) for s in range(4)])


@pytest.mark.parametrize(
    "rules",
    [Rules.standard(4), Rules.standard(3), Rules.cancellation(9), Rules.cancellation(6), Rules.omnibus(5), Rules.standard(4, moon="add")],
    ids=lambda r: f"{r.variant}{r.players}{r.moon}",
)
def test_world_maker_builds_the_worlds_hand_world_builds(rules: Rules) -> None:
    # every field of every sampled world, at every stage of the hand (the kitty before and after a trick too)
    rng = random.Random(100 + rules.players)
    for deal in range(10):
        hand = _random_position(rules, rng, deal)
        if hand is None:
            continue
        view = hand.view(rng.randrange(rules.players))
        make, sampler = WorldMaker(view), WorldSampler(view)
        for k in range(5):
            hands, kitty = sampler.sample(random.Random(k))
            world, fresh = make(hands, kitty), Hand.world(view, hands, kitty)
            for name in (*FIELDS, "_dealt", "passes", "received", "shooter", "pass_direction", "number", "dealer"):
                assert getattr(world, name) == getattr(fresh, name), name
            assert world.legal_mask() == fresh.legal_mask()
            assert world.deal == fresh.deal
            if world.phase == "play":  # the worlds are independent: playing one leaves the next alike
                world.play(world.legal_cards()[0])


def test_world_maker_refuses_a_wrong_shape() -> None:
    hand = Hand.from_seed(Rules.standard(4), 1, number=4)
    with pytest.raises(ValueError, match="one hand per seat"):
        WorldMaker(hand.view(0))([hand.hand_cards(s) for s in range(3)])


def test_world_maker_puts_the_kitty_where_a_set_aside_first_trick_left_it() -> None:
    # Cancellation Hearts with a kitty: first tricks won, set aside and still in the pile, set aside and then won
    # (two pairs of twins void a trick here, so set-aside tricks come up often)
    rules = Rules(variant="cancellation", players=9, two_pairs_void_trick=True)
    rng = random.Random(7)
    kinds: set[str] = set()
    for deal in range(400):
        hand = Hand.from_seed(rules, rng, number=deal + 1)
        stop = rng.randrange(rules.players, 4 * rules.players)
        if hand.phase == "pass":
            for s in range(rules.players):
                hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
        while hand.phase == "play" and len(hand.plays) < stop:
            hand.play(rng.choice(hand.legal_cards()))
        if hand.phase != "play" or not hand.tricks:
            continue
        winners = [t.winner for t in hand.tricks]
        kind = "won" if winners[0] is not None else "pile" if all(w is None for w in winners) else "set aside, then won"
        if kind in kinds:
            continue
        kinds.add(kind)
        view = hand.view(rng.randrange(rules.players))
        make, sampler = WorldMaker(view), WorldSampler(view)
        for k in range(5):
            hands, kitty = sampler.sample(random.Random(k))
            world, fresh = make(hands, kitty), Hand.world(view, hands, kitty)
            for name in FIELDS:
                assert getattr(world, name) == getattr(fresh, name), (kind, name)
    assert kinds == {"won", "pile", "set aside, then won"}
