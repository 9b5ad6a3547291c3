"""``hearts play --plain`` driven through its standard input, as a subprocess."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import hearts
from hearts.core import Rules, card_name
from hearts.record import read_record, replay
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session

#: the sources under test, for the subprocess (the same ``hearts`` as this process imports)
SRC = str(Path(hearts.__file__).resolve().parents[1])


def play(args: list[str], text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin", "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-m", "hearts", "play", "--plain", "--delay", "0", *args],
        input=text,
        text=True,
        capture_output=True,
        timeout=60,
        env=env,
    )


def test_plain_mode_through_standard_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # seed 48 (hearts-deal/1): the human holds 9C JC KC 2D 3D 8D JD 2H 6H QH KH AH 7S, passes left, gets no club
    out = play(["--seed", "48", "--save", str(save)], "help\nzz\n2h\n9c jc kc\n2h\nhint\n2d\nlast\nscores\nquit\n", tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "pass 3 cards to Ada>" in text
    assert "Commands:" in text
    assert "Not a card: 'zz'" in text
    assert "You cannot pass 2H: must pass exactly 3 cards, not 1." in text
    assert "You pass 9C JC KC to Ada." in text
    assert "You cannot play 2H: no hearts or QS on the first trick." in text  # the human passed all its clubs
    assert "Hint: play" in text
    assert "You play 2D." in text
    assert "Last trick:" in text
    assert f"Saved to {save}" in text
    record = read_record(str(save))
    assert record.hands[0].passes is not None and sorted(record.hands[0].passes[0]) == ["9C", "JC", "KC"]
    assert "2D" in record.hands[0].plays
    assert replay(record)["ok"]
    checked = subprocess.run(
        [sys.executable, "-m", "hearts", "replay", str(save)], capture_output=True, text=True, timeout=60, env={"PYTHONPATH": SRC}
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "deals verified (hearts-deal/1)" in checked.stdout and "the server seed matches the commitment" in checked.stdout
    # resume goes on from the same point; the end of input saves and exits cleanly
    again = play(["--resume", str(save)], "hand\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert "your card>" in again.stdout and f"Saved to {save}" in again.stdout
    assert read_record(str(save)) == record
    # --continue finds the same game (the last one played)
    cont = play(["--continue"], "hand\n", tmp_path)
    assert cont.returncode == 0, cont.stderr
    assert f"Saved to {save}" in cont.stdout and read_record(str(save)) == record


class Player(io.StringIO):
    """Standard input that answers the prompts: the first cards to pass, the first legal card, "yes" to one more game."""

    def __init__(self) -> None:
        super().__init__()
        self.ui: PlainUI | None = None
        self.games = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.ui is not None
        s = self.ui.s
        if s.game_over:
            self.games += 1
            return "yes\n" if self.games == 1 else ""
        view = s.view()
        if view.phase == "pass":
            return " ".join(card_name(c) for c in view.hand[:3]) + "\n"
        return card_name(view.legal[0]) + "\n"


def test_plain_mode_offers_another_game_at_the_end(tmp_path: Path) -> None:
    rules = Rules.standard(4, target=1)  # the first hand with a point ends the game
    first = Session.new(rules, seed=1, bots="random", save_path=tmp_path / "a.json")
    second: list[Session] = []

    def new_game() -> Session:
        second.append(Session.new(rules, seed=2, bots="random", save_path=tmp_path / "b.json"))
        return second[-1]

    stdin, out = Player(), io.StringIO()
    ui = PlainUI(first, stdin=stdin, stdout=out, new_game=new_game)
    stdin.ui = ui
    assert ui.run() == 0
    text = out.getvalue()
    assert first.game_over and "Game over" in text and text.count("play again (yes/no)> ") == 2
    assert len(second) == 1 and second[0].game_over  # the second game was played too, then no third
    assert text.count("Hearts: standard, 4 players, to 1.") == 2
    assert "1 points" not in text and "You takes" not in text
    history = io.StringIO()
    ui.out = history
    ui.command("history", "history")
    assert history.getvalue().startswith("After hand 1: You ") and history.getvalue().count("\n") == len(second[0].game.hands)


def test_plain_mode_refuses_an_illegal_card_and_saves_by_default(tmp_path: Path) -> None:
    out = play(["--seed", "48"], "9c jc kc\nks\n2h\n", tmp_path)
    assert out.returncode == 0
    assert "You cannot play KS: does not hold KS." in out.stdout
    assert "You cannot play 2H: hearts are not broken" in out.stdout or "You cannot play 2H" in out.stdout
    saved = list((tmp_path / "data" / "hearts").glob("game-*-seed48.json"))
    assert len(saved) == 1 and replay(read_record(str(saved[0])))["ok"]


def test_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    for args in (
        ["--players", "2"],
        ["--rule", "nonsense=1"],
        ["--level", "grandmaster"],
        ["--resume", str(tmp_path / "none.json")],
        ["--names", "A,B,C,D,E"],
        ["--delay", "-1"],
    ):
        out = play(args, "", tmp_path)
        assert out.returncode == 2, args
        assert out.stderr.startswith("hearts play: ") and out.stderr.count("\n") == 1, out.stderr


def test_plain_mode_says_ten_and_names_each_suit_of_the_cards_played(tmp_path: Path) -> None:
    rules = Rules.standard(4)
    for seed in range(1, 40):  # a deal that gives the human a ten
        s = Session.new(rules, seed=seed, bots="random", save_path=tmp_path / f"{seed}.json")
        tens = [c for c in s.view().hand if card_name(c)[0] == "T"]
        if tens:
            break
    out = io.StringIO()
    PlainUI(s, stdin=io.StringIO("hand\ntricks\nquit\n"), stdout=out).run()
    text = out.getvalue()
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    assert " 10" in hand_line and " T" not in hand_line.replace("Your hand:", "")
    assert "  clubs: none" in text and "  spades: none" in text  # the tally's rows name their suits
