"""The rollout policy: always a legal card, from any reachable state of any variant."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_states import random_state

from hearts.bots.heuristic import rollout_card, rollout_moon
from hearts.core import Hand, Rules, card_name, parse_card
from hearts.core.cards import SUIT_OF

VARIANTS = [("standard", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)] + [("omnibus", n) for n in range(3, 8)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 120))
def test_rollout_card_is_always_legal(case: tuple[str, int], seed: int, steps: int) -> None:
    variant, players = case
    hand = random_state(Rules(variant=variant, players=players), seed, steps)
    while hand.phase == "play":
        card = rollout_card(hand)
        assert hand.legal_mask() >> card & 1, (hand, card)
        hand.play(card)
    if hand.phase == "moon":
        hand.choose_moon(hand.to_move, rollout_moon(hand))
    assert hand.phase == "done"


def test_rollout_ducks_and_dumps_on_a_known_state() -> None:
    """Seat 2 follows 2C KC holding 5C 9C AC: it ducks with the 9C."""
    rules = Rules.standard(4)
    deck = [c for c in rules.deck]
    names = {0: [0], 1: [11], 2: [3, 7, 12]}  # 2C, KC, 5C 9C AC
    rest = [c for c in deck if c not in {0, 11, 3, 7, 12}]
    rest.sort(key=lambda c: (c < 13, c))
    hands = []
    for s in range(4):
        h = list(names.get(s, []))
        need = 13 - len(h)
        h += rest[:need]
        rest = rest[need:]
        hands.append(h)
    hand = Hand(rules, hands, number=4)
    hand.play(0)
    hand.play(11)
    assert rollout_card(hand) == 7


def test_rollout_hands_score_every_point() -> None:
    for seed in range(30):
        hand = random_state(Rules.standard(4), seed, 0)
        while hand.phase == "play":
            hand.play(rollout_card(hand))
        if hand.phase == "moon":
            hand.choose_moon(hand.to_move, rollout_moon(hand))
        assert hand.points is not None
        assert sum(hand.points) in (26, 78)  # 26, or a moon added to three seats


def test_rollout_stops_a_moon_and_cancels_a_winner() -> None:
    rules = Rules.standard(4)
    fixed = [
        "2C AC KC QC AD KD QD AH QH JH 7H AS KS",
        "3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 5H QS 2S",
        "7C 8C 9C TC 5D 6D 7D 6H KH 8H 9H 3S 4S",
        "JC 8D 9D TD JD TH 5S 6S 7S 8S 9S TS JS",
    ]
    hand = Hand(rules, [[parse_card(x) for x in h.split()] for h in fixed], number=4)
    for name in "2C 3C 7C JC 5S AS QS 3S AH 2H 6H TH JH 3H".split():
        hand.play(parse_card(name))
    assert card_name(rollout_card(hand)) == "KH"  # seat 0 holds all 17 points: take the trick
    cancel = Rules.cancellation(8, pass_count=0)
    fixed_cancel = {1: ["5C"], 2: ["KC"], 3: ["KC", "AC"]}
    rest = sorted(cancel.deck, key=lambda c: (SUIT_OF[c] == 0, c))  # clubs fill the last seats
    for names in fixed_cancel.values():
        for name in names:
            rest.remove(parse_card(name))
    hands = []
    for seat in range(8):
        own = [parse_card(x) for x in fixed_cancel.get(seat, [])]
        hands.append(own + rest[: 13 - len(own)])
        rest = rest[13 - len(own) :]
    hand = Hand(cancel, hands)
    hand.play(parse_card("5C"))
    hand.play(parse_card("KC"))
    assert card_name(rollout_card(hand)) == "KC"  # the twin cancels the king: the 5C wins


def test_rollout_defends_later_than_the_heuristic_bot() -> None:
    """Seat 1 holds every point so far, only 2: the rollout dumps the queen on it, the ``heuristic`` bot does not.

    In a rollout a runner is defended against from ROLLOUT_DEFEND_AT (8) points; the bot itself defends from 2.
    """
    from hearts.bots import make_bot
    from hearts.bots.heuristic_rollout import ROLLOUT_DEFEND_AT

    assert ROLLOUT_DEFEND_AT == 8
    fixed = [
        "2C 5C 6C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "AC KC QC JC 2S 3S 4S 5S 6S 7S 8S 9S TS",
        "3C QS AH KH QH JH TH 9H 8H 7H 6H QD KD",
        "4C 7C 8C 9C TC AD 2H 3H 4H 5H JS KS AS",
    ]
    hand = Hand(Rules.standard(4), [[parse_card(x) for x in h.split()] for h in fixed], number=4)
    for name in "2C AC 3C 4C KC 6H 7C 5C QC 7H 8C 6C JC".split():
        hand.play(parse_card(name))
    assert hand.points_taken == [0, 2, 0, 0] and hand.to_move == 2
    assert card_name(rollout_card(hand)) == "QS"
    assert card_name(make_bot("heuristic", seed=1).play_card(hand.view(2))) == "KD"  # no points for the runner


def test_the_searching_seat_may_keep_running_from_fewer_points() -> None:
    from hearts.bots.heuristic_rollout import RUN_ON_AT

    seats = [
        "AC KC QC JC 2D 3D 4D 5D AD KD 2S 3S 4S",
        "2C QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "3C 5C 7C 9C 6D 7D 8D 9D KH AH 5S 6S 7S",
        "4C 6C 8C TC TD JD QD 8S 9S TS JS KS AS",
    ]
    hand = Hand(Rules.standard(4), [[parse_card(c) for c in s.split()] for s in seats], number=4)  # no pass
    for c in "2C 3C 4C AC KC QS 5C 6C".split():
        hand.play(parse_card(c))
    assert hand.to_move == 0 and hand.points_taken[0] == 13 < RUN_ON_AT  # every point so far, but no runner yet
    assert card_name(rollout_card(hand)) in ("2D", "2S")  # an ordinary low lead
    assert card_name(rollout_card(hand, 0, root=0, root_run_on=10)) == "AD"  # running: a sure winner
    assert card_name(rollout_card(hand, 0, root=1, root_run_on=10)) in ("2D", "2S")  # only the root runs early
