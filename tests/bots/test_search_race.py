"""The search's race among the cards (``search:race=Z``): dropped cards, the budget, and what it plays."""

from __future__ import annotations

import math

import pytest
from test_heuristic import deal, play

from hearts.bots import BotSpecError, make_bot
from hearts.bots.search import SearchBot, WorldEvaluator, race_worlds
from hearts.core import Hand, Rules, parse_card


def queen_trick() -> Hand:
    """Seat 1 is last to a spade trick: K♠ led, Q♠ on it; it holds A♠ (takes the queen) and 2♠ (ducks)."""
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C 3S", 1: "3C AS 2S", 2: "AC KS", 3: "4C QS"}), number=4)
    play(hand, "2C 3C AC 4C KS QS 3S")
    assert hand.to_move == 1
    return hand


def test_the_race_drops_the_card_that_takes_the_queen_and_spends_its_share_on_more_worlds() -> None:
    view = queen_trick().view(1)
    ace = view.legal.index(parse_card("AS"))
    results = race_worlds(WorldEvaluator(view, 11, "heuristic", "payoff"), 300, 10_000, None, 2.0)
    tried = sum(1 for r in results for v in r.values if not math.isnan(v))
    assert tried <= 300 + len(view.legal)  # the budget holds (the last world may run over by a card or two)
    assert math.isnan(results[-1].values[ace])  # the ace was dropped ...
    assert not math.isnan(results[0].values[ace])  # ... after it was tried
    assert len(results) > 300 // len(view.legal)  # the cards left got more worlds than an even split
    survivors = [k for k in range(len(view.legal)) if not math.isnan(results[-1].values[k])]
    assert survivors and all(not math.isnan(r.values[k]) for r in results for k in survivors)  # still paired


def test_a_race_with_no_clear_loser_is_the_plain_search() -> None:
    view = queen_trick().view(1)
    evaluator = WorldEvaluator(view, 11, "heuristic", "payoff")
    raced = race_worlds(evaluator, 200, 10_000, None, 50.0)  # a bar no card falls under
    assert all(not math.isnan(v) for r in raced for v in r.values)
    plain = [evaluator.evaluate(i) for i in range(len(raced))]
    assert [r.values for r in raced] == [r.values for r in plain]


def test_the_racing_bot_ducks_the_queen_and_is_deterministic() -> None:
    view = queen_trick().view(1)
    cards = {SearchBot(ms=None, sims=200, race=2.0, seed=4).play_card(view) for _ in range(2)}
    assert cards == {parse_card("2S")}
    bot = SearchBot(ms=None, sims=200, race=2.0, seed=4)
    bot.play_card(view)
    values = bot.decision_values()
    assert values is not None and values[parse_card("2S")] > values[parse_card("AS")]
    assert bot.last_sims <= 200 + len(view.legal)


@pytest.mark.parametrize("value", ["-1", "11", "x"])
def test_a_bad_race_setting_is_refused(value: str) -> None:
    with pytest.raises(BotSpecError, match="race"):
        make_bot(f"search:race={value}")
