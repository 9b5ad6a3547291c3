"""The ``openspiel-ismcts`` adapter: OpenSpiel's ISMCTS at our table, its state rebuilt from a seat's view."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel not installed: pip install -e '.[openspiel]'")

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import best_moon_choice  # noqa: E402
from hearts.bots.play import play_game, play_hand  # noqa: E402
from hearts.bots.registry import BotSpecError  # noqa: E402
from hearts.core import Game, Hand, PassCards, Rules, SeatView  # noqa: E402
from hearts.openspiel.bridge import openspiel_history, openspiel_params  # noqa: E402
from hearts.openspiel.ismcts import OpenSpielISMCTSBot  # noqa: E402

pytestmark = pytest.mark.openspiel

STANDARD = Rules.standard(4)
#: rule sets OpenSpiel can play: its game options cover these
PLAYABLE = [
    STANDARD,
    Rules.standard(4, moon="add"),
    Rules.standard(4, points_on_first_trick=True),
    Rules.standard(4, queen_breaks_hearts=False),
    Rules.standard(4, pass_count=0),
]


def true_state(hand: Hand, view: SeatView) -> Any:
    """OpenSpiel's state of the real hand (every seat's real cards and passes): the reference."""
    game = pyspiel.load_game("hearts", openspiel_params(hand.rules))
    hands = [hand.hand_cards(s) for s in range(4)]
    passes = [tuple(p or ()) for p in hand.passes]
    state = game.new_initial_state()
    for a in openspiel_history(view, hands, passes):
        state.apply_action(a)
    return state


def passed_hand(rules: Rules, seed: int, number: int) -> Hand:
    """A hand dealt from ``seed`` with random passes made, ready to play."""
    hand = Hand.from_seed(rules, seed=seed, number=number)
    rng = random.Random(seed)
    if hand.phase == "pass":
        for s in range(4):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    return hand


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_plays_complete_hands_with_legal_actions(number: int) -> None:
    """Every pass direction; play_hand raises IllegalAction on any illegal pass or card."""
    hand = Hand.from_seed(STANDARD, seed=10 + number, number=number)
    bots = [
        make_bot("openspiel-ismcts:sims=50", seed=1),
        make_bot("random", seed=2),
        make_bot("openspiel-ismcts:sims=50:policy=max", seed=3),
        make_bot("random", seed=4),
    ]
    play_hand(hand, bots)
    assert hand.phase == "done" and hand.points is not None
    if hand.shooter is None:
        assert sum(hand.points) == 26
    else:  # the shooter chooses: 26 to each other seat, or 26 off its own score
        added = [0 if s == hand.shooter else 26 for s in range(4)]
        subtracted = [-26 if s == hand.shooter else 0 for s in range(4)]
        assert list(hand.points) in (added, subtracted)


def test_plays_a_game_with_a_moon_choice_rule() -> None:
    game = play_game(Game(Rules.standard(4, target=40), seed=6), [make_bot("openspiel-ismcts:sims=20", seed=s) for s in range(4)])
    assert game.game_over


def _rules_id(r: Rules) -> str:
    return f"{r.moon}-first{r.points_on_first_trick}-qs{r.queen_breaks_hearts}-pass{r.pass_count}"


@pytest.mark.parametrize("rules", PLAYABLE, ids=_rules_id)
def test_rebuilt_state_is_in_the_seats_true_information_set(rules: Rules) -> None:
    """At every decision the rebuilt state agrees with the view (rebuild checks the player and legal cards),
    OpenSpiel's information state of the seat is the real one, yet the hidden cards are sampled, not copied."""
    bot = OpenSpielISMCTSBot(sims=2, seed=5)
    decisions = differ = 0
    for number in (1, 2, 3, 4):
        hand = passed_hand(rules, seed=number, number=number)
        rng = random.Random(number)
        while hand.phase == "play":
            seat = hand.to_move
            view = hand.view(seat)
            rebuilt = bot.rebuild(view)
            truth = true_state(hand, view)
            assert rebuilt.current_player() == truth.current_player() == seat
            assert rebuilt.information_state_string(seat) == truth.information_state_string(seat)
            assert sorted(rebuilt.legal_actions()) == sorted(truth.legal_actions())
            decisions += 1
            differ += str(rebuilt) != str(truth)
            hand.play(rng.choice(hand.legal_cards()))
    assert decisions == 4 * 52
    assert differ > decisions // 2  # other seats' cards are sampled (the last tricks reveal them)


def test_pass_phase_picks_cards_of_its_own_hand() -> None:
    for number, rules in ((1, STANDARD), (2, STANDARD), (3, Rules.standard(4, queen_breaks_hearts=False))):
        hand = Hand.from_seed(rules, seed=number, number=number)
        for seat in range(4):
            action = make_bot("openspiel-ismcts:sims=30", seed=seat).act(hand.view(seat))
            assert isinstance(action, PassCards)
            assert len(set(action.cards)) == 3 and set(action.cards) <= set(hand.hand_cards(seat))


def _other_world(hand: Hand, seat: int, seed: int) -> Hand:
    """A different true state that gives ``seat`` the same view."""
    from hearts.bots.sampler import sample_hands

    view = hand.view(seat)
    rng = random.Random(seed)
    for _ in range(50):
        hands, kitty = sample_hands(view, rng)
        if any(sorted(hands[s]) != hand.hand_cards(s) for s in range(4)):
            return Hand.world(view, hands, kitty)
    raise AssertionError("no other world found")


def test_same_view_from_different_truths_gives_the_same_play() -> None:
    """The bot sees only the view: two true states with the same view for its seat get the same card.

    Few simulations (at most one per legal move plus one) keep OpenSpiel's search free of its
    hash-order tie-breaking, so the seeded bot is deterministic."""
    hand = passed_hand(STANDARD, seed=8, number=1)
    rng = random.Random(8)
    checked = 0
    while hand.phase == "play":
        seat = hand.to_move
        view = hand.view(seat)
        if len(view.legal) > 2 and len(hand.plays) % 3 == 0:
            other = _other_world(hand, seat, len(hand.plays))
            assert other.view(seat) == view
            assert any(other.hand_cards(s) != hand.hand_cards(s) for s in range(4))
            sims = len(view.legal) + 1
            a = make_bot(f"openspiel-ismcts:sims={sims}", seed=21).act(view)
            b = make_bot(f"openspiel-ismcts:sims={sims}", seed=21).act(other.view(seat))
            assert a == b
            checked += 1
        hand.play(rng.choice(hand.legal_cards()))
    assert checked >= 3


def test_same_hand_different_deals_gives_the_same_pass() -> None:
    hand = Hand.from_seed(STANDARD, seed=4, number=1)
    others = [c for s in (1, 2, 3) for c in hand.hand_cards(s)]
    random.Random(4).shuffle(others)
    other = Hand(STANDARD, [hand.hand_cards(0), others[:13], others[13:26], others[26:]], number=1)
    assert other.view(0) == hand.view(0) and other.hand_cards(1) != hand.hand_cards(1)
    a = make_bot("openspiel-ismcts:sims=10", seed=2).act(hand.view(0))
    b = make_bot("openspiel-ismcts:sims=10", seed=2).act(other.view(0))
    assert a == b


def test_moon_choice_follows_the_score_sheet() -> None:
    hand = passed_hand(STANDARD, seed=1, number=1)
    bot = make_bot("openspiel-ismcts:sims=5", seed=1)
    for scores in ((0, 0, 0, 0), (90, 70, 80, 95), (60, 80, 99, 99), (50, 80, 90, 90)):
        view = dataclasses.replace(hand.view(1), phase="moon", shooter=1, scores=scores)
        assert bot.moon_choice(view) == best_moon_choice(view)
    view = dataclasses.replace(hand.view(1), phase="moon", shooter=1, scores=(50, 80, 90, 90))
    assert bot.moon_choice(view) == "subtract"  # adding would end the game with seat 1 behind seat 0


@pytest.mark.parametrize(
    "setting", ["sims=0", "sims=1", "sims=many", "uct_c=-1", "uct_c=x", "worlds=0", "worlds=-2", "policy=best", "depth=3"]
)
def test_bad_settings_are_clear_errors(setting: str) -> None:
    with pytest.raises(BotSpecError, match=setting.split("=")[0]):
        make_bot(f"openspiel-ismcts:{setting}")


def test_good_settings_are_read() -> None:
    bot = make_bot("openspiel-ismcts:sims=300:uct_c=1.5:worlds=20:policy=max:seed=4")
    assert isinstance(bot, OpenSpielISMCTSBot)
    assert (bot.sims, bot.uct_c, bot.worlds, bot.policy) == (300, 1.5, 20, "max")
    assert bot.name == "openspiel-ismcts:sims=300:uct_c=1.5:worlds=20:policy=max:seed=4"


@pytest.mark.parametrize(
    "rules",
    [
        Rules.standard(5),
        Rules.standard(3),
        Rules.cancellation(6),
        Rules.omnibus(4),
        Rules.standard(4, pass_count=2),
        Rules.standard(4, moon="subtract"),
        Rules.standard(4, jack_of_diamonds=True),
    ],
    ids=repr,
)
def test_variants_openspiel_cannot_play_are_clear_errors(rules: Rules) -> None:
    hand = Hand.from_seed(rules, seed=1)
    bot = make_bot("openspiel-ismcts:sims=5", seed=1)
    seat = hand.seats_to_act()[0]
    with pytest.raises(BotSpecError, match="openspiel-ismcts cannot play these rules"):
        bot.act(hand.view(seat))
