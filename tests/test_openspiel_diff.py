"""Differential test: our 4-player standard Hearts against OpenSpiel's ``hearts``.

Both engines get the same deal (OpenSpiel's chance nodes, mirrored into our
``Hand``), the same passes and the same cards. At every play step the seat
to move and the set of legal cards must agree; at the end, the hand's points
(OpenSpiel: ``26 - returns``, moon = our ``moon="add"``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel not installed: pip install '.[openspiel]'")

from hearts.core import Card, Hand, Rules, card_name, parse_card  # noqa: E402
from hearts.openspiel.bridge import (  # noqa: E402
    HAND_NUMBER_FOR_OPENSPIEL_DIR,
    OPENSPIEL_PASS_DIR,
    PASS_DIR_FROM_OPENSPIEL,
    from_openspiel,
    points_from_returns,
    to_openspiel,
)
from hearts.sim.random_play import random_card  # noqa: E402

pytestmark = pytest.mark.openspiel

RULES = Rules.standard(4, moon="add")
QS = parse_card("QS")
HEARTS = 2

PassPolicy = Callable[[Hand, int, random.Random], list[Card]]
PlayPolicy = Callable[[Hand, random.Random], Card]


# -- policies: random, and one that makes seat 0 shoot the moon often --------
def random_pass(hand: Hand, seat: int, rng: random.Random) -> list[Card]:
    return rng.sample(hand.hand_cards(seat), 3)


def random_play(hand: Hand, rng: random.Random) -> Card:
    return random_card(hand.legal_mask(), rng)


def _points(c: Card) -> int:
    return 13 if c == QS else int(c // 13 == HEARTS)


def feeder_pass(hand: Hand, seat: int, rng: random.Random) -> list[Card]:
    """Seat 0 passes its lowest cards, the others their highest."""
    cards = hand.hand_cards(seat)
    cards.sort(key=(lambda c: (c % 13, c)) if seat == 0 else (lambda c: (-(c % 13), c)))
    return cards[:3]


def feeder_play(hand: Hand, rng: random.Random) -> Card:
    """Seat 0 plays high; the others follow low and dump points when void."""
    legal = hand.legal_cards()
    if hand.to_move == 0:
        return max(legal, key=lambda c: (c % 13, c))
    if hand.trick and legal[0] // 13 != hand.trick[0] // 13:
        return max(legal, key=lambda c: (_points(c), c % 13, c))
    return min(legal, key=lambda c: (c % 13, c))


# -- one hand in both engines ------------------------------------------------
def play_both(
    game: object,
    rng: random.Random,
    os_dir: int,
    pass_policy: PassPolicy,
    play_policy: PlayPolicy,
    stats: Counter[str],
    deal_to: list[list[Card]] | None = None,
) -> None:
    """Play one hand in both engines, checking them against each other at every step.

    The deal is random (OpenSpiel's chance nodes) unless ``deal_to`` gives each seat's cards.
    """
    state = game.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node()
    assert sorted(a for a, _ in state.chance_outcomes()) == [0, 1, 2, 3]
    state.apply_action(os_dir)
    deal: list[list[Card]] = [[] for _ in range(4)]
    for i in range(52):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        if deal_to is None:
            action = outcomes[int(rng.random() * len(outcomes))][0]
        else:
            action = to_openspiel(deal_to[i % 4][i // 4])
            assert action in {a for a, _ in outcomes}
        deal[i % 4].append(from_openspiel(action))
        state.apply_action(action)
    number = HAND_NUMBER_FOR_OPENSPIEL_DIR[os_dir]
    hand = Hand(RULES, deal, dealer=0, number=number)
    assert hand.pass_direction == PASS_DIR_FROM_OPENSPIEL[os_dir]

    if hand.phase == "pass":
        for seat in range(4):
            assert state.current_player() == seat
            assert sorted(from_openspiel(a) for a in state.legal_actions()) == hand.hand_cards(seat)
            cards = pass_policy(hand, seat, rng)
            for c in cards:
                assert state.current_player() == seat
                state.apply_action(to_openspiel(c))
            hand.pass_cards(seat, cards)
    assert hand.phase == "play"
    assert state.current_player() == hand.to_move == hand.leader, "first leader (2C holder) differs"
    stats[f"leader{hand.to_move}"] += 1

    while hand.phase == "play":
        assert not state.is_terminal()
        seat = hand.to_move
        assert state.current_player() == seat
        ours = hand.legal_cards()
        theirs = sorted(from_openspiel(a) for a in state.legal_actions())
        assert ours == theirs, (
            f"legal cards differ at play {len(hand.plays)} (seat {seat}, trick {[card_name(c) for c in hand.trick]}, "
            f"hand {[card_name(c) for c in hand.hand_cards(seat)]}): "
            f"ours {[card_name(c) for c in ours]}, OpenSpiel {[card_name(c) for c in theirs]}"
        )
        _count_cases(hand, ours, stats)
        card = play_policy(hand, rng)
        hand.play(card)
        state.apply_action(to_openspiel(card))

    assert hand.phase == "done" and state.is_terminal()
    assert hand.points is not None
    assert points_from_returns(state.returns()) == hand.points, f"points differ: ours {hand.points}, OpenSpiel {state.returns()}"
    stats[hand.pass_direction] += 1
    stats["moon"] += hand.shooter is not None


def _count_cases(hand: Hand, legal: list[Card], stats: Counter[str]) -> None:
    """Tally the rarer rule cases the comparison went through."""
    held = hand.hand_cards(hand.to_move)
    if hand.trick:
        if not hand.tricks and legal[0] // 13 != hand.trick[0] // 13 and any(_points(c) for c in legal):
            stats["first trick: void, only points"] += 1
    elif hand.tricks and not hand.broken:
        if legal == [QS]:
            stats["forced QS lead"] += 1
        elif all(c // 13 == HEARTS for c in held):
            stats["hearts-only lead, unbroken"] += 1
        elif any(c // 13 == HEARTS for c in held):
            stats["heart lead refused"] += 1


# -- tests --------------------------------------------------------------------
def test_encodings_match_openspiel_strings() -> None:
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    names = {d: state.action_to_string(a) for d, a in OPENSPIEL_PASS_DIR.items()}
    assert names == {"none": "No Pass", "left": "Left", "across": "Across", "right": "Right"}
    state.apply_action(OPENSPIEL_PASS_DIR["left"])
    for c in range(52):
        assert state.action_to_string(to_openspiel(c)) == card_name(c)
        assert from_openspiel(to_openspiel(c)) == c
    assert [RULES.pass_direction(HAND_NUMBER_FOR_OPENSPIEL_DIR[d]) for d in range(4)] == ["none", "left", "across", "right"]


def test_default_options_are_the_rule_book() -> None:
    params = pyspiel.load_game("hearts").get_parameters()
    assert params == {
        "avoid_all_tricks_bonus": False,
        "can_lead_any_club": False,
        "can_lead_hearts_instead_of_qs": False,
        "jd_bonus": False,
        "must_break_hearts": True,
        "no_pts_on_first_trick": True,
        "pass_cards": True,
        "qs_breaks_hearts": True,
    }


def test_random_hands_agree_with_openspiel() -> None:
    game = pyspiel.load_game("hearts")
    rng = random.Random(20240601)
    stats: Counter[str] = Counter()
    for i in range(2400):
        play_both(game, rng, (1, 3, 2, 0)[i % 4], random_pass, random_play, stats)
    for direction in ("left", "right", "across", "none"):
        assert stats[direction] == 600
    assert all(stats[f"leader{s}"] > 0 for s in range(4))
    assert stats["heart lead refused"] > 0
    assert stats["forced QS lead"] > 0
    assert stats["hearts-only lead, unbroken"] > 0
    print(dict(stats))


def test_moon_hands_agree_with_openspiel() -> None:
    game = pyspiel.load_game("hearts")
    rng = random.Random(7)
    stats: Counter[str] = Counter()
    for i in range(800):
        play_both(game, rng, (1, 3, 2, 0)[i % 4], feeder_pass, feeder_play, stats)
    assert stats["moon"] >= 10, stats
    print(dict(stats))


def _crafted(rng: random.Random, seat: int, cards: list[str]) -> list[list[Card]]:
    """A deal giving ``seat`` exactly ``cards``, the rest at random."""
    mine = [parse_card(n) for n in cards]
    rest = [c for c in range(52) if c not in mine]
    rng.shuffle(rest)
    deal = [rest[13 * i : 13 * i + 13] for i in range(3)]
    deal.insert(seat, mine)
    return deal


HEART_NAMES = [r + "H" for r in "23456789TJQKA"]


CASES = {
    "13 hearts": (HEART_NAMES, "first trick: void, only points"),
    "12 hearts and QS": (HEART_NAMES[1:] + ["QS"], "first trick: void, only points"),
    "top clubs, QS, 9 hearts": (["AC", "KC", "QC", "QS"] + HEART_NAMES[4:], "forced QS lead"),
    "top clubs, 10 hearts": (["AC", "KC", "QC"] + HEART_NAMES[3:], "hearts-only lead, unbroken"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_crafted_deals_agree_with_openspiel(case: str) -> None:
    """Rare cases: a first-trick player holding only points, a leader forced to lead QS or hearts."""
    cards, expected = CASES[case]
    game = pyspiel.load_game("hearts")
    rng = random.Random(11)
    stats: Counter[str] = Counter()
    for i in range(200):
        seat = 1 + i % 3
        play_both(game, rng, 0, random_pass, random_play, stats, deal_to=_crafted(rng, seat, cards))
    assert stats[expected] > 0, stats
    print(case, dict(stats))
