"""The session behind ``hearts play``: actions, bots, undo, hint, claim, autosave and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.bots import Bot, RandomBot
from hearts.core import Action, Game, PlayCard, Rules, SeatView, parse_card
from hearts.record import game_record, read_record, replay, save_record
from hearts.tui.session import Session, SessionError, play_seats, seat_bots


def new(tmp_path: Path, seed: int = 1, **kw: object) -> Session:
    return Session.new(Rules.standard(4), seed=seed, save_path=tmp_path / "g.json", **kw)  # type: ignore[arg-type]


def to_play(s: Session) -> None:
    """Pass the three highest cards, then run the bots until the human plays."""
    s.pass_cards(s.view().hand[-3:])
    s.run_bots()
    assert s.phase == "play" and s.human_to_act()


def test_seat_bots_cycles_over_the_opponents() -> None:
    assert seat_bots(["easy", "hard"], 4, 0) == ["human", "easy", "hard", "easy"]
    assert seat_bots("medium", 3, 1) == ["medium", "human", "medium"]
    with pytest.raises(SessionError):
        seat_bots(["easy", ""], 4, 0)


def test_refusals_carry_the_engine_reason(tmp_path: Path) -> None:
    s = new(tmp_path)
    with pytest.raises(SessionError, match="pass your cards first"):
        s.play("2c")
    with pytest.raises(SessionError, match="must pass exactly 3 cards"):
        s.pass_cards("2h")
    to_play(s)
    hand = s.view().hand
    illegal = [c for c in hand if c not in s.view().legal]
    assert illegal
    with pytest.raises(SessionError, match="you cannot play"):
        s.play(illegal[0])
    with pytest.raises(SessionError, match="not a card"):
        s.play("zz")


def test_autosave_after_every_action_and_resume_is_exact(tmp_path: Path) -> None:
    s = new(tmp_path)
    path = tmp_path / "g.json"
    assert read_record(str(path)).hands[0].plays == []
    to_play(s)
    s.play(s.view().legal[0])
    s.run_bots()
    saved = json.loads(path.read_text())
    assert saved == s.record() and {k: v for k, v in saved.items() if k not in ("players", "deals")} | {
        "hands": [{k: v for k, v in h.items() if k != "seed"} for h in saved["hands"]]
    } == game_record(s.game)
    assert replay(saved)["ok"]
    r = Session.resume(path, save_path=tmp_path / "r.json")
    assert r.view() == s.view()
    # the resumed game goes on exactly as the original one
    for sess in (s, r):
        while not sess.game_over and len(sess.game.hands) < 3:
            if sess.hand_over:
                sess.next_hand()
            elif sess.phase == "pass":
                sess.pass_cards(sess.view().hand[:3])
            elif sess.phase == "play":
                sess.play(sess.view().legal[0])
            else:
                sess.choose_moon("add")
            sess.run_bots()
    assert game_record(s.game) == game_record(r.game)


def test_undo_takes_back_the_last_card_and_bots_replay_alike(tmp_path: Path) -> None:
    s = new(tmp_path)
    assert not s.can_undo()
    to_play(s)
    before = s.view()
    first = before.legal[-1]
    s.play(first)
    s.run_bots()
    after = game_record(s.game)
    s.undo()
    assert s.view() == before
    assert json.loads((tmp_path / "g.json").read_text()) == s.record()
    s.play(first)
    s.run_bots()
    assert game_record(s.game) == after


def test_undo_of_the_first_card_of_a_later_hand_keeps_that_hand(tmp_path: Path) -> None:
    s = Session.new(Rules.standard(4, pass_count=0), seed=11, bots="random", save_path=tmp_path / "g.json")
    s.run_bots()
    while len(s.game.hands) < 2:
        if s.hand_over:
            s.next_hand()
        else:
            s.play(s.view().legal[0])
        s.run_bots()
    assert s.phase == "play" and s.human_to_act() and s.hand.plays == []  # the human leads hand 2: its first card
    before = s.view()
    s.play(before.legal[0])
    s.run_bots()
    s.undo()
    assert len(s.game.hands) == 2 and not s.hand_over and s.view() == before


def test_hint_is_legal_and_fast(tmp_path: Path) -> None:
    import time

    s = new(tmp_path)
    assert len(s.hint().cards) == 3  # type: ignore[union-attr]
    to_play(s)
    t = time.monotonic()
    action = s.hint()
    assert time.monotonic() - t < 2.0
    assert isinstance(action, PlayCard) and action.card in s.view().legal


CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
OTHERS = ["2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]


def all_clubs(tmp_path: Path) -> Session:
    """A crafted game without passing: the human holds every club, so it wins every trick (and the moon)."""
    g = Game(Rules.standard(4, pass_count=0), auto_deal=False)
    g.start_hand([[parse_card(c) for c in hand.split()] for hand in [CLUBS, *OTHERS]])
    path = tmp_path / "c.json"
    save_record(g, path)
    return Session.resume(path)


def test_claim_when_the_human_wins_every_trick_then_the_moon(tmp_path: Path) -> None:
    s = all_clubs(tmp_path)
    assert s.wins_the_rest() is False or s.can_claim()
    s.play("2c")
    s.run_bots()
    assert s.human_to_act() and s.wins_the_rest() and s.can_claim()
    s.claim()
    assert s.phase == "moon" and s.hand.shooter == 0
    with pytest.raises(SessionError, match="add' or 'subtract"):
        s.choose_moon("maybe")
    s.choose_moon("subtract")
    assert s.hand_over and s.game.scores == [-26, 0, 0, 0]


def test_deals_follow_hearts_deal_1_and_the_record_proves_it(tmp_path: Path) -> None:
    """--seed N: server seed SHA-256("N"), empty client seeds; every hand is the deal of its derived seed."""
    import hashlib

    from hearts.core.fair_deal import commitment, hand_seed, seed_deal

    s = new(tmp_path, seed=42, bots="easy")
    server = hashlib.sha256(b"42").hexdigest()
    rules = s.rules
    assert [sorted(h) for h in s.game.hands[0].deal] == seed_deal(rules, hand_seed(server, 1, [""] * 4))[0]
    while len(s.game.hands) < 2:
        if s.hand_over:
            s.next_hand()
        elif s.phase == "pass":
            s.pass_cards(s.view().hand[:3])
        elif s.phase == "play":
            s.play(s.view().legal[0])
        else:
            s.choose_moon("add")
        s.run_bots()
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["deals"] == {"scheme": "hearts-deal/1", "commitment": commitment(server), "client_seeds": [""] * 4, "server_seed": server}
    assert saved["players"] == [{"name": "You", "bot": None}] + [{"name": n, "bot": "easy"} for n in ("Ada", "Ben", "Cleo")]
    assert [h["seed"] for h in saved["hands"]] == [hand_seed(server, h, [""] * 4) for h in (1, 2)]
    out = replay(saved)
    assert out["ok"] and out["deals"]["verified"] and out["deals"]["server_seed"] == "verified"
    # a resumed game deals on from the same server seed
    r = Session.resume(tmp_path / "g.json", save_path=tmp_path / "r.json")
    assert r.deals == s.deals and r.hand_seed(3) == hand_seed(server, 3, [""] * 4)


def test_a_record_without_a_server_seed_still_resumes_with_the_old_deal_key(tmp_path: Path) -> None:
    g = Game(Rules.standard(4), seed=5)
    save_record(g, tmp_path / "old.json")
    r = Session.resume(tmp_path / "old.json")
    assert r.deals is None and r.hand_seed(2) is None
    assert "deals" not in r.record() and all("seed" not in h for h in r.record()["hands"])


def test_resume_from_the_command_line_keeps_the_saved_bots_and_names(tmp_path: Path) -> None:
    import argparse

    from hearts.tui.cli import add_arguments, make_session

    def session_of(*argv: str) -> Session:
        parser = argparse.ArgumentParser()
        add_arguments(parser)
        return make_session(parser.parse_args(list(argv)))

    path = tmp_path / "g.json"
    first = session_of("--seed", "3", "--bots", "easy,random", "--name", "Zoe", "--names", "Al,Bo,Cy", "--save", str(path))
    assert first.bots == ["human", "easy", "random", "easy"]
    again = session_of("--resume", str(path))
    assert again.bots == first.bots and again.names == ["Zoe", "Al", "Bo", "Cy"]
    other = session_of("--resume", str(path), "--level", "hard", "--name", "Y")
    assert other.bots == ["human", "hard", "hard", "hard"] and other.names == ["Y", "Al", "Bo", "Cy"]


# -- the bots of a game: built once per seat, their memory kept, no card they may not see -------------------------

LOGGING_BOT = """\
import os, runpy, sys
with open({log!r}, "a") as f:
    f.write(f"{{os.getpid()}}\\n")
sys.argv = [{bot!r}]
runpy.run_path({bot!r}, run_name="__main__")
"""


def play_on(s: Session, hands: int) -> None:
    """The human passes its first cards, plays its first legal card and adds a moon, until ``hands`` hands are dealt."""
    while not s.game_over and (len(s.game.hands) < hands or not s.hand_over):
        if s.hand_over:
            s.next_hand()
        elif not s.human_to_act():
            s.step_bot()
        elif s.phase == "pass":
            s.pass_cards(s.view().hand[:3])
        elif s.phase == "play":
            s.play(s.view().legal[0])
        else:
            s.choose_moon("add")


def next_play(s: Session) -> None:
    """Deal the next hand and go on to the human's first card in it."""
    s.next_hand()
    if s.phase == "pass":
        s.pass_cards(s.view().hand[:3])
    s.run_bots()
    assert s.phase == "play" and s.human_to_act()


def test_an_exec_bot_starts_once_per_game_and_stops_with_it(tmp_path: Path) -> None:
    import os
    import sys

    log = tmp_path / "starts.log"
    script = tmp_path / "logging_bot.py"
    script.write_text(LOGGING_BOT.format(log=str(log), bot=str(Path(__file__).parents[2] / "examples" / "bots" / "lowest.py")))
    s = new(tmp_path, bots=f"exec:{sys.executable} {script}")
    play_on(s, 2)  # two hands: dozens of decisions of each bot
    starts = log.read_text().split()
    assert len(starts) == 3  # one program a bot seat, for the whole game
    assert s.seat_bots.faults() == []
    next_play(s)
    s.play(s.view().legal[0])
    s.run_bots()
    s.undo()  # the bots' memory cannot be rewound: they are built again, and start at their next decision
    play_on(s, len(s.game.hands))  # to the end of the hand
    assert len(log.read_text().split()) == 6
    s.close()
    for pid in map(int, log.read_text().split()):
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


class Spy(RandomBot):
    """A random bot that remembers every view it was shown."""

    def __init__(self, seed: int | None) -> None:
        super().__init__(seed)
        self.seen: list[SeatView] = []

    def act(self, view: SeatView) -> Action:
        self.seen.append(view)
        return super().act(view)


def test_bots_keep_their_memory_and_see_only_their_own_seat(tmp_path: Path) -> None:
    made: list[Spy] = []

    def factory(spec: str, *, seed: int | None = None) -> Bot:
        made.append(Spy(seed))
        return made[-1]

    s = Session.new(Rules.standard(4), seed=4, bots="random", save_path=tmp_path / "g.json", factory=factory)
    play_on(s, 3)
    assert len(made) == 3  # one bot a seat for three hands
    for seat, bot in s.seat_bots.bots.items():
        assert isinstance(bot, Spy)
        # the bot remembers every decision of its seat in the game, and every view it got is its own seat's
        decisions = sum(1 for h in s.game.hands for i in play_seats(h) if i == seat) + sum(1 for h in s.game.hands if h.passes[seat])
        assert len(bot.seen) == decisions + sum(1 for h in s.game.hands if h.shooter == seat)
        for view in bot.seen:
            hand = s.game.hands[view.hand_number - 1]
            assert view.seat == seat and set(view.hand) <= set(hand.deal[seat]) | set(view.received or ())
    # an undo builds the bots again: the cards taken back are in no bot's memory
    next_play(s)
    s.play(s.view().legal[0])
    s.run_bots()
    s.undo()
    assert len(made) == 6 and all(not b.seen for b in made[3:])
    s.play(s.view().legal[-1])
    s.run_bots()
    for bot in made[3:]:  # every view they got is of the line played after the undo
        assert all(v.played_cards() == s.hand.plays[: len(v.played_cards())] for v in bot.seen)


def test_a_search_bot_is_the_same_bot_from_move_to_move(tmp_path: Path) -> None:
    """The search's memory (the moon shot it chose to play out, ``_latch``) lives as long as the game."""
    s = new(tmp_path, bots="hard")
    bots = dict(s.seat_bots.bots)
    to_play(s)
    s.play(s.view().legal[0])
    s.run_bots()
    assert s.seat_bots.bots == bots and all(s.seat_bots.bots[k] is bots[k] for k in bots)
    assert all(hasattr(b, "_latch") for b in bots.values())
