"""The search bot's moon play (the shoot line, its double bar and latch), its pass search and game-aware values."""

from __future__ import annotations

import itertools

import pytest
from test_heuristic import deal, names, play

from hearts.bots import BotSpecError, make_bot, search
from hearts.bots.heuristic import view_card
from hearts.bots.heuristic_pass import KEEP_NONE, KEEP_SECOND, choose_pass, moon_pass, shed_order
from hearts.bots.heuristic_play import SHOOT
from hearts.bots.playout import GAME_SCALE, Evaluator
from hearts.bots.search import SearchBot, SearchSettings
from hearts.bots.search_pass import pass_candidates, search_pass
from hearts.core import Hand, Rules


def moon_hand() -> Hand:
    rules = Rules.standard(4)
    return Hand(rules, deal(rules, {0: "AC AH KH QH JH TH 9H 8H 7H AS KS QS 2H", 1: "2C"}), number=4)


def moon_lead() -> Hand:
    """The moon hand after the first trick, which seat 0 took with the A♣: seat 0 to lead."""
    hand = moon_hand()
    play(hand, "2C")
    while hand.to_move != 0:
        hand.play(hand.legal_cards()[0])
    play(hand, "AC")
    assert hand.to_move == 0
    return hand


def test_a_moon_hand_is_shot() -> None:
    hand = moon_hand()
    bot = SearchBot(SearchSettings(sims=120), seed=3)
    while hand.phase == "play":
        hand.play(bot.play_card(hand.view(0)) if hand.to_move == 0 else hand.legal_cards()[0])
    assert hand.shooter == 0


def test_a_chosen_shoot_line_is_latched_until_another_seat_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = moon_lead()
    bot = SearchBot(SearchSettings(sims=60), seed=3)
    monkeypatch.setattr(search, "double_bar", lambda results, best, share=0.5: True)
    card = bot.play_card(hand.view(0))
    assert card == view_card(hand.view(0), SHOOT) and bot._latch is not None and bot.last_worlds > 0
    hand.play(card)
    monkeypatch.setattr(search, "double_bar", lambda results, best, share=0.5: False)
    while hand.to_move != 0:
        hand.play(hand.legal_cards()[0])
    assert bot.play_card(hand.view(0)) == view_card(hand.view(0), SHOOT)
    assert bot.last_worlds == 0  # latched: no search


def test_no_shoot_line_once_another_seat_has_points() -> None:
    rules = Rules.standard(4)
    fixed = {0: "2C 2H 4H KH QS 5S", 1: "3C 3H", 2: "4C 5C 6C", 3: "AC KC QC AH"}
    hand = Hand(rules, deal(rules, fixed), number=4)
    play(hand, "2C 3C 4C AC  KC 2H 3H 5C")  # seat 3 holds 2 points
    bot = SearchBot(SearchSettings(sims=30), seed=1)
    bot._latch = ("stale",)
    play(hand, "QC")
    bot.play_card(hand.view(0))
    assert bot._latch is None


def test_pass_candidates_hold_the_heuristic_pass_first_and_the_shooters_pass() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C 3C AD KD AH KH QH JH TH 9H AS KS QS"}))
    candidates, shoot = pass_candidates(hand.view(0))
    assert len(candidates) == len(set(candidates)) >= 10
    assert names(list(candidates[shoot])) == names(moon_pass(hand.hand_cards(0), rules)) == ["2C", "3C", "KD"]


def test_pass_search_keeps_a_moon_hand_together() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C 3C AD KD AH KH QH JH TH 9H AS KS QS"}))
    passed = names(search_pass(hand.view(0), 30, 7, None))
    assert not set(passed) & {"AH", "KH", "QH", "JH", "TH", "9H", "QS"}


def test_pass_search_sheds_a_bare_queen() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "QS AS 2C 5C 9C JC 3D 8D TD 4H 6H 7D 9D"}))
    assert "QS" in names(search_pass(hand.view(0), 40, 2, None))


def test_game_aware_values_count_the_win_not_the_margin() -> None:
    rules = Rules.standard(4)
    e = Evaluator(0, rules, [90, 95, 60, 99], "payoff")
    assert e.game
    # seat 0 takes 5 and seat 3 goes over 100: seat 2 wins, seat 0 second
    ends_second = e.value([5, 0, 0, 21], None)
    # seat 0 takes nothing and nobody reaches 100: the game goes on, valued by the hand's payoff
    goes_on = e.value([0, 4, 4, 0], None)
    assert goes_on == (8 / 3)
    assert ends_second < 0 < goes_on
    # a moon by seat 2 (points after the rollout's "add"): adding ends the game with seat 2 the winner, seat 0 second
    assert e.value([26, 26, 0, 26], 2) == GAME_SCALE * (0.7 * 0 + 0.3 * (2 / 3) - (0.7 / 4 + 0.15))
    assert not Evaluator(0, rules, [10, 20, 30, 40], "payoff").game
    assert not Evaluator(0, rules, None, "payoff").game


def test_new_settings_are_read_and_levels_stay_within_their_budgets() -> None:
    from hearts.bots import LEVELS, make_bot

    bot = make_bot("search:sims=50:pass=7:pass_ms=90:gate=1.5:moon=0:eval=hand")
    assert isinstance(bot, SearchBot)
    s = bot.settings
    assert (s.pass_worlds, s.pass_ms, s.gate, s.moon, s.evaluation) == (7, 90, 1.5, False, "hand")
    hard_bot, expert_bot = make_bot(LEVELS["hard"]), make_bot(LEVELS["expert"])
    assert isinstance(hard_bot, SearchBot) and isinstance(expert_bot, SearchBot)
    hard, expert = hard_bot.settings, expert_bot.settings
    assert hard.ms is not None and hard.ms <= 150 and hard.pass_ms is not None and hard.pass_ms <= 150
    assert expert.ms is not None and expert.ms <= 1000 and expert.pass_ms is not None and expert.pass_ms <= 1000


def test_pass_candidates_hold_every_triple_of_the_six_most_sheddable_and_the_voids() -> None:
    rules = Rules.standard(4)
    # two clubs and two diamonds: each can be passed whole (a void), topped up by the most sheddable card
    hand = Hand(rules, deal(rules, {0: "2C KC 4D QD 5S 6S 7S 8S 9S 2H 3H 4H 5H"}))
    candidates, _ = pass_candidates(hand.view(0))
    top6 = shed_order(hand.hand_cards(0), rules)[:6]
    for combo in itertools.combinations(top6, 3):
        assert tuple(sorted(combo)) in candidates
    for suit in ("C", "D"):
        voided = [c for c in candidates if all(x in names(list(c)) for x in names(hand.hand_cards(0)) if x.endswith(suit))]
        assert voided, f"no candidate passes every {suit}"


def test_a_wider_pool_adds_the_triples_of_more_sheddable_cards() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C KC 4D QD 5S 6S 7S 8S 9S 2H 3H 4H 5H"}))
    narrow, _ = pass_candidates(hand.view(0), pool=3)
    wide, _ = pass_candidates(hand.view(0), pool=4)
    top7 = shed_order(hand.hand_cards(0), rules)[:7]
    assert set(narrow) < set(wide)
    assert wide[0] == narrow[0]  # the heuristic's pass stays first: it is the bar
    for combo in itertools.combinations(top7, 3):
        assert tuple(sorted(combo)) in wide
    assert sum(1 for c in narrow if top7[6] in c) == 0 < sum(1 for c in wide if top7[6] in c)


def test_with_a_guard_every_pass_but_the_shooters_holds_an_unguarded_queen() -> None:
    rules = Rules.standard(4)
    # Q♠ with three spades below her: the heuristic passes her, the free search may keep her
    hand = Hand(rules, deal(rules, {0: "QS 3S 6S 9S 2C 8C TD 4D 5H 9H JH KH AD"}))
    free, _ = pass_candidates(hand.view(0))
    guarded, shoot = pass_candidates(hand.view(0), guard=4)
    assert any("QS" not in names(list(t)) for t in free)
    assert all("QS" in names(list(t)) for j, t in enumerate(guarded) if j != shoot)
    assert guarded[0] == free[0]  # the heuristic's pass already holds her
    # four spades below her: a guard of 4 lets the search keep her, a guard of 5 does not
    hand = Hand(rules, deal(rules, {0: "QS 2S 3S 6S 9S 2C 8C TD 4D 5H 9H JH KH"}))
    four, _ = pass_candidates(hand.view(0), guard=4)
    five, shoot = pass_candidates(hand.view(0), guard=5)
    assert "QS" not in names(list(four[0]))  # the heuristic keeps a queen with four guards
    assert any("QS" not in names(list(t)) for t in four)
    assert all("QS" in names(list(t)) for j, t in enumerate(five) if j != shoot)
    cards = search_pass(hand.view(0), 4, 1, None, guard=5)
    assert "QS" in names(cards)


def test_with_pass_alone_the_queen_goes_without_hearts_but_the_shooters_pass_is_free() -> None:
    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "QS 3S 6S 9S 2C 8C TD 4D 5H 9H JH KH AH"}))
    plain, _ = pass_candidates(hand.view(0), guard=5)
    assert names(list(plain[0])) == ["8C", "KH", "QS"]  # the heuristic sends the queen with the K♥
    alone, shoot = pass_candidates(hand.view(0), guard=5, alone=True)
    for j, t in enumerate(alone):
        if j != shoot:
            assert "QS" in names(list(t)) and not any(n.endswith("H") for n in names(list(t))), t
    assert names(list(alone[0])) == ["2C", "8C", "QS"]  # the bar: the queen with the most sheddable others
    assert len(alone) > 2
    cards = search_pass(hand.view(0), 4, 1, None, guard=5, alone=True)
    assert "QS" in names(cards) and not any(n.endswith("H") for n in names(cards))
    bot = make_bot("search:sims=20:pass=4:pass_guard=5:pass_alone=1", seed=2)
    picked = names(bot.pass_cards(hand.view(0)))
    assert "QS" in picked and not any(n.endswith("H") for n in picked)


def test_with_pass_top_the_pool_holds_the_top_heart_the_heuristic_keeps_back() -> None:
    rules = Rules.standard(4)
    # A♥ with four hearts: the heuristic keeps it as a stopper, and no pass can void hearts
    hand = Hand(rules, deal(rules, {0: "2C 5C 9C KC 3D TD JD 4H 6H 7H AH 4S 8S"}))
    kept, shoot = pass_candidates(hand.view(0))
    free, free_shoot = pass_candidates(hand.view(0), stopper=KEEP_NONE)
    assert not any("AH" in names(list(t)) for j, t in enumerate(kept) if j != shoot)
    assert any("AH" in names(list(t)) for j, t in enumerate(free) if j != free_shoot)
    assert "AH" not in names(list(kept[0])) and "AH" in names(list(free[0]))  # the bar sends it too
    assert list(free[0]) == sorted(choose_pass(hand.hand_cards(0), rules, stopper=KEEP_NONE))
    assert len(free) == len(kept)  # the pool keeps its size: the A♥ takes the place of the least sheddable
    bot = make_bot("search:sims=5:pass=3:pass_top=1")
    assert isinstance(bot, SearchBot) and bot.settings.pass_top and not SearchBot().settings.pass_top
    with pytest.raises(BotSpecError, match="pass_top must be between 0 and 2"):
        make_bot("search:pass_top=3")


def test_pass_top_2_sends_the_top_heart_only_when_a_second_high_heart_stays() -> None:
    rules = Rules.standard(4)
    # A♥ and Q♥ among four hearts: the Q♥ stays home as the stopper, the A♥ may go
    two = Hand(rules, deal(rules, {0: "2C 5C 9C KC 3D TD JD 4H 6H QH AH 4S 8S"}))
    candidates, shoot = pass_candidates(two.view(0), stopper=KEEP_SECOND)
    assert "AH" in names(list(candidates[0]))
    assert not any("QH" in names(list(t)) for j, t in enumerate(candidates) if j != shoot)
    # A♥ over low hearts only: it stays, as with the default
    one = Hand(rules, deal(rules, {0: "2C 5C 9C KC 3D TD JD 4H 6H 7H AH 4S 8S"}))
    assert pass_candidates(one.view(0), stopper=KEEP_SECOND) == pass_candidates(one.view(0))
    bot = make_bot("search:sims=5:pass_top=2")  # no pass search: the heuristic's pass, with the Q♥ kept
    assert isinstance(bot, SearchBot) and bot.settings.pass_top == 2
    assert bot.pass_cards(two.view(0)) == list(candidates[0])


def test_pass_alone_gives_way_when_the_queen_has_too_few_other_companions() -> None:
    rules = Rules.standard(4)
    # besides the queen one non-heart only: she must go with a heart or stay
    hand = Hand(rules, deal(rules, {0: "QS 2C 2H 3H 4H 5H 6H 7H 8H 9H TH JH AH"}))
    assert pass_candidates(hand.view(0), alone=True) == pass_candidates(hand.view(0))
    with pytest.raises(BotSpecError, match="pass_alone"):
        make_bot("search:pass_alone=2")


def test_the_pass_race_spends_its_budget_on_the_leaders_and_keeps_the_bars(monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.bots import search_pass as sp

    rules = Rules.standard(4)
    hand = Hand(rules, deal(rules, {0: "2C KC 4D QD 5S 6S 7S 8S 9S 2H 3H 4H 5H"}))
    candidates, shoot = pass_candidates(hand.view(0))
    tried: dict[tuple[int, ...], int] = {}
    run = sp._Deals.run

    def counting(self: sp._Deals, start: int, count: int, alive: list[int], *args: object) -> tuple[list[list[float]], int]:
        for j in alive:  # every deal of the call plays every candidate still in the race
            tried[candidates[j]] = tried.get(candidates[j], 0) + count
        return run(self, start, count, alive, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sp._Deals, "run", counting)
    search_pass(hand.view(0), 6, 1, None)
    budget = 6 * len(candidates)
    assert budget - len(candidates) < sum(tried.values()) <= budget
    assert set(tried) == set(candidates)  # every candidate is tried in the first round
    assert min(tried.values()) < 6 < max(tried.values())  # the worse are dropped, the leaders go on
    most = max(tried.values())
    assert tried[candidates[0]] == tried[candidates[shoot]] == most  # the bars are never dropped
    assert sum(1 for v in tried.values() if v == most) <= 2 + sp.FINALISTS
