"""Stats across games in ``hearts play``: counted once per finished game, right for scripted games, robust to a bad file."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from hearts.core import Game, Rules, card_name, parse_card
from hearts.record import read_record, replay, save_record
from hearts.tui import cli, stats
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
SUITS = ["2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]


def crafted(tmp_path: Path, clubs_seat: int, name: str = "Me") -> Session:
    """One hand to a target of 26, no passing: the seat holding every club wins every trick and shoots the moon."""
    hands = SUITS[:]
    hands.insert(clubs_seat, CLUBS)
    g = Game(Rules.standard(4, pass_count=0, target=26), auto_deal=False)
    g.start_hand([[parse_card(c) for c in h.split()] for h in hands])
    path = tmp_path / f"moon{clubs_seat}.json"
    save_record(g, path)
    return Session.resume(path, bots="random", names=[name, "A", "B", "C"])


def finish(s: Session, moon: str = "add") -> None:
    """The human plays its first legal card (passes its first cards, adds the moon) until the game is over; bounded."""
    for _ in range(2000):
        if s.game_over:
            return
        if s.hand_over:
            s.next_hand()
        elif not s.human_to_act():
            s.step_bot()
        elif s.phase == "pass":
            s.pass_cards(s.view().hand[: s.rules.pass_count])
        elif s.phase == "moon":
            s.choose_moon(moon)
        else:
            s.play(s.view().legal[0])
    raise AssertionError("the game did not end")


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_the_human_shoots_the_moon_and_wins(tmp_path: Path) -> None:
    s = crafted(tmp_path, 0)
    finish(s)
    assert s.game.scores == [0, 26, 26, 26] and s.game_over
    assert stats.record_game(s) == (True, None)
    assert stats.load().data["players"]["Me"] == {"games": 1, "wins": 1, "hands": 1, "points": 0, "moons_shot": 1, "moons_conceded": 0}


def test_another_seat_shoots_the_moon(tmp_path: Path) -> None:
    s = crafted(tmp_path, 1)
    finish(s)
    assert s.game.hands[0].shooter == 1
    assert stats.game_result(s)["moons_conceded"] >= 1 and stats.game_result(s)["moons_shot"] == 0
    if s.game.hands[0].moon_choice == "add":  # the bot's choice: add ends the game with the human at 26
        assert stats.game_result(s) == {"games": 1, "wins": 0, "hands": 1, "points": 26, "moons_shot": 0, "moons_conceded": 1}


@pytest.mark.parametrize("seed", [4, 11])
def test_the_numbers_agree_with_the_replayed_record(tmp_path: Path, seed: int) -> None:
    s = Session.new(Rules.standard(4, target=40), seed=seed, bots="random", names=["Zoe"], save_path=tmp_path / "g.json")
    finish(s)
    out = replay(read_record(str(s.save_path)))
    assert out["game_over"]
    hands = [h for h in out["hands"] if h["points"] is not None]
    moons = [h["moon"]["seat"] for h in hands if h["moon"] is not None]
    assert stats.game_result(s) == {
        "games": 1,
        "wins": int(0 in out["winners"]),
        "hands": len(hands),
        "points": sum(h["points"][0] for h in hands),
        "moons_shot": moons.count(0),
        "moons_conceded": len(moons) - moons.count(0),
    }
    assert stats.game_result(s)["hands"] >= 2


def test_a_finished_game_counts_once_even_resumed(tmp_path: Path) -> None:
    s = crafted(tmp_path, 0)
    assert stats.record_game(s) == (False, None) and not stats.stats_path().exists()  # not over yet: nothing counted
    finish(s)
    assert stats.record_game(s)[0] is True
    assert stats.record_game(s)[0] is False
    again = Session.resume(s.save_path, names=["Me"])  # type: ignore[arg-type]
    assert again.game_over and stats.record_game(again)[0] is False
    # the same deal saved to another file is another game
    other = Session.resume(s.save_path, names=["Me"], save_path=tmp_path / "copy.json")  # type: ignore[arg-type]
    assert stats.record_game(other)[0] is True
    assert stats.load().data["players"]["Me"]["games"] == 2


class Answers(io.StringIO):
    """Standard input for plain mode: the first cards to pass, the first legal card, add the moon; no second game."""

    def __init__(self) -> None:
        super().__init__()
        self.ui: PlainUI | None = None

    def readline(self, size: int | None = -1) -> str:
        assert self.ui is not None
        s = self.ui.s
        if s.game_over:
            return "no\n"
        view = s.view()
        if view.phase == "moon":
            return "add\n"
        if view.phase == "pass":
            return " ".join(card_name(c) for c in view.hand[:3]) + "\n"
        return card_name(view.legal[0]) + "\n"


def play_plain(s: Session) -> str:
    stdin, out = Answers(), io.StringIO()
    ui = PlainUI(s, stdin=stdin, stdout=out, delay=0)
    stdin.ui = ui
    assert ui.run() == 0
    return out.getvalue()


def test_plain_mode_records_the_game_once_and_prints_the_stats(tmp_path: Path) -> None:
    text = play_plain(crafted(tmp_path, 0))
    assert "Game over: you win." in text
    assert "Stats: Me: 1 game, 1 win, 0.00 points a hand, moons 1 shot and 0 conceded." in text
    # the finished save opened again in plain mode shows the stats without counting the game again
    text = play_plain(Session.resume(tmp_path / "moon0.json", names=["Me"]))
    assert "Stats: Me: 1 game, 1 win," in text
    data = json.loads(stats.stats_path().read_text())
    assert data["players"]["Me"]["games"] == 1 and len(data["counted"]) == 1


@pytest.mark.parametrize("bad", ["{not json", "[1, 2]", '{"players": {"Me": {"games": "x"}}, "counted": []}', "\udcff"])
def test_a_corrupt_file_is_set_aside_with_one_line(tmp_path: Path, bad: str) -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(bad.encode("utf-8", "surrogateescape"))
    s = crafted(tmp_path, 0)
    finish(s)
    lines = stats.after_game(s)
    assert len(lines) == 2 and lines[0].startswith("Stats: the stats file") and "kept as stats.json.bad" in lines[0]
    assert lines[1] == "Stats: Me: 1 game, 1 win, 0.00 points a hand, moons 1 shot and 0 conceded."
    assert path.with_name("stats.json.bad").read_bytes() == bad.encode("utf-8", "surrogateescape")
    assert stats.load().warning is None and stats.load().data["players"]["Me"]["games"] == 1


def test_stats_option_prints_one_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(options("--stats")) == 0
    assert capsys.readouterr().out == "No games recorded yet.\n"
    for seat, name in [(0, "Me"), (0, "Al"), (1, "Al")]:
        folder = tmp_path / name / str(seat)
        folder.mkdir(parents=True)
        s = crafted(folder, seat, name)
        finish(s)
        stats.record_game(s)
    assert cli.run(options("--stats")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["player", "games", "wins", "hands", "points/hand", "moons", "shot", "moons", "conceded"]
    assert [line.split()[:2] for line in lines[1:]] == [["Al", "2"], ["Me", "1"]]
    assert lines[2].split() == ["Me", "1", "1", "1", "0.00", "1", "0"]
    assert cli.run(options("--stats", "--name", "Me")) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [lines[2]]
    assert cli.run(options("--stats", "--name", "Nobody")) == 0
    assert capsys.readouterr().out.splitlines()[1].split() == ["Nobody", "0", "0", "0", "-", "0", "0"]


def test_stats_option_with_a_corrupt_file_says_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True)
    path.write_text("garbage")
    assert cli.run(options("--stats")) == 0
    out = capsys.readouterr()
    assert out.out == "No games recorded yet.\n" and out.err.count("\n") == 1
    assert out.err.startswith("hearts play: the stats file") and "the next game counted sets it aside" in out.err
    assert path.read_text() == "garbage"  # only reading: the file is set aside when a game is next counted
