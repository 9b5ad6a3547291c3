"""The heuristic's moon defence, Omnibus play, void-aware leads and forced tricks, in exact positions."""

from __future__ import annotations

from test_heuristic import cards, deal, deal_all, names, play

from hearts.bots.heuristic import HeuristicBot, waiting_points
from hearts.bots.heuristic_pass import choose_pass
from hearts.bots.heuristic_play import NORMAL, choose_play, defended, stopper_card
from hearts.bots.registry import make_bot
from hearts.bots.shooter import ShooterBot, shooter_pass
from hearts.core import Hand, Rules, card_name, parse_card


def bits(text: str) -> int:
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def runner_position() -> Hand:
    """Seat 3 wins the first club trick, then a second where seats 0 and 1 discard a heart: 2 points, all seat 3's."""
    rules = Rules.standard(4)
    fixed = {0: "2C 2H 4H KH QS 5S", 1: "3C 3H", 2: "4C 5C 6C", 3: "AC KC QC AH"}
    hand = Hand(rules, deal(rules, fixed), number=4)
    play(hand, "2C 3C 4C AC  KC 2H 3H 5C")
    assert hand.points_taken == [0, 0, 0, 2] and hand.to_move == 3
    return hand


def test_keeps_the_top_heart_under_the_runners_ace() -> None:
    hand = runner_position()
    play(hand, "AH")
    assert card_name(HeuristicBot().play_card(hand.view(0))) == "4H"  # not KH: it stops the moon later


def test_gives_the_runner_no_points_when_void() -> None:
    hand = runner_position()
    play(hand, "QC")
    choice = card_name(HeuristicBot().play_card(hand.view(0)))
    assert choice not in {"QS", "4H", "KH"}


def test_lead_avoids_a_suit_where_a_void_waits() -> None:
    # seat 0 leads 3D or 8C; only the 4D can go over the 3D and seat 1 has shown a void in diamonds
    out = bits("4D 9C TC JC KC AC 5H 6H 7H 8H")
    legal = mine = bits("3D 8C")
    c = choose_play(legal, mine, out, [], 0, 4, 0, [0, 0, 0, 0], 26, 1, False, 0, NORMAL, [0, 0b0010, 0, 0])
    assert card_name(c) == "8C"
    c = choose_play(legal, mine, out, [], 0, 4, 0, [0, 0, 0, 0], 26, 1, False, 0, NORMAL, [0, 0, 0, 0])
    assert card_name(c) == "3D"  # without the void, the lowest card


def test_omnibus_plays_the_jack_of_diamonds_when_it_wins() -> None:
    out = bits("2D 3D 4C 5C 6C 7H")
    legal = bits("5D JD")
    c = choose_play(legal, legal | bits("8C"), out, [parse_card("9D")], 0, 4, 1, [0, 0, 0, 0], 26, 1, True, 0, NORMAL)
    assert card_name(c) == "JD"


def test_omnibus_takes_the_trick_holding_the_jack_of_diamonds() -> None:
    out = bits("KD 2C 3C 4H")
    legal = bits("2D AD")
    trick = [parse_card("8D"), parse_card("JD")]
    c = choose_play(legal, legal, out, trick, 0, 4, 2, [0, 0, 0, 0], 26, 1, True, 0, NORMAL)
    assert card_name(c) == "AD"  # a sure winner of -10 (without the rule it ducks with 2D)
    c = choose_play(legal, legal, out, trick, 0, 4, 2, [0, 0, 0, 0], 26, 1, False, 0, NORMAL)
    assert card_name(c) == "2D"


def test_forced_trick_played_high_when_sure_and_low_when_someone_may_go_over() -> None:
    legal = bits("9C KC")
    trick = [parse_card("5C"), parse_card("7H")]  # a heart discarded: 1 point in it
    sure = choose_play(legal, legal, bits("2C 3C 4H"), trick, 0, 4, 2, [0, 0, 0, 0], 26, 1, False, 0, NORMAL)
    assert card_name(sure) == "KC"  # wins whatever: the highest goes
    maybe = choose_play(legal, legal, bits("AC QC 4H"), trick, 0, 4, 2, [0, 0, 0, 0], 26, 1, False, 0, NORMAL)
    assert card_name(maybe) == "9C"  # the ace or queen may still go over it


def test_pass_keeps_the_top_heart_and_the_omnibus_jack() -> None:
    hand = cards("2C 5C 9C TD JD KD 3H 4H AH QS 5S 8S KS")
    assert "AH" not in names(choose_pass(hand, Rules.standard(4)))
    assert "JD" not in names(choose_pass(hand, Rules.omnibus(4)))
    few = cards("2C 5C 9C TD JD KD 3D 4H AH QS 5S 8S KS")  # two hearts only: the ace may go
    assert "AH" in names(choose_pass(few, Rules.standard(4)))


def test_kitty_still_waits_after_a_set_aside_first_trick() -> None:
    rules = Rules.cancellation(6, pass_count=0)
    fixed = {1: "5C", 2: "5C", 3: "6C", 4: "6C", 5: "7C", 0: "7C"}
    hands, kitty = deal_all(rules, fixed)
    assert len(kitty) == 2
    hand = Hand(rules, hands, kitty)
    play(hand, "5C 5C 6C 6C 7C 7C")
    assert hand.tricks[0].winner is None and hand.phase == "play"
    view = hand.view(hand.to_move)
    assert waiting_points(view) >= 2  # the kitty still goes to the next trick won


def test_shooter_passes_low_and_cashes_winners() -> None:
    assert names(shooter_pass(cards("2C 5C 9C TD JD KD 3H 4H QH QS 5S 8S KS"), Rules.standard(4))) == ["2C", "5C", "5S"]
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C", 1: "3C", 2: "4C", 3: "5C AD KD 9D 2H"}), number=4)
    play(hand, "2C 3C 4C 5C")
    assert hand.to_move == 3
    assert card_name(ShooterBot().play_card(hand.view(3))) in {"AC", "AD"}  # a sure winner first
    assert make_bot("shooter").name == "shooter"


def test_live_defence_feeds_no_runner_and_keeps_the_stoppers() -> None:
    p = parse_card
    runner = [0, 0, 0, 9]  # seat 3 holds every point: 9 of them
    # void in clubs, the runner winning: the point cards stay home
    assert names(defended([p("QS"), p("KD"), p("2H")], [p("9C")], 3, 4, 0, runner, 26)) == ["KD"]
    # the runner still to play: the same
    assert names(defended([p("QS"), p("KD"), p("2H")], [p("9C")], 0, 4, 1, runner, 26)) == ["KD"]
    # the runner's ace of hearts cannot be beaten: the lowest heart, the king stays a stopper
    assert names(defended([p("KH"), p("4H")], [p("AH")], 3, 4, 0, runner, 26)) == ["4H"]
    # the runner leads the king of hearts and we hold the ace: take the trick (a moon replayed from the benchmark)
    assert names(defended([p("3H"), p("TH"), p("AH")], [p("KH")], 3, 4, 0, runner, 26)) == ["AH"]
    assert set(names(defended([p("3C"), p("QC"), p("AC")], [p("JC")], 3, 4, 0, runner, 26))) == {"QC", "AC"}
    # the runner has played and lost the trick to someone else: anything goes
    assert names(defended([p("QS"), p("KD")], [p("9C"), p("AC")], 3, 4, 1, runner, 26)) == ["KD", "QS"]
    # below five points nobody is a runner yet; from five on, one is
    assert names(defended([p("QS"), p("KD")], [p("9C")], 3, 4, 0, [0, 0, 0, 4], 26)) == ["KD", "QS"]
    assert names(defended([p("QS"), p("KD")], [p("9C")], 3, 4, 0, [0, 0, 0, 5], 26)) == ["KD"]


def test_the_stopper_card_keeps_the_high_hearts_under_a_possible_runner() -> None:
    def stopper(legal: str, trick: str, leader: int, me: int, points: list[int]) -> str | None:
        c = stopper_card(cards(legal), cards(trick), leader, 4, me, points, 26)
        return None if c is None else card_name(c)

    # seat 1 leads the ace of hearts holding every point (one, or none yet): the jack stays as a stopper
    assert stopper("JH 5H 3H", "AH", 1, 2, [0, 1, 0, 0]) == "3H"
    assert stopper("JH 5H 3H", "AH 2H", 1, 3, [0, 0, 0, 0]) == "3H"
    # a heart that beats the lead, another seat with points, a plain lead, a beaten lead, our own lead,
    # a single heart: nothing to keep
    assert stopper("KH 3H", "QH", 1, 2, [0, 1, 0, 0]) is None
    assert stopper("JH 3H", "AH", 1, 2, [0, 1, 0, 3]) is None
    assert stopper("JC 3C", "AC", 1, 2, [0, 0, 0, 0]) is None
    assert stopper("JH 3H", "8H QH", 1, 3, [0, 0, 0, 0]) is None
    assert stopper("JH 3H", "AH", 1, 1, [0, 0, 0, 0]) is None
    assert stopper("JH", "AH", 1, 2, [0, 1, 0, 0]) is None
    # void, only point cards, a runner of 13 leading diamonds: the lowest heart (the queen stays a choice)
    assert stopper("KH JH 5H", "TD", 2, 1, [0, 0, 13, 0]) == "5H"
    assert stopper("KH QS 5H", "TD", 2, 1, [0, 0, 13, 0]) == "5H"
    # ... but not with a plain card to give, below five points, or when the runner has lost the trick
    assert stopper("KH 5H 3C", "TD", 2, 1, [0, 0, 13, 0]) is None
    assert stopper("KH 5H", "TD", 2, 1, [0, 0, 4, 0]) is None
    assert stopper("KH 5H", "TD AD", 2, 0, [0, 0, 13, 0]) is None
