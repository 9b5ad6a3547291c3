"""The public state API: actions, events, clone, views and hidden information."""

from __future__ import annotations

import random

import pytest
from crafted import crafted, play_lowest

from hearts.core import ChooseMoon, DealError, Game, Hand, IllegalAction, PassCards, PlayCard, Rules, parse_card
from hearts.core.actions import CardPlayed, HandScored, MoonShot, PassesExchanged, TrickDone
from hearts.core.cards import card_name


def test_cards_round_trip_and_bad_text_is_clear() -> None:
    assert all(parse_card(card_name(c)) == c for c in range(52))
    assert parse_card("10♥") == parse_card("th") == parse_card(" TH ")
    for bad in ["1H", "QX", "", "QSS", "♠", 5]:
        with pytest.raises(ValueError, match="card"):
            parse_card(bad)  # type: ignore[arg-type]


def test_explicit_deals_are_checked() -> None:
    rules = Rules.standard(4)
    good = [list(range(s * 13, s * 13 + 13)) for s in range(4)]
    Hand(rules, good)
    bad = [row[:] for row in good]
    bad[1][0] = bad[0][0]
    with pytest.raises(DealError, match="2C is dealt twice"):
        Hand(rules, bad)
    with pytest.raises(DealError, match="seat 2 must be dealt 13"):
        Hand(rules, good[:2] + [good[2][:12], good[3]])
    with pytest.raises(DealError, match="one list of cards per seat"):
        Hand(rules, good[:3])
    with pytest.raises(DealError, match="not in this deck"):
        Hand(Rules.standard(3), [[c for c in range(52) if c != 13][s * 17 : s * 17 + 17] for s in range(3)][:2] + [[13] * 17])
    with pytest.raises(DealError, match="kitty must hold 5"):
        Hand(Rules.cancellation(9), [list(range(11))] * 9, [])


def test_passing_is_simultaneous_and_checked() -> None:
    hand = Hand.from_seed(Rules.standard(4), 5)
    before = [hand.hand_cards(s) for s in range(4)]
    with pytest.raises(IllegalAction, match="exactly 3"):
        hand.pass_cards(0, before[0][:2])
    with pytest.raises(IllegalAction, match="does not hold"):
        hand.pass_cards(0, before[1][:3])
    with pytest.raises(IllegalAction, match="no seat"):
        hand.pass_cards(7, before[0][:3])
    with pytest.raises(IllegalAction, match="not the playing phase"):
        hand.play(before[0][0])
    hand.pass_cards(0, before[0][:3])
    with pytest.raises(IllegalAction, match="already passed"):
        hand.pass_cards(0, before[0][3:6])
    # nothing is exchanged until every seat has chosen
    assert hand.hand_cards(1) == before[1] and hand.view(1).received is None
    assert hand.view(1).passed is None and hand.view(0).passed == tuple(before[0][:3])
    for s in (1, 2, 3):
        hand.pass_cards(s, before[s][:3])
    assert hand.phase == "play"
    assert hand.view(1).received == tuple(before[0][:3])  # left pass: seat 0 gives to seat 1
    assert set(before[0][:3]) <= set(hand.hand_cards(1))


def test_passes_with_duplicate_cards_count_copies() -> None:
    seat0 = ["AS", "AS", "KS"] + [r + "C" for r in "23456789"] * 2
    hand = crafted(Rules.cancellation(6), {0: seat0[:17], 1: ["9C"]})
    assert hand.holds(0, parse_card("AS")) == 2 and hand.holds(1, parse_card("9C")) == 1
    options = hand.pass_options(0)
    assert len(options) == len(set(options))
    assert (parse_card("KS"), parse_card("AS"), parse_card("AS")) in options
    # 10 kinds, 7 of them held twice (AS, 2C..7C): C(10,3) sets of three kinds + 7 pairs * 9 other kinds
    assert len(options) == 120 + 63
    with pytest.raises(IllegalAction, match="does not hold 9C twice"):
        hand.pass_cards(1, [parse_card("9C"), parse_card("9C"), hand.hand_cards(1)[0]])
    hand.pass_cards(0, [parse_card("AS"), parse_card("AS"), parse_card("KS")])
    assert hand.holds(0, parse_card("AS")) == 2  # nothing moves before everyone has passed


def test_apply_returns_events_and_legal_actions_match_the_fast_path() -> None:
    rng = random.Random(3)
    hand = Hand.from_seed(Rules.standard(4), rng)
    events = []
    for s in range(4):
        action = rng.choice(hand.legal_actions(s))
        assert isinstance(action, PassCards) and hand.why_illegal(action) is None
        events += hand.apply(action)
    assert any(isinstance(e, PassesExchanged) for e in events)
    tricks = 0
    while hand.phase == "play":
        seat = hand.to_move
        actions = hand.legal_actions(seat)
        assert [a.card for a in actions if isinstance(a, PlayCard)] == hand.legal_cards()
        assert all(hand.legal_actions(other) == [] for other in range(4) if other != seat)
        out = hand.apply(rng.choice(actions))
        assert isinstance(out[0], CardPlayed)
        tricks += sum(isinstance(e, TrickDone) for e in out)
    assert tricks == 13
    if hand.phase == "moon":
        assert hand.legal_actions(hand.to_move) == [ChooseMoon(hand.to_move, "add"), ChooseMoon(hand.to_move, "subtract")]
        out = hand.apply(ChooseMoon(hand.to_move, "add"))
    assert isinstance(out[-1], HandScored)


def test_moon_event_and_bad_choice() -> None:
    clubs = [r + "C" for r in "23456789TJQKA"]
    hand = crafted(Rules.standard(4), {0: clubs, 1: [r + "H" for r in "23456789TJQKA"], 2: [r + "S" for r in "23456789TJQKA"]}, number=4)
    play_lowest(hand, 51)
    events = hand.apply(PlayCard(hand.to_move, hand.legal_cards()[0]))
    assert MoonShot(0) in events
    with pytest.raises(IllegalAction, match="'add' or 'subtract'"):
        hand.choose_moon(0, "double")
    assert hand.phase == "moon"


def test_clone_is_independent() -> None:
    hand = Hand.from_seed(Rules.cancellation(8), 11)
    for s in range(8):
        hand.pass_cards(s, hand.hand_cards(s)[:3])
    play_lowest(hand, 13)
    copy = hand.clone()
    for name in Hand.__slots__:  # every field is copied, and mutable ones are not shared
        assert getattr(copy, name) == getattr(hand, name), name
        if isinstance(getattr(hand, name), list):
            assert getattr(copy, name) is not getattr(hand, name), name
    snapshot = (hand.plays[:], [hand.hand_cards(s) for s in range(8)], hand.points_taken[:], list(hand.taken[0]))
    play_lowest(copy, 20)
    assert (hand.plays, [hand.hand_cards(s) for s in range(8)], hand.points_taken, list(hand.taken[0])) == snapshot
    assert copy.plays[:13] == hand.plays


def test_views_hold_only_what_the_seat_may_know() -> None:
    rules = Rules.cancellation(9)
    hand = Hand.from_seed(rules, 21)
    hand.pass_cards(0, hand.hand_cards(0)[:3])
    v1 = hand.view(1)
    assert v1.passed is None and v1.passes_chosen[0] is True
    for s in range(1, 9):
        hand.pass_cards(s, hand.hand_cards(s)[-3:])
    play_lowest(hand, 12)
    spectator = hand.view(None)
    assert spectator.hand == () and spectator.passed is None and spectator.received is None and spectator.legal == ()
    assert spectator.kitty is None and spectator.kitty_size == 5
    for seat in range(9):
        v = hand.view(seat)
        assert list(v.hand) == hand.hand_cards(seat)
        assert v.kitty is None and set(v.legal) <= set(v.hand)
        assert v.legal == (tuple(hand.legal_cards()) if seat == hand.to_move else ())
    # voids: a seat that did not follow suit is marked void in that suit
    for t in hand.tricks:
        suit = t.cards[0] // 13
        for i, c in enumerate(t.cards):
            if c // 13 != suit:
                assert spectator.shows_void((t.leader + i) % 9, suit)
    play_lowest(hand, 99 - 12)
    done = hand.view(None)
    assert done.kitty == hand.kitty and done.points == tuple(hand.points or ())


def test_view_fields_never_hold_hidden_cards_over_random_hands() -> None:
    """For every seat at every step, every card in the view is its own, played, or (at the end) the kitty."""
    rng = random.Random(9)
    for rules in (Rules.standard(4), Rules.cancellation(7), Rules.standard(6)):
        hand = Hand.from_seed(rules, rng)
        while hand.phase != "done":
            for seat in [None, *range(rules.players)]:
                v = hand.view(seat)
                own = set(hand.hand_cards(seat)) | set(hand.passes[seat] or ()) if seat is not None else set()
                played = set(hand.plays)
                visible = set(v.hand) | set(v.passed or ()) | set(v.received or ()) | set(v.trick) | set(v.set_aside) | set(v.legal)
                visible |= {c for t in v.tricks for c in t.cards}
                assert visible <= own | played | (set(hand.received[seat] or ()) if seat is not None and hand.phase != "pass" else set())
                assert v.kitty is None
            if hand.phase == "pass":
                for s in range(rules.players):
                    hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
            elif hand.phase == "play":
                hand.play(rng.choice(hand.legal_cards()))
            else:
                hand.choose_moon(hand.to_move, "add")


def test_game_runs_to_target_and_refuses_actions_after() -> None:
    rng = random.Random(4)
    game = Game(Rules.standard(4, target=30), seed=4)
    while not game.game_over:
        hand = game.hand
        assert hand is not None
        for seat in game.seats_to_act()[:1]:
            game.apply(rng.choice(game.legal_actions(seat)))
    assert game.winners and min(game.scores) == game.scores[game.winners[0]]
    with pytest.raises(IllegalAction, match="game is over"):
        game.play(0)
    with pytest.raises(IllegalAction, match="game is over"):
        game.start_hand()
    assert game.view(0).scores == tuple(game.scores)
    copy = game.clone()
    assert copy.scores == game.scores and copy.hands[-1] is not game.hands[-1]


def test_game_with_explicit_deals_waits_for_each_deal() -> None:
    game = Game(Rules.standard(4), auto_deal=False, first_dealer=2)
    assert game.needs_deal and game.seats_to_act() == []
    with pytest.raises(IllegalAction, match="not been dealt"):
        game.play(0)
    hand = game.start_hand([list(range(s * 13, s * 13 + 13)) for s in range(4)])
    assert hand.dealer == 2
    with pytest.raises(IllegalAction, match="not finished"):
        game.start_hand()


@pytest.mark.parametrize("bad", [{"dealer": True}, {"dealer": 4}, {"dealer": -1}, {"number": 0}, {"number": True}])
def test_bad_dealer_or_hand_number_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(DealError, match="dealer must be a seat|hand number must be"):
        Hand.from_seed(Rules.standard(4), 1, **bad)  # type: ignore[arg-type]
    with pytest.raises(DealError):
        Game(Rules.standard(4), first_dealer=bad.get("dealer", 9))  # type: ignore[arg-type]


def test_errors_and_views_survive_pickling() -> None:
    import pickle

    err = IllegalAction("play", 2, "QH", "must follow suit: holds clubs")
    back = pickle.loads(pickle.dumps(err))
    assert (back.phase, back.seat, back.card, back.reason, str(back)) == (err.phase, err.seat, err.card, err.reason, str(err))
    hand = Hand.from_seed(Rules.standard(4), 8, number=4)
    view = pickle.loads(pickle.dumps(hand.view(hand.to_move)))
    world = Hand.world(view, [hand.hand_cards(s) for s in range(4)])
    assert world.legal_cards() == hand.legal_cards() != []


def test_a_pass_taken_back_until_everyone_has_passed() -> None:
    rules = Rules.standard(4)
    deal = [list(range(s * 13, s * 13 + 13)) for s in range(4)]
    hand = Hand(rules, deal)
    with pytest.raises(IllegalAction, match="has not passed"):
        hand.take_back_pass(0)
    hand.pass_cards(0, deal[0][:3])
    assert hand.seats_to_act() == [1, 2, 3]
    hand.take_back_pass(0)
    assert hand.seats_to_act() == [0, 1, 2, 3] and hand.passes[0] is None
    hand.pass_cards(0, deal[0][-3:])  # another choice
    for s in (1, 2, 3):
        hand.pass_cards(s, deal[s][:3])
    assert hand.phase == "play" and not set(deal[0][-3:]) & set(hand.hand_cards(0))  # the second choice was passed
    with pytest.raises(IllegalAction, match="not the passing phase"):
        hand.take_back_pass(0)
