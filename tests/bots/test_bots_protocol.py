"""The bot protocol and registry: specs, levels, seeding, and views only."""

from __future__ import annotations

import pytest

from hearts.bots import LEVELS, Bot, BotSpecError, RandomBot, best_moon_choice, known_bots, make_bot, parse_spec
from hearts.bots.play import play_game, play_hand
from hearts.core import Card, Game, Hand, Rules, SeatView

CONFIGS = [Rules.standard(n) for n in range(3, 8)] + [Rules.cancellation(n) for n in range(6, 12)] + [Rules.omnibus(4)]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "a bot spec must be a name"),
        ("chess", "unknown bot 'chess'"),
        ("random:seed", "bad setting 'seed'"),
        ("random:seed=1:seed=2", "given twice"),
        ("random:seed=x", "seed must be a whole number"),
        ("random:depth=3", "unknown setting 'depth'"),
        ("easy:seed=3", "takes no settings"),
    ],
)
def test_bad_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_specs_parse_and_levels_name_real_bots() -> None:
    assert parse_spec(" search:ms=500:seed=2 ") == ("search", {"ms": "500", "seed": "2"})
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"} and set(LEVELS) <= set(known_bots())
    for level, spec in LEVELS.items():
        assert parse_spec(spec)[0] in known_bots() and parse_spec(spec)[0] not in LEVELS, level


def test_random_bot_is_seeded() -> None:
    def plays(seed: int) -> list[Card]:
        hand = play_hand(Hand.from_seed(Rules.standard(4), 3), [make_bot("random", seed=seed + s) for s in range(4)])
        return hand.plays

    assert plays(1) == plays(1) and plays(1) != plays(2)
    assert make_bot("random:seed=7").name == "random:seed=7"


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.variant}{r.players}")
def test_random_bot_plays_whole_games_legally(rules: Rules) -> None:
    game = Game(Rules(**{**rules.to_dict(), "target": 60}), seed=rules.players)
    play_game(game, [RandomBot(seed=s) for s in range(rules.players)])
    assert game.game_over and len(game.winners) >= 1


class SpyBot(RandomBot):
    """Records every view it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[SeatView] = []

    def act(self, view: SeatView):  # type: ignore[no-untyped-def]
        self.views.append(view)
        return super().act(view)


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(9)], ids=["standard4", "cancellation9"])
def test_a_bot_sees_only_its_own_seat(rules: Rules) -> None:
    hand = Hand.from_seed(rules, 17)
    dealt = hand.deal
    bots = [SpyBot(seed=s) for s in range(rules.players)]
    play_hand(hand, bots)
    for seat, bot in enumerate(bots):
        assert bot.views and all(v.seat == seat for v in bot.views)
        for v in bot.views:
            assert isinstance(v, SeatView)
            played = set(v.played_cards())
            known = set(dealt[seat]) | set(v.received or ()) | played
            visible = set(v.hand) | set(v.legal) | set(v.passed or ()) | set(v.trick) | set(v.set_aside)
            assert visible <= known
            assert v.kitty is None  # the kitty is never shown during the hand


def test_best_moon_choice_follows_the_score_sheet() -> None:
    hand = Hand.from_seed(Rules.standard(4, target=100), 1)
    view = hand.view(0, scores=[0, 0, 0, 0])

    def with_scores(scores: list[int]) -> str:
        return best_moon_choice(SeatView(**{**view.__dict__, "scores": tuple(scores)}))

    assert with_scores([0, 0, 0, 0]) == "add"  # the game goes on; seat 0 leads: shorten it
    assert with_scores([80, 10, 10, 10]) == "subtract"  # the game goes on; seat 0 trails: lengthen it
    assert with_scores([70, 75, 60, 80]) == "add"  # adding ends the game and seat 0 wins alone
    assert with_scores([85, 90, 20, 30]) == "subtract"  # adding would end the game with seat 0 beaten


def test_bot_base_refuses_spectator_views_and_done_hands() -> None:
    hand = Hand.from_seed(Rules.standard(4), 2)
    bot: Bot = RandomBot(seed=1)
    with pytest.raises(ValueError, match="spectator"):
        bot.act(hand.view(None))
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    with pytest.raises(ValueError, match="nothing to decide"):
        bot.act(hand.view(0))
