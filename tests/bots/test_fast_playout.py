"""The fused playout gives exactly what cloning, playing and :func:`playout` give, on any one-deck or Cancellation state."""

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
@given(
    st.sampled_from(ONE_DECK),
    st.integers(0, 2**32),
    st.integers(0, 60),
    st.sampled_from(["choose", "add", "subtract"]),
    st.booleans(),
    st.booleans(),
    st.integers(0, 127),
    st.integers(-1, 6),
    st.sampled_from([10, 16, 26]),
    st.booleans(),
)
def test_fast_playout_matches_the_engine(
    case: tuple[str, int],
    seed: int,
    steps: int,
    moon: str,
    queen_breaks: bool,
    first_trick_points: bool,
    shoot: int,
    root: int,
    run_on: int,
    sampled: bool,
) -> None:
    variant, players = case
    rules = Rules(variant=variant, players=players, moon=moon, queen_breaks_hearts=queen_breaks, points_on_first_trick=first_trick_points)
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


@settings(max_examples=300, deadline=None)
@given(
    st.integers(6, 11),
    st.integers(0, 2**32),
    st.integers(0, 100),
    st.sampled_from(["choose", "add", "subtract"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["nobody", "previous_winner"]),
    st.integers(0, 2047),
    st.integers(-1, 10),
    st.booleans(),
)
def test_two_deck_playout_matches_the_engine(
    players: int,
    seed: int,
    steps: int,
    moon: str,
    first_trick_points: bool,
    jack: bool,
    two_pairs: bool,
    last_trick: str,
    shoot: int,
    root: int,
    sampled: bool,
) -> None:
    """Cancellation Hearts: twins cancel, set-aside tricks and the kitty, every house rule that changes a trick."""
    rules = Rules(
        variant="cancellation",
        players=players,
        moon=moon,
        points_on_first_trick=first_trick_points,
        jack_of_diamonds=jack,
        two_pairs_void_trick=two_pairs,
        last_trick_unwon=last_trick,
    )
    world = random_state(rules, seed, steps)
    if world.phase != "play":
        return
    if sampled:
        view = world.view(world.to_move)
        hands, kitty = WorldSampler(view).sample(random.Random(seed))
        world = Hand.world(view, hands, kitty)
    assert fast_playable(world)
    shoot &= (1 << players) - 1
    before = (world.lo[:], world.hi[:], world.trick[:], world.points_taken[:], world.voids[:], world.pile_points, len(world.tricks))
    for card in [None, *world.legal_cards()]:
        assert fast_playout(world, card, shoot, root) == slow(world, card, shoot, root, 16)
    assert (world.lo, world.hi, world.trick, world.points_taken, world.voids, world.pile_points, len(world.tricks)) == before


def test_set_aside_tricks_and_the_kitty_are_played_exactly() -> None:
    """Seeds whose playouts set tricks aside (the last one too) and carry a kitty give the engine's points."""
    rules = Rules(variant="cancellation", players=9, jack_of_diamonds=True, last_trick_unwon="previous_winner")
    aside = last_aside = 0
    for seed in range(60):
        world = random_state(rules, seed, 0)
        assert world.kitty  # 104 cards for 9 players: a kitty of 5
        w = world.clone()
        assert fast_playout(world) == (playout(w, rollout_card), w.shooter)
        aside += sum(t.winner is None for t in w.tricks)
        last_aside += w.tricks[-1].winner is None
    assert aside and last_aside  # the cases that matter came up


def test_what_is_fast() -> None:
    assert fast_playable(Hand.from_seed(Rules.standard(4), seed=1, number=4))
    assert fast_playable(random_state(Rules.cancellation(8), 1, 0))  # passed, in play
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
