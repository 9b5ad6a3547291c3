"""A bot of alternatives (a level's "A|B"): at each table the first that can play it."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from hearts.bots import BotSpecError, make_bot  # noqa: E402
from hearts.bots.by_table import ByTable, make_by_table  # noqa: E402
from hearts.core import Hand, Rules  # noqa: E402


def views(rules: Rules, seed: int) -> list:
    hand = Hand.from_seed(rules, seed, number=1)
    out = [hand.view(s) for s in range(rules.players)]
    for s in range(rules.players):
        hand.pass_cards(s, list(hand.hand_cards(s)[: rules.pass_count]))
    return out + [hand.view(hand.to_move)]


@pytest.mark.parametrize("rules, plays_as", [(Rules.standard(4), "net"), (Rules.standard(5), "heuristic")])
def test_each_table_gets_the_first_bot_that_can_play_it(rules: Rules, plays_as: str) -> None:
    bot = make_by_table("net|heuristic", seed=3)
    bot.check(rules)
    assert bot.for_rules(rules).name == plays_as
    for view in views(rules, 7):
        assert bot.act(view) == make_bot(plays_as, seed=3).act(view)


def test_values_come_from_the_bot_that_played() -> None:
    bot = make_by_table("search:sims=20:pass=4|heuristic", seed=1)
    view = Hand.from_seed(Rules.standard(4), 2, number=1).view(0)
    bot.pass_cards(view)
    assert bot.pass_values() is not None and bot.decision_values() is None


def test_alternatives_that_cannot_be_made_or_cannot_play_are_refused_clearly() -> None:
    assert make_by_table("nosuch|heuristic").name == "heuristic"
    with pytest.raises(BotSpecError, match="unknown bot 'nosuch'.*unknown bot 'other'"):
        make_by_table("nosuch|other")
    with pytest.raises(BotSpecError, match="no shipped model for standard Hearts with 5 players"):
        make_by_table("net|net-search").check(Rules.standard(5))
    with pytest.raises(BotSpecError, match="at least one bot"):
        ByTable([])
