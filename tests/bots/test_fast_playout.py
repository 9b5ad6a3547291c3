"""The fused playout gives exactly what cloning, playing and :func:`playout` give, on any one-deck state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from random_states import random_state

from hearts.bots.fast_playout import fast_playable, fast_playout
from hearts.bots.heuristic_rollout import rollout_card
from hearts.bots.playout import playout
from hearts.bots.sampler import WorldSampler
from hearts.core import Hand, Rules

ONE_DECK = [("standard", n) for n in range(3, 8)] + [("omnibus", n) for n in range(3, 8)]


def slow(world: Hand, card: int | None, shoot: int, root: int, run_on: int) -> tuple[list[int], int | None]:
    w = world.clone()
    policy = lambda h, m: rollout_card(h, m, root, run_on)  # noqa: E731
    w.play(policy(w, shoot) if card is None else card)
    return playout(w, policy, shoot), w.shooter


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(ONE_DECK), st.integers(0, 2**32), st.integers(0, 60), st.sampled_from(["choose", "add", "subtract"]),
       st.booleans(), st.booleans(), st.integers(0, 127), st.integers(-1, 6), st.sampled_from([10, 16, 26]),
       st.booleans())
def test_fast_playout_matches_the_engine(case: tuple[str, int], seed: int, steps: int, moon: str, queen_breaks: bool,
                                         first_trick_points: bool, shoot: int, root: int, run_on: int,
                                         sampled: bool) -> None:
    variant, players = case
    rules = Rules(variant=variant, players=players, moon=moon, queen_breaks_hearts=queen_breaks,
                  points_on_first_trick=first_trick_points)
    world = random_state(rules, seed, steps)
    if world.phase != "play":
        return
    if sampled:  # a world as the search builds it: the seat to move's view, the others' cards sampled
        view = world.view(world.to_move)
        hands, kitty = WorldSampler(view).sample(random.Random(seed))
        world = Hand.world(view, hands, kitty)
    assert fast_playable(world)
    shoot &= (1 << players) - 1
    before = (world.lo[:], world.trick[:], world.points_taken[:], world.voids[:], len(world.tricks))
    for card in [None, *world.legal_cards()]:
        assert fast_playout(world, card, shoot, root, run_on) == slow(world, card, shoot, root, run_on)
    assert (world.lo, world.trick, world.points_taken, world.voids, len(world.tricks)) == before  # left unchanged


def test_only_one_deck_without_a_kitty_is_fast() -> None:
    assert fast_playable(Hand.from_seed(Rules.standard(4), seed=1, number=4))
    assert not fast_playable(Hand.from_seed(Rules.cancellation(8), seed=1, number=4))
    assert not fast_playable(Hand.from_seed(Rules.standard(4), seed=1, number=1))  # still passing


def test_a_moon_is_scored_as_the_rules_say() -> None:
    """A seat that holds every point going into the last trick takes the moon: add, or subtract by the rules."""
    for moon, expect in (("choose", 26), ("add", 26), ("subtract", 0)):
        rules = Rules(variant="standard", players=4, moon=moon)
        for seed in range(200):  # the first deal whose fused playout is a moon, with the shooter's line
            world = random_state(rules, seed, 0)
            points, shooter = fast_playout(world, None, 0b1111)
            if shooter is not None:
                break
        assert shooter is not None
        assert points[shooter] == (-26 if moon == "subtract" else 0)
        assert all(points[s] == expect for s in range(4) if s != shooter)
