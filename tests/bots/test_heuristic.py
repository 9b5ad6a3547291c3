"""The heuristic bot: legal in every variant, and the right card in crafted situations."""

from __future__ import annotations

import pytest

from hearts.bots.heuristic import HeuristicBot, make, out_cards
from hearts.bots.play import play_game
from hearts.bots.registry import BotSpecError, make_bot
from hearts.core import Game, Hand, Rules, card_name, parse_card

VARIANTS = [("standard", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)] + [("omnibus", n) for n in range(3, 8)]


def cards(text: str) -> list[int]:
    return [parse_card(x) for x in text.split()]


def names(cs: list[int]) -> list[str]:
    return sorted(card_name(c) for c in cs)


def deal(rules: Rules, fixed: dict[int, str]) -> list[list[int]]:
    """The named cards to the given seats; every other place from the rest of the deck, in card order."""
    return deal_all(rules, fixed)[0]


def deal_all(rules: Rules, fixed: dict[int, str]) -> tuple[list[list[int]], list[int]]:
    """Like :func:`deal`, and the kitty: the last cards left. Clubs fill last (to the last seats and the kitty)."""
    rest = sorted(rules.deck, key=lambda c: (c < 13, c))
    hands: list[list[int]] = [[] for _ in range(rules.players)]
    for seat, text in fixed.items():
        for c in cards(text):
            rest.remove(c)
            hands[seat].append(c)
    for seat in range(rules.players):
        need = rules.cards_each - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    return hands, rest


def play(hand: Hand, text: str) -> None:
    for c in cards(text):
        hand.play(c)


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_only_legal_actions_over_whole_games(variant: str, players: int) -> None:
    rules = Rules(variant=variant, players=players, target=60)
    bots = [make_bot("heuristic" if s % 2 else "heuristic:noise=0.3", seed=s) for s in range(players)]
    game = play_game(Game(rules, seed=players), bots)  # an illegal action would raise
    assert game.game_over
    assert max(game.scores) >= 60


def test_passes_unguarded_queen_and_high_spades() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C 5C 9C TD JD 4D 3H 4H 7H QS 5S AS KS"}))
    assert names(HeuristicBot().pass_cards(hand.view(0))) == ["AS", "KS", "QS"]


def test_keeps_queen_guarded_by_low_spades_and_builds_a_void() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "9C TD 3H 4H 7H QS 2S 3S 4S 5S 6S 8D 9D"}))
    passed = names(HeuristicBot().pass_cards(hand.view(0)))
    assert "QS" not in passed
    assert "9C" in passed  # the lone club goes: a void to come
    assert not set(passed) & {"3H", "4H", "2S", "3S"}  # low hearts and low spades stay


def test_ducks_under_the_winning_card() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C", 1: "KC", 2: "5C 9C AC"}), number=4)
    play(hand, "2C KC")
    assert card_name(HeuristicBot().play_card(hand.view(2))) == "9C"


def test_plays_high_when_last_to_a_clean_trick() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C", 1: "5C", 2: "6C", 3: "3C 9C AC"}), number=4)
    play(hand, "2C 5C 6C")
    assert card_name(HeuristicBot().play_card(hand.view(3))) == "AC"


def test_dumps_the_queen_when_void() -> None:
    rules = Rules.standard(4)
    fixed = {0: "2C AC 2D", 1: "3C 3D", 2: "4C AH KH QS 2S 3S 4S 5S 6S 7S 8S 9S TS", 3: "5C 4D"}
    hand = Hand(rules, deal(rules, fixed), number=4)
    play(hand, "2C 3C 4C 5C")  # the 5C wins: seat 3 leads
    assert hand.to_move == 3
    play(hand, "4D 2D 3D")
    assert card_name(HeuristicBot().play_card(hand.view(2))) == "QS"


def test_dumps_high_hearts_when_void_and_queen_is_gone() -> None:
    rules = Rules.standard(4)
    fixed = {0: "2C AC 2D", 1: "3C 3D", 2: "4C 3H AH KH 2S 3S 4S 5S 6S 7S 8S 9S TS", 3: "5C 4D"}
    hand = Hand(rules, deal(rules, fixed), number=4)
    play(hand, "2C 3C 4C 5C 4D 2D 3D")
    assert card_name(HeuristicBot().play_card(hand.view(2))) == "AH"


def test_leads_low_spades_to_flush_the_queen() -> None:
    rules = Rules.standard(4)
    fixed = {0: "2C", 1: "3C", 2: "4C", 3: "5C 2D 3D 4D 5D 6D 7D 2S 9S TS JS 2H 3H"}
    hand = Hand(rules, deal(rules, fixed), number=4)
    play(hand, "2C 3C 4C 5C")
    assert hand.to_move == 3
    lead = HeuristicBot().play_card(hand.view(3))
    assert card_name(lead) in {"2S", "9S", "TS", "JS"}


def test_cancels_the_winning_card_with_its_twin() -> None:
    rules = Rules.cancellation(8, pass_count=0)
    hand = Hand(rules, deal(rules, {1: "5C", 2: "KC", 3: "KC AC"}))
    assert hand.to_move == 1
    play(hand, "5C KC")
    choice = HeuristicBot().play_card(hand.view(3))
    assert card_name(choice) == "KC"  # the kings cancel: the 5C wins, not our ace
    hand.play(choice)
    for _ in range(5):
        hand.play(HeuristicBot().play_card(hand.view(hand.to_move)))
    assert hand.tricks[0].winner != 3


def test_stops_a_moon_in_progress() -> None:
    rules = Rules.standard(4)
    fixed = {
        0: "2C AC KC QC AD KD QD AH QH JH 7H AS KS",
        1: "3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 5H QS 2S",
        2: "7C 8C 9C TC 5D 6D 7D 6H KH 8H 9H 3S 4S",
        3: "JC 8D 9D TD JD TH 5S 6S 7S 8S 9S TS JS",
    }
    hand = Hand(rules, [cards(fixed[s]) for s in range(4)], number=4)
    play(hand, "2C 3C 7C JC  5S AS QS 3S  AH 2H 6H TH  JH 3H")
    assert hand.points_taken == [17, 0, 0, 0]
    assert card_name(HeuristicBot().play_card(hand.view(2))) == "KH"  # takes 2 points to stop 26


def test_takes_the_trick_from_a_runner_at_four_points() -> None:
    rules = Rules.standard(4)
    fixed = {
        0: "2C AC KC QC AD KD QD AH QH JH 7H AS KS",
        1: "3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 5H QS 2S",
        2: "7C 8C 9C TC 5D 6D 7D 6H KH 8H 9H 3S 4S",
        3: "JC 8D 9D TD JD TH 5S 6S 7S 8S 9S TS JS",
    }
    hand = Hand(rules, [cards(fixed[s]) for s in range(4)], number=4)
    play(hand, "2C 3C 7C JC  5S AS 2S 3S  KC 4C 8C TH  AH 2H 6H 8D  JH 3H")
    assert hand.points_taken == [4, 0, 0, 0]  # every point so far with one seat: a runner already
    assert card_name(HeuristicBot().play_card(hand.view(2))) == "KH"


@pytest.mark.parametrize(("players", "expected"), [(8, "AC"), (9, "2C")])
def test_ducks_the_first_trick_of_cancellation_for_the_kitty(players: int, expected: str) -> None:
    """Last to a clean first trick: high without a kitty (8 players), low with one (9 players)."""
    rules = Rules.cancellation(players, pass_count=0)
    fixed = {0: "2C 8C AC", 1: "5C", 2: "3C", 3: "4C", 4: "3C", 5: "4C", 6: "6C", 7: "7C"}
    if players == 9:
        fixed[8] = "6C"
    hands, kitty = deal_all(rules, fixed)
    hand = Hand(rules, hands, kitty)
    play(hand, " ".join(fixed[s].split()[0] for s in range(1, players)))
    assert hand.to_move == 0
    assert card_name(HeuristicBot().play_card(hand.view(0))) == expected


def test_out_cards_counts_copies() -> None:
    rules = Rules.cancellation(8, pass_count=0)
    hand = Hand(rules, deal(rules, {1: "5S 5S", 2: "KS"}))
    view = hand.view(1)
    out = out_cards(view)
    assert not out >> parse_card("5S") & 1  # both copies are ours
    assert out >> parse_card("KS") & 1


def test_noise_one_is_random_but_legal_and_settings_are_checked() -> None:
    rules = Rules.standard(4, target=40)
    bots = [make({"noise": "1"}, s) for s in range(4)]
    assert play_game(Game(rules, seed=5), bots).game_over
    with pytest.raises(BotSpecError, match="noise"):
        make_bot("heuristic:noise=1.5")
    with pytest.raises(BotSpecError, match="unknown setting 'depth'"):
        make_bot("heuristic:depth=3")
    assert make_bot("heuristic:noise=0.25:seed=3").name == "heuristic:noise=0.25:seed=3"


def test_same_seed_same_game() -> None:
    rules = Rules.cancellation(7, target=80)
    a = play_game(Game(rules, seed=1), [make_bot("heuristic:noise=0.5", seed=s) for s in range(7)])
    b = play_game(Game(rules, seed=1), [make_bot("heuristic:noise=0.5", seed=s) for s in range(7)])
    assert a.scores == b.scores
