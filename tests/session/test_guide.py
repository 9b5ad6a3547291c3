"""The guided first hand's notes: each at its moment, once, from the seat's own view."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots import make_bot
from hearts.core import Game, Rules, parse_card
from hearts.core.fair_deal import hand_seed, seed_deal, seed_from_text
from hearts.session.guide import GUIDE_SEED, NOTES, guide_note


def guided_game(seed: int = GUIDE_SEED) -> Game:
    """Hand 1 of a guided game, dealt as ``hearts play --guide`` and a guided table deal it."""
    game = Game(Rules.standard(4), first_dealer=0, auto_deal=False)
    game.start_hand(*seed_deal(game.rules, hand_seed(seed_from_text(str(seed)), 1, [""] * 4)))
    return game


def play_hand(game: Game, me: str, policy_seed: int) -> list[str | None]:
    """Play one hand (seat 0 by the bot ``me``, the others ``easy``); the note seat 0 sees before each action and at the end."""
    seen = []
    while not game.hand.done:  # type: ignore[union-attr]
        seen.append(guide_note(game.view(0)))
        seat = game.seats_to_act()[0]
        bot = make_bot(me if seat == 0 else "easy", seed=policy_seed * 1000 + len(game.hand.plays) * 10 + seat)  # type: ignore[union-attr]
        game.apply(bot.act(game.view(seat)))
    seen.append(guide_note(game.view(0)))
    return seen


def runs(notes: list[str | None]) -> list[str]:
    """The notes in the order they appear, each run of the same note once."""
    out: list[str] = []
    for n in notes:
        if n is not None and (not out or out[-1] != n):
            out.append(n)
    return out


def test_the_guided_deal_shows_every_lesson_in_order() -> None:
    notes = runs(play_hand(guided_game(), "easy", 1))
    assert notes == ["pass", "lead_two", "follow", "no_hearts", "hearts_broken", "queen", "lead", "void", "score"]


def test_the_first_moments() -> None:
    game = guided_game()
    assert guide_note(game.view(0)) == "pass"
    for seat in range(4):  # seat 0 passes its spades' top; the bots pass theirs
        cards = ["KS", "JS", "TS"] if seat == 0 else None
        if cards is None:
            game.apply(make_bot("easy", seed=seat).act(game.view(seat)))
        else:
            game.pass_cards(0, [parse_card(c) for c in cards])
    view = game.view(0)
    assert parse_card("2C") in view.hand and view.seats_to_act == (0,)
    assert guide_note(view) == "lead_two"
    assert guide_note(view) == guide_note(game.view(0))  # the same view, the same note
    game.play(parse_card("2C"))
    assert guide_note(game.view(0)) == "lead_two"  # it stays until seat 0's next decision
    assert guide_note(game.view(1)) == "first_trick"  # seat 1 follows the two of clubs


def test_a_spectator_and_later_hands_see_none() -> None:
    game = guided_game()
    assert guide_note(game.view(None)) is None
    play_hand(game, "easy", 2)
    assert guide_note(game.view(0)) == "score"
    game.start_hand(*seed_deal(game.rules, hand_seed(seed_from_text("x"), 2, [""] * 4)))
    assert guide_note(game.view(0)) == "score"  # the second hand's start: the score of the first
    while 0 not in game.seats_to_act() or game.hand.phase != "play":  # type: ignore[union-attr]
        seat = game.seats_to_act()[0]
        game.apply(make_bot("easy", seed=seat).act(game.view(seat)))
    game.apply(make_bot("easy", seed=0).act(game.view(0)))
    assert guide_note(game.view(0)) is None
    assert game.hand is not None and game.hand.number == 2


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(0, 10**6), policy=st.integers(0, 10**6))
def test_each_note_shows_once_and_the_pass_first(deal: int, policy: int) -> None:
    """Whatever the deal and the player's choices: the notes are known ids, the pass comes first, none comes back."""
    game = guided_game(deal)
    notes = runs(play_hand(game, random.Random(policy).choice(["random", "easy"]), policy))
    assert set(notes) <= set(NOTES)
    assert notes[0] == "pass" and notes[-1] == "score"
    assert len(notes) == len(set(notes))
    assert notes[1] in ("lead_two", "first_trick")
