"""World weighting by the plays seen (hearts.bots.inference) and its use in search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_heuristic import names

from hearts.bots.heuristic_pass import choose_pass
from hearts.bots.heuristic_rollout import rollout_card
from hearts.bots.inference import (
    PassEvidence,
    PlayEvidence,
    pass_plausibility,
    plausibility,
)
from hearts.bots.sampler import WorldSampler
from hearts.bots.search import evaluate_worlds
from hearts.core import Hand, Rules
from hearts.core.cards import parse_card


def _played_by_policy(seed: int, plays: int, odd: int | None = None) -> Hand:
    """A hand played by the rollout policy; at play number ``odd`` (unforced, not seat 0) another legal card."""
    hand = Hand.from_seed(Rules.standard(4), seed=seed, number=4)
    for i in range(plays):
        card = rollout_card(hand)
        legal = hand.legal_cards()
        if i == odd:
            assert len(legal) > 1
            card = next(c for c in legal if c != card)
        hand.play(card)
    return hand


def _real(hand: Hand) -> list[list[int]]:
    return [list(hand.hand_cards(s)) for s in range(4)]


def _first_choice_of_another_seat(seed: int, within: int) -> int | None:
    """The number of the first play (policy-played) where a seat other than 0 has a choice."""
    probe = Hand.from_seed(Rules.standard(4), seed=seed, number=4)
    for i in range(within):
        if probe.to_move != 0 and len(probe.legal_cards()) > 1:
            return i
        probe.play(rollout_card(probe))
    return None


def test_each_play_the_policy_would_not_make_costs_one_miss() -> None:
    seed = next(s for s in range(50) if _first_choice_of_another_seat(s, 12) is not None)
    odd = _first_choice_of_another_seat(seed, 12)
    base = _played_by_policy(seed, 12)
    hand = _played_by_policy(seed, 12, odd=odd)
    view = hand.view(0)
    # the changed play is the one miss: every later play is the policy's own, in the real cards
    assert plausibility(view, _real(hand), [], 0.5) == 0.5
    assert plausibility(base.view(0), _real(base), [], 0.5) == 1.0
    assert plausibility(view, _real(hand), [], 1.0) == 1.0


def test_the_viewers_own_plays_are_not_judged() -> None:
    # Seat 0 plays against the policy; every other seat follows it: nothing to doubt from seat 0's view.
    hand = Hand.from_seed(Rules.standard(4), seed=8, number=4)
    odd = 0
    for _ in range(16):
        card = rollout_card(hand)
        legal = hand.legal_cards()
        if hand.to_move == 0 and len(legal) > 1:
            card = next(c for c in legal if c != card)
            odd += 1
        hand.play(card)
    assert odd >= 1
    assert plausibility(hand.view(0), _real(hand), [], 0.5) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(1, 40), viewer=st.integers(0, 3))
def test_every_sampled_world_replays(seed: int, plays: int, viewer: int) -> None:
    # Passed hands too: the sampler's worlds always replay legally, and the weight is a power of miss.
    rng = random.Random(seed)
    hand = Hand.from_seed(Rules.standard(4), seed=seed, number=1 + seed % 4)
    if hand.phase == "pass":
        for s in range(4):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), 3))
    for _ in range(plays):
        hand.play(rng.choice(hand.legal_cards()))
    view = hand.view(viewer)
    for k in range(3):
        hands, kitty = WorldSampler(view).sample(random.Random(k))
        w = plausibility(view, hands, kitty, 0.5)
        assert 0 < w <= 1
        assert any(abs(w - 0.5**m) < 1e-12 for m in range(40))


ONE_DECK = [("standard", n) for n in range(3, 8)] + [("omnibus", n) for n in range(3, 8)]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(ONE_DECK),
    st.integers(0, 2**32),
    st.integers(1, 60),
    st.floats(0, 1),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["choose", "add"]),
)
def test_the_fused_play_evidence_weighs_every_world_as_the_replay_does(
    case: tuple[str, int], seed: int, plays: int, off_policy: float, queen_breaks: bool, first_trick_points: bool, moon: str
) -> None:
    # Plays mostly by the policy (some not): the worlds differ in which plays the policy would have made.
    variant, players = case
    rules = Rules(variant=variant, players=players, moon=moon, queen_breaks_hearts=queen_breaks, points_on_first_trick=first_trick_points)
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, rng, dealer=rng.randrange(players), number=rng.randint(1, 4))
    if hand.phase == "pass":
        for s in range(players):
            hand.pass_cards(s, choose_pass(hand.hand_cards(s), rules))
    for _ in range(plays):
        if hand.phase != "play":
            return
        hand.play(rng.choice(hand.legal_cards()) if rng.random() < off_policy else rollout_card(hand))
    if hand.phase != "play":
        return
    view = hand.view(rng.randrange(players))
    fused = PlayEvidence(view, 0.5)
    sampler = WorldSampler(view)
    real = [list(hand.hand_cards(s)) for s in range(players)]
    worlds = [real] + [sampler.sample(random.Random(k))[0] for k in range(4)]
    for hands in worlds + worlds[::-1]:  # the second time round, every seat's hand is one seen before
        assert fused(hands) == plausibility(view, hands, [], 0.5)
    assert PlayEvidence(view, 1.0)(real) == 1.0


def test_two_decks_are_not_weighted() -> None:
    hand = Hand.from_seed(Rules.cancellation(8), seed=2)
    for s in range(8):
        hand.pass_cards(s, hand.hand_cards(s)[: hand.rules.pass_count])
    for _ in range(10):
        hand.play(rollout_card(hand))
    view = hand.view(hand.to_move)
    hands, kitty = WorldSampler(view).sample(random.Random(1))
    assert plausibility(view, hands, kitty, 0.5) == 1.0
    assert PlayEvidence(view, 0.5)(hands) == 1.0


def test_search_weights_its_worlds() -> None:
    hand = _played_by_policy(5, 9)
    rng = random.Random(3)
    for _ in range(6):  # random plays: the policy would not have made some of them
        hand.play(rng.choice(hand.legal_cards()))
    view = hand.view(hand.to_move)
    plain = evaluate_worlds(view, range(12), 7, None, "heuristic", "payoff")
    weighted = evaluate_worlds(view, range(12), 7, None, "heuristic", "payoff", miss=0.5)
    assert {r.weight for r in plain} == {1.0}
    assert [r.values for r in plain] == [r.values for r in weighted]  # the same worlds, the same playouts
    assert len({r.weight for r in weighted}) > 1


def _across(passes: list[str]) -> Hand:
    """Seat 2 passes ``passes`` across to seat 0 (the others pass by the heuristic) in a fixed deal."""
    seats = [
        "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
        "8C 9C TC JC QC KC AC 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH 2S QS AS KS",
        "JH QH KH AH 3S 4S 5S 6S 7S 8S 9S TS JS",
    ]
    hand = Hand(Rules.standard(4), [[parse_card(c) for c in s.split()] for s in seats], number=3)  # across
    for s in range(4):
        cards = [parse_card(c) for c in passes] if s == 2 else choose_pass(hand.hand_cards(s), hand.rules)
        hand.pass_cards(s, cards)
    return hand


def test_a_pass_the_heuristic_would_not_make_from_the_world_hand_weighs_less() -> None:
    usual = _across(["QS", "AS", "KS"])  # what the heuristic passes from seat 2's hand: the queen and her guards
    view = usual.view(0)
    assert pass_plausibility(view, _real(usual), 0.5) == 1.0
    assert pass_plausibility(view, _real(usual), 1.0) == 1.0
    odd = _across(["2H", "3H", "4H"])  # low hearts, keeping the queen with one low spade
    view = odd.view(0)
    assert pass_plausibility(view, _real(odd), 0.5) == 0.125  # all three differ from the model's
    one = _across(["QS", "AS", "2H"])  # one card off the model's pass
    assert pass_plausibility(one.view(0), _real(one), 0.5) == 0.5


def test_pass_evidence_weighs_a_passer_hand_seen_before_alike() -> None:
    # one PassEvidence over many worlds keeps each passer hand's weight: the same as a fresh one's every time
    hand = Hand.from_seed(Rules.standard(4), 5, number=2)  # a pass to the right: seat 1 passes to seat 0
    for s in range(4):
        cards = hand.hand_cards(s)
        hand.pass_cards(s, cards[:3] if s == 1 else choose_pass(cards, hand.rules))  # seat 1 sends its lowest
    view = hand.view(0)
    evidence = PassEvidence(view, 0.5)
    worlds = [_real(hand)] + [WorldSampler(view).sample(random.Random(k))[0] for k in range(12)]
    weights = [evidence(hands) for hands in worlds]
    assert len(set(weights)) > 1  # the worlds differ in how well they explain the pass
    assert [evidence(hands) for hands in worlds[::-1]] == weights[::-1]
    assert [PassEvidence(view, 0.5)(hands) for hands in worlds] == weights


def test_the_pass_model_may_expect_the_top_heart_to_go() -> None:
    # seat 2 holds A♥ with two more hearts: the heuristic keeps it back as a stopper, pass_top's model sends it
    seat2 = [parse_card(c) for c in "2C 3C 4C 9C 2D 3D 4H 7H AH 2S 5S 8S 9S".split()]
    rest = [c for c in range(52) if c not in seat2]
    seats = [rest[:13], rest[13:26], seat2, rest[26:]]
    hand = Hand(Rules.standard(4), seats, number=3)  # across: seat 2 passes to seat 0
    rules = hand.rules
    assert names(choose_pass(seat2, rules)) == ["2D", "3D", "9C"]
    sent = choose_pass(seat2, rules, stopper=False)
    assert names(sent) == ["2D", "3D", "AH"]
    for s in range(4):
        hand.pass_cards(s, sent if s == 2 else choose_pass(hand.hand_cards(s), rules))
    view = hand.view(0)
    assert pass_plausibility(view, _real(hand), 0.5) == 0.5  # the A♥ is off the stopper-keeping model
    assert PassEvidence(view, 0.5, stopper=False)(_real(hand)) == 1.0
