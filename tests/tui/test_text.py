"""The text of the terminal app and plain mode: rules, passing cycle, grammar, card notation, trick marks."""

from __future__ import annotations

import io
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.core import Hand, Rules, parse_card
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session
from hearts.tui.text import plural, pretty_text, rules_text, score_chart, score_sheet, trick_marks


def test_the_rules_give_the_passing_cycle_of_the_engine() -> None:
    four = rules_text(Rules.standard(4))
    assert "to the left in hand 1, to the right in hand 2, across in hand 3, no passing in hand 4" in four
    for rules in (Rules.standard(3), Rules.standard(5), Rules.standard(6), Rules.standard(7), Rules.cancellation(8)):
        text = rules_text(rules)
        assert "to the left in hand 1, to the right in hand 2;" in text and "across" not in text, rules
        assert rules.pass_cycle == tuple(rules.pass_direction(n) for n in (1, 2))
    assert "There is no passing" in rules_text(Rules.standard(4, pass_count=0))
    assert "passes 1 card before" in rules_text(Rules.standard(4, pass_count=1))


def test_grammar_and_one_card_notation() -> None:
    assert plural(1, "card") == "1 card" and plural(2, "point") == "2 points" and plural(0, "point") == "0 points"
    assert pretty_text("you cannot play 4S: no hearts or QS on the first trick") == "you cannot play 4♠: no hearts or Q♠ on the first trick"
    assert pretty_text("TH and 10C, not TO or AS1") == "10♥ and 10♣, not TO or AS1"
    assert "5 cards form a kitty" in rules_text(Rules.cancellation(11)) and "2 cards form a kitty" in rules_text(Rules.cancellation(6))


def test_score_sheet_columns_in_the_order_given() -> None:
    sheet = score_sheet(["You", "Ann", "Bo"], [[1, 2, 3]], [1, 2, 3], order=[0, 2, 1])
    assert sheet.splitlines()[0].split() == ["hand", "You", "Bo", "Ann"]
    assert sheet.splitlines()[1].split() == ["1", "1", "3", "2"]


def test_score_chart_over_the_game() -> None:
    chart = score_chart(["You", "Ann"], [[0, 26], [13, 0], [-26, 50]], [1, 0], 100)
    lines = chart.splitlines()
    assert lines[0].startswith("Scores hand by hand") and "100" in lines[0]
    assert lines[1] == "Ann ▂▂▆ 76" and lines[2] == "You  ▁  -13"
    assert score_chart(["You"], [], [0], 100) == ""


def test_trick_marks_of_a_partial_trick() -> None:
    c = parse_card
    rules = Rules.cancellation(8)
    assert trick_marks(rules, [c("7C"), c("9C"), c("7C"), c("2H")]) == ({0, 2}, 1)
    assert trick_marks(rules, [c("9C"), c("9C")]) == ({0, 1}, None)
    two_pairs = Rules.cancellation(8, two_pairs_void_trick=True)
    assert trick_marks(two_pairs, [c("9C"), c("9C"), c("3C"), c("3C"), c("2C")]) == ({0, 1, 2, 3}, None)
    assert trick_marks(Rules.standard(4), [c("7C"), c("AH"), c("9C")]) == (set(), 2)
    assert trick_marks(rules, []) == (set(), None)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 11), void=st.booleans())
def test_trick_marks_name_the_winner_the_engine_chooses(seed: int, players: int, void: bool) -> None:
    rules = Rules.cancellation(players, pass_count=0, two_pairs_void_trick=void)
    hand = Hand.from_seed(rules, seed)
    rng = random.Random(seed)
    for _ in range(3):  # three tricks, random legal cards
        leader = hand.to_move
        for _ in range(players):
            hand.play(rng.choice(hand.legal_cards()))
        trick = hand.tricks[-1]
        _, winner = trick_marks(rules, trick.cards)
        assert trick.winner == (None if winner is None else (leader + winner) % players)


def test_plain_mode_marks_the_trick_and_names_the_passer(tmp_path: Path) -> None:
    s = Session.new(Rules.cancellation(8), seed=2, bots="random", save_path=tmp_path / "g.json")
    s.pass_cards(sorted(s.view().hand)[:3])
    s.run_bots()
    out = io.StringIO()
    ui = PlainUI(s, stdin=io.StringIO(""), stdout=out)
    ui.show_hand()
    ui.show_table()
    text = out.getvalue()
    source = s.names[s.hand.pass_source(0)]
    assert f" from {source}." in text
    line = next(t for t in text.splitlines() if t.startswith("Trick so far:"))
    trick = s.view().trick
    pairs = sum(1 for c in trick if trick.count(c) == 2)  # two decks: a card and its twin cancel
    assert pairs >= 2  # the deal of seed 2 has a cancelled pair in this trick
    assert line.count("(cancelled") + line.count(", cancelled") == pairs and line.count("winning") == 1 and "(led" in line
