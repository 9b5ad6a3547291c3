"""Touching cards: which legal cards the search may weigh as one, and that it does."""

from __future__ import annotations

import dataclasses

from hearts.bots import make_bot
from hearts.bots.search import SearchBot
from hearts.bots.touching import touching_groups
from hearts.core import Hand, Rules, SeatView
from hearts.core.cards import card_name, parse_card


def deal(rules: Rules, *seats: str) -> Hand:
    return Hand(rules, [[parse_card(c) for c in s.split()] for s in seats], number=rules.players)  # no pass


def with_rules(view: SeatView, rules: Rules) -> SeatView:
    return dataclasses.replace(view, rules=rules)


def names(groups: list[list[int]]) -> list[list[str]]:
    return [[card_name(c) for c in g] for g in groups]


FOUR = (
    "2C 3C 5C 7D 8D JS QS KS AS 2H 3H 4H 5H",
    "4C 6C 2D 3D 4D 5D 6D 9D TD JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC 2S 3S 4S 5S 6S",
    "7S 8S 9S TS 6H 7H 8H 9H TH JH QH KH AH",
)


def test_only_cards_gone_in_earlier_tricks_join_a_group() -> None:
    hand = deal(Rules.standard(4), *FOUR)
    view = hand.view(0)
    assert names(touching_groups(view, hand_cards=True))[0] == ["2C", "3C"]  # 4C is still out
    for c in ("2C", "4C"):
        hand.play(parse_card(c))
    # 4C lies in the trick being played: 3C and 5C of seat 0 do not touch yet
    assert ["3C", "5C"] not in names(touching_groups(hand.view(0), hand_cards=True))
    for c in ("7C", "7S"):
        hand.play(parse_card(c))
    assert ["3C", "5C"] in names(touching_groups(hand.view(0), hand_cards=True))


def test_the_queen_and_the_counting_jack_stand_alone() -> None:
    view = deal(Rules.standard(4), *FOUR).view(0)
    assert ["QS"] in names(touching_groups(view, hand_cards=True))
    omnibus = deal(
        Rules.omnibus(4),
        "2C 3C 5C 7D 8D 9D TD JD QD KD AD 2H 3H",
        "4C 6C 2D 3D 4D 5D 6D JS QS KS AS 4H 5H",
        "7C 8C 9C TC JC QC KC AC 2S 3S 4S 5S 6S",
        "7S 8S 9S TS 6H 7H 8H 9H TH JH QH KH AH",
    ).view(0)
    assert names(touching_groups(omnibus, hand_cards=True))[2:5] == [["7D", "8D", "9D", "TD"], ["JD"], ["QD", "KD", "AD"]]
    plain = with_rules(omnibus, Rules.standard(4))
    assert ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"] in names(touching_groups(plain, hand_cards=True))


def test_cards_stripped_from_the_deck_join_a_group() -> None:
    six = Rules.standard(6)  # without 3C 4C 2D 3D
    rest = [c for c in range(52) if six.deck_mask >> c & 1 and card_name(c) not in ("2C", "5C", "4D", "KD")]
    seats = [["2C", "5C", "4D", "KD"] + [card_name(c) for c in rest[:4]]]
    seats += [[card_name(c) for c in rest[4 + 8 * k : 12 + 8 * k]] for k in range(5)]
    view = deal(six, *(" ".join(s) for s in seats)).view(0)
    assert names(touching_groups(view, hand_cards=True))[0] == ["2C", "5C", "6C", "7C", "8C", "9C"]
    four = with_rules(view, Rules.standard(4))
    assert names(touching_groups(four, hand_cards=True))[0] == ["2C"]


def test_two_decks_group_nothing() -> None:
    hand = Hand.from_seed(Rules.cancellation(8), 2, number=8)
    view = hand.view(0)
    assert touching_groups(view, hand_cards=True) == [[c] for c in sorted(view.hand)]


def test_the_search_weighs_one_card_a_group_and_values_them_alike() -> None:
    hand = deal(Rules.standard(4), *FOUR)
    for c in ("2C", "4C", "7C", "7S", "AC", "8S"):
        hand.play(parse_card(c))
    view = hand.view(0)  # to follow clubs with 3C or 5C: the same
    bot = make_bot("search:sims=40:moon=0:seed=2")
    assert isinstance(bot, SearchBot)
    card = bot.play_card(view)
    values = bot.decision_values()
    assert card in view.legal and values is not None
    assert set(values) == set(view.legal) and values[parse_card("3C")] == values[parse_card("5C")]
    assert bot.last_worlds == 40  # one candidate: every simulation is a world of it
    each = make_bot("search:sims=40:moon=0:seed=2:touch=0")
    assert isinstance(each, SearchBot)
    each.play_card(view)
    assert each.last_worlds == 20
