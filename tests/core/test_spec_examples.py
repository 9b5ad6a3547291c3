"""The rule book's worked examples (docs/rules.md), one test each."""

from __future__ import annotations

import pytest
from crafted import crafted, play_lowest, play_names

from hearts.core import Hand, IllegalAction, Rules, card_name, names, parse_card
from hearts.core.cards import POINTS


def legal_names(hand: Hand) -> list[str]:
    return names(hand.legal_cards())


def test_1_two_of_clubs_leads_and_void_player_may_not_discard_points() -> None:
    seat1 = ["5D", "QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"]
    clubs = [r + "C" for r in "23456789TJQKA"]
    hand = crafted(Rules.standard(4), {0: clubs, 1: seat1}, number=4)  # hand 4: no passing
    assert hand.phase == "play" and hand.to_move == 0
    assert legal_names(hand) == ["2C"]
    with pytest.raises(IllegalAction, match="must lead 2C"):
        hand.play(parse_card("3C"))
    play_names(hand, "2C")
    assert hand.to_move == 1
    assert legal_names(hand) == ["5D"]
    with pytest.raises(IllegalAction, match="no hearts or QS on the first trick"):
        hand.play(parse_card("9H"))


def test_2_five_players_strip_two_clubs_and_three_of_clubs_leads() -> None:
    rules = Rules.standard(5)
    assert "2C" not in names(rules.deck) and "2D" not in names(rules.deck)
    assert len(rules.deck) == 50 and rules.cards_each == 10
    for seed in range(20):
        hand = Hand.from_seed(rules, seed)
        for seat in range(5):
            hand.pass_cards(seat, hand.hand_cards(seat)[:3])
        assert hand.holds(hand.to_move, parse_card("3C"))
        assert legal_names(hand) == ["3C"]


def _after_first_trick(seat1: list[str]) -> Hand:
    seat0 = ["2C"] + [r + "D" for r in "23456789TJQK"]
    hand = crafted(Rules.standard(4), {0: seat0, 1: seat1}, number=4)
    play_names(hand, "2C", "AC")
    play_lowest(hand, 2)  # seat 2 follows with a club, seat 3 (spades only) discards 2S
    assert hand.to_move == 1 and not hand.broken
    return hand


def test_3_unbroken_hearts_may_not_be_led_unless_only_hearts_are_held() -> None:
    hearts = [r + "H" for r in "3456789TJQK"]
    hand = _after_first_trick(["AC", "4C"] + hearts)
    assert legal_names(hand) == ["4C"]
    with pytest.raises(IllegalAction, match="hearts are not broken"):
        hand.play(parse_card("KH"))
    only_hearts = _after_first_trick(["AC"] + [r + "H" for r in "23456789TJQK"])
    assert legal_names(only_hearts) == [r + "H" for r in "23456789TJQK"]


SPADES_BUT_TEN = [r + "S" for r in "23456789JQKA"]


def _set_aside_hand() -> Hand:
    # seats 3 and 6 hold every spade; seats 4 and 5 each hold a 9H; dealer 2, so seat 3 leads
    fixed = {3: ["TS"] + SPADES_BUT_TEN, 6: ["TS"] + SPADES_BUT_TEN, 4: ["9H"], 5: ["9H"]}
    hand = crafted(Rules.cancellation(8, pass_count=0), fixed, dealer=2)
    assert hand.phase == "play" and hand.to_move == 3
    play_names(hand, "TS", "9H", "9H", "TS")
    play_lowest(hand, 4)  # seats 7, 0, 1, 2 have no spades
    return hand


def test_4_identical_cards_cancel_and_the_trick_is_set_aside() -> None:
    hand = _set_aside_hand()
    trick = hand.tricks[0]
    assert [card_name(c) for c in trick.cards[:4]] == ["TS", "9H", "9H", "TS"]
    assert all(c // 13 != 3 for c in trick.cards[4:])  # nobody else had a spade
    assert trick.winner is None and trick.points == sum(POINTS[c] for c in trick.cards)
    assert all(not t for t in hand.taken)
    assert len(hand.pile) == 8


def test_5_cancelled_aces_let_the_jack_win() -> None:
    spades1 = ["JS", "2S", "2S", "4S", "4S", "5S", "5S", "6S", "6S", "7S", "7S", "8S", "8S"]
    fixed = {1: spades1, 2: ["AS", "9S", "9S", "TS", "TS"], 3: ["AS", "JS", "KS", "KS"], 4: ["3S", "3S", "QS", "QS"]}
    hand = crafted(Rules.cancellation(8, pass_count=0), fixed, dealer=0)
    assert hand.to_move == 1
    play_names(hand, "JS", "AS", "AS", "3S")
    play_lowest(hand, 4)
    assert hand.tricks[0].winner == 1 and hand.to_move == 1


def test_6_nine_players_kitty_goes_to_the_first_trick_winner() -> None:
    rules = Rules.cancellation(9)
    assert rules.kitty_size == 5 and rules.cards_each == 11
    hand = crafted(rules, {}, kitty=["AH", "KH", "QS", "2C", "3C"], number=2)
    for seat in range(9):
        hand.pass_cards(seat, hand.hand_cards(seat)[:3])
    play_lowest(hand, 9)
    first = hand.tricks[0]
    assert first.winner is not None
    kitty_points = 1 + 1 + 13
    assert hand.points_taken[first.winner] == first.points + kitty_points
    assert sorted(hand.taken[first.winner]) == sorted(list(first.cards) + [parse_card(c) for c in ["AH", "KH", "QS", "2C", "3C"]])
    # the kitty stays hidden from the points others can see until the hand ends
    assert hand.public_points()[first.winner] == first.points


def _moon_hand(rules: Rules) -> Hand:
    clubs = [r + "C" for r in "23456789TJQKA"]
    hearts = [r + "H" for r in "23456789TJQKA"]
    spades = [r + "S" for r in "23456789TJQKA"]
    hand = crafted(rules, {0: clubs, 1: hearts, 2: spades}, number=4)
    play_lowest(hand, 52)
    return hand


def test_7_moon_add_gives_every_other_player_26() -> None:
    hand = _moon_hand(Rules.standard(4))
    assert hand.phase == "moon" and hand.to_move == 0 and hand.shooter == 0
    with pytest.raises(IllegalAction):
        hand.choose_moon(1, "add")
    hand.choose_moon(0, "add")
    assert hand.points == [0, 26, 26, 26]
    subtract = _moon_hand(Rules.standard(4))
    subtract.choose_moon(0, "subtract")
    assert subtract.points == [-26, 0, 0, 0]
    fixed = _moon_hand(Rules.standard(4, moon="add"))
    assert fixed.phase == "done" and fixed.points == [0, 26, 26, 26]


def _ten_ten_nine_nine_five(**options: object) -> Hand:
    spades2 = ["TS"] + [r + "S" for r in "2346789JQKA"]
    # seat 1 holds one of each spade; seat 2 the other 10S and every spade but 5S; seat 5 the other 5S
    fixed = {1: ["TS"] + SPADES_BUT_TEN, 2: spades2, 3: ["9H"], 4: ["9H"], 5: ["5S"]}
    hand = crafted(Rules.cancellation(8, pass_count=0, **options), fixed, dealer=0)
    play_names(hand, "TS", "TS", "9H", "9H", "5S")
    play_lowest(hand, 3)
    return hand


def test_8_highest_uncancelled_card_of_the_suit_led_wins() -> None:
    assert _ten_ten_nine_nine_five().tricks[0].winner == 5
    assert _ten_ten_nine_nine_five(two_pairs_void_trick=True).tricks[0].winner is None


def test_9_leader_of_a_set_aside_trick_leads_again_and_next_winner_takes_both() -> None:
    hand = _set_aside_hand()
    assert hand.to_move == 3
    play_names(hand, "2S")
    play_lowest(hand, 2)  # seats 4 and 5 discard
    play_names(hand, "3S")  # seat 6 wins with the only other spade
    play_lowest(hand, 4)
    second = hand.tricks[1]
    assert second.winner == 6
    assert sorted(hand.taken[6]) == sorted(hand.tricks[0].cards + second.cards)
    assert hand.points_taken[6] == hand.tricks[0].points + second.points


def test_10_leader_with_only_hearts_and_queen_must_lead_the_queen() -> None:
    hand = _after_first_trick(["AC", "QS"] + [r + "H" for r in "23456789TJQ"])
    assert legal_names(hand) == ["QS"]
    with pytest.raises(IllegalAction, match="hearts are not broken"):
        hand.play(parse_card("2H"))


def test_kitty_waits_with_a_set_aside_first_trick_and_stays_hidden() -> None:
    # 9 players, dealer 2 so seat 3 leads; seats 3 and 6 hold every spade but the kitty's, seats 4 and 5 a 9H each
    spades = ["TS"] + [r + "S" for r in "23456789KA"]
    kitty = ["QS", "QS", "JS", "JS", "AH"]
    hand = crafted(Rules.cancellation(9, pass_count=0), {3: spades, 6: spades, 4: ["9H"], 5: ["9H"]}, kitty, dealer=2)
    assert all(c // 13 != 3 for s in range(9) if s not in (3, 6) for c in hand.hand_cards(s))
    play_names(hand, "TS", "9H", "9H", "TS")
    play_lowest(hand, 5)
    assert hand.tricks[0].winner is None and hand.kitty_taker() is None
    assert hand.to_move == 3
    play_names(hand, "2S")
    play_lowest(hand, 2)
    play_names(hand, "3S")  # seat 6 wins the second trick, and with it the first trick and the kitty
    play_lowest(hand, 5)
    assert hand.tricks[1].winner == 6 and hand.kitty_taker() == 6
    kitty_points = 13 + 13 + 1
    visible = hand.tricks[0].points + hand.tricks[1].points
    assert hand.points_taken[6] == visible + kitty_points
    assert hand.public_points()[6] == visible and hand.view(0).points_taken[6] == visible
    assert hand.view(6).kitty is None and hand.view(6).kitty_taker == 6
