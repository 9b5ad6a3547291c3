"""``python_hearts`` against OpenSpiel's C++ ``hearts`` on 4-player standard Hearts.

With the matching options (one hand, the pass direction a chance outcome,
the moon adding 26 to the others, ``reward="points"``), the two games are
driven by the same action histories, mapped card by card
(:mod:`hearts.openspiel.bridge`): at every step they must agree on
the player to move, the chance outcomes and their probabilities, and the
legal actions; at the end on the points (OpenSpiel: ``26 - returns``,
ours: ``-returns``). The two house rules both games know
(``points_on_first_trick`` / ``no_pts_on_first_trick``,
``queen_breaks_hearts`` / ``qs_breaks_hearts``) are checked in every
combination.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel not installed: pip install '.[openspiel]'")

import hearts.openspiel  # noqa: E402,F401  (registers python_hearts)
from hearts.core import parse_card  # noqa: E402
from hearts.openspiel.bridge import HAND_NUMBER_FOR_OPENSPIEL_DIR, from_openspiel, openspiel_params, to_openspiel  # noqa: E402

pytestmark = pytest.mark.openspiel

QS = parse_card("QS")
#: picks an OpenSpiel action among the legal ones (mapped to OpenSpiel's ids), for the seat to move
Policy = Callable[[object, list[int], random.Random], int]


def random_policy(state: object, legal: list[int], rng: random.Random) -> int:
    return legal[int(rng.random() * len(legal))]


def feeder_policy(state: object, legal: list[int], rng: random.Random) -> int:
    """Seat 0 passes and plays high, the others pass high and play low: seat 0 shoots the moon now and then."""
    player = state.current_player()  # type: ignore[attr-defined]
    cards = sorted(legal, key=lambda a: (a // 4, a))  # OpenSpiel's ids: rank * 4 + suit
    if len(state.history()) < 1 + 52 + 12:  # type: ignore[attr-defined]  # passing
        return cards[0] if player == 0 else cards[-1]
    points = [a for a in cards if a % 4 == 2 or a == to_openspiel(QS)]
    if player == 0:
        return cards[-1]
    led_suits = {a % 4 for a in cards}
    if len(led_suits) > 1 and points:  # void in the led suit (or leading): dump points
        return points[-1]
    return cards[0]


def play_both(ours: object, theirs: object, rng: random.Random, policy: Policy, stats: Counter[str]) -> None:
    """One history in both games, checked at every step."""
    a = ours.new_initial_state()  # type: ignore[attr-defined]
    b = theirs.new_initial_state()  # type: ignore[attr-defined]
    # the pass direction: OpenSpiel's outcome d is our hand number HAND_NUMBER_FOR_OPENSPIEL_DIR[d]
    assert a.is_chance_node() and b.is_chance_node()
    assert sorted(x for x, _ in a.chance_outcomes()) == [0, 1, 2, 3]
    d = b.chance_outcomes()[int(rng.random() * 4)][0]
    b.apply_action(d)
    a.apply_action(HAND_NUMBER_FOR_OPENSPIEL_DIR[d] - 1)
    stats[f"dir{d}"] += 1
    while not b.is_terminal():
        assert not a.is_terminal()
        assert a.current_player() == b.current_player()
        if b.is_chance_node():
            theirs_out = dict(b.chance_outcomes())
            ours_out = {to_openspiel(c): p for c, p in a.chance_outcomes()}
            assert ours_out.keys() == theirs_out.keys()
            assert all(abs(ours_out[k] - theirs_out[k]) < 1e-12 for k in ours_out)
            action = sorted(theirs_out)[int(rng.random() * len(theirs_out))]
        else:
            legal = b.legal_actions()
            assert sorted(to_openspiel(c) for c in a.legal_actions()) == legal, f"legal actions differ after {b.history()}"
            action = policy(b, legal, rng)
        b.apply_action(action)
        a.apply_action(from_openspiel(action))
    assert a.is_terminal()
    ours_points = [-int(r) for r in a.returns()]
    assert ours_points == [26 - int(round(r)) for r in b.returns()], b.history()
    stats["moon"] += 26 * 3 == sum(ours_points)


@pytest.fixture(scope="module")
def games() -> tuple[object, object]:
    ours = pyspiel.load_game("python_hearts", {"moon": "add", "reward": "points"})
    return ours, pyspiel.load_game("hearts")


def test_random_histories_agree_with_openspiel(games: tuple[object, object]) -> None:
    rng = random.Random(20261201)
    stats: Counter[str] = Counter()
    for _ in range(2000):
        play_both(*games, rng, random_policy, stats)
    assert all(stats[f"dir{d}"] > 400 for d in range(4)), stats


def test_moon_histories_agree_with_openspiel(games: tuple[object, object]) -> None:
    rng = random.Random(5)
    stats: Counter[str] = Counter()
    for _ in range(300):
        play_both(*games, rng, feeder_policy, stats)
    assert stats["moon"] >= 5, stats


@pytest.mark.parametrize("points_on_first_trick, queen_breaks_hearts", [(True, True), (False, False), (True, False)])
def test_the_house_rules_agree_with_openspiels_options(points_on_first_trick: bool, queen_breaks_hearts: bool) -> None:
    """Our ``points_on_first_trick`` and ``queen_breaks_hearts`` against OpenSpiel's ``no_pts_on_first_trick`` and ``qs_breaks_hearts``."""
    ours = pyspiel.load_game(
        "python_hearts",
        {
            "moon": "add",
            "reward": "points",
            "queen_breaks_hearts": queen_breaks_hearts,
            "points_on_first_trick": "yes" if points_on_first_trick else "no",
        },
    )
    theirs = pyspiel.load_game("hearts", openspiel_params(ours.settings.rules))  # type: ignore[attr-defined]
    assert theirs.get_parameters()["no_pts_on_first_trick"] is not points_on_first_trick
    rng = random.Random(int(points_on_first_trick) * 2 + int(queen_breaks_hearts))
    stats: Counter[str] = Counter()
    for _ in range(250):
        play_both(ours, theirs, rng, random_policy, stats)
